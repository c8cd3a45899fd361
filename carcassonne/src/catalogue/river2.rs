//! River II: 12 tiles (spec `expansions.md` §1.2.1), first edition (`river/2:1`). Same format
//! as the base table; `+spring`, `+fork`, `+lake`, `+volcano` mark the special river tiles and
//! `pig-herd` the field with the herd.

pub(super) const TILES: &str = "
R2-01 1 RI/s        | I1 river E; F1 field NL NR EL ER SL SR WL WR; +spring
R2-02 1 RI.2/III    | I1 river W N E; F1 field WR NL; F2 field NR EL; F3 field ER SL SR WL; +fork
R2-03 1 RI.2/I.v    | I1 river W; F1 field NL NR EL ER SL SR WL WR; +lake; +volcano
R2-04 1 RI.2/IFC    | I1 river W; C1 city E; F1 field NL NR WR adj C1; F2 field SL SR WL adj C1
R2-05 1 RI.2/CIcI   | I1 river N S; C1 city W E; F1 field NR SL adj C1; F2 field NL SR adj C1
R2-06 1 RI.2/LIFI   | I1 river W E; M1 monastery; F1 field WR NL NR EL; F2 field WL SL SR ER
R2-07 1 RI.2/RIrI   | I1 river N S; R1 road W E inn; F1 field WR NL; F2 field NR EL; F3 field ER SL; F4 field WL SR
R2-08 1 RI.2/CIRI   | I1 river W E; C1 city N; R1 road S; F1 field EL adj C1; F2 field WR adj C1; F3 field ER SL; F4 field WL SR
R2-09 1 RI.2/II     | I1 river W S; F1 field WR NL NR EL ER SL; F2 field WL SR
R2-10 1 RI.2/CcII+  | I1 river S E; C1 city N W pennant; F1 field SR EL adj C1; F2 field ER SL
R2-11 1 RI.2/II+    | I1 river W N; F1 field WL SL SR EL ER NR pig-herd; F2 field WR NL
R2-12 1 RI.2/RrII   | I1 river W S; R1 road N E; F1 field WR NL ER SL; F2 field NR EL; F3 field WL SR
";
