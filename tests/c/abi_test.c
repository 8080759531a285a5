/* Calls every function of reversi.h, error paths included, and checks each
 * result. Including the header twice checks its include guard. */
#include "reversi.h"
#include "reversi.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int checks = 0;

#define CHECK(cond)                                                          \
    do {                                                                     \
        checks++;                                                            \
        if (!(cond)) {                                                       \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, \
                    #cond);                                                  \
            exit(1);                                                         \
        }                                                                    \
    } while (0)

#define OK(call) CHECK((call) == REVERSI_STATUS_OK)

static const char *last_error(void) {
    static char text[512];
    size_t written = 0;
    if (reversi_last_error(text, sizeof text, &written) != REVERSI_STATUS_OK) return "";
    return text;
}

/* The index of a square (or pass) name on `board`. */
static uint32_t index_on(uint32_t board, const char *name) {
    uint32_t index = 999;
    OK(reversi_move_parse(board, name, &index));
    return index;
}

/* The index of a square name on 8x8, the board of most games here. */
static uint32_t sq(const char *name) { return index_on(REVERSI_BOARD_SIZE8, name); }

static ReversiGame *new_game(const ReversiRules *rules) {
    ReversiGame *game = NULL;
    OK(reversi_game_new(rules, &game));
    CHECK(game != NULL);
    return game;
}

static void version_and_messages(void) {
    char expected[32];
    snprintf(expected, sizeof expected, "%d.%d.%d", REVERSI_VERSION_MAJOR,
             REVERSI_VERSION_MINOR, REVERSI_VERSION_PATCH);
    CHECK(strcmp(reversi_version(), expected) == 0);
    CHECK(strcmp(reversi_status_message(REVERSI_STATUS_OK), "ok") == 0);
    CHECK(strstr(reversi_status_message(REVERSI_STATUS_ILLEGAL_MOVE), "not legal") != NULL);
    CHECK(strcmp(reversi_status_message(12345), "unknown status code") == 0);
    CHECK(strcmp(reversi_status_message(REVERSI_STATUS_INVALID_TAG), "the tag cannot be set") == 0);
    CHECK(strcmp(reversi_status_message(REVERSI_STATUS_PANIC), "internal error: the library panicked") == 0);
}

static void squares(void) {
    char name[8];
    size_t written = 0;
    /* One numbering: row * width + column, pass = width * width (on 8x8 the
     * numbering of Edax, OpenSpiel and pgx). */
    CHECK(sq("a1") == 0 && sq("h1") == 7 && sq("a2") == 8 && sq("D3") == 19 && sq("h8") == 63);
    CHECK(sq("pass") == 64);
    CHECK(index_on(REVERSI_BOARD_SIZE6, "f6") == 35 && index_on(REVERSI_BOARD_SIZE6, "pass") == 36);
    CHECK(index_on(REVERSI_BOARD_SIZE10, "a2") == 10 && index_on(REVERSI_BOARD_SIZE10, "J10") == 99);
    CHECK(index_on(REVERSI_BOARD_OCTAGON, "j10") == 99 && index_on(REVERSI_BOARD_OCTAGON, "pass") == 100);
    static const uint32_t passes[4][2] = {{REVERSI_BOARD_SIZE6, 36}, {REVERSI_BOARD_SIZE8, 64},
                                          {REVERSI_BOARD_SIZE10, 100}, {REVERSI_BOARD_OCTAGON, 100}};
    for (int b = 0; b < 4; b++) {
        uint32_t pass = 0;
        OK(reversi_board_pass_index(passes[b][0], &pass));
        CHECK(pass == passes[b][1]);
    }
    uint32_t out = 7;
    CHECK(reversi_board_pass_index(9, &out) == REVERSI_STATUS_INVALID_ARGUMENT && out == 7);
    CHECK(reversi_board_pass_index(REVERSI_BOARD_SIZE8, NULL) == REVERSI_STATUS_NULL_PARAMETER);
    CHECK(reversi_move_parse(REVERSI_BOARD_SIZE8, "k1", &out) == REVERSI_STATUS_PARSE_ERROR);
    CHECK(out == 7); /* untouched on failure */
    CHECK(strstr(last_error(), "k1") != NULL);
    /* A name of the naming grid that the board's grid lacks has no index there. */
    CHECK(reversi_move_parse(REVERSI_BOARD_SIZE8, "i1", &out) == REVERSI_STATUS_SQUARE_OUT_OF_RANGE);
    CHECK(strcmp(last_error(), "i1 is not on the 8x8 board's grid") == 0 && out == 7);
    CHECK(reversi_move_parse(9, "a1", &out) == REVERSI_STATUS_INVALID_ARGUMENT);
    CHECK(reversi_move_parse(REVERSI_BOARD_SIZE8, NULL, &out) == REVERSI_STATUS_NULL_PARAMETER);
    CHECK(reversi_move_parse(REVERSI_BOARD_SIZE8, "\xff\xfe", &out) == REVERSI_STATUS_INVALID_UTF8);
    OK(reversi_move_name(REVERSI_BOARD_SIZE10, 99, name, sizeof name, &written));
    CHECK(strcmp(name, "j10") == 0 && written == 4);
    OK(reversi_move_name(REVERSI_BOARD_SIZE8, 63, name, sizeof name, &written));
    CHECK(strcmp(name, "h8") == 0 && written == 3);
    OK(reversi_move_name(REVERSI_BOARD_SIZE6, 6, name, sizeof name, &written));
    CHECK(strcmp(name, "a2") == 0);
    /* A pass has a name, both ways, as the moves of a line give it. */
    OK(reversi_move_name(REVERSI_BOARD_SIZE8, 64, name, sizeof name, &written));
    CHECK(strcmp(name, "pass") == 0 && written == 5);
    out = 7;
    OK(reversi_move_parse(REVERSI_BOARD_SIZE8, "PA", &out));
    CHECK(out == 64);
    CHECK(reversi_move_name(REVERSI_BOARD_SIZE8, 65, name, sizeof name, &written) == REVERSI_STATUS_SQUARE_OUT_OF_RANGE);
    CHECK(strcmp(last_error(), "65 is not a square index on the 8x8 board (squares are 0 to 63)") == 0);
    CHECK(reversi_move_name(REVERSI_BOARD_SIZE10, 101, name, sizeof name, &written) == REVERSI_STATUS_SQUARE_OUT_OF_RANGE);
    CHECK(reversi_move_name(REVERSI_BOARD_SIZE10, 99, name, 2, &written) == REVERSI_STATUS_INSUFFICIENT_SIZE);
    CHECK(written == 4);
    CHECK(reversi_move_name(REVERSI_BOARD_SIZE8, 0, NULL, 4, &written) == REVERSI_STATUS_NULL_PARAMETER);
    CHECK(reversi_move_name(REVERSI_BOARD_SIZE8, 0, name, 4, NULL) == REVERSI_STATUS_NULL_PARAMETER);
}

static void rules_errors(void) {
    ReversiRules rules;
    ReversiGame *game = NULL;
    CHECK(reversi_rules_default(NULL) == REVERSI_STATUS_NULL_PARAMETER);
    OK(reversi_rules_default(&rules));
    CHECK(rules.board == REVERSI_BOARD_SIZE8 && rules.players == 2);

    rules.board = 9;
    CHECK(reversi_game_new(&rules, &game) == REVERSI_STATUS_INVALID_ARGUMENT);
    CHECK(game == NULL);
    rules.board = REVERSI_BOARD_SIZE6;
    rules.players = 3;
    CHECK(reversi_game_new(&rules, &game) == REVERSI_STATUS_INVALID_RULES);
    CHECK(strstr(last_error(), "6x6") != NULL);
    OK(reversi_rules_default(&rules));
    rules.anti = 2;
    CHECK(reversi_game_new(&rules, &game) == REVERSI_STATUS_INVALID_ARGUMENT);
    OK(reversi_rules_default(&rules));
    rules.handicap_corners = 16;
    CHECK(reversi_game_new(&rules, &game) == REVERSI_STATUS_INVALID_ARGUMENT);
    rules.handicap_corners = REVERSI_CORNER_TOP_LEFT;
    rules.handicap_color = REVERSI_COLOR_RED;
    CHECK(reversi_game_new(&rules, &game) == REVERSI_STATUS_INVALID_RULES);
    rules.handicap_color = 9;
    CHECK(reversi_game_new(&rules, &game) == REVERSI_STATUS_INVALID_ARGUMENT);
    CHECK(strcmp(last_error(), "handicap_color 9 is not a ReversiColor (0 to 3)") == 0);
    OK(reversi_rules_default(&rules));
    rules.blocked_count = 1;
    rules.blocked[0] = sq("d4");
    CHECK(reversi_game_new(&rules, &game) == REVERSI_STATUS_INVALID_RULES);
    CHECK(strcmp(last_error(), "blocked square d4 is in the central 4x4") == 0);
    rules.blocked[0] = 64; /* the pass on 8x8, not a square */
    CHECK(reversi_game_new(&rules, &game) == REVERSI_STATUS_SQUARE_OUT_OF_RANGE);
    rules.blocked_count = 5;
    CHECK(reversi_game_new(&rules, &game) == REVERSI_STATUS_INVALID_RULES);
    rules.blocked_count = 1;
    rules.blocked[0] = sq("a1");
    rules.random_blocked = 1;
    CHECK(reversi_game_new(&rules, &game) == REVERSI_STATUS_INVALID_RULES);
    CHECK(reversi_game_new(NULL, &game) == REVERSI_STATUS_NULL_PARAMETER);
    OK(reversi_rules_default(&rules));
    CHECK(reversi_game_new(&rules, NULL) == REVERSI_STATUS_NULL_PARAMETER);
    CHECK(game == NULL);
}

