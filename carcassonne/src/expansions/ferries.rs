//! Ferries (spec `expansions.md` §3.3; seed S003 "Přívozy"): lakes where roads end, joined in
//! pairs by ferries that can be moved.
//!
//! - FE.1: each road of a lake tile is a road of its own that ends at the lake; a ferry joins
//!   two of them into one road (the lake tile counts once, FE.6). A road end at the lake
//!   without the ferry is closed.
//! - FE.2, FE.3, FE.5 (phase 2, end): after the deployment on a lake tile (made before the
//!   ferry, whether or not anything was deployed), the active player places its ferry
//!   joining two road ends of his choice ([`Pending::PlaceFerry`], [`Action::PlaceFerry`]).
//! - FE.4: then, when the tile laid in this turn part extends a road holding a ferry, the
//!   nearest ferry in each direction along each of its roads (the tile's own new ferry is
//!   crossed, never a candidate) may be moved to join any two road ends of its lake
//!   ([`Pending::MoveFerry`], [`Action::MoveFerry`] or [`Action::Pass`]). The candidates are
//!   found again after every move (D-FE-1); a ferry moves at most once per player's turn,
//!   across both parts of a builder's double turn (D-FE-4), or once per turn part with
//!   [`Rules::ferry_move_per_turn_part`](crate::Rules::ferry_move_per_turn_part). Only a
//!   placed tile extends a road (D-FE-5).
//! - Roads closed by placing or moving ferries are scored in the turn part's scoring (FE.5),
//!   wherever they are; a ferry may merge occupied roads (D-FE-2); a road extended only
//!   through a ferry gives no builder's double turn (FE.8: the double turn is decided when
//!   the tile is laid).
//!
//! Connectivity: placing a ferry joins two features of the union-find; moving one can split
//! a road, which a union-find cannot undo, so the road features are rebuilt from the board
//! and the ferries (`Game::rebuild_roads`). Only games with ferries pay for it, once per
//! move.
//!
//! State: `Ferries`. Hooks: `StartOfTurnPart` (the moves allowed again), `TileLaid` (a new
//! lake), `AfterDeployment` (FE.3, FE.4), `CompletedElsewhere` (the roads ferries changed,
//! for the scoring and the Count).

use crate::action::Action;
use crate::error::PlayError;
use crate::events::{Event, Sink};
use crate::features::NodeId;
use crate::figure::Figure;
use crate::game::{Game, Pending};
use crate::geometry::{facing_point, Location, Position, Side};
use crate::tile::{FeatureKind, Marker, TileKind, NO_SEGMENT};
use crate::turn::Flow;

/// A lake tile on the board and its ferry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Lake {
    /// Board index of the lake tile.
    pub tile: u16,
    /// The two road segments the ferry joins (segment indices, the smaller first); `None`
    /// until it is placed.
    pub ferry: Option<(u8, u8)>,
    /// Whether the ferry was moved in this turn (with `ferry_move_per_turn_part`, this turn
    /// part).
    pub moved: bool,
}

/// The lakes and their ferries, and the roads the ferries changed in this turn part.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Ferries {
    pub lakes: Vec<Lake>,
    /// Road nodes whose connections a ferry changed in this turn part (for the scoring).
    pub touched: Vec<NodeId>,
    /// While a move is pending ([`Pending::MoveFerry`]), the lakes (indices into `lakes`)
    /// whose ferries may move, from [`Game::ferry_candidates`] when the move was asked (the
    /// listing and the check read them); empty otherwise.
    pub candidates: Vec<usize>,
}

clone_by_fields!(Ferries {
    lakes,
    touched,
    candidates
});

impl Ferries {
    /// Bytes a clone copies on the heap.
    pub fn heap_size(&self) -> usize {
        self.lakes.len() * std::mem::size_of::<Lake>()
            + self.touched.len() * std::mem::size_of::<NodeId>()
            + self.candidates.len() * std::mem::size_of::<usize>()
    }
}

/// The location of a ferry joining the road segments `a` and `b` of `kind` turned by
/// `rotation`: the two road ends' sides (`WE`, `SE`, ...).
fn ferry_location(
    kind: &TileKind,
    rotation: crate::geometry::Rotation,
    (a, b): (u8, u8),
) -> Location {
    let la = kind.segments[a as usize].location(rotation);
    let lb = kind.segments[b as usize].location(rotation);
    // Two edge middles always make a location.
    Location::from_bits(la.bits() | lb.bits()).unwrap_or(la)
}

