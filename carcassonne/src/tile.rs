//! The tile model (spec `base.md` §1.5, `expansions.md` §0.2–§0.3): a tile kind is a list of
//! segments (tile-local features) that own edge points, plus markers.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::catalogue::catalogue;
use crate::error::ParseError;
use crate::geometry::{rotate_points, Location, Rotation, Side};

/// The kind of a feature: what a segment is and how the feature it belongs to scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FeatureKind {
    /// A road; a follower on it is a thief (highwayman).
    Road,
    /// A city; a follower in it is a knight.
    City,
    /// A monastery (cloister); a follower in it is a monk.
    Monastery,
    /// A field; a follower on it is a farmer.
    Field,
    /// A river (River expansions): never occupied, never scored.
    River,
    /// A shrine (the Cult): a monastic building scored like a monastery; a follower on it is a
    /// heretic, and a shrine and a monastery next to each other challenge each other (spec
    /// `expansions.md` §1.5).
    Shrine,
}

impl FeatureKind {
    /// Every feature kind, in the order of their codes (C and action ids).
    pub const ALL: [FeatureKind; 6] = [
        FeatureKind::Road,
        FeatureKind::City,
        FeatureKind::Monastery,
        FeatureKind::Field,
        FeatureKind::River,
        FeatureKind::Shrine,
    ];

    /// Index in [`FeatureKind::ALL`]: road 0, city 1, monastery 2, field 3, river 4, shrine 5.
    pub const fn index(self) -> usize {
        match self {
            FeatureKind::Road => 0,
            FeatureKind::City => 1,
            FeatureKind::Monastery => 2,
            FeatureKind::Field => 3,
            FeatureKind::River => 4,
            FeatureKind::Shrine => 5,
        }
    }

    /// The kind's name in notation and events: `road`, `city`, `monastery`, `field`, `river`,
    /// `shrine`.
    pub const fn name(self) -> &'static str {
        match self {
            FeatureKind::Road => "road",
            FeatureKind::City => "city",
            FeatureKind::Monastery => "monastery",
            FeatureKind::Field => "field",
            FeatureKind::River => "river",
            FeatureKind::Shrine => "shrine",
        }
    }

    /// JCloisterZone's feature class name in saved games: `Road`, `City`, `Monastery`, `Field`,
    /// `River`; a shrine is a `Monastery` there.
    pub const fn jcz_name(self) -> &'static str {
        match self {
            FeatureKind::Road => "Road",
            FeatureKind::City => "City",
            FeatureKind::Monastery | FeatureKind::Shrine => "Monastery",
            FeatureKind::Field => "Field",
            FeatureKind::River => "River",
        }
    }

    /// Whether this is a monastic building in the middle of a tile, completed by its 8
    /// neighbours: a monastery or a shrine.
    pub const fn is_monastic(self) -> bool {
        matches!(self, FeatureKind::Monastery | FeatureKind::Shrine)
    }

    /// The edge type this feature gives an edge whose middle point it owns (spec §1.5 inv. 5).
    pub(crate) const fn edge_kind(self) -> EdgeKind {
        match self {
            FeatureKind::Road => EdgeKind::Road,
            FeatureKind::City => EdgeKind::City,
            FeatureKind::River => EdgeKind::River,
            _ => EdgeKind::Field,
        }
    }
}

impl fmt::Display for FeatureKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for FeatureKind {
    type Err = ParseError;

    /// Parses `road`, `city`, `monastery` (or `cloister`), `field` (or `farm`), `river`,
    /// `shrine`; case-insensitive, so JCloisterZone's `City` works too.
    fn from_str(s: &str) -> Result<FeatureKind, ParseError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "road" => Ok(FeatureKind::Road),
            "city" => Ok(FeatureKind::City),
            "monastery" | "cloister" => Ok(FeatureKind::Monastery),
            "field" | "farm" => Ok(FeatureKind::Field),
            "river" => Ok(FeatureKind::River),
            "shrine" => Ok(FeatureKind::Shrine),
            _ => Err(ParseError::new(
                "feature kind",
                s,
                "expected road, city, monastery, field, river or shrine",
            )),
        }
    }
}

