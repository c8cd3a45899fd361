//! The plain C structs and integer constants of the API, and their checked conversions to and
//! from the core types. Enum values cross the boundary as `uint32_t` and unknown values are
//! rejected with `CARC_INVALID_ARGUMENT`, never transmuted.

use carcassonne::{
    AcrobatSite, Action, Animal, Compass, CropOption, Event, FeatureKind, FeatureScore, FieldScore,
    Figure, Goods, Location, MagicFigure, Message, MessageNumbering, Outcome, Pending,
    PlacedFigure, PlacedMagicFigure, PlacedTile, Position, Quarter, Reason, RobberState, Rotation,
    Score, TileId, Token, MAX_PLAYERS, TRACK_SPACES,
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
/// `carc_action.kind`: instead of a deployment, a normal follower climbs the acrobat site of
/// the tile at (`x`, `y`) (Under the Big Top, AC.1–AC.4); at `CARC_PENDING_LANDING`, the
/// flier (a normal follower) lands on the acrobat site of the target tile (FM.3).
pub const CARC_ACTION_ACROBAT: u32 = 7;
/// `carc_action.kind`: instead of a deployment, score the complete pyramid at (`x`, `y`)
/// (AC.5).
pub const CARC_ACTION_SCORE_PYRAMID: u32 = 8;
/// `carc_action.kind`: instead of a deployment, put a follower (`figure`) from supply on the
/// flying machine of the tile just laid; the die then says where it lands (Flying Machines
/// FM.1, FM.2).
pub const CARC_ACTION_FLY: u32 = 9;
/// `carc_action.kind`: land the flier on the feature (`x`, `y`, `feature`, `location`) of the
/// tile the die sent it to (FM.3).
pub const CARC_ACTION_LAND: u32 = 10;
/// `carc_action.kind`: put the second gold ingot on the tile at (`x`, `y`) (Gold Mines GM.1).
pub const CARC_ACTION_PLACE_INGOT: u32 = 11;
/// `carc_action.kind`: take a claimed ingot from the tile at (`x`, `y`) (GM.4).
pub const CARC_ACTION_TAKE_INGOT: u32 = 12;
/// `carc_action.kind`: put the mage or the witch (`magic`) on the road or city segment (`x`,
/// `y`, `feature`, `location`) (Mage & Witch MW.1, MW.3).
pub const CARC_ACTION_PLACE_MAGIC: u32 = 13;
/// `carc_action.kind`: send the mage or the witch (`magic`) back to the reserve (MW.2).
pub const CARC_ACTION_REMOVE_MAGIC: u32 = 14;
/// `carc_action.kind`: place the ferry of the lake tile just laid at (`x`, `y`), joining the
/// two road ends whose sides are the edge bits of `location` (Ferries FE.3).
pub const CARC_ACTION_PLACE_FERRY: u32 = 15;
/// `carc_action.kind`: move the ferry of the lake at (`x`, `y`) to join the two road ends of
/// `location` (FE.4).
pub const CARC_ACTION_MOVE_FERRY: u32 = 16;
/// `carc_action.kind`: the active player's choice after a crop circle (`crop_option`: A
/// `CARC_CROP_DEPLOY` or B `CARC_CROP_RETURN`; Crop Circles CR.1).
pub const CARC_ACTION_CROP_OPTION: u32 = 17;
/// `carc_action.kind`: option A of a crop circle: `figure` from supply onto the feature (`x`,
/// `y`, `feature`, `location`) where the player already has a follower of the circle's kind
/// (CR.1–CR.3).
pub const CARC_ACTION_CROP_DEPLOY: u32 = 18;
/// `carc_action.kind`: option B of a crop circle: the player's `figure` on (`x`, `y`,
/// `feature`, `location`) back to supply (CR.1–CR.3).
pub const CARC_ACTION_CROP_RETURN: u32 = 19;

/// Crop option (`carc_action.crop_option`, `carc_event.crop_option`,
/// `carc_game_crop_round`): A, each player may add a follower.
pub const CARC_CROP_DEPLOY: u32 = 0;
/// Crop option: B, each player must take a follower back.
pub const CARC_CROP_RETURN: u32 = 1;
/// Crop option of actions and events that have none, and of a round whose option is not
/// chosen yet.
pub const CARC_CROP_NONE: u32 = 2;
/// `carc_action.kind`: put one's robber on track space `space` (0–49), from supply or moved
/// there (Robbers RO.1).
pub const CARC_ACTION_PLACE_ROBBER: u32 = 20;
/// `carc_action.kind`: one's robber robs seat `robbed` among the players whose figures leave
/// its space with one feature's points (RO.5).
pub const CARC_ACTION_ROB: u32 = 21;
/// `carc_action.kind`: score next the completed feature whose first figure stands on the
/// feature (`x`, `y`, `feature`, `location`) (the order of the features, D-GEN-1).
pub const CARC_ACTION_SCORE_FIRST: u32 = 22;
/// `carc_action.kind`: the scoring figure `track_figure` (0 the scoring figure, 1 the
/// messenger) moves with the award waiting for it (Messages M.1).
pub const CARC_ACTION_SCORING_FIGURE: u32 = 23;
/// `carc_action.kind`: take the 2 points of the message in hand (its seal) instead of
/// performing it (Messages M.3).
pub const CARC_ACTION_MESSAGE_POINTS: u32 = 24;
/// `carc_action.kind`: perform the message in hand when it has nothing to choose: coats of
/// arms, knights, farmers (2 points each) or the extra tile (a nested turn part, M.7).
pub const CARC_ACTION_MESSAGE_ACTION: u32 = 25;
/// `carc_action.kind`: perform the shortest road, smallest city or smallest monastery in hand
/// on the feature (`x`, `y`, `feature`, `location`): the segment of the player's first follower
/// in one of the features of the lowest value (D-MS-11).
pub const CARC_ACTION_MESSAGE_FEATURE: u32 = 26;
/// `carc_action.kind`: perform "score and return" (message C1 #8) with the player's `figure`
/// on (`x`, `y`, `feature`, `location`): its feature scored for him if he has the majority
/// there, then the follower goes home (D-MS-3).
pub const CARC_ACTION_MESSAGE_FOLLOWER: u32 = 27;

/// Message (`carc_event.message`, `carc_chance.value` of `CARC_CHANCE_MESSAGE`,
/// `carc_game_message_in_hand`, `carc_game_messages_unseen`, `carc_game_messages_under_deck`):
/// none (events that are not about a message; no message in hand).
pub const CARC_MESSAGE_NONE: u32 = 0;
/// Message: the shortest road (C1 #1, C2 #1): the lowest-valued road holding one of the
/// player's followers scores for him at the final scoring's rates; his followers stay. The
/// codes `CARC_MESSAGE_SHORTEST_ROAD` .. `CARC_MESSAGE_SCORE_AND_RETURN` are 1 to 8, in the
/// order of the first edition (C1), so a code is the message's C1 number; the second edition's
/// numbers come from `carc_message_number`.
pub const CARC_MESSAGE_SHORTEST_ROAD: u32 = 1;
/// Message: the smallest city (C1 #2, C2 #2).
pub const CARC_MESSAGE_SMALLEST_CITY: u32 = 2;
/// Message: the smallest monastery or shrine (C1 #3, C2 #3).
pub const CARC_MESSAGE_SMALLEST_MONASTERY: u32 = 3;
/// Message: 2 points per pennant (coat of arms) in the cities holding the player's followers
/// (C1 #4, C2 #5).
pub const CARC_MESSAGE_COATS_OF_ARMS: u32 = 4;
/// Message: 2 points per follower of the player in a city (C1 #5, C2 #6).
pub const CARC_MESSAGE_KNIGHTS: u32 = 5;
/// Message: 2 points per follower of the player on a field (C1 #6, C2 #7).
pub const CARC_MESSAGE_FARMERS: u32 = 6;
/// Message: the extra tile, a turn part nested in the current one (C1 #7, C2 #4; M.7).
pub const CARC_MESSAGE_EXTRA_TILE: u32 = 7;
/// Message: score and return, one of the player's followers (C1 #8, C2 #8; D-MS-3).
pub const CARC_MESSAGE_SCORE_AND_RETURN: u32 = 8;

/// Numbering of the messages (`carc_message_number`, `carc_game_message_numbering`): the
/// first edition's (S003, C1; the default of the rule `message_numbering`, `"c1"`).
pub const CARC_MESSAGE_NUMBERING_C1: u32 = 0;
/// Numbering of the messages: the second edition's ("The Messengers", C2; `"c2"`), where the
/// extra tile is #4 and coats of arms, knights and farmers are #5 to #7.
pub const CARC_MESSAGE_NUMBERING_C2: u32 = 1;

/// `carc_game_robber`: the robber is in its owner's supply (`*space` is 0).
pub const CARC_ROBBER_IN_SUPPLY: u32 = 0;
/// `carc_game_robber`: the robber stands on track space `*space`.
pub const CARC_ROBBER_ON_TRACK: u32 = 1;
/// `carc_game_robber`: the robber robbed in this turn part and is off the track until phase 4
/// step 3 (`*space` is 0).
pub const CARC_ROBBER_RETURNING: u32 = 2;
/// `carc_game_robber`: the game has no robbers.
pub const CARC_ROBBER_NONE: u32 = 3;

/// Magic figure (`carc_action.magic`, `carc_event.magic`): the mage (+1 point per tile).
pub const CARC_MAGIC_MAGE: u32 = 0;
/// Magic figure: the witch (the feature's points halved, rounded up).
pub const CARC_MAGIC_WITCH: u32 = 1;
/// `carc_event.magic` of events and scores without a magic figure.
pub const CARC_MAGIC_NONE: u32 = 2;

/// Direction of flight (`carc_event.direction`, `carc_game_flight`): north; then clockwise
/// `CARC_DIRECTION_NE` ... `CARC_DIRECTION_NW` (1 to 7).
pub const CARC_DIRECTION_N: u32 = 0;
/// Direction of flight: north-east.
pub const CARC_DIRECTION_NE: u32 = 1;
/// Direction of flight: east.
pub const CARC_DIRECTION_E: u32 = 2;
/// Direction of flight: south-east.
pub const CARC_DIRECTION_SE: u32 = 3;
/// Direction of flight: south.
pub const CARC_DIRECTION_S: u32 = 4;
/// Direction of flight: south-west.
pub const CARC_DIRECTION_SW: u32 = 5;
/// Direction of flight: west.
pub const CARC_DIRECTION_W: u32 = 6;
/// Direction of flight: north-west.
pub const CARC_DIRECTION_NW: u32 = 7;

/// Animal token of the big top: the elephant (7 points per figure).
pub const CARC_ANIMAL_ELEPHANT: u32 = 0;
/// Animal token: the tiger (6).
pub const CARC_ANIMAL_TIGER: u32 = 1;
/// Animal token: the bear (5).
pub const CARC_ANIMAL_BEAR: u32 = 2;
/// Animal token: the seal (4).
pub const CARC_ANIMAL_SEAL: u32 = 3;
/// Animal token: the monkey (3).
pub const CARC_ANIMAL_MONKEY: u32 = 4;
/// Animal token: the flea (1).
pub const CARC_ANIMAL_FLEA: u32 = 5;
/// `carc_event.animal` of events that are not about an animal token.
pub const CARC_ANIMAL_NONE: u32 = 6;

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
/// Figure: the ringmaster (Under the Big Top): a follower of strength 1 with a bonus for the
/// circus tiles around it.
pub const CARC_FIGURE_RINGMASTER: u32 = 4;

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
/// Location bit of the middle of the north edge (a road or city reaching north; a ferry's
/// road end).
pub const CARC_LOCATION_N: u32 = 1 << 1;
/// Location bit of the middle of the east edge.
pub const CARC_LOCATION_E: u32 = 1 << 4;
/// Location bit of the middle of the south edge.
pub const CARC_LOCATION_S: u32 = 1 << 7;
/// Location bit of the middle of the west edge.
pub const CARC_LOCATION_W: u32 = 1 << 10;

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
/// `carc_game_pending`: a chance node of Under the Big Top: the animal token of the big top
/// being scored is drawn (resolve it with `carc_game_resolve_chance` in explicit-draw games).
pub const CARC_PENDING_ANIMAL_TOKEN: u32 = 9;
/// Pending decision: the current player puts the second gold ingot on a tile around the gold
/// tile just laid (`CARC_ACTION_PLACE_INGOT`; Gold Mines GM.1).
pub const CARC_PENDING_INGOT: u32 = 10;
/// Pending decision: the current player (not always the one whose turn it is) takes a claimed
/// ingot (`CARC_ACTION_TAKE_INGOT`; GM.4).
pub const CARC_PENDING_TAKE_INGOT: u32 = 11;
/// Pending decision: the current player puts the mage or the witch on a road or city segment
/// (`CARC_ACTION_PLACE_MAGIC`; Mage & Witch MW.1, MW.3).
pub const CARC_PENDING_MAGIC: u32 = 12;
/// Pending decision: the current player sends the mage or the witch back to the reserve
/// (`CARC_ACTION_REMOVE_MAGIC`; MW.2).
pub const CARC_PENDING_REMOVE_MAGIC: u32 = 13;
/// Pending chance node: the die of a flight is rolled (`carc_game_chance_outcomes`,
/// `carc_game_resolve` with `CARC_CHANCE_ROLL`; Flying Machines FM.2).
pub const CARC_PENDING_FLIER_ROLL: u32 = 14;
/// Pending decision: the current player chooses where the flier lands: on a feature
/// (`CARC_ACTION_LAND`) or, a normal follower, on a free place of the target tile's acrobat
/// site (`CARC_ACTION_ACROBAT`; FM.3).
pub const CARC_PENDING_LANDING: u32 = 15;
/// Pending decision: the current player places the ferry of the lake tile just laid
/// (`CARC_ACTION_PLACE_FERRY`; Ferries FE.3); no pass.
pub const CARC_PENDING_PLACE_FERRY: u32 = 16;
/// Pending decision: the current player may move a ferry (`CARC_ACTION_MOVE_FERRY`) or stop
/// (`CARC_ACTION_PASS`; FE.4).
pub const CARC_PENDING_MOVE_FERRY: u32 = 17;
/// Pending decision: the active player chooses option A or B for the crop circle just laid
/// (`CARC_ACTION_CROP_OPTION`; Crop Circles CR.1; see `carc_game_crop_round`).
pub const CARC_PENDING_CROP_OPTION: u32 = 18;
/// Pending decision: the current player (not always the one whose turn it is) may add a
/// follower (`CARC_ACTION_CROP_DEPLOY`) or pass (`CARC_ACTION_PASS`; option A).
pub const CARC_PENDING_CROP_DEPLOY: u32 = 19;
/// Pending decision: the current player (not always the one whose turn it is) takes a
/// follower back (`CARC_ACTION_CROP_RETURN`; option B, no pass).
pub const CARC_PENDING_CROP_RETURN: u32 = 20;
/// Pending decision: the current player may put his robber on a track space holding another
/// player's scoring figure (`CARC_ACTION_PLACE_ROBBER`) or pass (Robbers RO.1).
pub const CARC_PENDING_PLACE_ROBBER: u32 = 21;
/// Pending decision: the current player's robber robs one of several players
/// (`CARC_ACTION_ROB`; RO.5); no pass.
pub const CARC_PENDING_CHOOSE_ROBBED: u32 = 22;
/// Pending decision: the active player chooses which completed feature is scored next
/// (`CARC_ACTION_SCORE_FIRST`; D-GEN-1); no pass.
pub const CARC_PENDING_SCORE_ORDER: u32 = 23;
/// Pending decision: the current player's two scoring figures stand on different track
/// spaces and he receives an award; he chooses which figure moves
/// (`CARC_ACTION_SCORING_FIGURE`; Messages M.1); no pass.
pub const CARC_PENDING_CHOOSE_SCORING_FIGURE: u32 = 24;
/// Pending chance node: the active player draws the top message of the deck (Messages M.2;
/// explicit-draw games only: `carc_game_chance_outcomes` lists `CARC_CHANCE_MESSAGE` outcomes,
/// `carc_game_resolve_chance` supplies one).
pub const CARC_PENDING_DRAW_MESSAGE: u32 = 25;
/// Pending decision: the active player performs the message in hand
/// (`carc_game_message_in_hand`; `CARC_ACTION_MESSAGE_ACTION`, `CARC_ACTION_MESSAGE_FEATURE` or
/// `CARC_ACTION_MESSAGE_FOLLOWER`, as the message is) or takes its 2 points
/// (`CARC_ACTION_MESSAGE_POINTS`; M.3); no pass. Asked only when the message has something to
/// act on.
pub const CARC_PENDING_RESOLVE_MESSAGE: u32 = 26;

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
/// Event kind: points were scored (`player`, `points`, `final_scoring`, and `reason` with the
/// fields of that reason).
pub const CARC_EVENT_SCORED: u32 = 4;
/// Event kind: a figure went back to supply (`player`, `figure`, `x`, `y`, `feature`,
/// `location`).
pub const CARC_EVENT_FIGURE_RETURNED: u32 = 5;
/// Event kind: the game ended and was scored (`player` is -1; `carc_game_score` gives the
/// final scores).
pub const CARC_EVENT_GAME_OVER: u32 = 6;
/// Event kind: a drawn river tile went under the river stack (`player`, `tile`; River II).
pub const CARC_EVENT_TILE_DEFERRED: u32 = 8;
/// Event kind: the active player took trade goods tokens (`player`, `goods`, `goods_taken`).
pub const CARC_EVENT_GOODS_TAKEN: u32 = 7;
/// Event kind: the active player took the King or the Robber Baron (`player`, `token`,
/// `token_size`).
pub const CARC_EVENT_TOKEN_TAKEN: u32 = 9;
/// Event kind: a figure went from supply into a quarter of the City (`player`, `figure`,
/// `quarter`).
pub const CARC_EVENT_FIGURE_ENTERED_CITY: u32 = 10;
/// Event kind: the Count moved (`player` who moved him, `quarter` where he stands now).
pub const CARC_EVENT_COUNT_MOVED: u32 = 11;
/// Event kind: a figure left a quarter onto a feature (`player`, `figure`, `quarter`, `x`,
/// `y`, `feature`, `location`).
pub const CARC_EVENT_FIGURE_LEFT_CITY: u32 = 12;
/// `carc_event.kind`: the big top went up on a big-top site at (`x`, `y`); `moved_from` is 1
/// and (`from_x`, `from_y`) its old site when it moved, 0 for the first site.
pub const CARC_EVENT_BIG_TOP_MOVED: u32 = 13;
/// `carc_event.kind`: the animal token (`animal`) of the big top at (`x`, `y`) was drawn as it
/// was scored; the points follow as `CARC_EVENT_SCORED` events.
pub const CARC_EVENT_ANIMAL_REVEALED: u32 = 14;
/// `carc_event.kind`: a follower of `player` climbed the acrobat site at (`x`, `y`).
pub const CARC_EVENT_ACROBAT_DEPLOYED: u32 = 15;
/// `carc_event.kind`: an acrobat of `player` went home from the site at (`x`, `y`) after its
/// pyramid was scored.
pub const CARC_EVENT_ACROBAT_RETURNED: u32 = 16;
/// `carc_event.kind`: a gold ingot went from the supply onto the tile at (`x`, `y`).
pub const CARC_EVENT_INGOT_PLACED: u32 = 17;
/// `carc_event.kind`: `player` took a claimed ingot from the tile at (`x`, `y`).
pub const CARC_EVENT_INGOT_TAKEN: u32 = 18;
/// `carc_event.kind`: the mage or the witch (`magic`) went onto the segment (`x`, `y`,
/// `feature`, `location`).
pub const CARC_EVENT_MAGIC_FIGURE_MOVED: u32 = 19;
/// `carc_event.kind`: the mage or the witch (`magic`) went back to the reserve.
pub const CARC_EVENT_MAGIC_FIGURE_REMOVED: u32 = 20;
/// `carc_event.kind`: `player`'s `figure` boarded the flying machine of the tile at (`x`, `y`),
/// flying `direction`.
pub const CARC_EVENT_FLIER_LAUNCHED: u32 = 21;
/// `carc_event.kind`: the die sent the flier `distance` tiles away, to (`x`, `y`).
pub const CARC_EVENT_DIE_ROLLED: u32 = 22;
/// `carc_event.kind`: `player`'s flier (`figure`) found nowhere to land and went back to
/// supply.
pub const CARC_EVENT_FLIER_RETURNED: u32 = 23;
/// `carc_event.kind`: `player` placed the ferry of the lake at (`x`, `y`) on the road ends of
/// `location`.
pub const CARC_EVENT_FERRY_PLACED: u32 = 24;
/// `carc_event.kind`: `player` moved the ferry of the lake at (`x`, `y`) from the road ends of
/// `from_location` to those of `location`.
pub const CARC_EVENT_FERRY_MOVED: u32 = 25;
/// `carc_event.kind`: the active `player` chose `crop_option` for the crop circle of kind
/// `feature` on the tile at (`x`, `y`); the players' `CARC_EVENT_FIGURE_DEPLOYED` or
/// `CARC_EVENT_FIGURE_RETURNED` follow.
pub const CARC_EVENT_CROP_OPTION_CHOSEN: u32 = 26;
/// `carc_event.kind`: `player`'s robber went from supply onto track space `space` (RO.1).
pub const CARC_EVENT_ROBBER_PLACED: u32 = 27;
/// `carc_event.kind`: `player`'s robber moved from track space `from_space` to `space`: by its
/// owner (`with_player` -1, RO.1), or travelling with seat `with_player`'s scoring figure
/// (RO.7).
pub const CARC_EVENT_ROBBER_MOVED: u32 = 28;
/// `carc_event.kind`: `player`'s robber, which robbed, went back to supply (phase 4 step 3).
pub const CARC_EVENT_ROBBER_RETURNED: u32 = 29;
/// `carc_event.kind`: before the final scoring `player`'s two figures merged (Messages M.6):
/// the scoring figure stood at value `scoring_figure_value`, the messenger at
/// `messenger_value`; the scoring figure now stands at their sum, the messenger left the track.
/// Not a score.
pub const CARC_EVENT_FIGURES_MERGED: u32 = 30;
/// `carc_event.kind`: the active `player` drew the top message of the deck (`message`;
/// Messages M.2, M.3); he now performs it or takes its 2 points (a message with nothing to
/// act on gives its 2 points at once, a `CARC_REASON_MESSAGE` score with `seal` 1).
pub const CARC_EVENT_MESSAGE_DRAWN: u32 = 31;

/// Token: none (`carc_event.token` of events that are not about the King or Robber Baron).
pub const CARC_TOKEN_NONE: u32 = 0;
/// Token: the King (largest completed city).
pub const CARC_TOKEN_KING: u32 = 1;
/// Token: the Robber Baron (longest completed road).
pub const CARC_TOKEN_ROBBER_BARON: u32 = 2;

/// Score reason (`carc_event.reason` of `CARC_EVENT_SCORED`): a road, city, monastery or shrine
/// (`feature`, `complete`, `tiles`, `pennants`, `bonuses`, `strength`, `x`, `y`, `location`).
pub const CARC_REASON_FEATURE: u32 = 0;
/// Score reason: a field at the end (`cities`, `points_per_city`, `bonuses`, `strength`, `x`,
/// `y`, `location`; `feature` is `CARC_FEATURE_FIELD`).
pub const CARC_REASON_FIELD: u32 = 1;
/// Score reason: a trade goods majority at the end (`goods`, `goods_held`).
pub const CARC_REASON_GOODS: u32 = 2;
/// Score reason: holding the King or the Robber Baron (`token`, `token_completed`,
/// `tokens_held`).
pub const CARC_REASON_TOKEN: u32 = 3;
/// `carc_event.reason` of events that are not scores.
pub const CARC_REASON_NONE: u32 = 4;
/// `carc_event.reason`: the big top's scoring (`animal`, `figures`; `x`, `y` the big top).
pub const CARC_REASON_BIG_TOP: u32 = 5;
/// `carc_event.reason`: acrobats (`acrobats`; `x`, `y` the acrobat site).
pub const CARC_REASON_ACROBATS: u32 = 6;
/// `carc_event.reason`: a ringmaster's bonus (`circus_tiles`; `x`, `y` its tile).
pub const CARC_REASON_RINGMASTER: u32 = 7;
/// `carc_event.reason`: the receiver's gold ingots at the end (`ingots`; Gold Mines GM.6).
pub const CARC_REASON_GOLD: u32 = 8;
/// `carc_event.reason`: a robbery (Robbers RO.2): half, rounded up, of seat `victim`'s award
/// `award`, taken by the receiver's robber on track space `space`.
pub const CARC_REASON_ROBBERY: u32 = 9;
/// `carc_event.reason`: a message (Messages M.3, `message`): its 2 points instead of its action
/// (`seal` 1), or its action: 2 points per thing `counted` (coats of arms, knights, farmers),
/// or a feature or field valued as the final scoring values it, whose facts fill the fields of
/// the reason `message_reason` names (`CARC_REASON_FEATURE`: the shortest road, smallest city,
/// smallest monastery, "score and return" on a road, city, monastery or shrine;
/// `CARC_REASON_FIELD`: "score and return" on a field).
pub const CARC_REASON_MESSAGE: u32 = 10;

/// `carc_event.bonuses` bit: an inn set the road's value (Inns & Cathedrals).
pub const CARC_BONUS_INN: u32 = 1;
/// `carc_event.bonuses` bit: a cathedral set the city's value (Inns & Cathedrals).
pub const CARC_BONUS_CATHEDRAL: u32 = 2;
/// `carc_event.bonuses` bit: the receiver's pig is in the field (+1 per city).
pub const CARC_BONUS_PIG: u32 = 4;
/// `carc_event.bonuses` bit: the field holds a pig herd (+1 per city, River II).
pub const CARC_BONUS_PIG_HERD: u32 = 8;

/// Chance outcome kind (`carc_chance.kind`): a tile drawn from the stack; `value` is its tile
/// number.
pub const CARC_CHANCE_TILE: u32 = 0;
/// `carc_chance.kind`: an animal token (`value` is `CARC_ANIMAL_*`).
pub const CARC_CHANCE_ANIMAL: u32 = 1;
/// `carc_chance.kind`: a roll of the flying machines' die (`value` is the distance, 1 to 3).
pub const CARC_CHANCE_ROLL: u32 = 2;
/// `carc_chance.kind`: the top message of the Messages' deck (`value` is `CARC_MESSAGE_*`).
pub const CARC_CHANCE_MESSAGE: u32 = 3;

/// An action, as listed by `carc_game_legal_actions` or filled in by the caller.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct carc_action {
    /// `CARC_ACTION_PLACE`, `CARC_ACTION_DEPLOY`, `CARC_ACTION_PASS`,
    /// `CARC_ACTION_DOUBLE_TURN`, `CARC_ACTION_ENTER_CITY`, `CARC_ACTION_MOVE_COUNT`,
    /// `CARC_ACTION_LEAVE_CITY`, `CARC_ACTION_ACROBAT`, `CARC_ACTION_SCORE_PYRAMID`,
    /// `CARC_ACTION_FLY`, `CARC_ACTION_LAND`, `CARC_ACTION_PLACE_INGOT`,
    /// `CARC_ACTION_TAKE_INGOT`, `CARC_ACTION_PLACE_MAGIC`, `CARC_ACTION_REMOVE_MAGIC`,
    /// `CARC_ACTION_PLACE_FERRY`, `CARC_ACTION_MOVE_FERRY`, `CARC_ACTION_CROP_OPTION`,
    /// `CARC_ACTION_CROP_DEPLOY`, `CARC_ACTION_CROP_RETURN`, `CARC_ACTION_PLACE_ROBBER`,
    /// `CARC_ACTION_ROB`, `CARC_ACTION_SCORE_FIRST`, `CARC_ACTION_SCORING_FIGURE`,
    /// `CARC_ACTION_MESSAGE_POINTS`, `CARC_ACTION_MESSAGE_ACTION`, `CARC_ACTION_MESSAGE_FEATURE`
    /// or `CARC_ACTION_MESSAGE_FOLLOWER`.
    pub kind: u32,
    /// Place: the tile number (see `carc_tile_name`).
    pub tile: u32,
    /// Place, deploy, leave, acrobat, pyramid, land, the ingots, place magic, the ferries, crop
    /// deploy, crop return, score first, message feature and message follower: the position (x
    /// grows east, y grows south).
    pub x: i32,
    /// See `x`.
    pub y: i32,
    /// Place: clockwise rotation in degrees (0, 90, 180 or 270).
    pub rotation: u32,
    /// Deploy, enter, leave, fly, crop deploy, crop return and message follower:
    /// `CARC_FIGURE_*`.
    pub figure: u32,
    /// Deploy, leave, land, place magic, crop deploy, crop return, score first, message feature
    /// and message follower: `CARC_FEATURE_*`.
    pub feature: u32,
    /// Deploy, leave, land, place magic, crop deploy, crop return, score first, message feature
    /// and message follower: the location bits of the feature on the tile (see
    /// `CARC_LOCATION_CENTRE`); the ferries: the edge bits of the two road ends joined.
    pub location: u32,
    /// Enter, move the Count and leave: `CARC_QUARTER_*`.
    pub quarter: u32,
    /// Place and remove magic: `CARC_MAGIC_MAGE` or `CARC_MAGIC_WITCH`.
    pub magic: u32,
    /// Crop option: `CARC_CROP_DEPLOY` or `CARC_CROP_RETURN`; `CARC_CROP_NONE` for the other
    /// kinds (set by `carc_game_legal_actions`; ignored on input for them).
    pub crop_option: u32,
    /// Place robber: the track space, 0–49.
    pub space: u32,
    /// Rob: the robbed player's seat.
    pub robbed: u32,
    /// Scoring figure: 0 the scoring figure, 1 the messenger (Messages M.1).
    pub track_figure: u32,
    /// The state the action was listed for (set by `carc_game_legal_actions`); 0 means "do
    /// not check". An action from another state is refused with `CARC_STALE_ACTION`.
    pub epoch: u64,
}

