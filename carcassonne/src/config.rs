//! Game configuration: players, tile sets, rule variants, draws. A [`Config`] is plain, serde-able
//! data; [`Game::new`](crate::Game::new) validates it into a game.

use serde::{Deserialize, Serialize};

use crate::catalogue::catalogue;
use crate::error::ConfigError;
use crate::geometry::Rotation;
use crate::json::{object_only, ObjectOnly};
use crate::limits::{quoted, MAX_NAME_BYTES, MAX_STACK_TILES};
use crate::message::MessageNumbering;
use crate::tile::{TileId, TileSet};

/// The largest number of players any configuration allows.
pub const MAX_PLAYERS: usize = 6;

/// Scoring of a completed city of exactly two tiles (spec OPT-1, B-5.4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SmallCityScoring {
    /// 2 points per tile and per pennant, like every completed city: 4 points ((S003), default).
    #[default]
    Standard,
    /// 1 point per tile and per pennant: 2 points (older rulebooks (S000)/(S002); JCloisterZone
    /// rule `tiny-city-scoring: "2"`).
    Legacy2,
}

/// How often a completed city pays a farmer's owner (spec OPT-2, B-9.4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FarmCityScoring {
    /// Once per field: a player owning two fields beside one city scores it twice ((S003),
    /// default).
    #[default]
    PerField,
    /// At most once per player, however many of the player's fields border it ((S002)).
    OncePerPlayer,
}

/// What unfinished inn roads and cathedral cities score at the end (spec IC-3, IC-4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UnfinishedInnsCathedrals {
    /// Nothing (the rulebook, S003; JCloisterZone's default).
    #[default]
    Zero,
    /// As if there were no inn or cathedral: 1 per tile (and pennant). JCloisterZone's
    /// `ignore`.
    Ignore,
}

/// What happens to the base game's start tile when a river supplies the start (spec OPT-3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RiverBaseStartTile {
    /// It goes back into the box (S001, the Winter Edition river rules).
    #[default]
    ReturnToBox,
    /// It is shuffled into the main stack (JCloisterZone).
    ShuffleIntoMainStack,
}

/// How the river is kept from turning back on itself (spec OPT-4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RiverTurnRule {
    /// No two curves turning the same way in a row (RV-3.2; S001, the rulebooks).
    #[default]
    NoImmediateSameTurn,
    /// JCloisterZone's look-ahead (RV-6): ahead of every river outflow, the next two positions
    /// and the positions beside them must be empty.
    JczLookahead,
}

/// Whether the second part of a builder's double turn is taken automatically (spec OPT-5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BuilderDoubleTurn {
    /// The player always draws and lays a second tile (S003's imperative wording; JCloisterZone).
    #[default]
    Automatic,
    /// The player decides: [`Action::DoubleTurn`](crate::Action::DoubleTurn) takes the second
    /// part, [`Action::Pass`](crate::Action::Pass) declines it (the "may" of later editions).
    Optional,
}

/// What the King and the Robber Baron score (spec `expansions.md` §1.4; JCloisterZone's rule
/// `king-and-robber-scoring`). Only the default is the rulebook's (S001); the others are the
/// house rules JCloisterZone offers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KingRobberScoring {
    /// At the end, the King's holder scores 1 per completed city, the Robber Baron's 1 per
    /// completed road (K.5, RB.1).
    #[default]
    PerCompletedFeature,
    /// At the end, 10 points per token held (JCloisterZone `10/20`). Also read as
    /// `ten_per_card`, its name in records written before version 0.1's naming pass.
    #[serde(alias = "ten_per_card")]
    TenPerToken,
    /// At the end, 15 points for one token, 40 for both (JCloisterZone `15/40`).
    FifteenForty,
    /// During play: whenever cities (roads) are completed, the holder of the King (Robber
    /// Baron) before the turn part scores 1 per completed one; nothing at the end
    /// (JCloisterZone `continuously`).
    Continuously,
}

/// Who moves the Count after a figure entered the City (spec `expansions.md` C.2;
/// JCloisterZone's rule `count-move`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CountMove {
    /// The player who put the figure in may move the Count to another quarter, or leave it
    /// (the rulebook, S001; JCloisterZone `by-player`).
    #[default]
    ByPlayer,
    /// The Count moves by itself to the next quarter: Castle → Market → Blacksmith →
    /// Cathedral → Castle (JCloisterZone `clockwise`, a house rule).
    Clockwise,
    /// The Count moves by itself into the quarter the figure entered (JCloisterZone
    /// `follow-meeple`, a house rule).
    FollowFigure,
}

