//! Events: what happened when an action was played, in one documented, deterministic order.
//!
//! Within a turn part the order is: [`Event::TilePlaced`]; [`Event::FigureDeployed`] (if any);
//! for each feature completed by the placement, its [`Event::Scored`] events (one per owner, in
//! seat order) followed by its [`Event::FigureReturned`] events — roads and cities in the order
//! of the placed tile's segments, then monasteries row by row across the 3×3 around the tile;
//! for a completed city with trade goods, [`Event::GoodsTaken`] after its scores; then the next
//! draw ([`Event::TileDrawn`], or [`Event::TileDiscarded`] and another draw). At the end of the
//! game: final scoring (unfinished roads, then cities, then monasteries, then fields, each in
//! the order their first figure was deployed, then trade goods wine, grain, cloth) and
//! [`Event::GameOver`].

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::action::Figure;
use crate::expansions::count::Quarter;
use crate::geometry::{Location, Position, Rotation};
use crate::tile::{FeatureKind, Goods, TileId};

/// The King & Robber Baron tokens (spec `expansions.md` §1.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Token {
    /// The King: held by the player who completed the largest city (K.2).
    King,
    /// The Robber Baron: held by the player who completed the longest road (RB.1).
    RobberBaron,
}

impl Token {
    /// `king` or `robber_baron`.
    pub const fn name(self) -> &'static str {
        match self {
            Token::King => "king",
            Token::RobberBaron => "robber_baron",
        }
    }
}

/// Points awarded to one player for one feature, with everything needed to explain them.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Score {
    /// The player (seat) who receives the points.
    pub player: usize,
    /// Points awarded (0 is possible: an owner of a feature worth nothing still gets an event).
    pub points: u32,
    /// The kind of the scored feature.
    pub feature: FeatureKind,
    /// Whether the feature was complete (scored during play) or unfinished (final scoring).
    pub complete: bool,
    /// Whether this is part of the final scoring at the end of the game.
    pub final_scoring: bool,
    /// Tiles of the feature: distinct tiles of a road or city; for a monastery the tiles of its
    /// 3×3 area (itself included); for a field, 0.
    pub tiles: u16,
    /// Pennants of a city.
    pub pennants: u16,
    /// For a field: the completed cities it borders that paid this player.
    pub cities: u16,
    /// Points per city paid to this field owner (3 in the base game).
    pub points_per_city: u16,
    /// Strength (followers) each owner had in the feature.
    pub strength: u8,
    /// For a trade goods majority at the end (Traders & Builders): the good; `tiles` then
    /// holds the player's tokens of it and `feature` is `City`.
    pub goods: Option<Goods>,
    /// For a King or Robber Baron score: the token; `feature` is then `City` or `Road`,
    /// `cities` the completed cities (roads) paid for (0 in the card variants), and `tiles`
    /// the cards the points are for (2 for both cards under 15/40).
    pub token: Option<Token>,
    /// Where the feature is: the position and location of one of its segments (the one holding
    /// the first figure).
    pub pos: Position,
    /// Location of that segment.
    pub location: Location,
    /// The positions of the feature's tiles, sorted (empty for the quiet fast path).
    pub positions: Vec<Position>,
}

impl Score {
    /// What was scored: `road`, `city`, `monastery`, `shrine`, `field`, `goods` for a trade
    /// goods majority, `king` or `robber_baron`.
    pub fn kind_name(&self) -> &'static str {
        if let Some(token) = self.token {
            token.name()
        } else if self.goods.is_some() {
            "goods"
        } else {
            self.feature.name()
        }
    }

    /// Why these points were awarded, in words, e.g. `a completed city (3 tiles, 1 pennant)`.
    pub fn reason(&self) -> String {
        if let Some(token) = self.token {
            let (name, one, many) = match token {
                Token::King => ("the King", "completed city", "completed cities"),
                Token::RobberBaron => ("the Robber Baron", "completed road", "completed roads"),
            };
            return match (self.cities, self.tiles) {
                (0, 2) => "the King's and the Robber Baron's cards".to_owned(),
                (0, _) => format!("{name}'s card"),
                (1, _) => format!("{name}: 1 {one}"),
                (n, _) => format!("{name}: {n} {many}"),
            };
        }
        if let Some(g) = self.goods {
            return format!(
                "the most {} tokens ({})",
                format!("{g:?}").to_lowercase(),
                self.tiles
            );
        }
        let state = if self.complete {
            "a completed"
        } else {
            "an unfinished"
        };
        let plural =
            |n: u16, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        match self.feature {
            FeatureKind::Field => format!(
                "a field bordering {} ({} each)",
                plural(self.cities, "completed city", "completed cities"),
                self.points_per_city
            ),
            FeatureKind::City => format!(
                "{state} city ({}, {})",
                plural(self.tiles, "tile", "tiles"),
                plural(self.pennants, "pennant", "pennants")
            ),
            kind => format!("{state} {kind} ({})", plural(self.tiles, "tile", "tiles")),
        }
    }
}

