//! Robbers: 8 tiles with a robber symbol (spec `expansions.md` §3.6.1; seed S003 "Zbojníci").
//!
//! **A single-source transcription.** JCloisterZone does not implement the Robbers, so unlike
//! the other sets these shapes could not be cross-checked: they are the Tabletop Simulator
//! mod's (`DinnerBuffet/TTSCarcassonne`, `tile_data/robbers/`, commit `2f6d3de8`) as the spec
//! transcribes them, rotation 0 the mod's orientation (confidence: medium; verify against the
//! physical tiles). Each is the shape of a base tile (noted per line) with `+robber`, the
//! symbol, which is a marker of the tile and never a feature: a line may be patched to any
//! other shape without touching the rules. No pennant, monastery or inn. The JCloisterZone id
//! column holds `-` (none exists), so no `.jcz` can name these tiles.

pub(super) const TILES: &str = "
RB-01 2 -  | R1 road S W; F1 field NL NR EL ER SL WR; F2 field SR WL; +robber
RB-02 2 -  | R1 road N S; F1 field NR EL ER SL; F2 field NL SR WL WR; +robber
RB-03 1 -  | R1 road E; R2 road S; R3 road W; F1 field NL NR EL WR; F2 field ER SL; F3 field SR WL; +robber
RB-04 1 -  | C1 city N; F1 field EL ER SL SR WL WR adj C1; +robber
RB-05 1 -  | C1 city N; R1 road E S; F1 field EL SR WL WR adj C1; F2 field ER SL; +robber
RB-06 1 -  | C1 city N S; F1 field EL ER adj C1; F2 field WL WR adj C1; +robber
";
