//! Flying Machines (spec `expansions.md` §3.1): TS-15 (every roll, and the variant) as tests
//! named after it, and the rules around it — the die as a chance node, a flight in a builder's
//! double turn, a landing on a shrine, the City of Carcassonne (and JCloisterZone's reading),
//! who may fly (D-FM-1), and refused flights and landings that change nothing. Positions are
//! ours; the boards are laid out with real tiles.

mod common;

use carcassonne::{
    Action, Compass, Config, Elements, Event, FeatureKind, Figure, Game, Outcome, Pending,
    PlayError, Position, Rotation, Rules, StartTile, TileSet,
};
use common::{deploy_or_pass, draw_and_place, tile};

fn pos(x: i32, y: i32) -> Position {
    Position::new(x, y)
}

/// A scenario with flying machines: explicit draws from `tiles`, the start tile `start` turned
/// `r` quarter turns (with the Count, the City instead).
fn flier_game(
    names: &[&str],
    start: (&str, u8),
    extra: &[TileSet],
    rules: Rules,
    tiles: &[&str],
) -> Game {
    let mut config = Config::new(names.len());
    config.sets.push(TileSet::FlyingMachines);
    config.sets.extend_from_slice(extra);
    config.names = names.iter().map(|s| s.to_string()).collect();
    config.rules = rules;
    config.explicit_draws = true;
    config.stack = Some(tiles.iter().map(|t| tile(t)).collect());
    if !extra.contains(&TileSet::Count) {
        config.start = Some(StartTile {
            tile: tile(start.0),
            rotation: Rotation::from_quarter_turns(start.1),
        });
    }
    let mut elements = Elements::default();
    elements.gold = Some(false); // GM-03 as an ordinary tile
    config.elements = elements;
    Game::new(config, 0).unwrap()
}

/// One turn part: draw, place, then deploy `deploy` (figure, segment name) or pass.
fn turn(
    g: &mut Game,
    id: &str,
    at: (i32, i32),
    r: u8,
    deploy: Option<(Figure, &str)>,
) -> Vec<Event> {
    let mut events = draw_and_place(g, id, at, r);
    events.extend(deploy_or_pass(g, id, at, r, deploy));
    events
}

fn land(g: &Game, at: (i32, i32), name: &str) -> Action {
    let placed = g.board().tile_at(pos(at.0, at.1)).unwrap();
    let seg = placed
        .tile
        .kind()
        .segments
        .iter()
        .find(|s| s.name == name)
        .unwrap();
    Action::Land {
        pos: placed.pos,
        feature: seg.kind,
        location: seg.location(placed.rotation),
    }
}

/// TS-15's board: the start A turned 180° (road N, monastery) at (0,0); GM-03 at (0,-1) with
/// Blue's monk and Yellow's knight (its city open to the north); A at (1,-1) closes the road
/// A–GM-03–A. Red lays FM-02 turned 90° (flight north) at (0,1) and puts a follower on the
/// machine. With `variant`, GM-03's monastery is surrounded first.
fn ts15_board(variant: bool) -> Game {
    let mut tiles = vec!["B", "GM-03", "E", "A", "B", "B"];
    if variant {
        tiles.extend(["G", "B", "B"]);
    }
    tiles.push("FM-02");
    let mut g = flier_game(
        &["Red", "Blue", "Yellow"],
        ("A", 2),
        &[TileSet::GoldMines],
        Rules::default(),
        &tiles,
    );
    turn(&mut g, "B", (1, 0), 0, None); // Red
    turn(&mut g, "GM-03", (0, -1), 0, Some((Figure::Follower, "M1"))); // Blue's monk
    turn(&mut g, "E", (-1, -1), 1, Some((Figure::Follower, "C1"))); // Yellow's knight
    turn(&mut g, "A", (1, -1), 1, None); // Red: the road is complete
    turn(&mut g, "B", (2, 0), 0, None); // Blue
    turn(&mut g, "B", (-1, 0), 0, None); // Yellow
    if variant {
        turn(&mut g, "G", (0, -2), 1, None); // Red: the city goes on north
        turn(&mut g, "B", (-1, -2), 0, None); // Blue
        turn(&mut g, "B", (1, -2), 0, None); // Yellow: the monastery is surrounded
        assert!(
            g.figures()
                .iter()
                .all(|f| f.feature != FeatureKind::Monastery || f.pos != pos(0, -1)),
            "Blue's monk scored and went home"
        );
    }
    assert_eq!(g.current_player(), 0);
    g.draw(tile("FM-02")).unwrap();
    g.play("place FM-02 0,1 R90".parse().unwrap()).unwrap();
    let legal = g.legal_actions();
    assert!(legal.contains(&Action::Fly {
        figure: Figure::Follower
    }));
    let events = g
        .play(Action::Fly {
            figure: Figure::Follower,
        })
        .unwrap();
    assert_eq!(
        events,
        vec![Event::FlierLaunched {
            player: 0,
            figure: Figure::Follower,
            pos: pos(0, 1),
            direction: Compass::N,
        }]
    );
    assert_eq!(g.pending(), Pending::FlierRoll);
    g
}

