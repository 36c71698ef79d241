#!/usr/bin/env python3
"""The public API of each published library crate, checked against a committed baseline.

    scripts/api-check.py                    check every crate against docs/api/<package>.txt
    scripts/api-check.py check [PKG...]     the same, for some packages
    scripts/api-check.py bless [PKG...]     write the current API as the baseline
    scripts/api-check.py list PKG           print a crate's current API
    scripts/api-check.py selftest           the comparison's rules on made-up APIs (no cargo)
    scripts/api-check.py --json FILE ...    use rustdoc JSON already built (one file per
                                            package, in the order given; no cargo run)

The API comes from rustdoc's JSON output (nightly: `cargo +nightly rustdoc -p PKG --lib
--all-features -- -Z unstable-options --output-format json`), reduced to one sorted line per
public item: every path a user can name it by, its kind and its signature (types by their
names, generics, where clauses, `#[non_exhaustive]`, the trait impls of each type, auto
traits included). Deprecation, documentation, `#[doc(hidden)]` items, blanket impls and
constant values are left out.

A baseline line that is gone (an item removed, renamed or given another signature) is a
breaking change; so are additions that break users (docs/releasing.md's policy): a required
method, associated type or constant added to an existing trait, a variant added to an
existing enum that is not `#[non_exhaustive]`, a public field added to an existing struct
that users can build with a literal. A breaking change fails unless the crate's version was
bumped past the baseline's (0.1.x -> 0.2.0; 1.x -> 2.0.0); then re-bless. Other additions are
listed and pass. Python standard library only (CI has python3).
"""

import contextlib
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINES = ROOT / "docs" / "api"


def published_libraries():
    """Package name -> library name of every workspace package that is published (no
    `publish = false`) and has a library: what docs/releasing.md publishes, the CLI aside
    (a binary only). A new published crate is checked as soon as it exists, and fails until
    its baseline is blessed."""
    meta = json.loads(subprocess.run(
        ["cargo", "metadata", "--no-deps", "--format-version", "1"], cwd=ROOT,
        capture_output=True, text=True, check=True, timeout=600).stdout)
    out = {}
    for package in sorted(meta["packages"], key=lambda p: p["name"]):
        if package.get("publish") == []:
            continue
        for target in package["targets"]:
            if "lib" in target["kind"]:
                out[package["name"]] = target["name"].replace("-", "_")
    return out

# The auto traits of stable Rust; rustdoc also lists nightly-only ones, which are left out.
STABLE_AUTO_TRAITS = {"Send", "Sync", "Unpin", "UnwindSafe", "RefUnwindSafe"}
# Compiler-internal traits that derives implement (not nameable on stable).
UNSTABLE_MARKERS = {"StructuralPartialEq"}
# The rustdoc JSON format versions this reducer was written and checked against.
FORMATS = range(45, 70)


class ApiError(Exception):
    pass


# ---------------------------------------------------------------------------------------------
# Rendering rustdoc JSON types as text


def last(path):
    return path.split("::")[-1]


def render_path(p):
    """A `Path` (resolved_path, trait): its last segment and its generic arguments."""
    name = last(p.get("path") or p.get("name") or "?")
    return name + render_args(p.get("args"))


def render_args(args):
    if not args:
        return ""
    if "angle_bracketed" in args:
        a = args["angle_bracketed"]
        parts = [render_generic_arg(x) for x in a.get("args", [])]
        for c in a.get("constraints", a.get("bindings", [])):
            parts.append(render_constraint(c))
        return f"<{', '.join(parts)}>" if parts else ""
    if "parenthesized" in args:
        a = args["parenthesized"]
        out = f"({', '.join(render_type(t) for t in a['inputs'])})"
        if a.get("output") is not None:
            out += f" -> {render_type(a['output'])}"
        return out
    if "return_type_notation" in args:
        return "(..)"
    raise ApiError(f"unknown generic arguments {sorted(args)}")


