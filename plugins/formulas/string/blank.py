"""Blank tests: ISBLANK and ISNOTBLANK (NULL, or an empty text)."""

import sqlalchemy as sa

from workbench.plugin_api import ANY, DataType

from .base import TextFunction


class ISBLANK(TextFunction):
    name = "ISBLANK"
    description = "Whether the value is blank (empty or NULL)"
    syntax = "ISBLANK(value)"
    returns = DataType.BOOLEAN
    arg_types = (ANY,)

    @classmethod
    def sql(cls, ctx, args):
        return ctx.is_blank(args[0])


class ISNOTBLANK(ISBLANK):
    name = "ISNOTBLANK"
    description = "Whether the value is not blank"
    syntax = "ISNOTBLANK(value)"

    @classmethod
    def sql(cls, ctx, args):
        return sa.not_(ctx.is_blank(args[0]))