/// An event of the last action (see `carc_game_events`). Each field has one meaning, named
/// here with the event kinds (and score reasons) it applies to; a field that does not apply
/// is 0 (`player` -1, `reason` `CARC_REASON_NONE`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct carc_event {
    /// `CARC_EVENT_*`.
    pub kind: u32,
    /// The seat concerned (0-based); -1 for `CARC_EVENT_GAME_OVER`,
    /// `CARC_EVENT_BIG_TOP_MOVED`, `CARC_EVENT_ANIMAL_REVEALED`, `CARC_EVENT_INGOT_PLACED`,
    /// `CARC_EVENT_MAGIC_FIGURE_MOVED`, `CARC_EVENT_MAGIC_FIGURE_REMOVED` and
    /// `CARC_EVENT_DIE_ROLLED`; the active player for `CARC_EVENT_CROP_OPTION_CHOSEN`.
    pub player: i32,
    /// Tile number: drawn, discarded, deferred, placed.
    pub tile: u32,
    /// Position: of the tile placed; of the figure deployed, returned or left the City; of the
    /// scored feature's or field's first figure (with `CARC_REASON_MESSAGE`, of the follower
    /// that named it); of the crop circle's tile (option chosen).
    pub x: i32,
    /// See `x`.
    pub y: i32,
    /// Rotation in degrees: placed.
    pub rotation: u32,
    /// `CARC_FIGURE_*`: deployed, returned, entered the City, left the City.
    pub figure: u32,
    /// `CARC_FEATURE_*`: deployed, returned, left the City; the scored feature (field for
    /// `CARC_REASON_FIELD`; with `CARC_REASON_MESSAGE`, the feature or field of `message_reason`);
    /// the crop circle's kind (option chosen: road, city or field).
    pub feature: u32,
    /// Location bits of `feature` on the tile at `x`, `y`; ferry placed or moved: the edge
    /// bits of the two road ends it joins.
    pub location: u32,
    /// `CARC_QUARTER_*`: entered the City, the Count moved, left the City.
    pub quarter: u32,
    /// Points awarded (scored; may be 0).
    pub points: u32,
    /// `CARC_REASON_*` of a score; `CARC_REASON_NONE` for other events.
    pub reason: u32,
    /// 1 if the score is part of the final scoring.
    pub final_scoring: u32,
    /// `CARC_REASON_FEATURE` (and `CARC_REASON_MESSAGE` with `message_reason`
    /// `CARC_REASON_FEATURE`, as everywhere below): 1 if the feature was complete, 0 if
    /// unfinished.
    pub complete: u32,
    /// `CARC_REASON_FEATURE`: distinct tiles of the road or city; a monastery's or shrine's
    /// 3x3 area.
    pub tiles: u32,
    /// `CARC_REASON_FEATURE`: pennants of the city.
    pub pennants: u32,
    /// `CARC_REASON_FEATURE`, `CARC_REASON_FIELD`: `CARC_BONUS_*` bits.
    pub bonuses: u32,
    /// `CARC_REASON_FEATURE`, `CARC_REASON_FIELD`: the receiver's strength.
    pub strength: u32,
    /// `CARC_REASON_FIELD` (and `CARC_REASON_MESSAGE` with `message_reason`
    /// `CARC_REASON_FIELD`, as below): completed cities paid for.
    pub cities: u32,
    /// `CARC_REASON_FIELD`: points per city.
    pub points_per_city: u32,
    /// `CARC_GOODS_*`: goods taken; `CARC_REASON_GOODS`.
    pub goods: u32,
    /// Goods taken: tokens taken.
    pub goods_taken: u32,
    /// `CARC_REASON_GOODS`: the receiver's tokens of that good.
    pub goods_held: u32,
    /// `CARC_TOKEN_*`: token taken; `CARC_REASON_TOKEN`.
    pub token: u32,
    /// Token taken: tiles of the city or road that took it.
    pub token_size: u32,
    /// `CARC_REASON_TOKEN`: completed cities (roads) paid for, 1 point each (0 under the flat
    /// house rules).
    pub token_completed: u32,
    /// `CARC_REASON_TOKEN`: tokens the points are for (2 for both under `fifteen_forty`).
    pub tokens_held: u32,
    /// `CARC_ANIMAL_*`: the animal revealed; `CARC_REASON_BIG_TOP`. `CARC_ANIMAL_NONE`
    /// otherwise.
    pub animal: u32,
    /// `CARC_REASON_BIG_TOP`: the receiver's figures around the big top.
    pub figures: u32,
    /// `CARC_REASON_ACROBATS`: the receiver's acrobats on the site.
    pub acrobats: u32,
    /// `CARC_REASON_RINGMASTER`: the circus tiles around the ringmaster.
    pub circus_tiles: u32,
    /// Big top moved: 1 if it stood elsewhere before (at `from_x`, `from_y`).
    pub moved_from: u32,
    /// Big top moved: where it stood.
    pub from_x: i32,
    /// See `from_x`.
    pub from_y: i32,
    /// `CARC_MAGIC_*`: the magic figure moved or removed; with `CARC_REASON_FEATURE` (and a
    /// message's feature) the one in the scored road or city (the mage +1 per tile, the witch
    /// halved). `CARC_MAGIC_NONE` otherwise.
    pub magic: u32,
    /// `CARC_REASON_GOLD`: the receiver's ingots.
    pub ingots: u32,
    /// Flier launched: `CARC_DIRECTION_*` of the flight.
    pub direction: u32,
    /// Die rolled: the distance, 1 to 3.
    pub distance: u32,
    /// Ferry moved: the edge bits of the road ends it joined before (`location` has the new
    /// ones).
    pub from_location: u32,
    /// Crop option chosen: `CARC_CROP_DEPLOY` or `CARC_CROP_RETURN`. `CARC_CROP_NONE`
    /// otherwise.
    pub crop_option: u32,
    /// Track space (0–49): robber placed, robber moved (where it stands now);
    /// `CARC_REASON_ROBBERY`: where the robber stood (the victim's figure's start).
    pub space: u32,
    /// Robber moved: the track space it left.
    pub from_space: u32,
    /// Robber moved: the seat whose scoring figure it travelled with (RO.7), -1 when its
    /// owner moved it.
    pub with_player: i32,
    /// `CARC_REASON_ROBBERY`: the robbed seat (-1 otherwise).
    pub victim: i32,
    /// `CARC_REASON_ROBBERY`: the victim's award (the robber gets half, rounded up).
    pub award: u32,
    /// Figures merged: the scoring figure's value (points moved) before the merge.
    pub scoring_figure_value: u32,
    /// Figures merged: the messenger's value before the merge.
    pub messenger_value: u32,
    /// Scored, with the score track (Robbers, Messages): the receiver's scoring figure that
    /// moved with the points, 0 the scoring figure, 1 the messenger (M.1); -1 without a track
    /// and for the other events.
    pub track_figure: i32,
    /// `CARC_MESSAGE_*`: message drawn; `CARC_REASON_MESSAGE`: the message performed or whose
    /// seal was taken. `CARC_MESSAGE_NONE` otherwise.
    pub message: u32,
    /// `CARC_REASON_MESSAGE`: 1 if the points are the message's 2 points instead of its action
    /// (its seal, M.3), 0 for its action.
    pub seal: u32,
    /// `CARC_REASON_MESSAGE`: the things counted at 2 points each (coats of arms: the pennants
    /// in the cities holding the receiver's followers; knights: his followers in cities;
    /// farmers: his followers on fields); 0 for the other messages and the seal.
    pub counted: u32,
    /// `CARC_REASON_MESSAGE`: the reason whose fields carry the facts of the feature or field
    /// the message valued: `CARC_REASON_FEATURE` (the shortest road, smallest city or smallest
    /// monastery, and "score and return" on a road, city, monastery or shrine: `feature`,
    /// `complete`, `tiles`, `pennants`, `bonuses`, `strength`, `magic`, `x`, `y`, `location`),
    /// `CARC_REASON_FIELD` ("score and return" on a field: `cities`, `points_per_city`,
    /// `bonuses`, `strength`, `x`, `y`, `location`; `feature` is `CARC_FEATURE_FIELD`), or
    /// `CARC_REASON_NONE` (the seal, coats of arms, knights, farmers; and every other event).
    pub message_reason: u32,
}

