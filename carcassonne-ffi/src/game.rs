//! The `carc_game` handle and every function on it.

use std::ffi::c_char;
use std::mem::MaybeUninit;
use std::sync::atomic::{AtomicU64, Ordering};

use carcassonne::{
    Action, Config, ConfigError, DrawError, Event, Game, ImportError, JczGame, Outcome, PlayError,
    RecordError,
};

use crate::boundary::{
    arg_mut, arg_ref, arg_str, carc_status, fail, ffi, require, write_items, write_listed,
    write_mapped, write_out, write_text,
};
use crate::types::{
    action_from_c, action_to_c, carc_acrobat_site, carc_action, carc_chance, carc_event,
    carc_figure_info, carc_ingots, carc_magic_figure, carc_tile_info, event_to_c, figure_info_to_c,
    outcome_from_c, outcome_to_c, pending_to_c, quarter_to_c, tile_from_c, tile_info_to_c,
    CARC_MESSAGE_NONE, CARC_NO_TILE, CARC_QUARTER_NONE,
};

/// A game: opaque to C. Created by `carc_game_new`, `carc_game_clone`, `carc_game_from_json`
/// or `carc_game_from_jcz`; owned by the caller until passed to `carc_game_free`.
pub struct carc_game {
    game: Game,
    /// The state's epoch (see [`new_epoch`]): new after every successful `play`/`draw`;
    /// stamped into listed actions.
    epoch: u64,
    /// Events of the last successful `play`/`draw`.
    events: Vec<Event>,
    /// Set when a call that changes the game panicked (a defect): the game may be half
    /// changed, so every later call with it fails with `CARC_PANIC`.
    broken: bool,
}

/// The epochs handed out so far: one counter for every game of the process, so that an epoch
/// names one state. A clone or a copy (`carc_game_clone_from`) shares its source's epoch, as it
/// shares its state; an action listed for any other state, this game's earlier ones included
/// (before a copy brought it back to an earlier position), never carries the current epoch.
static EPOCHS: AtomicU64 = AtomicU64::new(0);

/// A new epoch, never 0 ("do not check") and never handed out before.
fn new_epoch() -> u64 {
    EPOCHS.fetch_add(1, Ordering::Relaxed) + 1
}

impl carc_game {
    /// The core game.
    pub(crate) fn game(&self) -> &Game {
        &self.game
    }

    /// The epoch stamped into actions listed now.
    pub(crate) fn epoch(&self) -> u64 {
        self.epoch
    }

    fn boxed(game: Game) -> *mut carc_game {
        Box::into_raw(Box::new(carc_game {
            game,
            epoch: new_epoch(),
            events: Vec::new(),
            broken: false,
        }))
    }

    /// Runs `change` on the game and its events; a panic inside marks the game broken (and
    /// goes on to the boundary's `catch_unwind`, which returns `CARC_PANIC`).
    fn changing<T>(&mut self, change: impl FnOnce(&mut Game, &mut Vec<Event>) -> T) -> T {
        let (game, events) = (&mut self.game, &mut self.events);
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| change(game, events))) {
            Ok(result) => result,
            Err(panic) => {
                self.broken = true;
                std::panic::resume_unwind(panic)
            }
        }
    }

    fn resolve(&mut self, outcome: Outcome) -> Result<(), carc_status> {
        match self.changing(|game, _| game.resolve(outcome)) {
            Ok(events) => {
                self.events = events;
                self.epoch = new_epoch();
                Ok(())
            }
            Err(DrawError::Internal(e)) => {
                self.epoch = new_epoch();
                fail(carc_status::CARC_INTERNAL_ERROR, e.to_string())
            }
            // Every other draw error (automatic draws, no chance node pending, an impossible
            // outcome) is an illegal draw.
            Err(
                e @ (DrawError::NotExplicit
                | DrawError::NotPending { .. }
                | DrawError::NotInStack(_)
                | DrawError::NoSuchOutcome(_)),
            ) => fail(carc_status::CARC_ILLEGAL_DRAW, e.to_string()),
            Err(e) => fail(carc_status::CARC_ILLEGAL_DRAW, e.to_string()),
        }
    }

    fn play(&mut self, action: Action) -> Result<(), carc_status> {
        match self.changing(|game, events| game.play_into(action, events)) {
            Ok(()) => {
                self.epoch = new_epoch();
                Ok(())
            }
            Err(PlayError::Internal(e)) => {
                self.epoch = new_epoch();
                fail(carc_status::CARC_INTERNAL_ERROR, e.to_string())
            }
            Err(e) => fail(carc_status::CARC_ILLEGAL_ACTION, e.to_string()),
        }
    }
}

/// The game behind a pointer argument, unless it is NULL or broken.
///
/// # Safety
/// `game` must be NULL or a live game.
pub(crate) unsafe fn live<'a>(game: *const carc_game) -> Result<&'a carc_game, carc_status> {
    // SAFETY: the caller's contract.
    let g = unsafe { arg_ref(game, "game") }?;
    if g.broken {
        return fail(carc_status::CARC_PANIC, BROKEN);
    }
    Ok(g)
}

/// [`live`] for a call that changes the game.
///
/// # Safety
/// `game` must be NULL or a live game not aliased during the call.
pub(crate) unsafe fn live_mut<'a>(game: *mut carc_game) -> Result<&'a mut carc_game, carc_status> {
    // SAFETY: the caller's contract.
    let g = unsafe { arg_mut(game, "game") }?;
    if g.broken {
        return fail(carc_status::CARC_PANIC, BROKEN);
    }
    Ok(g)
}

/// The message of a call with a broken game.
const BROKEN: &str = "the game is broken: an earlier call that changed it panicked (a defect of \
                      the library); free it with carc_game_free";

