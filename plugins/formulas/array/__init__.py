"""List formula functions, over links and lookups: ARRAYUNIQUE, ARRAYSORT, ARRAYCOMPACT,
ARRAYSLICE. Lists are JSON array texts (see ``workbench.formulas.arrays``); MSSQL has none."""

from workbench.plugin_api import (
    LIST,
    LITERAL_TEXT,
    NUMBER,
    ArrayQuery,
    DataType,
    FormulaFunction,
    hookimpl,
    literal_text,
)


class _ListFunction(FormulaFunction):
    arg_types = (LIST,)
    returns = DataType.ARRAY
    dialects = frozenset({"sqlite", "postgresql", "mysql"})


class ARRAYUNIQUE(_ListFunction):
    name = "ARRAYUNIQUE"
    description = "The list without repeated items (the first of each is kept)"
    syntax = "ARRAYUNIQUE(list)"

    @classmethod
    def sql(cls, ctx, args):
        return ArrayQuery(args[0].expr, "unique")


class ARRAYCOMPACT(_ListFunction):
    name = "ARRAYCOMPACT"
    description = "The list without blank items"
    syntax = "ARRAYCOMPACT(list)"

    @classmethod
    def sql(cls, ctx, args):
        return ArrayQuery(args[0].expr, "compact")


DIRECTIONS = {"asc": "sort", "ascending": "sort", "desc": "sort_desc", "descending": "sort_desc"}


class ARRAYSORT(_ListFunction):
    name = "ARRAYSORT"
    description = "The list sorted: blanks, then numbers, then texts ('desc' reverses it)"
    syntax = 'ARRAYSORT(list, ["asc" | "desc"])'
    max_args = 2
    arg_types = (LIST, LITERAL_TEXT)

    @classmethod
    def validate(cls, call):
        if len(call["args"]) > 1:
            literal_text(call["args"][1], cls.name, "direction", DIRECTIONS)

    @classmethod
    def sql(cls, ctx, args):
        operation = DIRECTIONS[args[1].node["value"].strip().lower()] if len(args) > 1 else "sort"
        return ArrayQuery(args[0].expr, operation)


class ARRAYSLICE(_ListFunction):
    name = "ARRAYSLICE"
    description = "The items from a position to another (1-based, both included; to the end if no end)"
    syntax = "ARRAYSLICE(list, start, [end])"
    min_args = 2
    max_args = 3
    arg_types = (LIST, NUMBER)

    @classmethod
    def sql(cls, ctx, args):
        return ArrayQuery(args[0].expr, "slice", *[ctx.number(arg) for arg in args[1:]])


@hookimpl
def register_formula_functions():
    return [ARRAYUNIQUE, ARRAYSORT, ARRAYCOMPACT, ARRAYSLICE]
