"""Games saved from Python keep everything their record says: tags, the result,
and each move's time, evaluation and comment."""

import pickle

import pytest

import reversi

RECORD = """[Event "Club"]
[Black "Ann"]
[White "Bo"]
[Result "white by resignation"]

f5 {[%emt 0:00:01.5] [%eval 0.5] the usual} d6 {[%eval -1.25]} c3
"""


def test_a_loaded_record_is_written_back_whole():
    game = reversi.Game.load(RECORD)
    assert game.tags == {"Event": "Club", "Black": "Ann", "White": "Bo"}
    assert game.result == "white by resignation"
    first, second, third = game.history
    assert (first.time, first.evaluation, first.comment) == (1.5, 0.5, "the usual")
    assert (second.time, second.evaluation, second.comment) == (None, -1.25, None)
    assert (third.time, third.evaluation, third.comment) == (None, None, None)
    again = reversi.Game.load(game.to_record())
    assert again == game and again.to_record() == game.to_record()
    assert '[Black "Ann"]' in game.to_record() and "[%eval -1.25]" in game.to_record()
    # Pickling and copying keep them too, and where the game stands.
    game.undo()
    back = pickle.loads(pickle.dumps(game))
    assert back == game and back.tags == game.tags and back.move_count == 2
    assert back.result == "white by resignation"
    assert game.copy().to_record() == game.to_record()


def test_tags_results_and_annotations_are_set_and_checked():
    game = reversi.Game("8x8")
    for move in ["f5", "d6", "c3"]:
        game.play(move)
    game.set_tag("Black", "Ann")
    game.set_tag("Annotator", "me")
    assert game.tags == {"Black": "Ann", "Annotator": "me"}
    game.set_result("black 40-24 by agreement")
    assert game.result == "black 40-24 by agreement"
    game.set_ply_time(0, 2.25)
    game.set_ply_evaluation(1, -0.5)
    game.set_ply_comment(2, "  sharp  ")
    plies = game.history
    assert (plies[0].time, plies[1].evaluation, plies[2].comment) == (2.25, -0.5, "sharp")
    before = game.to_record()
    for bad, message in [
        (lambda: game.set_tag("Board", "6x6"), "Board"),
        (lambda: game.set_tag("Result", "*"), "set_result"),
        (lambda: game.set_tag("bad name", "x"), "bad name"),
        (lambda: game.set_tag("Event", "two\nlines"), "line break"),
        (lambda: game.set_result("black 70-31 by agreement"), "101 discs"),
        (lambda: game.set_result("red on time"), "red"),
        (lambda: game.set_result("draw by resignation"), "draw"),
        (lambda: game.set_ply_time(3, 1.0), "move 3 is not on the line, which has 3 moves"),
        (lambda: game.set_ply_time(0, -1.0), "time -1 is not a number of seconds, 0 or more"),
        (lambda: game.set_ply_evaluation(0, float("nan")), "is not a number of discs"),
    ]:
        with pytest.raises(reversi.ReversiError, match=message):
            bad()
        assert game.to_record() == before
    game.set_ply_comment(2, None)
    game.set_ply_evaluation(1, None)
    game.set_ply_time(0, None)
    game.set_result("*")
    assert game.result == "*"
    assert all((p.time, p.evaluation, p.comment) == (None, None, None) for p in game.history)
    # A stated result belongs to its line: a new move drops it.
    game.set_result("white on time")
    game.play(game.legal_actions()[0])
    assert game.result == "*"


def test_ggf_and_position_strings_are_written():
    game = reversi.Game.load("(;GM[Othello]PB[Ann]PW[Bo]TY[8]B[f5/0.5/1.5]W[d6//2]RE[-64.000:r];)")
    ggf = game.to_ggf()
    assert "PB[Ann]" in ggf and "B[f5/0.5" in ggf and "RE[-64.000:r]" in ggf
    assert reversi.Game.load(ggf) == game
    position = game.position()
    assert reversi.Game.from_position(position).position() == position
    with pytest.raises(reversi.ReversiError, match="GGF"):
        reversi.Game("8x8, 4 players").to_ggf()
    # A margin GGF stated survives pickling and is written back.
    stated = reversi.Game.load("(;GM[Othello]TY[8]B[f5]RE[+4.000:r];)")
    back = pickle.loads(pickle.dumps(stated))
    assert back == stated and "RE[+4.000:r]" in back.to_ggf()
    assert back.result == "black by resignation"