/// Which figures in the City move out before the final scoring (spec `expansions.md` C.4;
/// JCloisterZone's rule `coc-final-scoring`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CountFinalScoring {
    /// Only the Market's, onto fields (the rulebook, S001; JCloisterZone `market-only`).
    #[default]
    MarketOnly,
    /// Every quarter's: the Market's onto fields, the Castle's onto unfinished cities, the
    /// Blacksmith's onto unfinished roads, the Cathedral's onto unfinished monasteries and
    /// shrines (option `coc_final_all_quarters` of C.4, the C1 rule; JCloisterZone
    /// `any-district`).
    AllQuarters,
}

/// How the ingots claimed in a turn part are shared when several players are entitled (Gold
/// Mines GM.4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GoldDistribution {
    /// One ingot at a time from the active player clockwise, each player choosing the tile
    /// when it matters (the rulebook, S003; [`Pending::TakeIngot`](crate::Pending::TakeIngot)).
    #[default]
    Players,
    /// The same order, the engine picking the tile: the one with the most entitled players,
    /// the first of those in the order the claims arose (JCloisterZone's reading, spec §8).
    Automatic,
}

/// Who may put a robber on the score track after a robber tile (Robbers RO.1, D-RO-1; the
/// editions word it differently, spec `expansions.md` §7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RobberPlacement {
    /// After the tile is placed, the active player may place his robber (or move it, if it is
    /// on the track); then exactly one more player may place his: the nearest clockwise whose
    /// robber is in his supply. If that player declines, nobody else may (D-RO-1). The seed's
    /// rule (S003, Hans im Glück C1 and C2: „ještě jeden další hráč“).
    #[default]
    OneMore,
    /// After the tile is placed, the active player may place or move his robber; then each
    /// other player in turn order whose robber is in his supply may place his (Z-Man Games'
    /// 2013 wording: "Then, in turn order, each other player may place their robber").
    EachOtherPlayer,
    /// Hans im Glück's C3.1 wording (Big Box 8, 2025): after the robber tile is drawn and
    /// **before it is placed**, each player from the active player clockwise may place his
    /// robber from supply (the active player may move his instead). Placing stays optional
    /// here, as in the other wordings: the text this was read from is incomplete.
    BeforeTilePlacement,
}

/// The expansion elements (figures, features, tokens), each switched on or off on its own, as
/// JCloisterZone's setup `elements` do. `None` means "as the tile sets say": Inns & Cathedrals
/// brings one large follower, inns and cathedrals; Traders & Builders one builder, one pig and
/// the goods.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[non_exhaustive]
pub struct Elements {
    /// Large followers per player.
    pub large_followers: Option<u8>,
    /// Builders per player.
    pub builders: Option<u8>,
    /// Pigs per player.
    pub pigs: Option<u8>,
    /// Inn scoring of roads (2 per tile complete, see [`UnfinishedInnsCathedrals`]).
    pub inns: Option<bool>,
    /// Cathedral scoring of cities (3 per tile and pennant complete).
    pub cathedrals: Option<bool>,
    /// Trade goods from completed cities, and their majorities at the end.
    pub goods: Option<bool>,
    /// The River II pig herd: +1 per city for the owners of its field (with Traders &
    /// Builders, R2.10).
    pub pig_herd: Option<bool>,
    /// The King, for the largest completed city (`expansions.md` §1.4.2); default: with the
    /// `king_robber` tiles.
    pub king: Option<bool>,
    /// The Robber Baron, for the longest completed road (§1.4.3); default: with the
    /// `king_robber` tiles.
    pub robber_baron: Option<bool>,
    /// The Count and the four quarters of the City of Carcassonne (the board side with flags,
    /// §1.3); default: with the `count` set. Off: the City is only the starting area.
    pub count: Option<bool>,
    /// The Cult's shrines (`expansions.md` §1.5); default on. Off: the shrine tiles are played
    /// with monasteries in their place — no heretics, no placement rule, no challenge
    /// (JCloisterZone without its `shrine` element).
    pub shrines: Option<bool>,
    /// The big top and its animal tokens (`expansions.md` §2.3); default: with the
    /// `big_top` tiles. Off: big-top sites are ordinary tiles.
    pub big_top: Option<bool>,
    /// Acrobats on the acrobat sites (§2.4); default: with the `big_top` tiles. Off: acrobat
    /// tiles are ordinary tiles.
    pub acrobats: Option<bool>,
    /// Ringmasters per player (§2.5); default: 1 with the `big_top` tiles.
    pub ringmasters: Option<u8>,
    /// Flying machines (`expansions.md` §3.1); default: with the `flying_machines` tiles. Off:
    /// their tiles are ordinary tiles.
    pub flier: Option<bool>,
    /// Gold ingots (§3.4); default: with the `gold_mines` tiles. Off: their tiles are ordinary
    /// tiles.
    pub gold: Option<bool>,
    /// The mage and the witch (§3.5); default: with the `mage_witch` tiles. Off: their tiles
    /// are ordinary tiles.
    pub mage_witch: Option<bool>,
    /// Ferries on the lake tiles (§3.3); default: with the `ferries` tiles. Off: each road of
    /// a lake tile simply ends at the lake.
    pub ferries: Option<bool>,
    /// The crop circles' rounds (§3.7); default: with the `crop_circles` or `crop_circles1`
    /// tiles. Off: their tiles are ordinary tiles (the circles still end roads and separate
    /// fields, being printed on them).
    pub crop_circles: Option<bool>,
    /// The robbers and the score track they stand on (§3.6); default: with the `robbers`
    /// tiles. Off: the robber tiles are ordinary tiles and points are paid without a track.
    pub robbers: Option<bool>,
    /// The Messages' messengers on the score track (§3.2): every player's second scoring
    /// figure; default: with the `messages` set (which has no land tiles).
    pub messages: Option<bool>,
}

