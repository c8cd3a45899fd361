//! The score track (spec `expansions.md` §0.4.2–§0.4.5): with the Robbers in play points are
//! not just added to a score, they move scoring figures along a track of 50 spaces, one award
//! at a time, and what stands on the track reacts to each move.
//!
//! - **Figures.** Each player has [`Game::track_figures`] scoring figures (one with the
//!   Robbers; the Messages' messenger will be a second). A figure's *value* is the points it
//!   has moved; its *space* is `value mod 50` and its *laps* `value / 50`
//!   ([`TrackPosition`]). A player's score is the sum of his figures' values.
//! - **Awards in rounds.** One award is one player's points for one reason (a feature, a
//!   field, the big top, a robbery, ...). Awards given together — the owners of one feature,
//!   of one field, of one big top, of one pyramid, of one goods majority — form a *round*;
//!   anything else is a round of its own. Rounds are paid in the order they arise. Within a
//!   round, first each award's moving figure is settled (automatic with one figure; the
//!   Messages' M.1 choice point), then the robbers' victims (RO.2–RO.6, asking
//!   [`Pending::ChooseRobbed`] when a robber has several, RO.5), then the figures move and the
//!   robbers that robbed pay as a round of robbery points of their own, which robs nobody
//!   and carries other players' robbers along (RO.7).
//! - **Resumable.** When a round needs a decision the rounds after it wait in a queue; the
//!   code producing them runs on (it reads no scores), and the pipeline stops at its next
//!   checkpoint — after each hook, after a deployment alternative, between the features of a
//!   turn part's scoring, before the game is over — asks the decision, and resumes there once
//!   the queue is paid.
//! - **The order of the turn part's features (D-GEN-1).** With the track the scoring of a turn
//!   part is a resumable step of its own (`Step::Scoring`): the completed features nobody
//!   holds are settled first (figures home, goods, the King's and the mage's bookkeeping);
//!   then, while two or more held ones are left and the order can matter (a robber on the
//!   track), the active player names the next ([`Pending::ScoreOrder`],
//!   [`Action::ScoreFirst`]); otherwise the engine's fixed order (roads and cities of the tile
//!   in its segment order, those a ferry closed, then monasteries and shrines).
//!
//! Without the track none of this runs: paying tests one hook bit and adds to the score.

use std::collections::VecDeque;

use crate::action::Action;
use crate::config::MAX_PLAYERS;
use crate::error::PlayError;
use crate::events::{Event, Reason, RobberyScore, Score, Sink};
use crate::expansions::Hook;
use crate::features::NodeId;
use crate::game::{Game, Pending};
use crate::tile::FeatureKind;
use crate::turn::Step;

/// Spaces of the score track: a figure's space is its value modulo this.
pub const TRACK_SPACES: u32 = 50;

/// The most scoring figures a player can have on the track (the scoring figure and, with the
/// Messages, the messenger).
pub(crate) const MAX_TRACK_FIGURES: usize = 2;

/// A figure whose award has not yet settled which of its owner's figures moves.
const UNCHOSEN: u8 = u8::MAX;

/// Where a scoring figure stands on the track.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TrackPosition {
    /// The space, 0–49: the figure's points modulo 50.
    pub space: u8,
    /// Full laps of 50 points completed.
    pub laps: u32,
}

impl TrackPosition {
    /// The position of a figure that has moved `value` points.
    pub const fn of(value: u32) -> TrackPosition {
        TrackPosition {
            space: (value % TRACK_SPACES) as u8,
            laps: value / TRACK_SPACES,
        }
    }

    /// The points the figure has moved: `laps × 50 + space`.
    pub const fn value(self) -> u32 {
        self.laps * TRACK_SPACES + self.space as u32
    }
}

/// Where a player's robber is (Robbers).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RobberState {
    /// In its owner's supply: it may be placed after a robber tile (RO.1).
    InSupply,
    /// On this space (0–49) of the score track.
    OnTrack(u8),
    /// It robbed in this turn part and is off the track; it is back in supply at phase 4
    /// step 3 (S003's turn summary), or after the final scoring.
    Returning,
}

/// One award: the score, and which of the receiver's figures moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Award {
    pub score: Score,
    /// The moving figure's index, or [`UNCHOSEN`].
    pub figure: u8,
}

