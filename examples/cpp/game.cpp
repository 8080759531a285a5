// A C++17 host using include/reversi.hpp: a four-player game on the octagon with
// random blocked squares, then a two-player game, the error paths as exceptions,
// and the records it writes.
#include <iostream>

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

int main() {
    reversi::Game four(reversi::Rules().board(REVERSI_BOARD_OCTAGON).players(4).random_blocked(7));
    play_out(four);
    std::cout << four.display();
    auto scores = four.scores();
    std::cout << "four players: outcome " << four.outcome() << " scores " << scores[0] << ' ' << scores[1] << ' '
              << scores[2] << ' ' << scores[3] << '\n';

    reversi::Game game;
    game.play("f5");
    reversi::Game copy = game;  // a clone
    try {
        game.play("a1");
    } catch (const reversi::Error &e) {
        std::cout << "error: " << e.what() << " (status " << e.status() << ")\n";
    }
    if (game.try_pass() == REVERSI_STATUS_ILLEGAL_MOVE) std::cout << "no pass while a move exists\n";
    game.undo();
    std::cout << "after undo: " << game.legal_moves().size() << " moves, copy has " << copy.move_list() << '\n';
    play_out(game);
    std::cout << "two players: " << game.record();
    std::cout << "perft(4) from the start: " << reversi::Game().perft(4) << '\n';
    try {
        reversi::Game::from_record("[Board \"9x9\"]\n");
    } catch (const reversi::Error &e) {
        std::cout << "error: " << e.what() << '\n';
    }
    return 0;
}
