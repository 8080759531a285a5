//! The engine side of GTP, as Edax and Egaroucid speak it for Othello:
//! [`serve`] reads commands line by line and answers them with the [`Server`]'s
//! bot.
//!
//! Commands: `protocol_version`, `name`, `version`, `known_command`,
//! `list_commands`, `boardsize N` (6, 8 or 10), `clear_board`, `play COLOR MOVE`,
//! `genmove COLOR` (`pass` when forced), `showboard`, `time_settings MAIN
//! BYO_YOMI STONES` (seconds; the engine then gives each move a share of its
//! clock, [`Server::move_time`], counting the time of its own moves), `time_left
//! COLOR SECONDS STONES` (the clock of `COLOR` as the controller has it; STONES
//! the moves of a byo-yomi period, 0 for the main time), `quit`; an optional
//! numeric id is repeated in the answer. `COLOR` (`b`, `black`, `w` or
//! `white`) must be the player to move, or the other one when the player to
//! move has no move (the pass is put in), or either colour once the game is
//! over (`genmove` answers `pass`); otherwise the answer is an error and the
//! game is unchanged. Empty lines and comments (`#` on) are ignored; an id
//! with no command after it is answered with an error.

use std::io::{BufRead, Write};
use std::time::Duration;

use reversi::text::clock::TimeControl;
use reversi::{Board, Color, Game, Rules};

use super::codec::{read_move, write_move};
use super::{Protocol, Server};
use crate::bot::BotError;

/// Answers GTP commands from `input` on `output` until `quit` or the end of the
/// input; an error only when the output cannot be written.
pub fn serve(server: &mut Server, input: impl BufRead, output: impl Write) -> std::io::Result<()> {
    super::serve_lines(server, input, output, command)
}

