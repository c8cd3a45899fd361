//! JCloisterZone's random generator, for the draws it makes itself (`../shared/jcz/README.md`):
//! its value is set from a message's `random` before the message is applied; `next_int(bound)`
//! returns `(int)(value · bound)` and then advances the value with the 48-bit linear
//! congruential step of `java.util.Random`. Under the Big Top, an animal token is
//! `unused[next_int(unused.len())]`, `unused` the tokens left in JCloisterZone's order.

use crate::animal::Animal;

use super::names::ANIMALS_BY_VALUE;

/// The low 48 bits.
const MASK: u64 = (1 << 48) - 1;

/// JCloisterZone's generator: its current value in `[0, 1)`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct JczRandom(pub f64);

impl JczRandom {
    /// `(int)(value · bound)`, then the value advances.
    pub fn next_int(&mut self, bound: usize) -> usize {
        let i = (self.0 * bound as f64) as usize;
        self.advance();
        i.min(bound.saturating_sub(1))
    }

    /// `x = bits(value) & (2^48 − 1)`, `x = (25214903917 · x + 11) & (2^48 − 1)`,
    /// `value = x / 2^48`.
    pub fn advance(&mut self) {
        let x = self.0.to_bits() & MASK;
        let x = 25_214_903_917u64.wrapping_mul(x).wrapping_add(11) & MASK;
        self.0 = x as f64 / (1u64 << 48) as f64;
    }
}

/// The tokens left, one entry per token, in JCloisterZone's order (lowest value first).
pub(crate) fn unused(left: &[(Animal, u8)]) -> Vec<Animal> {
    ANIMALS_BY_VALUE
        .iter()
        .flat_map(|a| {
            let n = left.iter().find(|(b, _)| b == a).map_or(0, |(_, n)| *n);
            std::iter::repeat_n(*a, n as usize)
        })
        .collect()
}

/// The token JCloisterZone draws from `left` with the generator `random` (which advances).
pub(crate) fn draw_animal(random: &mut JczRandom, left: &[(Animal, u8)]) -> Option<Animal> {
    let unused = unused(left);
    if unused.is_empty() {
        return None;
    }
    let i = random.next_int(unused.len());
    unused.get(i).copied()
}

/// A value of the generator that draws `wanted` in order from `left` (each draw removing its
/// token), for an export: the first token's interval is searched for a value whose successors
/// draw the others. `None` if no value found (never with one draw).
pub(crate) fn value_drawing(left: &[(Animal, u8)], wanted: &[Animal]) -> Option<f64> {
    let Some(&first) = wanted.first() else {
        return Some(0.0);
    };
    let unused = unused(left);
    let len = unused.len() as f64;
    let at = unused.iter().position(|a| *a == first)?;
    let count = unused.iter().filter(|a| **a == first).count() as f64;
    let (lo, hi) = (at as f64 / len, (at as f64 + count) / len);
    const TRIES: u32 = 4096;
    for k in 0..TRIES {
        let value = lo + (hi - lo) * (f64::from(k) + 0.5) / f64::from(TRIES);
        let mut random = JczRandom(value);
        let mut pool = left.to_vec();
        let drawn: Vec<Animal> = wanted
            .iter()
            .map_while(|_| {
                let a = draw_animal(&mut random, &pool)?;
                if let Some(entry) = pool.iter_mut().find(|(b, _)| *b == a) {
                    entry.1 -= 1;
                }
                Some(a)
            })
            .collect();
        if drawn == wanted {
            return Some(value);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_generator_is_java_random_in_jcloisterzone_s_way() {
        // x = bits(0.5) & (2^48 - 1) = 0 (0.5's mantissa is zero), then 11 / 2^48.
        let mut r = JczRandom(0.5);
        assert_eq!(r.next_int(16), 8);
        assert_eq!(r.0, 11.0 / (1u64 << 48) as f64);
    }

    #[test]
    fn a_value_is_found_for_any_two_draws() {
        let full: Vec<(Animal, u8)> = Animal::ALL.iter().map(|a| (*a, a.tokens())).collect();
        for a in Animal::ALL {
            for b in Animal::ALL {
                if a == b && a.tokens() < 2 {
                    continue;
                }
                let v = value_drawing(&full, &[a, b]).expect("a value");
                let mut random = JczRandom(v);
                assert_eq!(draw_animal(&mut random, &full), Some(a));
            }
        }
    }
}
