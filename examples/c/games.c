/* A C host for files of many games (GGF archives, records one after another):
 * reads every game of a file in flat memory, says per game what failed, and
 * sums up the games, the moves and each side's evaluations.
 *
 *   games FILE
 */
#include <stdio.h>

#include "reversi.h"

static const char *detail(void) {
    static char text[1024];
    size_t written = 0;
    if (reversi_last_error(text, sizeof text, &written) != REVERSI_STATUS_OK) return "(detail too long)";
    return text;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: games FILE\n");
        return 2;
    }
    ReversiGameReader *reader = NULL;
    ReversiStatus status = reversi_game_reader_open(argv[1], &reader);
    if (status != REVERSI_STATUS_OK) {
        fprintf(stderr, "%s: %s\n", reversi_status_message(status), detail());
        return 1;
    }
    size_t games = 0, failed = 0, moves = 0, evaluations = 0;
    ReversiGame *game = NULL;
    ReversiGameEntry entry;
    while ((status = reversi_game_reader_next(reader, &game, &entry)) != REVERSI_STATUS_NO_MORE_GAMES) {
        if (status == REVERSI_STATUS_PARSE_ERROR) {
            /* One bad game: say where, and read on. */
            printf("entry %zu (line %zu, byte %zu; error at line %zu, column %zu): %s\n", entry.number,
                   entry.line, entry.byte, entry.error_line, entry.error_column, detail());
            failed++;
            continue;
        }
        if (status != REVERSI_STATUS_OK) {
            fprintf(stderr, "%s: %s\n", reversi_status_message(status), detail());
            reversi_game_reader_free(reader);
            return 1;
        }
        size_t length = 0;
        reversi_game_line_length(game, &length);
        for (size_t i = 0; i < length; i++) {
            ReversiPly ply;
            if (reversi_game_ply(game, i, &ply) == REVERSI_STATUS_OK && ply.has_evaluation) evaluations++;
        }
        games++;
        moves += length;
        reversi_game_free(game);
    }
    printf("%zu games read, %zu failed, %zu moves, %zu evaluations\n", games, failed, moves, evaluations);
    reversi_game_reader_free(reader);
    return failed == 0 ? 0 : 3;
}
