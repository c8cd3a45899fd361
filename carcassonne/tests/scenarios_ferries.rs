//! Ferries (spec `expansions.md` §3.3): TS-17, TS-18, TS-19 and TS-19's builder variant (with
//! and without `ferry_move_per_turn_part`) as tests named after them, and the rules around
//! them — a loop through one lake counted once, a move that splits a road holding two
//! players' highwaymen, a road closed by a move far from the tile just laid, and refused
//! placements and moves that change nothing. The boards are the spec's shifted one tile east
//! (the start tile D lies at (0, 0), its road west–east), laid out with real tiles.

mod common;

use carcassonne::{
    Action, Config, Event, FeatureKind, Figure, Game, Location, Pending, PlayError, Position,
    Rotation, Rules, Score, StartTile, TileSet,
};
use common::{deploy_or_pass, draw_and_place, scores, tile};

fn pos(x: i32, y: i32) -> Position {
    Position::new(x, y)
}

fn loc(s: &str) -> Location {
    s.parse().unwrap()
}

/// A ferries game: explicit draws from `tiles`, the start tile D at (0, 0).
fn ferry_game(names: &[&str], extra: &[TileSet], rules: Rules, tiles: &[&str]) -> Game {
    let mut config = Config::new(names.len());
    config.sets.push(TileSet::Ferries);
    config.sets.extend_from_slice(extra);
    config.names = names.iter().map(|s| s.to_string()).collect();
    config.rules = rules;
    config.explicit_draws = true;
    config.stack = Some(tiles.iter().map(|t| tile(t)).collect());
    config.start = Some(StartTile {
        tile: tile("D"),
        rotation: Rotation::R0,
    });
    Game::new(config, 0).unwrap()
}

/// One turn part: draw `id`, place it at `at` turned `r` quarter turns, deploy `deploy`
/// (figure, segment name) or pass, place the ferry at `ferry` when asked (a panic if asked
/// without one), then play `moves` (ferry moves, or `Pass`) while moves are asked. Returns
/// every event.
fn ferry_turn(
    g: &mut Game,
    id: &str,
    at: (i32, i32),
    r: u8,
    deploy: Option<(Figure, &str)>,
    ferry: Option<&str>,
    moves: &[Action],
) -> Vec<Event> {
    let p = pos(at.0, at.1);
    let mut events = draw_and_place(g, id, at, r);
    events.extend(deploy_or_pass(g, id, at, r, deploy));
    if let Some(sides) = ferry {
        assert_eq!(g.pending(), Pending::PlaceFerry { pos: p });
        assert!(!g.can_pass(), "the ferry is placed (FE.3)");
        let action = Action::PlaceFerry {
            pos: p,
            location: loc(sides),
        };
        events.extend(g.play(action).unwrap_or_else(|e| panic!("{action}: {e}")));
    }
    for &m in moves {
        assert_eq!(g.pending(), Pending::MoveFerry, "{m}");
        events.extend(g.play(m).unwrap_or_else(|e| panic!("{m}: {e}")));
    }
    assert!(
        !matches!(g.pending(), Pending::PlaceFerry { .. } | Pending::MoveFerry),
        "a ferry decision is left: {:?}",
        g.pending()
    );
    events
}

/// The positions of the road of the follower `player` has on the board (the first one).
fn road_of(g: &Game, player: usize) -> Vec<Position> {
    let f = g
        .figures()
        .into_iter()
        .find(|f| f.player == player && f.feature == FeatureKind::Road)
        .unwrap();
    g.feature_positions(f.pos, f.feature, f.location).unwrap()
}

/// The turn part's awards (the final scoring of a scenario's last turn left out).
fn summary(scores: &[Score]) -> Vec<(usize, u32)> {
    scores
        .iter()
        .filter(|s| !s.final_scoring)
        .map(|s| (s.player, s.points))
        .collect()
}

/// The common board: Red's U at (-1, 0), Blue's A at (-2, 0) with a highwayman: the road
/// A–U–D open to the east.
fn common_board(tiles: &[&str]) -> Game {
    let mut all = vec!["U", "A"];
    all.extend_from_slice(tiles);
    let mut g = ferry_game(&["Red", "Blue"], &[], Rules::default(), &all);
    ferry_turn(&mut g, "U", (-1, 0), 0, None, None, &[]);
    ferry_turn(
        &mut g,
        "A",
        (-2, 0),
        3,
        Some((Figure::Follower, "R1")),
        None,
        &[],
    );
    g
}

