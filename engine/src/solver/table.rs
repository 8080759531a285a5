//! The transposition table: two-entry buckets shared by the solver's threads
//! without locks, on huge pages where the system gives them.

use std::sync::atomic::{AtomicU64, Ordering};

use super::INFINITY;

/// A transposition-table entry: the bounds on the exact score of one position.
#[derive(Clone, Copy, Default)]
pub(super) struct Entry {
    pub(super) key: u64,
    pub(super) lower: i8,
    pub(super) upper: i8,
    pub(super) best: u8,
    pub(super) empties: u8,
}

/// Set in the data word of every slot written (a cleared slot has none).
const VALID: u64 = 1 << 32;

impl Entry {
    fn data(self) -> u64 {
        (self.lower as u8 as u64)
            | (self.upper as u8 as u64) << 8
            | (self.best as u64) << 16
            | (self.empties as u64) << 24
            | VALID
    }

    fn from_data(key: u64, data: u64) -> Entry {
        Entry {
            key,
            lower: data as u8 as i8,
            upper: (data >> 8) as u8 as i8,
            best: (data >> 16) as u8,
            empties: (data >> 24) as u8,
        }
    }
}

/// One table slot, shared by the threads without locks: the key is stored
/// xor the data, so that a slot torn by two threads writing at once reads as
/// another key (a miss), never as wrong bounds for this one.
#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    #[inline(always)]
    fn load(&self) -> Option<Entry> {
        let data = self.data.load(Ordering::Relaxed);
        let key = self.check.load(Ordering::Relaxed) ^ data;
        (data & VALID != 0).then(|| Entry::from_data(key, data))
    }

    #[inline(always)]
    fn save(&self, entry: Entry) {
        let data = entry.data();
        self.check.store(entry.key ^ data, Ordering::Relaxed);
        self.data.store(data, Ordering::Relaxed);
    }

    fn clear(&self) {
        self.check.store(0, Ordering::Relaxed);
        self.data.store(0, Ordering::Relaxed);
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
    /// The positions that some thread is searching now (by key, one per
    /// slot), so that another thread defers them and searches elsewhere.
    busy: Vec<AtomicU64>,
}

/// `len` empty buckets, on huge pages where the system gives them: the memory
/// is marked for them before it is first written, so that probes all over a
/// table of 64 MiB miss the TLB far less often (PERFORMANCE.md: about 6 % of the
/// solver's time on FFO 40–44).
fn huge_page_buckets(len: usize) -> Vec<Bucket> {
    let mut buckets: Vec<Bucket> = Vec::with_capacity(len);
    advise_huge_pages(buckets.spare_capacity_mut());
    buckets.resize_with(len, Bucket::default);
    buckets
}

/// Asks Linux to back the whole huge pages within `memory` with pages of 2 MiB
/// (`madvise`): transparent huge pages then serve them, also in the kernel's
/// default "madvise" mode.
#[cfg(target_os = "linux")]
fn advise_huge_pages(memory: &mut [std::mem::MaybeUninit<Bucket>]) {
    const HUGE_PAGE: usize = 2 << 20;
    let bytes = std::mem::size_of_val(memory);
    let start = memory.as_mut_ptr().cast::<u8>();
    // From the first huge page boundary (madvise takes a page-aligned start) to
    // the last one: only whole huge pages, inside the memory.
    let offset = start.align_offset(HUGE_PAGE);
    let length = bytes.saturating_sub(offset) & !(HUGE_PAGE - 1);
    if length > 0 {
        // SAFETY: `offset + length <= bytes`, so the range lies inside
        // `memory`, which the caller has borrowed mutably: nothing else refers
        // to it. Advice changes no memory's contents; a kernel without
        // transparent huge pages answers with an error, which leaves the table
        // on small pages.
        unsafe {
            libc::madvise(start.add(offset).cast(), length, libc::MADV_HUGEPAGE);
        }
    }
}

/// Elsewhere, small pages.
#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_memory: &mut [std::mem::MaybeUninit<Bucket>]) {}

/// Slots of [`Table::busy`].
const BUSY_SLOTS: usize = 1 << 12;

impl Table {
    pub(super) fn new(bits: u32) -> Table {
        let bits = bits.max(1) - 1;
        Table {
            buckets: huge_page_buckets(1 << bits),
            mask: (1 << bits) - 1,
            busy: (0..BUSY_SLOTS).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    pub(super) fn clear(&self) {
        for Bucket(bucket) in &self.buckets {
            bucket[0].clear();
            bucket[1].clear();
        }
        for slot in &self.busy {
            slot.store(0, Ordering::Relaxed);
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
        alpha: i32,
        beta: i32,
        score: i32,
        best: u8,
    ) {
        let bucket = &self.buckets[key as usize & self.mask].0;
        let (first, second) = (bucket[0].load(), bucket[1].load());
        let (i, old) = match (first, second) {
            (Some(e), _) if e.key == key => (0, Some(e)),
            (_, Some(e)) if e.key == key => (1, Some(e)),
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
        let (mut lower, mut upper) =
            old.map_or((-INFINITY, INFINITY), |e| (e.lower as i32, e.upper as i32));
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
        });
    }

    /// Starts loading the bucket of `key` into the cache, so that a probe soon
    /// after does not wait for memory.
    #[inline(always)]
    pub(super) fn prefetch(&self, key: u64) {
        prefetch(&self.buckets[key as usize & self.mask]);
    }

    /// Whether another thread is searching the position of `key`.
    #[inline(always)]
    pub(super) fn is_busy(&self, key: u64) -> bool {
        self.busy[(key >> 40) as usize & (BUSY_SLOTS - 1)].load(Ordering::Relaxed) == key
    }

    /// Marks the position of `key` as searched by this thread.
    #[inline(always)]
    pub(super) fn enter(&self, key: u64) {
        self.busy[(key >> 40) as usize & (BUSY_SLOTS - 1)].store(key, Ordering::Relaxed);
    }

    /// Unmarks the position of `key` (unless another has taken its slot).
    #[inline(always)]
    pub(super) fn leave(&self, key: u64) {
        let _ = self.busy[(key >> 40) as usize & (BUSY_SLOTS - 1)].compare_exchange(
            key,
            0,
            Ordering::Relaxed,
            Ordering::Relaxed,
        );
    }
}

/// Starts loading `bucket` into the cache (x86-64).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn prefetch(bucket: &Bucket) {
    use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
    // SAFETY: SSE, which the instruction needs, is part of every x86-64
    // processor; a prefetch is a hint that never faults, and the pointer is to
    // a bucket of the table anyway.
    unsafe { _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(bucket).cast()) };
}

/// Elsewhere, no prefetch.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn prefetch(_bucket: &Bucket) {}
