//! Work divided among threads, with results that do not depend on their number.

/// `each(state, i)` for every `i` below `n`, by `threads` threads (at least
/// one), each with a `state` of its own taking every `threads`-th `i`; the
/// results in the order of `i`.
pub(crate) fn in_threads<S, T: Send>(
    n: usize,
    threads: usize,
    state: impl Fn() -> S + Sync,
    each: impl Fn(&mut S, usize) -> T + Sync,
) -> Vec<T> {
    let threads = threads.max(1);
    let (state, each) = (&state, &each);
    let mut all: Vec<(usize, T)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|w| {
                scope.spawn(move || {
                    let mut state = state();
                    (w..n)
                        .step_by(threads)
                        .map(|i| (i, each(&mut state, i)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    all.sort_by_key(|(i, _)| *i);
    all.into_iter().map(|(_, t)| t).collect()
}
