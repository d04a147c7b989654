"""What a test run leaves in the checkout: the suite must leave `git status` as it found it.

A test that writes into the working folder (a game's `backup.sv`, a journal, a page) leaves
a file that a later commit picks up by accident.  `tests/conftest.py` takes a `snapshot`
when the run starts and fails the run, naming the files, when the one taken at its end
differs (`left_behind`).
"""

from __future__ import annotations

import hashlib
import subprocess
from pathlib import Path

Snapshot = dict[str, str]
"""Each file git lists as untracked, modified or deleted, with a digest of what it holds
(empty when it is gone): a file already changed when the run began is caught changing again."""


def snapshot(root: Path) -> Snapshot | None:
    """Return the files `git status` lists under `root`, with their digests; None when `root`
    is not a git checkout (an unpacked source archive) or git is missing."""
    try:
        listed = subprocess.run(
            ["git", "status", "--porcelain=v1", "-z", "--untracked-files=all"],
            cwd=root,
            capture_output=True,
            check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    entries = listed.split(b"\0")
    paths = []
    at = 0
    while at < len(entries):
        entry = entries[at]
        at += 1
        if not entry:
            continue
        paths.append(entry[3:].decode(errors="surrogateescape"))
        if entry[:1] in (b"R", b"C"):  # a rename or copy names its source next
            at += 1
    return {path: _digest(root / path) for path in paths}


def _digest(path: Path) -> str:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:  # gone, or a folder git lists whole
        return ""


def left_behind(before: Snapshot, after: Snapshot) -> list[str]:
    """Return the files that appeared, changed or went between two snapshots, sorted."""
    paths = before.keys() | after.keys()
    return sorted(path for path in paths if before.get(path) != after.get(path))
