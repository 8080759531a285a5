// reversi.hpp: a header-only C++17 wrapper over reversi.h, covering all of it.
//
// - reversi::Game owns a ReversiGame handle (copy = clone, move = transfer);
//   reversi::Wthor owns a ReversiWthor database; reversi::GameReader owns a
//   ReversiGameReader (many games from bytes, a file or a std::istream).
// - Failures throw reversi::Error (status code + the library's detail text);
//   try_play() and try_pass() return the status instead, for code that wants no
//   exceptions on the expected path.
// - Squares and moves are indices on the game's board (row * width + column,
//   a1 = 0, h8 = 63 on 8x8; a pass is width * width, pass_index()) or names
//   ("f5", "pass"); lists of squares come back as std::vector<uint32_t>, texts as
//   std::string; what may be absent (a tag, a move's time, evaluation or comment)
//   as std::optional.
#ifndef REVERSI_HPP
#define REVERSI_HPP

#include <array>
#include <chrono>
#include <cstdint>
#include <istream>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "reversi.h"

namespace reversi {

/// A failed call: the status and the library's detail text.
class Error : public std::runtime_error {
public:
    Error(ReversiStatus status, const std::string &detail)
        : std::runtime_error(std::string(reversi_status_message(status)) + ": " + detail),
          status_(status), detail_(detail) {}
    ReversiStatus status() const noexcept { return status_; }
    /// The library's detail text alone (reversi_last_error).
    const std::string &detail() const noexcept { return detail_; }

private:
    ReversiStatus status_;
    std::string detail_;
};

namespace detail {

// Reading the last error never changes it, so a retry with the size asked for
// gets the whole text, however long.
inline std::string last_error() {
    std::string text(128, '\0');
    size_t written = 0;
    ReversiStatus status = reversi_last_error(&text[0], text.size(), &written);
    if (status == REVERSI_STATUS_INSUFFICIENT_SIZE) {
        text.resize(written);
        status = reversi_last_error(&text[0], text.size(), &written);
    }
    if (status != REVERSI_STATUS_OK) return std::string();
    text.resize(written > 0 ? written - 1 : 0);
    return text;
}

inline void check(ReversiStatus status) {
    if (status != REVERSI_STATUS_OK) throw Error(status, last_error());
}

// Calls `fill(buf, len, &written)`: a size query first, then the copy.
template <class Fill>
std::string text(Fill fill) {
    size_t written = 0;
    ReversiStatus status = fill(nullptr, 0, &written);
    if (status != REVERSI_STATUS_INSUFFICIENT_SIZE) check(status);
    std::string buf(written, '\0');
    check(fill(&buf[0], buf.size(), &written));
    buf.resize(written - 1);
    return buf;
}

template <class Fill>
std::vector<uint32_t> list(Fill fill) {
    size_t written = 0;
    ReversiStatus status = fill(nullptr, 0, &written);
    if (status == REVERSI_STATUS_OK) return {};
    if (status != REVERSI_STATUS_INSUFFICIENT_SIZE) check(status);
    std::vector<uint32_t> items(written);
    check(fill(items.data(), items.size(), &written));
    items.resize(written);
    return items;
}

struct FreeGame {
    void operator()(ReversiGame *game) const noexcept { reversi_game_free(game); }
};
struct FreeWthor {
    void operator()(ReversiWthor *db) const noexcept { reversi_wthor_free(db); }
};
struct FreeReader {
    void operator()(ReversiGameReader *reader) const noexcept { reversi_game_reader_free(reader); }
};

// A text that may be absent: NOT_FOUND is std::nullopt, any other failure throws.
template <class Fill>
std::optional<std::string> optional_text(Fill fill) {
    size_t written = 0;
    ReversiStatus status = fill(nullptr, 0, &written);
    if (status == REVERSI_STATUS_NOT_FOUND) return std::nullopt;
    if (status != REVERSI_STATUS_INSUFFICIENT_SIZE) check(status);
    std::string buf(written, '\0');
    check(fill(&buf[0], buf.size(), &written));
    buf.resize(written - 1);
    return buf;
}

}  // namespace detail

/// The library version ("0.2.0").
inline std::string version() { return reversi_version(); }

/// The index on `board` of a move's name (`"f5"` or `"pass"`, any case).
inline uint32_t move_index(ReversiBoard board, const std::string &name) {
    uint32_t index = 0;
    detail::check(reversi_move_parse(board, name.c_str(), &index));
    return index;
}

/// The name of the move with `index` on `board` (`"pass"` for the pass index).
inline std::string move_name(ReversiBoard board, uint32_t index) {
    return detail::text([&](char *b, size_t n, size_t *w) { return reversi_move_name(board, index, b, n, w); });
}

/// The index of a pass on `board`: width * width (64 on 8x8).
inline uint32_t pass_index(ReversiBoard board) {
    uint32_t index = 0;
    detail::check(reversi_board_pass_index(board, &index));
    return index;
}

/// The annotations of a one-line OBF board ("G8:+18; H1:+12;"), std::nullopt
/// when it has none; throws PARSE_ERROR when the line is not an OBF board.
inline std::optional<std::string> obf_annotations(const std::string &line) {
    return detail::optional_text([&](char *b, size_t n, size_t *w) {
        return reversi_obf_annotations(line.c_str(), b, n, w);
    });
}

/// The options of a game, with chainable setters; `Game::rules()` gives a game's
/// back (blocked squares named, even when they were drawn at random).
struct Rules {
    ReversiRules raw;
    Rules() { detail::check(reversi_rules_default(&raw)); }
    explicit Rules(const ReversiRules &from) : raw(from) {}
    Rules &board(ReversiBoard b) { raw.board = b; return *this; }
    Rules &players(uint32_t n) { raw.players = n; return *this; }
    Rules &anti(bool on) { raw.anti = on ? 1 : 0; return *this; }
    Rules &free_opening(bool on) { raw.free_opening = on ? 1 : 0; return *this; }
    /// `corners`: ReversiCorner bits.
    Rules &handicap(ReversiColor color, uint32_t corners) {
        raw.handicap_color = color;
        raw.handicap_corners = corners;
        return *this;
    }
    /// One to four blocked squares, by index; more than four is INVALID_RULES.
    Rules &blocked_squares(const std::vector<uint32_t> &squares) {
        raw.blocked_count = static_cast<uint32_t>(squares.size());
        if (squares.size() > 4) return *this;  // reversi_game_new refuses the count
        for (size_t i = 0; i < squares.size(); ++i) raw.blocked[i] = squares[i];
        raw.random_blocked = 0;
        return *this;
    }
    /// One to four blocked squares, by name (`{"c1", "j4"}`), numbered on the
    /// board set so far: set the board first.
    Rules &blocked(const std::vector<std::string> &names) {
        std::vector<uint32_t> squares;
        for (const auto &name : names) squares.push_back(move_index(board(), name));
        return blocked_squares(squares);
    }
    Rules &random_blocked(uint64_t seed) {
        raw.blocked_count = 0;
        raw.random_blocked = 1;
        raw.seed = seed;
        return *this;
    }