impl Game {
    /// The ferries on the board: the lake tile's position and the location of the ferry (the
    /// sides of the two road ends it joins, e.g. `WE`), in the order the lakes were laid
    /// (Ferries FE.1). Empty without the ferries element.
    pub fn ferries(&self) -> Vec<(Position, Location)> {
        let Some(ferries) = self.ext.ferries.as_ref() else {
            return Vec::new();
        };
        ferries
            .lakes
            .iter()
            .filter_map(|lake| {
                let placed = &self.board.tiles()[lake.tile as usize];
                let pair = lake.ferry?;
                Some((
                    placed.pos,
                    ferry_location(placed.tile.kind(), placed.rotation, pair),
                ))
            })
            .collect()
    }

    /// The joins the ferries make, as node pairs (for [`Game::rebuild_roads`]).
    pub(crate) fn ferry_links(&self) -> Vec<(NodeId, NodeId)> {
        let Some(ferries) = self.ext.ferries.as_ref() else {
            return Vec::new();
        };
        ferries
            .lakes
            .iter()
            .filter_map(|lake| {
                let base = self.board.tiles()[lake.tile as usize].node_base;
                lake.ferry
                    .map(|(a, b)| (base + u16::from(a), base + u16::from(b)))
            })
            .collect()
    }

    /// `StartOfTurnPart`: a new turn (with `ferry_move_per_turn_part`, a new turn part) lets
    /// every ferry move again (D-FE-4); no road was changed yet.
    pub(crate) fn ferries_start_of_turn_part(&mut self) -> Flow {
        let fresh = !self.is_second_part() || self.config.rules.ferry_move_per_turn_part;
        if let Some(ferries) = self.ext.ferries.as_mut() {
            ferries.touched.clear();
            if fresh {
                for lake in &mut ferries.lakes {
                    lake.moved = false;
                }
            }
        }
        Flow::Continue
    }

    /// `TileLaid`: a lake tile joins the board, its ferry still in the supply.
    pub(crate) fn note_lake(&mut self, kind: &TileKind) {
        let index = self.board.len() as u16 - 1;
        if let (true, Some(ferries)) = (
            kind.has_marker(Marker::FerryLake),
            self.ext.ferries.as_mut(),
        ) {
            ferries.lakes.push(Lake {
                tile: index,
                ferry: None,
                moved: false,
            });
        }
    }

    /// `AfterDeployment` (FE.3, FE.4): the new lake's ferry, then the moves.
    pub(crate) fn ferries_after_deployment(&mut self) -> Flow {
        let Some(index) = self.last_tile else {
            return Flow::Continue;
        };
        let unplaced = self
            .ext
            .ferries
            .as_ref()
            .is_some_and(|f| f.lakes.iter().any(|l| l.tile == index && l.ferry.is_none()));
        if unplaced {
            let pos = self.board.tiles()[index as usize].pos;
            self.ask(Pending::PlaceFerry { pos }, self.active);
            return Flow::Wait;
        }
        self.ask_ferry_moves()
    }

    /// Asks for a ferry move when a candidate exists (FE.4), noting the candidates for the
    /// decision, else goes on (no candidates noted).
    fn ask_ferry_moves(&mut self) -> Flow {
        let candidates = self.ferry_candidates();
        let ask = !candidates.is_empty();
        if let Some(ferries) = self.ext.ferries.as_mut() {
            ferries.candidates = candidates;
        }
        if !ask {
            return Flow::Continue;
        }
        self.ask(Pending::MoveFerry, self.active);
        Flow::Wait
    }

    /// The lakes whose ferries may move in the pending [`Pending::MoveFerry`] decision.
    fn noted_candidates(&self) -> &[usize] {
        self.ext
            .ferries
            .as_ref()
            .map_or(&[], |f| f.candidates.as_slice())
    }

