//! Board geometry: positions, sides, rotations and locations on a tile.
//!
//! The conventions are JCloisterZone's (spec `base.md` §1.1–§1.4), so its saved games import
//! without conversion:
//! - a [`Position`] is `(x, y)` with **x growing east and y growing south**; the start tile
//!   stands at `(0, 0)`;
//! - a [`Rotation`] is a number of **clockwise** quarter turns applied to a tile's canonical
//!   orientation;
//! - a tile edge is split into three points, `Nl N Nr El E Er Sl S Sr Wl W Wr`, numbered 0..12
//!   clockwise from the north-west corner. `l`/`r` are left and right as seen from the tile centre
//!   looking out through that edge (so `Nl` is the west half of the north edge). Roads and rivers
//!   run to an edge's middle point, cities cover whole edges, fields cover half-edges.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::error::ParseError;

/// A board position: `x` grows east, `y` grows **south**. The start tile stands at `(0, 0)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Position {
    /// Column, growing east.
    pub x: i32,
    /// Row, growing south.
    pub y: i32,
}

impl Position {
    /// The position `(x, y)`.
    pub const fn new(x: i32, y: i32) -> Position {
        Position { x, y }
    }

    /// The orthogonal neighbour across `side`: N is `(x, y - 1)`, E `(x + 1, y)`, S `(x, y + 1)`,
    /// W `(x - 1, y)`.
    pub const fn neighbour(self, side: Side) -> Position {
        match side {
            Side::N => Position::new(self.x, self.y - 1),
            Side::E => Position::new(self.x + 1, self.y),
            Side::S => Position::new(self.x, self.y + 1),
            Side::W => Position::new(self.x - 1, self.y),
        }
    }

    /// Whether `other` lies in the 3×3 area centred here: this position or one of the eight
    /// around it. Each coordinate may differ by at most 1, tested as one unsigned comparison
    /// (`d + 1 <= 2`) in wrapping 32-bit arithmetic: exact for coordinates less than 2^31 − 1
    /// apart, as any two positions of a board are (it spans a few hundred tiles). Comparisons
    /// that cannot wrap (`abs_diff`, or 64 bits) cost 5,300 to 7,800 more instructions an
    /// every-set game in the Cult's placement rule, which calls this for every open position.
    #[inline(always)]
    pub(crate) fn is_around(self, other: Position) -> bool {
        (other.x.wrapping_sub(self.x).wrapping_add(1) as u32) <= 2
            && (other.y.wrapping_sub(self.y).wrapping_add(1) as u32) <= 2
    }

    /// The eight positions around this one (orthogonal and diagonal), the neighbourhood that
    /// completes a monastery (spec B-5.1): clockwise from the north-west corner.
    pub fn surrounding(self) -> [Position; 8] {
        let Position { x, y } = self;
        [
            Position::new(x - 1, y - 1),
            Position::new(x, y - 1),
            Position::new(x + 1, y - 1),
            Position::new(x + 1, y),
            Position::new(x + 1, y + 1),
            Position::new(x, y + 1),
            Position::new(x - 1, y + 1),
            Position::new(x - 1, y),
        ]
    }
}

impl fmt::Display for Position {
    /// Formats as `x,y`, e.g. `-1,2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

impl FromStr for Position {
    type Err = ParseError;

    /// Parses `x,y` (optionally in parentheses), e.g. `-1,2` or `(-1,2)`.
    fn from_str(s: &str) -> Result<Position, ParseError> {
        let bad = || ParseError::new("position", s, "expected `x,y` with integers x and y");
        let t = s.trim().trim_start_matches('(').trim_end_matches(')');
        let (x, y) = t.split_once(',').ok_or_else(bad)?;
        let x = x.trim().parse().map_err(|_| bad())?;
        let y = y.trim().parse().map_err(|_| bad())?;
        Ok(Position { x, y })
    }
}

/// A side of a tile, numbered clockwise: `N = 0, E = 1, S = 2, W = 3`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Side {
    /// North, towards `y - 1`.
    N = 0,
    /// East, towards `x + 1`.
    E = 1,
    /// South, towards `y + 1`.
    S = 2,
    /// West, towards `x - 1`.
    W = 3,
}

