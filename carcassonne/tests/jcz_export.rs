//! Export to JCloisterZone (`Game::to_jcz`) and back (`JczGame::parse`): thousands of seeded
//! random games over every combination of the sets JCloisterZone supports, 2–6 players, rule
//! variants and elements switched, finished and unfinished, replay as the same game; Count
//! games with every `count-move` and `coc-final-scoring` take the Count's decisions and still
//! replay; the files follow the format as an independent reader (no code of the importer) sees
//! it; and games JCloisterZone would play otherwise are refused with the setting named.

mod common;

use std::collections::{BTreeSet, HashMap};

use carcassonne::{
    Action, Config, CountFinalScoring, CountMove, Event, ExportError, Game, JczGame,
    KingRobberScoring, Pending, Rules, Score, SmallCityScoring, TileSet, UnfinishedInnsCathedrals,
};
use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;
use serde_json::Value;

fn below(rng: &mut Pcg64Mcg, n: usize) -> usize {
    ((rng.next_u64() as u128 * n as u128) >> 64) as usize
}

/// The expansion sets JCloisterZone has, by bit (the Cult in either edition).
fn sets_of(combo: usize, cult6: bool) -> Vec<TileSet> {
    let all = [
        TileSet::InnsAndCathedrals,
        TileSet::TradersAndBuilders,
        TileSet::River,
        TileSet::River2,
        TileSet::KingAndRobber,
        if cult6 { TileSet::Cult6 } else { TileSet::Cult },
        TileSet::Count,
        if cult6 {
            TileSet::BigTop1
        } else {
            TileSet::BigTop
        },
    ];
    let mut sets = vec![TileSet::Base];
    sets.extend(
        all.iter()
            .enumerate()
            .filter(|(i, _)| combo & (1 << i) != 0)
            .map(|(_, s)| *s),
    );
    sets
}

/// A random JCloisterZone-compatible config: `sets`, 2–6 players, rule variants and element
/// switches drawn from `rng`.
fn random_config(rng: &mut Pcg64Mcg, sets: Vec<TileSet>) -> Config {
    let max = if sets.contains(&TileSet::InnsAndCathedrals) {
        6
    } else {
        5
    };
    let mut config = Config::new(2 + below(rng, max - 1));
    config.names = (0..config.players).map(|p| format!("P{p}")).collect();
    config.sets = sets;
    let mut rules = Rules::jcloisterzone();
    rules.farmers = below(rng, 5) != 0;
    rules.small_city = [SmallCityScoring::Standard, SmallCityScoring::Legacy2][below(rng, 2)];
    rules.unfinished_inns_cathedrals = [
        UnfinishedInnsCathedrals::Zero,
        UnfinishedInnsCathedrals::Ignore,
    ][below(rng, 2)];
    rules.king_robber_scoring = [
        KingRobberScoring::PerCompletedFeature,
        KingRobberScoring::TenPerToken,
        KingRobberScoring::FifteenForty,
        KingRobberScoring::Continuously,
    ][below(rng, 4)];
    rules.count_move = [
        CountMove::ByPlayer,
        CountMove::Clockwise,
        CountMove::FollowFigure,
    ][below(rng, 3)];
    rules.count_final_scoring = [
        CountFinalScoring::MarketOnly,
        CountFinalScoring::AllQuarters,
    ][below(rng, 2)];
    config.rules = rules;
    // Elements a set may leave out, each off now and then.
    let e = &mut config.elements;
    let off = |rng: &mut Pcg64Mcg| {
        if below(rng, 6) == 0 {
            Some(false)
        } else {
            None
        }
    };
    (e.inns, e.cathedrals, e.goods) = (off(rng), off(rng), off(rng));
    (e.pig_herd, e.king, e.robber_baron) = (off(rng), off(rng), off(rng));
    (e.shrines, e.count) = (off(rng), off(rng));
    (e.big_top, e.acrobats) = (off(rng), off(rng));
    if below(rng, 6) == 0 {
        e.ringmasters = Some(0);
    }
    if below(rng, 6) == 0 {
        e.large_followers = Some(0);
    }
    if below(rng, 6) == 0 {
        e.builders = Some(0);
    }
    if below(rng, 6) == 0 {
        e.pigs = Some(0);
    }
    config
}

