//! The C API target: the extern functions of `carcassonne-ffi` called with fuzzed arguments,
//! as a C client (careless or hostile) would: NULL and dangling-free misuse, unknown enum
//! values, random actions and epochs, buffers of every size, text that is not UTF-8 or not
//! JSON. Checked after every call: the status is a known one; failed calls leave
//! out-parameters and the game untouched (its record unchanged); `carc_last_error` keeps its
//! message across the header's length-then-fetch idiom, and messages stay short; legal
//! actions play and their count agrees.

use std::ffi::{c_char, CStr};
use std::ptr::{null, null_mut};

use arbitrary::Unstructured;
use carcassonne_ffi::bot::{carc_bot, carc_bot_choose, carc_bot_free, carc_bot_new};
use carcassonne_ffi::game::*;
use carcassonne_ffi::types::{
    carc_action, carc_chance, carc_event, carc_ingots, carc_magic_figure, carc_tile_info,
};
use carcassonne_ffi::{
    carc_action_to_string, carc_last_error, carc_location_name, carc_message_name,
    carc_message_number, carc_status, carc_status_str, carc_tile_find, carc_tile_name,
};

use crate::MAX_ERROR_MESSAGE;

/// Calls one input may make.
const MAX_CALLS: usize = 32;

/// The status values the library returns.
const LAST_STATUS: u32 = carc_status::CARC_INTERNAL_ERROR as u32;

fn known(status: carc_status) -> carc_status {
    assert!(
        status as u32 <= LAST_STATUS,
        "unknown status {}",
        status as u32
    );
    assert_ne!(status, carc_status::CARC_PANIC, "a call panicked");
    assert_ne!(
        status,
        carc_status::CARC_INTERNAL_ERROR,
        "a call broke an internal invariant"
    );
    if status != carc_status::CARC_OK {
        check_last_error();
    }
    status
}

/// The last error, asked for by the header's idiom: its length with `buf = NULL, cap = 0`,
/// then the text; both calls must keep it.
fn check_last_error() -> String {
    let mut needed = usize::MAX;
    // SAFETY: NULL buffer with cap 0, a writable `needed`.
    let status = unsafe { carc_last_error(null_mut(), 0, &mut needed) };
    assert_eq!(status, carc_status::CARC_BUFFER_TOO_SMALL);
    assert!(needed > 0, "a failed call left no message");
    assert!(
        needed <= MAX_ERROR_MESSAGE,
        "an error message of {needed} bytes"
    );
    let mut buf = vec![0 as c_char; needed + 1];
    let mut again = 0;
    // SAFETY: `buf` has `needed + 1` bytes.
    let status = unsafe { carc_last_error(buf.as_mut_ptr(), buf.len(), &mut again) };
    assert_eq!(status, carc_status::CARC_OK, "fetching the message");
    assert_eq!(again, needed, "the message changed while it was read");
    // SAFETY: NUL-terminated by `carc_last_error`.
    let text = unsafe { CStr::from_ptr(buf.as_ptr()) };
    text.to_string_lossy().into_owned()
}

/// NUL-terminated bytes from the fuzzer (up to their first NUL), possibly not UTF-8.
fn c_text(u: &mut Unstructured) -> Vec<u8> {
    let mut bytes: Vec<u8> = u.arbitrary().unwrap_or_default();
    if let Some(nul) = bytes.iter().position(|b| *b == 0) {
        bytes.truncate(nul);
    }
    bytes.push(0);
    bytes
}

/// A game's record through `carc_game_to_json` (length, then text).
fn record(game: *const carc_game) -> String {
    let mut needed = 0;
    // SAFETY: a live game; NULL buffer with cap 0.
    let status = unsafe { carc_game_to_json(game, null_mut(), 0, &mut needed) };
    assert_eq!(status, carc_status::CARC_BUFFER_TOO_SMALL);
    let mut buf = vec![0 as c_char; needed + 1];
    // SAFETY: `buf` has room for the text and its NUL.
    let status = unsafe { carc_game_to_json(game, buf.as_mut_ptr(), buf.len(), &mut needed) };
    assert_eq!(status, carc_status::CARC_OK);
    // SAFETY: NUL-terminated.
    unsafe { CStr::from_ptr(buf.as_ptr()) }
        .to_string_lossy()
        .into_owned()
}

