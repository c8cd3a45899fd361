//! The plain C structs and integer constants of the API, and their checked conversions to and
//! from the core types. Enum values cross the boundary as `uint32_t` and unknown values are
//! rejected with `CARC_INVALID_ARGUMENT`, never transmuted.

use carcassonne::{
    Action, Event, FeatureKind, Figure, Goods, Location, PlacedFigure, PlacedTile, Position,
    Quarter, Rotation, TileId, Token,
};

use crate::boundary::{carc_status, fail};

/// `carc_action.kind`: lay the drawn tile.
pub const CARC_ACTION_PLACE: u32 = 0;
/// `carc_action.kind`: deploy a figure on the tile just laid.
pub const CARC_ACTION_DEPLOY: u32 = 1;
/// `carc_action.kind`: deploy nothing, or decline a builder's double turn (OPT-5 optional).
pub const CARC_ACTION_PASS: u32 = 2;
/// `carc_action.kind`: take the second part of a builder's double turn (OPT-5 optional).
pub const CARC_ACTION_DOUBLE_TURN: u32 = 3;
/// `carc_action.kind`: put a figure (`figure`) from supply into a quarter (`quarter`) of the
/// City of Carcassonne (the Count, C.2).
pub const CARC_ACTION_ENTER_CITY: u32 = 4;
/// `carc_action.kind`: move the Count to the quarter `quarter` (C.2).
pub const CARC_ACTION_MOVE_COUNT: u32 = 5;
/// `carc_action.kind`: move a figure (`figure`) out of the quarter `quarter` onto the feature
/// (`x`, `y`, `feature`, `location`) (C.3, C.4).
pub const CARC_ACTION_LEAVE_CITY: u32 = 6;

/// Quarter of the City of Carcassonne: the Castle (figures may move to completed cities).
pub const CARC_QUARTER_CASTLE: u32 = 0;
/// Quarter: the Market (figures move to fields at the end of the game).
pub const CARC_QUARTER_MARKET: u32 = 1;
/// Quarter: the Blacksmith (figures may move to completed roads).
pub const CARC_QUARTER_BLACKSMITH: u32 = 2;
/// Quarter: the Cathedral (figures may move to completed monasteries and shrines).
pub const CARC_QUARTER_CATHEDRAL: u32 = 3;
/// `carc_game_count_quarter` in a game without the Count.
pub const CARC_QUARTER_NONE: u32 = 4;

/// Figure: a normal follower (thief, knight, monk or farmer).
pub const CARC_FIGURE_FOLLOWER: u32 = 0;
/// Figure: the large follower (Inns & Cathedrals; strength 2).
pub const CARC_FIGURE_LARGE_FOLLOWER: u32 = 1;
/// Figure: the builder (Traders & Builders).
pub const CARC_FIGURE_BUILDER: u32 = 2;
/// Figure: the pig (Traders & Builders).
pub const CARC_FIGURE_PIG: u32 = 3;

/// Trade good: none (`carc_event.goods` of events that are not about goods).
pub const CARC_GOODS_NONE: u32 = 0;
/// Trade good: wine.
pub const CARC_GOODS_WINE: u32 = 1;
/// Trade good: grain.
pub const CARC_GOODS_GRAIN: u32 = 2;
/// Trade good: cloth.
pub const CARC_GOODS_CLOTH: u32 = 3;

/// Feature kind: road.
pub const CARC_FEATURE_ROAD: u32 = 0;
/// Feature kind: city.
pub const CARC_FEATURE_CITY: u32 = 1;
/// Feature kind: monastery.
pub const CARC_FEATURE_MONASTERY: u32 = 2;
/// Feature kind: field.
pub const CARC_FEATURE_FIELD: u32 = 3;
/// Feature kind: river.
pub const CARC_FEATURE_RIVER: u32 = 4;
/// Feature kind: shrine (the Cult; a follower on it is a heretic).
pub const CARC_FEATURE_SHRINE: u32 = 5;

/// Location bit of a tile's second inner field (`II`; only the bridge-city tile KR-05 has
/// one).
pub const CARC_LOCATION_SECOND_CENTRE: u32 = 1 << 13;

