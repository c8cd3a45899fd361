//! Property tests on many seeded random games (2–5 players), each checked step by step against
//! the naive oracle of `common/oracle.rs`:
//! - every legal action plays, and the legal set equals the oracle's (placements and
//!   deployments);
//! - `is_legal(a) == legal_actions().contains(a)`; an illegal action is refused and changes
//!   nothing;
//! - followers are conserved; scores never decrease;
//! - every completed feature is scored exactly once, with the oracle's tile and pennant counts
//!   and the rulebooks' points (inns, cathedrals, the mage and the witch included);
//! - flights land where the die sends them, on the oracle's incomplete features; gold ingots
//!   are conserved and go where the rules allow; the mage and the witch stay apart on
//!   incomplete roads and cities;
//! - a crop circle's round asks the option after a crop-circle tile, then exactly the players
//!   who can act, in seat order from the left of the active player; the additions offered are
//!   the deciding player's follower kinds in supply onto the segments of their followers on
//!   features of the circle's kind (the oracle's kind), the returns those followers; builders
//!   and pigs always stand with one of their owner's followers;
//! - the score track (Robbers): every figure's position is its owner's score modulo 50; the
//!   robbers' placements, victims and the order of the features are the rules' options; an
//!   independent model replays the awards of the event log on a track of its own and
//!   re-derives every robbery (who robs whom, half rounded up, which robbers travel along)
//!   and where every robber stands;
//! - a record round-trips and replays to an identical game.

mod common;

use std::collections::{BTreeSet, HashSet};

use carcassonne::{
    Action, BuilderDoubleTurn, Config, CountFinalScoring, CountMove, CropOption, FeatureKind,
    Figure, Game, KingRobberScoring, Location, MagicFigure, Marker, Outcome, Pending, Position,
    Quarter, Reason, RobberPlacement, RobberState, Rotation, TileSet, Token,
};
use common::oracle::Oracle;
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
    values: [u32; 6],
    robbers: [RobberState; 6],
    /// Per robber owner: the awards it may rob, `(victim, award, space, optional)`, since the
    /// last robbery; an optional one need not be robbed (see `replay`).
    candidates: [Vec<(usize, u32, u8, bool)>; 6],
    /// Robbers that must travel with the last robbery's figure: `(owner, from, to, with)`.
    travels: Vec<(usize, u8, u8, usize)>,
}

impl Default for TrackModel {
    fn default() -> Self {
        TrackModel {
            values: [0; 6],
            robbers: [RobberState::InSupply; 6],
            candidates: Default::default(),
            travels: Vec::new(),
        }
    }
}

