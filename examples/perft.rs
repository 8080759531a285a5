//! Counts perft (RULES.md §11) for any variant, printing one line per depth:
//! the depth, the leaf count, the seconds it took, and leaves per second.
//!
//! The count is written here against the public API, as a bot author's search
//! would be: `visit_fastest` picks the fastest kernel once, then a generic
//! recursion, compiled by `multiversion` for each x86-64 level (AVX2, AVX-512) and
//! run in the one the processor has (so that the kernel is inlined into it), plays
//! moves copy-make, counting the last ply in bulk. No `unsafe`, no integers: only
//! `Position`, `Bitboard` and `Spot`. The kernel's name goes to standard error.
//!
//!     cargo run --release --example perft -- [--board 6x6|8x8|10x10|octagon]
//!         [--players 2|3|4] [--anti] [--free-opening] [--handicap black:a1,h8]
//!         [--blocked c1,j4] [--position "<position string>"] --depth N

use std::process::ExitCode;
use std::time::Instant;

use multiversion::{inherit_target, multiversion};
use reversi::{Game, ParseRulesErrorKind, Position, PositionVisitor, RulesFlags};

/// Perft of one position, monomorphised for its board, player count and kernel.
struct Perft(u32);

impl PositionVisitor for Perft {
    type Output = u64;
    fn visit<P: Position>(self, pos: &P) -> u64 {
        perft(pos, self.0)
    }
}

#[multiversion(targets = "simd")]
fn perft<P: Position>(pos: &P, depth: u32) -> u64 {
    /// The recursion, compiled for the same processor features as the function
    /// around it, so that it calls itself directly rather than through the
    /// run-time dispatch at every node.
    #[inherit_target]
    fn count<P: Position>(pos: &P, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            let next = pos.pass_unchecked();
            // A pass at the last ply, or a finished game: one leaf.
            return if depth == 1 || next.legal_moves().is_empty() {
                1
            } else {
                count(&next, depth - 1)
            };
        }
        match depth {
            1 => moves.len() as u64,
            2 => last_two_plies(pos, moves),
            // The two last plies of each child inline, without a call per child.
            3 => {
                let mut leaves = 0;
                for m in moves.iter() {
                    let (child, _, child_moves) = pos.play_unchecked_with_replies(m);
                    leaves += if child_moves.is_empty() {
                        count(&child, 2)
                    } else {
                        last_two_plies(&child, child_moves)
                    };
                }
                leaves
            }
            _ => moves
                .iter()
                .map(|m| count(&pos.play_unchecked(m), depth - 1))
                .sum(),
        }
    }
    count(pos, depth)
}

/// The leaves two plies below `pos`, whose legal moves are `moves` (not empty),
/// in bulk: each child's move count (a child with none passes or has ended: one
/// leaf). Inlined into the recursion, so compiled for its processor features.
#[inline(always)]
fn last_two_plies<P: Position>(pos: &P, moves: reversi::Bitboard<P::Layout>) -> u64 {
    let mut leaves = 0;
    for m in moves.iter() {
        let (_, _, replies) = pos.play_unchecked_with_replies(m);
        leaves += replies.len().max(1) as u64;
    }
    leaves
}

/// The game the variant flags start (the rules crate reads them), and `--depth`.
fn start(args: &[String]) -> Result<(Game, u32), String> {
    let mut variant = RulesFlags::new();
    let mut depth = None;
    let mut words = args.iter();
    while let Some(flag) = words.next() {
        match variant.read(flag, || words.next().map(String::as_str)) {
            Ok(true) => {}
            // "--board needs a value" names the flag already.
            Err(e) if matches!(e.kind(), ParseRulesErrorKind::MissingValue(_)) => {
                return Err(e.to_string())
            }
            Err(e) => return Err(format!("{flag}: {e}")),
            Ok(false) if flag == "--depth" => {
                let value = words.next().ok_or("--depth needs a value")?;
                depth = Some(
                    value
                        .parse()
                        .map_err(|_| format!("--depth: {value:?} is not a number"))?,
                );
            }
            Ok(false) => return Err(format!("unknown flag {flag:?}")),
        }
    }
    let depth = depth.ok_or("--depth N is required")?;
    Ok((variant.game().map_err(|e| e.to_string())?, depth))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!(
            "usage: perft [VARIANT FLAGS] --depth N\n\n\
             Counts the leaves at each depth from 1 to N (RULES.md §11), printing\n\
             the depth, the leaves, the seconds and leaves per second a line.\n\n{}",
            RulesFlags::USAGE
        );
        return ExitCode::SUCCESS;
    }
    let (game, depth) = match start(&args) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("perft: {e}");
            return ExitCode::FAILURE;
        }
    };
    let position = *game.position();
    eprintln!("perft: kernel {}", reversi::kernel::fastest_name());
    for d in 1..=depth {
        let started = Instant::now();
        let leaves = position.visit_fastest(Perft(d));
        let seconds = started.elapsed().as_secs_f64();
        let rate = leaves as f64 / seconds.max(1e-9);
        println!("{d} {leaves} {seconds:.6} {rate:.0}");
    }
    ExitCode::SUCCESS
}
