//! The game: state, the pending decision, legal actions, and the turn sequence
//! (spec `base.md` §3.2: draw, place, deploy, score).

use std::sync::Arc;

use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;

use crate::action::{Action, Figure};
use crate::board::{Board, PlacedTile};
use crate::config::{Config, ResolvedElements, MAX_PLAYERS};
use crate::error::{ConfigError, DrawError, PlayError};
use crate::events::{Event, Quiet, Sink};
use crate::features::{Features, NodeId};
use crate::geometry::{facing_point, Location, Position, Rotation, Side, MIDDLE_POINTS};
use crate::tile::{FeatureKind, TileId, TileKind, NO_SEGMENT};

/// What the game is waiting for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Pending {
    /// A tile must be drawn: [`Game::draw`] with one of [`Game::chance_outcomes`]
    /// (explicit-draw games only; other games draw by themselves).
    Draw,
    /// The current player must lay `tile` ([`Action::Place`]); placing is mandatory (B-3.4).
    Place {
        /// The drawn tile.
        tile: TileId,
    },
    /// The current player may deploy a figure on the tile just laid at `pos`
    /// ([`Action::Deploy`]) or pass ([`Action::Pass`]). This step is skipped when nothing can
    /// be deployed.
    Deploy {
        /// Position of the tile just laid.
        pos: Position,
    },
    /// The current player may take the second part of a builder's double turn
    /// ([`Action::DoubleTurn`]) or decline it ([`Action::Pass`]): only with the rule option
    /// OPT-5 `optional` ([`BuilderDoubleTurn`](crate::BuilderDoubleTurn)), after the first
    /// part is scored and while tiles are left.
    DoubleTurn,
    /// The Count (C.2): an opponent scored in this turn part and the current player did not;
    /// they may put a follower into a quarter ([`Action::EnterCity`]) or pass.
    EnterCity,
    /// The Count (C.2): after a figure entered the City, the current player may move the Count
    /// to another quarter ([`Action::MoveCount`]) or pass.
    MoveCount,
    /// The Count (C.3): before completed, occupied features are scored, the current player
    /// ([`Game::current_player`], in seat order from the left of the active player) may move
    /// figures out of the quarters into them ([`Action::LeaveCity`]), then passes.
    LeaveCity,
    /// The Count (C.4): at the end, the current player moves one figure from the Market onto a
    /// field ([`Action::LeaveCity`]); no pass.
    Market,
    /// The game is over and scored.
    GameOver,
}

impl Pending {
    /// A short name: `draw`, `place`, `deploy`, `double turn`, `enter city`, `move count`,
    /// `leave city`, `market`, `game over`.
    pub const fn name(&self) -> &'static str {
        match self {
            Pending::Draw => "draw",
            Pending::Place { .. } => "place",
            Pending::Deploy { .. } => "deploy",
            Pending::DoubleTurn => "double turn",
            Pending::EnterCity => "enter city",
            Pending::MoveCount => "move count",
            Pending::LeaveCity => "leave city",
            Pending::Market => "market",
            Pending::GameOver => "game over",
        }
    }
}

/// A figure on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlacedFigure {
    /// Its owner.
    pub player: usize,
    /// Which figure.
    pub figure: Figure,
    /// The position of the tile it stands on.
    pub pos: Position,
    /// The kind of feature it occupies.
    pub feature: FeatureKind,
    /// Its location on the tile.
    pub location: Location,
}

/// Internal record of a figure: owner, kind and the node of its segment.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FigureSlot {
    pub player: u8,
    pub figure: Figure,
    pub node: NodeId,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct PlayerState {
    pub score: u32,
    /// Figures in supply, indexed like [`Figure::ALL`].
    pub supply: [u8; 4],
    /// Trade goods tokens: wine, grain, cloth.
    pub goods: [u8; 3],
}

/// The figure kinds in play, as a small inline list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct FigureKinds {
    kinds: [Figure; 4],
    len: u8,
}

impl FigureKinds {
    fn of(supply: [u8; 4]) -> FigureKinds {
        let mut kinds = [Figure::Follower; 4];
        let mut len = 0;
        for (i, figure) in Figure::ALL.into_iter().enumerate() {
            if supply[i] > 0 || i == 0 {
                kinds[len] = figure;
                len += 1;
            }
        }
        FigureKinds {
            kinds,
            len: len as u8,
        }
    }

    pub(crate) fn as_slice(&self) -> &[Figure] {
        &self.kinds[..self.len as usize]
    }
}

/// Index of a figure kind in [`Figure::ALL`] (and in supplies).
pub(crate) const fn figure_index(figure: Figure) -> usize {
    match figure {
        Figure::Follower => 0,
        Figure::LargeFollower => 1,
        Figure::Builder => 2,
        Figure::Pig => 3,
    }
}

/// The tiles left to draw, as counts per tile kind.
#[derive(Clone, Debug)]
pub(crate) struct Stack {
    /// Copies left per tile kind in the main stack, up to the last kind the game uses.
    counts: Vec<u16>,
    /// Copies left per tile kind in the river stack (drawn first, RV-2), lakes excluded.
    river: Vec<u16>,
    /// River tiles left (the lakes included).
    river_remaining: u32,
    /// The lakes, drawn when the river stack is empty (first any river tile put back under the
    /// stack, R2.5).
    lakes: Vec<TileId>,
    /// The River II fork, kept aside for the youngest player (R2.2).
    fork: Option<TileId>,
    /// The spring, drawn first when the City of Carcassonne is the starting area (D-R2-6).
    spring: Option<TileId>,
    /// Whether the next draw is the fork.
    fork_due: bool,
    /// All tiles left.
    remaining: u32,
}