def render_generic_arg(a):
    if a == "infer":
        return "_"
    if "lifetime" in a:
        return a["lifetime"]
    if "type" in a:
        return render_type(a["type"])
    if "const" in a:
        return a["const"].get("expr", "?")
    raise ApiError(f"unknown generic argument {a}")


def render_constraint(c):
    name = c["name"] + render_args(c.get("args"))
    binding = c["binding"]
    if "equality" in binding:
        term = binding["equality"]
        value = render_type(term["type"]) if "type" in term else term["constant"].get("expr", "?")
        return f"{name} = {value}"
    return f"{name}: {render_bounds(binding['constraint'])}"


def render_bounds(bounds):
    return " + ".join(render_bound(b) for b in bounds)


def render_bound(b):
    if "trait_bound" in b:
        t = b["trait_bound"]
        modifier = {"none": "", "maybe": "?", "maybe_const": "~const "}.get(t.get("modifier", "none"), "")
        return f"{render_hrtb(t.get('generic_params', []))}{modifier}{render_path(t['trait'])}"
    if "outlives" in b:
        return b["outlives"]
    if "use" in b:
        args = [x.get("lifetime") or x.get("param") or "?" for x in b["use"]] if b["use"] and isinstance(b["use"][0], dict) else b["use"]
        return f"use<{', '.join(args)}>"
    raise ApiError(f"unknown bound {sorted(b)}")


def render_hrtb(params):
    return f"for<{', '.join(p['name'] for p in params)}> " if params else ""


def render_type(t):
    if t is None:
        return "()"
    if t == "infer":
        return "_"
    (kind, v), = t.items()
    if kind == "resolved_path":
        return render_path(v)
    if kind == "generic":
        return v
    if kind == "primitive":
        return v
    if kind == "borrowed_ref":
        lifetime = f"{v['lifetime']} " if v.get("lifetime") else ""
        return f"&{lifetime}{'mut ' if v['is_mutable'] else ''}{render_type(v['type'])}"
    if kind == "raw_pointer":
        return f"*{'mut' if v['is_mutable'] else 'const'} {render_type(v['type'])}"
    if kind == "slice":
        return f"[{render_type(v)}]"
    if kind == "array":
        return f"[{render_type(v['type'])}; {v['len']}]"
    if kind == "tuple":
        inner = ", ".join(render_type(x) for x in v)
        return f"({inner},)" if len(v) == 1 else f"({inner})"
    if kind == "impl_trait":
        return f"impl {render_bounds(v)}"
    if kind == "dyn_trait":
        traits = " + ".join(render_hrtb(p.get("generic_params", [])) + render_path(p["trait"]) for p in v["traits"])
        lifetime = f" + {v['lifetime']}" if v.get("lifetime") else ""
        return f"dyn {traits}{lifetime}"
    if kind == "qualified_path":
        self_type = render_type(v["self_type"])
        trait = v.get("trait")
        # An empty trait path is the shorthand `G::Config` of the source.
        base = f"<{self_type} as {render_path(trait)}>" if trait and trait.get("path") else self_type
        return f"{base}::{v['name']}{render_args(v.get('args'))}"
    if kind == "function_pointer":
        sig = v.get("sig") or v.get("decl")
        return f"{render_hrtb(v.get('generic_params', []))}fn{render_sig(sig, method=False)}"
    if kind == "pat":
        return render_type(v["type"])
    raise ApiError(f"unknown type kind {kind}")


