//! Actions: the answers to a game's pending decision. An [`Action`] describes itself
//! completely (which tile, where, which rotation; which figure on which feature), has a compact
//! text notation (`FromStr` + `Display`), and serializes as that text.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::crop::CropOption;
use crate::error::ParseError;
use crate::figure::Figure;
use crate::geometry::{Location, Position, Rotation};
use crate::magic::MagicFigure;
use crate::quarter::Quarter;
use crate::tile::{FeatureKind, TileId};

/// One move: the answer to the pending decision of a [`Game`](crate::Game).
///
/// Text notation (also the serde form):
/// - `place D 1,-2 R90`: lay tile `D` at `(1, -2)` turned 90° clockwise;
/// - `deploy follower 1,-2 city NW`: put a follower on the city of the tile at `(1, -2)`
///   that reaches the north and west edges (locations as in JCloisterZone);
/// - `double_turn`: take the second part of a builder's double turn (OPT-5 `optional`);
/// - `enter follower market`: put a follower into a quarter of the City of Carcassonne;
/// - `count blacksmith`: move the Count;
/// - `leave follower castle 1,-2 city NW`: move a figure out of a quarter onto a feature;
/// - `acrobat 1,-2`: a follower climbs the acrobat site at `(1, -2)`;
/// - `pyramid 1,-2`: score the complete pyramid at `(1, -2)` instead of deploying;
/// - `fly follower`: put a follower on the flying machine of the tile just laid;
/// - `land 1,-2 city NW`: the flier lands on that feature of the tile the die sent it to;
/// - `ingot 1,-2`: put the second gold ingot on the tile at `(1, -2)`;
/// - `take_ingot 1,-2`: take a claimed ingot from the tile at `(1, -2)`;
/// - `magic mage 1,-2 city NW`: put the mage (or the witch) on that road or city segment;
/// - `remove_magic witch`: send the witch (or the mage) back to the reserve;
/// - `ferry 1,-2 WE`: place the new lake's ferry joining its west and east road ends;
/// - `move_ferry 1,-2 SE`: move the ferry of the lake at `(1, -2)` to join its south and east
///   road ends;
/// - `crop_option deploy` (or `crop_option return`): the active player's choice for a crop
///   circle, option A (or B);
/// - `crop_deploy follower 1,-2 city N`: option A, a follower from supply onto that feature,
///   where the player already has a follower of the circle's kind;
/// - `crop_return follower 1,-2 city N`: option B, that follower back to supply;
/// - `robber 17`: put one's robber on space 17 of the score track (from supply, or moved);
/// - `rob 2`: the robber's owner robs seat 2 (0-based) among the players scoring together;
/// - `score_first 1,-2 city NW`: score first the completed feature whose first figure stands
///   on that feature of the tile at `(1, -2)`;
/// - `scoring_figure 1`: the messenger (0: the scoring figure) moves with the award;
/// - `message_points`: the 2 points of the message in hand instead of its action;
/// - `message_action`: perform the message in hand (coats of arms, knights, farmers, the extra
///   tile);
/// - `message_feature 1,-2 road E`: perform the shortest road, smallest city or smallest
///   monastery on the feature of the player's follower on that segment;
/// - `message_follower follower 1,-2 city N`: perform "score and return" with that follower;
/// - `pass`: deploy nothing, or decline the optional decision.
///
/// ```
/// use carcassonne::Action;
/// let a: Action = "deploy follower 0,1 field NL.NR".parse().unwrap();
/// assert_eq!(a.to_string(), "deploy follower 0,1 field NL.NR");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// Lay the drawn tile (spec B-3).
    Place {
        /// The tile drawn (must be the current tile).
        tile: TileId,
        /// Where: an empty position next to the board.
        pos: Position,
        /// Clockwise quarter turns from the catalogue orientation.
        rotation: Rotation,
    },
    /// Deploy a figure from supply on a feature of the tile just laid (spec B-4).
    Deploy {
        /// Which figure.
        figure: Figure,
        /// The position of the tile just laid.
        pos: Position,
        /// The kind of the feature.
        feature: FeatureKind,
        /// Where the feature lies on the tile, after rotation.
        location: Location,
    },
    /// Take the second part of a builder's double turn: draw and lay another tile (spec TB-3,
    /// offered only with OPT-5 `optional`; `pass` declines it).
    DoubleTurn,
    /// Put a figure from supply into a quarter of the City of Carcassonne (the Count, C.2).
    EnterCity {
        /// A follower or large follower.
        figure: Figure,
        /// The quarter.
        quarter: Quarter,
    },
    /// Move the Count to another quarter (C.2, after a figure entered the City).
    MoveCount {
        /// The quarter the Count goes to.
        quarter: Quarter,
    },
    /// Move a figure out of a quarter onto a feature: a completed one before it is scored
    /// (C.3), or a field from the Market at the end (C.4).
    LeaveCity {
        /// Which figure.
        figure: Figure,
        /// The quarter it leaves.
        quarter: Quarter,
        /// The position of the tile it goes to.
        pos: Position,
        /// The feature kind there.
        feature: FeatureKind,
        /// The feature's location on that tile.
        location: Location,
    },
    /// Instead of a deployment on the tile just laid, a normal follower from supply climbs the
    /// acrobat site of the tile at `pos` (on the tile just laid or one of the 8 around it, a
    /// free place of 3; Under the Big Top AC.1–AC.4). Also a flier's landing
    /// ([`Pending::Landing`](crate::Pending::Landing)): a normal follower that flew climbs the
    /// acrobat site of the target tile at `pos` (Flying Machines FM.3).
    Acrobat {
        /// The acrobat tile.
        pos: Position,
    },
    /// Instead of a deployment, score the complete pyramid on the acrobat site at `pos`,
    /// completed in an earlier turn: 5 per acrobat to its owner, the acrobats go home (AC.5).
    ScorePyramid {
        /// The acrobat tile.
        pos: Position,
    },
    /// Instead of a deployment on the tile just laid, put a follower from supply on its flying
    /// machine; the die then says where it lands (Flying Machines FM.1, FM.2).
    Fly {
        /// A normal or large follower or a ringmaster (never a builder or a pig, D-FM-1).
        figure: Figure,
    },
    /// Land the flier on an incomplete road, city, monastery or shrine of the tile the die
    /// sent it to (FM.3).
    Land {
        /// The target tile.
        pos: Position,
        /// The kind of the feature.
        feature: FeatureKind,
        /// The feature's location on that tile.
        location: Location,
    },
    /// Put the second gold ingot on a tile of the 8 around the gold tile just laid (Gold Mines
    /// GM.1).
    PlaceIngot {
        /// The tile.
        pos: Position,
    },
    /// Take one claimed ingot from a tile the player is entitled to (GM.4).
    TakeIngot {
        /// The tile.
        pos: Position,
    },
    /// Put the mage or the witch on a segment of an incomplete road or city (Mage & Witch
    /// MW.1, MW.3): from the reserve, or moved from another feature.
    PlaceMagic {
        /// The mage or the witch.
        figure: MagicFigure,
        /// The position of the tile.
        pos: Position,
        /// Road or city.
        feature: FeatureKind,
        /// The segment's location on the tile.
        location: Location,
    },
    /// Send the mage or the witch back to the reserve when neither can go anywhere (MW.2).
    RemoveMagic {
        /// The mage or the witch.
        figure: MagicFigure,
    },
    /// Place the ferry of the lake tile just laid, joining the two road ends at `location`
    /// (Ferries FE.3).
    PlaceFerry {
        /// The lake tile.
        pos: Position,
        /// The sides of the two road ends the ferry joins (`WE`, `SE`, ...).
        location: Location,
    },
    /// Move the ferry of the lake at `pos` to join the two road ends at `location` (FE.4).
    MoveFerry {
        /// The lake tile.
        pos: Position,
        /// The sides of the two road ends the ferry joins after the move.
        location: Location,
    },
    /// Choose, as the active player, what everybody does after a crop-circle tile (Crop Circles
    /// CR.1): add followers (A) or take them back (B).
    CropOption {
        /// Option A ([`CropOption::Deploy`]) or B ([`CropOption::Return`]).
        option: CropOption,
    },
    /// Option A of a crop circle (CR.1–CR.3): deploy a follower from supply on a feature of the
    /// circle's kind, on a segment holding one of the player's followers of that kind.
    CropDeploy {
        /// A follower, large follower or ringmaster (D-CR-1).
        figure: Figure,
        /// The position of the tile of the player's follower.
        pos: Position,
        /// The feature kind there: the circle's (road, city or field).
        feature: FeatureKind,
        /// The location of that follower's segment on its tile.
        location: Location,
    },
    /// Option B of a crop circle (CR.1–CR.3): take one of the player's followers of the
    /// circle's kind back to supply.
    CropReturn {
        /// Which figure: a follower, large follower or ringmaster.
        figure: Figure,
        /// The position of its tile.
        pos: Position,
        /// The feature kind: the circle's (road, city or field).
        feature: FeatureKind,
        /// Its location on the tile.
        location: Location,
    },
    /// Put one's robber on a space of the score track that holds a scoring figure of another
    /// player: from supply, or moved there from another space (Robbers RO.1).
    PlaceRobber {
        /// The track space, 0–49.
        space: u8,
    },
    /// Choose whom one's robber robs among the players whose figures leave its space together
    /// with the awards of one feature (Robbers RO.5, D-RO-2).
    Rob {
        /// The robbed player's seat (0-based).
        player: u8,
    },
    /// Score this completed feature next, of those the turn part completed (D-GEN-1). The
    /// feature is named as in its score event: the tile and location of its first figure.
    ScoreFirst {
        /// The position of the tile holding the feature's first figure.
        pos: Position,
        /// The kind of the feature.
        feature: FeatureKind,
        /// The location of that figure's segment on its tile.
        location: Location,
    },
    /// Move this scoring figure with the award waiting for it (Messages M.1): 0 the scoring
    /// figure, 1 the messenger.
    ScoringFigure {
        /// The figure: 0 the scoring figure, 1 the messenger.
        figure: u8,
    },
    /// Take the 2 points of the message in hand (its seal) instead of performing it (Messages
    /// M.3).
    MessagePoints,
    /// Perform the message in hand when it has no choice to make: coats of arms, knights,
    /// farmers (2 points each) or the extra tile (a nested turn part, M.7).
    MessageAction,
    /// Perform the shortest road, smallest city or smallest monastery on the feature this
    /// names (one of the lowest value among those holding the player's followers, D-MS-11):
    /// the segment of the player's first follower in it.
    MessageFeature {
        /// The position of that follower's tile.
        pos: Position,
        /// The feature kind there: road, city, or monastery (shrine).
        feature: FeatureKind,
        /// The location of that follower's segment on its tile.
        location: Location,
    },
    /// Perform "score and return" with this follower of the player's: its feature scored for
    /// him if he has the majority there, then the follower goes home (message C1 #8, D-MS-3).
    MessageFollower {
        /// A follower, large follower or ringmaster.
        figure: Figure,
        /// The position of its tile.
        pos: Position,
        /// The kind of its feature.
        feature: FeatureKind,
        /// Its location on the tile.
        location: Location,
    },
    /// Decline the optional step: deploy nothing, no second turn part (OPT-5 `optional`), no
    /// (further) ferry move, no crop-circle deployment, no robber.
    Pass,
}

