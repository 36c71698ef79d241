// A perft driver for libataxx (https://github.com/kz04px/libataxx), for the like-for-like
// comparison of scripts/ataxx-vs-peers.sh. This file is ours; libataxx itself is built
// outside the repository (docs/benchmarks.md, "libataxx").
//
// usage: perft_driver <method> <depth> <repeat> [fen]
//   bulk          libataxx's own Position::perft: positions built down to depth 1, the moves
//                 at depth 1 counted (no hash update: libataxx's perft uses after_move<false>)
//   make-hash     no bulk counting: every leaf built with after_move<true> (hash kept)
//   make-nohash   no bulk counting: every leaf built with after_move<false>
// Prints `nodes N wall S cpu S`: the node count of one perft, and the wall and on-CPU
// seconds of all `repeat` perfts (on-CPU time of this thread, from /proc/thread-self/schedstat).

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <string>

#include <libataxx/libataxx.hpp>

namespace {

// Keeps `value` in memory, so that building it cannot be optimised away (like Rust's
// std::hint::black_box, which our `make` perft hands every leaf to).
template <typename T>
inline void keep(const T &value) {
    asm volatile("" : : "r"(&value) : "memory");
}

template <bool Hash>
std::uint64_t perft_no_bulk(const libataxx::Position &pos, const int depth) {
    libataxx::Move moves[libataxx::max_moves];
    const int n = pos.legal_moves(moves);
    std::uint64_t nodes = 0;
    for (int i = 0; i < n; ++i) {
        const auto child = pos.after_move<Hash>(moves[i]);
        if (depth == 1) {
            keep(child);
            nodes += 1;
        } else {
            nodes += perft_no_bulk<Hash>(child, depth - 1);
        }
    }
    return nodes;
}

double thread_cpu_seconds() {
    std::ifstream schedstat("/proc/thread-self/schedstat");
    std::uint64_t on_cpu_ns = 0;
    schedstat >> on_cpu_ns;
    return static_cast<double>(on_cpu_ns) / 1e9;
}

[[noreturn]] void usage() {
    std::cerr << "usage: perft_driver bulk|make-hash|make-nohash <depth> <repeat> [fen]\n";
    std::exit(2);
}

}  // namespace

int main(int argc, char **argv) {
    if (argc < 4) {
        usage();
    }
    const std::string method = argv[1];
    const int depth = std::atoi(argv[2]);
    const int repeat = std::atoi(argv[3]);
    std::string fen = "x5o/7/7/7/7/7/o5x x 0 1";
    if (argc > 4) {
        fen = argv[4];
        for (int i = 5; i < argc; ++i) {
            fen += " " + std::string(argv[i]);
        }
    }
    if (depth < 1 || repeat < 1) {
        usage();
    }
    const libataxx::Position pos(fen);
    std::uint64_t (*run)(const libataxx::Position &, int) = nullptr;
    if (method == "bulk") {
        run = [](const libataxx::Position &p, int d) { return p.perft(d); };
    } else if (method == "make-hash") {
        run = perft_no_bulk<true>;
    } else if (method == "make-nohash") {
        run = perft_no_bulk<false>;
    } else {
        usage();
    }
    std::uint64_t nodes = 0;
    const double cpu0 = thread_cpu_seconds();
    const auto t0 = std::chrono::steady_clock::now();
    for (int r = 0; r < repeat; ++r) {
        nodes = run(pos, depth);
    }
    const auto t1 = std::chrono::steady_clock::now();
    const double cpu1 = thread_cpu_seconds();
    const double wall = std::chrono::duration<double>(t1 - t0).count();
    std::printf("nodes %llu wall %.6f cpu %.6f\n", static_cast<unsigned long long>(nodes), wall,
                cpu1 - cpu0);
    return 0;
}
