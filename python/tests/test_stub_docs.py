"""The type stub's docstrings are the native module's (the Rust doc comments).

tools/stub_docs.py copies them into reversi/_reversi.pyi; these tests fail when a
Rust doc comment changed and the stub was not regenerated (run
``python tools/stub_docs.py`` after ``maturin develop``).
"""

import ast
import importlib.util
import inspect
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

import reversi._reversi as native

TOOL = Path(__file__).resolve().parents[1] / "tools" / "stub_docs.py"


def load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("stub_docs", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


stub_docs = load_tool()

# object.__getstate__, whose doc Game.__getstate__ inherits, is new in 3.11: the
# stub is written from Python 3.11 or later.
needs_311 = pytest.mark.skipif(
    sys.version_info < (3, 11), reason="the stub's docs are those of Python 3.11+"
)


@needs_311
def test_the_stub_has_the_runtime_docstrings() -> None:
    text = stub_docs.STUB.read_text(encoding="utf-8")
    regenerated = stub_docs.render(text, native)
    assert regenerated == text, (
        "the stub's docstrings differ from the Rust doc comments; run "
        "`python tools/stub_docs.py` after `maturin develop`:\n"
        + stub_docs.diff(text, regenerated, "reversi/_reversi.pyi")
    )


@needs_311
def test_check_mode_exits_non_zero_on_a_stale_stub(tmp_path: Path) -> None:
    ok = subprocess.run(
        [sys.executable, str(TOOL), "--check"], capture_output=True, text=True
    )
    assert ok.returncode == 0, ok.stdout + ok.stderr
    # A docstring edited by hand is a difference, which the rewrite undoes.
    text = stub_docs.STUB.read_text(encoding="utf-8")
    doc = '"""The number of players, 2 to 4."""'
    assert text.count(doc) == 1
    stale = tmp_path / "_reversi.pyi"
    stale.write_text(text.replace(doc, '"""The players."""'), encoding="utf-8")
    check = subprocess.run(
        [sys.executable, str(TOOL), "--check", "--stub", str(stale)],
        capture_output=True,
        text=True,
    )
    assert check.returncode == 1
    assert '-        """The players."""' in check.stdout
    assert '+        """The number of players, 2 to 4."""' in check.stdout
    assert stub_docs.render(stale.read_text(encoding="utf-8"), native) == text


def test_rewriting_keeps_the_rest_and_is_stable() -> None:
    class Runtime:
        """A class.

        Its second paragraph, with a ``"quote"`` and a back\\slash."""

        def method(self) -> int:
            """One line."""
            return 0

        @property
        def prop(self) -> int:
            """A property ending in a quote: ``"x"``"""
            return 0

        def undocumented(self) -> None:
            pass

    def function() -> None:
        """A function."""

    module = ModuleType("runtime")
    module.Runtime = Runtime  # type: ignore[attr-defined]
    module.function = function  # type: ignore[attr-defined]
    stub = (
        "class Runtime:\n"
        "    # members\n"
        "    def __new__(cls) -> Runtime: ...\n"
        "    def method(self) -> int: ...  # a comment\n"
        "    @property\n"
        "    def prop(self) -> int: ...\n"
        '    def undocumented(self) -> None:\n        """Stale."""\n'
        "\n"
        "def function(\n    x: int = 0,\n) -> None: ...\n"
    )
    once = stub_docs.render(stub, module)
    assert stub_docs.render(once, module) == once
    tree = ast.parse(once)
    docs = {
        node.name: ast.get_docstring(node)
        for node in ast.walk(tree)
        if isinstance(node, (ast.ClassDef, ast.FunctionDef))
    }
    assert docs == {
        "Runtime": inspect.getdoc(Runtime),
        "__new__": None,
        "method": "One line.",
        "prop": 'A property ending in a quote: ``"x"``',
        "undocumented": None,
        "function": "A function.",
    }
    assert "    # members\n" in once
    assert "    def method(self) -> int:  # a comment\n" in once
    assert "    def undocumented(self) -> None: ...\n" in once
    assert "def function(\n    x: int = 0,\n) -> None:\n" in once


def test_every_public_name_has_a_doc() -> None:
    tree = ast.parse(stub_docs.STUB.read_text(encoding="utf-8"))
    missing = []
    for node in tree.body:
        if not isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            continue
        obj = getattr(native, node.name)
        if not node.name.startswith("_") and not stub_docs.runtime_doc(obj):
            missing.append(node.name)
        if isinstance(node, ast.ClassDef):
            for member in node.body:
                if isinstance(member, ast.FunctionDef) and not member.name.startswith("_"):
                    if not stub_docs.runtime_doc(getattr(obj, member.name)):
                        missing.append(f"{node.name}.{member.name}")
    assert missing == []
