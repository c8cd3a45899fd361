//! The fuzz targets of the carcassonne engine, one per parser and per invariant. Each target is
//! a function of the fuzzer's bytes that panics when an invariant breaks; `fuzz_targets/` hands
//! them to libFuzzer (`cargo fuzz run NAME`), and `tests/corpora.rs` replays the checked-in
//! corpora (`corpus/NAME/`) through them on the stable toolchain.
//!
//! - [`record_json`]: JSON records: parsing never panics, errors stay short, a parsed record
//!   round-trips to an equal record, a record that replays gives a game whose own record
//!   replays to an equal game.
//! - [`jcz_text`]: `.jcz` text: importing never panics, errors stay short, an imported game is
//!   consistent (see [`check_position`]).
//! - [`actions`]: action notation on live games of every set combination: every parsed action
//!   is legal exactly when `legal_actions()` lists it, `legal_action_count()` agrees, a refused
//!   action or draw leaves the game equal to what it was.
//! - [`config_play`]: a config (JSON text or built from the bytes: custom stacks, seats, every
//!   option) played at random to the end: every pending draw has outcomes, no tile is dealt
//!   that the stack does not hold, no internal error, and the record replays to an equal game.
//! - [`c_api`]: the C entry points called with fuzzed arguments (see [`c_api`]).

#![allow(unsafe_code)]

mod c_api;

use arbitrary::Unstructured;
use carcassonne::{
    catalogue, Action, BuilderDoubleTurn, Config, CountFinalScoring, CountMove, CropOption,
    Elements, FarmCityScoring, FeatureKind, Figure, Game, GoldDistribution, JczGame,
    KingRobberScoring, Location, MagicFigure, Message, MessageNumbering, Outcome, Pending,
    Position, Quarter, Record, RiverBaseStartTile, RiverTurnRule, RobberPlacement, Rotation, Rules,
    SmallCityScoring, StartTile, TileId, TileSet, UnfinishedInnsCathedrals,
};

pub use c_api::c_api;

/// The longest error message any API may give for any input: errors quote at most a short
/// piece of the input.
pub const MAX_ERROR_MESSAGE: usize = 1024;

/// Fails when an error's message is longer than [`MAX_ERROR_MESSAGE`].
pub fn check_message(what: &str, message: &str) {
    assert!(
        message.len() <= MAX_ERROR_MESSAGE,
        "{what}: an error message of {} bytes: {}…",
        message.len(),
        message.chars().take(200).collect::<String>()
    );
}

/// Decisions (or chance outcomes) one fuzz input may play, so that an input stays fast.
const MAX_STEPS: usize = 250;

/// Actions one input of [`actions`] tries (each checked) after reaching its position.
const MAX_CHECKED_ACTIONS: usize = 24;

/// JSON records.
pub fn record_json(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let record = match Record::from_json(text) {
        Ok(record) => record,
        Err(e) => return check_message("Record::from_json", &e.to_string()),
    };
    let again = Record::from_json(&record.to_json())
        .unwrap_or_else(|e| panic!("a record's own JSON does not parse: {e}"));
    assert_eq!(again, record, "a record does not round-trip");
    match record.replay() {
        Ok(game) => {
            check_position(&game);
            let replayed = Game::from_json(&game.to_json())
                .unwrap_or_else(|e| panic!("a replayed game's record does not replay: {e}"));
            assert!(
                replayed == game,
                "a replayed game's record replays otherwise"
            );
        }
        Err(e) => check_message("Record::replay", &e.to_string()),
    }
}

/// `.jcz` text.
pub fn jcz_text(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match JczGame::parse(text) {
        Ok(jcz) => {
            check_position(&jcz.game);
            // The file's assertions evaluate without panicking (their texts quote the file).
            let _ = jcz.check();
            let _ = carcassonne::render::board_text(&jcz.game);
        }
        Err(e) => check_message("JczGame::parse", &e.to_string()),
    }
}

