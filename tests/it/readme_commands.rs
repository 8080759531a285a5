//! The commands of the README and of the guides (`docs/guide/*.md`), run as a new
//! user would run them, and their Rust snippets' dependencies.
//!
//! - `tests/cmd/*.toml` are `trycmd` cases: each runs one example with the README's
//!   arguments (or, for a long run, a smaller input named in [`REDUCED`]) and
//!   compares its standard output and error with the `.stdout` and `.stderr` files
//!   beside it (`[..]` stands for timings). `TRYCMD=overwrite cargo test --test it
//!   readme_commands::` rewrites those files after a deliberate change of output.
//!   The cases of the engine's examples (arena, learn, nboard, openings, play,
//!   probcut, selfplay, solve, tune) are here too: they are built by name from the workspace (`cargo
//!   build --workspace --example NAME`), so the rules crate needs no dependency
//!   on the engine for them.
//! - Every line of every `sh` block of README.md and of the guides is either such a
//!   case, a [`REDUCED`] one, or in [`SKIPPED`] with the place that checks it instead.
//! - Every `rust` snippet of README.md and of the guides is compiled and run as a
//!   doctest (the crate docs are the README; `src/lib.rs` includes the guides under
//!   `cfg(doctest)`); the crates a snippet uses besides `reversi` and `std` are
//!   shown in a `toml` block before it in the same file, at the versions of this crate's
//!   dev-dependencies, so a reader who copies both gets a build; `reversi` (and
//!   `reversi-engine`) by path, as they are not on crates.io.

use crate::programs;

use programs::root;
use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

/// README commands that take long, and the smaller case that runs instead (the
/// same example and flags, a smaller input).
const REDUCED: &[(&str, &str)] = &[
    // FFO 40-44 take about 20 s of CPU; FFO 1-19, a fraction of a second, check the
    // same program and output.
    (
        "solve examples/data/ffo-40-44.obf",
        "solve tests/data/ffo/fforum-1-19.obf",
    ),
    // All the games and 56,000 self-play games take over an hour on two
    // cores; the first twelve games and two self-play games of each kind, the
    // same program and output, a few seconds (written where the build goes).
    (
        "learn tests/data/wthor/WTH_1985.wtb tests/data/wthor/WTH_2015.wtb --out engine/data/patterns.bin",
        "learn tests/data/wthor/WTH_1985.wtb tests/data/wthor/WTH_2015.wtb --games 12 --selfplay 2 --endgame-selfplay 2 --out target/learn-check.bin",
    ),
    // The midgame of 40,000 self-play games takes about twenty minutes on two
    // cores; of two, the same program and output, a second or two.
    (
        "learn --endgame engine/data/patterns.bin --selfplay 40000 --out my-patterns.bin",
        "learn --endgame engine/data/patterns.bin --selfplay 2 --out target/learn-endgame-check.bin",
    ),
    // 2,000 games a board take under half an hour on two cores (most of it
    // solving 6×6 endgames); two a board, the same program and output, a second
    // or two.
    (
        "tune --out engine/data/tuned.txt",
        "tune --games 2 --out target/tune-check.txt",
    ),
    // 200 positions a phase take under two minutes on two cores; two, the
    // same program and output, a few seconds.
    (
        "probcut --out engine/data/probcut.txt",
        "probcut --positions 2 --out target/probcut-check.txt",
    ),
    // A hundred games of four players with playouts take some seconds; four, each
    // bot once in each seat, the same program and output.
    (
        "arena --bots mcts,mobility,greedy,random --board octagon --players 4",
        "arena --bots mcts,mobility,greedy,random --board octagon --players 4 --games 4",
    ),
    // The 500 balanced openings take about five minutes on two cores; the
    // first two, the same program and output, a second or two.
    (
        "openings --out engine/data/openings-8x8.txt",
        "openings --count 2 --out target/openings-check.txt",
    ),
];

