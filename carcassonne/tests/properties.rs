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
//! - a record round-trips and replays to an identical game.

mod common;

use std::collections::{BTreeSet, HashSet};

use carcassonne::{
    Action, BuilderDoubleTurn, Config, CountFinalScoring, CountMove, FeatureKind, Figure, Game,
    KingRobberScoring, Location, MagicFigure, Marker, Outcome, Pending, Position, Quarter, Reason,
    Rotation, TileSet, Token,
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
        4 => match below(rng, 6) {
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
            _ => Action::RemoveMagic { figure: magic },
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
    let mut last_scores = game.scores();
    let mut steps = 0;
    // Under the Big Top: the turn (counted at each first part's placement) in which each
    // pyramid was completed (AC.5: not scorable before a later turn).
    let mut turn = 0usize;
    let mut completed_in: std::collections::HashMap<Position, usize> = Default::default();
    while !game.is_over() {
        if matches!(game.pending(), Pending::Place { .. }) && !game.is_second_part() {
            turn += 1;
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
            let events = game.play(action).unwrap();
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

        // Scores never decrease.
        let scores = game.scores();
        for (a, b) in last_scores.iter().zip(&scores) {
            prop_assert!(b >= a, "a score decreased");
        }
        last_scores = scores;
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
                        completed_seen.insert(id),
                        "a completed feature scored twice"
                    );
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
                prop_assert!(!f.complete, "a figure is left on a completed {:?}", f.kind);
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
    /// Gold Mines and Mage & Witch, 2–6 players (6 only with Inns & Cathedrals).
    #[test]
    fn expansion_games_keep_every_invariant(combo in 1usize..2048, players in 2usize..=6, seed in any::<u64>(), farmers in prop::bool::weighted(0.8)) {
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