/// Checks the invariants of one position: the legal actions agree with their count and (for
/// up to 4 of them, spread over the list) with `is_legal` and their notation, a pending chance
/// node has outcomes whose probabilities add up to 1, and nothing is pending but the end when
/// the game is over.
pub fn check_position(game: &Game) {
    let legal = game.legal_actions();
    assert_eq!(game.legal_action_count(), legal.len(), "legal_action_count");
    let stride = legal.len() / 4 + 1;
    for &a in legal.iter().step_by(stride) {
        assert!(game.is_legal(a), "{a} is listed but not legal");
        assert_eq!(
            a.to_string().parse::<Action>().ok(),
            Some(a),
            "{a} notation"
        );
    }
    let pending = game.pending();
    if pending.is_chance() {
        let outcomes = game.chance_outcomes();
        assert!(
            !outcomes.is_empty(),
            "a chance node ({}) without outcomes, {} tiles left",
            pending.name(),
            game.tiles_left()
        );
        let total: f64 = outcomes.iter().map(|o| o.1).sum();
        assert!(
            (total - 1.0).abs() < 1e-9,
            "outcome probabilities add to {total}"
        );
        assert!(legal.is_empty(), "actions listed at a chance node");
    } else if pending == Pending::GameOver {
        assert!(game.is_over() && legal.is_empty());
    } else {
        assert!(!legal.is_empty(), "no legal action for {}", pending.name());
    }
}

/// Every tile kind of the catalogue.
fn tiles() -> Vec<TileId> {
    catalogue().ids().collect()
}

/// A tile chosen by the fuzzer.
fn any_tile(u: &mut Unstructured) -> arbitrary::Result<TileId> {
    let all = tiles();
    Ok(all[u.choose_index(all.len())?])
}

/// The sets that come in two editions (the second is the other edition of the first): both
/// in one config is a config error.
pub const EDITIONS: [(TileSet, TileSet); 5] = [
    (TileSet::Cult, TileSet::Cult6),
    (TileSet::BigTop, TileSet::BigTop1),
    (TileSet::FlyingMachines, TileSet::FlyingMachines1),
    (TileSet::MageWitch, TileSet::MageWitch1),
    (TileSet::CropCircles, TileSet::CropCircles1),
];

/// The set combination of `bits` (bit `i` for `TileSet::ALL[i]`); unless `both_editions`, of
/// two editions of one set only the first is kept.
pub fn sets_of(bits: u32, both_editions: bool) -> Vec<TileSet> {
    const _: () = assert!(TileSet::ALL.len() <= 31, "one bit per set in a u32");
    let mut sets: Vec<TileSet> = TileSet::ALL
        .iter()
        .enumerate()
        .filter(|(i, _)| bits & (1 << i) != 0)
        .map(|(_, s)| *s)
        .collect();
    if !both_editions {
        for (first, second) in EDITIONS {
            if sets.contains(&first) {
                sets.retain(|s| *s != second);
            }
        }
    }
    sets
}

/// A set combination chosen by the fuzzer: any of the sets (the base game among them), two
/// editions of one set (a config error) one time in 16.
fn any_sets(u: &mut Unstructured) -> arbitrary::Result<Vec<TileSet>> {
    let bits: u32 = u.arbitrary()?;
    Ok(sets_of(bits, u.ratio(1, 16)?))
}

/// The rule options [`any_config`] chooses: every field of `Rules` (a test compares them with
/// the fields of its JSON, so that a new option is not forgotten here).
pub const FUZZED_RULES: [&str; 28] = [
    "farmers",
    "small_city",
    "farm_city_scoring",
    "unfinished_inns_cathedrals",
    "river_base_start_tile",
    "river_turns",
    "river2_fork_first",
    "builder_double_turn",
    "king_robber_scoring",
    "cult_unique_partner",
    "count_place_returned_figures",
    "count_move",
    "count_final_scoring",
    "count_leave_to_unoccupied",
    "count_final_moves_optional",
    "count_entry_feature_points_only",
    "pyramid_scorable_in_second_part",
    "ringmaster_enters_city",
    "volcano_lake_turn",
    "gold_distribution",
    "flier_lands_on_city_of_carcassonne",
    "ferry_move_per_turn_part",
    "crop_option_always_asked",
    "robber_placement",
    "robbers_in_final_scoring",
    "message_trigger_end_state",
    "message_dark_space_alone",
    "message_numbering",
];