fn config_error(e: ConfigError) -> carc_status {
    let status = match e {
        ConfigError::Json(_) => carc_status::CARC_PARSE_ERROR,
        ConfigError::Internal(_) => carc_status::CARC_INTERNAL_ERROR,
        ConfigError::PlayerCount { .. }
        | ConfigError::NameCount { .. }
        | ConfigError::Sets(_)
        | ConfigError::Tiles(_)
        | ConfigError::Value { .. }
        | ConfigError::FirstPlayer { .. } => carc_status::CARC_CONFIG_ERROR,
        // A variant added later: an invalid configuration all the same.
        _ => carc_status::CARC_CONFIG_ERROR,
    };
    crate::boundary::set_error(e.to_string());
    status
}

fn record_status(e: RecordError) -> carc_status {
    let status = match e {
        RecordError::Json(_) | RecordError::Format { .. } | RecordError::TooLarge { .. } => {
            carc_status::CARC_PARSE_ERROR
        }
        RecordError::Config(ConfigError::Internal(_))
        | RecordError::IllegalAction {
            error: PlayError::Internal(_),
            ..
        }
        | RecordError::IllegalDraw {
            error: DrawError::Internal(_),
            ..
        } => carc_status::CARC_INTERNAL_ERROR,
        RecordError::Config(_) => carc_status::CARC_CONFIG_ERROR,
        RecordError::IllegalAction { .. }
        | RecordError::IllegalDraw { .. }
        | RecordError::DrawMismatch { .. }
        | RecordError::MissingDraws(_)
        | RecordError::TrailingMoves { .. }
        | RecordError::UnusedMoves { .. } => carc_status::CARC_RECORD_ERROR,
        // A variant added later: the record cannot be replayed all the same.
        _ => carc_status::CARC_RECORD_ERROR,
    };
    crate::boundary::set_error(e.to_string());
    status
}

/// Creates a game from a JSON config (NULL: a two-player base game) and a seed, into `*out`.
/// The config is the core's `Config` as JSON, e.g.
/// `{"players": 3, "rules": {"farmers": false, "small_city": "legacy2"}, "explicit_draws": true}`.
/// The caller owns the new game and must release it with `carc_game_free`.
///
/// Returns `CARC_PARSE_ERROR` for invalid JSON or an unknown field, `CARC_CONFIG_ERROR` for an
/// invalid config (see `carc_last_error`), `CARC_NULL_ARGUMENT` if `out` is NULL.
///
/// # Safety
/// `config_json` must be NULL or a NUL-terminated string; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_game_new(
    config_json: *const c_char,
    seed: u64,
    out: *mut *mut carc_game,
) -> carc_status {
    ffi!({
        require(out, "out")?;
        let config = if config_json.is_null() {
            Config::new(2)
        } else {
            let text = arg_str(config_json, "config_json")?;
            Config::from_json(text).map_err(config_error)?
        };
        let game = Game::new(config, seed).map_err(config_error)?;
        write_out(out, "out", carc_game::boxed(game))
    })
}

/// Releases a game. `carc_game_free(NULL)` does nothing; the pointer must not be used again.
///
/// # Safety
/// `game` must be NULL or a game from this library not freed before.
#[no_mangle]
pub unsafe extern "C" fn carc_game_free(game: *mut carc_game) {
    if !game.is_null() {
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            // SAFETY: a live game from `Box::into_raw`, by the caller's contract.
            drop(unsafe { Box::from_raw(game) });
        }));
    }
}

/// Copies a game (its whole state) into a new game in `*out`, owned by the caller.
///
/// # Safety
/// `game` must be NULL or a live game; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_game_clone(
    game: *const carc_game,
    out: *mut *mut carc_game,
) -> carc_status {
    ffi!({
        let g = live(game)?;
        require(out, "out")?;
        let copy = Box::new(carc_game {
            game: g.game.clone(),
            epoch: g.epoch,
            events: g.events.clone(),
            broken: false,
        });
        write_out(out, "out", Box::into_raw(copy))
    })
}

/// Copies the whole state of the game `src` into the game `dst`, reusing `dst`'s memory (the
/// copy a search makes of its root for each playout, `Game::clone_from` in Rust): once `dst`
/// has held a base game as large as `src`, copying its state allocates nothing (the events of
/// `src`'s last play are copied too, and a score among them may allocate). Afterwards `dst` is
/// what `carc_game_clone(src)` would have made: the same state, events and epoch as `src`, so
/// actions listed on `src` are current for `dst`, and actions listed on `dst` before the copy
/// are refused as stale. Both games stay owned by the caller. `CARC_NULL_ARGUMENT` if either is
/// NULL, `CARC_PANIC` if either is broken (then `dst` is unchanged); `dst == src` does nothing
/// else. A panic while copying (a defect) marks `dst` broken.
///
/// # Safety
/// `dst` must be NULL or a live game not used elsewhere during the call; `src` NULL or a live
/// game.
#[no_mangle]
pub unsafe extern "C" fn carc_game_clone_from(
    dst: *mut carc_game,
    src: *const carc_game,
) -> carc_status {
    ffi!({
        require(dst, "dst")?;
        require(src.cast_mut(), "src")?;
        // SAFETY: a live game, by the caller's contract.
        let s = unsafe { live(src) }?;
        if std::ptr::eq(dst, src) {
            return Ok(());
        }
        // SAFETY: a live game distinct from `src` (checked above), by the caller's contract.
        let d = unsafe { live_mut(dst) }?;
        d.changing(|game, _| game.clone_from(&s.game));
        d.epoch = s.epoch;
        d.events.clone_from(&s.events);
        Ok(())
    })
}

/// Loads a game from its JSON record (as written by `carc_game_to_json`) and replays it, into
/// `*out`, owned by the caller. `CARC_PARSE_ERROR` for bad JSON or an unknown tile id,
/// `CARC_RECORD_ERROR` for an illegal action or draw in it, `CARC_CONFIG_ERROR` for a bad config.
///
/// # Safety
/// `json` must be NULL or a NUL-terminated string; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_game_from_json(
    json: *const c_char,
    out: *mut *mut carc_game,
) -> carc_status {
    ffi!({
        let text = arg_str(json, "json")?;
        require(out, "out")?;
        let game = Game::from_json(text).map_err(record_status)?;
        write_out(out, "out", carc_game::boxed(game))
    })
}