/// Location bit of the tile centre (monastery, shrine, inner field). Bits 0..12 are the edge points
/// `NL N NR EL E ER SL S SR WL W WR`: a road or city sets the middle bit of each edge it
/// reaches (N = bit 1, E = 4, S = 7, W = 10), a field its half-edge bits.
pub const CARC_LOCATION_CENTRE: u32 = 1 << 12;

/// Pending decision: a tile must be drawn (`carc_game_draw`; explicit-draw games only).
pub const CARC_PENDING_DRAW: u32 = 0;
/// Pending decision: the current player lays the current tile.
pub const CARC_PENDING_PLACE: u32 = 1;
/// Pending decision: the current player may deploy a figure or pass.
pub const CARC_PENDING_DEPLOY: u32 = 2;
/// Pending decision: none, the game is over.
pub const CARC_PENDING_GAME_OVER: u32 = 3;
/// Pending decision: the current player may take the second part of a builder's double turn
/// (`CARC_ACTION_DOUBLE_TURN`) or decline it (`CARC_ACTION_PASS`); rule option OPT-5
/// `"builder_double_turn": "optional"` only.
pub const CARC_PENDING_DOUBLE_TURN: u32 = 4;
/// Pending decision: the current player may put a figure into a quarter of the City
/// (`CARC_ACTION_ENTER_CITY`) or pass (the Count, C.2).
pub const CARC_PENDING_ENTER_CITY: u32 = 5;
/// Pending decision: the current player may move the Count (`CARC_ACTION_MOVE_COUNT`) or pass.
pub const CARC_PENDING_MOVE_COUNT: u32 = 6;
/// Pending decision: the current player (`carc_game_current_player`, not always the one who
/// laid the tile) may move figures out of the City onto completed features
/// (`CARC_ACTION_LEAVE_CITY`) or pass (C.3).
pub const CARC_PENDING_LEAVE_CITY: u32 = 7;
/// Pending decision: at the end, the current player moves one figure from the Market onto a
/// field (`CARC_ACTION_LEAVE_CITY`); no pass (C.4).
pub const CARC_PENDING_MARKET: u32 = 8;

/// `carc_game_current_tile` when no tile is in hand.
pub const CARC_NO_TILE: u32 = u32::MAX;

/// Event kind: a tile was drawn (`player`, `tile`).
pub const CARC_EVENT_TILE_DRAWN: u32 = 0;
/// Event kind: the drawn tile fits nowhere and left the game (`player`, `tile`).
pub const CARC_EVENT_TILE_DISCARDED: u32 = 1;
/// Event kind: a tile was laid (`player`, `tile`, `x`, `y`, `rotation`).
pub const CARC_EVENT_TILE_PLACED: u32 = 2;
/// Event kind: a figure was deployed (`player`, `figure`, `x`, `y`, `feature`, `location`).
pub const CARC_EVENT_FIGURE_DEPLOYED: u32 = 3;
/// Event kind: points were scored (`player`, `points` and the breakdown fields).
pub const CARC_EVENT_SCORED: u32 = 4;
/// Event kind: a figure went back to supply (`player`, `figure`, `x`, `y`, `feature`,
/// `location`).
pub const CARC_EVENT_FIGURE_RETURNED: u32 = 5;
/// Event kind: the game ended and was scored.
pub const CARC_EVENT_GAME_OVER: u32 = 6;
/// Event kind: a drawn river tile went under the river stack (`player`, `tile`; River II).
pub const CARC_EVENT_TILE_DEFERRED: u32 = 8;
/// Event kind: the active player took trade goods tokens (`player`, `goods`, `points` holds
/// the number of tokens).
pub const CARC_EVENT_GOODS_TAKEN: u32 = 7;
/// Event kind: the active player took the King or the Robber Baron (`player`, `token`,
/// `tiles` holds the size of the city or road that took it).
pub const CARC_EVENT_TOKEN_TAKEN: u32 = 9;
/// Event kind: a figure went from supply into a quarter of the City (`player`, `figure`,
/// `quarter`).
pub const CARC_EVENT_FIGURE_ENTERED_CITY: u32 = 10;
/// Event kind: the Count moved (`player` who moved him, `quarter` where he stands now).
pub const CARC_EVENT_COUNT_MOVED: u32 = 11;
/// Event kind: a figure left a quarter onto a feature (`player`, `figure`, `quarter`, `x`,
/// `y`, `feature`, `location`).
pub const CARC_EVENT_FIGURE_LEFT_CITY: u32 = 12;