/// The type of a tile edge, for edge matching (spec B-3.2): touching edges must be equal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EdgeKind {
    /// Grass on the whole edge.
    Field,
    /// A road reaches the edge's middle.
    Road,
    /// A city covers the whole edge.
    City,
    /// A river reaches the edge's middle.
    River,
}

impl EdgeKind {
    /// The code of this edge type in an open position's constraint (0 means "no neighbour").
    pub(crate) const fn code(self) -> u16 {
        self as u16 + 1
    }

    /// One letter: `F`, `R`, `C`, `I` (the spec's catalogue notation).
    pub const fn letter(self) -> char {
        match self {
            EdgeKind::Field => 'F',
            EdgeKind::Road => 'R',
            EdgeKind::City => 'C',
            EdgeKind::River => 'I',
        }
    }
}

/// A trade good printed in a city (Traders & Builders).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Goods {
    /// Wine (9 tokens).
    Wine,
    /// Grain (6 tokens).
    Grain,
    /// Cloth (5 tokens).
    Cloth,
}

impl Goods {
    /// The three goods, in index order (a player's tokens are `[wine, grain, cloth]`).
    pub const ALL: [Goods; 3] = [Goods::Wine, Goods::Grain, Goods::Cloth];

    /// Index in [`Goods::ALL`]: wine 0, grain 1, cloth 2.
    pub const fn index(self) -> usize {
        match self {
            Goods::Wine => 0,
            Goods::Grain => 1,
            Goods::Cloth => 2,
        }
    }

    /// `wine`, `grain` or `cloth`: the name in notation, JSON, C and Python.
    pub const fn name(self) -> &'static str {
        match self {
            Goods::Wine => "wine",
            Goods::Grain => "grain",
            Goods::Cloth => "cloth",
        }
    }
}

impl fmt::Display for Goods {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A tile-local feature: what it is, which edge points it owns, and its markers.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Segment {
    /// The spec's name for this segment within its tile (`C1`, `R2`, `F1`, `M1`, `I1`), used by
    /// scenarios to say where a figure goes. It does not change with rotation.
    pub name: &'static str,
    /// What the segment is.
    pub kind: FeatureKind,
    /// The edge points it owns in canonical orientation, bit `i` = point `i` (`NL` = 0,
    /// clockwise); 0 for a monastery, a shrine or an inner field; bit 13 alone for the second
    /// inner field of a tile (location `II`, the bridge-city tile KR-05).
    pub points: u16,
    /// Pennants on a city segment: each adds 2 points to a completed city, 1 to
    /// an unfinished one (spec B-5.4, B-8.2).
    pub pennants: u8,
    /// An inn beside this road (Inns & Cathedrals).
    pub inn: bool,
    /// A cathedral in this city (Inns & Cathedrals).
    pub cathedral: bool,
    /// A trade good in this city (Traders & Builders).
    pub goods: Option<Goods>,
    /// A pig herd in this field (River II, active with Traders & Builders).
    pub pig_herd: bool,
    /// For a field: the city segments of the same tile it borders, bit `j` = segment `j`
    /// (spec §1.5 inv. 7, used for farmer scoring).
    pub adjacent_cities: u16,
    /// The open edge ends a new node of this segment starts with: for a road, river or city,
    /// the edge middles it reaches; none for other features. Set by [`TileKind::new`].
    pub(crate) open_ends: u8,
    /// Its location on the tile turned by each rotation (indexed by quarter turns): looked up
    /// where deployments are listed and checked. Set by [`TileKind::new`].
    pub(crate) locations: [Location; 4],
}

impl Segment {
    /// The location of this segment on a tile turned by `rotation`.
    #[inline]
    pub fn location(&self, rotation: Rotation) -> Location {
        self.locations[rotation.quarter_turns() as usize]
    }

