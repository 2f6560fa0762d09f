"""Dialect names: SQLAlchemy calls MariaDB ``mariadb`` or ``mysql`` (by URL); both compile alike."""

import pytest
import sqlalchemy as sa
from sqlalchemy.dialects import mysql

from workbench.formulas import DataType, FormulaError, compile_formula, dialect_family, parse
from workbench.formulas.testing import ColumnResolver, builtin_functions

FUNCTIONS = builtin_functions()
t = sa.table("t", sa.column("id", sa.Integer), sa.column("tags", sa.Unicode))
RESOLVER = ColumnResolver({"cl_tags": (t.c.tags, DataType.ARRAY)}, t.c.id)


def test_families():
    assert dialect_family("mariadb") == "mysql"
    assert [dialect_family(d) for d in ("sqlite", "postgresql", "mysql", "mssql")] == [
        "sqlite",
        "postgresql",
        "mysql",
        "mssql",
    ]
    with pytest.raises(FormulaError, match="Formulas are not supported on oracle"):
        dialect_family("oracle")


@pytest.mark.parametrize("name", ["mysql", "mariadb"])
def test_mariadb_by_either_name(name):
    expr = compile_formula(parse("ARRAYUNIQUE({Tags})", {"Tags": "cl_tags"}), RESOLVER, name, FUNCTIONS)
    dialect = mysql.dialect(is_mariadb=name == "mariadb")
    sql = str(sa.select(expr).compile(dialect=dialect))
    assert "JSON_TABLE(t.tags" in sql
    assert "JSON_ARRAYAGG" in sql
