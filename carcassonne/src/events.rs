//! Events: what happened when an action was played, in one documented, deterministic order,
//! the same from every API.
//!
//! Within a turn part the order is: [`Event::TilePlaced`]; [`Event::FigureDeployed`] (if any);
//! with the Count, the movement round's [`Event::FigureLeftCity`] events (C.3); then for each
//! road and city completed by the placement, in the order of the placed tile's segments, its
//! [`Event::Scored`] events (one per owner, in seat order) followed by its
//! [`Event::FigureReturned`] events, and for a city with trade goods [`Event::GoodsTaken`];
//! then each completed monastery or shrine (in the order their figures were deployed) the
//! same way; then the Cult's challenge ([`Event::FigureReturned`] without points, CU.4); then
//! [`Event::TokenTaken`] (the King, then the Robber Baron, after their holders' scores under
//! the house rule `continuously`); then, with the Count, [`Event::FigureEnteredCity`] and
//! [`Event::CountMoved`] (C.2); then the next draw ([`Event::TileDrawn`], or
//! [`Event::TileDiscarded`] / [`Event::TileDeferred`] and another draw).
//!
//! At the end of the game: the Market's [`Event::FigureLeftCity`] moves (C.4); the final
//! scoring: unfinished roads, then cities, then monasteries and shrines, then fields, each in
//! the order their first figure was deployed; then trade goods (wine, grain, cloth); then the
//! King and the Robber Baron; and [`Event::GameOver`].
//!
//! The mini expansions add theirs in the order of their steps (`expansions.md` §4): after
//! [`Event::TilePlaced`], [`Event::IngotPlaced`] (the gold tile's, then the second) and
//! [`Event::MagicFigureMoved`] / [`Event::MagicFigureRemoved`]; a flight instead of a
//! deployment gives [`Event::FlierLaunched`], [`Event::DieRolled`], then
//! [`Event::FigureDeployed`] on the target tile or [`Event::FlierReturned`]; a magic figure in a
//! completed road or city leaves with [`Event::MagicFigureRemoved`] after its scoring; the
//! ingots claimed in the turn part go with [`Event::IngotTaken`] after all of its scoring (and
//! after the big top's); the players' ingots score after the King and the Robber Baron. A
//! crop circle's round comes last in the turn part (after the Count's entry): the active
//! player's [`Event::CropOptionChosen`], then each player's [`Event::FigureDeployed`] (option
//! A) or [`Event::FigureReturned`] (option B, followed by the returns of that player's builders
//! and pigs left without a follower in the feature), in seat order from the left of the
//! active player.
//!
//! With the Robbers (the score track, `track`): after [`Event::TilePlaced`] (or, with
//! [`RobberPlacement::BeforeTilePlacement`](crate::RobberPlacement), after
//! [`Event::TileDrawn`]) come [`Event::RobberPlaced`] / [`Event::RobberMoved`] in the order
//! the players decided. Points are paid one award round at a time (the owners of one feature,
//! one field, one big top, ...): the round's [`Event::Scored`] events in seat order, then for
//! each robber that robbed (owners in seat order from the active player) its
//! [`Reason::Robbery`] score, each followed by the [`Event::RobberMoved`] events of the robbers
//! travelling with that figure (RO.7). The completed features of a turn part are scored in the
//! order the active player chose ([`Pending::ScoreOrder`](crate::Pending::ScoreOrder)) — or,
//! when it cannot matter, roads and cities of the tile, then monasteries and shrines —
//! after the [`Event::FigureReturned`] / [`Event::GoodsTaken`] events of the completed
//! features nobody held. [`Event::RobberReturned`] follows the gold distribution (phase 4
//! step 3), and after the final scoring precedes [`Event::GameOver`].
//!
//! With the Messages: an award whose receiver chooses the moving figure (M.1) comes when he
//! has chosen (its robberies after it), and the code that paid it may have gone on meanwhile
//! (a big top moves, figures go home): those events may come before it. After the gold is
//! shared (phase 4 step 2) [`Event::MessageDrawn`], then the message's points (a
//! [`Reason::Message`] score; for "score and return" followed by [`Event::FigureReturned`]),
//! or the extra tile's whole nested turn part ([`Event::TileDrawn`], [`Event::TilePlaced`],
//! ... its scoring, its gold), then a chained [`Event::MessageDrawn`], and so on. Before the
//! final scoring each player's [`Event::FiguresMerged`], in seat order.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::animal::Animal;
use crate::crop::CropOption;
use crate::figure::Figure;
use crate::geometry::{Location, Position, Rotation};
use crate::magic::MagicFigure;
use crate::message::Message;
use crate::quarter::Quarter;
use crate::tile::{Compass, FeatureKind, Goods, TileId};
use crate::token::Token;

