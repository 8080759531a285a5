// Checks the C++ wrapper (reversi.hpp) where it does more than forward a call:
// streams, optional values, typed results.
#include "reversi.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

static int checks = 0;

#define CHECK(cond)                                                                      \
    do {                                                                                 \
        checks++;                                                                        \
        if (!(cond)) {                                                                   \
            std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            std::exit(1);                                                                \
        }                                                                                \
    } while (0)

// The status of what `f` throws, REVERSI_STATUS_OK if it does not throw.
template <class F>
static ReversiStatus status_of(F f) {
    try {
        f();
    } catch (const reversi::Error &e) {
        return e.status();
    }
    return REVERSI_STATUS_OK;
}

static int count_games(reversi::GameReader &reader) {
    int games = 0;
    while (auto entry = reader.next()) {
        CHECK(entry->game.has_value());
        games++;
    }
    return games;
}

static void stream_reader(const char *ggf_path) {
    // A file that did not open is an error, not an empty input.
    std::ifstream missing("/nonexistent/games.ggf");
    CHECK(status_of([&] { reversi::GameReader reader(missing); }) == REVERSI_STATUS_IO_ERROR);
    // A stream that throws on failure reads to its end without throwing.
    std::ifstream archive(ggf_path, std::ios::binary);
    archive.exceptions(std::ios::failbit | std::ios::badbit);
    reversi::GameReader from_file(archive);
    CHECK(count_games(from_file) == 12);
    std::istringstream two("(;GM[Othello]TY[8]B[f5];)\n(;GM[Othello]TY[8]B[d3];)\n");
    two.exceptions(std::ios::failbit | std::ios::badbit | std::ios::eofbit);
    reversi::GameReader from_text(two);
    CHECK(count_games(from_text) == 2);
    std::istringstream empty("");
    reversi::GameReader none(empty);
    CHECK(!none.next().has_value());
}

static void obf_annotations() {
    auto notes = reversi::obf_annotations(
        "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12;");
    CHECK(notes && *notes == "G8:+18; H1:+12;");
    CHECK(!reversi::obf_annotations(reversi::Game().obf()));
    CHECK(status_of([&] { reversi::obf_annotations("0"); }) == REVERSI_STATUS_PARSE_ERROR);
}

static void pass_names() {
    CHECK(reversi::move_name(REVERSI_BOARD_SIZE8, 64) == "pass");
    CHECK(reversi::move_index(REVERSI_BOARD_SIZE8, "pass") == 64);
    CHECK(reversi::pass_index(REVERSI_BOARD_OCTAGON) == 100);
    CHECK(reversi::move_name(REVERSI_BOARD_SIZE8, reversi::move_index(REVERSI_BOARD_SIZE8, "f5")) == "f5");
    CHECK(reversi::move_index(REVERSI_BOARD_SIZE8, "h8") == 63);
    reversi::Game game;
    CHECK(game.index("d3") == 19 && game.name(19) == "d3" && game.pass_index() == 64);
}

static void typed_result() {
    auto game = reversi::Game::from_ggf("(;GM[Othello]TY[8]B[f5]W[d6]RE[-64.000:r];)");
    CHECK(game.outcome() == REVERSI_OUTCOME_IN_PROGRESS);
    ReversiResult result = game.result();
    CHECK(result.ending == REVERSI_ENDING_RESIGNATION && result.outcome == REVERSI_OUTCOME_WHITE_WINS);
    CHECK(!result.has_scores);
    std::vector<std::string> names = game.tag_names();
    CHECK(names.size() == 3 && names[0] == "Board" && names[2] == "Result");
    auto copy = game;
    CHECK(copy == game);
    copy.set_ply_comment(0, "sharp");
    CHECK(copy != game);
    copy.set_result("black on time");
    CHECK(copy.result().outcome == REVERSI_OUTCOME_BLACK_WINS);
    CHECK(status_of([&] { copy.set_result("black 70-31"); }) == REVERSI_STATUS_INVALID_RESULT);
    CHECK(copy.result().ending == REVERSI_ENDING_TIME);
}

/* A WTHOR header that counts none of its one (empty) record. */
static void wthor_trailing_bytes() {
    std::vector<uint8_t> bytes(16 + 68, 0);
    bytes[12] = 8;
    reversi::Wthor uncounted(bytes);
    CHECK(uncounted.size() == 0 && uncounted.trailing_bytes() == 68);
    bytes[4] = 1;
    reversi::Wthor counted(bytes);
    CHECK(counted.size() == 1 && counted.game_count() == 1 && counted.trailing_bytes() == 0);
    /* Names files of one player and one tournament, for the numbers 0. */
    std::vector<uint8_t> players(16 + 20, 0), tournaments(16 + 26, 0);
    players[8] = 1;
    tournaments[8] = 1;
    std::memcpy(&players[16], "Ann", 3);
    std::memcpy(&tournaments[16], "Club", 4);
    /* The same files, written from the names. */
    CHECK(reversi::wthor_names_write(REVERSI_WTHOR_NAMES_PLAYERS, {0, 0, 0, 0}, {"Ann"}) == players);
    CHECK(reversi::wthor_names_write(REVERSI_WTHOR_NAMES_TOURNAMENTS, {0, 0, 0, 0}, {"Club"}) == tournaments);
    CHECK(status_of([&] { reversi::wthor_names_write(REVERSI_WTHOR_NAMES_PLAYERS, {0, 0, 0, 0}, {"\xE2\x82\xAC"}); }) ==
          REVERSI_STATUS_CANNOT_EXPRESS);
    counted.set_names(players, tournaments);
    auto named = counted.game(0).first;
    CHECK(named.tag("Black") == std::optional<std::string>("Ann"));
    CHECK(named.tag("Event") == std::optional<std::string>("Club"));
    players.resize(20);
    CHECK(status_of([&] { counted.set_names(players, tournaments); }) == REVERSI_STATUS_WTHOR_ERROR);
    /* Written back: the same bytes. */
    std::vector<std::pair<reversi::Game, ReversiWthorInfo>> games;
    games.push_back(counted.game(0));
    CHECK(reversi::wthor_write(counted.header(), games) == bytes);
    CHECK(reversi::wthor_write_games(counted.header(), {counted.game(0).first}) == bytes);
    games.emplace_back(reversi::Game(reversi::Rules().board(REVERSI_BOARD_SIZE6)), ReversiWthorInfo{});
    CHECK(status_of([&] { reversi::wthor_write(counted.header(), games); }) == REVERSI_STATUS_CANNOT_EXPRESS);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: wrapper_test GGF-ARCHIVE\n");
        return 2;
    }
    stream_reader(argv[1]);
    typed_result();
    pass_names();
    obf_annotations();
    wthor_trailing_bytes();
    std::printf("wrapper test: %d checks passed\n", checks);
    return 0;
}