/// [`Elements`] with every default filled in from the tile sets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct ResolvedElements {
    /// Large followers per player.
    pub large_followers: u8,
    /// Builders per player.
    pub builders: u8,
    /// Pigs per player.
    pub pigs: u8,
    /// Inn scoring.
    pub inns: bool,
    /// Cathedral scoring.
    pub cathedrals: bool,
    /// Trade goods.
    pub goods: bool,
    /// The pig herd bonus.
    pub pig_herd: bool,
    /// The King.
    pub king: bool,
    /// The Robber Baron.
    pub robber_baron: bool,
    /// The Count and the quarters (only with the `count` set).
    pub count: bool,
    /// The Cult's shrines (off: shrine tiles carry monasteries).
    pub shrines: bool,
    /// The big top and its animal tokens.
    pub big_top: bool,
    /// Acrobats.
    pub acrobats: bool,
    /// Ringmasters per player.
    pub ringmasters: u8,
    /// Flying machines.
    pub flier: bool,
    /// Gold ingots.
    pub gold: bool,
    /// The mage and the witch.
    pub mage_witch: bool,
    /// Ferries.
    pub ferries: bool,
    /// The crop circles' rounds.
    pub crop_circles: bool,
    /// The robbers (and with them the score track).
    pub robbers: bool,
    /// The messengers (and with them the score track).
    pub messages: bool,
}

