//! Mage & Witch (spec `expansions.md` §3.5; seed S003 "Mág a čarodějnice"): two neutral
//! figures that change the value of the road or city they stand in.
//!
//! - MW.1 (phase 1.4): after a tile with a mage symbol, the active player puts the mage or the
//!   witch (from the reserve or from the board) onto a segment of an incomplete road or city
//!   ([`Pending::Magic`], [`Action::PlaceMagic`]): never into the other's feature, and a figure
//!   on the board changes feature (D-MW-1).
//! - MW.2: with no such segment for either, one figure on the board goes back to the reserve
//!   ([`Pending::RemoveMagic`], [`Action::RemoveMagic`]; forced with one on the board).
//! - MW.3: when a placed tile joins their features, one of them moves the same way before the
//!   deployment; one move answers both a merge and a mage tile (D-MW-2).
//! - MW.4: a scored road or city with the mage scores +1 per tile (D-MW-3: also on a value of
//!   0); with the witch its value (after every other change) is halved, rounded up — for every
//!   owner, during play and at the end ([`MagicFigure::value`]).
//! - MW.5: when their road or city is completed, the figure goes back to the reserve after the
//!   scoring, whether or not anybody occupied it (D-MW-4).
//!
//! A figure stands on a segment, so it follows its feature as it grows. Choices come one
//! segment at a time; a single possible move is made without asking.
//!
//! State: `Magic` (with the mage and witch element). Hooks: `TileTriggered` (MW.1–MW.3),
//! `FeatureValue` (MW.4), `FeatureCompleted` (MW.5).

use crate::action::Action;
use crate::board::PlacedTile;
use crate::error::PlayError;
use crate::events::{Event, FeatureScore, Sink};
use crate::features::NodeId;
use crate::game::{Game, Pending};
use crate::geometry::{Location, Position};
use crate::magic::MagicFigure;
use crate::tile::{FeatureKind, Marker, Segment};
use crate::turn::Flow;

/// Where the mage and the witch stand: the node of their segment, by
/// [`MagicFigure::index`]; `None` in the reserve.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Magic {
    pub at: [Option<NodeId>; 2],
}

/// The mage or the witch on the board (see [`Game::magic_figures`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlacedMagicFigure {
    /// Which one.
    pub figure: MagicFigure,
    /// The position of the tile it stands on.
    pub pos: Position,
    /// The kind of its feature: road or city.
    pub feature: FeatureKind,
    /// Its segment's location on the tile.
    pub location: Location,
}

impl Game {
    /// The mage and the witch on the board, in that order (empty without the element or
    /// while both are in the reserve).
    pub fn magic_figures(&self) -> Vec<PlacedMagicFigure> {
        let Some(magic) = self.ext.magic.as_ref() else {
            return Vec::new();
        };
        MagicFigure::ALL
            .into_iter()
            .filter_map(|figure| {
                let node = magic.at[figure.index()]?;
                let (pos, location) = self.node_place(node);
                Some(PlacedMagicFigure {
                    figure,
                    pos,
                    feature: self.features.node(node).kind,
                    location,
                })
            })
            .collect()
    }

    /// The root of the feature `figure` stands in.
    fn magic_root(&self, figure: MagicFigure) -> Option<NodeId> {
        let node = self.ext.magic.as_ref()?.at[figure.index()]?;
        Some(self.features.find(node))
    }

    /// `TileTriggered` (phase 1.4, MW.1–MW.3): a mage tile, or a tile that joined the mage's
    /// and the witch's features, calls for a move (or a removal).
    pub(crate) fn magic_tile_triggered<S: Sink>(&mut self, sink: &mut S) -> Flow {
        let Some(placed) = self.last_placed() else {
            return Flow::Continue;
        };
        let mage_tile = placed.tile.kind().has_marker(Marker::Mage);
        self.magic_step(mage_tile, sink)
    }

    /// `AfterDeployment` (D-FE-3): a ferry that joined the mage's and the witch's roads calls
    /// for a move (MW.3) right after the ferry step, before the scoring.
    pub(crate) fn magic_after_deployment<S: Sink>(&mut self, sink: &mut S) -> Flow {
        self.magic_step(false, sink)
    }

