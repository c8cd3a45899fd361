//! The `setup` and `players` of a `.jcz`, both ways: read into a [`Config`] (with the client's
//! defaults and implied elements, `../shared/jcz/refereed/README.md` points 1–4), and written
//! from a game's config as JCloisterZone's client fills them in.

use serde_json::{json, Map, Value};

use crate::config::{Config, KingRobberScoring, Rules, StartTile};
use crate::error::{ExportError, ImportError};
use crate::figure::Figure;
use crate::geometry::Rotation;
use crate::tile::{TileId, TileSet};

use super::names;

/// Our config for a `.jcz`'s `setup` and `players`: sets, elements, rules (starting from
/// [`Rules::jcloisterzone`]), start tile, players in seat order (the order of `players`).
pub(crate) fn config_from_setup(root: &Value) -> Result<Config, ImportError> {
    let setup = field(root, "setup")?;
    let players = as_array(field(root, "players")?, "players")?;
    let names: Vec<String> = players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            p.get("name")
                .and_then(Value::as_str)
                .map(str::to_owned)
                .ok_or_else(|| {
                    format_error(format!("players[{i}].name is missing or not a string"))
                })
        })
        .collect::<Result<_, _>>()?;
    let mut config = Config::new(names.len());
    config.names = names;
    config.rules = Rules::jcloisterzone();

    let sets = field(setup, "sets")?
        .as_object()
        .ok_or_else(|| format_error("setup.sets is not an object"))?;
    config.sets.clear();
    for key in sets.keys() {
        let set = names::set_from_id(key)
            .ok_or_else(|| ImportError::Unsupported(format!("tile set {key}")))?;
        if !config.sets.contains(&set) {
            config.sets.push(set);
        }
    }

    // An element is on when its key is present; numeric elements give figure counts. Every
    // expansion element is set explicitly, so that only the file's elements are in play.
    let elements = match setup.get("elements") {
        None | Some(Value::Null) => Map::new(),
        Some(v) => v
            .as_object()
            .cloned()
            .ok_or_else(|| format_error("setup.elements is not an object"))?,
    };
    config.rules.farmers = elements.contains_key("farmers");
    let count = |key: &str, value: &Value| {
        value
            .as_u64()
            .and_then(|n| u8::try_from(n).ok())
            .or_else(|| value.as_bool().map(u8::from))
            .ok_or_else(|| format_error(format!("setup.elements.{key} is not a count")))
    };
    let e = &mut config.elements;
    (e.large_followers, e.builders, e.pigs) = (Some(0), Some(0), Some(0));
    (e.inns, e.cathedrals, e.goods) = (Some(false), Some(false), Some(false));
    (e.king, e.robber_baron, e.count) = (Some(false), Some(false), Some(false));
    (e.pig_herd, e.shrines) = (Some(false), Some(false));
    (e.big_top, e.acrobats, e.ringmasters) = (Some(false), Some(false), Some(0));
    // The client enforces `flier` with any flier set.
    let flier_set = config.sets.contains(&TileSet::FlyingMachines)
        || config.sets.contains(&TileSet::FlyingMachines1);
    (e.flier, e.gold, e.mage_witch) = (Some(flier_set), Some(false), Some(false));
    e.ferries = Some(false);
    // The client enforces `corn-circle` with any crop-circle set.
    e.crop_circles = Some(crop_circle_set(&config.sets));
    let (mut mage, mut witch) = (false, false);
    for (key, value) in &elements {
        let figure = Figure::ALL
            .into_iter()
            .find(|&f| names::figure_element(f) == key);
        if let Some(figure) = figure {
            let n = count(key, value)?;
            match figure {
                Figure::Follower => config.followers = n,
                Figure::LargeFollower => config.elements.large_followers = Some(n),
                Figure::Builder => config.elements.builders = Some(n),
                Figure::Pig => config.elements.pigs = Some(n),
                Figure::Ringmaster => config.elements.ringmasters = Some(n),
            }
            continue;
        }
        let e = &mut config.elements;
        match key.as_str() {
            "farmers" => {}
            "inn" => e.inns = Some(true),
            "cathedral" => e.cathedrals = Some(true),
            "traders" => e.goods = Some(true),
            "pig-herd" => e.pig_herd = Some(true),
            "king" => e.king = Some(true),
            "robber" => e.robber_baron = Some(true),
            "shrine" => e.shrines = Some(true),
            "count" => e.count = Some(true),
            "big-top" => e.big_top = Some(count(key, value)? > 0),
            "acrobats" => e.acrobats = Some(true),
            "flier" => e.flier = Some(true),
            "gold" => e.gold = Some(true),
            "ferry" => e.ferries = Some(count(key, value)? > 0),
            names::CROP_CIRCLE_ELEMENT => e.crop_circles = Some(true),
            "mage" => mage = count(key, value)? > 0,
            "witch" => witch = count(key, value)? > 0,
            // The client enforces `river` with any river set.
            "river" => {}
            other => return Err(ImportError::Unsupported(format!("element {other}"))),
        }
    }
    // JCloisterZone's two elements are one here: both figures, or neither.
    match (mage, witch) {
        (true, true) => config.elements.mage_witch = Some(true),
        (false, false) => {}
        (true, false) => {
            return Err(ImportError::Unsupported(
                "element mage without witch".into(),
            ))
        }
        (false, true) => {
            return Err(ImportError::Unsupported(
                "element witch without mage".into(),
            ))
        }
    }

    let rules = match setup.get("rules") {
        None | Some(Value::Null) => Map::new(),
        Some(v) => v
            .as_object()
            .cloned()
            .ok_or_else(|| format_error("setup.rules is not an object"))?,
    };
    for (key, value) in &rules {
        let text = value
            .as_str()
            .ok_or_else(|| format_error(format!("setup.rules.{key} is not a string")))?;
        let unsupported = || ImportError::Unsupported(format!("rule {key} = {text:?}"));
        let r = &mut config.rules;
        match key.as_str() {
            "tiny-city-scoring" => {
                r.small_city =
                    names::from_value(&names::SMALL_CITY, names::tiny_city_scoring, text)
                        .ok_or_else(unsupported)?;
            }
            "king-and-robber-scoring" => {
                r.king_robber_scoring =
                    names::from_value(&names::KING_ROBBER, names::king_and_robber_scoring, text)
                        .ok_or_else(unsupported)?;
            }
            "inn-and-cathedral-final-scoring" => {
                r.unfinished_inns_cathedrals = names::from_value(
                    &names::INNS_CATHEDRALS,
                    names::inn_and_cathedral_final_scoring,
                    text,
                )
                .ok_or_else(unsupported)?;
            }
            "count-move" => {
                r.count_move = names::from_value(&names::COUNT_MOVES, names::count_move, text)
                    .ok_or_else(unsupported)?;
            }
            "coc-final-scoring" => {
                r.count_final_scoring =
                    names::from_value(&names::COUNT_FINALS, names::coc_final_scoring, text)
                        .ok_or_else(unsupported)?;
            }
            _ => return Err(unsupported()),
        }
    }

    // With the Count the start pieces are the City of Carcassonne, laid where JCloisterZone
    // lays them; otherwise one start tile at (0, 0).
    let start = match setup.get("start") {
        None | Some(Value::Null) => Vec::new(),
        Some(v) => as_array(v, "setup.start")?.clone(),
    };
    let mut starts = Vec::new();
    for (i, s) in start.iter().enumerate() {
        let what = |f: &str| format!("setup.start[{i}].{f}");
        let id = as_str(field_named(s, "tile", &what("tile"))?, &what("tile"))?;
        let tile = jcz_tile(&config.sets, id)?;
        let coord = |f: &str| {
            s.get(f)
                .and_then(Value::as_i64)
                .ok_or_else(|| format_error(format!("{} is missing or not an integer", what(f))))
        };
        let degrees = s.get("rotation").and_then(Value::as_u64).unwrap_or(0);
        let rotation = u32::try_from(degrees)
            .ok()
            .and_then(Rotation::from_degrees)
            .ok_or_else(|| format_error(format!("{} is {degrees}", what("rotation"))))?;
        starts.push((tile, coord("x")?, coord("y")?, rotation));
    }
    if config.sets.contains(&TileSet::Count) {
        for &(tile, x, y, rotation) in &starts {
            let piece = tile.kind().markers.iter().find_map(|m| match m {
                crate::Marker::CityOfCarcassonne(n) => Some(*n),
                _ => None,
            });
            let at = piece.map(crate::city_position);
            if at != Some((x as i32, y as i32)) || rotation != Rotation::R0 {
                return Err(ImportError::Unsupported(format!(
                    "start tile {} at ({x}, {y}): with the Count the start is the City of \
                     Carcassonne, its 12 pieces where JCloisterZone lays them",
                    tile.kind().jcz_id
                )));
            }
        }
    } else {
        match starts.as_slice() {
            [] => {}
            [(tile, 0, 0, rotation)] => {
                config.start = Some(StartTile {
                    tile: *tile,
                    rotation: *rotation,
                })
            }
            [(_, x, y, _)] => {
                return Err(ImportError::Unsupported(format!(
                    "a start tile at ({x}, {y}) instead of (0, 0)"
                )))
            }
            _ => {
                return Err(ImportError::Unsupported(
                    "several start tiles without the Count".into(),
                ))
            }
        }
    }
    Ok(config)
}