    /// The lakes (indices into `Ferries::lakes`) whose ferries may move now (FE.4, D-FE-1):
    /// walking along the roads of the tile laid in this turn part, the first ferry met in
    /// each direction that is not on that tile and has not moved yet.
    #[inline(never)] // kept out of the turn pipeline's hot path of games without ferries
    fn ferry_candidates(&self) -> Vec<usize> {
        let (Some(index), Some(ferries)) = (self.last_tile, self.ext.ferries.as_ref()) else {
            return Vec::new();
        };
        let placed = self.board.tiles()[index as usize];
        if !self.ferry_on_roads_of(index, ferries) {
            return Vec::new();
        }
        let lake_of = |tile: u16| ferries.lakes.iter().position(|l| l.tile == tile);
        // Segments seen, as bits indexed by node id (each segment of the board is one node):
        // the walk stays linear in the length of the roads.
        let mut seen = vec![0u64; self.features.len().div_ceil(64)];
        let mut first_visit = |(tile, seg): (u16, u8)| {
            let node = usize::from(self.board.tiles()[tile as usize].node_base) + usize::from(seg);
            let bit = 1u64 << (node % 64);
            let new = seen[node / 64] & bit == 0;
            seen[node / 64] |= bit;
            new
        };
        let mut queue: Vec<(u16, u8)> = Vec::new();
        for (i, seg) in placed.tile.kind().segments.iter().enumerate() {
            if seg.kind == FeatureKind::Road && first_visit((index, i as u8)) {
                queue.push((index, i as u8));
            }
        }
        let mut found: Vec<usize> = Vec::new();
        let mut next: Vec<(u16, u8)> = Vec::new();
        while let Some((tile, seg)) = queue.pop() {
            let lake = lake_of(tile);
            let ferry = lake.and_then(|l| ferries.lakes[l].ferry);
            let on_ferry = ferry.filter(|&(a, b)| a == seg || b == seg);
            if let (Some(l), Some(_)) = (lake, on_ferry) {
                if tile != index {
                    // The nearest ferry in this direction: a candidate, not crossed.
                    if !found.contains(&l) {
                        found.push(l);
                    }
                    continue;
                }
            }
            next.clear();
            self.road_neighbours(tile, seg, &mut next);
            if let Some((a, b)) = on_ferry {
                next.push((tile, if a == seg { b } else { a }));
            }
            for &n in &next {
                if first_visit(n) {
                    queue.push(n);
                }
            }
        }
        found.retain(|&l| !ferries.lakes[l].moved);
        found.sort_unstable();
        found
    }

    /// Whether a ferry that could be a candidate of [`Game::ferry_candidates`] (on a lake
    /// other than board tile `index`, not moved yet) lies on a road of that tile: its road
    /// segments and the ferry's in one road. The walk along the roads stays inside those
    /// roads (edges and ferries are joins of the union-find), so without such a ferry it
    /// finds nothing and is skipped: on most turns no road of the new tile reaches a ferry.
    fn ferry_on_roads_of(&self, index: u16, ferries: &Ferries) -> bool {
        // The roads of the new tile, found at the first ferry that may move (on another tile,
        // not moved yet): a road segment reaches an edge, so a tile has at most four (a tile
        // with more is walked, never skipped).
        let mut roads = [0 as NodeId; 4];
        let mut n = None;
        for lake in &ferries.lakes {
            let Some((a, _)) = lake.ferry else {
                continue;
            };
            if lake.moved || lake.tile == index {
                continue;
            }
            let n = match n {
                Some(n) => n,
                None => {
                    let Some(found) = self.tile_roads(index, &mut roads) else {
                        return true;
                    };
                    if found == 0 {
                        return false;
                    }
                    *n.insert(found)
                }
            };
            let ferry_road = self
                .features
                .find(self.board.tiles()[lake.tile as usize].node_base + u16::from(a));
            // Compared one by one: `contains` on `u16`s calls a search out of line, which cost
            // 14,600 more instructions an every-set game than these comparisons.
            #[allow(clippy::manual_contains)]
            let on_road = roads[..n].iter().any(|&road| road == ferry_road);
            if on_road {
                return true;
            }
        }
        false
    }

    /// The roads (roots) of the road segments of board tile `index`, into `roads`, and their
    /// number; `None` if the tile has more road segments than `roads` holds.
    fn tile_roads(&self, index: u16, roads: &mut [NodeId; 4]) -> Option<usize> {
        let placed = self.board.tiles()[index as usize];
        let mut n = 0;
        for (i, seg) in placed.tile.kind().segments.iter().enumerate() {
            if seg.kind == FeatureKind::Road {
                *roads.get_mut(n)? = self.features.find(placed.node_base + i as u16);
                n += 1;
            }
        }
        Some(n)
    }

