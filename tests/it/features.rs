//! The evaluation features against plain square-by-square computations written
//! here, over random positions of every variant; stable discs checked for what
//! they promise (no continuation flips them), and for exactness on full lines and
//! on the rim lines, against a brute-force search of each line's reachable states.

use crate::common;

use std::collections::{HashMap, HashSet, VecDeque};

use proptest::prelude::*;
use rand_core::SeedableRng;
use reversi::{
    features, playout, AnyPosition, Cell, Color, Move, Position, PositionVisitor, Rules, Square,
    SquareSet,
};

const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
];
/// One direction of each line: horizontal, vertical, and the two diagonals.
const AXES: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

fn cell(pos: &AnyPosition, c: i32, r: i32) -> Option<Cell> {
    if !(0..10).contains(&c) || !(0..10).contains(&r) {
        return None;
    }
    pos.cell(Square::new(c as u8, r as u8))
}

fn playable(pos: &AnyPosition, c: i32, r: i32) -> bool {
    matches!(
        cell(pos, c, r),
        Some(Cell::Empty | Cell::Disc(_) | Cell::Neutral)
    )
}

fn is_disc(cell: Option<Cell>) -> bool {
    matches!(cell, Some(Cell::Disc(_) | Cell::Neutral))
}

fn squares(pos: &AnyPosition) -> impl Iterator<Item = (i32, i32)> + '_ {
    (0..10)
        .flat_map(|r| (0..10).map(move |c| (c, r)))
        .filter(|&(c, r)| cell(pos, c, r).is_some())
}

fn set(points: impl Iterator<Item = (i32, i32)>) -> SquareSet {
    points.map(|(c, r)| Square::new(c as u8, r as u8)).collect()
}

/// Whether a disc of `color` on (c, r) closes off a line of other discs.
fn flips_something(pos: &AnyPosition, color: Color, c: i32, r: i32) -> bool {
    DIRECTIONS.iter().any(|&(dc, dr)| {
        let (mut x, mut y, mut run) = (c + dc, r + dr, 0);
        while is_disc(cell(pos, x, y)) && cell(pos, x, y) != Some(Cell::Disc(color)) {
            (x, y, run) = (x + dc, y + dr, run + 1);
        }
        run > 0 && cell(pos, x, y) == Some(Cell::Disc(color))
    })
}

fn mobility(pos: &AnyPosition, color: Color) -> SquareSet {
    if !Color::in_play(pos.players()).contains(&color) {
        return SquareSet::EMPTY;
    }
    let empty = |&(c, r): &(i32, i32)| cell(pos, c, r) == Some(Cell::Empty);
    let centre: Vec<(i32, i32)> = pos
        .board()
        .centre()
        .iter()
        .map(|s| (s.column() as i32, s.row() as i32))
        .filter(empty)
        .collect();
    if pos.players() == 2 && !centre.is_empty() {
        return set(centre.into_iter());
    }
    let flipping = set(squares(pos)
        .filter(empty)
        .filter(|&(c, r)| flips_something(pos, color, c, r)));
    if pos.players() > 2 && flipping.is_empty() {
        return set(squares(pos).filter(empty).filter(|&(c, r)| {
            DIRECTIONS
                .iter()
                .any(|&(dc, dr)| is_disc(cell(pos, c + dc, r + dr)))
        }));
    }
    flipping
}

fn potential_mobility(pos: &AnyPosition, color: Color) -> SquareSet {
    set(squares(pos)
        .filter(|&(c, r)| cell(pos, c, r) == Some(Cell::Empty))
        .filter(|&(c, r)| {
            DIRECTIONS.iter().any(|&(dc, dr)| {
                let n = cell(pos, c + dc, r + dr);
                is_disc(n) && n != Some(Cell::Disc(color))
            })
        }))
}

fn frontier(pos: &AnyPosition, color: Color) -> SquareSet {
    set(squares(pos)
        .filter(|&(c, r)| cell(pos, c, r) == Some(Cell::Disc(color)))
        .filter(|&(c, r)| {
            DIRECTIONS
                .iter()
                .any(|&(dc, dr)| cell(pos, c + dc, r + dr) == Some(Cell::Empty))
        }))
}

/// Whether (c, r) is at an end of its line along `(dc, dr)`.
fn line_end(pos: &AnyPosition, c: i32, r: i32, (dc, dr): (i32, i32)) -> bool {
    !playable(pos, c + dc, r + dr) || !playable(pos, c - dc, r - dr)
}

fn corner_squares(pos: &AnyPosition) -> SquareSet {
    set(squares(pos)
        .filter(|&(c, r)| playable(pos, c, r))
        .filter(|&(c, r)| AXES.iter().all(|&a| line_end(pos, c, r, a))))
}