    /// [`Segment::location`] computed from the segment's points.
    fn location_of_points(&self, rotation: Rotation) -> Location {
        if self.points == crate::geometry::SECOND_CENTRE_BIT {
            return Location::SECOND_CENTRE;
        }
        Location::of_points(rotate_points(self.points, rotation))
    }
}

/// A marker printed on a tile, outside its segments (spec `expansions.md` §0.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Marker {
    /// The base game's start tile (dark back).
    Start,
    /// A river spring.
    Spring,
    /// A river lake (the river ends here); drawn after the other river tiles.
    Lake,
    /// The River II fork (three river ends), placed by the youngest player.
    Fork,
    /// A volcano on a river lake (River II).
    Volcano,
    /// A garden (second editions; only for the Abbot).
    Garden,
    /// A gold mine symbol (Gold Mines).
    GoldMine,
    /// A mage symbol (Mage & Witch).
    Mage,
    /// A robber symbol (Robbers).
    Robber,
    /// A flying machine pointing in this direction at rotation 0 (Flying Machines); it turns
    /// with the tile.
    FlyingMachine(Compass),
    /// A crop circle of this type (Crop Circles): field (pitchfork), road (club) or city
    /// (shield).
    CropCircle(FeatureKind),
    /// A ferry lake where roads end (Ferries).
    FerryLake,
    /// A site for the big top (Under the Big Top).
    BigTopSite,
    /// A site for acrobats (Under the Big Top).
    AcrobatSite,
    /// Position `0..12` of the City of Carcassonne (Count of Carcassonne).
    CityOfCarcassonne(u8),
}

/// One of eight compass directions, clockwise from north.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Compass {
    /// North.
    N,
    /// North-east.
    NE,
    /// East.
    E,
    /// South-east.
    SE,
    /// South.
    S,
    /// South-west.
    SW,
    /// West.
    W,
    /// North-west.
    NW,
}

impl fmt::Display for Compass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Compass {
    const ALL: [Compass; 8] = [
        Compass::N,
        Compass::NE,
        Compass::E,
        Compass::SE,
        Compass::S,
        Compass::SW,
        Compass::W,
        Compass::NW,
    ];

    /// This direction on a tile turned by `rotation` (a quarter turn moves it two steps
    /// clockwise: `N → E`, `NE → SE`).
    pub fn rotated(self, rotation: Rotation) -> Compass {
        Compass::ALL[(self as usize + 2 * rotation.quarter_turns() as usize) % 8]
    }

    /// One step in this direction as `(dx, dy)` on the board (y grows south): `N` is
    /// `(0, -1)`, `NE` `(1, -1)`, `E` `(1, 0)`, ... `NW` `(-1, -1)`.
    pub const fn offset(self) -> (i32, i32) {
        match self {
            Compass::N => (0, -1),
            Compass::NE => (1, -1),
            Compass::E => (1, 0),
            Compass::SE => (1, 1),
            Compass::S => (0, 1),
            Compass::SW => (-1, 1),
            Compass::W => (-1, 0),
            Compass::NW => (-1, -1),
        }
    }

    /// `N`, `NE`, `E`, `SE`, `S`, `SW`, `W` or `NW`.
    pub const fn name(self) -> &'static str {
        match self {
            Compass::N => "N",
            Compass::NE => "NE",
            Compass::E => "E",
            Compass::SE => "SE",
            Compass::S => "S",
            Compass::SW => "SW",
            Compass::W => "W",
            Compass::NW => "NW",
        }
    }

    /// Parses `N`, `NE`, `E`, `SE`, `S`, `SW`, `W`, `NW`.
    pub fn parse(s: &str) -> Option<Compass> {
        Compass::ALL.into_iter().find(|c| format!("{c:?}") == s)
    }
}

