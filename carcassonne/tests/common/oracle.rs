//! A naive, from-scratch model of the board, written independently of the engine's
//! incremental structures: features by breadth-first search over edge points, placements by
//! trying every rotation at every empty neighbour of the board. Tests compare the engine with it.

use std::collections::{BTreeSet, HashMap};

use carcassonne::{
    Action, EdgeKind, FeatureKind, Figure, Game, Location, Marker, Position, RiverTurnRule,
    Rotation, Side, TileId, TileSet,
};

pub struct Oracle {
    tiles: HashMap<Position, (TileId, Rotation)>,
    /// The ferries: the lake tile and the sides of the two road ends each joins (FE.1).
    ferries: HashMap<Position, Location>,
    /// The board's positions in the order the tiles were laid.
    order: Vec<Position>,
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
        let order = game.board().tiles().iter().map(|t| t.pos).collect();
        let ferries = game.ferries().into_iter().collect();
        Oracle {
            tiles,
            order,
            ferries,
        }
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
            // A ferry joins the two road ends of its lake (FE.1).
            if let (FeatureKind::Road, Some(ferry)) = (kind, self.ferries.get(&p)) {
                let (t, r) = self.tiles[&p];
                let on_ferry = |k: usize| {
                    let seg = &t.kind().segments[k];
                    seg.kind == FeatureKind::Road && seg.location(r).bits() & ferry.bits() != 0
                };
                if on_ferry(s) {
                    for k in 0..t.kind().segments.len() {
                        if k != s && on_ferry(k) {
                            todo.push((p, k));
                        }
                    }
                }
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

    /// The empty positions beside a tile (the open positions), from the tiles alone.
    pub fn empty_neighbours(&self) -> BTreeSet<Position> {
        self.tiles
            .keys()
            .flat_map(|&p| (0..4).map(move |s| step(p, s)))
            .filter(|q| !self.tiles.contains_key(q))
            .collect()
    }

    /// Every legal placement of `tile`, by brute force over empty neighbours and rotations.
    pub fn placements(&self, tile: TileId) -> BTreeSet<(i32, i32, u16)> {
        let mut out = BTreeSet::new();
        for q in self.empty_neighbours() {
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

    /// The sides of the tile at `p` (or of `tile` turned by `r`) that carry the river.
    fn river_sides(tile: TileId, r: Rotation) -> Vec<u8> {
        (0..4u8)
            .filter(|&s| tile.kind().edge(Side::from_index(s), r) == EdgeKind::River)
            .collect()
    }

    /// The direction of travel through side `s` outwards, as a vector.
    fn out(s: u8) -> (i32, i32) {
        let q = step(Position::new(0, 0), s);
        (q.x, q.y)
    }

    /// How the river turns going from heading `a` to heading `b`: 0 straight, 1 right, -1
    /// left (y grows south, so the sign of the cross product flips).
    fn bend(a: (i32, i32), b: (i32, i32)) -> i32 {
        (a.0 * b.1 - a.1 * b.0).signum()
    }

    /// For every river tile on the board: the side it was entered through (None for the first
    /// one laid), found from the order the tiles were laid.
    fn inflows(&self) -> HashMap<Position, Option<u8>> {
        let mut out = HashMap::new();
        for (i, &p) in self.order.iter().enumerate() {
            let (t, r) = self.tiles[&p];
            let sides = Self::river_sides(t, r);
            if sides.is_empty() {
                continue;
            }
            let inflow = sides.iter().copied().find(|&s| {
                let q = step(p, s);
                self.order[..i].contains(&q)
            });
            out.insert(p, inflow);
        }
        out
    }

    /// The river's open ends: (position of the river tile, side) with no tile beyond.
    fn open_river_ends(&self, inflows: &HashMap<Position, Option<u8>>) -> usize {
        inflows
            .iter()
            .map(|(&p, &inflow)| {
                let (t, r) = self.tiles[&p];
                Self::river_sides(t, r)
                    .into_iter()
                    .filter(|&s| Some(s) != inflow && !self.tiles.contains_key(&step(p, s)))
                    .count()
            })
            .sum()
    }

    /// Every legal placement of the river tile `tile` (RV-3, R2.3–R2.5, OPT-4, D-R2-6),
    /// derived from the board alone: edge matching; exactly one river edge against the board
    /// (none for the spring laid against the City of Carcassonne, whose river must flow out to
    /// empty positions); no two bends the same way in a row (or JCloisterZone's look-ahead);
    /// while the River II fork is still to come, no lake closing the last open end.
    pub fn river_placements(&self, game: &Game, tile: TileId) -> BTreeSet<(i32, i32, u16)> {
        let config = game.config();
        let inflows = self.inflows();
        let spring = tile.kind().has_marker(Marker::Spring);
        let fork_in_game = config.sets.contains(&TileSet::River2)
            || config
                .stack
                .as_ref()
                .is_some_and(|s| s.iter().any(|t| t.kind().has_marker(Marker::Fork)));
        // Pending until drawn (it may have been drawn and discarded as unplaceable).
        let fork_drawn = game
            .draws()
            .iter()
            .any(|o| o.tile().is_some_and(|t| t.kind().has_marker(Marker::Fork)));
        let fork_pending = fork_in_game && !fork_drawn;
        let open_ends = self.open_river_ends(&inflows);
        let mut out = BTreeSet::new();
        for (x, y, degrees) in self.placements(tile) {
            let q = Position::new(x, y);
            let r = Rotation::from_degrees(degrees as u32).unwrap();
            let sides = Self::river_sides(tile, r);
            let touching: Vec<u8> = sides
                .iter()
                .copied()
                .filter(|&s| self.tiles.contains_key(&step(q, s)))
                .collect();
            if spring {
                if touching.is_empty() {
                    out.insert((x, y, degrees));
                }
                continue;
            }
            let [s_in] = touching[..] else { continue };
            if sides.len() == 1 && open_ends == 1 && fork_pending {
                continue; // a lake may not close the last open end before the fork (R2.5)
            }
            let n = step(q, s_in);
            let heading = {
                let v = Self::out(s_in);
                (-v.0, -v.1)
            };
            // The bend of the tile upstream on its way into `q`.
            let upstream = match inflows.get(&n).copied().flatten() {
                None => 0,
                Some(n_in) => {
                    let v = Self::out(n_in);
                    Self::bend((-v.0, -v.1), heading)
                }
            };
            let outflows: Vec<u8> = sides.iter().copied().filter(|&s| s != s_in).collect();
            let legal = match config.rules.river_turns {
                RiverTurnRule::NoImmediateSameTurn => outflows.iter().all(|&o| {
                    let b = Self::bend(heading, Self::out(o));
                    b == 0 || b != upstream
                }),
                RiverTurnRule::JczLookahead => outflows.iter().all(|&o| {
                    let (dx, dy) = Self::out(o);
                    let (lx, ly) = (dy, -dx);
                    (1..=2).all(|k| {
                        let c = Position::new(q.x + k * dx, q.y + k * dy);
                        [0, 1, -1].iter().all(|&side| {
                            let p = Position::new(c.x + side * lx, c.y + side * ly);
                            !self.tiles.contains_key(&p)
                        })
                    })
                }),
            };
            if legal {
                out.insert((x, y, degrees));
            }
        }
        out
    }

    /// The legal actions of `game`'s pending decision, derived from the board alone, for the
    /// decisions the oracle knows: placements (edge matching, then the river's rules for a
    /// river tile and the Cult's for a monastery or shrine when shrines are in play), and
    /// deployments with the pass. `None` for other decisions.
    pub fn legal(&self, game: &Game) -> Option<BTreeSet<Action>> {
        match game.pending() {
            carcassonne::Pending::Place { tile } => {
                let mut placements = if tile.kind().edges().contains(&EdgeKind::River) {
                    self.river_placements(game, tile)
                } else {
                    self.placements(tile)
                };
                let config = game.config();
                let shrines = config.sets.contains(&TileSet::Cult)
                    || config.sets.contains(&TileSet::Cult6)
                    || config.stack.as_ref().is_some_and(|s| {
                        s.iter().any(|t| {
                            t.kind()
                                .segments
                                .iter()
                                .any(|g| g.kind == FeatureKind::Shrine)
                        })
                    });
                if shrines {
                    let unique = config.rules.cult_unique_partner;
                    placements
                        .retain(|&(x, y, _)| self.cult_allows(tile, Position::new(x, y), unique));
                }
                Some(
                    placements
                        .into_iter()
                        .map(|(x, y, d)| Action::Place {
                            tile,
                            pos: Position::new(x, y),
                            rotation: Rotation::from_degrees(d as u32).unwrap(),
                        })
                        .collect(),
                )
            }
            carcassonne::Pending::Deploy { pos } => {
                let mut actions = self.deployments(game, pos, game.config().rules.farmers);
                actions.insert(Action::Pass);
                Some(actions)
            }
            _ => None,
        }
    }
}
