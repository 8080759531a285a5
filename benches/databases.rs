//! Criterion benches of the readers of many games, on 100,800 real tournament games:
//! the 2,880 games of tests/data/wthor/ (WTHOR 1985 and 2015), repeated 35 times,
//! converted to a GGF archive (one game a line, as GGS writes them, about 60 MB,
//! generated here and never committed) and written back as one WTHOR file. Each
//! bench reads and replays every game, and checks the count and that none failed
//! before it is timed.
//!
//! - `ggf archive, games(&str)`: the text reader over the whole archive in memory;
//! - `ggf archive, GameReader`: the stream reader over the same bytes (one game in
//!   memory at a time);
//! - `wthor, Database::games`: the same games from the WTHOR file.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use reversi::text::games::{games, GameReader};
use reversi::text::{ggf, wthor};
use std::hint::black_box;

const COPIES: usize = 35;

fn wthor_games() -> (wthor::Header, Vec<wthor::WthorGame>) {
    let mut all = Vec::new();
    let mut header = None;
    for bytes in [
        &include_bytes!("../tests/data/wthor/WTH_1985.wtb")[..],
        &include_bytes!("../tests/data/wthor/WTH_2015.wtb")[..],
    ] {
        let db = wthor::Database::parse(bytes).unwrap();
        header = Some(db.header());
        all.extend(db.games().map(Result::unwrap));
    }
    let games: Vec<_> = (0..COPIES).flat_map(|_| all.iter().cloned()).collect();
    (header.unwrap(), games)
}

fn bench(c: &mut Criterion) {
    let (header, games_read) = wthor_games();
    let count = games_read.len();
    assert!(count >= 100_000, "{count} games");
    let mut archive = String::new();
    for (i, game) in games_read.iter().enumerate() {
        archive.push_str(&format!(
            "{} {}\n",
            i % 9 + 1,
            ggf::write(&game.record).unwrap()
        ));
    }
    let wthor_file = wthor::write(&header, &games_read).unwrap();
    drop(games_read);

    let read_text = |text: &str| {
        let mut n = 0;
        for entry in games(text) {
            entry.result.unwrap();
            n += 1;
        }
        n
    };
    let read_stream = |bytes: &[u8]| {
        let mut n = 0;
        for entry in GameReader::new(bytes) {
            entry.unwrap().result.unwrap();
            n += 1;
        }
        n
    };
    let read_wthor = |bytes: &[u8]| {
        let db = wthor::Database::parse(bytes).unwrap();
        let mut n = 0;
        for game in db.games() {
            game.unwrap();
            n += 1;
        }
        n
    };
    assert_eq!(read_text(&archive), count);
    assert_eq!(read_stream(archive.as_bytes()), count);
    assert_eq!(read_wthor(&wthor_file), count);

    let mut group = c.benchmark_group("databases");
    group.sample_size(10);
    group.throughput(Throughput::Elements(count as u64));
    group.bench_function("ggf archive, games(&str)", |b| {
        b.iter(|| read_text(black_box(&archive)))
    });
    group.bench_function("ggf archive, GameReader", |b| {
        b.iter(|| read_stream(black_box(archive.as_bytes())))
    });
    group.bench_function("wthor, Database::games", |b| {
        b.iter(|| read_wthor(black_box(&wthor_file)))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