/// Imports a JCloisterZone saved game (the text of a `.jcz` file) and replays it, into `*out`,
/// owned by the caller. The imported game uses explicit draws. `CARC_PARSE_ERROR` for invalid
/// JSON, `CARC_IMPORT_ERROR` for unsupported content or a failed replay (see
/// `carc_last_error`).
///
/// # Safety
/// `jcz_text` must be NULL or a NUL-terminated string; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_game_from_jcz(
    jcz_text: *const c_char,
    out: *mut *mut carc_game,
) -> carc_status {
    ffi!({
        let text = arg_str(jcz_text, "jcz_text")?;
        require(out, "out")?;
        let jcz = JczGame::parse(text).map_err(|e| {
            let status = match e {
                ImportError::Json(_) | ImportError::TooLarge { .. } => {
                    carc_status::CARC_PARSE_ERROR
                }
                ImportError::Config(ConfigError::Internal(_)) => carc_status::CARC_INTERNAL_ERROR,
                ImportError::Io { .. } => carc_status::CARC_IO_ERROR,
                ImportError::Format(_)
                | ImportError::Unsupported(_)
                | ImportError::UnknownTile(_)
                | ImportError::Config(_)
                | ImportError::Replay { .. }
                | ImportError::WrongPlayer { .. } => carc_status::CARC_IMPORT_ERROR,
                // A variant added later: the game cannot be imported all the same.
                _ => carc_status::CARC_IMPORT_ERROR,
            };
            crate::boundary::set_error(e.to_string());
            status
        })?;
        write_out(out, "out", carc_game::boxed(jcz.game))
    })
}

/// Writes the game's JSON record (config, seed, draws, actions) into `buf`, NUL-terminated,
/// and its length into `*needed`. `CARC_BUFFER_TOO_SMALL` (with `*needed` set) if `cap` is not
/// more than the length; pass `buf` NULL and `cap` 0 to ask for the length.
///
/// # Safety
/// `game` NULL or live; `buf` NULL or `cap` writable bytes; `needed` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_game_to_json(
    game: *const carc_game,
    buf: *mut c_char,
    cap: usize,
    needed: *mut usize,
) -> carc_status {
    ffi!({ write_text(&live(game)?.game.to_json(), buf, cap, needed) })
}

/// Writes the game as a JCloisterZone saved game (the text of a `.jcz` file that
/// JCloisterZone opens; see `Game::to_jcz` in the Rust crate) into `buf`, NUL-terminated, and
/// its length into `*needed`, with the buffer rules of `carc_game_to_json`. The caller owns
/// `buf`; nothing is allocated for it. `CARC_EXPORT_ERROR` (details in `carc_last_error`) for
/// a game JCloisterZone would play otherwise: a rule variant it does not have where the
/// game's sets make it matter, a first player other than seat 0, or a custom stack its pack
/// does not hold. JCloisterZone's readings, for the config's `"rules"`:
/// `"river_base_start_tile": "shuffle_into_main_stack"`, `"river_turns": "jcz_lookahead"`,
/// `"river2_fork_first": true`, `"volcano_lake_turn": false`,
/// `"count_place_returned_figures": true`, `"count_leave_to_unoccupied": true`,
/// `"count_final_moves_optional": true`, `"count_entry_feature_points_only": true`.
///
/// # Safety
/// `game` NULL or live; `buf` NULL or `cap` writable bytes; `needed` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_game_to_jcz(
    game: *const carc_game,
    buf: *mut c_char,
    cap: usize,
    needed: *mut usize,
) -> carc_status {
    ffi!({
        let text = live(game)?.game.to_jcz().map_err(|e| {
            crate::boundary::set_error(e.to_string());
            carc_status::CARC_EXPORT_ERROR
        })?;
        write_text(&text, buf, cap, needed)
    })
}

/// Number of players, into `*out`.
///
/// # Safety
/// `game` NULL or live; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_game_players(game: *const carc_game, out: *mut u32) -> carc_status {
    ffi!({ write_out(out, "out", live(game)?.game.players() as u32) })
}

/// The name of seat `player` into `buf` (see `carc_game_to_json` for the buffer rules).
/// `CARC_INDEX_OUT_OF_RANGE` for a seat that does not exist.
///
/// # Safety
/// `game` NULL or live; `buf` NULL or `cap` writable bytes; `needed` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_game_player_name(
    game: *const carc_game,
    player: u32,
    buf: *mut c_char,
    cap: usize,
    needed: *mut usize,
) -> carc_status {
    ffi!({
        let g = &live(game)?.game;
        let p = seat(g, player)?;
        write_text(&g.config().player_name(p), buf, cap, needed)
    })
}

fn seat(game: &Game, player: u32) -> Result<usize, carc_status> {
    if (player as usize) < game.players() {
        Ok(player as usize)
    } else {
        fail(
            carc_status::CARC_INDEX_OUT_OF_RANGE,
            format!(
                "player {player} does not exist in a game of {}",
                game.players()
            ),
        )
    }
}

/// The seat that takes the pending decision, into `*out`: usually the active player, but the
/// Count's movement round and Market, the sharing of gold and a crop circle's round are decided
/// in turn by the other players too.
///
/// # Safety
/// `game` NULL or live; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_game_current_player(
    game: *const carc_game,
    out: *mut u32,
) -> carc_status {
    ffi!({ write_out(out, "out", live(game)?.game.current_player() as u32,) })
}

/// The seat whose turn it is (who drew and placed the turn part's tile), into `*out`.
///
/// # Safety
/// `game` NULL or live; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_game_active_player(
    game: *const carc_game,
    out: *mut u32,
) -> carc_status {
    ffi!({ write_out(out, "out", live(game)?.game.active_player() as u32,) })
}

/// The pending decision or chance node, a `CARC_PENDING_*` (`CARC_PENDING_DRAW`, `_PLACE`,
/// `_DEPLOY`, ..., `_GAME_OVER`), into `*out`.
///
/// # Safety
/// `game` NULL or live; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_game_pending(game: *const carc_game, out: *mut u32) -> carc_status {
    ffi!({
        let pending = pending_to_c(live(game)?.game.pending());
        write_out(out, "out", pending)
    })
}

