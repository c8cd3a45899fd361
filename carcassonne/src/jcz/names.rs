//! Every name JCloisterZone gives to something of ours, in one place: tile-set ids, element
//! and rule keys, meeple types, quarter locations, points-expression names. Each mapping is an
//! exhaustive `match` on our side, so a new variant fails to compile until it is named here.

use crate::animal::Animal;
use crate::config::{
    CountFinalScoring, CountMove, KingRobberScoring, SmallCityScoring, UnfinishedInnsCathedrals,
};
use crate::crop::CropOption;
use crate::events::{Reason, Score};
use crate::figure::Figure;
use crate::magic::MagicFigure;
use crate::quarter::Quarter;
use crate::tile::{FeatureKind, TileSet};
use crate::token::Token;

/// The set id JCloisterZone's client writes in `setup.sets`, with its edition suffix where the
/// tile XML has one (`../shared/jcz/refereed/README.md`, point 3).
pub(crate) const fn set_id(set: TileSet) -> &'static str {
    match set {
        TileSet::Base => "basic:1",
        TileSet::InnsAndCathedrals => "inns-and-cathedrals:1",
        TileSet::TradersAndBuilders => "traders-and-builders:1",
        TileSet::River => "river/1:1",
        TileSet::River2 => "river/2:1",
        TileSet::KingAndRobber => "king-and-robber:1",
        TileSet::Cult => "cult/5",
        TileSet::Cult6 => "cult/6",
        TileSet::Count => "count",
        TileSet::BigTop => "under-the-big-top:2",
        TileSet::BigTop1 => "under-the-big-top:1",
        TileSet::FlyingMachines => "flier:2",
        TileSet::FlyingMachines1 => "flier:1",
        TileSet::GoldMines => "goldmines",
        TileSet::MageWitch => "mage-and-witch:2",
        TileSet::MageWitch1 => "mage-and-witch:1",
        TileSet::Ferries => "ferries",
        TileSet::CropCircles => "corn-circles/2",
        TileSet::CropCircles1 => "corn-circles/1",
        // JCloisterZone has no Robbers; no `.jcz` names them (export refuses them).
        TileSet::Robbers => "robbers",
        // JCloisterZone has no Messages either (export refuses them).
        TileSet::Messages => "messages",
    }
}

/// The set of a `setup.sets` key, with or without an edition suffix (`basic:1`, `basic`); an
/// edition we keep as a set of its own (`under-the-big-top:1`) is matched exactly first.
pub(crate) fn set_from_id(id: &str) -> Option<TileSet> {
    let bare = |set: TileSet| set_id(set).split(':').next().unwrap_or_default();
    let key = id.split(':').next().unwrap_or_default();
    TileSet::ALL
        .into_iter()
        .find(|&set| set_id(set) == id)
        .or_else(|| TileSet::ALL.into_iter().find(|&set| bare(set) == key))
}

/// JCloisterZone's feature name of a flying machine (a flight's launch pointer).
pub(crate) const FLYING_MACHINE_FEATURE: &str = "FlyingMachine";
/// JCloisterZone's token name of a gold ingot (`PLACE_TOKEN`).
pub(crate) const GOLD_TOKEN: &str = "GOLD";
/// The `token` of a ferry in `PLACE_TOKEN` (Ferries).
pub(crate) const FERRY_TOKEN: &str = "FERRY";
/// JCloisterZone's figure ids of the mage and the witch (`MOVE_NEUTRAL_FIGURE`).
pub(crate) const MAGE_FIGURE: &str = "mage.1";
/// See [`MAGE_FIGURE`].
pub(crate) const WITCH_FIGURE: &str = "witch.1";

/// JCloisterZone's figure id of a magic figure.
pub(crate) const fn magic_figure_id(figure: MagicFigure) -> &'static str {
    match figure {
        MagicFigure::Mage => MAGE_FIGURE,
        MagicFigure::Witch => WITCH_FIGURE,
    }
}

/// JCloisterZone's element of the crop circles (on with any `corn-circles/*` set).
pub(crate) const CROP_CIRCLE_ELEMENT: &str = "corn-circle";
/// The `source` of a `RETURN_MEEPLE` in a crop circle's round.
pub(crate) const CORN_CIRCLE_SOURCE: &str = "CORN_CIRCLE";

/// The `value` of `CIRCLE_REMOVE_OR_DEPLOY` for a crop option.
pub(crate) const fn crop_option(option: CropOption) -> &'static str {
    match option {
        CropOption::Deploy => "DEPLOY",
        CropOption::Return => "REMOVE",
    }
}

