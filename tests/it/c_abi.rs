//! The C ABI: the generated header is current, its version macros match the crate,
//! and real C and C++ hosts compile with every warning as an error, link against
//! the static and the shared library, run, and print what they should.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, OnceLock};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn generated_header() -> String {
    let config = cbindgen::Config::from_file(root().join("cbindgen.toml")).unwrap();
    let bindings = cbindgen::Builder::new()
        .with_crate(root())
        .with_config(config)
        .generate()
        .expect("cbindgen generates the header");
    let mut out = Vec::new();
    bindings.write(&mut out);
    String::from_utf8(out).unwrap()
}

#[test]
fn header_is_generated() {
    let generated = generated_header();
    let path = root().join("include/reversi.h");
    if std::env::var_os("REVERSI_BLESS").is_some() {
        std::fs::write(&path, &generated).unwrap();
    }
    let checked_in = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        checked_in == generated,
        "include/reversi.h differs from what cbindgen generates: run REVERSI_BLESS=1 cargo test --features capi --test it c_abi::header_is_generated"
    );
}

#[test]
fn header_version_matches_the_crate() {
    let header = std::fs::read_to_string(root().join("include/reversi.h")).unwrap();
    for (name, value) in [
        ("REVERSI_VERSION_MAJOR", env!("CARGO_PKG_VERSION_MAJOR")),
        ("REVERSI_VERSION_MINOR", env!("CARGO_PKG_VERSION_MINOR")),
        ("REVERSI_VERSION_PATCH", env!("CARGO_PKG_VERSION_PATCH")),
    ] {
        let line = format!("#define {name} {value}");
        assert!(
            header.lines().any(|l| l.trim() == line),
            "the header lacks `{line}`"
        );
    }
}

#[test]
fn every_c_name_starts_with_reversi() {
    let header = std::fs::read_to_string(root().join("include/reversi.h")).unwrap();
    let mut names = Vec::new();
    for line in header.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("//") || trimmed.starts_with("/*") || trimmed.starts_with('*') {
            continue;
        }
        let words: Vec<&str> = line
            .split(|c: char| !c.is_alphanumeric() && c != '_')
            .filter(|w| !w.is_empty())
            .collect();
        match words.as_slice() {
            ["define", name, ..] => names.push(name.to_string()),
            ["typedef", "enum" | "struct", name, ..] => names.push(name.to_string()),
            ["typedef", _, name] => names.push(name.to_string()),
            ["enum", name] => names.push(name.to_string()),
            _ => {}
        }
        if let Some(pointer) = line
            .strip_prefix("typedef ")
            .and_then(|l| l.split_once("(*"))
        {
            // A function pointer type: `typedef type (*name)(...)`.
            let name = pointer.1.split(')').next().unwrap_or_default();
            names.push(name.to_string());
        } else if let Some(paren) = line.find('(') {
            // A function declaration: `type name(`.
            if let Some(name) = line[..paren].split_whitespace().last()
                && !line.starts_with('#')
            {
                names.push(name.trim_start_matches('*').to_string());
            }
        }
    }
    assert!(names.len() > 40, "{names:?}");
    for name in names {
        assert!(
            name.starts_with("reversi_")
                || name.starts_with("Reversi")
                || name.starts_with("REVERSI_"),
            "{name} does not start with reversi_"
        );
    }
}

/// The directory that holds libreversi.a and libreversi.so: the crate is a plain
/// Rust library (no C crate types in Cargo.toml), so the test builds the C
/// libraries itself with `cargo rustc --features capi` (as `cargo cinstall` does,
/// the exports being behind that feature, without needing
/// cargo-c), into a target directory of its own: a nested build in the outer one
/// would wait for its lock.
fn lib_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("c-libs");
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let output = Command::new(cargo)
            .current_dir(root())
            .args([
                "rustc",
                "--lib",
                "--features",
                "capi",
                "--crate-type",
                "staticlib",
                "--crate-type",
                "cdylib",
            ])
            .arg("--target-dir")
            .arg(&target)
            .output()
            .expect("cargo runs");
        assert!(
            output.status.success(),
            "building the C libraries failed:\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let dir = target.join("debug");
        assert!(dir.join("libreversi.a").exists() && dir.join("libreversi.so").exists());
        dir
    })
}

fn out_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("c-hosts");
        std::fs::create_dir_all(&dir).unwrap();
        dir
    })
}

#[derive(Copy, Clone, Debug)]
enum Link {
    Static,
    Shared,
}

