/work/wt/strength/target-native/release/deps/boardgame_search-b9cbb97115160065.d: crates/boardgame-search/src/lib.rs crates/boardgame-search/src/alphabeta/mod.rs crates/boardgame-search/src/alphabeta/keys.rs crates/boardgame-search/src/alphabeta/ordering.rs crates/boardgame-search/src/alphabeta/table.rs crates/boardgame-search/src/bots/mod.rs crates/boardgame-search/src/bots/games.rs crates/boardgame-search/src/bots/players.rs crates/boardgame-search/src/bots/spec.rs crates/boardgame-search/src/eval/mod.rs crates/boardgame-search/src/eval/ataxx.rs crates/boardgame-search/src/eval/co_ca_ngua.rs crates/boardgame-search/src/eval/parchis.rs crates/boardgame-search/src/eval/thax.rs crates/boardgame-search/src/eval/toy.rs crates/boardgame-search/src/expectimax/mod.rs crates/boardgame-search/src/mcts/mod.rs crates/boardgame-search/src/mcts/selection.rs crates/boardgame-search/src/solve/mod.rs crates/boardgame-search/src/solve/thax/mod.rs crates/boardgame-search/src/solve/thax/bot.rs crates/boardgame-search/src/solve/thax/iterate.rs crates/boardgame-search/src/solve/thax/layout.rs crates/boardgame-search/src/../README.md

/work/wt/strength/target-native/release/deps/libboardgame_search-b9cbb97115160065.rlib: crates/boardgame-search/src/lib.rs crates/boardgame-search/src/alphabeta/mod.rs crates/boardgame-search/src/alphabeta/keys.rs crates/boardgame-search/src/alphabeta/ordering.rs crates/boardgame-search/src/alphabeta/table.rs crates/boardgame-search/src/bots/mod.rs crates/boardgame-search/src/bots/games.rs crates/boardgame-search/src/bots/players.rs crates/boardgame-search/src/bots/spec.rs crates/boardgame-search/src/eval/mod.rs crates/boardgame-search/src/eval/ataxx.rs crates/boardgame-search/src/eval/co_ca_ngua.rs crates/boardgame-search/src/eval/parchis.rs crates/boardgame-search/src/eval/thax.rs crates/boardgame-search/src/eval/toy.rs crates/boardgame-search/src/expectimax/mod.rs crates/boardgame-search/src/mcts/mod.rs crates/boardgame-search/src/mcts/selection.rs crates/boardgame-search/src/solve/mod.rs crates/boardgame-search/src/solve/thax/mod.rs crates/boardgame-search/src/solve/thax/bot.rs crates/boardgame-search/src/solve/thax/iterate.rs crates/boardgame-search/src/solve/thax/layout.rs crates/boardgame-search/src/../README.md

/work/wt/strength/target-native/release/deps/libboardgame_search-b9cbb97115160065.rmeta: crates/boardgame-search/src/lib.rs crates/boardgame-search/src/alphabeta/mod.rs crates/boardgame-search/src/alphabeta/keys.rs crates/boardgame-search/src/alphabeta/ordering.rs crates/boardgame-search/src/alphabeta/table.rs crates/boardgame-search/src/bots/mod.rs crates/boardgame-search/src/bots/games.rs crates/boardgame-search/src/bots/players.rs crates/boardgame-search/src/bots/spec.rs crates/boardgame-search/src/eval/mod.rs crates/boardgame-search/src/eval/ataxx.rs crates/boardgame-search/src/eval/co_ca_ngua.rs crates/boardgame-search/src/eval/parchis.rs crates/boardgame-search/src/eval/thax.rs crates/boardgame-search/src/eval/toy.rs crates/boardgame-search/src/expectimax/mod.rs crates/boardgame-search/src/mcts/mod.rs crates/boardgame-search/src/mcts/selection.rs crates/boardgame-search/src/solve/mod.rs crates/boardgame-search/src/solve/thax/mod.rs crates/boardgame-search/src/solve/thax/bot.rs crates/boardgame-search/src/solve/thax/iterate.rs crates/boardgame-search/src/solve/thax/layout.rs crates/boardgame-search/src/../README.md

crates/boardgame-search/src/lib.rs:
crates/boardgame-search/src/alphabeta/mod.rs:
crates/boardgame-search/src/alphabeta/keys.rs:
crates/boardgame-search/src/alphabeta/ordering.rs:
crates/boardgame-search/src/alphabeta/table.rs:
crates/boardgame-search/src/bots/mod.rs:
crates/boardgame-search/src/bots/games.rs:
crates/boardgame-search/src/bots/players.rs:
crates/boardgame-search/src/bots/spec.rs:
crates/boardgame-search/src/eval/mod.rs:
crates/boardgame-search/src/eval/ataxx.rs:
crates/boardgame-search/src/eval/co_ca_ngua.rs:
crates/boardgame-search/src/eval/parchis.rs:
crates/boardgame-search/src/eval/thax.rs:
crates/boardgame-search/src/eval/toy.rs:
crates/boardgame-search/src/expectimax/mod.rs:
crates/boardgame-search/src/mcts/mod.rs:
crates/boardgame-search/src/mcts/selection.rs:
crates/boardgame-search/src/solve/mod.rs:
crates/boardgame-search/src/solve/thax/mod.rs:
crates/boardgame-search/src/solve/thax/bot.rs:
crates/boardgame-search/src/solve/thax/iterate.rs:
crates/boardgame-search/src/solve/thax/layout.rs:
crates/boardgame-search/src/../README.md:
