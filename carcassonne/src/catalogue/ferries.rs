//! Ferries: 8 lake tiles (spec `expansions.md` §3.3.1; JCloisterZone `ferries`). Each road
//! segment ends at the lake in the middle; `ferry-lake` marks the lake, where a ferry joins
//! two of the roads (FE.1). Same format as the base table. The 3/4/1 split and FE-01's city
//! come from JCloisterZone and a second transcription (the seed says "3 or 4 road parts").

pub(super) const TILES: &str = "
FE-01 3 FR/CRRR  | C1 city N; R1 road W; R2 road S; R3 road E; F1 field WR EL adj C1; F2 field ER SL; F3 field SR WL; +ferry-lake
FE-02 4 FR/RRR   | R1 road W; R2 road S; R3 road E; F1 field WR NL NR EL; F2 field ER SL; F3 field SR WL; +ferry-lake
FE-03 1 FR/RRRR  | R1 road N; R2 road E; R3 road S; R4 road W; F1 field WR NL; F2 field NR EL; F3 field ER SL; F4 field SR WL; +ferry-lake
";