/// The tile sets (boxes) a game can use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum TileSet {
    /// The base game: 72 tiles including the start tile (spec §2.1).
    Base,
    /// Inns & Cathedrals: 18 tiles (spec §2.3).
    #[serde(rename = "inns")]
    InnsAndCathedrals,
    /// Traders & Builders: 24 tiles (spec §2.4).
    #[serde(rename = "traders")]
    TradersAndBuilders,
    /// River I: 12 tiles with the spring and the lake (spec §2.2).
    #[serde(rename = "river")]
    River,
    /// River II: 12 tiles with the spring, the fork and the volcano lake (`expansions.md`
    /// §1.2).
    #[serde(rename = "river2")]
    River2,
    /// The 5 standard land tiles of the Count, King & Robber box, with the bridge-city tile
    /// (`expansions.md` §1.4.1); they bring the King and the Robber Baron.
    #[serde(rename = "king_robber")]
    KingAndRobber,
    /// The Cult: 5 shrine tiles (`expansions.md` §1.5.1; JCloisterZone `cult/5`).
    #[serde(rename = "cult")]
    Cult,
    /// The 6-tile edition of the Cult (JCloisterZone `cult/6`): the 5 shrine tiles and CU-06.
    /// Use it instead of `cult`, not with it.
    #[serde(rename = "cult6")]
    Cult6,
    /// The Count of Carcassonne: the City of Carcassonne as the starting area (12 pieces, never
    /// drawn), a completed city for every field beside it (`expansions.md` §1.3).
    #[serde(rename = "count")]
    Count,
    /// Under the Big Top: 12 big-top sites and 8 acrobat tiles, the C2 edition with two
    /// gardens (`expansions.md` §2.1; JCloisterZone `under-the-big-top:2`); it brings the big
    /// top and its animal tokens, the acrobats and the ringmasters.
    #[serde(rename = "big_top")]
    BigTop,
    /// The C1 edition of Under the Big Top (JCloisterZone `under-the-big-top:1`): the same
    /// tiles without gardens. Use it instead of `big_top`, not with it.
    #[serde(rename = "big_top1")]
    BigTop1,
    /// Flying Machines: 8 tiles with a flying machine, the C2 edition with a garden
    /// (`expansions.md` §3.1.1; JCloisterZone `flier:2`).
    #[serde(rename = "flying_machines")]
    FlyingMachines,
    /// The C1 edition of Flying Machines (JCloisterZone `flier:1`). Use it instead of
    /// `flying_machines`, not with it.
    #[serde(rename = "flying_machines1")]
    FlyingMachines1,
    /// Gold Mines: 8 tiles with a gold symbol and 16 ingots (§3.4.1; JCloisterZone `goldmines`).
    #[serde(rename = "gold_mines")]
    GoldMines,
    /// Mage & Witch: 8 tiles with a mage symbol, the mage and the witch, the C2 edition with a
    /// garden (§3.5.1; JCloisterZone `mage-and-witch:2`).
    #[serde(rename = "mage_witch")]
    MageWitch,
    /// The C1 edition of Mage & Witch (JCloisterZone `mage-and-witch:1`). Use it instead of
    /// `mage_witch`, not with it.
    #[serde(rename = "mage_witch1")]
    MageWitch1,
    /// Ferries: 8 lake tiles and 8 ferries (`expansions.md` §3.3.1; JCloisterZone `ferries`).
    #[serde(rename = "ferries")]
    Ferries,
    /// Crop Circles II: 6 tiles with a crop circle, one from each 2012 mini expansion
    /// (`expansions.md` §3.7.1, D-CR-3: the set of the seed rulebook S003; JCloisterZone
    /// `corn-circles/2`).
    #[serde(rename = "crop_circles")]
    CropCircles,
    /// Crop Circles I (2010), 6 other tiles with the same rules (JCloisterZone
    /// `corn-circles/1`). Use it instead of `crop_circles`, not with it (D-CR-3).
    #[serde(rename = "crop_circles1")]
    CropCircles1,
    /// Robbers: 8 tiles with a robber symbol and a robber per player (`expansions.md` §3.6.1).
    /// JCloisterZone has no robbers: the shapes come from one transcription only (the
    /// Tabletop Simulator mod the spec names), so the symbol can be attached to any shape.
    #[serde(rename = "robbers")]
    Robbers,
    /// Messages (`expansions.md` §3.2): no land tiles; 8 message tiles (a face-down deck, not
    /// part of the landscape) and a messenger per player, a second scoring figure on the score
    /// track. The set contributes no tiles to the stack: naming it switches the `messages`
    /// element on by default.
    #[serde(rename = "messages")]
    Messages,
}

impl TileSet {
    /// Every tile set this library knows.
    pub const ALL: [TileSet; 21] = [
        TileSet::Base,
        TileSet::InnsAndCathedrals,
        TileSet::TradersAndBuilders,
        TileSet::River,
        TileSet::River2,
        TileSet::KingAndRobber,
        TileSet::Cult,
        TileSet::Cult6,
        TileSet::Count,
        TileSet::BigTop,
        TileSet::BigTop1,
        TileSet::FlyingMachines,
        TileSet::FlyingMachines1,
        TileSet::GoldMines,
        TileSet::MageWitch,
        TileSet::MageWitch1,
        TileSet::Ferries,
        TileSet::CropCircles,
        TileSet::CropCircles1,
        TileSet::Robbers,
        TileSet::Messages,
    ];