/// Points awarded to one player, with everything needed to explain them: who, how many, and a
/// typed [`Reason`] whose every field means one thing.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Score {
    /// The player (seat) who receives the points.
    pub player: usize,
    /// Points awarded (0 is possible: an owner of a feature worth nothing still gets an event).
    pub points: u32,
    /// Whether this is part of the final scoring at the end of the game.
    pub final_scoring: bool,
    /// Why the points were awarded.
    pub reason: Reason,
    /// With the score track (Robbers, Messages): the receiver's scoring figure that moved with
    /// the points — 0 the scoring figure, 1 the messenger (M.1). `None` without a track.
    pub track_figure: Option<u8>,
}

/// Why points were awarded: one variant per kind of award.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Reason {
    /// A road, city, monastery or shrine: completed during play, or unfinished at the end
    /// (spec B-5, B-8.2).
    Feature(FeatureScore),
    /// A field at the end: its completed cities (spec B-9).
    Field(FieldScore),
    /// A trade goods majority at the end (Traders & Builders, TB-1.3).
    Goods(GoodsScore),
    /// Holding the King or the Robber Baron (`expansions.md` K.5, RB.1, or a house rule).
    Token(TokenScore),
    /// Figures around the big top when it was scored (Under the Big Top, BT.3, BT.5).
    BigTop(BigTopScore),
    /// Acrobats: a pyramid scored instead of a deployment (AC.5), or at the end (AC.7).
    Acrobats(AcrobatScore),
    /// A ringmaster's bonus for the circus tiles around it, after its feature was scored
    /// (RM.2, RM.3).
    Ringmaster(RingmasterScore),
    /// A player's gold ingots at the end (Gold Mines GM.6).
    Gold(GoldScore),
    /// Half of another player's award, taken by the receiver's robber (Robbers RO.2).
    Robbery(RobberyScore),
    /// A message's action or its seal's 2 points (Messages M.3, §3.2.1).
    Message(MessageScore),
}

/// The facts behind the points of a road, city, monastery or shrine.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub struct FeatureScore {
    /// The kind of the scored feature: road, city, monastery or shrine.
    pub kind: FeatureKind,
    /// Whether the feature was complete (scored during play, or a monastery surrounded at the
    /// end) or unfinished (final scoring).
    pub complete: bool,
    /// Distinct tiles of a road or city; for a monastery or shrine the tiles of its 3×3 area,
    /// itself included.
    pub tiles: u16,
    /// Pennants of a city (0 for the other kinds).
    pub pennants: u16,
    /// Whether an inn on the road set its value (Inns & Cathedrals IC-3: 2 per tile complete,
    /// 0 unfinished under the default rule).
    pub inn: bool,
    /// Whether a cathedral in the city set its value (IC-4: 3 per tile and pennant complete, 0
    /// unfinished under the default rule).
    pub cathedral: bool,
    /// The receiver's strength in the feature (followers, a large follower counting 2).
    pub strength: u8,
    /// The mage (+1 per tile) or the witch (halved, rounded up) in the road or city changed
    /// its value (Mage & Witch MW.4).
    pub magic: Option<MagicFigure>,
    /// The position of the tile holding the feature's first figure.
    pub pos: Position,
    /// The location of that figure's segment on its tile.
    pub location: Location,
    /// The positions of the feature's tiles (for a monastery its 3×3 area), sorted; empty on
    /// the quiet fast path ([`Game::play_quiet`](crate::Game::play_quiet) builds no events).
    pub positions: Vec<Position>,
}

