//! # carcassonne
//!
//! An embeddable Carcassonne rules engine: tiles, placement, scoring, game records and
//! JCloisterZone import, built for speed (cheap clones, allocation-free move generation) so
//! that game clients and AI research can share one set of rules.
//!
//! The rules are those of the rulebooks in the project's `seeds/` (Czech and Slovak), as put
//! into English by the specification (`spec/base.md`); section numbers such as "B-5.4" in the
//! documentation refer to it.
//!
//! ```
//! use carcassonne::{Config, Game};
//!
//! let mut game = Game::new(Config::new(2), 2024).unwrap();
//! while !game.is_over() {
//!     let actions = game.legal_actions();
//!     game.play(actions[actions.len() / 2]).unwrap();
//! }
//! println!("final scores: {:?}", game.scores());
//! ```
//!
//! A turn part is an explicit pipeline of steps in the order of `spec/expansions.md` §4 (draw,
//! place, the tile's triggered steps, deployment, scoring, the steps after scoring, the next
//! turn part); each expansion is a module under [`expansions`] that owns its state and joins
//! the pipeline at documented hook points. `ARCHITECTURE.md` in the repository maps it all.
//!
//! Conventions (the same as JCloisterZone's): x grows east and **y grows south**; rotations are
//! clockwise quarter turns; locations on a tile are edges `N E S W`, half-edges
//! `NL NR EL ER SL SR WL WR` (left/right as seen from the tile centre looking out) and the
//! centre `I`.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

#[macro_use]
mod clone_fields;

// Vocabulary.
pub mod animal;
pub mod crop;
pub mod figure;
pub mod geometry;
pub mod magic;
pub mod message;
pub mod quarter;
pub mod tile;
pub mod token;

// The tiles and the board.
pub mod board;
pub mod catalogue;
mod features;

// The game: configuration, actions, chance, the pipeline, scoring, events.
pub mod action;
pub mod chance;
pub mod config;
pub mod error;
pub mod events;
pub mod expansions;
pub mod game;
pub mod scoring;
mod stack;
pub mod track;
mod turn;

// Notations, records, tools.
pub mod bots;
pub mod encoding;
pub mod jcz;
mod json;
pub mod limits;
pub mod record;
pub mod render;
pub mod vector;

pub use action::Action;
pub use animal::Animal;
pub use board::{Board, PlacedTile};
pub use bots::{Bot, BotKind};
pub use catalogue::{catalogue, city_position, Catalogue};
pub use chance::Outcome;
pub use config::{
    BuilderDoubleTurn, Config, CountFinalScoring, CountMove, Elements, FarmCityScoring,
    GoldDistribution, KingRobberScoring, ResolvedElements, RiverBaseStartTile, RiverTurnRule,
    RobberPlacement, Rules, SmallCityScoring, StartTile, UnfinishedInnsCathedrals, MAX_PLAYERS,
};
pub use crop::CropOption;
pub use error::{
    ConfigError, DrawError, ExportError, ImportError, InternalError, ParseError, PlayError,
    RecordError,
};
pub use events::{
    AcrobatScore, BigTopScore, Event, FeatureScore, FieldScore, GoldScore, GoodsScore,
    MessageScore, Reason, RingmasterScore, RobberyScore, Score, TokenScore,
};
pub use expansions::big_top::AcrobatSite;
pub use expansions::crop_circles::CropRound;
pub use expansions::gold_mines::gold_points;
pub use expansions::mage_witch::PlacedMagicFigure;
pub use figure::Figure;
pub use game::{Game, Pending, PlacedFigure};
pub use geometry::{Location, Position, Rotation, Side};
pub use jcz::{AssertionResult, JczGame};
pub use magic::MagicFigure;
pub use message::{Message, MessageNumbering};
pub use quarter::Quarter;
pub use record::Record;
pub use tile::{Compass, EdgeKind, FeatureKind, Goods, Marker, Segment, TileId, TileKind, TileSet};
pub use token::Token;
pub use track::{RobberState, TrackPosition, MAX_TRACK_FIGURES, TRACK_SPACES};
