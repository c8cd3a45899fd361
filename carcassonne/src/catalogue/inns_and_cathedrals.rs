//! Inns & Cathedrals: 17 tile kinds, 18 tiles (spec `base.md` §2.3). Same format as the base
//! table; `inn` marks a road with an inn, `cathedral` a city with a cathedral; a field with no
//! half-edge is an inner field.

pub(super) const TILES: &str = "
IC-A 1 IC/Rr.i    | R1 road S W inn; F1 field NL NR EL ER SL WR; F2 field SR WL
IC-B 1 IC/RFr.i   | R1 road E W inn; F1 field NL NR EL WR; F2 field ER SL SR WL
IC-C 1 IC/RRR.i   | R1 road E inn; R2 road W; R3 road S; F1 field NL NR EL WR; F2 field SR WL; F3 field ER SL
IC-D 1 IC/LRFR    | M1 monastery; R1 road W; R2 road E; F1 field ER SL SR WL; F2 field NL NR EL WR
IC-E 1 IC/RrRr    | R1 road N W; R2 road E S; F1 field NL WR; F2 field ER SL; F3 field NR EL SR WL
IC-F 1 IC/CcR     | C1 city N W; R1 road E; F1 field EL adj C1; F2 field ER SL SR adj C1
IC-G 1 IC/C!      | C1 city N; F1 field EL ER adj C1; F2 field SL SR WL WR adj C1
IC-H 1 IC/CCCC    | C1 city N; C2 city W; C3 city E; C4 city S; F1 field adj C1 C2 C3 C4
IC-I 1 IC/CRCR    | C1 city N; C2 city S; R1 road W; R2 road E; F1 field ER adj C2; F2 field WL adj C2; F3 field EL adj C1; F4 field WR adj C1
IC-J 1 IC/CFR     | C1 city N; R1 road S; F1 field SR WL WR adj C1; F2 field EL ER SL adj C1
IC-K 2 IC/Cccc.c  | C1 city N E S W cathedral
IC-L 1 IC/CcRr+.i | C1 city N W pennant; R1 road E S inn; F1 field ER SL; F2 field EL SR adj C1
IC-M 1 IC/RrC.i   | C1 city N; R1 road S W inn; F1 field SR WL; F2 field EL ER SL WR adj C1
IC-N 1 IC/RCc.i   | C1 city N W; R1 road S inn; F1 field SR adj C1; F2 field EL ER SL adj C1
IC-O 1 IC/CCC     | C1 city N; C2 city W; C3 city E; F1 field SL SR adj C1 C2 C3
IC-P 1 IC/CCc+    | C1 city N W pennant; C2 city S; F1 field EL ER adj C1 C2
IC-Q 1 IC/CRcR+   | C1 city E W pennant; R1 road N; R2 road S; F1 field NL adj C1; F2 field NR adj C1; F3 field SL adj C1; F4 field SR adj C1
";
