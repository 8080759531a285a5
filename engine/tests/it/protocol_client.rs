use reversi::Move;
use reversi::Square;
use reversi_engine::bot::Eval;
use reversi_engine::protocol::client::*;

#[test]
fn nodestats_are_read_as_whole_counts() {
    assert_eq!(read_nodestats("nodestats 123456 0.52"), Some(123_456));
    assert_eq!(read_nodestats("  nodestats 1.5e6 2"), Some(1_500_000));
    assert_eq!(read_nodestats("nodestats 12"), Some(12));
    for line in [
        "nodestats",
        "nodestats -3 1",
        "nodestats nan 1",
        "nodestats x",
        "status 12",
    ] {
        assert_eq!(read_nodestats(line), None, "{line}");
    }
}

#[test]
fn go_answers_are_read_in_both_forms() {
    let f5 = Move::Place("f5".parse::<Square>().unwrap());
    let at = |line| read_answer(line);
    assert_eq!(at("=== f5/+1.20/0.5"), Some((f5, Some(Eval::Discs(1.2)))));
    assert_eq!(at("=== F5 -3.5 0.25"), Some((f5, Some(Eval::Discs(-3.5)))));
    assert_eq!(at("===f5"), Some((f5, None)));
    assert_eq!(at("=== f5//0.1"), Some((f5, None)));
    assert_eq!(at("=== f5/nan/0.1"), Some((f5, None)));
    assert_eq!(at("=== f5 inf"), Some((f5, None)));
    assert_eq!(
        at("=== PA/0.00/0"),
        Some((Move::Pass, Some(Eval::Discs(0.0))))
    );
    assert_eq!(at("=== "), None);
    assert_eq!(at("=== z9/1/1"), None);
}