/// The facts behind the points of a field at the end (spec B-9).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub struct FieldScore {
    /// The completed cities the field borders that paid this player (the City of Carcassonne
    /// included, C.5; with `farm_city_scoring = once_per_player` only those not yet paid).
    pub cities: u16,
    /// Points per city: 3, +1 with the receiver's pig in the field (TB-6), +1 with a pig herd
    /// in it (R2.10).
    pub points_per_city: u16,
    /// Whether the receiver's pig stands in the field (TB-6).
    pub pig: bool,
    /// Whether the field holds a pig herd (River II R2.10, with Traders & Builders).
    pub pig_herd: bool,
    /// The receiver's strength in the field.
    pub strength: u8,
    /// The position of the tile holding the field's first figure.
    pub pos: Position,
    /// The location of that figure's segment on its tile.
    pub location: Location,
}

/// A trade goods majority at the end (TB-1.3): 10 points for each good a player holds the most
/// tokens of (ties all score).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub struct GoodsScore {
    /// The good.
    pub goods: Goods,
    /// The receiver's tokens of that good.
    pub tokens: u8,
}

/// Points for holding the King or the Robber Baron.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub struct TokenScore {
    /// The token.
    pub token: Token,
    /// The completed cities (King) or roads (Robber Baron) paid for, 1 point each: at the end
    /// under the rulebook's scoring (the City of Carcassonne included for the King, K.5), or
    /// those completed in the turn part under the house rule `continuously`; 0 under the flat
    /// house rules `ten_per_token` and `fifteen_forty`.
    pub completed: u16,
    /// How many tokens the points are for: 1, or 2 for the 40 points of holding both under
    /// `fifteen_forty`.
    pub held: u8,
}

/// The big top's scoring (BT.3): the animal's value per figure of the receiver on the big
/// top's tile and the 8 around it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub struct BigTopScore {
    /// The animal token drawn: its value is the points per figure.
    pub animal: Animal,
    /// The receiver's figures in the 3×3 area (followers, large followers and ringmasters 1
    /// each, acrobats 1 each).
    pub figures: u8,
    /// Where the big top stood.
    pub pos: Position,
}

/// A pyramid's or an acrobat site's scoring: 5 per acrobat of the receiver (AC.5, AC.7).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub struct AcrobatScore {
    /// The receiver's acrobats on the site.
    pub acrobats: u8,
    /// The acrobat tile's position.
    pub pos: Position,
}

/// A ringmaster's bonus (RM.2): 2 per circus tile (big-top site or acrobat tile) among its tile
/// and the 8 around it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub struct RingmasterScore {
    /// Circus tiles counted.
    pub circus_tiles: u8,
    /// The ringmaster's tile.
    pub pos: Position,
}

/// A player's gold ingots at the end (GM.6): `ingots × v`, `v` = 1 for 1–3, 2 for 4–6, 3 for
/// 7–9, 4 for 10 or more.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub struct GoldScore {
    /// The receiver's ingots.
    pub ingots: u8,
}

/// Points a robber took (Robbers RO.2, RO.6): half of the robbed player's award, rounded up
/// (`(award + 1) / 2`); the robbed player keeps the whole award.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub struct RobberyScore {
    /// The robbed player (seat): his scoring figure left the robber's space with an award.
    pub victim: usize,
    /// The victim's award, in points (the receiver gets half of it, rounded up).
    pub award: u32,
    /// The track space (0–49) the robber stood on, where the victim's figure started.
    pub space: u8,
}

/// The facts behind a message's points (Messages M.3, §3.2.1).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub struct MessageScore {
    /// The message performed, or whose seal was taken.
    pub message: Message,
    /// Whether these are the message's 2 points instead of its action (its seal, M.3).
    pub seal: bool,
    /// The shortest road, smallest city or smallest monastery, and "score and return" on a
    /// road, city, monastery or shrine: the feature as the final scoring values it (unfinished
    /// rates, inns and cathedrals as the rules say, the mage or the witch; D-MS-2, D-MS-11),
    /// with the receiver's strength there and the tile and location of the follower that named
    /// it.
    pub feature: Option<FeatureScore>,
    /// "Score and return" on a field: the field as the final scoring values it.
    pub field: Option<FieldScore>,
    /// Coats of arms, knights and farmers: the things counted at 2 points each (pennants in
    /// the cities holding the receiver's followers; his followers in cities; his followers on
    /// fields). 0 for the other messages and the seal.
    pub counted: u16,
}

