"""The function table is a parameter: a plugin's function is parsed, checked and compiled
like a built-in (the example of docs/plugins.md)."""

import pytest
import sqlalchemy as sa
from sqlalchemy.dialects import mssql

from workbench.formulas import DataType, FormulaError, FormulaFunction, check, compile_formula, parse, sqlite_functions
from workbench.formulas.testing import ColumnResolver, builtin_functions
from workbench.formulas.types import NUMBER


class HYPOT(FormulaFunction):
    name = "HYPOT"
    description = "The length of the hypotenuse"
    syntax = "HYPOT(a, b)"
    min_args = max_args = 2
    arg_types = (NUMBER,)
    returns = DataType.NUMERIC

    @classmethod
    def sql(cls, ctx, args):
        a, b = (ctx.number(arg) for arg in args)
        return sa.func.sqrt(a * a + b * b)

    @classmethod
    def sql_mssql(cls, ctx, args):
        a, b = (ctx.number(arg) for arg in args)
        return sa.func.sqrt(sa.func.square(a) + sa.func.square(b))


BUILTINS = builtin_functions()
FUNCTIONS = {name: BUILTINS.get(name) for name in BUILTINS.names()} | {"HYPOT": HYPOT}
t = sa.table("t", sa.column("id", sa.Integer), sa.column("a", sa.Integer))
RESOLVER = ColumnResolver({"cl_a": (t.c.a, DataType.NUMERIC)}, t.c.id)


def test_a_plugin_function_runs():
    engine = sa.create_engine("sqlite://")
    sa.event.listen(engine, "connect", lambda dbapi_connection, _: sqlite_functions(dbapi_connection))
    with engine.connect() as conn:
        conn.exec_driver_sql("CREATE TABLE t (id INTEGER PRIMARY KEY, a INTEGER)")
        conn.exec_driver_sql("INSERT INTO t (a) VALUES (3)")
        expr = compile_formula(parse("ROUND(hypot({A}, 4), 1)", {"A": "cl_a"}), RESOLVER, "sqlite", FUNCTIONS)
        assert conn.execute(sa.select(expr).select_from(t)).scalar() == 5
    engine.dispose()


def test_a_plugin_function_per_dialect():
    expr = compile_formula(parse("HYPOT(1, 2)", {}), RESOLVER, "mssql", FUNCTIONS)
    assert "square" in str(expr.compile(dialect=mssql.dialect()))


def test_without_the_plugin_the_function_is_unknown():
    with pytest.raises(FormulaError, match="Unknown function HYPOT at position 0"):
        check(parse("HYPOT(1, 2)", {}), {}, BUILTINS)