/// Compiles a host with every warning an error and links it; returns the binary.
/// The object is compiled once a process and linked both ways.
fn compile(compiler: &str, std: &str, source: &str, link: Link) -> PathBuf {
    static COMPILED: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
    let name = Path::new(source)
        .file_stem()
        .unwrap()
        .to_string_lossy()
        .to_string();
    let object = out_dir().join(format!("{name}-{compiler}.o"));
    if !COMPILED.lock().unwrap().contains(&object) {
        let mut cmd = Command::new(compiler);
        cmd.args([
            std,
            "-Wall",
            "-Wextra",
            "-Wpedantic",
            "-Werror",
            "-O1",
            "-g",
            "-c",
        ])
        .arg("-I")
        .arg(root().join("include"))
        .arg(root().join(source))
        .arg("-o")
        .arg(&object);
        checked(cmd, &format!("{compiler} -c {source}"));
        COMPILED.lock().unwrap().push(object.clone());
    }
    let exe = out_dir().join(format!("{name}-{compiler}-{link:?}"));
    let lib = lib_dir();
    let mut cmd = Command::new(compiler);
    cmd.arg(&object).arg("-o").arg(&exe);
    match link {
        Link::Static => {
            cmd.arg(lib.join("libreversi.a"));
        }
        Link::Shared => {
            cmd.arg(format!("-L{}", lib.display()))
                .arg("-lreversi")
                .arg(format!("-Wl,-rpath,{}", lib.display()));
        }
    }
    cmd.args(["-lpthread", "-ldl", "-lm"]);
    checked(cmd, &format!("{compiler} {source} ({link:?})"));
    exe
}