/// README commands that are not run here, and what checks them instead.
const SKIPPED: &[(&str, &str)] = &[
    ("cargo test --workspace --all-features", "this test is part of it"),
    (
        "arena --bots alphabeta --engine \"edax=nboard:edax -nboard\" --move-time 2000",
        "needs Edax, which is not part of the repository; engine/tests/it/arena.rs runs the NBoard client against the nboard example",
    ),
    (
        "arena --bots mcts:playouts=2000 --engine \"egaroucid=gtp:Egaroucid_for_Console -gtp\"",
        "needs Egaroucid, which is not part of the repository; engine/tests/it/arena.rs runs the GTP client against the nboard example",
    ),
    (
        "web/build.sh",
        ".ci/run, step \"web\" (builds the package, then runs its Node.js and browser tests)",
    ),
    (
        "python3 -m http.server -d web 8000",
        "web/tests/browser.test.mjs, which serves the same folder and plays the page in chromium",
    ),
    (
        "cd web && npm ci && node --test tests/",
        ".ci/run, step \"web\" (the same tests, with the browser test required)",
    ),
    (
        "pip install ./python",
        ".ci/run, step \"python\" (installs it with the envs extras into a fresh venv)",
    ),
    (
        "pip install \"./python[envs]\"",
        ".ci/run, step \"python\" (pip install ./python[envs], then pytest and stubtest)",
    ),
    (
        "python -c \"import reversi; g = reversi.Game(reversi.Rules('octagon, 4 players')); print(g.legal_actions())\"",
        ".ci/run, step \"python\" (runs this very line in the venv)",
    ),
    (
        "python3 -m venv /tmp/reversi-venv && /tmp/reversi-venv/bin/pip install \"./python[envs]\" -r python/requirements-test.txt",
        ".ci/run, step \"python\" (the same install, into a fresh temporary venv)",
    ),
    (
        "cd python/tests && /tmp/reversi-venv/bin/python -m pytest -q",
        ".ci/run, step \"python\" (pytest from python/tests, in that venv)",
    ),
    (
        "cargo install cargo-c --version 0.10.24 --locked",
        ".ci/run, step \"C libraries\"",
    ),
    (
        "cargo cinstall --release --prefix \"$HOME/.local\" --libdir \"$HOME/.local/lib\"",
        ".ci/run, step \"C libraries\" (into a temporary prefix)",
    ),
    (
        "export PKG_CONFIG_PATH=\"$HOME/.local/lib/pkgconfig\"",
        ".ci/run, step \"C libraries\"",
    ),
    (
        "gcc -std=c11 host.c $(pkg-config --cflags --libs reversi) -o host",
        ".ci/run, step \"C libraries\" (examples/c/game.c and tests/c/abi_test.c)",
    ),
    (
        "g++ -std=c++17 host.cpp $(pkg-config --cflags --libs reversi) -o host",
        ".ci/run, step \"C libraries\" (examples/cpp/game.cpp)",
    ),
    (
        "cd fuzz && mkdir -p corpus/record && cargo +nightly fuzz run -O record corpus/record seeds/record -- -max_total_time=600",
        ".ci/run, step \"fuzz\" (every target, 10 s each, and the tree left clean)",
    ),
];

fn readme() -> String {
    std::fs::read_to_string(root().join("README.md")).unwrap()
}

/// The guides that `src/lib.rs` runs as doctests: a Rust snippet in any other guide
/// would not run.
const DOCTESTED_GUIDES: &[&str] = &["library.md", "search.md", "bots.md", "games.md"];