/// Whether `sets` hold crop-circle tiles (either set).
fn crop_circle_set(sets: &[TileSet]) -> bool {
    sets.contains(&TileSet::CropCircles) || sets.contains(&TileSet::CropCircles1)
}

/// A rule value's name in JSON configs (its serde name), for messages.
fn named<T: serde::Serialize>(value: &T) -> String {
    match serde_json::to_value(value) {
        Ok(Value::String(s)) => s,
        Ok(other) => other.to_string(),
        Err(_) => String::new(),
    }
}

/// Checks that `config` plays as JCloisterZone plays: every rule variant that matters for its
/// sets and elements must be JCloisterZone's reading ([`Rules::jcloisterzone`]), and the first
/// player the first seat.
pub(crate) fn check_exportable(config: &Config) -> Result<(), ExportError> {
    let (r, jcz) = (&config.rules, Rules::jcloisterzone());
    let e = config.resolved_elements();
    if config.sets.contains(&TileSet::Robbers) || e.robbers {
        return Err(ExportError::Unsupported {
            setting: "sets: robbers".into(),
            reason: "JCloisterZone has no Robbers (no robber tiles, no robbers, no score \
                     track), so a .jcz cannot hold this game"
                .into(),
        });
    }
    if config.sets.contains(&TileSet::Messages) || e.messages {
        return Err(ExportError::Unsupported {
            setting: "sets: messages".into(),
            reason: "JCloisterZone has no Messages (no messengers, no message deck, no score \
                     track), so a .jcz cannot hold this game"
                .into(),
        });
    }
    let has = |set: TileSet| config.sets.contains(&set);
    let river = has(TileSet::River) || has(TileSet::River2);
    let shrines = e.shrines && crate::expansions::cult::shrine_tiles(config);
    let continuous_tokens =
        (e.king || e.robber_baron) && r.king_robber_scoring == KingRobberScoring::Continuously;
    let checks = [
        (
            "farm_city_scoring",
            named(&r.farm_city_scoring),
            named(&jcz.farm_city_scoring),
            r.farmers,
        ),
        (
            "river_base_start_tile",
            named(&r.river_base_start_tile),
            named(&jcz.river_base_start_tile),
            river,
        ),
        (
            "river_turns",
            named(&r.river_turns),
            named(&jcz.river_turns),
            river,
        ),
        (
            "river2_fork_first",
            named(&r.river2_fork_first),
            named(&jcz.river2_fork_first),
            has(TileSet::River2),
        ),
        (
            "volcano_lake_turn",
            named(&r.volcano_lake_turn),
            named(&jcz.volcano_lake_turn),
            has(TileSet::River2),
        ),
        (
            "builder_double_turn",
            named(&r.builder_double_turn),
            named(&jcz.builder_double_turn),
            e.builders > 0,
        ),
        (
            "cult_unique_partner",
            named(&r.cult_unique_partner),
            named(&jcz.cult_unique_partner),
            shrines,
        ),
        (
            "count_place_returned_figures",
            named(&r.count_place_returned_figures),
            named(&jcz.count_place_returned_figures),
            e.count,
        ),
        (
            "count_leave_to_unoccupied",
            named(&r.count_leave_to_unoccupied),
            named(&jcz.count_leave_to_unoccupied),
            e.count,
        ),
        (
            "count_final_moves_optional",
            named(&r.count_final_moves_optional),
            named(&jcz.count_final_moves_optional),
            e.count,
        ),
        (
            "pyramid_scorable_in_second_part",
            named(&r.pyramid_scorable_in_second_part),
            named(&jcz.pyramid_scorable_in_second_part),
            e.acrobats && e.builders > 0,
        ),
        (
            "ringmaster_enters_city",
            named(&r.ringmaster_enters_city),
            named(&jcz.ringmaster_enters_city),
            e.count && e.ringmasters > 0,
        ),
        (
            "count_entry_feature_points_only",
            named(&r.count_entry_feature_points_only),
            named(&jcz.count_entry_feature_points_only),
            e.count && continuous_tokens,
        ),
        (
            "gold_distribution",
            named(&r.gold_distribution),
            named(&jcz.gold_distribution),
            e.gold,
        ),
        (
            "flier_lands_on_city_of_carcassonne",
            named(&r.flier_lands_on_city_of_carcassonne),
            named(&jcz.flier_lands_on_city_of_carcassonne),
            e.flier && has(TileSet::Count),
        ),
        (
            "ferry_move_per_turn_part",
            named(&r.ferry_move_per_turn_part),
            named(&jcz.ferry_move_per_turn_part),
            e.ferries && e.builders > 0,
        ),
        (
            "crop_option_always_asked",
            named(&r.crop_option_always_asked),
            named(&jcz.crop_option_always_asked),
            e.crop_circles,
        ),
    ];
    for (name, ours, theirs, matters) in checks {
        if matters && ours != theirs {
            return Err(ExportError::Unsupported {
                setting: format!("rules.{name} = {ours}"),
                reason: format!(
                    "JCloisterZone plays it as {theirs} (Rules::jcloisterzone() has every \
                     JCloisterZone reading)"
                ),
            });
        }
    }
    if crop_circle_set(&config.sets) && !e.crop_circles {
        return Err(ExportError::Unsupported {
            setting: "elements.crop_circles = false".into(),
            reason: "JCloisterZone plays the crop circles with their tiles".into(),
        });
    }
    if config.first_player != 0 {
        return Err(ExportError::Unsupported {
            setting: format!("first_player = {}", config.first_player),
            reason: "JCloisterZone's first player is the first seat".into(),
        });
    }
    Ok(())
}