/// The legal actions through `carc_game_legal_actions`, checked against the count.
fn legal(game: *const carc_game) -> Vec<carc_action> {
    let mut count = 0;
    // SAFETY: a live game.
    assert_eq!(
        unsafe { carc_game_legal_action_count(game, &mut count) },
        carc_status::CARC_OK
    );
    let mut buf = vec![blank_action(); count];
    let mut len = usize::MAX;
    // SAFETY: `buf` has `count` elements.
    let status = unsafe { carc_game_legal_actions(game, buf.as_mut_ptr(), count, &mut len) };
    assert_eq!(status, carc_status::CARC_OK);
    assert_eq!(len, count, "legal action count");
    buf
}

/// An action's text notation, if its fields are valid.
fn notation(action: &carc_action) -> Option<String> {
    let mut buf = [0 as c_char; 128];
    let mut needed = 0;
    // SAFETY: `buf` has 128 bytes.
    let status = unsafe { carc_action_to_string(action, buf.as_mut_ptr(), buf.len(), &mut needed) };
    // SAFETY: NUL-terminated on success.
    (status == carc_status::CARC_OK).then(|| {
        unsafe { CStr::from_ptr(buf.as_ptr()) }
            .to_string_lossy()
            .into_owned()
    })
}

fn blank_action() -> carc_action {
    carc_action {
        kind: 0,
        tile: 0,
        x: 0,
        y: 0,
        rotation: 0,
        figure: 0,
        feature: 0,
        location: 0,
        quarter: 0,
        magic: 0,
        crop_option: 0,
        space: 0,
        robbed: 0,
        track_figure: 0,
        epoch: 0,
    }
}

/// An action with fields from the fuzzer (often out of range), or a listed one changed.
fn any_action(u: &mut Unstructured, listed: &[carc_action]) -> carc_action {
    let mut a = match u.choose(listed) {
        Ok(a) if u.ratio(1, 2).unwrap_or(false) => *a,
        _ => blank_action(),
    };
    match u.int_in_range(0..=14u8).unwrap_or(0) {
        0 => a.kind = u.int_in_range(0..=29).unwrap_or(0),
        1 => a.tile = u.arbitrary().unwrap_or(0),
        2 => a.x = u.int_in_range(-3..=3).unwrap_or(0),
        3 => a.y = u.arbitrary().unwrap_or(0),
        4 => a.rotation = u.int_in_range(0..=400).unwrap_or(0),
        5 => a.figure = u.int_in_range(0..=8).unwrap_or(0),
        6 => a.feature = u.int_in_range(0..=8).unwrap_or(0),
        7 => a.location = u.arbitrary().unwrap_or(0),
        8 => a.quarter = u.int_in_range(0..=6).unwrap_or(0),
        9 => a.magic = u.int_in_range(0..=3).unwrap_or(0),
        10 => a.crop_option = u.int_in_range(0..=3).unwrap_or(0),
        11 => a.space = u.int_in_range(0..=60).unwrap_or(0),
        12 => a.robbed = u.int_in_range(0..=8).unwrap_or(0),
        13 => a.track_figure = u.int_in_range(0..=3).unwrap_or(0),
        _ => a.epoch = u.arbitrary().unwrap_or(0),
    }
    a
}