/// Runs a compiler or linker command; its messages in the panic if it fails.
fn checked(mut cmd: Command, what: &str) {
    let output = cmd.output().unwrap_or_else(|e| panic!("{what}: {e}"));
    assert!(
        output.status.success(),
        "{what} failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

fn run(exe: &Path, args: &[&str]) -> String {
    let output = Command::new(exe).args(args).output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout).to_string();
    assert!(
        output.status.success(),
        "{} failed:\n{stdout}\n{}",
        exe.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

#[test]
fn every_exported_function_is_exercised_from_c() {
    let header = std::fs::read_to_string(root().join("include/reversi.h")).unwrap();
    let test = std::fs::read_to_string(root().join("tests/c/abi_test.c")).unwrap();
    let mut functions: Vec<&str> = header
        .split(|c: char| !c.is_alphanumeric() && c != '_')
        .filter(|w| w.starts_with("reversi_") && header.contains(&format!("{w}(")))
        .collect();
    functions.sort();
    functions.dedup();
    assert!(functions.len() >= 40);
    // The C++ wrapper covers the whole C API: it names every function.
    let wrapper = std::fs::read_to_string(root().join("include/reversi.hpp")).unwrap();
    let wrapped: Vec<&str> = wrapper
        .split(|c: char| !c.is_alphanumeric() && c != '_')
        .collect();
    for f in functions {
        assert!(
            test.contains(&format!("{f}(")),
            "tests/c/abi_test.c never calls {f}"
        );
        assert!(wrapped.contains(&f), "include/reversi.hpp never uses {f}");
    }
    let wthor = root().join("tests/data/wthor/WTH_2015.wtb");
    let ggf = root().join("tests/data/ggs/TestGames.ggf");
    for link in [Link::Static, Link::Shared] {
        let exe = compile("gcc", "-std=c11", "tests/c/abi_test.c", link);
        let out = run(&exe, &[wthor.to_str().unwrap(), ggf.to_str().unwrap()]);
        assert!(out.contains("checks passed"), "{out}");
    }
}

#[test]
fn the_c_host_plays_every_variant() {
    for link in [Link::Static, Link::Shared] {
        let exe = compile("gcc", "-std=c11", "examples/c/game.c", link);
        let out = run(&exe, &[]);
        assert!(out.contains("outcome "), "{out}");
        assert!(
            out.contains("play a1: the move is not legal now: a1 flips nothing"),
            "{out}"
        );
        assert!(
            out.contains("legal moves into 1 slot: the buffer is too small, 4 needed"),
            "{out}"
        );
        assert!(
            out.contains(
                "play_moves: the text could not be read: column 7: move 3: \"zz\" is not a square"
            ),
            "{out}"
        );
        assert!(out.contains("board 42: an enumeration or flag argument has a value it cannot have, handle untouched"), "{out}");
        for args in [
            ["6x6", "2", "1", "0"],
            ["octagon", "4", "0", "7"],
            ["10x10", "3", "1", "3"],
            ["8x8", "2", "0", "5"],
        ] {
            let out = run(&exe, &args);
            let last = out.lines().find(|l| l.starts_with("outcome ")).unwrap();
            assert!(last.split_whitespace().count() == 7, "{last}");
        }
    }
}

/// The records of tests/data/numbering/ give, through the C ABI, the index and
/// name of every move that the Rust API (tests/it/numbering.rs) and Python
/// (python/tests/test_numbering.py) give: one numbering in every language.
#[test]
fn the_c_abi_numbers_every_move_as_rust_and_python_do() {
    let exe = compile("gcc", "-std=c11", "tests/c/numbering.c", Link::Static);
    let dir = root().join("tests/data/numbering");
    let mut records = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "txt") {
            let expected = std::fs::read_to_string(path.with_extension("indices")).unwrap();
            let out = run(&exe, &[path.to_str().unwrap()]);
            assert_eq!(out, expected, "{}", path.display());
            records += 1;
        }
    }
    assert!(records >= 10, "{records} records");
}

#[test]
fn the_c_games_host_reads_every_game_and_says_which_failed() {
    let archive = root().join("tests/data/ggs/TestGames.ggf");
    let broken = out_dir().join("broken.ggf");
    std::fs::write(
        &broken,
        "1 (;GM[Othello]TY[8]B[f5/0.5/1.2]W[d6];)\ngarbage\n2 (;GM[Othello]TY[8]B[f5]W[a1];)\n3 (;GM[Othello]TY[8]B[d3];)\n",
    )
    .unwrap();
    for link in [Link::Static, Link::Shared] {
        let exe = compile("gcc", "-std=c11", "examples/c/games.c", link);
        let out = run(&exe, &[archive.to_str().unwrap()]);
        assert!(
            out.starts_with("12 games read, 0 failed, 725 moves, "),
            "{out}"
        );
        let output = Command::new(&exe).arg(&broken).output().unwrap();
        let out = String::from_utf8_lossy(&output.stdout);
        assert_eq!(output.status.code(), Some(3), "{out}");
        assert_eq!(
            out,
            "entry 2 (line 2, byte 41; error at line 2, column 1): game 2: GGF: line 2, column 1: expected a game (; NAME[value] ... ;)\n\
             entry 3 (line 3, byte 49; error at line 3, column 26): game 3: GGF: line 3, column 26: move 2: a1 flips nothing\n\
             2 games read, 2 failed, 3 moves, 1 evaluations\n"
        );
        let output = Command::new(&exe).arg("/nonexistent").output().unwrap();
        assert_eq!(output.status.code(), Some(1));
        assert!(String::from_utf8_lossy(&output.stderr)
            .starts_with("reading the input failed: /nonexistent: "));
    }
}

#[test]
fn the_cpp_wrapper_checks_pass() {
    let ggf = root().join("tests/data/ggs/TestGames.ggf");
    for link in [Link::Static, Link::Shared] {
        let exe = compile("g++", "-std=c++17", "tests/c/wrapper_test.cpp", link);
        let out = run(&exe, &[ggf.to_str().unwrap()]);
        assert!(out.contains("checks passed"), "{out}");
    }
}

#[test]
fn the_cpp_host_plays_through_the_raii_wrapper() {
    let wthor = root().join("tests/data/wthor/WTH_2015.wtb");
    let ggf = root().join("tests/data/ggs/TestGames.ggf");
    for link in [Link::Static, Link::Shared] {
        let exe = compile("g++", "-std=c++17", "examples/cpp/game.cpp", link);
        let out = run(&exe, &[wthor.to_str().unwrap(), ggf.to_str().unwrap()]);
        for expected in [
            "four players: outcome ",
            "error: the move is not legal now: a1 flips nothing (status 7)",
            "no pass while a move exists",
            "after undo: 4 moves, copy has f5 (1 moves)",
            "[Event \"C++ \\\"host\\\"\"]",
            "[Result \"",
            "record read back: same, Event C++ \"host\"",
            "error: the tag cannot be set: tag Annotator: the value holds a line break",
            "long error: 210 bytes, whole",
            "perft(4) from the start: 244",
            "f5 legal: 1, a1 legal: 0",
            "anti 1, handicap 1/1, blocked c1 h4, tags 8x8 yes white a1",
            " black discs",
            "error: the text could not be read: line 1, column 1: tag Board",
            "wthor: 1926 games, the first ends ",
            "Opening tag absent",
            "at move 2 of 5: f5 d6; saved 5, up to here 2",
            "error: an index is out of range: move 9 is beyond the game's last move, 5",
            "move 4: d3 by 1, flips d4, played 0, evaluation -1250, time 2500000000 ns, comment \"the usual\"",
            "move 1: evaluation absent, comment absent",
            "entry 1, line 1, byte 0: moves f5 d6\n",
            "entry 2, line 2, byte 48: error game 2: GGF: line 2, column 1: expected a game",
            "entry 3, line 3, byte 56: moves f5\n",
            "entry 4, line 3, byte 83: moves d3\n",
            "archive: 12 games, 725 moves",
        ] {
            assert!(out.contains(expected), "no {expected:?} in:\n{out}");
        }
        // The blocked squares read back through the rules, the list and the tag agree.
        let line = out
            .lines()
            .find(|l| l.starts_with("board 3, 4 players"))
            .unwrap();
        let (_, blocked) = line.split_once("blocked ").unwrap();
        let (from_rules, rest) = blocked.split_once(" = ").unwrap();
        let (from_list, tag) = rest.split_once(", tag Blocked ").unwrap();
        assert!(!from_rules.is_empty(), "{line}");
        assert_eq!(from_rules, from_list, "{line}");
        assert_eq!(tag, format!("\"{from_rules}\""), "{line}");
    }
}

/// Every `c` block of README.md and of the guides (`docs/guide/*.md`) compiles
/// with every warning an error, links, and runs; the "Game databases" one prints
/// what its comments say.
#[test]
fn the_readme_c_snippets_compile_and_run() {
    let mut documents = vec![root().join("README.md")];
    let mut guides: Vec<_> = std::fs::read_dir(root().join("docs/guide"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    guides.sort();
    documents.extend(guides);
    let mut blocks = Vec::new();
    for document in documents {
        let text = std::fs::read_to_string(document).unwrap();
        let mut lines = text.lines();
        while let Some(line) = lines.next() {
            if line.trim() == "```c" {
                let block: Vec<&str> = lines.by_ref().take_while(|l| l.trim() != "```").collect();
                blocks.push(block.join("\n") + "\n");
            }
        }
    }
    assert!(blocks.len() >= 2, "{} c blocks", blocks.len());
    let mut outputs = String::new();
    for (i, block) in blocks.iter().enumerate() {
        let source = out_dir().join(format!("readme_{i}.c"));
        std::fs::write(&source, block).unwrap();
        let exe = compile("gcc", "-std=c11", source.to_str().unwrap(), Link::Static);
        outputs += &run(&exe, &[]);
    }
    for expected in [
        "no Round tag\n",
        "d6: -1250 thousandths of a disc\n",
        "line 2, byte 56: game 2: GGF: line 2, column 26: move 2: a1 flips nothing\n",
    ] {
        assert!(outputs.contains(expected), "no {expected:?} in:\n{outputs}");
    }
}

#[test]
fn both_headers_include_twice_in_one_translation_unit() {
    let source = out_dir().join("twice.cpp");
    std::fs::write(
        &source,
        "#include \"reversi.h\"\n#include \"reversi.h\"\n#include \"reversi.hpp\"\n#include \"reversi.hpp\"\nint main() { return reversi_version()[0] == '\\0'; }\n",
    )
    .unwrap();
    let exe = compile("g++", "-std=c++17", source.to_str().unwrap(), Link::Static);
    run(&exe, &[]);
}

#[test]
fn every_status_in_the_header_has_its_own_message() {
    let header = std::fs::read_to_string(root().join("include/reversi.h")).unwrap();
    let codes: Vec<(&str, u32)> = header
        .lines()
        .filter_map(|l| l.trim().strip_prefix("REVERSI_STATUS_"))
        .filter_map(|l| {
            let (name, code) = l.split_once(" = ")?;
            Some((name, code.trim_end_matches(',').parse().ok()?))
        })
        .collect();
    assert!(codes.len() >= 14, "{codes:?}");
    let mut messages = Vec::new();
    for (name, code) in codes {
        // SAFETY: the function returns a static NUL-terminated string.
        let message =
            unsafe { std::ffi::CStr::from_ptr(reversi::ffi::reversi_status_message(code)) };
        let message = message.to_str().unwrap().to_string();
        assert_ne!(message, "unknown status code", "REVERSI_STATUS_{name}");
        assert!(!messages.contains(&message), "{message:?} twice");
        messages.push(message);
    }
}
