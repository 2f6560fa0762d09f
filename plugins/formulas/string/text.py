"""Whole-text functions: CONCAT, LEN, LOWER, REPEAT, REPLACE, TRIM, UPPER."""

from typing import ClassVar

import sqlalchemy as sa

from workbench.plugin_api import MAX_TEXT_LENGTH, MAX_TEXT_WORK, DataType, join_texts, literal_int

from .base import TEXT_THEN_NUMBERS, TextFunction


class CONCAT(TextFunction):
    name = "CONCAT"
    description = "The texts joined together (blanks count as empty)"
    syntax = "CONCAT(text1, [text2, ...])"
    max_args = None

    @classmethod
    def sql(cls, ctx, args):
        return join_texts(ctx, args)


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
    """The count is lowered so that the result is never longer than the longest text."""

    name = "REPEAT"
    description = "The text repeated a number of times"
    syntax = "REPEAT(text, count)"
    min_args = max_args = 2
    arg_types = TEXT_THEN_NUMBERS

    @classmethod
    def count(cls, ctx, args):
        count = sa.cast(ctx.number(args[1]), sa.Integer)
        text = ctx.text(args[0])
        if args[0].node["kind"] == "string":  # a literal: its length is known here
            most = literal_int(MAX_TEXT_LENGTH // max(len(args[0].node["value"]), 1))
        else:
            most = ctx.whole_div(literal_int(MAX_TEXT_LENGTH), ctx.greatest(ctx.length(text), literal_int(1)))
        return text, ctx.at_most(count, most)

    @classmethod
    def sql(cls, ctx, args):
        text, count = cls.count(ctx, args)
        if ctx.dialect == "mssql":
            return ctx.long(sa.func.replicate(text, count, type_=sa.Unicode))
        return ctx.long(sa.func.repeat(text, count, type_=sa.Unicode))

    @classmethod
    def sql_sqlite(cls, ctx, args):
        # printf's %c repeats its character "precision" times: n x's, each replaced by the text
        text, count = cls.count(ctx, args)
        padding = sa.func.printf("%.*c", count, "x")
        return ctx.long(sa.func.replace(padding, "x", text, type_=sa.Unicode))


class REPLACE(TextFunction):
    name = "REPLACE"
    description = "The text with every occurrence of one text replaced by another"
    syntax = "REPLACE(text, search, replacement)"
    min_args = max_args = 3

    @classmethod
    def sql(cls, ctx, args):
        search, replacement = ctx.text(args[1]), sa.func.coalesce(ctx.text(args[2]), "")
        return within_limit(ctx, args, lambda part: sa.func.replace(part, search, replacement, type_=sa.Unicode))


def within_limit(ctx, args, replace, always=False):
    """``replace(text)`` (REPLACE, REGEX_REPLACE), never building a text much longer than the
    longest: each character of the text becomes at most ``growth`` characters (the
    replacement's length, and one), so a text past ``MAX_TEXT_WORK / growth`` characters is
    replaced only as far as that; the result is cut to the longest text.

    A literal replacement no longer than a literal search never grows the text (unless
    ``always``: a regular expression may match empty texts)."""
    search, replacement = args[1].node, args[2].node
    literals = search["kind"] == replacement["kind"] == "string"
    if not always and literals and len(replacement["value"]) <= len(search["value"]):
        return replace(ctx.text(args[0]))
    if replacement["kind"] == "string":
        growth = literal_int(len(replacement["value"]) + 1)
    else:
        growth = ctx.length(ctx.nonnull_text(args[2])) + 1
    most = ctx.whole_div(literal_int(MAX_TEXT_WORK), growth)
    return ctx.bounded(replace(ctx.left(ctx.text(args[0]), most)))