impl Default for carc_event {
    fn default() -> carc_event {
        carc_event {
            kind: CARC_EVENT_GAME_OVER,
            player: -1,
            tile: 0,
            x: 0,
            y: 0,
            rotation: 0,
            figure: 0,
            feature: 0,
            location: 0,
            quarter: 0,
            points: 0,
            reason: CARC_REASON_NONE,
            final_scoring: 0,
            complete: 0,
            tiles: 0,
            pennants: 0,
            bonuses: 0,
            strength: 0,
            cities: 0,
            points_per_city: 0,
            goods: 0,
            goods_taken: 0,
            goods_held: 0,
            token: 0,
            token_size: 0,
            token_completed: 0,
            tokens_held: 0,
            animal: CARC_ANIMAL_NONE,
            figures: 0,
            acrobats: 0,
            circus_tiles: 0,
            moved_from: 0,
            from_x: 0,
            from_y: 0,
            magic: CARC_MAGIC_NONE,
            ingots: 0,
            direction: 0,
            distance: 0,
            from_location: 0,
            crop_option: CARC_CROP_NONE,
            space: 0,
            from_space: 0,
            with_player: -1,
            victim: -1,
            award: 0,
            scoring_figure_value: 0,
            messenger_value: 0,
            track_figure: -1,
            message: CARC_MESSAGE_NONE,
            seal: 0,
            counted: 0,
            message_reason: CARC_REASON_NONE,
        }
    }
}

