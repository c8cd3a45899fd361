//! Import of JCloisterZone saved games (`.jcz`) and evaluation of their test assertions.
//!
//! A `.jcz` file is JSON: `setup` (sets, elements, rules, start tile), `players`, `replay` (the
//! messages `PLACE_TILE`, `DEPLOY_MEEPLE`, `PASS`, `COMMIT`), `gameAnnotations.drawOrder` (the
//! forced tile order) and `gameAnnotations.endTurn` (the game ends, with final scoring, after
//! that many draws), and `test.assertions`. JCloisterZone's geometry is ours, so positions,
//! rotations and locations carry over unchanged; its tile ids map through the catalogue's
//! `jcz_id`.
//!
//! The imported game uses explicit draws. Without `endTurn` the stack is the sets' tiles less
//! the start tile and the game goes on after the replay (the next draw is pending); with it the
//! stack is exactly the first `endTurn` tiles of the draw order, so the game ends and is scored
//! after them.

use std::path::Path;

use serde_json::Value;

use crate::action::Action;
use crate::config::{Config, SmallCityScoring, StartTile};
use crate::error::ImportError;
use crate::events::{Event, Score};
use crate::figure::Figure;
use crate::game::{Game, Pending};
use crate::geometry::{Location, Position, Rotation};
use crate::tile::{FeatureKind, TileId, TileSet};

/// A game imported from JCloisterZone, with its replay's score events and its assertions.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct JczGame {
    /// The game after the replay.
    pub game: Game,
    /// The file's `test.description`, if any.
    pub description: String,
    /// Every score event of the replay (and of the final scoring, if the game ended).
    pub scores: Vec<Score>,
    /// The file's `test.assertions`, in order.
    pub assertions: Vec<String>,
}

/// The verdict on one assertion of a `.jcz` file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AssertionResult {
    /// The assertion as written in the file.
    pub text: String,
    /// Whether it holds.
    pub ok: bool,
    /// What was found instead, when it does not hold (or why it could not be evaluated).
    pub detail: String,
}

impl JczGame {
    /// Reads and imports a `.jcz` file.
    ///
    /// # Errors
    /// [`ImportError`] if the file cannot be read or imported (see [`JczGame::parse`]).
    pub fn from_path(path: impl AsRef<Path>) -> Result<JczGame, ImportError> {
        let path = path.as_ref();
        let text = std::fs::read_to_string(path).map_err(|source| ImportError::Io {
            path: path.display().to_string(),
            source,
        })?;
        JczGame::parse(&text)
    }