/// Token: none (`carc_event.token` of events that are not about the King or Robber Baron).
pub const CARC_TOKEN_NONE: u32 = 0;
/// Token: the King (largest completed city).
pub const CARC_TOKEN_KING: u32 = 1;
/// Token: the Robber Baron (longest completed road).
pub const CARC_TOKEN_ROBBER_BARON: u32 = 2;

/// An action, as listed by `carc_game_legal_actions` or filled in by the caller.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct carc_action {
    /// `CARC_ACTION_PLACE`, `CARC_ACTION_DEPLOY`, `CARC_ACTION_PASS`,
    /// `CARC_ACTION_DOUBLE_TURN`, `CARC_ACTION_ENTER_CITY`, `CARC_ACTION_MOVE_COUNT` or
    /// `CARC_ACTION_LEAVE_CITY`.
    pub kind: u32,
    /// Place: the tile number (see `carc_tile_name`).
    pub tile: u32,
    /// Place, deploy and leave: the position (x grows east, y grows south).
    pub x: i32,
    /// See `x`.
    pub y: i32,
    /// Place: clockwise rotation in degrees (0, 90, 180 or 270).
    pub rotation: u32,
    /// Deploy, enter and leave: `CARC_FIGURE_*`.
    pub figure: u32,
    /// Deploy and leave: `CARC_FEATURE_*`.
    pub feature: u32,
    /// Deploy and leave: the location bits of the feature on the tile (see
    /// `CARC_LOCATION_CENTRE`).
    pub location: u32,
    /// Enter, move the Count and leave: `CARC_QUARTER_*`.
    pub quarter: u32,
    /// The state the action was listed for (set by `carc_game_legal_actions`); 0 means "do
    /// not check". An action from another state is refused with `CARC_STALE_ACTION`.
    pub epoch: u64,
}

/// An event of the last action (see `carc_game_events`); fields that do not apply to the
/// event kind are 0.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct carc_event {
    /// `CARC_EVENT_*`.
    pub kind: u32,
    /// The seat concerned (0-based); -1 for `CARC_EVENT_GAME_OVER`.
    pub player: i32,
    /// Tile number (drawn, discarded, placed).
    pub tile: u32,
    /// Position of the tile or figure, or of the scored feature's first figure.
    pub x: i32,
    /// See `x`.
    pub y: i32,
    /// Rotation in degrees (placed).
    pub rotation: u32,
    /// `CARC_FIGURE_*` (deployed, returned).
    pub figure: u32,
    /// `CARC_FEATURE_*` (deployed, returned, scored).
    pub feature: u32,
    /// Location bits (deployed, returned, scored).
    pub location: u32,
    /// Points awarded (scored; may be 0).
    pub points: u32,
    /// 1 if the scored feature was complete, 0 if unfinished.
    pub complete: u32,
    /// 1 if the score is part of the final scoring.
    pub final_scoring: u32,
    /// Tiles of the scored feature (a monastery: its 3x3 area).
    pub tiles: u32,
    /// Pennants of a scored city.
    pub pennants: u32,
    /// Completed cities bordering a scored field.
    pub cities: u32,
    /// Points per city of a scored field.
    pub points_per_city: u32,
    /// The owner's strength in the scored feature.
    pub strength: u32,
    /// `CARC_GOODS_*`: the good of a goods event or of a goods-majority score (then `tiles`
    /// holds the player's tokens).
    pub goods: u32,
    /// `CARC_TOKEN_*`: the token taken, or the token a score is for (then `cities` holds the
    /// completed cities or roads paid for, 0 in the card variants, and `tiles` the cards).
    pub token: u32,
    /// `CARC_QUARTER_*` of the City events (entered, Count moved, left); 0 otherwise.
    pub quarter: u32,
}

/// A tile on the board.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct carc_tile_info {
    /// Tile number.
    pub tile: u32,
    /// Position.
    pub x: i32,
    /// See `x`.
    pub y: i32,
    /// Rotation in degrees.
    pub rotation: u32,
}

/// A figure on the board.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct carc_figure_info {
    /// Owner seat.
    pub player: u32,
    /// `CARC_FIGURE_*`.
    pub figure: u32,
    /// Position of its tile.
    pub x: i32,
    /// See `x`.
    pub y: i32,
    /// `CARC_FEATURE_*`.
    pub feature: u32,
    /// Location bits.
    pub location: u32,
}