static void play_a_game(void) {
    ReversiRules rules;
    OK(reversi_rules_default(&rules));
    ReversiGame *game = new_game(&rules);
    uint32_t value = 0, moves[100], flips[100];
    size_t n = 0;
    bool flag = true;

    OK(reversi_game_board(game, &value));
    CHECK(value == REVERSI_BOARD_SIZE8);
    OK(reversi_game_players(game, &value));
    CHECK(value == 2);
    OK(reversi_game_to_move(game, &value));
    CHECK(value == REVERSI_COLOR_BLACK);
    OK(reversi_game_cell(game, sq("d4"), &value));
    CHECK(value == REVERSI_CELL_WHITE);
    OK(reversi_game_cell(game, 63, &value)); /* h8 */
    CHECK(value == REVERSI_CELL_EMPTY);
    CHECK(reversi_game_cell(game, 64, &value) == REVERSI_STATUS_SQUARE_OUT_OF_RANGE);
    OK(reversi_game_count(game, REVERSI_COLOR_BLACK, &value));
    CHECK(value == 2);
    CHECK(reversi_game_count(game, REVERSI_COLOR_RED, &value) == REVERSI_STATUS_INVALID_ARGUMENT);
    CHECK(reversi_game_count(game, 77, &value) == REVERSI_STATUS_INVALID_ARGUMENT);

    OK(reversi_game_legal_moves(game, moves, 100, &n));
    CHECK(n == 4 && moves[0] == sq("d3"));
    CHECK(reversi_game_legal_moves(game, moves, 3, &n) == REVERSI_STATUS_INSUFFICIENT_SIZE && n == 4);
    OK(reversi_game_is_legal(game, sq("f5"), &flag));
    CHECK(flag);
    OK(reversi_game_is_legal(game, sq("a1"), &flag));
    CHECK(!flag);
    OK(reversi_game_flips(game, sq("f5"), flips, 100, &n));
    CHECK(n == 1 && flips[0] == sq("e5"));
    CHECK(reversi_game_flips(game, sq("a1"), flips, 100, &n) == REVERSI_STATUS_ILLEGAL_MOVE);
    CHECK(strcmp(last_error(), "a1 flips nothing") == 0);

    CHECK(reversi_game_play(game, sq("a1")) == REVERSI_STATUS_ILLEGAL_MOVE);
    CHECK(reversi_game_play(game, 200) == REVERSI_STATUS_SQUARE_OUT_OF_RANGE);
    OK(reversi_game_count(game, REVERSI_COLOR_BLACK, &value));
    CHECK(value == 2); /* unchanged */
    CHECK(reversi_game_pass(game) == REVERSI_STATUS_ILLEGAL_MOVE);
    OK(reversi_game_play(game, sq("f5")));
    OK(reversi_game_count(game, REVERSI_COLOR_BLACK, &value));
    CHECK(value == 4);
    OK(reversi_game_must_pass(game, &flag));
    CHECK(!flag);
    OK(reversi_game_is_over(game, &flag));
    CHECK(!flag);
    OK(reversi_game_outcome(game, &value));
    CHECK(value == REVERSI_OUTCOME_IN_PROGRESS);

    ReversiGame *copy = NULL;
    OK(reversi_game_clone(game, &copy));
    OK(reversi_game_undo(game));
    OK(reversi_game_count(game, REVERSI_COLOR_BLACK, &value));
    CHECK(value == 2);
    CHECK(reversi_game_undo(game) == REVERSI_STATUS_NOTHING_TO_UNDO);
    OK(reversi_game_count(copy, REVERSI_COLOR_BLACK, &value));
    CHECK(value == 4); /* the clone is independent */

    uint64_t leaves = 0;
    OK(reversi_game_perft(game, 5, &leaves));
    CHECK(leaves == 1396);
    CHECK(reversi_game_perft(game, 5, NULL) == REVERSI_STATUS_NULL_PARAMETER);

    OK(reversi_game_play_moves(copy, "d6 c3 d3 c4"));
    CHECK(reversi_game_play_moves(copy, "f4 a1") == REVERSI_STATUS_ILLEGAL_MOVE);
    CHECK(strcmp(last_error(), "column 4: move 2: a1 flips nothing") == 0);
    CHECK(reversi_game_play_moves(copy, "f4 q9") == REVERSI_STATUS_PARSE_ERROR);
    OK(reversi_game_moves(copy, moves, 100, &n));
    CHECK(n == 5 && moves[0] == sq("f5") && moves[4] == sq("c4"));

    char text[2048];
    OK(reversi_game_move_list(copy, text, sizeof text, &n));
    CHECK(strcmp(text, "f5 d6 c3 d3 c4") == 0 && n == strlen(text) + 1);
    CHECK(reversi_game_move_list(copy, text, 3, &n) == REVERSI_STATUS_INSUFFICIENT_SIZE);
    CHECK(n == strlen("f5 d6 c3 d3 c4") + 1);
    OK(reversi_game_position(copy, text, sizeof text, &n));
    CHECK(strchr(text, '/') != NULL);
    OK(reversi_game_display(copy, text, sizeof text, &n));
    CHECK(strstr(text, "White to move") != NULL);

    uint32_t scores[4] = {9, 9, 9, 9};
    OK(reversi_game_scores(copy, scores));
    CHECK(scores[0] + scores[1] == 9 && scores[2] == 0 && scores[3] == 0);
    /* A NULL is reported by the parameter's name in the header. */
    CHECK(reversi_game_scores(copy, NULL) == REVERSI_STATUS_NULL_PARAMETER);
    CHECK(strcmp(last_error(), "scores is NULL") == 0);
    CHECK(reversi_game_play(copy, 64) == REVERSI_STATUS_SQUARE_OUT_OF_RANGE);
    CHECK(strcmp(last_error(), "64 is the pass on the 8x8 board, not a square: pass with reversi_game_pass") == 0);
    OK(reversi_game_blocked(copy, moves, 100, &n));
    CHECK(n == 0);

    /* (NULL, 0, &written) asks for the size, for lists and texts alike. */
    n = 77;
    OK(reversi_game_blocked(copy, NULL, 0, &n));
    CHECK(n == 0);
    CHECK(reversi_game_moves(copy, NULL, 0, &n) == REVERSI_STATUS_INSUFFICIENT_SIZE && n == 5);
    CHECK(reversi_game_move_list(copy, NULL, 0, &n) == REVERSI_STATUS_INSUFFICIENT_SIZE);
    CHECK(n == strlen("f5 d6 c3 d3 c4") + 1);
    CHECK(reversi_game_record(copy, NULL, 0, &n) == REVERSI_STATUS_INSUFFICIENT_SIZE && n > 1);
    /* NULL with a length is a mistake, whether or not the length would do. */
    CHECK(reversi_game_record(copy, NULL, 10, &n) == REVERSI_STATUS_NULL_PARAMETER);
    CHECK(strcmp(last_error(), "buf is NULL") == 0);
    CHECK(reversi_game_record(copy, NULL, 100000, &n) == REVERSI_STATUS_NULL_PARAMETER);
    CHECK(reversi_game_moves(copy, NULL, 2, &n) == REVERSI_STATUS_NULL_PARAMETER);
    CHECK(reversi_game_moves(copy, NULL, 50, &n) == REVERSI_STATUS_NULL_PARAMETER);
    {
        size_t size = n;
        char *record = malloc(size);
        CHECK(record != NULL);
        OK(reversi_game_record(copy, record, size, &n));
        CHECK(n == size && strlen(record) + 1 == size);
        free(record);
    }

    reversi_game_free(copy);
    reversi_game_free(game);
}

static void blocked_and_multiplayer(void) {
    ReversiRules rules;
    OK(reversi_rules_default(&rules));
    rules.board = REVERSI_BOARD_OCTAGON;
    rules.players = 4;
    rules.random_blocked = 1;
    rules.seed = 42;
    ReversiGame *game = new_game(&rules);
    uint32_t blocked[4];
    size_t n = 0;
    OK(reversi_game_blocked(game, blocked, 4, &n));
    CHECK(n >= 1 && n <= 4);
    ReversiGame *again = new_game(&rules);
    uint32_t blocked2[4];
    size_t n2 = 0;
    OK(reversi_game_blocked(again, blocked2, 4, &n2));
    CHECK(n == n2 && memcmp(blocked, blocked2, n * sizeof blocked[0]) == 0); /* same seed */
    uint32_t cell = 0;
    OK(reversi_game_cell(game, blocked[0], &cell));
    CHECK(cell == REVERSI_CELL_BLOCKED);
    /* The octagon's cut corners have indices on its 10x10 grid, off the board. */
    OK(reversi_game_cell(game, index_on(REVERSI_BOARD_OCTAGON, "b1"), &cell));
    CHECK(cell == REVERSI_CELL_OFF_BOARD);
    OK(reversi_game_cell(game, index_on(REVERSI_BOARD_OCTAGON, "j10"), &cell));
    CHECK(cell == REVERSI_CELL_OFF_BOARD);
    CHECK(reversi_game_pass(game) == REVERSI_STATUS_ILLEGAL_MOVE);
    CHECK(strcmp(last_error(), "three or four players never pass") == 0);
    char text[64];
    CHECK(reversi_game_ggf(game, text, sizeof text, &n) == REVERSI_STATUS_CANNOT_EXPRESS);
    CHECK(reversi_game_obf(game, text, sizeof text, &n) == REVERSI_STATUS_CANNOT_EXPRESS);
    reversi_game_free(again);
    reversi_game_free(game);
}

