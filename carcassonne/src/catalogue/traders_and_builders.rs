//! Traders & Builders: 24 tile kinds, 24 tiles (spec `base.md` §2.4). Same format as the base
//! table; `wine`, `grain`, `cloth` mark a city segment's trade good.

pub(super) const TILES: &str = "
TB-A 1 TB/CR       | C1 city N; R1 road E; F1 field EL adj C1; F2 field ER SL SR WL WR adj C1
TB-B 1 TB/RRrr     | R1 road N S; R2 road E W; F1 field NL WR; F2 field NR EL; F3 field ER SL; F4 field SR WL
TB-C 1 TB/RRC      | C1 city N; R1 road W; R2 road S; F1 field WR adj C1; F2 field SR WL; F3 field EL ER SL adj C1
TB-D 1 TB/CcRC.g   | C1 city N W grain; C2 city S; R1 road E; F1 field EL adj C1; F2 field ER adj C1 C2
TB-E 1 TB/CRc.g    | C1 city E W grain; R1 road S; F1 field NL NR adj C1; F2 field SR adj C1; F3 field SL adj C1
TB-F 1 TB/RCc.g    | C1 city N W grain; R1 road S; F1 field SR adj C1; F2 field EL ER SL adj C1
TB-G 1 TB/Cc.g     | C1 city N W grain; F1 field EL ER SL SR adj C1
TB-H 1 TB/Ccc.g    | C1 city N E W grain; F1 field SL SR adj C1
TB-I 1 TB/RCc!.g   | C1 city N W grain; R1 road S; F1 field SR adj C1; F2 field SL adj C1; F3 field EL ER adj C1
TB-J 1 TB/LRRR     | M1 monastery; R1 road E; R2 road S; R3 road W; F1 field NL NR EL WR; F2 field ER SL; F3 field SR WL
TB-K 1 TB/CcR.c    | C1 city N W cloth; R1 road E; F1 field EL adj C1; F2 field ER SL SR adj C1
TB-L 1 TB/CcRC.c   | C1 city N W cloth; C2 city S; R1 road E; F1 field EL adj C1; F2 field ER adj C1 C2
TB-M 1 TB/CcCC.c   | C1 city N W cloth; C2 city S; C3 city E; F1 field adj C1 C2 C3
TB-N 1 TB/CCc.c    | C1 city E W cloth; C2 city S; F1 field NL NR adj C1; F2 field adj C1 C2
TB-O 1 TB/CcRR!.c  | C1 city N W cloth; R1 road S; R2 road E; F1 field SR adj C1; F2 field SL adj C1; F3 field ER adj C1; F4 field EL adj C1
TB-P 1 TB/CCc.w    | C1 city E W wine; C2 city S; F1 field NL NR adj C1; F2 field adj C1 C2
TB-Q 1 TB/CFc.w    | C1 city E W wine; F1 field NL NR adj C1; F2 field SL SR adj C1
TB-R 1 TB/CRcR.w   | C1 city E W wine; R1 road N; R2 road S; F1 field NL adj C1; F2 field NR adj C1; F3 field SL adj C1; F4 field SR adj C1
TB-S 1 TB/CRc.w    | C1 city E W wine; R1 road S; F1 field NL NR adj C1; F2 field SR adj C1; F3 field SL adj C1
TB-T 1 TB/Cc.w     | C1 city N W wine; F1 field EL ER SL SR adj C1
TB-U 1 TB/CcRR.w   | C1 city N W wine; R1 road S; R2 road E; F1 field SR adj C1; F2 field ER SL adj C1; F3 field EL adj C1
TB-V 1 TB/CccR.w   | C1 city N E W wine; R1 road S; F1 field SR adj C1; F2 field SL adj C1
TB-W 1 TB/CcR!.w   | C1 city N W wine; R1 road E; F1 field EL adj C1; F2 field ER adj C1; F3 field SL SR adj C1
TB-X 1 TB/CcCc.w   | C1 city N W wine; C2 city E S; F1 field adj C1 C2
";