/// A possible draw and its probability.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct carc_chance {
    /// Tile number.
    pub tile: u32,
    /// Probability of drawing it (copies left over tiles left).
    pub probability: f64,
}

/// Static NUL-terminated tile ids, built once.
pub(crate) fn tile_c_name(tile: u32) -> Result<&'static [u8], carc_status> {
    static NAMES: std::sync::OnceLock<Vec<Vec<u8>>> = std::sync::OnceLock::new();
    let names = NAMES.get_or_init(|| {
        carcassonne::catalogue()
            .ids()
            .map(|id| {
                let mut v = id.as_str().as_bytes().to_vec();
                v.push(0);
                v
            })
            .collect()
    });
    match names.get(tile as usize) {
        Some(n) => Ok(n.as_slice()),
        None => fail(
            carc_status::CARC_INDEX_OUT_OF_RANGE,
            format!("tile number {tile} is not below {}", names.len()),
        ),
    }
}

fn invalid<T>(what: &str, value: u32) -> Result<T, carc_status> {
    fail(
        carc_status::CARC_INVALID_ARGUMENT,
        format!("unknown {what} value {value}"),
    )
}

pub(crate) fn tile_from_c(tile: u32) -> Result<TileId, carc_status> {
    TileId::from_index(tile as usize).map_or_else(|| invalid("tile number", tile), Ok)
}

pub(crate) fn feature_to_c(kind: FeatureKind) -> u32 {
    match kind {
        FeatureKind::Road => CARC_FEATURE_ROAD,
        FeatureKind::City => CARC_FEATURE_CITY,
        FeatureKind::Monastery => CARC_FEATURE_MONASTERY,
        FeatureKind::Field => CARC_FEATURE_FIELD,
        FeatureKind::Shrine => CARC_FEATURE_SHRINE,
        _ => CARC_FEATURE_RIVER,
    }
}

fn feature_from_c(value: u32) -> Result<FeatureKind, carc_status> {
    match value {
        CARC_FEATURE_ROAD => Ok(FeatureKind::Road),
        CARC_FEATURE_CITY => Ok(FeatureKind::City),
        CARC_FEATURE_MONASTERY => Ok(FeatureKind::Monastery),
        CARC_FEATURE_FIELD => Ok(FeatureKind::Field),
        CARC_FEATURE_RIVER => Ok(FeatureKind::River),
        CARC_FEATURE_SHRINE => Ok(FeatureKind::Shrine),
        _ => invalid("feature", value),
    }
}

pub(crate) fn figure_to_c(figure: Figure) -> u32 {
    match figure {
        Figure::Follower => CARC_FIGURE_FOLLOWER,
        Figure::LargeFollower => CARC_FIGURE_LARGE_FOLLOWER,
        Figure::Builder => CARC_FIGURE_BUILDER,
        _ => CARC_FIGURE_PIG,
    }
}

pub(crate) fn figure_from_c(value: u32) -> Result<Figure, carc_status> {
    match value {
        CARC_FIGURE_FOLLOWER => Ok(Figure::Follower),
        CARC_FIGURE_LARGE_FOLLOWER => Ok(Figure::LargeFollower),
        CARC_FIGURE_BUILDER => Ok(Figure::Builder),
        CARC_FIGURE_PIG => Ok(Figure::Pig),
        _ => invalid("figure", value),
    }
}

fn goods_to_c(goods: Option<Goods>) -> u32 {
    match goods {
        None => CARC_GOODS_NONE,
        Some(Goods::Wine) => CARC_GOODS_WINE,
        Some(Goods::Grain) => CARC_GOODS_GRAIN,
        Some(Goods::Cloth) => CARC_GOODS_CLOTH,
    }
}

pub(crate) fn location_from_c(value: u32) -> Result<Location, carc_status> {
    u16::try_from(value)
        .ok()
        .and_then(Location::from_bits)
        .map_or_else(|| invalid("location", value), Ok)
}