    /// Imports a `.jcz` file's text.
    ///
    /// # Errors
    /// [`ImportError::Json`] for invalid JSON; [`ImportError::Format`] for a missing or mistyped
    /// field; [`ImportError::Unsupported`] for a set, element, rule or message this library
    /// does not implement; [`ImportError::UnknownTile`]; [`ImportError::Replay`] when a replay
    /// message is illegal in our engine (naming the message and why).
    pub fn parse(text: &str) -> Result<JczGame, ImportError> {
        let root: Value = serde_json::from_str(text)?;
        let setup = field(&root, "setup")?;
        let annotations = root.get("gameAnnotations").cloned().unwrap_or(Value::Null);
        let draw_order: Vec<TileId> = match annotations.get("drawOrder") {
            Some(v) => as_array(v, "gameAnnotations.drawOrder")?
                .iter()
                .map(|t| jcz_tile(as_str(t, "drawOrder entry")?))
                .collect::<Result<_, _>>()?,
            None => Vec::new(),
        };
        let end_turn = match annotations.get("endTurn") {
            Some(v) => Some(
                v.as_u64()
                    .ok_or_else(|| format_error("gameAnnotations.endTurn is not a number"))?
                    as usize,
            ),
            None => None,
        };

        let mut config = config_from_setup(setup, &root)?;
        config.explicit_draws = true;
        if let Some(end) = end_turn {
            if end > draw_order.len() {
                return Err(format_error(format!(
                    "endTurn {end} is beyond the draw order of {} tiles",
                    draw_order.len()
                )));
            }
            config.stack = Some(draw_order[..end].to_vec());
        }
        let mut game = Game::new(config, 0)?;

        let mut scores = Vec::new();
        let mut cursor = 0;
        let replay = match root.get("replay") {
            Some(v) => as_array(v, "replay")?.clone(),
            None => Vec::new(),
        };
        for (index, message) in replay.iter().enumerate() {
            let kind = message
                .get("type")
                .and_then(Value::as_str)
                .unwrap_or("?")
                .to_owned();
            let fail = |reason: String| ImportError::Replay {
                index,
                kind: kind.clone(),
                reason,
            };
            let payload = message.get("payload").cloned().unwrap_or(Value::Null);
            let events = match kind.as_str() {
                "PLACE_TILE" => {
                    let tile = jcz_tile(
                        payload
                            .get("tileId")
                            .and_then(Value::as_str)
                            .ok_or_else(|| fail("payload.tileId is missing".into()))?,
                    )?;
                    let rotation: Rotation = payload
                        .get("rotation")
                        .and_then(Value::as_str)
                        .ok_or_else(|| fail("payload.rotation is missing".into()))?
                        .parse()
                        .map_err(|e: crate::ParseError| fail(e.to_string()))?;
                    let pos = position(payload.get("position")).map_err(fail)?;
                    let mut events = Vec::new();
                    // Tiles of the draw order that the replay skips were discarded as
                    // unplaceable (JCloisterZone does that inside its engine).
                    while cursor < draw_order.len() && draw_order[cursor] != tile {
                        let skipped = draw_order[cursor];
                        events.extend(game.draw(skipped).map_err(|e| fail(e.to_string()))?);
                        if game.pending() != Pending::Draw {
                            return Err(fail(format!(
                                "the draw order has {skipped} before {tile}, but {skipped} is \
                                 placeable, so JCloisterZone cannot have discarded it"
                            )));
                        }
                        cursor += 1;
                    }
                    if cursor < draw_order.len() {
                        cursor += 1;
                    }
                    events.extend(game.draw(tile).map_err(|e| fail(e.to_string()))?);
                    let action = Action::Place {
                        tile,
                        pos,
                        rotation,
                    };
                    events.extend(game.play(action).map_err(|e| fail(e.to_string()))?);
                    events
                }
                "DEPLOY_MEEPLE" => {
                    let pointer = payload
                        .get("pointer")
                        .ok_or_else(|| fail("payload.pointer is missing".into()))?;
                    let pos = position(pointer.get("position")).map_err(fail)?;
                    let feature: FeatureKind = pointer
                        .get("feature")
                        .and_then(Value::as_str)
                        .ok_or_else(|| fail("pointer.feature is missing".into()))?
                        .parse()
                        .map_err(|e: crate::ParseError| fail(e.to_string()))?;
                    let location: Location = pointer
                        .get("location")
                        .and_then(Value::as_str)
                        .ok_or_else(|| fail("pointer.location is missing".into()))?
                        .parse()
                        .map_err(|e: crate::ParseError| fail(e.to_string()))?;
                    // JCloisterZone calls a shrine a monastery.
                    let shrine = game.elements().shrines
                        && game
                            .board()
                            .tile_at(pos)
                            .is_some_and(|t| t.tile.kind().building == Some(FeatureKind::Shrine));
                    let feature = if feature == FeatureKind::Monastery && shrine {
                        FeatureKind::Shrine
                    } else {
                        feature
                    };
                    let meeple = payload
                        .get("meepleId")
                        .and_then(Value::as_str)
                        .ok_or_else(|| fail("payload.meepleId is missing".into()))?;
                    let figure = meeple_figure(meeple).map_err(fail)?;
                    let action = Action::Deploy {
                        figure,
                        pos,
                        feature,
                        location,
                    };
                    game.play(action).map_err(|e| fail(e.to_string()))?
                }
                "PASS" => match game.pending() {
                    Pending::Deploy { .. } => {
                        game.play(Action::Pass).map_err(|e| fail(e.to_string()))?
                    }
                    // Our engine already skipped a deployment step with nothing to deploy.
                    _ => Vec::new(),
                },
                "COMMIT" => Vec::new(),
                other => {
                    return Err(ImportError::Unsupported(format!(
                        "replay message #{index} of type {other}"
                    )))
                }
            };
            scores.extend(events.iter().filter_map(Event::score).cloned());
        }

        let test = root.get("test");
        let description = test
            .and_then(|t| t.get("description"))
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned();
        let assertions = match test.and_then(|t| t.get("assertions")) {
            Some(v) => as_array(v, "test.assertions")?
                .iter()
                .map(|a| as_str(a, "assertion").map(str::to_owned))
                .collect::<Result<_, _>>()?,
            None => Vec::new(),
        };
        Ok(JczGame {
            game,
            description,
            scores,
            assertions,
        })
    }

    /// Evaluates every assertion: `<Player> has N points`, `<Player> scored <kind> for N points`
    /// (some score event of that kind gave that player N points), `Player can pass` /
    /// `Player can't pass` (whether the pending optional step may be skipped). An assertion in
    /// another form is reported as failed, with the reason.
    pub fn check(&self) -> Vec<AssertionResult> {
        self.assertions.iter().map(|a| self.check_one(a)).collect()
    }

    fn seat(&self, name: &str) -> Option<usize> {
        (0..self.game.players()).find(|&p| self.game.config().player_name(p) == name)
    }

