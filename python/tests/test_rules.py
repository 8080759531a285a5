"""Random games of every variant against the plain reference, and perft counts."""

import random

import pytest
from conftest import DATA, VARIANTS
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import Reference, square_of

import reversi


def reference_for(rules: reversi.Rules) -> Reference:
    return Reference(rules.board, rules.players, rules.anti, rules.blocked)


@pytest.mark.parametrize("text", VARIANTS)
def test_start_position_matches_the_reference(text):
    rules = reversi.Rules(text)
    game = reversi.Game(rules)
    ref = reference_for(rules)
    names = {"B": "black", "W": "white", "R": "red", "G": "green", "N": "neutral", "-": "empty", "#": "blocked"}
    for square, cell in ref.cells.items():
        name = f"{chr(97 + square[0])}{square[1] + 1}"
        assert game.cell(name) == names[cell], name
    assert game.scores() == ref.scores()


@pytest.mark.parametrize("text", VARIANTS)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games_match_the_reference(text, seed):
    rng = random.Random(seed)
    rules = reversi.Rules(text)
    game = reversi.Game(rules)
    ref = reference_for(rules)
    while True:
        actions = ref.legal_actions()
        assert game.legal_actions() == actions
        mask = game.legal_mask()
        assert sorted(mask.nonzero()[0].tolist()) == actions
        assert game.to_move == ref.to_move
        if not actions:
            break
        assert not game.is_over()
        action = rng.choice(actions)
        assert sorted(game.play(action)) == ref.play(action)
        assert game.history[-1].action == action
    assert game.is_over()
    assert game.scores() == ref.scores()
    assert game.outcome() == ref.outcome()
    rewards = game.rewards()
    if ref.outcome() == "draw":
        assert rewards == [0.0] * rules.players
    else:
        winner = ["black", "white", "red", "green"].index(ref.outcome())
        assert rewards == [1.0 if i == winner else -1.0 for i in range(rules.players)]


def published(path):
    rows = []
    for line in (DATA / path).read_text().splitlines():
        if line and not line.startswith("#"):
            rows.append(line.split())
    return rows


def test_perft_8x8_matches_the_published_table():
    game = reversi.Game()
    checked = 0
    for depth, leaves in published("perft_8x8.txt"):
        if int(depth) <= 8:
            assert game.perft(int(depth)) == int(leaves)
            checked += 1
    assert checked == 8


def test_perft_other_boards_match_the_table():
    checked = 0
    for board, depth, leaves in published("perft_other_boards.txt"):
        if int(depth) <= 7:
            assert reversi.Game(board).perft(int(depth)) == int(leaves)
            checked += 1
    assert checked >= 3


@pytest.mark.parametrize("text", VARIANTS)
def test_perft_matches_the_reference(text):
    rules = reversi.Rules(text)
    depth = 3 if rules.players == 2 else 2
    assert reversi.Game(rules).perft(depth) == reference_for(rules).perft(depth)


def passes_within(ref: Reference, plies: int) -> bool:
    """Whether some line of `plies` moves from here holds a pass."""
    actions = ref.legal_actions()
    if plies == 0 or not actions:
        return False
    if actions == [ref.width * ref.width]:
        return True
    for action in actions:
        saved = dict(ref.cells), ref.to_move
        ref.play(action)
        found = passes_within(ref, plies - 1)
        ref.cells, ref.to_move = saved
        if found:
            return True
    return False


@pytest.mark.parametrize("text", VARIANTS)
def test_deep_perft_near_the_end_matches_the_reference(text):
    # Depths above the five plies that `perft` counts in one piece, from near
    # the end, where finished games and (with two players) passes sit in the
    # plies that it splits.
    rules = reversi.Rules(text)
    for seed in range(500):
        rng = random.Random(seed)
        game = reversi.Game(rules)
        ref = reference_for(rules)
        while list(ref.cells.values()).count("-") > 7 and ref.legal_actions():
            action = rng.choice(ref.legal_actions())
            game.play(action)
            ref.play(action)
        if rules.players > 2 or passes_within(ref, 3):
            break
    else:
        pytest.fail("no game with a pass near its end")
    for depth in (6, 8):
        assert game.perft(depth) == ref.perft(depth), depth


