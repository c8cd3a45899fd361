//! Rules of the expansions, one module each, and the hook points where they join the turn
//! pipeline (`turn`) and the scoring (`scoring`).
//!
//! Each expansion owns its state (a field of `Expansions`, present only when the set is in
//! play) and implements the hooks it needs. Dispatch is static: a `Hook` names a point of
//! the pipeline, an ordered list of `Expansion`s per hook gives who runs there and in which
//! order (spec `expansions.md` §4 and §5), and a bit mask of the hooks that have anybody to run
//! lets a game skip every hook point nobody in play implements with one test. A game without
//! expansions runs no expansion code at all.
//!
//! | hook | when | who (in order) |
//! |---|---|---|
//! | `StartingArea` | `Game::new` | Count (the City of Carcassonne) |
//! | `StartOfTurnPart` | phase 0 | river, Traders & Builders, Count, Big Top (AC.5 turn), Ferries (moves allowed again, D-FE-4), Messages (the part's message points) |
//! | `DrawSource` | phase 1.1 | river (its stack is dealt first, RV-2) |
//! | `SetAside` | 1.1, a tile fits nowhere | river (R2.5: under the river stack) |
//! | `PlacementRule` | 1.2 (listing, checking) | river (RV-3), Cult (CU.1) |
//! | `TileLaid` | a tile joins the board | river (open ends), Cult (buildings), Big Top (acrobat sites), Ferries (lakes) |
//! | `TilePlaced` | 1.2, after the placement | Traders & Builders (double turn due), Count |
//! | `TileDrawn` | 1.1, a drawn tile that fits | Robbers (RO.1 before the placement, C3.1 option) |
//! | `TileTriggered` | 1.3–1.5 | Gold Mines (GM.1), Mage & Witch (MW.1–MW.3), Robbers (RO.1), river (R2.6 volcano, D-R2-6 spring: no deployment) |
//! | `FigureRule` | 2 (may this figure go there) | I&C (large follower), T&B (builder, pig) |
//! | `DeployAlternatives` | 2 (instead of deploying) | Big Top (acrobats AC.1–AC.4, pyramids AC.5), Flying Machines (FM.1–FM.4) |
//! | `AfterDeployment` | 2, end | Ferries (FE.3 placement, FE.4 moves), Mage & Witch (D-FE-3: separated after a ferry joined their roads) |
//! | `BeforeScoring` | 3.2 | Count (C.3 movement round) |
//! | `CompletedElsewhere` | 3.2–3.3, which roads may be complete | Ferries (roads a ferry joined or split, FE.5) |
//! | `FeatureValue` | 3.3, each feature | I&C (inn IC-3, cathedral IC-4), Mage & Witch (MW.4) |
//! | `FeatureCompleted` | 3.3, each road or city | King & Robber (K.2), T&B (goods TB-1.2), Mage & Witch (MW.5) |
//! | `FigureReturned` | 3.3, a figure goes home | Count (D-C-6) |
//! | `FeatureScored` | 3.3 and F4–F5, each scored feature or field | Big Top (ringmaster RM.2), Gold Mines (claims GM.3) |
//! | `BuildingsScored` | 3.3, end of monasteries | Cult (CU.4 challenge) |
//! | `TurnPartScored` | 3.3, end | Count (feature points, C.2), King & Robber (K.2, RB.1) |
//! | `AfterScoring` | 3.4–4.5 | Big Top (3.4: BT.2/BT.3, a chance node), Gold Mines (4.1: GM.4), Messages (4.2: M.2–M.4, a chance node, chains, the extra tile's nested part M.7), Robbers (4.3: home), Count (4.4: C.2), Crop Circles (4.5: CR.1–CR.5) |
//! | `EndOfTurnPart` | 4.6 | Messages (a nested part ends back in its outer part), river (R2.5 interlude, R2.6 lake turn), T&B (TB-3) |
//! | `BeforeFinalScoring` | F2–F3 | Count (C.4 Market), Big Top (BT.5, a chance node) |
//! | `FieldBonus` | F5 | T&B (pig TB-6), river (pig herd R2.10) |
//! | `CityBeside` | F5, K.5 | Count (the City as a completed city, C.5) |
//! | `FinalScoring` | F4–F6 | T&B (goods TB-1.3), King & Robber (K.5, RB.1), Big Top (acrobats AC.7), Gold Mines (GM.6) |
//! | `ScoreTrack` | every award; 3.3; F1; the checkpoints; the turn passing | Robbers (the score track of `track`: rounds of awards, RO.2–RO.8, the order of the features D-GEN-1), Messages (the messenger: M.1 choice of the moving figure, M.2 dark landings, M.6 merge at F1) |
//!
//! Decisions of an expansion (its `Pending` kinds and actions) are listed, checked and applied
//! by its module through `Game::expansion_actions`, `Game::check_expansion_action` and
//! `Game::apply_expansion_action`.
//!
//! After every hook of a pipeline step the pipeline checks whether awards wait on the score
//! track for a robber's choice (`Game::awards_wait`, one bit test without the track); if so it
//! asks it and resumes after the hook once the awards are paid.

pub mod big_top;
pub mod count;
pub mod crop_circles;
pub mod cult;
pub mod ferries;
pub mod flying_machines;
pub mod gold_mines;
pub mod inns_and_cathedrals;
pub mod king_and_robber;
pub mod mage_witch;
pub mod messages;
pub mod river;
pub mod robbers;
pub mod traders_and_builders;