impl Stack {
    /// The stack of `config`: its custom stack, or every tile of its sets less one copy of the
    /// start tile.
    fn of(config: &Config) -> Stack {
        let mut stack = Stack {
            counts: Vec::new(),
            river: Vec::new(),
            river_remaining: 0,
            lakes: Vec::new(),
            fork: None,
            spring: None,
            fork_due: false,
            remaining: 0,
        };
        let count = config.sets.contains(&crate::TileSet::Count);
        // Sets whose kinds all carry the set's own tag and are all drawn, and no river to split
        // off.
        let plain = config.sets.iter().all(|s| {
            !matches!(
                s,
                crate::TileSet::River
                    | crate::TileSet::River2
                    | crate::TileSet::Cult6
                    | crate::TileSet::Count
            )
        });
        if config.stack.is_none() && plain {
            // The common case: copies straight from the catalogue, less the start tile.
            let wanted = config.sets.iter().fold(0u32, |m, s| m | 1 << *s as u32);
            let tiles = crate::catalogue::catalogue().tiles();
            let last = tiles
                .iter()
                .rposition(|k| wanted & (1 << k.set as u32) != 0);
            stack.counts = vec![0; last.map_or(0, |l| l + 1)];
            for (count, kind) in stack.counts.iter_mut().zip(tiles) {
                if wanted & (1 << kind.set as u32) != 0 {
                    *count = kind.count as u16;
                }
            }
            let start = config.start_tile().tile.index();
            if stack.counts.get(start).is_some_and(|&c| c > 0) {
                stack.counts[start] -= 1;
            }
        } else {
            let kinds = crate::catalogue::catalogue().tiles().len();
            stack.counts = vec![0; kinds];
            stack.river = vec![0; kinds];
            let mut add_copies = |t: TileId, mut copies: u16| {
                let kind = t.kind();
                if !kind.has_river {
                    stack.counts[t.index()] += copies;
                    return;
                }
                if kind.has_marker(crate::Marker::Fork) && stack.fork.is_none() {
                    stack.fork = Some(t);
                    copies -= 1;
                }
                if count && kind.has_marker(crate::Marker::Spring) && stack.spring.is_none() {
                    stack.spring = Some(t);
                    copies -= 1;
                }
                if kind.has_marker(crate::Marker::Lake) {
                    stack
                        .lakes
                        .extend(std::iter::repeat(t).take(copies as usize));
                } else {
                    stack.river[t.index()] += copies;
                }
            };
            match &config.stack {
                Some(tiles) => tiles.iter().for_each(|&t| add_copies(t, 1)),
                None => config.for_each_set_stack_count(add_copies),
            }
            // Draws scan the counts: keep them only up to the last kind in play.
            for counts in [&mut stack.counts, &mut stack.river] {
                counts.truncate(counts.iter().rposition(|&c| c > 0).map_or(0, |i| i + 1));
            }
        }
        stack.river_remaining = stack.river.iter().map(|&c| c as u32).sum::<u32>()
            + stack.lakes.len() as u32
            + stack.fork.is_some() as u32
            + stack.spring.is_some() as u32;
        stack.remaining =
            stack.counts.iter().map(|&c| c as u32).sum::<u32>() + stack.river_remaining;
        stack
    }

    /// The counts the next draw comes from: the river stack while it has tiles, then the
    /// lakes (one at a time), then the main stack (RV-2).
    #[inline]
    fn phase(&self) -> Phase {
        let fork = self.fork.is_some() as usize;
        if self.river_remaining == 0 {
            Phase::Main
        } else if self.spring.is_some() {
            Phase::Spring
        } else if self.fork_due && fork == 1 {
            Phase::Fork
        } else if self.river_remaining as usize > self.lakes.len() + fork {
            Phase::River
        } else if !self.lakes.is_empty() {
            Phase::Lake
        } else {
            Phase::Main
        }
    }

    /// Removes `tile` from the stack the next draw comes from; false if it is not there.
    fn take(&mut self, tile: TileId) -> bool {
        if self.river_remaining == 0 {
            // The main stack: every draw of a game without a river.
            return match self.counts.get_mut(tile.index()) {
                Some(c) if *c > 0 => {
                    *c -= 1;
                    self.remaining -= 1;
                    true
                }
                _ => false,
            };
        }
        let phase = self.phase();
        let taken = match phase {
            Phase::Spring => {
                let ok = self.spring == Some(tile);
                if ok {
                    self.spring = None;
                }
                ok
            }
            Phase::Fork => {
                let ok = self.fork == Some(tile);
                if ok {
                    self.fork = None;
                    self.fork_due = false;
                }
                ok
            }
            Phase::Lake => match self.lakes.iter().position(|l| *l == tile) {
                Some(i) => {
                    self.lakes.remove(i);
                    true
                }
                None => false,
            },
            Phase::River | Phase::Main => {
                let counts = if phase == Phase::River {
                    &mut self.river
                } else {
                    &mut self.counts
                };
                match counts.get_mut(tile.index()) {
                    Some(c) if *c > 0 => {
                        *c -= 1;
                        true
                    }
                    _ => false,
                }
            }
        };
        if taken {
            self.remaining -= 1;
            if phase != Phase::Main {
                self.river_remaining -= 1;
            }
        }
        taken
    }

    /// The tiles the next draw comes from, with their copies.
    fn outcomes(&self) -> Vec<(TileId, u16)> {
        match self.phase() {
            Phase::Spring => self.spring.map(|f| vec![(f, 1)]).unwrap_or_default(),
            Phase::Fork => self.fork.map(|f| vec![(f, 1)]).unwrap_or_default(),
            Phase::Lake => vec![(self.lakes[0], 1)],
            phase => {
                let counts = if phase == Phase::River {
                    &self.river
                } else {
                    &self.counts
                };
                counts
                    .iter()
                    .enumerate()
                    .filter(|(_, &c)| c > 0)
                    .map(|(i, &c)| (TileId(i as u16), c))
                    .collect()
            }
        }
    }

    /// Number of tiles the next draw comes from.
    fn drawable(&self) -> u32 {
        match self.phase() {
            Phase::River => {
                self.river_remaining - self.lakes.len() as u32 - self.fork.is_some() as u32
            }
            Phase::Spring | Phase::Fork | Phase::Lake => 1,
            Phase::Main => self.remaining,
        }
    }

    /// The `k`-th tile (0-based, in catalogue order of kinds) of those the next draw comes
    /// from.
    fn nth(&self, mut k: u32) -> TileId {
        let counts = match self.phase() {
            Phase::Spring => return self.spring.unwrap_or(TileId(0)),
            Phase::Fork => return self.fork.unwrap_or(TileId(0)),
            Phase::Lake => return self.lakes[0],
            Phase::River => &self.river,
            Phase::Main => &self.counts,
        };
        for (i, &c) in counts.iter().enumerate() {
            if k < c as u32 {
                return TileId(i as u16);
            }
            k -= c as u32;
        }
        TileId(0)
    }

    /// Copies of `tile` the next draw could give.
    fn drawable_copies(&self, tile: TileId) -> usize {
        self.outcomes()
            .iter()
            .find(|(t, _)| *t == tile)
            .map_or(0, |(_, c)| *c as usize)
    }
}

/// Which stack the next draw comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Spring,
    Fork,
    River,
    Lake,
    Main,
}