/// Awards given together (see the module documentation).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Round {
    pub awards: Vec<Award>,
    /// Robbery points: they never rob, and robbers on the moving figure's space travel along
    /// (RO.7).
    pub robbery: bool,
    /// Victims chosen so far, by robber owner (RO.5).
    pub victims: [Option<u8>; MAX_PLAYERS],
}

/// The scoring of a turn part in the order the active player chooses (D-GEN-1).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct OrderedScoring {
    /// The completed roads, cities, monasteries and shrines holding followers, not yet scored
    /// (roots), in the engine's fixed order.
    pub todo: Vec<NodeId>,
    /// The monasteries and shrines completed in the turn part (for the Cult's challenge).
    pub buildings: Vec<NodeId>,
    /// Whether the end of the features (`BuildingsScored`, `TurnPartScored`) has run.
    pub closed: bool,
}

/// A round of robber placements after a robber tile (RO.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Placing {
    /// The seats that may place, in the order they are asked.
    pub seats: [u8; MAX_PLAYERS],
    pub len: u8,
    /// The next seat to ask (index into `seats`).
    pub next: u8,
    /// With [`RobberPlacement::BeforeTilePlacement`](crate::RobberPlacement): the drawn tile,
    /// placed once the robbers are.
    pub tile: Option<crate::tile::TileId>,
}

/// The track's state (present with the Robbers).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Track {
    /// Scoring figures per player.
    pub figures: u8,
    /// Points each figure has moved, by seat and figure.
    pub values: [[u32; MAX_TRACK_FIGURES]; MAX_PLAYERS],
    /// Each player's robber, with the Robbers.
    pub robbers: Option<[RobberState; MAX_PLAYERS]>,
    /// The round being gathered.
    pub open: Option<Round>,
    /// Whether awards are being gathered into one round (`begin_round` .. `end_round`).
    pub grouping: bool,
    /// Rounds waiting to be paid, in order.
    pub queue: VecDeque<Round>,
    /// The robber owner whose choice the first round waits for (RO.5).
    pub waiting: Option<u8>,
    /// From the end of the last turn on (§5 F1): with `robbers_in_final_scoring` off no robber
    /// robs.
    pub final_phase: bool,
    /// The turn part's scoring, while it runs.
    pub scoring: Option<OrderedScoring>,
    /// Robber placements under way.
    pub placing: Option<Placing>,
}

impl Track {
    /// The track at the start: every figure on 0, every robber in supply (with `robbers`).
    pub fn new(robbers: bool) -> Track {
        Track {
            figures: 1,
            values: [[0; MAX_TRACK_FIGURES]; MAX_PLAYERS],
            robbers: robbers.then_some([RobberState::InSupply; MAX_PLAYERS]),
            open: None,
            grouping: false,
            queue: VecDeque::new(),
            waiting: None,
            final_phase: false,
            scoring: None,
            placing: None,
        }
    }

    /// Bytes a clone copies on the heap.
    pub fn heap_size(&self) -> usize {
        std::mem::size_of::<Track>()
            + self.queue.len() * std::mem::size_of::<Round>()
            + self
                .scoring
                .as_ref()
                .map_or(0, |s| (s.todo.len() + s.buildings.len()) * 2)
    }

    /// The space figure `figure` of `player` stands on.
    fn space(&self, player: usize, figure: u8) -> u8 {
        (self.values[player][figure as usize] % TRACK_SPACES) as u8
    }
}

/// `award`'s robbery points: half, rounded up (RO.2).
pub const fn robbery_points(award: u32) -> u32 {
    award.div_ceil(2)
}

impl Game {
    // ----- read access -----

    /// Whether points move scoring figures along a score track (with the robbers element):
    /// then [`Game::track_position`] says where they stand.
    pub fn has_score_track(&self) -> bool {
        self.ext.track.is_some()
    }

    /// Scoring figures each player has on the track: 1 with the Robbers (the scoring figure),
    /// 0 without a track.
    pub fn track_figures(&self) -> usize {
        self.ext.track.as_ref().map_or(0, |t| t.figures as usize)
    }