    ReversiBoard board() const { return static_cast<ReversiBoard>(raw.board); }
    uint32_t players() const { return raw.players; }
    bool anti() const { return raw.anti != 0; }
    bool free_opening() const { return raw.free_opening != 0; }
    ReversiColor handicap_color() const { return static_cast<ReversiColor>(raw.handicap_color); }
    uint32_t handicap_corners() const { return raw.handicap_corners; }
    std::vector<uint32_t> blocked() const {
        uint32_t count = raw.blocked_count < 4 ? raw.blocked_count : 4;
        return std::vector<uint32_t>(raw.blocked, raw.blocked + count);
    }
};

/// One move of a game's line (Game::ply): who moved, where, what it flipped, and
/// its annotations, each absent when not known.
struct Ply {
    ReversiColor color = REVERSI_COLOR_BLACK;
    /// The index of the square played, or the board's pass index.
    uint32_t square = 0;
    /// Played (before the current position), or in the redo list.
    bool played = false;
    /// The discs flipped, on any board.
    std::vector<uint32_t> flips;
    /// The time the player took.
    std::optional<std::chrono::nanoseconds> time;
    /// An engine's evaluation in thousandths of a disc, from the mover's side.
    std::optional<int32_t> evaluation;
    std::optional<std::string> comment;
};

/// A game: an owning handle.
class Game {
public:
    explicit Game(const Rules &rules = Rules()) {
        ReversiGame *raw = nullptr;
        detail::check(reversi_game_new(&rules.raw, &raw));
        handle_.reset(raw);
    }
    Game(const Game &other) : handle_(clone(other.handle_.get())) {}
    Game &operator=(const Game &other) {
        if (this != &other) handle_.reset(clone(other.handle_.get()));
        return *this;
    }
    Game(Game &&) noexcept = default;
    Game &operator=(Game &&) noexcept = default;

