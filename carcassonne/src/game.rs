//! The game: its state, the pending decision and the seat that takes it, the legal actions,
//! and playing them (spec `base.md` §3.2: draw, place, deploy, score). The order of the steps
//! of a turn part is the pipeline's (`turn`); the expansions' rules are theirs
//! ([`crate::expansions`]).

use std::cell::Cell;
use std::sync::Arc;

use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;

use crate::action::Action;
use crate::board::{Board, OpenPosition, PlacedTile};
use crate::chance::Outcome;
use crate::config::{Config, ResolvedElements, MAX_PLAYERS};
use crate::error::{ConfigError, DrawError, InternalError, PlayError};
use crate::events::{Event, Quiet, Sink};
use crate::expansions::{Expansions, Hook};
use crate::features::{Features, NodeId};
use crate::figure::Figure;
use crate::geometry::{facing_point, Location, Position, Rotation, Side, SIDE_POINTS_FACING};
use crate::message::Message;
use crate::stack::Stack;
use crate::tile::{
    fitting, fitting_entry, EdgeKind, FeatureKind, Segment, TileId, TileKind, FITTING_TABLE,
    NO_SEGMENT,
};
use crate::turn::{Cursor, Step};

/// What the game is waiting for, and whose decision it is ([`Game::current_player`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pending {
    /// A chance node: a tile must be drawn. In explicit-draw games the caller supplies one of
    /// [`Game::chance_outcomes`] with [`Game::resolve`] (or [`Game::draw`]); other games draw
    /// by themselves.
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
    /// (in seat order from the left of the active player, the active player last; not always
    /// the one whose turn it is) may move figures out of the quarters into them
    /// ([`Action::LeaveCity`]), then passes.
    LeaveCity,
    /// The Count (C.4): at the end, the current player moves one figure from the Market onto a
    /// field ([`Action::LeaveCity`]); no pass.
    Market,
    /// A chance node (Under the Big Top, BT.3, BT.5): the animal token of the big top being
    /// scored is drawn from the pool. In explicit-draw games the caller supplies one of
    /// [`Game::chance_outcomes`] with [`Game::resolve`]; other games draw by themselves.
    AnimalToken,
    /// Gold Mines (GM.1): the current player puts the second ingot on a tile of the 8 around
    /// the gold tile at `pos` ([`Action::PlaceIngot`]); asked only with two or more there.
    Ingot {
        /// The gold tile just laid.
        pos: Position,
    },
    /// Gold Mines (GM.4): the current player (in seat order from the active player, not
    /// always the one whose turn it is) takes one claimed ingot from a tile they are entitled
    /// to ([`Action::TakeIngot`]); asked only when the tiles offered differ in who else may
    /// claim them, and with [`GoldDistribution::Players`](crate::GoldDistribution).
    TakeIngot,
    /// Mage & Witch (MW.1, MW.3): the current player puts the mage or the witch on a road or
    /// city segment ([`Action::PlaceMagic`]); asked only with two or more possible moves.
    Magic,
    /// Mage & Witch (MW.2): neither figure can go anywhere; the current player sends one of the
    /// two on the board back to the reserve ([`Action::RemoveMagic`]).
    RemoveMagic,
    /// A chance node (Flying Machines, FM.2): the die says how far the flier goes, 1 to 3. In
    /// explicit-draw games the caller supplies one of [`Game::chance_outcomes`] with
    /// [`Game::resolve`]; other games roll by themselves.
    FlierRoll,
    /// Flying Machines (FM.3): the current player chooses where on the tile at `pos` the flier
    /// lands: an incomplete road, city, monastery or shrine ([`Action::Land`]) or, a normal
    /// follower with Under the Big Top's acrobats, the tile's acrobat site with a free place
    /// ([`Action::Acrobat`] at `pos`); asked only with two or more landings. No pass.
    Landing {
        /// The target tile.
        pos: Position,
    },
    /// Ferries (FE.3): the current player places the ferry of the lake tile just laid at
    /// `pos`, joining two of its road ends ([`Action::PlaceFerry`]); no pass.
    PlaceFerry {
        /// The lake tile just laid.
        pos: Position,
    },
    /// Ferries (FE.4): the current player may move the nearest ferry in a direction along the
    /// roads of the tile just laid ([`Action::MoveFerry`]) or stop moving ferries
    /// ([`Action::Pass`]).
    MoveFerry,
    /// Crop Circles (CR.1): the turn part's tile has a crop circle; the active player
    /// chooses for everybody whether followers are added or taken back
    /// ([`Action::CropOption`]). The circle's kind is in [`Game::crop_round`]. No pass.
    CropOption,
    /// Crop Circles, option A (CR.1–CR.3): the current player (from the left of the active
    /// player round to the active player, not always the one whose turn it is) may deploy a
    /// follower from supply where they already have one of the circle's kind
    /// ([`Action::CropDeploy`]) or pass ([`Action::Pass`]).
    CropDeploy,
    /// Crop Circles, option B (CR.1–CR.3): the current player (in the same order) takes one of
    /// their followers of the circle's kind back to supply ([`Action::CropReturn`]). No pass.
    CropReturn,
    /// Robbers (RO.1): the current player may put his robber on a score-track space holding
    /// another player's scoring figure ([`Action::PlaceRobber`]; the active player may move
    /// his there if it is on the track) or pass. Asked after a robber tile to the active
    /// player, then to the players the rule option names; a player with nothing to do is
    /// not asked.
    PlaceRobber,
    /// Robbers (RO.5, D-RO-2): the current player's robber stands where several players'
    /// figures leave with the points of one feature; he chooses whom it robs
    /// ([`Action::Rob`]). No pass.
    ChooseRobbed,
    /// Messages (M.1): the current player receives an award on the score track and his two
    /// figures (the scoring figure and the messenger) stand on different spaces; he chooses
    /// which of them moves ([`Action::ScoringFigure`]). No pass. When both stand on the same
    /// space (or the award is 0 points) the choice cannot matter and the scoring figure moves
    /// without asking.
    ChooseScoringFigure,
    /// D-GEN-1 (with the score track): the turn part completed two or more features holding
    /// followers and the order can matter (a robber is on the track); the active player
    /// chooses the one scored next ([`Action::ScoreFirst`]). No pass.
    ScoreOrder,
    /// A chance node (Messages M.2, phase 4 step 2): the active player draws the top message
    /// of the deck. In explicit-draw games the caller supplies one of
    /// [`Game::chance_outcomes`] ([`Outcome::Message`]) with [`Game::resolve`]; other games
    /// draw by themselves.
    DrawMessage,
    /// Messages (M.3): the active player performs the message he drew
    /// ([`Action::MessageAction`], [`Action::MessageFeature`], [`Action::MessageFollower`])
    /// or takes its 2 points ([`Action::MessagePoints`]). Asked only when the message has
    /// something to act on; otherwise its 2 points are taken at once. No pass.
    ResolveMessage {
        /// The message in hand.
        message: Message,
    },
    /// The game is over and scored.
    GameOver,
}

