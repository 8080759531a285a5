//! The one way the engine's transposition tables share their slots between
//! threads without locks, and put them on huge pages; and the one set of the
//! nodes that threads on one table are searching ([`Busy`]).

use std::sync::atomic::{AtomicU64, Ordering};

/// A table slot of two words that threads read and write without locks: the
/// key is stored xor the data, so that a slot torn by two threads writing at
/// once reads as another key (a miss), never as wrong data for this one.
#[derive(Default)]
pub(crate) struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    /// The key and the data last saved (0 and 0 in a slot never written).
    #[inline(always)]
    pub(crate) fn load(&self) -> (u64, u64) {
        let data = self.data.load(Ordering::Relaxed);
        (self.check.load(Ordering::Relaxed) ^ data, data)
    }

    /// Saves `data` under `key`.
    #[inline(always)]
    pub(crate) fn save(&self, key: u64, data: u64) {
        self.check.store(key ^ data, Ordering::Relaxed);
        self.data.store(data, Ordering::Relaxed);
    }

    /// Empties the slot: key 0, data 0.
    pub(crate) fn clear(&self) {
        self.check.store(0, Ordering::Relaxed);
        self.data.store(0, Ordering::Relaxed);
    }
}

/// The positions (by key) that threads searching one tree are in, one per
/// slot: a thread marks a node busy while it searches it, and another puts
/// that node off and searches elsewhere first (ABDADA, Weill 1996). Shared
/// without locks; two keys that share a slot only make one look free.
pub(crate) struct Busy(Vec<AtomicU64>);

/// Slots of a [`Busy`].
const BUSY_SLOTS: usize = 1 << 12;

impl Default for Busy {
    fn default() -> Busy {
        Busy((0..BUSY_SLOTS).map(|_| AtomicU64::new(0)).collect())
    }
}

impl Busy {
    #[inline(always)]
    fn slot(&self, key: u64) -> &AtomicU64 {
        &self.0[(key >> 40) as usize & (BUSY_SLOTS - 1)]
    }

    /// Whether another thread is searching the position of `key`.
    #[inline(always)]
    pub(crate) fn is_busy(&self, key: u64) -> bool {
        self.slot(key).load(Ordering::Relaxed) == key
    }

    /// Marks the position of `key` as searched by this thread.
    #[inline(always)]
    pub(crate) fn enter(&self, key: u64) {
        self.slot(key).store(key, Ordering::Relaxed);
    }

    /// Unmarks the position of `key` (unless another has taken its slot).
    #[inline(always)]
    pub(crate) fn leave(&self, key: u64) {
        let _ = self
            .slot(key)
            .compare_exchange(key, 0, Ordering::Relaxed, Ordering::Relaxed);
    }

    pub(crate) fn clear(&self) {
        for slot in &self.0 {
            slot.store(0, Ordering::Relaxed);
        }
    }
}

/// `len` default values (a table's empty buckets), on huge pages where the
/// system gives them: the memory is marked for them before it is first
/// written, so that probes all over a large table miss the TLB far less often
/// (PERFORMANCE.md: about 6 % of the solver's time on FFO 40–44).
pub(crate) fn huge_page_vec<T: Default>(len: usize) -> Vec<T> {
    let mut items: Vec<T> = Vec::with_capacity(len);
    advise_huge_pages(items.spare_capacity_mut());
    items.resize_with(len, T::default);
    items
}

/// Asks Linux to back the whole huge pages within `memory` with pages of 2 MiB
/// (`madvise`): transparent huge pages then serve them, also in the kernel's
/// default "madvise" mode.
#[cfg(target_os = "linux")]
fn advise_huge_pages<T>(memory: &mut [std::mem::MaybeUninit<T>]) {
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
fn advise_huge_pages<T>(_memory: &mut [std::mem::MaybeUninit<T>]) {}

/// Starts loading the cache line of `item` (x86-64), so that a probe soon
/// after does not wait for memory.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) fn prefetch<T>(item: &T) {
    use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
    // SAFETY: SSE, which the instruction needs, is part of every x86-64
    // processor; a prefetch is a hint that never faults, and the pointer is to
    // a live value anyway.
    unsafe { _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(item).cast()) };
}

/// Elsewhere, no prefetch.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
pub(crate) fn prefetch<T>(_item: &T) {}