static void rules_read_back(void) {
    ReversiRules rules, back;
    OK(reversi_rules_default(&rules));
    rules.anti = 1;
    rules.handicap_color = REVERSI_COLOR_WHITE;
    rules.handicap_corners = REVERSI_CORNER_TOP_LEFT | REVERSI_CORNER_BOTTOM_RIGHT;
    rules.blocked_count = 2;
    rules.blocked[0] = sq("c1");
    rules.blocked[1] = sq("h4");
    ReversiGame *game = new_game(&rules);
    memset(&back, 0xff, sizeof back);
    OK(reversi_game_rules(game, &back));
    CHECK(back.board == REVERSI_BOARD_SIZE8 && back.players == 2 && back.anti == 1);
    CHECK(back.free_opening == 0 && back.handicap_color == REVERSI_COLOR_WHITE);
    CHECK(back.handicap_corners == (REVERSI_CORNER_TOP_LEFT | REVERSI_CORNER_BOTTOM_RIGHT));
    CHECK(back.blocked_count == 2 && back.blocked[0] == sq("c1") && back.blocked[1] == sq("h4"));
    CHECK(back.random_blocked == 0 && back.seed == 0);
    CHECK(reversi_game_rules(game, NULL) == REVERSI_STATUS_NULL_PARAMETER);
    CHECK(reversi_game_rules(NULL, &back) == REVERSI_STATUS_NULL_PARAMETER);

    /* The tag query agrees with the record the game writes. */
    char text[256];
    size_t n = 0;
    OK(reversi_game_tag(game, "Board", text, sizeof text, &n));
    CHECK(strcmp(text, "8x8") == 0);
    OK(reversi_game_tag(game, "Players", text, sizeof text, &n));
    CHECK(strcmp(text, "2") == 0);
    OK(reversi_game_tag(game, "Anti", text, sizeof text, &n));
    CHECK(strcmp(text, "yes") == 0);
    OK(reversi_game_tag(game, "Handicap", text, sizeof text, &n));
    CHECK(strcmp(text, "white a1 h8") == 0);
    OK(reversi_game_tag(game, "Blocked", text, sizeof text, &n));
    CHECK(strcmp(text, "c1 h4") == 0);
    n = 77;
    strcpy(text, "untouched");
    CHECK(reversi_game_tag(game, "Opening", text, sizeof text, &n) == REVERSI_STATUS_NOT_FOUND);
    CHECK(n == 77 && strcmp(text, "untouched") == 0); /* the standard opening is not written */
    /* Pointers are checked first, also for a tag the record lacks. */
    CHECK(reversi_game_tag(game, "Opening", NULL, 4, &n) == REVERSI_STATUS_NULL_PARAMETER);
    CHECK(reversi_game_tag(game, "Opening", text, sizeof text, NULL) == REVERSI_STATUS_NULL_PARAMETER);
    CHECK(strcmp(last_error(), "written is NULL") == 0);
    OK(reversi_game_tag(game, "Result", text, sizeof text, &n));
    CHECK(strcmp(text, "*") == 0);
    reversi_game_free(game);

    /* Random blocked squares come back as squares: the rules make the same game. */
    OK(reversi_rules_default(&rules));
    rules.board = REVERSI_BOARD_SIZE10;
    rules.players = 3;
    rules.free_opening = 0;
    rules.random_blocked = 1;
    rules.seed = 99;
    game = new_game(&rules);
    OK(reversi_game_rules(game, &back));
    CHECK(back.board == REVERSI_BOARD_SIZE10 && back.players == 3 && back.anti == 0);
    CHECK(back.blocked_count >= 1 && back.blocked_count <= 4 && back.random_blocked == 0);
    ReversiGame *again = new_game(&back);
    char first[256], second[256];
    OK(reversi_game_position(game, first, sizeof first, &n));
    OK(reversi_game_position(again, second, sizeof second, &n));
    CHECK(strcmp(first, second) == 0);
    reversi_game_free(again);
    reversi_game_free(game);

    OK(reversi_rules_default(&rules));
    rules.free_opening = 1;
    game = new_game(&rules);
    OK(reversi_game_rules(game, &back));
    CHECK(back.free_opening == 1 && back.handicap_corners == 0 && back.blocked_count == 0);
    OK(reversi_game_tag(game, "Opening", text, sizeof text, &n));
    CHECK(strcmp(text, "free") == 0);
    reversi_game_free(game);
}

static void texts(void) {
    ReversiGame *game = NULL;
    char text[4096];
    size_t n = 0;

    OK(reversi_game_from_position(
        "--------/--------/--------/---WB---/---BW---/--------/--------/-------- W", 2, 0, &game));
    uint32_t value = 0;
    OK(reversi_game_to_move(game, &value));
    CHECK(value == REVERSI_COLOR_WHITE);
    reversi_game_free(game);
    game = NULL;
    CHECK(reversi_game_from_position("--/-- B", 2, 0, &game) == REVERSI_STATUS_PARSE_ERROR);
    CHECK(game == NULL);
    CHECK(reversi_game_from_position("x", 2, 3, &game) == REVERSI_STATUS_INVALID_ARGUMENT);
    /* A player count the rules refuse is a rules error, as from reversi_game_new. */
    const char *start8 = "--------/--------/--------/---WB---/---BW---/--------/--------/-------- B";
    CHECK(reversi_game_from_position(start8, 7, 0, &game) == REVERSI_STATUS_INVALID_RULES);
    CHECK(strcmp(last_error(), "7 players: a game has 2, 3 or 4 players") == 0);
    CHECK(game == NULL);
    /* A blocked square the rules refuse is the text's fault. */
    const char *blocked_centre = "--------/--------/--------/---#B---/---BW---/--------/--------/-------- B";
    CHECK(reversi_game_from_position(blocked_centre, 2, 0, &game) == REVERSI_STATUS_PARSE_ERROR);
    CHECK(game == NULL);

    const char *record =
        "[Event \"club night\"]\n[Board \"octagon\"]\n[Players \"3\"]\n[Anti \"yes\"]\n"
        "[Blocked \"c1 j4\"]\n\ng7 d7 e7 e8 d5 c8 f4 g3 g4\n";
    OK(reversi_game_from_record(record, &game));
    OK(reversi_game_tag(game, "Event", text, sizeof text, &n));
    CHECK(strcmp(text, "club night") == 0);
    CHECK(reversi_game_tag(game, "Round", text, sizeof text, &n) == REVERSI_STATUS_NOT_FOUND);
    CHECK(strcmp(last_error(), "the record has no tag Round") == 0);
    OK(reversi_game_tag(game, "Board", text, sizeof text, &n));
    CHECK(strcmp(text, "octagon") == 0);
    OK(reversi_game_tag(game, "Players", text, sizeof text, &n));
    CHECK(strcmp(text, "3") == 0);
    OK(reversi_game_tag(game, "Anti", text, sizeof text, &n));
    CHECK(strcmp(text, "yes") == 0);
    OK(reversi_game_tag(game, "Blocked", text, sizeof text, &n));
    CHECK(strcmp(text, "c1 j4") == 0);
    OK(reversi_game_set_tag(game, "Round", "3"));
    OK(reversi_game_set_tag(game, "Annotator", "say \"hi\" \\ tab\there"));
    CHECK(reversi_game_set_tag(game, "Board", "8x8") == REVERSI_STATUS_INVALID_TAG);
    CHECK(strcmp(last_error(), "tag Board follows the game and cannot be set") == 0);
    CHECK(reversi_game_set_tag(game, "bad name", "x") == REVERSI_STATUS_INVALID_TAG);
    CHECK(reversi_game_set_tag(game, "Annotator", "two\nlines") == REVERSI_STATUS_INVALID_TAG);
    CHECK(strstr(last_error(), "line break") != NULL);
    CHECK(reversi_game_set_tag(game, "Annotator", "carriage\rreturn") == REVERSI_STATUS_INVALID_TAG);
    OK(reversi_game_tag(game, "Annotator", text, sizeof text, &n));
    CHECK(strcmp(text, "say \"hi\" \\ tab\there") == 0); /* unchanged by the refusals */
    OK(reversi_game_record(game, text, sizeof text, &n));
    CHECK(strstr(text, "[Round \"3\"]") != NULL && strstr(text, "[Blocked \"c1 j4\"]") != NULL);
    {
        /* The record the game writes reads back, tags and all. */
        ReversiGame *back = NULL;
        char again[4096];
        OK(reversi_game_from_record(text, &back));
        OK(reversi_game_record(back, again, sizeof again, &n));
        CHECK(strcmp(text, again) == 0);
        OK(reversi_game_tag(back, "Annotator", again, sizeof again, &n));
        CHECK(strcmp(again, "say \"hi\" \\ tab\there") == 0);
        reversi_game_free(back);
    }
    reversi_game_free(game);
    game = NULL;
    CHECK(reversi_game_from_record("[Board \"9x9\"]\n", &game) == REVERSI_STATUS_PARSE_ERROR);
    CHECK(strstr(last_error(), "line 1") != NULL);
    CHECK(game == NULL);

    const char *ggf =
        "(;GM[Othello]PC[GGS/os]PB[Saio1200]PW[Saio3000]TY[8]RE[+0.000]"
        "BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]"
        "B[d3//0.01]W[c5//0.01];)";
    OK(reversi_game_from_ggf(ggf, &game));
    OK(reversi_game_tag(game, "Black", text, sizeof text, &n));
    CHECK(strcmp(text, "Saio1200") == 0);
    OK(reversi_game_ggf(game, text, sizeof text, &n));
    CHECK(strstr(text, "B[d3//0.01]W[c5//0.01]") != NULL);
    OK(reversi_game_obf(game, text, sizeof text, &n));
    CHECK(strlen(text) == 66);
    ReversiGame *obf = NULL;
    OK(reversi_game_from_obf(text, &obf));
    OK(reversi_game_count(obf, REVERSI_COLOR_BLACK, &value));
    CHECK(value == 3);
    reversi_game_free(obf);
    CHECK(reversi_game_from_obf("0", &obf) == REVERSI_STATUS_PARSE_ERROR);
    /* The annotations an OBF line carries, as the endgame suites write them. */
    {
        const char *ffo = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12;";
        OK(reversi_obf_annotations(ffo, text, sizeof text, &n));
        CHECK(strcmp(text, "G8:+18; H1:+12;") == 0 && n == strlen(text) + 1);
        OK(reversi_game_obf(game, text, sizeof text, &n));
        CHECK(reversi_obf_annotations(text, text, sizeof text, &n) == REVERSI_STATUS_NOT_FOUND);
        CHECK(reversi_obf_annotations("0", text, sizeof text, &n) == REVERSI_STATUS_PARSE_ERROR);
        CHECK(reversi_obf_annotations(NULL, text, sizeof text, &n) == REVERSI_STATUS_NULL_PARAMETER);
        CHECK(reversi_obf_annotations(text, text, sizeof text, NULL) == REVERSI_STATUS_NULL_PARAMETER);
    }
    CHECK(reversi_game_from_ggf("(;GM[Chess];)", &obf) == REVERSI_STATUS_PARSE_ERROR);
    /* A GGF property with a line break cannot become a record tag: refused. */
    obf = NULL;
    CHECK(reversi_game_from_ggf("(;GM[Othello]PB[a\nb]TY[8];)", &obf) == REVERSI_STATUS_PARSE_ERROR);
    CHECK(strstr(last_error(), "line break") != NULL);
    CHECK(obf == NULL);
    reversi_game_free(game);
}