use crate::action::Action;
use crate::board::{OpenPosition, PlacedTile};
use crate::config::{Config, ResolvedElements};
use crate::error::PlayError;
use crate::events::{FeatureScore, Sink};
use crate::features::NodeId;
use crate::figure::Figure;
use crate::game::{push_rotations, Game, Pending};
use crate::geometry::{Position, Rotation};
use crate::stack::{DrawFrom, Stack};
use crate::tile::{FeatureKind, TileId, TileKind};
use crate::turn::Flow;

/// The expansions whose rules the engine implements.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Expansion {
    /// River I and River II (`river`).
    River,
    /// Inns & Cathedrals (`inns_and_cathedrals`).
    InnsAndCathedrals,
    /// Traders & Builders (`traders_and_builders`).
    TradersAndBuilders,
    /// The Count of Carcassonne (`count`).
    Count,
    /// King & Robber Baron (`king_and_robber`).
    KingAndRobber,
    /// The Cult (`cult`).
    Cult,
    /// Under the Big Top (`big_top`).
    BigTop,
    /// Flying Machines (`flying_machines`).
    FlyingMachines,
    /// Gold Mines (`gold_mines`).
    GoldMines,
    /// Mage & Witch (`mage_witch`).
    MageWitch,
    /// Ferries (`ferries`).
    Ferries,
    /// Crop Circles (`crop_circles`).
    CropCircles,
    /// Robbers (`robbers`, with the score track of `track`).
    Robbers,
    /// Messages (`messages`: the messengers on the score track of `track`).
    Messages,
}

/// A set of [`Expansion`]s, as a bit mask.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct ExpansionSet(u16);

impl ExpansionSet {
    #[inline(always)]
    pub const fn contains(self, e: Expansion) -> bool {
        self.0 & (1 << e as u16) != 0
    }

    fn insert(&mut self, e: Expansion) {
        self.0 |= 1 << e as u16;
    }
}

/// A hook point (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Hook {
    StartingArea,
    StartOfTurnPart,
    DrawSource,
    SetAside,
    PlacementRule,
    TileLaid,
    TilePlaced,
    TileTriggered,
    DeployAlternatives,
    AfterDeployment,
    BeforeScoring,
    CompletedElsewhere,
    FeatureValue,
    FeatureCompleted,
    FigureReturned,
    FeatureScored,
    BuildingsScored,
    TurnPartScored,
    AfterScoring,
    EndOfTurnPart,
    BeforeFinalScoring,
    FieldBonus,
    CityBeside,
    FinalScoring,
    /// Points move figures on the score track (`track`): every award, the order of the turn
    /// part's features, the pipeline's checkpoints.
    ScoreTrack,
    /// A drawn tile that fits somewhere, before its placement is asked.
    TileDrawn,
}

impl Hook {
    const fn bit(self) -> u32 {
        1 << self as u32
    }

    /// The expansions that run at this pipeline hook, in order (spec `expansions.md` §4, §5).
    const fn order(self) -> &'static [Expansion] {
        use Expansion::*;
        match self {
            Hook::StartOfTurnPart => &[River, TradersAndBuilders, Count, BigTop, Ferries, Messages],
            // Phase 2, end: the ferries (FE.3, FE.4), then the mage and the witch separated if
            // a ferry joined their roads (D-FE-3).
            Hook::AfterDeployment => &[Ferries, MageWitch],
            // Phase 1.3 (gold) before 1.4 (mage and witch); the river's rule that the tile
            // allows no deployment ends the step.
            // ... then 1.5 (robbers).
            Hook::TileTriggered => &[GoldMines, MageWitch, Robbers, River],
            Hook::BeforeScoring => &[Count],
            // Phase 3.4 (the big top) before 4.4 (the Count's C.2); F2 (the Market) before F3
            // (the big top's final scoring, D-GEN-4).
            // ... and 4.1 (gold) between them; 4.2 (messages) and 4.3 (robbers home) between
            // 4.1 and 4.4; 4.5 (the crop circle) last, before a builder's second part (CR.5).
            Hook::AfterScoring => &[BigTop, GoldMines, Messages, Robbers, Count, CropCircles],
            Hook::BeforeFinalScoring => &[Count, BigTop],
            // A nested part (a message's extra tile) ends first, back in its outer part.
            Hook::EndOfTurnPart => &[Messages, River, TradersAndBuilders],
            _ => &[],
        }
    }
}

/// A set of [`Hook`]s, as a bit mask.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct HookSet(u32);

impl HookSet {
    fn insert(&mut self, hooks: &[Hook]) {
        self.0 |= hooks.iter().fold(0, |m, h| m | h.bit());
    }

    #[inline(always)]
    pub const fn contains(self, h: Hook) -> bool {
        self.0 & h.bit() != 0
    }
}

