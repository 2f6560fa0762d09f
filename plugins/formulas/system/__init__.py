"""System functions: RECORD_ID (the record's primary key, as a text) and the checksums
MD5 and SHA256."""

from workbench.plugin_api import DataType, FormulaFunction, hookimpl

from .checksum import MD5, SHA256


class RECORD_ID(FormulaFunction):
    name = "RECORD_ID"
    description = "The id of the record"
    syntax = "RECORD_ID()"
    min_args = max_args = 0
    returns = DataType.STRING

    @classmethod
    def sql(cls, ctx, args):
        return ctx.cast_text(ctx.resolver.record_id())


@hookimpl
def register_formula_functions():
    return [RECORD_ID, MD5, SHA256]
