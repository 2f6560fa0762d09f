"""Whole-text functions: CONCAT, LEN, LOWER, REPEAT, REPLACE, TRIM, UPPER."""

from typing import ClassVar

import sqlalchemy as sa

from workbench.plugin_api import DataType

from .base import TEXT_THEN_NUMBERS, TextFunction


class CONCAT(TextFunction):
    name = "CONCAT"
    description = "The texts joined together (blanks count as empty)"
    syntax = "CONCAT(text1, [text2, ...])"
    max_args = None

    @classmethod
    def sql(cls, ctx, args):
        return ctx.concat(*[ctx.nonnull_text(arg) for arg in args])


class LEN(TextFunction):
    name = "LEN"
    description = "The number of characters in a text"
    syntax = "LEN(text)"
    returns = DataType.NUMERIC
    _FUNCTION: ClassVar[dict[str, str]] = {
        "sqlite": "length",
        "postgresql": "char_length",
        "mysql": "char_length",
        "mssql": "len",
    }

    @classmethod
    def sql(cls, ctx, args):
        return getattr(sa.func, cls._FUNCTION[ctx.dialect])(ctx.text(args[0]), type_=sa.Integer)


class LOWER(TextFunction):
    name = "LOWER"
    description = "The text in lower case"
    syntax = "LOWER(text)"

    @classmethod
    def sql(cls, ctx, args):
        return sa.func.lower(ctx.text(args[0]), type_=sa.Unicode)


class UPPER(TextFunction):
    name = "UPPER"
    description = "The text in upper case"
    syntax = "UPPER(text)"

    @classmethod
    def sql(cls, ctx, args):
        return sa.func.upper(ctx.text(args[0]), type_=sa.Unicode)


class TRIM(TextFunction):
    name = "TRIM"
    description = "The text without leading and trailing spaces"
    syntax = "TRIM(text)"

    @classmethod
    def sql(cls, ctx, args):
        return sa.func.trim(ctx.text(args[0]), type_=sa.Unicode)


class REPEAT(TextFunction):
    name = "REPEAT"
    description = "The text repeated a number of times"
    syntax = "REPEAT(text, count)"
    min_args = max_args = 2
    arg_types = TEXT_THEN_NUMBERS

    @classmethod
    def sql(cls, ctx, args):
        count = sa.cast(ctx.number(args[1]), sa.Integer)
        if ctx.dialect == "mssql":
            return sa.func.replicate(ctx.text(args[0]), count, type_=sa.Unicode)
        return sa.func.repeat(ctx.text(args[0]), count, type_=sa.Unicode)

    @classmethod
    def sql_sqlite(cls, ctx, args):
        # printf's %c repeats its character "precision" times: n x's, each replaced by the text
        count = sa.cast(ctx.number(args[1]), sa.Integer)
        padding = sa.func.printf("%.*c", count, "x")
        return sa.func.replace(padding, "x", ctx.text(args[0]), type_=sa.Unicode)


class REPLACE(TextFunction):
    name = "REPLACE"
    description = "The text with every occurrence of one text replaced by another"
    syntax = "REPLACE(text, search, replacement)"
    min_args = max_args = 3

    @classmethod
    def sql(cls, ctx, args):
        text, search, replacement = (ctx.text(arg) for arg in args)
        return sa.func.replace(text, search, sa.func.coalesce(replacement, ""), type_=sa.Unicode)
