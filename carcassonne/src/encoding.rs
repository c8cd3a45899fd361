//! Encodings for AI research: stable integer action ids, action masks, and board observations
//! as planes (the Python module turns them into numpy arrays).
//!
//! **Action ids.** For a game whose start tile and stack hold `T` tiles in all, no tile can lie
//! farther than `R = T - 1` from the origin, so placements are numbered over the square
//! `-R..=R` × `-R..=R`: `place = ((y + R) * S + (x + R)) * 4 + quarter_turns` with `S = 2R + 1`.
//! After them come deployments on the tile just laid: `S² · 4 + figure · 16 + segment`, where
//! `segment` is the segment's index in the tile's catalogue listing and `figure` the index of
//! the figure kind (0 = follower; room for 8 kinds). In a game with the Count come then
//! `enter` (`figure · 4 + quarter`, follower or large follower), `count` (`quarter`) and
//! `leave` (`((tile · 16 + segment) · 4 + quarter) · 2 + figure`, where `tile` is the target
//! tile's index in board order, the City's pieces first). In a game with acrobats come then
//! `acrobat` (`tile`) and `pyramid` (`tiles + tile`), `tile` the acrobat tile's index in
//! board order. In a game with flying machines come then `fly` (`figure`, 8 slots) and `land`
//! (`segment` of the target tile, 16 slots); with gold, `ingot` (the neighbour's index 0..8
//! in [`Position::surrounding`] order around the gold tile) and `take_ingot` (`tile`); with the
//! mage and the witch, `magic` (`(tile · 16 + segment) · 2 + figure`, mage 0, witch 1) and
//! `remove_magic` (`figure`); with ferries, `ferry` and `move_ferry` (`tile · 6 + pair`, the
//! pairs of sides N–E, N–S, N–W, E–S, E–W, S–W; which of the two by the pending decision);
//! with the crop circles, `crop_option` (`option`: deploy 0, return 1), `crop_deploy`
//! (`(tile · 16 + segment) · 5 + figure`) and `crop_return` (the same after the deployments),
//! `figure` the index of the figure kind; with the robbers, `robber` (the track space, 50
//! ids), `rob` (the seat, 6 ids) and `score_first` (`tile · 16 + segment` of the named
//! figure's tile and segment); with the messages, `scoring_figure` (the figure, 2 ids),
//! `message_points`, `message_action`, `message_feature` (`tile · 16 + segment` of the named
//! follower's tile and segment) and `message_follower` (`(tile · 16 + segment) · 5 + figure`).
//! Then `double_turn` (OPT-5), and the last id is `pass`. The
//! numbering depends only on the config, so ids are stable across a game and across games of
//! one config (the `leave`, `acrobat`, `pyramid`, `take_ingot`, `magic`, `ferry`,
//! `move_ferry`, `crop_deploy`, `crop_return`, `score_first`, `message_feature` and
//! `message_follower` ids name tiles by the order they were laid).
//!
//! **Observations.** [`OBSERVATION_PLANES`] planes of `(2r + 1)²` cells centred on the start
//! tile `(0, 0)`: plane `k`, row `y + r`, column `x + r` describes position `(x, y)`; tiles
//! outside the window are not shown. The followers planes count a player's figures on each tile,
//! acrobats included; `circus_tile` marks big-top sites and acrobat tiles, `big_top` where the
//! big top stands; `ingots` counts the gold ingots on each tile; `mage` and `witch` mark the
//! tile their segment is on; `flying_machine` marks tiles with a flying machine; `ferry` gives
//! the two sides a lake's ferry joins as a mask (N 1, E 2, S 4, W 8); `crop_circle` marks
//! tiles with a crop circle by its kind: 1 road (club), 2 city (shield), 3 field (pitchfork).
//!
//! The score track (Robbers) is not spatial, so it has no plane: its state — each player's
//! track position and robber — is read with [`Game::track_position`] and [`Game::robber`]
//! (the same getters in C and Python), and [`track_observation`] packs it as a small vector.
//!
//! **Rewards.** [`RewardScheme`] turns final scores into the rewards the research wrappers
//! (PettingZoo, Gymnasium, OpenSpiel, [`crate::vector`]) hand to learning agents.

use std::fmt;
use std::str::FromStr;

use crate::action::Action;
use crate::crop::CropOption;
use crate::error::ParseError;
use crate::expansions::count::CityIds;
use crate::figure::Figure;
use crate::game::{Game, Pending};
use crate::geometry::{Location, Position, Rotation, Side};
use crate::magic::MagicFigure;
use crate::tile::{EdgeKind, FeatureKind};

/// Segment slots per figure kind in the deployment ids (also per tile in the City's `leave`
/// ids).
pub(crate) const SEGMENT_SLOTS: usize = 16;
/// Figure kinds with room in the deployment ids.
const FIGURE_SLOTS: usize = 8;

/// Names of the observation planes, in order.
pub const OBSERVATION_PLANES: [&str; 27] = [
    "tile",
    "city_n",
    "city_e",
    "city_s",
    "city_w",
    "road_n",
    "road_e",
    "road_s",
    "road_w",
    "monastery",
    "pennant",
    "last_placed",
    "fits_current_tile",
    "followers_p1",
    "followers_p2",
    "followers_p3",
    "followers_p4",
    "followers_p5",
    "followers_p6",
    "circus_tile",
    "big_top",
    "ingots",
    "mage",
    "witch",
    "flying_machine",
    "ferry",
    "crop_circle",
];

/// The action-id numbering of one game (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ActionSpace {
    radius: i64,
    /// The ids of the City's decisions, in a game with the Count.
    city: Option<CityIds>,
    /// Tiles of the game, in a game with acrobats (the `acrobat` and `pyramid` ids).
    acrobat_tiles: Option<usize>,
    /// Whether the game has flying machines (the `fly` and `land` ids).
    flier: bool,
    /// Tiles of the game, in a game with gold (the `take_ingot` ids).
    gold_tiles: Option<usize>,
    /// Tiles of the game, in a game with the mage and the witch (the `magic` ids).
    magic_tiles: Option<usize>,
    /// Tiles of the game, in a game with ferries (the `ferry` and `move_ferry` ids).
    ferry_tiles: Option<usize>,
    /// Tiles of the game, in a game with crop circles (the `crop_deploy` and `crop_return`
    /// ids).
    crop_tiles: Option<usize>,
    /// Tiles of the game, in a game with robbers (the `robber`, `rob` and `score_first` ids).
    robber_tiles: Option<usize>,
    /// Tiles of the game, in a game with the Messages (the `scoring_figure` and message ids).
    message_tiles: Option<usize>,
}

/// The pairs of sides a ferry can join, in id order (N–E, N–S, N–W, E–S, E–W, S–W), as
/// location masks of the two edge middles.
const FERRY_PAIRS: [u16; 6] = [
    1 << 1 | 1 << 4,
    1 << 1 | 1 << 7,
    1 << 1 | 1 << 10,
    1 << 4 | 1 << 7,
    1 << 4 | 1 << 10,
    1 << 7 | 1 << 10,
];

