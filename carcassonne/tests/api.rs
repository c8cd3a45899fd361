//! The public API's contracts: clear errors for bad configs, draws, actions and records (each
//! leaving the game unchanged), the action notation, chance outcomes, clones, bots and the text
//! rendering.

mod common;

use carcassonne::render::board_text;
use carcassonne::{
    Action, Bot, BotKind, Config, ConfigError, DrawError, Event, FeatureKind, Figure, Game,
    Outcome, Pending, PlayError, Position, Record, RecordError, Rotation, TileId, TileSet,
};
use common::{scenario, tile, turn};

#[test]
fn bad_configs_are_refused_with_the_reason() {
    let mut c = Config::new(6);
    assert!(matches!(
        Game::new(c.clone(), 0),
        Err(ConfigError::PlayerCount { players: 6, .. })
    ));
    c.players = 0;
    assert!(matches!(
        Game::new(c.clone(), 0),
        Err(ConfigError::PlayerCount { .. })
    ));
    c = Config::new(3);
    c.names = vec!["a".into(), "b".into()];
    assert!(matches!(
        Game::new(c.clone(), 0),
        Err(ConfigError::NameCount {
            names: 2,
            players: 3
        })
    ));
    c = Config::new(2);
    c.first_player = 2;
    assert!(matches!(
        Game::new(c.clone(), 0),
        Err(ConfigError::FirstPlayer { .. })
    ));
    c = Config::new(2);
    c.sets.clear();
    let err = Game::new(c, 0).unwrap_err();
    assert!(err.to_string().contains("no tile set"), "{err}");
    // JSON configs name the unknown field.
    let err = serde_json::from_str::<Config>(r#"{"players": 2, "farmers": false}"#).unwrap_err();
    assert!(err.to_string().contains("farmers"), "{err}");
}

/// Every set but the other editions is a valid config of 16 sets; adding any other edition
/// puts two editions of one set in it, which the config refuses.
#[test]
fn every_set_once_leaves_out_the_other_editions() {
    let once: Vec<TileSet> = TileSet::ALL
        .into_iter()
        .filter(|s| !s.is_other_edition())
        .collect();
    assert_eq!(once.len(), 16);
    let mut config = Config::new(2);
    config.sets = once.clone();
    assert!(Game::new(config.clone(), 0).is_ok());
    for other in TileSet::ALL.into_iter().filter(|s| s.is_other_edition()) {
        config.sets = once.clone();
        config.sets.push(other);
        assert!(
            matches!(Game::new(config.clone(), 0), Err(ConfigError::Sets(_))),
            "{other} beside its first edition"
        );
    }
}

#[test]
fn draws_are_checked() {
    let mut auto = Game::new(Config::new(2), 1).unwrap();
    assert_eq!(auto.draw(tile("A")), Err(DrawError::NotExplicit));
    let mut g = scenario(&["a", "b"], Default::default(), &["U", "V"]);
    assert_eq!(g.draw(tile("C")), Err(DrawError::NotInStack(tile("C"))));
    g.draw(tile("U")).unwrap();
    assert!(matches!(
        g.draw(tile("V")),
        Err(DrawError::NotPending { .. })
    ));
    assert!(g.chance_outcomes().is_empty(), "no draw pending");
}

#[test]
fn chance_outcomes_follow_the_stack() {
    let g = scenario(&["a", "b"], Default::default(), &["U", "U", "V", "B"]);
    let outcomes = g.chance_outcomes();
    assert_eq!(
        outcomes,
        vec![
            (Outcome::Tile(tile("B")), 0.25),
            (Outcome::Tile(tile("U")), 0.5),
            (Outcome::Tile(tile("V")), 0.25)
        ]
    );
    // The full base stack: 71 tiles, D has 3 left (its 4th is the start tile).
    let mut config = Config::new(2);
    config.explicit_draws = true;
    let g = Game::new(config, 0).unwrap();
    assert_eq!(g.tiles_left(), 71);
    assert_eq!(g.tiles_left_of(tile("D")), 3);
    let p: f64 = g.chance_outcomes().iter().map(|o| o.1).sum();
    assert!((p - 1.0).abs() < 1e-12);
}

#[test]
fn wrong_actions_are_refused_and_change_nothing() {
    let mut g = scenario(&["a", "b"], Default::default(), &["U", "V"]);
    assert_eq!(g.play(Action::Pass), Err(PlayError::DrawPending));
    g.draw(tile("U")).unwrap();
    let before = g.clone();
    assert!(matches!(
        g.play(Action::Pass),
        Err(PlayError::WrongDecision { .. })
    ));
    let wrong_tile = Action::Place {
        tile: tile("V"),
        pos: Position::new(1, 0),
        rotation: Rotation::R0,
    };
    assert_eq!(
        g.play(wrong_tile),
        Err(PlayError::WrongTile {
            current: tile("U"),
            given: tile("V")
        })
    );
    let taken = Action::Place {
        tile: tile("U"),
        pos: Position::new(0, 0),
        rotation: Rotation::R0,
    };
    let err = g.play(taken).unwrap_err();
    assert!(err.to_string().contains("taken"), "{err}");
    let mismatched = Action::Place {
        tile: tile("U"),
        pos: Position::new(1, 0),
        rotation: Rotation::R90,
    };
    let err = g.play(mismatched).unwrap_err();
    assert!(err.to_string().contains("edges do not match"), "{err}");
    assert!(g == before);
    g.play(Action::Place {
        tile: tile("U"),
        pos: Position::new(1, 0),
        rotation: Rotation::R0,
    })
    .unwrap();
    g.play(Action::Pass).unwrap();
    turn(&mut g, "V", (2, 0), 1, None);
    assert!(g.is_over());
    assert_eq!(g.play(Action::Pass), Err(PlayError::GameOver));
    assert!(g.legal_actions().is_empty());
}

#[test]
fn farmers_can_be_switched_off() {
    let mut rules = carcassonne::Rules::default();
    rules.farmers = false;
    let mut g = scenario(&["a", "b"], rules, &["U"]);
    g.draw(tile("U")).unwrap();
    g.play(Action::Place {
        tile: tile("U"),
        pos: Position::new(1, 0),
        rotation: Rotation::R0,
    })
    .unwrap();
    let legal = g.legal_actions();
    assert!(legal.iter().all(|a| !matches!(
        a,
        Action::Deploy {
            feature: FeatureKind::Field,
            ..
        }
    )));
    assert_eq!(legal.len(), 2, "a thief or pass");
    let farmer = Action::Deploy {
        figure: Figure::Follower,
        pos: Position::new(1, 0),
        feature: FeatureKind::Field,
        location: "NL.NR.EL.WR".parse().unwrap(),
    };
    let err = g.play(farmer).unwrap_err();
    assert!(err.to_string().contains("farmers rule is off"), "{err}");
}

#[test]
fn actions_have_a_round_tripping_notation() {
    for text in [
        "place D 1,-2 R90",
        "deploy follower 0,1 field NL.NR.EL.WR",
        "deploy follower 3,3 monastery I",
        "pass",
    ] {
        let a: Action = text.parse().unwrap();
        assert_eq!(a.to_string(), text);
        let json = serde_json::to_string(&a).unwrap();
        assert_eq!(serde_json::from_str::<Action>(&json).unwrap(), a);
    }
    for bad in [
        "place Z 1,0 R0",
        "place D 1,0 R45",
        "deploy knight 0,0 city N",
        "jump",
        "place D",
    ] {
        let err = bad.parse::<Action>().unwrap_err();
        assert!(!err.reason.is_empty(), "{bad}");
    }
    assert_eq!("BA/RCr".parse::<TileId>().unwrap(), tile("D"));
}

#[test]
fn records_round_trip_and_bad_records_are_clear_errors() {
    let mut g = Game::new(Config::new(3), 9).unwrap();
    let mut bots = [
        Bot::new(BotKind::Random, 1),
        Bot::new(BotKind::Greedy, 2),
        Bot::new(BotKind::Random, 3),
    ];
    while !g.is_over() {
        let a = bots[g.current_player()].choose(&g).unwrap();
        g.play(a).unwrap();
    }
    let json = g.to_json();
    assert!(Game::from_json(&json).unwrap() == g);

    assert!(matches!(
        Game::from_json("{not json"),
        Err(RecordError::Json(_))
    ));
    let unknown_tile = json.replacen("\"U\"", "\"ZZ\"", 1);
    let err = Game::from_json(&unknown_tile).unwrap_err();
    assert!(err.to_string().contains("ZZ"), "{err}");
    let mut record = Record::from_json(&json).unwrap();
    record.actions[0] = "place U 40,40 R0".parse().unwrap();
    match record.replay() {
        Err(RecordError::IllegalAction { index: 0, .. }) => {}
        other => panic!("expected an illegal-action error, got {other:?}"),
    }
    let mut record = Record::from_json(&json).unwrap();
    record.draws[0] = Outcome::Tile(if record.draws[0] == Outcome::Tile(tile("A")) {
        tile("B")
    } else {
        tile("A")
    });
    assert!(matches!(
        record.replay(),
        Err(RecordError::DrawMismatch { index: 0, .. })
    ));
    let other_version = json.replacen("\"version\": 1", "\"version\": 99", 1);
    assert!(matches!(
        Game::from_json(&other_version),
        Err(RecordError::Format { version: 99, .. })
    ));
    let mut record = Record::from_json(&json).unwrap();
    record.actions.push(Action::Pass);
    assert!(matches!(
        record.replay(),
        Err(RecordError::TrailingMoves { actions: 1, .. })
    ));
}

#[test]
fn clones_are_independent() {
    let mut g = Game::new(Config::new(2), 5).unwrap();
    let copy = g.clone();
    let a = g.legal_actions()[0];
    g.play(a).unwrap();
    assert!(copy != g);
    assert_eq!(copy.actions().len(), 0);
    assert_eq!(copy.legal_actions()[0], a);
}

#[test]
fn same_config_seed_and_actions_give_the_same_game() {
    let play = |seed| {
        let mut g = Game::new(Config::new(4), seed).unwrap();
        let mut bot = Bot::new(BotKind::Random, 77);
        while let Some(a) = bot.choose(&g) {
            g.play(a).unwrap();
        }
        g
    };
    assert!(play(3) == play(3));
    assert!(play(3) != play(4));
}

#[test]
fn greedy_takes_the_best_immediate_score() {
    // Tile E can close the start tile's city: 4 points with a knight, so greedy does that.
    let mut g = scenario(&["a", "b"], Default::default(), &["E", "U"]);
    g.draw(tile("E")).unwrap();
    let mut bot = Bot::new(BotKind::Greedy, 0);
    let place = bot.choose(&g).unwrap();
    assert_eq!(
        place,
        Action::Place {
            tile: tile("E"),
            pos: Position::new(0, -1),
            rotation: Rotation::R180
        }
    );
    g.play(place).unwrap();
    let deploy = bot.choose(&g).unwrap();
    assert!(
        matches!(
            deploy,
            Action::Deploy {
                feature: FeatureKind::City,
                ..
            }
        ),
        "{deploy}"
    );
    let events = g.play(deploy).unwrap();
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::Scored(s) if s.points == 4)));
}

