//! Ferries (spec `expansions.md` §3.3): TS-17, TS-18, TS-19 and TS-19's builder variant (with
//! and without `ferry_move_per_turn_part`) as tests named after them, and the rules around
//! them — a loop through one lake counted once, a move that splits a road holding two
//! players' highwaymen, a road closed by a move far from the tile just laid, two moves in one
//! turn (D-FE-1), what extends a road (D-FE-5), no builder's double turn from a move (FE.8);
//! with the other sets: the mage and the witch separated after a ferry joins their roads
//! (D-FE-3), the Robber Baron for a road a ferry completed (RB.2), the Count's figure moving
//! onto one (C.3); the element switched off; and refused placements and moves (onto another
//! lake, a ferry out of reach or moved already) that change nothing. The boards are the
//! spec's shifted one tile east (the start tile D lies at (0, 0), its road west–east), laid
//! out with real tiles.

mod common;

use carcassonne::{
    Action, Config, Event, FeatureKind, Figure, Game, Location, MagicFigure, Pending, PlayError,
    Position, Quarter, Rotation, Rules, Score, StartTile, TileSet, Token,
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

/// A refused ferry action: the error is a ferry error whose reason contains `why`, and the
/// game is unchanged.
fn refused_ferry(g: &mut Game, bad: Action, why: &str) {
    let before = g.clone();
    assert!(!g.is_legal(bad), "{bad} is legal");
    match g.play(bad) {
        Err(PlayError::IllegalFerryAction { action, reason }) => {
            assert_eq!(action, bad);
            assert!(reason.contains(why), "{bad}: {reason}");
        }
        other => panic!("{bad}: {other:?}"),
    }
    assert!(*g == before, "refused {bad} changed the game");
}

fn move_ferry(x: i32, y: i32, sides: &str) -> Action {
    Action::MoveFerry {
        pos: pos(x, y),
        location: loc(sides),
    }
}

fn place_ferry(x: i32, y: i32, sides: &str) -> Action {
    Action::PlaceFerry {
        pos: pos(x, y),
        location: loc(sides),
    }
}

/// `actions` sorted, for comparisons that do not depend on the listing order.
fn sorted(mut actions: Vec<Action>) -> Vec<Action> {
    actions.sort();
    actions
}

/// FE.8 (with Traders & Builders): Green's builder stands on the road south of the lake; Green
/// lays a tile on the road through the ferry, west of the lake, and moves the ferry to W–S:
/// the builder's road now runs through the tile just laid, but only by the move, so no second
/// turn part follows. Laying a tile on the builder's road itself does give one.
#[test]
fn fe8_a_road_extended_only_by_a_ferry_move_gives_no_double_turn() {
    let tiles = ["FE-02", "E", "U", "B", "U", "B", "U", "B", "U", "E"];
    let mut g = ferry_game(
        &["Green", "Yellow"],
        &[TileSet::TradersAndBuilders],
        Rules::default(),
        &tiles,
    );
    ferry_turn(&mut g, "FE-02", (1, 0), 0, None, Some("WE"), &[]);
    ferry_turn(&mut g, "E", (0, -1), 2, None, None, &[]);
    // Green's highwayman, then his builder, on the road south of the lake (its S end is not
    // on the ferry: no move is asked).
    ferry_turn(
        &mut g,
        "U",
        (1, 1),
        1,
        Some((Figure::Follower, "R1")),
        None,
        &[],
    );
    ferry_turn(&mut g, "B", (1, -1), 0, None, None, &[]);
    ferry_turn(
        &mut g,
        "U",
        (1, 2),
        1,
        Some((Figure::Builder, "R1")),
        None,
        &[],
    );
    assert_eq!(
        g.active_player(),
        1,
        "the builder was deployed: no double turn"
    );
    ferry_turn(&mut g, "B", (2, -1), 0, None, None, &[]);
    // Green extends the road through the ferry (W–E) west of the start tile and moves the
    // ferry to W–S: his road now joins the builder's.
    ferry_turn(
        &mut g,
        "U",
        (-1, 0),
        0,
        None,
        None,
        &[move_ferry(1, 0, "SW")],
    );
    let builder = g
        .figures()
        .into_iter()
        .find(|f| f.figure == Figure::Builder)
        .unwrap();
    let road = g
        .feature_positions(builder.pos, builder.feature, builder.location)
        .unwrap();
    assert_eq!(
        road,
        vec![pos(-1, 0), pos(0, 0), pos(1, 0), pos(1, 1), pos(1, 2)],
        "the builder's road runs through the tile just laid"
    );
    assert_eq!(
        (g.pending(), g.active_player(), g.is_second_part()),
        (Pending::Draw, 1, false),
        "FE.8: no second turn part"
    );
    // The control: a tile laid on the builder's road gives the double turn (the ferry on it
    // may move again in this new turn; Green leaves it).
    ferry_turn(&mut g, "B", (3, -1), 0, None, None, &[]);
    ferry_turn(&mut g, "U", (1, 3), 1, None, None, &[Action::Pass]);
    assert_eq!(
        (g.pending(), g.active_player(), g.is_second_part()),
        (Pending::Draw, 0, true),
        "TB-3: the builder's double turn"
    );
}

/// Two lakes on one road south of the start tile: the lake at (1, 0) with its ferry at
/// `first` (`WE` or `SW`), a straight road south of it, and a second lake at (1, 2) turned
/// 180° (road ends E, N, W) with its ferry N–E. Blue has laid nothing yet on the road west of
/// the start tile.
fn two_lakes_board(first: &str, tiles: &[&str]) -> Game {
    let mut all = vec!["FE-02", "U", "FE-02"];
    all.extend_from_slice(tiles);
    let mut g = ferry_game(&["Red", "Blue"], &[], Rules::default(), &all);
    ferry_turn(&mut g, "FE-02", (1, 0), 0, None, Some(first), &[]);
    // The straight road extends the first lake's S end: a move is asked only when the ferry
    // is on it.
    let on_s: &[Action] = if first.contains('S') {
        &[Action::Pass]
    } else {
        &[]
    };
    ferry_turn(&mut g, "U", (1, 1), 1, None, None, on_s);
    ferry_turn(&mut g, "FE-02", (1, 2), 2, None, Some("NE"), on_s);
    g
}

/// D-FE-5: Blue lays a tile on the road through the first ferry (W–E) and moves that ferry to
/// W–S, which joins his road to the second lake's road and ferry. A move does not extend a
/// road: the second ferry is no candidate, and no further move is asked. A real ferry on
/// another road is refused as out of reach, the game unchanged.
#[test]
fn d_fe_5_a_ferry_move_does_not_extend_the_roads_it_joins() {
    let mut g = two_lakes_board("WE", &["U", "E"]);
    draw_and_place(&mut g, "U", (-1, 0), 0);
    deploy_or_pass(&mut g, "U", (-1, 0), 0, None);
    assert_eq!(g.pending(), Pending::MoveFerry);
    assert_eq!(
        sorted(g.legal_actions()),
        sorted(vec![
            move_ferry(1, 0, "SW"),
            move_ferry(1, 0, "SE"),
            Action::Pass
        ]),
        "only the ferry on the road of the tile just laid"
    );
    refused_ferry(&mut g, move_ferry(1, 2, "NW"), "only the nearest ferry");
    let events = g.play(move_ferry(1, 0, "SW")).unwrap();
    assert!(events.contains(&Event::FerryMoved {
        player: 1,
        pos: pos(1, 0),
        from: loc("WE"),
        to: loc("SW"),
    }));
    // The road of the tile just laid now crosses the second lake by its ferry...
    let road = g
        .feature_positions(pos(-1, 0), FeatureKind::Road, loc("WE"))
        .unwrap();
    assert_eq!(
        road,
        vec![pos(-1, 0), pos(0, 0), pos(1, 0), pos(1, 1), pos(1, 2)]
    );
    // ... but that ferry was not made movable by the move.
    assert_eq!(
        (g.pending(), g.active_player()),
        (Pending::Draw, 0),
        "no further move"
    );
    assert_eq!(
        g.ferries(),
        vec![(pos(1, 0), loc("SW")), (pos(1, 2), loc("NE"))]
    );
}

/// D-FE-5 for a ferry placement: laying a lake extends the roads its ends touch, so a ferry
/// on one of them may move — never the new lake's own ferry, and a road that merely ends at
/// another lake's end without its ferry does not hold that ferry. The second lake's N end
/// reaches the first lake's S end: with the first ferry W–E nothing may move after the new
/// ferry is placed; with it S–W only the first ferry may.
#[test]
fn d_fe_5_a_new_lakes_ferry_makes_only_ferries_on_its_roads_movable() {
    // The first ferry W–E: the road from the second lake's N end ends at the first lake.
    let g = two_lakes_board("WE", &["E"]);
    assert_eq!(g.pending(), Pending::Draw, "no move was asked");
    assert_eq!(
        g.ferries(),
        vec![(pos(1, 0), loc("WE")), (pos(1, 2), loc("NE"))]
    );
    let road = g
        .feature_positions(pos(1, 1), FeatureKind::Road, loc("NS"))
        .unwrap();
    assert_eq!(road, vec![pos(1, 0), pos(1, 1), pos(1, 2)]);
    // The first ferry S–W: the second lake's N end is on its road.
    let mut g = ferry_game(
        &["Red", "Blue"],
        &[],
        Rules::default(),
        &["FE-02", "U", "FE-02", "E"],
    );
    ferry_turn(&mut g, "FE-02", (1, 0), 0, None, Some("SW"), &[]);
    ferry_turn(&mut g, "U", (1, 1), 1, None, None, &[Action::Pass]);
    draw_and_place(&mut g, "FE-02", (1, 2), 2);
    deploy_or_pass(&mut g, "FE-02", (1, 2), 2, None);
    g.play(place_ferry(1, 2, "NE")).unwrap();
    assert_eq!(g.pending(), Pending::MoveFerry);
    assert_eq!(
        sorted(g.legal_actions()),
        sorted(vec![
            move_ferry(1, 0, "WE"),
            move_ferry(1, 0, "SE"),
            Action::Pass
        ]),
        "the first ferry only, not the one just placed"
    );
    refused_ferry(&mut g, move_ferry(1, 2, "NW"), "only the nearest ferry");
}

/// FE.4 (bad input): Blue lays a tile on the road through the first ferry (W–S), which runs on
/// through the second lake's ferry: only the nearest ferry is a candidate; moving the one
/// further along is refused with the reason, the game unchanged.
#[test]
fn moving_a_ferry_further_along_the_road_is_refused() {
    let mut g = two_lakes_board("SW", &["U", "E"]);
    draw_and_place(&mut g, "U", (-1, 0), 0);
    deploy_or_pass(&mut g, "U", (-1, 0), 0, None);
    let road = g
        .feature_positions(pos(-1, 0), FeatureKind::Road, loc("WE"))
        .unwrap();
    assert!(road.contains(&pos(1, 2)), "the second ferry is on the road");
    assert_eq!(g.pending(), Pending::MoveFerry);
    assert_eq!(
        sorted(g.legal_actions()),
        sorted(vec![
            move_ferry(1, 0, "WE"),
            move_ferry(1, 0, "SE"),
            Action::Pass
        ])
    );
    for bad in [move_ferry(1, 2, "NW"), move_ferry(1, 2, "WE")] {
        refused_ferry(&mut g, bad, "only the nearest ferry");
    }
    g.play(Action::Pass).unwrap();
    assert_eq!(g.pending(), Pending::Draw);
}

/// D-FE-1 (and bad input): a tile between two lakes makes both ferries candidates; after the
/// first moves, the candidates are found again without it: the second may still move, the
/// first may not move again (refused, the game unchanged). The two moves close a loop through
/// both lakes: 4 tiles, each lake counted once (FE.6), Blue +4.
#[test]
fn d_fe_1_two_moves_in_one_turn_find_the_candidates_again() {
    let mut g = ferry_game(
        &["Red", "Blue"],
        &[],
        Rules::default(),
        &["FE-02", "V", "FE-02", "V", "E"],
    );
    ferry_turn(&mut g, "FE-02", (1, 0), 0, None, Some("SW"), &[]);
    // East of the first lake, a curve down to the second lake's N end; neither end holds a
    // ferry.
    ferry_turn(&mut g, "V", (2, 0), 0, None, None, &[]);
    ferry_turn(&mut g, "FE-02", (2, 1), 2, None, Some("WE"), &[]);
    // Blue's curve joins the first lake's S end (ferry S–W) and the second lake's W end
    // (ferry W–E); his highwayman on it.
    draw_and_place(&mut g, "V", (1, 1), 2);
    deploy_or_pass(&mut g, "V", (1, 1), 2, Some((Figure::Follower, "R1")));
    assert_eq!((g.pending(), g.current_player()), (Pending::MoveFerry, 1));
    assert_eq!(
        sorted(g.legal_actions()),
        sorted(vec![
            move_ferry(1, 0, "WE"),
            move_ferry(1, 0, "SE"),
            move_ferry(2, 1, "NE"),
            move_ferry(2, 1, "NW"),
            Action::Pass,
        ]),
        "the nearest ferry in each direction"
    );
    let events = g.play(move_ferry(1, 0, "SE")).unwrap();
    assert!(scores(&events).is_empty(), "nothing completed yet");
    assert_eq!(g.pending(), Pending::MoveFerry, "found again: one is left");
    assert_eq!(
        sorted(g.legal_actions()),
        sorted(vec![
            move_ferry(2, 1, "NE"),
            move_ferry(2, 1, "NW"),
            Action::Pass
        ])
    );
    for bad in [move_ferry(1, 0, "WE"), move_ferry(1, 0, "SW")] {
        refused_ferry(&mut g, bad, "at most once per turn");
    }
    let events = g.play(move_ferry(2, 1, "NW")).unwrap();
    let awards = scores(&events);
    assert_eq!(summary(&awards), vec![(1, 4)], "the loop: 4 tiles");
    match &awards[0].reason {
        carcassonne::Reason::Feature(f) => assert_eq!(
            f.positions,
            vec![pos(1, 0), pos(1, 1), pos(2, 0), pos(2, 1)]
        ),
        other => panic!("{other:?}"),
    }
    assert_eq!((g.pending(), g.active_player()), (Pending::Draw, 0));
    assert_eq!(
        g.ferries(),
        vec![(pos(1, 0), loc("SE")), (pos(2, 1), loc("NW"))]
    );
}

/// Bad input at a ferry placement beside another lake: the ferry goes on the lake just laid,
/// never on the other lake (not even on its free road ends, nor on its own ferry's ends); a
/// ferry joins two road ends of one lake, so no action can name an end of each lake.
#[test]
fn a_new_ferry_on_another_lake_is_refused() {
    let mut g = ferry_game(
        &["Red", "Blue"],
        &[],
        Rules::default(),
        &["FE-02", "FE-02", "E"],
    );
    ferry_turn(&mut g, "FE-02", (1, 0), 0, None, Some("WE"), &[]);
    // The second lake's W end meets the first lake's E end (on its ferry): that ferry may
    // move once the new one is placed.
    draw_and_place(&mut g, "FE-02", (2, 0), 0);
    deploy_or_pass(&mut g, "FE-02", (2, 0), 0, None);
    assert_eq!(g.pending(), Pending::PlaceFerry { pos: pos(2, 0) });
    for bad in [
        place_ferry(1, 0, "SW"),
        place_ferry(1, 0, "SE"),
        place_ferry(1, 0, "WE"),
    ] {
        refused_ferry(&mut g, bad, "the lake of the tile just laid");
    }
    // A side of the new lake with no road end of it (its N) is no end either.
    refused_ferry(&mut g, place_ferry(2, 0, "NW"), "two road ends of its lake");
    g.play(place_ferry(2, 0, "WE")).unwrap();
    assert_eq!(g.pending(), Pending::MoveFerry);
    assert_eq!(
        sorted(g.legal_actions()),
        sorted(vec![
            move_ferry(1, 0, "SW"),
            move_ferry(1, 0, "SE"),
            Action::Pass
        ]),
        "the old lake's ferry moves on its own lake only; the new one never"
    );
    refused_ferry(&mut g, move_ferry(2, 0, "SE"), "only the nearest ferry");
}

/// D-FE-3 (with Mage & Witch): the mage on the road of the start tile, the witch on a road
/// south-west of it; Blue lays a lake between them and places its ferry S–E, joining the two
/// roads. Right after the ferry step, before the scoring, one of them must move (MW.3): Blue
/// moves the mage away, and the road — closed now, 6 tiles with the lake once — scores for
/// Red's highwayman with the witch alone: ⌈6 / 2⌉ = 3.
#[test]
fn d_fe_3_mage_and_witch_separated_after_a_ferry_joins_their_roads() {
    let tiles = ["A", "V", "V", "MW-05", "MW-06", "FE-02", "E"];
    let mut g = ferry_game(
        &["Red", "Blue"],
        &[TileSet::MageWitch],
        Rules::default(),
        &tiles,
    );
    // Red's highwayman on the road of the start tile, closed east by a monastery.
    ferry_turn(
        &mut g,
        "A",
        (1, 0),
        1,
        Some((Figure::Follower, "R1")),
        None,
        &[],
    );
    // A road south-west: (0, 1) and (-1, 1), open north at (-1, 0).
    ferry_turn(&mut g, "V", (0, 1), 0, None, None, &[]);
    ferry_turn(&mut g, "V", (-1, 1), 2, None, None, &[]);
    // Two mage tiles: the mage onto the start tile's road, the witch onto the road south
    // (which the second closes at its south end).
    let magic = |g: &Game, figure: MagicFigure, at: (i32, i32), name: &str| {
        let placed = g.board().tile_at(pos(at.0, at.1)).unwrap();
        let seg = placed
            .tile
            .kind()
            .segments
            .iter()
            .find(|s| s.name == name)
            .unwrap();
        Action::PlaceMagic {
            figure,
            pos: placed.pos,
            feature: seg.kind,
            location: seg.location(placed.rotation),
        }
    };
    draw_and_place(&mut g, "MW-05", (0, -1), 0);
    assert_eq!(g.pending(), Pending::Magic);
    g.play(magic(&g, MagicFigure::Mage, (0, 0), "R1")).unwrap();
    deploy_or_pass(&mut g, "MW-05", (0, -1), 0, None);
    draw_and_place(&mut g, "MW-06", (0, 2), 2);
    assert_eq!(g.pending(), Pending::Magic);
    g.play(magic(&g, MagicFigure::Witch, (0, 1), "R1")).unwrap();
    deploy_or_pass(&mut g, "MW-06", (0, 2), 2, None);
    // The lake: its E end meets the mage's road, its S end the witch's; not joined yet.
    draw_and_place(&mut g, "FE-02", (-1, 0), 0);
    deploy_or_pass(&mut g, "FE-02", (-1, 0), 0, None);
    assert_eq!(g.pending(), Pending::PlaceFerry { pos: pos(-1, 0) });
    let events = g.play(place_ferry(-1, 0, "SE")).unwrap();
    assert!(
        scores(&events).is_empty(),
        "no scoring before the separation"
    );
    assert_eq!((g.pending(), g.current_player()), (Pending::Magic, 1));
    // Either figure, to an incomplete road or city outside the joined road: the lake's W
    // road, the mage tiles' open cities.
    let mut expected = Vec::new();
    for figure in [MagicFigure::Mage, MagicFigure::Witch] {
        expected.push(magic(&g, figure, (0, -1), "C1"));
        expected.push(magic(&g, figure, (0, 2), "C1"));
        expected.push(magic(&g, figure, (-1, 0), "R1"));
    }
    assert_eq!(sorted(g.legal_actions()), sorted(expected));
    let events = g.play(magic(&g, MagicFigure::Mage, (-1, 0), "R1")).unwrap();
    let awards: Vec<(usize, u32, Option<MagicFigure>, u16)> = scores(&events)
        .iter()
        .map(|s| match &s.reason {
            carcassonne::Reason::Feature(f) => (s.player, s.points, f.magic, f.tiles),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(awards, vec![(0, 3, Some(MagicFigure::Witch), 6)]);
    // The witch leaves with her completed road (MW.5); the mage stays on the lake's W road.
    let magic_now: Vec<(MagicFigure, Position)> = g
        .magic_figures()
        .into_iter()
        .map(|m| (m.figure, m.pos))
        .collect();
    assert_eq!(magic_now, vec![(MagicFigure::Mage, pos(-1, 0))]);
}

/// RB.2 (with King & Robber Baron): a road completed by a ferry move counts as completed by
/// the active player. On TS-19's board Green moves the ferry, which closes Yellow's road east
/// of the lake (3 tiles): Yellow scores it, Green takes the Robber Baron with size 3.
#[test]
fn robber_baron_counts_a_road_completed_by_a_ferry_move() {
    let mut g = ts19_board(
        &[TileSet::KingAndRobber],
        Rules::default(),
        &["A", "B", "U", "E"],
    );
    assert_eq!(
        g.token_holder(Token::King),
        Some(0),
        "Green's E closed a city"
    );
    assert_eq!(g.token_holder(Token::RobberBaron), None);
    // Green closes the road east of the lake with a monastery (moving nothing).
    ferry_turn(&mut g, "A", (3, 0), 1, None, None, &[Action::Pass]);
    ferry_turn(&mut g, "B", (1, -1), 0, None, None, &[]);
    let events = ferry_turn(
        &mut g,
        "U",
        (-2, 0),
        0,
        None,
        None,
        &[move_ferry(1, 0, "SW")],
    );
    assert_eq!(summary(&scores(&events)), vec![(1, 3)], "Yellow's road");
    assert!(
        events.contains(&Event::TokenTaken {
            player: 0,
            token: Token::RobberBaron,
            size: 3,
        }),
        "{events:#?}"
    );
    assert_eq!(g.token_holder(Token::RobberBaron), Some(0));
}

/// RB.2 for a ferry placement (TS-17 with King & Robber Baron): Red's ferry closes Blue's road
/// of 4 tiles; Red takes the Robber Baron.
#[test]
fn robber_baron_counts_a_road_completed_by_a_ferry_placement() {
    let mut g = ferry_game(
        &["Red", "Blue"],
        &[TileSet::KingAndRobber],
        Rules::default(),
        &["U", "A", "FE-02", "E"],
    );
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
    let events = ferry_turn(&mut g, "FE-02", (1, 0), 0, None, Some("SE"), &[]);
    assert_eq!(summary(&scores(&events)), vec![(1, 4)]);
    assert!(events.contains(&Event::TokenTaken {
        player: 0,
        token: Token::RobberBaron,
        size: 4,
    }));
}

/// The Count (C.3): Blue's follower in the Blacksmith moves onto a road that a ferry move
/// completed away from the tile just laid. Red's highwayman stands on the lake's E road, the
/// City's road R_W; Red lays a tile two tiles west of the lake and moves its ferry off the E
/// end: R_W (COC-01 and the lake, 2 tiles) is complete. Blue, left of Red, moves first and
/// joins it; 1 against 1: both +2, both figures go home.
#[test]
fn count_moves_a_figure_onto_a_road_completed_by_a_ferry() {
    let tiles = ["E", "E", "FE-02", "U", "U", "E"];
    let mut g = common::scenario_with(
        &["Red", "Blue"],
        Rules::default(),
        None,
        &tiles,
        &[TileSet::Count, TileSet::Ferries],
    );
    // Red's knight north of the City; Blue closes the city (Red +4) and enters the
    // Blacksmith.
    ferry_turn(
        &mut g,
        "E",
        (-2, -2),
        0,
        Some((Figure::Follower, "C1")),
        None,
        &[],
    );
    ferry_turn(&mut g, "E", (-2, -3), 2, None, None, &[]);
    assert_eq!((g.pending(), g.current_player()), (Pending::EnterCity, 1));
    g.play("enter follower blacksmith".parse().unwrap())
        .unwrap();
    g.play(Action::Pass).unwrap();
    assert_eq!(
        g.quarter_figures(Quarter::Blacksmith),
        vec![(1, Figure::Follower)]
    );
    // Red's lake west of COC-01, a highwayman on its E road, the ferry W–E.
    ferry_turn(
        &mut g,
        "FE-02",
        (-3, -1),
        0,
        Some((Figure::Follower, "R3")),
        Some("WE"),
        &[],
    );
    ferry_turn(&mut g, "U", (-4, -1), 0, None, None, &[Action::Pass]);
    draw_and_place(&mut g, "U", (-5, -1), 0);
    deploy_or_pass(&mut g, "U", (-5, -1), 0, None);
    assert_eq!(g.pending(), Pending::MoveFerry);
    let events = g.play(move_ferry(-3, -1, "SW")).unwrap();
    assert!(scores(&events).is_empty(), "the movement round comes first");
    assert_eq!((g.pending(), g.current_player()), (Pending::LeaveCity, 1));
    // One place on the road is offered (where a figure stands matters only for a ringmaster,
    // D-C-9).
    let onto_lake: Action = "leave follower blacksmith -3,-1 road E".parse().unwrap();
    assert_eq!(g.legal_actions(), vec![onto_lake, Action::Pass]);
    let events = g.play(onto_lake).unwrap();
    let mut awards: Vec<(usize, u32, u16)> = scores(&events)
        .iter()
        .map(|s| (s.player, s.points, common::feature_score(s).tiles))
        .collect();
    awards.sort();
    assert_eq!(awards, vec![(0, 2, 2), (1, 2, 2)]);
    assert!(g.quarter_figures(Quarter::Blacksmith).is_empty());
    assert_eq!((g.followers_in_supply(0), g.followers_in_supply(1)), (7, 7));
    assert_eq!((g.pending(), g.active_player()), (Pending::Draw, 1));
}

/// The element switched off (`elements.ferries = false`): a lake tile is an ordinary tile
/// whose roads end at the lake — no ferry to place or move, no ferry event, no ferry state,
/// no ferry action ids.
#[test]
fn ferries_switched_off_make_lake_tiles_ordinary_tiles() {
    let mut config = Config::new(2);
    config.sets.push(TileSet::Ferries);
    config.elements.ferries = Some(false);
    config.explicit_draws = true;
    config.stack = Some(["A", "FE-02", "U", "E"].iter().map(|t| tile(t)).collect());
    config.start = Some(StartTile {
        tile: tile("D"),
        rotation: Rotation::R0,
    });
    let mut g = Game::new(config, 0).unwrap();
    assert!(!g.elements().ferries);
    let mut events = Vec::new();
    // Red's highwayman on the start tile's road, closed west by a monastery.
    events.extend(draw_and_place(&mut g, "A", (-1, 0), 3));
    events.extend(deploy_or_pass(
        &mut g,
        "A",
        (-1, 0),
        3,
        Some((Figure::Follower, "R1")),
    ));
    // Blue's lake closes it east: 3 tiles, Red +3, at once.
    events.extend(draw_and_place(&mut g, "FE-02", (1, 0), 0));
    let lake = deploy_or_pass(&mut g, "FE-02", (1, 0), 0, None);
    assert_eq!(summary(&scores(&lake)), vec![(0, 3)]);
    events.extend(lake);
    assert_eq!((g.pending(), g.active_player()), (Pending::Draw, 0));
    // Each road of the lake is a road of its own.
    for side in ["S", "E"] {
        assert_eq!(
            g.feature_positions(pos(1, 0), FeatureKind::Road, loc(side))
                .unwrap(),
            vec![pos(1, 0)]
        );
    }
    // A tile on the lake's E road asks nothing of ferries.
    events.extend(draw_and_place(&mut g, "U", (2, 0), 0));
    events.extend(deploy_or_pass(&mut g, "U", (2, 0), 0, None));
    assert_eq!((g.pending(), g.active_player()), (Pending::Draw, 1));
    assert!(g.ferries().is_empty());
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::FerryPlaced { .. } | Event::FerryMoved { .. })));
    assert!(!g
        .actions()
        .iter()
        .any(|a| matches!(a, Action::PlaceFerry { .. } | Action::MoveFerry { .. })));
    let space = carcassonne::encoding::ActionSpace::of(&g);
    assert_eq!(space.id(&g, place_ferry(1, 0, "WE")), None, "no ferry ids");
    let r = 3;
    let obs = carcassonne::encoding::observation(&g, r);
    let w = 2 * r + 1;
    let plane = carcassonne::encoding::OBSERVATION_PLANES
        .iter()
        .position(|p| *p == "ferry")
        .unwrap();
    assert!(obs[plane * w * w..(plane + 1) * w * w]
        .iter()
        .all(|v| *v == 0));
    let replayed = Game::from_json(&g.to_json()).unwrap();
    assert!(replayed == g);
}