/// The tile in hand (drawn, not yet laid), or `CARC_NO_TILE`, into `*out`.
///
/// # Safety
/// `game` NULL or live; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_game_current_tile(
    game: *const carc_game,
    out: *mut u32,
) -> carc_status {
    ffi!({
        let tile = live(game)?.game.current_tile();
        write_out(out, "out", tile.map_or(CARC_NO_TILE, |t| t.index() as u32))
    })
}

/// Whether the game is over (and finally scored), into `*out`.
///
/// # Safety
/// `game` NULL or live; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_game_is_over(game: *const carc_game, out: *mut bool) -> carc_status {
    ffi!({ write_out(out, "out", live(game)?.game.is_over()) })
}

/// Copies the legal actions of the pending decision into `buf` (at most `cap`) and their
/// number into `*len`; each carries the game's current epoch. `CARC_BUFFER_TOO_SMALL` (with
/// `*len` set, `buf` untouched) when `cap` is too small; `buf` NULL with `cap` 0 asks for the
/// number. No actions while a draw is pending or the game is over. `buf` is owned by the
/// caller; nothing of it is kept.
///
/// A placement decision is written straight from the board's scan into `buf` (counted first
/// when `cap` is under four per open position), without a list between.
///
/// # Safety
/// `game` NULL or live; `buf` NULL or `cap` writable elements; `len` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_game_legal_actions(
    game: *const carc_game,
    buf: *mut carc_action,
    cap: usize,
    len: *mut usize,
) -> carc_status {
    ffi!({
        let g = live(game)?;
        let epoch = g.epoch;
        write_listed(
            buf,
            cap,
            len,
            #[inline(always)]
            |a: &Action| action_to_c(a, epoch),
            |slots| {
                slots.fill(|out, convert| {
                    g.game.write_legal_actions(
                        out,
                        #[inline(always)]
                        |action| MaybeUninit::new(convert(&action)),
                    )
                })
            },
        )
    })
}

/// Plays an action given by value. `CARC_STALE_ACTION` if `action->epoch` is neither 0 nor the
/// current epoch; `CARC_INVALID_ARGUMENT` for an unknown field value; `CARC_ILLEGAL_ACTION` if
/// it is not legal now (see `carc_last_error`). On failure the game is unchanged. On success
/// `carc_game_events` gives what happened.
///
/// # Safety
/// `game` NULL or live; `action` NULL or a readable `carc_action`.
#[no_mangle]
pub unsafe extern "C" fn carc_game_play(
    game: *mut carc_game,
    action: *const carc_action,
) -> carc_status {
    ffi!({
        let g = live_mut(game)?;
        let c = arg_ref(action, "action")?;
        if c.epoch != 0 && c.epoch != g.epoch {
            return fail(
                carc_status::CARC_STALE_ACTION,
                format!(
                    "the action was listed at epoch {}, the game is at {}",
                    c.epoch, g.epoch
                ),
            );
        }
        let action = action_from_c(c)?;
        g.play(action)
    })
}

/// Plays legal action number `index` of the current decision (the order of
/// `carc_game_legal_actions`). `CARC_INDEX_OUT_OF_RANGE` if `index` is not below their number.
/// A placement is found without listing the others. On failure the game is unchanged; on
/// success `carc_game_events` gives what happened.
///
/// # Safety
/// `game` NULL or live.
#[no_mangle]
pub unsafe extern "C" fn carc_game_play_index(game: *mut carc_game, index: usize) -> carc_status {
    ffi!({
        let g = live_mut(game)?;
        let Some(action) = g.game.legal_action(index) else {
            let n = g.game.legal_action_count();
            return fail(
                carc_status::CARC_INDEX_OUT_OF_RANGE,
                format!("action index {index} is not below the {n} legal actions"),
            );
        };
        g.play(action)
    })
}

/// Number of legal actions of the pending decision, into `*out`. Placements are counted
/// without being listed.
///
/// # Safety
/// `game` NULL or live; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_game_legal_action_count(
    game: *const carc_game,
    out: *mut usize,
) -> carc_status {
    ffi!({ write_out(out, "out", live(game)?.game.legal_action_count()) })
}

/// Copies the events of the last successful `carc_game_play`, `carc_game_play_index` or
/// `carc_game_draw` into `buf` (buffer rules as `carc_game_legal_actions`).
///
/// # Safety
/// `game` NULL or live; `buf` NULL or `cap` writable elements; `len` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_game_events(
    game: *const carc_game,
    buf: *mut carc_event,
    cap: usize,
    len: *mut usize,
) -> carc_status {
    ffi!({
        let events: Vec<carc_event> = live(game)?.events.iter().map(event_to_c).collect();
        write_items(&events, buf, cap, len)
    })
}

/// The score of seat `player`, into `*out`. `CARC_INDEX_OUT_OF_RANGE` for an unknown seat.
///
/// # Safety
/// `game` NULL or live; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_game_score(
    game: *const carc_game,
    player: u32,
    out: *mut u32,
) -> carc_status {
    ffi!({
        let g = &live(game)?.game;
        let p = seat(g, player)?;
        write_out(out, "out", g.score(p))
    })
}

/// Followers in the supply of seat `player`, into `*out`.
///
/// # Safety
/// `game` NULL or live; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_game_followers(
    game: *const carc_game,
    player: u32,
    out: *mut u32,
) -> carc_status {
    ffi!({
        let g = &live(game)?.game;
        let p = seat(g, player)?;
        write_out(out, "out", g.followers_in_supply(p) as u32)
    })
}

