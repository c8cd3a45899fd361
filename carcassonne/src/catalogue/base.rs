//! The base game: 24 tile kinds, 72 tiles including the start tile (spec `base.md` §2.1).
//!
//! One line per kind: `id count jcz-id | segment; segment; ...`. A segment is
//! `NAME kind points [attributes]`: cities list the edges they cover, roads the edges they
//! reach, fields their half-edges and `adj` the city segments they border; `pennant` marks a
//! pennant (the spec's "shield"). Canonical orientations are JCloisterZone's.

pub(super) const TILES: &str = "
A 2 BA/LR    | M1 monastery; R1 road S; F1 field NL NR EL ER SL SR WL WR
B 4 BA/L     | M1 monastery; F1 field NL NR EL ER SL SR WL WR
C 1 BA/Cccc+ | C1 city N E S W pennant
D 4 BA/RCr   | C1 city N; R1 road E W; F1 field EL WR adj C1; F2 field ER SL SR WL; +start
E 5 BA/C     | C1 city N; F1 field EL ER SL SR WL WR adj C1
F 2 BA/CFc+  | C1 city E W pennant; F1 field NL NR adj C1; F2 field SL SR adj C1
G 1 BA/CFc.1 | C1 city E W; F1 field NL NR adj C1; F2 field SL SR adj C1
H 3 BA/CFC.2 | C1 city N; C2 city S; F1 field EL ER WL WR adj C1 C2
I 2 BA/CC.2  | C1 city N; C2 city W; F1 field EL ER SL SR adj C1 C2
J 3 BA/CRr   | C1 city N; R1 road E S; F1 field EL SR WL WR adj C1; F2 field ER SL
K 3 BA/RrC   | C1 city N; R1 road S W; F1 field EL ER SL WR adj C1; F2 field SR WL
L 3 BA/CRRR  | C1 city N; R1 road E; R2 road S; R3 road W; F1 field EL WR adj C1; F2 field SR WL; F3 field ER SL
M 2 BA/Cc+   | C1 city N W pennant; F1 field EL ER SL SR adj C1
N 3 BA/Cc.1  | C1 city N W; F1 field EL ER SL SR adj C1
O 2 BA/CcRr+ | C1 city N W pennant; R1 road E S; F1 field EL SR adj C1; F2 field ER SL
P 3 BA/CcRr  | C1 city N W; R1 road E S; F1 field EL SR adj C1; F2 field ER SL
Q 1 BA/Ccc+  | C1 city N E W pennant; F1 field SL SR adj C1
R 3 BA/Ccc   | C1 city N E W; F1 field SL SR adj C1
S 2 BA/CccR+ | C1 city N E W pennant; R1 road S; F1 field SL adj C1; F2 field SR adj C1
T 1 BA/CccR  | C1 city N E W; R1 road S; F1 field SL adj C1; F2 field SR adj C1
U 8 BA/RFr   | R1 road E W; F1 field NL NR EL WR; F2 field ER SL SR WL
V 9 BA/Rr    | R1 road S W; F1 field NL NR EL ER SL WR; F2 field SR WL
W 4 BA/RRR   | R1 road E; R2 road S; R3 road W; F1 field NL NR EL WR; F2 field ER SL; F3 field SR WL
X 1 BA/RRRR  | R1 road N; R2 road E; R3 road S; R4 road W; F1 field NL WR; F2 field NR EL; F3 field ER SL; F4 field SR WL
";
