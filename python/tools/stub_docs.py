"""Copies the docstrings of the native module into its type stub.

The Rust doc comments of python/src/*.rs are the one source of the docs: PyO3
makes them the runtime ``__doc__`` of ``reversi._reversi``'s classes, methods,
properties and functions. This script gives every class, function, method and
property that python/reversi/_reversi.pyi defines exactly ``inspect.getdoc`` of
the runtime object as its docstring (none when that object has no doc; a
property's is its getter's; ``__new__`` is left alone), so that editors that
read the stub show the docs too. Everything else in the stub (signatures,
decorators, comments, blank lines) stays as written.

After changing a Rust doc comment, rebuild the extension (``maturin develop``)
and run::

    python tools/stub_docs.py            # rewrites the stub
    python tools/stub_docs.py --check    # exits 1, printing the diff, if stale

tests/test_stub_docs.py runs the check.
"""

from __future__ import annotations

import argparse
import ast
import difflib
import importlib
import inspect
import io
import sys
import tokenize
from pathlib import Path
from types import ModuleType
from typing import List, Optional, Sequence, Tuple, Union

STUB = Path(__file__).resolve().parents[1] / "reversi" / "_reversi.pyi"
MODULE = "reversi._reversi"

_Def = Union[ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef]
# An edit of the source: (start, end, replacement), as character offsets.
_Edit = Tuple[int, int, str]


def runtime_doc(obj: object) -> Optional[str]:
    """``inspect.getdoc(obj)``, None when empty."""
    doc = inspect.getdoc(obj)
    return doc or None


def _literal(doc: str, indent: str) -> str:
    """A string literal, as a docstring at ``indent``, whose cleaned value
    (``inspect.cleandoc``, as ``ast.get_docstring`` gives it) is ``doc``."""
    text = doc.replace("\\", "\\\\").replace('"""', '\\"""')
    lines = text.split("\n")
    if len(lines) == 1:
        if text.endswith('"'):
            text = text[:-1] + '\\"'
        literal = '"""' + text + '"""'
    else:
        body = [lines[0]] + [indent + line if line.strip() else "" for line in lines[1:]]
        literal = '"""' + "\n".join(body) + "\n" + indent + '"""'
    value = ast.literal_eval(literal)
    if not isinstance(value, str) or inspect.cleandoc(value) != doc:
        raise ValueError(f"cannot write this doc as a docstring: {doc!r}")
    return literal


class _Source:
    """The stub's text, with the conversions between ``ast``'s positions (lines
    from 1, UTF-8 byte columns) and character offsets."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.lines = text.splitlines(keepends=True)
        self.starts = [0]
        for line in self.lines:
            self.starts.append(self.starts[-1] + len(line))
        self.tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))

    def offset(self, lineno: int, byte_col: int) -> int:
        line = self.lines[lineno - 1]
        col = len(line.encode("utf-8")[:byte_col].decode("utf-8"))
        return self.starts[lineno - 1] + col

    def line_start(self, lineno: int) -> int:
        return self.starts[lineno - 1]

    def line_end(self, lineno: int) -> int:
        """The offset of the end of line ``lineno``, before its newline."""
        return self.starts[lineno - 1] + len(self.lines[lineno - 1].rstrip("\r\n"))

    def header_colon(self, node: _Def) -> Tuple[int, int]:
        """The (line, character column) of the colon that ends ``node``'s header."""
        depth = 0
        started = False
        for tok in self.tokens:
            if tok.start < (node.lineno, 0):
                continue
            if not started:
                started = tok.type == tokenize.NAME and tok.string in ("def", "class")
                continue
            if tok.type != tokenize.OP:
                continue
            if tok.string in "([{":
                depth += 1
            elif tok.string in ")]}":
                depth -= 1
            elif tok.string == ":" and depth == 0:
                return tok.start
        raise ValueError(f"no header colon for {node.name} (line {node.lineno})")

    def rest_of_line(self, offset: int) -> str:
        """The text from ``offset`` to the end of its line (newline excluded)."""
        end = self.text.find("\n", offset)
        return self.text[offset : len(self.text) if end < 0 else end].rstrip("\r")


def _is_ellipsis(stmt: ast.stmt) -> bool:
    return (
        isinstance(stmt, ast.Expr)
        and isinstance(stmt.value, ast.Constant)
        and stmt.value.value is Ellipsis
    )


def _docstring_stmt(node: _Def) -> Optional[ast.Expr]:
    first = node.body[0]
    if (
        isinstance(first, ast.Expr)
        and isinstance(first.value, ast.Constant)
        and isinstance(first.value.value, str)
    ):
        return first
    return None


def _span(src: _Source, stmt: ast.stmt) -> Tuple[int, int]:
    assert stmt.end_lineno is not None and stmt.end_col_offset is not None
    return (
        src.offset(stmt.lineno, stmt.col_offset),
        src.offset(stmt.end_lineno, stmt.end_col_offset),
    )


def _first_line(stmt: ast.stmt) -> int:
    """The first line of a statement, its decorators included."""
    decorators: List[ast.expr] = getattr(stmt, "decorator_list", [])
    return min([stmt.lineno] + [d.lineno for d in decorators])


