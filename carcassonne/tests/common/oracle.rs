//! A naive, from-scratch model of the board, written independently of the engine's
//! incremental structures: features by breadth-first search over edge points, placements by
//! trying every rotation at every empty neighbour of the board. Tests compare the engine with it.

use std::collections::{BTreeSet, HashMap};

use carcassonne::{Action, EdgeKind, FeatureKind, Figure, Game, Position, Rotation, Side, TileId};

pub struct Oracle {
    tiles: HashMap<Position, (TileId, Rotation)>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Feature {
    pub kind: FeatureKind,
    pub segments: BTreeSet<(Position, usize)>,
    pub positions: BTreeSet<Position>,
    pub pennants: u32,
    pub complete: bool,
}

fn step(p: Position, side: u8) -> Position {
    match side {
        0 => Position::new(p.x, p.y - 1),
        1 => Position::new(p.x + 1, p.y),
        2 => Position::new(p.x, p.y + 1),
        _ => Position::new(p.x - 1, p.y),
    }
}

impl Oracle {
    pub fn of(game: &Game) -> Oracle {
        let tiles = game
            .board()
            .tiles()
            .iter()
            .map(|t| (t.pos, (t.tile, t.rotation)))
            .collect();
        Oracle { tiles }
    }

    /// Points (rotated) owned by segment `seg` of the tile at `pos`.
    fn points(&self, pos: Position, seg: usize) -> Vec<u8> {
        let (tile, rot) = self.tiles[&pos];
        (0..12u8)
            .filter(|&i| tile.kind().segment_at(i, rot) == Some(seg))
            .collect()
    }

    pub fn feature(&self, pos: Position, seg: usize) -> Feature {
        let (tile, _) = self.tiles[&pos];
        let kind = tile.kind().segments[seg].kind;
        if kind == FeatureKind::Monastery || kind == FeatureKind::Shrine {
            let around = (-1..=1)
                .flat_map(|dy| (-1..=1).map(move |dx| Position::new(pos.x + dx, pos.y + dy)))
                .filter(|p| self.tiles.contains_key(p))
                .collect::<BTreeSet<_>>();
            return Feature {
                kind,
                segments: [(pos, seg)].into(),
                complete: around.len() == 9,
                positions: around,
                pennants: 0,
            };
        }
        let mut segments = BTreeSet::new();
        let mut todo = vec![(pos, seg)];
        let mut complete = true;
        while let Some((p, s)) = todo.pop() {
            if !segments.insert((p, s)) {
                continue;
            }
            for i in self.points(p, s) {
                let side = i / 3;
                let q = step(p, side);
                match self.tiles.get(&q) {
                    None => {
                        if kind != FeatureKind::Field {
                            complete = false;
                        }
                    }
                    Some(&(t, r)) => {
                        let j = ((side + 2) % 4) * 3 + (2 - i % 3);
                        if let Some(other) = t.kind().segment_at(j, r) {
                            if t.kind().segments[other].kind == kind {
                                todo.push((q, other));
                            }
                        }
                    }
                }
            }
        }
        if kind == FeatureKind::Field {
            complete = false;
        }
        let positions = segments.iter().map(|(p, _)| *p).collect();
        let pennants = segments
            .iter()
            .map(|(p, s)| self.tiles[p].0.kind().segments[*s].pennants as u32)
            .sum();
        Feature {
            kind,
            segments,
            positions,
            pennants,
            complete,
        }
    }

    /// Every legal placement of `tile`, by brute force over empty neighbours and rotations.
    pub fn placements(&self, tile: TileId) -> BTreeSet<(i32, i32, u16)> {
        let mut out = BTreeSet::new();
        let empty: BTreeSet<Position> = self
            .tiles
            .keys()
            .flat_map(|&p| (0..4).map(move |s| step(p, s)))
            .filter(|q| !self.tiles.contains_key(q))
            .collect();
        for q in empty {
            for r in Rotation::ALL {
                let fits =
                    Side::ALL
                        .iter()
                        .all(|&side| match self.tiles.get(&step(q, side.index())) {
                            None => true,
                            Some(&(t, tr)) => {
                                let mine: EdgeKind = tile.kind().edge(side, r);
                                mine == t.kind().edge(side.opposite(), tr)
                            }
                        });
                if fits {
                    out.insert((q.x, q.y, r.degrees()));
                }
            }
        }
        out
    }