/// Ids of the flights: `fly` per figure kind, then `land` per segment of the target tile.
const FLIER_IDS: usize = FIGURE_SLOTS + SEGMENT_SLOTS;
/// Ids of the second ingot: one per tile around the gold tile.
const INGOT_SLOTS: usize = 8;
/// Ids per segment of a crop circle's deployments and returns: one per figure kind.
const CROP_FIGURE_SLOTS: usize = Figure::COUNT;
/// Ids per segment of a message's "score and return": one per figure kind.
const MESSAGE_FIGURE_SLOTS: usize = Figure::COUNT;
/// Ids of the robbers' placements and choices: a track space each, then a seat each.
const ROBBER_IDS: usize = crate::track::TRACK_SPACES as usize + crate::config::MAX_PLAYERS;

impl ActionSpace {
    /// The numbering for `game`'s config.
    pub fn of(game: &Game) -> ActionSpace {
        let config = game.config();
        let pieces = if config.sets.contains(&crate::TileSet::Count) {
            12
        } else {
            1
        };
        let tiles = config.stack_tiles().len() + pieces;
        ActionSpace {
            // The City's pieces reach 2 beyond the origin.
            radius: (tiles as i64 - 1).max(1) + if pieces > 1 { 2 } else { 0 },
            city: game.count_quarter().is_some().then_some(CityIds { tiles }),
            acrobat_tiles: game.elements().acrobats.then_some(tiles),
            flier: game.elements().flier,
            gold_tiles: game.elements().gold.then_some(tiles),
            magic_tiles: game.elements().mage_witch.then_some(tiles),
            ferry_tiles: game.elements().ferries.then_some(tiles),
            crop_tiles: game.elements().crop_circles.then_some(tiles),
            robber_tiles: game.elements().robbers.then_some(tiles),
            message_tiles: game.elements().messages.then_some(tiles),
        }
    }

    /// First id of the acrobat decisions: after the City's.
    fn acrobats_base(&self) -> usize {
        self.expansions_base() + self.city.map_or(0, |c| c.size())
    }

    /// First id of the flights: after the acrobats'.
    fn flier_base(&self) -> usize {
        self.acrobats_base() + 2 * self.acrobat_tiles.unwrap_or(0)
    }

    /// First id of the gold decisions: after the flights'.
    fn gold_base(&self) -> usize {
        self.flier_base() + if self.flier { FLIER_IDS } else { 0 }
    }

    /// First id of the magic figures' decisions: after the gold's.
    fn magic_base(&self) -> usize {
        self.gold_base() + self.gold_tiles.map_or(0, |t| INGOT_SLOTS + t)
    }

    /// First id of the ferries' decisions: after the magic figures'.
    fn ferry_base(&self) -> usize {
        self.magic_base()
            + self
                .magic_tiles
                .map_or(0, |t| t * SEGMENT_SLOTS * 2 + MagicFigure::ALL.len())
    }

    /// First id of the crop circles' decisions: after the ferries'.
    fn crop_base(&self) -> usize {
        self.ferry_base() + self.ferry_tiles.map_or(0, |t| t * FERRY_PAIRS.len())
    }

    /// First id of the robbers' decisions: after the crop circles'.
    fn robber_base(&self) -> usize {
        self.crop_base()
            + self.crop_tiles.map_or(0, |t| {
                CropOption::ALL.len() + 2 * t * SEGMENT_SLOTS * CROP_FIGURE_SLOTS
            })
    }

    /// First id of the messages' decisions: after the robbers'.
    fn messages_base(&self) -> usize {
        self.robber_base()
            + self
                .robber_tiles
                .map_or(0, |t| ROBBER_IDS + t * SEGMENT_SLOTS)
    }

    /// First id of the messages' `message_feature` ids: after `scoring_figure`,
    /// `message_points` and `message_action`.
    fn message_feature_base(&self) -> usize {
        self.messages_base() + crate::track::MAX_TRACK_FIGURES + 2
    }

    /// First id after the expansions' decisions (`double_turn`, then `pass`).
    fn expansions_end(&self) -> usize {
        self.messages_base()
            + self.message_tiles.map_or(0, |t| {
                crate::track::MAX_TRACK_FIGURES
                    + 2
                    + t * SEGMENT_SLOTS
                    + t * SEGMENT_SLOTS * MESSAGE_FIGURE_SLOTS
            })
    }

    fn side(&self) -> usize {
        (2 * self.radius + 1) as usize
    }

    fn placements(&self) -> usize {
        self.side() * self.side() * 4
    }

    /// First id of the expansions' decisions: after the deployments.
    fn expansions_base(&self) -> usize {
        self.placements() + FIGURE_SLOTS * SEGMENT_SLOTS
    }

    /// Number of ids: every id is below this.
    pub fn size(&self) -> usize {
        self.expansions_end() + 2
    }

    /// The id of `action` in `game`'s current state, or `None` if the action has none (a
    /// deployment not on the tile just laid, a position outside the square).
    #[inline]
    pub fn id(&self, game: &Game, action: Action) -> Option<usize> {
        // Most listed actions are placements: their ids are computed here, inline in the
        // caller's loop, and every other action's in `other_id`.
        if let Action::Place { pos, rotation, .. } = action {
            return self.placement_id(pos, rotation);
        }
        self.other_id(game, action)
    }

    /// The id of a placement at `pos` turned `rotation`, or `None` outside the square.
    #[inline]
    fn placement_id(&self, pos: Position, rotation: Rotation) -> Option<usize> {
        window_cell(pos, self.radius).map(|c| c * 4 + rotation.quarter_turns() as usize)
    }