/// The expansions in play and their states: each field is present only when its expansion's
/// rules are in play.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Expansions {
    /// The expansions in play.
    pub active: ExpansionSet,
    /// The hooks anybody in play runs at.
    pub hooks: HookSet,
    /// The river stack, its open ends and the River II fork (river games).
    pub river: Option<Box<river::River>>,
    /// Trade goods per player and the builder's double turn (Traders & Builders).
    pub traders: Option<Box<traders_and_builders::Traders>>,
    /// The quarters of the City of Carcassonne and the Count (with the Count element).
    pub city: Option<Box<count::City>>,
    /// The King and the Robber Baron.
    pub tokens: Option<king_and_robber::Tokens>,
    /// The monasteries and shrines on the board (the Cult).
    pub cult: Option<Box<cult::Cult>>,
    /// The big top, the animal tokens and the acrobat sites (Under the Big Top).
    pub circus: Option<Box<big_top::Circus>>,
    /// A flight under way (Flying Machines, between the flight and the landing).
    pub flight: Option<flying_machines::Flight>,
    /// The gold ingots (Gold Mines).
    pub gold: Option<Box<gold_mines::Gold>>,
    /// The mage and the witch (Mage & Witch).
    pub magic: Option<mage_witch::Magic>,
    /// The lakes and their ferries.
    pub ferries: Option<Box<ferries::Ferries>>,
    /// The crop-circle round under way (Crop Circles).
    pub crop: Option<crop_circles::CropCircles>,
    /// The score track, its figures and robbers, and the awards waiting on it (Robbers,
    /// Messages).
    pub track: Option<Box<crate::track::Track>>,
    /// The message deck, the message in hand, the turn's flags (Messages).
    pub messages: Option<Box<messages::Messages>>,
}

clone_by_fields!(Expansions {
    active,
    hooks,
    river,
    traders,
    city,
    tokens,
    cult,
    circus,
    flight,
    gold,
    magic,
    ferries,
    crop,
    track,
    messages,
});

impl Expansions {
    /// The main stack of `config` and the expansions it puts in play, with their initial
    /// states: `DrawSource` — the expansions that deal tiles first (the river, RV-2) take
    /// theirs while the stack is built.
    pub fn with_stack(config: &Config, elements: &ResolvedElements) -> (Stack, Expansions) {
        let mut river = river::River::new(config);
        let stack = Stack::of(config, |tile, copies| {
            river.as_mut().is_some_and(|r| r.hold(tile, copies))
        });
        let ext = Expansions::new(config, elements, river.map(river::River::stacked));
        (stack, ext)
    }

    /// Tiles the expansions hold in stacks of their own (the river's).
    #[inline]
    pub fn tiles_held(&self) -> u32 {
        self.river.as_ref().map_or(0, |r| r.remaining())
    }

    /// The expansions `config` puts in play, with their initial states; `river` is the river
    /// with its stack, if the game has one.
    fn new(
        config: &Config,
        elements: &ResolvedElements,
        river: Option<river::River>,
    ) -> Expansions {
        let mut e = Expansions::default();
        let hooks = &mut e.hooks;
        if let Some(river) = river {
            e.active.insert(Expansion::River);
            e.river = Some(Box::new(river));
            hooks.insert(&[
                Hook::StartOfTurnPart,
                Hook::DrawSource,
                Hook::SetAside,
                Hook::PlacementRule,
                Hook::TileLaid,
                Hook::TileTriggered,
                Hook::EndOfTurnPart,
            ]);
            if elements.pig_herd {
                hooks.insert(&[Hook::FieldBonus]);
            }
        }
        if elements.inns || elements.cathedrals {
            e.active.insert(Expansion::InnsAndCathedrals);
            hooks.insert(&[Hook::FeatureValue]);
        }
        if elements.builders > 0 || elements.pigs > 0 || elements.goods {
            e.active.insert(Expansion::TradersAndBuilders);
            e.traders = Some(Box::default());
            if elements.builders > 0 {
                hooks.insert(&[Hook::StartOfTurnPart, Hook::TilePlaced, Hook::EndOfTurnPart]);
            }
            if elements.goods {
                hooks.insert(&[Hook::FeatureCompleted, Hook::FinalScoring]);
            }
            if elements.pigs > 0 {
                hooks.insert(&[Hook::FieldBonus]);
            }
        }
        if config.sets.contains(&crate::TileSet::Count) {
            e.active.insert(Expansion::Count);
            hooks.insert(&[Hook::StartingArea, Hook::CityBeside]);
            if elements.count {
                e.city = Some(Box::new(count::City::new(config.first_player as u8)));
                hooks.insert(&[
                    Hook::StartOfTurnPart,
                    Hook::TilePlaced,
                    Hook::BeforeScoring,
                    Hook::FigureReturned,
                    Hook::TurnPartScored,
                    Hook::AfterScoring,
                    Hook::BeforeFinalScoring,
                ]);
            }
        }
        if elements.king || elements.robber_baron {
            e.active.insert(Expansion::KingAndRobber);
            e.tokens = Some(king_and_robber::Tokens::default());
            hooks.insert(&[
                Hook::FeatureCompleted,
                Hook::TurnPartScored,
                Hook::FinalScoring,
            ]);
        }
        if cult::in_play(config, elements) {
            e.active.insert(Expansion::Cult);
            e.cult = Some(Box::default());
            hooks.insert(&[Hook::PlacementRule, Hook::TileLaid, Hook::BuildingsScored]);
        }
        if elements.big_top || elements.acrobats {
            e.active.insert(Expansion::BigTop);
            e.circus = Some(Box::new(big_top::Circus::new()));
            if elements.big_top {
                hooks.insert(&[Hook::AfterScoring, Hook::BeforeFinalScoring]);
            }
            if elements.acrobats {
                hooks.insert(&[
                    Hook::TileLaid,
                    Hook::StartOfTurnPart,
                    Hook::DeployAlternatives,
                    Hook::FinalScoring,
                ]);
            }
        }
        if elements.ringmasters > 0 {
            hooks.insert(&[Hook::FeatureScored]);
        }
        if elements.flier {
            e.active.insert(Expansion::FlyingMachines);
            hooks.insert(&[Hook::DeployAlternatives]);
        }
        if elements.gold {
            e.active.insert(Expansion::GoldMines);
            e.gold = Some(Box::new(gold_mines::Gold::new()));
            hooks.insert(&[
                Hook::TileTriggered,
                Hook::FeatureScored,
                Hook::AfterScoring,
                Hook::FinalScoring,
            ]);
        }
        if elements.mage_witch {
            e.active.insert(Expansion::MageWitch);
            e.magic = Some(mage_witch::Magic::default());
            hooks.insert(&[
                Hook::TileTriggered,
                Hook::FeatureValue,
                Hook::FeatureCompleted,
            ]);
            if elements.ferries {
                hooks.insert(&[Hook::AfterDeployment]);
            }
        }
        if elements.messages {
            e.active.insert(Expansion::Messages);
            e.track = Some(Box::new(crate::track::Track::new(elements.robbers, true)));
            e.messages = Some(Box::new(messages::Messages::new()));
            hooks.insert(&[
                Hook::ScoreTrack,
                Hook::StartOfTurnPart,
                Hook::AfterScoring,
                Hook::EndOfTurnPart,
            ]);
        }
        if elements.robbers {
            e.active.insert(Expansion::Robbers);
            e.track = Some(Box::new(crate::track::Track::new(true, elements.messages)));
            hooks.insert(&[Hook::ScoreTrack, Hook::TileTriggered, Hook::AfterScoring]);
            if config.rules.robber_placement == crate::RobberPlacement::BeforeTilePlacement {
                hooks.insert(&[Hook::TileDrawn]);
            }
        }
        if elements.ferries {
            e.active.insert(Expansion::Ferries);
            e.ferries = Some(Box::default());
            hooks.insert(&[
                Hook::StartOfTurnPart,
                Hook::TileLaid,
                Hook::AfterDeployment,
                Hook::CompletedElsewhere,
            ]);
        }
        if elements.crop_circles {
            e.active.insert(Expansion::CropCircles);
            e.crop = Some(crop_circles::CropCircles::default());
            hooks.insert(&[Hook::AfterScoring]);
        }
        e
    }