    /// The monastic building (monastery or shrine) of the tile at `p`, if any.
    fn building(&self, p: Position) -> Option<FeatureKind> {
        let (t, _) = self.tiles.get(&p)?;
        t.kind()
            .segments
            .iter()
            .map(|s| s.kind)
            .find(|k| *k == FeatureKind::Monastery || *k == FeatureKind::Shrine)
    }

    fn around(p: Position) -> impl Iterator<Item = Position> {
        (-1..=1)
            .flat_map(move |dy| (-1..=1).map(move |dx| Position::new(p.x + dx, p.y + dy)))
            .filter(move |q| *q != p)
    }

    /// The Cult's placement rule for `tile` at the empty `q` (CU.1; with `unique_partner`,
    /// D-CU-4): never beside two buildings of the other type, and (option) never a second
    /// partner for a building.
    pub fn cult_allows(&self, tile: TileId, q: Position, unique_partner: bool) -> bool {
        let mine = tile
            .kind()
            .segments
            .iter()
            .map(|s| s.kind)
            .find(|k| *k == FeatureKind::Monastery || *k == FeatureKind::Shrine);
        let Some(mine) = mine else { return true };
        let other = if mine == FeatureKind::Shrine {
            FeatureKind::Monastery
        } else {
            FeatureKind::Shrine
        };
        let partners: Vec<Position> = Self::around(q)
            .filter(|p| self.building(*p) == Some(other))
            .collect();
        if partners.len() > 1 {
            return false;
        }
        !(unique_partner
            && partners
                .iter()
                .any(|&m| Self::around(m).any(|p| p != q && self.building(p) == Some(mine))))
    }

    /// Number of completed roads or cities (`kind`) on the board.
    pub fn completed(&self, kind: FeatureKind) -> usize {
        let mut seen: BTreeSet<(Position, usize)> = BTreeSet::new();
        let mut n = 0;
        for (&p, (t, _)) in &self.tiles {
            for (i, seg) in t.kind().segments.iter().enumerate() {
                if seg.kind != kind || seen.contains(&(p, i)) {
                    continue;
                }
                let f = self.feature(p, i);
                seen.extend(f.segments.iter().copied());
                n += f.complete as usize;
            }
        }
        n
    }

    /// The feature under every figure of `game`, with the figure's owner and kind.
    pub fn figure_features(&self, game: &Game) -> Vec<(usize, Feature)> {
        self.figure_features_with_kind(game)
            .into_iter()
            .map(|(p, _, f)| (p, f))
            .collect()
    }

    pub fn figure_features_with_kind(&self, game: &Game) -> Vec<(usize, Figure, Feature)> {
        game.figures()
            .iter()
            .map(|f| {
                let (tile, rot) = self.tiles[&f.pos];
                let seg = tile
                    .kind()
                    .segment_with_location(f.feature, f.location, rot)
                    .expect("figure on a real segment");
                (f.player, f.figure, self.feature(f.pos, seg))
            })
            .collect()
    }

    /// Legal deployments on the tile just laid (spec B-4, IC-2, TB-2, TB-5): followers on
    /// features holding no follower; a builder on an unfinished road or city holding one of the
    /// player's followers; a pig on a field holding one of the player's farmers.
    pub fn deployments(&self, game: &Game, pos: Position, farmers: bool) -> BTreeSet<Action> {
        let me = game.current_player();
        let on_board = self.figure_features_with_kind(game);
        let (tile, rot) = self.tiles[&pos];
        let mut out = BTreeSet::new();
        for figure in Figure::ALL {
            if game.supply(me, figure) == 0 {
                continue;
            }
            for (i, seg) in tile.kind().segments.iter().enumerate() {
                if seg.kind == FeatureKind::River || (seg.kind == FeatureKind::Field && !farmers) {
                    continue;
                }
                let f = self.feature(pos, i);
                let same = |o: &Feature| o.segments == f.segments;
                let followers = on_board
                    .iter()
                    .filter(|(_, k, o)| k.is_follower() && same(o));
                let legal = match figure {
                    Figure::Builder => {
                        matches!(seg.kind, FeatureKind::Road | FeatureKind::City)
                            && !f.complete
                            && followers.clone().any(|(p, _, _)| *p == me)
                    }
                    Figure::Pig => {
                        seg.kind == FeatureKind::Field
                            && followers.clone().any(|(p, _, _)| *p == me)
                    }
                    _ => followers.count() == 0,
                };
                if legal {
                    out.insert(Action::Deploy {
                        figure,
                        pos,
                        feature: seg.kind,
                        location: seg.location(rot),
                    });
                }
            }
        }
        out
    }
}