/// Answers one GTP command on `out`; false after `quit`.
pub fn command(engine: &mut Server, line: &str, out: &mut impl Write) -> std::io::Result<bool> {
    let line = line.split('#').next().unwrap_or_default();
    let mut words = line.split_whitespace().peekable();
    // An optional command id, repeated in the answer.
    let id = match words.peek() {
        Some(w) if w.chars().all(|c| c.is_ascii_digit()) => words.next().unwrap_or_default(),
        _ => "",
    };
    let Some(command) = words.next() else {
        // An empty line is ignored; an id alone is a command without its
        // name, which its sender waits for an answer to.
        if !id.is_empty() {
            write!(out, "?{id} missing command after the id\n\n")?;
        }
        return Ok(true);
    };
    let args: Vec<&str> = words.collect();
    const COMMANDS: [&str; 13] = [
        "protocol_version",
        "name",
        "version",
        "known_command",
        "list_commands",
        "boardsize",
        "clear_board",
        "play",
        "genmove",
        "showboard",
        "time_settings",
        "time_left",
        "quit",
    ];
    let answer: Result<String, String> = match command {
        "protocol_version" => Ok("2".into()),
        "name" => Ok(engine.name.clone()),
        "version" => Ok(env!("CARGO_PKG_VERSION").into()),
        "known_command" => Ok(COMMANDS
            .contains(&args.first().copied().unwrap_or_default())
            .to_string()),
        "list_commands" => Ok(COMMANDS.join("\n")),
        "quit" => Ok(String::new()),
        "boardsize" => match args.first().copied() {
            Some("6") => Ok(Board::Size6),
            Some("8") => Ok(Board::Size8),
            Some("10") => Ok(Board::Size10),
            _ => Err("unacceptable size".to_string()),
        }
        .and_then(|board| Rules::builder(board).build().map_err(|e| e.to_string()))
        .map(|rules| {
            engine.game = Game::new(rules);
            String::new()
        }),
        "clear_board" => {
            engine.game = Game::new(*engine.game.rules());
            Ok(String::new())
        }
        // The board's text ends with a line end, which the answer's own end
        // would double into a stray empty line.
        "showboard" => Ok(format!("\n{}", engine.game.to_string().trim_end())),
        "play" => match (
            args.first().map(|c| read_color(c)),
            args.get(1).map(|m| read_move(m)),
        ) {
            (Some(Some(color)), Some(Ok(mv))) => {
                // On a copy, so that an illegal move leaves the game as it was
                // (a pass put in for the colour is taken back with it).
                let mut game = engine.game.clone();
                to_turn_of(&mut game, color)
                    .and_then(|()| game.play(mv).map_err(|e| format!("illegal move: {e}")))
                    .map(|_| {
                        engine.game = game;
                        String::new()
                    })
            }
            _ => Err("syntax error".into()),
        },
        "genmove" => match args.first().map(|c| read_color(c)) {
            Some(Some(color)) => {
                // A failure leaves the game as it was, without the pass that
                // `to_turn_of` may have put in.
                let before = engine.game.clone();
                let answer = to_turn_of(&mut engine.game, color).and_then(|()| {
                    let (mv, _, seconds) = engine.think().map_err(|e| match e {
                        BotError::Stopped => "the search was stopped".to_string(),
                        other => other.to_string(),
                    })?;
                    Ok(match engine.game.play(mv) {
                        Ok(_) => {
                            // The move's time counts on the engine's clock.
                            if let Some(ply) = engine.game.last_move_mut() {
                                ply.set_time(Duration::try_from_secs_f64(seconds).ok());
                            }
                            write_move(mv, Protocol::Gtp)
                        }
                        Err(_) => "pass".into(),
                    })
                });
                if answer.is_err() {
                    engine.game = before;
                }
                answer
            }
            _ => Err("syntax error".into()),
        },
        "time_settings" => match args[..] {
            [main, byo_yomi, stones] => {
                match (seconds(main), seconds(byo_yomi), stones.parse::<u32>()) {
                    (Some(main), Some(byo_yomi), Ok(stones)) => {
                        // Byo-yomi: a period's time for its moves, as an increment.
                        let increment = (stones > 0).then(|| byo_yomi / stones);
                        engine.time_control = (main > Duration::ZERO || increment.is_some())
                            .then_some(TimeControl {
                                main,
                                increment,
                                extension: None,
                            });
                        engine.time_left = [None; 2];
                        Ok(String::new())
                    }
                    _ => Err("syntax error".into()),
                }
            }
            _ => Err("syntax error".into()),
        },
        "time_left" => match args[..] {
            [color, left, stones] => {
                match (read_color(color), seconds(left), stones.parse::<u32>()) {
                    (Some(color), Some(left), Ok(stones)) => {
                        engine.time_left[color.index()] =
                            Some((left, (stones > 0).then_some(stones)));
                        Ok(String::new())
                    }
                    _ => Err("syntax error".into()),
                }
            }
            _ => Err("syntax error".into()),
        },
        _ => Err("unknown command".into()),
    };
    match answer {
        Ok(text) => write!(out, "={id} {text}\n\n")?,
        Err(text) => write!(out, "?{id} {text}\n\n")?,
    }
    Ok(command != "quit")
}

/// A GTP time: whole or fractional seconds, not negative.
fn seconds(word: &str) -> Option<Duration> {
    word.parse::<f64>()
        .ok()
        .and_then(|s| Duration::try_from_secs_f64(s).ok())
}

/// The colour of a GTP argument: `b`, `black`, `w` or `white`, in any case.
fn read_color(word: &str) -> Option<Color> {
    match word.to_ascii_lowercase().as_str() {
        "b" | "black" => Some(Color::Black),
        "w" | "white" => Some(Color::White),
        _ => None,
    }
}

/// Brings `game` to `color`'s turn: nothing when it is already, a pass when the
/// player to move has none but to pass (GTP sends no passes of its own), an
/// error otherwise, the game unchanged.
fn to_turn_of(game: &mut Game, color: Color) -> Result<(), String> {
    if game.to_move() == color || game.is_over() {
        return Ok(());
    }
    if game.must_pass() {
        game.pass().map_err(|e| format!("illegal move: {e}"))?;
        return Ok(());
    }
    Err(format!(
        "illegal move: it is {}'s turn",
        game.to_move().name()
    ))
}