impl Action {
    /// The action's first word in notation: `"place"`, `"deploy"`, `"double_turn"`, `"enter"`,
    /// `"count"`, `"leave"`, `"acrobat"`, `"pyramid"`, `"fly"`, `"land"`, `"ingot"`,
    /// `"take_ingot"`, `"magic"`, `"remove_magic"`, `"ferry"`, `"move_ferry"`, `"crop_option"`,
    /// `"crop_deploy"`, `"crop_return"`, `"robber"`, `"rob"`, `"score_first"`,
    /// `"scoring_figure"`, `"message_points"`, `"message_action"`, `"message_feature"`,
    /// `"message_follower"` or `"pass"`.
    pub const fn verb(&self) -> &'static str {
        match self {
            Action::Place { .. } => "place",
            Action::Deploy { .. } => "deploy",
            Action::DoubleTurn => "double_turn",
            Action::EnterCity { .. } => "enter",
            Action::MoveCount { .. } => "count",
            Action::LeaveCity { .. } => "leave",
            Action::Acrobat { .. } => "acrobat",
            Action::ScorePyramid { .. } => "pyramid",
            Action::Fly { .. } => "fly",
            Action::Land { .. } => "land",
            Action::PlaceIngot { .. } => "ingot",
            Action::TakeIngot { .. } => "take_ingot",
            Action::PlaceMagic { .. } => "magic",
            Action::RemoveMagic { .. } => "remove_magic",
            Action::PlaceFerry { .. } => "ferry",
            Action::MoveFerry { .. } => "move_ferry",
            Action::CropOption { .. } => "crop_option",
            Action::CropDeploy { .. } => "crop_deploy",
            Action::CropReturn { .. } => "crop_return",
            Action::PlaceRobber { .. } => "robber",
            Action::Rob { .. } => "rob",
            Action::ScoreFirst { .. } => "score_first",
            Action::ScoringFigure { .. } => "scoring_figure",
            Action::MessagePoints => "message_points",
            Action::MessageAction => "message_action",
            Action::MessageFeature { .. } => "message_feature",
            Action::MessageFollower { .. } => "message_follower",
            Action::Pass => "pass",
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Place {
                tile,
                pos,
                rotation,
            } => write!(f, "place {tile} {pos} {rotation}"),
            Action::Deploy {
                figure,
                pos,
                feature,
                location,
            } => {
                write!(f, "deploy {figure} {pos} {feature} {location}")
            }
            Action::DoubleTurn => f.write_str("double_turn"),
            Action::EnterCity { figure, quarter } => write!(f, "enter {figure} {quarter}"),
            Action::MoveCount { quarter } => write!(f, "count {quarter}"),
            Action::LeaveCity {
                figure,
                quarter,
                pos,
                feature,
                location,
            } => write!(f, "leave {figure} {quarter} {pos} {feature} {location}"),
            Action::Acrobat { pos } => write!(f, "acrobat {pos}"),
            Action::ScorePyramid { pos } => write!(f, "pyramid {pos}"),
            Action::Fly { figure } => write!(f, "fly {figure}"),
            Action::Land {
                pos,
                feature,
                location,
            } => write!(f, "land {pos} {feature} {location}"),
            Action::PlaceIngot { pos } => write!(f, "ingot {pos}"),
            Action::TakeIngot { pos } => write!(f, "take_ingot {pos}"),
            Action::PlaceMagic {
                figure,
                pos,
                feature,
                location,
            } => write!(f, "magic {figure} {pos} {feature} {location}"),
            Action::RemoveMagic { figure } => write!(f, "remove_magic {figure}"),
            Action::PlaceFerry { pos, location } => write!(f, "ferry {pos} {location}"),
            Action::MoveFerry { pos, location } => write!(f, "move_ferry {pos} {location}"),
            Action::CropOption { option } => write!(f, "crop_option {option}"),
            Action::CropDeploy {
                figure,
                pos,
                feature,
                location,
            } => write!(f, "crop_deploy {figure} {pos} {feature} {location}"),
            Action::CropReturn {
                figure,
                pos,
                feature,
                location,
            } => write!(f, "crop_return {figure} {pos} {feature} {location}"),
            Action::PlaceRobber { space } => write!(f, "robber {space}"),
            Action::Rob { player } => write!(f, "rob {player}"),
            Action::ScoreFirst {
                pos,
                feature,
                location,
            } => write!(f, "score_first {pos} {feature} {location}"),
            Action::ScoringFigure { figure } => write!(f, "scoring_figure {figure}"),
            Action::MessagePoints => f.write_str("message_points"),
            Action::MessageAction => f.write_str("message_action"),
            Action::MessageFeature {
                pos,
                feature,
                location,
            } => write!(f, "message_feature {pos} {feature} {location}"),
            Action::MessageFollower {
                figure,
                pos,
                feature,
                location,
            } => write!(f, "message_follower {figure} {pos} {feature} {location}"),
            Action::Pass => f.write_str("pass"),
        }
    }
}

