//! # carcassonne-ffi
//!
//! The C ABI of the [`carcassonne`] rules engine. Every function is a thin, checked wrapper over
//! the core API and holds no game logic.
//!
//! Conventions (the same in every function; `include/carcassonne.h` is generated from here):
//! - Everything is prefixed `carc_`. A game is an opaque `carc_game *` from `carc_game_new`,
//!   `carc_game_clone`, `carc_game_from_json` or `carc_game_from_jcz`, released with
//!   `carc_game_free` (`carc_game_free(NULL)` does nothing).
//! - Functions return a [`carc_status`]; `CARC_OK` is 0. Results go through out-parameters,
//!   which are left untouched on failure (the single exception: `needed`/`len` counts are also
//!   written with `CARC_BUFFER_TOO_SMALL`, to say how much room is needed).
//!   `carc_status_str` names a status; `carc_last_error` gives the detailed message of the last
//!   failure on the calling thread.
//! - Every pointer is checked for NULL; enum values from C are read as integers and unknown ones
//!   rejected; an index out of range, a stale action or a buffer too small each get their own
//!   status. A failed call never changes the game, except for the two defects of the library:
//!   `CARC_INTERNAL_ERROR` (an invariant the engine found broken after applying a play or
//!   draw, which stays applied) and `CARC_PANIC`. Every body runs inside `catch_unwind`; a
//!   panic while a call changes a game marks that game broken, and every later call with it
//!   returns `CARC_PANIC`.
//! - Threads: a game is used by one thread at a time, the `const carc_game *` calls included.
//! - Text is written into caller buffers, NUL-terminated, and the length it needs (without the
//!   NUL) is reported.
//! - Ownership: the library owns every `carc_game` and `carc_bot`; strings returned as `const char *` are
//!   static and must not be freed; everything else is copied into caller memory.

#![deny(missing_docs)]
// A C boundary dereferences raw pointers from C; every such use goes through the checked
// helpers of `boundary`.
#![allow(unsafe_code)]
#![allow(non_camel_case_types)]

pub mod bot;
mod boundary;
pub mod game;
pub mod types;

use std::ffi::c_char;

pub use boundary::carc_status;
use boundary::{ffi, set_error, write_out, write_text};
pub use game::carc_game;

/// The library version as a static NUL-terminated string, e.g. `"0.1.0"`; equal to
/// `CARC_VERSION_MAJOR.CARC_VERSION_MINOR.CARC_VERSION_PATCH` of the header it was built with.
/// Owned by the library; never free it.
#[no_mangle]
pub extern "C" fn carc_version() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}

/// A static, NUL-terminated description of `status` (any integer; unknown values get
/// `"unknown status"`). Owned by the library; never free it.
#[no_mangle]
pub extern "C" fn carc_status_str(status: u32) -> *const c_char {
    boundary::status_message(status).as_ptr().cast()
}

/// Copies the message of the last failed call on this thread into `buf` (NUL-terminated) and
/// its length into `*needed` (without the NUL). An empty message if no call failed yet.
/// Messages quote at most 64 bytes of a bad input, so they stay short.
///
/// Returns `CARC_NULL_ARGUMENT` if `needed` is NULL, `CARC_BUFFER_TOO_SMALL` if `cap` is not
/// more than the length (then only `*needed` is written; `buf` may be NULL with `cap` 0 to ask
/// for the length). This call never changes the stored message, whatever it returns: ask for
/// the length, then fetch.
///
/// # Safety
/// `buf` must be NULL or point to `cap` writable bytes; `needed` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_last_error(
    buf: *mut c_char,
    cap: usize,
    needed: *mut usize,
) -> carc_status {
    // Deliberately not through `ffi!` nor `write_text`: reading the message (or asking for
    // its length) must not overwrite it.
    let message = boundary::last_error();
    match std::panic::catch_unwind(|| boundary::copy_text(&message, buf, cap, needed)) {
        Ok(Ok(())) => carc_status::CARC_OK,
        Ok(Err((status, _))) => status,
        Err(_) => carc_status::CARC_PANIC,
    }
}

/// Number of tile kinds in the catalogue; tile numbers used by this API are `0 .. count`.
///
/// # Safety
/// `out` must be NULL (then `CARC_NULL_ARGUMENT`) or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_tile_count(out: *mut u32) -> carc_status {
    ffi!({ write_out(out, "out", carcassonne::catalogue().tiles().len() as u32) })
}

