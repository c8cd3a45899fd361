//! The figures players deploy: followers (thief, knight, monk, farmer, heretic), the large
//! follower, the builder and the pig.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::error::ParseError;

/// A wooden figure a player deploys on a tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Figure {
    /// A normal follower (strength 1): thief on a road, knight in a city, monk in a monastery,
    /// farmer on a field (spec B-4.2).
    Follower,
    /// The large follower of Inns & Cathedrals: deployed like a follower, strength 2 in every
    /// majority, no extra points (spec IC-2).
    LargeFollower,
    /// The builder of Traders & Builders: on a road or city holding one of its owner's
    /// followers; extending that feature gives a double turn (spec TB-2, TB-3). Strength 0.
    Builder,
    /// The pig of Traders & Builders: on a field holding one of its owner's farmers; an owning
    /// pig owner scores 4 instead of 3 per city (spec TB-5, TB-6). Strength 0.
    Pig,
    /// The ringmaster of Under the Big Top: a follower of strength 1 on roads, cities, fields,
    /// monasteries and shrines, never an acrobat; when its feature is scored its owner also
    /// scores 2 per circus tile around it (spec `expansions.md` RM.1–RM.4).
    Ringmaster,
}

impl Figure {
    /// Every figure kind, in the order deployments are listed.
    pub const ALL: [Figure; 5] = [
        Figure::Follower,
        Figure::LargeFollower,
        Figure::Builder,
        Figure::Pig,
        Figure::Ringmaster,
    ];

    /// Number of figure kinds (the length of a supply).
    pub const COUNT: usize = Figure::ALL.len();

    /// The figure's name in notation and JSON: `follower`, `large_follower`, `builder`, `pig`,
    /// `ringmaster`.
    pub const fn name(self) -> &'static str {
        match self {
            Figure::Follower => "follower",
            Figure::LargeFollower => "large_follower",
            Figure::Builder => "builder",
            Figure::Pig => "pig",
            Figure::Ringmaster => "ringmaster",
        }
    }

    /// Strength in majorities (spec B-6.1, IC-2, TB-4, TB-6, RM.1): follower and ringmaster 1,
    /// large follower 2, builder and pig 0.
    pub const fn strength(self) -> u8 {
        match self {
            Figure::Follower | Figure::Ringmaster => 1,
            Figure::LargeFollower => 2,
            Figure::Builder | Figure::Pig => 0,
        }
    }

    /// Whether the figure is a follower (normal or large): it occupies features and counts in
    /// majorities.
    pub const fn is_follower(self) -> bool {
        self.strength() > 0
    }

    /// Index of the figure kind in [`Figure::ALL`]: follower 0, large follower 1, builder 2,
    /// pig 3, ringmaster 4 (also the figure's slot in supplies and in action ids).
    pub const fn index(self) -> usize {
        match self {
            Figure::Follower => 0,
            Figure::LargeFollower => 1,
            Figure::Builder => 2,
            Figure::Pig => 3,
            Figure::Ringmaster => 4,
        }
    }
}

impl fmt::Display for Figure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Figure {
    type Err = ParseError;

    /// Parses `follower`, `large_follower`, `builder`, `pig`, `ringmaster` (also
    /// JCloisterZone's `small`, `big`).
    fn from_str(s: &str) -> Result<Figure, ParseError> {
        match s.trim().to_ascii_lowercase().replace('-', "_").as_str() {
            "follower" | "small" | "small_follower" => Ok(Figure::Follower),
            "large_follower" | "big" | "big_follower" => Ok(Figure::LargeFollower),
            "builder" => Ok(Figure::Builder),
            "pig" => Ok(Figure::Pig),
            "ringmaster" => Ok(Figure::Ringmaster),
            _ => Err(ParseError::new(
                "figure",
                s,
                "expected follower, large_follower, builder, pig or ringmaster",
            )),
        }
    }
}