impl Score {
    /// What was scored: `road`, `city`, `monastery`, `shrine`, `field`, `goods` for a trade
    /// goods majority, `king` or `robber_baron`, `big_top`, `acrobats`, `ringmaster`, `gold`,
    /// `robbery`, `message`.
    pub fn kind_name(&self) -> &'static str {
        match &self.reason {
            Reason::Feature(f) => f.kind.name(),
            Reason::Field(_) => FeatureKind::Field.name(),
            Reason::Goods(_) => "goods",
            Reason::Token(t) => t.token.name(),
            Reason::BigTop(_) => "big_top",
            Reason::Acrobats(_) => "acrobats",
            Reason::Ringmaster(_) => "ringmaster",
            Reason::Gold(_) => "gold",
            Reason::Robbery(_) => "robbery",
            Reason::Message(_) => "message",
        }
    }

    /// The kind of the scored feature, for features and fields (a message's too); `None` for
    /// goods and tokens.
    pub fn feature(&self) -> Option<FeatureKind> {
        match &self.reason {
            Reason::Feature(f) => Some(f.kind),
            Reason::Field(_) => Some(FeatureKind::Field),
            Reason::Message(m) => match (&m.feature, &m.field) {
                (Some(f), _) => Some(f.kind),
                (None, Some(_)) => Some(FeatureKind::Field),
                (None, None) => None,
            },
            Reason::Goods(_)
            | Reason::Token(_)
            | Reason::BigTop(_)
            | Reason::Acrobats(_)
            | Reason::Ringmaster(_)
            | Reason::Gold(_)
            | Reason::Robbery(_) => None,
        }
    }

    /// Where the scored feature or field is (the tile and location of its first figure; for a
    /// message, of the follower that named it); `None` for goods, tokens and the circus (see
    /// [`Score::position`]).
    pub fn place(&self) -> Option<(Position, Location)> {
        match &self.reason {
            Reason::Feature(f) => Some((f.pos, f.location)),
            Reason::Field(f) => Some((f.pos, f.location)),
            Reason::Message(m) => match (&m.feature, &m.field) {
                (Some(f), _) => Some((f.pos, f.location)),
                (None, Some(f)) => Some((f.pos, f.location)),
                (None, None) => None,
            },
            Reason::Goods(_)
            | Reason::Token(_)
            | Reason::BigTop(_)
            | Reason::Acrobats(_)
            | Reason::Ringmaster(_)
            | Reason::Gold(_)
            | Reason::Robbery(_) => None,
        }
    }

    /// The tile the points are about: the feature's or field's first figure's, the big top's,
    /// the acrobat site's or the ringmaster's; `None` for goods, tokens, gold and robberies.
    pub fn position(&self) -> Option<Position> {
        match &self.reason {
            Reason::Feature(f) => Some(f.pos),
            Reason::Field(f) => Some(f.pos),
            Reason::BigTop(b) => Some(b.pos),
            Reason::Acrobats(a) => Some(a.pos),
            Reason::Ringmaster(r) => Some(r.pos),
            Reason::Message(_) => self.place().map(|(pos, _)| pos),
            Reason::Goods(_) | Reason::Token(_) | Reason::Gold(_) | Reason::Robbery(_) => None,
        }
    }

    /// Why these points were awarded, in words, e.g. `a completed city (3 tiles, 1 pennant)`.
    pub fn explanation(&self) -> String {
        let plural =
            |n: u16, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        match &self.reason {
            Reason::BigTop(b) => format!(
                "the big top: the {} ({} per figure), {}",
                b.animal,
                b.animal.value(),
                plural(u16::from(b.figures), "figure", "figures")
            ),
            Reason::Acrobats(a) => {
                format!(
                    "acrobats ({})",
                    plural(u16::from(a.acrobats), "acrobat", "acrobats")
                )
            }
            Reason::Ringmaster(r) => format!(
                "the ringmaster ({} around)",
                plural(u16::from(r.circus_tiles), "circus tile", "circus tiles")
            ),
            Reason::Token(t) => {
                let (one, many) = match t.token {
                    Token::King => ("completed city", "completed cities"),
                    Token::RobberBaron => ("completed road", "completed roads"),
                };
                match (t.completed, t.held) {
                    (0, 2) => "the King's and the Robber Baron's tokens".to_owned(),
                    (0, _) => format!("{}'s token", t.token.title()),
                    (n, _) => format!("{}: {}", t.token.title(), plural(n, one, many)),
                }
            }
            Reason::Goods(g) => format!("the most {} tokens ({})", g.goods.name(), g.tokens),
            Reason::Gold(g) => format!("gold ({})", plural(u16::from(g.ingots), "ingot", "ingots")),
            Reason::Robbery(r) => format!(
                "a robbery: half of player {}'s {} on space {}",
                r.victim + 1,
                plural(r.award.min(u32::from(u16::MAX)) as u16, "point", "points"),
                r.space
            ),
            Reason::Field(f) => format!(
                "a field bordering {} ({} each)",
                plural(f.cities, "completed city", "completed cities"),
                f.points_per_city
            ),
            Reason::Message(m) if m.seal => format!("the seal of message {}", m.message),
            Reason::Message(m) => match (m.message, &m.feature, &m.field) {
                (Message::CoatsOfArms, ..) => {
                    format!(
                        "message {}: {}",
                        m.message,
                        plural(m.counted, "pennant", "pennants")
                    )
                }
                (Message::Knights, ..) => {
                    format!(
                        "message {}: {}",
                        m.message,
                        plural(m.counted, "knight", "knights")
                    )
                }
                (Message::Farmers, ..) => {
                    format!(
                        "message {}: {}",
                        m.message,
                        plural(m.counted, "farmer", "farmers")
                    )
                }
                (_, Some(f), _) => format!(
                    "message {}: {}",
                    m.message,
                    Score {
                        reason: Reason::Feature(f.clone()),
                        ..self.clone()
                    }
                    .explanation()
                ),
                (_, None, Some(f)) => format!(
                    "message {}: {}",
                    m.message,
                    Score {
                        reason: Reason::Field(f.clone()),
                        ..self.clone()
                    }
                    .explanation()
                ),
                (_, None, None) => format!("message {}", m.message),
            },
            Reason::Feature(f) => {
                let state = if f.complete {
                    "a completed"
                } else {
                    "an unfinished"
                };
                let magic = match f.magic {
                    Some(MagicFigure::Mage) => ", with the mage",
                    Some(MagicFigure::Witch) => ", with the witch",
                    None => "",
                };
                match f.kind {
                    FeatureKind::City => format!(
                        "{state} city ({}, {}{magic})",
                        plural(f.tiles, "tile", "tiles"),
                        plural(f.pennants, "pennant", "pennants")
                    ),
                    kind => format!(
                        "{state} {kind} ({}{magic})",
                        plural(f.tiles, "tile", "tiles")
                    ),
                }
            }
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
            self.explanation()
        )
    }
}

