"""The engine crate's bots and exact solver, from Python."""

import pickle
import random
import shlex
import subprocess
import sys

import numpy as np
import pytest
from conftest import VARIANTS

import reversi

SPECS = ["random", "greedy", "mobility", "mcts:playouts=30", "alphabeta:depth=2,solve=6"]


@pytest.mark.parametrize("text", VARIANTS[::3])
@pytest.mark.parametrize("spec", SPECS)
def test_bots_play_legal_moves_to_the_end(text, spec):
    game = reversi.Game(text)
    bot = reversi.Bot(spec.replace(",", ":"), seed=1)
    assert bot.supports(game.rules) == bot.supports(text) == bot.supports(game.rules.players)
    if not bot.supports(game.rules.players):
        with pytest.raises(reversi.ReversiError, match="does not play"):
            bot.choose(game)
        return
    while not game.is_over():
        action = bot.choose(game)
        assert action in game.legal_actions()
        game.play(action)
    with pytest.raises(reversi.ReversiError, match="over"):
        bot.choose(game)


def test_bot_specs_and_seeds():
    assert reversi.Bot("mcts:playouts=20").name == "mcts:playouts=20"
    for bad in ["minimax", "mcts:playouts=0", "alphabeta:depth=x"]:
        with pytest.raises(reversi.ReversiError):
            reversi.Bot(bad)

    def game_of(seed):
        game, bot = reversi.Game("10x10"), reversi.Bot("random", seed=seed)
        while not game.is_over():
            game.play(bot.choose(game))
        return game.moves

    assert game_of(5) == game_of(5) != game_of(6)


def minimax(game):
    """The exact final disc difference for the player to move (empties to the winner)."""
    if game.is_over():
        me, other = game.scores()[game.to_move], game.scores()[1 - game.to_move]
        empties = game.rules.width**2 - me - other
        return me - other + (empties if me > other else -empties if me < other else 0)
    best = -(game.rules.width**2) - 1
    for action in game.legal_actions():
        game.play(action)
        value = -minimax(game)
        game.undo()
        best = max(best, value)
    return best


def test_solve_a_known_position():
    game = reversi.Game.from_position(
        "BBBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBW- B"
    )
    assert reversi.solve(game, table_bits=10) == (63, 64, reversi.solve(game, table_bits=10)[2])


@pytest.mark.parametrize(("rules", "plies"), [("8x8", 54), ("6x6", 26), ("10x10", 92)])
@pytest.mark.parametrize("seed", range(6))
def test_solve_matches_a_plain_minimax(rules, plies, seed):
    # On 6x6 too, where the best action is numbered on the 6-wide grid.
    rng = random.Random(seed)
    game = reversi.Game(rules)
    while game.move_count < plies and not game.is_over():
        game.play(rng.choice(game.legal_actions()))
    best, score, nodes = reversi.solve(game, table_bits=12)
    assert score == minimax(game.copy())
    if best is not None:
        after = game.copy()
        after.play(best)
        value = minimax(after.copy())
        assert (value if after.to_move == game.to_move else -value) == score
    assert nodes > 0


def test_solve_refuses_more_than_two_players():
    for rules in ["8x8, 4 players", "octagon, 3 players"]:
        with pytest.raises(reversi.ReversiError, match="solve takes games of two players, not"):
            reversi.solve(reversi.Game(rules))


def test_think_gives_the_value_in_its_unit():
    game = reversi.Game("8x8")
    choice = reversi.Bot("alphabeta:depth=2", seed=1).think(game)
    assert choice.action in game.legal_actions()
    assert choice.unit == "discs" and isinstance(choice.value, float)
    assert choice.nodes > 0
    mcts = reversi.Bot("mcts:playouts=50", seed=1).think(game)
    assert mcts.unit == "win_chance" and 0.0 <= mcts.value <= 1.0
    assert mcts.nodes == 50
    greedy = reversi.Bot("greedy", seed=1).think(game)
    assert (greedy.value, greedy.unit) == (None, None)
    assert "unit=None" in repr(greedy)
    # The same bot and seed choose the same move through either call.
    assert reversi.Bot("mcts:playouts=50", seed=1).choose(game) == mcts.action


