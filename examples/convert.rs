//! Converts games between formats.
//!
//!     cargo run --release --example convert -- --to record|ggf|moves|position|obf FILE
//!
//! FILE (or `-` for standard input) holds a game record, a GGF game, a move
//! transcript or an OBF line (detected from the content), or is a WTHOR database
//! (`.wtb`): then every game of it is converted, one after the other, with the
//! `Tournament`, `BlackPlayer`, `WhitePlayer`, `BlackScore` and `TheoreticalScore`
//! tags of the file. A game the target format cannot hold is an error.

use std::io::{Read, Write};
use std::process::ExitCode;

use reversi::text::{ggf, obf, record::Record, wthor};
use reversi::{Game, Rules};

fn read_text(text: &str) -> Result<Record, String> {
    let trimmed = text.trim();
    if trimmed.starts_with("(;") {
        return ggf::parse(text).map_err(|e| format!("GGF: {e}"));
    }
    if trimmed.starts_with('[') {
        return Record::parse(text).map_err(|e| format!("record: {e}"));
    }
    if trimmed.len() >= 66 && !trimmed.contains('/') && obf::parse(trimmed).is_ok() {
        return obf::parse(trimmed)
            .map(|b| Record::new(b.game))
            .map_err(|e| format!("OBF: {e}"));
    }
    let mut game = Game::new(Rules::default());
    game.play_moves(text)
        .map_err(|e| format!("transcript: {e}"))?;
    Ok(Record::new(game))
}

fn write(record: &Record, to: &str) -> Result<String, String> {
    Ok(match to {
        "record" => record.to_string(),
        "ggf" => ggf::write(record).map_err(|e| e.to_string())? + "\n",
        "moves" => record.game().move_list() + "\n",
        "position" => format!("{}\n", record.game().position()),
        "obf" => obf::write(record.game()).map_err(|e| e.to_string())? + "\n",
        other => {
            return Err(format!(
                "unknown format {other:?}: record, ggf, moves, position or obf"
            ))
        }
    })
}

fn run(args: &[String]) -> Result<(), String> {
    let (to, path) = match args {
        [flag, to, path] if flag == "--to" => (to.as_str(), path.as_str()),
        _ => return Err("usage: convert --to record|ggf|moves|position|obf FILE".into()),
    };
    let mut bytes = Vec::new();
    if path == "-" {
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| e.to_string())?;
    } else {
        bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    }
    if path.to_ascii_lowercase().ends_with(".wtb") {
        let db = wthor::Database::parse(&bytes).map_err(|e| e.to_string())?;
        for game in db.games() {
            let game = game.map_err(|e| e.to_string())?;
            let mut text = write(&game.record, to)?;
            if to == "record" {
                text.push('\n');
            }
            out(&text)?;
        }
        return Ok(());
    }
    let text = String::from_utf8(bytes).map_err(|_| format!("{path}: not UTF-8 text"))?;
    out(&write(&read_text(&text)?, to)?)
}

/// Writes to standard output; a closed pipe (`| head`) ends the run quietly.
fn out(text: &str) -> Result<(), String> {
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => std::process::exit(0),
        other => other.map_err(|e| e.to_string()),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("convert: {e}");
            ExitCode::FAILURE
        }
    }
}