/// Something that happened in a game.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
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
    /// A figure was deployed from supply: on the tile just laid, by a flier's landing, or by a
    /// crop circle's option A.
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
        tokens: u8,
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
    /// A figure went back to its owner's supply: after its feature was scored (spec B-7.1),
    /// after losing a Cult challenge (CU.4), or by a crop circle's option B (with the owner's
    /// builders and pigs left without a follower in that feature).
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
    /// The big top went up on a big-top site: the first one (`from` none, BT.2), or a new one
    /// after the old site was scored (BT.3).
    BigTopMoved {
        /// Where it stood.
        from: Option<Position>,
        /// Where it stands now.
        to: Position,
    },
    /// The big top's animal token was drawn and revealed as it was scored (BT.3, BT.5); its
    /// points follow as [`Event::Scored`] events.
    AnimalRevealed {
        /// The animal.
        animal: Animal,
        /// Where the big top stood.
        pos: Position,
    },
    /// A normal follower climbed an acrobat site: deployed from the tile just laid (AC.1,
    /// AC.2), or a flier landing on the target tile's site (FM.3).
    AcrobatDeployed {
        /// Its owner.
        player: usize,
        /// The acrobat tile.
        pos: Position,
    },
    /// An acrobat went home after its pyramid was scored (AC.5).
    AcrobatReturned {
        /// Its owner.
        player: usize,
        /// The acrobat tile.
        pos: Position,
    },
    /// A gold ingot went from the supply onto a tile (Gold Mines GM.1).
    IngotPlaced {
        /// The tile.
        pos: Position,
    },
    /// A player took a claimed ingot from a tile (GM.4).
    IngotTaken {
        /// Who took it.
        player: usize,
        /// The tile.
        pos: Position,
    },
    /// The mage or the witch went onto a road or city segment, from the reserve or from
    /// another feature (Mage & Witch MW.1, MW.3).
    MagicFigureMoved {
        /// Which one.
        figure: MagicFigure,
        /// The tile.
        pos: Position,
        /// Road or city.
        feature: FeatureKind,
        /// The segment's location on the tile.
        location: Location,
    },
    /// The mage or the witch went back to the reserve: it had nowhere to go (MW.2), or its
    /// road or city was completed (MW.5).
    MagicFigureRemoved {
        /// Which one.
        figure: MagicFigure,
    },
    /// A follower boarded the flying machine of the tile just laid (Flying Machines FM.1).
    FlierLaunched {
        /// Its owner.
        player: usize,
        /// Which figure.
        figure: Figure,
        /// The tile with the machine.
        pos: Position,
        /// The direction of flight on the board (after the tile's rotation).
        direction: Compass,
    },
    /// The die sent the flier `distance` tiles away, to `target` (FM.2); a
    /// [`Event::FigureDeployed`] there or an [`Event::FlierReturned`] follows.
    DieRolled {
        /// 1, 2 or 3.
        distance: u8,
        /// The target position.
        target: Position,
    },
    /// The flier found no tile or no feature to land on and went back to the supply (FM.4).
    FlierReturned {
        /// Its owner.
        player: usize,
        /// Which figure.
        figure: Figure,
    },
    /// The active player placed the ferry of a new lake (Ferries FE.3).
    FerryPlaced {
        /// The active player.
        player: usize,
        /// The lake tile.
        pos: Position,
        /// The sides of the two road ends it joins.
        location: Location,
    },
    /// The active player moved a ferry on its lake (FE.4).
    FerryMoved {
        /// The active player.
        player: usize,
        /// The lake tile.
        pos: Position,
        /// The road ends it joined before.
        from: Location,
        /// The road ends it joins now.
        to: Location,
    },
    /// The active player chose what everybody does after the crop circle of the tile at `pos`
    /// (Crop Circles CR.1); the players' decisions follow.
    CropOptionChosen {
        /// The active player.
        player: usize,
        /// Option A (add followers) or B (take them back).
        option: CropOption,
        /// The circle's kind: field, road or city.
        circle: FeatureKind,
        /// The tile with the circle.
        pos: Position,
    },
    /// A robber went from its owner's supply onto a space of the score track (Robbers RO.1).
    RobberPlaced {
        /// Its owner.
        player: usize,
        /// The track space, 0–49.
        space: u8,
    },
    /// A robber moved along the score track: its owner moved it (RO.1, `with` none), or it
    /// travelled with another player's scoring figure that moved for robbery points (RO.7,
    /// D-RO-3).
    RobberMoved {
        /// Its owner.
        player: usize,
        /// The space it left, 0–49.
        from: u8,
        /// The space it stands on now, 0–49.
        to: u8,
        /// The player whose scoring figure it travelled with (RO.7), or none.
        with: Option<usize>,
    },
    /// A robber that robbed in this turn part went back to its owner's supply (phase 4 step 3,
    /// S003's turn summary; after the final scoring for robberies there). It left the track
    /// when it robbed (the [`Reason::Robbery`] score).
    RobberReturned {
        /// Its owner.
        player: usize,
    },
    /// Messages (M.6): before the final scoring a player's two figures merged — the scoring
    /// figure now stands at the sum of both values, the messenger left the track. Not an award
    /// (no [`Event::Scored`]; it robs nothing and the score is unchanged).
    FiguresMerged {
        /// The player.
        player: usize,
        /// The scoring figure's value (points moved) before the merge.
        scoring_figure: u32,
        /// The messenger's value before the merge.
        messenger: u32,
    },
    /// Messages (M.2, M.3): the active player drew the top message of the deck; he now
    /// performs it or takes its 2 points (a message whose action has nothing to act on gives
    /// its 2 points at once).
    MessageDrawn {
        /// The player.
        player: usize,
        /// The message.
        message: Message,
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