    /// Takes ownership of a handle from the C API (for example reversi_wthor_game).
    static Game adopt(ReversiGame *raw) { return Game(raw); }

    static Game from_position(const std::string &position, uint32_t players = 2, bool anti = false) {
        return read([&](ReversiGame **out) {
            return reversi_game_from_position(position.c_str(), players, anti ? 1 : 0, out);
        });
    }
    static Game from_record(const std::string &record) {
        return read([&](ReversiGame **out) { return reversi_game_from_record(record.c_str(), out); });
    }
    static Game from_ggf(const std::string &ggf) {
        return read([&](ReversiGame **out) { return reversi_game_from_ggf(ggf.c_str(), out); });
    }
    static Game from_obf(const std::string &line) {
        return read([&](ReversiGame **out) { return reversi_game_from_obf(line.c_str(), out); });
    }

    Rules rules() const {
        ReversiRules raw;
        detail::check(reversi_game_rules(handle_.get(), &raw));
        return Rules(raw);
    }
    ReversiBoard board() const { return get<ReversiBoard>(reversi_game_board); }
    /// The index of a move's name on this game's board (`"d3"` is 19 on 8x8).
    uint32_t index(const std::string &name) const { return move_index(board(), name); }
    /// The name of a move's index on this game's board.
    std::string name(uint32_t index) const { return move_name(board(), index); }
    /// The index of a pass on this game's board: width * width.
    uint32_t pass_index() const { return reversi::pass_index(board()); }
    uint32_t players() const { return get<uint32_t>(reversi_game_players); }
    ReversiColor to_move() const { return get<ReversiColor>(reversi_game_to_move); }
    bool must_pass() const { return get<bool>(reversi_game_must_pass); }
    bool is_over() const { return get<bool>(reversi_game_is_over); }
    /// The current position's outcome (IN_PROGRESS until the board's end).
    ReversiOutcome outcome() const { return get<ReversiOutcome>(reversi_game_outcome); }
    /// The game's result: how it ended (ReversiEnding), who won, the scores if
    /// known; ending NONE when there is none.
    ReversiResult result() const {
        ReversiResult out{};
        detail::check(reversi_game_result(handle_.get(), &out));
        return out;
    }

    ReversiCell cell(uint32_t square) const {
        uint32_t out = 0;
        detail::check(reversi_game_cell(handle_.get(), square, &out));
        return static_cast<ReversiCell>(out);
    }
    uint32_t count(ReversiColor color) const {
        uint32_t out = 0;
        detail::check(reversi_game_count(handle_.get(), color, &out));
        return out;
    }
    /// Disc counts indexed by ReversiColor (0 for colours not in play).
    std::array<uint32_t, 4> scores() const {
        std::array<uint32_t, 4> out{};
        detail::check(reversi_game_scores(handle_.get(), out.data()));
        return out;
    }
    std::vector<uint32_t> blocked() const { return list(reversi_game_blocked); }
    std::vector<uint32_t> legal_moves() const { return list(reversi_game_legal_moves); }
    bool is_legal(uint32_t square) const {
        bool out = false;
        detail::check(reversi_game_is_legal(handle_.get(), square, &out));
        return out;
    }
    std::vector<uint32_t> flips(uint32_t square) const {
        return detail::list([&](uint32_t *b, size_t n, size_t *w) { return reversi_game_flips(handle_.get(), square, b, n, w); });
    }
    /// The moves played: their indices, pass_index() for a pass.
    std::vector<uint32_t> moves() const { return list(reversi_game_moves); }
    uint64_t perft(uint32_t depth) const {
        uint64_t out = 0;
        detail::check(reversi_game_perft(handle_.get(), depth, &out));
        return out;
    }

