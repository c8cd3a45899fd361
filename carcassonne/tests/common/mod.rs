//! Shared helpers for the integration tests: a scenario harness in the spec's notation
//! (`spec/base.md` §4) and the location of `../shared`.
#![allow(dead_code)]

use std::path::PathBuf;

use carcassonne::{
    Action, Config, Event, FeatureKind, FeatureScore, FieldScore, Figure, Game, Pending, Position,
    Reason, Rotation, Rules, Score, StartTile, TileId, TileSet,
};

/// The shared folder (`../shared` beside the repository, or `$CARCASSONNE_SHARED`). Panics —
/// failing the test loudly — when it is missing: these tests never skip.
pub mod oracle;

pub fn shared() -> PathBuf {
    let dir = std::env::var_os("CARCASSONNE_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared"));
    assert!(
        dir.join("jcz").is_dir(),
        "the shared folder is missing at {} (set CARCASSONNE_SHARED to its path); \
         this test needs it and does not skip",
        dir.display()
    );
    dir
}

pub fn tile(id: &str) -> TileId {
    id.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// A scenario game: `names` in turn order, explicit draws from exactly `tiles`.
pub fn scenario(names: &[&str], rules: Rules, tiles: &[&str]) -> Game {
    scenario_from(names, rules, None, tiles)
}

pub fn scenario_from(names: &[&str], rules: Rules, start: Option<&str>, tiles: &[&str]) -> Game {
    scenario_with(names, rules, start, tiles, &[])
}

/// A scenario game with extra tile sets (their elements on).
pub fn scenario_sets(names: &[&str], sets: &[TileSet], tiles: &[&str]) -> Game {
    scenario_with(names, Rules::default(), None, tiles, sets)
}

pub fn scenario_with(
    names: &[&str],
    rules: Rules,
    start: Option<&str>,
    tiles: &[&str],
    sets: &[TileSet],
) -> Game {
    let mut config = Config::new(names.len());
    config.sets.extend_from_slice(sets);
    config.names = names.iter().map(|s| s.to_string()).collect();
    config.rules = rules;
    config.explicit_draws = true;
    config.stack = Some(tiles.iter().map(|t| tile(t)).collect());
    config.start = start.map(|t| StartTile {
        tile: tile(t),
        rotation: Rotation::R0,
    });
    Game::new(config, 0).unwrap()
}

/// One turn in the spec's notation: draw `id`, place it at `(x, y)` with `r` quarter turns,
/// deploy a follower on the segment named `deploy` (e.g. `"R1"`) or pass. Returns the score
/// events of the turn.
pub fn turn(
    game: &mut Game,
    id: &str,
    (x, y): (i32, i32),
    r: u8,
    deploy: Option<&str>,
) -> Vec<Score> {
    turn_with(game, id, (x, y), r, deploy.map(|d| (Figure::Follower, d)))
}

/// One turn part deploying `figure` on the segment named by the second field, or passing.
pub fn turn_with(
    game: &mut Game,
    id: &str,
    (x, y): (i32, i32),
    r: u8,
    deploy: Option<(Figure, &str)>,
) -> Vec<Score> {
    scores(&turn_events(game, id, (x, y), r, deploy))
}

/// [`turn_with`], returning every event of the turn part.
pub fn turn_events(
    game: &mut Game,
    id: &str,
    at: (i32, i32),
    r: u8,
    deploy: Option<(Figure, &str)>,
) -> Vec<Event> {
    let mut events = draw_and_place(game, id, at, r);
    events.extend(deploy_or_pass(game, id, at, r, deploy));
    events
}

/// Draws `id` and lays it at `(x, y)` turned `r` quarter turns (a panic if either is
/// refused); returns the events.
pub fn draw_and_place(game: &mut Game, id: &str, (x, y): (i32, i32), r: u8) -> Vec<Event> {
    let mut events = game
        .draw(tile(id))
        .unwrap_or_else(|e| panic!("draw {id}: {e}"));
    let place = Action::Place {
        tile: tile(id),
        pos: Position::new(x, y),
        rotation: Rotation::from_quarter_turns(r),
    };
    events.extend(game.play(place).unwrap_or_else(|e| panic!("{place}: {e}")));
    events
}

/// Deploys `figure` on the segment named by the second field of the tile `id` just laid at
/// `(x, y)` turned `r`, or passes when a deployment is pending; returns the events.
pub fn deploy_or_pass(
    game: &mut Game,
    id: &str,
    (x, y): (i32, i32),
    r: u8,
    deploy: Option<(Figure, &str)>,
) -> Vec<Event> {
    let rotation = Rotation::from_quarter_turns(r);
    let pos = Position::new(x, y);
    let mut events = Vec::new();
    match deploy {
        Some((figure, name)) => {
            let kind = tile(id).kind();
            let seg = kind
                .segments
                .iter()
                .find(|s| s.name == name)
                .expect("segment name");
            let action = Action::Deploy {
                figure,
                pos,
                feature: seg.kind,
                location: seg.location(rotation),
            };
            events.extend(
                game.play(action)
                    .unwrap_or_else(|e| panic!("{action}: {e}")),
            );
        }
        None => {
            if matches!(game.pending(), Pending::Deploy { .. }) {
                events.extend(game.play(Action::Pass).unwrap());
            }
        }
    }
    events
}

pub fn scores(events: &[Event]) -> Vec<Score> {
    events.iter().filter_map(Event::score).cloned().collect()
}

/// `(player, points, kind)` of the feature and field scores among `scores`, for compact
/// assertions; panics on a score of another kind (goods, tokens).
pub fn summary(scores: &[Score]) -> Vec<(usize, u32, FeatureKind)> {
    scores
        .iter()
        .map(|s| {
            let kind = s
                .feature()
                .unwrap_or_else(|| panic!("{s} is not a feature or field score"));
            (s.player, s.points, kind)
        })
        .collect()
}

/// The facts of a feature score (road, city, monastery, shrine); panics on another kind.
pub fn feature_score(s: &Score) -> &FeatureScore {
    match &s.reason {
        Reason::Feature(f) => f,
        _ => panic!("{s} is not a feature score"),
    }
}

/// The facts of a field score; panics on another kind.
pub fn field_score(s: &Score) -> &FieldScore {
    match &s.reason {
        Reason::Field(f) => f,
        _ => panic!("{s} is not a field score"),
    }
}