/// The C API target.
pub fn c_api(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let mut games: Vec<*mut carc_game> = Vec::new();
    let mut bot: *mut carc_bot = null_mut();
    for _ in 0..MAX_CALLS {
        if u.is_empty() {
            break;
        }
        let game: *mut carc_game = match u.choose(&games) {
            Ok(g) if !u.ratio(1, 16).unwrap_or(false) => *g,
            _ => null_mut(),
        };
        let op = u.int_in_range(0..=15u8).unwrap_or(0);
        // SAFETY: every pointer passed is NULL, a live game or bot of this input, or a buffer
        // of the size passed with it.
        unsafe { call(op, game, &mut games, &mut bot, &mut u) };
    }
    for g in games {
        // SAFETY: live games of this input, each freed once.
        unsafe { carc_game_free(g) };
    }
    // SAFETY: NULL or a live bot.
    unsafe { carc_bot_free(bot) };
}

/// One call.
///
/// # Safety
/// `game` is NULL or one of `games`, all live; `bot` is NULL or live.
unsafe fn call(
    op: u8,
    game: *mut carc_game,
    games: &mut Vec<*mut carc_game>,
    bot: &mut *mut carc_bot,
    u: &mut Unstructured,
) {
    let sentinel = 0x5a5a_5a5a_u32;
    match op {
        // A new game from fuzzed or known config text, or NULL; sometimes no out-parameter.
        0 | 1 => {
            if games.len() >= 4 {
                return;
            }
            let configs: [&[u8]; 11] = [
                b"{}\0",
                b"{\"players\": 3, \"sets\": [\"base\", \"inns\", \"traders\"]}\0",
                b"{\"players\": 2, \"sets\": [\"base\", \"river2\", \"count\"], \"explicit_draws\": true}\0",
                b"{\"players\": 4, \"sets\": [\"base\", \"big_top\", \"king_robber\", \"cult\"]}\0",
                b"{\"players\": 2, \"stack\": [\"R2-02\", \"A\"], \"youngest_player\": 1}\0",
                b"{\"players\": 2, \"sets\": [\"base\", \"river\"], \"explicit_draws\": true}\0",
                b"{\"players\": 3, \"sets\": [\"base\", \"flying_machines\", \"gold_mines\", \"mage_witch\"], \"explicit_draws\": true}\0",
                b"{\"players\": 2, \"sets\": [\"base\", \"flying_machines1\", \"mage_witch1\", \"count\"]}\0",
                b"{\"players\": 4, \"sets\": [\"base\", \"gold_mines\", \"inns\"], \"rules\": {\"gold_distribution\": \"automatic\"}}\0",
                b"{\"players\": 2, \"sets\": [\"base\", \"messages\", \"robbers\"], \"explicit_draws\": true}\0",
                b"{\"players\": 3, \"sets\": [\"base\", \"messages\", \"crop_circles\", \"ferries\"], \"rules\": {\"message_numbering\": \"c2\"}}\0",
            ];
            let text = if op == 0 {
                c_text(u)
            } else {
                configs[u.choose_index(configs.len()).unwrap_or(0)].to_vec()
            };
            let seed: u64 = u.arbitrary().unwrap_or(0);
            let config = if u.ratio(1, 16).unwrap_or(false) {
                null()
            } else {
                text.as_ptr().cast::<c_char>()
            };
            let marker = std::ptr::dangling_mut::<carc_game>();
            let mut out = marker;
            let no_out = u.ratio(1, 16).unwrap_or(false);
            let out_ptr = if no_out { null_mut() } else { &mut out };
            let status = known(unsafe { carc_game_new(config, seed, out_ptr) });
            if status == carc_status::CARC_OK {
                assert!(!no_out && !out.is_null() && out != marker);
                games.push(out);
            } else {
                assert_eq!(
                    out, marker,
                    "carc_game_new wrote its out-parameter on failure"
                );
            }
        }
        // Free one game (or NULL).
        2 => {
            if let Some(i) = games.iter().position(|g| *g == game) {
                games.swap_remove(i);
            }
            unsafe { carc_game_free(game) };
        }
        // A legal action by index, or an index out of range.
        3 => {
            let index: usize = if u.ratio(1, 4).unwrap_or(false) {
                u.arbitrary().unwrap_or(0)
            } else {
                u.int_in_range(0..=40).unwrap_or(0)
            };
            let count = if game.is_null() { 0 } else { legal(game).len() };
            let status = known(unsafe { carc_game_play_index(game, index) });
            if !game.is_null() {
                assert_eq!(
                    status == carc_status::CARC_OK,
                    index < count,
                    "play_index {index} of {count}"
                );
            }
        }
        // Any action: it plays exactly when it is listed; a refusal changes nothing.
        4 => {
            let listed = if game.is_null() {
                Vec::new()
            } else {
                legal(game)
            };
            let action = any_action(u, &listed);
            let before = (!game.is_null()).then(|| record(game));
            let status = known(unsafe { carc_game_play(game, &action) });
            if let Some(before) = before {
                // The same action: the same notation (fields an action kind does not use are
                // ignored).
                let same = |a: &carc_action, b: &carc_action| {
                    let (a, b) = (notation(a), notation(b));
                    a.is_some() && a == b
                };
                let fresh = listed.first().map_or(0, |a| a.epoch);
                let current = action.epoch == 0 || action.epoch == fresh;
                if status == carc_status::CARC_OK {
                    assert!(current && listed.iter().any(|l| same(l, &action)));
                } else {
                    assert_eq!(record(game), before, "a refused action changed the game");
                }
            }
        }
        // Legal actions into a buffer of any size.
        5 => {
            let cap = u.int_in_range(0..=80usize).unwrap_or(0);
            let mut buf = vec![blank_action(); cap];
            let mut len = usize::MAX;
            let ptr = if cap == 0 && u.arbitrary().unwrap_or(false) {
                null_mut()
            } else {
                buf.as_mut_ptr()
            };
            let status = known(unsafe { carc_game_legal_actions(game, ptr, cap, &mut len) });
            match status {
                carc_status::CARC_OK => assert!(len <= cap),
                carc_status::CARC_BUFFER_TOO_SMALL => assert!(len > cap),
                _ => assert_eq!(len, usize::MAX, "len written on failure"),
            }
        }
        // Text out-parameters with buffers of any size.
        6 => {
            let cap = u.int_in_range(0..=64usize).unwrap_or(0);
            let mut buf = vec![0x55 as c_char; cap];
            let mut needed = usize::MAX;
            let which = u.int_in_range(0..=4u8).unwrap_or(0);
            let player: u32 = u.int_in_range(0..=7).unwrap_or(0);
            let status = known(match which {
                0 => carc_game_to_json(game, buf.as_mut_ptr(), cap, &mut needed),
                1 => carc_game_board_text(game, buf.as_mut_ptr(), cap, &mut needed),
                2 => carc_game_player_name(game, player, buf.as_mut_ptr(), cap, &mut needed),
                3 => carc_game_to_jcz(game, buf.as_mut_ptr(), cap, &mut needed),
                _ => carc_location_name(
                    u.arbitrary().unwrap_or(0),
                    buf.as_mut_ptr(),
                    cap,
                    &mut needed,
                ),
            });
            match status {
                carc_status::CARC_OK => {
                    assert!(needed < cap);
                    assert_eq!(buf[needed], 0, "text not NUL-terminated");
                    let text = CStr::from_ptr(buf.as_ptr());
                    assert_eq!(text.to_bytes().len(), needed, "a NUL inside the text");
                }
                carc_status::CARC_BUFFER_TOO_SMALL => {
                    assert!(needed >= cap);
                    assert!(
                        buf.iter().all(|b| *b == 0x55),
                        "buffer written when too small"
                    );
                }
                _ => assert_eq!(needed, usize::MAX),
            }
        }
        // Draws and chance outcomes of any value.
        7 => {
            let before = (!game.is_null()).then(|| record(game));
            let mut outcomes = vec![
                carc_chance {
                    kind: 0,
                    value: 0,
                    probability: 0.0
                };
                400
            ];
            let mut len = 0;
            let listed = !game.is_null()
                && carc_game_chance_outcomes(game, outcomes.as_mut_ptr(), 400, &mut len)
                    == carc_status::CARC_OK;
            let (kind, value) = match u.choose(&outcomes[..len]) {
                Ok(o) if u.arbitrary().unwrap_or(false) => (o.kind, o.value),
                _ => (
                    u.int_in_range(0..=4).unwrap_or(0),
                    u.int_in_range(0..=400).unwrap_or(0),
                ),
            };
            let status = known(if u.arbitrary().unwrap_or(false) {
                carc_game_resolve_chance(game, kind, value)
            } else {
                carc_game_draw(game, value)
            });
            if let Some(before) = before {
                if status != carc_status::CARC_OK {
                    assert_eq!(record(game), before, "a refused draw changed the game");
                } else {
                    assert!(listed && len > 0, "a draw accepted with no outcome listed");
                }
            }
        }
        // A game from its own record (equal), or from fuzzed JSON or .jcz text.
        8 => {
            if games.len() >= 4 {
                return;
            }
            let mode = u.int_in_range(0..=2u8).unwrap_or(0);
            let own = (!game.is_null() && mode == 0).then(|| record(game));
            let text = match &own {
                Some(json) => {
                    let mut t = json.clone().into_bytes();
                    t.push(0);
                    t
                }
                None => c_text(u),
            };
            let mut out = null_mut();
            let status = known(if mode == 2 {
                carc_game_from_jcz(text.as_ptr().cast(), &mut out)
            } else {
                carc_game_from_json(text.as_ptr().cast(), &mut out)
            });
            if let Some(json) = own {
                assert_eq!(status, carc_status::CARC_OK, "a game's own record refused");
                assert_eq!(record(out), json, "a game's own record replays otherwise");
            }
            if status == carc_status::CARC_OK {
                games.push(out);
            } else {
                assert!(out.is_null());
            }
        }
        // Copy into a game of the input (itself, another, or NULL), or clone.
        9 => {
            if u.ratio(1, 2).unwrap_or(false) {
                let dst = match u.choose(games) {
                    Ok(&g) if !u.ratio(1, 16).unwrap_or(false) => g,
                    _ => null_mut(),
                };
                let source = (!game.is_null()).then(|| record(game));
                let target = (!dst.is_null()).then(|| record(dst));
                let status = known(carc_game_clone_from(dst, game));
                match (source, target) {
                    (Some(json), Some(_)) => {
                        assert_eq!(status, carc_status::CARC_OK);
                        assert_eq!(record(game), json, "the source of a copy changed");
                        assert_eq!(record(dst), json, "a copy differs from its source");
                        let (mut a, mut b) = (0usize, 0usize);
                        assert_eq!(
                            carc_game_legal_action_count(game, &mut a),
                            carc_status::CARC_OK
                        );
                        assert_eq!(
                            carc_game_legal_action_count(dst, &mut b),
                            carc_status::CARC_OK
                        );
                        assert_eq!(a, b, "a copy lists other actions than its source");
                    }
                    (source, target) => {
                        assert_eq!(status, carc_status::CARC_NULL_ARGUMENT);
                        assert_eq!(
                            source.as_deref(),
                            (!game.is_null()).then(|| record(game)).as_deref()
                        );
                        assert_eq!(
                            target.as_deref(),
                            (!dst.is_null()).then(|| record(dst)).as_deref()
                        );
                    }
                }
                return;
            }
            if games.len() >= 4 {
                return;
            }
            let mut out = null_mut();
            if known(carc_game_clone(game, &mut out)) == carc_status::CARC_OK {
                assert_eq!(record(out), record(game));
                games.push(out);
            }
        }
        // Tiles by id and number, statuses, action notation.
        10 => {
            let id = c_text(u);
            let mut tile = sentinel;
            if known(carc_tile_find(id.as_ptr().cast(), &mut tile)) != carc_status::CARC_OK {
                assert_eq!(tile, sentinel);
            }
            let mut name: *const c_char = null();
            let n: u32 = u.int_in_range(0..=400).unwrap_or(0);
            if known(carc_tile_name(n, &mut name)) == carc_status::CARC_OK {
                assert!(!name.is_null());
            } else {
                assert!(name.is_null());
            }
            let status: u32 = u.arbitrary().unwrap_or(0);
            assert!(!carc_status_str(status).is_null());
            // Messages by code: numbers in both numberings, static names.
            let message: u32 = u.int_in_range(0..=10).unwrap_or(0);
            let numbering: u32 = u.int_in_range(0..=3).unwrap_or(0);
            let mut number = sentinel;
            if known(carc_message_number(message, numbering, &mut number)) == carc_status::CARC_OK {
                assert!((1..=8).contains(&number));
            } else {
                assert_eq!(number, sentinel);
            }
            let mut name: *const c_char = null();
            if known(carc_message_name(message, &mut name)) == carc_status::CARC_OK {
                assert!(!name.is_null());
            } else {
                assert!(name.is_null());
            }
            let action = any_action(u, &[]);
            let mut buf = [0 as c_char; 96];
            let mut needed = 0;
            known(carc_action_to_string(
                &action,
                buf.as_mut_ptr(),
                buf.len(),
                &mut needed,
            ));
        }
        // Queries with out-of-range arguments.
        11 => {
            let player: u32 = u.int_in_range(0..=8).unwrap_or(0);
            for which in 0..5 {
                let mut out = sentinel;
                let status = known(match which {
                    0 => carc_game_score(game, player, &mut out),
                    1 => carc_game_followers(game, player, &mut out),
                    2 => carc_game_current_player(game, &mut out),
                    3 => carc_game_tiles_left(game, &mut out),
                    _ => carc_game_pending(game, &mut out),
                });
                if status != carc_status::CARC_OK {
                    assert_eq!(out, sentinel, "out-parameter written on failure");
                }
            }
            let mut events =
                vec![std::mem::zeroed::<carc_event>(); u.int_in_range(0..=8usize).unwrap_or(0)];
            let mut len = 0;
            known(carc_game_events(
                game,
                events.as_mut_ptr(),
                events.len(),
                &mut len,
            ));
            let mut tiles = vec![std::mem::zeroed::<carc_tile_info>(); 4];
            known(carc_game_board(
                game,
                tiles.as_mut_ptr(),
                tiles.len(),
                &mut len,
            ));
            // The Gold Mines, Mage & Witch and Flying Machines getters.
            let mut ingots =
                vec![std::mem::zeroed::<carc_ingots>(); u.int_in_range(0..=3usize).unwrap_or(0)];
            known(carc_game_ingots_on_board(
                game,
                ingots.as_mut_ptr(),
                ingots.len(),
                &mut len,
            ));
            let (mut held, mut supply) = (sentinel, sentinel);
            if known(carc_game_ingots(game, player, &mut held, &mut supply)) != carc_status::CARC_OK
            {
                assert_eq!(
                    (held, supply),
                    (sentinel, sentinel),
                    "ingots written on failure"
                );
            } else {
                assert!(held <= 16 && supply <= 16, "more ingots than the box holds");
            }
            let mut magic = vec![
                std::mem::zeroed::<carc_magic_figure>();
                u.int_in_range(0..=2usize).unwrap_or(0)
            ];
            if known(carc_game_magic_figures(
                game,
                magic.as_mut_ptr(),
                magic.len(),
                &mut len,
            )) == carc_status::CARC_OK
            {
                assert!(len <= 2, "more than the mage and the witch");
            }
            let (mut x, mut y, mut direction, mut distance, mut flying) = (0, 0, 0, 0, false);
            if known(carc_game_flight(
                game,
                &mut x,
                &mut y,
                &mut direction,
                &mut distance,
                &mut flying,
            )) == carc_status::CARC_OK
            {
                assert!(distance <= 3, "a roll of {distance}");
            }
            // The Messages' getters: the message in hand, the deck's lists in buffers of every
            // size, the game's numbering.
            let mut message = sentinel;
            if known(carc_game_message_in_hand(game, &mut message)) == carc_status::CARC_OK {
                assert!(message <= 8, "message code {message}");
            } else {
                assert_eq!(message, sentinel, "message written on failure");
            }
            let cap = u.int_in_range(0..=9usize).unwrap_or(0);
            let mut messages = vec![sentinel; cap];
            let mut len = usize::MAX;
            let ptr = if cap == 0 && u.arbitrary().unwrap_or(false) {
                null_mut()
            } else {
                messages.as_mut_ptr()
            };
            let status = known(if u.arbitrary().unwrap_or(false) {
                carc_game_messages_unseen(game, ptr, cap, &mut len)
            } else {
                carc_game_messages_under_deck(game, ptr, cap, &mut len)
            });
            match status {
                carc_status::CARC_OK => {
                    assert!(len <= cap && len <= 8);
                    assert!(messages[..len].iter().all(|m| (1..=8).contains(m)));
                    assert!(messages[len..].iter().all(|m| *m == sentinel));
                }
                carc_status::CARC_BUFFER_TOO_SMALL => {
                    assert!(len > cap && len <= 8);
                    assert!(
                        messages.iter().all(|m| *m == sentinel),
                        "written when too small"
                    );
                }
                _ => assert_eq!(len, usize::MAX),
            }
            let mut numbering = sentinel;
            if known(carc_game_message_numbering(game, &mut numbering)) == carc_status::CARC_OK {
                assert!(numbering <= 1);
            } else {
                assert_eq!(numbering, sentinel);
            }
        }
        // NULL out-parameters everywhere.
        12 => {
            known(carc_game_legal_action_count(game, null_mut()));
            known(carc_game_to_json(game, null_mut(), 0, null_mut()));
            known(carc_game_legal_actions(game, null_mut(), 5, &mut 0));
            known(carc_game_play(game, null()));
            known(carc_last_error(null_mut(), 0, null_mut()));
        }
        // A bot chooses and the choice plays.
        13 => {
            if bot.is_null() {
                let mut out = null_mut();
                // Random, greedy, or an unknown kind (MCTS would make an input slow).
                let kind = *u.choose(&[0, 1, 99]).unwrap_or(&0);
                if known(carc_bot_new(kind, u.arbitrary().unwrap_or(0), &mut out))
                    == carc_status::CARC_OK
                {
                    *bot = out;
                }
            }
            let mut action = blank_action();
            if known(carc_bot_choose(*bot, game, &mut action)) == carc_status::CARC_OK {
                known(carc_game_play(game, &action));
            }
        }
        // Progress: a legal action or a listed outcome.
        _ => {
            if game.is_null() {
                return;
            }
            let actions = legal(game);
            if let Ok(i) = u.choose_index(actions.len()) {
                assert_eq!(
                    known(carc_game_play(game, &actions[i])),
                    carc_status::CARC_OK
                );
                return;
            }
            let mut outcomes = [carc_chance {
                kind: 0,
                value: 0,
                probability: 0.0,
            }; 300];
            let mut len = 0;
            if carc_game_chance_outcomes(game, outcomes.as_mut_ptr(), 300, &mut len)
                == carc_status::CARC_OK
                && len > 0
            {
                let o = outcomes[u.choose_index(len).unwrap_or(0)];
                let status = known(carc_game_resolve_chance(game, o.kind, o.value));
                // Automatic games list no outcome; explicit ones accept a listed one.
                assert_eq!(status, carc_status::CARC_OK);
            }
        }
    }
}
