//! The rivers (River I, spec `base.md` §3.10; River II, `expansions.md` §1.2): the spring is
//! the start tile, the river tiles are drawn first (the fork by the youngest player, the lakes
//! last), every river tile continues exactly one open river end (branches never join), and the
//! river may not turn the same way twice in a row (or, as an option, JCloisterZone's
//! look-ahead). After the River II volcano lake (and the spring laid against the City of
//! Carcassonne) the same player plays a normal turn (R2.6, D-R2-9, D-R2-6); a river end that
//! would close the last open end before the fork is placed goes back under the river stack
//! (R2.5). The pig herd of River II gives the owners of its field +1 per city (R2.10).
//!
//! State: `River` (the river stack and its draw phases, the open ends, the fork's seat and
//! interlude, the lake turn). Hooks: `StartOfTurnPart` (is the fork due?), `DrawSource`,
//! `SetAside`, `PlacementRule`, `TileLaid` (open ends), `TileTriggered` (no deployment after
//! the volcano lake or the spring laid against the City), `EndOfTurnPart` (the fork's
//! interlude, the turn after a lake), `FieldBonus` (the pig herd).

use crate::board::OpenPosition;
use crate::config::{Config, RiverTurnRule};
use crate::events::{Event, Sink};
use crate::features::NodeId;
use crate::game::Game;
use crate::geometry::{Position, Rotation, Side};
use crate::stack::DrawFrom;
use crate::tile::{Marker, TileId, TileKind, TileSet};
use crate::turn::Flow;

/// Why a river placement is refused (RV-3, R2.3–R2.5).
pub(crate) const PLACEMENT_REFUSAL: &str = "a river tile must continue the open river end \
     without joining branches or turning the same way twice in a row";

/// An open end of the river: an empty position that a river tile must fill through `side`,
/// and the turn of the river tile upstream (`0` straight, `1` right, `3` left, spec RV-3.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RiverEnd {
    pub pos: Position,
    pub side: Side,
    pub turn: u8,
}

/// The river's state in a game with river tiles.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct River {
    /// Copies left per tile kind in the river stack (drawn first, RV-2), lakes excluded.
    stack: Vec<u16>,
    /// The lakes, drawn when the river stack is empty (first any river tile put back under the
    /// stack, R2.5).
    lakes: Vec<TileId>,
    /// The River II fork, kept aside for the youngest player (R2.2).
    fork: Option<TileId>,
    /// The spring, drawn first when the City of Carcassonne is the starting area (D-R2-6).
    spring: Option<TileId>,
    /// Whether the next draw is the fork.
    fork_due: bool,
    /// River tiles left (the lakes, the fork and the spring included).
    remaining: u32,
    /// The open river ends.
    ends: Vec<RiverEnd>,
    /// Whether the same player plays a normal turn after placing the volcano lake (R2.6) or
    /// the spring against the City (D-R2-6).
    lake_turn_due: bool,
    /// The seat that places the River II fork (R2.2, D-R2-1).
    fork_seat: u8,
    /// While the fork's seat places the fork out of turn because only river ends were left
    /// (R2.5): the seat whose turn part resumes afterwards, and whether that part was the
    /// second of a double turn.
    fork_interlude: Option<(u8, bool)>,
    /// Whether the spring is drawn first (the City of Carcassonne is the starting area).
    spring_first: bool,
}

clone_by_fields!(River {
    stack,
    lakes,
    fork,
    spring,
    fork_due,
    remaining,
    ends,
    lake_turn_due,
    fork_seat,
    fork_interlude,
    spring_first,
});

/// Which stack the next draw comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Spring,
    Fork,
    River,
    Lake,
}

impl River {
    /// The river of `config`, if it has river tiles (in its stack or as the start tile), with
    /// an empty river stack: the river tiles come through [`River::hold`] while the stack is
    /// built, then [`River::stacked`].
    pub fn new(config: &Config) -> Option<River> {
        let river_sets = config
            .sets
            .iter()
            .any(|s| matches!(s, TileSet::River | TileSet::River2));
        let start_is_river =
            !config.sets.contains(&TileSet::Count) && config.start_tile().tile.kind().has_river;
        let in_stack = config
            .stack
            .as_ref()
            .is_some_and(|s| s.iter().any(|t| t.kind().has_river));
        if !(start_is_river || in_stack || (river_sets && config.stack.is_none())) {
            return None;
        }
        Some(River {
            stack: vec![0; crate::catalogue::catalogue().tiles().len()],
            lakes: Vec::new(),
            fork: None,
            spring: None,
            fork_due: false,
            remaining: 0,
            ends: Vec::new(),
            lake_turn_due: false,
            fork_seat: if config.rules.river2_fork_first {
                config.first_player
            } else {
                config.youngest_player.unwrap_or(config.first_player)
            } as u8,
            fork_interlude: None,
            spring_first: config.sets.contains(&TileSet::Count),
        })
    }

