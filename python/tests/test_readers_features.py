"""Evaluation features against plain references, and the many-games readers."""

import random

import pytest
from conftest import DATA, VARIANTS

import reversi

NEIGHBOURS = [(dc, dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1) if (dc, dr) != (0, 0)]


def cells(game):
    """Every square of the bounding grid that the board has, with its cell."""
    width = game.rules.width
    out = {}
    for r in range(width):
        for c in range(width):
            cell = game.cell(f"{chr(97 + c)}{r + 1}")
            if cell is not None:
                out[(c, r)] = cell
    return out


def reference_features(game, player):
    grid = cells(game)
    colors = ["black", "white", "red", "green"][: game.rules.players]
    mine = colors[player]

    def near(square, test):
        c, r = square
        return any(test(grid.get((c + dc, r + dr))) for dc, dr in NEIGHBOURS)

    discs = [s for s, v in grid.items() if v == mine]
    empty = [s for s, v in grid.items() if v == "empty"]
    return {
        "discs": len(discs),
        "frontier": sum(near(s, lambda v: v == "empty") for s in discs),
        "potential_mobility": sum(
            near(s, lambda v: v not in (None, "empty", "blocked", mine)) for s in empty
        ),
    }


@pytest.mark.parametrize("text", VARIANTS)
def test_features_match_plain_counts_along_random_games(text):
    rng = random.Random(text)
    game = reversi.Game(text)
    players = game.rules.players
    while not game.is_over():
        for player in range(players):
            features = game.features(player)
            assert set(features) == {
                "discs", "mobility", "potential_mobility", "frontier", "stable", "corners", "edges",
                "c_squares", "x_squares",
            }
            expected = reference_features(game, player)
            for name, count in expected.items():
                assert features[name] == count, (name, player, game.to_record())
            assert features["discs"] == game.scores()[player]
            assert 0 <= features["stable"] <= features["discs"]
            assert features["corners"] <= features["edges"] <= features["discs"]
            assert features["c_squares"] <= features["edges"]
            assert features["x_squares"] + features["edges"] <= features["discs"]
        mover = game.features()
        assert mover == game.features(game.to_move)
        actions = game.legal_actions()
        if not game.must_pass():
            assert mover["mobility"] == len(actions)
        game.play(rng.choice(actions))


def test_corners_edges_and_stable_discs_on_a_known_position():
    # Black: a1 b1 a2 stable (from the corner); c1 is White's, on the edge.
    game = reversi.Game.from_position(
        "BBW-----/B-------/---WB---/---BW---/--------/--------/--------/-------- W", 2, False
    )
    black, white = game.features(0), game.features(1)
    assert (black["stable"], black["corners"], black["edges"]) == (3, 1, 3)
    assert (white["stable"], white["corners"], white["edges"]) == (0, 0, 1)
    # b1 and a2 are C-squares; nobody is on b2, the X-square.
    assert (black["c_squares"], black["x_squares"]) == (2, 0)
    assert (white["c_squares"], white["x_squares"]) == (0, 0)
    start = reversi.Game("8x8").features()
    assert start == {
        "discs": 2, "mobility": 4, "potential_mobility": 10, "frontier": 2,
        "stable": 0, "corners": 0, "edges": 0, "c_squares": 0, "x_squares": 0,
    }


def test_features_refuse_a_player_not_in_the_game():
    with pytest.raises(reversi.ReversiError, match="player 2 is not in a 2-player game"):
        reversi.Game("8x8").features(2)
    with pytest.raises(OverflowError):
        reversi.Game("8x8").features(-1)


ARCHIVE = (
    "1 (;GM[Othello]PB[ann]PW[bob]TY[8]B[f5//1.5]W[d6/-2.5/3];)\n"
    "garbage\n"
    "2 (;GM[Othello]TY[8]B[f5];)(;GM[Othello]TY[8]B[d3];)\n"
)