/// The picture of TS-15's flight: a dashed arrow from the flying machine north, ending on
/// the target tile once the die is rolled.
#[test]
fn ts15_the_picture_shows_the_flight() {
    let mut g = ts15_board(false);
    let centre = |g: &Game, p: Position| {
        let (min, _) = g.board().bounds();
        let t = carcassonne::render::SVG_TILE;
        (
            4.0 + (f64::from(p.x - min.x) + 0.5) * t,
            4.0 + (f64::from(p.y - min.y) + 0.5) * t,
        )
    };
    let svg = carcassonne::render::board_svg(&g);
    assert_eq!(svg.matches("<title>flight N</title>").count(), 1);
    let (x, y) = centre(&g, pos(0, 1));
    assert!(svg.contains(&format!(r#"<line x1="{x:.1}" y1="{y:.1}""#)));
    g.resolve(Outcome::Roll(2)).unwrap();
    let svg = carcassonne::render::board_svg(&g);
    let (tx, ty) = centre(&g, pos(0, -1));
    assert!(svg.contains(&format!(r##"x2="{tx:.1}" y2="{ty:.1}" stroke="#333""##)));
}

#[test]
fn ts15_the_die_is_a_chance_node() {
    let g = ts15_board(false);
    let outcomes = g.chance_outcomes();
    assert_eq!(
        outcomes.iter().map(|(o, _)| *o).collect::<Vec<_>>(),
        vec![Outcome::Roll(1), Outcome::Roll(2), Outcome::Roll(3)]
    );
    let total: f64 = outcomes.iter().map(|(_, p)| p).sum();
    assert!((total - 1.0).abs() < 1e-12);
    assert!(outcomes.iter().all(|(_, p)| (p - 1.0 / 3.0).abs() < 1e-12));
    // Not a roll of the die, and not an action.
    for bad in [Outcome::Roll(0), Outcome::Roll(4)] {
        let mut h = g.clone();
        assert!(h.resolve(bad).is_err());
        assert!(h == g);
    }
    assert!(g.clone().play(Action::Pass).is_err());
    assert!(g.clone().resolve(Outcome::Tile(tile("B"))).is_err());
    assert_eq!(
        g.supply(0, Figure::Follower),
        7,
        "the flier is on the machine, not yet used"
    );
}

/// Roll 3: no tile at (0,-2); the follower goes back and nothing else is deployed.
#[test]
fn ts15_roll_3_empty_target_returns_the_follower() {
    let mut g = ts15_board(false);
    let events = g.resolve(Outcome::Roll(3)).unwrap();
    assert_eq!(
        events[..2],
        [
            Event::DieRolled {
                distance: 3,
                target: pos(0, -2)
            },
            Event::FlierReturned {
                player: 0,
                figure: Figure::Follower
            }
        ]
    );
    assert_eq!(g.supply(0, Figure::Follower), 7);
    assert!(g.figures().iter().all(|f| f.player != 0));
    assert_eq!(g.current_player(), 1, "the turn is over");
}

/// Roll 2: GM-03 at (0,-1): its monastery (joining Blue's monk) or its city (joining Yellow's
/// knight); not its complete road, never a field.
#[test]
fn ts15_roll_2_two_landings() {
    let mut g = ts15_board(false);
    g.resolve(Outcome::Roll(2)).unwrap();
    assert_eq!(g.pending(), Pending::Landing { pos: pos(0, -1) });
    assert!(!g.can_pass(), "the landing is mandatory");
    let mut legal = g.legal_actions();
    legal.sort();
    let mut expected = vec![land(&g, (0, -1), "M1"), land(&g, (0, -1), "C1")];
    expected.sort();
    assert_eq!(legal, expected);
    // Bad input: the complete road, a field, another tile, a deployment.
    let bad = [
        land(&g, (0, -1), "R1"),
        land(&g, (0, -1), "F1"),
        land(&g, (0, 0), "M1"),
        Action::Pass,
        Action::Deploy {
            figure: Figure::Follower,
            pos: pos(0, -1),
            feature: FeatureKind::Monastery,
            location: "I".parse().unwrap(),
        },
    ];
    for action in bad {
        let before = g.clone();
        let err = g.play(action).unwrap_err();
        assert!(
            matches!(
                err,
                PlayError::IllegalFlight { .. } | PlayError::WrongDecision { .. }
            ),
            "{action}: {err}"
        );
        assert!(g == before, "refused {action} changed the game");
    }
    let events = g.play(land(&g, (0, -1), "M1")).unwrap();
    assert!(matches!(
        events[0],
        Event::FigureDeployed {
            player: 0,
            feature: FeatureKind::Monastery,
            ..
        }
    ));
    let monks = g
        .figures()
        .iter()
        .filter(|f| f.pos == pos(0, -1) && f.feature == FeatureKind::Monastery)
        .count();
    assert_eq!(monks, 2, "Red's monk joins Blue's (D-FM-2)");
    assert_eq!(g.current_player(), 1);
}

/// Roll 1: the start tile's monastery is the only landing (its road is complete); no choice.
#[test]
fn ts15_roll_1_one_landing() {
    let mut g = ts15_board(false);
    let events = g.resolve(Outcome::Roll(1)).unwrap();
    assert!(events.iter().any(|e| matches!(
        e,
        Event::FigureDeployed {
            player: 0,
            feature: FeatureKind::Monastery,
            pos: p,
            ..
        } if *p == pos(0, 0)
    )));
    assert_eq!(g.supply(0, Figure::Follower), 6);
    assert_eq!(g.current_player(), 1);
}

/// The variant: with GM-03's monastery complete, roll 2 leaves only its city: forced.
#[test]
fn ts15_variant_complete_monastery_leaves_the_city() {
    let mut g = ts15_board(true);
    let events = g.resolve(Outcome::Roll(2)).unwrap();
    assert!(events.iter().any(|e| matches!(
        e,
        Event::FigureDeployed {
            player: 0,
            feature: FeatureKind::City,
            pos: p,
            ..
        } if *p == pos(0, -1)
    )));
}

/// D-FM-1: builders and pigs do not fly; every follower kind in supply may.
#[test]
fn only_followers_fly() {
    let mut g = flier_game(
        &["Red", "Blue"],
        ("D", 0),
        &[TileSet::TradersAndBuilders, TileSet::InnsAndCathedrals],
        Rules::default(),
        &["FM-02", "B"],
    );
    g.draw(tile("FM-02")).unwrap();
    g.play("place FM-02 0,1 R0".parse().unwrap()).unwrap();
    let flights: Vec<Action> = g
        .legal_actions()
        .into_iter()
        .filter(|a| matches!(a, Action::Fly { .. }))
        .collect();
    assert_eq!(
        flights,
        vec![
            Action::Fly {
                figure: Figure::Follower
            },
            Action::Fly {
                figure: Figure::LargeFollower
            }
        ]
    );
    for figure in [Figure::Builder, Figure::Pig] {
        let before = g.clone();
        let err = g.play(Action::Fly { figure }).unwrap_err();
        assert!(matches!(err, PlayError::IllegalFlight { .. }), "{err}");
        assert!(err.to_string().contains("D-FM-1"), "{err}");
        assert!(g == before);
    }
    // A tile without a machine offers no flight.
    let mut h = g.clone();
    h.play(Action::Pass).unwrap();
    h.draw(tile("B")).unwrap();
    h.play("place B 1,1 R0".parse().unwrap()).unwrap();
    assert!(h
        .legal_actions()
        .iter()
        .all(|a| !matches!(a, Action::Fly { .. })));
}

/// A flight in the first part of a builder's double turn: after the landing the second part
/// follows.
#[test]
fn a_flight_in_a_builders_double_turn() {
    let mut g = flier_game(
        &["Red", "Blue"],
        ("D", 0),
        &[TileSet::TradersAndBuilders],
        Rules::default(),
        &["U", "B", "U", "B", "FM-05", "B"],
    );
    turn(&mut g, "U", (1, 0), 0, Some((Figure::Follower, "R1"))); // Red's highwayman
    turn(&mut g, "B", (0, 1), 0, None);
    turn(&mut g, "U", (2, 0), 0, Some((Figure::Builder, "R1"))); // Red's builder
    turn(&mut g, "B", (-1, 1), 0, None);
    // FM-05 (road W-E, flight W) at (3,0): extends the builder's road; Red flies west.
    g.draw(tile("FM-05")).unwrap();
    g.play("place FM-05 3,0 R0".parse().unwrap()).unwrap();
    g.play(Action::Fly {
        figure: Figure::Follower,
    })
    .unwrap();
    // Roll 2: (1,0), the road with Red's own highwayman (open): the only landing.
    let events = g.resolve(Outcome::Roll(2)).unwrap();
    assert!(events.iter().any(|e| matches!(
        e,
        Event::FigureDeployed { pos: p, feature: FeatureKind::Road, .. } if *p == pos(1, 0)
    )));
    assert!(g.is_second_part(), "the builder's second part follows");
    assert_eq!(g.current_player(), 0);
    assert_eq!(g.pending(), Pending::Draw);
}

/// A flier may land on a shrine (the Cult): it becomes a heretic there.
#[test]
fn a_flier_lands_on_a_shrine() {
    let mut g = flier_game(
        &["Red", "Blue"],
        ("D", 0),
        &[TileSet::Cult],
        Rules::default(),
        &["CU-01", "FM-02"],
    );
    turn(&mut g, "CU-01", (0, 1), 0, None);
    g.draw(tile("FM-02")).unwrap();
    // Flight west from (1,1): one step to the shrine.
    g.play("place FM-02 1,1 R0".parse().unwrap()).unwrap();
    g.play(Action::Fly {
        figure: Figure::Follower,
    })
    .unwrap();
    let events = g.resolve(Outcome::Roll(1)).unwrap();
    assert!(events.iter().any(|e| matches!(
        e,
        Event::FigureDeployed { feature: FeatureKind::Shrine, pos: p, .. } if *p == pos(0, 1)
    )));
}

/// The Count: a flier lands on an outer city of the City's pieces (never in a quarter); with
/// JCloisterZone's reading it lands nowhere on them.
#[test]
fn a_flier_and_the_city_of_carcassonne() {
    // COC-09, the City's piece at (-2, 1), has an open city to the south.
    for (rules, lands) in [(Rules::default(), true), (Rules::jcloisterzone(), false)] {
        let mut g = flier_game(
            &["Red", "Blue"],
            ("D", 0),
            &[TileSet::Count],
            rules,
            &["FM-02"],
        );
        g.draw(tile("FM-02")).unwrap();
        // FM-02 turned 180° flies east: from (-3, 1) one step to COC-09 at (-2, 1).
        let place = "place FM-02 -3,1 R180".parse().unwrap();
        g.play(place).unwrap();
        g.play(Action::Fly {
            figure: Figure::Follower,
        })
        .unwrap();
        let events = g.resolve(Outcome::Roll(1)).unwrap();
        let landed = events.iter().any(|e| {
            matches!(e, Event::FigureDeployed { feature: FeatureKind::City, pos: p, .. }
                if *p == pos(-2, 1))
        });
        assert_eq!(landed, lands, "{:?}", events);
        assert_eq!(
            !lands,
            events
                .iter()
                .any(|e| matches!(e, Event::FlierReturned { .. })),
        );
    }
}

/// FM.3 (§3.1.2, §2.7): a normal follower that flies to an acrobat tile may climb its site.
/// AC-01's site is the only landing on it (the tile is all field), so the flier climbs without
/// being asked — here as the third acrobat: the pyramid is complete (Red 2, Blue 1) and, AC.5,
/// may not be scored in the builder's second part of the same turn, only in a later turn, where
/// it pays 5 per acrobat. A large follower or a ringmaster on the same flight has nowhere to
/// land (AC.4): it goes home.
#[test]
fn a_flier_climbs_an_acrobat_site_and_completes_a_pyramid() {
    let tiles = ["U", "B", "U", "AC-01", "B", "B", "FM-04", "B", "B", "B"];
    let mut g = flier_game(
        &["Red", "Blue"],
        ("U", 1),
        &[
            TileSet::BigTop,
            TileSet::TradersAndBuilders,
            TileSet::InnsAndCathedrals,
        ],
        Rules::default(),
        &tiles,
    );
    turn(&mut g, "U", (0, 1), 1, Some((Figure::Follower, "R1"))); // Red's highwayman
    turn(&mut g, "B", (-1, 0), 0, None); // Blue
    turn(&mut g, "U", (0, 2), 1, Some((Figure::Builder, "R1"))); // Red's builder
    draw_and_place(&mut g, "AC-01", (-1, -1), 0); // Blue: the first acrobat (AC.1)
    g.play(Action::Acrobat { pos: pos(-1, -1) }).unwrap();
    draw_and_place(&mut g, "B", (-2, -1), 0); // Red: the second acrobat (AC.2)
    g.play(Action::Acrobat { pos: pos(-1, -1) }).unwrap();
    turn(&mut g, "B", (1, 0), 0, None); // Blue
                                        // Red: FM-04 (road N-S, flight west) at (0,-1) extends the builder's road.
    draw_and_place(&mut g, "FM-04", (0, -1), 0);
    assert_eq!(g.supply(0, Figure::Follower), 5);
    let flights: Vec<Action> = g
        .legal_actions()
        .into_iter()
        .filter(|a| matches!(a, Action::Fly { .. }))
        .collect();
    assert_eq!(
        flights.len(),
        3,
        "a follower, a large follower, a ringmaster"
    );
    // A large follower and a ringmaster never climb (AC.4): one step west is AC-01, with
    // nothing else to land on; they go home.
    for figure in [Figure::LargeFollower, Figure::Ringmaster] {
        let mut h = g.clone();
        h.play(Action::Fly { figure }).unwrap();
        let events = h.resolve(Outcome::Roll(1)).unwrap();
        assert_eq!(
            events[..2],
            [
                Event::DieRolled {
                    distance: 1,
                    target: pos(-1, -1)
                },
                Event::FlierReturned { player: 0, figure }
            ]
        );
        assert_eq!(h.acrobat_sites()[0].acrobats, vec![1, 0]);
        assert_eq!(h.supply(0, figure), 1);
    }
    g.play(Action::Fly {
        figure: Figure::Follower,
    })
    .unwrap();
    let events = g.resolve(Outcome::Roll(1)).unwrap();
    assert_eq!(
        events[..2],
        [
            Event::DieRolled {
                distance: 1,
                target: pos(-1, -1)
            },
            Event::AcrobatDeployed {
                player: 0,
                pos: pos(-1, -1)
            }
        ],
        "the only landing: taken without asking"
    );
    assert_eq!(g.acrobat_sites()[0].acrobats, vec![1, 0, 0]);
    assert_eq!(g.supply(0, Figure::Follower), 4);
    assert!(g.flight().is_none());
    // The builder's second part: the pyramid was completed this turn (AC.5).
    assert!(g.is_second_part());
    draw_and_place(&mut g, "B", (1, 1), 0);
    let score = Action::ScorePyramid { pos: pos(-1, -1) };
    assert!(!g.legal_actions().contains(&score));
    let before = g.clone();
    let err = g.play(score).unwrap_err();
    assert!(matches!(err, PlayError::IllegalDeployment { .. }), "{err}");
    assert!(g == before, "a refused scoring changed the game");
    g.play(Action::Pass).unwrap();
    // Blue's turn, a later one: Blue deploys nothing and scores it.
    draw_and_place(&mut g, "B", (-2, 0), 0);
    assert!(g.legal_actions().contains(&score));
    let events = g.play(score).unwrap();
    let points: Vec<(usize, u32)> = events
        .iter()
        .filter_map(Event::score)
        .map(|s| (s.player, s.points))
        .collect();
    assert_eq!(points, vec![(0, 10), (1, 5)]);
    assert!(g.acrobat_sites()[0].acrobats.is_empty());
    assert_eq!(
        (g.supply(0, Figure::Follower), g.supply(1, Figure::Follower)),
        (6, 7)
    );
}

/// FM.3: an acrobat tile with an open road offers two landings — the road and the acrobat
/// site — and the player chooses; refused landings change nothing, and both landings have
/// action ids.
#[test]
fn a_flier_chooses_between_a_road_and_an_acrobat_site() {
    let mut g = flier_game(
        &["Red", "Blue"],
        ("D", 0),
        &[TileSet::BigTop, TileSet::InnsAndCathedrals],
        Rules::default(),
        &["AC-02", "FM-02", "B"],
    );
    turn(&mut g, "AC-02", (0, 1), 0, None); // Red: its road runs south, open
    draw_and_place(&mut g, "FM-02", (1, 1), 0); // Blue: flight west
                                                // A large follower: the road is its only landing (AC.4), taken without asking.
    let mut h = g.clone();
    h.play(Action::Fly {
        figure: Figure::LargeFollower,
    })
    .unwrap();
    let events = h.resolve(Outcome::Roll(1)).unwrap();
    assert!(matches!(
        events[1],
        Event::FigureDeployed {
            player: 1,
            figure: Figure::LargeFollower,
            feature: FeatureKind::Road,
            ..
        }
    ));
    g.play(Action::Fly {
        figure: Figure::Follower,
    })
    .unwrap();
    g.resolve(Outcome::Roll(1)).unwrap();
    assert_eq!(g.pending(), Pending::Landing { pos: pos(0, 1) });
    let expected = vec![land(&g, (0, 1), "R1"), Action::Acrobat { pos: pos(0, 1) }];
    assert_eq!(g.legal_actions(), expected);
    let ids = carcassonne::encoding::ActionSpace::of(&g);
    for &a in &expected {
        let id = ids.id(&g, a).expect("an id");
        assert_eq!(ids.action(&g, id), Some(a));
    }
    // Bad input: an acrobat site elsewhere, the field, a scoring, a pass.
    for action in [
        Action::Acrobat { pos: pos(1, 1) },
        Action::Acrobat { pos: pos(0, 0) },
        land(&g, (0, 1), "F1"),
        Action::ScorePyramid { pos: pos(0, 1) },
        Action::Pass,
    ] {
        let before = g.clone();
        let err = g.play(action).unwrap_err();
        assert!(
            matches!(
                err,
                PlayError::IllegalFlight { .. } | PlayError::WrongDecision { .. }
            ),
            "{action}: {err}"
        );
        assert!(g == before, "refused {action} changed the game");
    }
    let events = g.play(Action::Acrobat { pos: pos(0, 1) }).unwrap();
    assert_eq!(
        events[0],
        Event::AcrobatDeployed {
            player: 1,
            pos: pos(0, 1)
        }
    );
    assert_eq!(g.acrobat_sites()[0].acrobats, vec![1]);
    assert_eq!(g.supply(1, Figure::Follower), 6);
    assert!(g.figures().is_empty(), "nobody on the road");
    assert_eq!(g.current_player(), 0, "the turn is over");
    // As a JCloisterZone saved game the landing is the flier's `DEPLOY_MEEPLE` onto the
    // acrobat site, and it reads back to the same game.
    let text = g.to_jcz().unwrap();
    assert!(text.contains(r#""feature": "Acrobats""#), "{text}");
    let back = carcassonne::JczGame::parse(&text).unwrap();
    assert_eq!(back.game.actions(), g.actions());
    assert_eq!(back.game.acrobat_sites(), g.acrobat_sites());
}

/// FM.3 (CLAR WICA 2012): a feature completed by the tile just laid counts as complete. Red's
/// FM-05 closes the road from L's east end to A's monastery; one step west is L, whose city
/// and two other roads are open: those three are the landings, and a landing on the road just
/// completed is refused with the game unchanged.
#[test]
fn a_flier_is_refused_a_feature_completed_by_the_tile_just_laid() {
    let mut g = flier_game(
        &["Red", "Blue"],
        ("L", 0),
        &[],
        Rules::default(),
        &["U", "B", "B", "A", "FM-05", "B"],
    );
    turn(&mut g, "U", (0, 1), 1, None); // Red: L's south road goes on
    turn(&mut g, "B", (1, 1), 0, None); // Blue
    turn(&mut g, "B", (2, 1), 0, None); // Red
    turn(&mut g, "A", (2, 0), 1, None); // Blue: a monastery whose road runs west
    draw_and_place(&mut g, "FM-05", (1, 0), 0); // Red: road L–FM-05–A, complete
    g.play(Action::Fly {
        figure: Figure::Follower,
    })
    .unwrap();
    g.resolve(Outcome::Roll(1)).unwrap();
    assert_eq!(g.pending(), Pending::Landing { pos: pos(0, 0) });
    let mut legal = g.legal_actions();
    legal.sort();
    let mut expected = vec![
        land(&g, (0, 0), "C1"),
        land(&g, (0, 0), "R2"),
        land(&g, (0, 0), "R3"),
    ];
    expected.sort();
    assert_eq!(
        legal, expected,
        "not the east road, completed this turn part"
    );
    let completed = land(&g, (0, 0), "R1");
    let before = g.clone();
    let err = g.play(completed).unwrap_err();
    assert!(matches!(err, PlayError::IllegalFlight { .. }), "{err}");
    assert!(err.to_string().contains("incomplete"), "{err}");
    assert!(g == before, "the refused landing changed the game");
    g.play(land(&g, (0, 0), "R3")).unwrap();
    assert_eq!(g.figures().len(), 1);
    assert_eq!(g.figures()[0].pos, pos(0, 0));
    assert_eq!(g.figures()[0].feature, FeatureKind::Road);
}