    /// Where `player`'s scoring figure number `figure` (0: the scoring figure) stands on the
    /// track: its space (its points modulo 50) and laps. `None` without a track, or for a seat
    /// or figure that does not exist. The values of a player's figures add up to his score.
    pub fn track_position(&self, player: usize, figure: usize) -> Option<TrackPosition> {
        let track = self.ext.track.as_ref()?;
        (player < self.players() && figure < track.figures as usize)
            .then(|| TrackPosition::of(track.values[player][figure]))
    }

    /// Where `player`'s robber is (Robbers); `None` without robbers or for a seat that does
    /// not exist.
    pub fn robber(&self, player: usize) -> Option<RobberState> {
        let robbers = self.ext.track.as_ref()?.robbers.as_ref()?;
        (player < self.players()).then(|| robbers[player])
    }

    // ----- paying -----

    /// An award on the track (see [`Game::pay`]): gathered into the open round, which is paid
    /// at once unless awards are being grouped.
    pub(crate) fn award<S: Sink>(
        &mut self,
        player: usize,
        points: u32,
        reason: Reason,
        sink: &mut S,
    ) {
        let final_scoring = self.is_over();
        let Some(track) = self.ext.track.as_mut() else {
            return;
        };
        track
            .open
            .get_or_insert_with(Round::default)
            .awards
            .push(Award {
                score: Score {
                    player,
                    points,
                    final_scoring,
                    reason,
                },
                figure: UNCHOSEN,
            });
        if !track.grouping {
            self.close_round(sink);
        }
    }

    /// Starts gathering the awards given together (the owners of one feature, ...) into one
    /// round; a no-op without the track.
    #[inline(always)]
    pub(crate) fn begin_round(&mut self) {
        if self.has_hook(Hook::ScoreTrack) {
            if let Some(track) = self.ext.track.as_mut() {
                track.grouping = true;
            }
        }
    }

    /// Ends the round [`Game::begin_round`] started and pays it (unless rounds wait for a
    /// decision); a no-op without the track.
    #[inline(always)]
    pub(crate) fn end_round<S: Sink>(&mut self, sink: &mut S) {
        if self.has_hook(Hook::ScoreTrack) {
            if let Some(track) = self.ext.track.as_mut() {
                track.grouping = false;
            }
            self.close_round(sink);
        }
    }

    fn close_round<S: Sink>(&mut self, sink: &mut S) {
        let Some(track) = self.ext.track.as_mut() else {
            return;
        };
        if let Some(round) = track.open.take() {
            track.queue.push_back(round);
        }
        self.pay_rounds(sink);
    }

    /// Pays the waiting rounds in order until one needs a decision (noted in
    /// `Track::waiting`, asked at the pipeline's next checkpoint).
    pub(crate) fn pay_rounds<S: Sink>(&mut self, sink: &mut S) {
        let n = self.players();
        let active = self.active as usize;
        let robbing_at_end = self.config.rules.robbers_in_final_scoring;
        loop {
            let Some(track) = self.ext.track.as_mut() else {
                return;
            };
            if track.waiting.is_some() {
                return;
            }
            let figures = track.figures;
            let Some(round) = track.queue.front_mut() else {
                return;
            };
            // M.1: which figure moves. With one figure, the scoring figure.
            for a in &mut round.awards {
                if a.figure == UNCHOSEN && figures == 1 {
                    a.figure = 0;
                }
            }
            // RO.2–RO.6: each robber on the start space of a figure leaving it with points
            // robs one of them; its owner chooses among several players (RO.5).
            let mut robberies: [Option<(u8, u32, u8)>; MAX_PLAYERS] = [None; MAX_PLAYERS];
            let robbing =
                !round.robbery && (!track.final_phase || robbing_at_end) && track.robbers.is_some();
            if robbing {
                let robbers = track
                    .robbers
                    .unwrap_or([RobberState::InSupply; MAX_PLAYERS]);
                for q in (0..n).map(|k| (active + k) % n) {
                    let RobberState::OnTrack(s) = robbers[q] else {
                        continue;
                    };
                    // (Every award's figure is settled above: with the Messages' two figures
                    // the M.1 choice will be asked before this point.)
                    let mut victims = round.awards.iter().filter(|a| {
                        a.score.player != q
                            && a.score.points > 0
                            && a.figure != UNCHOSEN
                            && track.values[a.score.player][a.figure as usize] % TRACK_SPACES
                                == u32::from(s)
                    });
                    let (Some(first), second) = (victims.next(), victims.next()) else {
                        continue;
                    };
                    let victim = match (second, round.victims[q]) {
                        (None, _) => first,
                        (Some(_), Some(v)) => {
                            match round.awards.iter().find(|a| a.score.player == v as usize) {
                                Some(a) => a,
                                None => first,
                            }
                        }
                        (Some(_), None) => {
                            track.waiting = Some(q as u8);
                            return;
                        }
                    };
                    robberies[q] = Some((victim.score.player as u8, victim.score.points, s));
                }
            }
            let Some(round) = track.queue.pop_front() else {
                return;
            };
            if let Some(robbers) = track.robbers.as_mut() {
                for (q, r) in robberies.iter().enumerate() {
                    if r.is_some() {
                        robbers[q] = RobberState::Returning;
                    }
                }
            }
            let final_scoring = round.awards.first().is_some_and(|a| a.score.final_scoring);
            for award in round.awards {
                self.move_figure(award, round.robbery, sink);
            }
            let mut paid = Round {
                robbery: true,
                ..Round::default()
            };
            for q in (0..n).map(|k| (active + k) % n) {
                if let Some((victim, award, space)) = robberies[q] {
                    paid.awards.push(Award {
                        score: Score {
                            player: q,
                            points: robbery_points(award),
                            final_scoring,
                            reason: Reason::Robbery(RobberyScore {
                                victim: victim as usize,
                                award,
                                space,
                            }),
                        },
                        figure: UNCHOSEN,
                    });
                }
            }
            if !paid.awards.is_empty() {
                if let Some(track) = self.ext.track.as_mut() {
                    track.queue.push_front(paid);
                }
            }
        }
    }