/// README.md and every guide: (path from the root, text).
fn documents() -> Vec<(String, String)> {
    let mut found = vec![("README.md".to_string(), readme())];
    let mut guides: Vec<PathBuf> = std::fs::read_dir(root().join("docs/guide"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    guides.sort();
    for path in guides {
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        found.push((
            format!("docs/guide/{name}"),
            std::fs::read_to_string(&path).unwrap(),
        ));
    }
    found
}

/// The fenced blocks of a Markdown text: (info string, lines).
fn blocks(text: &str) -> Vec<(String, Vec<String>)> {
    let mut found = Vec::new();
    let mut open: Option<(String, Vec<String>)> = None;
    for line in text.lines() {
        match (&mut open, line.strip_prefix("```")) {
            (None, Some(info)) => open = Some((info.trim().to_string(), Vec::new())),
            (Some(_), Some("")) => found.push(open.take().unwrap()),
            (Some((_, lines)), _) => lines.push(line.to_string()),
            (None, None) => {}
        }
    }
    assert!(open.is_none(), "an unclosed code block");
    found
}

/// A README command as the case that runs it spells it: `cargo run --release
/// --example NAME -- ARGS` becomes `NAME ARGS`, and so does `cargo run --release
/// -p reversi-engine --example NAME -- ARGS` (the engine's examples, in
/// engine/examples/); a trailing `# comment` goes.
fn as_case(line: &str) -> String {
    let line = match line.find("  #") {
        Some(i) => &line[..i],
        None => line,
    }
    .trim();
    let example = line
        .strip_prefix("cargo run --release --example ")
        .or_else(|| {
            let rest = line.strip_prefix("cargo run --release -p reversi-engine --example ")?;
            let name = rest.split(' ').next().unwrap();
            assert!(
                root()
                    .join("engine/examples")
                    .join(format!("{name}.rs"))
                    .exists(),
                "README runs {name} with -p reversi-engine, which has no such example: {line}"
            );
            Some(rest)
        });
    match example {
        Some(rest) => rest.replacen(" -- ", " ", 1),
        None => line.to_string(),
    }
}

/// The shell commands of the README and the guides, in the form [`as_case`] gives.
fn readme_commands() -> Vec<String> {
    documents()
        .iter()
        .flat_map(|(_, text)| blocks(text))
        .filter(|(info, _)| info == "sh")
        .flat_map(|(_, lines)| lines)
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|l| as_case(&l))
        .collect()
}

/// The `trycmd` cases: (file, `bin.name args`).
fn cases() -> Vec<(PathBuf, String)> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(root().join("tests/cmd")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "toml") {
            let text = std::fs::read_to_string(&path).unwrap();
            let value = |key: &str| {
                text.lines()
                    .find_map(|l| l.strip_prefix(key)?.trim().strip_prefix('='))
                    .map(|v| v.trim().trim_matches('\'').to_string())
            };
            let name = value("bin.name").unwrap_or_else(|| panic!("{path:?}: bin.name"));
            let name = name.trim_matches('"');
            let command = match value("args") {
                Some(args) => format!("{name} {args}"),
                None => name.to_string(),
            };
            found.push((path, command));
        }
    }
    found.sort();
    found
}

/// The examples the cases run.
fn examples() -> Vec<String> {
    let mut names: Vec<String> = cases()
        .iter()
        .map(|(_, c)| c.split(' ').next().unwrap().to_string())
        .collect();
    names.sort();
    names.dedup();
    names
}

#[test]
fn every_readme_command_is_run_or_says_what_checks_it() {
    let cases: Vec<String> = cases().into_iter().map(|(_, c)| c).collect();
    let mut missing = Vec::new();
    for command in readme_commands() {
        let covered = cases.contains(&command)
            || REDUCED
                .iter()
                .any(|(long, short)| *long == command && cases.iter().any(|c| c == short))
            || SKIPPED.iter().any(|(skipped, _)| *skipped == command);
        if !covered {
            missing.push(command);
        }
    }
    assert!(
        missing.is_empty(),
        "commands of the README or a guide with no case in tests/cmd/, no REDUCED and no SKIPPED entry: {missing:#?}"
    );
    // And no entry outlives its command.
    let commands = readme_commands();
    for (long, _) in REDUCED {
        assert!(
            commands.iter().any(|c| c == long),
            "REDUCED names {long:?}, which neither README.md nor a guide shows"
        );
    }
    for (skipped, _) in SKIPPED {
        assert!(
            commands.iter().any(|c| c == skipped),
            "SKIPPED names {skipped:?}, which neither README.md nor a guide shows"
        );
    }
}

/// Builds every example the cases run, once for all the groups below.
fn build_examples() {
    static BUILT: std::sync::OnceLock<()> = std::sync::OnceLock::new();
    BUILT.get_or_init(|| {
        let names = examples();
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let mut build = Command::new(cargo);
        build
            .current_dir(root())
            .args(programs::build_args())
            .arg("--quiet");
        for name in &names {
            build.args(["--example", name]);
        }
        assert!(
            build.status().unwrap().success(),
            "cargo build of {names:?}"
        );
        // The cases write under target/ (learn's --out), which a build into a
        // CARGO_TARGET_DIR elsewhere does not make.
        std::fs::create_dir_all(root().join("target")).unwrap();
    });
}

