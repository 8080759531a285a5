//! Command-line flags shared by the examples: the variant of the game (read by the
//! rules crate's [`RulesFlags`], the one reader of them), and the examples' own.

use reversi::{Game, ParseRulesError, ParseRulesErrorKind, RulesFlags};

/// What the flags asked for.
pub struct Options {
    /// The game to start from.
    pub game: Game,
    /// `--depth N`, if given.
    pub depth: Option<u32>,
    /// `--seed N`, if given.
    pub seed: Option<u64>,
    /// `--games N`, if given.
    pub games: Option<u32>,
    /// The rules without blocked squares, when `--blocked random` asked for a draw
    /// per game.
    pub random_blocked: Option<reversi::RulesBuilder>,
}

fn number<T: std::str::FromStr>(flag: &str, v: &str) -> Result<T, String> {
    v.parse().map_err(|_| {
        if v.parse::<i128>().is_ok() {
            format!("{flag}: {v} is out of range")
        } else {
            format!("{flag}: {v:?} is not a number")
        }
    })
}

/// Whether `path` can be written, checked before a long run rather than after
/// it: the file is opened for appending (created if missing, then removed
/// again), so that its contents are untouched. The error names the flag.
pub fn check_writable(flag: &str, path: &str) -> Result<(), String> {
    // The path itself, not where a symbolic link points: a dangling link
    // exists, and is not removed below.
    let existed = std::fs::symlink_metadata(path).is_ok();
    std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(path)
        .map_err(|e| format!("{flag} {path}: {e}"))?;
    if !existed {
        let _ = std::fs::remove_file(path);
    }
    Ok(())
}

/// The variant flags as usage text, for the examples' `--help`.
pub const VARIANT_FLAGS: &str = RulesFlags::USAGE;

/// A variant flag's error, worded for the command line: the flag, then why.
fn flag_error(flag: &str, e: ParseRulesError) -> String {
    match e.kind() {
        // "--board needs a value" names the flag already.
        ParseRulesErrorKind::MissingValue(_) => e.to_string(),
        _ => format!("{flag}: {e}"),
    }
}

/// Reads the variant flags (the rules crate's [`RulesFlags`]: `--board`,
/// `--players`, `--anti`, `--free-opening`, `--handicap COLOR:SQUARES`, `--blocked
/// SQUARES` or `random`, `--position TEXT`, `--seed N`), and of `--depth N` and
/// `--games N` those in `takes`, the program's own; any other flag is an error,
/// as is `--games 0`.
pub fn parse(args: &[String], takes: &[&str]) -> Result<Options, String> {
    let mut variant = RulesFlags::new();
    let (mut depth, mut games) = (None, None);
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        if matches!(flag.as_str(), "--depth" | "--games") && !takes.contains(&flag.as_str()) {
            return Err(format!("unknown flag {flag:?}"));
        }
        let read = variant.read(flag, || it.next().map(String::as_str));
        if read.map_err(|e| flag_error(flag, e))? {
            continue;
        }
        let value = it.next().ok_or_else(|| format!("{flag} needs a value"));
        match flag.as_str() {
            "--depth" => depth = Some(number(flag, value?)?),
            "--games" => {
                games = Some(number(flag, value?)?);
                if games == Some(0) {
                    return Err("--games: at least 1".into());
                }
            }
            other => return Err(format!("unknown flag {other:?}")),
        }
    }
    let game = variant.game().map_err(|e| e.to_string())?;
    let random_blocked = if variant.random_blocked() {
        Some(variant.builder().map_err(|e| e.to_string())?)
    } else {
        None
    };
    Ok(Options {
        game,
        depth,
        seed: variant.seed(),
        games,
        random_blocked,
    })
}
