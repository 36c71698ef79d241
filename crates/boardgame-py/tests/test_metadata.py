"""The wheel as PyPI will show it (issue 46, item 6): the licence texts inside, the SPDX
licence expression, classifiers, project URLs, and a description of its own whose links are
all absolute. ``scripts/test-python.sh`` also runs ``twine check --strict`` on the wheel."""

from __future__ import annotations

import importlib.metadata
import re

import boardgame

META = importlib.metadata.metadata("boardgame")
DIST = importlib.metadata.distribution("boardgame")


def test_the_licence_is_an_spdx_expression_with_both_texts_inside_the_wheel():
    assert META["License-Expression"] == "MIT OR Apache-2.0"
    assert sorted(META.get_all("License-File")) == ["LICENSE-APACHE", "LICENSE-MIT"]
    texts = {f.name: f for f in DIST.files if "licenses" in f.parts}
    assert set(texts) == {"LICENSE-MIT", "LICENSE-APACHE"}
    assert "Permission is hereby granted" in texts["LICENSE-MIT"].read_text()
    assert "Apache License" in texts["LICENSE-APACHE"].read_text()


def test_classifiers_and_project_urls_are_set():
    classifiers = META.get_all("Classifier")
    for wanted in [
        "Programming Language :: Python :: 3.11",
        "Programming Language :: Rust",
        "Topic :: Scientific/Engineering :: Artificial Intelligence",
        "Typing :: Typed",
    ]:
        assert wanted in classifiers
    # PEP 639: the licence is the expression, never a classifier too.
    assert not [c for c in classifiers if c.startswith("License ::")]
    urls = dict(u.split(", ", 1) for u in META.get_all("Project-URL"))
    assert {"Homepage", "Documentation", "Source", "Issues", "Changelog"} <= set(urls)
    assert all(u.startswith("https://") for u in urls.values())


def test_the_pypi_description_is_its_own_page_with_absolute_links():
    text = META["Description"] or META.get_payload()
    assert text.startswith("# boardgame")
    assert META["Description-Content-Type"].startswith("text/markdown")
    links = re.findall(r"\]\(([^)]+)\)", text)
    assert links, "the page links the guide"
    assert all(link.startswith("https://") for link in links), links
    # Nothing for a workspace checkout: no relative paths, no `pip install ./crates/…`.
    assert "./crates" not in text and "../" not in text
    assert "pip install boardgame" in text


def test_the_version_is_the_crates_and_the_metadatas():
    assert boardgame.__version__ == META["Version"]


def test_installing_from_the_source_builds_the_release_profile():
    # Issue 46, defect 5: `pip install ./crates/boardgame-py` (and the sdist) built the
    # `python` profile while the README promised a release build.
    import tomllib
    from pathlib import Path

    crate = Path(__file__).resolve().parents[1]
    pyproject = tomllib.loads((crate / "pyproject.toml").read_text())
    assert pyproject["tool"]["maturin"]["profile"] == "release"
    workspace = tomllib.loads((crate.parents[1] / "Cargo.toml").read_text())
    assert workspace["profile"]["release"]["lto"] == "thin"
    readme = (crate / "README.md").read_text()
    assert "`release` profile" in readme