def test_read_games_gives_each_game_with_where_it_starts():
    entries = list(reversi.read_games(ARCHIVE))
    assert [e.number for e in entries] == [1, 2, 3, 4]
    third = ARCHIVE.index("2 (;")
    fourth = ARCHIVE.index("(;", third + 4)
    expected = [(1, 0), (2, ARCHIVE.index("garbage")), (3, third), (3, fourth)]
    assert [(e.line, e.byte) for e in entries] == expected
    assert {e.archive for e in entries} == {"ggf"}
    first, bad = entries[0], entries[1]
    assert first.error is None and first.game.moves == ["f5", "d6"]
    assert first.tags["Black"] == "ann" and first.tags["White"] == "bob"
    assert bad.game is None
    assert bad.error == "GGF: line 2, column 1: expected a game (; NAME[value] ... ;)"
    assert "error" in repr(bad) and "2 moves" in repr(first)
    assert entries[3].game.moves == ["d3"]


def test_records_one_after_another_keep_their_tags():
    text = '[Event "a"]\n\nf5 d6\n\n[Event "b"]\n\nf5 f6 {[%eval 0.5] the usual}\n'
    entries = list(reversi.read_games(text))
    assert [e.archive for e in entries] == ["record", "record"]
    assert [e.tags["Event"] for e in entries] == ["a", "b"]
    assert [(e.line, e.byte) for e in entries] == [(1, 0), (5, 20)]
    assert entries[1].game.moves == ["f5", "f6"]
    assert list(reversi.read_games("")) == []


def test_open_games_streams_a_file_as_read_games_reads_its_text(tmp_path):
    path = tmp_path / "games.ggf"
    path.write_text(ARCHIVE * 50)
    streamed = [(e.number, e.line, e.byte, e.error) for e in reversi.open_games(path)]
    whole = [(e.number, e.line, e.byte, e.error) for e in reversi.read_games(ARCHIVE * 50)]
    assert streamed == whole and len(whole) == 200
    reader = reversi.open_games(str(path))
    assert iter(reader) is reader
    with pytest.raises(OSError):
        reversi.open_games(tmp_path / "missing.ggf")


def test_wthor_games_named_from_the_names_files():
    wthor = DATA / "wthor"
    data = (wthor / "WTH_2015.wtb").read_bytes()
    players = (wthor / "WTHOR.JOU").read_bytes()
    tournaments = (wthor / "WTHOR.TRN").read_bytes()
    entries = reversi.wthor_games(data, players=players, tournaments=tournaments)
    games = reversi.read_wthor(data)
    assert len(entries) == len(games) > 0
    assert [e.game.moves for e in entries] == [g.moves for g in games]
    assert [e.byte for e in entries[:3]] == [16, 84, 152]
    names = reversi.wthor_names(players, "players")
    events = reversi.wthor_names(tournaments, "tournaments")
    for entry in entries[:50]:
        tags = entry.tags
        assert entry.archive == "wthor" and entry.line is None and entry.error is None
        assert tags["Black"] == names[int(tags["BlackPlayer"])]
        assert tags["White"] == names[int(tags["WhitePlayer"])]
        assert tags["Event"] == events[int(tags["Tournament"])]
        assert tags["Date"] == "2015"
    unnamed = reversi.wthor_games(data)[0].tags
    assert "Black" not in unnamed and "BlackPlayer" in unnamed


def test_wthor_errors():
    data = (DATA / "wthor" / "WTH_2015.wtb").read_bytes()
    # A file cut inside its third game: two games, then the error of the third.
    entries = reversi.wthor_games(data[: 16 + 68 * 2 + 10])
    assert [e.error is None for e in entries] == [True, True, False]
    assert entries[2].game is None and entries[2].number == 3
    with pytest.raises(reversi.ReversiError):
        reversi.wthor_games(b"short")
    # A header that counts 2 games of many: 2 games, then one entry saying so.
    short_count = data[:4] + (2).to_bytes(4, "little") + data[8:]
    entries = reversi.wthor_games(short_count)
    assert [e.error is None for e in entries] == [True, True, False]
    assert entries[2].number == 3 and entries[2].byte == 16 + 68 * 2
    assert "follow the header's 2 games" in entries[2].error
    with pytest.raises(reversi.ReversiError, match="follow the header's 2 games"):
        reversi.read_wthor(short_count)
    with pytest.raises(ValueError, match="players"):
        reversi.wthor_names((DATA / "wthor" / "WTHOR.JOU").read_bytes(), "games")
    with pytest.raises(reversi.ReversiError):
        reversi.wthor_names(b"\0" * 10, "players")