impl fmt::Display for Score {
    /// `player N +P for REASON` (N 1-based).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "player {} +{} for {}",
            self.player + 1,
            self.points,
            self.reason()
        )
    }
}

/// Something that happened in a game.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
#[non_exhaustive]
pub enum Event {
    /// A tile was drawn for `player`.
    TileDrawn {
        /// Who drew.
        player: usize,
        /// The tile.
        tile: TileId,
    },
    /// The drawn tile fits nowhere and left the game; the same player draws again (spec B-3.5).
    TileDiscarded {
        /// Who drew it.
        player: usize,
        /// The tile.
        tile: TileId,
    },
    /// The drawn river tile would close the last open river end before the River II fork is
    /// placed: it goes under the river stack and the same player draws again (R2.5). When only
    /// such tiles are left, the youngest player first places the fork out of turn (the next
    /// draw is theirs), then this player's turn part resumes with a new draw.
    TileDeferred {
        /// Who drew it.
        player: usize,
        /// The tile.
        tile: TileId,
    },
    /// A tile was laid.
    TilePlaced {
        /// Who laid it.
        player: usize,
        /// The tile.
        tile: TileId,
        /// Where.
        pos: Position,
        /// Its rotation.
        rotation: Rotation,
    },
    /// A figure was deployed from supply.
    FigureDeployed {
        /// Its owner.
        player: usize,
        /// Which figure.
        figure: Figure,
        /// The tile's position.
        pos: Position,
        /// The feature kind.
        feature: FeatureKind,
        /// The feature's location on the tile.
        location: Location,
    },
    /// Points were awarded.
    Scored(Score),
    /// The active player took trade goods tokens from a city it completed (Traders & Builders,
    /// TB-1.2).
    GoodsTaken {
        /// Who took them.
        player: usize,
        /// Which good.
        goods: Goods,
        /// How many tokens.
        count: u8,
    },
    /// The active player took the King or the Robber Baron with a larger completed city or a
    /// longer completed road than any before (spec `expansions.md` K.2, RB.1).
    TokenTaken {
        /// The new holder.
        player: usize,
        /// Which token.
        token: Token,
        /// Tiles of the city or road that took it.
        size: u16,
    },
    /// A figure went from supply into a quarter of the City of Carcassonne (the Count, C.2).
    FigureEnteredCity {
        /// Its owner.
        player: usize,
        /// Which figure.
        figure: Figure,
        /// The quarter.
        quarter: Quarter,
    },
    /// The Count moved to another quarter (C.2).
    CountMoved {
        /// Who moved him.
        player: usize,
        /// Where he stands now.
        quarter: Quarter,
    },
    /// A figure left a quarter of the City onto a feature (C.3, C.4).
    FigureLeftCity {
        /// Its owner.
        player: usize,
        /// Which figure.
        figure: Figure,
        /// The quarter it left.
        quarter: Quarter,
        /// The position of the tile it went to.
        pos: Position,
        /// The feature kind.
        feature: FeatureKind,
        /// The feature's location on that tile.
        location: Location,
    },
    /// A figure went back to its owner's supply after its feature was scored (spec B-7.1).
    FigureReturned {
        /// Its owner.
        player: usize,
        /// Which figure.
        figure: Figure,
        /// Where it stood.
        pos: Position,
        /// The feature kind.
        feature: FeatureKind,
        /// Its location on the tile.
        location: Location,
    },
    /// The game ended and was scored; the final scores by seat.
    GameOver {
        /// Final scores by seat.
        scores: Vec<u32>,
    },
}

impl Event {
    /// The score of a [`Event::Scored`] event, `None` for every other event.
    pub fn score(&self) -> Option<&Score> {
        match self {
            Event::Scored(s) => Some(s),
            _ => None,
        }
    }
}

/// Where the engine sends events. `Vec<Event>` collects them; [`Quiet`] drops them, and tells
/// the engine not to build them at all (the fast path for simulations).
pub(crate) trait Sink {
    /// Whether events are wanted (if not, nothing is built).
    const WANTED: bool;
    /// Receives one event.
    fn push(&mut self, event: Event);
}

impl Sink for Vec<Event> {
    const WANTED: bool = true;
    #[inline]
    fn push(&mut self, event: Event) {
        Vec::push(self, event);
    }
}

/// A sink that wants no events.
pub(crate) struct Quiet;

impl Sink for Quiet {
    const WANTED: bool = false;
    #[inline]
    fn push(&mut self, _: Event) {}
}
