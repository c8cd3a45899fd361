//! The two options of a crop circle (spec `expansions.md` §3.7, CR.1; seed S003 "Kruhy v
//! obilí"): after the turn part of a crop-circle tile, the active player chooses one for
//! everybody, and each player in turn then adds a follower (A) or takes one back (B) on the
//! features of the circle's kind.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::error::ParseError;

/// What every player does in a crop-circle round (CR.1): option A or option B of the rulebook.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CropOption {
    /// Option A („umístit“): each player **may** deploy one follower from supply on a feature
    /// of the circle's kind where they already have a follower of that kind.
    Deploy,
    /// Option B („vzít zpět“): each player **must** take one of their followers of the
    /// circle's kind from the board back to supply.
    Return,
}

impl CropOption {
    /// Both, in index order.
    pub const ALL: [CropOption; 2] = [CropOption::Deploy, CropOption::Return];

    /// Index in [`CropOption::ALL`]: deploy (A) 0, return (B) 1 (also its slot in action ids).
    pub const fn index(self) -> usize {
        match self {
            CropOption::Deploy => 0,
            CropOption::Return => 1,
        }
    }

    /// `deploy` or `return`: the name in notation, records, JSON, C and Python.
    pub const fn name(self) -> &'static str {
        match self {
            CropOption::Deploy => "deploy",
            CropOption::Return => "return",
        }
    }

    /// The rulebook's letter: `A` (deploy) or `B` (return).
    pub const fn letter(self) -> char {
        match self {
            CropOption::Deploy => 'A',
            CropOption::Return => 'B',
        }
    }
}

impl fmt::Display for CropOption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for CropOption {
    type Err = ParseError;

    /// Parses `deploy` or `return` (case-insensitive), also the rulebook's letters `A` and `B`
    /// and JCloisterZone's `DEPLOY` and `REMOVE`.
    fn from_str(s: &str) -> Result<CropOption, ParseError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "deploy" | "a" => Ok(CropOption::Deploy),
            "return" | "remove" | "b" => Ok(CropOption::Return),
            _ => Err(ParseError::new(
                "crop option",
                s,
                "expected deploy (A) or return (B)",
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_letters_parse_back() {
        for o in CropOption::ALL {
            assert_eq!(o.name().parse::<CropOption>().unwrap(), o);
            assert_eq!(o.letter().to_string().parse::<CropOption>().unwrap(), o);
            assert_eq!(CropOption::ALL[o.index()], o);
        }
        assert_eq!("REMOVE".parse::<CropOption>(), Ok(CropOption::Return));
        assert!("both".parse::<CropOption>().is_err());
    }
}
