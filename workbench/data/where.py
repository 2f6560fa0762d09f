"""The ``where`` query syntax: ``(Field,op,value)`` conditions joined with ``~and``, ``~or``,
``~not`` (also ``~andnot`` / ``~ornot``) and nested in parentheses::

    (Status,eq,done)~or((Qty,gt,200)~and(Qty,lt,2000))
    ~not(Name,like,draft)
    ("My, field",like,"a, b")          (double quotes protect commas and parentheses)

``parse`` turns the text into a tree of ``Condition`` and ``Group`` nodes; ``~and`` binds
tighter than ``~or``, as in SQL. Errors are ``BadRequest`` naming the position.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from workbench.errors import BadRequest

CONNECTORS = {
    "and": ("and", False),
    "or": ("or", False),
    "not": ("and", True),
    "andnot": ("and", True),
    "ornot": ("or", True),
}


@dataclass
class Condition:
    field: str
    op: str
    args: list[str] = field(default_factory=list)


@dataclass
class Group:
    """``items`` are ``(logic, negate, node)``; the first item's logic is ignored."""

    items: list[tuple[str, bool, Condition | Group]] = field(default_factory=list)


class _Parser:
    def __init__(self, text: str):
        self.text = text
        self.pos = 0

    def error(self, message: str) -> BadRequest:
        return BadRequest(f"Invalid where clause at character {self.pos + 1}: {message}")

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def skip_spaces(self) -> None:
        while self.peek().isspace():
            self.pos += 1

    def parse(self) -> Group:
        group = self.sequence()
        self.skip_spaces()
        if self.pos != len(self.text):
            raise self.error("unexpected text")
        return group

    def sequence(self) -> Group:
        group = Group()
        logic, negate = "and", False
        self.skip_spaces()
        if self.peek() == "~":
            logic, negate = self.connector()
        group.items.append((logic, negate, self.term()))
        while True:
            self.skip_spaces()
            if self.peek() != "~":
                return group
            logic, negate = self.connector()
            group.items.append((logic, negate, self.term()))

    def connector(self) -> tuple[str, bool]:
        self.pos += 1
        start = self.pos
        while self.peek().isalpha():
            self.pos += 1
        word = self.text[start : self.pos].lower()
        if word not in CONNECTORS:
            raise self.error(f"unknown connector '~{word}'")
        return CONNECTORS[word]

    def term(self) -> Condition | Group:
        self.skip_spaces()
        if self.peek() != "(":
            raise self.error("expected '('")
        self.pos += 1
        self.skip_spaces()
        if self.peek() in ("(", "~"):
            node = self.sequence()
            self.skip_spaces()
            if self.peek() != ")":
                raise self.error("expected ')'")
            self.pos += 1
            return node
        return self.condition()

    def condition(self) -> Condition:
        parts: list[str] = []
        current: list[str] = []
        depth = 0
        while True:
            char = self.peek()
            if char == "":
                raise self.error("unclosed condition")
            if char == '"' and not "".join(current).strip():
                current = [self.quoted()]
                continue
            self.pos += 1
            if char == "(":
                depth += 1
            elif char == ")":
                if depth == 0:
                    break
                depth -= 1
            elif char == "," and depth == 0:
                parts.append("".join(current))
                current = []
                continue
            current.append(char)
        parts.append("".join(current))
        if len(parts) < 2:
            raise self.error("a condition needs a field and an operator")
        name, op, *args = parts
        return Condition(name.strip(), op.strip(), [a.strip() for a in args])

    def quoted(self) -> str:
        self.pos += 1
        out = []
        while True:
            char = self.peek()
            if char == "":
                raise self.error("unclosed quote")
            self.pos += 1
            if char == "\\" and self.peek():
                out.append(self.peek())
                self.pos += 1
            elif char == '"':
                self.skip_spaces()
                return "".join(out)
            else:
                out.append(char)


def parse(text: str) -> Group | None:
    """The tree of a ``where`` text (None when blank). A leading ``@`` is ignored."""
    text = (text or "").strip()
    if text.startswith("@"):
        text = text[1:].strip()
    if not text:
        return None
    return _Parser(text).parse()
