//! Robbers (spec `expansions.md` §3.6; seed S003 "Zbojníci"): each player's robber waits on
//! the score track ([`crate::track`]) beside another player's scoring figure and takes half of
//! the next points that figure scores.
//!
//! - RO.1 (phase 1.5, after the robber tile is placed): the active player may put his robber
//!   from supply on a track space holding a scoring figure of another player, or move it there
//!   if it is on the track (to another space; staying is a pass); then one more player may
//!   place his, the nearest clockwise whose robber is in supply — if he declines nobody else
//!   may (D-RO-1) ([`Pending::PlaceRobber`], [`Action::PlaceRobber`] or [`Action::Pass`];
//!   players with nothing to do are not asked). The other wordings are rule options
//!   ([`RobberPlacement`]): each other player in turn order (Z-Man Games), or every player
//!   from the active player clockwise before the tile is placed (C3.1, 2025).
//! - RO.2–RO.8 (every award, in `track`): when a player's scoring figure leaves a space
//!   holding another player's robber with points, the robber's owner gains half of them
//!   rounded up (the scorer keeps all), his robber leaves the track, and it is back in his
//!   supply at phase 4 step 3; several robbers each rob (RO.6); a robber whose space holds
//!   several players scoring the same feature robs the one its owner chooses
//!   ([`Pending::ChooseRobbed`], [`Action::Rob`]; RO.5, D-RO-2); robbery points rob nobody,
//!   and the other players' robbers on the robbing figure's space travel with it (RO.7,
//!   D-RO-3); a robber never robs its owner (RO.8). Robbery points are
//!   [`Reason::Robbery`](crate::Reason::Robbery) scores.
//! - RO.9, D-RO-4: robbers rob during the final scoring unless
//!   [`Rules::robbers_in_final_scoring`](crate::Rules::robbers_in_final_scoring) is off.
//! - D-C-2: robbery points the active player receives in phase 3 count as his scoring for the
//!   Count's C.2 (the Count compares the scores before and after the scoring).
//!
//! Decisions of this engine where the rules are silent: a robber may not "move" to the space
//! it stands on (that is a pass); rounds of awards given together (one feature's owners, one
//! field's, one big top, one pyramid, one goods majority) are the "simultaneous" awards of
//! RO.5, every other award (a ringmaster's bonus, the King, gold) is a round of its own in
//! seat order; robbers rob in seat order from the active player, and robbery points are paid
//! in that order, each carrying the robbers on its figure's space before the next moves; a
//! robber that robbed is off the track until phase 4 step 3 (S003's turn summary), and robbers
//! that robbed in the final scoring go home before the game is over.
//!
//! State: the track's `robbers` and `placing` (`track::Track`, with the robbers element).
//! Hooks: `ScoreTrack` (every award), `TileTriggered` (RO.1), `TileDrawn` (RO.1 with
//! [`RobberPlacement::BeforeTilePlacement`]), `AfterScoring` (phase 4.3: robbers home).

use crate::action::Action;
use crate::config::{RobberPlacement, MAX_PLAYERS};
use crate::events::{Event, Sink};
use crate::game::{Game, Pending};
use crate::tile::{Marker, TileId};
use crate::track::{Placing, RobberState, TRACK_SPACES};
use crate::turn::Flow;

impl Game {
    /// `TileTriggered` (phase 1.5, RO.1): after a robber tile is placed, the robbers may be
    /// placed (unless they were before the placement, C3.1).
    pub(crate) fn robbers_tile_triggered<S: Sink>(&mut self, sink: &mut S) -> Flow {
        if self.config.rules.robber_placement == RobberPlacement::BeforeTilePlacement {
            return Flow::Continue;
        }
        let Some(placed) = self.last_placed() else {
            return Flow::Continue;
        };
        if !placed.tile.kind().has_marker(Marker::Robber) {
            return Flow::Continue;
        }
        self.start_placing(None);
        if self.next_robber_placer(sink) {
            Flow::Wait
        } else {
            Flow::Continue
        }
    }

    /// `TileDrawn` (RO.1 with [`RobberPlacement::BeforeTilePlacement`]): a robber tile was
    /// drawn and can be placed; the robbers are placed first. True if a decision is pending
    /// (the tile's placement is asked after the last one).
    pub(crate) fn robbers_before_placement<S: Sink>(&mut self, tile: TileId, sink: &mut S) -> bool {
        if !tile.kind().has_marker(Marker::Robber) {
            return false;
        }
        self.start_placing(Some(tile));
        self.next_robber_placer(sink)
    }

    /// The seats that may place a robber after a robber tile, in order: the active player,
    /// then as the rule option says.
    fn start_placing(&mut self, tile: Option<TileId>) {
        let n = self.players();
        let active = self.active as usize;
        let rule = self.config.rules.robber_placement;
        let Some(track) = self.ext.track.as_mut() else {
            return;
        };
        let Some(robbers) = track.robbers else {
            return;
        };
        let mut seats = [0u8; MAX_PLAYERS];
        seats[0] = active as u8;
        let mut len = 1;
        let others = (1..n)
            .map(|k| (active + k) % n)
            .filter(|&p| robbers[p] == RobberState::InSupply);
        for p in others {
            seats[len] = p as u8;
            len += 1;
            if rule == RobberPlacement::OneMore {
                break;
            }
        }
        track.placing = Some(Placing {
            seats,
            len: len as u8,
            next: 0,
            tile,
        });
    }