/// The id of tile number `tile` (e.g. `"D"`) as a static NUL-terminated string in `*out`.
/// Owned by the library; never free it. `CARC_INDEX_OUT_OF_RANGE` for an unknown number.
///
/// # Safety
/// `out` must be NULL (then `CARC_NULL_ARGUMENT`) or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_tile_name(tile: u32, out: *mut *const c_char) -> carc_status {
    ffi!({
        let name = types::tile_c_name(tile)?;
        write_out(out, "out", name.as_ptr().cast::<c_char>())
    })
}

/// The number of the tile whose id is `id` (ours like `"D"`, or JCloisterZone's like
/// `"BA/RCr"`), into `*out`. `CARC_PARSE_ERROR` if there is no such tile.
///
/// # Safety
/// `id` must be NULL or a NUL-terminated string; `out` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_tile_find(id: *const c_char, out: *mut u32) -> carc_status {
    ffi!({
        let id = boundary::arg_str(id, "id")?;
        let tile: carcassonne::TileId = id.parse().map_err(|e: carcassonne::ParseError| {
            set_error(e.to_string());
            carc_status::CARC_PARSE_ERROR
        })?;
        write_out(out, "out", tile.index() as u32)
    })
}

/// The text form of a location bit mask (bits 0..12 are the edge points `NL N NR EL E ER SL S
/// SR WL W WR`, bit 12 the centre), in JCloisterZone's notation (`"NW"`, `"NL.NR"`, `"I"`).
///
/// # Safety
/// `buf` must be NULL or point to `cap` writable bytes; `needed` must be NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_location_name(
    location: u32,
    buf: *mut c_char,
    cap: usize,
    needed: *mut usize,
) -> carc_status {
    ffi!({
        let location = types::location_from_c(location)?;
        write_text(&location.to_string(), buf, cap, needed)
    })
}

/// The number of message `message` (`CARC_MESSAGE_SHORTEST_ROAD` ..
/// `CARC_MESSAGE_SCORE_AND_RETURN`) in the rulebook numbering `numbering`
/// (`CARC_MESSAGE_NUMBERING_C1` or `_C2`; a game's own is `carc_game_message_numbering`), 1 to
/// 8, into `*out`. `CARC_INVALID_ARGUMENT` for an unknown
/// message (`CARC_MESSAGE_NONE` too) or numbering.
///
/// # Safety
/// `out` must be NULL (then `CARC_NULL_ARGUMENT`) or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_message_number(
    message: u32,
    numbering: u32,
    out: *mut u32,
) -> carc_status {
    ffi!({
        let message = types::message_from_c(message)?;
        let numbering = types::numbering_from_c(numbering)?;
        write_out(out, "out", u32::from(message.number(numbering)))
    })
}

/// The name of message `message` (`"shortest_road"`, `"smallest_city"`,
/// `"smallest_monastery"`, `"coats_of_arms"`, `"knights"`, `"farmers"`, `"extra_tile"`,
/// `"score_and_return"`: the same in both numberings, and in the notation of a chance outcome,
/// `message:NAME`) as a static NUL-terminated string in `*out`. Owned by the library; never
/// free it. `CARC_INVALID_ARGUMENT` for an unknown message (`CARC_MESSAGE_NONE` too).
///
/// # Safety
/// `out` must be NULL (then `CARC_NULL_ARGUMENT`) or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_message_name(message: u32, out: *mut *const c_char) -> carc_status {
    ffi!({
        let message = types::message_from_c(message)?;
        let name = types::message_c_name(message);
        write_out(out, "out", name.as_ptr().cast::<c_char>())
    })
}

/// The text notation of an action (`"place D 1,-2 R90"`, `"deploy follower 1,-2 city NW"`,
/// `"pass"`) into `buf`. `CARC_INVALID_ARGUMENT` if a field holds an unknown value.
///
/// # Safety
/// `action` must be NULL or point to a `carc_action`; `buf` NULL or `cap` writable bytes;
/// `needed` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn carc_action_to_string(
    action: *const types::carc_action,
    buf: *mut c_char,
    cap: usize,
    needed: *mut usize,
) -> carc_status {
    ffi!({
        let action = types::action_from_c(boundary::arg_ref(action, "action")?)?;
        write_text(&action.to_string(), buf, cap, needed)
    })
}
