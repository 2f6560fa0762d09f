"""The formula language: parse text to a tree, type check it, compile it to SQL.

The engine is independent of where columns live. Callers give it:

- to ``parse``: field title → column id (the tree stores ids, so it survives renames);
- to ``check``: column id → ``DataType``, and the function table (the app's
  ``registry["formula_functions"]``, or any name → class mapping);
- to ``compile_formula``: a ``Resolver`` (column id → ``Resolved(expression, type)``,
  and the record id) and a dialect name;
- to ``render``: column id → current title, to show the formula text.

Every mistake is a ``FormulaError`` with the position it is at. On SQLite, connections
need ``sqlite_functions`` installed.
"""

from .checker import check
from .compiler import compile_formula
from .context import Resolved, Resolver, SqlContext, Value
from .cycles import check_cycles, find_cycle, references, walk
from .errors import FormulaError
from .functions import FormulaFunction, dialect_family, literal_text
from .parser import parse
from .render import render
from .sqlite import sqlite_functions
from .types import DataType

__all__ = [
    "DataType",
    "FormulaError",
    "FormulaFunction",
    "Resolved",
    "Resolver",
    "SqlContext",
    "Value",
    "check",
    "check_cycles",
    "compile_formula",
    "dialect_family",
    "find_cycle",
    "literal_text",
    "parse",
    "references",
    "render",
    "sqlite_functions",
    "walk",
]
