//! Replays a game record (our format), a GGF game or a move transcript (detected
//! from the content) and prints exactly two lines: the final position string, then
//! the outcome word and each colour's disc count (`black B=33 W=31`).
//!
//!     cargo run --release --example replay -- FILE      (or - for standard input)
//!
//! A game that stopped before its end prints the `Result` it was given, or `*`.
//! An unreadable or illegal record prints one line naming the move (or tag) and
//! the reason, and exits non-zero.

use std::io::Read;
use std::process::ExitCode;

use reversi::text::{ggf, record::Record};
use reversi::{Game, Rules};

fn read(text: &str) -> Result<Record, String> {
    let trimmed = text.trim_start();
    if trimmed.starts_with("(;") {
        ggf::parse(text).map_err(|e| format!("GGF: {e}"))
    } else if trimmed.starts_with('[') {
        Record::parse(text).map_err(|e| format!("record: {e}"))
    } else {
        let mut game = Game::new(Rules::default());
        game.play_moves(text)
            .map_err(|e| format!("transcript: {e}"))?;
        Ok(Record::new(game))
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // One file and nothing else: the file says the variant, so no flag applies.
    let [path] = &args[..] else {
        eprintln!("replay: usage: replay FILE (or - for standard input)");
        return ExitCode::FAILURE;
    };
    let path = path.clone();
    let mut text = String::new();
    let read_result = if path == "-" {
        std::io::stdin().read_to_string(&mut text).map(|_| ())
    } else {
        std::fs::read_to_string(&path).map(|t| text = t)
    };
    if let Err(e) = read_result {
        eprintln!("replay: {path}: {e}");
        return ExitCode::FAILURE;
    }
    match read(&text) {
        Ok(record) => {
            let game = record.game();
            println!("{}", game.position());
            let word = match game.outcome() {
                Some(outcome) => outcome.word().to_string(),
                None => record
                    .result()
                    .map(|r| r.outcome.word().to_string())
                    .unwrap_or_else(|| "*".to_string()),
            };
            println!("{word} {}", game.scores());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("replay: {e}");
            ExitCode::FAILURE
        }
    }
}
