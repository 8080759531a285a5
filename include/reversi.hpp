// reversi.hpp: a small header-only C++17 wrapper over reversi.h.
//
// - reversi::Game owns a ReversiGame handle (copy = clone, move = transfer).
// - Failures throw reversi::Error (status code + the library's detail text);
//   try_play() and try_pass() return the status instead, for code that wants no
//   exceptions on the expected path.
// - Lists of squares come back as std::vector<uint32_t>, a range.
#ifndef REVERSI_HPP
#define REVERSI_HPP

#include <array>
#include <cstdint>
#include <memory>
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
          status_(status) {}
    ReversiStatus status() const noexcept { return status_; }

private:
    ReversiStatus status_;
};

namespace detail {

inline std::string last_error() {
    std::string text(128, '\0');
    size_t written = 0;
    if (reversi_last_error(&text[0], text.size(), &written) == REVERSI_STATUS_INSUFFICIENT_SIZE) {
        text.resize(written);
        reversi_last_error(&text[0], text.size(), &written);
    }
    text.resize(written > 0 ? written - 1 : 0);
    return text;
}

inline void check(ReversiStatus status) {
    if (status != REVERSI_STATUS_OK) throw Error(status, last_error());
}

// Calls `fill(buf, len, &written)` with a buffer that grows to the size asked for.
template <class Fill>
std::string text(Fill fill) {
    std::string buf(256, '\0');
    size_t written = 0;
    ReversiStatus status = fill(&buf[0], buf.size(), &written);
    if (status == REVERSI_STATUS_INSUFFICIENT_SIZE) {
        buf.resize(written);
        status = fill(&buf[0], buf.size(), &written);
    }
    check(status);
    buf.resize(written - 1);
    return buf;
}

template <class Fill>
std::vector<uint32_t> list(Fill fill) {
    std::vector<uint32_t> items(100);
    size_t written = 0;
    ReversiStatus status = fill(items.data(), items.size(), &written);
    if (status == REVERSI_STATUS_INSUFFICIENT_SIZE) {
        items.resize(written);
        status = fill(items.data(), items.size(), &written);
    }
    check(status);
    items.resize(written);
    return items;
}

struct Free {
    void operator()(ReversiGame *game) const noexcept { reversi_game_free(game); }
};

}  // namespace detail

/// The index of a square name (`"f5"`).
inline uint32_t square(const std::string &name) {
    uint32_t index = 0;
    detail::check(reversi_square_parse(name.c_str(), &index));
    return index;
}

/// The name of a square index.
inline std::string square_name(uint32_t index) {
    return detail::text([&](char *b, size_t n, size_t *w) { return reversi_square_name(index, b, n, w); });
}

/// The options of a new game, with chainable setters.
struct Rules {
    ReversiRules raw;
    Rules() { reversi_rules_default(&raw); }
    Rules &board(ReversiBoard b) { raw.board = b; return *this; }
    Rules &players(uint32_t n) { raw.players = n; return *this; }
    Rules &anti(bool on = true) { raw.anti = on ? 1 : 0; return *this; }
    Rules &free_opening(bool on = true) { raw.free_opening = on ? 1 : 0; return *this; }
    Rules &handicap(ReversiColor color, uint32_t corners) {
        raw.handicap_color = color;
        raw.handicap_corners = corners;
        return *this;
    }
    Rules &random_blocked(uint64_t seed) { raw.random_blocked = 1; raw.seed = seed; return *this; }
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

    static Game from_position(const std::string &position, uint32_t players = 2, bool anti = false) {
        ReversiGame *raw = nullptr;
        detail::check(reversi_game_from_position(position.c_str(), players, anti ? 1 : 0, &raw));
        return Game(raw);
    }
    static Game from_record(const std::string &record) {
        ReversiGame *raw = nullptr;
        detail::check(reversi_game_from_record(record.c_str(), &raw));
        return Game(raw);
    }
    static Game from_ggf(const std::string &ggf) {
        ReversiGame *raw = nullptr;
        detail::check(reversi_game_from_ggf(ggf.c_str(), &raw));
        return Game(raw);
    }

    ReversiColor to_move() const { return get<ReversiColor>(reversi_game_to_move); }
    bool must_pass() const { return get<bool>(reversi_game_must_pass); }
    bool is_over() const { return get<bool>(reversi_game_is_over); }
    ReversiOutcome outcome() const { return get<ReversiOutcome>(reversi_game_outcome); }

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
    std::array<uint32_t, 4> scores() const {
        uint32_t out[4] = {0, 0, 0, 0};
        detail::check(reversi_game_scores(handle_.get(), &out));
        return {out[0], out[1], out[2], out[3]};
    }
    std::vector<uint32_t> legal_moves() const {
        return detail::list([&](uint32_t *b, size_t n, size_t *w) { return reversi_game_legal_moves(handle_.get(), b, n, w); });
    }
    std::vector<uint32_t> flips(uint32_t square) const {
        return detail::list([&](uint32_t *b, size_t n, size_t *w) { return reversi_game_flips(handle_.get(), square, b, n, w); });
    }
    uint64_t perft(uint32_t depth) const {
        uint64_t out = 0;
        detail::check(reversi_game_perft(handle_.get(), depth, &out));
        return out;
    }

    void play(uint32_t square) { detail::check(reversi_game_play(handle_.get(), square)); }
    void play(const std::string &name) { play(square(name)); }
    void pass() { detail::check(reversi_game_pass(handle_.get())); }
    void undo() { detail::check(reversi_game_undo(handle_.get())); }
    void play_moves(const std::string &moves) { detail::check(reversi_game_play_moves(handle_.get(), moves.c_str())); }
    ReversiStatus try_play(uint32_t square) noexcept { return reversi_game_play(handle_.get(), square); }
    ReversiStatus try_pass() noexcept { return reversi_game_pass(handle_.get()); }

    std::string position() const { return text(reversi_game_position); }
    std::string move_list() const { return text(reversi_game_move_list); }
    std::string record() const { return text(reversi_game_record); }
    std::string ggf() const { return text(reversi_game_ggf); }
    std::string display() const { return text(reversi_game_display); }

    const ReversiGame *raw() const noexcept { return handle_.get(); }
    ReversiGame *raw() noexcept { return handle_.get(); }

private:
    explicit Game(ReversiGame *raw) : handle_(raw) {}

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

    std::string text(ReversiStatus (*f)(const ReversiGame *, char *, size_t, size_t *)) const {
        return detail::text([&](char *b, size_t n, size_t *w) { return f(handle_.get(), b, n, w); });
    }

    std::unique_ptr<ReversiGame, detail::Free> handle_;
};

}  // namespace reversi

#endif  // REVERSI_HPP