    /// [`ActionSpace::id`] out of line, for the actions other than placements.
    #[inline(never)]
    fn other_id(&self, game: &Game, action: Action) -> Option<usize> {
        match action {
            Action::Place { pos, rotation, .. } => self.placement_id(pos, rotation),
            Action::Deploy {
                figure,
                pos,
                feature,
                location,
            } => {
                let placed = game.last_placed().filter(|p| p.pos == pos)?;
                let segment = game.segment_at(placed, feature, location)?;
                (segment < SEGMENT_SLOTS)
                    .then(|| self.placements() + figure.index() * SEGMENT_SLOTS + segment)
            }
            Action::EnterCity { .. } | Action::MoveCount { .. } | Action::LeaveCity { .. } => {
                Some(self.expansions_base() + self.city?.id(game, action)?)
            }
            Action::Acrobat { pos } | Action::ScorePyramid { pos } => {
                let tiles = self.acrobat_tiles?;
                let tile = game.board().tiles().iter().position(|t| t.pos == pos)?;
                let pyramid = matches!(action, Action::ScorePyramid { .. });
                (tile < tiles).then(|| self.acrobats_base() + usize::from(pyramid) * tiles + tile)
            }
            Action::Fly { figure } => self.flier.then(|| self.flier_base() + figure.index()),
            Action::Land {
                pos,
                feature,
                location,
            } => {
                let (_, _, target) = game.flight()?;
                let placed = game.board().tile_at(pos).filter(|_| target == Some(pos))?;
                let segment = game.segment_at(placed, feature, location)?;
                (self.flier && segment < SEGMENT_SLOTS)
                    .then(|| self.flier_base() + FIGURE_SLOTS + segment)
            }
            Action::PlaceIngot { pos } => {
                let Pending::Ingot { pos: gold } = game.pending() else {
                    return None;
                };
                let k = gold.surrounding().iter().position(|p| *p == pos)?;
                self.gold_tiles.map(|_| self.gold_base() + k)
            }
            Action::TakeIngot { pos } => {
                let tiles = self.gold_tiles?;
                let tile = game.board().tiles().iter().position(|t| t.pos == pos)?;
                (tile < tiles).then(|| self.gold_base() + INGOT_SLOTS + tile)
            }
            Action::PlaceMagic {
                figure,
                pos,
                feature,
                location,
            } => {
                let tiles = self.magic_tiles?;
                let tile = game.board().tiles().iter().position(|t| t.pos == pos)?;
                let segment = game.segment_at(&game.board().tiles()[tile], feature, location)?;
                (tile < tiles && segment < SEGMENT_SLOTS).then(|| {
                    self.magic_base() + (tile * SEGMENT_SLOTS + segment) * 2 + figure.index()
                })
            }
            Action::RemoveMagic { figure } => {
                let tiles = self.magic_tiles?;
                Some(self.magic_base() + tiles * SEGMENT_SLOTS * 2 + figure.index())
            }
            Action::PlaceFerry { pos, location } | Action::MoveFerry { pos, location } => {
                let tiles = self.ferry_tiles?;
                let tile = game.board().tiles().iter().position(|t| t.pos == pos)?;
                let pair = FERRY_PAIRS.iter().position(|&p| p == location.bits())?;
                (tile < tiles).then(|| self.ferry_base() + tile * FERRY_PAIRS.len() + pair)
            }
            Action::CropOption { option } => {
                self.crop_tiles.map(|_| self.crop_base() + option.index())
            }
            Action::CropDeploy {
                figure,
                pos,
                feature,
                location,
            }
            | Action::CropReturn {
                figure,
                pos,
                feature,
                location,
            } => {
                let tiles = self.crop_tiles?;
                let tile = game.board().tiles().iter().position(|t| t.pos == pos)?;
                let segment = game.segment_at(&game.board().tiles()[tile], feature, location)?;
                let returns = usize::from(matches!(action, Action::CropReturn { .. }));
                (tile < tiles && segment < SEGMENT_SLOTS).then(|| {
                    self.crop_base()
                        + CropOption::ALL.len()
                        + returns * tiles * SEGMENT_SLOTS * CROP_FIGURE_SLOTS
                        + (tile * SEGMENT_SLOTS + segment) * CROP_FIGURE_SLOTS
                        + figure.index()
                })
            }
            Action::PlaceRobber { space } => {
                self.robber_tiles?;
                ((space as u32) < crate::track::TRACK_SPACES)
                    .then(|| self.robber_base() + space as usize)
            }
            Action::Rob { player } => {
                self.robber_tiles?;
                ((player as usize) < crate::config::MAX_PLAYERS).then(|| {
                    self.robber_base() + crate::track::TRACK_SPACES as usize + player as usize
                })
            }
            Action::ScoreFirst {
                pos,
                feature,
                location,
            } => {
                let tiles = self.robber_tiles?;
                let tile = game.board().tiles().iter().position(|t| t.pos == pos)?;
                let segment = game.segment_at(&game.board().tiles()[tile], feature, location)?;
                (tile < tiles && segment < SEGMENT_SLOTS)
                    .then(|| self.robber_base() + ROBBER_IDS + tile * SEGMENT_SLOTS + segment)
            }
            Action::ScoringFigure { figure } => (self.message_tiles.is_some()
                && (figure as usize) < crate::track::MAX_TRACK_FIGURES)
                .then(|| self.messages_base() + figure as usize),
            Action::MessagePoints | Action::MessageAction => self.message_tiles.map(|_| {
                self.messages_base()
                    + crate::track::MAX_TRACK_FIGURES
                    + usize::from(action == Action::MessageAction)
            }),
            Action::MessageFeature {
                pos,
                feature,
                location,
            } => {
                let tiles = self.message_tiles?;
                let tile = game.board().tiles().iter().position(|t| t.pos == pos)?;
                let segment = game.segment_at(&game.board().tiles()[tile], feature, location)?;
                (tile < tiles && segment < SEGMENT_SLOTS)
                    .then(|| self.message_feature_base() + tile * SEGMENT_SLOTS + segment)
            }
            Action::MessageFollower {
                figure,
                pos,
                feature,
                location,
            } => {
                let tiles = self.message_tiles?;
                let tile = game.board().tiles().iter().position(|t| t.pos == pos)?;
                let segment = game.segment_at(&game.board().tiles()[tile], feature, location)?;
                (tile < tiles && segment < SEGMENT_SLOTS).then(|| {
                    self.message_feature_base()
                        + tiles * SEGMENT_SLOTS
                        + (tile * SEGMENT_SLOTS + segment) * MESSAGE_FIGURE_SLOTS
                        + figure.index()
                })
            }
            Action::DoubleTurn => Some(self.size() - 2),
            Action::Pass => Some(self.size() - 1),
        }
    }

    /// The action of an id among the crop circles' (the option, the deployments and the
    /// returns), or `None`.
    fn crop_action(&self, game: &Game, id: usize) -> Option<Action> {
        let tiles = self.crop_tiles?;
        let rest = id.checked_sub(self.crop_base())?;
        if rest < CropOption::ALL.len() {
            return Some(Action::CropOption {
                option: CropOption::ALL[rest],
            });
        }
        let rest = rest - CropOption::ALL.len();
        let per_option = tiles * SEGMENT_SLOTS * CROP_FIGURE_SLOTS;
        let (returns, rest) = (rest / per_option, rest % per_option);
        let figure = Figure::ALL.get(rest % CROP_FIGURE_SLOTS).copied()?;
        let placed = game
            .board()
            .tiles()
            .get(rest / CROP_FIGURE_SLOTS / SEGMENT_SLOTS)?;
        let seg = placed
            .tile
            .kind()
            .segments
            .get(rest / CROP_FIGURE_SLOTS % SEGMENT_SLOTS)?;
        let (pos, feature, location) = (
            placed.pos,
            game.segment_kind(seg),
            seg.location(placed.rotation),
        );
        match returns {
            0 => Some(Action::CropDeploy {
                figure,
                pos,
                feature,
                location,
            }),
            1 => Some(Action::CropReturn {
                figure,
                pos,
                feature,
                location,
            }),
            _ => None,
        }
    }