/// The mage or the witch on the board (see `carc_game_magic_figures`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct carc_magic_figure {
    /// `CARC_MAGIC_MAGE` or `CARC_MAGIC_WITCH`.
    pub magic: u32,
    /// The position of the tile it stands on.
    pub x: i32,
    /// See `x`.
    pub y: i32,
    /// `CARC_FEATURE_ROAD` or `CARC_FEATURE_CITY`.
    pub feature: u32,
    /// Location bits of its segment.
    pub location: u32,
}

/// A ferry on its lake (see `carc_game_ferries`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct carc_ferry {
    /// The position of the lake tile.
    pub x: i32,
    /// See `x`.
    pub y: i32,
    /// The edge bits of the two road ends it joins (`CARC_LOCATION_*` style bits).
    pub location: u32,
}

/// A tile with gold ingots on it (see `carc_game_ingots_on_board`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct carc_ingots {
    /// The tile's position.
    pub x: i32,
    /// See `x`.
    pub y: i32,
    /// Ingots on it (at least 1).
    pub count: u32,
}

/// An acrobat site on the board (see `carc_game_acrobat_sites`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct carc_acrobat_site {
    /// The acrobat tile's position.
    pub x: i32,
    /// See `x`.
    pub y: i32,
    /// Acrobats on it (0 to 3).
    pub count: u32,
    /// Their owners' seats, in the order they climbed (`count` of them).
    pub players: [u32; 3],
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

/// A possible outcome of the pending chance node and its probability.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct carc_chance {
    /// `CARC_CHANCE_*`: what kind of outcome.
    pub kind: u32,
    /// The outcome: for `CARC_CHANCE_TILE` the tile number, for `CARC_CHANCE_ANIMAL` the
    /// `CARC_ANIMAL_*`, for `CARC_CHANCE_ROLL` the distance (1 to 3), for
    /// `CARC_CHANCE_MESSAGE` the `CARC_MESSAGE_*`.
    pub value: u32,
    /// Its probability (for a tile: copies left over the tiles left in the stack drawn from;
    /// for a message: 1 over the messages never drawn, or 1 for the one under the deck longest
    /// once every message was seen).
    pub probability: f64,
}

