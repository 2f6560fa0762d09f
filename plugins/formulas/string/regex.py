"""Regular expressions: REGEX_MATCH, REGEX_EXTRACT, REGEX_REPLACE.

Matching is case-sensitive everywhere (MariaDB's case-insensitive collations are
overridden with ``(?-i)``). SQLite needs ``workbench.formulas.sqlite_functions``; MSSQL
has no regular expressions.
"""

import re

import sqlalchemy as sa

from workbench.plugin_api import DataType, FormulaError

from .base import TextFunction
from .text import within_limit


class _Regex(TextFunction):
    dialects = frozenset({"sqlite", "postgresql", "mysql"})
    min_args = max_args = 2

    @classmethod
    def validate(cls, call):
        pattern = call["args"][1]
        if pattern["kind"] == "string":  # a broken pattern would fail the whole query
            try:
                re.compile(pattern["value"])
            except re.error as error:
                raise FormulaError(f"{cls.name}: invalid regular expression ({error})", pattern["pos"]) from None


class REGEX_MATCH(_Regex):
    name = "REGEX_MATCH"
    description = "Whether a text matches a regular expression"
    syntax = "REGEX_MATCH(text, pattern)"
    returns = DataType.BOOLEAN

    @classmethod
    def sql(cls, ctx, args):
        return ctx.text(args[0]).regexp_match(ctx.case_sensitive(ctx.text(args[1])))


class REGEX_EXTRACT(_Regex):
    name = "REGEX_EXTRACT"
    description = "The first part of a text that matches a regular expression"
    syntax = "REGEX_EXTRACT(text, pattern)"

    @classmethod
    def sql(cls, ctx, args):
        return ctx.regex_search(ctx.text(args[0]), ctx.text(args[1]))


class REGEX_REPLACE(_Regex):
    name = "REGEX_REPLACE"
    description = "The text with every match of a regular expression replaced"
    syntax = "REGEX_REPLACE(text, pattern, replacement)"
    min_args = max_args = 3

    @classmethod
    def sql(cls, ctx, args):
        pattern, replacement = ctx.case_sensitive(ctx.text(args[1])), ctx.text(args[2])
        flags = ("g",) if ctx.dialect == "postgresql" else ()

        def replace(text):
            return sa.func.regexp_replace(text, pattern, replacement, *flags, type_=sa.Unicode)

        return within_limit(ctx, args, replace, always=True)
