//! Time controls, typed: GGS's clock `TI[05:00//02:00]` (the record's
//! `TimeControl` tag), read as the main time, the increment per move and the
//! extension once the main time is spent, each optional but the first.
//!
//! A time is `S`, `M:SS` or `H:MM:SS` (the leading field of any width, the others
//! two digits). The per-move times of a game are on its plies
//! ([`Ply::time`](crate::Ply::time)).
//!
//! ```
//! use reversi::text::clock::TimeControl;
//! use std::time::Duration;
//! let clock: TimeControl = "05:00//02:00".parse()?;
//! assert_eq!(clock.main, Duration::from_secs(300));
//! assert_eq!(clock.increment, None);
//! assert_eq!(clock.extension, Some(Duration::from_secs(120)));
//! assert_eq!(clock.to_string(), "5:00//2:00");
//! assert!("5:00/x".parse::<TimeControl>().is_err());
//! # Ok::<_, reversi::text::clock::TimeControlError>(())
//! ```

use alloc::string::{String, ToString};
use core::fmt;
use core::str::FromStr;
use core::time::Duration;

/// A game's time control.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct TimeControl {
    /// Each player's time for the game.
    pub main: Duration,
    /// The time added after each move, if any.
    pub increment: Option<Duration>,
    /// The extra time once the main time is spent, if any.
    pub extension: Option<Duration>,
}

/// A text that is not a time control `main[/increment[/extension]]`.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{0:?} is not a time control main[/increment[/extension]] of times S, M:SS or H:MM:SS")]
pub struct TimeControlError(pub String);

/// Reads `S`, `M:SS` or `H:MM:SS`, whole seconds.
fn seconds(text: &str) -> Option<Duration> {
    let mut total: u64 = 0;
    let fields: alloc::vec::Vec<&str> = text.split(':').collect();
    if fields.len() > 3 {
        return None;
    }
    for (i, field) in fields.iter().enumerate() {
        if field.is_empty() || !field.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        if i > 0 && field.len() != 2 {
            return None;
        }
        let value: u64 = field.parse().ok()?;
        if i > 0 && value > 59 {
            return None;
        }
        total = total.checked_mul(60)?.checked_add(value)?;
    }
    Some(Duration::from_secs(total))
}

fn write_time(f: &mut fmt::Formatter<'_>, time: Duration) -> fmt::Result {
    let secs = time.as_secs();
    if secs >= 3600 {
        write!(f, "{}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
    } else {
        write!(f, "{}:{:02}", secs / 60, secs % 60)
    }
}

impl FromStr for TimeControl {
    type Err = TimeControlError;
    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        let error = || TimeControlError(text.to_string());
        let mut parts = text.trim().split('/');
        let main = seconds(parts.next().unwrap_or("")).ok_or_else(error)?;
        let optional = |part: Option<&str>| match part {
            None | Some("") => Ok(None),
            Some(p) => seconds(p).map(Some).ok_or_else(error),
        };
        let increment = optional(parts.next())?;
        let extension = optional(parts.next())?;
        if parts.next().is_some() {
            return Err(error());
        }
        Ok(TimeControl {
            main,
            increment,
            extension,
        })
    }
}

impl fmt::Display for TimeControl {
    /// `M:SS[/increment[/extension]]` (`H:MM:SS` from an hour), whole seconds, as
    /// GGS writes a clock.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_time(f, self.main)?;
        if self.increment.is_some() || self.extension.is_some() {
            f.write_str("/")?;
            if let Some(increment) = self.increment {
                write_time(f, increment)?;
            }
        }
        if let Some(extension) = self.extension {
            f.write_str("/")?;
            write_time(f, extension)?;
        }
        Ok(())
    }
}