impl Side {
    /// All four sides in clockwise order from north.
    pub const ALL: [Side; 4] = [Side::N, Side::E, Side::S, Side::W];

    /// The side with index `i mod 4` (N = 0, clockwise).
    pub const fn from_index(i: u8) -> Side {
        match i & 3 {
            0 => Side::N,
            1 => Side::E,
            2 => Side::S,
            _ => Side::W,
        }
    }

    /// This side's index, N = 0 clockwise.
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The side facing this one across an edge (`N` ↔ `S`, `E` ↔ `W`).
    pub const fn opposite(self) -> Side {
        Side::from_index(self as u8 + 2)
    }

    /// This side after turning the tile by `rotation` (clockwise).
    pub const fn rotated(self, rotation: Rotation) -> Side {
        Side::from_index(self as u8 + rotation as u8)
    }

    /// The letter of this side: `N`, `E`, `S` or `W`.
    pub const fn letter(self) -> char {
        match self {
            Side::N => 'N',
            Side::E => 'E',
            Side::S => 'S',
            Side::W => 'W',
        }
    }
}

/// A tile's rotation: clockwise quarter turns from its canonical orientation (spec §1.4; the same
/// as JCloisterZone's `R0`..`R270`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rotation {
    /// As listed in the catalogue.
    #[default]
    R0 = 0,
    /// One clockwise quarter turn.
    R90 = 1,
    /// A half turn.
    R180 = 2,
    /// Three clockwise quarter turns.
    R270 = 3,
}

impl Rotation {
    /// All four rotations, in increasing order.
    pub const ALL: [Rotation; 4] = [Rotation::R0, Rotation::R90, Rotation::R180, Rotation::R270];

    /// The rotation of `n mod 4` clockwise quarter turns.
    pub const fn from_quarter_turns(n: u8) -> Rotation {
        match n & 3 {
            0 => Rotation::R0,
            1 => Rotation::R90,
            2 => Rotation::R180,
            _ => Rotation::R270,
        }
    }

    /// Number of clockwise quarter turns, 0..4.
    pub const fn quarter_turns(self) -> u8 {
        self as u8
    }

    /// The rotation in degrees: 0, 90, 180 or 270.
    pub const fn degrees(self) -> u16 {
        self as u16 * 90
    }

    /// The rotation of `degrees` (0, 90, 180 or 270; anything else is `None`).
    pub const fn from_degrees(degrees: u32) -> Option<Rotation> {
        match degrees {
            0 => Some(Rotation::R0),
            90 => Some(Rotation::R90),
            180 => Some(Rotation::R180),
            270 => Some(Rotation::R270),
            _ => None,
        }
    }
}

impl fmt::Display for Rotation {
    /// Formats as JCloisterZone does: `R0`, `R90`, `R180`, `R270`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "R{}", self.degrees())
    }
}

impl FromStr for Rotation {
    type Err = ParseError;

    /// Parses `R0`, `R90`, `R180`, `R270` (or the bare degrees `0`, `90`, `180`, `270`).
    fn from_str(s: &str) -> Result<Rotation, ParseError> {
        let t = s.trim();
        let digits = t
            .strip_prefix('R')
            .or_else(|| t.strip_prefix('r'))
            .unwrap_or(t);
        digits
            .parse::<u32>()
            .ok()
            .and_then(Rotation::from_degrees)
            .ok_or_else(|| ParseError::new("rotation", s, "expected R0, R90, R180 or R270"))
    }
}

impl Serialize for Rotation {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u16(self.degrees())
    }
}

impl<'de> Deserialize<'de> for Rotation {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Rotation, D::Error> {
        let degrees = u32::deserialize(d)?;
        Rotation::from_degrees(degrees).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "rotation must be 0, 90, 180 or 270 degrees, not {degrees}"
            ))
        })
    }
}