    /// Bytes a clone copies on the heap.
    pub fn heap_size(&self) -> usize {
        self.river.as_ref().map_or(0, |r| r.heap_size())
            + self
                .traders
                .as_ref()
                .map_or(0, |_| std::mem::size_of::<traders_and_builders::Traders>())
            + self.city.as_ref().map_or(0, |c| c.heap_size())
            + self.circus.as_ref().map_or(0, |c| c.heap_size())
            + self.gold.as_ref().map_or(0, |g| g.heap_size())
            + self.cult.as_ref().map_or(0, |c| c.heap_size())
            + self.ferries.as_ref().map_or(0, |f| f.heap_size())
            + self.track.as_ref().map_or(0, |t| t.heap_size())
            + self
                .messages
                .as_ref()
                .map_or(0, |_| std::mem::size_of::<messages::Messages>())
    }
}

impl Game {
    /// Whether any expansion in play runs at `hook`.
    #[inline(always)]
    pub(crate) fn has_hook(&self, hook: Hook) -> bool {
        self.ext.hooks.contains(hook)
    }

    /// Whether `expansion` is in play.
    #[inline(always)]
    pub(crate) fn plays(&self, expansion: Expansion) -> bool {
        self.ext.active.contains(expansion)
    }

    /// Runs the hooks of a pipeline step from the cursor on, in order; stops at the first that
    /// does not say [`Flow::Continue`] (the cursor then points past it). A hook that takes the
    /// sink may pay awards, so a checkpoint follows it; the others cannot pay, and run back to
    /// back. Inlined into each step's call, where `hook` is a constant: the step calls its own
    /// hook point's loop, without a dispatch on the hook.
    #[inline(always)]
    pub(crate) fn run_hooks<S: Sink>(&mut self, hook: Hook, sink: &mut S) -> Flow {
        use Expansion::*;
        // One loop per hook point, each with its own dispatch on the expansion: the sequence of
        // expansions at one point is the same every turn, where one dispatch for every point's
        // pairs was an indirect jump mispredicted at most entries.
        match hook {
            Hook::StartOfTurnPart => self.run_in_order(hook, sink, |g, e, _| match e {
                River => g.river_start_of_turn_part(),
                TradersAndBuilders => g.traders_start_of_turn_part(),
                Count => g.count_start_of_turn_part(),
                BigTop => g.circus_start_of_turn_part(),
                Ferries => g.ferries_start_of_turn_part(),
                Messages => g.messages_start_of_turn_part(),
                _ => Flow::Continue,
            }),
            Hook::AfterDeployment => self.run_in_order(hook, sink, |g, e, sink| match e {
                Ferries => g.ferries_after_deployment(),
                MageWitch => g.checkpoint(|g| g.magic_after_deployment(sink)),
                _ => Flow::Continue,
            }),
            Hook::TileTriggered => self.run_in_order(hook, sink, |g, e, sink| match e {
                River => g.river_tile_triggered(),
                GoldMines => g.checkpoint(|g| g.gold_tile_triggered(sink)),
                MageWitch => g.checkpoint(|g| g.magic_tile_triggered(sink)),
                Robbers => g.checkpoint(|g| g.robbers_tile_triggered(sink)),
                _ => Flow::Continue,
            }),
            Hook::BeforeScoring => self.run_in_order(hook, sink, |g, e, _| match e {
                Count => g.count_before_scoring(),
                _ => Flow::Continue,
            }),
            Hook::AfterScoring => self.run_in_order(hook, sink, |g, e, sink| match e {
                BigTop => g.checkpoint(|g| g.big_top_after_scoring(sink)),
                GoldMines => g.checkpoint(|g| g.gold_after_scoring(sink)),
                Count => g.count_after_scoring(),
                CropCircles => g.crop_after_scoring(),
                Robbers => g.checkpoint(|g| g.robbers_after_scoring(sink)),
                Messages => g.checkpoint(|g| g.messages_after_scoring(sink)),
                _ => Flow::Continue,
            }),
            Hook::EndOfTurnPart => self.run_in_order(hook, sink, |g, e, _| match e {
                River => g.river_end_of_turn_part(),
                TradersAndBuilders => g.traders_end_of_turn_part(),
                Messages => g.messages_end_of_turn_part(),
                _ => Flow::Continue,
            }),
            Hook::BeforeFinalScoring => self.run_in_order(hook, sink, |g, e, sink| match e {
                BigTop => g.checkpoint(|g| g.big_top_final_scoring(sink)),
                Count => g.count_before_final_scoring(),
                _ => Flow::Continue,
            }),
            _ => Flow::Continue,
        }
    }