def render_generics(g):
    """`<params>` and ` where …` of a generics object."""
    params = []
    for p in g.get("params", []):
        kind = p["kind"]
        if "lifetime" in kind:
            outlives = kind["lifetime"].get("outlives", [])
            params.append(p["name"] + (f": {' + '.join(outlives)}" if outlives else ""))
        elif "type" in kind:
            k = kind["type"]
            if k.get("is_synthetic"):
                continue  # an `impl Trait` argument, shown in place
            text = p["name"]
            if k.get("bounds"):
                text += f": {render_bounds(k['bounds'])}"
            if k.get("default") is not None:
                text += f" = {render_type(k['default'])}"
            params.append(text)
        elif "const" in kind:
            k = kind["const"]
            text = f"const {p['name']}: {render_type(k['type'])}"
            if k.get("default") is not None:
                text += f" = {k['default']}"
            params.append(text)
        else:
            raise ApiError(f"unknown generic parameter {sorted(kind)}")
    preds = []
    for w in g.get("where_predicates", []):
        if "bound_predicate" in w:
            b = w["bound_predicate"]
            hrtb = render_hrtb(b.get("generic_params", []))
            preds.append(f"{hrtb}{render_type(b['type'])}: {render_bounds(b['bounds'])}")
        elif "lifetime_predicate" in w:
            b = w["lifetime_predicate"]
            preds.append(f"{b['lifetime']}: {' + '.join(b['outlives'])}")
        elif "eq_predicate" in w:
            b = w["eq_predicate"]
            rhs = b["rhs"]
            rhs = render_type(rhs["type"]) if "type" in rhs else rhs.get("constant", {}).get("expr", "?")
            preds.append(f"{render_type(b['lhs'])} = {rhs}")
        else:
            raise ApiError(f"unknown where predicate {sorted(w)}")
    return (f"<{', '.join(params)}>" if params else ""), (f" where {', '.join(preds)}" if preds else "")


def render_sig(sig, method=True):
    """`(inputs) -> output`: argument types only (their names are not API)."""
    inputs = []
    for name, t in sig["inputs"]:
        if method and name == "self":
            if t == {"generic": "Self"}:
                inputs.append("self")
                continue
            if "borrowed_ref" in t and t["borrowed_ref"]["type"] == {"generic": "Self"}:
                r = t["borrowed_ref"]
                lifetime = f"{r['lifetime']} " if r.get("lifetime") else ""
                inputs.append(f"&{lifetime}{'mut ' if r['is_mutable'] else ''}self")
                continue
            inputs.append(f"self: {render_type(t)}")
            continue
        inputs.append(render_type(t))
    if sig.get("is_c_variadic"):
        inputs.append("...")
    out = f"({', '.join(inputs)})"
    if sig.get("output") is not None:
        out += f" -> {render_type(sig['output'])}"
    return out


def render_header(h):
    words = [w for w, on in (("const", h.get("is_const")), ("async", h.get("is_async")), ("unsafe", h.get("is_unsafe"))) if on]
    abi = h.get("abi", "Rust")
    if abi != "Rust":
        words.append(f'extern "{abi if isinstance(abi, str) else next(iter(abi))}"')
    return " ".join(words) + (" " if words else "")


def render_fn(path, f):
    params, where = render_generics(f["generics"])
    return f"{render_header(f['header'])}fn {path}{params}{render_sig(f['sig'])}{where}"


# ---------------------------------------------------------------------------------------------
# Walking the crate


def attrs_of(item):
    """The item's attributes as text (the JSON format has both strings and objects)."""
    out = []
    for a in item.get("attrs", []):
        if isinstance(a, str):
            out.append(a)
        elif isinstance(a, dict):
            (k, v), = a.items()
            out.append(v if isinstance(v, str) else k)
    return out


def is_hidden(item):
    return any(re.search(r"doc\s*\(\s*hidden\s*\)", a) for a in attrs_of(item))


def non_exhaustive(item):
    return any(a == "non_exhaustive" or "non_exhaustive" in a for a in attrs_of(item))