    void play(uint32_t square) { detail::check(reversi_game_play(handle_.get(), square)); }
    void play(const std::string &name) { play(index(name)); }
    void pass() { detail::check(reversi_game_pass(handle_.get())); }
    /// Takes back the last move, keeping it for redo() (saves write the whole line).
    void undo() { detail::check(reversi_game_undo(handle_.get())); }
    /// Plays again the first move of the redo list; throws NOTHING_TO_REDO at the end.
    void redo() { detail::check(reversi_game_redo(handle_.get())); }
    /// Goes to the position after `moves` moves along the whole line (0: the start).
    void go_to(size_t moves) { detail::check(reversi_game_go_to(handle_.get(), moves)); }
    void clear_redo() { detail::check(reversi_game_clear_redo(handle_.get())); }
    /// The moves played up to the current position.
    size_t move_count() const { return get_size(reversi_game_move_count); }
    /// The moves of the whole line (the played ones and the redo list).
    size_t line_length() const { return get_size(reversi_game_line_length); }
    /// The whole line's moves: their indices, pass_index() for a pass.
    std::vector<uint32_t> line() const { return list(reversi_game_line); }
    /// A copy whose line ends at the current position, to save only that far.
    Game up_to_current() const {
        return read([&](ReversiGame **out) { return reversi_game_up_to_current(handle_.get(), out); });
    }
    /// Move `index` of the whole line (0: the first move).
    Ply ply(size_t index) const {
        ReversiPly raw{};
        detail::check(reversi_game_ply(handle_.get(), index, &raw));
        Ply ply;
        ply.color = static_cast<ReversiColor>(raw.color);
        ply.square = raw.square;
        ply.played = raw.played;
        ply.flips = detail::list([&](uint32_t *b, size_t n, size_t *w) {
            return reversi_game_ply_flips(handle_.get(), index, b, n, w);
        });
        if (raw.has_time) {
            ply.time = std::chrono::seconds(raw.time_seconds) + std::chrono::nanoseconds(raw.time_nanoseconds);
        }
        if (raw.has_evaluation) ply.evaluation = raw.evaluation;
        if (raw.has_comment) {
            ply.comment = detail::optional_text([&](char *b, size_t n, size_t *w) {
                return reversi_game_ply_comment(handle_.get(), index, b, n, w);
            });
        }
        return ply;
    }
    /// Sets (or, with std::nullopt, clears) the time taken for move `index`.
    void set_ply_time(size_t index, std::optional<std::chrono::nanoseconds> time) {
        if (time && time->count() < 0) throw Error(REVERSI_STATUS_INVALID_ARGUMENT, "a negative time");
        uint64_t ns = time ? static_cast<uint64_t>(time->count()) : 0;
        detail::check(reversi_game_set_ply_time(handle_.get(), index, time ? 1 : 0, ns / 1000000000u,
                                                static_cast<uint32_t>(ns % 1000000000u)));
    }
    /// Sets (or clears) the evaluation of move `index`, in thousandths of a disc.
    void set_ply_evaluation(size_t index, std::optional<int32_t> millidiscs) {
        detail::check(reversi_game_set_ply_evaluation(handle_.get(), index, millidiscs ? 1 : 0,
                                                      millidiscs.value_or(0)));
    }
    /// Sets the comment on move `index` (trimmed; "" clears it).
    void set_ply_comment(size_t index, const std::string &comment) {
        detail::check(reversi_game_set_ply_comment(handle_.get(), index, comment.c_str()));
    }
    void play_moves(const std::string &moves) { detail::check(reversi_game_play_moves(handle_.get(), moves.c_str())); }
    ReversiStatus try_play(uint32_t square) noexcept { return reversi_game_play(handle_.get(), square); }
    ReversiStatus try_pass() noexcept { return reversi_game_pass(handle_.get()); }