def test_a_choice_pickles_and_is_checked_when_made():
    game = reversi.Game("8x8")
    for spec in ["alphabeta:depth=2", "mcts:playouts=20", "greedy"]:
        choice = reversi.Bot(spec, seed=1).think(game)
        back = pickle.loads(pickle.dumps(choice))
        assert back == choice and repr(back) == repr(choice)
    assert reversi.Choice(19, 0.5, "win_chance", 7).nodes == 7
    with pytest.raises(reversi.ReversiError, match='unit "percent" is not one of'):
        reversi.Choice(19, 50.0, "percent")
    with pytest.raises(reversi.ReversiError, match="a value comes with its unit"):
        reversi.Choice(19, 0.5)


def test_mcts_gives_no_value_for_a_forced_move():
    rng = random.Random(3)
    for _ in range(40):
        game = reversi.Game("8x8")
        while not game.is_over():
            if len(game.legal_actions()) == 1 and not game.must_pass():
                choice = reversi.Bot("mcts:playouts=20", seed=1).think(game)
                assert (choice.value, choice.unit, choice.nodes) == (None, None, 0)
                return
            game.play(rng.choice(game.legal_actions()))
    pytest.fail("no forced move in 40 games")


def test_numpy_integers_are_actions():
    game = reversi.Game("8x8")
    action = np.argmax(game.legal_mask())
    assert isinstance(action, np.integer) and game.is_legal(action)
    game.play(action)
    assert game.history[-1].action == int(action)


def test_think_is_exact_in_the_endgame():
    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        game = reversi.Game("6x6")
        while game.move_count < 26 and not game.is_over():
            game.play(rng.choice(game.legal_actions()))
        if game.is_over() or game.must_pass():
            continue
        choice = reversi.Bot("alphabeta:depth=1:solve=10", seed=1).think(game)
        assert choice.unit == "exact"
        assert choice.value == minimax(game.copy())
        checked += 1
    assert checked >= 6


def final_margin_for(game, player):
    """The final disc difference of a game over for `player` (empties to the winner)."""
    me, other = game.scores()[player], game.scores()[1 - player]
    empties = game.rules.width**2 - me - other
    return me - other + (empties if me > other else -empties if me < other else 0)


@pytest.mark.parametrize("rules", ["6x6", "8x8"])
def test_alphabeta_gives_its_line_which_replays(rules):
    checked = {"exact": 0, "discs": 0, "pass": 0}
    for seed in range(30):
        rng = random.Random(seed)
        game = reversi.Game(rules)
        plies = rng.randrange(4, game.rules.width**2 - 4)
        while game.move_count < plies and not game.is_over():
            game.play(rng.choice(game.legal_actions()))
        if game.is_over():
            continue
        # Exact near the end (on 8x8 the solver's line), else three plies.
        choice = reversi.Bot("alphabeta:depth=3:solve=12", seed=1).think(game)
        assert choice.pv[0] == choice.action
        line = game.copy()
        for action in choice.pv:
            assert line.is_legal(action), (choice, action)
            line.play(action)
        placements = [a for a in choice.pv if a != game.rules.width**2]
        if choice.unit == "exact":
            assert line.is_over(), choice
            assert final_margin_for(line, game.to_move) == choice.value
        else:
            assert len(placements) == 3 or line.is_over(), choice
        checked["pass" if game.must_pass() else choice.unit] += 1
    assert checked["exact"] >= 3 and checked["discs"] >= 3, checked
    # The other bots give no line.
    assert reversi.Bot("greedy", seed=1).think(reversi.Game(rules)).pv == []


def test_a_choice_keeps_its_line_through_pickle():
    choice = reversi.Bot("alphabeta:depth=4", seed=1).think(reversi.Game("8x8"))
    assert len(choice.pv) == 4
    back = pickle.loads(pickle.dumps(choice))
    assert back == choice and back.pv == choice.pv
    assert back != reversi.Choice(choice.action, choice.value, choice.unit, choice.nodes)
    assert reversi.Choice(19, pv=[19, 20]).pv == [19, 20]
    assert "pv=[19, 20]" in repr(reversi.Choice(19, pv=[19, 20]))


