//! Inns & Cathedrals (spec `base.md` §3.11): the large follower, inns and cathedrals.
//!
//! - The large follower (IC-2) is deployed like a follower and counts 2 in every majority
//!   ([`Figure::strength`](crate::Figure::strength)); it scores nothing extra.
//! - An inn on a completed road makes it 2 per tile (IC-3); a cathedral in a completed city
//!   3 per tile and pennant (IC-4), whatever the small-city rule. At the end an unfinished road
//!   with an inn or city with a cathedral scores 0, or as without it under
//!   [`UnfinishedInnsCathedrals::Ignore`].
//!
//! State: none (the elements say what is in play). Hooks: `FigureRule` (the large follower
//! follows the follower's rule) and `FeatureValue` (inns and cathedrals).

use crate::config::UnfinishedInnsCathedrals;
use crate::events::FeatureScore;
use crate::game::Game;
use crate::tile::FeatureKind;

/// Points of a completed road with an inn: 2 per tile (IC-3).
pub const fn completed_road_with_inn(tiles: u16) -> u32 {
    2 * tiles as u32
}

/// Points of a completed city with a cathedral: 3 per tile and per pennant (IC-4).
pub const fn completed_city_with_cathedral(tiles: u16, pennants: u16) -> u32 {
    3 * (tiles as u32 + pennants as u32)
}

impl Game {
    /// `FeatureValue`: an inn on a road (with the inns in play) or a cathedral in a city (with
    /// the cathedrals) sets the value of the feature (IC-3, IC-4), and the score says so.
    pub(crate) fn inn_and_cathedral_value(
        &self,
        points: &mut u32,
        score: &mut FeatureScore,
        inn: bool,
        cathedral: bool,
    ) {
        let applies = match score.kind {
            FeatureKind::Road => inn && self.elements.inns,
            FeatureKind::City => cathedral && self.elements.cathedrals,
            _ => false,
        };
        let ignored = !score.complete
            && self.config.rules.unfinished_inns_cathedrals == UnfinishedInnsCathedrals::Ignore;
        if !applies || ignored {
            return;
        }
        *points = match (score.kind, score.complete) {
            (FeatureKind::Road, true) => completed_road_with_inn(score.tiles),
            (FeatureKind::City, true) => completed_city_with_cathedral(score.tiles, score.pennants),
            // Unfinished at the end under the default rule (IC-3, IC-4).
            _ => 0,
        };
        score.inn = score.kind == FeatureKind::Road;
        score.cathedral = score.kind == FeatureKind::City;
    }
}