/// Figures of kind `figure` (`CARC_FIGURE_*`) in the supply of seat `player`, into `*out`.
/// `CARC_INVALID_ARGUMENT` for an unknown figure, `CARC_INDEX_OUT_OF_RANGE` for an unknown seat.
///
/// # Safety
/// `game` NULL or live; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_game_supply(
    game: *const carc_game,
    player: u32,
    figure: u32,
    out: *mut u32,
) -> carc_status {
    ffi!({
        let g = &live(game)?.game;
        let p = seat(g, player)?;
        let figure = crate::types::figure_from_c(figure)?;
        write_out(out, "out", g.supply(p, figure) as u32)
    })
}

/// Trade goods tokens of seat `player` (Traders & Builders) into `out[0..3]`: wine, grain,
/// cloth.
///
/// # Safety
/// `game` NULL or live; `out` NULL or an array of 3 writable `uint32_t`.
#[no_mangle]
pub unsafe extern "C" fn carc_game_goods(
    game: *const carc_game,
    player: u32,
    out: *mut [u32; 3],
) -> carc_status {
    ffi!({
        let g = &live(game)?.game;
        let p = seat(g, player)?;
        write_out(out, "out", g.goods(p).map(u32::from))
    })
}

/// The seat holding the King (`CARC_TOKEN_KING`) or the Robber Baron
/// (`CARC_TOKEN_ROBBER_BARON`), or -1 when nobody does, into `*out`. `CARC_INVALID_ARGUMENT`
/// for another token value.
///
/// # Safety
/// `game` NULL or live; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_game_token_holder(
    game: *const carc_game,
    token: u32,
    out: *mut i32,
) -> carc_status {
    ffi!({
        let g = &live(game)?.game;
        let token = crate::types::token_from_c(token)?;
        write_out(out, "out", g.token_holder(token).map_or(-1, |p| p as i32))
    })
}

/// The quarter where the Count stands (`CARC_QUARTER_*`), or `CARC_QUARTER_NONE` in a game
/// without the Count, into `*out`.
///
/// # Safety
/// `game` NULL or live; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_game_count_quarter(
    game: *const carc_game,
    out: *mut u32,
) -> carc_status {
    ffi!({
        let g = &live(game)?.game;
        write_out(
            out,
            "out",
            g.count_quarter().map_or(CARC_QUARTER_NONE, quarter_to_c),
        )
    })
}

/// How many figures of kind `figure` (`CARC_FIGURE_*`) seat `player` has in quarter `quarter`
/// (`CARC_QUARTER_*`) of the City of Carcassonne, into `*out` (0 in a game without the
/// Count).
///
/// # Safety
/// `game` NULL or live; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_game_quarter_figures(
    game: *const carc_game,
    quarter: u32,
    player: u32,
    figure: u32,
    out: *mut u32,
) -> carc_status {
    ffi!({
        let g = &live(game)?.game;
        let quarter = crate::types::quarter_from_c(quarter)?;
        let p = seat(g, player)?;
        let figure = crate::types::figure_from_c(figure)?;
        let n = g
            .quarter_figures(quarter)
            .iter()
            .filter(|&&(owner, f)| owner == p && f == figure)
            .count();
        write_out(out, "out", n as u32)
    })
}

/// Where the big top stands (Under the Big Top), into `*x`, `*y`, and into `*on_board` whether
/// it is on the board at all (false before the first big-top site and without the big top;
/// `*x`, `*y` are then 0).
///
/// # Safety
/// `game` NULL or live; `x`, `y`, `on_board` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_game_big_top(
    game: *const carc_game,
    x: *mut i32,
    y: *mut i32,
    on_board: *mut bool,
) -> carc_status {
    ffi!({
        let g = &live(game)?.game;
        require(x, "x")?;
        require(y, "y")?;
        require(on_board, "on_board")?;
        let pos = g.big_top();
        write_out(x, "x", pos.map_or(0, |p| p.x))?;
        write_out(y, "y", pos.map_or(0, |p| p.y))?;
        write_out(on_board, "on_board", pos.is_some())
    })
}

/// The animal tokens still hidden in the pool, `CARC_ANIMAL_*` by index, into `counts` (6
/// entries, owned by the caller; all 0 without the big top).
///
/// # Safety
/// `game` NULL or live; `counts` NULL or 6 writable `uint32_t`.
#[no_mangle]
pub unsafe extern "C" fn carc_game_animals_left(
    game: *const carc_game,
    counts: *mut u32,
) -> carc_status {
    ffi!({
        let g = &live(game)?.game;
        let mut all = [0u32; 6];
        for (animal, n) in g.animals_left() {
            all[crate::types::animal_to_c(animal) as usize] = u32::from(n);
        }
        require(counts, "counts")?;
        let mut written = 0usize;
        write_items(&all, counts, all.len(), &mut written)
    })
}

/// Copies the acrobat sites on the board (in the order their tiles were laid) with their
/// acrobats into `buf` (buffer rules as `carc_game_legal_actions`).
///
/// # Safety
/// `game` NULL or live; `buf` NULL or `cap` writable elements; `len` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_game_acrobat_sites(
    game: *const carc_game,
    buf: *mut carc_acrobat_site,
    cap: usize,
    len: *mut usize,
) -> carc_status {
    ffi!({
        let sites: Vec<carc_acrobat_site> = live(game)?
            .game
            .acrobat_sites()
            .iter()
            .map(crate::types::acrobat_site_to_c)
            .collect();
        write_items(&sites, buf, cap, len)
    })
}

/// Copies the tiles with gold ingots on them (Gold Mines; in the order the tiles first got one)
/// into `buf` (buffer rules as `carc_game_legal_actions`; none without the gold element).
///
/// # Safety
/// `game` NULL or live; `buf` NULL or `cap` writable elements; `len` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_game_ingots_on_board(
    game: *const carc_game,
    buf: *mut carc_ingots,
    cap: usize,
    len: *mut usize,
) -> carc_status {
    ffi!({
        let tiles: Vec<carc_ingots> = live(game)?
            .game
            .ingots_on_board()
            .iter()
            .map(|&(pos, n)| carc_ingots {
                x: pos.x,
                y: pos.y,
                count: u32::from(n),
            })
            .collect();
        write_items(&tiles, buf, cap, len)
    })
}

