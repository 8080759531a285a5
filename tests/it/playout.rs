//! Random playouts: they end in finished games, are reproducible from a seed, and
//! draw every legal move with the same probability (chi-squared tests on one move,
//! and on whole playouts against exactly computed probabilities of their ends).

use crate::common;

use std::collections::HashMap;

use proptest::prelude::*;
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use reversi::{playout, AnyPosition, Game, Position, PositionVisitor, Rules, TwoPlayer8};

/// The chi-squared statistic of `counts` against expected `probabilities`.
fn chi_squared(counts: &[u64], probabilities: &[f64]) -> f64 {
    let n: u64 = counts.iter().sum();
    counts
        .iter()
        .zip(probabilities)
        .map(|(&c, &p)| {
            let e = p * n as f64;
            (c as f64 - e).powi(2) / e
        })
        .sum()
}

/// An upper bound of the chi-squared distribution with `k` degrees of freedom that
/// a fair draw exceeds with probability about 1e-4 (Wilson–Hilferty).
fn critical(k: usize) -> f64 {
    let k = k as f64;
    let z = 3.72; // the normal's 1e-4 upper quantile
    k * (1.0 - 2.0 / (9.0 * k) + z * (2.0 / (9.0 * k)).sqrt()).powi(3)
}

struct Playout(u64);

impl PositionVisitor for Playout {
    type Output = (AnyPosition, bool);
    fn visit<P: Position>(self, pos: &P) -> (AnyPosition, bool) {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(self.0);
        let end = playout::playout(pos, &mut rng);
        (to_any(&end), end.is_over())
    }
}

/// The position as an `AnyPosition`, through its position string.
fn to_any<P: Position>(pos: &P) -> AnyPosition {
    let mut text = String::new();
    let width = pos.board().width();
    for row in 0..width {
        if row > 0 {
            text.push('/');
        }
        for column in 0..width {
            let square = reversi::Square::new(column, row);
            if !pos.board().contains(square) {
                continue;
            }
            let has = |b: reversi::Bitboard<P::Layout>| b.contains_square(square);
            let letter = if has(pos.blocked()) {
                '#'
            } else if has(pos.neutral()) {
                'N'
            } else if let Some(c) = reversi::Color::ALL.iter().find(|&&c| has(pos.discs(c))) {
                c.letter()
            } else {
                '-'
            };
            text.push(letter);
        }
    }
    text.push(' ');
    text.push(pos.to_move().letter());
    *Game::from_position_str(&text, pos.players(), pos.anti())
        .unwrap()
        .position()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// From the start of any variant: the playout ends a finished game, the same
    /// seed gives the same end, and the discs only grew.
    #[test]
    fn playouts_finish_and_repeat((rules, _) in common::variant(), seed in any::<u64>()) {
        let start = AnyPosition::start(&rules);
        let (end, over) = start.visit_fastest(Playout(seed));
        prop_assert!(over);
        prop_assert!(end.is_over());
        prop_assert_eq!(end.board(), start.board());
        prop_assert_eq!(end.blocked(), start.blocked());
        let placed = |p: &AnyPosition| reversi::Color::ALL.iter().map(|&c| p.count(c)).sum::<u32>();
        prop_assert!(placed(&end) > placed(&start) || start.is_over());
        let (again, _) = start.visit(Playout(seed));
        prop_assert_eq!(again, end);
    }
}

#[test]
fn uniform_below_is_uniform() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    for n in [1u32, 2, 3, 7, 10, 33] {
        let mut counts = vec![0u64; n as usize];
        for _ in 0..20_000 * n {
            let k = playout::uniform_below(&mut rng, n);
            counts[k as usize] += 1;
        }
        if n > 1 {
            let p = vec![1.0 / n as f64; n as usize];
            let chi = chi_squared(&counts, &p);
            assert!(chi < critical(n as usize - 1), "n = {n}: chi-squared {chi}");
        } else {
            assert_eq!(counts, [20_000]);
        }
    }
}

/// A generator that replays fixed draws.
struct Draws(Vec<u32>);