    /// Moves the award's figure and pays its owner; for robbery points other players'
    /// robbers on the figure's start space travel along (RO.7, D-RO-3).
    fn move_figure<S: Sink>(&mut self, award: Award, robbery: bool, sink: &mut S) {
        let Some(track) = self.ext.track.as_mut() else {
            return;
        };
        let player = award.score.player;
        let figure = award.figure.min(track.figures - 1);
        let from = track.space(player, figure);
        track.values[player][figure as usize] += award.score.points;
        let to = track.space(player, figure);
        self.players[player].score += award.score.points;
        let mut travelled = [false; MAX_PLAYERS];
        if robbery && from != to {
            if let Some(robbers) = track.robbers.as_mut() {
                for (o, r) in robbers.iter_mut().enumerate() {
                    if o != player && *r == RobberState::OnTrack(from) {
                        *r = RobberState::OnTrack(to);
                        travelled[o] = true;
                    }
                }
            }
        }
        if S::WANTED {
            sink.push(Event::Scored(award.score));
            for (o, _) in travelled.iter().enumerate().filter(|(_, t)| **t) {
                sink.push(Event::RobberMoved {
                    player: o,
                    from,
                    to,
                    with: Some(player),
                });
            }
        }
    }

    /// The checkpoint of the pipeline: when the awards wait for a robber's choice, asks it
    /// and returns true (the caller stops; the pipeline resumes from its cursor once the
    /// awards are paid).
    #[inline(always)]
    pub(crate) fn awards_wait(&mut self) -> bool {
        if !self.has_hook(Hook::ScoreTrack) {
            return false;
        }
        match self.ext.track.as_ref().and_then(|t| t.waiting) {
            Some(q) => {
                self.ask(Pending::ChooseRobbed, q);
                true
            }
            None => false,
        }
    }

