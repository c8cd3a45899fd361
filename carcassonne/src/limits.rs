//! The limits on untrusted input: every size a caller (or a file) controls is bounded, and
//! input beyond a limit is refused with an error that names the limit. The defaults are far
//! above anything a real game produces (the largest saved game of the shared JCloisterZone
//! corpus is 55 KB with 113 tiles drawn, its longest message 225 bytes, its longest player name
//! 6 characters), and they bound what a maximal input costs: see the README's reliability
//! section for the time and memory of inputs at each limit.
//!
//! | input | limit | refused with |
//! | --- | --- | --- |
//! | tiles in a custom stack, and in a record's game | [`MAX_STACK_TILES`] | [`ConfigError::Tiles`](crate::ConfigError::Tiles) |
//! | a player name, in bytes of UTF-8; a NUL anywhere | [`MAX_NAME_BYTES`] | [`ConfigError::Value`](crate::ConfigError::Value) (`names`) |
//! | player names in a config's JSON (a record's, a C or Python config) | [`MAX_PLAYERS`](crate::MAX_PLAYERS) names, refused while read | [`ConfigError::Json`](crate::ConfigError::Json), [`RecordError::Json`](crate::RecordError::Json) |
//! | a JSON record's text | [`MAX_RECORD_BYTES`] | [`RecordError::TooLarge`](crate::RecordError::TooLarge) |
//! | a `.jcz` text, and a `.jcz` file read by path | [`MAX_JCZ_BYTES`] | [`ImportError::TooLarge`](crate::ImportError::TooLarge) |
//! | each `.jcz` section other than `replay` (`setup`, `players`, `gameAnnotations`, `test`) | [`MAX_JCZ_SECTION_BYTES`] | [`ImportError::TooLarge`](crate::ImportError::TooLarge) |
//! | each `.jcz` replay message | [`MAX_JCZ_MESSAGE_BYTES`] | [`ImportError::TooLarge`](crate::ImportError::TooLarge) |
//! | a `.jcz` `drawOrder` | [`MAX_DRAW_ORDER`] tiles | [`ImportError::TooLarge`](crate::ImportError::TooLarge) |
//! | the input quoted in an error message | [`MAX_QUOTED_BYTES`] | (cut, with the input's length) |
//! | the free text of an error message (a reason) | [`MAX_REASON_BYTES`] | (cut in the middle) |
//!
//! A `.jcz` is parsed without building the whole document: its sections are borrowed slices
//! of the text, and the replay's messages are read and applied one at a time, so an import
//! holds the text, the game, and one message at a time.

/// The most tiles a custom stack (`Config::stack`) may hold. The largest stack of the built-in
/// sets together is under 300 tiles.
pub const MAX_STACK_TILES: usize = 4000;

/// The most bytes (UTF-8) of one player name. Names may not contain NUL either (C reads names
/// as NUL-terminated strings).
pub const MAX_NAME_BYTES: usize = 256;

/// The most bytes of a JSON record ([`Record::from_json`](crate::Record::from_json),
/// [`Game::from_json`](crate::Game::from_json)): 16 MiB. A record of a game of
/// [`MAX_STACK_TILES`] tiles is under 1 MiB.
pub const MAX_RECORD_BYTES: usize = 16 << 20;

/// The most bytes of a `.jcz` text ([`JczGame::parse`](crate::JczGame::parse)) and of a
/// `.jcz` file read by path ([`JczGame::from_path`](crate::JczGame::from_path)): 16 MiB.
pub const MAX_JCZ_BYTES: usize = 16 << 20;

/// The most bytes of each `.jcz` section parsed as a whole (`setup`, `players`,
/// `gameAnnotations` with its `drawOrder`, `test`): 1 MiB.
pub const MAX_JCZ_SECTION_BYTES: usize = 1 << 20;

/// The most bytes of one `.jcz` replay message: 64 KiB.
pub const MAX_JCZ_MESSAGE_BYTES: usize = 64 << 10;

/// The most tiles of a `.jcz` `gameAnnotations.drawOrder`: [`MAX_STACK_TILES`].
pub const MAX_DRAW_ORDER: usize = MAX_STACK_TILES;

/// The most bytes of untrusted input an error message quotes; longer input is cut there and
/// its length given.
pub const MAX_QUOTED_BYTES: usize = 64;

/// `text` for an error message: whole when it has at most [`MAX_QUOTED_BYTES`] bytes, else
/// its first bytes (cut at a character boundary), `…` and its length.
pub(crate) fn quoted(text: &str) -> String {
    if text.len() <= MAX_QUOTED_BYTES {
        return text.to_owned();
    }
    let mut end = MAX_QUOTED_BYTES;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}… ({} bytes)", &text[..end], text.len())
}

/// The most bytes of the free-text part of an error message (a reason, a message type): a
/// longer one keeps its start and end, cut in the middle.
pub const MAX_REASON_BYTES: usize = 320;

/// `text` shortened to at most about [`MAX_REASON_BYTES`]: its start, `…`, its end.
pub(crate) fn shortened(text: &str) -> std::borrow::Cow<'_, str> {
    if text.len() <= MAX_REASON_BYTES {
        return text.into();
    }
    let mut head = MAX_REASON_BYTES - 80;
    while !text.is_char_boundary(head) {
        head -= 1;
    }
    let mut tail = text.len() - 64;
    while !text.is_char_boundary(tail) {
        tail += 1;
    }
    format!("{} … {}", &text[..head], &text[tail..]).into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_input_is_cut_at_a_character_boundary() {
        assert_eq!(quoted("abc"), "abc");
        let long = "é".repeat(100);
        let q = quoted(&long);
        assert!(q.ends_with("… (200 bytes)"), "{q}");
        assert_eq!(q.chars().filter(|c| *c == 'é').count(), 32);
    }

    #[test]
    fn long_reasons_keep_their_start_and_end() {
        assert_eq!(shortened("short"), "short");
        let long = format!("start{}end", "ü".repeat(10_000));
        let s = shortened(&long);
        assert!(s.starts_with("start") && s.ends_with("end"), "{s}");
        assert!(s.contains(" … "));
        assert!(s.len() <= MAX_REASON_BYTES, "{} bytes", s.len());
    }
}
