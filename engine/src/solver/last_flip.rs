//! How many discs the last move of a full 8×8 board flips, counted without
//! computing them: with one empty square left and every other square taken,
//! the discs of one colour along a line say everything, so each of the four
//! lines through the square is read as an 8-bit pattern and its count looked up.
//!
//! What Edax's `count_last_flip` and NTest's last-square counts do; written here
//! from that idea: a row is a byte of the board, a column or diagonal is packed
//! into a byte by one multiplication (each of its squares in a column or row of
//! its own, so the partial products never collide or carry).

/// `FLIP_COUNTS[place][pattern]`: how many discs a disc at `place` (0–7) flips
/// along one line when the line's squares of the mover are the bits of `pattern`
/// and every other square of it is the opponent's. A square that is not on the line (a
/// short diagonal's missing columns) reads as the opponent's, which never closes a
/// run: they lie beyond the line's ends, so the count stays right.
static FLIP_COUNTS: [[u8; 256]; 8] = {
    let mut table = [[0u8; 256]; 8];
    let mut place = 0;
    while place < 8 {
        let mut pattern = 0;
        while pattern < 256 {
            let mut count = 0;
            // Toward lower places, then higher: the run up to the first disc of
            // the mover, if there is one.
            let mut i = place as i32 - 1;
            while i >= 0 && pattern >> i & 1 == 0 {
                i -= 1;
            }
            if i >= 0 {
                count += place as i32 - 1 - i;
            }
            let mut i = place + 1;
            while i < 8 && pattern >> i & 1 == 0 {
                i += 1;
            }
            if i < 8 {
                count += (i - place - 1) as i32;
            }
            table[place][pattern] = count as u8;
            pattern += 1;
        }
        place += 1;
    }
    table
};

/// The squares of each square's two diagonals (up-right and up-left), itself
/// included.
static DIAGONALS: [[u64; 2]; 64] = {
    let mut table = [[0u64; 2]; 64];
    let mut square = 0;
    while square < 64 {
        let (column, row) = ((square % 8) as i32, (square / 8) as i32);
        let mut c = 0;
        while c < 8 {
            // The rows of column c on each diagonal through the square.
            let up = row + (c - column);
            let down = row - (c - column);
            if up >= 0 && up < 8 {
                table[square][0] |= 1 << (up * 8 + c);
            }
            if down >= 0 && down < 8 {
                table[square][1] |= 1 << (down * 8 + c);
            }
            c += 1;
        }
        square += 1;
    }
    table
};

/// Bit `8r` of a column (shifted to column a) to bit `56 + r`: the sum of
/// `2^(56 - 7r)`.
const COLUMN_TO_BYTE: u64 = 0x0102_0408_1020_4080;
/// Each square of a diagonal to bit `56 + column`: the sum of `2^(8k)`.
const DIAGONAL_TO_BYTE: u64 = 0x0101_0101_0101_0101;

/// How many discs a disc of the colour of `mine` flips on bit `x` of a full 8×8
/// board: `mine` are that colour's discs, every other square but `x` is the
/// opponent's.
#[inline(always)]
pub fn count(mine: u64, x: usize) -> u32 {
    let (column, row) = (x % 8, x / 8);
    let [up, down] = DIAGONALS[x];
    let in_row = (mine >> (8 * row)) as u8;
    let in_column =
        (((mine >> column) & 0x0101_0101_0101_0101).wrapping_mul(COLUMN_TO_BYTE) >> 56) as u8;
    let on_up = ((mine & up).wrapping_mul(DIAGONAL_TO_BYTE) >> 56) as u8;
    let on_down = ((mine & down).wrapping_mul(DIAGONAL_TO_BYTE) >> 56) as u8;
    u32::from(FLIP_COUNTS[column][in_row as usize])
        + u32::from(FLIP_COUNTS[row][in_column as usize])
        + u32::from(FLIP_COUNTS[column][on_up as usize])
        + u32::from(FLIP_COUNTS[column][on_down as usize])
}