    /// A move (or a removal) when `mage_tile` or when the two figures share a feature.
    fn magic_step<S: Sink>(&mut self, mage_tile: bool, sink: &mut S) -> Flow {
        let merged = match (
            self.magic_root(MagicFigure::Mage),
            self.magic_root(MagicFigure::Witch),
        ) {
            (Some(a), Some(b)) => a == b,
            _ => false,
        };
        if !mage_tile && !merged {
            return Flow::Continue;
        }
        // Two moves make a choice: the listing stops at the second.
        let mut first = None;
        let mut count = 0;
        self.for_each_magic_move(|figure, node, _, _| {
            first.get_or_insert((figure, node));
            count += 1;
            count < 2
        });
        if count > 1 {
            self.ask(Pending::Magic, self.active);
            return Flow::Wait;
        }
        if let Some((figure, node)) = first {
            self.move_magic(figure, node, sink);
            return Flow::Continue;
        }
        // MW.2: nowhere to go; a figure on the board goes back to the reserve.
        let on_board: Vec<MagicFigure> = MagicFigure::ALL
            .into_iter()
            .filter(|f| self.magic_root(*f).is_some())
            .collect();
        match on_board.as_slice() {
            [] => Flow::Continue,
            [figure] => {
                self.remove_magic(*figure, sink);
                Flow::Continue
            }
            _ => {
                self.ask(Pending::RemoveMagic, self.active);
                Flow::Wait
            }
        }
    }

    /// Every move of a magic figure the rules allow now (MW.1, D-MW-1), into `out`: for the
    /// mage, then the witch, each segment of an incomplete road or city in board order that is
    /// neither in the figure's own feature nor in the other's.
    fn magic_moves(&self, out: &mut Vec<Action>) {
        // A figure may go where neither figure stands: the same segments for both, so the
        // board is scanned for the first figure and its moves are repeated for the other.
        let [first, second] = MagicFigure::ALL;
        let start = out.len();
        self.for_each_magic_move(|figure, _, placed, seg| {
            if figure != first {
                return false;
            }
            out.push(Action::PlaceMagic {
                figure,
                pos: placed.pos,
                feature: seg.kind,
                location: seg.location(placed.rotation),
            });
            true
        });
        let end = out.len();
        out.extend_from_within(start..end);
        for action in &mut out[end..] {
            if let Action::PlaceMagic { figure, .. } = action {
                *figure = second;
            }
        }
    }

    /// Calls `visit(figure, node, tile, segment)` for each move of [`Game::magic_moves`] (the
    /// segment `node`, of the board's tile `tile`), in its order, until `visit` returns false.
    fn for_each_magic_move(
        &self,
        mut visit: impl FnMut(MagicFigure, NodeId, &PlacedTile, &Segment) -> bool,
    ) {
        for figure in MagicFigure::ALL {
            let taken = [self.magic_root(figure), self.magic_root(figure.other())];
            for placed in self.board.tiles() {
                let kind = placed.tile.kind();
                for i in kind.road_and_city_segments() {
                    let seg = &kind.segments[i];
                    let node = placed.node_base + i as u16;
                    if !self.magic_may_enter(taken, node) {
                        continue;
                    }
                    if !visit(figure, node, placed, seg) {
                        return;
                    }
                }
            }
        }
    }

    /// Whether `action` is one of [`Game::magic_moves`], without listing them: a segment of
    /// an incomplete road or city, in neither the figure's own feature nor the other's.
    fn is_magic_move(&self, action: Action) -> bool {
        let Action::PlaceMagic {
            figure,
            pos,
            feature,
            location,
        } = action
        else {
            return false;
        };
        if !matches!(feature, FeatureKind::Road | FeatureKind::City) {
            return false;
        }
        let taken = [self.magic_root(figure), self.magic_root(figure.other())];
        self.magic_target(pos, feature, location)
            .is_some_and(|node| self.magic_may_enter(taken, node))
    }

    /// Whether a magic figure may go to the road or city segment `node` (MW.1): its feature is
    /// incomplete and is neither of `taken`, the roots of the figure's own feature and the
    /// other figure's.
    fn magic_may_enter(&self, taken: [Option<NodeId>; 2], node: NodeId) -> bool {
        let root = self.features.find(node);
        self.features.open(root) != 0 && !taken.contains(&Some(root))
    }

    /// The node of the road or city segment at `location` of the tile at `pos`.
    fn magic_target(
        &self,
        pos: Position,
        feature: FeatureKind,
        location: Location,
    ) -> Option<NodeId> {
        let placed = self.board.tile_at(pos)?;
        let segment = self.segment_at(placed, feature, location)?;
        Some(placed.node_base + segment as u16)
    }