#[test]
fn events_come_in_the_documented_order() {
    let mut g = scenario(&["a", "b"], Default::default(), &["E", "U"]);
    g.draw(tile("E")).unwrap();
    let pos = Position::new(0, -1);
    g.play(Action::Place {
        tile: tile("E"),
        pos,
        rotation: Rotation::R180,
    })
    .unwrap();
    let events = g
        .play("deploy follower 0,-1 city S".parse().unwrap())
        .unwrap();
    let names: Vec<&str> = events
        .iter()
        .map(|e| match e {
            Event::FigureDeployed { .. } => "deployed",
            Event::Scored(_) => "scored",
            Event::FigureReturned { .. } => "returned",
            _ => "other",
        })
        .collect();
    assert_eq!(names, ["deployed", "scored", "returned"]);
    assert_eq!(g.pending(), Pending::Draw);
    assert_eq!(g.current_player(), 1);
}

#[test]
fn the_start_tile_renders_as_text() {
    let g = Game::new(Config::new(2), 0).unwrap();
    let text = board_text(&g);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[1..], [".###.", "-----", "....."]);
}

/// `play_games` plays each game on its own seed, so its rows are the same on a pool of one
/// thread and of two (with the `parallel` feature, as the workspace builds it), and each row is
/// the game played alone; a greedy bot makes the games differ from the random ones.
#[cfg(feature = "parallel")]
#[test]
fn play_games_rows_are_the_same_on_any_number_of_threads() {
    use carcassonne::bots::play_games;
    let config = Config::new(3);
    let bots = [BotKind::Random, BotKind::Greedy];
    let on = |threads| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a pool")
            .install(|| play_games(&config, 24, 7, &bots).expect("valid config"))
    };
    let one = on(1);
    assert_eq!(one.len(), 24);
    assert_eq!(one, on(2));
    for (i, row) in one.iter().enumerate() {
        let alone = play_games(&config, 1, 7 + i as u64, &bots).expect("valid config");
        assert_eq!(&alone[0], row, "game {i}");
        assert!(row.iter().any(|&s| s > 0), "game {i} scored nothing");
    }
    let random = play_games(&config, 24, 7, &[BotKind::Random]).expect("valid config");
    assert_ne!(one, random);
}