/// The gold ingots `player` holds (Gold Mines GM.5) into `*out`, and those left in the supply
/// (of 16) into `*supply` (both 0 without the gold element).
///
/// # Safety
/// `game` NULL or live; `out`, `supply` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_game_ingots(
    game: *const carc_game,
    player: u32,
    out: *mut u32,
    supply: *mut u32,
) -> carc_status {
    ffi!({
        let g = &live(game)?.game;
        let p = seat(g, player)?;
        require(out, "out")?;
        require(supply, "supply")?;
        write_out(out, "out", u32::from(g.ingots(p)))?;
        write_out(supply, "supply", u32::from(g.ingots_in_supply()))
    })
}

/// Copies the mage and the witch on the board (Mage & Witch; the mage first) into `buf`
/// (buffer rules as `carc_game_legal_actions`; at most 2, none in the reserve).
///
/// # Safety
/// `game` NULL or live; `buf` NULL or `cap` writable elements; `len` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_game_magic_figures(
    game: *const carc_game,
    buf: *mut carc_magic_figure,
    cap: usize,
    len: *mut usize,
) -> carc_status {
    ffi!({
        let figures: Vec<carc_magic_figure> = live(game)?
            .game
            .magic_figures()
            .iter()
            .map(crate::types::magic_figure_to_c)
            .collect();
        write_items(&figures, buf, cap, len)
    })
}

/// Copies the ferries on the board (Ferries FE.1; in the order their lakes were laid) into
/// `buf` (buffer rules as `carc_game_legal_actions`; none without the ferries element).
///
/// # Safety
/// `game` NULL or live; `buf` NULL or `cap` writable elements; `len` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_game_ferries(
    game: *const carc_game,
    buf: *mut crate::types::carc_ferry,
    cap: usize,
    len: *mut usize,
) -> carc_status {
    ffi!({
        let ferries: Vec<crate::types::carc_ferry> = live(game)?
            .game
            .ferries()
            .into_iter()
            .map(|(pos, location)| crate::types::carc_ferry {
                x: pos.x,
                y: pos.y,
                location: u32::from(location.bits()),
            })
            .collect();
        write_items(&ferries, buf, cap, len)
    })
}

/// Messages (M.2): 1 into `*out` if the active player's turn so far earns a message (one of
/// his figures landed on a dark space in his own turn), else 0 (always 0 without the Messages).
///
/// # Safety
/// `game` NULL or live; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_game_message_earned(
    game: *const carc_game,
    out: *mut u32,
) -> carc_status {
    ffi!({ write_out(out, "out", u32::from(live(game)?.game.message_earned()),) })
}

/// The message the active player drew and has not resolved yet (Messages M.3; pending
/// `CARC_PENDING_RESOLVE_MESSAGE`), `CARC_MESSAGE_*`, or `CARC_MESSAGE_NONE` (no message in
/// hand, and every game without the Messages), into `*out`.
///
/// # Safety
/// `game` NULL or live; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_game_message_in_hand(
    game: *const carc_game,
    out: *mut u32,
) -> carc_status {
    ffi!({
        let message = live(game)?.game.message_in_hand();
        write_out(
            out,
            "out",
            message.map_or(CARC_MESSAGE_NONE, crate::types::message_to_c),
        )
    })
}

/// Copies the messages never drawn (Messages M.2; `CARC_MESSAGE_*` in code order, at most 8)
/// into `buf` (buffer rules as `carc_game_legal_actions`: `buf` NULL with `cap` 0 asks for
/// their number in `*len`). While any is left, the next draw is one of them, each alike. None
/// without the Messages. The caller owns `buf`.
///
/// # Safety
/// `game` NULL or live; `buf` NULL or `cap` writable `uint32_t`; `len` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_game_messages_unseen(
    game: *const carc_game,
    buf: *mut u32,
    cap: usize,
    len: *mut usize,
) -> carc_status {
    ffi!({
        let messages = live(game)?.game.messages_unseen();
        write_mapped(&messages, |m| crate::types::message_to_c(*m), buf, cap, len)
    })
}

/// Copies the messages put under the deck after use (Messages M.3; `CARC_MESSAGE_*`, the one
/// there longest first, at most 8) into `buf` (buffer rules as `carc_game_legal_actions`).
/// Once every message was seen, the next draw is the first of them. None without the
/// Messages. The caller owns `buf`.
///
/// # Safety
/// `game` NULL or live; `buf` NULL or `cap` writable `uint32_t`; `len` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_game_messages_under_deck(
    game: *const carc_game,
    buf: *mut u32,
    cap: usize,
    len: *mut usize,
) -> carc_status {
    ffi!({
        let messages = live(game)?.game.messages_under_deck();
        write_mapped(&messages, |m| crate::types::message_to_c(*m), buf, cap, len)
    })
}

/// The numbering the game's rules name the messages by (the rule option `message_numbering`:
/// `CARC_MESSAGE_NUMBERING_C1`, the default, or `CARC_MESSAGE_NUMBERING_C2`; no effect on
/// play), into `*out`, for `carc_message_number`. Every game has one, with the Messages or
/// not.
///
/// # Safety
/// `game` NULL or live; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_game_message_numbering(
    game: *const carc_game,
    out: *mut u32,
) -> carc_status {
    ffi!({
        let numbering = live(game)?.game.config().rules.message_numbering;
        write_out(out, "out", crate::types::numbering_to_c(numbering))
    })
}

/// The scoring figures each player has on the score track (1 with the Robbers, 2 with the
/// Messages (1 again after the merge, M.6); 0 without a track) into `*out`.
///
/// # Safety
/// `game` NULL or live; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_game_track_figures(
    game: *const carc_game,
    out: *mut u32,
) -> carc_status {
    ffi!({ write_out(out, "out", live(game)?.game.track_figures() as u32,) })
}

