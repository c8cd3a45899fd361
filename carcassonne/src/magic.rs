//! The two neutral figures of Mage & Witch (spec `expansions.md` §3.5): the mage adds 1 point
//! per tile to the road or city it stands in, the witch halves its value (MW.4). They belong to
//! nobody, never count for majorities, and are never in the same feature.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::error::ParseError;

/// The mage or the witch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MagicFigure {
    /// The mage (purple): +1 point per tile of its road or city when scored (MW.4).
    Mage,
    /// The witch (orange): its road's or city's points halved, rounded up (MW.4).
    Witch,
}

impl MagicFigure {
    /// Both, in index order.
    pub const ALL: [MagicFigure; 2] = [MagicFigure::Mage, MagicFigure::Witch];

    /// Index in [`MagicFigure::ALL`]: mage 0, witch 1.
    pub const fn index(self) -> usize {
        match self {
            MagicFigure::Mage => 0,
            MagicFigure::Witch => 1,
        }
    }

    /// The other one.
    pub const fn other(self) -> MagicFigure {
        match self {
            MagicFigure::Mage => MagicFigure::Witch,
            MagicFigure::Witch => MagicFigure::Mage,
        }
    }

    /// The value of a scored road or city of `tiles` tiles worth `points` with this figure in
    /// it (MW.4): the mage adds 1 per tile (also to a value of 0, D-MW-3), the witch halves the
    /// value after every other change, rounded up.
    pub const fn value(self, points: u32, tiles: u16) -> u32 {
        match self {
            MagicFigure::Mage => points + tiles as u32,
            MagicFigure::Witch => points.div_ceil(2),
        }
    }

    /// `mage` or `witch`: the name in notation, records, JSON, C and Python.
    pub const fn name(self) -> &'static str {
        match self {
            MagicFigure::Mage => "mage",
            MagicFigure::Witch => "witch",
        }
    }
}

impl fmt::Display for MagicFigure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for MagicFigure {
    type Err = ParseError;

    /// Parses `mage` or `witch` (case-insensitive).
    fn from_str(s: &str) -> Result<MagicFigure, ParseError> {
        let t = s.trim().to_ascii_lowercase();
        MagicFigure::ALL
            .into_iter()
            .find(|m| m.name() == t)
            .ok_or_else(|| ParseError::new("magic figure", s, "expected mage or witch"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_of_the_rulebook_examples() {
        // TS-24: a city of 8 tiles and 2 pennants, 20 points, with the mage: 28.
        assert_eq!(MagicFigure::Mage.value(20, 8), 28);
        // TS-25: a road of 5 tiles with the witch: 3; of 3 tiles with the mage: 6.
        assert_eq!(MagicFigure::Witch.value(5, 5), 3);
        assert_eq!(MagicFigure::Mage.value(3, 3), 6);
        assert_eq!(MagicFigure::Witch.value(0, 4), 0);
        assert_eq!(MagicFigure::Witch.value(1, 1), 1);
        for m in MagicFigure::ALL {
            assert_eq!(m.name().parse::<MagicFigure>().unwrap(), m);
            assert_eq!(m.other().other(), m);
        }
    }
}
