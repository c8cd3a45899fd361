//! Under the Big Top: 12 big-top site tiles and 8 acrobat tiles (spec `expansions.md` §2.1).
//! `big_top` is the C2 edition (JCloisterZone `under-the-big-top:2`), where one acrobat tile and
//! one big-top site carry a garden; `big_top1` the C1 edition (`under-the-big-top:1`), the same
//! tiles without gardens. The site in the centre is no segment: roads ending there end at it,
//! fields around it are separated by it. Same format as the base table; `big-top` marks a
//! big-top site, `acrobats` an acrobat site.

pub(super) const TILES: &str = "
AC-01 1 BT/ffff.g.ac | F1 field NL NR EL ER SL SR WL WR; +acrobats; +garden
AC-02 1 BT/ffrf.ac   | R1 road S; F1 field NL NR EL ER SL SR WL WR; +acrobats
AC-03 3 BT/ffrr.ac   | R1 road S; R2 road W; F1 field NL NR EL ER SL WR; F2 field SR WL; +acrobats
AC-04 2 BT/rfrf.ac   | R1 road N; R2 road S; F1 field NR EL ER SL; F2 field NL SR WL WR; +acrobats
AC-05 1 BT/rrrf.ac   | R1 road N; R2 road E; R3 road S; F1 field SR WL WR NL; F2 field NR EL; F3 field ER SL; +acrobats
BT-01 1 BT/ffrf.bt   | R1 road S; F1 field NL NR EL ER SL SR WL WR; +big-top
BT-02 1 BT/frrf.g.bt | R1 road E; R2 road S; F1 field NL NR EL SR WL WR; F2 field ER SL; +big-top; +garden
BT-03 1 BT/frfr.bt   | R1 road W; R2 road E; F1 field NL NR EL WR; F2 field ER SL SR WL; +big-top
BT-04 1 BT/frrr.bt   | R1 road S; R2 road W; R3 road E; F1 field NL NR EL WR; F2 field SR WL; F3 field ER SL; +big-top
BT-05 1 BT/cfff.bt   | C1 city N; F1 field EL ER SL SR WL WR adj C1; +big-top
BT-06 1 BT/cffr.bt   | C1 city N; R1 road W; F1 field WR adj C1; F2 field EL ER SL SR WL adj C1; +big-top
BT-07 2 BT/cfrf.bt   | C1 city N; R1 road S; F1 field SR WL WR adj C1; F2 field EL ER SL adj C1; +big-top
BT-08 1 BT/crfr.bt   | C1 city N; R1 road W; R2 road E; F1 field EL adj C1; F2 field WR adj C1; F3 field ER SL SR WL; +big-top
BT-09 1 BT/cfcf.bt   | C1 city N; C2 city S; F1 field WL WR adj C1 C2; F2 field EL ER adj C1 C2; +big-top
BT-10 1 BT/ccrf.bt   | C1 city N; C2 city E; R1 road S; F1 field SL adj C2; F2 field SR WL WR adj C1; +big-top
BT-11 1 BT/crrc.bt   | C1 city N W; R1 road E; R2 road S; F1 field EL adj C1; F2 field ER SL; F3 field SR adj C1; +big-top
";

/// The two tiles of the C1 edition (`big_top1`) that differ from C2 only by the garden; the
/// other 14 kinds are shared.
pub(super) const FIRST_EDITION: &str = "
AC-01A 1 BT/ffff.ac  | F1 field NL NR EL ER SL SR WL WR; +acrobats
BT-02A 1 BT/frrf.bt  | R1 road E; R2 road S; F1 field NL NR EL SR WL WR; F2 field ER SL; +big-top
";