/// Where seat `player`'s scoring figure number `figure` (0: the scoring figure) stands on the
/// score track: into `*space` its space (0–49, its points modulo 50), into `*laps` the laps of
/// 50 completed. `CARC_INDEX_OUT_OF_RANGE` for a seat that does not play or a figure at or
/// beyond `carc_game_track_figures` (every game without the track).
///
/// # Safety
/// `game` NULL or live; `space`, `laps` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_game_track_position(
    game: *const carc_game,
    player: u32,
    figure: u32,
    space: *mut u32,
    laps: *mut u32,
) -> carc_status {
    ffi!({
        let g = &live(game)?.game;
        let p = seat(g, player)?;
        require(space, "space")?;
        require(laps, "laps")?;
        let Some(at) = g.track_position(p, figure as usize) else {
            return fail(
                carc_status::CARC_INDEX_OUT_OF_RANGE,
                format!(
                    "figure {figure} is not on the score track (the game has {} per player)",
                    g.track_figures()
                ),
            );
        };
        write_out(space, "space", u32::from(at.space))?;
        write_out(laps, "laps", at.laps)
    })
}

/// Where seat `player`'s robber is (Robbers): into `*state` `CARC_ROBBER_IN_SUPPLY`,
/// `CARC_ROBBER_ON_TRACK`, `CARC_ROBBER_RETURNING` or `CARC_ROBBER_NONE` (no robbers in this
/// game), into `*space` its track space when on the track (0 otherwise).
///
/// # Safety
/// `game` NULL or live; `state`, `space` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_game_robber(
    game: *const carc_game,
    player: u32,
    state: *mut u32,
    space: *mut u32,
) -> carc_status {
    ffi!({
        let g = &live(game)?.game;
        let p = seat(g, player)?;
        require(state, "state")?;
        require(space, "space")?;
        let (kind, at) = crate::types::robber_to_c(g.robber(p));
        write_out(state, "state", kind)?;
        write_out(space, "space", at)
    })
}

/// A flight under way (Flying Machines, between the flight and the landing): into `*x`, `*y`
/// the flying machine's tile, into `*direction` the `CARC_DIRECTION_*` of the flight, into
/// `*distance` the roll (0 before it), and into `*in_flight` whether a flight is under way at
/// all (the other outputs are then 0).
///
/// # Safety
/// `game` NULL or live; every output NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_game_flight(
    game: *const carc_game,
    x: *mut i32,
    y: *mut i32,
    direction: *mut u32,
    distance: *mut u32,
    in_flight: *mut bool,
) -> carc_status {
    ffi!({
        let g = &live(game)?.game;
        require(x, "x")?;
        require(y, "y")?;
        require(direction, "direction")?;
        require(distance, "distance")?;
        require(in_flight, "in_flight")?;
        let flight = g.flight();
        let (from, dir, target) = match flight {
            Some((from, dir, target)) => (from, crate::types::direction_to_c(dir), target),
            None => (carcassonne::Position::new(0, 0), 0, None),
        };
        let roll = target.map_or(0, |t| {
            (t.x - from.x)
                .unsigned_abs()
                .max((t.y - from.y).unsigned_abs())
        });
        write_out(x, "x", from.x)?;
        write_out(y, "y", from.y)?;
        write_out(direction, "direction", dir)?;
        write_out(distance, "distance", roll)?;
        write_out(in_flight, "in_flight", flight.is_some())
    })
}

/// A crop circle's round under way (Crop Circles, from the option's prompt to the last
/// player's decision): into `*x`, `*y` the circle's tile, into `*circle` its kind
/// (`CARC_FEATURE_ROAD`, `CARC_FEATURE_CITY` or `CARC_FEATURE_FIELD`), into `*option` the
/// option chosen (`CARC_CROP_DEPLOY`, `CARC_CROP_RETURN`, or `CARC_CROP_NONE` while the
/// active player chooses), and into `*in_round` whether a round is under way at all (the
/// other outputs are then 0 and `CARC_CROP_NONE`). The deciding seat is
/// `carc_game_current_player`.
///
/// # Safety
/// `game` NULL or live; every output NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_game_crop_round(
    game: *const carc_game,
    x: *mut i32,
    y: *mut i32,
    circle: *mut u32,
    option: *mut u32,
    in_round: *mut bool,
) -> carc_status {
    ffi!({
        let g = &live(game)?.game;
        require(x, "x")?;
        require(y, "y")?;
        require(circle, "circle")?;
        require(option, "option")?;
        require(in_round, "in_round")?;
        let round = g.crop_round();
        write_out(x, "x", round.map_or(0, |r| r.pos.x))?;
        write_out(y, "y", round.map_or(0, |r| r.pos.y))?;
        write_out(
            circle,
            "circle",
            round.map_or(0, |r| crate::types::feature_to_c(r.circle)),
        )?;
        write_out(
            option,
            "option",
            round
                .and_then(|r| r.option)
                .map_or(crate::types::CARC_CROP_NONE, crate::types::crop_option_to_c),
        )?;
        write_out(in_round, "in_round", round.is_some())
    })
}

/// Tiles left in the stack, into `*out`.
///
/// # Safety
/// `game` NULL or live; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_game_tiles_left(
    game: *const carc_game,
    out: *mut u32,
) -> carc_status {
    ffi!({ write_out(out, "out", live(game)?.game.tiles_left() as u32) })
}

/// Copies the tiles on the board (in the order they were laid) into `buf` (buffer rules as
/// `carc_game_legal_actions`).
///
/// # Safety
/// `game` NULL or live; `buf` NULL or `cap` writable elements; `len` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_game_board(
    game: *const carc_game,
    buf: *mut carc_tile_info,
    cap: usize,
    len: *mut usize,
) -> carc_status {
    ffi!({
        let tiles: Vec<carc_tile_info> = live(game)?
            .game
            .board()
            .tiles()
            .iter()
            .map(tile_info_to_c)
            .collect();
        write_items(&tiles, buf, cap, len)
    })
}

