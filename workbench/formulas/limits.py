"""How large a formula may be, and how large its values may grow (see docs/formulas.md).

- A formula's text has at most ``MAX_FORMULA_LENGTH`` characters and nests at most
  ``parser.MAX_DEPTH`` levels.
- Its SQL, with the formulas it reads expanded in place, has at most ``MAX_SQL_NODES``
  expression nodes and nests at most ``MAX_SQL_DEPTH`` levels: deeper SQL could not be
  compiled without running out of stack, larger SQL would cost more to build and run than
  any formula needs. An expression written once and used twice in the SQL (a value that is
  tested, then returned) counts twice.
- A text a function makes longer (REPEAT, REPLACE, REGEX_REPLACE, URLENCODE) is at most
  ``MAX_TEXT_LENGTH`` characters, and the database is never asked for a text much longer
  than that first. Joins (CONCAT, ``&``, URL) are cut there too when they join such a text,
  or more than ``MAX_STORED_PARTS`` stored values (a join of a few fields is as long as they
  are, and costs no cut).
"""

from __future__ import annotations

import sqlalchemy as sa

from .errors import FormulaError

MAX_FORMULA_LENGTH = 10_000
MAX_TEXT_LENGTH = 100_000
#: a join of texts is cut to MAX_TEXT_LENGTH when it joins more stored values than this
#: (counting repeats), or any text a function made longer
MAX_STORED_PARTS = 16
#: a function may build up to this many characters before cutting them to MAX_TEXT_LENGTH
MAX_TEXT_WORK = 10 * MAX_TEXT_LENGTH
MAX_SQL_NODES = 20_000
MAX_SQL_DEPTH = 150


class SqlSize:
    """The size and depth of SQL expressions, counted as the SQL text repeats them.

    Expressions share parts (SQLAlchemy elements), so each part is measured once and
    remembered; an element with a ``copies`` attribute repeats its children that many
    times in its SQL."""

    def __init__(self):
        self._known: dict[int, tuple[int, int]] = {}
        self._keep: list = []  # the measured elements stay alive, so their ids stay theirs

    def measure(self, expr) -> tuple[int, int]:
        """``(nodes, depth)`` of ``expr``, walked without recursion."""
        known = self._known
        stack = [(expr, False)]
        while stack:
            element, children_done = stack.pop()
            key = id(element)
            if key in known:
                continue
            children = list(element.get_children()) if hasattr(element, "get_children") else []
            if not children_done:
                stack.append((element, True))
                stack.extend((child, False) for child in children if id(child) not in known)
                continue
            copies = getattr(element, "copies", 1)
            sizes = [known[id(child)] for child in children]
            nodes = 1 + copies * sum(size for size, _depth in sizes)
            depth = 1 + max((d for _size, d in sizes), default=0)
            known[key] = (nodes, depth)
            self._keep.append(element)
        return known[id(expr)]

    def check(self, expr, position: int | None) -> None:
        """Raise ``FormulaError`` at ``position`` if ``expr`` is past the limits."""
        if isinstance(expr, (int, float, str)) or expr is None:
            return
        nodes, depth = self.measure(expr)
        if depth > MAX_SQL_DEPTH:
            raise FormulaError(
                f"The formula is nested too deeply to compute (more than {MAX_SQL_DEPTH} levels of SQL, "
                "counting the formulas it uses)",
                position,
            )
        if nodes > MAX_SQL_NODES:
            raise FormulaError(
                f"The formula is too large to compute (more than {MAX_SQL_NODES} parts of SQL, "
                "counting the formulas it uses)",
                position,
            )


def literal_int(number: int) -> sa.ColumnElement:
    """A constant integer written in the SQL (not a parameter)."""
    return sa.literal_column(str(int(number)), sa.Integer)