/// A game of Carcassonne: the board, the players' scores and supplies, the tiles left, and the
/// decision pending.
///
/// Created from a [`Config`] and a seed; advanced by [`Game::play`] (and [`Game::draw`] in
/// explicit-draw mode). Same config, seed and actions give the same game. Cloning is cheap and
/// is the way to undo or search.
///
/// ```
/// use carcassonne::{Config, Game, Pending};
/// let mut game = Game::new(Config::new(2), 42).unwrap();
/// while !game.is_over() {
///     let action = game.legal_actions()[0];
///     game.play(action).unwrap();
/// }
/// assert_eq!(game.pending(), Pending::GameOver);
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    pub(crate) config: Arc<Config>,
    pub(crate) seed: u64,
    pub(crate) board: Board,
    pub(crate) features: Features,
    pub(crate) figures: Vec<FigureSlot>,
    /// Open river ends (river games only).
    pub(crate) river_ends: Vec<crate::expansions::river::RiverEnd>,
    pub(crate) players: [PlayerState; MAX_PLAYERS],
    stack: Stack,
    rng: Pcg64Mcg,
    pub(crate) current: u8,
    pub(crate) pending: Pending,
    /// The expansion elements in effect.
    pub(crate) elements: ResolvedElements,
    /// The figure kinds in play (some player starts with one), in [`Figure::ALL`] order; a
    /// base game iterates over followers only.
    figure_kinds: FigureKinds,
    /// Whether the current turn part is the second part of a builder's double turn.
    second_part: bool,
    /// Whether a builder's double turn is due after this turn part (spec TB-3.1).
    double_turn_due: bool,
    /// Whether the same player plays a normal turn after placing the River II volcano lake
    /// (R2.6).
    lake_turn_due: bool,
    /// The seat that places the River II fork (R2.2, D-R2-1).
    fork_seat: u8,
    /// Whether shrines can appear (the Cult's placement rule and challenges apply).
    pub(crate) shrines: bool,
    /// In games with shrines: every monastery and shrine on the board, with its position.
    pub(crate) buildings: Vec<(Position, FeatureKind)>,
    /// The City of Carcassonne's quarters and the Count (games with the Count element).
    pub(crate) city: Option<Box<crate::expansions::count::City>>,
    /// The seat that laid the last tile (the Market rounds start left of it, C.4).
    pub(crate) last_placer: u8,
    /// The King (index 0) and the Robber Baron (index 1).
    pub(crate) titles: [crate::expansions::king_and_robber::Title; 2],
    /// While the fork's seat places the fork out of turn because only river ends were left
    /// (R2.5): the seat whose turn part resumes afterwards, and whether that part was the
    /// second of a double turn.
    fork_interlude: Option<(u8, bool)>,
    /// Index of the tile laid in the current turn part.
    last_tile: Option<u16>,
    draws: Vec<TileId>,
    actions: Vec<Action>,
}

impl Game {
    /// Validates `config` and sets up a game: the start tile at `(0, 0)`, the stack, every
    /// player's supply; then the first draw (unless draws are explicit).
    ///
    /// The seed drives every automatic draw: the generator is PCG-64 MCG
    /// (`rand_pcg::Pcg64Mcg::seed_from_u64(seed)`), and each draw picks remaining tile number
    /// `(next_u64() * remaining) >> 64` in catalogue order of kinds.
    ///
    /// # Errors
    /// [`ConfigError`] naming the first problem of the config.
    pub fn new(config: Config, seed: u64) -> Result<Game, ConfigError> {
        config.validate()?;
        let stack = Stack::of(&config);
        let start = config.start_tile();
        let capacity = stack.remaining as usize + 1;
        let elements = config.resolved_elements();
        let mut players = [PlayerState::default(); MAX_PLAYERS];
        for p in players.iter_mut().take(config.players) {
            p.supply = [
                config.followers,
                elements.large_followers,
                elements.builders,
                elements.pigs,
            ];
        }
        let mut game = Game {
            seed,
            board: Board::new(capacity),
            features: Features::with_capacity(capacity * 4),
            figures: Vec::with_capacity(config.players * config.followers as usize),
            river_ends: Vec::new(),
            players,
            stack,
            rng: Pcg64Mcg::seed_from_u64(seed),
            current: config.first_player as u8,
            pending: Pending::Draw,
            elements,
            figure_kinds: FigureKinds::of([
                1,
                elements.large_followers,
                elements.builders,
                elements.pigs,
            ]),
            second_part: false,
            double_turn_due: false,
            lake_turn_due: false,
            fork_seat: if config.rules.river2_fork_first {
                config.first_player
            } else {
                config.youngest_player.unwrap_or(config.first_player)
            } as u8,
            fork_interlude: None,
            shrines: config
                .sets
                .iter()
                .any(|s| matches!(s, crate::TileSet::Cult | crate::TileSet::Cult6))
                || config.stack.as_ref().is_some_and(|tiles| {
                    tiles
                        .iter()
                        .any(|t| t.kind().building == Some(FeatureKind::Shrine))
                }),
            titles: Default::default(),
            buildings: Vec::new(),
            city: elements
                .count
                .then(|| Box::new(crate::expansions::count::City::new())),
            last_placer: config.first_player as u8,
            last_tile: None,
            draws: Vec::with_capacity(capacity),
            actions: Vec::with_capacity(capacity * 2),
            config: Arc::new(config),
        };
        if game.config.sets.contains(&crate::TileSet::Count) {
            // The City of Carcassonne is the starting area (`expansions.md` §1.3.2).
            for piece in crate::catalogue().set(crate::TileSet::Count) {
                let (x, y) = piece
                    .kind()
                    .markers
                    .iter()
                    .find_map(|m| match m {
                        crate::Marker::CityOfCarcassonne(n) => Some(crate::city_position(*n)),
                        _ => None,
                    })
                    .unwrap_or((0, 0));
                game.lay_tile(piece, Position::new(x, y), Rotation::R0);
            }
        } else {
            game.lay_tile(start.tile, Position::new(0, 0), start.rotation);
        }
        game.last_tile = None;
        game.start_turn_part(&mut Quiet);
        Ok(game)
    }

    // ----- read access -----

    /// The configuration the game was created with.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The seed the game was created with.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Number of players.
    pub fn players(&self) -> usize {
        self.config.players
    }

    /// The seat whose decision is pending (after the game: the seat that would have been next).
    pub fn current_player(&self) -> usize {
        self.city_mover().unwrap_or(self.current) as usize
    }

    /// The pending decision.
    pub fn pending(&self) -> Pending {
        self.pending
    }

    /// Whether the game is over (and finally scored).
    pub fn is_over(&self) -> bool {
        self.pending == Pending::GameOver
    }

    /// The tile drawn and not yet placed, if any.
    pub fn current_tile(&self) -> Option<TileId> {
        match self.pending {
            Pending::Place { tile } => Some(tile),
            _ => None,
        }
    }

