//! Mage & Witch: 8 tiles with a mage symbol (spec `expansions.md` §3.5.1). `mage_witch` is the
//! C2 edition (JCloisterZone `mage-and-witch:2`), where MW-08 carries a garden; `mage_witch1`
//! the C1 edition (`mage-and-witch:1`). Same format as the base table; `mage` marks the symbol.

pub(super) const TILES: &str = "
MW-01 1 MW/CRRR.3 | C1 city N; R1 road E; R2 road S; R3 road W; F1 field WR EL adj C1; F2 field WL SR; F3 field ER SL; +mage
MW-02 1 MW/CcRr.1 | C1 city N W; R1 road E S; F1 field EL SR adj C1; F2 field ER SL; +mage
MW-03 1 MW/CCCR.3 | C1 city W; C2 city N; C3 city E; R1 road S; F1 field SR adj C1 C2 C3; F2 field SL adj C3; +mage
MW-04 1 MW/CRcR   | C1 city E W; R1 road N; R2 road S; F1 field NL adj C1; F2 field NR adj C1; F3 field SL adj C1; F4 field SR adj C1; +mage
MW-05 1 MW/CFC    | C1 city N; C2 city S; F1 field WL WR EL ER adj C1 C2; +mage
MW-06 1 MW/CccR.1 | C1 city N W E; R1 road S; F1 field SL adj C1; F2 field SR adj C1; +mage
MW-07 1 MW/CRRr.2 | C1 city N; R1 road E; R2 road S W; F1 field EL adj C1; F2 field ER SL WR adj C1; F3 field SR WL; +mage
MW-08 1 MW/CCRrG  | C1 city N; C2 city W; R1 road S E; F1 field EL SR adj C1 C2; F2 field ER SL; +mage; +garden
";

/// The tile of the C1 edition (`mage_witch1`) that differs from C2 only by the garden.
pub(super) const FIRST_EDITION: &str = "
MW-08A 1 MW/CCRr.2 | C1 city N; C2 city W; R1 road S E; F1 field EL SR adj C1 C2; F2 field ER SL; +mage
";
