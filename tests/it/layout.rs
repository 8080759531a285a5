//! The layouts' bits against the squares they name (`reversi::layout`).

use reversi::layout::{Bits, Grid10, Grid8, Layout};
use reversi::SquareSet;

/// `to_set` against its definition, bit by bit: every square bit alone, and
/// sets of several rows at once, on both layouts.
fn check<L: Layout>() {
    let by_bits = |bits: L::Bits| {
        let mut set = SquareSet::EMPTY;
        for i in 0..L::BITS_USED {
            if bits.has(i) {
                set.insert(L::square(i));
            }
        }
        set
    };
    let mut all = L::Bits::ZERO;
    let mut every_third = L::Bits::ZERO;
    for i in (0..L::BITS_USED).filter(|&i| L::SQUARE_BITS.has(i)) {
        let bit = L::Bits::bit(i);
        assert_eq!(L::to_set(bit), SquareSet::single(L::square(i)), "bit {i}");
        all |= bit;
        if i % 3 == 0 {
            every_third |= bit;
        }
    }
    for bits in [L::Bits::ZERO, all, every_third, all ^ every_third] {
        assert_eq!(L::to_set(bits), by_bits(bits));
        assert_eq!(L::from_set(L::to_set(bits)), bits);
    }
}

#[test]
fn to_set_moves_each_row_to_the_naming_grid() {
    check::<Grid8>();
    check::<Grid10>();
}