/// The crop option of a `CIRCLE_REMOVE_OR_DEPLOY` value.
pub(crate) fn crop_option_from(value: &str) -> Option<CropOption> {
    CropOption::ALL
        .into_iter()
        .find(|&o| crop_option(o) == value)
}

/// The magic figure of a JCloisterZone figure id.
pub(crate) fn magic_figure(id: &str) -> Option<MagicFigure> {
    match id {
        MAGE_FIGURE => Some(MagicFigure::Mage),
        WITCH_FIGURE => Some(MagicFigure::Witch),
        _ => None,
    }
}

/// The meeple type in a meeple id `<player>.<type>.<n>` (`MeepleIdProvider`: the class name in
/// lower case without `follower`).
pub(crate) const fn meeple_type(figure: Figure) -> &'static str {
    match figure {
        Figure::Follower => "small",
        Figure::LargeFollower => "big",
        Figure::Builder => "builder",
        Figure::Pig => "pig",
        Figure::Ringmaster => "ringmaster",
    }
}

/// The element key that gives a player's number of figures of this kind.
pub(crate) const fn figure_element(figure: Figure) -> &'static str {
    match figure {
        Figure::Follower => "small-follower",
        Figure::LargeFollower => "big-follower",
        Figure::Builder => "builder",
        Figure::Pig => "pig",
        Figure::Ringmaster => "ringmaster",
    }
}

/// The figure of a meeple type (`small`, `big`, `builder`, `pig`).
pub(crate) fn figure_from_meeple_type(name: &str) -> Option<Figure> {
    Figure::ALL.into_iter().find(|&f| meeple_type(f) == name)
}

/// The location of a quarter of the City of Carcassonne (`QUARTER_CASTLE`, ...), on the
/// feature `Quarter` of the piece `CO/7`.
pub(crate) const fn quarter_location(quarter: Quarter) -> &'static str {
    match quarter {
        Quarter::Castle => "QUARTER_CASTLE",
        Quarter::Market => "QUARTER_MARKET",
        Quarter::Blacksmith => "QUARTER_BLACKSMITH",
        Quarter::Cathedral => "QUARTER_CATHEDRAL",
    }
}

/// The quarter of a quarter location.
pub(crate) fn quarter_from_location(name: &str) -> Option<Quarter> {
    Quarter::ALL
        .into_iter()
        .find(|&q| quarter_location(q) == name)
}

/// JCloisterZone's feature class name of a quarter pointer.
pub(crate) const QUARTER_FEATURE: &str = "Quarter";

/// The Count's id in `MOVE_NEUTRAL_FIGURE`.
pub(crate) const COUNT_FIGURE: &str = "count.1";

/// JCloisterZone's feature class of an acrobat site (location `I`).
pub(crate) const ACROBATS_FEATURE: &str = "Acrobats";

/// The animal tokens in JCloisterZone's order (`BigTopToken` `BIGTOP_1` .. `BIGTOP_7`, the
/// order of the list a draw indexes into): by value, lowest first.
pub(crate) const ANIMALS_BY_VALUE: [Animal; 6] = [
    Animal::Flea,
    Animal::Monkey,
    Animal::Seal,
    Animal::Bear,
    Animal::Tiger,
    Animal::Elephant,
];

/// The value of the rule `tiny-city-scoring`.
pub(crate) const fn tiny_city_scoring(value: SmallCityScoring) -> &'static str {
    match value {
        SmallCityScoring::Standard => "4",
        SmallCityScoring::Legacy2 => "2",
    }
}

/// The value of the rule `king-and-robber-scoring`.
pub(crate) const fn king_and_robber_scoring(value: KingRobberScoring) -> &'static str {
    match value {
        KingRobberScoring::PerCompletedFeature => "default",
        KingRobberScoring::TenPerToken => "10/20",
        KingRobberScoring::FifteenForty => "15/40",
        KingRobberScoring::Continuously => "continuously",
    }
}

/// The value of the rule `inn-and-cathedral-final-scoring`.
pub(crate) const fn inn_and_cathedral_final_scoring(
    value: UnfinishedInnsCathedrals,
) -> &'static str {
    match value {
        UnfinishedInnsCathedrals::Zero => "zero",
        UnfinishedInnsCathedrals::Ignore => "ignore",
    }
}

/// The value of the rule `count-move`.
pub(crate) const fn count_move(value: CountMove) -> &'static str {
    match value {
        CountMove::ByPlayer => "by-player",
        CountMove::Clockwise => "clockwise",
        CountMove::FollowFigure => "follow-meeple",
    }
}