// Every C code equals the core's index of the same value: a change on either side fails to
// compile here.
const _: () = {
    assert!(CARC_FIGURE_FOLLOWER as usize == Figure::Follower.index());
    assert!(CARC_FIGURE_LARGE_FOLLOWER as usize == Figure::LargeFollower.index());
    assert!(CARC_FIGURE_BUILDER as usize == Figure::Builder.index());
    assert!(CARC_FIGURE_PIG as usize == Figure::Pig.index());
    assert!(CARC_FIGURE_RINGMASTER as usize == Figure::Ringmaster.index());
    assert!(CARC_ANIMAL_ELEPHANT as usize == Animal::Elephant.index());
    assert!(CARC_ANIMAL_TIGER as usize == Animal::Tiger.index());
    assert!(CARC_ANIMAL_BEAR as usize == Animal::Bear.index());
    assert!(CARC_ANIMAL_SEAL as usize == Animal::Seal.index());
    assert!(CARC_ANIMAL_MONKEY as usize == Animal::Monkey.index());
    assert!(CARC_ANIMAL_FLEA as usize == Animal::Flea.index());
    assert!(CARC_ANIMAL_NONE as usize == Animal::ALL.len());
    assert!(CARC_FEATURE_ROAD as usize == FeatureKind::Road.index());
    assert!(CARC_FEATURE_CITY as usize == FeatureKind::City.index());
    assert!(CARC_FEATURE_MONASTERY as usize == FeatureKind::Monastery.index());
    assert!(CARC_FEATURE_FIELD as usize == FeatureKind::Field.index());
    assert!(CARC_FEATURE_RIVER as usize == FeatureKind::River.index());
    assert!(CARC_FEATURE_SHRINE as usize == FeatureKind::Shrine.index());
    assert!(CARC_QUARTER_CASTLE as usize == Quarter::Castle.index());
    assert!(CARC_QUARTER_MARKET as usize == Quarter::Market.index());
    assert!(CARC_QUARTER_BLACKSMITH as usize == Quarter::Blacksmith.index());
    assert!(CARC_QUARTER_CATHEDRAL as usize == Quarter::Cathedral.index());
    assert!(CARC_GOODS_WINE as usize == Goods::Wine.index() + 1);
    assert!(CARC_GOODS_GRAIN as usize == Goods::Grain.index() + 1);
    assert!(CARC_GOODS_CLOTH as usize == Goods::Cloth.index() + 1);
    assert!(CARC_TOKEN_KING as usize == Token::King.index() + 1);
    assert!(CARC_TOKEN_ROBBER_BARON as usize == Token::RobberBaron.index() + 1);
    assert!(CARC_CROP_DEPLOY as usize == CropOption::Deploy.index());
    assert!(CARC_CROP_RETURN as usize == CropOption::Return.index());
    assert!(CARC_CROP_NONE as usize == CropOption::ALL.len());
    assert!(CARC_MESSAGE_NONE == 0);
    assert!(CARC_MESSAGE_SHORTEST_ROAD as usize == Message::ShortestRoad.index() + 1);
    assert!(CARC_MESSAGE_SMALLEST_CITY as usize == Message::SmallestCity.index() + 1);
    assert!(CARC_MESSAGE_SMALLEST_MONASTERY as usize == Message::SmallestMonastery.index() + 1);
    assert!(CARC_MESSAGE_COATS_OF_ARMS as usize == Message::CoatsOfArms.index() + 1);
    assert!(CARC_MESSAGE_KNIGHTS as usize == Message::Knights.index() + 1);
    assert!(CARC_MESSAGE_FARMERS as usize == Message::Farmers.index() + 1);
    assert!(CARC_MESSAGE_EXTRA_TILE as usize == Message::ExtraTile.index() + 1);
    assert!(CARC_MESSAGE_SCORE_AND_RETURN as usize == Message::ScoreAndReturn.index() + 1);
    assert!(CARC_MESSAGE_SCORE_AND_RETURN as usize == Message::ALL.len());
    assert!(CARC_LOCATION_CENTRE == Location::CENTRE.bits() as u32);
    assert!(CARC_LOCATION_SECOND_CENTRE == Location::SECOND_CENTRE.bits() as u32);
};

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

#[cold]
#[inline(never)]
fn invalid<T>(what: &str, value: u32) -> Result<T, carc_status> {
    fail(
        carc_status::CARC_INVALID_ARGUMENT,
        format!("unknown {what} value {value}"),
    )
}

/// The value of `all` whose C code (by `to_c`) is `value`; `CARC_INVALID_ARGUMENT` naming
/// `what` when there is none.
#[inline]
fn from_code<T: Copy>(
    all: &[T],
    to_c: fn(T) -> u32,
    what: &str,
    value: u32,
) -> Result<T, carc_status> {
    all.iter()
        .copied()
        .find(|v| to_c(*v) == value)
        .map_or_else(|| invalid(what, value), Ok)
}

#[inline]
pub(crate) fn tile_from_c(tile: u32) -> Result<TileId, carc_status> {
    TileId::from_index(tile as usize).map_or_else(|| invalid("tile number", tile), Ok)
}

pub(crate) fn feature_to_c(kind: FeatureKind) -> u32 {
    match kind {
        FeatureKind::Road => CARC_FEATURE_ROAD,
        FeatureKind::City => CARC_FEATURE_CITY,
        FeatureKind::Monastery => CARC_FEATURE_MONASTERY,
        FeatureKind::Field => CARC_FEATURE_FIELD,
        FeatureKind::River => CARC_FEATURE_RIVER,
        FeatureKind::Shrine => CARC_FEATURE_SHRINE,
    }
}

#[inline]
pub(crate) fn feature_from_c(value: u32) -> Result<FeatureKind, carc_status> {
    from_code(&FeatureKind::ALL, feature_to_c, "feature", value)
}

pub(crate) fn figure_to_c(figure: Figure) -> u32 {
    match figure {
        Figure::Follower => CARC_FIGURE_FOLLOWER,
        Figure::LargeFollower => CARC_FIGURE_LARGE_FOLLOWER,
        Figure::Builder => CARC_FIGURE_BUILDER,
        Figure::Pig => CARC_FIGURE_PIG,
        Figure::Ringmaster => CARC_FIGURE_RINGMASTER,
    }
}

#[inline]
pub(crate) fn figure_from_c(value: u32) -> Result<Figure, carc_status> {
    from_code(&Figure::ALL, figure_to_c, "figure", value)
}

pub(crate) fn goods_to_c(goods: Goods) -> u32 {
    match goods {
        Goods::Wine => CARC_GOODS_WINE,
        Goods::Grain => CARC_GOODS_GRAIN,
        Goods::Cloth => CARC_GOODS_CLOTH,
    }
}

pub(crate) fn quarter_to_c(quarter: Quarter) -> u32 {
    match quarter {
        Quarter::Castle => CARC_QUARTER_CASTLE,
        Quarter::Market => CARC_QUARTER_MARKET,
        Quarter::Blacksmith => CARC_QUARTER_BLACKSMITH,
        Quarter::Cathedral => CARC_QUARTER_CATHEDRAL,
    }
}

pub(crate) fn quarter_from_c(value: u32) -> Result<Quarter, carc_status> {
    from_code(&Quarter::ALL, quarter_to_c, "quarter", value)
}

pub(crate) fn token_to_c(token: Token) -> u32 {
    match token {
        Token::King => CARC_TOKEN_KING,
        Token::RobberBaron => CARC_TOKEN_ROBBER_BARON,
    }
}

pub(crate) fn token_from_c(value: u32) -> Result<Token, carc_status> {
    from_code(&Token::ALL, token_to_c, "token", value)
}

pub(crate) fn pending_to_c(pending: Pending) -> u32 {
    match pending {
        Pending::Draw => CARC_PENDING_DRAW,
        Pending::Place { .. } => CARC_PENDING_PLACE,
        Pending::Deploy { .. } => CARC_PENDING_DEPLOY,
        Pending::DoubleTurn => CARC_PENDING_DOUBLE_TURN,
        Pending::EnterCity => CARC_PENDING_ENTER_CITY,
        Pending::MoveCount => CARC_PENDING_MOVE_COUNT,
        Pending::LeaveCity => CARC_PENDING_LEAVE_CITY,
        Pending::Market => CARC_PENDING_MARKET,
        Pending::AnimalToken => CARC_PENDING_ANIMAL_TOKEN,
        Pending::Ingot { .. } => CARC_PENDING_INGOT,
        Pending::TakeIngot => CARC_PENDING_TAKE_INGOT,
        Pending::Magic => CARC_PENDING_MAGIC,
        Pending::RemoveMagic => CARC_PENDING_REMOVE_MAGIC,
        Pending::FlierRoll => CARC_PENDING_FLIER_ROLL,
        Pending::Landing { .. } => CARC_PENDING_LANDING,
        Pending::PlaceFerry { .. } => CARC_PENDING_PLACE_FERRY,
        Pending::MoveFerry => CARC_PENDING_MOVE_FERRY,
        Pending::CropOption => CARC_PENDING_CROP_OPTION,
        Pending::CropDeploy => CARC_PENDING_CROP_DEPLOY,
        Pending::CropReturn => CARC_PENDING_CROP_RETURN,
        Pending::PlaceRobber => CARC_PENDING_PLACE_ROBBER,
        Pending::ChooseRobbed => CARC_PENDING_CHOOSE_ROBBED,
        Pending::ScoreOrder => CARC_PENDING_SCORE_ORDER,
        Pending::ChooseScoringFigure => CARC_PENDING_CHOOSE_SCORING_FIGURE,
        Pending::DrawMessage => CARC_PENDING_DRAW_MESSAGE,
        Pending::ResolveMessage { .. } => CARC_PENDING_RESOLVE_MESSAGE,
        Pending::GameOver => CARC_PENDING_GAME_OVER,
    }
}

#[inline]
pub(crate) fn location_from_c(value: u32) -> Result<Location, carc_status> {
    u16::try_from(value)
        .ok()
        .and_then(Location::from_bits)
        .map_or_else(|| invalid("location", value), Ok)
}

pub(crate) fn outcome_to_c(outcome: Outcome, probability: f64) -> carc_chance {
    match outcome {
        Outcome::Tile(tile) => carc_chance {
            kind: CARC_CHANCE_TILE,
            value: tile.index() as u32,
            probability,
        },
        Outcome::Animal(animal) => carc_chance {
            kind: CARC_CHANCE_ANIMAL,
            value: animal_to_c(animal),
            probability,
        },
        Outcome::Roll(distance) => carc_chance {
            kind: CARC_CHANCE_ROLL,
            value: u32::from(distance),
            probability,
        },
        Outcome::Message(message) => carc_chance {
            kind: CARC_CHANCE_MESSAGE,
            value: message_to_c(message),
            probability,
        },
    }
}

pub(crate) fn message_to_c(message: Message) -> u32 {
    match message {
        Message::ShortestRoad => CARC_MESSAGE_SHORTEST_ROAD,
        Message::SmallestCity => CARC_MESSAGE_SMALLEST_CITY,
        Message::SmallestMonastery => CARC_MESSAGE_SMALLEST_MONASTERY,
        Message::CoatsOfArms => CARC_MESSAGE_COATS_OF_ARMS,
        Message::Knights => CARC_MESSAGE_KNIGHTS,
        Message::Farmers => CARC_MESSAGE_FARMERS,
        Message::ExtraTile => CARC_MESSAGE_EXTRA_TILE,
        Message::ScoreAndReturn => CARC_MESSAGE_SCORE_AND_RETURN,
    }
}

pub(crate) fn message_from_c(value: u32) -> Result<Message, carc_status> {
    from_code(&Message::ALL, message_to_c, "message", value)
}

pub(crate) fn numbering_to_c(numbering: MessageNumbering) -> u32 {
    match numbering {
        MessageNumbering::C1 => CARC_MESSAGE_NUMBERING_C1,
        MessageNumbering::C2 => CARC_MESSAGE_NUMBERING_C2,
    }
}

pub(crate) fn numbering_from_c(value: u32) -> Result<MessageNumbering, carc_status> {
    // Every numbering: `numbering_to_c` above is the exhaustive match.
    const ALL: [MessageNumbering; 2] = [MessageNumbering::C1, MessageNumbering::C2];
    from_code(&ALL, numbering_to_c, "message numbering", value)
}

/// The static NUL-terminated name of a message (`"shortest_road"`, ...), built once.
pub(crate) fn message_c_name(message: Message) -> &'static [u8] {
    static NAMES: std::sync::OnceLock<Vec<Vec<u8>>> = std::sync::OnceLock::new();
    let names = NAMES.get_or_init(|| {
        Message::ALL
            .iter()
            .map(|m| {
                let mut v = m.name().as_bytes().to_vec();
                v.push(0);
                v
            })
            .collect()
    });
    names[message.index()].as_slice()
}

pub(crate) fn magic_to_c(figure: MagicFigure) -> u32 {
    match figure {
        MagicFigure::Mage => CARC_MAGIC_MAGE,
        MagicFigure::Witch => CARC_MAGIC_WITCH,
    }
}

