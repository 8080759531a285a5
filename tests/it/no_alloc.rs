//! The hot path allocates nothing: legal moves, flips, play and undo, counted by a
//! global allocator that counts.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use reversi::{AnyPosition, Board, Game, Rules};

struct Counting;

// Counted per thread: the test harness and other tests allocate on their own
// threads at the same time, and must not show up in this thread's count.
thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn count_one() {
    // `try_with`: no panic in an allocation made while the thread is torn down.
    let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
}

// SAFETY: forwards to the system allocator, counting calls.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count_one();
        // SAFETY: forwarded.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count_one();
        // SAFETY: forwarded.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations_during(f: impl FnOnce()) -> usize {
    let before = ALLOCATIONS.with(Cell::get);
    f();
    ALLOCATIONS.with(Cell::get) - before
}

#[test]
fn playing_undoing_and_generating_moves_allocate_nothing() {
    for board in Board::ALL {
        for players in [2u8, 4] {
            let Ok(rules) = Rules::builder(board).players(players).build() else {
                continue;
            };
            let mut game = Game::new(rules);
            let n = allocations_during(|| {
                // A whole game, then undo all of it.
                while !game.is_over() {
                    let moves = game.legal_moves();
                    match moves.first() {
                        Some(m) => {
                            let flips = game.flips(m).unwrap();
                            assert_eq!(game.play(m).unwrap(), flips);
                        }
                        None => game.pass().unwrap(),
                    }
                }
                while game.undo().is_some() {}
                let start = AnyPosition::start(&rules);
                assert!(start.perft(4) > 0);
            });
            assert_eq!(n, 0, "{board} with {players} players allocated {n} times");
            // Back at the start, with the whole game kept to redo.
            assert_eq!(game.position(), Game::new(rules).position());
            assert!(!game.line().is_empty());
        }
    }
    // The counter counts: a Vec allocates.
    assert!(allocations_during(|| drop(std::hint::black_box(vec![1u8; 10]))) > 0);
}
