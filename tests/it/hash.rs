//! Hash keys: the incremental update equals the full key over random games of every
//! variant, the key equals a plain implementation of the documented scheme written
//! here from the docs, transpositions share a key, and every single change to a
//! position changes it.

use crate::common;

use std::collections::HashMap;

use proptest::prelude::*;
use reversi::hash::{cell_key, side_key, HashKey, Hashed, UpdateKey};

/// The seed the docs give.
const SEED: u64 = 0x5245_5645_5253_4931;
use reversi::{AnyPosition, Board, Cell, Color, Game, Move, Position, Rules, Setup, Square};

/// The scheme of the `hash` module's docs, square by square: splitmix64 output `n`.
fn plain_value(n: u64) -> u64 {
    let mut z = SEED.wrapping_add((n + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The key of `pos` as the docs define it, from its cells one square at a time.
fn plain_key(pos: &AnyPosition) -> u64 {
    let mut key = 0;
    for square in Square::all() {
        let plane = match pos.cell(square) {
            None | Some(Cell::Empty) => continue,
            Some(Cell::Disc(c)) => c.index() as u64,
            Some(Cell::Neutral) => 4,
            Some(Cell::Blocked) => 5,
        };
        // The square's place on the 10×10 naming grid, on every board.
        let grid = square.index(Board::Size10).unwrap() as u64;
        key ^= plain_value(100 * plane + grid);
    }
    key ^= plain_value(600 + pos.to_move().index() as u64);
    let board = Board::ALL.iter().position(|&b| b == pos.board()).unwrap() as u64;
    key ^= plain_value(604 + board);
    match pos.players() {
        3 => key ^= plain_value(608),
        4 => key ^= plain_value(609),
        _ => {}
    }
    if pos.anti() {
        key ^= plain_value(610);
    }
    key
}

/// Checks the keys of one typed position: the full key against the dynamic one,
/// and the update through every legal move (or the pass) against the child's key.
fn check_typed<P: UpdateKey>(pos: &P, any: &AnyPosition) -> Result<(), TestCaseError> {
    let key = pos.hash_key();
    prop_assert_eq!(key, any.hash_key());
    let moves = pos.legal_moves();
    for spot in moves {
        let (next, flips) = pos.play_unchecked_with_flips(spot);
        prop_assert_eq!(pos.key_after_move(key, spot, flips), next.hash_key());
    }
    if moves.is_empty() {
        let passed = pos.pass_unchecked();
        prop_assert_eq!(pos.key_after_pass(key), passed.hash_key());
    }
    // The wrapper that carries its key agrees, and plays the same moves.
    let hashed = Hashed::new(*pos);
    for spot in moves {
        let (next, flips) = hashed.play_unchecked_with_flips(spot);
        prop_assert_eq!(next.position(), &pos.play_unchecked(spot));
        prop_assert_eq!(flips, pos.flips_unchecked(spot));
        prop_assert_eq!(next.hash_key(), next.position().hash_key());
        // With the replies computed in the same call: the same child and key.
        let (with_replies, flips_too, replies) = hashed.play_unchecked_with_replies(spot);
        prop_assert_eq!(with_replies.position(), next.position());
        prop_assert_eq!(with_replies.hash_key(), next.hash_key());
        prop_assert_eq!(flips_too, flips);
        prop_assert_eq!(replies, next.legal_moves());
    }
    let passed = hashed.pass_unchecked();
    prop_assert_eq!(passed.hash_key(), pos.pass_unchecked().hash_key());
    Ok(())
}

fn check_any(pos: &AnyPosition) -> Result<(), TestCaseError> {
    match *pos {
        AnyPosition::TwoPlayer8(p) => check_typed(&p, pos),
        AnyPosition::TwoPlayer10(p) => check_typed(&p, pos),
        AnyPosition::MultiPlayer8(p) => check_typed(&p, pos),
        AnyPosition::MultiPlayer10(p) => check_typed(&p, pos),
    }
}

/// The set-up of `pos` checked back into a position: the same position reached
/// without playing.
fn rebuilt(setup: Setup) -> Option<AnyPosition> {
    AnyPosition::try_from(setup).ok()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn incremental_equals_full_and_the_documented_scheme(
        (rules, _) in common::variant(),
        choices in prop::collection::vec(any::<prop::sample::Index>(), 0..120),
    ) {
        common::random_game(rules, &choices, |game| {
            let pos = game.position();
            prop_assert_eq!(game.hash_key(), pos.hash_key());
            prop_assert_eq!(pos.hash_key(), plain_key(pos));
            check_any(pos)
        })?;
    }

    #[test]
    fn keys_differ_after_every_single_change(
        (rules, _) in common::variant(),
        choices in prop::collection::vec(any::<prop::sample::Index>(), 0..60),
    ) {
        let game = common::random_game(rules, &choices, |_| Ok::<_, TestCaseError>(()))?;
        let pos = *game.position();
        let setup = Setup::from_position(&pos);
        let key = pos.hash_key();
        // The same position through a set-up (no moves played) has the same key.
        prop_assert_eq!(rebuilt(setup).map(|p| p.hash_key()), Some(key));
        let mut cells = vec![Cell::Empty, Cell::Blocked, Cell::Neutral];
        cells.extend(Color::ALL.map(Cell::Disc));
        let mut changes = 0;
        for square in pos.board().squares() {
            for &cell in &cells {
                let mut changed = setup;
                changed.set(square, cell);
                if changed == setup {
                    continue;
                }
                if let Some(other) = rebuilt(changed) {
                    prop_assert_ne!(other.hash_key(), key, "{} on {}", cell.letter(), square);
                    changes += 1;
                }
            }
        }
        // Every square can at least become empty or take a disc of another colour.
        prop_assert!(changes >= pos.board().square_count());
        for &color in Color::in_play(pos.players()) {
            let mut changed = setup;
            changed.to_move = color;
            if changed != setup {
                let other = rebuilt(changed).expect("any colour in play may move");
                prop_assert_ne!(other.hash_key(), key);
                prop_assert_eq!(
                    other.hash_key() ^ key,
                    side_key(color) ^ side_key(pos.to_move())
                );
            }
        }
        let mut anti = setup;
        anti.anti = !anti.anti;
        prop_assert_ne!(rebuilt(anti).expect("either flag").hash_key(), key);
    }
}

#[test]
fn transpositions_share_a_key_and_random_games_collide_nowhere() {
    // Every move sequence of six moves from the 8×8 start: a position reached by
    // several orders has one key, and the sequences do transpose.
    fn walk(pos: AnyPosition, depth: u32, keys: &mut HashMap<AnyPosition, (u64, u32)>) {
        let entry = keys.entry(pos).or_insert((pos.hash_key(), 0));
        assert_eq!(entry.0, pos.hash_key());
        entry.1 += 1;
        if depth > 0 {
            for square in pos.legal_moves() {
                walk(pos.play(Move::Place(square)).unwrap(), depth - 1, keys);
            }
        }
    }
    let mut keys = HashMap::new();
    walk(AnyPosition::start(&Rules::default()), 6, &mut keys);
    let transposed = keys.values().filter(|&&(_, reached)| reached > 1).count();
    assert!(transposed > 100, "only {transposed} transpositions");

    // Every position of many random games of every board: equal keys only for
    // equal positions.
    let mut seen: HashMap<u64, AnyPosition> = HashMap::new();
    let mut state = 0x1234_5678_u64;
    for board in Board::ALL {
        for players in [2, 3, 4] {
            let Ok(rules) = Rules::builder(board).players(players).build() else {
                continue;
            };
            for _ in 0..50 {
                let mut game = Game::new(rules);
                while !game.is_over() {
                    let moves: Vec<Square> = game.legal_moves().iter().collect();
                    if moves.is_empty() {
                        game.pass().unwrap();
                    } else {
                        state = state
                            .wrapping_mul(6364136223846793005)
                            .wrapping_add(1442695040888963407);
                        game.play(moves[(state >> 33) as usize % moves.len()])
                            .unwrap();
                    }
                    let pos = *game.position();
                    let old = seen.entry(pos.hash_key()).or_insert(pos);
                    assert_eq!(*old, pos, "two positions with one key");
                }
            }
        }
    }
    assert!(seen.len() > 10_000, "only {} positions", seen.len());
}

#[test]
fn keys_are_stable_across_versions() {
    // Stored keys stay valid: these are the keys of the start positions as the
    // scheme defines them. A change here breaks every book and table on disk.
    let key = |rules: Rules| AnyPosition::start(&rules).hash_key();
    let b = |board| Rules::builder(board);
    assert_eq!(key(Rules::default()), STANDARD_8X8);
    assert_eq!(key(b(Board::Size6).build().unwrap()), STANDARD_6X6);
    assert_eq!(
        key(b(Board::Octagon).players(3).build().unwrap()),
        OCTAGON_3
    );
    assert_eq!(
        key(b(Board::Size10).players(4).anti(true).build().unwrap()),
        ANTI_10X10_4
    );
    let a1: Square = "a1".parse().unwrap();
    assert_eq!(cell_key(a1, Cell::Disc(Color::Black)), BLACK_A1);
}

const STANDARD_8X8: u64 = 0x926c_b248_a319_bc3e;
const STANDARD_6X6: u64 = 0x68aa_5c78_a381_f711;
const OCTAGON_3: u64 = 0xb35f_2d4a_6328_ff85;
const ANTI_10X10_4: u64 = 0x2f6d_b675_b013_c065;
const BLACK_A1: u64 = 0x3c1c_d0cb_b251_67ec;