class Crate:
    def __init__(self, doc, lib):
        self.doc = doc
        self.index = doc["index"]
        self.lib = lib
        self.lines = set()
        self.done = set()

    def item(self, id_):
        return self.index.get(str(id_))

    def emit(self, line):
        self.lines.add(line)

    def walk_module(self, module, path, seen):
        if module["id"] in seen:
            return
        seen = seen | {module["id"]}
        for id_ in module["inner"]["module"]["items"]:
            item = self.item(id_)
            if item is None or is_hidden(item):
                continue
            inner = item["inner"]
            if "use" in inner:
                use = inner["use"]
                target = self.item(use["id"]) if use.get("id") is not None else None
                if target is None:
                    self.emit(f"use {path}::{use['name']} = {use['source']}{'::*' if use['is_glob'] else ''}")
                elif use["is_glob"]:
                    if "module" in target["inner"]:
                        self.walk_module(target, path, seen)
                    else:
                        self.emit(f"use {path}::* = {use['source']}::*")
                elif not is_hidden(target):
                    self.walk_item(target, f"{path}::{use['name']}", seen)
            else:
                self.walk_item(item, f"{path}::{item['name']}", seen)

    def walk_item(self, item, path, seen):
        (kind, v), = item["inner"].items()
        ne = " #[non_exhaustive]" if non_exhaustive(item) else ""
        if kind == "module":
            self.emit(f"mod {path}")
            self.walk_module(item, path, seen)
        elif kind == "struct":
            params, where = render_generics(v["generics"])
            shape = v["kind"]
            if shape == "unit":
                body = ";"
            elif "tuple" in shape:
                fields = [render_type(self.item(f)["inner"]["struct_field"]) if f is not None and self.public(self.item(f)) else "_" for f in shape["tuple"]]
                body = f"({', '.join(fields)})"
            else:
                body = " { .. }" if shape["plain"]["has_stripped_fields"] else " { }"
                for f in shape["plain"]["fields"]:
                    field = self.item(f)
                    if field is not None and self.public(field) and not is_hidden(field):
                        self.emit(f"field {path}::{field['name']}: {render_type(field['inner']['struct_field'])}")
            self.emit(f"struct {path}{params}{body}{where}{ne}")
            self.walk_impls(v["impls"], path)
        elif kind == "union":
            params, where = render_generics(v["generics"])
            self.emit(f"union {path}{params}{where}")
            self.walk_impls(v["impls"], path)
        elif kind == "enum":
            params, where = render_generics(v["generics"])
            self.emit(f"enum {path}{params}{where}{ne}")
            for id_ in v["variants"]:
                variant = self.item(id_)
                if variant is None or is_hidden(variant):
                    continue
                self.emit(f"variant {path}::{variant['name']}{self.variant_shape(variant)}")
            self.walk_impls(v["impls"], path)
        elif kind == "trait":
            params, where = render_generics(v["generics"])
            bounds = f": {render_bounds(v['bounds'])}" if v.get("bounds") else ""
            flags = ("unsafe " if v.get("is_unsafe") else "") + ("auto " if v.get("is_auto") else "")
            dyn = "" if v.get("is_dyn_compatible", v.get("is_object_safe", True)) else " (not dyn-compatible)"
            self.emit(f"{flags}trait {path}{params}{bounds}{where}{dyn}")
            for id_ in v["items"]:
                member = self.item(id_)
                if member is None or is_hidden(member):
                    continue
                self.trait_member(member, f"{path}::{member['name']}")
        elif kind == "function":
            self.emit(render_fn(path, v))
        elif kind == "constant":
            self.emit(f"const {path}: {render_type(v['type'])}")
        elif kind == "static":
            self.emit(f"static {'mut ' if v.get('is_mutable') else ''}{path}: {render_type(v['type'])}")
        elif kind == "type_alias":
            params, where = render_generics(v["generics"])
            self.emit(f"type {path}{params} = {render_type(v['type'])}{where}")
        elif kind in ("macro", "proc_macro"):
            self.emit(f"macro {path}")
        elif kind == "trait_alias":
            self.emit(f"trait-alias {path}")
        elif kind in ("extern_crate", "primitive", "extern_type"):
            self.emit(f"{kind} {path}")
        else:
            raise ApiError(f"unknown item kind {kind} at {path}")

    def public(self, item):
        return item.get("visibility") == "public"

    def variant_shape(self, variant):
        v = variant["inner"]["variant"]
        shape = v["kind"]
        if shape == "plain":
            return ""
        if "tuple" in shape:
            fields = [render_type(self.item(f)["inner"]["struct_field"]) if f is not None else "_" for f in shape["tuple"]]
            return f"({', '.join(fields)})"
        fields = [f"{self.item(f)['name']}: {render_type(self.item(f)['inner']['struct_field'])}" for f in shape["struct"]["fields"]]
        if shape["struct"].get("has_stripped_fields"):
            fields.append("..")
        return f" {{ {', '.join(fields)} }}"

    def trait_member(self, member, path):
        (kind, v), = member["inner"].items()
        if kind == "function":
            self.emit(f"trait-{render_fn(path, v)} [{'provided' if v.get('has_body') else 'required'}]")
        elif kind == "assoc_type":
            params, where = render_generics(v["generics"])
            bounds = f": {render_bounds(v['bounds'])}" if v.get("bounds") else ""
            default = " [provided]" if v.get("type") is not None else " [required]"
            self.emit(f"trait-type {path}{params}{bounds}{where}{default}")
        elif kind == "assoc_const":
            default = " [provided]" if v.get("value") is not None or v.get("default") is not None else " [required]"
            self.emit(f"trait-const {path}: {render_type(v['type'])}{default}")
        else:
            raise ApiError(f"unknown trait member kind {kind} at {path}")

    def walk_impls(self, impls, path):
        for id_ in impls:
            imp = self.item(id_)
            if imp is None or is_hidden(imp):
                continue
            v = imp["inner"]["impl"]
            if v.get("blanket_impl") is not None:
                continue  # `impl<T: Trait> Other for T` from the standard library or a dependency
            params, where = render_generics(v["generics"])
            if v.get("trait") is None:
                for member_id in v["items"]:
                    member = self.item(member_id)
                    if member is None or not self.public(member) or is_hidden(member):
                        continue
                    (kind, m), = member["inner"].items()
                    name = f"{path}::{member['name']}"
                    if kind == "function":
                        self.emit(render_fn(name, m))
                    elif kind == "assoc_const":
                        self.emit(f"const {name}: {render_type(m['type'])}")
                    elif kind == "assoc_type":
                        self.emit(f"type {name} = {render_type(m.get('type'))}")
                    else:
                        raise ApiError(f"unknown inherent member kind {kind} at {name}")
            else:
                trait = render_path(v["trait"])
                if v.get("is_synthetic") and trait not in STABLE_AUTO_TRAITS:
                    continue  # an unstable auto trait (`Freeze`, `UnsafeUnpin`): it comes and goes with nightly
                if trait in UNSTABLE_MARKERS:
                    continue
                negative = "!" if v.get("is_negative") else ""
                unsafe = "unsafe " if v.get("is_unsafe") else ""
                for_type = render_type(v["for"])
                # The type by its path here; its own rendering too when that is not just its name
                # (generic arguments, or an impl listed under another type, as `FromIterator<Square>
                # for Bitboard` is under `Square`).
                shown = path if for_type == last(path) else f"{path} [{for_type}]"
                self.emit(f"{unsafe}impl{params} {negative}{trait} for {shown}{where}")