impl Pending {
    /// A short name: `draw`, `place`, `deploy`, `double turn`, `enter city`, `move count`,
    /// `leave city`, `market`, `animal token`, `ingot`, `take ingot`, `magic`, `remove magic`,
    /// `flier roll`, `landing`, `place ferry`, `move ferry`, `crop option`, `crop deploy`,
    /// `crop return`, `place robber`, `choose robbed`, `choose scoring figure`, `score order`,
    /// `draw message`, `resolve message`, `game over`.
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
            Pending::AnimalToken => "animal token",
            Pending::Ingot { .. } => "ingot",
            Pending::TakeIngot => "take ingot",
            Pending::Magic => "magic",
            Pending::RemoveMagic => "remove magic",
            Pending::FlierRoll => "flier roll",
            Pending::Landing { .. } => "landing",
            Pending::PlaceFerry { .. } => "place ferry",
            Pending::MoveFerry => "move ferry",
            Pending::CropOption => "crop option",
            Pending::CropDeploy => "crop deploy",
            Pending::CropReturn => "crop return",
            Pending::PlaceRobber => "place robber",
            Pending::ChooseRobbed => "choose robbed",
            Pending::ChooseScoringFigure => "choose scoring figure",
            Pending::ScoreOrder => "score order",
            Pending::DrawMessage => "draw message",
            Pending::ResolveMessage { .. } => "resolve message",
            Pending::GameOver => "game over",
        }
    }

    /// Whether this is an expansion's decision, listed, checked and played by its module
    /// (`Game::expansion_actions`): everything but the base game's placement and deployment,
    /// the chance nodes and the end of the game.
    pub(crate) const fn is_expansion_decision(&self) -> bool {
        match self {
            Pending::DoubleTurn
            | Pending::EnterCity
            | Pending::MoveCount
            | Pending::LeaveCity
            | Pending::Market
            | Pending::Ingot { .. }
            | Pending::TakeIngot
            | Pending::Magic
            | Pending::RemoveMagic
            | Pending::Landing { .. }
            | Pending::PlaceFerry { .. }
            | Pending::MoveFerry
            | Pending::CropOption
            | Pending::CropDeploy
            | Pending::CropReturn
            | Pending::PlaceRobber
            | Pending::ChooseRobbed
            | Pending::ChooseScoringFigure
            | Pending::ScoreOrder
            | Pending::ResolveMessage { .. } => true,
            Pending::Draw
            | Pending::Place { .. }
            | Pending::Deploy { .. }
            | Pending::AnimalToken
            | Pending::FlierRoll
            | Pending::DrawMessage
            | Pending::GameOver => false,
        }
    }

    /// Whether this is a chance node (answered by [`Game::resolve`], not [`Game::play`]).
    pub const fn is_chance(&self) -> bool {
        matches!(
            self,
            Pending::Draw | Pending::AnimalToken | Pending::FlierRoll | Pending::DrawMessage
        )
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

/// Internal record of a figure: owner, kind, the node of its segment and that segment's
/// feature kind (so that a walk over the figures finds the monks without reading the nodes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct FigureSlot {
    pub player: u8,
    pub figure: Figure,
    pub node: NodeId,
    pub feature: FeatureKind,
}

/// Which of the first 128 figures on the board (`Game::figures`) stand on a monastery or
/// shrine: bit `i` for figure `i`. The check after every tile (B-5.5, CU.3) visits these
/// figures instead of scanning every figure; figures past the first 128 (possible only with
/// large custom supplies) are scanned.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct MonasticSlots(u128);

impl MonasticSlots {
    /// How many figures the bits cover.
    pub const TRACKED: usize = 128;

    /// After a figure was added at index `index` (the end of the list).
    #[inline(always)]
    fn added(&mut self, index: usize, monastic: bool) {
        if index < Self::TRACKED {
            self.0 |= u128::from(monastic) << index;
        }
    }

    /// After the figure at index `index` was removed: the bits of the figures after it move
    /// down one, as the figures did; `now_last` is whether the figure that moved into index
    /// 127, if any, is monastic. Out of line: the loops that remove figures stay small (inlined,
    /// it made `return_figures` cost more than it saved).
    #[inline(never)]
    fn removed(&mut self, index: usize, now_last: Option<bool>) {
        if index < Self::TRACKED {
            let below = (1u128 << index) - 1;
            self.0 = (self.0 & below) | ((self.0 >> 1) & !below);
            self.0 |= u128::from(now_last == Some(true)) << (Self::TRACKED - 1);
        }
    }

    /// Whether no figure of the first 128 is monastic.
    #[inline(always)]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether figure `index` (below 128) is monastic.
    pub fn contains(self, index: usize) -> bool {
        index < Self::TRACKED && self.0 >> index & 1 == 1
    }

    /// The indices of the monastic figures among the first 128, in increasing order.
    #[inline(always)]
    pub fn indices(self) -> MonasticIndices {
        MonasticIndices(self.0)
    }
}

/// The iterator of [`MonasticSlots::indices`]: the set bits, lowest first.
pub(crate) struct MonasticIndices(u128);

impl Iterator for MonasticIndices {
    type Item = usize;

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(i)
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct PlayerState {
    pub score: u32,
    /// Figures in supply, indexed like [`Figure::ALL`].
    pub supply: [u8; Figure::COUNT],
}

/// The figure kinds in play (some player starts with one), as a small inline list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct FigureKinds {
    kinds: [Figure; Figure::COUNT],
    len: u8,
}