/// Names of the twelve edge points, indexed 0..12 clockwise from the north-west corner.
pub const POINT_NAMES: [&str; 12] = [
    "NL", "N", "NR", "EL", "E", "ER", "SL", "S", "SR", "WL", "W", "WR",
];

/// Bit mask of the four edge middle points (`N E S W`).
pub(crate) const MIDDLE_POINTS: u16 = 0b010_010_010_010;
/// Bit mask of the eight half-edge points (`NL NR EL ER SL SR WL WR`).
pub(crate) const SIDE_POINTS: u16 = 0b101_101_101_101;
/// Bit of [`Location`] for a feature in the middle of the tile (monastery, inner field).
pub(crate) const CENTRE_BIT: u16 = 1 << 12;
/// Bit of [`Location`] for a tile's second inner field (`II`, the bridge-city tile KR-05).
pub(crate) const SECOND_CENTRE_BIT: u16 = 1 << 13;

/// The point of the neighbouring tile that touches point `i` of this tile (spec §1.3):
/// `3 * opposite(side) + (2 - k)` for point `3 * side + k`.
pub(crate) const fn facing_point(i: u8) -> u8 {
    let side = i / 3;
    let k = i % 3;
    ((side + 2) % 4) * 3 + (2 - k)
}

/// The edge points of each side with the points of the neighbouring tile facing them:
/// `SIDE_POINTS_FACING[side][k] = (3 * side + k, facing_point(3 * side + k))`, for loops over a
/// tile's edges that should not compute them.
pub(crate) const SIDE_POINTS_FACING: [[(u8, u8); 3]; 4] = {
    let mut table = [[(0u8, 0u8); 3]; 4];
    let mut side = 0;
    while side < 4 {
        let mut k = 0;
        while k < 3 {
            let p = 3 * side as u8 + k as u8;
            table[side][k] = (p, facing_point(p));
            k += 1;
        }
        side += 1;
    }
    table
};

/// Rotates a 12-bit point mask clockwise by `rotation` (3 points per quarter turn).
pub(crate) const fn rotate_points(mask: u16, rotation: Rotation) -> u16 {
    let shift = 3 * rotation as u32;
    let m = mask & 0x0FFF;
    // `m` has 12 bits, so `m >> 12` (no rotation) is 0: no modulo needed.
    ((m << shift) | (m >> (12 - shift))) & 0x0FFF
}

/// Where a feature lies on a placed tile, after rotation: the edges its road or city reaches,
/// the half-edges its field covers, or the centre (monastery, inner field).
///
/// A location is independent of the feature kind; together with a
/// [`FeatureKind`](crate::FeatureKind) it names one feature of a tile. Its text form is
/// JCloisterZone's: edges as `N`, `E`, `S`, `W`, `NE`, `SE`, `SW`, `NW`, `NS`, `WE`, `NWSE`, or
/// `_N` .. `_W` for all sides but one; half-edges as `NL.NR.EL.ER`; the centre as `I`, and a
/// tile's second inner field (the bridge-city tile KR-05) as `II`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Location(u16);

impl Location {
    /// The centre of the tile (monastery, inner field).
    pub const CENTRE: Location = Location(CENTRE_BIT);
    /// The second inner field of a tile that has two (`II`; the bridge-city tile KR-05).
    pub const SECOND_CENTRE: Location = Location(SECOND_CENTRE_BIT);

    /// The location of a feature that owns `points` (a 12-bit mask, bit `i` = point `i`): edges
    /// for roads, rivers and cities (their middle points), half-edges for fields, the centre when
    /// it owns no point.
    pub(crate) const fn of_points(points: u16) -> Location {
        if points & MIDDLE_POINTS != 0 {
            Location(points & MIDDLE_POINTS)
        } else if points & SIDE_POINTS != 0 {
            Location(points & SIDE_POINTS)
        } else {
            Location::CENTRE
        }
    }