    /// Each player's score, by seat.
    pub fn scores(&self) -> Vec<u32> {
        self.players[..self.players()]
            .iter()
            .map(|p| p.score)
            .collect()
    }

    /// One player's score (0 for a seat that does not exist).
    pub fn score(&self, player: usize) -> u32 {
        self.players.get(player).map_or(0, |p| p.score)
    }

    /// Followers in `player`'s supply (0 for a seat that does not exist).
    pub fn followers_in_supply(&self, player: usize) -> u8 {
        self.supply(player, Figure::Follower)
    }

    /// Figures of kind `figure` in `player`'s supply (0 for a seat that does not exist).
    pub fn supply(&self, player: usize, figure: Figure) -> u8 {
        if player < self.players() {
            self.players[player].supply[figure_index(figure)]
        } else {
            0
        }
    }

    /// Trade goods tokens of `player` (Traders & Builders): `[wine, grain, cloth]`.
    pub fn goods(&self, player: usize) -> [u8; 3] {
        if player < self.players() {
            self.players[player].goods
        } else {
            [0; 3]
        }
    }

    /// The expansion elements in effect (the config's, defaults filled in from the sets).
    pub fn elements(&self) -> ResolvedElements {
        self.elements
    }

    /// Whether the current turn part is the second part of a builder's double turn.
    pub fn is_second_part(&self) -> bool {
        self.second_part
    }

    /// Whether the River II fork is still to be placed.
    pub fn fork_pending(&self) -> bool {
        self.stack.fork.is_some()
    }

    /// Tiles left in the stack (not counting a drawn, unplaced tile).
    pub fn tiles_left(&self) -> usize {
        self.stack.remaining as usize
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The tile laid in the current turn part (pending deployment), if any.
    pub fn last_placed(&self) -> Option<&PlacedTile> {
        self.last_tile.map(|i| &self.board.tiles()[i as usize])
    }

    /// Every figure on the board, in the order they were deployed.
    pub fn figures(&self) -> Vec<PlacedFigure> {
        self.figures
            .iter()
            .map(|f| self.describe_figure(f))
            .collect()
    }

    pub(crate) fn describe_figure(&self, f: &FigureSlot) -> PlacedFigure {
        let node = self.features.node(f.node);
        let placed = &self.board.tiles()[node.tile as usize];
        let seg = &placed.tile.kind().segments[node.segment as usize];
        PlacedFigure {
            player: f.player as usize,
            figure: f.figure,
            pos: placed.pos,
            feature: seg.kind,
            location: seg.location(placed.rotation),
        }
    }

    /// Bytes a clone copies on the heap, besides the `size_of::<Game>()` bytes inline.
    pub fn heap_size(&self) -> usize {
        self.board.heap_size()
            + self.features.heap_size()
            + self.figures.len() * std::mem::size_of::<FigureSlot>()
            + self.stack.counts.len() * 2
            + self.draws.len() * std::mem::size_of::<TileId>()
            + self.actions.len() * std::mem::size_of::<Action>()
    }

    /// Every tile drawn so far, in order (including discarded ones).
    pub fn draws(&self) -> &[TileId] {
        &self.draws
    }

    /// Every action played so far, in order.
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// The tile kinds the next draw can give, with the probability of each, when a draw is
    /// pending (explicit-draw games); otherwise empty. Probabilities are copies over the tiles
    /// of the stack drawn from: the river stack first, then the lake, then the main stack.
    pub fn chance_outcomes(&self) -> Vec<(TileId, f64)> {
        if self.pending != Pending::Draw || self.stack.remaining == 0 {
            return Vec::new();
        }
        let total = self.stack.drawable() as f64;
        self.stack
            .outcomes()
            .into_iter()
            .map(|(t, c)| (t, c as f64 / total))
            .collect()
    }

    /// How many copies of `tile` the next draw can give (the river stack first in river
    /// games, then the lake, then the main stack).
    pub fn tiles_left_of(&self, tile: TileId) -> usize {
        self.stack.drawable_copies(tile)
    }

    // ----- legal actions -----

    /// Every legal action of the pending decision (empty when a draw is pending or the game
    /// is over). Placements come position by position (open positions in the order they
    /// appeared), rotations R0..R270; deployments in the tile's segment order, then `Pass`.
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        self.legal_actions_into(&mut out);
        out
    }