/// Rule variants. The defaults are the rules of the authoritative rulebook (S003).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[non_exhaustive]
pub struct Rules {
    /// Whether followers may be deployed on fields as farmers, and fields scored at the end
    /// (spec OPT-6; JCloisterZone element `farmers`). Default on.
    pub farmers: bool,
    /// Completed two-tile cities: 4 (standard) or 2 points (spec OPT-1).
    pub small_city: SmallCityScoring,
    /// Farmer scoring per field or once per player (spec OPT-2).
    pub farm_city_scoring: FarmCityScoring,
    /// What unfinished inn roads and cathedral cities score at the end.
    pub unfinished_inns_cathedrals: UnfinishedInnsCathedrals,
    /// The base start tile in river games (spec OPT-3).
    pub river_base_start_tile: RiverBaseStartTile,
    /// How the river is kept from turning back on itself (spec OPT-4).
    pub river_turns: RiverTurnRule,
    /// River II: the first player places the fork as the first tile, whoever is youngest
    /// (JCloisterZone, D-R2-1); by default the youngest player places it on their first turn.
    pub river2_fork_first: bool,
    /// Whether a builder's double turn may be declined (spec OPT-5).
    pub builder_double_turn: BuilderDoubleTurn,
    /// What the King and the Robber Baron score (default: the rulebook's 1 per completed
    /// feature).
    pub king_robber_scoring: KingRobberScoring,
    /// The Cult: a new monastery or shrine may not become the second partner of a building of
    /// the other type (D-CU-4, as JCloisterZone does; default on). Off: only the rulebook's
    /// "never beside more than one building of the other type" (CU.1).
    pub cult_unique_partner: bool,
    /// The Count: a figure that came back to supply during the turn part may be put into the
    /// City (JCloisterZone's behaviour); default off, as S003 forbids it (D-C-6).
    pub count_place_returned_figures: bool,
    /// The Count: who moves the Count after a figure entered the City (C.2).
    pub count_move: CountMove,
    /// The Count: which quarters are emptied onto the board before the final scoring (C.4).
    pub count_final_scoring: CountFinalScoring,
    /// The Count: figures may leave the City for a feature completed in this turn part even
    /// when no follower is in it (JCloisterZone's reading); default off, as only occupied
    /// features are scored (C.3, D-C-7).
    pub count_leave_to_unoccupied: bool,
    /// The Count: before the final scoring, a player may decline to move a figure out of the
    /// City, and is then asked no more (JCloisterZone's reading); default off, moving is
    /// mandatory until the Market is empty (C.4, D-C-10).
    pub count_final_moves_optional: bool,
    /// The Count: only points from scored features (roads, cities, monasteries, shrines)
    /// decide whether the active player may enter the City — not the King's or the Robber
    /// Baron's during play (JCloisterZone's reading); default off, every point of the turn
    /// part counts (C.2, D-C-1, D-C-2).
    pub count_entry_feature_points_only: bool,
    /// Under the Big Top: a pyramid completed in the first part of a builder's double turn may
    /// be scored in the second (JCloisterZone's reading); default off, a pyramid completed in a
    /// turn waits for a later turn (AC.5).
    pub pyramid_scorable_in_second_part: bool,
    /// The Count and Under the Big Top: a ringmaster may enter the City (the rulebook's table,
    /// C.2, RM.1; default on). Off: JCloisterZone's reading, only followers and large
    /// followers.
    pub ringmaster_enters_city: bool,
    /// River II: the volcano lake gives no deployment and its placer then plays a normal turn
    /// with a land tile (R2.6, D-R2-9; default on). Off: JCloisterZone's reading — the lake
    /// is an ordinary tile (a follower may go on its field) and the next player plays.
    pub volcano_lake_turn: bool,
    /// Gold Mines: how claimed ingots are shared among several entitled players (GM.4;
    /// default: the players choose, as S003 says).
    pub gold_distribution: GoldDistribution,
    /// Flying Machines and the Count: a flier may land on the outer roads and cities of the
    /// City of Carcassonne's pieces, never in a quarter (FM.3, CLAR WICA 1/2013; default on).
    /// Off: JCloisterZone's reading, no landing on the City's pieces at all.
    pub flier_lands_on_city_of_carcassonne: bool,
    /// Ferries: each ferry may be moved once per turn part, each part of a builder's double
    /// turn counting on its own (a community reading, and JCloisterZone's). Default off: once
    /// per player's turn, across both parts (FE.4, S003; D-FE-4).
    pub ferry_move_per_turn_part: bool,
    /// Crop Circles: the active player chooses option A or B after every crop-circle tile,
    /// even when nobody has a follower of the circle's kind (CR.1, CR.4; default on). Off:
    /// JCloisterZone's reading, the round is skipped when no figure at all stands on the board
    /// (in the City's quarters and on acrobat sites included). Either way a field circle
    /// without the farmers rule has no effect and asks nothing.
    pub crop_option_always_asked: bool,
    /// Robbers: who may put a robber on the track after a robber tile, and when (RO.1,
    /// D-RO-1; default: the seed's "one more player").
    pub robber_placement: RobberPlacement,
    /// Robbers: robbers keep robbing during the final scoring (RO.9, D-RO-4; default on, as
    /// Wikicarpedia's C1 page reads it). Off: from the end of the last turn (§5 F1) on no
    /// robber robs, as S003's scoring overview lists the robbers only for points during the
    /// game.
    pub robbers_in_final_scoring: bool,
    /// Messages, M.2 (the narrower reading of D-MS-10): only the positions after phase 3
    /// count — a figure of the active player that moved in the turn part and stands on a dark
    /// space then triggers a message. Default off: every award movement ending on a dark
    /// space sets the turn's flag (D-MS-10).
    pub message_trigger_end_state: bool,
    /// Messages, M.8 (the ZMG/C2 variant): a dark space only counts if no other player's
    /// scoring figure stands on it. Default off (S003).
    pub message_dark_space_alone: bool,
    /// Messages: the rulebook whose numbers name the messages where a number is shown (the
    /// `play` and `replay` examples, the SVG); default S003's (C1). No effect on play.
    pub message_numbering: MessageNumbering,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            farmers: true,
            small_city: SmallCityScoring::Standard,
            farm_city_scoring: FarmCityScoring::PerField,
            unfinished_inns_cathedrals: UnfinishedInnsCathedrals::Zero,
            river_base_start_tile: RiverBaseStartTile::ReturnToBox,
            river_turns: RiverTurnRule::NoImmediateSameTurn,
            river2_fork_first: false,
            builder_double_turn: BuilderDoubleTurn::Automatic,
            king_robber_scoring: KingRobberScoring::PerCompletedFeature,
            cult_unique_partner: true,
            count_place_returned_figures: false,
            count_move: CountMove::ByPlayer,
            count_final_scoring: CountFinalScoring::MarketOnly,
            count_leave_to_unoccupied: false,
            count_final_moves_optional: false,
            count_entry_feature_points_only: false,
            pyramid_scorable_in_second_part: false,
            ringmaster_enters_city: true,
            volcano_lake_turn: true,
            gold_distribution: GoldDistribution::Players,
            flier_lands_on_city_of_carcassonne: true,
            ferry_move_per_turn_part: false,
            crop_option_always_asked: true,
            robber_placement: RobberPlacement::OneMore,
            robbers_in_final_scoring: true,
            message_trigger_end_state: false,
            message_dark_space_alone: false,
            message_numbering: MessageNumbering::C1,
        }
    }
}