pub(crate) fn magic_from_c(value: u32) -> Result<MagicFigure, carc_status> {
    from_code(&MagicFigure::ALL, magic_to_c, "magic figure", value)
}

pub(crate) fn crop_option_to_c(option: CropOption) -> u32 {
    match option {
        CropOption::Deploy => CARC_CROP_DEPLOY,
        CropOption::Return => CARC_CROP_RETURN,
    }
}

pub(crate) fn crop_option_from_c(value: u32) -> Result<CropOption, carc_status> {
    from_code(&CropOption::ALL, crop_option_to_c, "crop option", value)
}

pub(crate) fn direction_to_c(direction: Compass) -> u32 {
    match direction {
        Compass::N => CARC_DIRECTION_N,
        Compass::NE => CARC_DIRECTION_NE,
        Compass::E => CARC_DIRECTION_E,
        Compass::SE => CARC_DIRECTION_SE,
        Compass::S => CARC_DIRECTION_S,
        Compass::SW => CARC_DIRECTION_SW,
        Compass::W => CARC_DIRECTION_W,
        Compass::NW => CARC_DIRECTION_NW,
    }
}

pub(crate) fn magic_figure_to_c(m: &PlacedMagicFigure) -> carc_magic_figure {
    carc_magic_figure {
        magic: magic_to_c(m.figure),
        x: m.pos.x,
        y: m.pos.y,
        feature: feature_to_c(m.feature),
        location: m.location.bits() as u32,
    }
}

pub(crate) fn animal_to_c(animal: Animal) -> u32 {
    match animal {
        Animal::Elephant => CARC_ANIMAL_ELEPHANT,
        Animal::Tiger => CARC_ANIMAL_TIGER,
        Animal::Bear => CARC_ANIMAL_BEAR,
        Animal::Seal => CARC_ANIMAL_SEAL,
        Animal::Monkey => CARC_ANIMAL_MONKEY,
        Animal::Flea => CARC_ANIMAL_FLEA,
    }
}

pub(crate) fn animal_from_c(value: u32) -> Result<Animal, carc_status> {
    from_code(&Animal::ALL, animal_to_c, "animal", value)
}

pub(crate) fn acrobat_site_to_c(site: &AcrobatSite) -> carc_acrobat_site {
    let mut players = [0u32; 3];
    for (slot, &p) in players.iter_mut().zip(&site.acrobats) {
        *slot = p as u32;
    }
    carc_acrobat_site {
        x: site.pos.x,
        y: site.pos.y,
        count: site.acrobats.len() as u32,
        players,
    }
}

pub(crate) fn outcome_from_c(kind: u32, value: u32) -> Result<Outcome, carc_status> {
    match kind {
        CARC_CHANCE_TILE => Ok(Outcome::Tile(tile_from_c(value)?)),
        CARC_CHANCE_ANIMAL => Ok(Outcome::Animal(animal_from_c(value)?)),
        CARC_CHANCE_ROLL => match u8::try_from(value) {
            Ok(d @ 1..=3) => Ok(Outcome::Roll(d)),
            _ => invalid("roll of the die", value),
        },
        CARC_CHANCE_MESSAGE => Ok(Outcome::Message(message_from_c(value)?)),
        other => invalid("chance kind", other),
    }
}

/// `action` in C form, listed at `epoch`: its kind and the fields that apply to it, every
/// other field 0 (`crop_option` `CARC_CROP_NONE`). Inlined into `carc_game_legal_actions`'
/// listing, where each call site knows the variant, so that only its fields' stores remain.
#[inline(always)]
pub(crate) fn action_to_c(action: &Action, epoch: u64) -> carc_action {
    let mut out = carc_action {
        kind: CARC_ACTION_PASS,
        tile: 0,
        x: 0,
        y: 0,
        rotation: 0,
        figure: 0,
        feature: 0,
        location: 0,
        quarter: 0,
        magic: 0,
        crop_option: CARC_CROP_NONE,
        space: 0,
        robbed: 0,
        track_figure: 0,
        epoch,
    };
    let c = &mut out;
    match *action {
        Action::Place {
            tile,
            pos,
            rotation,
        } => {
            c.kind = CARC_ACTION_PLACE;
            c.tile = tile.index() as u32;
            set_position(c, pos);
            c.rotation = rotation.degrees() as u32;
        }
        Action::Deploy {
            figure,
            pos,
            feature,
            location,
        } => {
            c.kind = CARC_ACTION_DEPLOY;
            c.figure = figure_to_c(figure);
            set_feature_site(c, pos, feature, location);
        }
        Action::DoubleTurn => c.kind = CARC_ACTION_DOUBLE_TURN,
        Action::EnterCity { figure, quarter } => {
            c.kind = CARC_ACTION_ENTER_CITY;
            c.figure = figure_to_c(figure);
            c.quarter = quarter_to_c(quarter);
        }
        Action::MoveCount { quarter } => {
            c.kind = CARC_ACTION_MOVE_COUNT;
            c.quarter = quarter_to_c(quarter);
        }
        Action::LeaveCity {
            figure,
            quarter,
            pos,
            feature,
            location,
        } => {
            c.kind = CARC_ACTION_LEAVE_CITY;
            c.figure = figure_to_c(figure);
            set_feature_site(c, pos, feature, location);
            c.quarter = quarter_to_c(quarter);
        }
        Action::Acrobat { pos } => {
            c.kind = CARC_ACTION_ACROBAT;
            set_position(c, pos);
        }
        Action::ScorePyramid { pos } => {
            c.kind = CARC_ACTION_SCORE_PYRAMID;
            set_position(c, pos);
        }
        Action::Fly { figure } => {
            c.kind = CARC_ACTION_FLY;
            c.figure = figure_to_c(figure);
        }
        Action::Land {
            pos,
            feature,
            location,
        } => {
            c.kind = CARC_ACTION_LAND;
            set_feature_site(c, pos, feature, location);
        }
        Action::PlaceIngot { pos } => {
            c.kind = CARC_ACTION_PLACE_INGOT;
            set_position(c, pos);
        }
        Action::TakeIngot { pos } => {
            c.kind = CARC_ACTION_TAKE_INGOT;
            set_position(c, pos);
        }
        Action::PlaceMagic {
            figure,
            pos,
            feature,
            location,
        } => {
            c.kind = CARC_ACTION_PLACE_MAGIC;
            c.magic = magic_to_c(figure);
            set_feature_site(c, pos, feature, location);
        }
        Action::RemoveMagic { figure } => {
            c.kind = CARC_ACTION_REMOVE_MAGIC;
            c.magic = magic_to_c(figure);
        }
        Action::PlaceFerry { pos, location } => {
            c.kind = CARC_ACTION_PLACE_FERRY;
            set_position(c, pos);
            c.location = location.bits() as u32;
        }
        Action::MoveFerry { pos, location } => {
            c.kind = CARC_ACTION_MOVE_FERRY;
            set_position(c, pos);
            c.location = location.bits() as u32;
        }
        Action::CropOption { option } => {
            c.kind = CARC_ACTION_CROP_OPTION;
            c.crop_option = crop_option_to_c(option);
        }
        Action::CropDeploy {
            figure,
            pos,
            feature,
            location,
        } => {
            c.kind = CARC_ACTION_CROP_DEPLOY;
            c.figure = figure_to_c(figure);
            set_feature_site(c, pos, feature, location);
        }
        Action::CropReturn {
            figure,
            pos,
            feature,
            location,
        } => {
            c.kind = CARC_ACTION_CROP_RETURN;
            c.figure = figure_to_c(figure);
            set_feature_site(c, pos, feature, location);
        }
        Action::PlaceRobber { space } => {
            c.kind = CARC_ACTION_PLACE_ROBBER;
            c.space = u32::from(space);
        }
        Action::Rob { player } => {
            c.kind = CARC_ACTION_ROB;
            c.robbed = u32::from(player);
        }
        Action::ScoringFigure { figure } => {
            c.kind = CARC_ACTION_SCORING_FIGURE;
            c.track_figure = u32::from(figure);
        }
        Action::ScoreFirst {
            pos,
            feature,
            location,
        } => {
            c.kind = CARC_ACTION_SCORE_FIRST;
            set_feature_site(c, pos, feature, location);
        }
        Action::MessagePoints => c.kind = CARC_ACTION_MESSAGE_POINTS,
        Action::MessageAction => c.kind = CARC_ACTION_MESSAGE_ACTION,
        Action::MessageFeature {
            pos,
            feature,
            location,
        } => {
            c.kind = CARC_ACTION_MESSAGE_FEATURE;
            set_feature_site(c, pos, feature, location);
        }
        Action::MessageFollower {
            figure,
            pos,
            feature,
            location,
        } => {
            c.kind = CARC_ACTION_MESSAGE_FOLLOWER;
            c.figure = figure_to_c(figure);
            set_feature_site(c, pos, feature, location);
        }
        Action::Pass => c.kind = CARC_ACTION_PASS,
    }
    out
}

/// Sets the position fields of `c` (x grows east, y grows south).
fn set_position(c: &mut carc_action, pos: Position) {
    c.x = pos.x;
    c.y = pos.y;
}

/// Sets the fields of `c` that name a feature on a tile: its position, kind and location bits.
fn set_feature_site(c: &mut carc_action, pos: Position, feature: FeatureKind, location: Location) {
    set_position(c, pos);
    c.feature = feature_to_c(feature);
    c.location = location.bits() as u32;
}

