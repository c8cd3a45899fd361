//! Crop Circles: 6 tiles with a crop circle (spec `expansions.md` §3.7.1). `crop_circles` is
//! Crop Circles II (one tile from each 2012 mini expansion, the set of the seed rulebook,
//! D-CR-3; JCloisterZone `corn-circles/2`); `crop_circles1` is Crop Circles I (2010,
//! `corn-circles/1`), six other tiles. Same format as the base table; `crop-circle:KIND` marks
//! the circle and its type: `field` (pitchfork, farmers), `road` (club, highwaymen), `city`
//! (shield, knights). A circle interrupts the roads that reach it (their other end is closed
//! there) and separates fields; nothing stands on it.

pub(super) const TILES: &str = "
CC2-01 1 CC.2/RRr  | R1 road W S; R2 road E; F1 field WR NL NR EL; F2 field ER SL; F3 field SR WL; +crop-circle:road
CC2-02 1 CC.2/RRRr | R1 road W S; R2 road N; R3 road E; F1 field WR NL ER SL; F2 field NR EL; F3 field SR WL; +crop-circle:road
CC2-03 1 CC.2/CFR  | C1 city N; R1 road S; F1 field WR WL SL SR EL ER adj C1; +crop-circle:field
CC2-04 1 CC.2/RCR  | C1 city N; R1 road W; R2 road E; F1 field WR EL adj C1; F2 field ER SL SR WL; +crop-circle:field
CC2-05 1 CC.2/CFC  | C1 city N; C2 city S; F1 field WL WR adj C1 C2; F2 field EL ER adj C1 C2; +crop-circle:city
CC2-06 1 CC.2/CcCc | C1 city W N; C2 city E S; +crop-circle:city
";

/// Crop Circles I (`crop_circles1`).
pub(super) const FIRST_EDITION: &str = "
CC1-01 1 CC.1/Cc.1 | C1 city N W; F1 field SL SR EL ER adj C1; +crop-circle:city
CC1-02 1 CC.1/CC.2 | C1 city N; C2 city E; F1 field SL SR WL WR adj C1 C2; +crop-circle:city
CC1-03 1 CC.1/CR   | C1 city N; R1 road E; F1 field WL WR SL SR EL ER adj C1; +crop-circle:field
CC1-04 1 CC.1/Rr   | R1 road W S; F1 field WR NL NR EL ER SL; F2 field SR WL; +crop-circle:road
CC1-05 1 CC.1/RrC  | C1 city N; R1 road S W; F1 field WR EL ER SL adj C1; F2 field WL SR; +crop-circle:field
CC1-06 1 CC.1/RRR  | R1 road N; R2 road W; R3 road S; F1 field NR EL ER SL; F2 field SR WL; F3 field WR NL; +crop-circle:road
";
