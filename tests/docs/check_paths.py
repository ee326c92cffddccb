#!/usr/bin/python3
"""Fails when a file that a document names does not exist in the repository.

    /usr/bin/python3 tests/docs/check_paths.py [DOC ...]      (default: docs/ARCHITECTURE.md)

A name counts when it is a repository path starting with one of PREFIXES (`Sources/GtkKit/App/Services.swift`,
`tests/e2e/run.sh`, `docs/WRITES.md`, a folder such as `Sources/MayunCore/Store`) or a bare Swift file name
(`main.swift`), which must exist somewhere under Sources/, Tests/ or Fuzz/ (or at the top, for Package.swift); a
name starting with `+` (`+Reviews.swift`, short for `PullRequestViewModel+Reviews.swift`) matches any file ending so.
Paths that git ignores (`tests/artifacts/`, written by the tests) are outputs, not files of the tree, and are skipped.
A path with `*` (`Tests/MayunCoreTests/Session*.swift`) must match at least one file.
A path reached through `../` (`../shared/ARCHITECTURE.md`) is outside the repository and is not checked.

Run by `make test-meson`, so a file that moves or goes without its doc fails CI.
"""
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PREFIXES = ("Sources", "Tests", "tests", "docs", "bench", "tools", "meson-wrapper", "data", "Fuzz", "po")

# A prefix at the start of a token: not preceded by a path or word character, so `../shared/...` and
# `foo/tests/...` do not match. The path runs over the characters file names here use.
PATH = re.compile(r"(?<![\w./-])((?:%s)/[\w.+@*-]+(?:/[\w.+@*-]+)*/?)" % "|".join(re.escape(p) for p in PREFIXES))
# `+Comments.swift` (short for `PullRequestViewModel+Comments.swift` after the full name) is any file ending so.
SWIFT_FILE = re.compile(r"(?<![\w./+-])(\+?[A-Za-z_][\w+-]*\.swift)\b")
SWIFT_ROOTS = ("Sources", "Tests", "Fuzz")


def names_in(text):
    """The repository paths and bare Swift file names `text` mentions, in order of first mention."""
    paths, files = {}, {}
    for match in PATH.finditer(text):
        path = match.group(1).rstrip(".,:;")
        paths.setdefault(path, text.count("\n", 0, match.start()) + 1)
    for match in SWIFT_FILE.finditer(text):
        files.setdefault(match.group(1), text.count("\n", 0, match.start()) + 1)
    return paths, files


def ignored_by_git(path):
    result = subprocess.run(["git", "-C", str(ROOT), "check-ignore", "-q", path],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return result.returncode == 0


def swift_file_exists(name):
    if (ROOT / name).is_file():
        return True
    pattern = "*" + name if name.startswith("+") else name
    return any(next((ROOT / top).rglob(pattern), None) is not None for top in SWIFT_ROOTS if (ROOT / top).is_dir())


def check(doc):
    text = (ROOT / doc).read_text(encoding="utf-8")
    paths, files = names_in(text)
    missing = []
    for path, line in paths.items():
        exists = any(ROOT.glob(path.rstrip("/"))) if "*" in path else (ROOT / path).exists()
        if exists or ignored_by_git(path):
            continue
        missing.append((line, path))
    for name, line in files.items():
        if not swift_file_exists(name):
            missing.append((line, name))
    return len(paths) + len(files), sorted(missing)


def main(argv):
    docs = argv[1:] or ["docs/ARCHITECTURE.md"]
    status = 0
    for doc in docs:
        count, missing = check(doc)
        if missing:
            status = 1
            print(f"{doc}: {len(missing)} of {count} named files do not exist:")
            for line, name in missing:
                print(f"  {doc}:{line}: {name}")
        else:
            print(f"{doc}: all {count} named files exist")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv))
