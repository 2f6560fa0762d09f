"""Conditions: IF and SWITCH, both compiled to CASE."""

import sqlalchemy as sa

from workbench.plugin_api import FormulaError, FormulaFunction, common_type, comparable, compare_values


class IF(FormulaFunction):
    name = "IF"
    description = "One value if a condition is true, another (or blank) if not"
    syntax = "IF(condition, value_if_true, [value_if_false])"
    min_args = 2
    max_args = 3

    @classmethod
    def return_type(cls, args):
        return common_type([arg["dt"] for arg in args[1:]])

    @classmethod
    def sql(cls, ctx, args):
        dt = cls.return_type([arg.node for arg in args])
        otherwise = ctx.coerce(args[2], dt) if len(args) > 2 else None
        return sa.case((ctx.condition(args[0]), ctx.coerce(args[1], dt)), else_=otherwise)


class SWITCH(FormulaFunction):
    name = "SWITCH"
    description = "The result paired with the first pattern equal to the value, else the default"
    syntax = "SWITCH(value, pattern1, result1, [pattern2, result2, ...], [default])"
    min_args = 3
    max_args = None

    @staticmethod
    def results(args):
        """The results (and the default, when the count of arguments is even)."""
        pairs = args[1:]
        return pairs[1::2] + ([pairs[-1]] if len(pairs) % 2 else [])

    @classmethod
    def validate(cls, call):
        value, pairs = call["args"][0], call["args"][1:]
        for pattern in pairs[0 : len(pairs) - 1 : 2]:
            if not comparable(value, pattern):
                raise FormulaError(f"SWITCH cannot compare {value['dt']} with {pattern['dt']}", pattern["pos"])

    @classmethod
    def return_type(cls, args):
        return common_type([arg["dt"] for arg in cls.results(args)])

    @classmethod
    def sql(cls, ctx, args):
        dt = cls.return_type([arg.node for arg in args])
        value, pairs = args[0], args[1:]
        whens = [
            (compare_values(ctx, "==", value, pairs[i]), ctx.coerce(pairs[i + 1], dt))
            for i in range(0, len(pairs) - 1, 2)
        ]
        default = ctx.coerce(pairs[-1], dt) if len(pairs) % 2 else None
        return sa.case(*whens, else_=default)