/// Copies the figures on the board (in the order they were deployed) into `buf` (buffer rules
/// as `carc_game_legal_actions`).
///
/// # Safety
/// `game` NULL or live; `buf` NULL or `cap` writable elements; `len` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_game_figures(
    game: *const carc_game,
    buf: *mut carc_figure_info,
    cap: usize,
    len: *mut usize,
) -> carc_status {
    ffi!({
        let figures: Vec<carc_figure_info> = live(game)?
            .game
            .figures()
            .iter()
            .map(figure_info_to_c)
            .collect();
        write_items(&figures, buf, cap, len)
    })
}

/// The board drawn as text (5x3 characters per tile, north up) into `buf` (buffer rules as
/// `carc_game_to_json`).
///
/// # Safety
/// `game` NULL or live; `buf` NULL or `cap` writable bytes; `needed` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_game_board_text(
    game: *const carc_game,
    buf: *mut c_char,
    cap: usize,
    needed: *mut usize,
) -> carc_status {
    ffi!({
        let text = carcassonne::render::board_text(&live(game)?.game);
        write_text(&text, buf, cap, needed)
    })
}

/// Supplies the next tile of an explicit-draw game (see `carc_game_chance_outcomes`): the
/// same as `carc_game_resolve_chance` with `CARC_CHANCE_TILE`. `CARC_INVALID_ARGUMENT` for an
/// unknown tile number; `CARC_ILLEGAL_DRAW` if draws are automatic, no draw is pending, or no
/// such tile is left. On success `carc_game_events` gives what happened (a tile that fits
/// nowhere is discarded and another draw is pending).
///
/// # Safety
/// `game` NULL or live.
#[no_mangle]
pub unsafe extern "C" fn carc_game_draw(game: *mut carc_game, tile: u32) -> carc_status {
    ffi!({
        let g = live_mut(game)?;
        let tile = tile_from_c(tile)?;
        g.resolve(Outcome::Tile(tile))
    })
}

/// Supplies the outcome of the pending chance node of an explicit-draw game: `kind` is
/// `CARC_CHANCE_*` and `value` the outcome (for `CARC_CHANCE_TILE` the tile number, for
/// `CARC_CHANCE_ANIMAL` the `CARC_ANIMAL_*` of the big top's token, for `CARC_CHANCE_ROLL` the
/// die's roll, for `CARC_CHANCE_MESSAGE` the `CARC_MESSAGE_*` on top of the deck), as listed
/// by `carc_game_chance_outcomes`. `CARC_INVALID_ARGUMENT` for an unknown kind or value;
/// `CARC_ILLEGAL_DRAW` if draws are automatic, no chance node is pending, or the outcome is not
/// possible now. On success `carc_game_events` gives what happened.
///
/// # Safety
/// `game` NULL or live.
#[no_mangle]
pub unsafe extern "C" fn carc_game_resolve_chance(
    game: *mut carc_game,
    kind: u32,
    value: u32,
) -> carc_status {
    ffi!({
        let g = live_mut(game)?;
        let outcome = outcome_from_c(kind, value)?;
        g.resolve(outcome)
    })
}

/// Copies the outcomes of the pending chance node with their probabilities into `buf` (buffer
/// rules as `carc_game_legal_actions`); none unless a chance node is pending.
///
/// # Safety
/// `game` NULL or live; `buf` NULL or `cap` writable elements; `len` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_game_chance_outcomes(
    game: *const carc_game,
    buf: *mut carc_chance,
    cap: usize,
    len: *mut usize,
) -> carc_status {
    ffi!({
        let outcomes: Vec<carc_chance> = live(game)?
            .game
            .chance_outcomes()
            .into_iter()
            .map(|(o, p)| outcome_to_c(o, p))
            .collect();
        write_items(&outcomes, buf, cap, len)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A panic while a call changes a game (a defect, simulated here) marks the game broken:
    /// every later call with it returns `CARC_PANIC` naming why, a clone is refused, and
    /// `carc_game_free` still releases it.
    #[test]
    fn a_panic_while_changing_marks_the_game_broken() {
        let raw = carc_game::boxed(Game::new(Config::new(2), 1).expect("a valid config"));
        // SAFETY: `raw` is a live game of this test, not aliased here.
        let game = unsafe { &mut *raw };
        let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            game.changing(|_, _| -> () { panic!("a simulated defect") })
        }));
        assert!(caught.is_err());
        let mut score = 77u32;
        // SAFETY: a live game and a writable out-parameter.
        let status = unsafe { carc_game_score(raw, 0, &mut score) };
        assert_eq!(status, carc_status::CARC_PANIC);
        assert_eq!(score, 77, "nothing written");
        assert!(crate::boundary::last_error().contains("broken"));
        let mut copy = std::ptr::null_mut();
        // SAFETY: as above.
        let status = unsafe { carc_game_clone(raw, &mut copy) };
        assert_eq!(status, carc_status::CARC_PANIC);
        assert!(copy.is_null());
        // SAFETY: as above.
        let status = unsafe { carc_game_play_index(raw, 0) };
        assert_eq!(status, carc_status::CARC_PANIC);
        // The getters of the expansions' state too.
        let (mut n, mut space, mut laps, mut x, mut y) = (77u32, 77u32, 77u32, 0i32, 0i32);
        let (mut flag, mut len) = (false, 0usize);
        // SAFETY: as above; every out-parameter is writable, the buffers NULL with 0 room.
        let statuses = unsafe {
            [
                carc_game_track_figures(raw, &mut n),
                carc_game_track_position(raw, 0, 0, &mut space, &mut laps),
                carc_game_robber(raw, 0, &mut n, &mut space),
                carc_game_message_earned(raw, &mut n),
                carc_game_message_in_hand(raw, &mut n),
                carc_game_messages_unseen(raw, std::ptr::null_mut(), 0, &mut len),
                carc_game_ferries(raw, std::ptr::null_mut(), 0, &mut len),
                carc_game_crop_round(raw, &mut x, &mut y, &mut n, &mut space, &mut flag),
            ]
        };
        assert!(statuses.iter().all(|s| *s == carc_status::CARC_PANIC));
        assert_eq!((n, space, laps), (77, 77, 77), "nothing written");
        // SAFETY: freed once.
        unsafe { carc_game_free(raw) };
    }
}