def reduce(doc, lib):
    fmt = doc.get("format_version")
    if fmt not in FORMATS:
        raise ApiError(
            f"rustdoc JSON format version {fmt}: this script was written for versions "
            f"{FORMATS.start}..{FORMATS.stop - 1}; check its renderer against rustdoc-types and widen FORMATS"
        )
    crate = Crate(doc, lib)
    root = crate.item(doc["root"])
    crate.emit(f"crate {lib}")
    crate.walk_module(root, lib, frozenset())
    return sorted(crate.lines)


# ---------------------------------------------------------------------------------------------
# Building the JSON, comparing, reporting


def rustdoc_json(package, lib):
    target = Path(os.environ.get("API_TARGET_DIR", ROOT / "target" / "api"))
    cmd = ["cargo", "+nightly", "rustdoc", "--quiet", "-p", package, "--lib", "--all-features",
           "--", "-Z", "unstable-options", "--output-format", "json"]
    env = dict(os.environ, CARGO_TARGET_DIR=str(target), RUSTDOCFLAGS="")
    subprocess.run(cmd, cwd=ROOT, env=env, check=True, timeout=3600)
    return json.loads((target / "doc" / f"{lib}.json").read_text())


def breaking_key(version):
    """The part of a version whose change is breaking: (0, minor) for 0.x, (major,) otherwise."""
    m = re.match(r"(\d+)\.(\d+)\.(\d+)", version)
    if not m:
        raise ApiError(f"not a version: {version!r}")
    major, minor, _ = map(int, m.groups())
    return (0, minor) if major == 0 else (major,)


