//! Converts games between formats.
//!
//!     cargo run --release --example convert -- --to record|ggf|moves|position|obf FILE
//!
//! FILE (or `-` for standard input) holds games (records one after another, a GGF
//! archive, a move transcript, detected from the content), OBF lines or position
//! strings (one a line), or is a WTHOR database (`.wtb`). Every game is converted, one after the other; a game
//! that cannot be read, or that the target format cannot hold, is reported on
//! standard error with its number and line, and the others are still converted
//! (the exit status is then non-zero).

use std::io::{Read, Write};
use std::process::ExitCode;

use reversi::text::load::{detect, load, Format};
use reversi::text::{games, ggf, obf, record::Record, wthor};

/// The formats `--to` takes.
const FORMATS: [&str; 5] = ["record", "ggf", "moves", "position", "obf"];

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
    if !FORMATS.contains(&to) {
        return Err(format!(
            "--to: unknown format {to:?}: record, ggf, moves, position or obf"
        ));
    }
    let mut bytes = Vec::new();
    if path == "-" {
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| e.to_string())?;
    } else {
        bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    }
    let mut failed = 0;
    let mut convert = |what: String, record: Result<Record, String>| match record
        .and_then(|record| write(&record, to))
    {
        Ok(mut text) => {
            if to == "record" {
                text.push('\n');
            }
            out(&text)
        }
        Err(e) => {
            failed += 1;
            // Errors that name the game already are not prefixed twice.
            let e = e.strip_prefix(&format!("{what}: ")).unwrap_or(&e);
            eprintln!("convert: {what}: {e}");
            Ok(())
        }
    };
    if path.to_ascii_lowercase().ends_with(".wtb") {
        let db = wthor::Database::parse(&bytes).map_err(|e| e.to_string())?;
        for (i, game) in db.games().enumerate() {
            convert(
                format!("game {}", i + 1),
                game.map(|g| g.record).map_err(|e| e.to_string()),
            )?;
        }
    } else {
        let text = String::from_utf8(bytes).map_err(|_| format!("{path}: not UTF-8 text"))?;
        if matches!(detect(&text), Some(Format::Obf | Format::Position)) {
            // One position a line; blank lines are skipped.
            for (i, line) in text.lines().enumerate() {
                if line.trim().is_empty() {
                    continue;
                }
                convert(
                    format!("{path}, line {}", i + 1),
                    load(line).map(|l| l.record).map_err(|e| e.to_string()),
                )?;
            }
        } else {
            for entry in games::games(&text) {
                let what = format!("game {}, line {}", entry.number, entry.line);
                convert(what, entry.result.map_err(|e| e.to_string()))?;
            }
        }
    }
    if failed > 0 {
        let games = if failed == 1 { "game" } else { "games" };
        return Err(format!("{failed} {games} not converted"));
    }
    Ok(())
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
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!(
            "usage: convert --to record|ggf|moves|position|obf FILE\n\n\
             Converts every game of FILE (- for standard input: records, a GGF archive,\n\
             move transcripts, OBF lines or position strings, or a WTHOR .wtb\n\
             database) to the format named, on standard output."
        );
        return ExitCode::SUCCESS;
    }
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("convert: {e}");
            ExitCode::FAILURE
        }
    }
}