    fn check_one(&self, text: &str) -> AssertionResult {
        let result = |ok: bool, detail: String| AssertionResult {
            text: text.to_owned(),
            ok,
            detail: if ok { String::new() } else { detail },
        };
        let t = text.trim();
        let can_pass = self.game.can_pass();
        if t == "Player can pass" || t == "Player can't pass" {
            let expected = t == "Player can pass";
            return result(can_pass == expected, format!("can_pass is {can_pass}"));
        }
        if let Some(rest) = t
            .strip_suffix(" points")
            .or_else(|| t.strip_suffix(" point"))
        {
            if let Some((name, n)) = rest.rsplit_once(" has ") {
                let (Some(p), Ok(n)) = (self.seat(name), n.trim().parse::<u32>()) else {
                    return result(false, format!("no player {name:?} or bad number"));
                };
                let score = self.game.score(p);
                return result(score == n, format!("{name} has {score} points"));
            }
            if let Some((head, n)) = rest.rsplit_once(" for ") {
                if let (Some((name, kind)), Ok(n)) =
                    (head.rsplit_once(" scored "), n.trim().parse::<u32>())
                {
                    let Some(p) = self.seat(name) else {
                        return result(false, format!("no player {name:?}"));
                    };
                    let found: Vec<u32> = self
                        .scores
                        .iter()
                        .filter(|s| s.player == p && s.kind_name() == kind)
                        .map(|s| s.points)
                        .collect();
                    return result(
                        found.contains(&n),
                        format!("{name}'s {kind} scores were {found:?}"),
                    );
                }
            }
        }
        result(false, "unrecognised assertion".into())
    }
}

fn format_error(why: impl Into<String>) -> ImportError {
    ImportError::Format(why.into())
}

fn field<'a>(v: &'a Value, name: &str) -> Result<&'a Value, ImportError> {
    v.get(name)
        .ok_or_else(|| format_error(format!("missing field {name}")))
}

fn as_array<'a>(v: &'a Value, what: &str) -> Result<&'a Vec<Value>, ImportError> {
    v.as_array()
        .ok_or_else(|| format_error(format!("{what} is not an array")))
}

fn as_str<'a>(v: &'a Value, what: &str) -> Result<&'a str, ImportError> {
    v.as_str()
        .ok_or_else(|| format_error(format!("{what} is not a string")))
}

fn jcz_tile(id: &str) -> Result<TileId, ImportError> {
    TileId::from_jcz(id).ok_or_else(|| ImportError::UnknownTile(id.to_owned()))
}

fn position(v: Option<&Value>) -> Result<Position, String> {
    let xy = v
        .and_then(Value::as_array)
        .ok_or("position is missing or not [x, y]")?;
    let coord = |i: usize| {
        xy.get(i)
            .and_then(Value::as_i64)
            .and_then(|c| i32::try_from(c).ok())
            .ok_or("position is not [x, y] with integers")
    };
    Ok(Position::new(coord(0)?, coord(1)?))
}

/// The figure of a JCloisterZone meeple id `<player>.<type>.<n>` (types `small`, `big`,
/// `builder`, `pig`, as [`Figure`]'s parser reads them).
fn meeple_figure(id: &str) -> Result<Figure, String> {
    let kind = id
        .split('.')
        .nth(1)
        .ok_or_else(|| format!("bad meeple id {id:?}"))?;
    kind.parse()
        .map_err(|_| format!("figure type {kind:?} (meeple {id}) is not supported"))
}