impl TrackModel {
    fn space(&self, p: usize) -> u8 {
        (self.values[p] % 50) as u8
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
    /// `robbers_in_final_scoring` off (final awards are not robbed).
    fn replay(
        &mut self,
        events: &[carcassonne::Event],
        _active: usize,
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
                    let from = self.space(p);
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
                        self.values[p] += s.points;
                        let to = self.space(p);
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
                    self.values[p] += s.points;
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
                    self.settled()?;
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
                        _ => {}
                    }
                }
            }
        }
        self.settled()
    }
}

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
    // The Messages' messenger: a second figure on the track.
    let messages = sets.contains(&TileSet::Messages);
    let mut model = TrackModel::default();
    let ferries = sets.contains(&TileSet::Ferries);
    // Ferries moved in this turn (turn part with the option), by lake.
    let mut moved: HashSet<Position> = HashSet::new();
    // JCloisterZone's reading of CR.4 (no round without a figure out), by seed.
    config.rules.crop_option_always_asked = count_bits & 256 == 0;
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
    let mut completed_seen: HashSet<(FeatureKind, Vec<Position>)> = HashSet::new();
    // With ferries a completed road can open again (a move joins it to an open one) and be
    // completed again later: where each scored road was, to forget it once it is not complete.
    let mut completed_at: Vec<((FeatureKind, Vec<Position>), Position, usize)> = Vec::new();
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
    while !game.is_over() {
        if matches!(game.pending(), Pending::Place { .. }) && !game.is_second_part() {
            turn += 1;
        }
        if matches!(game.pending(), Pending::Place { .. }) && (per_part || !game.is_second_part()) {
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
            game.resolve(pick).unwrap()
        } else {
            let legal = game.legal_actions();
            prop_assert!(!legal.is_empty(), "a decision with no legal action");
            prop_assert_eq!(legal.len(), game.legal_action_count());
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
                    // FM.2–FM.3: the target lies 1–3 steps from the machine in its direction;
                    // the landings are the target tile's incomplete roads, cities, monasteries
                    // and shrines (two or more, or nothing is asked).
                    let (from, direction, target) = game.flight().unwrap();
                    prop_assert_eq!(target, Some(pos));
                    let (dx, dy) = direction.offset();
                    prop_assert!(
                        (1..=3).any(|k| Position::new(from.x + k * dx, from.y + k * dy) == pos)
                    );
                    let placed = game.board().tile_at(pos).unwrap();
                    let kind = placed.tile.kind();
                    let mut expected = BTreeSet::new();
                    for (i, seg) in kind.segments.iter().enumerate() {
                        let feature = oracle.feature(pos, i);
                        let landable = matches!(
                            feature.kind,
                            FeatureKind::Road
                                | FeatureKind::City
                                | FeatureKind::Monastery
                                | FeatureKind::Shrine
                        );
                        if landable && !feature.complete {
                            expected.insert(Action::Land {
                                pos,
                                feature: feature.kind,
                                location: seg.location(placed.rotation),
                            });
                        }
                    }
                    if kind.is_city_of_carcassonne()
                        && !count_rules.flier_lands_on_city_of_carcassonne
                    {
                        expected.clear();
                    }
                    prop_assert!(legal.len() >= 2);
                    prop_assert_eq!(legal.iter().copied().collect::<BTreeSet<_>>(), expected);
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
                    // GM.3–GM.4: a claimed ingot lies on the board, on a tile of a feature
                    // completed in this turn part (or a completed monastery's 3×3 area).
                    let on_board = game.ingots_on_board();
                    for a in &legal {
                        let Action::TakeIngot { pos } = *a else {
                            prop_assert!(false, "{} offered for an ingot", a);
                            continue;
                        };
                        prop_assert!(on_board.iter().any(|&(q, n)| q == pos && n > 0));
                    }
                    prop_assert!(legal.len() >= 2, "a forced ingot is not asked");
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
                    // The tile laid last, or with the Messages the turn part's own when a
                    // message's extra tile was laid after it (M.7: the outer part's crop circle
                    // comes after the nested part).
                    let laid = game.board().tile_at(round.pos).unwrap();
                    prop_assert!(messages || game.board().tiles().last() == Some(laid));
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
                    // D-GEN-1: two or more completed, occupied features; a robber on the track.
                    prop_assert_eq!(game.current_player(), game.active_player());
                    prop_assert!(legal.len() >= 2);
                    prop_assert!((0..players)
                        .any(|p| matches!(game.robber(p), Some(RobberState::OnTrack(_)))));
                    let occupied = oracle.figure_features(&game);
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
                Pending::ResolveMessage { .. } => {
                    // M.3: the active player's message in hand, asked only with something to
                    // act on: its seal first, then its action.
                    prop_assert!(messages);
                    prop_assert_eq!(game.current_player(), game.active_player());
                    prop_assert_eq!(legal.first(), Some(&Action::MessagePoints));
                    prop_assert!(legal.len() >= 2);
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
            let action = legal[below(&mut rng, legal.len())];
            let round = game.crop_round();
            let events = game.play(action).unwrap();
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
            if let Action::Acrobat { pos } = action {
                let full = game
                    .acrobat_sites()
                    .iter()
                    .any(|s| s.pos == pos && s.acrobats.len() == 3);
                if full {
                    completed_in.insert(pos, turn);
                }
            }
            events
        };
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
        if robbers && !messages {
            // (The model knows one figure per player: with the messenger the event log does
            // not say which figure moved.)
            let end = game.tiles_left() == 0 && !robbing_at_end;
            model.replay(&events, game.active_player(), end)?;
            for p in 0..players {
                prop_assert_eq!(model.values[p], game.score(p), "model score of {}", p);
                prop_assert_eq!(Some(model.robbers[p]), game.robber(p), "robber of {}", p);
            }
        } else if !robbers && !messages {
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
        let mut this_step: HashSet<(FeatureKind, Vec<Position>)> = HashSet::new();
        for s in common::scores(&events) {
            let f = match &s.reason {
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
                Reason::Message(_) => {
                    // A message's action or seal: only with the Messages.
                    prop_assert!(messages);
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
                let id = (f.kind, of.positions.iter().copied().collect::<Vec<_>>());
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
                let same =
                    now.complete && now.positions.iter().copied().collect::<Vec<_>>() == id.1;
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