static void wthor(const char *path) {
    FILE *file = fopen(path, "rb");
    CHECK(file != NULL);
    static uint8_t bytes[200000];
    size_t len = fread(bytes, 1, sizeof bytes, file);
    fclose(file);
    ReversiWthor *db = NULL;
    OK(reversi_wthor_open(bytes, len, &db));
    size_t games = 0;
    OK(reversi_wthor_game_count(db, &games));
    CHECK(games == 1926);
    size_t trailing = 99;
    OK(reversi_wthor_trailing_bytes(db, &trailing));
    CHECK(trailing == 0);
    CHECK(reversi_wthor_trailing_bytes(db, NULL) == REVERSI_STATUS_NULL_PARAMETER);
    CHECK(reversi_wthor_trailing_bytes(NULL, &trailing) == REVERSI_STATUS_NULL_PARAMETER);
    ReversiGame *game = NULL;
    ReversiWthorInfo info;
    OK(reversi_wthor_game(db, 0, &game, &info));
    CHECK(info.finished == 1 && info.black_score == info.replay_black_score);
    reversi_game_free(game);
    CHECK(reversi_wthor_game(db, games, &game, &info) == REVERSI_STATUS_INDEX_OUT_OF_RANGE);
    CHECK(strcmp(last_error(), "index 1926: the database has 1926 games (indexes from 0)") == 0);
    /* Named from WTHOR.JOU and WTHOR.TRN, beside the database. */
    {
        static uint8_t jou[400000], trn[100000];
        char names_path[1024];
        const char *slash = strrchr(path, '/');
        size_t dir = slash ? (size_t)(slash - path) + 1 : 0;
        size_t jou_len, trn_len;
        CHECK(dir + 16 < sizeof names_path);
        memcpy(names_path, path, dir);
        strcpy(names_path + dir, "WTHOR.JOU");
        file = fopen(names_path, "rb");
        CHECK(file != NULL);
        jou_len = fread(jou, 1, sizeof jou, file);
        fclose(file);
        strcpy(names_path + dir, "WTHOR.TRN");
        file = fopen(names_path, "rb");
        CHECK(file != NULL);
        trn_len = fread(trn, 1, sizeof trn, file);
        fclose(file);
        char tag[64];
        size_t n = 0;
        OK(reversi_wthor_game(db, 0, &game, &info));
        CHECK(reversi_game_tag(game, "Black", tag, sizeof tag, &n) == REVERSI_STATUS_NOT_FOUND);
        reversi_game_free(game);
        /* A players file cut short is refused, and the games stay unnamed. */
        CHECK(reversi_wthor_set_names(db, jou, 30, trn, trn_len) == REVERSI_STATUS_WTHOR_ERROR);
        CHECK(strcmp(last_error(), "WTHOR.JOU: the names file ends before name number 0, short of its header's count") == 0);
        CHECK(reversi_wthor_set_names(db, NULL, 5, trn, trn_len) == REVERSI_STATUS_NULL_PARAMETER);
        CHECK(strcmp(last_error(), "players is NULL") == 0);
        CHECK(reversi_wthor_set_names(db, jou, 0, trn, trn_len) == REVERSI_STATUS_WTHOR_ERROR);
        CHECK(strcmp(last_error(), "WTHOR.JOU: the file is shorter than the 16-byte header") == 0);
        OK(reversi_wthor_game(db, 0, &game, &info));
        CHECK(reversi_game_tag(game, "Event", tag, sizeof tag, &n) == REVERSI_STATUS_NOT_FOUND);
        reversi_game_free(game);
        /* One file alone names what it can: the tournament without the players,
           then the players without the tournament; both NULL forget the names. */
        OK(reversi_wthor_set_names(db, NULL, 0, trn, trn_len));
        OK(reversi_wthor_game(db, 0, &game, &info));
        OK(reversi_game_tag(game, "Event", tag, sizeof tag, &n));
        CHECK(reversi_game_tag(game, "Black", tag, sizeof tag, &n) == REVERSI_STATUS_NOT_FOUND);
        reversi_game_free(game);
        OK(reversi_wthor_set_names(db, jou, jou_len, NULL, 0));
        OK(reversi_wthor_game(db, 0, &game, &info));
        OK(reversi_game_tag(game, "Black", tag, sizeof tag, &n));
        CHECK(reversi_game_tag(game, "Event", tag, sizeof tag, &n) == REVERSI_STATUS_NOT_FOUND);
        reversi_game_free(game);
        OK(reversi_wthor_set_names(db, NULL, 0, NULL, 0));
        OK(reversi_wthor_game(db, 0, &game, &info));
        CHECK(reversi_game_tag(game, "White", tag, sizeof tag, &n) == REVERSI_STATUS_NOT_FOUND);
        reversi_game_free(game);
        OK(reversi_wthor_set_names(db, jou, jou_len, trn, trn_len));
        OK(reversi_wthor_game(db, 0, &game, &info));
        OK(reversi_game_tag(game, "Black", tag, sizeof tag, &n));
        CHECK(n > 1);
        OK(reversi_game_tag(game, "White", tag, sizeof tag, &n));
        CHECK(n > 1);
        OK(reversi_game_tag(game, "Event", tag, sizeof tag, &n));
        CHECK(n > 1);
        /* The numbers stay beside the names. */
        OK(reversi_game_tag(game, "BlackPlayer", tag, sizeof tag, &n));
        CHECK((uint32_t)atoi(tag) == info.black_player);
        reversi_game_free(game);
        /* The names files written from their names (ISO 8859-1 fields made
           UTF-8 here) and dates: the same bytes as the files. */
        const struct { const uint8_t *file; size_t len, width; uint32_t kind; } names_files[] = {
            {jou, jou_len, 20, REVERSI_WTHOR_NAMES_PLAYERS},
            {trn, trn_len, 26, REVERSI_WTHOR_NAMES_TOURNAMENTS},
        };
        for (size_t f = 0; f < 2; f++) {
            const uint8_t *file_bytes = names_files[f].file;
            size_t width = names_files[f].width, count = (names_files[f].len - 16) / width;
            CHECK(count == (size_t)(file_bytes[8] | file_bytes[9] << 8));
            char *utf8 = malloc(count * (2 * width + 1));
            const char **list = malloc(count * sizeof *list);
            for (size_t i = 0; i < count; i++) {
                char *to = utf8 + i * (2 * width + 1);
                list[i] = to;
                for (size_t k = 0; k < width && file_bytes[16 + i * width + k] != 0; k++) {
                    uint8_t b = file_bytes[16 + i * width + k];
                    if (b < 0x80) {
                        *to++ = (char)b;
                    } else {
                        *to++ = (char)(0xC0 | b >> 6);
                        *to++ = (char)(0x80 | (b & 0x3F));
                    }
                }
                *to = 0;
            }
            size_t size = 0;
            CHECK(reversi_wthor_names_write(names_files[f].kind, file_bytes, list, count, NULL, 0, &size) ==
                  REVERSI_STATUS_INSUFFICIENT_SIZE);
            CHECK(size == names_files[f].len);
            uint8_t *out = malloc(size);
            OK(reversi_wthor_names_write(names_files[f].kind, file_bytes, list, count, out, size, &n));
            CHECK(n == size && memcmp(out, file_bytes, size) == 0);
            free(out);
            free(list);
            free(utf8);
        }
        /* What a names file cannot hold is refused, naming the name. */
        const char *bad[] = {"Ann", "\xC5\x81ukasz", "a name of 24 bytes long."};
        uint8_t small[64];
        const uint8_t date[4] = {20, 26, 12, 3};
        n = 7;
        CHECK(reversi_wthor_names_write(REVERSI_WTHOR_NAMES_PLAYERS, date, bad, 2, small, sizeof small, &n) ==
              REVERSI_STATUS_CANNOT_EXPRESS && n == 7);
        CHECK(strstr(last_error(), "name number 1 has") != NULL);
        CHECK(reversi_wthor_names_write(REVERSI_WTHOR_NAMES_PLAYERS, date, bad + 2, 1, small, sizeof small, &n) ==
              REVERSI_STATUS_CANNOT_EXPRESS);
        CHECK(strcmp(last_error(), "name number 0 is 24 bytes long, more than its field's 20") == 0);
        /* A tournament's field is wider. */
        OK(reversi_wthor_names_write(REVERSI_WTHOR_NAMES_TOURNAMENTS, date, bad + 2, 1, small, sizeof small, &n));
        CHECK(n == 16 + 26 && memcmp(small + 16, bad[2], 24) == 0 && small[16 + 24] == 0);
        CHECK(reversi_wthor_names_write(7, date, bad, 1, small, sizeof small, &n) == REVERSI_STATUS_INVALID_ARGUMENT);
        CHECK(strcmp(last_error(), "kind 7 is not a ReversiWthorNames") == 0);
        CHECK(reversi_wthor_names_write(REVERSI_WTHOR_NAMES_PLAYERS, NULL, bad, 1, small, sizeof small, &n) ==
              REVERSI_STATUS_NULL_PARAMETER);
        CHECK(reversi_wthor_names_write(REVERSI_WTHOR_NAMES_PLAYERS, date, NULL, 1, small, sizeof small, &n) ==
              REVERSI_STATUS_NULL_PARAMETER);
        OK(reversi_wthor_names_write(REVERSI_WTHOR_NAMES_PLAYERS, date, NULL, 0, small, sizeof small, &n));
        CHECK(n == 16 && memcmp(small, date, 4) == 0 && small[8] == 0);
        OK(reversi_wthor_names_write(REVERSI_WTHOR_NAMES_PLAYERS, date, bad, 1, small, sizeof small, &n));
        CHECK(n == 36 && small[8] == 1 && memcmp(small + 16, "Ann\0", 4) == 0);
    }
    /* Written back from C: the same bytes. */
    {
        ReversiWthorHeader header;
        OK(reversi_wthor_header(db, &header));
        CHECK(header.games == 1926 && header.board == REVERSI_BOARD_SIZE8 && header.year == 2015);
        static ReversiGame *all[1926];
        static ReversiWthorInfo infos[1926];
        for (size_t i = 0; i < games; i++) OK(reversi_wthor_game(db, i, &all[i], &infos[i]));
        size_t size = 0, n = 0;
        const ReversiGame *const *list = (const ReversiGame *const *)all;
        CHECK(reversi_wthor_write(&header, list, infos, games, NULL, 0, &size) == REVERSI_STATUS_INSUFFICIENT_SIZE);
        CHECK(size == len);
        uint8_t *out = malloc(size);
        CHECK(reversi_wthor_write(&header, list, infos, games, out, size - 1, &n) == REVERSI_STATUS_INSUFFICIENT_SIZE && n == size);
        OK(reversi_wthor_write(&header, list, infos, games, out, size, &n));
        CHECK(n == len && memcmp(out, bytes, len) == 0);
        /* Two games, and the header says two. */
        OK(reversi_wthor_write(&header, list, infos, 2, out, size, &n));
        CHECK(n == 16 + 2 * 68 && out[4] == 2 && memcmp(out + 16, bytes + 16, 2 * 68) == 0);
        /* Refused, with nothing written: a number too large for its field, a game
           WTHOR cannot hold, NULL lists. */
        ReversiWthorInfo wide = infos[0];
        wide.tournament = 70000;
        n = 12345;
        CHECK(reversi_wthor_write(&header, list, &wide, 1, out, size, &n) == REVERSI_STATUS_INVALID_ARGUMENT && n == 12345);
        CHECK(strcmp(last_error(), "infos[0].tournament is 70000: too large for its WTHOR field") == 0);
        ReversiRules small;
        OK(reversi_rules_default(&small));
        small.board = REVERSI_BOARD_SIZE6;
        ReversiGame *six = NULL;
        OK(reversi_game_new(&small, &six));
        const ReversiGame *one[1] = {six};
        CHECK(reversi_wthor_write(&header, one, infos, 1, out, size, &n) == REVERSI_STATUS_CANNOT_EXPRESS);
        reversi_game_free(six);
        CHECK(reversi_wthor_write(&header, NULL, infos, 1, out, size, &n) == REVERSI_STATUS_NULL_PARAMETER);
        CHECK(reversi_wthor_write(NULL, list, infos, 1, out, size, &n) == REVERSI_STATUS_NULL_PARAMETER);
        OK(reversi_wthor_write(&header, NULL, NULL, 0, out, size, &n));
        CHECK(n == 16 && out[4] == 0);
        ReversiWthorHeader octagon = header;
        octagon.board = REVERSI_BOARD_OCTAGON;
        CHECK(reversi_wthor_write(&octagon, NULL, NULL, 0, out, size, &n) == REVERSI_STATUS_INVALID_ARGUMENT);
        CHECK(strcmp(last_error(), "header.board is octagon: a WTHOR header says 8x8 or 10x10") == 0);
        /* The numbers from the games' tags: the same bytes again. */
        OK(reversi_wthor_write_games(&header, list, games, out, size, &n));
        CHECK(n == len && memcmp(out, bytes, len) == 0);
        /* A game of our own: its numbers from the tags we set. */
        ReversiRules standard;
        OK(reversi_rules_default(&standard));
        ReversiGame *own = NULL;
        OK(reversi_game_new(&standard, &own));
        const ReversiGame *mine[1] = {own};
        CHECK(reversi_wthor_write_games(&header, mine, 1, out, size, &n) == REVERSI_STATUS_CANNOT_EXPRESS);
        CHECK(strstr(last_error(), "game 1: its line does not end the game") != NULL);
        OK(reversi_game_set_tag(own, "BlackScore", "32"));
        OK(reversi_game_set_tag(own, "WhitePlayer", "258"));
        OK(reversi_wthor_write_games(&header, mine, 1, out, size, &n));
        CHECK(n == 16 + 68 && out[16 + 4] == 2 && out[16 + 5] == 1 && out[16 + 6] == 32 && out[16 + 7] == 32);
        OK(reversi_game_set_tag(own, "BlackPlayer", "x"));
        CHECK(reversi_wthor_write_games(&header, mine, 1, out, size, &n) == REVERSI_STATUS_CANNOT_EXPRESS);
        CHECK(strcmp(last_error(), "game 1: tag BlackPlayer is \"x\", not a number from 0 to 65535") == 0);
        reversi_game_free(own);
        CHECK(reversi_wthor_write_games(&header, NULL, 1, out, size, &n) == REVERSI_STATUS_NULL_PARAMETER);
        OK(reversi_wthor_write_games(&header, NULL, 0, out, size, &n));
        CHECK(n == 16);
        free(out);
        for (size_t i = 0; i < games; i++) reversi_game_free(all[i]);
    }
    reversi_wthor_free(db);
    reversi_wthor_free(NULL);
    CHECK(reversi_wthor_open(bytes, 10, &db) == REVERSI_STATUS_WTHOR_ERROR);
    CHECK(reversi_wthor_open(NULL, 10, &db) == REVERSI_STATUS_NULL_PARAMETER);
    /* NULL with no bytes is an empty input, as for the game reader. */
    CHECK(reversi_wthor_open(NULL, 0, &db) == REVERSI_STATUS_WTHOR_ERROR);
    CHECK(strcmp(last_error(), "the file is shorter than the 16-byte header") == 0);
    /* A file cut inside its second game. */
    OK(reversi_wthor_open(bytes, 16 + 68 + 30, &db));
    OK(reversi_wthor_game(db, 0, &game, &info));
    reversi_game_free(game);
    CHECK(reversi_wthor_game(db, 1, &game, &info) == REVERSI_STATUS_WTHOR_ERROR);
    CHECK(strcmp(last_error(), "game 2: the file ends inside its record") == 0);
    OK(reversi_wthor_trailing_bytes(db, &trailing));
    CHECK(trailing == 0);
    reversi_wthor_free(db);
    /* A header that counts 2 of the games: the rest is there, and said to be. */
    uint8_t count[4];
    memcpy(count, bytes + 4, 4);
    bytes[4] = 2, bytes[5] = 0, bytes[6] = 0, bytes[7] = 0;
    OK(reversi_wthor_open(bytes, len, &db));
    OK(reversi_wthor_game_count(db, &games));
    CHECK(games == 2);
    OK(reversi_wthor_trailing_bytes(db, &trailing));
    CHECK(trailing == (1926 - 2) * 68);
    reversi_wthor_free(db);
    memcpy(bytes + 4, count, 4);
}

