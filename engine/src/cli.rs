//! Command-line flags shared by the examples: the variant of the game.

use reversi::{Board, Color, Game, Opening, Rules, Square};

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

fn squares(flag: &str, list: &str) -> Result<Vec<Square>, String> {
    list.split(',')
        .map(|s| {
            s.trim()
                .parse::<Square>()
                .map_err(|e| format!("{flag}: {e}"))
        })
        .collect()
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
pub const VARIANT_FLAGS: &str = "\
  --board 6x6|8x8|10x10|octagon   the board (default 8x8)
  --players 2|3|4                 players (default 2)
  --anti                          Anti-Reversi
  --free-opening                  the free opening
  --handicap COLOR:SQUARES        handicap discs on corners, e.g. black:a1,h8
  --blocked SQUARES|random        blocked squares, or one to four drawn from --seed
  --position TEXT                 a whole position instead (see the README)
  --seed N                        seeds the draws (--blocked random, and the program's own)";

/// Reads the variant flags: `--board`, `--players`, `--anti`, `--free-opening`,
/// `--handicap COLOR:SQUARES`, `--blocked SQUARES` (or `random`), `--position TEXT`,
/// `--seed N` (which seeds `--blocked random`), and of `--depth N` and
/// `--games N` those in `takes`, the program's own; any other flag is an
/// error, as is `--games 0`.
pub fn parse(args: &[String], takes: &[&str]) -> Result<Options, String> {
    let mut board = Board::Size8;
    let (mut players, mut anti, mut free) = (2u8, false, false);
    let (mut handicap, mut blocked, mut position) = (None, None, None);
    let (mut depth, mut seed, mut games) = (None, None, None);
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let mut value = || {
            it.next()
                .cloned()
                .ok_or_else(|| format!("{flag} needs a value"))
        };
        if matches!(flag.as_str(), "--depth" | "--games") && !takes.contains(&flag.as_str()) {
            return Err(format!("unknown flag {flag:?}"));
        }
        match flag.as_str() {
            "--board" => board = value()?.parse().map_err(|e| format!("--board: {e}"))?,
            "--players" => players = number(flag, &value()?)?,
            "--anti" => anti = true,
            "--free-opening" => free = true,
            "--handicap" => handicap = Some(value()?),
            "--blocked" => blocked = Some(value()?),
            "--position" => position = Some(value()?),
            "--depth" => depth = Some(number(flag, &value()?)?),
            "--seed" => seed = Some(number(flag, &value()?)?),
            "--games" => {
                games = Some(number(flag, &value()?)?);
                if games == Some(0) {
                    return Err("--games: at least 1".into());
                }
            }
            other => return Err(format!("unknown flag {other:?}")),
        }
    }
    let options = |game, random_blocked| Options {
        game,
        depth,
        seed,
        games,
        random_blocked,
    };
    if let Some(text) = position {
        if handicap.is_some() || blocked.is_some() || free {
            return Err("--position gives the whole board: --handicap, --blocked and --free-opening do not apply".into());
        }
        let game = Game::from_position_str(&text, players, anti)
            .map_err(|e| format!("--position: {e}"))?;
        return Ok(options(game, None));
    }
    let mut builder = Rules::builder(board)
        .players(players)
        .anti(anti)
        .opening(if free {
            Opening::Free
        } else {
            Opening::Standard
        });
    if let Some(h) = handicap {
        let (color, corners) = h
            .split_once(':')
            .ok_or("--handicap: expected COLOR:SQUARES, for example black:a1,h8")?;
        let color = Color::from_name(color)
            .ok_or_else(|| format!("--handicap: unknown colour {color:?}"))?;
        builder = builder.handicap_squares(color, squares("--handicap", corners)?);
    }
    match blocked.as_deref() {
        Some("random") => {
            let rules = builder
                .build_with_blocked_seed(seed.unwrap_or(0))
                .map_err(|e| e.to_string())?;
            Ok(options(Game::new(rules), Some(builder)))
        }
        Some(list) => {
            let rules = builder
                .blocked(squares("--blocked", list)?)
                .build()
                .map_err(|e| e.to_string())?;
            Ok(options(Game::new(rules), None))
        }
        None => Ok(options(
            Game::new(builder.build().map_err(|e| e.to_string())?),
            None,
        )),
    }
}