    /// The action of an id among the messages' (`scoring_figure`, `message_points`,
    /// `message_action`, `message_feature`, `message_follower`) in a game of `tiles` tiles, or
    /// `None`.
    fn message_action(&self, game: &Game, id: usize, tiles: usize) -> Option<Action> {
        let rest = id - self.messages_base();
        let figures = crate::track::MAX_TRACK_FIGURES;
        if rest < figures {
            return Some(Action::ScoringFigure { figure: rest as u8 });
        }
        match rest - figures {
            0 => return Some(Action::MessagePoints),
            1 => return Some(Action::MessageAction),
            _ => {}
        }
        let rest = id - self.message_feature_base();
        let (follower, rest) = if rest < tiles * SEGMENT_SLOTS {
            (None, rest)
        } else {
            let rest = rest - tiles * SEGMENT_SLOTS;
            (
                Some(Figure::ALL.get(rest % MESSAGE_FIGURE_SLOTS).copied()?),
                rest / MESSAGE_FIGURE_SLOTS,
            )
        };
        let placed = game.board().tiles().get(rest / SEGMENT_SLOTS)?;
        let seg = placed.tile.kind().segments.get(rest % SEGMENT_SLOTS)?;
        let (pos, feature, location) = (
            placed.pos,
            game.segment_kind(seg),
            seg.location(placed.rotation),
        );
        Some(match follower {
            None => Action::MessageFeature {
                pos,
                feature,
                location,
            },
            Some(figure) => Action::MessageFollower {
                figure,
                pos,
                feature,
                location,
            },
        })
    }

    /// The action of an id among the mini expansions' (flights, gold, magic figures, ferries,
    /// crop circles, robbers, messages), or `None`.
    fn mini_action(&self, game: &Game, id: usize) -> Option<Action> {
        if let Some(tiles) = self.message_tiles.filter(|_| id >= self.messages_base()) {
            return self.message_action(game, id, tiles);
        }
        if self.robber_tiles.is_some() && id >= self.robber_base() {
            let rest = id - self.robber_base();
            let spaces = crate::track::TRACK_SPACES as usize;
            if rest < spaces {
                return Some(Action::PlaceRobber { space: rest as u8 });
            }
            if rest < ROBBER_IDS {
                return Some(Action::Rob {
                    player: (rest - spaces) as u8,
                });
            }
            let rest = rest - ROBBER_IDS;
            let placed = game.board().tiles().get(rest / SEGMENT_SLOTS)?;
            let seg = placed.tile.kind().segments.get(rest % SEGMENT_SLOTS)?;
            return Some(Action::ScoreFirst {
                pos: placed.pos,
                feature: game.segment_kind(seg),
                location: seg.location(placed.rotation),
            });
        }
        if self.crop_tiles.is_some() && id >= self.crop_base() {
            return self.crop_action(game, id);
        }
        if self.ferry_tiles.is_some() && id >= self.ferry_base() {
            let rest = id - self.ferry_base();
            let pos = game.board().tiles().get(rest / FERRY_PAIRS.len())?.pos;
            let location = Location::from_bits(FERRY_PAIRS[rest % FERRY_PAIRS.len()])?;
            return Some(match game.pending() {
                Pending::PlaceFerry { .. } => Action::PlaceFerry { pos, location },
                _ => Action::MoveFerry { pos, location },
            });
        }
        if let Some(tiles) = self.magic_tiles.filter(|_| id >= self.magic_base()) {
            let rest = id - self.magic_base();
            let figure = MagicFigure::ALL.get(rest % 2).copied()?;
            if rest >= tiles * SEGMENT_SLOTS * 2 {
                let figure = MagicFigure::ALL.get(rest - tiles * SEGMENT_SLOTS * 2)?;
                return Some(Action::RemoveMagic { figure: *figure });
            }
            let placed = game.board().tiles().get(rest / 2 / SEGMENT_SLOTS)?;
            let seg = placed.tile.kind().segments.get(rest / 2 % SEGMENT_SLOTS)?;
            return Some(Action::PlaceMagic {
                figure,
                pos: placed.pos,
                feature: game.segment_kind(seg),
                location: seg.location(placed.rotation),
            });
        }
        if self.gold_tiles.is_some() && id >= self.gold_base() {
            let rest = id - self.gold_base();
            if rest < INGOT_SLOTS {
                let Pending::Ingot { pos: gold } = game.pending() else {
                    return None;
                };
                return Some(Action::PlaceIngot {
                    pos: gold.surrounding()[rest],
                });
            }
            let pos = game.board().tiles().get(rest - INGOT_SLOTS)?.pos;
            return Some(Action::TakeIngot { pos });
        }
        if self.flier && id >= self.flier_base() {
            let rest = id - self.flier_base();
            if rest < FIGURE_SLOTS {
                let figure = Figure::ALL.get(rest).copied()?;
                return Some(Action::Fly { figure });
            }
            let (_, _, target) = game.flight()?;
            let pos = target?;
            let placed = game.board().tile_at(pos)?;
            let seg = placed.tile.kind().segments.get(rest - FIGURE_SLOTS)?;
            return Some(Action::Land {
                pos,
                feature: game.segment_kind(seg),
                location: seg.location(placed.rotation),
            });
        }
        None
    }

    /// The action with id `id` in `game`'s current state (legal or not), or `None` if `id`
    /// names nothing there (no tile in hand for a placement, no tile just laid or no such
    /// segment for a deployment, no such tile for a move, or `id` out of range).
    pub fn action(&self, game: &Game, id: usize) -> Option<Action> {
        if id >= self.size() {
            return None;
        }
        if id == self.size() - 1 {
            return Some(Action::Pass);
        }
        if id == self.size() - 2 {
            return Some(Action::DoubleTurn);
        }
        if id < self.placements() {
            let tile = game.current_tile()?;
            let cell = id / 4;
            let side = self.side();
            let pos = Position::new(
                (cell % side) as i32 - self.radius as i32,
                (cell / side) as i32 - self.radius as i32,
            );
            return Some(Action::Place {
                tile,
                pos,
                rotation: Rotation::from_quarter_turns((id % 4) as u8),
            });
        }
        if id >= self.flier_base() {
            return self.mini_action(game, id);
        }
        if id >= self.acrobats_base() {
            let tiles = self.acrobat_tiles?;
            let rest = id - self.acrobats_base();
            let pos = game.board().tiles().get(rest % tiles)?.pos;
            return Some(if rest < tiles {
                Action::Acrobat { pos }
            } else {
                Action::ScorePyramid { pos }
            });
        }
        if id >= self.expansions_base() {
            return self.city?.action(game, id - self.expansions_base());
        }
        let rest = id - self.placements();
        let figure = Figure::ALL.get(rest / SEGMENT_SLOTS).copied()?;
        let placed = game.last_placed()?;
        let seg = placed.tile.kind().segments.get(rest % SEGMENT_SLOTS)?;
        Some(Action::Deploy {
            figure,
            pos: placed.pos,
            feature: game.segment_kind(seg),
            location: seg.location(placed.rotation),
        })
    }

    /// The ids of every legal action, in the order of [`Game::legal_actions`].
    pub fn legal_ids(&self, game: &Game) -> Vec<usize> {
        game.legal_actions()
            .into_iter()
            .filter_map(|a| self.id(game, a))
            .collect()
    }

    /// A mask of [`ActionSpace::size`] entries, true at the id of every legal action.
    pub fn mask(&self, game: &Game) -> Vec<bool> {
        let mut mask = vec![false; self.size()];
        for id in self.legal_ids(game) {
            mask[id] = true;
        }
        mask
    }
}

/// How final scores become rewards for learning agents. Both schemes are zero-sum: the rewards
/// of all seats add up to 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RewardScheme {
    /// ±1 by final rank: `(seats with a lower score − seats with a higher score) / (players −
    /// 1)`. Two players: +1 to the winner, −1 to the loser, 0 each for a tie; more players: +1
    /// for the sole winner, −1 for the sole last, evenly spaced between, tied seats sharing.
    Rank,
    /// The score margin: own score minus the mean of the other seats' scores (two players: the
    /// difference of the scores), in points.
    Margin,
}

