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
pub const MAX_TRACK_FIGURES: usize = 2;

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
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Round {
    pub awards: Vec<Award>,
    /// Robbery points: they never rob, and robbers on the moving figure's space travel along
    /// (RO.7).
    pub robbery: bool,
    /// Victims chosen so far, by robber owner (RO.5).
    pub victims: [Option<u8>; MAX_PLAYERS],
}

clone_by_fields!(Round {
    awards,
    robbery,
    victims,
});

/// The scoring of a turn part in the order the active player chooses (D-GEN-1).
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct OrderedScoring {
    /// The completed roads, cities, monasteries and shrines holding followers, not yet scored
    /// (roots), in the engine's fixed order.
    pub todo: Vec<NodeId>,
    /// The monasteries and shrines completed in the turn part (for the Cult's challenge).
    pub buildings: Vec<NodeId>,
    /// Whether the end of the features (`BuildingsScored`, `TurnPartScored`) has run.
    pub closed: bool,
}

clone_by_fields!(OrderedScoring {
    todo,
    buildings,
    closed,
});

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
#[derive(Debug, PartialEq, Eq)]
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
    /// Messages (M.1): the player whose award in the first waiting round waits for his choice
    /// of the figure that moves.
    pub choosing: Option<u8>,
    /// Messages (M.2, D-MS-10): one of the active player's figures ended an award movement in
    /// his own turn on a dark space (reset when the turn passes).
    pub dark_landing: bool,
    /// Messages (`message_trigger_end_state`): the active player's figures that moved in the
    /// current turn, a bit per figure.
    pub moved: u8,
}

clone_by_fields!(Track {
    figures,
    values,
    robbers,
    open,
    grouping,
    queue,
    waiting,
    final_phase,
    scoring,
    placing,
    choosing,
    dark_landing,
    moved,
});

