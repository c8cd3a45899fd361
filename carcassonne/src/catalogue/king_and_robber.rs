//! King & Robber Baron: the 5 standard land tiles of the Count, King & Robber box (spec
//! `expansions.md` §1.4.1), first edition (`king-and-robber:1`; the second edition only adds a
//! garden to KR-02). Same format as the base table. KR-05 is the bridge-city tile: two
//! separate cities crossing on a bridge, and two inner fields (`I` and `II`, D-KR-4).

pub(super) const TILES: &str = "
KR-01 1 KR/LC     | M1 monastery; C1 city N; F1 field EL ER SL SR WL WR adj C1
KR-02 1 KR/RC     | C1 city N; R1 road W; F1 field WR adj C1; F2 field EL ER SL SR WL adj C1
KR-03 1 KR/CRrR   | C1 city N; R1 road W; R2 road S E; F1 field WR adj C1; F2 field EL SR WL adj C1; F3 field SL ER
KR-04 1 KR/CcRR!  | C1 city N W; R1 road S; R2 road E; F1 field SR adj C1; F2 field SL adj C1; F3 field ER adj C1; F4 field EL adj C1
KR-05 1 KR/CCcc   | C1 city W E; C2 city N S; F1 field adj C1 C2; F2 field adj C1 C2
";
