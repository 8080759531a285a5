/* Prints the index and name of every move of a record's line, one "index name"
 * line a move, through the C ABI alone: tests/it/c_abi.rs compares the output with
 * the .indices file that the Rust and Python tests read too. Each name is also
 * parsed back, and must give the same index. */
#include <stdio.h>
#include <stdlib.h>

#include "reversi.h"

static void check(ReversiStatus status, const char *what) {
    if (status == REVERSI_STATUS_OK) return;
    char detail[256];
    size_t written = 0;
    reversi_last_error(detail, sizeof detail, &written);
    fprintf(stderr, "%s: %s: %s\n", what, reversi_status_message(status), detail);
    exit(1);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: numbering RECORD\n");
        return 2;
    }
    FILE *file = fopen(argv[1], "rb");
    if (!file) {
        perror(argv[1]);
        return 1;
    }
    static char text[1 << 16];
    size_t length = fread(text, 1, sizeof text - 1, file);
    fclose(file);
    text[length] = '\0';

    ReversiGame *game = NULL;
    check(reversi_game_from_record(text, &game), "record");
    uint32_t board = 0;
    check(reversi_game_board(game, &board), "board");
    uint32_t moves[200];
    size_t count = 0;
    check(reversi_game_line(game, moves, 200, &count), "line");
    for (size_t i = 0; i < count; i++) {
        char name[8];
        size_t written = 0;
        check(reversi_move_name(board, moves[i], name, sizeof name, &written), "name");
        uint32_t back = 0;
        check(reversi_move_parse(board, name, &back), "parse");
        if (back != moves[i]) {
            fprintf(stderr, "%s parses to %u, not %u\n", name, back, moves[i]);
            return 1;
        }
        printf("%u %s\n", moves[i], name);
    }
    reversi_game_free(game);
    return 0;
}
