//! The turn pipeline: the steps of a turn part in the order of spec `expansions.md` §4, and the
//! steps of the end of the game in the order of §5.
//!
//! ```text
//! StartOfTurnPart   phase 0   hooks: river (whose turn the fork is), Count (D-C-6 bookkeeping),
//!                             Traders & Builders (no double turn due yet)
//! Draw              1.1       chance node: the river's stack first (RV-2), then the main stack;
//!                             a tile that fits nowhere is discarded (B-3.5) or, River II, put
//!                             back under the river stack (R2.5)
//! Place             1.2       decision; then hooks tile_laid (river ends, Cult buildings) and
//!                             tile_placed (builder's double turn due, Count's last placer)
//! TileTriggered     1.3–1.5   hooks: gold, mage and witch, robbers (RO.1), river (the volcano
//!                             lake and the spring laid against the City give no deployment,
//!                             R2.6, D-R2-6)
//! Deploy            2         decision, skipped when nothing can be deployed
//! AfterDeployment   2 (end)   hooks: ferries (placement FE.3, moves FE.4), mage and witch (D-FE-3)
//! BeforeScoring     3.1–3.2   hooks: Count (the movement round out of the quarters, C.3)
//! Scoring           3.3       the completed features, with the scoring hooks (`scoring`); with
//!                             the score track one at a time, resumable (`track`)
//! AfterScoring      3.4–4.5   hooks: Big Top (BT.2/BT.3), Gold Mines (GM.4), Messages (4.2:
//!                             draw and resolve, chains), robbers home (4.3), Count (entering
//!                             the City, C.2), Crop Circles (the round, CR.1–CR.5)
//! EndOfTurnPart     4.6       hooks: Messages (a nested part ends: back to the outer part's
//!                             4.2), river (the fork's interlude, the turn after a lake),
//!                             Traders & Builders (the builder's second part, TB-3); otherwise
//!                             the next player clockwise
//! BeforeFinalScoring F1–F2    hooks: Count (the Market rounds, C.4)
//! FinalScoring      F3–F6     final scoring (`scoring`), then the game is over
//! ```
//!
//! The pipeline names no expansion: each step with hooks runs the hooks of the expansions in
//! play, in the order `expansions` gives, and a hook may open a decision. The game then waits
//! at a cursor (step and hook); the expansion's decisions are answered through
//! [`Game::play`](crate::Game::play), and when its last one is answered the pipeline resumes
//! after that hook. A game without expansions pays one bit test per step for all of this.
//! With the score track, awards waiting for a robber's choice stop the pipeline at its
//! checkpoints (`track`).
//!
//! A turn part may nest another (a message's extra tile, M.7): it starts at `Draw` without
//! the start of a turn part, runs the tile's steps, and its `EndOfTurnPart` puts the cursor
//! back into the outer part ([`Flow::Resumed`]); the hooks that belong to the turn rather than
//! to the tile (a builder's double turn due, the Count's entry, the robbers going home) do
//! nothing in a nested part.

use rand_core::RngCore;

use crate::chance::scale;
use crate::events::{Event, Sink};
use crate::expansions::Hook;
use crate::game::{Game, Pending};
use crate::geometry::Position;
use crate::tile::TileId;

/// A step of the turn pipeline (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Step {
    /// Phase 0: the start of a turn part.
    StartOfTurnPart,
    /// Phase 1.1: a tile is drawn (a chance node).
    Draw,
    /// Phase 1.2: the drawn tile is placed (a decision).
    Place,
    /// Phase 1.3–1.5: steps the placed tile triggers.
    TileTriggered,
    /// Phase 2: deployment or one of its alternatives (a decision).
    Deploy,
    /// Phase 2, end: steps after the deployment.
    AfterDeployment,
    /// Phase 3.1–3.2: before the completed features are scored.
    BeforeScoring,
    /// Phase 3.3 with the score track: the features are scored one at a time and the
    /// scoring can wait for decisions (their order, D-GEN-1; a robber's victim, RO.5). Without
    /// the track the scoring never waits and no cursor stands here.
    Scoring,
    /// Phase 3.4–4.5: after the scoring.
    AfterScoring,
    /// Phase 4.6: what comes next (another turn part, or the next player's turn).
    EndOfTurnPart,
    /// F1–F2: before the final scoring.
    BeforeFinalScoring,
    /// F3–F6: the final scoring.
    FinalScoring,
}