def _edit(src: _Source, node: _Def, doc: Optional[str]) -> Optional[_Edit]:
    """The edit that makes ``doc`` the docstring of ``node`` (or removes its
    docstring when ``doc`` is None), None when there is nothing to change."""
    colon_line, colon_col = src.header_colon(node)
    after_colon = src.line_start(colon_line) + colon_col + 1
    current = _docstring_stmt(node)
    inline = node.body[0].lineno == colon_line  # the body starts on the header's line
    indent = " " * (node.col_offset + 4) if inline else " " * node.body[0].col_offset

    if current is not None:
        start, end = _span(src, current)
        if doc is not None:
            literal = _literal(doc, indent)
            return None if src.text[start:end] == literal else (start, end, literal)
        if len(node.body) > 1 or inline:
            if inline:  # `def f(): """doc"""`
                return (start, end, "...")
            # The docstring's lines go, the rest of the body stays.
            assert current.end_lineno is not None
            return (src.line_start(current.lineno), src.line_start(current.end_lineno + 1), "")
        # The docstring is the whole body, on lines of its own: back to `: ...`.
        assert current.end_lineno is not None
        comment = src.rest_of_line(after_colon)
        return (
            after_colon,
            src.line_end(current.end_lineno),
            " ..." + comment,
        )

    if doc is None:
        return None
    literal = _literal(doc, indent)
    body = node.body
    if inline:
        if len(body) != 1 or not _is_ellipsis(body[0]):
            raise ValueError(
                f"{node.name} (line {node.lineno}): a body on the header's line "
                "that is not `...`; put it on lines of its own"
            )
        # `def f(...) -> T: ...  # comment` becomes the def, its comment, and
        # the docstring as the body.
        _, end = _span(src, body[0])
        comment = src.rest_of_line(end)
        return (after_colon, src.line_end(colon_line), comment + "\n" + indent + literal)
    if len(body) == 1 and _is_ellipsis(body[0]):
        start, end = _span(src, body[0])
        return (start, end, literal)
    # A body of its own lines: the docstring first, right under the header (and
    # in a class, a blank line before members that follow the header at once).
    at = src.line_start(colon_line + 1)
    next_is_member = _first_line(body[0]) == colon_line + 1
    blank = "\n" if isinstance(node, ast.ClassDef) and next_is_member else ""
    return (at, at, indent + literal + "\n" + blank)


def _targets(
    tree: ast.Module, module: ModuleType
) -> List[Tuple[_Def, Optional[str]]]:
    """Each class, function, method and property of the stub, with the doc it
    should have."""
    found: List[Tuple[_Def, Optional[str]]] = []
    for node in tree.body:
        if not isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        if not hasattr(module, node.name):
            raise LookupError(f"{module.__name__} has no {node.name} (stub line {node.lineno})")
        obj = getattr(module, node.name)
        found.append((node, runtime_doc(obj)))
        if not isinstance(node, ast.ClassDef):
            continue
        for member in node.body:
            if not isinstance(member, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            if member.name == "__new__" or _is_setter(member):
                continue
            if not hasattr(obj, member.name):
                raise LookupError(
                    f"{module.__name__}.{node.name} has no {member.name} "
                    f"(stub line {member.lineno})"
                )
            found.append((member, runtime_doc(getattr(obj, member.name))))
    return found


def _is_setter(node: Union[ast.FunctionDef, ast.AsyncFunctionDef]) -> bool:
    """Whether ``node`` is a property's setter or deleter (``@x.setter``)."""
    return any(
        isinstance(d, ast.Attribute) and d.attr in ("setter", "deleter")
        for d in node.decorator_list
    )


def render(text: str, module: ModuleType) -> str:
    """The stub ``text`` with the docstrings of ``module``'s objects."""
    src = _Source(text)
    edits = [
        edit
        for node, doc in _targets(ast.parse(text), module)
        if (edit := _edit(src, node, doc)) is not None
    ]
    out = text
    for start, end, replacement in sorted(edits, reverse=True):
        out = out[:start] + replacement + out[end:]
    return out


def diff(old: str, new: str, name: str) -> str:
    return "".join(
        difflib.unified_diff(
            old.splitlines(keepends=True),
            new.splitlines(keepends=True),
            f"{name} (as written)",
            f"{name} (with the runtime docs)",
        )
    )


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(
        description="Copies the docstrings of reversi._reversi into its type stub."
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="write nothing; exit 1 and print the diff if the stub's docstrings differ",
    )
    parser.add_argument("--stub", type=Path, default=STUB, help=f"default: {STUB}")
    args = parser.parse_args(argv)
    stub: Path = args.stub
    module = importlib.import_module(MODULE)
    old = stub.read_text(encoding="utf-8")
    new = render(old, module)
    if new == old:
        return 0
    if args.check:
        print(diff(old, new, str(stub)), end="")
        print(
            f"\n{stub}: its docstrings differ from {MODULE}'s (the Rust doc comments); "
            f"rebuild the extension and run {Path(__file__).name} to regenerate them",
            file=sys.stderr,
        )
        return 1
    ast.parse(new)  # never write a stub that does not parse
    stub.write_text(new, encoding="utf-8")
    print(f"{stub}: docstrings updated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