def test_free_opening_fills_the_centre_first():
    game = reversi.Game("8x8, free opening")
    assert game.legal_moves() == ["d4", "e4", "d5", "e5"]
    assert game.play("e5") == []
    assert game.cell("e5") == "black"


def test_rules_from_text_and_keywords_agree():
    text = reversi.Rules("octagon, 4 players, anti")
    keywords = reversi.Rules(board="octagon", players=4, anti=True)
    assert text == keywords and hash(text) == hash(keywords)
    assert text.players == 4 and text.anti and text.board == "octagon"
    assert reversi.Rules("--board octagon --players 3 --anti --blocked c1,j4") == reversi.Rules(
        board="octagon", players=3, anti=True, blocked=["c1", "j4"]
    )
    assert reversi.Rules(blocked="c1 j4", board="10x10").blocked == ["c1", "j4"]
    assert reversi.Rules() == reversi.Rules("8x8")
    assert reversi.Rules(str(keywords)) == keywords
    seeded = reversi.Rules(board="10x10", blocked_seed=7)
    assert 1 <= len(seeded.blocked) <= 4
    assert seeded == reversi.Rules(board="10x10", blocked_seed=7)
    handicap = reversi.Rules(handicap="white a1 h8")
    assert handicap.handicap == "white top-left bottom-right"
    assert reversi.Game(handicap).cell("h8") == "white"


def test_action_numbering():
    rules = reversi.Rules()
    assert rules.num_actions == 65 and rules.pass_action == 64
    assert rules.action("a1") == 0 and rules.action("h8") == 63 and rules.action("pass") == 64
    assert rules.action("f5") == 4 * 8 + 5
    assert rules.move_name(37) == "f5" and rules.move_name(64) == "pass"
    octagon = reversi.Rules("octagon")
    assert octagon.num_actions == 101 and octagon.action("j10") == 99
    # The cut corners have numbers, never legal.
    assert octagon.move_name(0) == "a1"
    assert reversi.Game(octagon).cell("a1") is None
    with pytest.raises(reversi.ReversiError):
        rules.action("j10")
    assert reversi.Rules("6x6").action("f6") == 35


def test_squares_by_name_and_action_play_alike():
    by_name, by_action = reversi.Game(), reversi.Game()
    for name in ["f5", "d6", "c3", "d3", "c4"]:
        by_name.play(name)
        by_action.play(by_action.rules.action(name))
    assert by_name == by_action
    assert by_name.moves == ["f5", "d6", "c3", "d3", "c4"]


def test_undo_redo_go_to_and_history():
    game = reversi.Game()
    game.play("f5")
    game.play("f6")
    game.play("e6")
    assert [p.move for p in game.history] == ["f5", "f6", "e6"]
    assert game.history[2].flips == ["e5"] and game.history[2].color == "black"
    assert game.history[1].player == 1
    assert game.undo() == "e6"
    assert game.redo_moves == ["e6"]
    assert game.redo() == "e6"
    assert game.redo() is None
    game.go_to(1)
    assert game.moves == ["f5"] and game.to_move == 1 and game.to_move_color == "white"
    game.go_to(3)
    assert game.move_count == 3
    with pytest.raises(reversi.ReversiError):
        game.go_to(4)
    game.go_to(0)
    assert game.undo() is None
    assert game.redo_moves == ["f5", "f6", "e6"]


