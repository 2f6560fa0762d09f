"""Turns formula text into tokens, each with its 0-based position."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .errors import FormulaError


class Kind(Enum):
    NUMBER = "number"
    STRING = "string"
    FIELD = "field"
    NAME = "name"
    OP = "operator"
    LPAREN = "("
    RPAREN = ")"
    COMMA = ","
    END = "end"


@dataclass(frozen=True)
class Token:
    kind: Kind
    value: str | int | float
    pos: int


OPERATORS = ("<=", ">=", "==", "!=", "+", "-", "*", "/", "&", "<", ">", "=")
PUNCTUATION = {"(": Kind.LPAREN, ")": Kind.RPAREN, ",": Kind.COMMA}
ESCAPES = {"n": "\n", "t": "\t", "r": "\r"}
MAX_INTEGER = 2**63 - 1  # a BIGINT; larger integers are read as reals


def tokenize(text: str) -> list[Token]:
    """Tokens of ``text``, ending with one ``END`` token at its length."""
    tokens: list[Token] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch.isspace():
            i += 1
        elif ch in PUNCTUATION:
            tokens.append(Token(PUNCTUATION[ch], ch, i))
            i += 1
        elif ch.isdigit() or (ch == "." and text[i + 1 : i + 2].isdigit()):
            i = _number(text, i, tokens)
        elif ch in "\"'":
            i = _quoted(text, i, ch, Kind.STRING, tokens)
        elif ch == "{":
            i = _quoted(text, i, "}", Kind.FIELD, tokens)
        elif ch.isalpha() or ch == "_":
            start = i
            while i < len(text) and (text[i].isalnum() or text[i] == "_"):
                i += 1
            tokens.append(Token(Kind.NAME, text[start:i], start))
        else:
            op = next((op for op in OPERATORS if text.startswith(op, i)), None)
            if op is None:
                raise FormulaError(f"Unexpected character {ch!r}", i)
            tokens.append(Token(Kind.OP, op, i))
            i += len(op)
    tokens.append(Token(Kind.END, "", len(text)))
    return tokens


def _number(text: str, start: int, tokens: list[Token]) -> int:
    i = start
    while i < len(text) and text[i].isdigit():
        i += 1
    is_float = False
    if i < len(text) and text[i] == ".":
        is_float = True
        i += 1
        while i < len(text) and text[i].isdigit():
            i += 1
    if i < len(text) and text[i] in "eE":
        j = i + 1
        if j < len(text) and text[j] in "+-":
            j += 1
        if j < len(text) and text[j].isdigit():
            is_float = True
            i = j
            while i < len(text) and text[i].isdigit():
                i += 1
    if i < len(text) and (text[i].isalpha() or text[i] == "_"):
        raise FormulaError(f"Unexpected character {text[i]!r} after a number", i)
    literal = text[start:i]
    value = float(literal) if is_float else int(literal)
    if isinstance(value, int) and value > MAX_INTEGER:
        value = float(value)
    tokens.append(Token(Kind.NUMBER, value, start))
    return i


def _quoted(text: str, start: int, close: str, kind: Kind, tokens: list[Token]) -> int:
    """A string literal (closed by its opening quote) or a ``{field}`` (closed by ``}``)."""
    chars = []
    i = start + 1
    while i < len(text) and text[i] != close:
        if text[i] == "\\" and i + 1 < len(text):
            i += 1
            chars.append(ESCAPES.get(text[i], text[i]) if kind is Kind.STRING else text[i])
        else:
            chars.append(text[i])
        i += 1
    if i >= len(text):
        what = "string" if kind is Kind.STRING else "field reference"
        raise FormulaError(f"Unterminated {what}: expected {close!r}", start)
    value = "".join(chars)
    if kind is Kind.FIELD:
        value = value.strip()
        if not value:
            raise FormulaError("Empty field reference {}", start)
    tokens.append(Token(kind, value, start))
    return i + 1