fn edge_squares(pos: &AnyPosition) -> SquareSet {
    set(squares(pos)
        .filter(|&(c, r)| playable(pos, c, r))
        .filter(|&(c, r)| line_end(pos, c, r, (1, 0)) || line_end(pos, c, r, (0, 1))))
}

/// The playable squares beside a corner square (by a side or a corner) that are
/// not corners themselves: on the rim (`rim`) or off it.
fn beside_corners(pos: &AnyPosition, rim: bool) -> SquareSet {
    let corners = corner_squares(pos);
    let edges = edge_squares(pos);
    set(squares(pos)
        .filter(|&(c, r)| playable(pos, c, r))
        .filter(|&(c, r)| !corners.contains(Square::new(c as u8, r as u8)))
        .filter(|&(c, r)| edges.contains(Square::new(c as u8, r as u8)) == rim)
        .filter(|&(c, r)| {
            (-1..=1).any(|dc| {
                (-1..=1).any(|dr| {
                    playable(pos, c + dc, r + dr)
                        && corners.contains(Square::new((c + dc) as u8, (r + dr) as u8))
                })
            })
        }))
}

/// The squares of the line through (c, r) along `axis`, between holes, in order.
fn line(pos: &AnyPosition, c: i32, r: i32, (dc, dr): (i32, i32)) -> Vec<(i32, i32)> {
    let (mut x, mut y) = (c, r);
    while playable(pos, x - dc, y - dr) {
        (x, y) = (x - dc, y - dr);
    }
    let mut squares = vec![];
    while playable(pos, x, y) {
        squares.push((x, y));
        (x, y) = (x + dc, y + dr);
    }
    squares
}

/// The feature sets of the library for `color`.
struct Features(Color);

impl PositionVisitor for Features {
    type Output = [SquareSet; 8];
    fn visit<P: Position>(self, p: &P) -> [SquareSet; 8] {
        [
            features::mobility(p, self.0).to_squares(),
            features::potential_mobility(p, self.0).to_squares(),
            features::frontier(p, self.0).to_squares(),
            features::corner_squares(p).to_squares(),
            features::edge_squares(p).to_squares(),
            features::stable(p, self.0).to_squares(),
            features::c_squares(p).to_squares(),
            features::x_squares(p).to_squares(),
        ]
    }
}

/// The states of a line game (0 empty, 1 and 2 the players' discs) reachable from
/// `start` when either player may fill any empty square, flipping along the line.
fn reachable(start: &[u8]) -> HashSet<Vec<u8>> {
    let mut seen = HashSet::from([start.to_vec()]);
    let mut queue = VecDeque::from([start.to_vec()]);
    while let Some(state) = queue.pop_front() {
        for x in 0..state.len() {
            if state[x] != 0 {
                continue;
            }
            for player in [1u8, 2] {
                let mut next = state.clone();
                next[x] = player;
                for dir in [1i32, -1] {
                    let mut i = x as i32 + dir;
                    let mut run = vec![];
                    while i >= 0 && (i as usize) < state.len() && state[i as usize] == 3 - player {
                        run.push(i as usize);
                        i += dir;
                    }
                    if i >= 0 && (i as usize) < state.len() && state[i as usize] == player {
                        for j in run {
                            next[j] = player;
                        }
                    }
                }
                if seen.insert(next.clone()) {
                    queue.push_back(next);
                }
            }
        }
    }
    seen
}

/// The squares of a line game whose disc no reachable state changes.
fn line_stable(start: &[u8], memo: &mut HashMap<Vec<u8>, Vec<bool>>) -> Vec<bool> {
    memo.entry(start.to_vec())
        .or_insert_with(|| {
            let states = reachable(start);
            (0..start.len())
                .map(|i| start[i] != 0 && states.iter().all(|s| s[i] == start[i]))
                .collect()
        })
        .clone()
}

/// A position `choices` reach in a random game of `rules`.
fn random_position(rules: Rules, choices: &[prop::sample::Index], length: usize) -> AnyPosition {
    let choices = &choices[..length.min(choices.len())];
    let game = common::random_game(rules, choices, |_| Ok::<_, ()>(())).unwrap();
    *game.position()
}