    /// The road segments across the edges of road segment `seg` of board tile `tile`, into
    /// `out` as (board index, segment).
    fn road_neighbours(&self, tile: u16, seg: u8, out: &mut Vec<(u16, u8)>) {
        let placed = self.board.tiles()[tile as usize];
        let kind = placed.tile.kind();
        let mine = &kind.rotated_owner[placed.rotation.quarter_turns() as usize];
        for side in Side::ALL {
            let p = 3 * side.index() + 1;
            if mine[p as usize] != seg {
                continue;
            }
            let Some(n) = self.board.tile_index_at(placed.pos.neighbour(side)) else {
                continue;
            };
            let other = self.board.tiles()[n];
            let theirs = &other.tile.kind().rotated_owner[other.rotation.quarter_turns() as usize];
            let b = theirs[facing_point(p) as usize];
            if b != NO_SEGMENT && other.tile.kind().segments[b as usize].kind == FeatureKind::Road {
                out.push((n as u16, b));
            }
        }
    }

    /// The road segment pairs of lake `lake` (into `Ferries::lakes`) as ferry actions, every
    /// pair but the current ferry's; `place` for a placement, else a move.
    fn ferry_options(&self, lake: usize, place: bool, out: &mut Vec<Action>) {
        let Some(ferries) = self.ext.ferries.as_ref() else {
            return;
        };
        let l = ferries.lakes[lake];
        let placed = self.board.tiles()[l.tile as usize];
        let kind = placed.tile.kind();
        let roads: Vec<u8> = (0..kind.segments.len() as u8)
            .filter(|&i| kind.segments[i as usize].kind == FeatureKind::Road)
            .collect();
        for (k, &a) in roads.iter().enumerate() {
            for &b in &roads[k + 1..] {
                if l.ferry == Some((a, b)) {
                    continue;
                }
                let location = ferry_location(kind, placed.rotation, (a, b));
                out.push(if place {
                    Action::PlaceFerry {
                        pos: placed.pos,
                        location,
                    }
                } else {
                    Action::MoveFerry {
                        pos: placed.pos,
                        location,
                    }
                });
            }
        }
    }

    /// The legal actions of a pending ferry decision, into `out`.
    pub(crate) fn ferry_actions(&self, out: &mut Vec<Action>) {
        match self.pending {
            Pending::PlaceFerry { pos } => {
                if let Some(lake) = self.lake_at(pos) {
                    self.ferry_options(lake, true, out);
                }
            }
            Pending::MoveFerry => {
                for &lake in self.noted_candidates() {
                    self.ferry_options(lake, false, out);
                }
                out.push(Action::Pass);
            }
            _ => {}
        }
    }

    /// The index into `Ferries::lakes` of the lake tile at `pos`.
    fn lake_at(&self, pos: Position) -> Option<usize> {
        let tile = self.board.tile_index_at(pos)? as u16;
        self.ext
            .ferries
            .as_ref()?
            .lakes
            .iter()
            .position(|l| l.tile == tile)
    }

    /// Checks `action` against a pending ferry decision.
    pub(crate) fn check_ferry_action(&self, action: Action) -> Result<(), PlayError> {
        let mut legal = Vec::new();
        self.ferry_actions(&mut legal);
        if legal.contains(&action) {
            return Ok(());
        }
        let reason = match (self.pending, action) {
            (Pending::PlaceFerry { pos }, Action::PlaceFerry { pos: at, .. }) => {
                if at != pos {
                    "the ferry goes on the lake of the tile just laid (FE.3)"
                } else {
                    "a ferry joins two road ends of its lake (FE.1)"
                }
            }
            (Pending::MoveFerry, Action::MoveFerry { pos, .. }) => match self.lake_at(pos) {
                None => "there is no lake at that position",
                Some(lake) if self.noted_candidates().contains(&lake) => {
                    "a ferry moves to join two other road ends of its lake (FE.4)"
                }
                Some(lake)
                    if self
                        .ext
                        .ferries
                        .as_ref()
                        .is_some_and(|f| f.lakes[lake].moved) =>
                {
                    "a ferry moves at most once per turn (FE.4, D-FE-4)"
                }
                Some(_) => {
                    "only the nearest ferry in each direction along the roads of the tile just \
                     laid may move (FE.4)"
                }
            },
            (pending, action) => {
                return Err(PlayError::WrongDecision {
                    action,
                    pending: pending.name(),
                })
            }
        };
        Err(PlayError::IllegalFerryAction { action, reason })
    }