/// Where the pipeline stands: the step, and within a step with hooks the next hook to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Cursor {
    pub step: Step,
    pub hook: u8,
}

impl Cursor {
    pub const fn at(step: Step) -> Cursor {
        Cursor { step, hook: 0 }
    }
}

/// What a hook tells the pipeline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Flow {
    /// Go on: the next hook, then the next step.
    Continue,
    /// The hook opened a decision; the pipeline resumes after this hook once the expansion
    /// has its answers.
    Wait,
    /// `TileTriggered` only: the placed tile allows no deployment (the pipeline skips `Deploy`).
    NoDeployment,
    /// `EndOfTurnPart` only: the hook chose who plays the next turn part (the remaining hooks
    /// and the default, the next player clockwise, are skipped).
    NextPartChosen,
    /// `EndOfTurnPart` only: the turn part was nested in another (a message's extra tile,
    /// M.7); the hook put the cursor back where the outer part stood, and the pipeline goes
    /// on from there.
    Resumed,
}

impl Game {
    /// Moves the cursor to the start of `step`.
    #[inline]
    pub(crate) fn goto(&mut self, step: Step) {
        self.cursor = Cursor::at(step);
    }

    /// Runs the pipeline from the cursor until a decision or a chance node is pending, or the
    /// game is over. The cursor is read once; from there each step calls the next directly, in
    /// the order of the table above (a loop over a `match` would cost an unpredictable
    /// indirect jump per step).
    pub(crate) fn advance<S: Sink>(&mut self, sink: &mut S) {
        // A checkpoint: awards on the score track waiting for a robber's choice.
        if self.awards_wait() {
            return;
        }
        match self.cursor.step {
            Step::StartOfTurnPart => self.start_of_turn_part(sink),
            Step::Draw => self.draw_step(sink),
            // Decisions: the game waits for `play`.
            Step::Place | Step::Deploy => {}
            Step::TileTriggered => self.tile_triggered(sink),
            Step::AfterDeployment => self.after_deployment(sink),
            Step::BeforeScoring => self.before_scoring(sink),
            Step::Scoring => self.resume_scoring(sink),
            Step::AfterScoring => self.after_scoring(sink),
            Step::EndOfTurnPart => self.end_of_turn_part(sink),
            Step::BeforeFinalScoring => self.before_final_scoring(sink),
            Step::FinalScoring => self.final_scoring_step(sink),
        }
    }

    /// Runs the hooks of `step` (from the cursor's hook when resuming at that step).
    #[inline]
    fn hooks_of<S: Sink>(&mut self, step: Step, hook: Hook, sink: &mut S) -> Flow {
        if !self.has_hook(hook) {
            return Flow::Continue;
        }
        if self.cursor.step != step {
            self.goto(step);
        }
        self.run_hooks(hook, sink)
    }

    /// Phase 0.
    fn start_of_turn_part<S: Sink>(&mut self, sink: &mut S) {
        self.hooks_of(Step::StartOfTurnPart, Hook::StartOfTurnPart, sink);
        self.draw_step(sink);
    }