@pytest.mark.parametrize(
    "call",
    [
        'reversi.solve(reversi.Game("8x8"), table_bits=16, threads=2)',
        'reversi.Game("8x8").perft(16)',
        'reversi.Bot("alphabeta:depth=30").choose(reversi.Game("8x8"))',
        'reversi.Bot("alphabeta:depth=2:solve=60").think(reversi.Game("8x8"))',
        'reversi.Bot("mcts:playouts=1000000000").choose(reversi.Game("10x10, 4 players"))',
    ],
)
def test_ctrl_c_stops_a_long_call(call):
    # Solving the start position or counting perft(16) would take far longer than
    # the minute allowed here: a call that Ctrl-C cannot stop fails by the timeout.
    # A shell runs background jobs with SIGINT ignored, and Python keeps an
    # ignored SIGINT ignored: the script asks for Python's own handler.
    script = f"""
import os, signal, threading, reversi
signal.signal(signal.SIGINT, signal.default_int_handler)
threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
try:
    {call}
    print("finished")
except KeyboardInterrupt:
    print("interrupted")
"""
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60
    )
    assert done.stdout.strip() == "interrupted", done


def test_a_bot_stopped_by_ctrl_c_plays_on():
    script = """
import os, signal, threading, reversi
signal.signal(signal.SIGINT, signal.default_int_handler)
threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
bot = reversi.Bot("alphabeta:depth=30")
try:
    bot.choose(reversi.Game("8x8"))
except KeyboardInterrupt:
    print("interrupted")
game = reversi.Game("8x8")
while len(game.moves) < 54 or len(game.legal_actions()) < 2:
    game.play(game.legal_actions()[0])
print(bot.choose(game) in game.legal_actions())
"""
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60
    )
    assert done.stdout.split() == ["interrupted", "True"], done


@pytest.mark.parametrize(("rules", "plies"), [("8x8", 48), ("6x6", 22)])
def test_solve_threads_agree_and_are_checked(rules, plies):
    rng = random.Random(3)
    game = reversi.Game(rules)
    while game.move_count < plies and not game.is_over():
        game.play(rng.choice(game.legal_actions()))
    one = reversi.solve(game, table_bits=16)
    two = reversi.solve(game, table_bits=16, threads=2)
    assert one[1] == two[1]
    if rules == "6x6":
        assert one[1] == minimax(game.copy())
    for bad in (0, 1025):
        with pytest.raises(reversi.ReversiError, match="threads"):
            reversi.solve(game, threads=bad)


# An NBoard engine written here, so that the tests need no outside program: it
# follows the game it is sent and answers `go` with its first legal move, or,
# started with `slow`, never answers `go` and gives up its search at a `ping`,
# as Edax does, or, started with `liar`, answers d4 (taken from the start).
FAKE_NBOARD = """
import sys, reversi
slow = sys.argv[1:] == ["slow"]
liar = sys.argv[1:] == ["liar"]
game = reversi.Game("8x8")
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "nboard":
        print("set myname fake", flush=True)
    elif words[0] == "ping":
        print("pong", words[1], flush=True)
    elif words[:2] == ["set", "game"]:
        game = reversi.Game.load(line.split(None, 2)[2])
    elif words[0] == "move":
        move = words[1].split("/")[0]
        game.play("pass" if move.upper() == "PA" else move)
    elif words[0] == "go" and liar:
        print("=== d4/0.00/0.01", flush=True)
    elif words[0] == "go" and not slow:
        moves = game.legal_moves() or ["PA"]
        # Its node count before its answer, as Edax sends it.
        print(f"nodestats {1000 + len(game.moves)} 0.01", flush=True)
        print(f"=== {moves[0]}/1.50/0.01", flush=True)
    elif words[0] == "quit":
        break
"""


def fake_engine(tmp_path, *args):
    # A folder with a space and a quote in its name: the command is split as a
    # shell would, so shlex.join's quoting keeps the path one word.
    folder = tmp_path / "my engine's folder"
    folder.mkdir(exist_ok=True)
    script = folder / "fake_nboard.py"
    script.write_text(FAKE_NBOARD)
    return "fake=nboard:" + shlex.join([sys.executable, str(script), *args])


