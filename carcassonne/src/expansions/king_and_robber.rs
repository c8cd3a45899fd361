//! King & Robber Baron (spec `expansions.md` §1.4): the player who completes a city larger
//! than every city completed before takes the King, a road longer than every road before the
//! Robber Baron (strictly larger, judged once per turn part on the largest completed, whoever
//! scored it, K.2, RB.1); at the end the holders score 1 per completed city (road) on the
//! board, the City of Carcassonne included (K.5), or a house-rule variant
//! ([`KingRobberScoring`]).
//!
//! State: `Tokens`. Hooks: `FeatureCompleted` (the turn part's completions),
//! `TurnPartScored` (who takes a token; the `continuously` house rule pays here),
//! `FinalScoring` (F6, after trade goods).

use crate::config::KingRobberScoring;
use crate::events::{Event, Reason, Sink, TokenScore};
use crate::expansions::Hook;
use crate::features::NodeId;
use crate::game::Game;
use crate::tile::FeatureKind;
use crate::token::Token;

/// Points per token at the end under [`KingRobberScoring::TenPerToken`].
pub const TEN_PER_TOKEN: u32 = 10;
/// Points for one token at the end under [`KingRobberScoring::FifteenForty`].
pub const ONE_TOKEN: u32 = 15;
/// Points for both tokens held by one player under [`KingRobberScoring::FifteenForty`].
pub const BOTH_TOKENS: u32 = 40;

/// The state of one token: its holder, the size that took it, and how many features of its
/// kind (cities for the King, roads for the Robber Baron) are completed on the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Holding {
    pub holder: Option<u8>,
    pub size: u16,
    pub completed: u16,
}

/// The King and the Robber Baron (indexed by [`Token::index`]), and what the turn part being
/// scored completed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Tokens {
    holdings: [Holding; 2],
    /// Features completed in the turn part being scored, per token.
    count: [u16; 2],
    /// The size of the largest of them, per token.
    largest: [u16; 2],
}

impl Game {
    /// The complete features of `kind` on the board now, each once: the roots of its
    /// components (one per feature) with no open end.
    fn complete_features_on_board(&self, kind: FeatureKind) -> u16 {
        // Summed without a branch per node (`&`, not `&&`): the three tests follow no pattern.
        (0..self.features.len() as NodeId)
            .map(|n| {
                let node = self.features.node(n);
                u16::from(self.features.is_root(n) & (node.kind == kind) & (node.open() == 0))
            })
            .sum()
    }

    /// Whether `token` is in play.
    fn token_in_play(&self, token: Token) -> bool {
        match token {
            Token::King => self.elements.king,
            Token::RobberBaron => self.elements.robber_baron,
        }
    }

    /// The holder of `token`, if anybody holds it.
    pub fn token_holder(&self, token: Token) -> Option<usize> {
        self.ext
            .tokens
            .as_ref()
            .and_then(|t| t.holdings[token.index()].holder)
            .map(usize::from)
    }

    /// `FeatureCompleted`: notes a completed city or road of the turn part.
    pub(crate) fn note_completion(&mut self, kind: FeatureKind, root: NodeId) {
        let tiles = self.facts(root, false).tiles;
        let Some(tokens) = self.ext.tokens.as_mut() else {
            return;
        };
        let i = match kind {
            FeatureKind::City => Token::King.index(),
            _ => Token::RobberBaron.index(),
        };
        tokens.count[i] += 1;
        tokens.largest[i] = tokens.largest[i].max(tiles);
    }

    /// `TurnPartScored` (K.2, RB.1): counts the turn part's completions, pays the holder under
    /// [`KingRobberScoring::Continuously`], and gives the token to the active player when the
    /// largest completed feature is strictly larger than the token's size.
    pub(crate) fn award_tokens<S: Sink>(&mut self, sink: &mut S) {
        let Some(mut tokens) = self.ext.tokens.take() else {
            return;
        };
        for token in Token::ALL {
            let i = token.index();
            let (count, largest) = (tokens.count[i], tokens.largest[i]);
            tokens.count[i] = 0;
            tokens.largest[i] = 0;
            if count == 0 || !self.token_in_play(token) {
                continue;
            }
            let holding = &mut tokens.holdings[i];
            holding.completed += count;
            if self.config.rules.king_robber_scoring == KingRobberScoring::Continuously {
                if let Some(holder) = holding.holder {
                    self.pay_token(holder as usize, token, count as u32, count, 1, sink);
                }
            }
            if largest > holding.size {
                holding.holder = Some(self.active);
                holding.size = largest;
                if S::WANTED {
                    sink.push(Event::TokenTaken {
                        player: self.active as usize,
                        token,
                        size: largest,
                    });
                }
            }
        }
        self.ext.tokens = Some(tokens);
    }

    /// `FinalScoring` (K.5, RB.1, §5 F6): the tokens, by the configured variant.
    pub(crate) fn score_tokens<S: Sink>(&mut self, sink: &mut S) {
        let Some(tokens) = self.ext.tokens else {
            return;
        };
        let holders = Token::ALL.map(|t| {
            self.token_in_play(t)
                .then(|| tokens.holdings[t.index()].holder)
                .flatten()
        });
        for token in Token::ALL {
            let i = token.index();
            let Some(holder) = holders[i] else { continue };
            let holder = holder as usize;
            match self.config.rules.king_robber_scoring {
                KingRobberScoring::Continuously => {}
                KingRobberScoring::PerCompletedFeature => {
                    // The City of Carcassonne counts as a completed city (K.5).
                    let off_board = match token {
                        Token::King => self.completed_cities_off_board(),
                        Token::RobberBaron => 0,
                    };
                    // Where a road can be split or joined again after it was completed (a ferry
                    // moved, FE.4), the completed roads are those complete on the board now.
                    let completed = if self.has_hook(Hook::CompletedElsewhere) {
                        self.complete_features_on_board(match token {
                            Token::King => FeatureKind::City,
                            Token::RobberBaron => FeatureKind::Road,
                        })
                    } else {
                        tokens.holdings[i].completed
                    };
                    let n = completed + off_board;
                    self.pay_token(holder, token, n as u32, n, 1, sink);
                }
                KingRobberScoring::TenPerToken => {
                    self.pay_token(holder, token, TEN_PER_TOKEN, 0, 1, sink);
                }
                KingRobberScoring::FifteenForty => {
                    let both = holders[0] == holders[1];
                    match (both, token) {
                        (true, Token::King) => {
                            self.pay_token(holder, token, BOTH_TOKENS, 0, 2, sink)
                        }
                        (true, Token::RobberBaron) => {}
                        (false, _) => self.pay_token(holder, token, ONE_TOKEN, 0, 1, sink),
                    }
                }
            }
        }
    }

    /// Pays a token's points with a [`TokenScore`] reason.
    fn pay_token<S: Sink>(
        &mut self,
        player: usize,
        token: Token,
        points: u32,
        completed: u16,
        held: u8,
        sink: &mut S,
    ) {
        self.pay(player, points, sink, || {
            Reason::Token(TokenScore {
                token,
                completed,
                held,
            })
        });
    }
}