/// The elements [`any_config`] chooses: every field of `Elements` (checked as
/// [`FUZZED_RULES`]).
pub const FUZZED_ELEMENTS: [&str; 21] = [
    "large_followers",
    "builders",
    "pigs",
    "inns",
    "cathedrals",
    "goods",
    "pig_herd",
    "king",
    "robber_baron",
    "count",
    "shrines",
    "big_top",
    "acrobats",
    "ringmasters",
    "flier",
    "gold",
    "mage_witch",
    "ferries",
    "crop_circles",
    "robbers",
    "messages",
];

/// A config built from the fuzzer's bytes: players, names, seats, sets, every rule and
/// element, explicit or automatic draws, a start tile and a custom stack. Often invalid.
pub fn any_config(u: &mut Unstructured) -> arbitrary::Result<Config> {
    let mut c = Config::new(u.int_in_range(1..=6)?);
    c.sets = any_sets(u)?;
    if u.ratio(1, 8)? {
        c.names = (0..c.players)
            .map(|_| u.arbitrary::<String>())
            .collect::<arbitrary::Result<_>>()?;
    }
    c.first_player = u.int_in_range(0..=6)?;
    c.first_player = c
        .first_player
        .min(c.players.saturating_sub(1) + u.int_in_range(0..=1)?);
    c.youngest_player = if u.arbitrary()? {
        Some(u.int_in_range(0..=c.players)?)
    } else {
        None
    };
    c.followers = u.int_in_range(0..=9)?;
    // Every rule option and element (`tests/corpora.rs` checks that these are all the fields
    // of the config's JSON: see FUZZED_RULES and FUZZED_ELEMENTS).
    let Rules {
        farmers,
        small_city,
        farm_city_scoring,
        unfinished_inns_cathedrals,
        river_base_start_tile,
        river_turns,
        river2_fork_first,
        builder_double_turn,
        king_robber_scoring,
        cult_unique_partner,
        count_place_returned_figures,
        count_move,
        count_final_scoring,
        count_leave_to_unoccupied,
        count_final_moves_optional,
        count_entry_feature_points_only,
        pyramid_scorable_in_second_part,
        ringmaster_enters_city,
        volcano_lake_turn,
        gold_distribution,
        flier_lands_on_city_of_carcassonne,
        ferry_move_per_turn_part,
        crop_option_always_asked,
        robber_placement,
        robbers_in_final_scoring,
        message_trigger_end_state,
        message_dark_space_alone,
        message_numbering,
        ..
    } = &mut c.rules;
    *small_city = *u.choose(&[SmallCityScoring::Standard, SmallCityScoring::Legacy2])?;
    *farm_city_scoring = *u.choose(&[FarmCityScoring::PerField, FarmCityScoring::OncePerPlayer])?;
    *unfinished_inns_cathedrals = *u.choose(&[
        UnfinishedInnsCathedrals::Zero,
        UnfinishedInnsCathedrals::Ignore,
    ])?;
    *river_base_start_tile = *u.choose(&[
        RiverBaseStartTile::ReturnToBox,
        RiverBaseStartTile::ShuffleIntoMainStack,
    ])?;
    *river_turns = *u.choose(&[
        RiverTurnRule::NoImmediateSameTurn,
        RiverTurnRule::JczLookahead,
    ])?;
    *builder_double_turn =
        *u.choose(&[BuilderDoubleTurn::Automatic, BuilderDoubleTurn::Optional])?;
    *king_robber_scoring = *u.choose(&[
        KingRobberScoring::PerCompletedFeature,
        KingRobberScoring::TenPerToken,
        KingRobberScoring::FifteenForty,
        KingRobberScoring::Continuously,
    ])?;
    *count_move = *u.choose(&[
        CountMove::ByPlayer,
        CountMove::Clockwise,
        CountMove::FollowFigure,
    ])?;
    *count_final_scoring = *u.choose(&[
        CountFinalScoring::MarketOnly,
        CountFinalScoring::AllQuarters,
    ])?;
    *gold_distribution = *u.choose(&[GoldDistribution::Players, GoldDistribution::Automatic])?;
    *robber_placement = *u.choose(&[
        RobberPlacement::OneMore,
        RobberPlacement::EachOtherPlayer,
        RobberPlacement::BeforeTilePlacement,
    ])?;
    *message_numbering = *u.choose(&[MessageNumbering::C1, MessageNumbering::C2])?;
    for flag in [
        farmers,
        river2_fork_first,
        cult_unique_partner,
        count_place_returned_figures,
        count_leave_to_unoccupied,
        count_final_moves_optional,
        count_entry_feature_points_only,
        pyramid_scorable_in_second_part,
        ringmaster_enters_city,
        volcano_lake_turn,
        flier_lands_on_city_of_carcassonne,
        ferry_move_per_turn_part,
        crop_option_always_asked,
        robbers_in_final_scoring,
        message_trigger_end_state,
        message_dark_space_alone,
    ] {
        *flag = u.arbitrary()?;
    }
    let Elements {
        large_followers,
        builders,
        pigs,
        inns,
        cathedrals,
        goods,
        pig_herd,
        king,
        robber_baron,
        count,
        shrines,
        big_top,
        acrobats,
        ringmasters,
        flier,
        gold,
        mage_witch,
        ferries,
        crop_circles,
        robbers,
        messages,
        ..
    } = &mut c.elements;
    for n in [large_followers, builders, pigs, ringmasters] {
        *n = if u.arbitrary()? {
            Some(u.int_in_range(0..=3)?)
        } else {
            None
        };
    }
    for flag in [
        inns,
        cathedrals,
        goods,
        pig_herd,
        king,
        robber_baron,
        count,
        shrines,
        big_top,
        acrobats,
        flier,
        gold,
        mage_witch,
        ferries,
        crop_circles,
        robbers,
        messages,
    ] {
        *flag = u.arbitrary()?;
    }
    c.explicit_draws = u.arbitrary()?;
    if u.ratio(1, 4)? {
        c.start = Some(StartTile {
            tile: any_tile(u)?,
            rotation: Rotation::from_quarter_turns(u.int_in_range(0..=3)?),
        });
    }
    if u.ratio(3, 4)? {
        let len = u.int_in_range(0..=40)?;
        // Tiles of the config's sets most of the time, any tile otherwise.
        let own: Vec<TileId> = tiles()
            .into_iter()
            .filter(|t| c.sets.contains(&t.kind().set))
            .collect();
        let stack = (0..len)
            .map(|_| {
                if !own.is_empty() && u.ratio(7, 8)? {
                    Ok(own[u.choose_index(own.len())?])
                } else {
                    any_tile(u)
                }
            })
            .collect::<arbitrary::Result<_>>()?;
        c.stack = Some(stack);
    }
    Ok(c)
}