    /// The set's name in configs and on the command line: `base`, `inns`, `traders`, `river`,
    /// `river2`, `king_robber`, `cult`, `cult6`, `count`, `big_top`, `big_top1`,
    /// `flying_machines`, `flying_machines1`, `gold_mines`, `mage_witch`, `mage_witch1`,
    /// `ferries`, `crop_circles`, `crop_circles1`, `robbers`, `messages`.
    pub const fn name(self) -> &'static str {
        match self {
            TileSet::Base => "base",
            TileSet::InnsAndCathedrals => "inns",
            TileSet::TradersAndBuilders => "traders",
            TileSet::River => "river",
            TileSet::River2 => "river2",
            TileSet::KingAndRobber => "king_robber",
            TileSet::Cult => "cult",
            TileSet::Cult6 => "cult6",
            TileSet::Count => "count",
            TileSet::BigTop => "big_top",
            TileSet::BigTop1 => "big_top1",
            TileSet::FlyingMachines => "flying_machines",
            TileSet::FlyingMachines1 => "flying_machines1",
            TileSet::GoldMines => "gold_mines",
            TileSet::MageWitch => "mage_witch",
            TileSet::MageWitch1 => "mage_witch1",
            TileSet::Ferries => "ferries",
            TileSet::CropCircles => "crop_circles",
            TileSet::CropCircles1 => "crop_circles1",
            TileSet::Robbers => "robbers",
            TileSet::Messages => "messages",
        }
    }

    /// Whether this set is the other edition of a set that has two, taken instead of it
    /// (`cult6`, `big_top1`, `flying_machines1`, `mage_witch1`, `crop_circles1`; a config holds
    /// one edition of each): [`TileSet::ALL`] without these is every set once.
    pub const fn is_other_edition(self) -> bool {
        match self {
            TileSet::Cult6
            | TileSet::BigTop1
            | TileSet::FlyingMachines1
            | TileSet::MageWitch1
            | TileSet::CropCircles1 => true,
            TileSet::Base
            | TileSet::InnsAndCathedrals
            | TileSet::TradersAndBuilders
            | TileSet::River
            | TileSet::River2
            | TileSet::KingAndRobber
            | TileSet::Cult
            | TileSet::Count
            | TileSet::BigTop
            | TileSet::FlyingMachines
            | TileSet::GoldMines
            | TileSet::MageWitch
            | TileSet::Ferries
            | TileSet::CropCircles
            | TileSet::Robbers
            | TileSet::Messages => false,
        }
    }
}

impl fmt::Display for TileSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for TileSet {
    type Err = ParseError;