impl FigureKinds {
    fn of(supply: [u8; Figure::COUNT]) -> FigureKinds {
        let mut kinds = [Figure::Follower; Figure::COUNT];
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

/// A game of Carcassonne: the board, the players' scores and supplies, the tiles left, the
/// expansions' states, and the decision pending.
///
/// Created from a [`Config`] and a seed; advanced by [`Game::play`] (and [`Game::resolve`] in
/// explicit-draw games). Same config, seed and actions give the same game. Cloning is cheap
/// and is the way to undo or search: [`Clone::clone_from`] copies a game into another one's
/// buffers, and a base game allocates nothing once they have grown to the source's size (a
/// search that copies its root into one scratch game per playout allocates only in its first
/// ones; an expansion's nested lists, such as the score track's queued rounds, may still
/// allocate).
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
#[derive(Debug)]
pub struct Game {
    pub(crate) config: Arc<Config>,
    pub(crate) seed: u64,
    pub(crate) board: Board,
    pub(crate) features: Features,
    /// The figures on the board, in the order they were deployed. Changed only through
    /// [`Game::add_figure_slot`] and [`Game::remove_figure_slot`], which keep
    /// `monastic_slots`.
    pub(crate) figures: Vec<FigureSlot>,
    /// Which of `figures` stand on a monastery or shrine (the first 128 of them).
    pub(crate) monastic_slots: MonasticSlots,
    pub(crate) players: [PlayerState; MAX_PLAYERS],
    /// The main stack (tiles an expansion deals first are in its state).
    pub(crate) stack: Stack,
    pub(crate) rng: Pcg64Mcg,
    /// The seat whose turn it is.
    pub(crate) active: u8,
    /// The seat that takes the pending decision.
    pub(crate) decider: u8,
    pub(crate) pending: Pending,
    /// Where the turn pipeline stands.
    pub(crate) cursor: Cursor,
    /// The expansion elements in effect.
    pub(crate) elements: ResolvedElements,
    /// The figure kinds in play, in [`Figure::ALL`] order; a base game iterates over followers
    /// only.
    pub(crate) figure_kinds: FigureKinds,
    /// Whether the current turn part is the second part of a turn (a builder's double turn).
    pub(crate) second_part: bool,
    /// Board index of the tile laid in the current turn part, until its scoring.
    pub(crate) last_tile: Option<u16>,
    /// The expansions in play and their states.
    pub(crate) ext: Expansions,
    /// Every chance outcome so far.
    pub(crate) outcomes: Vec<Outcome>,
    pub(crate) actions: Vec<Action>,
    /// A broken internal invariant the pipeline stopped at (a defect of the engine), reported
    /// as an [`InternalError`] by the call that met it and by every later play or draw.
    pub(crate) fault: Option<&'static str>,
}

clone_by_fields!(Game {
    config,
    seed,
    board,
    features,
    figures,
    monastic_slots,
    players,
    stack,
    rng,
    active,
    decider,
    pending,
    cursor,
    elements,
    figure_kinds,
    second_part,
    last_tile,
    ext,
    outcomes,
    actions,
    fault,
});

impl Game {
    /// Validates `config` and sets up a game: the starting area (the start tile at `(0, 0)`, or
    /// the City of Carcassonne), the stacks, every player's supply, the expansions' states;
    /// then the first draw (unless draws are explicit).
    ///
    /// The seed drives every automatic draw: the generator is PCG-64 MCG
    /// (`rand_pcg::Pcg64Mcg::seed_from_u64(seed)`), and each draw picks remaining tile number
    /// `(next_u64() * remaining) >> 64` in catalogue order of kinds, of the stack the draw comes
    /// from.
    ///
    /// # Errors
    /// [`ConfigError`] naming the first problem of the config.
    pub fn new(config: Config, seed: u64) -> Result<Game, ConfigError> {
        config.validate()?;
        let elements = config.resolved_elements();
        let (stack, ext) = Expansions::with_stack(&config, &elements);
        let capacity = (stack.remaining() + ext.tiles_held()) as usize + 1;
        let mut players = [PlayerState::default(); MAX_PLAYERS];
        let supply = config.start_supply();
        for p in players.iter_mut().take(config.players) {
            p.supply = supply;
        }
        let first = config.first_player as u8;
        let mut game = Game {
            seed,
            board: Board::new(capacity),
            features: Features::with_capacity(capacity * 4),
            figures: Vec::with_capacity(config.players * config.followers as usize),
            monastic_slots: MonasticSlots::default(),
            players,
            stack,
            rng: Pcg64Mcg::seed_from_u64(seed),
            active: first,
            decider: first,
            pending: Pending::Draw,
            cursor: Cursor::at(Step::StartOfTurnPart),
            elements,
            figure_kinds: FigureKinds::of(supply),
            second_part: false,
            last_tile: None,
            ext,
            outcomes: Vec::with_capacity(capacity),
            actions: Vec::with_capacity(capacity * 2),
            fault: None,
            config: Arc::new(config),
        };
        if !(game.has_hook(Hook::StartingArea) && game.lay_starting_area()) {
            let start = game.config.start_tile();
            game.lay_tile(start.tile, Position::new(0, 0), start.rotation);
        }
        game.last_tile = None;
        game.advance(&mut Quiet);
        game.check_fault()?;
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

    /// The seat that takes the pending decision: usually the active player, but the Count's
    /// movement round (C.3), the Market (C.4), the sharing of gold (GM.4) and a crop circle's
    /// round (CR.2) are decided in turn by the other players too.
    /// After the game: the seat whose turn would have been next.
    pub fn current_player(&self) -> usize {
        self.decider as usize
    }

    /// The seat whose turn it is (who drew and placed the turn part's tile).
    pub fn active_player(&self) -> usize {
        self.active as usize
    }

    /// The pending decision.
    pub fn pending(&self) -> Pending {
        self.pending
    }

    /// Whether the game is over (and finally scored).
    pub fn is_over(&self) -> bool {
        self.pending == Pending::GameOver
    }

    /// The tile drawn and not yet placed, if any (also while the robbers are placed before
    /// it, [`RobberPlacement::BeforeTilePlacement`](crate::RobberPlacement)).
    pub fn current_tile(&self) -> Option<TileId> {
        match self.pending {
            Pending::Place { tile } => Some(tile),
            Pending::PlaceRobber => self.robber_tile_in_hand(),
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
            self.players[player].supply[figure.index()]
        } else {
            0
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

    /// Tiles left to draw, in every stack (not counting a drawn, unplaced tile).
    pub fn tiles_left(&self) -> usize {
        (self.stack.remaining() + self.tiles_held_aside()) as usize
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The tile laid in the current turn part, until the turn part is scored.
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
        let (placed, segment) = self.node_tile(f.node);
        let seg = &placed.tile.kind().segments[segment];
        PlacedFigure {
            player: f.player as usize,
            figure: f.figure,
            pos: placed.pos,
            feature: self.segment_kind(seg),
            location: seg.location(placed.rotation),
        }
    }

    /// The kind of feature `seg` is in this game: a shrine is a monastery when the shrine
    /// element is off (JCloisterZone without `shrine`).
    #[inline(always)]
    pub(crate) fn segment_kind(&self, seg: &Segment) -> FeatureKind {
        feature_kind(seg, self.elements.shrines)
    }

    /// The positions of the tiles of the road, city or field that the segment of kind
    /// `feature` at `location` of the tile at `pos` belongs to, sorted (rows north to south,
    /// then west to east) and each once (a tile a road passes twice counts once, FE.6); for a
    /// monastery or shrine, its own tile. `None` if there is no such tile or segment.
    pub fn feature_positions(
        &self,
        pos: Position,
        feature: FeatureKind,
        location: Location,
    ) -> Option<Vec<Position>> {
        let placed = self.board.tile_at(pos)?;
        let segment = self.segment_at(placed, feature, location)?;
        let root = self.features.find(placed.node_base + segment as u16);
        let mut out: Vec<Position> = self
            .features
            .members(root)
            .map(|n| self.node_tile(n).0.pos)
            .collect();
        out.sort_by_key(|p| (p.y, p.x));
        out.dedup();
        Some(out)
    }

    /// Index of the segment of `placed` whose kind in this game is `kind` and whose location
    /// is `location`, if there is one.
    pub(crate) fn segment_at(
        &self,
        placed: &PlacedTile,
        kind: FeatureKind,
        location: Location,
    ) -> Option<usize> {
        placed
            .tile
            .kind()
            .segments
            .iter()
            .position(|s| self.segment_kind(s) == kind && s.location(placed.rotation) == location)
    }

    /// The feature (its root node) on the segment of kind `kind` at `location` of the tile at
    /// `pos`, if there is one.
    pub(crate) fn feature_at(
        &self,
        pos: Position,
        kind: FeatureKind,
        location: Location,
    ) -> Option<NodeId> {
        let placed = self.board.tile_at(pos)?;
        let segment = self.segment_at(placed, kind, location)?;
        Some(self.features.find(placed.node_base + segment as u16))
    }

    /// Bytes a clone of this game copies on the heap, besides the
    /// `std::mem::size_of::<Game>()` bytes inline: the board, the features, the figures, the
    /// stacks, the expansions' states and the history. For budgeting the memory of search
    /// trees that keep many games.
    pub fn heap_size(&self) -> usize {
        self.board.heap_size()
            + self.features.heap_size()
            + self.figures.len() * std::mem::size_of::<FigureSlot>()
            + self.stack.heap_size()
            + self.ext.heap_size()
            + self.outcomes.len() * std::mem::size_of::<Outcome>()
            + self.actions.len() * std::mem::size_of::<Action>()
    }

    /// Every chance outcome so far, in order: the tiles drawn, discarded ones included.
    pub fn draws(&self) -> &[Outcome] {
        &self.outcomes
    }

    /// Every action played so far, in order.
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// The outcomes of the pending chance node with the probability of each (a tile draw:
    /// copies over the tiles of the stack drawn from, the river stack first, then the lake,
    /// then the main stack; an animal token: tokens of each animal over the tokens left in the
    /// pool; a roll of the flying machines' die: 1, 2 and 3, a third each; a message: each
    /// message not drawn yet alike, or once all were seen the one under the deck longest, with
    /// probability 1); empty when no chance node is pending.
    pub fn chance_outcomes(&self) -> Vec<(Outcome, f64)> {
        if self.pending == Pending::AnimalToken {
            return self.animal_outcomes();
        }
        if self.pending == Pending::FlierRoll {
            return self.roll_outcomes();
        }
        if self.pending == Pending::DrawMessage {
            return self.message_outcomes();
        }
        if !self.pending.is_chance() || self.tiles_left() == 0 {
            return Vec::new();
        }
        let total = self.drawable() as f64;
        self.draw_outcomes()
            .into_iter()
            .map(|(t, c)| (Outcome::Tile(t), c as f64 / total))
            .collect()
    }

    /// How many copies of `tile` the next draw can give (the river stack first in river
    /// games, then the lake, then the main stack).
    pub fn tiles_left_of(&self, tile: TileId) -> usize {
        self.draw_outcomes()
            .iter()
            .find(|(t, _)| *t == tile)
            .map_or(0, |(_, c)| *c as usize)
    }

    // ----- legal actions -----

    /// Every legal action of the pending decision (empty when a chance node is pending or the
    /// game is over). Placements come position by position (open positions in the order they
    /// appeared), rotations R0..R270; deployments figure kind by figure kind in the tile's
    /// segment order, then `Pass`.
    ///
    /// The vector is allocated at its exact length; [`Game::legal_actions_into`] fills a
    /// buffer of the caller's instead.
    pub fn legal_actions(&self) -> Vec<Action> {
        let Some((tile, kind)) = self.unconstrained_placement() else {
            return self.with_listing(<[Action]>::to_vec);
        };
        // Straight into the vector: the scan knows a run's placements before it builds them
        // (one run up to 63 open positions).
        let mut out = Vec::new();
        self.board
            .for_each_placement_chunk(kind.fitting_table(), |open, placements| {
                if out.is_empty() {
                    // The first run's vector allocated at once, without growing one.
                    out = Vec::with_capacity(placements.len());
                } else {
                    out.reserve_exact(placements.len());
                }
                out.extend(placement_run(tile, open, placements));
            });
        out
    }

    /// The drawn tile and its kind when a placement is pending under edge matching alone (no
    /// expansion's placement rule applies to it), whose placements come from
    /// [`Board::for_each_placement_chunk`].
    #[inline(always)]
    fn unconstrained_placement(&self) -> Option<(TileId, &'static TileKind)> {
        let Pending::Place { tile } = self.pending else {
            return None;
        };
        let kind = tile.kind();
        (!self.placement_is_constrained(kind)).then_some((tile, kind))
    }

    /// Calls `f` with the legal actions, listed in a reused per-thread buffer: no allocation
    /// once the buffer has grown (a few KB on the widest boards).
    fn with_listing<R>(&self, f: impl FnOnce(&[Action]) -> R) -> R {
        thread_local! {
            /// The reused buffer, with the largest capacity a listing on the thread reserved
            /// (four placements per open position).
            static SCRATCH: Cell<Vec<Action>> = const { Cell::new(Vec::new()) };
        }
        // The thread being torn down has no buffer to lend: a new one then.
        let mut buf = SCRATCH.try_with(Cell::take).unwrap_or_default();
        self.legal_actions_into(&mut buf);
        let result = f(&buf);
        // Ignored, as above: the buffer is then dropped.
        let _ = SCRATCH.try_with(|scratch| scratch.set(buf));
        result
    }

    /// Legal action number `i` of the pending decision: exactly `legal_actions().get(i)`, but
    /// a placement is found without listing the others (the open positions are scanned with
    /// their numbers of fitting rotations until the one holding action `i`). With
    /// [`Game::legal_action_count`], a uniform random choice without a list
    /// ([`Game::choose_legal_action`] makes the same choice in one scan). `None` when `i` is not
    /// below the number of legal actions.
    pub fn legal_action(&self, i: usize) -> Option<Action> {
        let Pending::Place { tile } = self.pending else {
            // Deployments and the expansions' decisions: a handful of actions, listed.
            return self.with_listing(|actions| actions.get(i).copied());
        };
        let mut left = i;
        self.find_placement(tile, |o, fits| {
            let n = rotation_count(fits);
            if left < n {
                return nth_placement(tile, o, fits, left);
            }
            left -= n;
            None
        })
    }

    /// A legal action chosen by its index: `choose` is called once, with the number `n` of
    /// legal actions of the pending decision (never with 0), and returns an index; the result
    /// is the action [`Game::legal_action`] gives for that index. `None` when no decision is
    /// pending (a chance node, the end of the game) or the index is not below `n`.
    ///
    /// The same choice as `legal_action(choose(legal_action_count()))`, in one scan of the
    /// open positions instead of two: the count keeps the number of placements before each
    /// position, and the chosen one is found among them by halving. A placement under the
    /// river's or the Cult's rule, one on a board of more than 1,024 open positions, and every
    /// other decision, is listed once instead (in the per-thread buffer of
    /// [`Game::legal_actions`]). [`Game::play_chosen`] plays the choice at once, without the
    /// second check of [`Game::play_quiet`]. A random playout draws each action with its
    /// generator's number below `n`:
    ///
    /// ```
    /// use carcassonne::{Config, Game};
    /// let game = Game::new(Config::new(2), 7).unwrap();
    /// let actions = game.legal_actions();
    /// let last = game.choose_legal_action(|n| n - 1);
    /// assert_eq!(last, actions.last().copied());
    /// assert_eq!(game.choose_legal_action(|n| n), None); // past the list
    /// ```
    pub fn choose_legal_action(&self, choose: impl FnOnce(usize) -> usize) -> Option<Action> {
        let Pending::Place { tile } = self.pending else {
            // Deployments and the expansions' decisions: a handful of actions, listed once.
            return self.choose_listed(choose);
        };
        let kind = tile.kind();
        let open = self.board.open_positions();
        if self.placement_is_constrained(kind) {
            // The river's and the Cult's rules are checked once per position in a listing,
            // where a count and a search would check them twice.
            return self.choose_listed(choose);
        }
        let table = kind.fitting_table();
        // The counts are kept on the stack: a small array for the base game's boards (it is
        // zeroed on every call), a larger one for the widest, and a listing past that.
        match open.len() {
            0..=128 => choose_placement::<128>(tile, table, open, choose),
            129..=1024 => choose_placement::<1024>(tile, table, open, choose),
            _ => self.choose_listed(choose),
        }
    }

    /// [`Game::choose_legal_action`] from the listing: `choose` is told its length (unless
    /// it is empty) and picks an entry.
    fn choose_listed(&self, choose: impl FnOnce(usize) -> usize) -> Option<Action> {
        self.with_listing(|actions| match actions.len() {
            0 => None,
            n => actions.get(choose(n)).copied(),
        })
    }

    /// Calls `visit` with each position where the drawn tile has a legal placement, in the
    /// order of the listing; nothing when no placement is pending. Reads the board's scan
    /// without building the placements (the observations' plane of fitting positions).
    pub(crate) fn for_each_placement_position(&self, mut visit: impl FnMut(Position)) {
        if let Pending::Place { tile } = self.pending {
            self.find_placement(tile, |o, fits| -> Option<()> {
                if fits != 0 {
                    visit(o.pos);
                }
                None
            });
        }
    }

    /// Calls `visit` with each open position the drawn `tile` may go to and its rotations
    /// there that every placement rule allows (bit `r` for `r` quarter turns; 0 where none
    /// does), in the order of the listing, until `visit` returns something, and returns that:
    /// the edge-matching table alone, or with an expansion's placement rule (the river's, the
    /// Cult's).
    #[inline(always)]
    fn find_placement<R>(
        &self,
        tile: TileId,
        mut visit: impl FnMut(&OpenPosition, u8) -> Option<R>,
    ) -> Option<R> {
        let kind = tile.kind();
        if self.placement_is_constrained(kind) {
            let mut found = None;
            self.for_each_constrained_placement(tile, |o, fits| {
                found = visit(o, fits);
                found.is_none()
            });
            return found;
        }
        let table = kind.fitting_table();
        self.board
            .open_positions()
            .iter()
            .find_map(|o| visit(o, fitting(table, o.constraint)))
    }

    /// Like [`Game::legal_actions`], into a reused buffer (cleared first): no allocation once
    /// the buffer is large enough.
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.pending {
            Pending::Place { tile } => {
                let kind = tile.kind();
                out.reserve(4 * self.board.open_positions().len());
                if self.placement_is_constrained(kind) {
                    self.push_constrained_placements(tile, out);
                } else {
                    self.board
                        .for_each_placement_chunk(kind.fitting_table(), |open, placements| {
                            out.extend(placement_run(tile, open, placements))
                        });
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
                                    feature: self.segment_kind(seg),
                                    location: seg.location(placed.rotation),
                                });
                            }
                        }
                    }
                }
                if self.has_hook(Hook::DeployAlternatives) {
                    self.deploy_alternatives(out);
                }
                out.push(Action::Pass);
            }
            pending if pending.is_expansion_decision() => self.expansion_actions(out),
            // Chance nodes and the end of the game: no action.
            _ => {}
        }
    }

    /// The legal actions of the pending decision, each converted by `convert`, written into
    /// the caller's buffer `out` from its start, in the order of [`Game::legal_actions`]: `Ok`
    /// with their number when they all fit. When they do not, nothing is written and `Err`
    /// holds their number, so the caller's buffer is left as it was.
    ///
    /// For writing the actions in another form (the C API's `carc_action`) without a
    /// [`Vec<Action>`] between: on a placement decision the placements go straight from the
    /// board's scan into `out`, a run of them at a time (counted first when `out` has less
    /// than four places per open position). The other decisions, and placements under a
    /// constraint of an expansion, are listed into a reused per-thread buffer first.
    pub fn write_legal_actions<T>(
        &self,
        out: &mut [T],
        convert: impl Fn(Action) -> T,
    ) -> Result<usize, usize> {
        if let Some((tile, kind)) = self.unconstrained_placement() {
            // At most four placements per open position: with less room, they are counted
            // before any is written.
            if 4 * self.board.open_positions().len() > out.len() {
                let n = self.legal_action_count();
                if n > out.len() {
                    return Err(n);
                }
            }
            let mut n = 0;
            self.board
                .for_each_placement_chunk(kind.fitting_table(), |open, placements| {
                    let run = placement_run(tile, open, placements);
                    let end = n + run.len();
                    // In range: `out` has room for every placement, counted or four per open
                    // position.
                    for (slot, action) in out[n..end].iter_mut().zip(run) {
                        *slot = convert(action);
                    }
                    n = end;
                });
            return Ok(n);
        }
        self.with_listing(|actions| {
            let Some(out) = out.get_mut(..actions.len()) else {
                return Err(actions.len());
            };
            for (slot, &action) in out.iter_mut().zip(actions) {
                *slot = convert(action);
            }
            Ok(actions.len())
        })
    }

    /// Number of legal actions of the pending decision, without building them.
    pub fn legal_action_count(&self) -> usize {
        match self.pending {
            Pending::Place { tile } => {
                let mut n = 0;
                self.find_placement(tile, |_, fits| -> Option<()> {
                    n += rotation_count(fits);
                    None
                });
                n
            }
            Pending::Deploy { .. } => {
                // The expansions' alternatives to a deployment: listed (a handful of actions).
                if self.has_hook(Hook::DeployAlternatives) {
                    return self.with_listing(<[Action]>::len);
                }
                let Some(placed) = self.last_placed() else {
                    return 1;
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
            pending if pending.is_expansion_decision() => self.with_listing(<[Action]>::len),
            // Chance nodes and the end of the game: no action.
            _ => 0,
        }
    }

    /// Whether `action` is legal now: exactly when `legal_actions()` contains it.
    pub fn is_legal(&self, action: Action) -> bool {
        self.check(action).is_ok()
    }

    /// Whether the pending decision may be skipped with [`Action::Pass`]: a deployment, the
    /// builder's optional double turn, the Count's decisions (the final moves out of the City
    /// only with `count_final_moves_optional`), a crop circle's option A. False at a chance
    /// node and after the game.
    pub fn can_pass(&self) -> bool {
        self.is_legal(Action::Pass)
    }

    /// Whether `tile` fits anywhere on the board in any rotation (spec B-3.5).
    pub(crate) fn is_placeable(&self, tile: TileId) -> bool {
        self.find_placement(tile, |_, fits| (fits != 0).then_some(()))
            .is_some()
    }

    /// Whether anything can be deployed on the tile just laid (else the deployment step is
    /// skipped).
    pub(crate) fn can_deploy_anything(&self) -> bool {
        let Some(placed) = self.last_placed() else {
            return false;
        };
        let segments = placed.tile.kind().segments.len();
        self.figure_kinds
            .as_slice()
            .iter()
            .any(|&f| (0..segments).any(|i| self.can_deploy_on(placed, i, f)))
            || (self.has_hook(Hook::DeployAlternatives) && self.has_deploy_alternative())
    }

    /// Why `figure` may not go on segment `segment` of the tile just laid, if it may not. The
    /// active player needs one in supply; nothing goes on a river, nor on a field without the
    /// farmers rule; a follower needs a feature without followers (B-4, B-4.3, IC-2); the
    /// expansions' figures follow their own rules (builder TB-2, pig TB-5).
    fn deployment_refusal(
        &self,
        placed: &PlacedTile,
        segment: usize,
        figure: Figure,
    ) -> Option<&'static str> {
        if self.players[self.active as usize].supply[figure.index()] == 0 {
            return Some("the player has no such figure in supply");
        }
        let kind = placed.tile.kind().segments[segment].kind;
        let node = placed.node_base + segment as u16;
        match kind {
            FeatureKind::River => return Some("nothing can be deployed on a river"),
            FeatureKind::Field if !self.config.rules.farmers => {
                return Some("the farmers rule is off")
            }
            _ => {}
        }
        if figure.is_follower() && self.features.figures(node) != 0 {
            return Some("the feature is already occupied");
        }
        self.expansion_figure_refusal(placed, segment, figure)
    }

    /// Whether `figure` may go on segment `segment` of the tile just laid: exactly when
    /// [`Game::deployment_refusal`] gives no reason, but without building one (the hot path of
    /// every deploy decision).
    #[inline(always)]
    pub(crate) fn can_deploy_on(
        &self,
        placed: &PlacedTile,
        segment: usize,
        figure: Figure,
    ) -> bool {
        if figure == Figure::Follower {
            // The hot path of every game: a follower on an unoccupied feature.
            return self.players[self.active as usize].supply[0] > 0
                && self.follower_allowed(placed, segment);
        }
        let allowed = self.players[self.active as usize].supply[figure.index()] > 0
            && self.expansion_figure_allowed(placed, segment, figure);
        debug_assert_eq!(
            allowed,
            self.deployment_refusal(placed, segment, figure).is_none()
        );
        allowed
    }

    /// Whether a follower (normal or large) may go on segment `segment` of the tile just laid:
    /// a feature that takes followers and holds none (B-4, IC-2).
    #[inline(always)]
    pub(crate) fn follower_allowed(&self, placed: &PlacedTile, segment: usize) -> bool {
        let kind = placed.tile.kind().segments[segment].kind;
        self.takes_followers(kind) && self.features.figures(placed.node_base + segment as u16) == 0
    }

    /// Whether followers may stand on features of kind `kind`: roads, cities, monasteries,
    /// shrines, and fields under the farmers rule; never rivers (B-4, OPT-6, R2.7).
    #[inline(always)]
    pub(crate) fn takes_followers(&self, kind: FeatureKind) -> bool {
        // A bit test rather than a jump on the kind, which mispredicted.
        FOLLOWER_KINDS[usize::from(self.config.rules.farmers)] >> kind as u8 & 1 != 0
    }

    /// Whether the feature of `node` holds a follower (normal, large or ringmaster) of
    /// `player`.
    pub(crate) fn has_follower_of(&self, node: NodeId, player: u8) -> bool {
        if self.features.figures(node) == 0 {
            return false; // no follower at all in the feature
        }
        let supply = self.players[player as usize].supply;
        if supply[Figure::Follower.index()] == self.config.followers
            && supply[Figure::LargeFollower.index()] == self.elements.large_followers
            && supply[Figure::Ringmaster.index()] == self.elements.ringmasters
        {
            return false; // every follower of the player is in supply
        }
        let root = self.features.find(node);
        self.figures.iter().any(|f| {
            f.player == player && f.figure.is_follower() && self.features.find(f.node) == root
        })
    }

    /// Validates `action` against the pending decision without changing anything. Returns the
    /// deployment's segment index for a legal deployment.
    fn check(&self, action: Action) -> Result<Option<usize>, PlayError> {
        match (self.pending, action) {
            (Pending::GameOver, _) => Err(PlayError::GameOver),
            (
                Pending::Draw | Pending::AnimalToken | Pending::FlierRoll | Pending::DrawMessage,
                _,
            ) => {
                self.check_fault()?;
                Err(PlayError::DrawPending)
            }
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
                if self.placement_is_constrained(tile.kind()) {
                    if let Some(reason) = self.placement_refusal(tile.kind(), pos, rotation) {
                        return Err(PlayError::IllegalPlacement { action, reason });
                    }
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
                let segment = self
                    .segment_at(placed, feature, location)
                    .ok_or(illegal("the tile just laid has no such feature there"))?;
                if !self.can_deploy_on(placed, segment, figure) {
                    let reason = self.deployment_refusal(placed, segment, figure);
                    return Err(illegal(
                        reason.unwrap_or("the figure cannot be deployed there"),
                    ));
                }
                Ok(Some(segment))
            }
            (Pending::Deploy { .. }, Action::Pass) => Ok(None),
            (
                Pending::Deploy { .. },
                Action::Acrobat { .. } | Action::ScorePyramid { .. } | Action::Fly { .. },
            ) => self.check_deploy_alternative(action).map(|()| None),
            (pending, _) if pending.is_expansion_decision() => {
                self.check_expansion_action(action).map(|()| None)
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
        Ok(self.check_fault()?)
    }

    /// [`InternalError`] if the pipeline stopped at a broken invariant.
    #[inline]
    fn check_fault(&self) -> Result<(), InternalError> {
        match self.fault {
            None => Ok(()),
            Some(reason) => Err(InternalError(reason)),
        }
    }

    /// Plays `action` like [`Game::play`] but builds no events: the fast path for simulations.
    ///
    /// # Errors
    /// As [`Game::play`]; the game is then unchanged.
    pub fn play_quiet(&mut self, action: Action) -> Result<(), PlayError> {
        let segment = self.check(action)?;
        self.apply_quiet(action, segment)
    }

    /// [`Game::apply`] without events, then the check for a broken invariant: the one call of
    /// `apply` for the plays without events ([`Game::play_quiet`], [`Game::play_listed`]), so
    /// that the compiler keeps its code in one place, inlined here.
    #[inline(never)]
    fn apply_quiet(&mut self, action: Action, segment: Option<usize>) -> Result<(), PlayError> {
        self.apply(action, segment, &mut Quiet);
        Ok(self.check_fault()?)
    }

    /// Chooses a legal action like [`Game::choose_legal_action`] and plays it like
    /// [`Game::play_quiet`] (no events), without checking it a second time: the action comes
    /// from the engine's own listing, so the checks of `play_quiet` would only repeat it. The
    /// fast path of random playouts (a base game drawn by index runs about 4% fewer
    /// instructions than with `choose_legal_action` and `play_quiet`). `choose` is called once,
    /// with the number `n` of legal actions (never 0), and returns an index.
    ///
    /// Returns the action played, or `Ok(None)` with the game unchanged when no decision is
    /// pending (a chance node under explicit draws, the end of the game) or the index is not
    /// below `n`.
    ///
    /// ```
    /// use carcassonne::{Config, Game};
    /// let mut game = Game::new(Config::new(2), 7).unwrap();
    /// let mut state = 0x2545_f491_4f6c_dd1d_u64; // any generator will do
    /// while let Some(_) = game
    ///     .play_chosen(|n| {
    ///         state ^= state << 13;
    ///         state ^= state >> 7;
    ///         state ^= state << 17;
    ///         (state % n as u64) as usize
    ///     })
    ///     .unwrap()
    /// {}
    /// assert!(game.is_over());
    /// ```
    ///
    /// # Errors
    /// Only [`PlayError::Internal`], if the pipeline stopped at a broken invariant.
    pub fn play_chosen(
        &mut self,
        choose: impl FnOnce(usize) -> usize,
    ) -> Result<Option<Action>, PlayError> {
        let Some(action) = self.choose_legal_action(choose) else {
            return Ok(None);
        };
        self.play_listed(action)?;
        Ok(Some(action))
    }

    /// Plays `action`, one of the pending decision's legal actions (taken from the engine's
    /// own listing), like [`Game::play_quiet`] but without its checks; a deployment's segment
    /// is found from its feature and location as `check` finds it.
    ///
    /// # Errors
    /// Only [`PlayError::Internal`], if the pipeline stopped at a broken invariant.
    pub(crate) fn play_listed(&mut self, action: Action) -> Result<(), PlayError> {
        debug_assert!(self.is_legal(action), "{action} is not legal");
        let segment = match action {
            Action::Deploy {
                feature, location, ..
            } => self
                .last_placed()
                .and_then(|placed| self.segment_at(placed, feature, location)),
            _ => None,
        };
        self.apply_quiet(action, segment)
    }

    /// Applies a checked action: the base game's decisions here, the expansions' in their
    /// modules; then the pipeline goes on.
    fn apply<S: Sink>(&mut self, action: Action, segment: Option<usize>, sink: &mut S) {
        self.actions.push(action);
        match (self.pending, action) {
            (
                Pending::Place { .. },
                Action::Place {
                    tile,
                    pos,
                    rotation,
                },
            ) => {
                let index = self.lay_tile(tile, pos, rotation);
                if S::WANTED {
                    sink.push(Event::TilePlaced {
                        player: self.active as usize,
                        tile,
                        pos,
                        rotation,
                    });
                }
                if self.has_hook(Hook::TilePlaced) {
                    self.tile_placed(index);
                }
                self.tile_triggered(sink);
            }
            (Pending::Deploy { .. }, Action::Deploy { figure, .. }) => {
                if let (Some(segment), Some(placed)) = (segment, self.last_placed().copied()) {
                    self.deploy(&placed, segment, figure, sink);
                }
                self.after_deployment(sink);
            }
            (
                Pending::Deploy { .. },
                Action::Acrobat { .. } | Action::ScorePyramid { .. } | Action::Fly { .. },
            ) => {
                if self.apply_deploy_alternative(action, sink) {
                    if self.awards_wait() {
                        // A pyramid's awards wait for a robber's choice (RO.5).
                        self.goto(Step::AfterDeployment);
                        return;
                    }
                    self.after_deployment(sink);
                }
            }
            (Pending::Deploy { .. }, _) => self.after_deployment(sink),
            _ => self.apply_expansion_action(action, sink),
        }
    }

    /// Supplies the outcome of the pending chance node in an explicit-draw game: the next
    /// tile (if it fits nowhere it is discarded, spec B-3.5, and another draw is pending; if it
    /// was the last, the game ends), the animal token of the big top being scored, the roll of
    /// the flying machines' die, or the top message of the deck.
    ///
    /// # Errors
    /// [`DrawError`] if draws are automatic, no chance node is pending, or the outcome is not
    /// possible (no such tile is left in the stack drawn from, no such token in the pool, a
    /// roll other than 1–3, a message that cannot be on top of the deck, an outcome of another
    /// kind of node); the game is then unchanged.
    pub fn resolve(&mut self, outcome: Outcome) -> Result<Vec<Event>, DrawError> {
        self.check_fault()?;
        if !self.config.explicit_draws {
            return Err(DrawError::NotExplicit);
        }
        if !self.pending.is_chance() {
            return Err(DrawError::NotPending {
                pending: self.pending.name(),
            });
        }
        let tile = match (self.pending, outcome) {
            (Pending::Draw, Outcome::Tile(tile)) => tile,
            (Pending::AnimalToken, Outcome::Animal(animal)) => {
                self.check_animal(animal)?;
                let mut events = Vec::new();
                self.resolve_animal(animal, &mut events);
                return Ok(events);
            }
            (Pending::FlierRoll, Outcome::Roll(distance)) => {
                self.check_roll(distance)?;
                let mut events = Vec::new();
                self.resolve_roll(distance, &mut events);
                return Ok(events);
            }
            (Pending::DrawMessage, Outcome::Message(message)) => {
                self.check_message_outcome(message)?;
                let mut events = Vec::new();
                self.resolve_message_draw(message, &mut events);
                self.check_fault()?;
                return Ok(events);
            }
            _ => return Err(DrawError::NoSuchOutcome(outcome)),
        };
        if self.tiles_left_of(tile) == 0 {
            return Err(DrawError::NotInStack(tile));
        }
        if !self.take_tile(tile) {
            self.fail(
                self.pending,
                "a draw stack could not give up a tile it lists",
            );
            return Err(InternalError("a draw stack could not give up a tile it lists").into());
        }
        let mut events = Vec::new();
        if !self.after_draw(tile, &mut events) {
            self.advance(&mut events);
        }
        self.check_fault()?;
        Ok(events)
    }

    /// [`Game::resolve`] for a tile draw.
    ///
    /// # Errors
    /// As [`Game::resolve`].
    pub fn draw(&mut self, tile: TileId) -> Result<Vec<Event>, DrawError> {
        self.resolve(Outcome::Tile(tile))
    }

    /// Lays `tile` and joins its segments to the neighbouring features; notes it as the turn
    /// part's tile. Returns its board index.
    pub(crate) fn lay_tile(&mut self, tile: TileId, pos: Position, rotation: Rotation) -> usize {
        let kind: &'static TileKind = tile.kind();
        let index = self.board.len() as u16;
        let node_base = self.features.len() as u16;
        self.add_nodes(kind, index);
        let edges = Side::ALL.map(|side| kind.edge(side, rotation));
        let neighbours = self.board.place(tile, pos, rotation, node_base, edges);
        if self.has_hook(Hook::TileLaid) {
            self.tile_laid(kind, pos, rotation);
        }
        self.join_neighbours(kind, rotation, node_base, neighbours, edges);
        self.last_tile = Some(index);
        index as usize
    }

    /// Adds a node for each segment of `kind`, laid at board index `index`.
    #[inline(always)]
    fn add_nodes(&mut self, kind: &TileKind, index: u16) {
        let shrines = self.elements.shrines;
        self.features.add_tile(
            index,
            kind.segments
                .iter()
                .map(|seg| (feature_kind(seg, shrines), u16::from(seg.open_ends))),
        );
    }

    /// Rebuilds the roads through the road segments `ends` (a lake tile's, after a ferry
    /// moved): every node of their components is made a component of its own, then joined
    /// again across the edges of the board, by the ferries (FE.1), and given its followers.
    /// Node ids stay the same and every other feature is left as it is: a road only ever
    /// joins roads, and the roads elsewhere did not change. For a change a union-find cannot
    /// undo (a ferry moved away splits a road, FE.4); O(the nodes of those roads).
    pub(crate) fn rebuild_roads(&mut self, ends: &[NodeId]) {
        let mut members: Vec<NodeId> = Vec::new();
        for &end in ends {
            let root = self.features.find(end);
            if !members.contains(&root) {
                members.extend(self.features.members(root));
            }
        }
        for &m in &members {
            let node = *self.features.node(m);
            let kind = self.board.tiles()[node.tile as usize].tile.kind();
            self.features
                .reset(m, u16::from(kind.segments[node.segment as usize].open_ends));
        }
        // Each edge once: from the tile laid later to the one laid earlier.
        for &m in &members {
            let node = *self.features.node(m);
            let placed = self.board.tiles()[node.tile as usize];
            let mine = &placed.tile.kind().rotated_owner[placed.rotation.quarter_turns() as usize];
            for side in Side::ALL {
                let p = 3 * side.index() + 1;
                if mine[p as usize] != node.segment {
                    continue;
                }
                let Some(n) = self.board.tile_index_at(placed.pos.neighbour(side)) else {
                    continue;
                };
                if n >= node.tile as usize {
                    continue;
                }
                let neighbour = self.board.tiles()[n];
                let other = neighbour.tile.kind();
                let b = other.rotated_owner[neighbour.rotation.quarter_turns() as usize]
                    [facing_point(p) as usize];
                if b != NO_SEGMENT && other.segments[b as usize].kind == FeatureKind::Road {
                    self.features
                        .connect(m, neighbour.node_base + u16::from(b), true);
                }
            }
        }
        for (a, b) in self.ferry_links() {
            if members.contains(&a) {
                self.features.connect(a, b, false);
            }
        }
        for slot in &self.figures {
            if slot.figure.is_follower() && members.contains(&slot.node) {
                self.features.add_figure(slot.node);
            }
        }
    }

    /// Joins the segments of a tile of `kind` turned `rotation` (its first node `node_base`)
    /// to those of its neighbours, across each shared edge; `neighbours[s]` is the board index
    /// of the tile beside it on side `s`, if any, and `edges[s]` the edge type there, which the
    /// neighbour's edge matches (B-3.2).
    ///
    /// The edge type says which points to join (the catalogue's
    /// `every_tile_satisfies_the_segment_invariants` checks every tile): a city owns the whole
    /// edge and is joined once, through the middle; a road or river is joined at the middle
    /// and its fields at the two other points; a field edge is joined at its two outer points
    /// (a field never owns a middle) where both tiles own them (a piece of the City of
    /// Carcassonne leaves some points of its field edges to no segment). Placements are
    /// checked against the neighbours' edges; the City's pieces, laid together, meet along
    /// field edges (a debug assertion checks each join's segment kinds in every test game).
    #[inline(always)]
    fn join_neighbours(
        &mut self,
        kind: &TileKind,
        rotation: Rotation,
        node_base: u16,
        neighbours: [Option<u16>; 4],
        edges: [EdgeKind; 4],
    ) {
        let mine = &kind.rotated_owner[rotation.quarter_turns() as usize];
        for side in Side::ALL {
            let Some(n) = neighbours[side.index() as usize] else {
                continue;
            };
            let neighbour = self.board.tiles()[n as usize];
            let other = neighbour.tile.kind();
            let theirs = &other.rotated_owner[neighbour.rotation.quarter_turns() as usize];
            let points = &SIDE_POINTS_FACING[side.index() as usize];
            let join = |features: &mut Features, k: usize, closes_ends: bool| {
                let (p, q) = points[k];
                let (a, b) = (mine[p as usize], theirs[q as usize]);
                if a != NO_SEGMENT && b != NO_SEGMENT {
                    debug_assert_eq!(
                        kind.segments[a as usize].kind, other.segments[b as usize].kind,
                        "matching edges join segments of one kind"
                    );
                    features.connect(
                        node_base + u16::from(a),
                        neighbour.node_base + u16::from(b),
                        closes_ends,
                    );
                }
            };
            match edges[side.index() as usize] {
                EdgeKind::City => join(&mut self.features, 1, true),
                EdgeKind::Road | EdgeKind::River => {
                    join(&mut self.features, 0, false);
                    join(&mut self.features, 1, true);
                    join(&mut self.features, 2, false);
                }
                EdgeKind::Field => {
                    join(&mut self.features, 0, false);
                    join(&mut self.features, 2, false);
                }
            }
        }
    }

    /// Takes the figure at index `i` of the board's figures back to its owner's supply, with
    /// its [`Event::FigureReturned`] (the feature's follower count is the caller's).
    pub(crate) fn remove_figure_at<S: Sink>(&mut self, i: usize, sink: &mut S) {
        let f = self.figures[i];
        if S::WANTED {
            let placed = self.describe_figure(&f);
            sink.push(Event::FigureReturned {
                player: placed.player,
                figure: placed.figure,
                pos: placed.pos,
                feature: placed.feature,
                location: placed.location,
            });
        }
        self.remove_figure_slot(i);
        self.players[f.player as usize].supply[f.figure.index()] += 1;
        if self.has_hook(Hook::FigureReturned) {
            self.figure_returned(f.player, f.figure);
        }
    }

    /// Takes `player`'s follower `figure` on the segment `node` back to supply (the latest
    /// deployed of such figures there): a crop circle's option B (CR.1), a message's "score and
    /// return" (C1 #8). If it was their last follower in the feature, their builders and pigs
    /// there follow it (a builder or pig stays only beside its owner's follower, TB-2, TB-5).
    pub(crate) fn take_back_follower<S: Sink>(
        &mut self,
        player: u8,
        figure: Figure,
        node: NodeId,
        sink: &mut S,
    ) {
        let Some(i) = self
            .figures
            .iter()
            .rposition(|f| (f.player, f.figure, f.node) == (player, figure, node))
        else {
            return;
        };
        self.remove_figure_at(i, sink);
        self.features.remove_figure(node);
        let root = self.features.find(node);
        let followers_left = self.figures.iter().any(|f| {
            f.player == player && f.figure.is_follower() && self.features.find(f.node) == root
        });
        if followers_left {
            return;
        }
        while let Some(i) = self.figures.iter().position(|f| {
            f.player == player
                && matches!(f.figure, Figure::Builder | Figure::Pig)
                && self.features.find(f.node) == root
        }) {
            self.remove_figure_at(i, sink);
        }
    }

    /// Puts `player`'s `figure` on the node `node` in the list of figures on the board (the
    /// follower count of its feature is the caller's).
    pub(crate) fn add_figure_slot(&mut self, player: u8, figure: Figure, node: NodeId) {
        let feature = self.features.node(node).kind;
        self.monastic_slots
            .added(self.figures.len(), feature.is_monastic());
        self.figures.push(FigureSlot {
            player,
            figure,
            node,
            feature,
        });
    }

    /// Takes the figure at index `i` off the list of figures on the board.
    pub(crate) fn remove_figure_slot(&mut self, i: usize) -> FigureSlot {
        let slot = self.figures.remove(i);
        if !self.monastic_slots.is_empty() || self.figures.len() >= MonasticSlots::TRACKED {
            let now_last = self.figures.get(MonasticSlots::TRACKED - 1);
            self.monastic_slots
                .removed(i, now_last.map(|f| f.feature.is_monastic()));
        }
        slot
    }

    /// Deploys `figure` of the active player from supply on segment `segment` of `placed`.
    pub(crate) fn deploy<S: Sink>(
        &mut self,
        placed: &PlacedTile,
        segment: usize,
        figure: Figure,
        sink: &mut S,
    ) {
        let player = self.active;
        let node = placed.node_base + segment as u16;
        self.add_figure_slot(player, figure, node);
        if figure.is_follower() {
            self.features.add_figure(node);
        }
        self.players[player as usize].supply[figure.index()] -= 1;
        if S::WANTED {
            let seg = &placed.tile.kind().segments[segment];
            sink.push(Event::FigureDeployed {
                player: player as usize,
                figure,
                pos: placed.pos,
                feature: self.segment_kind(seg),
                location: seg.location(placed.rotation),
            });
        }
    }

    /// Whether a segment of the board's tile `placed` belongs to the feature `root`. A
    /// feature joins segments of one kind only, so that segment is of the feature's kind.
    pub(crate) fn tile_in_feature(&self, placed: &PlacedTile, root: NodeId) -> bool {
        (0..placed.tile.kind().segments.len() as u16)
            .any(|s| self.features.find(placed.node_base + s) == root)
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

/// Pushes the placements of `tile` at the open position `pos` in the rotations of `fits` (bit `r`
/// for `r` quarter turns), in increasing rotation: the listing under an expansion's placement
/// rule, position by position (the listing under edge matching alone builds its placements
/// from [`Board::for_each_placement_chunk`]'s bytes).
///
/// An exact-size iterator over a table of the rotations of each set: `extend` reserves once
/// and writes each action without a test per rotation. It executes more instructions than four
/// tested pushes, but saves their mispredicted branches (the fitting rotations follow no
/// pattern): about 12% less time a random base game, measured in paired runs.
#[inline(always)]
pub(crate) fn push_rotations(tile: TileId, pos: Position, fits: u8, out: &mut Vec<Action>) {
    if fits == 0 {
        return;
    }
    out.extend(
        ROTATION_SUBSETS[usize::from(fits & 15)]
            .iter()
            .map(|&rotation| Action::Place {
                tile,
                pos,
                rotation,
            }),
    );
}

/// The placements of `tile` that [`Board::for_each_placement_chunk`] lists as `placements`
/// among the open positions `open`, in order: for each byte `p`, rotation `p % 4` at
/// `open[p / 4]`. An exact-size iterator, so that `extend` reserves once.
#[inline(always)]
fn placement_run<'a>(
    tile: TileId,
    open: &'a [OpenPosition],
    placements: &'a [u8],
) -> impl ExactSizeIterator<Item = Action> + 'a {
    placements.iter().map(move |&p| Action::Place {
        tile,
        pos: open[usize::from(p >> 2)].pos,
        rotation: Rotation::from_quarter_turns(p),
    })
}

/// The feature kinds followers may stand on (B-4, OPT-6, R2.7), bit `kind as u8` for each,
/// without and with the farmers rule: roads, cities, monasteries and shrines, and fields
/// under the farmers rule; never rivers.
const FOLLOWER_KINDS: [u8; 2] = [follower_kinds(false), follower_kinds(true)];

/// See [`FOLLOWER_KINDS`].
const fn follower_kinds(farmers: bool) -> u8 {
    let mut mask = 0;
    let mut i = 0;
    while i < FeatureKind::ALL.len() {
        let kind = FeatureKind::ALL[i];
        let takes = match kind {
            FeatureKind::Road
            | FeatureKind::City
            | FeatureKind::Monastery
            | FeatureKind::Shrine => true,
            FeatureKind::Field => farmers,
            FeatureKind::River => false,
        };
        mask |= (takes as u8) << kind as u8;
        i += 1;
    }
    mask
}

/// The rotations of each 4-bit rotation set (bit `r` for `r` quarter turns), increasing.
static ROTATION_SUBSETS: [&[Rotation]; 16] = {
    use Rotation::{R0, R180, R270, R90};
    [
        &[],
        &[R0],
        &[R90],
        &[R0, R90],
        &[R180],
        &[R0, R180],
        &[R90, R180],
        &[R0, R90, R180],
        &[R270],
        &[R0, R270],
        &[R90, R270],
        &[R0, R90, R270],
        &[R180, R270],
        &[R0, R180, R270],
        &[R90, R180, R270],
        &[R0, R90, R180, R270],
    ]
};

/// The number of rotations in the rotation set `fits` (bit `r` for `r` quarter turns), from
/// [`ROTATION_SUBSETS`]: the baseline x86-64 target counts bits in software.
#[inline(always)]
fn rotation_count(fits: u8) -> usize {
    ROTATION_SUBSETS[usize::from(fits & 15)].len()
}

/// The kind of feature `seg` is in a game with the shrine element on or off (`shrines`): a
/// shrine is a monastery when it is off (JCloisterZone without `shrine`).
#[inline(always)]
fn feature_kind(seg: &Segment, shrines: bool) -> FeatureKind {
    match seg.kind {
        FeatureKind::Shrine if !shrines => FeatureKind::Monastery,
        kind => kind,
    }
}

/// [`Game::choose_legal_action`]'s placement of `tile` (its fitting table `table`) at one of
/// the open positions `open` (at most `KEPT` of them), in the listing's order: the count
/// keeps the number of placements before each position, and the chosen one is found among
/// them by halving.
#[inline(always)]
fn choose_placement<const KEPT: usize>(
    tile: TileId,
    table: &[u8; FITTING_TABLE],
    open: &[OpenPosition],
    choose: impl FnOnce(usize) -> usize,
) -> Option<Action> {
    // At most four placements per position: `KEPT` ≤ 1024 keeps the counts within 16 bits.
    const { assert!(KEPT <= 1024) };
    debug_assert!(
        open.len() <= KEPT,
        "more open positions than the array keeps"
    );
    let mut before = [0u16; KEPT];
    let mut n = 0u16;
    for (b, o) in before.iter_mut().zip(open) {
        *b = n;
        n += u16::from(fitting_entry(table, o.constraint) >> 4);
    }
    if n == 0 {
        return None;
    }
    let chosen = choose(usize::from(n));
    if chosen >= usize::from(n) {
        return None;
    }
    // The last position with at most `chosen` placements before it holds the chosen one:
    // found by halving (the standard library's search, without a branch on the comparison
    // since Rust 1.82), about log2(open positions) steps instead of a walk past half of them.
    let chosen = chosen as u16;
    let first = before[..open.len()].partition_point(|&b| b <= chosen) - 1;
    let o = &open[first];
    nth_placement(
        tile,
        o,
        fitting(table, o.constraint),
        usize::from(chosen - before[first]),
    )
}

/// The placement of `tile` at `o` in the `k`-th rotation of `fits` (bit `r` for `r` quarter
/// turns), as `push_rotations` lists it; `None` if `fits` has no more than `k` rotations.
fn nth_placement(tile: TileId, o: &OpenPosition, fits: u8, k: usize) -> Option<Action> {
    let rotation = *ROTATION_SUBSETS[usize::from(fits & 15)].get(k)?;
    Some(Action::Place {
        tile,
        pos: o.pos,
        rotation,
    })
}

impl PartialEq for Game {
    /// Two games are equal when their whole state is: config, seed, board, figures, scores and
    /// supplies, the stacks and the generator, whose turn and whose decision it is and where
    /// the pipeline stands, the expansions' states, and the history.
    ///
    /// Left out, because the rest determines them: the feature structure (made by laying the
    /// same tiles in the same order, and holding the figures compared through `figures`), the
    /// resolved elements and the figure kinds in play (functions of the config).
    fn eq(&self, other: &Game) -> bool {
        // Destructured so that a new field cannot be forgotten here.
        let Game {
            config,
            seed,
            board,
            features: _,
            figures,
            monastic_slots: _,
            players,
            stack,
            rng,
            active,
            decider,
            pending,
            cursor,
            elements: _,
            figure_kinds: _,
            second_part,
            last_tile,
            ext,
            outcomes,
            actions,
            fault,
        } = self;
        *config == other.config
            && *seed == other.seed
            && board.tiles() == other.board.tiles()
            && *figures == other.figures
            && *players == other.players
            && *stack == other.stack
            && *rng == other.rng
            && *active == other.active
            && *decider == other.decider
            && *pending == other.pending
            && *cursor == other.cursor
            && *second_part == other.second_part
            && *last_tile == other.last_tile
            && *ext == other.ext
            && *outcomes == other.outcomes
            && *actions == other.actions
            && *fault == other.fault
    }
}

impl Eq for Game {}

#[cfg(test)]
mod tests {
    use super::MonasticSlots;
    use proptest::prelude::*;

    proptest! {
        /// `MonasticSlots` follows a list of figures through additions and removals, past
        /// 128 figures and back: its bits are those of the first 128 (a model `Vec<bool>`).
        /// Three additions in four over the first 350 steps, one in four after.
        #[test]
        fn monastic_slots_follow_the_figures(
            ops in proptest::collection::vec((0u8..4, any::<bool>(), any::<u16>()), 0..700)
        ) {
            let mut figures: Vec<bool> = Vec::new();
            let mut slots = MonasticSlots::default();
            for (step, (choice, monastic, at)) in ops.into_iter().enumerate() {
                let add = choice < if step < 350 { 3 } else { 1 };
                if add || figures.is_empty() {
                    slots.added(figures.len(), monastic);
                    figures.push(monastic);
                } else {
                    let i = usize::from(at) % figures.len();
                    figures.remove(i);
                    slots.removed(i, figures.get(MonasticSlots::TRACKED - 1).copied());
                }
                let expected: Vec<usize> = figures
                    .iter()
                    .take(MonasticSlots::TRACKED)
                    .enumerate()
                    .filter(|(_, m)| **m)
                    .map(|(i, _)| i)
                    .collect();
                prop_assert_eq!(slots.indices().collect::<Vec<_>>(), expected.clone());
                prop_assert_eq!(slots.is_empty(), expected.is_empty());
                for i in 0..200 {
                    prop_assert_eq!(slots.contains(i), expected.contains(&i));
                }
            }
        }
    }
}
