//! The rivers (River I, spec `base.md` §3.10; River II, `expansions.md` §1.2): the spring is
//! the start tile, the river tiles are drawn first (the fork by the youngest player, the lakes
//! last), every river tile continues exactly one open river end (branches never join), and the
//! river may not turn the same way twice in a row (or, as an option, JCloisterZone's
//! look-ahead).
//!
//! Hook points: [`Game`] keeps the open river ends ([`Game::open_river_ends`]); placement
//! legality asks `Game::river_allows` for tiles with a river; laying a river tile calls
//! `Game::advance_river`. The river stack phase lives in the game's stack.

use crate::config::RiverTurnRule;
use crate::game::Game;
use crate::geometry::{Position, Rotation, Side};
use crate::tile::TileKind;

/// An open end of the river: an empty position that a river tile must fill through `side`,
/// and the turn of the river tile upstream (`0` straight, `1` right, `3` left, spec RV-3.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RiverEnd {
    pub pos: Position,
    pub side: Side,
    pub turn: u8,
}

/// The sides of `kind` turned by `rotation` that carry the river, as a bit mask (bit `s` for
/// side `s`).
#[inline]
pub(crate) fn river_sides(kind: &TileKind, rotation: Rotation) -> u8 {
    kind.river_sides[rotation.quarter_turns() as usize]
}

/// The turn of a river tile entered through side `inflow` and left through side `outflow`:
/// `0` straight, `1` right, `3` left (spec RV-3.2: heading in is the opposite of `inflow`).
pub(crate) fn turn(inflow: Side, outflow: Side) -> u8 {
    (outflow.index() + 4 - inflow.opposite().index()) % 4
}

impl Game {
    /// Whether a river tile may lie at `pos` in `rotation` beyond edge matching (RV-3): exactly
    /// one of its river edges touches the board (so it continues an open river end and never
    /// joins two ends), and it does not turn the way the tile upstream turned. Tiles without a
    /// river are not constrained.
    pub(crate) fn river_allows(&self, kind: &TileKind, pos: Position, rotation: Rotation) -> bool {
        let sides = river_sides(kind, rotation);
        if sides == 0 {
            return true;
        }
        if kind.has_marker(crate::Marker::Spring) {
            // The spring laid against the City of Carcassonne (D-R2-6): edge matching, and
            // its river must flow out to an empty position.
            return Side::ALL.into_iter().all(|s| {
                sides & (1 << s.index()) == 0 || self.board.tile_at(pos.neighbour(s)).is_none()
            });
        }
        let mut inflow = None;
        for side in Side::ALL {
            if sides & (1 << side.index()) != 0 && self.board.tile_at(pos.neighbour(side)).is_some()
            {
                if inflow.is_some() {
                    return false;
                }
                inflow = Some(side);
            }
        }
        let Some(inflow) = inflow else { return false };
        // A river end may not close the last open end while the River II fork is to come
        // (R2.5, D-R2-3).
        if sides.count_ones() == 1 && self.river_ends.len() == 1 && self.fork_pending() {
            return false;
        }
        let outflows = Side::ALL
            .into_iter()
            .filter(|s| *s != inflow && sides & (1 << s.index()) != 0);
        match self.config.rules.river_turns {
            RiverTurnRule::NoImmediateSameTurn => {
                let upstream = self
                    .river_ends
                    .iter()
                    .find(|e| e.pos == pos && e.side == inflow)
                    .map_or(0, |e| e.turn);
                outflows.into_iter().all(|outflow| {
                    let t = turn(inflow, outflow);
                    t == 0 || t != upstream
                })
            }
            RiverTurnRule::JczLookahead => outflows.into_iter().all(|b| {
                // Ahead of the outflow: two positions and the ones beside each, all empty.
                let (left, right) = (b.rotated(Rotation::R270), b.rotated(Rotation::R90));
                let p1 = pos.neighbour(b);
                let p2 = p1.neighbour(b);
                [
                    p1,
                    p1.neighbour(left),
                    p1.neighbour(right),
                    p2,
                    p2.neighbour(left),
                    p2.neighbour(right),
                ]
                .iter()
                .all(|p| self.board.tile_at(*p).is_none())
            }),
        }
    }

    /// Records the open river ends after a river tile (or the spring) was laid at `pos`.
    pub(crate) fn advance_river(&mut self, kind: &TileKind, pos: Position, rotation: Rotation) {
        let sides = river_sides(kind, rotation);
        if sides == 0 {
            return;
        }
        let inflow = Side::ALL.into_iter().find(|s| {
            sides & (1 << s.index()) != 0
                && self.river_ends.iter().any(|e| e.pos == pos && e.side == *s)
        });
        self.river_ends.retain(|e| e.pos != pos);
        for outflow in Side::ALL {
            if sides & (1 << outflow.index()) == 0 || Some(outflow) == inflow {
                continue;
            }
            let turn = inflow.map_or(0, |i| turn(i, outflow));
            let next = pos.neighbour(outflow);
            if self.board.tile_at(next).is_none() {
                self.river_ends.push(RiverEnd {
                    pos: next,
                    side: outflow.opposite(),
                    turn,
                });
            }
        }
    }

    /// The open river ends: empty positions where the river continues, with the side of the
    /// new tile that must carry it.
    pub fn open_river_ends(&self) -> Vec<(Position, Side)> {
        self.river_ends.iter().map(|e| (e.pos, e.side)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turns_follow_the_flow() {
        // Entering through W (flowing east): leaving S turns right, N left, E straight.
        assert_eq!(turn(Side::W, Side::S), 1);
        assert_eq!(turn(Side::W, Side::N), 3);
        assert_eq!(turn(Side::W, Side::E), 0);
        // Entering through N (flowing south): leaving W is a right turn, E a left one.
        assert_eq!(turn(Side::N, Side::W), 1);
        assert_eq!(turn(Side::N, Side::E), 3);
    }
}