def test_an_outside_engine_plays_as_a_bot(tmp_path):
    bot = reversi.Bot.engine(fake_engine(tmp_path), move_time=30)
    assert bot.name == "fake"
    assert repr(bot) == 'Bot.engine("fake")'
    assert bot.supports(2) and not bot.supports(4) and not bot.supports(-1)
    assert bot.supports("10x10, anti") and not bot.supports(reversi.Rules("8x8, 3 players"))
    with pytest.raises(TypeError, match="rules are"):
        bot.supports(2.5)
    game = reversi.Game("8x8")
    while not game.is_over():
        if game.must_pass():
            game.play("pass")
            continue
        choice = bot.think(game)
        # The engine's move (its first legal one) and its evaluation in discs.
        assert choice.action == game.legal_actions()[0]
        assert (choice.value, choice.unit) == (1.5, "discs")
        assert choice.nodes == 1000 + len(game.moves)
        game.play(choice.action)
    with pytest.raises(reversi.ReversiError, match="cannot play"):
        bot.choose(reversi.Game("8x8, 4 players"))


def test_a_gtp_engine_supports_the_standard_game_on_square_boards():
    # A GTP engine that accepts every command.
    accepting = "import sys\nfor line in sys.stdin:\n    print('=', flush=True)\n    print(flush=True)"
    bot = reversi.Bot.engine("yes=gtp:" + shlex.join([sys.executable, "-c", accepting]))
    assert bot.supports(2) and bot.supports("10x10") and bot.supports("6x6")
    assert not bot.supports("octagon") and not bot.supports("8x8, anti")
    assert not bot.supports("8x8, 4 players")


def test_an_outside_engine_that_cannot_start_is_an_error(tmp_path):
    with pytest.raises(reversi.ReversiError, match="cannot start"):
        reversi.Bot.engine("ghost=nboard:/no/such/program")
    with pytest.raises(reversi.ReversiError, match="unknown protocol"):
        reversi.Bot.engine("edax=uci:edax")
    with pytest.raises(reversi.ReversiError, match="a quote is not closed"):
        reversi.Bot.engine("edax=nboard:'edax -nboard")
    for move_time in [0, -1, float("nan"), float("inf")]:
        with pytest.raises(reversi.ReversiError, match="move_time"):
            reversi.Bot.engine(fake_engine(tmp_path), move_time=move_time)


def test_ctrl_c_stops_an_outside_engines_search(tmp_path):
    # The slow engine never answers `go`: only the ping that Ctrl-C sends ends
    # the wait (the move time is a minute, the test's timeout too).
    script = f"""
import os, signal, threading, reversi
signal.signal(signal.SIGINT, signal.default_int_handler)
threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
bot = reversi.Bot.engine({fake_engine(tmp_path, "slow")!r}, move_time=60)
try:
    bot.choose(reversi.Game("8x8"))
except KeyboardInterrupt:
    print("interrupted")
"""
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60
    )
    assert done.stdout.strip() == "interrupted", done


def test_one_engine_bot_follows_new_games_and_moves_taken_back(tmp_path):
    bot = reversi.Bot.engine(fake_engine(tmp_path), move_time=30)
    for _ in range(2):
        game = reversi.Game("8x8")
        while not game.is_over():
            action = bot.choose(game)
            assert action == game.legal_actions()[0]
            # Every fifth move another than the engine's.
            game.play(game.legal_actions()[-1] if game.move_count % 5 == 4 else action)
        game.go_to(30)
        assert bot.choose(game) == game.legal_actions()[0]
    six = reversi.Game("6x6")
    assert bot.choose(six) == six.legal_actions()[0]


def test_an_engines_illegal_answer_is_an_error(tmp_path):
    bot = reversi.Bot.engine(fake_engine(tmp_path, "liar"), move_time=30)
    with pytest.raises(reversi.ReversiError, match="fake chose d4, which is not a legal move"):
        bot.choose(reversi.Game("8x8"))
