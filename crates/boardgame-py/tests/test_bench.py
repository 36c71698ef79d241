"""The benchmark script of docs/benchmarks.md's Python section (``bench/benchmarks.py``) runs:
its ``--smoke`` mode, every table at tiny sizes, in a few seconds (the benchmark itself stays
out of CI). Table 2 (training) needs Stable-Baselines3 and says so when it is missing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "bench" / "benchmarks.py"


def test_the_benchmark_script_runs_every_table_in_smoke_mode():
    pytest.importorskip("pyspiel")
    out = subprocess.run(
        [sys.executable, str(SCRIPT), "--smoke", "--threads-n", "32"],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "OMP_NUM_THREADS": "1"},
    )
    assert out.returncode == 0, out.stderr[-3000:]
    text = out.stdout
    # Each table's rows, and the load printed before and after each table.
    for row in ("| ataxx | pyspiel loop |", "| thax | BoardgameEnv loop |", "| thax | greedy |", "| breakthrough |"):
        assert row in text, (row, text[-3000:])
    assert text.count("load average") >= 8, text[:2000]
    try:
        import sb3_contrib  # noqa: F401
        import torch  # noqa: F401
    except ImportError:
        assert "table 2 skipped" in text
    else:
        assert "| thax |" in text.split("table 2", 1)[1].split("table 3", 1)[0]
