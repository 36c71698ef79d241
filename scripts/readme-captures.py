#!/usr/bin/env python3
"""Regenerates the captured outputs in README.md: every ```text block whose lines start with
`$ ` commands.

    scripts/readme-captures.py            build the release CLI, run every command, rewrite the blocks
    BOARDGAME_BIN=path scripts/…          use that binary instead of building one

Each block's first line then says when and where it was captured:
`# captured YYYY-MM-DD HH:MM UTC at COMMIT, CPU, N cores, load L (1-minute average), release build`.
A command runs with `sh -c` in a scratch directory, with the binary's directory first on PATH
(so `boardgame …`, pipes and loops work). A block may show an excerpt: a line `...` stands for
lines left out. Then the lines before the first `...` are the output's first lines, each part
after a `...` is found again in the new output by the text of its first line up to its first
digit, and a trailing `...` cuts the rest. A line in parentheses is prose, kept as it is. A
block with a line `# not checked: <why>` (a command needing what CI lacks, such as an engine
built outside the repository) is neither rewritten nor checked.
crates/boardgame-cli/tests/it/readme.rs checks that every command still runs and prints the
same counts. Python standard library only.
"""

import os
import re
import subprocess
import sys
import tempfile
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
CAPTURED = re.compile(r"^# captured .*$")


def binary():
    given = os.environ.get("BOARDGAME_BIN")
    if given:
        return Path(given).resolve()
    subprocess.run(["cargo", "build", "--release", "--quiet", "-p", "boardgame-cli"], cwd=ROOT, check=True,
                   timeout=3600)
    return ROOT / "target" / "release" / "boardgame"


def provenance():
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                            text=True, check=True, timeout=60).stdout.strip()
    dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT,
                           capture_output=True, text=True, check=True, timeout=60).stdout.strip()
    if dirty:
        commit += " (with uncommitted changes)"
    cpu = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = os.getloadavg()[0]
    when = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    return f"# captured {when} at {commit}, {cpu}, {os.cpu_count()} cores, load {load:.1f} (1-minute average), release build"


def blocks(lines):
    """(start, end) line indexes of the ```text blocks holding `$ ` commands (fences excluded)."""
    out, i = [], 0
    while i < len(lines):
        if lines[i].strip() == "```text":
            j = i + 1
            while j < len(lines) and lines[j].strip() != "```":
                j += 1
            body = lines[i + 1:j]
            if any(l.startswith("$ ") for l in body) and not any(l.startswith("# not checked") for l in body):
                out.append((i + 1, j))
            i = j
        i += 1
    return out


def commands(body):
    """The block as (command, shown output lines) pairs; a captured line is dropped."""
    out = []
    for line in body:
        if CAPTURED.match(line):
            continue
        if line.startswith("$ "):
            out.append((line[2:], []))
        elif out:
            out[-1][1].append(line)
    for _, shown in out:
        while shown and shown[-1] == "":
            shown.pop()
    return out


def anchor(line):
    m = re.match(r"[^\d]*", line)
    return m.group(0) if m.group(0).strip() else line


def excerpt(shown, new):
    """The new output cut as the shown one was (see the module's notes)."""
    if "..." not in shown:
        return new
    parts, part = [], []
    for line in shown:
        if line == "...":
            parts.append(part)
            part = []
        else:
            part.append(line)
    parts.append(part)
    out, at = [], 0
    for k, part in enumerate(parts):
        if k == 0:
            out += new[:len(part)]
            at = len(part)
        elif part:
            key = anchor(part[0])
            found = next((n for n in range(at, len(new)) if new[n].startswith(key)), None)
            if found is None:
                raise SystemExit(f"readme-captures: no line starting with {key!r} in the new output")
            out += new[found:found + len(part)]
            at = found + len(part)
        if k < len(parts) - 1:
            out.append("...")
    return out


def run(command, bin_dir, scratch):
    env = dict(os.environ, PATH=f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}")
    # A README command is a few seconds' work: two minutes is a hang.
    done = subprocess.run(["sh", "-c", command], cwd=scratch, env=env, capture_output=True, text=True,
                          timeout=120)
    if done.returncode != 0:
        raise SystemExit(f"readme-captures: `{command}` failed ({done.returncode}):\n{done.stderr}")
    return done.stdout.rstrip("\n").split("\n") if done.stdout else []


def main():
    bin_path = binary()
    lines = README.read_text().split("\n")
    line_of_capture = provenance()
    with tempfile.TemporaryDirectory(prefix="readme-captures-") as made:
        scratch = Path(made)
        bin_dir = scratch / "bin"
        bin_dir.mkdir()
        (bin_dir / "boardgame").symlink_to(bin_path)
        for start, end in reversed(blocks(lines)):
            new_body, previous = [line_of_capture], None
            for command, shown in commands(lines[start:end]):
                if new_body[-1] != line_of_capture and new_body[-1] != f"$ {previous}":
                    new_body.append("")  # a blank line after an output, none after a silent command
                previous = command
                new_body.append(f"$ {command}")
                if len(shown) == 1 and shown[0].startswith("(") and shown[0].endswith(")"):
                    run(command, bin_dir, scratch)  # it must still run; the prose stays
                    new_body += shown
                else:
                    new_body += excerpt(shown, run(command, bin_dir, scratch))
            lines[start:end] = new_body
    README.write_text("\n".join(lines))
    print(f"readme-captures: {len(blocks(lines))} blocks rewritten; {line_of_capture[2:]}")


if __name__ == "__main__":
    sys.exit(main())
