"""Dates as texts: DATESTR and DATETIME_FORMAT."""

from workbench.plugin_api import (
    DATE,
    DATE_PARTS,
    FORMAT_TOKENS,
    LITERAL_TEXT,
    DataType,
    FormulaError,
    FormulaFunction,
    format_date,
    tokenize_format,
)


class DATESTR(FormulaFunction):
    name = "DATESTR"
    description = "The date as a YYYY-MM-DD text"
    syntax = "DATESTR(date)"
    arg_types = (DATE,)

    @classmethod
    def sql(cls, ctx, args):
        return format_date(ctx.dialect, ctx.datetime(args[0]), DATE_PARTS)


class DATETIME_FORMAT(FormulaFunction):
    name = "DATETIME_FORMAT"
    description = "The date as a text in a format such as 'YYYY-MM-DD HH:mm' ([text] is kept as is)"
    syntax = 'DATETIME_FORMAT(date, "YYYY-MM-DD")'
    min_args = max_args = 2
    arg_types = (DATE, LITERAL_TEXT)

    @classmethod
    def validate(cls, call):
        pattern = call["args"][1]
        if pattern["kind"] != "string" or tokenize_format(pattern["value"]) is None:
            tokens = " ".join(FORMAT_TOKENS)
            raise FormulaError(f"{cls.name} expects a format in quotes made of {tokens}", pattern["pos"])

    @classmethod
    def return_type(cls, args):
        return DataType.STRING

    @classmethod
    def sql(cls, ctx, args):
        parts = tokenize_format(args[1].node["value"])
        return format_date(ctx.dialect, ctx.datetime(args[0]), parts)
