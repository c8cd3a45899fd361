//! The Cult (spec `expansions.md` §1.5): shrines are monastic buildings scored like
//! monasteries; a shrine may never stand beside more than one monastery nor a monastery beside
//! more than one shrine (CU.1, and with `cult_unique_partner` no building gets a second partner,
//! D-CU-4); when one of an occupied shrine–monastery pair is completed and scored, the
//! followers on its incomplete partner go home without points (CU.4); both completed in the
//! same turn part both score.
//!
//! Hook points: placement legality asks `Game::building_allows` for tiles with a monastery
//! or a shrine (only in games with shrines); `Game::score_completed` passes the buildings it
//! scored to `Game::settle_challenges`.

use crate::board::OpenPosition;
use crate::events::Sink;
use crate::features::NodeId;
use crate::game::Game;
use crate::geometry::Position;
use crate::tile::{FeatureKind, TileKind};

impl Game {
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
        self.buildings
            .iter()
            .filter(move |(p, k)| {
                *k == kind && *p != pos && (p.x - pos.x).abs() <= 1 && (p.y - pos.y).abs() <= 1
            })
            .map(|(p, _)| *p)
    }

    /// Whether a tile of kind `kind` may lie at the empty position `pos` under the Cult's
    /// placement rule (CU.1, D-CU-4). Always true for tiles without a building and in games
    /// without shrines.
    pub(crate) fn building_allows(&self, kind: &TileKind, pos: Position) -> bool {
        let Some(building) = kind.building.filter(|_| self.shrines) else {
            return true;
        };
        let other = match building {
            FeatureKind::Shrine => FeatureKind::Monastery,
            _ => FeatureKind::Shrine,
        };
        let mut partners = self.buildings_around(pos, other);
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

    /// `Game::building_allows` as a rotation mask at an open position: every edge-legal
    /// rotation, or none.
    pub(crate) fn building_fitting(&self, kind: &TileKind, o: &OpenPosition) -> u8 {
        let fits = o.fitting(kind);
        if fits != 0 && !self.building_allows(kind, o.pos) {
            0
        } else {
            fits
        }
    }

    /// The challenge (CU.4): for each building of `scored` (completed and scored in this turn
    /// part), the followers on every occupied partner of the other type that was not itself
    /// completed in this turn part go home without points.
    pub(crate) fn settle_challenges<S: Sink>(&mut self, scored: &[NodeId], sink: &mut S) {
        for &node in scored {
            let (placed, segment) = self.node_tile(node);
            let building = placed.tile.kind().segments[segment].kind;
            let other = match building {
                FeatureKind::Shrine => FeatureKind::Monastery,
                _ => FeatureKind::Shrine,
            };
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
