"""A recursive-descent (Pratt) parser from formula text to a plain-data tree.

The tree is JSON-serialisable dicts, one per node, each with ``kind`` and ``pos`` (the
0-based offset of the node in the text):

- ``{"kind": "number", "value": 3.5}`` and ``{"kind": "string", "value": "abc"}``
- ``{"kind": "field", "id": "cl_..."}``: a ``{Field}``, stored by column id
- ``{"kind": "call", "name": "CONCAT", "args": [...]}`` (``"bare": true`` when written
  without parentheses, as in ``TRUE`` or ``NOW``)
- ``{"kind": "binary", "op": "+", "left": ..., "right": ...}``
- ``{"kind": "unary", "op": "-", "arg": ...}``

Precedence, loosest first: comparisons (``= == != < > <= >=``), ``&``, ``+ -``, ``* /``,
unary minus.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from .errors import FormulaError
from .limits import MAX_FORMULA_LENGTH
from .tokens import Kind, Token, tokenize

EQUALITY = frozenset({"=", "=="})
COMPARISONS = frozenset({"=", "==", "!=", "<", ">", "<=", ">="})
BINDING_POWER = dict.fromkeys(COMPARISONS, 10) | {"&": 20, "+": 30, "-": 30, "*": 40, "/": 40}
UNARY_POWER = 50
#: how deeply a formula may nest (parentheses, calls, chains of operators)
MAX_DEPTH = 100

TitleLookup = Callable[[str], str | None] | Mapping[str, str]


def parse(text: str, field_id: TitleLookup) -> dict:
    """Parse ``text``; ``field_id`` maps a field title to its column id (a mapping or a
    callable returning None for an unknown title)."""
    lookup = field_id.get if isinstance(field_id, Mapping) else field_id
    if not text or not text.strip():
        raise FormulaError("The formula is empty", 0)
    if len(text) > MAX_FORMULA_LENGTH:
        raise FormulaError(f"The formula is too long (more than {MAX_FORMULA_LENGTH} characters)", MAX_FORMULA_LENGTH)
    parser = _Parser(tokenize(text), lookup)
    tree = parser.expression(0)
    parser.expect(Kind.END)
    _check_depth(tree)
    return tree


def _check_depth(tree: dict) -> None:
    """Refuse trees deeper than ``MAX_DEPTH`` (a long chain like 1+1+...+1 is deep too),
    so that checking and compiling never run out of stack."""
    stack = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise FormulaError(f"The formula is nested too deeply (more than {MAX_DEPTH} levels)", node["pos"])
        stack.extend((child, depth + 1) for child in children(node))


def children(node: dict) -> list[dict]:
    """The nodes directly under ``node``, left to right."""
    return node.get("args") or [node[key] for key in ("left", "right", "arg") if key in node]


class _Parser:
    def __init__(self, tokens: list[Token], lookup: Callable[[str], str | None]):
        self.tokens = tokens
        self.index = 0
        self.lookup = lookup
        self.depth = 0

    @property
    def current(self) -> Token:
        return self.tokens[self.index]

    def advance(self) -> Token:
        token = self.tokens[self.index]
        self.index += 1
        return token

    def expect(self, kind: Kind) -> Token:
        token = self.current
        if token.kind is not kind:
            if kind is Kind.END:
                raise FormulaError(f"Unexpected {_describe(token)}", token.pos)
            raise FormulaError(f"Expected '{kind.value}'", token.pos)
        return self.advance()

    def expression(self, min_power: int) -> dict:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise FormulaError(f"The formula is nested too deeply (more than {MAX_DEPTH} levels)", self.current.pos)
        left = self.prefix()
        while self.current.kind is Kind.OP and BINDING_POWER[self.current.value] > min_power:
            op = self.advance()
            right = self.expression(BINDING_POWER[op.value])
            left = {"kind": "binary", "op": op.value, "left": left, "right": right, "pos": op.pos}
        self.depth -= 1
        return left

    def prefix(self) -> dict:
        token = self.advance()
        if token.kind is Kind.NUMBER:
            return {"kind": "number", "value": token.value, "pos": token.pos}
        if token.kind is Kind.STRING:
            return {"kind": "string", "value": token.value, "pos": token.pos}
        if token.kind is Kind.FIELD:
            column_id = self.lookup(token.value)
            if column_id is None:
                raise FormulaError(f"Field '{token.value}' not found", token.pos)
            return {"kind": "field", "id": column_id, "pos": token.pos}
        if token.kind is Kind.NAME:
            return self.call(token)
        if token.kind is Kind.LPAREN:
            inner = self.expression(0)
            self.expect(Kind.RPAREN)
            return inner
        if token.kind is Kind.OP and token.value in ("-", "+"):
            operand = self.expression(UNARY_POWER)
            if token.value == "+":
                return operand
            return {"kind": "unary", "op": "-", "arg": operand, "pos": token.pos}
        if token.kind is Kind.END:
            raise FormulaError("Unexpected end of formula", token.pos)
        raise FormulaError(f"Unexpected {_describe(token)}", token.pos)

    def call(self, name: Token) -> dict:
        node = {"kind": "call", "name": str(name.value).upper(), "args": [], "pos": name.pos}
        if self.current.kind is not Kind.LPAREN:
            node["bare"] = True
            return node
        self.advance()
        if self.current.kind is not Kind.RPAREN:
            node["args"].append(self.expression(0))
            while self.current.kind is Kind.COMMA:
                self.advance()
                node["args"].append(self.expression(0))
        if self.current.kind is not Kind.RPAREN:
            expected = "')'" if self.current.kind is Kind.END else "',' or ')'"
            raise FormulaError(f"Expected {expected}", self.current.pos)
        self.advance()
        return node


def _describe(token: Token) -> str:
    if token.kind is Kind.END:
        return "end of formula"
    if token.kind in (Kind.OP, Kind.LPAREN, Kind.RPAREN, Kind.COMMA):
        return f"'{token.value}'"
    if token.kind is Kind.STRING:
        return "string"
    if token.kind is Kind.FIELD:
        return f"field {{{token.value}}}"
    return f"{token.kind.value} {token.value}"
