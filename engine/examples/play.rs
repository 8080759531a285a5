//! A game in the terminal, for people against a built-in bot or each other, in
//! any variant.
//!
//!     cargo run --release -p reversi-engine --example play -- [--black WHO] [--white WHO]
//!         [--red WHO] [--green WHO] [--seed S] [--out FILE] [--color auto|always|never]
//!         [variant flags: --board, --players, --anti, --free-opening, --handicap,
//!          --blocked, --position]
//!
//! WHO is `human` or a bot (`mobility`, `mcts:playouts=2000`, …; see --help).
//! By default Black is human and the others are `mobility`. Type a square to
//! move, `undo` to take back your last move (and the bots' replies), `hint` for a
//! suggestion with its value (`hint: e3 (+1.25)`, discs ahead for two players;
//! `(63%)`, the chance of winning, for three or four), `pass` when you have no
//! move (the game passes for you too, with a message), `quit` to stop. The board marks the legal moves `*`, the last move
//! `[ ]` and the discs it flipped `( )`, in colour when the output is a terminal.
//! At the end the outcome is shown and the game is saved as a record to --out
//! (default `reversi-game.txt` in the system's temporary directory: `$TMPDIR`, or
//! `/tmp`). Moves are read line by line, so a whole game can
//! come through a pipe.

use std::io::{BufRead, IsTerminal};
use std::process::ExitCode;

use reversi::text::record::Record;
use reversi::{Cell, Color, Game, Move, Square, SquareSet};

use reversi_engine::bot::{self as bots, derive_seed, Bot, Spec};
use reversi_engine::cli;

const USAGE: &str = "\
usage: play [--black WHO] [--white WHO] [--red WHO] [--green WHO] [--seed S]
            [--out FILE] [--color auto|always|never] [variant flags]
The game is saved to --out FILE, by default reversi-game.txt in the temporary
directory ($TMPDIR, or /tmp).
WHO is human or a built-in bot; Black is human and the others mobility unless
told. Commands during the game: a square (f5), undo, hint, pass, quit.";

enum Who {
    Human,
    Bot(Box<dyn Bot + Send>),
}

/// The text of one cell, three characters wide, with its colour codes.
fn cell_text(cell: Option<Cell>, legal: bool, last: bool, flipped: bool, color: bool) -> String {
    let (letter, paint) = match cell {
        None => return "   ".to_string(),
        Some(Cell::Empty) if legal => ('*', "93;42"),
        Some(Cell::Empty) => ('.', "30;42"),
        Some(Cell::Blocked) => ('#', "90;100"),
        Some(Cell::Neutral) => ('N', "30;47"),
        Some(Cell::Disc(Color::Black)) => ('B', "97;40"),
        Some(Cell::Disc(Color::White)) => ('W', "30;107"),
        Some(Cell::Disc(Color::Red)) => ('R', "97;41"),
        Some(Cell::Disc(Color::Green)) => ('G', "30;102"),
    };
    let (open, close) = match (last, flipped) {
        (true, _) => ('[', ']'),
        (_, true) => ('(', ')'),
        _ => (' ', ' '),
    };
    if color {
        let bold = if last || flipped { ";1" } else { "" };
        format!("\x1b[{paint}{bold}m{open}{letter}{close}\x1b[0m")
    } else {
        format!("{open}{letter}{close}")
    }
}