/* A missing tag is NOT_FOUND; a tag set to the empty text is there, empty. */
static void tag_presence(void) {
    ReversiRules rules;
    OK(reversi_rules_default(&rules));
    ReversiGame *game = new_game(&rules);
    char text[64] = "untouched";
    size_t n = 77;
    CHECK(reversi_game_tag(game, "Round", text, sizeof text, &n) == REVERSI_STATUS_NOT_FOUND);
    CHECK(n == 77 && strcmp(text, "untouched") == 0);
    CHECK(reversi_game_tag(game, "Round", NULL, 0, &n) == REVERSI_STATUS_NOT_FOUND); /* size query */
    CHECK(n == 77);
    OK(reversi_game_set_tag(game, "Round", ""));
    CHECK(reversi_game_tag(game, "Round", NULL, 0, &n) == REVERSI_STATUS_INSUFFICIENT_SIZE && n == 1);
    OK(reversi_game_tag(game, "Round", text, sizeof text, &n));
    CHECK(n == 1 && text[0] == '\0');
    CHECK(reversi_game_tag(game, "\xff", text, sizeof text, &n) == REVERSI_STATUS_INVALID_UTF8);
    CHECK(reversi_game_tag(game, NULL, text, sizeof text, &n) == REVERSI_STATUS_NULL_PARAMETER);
    reversi_game_free(game);

    /* Listing the tags: the GGF properties under their record names. */
    char names[256];
    OK(reversi_game_from_ggf("(;GM[Othello]PC[GGS/os]PB[a]RW[2196]TI[05:00]Foo[x]TY[8]RE[-64.000:r]B[f5];)",
                             &game));
    OK(reversi_game_tag_names(game, names, sizeof names, &n));
    CHECK(strcmp(names, "Site\nBlack\nWhiteRating\nTimeControl\nFoo\nBoard\nPlayers\nResult\n") == 0);
    CHECK(n == strlen(names) + 1);
    CHECK(reversi_game_tag_names(game, names, 4, &n) == REVERSI_STATUS_INSUFFICIENT_SIZE);
    CHECK(reversi_game_tag_names(NULL, names, sizeof names, &n) == REVERSI_STATUS_NULL_PARAMETER);
    /* Equality covers the whole line and the tags, not where the game stands. */
    ReversiGame *other = NULL;
    bool equal = false;
    OK(reversi_game_clone(game, &other));
    OK(reversi_game_undo(other));
    OK(reversi_game_equal(game, other, &equal));
    CHECK(equal);
    OK(reversi_game_set_ply_comment(other, 0, "sharp"));
    OK(reversi_game_equal(game, other, &equal));
    CHECK(!equal);
    OK(reversi_game_set_ply_comment(other, 0, ""));
    OK(reversi_game_set_tag(other, "Foo", "y"));
    OK(reversi_game_equal(game, other, &equal));
    CHECK(!equal);
    CHECK(reversi_game_equal(game, NULL, &equal) == REVERSI_STATUS_NULL_PARAMETER);
    CHECK(reversi_game_equal(game, other, NULL) == REVERSI_STATUS_NULL_PARAMETER);
    reversi_game_free(other);
    reversi_game_free(game);
}

static size_t count_of(ReversiStatus (*get)(const ReversiGame *, size_t *), const ReversiGame *game) {
    size_t out = 999;
    OK(get(game, &out));
    return out;
}

/* Undo keeps the move for redo, go_to moves along the whole line, saves write the
 * whole line, and up_to_current cuts it where the game stands. */
