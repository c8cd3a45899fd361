//! The City of Carcassonne (Count of Carcassonne, spec `expansions.md` §1.3.1): 12 pieces of
//! the starting area, laid before the first turn and never drawn. Same format as the base
//! table; `+coc:N` gives the piece's place (1..12, row by row from the north-west). Only their
//! outer features are modelled (the walled interior has none); every field on them borders the
//! City itself, a completed city.

pub(super) const TILES: &str = "
COC-01 1 CO/1  | R1 road W; F1 field WR NL NR EL; F2 field WL SR; +coc:1
COC-02 1 CO/2  | F1 field WR NL NR EL; +coc:2
COC-03 1 CO/3  | F1 field WR NL NR EL; +coc:3
COC-04 1 CO/4  | R1 road N; F1 field WR NL; F2 field NR EL ER SL; +coc:4
COC-05 1 CO/5  | F1 field SR WL WR NL; +coc:5
COC-06 1 CO/6  | +coc:6
COC-07 1 CO/7  | +coc:7
COC-08 1 CO/8  | F1 field NR EL ER SL; +coc:8
COC-09 1 CO/9  | C1 city S; F1 field WL WR NL ER adj C1; +coc:9
COC-10 1 CO/10 | F1 field ER SL SR WL; +coc:10
COC-11 1 CO/11 | R1 road S; F1 field ER SL; F2 field SR WL; +coc:11
COC-12 1 CO/12 | C1 city E; F1 field NR SL SR WL adj C1; +coc:12
";

/// Where piece `n` (1..12) of the City lies: JCloisterZone's layout, 4 wide and 3 tall, piece 7
/// at (0, 0) (the spec's §1.3 coordinates are these shifted by (+2, −1)).
pub const fn city_position(n: u8) -> (i32, i32) {
    let i = (n as i32 - 1).rem_euclid(12);
    (i % 4 - 2, i / 4 - 1)
}