/// A config (JSON text or built from the bytes) played to the end. Input layout: a first byte
/// whose low bit chooses the form; JSON text: 8 bytes of seed, then the text (the choices of
/// play from a generator seeded with the seed); built: [`any_config`] from the bytes, then
/// the seed and the choices of play from the rest.
pub fn config_play(data: &[u8]) {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    if mode & 1 == 1 {
        let (seed, text) = rest.split_at(rest.len().min(8));
        let mut bytes = [0u8; 8];
        bytes[..seed.len()].copy_from_slice(seed);
        let seed = u64::from_le_bytes(bytes);
        let Ok(text) = std::str::from_utf8(text) else {
            return;
        };
        match Config::from_json(text) {
            Ok(config) => {
                let mut state = seed;
                play_config(config, seed, &mut |n| {
                    splitmix(&mut state) as usize % n.max(1)
                });
            }
            Err(e) => check_message("Config::from_json", &e.to_string()),
        }
    } else {
        let mut u = Unstructured::new(rest);
        let Ok(config) = any_config(&mut u) else {
            return;
        };
        let seed: u64 = u.arbitrary().unwrap_or(0);
        let mut state = seed;
        play_config(config, seed, &mut |n| {
            u.choose_index(n)
                .unwrap_or_else(|_| splitmix(&mut state) as usize % n.max(1))
        });
    }
}