    /// Parses a set name: `base` (also `basic`), `inns` (`inns-and-cathedrals`), `traders`
    /// (`traders-and-builders`), `river`, `river2`, `king_robber` (`king-and-robber`), `cult`
    /// (`cult/5`), `cult6` (`cult/6`), `count`, `big_top` (`under-the-big-top`,
    /// `under-the-big-top:2`), `big_top1` (`under-the-big-top:1`), `flying_machines` (`flier`,
    /// `flier:2`), `flying_machines1` (`flier:1`), `gold_mines` (`goldmines`), `mage_witch`
    /// (`mage-and-witch`, `mage-and-witch:2`), `mage_witch1` (`mage-and-witch:1`), `ferries`,
    /// `crop_circles` (`crop-circles`, `corn-circles/2`), `crop_circles1` (`corn-circles/1`),
    /// `robbers`, `messages` (`messengers`).
    fn from_str(s: &str) -> Result<TileSet, ParseError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "base" | "basic" => Ok(TileSet::Base),
            "inns" | "inns-and-cathedrals" | "inns_and_cathedrals" => {
                Ok(TileSet::InnsAndCathedrals)
            }
            "traders" | "traders-and-builders" | "traders_and_builders" => {
                Ok(TileSet::TradersAndBuilders)
            }
            "river" | "river1" | "river-1" => Ok(TileSet::River),
            "river2" | "river-2" => Ok(TileSet::River2),
            "king_robber" | "king-and-robber" | "king_and_robber" => Ok(TileSet::KingAndRobber),
            "cult" | "cult/5" | "cult5" => Ok(TileSet::Cult),
            "cult6" | "cult/6" => Ok(TileSet::Cult6),
            "count" => Ok(TileSet::Count),
            "big_top" | "big-top" | "under-the-big-top" | "under-the-big-top:2" => {
                Ok(TileSet::BigTop)
            }
            "big_top1" | "under-the-big-top:1" => Ok(TileSet::BigTop1),
            "flying_machines" | "flier" | "flier:2" => Ok(TileSet::FlyingMachines),
            "flying_machines1" | "flier:1" => Ok(TileSet::FlyingMachines1),
            "gold_mines" | "goldmines" => Ok(TileSet::GoldMines),
            "mage_witch" | "mage-and-witch" | "mage-and-witch:2" => Ok(TileSet::MageWitch),
            "mage_witch1" | "mage-and-witch:1" => Ok(TileSet::MageWitch1),
            "ferries" => Ok(TileSet::Ferries),
            "crop_circles" | "crop-circles" | "corn-circles/2" | "corn-circles" => {
                Ok(TileSet::CropCircles)
            }
            "crop_circles1" | "corn-circles/1" => Ok(TileSet::CropCircles1),
            "robbers" => Ok(TileSet::Robbers),
            "messages" | "messengers" => Ok(TileSet::Messages),
            _ => Err(ParseError::new(
                "tile set",
                s,
                "known sets: base, inns, traders, river, river2, king_robber, cult, cult6, count, \
                 big_top, big_top1, flying_machines, flying_machines1, gold_mines, mage_witch, \
                 mage_witch1, ferries, crop_circles, crop_circles1, robbers, messages",
            )),
        }
    }
}

/// A kind of tile: its features, markers and number of copies.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct TileKind {
    /// The stable id (the spec's: `A`..`X` for the base game).
    pub id: &'static str,
    /// JCloisterZone's id of the same tile in the same canonical orientation.
    pub jcz_id: &'static str,
    /// The set it comes from.
    pub set: TileSet,
    /// Copies in the set (the base start tile included in `D`'s 4).
    pub count: u8,
    /// The segments in the spec's listing order (`C1`, `R1`, `F1`, ... as listed).
    pub segments: Vec<Segment>,
    /// Markers outside the segments.
    pub markers: Vec<Marker>,
    /// Edge type of each side in canonical orientation.
    pub(crate) edges: [EdgeKind; 4],
    /// For each open-position constraint (see [`constraint_code`]): the rotations that fit
    /// there, bit `r` for `r` quarter turns, and their number in bits 4 to 7
    /// ([`fitting_entry`]). [`FITTING_TABLE`] entries (the codes above [`CONSTRAINTS`] fit
    /// nothing), so that a lookup through [`fitting`] needs no bounds check.
    pub(crate) fitting_rotations: Box<[u8; FITTING_TABLE]>,
    /// Per rotation: the owner of each rotated edge point (segment index or [`NO_SEGMENT`]).
    pub(crate) rotated_owner: [[u8; 12]; 4],
    /// Whether the tile carries a river (placement follows the river rules).
    pub(crate) has_river: bool,
    /// Per rotation: the sides carrying the river, bit `s` for side `s`.
    pub(crate) river_sides: [u8; 4],
    /// The monastic building in the middle of the tile, if any: `Monastery` or `Shrine`.
    pub(crate) building: Option<FeatureKind>,
    /// The road and city segments: bit `i` for segment `i`.
    pub(crate) roads_and_cities: u32,
}

/// Number of open-position constraints: each side needs nothing or one of 4 edge types.
pub(crate) const CONSTRAINTS: usize = 625;

/// Entries of a tile kind's table of fitting rotations: the power of two above
/// [`CONSTRAINTS`].
pub(crate) const FITTING_TABLE: usize = CONSTRAINTS.next_power_of_two();

/// The rotations of a tile kind that fit an open position of constraint code `constraint`, from
/// its table of fitting rotations (bit `r` for `r` quarter turns). The scan of the open
/// positions calls this once per position and tile: the mask keeps the index inside the table
/// without a check.
#[inline(always)]
pub(crate) fn fitting(table: &[u8; FITTING_TABLE], constraint: u16) -> u8 {
    fitting_entry(table, constraint) & 15
}