impl Rules {
    /// The default rules with every reading of JCloisterZone switched on where it differs from
    /// the rulebooks (spec `base.md` §6, `expansions.md` §7 and §8,
    /// `../shared/jcz/README.md`): the base start tile shuffled into the main stack (OPT-3),
    /// the river look-ahead (OPT-4), the River II fork placed first (D-R2-1), the volcano lake
    /// as an ordinary tile, the Count's readings (D-C-6, D-C-7, D-C-10, and only feature
    /// points for entering the City), and Under the Big Top's (a pyramid completed in a
    /// builder's first part is scorable in the second; no ringmaster in the City), the gold
    /// distributed automatically, no flier landing on the City's pieces, ferries movable again
    /// in a builder's second part, and no crop-circle round without a figure on the board. A
    /// `.jcz` import
    /// starts from these; a game must use them
    /// (where its sets make them matter) to be exported with [`Game::to_jcz`](crate::Game::to_jcz).
    pub fn jcloisterzone() -> Rules {
        Rules {
            river_base_start_tile: RiverBaseStartTile::ShuffleIntoMainStack,
            river_turns: RiverTurnRule::JczLookahead,
            river2_fork_first: true,
            volcano_lake_turn: false,
            count_place_returned_figures: true,
            count_leave_to_unoccupied: true,
            count_final_moves_optional: true,
            count_entry_feature_points_only: true,
            pyramid_scorable_in_second_part: true,
            ringmaster_enters_city: false,
            gold_distribution: GoldDistribution::Automatic,
            flier_lands_on_city_of_carcassonne: false,
            ferry_move_per_turn_part: true,
            crop_option_always_asked: false,
            ..Rules::default()
        }
    }
}

/// The tile laid at `(0, 0)` before the first turn, and its rotation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartTile {
    /// The tile kind.
    pub tile: TileId,
    /// Its rotation (`0`, `90`, `180` or `270` in JSON).
    #[serde(default)]
    pub rotation: Rotation,
}

/// Everything that defines a game before the first move. Validated into a
/// [`Game`](crate::Game) by [`Game::new`](crate::Game::new).
///
/// ```
/// use carcassonne::{Config, Game};
/// let mut config = Config::new(3);
/// config.rules.farmers = false;
/// let game = Game::new(config, 7).unwrap();
/// assert_eq!(game.players(), 3);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[non_exhaustive]
pub struct Config {
    /// Number of players: 2–5 in the base game (spec B-1.1). A single player is also accepted,
    /// for solitaire tests and JCloisterZone scenario files that use one.
    pub players: usize,
    /// Player names; empty means `Player 1`, `Player 2`, ...; otherwise one per player, each
    /// at most [`MAX_NAME_BYTES`] bytes of UTF-8 and without NUL. JSON lists of more than
    /// [`MAX_PLAYERS`] names are refused while they are read.
    #[serde(deserialize_with = "crate::json::bounded_names")]
    pub names: Vec<String>,
    /// The seat that takes the first turn (0-based; the rules let the youngest choose, B-1.5).
    pub first_player: usize,
    /// The seat of the youngest player, who places the River II fork on their first turn
    /// (R2.2); default: the first player.
    pub youngest_player: Option<usize>,
    /// Followers each player has in supply at the start (7 in the base game, B-1.2).
    pub followers: u8,
    /// The tile sets in play. Default: `["base"]`.
    pub sets: Vec<TileSet>,
    /// Rule variants.
    #[serde(deserialize_with = "object_only")]
    pub rules: Rules,
    /// Expansion elements switched on or off on their own (default: as the sets say).
    #[serde(deserialize_with = "object_only")]
    pub elements: Elements,
    /// When true, the caller supplies every tile draw with [`Game::draw`](crate::Game::draw)
    /// (replays, imports, search); when false (default) the game draws from its seeded
    /// generator.
    pub explicit_draws: bool,
    /// The start tile; default: the base start tile `D` at rotation 0.
    pub start: Option<StartTile>,
    /// Replaces the stack built from `sets` by exactly these tiles (scenarios, imports, tests),
    /// at most [`MAX_STACK_TILES`]. The start tile is not taken from it.
    pub stack: Option<Vec<TileId>>,
}

