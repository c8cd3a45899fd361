//! The limits on untrusted input (`carcassonne::limits`, issue 17): each input one step over
//! its limit is refused with an error naming the limit, before it costs more than its own
//! size; the text board of a wide board stays linear in its tiles; errors quote bad input
//! briefly; a record with moves left over on an unfinished game says so.

mod common;

use carcassonne::limits::{
    MAX_DRAW_ORDER, MAX_JCZ_BYTES, MAX_JCZ_MESSAGE_BYTES, MAX_JCZ_SECTION_BYTES, MAX_NAME_BYTES,
    MAX_QUOTED_BYTES, MAX_RECORD_BYTES, MAX_STACK_TILES,
};
use carcassonne::{
    Action, Config, ConfigError, Game, ImportError, JczGame, Record, RecordError, Rotation,
};

/// A real saved game of the shared JCloisterZone corpus (the basic city-and-road one).
fn saved_game() -> String {
    let path = common::shared().join("jcz/engine-tests/basic/city-and-road-scoring.jcz");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Asserts `result` is an `ImportError::TooLarge` naming `name`.
fn refused_naming<T>(result: Result<T, ImportError>, name: &str) {
    match result {
        Err(e @ ImportError::TooLarge { .. }) => {
            assert!(e.to_string().contains(name), "{e}");
            assert!(e.to_string().len() < 300, "a short message: {e}");
        }
        Err(e) => panic!("expected TooLarge naming {name}, got {e}"),
        Ok(_) => panic!("expected TooLarge naming {name}, got an import"),
    }
}

#[test]
fn the_saved_game_imports() {
    // The inputs below are this game grown over one limit each: it must import as it is.
    JczGame::parse(&saved_game()).expect("the shared game imports");
}

#[test]
fn a_jcz_text_over_max_jcz_bytes_is_refused() {
    let mut text = saved_game();
    let padding = MAX_JCZ_BYTES + 1 - text.len();
    text.push_str(&" ".repeat(padding));
    assert_eq!(text.len(), MAX_JCZ_BYTES + 1);
    refused_naming(JczGame::parse(&text), "MAX_JCZ_BYTES");
    // At the limit exactly it imports (trailing spaces are JSON whitespace).
    text.pop();
    JczGame::parse(&text).expect("at the limit");
}

#[test]
fn a_file_read_by_path_is_read_no_further_than_the_limit() {
    refused_naming(JczGame::from_path("/dev/zero"), "MAX_JCZ_BYTES");
}

#[test]
fn a_section_over_max_jcz_section_bytes_is_refused() {
    let text = saved_game();
    // An unknown field in the setup section, long enough to pass the section's limit.
    let at = text.find("\"setup\"").expect("a setup section");
    let open = at + text[at..].find('{').expect("an object") + 1;
    let filler = format!("\"pad\":\"{}\",", "x".repeat(MAX_JCZ_SECTION_BYTES));
    let big = format!("{}{}{}", &text[..open], filler, &text[open..]);
    refused_naming(JczGame::parse(&big), "MAX_JCZ_SECTION_BYTES");
}

#[test]
fn a_replay_message_over_max_jcz_message_bytes_is_refused() {
    let text = saved_game();
    let at = text.find("\"replay\"").expect("a replay");
    let first = at + text[at..].find("{").expect("a first message") + 1;
    let filler = format!("\"pad\":\"{}\",", "x".repeat(MAX_JCZ_MESSAGE_BYTES));
    let big = format!("{}{}{}", &text[..first], filler, &text[first..]);
    refused_naming(JczGame::parse(&big), "MAX_JCZ_MESSAGE_BYTES");
}

#[test]
fn a_draw_order_over_max_draw_order_is_refused() {
    let text = saved_game();
    let at = text.find("\"drawOrder\"").expect("a draw order");
    let open = at + text[at..].find('[').expect("an array") + 1;
    let close = open + text[open..].find(']').expect("its end");
    let tiles = vec!["\"BA/C\""; MAX_DRAW_ORDER + 1].join(",");
    let big = format!("{}{}{}", &text[..open], tiles, &text[close..]);
    assert!(
        big.len() < MAX_JCZ_SECTION_BYTES,
        "only the count is over its limit"
    );
    refused_naming(JczGame::parse(&big), "MAX_DRAW_ORDER");
}

#[test]
fn a_record_over_max_record_bytes_is_refused_before_it_is_parsed() {
    let game = Game::new(Config::new(2), 1).unwrap();
    let mut json = game.to_json();
    json.push_str(&" ".repeat(MAX_RECORD_BYTES + 1 - json.len()));
    match Record::from_json(&json) {
        Err(e @ RecordError::TooLarge { .. }) => {
            assert!(e.to_string().contains("MAX_RECORD_BYTES"), "{e}")
        }
        other => panic!("expected TooLarge, got {other:?}"),
    }
    assert!(matches!(
        Game::from_json(&json),
        Err(RecordError::TooLarge { .. })
    ));
}

#[test]
fn a_stack_over_max_stack_tiles_is_refused() {
    let tile = common::tile("U");
    let mut config = Config::new(2);
    config.stack = Some(vec![tile; MAX_STACK_TILES + 1]);
    match Game::new(config.clone(), 1) {
        Err(e @ ConfigError::Tiles(_)) => {
            assert!(e.to_string().contains("MAX_STACK_TILES"), "{e}")
        }
        other => panic!("expected a stack refused, got {:?}", other.err()),
    }
    config.stack = Some(vec![tile; MAX_STACK_TILES]);
    Game::new(config, 1).expect("at the limit");
}

#[test]
fn names_over_max_name_bytes_or_with_nul_are_refused() {
    let mut config = Config::new(2);
    config.names = vec!["a".repeat(MAX_NAME_BYTES + 1), "Blue".into()];
    let err = Game::new(config.clone(), 1).unwrap_err();
    assert!(err.to_string().contains("MAX_NAME_BYTES"), "{err}");
    assert!(
        err.to_string().len() < 400,
        "the name is not repeated whole: {err}"
    );
    config.names = vec!["Re\0d".into(), "Blue".into()];
    assert!(Game::new(config.clone(), 1).is_err(), "a NUL");
    config.names = vec!["a".repeat(MAX_NAME_BYTES), "Blue".into()];
    Game::new(config, 1).expect("at the limit");
}

#[test]
fn errors_quote_bad_input_briefly() {
    let id = "Z".repeat(10 << 20);
    let err = format!("place {id} 0,0 R0").parse::<Action>().unwrap_err();
    let text = err.to_string();
    assert!(
        text.len() < 2 * MAX_QUOTED_BYTES + 400,
        "{} bytes",
        text.len()
    );
    assert!(
        text.contains(&(10 << 20).to_string()),
        "the input's length: {text}"
    );
}

/// A record whose game is unfinished and with actions left that do not fit says which
/// decision is pending, not that the game ended (issue 17, defect 5).
#[test]
fn leftover_moves_on_an_unfinished_game_say_what_is_pending() {
    let mut config = Config::new(2);
    config.explicit_draws = true;
    let mut game = Game::new(config, 3).unwrap();
    let (outcome, _) = game.chance_outcomes()[0];
    game.resolve(outcome).unwrap();
    let mut record = game.to_record();
    // A second draw recorded while the placement is pending.
    record.draws.push(outcome);
    match record.replay() {
        Err(e @ RecordError::UnusedMoves { .. }) => {
            let text = e.to_string();
            assert!(text.contains("place"), "names the pending decision: {text}");
            assert!(text.contains("has not ended"), "{text}");
        }
        other => panic!("expected UnusedMoves, got {:?}", other.err()),
    }
}

/// `board_text` is linear in the tiles: a staircase of tiles (each placement the furthest
/// south-east) spans a board whose bounding box grows with the square of its tiles; its text
/// stays within a fixed number of bytes per tile.
#[test]
fn the_text_board_of_a_staircase_is_linear_in_its_tiles() {
    let tiles = 600;
    let base = Config::new(2).stack_tiles();
    let mut config = Config::new(2);
    config.stack = Some(base.iter().copied().cycle().take(tiles).collect());
    config.explicit_draws = true;
    let mut stack = config.stack.clone().unwrap();
    let mut game = Game::new(config, 1).unwrap();
    let mut legal = Vec::new();
    while !game.is_over() {
        if game.pending().is_chance() {
            let outcomes = game.chance_outcomes();
            let tile = stack
                .pop()
                .filter(|t| outcomes.iter().any(|(o, _)| o.tile() == Some(*t)));
            let outcome = tile.map_or(outcomes[0].0, carcassonne::Outcome::Tile);
            game.resolve(outcome).unwrap();
            continue;
        }
        game.legal_actions_into(&mut legal);
        let best = legal
            .iter()
            .copied()
            .max_by_key(|a| match a {
                Action::Place { pos, rotation, .. } => {
                    (i64::from(pos.x) + i64::from(pos.y)) * 4 + i64::from(*rotation == Rotation::R0)
                }
                Action::Pass => i64::MIN + 1,
                _ => i64::MIN,
            })
            .unwrap();
        game.play_quiet(best).unwrap();
    }
    let (min, max) = game.board().bounds();
    let area = i64::from(max.x - min.x + 1) * i64::from(max.y - min.y + 1);
    let laid = game.board().len();
    assert!(
        area > 40 * laid as i64,
        "a wide board: {area} positions for {laid} tiles"
    );
    let text = carcassonne::render::board_text(&game);
    assert!(
        text.len() < 200 * laid,
        "{} bytes for {laid} tiles",
        text.len()
    );
}
