//! River I: 10 tile kinds, 12 tiles (spec `base.md` §2.2). Same format as the base table;
//! `river` segments reach the edges listed; `+spring` and `+lake` mark the river's ends.

pub(super) const TILES: &str = "
RI-A 1 RI/s        | I1 river E; F1 field NL NR EL ER SL SR WL WR; +spring
RI-B 1 RI.1/CIRI   | I1 river E W; C1 city N; R1 road S; F1 field EL adj C1; F2 field WR adj C1; F3 field ER SL; F4 field SR WL
RI-C 1 RI.1/CICI   | I1 river E W; C1 city N; C2 city S; F1 field EL WR adj C1; F2 field ER WL adj C2
RI-D 2 RI.1/IFI    | I1 river E W; F1 field NL NR EL WR; F2 field ER SL SR WL
RI-E 1 RI.1/CcII   | I1 river E S; C1 city N W; F1 field EL SR adj C1; F2 field ER SL
RI-G 2 RI.1/II     | I1 river S W; F1 field NL NR EL ER SL WR; F2 field SR WL
RI-H 1 RI.1/LIRI   | M1 monastery; R1 road S; I1 river E W; F1 field NL NR EL WR; F2 field ER SL; F3 field SR WL
RI-I 1 RI.1/RrII   | R1 road N E; I1 river S W; F1 field NL ER SL WR; F2 field NR EL; F3 field SR WL
RI-K 1 RI.1/RIrI   | I1 river N S; R1 road E W; F1 field NL WR; F2 field NR EL; F3 field ER SL; F4 field SR WL
RI-L 1 RI.1/I.e    | I1 river W; F1 field NL NR EL ER SL SR WL WR; +lake
";