/// The entry of a table of fitting rotations for the constraint code `constraint`: the
/// rotations that fit in the low four bits (as [`fitting`] gives them), their number in the high
/// four; 0 where none fits. A count of the placements adds the high bits without a second
/// lookup.
#[inline(always)]
pub(crate) fn fitting_entry(table: &[u8; FITTING_TABLE], constraint: u16) -> u8 {
    table[constraint as usize & (FITTING_TABLE - 1)]
}

/// The constraint code of an open position whose side `side` must have edge type `edge`, added
/// to the code of its other sides: `code(edge) * 5^side`.
pub(crate) const fn constraint_code(side: Side, edge: EdgeKind) -> u16 {
    edge.code() * [1, 5, 25, 125][side as usize]
}

/// Owner value of an edge point that belongs to no segment (the middle of a field edge).
pub(crate) const NO_SEGMENT: u8 = u8::MAX;

impl TileKind {
    pub(crate) fn new(
        id: &'static str,
        jcz_id: &'static str,
        set: TileSet,
        count: u8,
        segments: Vec<Segment>,
        markers: Vec<Marker>,
    ) -> TileKind {
        let mut segments = segments;
        for seg in &mut segments {
            seg.open_ends = match seg.kind {
                FeatureKind::Road | FeatureKind::City | FeatureKind::River => {
                    (seg.points & crate::geometry::MIDDLE_POINTS).count_ones() as u8
                }
                FeatureKind::Monastery | FeatureKind::Shrine | FeatureKind::Field => 0,
            };
            seg.locations = Rotation::ALL.map(|r| seg.location_of_points(r));
        }
        let mut owner = [NO_SEGMENT; 12];
        for (i, seg) in segments.iter().enumerate() {
            for (p, slot) in owner.iter_mut().enumerate() {
                if seg.points & (1 << p) != 0 {
                    *slot = i as u8;
                }
            }
        }
        let mut edges = [EdgeKind::Field; 4];
        for side in Side::ALL {
            let middle = owner[3 * side.index() as usize + 1];
            if middle != NO_SEGMENT {
                edges[side.index() as usize] = segments[middle as usize].kind.edge_kind();
            }
        }
        let mut fitting_rotations = Box::new([0u8; FITTING_TABLE]);
        for (code, fits) in fitting_rotations[..CONSTRAINTS].iter_mut().enumerate() {
            for r in Rotation::ALL {
                let ok = Side::ALL.iter().all(|&side| {
                    let need = (code / 5usize.pow(side.index() as u32)) % 5;
                    let canonical = Side::from_index(side.index() + 4 - r.quarter_turns());
                    need == 0 || need == edges[canonical.index() as usize].code() as usize
                });
                if ok {
                    *fits |= 1 << r.quarter_turns();
                }
            }
            *fits |= (fits.count_ones() as u8) << 4;
        }
        let mut rotated_owner = [[NO_SEGMENT; 12]; 4];
        for (r, table) in rotated_owner.iter_mut().enumerate() {
            for (p, &o) in owner.iter().enumerate() {
                table[(p + 3 * r) % 12] = o;
            }
        }
        let has_river = edges.contains(&EdgeKind::River);
        let building = segments.iter().map(|s| s.kind).find(|k| k.is_monastic());
        let roads_and_cities = segments
            .iter()
            .enumerate()
            .filter(|(_, s)| matches!(s.kind, FeatureKind::Road | FeatureKind::City))
            .fold(0, |m, (i, _)| m | 1 << i);
        let mut river_sides = [0u8; 4];
        for r in Rotation::ALL {
            for side in Side::ALL {
                let canonical = Side::from_index(side.index() + 4 - r.quarter_turns());
                if edges[canonical.index() as usize] == EdgeKind::River {
                    river_sides[r.quarter_turns() as usize] |= 1 << side.index();
                }
            }
        }
        TileKind {
            id,
            jcz_id,
            set,
            count,
            segments,
            markers,
            edges,
            fitting_rotations,
            rotated_owner,
            has_river,
            river_sides,
            building,
            roads_and_cities,
        }
    }