/// SplitMix64: the next number of a small generator.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Plays `config` to the end (or to a step `choose` picks, at most [`MAX_STEPS`]),
/// `choose(n)` picking among `n` choices, checking the invariants at every step; there the
/// tiles dealt must have been in the stack and the game's record must replay to an equal game.
/// Returns the number of steps played.
pub fn play_config(config: Config, seed: u64, choose: &mut dyn FnMut(usize) -> usize) -> usize {
    let stop_at = choose(MAX_STEPS + 50);
    play_checked(config, seed, choose, MAX_STEPS.min(stop_at)).map_or(0, |(_, steps)| steps)
}

/// [`play_config`] without a bound on the steps: the game is played to its end (a game that
/// does not end within a million steps fails). `None` for a config `Game::new` refuses (with
/// a short message that is not an internal error); else the ended game.
pub fn play_to_end(
    config: Config,
    seed: u64,
    choose: &mut dyn FnMut(usize) -> usize,
) -> Option<Game> {
    let (game, steps) = play_checked(config, seed, choose, 1_000_000)?;
    assert!(game.is_over(), "a game not over after {steps} steps");
    Some(game)
}

/// Plays at most `limit` steps with every check; `None` if the config is refused.
fn play_checked(
    config: Config,
    seed: u64,
    choose: &mut dyn FnMut(usize) -> usize,
    limit: usize,
) -> Option<(Game, usize)> {
    let stack = config.stack_tiles();
    let in_stack = |t: TileId| stack.iter().filter(|s| **s == t).count();
    let mut game = match Game::new(config, seed) {
        Ok(game) => game,
        Err(e) => {
            let text = e.to_string();
            assert!(!text.contains("internal error"), "Game::new: {text}");
            check_message("Game::new", &text);
            return None;
        }
    };
    let start = game.board().len();
    let mut steps = 0;
    while steps < limit {
        check_position(&game);
        if game.is_over() {
            break;
        }
        steps += 1;
        if game.pending().is_chance() {
            let outcomes = game.chance_outcomes();
            let outcome = outcomes[choose(outcomes.len()).min(outcomes.len() - 1)].0;
            if let Err(e) = game.resolve(outcome) {
                panic!("listed outcome {outcome} refused: {e}");
            }
        } else {
            let legal = game.legal_actions();
            let action = legal[choose(legal.len()).min(legal.len() - 1)];
            if let Err(e) = game.play(action) {
                panic!("legal action {action} refused: {e}");
            }
        }
    }
    check_position(&game);
    check_tiles(&game, start, &in_stack);
    check_replay(&game);
    Some((game, steps))
}

/// No tile kind is on the board (beyond the starting area) or in hand more often than the
/// stack held it, and no tile is drawn that the stack never held.
fn check_tiles(game: &Game, start: usize, in_stack: &dyn Fn(TileId) -> usize) {
    let mut seen: Vec<TileId> = game.board().tiles()[start..]
        .iter()
        .map(|p| p.tile)
        .collect();
    seen.extend(game.current_tile());
    seen.sort();
    for group in seen.chunk_by(|a, b| a == b) {
        assert!(
            group.len() <= in_stack(group[0]),
            "tile {} placed or in hand {} times, the stack held {}",
            group[0],
            group.len(),
            in_stack(group[0])
        );
    }
    for outcome in game.draws() {
        if let Outcome::Tile(t) = outcome {
            assert!(
                in_stack(*t) > 0,
                "tile {t} was drawn but never in the stack"
            );
        }
    }
}

/// The game's record replays to an equal game.
fn check_replay(game: &Game) {
    let replayed = Game::from_json(&game.to_json())
        .unwrap_or_else(|e| panic!("the record does not replay: {e}"));
    assert!(replayed == *game, "the record replays to another game");
}

