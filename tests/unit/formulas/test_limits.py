"""The limits of the formula engine: flat joins, SQL depth and size measured with repeats,
refused at the node where they are passed, and texts cut in SQL."""

import pytest
import sqlalchemy as sa
from sqlalchemy.dialects import mssql, mysql, postgresql, sqlite

from workbench.formulas import DataType, FormulaError, compile_formula, parse
from workbench.formulas.limits import MAX_SQL_DEPTH, MAX_SQL_NODES, SqlSize
from workbench.formulas.testing import ColumnResolver, builtin_functions

FUNCTIONS = builtin_functions()
t = sa.table("t", sa.column("id", sa.Integer), *[sa.column(f"c{i}", sa.Unicode) for i in range(1000)])
RESOLVER = ColumnResolver({f"cl_{i}": (t.c[f"c{i}"], DataType.STRING) for i in range(1000)}, t.c.id)
IDS = {f"F{i}": f"cl_{i}" for i in range(1000)}
DIALECTS = {"sqlite": sqlite.dialect(), "postgresql": postgresql.dialect(), "mysql": mysql.dialect()}
DIALECTS["mssql"] = mssql.dialect()


def compiled(formula: str, dialect: str) -> str:
    expr = compile_formula(parse(formula, IDS), RESOLVER, dialect, FUNCTIONS)
    return str(sa.select(expr).compile(dialect=DIALECTS[dialect]))


@pytest.mark.parametrize("dialect", list(DIALECTS))
def test_a_concat_of_500_fields_is_flat_and_cut(dialect):
    formula = "CONCAT(" + ", ".join(f"{{F{i}}}" for i in range(500)) + ")"
    expr = compile_formula(parse(formula, IDS), RESOLVER, dialect, FUNCTIONS)
    assert SqlSize().measure(expr)[1] < 10
    sql = str(sa.select(expr).compile(dialect=DIALECTS[dialect]))
    assert "t.c499" in sql
    assert "100000" in sql


def test_sqlite_refuses_a_concat_of_a_thousand_fields():
    formula = "CONCAT(" + ", ".join(f"{{F{i}}}" for i in range(1000)) + ")"
    with pytest.raises(FormulaError, match="nested too deeply to compute on SQLite"):
        compile_formula(parse(formula, IDS), RESOLVER, "sqlite", FUNCTIONS)
    assert "t.c999" in compiled(formula, "postgresql")


@pytest.mark.parametrize("dialect", list(DIALECTS))
def test_a_join_of_a_few_fields_is_not_cut(dialect):
    assert "100000" not in compiled('CONCAT({F1}, " ", {F2}) & {F3}', dialect)


def test_depth_is_refused_where_it_is_passed():
    formula = "UPPER(" * 90 + "{F1}" + ")" * 90
    with pytest.raises(FormulaError, match="nested too deeply to compute") as caught:
        compile_formula(parse(formula, IDS), RESOLVER, "postgresql", FUNCTIONS)
    # the outermost calls pass the limit; the position is of the first one that did
    assert 0 < caught.value.position < 90 * len("UPPER(")
    assert formula[caught.value.position :].startswith("UPPER(")


def test_repeats_count_in_the_size():
    formula = "REPEAT(" * 25 + "{F1}" + ", 2)" * 25
    with pytest.raises(FormulaError, match="too large to compute"):
        compile_formula(parse(formula, IDS), RESOLVER, "postgresql", FUNCTIONS)
    shared = t.c.c1 + "x"
    twice = sa.func.f(shared, shared)
    nodes, _depth = SqlSize().measure(twice)
    assert nodes > 2 * SqlSize().measure(shared)[0]  # both copies count


def test_limits_are_sane():
    assert 50 <= MAX_SQL_DEPTH <= 200
    assert MAX_SQL_NODES >= 10_000


def test_sqlite_refuses_what_its_parser_cannot_read():
    formula = "IF({F1}, 1, " * 25 + "0" + ")" * 25
    with pytest.raises(FormulaError, match="nested too deeply to compute on SQLite"):
        compile_formula(parse(formula, IDS), RESOLVER, "sqlite", FUNCTIONS)
    assert "CASE" in compiled(formula, "postgresql")
