//! Counts perft (RULES.md §11) for any variant, printing one line per depth:
//! the depth, the leaf count, the seconds it took, and leaves per second.
//!
//!     cargo run --release --example perft -- [--board 6x6|8x8|10x10|octagon]
//!         [--players 2|3|4] [--anti] [--free-opening] [--handicap black:a1,h8]
//!         [--blocked c1,j4] [--position "<position string>"] --depth N

use std::process::ExitCode;
use std::time::Instant;

use reversi::{Board, Color, Game, Opening, Rules, Square};

fn squares(list: &str) -> Result<Vec<Square>, String> {
    list.split(',')
        .map(|s| s.trim().parse::<Square>().map_err(|e| e.to_string()))
        .collect()
}

fn parse(args: &[String]) -> Result<(Game, u32), String> {
    let mut builder_board = Board::Size8;
    let (mut players, mut anti, mut free) = (2u8, false, false);
    let (mut handicap, mut blocked, mut position, mut depth) = (None, None, None, None);
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let mut value = || {
            it.next()
                .cloned()
                .ok_or_else(|| format!("{flag} needs a value"))
        };
        match flag.as_str() {
            "--board" => builder_board = value()?.parse().map_err(|e| format!("{e}"))?,
            "--players" => {
                let v = value()?;
                players = v.parse().map_err(|_| format!("--players: {v:?} is not a number"))?
            }
            "--anti" => anti = true,
            "--free-opening" => free = true,
            "--handicap" => handicap = Some(value()?),
            "--blocked" => blocked = Some(value()?),
            "--position" => position = Some(value()?),
            "--depth" => {
                let v = value()?;
                depth = Some(v.parse().map_err(|_| format!("--depth: {v:?} is not a number"))?)
            }
            other => return Err(format!("unknown flag {other:?}")),
        }
    }
    let depth = depth.ok_or("--depth N is required")?;
    if let Some(text) = position {
        if handicap.is_some() || blocked.is_some() || free {
            return Err(
                "--position gives the whole board: --handicap, --blocked and --free-opening do not apply"
                    .into(),
            );
        }
        let game = Game::from_position_str(&text, players, anti).map_err(|e| format!("--position: {e}"))?;
        return Ok((game, depth));
    }
    let mut builder = Rules::builder(builder_board)
        .players(players)
        .anti(anti)
        .opening(if free { Opening::Free } else { Opening::Standard });
    if let Some(h) = handicap {
        let (color, corners) = h
            .split_once(':')
            .ok_or("--handicap: expected COLOR:SQUARES, for example black:a1,h8")?;
        let color = Color::from_name(color).ok_or_else(|| format!("--handicap: unknown colour {color:?}"))?;
        builder = builder.handicap_squares(color, squares(corners)?);
    }
    if let Some(b) = blocked {
        builder = builder.blocked(squares(&b)?);
    }
    let rules = builder.build().map_err(|e| e.to_string())?;
    Ok((Game::new(rules), depth))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (game, depth) = match parse(&args) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("perft: {e}");
            return ExitCode::FAILURE;
        }
    };
    let position = *game.position();
    for d in 1..=depth {
        let started = Instant::now();
        let leaves = position.perft(d);
        let seconds = started.elapsed().as_secs_f64();
        let rate = leaves as f64 / seconds.max(1e-9);
        println!("{d} {leaves} {seconds:.6} {rate:.0}");
    }
    ExitCode::SUCCESS
}
