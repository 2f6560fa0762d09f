"""JSON_EXTRACT: a value inside a JSON document, by a JSONPath such as ``$.a.b[0]``."""

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql

from workbench.plugin_api import TEXT, DataType, FormulaError, FormulaFunction, hookimpl


class JSON_EXTRACT(FormulaFunction):
    name = "JSON_EXTRACT"
    description = "The value at a JSONPath ('$.a.b') in a JSON text, as a text"
    syntax = 'JSON_EXTRACT(json, "$.path")'
    min_args = max_args = 2
    arg_types = (TEXT,)
    returns = DataType.STRING

    @classmethod
    def validate(cls, call):
        path = call["args"][1]
        if path["kind"] == "string" and not path["value"].startswith("$"):
            raise FormulaError(f"{cls.name} expects a JSONPath starting with $, such as '$.name'", path["pos"])

    @classmethod
    def sql(cls, ctx, args):  # SQLite and MariaDB; a text that is not JSON gives blank
        document = ctx.text(args[0])
        found = sa.func.json_extract(document, ctx.text(args[1]))
        if ctx.dialect == "mysql":
            found = sa.func.json_unquote(found, type_=sa.Unicode)
        else:
            found = ctx.cast_text(found)
        return sa.case((sa.func.json_valid(document) == 1, found))

    @classmethod
    def sql_postgresql(cls, ctx, args):
        text = ctx.text(args[0])
        document = sa.cast(text, postgresql.JSONB)
        found = sa.func.jsonb_path_query_first(document, sa.cast(ctx.text(args[1]), postgresql.JSONPATH))
        found = found.op("#>>")(sa.literal_column("'{}'"))
        if args[0].dt is DataType.JSON:  # JSON fields hold valid JSON
            return found
        # PostgreSQL before 16 cannot test a text for JSON: skip what is not an object or
        # an array (a malformed one still fails the query)
        return sa.case((text.regexp_match(r"^\s*[\[{]"), found))

    @classmethod
    def sql_mssql(cls, ctx, args):
        return sa.func.json_value(ctx.text(args[0]), ctx.text(args[1]), type_=sa.Unicode)


@hookimpl
def register_formula_functions():
    return [JSON_EXTRACT]
