"""The Python snippets of README.md and docs/guide/python.md run as written: the
blocks of one file in order, in one namespace (a later block may use what an
earlier one made), from the repository's root (where their paths point). A
snippet that fails when pasted fails here."""

import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FILES = [ROOT / "README.md", ROOT / "docs" / "guide" / "python.md"]


def blocks(path: Path) -> list[str]:
    return re.findall(r"```python\n(.*?)```", path.read_text(), flags=re.S)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_the_python_snippets_run_as_written(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    found = blocks(path)
    assert found, f"{path} has no python block"
    monkeypatch.chdir(ROOT)
    namespace: dict[str, object] = {"__name__": "__snippet__"}
    for number, block in enumerate(found, 1):
        try:
            exec(compile(block, f"{path.name} block {number}", "exec"), namespace)
        except Exception as error:  # the block and its error, for the reader
            raise AssertionError(f"{path.name}, python block {number}:\n{block}\n{error!r}") from error
