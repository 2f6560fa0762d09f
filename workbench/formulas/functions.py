"""The base class of formula functions, which plugins contribute.

A function is a small class: its ``name``, how many arguments it takes and of which
types, its return type, the dialects it supports, and how it compiles to SQL. The
engine never instantiates it; every method is a classmethod.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from .errors import FormulaError
from .types import ANY, DataType

if TYPE_CHECKING:
    import sqlalchemy as sa

    from .context import SqlContext, Value

DIALECTS = frozenset({"sqlite", "postgresql", "mysql", "mssql"})


def dialect_family(name: str) -> str:
    """The name the engine uses for a SQLAlchemy dialect name (MariaDB is ``mysql``)."""
    family = "mysql" if name == "mariadb" else name
    if family not in DIALECTS:
        raise FormulaError(f"Formulas are not supported on {name}")
    return family


class FormulaFunction:
    """Base of every formula function; subclasses override what differs."""

    name: ClassVar[str]
    #: one line for autocomplete, and the call as users write it
    description: ClassVar[str] = ""
    syntax: ClassVar[str] = ""
    min_args: ClassVar[int] = 1
    #: None: any number of arguments
    max_args: ClassVar[int | None] = 1
    #: accepted types per argument; the last entry applies to every further argument
    arg_types: ClassVar[tuple[frozenset[DataType], ...]] = (ANY,)
    returns: ClassVar[DataType] = DataType.STRING
    #: dialect families it compiles on (``sqlite``, ``postgresql``, ``mysql``, ``mssql``)
    dialects: ClassVar[frozenset[str]] = DIALECTS

    @classmethod
    def accepts(cls, index: int) -> frozenset[DataType]:
        return cls.arg_types[min(index, len(cls.arg_types) - 1)]

    @classmethod
    def return_type(cls, args: list[dict]) -> DataType:
        """The type of a call, given its checked arguments (each with ``dt``)."""
        return cls.returns

    @classmethod
    def validate(cls, call: dict) -> None:
        """Rules beyond count and types (a unit that must be a literal, ...); raise
        ``FormulaError`` at the offending argument's ``pos``."""

    @classmethod
    def sql(cls, ctx: SqlContext, args: list[Value]) -> sa.ColumnElement:
        """The SQL of a call on any dialect; ``sql_<dialect>`` overrides it for one."""
        raise NotImplementedError(f"{cls.name} does not compile to SQL")

    @classmethod
    def compile(cls, ctx: SqlContext, args: list[Value]) -> sa.ColumnElement:
        method = getattr(cls, f"sql_{ctx.dialect}", None) or cls.sql
        return method(ctx, args)


def literal_text(node: dict, function: str, what: str, choices: dict[str, str]) -> str:
    """The value a literal string argument stands for (a unit, a weekday): ``choices``
    maps every accepted spelling (lower case) to it."""
    if node["kind"] != "string":
        raise FormulaError(f"{function} expects the {what} as a text in quotes", node["pos"])
    raw = node["value"].strip()
    value = choices.get(raw) or choices.get(raw.lower())
    if value is None:
        names = ", ".join(sorted(set(choices)))
        raise FormulaError(f"{function}: unknown {what} '{node['value']}' (one of {names})", node["pos"])
    return value