    /// The names of the tags the record writes, in its order (every name tag()
    /// finds).
    std::vector<std::string> tag_names() const {
        std::string all = text(reversi_game_tag_names);
        std::vector<std::string> names;
        size_t start = 0;
        for (size_t end; (end = all.find('\n', start)) != std::string::npos; start = end + 1) {
            names.push_back(all.substr(start, end - start));
        }
        return names;
    }
    /// The same game: rules, start, whole line with annotations, tags and result
    /// (where each stands on its line is not compared).
    friend bool operator==(const Game &a, const Game &b) {
        bool equal = false;
        detail::check(reversi_game_equal(a.handle_.get(), b.handle_.get(), &equal));
        return equal;
    }
    friend bool operator!=(const Game &a, const Game &b) { return !(a == b); }
    /// A tag as the record writes it (variant tags included); std::nullopt when the
    /// record does not write it, "" when it is set to the empty text.
    std::optional<std::string> tag(const std::string &name) const {
        return detail::optional_text([&](char *b, size_t n, size_t *w) {
            return reversi_game_tag(handle_.get(), name.c_str(), b, n, w);
        });
    }
    /// Sets a tag; throws INVALID_TAG for a variant tag, a bad name or a line break.
    void set_tag(const std::string &name, const std::string &value) {
        detail::check(reversi_game_set_tag(handle_.get(), name.c_str(), value.c_str()));
    }
    /// Sets the result from a Result tag's text ("white by resignation", "*" to
    /// clear it); throws INVALID_RESULT for one that does not fit the game.
    void set_result(const std::string &result) {
        detail::check(reversi_game_set_result(handle_.get(), result.c_str()));
    }

    std::string position() const { return text(reversi_game_position); }
    std::string move_list() const { return text(reversi_game_move_list); }
    std::string record() const { return text(reversi_game_record); }
    std::string ggf() const { return text(reversi_game_ggf); }
    std::string obf() const { return text(reversi_game_obf); }
    std::string display() const { return text(reversi_game_display); }

    const ReversiGame *raw() const noexcept { return handle_.get(); }
    ReversiGame *raw() noexcept { return handle_.get(); }

private:
    explicit Game(ReversiGame *raw) : handle_(raw) {}

    template <class New>
    static Game read(New make) {
        ReversiGame *raw = nullptr;
        detail::check(make(&raw));
        return Game(raw);
    }

    static ReversiGame *clone(const ReversiGame *game) {
        ReversiGame *raw = nullptr;
        detail::check(reversi_game_clone(game, &raw));
        return raw;
    }

    template <class T, class Out, class F>
    T get_as(F f) const {
        Out out{};
        detail::check(f(handle_.get(), &out));
        return static_cast<T>(out);
    }
    template <class T>
    T get(ReversiStatus (*f)(const ReversiGame *, uint32_t *)) const { return get_as<T, uint32_t>(f); }
    template <class T>
    T get(ReversiStatus (*f)(const ReversiGame *, bool *)) const { return get_as<T, bool>(f); }
    size_t get_size(ReversiStatus (*f)(const ReversiGame *, size_t *)) const { return get_as<size_t, size_t>(f); }

    std::string text(ReversiStatus (*f)(const ReversiGame *, char *, size_t, size_t *)) const {
        return detail::text([&](char *b, size_t n, size_t *w) { return f(handle_.get(), b, n, w); });
    }
    std::vector<uint32_t> list(ReversiStatus (*f)(const ReversiGame *, uint32_t *, size_t, size_t *)) const {
        return detail::list([&](uint32_t *b, size_t n, size_t *w) { return f(handle_.get(), b, n, w); });
    }