static void line_navigation(void) {
    ReversiRules rules;
    OK(reversi_rules_default(&rules));
    ReversiGame *game = new_game(&rules);
    char text[4096], start[128], here[128];
    size_t n = 0;
    uint32_t moves[100];
    OK(reversi_game_position(game, start, sizeof start, &n));
    CHECK(reversi_game_redo(game) == REVERSI_STATUS_NOTHING_TO_REDO);
    CHECK(strcmp(last_error(), "no move to redo") == 0);
    OK(reversi_game_play_moves(game, "f5 d6 c3 d3 c4"));
    CHECK(count_of(reversi_game_move_count, game) == 5);
    CHECK(count_of(reversi_game_line_length, game) == 5);

    OK(reversi_game_undo(game));
    CHECK(count_of(reversi_game_move_count, game) == 4);
    CHECK(count_of(reversi_game_line_length, game) == 5); /* undo keeps the move */
    OK(reversi_game_redo(game));
    CHECK(count_of(reversi_game_move_count, game) == 5);
    CHECK(reversi_game_redo(game) == REVERSI_STATUS_NOTHING_TO_REDO);

    OK(reversi_game_go_to(game, 2));
    OK(reversi_game_move_list(game, text, sizeof text, &n));
    CHECK(strcmp(text, "f5 d6") == 0);
    OK(reversi_game_moves(game, moves, 100, &n));
    CHECK(n == 2);
    OK(reversi_game_line(game, moves, 100, &n));
    CHECK(n == 5 && moves[0] == sq("f5") && moves[4] == sq("c4"));
    CHECK(reversi_game_line(game, moves, 4, &n) == REVERSI_STATUS_INSUFFICIENT_SIZE && n == 5);
    OK(reversi_game_position(game, here, sizeof here, &n));
    CHECK(reversi_game_go_to(game, 6) == REVERSI_STATUS_INDEX_OUT_OF_RANGE);
    CHECK(strcmp(last_error(), "move 6 is beyond the game's last move, 5") == 0);
    OK(reversi_game_position(game, text, sizeof text, &n));
    CHECK(strcmp(text, here) == 0); /* unchanged by the refusal */
    CHECK(count_of(reversi_game_move_count, game) == 2);

    /* A save while browsing writes the whole line. */
    OK(reversi_game_record(game, text, sizeof text, &n));
    CHECK(strstr(text, "c4") != NULL);
    ReversiGame *back = NULL;
    OK(reversi_game_from_record(text, &back));
    CHECK(count_of(reversi_game_line_length, back) == 5);
    reversi_game_free(back);
    /* up_to_current saves only up to where the game stands; the game keeps its line. */
    ReversiGame *cut = NULL;
    OK(reversi_game_up_to_current(game, &cut));
    CHECK(count_of(reversi_game_line_length, cut) == 2 && count_of(reversi_game_move_count, cut) == 2);
    OK(reversi_game_record(cut, text, sizeof text, &n));
    CHECK(strstr(text, "f5 d6") != NULL && strstr(text, "c3") == NULL);
    reversi_game_free(cut);
    CHECK(count_of(reversi_game_line_length, game) == 5);
    CHECK(reversi_game_up_to_current(game, NULL) == REVERSI_STATUS_NULL_PARAMETER);

    OK(reversi_game_go_to(game, 0));
    OK(reversi_game_position(game, text, sizeof text, &n));
    CHECK(strcmp(text, start) == 0);
    OK(reversi_game_go_to(game, 5));
    CHECK(count_of(reversi_game_move_count, game) == 5);

    /* Playing where moves could be redone clears them; so does clear_redo. */
    OK(reversi_game_go_to(game, 3));
    OK(reversi_game_clear_redo(game));
    CHECK(count_of(reversi_game_line_length, game) == 3);
    OK(reversi_game_undo(game));
    OK(reversi_game_undo(game));
    CHECK(count_of(reversi_game_line_length, game) == 3);
    OK(reversi_game_play(game, sq("d6"))); /* even the move redo would play */
    CHECK(count_of(reversi_game_line_length, game) == 2);

    CHECK(reversi_game_redo(NULL) == REVERSI_STATUS_NULL_PARAMETER);
    CHECK(reversi_game_go_to(NULL, 0) == REVERSI_STATUS_NULL_PARAMETER);
    CHECK(reversi_game_clear_redo(NULL) == REVERSI_STATUS_NULL_PARAMETER);
    CHECK(reversi_game_move_count(game, NULL) == REVERSI_STATUS_NULL_PARAMETER);
    CHECK(reversi_game_line_length(NULL, &n) == REVERSI_STATUS_NULL_PARAMETER);
    reversi_game_free(game);
}

/* The single-game readers: a second game points to the reader of many games; a
 * byte-order mark and an archive line's game number are read. */
static void single_game_readers(void) {
    ReversiGame *game = NULL, *other = NULL;
    bool equal = false;
    CHECK(reversi_game_from_ggf("(;GM[Othello]TY[8]B[f5];)(;GM[Othello]TY[8]B[d3];)", &game) ==
          REVERSI_STATUS_PARSE_ERROR);
    CHECK(strstr(last_error(), "use a reader of many games") != NULL);
    CHECK(strstr(last_error(), "::") == NULL);
    OK(reversi_game_from_ggf("\xef\xbb\xbf" "1 (;GM[Othello]TY[8]B[f5];)\r\n", &game));
    OK(reversi_game_from_record("\xef\xbb\xbf[Black \"x\"]\n\nf5\n", &other));
    OK(reversi_game_set_tag(game, "Black", "x"));
    OK(reversi_game_equal(game, other, &equal));
    CHECK(equal);
    reversi_game_free(game);
    reversi_game_free(other);
}

/* A stated result belongs to the end of its line: another line drops it. */
static void stated_result_follows_the_line(void) {
    ReversiGame *game = NULL, *copy = NULL;
    char text[1024];
    size_t n = 0;
    OK(reversi_game_from_ggf("(;GM[Othello]TY[8]B[f5]W[d6]RE[-64.000:r];)", &game));
    OK(reversi_game_go_to(game, 1));
    OK(reversi_game_ggf(game, text, sizeof text, &n));
    CHECK(strstr(text, "RE[-64.000:r]") != NULL); /* browsing keeps it */
    OK(reversi_game_go_to(game, 2));
    OK(reversi_game_up_to_current(game, &copy)); /* at the end: the whole game */
    OK(reversi_game_ggf(copy, text, sizeof text, &n));
    CHECK(strstr(text, "RE[-64.000:r]") != NULL);
    reversi_game_free(copy);
    OK(reversi_game_go_to(game, 1));
    OK(reversi_game_play(game, sq("f4")));
    OK(reversi_game_ggf(game, text, sizeof text, &n));
    CHECK(strstr(text, "RE[") == NULL && strstr(text, "W[f4]") != NULL);
    OK(reversi_game_record(game, text, sizeof text, &n));
    CHECK(strstr(text, "[Result \"*\"]") != NULL);
    reversi_game_free(game);

    OK(reversi_game_from_ggf("(;GM[Othello]TY[8]B[f5]W[d6]RE[-64.000:r];)", &game));
    ReversiResult result;
    uint32_t outcome = 0;
    OK(reversi_game_outcome(game, &outcome));
    CHECK(outcome == REVERSI_OUTCOME_IN_PROGRESS); /* the board's, not the game's */
    OK(reversi_game_result(game, &result));
    CHECK(result.ending == REVERSI_ENDING_RESIGNATION && result.outcome == REVERSI_OUTCOME_WHITE_WINS);
    CHECK(!result.has_scores && result.scores[0] == 0 && result.scores[1] == 0);
    CHECK(!result.has_margin && result.margin == 0); /* GGS's -64 says nothing more */
    OK(reversi_game_tag(game, "Result", text, sizeof text, &n));
    CHECK(strcmp(text, "white by resignation") == 0);
    OK(reversi_game_go_to(game, 0));
    OK(reversi_game_clear_redo(game));
    OK(reversi_game_ggf(game, text, sizeof text, &n));
    CHECK(strstr(text, "RE[") == NULL);
    OK(reversi_game_result(game, &result));
    CHECK(result.ending == REVERSI_ENDING_NONE && result.outcome == REVERSI_OUTCOME_IN_PROGRESS);
    reversi_game_free(game);

    /* A result set from C, refused with the game unchanged when it does not fit. */
    OK(reversi_game_from_record("f5 d6 c3\n", &game));
    OK(reversi_game_set_result(game, "white by resignation"));
    OK(reversi_game_result(game, &result));
    CHECK(result.ending == REVERSI_ENDING_RESIGNATION && result.outcome == REVERSI_OUTCOME_WHITE_WINS);
    OK(reversi_game_record(game, text, sizeof text, &n));
    CHECK(strstr(text, "[Result \"white by resignation\"]") != NULL);
    CHECK(reversi_game_set_result(game, "black 70-31 by agreement") == REVERSI_STATUS_INVALID_RESULT);
    CHECK(strstr(last_error(), "101 discs") != NULL);
    CHECK(reversi_game_set_result(game, "red on time") == REVERSI_STATUS_INVALID_RESULT);
    CHECK(reversi_game_set_result(game, "draw by resignation") == REVERSI_STATUS_INVALID_RESULT);
    CHECK(reversi_game_set_result(game, "sideways") == REVERSI_STATUS_INVALID_RESULT);
    CHECK(reversi_game_set_result(game, NULL) == REVERSI_STATUS_NULL_PARAMETER);
    OK(reversi_game_result(game, &result));
    CHECK(result.ending == REVERSI_ENDING_RESIGNATION && result.outcome == REVERSI_OUTCOME_WHITE_WINS);
    CHECK(reversi_game_set_tag(game, "Result", "*") == REVERSI_STATUS_INVALID_TAG);
    CHECK(strstr(last_error(), "reversi_game_set_result") != NULL);
    OK(reversi_game_set_result(game, "*"));
    OK(reversi_game_result(game, &result));
    CHECK(result.ending == REVERSI_ENDING_NONE);
    CHECK(strcmp(reversi_status_message(REVERSI_STATUS_INVALID_RESULT), "the result does not fit the game") == 0);
    reversi_game_free(game);

    /* Agreed scores, and a game over on the board. */
    OK(reversi_game_from_record("[Result \"black 40-24 by agreement\"]\n\nf5 d6\n", &game));
    OK(reversi_game_result(game, &result));
    CHECK(result.ending == REVERSI_ENDING_AGREEMENT && result.outcome == REVERSI_OUTCOME_BLACK_WINS);
    CHECK(result.has_scores && result.scores[0] == 40 && result.scores[1] == 24);
    reversi_game_free(game);
    /* A margin GGF stated is kept, and written back. */
    OK(reversi_game_from_ggf("(;GM[Othello]TY[8]B[f5]RE[+4.000:r];)", &game));
    OK(reversi_game_result(game, &result));
    CHECK(result.ending == REVERSI_ENDING_RESIGNATION && result.outcome == REVERSI_OUTCOME_BLACK_WINS);
    CHECK(!result.has_scores && result.has_margin && result.margin == 4);
    OK(reversi_game_ggf(game, text, sizeof text, &n));
    CHECK(strstr(text, "RE[+4.000:r]") != NULL);
    reversi_game_free(game);
    /* White wiped out: over on the board. */
    OK(reversi_game_from_position(
        "--------/--------/--------/---BBB--/---BBB--/---B----/--------/-------- W", 2, 0, &game));
    OK(reversi_game_result(game, &result));
    CHECK(result.ending == REVERSI_ENDING_BOARD && result.has_scores);
    CHECK(result.outcome == REVERSI_OUTCOME_BLACK_WINS && result.scores[0] == 7 && result.scores[1] == 0);
    CHECK(reversi_game_result(NULL, &result) == REVERSI_STATUS_NULL_PARAMETER);
    CHECK(reversi_game_result(game, NULL) == REVERSI_STATUS_NULL_PARAMETER);
    reversi_game_free(game);
}