impl Default for Config {
    fn default() -> Config {
        Config::new(2)
    }
}

impl Config {
    /// Parses a config from its JSON text: an object with the fields of [`Config`], every
    /// field optional (`{}` is a two-player base game). It is not validated yet:
    /// [`Game::new`](crate::Game::new) does that.
    ///
    /// ```
    /// let config = carcassonne::Config::from_json(r#"{"players": 3, "sets": ["base", "inns"]}"#);
    /// assert_eq!(config.map(|c| c.players), Ok(3));
    /// assert!(carcassonne::Config::from_json("[3]").is_err());
    /// ```
    ///
    /// # Errors
    /// [`ConfigError::Json`] for malformed JSON, a value that is not an object, an unknown
    /// field or a value of the wrong type (naming line, column and field).
    pub fn from_json(json: &str) -> Result<Config, ConfigError> {
        serde_json::from_str::<ObjectOnly<Config>>(json)
            .map(|o| o.0)
            .map_err(|e| ConfigError::Json(crate::error::json_message(&e)))
    }

    /// A base game for `players` players with the default rules.
    pub fn new(players: usize) -> Config {
        Config {
            players,
            names: Vec::new(),
            first_player: 0,
            youngest_player: None,
            followers: 7,
            sets: vec![TileSet::Base],
            rules: Rules::default(),
            elements: Elements::default(),
            explicit_draws: false,
            start: None,
            stack: None,
        }
    }

    /// The name of seat `player` (`Player N` unless names were given).
    pub fn player_name(&self, player: usize) -> String {
        self.names
            .get(player)
            .cloned()
            .unwrap_or_else(|| format!("Player {}", player + 1))
    }

    /// The start tile in effect: the configured one, else the river spring at rotation 0 in a
    /// river game (RV-1), else the base start tile at rotation 0.
    pub fn start_tile(&self) -> StartTile {
        self.start.unwrap_or_else(|| {
            let spring = [TileSet::River, TileSet::River2]
                .into_iter()
                .filter(|set| self.sets.contains(set))
                .flat_map(|set| catalogue().set_counts(set).iter().map(|(id, _)| *id))
                .find(|id| id.kind().has_marker(crate::Marker::Spring));
            StartTile {
                tile: spring.unwrap_or(catalogue().base_start()),
                rotation: Rotation::R0,
            }
        })
    }

    /// The tiles of the draw stacks (a multiset) before the first draw: the custom `stack`, or
    /// every tile of the sets less one copy of the start tile, and in a river game less one
    /// base start tile when it goes back to the box (OPT-3).
    pub fn stack_tiles(&self) -> Vec<TileId> {
        if let Some(stack) = &self.stack {
            return stack.clone();
        }
        let mut tiles = Vec::new();
        self.for_each_set_stack_count(|id, count| {
            tiles.extend(std::iter::repeat_n(id, count as usize));
        });
        tiles
    }

    /// Calls `visit(tile, copies)` for the stack of a game without a custom `stack`, in the
    /// order of [`Config::stack_tiles`]: the sets' tiles less the start tile, the base start
    /// tile in a river game when it goes back to the box (OPT-3), and with both rivers the
    /// second spring and River I's lake (S001).
    pub(crate) fn for_each_set_stack_count(&self, mut visit: impl FnMut(TileId, u16)) {
        let river1 = self.sets.contains(&TileSet::River);
        let river2 = self.sets.contains(&TileSet::River2);
        let count = self.sets.contains(&TileSet::Count);
        let start = self.start_tile().tile;
        // With the Count the City is the starting area: the base start tile is not used, and a
        // spring stays in the river stack, drawn first (D-R2-6).
        let base_start_out = self.sets.contains(&TileSet::Base)
            && (river1 || river2)
            && (count || self.rules.river_base_start_tile == RiverBaseStartTile::ReturnToBox);
        let mut start_out = !(count && (river1 || river2));
        for &set in TileSet::ALL.iter().filter(|s| self.sets.contains(s)) {
            for &(id, count) in catalogue().set_counts(set) {
                let kind = id.kind();
                if set == TileSet::Count {
                    continue; // the City of Carcassonne is laid, never drawn
                }
                let mut count = count as u16;
                if start_out && id == start && count > 0 {
                    start_out = false;
                    count -= 1;
                }
                if base_start_out && id == catalogue().base_start() && count > 0 {
                    count -= 1;
                }
                if river1 && river2 {
                    // Both rivers: one spring, and River I's lake leaves the game (S001).
                    let spring2 = set == TileSet::River2 && kind.has_marker(crate::Marker::Spring);
                    let lake1 = set == TileSet::River && kind.has_marker(crate::Marker::Lake);
                    if spring2 || lake1 {
                        count = count.saturating_sub(1);
                    }
                }
                if count > 0 {
                    visit(id, count);
                }
            }
        }
    }