    /// The indices of the road and city segments, increasing, from the tile's mask: no test
    /// of each segment's kind (fields and roads alternate on a tile, and such a test was
    /// mispredicted about every other segment).
    #[inline(always)]
    pub(crate) fn road_and_city_segments(&self) -> impl Iterator<Item = usize> {
        let mut left = self.roads_and_cities;
        std::iter::from_fn(move || {
            (left != 0).then(|| {
                let i = left.trailing_zeros() as usize;
                left &= left - 1;
                i
            })
        })
    }

    /// The edge type on `side` when the tile is turned by `rotation`.
    pub fn edge(&self, side: Side, rotation: Rotation) -> EdgeKind {
        let canonical = Side::from_index(side.index() + 4 - rotation.quarter_turns());
        self.edges[canonical.index() as usize]
    }

    /// The edge types N, E, S, W in canonical orientation.
    pub fn edges(&self) -> [EdgeKind; 4] {
        self.edges
    }

    /// Index of the segment owning edge point `point` (0..12, `NL` = 0) when the tile is
    /// turned by `rotation`, or `None` for the middle of a field edge.
    pub fn segment_at(&self, point: u8, rotation: Rotation) -> Option<usize> {
        match self.rotated_owner[rotation.quarter_turns() as usize].get(point as usize) {
            Some(&o) if o != NO_SEGMENT => Some(o as usize),
            _ => None,
        }
    }

    /// Whether the tile is a piece of the City of Carcassonne (the Count's starting area).
    pub fn is_city_of_carcassonne(&self) -> bool {
        self.markers
            .iter()
            .any(|m| matches!(m, Marker::CityOfCarcassonne(_)))
    }

    /// Its table of fitting rotations (see [`fitting`]), the boxed array itself: a loop that
    /// holds this reference keeps it in a register, where one holding `&self.fitting_rotations`
    /// reloads the box's pointer after every store it cannot prove unrelated.
    #[inline(always)]
    pub(crate) fn fitting_table(&self) -> &[u8; FITTING_TABLE] {
        &self.fitting_rotations
    }

    /// Whether the tile carries `marker`.
    pub fn has_marker(&self, marker: Marker) -> bool {
        self.markers.contains(&marker)
    }

    /// Index of the segment of kind `kind` at `location` when the tile is turned by `rotation`.
    /// Roads and cities are matched by the edges they reach, fields by their half-edges; the
    /// centre matches a monastery or an inner field.
    pub fn segment_with_location(
        &self,
        kind: FeatureKind,
        location: Location,
        rotation: Rotation,
    ) -> Option<usize> {
        self.segments
            .iter()
            .position(|s| s.kind == kind && s.location(rotation) == location)
    }
}

/// A tile kind's stable id, e.g. `D` or `RI-C`: a small copyable handle into the
/// [catalogue](crate::catalogue()). Text and serde form: the id string.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TileId(pub(crate) u16);

impl TileId {
    /// The tile kind this id names.
    #[inline(always)]
    pub fn kind(self) -> &'static TileKind {
        &catalogue().tiles()[self.0 as usize]
    }

    /// The id string, e.g. `"D"`.
    pub fn as_str(self) -> &'static str {
        self.kind().id
    }

    /// Index of this kind in the catalogue (stable within one library version).
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The id of the catalogue entry with index `i`, if there is one.
    pub fn from_index(i: usize) -> Option<TileId> {
        (i < catalogue().tiles().len()).then_some(TileId(i as u16))
    }

    /// The tile whose JCloisterZone id is `jcz` (e.g. `BA/RCr` is `D`).
    pub fn from_jcz(jcz: &str) -> Option<TileId> {
        catalogue().find_jcz(jcz)
    }
}

impl fmt::Display for TileId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for TileId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TileId({})", self.as_str())
    }
}

impl FromStr for TileId {
    type Err = ParseError;

    /// Parses a catalogue id such as `D` or `IC-K` (exact match), or a JCloisterZone id such
    /// as `BA/RCr`.
    fn from_str(s: &str) -> Result<TileId, ParseError> {
        let t = s.trim();
        catalogue()
            .find(t)
            .or_else(|| catalogue().find_jcz(t))
            .ok_or_else(|| ParseError::new("tile id", s, "no such tile in the catalogue"))
    }
}

impl Serialize for TileId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for TileId {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<TileId, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}
