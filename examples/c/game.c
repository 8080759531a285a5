/* A C host: plays a complete game of any variant between two simple players
 * (the first player of each pair takes the first legal move, the others the
 * last), printing the board after every move, then shows the error paths.
 *
 *   game [6x6|8x8|10x10|octagon] [players] [anti 0|1] [random-blocked seed]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reversi.h"

static int check(ReversiStatus status, const char *what) {
    if (status != REVERSI_STATUS_OK) {
        char detail[256];
        size_t written = 0;
        reversi_last_error(detail, sizeof detail, &written);
        fprintf(stderr, "%s: %s (%s)\n", what, reversi_status_message(status), detail);
        exit(1);
    }
    return 0;
}

static void print_board(const ReversiGame *game) {
    char text[1024];
    size_t written = 0;
    check(reversi_game_display(game, text, sizeof text, &written), "display");
    fputs(text, stdout);
}

static uint32_t board_of(const char *name) {
    if (strcmp(name, "6x6") == 0) return REVERSI_BOARD_SIZE6;
    if (strcmp(name, "10x10") == 0) return REVERSI_BOARD_SIZE10;
    if (strcmp(name, "octagon") == 0) return REVERSI_BOARD_OCTAGON;
    return REVERSI_BOARD_SIZE8;
}

static void error_paths(ReversiGame *game) {
    char detail[256];
    size_t written = 0;
    uint32_t moves[100];
    ReversiStatus status;

    status = reversi_game_play(game, 0); /* a1 is illegal at the start */
    reversi_last_error(detail, sizeof detail, &written);
    printf("play a1: %s: %s\n", reversi_status_message(status), detail);

    status = reversi_game_play(game, 150);
    printf("play 150: %s\n", reversi_status_message(status));

    status = reversi_game_play(NULL, 0);
    printf("play on NULL: %s\n", reversi_status_message(status));

    status = reversi_game_legal_moves(game, moves, 1, &written);
    printf("legal moves into 1 slot: %s, %zu needed\n", reversi_status_message(status), written);

    status = reversi_game_play_moves(game, "f5 d6 zz");
    reversi_last_error(detail, sizeof detail, &written);
    printf("play_moves: %s: %s\n", reversi_status_message(status), detail);

    status = reversi_game_undo(game);
    printf("undo at the start: %s\n", reversi_status_message(status));

    ReversiRules rules;
    reversi_rules_default(&rules);
    rules.board = 42;
    ReversiGame *none = NULL;
    status = reversi_game_new(&rules, &none);
    printf("board 42: %s, handle %s\n", reversi_status_message(status), none ? "set" : "untouched");
    reversi_game_free(none);
}

int main(int argc, char **argv) {
    ReversiRules rules;
    check(reversi_rules_default(&rules), "rules");
    if (argc > 1) rules.board = board_of(argv[1]);
    if (argc > 2) rules.players = (uint32_t)atoi(argv[2]);
    if (argc > 3) rules.anti = (uint32_t)atoi(argv[3]);
    if (argc > 4) {
        rules.random_blocked = 1;
        rules.seed = strtoull(argv[4], NULL, 10);
    }

    ReversiGame *game = NULL;
    check(reversi_game_new(&rules, &game), "new game");
    print_board(game);

    bool over = false;
    check(reversi_game_is_over(game, &over), "is over");
    while (!over) {
        uint32_t moves[100];
        size_t count = 0;
        check(reversi_game_legal_moves(game, moves, 100, &count), "legal moves");
        if (count == 0) {
            check(reversi_game_pass(game), "pass");
            printf("pass\n");
        } else {
            uint32_t mover = 0;
            check(reversi_game_to_move(game, &mover), "to move");
            uint32_t square = mover % 2 == 0 ? moves[0] : moves[count - 1];
            char name[4];
            size_t written = 0;
            check(reversi_move_name(rules.board, square, name, sizeof name, &written), "name");
            check(reversi_game_play(game, square), "play");
            printf("move %s\n", name);
        }
        print_board(game);
        check(reversi_game_is_over(game, &over), "is over");
    }

    uint32_t scores[4];
    uint32_t outcome = 0;
    check(reversi_game_scores(game, scores), "scores");
    check(reversi_game_outcome(game, &outcome), "outcome");
    printf("outcome %u scores %u %u %u %u\n", outcome, scores[0], scores[1], scores[2], scores[3]);

    /* The rules read back, with the blocked squares drawn from the seed. */
    ReversiRules played;
    check(reversi_game_rules(game, &played), "rules");
    printf("rules: board %u, %u players, anti %u, %u blocked", played.board, played.players,
           played.anti, played.blocked_count);
    for (uint32_t i = 0; i < played.blocked_count; i++) {
        char name[4];
        size_t written = 0;
        check(reversi_move_name(played.board, played.blocked[i], name, sizeof name, &written), "name");
        printf(" %s", name);
    }
    printf("\n");

    ReversiGame *fresh = NULL;
    check(reversi_game_new(&rules, &fresh), "new game");
    error_paths(fresh);
    reversi_game_free(fresh);
    reversi_game_free(game);
    reversi_game_free(NULL);
    return 0;
}