def test_perft_of_a_finished_game_is_one_leaf_at_any_depth():
    over = reversi.Game("6x6")
    while not over.is_over():
        over.play(over.legal_actions()[0])
    assert [over.perft(depth) for depth in (1, 6, 9)] == [1, 1, 1]


def test_read_games_keep_their_tags_and_result():
    text = RECORD + "\n" + '[Black "Cy"]\n\nf5 d6\n'
    entries = list(reversi.read_games(text))
    assert [e.game.tags.get("Black") for e in entries] == ["Ann", "Cy"]
    assert entries[0].game.result == "white by resignation"
    assert entries[0].game.history[0].comment == "the usual"


def test_plies_and_entries_pickle_for_ray():
    game = reversi.Game.load(RECORD)
    plies = game.history
    assert pickle.loads(pickle.dumps(plies)) == plies
    assert plies[0].comment == "the usual"
    text = RECORD + '\n[Black "Cy"]\n\nf5 e2\n\n[Black "Di"]\n\nf5 d6\n'
    entries = list(reversi.read_games(text))
    assert [e.error is None for e in entries] == [True, False, True]
    for entry in entries:
        back = pickle.loads(pickle.dumps(entry))
        fields = ["number", "line", "byte", "archive", "error", "tags"]
        assert [getattr(back, f) for f in fields] == [getattr(entry, f) for f in fields]
        assert back.game == entry.game
        assert repr(back) == repr(entry)
        assert back == entry
    assert entries[0] != entries[2] and entries[0] != entries[1]
    assert entries[0] != reversi.GameEntry(1, game=entries[0].game, line=2)
    with pytest.raises(TypeError, match="unhashable"):
        hash(entries[0])
    assert entries[2].game is not None and pickle.loads(pickle.dumps(entries[2])).game.tags == {
        "Black": "Di"
    }
    with pytest.raises(reversi.ReversiError, match="a game or an error"):
        reversi.GameEntry(1)
    with pytest.raises(reversi.ReversiError, match="a game or an error"):
        reversi.GameEntry(1, game=game, error="both")
    with pytest.raises(reversi.ReversiError, match='not "pgn"'):
        reversi.GameEntry(1, game=game, archive="pgn")
    with pytest.raises(reversi.ReversiError, match='"blue" is not'):
        reversi.Ply("blue", 0, "f5", 37, ["e5"])
    with pytest.raises(reversi.ReversiError, match="white is player 1, not 0"):
        reversi.Ply("white", 0, "f5", 37, ["e5"])


def test_a_bots_choice_sets_a_ply_evaluation_in_discs_only():
    game = reversi.Game("8x8")
    choice = reversi.Bot("alphabeta:depth=2").think(game)
    assert choice.unit == "discs"
    game.play(choice.action)
    game.set_ply_evaluation(0, choice)
    assert game.history[0].evaluation == round(choice.value, 3)
    # A chance of winning is not a number of discs: refused, the ply unchanged.
    chance = reversi.Bot("mcts:playouts=50", seed=1).think(game)
    assert chance.unit == "win_chance"
    game.play(chance.action)
    with pytest.raises(reversi.ReversiError, match="chance of winning"):
        game.set_ply_evaluation(1, chance)
    assert game.history[1].evaluation is None
    # A choice without a value clears it.
    game.set_ply_evaluation(0, reversi.Choice(choice.action))
    assert game.history[0].evaluation is None
    with pytest.raises(TypeError):
        game.set_ply_evaluation(0, "two discs")