def read_baseline(package):
    path = BASELINES / f"{package}.txt"
    if not path.exists():
        raise ApiError(f"no baseline {path.relative_to(ROOT)}: run scripts/api-check.py bless {package}")
    version, lines = None, []
    for line in path.read_text().splitlines():
        if line.startswith("# version "):
            version = line[len("# version "):].strip()
        elif line and not line.startswith("#"):
            lines.append(line)
    if version is None:
        raise ApiError(f"{path.relative_to(ROOT)} has no '# version' line")
    return version, lines


def write_baseline(package, version, lines):
    BASELINES.mkdir(parents=True, exist_ok=True)
    header = [
        f"# The public API of {package} {version}, as scripts/api-check.py reduces rustdoc's JSON",
        "# (all features). CI fails on a removed or changed line unless the version is bumped past",
        "# this one (docs/releasing.md). Regenerate on purpose: scripts/api-check.py bless PACKAGE.",
        f"# version {version}",
    ]
    (BASELINES / f"{package}.txt").write_text("\n".join(header + lines) + "\n")


def item_of(line):
    """The item a line is about (its path), to pair a removed line with its changed form."""
    m = re.match(r"(?:\S+ )*?(?:fn|struct|enum|union|trait|type|const|static|mod|macro|field|variant|use|crate|trait-fn|trait-type|trait-const|impl\S*) ([A-Za-z_][\w:]*)", line)
    return m.group(1) if m else line


def additions_that_break(old, added):
    """Additions that break users of an existing item (docs/releasing.md)."""
    old_set = set(old)
    traits = {item_of(l) for l in old if re.match(r"(unsafe )?(auto )?trait ", l)}
    exhaustive_enums = {item_of(l) for l in old if l.startswith("enum ") and "#[non_exhaustive]" not in l}
    literal_structs = {item_of(l) for l in old if l.startswith("struct ") and l.split(" where")[0].rstrip().endswith("{ }")}
    out = []
    for line in added:
        if line in old_set:
            continue
        owner = item_of(line).rsplit("::", 1)[0]
        if re.match(r"trait-(fn|type|const) ", line) and line.endswith("[required]") and owner in traits:
            out.append(f"{line}  (a required item added to an existing trait)")
        elif line.startswith("variant ") and owner in exhaustive_enums:
            out.append(f"{line}  (a variant added to an enum that is not #[non_exhaustive])")
        elif line.startswith("field ") and owner in literal_structs:
            out.append(f"{line}  (a field added to a struct users can build with a literal)")
    return out


def compare(package, version, lines):
    """Prints the differences; returns whether the check passes."""
    base_version, base = read_baseline(package)
    removed = sorted(set(base) - set(lines))
    added = sorted(set(lines) - set(base))
    breaking = additions_that_break(base, added)
    bumped = breaking_key(version) > breaking_key(base_version)
    print(f"{package} {version} (baseline {base_version}): {len(lines)} items, "
          f"{len(removed)} removed or changed, {len(added)} added")
    changed_paths = {item_of(l) for l in removed}
    for line in removed:
        print(f"  - {line}")
        for new in added:
            if item_of(new) == item_of(line):
                print(f"  + {new}  (changed)")
    for line in added:
        if item_of(line) not in changed_paths:
            print(f"  + {line}")
    if (removed or breaking) and not bumped:
        for line in breaking:
            print(f"  ! {line}")
        print(f"{package}: BREAKING CHANGE without a version bump: {version} is still "
              f"{'.'.join(map(str, breaking_key(base_version)))}.x like the baseline "
              f"(docs/releasing.md: bump the minor version of a 0.x crate), or undo the change",
              file=sys.stderr)
        return False
    if removed or breaking:
        print(f"{package}: breaking changes allowed by the version bump {base_version} -> {version}; "
              f"re-bless the baseline at the release (scripts/api-check.py bless {package})")
    return True