    /// The loop of [`Game::run_hooks`] at one hook point: `run` runs each expansion in play of
    /// the hook's order from the cursor on, until one does not say [`Flow::Continue`]. One
    /// function per hook point (per `run`), called directly from its step and kept out of it:
    /// the base game's steps, which never call it, stay small.
    #[inline(never)]
    fn run_in_order<S: Sink>(
        &mut self,
        hook: Hook,
        sink: &mut S,
        mut run: impl FnMut(&mut Self, Expansion, &mut S) -> Flow,
    ) -> Flow {
        let order = hook.order();
        while let Some(&expansion) = order.get(self.cursor.hook as usize) {
            self.cursor.hook += 1;
            if !self.plays(expansion) {
                continue;
            }
            let flow = run(self, expansion, sink);
            if flow != Flow::Continue {
                return flow;
            }
        }
        Flow::Continue
    }

    /// Runs `hook`, a hook that may pay awards, then its checkpoint: [`Flow::Wait`] when the
    /// awards wait for a robber's choice (RO.5), else the hook's own flow.
    #[inline(always)]
    fn checkpoint(&mut self, hook: impl FnOnce(&mut Self) -> Flow) -> Flow {
        let flow = hook(self);
        if flow == Flow::Continue && self.awards_wait() {
            Flow::Wait
        } else {
            flow
        }
    }

    // ----- the board -----

    /// `StartingArea`: lays the starting area an expansion brings (the City of Carcassonne);
    /// false if none does (the start tile is then laid).
    pub(crate) fn lay_starting_area(&mut self) -> bool {
        if self.plays(Expansion::Count) {
            self.lay_city_of_carcassonne();
            return true;
        }
        false
    }

