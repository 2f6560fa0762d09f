"""A small Well-Known Text reader: checks a geometry and writes it back in one canonical form.

Supported: POINT, LINESTRING, POLYGON, MULTIPOINT, MULTILINESTRING, MULTIPOLYGON and
GEOMETRYCOLLECTION, each possibly EMPTY, with Z, M or ZM coordinates, and PostGIS's
``SRID=<n>;`` prefix. Errors say what was expected, what was found and where (a 1-based
character position), e.g. ``expected ')' at position 14, found ','``. The canonical form
upper-cases keywords and writes ``POINT (1 2)``, ``LINESTRING (0 0, 1 1)``.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

MAX_LENGTH = 1_000_000
MAX_DEPTH = 8
TYPES = ("POINT", "LINESTRING", "POLYGON", "MULTIPOINT", "MULTILINESTRING", "MULTIPOLYGON", "GEOMETRYCOLLECTION")
_DIMENSIONS = {"Z": 3, "M": 3, "ZM": 4}
_TOKEN = re.compile(
    r"\s*(?:(?P<num>[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)|(?P<word>[A-Za-z]+)|(?P<punct>[(),])|(?P<bad>\S))"
)
_SRID = re.compile(r"^\s*SRID=(\d{1,9});", re.IGNORECASE)


class WKTError(ValueError):
    """The text is not valid WKT; the message says where and why."""


@dataclass
class _Token:
    kind: str  # num, word, punct, end
    text: str
    pos: int  # 1-based


def _tokens(text: str, offset: int) -> list[_Token]:
    tokens = []
    for match in _TOKEN.finditer(text):
        kind = match.lastgroup
        pos = match.start(kind) + 1 + offset
        if kind == "bad":
            raise WKTError(f"unexpected character {match.group(kind)!r} at position {pos}")
        tokens.append(_Token(kind, match.group(kind), pos))
    tokens.append(_Token("end", "end of text", len(text) + 1 + offset))
    return tokens


def _number(text: str) -> str:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(text)
    if value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    return repr(value)


class _Reader:
    def __init__(self, tokens: list[_Token]):
        self.tokens = tokens
        self.i = 0
        self.width: int | None = None  # numbers per coordinate, fixed by the first one

    @property
    def peek(self) -> _Token:
        return self.tokens[self.i]

    def take(self) -> _Token:
        token = self.tokens[self.i]
        self.i += 1
        return token

    def fail(self, expected: str) -> WKTError:
        token = self.peek
        found = token.text if token.kind == "end" else repr(token.text)
        return WKTError(f"expected {expected} at position {token.pos}, found {found}")

    def expect(self, punct: str) -> None:
        if self.peek.kind != "punct" or self.peek.text != punct:
            raise self.fail(repr(punct))
        self.take()

    def word(self, *choices: str) -> str | None:
        token = self.peek
        if token.kind == "word" and token.text.upper() in choices:
            self.take()
            return token.text.upper()
        return None

    def listed(self, item) -> list[str]:
        """``( item, item, ... )``"""
        self.expect("(")
        items = [item()]
        while self.peek.text == ",":
            self.take()
            items.append(item())
        self.expect(")")
        return items

    # -- grammar ---------------------------------------------------------------
    def geometry(self, depth: int = 0) -> str:
        if depth > MAX_DEPTH:
            raise WKTError(f"geometry collections nested deeper than {MAX_DEPTH} levels")
        token = self.peek
        kind = self.word(*TYPES)
        if kind is None:
            raise self.fail("a geometry type (" + ", ".join(TYPES) + ")")
        flag = self.word(*_DIMENSIONS)
        if flag:
            width = _DIMENSIONS[flag]
            if self.width not in (None, width):
                raise WKTError(f"{kind} {flag} at position {token.pos} mixes dimensions with earlier coordinates")
            self.width = width
        head = f"{kind} {flag}" if flag else kind
        if self.word("EMPTY"):
            return f"{head} EMPTY"
        body = getattr(self, "_" + kind.lower())(depth)
        return f"{head} {body}"

    def coordinate(self) -> str:
        start = self.peek
        numbers = []
        while self.peek.kind == "num":
            token = self.take()
            try:
                numbers.append(_number(token.text))
            except (ValueError, OverflowError):
                raise WKTError(f"number out of range at position {token.pos}") from None
        if not numbers:
            raise self.fail("a coordinate")
        if not 2 <= len(numbers) <= 4:
            raise WKTError(f"a coordinate has 2 to 4 numbers, found {len(numbers)} at position {start.pos}")
        if self.width is None:
            self.width = len(numbers)
        elif len(numbers) != self.width:
            raise WKTError(
                f"coordinate at position {start.pos} has {len(numbers)} numbers, earlier ones have {self.width}"
            )
        return " ".join(numbers)

    def points(self, minimum: int, what: str) -> tuple[str, list[str]]:
        start = self.peek
        coords = self.listed(self.coordinate)
        if len(coords) < minimum:
            raise WKTError(f"a {what} needs at least {minimum} points, found {len(coords)} at position {start.pos}")
        return "(" + ", ".join(coords) + ")", coords

    def ring(self) -> str:
        start = self.peek
        text, coords = self.points(4, "polygon ring")
        if coords[0] != coords[-1]:
            raise WKTError(f"polygon ring at position {start.pos} is not closed (first and last points differ)")
        return text

    def _point(self, _depth) -> str:
        self.expect("(")
        coord = self.coordinate()
        self.expect(")")
        return f"({coord})"

    def _linestring(self, _depth) -> str:
        return self.points(2, "linestring")[0]

    def _polygon(self, _depth) -> str:
        return "(" + ", ".join(self.listed(self.ring)) + ")"

    def _multipoint(self, depth) -> str:
        def member():
            if self.peek.text == "(":
                return self._point(depth)
            return f"({self.coordinate()})"

        return "(" + ", ".join(self.listed(member)) + ")"

    def _multilinestring(self, depth) -> str:
        return "(" + ", ".join(self.listed(lambda: self._linestring(depth))) + ")"

    def _multipolygon(self, depth) -> str:
        return "(" + ", ".join(self.listed(lambda: self._polygon(depth))) + ")"

    def _geometrycollection(self, depth) -> str:
        def member():
            saved, self.width = self.width, None  # members may differ in dimension
            try:
                return self.geometry(depth + 1)
            finally:
                self.width = saved

        return "(" + ", ".join(self.listed(member)) + ")"


def normalise(text: str) -> str:
    """The canonical WKT of ``text``; ``WKTError`` explains what is wrong."""
    if len(text) > MAX_LENGTH:
        raise WKTError(f"geometry text longer than {MAX_LENGTH} characters")
    prefix = ""
    match = _SRID.match(text)
    if match:
        prefix = f"SRID={int(match.group(1))};"
        text, offset = text[match.end() :], match.end()
    else:
        offset = 0
    reader = _Reader(_tokens(text, offset))
    result = reader.geometry()
    if reader.peek.kind != "end":
        raise reader.fail("end of text")
    return prefix + result


def geometry_type(text: str) -> str:
    """The type keyword of canonical WKT (``POINT``, ``MULTIPOLYGON``, ...)."""
    return text.split(";", 1)[-1].split(" ", 1)[0]
