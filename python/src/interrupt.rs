//! Long calls that Ctrl-C stops: the work runs on a thread of its own while the
//! calling thread, which Python's signal handlers run on, looks for a signal.

use pyo3::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

/// Runs `work` on a new thread without the GIL, looking for Ctrl-C every 50 ms.
/// On a signal, `stop` is set, `work` (which must return soon after it) is
/// waited for and its answer dropped, and the signal's exception is returned.
/// `what` names the work in the error if its thread panics.
pub fn run<T: Send>(
    py: Python<'_>,
    what: &str,
    stop: &AtomicBool,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    std::thread::scope(|scope| {
        let (done, mut finished) = mpsc::channel();
        let working = scope.spawn(move || {
            let answer = work();
            let _ = done.send(());
            answer
        });
        loop {
            // The receiver goes into the closure and back: it is not `Sync`.
            let waited;
            (finished, waited) = py.detach(move || {
                let waited = finished.recv_timeout(Duration::from_millis(50));
                (finished, waited)
            });
            if !matches!(waited, Err(RecvTimeoutError::Timeout)) {
                break;
            }
            if let Err(interrupt) = py.check_signals() {
                stop.store(true, Ordering::Relaxed);
                let _ = py.detach(|| working.join());
                return Err(interrupt);
            }
        }
        py.detach(|| working.join())
            .map_err(|_| crate::errors::reversi_error(format_args!("{what} failed")))
    })
}