/// The value of the rule `coc-final-scoring`.
pub(crate) const fn coc_final_scoring(value: CountFinalScoring) -> &'static str {
    match value {
        CountFinalScoring::MarketOnly => "market-only",
        CountFinalScoring::AllQuarters => "any-district",
    }
}

/// The variant whose JCloisterZone value is `value`, among `all` named by `name`.
pub(crate) fn from_value<T: Copy>(
    all: &[T],
    name: fn(T) -> &'static str,
    value: &str,
) -> Option<T> {
    all.iter().copied().find(|&v| name(v) == value)
}

/// Every value of each rule enum, for [`from_value`].
pub(crate) const SMALL_CITY: [SmallCityScoring; 2] =
    [SmallCityScoring::Standard, SmallCityScoring::Legacy2];
/// See [`SMALL_CITY`].
pub(crate) const KING_ROBBER: [KingRobberScoring; 4] = [
    KingRobberScoring::PerCompletedFeature,
    KingRobberScoring::TenPerToken,
    KingRobberScoring::FifteenForty,
    KingRobberScoring::Continuously,
];
/// See [`SMALL_CITY`].
pub(crate) const INNS_CATHEDRALS: [UnfinishedInnsCathedrals; 2] = [
    UnfinishedInnsCathedrals::Zero,
    UnfinishedInnsCathedrals::Ignore,
];
/// See [`SMALL_CITY`].
pub(crate) const COUNT_MOVES: [CountMove; 3] = [
    CountMove::ByPlayer,
    CountMove::Clockwise,
    CountMove::FollowFigure,
];
/// See [`SMALL_CITY`].
pub(crate) const COUNT_FINALS: [CountFinalScoring; 2] = [
    CountFinalScoring::MarketOnly,
    CountFinalScoring::AllQuarters,
];

/// JCloisterZone's points-expression name of a score, before its first `.` — what an assertion
/// `<Player> scored <name> for N points` names (its `ScoreEvent` names: `Road`, `City`,
/// `Monastery` (`shrine` with the shrine modifier), `Field`, `TradeGoodsCapability`,
/// `KingCapability`, `RobberCapability`, `BigTopCapability`, `AcrobatsCapability`,
/// `RingmasterCapability`): `road`, `city`, `monastery`, `shrine`, `field`, `trade-goods`,
/// `king`, `robber`, `king+robber` for both tokens under the 15/40 house rule, `bigtop`,
/// `acrobats`, `ringmaster`.
pub(crate) fn points_name(score: &Score) -> &'static str {
    match &score.reason {
        Reason::Feature(f) => feature_points_name(f.kind),
        Reason::Field(_) => feature_points_name(FeatureKind::Field),
        Reason::Goods(_) => "trade-goods",
        Reason::BigTop(_) => "bigtop",
        Reason::Acrobats(_) => "acrobats",
        Reason::Ringmaster(_) => "ringmaster",
        Reason::Gold(_) => "gold",
        // Not JCloisterZone scores (it has no robbers and no messages).
        Reason::Robbery(_) => "robbery",
        Reason::Message(_) => "message",
        Reason::Token(t) => match (t.token, t.completed, t.held) {
            (_, 0, 2) => "king+robber",
            (Token::King, _, _) => "king",
            (Token::RobberBaron, _, _) => "robber",
        },
    }
}

// JCloisterZone's points-expression names of the sets that land later, for their `Reason`s
// (from its capabilities; the name before the first `.` is what assertions compare):
// Gold Mines `gold` (final scoring); Under the Big Top `bigtop` (per player, followers in the
// 3x3 × the token), `acrobats` (5 per meeple), `ringmaster` (2 per circus and acrobats tile
// around); Mage & Witch add items `mage`/`witch` to the feature's own event; Flying Machines,
// Ferries and Crop Circles score nothing of their own. Every name has a `.incomplete` form for
// unfinished features at the end, `city.tiny` for a 2-point small city, `<feature>.empty` and
// `shrine.challenged`/`monastery.challenged` at 0 points.

/// The points-expression name of a scored feature kind.
const fn feature_points_name(kind: FeatureKind) -> &'static str {
    match kind {
        FeatureKind::Road => "road",
        FeatureKind::City => "city",
        FeatureKind::Monastery => "monastery",
        FeatureKind::Shrine => "shrine",
        FeatureKind::Field => "field",
        FeatureKind::River => "river",
    }
}
