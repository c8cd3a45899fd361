//! The boundary helpers: the status enum, the `catch_unwind` wrapper, and checked conversions
//! of every pointer argument. All raw-pointer access of the crate goes through here.

use std::cell::RefCell;
use std::ffi::{c_char, CStr};
use std::mem::MaybeUninit;

/// The result of every fallible function. `CARC_OK` is 0; `carc_status_str` names each value.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum carc_status {
    /// Success.
    CARC_OK = 0,
    /// A required pointer argument was NULL.
    CARC_NULL_ARGUMENT = 1,
    /// An argument holds an unknown enum value, a number out of range, or text that is not
    /// UTF-8.
    CARC_INVALID_ARGUMENT = 2,
    /// Text could not be parsed: JSON, a `.jcz` file, a tile id.
    CARC_PARSE_ERROR = 3,
    /// The configuration is invalid (e.g. the number of players).
    CARC_CONFIG_ERROR = 4,
    /// The action is not legal in the current state.
    CARC_ILLEGAL_ACTION = 5,
    /// The action was listed for another state: an earlier one of this game, or another
    /// game's (a clone and a copy share their source's state until either changes).
    CARC_STALE_ACTION = 6,
    /// An index is not below the number of items.
    CARC_INDEX_OUT_OF_RANGE = 7,
    /// The caller's buffer is too small; the needed size was reported.
    CARC_BUFFER_TOO_SMALL = 8,
    /// The tile cannot be drawn now (no draw pending, draws are automatic, or none left).
    CARC_ILLEGAL_DRAW = 9,
    /// A saved game could not be replayed (an illegal action or draw in it).
    CARC_RECORD_ERROR = 10,
    /// A JCloisterZone game uses something this library does not implement, or its replay
    /// failed.
    CARC_IMPORT_ERROR = 11,
    /// A file could not be read.
    CARC_IO_ERROR = 12,
    /// A bug inside the library was caught. A call that was changing a game (play, draw, copy)
    /// marks it broken: every later call on it but `carc_game_free` returns `CARC_PANIC`
    /// (`carc_last_error` says so); other games are untouched.
    CARC_PANIC = 13,
    /// No decision is pending: a chance node waits for its outcome, or the game is over.
    CARC_NO_DECISION = 14,
    /// The game cannot be written as a JCloisterZone saved game: it uses a rule variant or
    /// setting JCloisterZone does not have (see `carc_last_error`).
    CARC_EXPORT_ERROR = 15,
    /// The engine detected a broken internal invariant (a defect of the library, not of the
    /// input; see `carc_last_error`). The call's action or draw was applied; the game may not
    /// be playable further.
    CARC_INTERNAL_ERROR = 16,
}

/// Static NUL-terminated messages, indexed by status.
const MESSAGES: [&str; 17] = [
    "ok\0",
    "a required pointer argument was NULL\0",
    "invalid argument (unknown enum value, number out of range, or text not UTF-8)\0",
    "parse error (JSON, .jcz file or tile id)\0",
    "invalid configuration\0",
    "illegal action\0",
    "stale action: it was listed for an earlier state of the game\0",
    "index out of range\0",
    "buffer too small: the needed size was reported\0",
    "illegal draw\0",
    "the saved game could not be replayed\0",
    "the JCloisterZone game could not be imported\0",
    "file could not be read\0",
    "internal error (panic) caught; a game it was changing is marked broken\0",
    "no decision is pending (a chance node, or the game is over)\0",
    "the game cannot be written as a JCloisterZone game\0",
    "internal error: the engine detected a broken invariant\0",
];

/// The static message of a status value (any integer).
pub(crate) fn status_message(status: u32) -> &'static str {
    MESSAGES
        .get(status as usize)
        .copied()
        .unwrap_or("unknown status\0")
}

