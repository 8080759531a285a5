use reversi::kernel::{Kernel, Portable};
use reversi::layout::Grid8;

/// The count for a disc of `mine`'s colour on bit `x` of a full board, against
/// the number of discs the kernel flips there.
fn agrees(mine: u64, x: usize) {
    let theirs = !mine & !(1 << x);
    let flips = Kernel::<Grid8>::flips(Portable, mine, theirs, x as u32);
    assert_eq!(
        reversi_engine::solver::last_flip_count(mine, x),
        flips.count_ones(),
        "mine {mine:#x}, last square {x}"
    );
}

/// Against the kernel's flips on full boards: every square as the last one,
/// either colour to play it, for boards drawn from a fixed xorshift sequence.
#[test]
fn counts_the_kernels_flips_on_full_boards() {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    for _ in 0..4000 {
        let state = crate::solver_parts::xorshift(&mut state);
        for x in 0..64 {
            let mine = state & !(1 << x);
            agrees(mine, x);
            agrees(!mine & !(1 << x), x);
        }
    }
}

/// Long runs: a single disc of one colour, the rest the other's, either colour
/// to play the last square.
#[test]
fn counts_runs_to_the_edges() {
    for x in 0..64 {
        for m in (0..64).filter(|&m| m != x) {
            let single = 1u64 << m;
            agrees(single, x);
            agrees(!single & !(1 << x), x);
        }
    }
}