/* Each move's data: who, where, what it flipped, time, evaluation, comment. */
static void ply_data(void) {
    ReversiGame *game = NULL;
    ReversiPly ply;
    char text[4096];
    size_t n = 0;
    uint32_t flips[100];
    OK(reversi_game_from_ggf("(;GM[Othello]TY[8]B[d3//0.01]W[c5/2.39/1.5];)", &game));
    OK(reversi_game_ply(game, 0, &ply));
    CHECK(ply.color == REVERSI_COLOR_BLACK && ply.square == sq("d3") && ply.flip_count == 1);
    CHECK(ply.played && ply.has_time && ply.time_seconds == 0 && ply.time_nanoseconds == 10000000);
    CHECK(!ply.has_evaluation && ply.evaluation == 0 && !ply.has_comment);
    OK(reversi_game_ply(game, 1, &ply));
    CHECK(ply.color == REVERSI_COLOR_WHITE && ply.square == sq("c5"));
    CHECK(ply.has_evaluation && ply.evaluation == 2390);
    CHECK(ply.time_seconds == 1 && ply.time_nanoseconds == 500000000);
    OK(reversi_game_ply_flips(game, 1, flips, 100, &n));
    CHECK(n == 1 && flips[0] == sq("d5"));
    CHECK(reversi_game_ply(game, 2, &ply) == REVERSI_STATUS_INDEX_OUT_OF_RANGE);
    CHECK(strcmp(last_error(), "move index 2: the line has 2 moves") == 0);
    CHECK(reversi_game_ply(game, 0, NULL) == REVERSI_STATUS_NULL_PARAMETER);
    CHECK(reversi_game_ply_flips(game, 9, flips, 100, &n) == REVERSI_STATUS_INDEX_OUT_OF_RANGE);

    CHECK(reversi_game_ply_comment(game, 0, text, sizeof text, &n) == REVERSI_STATUS_NOT_FOUND);
    CHECK(reversi_game_ply_comment(game, 0, NULL, 8, &n) == REVERSI_STATUS_NULL_PARAMETER); /* pointers first */
    OK(reversi_game_set_ply_comment(game, 0, "  the usual  "));
    OK(reversi_game_ply_comment(game, 0, text, sizeof text, &n));
    CHECK(strcmp(text, "the usual") == 0 && n == 10);
    OK(reversi_game_set_ply_evaluation(game, 0, 1, -1250));
    CHECK(reversi_game_set_ply_evaluation(game, 0, 2, 0) == REVERSI_STATUS_INVALID_ARGUMENT);
    CHECK(strcmp(last_error(), "has_evaluation is 2: expected 0 or 1") == 0); /* as ReversiPly names it */
    CHECK(reversi_game_set_ply_time(game, 0, 2, 3, 0) == REVERSI_STATUS_INVALID_ARGUMENT);
    CHECK(strcmp(last_error(), "has_time is 2: expected 0 or 1") == 0);
    CHECK(reversi_game_set_ply_time(game, 0, 1, 3, 1000000000) == REVERSI_STATUS_INVALID_ARGUMENT);
    OK(reversi_game_set_ply_time(game, 0, 1, 3, 250000000));
    CHECK(reversi_game_set_ply_time(game, 2, 1, 3, 0) == REVERSI_STATUS_INDEX_OUT_OF_RANGE);
    CHECK(reversi_game_set_ply_comment(game, 0, NULL) == REVERSI_STATUS_NULL_PARAMETER);
    CHECK(reversi_game_set_ply_comment(game, 0, "\xc3") == REVERSI_STATUS_INVALID_UTF8);
    OK(reversi_game_ply(game, 0, &ply));
    CHECK(ply.has_evaluation && ply.evaluation == -1250 && ply.has_comment);
    CHECK(ply.time_seconds == 3 && ply.time_nanoseconds == 250000000);

    /* The moves of the redo list have their data too, and saves keep all of it. */
    OK(reversi_game_go_to(game, 0));
    OK(reversi_game_ply(game, 1, &ply));
    CHECK(!ply.played && ply.evaluation == 2390);
    OK(reversi_game_set_ply_comment(game, 1, "a redo move"));
    OK(reversi_game_record(game, text, sizeof text, &n));
    CHECK(strstr(text, "[%eval -1.25]") != NULL && strstr(text, "a redo move") != NULL);
    ReversiGame *back = NULL;
    OK(reversi_game_from_record(text, &back));
    OK(reversi_game_ply(back, 0, &ply));
    CHECK(ply.evaluation == -1250 && ply.time_seconds == 3 && ply.time_nanoseconds == 250000000);
    OK(reversi_game_ply_comment(back, 1, text, sizeof text, &n));
    CHECK(strcmp(text, "a redo move") == 0);
    reversi_game_free(back);
    OK(reversi_game_ggf(game, text, sizeof text, &n));
    CHECK(strstr(text, "B[d3/-1.25/3.25]W[c5/2.39/1.5]") != NULL);

    /* Clearing. */
    OK(reversi_game_set_ply_comment(game, 0, " "));
    CHECK(reversi_game_ply_comment(game, 0, text, sizeof text, &n) == REVERSI_STATUS_NOT_FOUND);
    OK(reversi_game_set_ply_evaluation(game, 0, 0, 77));
    OK(reversi_game_set_ply_time(game, 0, 0, 0, 0));
    OK(reversi_game_ply(game, 0, &ply));
    CHECK(!ply.has_evaluation && !ply.has_time && !ply.has_comment && ply.evaluation == 0);
    reversi_game_free(game);

    /* Flips come back as square lists on every board: what a move would flip is
     * what its ply says it flipped, squares beyond 63 included. */
    static const uint32_t boards[2] = {REVERSI_BOARD_SIZE10, REVERSI_BOARD_OCTAGON};
    for (int b = 0; b < 2; b++) {
        ReversiRules rules;
        OK(reversi_rules_default(&rules));
        rules.board = boards[b];
        rules.players = b == 0 ? 2 : 4;
        game = new_game(&rules);
        uint32_t highest = 0;
        for (size_t i = 0; i < 30; i++) {
            uint32_t legal[100], expected[100];
            size_t count = 0, flipped = 0;
            OK(reversi_game_legal_moves(game, legal, 100, &count));
            if (count == 0) break;
            uint32_t square = legal[count - 1]; /* the highest index */
            OK(reversi_game_flips(game, square, expected, 100, &flipped));
            OK(reversi_game_play(game, square));
            OK(reversi_game_ply(game, i, &ply));
            CHECK(ply.square == square && ply.flip_count == flipped);
            OK(reversi_game_ply_flips(game, i, flips, 100, &n));
            CHECK(n == flipped && memcmp(flips, expected, n * sizeof flips[0]) == 0);
            for (size_t k = 0; k < n; k++) highest = flips[k] > highest ? flips[k] : highest;
        }
        CHECK(highest > 63);
        reversi_game_free(game);
    }
}

/* Feeds a text to a reader `chunk` bytes at a time; fails (-1) or lies about the
 * count when asked. */
struct feed {
    const char *text;
    size_t at, chunk;
    int fail, lie;
};

static int32_t feed_read(void *user, uint8_t *buf, size_t len, size_t *count) {
    struct feed *feed = user;
    if (feed->fail) return -1;
    size_t left = strlen(feed->text) - feed->at;
    size_t n = left < feed->chunk ? left : feed->chunk;
    n = n < len ? n : len;
    memcpy(buf, feed->text + feed->at, n);
    feed->at += n;
    *count = feed->lie ? len + 1 : n;
    return 0;
}

static void next_error(ReversiGameReader *reader, ReversiGameEntry *entry, const char *detail) {
    ReversiGame *game = (ReversiGame *)1;
    CHECK(reversi_game_reader_next(reader, &game, entry) == REVERSI_STATUS_PARSE_ERROR);
    CHECK(game == NULL);
    CHECK(strncmp(last_error(), detail, strlen(detail)) == 0);
}

static ReversiGame *next_game(ReversiGameReader *reader, ReversiGameEntry *entry) {
    ReversiGame *game = NULL;
    OK(reversi_game_reader_next(reader, &game, entry));
    CHECK(game != NULL && entry->error_line == 0 && entry->error_column == 0);
    return game;
}