    /// Puts `figure` on the segment `node`.
    fn move_magic<S: Sink>(&mut self, figure: MagicFigure, node: NodeId, sink: &mut S) {
        if let Some(magic) = self.ext.magic.as_mut() {
            magic.at[figure.index()] = Some(node);
        }
        if S::WANTED {
            let (pos, location) = self.node_place(node);
            sink.push(Event::MagicFigureMoved {
                figure,
                pos,
                feature: self.features.node(node).kind,
                location,
            });
        }
    }

    /// Sends `figure` back to the reserve.
    fn remove_magic<S: Sink>(&mut self, figure: MagicFigure, sink: &mut S) {
        if let Some(magic) = self.ext.magic.as_mut() {
            magic.at[figure.index()] = None;
        }
        if S::WANTED {
            sink.push(Event::MagicFigureRemoved { figure });
        }
    }

    /// `FeatureValue` (MW.4): the value of the scored road or city `root` of `tiles` tiles
    /// with the mage or the witch in it.
    pub(crate) fn magic_value(
        &self,
        root: NodeId,
        tiles: u16,
        points: &mut u32,
        score: &mut FeatureScore,
    ) {
        for figure in MagicFigure::ALL {
            if self.magic_root(figure) == Some(root) {
                *points = figure.value(*points, tiles);
                score.magic = Some(figure);
            }
        }
    }

    /// `FeatureCompleted` (MW.5, D-MW-4): a magic figure in the completed road or city `root`
    /// goes back to the reserve.
    pub(crate) fn magic_feature_completed<S: Sink>(&mut self, root: NodeId, sink: &mut S) {
        for figure in MagicFigure::ALL {
            if self.magic_root(figure) == Some(root) {
                self.remove_magic(figure, sink);
            }
        }
    }

    /// The legal actions of a pending magic decision, into `out`.
    pub(crate) fn magic_actions(&self, out: &mut Vec<Action>) {
        match self.pending {
            Pending::Magic => self.magic_moves(out),
            Pending::RemoveMagic => out.extend(
                MagicFigure::ALL
                    .into_iter()
                    .filter(|f| self.magic_root(*f).is_some())
                    .map(|figure| Action::RemoveMagic { figure }),
            ),
            _ => {}
        }
    }

    /// Checks `action` against a pending magic decision.
    pub(crate) fn check_magic_action(&self, action: Action) -> Result<(), PlayError> {
        let legal = match (self.pending, action) {
            (Pending::Magic, Action::PlaceMagic { .. }) => self.is_magic_move(action),
            (Pending::RemoveMagic, Action::RemoveMagic { figure }) => {
                self.magic_root(figure).is_some()
            }
            _ => false,
        };
        if legal {
            return Ok(());
        }
        let reason = match (self.pending, action) {
            (Pending::Magic, Action::PlaceMagic { figure, .. }) => {
                if self.magic_root(figure.other()).is_some()
                    && self.magic_root(figure.other()) == self.magic_action_root(action)
                {
                    "the mage and the witch are never in the same feature (MW.1)"
                } else if self.magic_root(figure).is_some()
                    && self.magic_root(figure) == self.magic_action_root(action)
                {
                    "a magic figure on the board moves to another feature (D-MW-1)"
                } else {
                    "a magic figure goes onto a segment of an incomplete road or city (MW.1)"
                }
            }
            (Pending::RemoveMagic, Action::RemoveMagic { .. }) => {
                "only a magic figure on the board can be removed (MW.2)"
            }
            (pending, action) => {
                return Err(PlayError::WrongDecision {
                    action,
                    pending: pending.name(),
                })
            }
        };
        Err(PlayError::IllegalMagicAction { action, reason })
    }

    /// The feature a `PlaceMagic` action names, if it names a road or city segment.
    fn magic_action_root(&self, action: Action) -> Option<NodeId> {
        match action {
            Action::PlaceMagic {
                pos,
                feature,
                location,
                ..
            } => self
                .magic_target(pos, feature, location)
                .map(|n| self.features.find(n)),
            _ => None,
        }
    }

    /// Plays a magic decision (already checked) and resumes the pipeline.
    pub(crate) fn apply_magic_action<S: Sink>(&mut self, action: Action, sink: &mut S) {
        match action {
            Action::PlaceMagic {
                figure,
                pos,
                feature,
                location,
            } => {
                if let Some(node) = self.magic_target(pos, feature, location) {
                    self.move_magic(figure, node, sink);
                }
            }
            Action::RemoveMagic { figure } => self.remove_magic(figure, sink),
            _ => {}
        }
        self.advance(sink);
    }
}