    /// Plays a ferry decision (already checked) and resumes the pipeline: after a placement
    /// or a move, the moves still open are offered (D-FE-1); a pass ends them.
    pub(crate) fn apply_ferry_action<S: Sink>(&mut self, action: Action, sink: &mut S) {
        // The move's candidates served their decision (a placement or a move asks again).
        if let Some(ferries) = self.ext.ferries.as_mut() {
            ferries.candidates.clear();
        }
        match action {
            Action::PlaceFerry { pos, location } | Action::MoveFerry { pos, location } => {
                let moving = matches!(action, Action::MoveFerry { .. });
                if let Some(lake) = self.lake_at(pos) {
                    self.set_ferry(lake, location, moving, sink);
                }
                if self.ask_ferry_moves() == Flow::Wait {
                    return;
                }
            }
            _ => {}
        }
        self.advance(sink);
    }

    /// Puts the ferry of lake `lake` on the road ends at `location`, noting the roads it
    /// changes; a move rebuilds the road features (a road may split).
    fn set_ferry<S: Sink>(&mut self, lake: usize, location: Location, moving: bool, sink: &mut S) {
        let Some(ferries) = self.ext.ferries.as_ref() else {
            return;
        };
        let l = ferries.lakes[lake];
        let placed = self.board.tiles()[l.tile as usize];
        let kind = placed.tile.kind();
        let mut ends = (0..kind.segments.len() as u8).filter(|&i| {
            kind.segments[i as usize].kind == FeatureKind::Road
                && location.bits() & kind.segments[i as usize].location(placed.rotation).bits() != 0
        });
        let (Some(a), Some(b)) = (ends.next(), ends.next()) else {
            return;
        };
        let before = l.ferry;
        if let Some(ferries) = self.ext.ferries.as_mut() {
            ferries.lakes[lake].ferry = Some((a, b));
            ferries.lakes[lake].moved |= moving;
            // The roads through the ends the ferry left or joined changed; the lake's other
            // roads did not (a complete one there is not completed again).
            let old = before.map_or([a, b], |(c, d)| [c, d]);
            for end in [a, b].into_iter().chain(old) {
                ferries.touched.push(placed.node_base + u16::from(end));
            }
        }
        if moving {
            let ends: Vec<NodeId> = (0..kind.segments.len() as u16)
                .filter(|&i| kind.segments[i as usize].kind == FeatureKind::Road)
                .map(|i| placed.node_base + i)
                .collect();
            self.rebuild_roads(&ends);
            self.send_lonely_builders_home(sink);
        } else {
            self.features.connect(
                placed.node_base + u16::from(a),
                placed.node_base + u16::from(b),
                false,
            );
        }
        if S::WANTED {
            let player = self.active as usize;
            sink.push(match before {
                Some(pair) if moving => Event::FerryMoved {
                    player,
                    pos: placed.pos,
                    from: ferry_location(kind, placed.rotation, pair),
                    to: location,
                },
                _ => Event::FerryPlaced {
                    player,
                    pos: placed.pos,
                    location,
                },
            });
        }
    }

    /// After a move split a road: a builder left without one of its owner's followers in its
    /// road goes home (TB-2 puts it beside one; as a crop circle's return does, D-CR-1).
    fn send_lonely_builders_home<S: Sink>(&mut self, sink: &mut S) {
        while let Some(i) = self.figures.iter().position(|b| {
            let root = self.features.find(b.node);
            b.figure == Figure::Builder
                && !self.figures.iter().any(|f| {
                    f.player == b.player
                        && f.figure.is_follower()
                        && self.features.find(f.node) == root
                })
        }) {
            self.remove_figure_at(i, sink);
        }
    }

    /// `CompletedElsewhere`: road nodes away from the tile just laid that ferries joined or
    /// split in this turn part.
    pub(crate) fn ferry_touched(&self) -> &[NodeId] {
        self.ext
            .ferries
            .as_ref()
            .map_or(&[], |f| f.touched.as_slice())
    }
}