/// TS-17 (S003 example 1): the ferry S–E closes the west road at the lake; Blue's road of 4
/// tiles scores.
#[test]
fn ts17_ferry_closes_the_west_road() {
    let mut g = common_board(&["FE-02"]);
    let events = ferry_turn(
        &mut g,
        "FE-02",
        (1, 0),
        0,
        Some((Figure::Follower, "R2")),
        Some("SE"),
        &[],
    );
    assert_eq!(summary(&scores(&events)), vec![(1, 4)], "{events:#?}");
    assert!(events.contains(&Event::FerryPlaced {
        player: 0,
        pos: pos(1, 0),
        location: loc("SE"),
    }));
    assert_eq!(g.ferries(), vec![(pos(1, 0), loc("SE"))]);
    // The picture shows the lake and its ferry.
    let svg = carcassonne::render::board_svg(&g);
    assert_eq!(svg.matches("<title>ferry SE</title>").count(), 1);
    assert_eq!(svg.matches("<title>lake</title>").count(), 1);
    // Red's road: the S and E segments of the lake, open (one tile).
    assert_eq!(road_of(&g, 0), vec![pos(1, 0)]);
    assert_eq!(
        g.supply(1, Figure::Follower),
        7,
        "Blue's highwayman went home"
    );
}

/// TS-18 (S003 example 2): the ferry W–E joins Red's and Blue's roads (open); the S segment
/// is a road of its own.
#[test]
fn ts18_ferry_joins_two_roads() {
    let mut g = common_board(&["FE-02"]);
    let events = ferry_turn(
        &mut g,
        "FE-02",
        (1, 0),
        0,
        Some((Figure::Follower, "R3")),
        Some("WE"),
        &[],
    );
    assert!(summary(&scores(&events)).is_empty());
    let road = vec![pos(-2, 0), pos(-1, 0), pos(0, 0), pos(1, 0)];
    assert_eq!(road_of(&g, 0), road);
    assert_eq!(road_of(&g, 1), road);
    let south = g
        .feature_positions(pos(1, 0), FeatureKind::Road, loc("S"))
        .unwrap();
    assert_eq!(south, vec![pos(1, 0)]);
}

/// Bad input at the ferry placement: a pair that is not two road ends of the lake, another
/// tile, a pass, a move — each refused, the game unchanged.
#[test]
fn ferry_placement_refusals_change_nothing() {
    let mut g = common_board(&["FE-02"]);
    g.draw(tile("FE-02")).unwrap();
    g.play("place FE-02 1,0 R0".parse().unwrap()).unwrap();
    g.play(Action::Pass).unwrap();
    assert_eq!(g.pending(), Pending::PlaceFerry { pos: pos(1, 0) });
    let mut legal = g.legal_actions();
    legal.sort();
    let mut expected: Vec<Action> = ["SW", "WE", "SE"]
        .iter()
        .map(|s| Action::PlaceFerry {
            pos: pos(1, 0),
            location: loc(s),
        })
        .collect();
    expected.sort();
    assert_eq!(legal, expected);
    for bad in [
        Action::PlaceFerry {
            pos: pos(1, 0),
            location: loc("NS"),
        },
        Action::PlaceFerry {
            pos: pos(1, 0),
            location: loc("W"),
        },
        Action::PlaceFerry {
            pos: pos(0, 0),
            location: loc("WE"),
        },
        Action::MoveFerry {
            pos: pos(1, 0),
            location: loc("WE"),
        },
        Action::Pass,
    ] {
        let before = g.clone();
        let err = g.play(bad).unwrap_err();
        assert!(
            matches!(
                err,
                PlayError::IllegalFerryAction { .. } | PlayError::WrongDecision { .. }
            ),
            "{bad}: {err}"
        );
        assert!(g == before, "refused {bad} changed the game");
    }
}

