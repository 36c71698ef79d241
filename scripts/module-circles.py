#!/usr/bin/env python3
"""Finds import circles between the top-level modules of the rules crates.

    scripts/module-circles.py            check every rules crate; exit 1 if a circle is found
    scripts/module-circles.py --graph    print each crate's module graph as well

A module's dependencies are the other top-level modules of its crate that its source names:
`use crate::…` (groups included), an inline `crate::module::item` path, a `super::` path
that reaches the crate root (inline modules counted), and a name the crate root re-exports (`crate::Parchis`
names the module `state`, from `pub use state::Parchis`). A directory module (`perft/`) is
one module with its submodules: their `super::` paths stay inside it. Comments are ignored;
unit tests (`#[cfg(test)] mod tests`) count like the code around them, so a test that needs
a module the code does not need makes an edge too.

The rule (docs/architecture.md): the state is at the bottom, notation and pictures depend on
it, never the other way round, and no two modules of a crate need each other, directly or
through others. Python standard library only (CI has python3).
"""

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES_CRATES = ["boardgame-core", "ataxx", "thax", "parchis", "co-ca-ngua"]

IDENT = r"[A-Za-z_][A-Za-z0-9_]*"


def strip_comments(text):
    """The source without comments or the contents of string and char literals."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    i += 1
        elif c == '"' or (c == "r" and re.match(r'r#*"', text[i:i + 8]) and not re.match(r"\w", text[i - 1:i] or " ")):
            m = re.match(r'r(#*)"', text[i:])
            if m:  # a raw string: up to the quote and the same number of hashes
                end = text.find('"' + m.group(1), i + len(m.group(0)))
                i = n if end < 0 else end + 1 + len(m.group(1))
            else:
                i += 1
                while i < n and text[i] != '"':
                    i += 2 if text[i] == "\\" else 1
                i += 1
            out.append('""')
        elif c == "'":
            m = re.match(r"'(\\.[^']*|[^\\'])'", text[i:])
            if m:  # a char literal; otherwise a lifetime
                out.append("' '")
                i += len(m.group(0))
            else:
                out.append(c)
                i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def use_tree_heads(tree):
    """The first segments of the paths of a use tree `a::b, c::{d, e}, f` (top level only)."""
    heads, depth, item = [], 0, ""
    for c in tree + ",":
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        if c == "," and depth == 0:
            item = item.strip()
            if item:
                heads.append(re.match(r"\{?\s*(" + IDENT + ")?", item).group(1))
            item = ""
        else:
            item += c
    return [h for h in heads if h]


def crate_modules(src):
    """Top-level module name -> its source files (a directory module has several)."""
    modules = {}
    for path in sorted(src.glob("*.rs")):
        if path.name != "lib.rs":
            modules[path.stem] = [path]
    for path in sorted(src.iterdir()):
        if path.is_dir():
            modules[path.name] = sorted(path.rglob("*.rs"))
    return modules


def root_exports(lib_text, modules):
    """Names the crate root re-exports (`pub use module::{A, b}`) -> the module they are from."""
    names = {}
    for m in re.finditer(r"pub\s+use\s+(" + IDENT + r")::([^;]*);", lib_text):
        module, rest = m.group(1), m.group(2)
        if module not in modules:
            continue
        for name in re.findall(IDENT, rest.replace("self", "")):
            names[name] = module
    return names


def inline_modules(text):
    """The spans of the inline `mod name { … }` blocks of a source (comments stripped)."""
    spans = []
    for m in re.finditer(r"\bmod\s+" + IDENT + r"\s*\{", text):
        depth = 0
        for j in range(m.end() - 1, len(text)):
            depth += text[j] == "{"
            depth -= text[j] == "}"
            if depth == 0:
                spans.append((m.end(), j))
                break
    return spans


def references(text, depth):
    """First segments of the paths that leave the module: after `crate::`, and after enough
    `super::` to reach the crate root from a file `depth` modules below it (1 for `src/x.rs`
    and `src/x/mod.rs`, 2 for `src/x/y.rs`), counting the inline modules around the path."""
    spans = inline_modules(text)
    heads = []
    for m in re.finditer(r"\b(crate::|(?:super::)+)", text):
        if m.group(1) != "crate::":
            if text[m.start() - 7:m.start()] == "super::":
                continue  # inside a longer chain, counted from its start
            inline = sum(1 for a, b in spans if a <= m.start() < b)
            if depth + inline - m.group(1).count("super::") > 0:
                continue  # a path to a parent inside the same top-level module
        kind = "crate" if m.group(1) == "crate::" else "super"
        rest = text[m.end():]
        if rest.startswith("{"):
            level, j = 0, 0
            for j, c in enumerate(rest):
                level += c == "{"
                level -= c == "}"
                if level == 0:
                    break
            heads += [(kind, h) for h in use_tree_heads(rest[1:j])]
        else:
            h = re.match(IDENT, rest)
            if h:
                heads.append((kind, h.group(0)))
    return heads


def graph_of(crate_dir):
    src = crate_dir / "src"
    modules = crate_modules(src)
    exports = root_exports(strip_comments((src / "lib.rs").read_text()), modules)
    edges = {name: {} for name in modules}
    for name, files in modules.items():
        for path in files:
            text = strip_comments(path.read_text())
            parts = path.relative_to(src).parts
            depth = len(parts) - (parts[-1] == "mod.rs")
            for kind, head in references(text, depth):
                target = head if head in modules else exports.get(head)
                if target and target != name:
                    where = path.relative_to(ROOT).as_posix()
                    edges[name].setdefault(target, set()).add(f"{where}: {kind}::{head}")
    return edges


def circles(edges):
    """Strongly connected components with more than one module (Tarjan, iterative)."""
    index, low, on_stack, stack, found, counter = {}, {}, set(), [], [], [0]
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = counter[0]
        counter[0] += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter[0]
                    counter[0] += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.append(top)
                    if top == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def main(argv):
    show_graph = "--graph" in argv
    failed = False
    for crate in RULES_CRATES:
        edges = graph_of(ROOT / "crates" / crate)
        if show_graph:
            print(f"{crate}:")
            for name in sorted(edges):
                print(f"  {name} -> {', '.join(sorted(edges[name])) or '(nothing)'}")
        for component in circles(edges):
            failed = True
            print(f"{crate}: import circle between {', '.join(component)}:", file=sys.stderr)
            for a in component:
                for b in sorted(edges[a]):
                    if b in component:
                        for why in sorted(edges[a][b]):
                            print(f"  {a} -> {b}  ({why})", file=sys.stderr)
    if not failed:
        print(f"no import circle between the modules of {', '.join(RULES_CRATES)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