def test_a_game_with_passes():
    # Random 6x6 games until one where a player must pass.
    rng = random.Random(3)
    for _ in range(200):
        game = reversi.Game("6x6")
        while not game.is_over():
            if game.must_pass():
                assert game.legal_actions() == [game.rules.pass_action]
                assert game.legal_moves() == ["pass"]
                empty = next(a for a in range(36) if game.cell(game.rules.move_name(a)) == "empty")
                with pytest.raises(reversi.ReversiError):
                    game.play(empty)
                game.play("pass")
                assert game.history[-1].move == "pass" and game.history[-1].flips == []
                return
            game.play(rng.choice(game.legal_actions()))
    pytest.fail("no pass in 200 random 6x6 games")


def test_loading_text_formats():
    game = reversi.Game.load("f5 d6 c3 d3 c4")
    assert game.moves == ["f5", "d6", "c3", "d3", "c4"]
    record = game.to_record()
    assert reversi.Game.load(record) == game
    obf = (DATA / "ffo" / "fforum-1-19.obf").read_text().splitlines()
    first = next(line for line in obf if line and not line.startswith("%") and not line.startswith("#"))
    loaded = reversi.Game.load(first)
    assert loaded.rules.board == "8x8" and not loaded.is_over()
    position = reversi.Game.from_position(
        "--------/--------/--------/---WB---/---BW---/--------/--------/-------- B"
    )
    assert position.legal_moves() == ["d3", "c4", "f5", "e6"]
    with pytest.raises(reversi.ReversiError):
        reversi.Game.load("f5 a1")


def test_reading_wthor():
    data = (DATA / "wthor" / "WTH_2015.wtb").read_bytes()
    games = reversi.read_wthor(data)
    announced = int.from_bytes(data[4:8], "little")
    assert len(games) == announced > 0
    assert all(g.rules.board == "8x8" for g in games)
    assert sum(g.move_count > 20 for g in games) > len(games) // 2
    assert sum(g.is_over() for g in games) > len(games) // 2


def test_str_and_repr():
    game = reversi.Game("octagon, 4 players")
    text = str(game)
    assert "a b c d e f g h i j" in text and "Black to move" in text
    assert repr(game).startswith("<reversi.Game octagon, 4 players, 0 moves, black to move")
    assert repr(reversi.Rules("10x10, anti")) == 'Rules("10x10, 2 players, anti")'
    assert str(reversi.Rules("10x10, anti")) == "10x10, 2 players, anti"


def test_hash_keys_follow_positions():
    a, b = reversi.Game(), reversi.Game()
    for m in ["f5", "d6", "c3"]:
        a.play(m)
    b.play("f5")
    assert a.hash_key() != b.hash_key()
    b.play("d6")
    b.play("c3")
    assert a.hash_key() == b.hash_key()
    b.undo()
    assert a.hash_key() != b.hash_key()


def test_square_names_are_case_insensitive():
    game = reversi.Game()
    game.play("F5")
    assert game.moves == ["f5"]
    assert square_of("f5") == (5, 4)


def test_the_documented_rules_keywords():
    """The examples of the ``Rules`` docstring and the README (``blocked_seed``'s
    is in ``test_rules_from_text_and_keywords_agree``)."""
    examples = [
        (dict(board="10x10"), "10x10"),
        (dict(board="octagon", players=4), "octagon, 4 players"),
        (dict(anti=True), "8x8, anti"),
        (dict(free_opening=True), "8x8, free opening"),
        (dict(handicap="white a1 h8"), "8x8, handicap white a1 h8"),
        (dict(handicap="white top-left bottom-right"), "8x8, handicap white a1 h8"),
        (dict(board="octagon", handicap="black b2"), "octagon, handicap black b2"),
        (dict(board="10x10", blocked="c1 j4"), "10x10, blocked c1 j4"),
        (dict(blocked=["a1", "h8"]), "8x8, blocked a1 h8"),
    ]
    for keywords, text in examples:
        assert reversi.Rules(**keywords) == reversi.Rules(text), keywords


def test_dir_shows_the_api_only() -> None:
    import reversi

    assert dir(reversi) == sorted(reversi.__all__)
    for hidden in ("np", "Tuple", "Union", "annotations"):
        assert hidden not in dir(reversi)
