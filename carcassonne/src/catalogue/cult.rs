//! The Cult: shrine tiles (spec `expansions.md` §1.5.1). `cult` is the 5-tile set of the
//! Count, King & Robber box (JCloisterZone `cult/5`); `cult6` is the 6-tile edition
//! JCloisterZone calls `cult/6` (its scenario files use it), the same tiles plus CU-06. Same
//! format as the base table; `shrine` is the centre building.

pub(super) const TILES: &str = "
CU-01 1 CU/S      | S1 shrine; F1 field NL NR EL ER SL SR WL WR
CU-02 1 CU/SC     | S1 shrine; C1 city N; F1 field EL ER SL SR WL WR adj C1
CU-03 1 CU/SR     | S1 shrine; R1 road S; F1 field NL NR EL ER SL SR WL WR
CU-04 1 CU/SCFR   | S1 shrine; C1 city N; R1 road S; F1 field EL ER SL SR WL WR adj C1
CU-05 1 CU/SRFR   | S1 shrine; R1 road N; R2 road S; F1 field NL WL WR SR; F2 field NR EL ER SL
";

/// The extra tile of the 6-tile edition (`cult/6`).
pub(super) const SIXTH: &str = "
CU-06 1 CU/SRCR   | S1 shrine; C1 city N; R1 road W; R2 road E; F1 field WR EL adj C1; F2 field WL SL SR ER
";