/// Plays `game` with uniformly random actions, stopping after `steps` decisions (or at the
/// end); returns every event.
fn play_randomly(game: &mut Game, rng: &mut Pcg64Mcg, steps: usize) -> Vec<Event> {
    let mut events = Vec::new();
    let mut legal = Vec::new();
    for _ in 0..steps {
        if game.is_over() {
            break;
        }
        game.legal_actions_into(&mut legal);
        let action = legal[below(rng, legal.len())];
        events.extend(game.play(action).unwrap());
    }
    events
}

/// Exports `game`, imports the file, and checks that it is the same game: the same draws and
/// decisions, the same score events and totals, the same board, figures and pending decision.
fn round_trip(game: &Game, events: &[Event], what: &str) -> String {
    let text = game
        .to_jcz()
        .unwrap_or_else(|e| panic!("{what}: export refused: {e}"));
    let back = JczGame::parse(&text).unwrap_or_else(|e| panic!("{what}: import failed: {e}"));
    let imported = &back.game;
    assert_eq!(imported.draws(), game.draws(), "{what}: draws");
    assert_eq!(imported.actions(), game.actions(), "{what}: decisions");
    let scores: Vec<&Score> = events.iter().filter_map(Event::score).collect();
    let back_scores: Vec<&Score> = back.scores.iter().collect();
    assert_eq!(back_scores, scores, "{what}: score events");
    assert_eq!(imported.scores(), game.scores(), "{what}: totals");
    assert_eq!(imported.figures(), game.figures(), "{what}: figures");
    assert_eq!(imported.pending(), game.pending(), "{what}: pending");
    assert_eq!(imported.is_over(), game.is_over(), "{what}: over");
    let board = |g: &Game| -> Vec<(i32, i32, String, u16)> {
        g.board()
            .tiles()
            .iter()
            .map(|t| (t.pos.x, t.pos.y, t.tile.to_string(), t.rotation.degrees()))
            .collect()
    };
    assert_eq!(board(imported), board(game), "{what}: board");
    text
}

/// Export then import gives the identical game for thousands of seeded random games over
/// every combination of the sets JCloisterZone supports (256), 2–6 players, rule variants
/// and elements; one game in five is cut off mid-way (an unfinished game goes on after the
/// import, its next draw pending).
#[test]
fn export_then_import_gives_the_same_game() {
    let mut rng = Pcg64Mcg::seed_from_u64(11);
    let mut played = 0;
    let mut files = Vec::new();
    for i in 0..2048usize {
        let sets = sets_of(i % 256, i % 512 >= 256);
        let config = random_config(&mut rng, sets);
        let mut game = Game::new(config, i as u64).unwrap();
        let steps = if i % 5 == 0 {
            below(&mut rng, 120)
        } else {
            usize::MAX
        };
        let events = play_randomly(&mut game, &mut rng, steps);
        let text = round_trip(&game, &events, &format!("game {i}"));
        if i % 64 == 0 {
            files.push(text);
        }
        played += 1;
    }
    assert_eq!(played, 2048);
    for text in &files {
        check_format(text);
    }
}

