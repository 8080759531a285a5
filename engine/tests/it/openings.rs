use reversi::Symmetric;
use std::collections::HashSet;

use reversi_engine::arena::openings::*;

#[test]
fn the_shipped_set_is_what_generate_makes_by_default() {
    // The whole set takes minutes to search; its first openings, the
    // same lines and values.
    let set = balanced();
    assert_eq!(set.len(), Generation::default().count);
    let first = generate(
        &Generation {
            count: 2,
            threads: 2,
            ..Generation::default()
        },
        |_| {},
    );
    assert_eq!(first, set[..2]);
}

#[test]
fn the_shipped_openings_are_distinct_balanced_and_eight_moves_long() {
    let set = balanced();
    let mut seen = HashSet::new();
    for o in set {
        assert_eq!(o.moves.len(), 8);
        assert!(o.value.abs() <= 2.0, "{o:?}");
        assert!(seen.insert(o.game().position().canonical().0), "{o:?}");
    }
    // Written and read back: the same set.
    assert_eq!(parse(&write(set)).unwrap(), set);
}

#[test]
fn bad_lines_are_refused_with_their_number() {
    assert_eq!(parse("# c\n\nf5d6"), Err(OpeningsError::Form { line: 3 }));
    assert!(matches!(
        parse("f5d6 +0.1\nf5a1 +0.2"),
        Err(OpeningsError::Moves { line: 2, .. })
    ));
    assert_eq!(
        parse("f5d6 big"),
        Err(OpeningsError::Value {
            line: 1,
            value: "big".into()
        })
    );
    assert_eq!(
        parse("f5d6 NaN"),
        Err(OpeningsError::Value {
            line: 1,
            value: "NaN".into()
        })
    );
}
