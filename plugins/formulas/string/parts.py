"""Parts of a text, by character position (1-based): LEFT, MID, RIGHT, SEARCH, SUBSTR."""

from typing import ClassVar

import sqlalchemy as sa

from workbench.plugin_api import TEXT, DataType

from .base import TEXT_THEN_NUMBERS, TextFunction


def _substring(ctx, text, start, count=None):
    if ctx.dialect == "mssql":
        count = sa.func.len(text) if count is None else count
        return sa.func.substring(text, start, count, type_=sa.Unicode)
    if count is None:
        return sa.func.substr(text, start, type_=sa.Unicode)
    return sa.func.substr(text, start, count, type_=sa.Unicode)


class LEFT(TextFunction):
    name = "LEFT"
    description = "The first characters of a text"
    syntax = "LEFT(text, count)"
    min_args = max_args = 2
    arg_types = TEXT_THEN_NUMBERS

    @classmethod
    def sql(cls, ctx, args):
        return _substring(ctx, ctx.text(args[0]), 1, sa.cast(ctx.number(args[1]), sa.Integer))


class RIGHT(TextFunction):
    name = "RIGHT"
    description = "The last characters of a text"
    syntax = "RIGHT(text, count)"
    min_args = max_args = 2
    arg_types = TEXT_THEN_NUMBERS

    @classmethod
    def sql(cls, ctx, args):
        count = sa.cast(ctx.number(args[1]), sa.Integer)
        return sa.func.right(ctx.text(args[0]), count, type_=sa.Unicode)

    @classmethod
    def sql_sqlite(cls, ctx, args):
        count, text = sa.cast(ctx.number(args[1]), sa.Integer), ctx.text(args[0])
        # substr(text, -0) would be all of it: no characters is substr(text, 1, 0)
        return sa.case((count > 0, _substring(ctx, text, -count)), else_=_substring(ctx, text, 1, 0))


class MID(TextFunction):
    name = "MID"
    description = "Part of a text: a number of characters from a start position"
    syntax = "MID(text, start, count)"
    min_args = max_args = 3
    arg_types = TEXT_THEN_NUMBERS

    @classmethod
    def sql(cls, ctx, args):
        start, count = (sa.cast(ctx.number(arg), sa.Integer) for arg in args[1:])
        return _substring(ctx, ctx.text(args[0]), start, count)


class SUBSTR(MID):
    name = "SUBSTR"
    description = "Part of a text from a start position, to its end or for a number of characters"
    syntax = "SUBSTR(text, start, [count])"
    min_args = 2

    @classmethod
    def sql(cls, ctx, args):
        start, *count = (sa.cast(ctx.number(arg), sa.Integer) for arg in args[1:])
        return _substring(ctx, ctx.text(args[0]), start, *count)


class SEARCH(TextFunction):
    name = "SEARCH"
    description = "The position of a text inside another (1-based), 0 if it is not there"
    syntax = "SEARCH(text, search)"
    min_args = max_args = 2
    arg_types = (TEXT,)
    returns = DataType.NUMERIC
    _FUNCTION: ClassVar[dict[str, str]] = {"sqlite": "instr", "postgresql": "strpos", "mysql": "instr"}

    @classmethod
    def sql(cls, ctx, args):
        text, search = ctx.text(args[0]), ctx.text(args[1])
        if ctx.dialect == "mssql":
            return sa.func.charindex(search, text, type_=sa.Integer)
        return getattr(sa.func, cls._FUNCTION[ctx.dialect])(text, search, type_=sa.Integer)