/// Flying Machines, Gold Mines, Mage & Witch and Ferries (each edition) with the other sets:
/// export then import gives the identical game — flights with their rolls in the launch's
/// `random`, the only landing confirmed, second ingots, magic figures moved and removed,
/// ferries placed and moved, the moves ended by `PASS`.
#[test]
fn mini_expansion_games_export_and_import() {
    let mut rng = Pcg64Mcg::seed_from_u64(13);
    let mut flights = 0;
    let mut ferry_moves = 0;
    for i in 0..768usize {
        let first = i % 32 >= 16;
        let mut sets = sets_of((i * 37) % 256, first);
        let minis = [
            if first {
                TileSet::FlyingMachines1
            } else {
                TileSet::FlyingMachines
            },
            TileSet::GoldMines,
            if first {
                TileSet::MageWitch1
            } else {
                TileSet::MageWitch
            },
            TileSet::Ferries,
        ];
        let combo = 1 + i % 15;
        sets.extend(
            minis
                .iter()
                .enumerate()
                .filter(|(k, _)| combo & (1 << k) != 0)
                .map(|(_, s)| *s),
        );
        let config = random_config(&mut rng, sets);
        let mut game = Game::new(config, i as u64).unwrap();
        let steps = if i % 5 == 0 {
            below(&mut rng, 120)
        } else {
            usize::MAX
        };
        let events = play_randomly(&mut game, &mut rng, steps);
        let text = round_trip(&game, &events, &format!("game {i}"));
        if i % 48 == 0 {
            check_format(&text);
        }
        flights += events
            .iter()
            .filter(|e| matches!(e, Event::FlierLaunched { .. }))
            .count();
        ferry_moves += events
            .iter()
            .filter(|e| matches!(e, Event::FerryMoved { .. }))
            .count();
    }
    assert!(flights > 50 && ferry_moves > 50, "{flights} {ferry_moves}");
}

/// Thousands of Count games, 2–6 players, every `count-move` and `coc-final-scoring` with the
/// JCloisterZone readings, take the Count's decisions (figures enter, leave before scorings,
/// move at the end, the Count moves by itself or is moved) and replay identically.
#[test]
fn count_games_export_and_import_with_every_count_variant() {
    let mut rng = Pcg64Mcg::seed_from_u64(20);
    let mut seen: HashMap<&str, usize> = HashMap::new();
    for i in 0..1200usize {
        let extra = sets_of(i % 64, false);
        let mut sets: Vec<TileSet> = extra.into_iter().filter(|s| *s != TileSet::Count).collect();
        sets.push(TileSet::Count);
        let mut config = random_config(&mut rng, sets);
        config.elements.count = Some(true);
        config.rules.farmers = i % 7 != 0;
        config.rules.count_move = [
            CountMove::ByPlayer,
            CountMove::Clockwise,
            CountMove::FollowFigure,
        ][i % 3];
        config.rules.count_final_scoring = [
            CountFinalScoring::MarketOnly,
            CountFinalScoring::AllQuarters,
        ][(i / 3) % 2];
        let mut game = Game::new(config, 1000 + i as u64).unwrap();
        let events = play_randomly(&mut game, &mut rng, usize::MAX);
        for e in &events {
            let name = match e {
                Event::FigureEnteredCity { .. } => "enter",
                Event::CountMoved { .. } => "count moved",
                Event::FigureLeftCity { .. } if !game_final_move(e, &events) => "leave",
                Event::FigureLeftCity { .. } => "final move",
                _ => continue,
            };
            *seen.entry(name).or_default() += 1;
        }
        round_trip(&game, &events, &format!("Count game {i}"));
    }
    for what in ["enter", "count moved", "leave", "final move"] {
        assert!(
            seen.get(what).copied().unwrap_or(0) >= 20,
            "the Count games took too few decisions of kind {what:?}: {seen:?}"
        );
    }
}

