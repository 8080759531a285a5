//! Long calls that Ctrl-C stops: the work runs on a worker thread while the
//! calling thread, which Python's signal handlers run on, looks for a signal.
//!
//! The workers are kept between calls (one for each call running at once), so
//! that a call costs two channel messages rather than a thread's start: a bot's
//! move of a millisecond should not pay a tenth of one for being stoppable.

use pyo3::prelude::*;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::sync::Mutex;
use std::time::Duration;

/// A piece of work for a worker.
type Job = Box<dyn FnOnce() + Send>;

/// The workers waiting for work, each by the sender of its queue.
static IDLE: Mutex<Vec<Sender<Job>>> = Mutex::new(Vec::new());

/// Hands `job` to an idle worker, or to a new one when none is idle.
fn submit(mut job: Job) {
    loop {
        let idle = IDLE.lock().map_or(None, |mut idle| idle.pop());
        let worker = match idle {
            Some(worker) => worker,
            None => start_worker(),
        };
        match worker.send(job) {
            Ok(()) => return,
            // A worker that is gone (it cannot be, but then): another one.
            Err(mpsc::SendError(back)) => job = back,
        }
    }
}

/// A new worker thread: it runs the jobs sent to it, and after each goes back
/// to the idle list.
fn start_worker() -> Sender<Job> {
    let (sender, jobs) = mpsc::channel::<Job>();
    let me = sender.clone();
    std::thread::spawn(move || {
        for job in jobs {
            job();
            if let Ok(mut idle) = IDLE.lock() {
                idle.push(me.clone());
            }
        }
    });
    sender
}

/// Runs `work` on a worker thread without the GIL, looking for Ctrl-C every
/// 50 ms. On a signal, `stop` is set, `work` (which must return soon after it)
/// is waited for and its answer dropped, and the signal's exception is
/// returned. `what` names the work in the error if it panics.
pub fn run<T: Send + 'static>(
    py: Python<'_>,
    what: &str,
    stop: &AtomicBool,
    work: impl FnOnce() -> T + Send + 'static,
) -> PyResult<T> {
    let (done, mut finished) = mpsc::channel();
    submit(Box::new(move || {
        // A panic is reported to the caller; the worker lives on.
        let _ = done.send(catch_unwind(AssertUnwindSafe(work)));
    }));
    let failed = || crate::errors::reversi_error(format_args!("{what} failed"));
    loop {
        // The receiver goes into the closure and back: it is not `Sync`.
        let waited;
        (finished, waited) = py.detach(move || {
            let waited = finished.recv_timeout(Duration::from_millis(50));
            (finished, waited)
        });
        match waited {
            Ok(answer) => return answer.map_err(|_| failed()),
            Err(RecvTimeoutError::Disconnected) => return Err(failed()),
            Err(RecvTimeoutError::Timeout) => {}
        }
        if let Err(interrupt) = py.check_signals() {
            stop.store(true, Ordering::Relaxed);
            let _ = py.detach(move || finished.recv());
            return Err(interrupt);
        }
    }
}