    /// The players robber owner `q` may rob in the round waiting for his choice (RO.5).
    pub(crate) fn robbery_candidates(&self, q: u8) -> Vec<u8> {
        let Some(track) = self.ext.track.as_ref() else {
            return Vec::new();
        };
        let (Some(round), Some(RobberState::OnTrack(s))) = (
            track.queue.front(),
            track.robbers.as_ref().map(|r| r[q as usize]),
        ) else {
            return Vec::new();
        };
        let mut out: Vec<u8> = round
            .awards
            .iter()
            .filter(|a| {
                a.score.player != q as usize
                    && a.score.points > 0
                    && a.figure != UNCHOSEN
                    && track.space(a.score.player, a.figure) == s
            })
            .map(|a| a.score.player as u8)
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// From the end of the last turn on (§5 F1): robbers rob on only with
    /// `robbers_in_final_scoring`.
    pub(crate) fn track_final_phase(&mut self) {
        if let Some(track) = self.ext.track.as_mut() {
            track.final_phase = true;
        }
    }

    // ----- the turn part's scoring (D-GEN-1) -----

    /// Phase 3.3 with the track: settles the completed features nobody holds, notes the held
    /// ones, and scores them one at a time (see the module documentation).
    pub(crate) fn track_scoring<S: Sink>(&mut self, sink: &mut S) {
        if let Some(index) = self.last_tile.take() {
            let order = self.collect_completed(index as usize, sink);
            if let Some(track) = self.ext.track.as_mut() {
                track.scoring = Some(order);
            }
        }
        self.goto(Step::Scoring);
        self.resume_scoring(sink);
    }

    /// The completed features of the turn part's tile (board index `tile`): those nobody
    /// holds are settled now (a builder left alone goes home, the expansions note the
    /// completion); the held ones are returned in the engine's order.
    fn collect_completed<S: Sink>(&mut self, tile: usize, sink: &mut S) -> OrderedScoring {
        let placed = self.board.tiles()[tile];
        let kind = placed.tile.kind();
        let mut nodes: Vec<NodeId> = kind
            .segments
            .iter()
            .enumerate()
            .filter(|(_, s)| matches!(s.kind, FeatureKind::Road | FeatureKind::City))
            .map(|(i, _)| placed.node_base + i as u16)
            .collect();
        if self.has_hook(Hook::CompletedElsewhere) {
            nodes.extend(self.completed_elsewhere());
        }
        let mut order = OrderedScoring::default();
        let mut done: Vec<NodeId> = Vec::new();
        for node in nodes {
            let root = self.features.find(node);
            if self.features.open(root) != 0 || done.contains(&root) {
                continue;
            }
            done.push(root);
            if self.features.figures(root) > 0 {
                order.todo.push(root);
                continue;
            }
            if self.has_hook(Hook::CompletedElsewhere) {
                self.return_figures(root, sink);
            }
            if self.has_hook(Hook::FeatureCompleted) {
                let kind = self.features.node(root).kind;
                self.feature_completed(kind, root, sink);
            }
        }
        let mut surrounded = [NodeId::MAX; 9];
        let n = self.surrounded_buildings_near(placed.pos, &mut surrounded);
        order.todo.extend_from_slice(&surrounded[..n]);
        order.buildings.extend_from_slice(&surrounded[..n]);
        order
    }

    /// Scores the turn part's features from where it stands: asks the order when it matters,
    /// stops when awards wait for a decision, and goes on to phase 3.4 when all are scored.
    pub(crate) fn resume_scoring<S: Sink>(&mut self, sink: &mut S) {
        loop {
            if self.awards_wait() {
                return;
            }
            let matters = self.score_order_matters();
            let Some(order) = self.ext.track.as_mut().and_then(|t| t.scoring.as_mut()) else {
                break;
            };
            if order.todo.is_empty() {
                if order.closed {
                    if let Some(track) = self.ext.track.as_mut() {
                        track.scoring = None;
                    }
                    break;
                }
                order.closed = true;
                let buildings = std::mem::take(&mut order.buildings);
                if !buildings.is_empty() && self.has_hook(Hook::BuildingsScored) {
                    self.buildings_scored(&buildings, sink);
                }
                if self.has_hook(Hook::TurnPartScored) {
                    self.turn_part_scored(sink);
                }
                continue;
            }
            if order.todo.len() > 1 && matters {
                self.ask(Pending::ScoreOrder, self.active);
                return;
            }
            let root = order.todo.remove(0);
            self.score_held_feature(root, sink);
        }
        self.after_scoring(sink);
    }

    /// Scores one completed feature holding followers, then lets the expansions note a road's
    /// or city's completion.
    fn score_held_feature<S: Sink>(&mut self, root: NodeId, sink: &mut S) {
        let kind = self.features.node(root).kind;
        self.score_feature(root, true, sink);
        if matches!(kind, FeatureKind::Road | FeatureKind::City)
            && self.has_hook(Hook::FeatureCompleted)
        {
            self.feature_completed(kind, root, sink);
        }
    }

    /// Whether the order of the turn part's features can change anything: a robber stands on
    /// the track (an award's start space, or a space a first award leads to, may hold it).
    fn score_order_matters(&self) -> bool {
        let n = self.players();
        self.ext
            .track
            .as_ref()
            .and_then(|t| t.robbers.as_ref())
            .is_some_and(|r| r[..n].iter().any(|s| matches!(s, RobberState::OnTrack(_))))
    }

    /// The [`Action::ScoreFirst`] naming the held feature `root`: its first figure's tile,
    /// feature and location (as its score reports them).
    fn score_first_action(&self, root: NodeId) -> Option<Action> {
        let slot = self
            .figures
            .iter()
            .find(|f| self.features.find(f.node) == root)?;
        let placed = self.describe_figure(slot);
        Some(Action::ScoreFirst {
            pos: placed.pos,
            feature: placed.feature,
            location: placed.location,
        })
    }

    // ----- decisions -----

    /// The legal actions of a pending track decision, into `out`.
    pub(crate) fn track_actions(&self, out: &mut Vec<Action>) {
        match self.pending {
            Pending::ScoreOrder => {
                if let Some(order) = self.ext.track.as_ref().and_then(|t| t.scoring.as_ref()) {
                    out.extend(
                        order
                            .todo
                            .iter()
                            .filter_map(|&r| self.score_first_action(r)),
                    );
                }
            }
            Pending::ChooseRobbed => out.extend(
                self.robbery_candidates(self.decider)
                    .into_iter()
                    .map(|player| Action::Rob { player }),
            ),
            Pending::PlaceRobber => self.robber_actions(out),
            _ => {}
        }
    }

    /// Checks `action` against a pending track decision.
    pub(crate) fn check_track_action(&self, action: Action) -> Result<(), PlayError> {
        let mut legal = Vec::new();
        self.track_actions(&mut legal);
        if legal.contains(&action) {
            return Ok(());
        }
        match (self.pending, action) {
            (Pending::ScoreOrder, Action::ScoreFirst { .. }) => Err(PlayError::IllegalScoreOrder {
                action,
                reason: "it names no completed feature of this turn part that is still to be \
                         scored (a feature is named by its first figure's tile, feature and \
                         location, as in its score)",
            }),
            (Pending::ChooseRobbed, Action::Rob { player }) => {
                Err(PlayError::IllegalRobberAction {
                    action,
                    reason: if player == self.decider {
                        "a robber never robs its owner (RO.8)"
                    } else {
                        "that player's scoring figure is not leaving the robber's space with this \
                     feature's points (RO.5)"
                    },
                })
            }
            (Pending::PlaceRobber, Action::PlaceRobber { .. }) => {
                Err(PlayError::IllegalRobberAction {
                    action,
                    reason: self.robber_refusal(action),
                })
            }
            (pending, action) => Err(PlayError::WrongDecision {
                action,
                pending: pending.name(),
            }),
        }
    }

    /// Plays a track decision (already checked) and resumes the pipeline.
    pub(crate) fn apply_track_action<S: Sink>(&mut self, action: Action, sink: &mut S) {
        match (self.pending, action) {
            (Pending::ScoreOrder, Action::ScoreFirst { .. }) => {
                let root = self
                    .ext
                    .track
                    .as_ref()
                    .and_then(|t| t.scoring.as_ref())
                    .and_then(|o| {
                        o.todo
                            .iter()
                            .position(|&r| self.score_first_action(r) == Some(action))
                    });
                if let Some(i) = root {
                    let root = self
                        .ext
                        .track
                        .as_mut()
                        .and_then(|t| t.scoring.as_mut())
                        .map(|o| o.todo.remove(i));
                    if let Some(root) = root {
                        self.score_held_feature(root, sink);
                    }
                }
                self.resume_scoring(sink);
            }
            (Pending::ChooseRobbed, Action::Rob { player }) => {
                let q = self.decider as usize;
                if let Some(track) = self.ext.track.as_mut() {
                    if let Some(round) = track.queue.front_mut() {
                        round.victims[q] = Some(player);
                    }
                    track.waiting = None;
                }
                self.pay_rounds(sink);
                self.advance(sink);
            }
            (Pending::PlaceRobber, _) => self.apply_robber_action(action, sink),
            _ => {}
        }
    }
}