impl FromStr for Action {
    type Err = ParseError;

    /// Parses the notation documented on [`Action`].
    fn from_str(s: &str) -> Result<Action, ParseError> {
        let words: Vec<&str> = s.split_whitespace().collect();
        let bad = |why: &str| ParseError::new("action", s, why);
        match words.as_slice() {
            ["pass"] => Ok(Action::Pass),
            ["double_turn"] => Ok(Action::DoubleTurn),
            ["message_points"] => Ok(Action::MessagePoints),
            ["message_action"] => Ok(Action::MessageAction),
            ["message_feature", pos, feature, location] => Ok(Action::MessageFeature {
                pos: pos.parse()?,
                feature: feature.parse()?,
                location: location.parse()?,
            }),
            ["message_follower", figure, pos, feature, location] => Ok(Action::MessageFollower {
                figure: figure.parse()?,
                pos: pos.parse()?,
                feature: feature.parse()?,
                location: location.parse()?,
            }),
            ["message_points" | "message_action", ..] => {
                Err(bad("expected `message_points` or `message_action` alone"))
            }
            ["message_feature", ..] => Err(bad("expected `message_feature X,Y FEATURE LOCATION`")),
            ["message_follower", ..] => Err(bad(
                "expected `message_follower FIGURE X,Y FEATURE LOCATION`",
            )),
            ["enter", figure, quarter] => Ok(Action::EnterCity {
                figure: figure.parse()?,
                quarter: quarter.parse()?,
            }),
            ["count", quarter] => Ok(Action::MoveCount {
                quarter: quarter.parse()?,
            }),
            ["leave", figure, quarter, pos, feature, location] => Ok(Action::LeaveCity {
                figure: figure.parse()?,
                quarter: quarter.parse()?,
                pos: pos.parse()?,
                feature: feature.parse()?,
                location: location.parse()?,
            }),
            ["acrobat", pos] => Ok(Action::Acrobat { pos: pos.parse()? }),
            ["pyramid", pos] => Ok(Action::ScorePyramid { pos: pos.parse()? }),
            ["fly", figure] => Ok(Action::Fly {
                figure: figure.parse()?,
            }),
            ["land", pos, feature, location] => Ok(Action::Land {
                pos: pos.parse()?,
                feature: feature.parse()?,
                location: location.parse()?,
            }),
            ["ingot", pos] => Ok(Action::PlaceIngot { pos: pos.parse()? }),
            ["take_ingot", pos] => Ok(Action::TakeIngot { pos: pos.parse()? }),
            ["magic", figure, pos, feature, location] => Ok(Action::PlaceMagic {
                figure: figure.parse()?,
                pos: pos.parse()?,
                feature: feature.parse()?,
                location: location.parse()?,
            }),
            ["remove_magic", figure] => Ok(Action::RemoveMagic {
                figure: figure.parse()?,
            }),
            ["ferry", pos, location] => Ok(Action::PlaceFerry {
                pos: pos.parse()?,
                location: location.parse()?,
            }),
            ["move_ferry", pos, location] => Ok(Action::MoveFerry {
                pos: pos.parse()?,
                location: location.parse()?,
            }),
            ["robber", space] => match space.parse::<u8>() {
                Ok(space) if u32::from(space) < crate::track::TRACK_SPACES => {
                    Ok(Action::PlaceRobber { space })
                }
                _ => Err(bad("expected `robber SPACE` with a track space 0 to 49")),
            },
            ["rob", player] => match player.parse::<u8>() {
                Ok(player) if (player as usize) < crate::config::MAX_PLAYERS => {
                    Ok(Action::Rob { player })
                }
                _ => Err(bad("expected `rob SEAT` with a seat 0 to 5")),
            },
            ["score_first", pos, feature, location] => Ok(Action::ScoreFirst {
                pos: pos.parse()?,
                feature: feature.parse()?,
                location: location.parse()?,
            }),
            ["robber", ..] => Err(bad("expected `robber SPACE`, e.g. `robber 17`")),
            ["rob", ..] => Err(bad("expected `rob SEAT`, e.g. `rob 2`")),
            ["scoring_figure", figure] => match figure.parse::<u8>() {
                Ok(figure) if (figure as usize) < crate::track::MAX_TRACK_FIGURES => {
                    Ok(Action::ScoringFigure { figure })
                }
                _ => Err(bad(
                    "expected `scoring_figure FIGURE` with 0 (the scoring figure) or 1 (the \
                     messenger)",
                )),
            },
            ["scoring_figure", ..] => Err(bad(
                "expected `scoring_figure FIGURE`, e.g. `scoring_figure 1`",
            )),
            ["score_first", ..] => Err(bad("expected `score_first X,Y FEATURE LOCATION`")),
            ["ferry", ..] => Err(bad("expected `ferry X,Y SIDES`, e.g. `ferry 0,1 WE`")),
            ["move_ferry", ..] => Err(bad(
                "expected `move_ferry X,Y SIDES`, e.g. `move_ferry 0,1 SE`",
            )),
            ["crop_option", option] => Ok(Action::CropOption {
                option: option.parse()?,
            }),
            ["crop_deploy", figure, pos, feature, location] => Ok(Action::CropDeploy {
                figure: figure.parse()?,
                pos: pos.parse()?,
                feature: feature.parse()?,
                location: location.parse()?,
            }),
            ["crop_return", figure, pos, feature, location] => Ok(Action::CropReturn {
                figure: figure.parse()?,
                pos: pos.parse()?,
                feature: feature.parse()?,
                location: location.parse()?,
            }),
            ["crop_option", ..] => Err(bad("expected `crop_option deploy|return`")),
            ["crop_deploy", ..] => Err(bad("expected `crop_deploy FIGURE X,Y FEATURE LOCATION`")),
            ["crop_return", ..] => Err(bad("expected `crop_return FIGURE X,Y FEATURE LOCATION`")),
            ["fly", ..] => Err(bad("expected `fly FIGURE`")),
            ["land", ..] => Err(bad("expected `land X,Y FEATURE LOCATION`")),
            ["ingot", ..] => Err(bad("expected `ingot X,Y`")),
            ["take_ingot", ..] => Err(bad("expected `take_ingot X,Y`")),
            ["magic", ..] => Err(bad("expected `magic mage|witch X,Y FEATURE LOCATION`")),
            ["remove_magic", ..] => Err(bad("expected `remove_magic mage|witch`")),
            ["acrobat", ..] => Err(bad("expected `acrobat X,Y`")),
            ["pyramid", ..] => Err(bad("expected `pyramid X,Y`")),
            ["enter", ..] => Err(bad("expected `enter FIGURE QUARTER`")),
            ["count", ..] => Err(bad("expected `count QUARTER`")),
            ["leave", ..] => Err(bad("expected `leave FIGURE QUARTER X,Y FEATURE LOCATION`")),
            ["place", tile, pos, rot] => Ok(Action::Place {
                tile: tile.parse()?,
                pos: pos.parse()?,
                rotation: rot.parse()?,
            }),
            ["deploy", figure, pos, feature, location] => Ok(Action::Deploy {
                figure: figure.parse()?,
                pos: pos.parse()?,
                feature: feature.parse()?,
                location: location.parse()?,
            }),
            ["place", ..] => Err(bad("expected `place TILE X,Y ROTATION`")),
            ["deploy", ..] => Err(bad("expected `deploy FIGURE X,Y FEATURE LOCATION`")),
            _ => Err(bad(
                "expected `place ...`, `deploy ...`, `double_turn`, `enter ...`, `count ...`, \
                 `leave ...`, `acrobat X,Y`, `pyramid X,Y`, `fly ...`, `land ...`, `ingot X,Y`, \
                 `take_ingot X,Y`, `magic ...`, `remove_magic ...`, `ferry ...`, `move_ferry ...`, \
                 `crop_option ...`, `crop_deploy ...`, `crop_return ...`, `robber SPACE`, \
                 `rob SEAT`, `score_first ...`, `scoring_figure N`, `message_points`, \
                 `message_action`, `message_feature ...`, `message_follower ...` or `pass`",
            )),
        }
    }
}

impl Serialize for Action {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Action {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Action, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}
