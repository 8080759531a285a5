//! Runs the example programs from the tests: the built binaries under
//! target/<profile>/examples/, built first with the tests' own profile (a no-op
//! after `cargo test`, which builds the examples before the tests).
#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::{Mutex, OnceLock};

/// The root of the crate whose tests these are (the rules crate's, or the
/// engine's).
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Where the examples built with the tests' profile are: the test runs from
/// target/<profile>/deps/, and the examples are next door.
pub fn examples_dir() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    exe.parent().unwrap().parent().unwrap().join("examples")
}

/// The profile the tests were built with, for `cargo build --profile`: `test`
/// builds into target/debug, and `cargo test --release` (or `--profile P`) into
/// a directory of its own name.
pub fn profile() -> String {
    let dir = examples_dir();
    match dir
        .parent()
        .and_then(|d| d.file_name())
        .and_then(|n| n.to_str())
    {
        Some("debug") | None => "test".to_string(),
        Some(dir) => dir.to_string(),
    }
}

/// `cargo build` of examples as `cargo test --workspace --all-features` (the
/// README's and .ci/run's test command) has built them already, with the same
/// profile and features, so that it is a no-op after that command: a build with
/// other features would compile the crates again, and write over the examples.
/// Any example of the workspace: the engine's tests also run `replay`.
pub fn build_args() -> [String; 5] {
    [
        "build",
        "--workspace",
        "--all-features",
        "--profile",
        &profile(),
    ]
    .map(String::from)
}

/// The path of the example `name`, built and up to date.
pub fn example(name: &str) -> PathBuf {
    static BUILT: OnceLock<Mutex<Vec<String>>> = OnceLock::new();
    let mut built = BUILT.get_or_init(Default::default).lock().unwrap();
    let path = examples_dir().join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    if !built.iter().any(|n| n == name) {
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let status = Command::new(cargo)
            .current_dir(root())
            .args(build_args())
            .args(["--example", name])
            .status()
            .unwrap();
        assert!(status.success(), "cargo build --example {name} failed");
        built.push(name.to_string());
    }
    assert!(path.exists(), "{} was not built", path.display());
    path
}

/// Runs the example `name` with `args` and `input` on its standard input.
pub fn run(name: &str, args: &[&str], input: &str) -> Output {
    let mut child = Command::new(example(name))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // The program may stop reading early (`quit`): a broken pipe is not a failure.
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    child.wait_with_output().unwrap()
}

/// The standard output of a run that must succeed.
pub fn stdout_of(output: &Output) -> String {
    assert!(
        output.status.success(),
        "failed: {}\n{}",
        String::from_utf8_lossy(&output.stderr),
        String::from_utf8_lossy(&output.stdout)
    );
    String::from_utf8(output.stdout.clone()).unwrap()
}

/// A file path in the tests' scratch directory.
pub fn scratch(name: &str) -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join(name)
}