/// `c` as a core action, each field checked: `CARC_INVALID_ARGUMENT` (with the thread's last
/// error naming the field) for a value out of its range. Inlined into `carc_game_play`, whose
/// call it is on each decision played by value.
#[inline(always)]
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
        CARC_ACTION_ACROBAT => Ok(Action::Acrobat { pos }),
        CARC_ACTION_SCORE_PYRAMID => Ok(Action::ScorePyramid { pos }),
        CARC_ACTION_FLY => Ok(Action::Fly {
            figure: figure_from_c(c.figure)?,
        }),
        CARC_ACTION_LAND => Ok(Action::Land {
            pos,
            feature: feature_from_c(c.feature)?,
            location: location_from_c(c.location)?,
        }),
        CARC_ACTION_PLACE_INGOT => Ok(Action::PlaceIngot { pos }),
        CARC_ACTION_TAKE_INGOT => Ok(Action::TakeIngot { pos }),
        CARC_ACTION_PLACE_MAGIC => Ok(Action::PlaceMagic {
            figure: magic_from_c(c.magic)?,
            pos,
            feature: feature_from_c(c.feature)?,
            location: location_from_c(c.location)?,
        }),
        CARC_ACTION_REMOVE_MAGIC => Ok(Action::RemoveMagic {
            figure: magic_from_c(c.magic)?,
        }),
        CARC_ACTION_PLACE_FERRY => Ok(Action::PlaceFerry {
            pos,
            location: location_from_c(c.location)?,
        }),
        CARC_ACTION_MOVE_FERRY => Ok(Action::MoveFerry {
            pos,
            location: location_from_c(c.location)?,
        }),
        CARC_ACTION_CROP_OPTION => Ok(Action::CropOption {
            option: crop_option_from_c(c.crop_option)?,
        }),
        CARC_ACTION_CROP_DEPLOY => Ok(Action::CropDeploy {
            figure: figure_from_c(c.figure)?,
            pos,
            feature: feature_from_c(c.feature)?,
            location: location_from_c(c.location)?,
        }),
        CARC_ACTION_CROP_RETURN => Ok(Action::CropReturn {
            figure: figure_from_c(c.figure)?,
            pos,
            feature: feature_from_c(c.feature)?,
            location: location_from_c(c.location)?,
        }),
        CARC_ACTION_PLACE_ROBBER => match u8::try_from(c.space) {
            Ok(space) if u32::from(space) < TRACK_SPACES => Ok(Action::PlaceRobber { space }),
            _ => invalid("track space (0 to 49)", c.space),
        },
        CARC_ACTION_ROB => match u8::try_from(c.robbed) {
            Ok(player) if (player as usize) < MAX_PLAYERS => Ok(Action::Rob { player }),
            _ => invalid("robbed seat (0 to 5)", c.robbed),
        },
        CARC_ACTION_SCORE_FIRST => Ok(Action::ScoreFirst {
            pos,
            feature: feature_from_c(c.feature)?,
            location: location_from_c(c.location)?,
        }),
        CARC_ACTION_SCORING_FIGURE => match u8::try_from(c.track_figure) {
            Ok(figure) if (figure as usize) < carcassonne::MAX_TRACK_FIGURES => {
                Ok(Action::ScoringFigure { figure })
            }
            _ => invalid("track figure (0 or 1)", c.track_figure),
        },
        CARC_ACTION_MESSAGE_POINTS => Ok(Action::MessagePoints),
        CARC_ACTION_MESSAGE_ACTION => Ok(Action::MessageAction),
        CARC_ACTION_MESSAGE_FEATURE => Ok(Action::MessageFeature {
            pos,
            feature: feature_from_c(c.feature)?,
            location: location_from_c(c.location)?,
        }),
        CARC_ACTION_MESSAGE_FOLLOWER => Ok(Action::MessageFollower {
            figure: figure_from_c(c.figure)?,
            pos,
            feature: feature_from_c(c.feature)?,
            location: location_from_c(c.location)?,
        }),
        other => invalid("action kind", other),
    }
}

/// Fills the fields of `CARC_REASON_FEATURE` (of a feature's score or a message's).
fn feature_facts_to_c(c: &mut carc_event, f: &FeatureScore) {
    c.feature = feature_to_c(f.kind);
    c.x = f.pos.x;
    c.y = f.pos.y;
    c.location = f.location.bits() as u32;
    c.complete = f.complete as u32;
    c.tiles = f.tiles as u32;
    c.pennants = f.pennants as u32;
    c.bonuses =
        if f.inn { CARC_BONUS_INN } else { 0 } | if f.cathedral { CARC_BONUS_CATHEDRAL } else { 0 };
    c.strength = f.strength as u32;
    c.magic = f.magic.map_or(CARC_MAGIC_NONE, magic_to_c);
}

/// Fills the fields of `CARC_REASON_FIELD` (of a field's score or a message's).
fn field_facts_to_c(c: &mut carc_event, f: &FieldScore) {
    c.feature = CARC_FEATURE_FIELD;
    c.x = f.pos.x;
    c.y = f.pos.y;
    c.location = f.location.bits() as u32;
    c.cities = f.cities as u32;
    c.points_per_city = f.points_per_city as u32;
    c.bonuses =
        if f.pig { CARC_BONUS_PIG } else { 0 } | if f.pig_herd { CARC_BONUS_PIG_HERD } else { 0 };
    c.strength = f.strength as u32;
}

/// The C form of a score: `reason` and the fields of that reason.
fn score_to_c(s: &Score) -> carc_event {
    let mut c = carc_event {
        kind: CARC_EVENT_SCORED,
        player: s.player as i32,
        points: s.points,
        final_scoring: s.final_scoring as u32,
        track_figure: s.track_figure.map_or(-1, i32::from),
        ..carc_event::default()
    };
    match &s.reason {
        Reason::Feature(f) => {
            c.reason = CARC_REASON_FEATURE;
            feature_facts_to_c(&mut c, f);
        }
        Reason::Field(f) => {
            c.reason = CARC_REASON_FIELD;
            field_facts_to_c(&mut c, f);
        }
        Reason::Goods(g) => {
            c.reason = CARC_REASON_GOODS;
            c.goods = goods_to_c(g.goods);
            c.goods_held = g.tokens as u32;
        }
        Reason::Token(t) => {
            c.reason = CARC_REASON_TOKEN;
            c.token = token_to_c(t.token);
            c.token_completed = t.completed as u32;
            c.tokens_held = t.held as u32;
        }
        Reason::BigTop(b) => {
            c.reason = CARC_REASON_BIG_TOP;
            c.animal = animal_to_c(b.animal);
            c.figures = b.figures as u32;
            c.x = b.pos.x;
            c.y = b.pos.y;
        }
        Reason::Acrobats(a) => {
            c.reason = CARC_REASON_ACROBATS;
            c.acrobats = a.acrobats as u32;
            c.x = a.pos.x;
            c.y = a.pos.y;
        }
        Reason::Ringmaster(r) => {
            c.reason = CARC_REASON_RINGMASTER;
            c.circus_tiles = r.circus_tiles as u32;
            c.x = r.pos.x;
            c.y = r.pos.y;
        }
        Reason::Gold(g) => {
            c.reason = CARC_REASON_GOLD;
            c.ingots = u32::from(g.ingots);
        }
        Reason::Robbery(r) => {
            c.reason = CARC_REASON_ROBBERY;
            c.victim = r.victim as i32;
            c.award = r.award;
            c.space = u32::from(r.space);
        }
        Reason::Message(m) => {
            c.reason = CARC_REASON_MESSAGE;
            c.message = message_to_c(m.message);
            c.seal = u32::from(m.seal);
            c.counted = u32::from(m.counted);
            match (&m.feature, &m.field) {
                (Some(f), _) => {
                    c.message_reason = CARC_REASON_FEATURE;
                    feature_facts_to_c(&mut c, f);
                }
                (None, Some(f)) => {
                    c.message_reason = CARC_REASON_FIELD;
                    field_facts_to_c(&mut c, f);
                }
                (None, None) => c.message_reason = CARC_REASON_NONE,
            }
        }
    }
    c
}

/// `carc_game_robber`'s state and space of a robber (`None`: no robbers).
pub(crate) fn robber_to_c(robber: Option<RobberState>) -> (u32, u32) {
    match robber {
        None => (CARC_ROBBER_NONE, 0),
        Some(RobberState::InSupply) => (CARC_ROBBER_IN_SUPPLY, 0),
        Some(RobberState::OnTrack(space)) => (CARC_ROBBER_ON_TRACK, u32::from(space)),
        Some(RobberState::Returning) => (CARC_ROBBER_RETURNING, 0),
    }
}