thread_local! {
    static LAST_ERROR: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Records the detailed message of a failure on this thread.
pub(crate) fn set_error(message: impl Into<String>) {
    let message = message.into();
    LAST_ERROR.with(|e| *e.borrow_mut() = message);
}

/// The last failure's message on this thread.
pub(crate) fn last_error() -> String {
    LAST_ERROR.with(|e| e.borrow().clone())
}

/// Runs an FFI body returning `Result<(), carc_status>` inside `catch_unwind` and turns it into
/// a status.
macro_rules! ffi {
    ($body:block) => {{
        let run =
            std::panic::AssertUnwindSafe(|| -> Result<(), $crate::boundary::carc_status> { $body });
        match std::panic::catch_unwind(run) {
            Ok(Ok(())) => $crate::boundary::carc_status::CARC_OK,
            Ok(Err(status)) => status,
            Err(_) => {
                $crate::boundary::set_error(
                    "internal error (panic) caught; a game it was changing is marked broken",
                );
                $crate::boundary::carc_status::CARC_PANIC
            }
        }
    }};
}
pub(crate) use ffi;

/// Fails with `status` and a message.
pub(crate) fn fail<T>(status: carc_status, message: impl Into<String>) -> Result<T, carc_status> {
    set_error(message);
    Err(status)
}

fn null(name: &str) -> carc_status {
    set_error(format!("argument `{name}` is NULL"));
    carc_status::CARC_NULL_ARGUMENT
}

/// A shared reference from a pointer argument.
///
/// # Safety
/// `p` must be NULL or valid for reads of `T` for `'a`.
pub(crate) unsafe fn arg_ref<'a, T>(p: *const T, name: &str) -> Result<&'a T, carc_status> {
    // SAFETY: non-NULL pointers are valid by the caller's contract.
    unsafe { p.as_ref() }.ok_or_else(|| null(name))
}

/// An exclusive reference from a pointer argument.
///
/// # Safety
/// `p` must be NULL or valid for reads and writes of `T` for `'a`, and not aliased.
pub(crate) unsafe fn arg_mut<'a, T>(p: *mut T, name: &str) -> Result<&'a mut T, carc_status> {
    // SAFETY: as above.
    unsafe { p.as_mut() }.ok_or_else(|| null(name))
}

/// A UTF-8 string from a NUL-terminated C string argument.
///
/// # Safety
/// `p` must be NULL or point to a NUL-terminated string valid for `'a`.
pub(crate) unsafe fn arg_str<'a>(p: *const c_char, name: &str) -> Result<&'a str, carc_status> {
    if p.is_null() {
        return Err(null(name));
    }
    // SAFETY: non-NULL and NUL-terminated by the caller's contract.
    let s = unsafe { CStr::from_ptr(p) };
    s.to_str().or_else(|_| {
        fail(
            carc_status::CARC_INVALID_ARGUMENT,
            format!("argument `{name}` is not UTF-8"),
        )
    })
}

/// Fails with `CARC_NULL_ARGUMENT` if the out-parameter `p` is NULL (checked before any work,
/// so that nothing is built for a call that cannot return it).
pub(crate) fn require<T>(p: *mut T, name: &str) -> Result<(), carc_status> {
    if p.is_null() {
        Err(null(name))
    } else {
        Ok(())
    }
}

/// Writes `value` to an out-parameter.
///
/// # Safety
/// `p` must be NULL or valid for writes of `T`.
pub(crate) unsafe fn write_out<T>(p: *mut T, name: &str, value: T) -> Result<(), carc_status> {
    if p.is_null() {
        return Err(null(name));
    }
    // SAFETY: non-NULL and writable by the caller's contract.
    unsafe { p.write(value) };
    Ok(())
}

/// Copies `items` into the caller's array `buf` of `cap` elements and their number into
/// `*len`. With too little room only `*len` is written and the status is
/// `CARC_BUFFER_TOO_SMALL`; `buf` may be NULL when `cap` is 0, to ask for the number.
///
/// # Safety
/// `buf` must be NULL or valid for `cap` writes of `T`; `len` NULL or writable.
pub(crate) unsafe fn write_items<T: Copy>(
    items: &[T],
    buf: *mut T,
    cap: usize,
    len: *mut usize,
) -> Result<(), carc_status> {
    // SAFETY: the caller's contract is the one `write_mapped` needs.
    unsafe { write_mapped(items, |item| *item, buf, cap, len) }
}

/// Like [`write_items`], converting each item on the way, without an intermediate array.
///
/// # Safety
/// As [`write_items`].
pub(crate) unsafe fn write_mapped<S, T>(
    items: &[S],
    convert: impl Fn(&S) -> T,
    buf: *mut T,
    cap: usize,
    len: *mut usize,
) -> Result<(), carc_status> {
    // SAFETY: the caller's contract is the one `write_listed` needs.
    unsafe {
        write_listed(buf, cap, len, convert, |slots| {
            if items.len() > slots.room() {
                return Err(items.len());
            }
            for (i, item) in items.iter().enumerate() {
                slots.write(i, item);
            }
            Ok(items.len())
        })
    }
}

/// Writes a listing straight into the caller's array `buf` of `cap` elements, with the rules
/// of [`write_items`] (on `CARC_BUFFER_TOO_SMALL`, and on any other failure, `buf` is left as it
/// was), converting each item with `convert`.
///
/// `list(slots)` produces the items: it must either write all of them, with
/// `slots.write(i, item)` for `i` from 0 or through [`Slots::fill`], and return `Ok` with
/// their number, or write none and return `Err` with their number when they do not fit in
/// `slots.room()` ([`Game::write_legal_actions`] is such a listing).
///
/// # Safety
/// As [`write_items`].
///
/// [`Game::write_legal_actions`]: carcassonne::Game::write_legal_actions
pub(crate) unsafe fn write_listed<S, T, F: Fn(&S) -> T>(
    buf: *mut T,
    cap: usize,
    len: *mut usize,
    convert: F,
    list: impl FnOnce(&mut Slots<'_, T, F>) -> Result<usize, usize>,
) -> Result<(), carc_status> {
    if len.is_null() {
        return Err(null("len"));
    }
    let slots: &mut [MaybeUninit<T>] = if buf.is_null() {
        &mut []
    } else {
        // SAFETY: `buf` is non-NULL and valid for `cap` writes of `T` (the caller's contract);
        // `MaybeUninit` asks nothing of the elements' contents.
        unsafe { std::slice::from_raw_parts_mut(buf.cast::<MaybeUninit<T>>(), cap) }
    };
    let n = list(&mut Slots { slots, convert }).unwrap_or_else(|n| n);
    // SAFETY: `len` checked non-NULL above.
    unsafe { check_room(n, buf.is_null(), cap, len) }
}

/// The caller's array as [`write_listed`] lends it to a listing, with the conversion of its
/// items.
pub(crate) struct Slots<'a, T, F> {
    slots: &'a mut [MaybeUninit<T>],
    convert: F,
}

impl<T, F> Slots<'_, T, F> {
    /// The number of slots: `cap`, or 0 when `buf` is NULL.
    #[inline(always)]
    pub(crate) fn room(&self) -> usize {
        self.slots.len()
    }

    /// Lends the slots and the conversion to `list`, which writes whole runs of converted
    /// items (as [`Game::write_legal_actions`] does) and keeps the contract of
    /// [`write_listed`].
    ///
    /// [`Game::write_legal_actions`]: carcassonne::Game::write_legal_actions
    #[inline(always)]
    pub(crate) fn fill<R>(&mut self, list: impl FnOnce(&mut [MaybeUninit<T>], &F) -> R) -> R {
        list(self.slots, &self.convert)
    }

    /// Writes `item`, converted, into slot `i`. Panics (the boundary returns `CARC_PANIC`) if
    /// `i` is not below the room, which a listing that keeps the contract of [`write_listed`]
    /// never does.
    #[inline(always)]
    pub(crate) fn write<S>(&mut self, i: usize, item: &S)
    where
        F: Fn(&S) -> T,
    {
        self.slots[i].write((self.convert)(item));
    }
}