    /// Like [`Game::legal_actions`], into a reused buffer (cleared first): no allocation once
    /// the buffer is large enough.
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.pending {
            Pending::Place { tile } => {
                let kind = tile.kind();
                out.reserve(4 * self.board.open_positions().len());
                if kind.has_river || (self.shrines && kind.building.is_some()) {
                    self.push_expansion_placements(tile, out);
                } else {
                    let open = self.board.open_positions().iter();
                    self.push_placements(tile, out, open, |o| o.fitting(kind));
                }
            }
            Pending::Deploy { pos } => {
                if let Some(placed) = self.last_placed() {
                    let kind = placed.tile.kind();
                    for &figure in self.figure_kinds.as_slice() {
                        for (i, seg) in kind.segments.iter().enumerate() {
                            if self.can_deploy_on(placed, i, figure) {
                                out.push(Action::Deploy {
                                    figure,
                                    pos,
                                    feature: seg.kind,
                                    location: seg.location(placed.rotation),
                                });
                            }
                        }
                    }
                }
                out.push(Action::Pass);
            }
            Pending::DoubleTurn => out.extend([Action::DoubleTurn, Action::Pass]),
            Pending::EnterCity | Pending::MoveCount | Pending::LeaveCity | Pending::Market => {
                self.city_actions(out)
            }
            Pending::Draw | Pending::GameOver => {}
        }
    }

    /// The placements of a tile under an expansion's placement rule, out of the base game's
    /// path: a river tile only at an open river end (RV-3; an end reached from two sides is
    /// listed once), the spring against the City of Carcassonne anywhere (D-R2-6), a monastery
    /// or shrine under the Cult's neighbourhood rule (CU.1).
    #[inline(never)]
    fn push_expansion_placements(&self, tile: TileId, out: &mut Vec<Action>) {
        let kind = tile.kind();
        if kind.has_river && kind.has_marker(crate::Marker::Spring) {
            let open = self.board.open_positions().iter();
            self.push_placements(tile, out, open, |o| self.river_fitting(kind, o));
        } else if kind.has_river {
            let ends = self.river_ends.iter().enumerate().filter_map(|(i, e)| {
                let first = !self.river_ends[..i].iter().any(|o| o.pos == e.pos);
                first.then(|| self.board.open_at(e.pos)).flatten()
            });
            self.push_placements(tile, out, ends, |o| self.river_fitting(kind, o));
        } else {
            let open = self.board.open_positions().iter();
            self.push_placements(tile, out, open, |o| self.building_fitting(kind, o));
        }
    }

    /// Pushes the placements of `tile` at the open positions `positions`, `fits` giving the
    /// legal rotations at each (one loop per rule set, so the base game pays for no expansion).
    #[inline(always)]
    fn push_placements<'a>(
        &self,
        tile: TileId,
        out: &mut Vec<Action>,
        positions: impl Iterator<Item = &'a crate::board::OpenPosition>,
        fits: impl Fn(&crate::board::OpenPosition) -> u8,
    ) {
        for o in positions {
            let fits = fits(o);
            if fits == 0 {
                continue;
            }
            for r in Rotation::ALL {
                if fits & (1 << r.quarter_turns()) != 0 {
                    out.push(Action::Place {
                        tile,
                        pos: o.pos,
                        rotation: r,
                    });
                }
            }
        }
    }

    /// Number of legal actions of the pending decision, without building them.
    pub fn legal_action_count(&self) -> usize {
        match self.pending {
            Pending::Place { tile } => {
                let kind = tile.kind();
                self.board
                    .open_positions()
                    .iter()
                    .map(|o| self.fitting_at(kind, o).count_ones() as usize)
                    .sum()
            }
            Pending::Deploy { .. } => {
                let placed = match self.last_placed() {
                    Some(p) => p,
                    None => return 1,
                };
                let segments = placed.tile.kind().segments.len();
                1 + self
                    .figure_kinds
                    .as_slice()
                    .iter()
                    .map(|&f| {
                        (0..segments)
                            .filter(|&i| self.can_deploy_on(placed, i, f))
                            .count()
                    })
                    .sum::<usize>()
            }
            Pending::DoubleTurn => 2,
            Pending::EnterCity | Pending::MoveCount | Pending::LeaveCity | Pending::Market => {
                let mut out = Vec::new();
                self.city_actions(&mut out);
                out.len()
            }
            Pending::Draw | Pending::GameOver => 0,
        }
    }

    /// Whether `action` is legal now: exactly when `legal_actions()` contains it.
    pub fn is_legal(&self, action: Action) -> bool {
        self.check(action).is_ok()
    }

    /// Whether `figure` may go on segment `segment` of the tile just laid, or why not. The
    /// current player needs one in supply, and:
    /// - a follower or large follower: a road, city, monastery, or (farmers rule) field whose
    ///   feature holds no follower (B-4, B-4.3, IC-2);
    /// - a builder: a road or city not completed by this tile whose feature holds one of the
    ///   player's followers (TB-2, D7);
    /// - a pig: a field holding one of the player's farmers (TB-5).
    fn deployment_refusal(
        &self,
        placed: &PlacedTile,
        segment: usize,
        figure: Figure,
    ) -> Option<&'static str> {
        if self.players[self.current as usize].supply[figure_index(figure)] == 0 {
            return Some("the player has no such figure in supply");
        }
        let kind = placed.tile.kind().segments[segment].kind;
        let node = placed.node_base + segment as u16;
        match (figure, kind) {
            (_, FeatureKind::River) => Some("nothing can be deployed on a river"),
            (_, FeatureKind::Field) if !self.config.rules.farmers => {
                Some("the farmers rule is off")
            }
            (Figure::Follower | Figure::LargeFollower, _) => {
                (self.features.figures(node) != 0).then_some("the feature is already occupied")
            }
            (Figure::Builder, FeatureKind::Road | FeatureKind::City) => {
                if self.features.open(node) == 0 {
                    Some("a builder cannot go on a feature this tile completes")
                } else if !self.has_own_follower(node) {
                    Some("a builder needs one of its owner's followers in that road or city")
                } else {
                    None
                }
            }
            (Figure::Builder, _) => Some("a builder goes only on a road or a city"),
            (Figure::Pig, FeatureKind::Field) => (!self.has_own_follower(node))
                .then_some("a pig needs one of its owner's farmers in that field"),
            (Figure::Pig, _) => Some("a pig goes only on a field"),
        }
    }

    /// Whether `figure` may go on segment `segment` of the tile just laid: exactly when
    /// [`Game::deployment_refusal`] gives no reason, but without building one (the hot path
    /// of every deploy decision).
    #[inline(always)]
    fn can_deploy_on(&self, placed: &PlacedTile, segment: usize, figure: Figure) -> bool {
        if figure == Figure::Follower {
            // The hot path of every game: a follower on an unoccupied feature.
            let kind = placed.tile.kind().segments[segment].kind;
            return self.players[self.current as usize].supply[0] > 0
                && self.takes_followers(kind)
                && self.features.figures(placed.node_base + segment as u16) == 0;
        }
        self.can_deploy_other_on(placed, segment, figure)
    }

    /// Whether followers may stand on features of kind `kind`: roads, cities, monasteries,
    /// shrines, and fields under the farmers rule; never rivers (B-4, OPT-6, R2.7).
    #[inline(always)]
    fn takes_followers(&self, kind: FeatureKind) -> bool {
        match kind {
            FeatureKind::Road
            | FeatureKind::City
            | FeatureKind::Monastery
            | FeatureKind::Shrine => true,
            FeatureKind::Field => self.config.rules.farmers,
            FeatureKind::River => false,
        }
    }

    /// [`Game::can_deploy_on`] for the expansions' figures (kept out of line, away from the
    /// base game's path).
    #[inline(never)]
    fn can_deploy_other_on(&self, placed: &PlacedTile, segment: usize, figure: Figure) -> bool {
        if self.players[self.current as usize].supply[figure_index(figure)] == 0 {
            return false;
        }
        let kind = placed.tile.kind().segments[segment].kind;
        let node = placed.node_base + segment as u16;
        let allowed = match figure {
            Figure::Follower | Figure::LargeFollower => {
                self.takes_followers(kind) && self.features.figures(node) == 0
            }
            Figure::Builder => {
                matches!(kind, FeatureKind::Road | FeatureKind::City)
                    && self.features.open(node) != 0
                    && self.has_own_follower(node)
            }
            Figure::Pig => {
                kind == FeatureKind::Field
                    && self.config.rules.farmers
                    && self.has_own_follower(node)
            }
        };
        debug_assert_eq!(
            allowed,
            self.deployment_refusal(placed, segment, figure).is_none()
        );
        allowed
    }

    /// Whether the feature of `node` holds a follower of the current player.
    fn has_own_follower(&self, node: NodeId) -> bool {
        if self.features.figures(node) == 0 {
            return false; // no follower at all in the feature
        }
        let me = self.current as usize;
        let supply = self.players[me].supply;
        if supply[0] == self.config.followers && supply[1] == self.elements.large_followers {
            return false; // every follower of the player is in supply
        }
        let root = self.features.find(node);
        self.figures.iter().any(|f| {
            f.player == self.current && f.figure.is_follower() && self.features.find(f.node) == root
        })
    }

    /// Whether the feature of `node` holds the current player's builder.
    fn has_own_builder(&self, node: NodeId) -> bool {
        let root = self.features.find(node);
        self.figures.iter().any(|f| {
            f.player == self.current
                && f.figure == Figure::Builder
                && self.features.find(f.node) == root
        })
    }

    /// Whether `tile` fits anywhere on the board in any rotation (spec B-3.5).
    fn is_placeable(&self, tile: TileId) -> bool {
        let kind = tile.kind();
        let open = self.board.open_positions();
        if kind.has_river && kind.has_marker(crate::Marker::Spring) {
            open.iter().any(|o| self.river_fitting(kind, o) != 0)
        } else if kind.has_river {
            self.river_ends
                .iter()
                .filter_map(|e| self.board.open_at(e.pos))
                .any(|o| self.river_fitting(kind, o) != 0)
        } else if self.shrines && kind.building.is_some() {
            open.iter().any(|o| self.building_fitting(kind, o) != 0)
        } else {
            open.iter().any(|o| o.fitting(kind) != 0)
        }
    }

    /// The rotations of `kind` legal at the open position `o`: edge matching (B-3.2), and for
    /// river tiles the river rules (RV-3).
    fn fitting_at(&self, kind: &TileKind, o: &crate::board::OpenPosition) -> u8 {
        if kind.has_river {
            self.river_fitting(kind, o)
        } else if self.shrines && kind.building.is_some() {
            self.building_fitting(kind, o)
        } else {
            o.fitting(kind)
        }
    }

    /// [`Game::fitting_at`] for a river tile.
    fn river_fitting(&self, kind: &TileKind, o: &crate::board::OpenPosition) -> u8 {
        let fits = o.fitting(kind);
        if fits == 0 {
            return 0;
        }
        Rotation::ALL
            .iter()
            .filter(|r| fits & (1 << r.quarter_turns()) != 0 && self.river_allows(kind, o.pos, **r))
            .fold(0, |m, r| m | 1 << r.quarter_turns())
    }

    /// Validates `action` against the pending decision without changing anything. Returns the
    /// deployment's segment index for a legal deployment.
    fn check(&self, action: Action) -> Result<Option<usize>, PlayError> {
        match (self.pending, action) {
            (Pending::GameOver, _) => Err(PlayError::GameOver),
            (Pending::Draw, _) => Err(PlayError::DrawPending),
            (
                Pending::Place { tile },
                Action::Place {
                    tile: given,
                    pos,
                    rotation,
                },
            ) => {
                if given != tile {
                    return Err(PlayError::WrongTile {
                        current: tile,
                        given,
                    });
                }
                let open = self.board.open_at(pos).ok_or(PlayError::IllegalPlacement {
                    action,
                    reason: if self.board.tile_at(pos).is_some() {
                        "the position is taken"
                    } else {
                        "the position does not touch the board along an edge"
                    },
                })?;
                if open.fitting(tile.kind()) & (1 << rotation.quarter_turns()) == 0 {
                    return Err(PlayError::IllegalPlacement {
                        action,
                        reason: "the tile's edges do not match its neighbours' in that rotation",
                    });
                }
                if !self.building_allows(tile.kind(), pos) {
                    return Err(PlayError::IllegalPlacement {
                        action,
                        reason: "a shrine may not lie beside more than one monastery, nor a \
                                 monastery beside more than one shrine, nor give a building a \
                                 second partner",
                    });
                }
                if tile.kind().has_river && !self.river_allows(tile.kind(), pos, rotation) {
                    return Err(PlayError::IllegalPlacement {
                        action,
                        reason: "a river tile must continue the open river end without \
                                 joining branches or turning the same way twice in a row",
                    });
                }
                Ok(None)
            }
            (
                Pending::Deploy { pos: here },
                Action::Deploy {
                    figure,
                    pos,
                    feature,
                    location,
                },
            ) => {
                let illegal = |reason| PlayError::IllegalDeployment { action, reason };
                if pos != here {
                    return Err(illegal("figures go only on the tile just laid"));
                }
                let placed = self.last_placed().ok_or(illegal("no tile was just laid"))?;
                let kind = placed.tile.kind();
                let segment = kind
                    .segment_with_location(feature, location, placed.rotation)
                    .ok_or(illegal("the tile just laid has no such feature there"))?;
                if !self.can_deploy_on(placed, segment, figure) {
                    let reason = self.deployment_refusal(placed, segment, figure);
                    return Err(illegal(
                        reason.unwrap_or("the figure cannot be deployed there"),
                    ));
                }
                Ok(Some(segment))
            }
            (Pending::Deploy { .. } | Pending::DoubleTurn, Action::Pass)
            | (Pending::DoubleTurn, Action::DoubleTurn) => Ok(None),
            (
                Pending::EnterCity | Pending::MoveCount | Pending::LeaveCity,
                Action::EnterCity { .. }
                | Action::MoveCount { .. }
                | Action::LeaveCity { .. }
                | Action::Pass,
            )
            | (Pending::Market, Action::LeaveCity { .. } | Action::Pass) => {
                if self.city_action_is_legal(action) {
                    Ok(None)
                } else {
                    Err(PlayError::IllegalCityAction {
                        action,
                        reason: match self.pending {
                            Pending::EnterCity => {
                                "offered: a follower or large follower from supply (not one \
                                 that came back this turn) into a quarter, or pass"
                            }
                            Pending::MoveCount => "offered: the Count to another quarter, or pass",
                            Pending::LeaveCity => {
                                "offered: a figure of the deciding player from an unblocked \
                                 quarter onto a matching feature completed now, or pass"
                            }
                            _ => {
                                "offered: a figure of the deciding player from the Market onto \
                                  a field; moving is mandatory"
                            }
                        },
                    })
                }
            }
            (pending, action) => Err(PlayError::WrongDecision {
                action,
                pending: pending.name(),
            }),
        }
    }

    // ----- playing -----

    /// Plays `action` and returns what happened, in the documented order (see
    /// [`Event`]). After the last action of a turn the game moves on to the next
    /// player's draw (automatic) or to [`Pending::Draw`] (explicit draws); after the last tile
    /// it scores the game and ends.
    ///
    /// # Errors
    /// [`PlayError`] saying why the action is illegal; the game is then unchanged.
    pub fn play(&mut self, action: Action) -> Result<Vec<Event>, PlayError> {
        let mut events = Vec::new();
        self.play_into(action, &mut events)?;
        Ok(events)
    }

    /// Like [`Game::play`], but writes the events into `events` (cleared first), reusing its
    /// memory. On error `events` is left as it was.
    ///
    /// # Errors
    /// As [`Game::play`]; the game is then unchanged.
    pub fn play_into(&mut self, action: Action, events: &mut Vec<Event>) -> Result<(), PlayError> {
        let segment = self.check(action)?;
        events.clear();
        self.apply(action, segment, events);
        Ok(())
    }

    /// Plays `action` like [`Game::play`] but builds no events: the fast path for simulations.
    ///
    /// # Errors
    /// As [`Game::play`]; the game is then unchanged.
    pub fn play_quiet(&mut self, action: Action) -> Result<(), PlayError> {
        let segment = self.check(action)?;
        self.apply(action, segment, &mut Quiet);
        Ok(())
    }

    fn apply<S: Sink>(&mut self, action: Action, segment: Option<usize>, sink: &mut S) {
        self.actions.push(action);
        match action {
            Action::Place {
                tile,
                pos,
                rotation,
            } => {
                let player = self.current as usize;
                self.last_placer = self.current;
                let index = self.lay_tile(tile, pos, rotation);
                if S::WANTED {
                    sink.push(Event::TilePlaced {
                        player,
                        tile,
                        pos,
                        rotation,
                    });
                }
                let placed = self.board.tiles()[index];
                let segments = tile.kind().segments.len();
                // A builder's double turn: the first part's tile extends or completes a feature
                // holding the player's builder (TB-3.1); never in the second part (TB-3.4).
                if self.elements.builders > 0 && !self.second_part {
                    self.double_turn_due = (0..segments).any(|i| {
                        let seg = &tile.kind().segments[i];
                        matches!(seg.kind, FeatureKind::Road | FeatureKind::City)
                            && self.has_own_builder(placed.node_base + i as u16)
                    });
                }
                if tile.kind().has_river
                    && (tile.kind().has_marker(crate::Marker::Volcano)
                        || tile.kind().has_marker(crate::Marker::Spring))
                {
                    // The volcano lake gives no action of its own; the same player then plays
                    // a normal turn with a land tile (R2.6, D-R2-9). So does the spring laid
                    // against the City of Carcassonne before the first turn (D-R2-6).
                    self.lake_turn_due = true;
                    self.finish_turn_part(sink);
                    return;
                }
                let deployable = self
                    .figure_kinds
                    .as_slice()
                    .iter()
                    .any(|&f| (0..segments).any(|i| self.can_deploy_on(&placed, i, f)));
                if deployable {
                    self.pending = Pending::Deploy { pos };
                } else {
                    self.finish_turn_part(sink);
                }
            }
            Action::Deploy { figure, .. } => {
                if let (Some(segment), Some(placed)) = (segment, self.last_placed().copied()) {
                    self.deploy(&placed, segment, figure, sink);
                }
                self.finish_turn_part(sink);
            }
            Action::Pass if self.pending == Pending::DoubleTurn => {
                // The double turn declined (OPT-5 optional): the next player's turn.
                self.second_part = false;
                self.current = ((self.current as usize + 1) % self.players()) as u8;
                self.start_turn_part(sink);
            }
            Action::Pass
                if matches!(
                    self.pending,
                    Pending::EnterCity | Pending::MoveCount | Pending::LeaveCity
                ) =>
            {
                self.apply_city_action(action, sink)
            }
            Action::EnterCity { .. } | Action::MoveCount { .. } | Action::LeaveCity { .. } => {
                self.apply_city_action(action, sink)
            }
            Action::Pass => self.finish_turn_part(sink),
            Action::DoubleTurn => {
                self.second_part = true;
                self.start_turn_part(sink);
            }
        }
    }

    /// Supplies the next tile in an explicit-draw game. If the tile fits nowhere it is
    /// discarded (spec B-3.5) and another draw is pending; if it was the last, the game ends.
    ///
    /// # Errors
    /// [`DrawError`] if draws are automatic, no draw is pending, or no such tile is left; the
    /// game is then unchanged.
    pub fn draw(&mut self, tile: TileId) -> Result<Vec<Event>, DrawError> {
        if !self.config.explicit_draws {
            return Err(DrawError::NotExplicit);
        }
        if self.pending != Pending::Draw {
            return Err(DrawError::NotPending {
                pending: self.pending.name(),
            });
        }
        if self.tiles_left_of(tile) == 0 {
            return Err(DrawError::NotInStack(tile));
        }
        let mut events = Vec::new();
        self.stack.take(tile);
        self.after_draw(tile, &mut events);
        Ok(events)
    }

    /// Lays `tile` and joins its segments to the neighbouring features. Returns its index.
    fn lay_tile(&mut self, tile: TileId, pos: Position, rotation: Rotation) -> usize {
        let kind: &'static TileKind = tile.kind();
        let index = self.board.len() as u16;
        let node_base = self.features.len() as u16;
        for (i, seg) in kind.segments.iter().enumerate() {
            let open = match seg.kind {
                FeatureKind::Road | FeatureKind::City | FeatureKind::River => {
                    (seg.points & MIDDLE_POINTS).count_ones() as u16
                }
                _ => 0,
            };
            self.features.add(seg.kind, index, i as u8, open);
        }
        let edges = Side::ALL.map(|side| kind.edge(side, rotation));
        self.board.place(tile, pos, rotation, node_base, edges);
        if kind.has_river {
            self.advance_river(kind, pos, rotation);
        }
        let mine = &kind.rotated_owner[rotation.quarter_turns() as usize];
        for side in Side::ALL {
            let Some(n) = self.board.tile_index_at(pos.neighbour(side)) else {
                continue;
            };
            let neighbour = self.board.tiles()[n];
            let other = neighbour.tile.kind();
            let theirs = &other.rotated_owner[neighbour.rotation.quarter_turns() as usize];
            for k in 0..3u8 {
                let p = 3 * side.index() + k;
                let (a, b) = (mine[p as usize], theirs[facing_point(p) as usize]);
                if a == NO_SEGMENT || b == NO_SEGMENT {
                    continue;
                }
                let seg_kind = kind.segments[a as usize].kind;
                let middle = k == 1;
                // Cities own whole edges: join them once, through the middle point.
                if seg_kind != other.segments[b as usize].kind
                    || (seg_kind == FeatureKind::City && !middle)
                {
                    continue;
                }
                self.features
                    .connect(node_base + a as u16, neighbour.node_base + b as u16, middle);
            }
        }
        if self.shrines {
            if let Some(building) = kind.building {
                self.buildings.push((pos, building));
            }
        }
        self.last_tile = Some(index);
        index as usize
    }

    fn deploy<S: Sink>(
        &mut self,
        placed: &PlacedTile,
        segment: usize,
        figure: Figure,
        sink: &mut S,
    ) {
        let player = self.current;
        let node = placed.node_base + segment as u16;
        self.figures.push(FigureSlot {
            player,
            figure,
            node,
        });
        if figure.is_follower() {
            self.features.add_figure(node);
        }
        self.players[player as usize].supply[figure_index(figure)] -= 1;
        if S::WANTED {
            let seg = &placed.tile.kind().segments[segment];
            sink.push(Event::FigureDeployed {
                player: player as usize,
                figure,
                pos: placed.pos,
                feature: seg.kind,
                location: seg.location(placed.rotation),
            });
        }
    }

    /// Scores what the turn part completed, then moves to the next player's draw.
    pub(crate) fn finish_turn_part<S: Sink>(&mut self, sink: &mut S) {
        if let Some(index) = self.last_tile {
            if self.city.is_some() {
                // The Count: figures may leave the City before the scoring (C.3), and after it
                // the active player may enter it (C.2).
                if self.open_leave_round(index as usize) {
                    return;
                }
                let before = self.players.map(|p| p.score);
                self.score_completed(index as usize, sink);
                self.last_tile = None;
                if self.offer_city_entry(&before) {
                    return;
                }
            } else {
                self.score_completed(index as usize, sink);
            }
        }
        self.last_tile = None;
        self.next_turn_part(sink);
    }

    /// After a turn part is scored: the next turn part (a double turn, the turn after a lake,
    /// the fork's interlude) or the next player's turn.
    pub(crate) fn next_turn_part<S: Sink>(&mut self, sink: &mut S) {
        if let Some((seat, second_part)) = self.fork_interlude.take() {
            // The fork was placed out of turn (R2.5): no double turn comes of it.
            self.current = seat;
            self.second_part = second_part;
            self.double_turn_due = false;
        } else if self.lake_turn_due {
            self.lake_turn_due = false;
        } else if self.double_turn_due {
            // The same player plays a second turn part (TB-3.2), or chooses to (OPT-5).
            self.double_turn_due = false;
            if self.config.rules.builder_double_turn == crate::BuilderDoubleTurn::Optional
                && self.stack.remaining > 0
            {
                self.pending = Pending::DoubleTurn;
                return;
            }
            self.second_part = true;
        } else {
            self.second_part = false;
            self.current = ((self.current as usize + 1) % self.players()) as u8;
        }
        self.start_turn_part(sink);
    }

    /// Draws for the current player (automatic draws) or waits for a draw (explicit); ends the
    /// game when the stack is empty (spec B-8.1).
    fn start_turn_part<S: Sink>(&mut self, sink: &mut S) {
        self.reset_city_turn_part();
        if self.stack.remaining == 0 {
            self.end_game(sink);
            return;
        }
        self.stack.fork_due = self.stack.fork.is_some() && self.current == self.fork_seat;
        if self.config.explicit_draws {
            self.pending = Pending::Draw;
            return;
        }
        let k = ((self.rng.next_u64() as u128 * self.stack.drawable() as u128) >> 64) as u32;
        let tile = self.stack.nth(k);
        self.stack.take(tile);
        self.after_draw(tile, sink);
    }

    /// Records a drawn tile (already removed from the stack); discards it and draws again if it
    /// fits nowhere.
    fn after_draw<S: Sink>(&mut self, tile: TileId, sink: &mut S) {
        let player = self.current as usize;
        self.draws.push(tile);
        if S::WANTED {
            sink.push(Event::TileDrawn { player, tile });
        }
        if self.is_placeable(tile) {
            self.pending = Pending::Place { tile };
        } else if self.stack.fork.is_some() && tile.kind().has_river {
            // A river end that would close the last open end before the fork is placed goes
            // under the river stack (R2.5); if nothing else is left, the fork comes now.
            if S::WANTED {
                sink.push(Event::TileDeferred {
                    player: self.current as usize,
                    tile,
                });
            }
            self.stack.lakes.insert(0, tile);
            self.stack.river_remaining += 1;
            self.stack.remaining += 1;
            if self.stack.river.iter().all(|&c| c == 0) && self.current != self.fork_seat {
                // Only river ends are left: the fork's seat places the fork now, out of
                // turn, then this turn part resumes with a new draw (R2.5).
                self.fork_interlude = Some((self.current, self.second_part));
                self.current = self.fork_seat;
                self.second_part = false;
            }
            self.start_turn_part(sink);
        } else {
            if S::WANTED {
                sink.push(Event::TileDiscarded { player, tile });
            }
            self.start_turn_part(sink);
        }
    }

    pub(crate) fn end_game<S: Sink>(&mut self, sink: &mut S) {
        if self.open_market() {
            return; // the Market first (C.4)
        }
        self.pending = Pending::GameOver;
        self.final_scoring(sink);
        if S::WANTED {
            sink.push(Event::GameOver {
                scores: self.scores(),
            });
        }
    }

    /// The placed tile and segment index of node `n`.
    pub(crate) fn node_tile(&self, n: NodeId) -> (&PlacedTile, usize) {
        let node = self.features.node(n);
        (
            &self.board.tiles()[node.tile as usize],
            node.segment as usize,
        )
    }
}

impl PartialEq for Game {
    /// Two games are equal when their whole state is: config, seed, board, figures, scores and
    /// supplies, the stack and generator, the pending decision and the history.
    fn eq(&self, other: &Game) -> bool {
        self.config == other.config
            && self.seed == other.seed
            && self.board.tiles() == other.board.tiles()
            && self.figures() == other.figures()
            && self.scores() == other.scores()
            && self.players == other.players
            && self.stack.counts == other.stack.counts
            && self.stack.river == other.stack.river
            && self.stack.lakes == other.stack.lakes
            && self.river_ends == other.river_ends
            && self.stack.fork == other.stack.fork
            && self.stack.spring == other.stack.spring
            && self.fork_interlude == other.fork_interlude
            && self.titles == other.titles
            && self.city == other.city
            && self.lake_turn_due == other.lake_turn_due
            && self.second_part == other.second_part
            && self.rng == other.rng
            && self.current == other.current
            && self.pending == other.pending
            && self.last_tile == other.last_tile
            && self.draws == other.draws
            && self.actions == other.actions
    }
}

impl Eq for Game {}