impl RewardScheme {
    /// Every scheme.
    pub const ALL: [RewardScheme; 2] = [RewardScheme::Rank, RewardScheme::Margin];

    /// The scheme's name: `rank` or `margin`.
    pub const fn name(self) -> &'static str {
        match self {
            RewardScheme::Rank => "rank",
            RewardScheme::Margin => "margin",
        }
    }

    /// Each seat's reward for the final `scores` (by seat). A single seat gets 0.
    pub fn rewards(self, scores: &[u32]) -> Vec<f64> {
        let n = scores.len();
        if n < 2 {
            return vec![0.0; n];
        }
        match self {
            RewardScheme::Rank => scores
                .iter()
                .map(|&s| {
                    let below = scores.iter().filter(|&&o| o < s).count() as f64;
                    let above = scores.iter().filter(|&&o| o > s).count() as f64;
                    (below - above) / (n - 1) as f64
                })
                .collect(),
            RewardScheme::Margin => {
                let total: f64 = scores.iter().map(|&s| s as f64).sum();
                scores
                    .iter()
                    .map(|&s| s as f64 - (total - s as f64) / (n - 1) as f64)
                    .collect()
            }
        }
    }

    /// The smallest and largest reward a seat can get with `max_score` points at most for
    /// anyone (used for the bounds research libraries ask for).
    pub fn bounds(self, max_score: f64) -> (f64, f64) {
        match self {
            RewardScheme::Rank => (-1.0, 1.0),
            RewardScheme::Margin => (-max_score, max_score),
        }
    }
}

impl fmt::Display for RewardScheme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for RewardScheme {
    type Err = ParseError;

    /// Parses `rank` or `margin`.
    fn from_str(s: &str) -> Result<RewardScheme, ParseError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "rank" => Ok(RewardScheme::Rank),
            "margin" => Ok(RewardScheme::Margin),
            _ => Err(ParseError::new("reward", s, "expected rank or margin")),
        }
    }
}

/// Values of [`track_observation`] per seat.
pub const TRACK_OBSERVATION_PER_SEAT: usize = 5;

/// Length of [`track_observation`]: 5 values for each of the 6 seats, then the message in
/// hand.
pub const TRACK_OBSERVATION_LEN: usize =
    TRACK_OBSERVATION_PER_SEAT * crate::config::MAX_PLAYERS + 1;

/// The score track of `game` as a flat vector of [`TRACK_OBSERVATION_LEN`] values: five per
/// seat in seat order — the scoring figure's space (0–49) and laps, the messenger's space and
/// laps (Messages; 255 without a messenger, and after the merge before the final scoring),
/// and the robber (its space 0–49; 50 in supply; 51 returning after a robbery; 255 without
/// robbers) — then the message in hand (its S003/C1 number 1–8, 0 for none; 255 without the
/// Messages). Seats that do not play, and games without the track, give 255 throughout.
pub fn track_observation(game: &Game) -> Vec<u8> {
    let mut out = vec![u8::MAX; TRACK_OBSERVATION_LEN];
    for p in 0..game.players().min(crate::config::MAX_PLAYERS) {
        let seat = &mut out[TRACK_OBSERVATION_PER_SEAT * p..TRACK_OBSERVATION_PER_SEAT * (p + 1)];
        for figure in 0..crate::track::MAX_TRACK_FIGURES {
            if let Some(t) = game.track_position(p, figure) {
                seat[2 * figure] = t.space;
                seat[2 * figure + 1] = t.laps.min(254) as u8;
            }
        }
        seat[4] = match game.robber(p) {
            Some(crate::track::RobberState::OnTrack(s)) => s,
            Some(crate::track::RobberState::InSupply) => 50,
            Some(crate::track::RobberState::Returning) => 51,
            None => u8::MAX,
        };
    }
    if game.elements().messages {
        out[TRACK_OBSERVATION_LEN - 1] = game
            .message_in_hand()
            .map_or(0, |m| m.number(crate::message::MessageNumbering::C1));
    }
    out
}

/// The cell of `pos` in the square of side `2 · radius + 1` centred on `(0, 0)`, row by row
/// (`y + radius` rows down, `x + radius` columns across); `None` outside the square. Both the
/// placement ids and the observation planes index their windows by it.
#[inline(always)]
fn window_cell(pos: Position, radius: i64) -> Option<usize> {
    // A coordinate left of the square wraps past `side`: one unsigned test per coordinate.
    let x = (i64::from(pos.x) + radius) as u64;
    let y = (i64::from(pos.y) + radius) as u64;
    let side = (2 * radius + 1) as u64;
    (x < side && y < side).then(|| (y * side + x) as usize)
}

/// Number of bytes of an observation with window radius `radius`:
/// `OBSERVATION_PLANES.len() · (2 · radius + 1)²`.
pub const fn observation_len(radius: usize) -> usize {
    OBSERVATION_PLANES.len() * (2 * radius + 1) * (2 * radius + 1)
}

/// The observation of `game` with window radius `radius`: a flat `u8` array of shape
/// `(OBSERVATION_PLANES.len(), 2 * radius + 1, 2 * radius + 1)` in row-major order (see the
/// module documentation and [`OBSERVATION_PLANES`]).
pub fn observation(game: &Game, radius: usize) -> Vec<u8> {
    let mut out = vec![0u8; observation_len(radius)];
    observation_into(game, radius, &mut out);
    out
}