    std::unique_ptr<ReversiGame, detail::FreeGame> handle_;
};

/// A WTHOR database read into memory (the bytes are copied).
class Wthor {
public:
    explicit Wthor(const std::vector<uint8_t> &bytes) {
        ReversiWthor *raw = nullptr;
        detail::check(reversi_wthor_open(bytes.data(), bytes.size(), &raw));
        handle_.reset(raw);
    }
    /// The number of games the header announces.
    size_t size() const {
        size_t out = 0;
        detail::check(reversi_wthor_game_count(handle_.get(), &out));
        return out;
    }
    /// The same as `size()`, under the C function's name.
    size_t game_count() const { return size(); }
    /// Names the games from the bytes of `WTHOR.JOU` and `WTHOR.TRN` (the tags
    /// Black, White and Event); throws WTHOR_ERROR for a bad names file.
    void set_names(const std::vector<uint8_t> &players, const std::vector<uint8_t> &tournaments) {
        detail::check(reversi_wthor_set_names(handle_.get(), players.data(), players.size(),
                                              tournaments.data(), tournaments.size()));
    }
    /// The bytes after the games the header announces (0 for a well-formed
    /// file): games the header does not count are there but not read.
    size_t trailing_bytes() const {
        size_t out = 0;
        detail::check(reversi_wthor_trailing_bytes(handle_.get(), &out));
        return out;
    }
    /// The header, for `wthor_write` to write the file again.
    ReversiWthorHeader header() const {
        ReversiWthorHeader out{};
        detail::check(reversi_wthor_header(handle_.get(), &out));
        return out;
    }
    /// Game `index` (from 0), replayed, with what its record says.
    std::pair<Game, ReversiWthorInfo> game(size_t index) const {
        ReversiGame *raw = nullptr;
        ReversiWthorInfo info{};
        detail::check(reversi_wthor_game(handle_.get(), index, &raw, &info));
        return {Game::adopt(raw), info};
    }

private:
    std::unique_ptr<ReversiWthor, detail::FreeWthor> handle_;
};

/// A WTHOR file of `games`, each with its numbers and scores: the bytes of a
/// `.wtb` file (`header.games` replaced by the count); throws CANNOT_EXPRESS for
/// a game WTHOR cannot hold.
inline std::vector<uint8_t> wthor_write(const ReversiWthorHeader &header,
                                        const std::vector<std::pair<Game, ReversiWthorInfo>> &games) {
    std::vector<const ReversiGame *> handles;
    std::vector<ReversiWthorInfo> infos;
    for (const auto &entry : games) {
        handles.push_back(entry.first.raw());
        infos.push_back(entry.second);
    }
    size_t written = 0;
    ReversiStatus status = reversi_wthor_write(&header, handles.data(), infos.data(), games.size(),
                                               nullptr, 0, &written);
    if (status != REVERSI_STATUS_INSUFFICIENT_SIZE) detail::check(status);
    std::vector<uint8_t> bytes(written);
    detail::check(reversi_wthor_write(&header, handles.data(), infos.data(), games.size(),
                                      bytes.data(), bytes.size(), &written));
    return bytes;
}

/// A WTHOR file of `games`, each game's numbers and scores from its tags
/// (`BlackPlayer`, `WhitePlayer`, `Tournament`, `BlackScore`,
/// `TheoreticalScore`, as `Wthor::game` sets them); throws CANNOT_EXPRESS for a
/// game WTHOR cannot hold, a tag out of range, or a game that is not over with
/// neither a `BlackScore` tag nor a result with scores.
inline std::vector<uint8_t> wthor_write_games(const ReversiWthorHeader &header, const std::vector<Game> &games) {
    std::vector<const ReversiGame *> handles;
    for (const auto &game : games) handles.push_back(game.raw());
    size_t written = 0;
    ReversiStatus status = reversi_wthor_write_games(&header, handles.data(), handles.size(), nullptr, 0, &written);
    if (status != REVERSI_STATUS_INSUFFICIENT_SIZE) detail::check(status);
    std::vector<uint8_t> bytes(written);
    detail::check(reversi_wthor_write_games(&header, handles.data(), handles.size(), bytes.data(), bytes.size(),
                                            &written));
    return bytes;
}

/// A WTHOR names file (`kind`: players for `WTHOR.JOU`, tournaments for
/// `WTHOR.TRN`) of `names` (UTF-8), numbered from 0 in their order, its header
/// dated `created` (century, year in the century, month, day); throws
/// CANNOT_EXPRESS for a name its field cannot hold in ISO 8859-1.
inline std::vector<uint8_t> wthor_names_write(uint32_t kind, const std::array<uint8_t, 4> &created,
                                              const std::vector<std::string> &names) {
    std::vector<const char *> list;
    for (const auto &name : names) list.push_back(name.c_str());
    size_t written = 0;
    ReversiStatus status = reversi_wthor_names_write(kind, created.data(), list.data(), list.size(),
                                                     nullptr, 0, &written);
    if (status != REVERSI_STATUS_INSUFFICIENT_SIZE) detail::check(status);
    std::vector<uint8_t> bytes(written);
    detail::check(reversi_wthor_names_write(kind, created.data(), list.data(), list.size(), bytes.data(),
                                            bytes.size(), &written));
    return bytes;
}

/// One entry of a GameReader: where it starts, and the game or why it could not be
/// read.
struct GameEntry {
    /// Number, line, byte offset, archive format, and the error's line and column.
    ReversiGameEntry where{};
    /// The game, when it could be read.
    std::optional<Game> game;
    /// Why it could not be read ("" for a game).
    std::string error;
};

/// The games of one input, one at a time, in flat memory: a bad game is an entry
/// with its error, and the next one reads on.
class GameReader {
public:
    /// The games of a file, streamed (throws IO_ERROR if it cannot be opened).
    static GameReader open(const std::string &path) {
        ReversiGameReader *raw = nullptr;
        detail::check(reversi_game_reader_open(path.c_str(), &raw));
        return GameReader(raw);
    }
    /// The games of a text (copied).
    static GameReader from_text(const std::string &text) {
        ReversiGameReader *raw = nullptr;
        detail::check(reversi_game_reader_from_bytes(reinterpret_cast<const uint8_t *>(text.data()), text.size(), &raw));
        return GameReader(raw);
    }
    /// The games of a stream, which must outlive the reader. Throws IO_ERROR if
    /// the stream is not readable to begin with (a file that did not open, a
    /// failed state). The reader takes the bytes from the stream's buffer
    /// (`rdbuf()->sgetn`), so the stream's exception mask does not matter and the
    /// end of the input is no failure; a read that throws ends the reading with
    /// IO_ERROR.
    explicit GameReader(std::istream &in) {
        if (!in || in.rdbuf() == nullptr) {
            throw Error(REVERSI_STATUS_IO_ERROR, "the stream is not readable (not open, or in a failed state)");
        }
        ReversiGameReader *raw = nullptr;
        detail::check(reversi_game_reader_from_callback(&read_stream, &in, &raw));
        handle_.reset(raw);
    }

