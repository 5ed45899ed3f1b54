"""The test server helper: found wherever Debian puts it, and a loud error, not a skip, where
there is none."""

from __future__ import annotations

import glob
import shutil

import pytest

from tests.postgres_server import ServerUnavailable, bin_dir


def test_no_server_binaries_is_an_error_saying_how_to_install(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(shutil, "which", lambda name: None)
    monkeypatch.setattr(glob, "glob", lambda pattern: [])
    with pytest.raises(ServerUnavailable, match="apt-get install postgresql"):
        bin_dir()


def test_the_newest_versioned_directory_is_found_off_path(monkeypatch: pytest.MonkeyPatch,
                                                          tmp_path):
    for version in ("9.6", "13", "15"):
        folder = tmp_path / version / "bin"
        folder.mkdir(parents=True)
        (folder / "initdb").touch()
        (folder / "postgres").touch()
    monkeypatch.setattr(shutil, "which", lambda name: None)
    monkeypatch.setattr(glob, "glob", lambda pattern: [str(tmp_path / v / "bin")
                                                       for v in ("13", "15", "9.6")])
    assert bin_dir() == tmp_path / "15" / "bin"