    /// Non-fatal remarks on the configuration: combinations the rulebooks advise against but
    /// the engine plays (a river with the Count: S001 recommends not combining them; the
    /// spring is then laid against the City of Carcassonne, D-R2-6).
    pub fn warnings(&self) -> Vec<String> {
        let mut out = Vec::new();
        let river = self.sets.contains(&TileSet::River) || self.sets.contains(&TileSet::River2);
        if river && self.sets.contains(&TileSet::Count) {
            out.push(
                "the rulebook (S001) advises against playing a river with the Count; the \
                 spring is laid against the City of Carcassonne before the first turn (D-R2-6)"
                    .to_owned(),
            );
        }
        let stack_river = self
            .stack
            .as_ref()
            .is_some_and(|s| s.iter().any(|t| t.kind().has_river));
        let start_river =
            !self.sets.contains(&TileSet::Count) && self.start_tile().tile.kind().has_river;
        if stack_river && !start_river && !self.sets.contains(&TileSet::Count) {
            out.push(format!(
                "the custom stack holds river tiles but the start tile {} has no river: they \
                 cannot continue a river and are discarded when drawn (D-R2-3)",
                self.start_tile().tile
            ));
        }
        out
    }

    /// The expansion elements in effect: the explicit ones, the others as the sets say.
    pub fn resolved_elements(&self) -> ResolvedElements {
        let inns = self.sets.contains(&TileSet::InnsAndCathedrals);
        let traders = self.sets.contains(&TileSet::TradersAndBuilders);
        let king_robber = self.sets.contains(&TileSet::KingAndRobber);
        let count = self.sets.contains(&TileSet::Count);
        let circus = self.sets.contains(&TileSet::BigTop) || self.sets.contains(&TileSet::BigTop1);
        let flier = self.sets.contains(&TileSet::FlyingMachines)
            || self.sets.contains(&TileSet::FlyingMachines1);
        let gold = self.sets.contains(&TileSet::GoldMines);
        let mage_witch =
            self.sets.contains(&TileSet::MageWitch) || self.sets.contains(&TileSet::MageWitch1);
        let ferries = self.sets.contains(&TileSet::Ferries);
        let crop_circles =
            self.sets.contains(&TileSet::CropCircles) || self.sets.contains(&TileSet::CropCircles1);
        let robbers = self.sets.contains(&TileSet::Robbers);
        let messages = self.sets.contains(&TileSet::Messages);
        let e = &self.elements;
        ResolvedElements {
            large_followers: e.large_followers.unwrap_or(inns as u8),
            builders: e.builders.unwrap_or(traders as u8),
            pigs: e.pigs.unwrap_or(traders as u8),
            inns: e.inns.unwrap_or(inns),
            cathedrals: e.cathedrals.unwrap_or(inns),
            goods: e.goods.unwrap_or(traders),
            pig_herd: e.pig_herd.unwrap_or(traders),
            king: e.king.unwrap_or(king_robber),
            robber_baron: e.robber_baron.unwrap_or(king_robber),
            count: count && e.count.unwrap_or(true),
            shrines: e.shrines.unwrap_or(true),
            big_top: e.big_top.unwrap_or(circus),
            acrobats: e.acrobats.unwrap_or(circus),
            ringmasters: e.ringmasters.unwrap_or(circus as u8),
            flier: e.flier.unwrap_or(flier),
            gold: e.gold.unwrap_or(gold),
            mage_witch: e.mage_witch.unwrap_or(mage_witch),
            ferries: e.ferries.unwrap_or(ferries),
            crop_circles: e.crop_circles.unwrap_or(crop_circles),
            robbers: e.robbers.unwrap_or(robbers),
            messages: e.messages.unwrap_or(messages),
        }
    }

    /// Each player's figures at the start, indexed like [`Figure::ALL`](crate::Figure::ALL):
    /// followers, large followers, builders, pigs, ringmasters.
    pub fn start_supply(&self) -> [u8; crate::Figure::COUNT] {
        let e = self.resolved_elements();
        [
            self.followers,
            e.large_followers,
            e.builders,
            e.pigs,
            e.ringmasters,
        ]
    }

    /// The largest number of players the sets allow: 5, or 6 with Inns & Cathedrals (spec
    /// B-1.1, D11).
    pub fn max_players(&self) -> usize {
        if self.sets.contains(&TileSet::InnsAndCathedrals) {
            6
        } else {
            5
        }
    }