impl Track {
    /// The track at the start: every figure on 0, every robber in supply (with `robbers`).
    pub fn new(robbers: bool, messages: bool) -> Track {
        Track {
            figures: 1 + u8::from(messages),
            values: [[0; MAX_TRACK_FIGURES]; MAX_PLAYERS],
            robbers: robbers.then_some([RobberState::InSupply; MAX_PLAYERS]),
            open: None,
            grouping: false,
            queue: VecDeque::new(),
            waiting: None,
            final_phase: false,
            scoring: None,
            placing: None,
            choosing: None,
            dark_landing: false,
            moved: 0,
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

    /// Whether points move scoring figures along a score track (with the robbers or the
    /// messages element):
    /// then [`Game::track_position`] says where they stand.
    pub fn has_score_track(&self) -> bool {
        self.ext.track.is_some()
    }

    /// Scoring figures each player has on the track: 1 with the Robbers (the scoring figure),
    /// 2 with the Messages (and the messenger; 1 again once they merged before the final
    /// scoring, M.6), 0 without a track.
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
                    track_figure: None,
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
            if track.waiting.is_some() || track.choosing.is_some() {
                return;
            }
            let figures = track.figures;
            let Some(round) = track.queue.front_mut() else {
                return;
            };
            // M.1: which figure moves. With one figure, the scoring figure; with two, the
            // receiver chooses when they stand on different spaces (otherwise the choice
            // cannot matter, and the scoring figure moves).
            for a in &mut round.awards {
                if a.figure != UNCHOSEN {
                    continue;
                }
                let p = a.score.player;
                if figures == 1
                    || a.score.points == 0
                    || track.values[p][0] % TRACK_SPACES == track.values[p][1] % TRACK_SPACES
                {
                    a.figure = 0;
                } else {
                    track.choosing = Some(p as u8);
                    return;
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
                    // (Every award's figure is settled above, the M.1 choices included.)
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
                            track_figure: None,
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
        if track.figures > 1
            && player == self.active as usize
            && !track.final_phase
            && award.score.points > 0
        {
            // M.2, D-MS-10, D-MS-1: a figure of the active player ending an award movement in
            // his own turn on a dark space; M.8: only if no other player's figure stands there.
            // While a message is resolved its points chain instead (M.4).
            track.moved |= 1 << figure;
            let alone = !self.config.rules.message_dark_space_alone
                || (0..self.config.players)
                    .all(|q| q == player || (0..track.figures).all(|f| track.space(q, f) != to));
            if to % 5 == 0 && alone {
                match self.ext.messages.as_mut().filter(|m| m.resolving) {
                    Some(messages) => messages.chain = true,
                    None => track.dark_landing = true,
                }
            }
        }
        self.players[player].score += award.score.points;
        let mut score = award.score;
        score.track_figure = Some(figure);
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
            sink.push(Event::Scored(score));
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
        let Some(track) = self.ext.track.as_ref() else {
            return false;
        };
        match (track.choosing, track.waiting) {
            (Some(p), _) => {
                self.ask(Pending::ChooseScoringFigure, p);
                true
            }
            (None, Some(q)) => {
                self.ask(Pending::ChooseRobbed, q);
                true
            }
            (None, None) => false,
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
    /// With the Messages the two figures merge first (M.6): each player's scoring figure
    /// takes the sum, the messenger leaves the track. Not an award: it robs nothing and
    /// triggers nothing.
    pub(crate) fn track_final_phase<S: Sink>(&mut self, sink: &mut S) {
        let n = self.players();
        if let Some(track) = self.ext.track.as_mut() {
            track.final_phase = true;
            if track.figures > 1 {
                for (p, values) in track.values[..n].iter_mut().enumerate() {
                    let merged = values[0] + values[1];
                    if S::WANTED {
                        sink.push(Event::FiguresMerged {
                            player: p,
                            scoring_figure: values[0],
                            messenger: values[1],
                        });
                    }
                    *values = [merged, 0];
                }
                track.figures = 1;
                track.choosing = None;
            }
        }
    }

    /// Messages: the turn passes; the turn's message flags are reset.
    pub(crate) fn track_turn_passed(&mut self) {
        if let Some(track) = self.ext.track.as_mut() {
            track.dark_landing = false;
            track.moved = 0;
        }
        self.messages_turn_passed();
    }

    /// Messages (`message_trigger_end_state`): forgets which of the active player's figures
    /// moved, so that only the movements from now on count (a message's, for a chain).
    pub(crate) fn forget_moved_figures(&mut self) {
        if let Some(track) = self.ext.track.as_mut() {
            track.moved = 0;
        }
    }

    /// Messages (M.2): whether the active player's turn so far earns a message — with the
    /// default reading (D-MS-10), one of his figures ended an award movement on a dark space in
    /// this turn; with `message_trigger_end_state`, one of his figures that moved in this turn
    /// stands on a dark space now (alone there with M.8's option). Whether he may still draw
    /// one this turn is another matter (at most one from ordinary scoring, M.4).
    pub fn message_earned(&self) -> bool {
        let dark_landing = self.ext.track.as_ref().is_some_and(|t| t.dark_landing);
        self.dark_landing_counts(dark_landing)
    }

    /// Messages (M.4): whether the points of the message being resolved earn the next — with
    /// the default reading one of its awards ended a movement of the active player's figure
    /// on a dark space; with `message_trigger_end_state` a figure of his that moved since the
    /// message was drawn stands on one now.
    pub(crate) fn message_chain_earned(&self) -> bool {
        let chain = self.ext.messages.as_ref().is_some_and(|m| m.chain);
        self.dark_landing_counts(chain)
    }

    /// `landed` under the default reading of M.2; under `message_trigger_end_state` whether a
    /// figure of the active player that moved stands on a dark space (alone with M.8).
    fn dark_landing_counts(&self, landed: bool) -> bool {
        let Some(track) = self.ext.track.as_ref().filter(|t| t.figures > 1) else {
            return false;
        };
        if !self.config.rules.message_trigger_end_state {
            return landed;
        }
        let p = self.active as usize;
        (0..track.figures).any(|f| {
            let to = track.space(p, f);
            track.moved & (1 << f) != 0
                && to % 5 == 0
                && (!self.config.rules.message_dark_space_alone
                    || (0..self.players())
                        .all(|q| q == p || (0..track.figures).all(|g| track.space(q, g) != to)))
        })
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
        // The tile's roads and cities, then those changed elsewhere (no list of them is built:
        // this runs for every tile).
        let on_tile = kind
            .road_and_city_segments()
            .map(move |i| placed.node_base + i as u16);
        let elsewhere = if self.has_hook(Hook::CompletedElsewhere) {
            self.completed_elsewhere()
        } else {
            Vec::new()
        };
        let mut order = OrderedScoring::default();
        let mut done: Vec<NodeId> = Vec::new();
        for node in on_tile.chain(elsewhere) {
            let root = self.features.find(node);
            if self.features.node(root).open() != 0 || done.contains(&root) {
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
    /// the track (an award's start space, or a space a first award leads to, may hold it), or
    /// the active player's landings on dark spaces can still earn a message (D-MS-10: his
    /// awards' order decides the spaces his figures pass; with M.8 the other players' awards
    /// may first leave a space he lands on).
    fn score_order_matters(&self) -> bool {
        let n = self.players();
        let robber = self
            .ext
            .track
            .as_ref()
            .and_then(|t| t.robbers.as_ref())
            .is_some_and(|r| r[..n].iter().any(|s| matches!(s, RobberState::OnTrack(_))));
        robber || self.message_order_matters()
    }

    /// Messages: whether the order of the features left to score can change which of the
    /// active player's award movements end on a dark space: under the default reading of M.2
    /// (not `message_trigger_end_state`, where only the end positions count), while a message
    /// can still be earned, when he receives points from two or more of them — or, with M.8's
    /// option, from one while another player receives points from another.
    fn message_order_matters(&self) -> bool {
        if !self.has_hook(Hook::ScoreTrack)
            || self.config.rules.message_trigger_end_state
            || !self.messages_can_be_earned()
        {
            return false;
        }
        let Some(order) = self.ext.track.as_ref().and_then(|t| t.scoring.as_ref()) else {
            return false;
        };
        let active = self.active as usize;
        let (mut mine, mut others) = (0, 0);
        for &root in &order.todo {
            let owners = self
                .occupancy(root)
                .map_or(0, |o| crate::scoring::owners(&o.strength));
            mine += usize::from(owners & (1 << active) != 0);
            others += usize::from(owners & !(1 << active) != 0);
        }
        mine >= 2 || (self.config.rules.message_dark_space_alone && mine >= 1 && others >= 1)
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
            Pending::ChooseScoringFigure => {
                let figures = self.ext.track.as_ref().map_or(0, |t| t.figures);
                out.extend((0..figures).map(|figure| Action::ScoringFigure { figure }));
            }
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
            (Pending::ChooseScoringFigure, Action::ScoringFigure { .. }) => {
                Err(PlayError::IllegalScoringFigure {
                    action,
                    reason: "a player has two scoring figures: 0 (the scoring figure) and 1 (the \
                             messenger)",
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
            (Pending::ChooseScoringFigure, Action::ScoringFigure { figure }) => {
                if let Some(track) = self.ext.track.as_mut() {
                    if let Some(a) = track
                        .queue
                        .front_mut()
                        .and_then(|r| r.awards.iter_mut().find(|a| a.figure == UNCHOSEN))
                    {
                        a.figure = figure;
                    }
                    track.choosing = None;
                }
                self.pay_rounds(sink);
                self.advance(sink);
            }
            (Pending::PlaceRobber, _) => self.apply_robber_action(action, sink),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    //! The dark landings (M.2, D-MS-10, D-MS-1, M.5, M.8 and `message_trigger_end_state`),
    //! award by award on the track of a game with the Messages.
    use super::*;
    use crate::events::{Event, RobberyScore};
    use crate::{Config, Rules, TileSet};

    fn game(rules: Rules) -> Game {
        let mut config = Config::new(2);
        config.sets.push(TileSet::Messages);
        config.rules = rules;
        Game::new(config, 7).unwrap()
    }

    /// Sets `player`'s figure values (and his score to their sum).
    fn set(g: &mut Game, player: usize, values: [u32; 2]) {
        g.ext.track.as_mut().unwrap().values[player] = values;
        g.players[player].score = values[0] + values[1];
    }

    /// Pays `points` to `player`, moving `figure` when the choice is asked (M.1).
    fn award(g: &mut Game, player: usize, points: u32, figure: u8) {
        let mut sink: Vec<Event> = Vec::new();
        let reason = Reason::Robbery(RobberyScore {
            victim: 1 - player,
            award: points * 2,
            space: 0,
        });
        g.award(player, points, reason, &mut sink);
        let track = g.ext.track.as_mut().unwrap();
        if track.choosing.take().is_some() {
            let round = track.queue.front_mut().unwrap();
            round
                .awards
                .iter_mut()
                .find(|a| a.figure == UNCHOSEN)
                .unwrap()
                .figure = figure;
            g.pay_rounds(&mut sink);
        }
        let track = g.ext.track.as_ref().unwrap();
        assert!(track.queue.is_empty() && track.choosing.is_none());
    }

    #[test]
    fn own_figure_on_a_dark_space_in_own_turn() {
        let mut g = game(Rules::default());
        assert!(!g.message_earned());
        award(&mut g, 0, 5, 0);
        assert!(g.message_earned());
        assert_eq!(g.ext.track.as_ref().unwrap().values[0], [5, 0]);
        // The turn passes: the flag is reset.
        g.track_turn_passed();
        assert!(!g.message_earned());
    }

    /// M.5: another player's figure, or points in another player's turn, never earn one.
    #[test]
    fn never_for_another_player() {
        let mut g = game(Rules::default());
        award(&mut g, 1, 5, 0);
        assert!(!g.message_earned(), "Blue's landing in Red's turn");
        g.active = 1;
        award(&mut g, 0, 10, 0);
        assert!(!g.message_earned(), "Red's landing in Blue's turn");
    }

    /// D-MS-1: a figure that does not move does not trigger; landing on 0 after passing 50
    /// does; a figure landing elsewhere does not.
    #[test]
    fn only_a_movement_ending_on_a_dark_space() {
        let mut g = game(Rules::default());
        set(&mut g, 0, [5, 0]);
        award(&mut g, 0, 0, 0);
        assert!(!g.message_earned(), "0 points move nothing");
        award(&mut g, 0, 3, 0);
        assert!(!g.message_earned(), "5 → 8");
        set(&mut g, 0, [8, 47]);
        award(&mut g, 0, 3, 1);
        assert!(g.message_earned(), "47 → 50: space 0");
        assert_eq!(
            g.track_position(0, 1),
            Some(TrackPosition { space: 0, laps: 1 })
        );
    }

    /// D-MS-10 pass-through (TS-16): 7 → 10 → 13 earns a message; with
    /// `message_trigger_end_state` only the end position counts, and 13 earns none.
    #[test]
    fn pass_through() {
        for (end_state, earned) in [(false, true), (true, false)] {
            let mut g = game(Rules {
                message_trigger_end_state: end_state,
                ..Rules::default()
            });
            set(&mut g, 0, [7, 3]);
            award(&mut g, 0, 3, 0);
            award(&mut g, 0, 3, 0);
            assert_eq!(g.ext.track.as_ref().unwrap().values[0], [13, 3]);
            assert_eq!(g.message_earned(), earned, "end state {end_state}");
        }
        // With the end-state reading a figure that moved and stands on a dark space triggers;
        // one that stands there unmoved does not.
        let mut g = game(Rules {
            message_trigger_end_state: true,
            ..Rules::default()
        });
        set(&mut g, 0, [7, 10]);
        assert!(!g.message_earned());
        award(&mut g, 0, 3, 0);
        assert!(g.message_earned());
    }

    /// M.8 (option): a dark space counts only if no other player's figure stands on it.
    #[test]
    fn dark_space_alone_option() {
        for (alone, earned) in [(false, true), (true, false)] {
            let mut g = game(Rules {
                message_dark_space_alone: alone,
                ..Rules::default()
            });
            set(&mut g, 1, [0, 5]);
            award(&mut g, 0, 5, 0);
            assert_eq!(g.message_earned(), earned, "alone {alone}");
        }
        let mut g = game(Rules {
            message_dark_space_alone: true,
            ..Rules::default()
        });
        set(&mut g, 1, [0, 5]);
        award(&mut g, 0, 10, 0);
        assert!(g.message_earned(), "nobody else on 10");
        // Seats that do not play have no figures: landing on 0 after 50 is alone here.
        let mut g = game(Rules {
            message_dark_space_alone: true,
            ..Rules::default()
        });
        set(&mut g, 0, [48, 3]);
        set(&mut g, 1, [1, 1]);
        award(&mut g, 0, 2, 0);
        assert_eq!(g.track_position(0, 0).map(|t| t.space), Some(0));
        assert!(g.message_earned(), "alone on 0");
    }
}