def selftest():
    """The comparison's rules on made-up baselines: what must fail and what must pass."""
    global read_baseline
    base = ["crate x", "enum x::E", "variant x::E::A", "enum x::F #[non_exhaustive]",
            "variant x::F::A", "fn x::f(u8) -> u8", "trait x::T", "trait-fn x::T::a(&self) [required]",
            "struct x::S { }", "field x::S::a: u8"]
    cases = [
        ("an unchanged API", base, "0.1.0", True),
        ("a new function", base + ["fn x::g()"], "0.1.3", True),
        ("a new variant of a #[non_exhaustive] enum", base + ["variant x::F::B"], "0.1.0", True),
        ("a provided trait method", base + ["trait-fn x::T::b(&self) [provided]"], "0.1.0", True),
        ("a removed function", [l for l in base if not l.startswith("fn ")], "0.1.9", False),
        ("a changed signature", [l.replace("(u8)", "(u16)") for l in base], "0.1.0", False),
        ("a removed function with the minor version bumped", [l for l in base if not l.startswith("fn ")], "0.2.0", True),
        ("a new variant of an exhaustive enum", base + ["variant x::E::B"], "0.1.0", False),
        ("a required trait method", base + ["trait-fn x::T::b(&self) [required]"], "0.1.0", False),
        ("a field of a struct built by literal", base + ["field x::S::b: u8"], "0.1.0", False),
    ]
    saved = read_baseline
    read_baseline = lambda package: ("0.1.0", base)
    failures = 0
    try:
        for name, lines, version, should_pass in cases:
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                passed = compare("selftest", version, sorted(lines))
            if passed != should_pass:
                failures += 1
                print(f"api-check selftest: {name}: {'passed' if passed else 'failed'}, "
                      f"expected to {'pass' if should_pass else 'fail'}", file=sys.stderr)
    finally:
        read_baseline = saved
    assert breaking_key("0.1.7") < breaking_key("0.2.0") and breaking_key("1.4.0") < breaking_key("2.0.0")
    assert not breaking_key("0.1.7") < breaking_key("0.1.9")
    print(f"api-check selftest: {len(cases) - failures} of {len(cases)} cases as expected")
    return 1 if failures else 0


def main(argv):
    if argv[:1] == ["selftest"]:
        return selftest()
    json_files = []
    if "--json" in argv:
        i = argv.index("--json")
        json_files = argv[i + 1:]
        argv = argv[:i]
    mode = argv[0] if argv else "check"
    if mode not in ("check", "bless", "list"):
        print(__doc__, file=sys.stderr)
        return 2
    libraries = published_libraries()
    packages = argv[1:] or list(libraries)
    unknown = [p for p in packages if p not in libraries]
    if unknown:
        print(f"unknown package(s) {unknown}; published libraries: {list(libraries)}", file=sys.stderr)
        return 2
    if json_files and len(json_files) != len(packages):
        print("--json needs one file per package, in the order of the packages", file=sys.stderr)
        return 2
    ok = True
    try:
        for n, package in enumerate(packages):
            lib = libraries[package]
            doc = json.loads(Path(json_files[n]).read_text()) if json_files else rustdoc_json(package, lib)
            version = doc.get("crate_version") or "0.0.0"
            lines = reduce(doc, lib)
            if mode == "list":
                print("\n".join(lines))
            elif mode == "bless":
                write_baseline(package, version, lines)
                print(f"blessed {package} {version}: {len(lines)} items in docs/api/{package}.txt")
            else:
                ok &= compare(package, version, lines)
    except (ApiError, subprocess.CalledProcessError) as e:
        print(f"api-check: {e}", file=sys.stderr)
        return 1
    if mode == "check":
        print("api-check: " + ("every crate keeps its baseline's API (or bumped its version)" if ok else "FAILED"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
