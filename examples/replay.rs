//! Replays the games of a file (records one after another, a GGF archive with one
//! or more games a line, or a move transcript, detected from the content) and
//! prints two lines a game: the final position string, then the outcome word and
//! each colour's disc count (`black B=33 W=31`).
//!
//!     cargo run --release --example replay -- FILE      (or - for standard input)
//!
//! A game that stopped before its end prints the `Result` it was given, or `*`.
//! A game that cannot be read or replayed prints, on standard error, its number,
//! its line and the reason (the move or tag at fault), and the others are still
//! replayed; the exit status is non-zero when any game failed. With several games,
//! each game's two lines follow a line `# game N, line L`. The file is streamed: a
//! large archive takes the memory of one game.

use std::io::BufRead;
use std::process::ExitCode;

use reversi::text::games::GameReader;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!(
            "usage: replay FILE (or - for standard input)\n\n\
             Replays every game of FILE (records, a GGF archive or move transcripts)\n\
             and prints each outcome, or what failed and where."
        );
        return ExitCode::SUCCESS;
    }
    // One file and nothing else: the file says the variant, so no flag applies.
    let [path] = &args[..] else {
        eprintln!("replay: usage: replay FILE (or - for standard input)");
        return ExitCode::FAILURE;
    };
    let input: Box<dyn BufRead> = if path == "-" {
        Box::new(std::io::stdin().lock())
    } else {
        match std::fs::File::open(path) {
            Ok(file) => Box::new(std::io::BufReader::new(file)),
            Err(e) => {
                eprintln!("replay: {path}: {e}");
                return ExitCode::FAILURE;
            }
        }
    };
    // One game ahead, to know whether the file holds several.
    let mut entries = GameReader::new(input).peekable();
    let (mut games, mut failed) = (0, 0);
    while let Some(entry) = entries.next() {
        let entry = match entry {
            Ok(entry) => entry,
            Err(e) => {
                eprintln!("replay: {path}: {e}");
                return ExitCode::FAILURE;
            }
        };
        games += 1;
        let several = games > 1 || entries.peek().is_some();
        if several {
            println!("# game {}, line {}", entry.number, entry.line);
        }
        match entry.result {
            Ok(record) => {
                let game = record.game();
                let end = game.line_end();
                println!("{end}");
                let word = match end.outcome() {
                    Some(outcome) => outcome.word().to_string(),
                    None => record
                        .result()
                        .map(|r| r.outcome.word().to_string())
                        .unwrap_or_else(|| "*".to_string()),
                };
                println!("{word} {}", end.scores());
            }
            Err(e) => {
                failed += 1;
                if several {
                    eprintln!("replay: game {}, line {}: {e}", entry.number, entry.line);
                } else {
                    eprintln!("replay: {e}");
                }
            }
        }
    }
    if games > 1 {
        eprintln!("replay: {games} games, {failed} failed");
    }
    if failed > 0 || games == 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
