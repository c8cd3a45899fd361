//! King & Robber Baron (spec `expansions.md` §1.4): the player who completes a city larger
//! than every city completed before takes the King, a road longer than every road before the
//! Robber Baron (strictly larger, judged once per turn part, whoever scored it); at the end the
//! holders score 1 per completed city (road) on the board, the City of Carcassonne included, or
//! a house-rule variant
//! ([`KingRobberScoring`]).
//!
//! Hook points: `Game::score_completed` reports each turn part's completed cities and roads to
//! `Game::award_titles`; the final scoring calls `Game::score_titles` after trade goods
//! (§5 F6).

use crate::config::KingRobberScoring;
use crate::events::{Event, Sink, Token};
use crate::game::Game;
use crate::scoring::{Award, FeatureFacts};
use crate::tile::FeatureKind;

/// Points per card at the end under [`KingRobberScoring::TenPerCard`].
pub const TEN_PER_CARD: u32 = 10;
/// Points for one card at the end under [`KingRobberScoring::FifteenForty`].
pub const ONE_CARD: u32 = 15;
/// Points for both cards held by one player under [`KingRobberScoring::FifteenForty`].
pub const BOTH_CARDS: u32 = 40;

/// The state of one token: its holder, the size that took it, and how many features of its
/// kind (cities for the King, roads for the Robber Baron) are completed on the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Title {
    pub holder: Option<u8>,
    pub size: u16,
    pub completed: u16,
}

/// What one turn part completed, per token (index 0 the King's cities, 1 the Robber Baron's
/// roads): how many, and the size of the largest.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Completions {
    pub count: [u16; 2],
    pub largest: [u16; 2],
}

impl Completions {
    /// Notes a completed city or road of `tiles` tiles.
    pub fn add(&mut self, kind: FeatureKind, tiles: u16) {
        let i = (kind == FeatureKind::Road) as usize;
        self.count[i] += 1;
        self.largest[i] = self.largest[i].max(tiles);
    }
}

const TOKENS: [Token; 2] = [Token::King, Token::RobberBaron];

impl Game {
    /// Whether `token` is in play.
    fn token_in_play(&self, token: Token) -> bool {
        match token {
            Token::King => self.elements.king,
            Token::RobberBaron => self.elements.robber_baron,
        }
    }

    /// The holder of `token`, if anybody holds it.
    pub fn token_holder(&self, token: Token) -> Option<usize> {
        self.titles[token as usize].holder.map(usize::from)
    }

    /// After a turn part's completions (K.2, RB.1): counts them, pays the holder under
    /// [`KingRobberScoring::Continuously`], and gives the token to the active player when the
    /// largest completed feature is strictly larger than the token's size.
    pub(crate) fn award_titles<S: Sink>(&mut self, done: &Completions, sink: &mut S) {
        for (i, token) in TOKENS.into_iter().enumerate() {
            if done.count[i] == 0 || !self.token_in_play(token) {
                continue;
            }
            self.titles[i].completed += done.count[i];
            if self.config.rules.king_robber_scoring == KingRobberScoring::Continuously {
                if let Some(holder) = self.titles[i].holder {
                    self.pay_title(
                        holder as usize,
                        token,
                        done.count[i] as u32,
                        done.count[i],
                        1,
                        sink,
                    );
                }
            }
            if done.largest[i] > self.titles[i].size {
                self.titles[i].holder = Some(self.current);
                self.titles[i].size = done.largest[i];
                if S::WANTED {
                    sink.push(Event::TokenTaken {
                        player: self.current as usize,
                        token,
                        size: done.largest[i],
                    });
                }
            }
        }
    }

    /// Final scoring of the tokens (K.5, RB.1, §5 F6), by the configured variant.
    pub(crate) fn score_titles<S: Sink>(&mut self, sink: &mut S) {
        let scoring = self.config.rules.king_robber_scoring;
        let holders = TOKENS.map(|t| {
            self.token_in_play(t)
                .then(|| self.titles[t as usize].holder)
                .flatten()
        });
        for (i, token) in TOKENS.into_iter().enumerate() {
            let Some(holder) = holders[i] else { continue };
            let holder = holder as usize;
            match scoring {
                KingRobberScoring::Continuously => {}
                KingRobberScoring::PerCompletedFeature => {
                    // The City of Carcassonne counts as a completed city (K.5).
                    let city =
                        token == Token::King && self.config.sets.contains(&crate::TileSet::Count);
                    let n = self.titles[i].completed + city as u16;
                    self.pay_title(holder, token, n as u32, n, 1, sink);
                }
                KingRobberScoring::TenPerCard => {
                    self.pay_title(holder, token, TEN_PER_CARD, 0, 1, sink);
                }
                KingRobberScoring::FifteenForty => {
                    let both = holders[0] == holders[1];
                    match (both, token) {
                        (true, Token::King) => {
                            self.pay_title(holder, token, BOTH_CARDS, 0, 2, sink)
                        }
                        (true, Token::RobberBaron) => {}
                        (false, _) => self.pay_title(holder, token, ONE_CARD, 0, 1, sink),
                    }
                }
            }
        }
    }

    /// Pays a token's points with a [`Score`](crate::Score) event.
    fn pay_title<S: Sink>(
        &mut self,
        player: usize,
        token: Token,
        points: u32,
        features: u16,
        cards: u16,
        sink: &mut S,
    ) {
        let facts = FeatureFacts {
            tiles: cards,
            ..FeatureFacts::default()
        };
        let award = Award {
            feature: match token {
                Token::King => FeatureKind::City,
                Token::RobberBaron => FeatureKind::Road,
            },
            complete: true,
            facts: &facts,
            cities: features,
            points_per_city: 0,
            goods: None,
            token: Some(token),
        };
        self.pay(player, points, 0, None, &award, sink);
    }
}