/// TS-19's board: Green's highwayman on U at (-1, 0); Yellow's lake at (1, 0) with a
/// highwayman on its east road and the ferry W–E joining the two (D-FE-2); Green's E at
/// (0, -1) touches no road; Yellow's U at (2, 0) extends the road through the ferry (Yellow
/// leaves it where it is).
fn ts19_board(extra: &[TileSet], rules: Rules, tiles: &[&str]) -> Game {
    let mut all = vec!["U", "FE-02", "E", "U"];
    all.extend_from_slice(tiles);
    let mut g = ferry_game(&["Green", "Yellow"], extra, rules, &all);
    ferry_turn(
        &mut g,
        "U",
        (-1, 0),
        0,
        Some((Figure::Follower, "R1")),
        None,
        &[],
    );
    ferry_turn(
        &mut g,
        "FE-02",
        (1, 0),
        0,
        Some((Figure::Follower, "R3")),
        Some("WE"),
        &[],
    );
    ferry_turn(&mut g, "E", (0, -1), 2, None, None, &[]);
    ferry_turn(&mut g, "U", (2, 0), 0, None, None, &[Action::Pass]);
    g
}

/// TS-19 (S003 example 3): Green extends the road through the ferry; it may move to W–S or
/// S–E, or stay; moved to W–S, Green's and Yellow's roads part.
#[test]
fn ts19_moving_a_ferry_parts_two_roads() {
    let mut g = ts19_board(&[], Rules::default(), &["U", "B"]);
    assert_eq!(road_of(&g, 0), road_of(&g, 1), "one road through the ferry");
    g.draw(tile("U")).unwrap();
    g.play("place U -2,0 R0".parse().unwrap()).unwrap();
    g.play(Action::Pass).unwrap();
    assert_eq!(g.pending(), Pending::MoveFerry);
    let mut legal = g.legal_actions();
    legal.sort();
    let mut expected = vec![
        Action::MoveFerry {
            pos: pos(1, 0),
            location: loc("SW"),
        },
        Action::MoveFerry {
            pos: pos(1, 0),
            location: loc("SE"),
        },
        Action::Pass,
    ];
    expected.sort();
    assert_eq!(legal, expected);
    let events = g
        .play(Action::MoveFerry {
            pos: pos(1, 0),
            location: loc("SW"),
        })
        .unwrap();
    assert_eq!(
        events[0],
        Event::FerryMoved {
            player: 0,
            pos: pos(1, 0),
            from: loc("WE"),
            to: loc("SW"),
        }
    );
    assert!(summary(&scores(&events)).is_empty(), "nothing is completed");
    assert!(matches!(g.pending(), Pending::Draw));
    assert_eq!(
        road_of(&g, 0),
        vec![pos(-2, 0), pos(-1, 0), pos(0, 0), pos(1, 0)]
    );
    assert_eq!(road_of(&g, 1), vec![pos(1, 0), pos(2, 0)]);
    assert_eq!(g.ferries(), vec![(pos(1, 0), loc("SW"))]);
    // The split is real: a record replays to the same roads.
    let replayed = Game::from_json(&g.to_json()).unwrap();
    assert!(replayed == g);
    assert_eq!(road_of(&replayed, 1), vec![pos(1, 0), pos(2, 0)]);
}

/// Bad input at a move: a ferry that is not a candidate, the current pair, a placement.
#[test]
fn ferry_move_refusals_change_nothing() {
    let mut g = ts19_board(&[], Rules::default(), &["U"]);
    g.draw(tile("U")).unwrap();
    g.play("place U -2,0 R0".parse().unwrap()).unwrap();
    g.play(Action::Pass).unwrap();
    for bad in [
        Action::MoveFerry {
            pos: pos(1, 0),
            location: loc("WE"),
        },
        Action::MoveFerry {
            pos: pos(2, 0),
            location: loc("WE"),
        },
        Action::PlaceFerry {
            pos: pos(1, 0),
            location: loc("SW"),
        },
    ] {
        let before = g.clone();
        let err = g.play(bad).unwrap_err();
        assert!(
            matches!(
                err,
                PlayError::IllegalFerryAction { .. } | PlayError::WrongDecision { .. }
            ),
            "{bad}: {err}"
        );
        assert!(g == before, "refused {bad} changed the game");
    }
}