/// The status of writing `n` items into the caller's array of `cap` elements (NULL when
/// `buf_is_null`), with `n` into `*len` unless `buf` was NULL with room claimed for items:
/// `CARC_BUFFER_TOO_SMALL` when `n > cap`, `CARC_NULL_ARGUMENT` when items were due into a
/// NULL `buf`.
///
/// # Safety
/// `len` non-NULL and writable.
unsafe fn check_room(
    n: usize,
    buf_is_null: bool,
    cap: usize,
    len: *mut usize,
) -> Result<(), carc_status> {
    if n > cap {
        // SAFETY: the caller's contract.
        unsafe { len.write(n) };
        return fail(
            carc_status::CARC_BUFFER_TOO_SMALL,
            format!("{n} items need a buffer of {n}, not {cap}"),
        );
    }
    if n > 0 && buf_is_null {
        return Err(null("buf"));
    }
    // SAFETY: the caller's contract.
    unsafe { len.write(n) };
    Ok(())
}

/// Copies `text` NUL-terminated into the caller's buffer and its length (without the NUL) into
/// `*needed`. With `cap <= text.len()` only `*needed` is written (`CARC_BUFFER_TOO_SMALL`).
/// A failure is recorded as the thread's last error.
///
/// # Safety
/// `buf` must be NULL or valid for `cap` byte writes; `needed` NULL or writable.
pub(crate) unsafe fn write_text(
    text: &str,
    buf: *mut c_char,
    cap: usize,
    needed: *mut usize,
) -> Result<(), carc_status> {
    // SAFETY: the caller's contract is the one `copy_text` needs.
    unsafe { copy_text(text, buf, cap, needed) }.map_err(|(status, message)| {
        set_error(message);
        status
    })
}

/// [`write_text`] without recording a failure as the last error: for `carc_last_error`, which
/// must not destroy the message it is asked for (the header's idiom asks for the length with
/// `buf = NULL, cap = 0` first).
///
/// # Safety
/// As [`write_text`].
pub(crate) unsafe fn copy_text(
    text: &str,
    buf: *mut c_char,
    cap: usize,
    needed: *mut usize,
) -> Result<(), (carc_status, String)> {
    if needed.is_null() {
        return Err((
            carc_status::CARC_NULL_ARGUMENT,
            "argument `needed` is NULL".into(),
        ));
    }
    if cap > text.len() && buf.is_null() {
        return Err((
            carc_status::CARC_NULL_ARGUMENT,
            "argument `buf` is NULL".into(),
        ));
    }
    // SAFETY: checked non-NULL above.
    unsafe { needed.write(text.len()) };
    if cap <= text.len() {
        return Err((
            carc_status::CARC_BUFFER_TOO_SMALL,
            format!(
                "the text needs {} bytes plus the NUL, the buffer has {cap}",
                text.len()
            ),
        ));
    }
    // SAFETY: `buf` has room for `cap > text.len()` bytes by the caller's contract.
    unsafe {
        std::ptr::copy_nonoverlapping(text.as_ptr().cast::<c_char>(), buf, text.len());
        buf.add(text.len()).write(0);
    }
    Ok(())
}