/* Many games per input, each with where it starts and its own error. */
static void game_reader(const char *ggf_path) {
    const char *first = "1 (;GM[Othello]PB[Ann]TY[8]B[f5/0.5/1.2]W[d6];)\n";
    const char *garbage = "garbage\n";
    const char *synchro = "2 (;GM[Othello]TY[8]B[f5];)(;GM[Othello]TY[8]B[d3];)\n";
    const char *illegal = "3 (;GM[Othello]TY[8]B[f5]W[a1];)\n";
    char archive[512];
    snprintf(archive, sizeof archive, "%s%s%s%s", first, garbage, synchro, illegal);
    ReversiGameReader *reader = NULL;
    ReversiGameEntry entry;
    ReversiGame *game = NULL;
    ReversiPly ply;
    char text[4096];
    size_t n = 0;

    OK(reversi_game_reader_from_bytes((const uint8_t *)archive, strlen(archive), &reader));
    /* A NULL out-parameter loses no game. */
    CHECK(reversi_game_reader_next(reader, NULL, &entry) == REVERSI_STATUS_NULL_PARAMETER);
    CHECK(strcmp(last_error(), "out is NULL") == 0);
    CHECK(reversi_game_reader_next(reader, &game, NULL) == REVERSI_STATUS_NULL_PARAMETER);
    CHECK(strcmp(last_error(), "entry is NULL") == 0);
    CHECK(reversi_game_reader_next(NULL, &game, &entry) == REVERSI_STATUS_NULL_PARAMETER);
    game = next_game(reader, &entry);
    CHECK(entry.number == 1 && entry.line == 1 && entry.byte == 0 && entry.archive == REVERSI_ARCHIVE_GGF);
    OK(reversi_game_tag(game, "Black", text, sizeof text, &n));
    CHECK(strcmp(text, "Ann") == 0);
    OK(reversi_game_ply(game, 0, &ply));
    CHECK(ply.has_evaluation && ply.evaluation == 500 && ply.time_seconds == 1);
    reversi_game_free(game);
    next_error(reader, &entry, "game 2: GGF: line 2, column 1: expected a game");
    CHECK(entry.number == 2 && entry.line == 2 && entry.byte == strlen(first));
    CHECK(entry.error_line == 2 && entry.error_column == 1);
    game = next_game(reader, &entry);
    CHECK(entry.number == 3 && entry.line == 3 && entry.byte == strlen(first) + strlen(garbage));
    reversi_game_free(game);
    game = next_game(reader, &entry); /* the synchro match's second game */
    CHECK(entry.number == 4 && entry.line == 3);
    CHECK(entry.byte == strlen(first) + strlen(garbage) + (size_t)(strstr(synchro, ")(") + 1 - synchro));
    OK(reversi_game_move_list(game, text, sizeof text, &n));
    CHECK(strcmp(text, "d3") == 0);
    reversi_game_free(game);
    next_error(reader, &entry, "game 5: GGF: line 4, column ");
    CHECK(strstr(last_error(), "a1") != NULL);
    CHECK(entry.number == 5 && entry.line == 4 && entry.error_line == 4 && entry.error_column > 1);
    game = (ReversiGame *)1;
    CHECK(reversi_game_reader_next(reader, &game, &entry) == REVERSI_STATUS_NO_MORE_GAMES);
    CHECK(game == (ReversiGame *)1); /* untouched */
    CHECK(reversi_game_reader_next(reader, &game, &entry) == REVERSI_STATUS_NO_MORE_GAMES);
    reversi_game_reader_free(reader);

    /* A line that is not UTF-8 is the error of the game that holds it. */
    const char *bad = "1 (;GM[Othello]TY[8]B[f5];)\n2 (;GM[Othello]PB[\xff]TY[8];)\n3 (;GM[Othello]TY[8];)\n";
    OK(reversi_game_reader_from_bytes((const uint8_t *)bad, strlen(bad), &reader));
    reversi_game_free(next_game(reader, &entry));
    next_error(reader, &entry, "game 2: line 2: not UTF-8 text");
    CHECK(entry.error_line == 2 && entry.error_column == 0);
    reversi_game_free(next_game(reader, &entry));
    CHECK(entry.number == 3);
    reversi_game_reader_free(reader);

    /* Records one after another, through a callback giving 7 bytes at a time. */
    struct feed feed = {"[Event \"a\"]\n\nf5 d6\n\n[Event \"b\"]\n\nf5 f6 {[%eval 0.5] the usual}\n", 0, 7, 0, 0};
    OK(reversi_game_reader_from_callback(feed_read, &feed, &reader));
    game = next_game(reader, &entry);
    CHECK(entry.archive == REVERSI_ARCHIVE_RECORD && entry.line == 1);
    OK(reversi_game_tag(game, "Event", text, sizeof text, &n));
    CHECK(strcmp(text, "a") == 0);
    reversi_game_free(game);
    game = next_game(reader, &entry);
    CHECK(entry.number == 2 && entry.line == 5 && entry.byte == 20);
    OK(reversi_game_ply(game, 1, &ply));
    CHECK(ply.evaluation == 500 && ply.has_comment);
    OK(reversi_game_ply_comment(game, 1, text, sizeof text, &n));
    CHECK(strcmp(text, "the usual") == 0);
    reversi_game_free(game);
    CHECK(reversi_game_reader_next(reader, &game, &entry) == REVERSI_STATUS_NO_MORE_GAMES);
    reversi_game_reader_free(reader);

    /* A failing callback ends the reading with IO_ERROR. */
    struct feed failing = {"1 (;GM[Othello]TY[8];)\n", 0, 7, 1, 0};
    OK(reversi_game_reader_from_callback(feed_read, &failing, &reader));
    CHECK(reversi_game_reader_next(reader, &game, &entry) == REVERSI_STATUS_IO_ERROR);
    CHECK(strcmp(last_error(), "the read callback returned -1") == 0);
    CHECK(reversi_game_reader_next(reader, &game, &entry) == REVERSI_STATUS_NO_MORE_GAMES);
    reversi_game_reader_free(reader);
    struct feed lying = {"1 (;GM[Othello]TY[8];)\n", 0, 7, 0, 1};
    OK(reversi_game_reader_from_callback(feed_read, &lying, &reader));
    CHECK(reversi_game_reader_next(reader, &game, &entry) == REVERSI_STATUS_IO_ERROR);
    CHECK(strstr(last_error(), "into a buffer of") != NULL);
    reversi_game_reader_free(reader);
    CHECK(reversi_game_reader_from_callback(NULL, &feed, &reader) == REVERSI_STATUS_NULL_PARAMETER);
    CHECK(reversi_game_reader_from_callback(feed_read, &feed, NULL) == REVERSI_STATUS_NULL_PARAMETER);
    CHECK(reversi_game_reader_from_bytes(NULL, 1, &reader) == REVERSI_STATUS_NULL_PARAMETER);
    reader = NULL;
    OK(reversi_game_reader_from_bytes(NULL, 0, &reader)); /* nothing to read: no games */
    CHECK(reader != NULL);
    CHECK(reversi_game_reader_next(reader, &game, &entry) == REVERSI_STATUS_NO_MORE_GAMES);
    reversi_game_reader_free(reader);
    CHECK(reversi_game_reader_from_bytes((const uint8_t *)"x", 1, NULL) == REVERSI_STATUS_NULL_PARAMETER);

    /* A file: the GGS archive of 12 games, each read; saving while browsing
     * writes the whole line. */
    reader = NULL;
    CHECK(reversi_game_reader_open("/nonexistent/games.ggf", &reader) == REVERSI_STATUS_IO_ERROR);
    CHECK(strstr(last_error(), "/nonexistent/games.ggf: ") == last_error());
    CHECK(reader == NULL);
    CHECK(reversi_game_reader_open(NULL, &reader) == REVERSI_STATUS_NULL_PARAMETER);
    CHECK(reversi_game_reader_open("/", &reader) == REVERSI_STATUS_IO_ERROR); /* a directory */
    CHECK(strcmp(last_error(), "/: is a directory, not a file") == 0);
    CHECK(reader == NULL);
    OK(reversi_game_reader_open(ggf_path, &reader));
    size_t games = 0;
    while (reversi_game_reader_next(reader, &game, &entry) == REVERSI_STATUS_OK) {
        games++;
        CHECK(entry.number == games && entry.line == games);
        size_t length = count_of(reversi_game_line_length, game);
        CHECK(length >= 58);
        OK(reversi_game_go_to(game, 30));
        OK(reversi_game_ggf(game, text, sizeof text, &n));
        ReversiGame *back = NULL;
        OK(reversi_game_from_ggf(text, &back));
        CHECK(count_of(reversi_game_line_length, back) == length);
        OK(reversi_game_tag(back, "Result", text, sizeof text, &n));
        CHECK(strcmp(text, "*") != 0); /* the result of the whole line is kept */
        reversi_game_free(back);
        reversi_game_free(game);
    }
    CHECK(games == 12);
    reversi_game_reader_free(reader);
    reversi_game_reader_free(NULL);
}

/* Reading the last error never changes it: short buffers, size queries and bad
 * arguments all leave it as it was, so the retry gets the message. */
static void last_error_buffer(void) {
    ReversiGame *game = NULL;
    CHECK(reversi_game_from_record("[Board \"nine by nine, with a long name\"]\n", &game) ==
          REVERSI_STATUS_PARSE_ERROR);
    const char *start = "line 1, column 1: tag Board: \"nine by nine";
    const char *end = "is not 6x6, 8x8, 10x10 or octagon";
    char small[8];
    size_t n = 0, again = 0;
    CHECK(reversi_last_error(small, sizeof small, &n) == REVERSI_STATUS_INSUFFICIENT_SIZE);
    CHECK(n > strlen(start) + strlen(end));
    CHECK(reversi_last_error(small, sizeof small, &again) == REVERSI_STATUS_INSUFFICIENT_SIZE);
    CHECK(again == n);
    CHECK(reversi_last_error(NULL, 0, &again) == REVERSI_STATUS_INSUFFICIENT_SIZE && again == n);
    CHECK(reversi_last_error(NULL, 0, NULL) == REVERSI_STATUS_NULL_PARAMETER);
    CHECK(reversi_last_error(NULL, 1000, &again) == REVERSI_STATUS_NULL_PARAMETER);
    char *text = malloc(n);
    CHECK(text != NULL);
    OK(reversi_last_error(text, n, &again));
    CHECK(again == n && strlen(text) + 1 == n);
    CHECK(strncmp(text, start, strlen(start)) == 0 && strstr(text, end) != NULL);
    free(text);
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: abi_test WTHOR-FILE GGF-ARCHIVE\n");
        return 2;
    }
    version_and_messages();
    squares();
    rules_errors();
    play_a_game();
    blocked_and_multiplayer();
    rules_read_back();
    texts();
    wthor(argv[1]);
    tag_presence();
    line_navigation();
    stated_result_follows_the_line();
    single_game_readers();
    ply_data();
    game_reader(argv[2]);
    last_error_buffer();
    reversi_game_free(NULL);
    printf("abi test: %d checks passed\n", checks);
    return 0;
}