/// TS-19 variant (D-FE-4, with Traders & Builders): Green's builder on the road gives a
/// double turn; the ferry moved in the first part is no candidate in the second — unless
/// `ferry_move_per_turn_part`.
fn ts19_builder_variant(per_part: bool) -> Game {
    let mut rules = Rules::default();
    rules.ferry_move_per_turn_part = per_part;
    // Green: U (-2,0) with the builder; Yellow: E elsewhere; Green: A (-3,0) extends the
    // builder's road (double turn), then U (1,1) north–south under the lake.
    let mut g = ts19_board(
        &[TileSet::TradersAndBuilders],
        rules,
        &["U", "E", "A", "U", "B"],
    );
    ferry_turn(
        &mut g,
        "U",
        (-2, 0),
        0,
        Some((Figure::Builder, "R1")),
        None,
        &[Action::Pass],
    );
    ferry_turn(&mut g, "E", (0, 1), 2, None, None, &[]);
    ferry_turn(
        &mut g,
        "A",
        (-3, 0),
        3,
        None,
        None,
        &[Action::MoveFerry {
            pos: pos(1, 0),
            location: loc("SW"),
        }],
    );
    assert_eq!(g.active_player(), 0, "the builder's second part");
    assert!(g.is_second_part());
    g.draw(tile("U")).unwrap();
    g.play("place U 1,1 R90".parse().unwrap()).unwrap();
    if matches!(g.pending(), Pending::Deploy { .. }) {
        g.play(Action::Pass).unwrap();
    }
    g
}

#[test]
fn ts19_variant_builder_double_turn_moves_once_per_turn() {
    let mut g = ts19_builder_variant(false);
    assert_ne!(g.pending(), Pending::MoveFerry, "the ferry moved this turn");
    // Moving it again is refused, the game unchanged.
    let before = g.clone();
    let again = Action::MoveFerry {
        pos: pos(1, 0),
        location: loc("WE"),
    };
    assert!(g.play(again).is_err());
    assert!(g == before);
}

#[test]
fn ts19_variant_builder_double_turn_with_moves_per_turn_part() {
    let g = ts19_builder_variant(true);
    assert_eq!(g.pending(), Pending::MoveFerry);
    let moves: Vec<Action> = g
        .legal_actions()
        .into_iter()
        .filter(|a| matches!(a, Action::MoveFerry { .. }))
        .collect();
    assert_eq!(moves.len(), 2, "{moves:?}");
}

/// A ferry move far from the tile just laid closes a road there, which scores in this turn
/// part (FE.5): Yellow's road east of the lake is closed at the lake once the ferry leaves
/// W–E, and completes when its east end is closed.
#[test]
fn a_move_completes_a_road_away_from_the_tile_just_laid() {
    // Yellow's road (1,0)[E]–(2,0) gets a dead end east first: A at (3,0) turned 1 (road W).
    let mut g = ts19_board(&[], Rules::default(), &["A", "U"]);
    ferry_turn(&mut g, "A", (3, 0), 1, None, None, &[Action::Pass]);
    // Yellow's road now runs A(3,0)–U(2,0)–lake E–ferry–lake W–D–U(-1,0), open west.
    let events = ferry_turn(
        &mut g,
        "U",
        (-2, 0),
        0,
        None,
        None,
        &[Action::MoveFerry {
            pos: pos(1, 0),
            location: loc("SW"),
        }],
    );
    // Moving the ferry to S–W closes the lake's E road end: Yellow's road is (1,0), (2,0),
    // (3,0), complete: 3 points.
    assert_eq!(summary(&scores(&events)), vec![(1, 3)]);
}

/// A road looping through one lake twice counts the lake tile once (FE.6): from the lake's
/// E end through V curves at (2,0), (2,1), (1,1) back into its S end, closed by the ferry
/// S–E: 4 tiles, 4 points.
#[test]
fn a_loop_through_one_lake_counts_it_once() {
    let mut g = ferry_game(
        &["Red", "Blue"],
        &[],
        Rules::default(),
        &["FE-02", "V", "V", "V", "B"],
    );
    ferry_turn(
        &mut g,
        "FE-02",
        (1, 0),
        0,
        Some((Figure::Follower, "R3")),
        Some("SE"),
        &[],
    );
    ferry_turn(&mut g, "V", (2, 0), 0, None, None, &[Action::Pass]);
    ferry_turn(&mut g, "V", (2, 1), 1, None, None, &[Action::Pass]);
    let events = ferry_turn(&mut g, "V", (1, 1), 2, None, None, &[Action::Pass]);
    let awards = scores(&events);
    assert_eq!(summary(&awards), vec![(0, 4)]);
    let f = carcassonne::Score::feature(&awards[0]);
    assert_eq!(f, Some(FeatureKind::Road));
    match &awards[0].reason {
        carcassonne::Reason::Feature(f) => {
            assert_eq!(f.tiles, 4);
            assert_eq!(
                f.positions,
                vec![pos(1, 0), pos(1, 1), pos(2, 0), pos(2, 1)]
            );
        }
        other => panic!("{other:?}"),
    }
}
