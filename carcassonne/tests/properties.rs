//! Property tests on many seeded random games (2–5 players), each checked step by step against
//! the naive oracle of `common/oracle.rs`:
//! - every legal action plays, and the legal set equals the oracle's (placements and
//!   deployments);
//! - `is_legal(a) == legal_actions().contains(a)`; an illegal action is refused and changes
//!   nothing;
//! - followers are conserved; scores never decrease;
//! - every completed feature is scored exactly once, with the oracle's tile and pennant counts
//!   and the rulebooks' points (inns, cathedrals, the mage and the witch included);
//! - flights (FM.1–FM.4, from the event log and the board before the roll): a flight leaves
//!   in its machine's direction turned with the tile, its target is the rolled distance that
//!   way (the roll supplied in explicit-draw games), and the landings are the oracle's — the
//!   target tile's incomplete roads, cities, monasteries and shrines, and for a normal
//!   follower its acrobat site with room: none and the figure goes home, one and it lands
//!   there at once, two or more and they are asked; a pyramid completed by a flier waits for a
//!   later turn (AC.5);
//! - gold (GM.3, GM.4, a model replaying the event log): each turn part's claims re-derived
//!   from the roads, cities, monasteries and shrines it scored as complete (their tiles, or a
//!   3×3; owners by majority of the figures the log put on them), every ingot taken by the
//!   next entitled player in seat order from the active player from a tile he is entitled to
//!   (with JCloisterZone's `automatic` reading, by seed: a tile with the most claimants), the
//!   choice asked exactly when it matters, no ingot left on a claimed tile, the unclaimed
//!   ones untouched; the ingots are conserved; the mage and the witch stay apart on
//!   incomplete roads and cities;
//! - a crop circle's round asks the option after a crop-circle tile, then exactly the players
//!   who can act, in seat order from the left of the active player; the additions offered are
//!   the deciding player's follower kinds in supply onto the segments of their followers on
//!   features of the circle's kind (the oracle's kind), the returns those followers; builders
//!   and pigs always stand with one of their owner's followers;
//! - the score track (Robbers, Messages): every figure's position is its owner's score modulo
//!   50; the robbers' placements, victims and the order of the features are the rules'
//!   options; an independent model replays the awards of the event log (each naming the
//!   figure it moved) on a track of its own and re-derives every figure's position, every
//!   robbery (who robs whom, half rounded up, which robbers travel along) and where every
//!   robber stands;
//! - the Messages: a second model re-derives from the event log when a message is due — the
//!   active player's own dark landing in his turn (D-MS-10, or the end-state reading, with or
//!   without M.8), one a turn, then only by chaining from a message's points (M.4, D-MS-5,
//!   D-MS-6) — and checks that exactly those are drawn, never in another player's turn (M.5);
//!   the actions offered for a message in hand are the oracle's (the lowest-valued features at
//!   the final scoring's rates ignoring majority, D-MS-11; the counts; the player's followers),
//!   and each message's points are re-derived;
//! - a record round-trips and replays to an identical game.

mod common;

use std::collections::{BTreeSet, HashSet};

use carcassonne::{
    Action, BuilderDoubleTurn, Config, CountFinalScoring, CountMove, CropOption, FeatureKind,
    Figure, Game, GoldDistribution, KingRobberScoring, Location, MagicFigure, Marker, Outcome,
    Pending, Position, Quarter, Reason, RobberPlacement, RobberState, Rotation, TileSet, Token,
};
use common::oracle::{Feature, Oracle};
use proptest::prelude::*;
use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;

fn below(rng: &mut Pcg64Mcg, n: usize) -> usize {
    ((rng.next_u64() as u128 * n as u128) >> 64) as usize
}

/// Random actions that are often illegal: placements near the board in random rotations,
/// deployments on random locations, acrobats and pyramids on random tiles, flights, landings,
/// ingots and magic figures anywhere, passes.
fn random_probe(game: &Game, rng: &mut Pcg64Mcg) -> Action {
    let (min, max) = game.board().bounds();
    let x = min.x - 1 + below(rng, (max.x - min.x + 3) as usize) as i32;
    let y = min.y - 1 + below(rng, (max.y - min.y + 3) as usize) as i32;
    let pos = Position::new(x, y);
    let magic = MagicFigure::ALL[below(rng, 2)];
    let some_figure = Figure::ALL[below(rng, Figure::ALL.len())];
    let location = ["N", "E", "S", "W", "WE", "I"][below(rng, 6)]
        .parse::<Location>()
        .unwrap();
    let feature = [FeatureKind::Road, FeatureKind::City, FeatureKind::Field][below(rng, 3)];
    match below(rng, 5) {
        3 if below(rng, 2) == 0 => Action::Acrobat { pos },
        3 => Action::ScorePyramid { pos },
        4 => match below(rng, 14) {
            11 => Action::PlaceRobber {
                space: below(rng, 52) as u8,
            },
            12 => Action::Rob {
                player: below(rng, 7) as u8,
            },
            13 => Action::ScoreFirst {
                pos,
                feature,
                location,
            },
            9 => Action::PlaceFerry {
                pos,
                location: ["WE", "NS", "SE", "SW", "NE", "NW"][below(rng, 6)]
                    .parse()
                    .unwrap(),
            },
            10 => Action::MoveFerry {
                pos,
                location: ["WE", "NS", "SE", "SW", "NE", "NW"][below(rng, 6)]
                    .parse()
                    .unwrap(),
            },
            0 => Action::Fly {
                figure: some_figure,
            },
            1 => Action::Land {
                pos,
                feature,
                location,
            },
            2 => Action::PlaceIngot { pos },
            3 => Action::TakeIngot { pos },
            4 => Action::PlaceMagic {
                figure: magic,
                pos,
                feature,
                location,
            },
            5 => Action::CropOption {
                option: CropOption::ALL[below(rng, 2)],
            },
            6 => Action::CropDeploy {
                figure: some_figure,
                pos,
                feature,
                location,
            },
            7 => Action::CropReturn {
                figure: some_figure,
                pos,
                feature,
                location,
            },
            8 => Action::RemoveMagic { figure: magic },
            _ => Action::Pass,
        },
        0 => Action::Place {
            tile: game
                .current_tile()
                .unwrap_or(carcassonne::catalogue().base_start()),
            pos,
            rotation: Rotation::from_quarter_turns(below(rng, 4) as u8),
        },
        1 => {
            let figure = Figure::ALL[below(rng, Figure::ALL.len())];
            let names = [
                "N",
                "E",
                "S",
                "W",
                "NW",
                "WE",
                "I",
                "NL.NR",
                "EL.ER.SL.SR",
                "_S",
            ];
            let kinds = [
                FeatureKind::Road,
                FeatureKind::City,
                FeatureKind::Field,
                FeatureKind::Monastery,
            ];
            let placed = game.last_placed().map_or(pos, |p| p.pos);
            Action::Deploy {
                figure,
                pos: if below(rng, 4) == 0 { pos } else { placed },
                feature: kinds[below(rng, kinds.len())],
                location: names[below(rng, names.len())].parse::<Location>().unwrap(),
            }
        }
        _ if below(rng, 4) == 0 => Action::DoubleTurn,
        _ => Action::Pass,
    }
}

/// The figures standing in a feature holding a follower of their owner: (player, position,
/// feature, location), from the oracle's features.
fn with_own_follower(game: &Game) -> HashSet<(usize, Position, FeatureKind, Location)> {
    let oracle = Oracle::of(game);
    let segments = |pos: Position, feature: FeatureKind, location: Location| {
        let t = game.board().tile_at(pos).unwrap();
        let seg = t
            .tile
            .kind()
            .segment_with_location(feature, location, t.rotation)
            .unwrap();
        oracle.feature(pos, seg).segments
    };
    let figures = game.figures();
    let follower_features: Vec<_> = figures
        .iter()
        .filter(|f| f.figure.is_follower())
        .map(|f| (f.player, segments(f.pos, f.feature, f.location)))
        .collect();
    figures
        .iter()
        .filter(|f| {
            let here = segments(f.pos, f.feature, f.location);
            follower_features
                .iter()
                .any(|(p, s)| *p == f.player && *s == here)
        })
        .map(|f| (f.player, f.pos, f.feature, f.location))
        .collect()
}

/// An independent model of the score track (Robbers RO.2–RO.8), fed with the event log only:
/// each award moves its receiver's figure from its space; every robber of another player on
/// that space must rob it (or another award leaving the same space in the same round: the
/// owner's choice, RO.5) before anything but scores happens; a robbery is half the victim's
/// award rounded up, takes its robber off the track, and carries the other players' robbers on
/// the robbing figure's space along (RO.7); robbers return at phase 4 step 3.
struct TrackModel {
    /// Points each scoring figure moved, by seat and figure (the messenger second).
    values: [[u32; 2]; 6],
    robbers: [RobberState; 6],
    /// Per robber owner: the awards it may rob, `(victim, award, space, optional)`, since the
    /// last robbery; an optional one need not be robbed (see `replay`).
    candidates: [Vec<(usize, u32, u8, bool)>; 6],
    /// Robbers that must travel with the last robbery's figure: `(owner, from, to, with)`.
    travels: Vec<(usize, u8, u8, usize)>,
    /// With the Messages a robbery's points may wait for its figure's choice (M.1) while the
    /// hook that paid the award goes on (the big top moves, figures go home, ...): then only
    /// the robbers' own events and the next draw must come after every robbery.
    lenient: bool,
}

impl Default for TrackModel {
    fn default() -> Self {
        TrackModel {
            values: [[0; 2]; 6],
            robbers: [RobberState::InSupply; 6],
            candidates: Default::default(),
            travels: Vec::new(),
            lenient: false,
        }
    }
}

impl TrackModel {
    fn space(&self, p: usize, figure: usize) -> u8 {
        (self.values[p][figure] % 50) as u8
    }

    fn score(&self, p: usize) -> u32 {
        self.values[p].iter().sum()
    }

    /// Nothing may be owed when an event other than a score or a robber travelling comes.
    fn settled(&mut self) -> Result<(), TestCaseError> {
        for (q, c) in self.candidates.iter_mut().enumerate() {
            prop_assert!(
                c.iter().all(|&(_, _, _, optional)| optional),
                "robber {} did not rob any of {:?}",
                q,
                c
            );
            c.clear();
        }
        prop_assert!(
            self.travels.is_empty(),
            "robbers did not travel: {:?}",
            self.travels
        );
        Ok(())
    }

    /// Replays one step's events. `end`: the game reached its final phase with
    /// `robbers_in_final_scoring` off (final awards are not robbed). `choosing`: the step
    /// ended at a choice of the moving figure (M.1), for which robbery points may wait.
    fn replay(
        &mut self,
        events: &[carcassonne::Event],
        choosing: bool,
        end: bool,
    ) -> Result<(), TestCaseError> {
        use carcassonne::Event;
        for e in events {
            match e {
                Event::Scored(s) => {
                    prop_assert!(
                        self.travels.is_empty(),
                        "robbers did not travel: {:?}",
                        self.travels
                    );
                    let p = s.player;
                    let figure = usize::from(s.track_figure.unwrap_or(0));
                    prop_assert!(
                        s.track_figure.is_some(),
                        "a score on the track names its figure"
                    );
                    let from = self.space(p, figure);
                    if let Reason::Robbery(r) = &s.reason {
                        prop_assert!(!(end && s.final_scoring), "a robbery in the final scoring");
                        prop_assert!(
                            self.candidates[p]
                                .iter()
                                .any(|&(v, a, sp, _)| (v, a, sp) == (r.victim, r.award, r.space)),
                            "robber {} robs {:?}, not among {:?}",
                            p,
                            (r.victim, r.award, r.space),
                            self.candidates[p]
                        );
                        prop_assert_eq!(s.points, r.award / 2 + r.award % 2, "half, rounded up");
                        prop_assert_eq!(self.robbers[p], RobberState::OnTrack(r.space));
                        self.robbers[p] = RobberState::Returning;
                        self.candidates[p].clear();
                        self.values[p][figure] += s.points;
                        let to = self.space(p, figure);
                        for o in 0..6 {
                            let robbing = !self.candidates[o].is_empty();
                            if o != p
                                && !robbing
                                && self.robbers[o] == RobberState::OnTrack(from)
                                && from != to
                            {
                                self.robbers[o] = RobberState::OnTrack(to);
                                self.travels.push((o, from, to, p));
                            }
                        }
                        continue;
                    }
                    // With the option off no final award is robbed; the big top of the last turn
                    // may be (during play) or not (F3): either is accepted.
                    let skip = end && s.final_scoring;
                    let optional = end && matches!(s.reason, Reason::BigTop(_));
                    if s.points > 0 && !skip {
                        for q in 0..6 {
                            if q != p && self.robbers[q] == RobberState::OnTrack(from) {
                                self.candidates[q].push((p, s.points, from, optional));
                            }
                        }
                    }
                    self.values[p][figure] += s.points;
                }
                Event::RobberMoved {
                    player,
                    from,
                    to,
                    with: Some(q),
                } => {
                    let k = self
                        .travels
                        .iter()
                        .position(|t| *t == (*player, *from, *to, *q));
                    prop_assert!(
                        k.is_some(),
                        "robber {} travelled {}->{} unexpectedly",
                        player,
                        from,
                        to
                    );
                    self.travels.remove(k.unwrap_or(0));
                }
                _ => {
                    let ordered = matches!(
                        e,
                        Event::RobberPlaced { .. }
                            | Event::RobberMoved { .. }
                            | Event::RobberReturned { .. }
                            | Event::TileDrawn { .. }
                            | Event::FiguresMerged { .. }
                    );
                    if ordered || !self.lenient {
                        self.settled()?;
                    }
                    match e {
                        Event::RobberPlaced { player, space } => {
                            prop_assert_eq!(self.robbers[*player], RobberState::InSupply);
                            self.robbers[*player] = RobberState::OnTrack(*space);
                        }
                        Event::RobberMoved {
                            player, from, to, ..
                        } => {
                            prop_assert_eq!(self.robbers[*player], RobberState::OnTrack(*from));
                            self.robbers[*player] = RobberState::OnTrack(*to);
                        }
                        Event::RobberReturned { player } => {
                            prop_assert_eq!(self.robbers[*player], RobberState::Returning);
                            self.robbers[*player] = RobberState::InSupply;
                        }
                        Event::FiguresMerged {
                            player,
                            scoring_figure,
                            messenger,
                        } => {
                            // M.6: not an award; the sum on the scoring figure.
                            prop_assert_eq!(self.values[*player], [*scoring_figure, *messenger]);
                            self.values[*player] = [scoring_figure + messenger, 0];
                        }
                        _ => {}
                    }
                }
            }
        }
        if choosing {
            return Ok(());
        }
        self.settled()
    }
}