pub(crate) fn event_to_c(event: &Event) -> carc_event {
    let base = |kind: u32, player: usize| carc_event {
        kind,
        player: player as i32,
        ..carc_event::default()
    };
    match event {
        Event::TileDrawn { player, tile } => carc_event {
            tile: tile.index() as u32,
            ..base(CARC_EVENT_TILE_DRAWN, *player)
        },
        Event::TileDiscarded { player, tile } => carc_event {
            tile: tile.index() as u32,
            ..base(CARC_EVENT_TILE_DISCARDED, *player)
        },
        Event::TileDeferred { player, tile } => carc_event {
            tile: tile.index() as u32,
            ..base(CARC_EVENT_TILE_DEFERRED, *player)
        },
        Event::TilePlaced {
            player,
            tile,
            pos,
            rotation,
        } => carc_event {
            tile: tile.index() as u32,
            x: pos.x,
            y: pos.y,
            rotation: rotation.degrees() as u32,
            ..base(CARC_EVENT_TILE_PLACED, *player)
        },
        Event::FigureDeployed {
            player,
            figure,
            pos,
            feature,
            location,
        } => carc_event {
            figure: figure_to_c(*figure),
            x: pos.x,
            y: pos.y,
            feature: feature_to_c(*feature),
            location: location.bits() as u32,
            ..base(CARC_EVENT_FIGURE_DEPLOYED, *player)
        },
        Event::FigureReturned {
            player,
            figure,
            pos,
            feature,
            location,
        } => carc_event {
            figure: figure_to_c(*figure),
            x: pos.x,
            y: pos.y,
            feature: feature_to_c(*feature),
            location: location.bits() as u32,
            ..base(CARC_EVENT_FIGURE_RETURNED, *player)
        },
        Event::Scored(s) => score_to_c(s),
        Event::GoodsTaken {
            player,
            goods,
            tokens,
        } => carc_event {
            goods: goods_to_c(*goods),
            goods_taken: *tokens as u32,
            ..base(CARC_EVENT_GOODS_TAKEN, *player)
        },
        Event::TokenTaken {
            player,
            token,
            size,
        } => carc_event {
            token: token_to_c(*token),
            token_size: *size as u32,
            ..base(CARC_EVENT_TOKEN_TAKEN, *player)
        },
        Event::FigureEnteredCity {
            player,
            figure,
            quarter,
        } => carc_event {
            figure: figure_to_c(*figure),
            quarter: quarter_to_c(*quarter),
            ..base(CARC_EVENT_FIGURE_ENTERED_CITY, *player)
        },
        Event::CountMoved { player, quarter } => carc_event {
            quarter: quarter_to_c(*quarter),
            ..base(CARC_EVENT_COUNT_MOVED, *player)
        },
        Event::FigureLeftCity {
            player,
            figure,
            quarter,
            pos,
            feature,
            location,
        } => carc_event {
            figure: figure_to_c(*figure),
            quarter: quarter_to_c(*quarter),
            x: pos.x,
            y: pos.y,
            feature: feature_to_c(*feature),
            location: location.bits() as u32,
            ..base(CARC_EVENT_FIGURE_LEFT_CITY, *player)
        },
        Event::BigTopMoved { from, to } => carc_event {
            x: to.x,
            y: to.y,
            moved_from: from.is_some() as u32,
            from_x: from.map_or(0, |p| p.x),
            from_y: from.map_or(0, |p| p.y),
            player: -1,
            ..base(CARC_EVENT_BIG_TOP_MOVED, 0)
        },
        Event::AnimalRevealed { animal, pos } => carc_event {
            animal: animal_to_c(*animal),
            x: pos.x,
            y: pos.y,
            player: -1,
            ..base(CARC_EVENT_ANIMAL_REVEALED, 0)
        },
        Event::AcrobatDeployed { player, pos } => carc_event {
            x: pos.x,
            y: pos.y,
            ..base(CARC_EVENT_ACROBAT_DEPLOYED, *player)
        },
        Event::AcrobatReturned { player, pos } => carc_event {
            x: pos.x,
            y: pos.y,
            ..base(CARC_EVENT_ACROBAT_RETURNED, *player)
        },
        Event::IngotPlaced { pos } => carc_event {
            x: pos.x,
            y: pos.y,
            player: -1,
            ..base(CARC_EVENT_INGOT_PLACED, 0)
        },
        Event::IngotTaken { player, pos } => carc_event {
            x: pos.x,
            y: pos.y,
            ..base(CARC_EVENT_INGOT_TAKEN, *player)
        },
        Event::MagicFigureMoved {
            figure,
            pos,
            feature,
            location,
        } => carc_event {
            magic: magic_to_c(*figure),
            x: pos.x,
            y: pos.y,
            feature: feature_to_c(*feature),
            location: location.bits() as u32,
            player: -1,
            ..base(CARC_EVENT_MAGIC_FIGURE_MOVED, 0)
        },
        Event::MagicFigureRemoved { figure } => carc_event {
            magic: magic_to_c(*figure),
            player: -1,
            ..base(CARC_EVENT_MAGIC_FIGURE_REMOVED, 0)
        },
        Event::FlierLaunched {
            player,
            figure,
            pos,
            direction,
        } => carc_event {
            figure: figure_to_c(*figure),
            x: pos.x,
            y: pos.y,
            direction: direction_to_c(*direction),
            ..base(CARC_EVENT_FLIER_LAUNCHED, *player)
        },
        Event::DieRolled { distance, target } => carc_event {
            distance: u32::from(*distance),
            x: target.x,
            y: target.y,
            player: -1,
            ..base(CARC_EVENT_DIE_ROLLED, 0)
        },
        Event::FlierReturned { player, figure } => carc_event {
            figure: figure_to_c(*figure),
            ..base(CARC_EVENT_FLIER_RETURNED, *player)
        },
        Event::FerryPlaced {
            player,
            pos,
            location,
        } => carc_event {
            x: pos.x,
            y: pos.y,
            location: location.bits() as u32,
            ..base(CARC_EVENT_FERRY_PLACED, *player)
        },
        Event::FerryMoved {
            player,
            pos,
            from,
            to,
        } => carc_event {
            x: pos.x,
            y: pos.y,
            location: to.bits() as u32,
            from_location: from.bits() as u32,
            ..base(CARC_EVENT_FERRY_MOVED, *player)
        },
        Event::CropOptionChosen {
            player,
            option,
            circle,
            pos,
        } => carc_event {
            crop_option: crop_option_to_c(*option),
            feature: feature_to_c(*circle),
            x: pos.x,
            y: pos.y,
            ..base(CARC_EVENT_CROP_OPTION_CHOSEN, *player)
        },
        Event::RobberPlaced { player, space } => carc_event {
            space: u32::from(*space),
            ..base(CARC_EVENT_ROBBER_PLACED, *player)
        },
        Event::RobberMoved {
            player,
            from,
            to,
            with,
        } => carc_event {
            from_space: u32::from(*from),
            space: u32::from(*to),
            with_player: with.map_or(-1, |q| q as i32),
            ..base(CARC_EVENT_ROBBER_MOVED, *player)
        },
        Event::RobberReturned { player } => base(CARC_EVENT_ROBBER_RETURNED, *player),
        Event::FiguresMerged {
            player,
            scoring_figure,
            messenger,
        } => carc_event {
            scoring_figure_value: *scoring_figure,
            messenger_value: *messenger,
            ..base(CARC_EVENT_FIGURES_MERGED, *player)
        },
        Event::MessageDrawn { player, message } => carc_event {
            message: message_to_c(*message),
            ..base(CARC_EVENT_MESSAGE_DRAWN, *player)
        },
        Event::GameOver { .. } => carc_event::default(),
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use carcassonne::{Config, Game, TileSet};

    /// Every value of every enum maps to a code of its own and back.
    #[test]
    fn every_enum_value_round_trips() {
        let mut codes = std::collections::BTreeSet::new();
        for f in Figure::ALL {
            assert_eq!(figure_from_c(figure_to_c(f)), Ok(f));
            codes.insert(figure_to_c(f));
        }
        assert_eq!(codes.len(), Figure::ALL.len());
        for k in FeatureKind::ALL {
            assert_eq!(feature_from_c(feature_to_c(k)), Ok(k));
        }
        for q in Quarter::ALL {
            assert_eq!(quarter_from_c(quarter_to_c(q)), Ok(q));
        }
        for t in Token::ALL {
            assert_eq!(token_from_c(token_to_c(t)), Ok(t));
        }
        let goods: std::collections::BTreeSet<u32> = Goods::ALL.map(goods_to_c).into();
        assert_eq!(goods.len(), 3);
        assert!(!goods.contains(&CARC_GOODS_NONE));
        for bad in [5, 99, u32::MAX] {
            assert!(figure_from_c(bad).is_err());
        }
        for bad in [4, 99, u32::MAX] {
            assert!(quarter_from_c(bad).is_err());
        }
        assert!(feature_from_c(6).is_err());
        assert!(token_from_c(CARC_TOKEN_NONE).is_err());
        assert!(outcome_from_c(2, 0).is_err());
        assert!(outcome_from_c(CARC_CHANCE_ANIMAL, CARC_ANIMAL_NONE).is_err());
        for a in Animal::ALL {
            assert_eq!(animal_from_c(animal_to_c(a)), Ok(a));
        }
        for o in CropOption::ALL {
            assert_eq!(crop_option_from_c(crop_option_to_c(o)), Ok(o));
        }
        assert!(crop_option_from_c(CARC_CROP_NONE).is_err());
        let mut codes = std::collections::BTreeSet::new();
        for m in Message::ALL {
            assert_eq!(message_from_c(message_to_c(m)), Ok(m));
            assert_eq!(
                message_to_c(m),
                u32::from(m.number(MessageNumbering::C1)),
                "a code is the C1 number"
            );
            assert_eq!(
                outcome_from_c(CARC_CHANCE_MESSAGE, message_to_c(m)),
                Ok(Outcome::Message(m))
            );
            let name = message_c_name(m);
            assert_eq!(name.last(), Some(&0));
            assert_eq!(&name[..name.len() - 1], m.name().as_bytes());
            codes.insert(message_to_c(m));
        }
        assert_eq!(codes.len(), Message::ALL.len());
        for bad in [CARC_MESSAGE_NONE, 9, u32::MAX] {
            assert!(message_from_c(bad).is_err());
            assert!(outcome_from_c(CARC_CHANCE_MESSAGE, bad).is_err());
        }
        for n in [MessageNumbering::C1, MessageNumbering::C2] {
            assert_eq!(numbering_from_c(numbering_to_c(n)), Ok(n));
        }
        assert!(numbering_from_c(2).is_err());
    }

    /// Every legal action of whole games with every set crosses to C and back unchanged, and
    /// every pending kind and chance outcome has its code.
    #[test]
    fn every_action_of_every_set_round_trips() {
        let mut kinds = std::collections::BTreeSet::new();
        let mut pendings = std::collections::BTreeSet::new();
        for seed in 0..6 {
            let mut config = Config::new(4);
            config.sets = TileSet::ALL
                .into_iter()
                .filter(|s| !s.is_other_edition())
                .collect();
            config.explicit_draws = seed == 0;
            let mut game = Game::new(config, seed).unwrap();
            let mut step = 0usize;
            while !game.is_over() {
                pendings.insert(pending_to_c(game.pending()));
                if game.pending().is_chance() {
                    let outcomes = game.chance_outcomes();
                    for (o, p) in &outcomes {
                        let c = outcome_to_c(*o, *p);
                        assert_eq!(outcome_from_c(c.kind, c.value), Ok(*o));
                    }
                    game.resolve(outcomes[step % outcomes.len()].0).unwrap();
                    step += 1;
                    continue;
                }
                let legal = game.legal_actions();
                for a in &legal {
                    let c = action_to_c(a, 7);
                    assert_eq!(c.epoch, 7);
                    assert_eq!(action_from_c(&c), Ok(*a));
                    kinds.insert(c.kind);
                }
                let city: Vec<_> = legal
                    .iter()
                    .filter(|a| {
                        matches!(
                            a,
                            Action::EnterCity { .. }
                                | Action::LeaveCity { .. }
                                | Action::Acrobat { .. }
                                | Action::ScorePyramid { .. }
                        )
                    })
                    .collect();
                let action = city.first().map_or(legal[step % legal.len()], |a| **a);
                for e in game.play(action).unwrap() {
                    let c = event_to_c(&e);
                    assert_eq!(c.reason == CARC_REASON_NONE, e.score().is_none());
                    // Every set has the score track: every award says which figure moved.
                    assert_eq!(c.track_figure >= 0, e.score().is_some());
                    assert_eq!(
                        c.message != CARC_MESSAGE_NONE,
                        matches!(e, Event::MessageDrawn { .. }) || c.reason == CARC_REASON_MESSAGE
                    );
                }
                step += 1;
            }
        }
        for kind in [
            CARC_ACTION_PLACE,
            CARC_ACTION_DEPLOY,
            CARC_ACTION_PASS,
            CARC_ACTION_ENTER_CITY,
            CARC_ACTION_MOVE_COUNT,
            CARC_ACTION_LEAVE_CITY,
            CARC_ACTION_ACROBAT,
            CARC_ACTION_SCORE_PYRAMID,
            CARC_ACTION_PLACE_FERRY,
            CARC_ACTION_MOVE_FERRY,
            CARC_ACTION_PLACE_ROBBER,
        ] {
            assert!(kinds.contains(&kind), "action kind {kind} came up");
        }
        for a in [
            Action::Rob { player: 3 },
            "score_first 1,-2 city NW".parse().unwrap(),
            Action::PlaceRobber { space: 49 },
            Action::ScoringFigure { figure: 1 },
            Action::MessagePoints,
            Action::MessageAction,
            "message_feature 1,-2 road E".parse().unwrap(),
            "message_follower large_follower 1,-2 city N"
                .parse()
                .unwrap(),
        ] {
            assert_eq!(action_from_c(&action_to_c(&a, 0)), Ok(a));
        }
        let mut bad = action_to_c(&Action::PlaceRobber { space: 0 }, 0);
        bad.space = 50;
        assert!(action_from_c(&bad).is_err());
        let mut bad = action_to_c(&Action::Rob { player: 0 }, 0);
        bad.robbed = 6;
        assert!(action_from_c(&bad).is_err());
        assert!(
            pendings.contains(&CARC_PENDING_DRAW) && pendings.contains(&CARC_PENDING_ENTER_CITY)
        );
        assert!(pendings.contains(&CARC_PENDING_ANIMAL_TOKEN));
        assert!(pendings.contains(&CARC_PENDING_CROP_OPTION));
        assert!(pendings.contains(&CARC_PENDING_DRAW_MESSAGE));
        assert!(pendings.contains(&CARC_PENDING_RESOLVE_MESSAGE));
        assert!(kinds.contains(&CARC_ACTION_MESSAGE_POINTS));
        assert!(kinds.contains(&CARC_ACTION_CROP_OPTION));
        let double_turn = action_to_c(&Action::DoubleTurn, 0);
        assert_eq!(action_from_c(&double_turn), Ok(Action::DoubleTurn));
    }
}