    /// Checks the config: player count and names, sets, follower count, first player.
    ///
    /// # Errors
    /// The first [`ConfigError`] found.
    pub fn validate(&self) -> Result<(), ConfigError> {
        let max = self.max_players();
        if self.players < 1 || self.players > max {
            return Err(ConfigError::PlayerCount {
                players: self.players,
                min: 1,
                max,
            });
        }
        if !self.names.is_empty() && self.names.len() != self.players {
            return Err(ConfigError::NameCount {
                names: self.names.len(),
                players: self.players,
            });
        }
        for (seat, name) in self.names.iter().enumerate() {
            let reason = if name.len() > MAX_NAME_BYTES {
                format!(
                    "the name of seat {seat} is {} bytes, more than the limit of \
                     {MAX_NAME_BYTES} bytes (MAX_NAME_BYTES)",
                    name.len()
                )
            } else if name.contains('\0') {
                format!(
                    "the name of seat {seat} ({:?}) contains a NUL character",
                    quoted(name)
                )
            } else {
                continue;
            };
            return Err(ConfigError::Value {
                field: "names",
                reason,
            });
        }
        if let Some(youngest) = self.youngest_player.filter(|y| *y >= self.players) {
            return Err(ConfigError::Value {
                field: "youngest_player",
                reason: format!(
                    "seat {youngest} does not exist in a game of {}",
                    self.players
                ),
            });
        }
        if self.first_player >= self.players {
            return Err(ConfigError::FirstPlayer {
                first: self.first_player,
                players: self.players,
            });
        }
        if self.sets.is_empty() {
            return Err(ConfigError::Sets("no tile set chosen".into()));
        }
        for (i, set) in self.sets.iter().enumerate() {
            if self.sets[..i].contains(set) {
                return Err(ConfigError::Sets(format!("{set} is listed twice")));
            }
        }
        if self.sets.contains(&TileSet::Count) && self.start.is_some() {
            return Err(ConfigError::Tiles(
                "the City of Carcassonne is the starting area of a game with the Count: no \
                 start tile can be given"
                    .into(),
            ));
        }
        if self.sets.contains(&TileSet::Cult) && self.sets.contains(&TileSet::Cult6) {
            return Err(ConfigError::Sets(
                "cult and cult6 are two editions of the same shrine tiles: choose one".into(),
            ));
        }
        for (c1, c2) in [
            (TileSet::FlyingMachines1, TileSet::FlyingMachines),
            (TileSet::MageWitch1, TileSet::MageWitch),
        ] {
            if self.sets.contains(&c1) && self.sets.contains(&c2) {
                return Err(ConfigError::Sets(format!(
                    "{c2} and {c1} are two editions of the same tiles: choose one"
                )));
            }
        }
        if self.sets.contains(&TileSet::BigTop) && self.sets.contains(&TileSet::BigTop1) {
            return Err(ConfigError::Sets(
                "big_top and big_top1 are two editions of the same circus tiles: choose one".into(),
            ));
        }
        if self.sets.contains(&TileSet::CropCircles) && self.sets.contains(&TileSet::CropCircles1) {
            return Err(ConfigError::Sets(
                "crop_circles and crop_circles1 are the two crop-circle sets of the rulebook's \
                 choice (D-CR-3): choose one"
                    .into(),
            ));
        }
        let e = &self.elements;
        for (field, n) in [
            ("followers", Some(self.followers)),
            ("elements.large_followers", e.large_followers),
            ("elements.builders", e.builders),
            ("elements.pigs", e.pigs),
        ] {
            if let Some(n) = n.filter(|n| *n > 99) {
                return Err(ConfigError::Value {
                    field,
                    reason: format!("{n} is more than 99"),
                });
            }
        }
        match &self.stack {
            Some(stack) if stack.len() > MAX_STACK_TILES => {
                return Err(ConfigError::Tiles(format!(
                    "a stack of {} tiles is more than the limit of {MAX_STACK_TILES} \
                     (MAX_STACK_TILES)",
                    stack.len()
                )));
            }
            Some(_) => {}
            None => {
                let mut tiles = 0usize;
                self.for_each_set_stack_count(|_, copies| tiles += copies as usize);
                if tiles == 0 {
                    let names: Vec<String> = self.sets.iter().map(|s| s.to_string()).collect();
                    return Err(ConfigError::Sets(format!(
                        "the sets [{}] have no tiles to draw, so the game would be over before \
                         its first turn: add a set of land tiles such as base",
                        names.join(", ")
                    )));
                }
            }
        }
        Ok(())
    }
}