/// Runs the cases whose example `group` picks. The cases are split into groups
/// that run as tests of their own, in parallel with the rest of the suite.
fn run_cases(group: impl Fn(&str) -> bool) {
    build_examples();
    let picked: Vec<(PathBuf, String)> = cases()
        .into_iter()
        .filter(|(_, command)| group(command.split(' ').next().unwrap()))
        .collect();
    assert!(!picked.is_empty(), "a group with no case");
    let examples_dir = programs::examples_dir();
    let trycmd = trycmd::TestCases::new();
    trycmd.timeout(Duration::from_secs(600));
    for name in examples() {
        let path = examples_dir.join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
        assert!(path.exists(), "{} was not built", path.display());
        trycmd.register_bin(name, path);
    }
    for (path, _) in picked {
        trycmd.case(path);
    }
}

/// The examples whose cases take seconds each, in groups of a few seconds.
const SLOW_GROUPS: &[&[&str]] = &[&["arena"], &["learn", "tune"], &["probcut", "openings"]];

#[test]
fn the_arena_commands_print_what_they_printed() {
    run_cases(|name| SLOW_GROUPS[0].contains(&name));
}

#[test]
fn the_learn_and_tune_commands_print_what_they_printed() {
    run_cases(|name| SLOW_GROUPS[1].contains(&name));
}

#[test]
fn the_probcut_and_openings_commands_print_what_they_printed() {
    run_cases(|name| SLOW_GROUPS[2].contains(&name));
}

#[test]
fn the_other_readme_commands_print_what_they_printed() {
    run_cases(|name| !SLOW_GROUPS.iter().any(|g| g.contains(&name)));
}

/// `(crate, version)` pairs of the `toml` blocks' `[dependencies]` lines.
fn shown_dependencies(lines: &[String]) -> Vec<(String, String)> {
    lines
        .iter()
        .filter_map(|l| {
            let (name, version) = l.split_once('=')?;
            Some((
                name.trim().to_string(),
                version.trim().trim_matches('"').to_string(),
            ))
        })
        .collect()
}

/// This crate's dev-dependencies with their versions, as Cargo.toml writes them.
fn dev_dependencies() -> Vec<(String, String)> {
    let manifest = std::fs::read_to_string(root().join("Cargo.toml")).unwrap();
    let section = manifest.split("[dev-dependencies]").nth(1).unwrap();
    let section = section.split("\n[").next().unwrap();
    section
        .lines()
        .filter_map(|l| {
            let (name, rest) = l.split_once('=')?;
            let rest = rest.trim();
            let version = match rest.strip_prefix('{') {
                Some(table) => table.split("version").nth(1)?.split('"').nth(1)?,
                None => rest.trim_matches('"'),
            };
            Some((name.trim().to_string(), version.to_string()))
        })
        .collect()
}

#[test]
fn every_rust_snippet_shows_the_crates_it_uses_at_the_tested_versions() {
    let dev = dev_dependencies();
    assert!(!dev.is_empty(), "read no dev-dependency from Cargo.toml");
    let mut snippets = 0;
    for (document, text) in documents() {
        // A toml block shows the crates of the snippets after it in its own file.
        let mut shown: Vec<(String, String)> = Vec::new();
        for (info, lines) in blocks(&text) {
            if info == "toml" {
                for (name, v) in shown_dependencies(&lines) {
                    if name == "reversi" || name == "reversi-engine" {
                        // Not on crates.io (the `reversi` there is another
                        // project's): by path, and never a version a dependent
                        // would fetch from there.
                        assert!(
                            v.starts_with("{ path = \"") && !v.contains("version"),
                            "{document} shows {name} = {v:?}, not a path to this repository"
                        );
                    } else {
                        let tested = dev.iter().find(|(n, _)| *n == name);
                        assert_eq!(
                        tested.map(|(_, v)| v.as_str()),
                        Some(v.as_str()),
                        "{document} shows {name} = {v:?}; the doctests build with the dev-dependency"
                    );
                    }
                    shown.push((name, v));
                }
            }
            if info.starts_with("rust") {
                // Every snippet is compiled and run.
                assert_eq!(info, "rust", "a snippet marked {info:?} in {document}");
                let guide = document.strip_prefix("docs/guide/");
                assert!(
                    guide.is_none_or(|g| DOCTESTED_GUIDES.contains(&g)),
                    "{document} has a Rust snippet, but src/lib.rs does not run it as a doctest"
                );
                snippets += 1;
                let code = lines.join("\n");
                for (name, _) in &dev {
                    let path = name.replace('-', "_");
                    let used = code.contains(&format!("use {path}::"))
                        || code.contains(&format!(" {path}::"))
                        || code.contains(&format!("({path}::"))
                        || code.contains(&format!("#[{path}("));
                    if used {
                        assert!(
                        shown.iter().any(|(n, _)| n == name),
                        "a snippet of {document} uses {name}, which no toml block before it shows:\n{code}"
                    );
                    }
                }
            }
        }
    }
    assert!(
        snippets >= 8,
        "found only {snippets} Rust snippets in README.md and the guides"
    );
}

