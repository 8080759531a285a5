// A C++17 host using include/reversi.hpp: a four-player game on the octagon with
// random blocked squares, then a two-player game, the error paths as exceptions,
// the records it writes, tags, OBF, and (given a file) a WTHOR database.
//
//   game [WTHOR-FILE]
#include <fstream>
#include <iostream>
#include <iterator>

#include "reversi.hpp"

static void play_out(reversi::Game &game) {
    while (!game.is_over()) {
        auto moves = game.legal_moves();
        if (moves.empty()) {
            game.pass();
            continue;
        }
        // A simple player: the move that flips the most discs, the first on ties.
        uint32_t best = moves.front();
        size_t most = 0;
        for (uint32_t square : moves) {
            size_t flipped = game.flips(square).size();
            if (flipped > most) {
                most = flipped;
                best = square;
            }
        }
        game.play(best);
    }
}

static std::string names(const std::vector<uint32_t> &squares) {
    std::string out;
    for (uint32_t square : squares) out += (out.empty() ? "" : " ") + reversi::square_name(square);
    return out;
}

int main(int argc, char **argv) {
    reversi::Game four(reversi::Rules().board(REVERSI_BOARD_OCTAGON).players(4).random_blocked(7));
    play_out(four);
    std::cout << four.display();
    auto scores = four.scores();
    std::cout << "four players: outcome " << four.outcome() << " scores " << scores[0] << ' ' << scores[1] << ' '
              << scores[2] << ' ' << scores[3] << '\n';
    // The rules read back name the blocked squares drawn from the seed.
    reversi::Rules played = four.rules();
    std::cout << "board " << four.board() << ", " << four.players() << " players, blocked "
              << names(played.blocked()) << " = " << names(four.blocked()) << ", tag Blocked \""
              << four.tag("Blocked") << "\"\n";

    reversi::Game blocked(reversi::Rules().anti(true).blocked({"c1", "h4"}).handicap(REVERSI_COLOR_WHITE, REVERSI_CORNER_TOP_LEFT));
    reversi::Rules back = blocked.rules();
    std::cout << "anti " << back.anti() << ", handicap " << back.handicap_color() << '/' << back.handicap_corners()
              << ", blocked " << names(back.blocked()) << ", tags " << blocked.tag("Board") << ' '
              << blocked.tag("Anti") << ' ' << blocked.tag("Handicap") << '\n';

    reversi::Game game;
    std::cout << "f5 legal: " << game.is_legal(reversi::square("f5")) << ", a1 legal: "
              << game.is_legal(reversi::square("a1")) << '\n';
    game.play("f5");
    reversi::Game copy = game;  // a clone
    try {
        game.play("a1");
    } catch (const reversi::Error &e) {
        std::cout << "error: " << e.what() << " (status " << e.status() << ")\n";
    }
    if (game.try_pass() == REVERSI_STATUS_ILLEGAL_MOVE) std::cout << "no pass while a move exists\n";
    game.undo();
    std::cout << "after undo: " << game.legal_moves().size() << " moves, copy has " << copy.move_list() << " ("
              << copy.moves().size() << " moves)\n";
    play_out(game);
    game.set_tag("Event", "C++ \"host\"");
    std::cout << "two players: " << game.record();
    reversi::Game reread = reversi::Game::from_record(game.record());
    std::cout << "record read back: " << (reread.record() == game.record() ? "same" : "different") << ", Event "
              << reread.tag("Event") << '\n';
    try {
        game.set_tag("Annotator", "two\nlines");
    } catch (const reversi::Error &e) {
        std::cout << "error: " << e.what() << '\n';
    }
    // A message longer than the wrapper's first 128-byte buffer comes back whole.
    std::string long_name(150, 'x');
    try {
        game.set_tag(long_name + " y", "v");
    } catch (const reversi::Error &e) {
        bool whole = e.detail() == "\"" + long_name + " y\" is not a tag name: expected ASCII letters, digits and _";
        std::cout << "long error: " << e.detail().size() << " bytes, " << (whole ? "whole" : "CUT: " + e.detail())
                  << '\n';
    }

    std::cout << "perft(4) from the start: " << reversi::Game().perft(4) << '\n';
    std::string obf = copy.obf();
    reversi::Game from_obf = reversi::Game::from_obf(obf);
    std::cout << "obf " << obf << " -> " << from_obf.count(REVERSI_COLOR_BLACK) << " black discs\n";
    try {
        reversi::Game::from_record("[Board \"9x9\"]\n");
    } catch (const reversi::Error &e) {
        std::cout << "error: " << e.what() << '\n';
    }

    if (argc > 1) {
        std::ifstream file(argv[1], std::ios::binary);
        std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
        reversi::Wthor db(bytes);
        auto first = db.game(0);
        std::cout << "wthor: " << db.size() << " games, the first ends " << first.first.outcome() << " with black "
                  << first.second.black_score << ", replayed " << first.second.replay_black_score << '\n';
    }
    return 0;
}