fn show(game: &Game, last: Option<(Square, SquareSet)>, color: bool) {
    let board = game.board();
    let width = board.width();
    let legal = game.legal_moves();
    let mut text = String::from("   ");
    for c in 0..width {
        text.push_str(&format!(" {} ", (b'a' + c) as char));
    }
    text.push('\n');
    for r in 0..width {
        text.push_str(&format!("{:>2} ", r + 1));
        for c in 0..width {
            let sq = Square::new(c, r);
            let (is_last, flipped) = match last {
                Some((at, flips)) => (at == sq, flips.contains(sq)),
                None => (false, false),
            };
            text.push_str(&cell_text(
                game.cell(sq),
                legal.contains(sq),
                is_last,
                flipped,
                color,
            ));
        }
        text.push('\n');
    }
    print!("{text}");
    println!("score {}", game.scores());
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("play: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}\n\n{}", bots::HELP);
        return Ok(());
    }
    let mut who_text: [Option<String>; 4] = Default::default();
    // Not the current directory by default: that is often a source tree.
    let default_out = std::env::temp_dir().join("reversi-game.txt");
    let (mut out, mut color_mode) = (
        default_out.to_string_lossy().into_owned(),
        "auto".to_string(),
    );
    let mut rest = Vec::new();
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let mut value = || {
            it.next()
                .cloned()
                .ok_or_else(|| format!("{flag} needs a value"))
        };
        match flag.as_str() {
            "--black" => who_text[0] = Some(value()?),
            "--white" => who_text[1] = Some(value()?),
            "--red" => who_text[2] = Some(value()?),
            "--green" => who_text[3] = Some(value()?),
            "--out" => out = value()?,
            "--color" => color_mode = value()?,
            _ => {
                rest.push(flag.clone());
                if !matches!(flag.as_str(), "--anti" | "--free-opening") {
                    rest.extend(it.next().cloned());
                }
            }
        }
    }
    let options = cli::parse(&rest, &[])?;
    cli::check_writable("--out", &out)?;
    let color = match color_mode.as_str() {
        "always" => true,
        "never" => false,
        "auto" => std::io::stdout().is_terminal(),
        other => {
            return Err(format!(
                "--color: expected auto, always or never, not {other:?}"
            ))
        }
    };
    let mut game = options.game;
    let seed = options.seed.unwrap_or(1);
    let colors = game.rules().colors();
    let mut seats = Vec::new();
    for &c in colors {
        let text = who_text[c.index()].clone().unwrap_or_else(|| {
            if c == Color::Black {
                "human"
            } else {
                "mobility"
            }
            .to_string()
        });
        seats.push(if text == "human" {
            Who::Human
        } else {
            let spec = Spec::parse(&text)?;
            if !spec.supports(game.rules().players()) {
                return Err(format!("{} plays two players only", spec.name));
            }
            Who::Bot(spec.build(derive_seed(seed, c.index() as u64, 0)))
        });
    }
    let label = |seats: &[Who], c: Color| match &seats[c.index()] {
        Who::Human => format!("{c} (you)"),
        Who::Bot(bot) => format!("{c} ({})", bot.name()),
    };
    // Hints come from the strongest bot that plays the variant.
    let hint_spec = if colors.len() == 2 {
        "alphabeta:depth=4:solve=10"
    } else {
        "mcts:playouts=2000"
    };
    let mut hinter = Spec::parse(hint_spec)?.build(seed);
    println!("{}", game.rules());
    let mut last = None;
    let mut lines = std::io::stdin().lock().lines();
    let mut quit = false;
    while !game.is_over() {
        let mover = game.to_move();
        if game.must_pass() {
            println!("{} has no legal move and passes", label(&seats, mover));
            game.pass().map_err(|e| e.to_string())?;
            continue;
        }
        let mv = match &mut seats[mover.index()] {
            Who::Bot(bot) => {
                let mv = bot.choose(&game).map_err(|e| e.to_string())?.mv;
                println!("{} plays {mv}", label(&seats, mover));
                mv
            }
            Who::Human => {
                show(&game, last, color);
                println!(
                    "{} to move: a square, undo, hint, pass or quit",
                    label(&seats, mover)
                );
                let Some(Ok(line)) = lines.next() else {
                    quit = true;
                    break;
                };
                let line = line.trim().to_ascii_lowercase();
                match line.as_str() {
                    "" => continue,
                    "quit" => {
                        quit = true;
                        break;
                    }
                    "hint" => {
                        match hinter.choose(&game) {
                            // The move, and the hinting bot's value of it (discs
                            // ahead for alpha-beta, the chance of winning for MCTS).
                            Ok(choice) => match choice.eval {
                                Some(eval) => println!("hint: {} ({eval})", choice.mv),
                                None => println!("hint: {}", choice.mv),
                            },
                            Err(e) => println!("hint: {e}"),
                        }
                        continue;
                    }
                    "undo" => {
                        // Back to this player's previous turn: their move and the
                        // replies after it.
                        let mut undone = Vec::new();
                        while let Some(mv) = game.undo() {
                            undone.push(mv);
                            if game.to_move() == mover && !game.must_pass() {
                                break;
                            }
                        }
                        if game.to_move() == mover && !game.must_pass() && !undone.is_empty() {
                            // Taken back for good: the record saved at the end holds
                            // the whole line, and the moves to redo are not the game.
                            game.clear_redo();
                            println!(
                                "took back {} moves: {} to move",
                                undone.len(),
                                label(&seats, mover)
                            );
                            last = None;
                        } else {
                            for mv in undone.into_iter().rev() {
                                game.play(mv).map_err(|e| e.to_string())?;
                            }
                            println!("nothing to undo");
                        }
                        continue;
                    }
                    text => match text.parse::<Move>() {
                        Ok(mv) => mv,
                        Err(e) => {
                            println!("not a move: {e}");
                            continue;
                        }
                    },
                }
            }
        };
        match game.play(mv) {
            Ok(flips) => {
                last = match mv {
                    Move::Place(sq) => Some((sq, flips)),
                    Move::Pass => None,
                }
            }
            Err(e) => println!("illegal: {e}"),
        }
    }
    let mut record = Record::new(game.clone());
    for &c in colors {
        let name = match &seats[c.index()] {
            Who::Human => "human".to_string(),
            Who::Bot(bot) => bot.name().to_string(),
        };
        let tag = c.name()[..1].to_uppercase() + &c.name()[1..];
        record.set_tag(&tag, &name).map_err(|e| e.to_string())?;
    }
    // Saved before anything more is printed: the record survives a closed output.
    std::fs::write(&out, record.to_string()).map_err(|e| format!("{out}: {e}"))?;
    show(&game, last, color);
    match game.outcome() {
        Some(reversi::Outcome::Win(c)) => {
            println!("game over: {} wins, {}", label(&seats, c), game.scores())
        }
        Some(reversi::Outcome::Draw) => println!("game over: a draw, {}", game.scores()),
        None if quit => println!("game stopped after {} moves", game.move_count()),
        None => {}
    }
    println!("saved to {out}");
    Ok(())
}