    /// The location with raw mask `bits` (see [`Location::bits`]), if it is one: the centre
    /// alone, the second centre alone, a non-empty set of edge middles (roads, cities), or a
    /// non-empty set of half-edges (fields).
    pub const fn from_bits(bits: u16) -> Option<Location> {
        let valid = bits == CENTRE_BIT
            || bits == SECOND_CENTRE_BIT
            || (bits != 0 && bits & !MIDDLE_POINTS == 0)
            || (bits != 0 && bits & !SIDE_POINTS == 0);
        if valid {
            Some(Location(bits))
        } else {
            None
        }
    }

    /// The raw mask: bits 0..12 are edge points (`NL` = bit 0, clockwise), bit 12 the centre,
    /// bit 13 the second inner field (`II`).
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// Whether this is the centre of the tile.
    pub const fn is_centre(self) -> bool {
        self.0 & CENTRE_BIT != 0
    }

    /// The sides whose middle point this location includes (roads, rivers, cities).
    pub fn sides(self) -> impl Iterator<Item = Side> {
        let bits = self.0;
        Side::ALL
            .into_iter()
            .filter(move |s| bits & (1 << (3 * s.index() + 1)) != 0)
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_centre() {
            return f.write_str("I");
        }
        if self.0 == SECOND_CENTRE_BIT {
            return f.write_str("II");
        }
        if self.0 & MIDDLE_POINTS != 0 {
            let mut sides = 0u8;
            for s in self.sides() {
                sides |= 1 << s.index();
            }
            let name = match sides {
                0b0001 => "N",
                0b0010 => "E",
                0b0100 => "S",
                0b1000 => "W",
                0b0011 => "NE",
                0b0110 => "SE",
                0b1100 => "SW",
                0b1001 => "NW",
                0b0101 => "NS",
                0b1010 => "WE",
                0b1110 => "_N",
                0b1101 => "_E",
                0b1011 => "_S",
                0b0111 => "_W",
                _ => "NWSE",
            };
            return f.write_str(name);
        }
        let mut first = true;
        for (i, name) in POINT_NAMES.iter().enumerate() {
            if self.0 & (1 << i) != 0 {
                if !first {
                    f.write_str(".")?;
                }
                f.write_str(name)?;
                first = false;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Location({self})")
    }
}

impl FromStr for Location {
    type Err = ParseError;

    /// Parses JCloisterZone location names: `I` (also `CLOISTER`, `INNER_FARM`) for the centre;
    /// edge names (`N`, `WE`, `NWSE`, `_S`, or any string of the letters `NESW`); half-edges
    /// joined with `.` (`NL.NR.EL.ER`). Case-insensitive.
    fn from_str(s: &str) -> Result<Location, ParseError> {
        let t = s.trim().to_ascii_uppercase();
        let bad = |why: &str| ParseError::new("location", s, why);
        match t.as_str() {
            "" => return Err(bad("empty location")),
            "I" | "CLOISTER" | "MONASTERY" | "INNER_FARM" | "C" => return Ok(Location::CENTRE),
            "II" => return Ok(Location::SECOND_CENTRE),
            _ => {}
        }
        if let Some(rest) = t.strip_prefix('_') {
            let side = match rest {
                "N" => 0,
                "E" => 1,
                "S" => 2,
                "W" => 3,
                _ => return Err(bad("`_` must be followed by one of N, E, S, W")),
            };
            let mut bits = 0;
            for i in 0..4u16 {
                if i != side {
                    bits |= 1 << (3 * i + 1);
                }
            }
            return Ok(Location(bits));
        }
        if t.contains('.') || t.ends_with('L') || t.ends_with('R') {
            let mut bits = 0u16;
            for part in t.split('.') {
                let i = POINT_NAMES
                    .iter()
                    .position(|n| *n == part && n.len() == 2)
                    .ok_or_else(|| bad("unknown half-edge; expected NL NR EL ER SL SR WL WR"))?;
                bits |= 1 << i;
            }
            return Ok(Location(bits));
        }
        let mut bits = 0u16;
        for c in t.chars() {
            let side = match c {
                'N' => 0,
                'E' => 1,
                'S' => 2,
                'W' => 3,
                _ => {
                    return Err(bad(
                        "expected sides N, E, S, W, half-edges like NL.NR, or I",
                    ))
                }
            };
            bits |= 1 << (3 * side + 1);
        }
        Ok(Location(bits))
    }
}

impl Serialize for Location {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Location {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Location, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `is_around` against the offsets of the 3×3 area, around the origin and around positions
    /// 2^30 from it (far beyond any board).
    #[test]
    fn is_around_is_the_3x3_area() {
        let far = 1 << 30;
        for centre in [
            Position::new(0, 0),
            Position::new(far, -far),
            Position::new(-far, far),
        ] {
            for dx in -3i32..=3 {
                for dy in -3i32..=3 {
                    let p = Position::new(centre.x + dx, centre.y + dy);
                    let expected = dx.abs() <= 1 && dy.abs() <= 1;
                    assert_eq!(centre.is_around(p), expected, "{p:?} around {centre:?}");
                }
            }
            let opposite = Position::new(-centre.x, -centre.y);
            assert_eq!(centre.is_around(opposite), centre == opposite);
        }
    }

    #[test]
    fn facing_points_match_the_spec_examples() {
        // El <-> Wr, E <-> W, Er <-> Wl; Nl <-> Sr, N <-> S, Nr <-> Sl.
        assert_eq!(facing_point(3), 11);
        assert_eq!(facing_point(4), 10);
        assert_eq!(facing_point(5), 9);
        assert_eq!(facing_point(0), 8);
        assert_eq!(facing_point(1), 7);
        assert_eq!(facing_point(2), 6);
        for i in 0..12 {
            assert_eq!(facing_point(facing_point(i)), i);
        }
    }

    #[test]
    fn rotation_moves_points_clockwise() {
        // r1: Nl -> El, W -> N, Wr -> Nr.
        assert_eq!(rotate_points(1 << 0, Rotation::R90), 1 << 3);
        assert_eq!(rotate_points(1 << 10, Rotation::R90), 1 << 1);
        assert_eq!(rotate_points(1 << 11, Rotation::R90), 1 << 2);
        assert_eq!(rotate_points(0x0FFF, Rotation::R270), 0x0FFF);
    }

    #[test]
    fn locations_print_and_parse_like_jcloisterzone() {
        for name in [
            "N",
            "E",
            "S",
            "W",
            "NE",
            "SE",
            "SW",
            "NW",
            "NS",
            "WE",
            "NWSE",
            "_N",
            "_E",
            "_S",
            "_W",
            "I",
            "NL.NR.EL.ER",
            "SL",
            "WR",
        ] {
            let loc: Location = name.parse().unwrap();
            assert_eq!(loc.to_string(), name);
        }
        assert_eq!("ES".parse::<Location>().unwrap().to_string(), "SE");
        for bits in 0..=0x1FFFu16 {
            if let Some(loc) = Location::from_bits(bits) {
                assert_eq!(loc.to_string().parse::<Location>().unwrap(), loc);
            }
        }
        assert_eq!(Location::from_bits(0b11), None, "a middle with a half-edge");
        assert_eq!(Location::from_bits(0), None);
        assert!("Q".parse::<Location>().is_err());
        assert!("NL.XX".parse::<Location>().is_err());
    }

    #[test]
    fn positions_and_rotations_parse() {
        assert_eq!("(-1, 2)".parse::<Position>().unwrap(), Position::new(-1, 2));
        assert_eq!("R270".parse::<Rotation>().unwrap(), Rotation::R270);
        assert!("R45".parse::<Rotation>().is_err());
        assert!("1;2".parse::<Position>().is_err());
    }
}
