"""Every `§` reference in the repository points into docs/rules/, the project's own rules
documents, and nothing points at rules kept outside the repository, which a clone does not have.

How a reference resolves (docs/rules/README.md): a `.md` file named on the same line just before
the `§`; else the last `docs/rules/<name>.md` named before it in the file; else the game of the
folder the file is in (`catan`, `cities`). `§N.M` is the heading `N.M` of that document, or item M
of the numbered list that its section N holds; a test case id (T01...) beside the reference must be
one of the document's cases."""

from __future__ import annotations

import os
import re
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs" / "rules"
SUFFIXES = {".py", ".md", ".json", ".toml", ".txt", ".yaml", ".yml", ".cfg", ".ini"}
FOLDER_DEFAULTS = {"catan": "catan-cities-knights.md", "cities": "cities.md"}
# Written in two parts so that this file does not name them itself.
OUTSIDE = ("../" + "shared", "shared/" + "rules")

REF = re.compile(r"§\s?(\d+(?:\.\d+)?)(?:\s?[-–]\s?§?(\d+(?:\.\d+)?))?")
MD = re.compile(r"[\w./-]*[\w-]\.md\b")
CASES = re.compile(r"\bT(\d{2})\b(?:\s?[-–]\s?T(\d{2})\b)?")
HEADING = re.compile(r"^(#{2,3}) (\d+(?:\.\d+)?)[. ]")
ITEM = re.compile(r"^(\d+)\. ")
CASE = re.compile(r"^- T(\d{2}) ", re.M)


def files() -> list[Path]:
    """The repository's text files, without hidden folders, caches, docs/rules itself and this
    file (its own examples below are not references)."""
    out = []
    for folder, dirs, names in os.walk(ROOT):
        dirs[:] = [d for d in dirs if not d.startswith(".") and d != "__pycache__"]
        here = Path(folder)
        if here == DOCS:
            continue
        out += [here / n for n in names if Path(n).suffix in SUFFIXES]
    return sorted(p for p in out if p != Path(__file__).resolve())


def documents() -> dict[str, Path]:
    return {p.name: p for p in DOCS.glob("*.md") if p.name != "README.md"}


@cache
def anchors(name: str) -> frozenset[str]:
    """The section numbers document `name` has: its headings and its sections' list items."""
    found: set[str] = set()
    section: str | None = None
    subsection = False
    for line in documents()[name].read_text(encoding="utf-8").splitlines():
        heading = HEADING.match(line)
        if heading:
            found.add(heading.group(2))
            if heading.group(1) == "##":
                section, subsection = heading.group(2), False
            else:
                subsection = True
            continue
        if line.startswith("## "):
            section, subsection = None, False
        item = ITEM.match(line)
        if item and section is not None and not subsection:
            found.add(f"{section}.{item.group(1)}")
    return frozenset(found)


@cache
def cases(name: str) -> frozenset[str]:
    return frozenset(CASE.findall(documents()[name].read_text(encoding="utf-8")))


def named(token: str, inside_docs: bool) -> str | None:
    """The docs/rules document a `.md` token names, None if it names none there."""
    if token.startswith("docs/rules/") or (inside_docs and "/" not in token):
        name = token.rsplit("/", 1)[-1]
        return name if name in documents() else None
    return None


def problems(path: Path, text: str) -> list[str]:
    """What is wrong with the § references of one file's text."""
    inside_docs = path.parent == DOCS
    rel = path.relative_to(ROOT).as_posix()
    default = path.name if inside_docs else next(
        (doc for part in path.parts[:-1] for folder, doc in FOLDER_DEFAULTS.items()
         if part == folder), None)
    out = []
    offset = 0  # where the line starts in text
    for lineno, line in enumerate(text.splitlines(keepends=True), start=1):
        start, offset = offset, offset + len(line)
        for ref in REF.finditer(line):
            where = f"{rel}:{lineno}: {ref.group(0)!r}"
            before = list(MD.finditer(line[: ref.start()]))
            if before and not REF.search(line[before[-1].end(): ref.start()]):
                token = before[-1].group(0)
                doc = named(token, inside_docs)
                if doc is None:
                    out.append(f"{where} names {token}, which is not a document in docs/rules/")
                    continue
            else:
                # Inside docs/rules a bare § is the document's own section.
                earlier = [] if inside_docs else [
                    named(m.group(0), False) for m in MD.finditer(text, 0, start + ref.start())]
                doc = next((d for d in reversed(earlier) if d), default)
                if doc is None:
                    out.append(f"{where} names no document: write docs/rules/<document>.md §N")
                    continue
            for number in filter(None, ref.groups()):
                if number not in anchors(doc):
                    out.append(f"{where}: docs/rules/{doc} has no §{number}")
            if cases(doc):
                for match in CASES.finditer(line[ref.start():]):
                    for case in filter(None, match.groups()):
                        if case not in cases(doc):
                            out.append(f"{where}: docs/rules/{doc} has no case T{case}")
    return out


def test_every_section_reference_is_in_docs_rules() -> None:
    found = []
    for path in [*files(), *documents().values()]:
        text = path.read_text(encoding="utf-8", errors="replace")
        if "§" in text:
            found += problems(path, text)
    assert found == []


def test_nothing_points_outside_the_repository_for_rules() -> None:
    found = [f"{path.relative_to(ROOT)}: {needle}" for path in files()
             for needle in OUTSIDE if needle in path.read_text(encoding="utf-8", errors="replace")]
    assert found == []


def test_the_resolver_reads_references_as_documented() -> None:
    doc = DOCS / "catan-cities-knights.md"
    assert "16.7" in anchors("catan-cities-knights.md")  # a list item of §16
    assert "1.6" in anchors("catan-cities-knights.md") and "1.6.3" not in anchors(
        "catan-cities-knights.md")
    code = ROOT / "rules" / "citadels" / "x.py"
    assert problems(code, "# see §2.1") != []  # Citadels has two documents: name one
    assert problems(code, "# docs/rules/citadels-dark-city.md §2.1\n# then §11") == []
    assert problems(code, "# docs/rules/citadels-classic.md §11") != []  # no such section
    assert problems(code, "# classic.md §4.3") != []  # not a document of docs/rules
    assert problems(ROOT / "rules" / "catan" / "x.py", "# §15 T03-T88") != []  # no case T88
    assert problems(doc, "see [cities.md](cities.md) §13 T47") == []
