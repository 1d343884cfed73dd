/*
 * qpac_tlm.h - loosely-timed TLM-2.0 model of the qpac register wrapper
 * (rtl/qpac_apb.v) built on libqpac: the register map comes from the
 * generated qpac_regmap.h, the arithmetic from qpac_exec. b_transport sets a
 * response status on every path and adds the access and operation latency to
 * the annotated delay instead of waiting. This is the model a virtual
 * platform integrates.
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef COSIM_QPAC_TLM_H
#define COSIM_QPAC_TLM_H

#include <tlm_utils/simple_target_socket.h>
#include <systemc>
#include <tlm>

#include "qpac.h"

/* Checks every register wrapper and bridge applies before decoding: a single
 * 32-bit read or write, all bytes enabled, inside the 2^QPAC_ADDR_BITS
 * window. Returns TLM_OK_RESPONSE or the error status to set. */
tlm::tlm_response_status qpac_bus_check(const tlm::tlm_generic_payload &p);

class QpacTlm : public sc_core::sc_module {
public:
    tlm_utils::simple_target_socket<QpacTlm> socket;

    /* depth: the pipeline setting reported in CAPS (LATENCY = DEPTH);
     * period: one bus clock. */
    QpacTlm(sc_core::sc_module_name name, unsigned depth, sc_core::sc_time period);
    void reset(); /* the state after PRESETn: keys zero, CFG/TSZLIM reset values */

private:
    void b_transport(tlm::tlm_generic_payload &p, sc_core::sc_time &delay);
    /* Debug access for a virtual platform's debugger: reads without side
     * effects (keys still read 0); debug writes are refused (0 bytes). */
    unsigned int transport_dbg(tlm::tlm_generic_payload &p);
    bool decode(uint32_t addr) const; /* a mapped register offset */
    uint32_t read_reg(uint32_t addr) const;
    /* false: the write is refused (error response, nothing changes) */
    bool write_reg(uint32_t addr, uint32_t v, sc_core::sc_time &delay);
    void set_cfg(uint32_t cfg, uint32_t tszlim);

    unsigned depth_;
    sc_core::sc_time period_;
    qpac_state st_;
    uint64_t opx_, opy_, res_, stage_hi_, stage_lo_;
    unsigned staged_; /* staging words written since the last commit (rule KEY_STAGING) */
    bool done_, fault_;
};

#endif
