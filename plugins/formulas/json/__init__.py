"""JSON_EXTRACT: a value inside a JSON document, by a JSONPath such as ``$.a.b[0]``."""

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql

from workbench.formulas import DataType, FormulaFunction
from workbench.formulas.types import TEXT
from workbench.hookspecs import hookimpl


class JSON_EXTRACT(FormulaFunction):
    name = "JSON_EXTRACT"
    description = "The value at a JSONPath ('$.a.b') in a JSON text, as a text"
    syntax = 'JSON_EXTRACT(json, "$.path")'
    min_args = max_args = 2
    arg_types = (TEXT,)
    returns = DataType.STRING

    @classmethod
    def sql(cls, ctx, args):  # SQLite and MariaDB
        document = ctx.text(args[0])
        found = sa.func.json_extract(document, ctx.text(args[1]))
        if ctx.dialect == "mysql":
            return sa.func.json_unquote(found, type_=sa.Unicode)
        return ctx.cast_text(found)

    @classmethod
    def sql_postgresql(cls, ctx, args):
        document = sa.cast(ctx.text(args[0]), postgresql.JSONB)
        found = sa.func.jsonb_path_query_first(document, sa.cast(ctx.text(args[1]), postgresql.JSONPATH))
        return found.op("#>>")(sa.literal_column("'{}'"))

    @classmethod
    def sql_mssql(cls, ctx, args):
        return sa.func.json_value(ctx.text(args[0]), ctx.text(args[1]), type_=sa.Unicode)


@hookimpl
def register_formula_functions():
    return [JSON_EXTRACT]
