#!/usr/bin/env python3
"""OpenSpiel playthroughs of the four games (issue 54), made by OpenSpiel's own generator
(`open_spiel.python.algorithms.generate_playthrough`) through the games `boardgame.openspiel`
registers with pyspiel, one per game's default preset, in `vectors/openspiel/`.

    python scripts/openspiel-playthroughs.py            # regenerate each file from its own
                                                        # actions and compare (exit 1 if any differs)
    python scripts/openspiel-playthroughs.py --update   # rewrite the files that differ
    python scripts/openspiel-playthroughs.py --new      # make them again from the seeds below

It needs a Python with the `boardgame` package and `open_spiel` installed (scripts/test-python.sh
makes one; crates/boardgame-py/tests/test_playthroughs.py runs the comparison in CI). The
comparison is OpenSpiel's own (`generate_playthrough.replay`, as its
`integration_tests/playthrough_test.py` checks its games): the game string and the action ids
are read from the file, the game is played again, and the whole text must be the same.
docs/vectors.md, "OpenSpiel playthroughs", says how to diff another build against them.
"""

from __future__ import annotations

import difflib
import sys
from pathlib import Path

from absl import flags

import boardgame.openspiel  # noqa: F401  (registers the games with pyspiel)
from open_spiel.python.algorithms import generate_playthrough

DIR = Path(__file__).resolve().parents[1] / "vectors" / "openspiel"

#: Each game's OpenSpiel name (its default preset) and the seed of the generator's random
#: choices (uniform over the legal actions and over the chance outcomes, as OpenSpiel plays).
GAMES = {
    "boardgame_ataxx": 1,
    "boardgame_thax": 1,
    "boardgame_parchis": 1,
    "boardgame_co_ca_ngua": 1,
}


def path_of(name: str) -> Path:
    return DIR / f"{name}.txt"


def main(argv: list[str]) -> int:
    # generate_playthrough reads an absl flag (action ids rather than names) when it replays.
    if not flags.FLAGS.is_parsed():
        flags.FLAGS.mark_as_parsed()
    update, new = "--update" in argv, "--new" in argv
    differ = 0
    for name, seed in GAMES.items():
        path = path_of(name)
        if new:
            DIR.mkdir(parents=True, exist_ok=True)
            path.write_text(generate_playthrough.playthrough(name, None, seed=seed), encoding="utf-8")
            print(f"wrote {path.relative_to(DIR.parents[1])}")
            continue
        expected, actual = generate_playthrough.replay(str(path))
        if expected == actual:
            print(f"same: {path.relative_to(DIR.parents[1])}")
            continue
        differ += 1
        if update:
            path.write_text(actual, encoding="utf-8")
            print(f"updated: {path.relative_to(DIR.parents[1])}")
        else:
            diff = difflib.unified_diff(expected.splitlines(), actual.splitlines(),
                                        str(path), "regenerated", lineterm="", n=2)
            for i, line in enumerate(diff):
                if i >= 60:
                    print("… (diff cut)")
                    break
                print(line[:300])
    if differ and not update:
        print(f"{differ} playthrough(s) differ: rerun with --update after a deliberate change",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