/// The Messages' draws re-derived from the event log (M.2–M.5, D-MS-1, D-MS-5, D-MS-6,
/// D-MS-10, M.8, `message_trigger_end_state`): the figures' values from the awards (each names
/// its figure), whose turn it is from the tile draws, and for the turn player his dark landings
/// — ordinary ones before any message of his turn, and those of each message's points (its
/// "window", from its draw until the turn part moves on).
struct MessageModel {
    players: usize,
    end_state: bool,
    alone: bool,
    values: [[u32; 2]; 6],
    /// The seat whose turn it is.
    turn: Option<usize>,
    /// An ordinary dark landing of the turn player in his turn.
    turn_dark: bool,
    /// Messages drawn in the turn.
    drawn: usize,
    /// After a message was drawn in the turn part: whether one of its points' movements ended
    /// on a dark space (a chain is due).
    window: Option<bool>,
    /// The turn player's figures moved in the turn, or since the last message was drawn
    /// (`message_trigger_end_state`).
    moved: [bool; 2],
    /// The extra tile's draws and placement belong to the message (M.7).
    nested: bool,
}

impl MessageModel {
    fn new(players: usize, end_state: bool, alone: bool) -> MessageModel {
        MessageModel {
            players,
            end_state,
            alone,
            values: [[0; 2]; 6],
            turn: None,
            turn_dark: false,
            drawn: 0,
            window: None,
            moved: [false; 2],
            nested: false,
        }
    }

    /// Whether the turn player's figure `f` stands on a dark space alone (M.8, when asked).
    fn on_dark(&self, p: usize, f: usize) -> bool {
        let space = self.values[p][f] % 50;
        space % 5 == 0
            && (!self.alone
                || (0..self.players)
                    .all(|q| q == p || self.values[q].iter().all(|v| v % 50 != space)))
    }

    /// Whether, under the end-state reading, a moved figure of the turn player stands on a
    /// dark space now.
    fn end_state_due(&self) -> bool {
        let Some(p) = self.turn else {
            return false;
        };
        (0..2).any(|f| self.moved[f] && self.on_dark(p, f))
    }

    /// The turn part moves on: a chain due was drawn.
    fn close_window(&mut self) -> Result<(), TestCaseError> {
        if let Some(dark) = self.window.take() {
            let due = if self.end_state {
                self.end_state_due()
            } else {
                dark
            };
            prop_assert!(!due, "a chained message was not drawn");
        }
        Ok(())
    }

    /// The turn ends: a message due was drawn.
    fn end_turn(&mut self) -> Result<(), TestCaseError> {
        self.close_window()?;
        if self.drawn == 0 {
            let due = if self.end_state {
                self.end_state_due()
            } else {
                self.turn_dark
            };
            prop_assert!(
                !due,
                "a message due in the turn of {:?} was not drawn",
                self.turn
            );
        }
        Ok(())
    }

    fn replay(&mut self, events: &[carcassonne::Event]) -> Result<(), TestCaseError> {
        use carcassonne::Event;
        for e in events {
            match e {
                Event::TileDrawn { player, .. } if !self.nested => {
                    if self.turn != Some(*player) {
                        self.end_turn()?;
                        self.turn = Some(*player);
                        self.turn_dark = false;
                        self.drawn = 0;
                        self.moved = [false; 2];
                    } else {
                        self.close_window()?;
                    }
                }
                Event::TilePlaced { .. } => self.nested = false,
                Event::Scored(s) if !s.final_scoring => {
                    let p = s.player;
                    let f = usize::from(s.track_figure.unwrap_or(0));
                    self.values[p][f] += s.points;
                    if self.turn == Some(p) && s.points > 0 {
                        self.moved[f] = true;
                        let dark = self.on_dark(p, f);
                        match self.window.as_mut() {
                            Some(w) => *w |= dark,
                            None => self.turn_dark |= dark,
                        }
                    }
                }
                Event::MessageDrawn { player, .. } => {
                    prop_assert_eq!(Some(*player), self.turn, "a message out of turn (M.5)");
                    let due = match (self.drawn, self.window) {
                        (0, None) if self.end_state => self.end_state_due(),
                        (0, None) => self.turn_dark,
                        (_, Some(_)) if self.end_state => self.end_state_due(),
                        (_, Some(dark)) => dark,
                        (_, None) => false,
                    };
                    prop_assert!(
                        due,
                        "message {} of the turn drawn without a due landing",
                        self.drawn + 1
                    );
                    self.drawn += 1;
                    self.window = Some(false);
                    self.moved = [false; 2];
                }
                Event::FiguresMerged {
                    player,
                    scoring_figure,
                    messenger,
                } => {
                    if self.turn.is_some() {
                        self.end_turn()?;
                        self.turn = None;
                    }
                    prop_assert_eq!(self.values[*player], [*scoring_figure, *messenger]);
                    self.values[*player] = [scoring_figure + messenger, 0];
                }
                _ => {}
            }
        }
        Ok(())
    }
}

/// Where a flier of kind `figure` may land on the tile at `target` (FM.3), from the board and
/// the rules alone: each incomplete road, city, monastery or shrine of the tile (the oracle's
/// features; never a field; nothing on the City of Carcassonne's pieces with JCloisterZone's
/// reading), then, for a normal follower only (AC.1, AC.4), the tile's acrobat site while it
/// holds fewer than 3 acrobats (AC.3). Empty when no tile lies there.
fn flier_landings(
    game: &Game,
    oracle: &Oracle,
    figure: Figure,
    target: Position,
    lands_on_city: bool,
) -> Vec<Action> {
    let Some(placed) = game.board().tile_at(target) else {
        return Vec::new();
    };
    let kind = placed.tile.kind();
    if kind.is_city_of_carcassonne() && !lands_on_city {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (i, seg) in kind.segments.iter().enumerate() {
        let feature = oracle.feature(target, i);
        let landable = matches!(
            feature.kind,
            FeatureKind::Road | FeatureKind::City | FeatureKind::Monastery | FeatureKind::Shrine
        );
        if landable && !feature.complete {
            out.push(Action::Land {
                pos: target,
                feature: feature.kind,
                location: seg.location(placed.rotation),
            });
        }
    }
    let room = game
        .acrobat_sites()
        .iter()
        .any(|s| s.pos == target && s.acrobats.len() < 3);
    if figure == Figure::Follower && kind.has_marker(Marker::AcrobatSite) && room {
        out.push(Action::Acrobat { pos: target });
    }
    out
}

/// The gold of a turn part, re-derived from the event log (GM.3, GM.4): the claim areas of the
/// roads, cities, monasteries and shrines completed and scored in it with their owners by
/// majority (from the figures the log puts on them), the ingots on every tile, and whose turn
/// it is to take one — from the active player clockwise, each player still entitled to an
/// ingot taking one.
#[derive(Default)]
struct GoldModel {
    /// Ingots on each tile.
    ingots: std::collections::BTreeMap<Position, u8>,
    /// The turn part's claims: for each tile, the seats entitled to its ingots (a mask).
    claims: std::collections::BTreeMap<Position, u8>,
    /// The completed features that made claims in this turn part (by kind and segments).
    claimed: HashSet<FeatureId>,
    /// The seat from which the next taker is looked for (the active player at first).
    next: usize,
    /// The active player of the turn part: the one who laid its tile.
    part_player: usize,
    /// The figures on the board, as the log moves them.
    figures: Vec<carcassonne::PlacedFigure>,
    /// The figures that went home in this turn part, from where they stood: a feature's
    /// award waiting for a choice on the score track (M.1, RO.5) is logged after its
    /// followers went home.
    returned: Vec<carcassonne::PlacedFigure>,
}

impl GoldModel {
    /// The seats entitled to an ingot still on the board (a mask).
    fn entitled(&self) -> u8 {
        self.claims
            .iter()
            .filter(|(pos, _)| self.ingots.get(pos).copied().unwrap_or(0) > 0)
            .fold(0, |m, (_, &mask)| m | mask)
    }

    /// The next player to take an ingot (GM.4): the first seat from `next` clockwise still
    /// entitled to one.
    fn taker(&self, players: usize) -> Option<usize> {
        let entitled = self.entitled();
        (0..players)
            .map(|k| (self.next + k) % players)
            .find(|&p| entitled & (1 << p) != 0)
    }

    /// The tiles `player` may take an ingot from, with their claimants.
    fn options(&self, player: usize) -> Vec<(Position, u8)> {
        self.claims
            .iter()
            .filter(|&(pos, &mask)| {
                mask & (1 << player) != 0 && self.ingots.get(pos).copied().unwrap_or(0) > 0
            })
            .map(|(&pos, &mask)| (pos, mask))
            .collect()
    }

    /// The distribution is over: no ingot is left on a claimed tile (every such ingot was
    /// claimable by someone); the claims are forgotten.
    fn close(&mut self) -> Result<(), TestCaseError> {
        for (pos, _) in self.claims.iter().filter(|(_, &m)| m != 0) {
            prop_assert_eq!(
                self.ingots.get(pos).copied().unwrap_or(0),
                0,
                "an ingot left on claimed tile {}",
                pos
            );
        }
        self.claims.clear();
        self.claimed.clear();
        Ok(())
    }

    /// Replays one step's `events` (the board after them in `oracle`), checking every ingot
    /// taken: by the next entitled player in seat order from the turn part's active player,
    /// from a tile that player is entitled to, with JCloisterZone's `automatic` reading from a
    /// tile with the most claimants among that player's.
    fn replay(
        &mut self,
        events: &[carcassonne::Event],
        oracle: &Oracle,
        game: &Game,
        automatic: bool,
    ) -> Result<(), TestCaseError> {
        use carcassonne::Event;
        let players = game.players();
        for e in events {
            match *e {
                Event::TilePlaced { player, .. } => {
                    self.close()?;
                    self.part_player = player;
                    self.returned.clear();
                }
                Event::IngotPlaced { pos } => *self.ingots.entry(pos).or_default() += 1,
                Event::FigureDeployed {
                    player,
                    figure,
                    pos,
                    feature,
                    location,
                }
                | Event::FigureLeftCity {
                    player,
                    figure,
                    pos,
                    feature,
                    location,
                    ..
                } => self.figures.push(carcassonne::PlacedFigure {
                    player,
                    figure,
                    pos,
                    feature,
                    location,
                }),
                Event::FigureReturned {
                    player,
                    figure,
                    pos,
                    feature,
                    location,
                } => {
                    let gone = carcassonne::PlacedFigure {
                        player,
                        figure,
                        pos,
                        feature,
                        location,
                    };
                    let at = self.figures.iter().position(|f| *f == gone);
                    prop_assert!(at.is_some(), "{:?} returned from nowhere", gone);
                    self.figures.remove(at.unwrap_or_default());
                    self.returned.push(gone);
                }
                Event::Scored(ref s) => {
                    let Reason::Feature(f) = &s.reason else {
                        continue;
                    };
                    if !f.complete || s.final_scoring {
                        continue;
                    }
                    let t = game.board().tile_at(f.pos).unwrap();
                    let seg = t
                        .tile
                        .kind()
                        .segment_with_location(f.kind, f.location, t.rotation)
                        .unwrap();
                    let feature = oracle.feature(f.pos, seg);
                    let id = (f.kind, feature.segments.iter().copied().collect::<Vec<_>>());
                    if !self.claimed.insert(id) {
                        continue;
                    }
                    // GM.3: its owners, by majority of the followers on it when it was
                    // scored: there still, or gone home since the turn part began.
                    let mut strength = [0u32; 6];
                    for g in self.figures.iter().chain(&self.returned) {
                        let t = game.board().tile_at(g.pos).unwrap();
                        let seg = t
                            .tile
                            .kind()
                            .segment_with_location(g.feature, g.location, t.rotation)
                            .unwrap();
                        if g.figure.is_follower() && feature.segments.contains(&(g.pos, seg)) {
                            strength[g.player] += u32::from(g.figure.strength());
                        }
                    }
                    let top = *strength.iter().max().unwrap_or(&0);
                    prop_assert!(top > 0, "a scored feature without owners: {:?}", f);
                    let owners = (0..players)
                        .filter(|&p| strength[p] == top)
                        .fold(0u8, |m, p| m | 1 << p);
                    prop_assert!(owners & (1 << s.player) != 0, "{} paid, not an owner", s);
                    // Its claim area: the feature's tiles, or a monastery's or shrine's 3×3.
                    let area: Vec<Position> = if f.kind.is_monastic() {
                        (-1..=1)
                            .flat_map(|dx| {
                                (-1..=1).map(move |dy| Position::new(f.pos.x + dx, f.pos.y + dy))
                            })
                            .collect()
                    } else {
                        feature.positions.iter().copied().collect()
                    };
                    if self.claims.is_empty() {
                        self.next = self.part_player;
                    }
                    for pos in area {
                        *self.claims.entry(pos).or_default() |= owners;
                    }
                }
                Event::IngotTaken { player, pos } => {
                    let on = self.ingots.get(&pos).copied().unwrap_or(0);
                    prop_assert!(on > 0, "an ingot taken from {} without one", pos);
                    let mask = self.claims.get(&pos).copied().unwrap_or(0);
                    prop_assert!(
                        mask & (1 << player) != 0,
                        "player {} took an ingot from {} without a claim (claims {:?})",
                        player,
                        pos,
                        self.claims
                    );
                    prop_assert_eq!(
                        self.taker(players),
                        Some(player),
                        "the wrong player took an ingot from {} (from seat {}, claims {:?})",
                        pos,
                        self.next,
                        &self.claims
                    );
                    if automatic {
                        let most = self
                            .options(player)
                            .iter()
                            .map(|(_, m)| m.count_ones())
                            .max()
                            .unwrap_or(0);
                        prop_assert_eq!(mask.count_ones(), most, "not the most claimed tile");
                    }
                    self.ingots.insert(pos, on - 1);
                    self.next = (player + 1) % players;
                }
                _ => {}
            }
        }
        Ok(())
    }
}

/// A road's, city's, monastery's or shrine's value at the final scoring's rates, from the
/// rulebooks and the oracle's feature (B-8.2; an inn or a cathedral 0, IC-3, IC-4; the mage
/// +1 per tile, the witch halved rounded up, MW.4; a monastery 1 per tile of its 3×3).
fn final_value(game: &Game, f: &Feature) -> u32 {
    let tiles = f.positions.len() as u32;
    let base = match f.kind {
        FeatureKind::Monastery | FeatureKind::Shrine => {
            let &(pos, _) = f.segments.iter().next().unwrap_or_else(|| unreachable!());
            let around = (-1..=1)
                .flat_map(|dx| (-1..=1).map(move |dy| Position::new(pos.x + dx, pos.y + dy)))
                .filter(|q| game.board().tile_at(*q).is_some())
                .count();
            return around as u32;
        }
        FeatureKind::Road | FeatureKind::City => {
            let marked = f.segments.iter().any(|&(pos, seg)| {
                let s = &game.board().tile_at(pos).unwrap().tile.kind().segments[seg];
                (s.inn && game.elements().inns) || (s.cathedral && game.elements().cathedrals)
            });
            match (marked, f.kind) {
                (true, _) => 0,
                (false, FeatureKind::Road) => tiles,
                (false, _) => tiles + f.pennants,
            }
        }
        FeatureKind::Field | FeatureKind::River => return 0,
    };
    let magic = game.magic_figures().into_iter().find(|m| {
        let t = game.board().tile_at(m.pos).unwrap();
        t.tile
            .kind()
            .segment_with_location(m.feature, m.location, t.rotation)
            .is_some_and(|seg| f.segments.contains(&(m.pos, seg)))
    });
    match magic.map(|m| m.figure) {
        None => base,
        Some(MagicFigure::Mage) => base + tiles,
        Some(MagicFigure::Witch) => base.div_ceil(2),
    }
}

/// The oracle of a pending message (§3.2.1, D-MS-2, D-MS-3, D-MS-8, D-MS-9, D-MS-11): the
/// actions it offers, each with the points it pays (`None`: none, or re-derived elsewhere).
fn message_oracle(
    game: &Game,
    oracle: &Oracle,
    message: carcassonne::Message,
) -> Vec<(Action, Option<u32>)> {
    use carcassonne::Message;
    let me = game.current_player();
    let mine: Vec<(carcassonne::PlacedFigure, Feature)> = game
        .figures()
        .into_iter()
        .filter(|f| f.player == me && f.figure.is_follower())
        .map(|f| {
            let t = game.board().tile_at(f.pos).unwrap();
            let seg = t
                .tile
                .kind()
                .segment_with_location(f.feature, f.location, t.rotation)
                .unwrap();
            let feature = oracle.feature(f.pos, seg);
            (f, feature)
        })
        .collect();
    let mut out = vec![(Action::MessagePoints, Some(2))];
    let kinds: &[FeatureKind] = match message {
        Message::ShortestRoad => &[FeatureKind::Road],
        Message::SmallestCity | Message::CoatsOfArms | Message::Knights => &[FeatureKind::City],
        Message::SmallestMonastery => &[FeatureKind::Monastery, FeatureKind::Shrine],
        Message::Farmers => &[FeatureKind::Field],
        Message::ExtraTile | Message::ScoreAndReturn => &[],
    };
    // Each feature of the message's kind once, named by the player's first follower there.
    let mut features: Vec<(&carcassonne::PlacedFigure, &Feature)> = Vec::new();
    for (f, feature) in &mine {
        if kinds.contains(&feature.kind)
            && !features.iter().any(|(_, g)| g.segments == feature.segments)
        {
            features.push((f, feature));
        }
    }
    match message {
        Message::ShortestRoad | Message::SmallestCity | Message::SmallestMonastery => {
            let lowest = features.iter().map(|(_, f)| final_value(game, f)).min();
            for (f, feature) in &features {
                let value = final_value(game, feature);
                if Some(value) == lowest {
                    let action = Action::MessageFeature {
                        pos: f.pos,
                        feature: f.feature,
                        location: f.location,
                    };
                    out.push((action, Some(value)));
                }
            }
        }
        Message::CoatsOfArms if !features.is_empty() => {
            let pennants: u32 = features.iter().map(|(_, f)| f.pennants).sum();
            out.push((Action::MessageAction, Some(2 * pennants)));
        }
        Message::Knights | Message::Farmers if !features.is_empty() => {
            let n = mine.iter().filter(|(_, f)| kinds.contains(&f.kind)).count() as u32;
            out.push((Action::MessageAction, Some(2 * n)));
        }
        Message::ExtraTile if game.tiles_left() > 0 => out.push((Action::MessageAction, None)),
        Message::ScoreAndReturn => {
            for (f, _) in &mine {
                let action = Action::MessageFollower {
                    figure: f.figure,
                    pos: f.pos,
                    feature: f.feature,
                    location: f.location,
                };
                if !out.iter().any(|(a, _)| *a == action) {
                    out.push((action, None));
                }
            }
        }
        _ => {}
    }
    out
}

/// A feature as the oracle names it: its kind and its segments (tile and segment index).
type FeatureId = (FeatureKind, Vec<(Position, usize)>);

/// Plays one random game, checking every property at every step.
fn check_game(
    players: usize,
    seed: u64,
    farmers: bool,
    sets: &[TileSet],
    optional_double_turn: bool,
) -> Result<(), TestCaseError> {
    let mut config = Config::new(players);
    config.rules.farmers = farmers;
    // King & Robber Baron variants and the Cult's partner option, by seed.
    let scoring = [
        KingRobberScoring::PerCompletedFeature,
        KingRobberScoring::PerCompletedFeature,
        KingRobberScoring::TenPerToken,
        KingRobberScoring::FifteenForty,
        KingRobberScoring::Continuously,
    ][(seed >> 8) as usize % 5];
    config.rules.king_robber_scoring = scoring;
    config.rules.cult_unique_partner = seed & 2 == 0;
    let unique_partner = config.rules.cult_unique_partner;
    if optional_double_turn {
        config.rules.builder_double_turn = BuilderDoubleTurn::Optional;
    }
    // The Count's variants and JCloisterZone's readings, by seed.
    let count_bits = seed >> 16;
    config.rules.count_move = [
        CountMove::ByPlayer,
        CountMove::Clockwise,
        CountMove::FollowFigure,
    ][(count_bits % 3) as usize];
    config.rules.count_final_scoring = if count_bits & 4 == 0 {
        CountFinalScoring::MarketOnly
    } else {
        CountFinalScoring::AllQuarters
    };
    config.rules.count_leave_to_unoccupied = count_bits & 8 != 0;
    config.rules.count_final_moves_optional = count_bits & 16 != 0;
    config.rules.count_entry_feature_points_only = count_bits & 32 != 0;
    config.rules.count_place_returned_figures = count_bits & 64 != 0;
    // JCloisterZone's reading of the flier over the City of Carcassonne, by seed.
    config.rules.flier_lands_on_city_of_carcassonne = count_bits & 128 == 0;
    // The ferries' moves once per turn, or once per turn part (D-FE-4), by seed.
    config.rules.ferry_move_per_turn_part = count_bits & 256 != 0;
    let per_part = config.rules.ferry_move_per_turn_part;
    // The robbers' placement wordings and their final scoring, by seed.
    config.rules.robber_placement = [
        RobberPlacement::OneMore,
        RobberPlacement::EachOtherPlayer,
        RobberPlacement::BeforeTilePlacement,
    ][((seed >> 40) % 3) as usize];
    config.rules.robbers_in_final_scoring = seed & (1 << 44) == 0;
    let robbing_at_end = config.rules.robbers_in_final_scoring;
    let robbers = sets.contains(&TileSet::Robbers);
    // The Messages' messenger: a second figure on the track; the readings of M.2 and M.8, by
    // seed.
    let messages = sets.contains(&TileSet::Messages);
    config.rules.message_trigger_end_state = seed & (1 << 45) != 0;
    config.rules.message_dark_space_alone = seed & (1 << 46) != 0;
    let mut model = TrackModel {
        lenient: messages,
        ..TrackModel::default()
    };
    let mut message_model = MessageModel::new(
        players,
        config.rules.message_trigger_end_state,
        config.rules.message_dark_space_alone,
    );
    // (With River II the fork may be placed out of turn, which the model's reading of whose
    // turn it is from the tile draws does not follow.)
    let model_messages = messages && !sets.contains(&TileSet::River2);
    // The points the message being resolved pays, from its oracle: `Some(None)` for none.
    let mut message_due: Option<Option<u32>> = None;
    // The turn part's tile, and a message's extra tile (M.7) laid in it: the next placement
    // after the extra tile was chosen is the extra tile's.
    let mut part_tile: Option<Position> = None;
    let mut extra_tile: Option<Position> = None;
    let mut extra_tile_due = false;
    let ferries = sets.contains(&TileSet::Ferries);
    // Ferries moved in this turn (turn part with the option), by lake.
    let mut moved: HashSet<Position> = HashSet::new();
    // JCloisterZone's reading of CR.4 (no round without a figure out), by seed.
    config.rules.crop_option_always_asked = count_bits & 256 == 0;
    // GM.4 by the players, or JCloisterZone's automatic distribution, by seed.
    config.rules.gold_distribution = if seed & (1 << 47) == 0 {
        GoldDistribution::Players
    } else {
        GoldDistribution::Automatic
    };
    let automatic_gold = config.rules.gold_distribution == GoldDistribution::Automatic;
    let count_rules = config.rules.clone();
    config.sets.extend_from_slice(sets);
    let flier = sets
        .iter()
        .any(|s| matches!(s, TileSet::FlyingMachines | TileSet::FlyingMachines1));
    let flier_gold_magic = (flier, sets.contains(&TileSet::GoldMines));
    let initial = config.start_supply();
    // Explicit draws in every third game: the chance nodes are checked too.
    config.explicit_draws = (seed >> 24) % 3 == 0;
    let mut game = Game::new(config, seed).unwrap();
    let mut rng = Pcg64Mcg::seed_from_u64(seed ^ 0x5eed);
    // A completed feature is named by its segments: with ferries a completed road can be
    // joined to another (a move), and the larger road on the same tiles is another feature.
    let mut completed_seen: HashSet<FeatureId> = HashSet::new();
    // With ferries a completed road can open again (a move joins it to an open one) and be
    // completed again later: where each scored road was, to forget it once it is not complete.
    let mut completed_at: Vec<(FeatureId, Position, usize)> = Vec::new();
    let mut last_scores = game.scores();
    let mut steps = 0;
    // Under the Big Top: the turn (counted at each first part's placement) in which each
    // pyramid was completed (AC.5: not scorable before a later turn).
    let mut turn = 0usize;
    let mut completed_in: std::collections::HashMap<Position, usize> = Default::default();
    // A crop circle's round: the seats still to decide, in order (from the oracle of CR.2).
    let mut crop_queue: Option<Vec<usize>> = None;
    // Whether the turn part's crop circle round has begun (§4: step 4.5 comes after the big
    // top, the gold and the Count).
    let mut crop_begun = false;
    // Gold Mines: the claims and the distribution of each turn part, from the event log.
    let gold = flier_gold_magic.1 && game.elements().gold;
    let mut gold_model = GoldModel {
        figures: game.figures(),
        ..GoldModel::default()
    };
    // Flying Machines: the flight under way (from its launch: where from, which way, which
    // figure), and the roll supplied in explicit-draw games.
    let mut launch: Option<(Position, carcassonne::Compass, Figure)> = None;
    while !game.is_over() {
        // The active player before the step (events may run into the next player's turn).
        let active_before = game.active_player();
        // Before a flight's roll: the board it lands on (FM.3).
        let machine_here = game.last_placed().is_some_and(|t| {
            t.tile
                .kind()
                .markers
                .iter()
                .any(|m| matches!(m, Marker::FlyingMachine(_)))
        });
        let before_roll = match game.pending() {
            Pending::FlierRoll => Some((game.clone(), Oracle::of(&game))),
            Pending::Deploy { .. } if flier && machine_here => {
                Some((game.clone(), Oracle::of(&game)))
            }
            _ => None,
        };
        let mut rolled: Option<u8> = None;
        // (A message's extra tile is placed in the turn it belongs to.)
        if matches!(game.pending(), Pending::Place { .. })
            && !game.is_second_part()
            && !extra_tile_due
        {
            turn += 1;
        }
        if matches!(game.pending(), Pending::Place { .. })
            && (per_part || !game.is_second_part())
            && !extra_tile_due
        {
            moved.clear();
        }
        match game.pending() {
            Pending::Place { .. } | Pending::Draw => crop_begun = false,
            Pending::CropOption => crop_begun = true,
            // (The big top's final scoring, F3, follows the last turn's round.)
            Pending::AnimalToken if game.tiles_left() == 0 => {}
            Pending::AnimalToken | Pending::TakeIngot | Pending::EnterCity | Pending::MoveCount => {
                prop_assert!(
                    !crop_begun,
                    "{:?} after the crop circle's round",
                    game.pending()
                )
            }
            _ => {}
        }
        let events = if game.pending().is_chance() {
            // A chance node (explicit draws): the outcomes' probabilities are the stack's or
            // the animal pool's shares and add up to 1.
            let outcomes = game.chance_outcomes();
            prop_assert!(!outcomes.is_empty(), "a chance node with no outcome");
            // No action to choose: the chooser is not asked.
            let mut asked = false;
            prop_assert_eq!(
                game.choose_legal_action(|n| {
                    asked = true;
                    n
                }),
                None
            );
            prop_assert!(!asked, "choose_legal_action asked at a chance node");
            // Nor is `play_chosen`'s, and the game stays as it was.
            let mut copy = game.clone();
            prop_assert_eq!(
                copy.play_chosen(|n| {
                    asked = true;
                    n
                }),
                Ok(None)
            );
            prop_assert!(!asked, "play_chosen asked at a chance node");
            prop_assert!(
                copy == game,
                "play_chosen changed the game at a chance node"
            );
            let total: f64 = outcomes.iter().map(|(_, p)| p).sum();
            prop_assert!(
                (total - 1.0).abs() < 1e-9,
                "probabilities add up to {}",
                total
            );
            if game.pending() == Pending::FlierRoll {
                // FM.2: the die 1, 1, 2, 2, 3, 3.
                let rolls: Vec<Outcome> = outcomes.iter().map(|(o, _)| *o).collect();
                prop_assert_eq!(
                    rolls,
                    vec![Outcome::Roll(1), Outcome::Roll(2), Outcome::Roll(3)]
                );
                prop_assert!(outcomes.iter().all(|(_, p)| (p - 1.0 / 3.0).abs() < 1e-12));
            }
            if game.pending() == Pending::DrawMessage {
                // M.2: each message never drawn alike; once all were seen, the one under the
                // deck longest.
                let unseen = game.messages_unseen();
                let expected: Vec<(Outcome, f64)> = if unseen.is_empty() {
                    vec![(Outcome::Message(game.messages_under_deck()[0]), 1.0)]
                } else {
                    unseen
                        .iter()
                        .map(|m| (Outcome::Message(*m), 1.0 / unseen.len() as f64))
                        .collect()
                };
                prop_assert_eq!(&outcomes, &expected);
                prop_assert_eq!(
                    unseen.len() + game.messages_under_deck().len(),
                    8,
                    "the deck holds every message (none in hand)"
                );
            }
            if game.pending() == Pending::AnimalToken {
                let left = game.animals_left();
                let tokens: u32 = left.iter().map(|(_, n)| u32::from(*n)).sum();
                for (o, p) in &outcomes {
                    let n = left
                        .iter()
                        .find(|(a, _)| Some(*a) == o.animal())
                        .map_or(0, |(_, n)| u32::from(*n));
                    prop_assert!((p - f64::from(n) / f64::from(tokens)).abs() < 1e-12);
                }
            }
            let pick = outcomes[below(&mut rng, outcomes.len())].0;
            if let Outcome::Roll(d) = pick {
                rolled = Some(d);
            }
            game.resolve(pick).unwrap()
        } else {
            let legal = game.legal_actions();
            prop_assert!(!legal.is_empty(), "a decision with no legal action");
            prop_assert_eq!(legal.len(), game.legal_action_count());
            // Drawing by index gives the list's actions, in its order, and nothing past it.
            for (i, &action) in legal.iter().enumerate() {
                prop_assert_eq!(game.legal_action(i), Some(action), "legal_action({})", i);
            }
            prop_assert_eq!(game.legal_action(legal.len()), None);
            // Written into a buffer of the caller's: the list in its order, with room for
            // four placements per open position or for exactly the list; with one place
            // less, nothing is written and the number is told.
            let indexed: Vec<(usize, Action)> = legal.iter().copied().enumerate().collect();
            for room in [legal.len() + 4096, legal.len()] {
                prop_assert_eq!(written(&game, room), (Ok(legal.len()), indexed.clone()));
            }
            prop_assert_eq!(
                written(&game, legal.len() - 1),
                (Err(legal.len()), Vec::new())
            );
            // Choosing by index: told the list's length once, it gives the action at the
            // index chosen, and nothing past the list.
            for (i, &action) in legal.iter().enumerate() {
                let mut told = Vec::new();
                let chosen = game.choose_legal_action(|n| {
                    told.push(n);
                    i
                });
                prop_assert_eq!(chosen, Some(action), "choose_legal_action(|_| {})", i);
                prop_assert_eq!(told, vec![legal.len()]);
            }
            prop_assert_eq!(game.choose_legal_action(|n| n), None);
            let mut copy = game.clone();
            prop_assert_eq!(copy.play_chosen(|n| n), Ok(None));
            prop_assert!(copy == game, "play_chosen past the list changed the game");
            let oracle = Oracle::of(&game);
            match game.pending() {
                Pending::Place { tile } => {
                    let mine: BTreeSet<(i32, i32, u16)> = legal
                        .iter()
                        .map(|a| match a {
                            Action::Place { pos, rotation, .. } => {
                                (pos.x, pos.y, rotation.degrees())
                            }
                            other => panic!("{other} offered at a placement"),
                        })
                        .collect();
                    prop_assert_eq!(mine.len(), legal.len(), "duplicate placements");
                    let edge_legal = oracle.placements(tile);
                    // The river's rules (a river tile) and the Cult's (a monastery or shrine) on
                    // top of edge matching, each from the oracle.
                    let mut expected =
                        if tile.kind().edges().contains(&carcassonne::EdgeKind::River) {
                            oracle.river_placements(&game, tile)
                        } else {
                            edge_legal
                        };
                    expected.retain(|&(x, y, _)| {
                        oracle.cult_allows(tile, Position::new(x, y), unique_partner)
                    });
                    prop_assert_eq!(
                        &mine,
                        &expected,
                        "placements of {} on {:?}, river ends {:?}",
                        tile,
                        game.board()
                            .tiles()
                            .iter()
                            .map(|t| format!("{} {} {}", t.tile, t.pos, t.rotation))
                            .collect::<Vec<_>>(),
                        game.open_river_ends()
                    );
                }
                Pending::Deploy { pos } => {
                    prop_assert_eq!(legal.last(), Some(&Action::Pass));
                    let mine: BTreeSet<Action> = legal[..legal.len() - 1].iter().copied().collect();
                    let mut expected = oracle.deployments(&game, pos, farmers);
                    // AC.1–AC.5: an acrobat onto a site with a free place in the 3×3 area of the
                    // tile just laid (a follower in supply); a pyramid completed in an earlier turn.
                    let me = game.current_player();
                    for site in game.acrobat_sites() {
                        let near =
                            (site.pos.x - pos.x).abs() <= 1 && (site.pos.y - pos.y).abs() <= 1;
                        if site.acrobats.len() < 3 && near && game.supply(me, Figure::Follower) > 0
                        {
                            expected.insert(Action::Acrobat { pos: site.pos });
                        }
                        if site.acrobats.len() == 3 && completed_in.get(&site.pos) != Some(&turn) {
                            expected.insert(Action::ScorePyramid { pos: site.pos });
                        }
                    }
                    // FM.1, D-FM-1: on a tile with a flying machine, any follower kind in supply
                    // may fly (a normal or large follower, a ringmaster; no builder, no pig).
                    let machine = game.board().tile_at(pos).is_some_and(|t| {
                        t.tile
                            .kind()
                            .markers
                            .iter()
                            .any(|m| matches!(m, Marker::FlyingMachine(_)))
                    });
                    if machine && flier {
                        for figure in [Figure::Follower, Figure::LargeFollower, Figure::Ringmaster]
                        {
                            if game.supply(me, figure) > 0 {
                                expected.insert(Action::Fly { figure });
                            }
                        }
                    }
                    prop_assert_eq!(mine, expected);
                }
                Pending::Landing { pos } => {
                    // FM.3: the landings of the flight's figure on the target tile (its
                    // incomplete roads, cities, monasteries and shrines, and for a normal
                    // follower its acrobat site with room), two or more, or nothing is asked.
                    // (The target itself is tied to the roll where it is rolled, below.)
                    prop_assert!(launch.is_some(), "a landing without a launch");
                    let (_, _, figure) = launch.unwrap_or_else(|| unreachable!());
                    prop_assert_eq!(game.flight().and_then(|f| f.2), Some(pos));
                    let expected = flier_landings(
                        &game,
                        &oracle,
                        figure,
                        pos,
                        count_rules.flier_lands_on_city_of_carcassonne,
                    );
                    prop_assert!(expected.len() >= 2, "a landing asked with {:?}", expected);
                    prop_assert_eq!(&legal, &expected);
                }
                Pending::Ingot { pos: gold } => {
                    // GM.1: the second ingot on a tile of the gold tile's 8-neighbourhood.
                    prop_assert_eq!(Some(gold), game.last_placed().map(|t| t.pos));
                    let expected: BTreeSet<Action> = game
                        .board()
                        .tiles()
                        .iter()
                        .filter(|t| {
                            t.pos != gold
                                && (t.pos.x - gold.x).abs() <= 1
                                && (t.pos.y - gold.y).abs() <= 1
                        })
                        .map(|t| Action::PlaceIngot { pos: t.pos })
                        .collect();
                    prop_assert!(expected.len() >= 2, "a forced second ingot is not asked");
                    prop_assert_eq!(legal.iter().copied().collect::<BTreeSet<_>>(), expected);
                }
                Pending::TakeIngot => {
                    // GM.3–GM.4, from the gold model: the next entitled player in seat order
                    // from the active player chooses among the tiles with ingots he is entitled
                    // to — asked only when they differ in who else may claim them, and never
                    // with JCloisterZone's automatic reading.
                    prop_assert!(gold && !automatic_gold);
                    let taker = gold_model.taker(players);
                    prop_assert_eq!(Some(game.current_player()), taker, "the wrong taker");
                    let options = gold_model.options(game.current_player());
                    let expected: BTreeSet<Action> = options
                        .iter()
                        .map(|&(pos, _)| Action::TakeIngot { pos })
                        .collect();
                    prop_assert_eq!(legal.iter().copied().collect::<BTreeSet<_>>(), expected);
                    prop_assert!(
                        options.iter().any(|&(_, m)| m != options[0].1),
                        "asked with no choice that matters: {:?}",
                        options
                    );
                }
                Pending::Magic => {
                    // MW.1–MW.3: onto an incomplete road or city; never both figures in one
                    // feature; a moved figure changes feature.
                    let placed_magic = game.magic_figures();
                    let feature_of = |pos: Position, feature: FeatureKind, location: Location| {
                        let t = game.board().tile_at(pos).unwrap();
                        let seg = t
                            .tile
                            .kind()
                            .segment_with_location(feature, location, t.rotation)
                            .unwrap();
                        oracle.feature(pos, seg).segments
                    };
                    for a in &legal {
                        let Action::PlaceMagic {
                            figure,
                            pos,
                            feature,
                            location,
                        } = *a
                        else {
                            prop_assert!(false, "{} offered for a magic figure", a);
                            continue;
                        };
                        prop_assert!(matches!(feature, FeatureKind::Road | FeatureKind::City));
                        let t = game.board().tile_at(pos).unwrap();
                        let seg = t
                            .tile
                            .kind()
                            .segment_with_location(feature, location, t.rotation)
                            .unwrap();
                        let target = oracle.feature(pos, seg);
                        prop_assert!(!target.complete, "{} onto a completed feature", a);
                        for m in &placed_magic {
                            let theirs = feature_of(m.pos, m.feature, m.location);
                            if m.figure == figure {
                                prop_assert!(
                                    theirs != target.segments,
                                    "{} does not change feature",
                                    a
                                );
                            } else {
                                prop_assert!(
                                    theirs != target.segments,
                                    "{} joins the other figure",
                                    a
                                );
                            }
                        }
                    }
                    // And every such move is listed: each figure onto each segment of an
                    // incomplete road or city in neither figure's feature.
                    let taken: Vec<_> = placed_magic
                        .iter()
                        .map(|m| feature_of(m.pos, m.feature, m.location))
                        .collect();
                    let mut expected = BTreeSet::new();
                    for t in game.board().tiles() {
                        for (i, seg) in t.tile.kind().segments.iter().enumerate() {
                            if !matches!(seg.kind, FeatureKind::Road | FeatureKind::City) {
                                continue;
                            }
                            let target = oracle.feature(t.pos, i);
                            if target.complete || taken.contains(&target.segments) {
                                continue;
                            }
                            for figure in MagicFigure::ALL {
                                expected.insert(Action::PlaceMagic {
                                    figure,
                                    pos: t.pos,
                                    feature: seg.kind,
                                    location: seg.location(t.rotation),
                                });
                            }
                        }
                    }
                    prop_assert_eq!(legal.iter().copied().collect::<BTreeSet<_>>(), expected);
                }
                Pending::PlaceFerry { pos } => {
                    // FE.3: the new lake's ferry joins any two of its road ends.
                    prop_assert_eq!(Some(pos), game.last_placed().map(|t| t.pos));
                    let placed = game.board().tile_at(pos).unwrap();
                    let kind = placed.tile.kind();
                    let ends: Vec<u16> = kind
                        .segments
                        .iter()
                        .filter(|s| s.kind == FeatureKind::Road)
                        .map(|s| s.location(placed.rotation).bits())
                        .collect();
                    let mut expected = BTreeSet::new();
                    for (i, a) in ends.iter().enumerate() {
                        for b in &ends[i + 1..] {
                            expected.insert(Action::PlaceFerry {
                                pos,
                                location: Location::from_bits(a | b).unwrap(),
                            });
                        }
                    }
                    prop_assert_eq!(legal.iter().copied().collect::<BTreeSet<_>>(), expected);
                }
                Pending::MoveFerry => {
                    // FE.4: a ferry on the board, not moved yet in this turn (D-FE-4), to two
                    // other road ends of its lake; or stop.
                    prop_assert_eq!(legal.last(), Some(&Action::Pass));
                    let ferries_now = game.ferries();
                    prop_assert!(legal.len() >= 3, "a move is asked with nothing to move");
                    for a in &legal[..legal.len() - 1] {
                        let Action::MoveFerry { pos, location } = *a else {
                            prop_assert!(false, "{} offered for a ferry move", a);
                            continue;
                        };
                        prop_assert!(!moved.contains(&pos), "{} moves a ferry twice", a);
                        let current = ferries_now.iter().find(|(p, _)| *p == pos);
                        prop_assert!(current.is_some_and(|(_, l)| *l != location), "{}", a);
                        prop_assert_eq!(location.sides().count(), 2);
                    }
                }
                Pending::RemoveMagic => {
                    // MW.2: one of the figures on the board goes back.
                    let on_board: BTreeSet<Action> = game
                        .magic_figures()
                        .iter()
                        .map(|m| Action::RemoveMagic { figure: m.figure })
                        .collect();
                    prop_assert!(legal.iter().all(|a| on_board.contains(a)));
                    prop_assert!(!legal.is_empty());
                }
                Pending::DoubleTurn => {
                    prop_assert!(optional_double_turn);
                    prop_assert_eq!(&legal, &vec![Action::DoubleTurn, Action::Pass]);
                }
                // The Count's decisions: optional ones end with a pass; the final moves are
                // mandatory unless `count_final_moves_optional`; every move is the deciding
                // player's, from a quarter not holding the Count, onto a feature its quarter leads
                // to; without farmers nobody enters the Market and the Count does not go there.
                Pending::EnterCity | Pending::MoveCount | Pending::LeaveCity | Pending::Market => {
                    let market = game.pending() == Pending::Market;
                    let all_quarters =
                        count_rules.count_final_scoring == CountFinalScoring::AllQuarters;
                    prop_assert_eq!(
                        legal.last() == Some(&Action::Pass),
                        !market || count_rules.count_final_moves_optional
                    );
                    prop_assert!(legal.len() >= 2 || market, "a City decision with no option");
                    if game.pending() == Pending::MoveCount {
                        prop_assert_eq!(count_rules.count_move, CountMove::ByPlayer);
                    }
                    for a in &legal {
                        if let Action::EnterCity { quarter, .. } | Action::MoveCount { quarter } =
                            *a
                        {
                            prop_assert!(farmers || quarter != Quarter::Market);
                        }
                    }
                    let occupied = oracle.figure_features(&game);
                    let me = game.current_player();
                    for a in &legal {
                        let Action::LeaveCity {
                            figure,
                            quarter,
                            pos,
                            feature,
                            location,
                        } = *a
                        else {
                            continue;
                        };
                        prop_assert!(quarter.leads_to(feature));
                        let allowed = if market {
                            all_quarters || quarter == Quarter::Market
                        } else {
                            quarter != Quarter::Market
                        };
                        prop_assert!(allowed, "{} from a quarter not open now", a);
                        prop_assert!(Some(quarter) != game.count_quarter(), "a blocked quarter");
                        prop_assert!(game.quarter_figures(quarter).contains(&(me, figure)));
                        let placed = game.board().tile_at(pos).unwrap();
                        let seg = placed
                            .tile
                            .kind()
                            .segment_with_location(feature, location, placed.rotation)
                            .unwrap();
                        let target = oracle.feature(pos, seg);
                        if !market {
                            // C.3: completed in this turn part and occupied (any, D-C-7 option).
                            prop_assert!(target.complete);
                            prop_assert!(
                                count_rules.count_leave_to_unoccupied
                                    || occupied.iter().any(|(_, f)| f.segments == target.segments)
                            );
                        } else if quarter != Quarter::Market {
                            // C.4 option: onto an unfinished feature.
                            prop_assert!(!target.complete);
                        }
                    }
                }
                Pending::CropOption => {
                    // CR.1: after a crop-circle tile, the active player chooses A or B.
                    prop_assert_eq!(game.current_player(), game.active_player());
                    let round = game.crop_round().unwrap();
                    prop_assert!(round.option.is_none());
                    // The turn part's tile: the last laid, or after a message's extra tile
                    // the outer part's (the extra tile's own circle comes at the end of its
                    // nested part, D-CR-2).
                    prop_assert!(
                        Some(round.pos) == part_tile || Some(round.pos) == extra_tile,
                        "a crop circle's round for {} (the part's tile {:?}, the extra tile \
                         {:?})",
                        round.pos,
                        part_tile,
                        extra_tile
                    );
                    let laid = game.board().tile_at(round.pos).unwrap();
                    prop_assert!(laid
                        .tile
                        .kind()
                        .has_marker(Marker::CropCircle(round.circle)));
                    prop_assert!(farmers || round.circle != FeatureKind::Field);
                    prop_assert_eq!(
                        &legal,
                        &CropOption::ALL
                            .map(|option| Action::CropOption { option })
                            .to_vec()
                    );
                }
                Pending::CropDeploy | Pending::CropReturn => {
                    // CR.2: the next seat of the order computed when the option was chosen.
                    let me = game.current_player();
                    let queue = crop_queue.as_mut();
                    prop_assert!(queue.is_some(), "a crop decision outside a round");
                    let queue = queue.unwrap_or_else(|| unreachable!());
                    prop_assert_eq!(queue.first().copied(), Some(me), "out of seat order");
                    queue.remove(0);
                    let round = game.crop_round().unwrap();
                    let deploy = game.pending() == Pending::CropDeploy;
                    prop_assert_eq!(
                        round.option,
                        Some(if deploy {
                            CropOption::Deploy
                        } else {
                            CropOption::Return
                        })
                    );
                    // CR.1, D-CR-1: the player's followers on features of the circle's kind
                    // (the oracle's), and for A the follower kinds in supply.
                    let mine: Vec<_> = game
                        .figures()
                        .into_iter()
                        .filter(|f| f.player == me && f.figure.is_follower())
                        .filter(|f| {
                            let t = game.board().tile_at(f.pos).unwrap();
                            let seg = t
                                .tile
                                .kind()
                                .segment_with_location(f.feature, f.location, t.rotation)
                                .unwrap();
                            oracle.feature(f.pos, seg).kind == round.circle
                        })
                        .collect();
                    prop_assert!(!mine.is_empty(), "a player without a reference is asked");
                    let mut expected = BTreeSet::new();
                    if deploy {
                        for figure in [Figure::Follower, Figure::LargeFollower, Figure::Ringmaster]
                        {
                            if game.supply(me, figure) == 0 {
                                continue;
                            }
                            for f in &mine {
                                expected.insert(Action::CropDeploy {
                                    figure,
                                    pos: f.pos,
                                    feature: f.feature,
                                    location: f.location,
                                });
                            }
                        }
                        prop_assert_eq!(legal.last(), Some(&Action::Pass));
                        prop_assert!(expected.len() + 1 == legal.len(), "duplicates");
                        expected.insert(Action::Pass);
                    } else {
                        for f in &mine {
                            expected.insert(Action::CropReturn {
                                figure: f.figure,
                                pos: f.pos,
                                feature: f.feature,
                                location: f.location,
                            });
                        }
                        prop_assert!(expected.len() == legal.len(), "duplicates");
                    }
                    prop_assert_eq!(legal.iter().copied().collect::<BTreeSet<_>>(), expected);
                }
                Pending::PlaceRobber => {
                    // RO.1: after (or, C3.1, before) a robber tile; a space holding another
                    // player's figure, not the robber's own; the active player may move his,
                    // the others only place from supply; or pass.
                    prop_assert!(robbers);
                    let me = game.current_player();
                    let robber_tile = game
                        .current_tile()
                        .or_else(|| game.last_placed().map(|t| t.tile))
                        .is_some_and(|t| t.kind().has_marker(Marker::Robber));
                    prop_assert!(robber_tile, "robbers placed without a robber tile");
                    let state = game.robber(me).unwrap();
                    prop_assert!(
                        state == RobberState::InSupply
                            || matches!(state, RobberState::OnTrack(_))
                                && me == game.active_player()
                    );
                    let mut expected: BTreeSet<Action> = (0..players)
                        .filter(|&p| p != me)
                        .flat_map(|p| (0..game.track_figures()).map(move |f| (p, f)))
                        .map(|(p, f)| game.track_position(p, f).unwrap().space)
                        .filter(|&s| state != RobberState::OnTrack(s))
                        .map(|space| Action::PlaceRobber { space })
                        .collect();
                    prop_assert!(!expected.is_empty(), "asked with nowhere to go");
                    expected.insert(Action::Pass);
                    prop_assert_eq!(legal.last(), Some(&Action::Pass));
                    prop_assert_eq!(legal.iter().copied().collect::<BTreeSet<_>>(), expected);
                }
                Pending::ChooseRobbed => {
                    // RO.5: the robber's owner chooses among two or more other players whose
                    // figures stand on its space (they are about to leave it).
                    let me = game.current_player();
                    let Some(RobberState::OnTrack(here)) = game.robber(me) else {
                        prop_assert!(false, "a choice without a robber on the track");
                        unreachable!()
                    };
                    prop_assert!(legal.len() >= 2);
                    for a in &legal {
                        let Action::Rob { player } = *a else {
                            prop_assert!(false, "{} offered for a robbery", a);
                            continue;
                        };
                        prop_assert!(player as usize != me);
                        prop_assert!((0..game.track_figures()).any(|f| game
                            .track_position(player as usize, f)
                            .unwrap()
                            .space
                            == here));
                    }
                }
                Pending::ChooseScoringFigure => {
                    // M.1: asked only when the receiver's two figures stand on different
                    // spaces; either may move.
                    let me = game.current_player();
                    prop_assert!(messages);
                    prop_assert_ne!(
                        game.track_position(me, 0).unwrap().space,
                        game.track_position(me, 1).unwrap().space
                    );
                    prop_assert_eq!(
                        legal.clone(),
                        vec![
                            Action::ScoringFigure { figure: 0 },
                            Action::ScoringFigure { figure: 1 }
                        ]
                    );
                }
                Pending::ScoreOrder => {
                    // D-GEN-1: two or more completed, occupied features; a robber on the track,
                    // or (Messages, D-MS-10's reading) the active player paid by two of them —
                    // with M.8 by one while another player is paid by another.
                    prop_assert_eq!(game.current_player(), game.active_player());
                    prop_assert!(legal.len() >= 2);
                    let robber_on = (0..players)
                        .any(|p| matches!(game.robber(p), Some(RobberState::OnTrack(_))));
                    let occupied = oracle.figure_features(&game);
                    let (mut mine, mut others) = (0, 0);
                    for a in &legal {
                        let Action::ScoreFirst {
                            pos,
                            feature,
                            location,
                        } = *a
                        else {
                            continue;
                        };
                        let t = game.board().tile_at(pos).unwrap();
                        let seg = t
                            .tile
                            .kind()
                            .segment_with_location(feature, location, t.rotation)
                            .unwrap();
                        let f = oracle.feature(pos, seg);
                        let mut strength = [0u8; 6];
                        for (p, figure, g) in oracle.figure_features_with_kind(&game) {
                            if g.segments == f.segments && figure.is_follower() {
                                strength[p] += figure.strength();
                            }
                        }
                        let top = *strength.iter().max().unwrap_or(&0);
                        let active = game.active_player();
                        mine += usize::from(strength[active] == top);
                        others +=
                            usize::from((0..players).any(|p| p != active && strength[p] == top));
                    }
                    if !robber_on {
                        let rules = &game.config().rules;
                        prop_assert!(messages && !rules.message_trigger_end_state);
                        prop_assert!(
                            mine >= 2 || rules.message_dark_space_alone && mine >= 1 && others >= 1,
                            "the order asked for the Messages: {} features paying the active \
                             player, {} another",
                            mine,
                            others
                        );
                    }
                    for a in &legal {
                        let Action::ScoreFirst {
                            pos,
                            feature,
                            location,
                        } = *a
                        else {
                            prop_assert!(false, "{} offered for the order", a);
                            continue;
                        };
                        let t = game.board().tile_at(pos).unwrap();
                        let seg = t
                            .tile
                            .kind()
                            .segment_with_location(feature, location, t.rotation)
                            .unwrap();
                        let f = oracle.feature(pos, seg);
                        prop_assert!(f.complete, "{} is not complete", a);
                        prop_assert!(occupied.iter().any(|(_, o)| o.segments == f.segments));
                    }
                }
                Pending::ResolveMessage { message } => {
                    prop_assert!(messages);
                    prop_assert_eq!(game.current_player(), game.active_player());
                    prop_assert_eq!(game.message_in_hand(), Some(message));
                    prop_assert!(message_due.is_none(), "a message's points still owed");
                    let offers = message_oracle(&game, &oracle, message);
                    let expected: Vec<Action> = offers.iter().map(|(a, _)| *a).collect();
                    prop_assert_eq!(&legal, &expected, "message {}", message);
                    prop_assert!(legal.len() > 1, "a message asked with nothing to act on");
                }
                other => prop_assert!(false, "legal actions at {other:?}"),
            }
            // Every legal action plays (checked on a sample of steps: each costs a clone).
            if steps % 7 == 0 {
                for &a in &legal {
                    let mut copy = game.clone();
                    prop_assert!(copy.play(a).is_ok(), "legal {a} refused");
                }
            }
            // Probes: is_legal agrees with the legal set; illegal actions change nothing.
            for _ in 0..4 {
                let probe = random_probe(&game, &mut rng);
                prop_assert_eq!(
                    game.is_legal(probe),
                    legal.contains(&probe),
                    "is_legal({})",
                    probe
                );
                if !legal.contains(&probe) {
                    let before = game.clone();
                    prop_assert!(game.play(probe).is_err());
                    prop_assert!(game == before, "refused {probe} changed the game");
                }
            }
            let mut action = legal[below(&mut rng, legal.len())];
            // Flights are one action among many at a deployment: taken one time in three when
            // offered, so that the flights' rules are met often.
            let flights: Vec<Action> = legal
                .iter()
                .copied()
                .filter(|a| matches!(a, Action::Fly { .. }))
                .collect();
            if !flights.is_empty() && below(&mut rng, 3) == 0 {
                action = flights[below(&mut rng, flights.len())];
            }
            if let Pending::ResolveMessage { message } = game.pending() {
                let offers = message_oracle(&game, &Oracle::of(&game), message);
                let paid = offers.iter().find(|(a, _)| *a == action).and_then(|o| o.1);
                message_due = match action {
                    Action::MessageFollower {
                        pos,
                        feature,
                        location,
                        ..
                    } => {
                        // D-MS-3: its feature's value with the majority (ties included), or
                        // nothing; a field's value is checked from its facts.
                        let oracle = Oracle::of(&game);
                        let t = game.board().tile_at(pos).unwrap();
                        let seg = t
                            .tile
                            .kind()
                            .segment_with_location(feature, location, t.rotation)
                            .unwrap();
                        let f = oracle.feature(pos, seg);
                        let mut strength = [0u8; 6];
                        for g in game.figures() {
                            let t = game.board().tile_at(g.pos).unwrap();
                            let seg = t
                                .tile
                                .kind()
                                .segment_with_location(g.feature, g.location, t.rotation)
                                .unwrap();
                            if f.segments.contains(&(g.pos, seg)) {
                                strength[g.player] += g.figure.strength();
                            }
                        }
                        let me = game.current_player();
                        let owner = strength[me] == *strength.iter().max().unwrap_or(&0);
                        match (owner, feature) {
                            (false, _) => Some(None),
                            (true, FeatureKind::Field) => None,
                            (true, _) => Some(Some(final_value(&game, &f))),
                        }
                    }
                    Action::MessageAction
                        if game.pending()
                            == (Pending::ResolveMessage {
                                message: carcassonne::Message::ExtraTile,
                            }) =>
                    {
                        extra_tile_due = true;
                        message_model.nested = true;
                        Some(None)
                    }
                    _ => Some(paid),
                };
            }
            // The same action chosen by its index and played without a second check
            // (`play_chosen`) leaves the same game as `play`.
            let index = legal.iter().position(|&a| a == action).unwrap();
            let mut chosen = game.clone();
            let mut told = 0;
            prop_assert_eq!(
                chosen.play_chosen(|n| {
                    told = n;
                    index
                }),
                Ok(Some(action))
            );
            prop_assert_eq!(told, legal.len());
            let round = game.crop_round();
            let events = game.play(action).unwrap();
            prop_assert!(
                chosen == game,
                "play_chosen (index {}) left another game than play({})",
                index,
                action
            );
            if let Action::MoveFerry { pos, .. } = action {
                moved.insert(pos);
            }
            if let Action::CropOption { option } = action {
                // CR.2: from the left of the active player round to the active player, those
                // with a follower of the circle's kind (and for A one in supply).
                prop_assert!(round.is_some());
                let circle = round.map_or(FeatureKind::River, |r| r.circle);
                let active = game.active_player();
                let queue: Vec<usize> = (1..=players)
                    .map(|k| (active + k) % players)
                    .filter(|&p| {
                        let reference = game.figures().iter().any(|f| {
                            f.player == p && f.figure.is_follower() && f.feature == circle
                        });
                        let supply = [Figure::Follower, Figure::LargeFollower, Figure::Ringmaster]
                            .iter()
                            .any(|&f| game.supply(p, f) > 0);
                        reference && (option == CropOption::Return || supply)
                    })
                    .collect();
                crop_queue = Some(queue);
            }
            events
        };
        // AC.5: a pyramid completed by an acrobat — deployed, or a flier landing on its site
        // (FM.3), chosen or the only landing — waits for a later turn.
        for e in &events {
            if let carcassonne::Event::AcrobatDeployed { pos, .. } = *e {
                let full = game
                    .acrobat_sites()
                    .iter()
                    .any(|s| s.pos == pos && s.acrobats.len() == 3);
                if full {
                    completed_in.insert(pos, turn);
                }
            }
        }
        // Flying Machines (FM.1–FM.4), from the event log and the board before the roll: a
        // flight leaves from the tile just laid in its machine's direction (turned with the
        // tile); the target is the rolled distance that way (in explicit-draw games the roll
        // supplied); with no landing there the figure goes home, with one it lands there at
        // once, with two or more the landing is asked.
        for (i, e) in events.iter().enumerate() {
            match *e {
                carcassonne::Event::FlierLaunched {
                    player,
                    figure,
                    pos: from,
                    direction,
                } => {
                    prop_assert_eq!(player, active_before);
                    let t = game.board().tile_at(from).unwrap();
                    let machine = t.tile.kind().markers.iter().find_map(|m| match m {
                        Marker::FlyingMachine(d) => Some(d.rotated(t.rotation)),
                        _ => None,
                    });
                    prop_assert_eq!(machine, Some(direction), "the flight's direction");
                    prop_assert!(figure.is_follower(), "D-FM-1");
                    launch = Some((from, direction, figure));
                }
                carcassonne::Event::DieRolled { distance, target } => {
                    prop_assert!(launch.is_some(), "a roll without a launch");
                    let (from, direction, figure) = launch.unwrap_or_else(|| unreachable!());
                    prop_assert!((1..=3).contains(&distance));
                    if game.config().explicit_draws {
                        prop_assert_eq!(rolled, Some(distance), "not the roll supplied");
                    }
                    let (dx, dy) = direction.offset();
                    let d = i32::from(distance);
                    prop_assert_eq!(
                        target,
                        Position::new(from.x + d * dx, from.y + d * dy),
                        "the target of a roll of {} from {} towards {:?}",
                        distance,
                        from,
                        direction
                    );
                    prop_assert!(before_roll.is_some(), "a roll in an unexpected step");
                    let (board, board_oracle) =
                        before_roll.as_ref().unwrap_or_else(|| unreachable!());
                    let expected = flier_landings(
                        board,
                        board_oracle,
                        figure,
                        target,
                        count_rules.flier_lands_on_city_of_carcassonne,
                    );
                    let next = events.get(i + 1).cloned();
                    match expected.as_slice() {
                        [] => prop_assert_eq!(
                            next,
                            Some(carcassonne::Event::FlierReturned {
                                player: active_before,
                                figure
                            }),
                            "FM.4: nowhere to land at {}",
                            target
                        ),
                        [Action::Land {
                            pos,
                            feature,
                            location,
                        }] => prop_assert_eq!(
                            next,
                            Some(carcassonne::Event::FigureDeployed {
                                player: active_before,
                                figure,
                                pos: *pos,
                                feature: *feature,
                                location: *location,
                            }),
                            "FM.3: the only landing at {}",
                            target
                        ),
                        [Action::Acrobat { pos }] => prop_assert_eq!(
                            next,
                            Some(carcassonne::Event::AcrobatDeployed {
                                player: active_before,
                                pos: *pos,
                            }),
                            "FM.3: the only landing, the acrobat site at {}",
                            target
                        ),
                        _ => {
                            prop_assert!(expected.len() >= 2, "{:?}", expected);
                            prop_assert_eq!(game.pending(), Pending::Landing { pos: target });
                        }
                    }
                }
                _ => {}
            }
        }
        if !matches!(game.pending(), Pending::FlierRoll | Pending::Landing { .. }) {
            launch = None;
        }
        steps += 1;
        // A round ends with the last player of its order.
        if !matches!(
            game.pending(),
            Pending::CropDeploy | Pending::CropReturn | Pending::CropOption
        ) {
            if let Some(queue) = crop_queue.take() {
                prop_assert!(queue.is_empty(), "seats {:?} were not asked", queue);
            }
            prop_assert!(game.crop_round().is_none());
        }
        // Builders and pigs stand with one of their owner's followers (TB-2, TB-5; a crop
        // circle's return takes them home with the last one).
        let lonely_possible = game
            .figures()
            .iter()
            .any(|f| matches!(f.figure, Figure::Builder | Figure::Pig));
        let with_follower = if lonely_possible {
            with_own_follower(&game)
        } else {
            HashSet::new()
        };
        for f in game.figures() {
            if matches!(f.figure, Figure::Builder | Figure::Pig) {
                prop_assert!(
                    with_follower.contains(&(f.player, f.pos, f.feature, f.location)),
                    "a lonely {:?} of player {} at {}",
                    f.figure,
                    f.player,
                    f.pos
                );
            }
        }

        // Scores never decrease.
        let scores = game.scores();
        for (a, b) in last_scores.iter().zip(&scores) {
            prop_assert!(b >= a, "a score decreased");
        }
        last_scores = scores;
        // The score track: positions are the scores modulo 50, and the model replaying the
        // event log agrees with every robbery and every robber's place.
        if robbers || messages {
            // Every player's figures add up to his score (the messenger merged into the
            // scoring figure once the game is over, M.6).
            let figures = game.track_figures();
            prop_assert!(
                figures == 1 + usize::from(messages)
                    || messages && figures == 1 && game.tiles_left() == 0
            );
            for p in 0..players {
                let total: u32 = (0..figures)
                    .map(|f| game.track_position(p, f).unwrap().value())
                    .sum();
                prop_assert_eq!(total, game.score(p));
                let t = game.track_position(p, 0).unwrap();
                prop_assert_eq!(u32::from(t.space), t.value() % 50);
            }
        }
        for e in &events {
            if let carcassonne::Event::TilePlaced { pos, .. } = e {
                if std::mem::take(&mut extra_tile_due) {
                    extra_tile = Some(*pos);
                } else {
                    part_tile = Some(*pos);
                    extra_tile = None;
                }
            }
        }
        if model_messages {
            message_model.replay(&events)?;
        }
        // A message that pays nothing has been resolved once nothing waits for a choice.
        if message_due == Some(None) && game.pending() != Pending::ChooseScoringFigure {
            message_due = None;
        }
        if robbers || messages {
            // Every award names the figure it moved: the model's figures are the track's.
            let end = game.tiles_left() == 0 && !robbing_at_end;
            let choosing = game.pending() == Pending::ChooseScoringFigure;
            model.replay(&events, choosing, end)?;
            for p in 0..players {
                prop_assert_eq!(model.score(p), game.score(p), "model score of {}", p);
                for f in 0..game.track_figures() {
                    prop_assert_eq!(
                        model.values[p][f],
                        game.track_position(p, f).unwrap().value(),
                        "figure {} of {}",
                        f,
                        p
                    );
                }
                // (A robbery waiting for its figure's choice has taken its robber off the
                // track already; its points come with the choice.)
                if robbers && !choosing {
                    prop_assert_eq!(Some(model.robbers[p]), game.robber(p), "robber of {}", p);
                }
            }
        } else {
            prop_assert!(!game.has_score_track());
        }
        // Figures are conserved, kind by kind.
        for p in 0..players {
            for (k, figure) in Figure::ALL.into_iter().enumerate() {
                let on_board = game
                    .figures()
                    .iter()
                    .filter(|f| f.player == p && f.figure == figure)
                    .count();
                let in_city = carcassonne::Quarter::ALL
                    .iter()
                    .flat_map(|q| game.quarter_figures(*q))
                    .filter(|&(owner, f)| owner == p && f == figure)
                    .count();
                let acrobats = if figure == Figure::Follower {
                    game.acrobat_sites()
                        .iter()
                        .flat_map(|s| s.acrobats.iter())
                        .filter(|&&o| o == p)
                        .count()
                } else {
                    0
                };
                prop_assert_eq!(
                    on_board + in_city + acrobats + game.supply(p, figure) as usize,
                    initial[k] as usize
                );
            }
        }
        // Completed features: scored once, with the oracle's counts.
        let oracle = Oracle::of(&game);
        // Gold (GM.3, GM.4): every ingot taken re-derived from the claims of the features the
        // log scores; the log accounts for every ingot and every figure on the board.
        if gold {
            gold_model.replay(&events, &oracle, &game, automatic_gold)?;
            let mine: Vec<(Position, u8)> = gold_model
                .ingots
                .iter()
                .filter(|(_, &n)| n > 0)
                .map(|(&p, &n)| (p, n))
                .collect();
            let mut theirs = game.ingots_on_board();
            theirs.sort();
            prop_assert_eq!(mine, theirs, "the ingots on the board");
            let key = |f: &carcassonne::PlacedFigure| {
                (f.player, f.figure.index(), f.pos, f.location.bits())
            };
            let mut mine: Vec<_> = gold_model.figures.iter().map(key).collect();
            let mut theirs: Vec<_> = game.figures().iter().map(key).collect();
            mine.sort();
            theirs.sort();
            prop_assert_eq!(mine, theirs, "the figures on the board");
        }
        let mut this_step: HashSet<FeatureId> = HashSet::new();
        for s in common::scores(&events) {
            let f = match &s.reason {
                Reason::Message(m) => {
                    // A message's points: its seal's 2, or the oracle's when it was chosen.
                    prop_assert_eq!(s.player, active_before);
                    if m.seal {
                        // Chosen, or given at once when the message had nothing to act on.
                        prop_assert_eq!(s.points, 2);
                        let chosen = message_due.take();
                        prop_assert!(chosen.is_none() || chosen == Some(Some(2)));
                        continue;
                    }
                    match message_due.take() {
                        Some(Some(points)) => prop_assert_eq!(s.points, points, "{:?}", m),
                        Some(None) => prop_assert!(false, "a message paid {:?}", m),
                        None => {
                            // "Score and return" on a field: 3 (and the bonuses) per city.
                            let field = m.field.as_ref();
                            prop_assert!(field.is_some(), "unexpected message points {:?}", m);
                            let field = field.unwrap_or_else(|| unreachable!());
                            prop_assert_eq!(
                                s.points,
                                u32::from(field.cities) * u32::from(field.points_per_city)
                            );
                        }
                    }
                    continue;
                }
                Reason::BigTop(b) => {
                    // BT.3/BT.4, re-derived from the board: the player's followers, large
                    // followers, ringmasters and acrobats on the big top's tile and the 8
                    // around, times the animal's value.
                    let near =
                        |q: Position| (q.x - b.pos.x).abs() <= 1 && (q.y - b.pos.y).abs() <= 1;
                    let on_tiles = game
                        .figures()
                        .iter()
                        .filter(|f| f.player == s.player && f.figure.is_follower() && near(f.pos))
                        .count();
                    let acrobats: usize = game
                        .acrobat_sites()
                        .iter()
                        .filter(|site| near(site.pos))
                        .map(|site| site.acrobats.iter().filter(|&&o| o == s.player).count())
                        .sum();
                    prop_assert_eq!(b.figures as usize, on_tiles + acrobats);
                    prop_assert_eq!(s.points, b.animal.value() * b.figures as u32);
                    prop_assert!(b.figures > 0);
                    continue;
                }
                Reason::Acrobats(a) => {
                    // AC.5/AC.7: 5 per acrobat; during play the pyramid was complete and is
                    // empty now, at the end the acrobats stay.
                    prop_assert_eq!(s.points, 5 * a.acrobats as u32);
                    let site = game
                        .acrobat_sites()
                        .into_iter()
                        .find(|site| site.pos == a.pos);
                    prop_assert!(site.is_some());
                    let site = site.unwrap_or_else(|| unreachable!());
                    if s.final_scoring {
                        let mine = site.acrobats.iter().filter(|&&o| o == s.player).count();
                        prop_assert_eq!(mine, a.acrobats as usize);
                    } else {
                        prop_assert!(site.acrobats.is_empty(), "a scored pyramid stays");
                    }
                    continue;
                }
                Reason::Ringmaster(r) => {
                    // RM.2: 2 per circus tile among the ringmaster's tile and the 8 around.
                    let circus = (-1..=1)
                        .flat_map(|dx| (-1..=1).map(move |dy| (dx, dy)))
                        .filter(|&(dx, dy)| {
                            game.board()
                                .tile_at(Position::new(r.pos.x + dx, r.pos.y + dy))
                                .is_some_and(|t| {
                                    let k = t.tile.kind();
                                    k.has_marker(carcassonne::Marker::BigTopSite)
                                        || k.has_marker(carcassonne::Marker::AcrobatSite)
                                })
                        })
                        .count();
                    prop_assert_eq!(r.circus_tiles as usize, circus);
                    prop_assert_eq!(s.points, 2 * circus as u32);
                    continue;
                }
                Reason::Goods(g) => {
                    // A goods majority at the end: 10 to each player holding the most.
                    let most = (0..players)
                        .map(|p| game.goods(p)[g.goods.index()])
                        .max()
                        .unwrap_or(0);
                    prop_assert!(s.final_scoring && s.points == 10);
                    prop_assert!(g.tokens == most && most > 0);
                    prop_assert_eq!(game.goods(s.player)[g.goods.index()], g.tokens);
                    continue;
                }
                Reason::Token(t) => {
                    // The King and the Robber Baron: 1 per completed city (road) on the board.
                    if s.final_scoring && scoring == KingRobberScoring::PerCompletedFeature {
                        let kind = if t.token == Token::King {
                            FeatureKind::City
                        } else {
                            FeatureKind::Road
                        };
                        // The City of Carcassonne counts for the King (K.5).
                        let city = t.token == Token::King && sets.contains(&TileSet::Count);
                        prop_assert_eq!(s.points as usize, oracle.completed(kind) + city as usize);
                        prop_assert_eq!(t.completed as u32, s.points);
                        prop_assert_eq!(game.token_holder(t.token), Some(s.player));
                    }
                    continue;
                }
                Reason::Robbery(r) => {
                    // Re-derived by the track model below.
                    prop_assert!(robbers);
                    prop_assert!(r.victim != s.player);
                    continue;
                }
                Reason::Gold(g) => {
                    // GM.6, by the rulebook's table: 1 per ingot for 1-3, 2 for 4-6, 3 for
                    // 7-9, 4 from 10.
                    let per = [1, 1, 1, 2, 2, 2, 3, 3, 3][(g.ingots as usize).clamp(1, 10) - 1..]
                        .first()
                        .copied()
                        .unwrap_or(4);
                    prop_assert!(s.final_scoring);
                    prop_assert_eq!(s.points, g.ingots as u32 * per);
                    prop_assert_eq!(game.ingots(s.player), g.ingots);
                    continue;
                }
                Reason::Field(f) => {
                    // Fields score only at the end, and are never complete.
                    prop_assert!(s.final_scoring);
                    let t = game.board().tile_at(f.pos).unwrap();
                    let seg = t
                        .tile
                        .kind()
                        .segment_with_location(FeatureKind::Field, f.location, t.rotation)
                        .unwrap();
                    prop_assert!(!oracle.feature(f.pos, seg).complete);
                    prop_assert_eq!(s.points, f.cities as u32 * f.points_per_city as u32);
                    continue;
                }
                Reason::Feature(f) => f,
            };
            let t = game.board().tile_at(f.pos).unwrap();
            let seg = t
                .tile
                .kind()
                .segment_with_location(f.kind, f.location, t.rotation)
                .unwrap();
            let of = oracle.feature(f.pos, seg);
            if s.final_scoring {
                prop_assert!(!f.complete || f.kind.is_monastic() && of.complete);
            }
            if f.complete {
                prop_assert!(of.complete, "scored as complete but the oracle disagrees");
                let id = (f.kind, of.segments.iter().copied().collect::<Vec<_>>());
                if this_step.insert(id.clone()) {
                    prop_assert!(
                        completed_seen.insert(id.clone()),
                        "a completed feature scored twice: {:?}; last actions {:?}",
                        id,
                        game.actions()
                            .iter()
                            .rev()
                            .take(6)
                            .map(|a| a.to_string())
                            .collect::<Vec<_>>()
                    );
                    if ferries {
                        completed_at.push((id, f.pos, seg));
                    }
                }
            } else {
                prop_assert!(!of.complete);
            }
            prop_assert_eq!(f.tiles as usize, of.positions.len());
            prop_assert_eq!(f.pennants as u32, of.pennants);
            // A road's or city's points from the rulebooks, not from the engine: B-5.3, B-5.4,
            // B-8.2, an inn or a cathedral (IC-3, IC-4: 0 unfinished), then the mage (+1 per
            // tile) or the witch (halved, rounded up; MW.4).
            if matches!(f.kind, FeatureKind::Road | FeatureKind::City) {
                let (t, p) = (u32::from(f.tiles), u32::from(f.pennants));
                let base = match (f.kind, f.complete, f.inn || f.cathedral) {
                    (FeatureKind::Road, true, false) => t,
                    (FeatureKind::Road, true, true) => 2 * t,
                    (FeatureKind::City, true, false) => 2 * (t + p),
                    (FeatureKind::City, true, true) => 3 * (t + p),
                    (_, false, true) => 0,
                    (FeatureKind::Road, false, false) => t,
                    _ => t + p,
                };
                let expected = match f.magic {
                    None => base,
                    Some(MagicFigure::Mage) => base + t,
                    Some(MagicFigure::Witch) => base.div_ceil(2),
                };
                prop_assert_eq!(s.points, expected, "{:?}", f);
            } else {
                prop_assert!(f.magic.is_none());
            }
            // At the end the magic figures stay: the one named is in the feature, and no
            // other is.
            if s.final_scoring && f.kind != FeatureKind::Field {
                let inside: Vec<MagicFigure> = game
                    .magic_figures()
                    .iter()
                    .filter(|m| {
                        let t = game.board().tile_at(m.pos).unwrap();
                        t.tile
                            .kind()
                            .segment_with_location(m.feature, m.location, t.rotation)
                            .is_some_and(|seg| oracle.feature(m.pos, seg).segments == of.segments)
                    })
                    .map(|m| m.figure)
                    .collect();
                prop_assert!(inside.len() <= 1, "both magic figures in one feature");
                prop_assert_eq!(f.magic, inside.first().copied());
            }
        }
        // A road a ferry opened again may be completed and scored again.
        if ferries {
            completed_at.retain(|(id, pos, seg)| {
                let now = oracle.feature(*pos, *seg);
                let same = now.complete && now.segments.iter().copied().collect::<Vec<_>>() == id.1;
                if !same {
                    completed_seen.remove(id);
                }
                same
            });
        }
        // Ferries: every road segment of a lake, and every road with a figure, has the oracle's
        // tiles, recomputed from scratch through the ferries (FE.1, a move may split a road).
        if ferries {
            let lakes: Vec<Position> = game
                .board()
                .tiles()
                .iter()
                .filter(|t| t.tile.kind().has_marker(Marker::FerryLake))
                .map(|t| t.pos)
                .collect();
            let figures: Vec<(Position, Location)> = game
                .figures()
                .iter()
                .filter(|f| f.feature == FeatureKind::Road)
                .map(|f| (f.pos, f.location))
                .collect();
            let mut roads: Vec<(Position, Location)> = figures;
            for pos in lakes {
                let t = game.board().tile_at(pos).unwrap();
                for seg in t
                    .tile
                    .kind()
                    .segments
                    .iter()
                    .filter(|s| s.kind == FeatureKind::Road)
                {
                    roads.push((pos, seg.location(t.rotation)));
                }
            }
            for (pos, location) in roads {
                let t = game.board().tile_at(pos).unwrap();
                let seg = t
                    .tile
                    .kind()
                    .segment_with_location(FeatureKind::Road, location, t.rotation)
                    .unwrap();
                let mine = game
                    .feature_positions(pos, FeatureKind::Road, location)
                    .unwrap();
                let theirs: Vec<Position> = {
                    let mut v: Vec<Position> =
                        oracle.feature(pos, seg).positions.into_iter().collect();
                    v.sort_by_key(|p| (p.y, p.x));
                    v
                };
                prop_assert_eq!(mine, theirs, "the road at {} {}", pos, location);
            }
        }
        // Gold is conserved: the supply, the players' ingots and the board's make 16 (GM.1).
        if flier_gold_magic.1 {
            let held: u32 = (0..players).map(|p| u32::from(game.ingots(p))).sum();
            let board: u32 = game
                .ingots_on_board()
                .iter()
                .map(|&(_, n)| u32::from(n))
                .sum();
            prop_assert_eq!(held + board + u32::from(game.ingots_in_supply()), 16);
        }
        // Between turn parts the mage and the witch stand on incomplete roads or cities, each
        // in its own feature (MW.1, MW.5), and no flight is under way.
        if matches!(game.pending(), Pending::Place { .. } | Pending::Draw) {
            let features: Vec<_> = game
                .magic_figures()
                .iter()
                .map(|m| {
                    let t = game.board().tile_at(m.pos).unwrap();
                    let seg = t
                        .tile
                        .kind()
                        .segment_with_location(m.feature, m.location, t.rotation)
                        .unwrap();
                    oracle.feature(m.pos, seg)
                })
                .collect();
            for f in &features {
                prop_assert!(
                    !f.complete && matches!(f.kind, FeatureKind::Road | FeatureKind::City)
                );
            }
            prop_assert!(features.len() < 2 || features[0].segments != features[1].segments);
            prop_assert!(game.flight().is_none());
        }
        // No figure stays on a completed feature once the turn part is scored.
        if matches!(game.pending(), Pending::Place { .. } | Pending::Draw) {
            for (_, f) in oracle.figure_features(&game) {
                prop_assert!(
                    !f.complete,
                    "a figure is left on a completed {:?} {:?}; last actions {:?}",
                    f.kind,
                    f.positions,
                    game.actions()
                        .iter()
                        .rev()
                        .take(8)
                        .map(|a| a.to_string())
                        .collect::<Vec<_>>()
                );
            }
        }
        // Goods tokens never exceed the box: 9 wine, 6 grain, 5 cloth.
        let mut goods = [0u32; 3];
        for p in 0..players {
            for (i, n) in game.goods(p).iter().enumerate() {
                goods[i] += *n as u32;
            }
        }
        prop_assert!(goods[0] <= 9 && goods[1] <= 6 && goods[2] <= 5);
    }
    // The last turn part's gold was distributed before the final scoring (GM.5).
    if gold {
        gold_model.close()?;
    }
    // Record round trip.
    let json = game.to_json();
    let replayed = Game::from_json(&json).unwrap();
    prop_assert!(replayed == game, "the replayed game differs");
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_every_invariant(players in 2usize..=5, seed in any::<u64>(), farmers in prop::bool::weighted(0.8)) {
        check_game(players, seed, farmers, &[], false)?;
    }

    /// Every combination of the base game with Inns & Cathedrals, Traders & Builders, River I,
    /// River II, King & Robber Baron, the Cult, the Count, Under the Big Top, Flying Machines,
    /// Gold Mines, Mage & Witch, Ferries, Crop Circles, Robbers and Messages, 2–6 players (6 only with
    /// Inns & Cathedrals).
    #[test]
    fn expansion_games_keep_every_invariant(combo in 1usize..32768, players in 2usize..=6, seed in any::<u64>(), farmers in prop::bool::weighted(0.8)) {
        // Every non-empty combination of the expansion sets, by bit (the Cult in its 5- or
        // 6-tile edition by seed).
        let cult = if seed & 4 == 0 { TileSet::Cult } else { TileSet::Cult6 };
        let all = [
            TileSet::InnsAndCathedrals,
            TileSet::TradersAndBuilders,
            TileSet::River,
            TileSet::River2,
            TileSet::KingAndRobber,
            cult,
            TileSet::Count,
            if seed & 8 == 0 { TileSet::BigTop } else { TileSet::BigTop1 },
            if seed & 16 == 0 { TileSet::FlyingMachines } else { TileSet::FlyingMachines1 },
            TileSet::GoldMines,
            if seed & 32 == 0 { TileSet::MageWitch } else { TileSet::MageWitch1 },
            TileSet::Ferries,
            if seed & 64 == 0 { TileSet::CropCircles } else { TileSet::CropCircles1 },
            TileSet::Robbers,
            TileSet::Messages,
        ];
        let sets: Vec<TileSet> =
            all.iter().enumerate().filter(|(i, _)| combo & (1 << i) != 0).map(|(_, s)| *s).collect();
        let sets = sets.as_slice();
        let players = if sets.contains(&TileSet::InnsAndCathedrals) { players } else { players.min(5) };
        // OPT-5 optional in every other Traders & Builders game.
        let optional = sets.contains(&TileSet::TradersAndBuilders) && seed & 1 == 1;
        check_game(players, seed, farmers, sets, optional)?;
    }
}

/// Flying Machines, Gold Mines and Mage & Witch with the sets they meet most (Under the Big
/// Top's acrobats for the fliers, the Count's moves into completed features and Traders &
/// Builders' double turns for the gold, the Cult's shrines, Inns & Cathedrals' large
/// followers, cathedrals and inns), over fixed seeds (explicit draws and JCloisterZone's
/// automatic gold distribution in some of them): every invariant of the random games, with
/// the oracles of the flights, the gold and the magic figures.
#[test]
fn flier_gold_and_magic_games_keep_every_invariant() {
    let sets = [
        TileSet::FlyingMachines,
        TileSet::GoldMines,
        TileSet::MageWitch,
        TileSet::BigTop,
        TileSet::Count,
        TileSet::TradersAndBuilders,
        TileSet::Cult,
        TileSet::InnsAndCathedrals,
    ];
    for i in 0..40u64 {
        let seed = Pcg64Mcg::seed_from_u64(i).next_u64();
        let players = 2 + (i % 5) as usize;
        if let Err(e) = check_game(players, seed, i % 4 != 0, &sets, i % 3 == 0) {
            panic!("game {i} (seed {seed}): {e}");
        }
    }
}

/// Thousands of plain random games: legal actions play, followers conserved, scores monotone,
/// records replay (the cheaper checks, on many more games).
#[test]
fn thousands_of_random_games_play_and_replay() {
    let mut rng = Pcg64Mcg::seed_from_u64(2026);
    let mut buf = Vec::new();
    for i in 0..3000u64 {
        let players = 2 + (i % 4) as usize;
        let mut game = Game::new(Config::new(players), i).unwrap();
        let mut last = game.scores();
        while !game.is_over() {
            game.legal_actions_into(&mut buf);
            let a = buf[below(&mut rng, buf.len())];
            game.play_quiet(a).unwrap();
            let now = game.scores();
            assert!(
                now.iter().zip(&last).all(|(n, l)| n >= l),
                "game {i}: a score decreased"
            );
            last = now;
        }
        for p in 0..players {
            let on_board = game.figures().iter().filter(|f| f.player == p).count();
            assert_eq!(
                on_board + game.followers_in_supply(p) as usize,
                7,
                "game {i}"
            );
        }
        assert_eq!(
            game.board().len(),
            72 - discarded(&game),
            "game {i}: every tile drawn"
        );
        if i % 10 == 0 {
            assert!(
                Game::from_json(&game.to_json()).unwrap() == game,
                "game {i}: replay differs"
            );
        }
    }
}

fn discarded(game: &Game) -> usize {
    game.draws().len() + 1 - game.board().len()
}

/// Mid-game records (explicit and automatic draws) replay to identical games.
#[test]
fn mid_game_records_replay() {
    for explicit in [false, true] {
        for seed in 0..40u64 {
            let mut config = Config::new(3);
            config.explicit_draws = explicit;
            let mut game = Game::new(config, seed).unwrap();
            let mut rng = Pcg64Mcg::seed_from_u64(seed);
            let stop = 10 + below(&mut rng, 100);
            for _ in 0..stop {
                if game.is_over() {
                    break;
                }
                if game.pending().is_chance() {
                    let outcomes = game.chance_outcomes();
                    let total: f64 = outcomes.iter().map(|o| o.1).sum();
                    assert!((total - 1.0).abs() < 1e-9);
                    let outcome = outcomes[below(&mut rng, outcomes.len())].0;
                    game.resolve(outcome).unwrap();
                    continue;
                }
                let legal = game.legal_actions();
                game.play(legal[below(&mut rng, legal.len())]).unwrap();
            }
            let replayed = Game::from_json(&game.to_json()).unwrap();
            assert!(replayed == game, "seed {seed} explicit {explicit}");
        }
    }
}

/// What `Game::write_legal_actions` returns into a buffer of `room` places, and each place
/// it wrote with the action written there, in the buffer's order.
fn written(game: &Game, room: usize) -> (Result<usize, usize>, Vec<(usize, Action)>) {
    let mut out = vec![None; room];
    let told = game.write_legal_actions(&mut out, Some);
    let wrote = out
        .into_iter()
        .enumerate()
        .filter_map(|(i, action)| Some((i, action?)))
        .collect();
    (told, wrote)
}

/// A board wider than the first of `choose_legal_action`'s stack arrays (128 open positions)
/// chooses each placement as `legal_actions` lists it, and a board wider than one run of the
/// listing's scan (63 open positions) lists the placements that fit, by the oracle's edge
/// matching: four base stacks in one game.
#[test]
fn wide_boards_choose_as_they_list() {
    let mut config = Config::new(2);
    config.stack = Some(
        carcassonne::catalogue()
            .set_counts(TileSet::Base)
            .iter()
            .flat_map(|&(tile, copies)| std::iter::repeat_n(tile, 4 * usize::from(copies)))
            .collect(),
    );
    let mut game = Game::new(config, 5).unwrap();
    let mut rng = Pcg64Mcg::seed_from_u64(5);
    let (mut widest, mut checked, mut listed) = (0, 0, 0);
    while !game.is_over() {
        let legal = game.legal_actions();
        if let Pending::Place { tile } = game.pending() {
            let oracle = Oracle::of(&game);
            let open = oracle.empty_neighbours().len();
            widest = widest.max(open);
            if open > 63 {
                let mine: BTreeSet<(i32, i32, u16)> = legal
                    .iter()
                    .map(|a| match a {
                        Action::Place { pos, rotation, .. } => (pos.x, pos.y, rotation.degrees()),
                        other => panic!("{other} offered at a placement"),
                    })
                    .collect();
                assert_eq!(mine.len(), legal.len(), "duplicate placements");
                assert_eq!(mine, oracle.placements(tile), "placements of {tile}");
                listed += 1;
            }
            if open > 128 {
                for (i, &action) in legal.iter().enumerate() {
                    assert_eq!(game.choose_legal_action(|_| i), Some(action), "index {i}");
                }
                assert_eq!(game.choose_legal_action(|n| n), None);
                checked += 1;
            }
        }
        game.play_quiet(legal[below(&mut rng, legal.len())])
            .unwrap();
    }
    assert!(
        checked > 0 && listed > checked,
        "no board wider than 128 open positions (widest {widest})"
    );
}
