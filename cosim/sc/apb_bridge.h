/*
 * apb_bridge.h - TLM-2.0 to APB3 bridge: a loosely-timed target socket whose
 * b_transport runs one APB transfer on pin-level signals (here: the Verilated
 * qpac_apb). It first synchronises to the initiator's annotated time, then
 * setup phase, access phase, and waits for PREADY; PSLVERR becomes
 * TLM_GENERIC_ERROR_RESPONSE. Checks APB cannot express (length, byte
 * enables, address width) answer as the TLM model does (qpac_bus_check).
 *
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef COSIM_APB_BRIDGE_H
#define COSIM_APB_BRIDGE_H

#include <cstring>
#include <tlm_utils/simple_target_socket.h>
#include <systemc>
#include <tlm>

#include "qpac_tlm.h"

class ApbBridge : public sc_core::sc_module {
public:
    tlm_utils::simple_target_socket<ApbBridge> socket;
    sc_core::sc_in<bool> clk;
    sc_core::sc_out<bool> psel, penable, pwrite;
    sc_core::sc_out<uint32_t> paddr, pwdata;
    sc_core::sc_in<uint32_t> prdata;
    sc_core::sc_in<bool> pready, pslverr;
    uint64_t cycles = 0; /* bus clocks spent in transfers */

    explicit ApbBridge(sc_core::sc_module_name n)
        : sc_module(n), socket("socket"), clk("clk"), psel("psel"), penable("penable"),
          pwrite("pwrite"), paddr("paddr"), pwdata("pwdata"), prdata("prdata"),
          pready("pready"), pslverr("pslverr")
    {
        socket.register_b_transport(this, &ApbBridge::b_transport);
    }

private:
    void b_transport(tlm::tlm_generic_payload &p, sc_core::sc_time &delay)
    {
        tlm::tlm_response_status s = qpac_bus_check(p);
        if (s != tlm::TLM_OK_RESPONSE) {
            p.set_response_status(s);
            return;
        }
        sc_core::wait(delay); /* pin-level: catch up with the initiator's time */
        delay = sc_core::SC_ZERO_TIME;
        uint32_t wd = 0;
        if (p.is_write())
            memcpy(&wd, p.get_data_ptr(), 4);
        /* Signals are written just after a rising edge and read at the next
         * one, before the edge's updates: what the APB slave samples. */
        sc_core::wait(clk.posedge_event());
        psel.write(true);
        penable.write(false);
        pwrite.write(p.is_write());
        paddr.write((uint32_t)p.get_address());
        pwdata.write(wd);
        sc_core::wait(clk.posedge_event());
        penable.write(true);
        cycles += 2;
        unsigned waits = 0;
        for (;;) {
            sc_core::wait(clk.posedge_event());
            if (pready.read())
                break;
            cycles++;
            if (++waits > 1000) {
                p.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
                SC_REPORT_ERROR("apb_bridge", "PREADY low for 1000 clocks");
                break;
            }
        }
        uint32_t rd = prdata.read();
        bool err = pslverr.read();
        psel.write(false);
        penable.write(false);
        if (p.is_read())
            memcpy(p.get_data_ptr(), &rd, 4);
        p.set_response_status(err ? tlm::TLM_GENERIC_ERROR_RESPONSE : tlm::TLM_OK_RESPONSE);
    }
};

#endif