/// The `setup` of a game with `config`, as JCloisterZone's client writes it: sets with their
/// edition ids, elements (figure counts, switches), the rules the client sends, the start.
pub(crate) fn setup_json(config: &Config) -> Value {
    let e = config.resolved_elements();
    let mut sets = Map::new();
    for &set in &config.sets {
        sets.insert(names::set_id(set).to_owned(), json!(1));
    }
    let mut elements = Map::new();
    let counts = [
        (Figure::Follower, config.followers),
        (Figure::LargeFollower, e.large_followers),
        (Figure::Builder, e.builders),
        (Figure::Pig, e.pigs),
        (Figure::Ringmaster, e.ringmasters),
    ];
    for (figure, n) in counts {
        if n > 0 {
            elements.insert(names::figure_element(figure).to_owned(), json!(n));
        }
    }
    let switches = [
        ("farmers", config.rules.farmers),
        ("inn", e.inns),
        ("cathedral", e.cathedrals),
        ("traders", e.goods),
        ("pig-herd", e.pig_herd),
        ("king", e.king),
        ("robber", e.robber_baron),
        (
            "shrine",
            e.shrines && crate::expansions::cult::shrine_tiles(config),
        ),
        (
            "river",
            config.sets.contains(&TileSet::River) || config.sets.contains(&TileSet::River2),
        ),
    ];
    for (key, on) in switches {
        if on {
            elements.insert(key.to_owned(), json!(true));
        }
    }
    if e.count {
        elements.insert("count".to_owned(), json!(1));
    }
    if e.big_top {
        elements.insert("big-top".to_owned(), json!(1));
    }
    if e.acrobats {
        elements.insert("acrobats".to_owned(), json!(true));
    }
    if e.flier {
        elements.insert("flier".to_owned(), json!(true));
    }
    if e.gold {
        elements.insert("gold".to_owned(), json!(true));
    }
    if e.mage_witch {
        elements.insert("mage".to_owned(), json!(1));
        elements.insert("witch".to_owned(), json!(1));
    }
    if e.ferries {
        elements.insert("ferry".to_owned(), json!(1));
    }
    if e.crop_circles {
        elements.insert(names::CROP_CIRCLE_ELEMENT.to_owned(), json!(true));
    }
    let r = &config.rules;
    let mut rules = Map::new();
    rules.insert(
        "tiny-city-scoring".to_owned(),
        json!(names::tiny_city_scoring(r.small_city)),
    );
    if e.king || e.robber_baron {
        rules.insert(
            "king-and-robber-scoring".to_owned(),
            json!(names::king_and_robber_scoring(r.king_robber_scoring)),
        );
    }
    if r.unfinished_inns_cathedrals != crate::config::UnfinishedInnsCathedrals::Zero {
        rules.insert(
            "inn-and-cathedral-final-scoring".to_owned(),
            json!(names::inn_and_cathedral_final_scoring(
                r.unfinished_inns_cathedrals
            )),
        );
    }
    if e.count {
        rules.insert(
            "coc-final-scoring".to_owned(),
            json!(names::coc_final_scoring(r.count_final_scoring)),
        );
        rules.insert(
            "count-move".to_owned(),
            json!(names::count_move(r.count_move)),
        );
    }
    let start: Vec<Value> = if config.sets.contains(&TileSet::Count) {
        crate::catalogue()
            .set(TileSet::Count)
            .filter_map(|piece| {
                piece.kind().markers.iter().find_map(|m| match m {
                    crate::Marker::CityOfCarcassonne(n) => {
                        let (x, y) = crate::city_position(*n);
                        Some(json!({"tile": piece.kind().jcz_id, "x": x, "y": y, "rotation": 0}))
                    }
                    _ => None,
                })
            })
            .collect()
    } else {
        let s = config.start_tile();
        vec![json!({
            "tile": s.tile.kind().jcz_id,
            "x": 0,
            "y": 0,
            "rotation": s.rotation.degrees(),
        })]
    };
    json!({
        "sets": sets,
        "elements": elements,
        "rules": rules,
        "timer": null,
        "start": start,
    })
}