    /// Phase 1.1: a tile is drawn (explicit draws: the game waits for it), until one fits
    /// somewhere; with no tile left, the end of the game.
    fn draw_step<S: Sink>(&mut self, sink: &mut S) {
        self.goto(Step::Draw);
        loop {
            if self.tiles_left() == 0 {
                if self.in_nested_part() {
                    // A nested part whose tile cannot be drawn ends (M.7).
                    return self.end_of_turn_part(sink);
                }
                return self.before_final_scoring(sink);
            }
            if self.drawable() == 0 {
                // Tiles are left but none can be drawn: a stack's invariant is broken.
                return self.fail(Pending::Draw, "tiles are left but no stack can deal one");
            }
            if self.config.explicit_draws {
                self.ask(Pending::Draw, self.active);
                return;
            }
            let tile = match self.deal_random_tile() {
                Ok(tile) => tile,
                Err(reason) => return self.fail(Pending::Draw, reason),
            };
            if self.after_draw(tile, sink) {
                return;
            }
            // Discarded or set aside: the turn part starts again (a nested part only draws
            // again).
            if !self.in_nested_part() {
                self.hooks_of(Step::StartOfTurnPart, Hook::StartOfTurnPart, sink);
            }
            self.goto(Step::Draw);
        }
    }

    /// Phase 1.3–1.5, then the deployment decision (phase 2) unless nothing can be deployed.
    pub(crate) fn tile_triggered<S: Sink>(&mut self, sink: &mut S) {
        match self.hooks_of(Step::TileTriggered, Hook::TileTriggered, sink) {
            Flow::Wait => return,
            Flow::NoDeployment => return self.after_deployment(sink),
            Flow::Continue | Flow::NextPartChosen | Flow::Resumed => {}
        }
        if self.can_deploy_anything() {
            self.goto(Step::Deploy);
            let pos = self.last_placed().map_or(Position::new(0, 0), |p| p.pos);
            self.ask(Pending::Deploy { pos }, self.active);
            return;
        }
        self.after_deployment(sink);
    }

    /// Phase 2, end.
    pub(crate) fn after_deployment<S: Sink>(&mut self, sink: &mut S) {
        if self.hooks_of(Step::AfterDeployment, Hook::AfterDeployment, sink) == Flow::Wait {
            return;
        }
        self.before_scoring(sink);
    }

    /// Phase 3.1–3.2.
    fn before_scoring<S: Sink>(&mut self, sink: &mut S) {
        if self.hooks_of(Step::BeforeScoring, Hook::BeforeScoring, sink) == Flow::Wait {
            return;
        }
        self.scoring(sink);
    }

    /// Phase 3.3: the completed features of the turn part's tile.
    fn scoring<S: Sink>(&mut self, sink: &mut S) {
        if self.has_hook(Hook::ScoreTrack) {
            return self.track_scoring(sink);
        }
        if let Some(index) = self.last_tile.take() {
            self.score_completed(index as usize, sink);
        }
        self.after_scoring(sink);
    }

    /// Phase 3.4–4.5.
    pub(crate) fn after_scoring<S: Sink>(&mut self, sink: &mut S) {
        if self.hooks_of(Step::AfterScoring, Hook::AfterScoring, sink) == Flow::Wait {
            return;
        }
        self.end_of_turn_part(sink);
    }

    /// Phase 4.6: another turn part, or the next player's turn.
    fn end_of_turn_part<S: Sink>(&mut self, sink: &mut S) {
        match self.hooks_of(Step::EndOfTurnPart, Hook::EndOfTurnPart, sink) {
            Flow::Wait => return,
            Flow::Resumed => return self.advance(sink),
            Flow::NextPartChosen => {}
            Flow::Continue | Flow::NoDeployment => self.pass_turn(),
        }
        self.goto(Step::StartOfTurnPart);
        self.start_of_turn_part(sink);
    }

    /// F1–F2.
    fn before_final_scoring<S: Sink>(&mut self, sink: &mut S) {
        if self.has_hook(Hook::ScoreTrack) {
            self.track_final_phase(sink);
        }
        if self.hooks_of(Step::BeforeFinalScoring, Hook::BeforeFinalScoring, sink) == Flow::Wait {
            return;
        }
        self.final_scoring_step(sink);
    }