    /// Takes `copies` of `tile` into the river stack if it is a river tile (RV-2): the fork
    /// aside for the youngest player (R2.2), the spring aside to be drawn first when the City
    /// of Carcassonne is the starting area (D-R2-6), the lakes to be drawn last. Returns
    /// whether it took them.
    pub fn hold(&mut self, tile: TileId, mut copies: u16) -> bool {
        let kind = tile.kind();
        if !kind.has_river {
            return false;
        }
        if kind.has_marker(Marker::Fork) && self.fork.is_none() {
            self.fork = Some(tile);
            copies -= 1;
        }
        if self.spring_first && kind.has_marker(Marker::Spring) && self.spring.is_none() {
            self.spring = Some(tile);
            copies -= 1;
        }
        if kind.has_marker(Marker::Lake) {
            self.lakes
                .extend(std::iter::repeat_n(tile, copies as usize));
        } else {
            self.stack[tile.index()] += copies;
        }
        self.remaining += copies as u32;
        true
    }

    /// The river stack is complete: counts the fork and the spring held aside and trims the
    /// counts to the kinds in play.
    pub fn stacked(mut self) -> River {
        // Draws scan the counts: keep them only up to the last kind in play.
        self.stack
            .truncate(self.stack.iter().rposition(|&c| c > 0).map_or(0, |i| i + 1));
        self.remaining += self.fork.is_some() as u32 + self.spring.is_some() as u32;
        self
    }

    /// River tiles left to draw.
    pub fn remaining(&self) -> u32 {
        self.remaining
    }

    /// Bytes a clone copies on the heap.
    pub fn heap_size(&self) -> usize {
        std::mem::size_of::<River>()
            + self.stack.len() * 2
            + self.lakes.len() * std::mem::size_of::<TileId>()
            + self.ends.len() * std::mem::size_of::<RiverEnd>()
    }

    /// The river stack the next draw comes from: the spring (D-R2-6), the fork when it is due,
    /// the river tiles, then the lakes (RV-2); `None` when the main stack is drawn from.
    fn phase(&self) -> Option<Phase> {
        let fork = self.fork.is_some() as usize;
        if self.remaining == 0 {
            None
        } else if self.spring.is_some() {
            Some(Phase::Spring)
        } else if self.fork_due && fork == 1 {
            Some(Phase::Fork)
        } else if self.remaining as usize > self.lakes.len() + fork {
            Some(Phase::River)
        } else if !self.lakes.is_empty() {
            Some(Phase::Lake)
        } else {
            None
        }
    }
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
    fn river(&self) -> Option<&River> {
        self.ext.river.as_deref()
    }

    /// The open river ends: empty positions where the river continues, with the side of the
    /// new tile that must carry it (empty in games without a river).
    pub fn open_river_ends(&self) -> Vec<(Position, Side)> {
        self.river()
            .map(|r| r.ends.iter().map(|e| (e.pos, e.side)).collect())
            .unwrap_or_default()
    }

    /// Whether the River II fork is still to be placed.
    pub fn fork_pending(&self) -> bool {
        self.river().is_some_and(|r| r.fork.is_some())
    }

    // ----- drawing -----

    /// `StartOfTurnPart`: the fork is due when its seat plays (R2.2). When the fork is the
    /// only river tile left (a custom stack, or every other river tile placed or discarded
    /// before the fork's seat played), the fork's seat places it now, out of turn, and this
    /// turn part resumes afterwards with a new draw — R2.5's "if the river stack contains only
    /// such tiles, the youngest player places the fork immediately": the river stack is not
    /// exhausted while the fork is in it (R2.1), so no land tile may be drawn before it.
    pub(crate) fn river_start_of_turn_part(&mut self) -> Flow {
        let active = self.active;
        let second_part = self.second_part;
        let Some(river) = self.ext.river.as_mut() else {
            return Flow::Continue;
        };
        river.fork_due = river.fork.is_some() && active == river.fork_seat;
        let only_the_fork = river.fork.is_some()
            && river.spring.is_none()
            && river.lakes.is_empty()
            && river.stack.iter().all(|&c| c == 0);
        if only_the_fork && !river.fork_due && river.fork_interlude.is_none() {
            river.fork_interlude = Some((active, second_part));
            river.fork_due = true;
            self.active = river.fork_seat;
            self.second_part = false;
        }
        Flow::Continue
    }