impl rand_core::TryRng for Draws {
    type Error = core::convert::Infallible;
    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        Ok(self.0.remove(0))
    }
    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        Ok(u64::from(self.try_next_u32()?))
    }
    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
        dst.fill(0);
        Ok(())
    }
}

#[test]
fn uniform_below_rejects_the_biased_draws() {
    // n = 2^31 + 1: 2^32 mod n = 2^31 - 1 draws must be rejected, those whose
    // product with n has its low half below that. The draw 2 is one of them (a
    // plain multiply-shift would answer 0); u32::MAX is not, and gives 2^31.
    let n = (1 << 31) + 1;
    let mut rng = Draws(vec![2, u32::MAX]);
    assert_eq!(playout::uniform_below(&mut rng, n), 1 << 31);
    assert!(rng.0.is_empty());
    // The draw 1 is accepted: 0.
    let mut rng = Draws(vec![1]);
    assert_eq!(playout::uniform_below(&mut rng, n), 0);
}

#[test]
fn first_move_is_uniform() {
    let start = TwoPlayer8::try_from(AnyPosition::start(&Rules::default())).unwrap();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(2);
    let mut counts = HashMap::new();
    for _ in 0..40_000 {
        let m = playout::random_move(&start, &mut rng).unwrap();
        *counts.entry(m.to_string()).or_insert(0u64) += 1;
    }
    assert_eq!(counts.len(), 4);
    let counts: Vec<u64> = counts.into_values().collect();
    let chi = chi_squared(&counts, &[0.25; 4]);
    assert!(chi < critical(3), "chi-squared {chi}");
}

/// The exact probability of each end that uniformly random play reaches from `pos`.
fn end_probabilities(pos: &TwoPlayer8, p: f64, ends: &mut HashMap<TwoPlayer8, f64>) {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        let next = pos.pass_unchecked();
        if next.legal_moves().is_empty() {
            *ends.entry(*pos).or_insert(0.0) += p;
        } else {
            end_probabilities(&next, p, ends);
        }
        return;
    }
    let share = p / moves.len() as f64;
    for m in moves {
        end_probabilities(&pos.play_unchecked(m), share, ends);
    }
}

#[test]
fn playout_ends_follow_uniform_play() {
    // FFO #1 with 7 moves of its best line played: 7 empty squares, many ends.
    let line = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
    let board = reversi::text::obf::parse(line).unwrap();
    let mut pos = TwoPlayer8::try_from(*board.game.position()).unwrap();
    // Fill some squares along the first legal moves, to keep the tree small.
    while pos.empty().len() > 9 {
        let m = pos
            .legal_moves()
            .first()
            .unwrap_or_else(|| panic!("{pos:?}"));
        pos = pos.play_unchecked(m);
    }
    let mut ends = HashMap::new();
    end_probabilities(&pos, 1.0, &mut ends);
    assert!(ends.len() > 20, "{} ends", ends.len());
    let index: HashMap<TwoPlayer8, usize> = ends.keys().enumerate().map(|(i, p)| (*p, i)).collect();
    let mut counts = vec![0u64; ends.len()];
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    let runs = 200 * ends.len() as u64;
    for _ in 0..runs {
        let end = playout::playout(&pos, &mut rng);
        counts[index[&end]] += 1;
    }
    let p: Vec<f64> = {
        let mut p = vec![0.0; ends.len()];
        for (pos, q) in &ends {
            p[index[pos]] = *q;
        }
        p
    };
    // Pool the rare ends so that every cell expects at least 5 draws.
    let (mut pooled_c, mut pooled_p) = (vec![], vec![]);
    let (mut rest_c, mut rest_p) = (0u64, 0.0);
    for (c, q) in counts.iter().zip(&p) {
        if q * runs as f64 >= 5.0 {
            pooled_c.push(*c);
            pooled_p.push(*q);
        } else {
            rest_c += c;
            rest_p += q;
        }
    }
    if rest_p > 0.0 {
        pooled_c.push(rest_c);
        pooled_p.push(rest_p);
    }
    let chi = chi_squared(&pooled_c, &pooled_p);
    assert!(pooled_c.len() > 10);
    assert!(
        chi < critical(pooled_c.len() - 1),
        "chi-squared {chi} over {} cells",
        pooled_c.len()
    );
}
