//! The four quarters of the City of Carcassonne (the Count of Carcassonne, spec
//! `expansions.md` §1.3.1): where figures wait in the City and where the Count stands.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::error::ParseError;
use crate::tile::FeatureKind;

/// The four quarters of the City of Carcassonne (spec `expansions.md` §1.3.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Quarter {
    /// The Castle: its figures may move to a completed city (knights).
    Castle,
    /// The Market: its figures move onto fields at the end of the game (farmers).
    Market,
    /// The Blacksmith: its figures may move to a completed road (thieves).
    Blacksmith,
    /// The Cathedral: its figures may move to a completed monastery or shrine (monks).
    Cathedral,
}

impl Quarter {
    /// Every quarter, in the order actions list them.
    pub const ALL: [Quarter; 4] = [
        Quarter::Castle,
        Quarter::Market,
        Quarter::Blacksmith,
        Quarter::Cathedral,
    ];

    /// Index in [`Quarter::ALL`]: Castle 0, Market 1, Blacksmith 2, Cathedral 3 (also its code
    /// in C and in action ids).
    pub const fn index(self) -> usize {
        match self {
            Quarter::Castle => 0,
            Quarter::Market => 1,
            Quarter::Blacksmith => 2,
            Quarter::Cathedral => 3,
        }
    }

    /// The quarter's name in notation and JSON: `castle`, `market`, `blacksmith`, `cathedral`.
    pub const fn name(self) -> &'static str {
        match self {
            Quarter::Castle => "castle",
            Quarter::Market => "market",
            Quarter::Blacksmith => "blacksmith",
            Quarter::Cathedral => "cathedral",
        }
    }

    /// Whether figures of this quarter may move onto a feature of kind `kind` (C.3, C.4).
    pub const fn leads_to(self, kind: FeatureKind) -> bool {
        matches!(
            (self, kind),
            (Quarter::Castle, FeatureKind::City)
                | (Quarter::Blacksmith, FeatureKind::Road)
                | (
                    Quarter::Cathedral,
                    FeatureKind::Monastery | FeatureKind::Shrine
                )
                | (Quarter::Market, FeatureKind::Field)
        )
    }
}

impl fmt::Display for Quarter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Quarter {
    type Err = ParseError;

    /// Parses `castle`, `market`, `blacksmith`, `cathedral` (case-insensitive).
    fn from_str(s: &str) -> Result<Quarter, ParseError> {
        Quarter::ALL
            .into_iter()
            .find(|q| q.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| {
                ParseError::new(
                    "quarter",
                    s,
                    "expected castle, market, blacksmith or cathedral",
                )
            })
    }
}