/// The link labels of a Markdown line that need a definition: `[label]` not
/// followed by `(` (an inline link) and not itself a definition; brackets inside
/// code spans (`` `a[i]` ``) are text.
fn references(line: &str) -> Vec<String> {
    let chars: Vec<char> = line.chars().collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '`' => {
                let close = (i + 1..chars.len()).find(|&j| chars[j] == '`');
                let Some(close) = close else { break };
                // A code span inside a link label is consumed with the label below.
                i = close + 1;
                continue;
            }
            '[' => {
                let close = (i + 1..chars.len()).find(|&j| chars[j] == ']');
                let Some(close) = close else { break };
                let label: String = chars[i + 1..close].iter().collect();
                let next = chars.get(close + 1);
                let definition = i == 0 && next == Some(&':');
                if !definition && next != Some(&'(') && !label.trim().is_empty() {
                    found.push(label);
                }
                i = close + 1;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    found
}

#[test]
fn the_readmes_links_lead_to_this_crate() {
    for (document, text) in documents() {
        links_lead_to_this_crate(&document, &text);
    }
}

/// The checks of one document's links; only README.md, the crate docs' front page,
/// may name items in brackets (intra-doc links): the guides are read on the
/// repository's pages, where such a link would show as brackets.
fn links_lead_to_this_crate(document: &str, text: &str) {
    let intra_doc = document == "README.md";
    let mut in_code = false;
    let mut prose = Vec::new();
    for line in text.lines() {
        if line.starts_with("```") {
            in_code = !in_code;
        } else if !in_code {
            prose.push(line);
        }
    }
    let definitions: Vec<(&str, &str)> = prose
        .iter()
        .filter_map(|l| l.strip_prefix('[')?.split_once("]: "))
        .collect();
    // A name in brackets with no definition is an intra-doc link: rustdoc makes
    // it a link to this crate's page for the item (the front page of the API
    // docs is this file; `cargo doc` with `-D warnings` in `.ci/run` fails on a
    // name that does not resolve). Only code spans name items.
    for label in prose.iter().flat_map(|l| references(l)) {
        if definitions.iter().all(|(defined, _)| *defined != label) {
            assert!(
                intra_doc && label.starts_with('`') && label.ends_with('`') && label.len() > 2,
                "[{label}] in {document} has no definition and names no item"
            );
        }
    }
    // docs.rs/reversi documents another project's crate of the same name.
    for (label, url) in definitions {
        assert!(
            url.starts_with("https://") && !url.starts_with("https://docs.rs/reversi/"),
            "[{label}] in {document} points at {url}: not a web address, or another crate's docs"
        );
    }
    // Hidden lines of a doctest (`# ...`) show on GitHub and crates.io.
    for (info, lines) in blocks(text) {
        if info.starts_with("rust") {
            assert!(
                !lines.iter().any(|l| l.starts_with("# ") || l == "#"),
                "a Rust snippet of {document} with hidden lines: {lines:#?}"
            );
        }
    }
    // A table is one block: a blank line inside it ends it, and its last rows
    // show as text.
    let lines: Vec<&str> = text.lines().collect();
    for window in lines.windows(3) {
        assert!(
            !(window[0].starts_with('|') && window[1].is_empty() && window[2].starts_with('|')),
            "a blank line inside a table of {document}: {window:?}"
        );
    }
}
