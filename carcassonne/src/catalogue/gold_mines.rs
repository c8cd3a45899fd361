//! Gold Mines: 8 tiles with a gold symbol (spec `expansions.md` §3.4.1; JCloisterZone
//! `goldmines`). GM-02's city has no pennant, as in JCloisterZone (the spec's second
//! transcription marks one; the seed's text does not describe the tile art, and JCloisterZone's
//! refereed games total without one). Same format as the base table; `gold` marks the symbol.

pub(super) const TILES: &str = "
GM-01 1 GO/LRr     | M1 monastery; R1 road E S; F1 field NL NR EL SR WL WR; F2 field ER SL; +gold
GM-02 1 GO/LCc     | M1 monastery; C1 city N W; F1 field SL SR EL ER adj C1; +gold
GM-03 1 GO/LCcRr   | M1 monastery; C1 city N W; R1 road E S; F1 field EL SR adj C1; F2 field ER SL; +gold
GM-04 1 GO/LRrRr   | M1 monastery; R1 road N E; R2 road S W; F1 field NR EL; F2 field SR WL; F3 field WR NL ER SL; +gold
GM-05 1 GO/RrRr    | R1 road N W; R2 road S E; F1 field NL WR; F2 field SL ER; F3 field NR EL SR WL; +gold
GM-06 1 GO/CcRr    | C1 city N W; R1 road E S; F1 field EL SR adj C1; F2 field ER SL; +gold
GM-07 1 GO/CRcr    | C1 city W E; R1 road N S; F1 field NL adj C1; F2 field NR adj C1; F3 field SL adj C1; F4 field SR adj C1; +gold
GM-08 1 GO/RRrr.X  | R1 road N S; R2 road W E; F1 field WR NL; F2 field NR EL; F3 field ER SL; F4 field SR WL; +gold
";
