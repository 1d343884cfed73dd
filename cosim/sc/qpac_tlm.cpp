/*
 * qpac_tlm.cpp - loosely-timed TLM-2.0 model of the qpac register wrapper
 * (see qpac_tlm.h). Register behaviour follows rtl/qpac_apb.v: writes to
 * read-only registers are ignored, CTRL and the key staging registers read 0,
 * KEYWR commits and clears the staging registers (a select outside 0..4
 * writes no key) only when all four staging words were written since the last
 * commit or reset, otherwise the CTRL write gets an error response and
 * changes nothing (doc/regmap.md, rule KEY_STAGING), START runs the operation (an illegal op/key combination
 * gives 0, no fault). The model completes an operation within the CTRL write,
 * so STATUS.BUSY never reads 1 and no write is refused for being busy.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#include "qpac_tlm.h"

#include <cstring>

using namespace sc_core;

tlm::tlm_response_status qpac_bus_check(const tlm::tlm_generic_payload &p)
{
    if (!p.is_read() && !p.is_write())
        return tlm::TLM_COMMAND_ERROR_RESPONSE;
    if (p.get_data_length() != 4 || p.get_streaming_width() != 4)
        return tlm::TLM_BURST_ERROR_RESPONSE;
    if (p.get_byte_enable_ptr()) {
        unsigned n = p.get_byte_enable_length();
        const unsigned char *be = p.get_byte_enable_ptr();
        for (unsigned i = 0; i < 4; i++)
            if (n == 0 || be[i % n] != TLM_BYTE_ENABLED)
                return tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE;
    }
    if (p.get_address() >= (1ull << QPAC_ADDR_BITS))
        return tlm::TLM_ADDRESS_ERROR_RESPONSE;
    return tlm::TLM_OK_RESPONSE;
}

QpacTlm::QpacTlm(sc_module_name name, unsigned depth, sc_time period)
    : sc_module(name), socket("socket"), depth_(depth), period_(period)
{
    socket.register_b_transport(this, &QpacTlm::b_transport);
    socket.register_transport_dbg(this, &QpacTlm::transport_dbg);
    reset();
}

void QpacTlm::reset()
{
    qpac_state_init(&st_);
    set_cfg(QPAC_REG_CFG_RESET, QPAC_REG_TSZLIM_RESET);
    opx_ = opy_ = res_ = stage_hi_ = stage_lo_ = 0;
    staged_ = 0;
    done_ = fault_ = false;
}

bool QpacTlm::decode(uint32_t a) const
{
    switch (a) {
    case QPAC_REG_NAME0: case QPAC_REG_NAME1: case QPAC_REG_VERSION: case QPAC_REG_CAPS:
    case QPAC_REG_CFG: case QPAC_REG_TSZLIM: case QPAC_REG_CTRL: case QPAC_REG_STATUS:
    case QPAC_REG_OPX_LO: case QPAC_REG_OPX_HI: case QPAC_REG_OPY_LO: case QPAC_REG_OPY_HI:
    case QPAC_REG_RES_LO: case QPAC_REG_RES_HI: case QPAC_REG_KEYHI_LO: case QPAC_REG_KEYHI_HI:
    case QPAC_REG_KEYLO_LO: case QPAC_REG_KEYLO_HI:
        return true;
    default:
        return false;
    }
}

/* CFG/TSZLIM words into the model's configuration, as the RTL stores them
 * (libqpac's one decoder). */
void QpacTlm::set_cfg(uint32_t c, uint32_t t) { qpac_config_from_regs(&st_.cfg, c, t); }

uint32_t QpacTlm::read_reg(uint32_t a) const
{
    switch (a) {
    case QPAC_REG_NAME0: return QPAC_NAME0_VALUE;
    case QPAC_REG_NAME1: return QPAC_NAME1_VALUE;
    case QPAC_REG_VERSION: return QPAC_VERSION_VALUE;
    case QPAC_REG_CAPS:
        return ((depth_ << QPAC_CAPS_DEPTH_LSB) & QPAC_CAPS_DEPTH_MASK) |
               ((depth_ << QPAC_CAPS_LATENCY_LSB) & QPAC_CAPS_LATENCY_MASK);
    case QPAC_REG_CFG: return qpac_config_to_cfg_reg(&st_.cfg);
    case QPAC_REG_TSZLIM: return qpac_config_to_tszlim_reg(&st_.cfg);
    case QPAC_REG_STATUS:
        return (done_ ? QPAC_STATUS_DONE_MASK : 0) | (fault_ ? QPAC_STATUS_FAULT_MASK : 0);
    case QPAC_REG_OPX_LO: return (uint32_t)opx_;
    case QPAC_REG_OPX_HI: return (uint32_t)(opx_ >> 32);
    case QPAC_REG_OPY_LO: return (uint32_t)opy_;
    case QPAC_REG_OPY_HI: return (uint32_t)(opy_ >> 32);
    case QPAC_REG_RES_LO: return (uint32_t)res_;
    case QPAC_REG_RES_HI: return (uint32_t)(res_ >> 32);
    default: return 0; /* CTRL and the key staging registers are write-only */
    }
}