/// Crop-circle games (either set, with every combination of the other sets JCloisterZone has)
/// take their rounds — the option, deployments, passes, returns — and replay identically.
#[test]
fn crop_circle_games_export_and_import() {
    let mut rng = Pcg64Mcg::seed_from_u64(31);
    let mut seen: HashMap<&str, usize> = HashMap::new();
    for i in 0..300usize {
        let mut sets = sets_of(i % 256, i % 2 == 1);
        sets.push(if i % 3 == 0 {
            TileSet::CropCircles1
        } else {
            TileSet::CropCircles
        });
        let config = random_config(&mut rng, sets);
        let mut game = Game::new(config, 3000 + i as u64).unwrap();
        let steps = if i % 5 == 0 {
            below(&mut rng, 120)
        } else {
            usize::MAX
        };
        let events = play_randomly(&mut game, &mut rng, steps);
        let mut passes_in_rounds = 0;
        for (k, a) in game.actions().iter().enumerate() {
            let name = match a {
                Action::CropOption { .. } => "option",
                Action::CropDeploy { .. } => "deploy",
                Action::CropReturn { .. } => "return",
                _ => continue,
            };
            *seen.entry(name).or_default() += 1;
            if name != "return" && game.actions().get(k + 1) == Some(&Action::Pass) {
                passes_in_rounds += 1;
            }
        }
        *seen.entry("pass").or_default() += passes_in_rounds;
        let text = round_trip(&game, &events, &format!("crop circle game {i}"));
        if i % 25 == 0 {
            check_format(&text);
        }
    }
    for what in ["option", "deploy", "return", "pass"] {
        assert!(
            seen.get(what).copied().unwrap_or(0) >= 20,
            "the crop-circle games took too few decisions of kind {what:?}: {seen:?}"
        );
    }
}

/// Whether a `FigureLeftCity` event is one of the final moves (it comes after the last
/// `TileDrawn`... of the game, i.e. no tile is placed after it).
fn game_final_move(event: &Event, events: &[Event]) -> bool {
    let at = events
        .iter()
        .position(|e| std::ptr::eq(e, event))
        .unwrap_or(0);
    !events[at..]
        .iter()
        .any(|e| matches!(e, Event::TilePlaced { .. }))
}

/// Rules JCloisterZone does not have are refused, with the setting named.
#[test]
fn export_refuses_what_jcloisterzone_plays_otherwise() {
    let refused = |config: Config| -> String {
        let mut game = Game::new(config, 3).unwrap();
        let mut rng = Pcg64Mcg::seed_from_u64(3);
        play_randomly(&mut game, &mut rng, 10);
        match game.to_jcz() {
            Err(ExportError::Unsupported { setting, reason }) => {
                assert!(!reason.is_empty());
                setting
            }
            other => panic!("expected a refusal, got {:?}", other.map(|t| t.len())),
        }
    };
    let mut river = Config::new(2);
    river.sets.push(TileSet::River);
    assert_eq!(
        refused(river),
        "rules.river_base_start_tile = return_to_box"
    );
    let mut count = Config::new(2);
    count.sets.push(TileSet::Count);
    assert_eq!(refused(count), "rules.count_place_returned_figures = false");
    let mut builders = Config::new(2);
    builders.sets.push(TileSet::TradersAndBuilders);
    builders.rules = Rules::jcloisterzone();
    builders.rules.builder_double_turn = carcassonne::BuilderDoubleTurn::Optional;
    assert_eq!(refused(builders), "rules.builder_double_turn = optional");
    let mut farms = Config::new(2);
    farms.rules.farm_city_scoring = carcassonne::FarmCityScoring::OncePerPlayer;
    assert_eq!(refused(farms), "rules.farm_city_scoring = once_per_player");
    let mut lake = Config::new(2);
    lake.sets.push(TileSet::River2);
    lake.rules = Rules::jcloisterzone();
    lake.rules.volcano_lake_turn = true;
    assert_eq!(refused(lake), "rules.volcano_lake_turn = true");
    let mut crop = Config::new(2);
    crop.sets.push(TileSet::CropCircles);
    assert_eq!(refused(crop), "rules.crop_option_always_asked = true");
    let mut crop_off = Config::new(2);
    crop_off.sets.push(TileSet::CropCircles);
    crop_off.rules = Rules::jcloisterzone();
    crop_off.elements.crop_circles = Some(false);
    assert_eq!(refused(crop_off), "elements.crop_circles = false");
    let mut second = Config::new(3);
    second.first_player = 1;
    assert_eq!(refused(second), "first_player = 1");
    // A custom stack with more copies of a tile than the sets hold.
    let mut stack = Config::new(2);
    stack.stack = Some(vec!["A".parse().unwrap(); 3]);
    stack.explicit_draws = true;
    let mut game = Game::new(stack, 0).unwrap();
    for _ in 0..3 {
        if game.pending() == Pending::Draw {
            game.draw("A".parse().unwrap()).unwrap();
        }
        let a = game.legal_actions()[0];
        game.play(a).unwrap();
        if matches!(game.pending(), Pending::Deploy { .. }) {
            game.play(Action::Pass).unwrap();
        }
    }
    assert!(matches!(
        game.to_jcz(),
        Err(ExportError::Unsupported { setting, .. }) if setting == "stack"
    ));
    // The rulebook's rules export where they are JCloisterZone's too: a base game.
    let mut game = Game::new(Config::new(2), 5).unwrap();
    play_randomly(&mut game, &mut Pcg64Mcg::seed_from_u64(5), usize::MAX);
    assert!(game.to_jcz().is_ok());
}