/// Action notation on live games.
pub fn actions(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Ok(sets) = any_sets(&mut u) else { return };
    let mut config = Config::new(u.int_in_range(2..=6).unwrap_or(2));
    config.sets = sets;
    config.explicit_draws = u.arbitrary().unwrap_or(false);
    config.rules.farmers = u.arbitrary().unwrap_or(true);
    config.rules.builder_double_turn = if u.arbitrary().unwrap_or(false) {
        BuilderDoubleTurn::Optional
    } else {
        BuilderDoubleTurn::Automatic
    };
    let seed: u64 = u.arbitrary().unwrap_or(0);
    let Ok(mut game) = Game::new(config, seed) else {
        return;
    };
    // Straight to a position of the game: decisions played at random without checks.
    let skip = u.int_in_range(0..=400u16).unwrap_or(0);
    let mut state = seed;
    for _ in 0..skip {
        if game.is_over() {
            break;
        }
        let n = splitmix(&mut state) as usize;
        if game.pending().is_chance() {
            let outcomes = game.chance_outcomes();
            let _ = game.resolve(outcomes[n % outcomes.len()].0);
        } else {
            let legal = game.legal_actions();
            let _ = game.play_quiet(legal[n % legal.len()]);
        }
    }
    let mut checked = usize::MAX;
    for _ in 0..MAX_CHECKED_ACTIONS {
        if game.is_over() || u.is_empty() {
            break;
        }
        if checked != game.actions().len() + game.draws().len() {
            check_position(&game);
            checked = game.actions().len() + game.draws().len();
        }
        let Ok(choice) = u.int_in_range(0..=5u8) else {
            break;
        };
        match choice {
            // Text: a legal action's notation, changed, or any text.
            0 | 1 => {
                let text = if choice == 0 {
                    mutate_text(&game, &mut u)
                } else {
                    u.arbitrary::<String>().unwrap_or_default()
                };
                match text.parse::<Action>() {
                    Ok(action) => {
                        assert_eq!(
                            action.to_string().parse::<Action>().ok(),
                            Some(action),
                            "{action} notation"
                        );
                        try_action(&mut game, action);
                    }
                    Err(e) => check_message("Action::from_str", &e.to_string()),
                }
            }
            // An action built from parts near the board.
            2 => {
                if let Ok(action) = any_action(&game, &mut u) {
                    try_action(&mut game, action);
                }
            }
            // Any chance outcome.
            3 => {
                let outcome = match u.int_in_range(0..=3u8).unwrap_or(0) {
                    0 => any_tile(&mut u).map(Outcome::Tile),
                    1 => u
                        .choose(&carcassonne::Animal::ALL)
                        .map(|a| Outcome::Animal(*a)),
                    2 => u.int_in_range(0..=4u8).map(Outcome::Roll),
                    _ => u.choose(&Message::ALL).map(|m| Outcome::Message(*m)),
                };
                if let Ok(outcome) = outcome {
                    try_outcome(&mut game, outcome);
                }
            }
            // Progress: a legal action or a listed outcome.
            _ => {
                if game.pending().is_chance() {
                    let outcomes = game.chance_outcomes();
                    let i = u.choose_index(outcomes.len()).unwrap_or(0);
                    try_outcome(&mut game, outcomes[i].0);
                } else {
                    let legal = game.legal_actions();
                    let i = u.choose_index(legal.len()).unwrap_or(0);
                    try_action(&mut game, legal[i]);
                }
            }
        }
    }
}

/// Plays `action`: it must succeed exactly when it is listed, and a refusal changes nothing.
fn try_action(game: &mut Game, action: Action) {
    let listed = game.legal_actions().contains(&action);
    assert_eq!(game.is_legal(action), listed, "is_legal({action})");
    let before = game.clone();
    match game.play(action) {
        Ok(_) => assert!(listed, "{action} played but not listed"),
        Err(e) => {
            assert!(!listed, "listed {action} refused: {e}");
            assert!(*game == before, "refused {action} changed the game");
            check_message("Game::play", &e.to_string());
        }
    }
}

/// Supplies `outcome`: it must be accepted exactly when the explicit-draw game lists it, and a
/// refusal changes nothing.
fn try_outcome(game: &mut Game, outcome: Outcome) {
    let listed =
        game.config().explicit_draws && game.chance_outcomes().iter().any(|(o, _)| *o == outcome);
    let before = game.clone();
    match game.resolve(outcome) {
        Ok(_) => assert!(listed, "{outcome} accepted but not listed"),
        Err(e) => {
            assert!(!listed, "listed {outcome} refused: {e}");
            assert!(*game == before, "refused {outcome} changed the game");
        }
    }
}