    /// F3–F6: the final scoring; the game is over.
    fn final_scoring_step<S: Sink>(&mut self, sink: &mut S) {
        // Hook 1 marks the scoring as done (awards on the track may still wait for a
        // decision, and the step resumes there).
        let scored = Cursor {
            step: Step::FinalScoring,
            hook: 1,
        };
        if self.cursor != scored {
            self.cursor = scored;
            self.decider = self.active;
            self.pending = Pending::GameOver;
            self.final_scoring(sink);
        }
        if self.has_hook(Hook::ScoreTrack) {
            if self.awards_wait() {
                return;
            }
            self.decider = self.active;
            self.pending = Pending::GameOver;
            self.robbers_home(sink);
        }
        if S::WANTED {
            sink.push(Event::GameOver {
                scores: self.scores(),
            });
        }
    }

    /// The end of a turn: the next player clockwise plays the first part of their turn.
    pub(crate) fn pass_turn(&mut self) {
        if self.has_hook(Hook::ScoreTrack) {
            self.track_turn_passed();
        }
        self.second_part = false;
        // A select rather than a remainder, which compiled to a branch that mispredicted.
        let next = usize::from(self.active) + 1;
        self.active = if next < self.players() { next as u8 } else { 0 };
    }

    /// Sets the pending decision and the seat that takes it.
    #[inline]
    pub(crate) fn ask(&mut self, pending: Pending, decider: u8) {
        self.pending = pending;
        self.decider = decider;
    }

    /// Draws a tile with the seeded generator: tile number `(next_u64() * drawable) >> 64`, in
    /// catalogue order of kinds, of the stack the next draw comes from. Fails (a defect) if
    /// that stack does not hold the tile it lists.
    fn deal_random_tile(&mut self) -> Result<TileId, &'static str> {
        let roll = self.rng.next_u64();
        let source = self.draw_source();
        let k = scale(roll, source.total() as usize) as u32;
        let tile = source
            .nth(k)
            .ok_or("a draw stack holds fewer tiles than it counts")?;
        if !self.take_tile(tile) {
            return Err("a draw stack could not give up the tile it dealt");
        }
        Ok(tile)
    }

    /// Stops the pipeline at `pending` after a broken invariant: the game keeps `reason`, and
    /// the call that got here returns it as an [`InternalError`](crate::InternalError).
    #[cold]
    pub(crate) fn fail(&mut self, pending: Pending, reason: &'static str) {
        self.fault = Some(reason);
        self.ask(pending, self.active);
    }

    /// Records a drawn tile (already out of its stack). If it fits somewhere, its placement is
    /// pending (returns true); otherwise it is discarded (B-3.5) or an expansion sets it aside
    /// (River II R2.5), and the pipeline goes back to the start of the turn part for another
    /// draw (returns false).
    pub(crate) fn after_draw<S: Sink>(&mut self, tile: TileId, sink: &mut S) -> bool {
        let player = self.active as usize;
        self.outcomes.push(tile.into());
        if S::WANTED {
            sink.push(Event::TileDrawn { player, tile });
        }
        if self.is_placeable(tile) {
            self.goto(Step::Place);
            if self.has_hook(Hook::TileDrawn) && self.robbers_before_placement(tile, sink) {
                return true; // the robbers first (RO.1, C3.1 wording); then the placement
            }
            self.ask(Pending::Place { tile }, self.active);
            return true;
        }
        if !self.set_aside_unplaceable(tile, sink) && S::WANTED {
            sink.push(Event::TileDiscarded { player, tile });
        }
        self.goto(if self.in_nested_part() {
            Step::Draw
        } else {
            Step::StartOfTurnPart
        });
        false
    }

    /// Starts a turn part nested in the one under way (a message's extra tile, M.7): a draw,
    /// without the steps of a new turn part's start; it ends back where the outer part stood
    /// (the `EndOfTurnPart` hook that says [`Flow::Resumed`]).
    pub(crate) fn start_nested_part<S: Sink>(&mut self, sink: &mut S) {
        self.draw_step(sink);
    }
}
