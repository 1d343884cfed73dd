// qpac_dpi_pkg.sv - DPI-C imports of the qpac reference model
// (cmodel/dpi/qpac_dpi.c over libqpac). Plain DPI-C types only. A context
// (chandle) holds configuration and keys; keys are never returned.
//   ctx = qpac_dpi_new();  qpac_dpi_set_cfg(ctx, CFG, TSZLIM);
//   void'(qpac_dpi_set_key(ctx, KEY, hi, lo));
//   illegal = qpac_dpi_exec(ctx, OP, KEY, x, y, value, fault);
// OP/KEY encodings and the CFG/TSZLIM layout: doc/regmap.md.
package qpac_dpi_pkg;

  // a new context in the reset state (keys zero, CFG/TSZLIM reset values)
  import "DPI-C" function chandle qpac_dpi_new();
  // wipe the keys and free the context
  import "DPI-C" function void qpac_dpi_free(chandle ctx);
  // back to the reset state (what the unit's rst_ni does)
  import "DPI-C" function void qpac_dpi_reset(chandle ctx);
  // the CFG and TSZLIM register words (stored as the RTL stores them)
  import "DPI-C" function void qpac_dpi_set_cfg(chandle ctx, int unsigned cfg,
                                                int unsigned tszlim);
  // the stored words, as the unit's cfg_o / tszlim_o read back
  import "DPI-C" function int unsigned qpac_dpi_get_cfg(chandle ctx);
  import "DPI-C" function int unsigned qpac_dpi_get_tszlim(chandle ctx);
  // key sel (KEY encoding): hi = K<127:64>, lo = K<63:0>; -1: no such key
  import "DPI-C" function int qpac_dpi_set_key(chandle ctx, int unsigned sel,
                                               longint unsigned hi, longint unsigned lo);
  // one operation: returns 0, or 1 for a combination the unit does not
  // execute (value 0, fault 0)
  import "DPI-C" function int qpac_dpi_exec(chandle ctx, int unsigned op, int unsigned key,
                                            longint unsigned x, longint unsigned y,
                                            output longint unsigned value, output bit fault);
  // the .pvs mnemonic of (op, key) for messages; "illegal" otherwise
  import "DPI-C" function string qpac_dpi_mnemonic(int unsigned op, int unsigned key);

endpackage