/// Our config for a `.jcz` setup: sets, elements, rules, start tile, players.
fn config_from_setup(setup: &Value, root: &Value) -> Result<Config, ImportError> {
    let mut players: Vec<(i64, String)> = as_array(field(root, "players")?, "players")?
        .iter()
        .map(|p| {
            let name = p
                .get("name")
                .and_then(Value::as_str)
                .unwrap_or("?")
                .to_owned();
            let slot = p.get("slot").and_then(Value::as_i64).unwrap_or(0);
            (slot, name)
        })
        .collect();
    players.sort_by_key(|(slot, _)| *slot);
    let mut config = Config::new(players.len());
    config.names = players.into_iter().map(|(_, n)| n).collect();

    let sets = field(setup, "sets")?
        .as_object()
        .ok_or_else(|| format_error("setup.sets is not an object"))?;
    config.sets.clear();
    for key in sets.keys() {
        let set = match key.split(':').next().unwrap_or_default() {
            "basic" => TileSet::Base,
            "inns-and-cathedrals" => TileSet::InnsAndCathedrals,
            "traders-and-builders" => TileSet::TradersAndBuilders,
            "river/1" | "river/2" => {
                // JCloisterZone's readings: the base start tile shuffled into the main stack
                // (OPT-3), the look-ahead (OPT-4), the fork placed first (D-R2-1).
                config.rules.river_base_start_tile =
                    crate::config::RiverBaseStartTile::ShuffleIntoMainStack;
                config.rules.river_turns = crate::config::RiverTurnRule::JczLookahead;
                config.rules.river2_fork_first = true;
                if key.starts_with("river/2") {
                    TileSet::River2
                } else {
                    TileSet::River
                }
            }
            "king-and-robber" => TileSet::KingAndRobber,
            "cult/5" => TileSet::Cult,
            "cult/6" => TileSet::Cult6,
            "count" => TileSet::Count,
            _ => return Err(ImportError::Unsupported(format!("tile set {key}"))),
        };
        if !config.sets.contains(&set) {
            config.sets.push(set);
        }
    }

    // An element is on when its key is present; numeric elements give figure counts. Every
    // expansion element is set explicitly, so that only the file's elements are in play.
    let elements = setup.get("elements").and_then(Value::as_object);
    config.rules.farmers = elements.is_some_and(|e| e.contains_key("farmers"));
    let count = |key: &str, value: &Value| {
        value
            .as_u64()
            .and_then(|n| u8::try_from(n).ok())
            .or_else(|| value.as_bool().map(u8::from))
            .ok_or_else(|| format_error(format!("elements.{key} is not a count")))
    };
    let e = &mut config.elements;
    (e.large_followers, e.builders, e.pigs) = (Some(0), Some(0), Some(0));
    (e.inns, e.cathedrals, e.goods) = (Some(false), Some(false), Some(false));
    (e.king, e.robber_baron, e.count) = (Some(false), Some(false), Some(false));
    (e.pig_herd, e.shrines) = (Some(false), Some(false));
    for (key, value) in elements.into_iter().flatten() {
        match key.as_str() {
            "farmers" => {}
            "small-follower" => config.followers = count(key, value)?,
            "big-follower" => config.elements.large_followers = Some(count(key, value)?),
            "builder" => config.elements.builders = Some(count(key, value)?),
            "pig" => config.elements.pigs = Some(count(key, value)?),
            "inn" => config.elements.inns = Some(true),
            "cathedral" => config.elements.cathedrals = Some(true),
            "traders" => config.elements.goods = Some(true),
            "king" => config.elements.king = Some(true),
            "robber" => config.elements.robber_baron = Some(true),
            "shrine" => config.elements.shrines = Some(true),
            "pig-herd" => config.elements.pig_herd = Some(true),
            "count" => config.elements.count = Some(true),
            // `river` comes with any river set.
            "river" => {}
            other => return Err(ImportError::Unsupported(format!("element {other}"))),
        }
    }

    for (key, value) in setup
        .get("rules")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
    {
        match (key.as_str(), value.as_str()) {
            ("tiny-city-scoring", Some("2")) => {
                config.rules.small_city = SmallCityScoring::Legacy2;
            }
            ("tiny-city-scoring", Some("4")) => {
                config.rules.small_city = SmallCityScoring::Standard;
            }
            ("king-and-robber-scoring", Some(variant)) => {
                use crate::config::KingRobberScoring::*;
                config.rules.king_robber_scoring = match variant {
                    "default" => PerCompletedFeature,
                    "10/20" => TenPerToken,
                    "15/40" => FifteenForty,
                    "continuously" => Continuously,
                    _ => return Err(ImportError::Unsupported(format!("rule {key} = {variant}"))),
                };
            }
            _ => return Err(ImportError::Unsupported(format!("rule {key} = {value}"))),
        }
    }

    // With the Count the start pieces are the City of Carcassonne, laid where JCloisterZone
    // lays them.
    let count = config.sets.contains(&TileSet::Count);
    if let Some(start) = setup
        .get("start")
        .and_then(Value::as_array)
        .and_then(|s| s.first())
        .filter(|_| !count)
    {
        let tile = jcz_tile(as_str(field(start, "tile")?, "start.tile")?)?;
        let (x, y) = (
            start.get("x").and_then(Value::as_i64),
            start.get("y").and_then(Value::as_i64),
        );
        if (x.unwrap_or(0), y.unwrap_or(0)) != (0, 0) {
            return Err(ImportError::Unsupported(
                "a start tile away from (0, 0)".into(),
            ));
        }
        let degrees = start.get("rotation").and_then(Value::as_u64).unwrap_or(0);
        let rotation = u32::try_from(degrees)
            .ok()
            .and_then(Rotation::from_degrees)
            .ok_or_else(|| format_error(format!("start rotation {degrees}")))?;
        config.start = Some(StartTile { tile, rotation });
    }
    Ok(config)
}