    /// `DrawSource`: the river stack the next draw comes from, if the river deals it.
    pub(crate) fn river_source(&self) -> Option<DrawFrom<'_>> {
        let river = self.river()?;
        Some(match river.phase()? {
            Phase::Spring => DrawFrom::One(river.spring?),
            Phase::Fork => DrawFrom::One(river.fork?),
            Phase::Lake => DrawFrom::One(*river.lakes.first()?),
            Phase::River => DrawFrom::Counts {
                counts: &river.stack,
                total: river.remaining - river.lakes.len() as u32 - river.fork.is_some() as u32,
            },
        })
    }

    /// `DrawSource`: takes `tile` from the river stack the next draw comes from; `None` if the
    /// river does not deal the next draw, else whether the tile was there.
    pub(crate) fn river_take(&mut self, tile: TileId) -> Option<bool> {
        let river = self.ext.river.as_mut()?;
        let taken = match river.phase()? {
            Phase::Spring => {
                let ok = river.spring == Some(tile);
                if ok {
                    river.spring = None;
                }
                ok
            }
            Phase::Fork => {
                let ok = river.fork == Some(tile);
                if ok {
                    river.fork = None;
                    river.fork_due = false;
                }
                ok
            }
            Phase::Lake => match river.lakes.iter().position(|l| *l == tile) {
                Some(i) => {
                    river.lakes.remove(i);
                    true
                }
                None => false,
            },
            Phase::River => match river.stack.get_mut(tile.index()) {
                Some(c) if *c > 0 => {
                    *c -= 1;
                    true
                }
                _ => false,
            },
        };
        if taken {
            river.remaining -= 1;
        }
        Some(taken)
    }

    /// `SetAside`: a drawn river end that would close the last open end before the fork is
    /// placed goes under the river stack (R2.5); if nothing else is left, the fork's seat
    /// places the fork now, out of turn, and this turn part resumes afterwards with a new draw.
    pub(crate) fn river_set_aside<S: Sink>(&mut self, tile: TileId, sink: &mut S) -> bool {
        let active = self.active;
        let second_part = self.second_part;
        let Some(river) = self.ext.river.as_mut() else {
            return false;
        };
        if tile.kind().has_marker(Marker::Fork) && river.fork.is_none() {
            // The fork itself fits nowhere (no open river end): it is discarded (D-R2-3), and
            // a turn part it interrupted resumes at once.
            if let Some((seat, second_part)) = river.fork_interlude.take() {
                self.active = seat;
                self.second_part = second_part;
            }
            return false;
        }
        if river.fork.is_none() || !tile.kind().has_river {
            return false;
        }
        if S::WANTED {
            sink.push(Event::TileDeferred {
                player: active as usize,
                tile,
            });
        }
        river.lakes.insert(0, tile);
        river.remaining += 1;
        if river.stack.iter().all(|&c| c == 0) && active != river.fork_seat {
            river.fork_interlude = Some((active, second_part));
            self.active = river.fork_seat;
            self.second_part = false;
        }
        true
    }

    // ----- placement -----

    /// `PlacementRule`: the open positions a river tile may go to: the open river ends (each
    /// once), or for the spring laid against the City of Carcassonne every open position;
    /// `None` for other tiles (every open position).
    pub(crate) fn river_positions(
        &self,
        kind: &TileKind,
    ) -> Option<impl Iterator<Item = &OpenPosition> + '_> {
        if !kind.has_river || kind.has_marker(Marker::Spring) {
            return None;
        }
        let ends = self.river().map_or(&[][..], |r| r.ends.as_slice());
        Some(ends.iter().enumerate().filter_map(move |(i, e)| {
            let first = !ends[..i].iter().any(|o| o.pos == e.pos);
            first.then(|| self.board.open_at(e.pos)).flatten()
        }))
    }

    /// `PlacementRule`: of the rotations `fits` of river tile `kind` at `o`, those the river
    /// rules allow.
    pub(crate) fn river_fitting(&self, kind: &TileKind, o: &OpenPosition, fits: u8) -> u8 {
        Rotation::ALL
            .iter()
            .filter(|r| fits & (1 << r.quarter_turns()) != 0 && self.river_allows(kind, o.pos, **r))
            .fold(0, |m, r| m | 1 << r.quarter_turns())
    }

    /// Whether a river tile may lie at `pos` in `rotation` beyond edge matching (RV-3): exactly
    /// one of its river edges touches the board (so it continues an open river end and never
    /// joins two ends), and it does not turn the way the tile upstream turned. Tiles without a
    /// river are not constrained.
    pub(crate) fn river_allows(&self, kind: &TileKind, pos: Position, rotation: Rotation) -> bool {
        let sides = river_sides(kind, rotation);
        if sides == 0 {
            return true;
        }
        if kind.has_marker(Marker::Spring) {
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
        let ends = self.river().map_or(&[][..], |r| r.ends.as_slice());
        // A river end may not close the last open end while the River II fork is to come
        // (R2.5, D-R2-3).
        if sides.count_ones() == 1 && ends.len() == 1 && self.fork_pending() {
            return false;
        }
        let outflows = Side::ALL
            .into_iter()
            .filter(|s| *s != inflow && sides & (1 << s.index()) != 0);
        match self.config.rules.river_turns {
            RiverTurnRule::NoImmediateSameTurn => {
                let upstream = ends
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

    /// `TileLaid`: records the open river ends after a river tile (or the spring) was laid at
    /// `pos`.
    pub(crate) fn advance_river(&mut self, kind: &TileKind, pos: Position, rotation: Rotation) {
        let sides = river_sides(kind, rotation);
        if sides == 0 {
            return;
        }
        let mut ends = match self.ext.river.as_mut() {
            Some(river) => std::mem::take(&mut river.ends),
            None => return,
        };
        let inflow = Side::ALL.into_iter().find(|s| {
            sides & (1 << s.index()) != 0 && ends.iter().any(|e| e.pos == pos && e.side == *s)
        });
        ends.retain(|e| e.pos != pos);
        for outflow in Side::ALL {
            if sides & (1 << outflow.index()) == 0 || Some(outflow) == inflow {
                continue;
            }
            let turn = inflow.map_or(0, |i| turn(i, outflow));
            let next = pos.neighbour(outflow);
            if self.board.tile_at(next).is_none() {
                ends.push(RiverEnd {
                    pos: next,
                    side: outflow.opposite(),
                    turn,
                });
            }
        }
        if let Some(river) = self.ext.river.as_mut() {
            river.ends = ends;
        }
    }

    // ----- the turn -----

    /// `TileTriggered`: the volcano lake gives no action of its own; the same player then plays
    /// a normal turn with a land tile (R2.6, D-R2-9; with `volcano_lake_turn` off it is an
    /// ordinary tile). So does the spring laid against the City of Carcassonne before the first
    /// turn (D-R2-6).
    pub(crate) fn river_tile_triggered(&mut self) -> Flow {
        let Some(kind) = self.last_placed().map(|p| p.tile.kind()) else {
            return Flow::Continue;
        };
        let volcano = kind.has_marker(Marker::Volcano) && self.config.rules.volcano_lake_turn;
        if !(kind.has_river && (volcano || kind.has_marker(Marker::Spring))) {
            return Flow::Continue;
        }
        if let Some(river) = self.ext.river.as_mut() {
            river.lake_turn_due = true;
        }
        Flow::NoDeployment
    }

    /// `EndOfTurnPart`: after the fork's interlude the interrupted turn part resumes (R2.5; no
    /// double turn comes of the interlude); after the volcano lake the same player plays again
    /// (R2.6).
    pub(crate) fn river_end_of_turn_part(&mut self) -> Flow {
        let Some(river) = self.ext.river.as_mut() else {
            return Flow::Continue;
        };
        if let Some((seat, second_part)) = river.fork_interlude.take() {
            self.active = seat;
            self.second_part = second_part;
            return Flow::NextPartChosen;
        }
        if river.lake_turn_due {
            river.lake_turn_due = false;
            return Flow::NextPartChosen;
        }
        Flow::Continue
    }

    /// `FieldBonus`: whether the field with root `root` holds a River II pig herd (R2.10).
    pub(crate) fn has_pig_herd(&self, root: NodeId) -> bool {
        self.features.members(root).any(|m| {
            let (placed, segment) = self.node_tile(m);
            placed.tile.kind().segments[segment].pig_herd
        })
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
