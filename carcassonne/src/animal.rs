//! The animal tokens of Under the Big Top (spec `expansions.md` §2.1): 16 face-down tokens
//! whose value multiplies the big top's score (BT.3). Each is drawn from the pool when its big
//! top is scored — a chance node whose outcomes are the animals left, with the number of their
//! tokens as weight.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::error::ParseError;

/// An animal token of the big top.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Animal {
    /// The elephant: 7 points per figure; 1 token.
    Elephant,
    /// The tiger: 6; 2 tokens.
    Tiger,
    /// The bear: 5; 3 tokens.
    Bear,
    /// The seal: 4; 5 tokens.
    Seal,
    /// The monkey: 3; 4 tokens.
    Monkey,
    /// The flea: 1; 1 token.
    Flea,
}

impl Animal {
    /// Every animal, in index order (highest value first).
    pub const ALL: [Animal; 6] = [
        Animal::Elephant,
        Animal::Tiger,
        Animal::Bear,
        Animal::Seal,
        Animal::Monkey,
        Animal::Flea,
    ];

    /// Tokens in the pool at the start of a game, in all (§2.1).
    pub const TOKENS: u8 = 16;

    /// Index in [`Animal::ALL`]: elephant 0, tiger 1, bear 2, seal 3, monkey 4, flea 5.
    pub const fn index(self) -> usize {
        match self {
            Animal::Elephant => 0,
            Animal::Tiger => 1,
            Animal::Bear => 2,
            Animal::Seal => 3,
            Animal::Monkey => 4,
            Animal::Flea => 5,
        }
    }

    /// Points per figure in the big top's 3×3 area (BT.3): 7, 6, 5, 4, 3 or 1.
    pub const fn value(self) -> u32 {
        match self {
            Animal::Elephant => 7,
            Animal::Tiger => 6,
            Animal::Bear => 5,
            Animal::Seal => 4,
            Animal::Monkey => 3,
            Animal::Flea => 1,
        }
    }

    /// Tokens of this animal in the game (§2.1): 1, 2, 3, 5, 4, 1.
    pub const fn tokens(self) -> u8 {
        match self {
            Animal::Elephant => 1,
            Animal::Tiger => 2,
            Animal::Bear => 3,
            Animal::Seal => 5,
            Animal::Monkey => 4,
            Animal::Flea => 1,
        }
    }

    /// `elephant`, `tiger`, `bear`, `seal`, `monkey` or `flea`: the name in notation, records,
    /// JSON, C and Python.
    pub const fn name(self) -> &'static str {
        match self {
            Animal::Elephant => "elephant",
            Animal::Tiger => "tiger",
            Animal::Bear => "bear",
            Animal::Seal => "seal",
            Animal::Monkey => "monkey",
            Animal::Flea => "flea",
        }
    }
}

impl fmt::Display for Animal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Animal {
    type Err = ParseError;

    /// Parses an animal's name (case-insensitive).
    fn from_str(s: &str) -> Result<Animal, ParseError> {
        let t = s.trim().to_ascii_lowercase();
        Animal::ALL
            .into_iter()
            .find(|a| a.name() == t)
            .ok_or_else(|| {
                ParseError::new(
                    "animal",
                    s,
                    "expected elephant, tiger, bear, seal, monkey or flea",
                )
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sixteen_tokens_with_the_rulebook_values() {
        let tokens: u32 = Animal::ALL.iter().map(|a| u32::from(a.tokens())).sum();
        assert_eq!(tokens, u32::from(Animal::TOKENS));
        let values: Vec<u32> = Animal::ALL.iter().map(|a| a.value()).collect();
        assert_eq!(values, vec![7, 6, 5, 4, 3, 1]);
        for (i, a) in Animal::ALL.iter().enumerate() {
            assert_eq!(a.index(), i);
            assert_eq!(a.name().parse::<Animal>().unwrap(), *a);
        }
    }
}