/// A legal action's notation with one word replaced, dropped or added.
fn mutate_text(game: &Game, u: &mut Unstructured) -> String {
    let legal = game.legal_actions();
    let base = match u.choose(&legal) {
        Ok(a) => a.to_string(),
        Err(_) => "pass".to_owned(),
    };
    let mut words: Vec<String> = base.split(' ').map(str::to_owned).collect();
    const WORDS: [&str; 40] = [
        "place",
        "deploy",
        "pass",
        "follower",
        "large_follower",
        "builder",
        "pig",
        "ringmaster",
        "city",
        "road",
        "field",
        "monastery",
        "shrine",
        "N",
        "NW",
        "I",
        "R90",
        "R360",
        "0,0",
        "1,-1",
        "-2147483648,0",
        "market",
        "castle",
        "acrobat",
        "fly",
        "land",
        "ingot",
        "take_ingot",
        "magic",
        "remove_magic",
        "mage",
        "witch",
        "roll:2",
        "shrine",
        "message_points",
        "message_action",
        "message_feature",
        "message_follower",
        "message:knights",
        "scoring_figure",
    ];
    let i = u.choose_index(words.len()).unwrap_or(0);
    match u.int_in_range(0..=3u8).unwrap_or(0) {
        0 => words[i] = u.choose(&WORDS).map(|w| w.to_string()).unwrap_or_default(),
        1 => {
            words.remove(i);
        }
        2 => words.insert(i, u.arbitrary::<String>().unwrap_or_default()),
        _ => {
            let n: i16 = u.arbitrary().unwrap_or(0);
            words[i] = format!("{n},{}", u.arbitrary::<i8>().unwrap_or(0));
        }
    }
    words.join(" ")
}

/// The index of an action's kind in [`any_action`]'s choice: an exhaustive match, so that a
/// new kind of action fails to compile until the fuzzer builds it too.
fn kind_index(action: &Action) -> u8 {
    match action {
        Action::Place { .. } => 0,
        Action::Deploy { .. } => 1,
        Action::Pass => 2,
        Action::DoubleTurn => 3,
        Action::EnterCity { .. } => 4,
        Action::MoveCount { .. } => 5,
        Action::LeaveCity { .. } => 6,
        Action::Acrobat { .. } => 7,
        Action::ScorePyramid { .. } => 8,
        Action::Fly { .. } => 9,
        Action::Land { .. } => 10,
        Action::PlaceIngot { .. } => 11,
        Action::TakeIngot { .. } => 12,
        Action::PlaceMagic { .. } => 13,
        Action::RemoveMagic { .. } => 14,
        Action::PlaceFerry { .. } => 15,
        Action::MoveFerry { .. } => 16,
        Action::CropOption { .. } => 17,
        Action::CropDeploy { .. } => 18,
        Action::CropReturn { .. } => 19,
        Action::PlaceRobber { .. } => 20,
        Action::Rob { .. } => 21,
        Action::ScoreFirst { .. } => 22,
        Action::ScoringFigure { .. } => 23,
        Action::MessagePoints => 24,
        Action::MessageAction => 25,
        Action::MessageFeature { .. } => 26,
        Action::MessageFollower { .. } => 27,
    }
}

/// An action of any kind with parts near the board (often illegal).
fn any_action(game: &Game, u: &mut Unstructured) -> arbitrary::Result<Action> {
    let kind = u.int_in_range(0..=27u8)?;
    let action = action_of_kind(kind, game, u)?;
    assert_eq!(kind_index(&action), kind, "any_action builds every kind");
    Ok(action)
}