/// Like [`observation`], written into `out` (every byte overwritten). If `out` is not
/// [`observation_len`]`(radius)` bytes long, only the planes that fit are written and the rest
/// of `out` is zero.
pub fn observation_into(game: &Game, radius: usize, out: &mut [u8]) {
    out.fill(0);
    let w = 2 * radius + 1;
    let cell = |pos: Position| window_cell(pos, radius as i64);
    // Adds `value` at cell `c` of `plane` (saturating; nothing beyond `out`).
    let mut add = |plane: usize, c: usize, value: u8| {
        if let Some(v) = out.get_mut(plane * w * w + c) {
            *v = v.saturating_add(value);
        }
    };
    let board = game.board();
    // The tiles: only those in the window are read.
    for placed in board.tiles() {
        let Some(c) = cell(placed.pos) else {
            continue;
        };
        let kind = placed.tile.kind();
        add(0, c, 1);
        // A side's middle belongs to the city or road whose edge it is.
        for side in Side::ALL {
            match kind.edge(side, placed.rotation) {
                EdgeKind::City => add(1 + side.index() as usize, c, 1),
                EdgeKind::Road => add(5 + side.index() as usize, c, 1),
                EdgeKind::Field | EdgeKind::River => {}
            }
        }
        for seg in &kind.segments {
            match seg.kind {
                FeatureKind::Monastery => add(9, c, 1),
                FeatureKind::City if seg.pennants > 0 => add(10, c, seg.pennants),
                _ => {}
            }
        }
        if crate::expansions::big_top::is_circus_tile(kind) {
            add(19, c, 1);
        }
        if kind
            .markers
            .iter()
            .any(|m| matches!(m, crate::Marker::FlyingMachine(_)))
        {
            add(24, c, 1);
        }
        if let Some(circle) = crate::expansions::crop_circles::circle_of(kind) {
            let code = match circle {
                FeatureKind::Road => 1,
                FeatureKind::City => 2,
                _ => 3,
            };
            add(26, c, code);
        }
    }
    let mut set = |plane: usize, pos: Position, value: u8| {
        if let Some(c) = cell(pos) {
            add(plane, c, value);
        }
    };
    if let Some(last) = game
        .last_placed()
        .or_else(|| board.tiles().last().filter(|_| board.len() > 1))
    {
        set(11, last.pos, 1);
    }
    // The positions where the drawn tile fits, from the placements' scan without listing them.
    game.for_each_placement_position(|pos| set(12, pos, 1));
    // The figures' tiles, without describing each figure (`Game::figures`).
    for f in &game.figures {
        set(
            13 + usize::from(f.player).min(5),
            game.node_tile(f.node).0.pos,
            1,
        );
    }
    for site in game.acrobat_sites() {
        for &p in &site.acrobats {
            set(13 + p.min(5), site.pos, 1);
        }
    }
    if let Some(pos) = game.big_top() {
        set(20, pos, 1);
    }
    for (pos, n) in game.ingots_on_board() {
        set(21, pos, n);
    }
    for m in game.magic_figures() {
        set(22 + m.figure.index(), m.pos, 1);
    }
    for (pos, location) in game.ferries() {
        let sides = location.sides().fold(0u8, |m, s| m | 1 << s.index());
        set(25, pos, sides);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use crate::geometry::rotate_points;
    use crate::TileSet;

    /// The observation as first written (every tile and segment visited, the fitting positions
    /// from the list of legal actions): the reference the faster [`observation_into`] must
    /// match.
    fn reference_observation_into(game: &Game, radius: usize, out: &mut [u8]) {
        out.fill(0);
        let w = 2 * radius + 1;
        let r = radius as i64;
        let cell = |pos: Position| -> Option<usize> {
            let (x, y) = (pos.x as i64 + r, pos.y as i64 + r);
            (x >= 0 && y >= 0 && x < w as i64 && y < w as i64)
                .then(|| (y as usize) * w + x as usize)
        };
        let mut set = |plane: usize, pos: Position, value: u8| {
            if let Some(c) = cell(pos) {
                if let Some(v) = out.get_mut(plane * w * w + c) {
                    *v = v.saturating_add(value);
                }
            }
        };
        let board = game.board();
        for placed in board.tiles() {
            set(0, placed.pos, 1);
            for seg in &placed.tile.kind().segments {
                let points = rotate_points(seg.points, placed.rotation);
                for side in 0..4 {
                    if points & (1 << (3 * side + 1)) != 0 {
                        match seg.kind {
                            FeatureKind::City => set(1 + side, placed.pos, 1),
                            FeatureKind::Road => set(5 + side, placed.pos, 1),
                            _ => {}
                        }
                    }
                }
                match seg.kind {
                    FeatureKind::Monastery => set(9, placed.pos, 1),
                    FeatureKind::City if seg.pennants > 0 => set(10, placed.pos, seg.pennants),
                    _ => {}
                }
            }
        }
        if let Some(last) = game
            .last_placed()
            .or_else(|| board.tiles().last().filter(|_| board.len() > 1))
        {
            set(11, last.pos, 1);
        }
        if let Pending::Place { .. } = game.pending() {
            let mut fits: Vec<Position> = game
                .legal_actions()
                .into_iter()
                .filter_map(|a| match a {
                    Action::Place { pos, .. } => Some(pos),
                    _ => None,
                })
                .collect();
            fits.dedup();
            for pos in fits {
                set(12, pos, 1);
            }
        }
        for f in game.figures() {
            set(13 + f.player.min(5), f.pos, 1);
        }
        for site in game.acrobat_sites() {
            for &p in &site.acrobats {
                set(13 + p.min(5), site.pos, 1);
            }
        }
        for placed in board.tiles() {
            let kind = placed.tile.kind();
            if kind.has_marker(crate::Marker::BigTopSite)
                || kind.has_marker(crate::Marker::AcrobatSite)
            {
                set(19, placed.pos, 1);
            }
        }
        if let Some(pos) = game.big_top() {
            set(20, pos, 1);
        }
        for (pos, n) in game.ingots_on_board() {
            set(21, pos, n);
        }
        for m in game.magic_figures() {
            set(22 + m.figure.index(), m.pos, 1);
        }
        for placed in board.tiles() {
            let kind = placed.tile.kind();
            if kind
                .markers
                .iter()
                .any(|m| matches!(m, crate::Marker::FlyingMachine(_)))
            {
                set(24, placed.pos, 1);
            }
            if let Some(circle) = crate::expansions::crop_circles::circle_of(kind) {
                let code = match circle {
                    FeatureKind::Road => 1,
                    FeatureKind::City => 2,
                    _ => 3,
                };
                set(26, placed.pos, code);
            }
        }
        for (pos, location) in game.ferries() {
            let sides = location.sides().fold(0u8, |m, s| m | 1 << s.index());
            set(25, pos, sides);
        }
    }

    /// The observation matches the reference on positions of random games with every set and
    /// with the base game, at radii from 1 (most tiles outside) to 12 (most inside).
    #[test]
    fn observations_match_the_reference() {
        let mut every = Config::new(3);
        every.sets = TileSet::ALL
            .into_iter()
            .filter(|s| !s.is_other_edition())
            .collect();
        let mut compared = 0;
        for (config, seed) in [(Config::new(2), 1u64), (every.clone(), 2), (every, 3)] {
            let mut game = Game::new(config, seed).unwrap();
            let mut step = 0usize;
            while !game.is_over() {
                if step % 3 == 0 {
                    for radius in [1, 3, 12] {
                        let mut fast = vec![7u8; observation_len(radius)];
                        let mut reference = vec![9u8; observation_len(radius)];
                        observation_into(&game, radius, &mut fast);
                        reference_observation_into(&game, radius, &mut reference);
                        assert_eq!(fast, reference, "seed {seed}, step {step}, radius {radius}");
                        compared += 1;
                    }
                }
                let actions = game.legal_actions();
                game.play(actions[(step * 7 + 3) % actions.len()]).unwrap();
                step += 1;
            }
        }
        assert!(compared > 300, "{compared} observations compared");
    }

    /// Every legal action of whole games with every set (all figure kinds, the City's
    /// decisions, ferries placed and moved) has its own id, which names it back.
    #[test]
    fn ids_are_unique_and_round_trip_with_every_set() {
        for (seed, sets) in [
            (
                3,
                vec![
                    TileSet::InnsAndCathedrals,
                    TileSet::TradersAndBuilders,
                    TileSet::River2,
                ],
            ),
            (
                4,
                vec![
                    TileSet::InnsAndCathedrals,
                    TileSet::TradersAndBuilders,
                    TileSet::Count,
                ],
            ),
            (
                5,
                vec![
                    TileSet::FlyingMachines,
                    TileSet::GoldMines,
                    TileSet::MageWitch,
                    TileSet::BigTop,
                    TileSet::TradersAndBuilders,
                    TileSet::CropCircles,
                ],
            ),
            (
                6,
                vec![
                    TileSet::CropCircles1,
                    TileSet::InnsAndCathedrals,
                    TileSet::BigTop,
                ],
            ),
            (
                6,
                vec![
                    TileSet::Robbers,
                    TileSet::InnsAndCathedrals,
                    TileSet::TradersAndBuilders,
                ],
            ),
            (
                11,
                vec![
                    TileSet::Messages,
                    TileSet::Robbers,
                    TileSet::InnsAndCathedrals,
                ],
            ),
            (3, vec![TileSet::Messages]),
            (
                7,
                vec![
                    TileSet::Ferries,
                    TileSet::TradersAndBuilders,
                    TileSet::InnsAndCathedrals,
                ],
            ),
        ] {
            let mut kinds = std::collections::BTreeSet::new();
            let robbers = sets.contains(&TileSet::Robbers);
            let messages = sets.contains(&TileSet::Messages);
            let crop =
                sets.contains(&TileSet::CropCircles) || sets.contains(&TileSet::CropCircles1);
            let ferries = sets.contains(&TileSet::Ferries);
            let mut config = Config::new(3);
            config.sets.extend(sets);
            let mut game = Game::new(config, seed).unwrap();
            let space = ActionSpace::of(&game);
            let mut step = 0;
            while !game.is_over() {
                let legal = game.legal_actions();
                let ids = space.legal_ids(&game);
                assert_eq!(ids.len(), legal.len(), "every legal action has an id");
                let unique: std::collections::BTreeSet<usize> = ids.iter().copied().collect();
                assert_eq!(unique.len(), ids.len(), "ids are unique");
                for (a, id) in legal.iter().zip(&ids) {
                    assert!(*id < space.size());
                    assert_eq!(space.action(&game, *id), Some(*a), "id {id}");
                    kinds.insert(a.verb());
                }
                // A flight whenever one is offered, so that landings come up; a ferry move
                // whenever one is offered.
                let action = legal
                    .iter()
                    .find(|a| matches!(a, Action::Fly { .. } | Action::MoveFerry { .. }))
                    .copied()
                    .unwrap_or(legal[(step * 7) % legal.len()]);
                game.play(action).unwrap();
                step += 1;
            }
            if seed == 5 {
                for verb in ["fly", "ingot", "magic", "acrobat", "crop_option"] {
                    assert!(kinds.contains(verb), "{verb} came up: {kinds:?}");
                }
            }
            if crop {
                assert!(
                    kinds.contains("crop_deploy") || kinds.contains("crop_return"),
                    "a crop circle's round came up: {kinds:?}"
                );
            }
            if ferries {
                for verb in ["ferry", "move_ferry"] {
                    assert!(kinds.contains(verb), "{verb} came up: {kinds:?}");
                }
            }
            if messages {
                assert!(
                    kinds.contains("scoring_figure"),
                    "a choice of the moving figure came up: {kinds:?}"
                );
            }
            if robbers {
                // (In this game with the Messages no two occupied features complete at once
                // while a robber stands on the track, so no order is asked.)
                let verbs: &[&str] = if messages {
                    &["robber"]
                } else {
                    &["robber", "score_first"]
                };
                for verb in verbs {
                    assert!(kinds.contains(verb), "{verb} came up: {kinds:?}");
                }
                assert_eq!(
                    track_observation(&game).len(),
                    TRACK_OBSERVATION_LEN,
                    "the track as a vector"
                );
            }
        }
    }

    #[test]
    fn ids_round_trip_for_every_legal_action() {
        let mut game = Game::new(Config::new(3), 4).unwrap();
        let space = ActionSpace::of(&game);
        assert_eq!(space.size(), 143 * 143 * 4 + 130, "72 tiles: radius 71");
        let last = space.size() - 1;
        assert_eq!(space.action(&game, last), Some(Action::Pass));
        assert_eq!(space.action(&game, last - 1), Some(Action::DoubleTurn));
        assert_eq!(space.id(&game, Action::DoubleTurn), Some(last - 1));
        let mut steps = 0;
        while !game.is_over() && steps < 120 {
            let legal = game.legal_actions();
            let ids = space.legal_ids(&game);
            assert_eq!(ids.len(), legal.len());
            for (a, id) in legal.iter().zip(&ids) {
                assert_eq!(space.action(&game, *id), Some(*a));
            }
            let mask = space.mask(&game);
            assert_eq!(mask.iter().filter(|m| **m).count(), legal.len());
            game.play(legal[steps % legal.len()]).unwrap();
            steps += 1;
        }
        assert_eq!(space.action(&game, space.size()), None);
    }

    #[test]
    fn observation_shows_the_start_tile() {
        let game = Game::new(Config::new(2), 0).unwrap();
        let r = 2;
        let w = 2 * r + 1;
        let obs = observation(&game, r);
        assert_eq!(obs.len(), OBSERVATION_PLANES.len() * w * w);
        let at = |plane: usize, x: i64, y: i64| {
            obs[plane * w * w + ((y + 2) as usize) * w + (x + 2) as usize]
        };
        assert_eq!(at(0, 0, 0), 1);
        assert_eq!(
            (at(1, 0, 0), at(2, 0, 0), at(3, 0, 0)),
            (1, 0, 0),
            "city north"
        );
        assert_eq!(
            (at(6, 0, 0), at(8, 0, 0), at(5, 0, 0)),
            (1, 1, 0),
            "road east-west"
        );
        assert_eq!(obs[..w * w].iter().map(|v| *v as usize).sum::<usize>(), 1);
        assert!(at(12, 1, 0) + at(12, -1, 0) + at(12, 0, 1) + at(12, 0, -1) > 0);
    }

    /// A two-player game with explicit draws from `tiles`, the start tile D at (0, 0), with
    /// `sets` besides the base game.
    fn hand_built(sets: &[TileSet], tiles: &[&str]) -> Game {
        let mut config = Config::new(2);
        config.sets.extend_from_slice(sets);
        config.explicit_draws = true;
        config.stack = Some(tiles.iter().map(|t| t.parse().unwrap()).collect());
        Game::new(config, 0).unwrap()
    }

    /// Draws `id` and lays it at `(x, y)` turned `r` quarter turns.
    fn lay(game: &mut Game, id: &str, (x, y): (i32, i32), r: u8) {
        let tile = id.parse().unwrap();
        game.draw(tile).unwrap();
        game.play(Action::Place {
            tile,
            pos: Position::new(x, y),
            rotation: Rotation::from_quarter_turns(r),
        })
        .unwrap();
    }

    /// Passes the deployment when it is pending.
    fn pass_deployment(game: &mut Game) {
        if let Pending::Deploy { .. } = game.pending() {
            game.play(Action::Pass).unwrap();
        }
    }

    /// The non-zero cells of plane `name` of `game`'s observation (radius 3), as
    /// `((x, y), value)` in row-major order.
    fn plane(game: &Game, name: &str) -> Vec<((i32, i32), u8)> {
        let r = 3;
        let w = 2 * r + 1;
        let k = OBSERVATION_PLANES.iter().position(|p| *p == name).unwrap();
        let obs = observation(game, r);
        obs[k * w * w..(k + 1) * w * w]
            .iter()
            .enumerate()
            .filter(|(_, v)| **v != 0)
            .map(|(i, v)| (((i % w) as i32 - r as i32, (i / w) as i32 - r as i32), *v))
            .collect()
    }

    /// `ingots` counts the ingots on each tile (GM.1): a gold tile east of the start puts its
    /// ingot on itself and, its only neighbour being the start tile, the second there; a second
    /// gold tile further east puts one on itself and its second on the first gold tile.
    #[test]
    fn observation_counts_the_ingots_on_each_tile() {
        let mut game = hand_built(&[TileSet::GoldMines], &["GM-08", "GM-05", "E"]);
        assert!(plane(&game, "ingots").is_empty());
        lay(&mut game, "GM-08", (1, 0), 0);
        pass_deployment(&mut game);
        assert_eq!(plane(&game, "ingots"), vec![((0, 0), 1), ((1, 0), 1)]);
        lay(&mut game, "GM-05", (2, 0), 0);
        pass_deployment(&mut game);
        assert_eq!(
            plane(&game, "ingots"),
            vec![((0, 0), 1), ((1, 0), 2), ((2, 0), 1)]
        );
    }

    /// `mage` and `witch` mark the tile of the segment each stands on (MW.1): the mage put on
    /// the start tile's road, the witch on the city of a mage tile east of it.
    #[test]
    fn observation_marks_the_tiles_of_the_mage_and_the_witch() {
        let mut game = hand_built(&[TileSet::MageWitch], &["MW-05", "MW-07", "E"]);
        lay(&mut game, "MW-05", (0, -1), 0);
        assert_eq!(game.pending(), Pending::Magic);
        let mage = Action::PlaceMagic {
            figure: MagicFigure::Mage,
            pos: Position::new(0, 0),
            feature: FeatureKind::Road,
            location: "WE".parse().unwrap(),
        };
        game.play(mage).unwrap();
        pass_deployment(&mut game);
        assert_eq!(plane(&game, "mage"), vec![((0, 0), 1)]);
        assert!(plane(&game, "witch").is_empty());
        lay(&mut game, "MW-07", (1, 0), 0);
        let witch = game
            .legal_actions()
            .into_iter()
            .find(|a| {
                matches!(a, Action::PlaceMagic { figure: MagicFigure::Witch, pos, feature: FeatureKind::City, .. }
                    if *pos == Position::new(1, 0))
            })
            .unwrap();
        game.play(witch).unwrap();
        pass_deployment(&mut game);
        assert_eq!(plane(&game, "mage"), vec![((0, 0), 1)]);
        assert_eq!(plane(&game, "witch"), vec![((1, 0), 1)]);
    }

    /// `flying_machine` marks the tiles with a flying machine, whatever its direction.
    #[test]
    fn observation_marks_the_tiles_with_a_flying_machine() {
        let mut game = hand_built(&[TileSet::FlyingMachines], &["FM-05", "B", "FM-02", "E"]);
        lay(&mut game, "FM-05", (1, 0), 0);
        pass_deployment(&mut game);
        lay(&mut game, "B", (0, 1), 0);
        pass_deployment(&mut game);
        lay(&mut game, "FM-02", (1, 1), 1);
        pass_deployment(&mut game);
        assert_eq!(
            plane(&game, "flying_machine"),
            vec![((1, 0), 1), ((1, 1), 1)]
        );
    }

    /// `ferry` gives the sides a lake's ferry joins on the board (N 1, E 2, S 4, W 8): a lake
    /// turned 90° east of the start with its ferry N–S (5), one west of it with its ferry W–E
    /// (10); nothing before a ferry is placed.
    #[test]
    fn observation_gives_the_sides_each_ferry_joins() {
        let mut game = hand_built(&[TileSet::Ferries], &["FE-02", "FE-02", "E"]);
        lay(&mut game, "FE-02", (1, 0), 1);
        pass_deployment(&mut game);
        assert_eq!(
            game.pending(),
            Pending::PlaceFerry {
                pos: Position::new(1, 0)
            }
        );
        assert!(plane(&game, "ferry").is_empty(), "no ferry yet");
        let ferry = |x, sides: &str| Action::PlaceFerry {
            pos: Position::new(x, 0),
            location: sides.parse().unwrap(),
        };
        game.play(ferry(1, "NS")).unwrap();
        assert_eq!(plane(&game, "ferry"), vec![((1, 0), 1 | 4)]);
        lay(&mut game, "FE-02", (-1, 0), 0);
        pass_deployment(&mut game);
        game.play(ferry(-1, "WE")).unwrap();
        assert_eq!(
            plane(&game, "ferry"),
            vec![((-1, 0), 8 | 2), ((1, 0), 1 | 4)]
        );
    }

    /// `crop_circle` codes each circle by its kind: 1 road (club, CC2-01), 2 city (shield,
    /// CC2-05), 3 field (pitchfork, CC2-03).
    #[test]
    fn observation_codes_crop_circles_by_kind() {
        let mut game = hand_built(
            &[TileSet::CropCircles],
            &["CC2-05", "CC2-01", "CC2-03", "E"],
        );
        for (id, at, r) in [
            ("CC2-05", (0, -1), 0),
            ("CC2-01", (1, 0), 0),
            ("CC2-03", (-1, 0), 3),
        ] {
            lay(&mut game, id, at, r);
            pass_deployment(&mut game);
            assert_eq!(game.pending(), Pending::CropOption, "{id}");
            game.play(Action::CropOption {
                option: CropOption::Deploy,
            })
            .unwrap();
        }
        assert_eq!(
            plane(&game, "crop_circle"),
            vec![((0, -1), 2), ((-1, 0), 3), ((1, 0), 1)]
        );
    }

    #[test]
    fn rewards_by_rank_and_margin_add_up_to_zero() {
        assert_eq!(RewardScheme::Rank.rewards(&[10, 4]), vec![1.0, -1.0]);
        assert_eq!(RewardScheme::Rank.rewards(&[5, 5]), vec![0.0, 0.0]);
        assert_eq!(RewardScheme::Rank.rewards(&[3, 9, 6]), vec![-1.0, 1.0, 0.0]);
        assert_eq!(RewardScheme::Rank.rewards(&[9, 9, 1]), vec![0.5, 0.5, -1.0]);
        assert_eq!(RewardScheme::Margin.rewards(&[10, 4]), vec![6.0, -6.0]);
        assert_eq!(
            RewardScheme::Margin.rewards(&[3, 9, 6]),
            vec![-4.5, 4.5, 0.0]
        );
        assert_eq!(RewardScheme::Margin.rewards(&[7]), vec![0.0]);
        for scheme in RewardScheme::ALL {
            assert_eq!(scheme.name().parse::<RewardScheme>(), Ok(scheme));
            let sum: f64 = scheme.rewards(&[12, 40, 7, 40]).iter().sum();
            assert!(sum.abs() < 1e-9, "{scheme}: {sum}");
        }
        assert!("best".parse::<RewardScheme>().is_err());
    }
}