pub(crate) fn action_to_c(action: &Action, epoch: u64) -> carc_action {
    let mut c = carc_action {
        kind: CARC_ACTION_PASS,
        tile: 0,
        x: 0,
        y: 0,
        rotation: 0,
        figure: 0,
        feature: 0,
        location: 0,
        quarter: 0,
        epoch,
    };
    match *action {
        Action::Place {
            tile,
            pos,
            rotation,
        } => {
            c.kind = CARC_ACTION_PLACE;
            c.tile = tile.index() as u32;
            c.x = pos.x;
            c.y = pos.y;
            c.rotation = rotation.degrees() as u32;
        }
        Action::Deploy {
            figure,
            pos,
            feature,
            location,
        } => {
            c.kind = CARC_ACTION_DEPLOY;
            c.x = pos.x;
            c.y = pos.y;
            c.figure = figure_to_c(figure);
            c.feature = feature_to_c(feature);
            c.location = location.bits() as u32;
        }
        Action::DoubleTurn => c.kind = CARC_ACTION_DOUBLE_TURN,
        Action::EnterCity { figure, quarter } => {
            c.kind = CARC_ACTION_ENTER_CITY;
            c.figure = figure_to_c(figure);
            c.quarter = quarter as u32;
        }
        Action::MoveCount { quarter } => {
            c.kind = CARC_ACTION_MOVE_COUNT;
            c.quarter = quarter as u32;
        }
        Action::LeaveCity {
            figure,
            quarter,
            pos,
            feature,
            location,
        } => {
            c.kind = CARC_ACTION_LEAVE_CITY;
            c.x = pos.x;
            c.y = pos.y;
            c.figure = figure_to_c(figure);
            c.feature = feature_to_c(feature);
            c.location = location.bits() as u32;
            c.quarter = quarter as u32;
        }
        _ => {}
    }
    c
}

pub(crate) fn action_from_c(c: &carc_action) -> Result<Action, carc_status> {
    let pos = Position::new(c.x, c.y);
    match c.kind {
        CARC_ACTION_PLACE => Ok(Action::Place {
            tile: tile_from_c(c.tile)?,
            pos,
            rotation: Rotation::from_degrees(c.rotation)
                .map_or_else(|| invalid("rotation", c.rotation), Ok)?,
        }),
        CARC_ACTION_DEPLOY => Ok(Action::Deploy {
            figure: figure_from_c(c.figure)?,
            pos,
            feature: feature_from_c(c.feature)?,
            location: location_from_c(c.location)?,
        }),
        CARC_ACTION_PASS => Ok(Action::Pass),
        CARC_ACTION_DOUBLE_TURN => Ok(Action::DoubleTurn),
        CARC_ACTION_ENTER_CITY => Ok(Action::EnterCity {
            figure: figure_from_c(c.figure)?,
            quarter: quarter_from_c(c.quarter)?,
        }),
        CARC_ACTION_MOVE_COUNT => Ok(Action::MoveCount {
            quarter: quarter_from_c(c.quarter)?,
        }),
        CARC_ACTION_LEAVE_CITY => Ok(Action::LeaveCity {
            figure: figure_from_c(c.figure)?,
            quarter: quarter_from_c(c.quarter)?,
            pos,
            feature: feature_from_c(c.feature)?,
            location: location_from_c(c.location)?,
        }),
        other => invalid("action kind", other),
    }
}

pub(crate) fn quarter_from_c(value: u32) -> Result<Quarter, carc_status> {
    Quarter::ALL
        .get(value as usize)
        .copied()
        .map_or_else(|| invalid("quarter", value), Ok)
}

fn token_to_c(token: Option<Token>) -> u32 {
    match token {
        None => CARC_TOKEN_NONE,
        Some(Token::King) => CARC_TOKEN_KING,
        Some(Token::RobberBaron) => CARC_TOKEN_ROBBER_BARON,
    }
}

pub(crate) fn token_from_c(value: u32) -> Result<Token, carc_status> {
    match value {
        CARC_TOKEN_KING => Ok(Token::King),
        CARC_TOKEN_ROBBER_BARON => Ok(Token::RobberBaron),
        _ => invalid("token", value),
    }
}