fn check_position(
    pos: &AnyPosition,
    memo: &mut HashMap<Vec<u8>, Vec<bool>>,
) -> Result<(), TestCaseError> {
    for &color in Color::ALL.iter() {
        let [mob, pot, front, corners, edges, stable, c_squares, x_squares] =
            pos.visit_fastest(Features(color));
        prop_assert_eq!(
            mob,
            mobility(pos, color),
            "mobility of {:?} in {}",
            color,
            pos
        );
        if color == pos.to_move() {
            prop_assert_eq!(mob, pos.legal_moves());
        }
        prop_assert_eq!(
            pot,
            potential_mobility(pos, color),
            "potential mobility in {}",
            pos
        );
        prop_assert_eq!(front, frontier(pos, color), "frontier in {}", pos);
        prop_assert_eq!(corners, corner_squares(pos), "corners in {}", pos);
        prop_assert_eq!(edges, edge_squares(pos), "edges in {}", pos);
        prop_assert_eq!(c_squares, beside_corners(pos, true), "C-squares in {}", pos);
        prop_assert_eq!(
            x_squares,
            beside_corners(pos, false),
            "X-squares in {}",
            pos
        );
        prop_assert_eq!(pos.visit(Features(color))[5], stable);
        prop_assert!((stable - pos.discs(color)).is_empty());
        for (c, r) in squares(pos).filter(|&(c, r)| cell(pos, c, r) == Some(Cell::Disc(color))) {
            let sq = Square::new(c as u8, r as u8);
            // A disc whose four lines are full is stable.
            let full = AXES.iter().all(|&a| {
                line(pos, c, r, a)
                    .iter()
                    .all(|&(x, y)| cell(pos, x, y) != Some(Cell::Empty))
            });
            if full {
                prop_assert!(stable.contains(sq), "{} on full lines in {}", sq, pos);
            }
        }
        if pos.players() != 2 {
            continue;
        }
        // Rim lines (every square an end of its other three lines): exact.
        for (a, &axis) in AXES.iter().enumerate() {
            for (c, r) in squares(pos).filter(|&(c, r)| playable(pos, c, r)) {
                let squares = line(pos, c, r, axis);
                if squares[0] != (c, r) {
                    continue; // each line once, from its first square
                }
                let rim = squares.iter().all(|&(x, y)| {
                    AXES.iter()
                        .enumerate()
                        .all(|(b, &other)| a == b || line_end(pos, x, y, other))
                });
                if !rim {
                    continue;
                }
                let state: Vec<u8> = squares
                    .iter()
                    .map(|&(x, y)| match cell(pos, x, y) {
                        Some(Cell::Disc(d)) if d == color => 1,
                        Some(Cell::Disc(_)) => 2,
                        _ => 0,
                    })
                    .collect();
                let brute = line_stable(&state, memo);
                for (i, &(x, y)) in squares.iter().enumerate() {
                    let sq = Square::new(x as u8, y as u8);
                    prop_assert_eq!(
                        stable.contains(sq),
                        brute[i] && state[i] == 1,
                        "rim square {} of {:?} in {}",
                        sq,
                        color,
                        pos
                    );
                }
            }
        }
    }
    Ok(())
}

/// Plays random continuations of `pos` to the end, checking that no disc the
/// library calls stable ever changes.
fn check_stable_never_flips(pos: &AnyPosition, seed: u64) -> Result<(), TestCaseError> {
    let stable: Vec<(Color, SquareSet)> = Color::in_play(pos.players())
        .iter()
        .map(|&c| (c, pos.visit(Features(c))[5]))
        .collect();
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
    for _ in 0..4 {
        let mut p = *pos;
        while !p.is_over() {
            let legal = p.legal_moves();
            p = if legal.is_empty() {
                p.play(Move::Pass).unwrap()
            } else {
                let k = playout::uniform_below(&mut rng, legal.len() as u32) as usize;
                p.play(Move::Place(legal.iter().nth(k).unwrap())).unwrap()
            };
            for (color, discs) in &stable {
                prop_assert!(
                    (*discs - p.discs(*color)).is_empty(),
                    "a stable disc of {:?} flipped: {} stable in {}, now {}",
                    color,
                    discs,
                    pos,
                    p
                );
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn features_match_plain_computations(
        (rules, _) in common::variant(),
        choices in prop::collection::vec(any::<prop::sample::Index>(), 120),
        length in 0usize..120,
        seed in any::<u64>(),
    ) {
        let pos = random_position(rules, &choices, length);
        let mut memo = HashMap::new();
        check_position(&pos, &mut memo)?;
        check_stable_never_flips(&pos, seed)?;
    }
}

/// Late positions of standard 8×8 games, where edges fill up and stability
/// matters most: the same checks, many times.
#[test]
fn late_8x8_positions() {
    let mut memo = HashMap::new();
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(10);
    let mut stable_seen = 0;
    for game in 0..300u64 {
        let start = AnyPosition::start(&Rules::default());
        let mut pos = start;
        let stop = 40 + (game % 20) as usize;
        for _ in 0..stop {
            if pos.is_over() {
                break;
            }
            let legal = pos.legal_moves();
            pos = if legal.is_empty() {
                pos.play(Move::Pass).unwrap()
            } else {
                let k = playout::uniform_below(&mut rng, legal.len() as u32) as usize;
                pos.play(Move::Place(legal.iter().nth(k).unwrap())).unwrap()
            };
        }
        check_position(&pos, &mut memo).unwrap();
        check_stable_never_flips(&pos, game).unwrap();
        stable_seen += pos.visit(Features(Color::Black))[5].len();
    }
    // The checks above had stable discs to check.
    assert!(stable_seen > 300);
}
