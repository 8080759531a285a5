"""Writing WTHOR databases from Python, checked against the files and against a
plain byte layout written here from the format's description."""

import datetime
import pickle
import random

import pytest
from conftest import DATA

import reversi

FILES = ["WTH_1985.wtb", "WTH_2015.wtb"]


def official_black_score(game):
    """Black's discs with the empty squares to the winner (halved on a draw)."""
    black, white = game.scores()
    empty = 64 - black - white
    if black > white:
        return black + empty
    if black == white:
        return black + empty // 2
    return black


def expected_record(tournament, black, white, score, theoretical, moves):
    """One 68-byte WTHOR game record, from the format: three little-endian
    16-bit numbers, two score bytes, then 60 move bytes (10 * row + column, each
    from 1; 0 after the last placement)."""
    out = b"".join(n.to_bytes(2, "little") for n in (tournament, black, white))
    out += bytes([score, theoretical])
    codes = [10 * int(m[1:]) + (ord(m[0]) - 96) for m in moves if m != "pass"]
    return out + bytes(codes + [0] * (60 - len(codes)))


def random_game(seed):
    rng = random.Random(seed)
    game = reversi.Game("8x8")
    while not game.is_over():
        game.play(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize("name", FILES)
def test_a_database_read_and_written_again_is_the_same_bytes(name):
    data = (DATA / "wthor" / name).read_bytes()
    header = reversi.wthor_header(data)
    assert reversi.write_wthor(reversi.read_wthor(data), header) == data
    entries = reversi.wthor_games(data)
    assert reversi.write_wthor((e.game for e in entries), header) == data


@pytest.mark.parametrize("name", FILES)
def test_the_header_is_the_files_first_sixteen_bytes(name):
    data = (DATA / "wthor" / name).read_bytes()
    header = reversi.wthor_header(data)
    assert header.created == tuple(data[0:4])
    assert header.games == int.from_bytes(data[4:8], "little") == (len(data) - 16) // 68
    assert header.names == int.from_bytes(data[8:10], "little")
    assert header.year == int.from_bytes(data[10:12], "little") == int(name[4:8])
    assert header.board == {8: "8x8", 10: "10x10"}[data[12]]
    assert (header.solitaire, header.theoretical_depth, header.reserved) == tuple(data[13:16])
    assert pickle.loads(pickle.dumps(header)) == header
    assert eval(repr(header), {"WthorHeader": reversi.WthorHeader}) == header


def test_games_of_its_own_take_their_numbers_from_tags_or_the_board():
    games = [random_game(seed) for seed in range(20)]
    games[3].set_tag("Tournament", "7")
    games[3].set_tag("BlackPlayer", "65535")
    games[3].set_tag("WhitePlayer", "12")
    games[3].set_tag("BlackScore", "33")
    games[3].set_tag("TheoreticalScore", "30")
    # The whole line is written, wherever the game stands on it.
    games[5].go_to(10)
    header = reversi.WthorHeader(year=2026, theoretical_depth=22, created=(20, 26, 12, 3))
    data = reversi.write_wthor(games, header)
    assert data[:16] == bytes([20, 26, 12, 3]) + (20).to_bytes(4, "little") + bytes(
        [0, 0, 0xEA, 0x07, 8, 0, 22, 0]
    )
    for i, game in enumerate(games):
        game.go_to(len(game.moves) + len(game.redo_moves))
        record = data[16 + 68 * i : 16 + 68 * (i + 1)]
        if i == 3:
            assert record == expected_record(7, 65535, 12, 33, 30, game.moves)
        else:
            score = official_black_score(game)
            assert record == expected_record(0, 0, 0, score, score, game.moves)
    # Read back: the same lines, and the numbers in the tags.
    again = reversi.read_wthor(data)
    assert [g.moves for g in again] == [g.moves for g in games]
    assert again[3].tags["BlackPlayer"] == "65535"
    assert again[3].tags["Date"] == "2026"


def test_a_game_stopped_early_is_written_with_its_stated_score():
    game = reversi.Game("8x8")
    for move in ["f5", "d6", "c3"]:
        game.play(move)
    with pytest.raises(reversi.ReversiError, match="game 1: .*BlackScore"):
        reversi.write_wthor([game])
    game.set_result("black 40-24 by agreement")
    data = reversi.write_wthor([game], reversi.WthorHeader(year=2000))
    assert data[16 + 6 : 16 + 8] == bytes([40, 40])
    assert data[16 + 8 : 16 + 11] == bytes([56, 64, 33])


def test_the_default_header_is_dated_today():
    before = datetime.date.today()
    header = reversi.wthor_header(reversi.write_wthor([]))
    after = datetime.date.today()
    dates = {(d.year // 100, d.year % 100, d.month, d.day) for d in (before, after)}
    assert header.created in dates
    assert header.year in {before.year, after.year}
    assert (header.games, header.board, header.theoretical_depth) == (0, "8x8", 0)


def test_what_wthor_cannot_hold_is_refused_naming_the_game():
    good = random_game(1)
    small = reversi.Game("6x6")
    while not small.is_over():
        small.play(small.legal_actions()[0])
    with pytest.raises(reversi.ReversiError, match="game 2: WTHOR holds two-player"):
        reversi.write_wthor([good, small])
    for tag, value in [
        ("BlackPlayer", "65536"),
        ("Tournament", "-1"),
        ("BlackScore", "256"),
        ("TheoreticalScore", "x"),
        ("WhitePlayer", " 5"),
        ("BlackScore", "65"),
    ]:
        bad = good.copy()
        bad.set_tag(tag, value)
        with pytest.raises(reversi.ReversiError, match=f'game 3: tag {tag} is "{value}"'):
            reversi.write_wthor([good, good, bad])
    with pytest.raises(reversi.ReversiError, match="octagon"):
        reversi.WthorHeader(board="octagon")
    with pytest.raises(OverflowError):
        reversi.WthorHeader(year=70000)
    with pytest.raises(TypeError):
        reversi.write_wthor([good, "f5 d6"])


def test_names_files_are_written_from_their_names():
    for file, kind in [("WTHOR.JOU", "players"), ("WTHOR.TRN", "tournaments")]:
        data = (DATA / "wthor" / file).read_bytes()
        names = reversi.wthor_names(data, kind)
        assert reversi.write_wthor_names(names, kind, created=tuple(data[:4])) == data


def test_a_self_play_database_is_named_by_its_own_names_files():
    games = [random_game(seed) for seed in range(4)]
    for i, game in enumerate(games):
        game.set_tag("BlackPlayer", str(i % 2))
        game.set_tag("WhitePlayer", str(1 - i % 2))
        game.set_tag("Tournament", "0")
    wtb = reversi.write_wthor(games)
    jou = reversi.write_wthor_names(["greedy", "mcts:playouts=500"], "players")
    trn = reversi.write_wthor_names(["Self-play, Noël"], "tournaments", created=(20, 26, 12, 3))
    assert len(jou) == 16 + 2 * 20 and jou[8:10] == (2).to_bytes(2, "little")
    assert trn[:4] == bytes([20, 26, 12, 3]) and trn[16:31] == "Self-play, Noël".encode("latin-1")
    entries = reversi.wthor_games(wtb, players=jou, tournaments=trn)
    assert [(e.tags["Black"], e.tags["White"]) for e in entries[:2]] == [
        ("greedy", "mcts:playouts=500"),
        ("mcts:playouts=500", "greedy"),
    ]
    assert {e.tags["Event"] for e in entries} == {"Self-play, Noël"}


def test_names_a_file_cannot_hold_are_refused_by_number():
    with pytest.raises(reversi.ReversiError, match="name number 1 has 'Ł'"):
        reversi.write_wthor_names(["Ann", "Łukasz"], "players")
    with pytest.raises(reversi.ReversiError, match="name number 0 is 21 bytes long"):
        reversi.write_wthor_names(["x" * 21], "players")
    assert len(reversi.write_wthor_names(["x" * 26], "tournaments")) == 16 + 26
    with pytest.raises(reversi.ReversiError, match='not "games"'):
        reversi.write_wthor_names(["Ann"], "games")  # type: ignore[arg-type]
    with pytest.raises(reversi.ReversiError, match="65536 names"):
        reversi.write_wthor_names([""] * 65536, "players")


def test_a_names_file_cut_short_is_named_as_such():
    wthor = DATA / "wthor"
    data = (wthor / "WTH_2015.wtb").read_bytes()
    jou = (wthor / "WTHOR.JOU").read_bytes()
    with pytest.raises(reversi.ReversiError, match="^players: the names file ends before name number 1,"):
        reversi.wthor_games(data, players=jou[: 16 + 30])
    with pytest.raises(reversi.ReversiError, match="^tournaments: the names file ends"):
        reversi.wthor_games(data, tournaments=jou)
    with pytest.raises(reversi.ReversiError, match="^the names file ends before name number 2892,"):
        reversi.wthor_names(jou, "tournaments")