    /// Asks the next seat of the placement round that can place or move its robber; when none
    /// is left ends the round (with a tile held back, its placement is asked). True if a
    /// robber decision is pending.
    fn next_robber_placer<S: Sink>(&mut self, _sink: &mut S) -> bool {
        loop {
            let Some(placing) = self.ext.track.as_mut().and_then(|t| t.placing.as_mut()) else {
                return false;
            };
            if placing.next >= placing.len {
                let tile = placing.tile;
                if let Some(track) = self.ext.track.as_mut() {
                    track.placing = None;
                }
                if let Some(tile) = tile {
                    self.ask(Pending::Place { tile }, self.active);
                }
                return false;
            }
            let seat = placing.seats[placing.next as usize];
            placing.next += 1;
            if self.robber_spaces(seat).next().is_some() {
                self.ask(Pending::PlaceRobber, seat);
                return true;
            }
        }
    }

    /// The spaces `seat` may put his robber on now (RO.1): those holding a scoring figure of
    /// another player, but not the one his robber stands on; none if his robber is returning,
    /// or on the track while he is not the active player.
    fn robber_spaces(&self, seat: u8) -> impl Iterator<Item = u8> + '_ {
        let track = self.ext.track.as_ref();
        let state = track
            .and_then(|t| t.robbers)
            .map_or(RobberState::Returning, |r| r[seat as usize]);
        let allowed = match state {
            RobberState::InSupply => true,
            RobberState::OnTrack(_) => seat == self.active,
            RobberState::Returning => false,
        };
        // The spaces holding another player's scoring figure, as bits (50 spaces), found once.
        let mut others = 0u64;
        if let (true, Some(t)) = (allowed, track) {
            for (p, values) in t.values.iter().enumerate().take(self.players()) {
                if p != seat as usize {
                    for &value in values.iter().take(usize::from(t.figures)) {
                        others |= 1 << (value % TRACK_SPACES);
                    }
                }
            }
        }
        (0..TRACK_SPACES as u8).filter(move |&space| {
            others & (1 << space) != 0 && state != RobberState::OnTrack(space)
        })
    }

    /// The legal actions of [`Pending::PlaceRobber`], into `out`: every allowed space, then
    /// `pass`.
    pub(crate) fn robber_actions(&self, out: &mut Vec<Action>) {
        out.extend(
            self.robber_spaces(self.decider)
                .map(|space| Action::PlaceRobber { space }),
        );
        out.push(Action::Pass);
    }

    /// Why a robber placement is refused.
    pub(crate) fn robber_refusal(&self, action: Action) -> &'static str {
        let Action::PlaceRobber { space } = action else {
            return "a robber decision is pending";
        };
        if u32::from(space) >= TRACK_SPACES {
            return "the track has spaces 0 to 49";
        }
        match self.robber(self.decider as usize) {
            Some(RobberState::OnTrack(s)) if s == space => {
                return "the robber already stands there (pass to leave it)"
            }
            Some(RobberState::OnTrack(_)) if self.decider != self.active => {
                return "only the active player may move a robber on the track (RO.1)"
            }
            _ => {}
        }
        let own = (0..self.track_figures()).any(|f| {
            self.track_position(self.decider as usize, f)
                .is_some_and(|p| p.space == space)
        });
        if own {
            "a robber goes beside another player's scoring figure, never only its owner's (RO.1, \
             RO.8)"
        } else {
            "a robber goes on a space holding another player's scoring figure (RO.1); nobody's \
             figure stands there"
        }
    }

    /// Plays a robber placement or a pass (already checked) and asks the next placer, or
    /// resumes the pipeline.
    pub(crate) fn apply_robber_action<S: Sink>(&mut self, action: Action, sink: &mut S) {
        let seat = self.decider;
        if let Action::PlaceRobber { space } = action {
            let Some(robbers) = self.ext.track.as_mut().and_then(|t| t.robbers.as_mut()) else {
                return;
            };
            let before = robbers[seat as usize];
            robbers[seat as usize] = RobberState::OnTrack(space);
            if S::WANTED {
                sink.push(match before {
                    RobberState::OnTrack(from) => Event::RobberMoved {
                        player: seat as usize,
                        from,
                        to: space,
                        with: None,
                    },
                    RobberState::InSupply | RobberState::Returning => Event::RobberPlaced {
                        player: seat as usize,
                        space,
                    },
                });
            }
        }
        let holding_tile = self.robber_tile_in_hand().is_some();
        if self.next_robber_placer(sink) || holding_tile {
            return; // another placer, or the held tile's placement, is asked
        }
        self.advance(sink);
    }

    /// The drawn tile held back while the robbers are placed before it
    /// ([`RobberPlacement::BeforeTilePlacement`]).
    pub(crate) fn robber_tile_in_hand(&self) -> Option<TileId> {
        self.ext
            .track
            .as_ref()
            .and_then(|t| t.placing)
            .and_then(|p| p.tile)
    }

    /// `AfterScoring` (phase 4 step 3): the robbers that robbed are back in supply.
    pub(crate) fn robbers_after_scoring<S: Sink>(&mut self, sink: &mut S) -> Flow {
        if !self.in_nested_part() {
            self.robbers_home(sink); // a nested part's robbers go home with the outer part's
        }
        Flow::Continue
    }

    /// Every robber that robbed goes back to its owner's supply, in seat order.
    pub(crate) fn robbers_home<S: Sink>(&mut self, sink: &mut S) {
        let Some(robbers) = self.ext.track.as_mut().and_then(|t| t.robbers.as_mut()) else {
            return;
        };
        for (player, r) in robbers.iter_mut().enumerate() {
            if *r == RobberState::Returning {
                *r = RobberState::InSupply;
                if S::WANTED {
                    sink.push(Event::RobberReturned { player });
                }
            }
        }
    }
}
