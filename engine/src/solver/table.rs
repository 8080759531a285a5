//! The transposition table: two-entry buckets shared by the solver's threads
//! without locks, on huge pages where the system gives them.

use std::sync::atomic::{AtomicU32, Ordering};

use super::INFINITY;
use crate::lockless;

/// A transposition-table entry: the bounds on the exact score of one position.
#[derive(Clone, Copy, Default)]
pub(super) struct Entry {
    pub(super) key: u64,
    pub(super) lower: i8,
    pub(super) upper: i8,
    pub(super) best: u8,
    pub(super) empties: u8,
    /// Whether the bounds come from a selective search (Multi-ProbCut): then
    /// they bound what that search finds, not the exact score.
    pub(super) selective: bool,
}

/// Set in the data word of every slot written (a cleared slot has none).
const VALID: u64 = 1 << 32;

/// Set in the data word of an entry of a selective search.
const SELECTIVE: u64 = 1 << 33;

impl Entry {
    fn data(self) -> u64 {
        (self.lower as u8 as u64)
            | (self.upper as u8 as u64) << 8
            | (self.best as u64) << 16
            | (self.empties as u64) << 24
            | if self.selective { SELECTIVE } else { 0 }
            | VALID
    }

    fn from_data(key: u64, data: u64) -> Entry {
        Entry {
            key,
            lower: data as u8 as i8,
            upper: (data >> 8) as u8 as i8,
            best: (data >> 16) as u8,
            empties: (data >> 24) as u8,
            selective: data & SELECTIVE != 0,
        }
    }
}

/// A lockless slot holding an [`Entry`].
#[derive(Default)]
struct Slot(lockless::Slot);

impl Slot {
    #[inline(always)]
    fn load(&self) -> Option<Entry> {
        let (key, data) = self.0.load();
        (data & VALID != 0).then(|| Entry::from_data(key, data))
    }

    #[inline(always)]
    fn save(&self, entry: Entry) {
        self.0.save(entry.key, entry.data());
    }

    fn clear(&self) {
        self.0.clear();
    }
}

/// Two slots, aligned so that a bucket never straddles two cache lines: a
/// probe costs one memory access, not two.
#[derive(Default)]
#[repr(align(32))]
struct Bucket([Slot; 2]);

/// The transposition table, shared by the threads of one solver.
pub(super) struct Table {
    /// Buckets of two entries: the first keeps the entry of the most empty
    /// squares (the costliest subtree) that hashed there, the second the latest.
    buckets: Vec<Bucket>,
    mask: usize,
    /// The positions that some thread is searching now, so that another
    /// thread defers them and searches elsewhere.
    pub(super) busy: lockless::Busy,
    /// The empty squares of the position being solved: an entry of more, left
    /// by an earlier solve (see [`Table::start`]), is of a position no line
    /// reaches any more, and gives way to any new one.
    root_empties: AtomicU32,
}

impl Table {
    pub(super) fn new(bits: u32) -> Table {
        let bits = bits.max(1) - 1;
        Table {
            buckets: lockless::huge_page_vec(1 << bits),
            mask: (1 << bits) - 1,
            busy: lockless::Busy::default(),
            root_empties: AtomicU32::new(u32::MAX),
        }
    }

    /// Readies the table for a solve of a position of `empties` empty
    /// squares: emptied, unless `keep`, when the entries of earlier solves
    /// stay (each bounds its own position's score, whatever the root) and
    /// those of more empty squares than `empties` give way to new ones.
    pub(super) fn start(&self, empties: u32, keep: bool) {
        if !keep {
            self.clear();
        }
        self.busy.clear();
        self.root_empties.store(empties, Ordering::Relaxed);
    }

    fn clear(&self) {
        for Bucket(bucket) in &self.buckets {
            bucket[0].clear();
            bucket[1].clear();
        }
    }

    #[inline(always)]
    pub(super) fn probe(&self, key: u64) -> Option<Entry> {
        let bucket = &self.buckets[key as usize & self.mask].0;
        for slot in bucket {
            if let Some(e) = slot.load().filter(|e| e.key == key) {
                return Some(e);
            }
        }
        None
    }

    #[inline(always)]
    pub(super) fn store(
        &self,
        key: u64,
        empties: u32,
        (alpha, beta): (i32, i32),
        score: i32,
        best: u8,
        selective: bool,
    ) {
        let bucket = &self.buckets[key as usize & self.mask].0;
        let (first, second) = (bucket[0].load(), bucket[1].load());
        let (i, old) = match (first, second) {
            (Some(e), _) if e.key == key => (0, Some(e)),
            (_, Some(e)) if e.key == key => (1, Some(e)),
            // An earlier solve's entry of more empty squares than this one's
            // root: no line reaches it any more, and it gives up its slot.
            (Some(e), _) if e.empties as u32 > self.root_empties.load(Ordering::Relaxed) => {
                (0, None)
            }
            (Some(e), _) if empties < e.empties as u32 => (1, None),
            _ => {
                // The deeper slot goes to the new, bigger subtree; what it
                // held moves to the other slot.
                if let Some(e) = first {
                    bucket[1].save(e);
                }
                (0, None)
            }
        };
        // Bounds of a selective search and exact bounds do not mix: the new
        // search's kind replaces the old.
        let (mut lower, mut upper) = old
            .filter(|e| e.selective == selective)
            .map_or((-INFINITY, INFINITY), |e| (e.lower as i32, e.upper as i32));
        if score > alpha {
            lower = lower.max(score);
        }
        if score < beta {
            upper = upper.min(score);
        }
        bucket[i].save(Entry {
            key,
            lower: lower as i8,
            upper: upper as i8,
            best,
            empties: empties as u8,
            selective,
        });
    }

    /// Starts loading the bucket of `key` into the cache, so that a probe soon
    /// after does not wait for memory.
    #[inline(always)]
    pub(super) fn prefetch(&self, key: u64) {
        lockless::prefetch(&self.buckets[key as usize & self.mask]);
    }
}
