use reversi_engine::solver::{parity_order, Bound, Progress, QUADRANTS};

#[test]
fn a_score_on_the_windows_edge_or_beyond_is_a_bound() {
    let window = (-1, 1);
    for (score, bound) in [
        (-9, Bound::Upper),
        (-1, Bound::Upper),
        (0, Bound::Exact),
        (1, Bound::Lower),
        (9, Bound::Lower),
    ] {
        assert_eq!(Bound::of(score, window), bound, "{score}");
        let progress = Progress {
            moves_searched: 1,
            moves: 2,
            best_move: reversi::Square::new(2, 3),
            score,
            nodes: 1,
            seconds: 0.0,
            pass: 1,
            window,
            selective: false,
        };
        assert_eq!(progress.bound(), bound, "{score}");
    }
}

/// The next value of a fixed xorshift sequence, for the solver's tests of
/// bit tricks against their definitions.
pub fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// The folded parity against its definition: each quadrant with an odd
/// number of empty squares, counted, for sets of empty squares drawn from a
/// fixed xorshift sequence (and sparse ones, as near the end of a game).
#[test]
fn parity_order_puts_odd_quadrants_first() {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    for i in 0..20_000 {
        let state = xorshift(&mut state);
        let empty = if i % 2 == 0 {
            state
        } else {
            state & state >> 3 & state >> 5
        };
        let moves = empty & (state >> 11 | state << 7);
        let mut odd = 0;
        for q in QUADRANTS {
            if (empty & q).count_ones() % 2 == 1 {
                odd |= q;
            }
        }
        assert_eq!(
            parity_order(empty, moves),
            [moves & odd, moves & !odd],
            "empty {empty:#x}"
        );
    }
}