    /// The next entry; std::nullopt once every game is read. Throws IO_ERROR when
    /// reading the input fails.
    std::optional<GameEntry> next() {
        GameEntry entry;
        ReversiGame *raw = nullptr;
        ReversiStatus status = reversi_game_reader_next(handle_.get(), &raw, &entry.where);
        if (status == REVERSI_STATUS_NO_MORE_GAMES) return std::nullopt;
        if (status == REVERSI_STATUS_PARSE_ERROR) {
            entry.error = detail::last_error();
            return entry;
        }
        detail::check(status);
        entry.game = Game::adopt(raw);
        return entry;
    }

    ReversiGameReader *raw() noexcept { return handle_.get(); }

private:
    explicit GameReader(ReversiGameReader *raw) : handle_(raw) {}

    // No exception may cross into the library: a throwing stream is a read error.
    static int32_t read_stream(void *user, uint8_t *buf, size_t len, size_t *count) noexcept {
        try {
            auto *in = static_cast<std::istream *>(user);
            std::streambuf *source = in->rdbuf();
            if (source == nullptr) return 1;
            std::streamsize got = source->sgetn(reinterpret_cast<char *>(buf), static_cast<std::streamsize>(len));
            if (got < 0) return 1;
            *count = static_cast<size_t>(got);
            return 0;
        } catch (...) {
            return 2;
        }
    }

    std::unique_ptr<ReversiGameReader, detail::FreeReader> handle_;
};

}  // namespace reversi

#endif  // REVERSI_HPP