static void set_lo(uint64_t &r, uint32_t v) { r = (r & ~0xffffffffull) | v; }
static void set_hi(uint64_t &r, uint32_t v) { r = (r & 0xffffffffull) | ((uint64_t)v << 32); }

bool QpacTlm::write_reg(uint32_t a, uint32_t v, sc_time &delay)
{
    switch (a) {
    case QPAC_REG_KEYHI_LO: staged_ |= 1; break;
    case QPAC_REG_KEYHI_HI: staged_ |= 2; break;
    case QPAC_REG_KEYLO_LO: staged_ |= 4; break;
    case QPAC_REG_KEYLO_HI: staged_ |= 8; break;
    case QPAC_REG_CTRL:
        if ((v & QPAC_CTRL_KEYWR_MASK) && staged_ != 0xf)
            return false; /* incomplete key staging */
        break;
    default: break;
    }
    switch (a) {
    case QPAC_REG_CFG: set_cfg(v, qpac_config_to_tszlim_reg(&st_.cfg)); break;
    case QPAC_REG_TSZLIM: set_cfg(qpac_config_to_cfg_reg(&st_.cfg), v); break;
    case QPAC_REG_OPX_LO: set_lo(opx_, v); break;
    case QPAC_REG_OPX_HI: set_hi(opx_, v); break;
    case QPAC_REG_OPY_LO: set_lo(opy_, v); break;
    case QPAC_REG_OPY_HI: set_hi(opy_, v); break;
    case QPAC_REG_KEYHI_LO: set_lo(stage_hi_, v); break;
    case QPAC_REG_KEYHI_HI: set_hi(stage_hi_, v); break;
    case QPAC_REG_KEYLO_LO: set_lo(stage_lo_, v); break;
    case QPAC_REG_KEYLO_HI: set_hi(stage_lo_, v); break;
    case QPAC_REG_CTRL: {
        unsigned op = (v & QPAC_CTRL_OP_MASK) >> QPAC_CTRL_OP_LSB;
        unsigned key = (v & QPAC_CTRL_KEY_MASK) >> QPAC_CTRL_KEY_LSB;
        if (v & QPAC_CTRL_KEYWR_MASK) { /* the key first, then the operation */
            if (key < QPAC_NKEYS) {
                st_.key[key].hi = stage_hi_;
                st_.key[key].lo = stage_lo_;
            }
            stage_hi_ = stage_lo_ = 0;
            staged_ = 0;
        }
        if (v & QPAC_CTRL_START_MASK) {
            qpac_result r;
            qpac_exec_unit(&st_, op, key, opx_, opy_, &r); /* illegal: 0, no fault */
            res_ = r.value;
            fault_ = r.fault != 0;
            done_ = true;
            delay += (depth_ + 2) * period_; /* issue, pipeline, result register */
        }
        break;
    }
    default: break; /* read-only registers ignore writes */
    }
    return true;
}

void QpacTlm::b_transport(tlm::tlm_generic_payload &p, sc_time &delay)
{
    tlm::tlm_response_status s = qpac_bus_check(p);
    delay += 2 * period_; /* an APB transfer: setup and access */
    if (s != tlm::TLM_OK_RESPONSE) {
        p.set_response_status(s);
        return;
    }
    uint32_t a = (uint32_t)p.get_address();
    if (!decode(a)) { /* unmapped or unaligned */
        p.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return;
    }
    uint32_t v;
    if (p.is_read()) {
        v = read_reg(a);
        memcpy(p.get_data_ptr(), &v, 4);
    } else {
        memcpy(&v, p.get_data_ptr(), 4);
        if (!write_reg(a, v, delay)) {
            p.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
            return;
        }
    }
    p.set_dmi_allowed(false);
    p.set_response_status(tlm::TLM_OK_RESPONSE);
}

unsigned int QpacTlm::transport_dbg(tlm::tlm_generic_payload &p)
{
    if (!p.is_read() || p.get_data_length() != 4 || p.get_address() >= (1ull << QPAC_ADDR_BITS) ||
        !decode((uint32_t)p.get_address()))
        return 0;
    uint32_t v = read_reg((uint32_t)p.get_address());
    memcpy(p.get_data_ptr(), &v, 4);
    return 4;
}
