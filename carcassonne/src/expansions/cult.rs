//! The Cult (spec `expansions.md` §1.5): shrines are monastic buildings scored like
//! monasteries; a shrine may never stand beside more than one monastery nor a monastery beside
//! more than one shrine (CU.1, and with `cult_unique_partner` no building gets a second partner,
//! D-CU-4); when one of an occupied shrine–monastery pair is completed and scored, the
//! followers on its incomplete partner go home without points (CU.4); both completed in the
//! same turn part both score.
//!
//! State: `Cult` (the buildings on the board). Hooks: `PlacementRule` (tiles with a
//! monastery or a shrine), `TileLaid` (buildings), `BuildingsScored` (the challenge).

use crate::board::OpenPosition;
use crate::config::Config;
use crate::events::Sink;
use crate::features::NodeId;
use crate::game::Game;
use crate::geometry::Position;
use crate::tile::{FeatureKind, TileKind, TileSet};

/// Why a placement is refused under the Cult's rule (CU.1, D-CU-4).
pub(crate) const PLACEMENT_REFUSAL: &str = "a shrine may not lie beside more than one \
     monastery, nor a monastery beside more than one shrine, nor give a building a second \
     partner";

/// The Cult's state: the position of every monastery and of every shrine on the board, one
/// list per kind (a placement looks at the partner kind only).
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Cult {
    monasteries: Vec<Position>,
    shrines: Vec<Position>,
}

clone_by_fields!(Cult {
    monasteries,
    shrines,
});

impl Cult {
    /// Bytes a clone copies on the heap.
    pub fn heap_size(&self) -> usize {
        std::mem::size_of::<Cult>()
            + (self.monasteries.len() + self.shrines.len()) * std::mem::size_of::<Position>()
    }

    /// The positions of the buildings of kind `kind` (a monastery or a shrine).
    fn of_kind(&self, kind: FeatureKind) -> &[Position] {
        match kind {
            FeatureKind::Shrine => &self.shrines,
            _ => &self.monasteries,
        }
    }
}

/// Whether shrines are in play in a game of `config`: the Cult's sets (or a shrine in its
/// custom stack), with the shrine element on.
pub(crate) fn in_play(config: &Config, elements: &crate::config::ResolvedElements) -> bool {
    elements.shrines && shrine_tiles(config)
}

/// Whether the tiles of `config` include shrine tiles (the Cult's sets, or a shrine in its
/// custom stack).
pub(crate) fn shrine_tiles(config: &Config) -> bool {
    config
        .sets
        .iter()
        .any(|s| matches!(s, TileSet::Cult | TileSet::Cult6))
        || config.stack.as_ref().is_some_and(|tiles| {
            tiles
                .iter()
                .any(|t| t.kind().building == Some(FeatureKind::Shrine))
        })
}

/// The building a monastery or shrine is challenged by.
const fn partner_kind(building: FeatureKind) -> FeatureKind {
    match building {
        FeatureKind::Shrine => FeatureKind::Monastery,
        _ => FeatureKind::Shrine,
    }
}

impl Game {
    /// The positions of the buildings of kind `kind` on the board.
    fn buildings(&self, kind: FeatureKind) -> &[Position] {
        self.ext.cult.as_ref().map_or(&[], |c| c.of_kind(kind))
    }

    /// `TileLaid`: records the monastery or shrine of a laid tile.
    pub(crate) fn record_building(&mut self, kind: &TileKind, pos: Position) {
        if let (Some(building), Some(cult)) = (kind.building, self.ext.cult.as_mut()) {
            match building {
                FeatureKind::Shrine => cult.shrines.push(pos),
                _ => cult.monasteries.push(pos),
            }
        }
    }

    /// The building of the tile at `pos`: its kind and node, if the tile has one.
    fn building_at(&self, pos: Position) -> Option<(FeatureKind, NodeId)> {
        let placed = self.board.tile_at(pos)?;
        let kind = placed.tile.kind();
        let building = kind.building?;
        let segment = kind.segments.iter().position(|s| s.kind == building)?;
        Some((building, placed.node_base + segment as u16))
    }

    /// The positions around `pos` (its 8 neighbours) holding a building of kind `kind`.
    fn buildings_around(
        &self,
        pos: Position,
        kind: FeatureKind,
    ) -> impl Iterator<Item = Position> + '_ {
        self.buildings(kind)
            .iter()
            .filter(move |p| pos.is_around(**p) && **p != pos)
            .copied()
    }

    /// `PlacementRule`: whether a tile of kind `kind` may lie at the empty position `pos` under
    /// the Cult's placement rule (CU.1, D-CU-4). Always true for tiles without a building.
    pub(crate) fn building_allows(&self, kind: &TileKind, pos: Position) -> bool {
        let Some(building) = kind.building else {
            return true;
        };
        let mut partners = self.buildings_around(pos, partner_kind(building));
        let Some(first) = partners.next() else {
            return true;
        };
        if partners.next().is_some() {
            return false; // beside two buildings of the other type (CU.1)
        }
        // D-CU-4: the partner may not have a partner already.
        !(self.config.rules.cult_unique_partner
            && self.buildings_around(first, building).any(|p| p != pos))
    }

    /// `PlacementRule`: [`Game::building_allows`] on the rotations `fits` at an open position:
    /// all of them, or none.
    pub(crate) fn building_fitting(&self, kind: &TileKind, o: &OpenPosition, fits: u8) -> u8 {
        if self.building_allows(kind, o.pos) {
            fits
        } else {
            0
        }
    }

    /// `BuildingsScored` (CU.4): for each building of `scored` (completed and scored in this
    /// turn part), the followers on every occupied partner of the other type that was not
    /// itself completed in this turn part go home without points.
    pub(crate) fn settle_challenges<S: Sink>(&mut self, scored: &[NodeId], sink: &mut S) {
        for &node in scored {
            let (placed, segment) = self.node_tile(node);
            let building = placed.tile.kind().segments[segment].kind;
            let other = partner_kind(building);
            let pos = placed.pos;
            let losers: Vec<NodeId> = pos
                .surrounding()
                .into_iter()
                .filter_map(|p| self.building_at(p))
                .filter(|&(k, n)| {
                    k == other && !scored.contains(&n) && self.features.figures(n) > 0
                })
                .map(|(_, n)| n)
                .collect();
            for loser in losers {
                let root = self.features.find(loser);
                self.return_figures(root, sink);
            }
        }
    }
}