/// The `players` of a game with `config`: names, colour slots in seat order.
pub(crate) fn players_json(config: &Config) -> Value {
    Value::Array(
        (0..config.players)
            .map(|p| json!({"name": config.player_name(p), "slot": p}))
            .collect(),
    )
}

pub(crate) fn format_error(why: impl Into<String>) -> ImportError {
    ImportError::Format(why.into())
}

pub(crate) fn field<'a>(v: &'a Value, name: &str) -> Result<&'a Value, ImportError> {
    field_named(v, name, name)
}

fn field_named<'a>(v: &'a Value, name: &str, what: &str) -> Result<&'a Value, ImportError> {
    v.get(name)
        .ok_or_else(|| format_error(format!("missing field {what}")))
}

pub(crate) fn as_array<'a>(v: &'a Value, what: &str) -> Result<&'a Vec<Value>, ImportError> {
    v.as_array()
        .ok_or_else(|| format_error(format!("{what} is not an array")))
}

pub(crate) fn as_str<'a>(v: &'a Value, what: &str) -> Result<&'a str, ImportError> {
    v.as_str()
        .ok_or_else(|| format_error(format!("{what} is not a string")))
}

/// The tile with JCloisterZone id `id` in a game of `sets`: a tile of those sets first (both
/// rivers' springs are `RI/s`), else any.
pub(crate) fn tile_in(sets: &[TileSet], id: &str) -> Option<TileId> {
    TileSet::ALL
        .into_iter()
        .filter(|set| sets.contains(set))
        .flat_map(|set| crate::catalogue().set(set))
        .find(|t| t.kind().jcz_id == id)
        .or_else(|| TileId::from_jcz(id))
}

/// [`tile_in`], or [`ImportError::UnknownTile`].
pub(crate) fn jcz_tile(sets: &[TileSet], id: &str) -> Result<TileId, ImportError> {
    tile_in(sets, id).ok_or_else(|| ImportError::UnknownTile(crate::limits::quoted(id)))
}
