//! The King and the Robber Baron (King & Robber Baron, spec `expansions.md` §1.4): two tokens
//! held by the players who completed the largest city and the longest road so far.
//!
//! The rulebook (S001) calls them the King's and the Robber Baron's cards; this library calls
//! them tokens everywhere (Rust, C, Python, JSON).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::error::ParseError;

/// The King or the Robber Baron.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Token {
    /// The King: held by the player who completed the largest city (K.2).
    King,
    /// The Robber Baron: held by the player who completed the longest road (RB.1).
    RobberBaron,
}

impl Token {
    /// Both tokens, King first (their index order).
    pub const ALL: [Token; 2] = [Token::King, Token::RobberBaron];

    /// `king` or `robber_baron`: the name in notation, JSON, C and Python.
    pub const fn name(self) -> &'static str {
        match self {
            Token::King => "king",
            Token::RobberBaron => "robber_baron",
        }
    }

    /// Index in [`Token::ALL`]: King 0, Robber Baron 1.
    pub const fn index(self) -> usize {
        match self {
            Token::King => 0,
            Token::RobberBaron => 1,
        }
    }

    /// What the token is for, in words: `the King` or `the Robber Baron`.
    pub const fn title(self) -> &'static str {
        match self {
            Token::King => "the King",
            Token::RobberBaron => "the Robber Baron",
        }
    }
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Token {
    type Err = ParseError;

    /// Parses `king` or `robber_baron` (case-insensitive; `robber` too, JCloisterZone's name).
    fn from_str(s: &str) -> Result<Token, ParseError> {
        match s.trim().to_ascii_lowercase().replace('-', "_").as_str() {
            "king" => Ok(Token::King),
            "robber_baron" | "robber" => Ok(Token::RobberBaron),
            _ => Err(ParseError::new("token", s, "expected king or robber_baron")),
        }
    }
}