// ----- an independent reader of the format (`../shared/jcz/README.md`) -----

/// The tile ids of JCloisterZone's own tile XML (`../shared/jcz/expansions/*.xml`).
fn xml_tile_ids() -> BTreeSet<String> {
    let dir = common::shared().join("jcz/expansions");
    let mut ids = BTreeSet::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        for part in text.split("<tile id=\"").skip(1) {
            ids.insert(part.split('"').next().unwrap().to_owned());
        }
    }
    assert!(ids.len() > 100, "{} tile ids in the XML", ids.len());
    ids
}

/// Whether `s` is a JCloisterZone location name: `I` (`II` the second inner field), a quarter, edges (`N`, `WE`, `_S`, ...),
/// or half-edges joined with `.`.
fn is_location(s: &str) -> bool {
    const HALF: [&str; 8] = ["NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR"];
    if s == "I" || s == "II" || s.starts_with("QUARTER_") {
        return true;
    }
    if let Some(side) = s.strip_prefix('_') {
        return ["N", "E", "S", "W"].contains(&side);
    }
    if s.contains('.') || HALF.contains(&s) {
        return s.split('.').all(|p| HALF.contains(&p));
    }
    !s.is_empty() && s.len() <= 4 && s.chars().all(|c| "NESW".contains(c))
}

fn is_pointer(p: &Value) -> bool {
    let pos = p["position"].as_array();
    pos.is_some_and(|a| a.len() == 2 && a.iter().all(Value::is_i64))
        && p["location"].as_str().is_some_and(is_location)
        && [
            "Road",
            "City",
            "Monastery",
            "Field",
            "Quarter",
            "Acrobats",
            "FlyingMachine",
        ]
        .contains(&p["feature"].as_str().unwrap_or(""))
}