/// An action of the kind `kind` (see [`kind_index`]) with parts from the fuzzer.
fn action_of_kind(kind: u8, game: &Game, u: &mut Unstructured) -> arbitrary::Result<Action> {
    let (min, max) = game.board().bounds();
    let x = u.int_in_range(min.x - 2..=max.x + 2)?;
    let y = u.int_in_range(min.y - 2..=max.y + 2)?;
    let pos = Position::new(x, y);
    let location = Location::from_bits(u.int_in_range(1..=0x1fff)?)
        .ok_or(arbitrary::Error::IncorrectFormat)?;
    Ok(match kind {
        0 => Action::Place {
            tile: match game.current_tile() {
                Some(t) if u.ratio(3, 4)? => t,
                _ => any_tile(u)?,
            },
            pos,
            rotation: Rotation::from_quarter_turns(u.int_in_range(0..=3)?),
        },
        1 => Action::Deploy {
            figure: *u.choose(&Figure::ALL)?,
            pos: match game.last_placed() {
                Some(p) if u.ratio(3, 4)? => p.pos,
                _ => pos,
            },
            feature: *u.choose(&FeatureKind::ALL)?,
            location,
        },
        2 => Action::Pass,
        3 => Action::DoubleTurn,
        4 => Action::EnterCity {
            figure: *u.choose(&Figure::ALL)?,
            quarter: *u.choose(&Quarter::ALL)?,
        },
        5 => Action::MoveCount {
            quarter: *u.choose(&Quarter::ALL)?,
        },
        6 => Action::LeaveCity {
            figure: *u.choose(&Figure::ALL)?,
            quarter: *u.choose(&Quarter::ALL)?,
            pos,
            feature: *u.choose(&FeatureKind::ALL)?,
            location,
        },
        7 => Action::Acrobat { pos },
        8 => Action::ScorePyramid { pos },
        9 => Action::Fly {
            figure: *u.choose(&Figure::ALL)?,
        },
        10 => Action::Land {
            pos,
            feature: *u.choose(&FeatureKind::ALL)?,
            location,
        },
        11 => Action::PlaceIngot { pos },
        12 => Action::TakeIngot { pos },
        13 => Action::PlaceMagic {
            figure: *u.choose(&MagicFigure::ALL)?,
            pos,
            feature: *u.choose(&FeatureKind::ALL)?,
            location,
        },
        14 => Action::RemoveMagic {
            figure: *u.choose(&MagicFigure::ALL)?,
        },
        15 => Action::PlaceFerry { pos, location },
        16 => Action::MoveFerry { pos, location },
        17 => Action::CropOption {
            option: *u.choose(&CropOption::ALL)?,
        },
        18 => Action::CropDeploy {
            figure: *u.choose(&Figure::ALL)?,
            pos,
            feature: *u.choose(&FeatureKind::ALL)?,
            location,
        },
        19 => Action::CropReturn {
            figure: *u.choose(&Figure::ALL)?,
            pos,
            feature: *u.choose(&FeatureKind::ALL)?,
            location,
        },
        20 => Action::PlaceRobber {
            space: u.int_in_range(0..=60)?,
        },
        21 => Action::Rob {
            player: u.int_in_range(0..=7)?,
        },
        22 => Action::ScoreFirst {
            pos,
            feature: *u.choose(&FeatureKind::ALL)?,
            location,
        },
        23 => Action::ScoringFigure {
            figure: u.int_in_range(0..=3)?,
        },
        24 => Action::MessagePoints,
        25 => Action::MessageAction,
        // The messages name a follower on the board: one of the figures most of the time.
        26 => match u.choose(&game.figures()) {
            Ok(f) if u.ratio(3, 4)? => Action::MessageFeature {
                pos: f.pos,
                feature: f.feature,
                location: f.location,
            },
            _ => Action::MessageFeature {
                pos,
                feature: *u.choose(&FeatureKind::ALL)?,
                location,
            },
        },
        _ => match u.choose(&game.figures()) {
            Ok(f) if u.ratio(3, 4)? => Action::MessageFollower {
                figure: if u.ratio(3, 4)? {
                    f.figure
                } else {
                    *u.choose(&Figure::ALL)?
                },
                pos: f.pos,
                feature: f.feature,
                location: f.location,
            },
            _ => Action::MessageFollower {
                figure: *u.choose(&Figure::ALL)?,
                pos,
                feature: *u.choose(&FeatureKind::ALL)?,
                location,
            },
        },
    })
}
