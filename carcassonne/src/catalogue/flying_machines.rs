//! Flying Machines: 8 tiles with a flying machine (spec `expansions.md` §3.1.1).
//! `flying_machines` is the C2 edition (JCloisterZone `flier:2`), where FM-01 carries a garden;
//! `flying_machines1` the C1 edition (`flier:1`). Same format as the base table; `flier:DIR`
//! marks the machine and its direction of flight at rotation 0 (`W` orthogonal, `NW`
//! diagonal).

pub(super) const TILES: &str = "
FM-01 1 FL/F.dG     | F1 field NL NR EL ER SL SR WL WR; +flier:NW; +garden
FM-02 1 FL/F.o      | F1 field NL NR EL ER SL SR WL WR; +flier:W
FM-03 1 FL/RFr.d    | R1 road W E; F1 field WR NL NR EL; F2 field ER SL SR WL; +flier:NW
FM-04 1 FL/RFr.NS.o | R1 road N S; F1 field SR WL WR NL; F2 field NR EL ER SL; +flier:W
FM-05 1 FL/RFr.WE.o | R1 road W E; F1 field WR NL NR EL; F2 field ER SL SR WL; +flier:W
FM-06 1 FL/Rr.d     | R1 road S E; F1 field SR WL WR NL NR EL; F2 field ER SL; +flier:NW
FM-07 1 FL/Rr.NW.o  | R1 road N W; F1 field WR NL; F2 field NR EL ER SL SR WL; +flier:W
FM-08 1 FL/Rr.SW.o  | R1 road S W; F1 field SR WL; F2 field WR NL NR EL ER SL; +flier:W
";

/// The tile of the C1 edition (`flying_machines1`) that differs from C2 only by the garden.
pub(super) const FIRST_EDITION: &str = "
FM-01A 1 FL/F.d     | F1 field NL NR EL ER SL SR WL WR; +flier:NW
";