/// Checks an exported file as the format facts describe it, without the importer.
fn check_format(text: &str) {
    let tiles = xml_tile_ids();
    let file: Value = serde_json::from_str(text).unwrap();
    for key in [
        "appVersion",
        "gameId",
        "initialRandom",
        "clock",
        "setup",
        "players",
        "replay",
    ] {
        assert!(!file[key].is_null(), "{key} must be present and not null");
    }
    let setup = &file["setup"];
    for (id, _) in setup["sets"].as_object().unwrap() {
        let known = [
            "basic:1",
            "inns-and-cathedrals:1",
            "traders-and-builders:1",
            "river/1:1",
            "river/2:1",
            "king-and-robber:1",
            "cult/5",
            "cult/6",
            "count",
            "under-the-big-top:1",
            "under-the-big-top:2",
            "flier:1",
            "flier:2",
            "goldmines",
            "mage-and-witch:1",
            "mage-and-witch:2",
            "ferries",
            "corn-circles/1",
            "corn-circles/2",
        ];
        assert!(known.contains(&id.as_str()), "set id {id}");
    }
    let elements = setup["elements"].as_object().unwrap();
    let count_of = |key: &str| elements.get(key).and_then(Value::as_u64).unwrap_or(0);
    for s in setup["start"].as_array().unwrap() {
        assert!(tiles.contains(s["tile"].as_str().unwrap()), "start {s}");
    }
    let players = file["players"].as_array().unwrap();
    for (i, p) in players.iter().enumerate() {
        assert_eq!(p["slot"].as_u64(), Some(i as u64));
        assert!(p["name"].is_string());
    }
    let draw_order: Vec<&str> = file["gameAnnotations"]["drawOrder"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap())
        .collect();
    for t in &draw_order {
        assert!(tiles.contains(*t), "draw order tile {t}");
    }
    if let Some(end) = file["gameAnnotations"]["endTurn"].as_u64() {
        assert_eq!(end as usize, draw_order.len());
    }
    // The messages, one by one, and the turn grammar: PLACE_TILE, then a deployment or PASS
    // or nothing, then the placer's COMMIT before anything else of the game goes on.
    let mut next_draw = 0;
    let mut uncommitted: Option<u64> = None;
    let mut last = ("", usize::MAX as u64);
    let ferries = setup["sets"].get("ferries").is_some();
    for (i, m) in file["replay"].as_array().unwrap().iter().enumerate() {
        let kind = m["type"].as_str().unwrap();
        let player = m["player"].as_u64().unwrap();
        assert!((player as usize) < players.len(), "#{i} player");
        let p = &m["payload"];
        match kind {
            "PLACE_TILE" => {
                assert!(
                    uncommitted.is_none(),
                    "#{i}: the last turn part was not committed"
                );
                let id = p["tileId"].as_str().unwrap();
                // The placed tiles are the draw order's, in order (discarded ones skipped).
                let at = draw_order[next_draw..].iter().position(|t| *t == id);
                next_draw += at.unwrap_or_else(|| panic!("#{i}: {id} is not drawn next")) + 1;
                assert!(["R0", "R90", "R180", "R270"].contains(&p["rotation"].as_str().unwrap()));
                let pos = p["position"].as_array().unwrap();
                assert!(pos.len() == 2 && pos.iter().all(Value::is_i64));
                uncommitted = Some(player);
            }
            "DEPLOY_MEEPLE" => {
                assert!(is_pointer(&p["pointer"]), "#{i}: pointer {}", p["pointer"]);
                let id: Vec<&str> = p["meepleId"].as_str().unwrap().split('.').collect();
                assert_eq!(id.len(), 3, "#{i}: meeple id");
                assert_eq!(id[0].parse::<u64>().ok(), Some(player), "#{i}: own meeple");
                let element = match id[1] {
                    "small" => "small-follower",
                    "big" => "big-follower",
                    "builder" => "builder",
                    "pig" => "pig",
                    "ringmaster" => "ringmaster",
                    other => panic!("#{i}: meeple type {other}"),
                };
                let n: u64 = id[2].parse().unwrap();
                assert!(n >= 1 && n <= count_of(element), "#{i}: meeple number {n}");
                if p["pointer"]["feature"] == "Quarter" {
                    assert_eq!(p["pointer"]["position"], serde_json::json!([0, 0]));
                }
                // A launch carries the die's `random` (README: floor(random × 3) + 1).
                if p["pointer"]["feature"] == "FlyingMachine" {
                    let r = p["random"].as_f64().unwrap();
                    assert!((0.0..1.0).contains(&r), "#{i}: random {r}");
                    assert_eq!(p["pointer"]["location"], "I");
                }
            }
            "PASS" => {
                assert!(p.as_object().unwrap().is_empty());
                // With ferries a pass on the deployment may be followed by the pass that ends
                // the ferry moves (FE.4); otherwise one pass answers one decision.
                assert!(
                    last != ("PASS", player) || ferries,
                    "#{i}: two passes in a row by one player"
                );
            }
            "COMMIT" => {
                assert!(p["random"].is_number());
                if let Some(placer) = uncommitted.take() {
                    assert_eq!(player, placer, "#{i}: the placer commits");
                }
            }
            "SCORE_ACROBATS" => {
                assert!(is_pointer(&p["pointer"]) && p["pointer"]["feature"] == "Acrobats");
            }
            "MOVE_NEUTRAL_FIGURE" => match p["figureId"].as_str().unwrap() {
                "count.1" => {
                    assert!(is_pointer(&p["to"]) && p["to"]["feature"] == "Quarter");
                }
                "mage.1" | "witch.1" => {
                    // Onto a road or city segment, or off the board (`to: null`).
                    assert!(
                        p["to"].is_null()
                            || (is_pointer(&p["to"])
                                && ["Road", "City"]
                                    .contains(&p["to"]["feature"].as_str().unwrap()))
                    );
                }
                other => panic!("#{i}: figure {other}"),
            },
            "PLACE_TOKEN" => match p["token"].as_str().unwrap() {
                "GOLD" => {
                    let pos = p["pointer"].as_array().unwrap();
                    assert!(
                        pos.len() == 2 && pos.iter().all(Value::is_i64),
                        "#{i}: gold"
                    );
                }
                "FERRY" => {
                    assert!(is_pointer(&p["pointer"]) && p["pointer"]["feature"] == "Road");
                    // Two road ends.
                    assert_eq!(p["pointer"]["location"].as_str().unwrap().len(), 2);
                }
                other => panic!("#{i}: token {other}"),
            },
            "CIRCLE_REMOVE_OR_DEPLOY" => {
                assert!(uncommitted.is_none(), "#{i}: after the turn part's COMMIT");
                assert!(["DEPLOY", "REMOVE"].contains(&p["value"].as_str().unwrap()));
            }
            "RETURN_MEEPLE" => {
                assert_eq!(p["source"], "CORN_CIRCLE");
                let ptr = &p["pointer"];
                assert!(is_pointer(&ptr["featurePointer"]), "#{i}: pointer {ptr}");
                let id: Vec<&str> = ptr["meepleId"].as_str().unwrap().split('.').collect();
                assert_eq!(id.len(), 3, "#{i}: meeple id");
                assert_eq!(id[0].parse::<u64>().ok(), Some(player), "#{i}: own meeple");
            }
            other => panic!("#{i}: message type {other}"),
        }
        last = (kind, player);
    }
}

/// An exported base game, checked by the independent reader and against the README's turn
/// grammar: no `PASS` right after a `PLACE_TILE` whose tile offered no deployment.
#[test]
fn exported_files_follow_the_format() {
    let mut rng = Pcg64Mcg::seed_from_u64(7);
    for i in 0..40usize {
        let config = random_config(&mut rng, sets_of(i * 37 % 128, i % 2 == 0));
        let mut game = Game::new(config, 77 + i as u64).unwrap();
        play_randomly(&mut game, &mut rng, usize::MAX);
        let text = game.to_jcz().unwrap();
        check_format(&text);
        // Every PASS answers a decision that could be skipped: replayed, the game offered it.
        let file: Value = serde_json::from_str(&text).unwrap();
        let passes = file["replay"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m["type"] == "PASS")
            .count();
        let skipped = game
            .actions()
            .iter()
            .filter(|a| **a == Action::Pass)
            .count();
        assert_eq!(passes, skipped, "one PASS per declined decision");
    }
}