pub(crate) fn event_to_c(event: &Event) -> carc_event {
    let mut c = carc_event::default();
    let figure_fields = |c: &mut carc_event, player: usize, figure: Figure, pos: Position| {
        c.player = player as i32;
        c.figure = figure_to_c(figure);
        c.x = pos.x;
        c.y = pos.y;
    };
    match event {
        Event::TileDrawn { player, tile } | Event::TileDiscarded { player, tile } => {
            c.kind = if matches!(event, Event::TileDrawn { .. }) {
                CARC_EVENT_TILE_DRAWN
            } else {
                CARC_EVENT_TILE_DISCARDED
            };
            c.player = *player as i32;
            c.tile = tile.index() as u32;
        }
        Event::TileDeferred { player, tile } => {
            c.kind = CARC_EVENT_TILE_DEFERRED;
            c.player = *player as i32;
            c.tile = tile.index() as u32;
        }
        Event::TilePlaced {
            player,
            tile,
            pos,
            rotation,
        } => {
            c.kind = CARC_EVENT_TILE_PLACED;
            c.player = *player as i32;
            c.tile = tile.index() as u32;
            c.x = pos.x;
            c.y = pos.y;
            c.rotation = rotation.degrees() as u32;
        }
        Event::FigureDeployed {
            player,
            figure,
            pos,
            feature,
            location,
        }
        | Event::FigureReturned {
            player,
            figure,
            pos,
            feature,
            location,
        } => {
            c.kind = if matches!(event, Event::FigureDeployed { .. }) {
                CARC_EVENT_FIGURE_DEPLOYED
            } else {
                CARC_EVENT_FIGURE_RETURNED
            };
            figure_fields(&mut c, *player, *figure, *pos);
            c.feature = feature_to_c(*feature);
            c.location = location.bits() as u32;
        }
        Event::Scored(s) => {
            c.kind = CARC_EVENT_SCORED;
            c.player = s.player as i32;
            c.x = s.pos.x;
            c.y = s.pos.y;
            c.feature = feature_to_c(s.feature);
            c.location = s.location.bits() as u32;
            c.points = s.points;
            c.complete = s.complete as u32;
            c.final_scoring = s.final_scoring as u32;
            c.tiles = s.tiles as u32;
            c.pennants = s.pennants as u32;
            c.cities = s.cities as u32;
            c.points_per_city = s.points_per_city as u32;
            c.strength = s.strength as u32;
            c.goods = goods_to_c(s.goods);
            c.token = token_to_c(s.token);
        }
        Event::FigureEnteredCity {
            player,
            figure,
            quarter,
        } => {
            c.kind = CARC_EVENT_FIGURE_ENTERED_CITY;
            c.player = *player as i32;
            c.figure = figure_to_c(*figure);
            c.quarter = *quarter as u32;
        }
        Event::CountMoved { player, quarter } => {
            c.kind = CARC_EVENT_COUNT_MOVED;
            c.player = *player as i32;
            c.quarter = *quarter as u32;
        }
        Event::FigureLeftCity {
            player,
            figure,
            quarter,
            pos,
            feature,
            location,
        } => {
            c.kind = CARC_EVENT_FIGURE_LEFT_CITY;
            figure_fields(&mut c, *player, *figure, *pos);
            c.quarter = *quarter as u32;
            c.feature = feature_to_c(*feature);
            c.location = location.bits() as u32;
        }
        Event::TokenTaken {
            player,
            token,
            size,
        } => {
            c.kind = CARC_EVENT_TOKEN_TAKEN;
            c.player = *player as i32;
            c.token = token_to_c(Some(*token));
            c.tiles = *size as u32;
        }
        Event::GoodsTaken {
            player,
            goods,
            count,
        } => {
            c.kind = CARC_EVENT_GOODS_TAKEN;
            c.player = *player as i32;
            c.goods = goods_to_c(Some(*goods));
            c.points = *count as u32;
        }
        _ => {
            c.kind = CARC_EVENT_GAME_OVER;
            c.player = -1;
        }
    }
    c
}

pub(crate) fn tile_info_to_c(t: &PlacedTile) -> carc_tile_info {
    carc_tile_info {
        tile: t.tile.index() as u32,
        x: t.pos.x,
        y: t.pos.y,
        rotation: t.rotation.degrees() as u32,
    }
}

pub(crate) fn figure_info_to_c(f: &PlacedFigure) -> carc_figure_info {
    carc_figure_info {
        player: f.player as u32,
        figure: figure_to_c(f.figure),
        x: f.pos.x,
        y: f.pos.y,
        feature: feature_to_c(f.feature),
        location: f.location.bits() as u32,
    }
}
