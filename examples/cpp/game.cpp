// A C++17 host using include/reversi.hpp: a four-player game on the octagon with
// random blocked squares, then a two-player game, the error paths as exceptions,
// the records it writes, tags, OBF, browsing the line with undo, redo and go_to,
// each move's data, a reader of many games, and (given files) a WTHOR database and
// a GGF archive.
//
//   game [WTHOR-FILE [GGF-ARCHIVE]]
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

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

static std::string names(const reversi::Game &game, const std::vector<uint32_t> &squares) {
    std::string out;
    for (uint32_t square : squares) out += (out.empty() ? "" : " ") + game.name(square);
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
              << names(four, played.blocked()) << " = " << names(four, four.blocked()) << ", tag Blocked \""
              << four.tag("Blocked").value() << "\"\n";

    reversi::Game blocked(reversi::Rules().anti(true).blocked({"c1", "h4"}).handicap(REVERSI_COLOR_WHITE, REVERSI_CORNER_TOP_LEFT));
    reversi::Rules back = blocked.rules();
    std::cout << "anti " << back.anti() << ", handicap " << back.handicap_color() << '/' << back.handicap_corners()
              << ", blocked " << names(blocked, back.blocked()) << ", tags " << *blocked.tag("Board") << ' '
              << *blocked.tag("Anti") << ' ' << *blocked.tag("Handicap") << '\n';
    // A tag the record does not write is absent, not empty.
    std::cout << "Opening tag " << (blocked.tag("Opening") ? "present" : "absent") << '\n';

    reversi::Game game;
    std::cout << "f5 legal: " << game.is_legal(game.index("f5")) << ", a1 legal: "
              << game.is_legal(game.index("a1")) << '\n';
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
              << reread.tag("Event").value_or("(none)") << '\n';
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

    // Browsing: undo keeps the move for redo, go_to moves along the line, a save
    // writes the whole line and up_to_current cuts it.
    reversi::Game line;
    line.play_moves("f5 d6 c3 d3 c4");
    line.undo();
    line.go_to(2);
    std::cout << "at move " << line.move_count() << " of " << line.line_length() << ": " << line.move_list()
              << "; saved " << reversi::Game::from_record(line.record()).line_length() << ", up to here "
              << reversi::Game::from_record(line.up_to_current().record()).line_length() << '\n';
    line.redo();
    try {
        line.go_to(9);
    } catch (const reversi::Error &e) {
        std::cout << "error: " << e.what() << '\n';
    }
    line.set_ply_evaluation(3, -1250);
    line.set_ply_comment(3, "  the usual  ");
    line.set_ply_time(3, std::chrono::milliseconds(2500));
    reversi::Ply d3 = line.ply(3);
    std::cout << "move 4: " << line.name(d3.square) << " by " << d3.color << ", flips " << names(line, d3.flips)
              << ", played " << d3.played << ", evaluation " << d3.evaluation.value_or(0) << ", time "
              << (d3.time ? d3.time->count() : -1) << " ns, comment \"" << d3.comment.value_or("") << "\"\n";
    reversi::Ply f5 = line.ply(0);
    std::cout << "move 1: evaluation " << (f5.evaluation ? "known" : "absent") << ", comment "
              << (f5.comment ? "present" : "absent") << '\n';

    // Many games, each with its own error; the stream is read through a callback.
    std::istringstream archive("1 (;GM[Othello]PB[Ann]TY[8]B[f5/0.5/1.2]W[d6];)\ngarbage\n"
                               "2 (;GM[Othello]TY[8]B[f5];)(;GM[Othello]TY[8]B[d3];)\n");
    reversi::GameReader reader(archive);
    while (auto entry = reader.next()) {
        std::cout << "entry " << entry->where.number << ", line " << entry->where.line << ", byte "
                  << entry->where.byte << ": "
                  << (entry->game ? "moves " + entry->game->move_list() : "error " + entry->error) << '\n';
    }

    if (argc > 1) {
        std::ifstream file(argv[1], std::ios::binary);
        std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
        reversi::Wthor db(bytes);
        auto first = db.game(0);
        std::cout << "wthor: " << db.size() << " games, the first ends " << first.first.outcome() << " with black "
                  << first.second.black_score << ", replayed " << first.second.replay_black_score << '\n';
    }
    if (argc > 2) {
        reversi::GameReader games = reversi::GameReader::open(argv[2]);
        size_t read = 0, moves = 0;
        while (auto entry = games.next()) {
            if (!entry->game) continue;
            read++;
            moves += entry->game->line_length();
        }
        std::cout << "archive: " << read << " games, " << moves << " moves\n";
    }
    return 0;
}