    /// `DrawSource`: the tiles the next draw comes from: an expansion's stack first (the
    /// river's, RV-2), else the main stack.
    #[inline]
    pub(crate) fn draw_source(&self) -> DrawFrom<'_> {
        if self.has_hook(Hook::DrawSource) {
            if let Some(source) = self.river_source() {
                return source;
            }
        }
        self.stack.source()
    }

    /// The number of tiles the next draw comes from.
    #[inline]
    pub(crate) fn drawable(&self) -> u32 {
        self.draw_source().total()
    }

    /// Removes `tile` from the stack the next draw comes from (the one of
    /// [`Game::draw_source`]); false if it is not there.
    pub(crate) fn take_tile(&mut self, tile: TileId) -> bool {
        if self.has_hook(Hook::DrawSource) {
            if let Some(taken) = self.river_take(tile) {
                return taken;
            }
        }
        self.stack.take(tile)
    }

    /// The tiles the next draw comes from, with their copies.
    pub(crate) fn draw_outcomes(&self) -> Vec<(TileId, u16)> {
        self.draw_source().outcomes()
    }

    /// Tiles the expansions hold in stacks of their own (the river's).
    #[inline]
    pub(crate) fn tiles_held_aside(&self) -> u32 {
        self.ext.tiles_held()
    }

    /// `SetAside`: a drawn tile that fits nowhere, which an expansion may put aside instead of
    /// discarding it (River II R2.5); true if one did.
    pub(crate) fn set_aside_unplaceable<S: Sink>(&mut self, tile: TileId, sink: &mut S) -> bool {
        self.has_hook(Hook::SetAside) && self.river_set_aside(tile, sink)
    }

    /// Whether an expansion constrains where `kind` may go beyond edge matching: river tiles
    /// (RV-3), and monasteries and shrines with the Cult (CU.1).
    #[inline(always)]
    pub(crate) fn placement_is_constrained(&self, kind: &TileKind) -> bool {
        // Whether the Cult is in play first: without it (the base game) every branch here goes
        // the same way, where one on whether the drawn tile has a building mispredicted.
        kind.has_river || (self.plays(Expansion::Cult) && kind.building.is_some())
    }

    /// `PlacementRule`: which placement rules apply to `kind`: the river's (a river tile) and the
    /// Cult's (a monastery or shrine with the Cult in play).
    #[inline(always)]
    pub(crate) fn placement_rules(&self, kind: &TileKind) -> (bool, bool) {
        (
            kind.has_river,
            kind.building.is_some() && self.plays(Expansion::Cult),
        )
    }

    /// `PlacementRule`: the rotations of `kind` at the open position `o` that edge matching
    /// and the placement rules `(river, cult)` allow.
    #[inline(always)]
    pub(crate) fn constrained_fitting(
        &self,
        kind: &TileKind,
        o: &OpenPosition,
        rules: (bool, bool),
    ) -> u8 {
        self.rules_fitting(kind, o, o.fitting(kind), rules)
    }

    /// `PlacementRule`: of the edge-matching rotations `fits` of `kind` at the open position
    /// `o`, those the placement rules `(river, cult)` allow.
    #[inline(always)]
    pub(crate) fn rules_fitting(
        &self,
        kind: &TileKind,
        o: &OpenPosition,
        mut fits: u8,
        (river, cult): (bool, bool),
    ) -> u8 {
        if fits != 0 && river {
            fits = self.river_fitting(kind, o, fits);
        }
        if fits != 0 && cult {
            fits = self.building_fitting(kind, o, fits);
        }
        fits
    }

    /// `PlacementRule`: the placements of a tile under an expansion's placement rule, into
    /// `out` (kept out of the base game's path).
    #[inline(never)]
    pub(crate) fn push_constrained_placements(&self, tile: TileId, out: &mut Vec<Action>) {
        let kind = tile.kind();
        let rules = self.placement_rules(kind);
        match self.river_positions(kind) {
            Some(positions) => {
                for o in positions {
                    push_rotations(tile, o.pos, self.constrained_fitting(kind, o, rules), out);
                }
            }
            None => {
                // The rules' own checks only where the edges match.
                self.board
                    .for_each_fitting(kind.fitting_table(), |o, fits| {
                        push_rotations(tile, o.pos, self.rules_fitting(kind, o, fits, rules), out);
                    });
            }
        }
    }

    /// `PlacementRule`: calls `visit` with each open position a constrained tile may go to (the
    /// river's open ends for a river tile, RV-3) and the rotations every rule in play allows
    /// there, until `visit` returns false.
    pub(crate) fn for_each_constrained_placement(
        &self,
        tile: TileId,
        mut visit: impl FnMut(&OpenPosition, u8) -> bool,
    ) {
        let kind = tile.kind();
        let rules = self.placement_rules(kind);
        match self.river_positions(kind) {
            Some(positions) => {
                for o in positions {
                    if !visit(o, self.constrained_fitting(kind, o, rules)) {
                        return;
                    }
                }
            }
            None => {
                for o in self.board.open_positions() {
                    if !visit(o, self.constrained_fitting(kind, o, rules)) {
                        return;
                    }
                }
            }
        }
    }

    /// `PlacementRule`: why an expansion forbids `kind` at the empty, edge-matching `pos` in
    /// `rotation`, if one does.
    pub(crate) fn placement_refusal(
        &self,
        kind: &TileKind,
        pos: Position,
        rotation: Rotation,
    ) -> Option<&'static str> {
        if kind.building.is_some()
            && self.plays(Expansion::Cult)
            && !self.building_allows(kind, pos)
        {
            return Some(cult::PLACEMENT_REFUSAL);
        }
        if kind.has_river && !self.river_allows(kind, pos, rotation) {
            return Some(river::PLACEMENT_REFUSAL);
        }
        None
    }

    /// `TileLaid`: a tile joined the board (the start tile, the starting area, or the turn's
    /// tile).
    pub(crate) fn tile_laid(&mut self, kind: &TileKind, pos: Position, rotation: Rotation) {
        if kind.has_river && self.plays(Expansion::River) {
            self.advance_river(kind, pos, rotation);
        }
        if kind.building.is_some() && self.plays(Expansion::Cult) {
            self.record_building(kind, pos);
        }
        if self.plays(Expansion::BigTop) {
            self.note_acrobat_site(kind, pos);
        }
        if self.plays(Expansion::Ferries) {
            self.note_lake(kind);
        }
    }

    /// `TilePlaced`: the active player placed the turn part's tile, laid at board index
    /// `index`.
    pub(crate) fn tile_placed(&mut self, index: usize) {
        if self.plays(Expansion::TradersAndBuilders) {
            self.note_double_turn(index);
        }
        if self.ext.city.is_some() {
            self.note_last_placer();
        }
    }

    // ----- figures -----

    /// `FigureRule`: whether `figure` (not a follower: those follow the base rule) may go on
    /// segment `segment` of the tile just laid, for the active player who has one in supply.
    #[inline(never)]
    pub(crate) fn expansion_figure_allowed(
        &self,
        placed: &PlacedTile,
        segment: usize,
        figure: Figure,
    ) -> bool {
        match figure {
            Figure::Follower | Figure::LargeFollower | Figure::Ringmaster => {
                self.follower_allowed(placed, segment)
            }
            Figure::Builder => self.builder_allowed(placed, segment),
            Figure::Pig => self.pig_allowed(placed, segment),
        }
    }

    /// `FigureRule`: why `figure` may not go on segment `segment` of the tile just laid (its
    /// rule only; supply and occupancy of followers are checked by the caller).
    pub(crate) fn expansion_figure_refusal(
        &self,
        placed: &PlacedTile,
        segment: usize,
        figure: Figure,
    ) -> Option<&'static str> {
        match figure {
            Figure::Follower | Figure::LargeFollower | Figure::Ringmaster => None,
            Figure::Builder => self.builder_refusal(placed, segment),
            Figure::Pig => self.pig_refusal(placed, segment),
        }
    }

    // ----- scoring -----

    /// `CompletedElsewhere`: road and city nodes away from the tile just laid that may have
    /// been completed in this turn part (the roads ferries joined or split, FE.5).
    pub(crate) fn completed_elsewhere(&self) -> Vec<NodeId> {
        if self.plays(Expansion::Ferries) {
            return self.ferry_touched().to_vec();
        }
        Vec::new()
    }

    /// `FeatureValue`: lets the expansions change the value of the scored feature `root` of
    /// `tiles` tiles (inns and cathedrals, then the mage or the witch); `inn` and `cathedral`
    /// say whether it holds one.
    pub(crate) fn feature_value(
        &self,
        root: NodeId,
        tiles: u16,
        points: &mut u32,
        score: &mut FeatureScore,
        (inn, cathedral): (bool, bool),
    ) {
        if self.plays(Expansion::InnsAndCathedrals) {
            self.inn_and_cathedral_value(points, score, inn, cathedral);
        }
        if self.ext.magic.is_some() {
            self.magic_value(root, tiles, points, score);
        }
    }

    /// `FeatureCompleted`: a road or city was completed in this turn part (after its scoring,
    /// occupied or not).
    pub(crate) fn feature_completed<S: Sink>(
        &mut self,
        kind: FeatureKind,
        root: NodeId,
        sink: &mut S,
    ) {
        if self.ext.tokens.is_some() {
            self.note_completion(kind, root);
        }
        if kind == FeatureKind::City && self.elements.goods {
            self.take_goods(root, sink);
        }
        if self.ext.magic.is_some() {
            self.magic_feature_completed(root, sink);
        }
    }

    /// `FigureReturned`: a figure went back to `player`'s supply.
    pub(crate) fn figure_returned(&mut self, player: u8, figure: Figure) {
        self.note_returned(player, figure);
    }

    /// `BuildingsScored`: the monasteries and shrines completed and scored in this turn part.
    pub(crate) fn buildings_scored<S: Sink>(&mut self, scored: &[NodeId], sink: &mut S) {
        if self.plays(Expansion::Cult) {
            self.settle_challenges(scored, sink);
        }
    }

    /// `FeatureScored`: the feature or field `root` has been scored, its figures not yet
    /// returned (the ringmaster's bonus, RM.2).
    pub(crate) fn feature_scored<S: Sink>(&mut self, root: NodeId, sink: &mut S) {
        if self.elements.ringmasters > 0 {
            self.ringmaster_bonus(root, sink);
        }
        if self.ext.gold.is_some() {
            self.note_gold_claims(root);
        }
    }

    /// `TurnPartScored`: every completed feature of the turn part has been scored. The Count
    /// notes the features' points before the King and the Robber Baron add theirs.
    pub(crate) fn turn_part_scored<S: Sink>(&mut self, sink: &mut S) {
        if self.ext.city.is_some() {
            self.note_feature_points();
        }
        if self.ext.tokens.is_some() {
            self.award_tokens(sink);
        }
    }

    /// `FieldBonus`: extra points per city for `player` as an owner of the field `root`:
    /// whether their pig is in it (TB-6) and whether it holds a pig herd (R2.10).
    pub(crate) fn field_bonus(&self, root: NodeId, player: usize) -> (bool, bool) {
        let pig = self.elements.pigs > 0 && self.has_own_pig(root, player);
        let herd =
            self.elements.pig_herd && self.plays(Expansion::River) && self.has_pig_herd(root);
        (pig, herd)
    }

    /// `CityBeside`: whether the placed tile lies beside a completed city outside the board
    /// (the City of Carcassonne's pieces, C.5).
    pub(crate) fn city_beside(&self, placed: &PlacedTile) -> bool {
        self.plays(Expansion::Count) && placed.tile.kind().is_city_of_carcassonne()
    }

    /// `CityBeside`: completed cities outside the board (the City of Carcassonne counts as one
    /// for the King, K.5).
    pub(crate) fn completed_cities_off_board(&self) -> u16 {
        self.plays(Expansion::Count) as u16
    }

    /// `FinalScoring`: the expansions' final awards, after the fields (F6): trade goods, then
    /// the King and the Robber Baron.
    pub(crate) fn expansions_final_scoring<S: Sink>(&mut self, sink: &mut S) {
        if self.elements.goods && self.plays(Expansion::TradersAndBuilders) {
            self.score_goods(sink);
        }
        if self.ext.tokens.is_some() {
            self.score_tokens(sink);
        }
        if self.elements.acrobats && self.plays(Expansion::BigTop) {
            self.score_acrobats_at_the_end(sink);
        }
        if self.ext.gold.is_some() {
            self.score_gold(sink);
        }
    }

    // ----- the deployment step -----

    /// `DeployAlternatives`: what may be done instead of a deployment on the tile just laid
    /// (acrobats and pyramids, AC.1–AC.5; flights, FM.1), into `out`.
    pub(crate) fn deploy_alternatives(&self, out: &mut Vec<Action>) {
        if self.plays(Expansion::BigTop) {
            self.circus_deploy_actions(out);
        }
        if self.plays(Expansion::FlyingMachines) {
            self.flier_deploy_actions(out);
        }
    }

    /// Whether `DeployAlternatives` offers anything now.
    pub(crate) fn has_deploy_alternative(&self) -> bool {
        if !self.has_hook(Hook::DeployAlternatives) {
            return false;
        }
        let mut out = Vec::new();
        self.deploy_alternatives(&mut out);
        !out.is_empty()
    }

    /// Checks an alternative to a deployment.
    pub(crate) fn check_deploy_alternative(&self, action: Action) -> Result<(), PlayError> {
        match action {
            Action::Acrobat { .. } | Action::ScorePyramid { .. }
                if self.plays(Expansion::BigTop) =>
            {
                self.check_circus_action(action)
            }
            Action::Acrobat { .. } | Action::ScorePyramid { .. } => {
                Err(PlayError::IllegalDeployment {
                    action,
                    reason: "there are no acrobat sites in this game",
                })
            }
            _ if self.plays(Expansion::FlyingMachines) => self.check_flight(action),
            _ => Err(PlayError::IllegalFlight {
                action,
                reason: "there are no flying machines in this game",
            }),
        }
    }

    /// Plays an alternative to a deployment (already checked); false when it waits for a
    /// chance node or a decision (a flight's roll or landing) before the deployment step ends.
    pub(crate) fn apply_deploy_alternative<S: Sink>(
        &mut self,
        action: Action,
        sink: &mut S,
    ) -> bool {
        match action {
            Action::Fly { figure } => self.fly(figure, sink),
            _ => {
                self.apply_circus_action(action, sink);
                true
            }
        }
    }

    // ----- decisions -----

    /// The legal actions of an expansion's pending decision, into `out`.
    pub(crate) fn expansion_actions(&self, out: &mut Vec<Action>) {
        match self.pending {
            Pending::DoubleTurn => self.double_turn_actions(out),
            Pending::EnterCity | Pending::MoveCount | Pending::LeaveCity | Pending::Market => {
                self.city_actions(out)
            }
            Pending::Ingot { .. } | Pending::TakeIngot => self.gold_actions(out),
            Pending::Magic | Pending::RemoveMagic => self.magic_actions(out),
            Pending::Landing { .. } => self.landing_actions(out),
            Pending::PlaceFerry { .. } | Pending::MoveFerry => self.ferry_actions(out),
            Pending::CropOption | Pending::CropDeploy | Pending::CropReturn => {
                self.crop_actions(out)
            }
            Pending::PlaceRobber
            | Pending::ChooseRobbed
            | Pending::ScoreOrder
            | Pending::ChooseScoringFigure => self.track_actions(out),
            Pending::ResolveMessage { .. } => self.message_actions(out),
            Pending::Draw
            | Pending::Place { .. }
            | Pending::Deploy { .. }
            | Pending::AnimalToken
            | Pending::FlierRoll
            | Pending::DrawMessage
            | Pending::GameOver => {}
        }
    }

    /// Checks `action` against an expansion's pending decision.
    pub(crate) fn check_expansion_action(&self, action: Action) -> Result<(), PlayError> {
        match self.pending {
            Pending::DoubleTurn => self.check_double_turn_action(action),
            Pending::EnterCity | Pending::MoveCount | Pending::LeaveCity | Pending::Market => {
                self.check_city_action(action)
            }
            Pending::Ingot { .. } | Pending::TakeIngot => self.check_gold_action(action),
            Pending::Magic | Pending::RemoveMagic => self.check_magic_action(action),
            Pending::Landing { .. } => self.check_landing(action),
            Pending::PlaceFerry { .. } | Pending::MoveFerry => self.check_ferry_action(action),
            Pending::CropOption | Pending::CropDeploy | Pending::CropReturn => {
                self.check_crop_action(action)
            }
            Pending::PlaceRobber
            | Pending::ChooseRobbed
            | Pending::ScoreOrder
            | Pending::ChooseScoringFigure => self.check_track_action(action),
            Pending::ResolveMessage { .. } => self.check_message_action(action),
            pending @ (Pending::Draw
            | Pending::Place { .. }
            | Pending::Deploy { .. }
            | Pending::AnimalToken
            | Pending::FlierRoll
            | Pending::DrawMessage
            | Pending::GameOver) => Err(PlayError::WrongDecision {
                action,
                pending: pending.name(),
            }),
        }
    }

    /// Plays `action` (already checked) on an expansion's pending decision.
    pub(crate) fn apply_expansion_action<S: Sink>(&mut self, action: Action, sink: &mut S) {
        match self.pending {
            Pending::DoubleTurn => self.apply_double_turn_action(action, sink),
            Pending::EnterCity | Pending::MoveCount | Pending::LeaveCity | Pending::Market => {
                self.apply_city_action(action, sink)
            }
            Pending::Ingot { .. } | Pending::TakeIngot => self.apply_gold_action(action, sink),
            Pending::Magic | Pending::RemoveMagic => self.apply_magic_action(action, sink),
            Pending::Landing { .. } => self.apply_landing(action, sink),
            Pending::PlaceFerry { .. } | Pending::MoveFerry => {
                self.apply_ferry_action(action, sink)
            }
            Pending::CropOption | Pending::CropDeploy | Pending::CropReturn => {
                self.apply_crop_action(action, sink)
            }
            Pending::PlaceRobber
            | Pending::ChooseRobbed
            | Pending::ScoreOrder
            | Pending::ChooseScoringFigure => self.apply_track_action(action, sink),
            Pending::ResolveMessage { .. } => self.apply_message_action(action, sink),
            Pending::Draw
            | Pending::Place { .. }
            | Pending::Deploy { .. }
            | Pending::AnimalToken
            | Pending::FlierRoll
            | Pending::DrawMessage
            | Pending::GameOver => {}
        }
    }
}
