"""MSSQL is compiled, not run: the SQL text is what T-SQL accepts (no boolean values,
only conditions; DATEADD, DATEDIFF_BIG, FORMAT; no regular expressions)."""

import pytest
import sqlalchemy as sa
from sqlalchemy.dialects import mssql

from workbench.formulas import DataType, FormulaError, compile_formula, parse
from workbench.formulas.testing import ColumnResolver, builtin_functions

FUNCTIONS = builtin_functions()
t = sa.table(
    "t",
    sa.column("id", sa.Integer),
    sa.column("name", sa.Unicode),
    sa.column("qty", sa.Integer),
    sa.column("done", sa.Boolean),
    sa.column("day", sa.Date),
    sa.column("at", sa.DateTime),
    sa.column("tags", sa.Unicode),
)
TYPES = {"name": "string", "qty": "numeric", "done": "boolean", "day": "date", "at": "datetime", "tags": "array"}
RESOLVER = ColumnResolver({f"cl_{n}": (t.c[n], DataType(dt)) for n, dt in TYPES.items()}, t.c.id)
IDS = {n.capitalize(): f"cl_{n}" for n in TYPES}


def sql(formula: str) -> str:
    expr = compile_formula(parse(formula, IDS), RESOLVER, "mssql", FUNCTIONS)
    statement = sa.select(expr.label("f")).select_from(t)
    text = str(statement.compile(dialect=mssql.dialect(), compile_kwargs={"literal_binds": True}))
    return " ".join(text.split()).removeprefix("SELECT ").removesuffix(" AS f FROM t")


@pytest.mark.parametrize(
    ("formula", "expected"),
    [
        ('{Name} & "!"', "(coalesce(t.name, N'') + coalesce(N'!', N''))"),
        ("{Qty} / 2", "CAST(t.qty AS FLOAT) / (nullif(2, 0) + 0.0)"),
        ("{Qty} > 1", "CASE WHEN (t.qty > 1) THEN 1 WHEN (t.qty <= 1) THEN 0 END"),
        ("IF({Done}, 1, 0)", "CASE WHEN (t.done = 1) THEN 1 ELSE 0 END"),
        ("IF(TRUE(), 1, 0)", "CASE WHEN (1 = 1) THEN 1 ELSE 0 END"),
        ('IF({Name}, "y", "n")', "CASE WHEN (t.name != N'') THEN N'y' ELSE N'n' END"),
        ("LEN({Name})", "len(t.name)"),
        ("SUBSTR({Name}, 2)", "substring(t.name, CAST(2 AS INTEGER), len(t.name))"),
        ('SEARCH({Name}, "p")', "charindex(N'p', t.name)"),
        (
            'REPEAT("a", 3)',
            "replicate(N'a', CASE WHEN (CAST(3 AS INTEGER) > 100000) THEN 100000 ELSE CAST(3 AS INTEGER) END)",
        ),
        ('DATEADD({Day}, 1, "month")', "CAST(dateadd(MONTH, CAST(1 AS INTEGER), CAST(t.day AS DATETIME2)) AS DATE)"),
        ('DATEADD({At}, 2, "hours")', "dateadd(HOUR, CAST(2 AS INTEGER), t.at)"),
        ('DATETIME_DIFF({At}, {Day}, "days")', "datediff_big(millisecond, CAST(t.day AS DATETIME2), t.at) / 86400000"),
        ("WEEKDAY({At})", "(datepart(weekday, t.at) + @@DATEFIRST + 5) % 7"),
        ("DATESTR({At})", "format(t.at, 'yyyy''-''MM''-''dd')"),
        ("NOW()", "sysutcdatetime()"),
        ('VALUE("1,200")', "TRY_CAST (replace(N'1,200', ',', '') AS FLOAT)"),
        ("RECORD_ID()", "CAST(t.id AS NVARCHAR(4000))"),
        ("LOG({Qty})", "CASE WHEN (t.qty > 0) THEN log(CAST(t.qty AS FLOAT)) END"),
        ("YEAR({Day})", "CAST(DATEPART(year, CAST(t.day AS DATETIME2)) AS INTEGER)"),
        (
            "WEEKNUM({At})",
            "((datepart(dayofyear, t.at) - 1) + (((datepart(weekday, t.at) + @@DATEFIRST + 5) % 7 "
            "- (datepart(dayofyear, t.at) - 1) % 7) + 7) % 7) / 7 + 1",
        ),
        ("LAST_MODIFIED_TIME()", "NULL"),
        (
            "MD5({Name})",
            "lower(convert(VARCHAR(32), hashbytes('MD5', CAST(CAST(t.name AS NVARCHAR(max)) "
            "COLLATE Latin1_General_100_CI_AS_SC_UTF8 AS VARCHAR(max))), 2))",
        ),
        (
            "NOT({Qty} > 1)",
            "CASE WHEN (CASE WHEN (t.qty > 1) THEN 0 ELSE 1 END = 1) THEN 1 "
            "WHEN (CASE WHEN (t.qty > 1) THEN 0 ELSE 1 END != 1) THEN 0 END",
        ),
        (
            "CONCAT({Tags})",
            "coalesce((SELECT STRING_AGG(CAST(e.[value] AS NVARCHAR(MAX)), ', ') "
            "WITHIN GROUP (ORDER BY CAST(e.[key] AS INT)) FROM OPENJSON(t.tags) AS e), N'')",
        ),
    ],
)
def test_compiled_sql(formula, expected):
    assert sql(formula) == expected


def test_no_boolean_value_is_left_unwrapped():
    text = sql("AND({Qty} > 1, OR({Done}, FALSE()))")
    assert "WHEN 0 THEN" not in text
    assert "WHEN 1 THEN" not in text
    assert "t.done = 1 OR 1 = 0" in text


@pytest.mark.parametrize(
    "formula", ['REGEX_MATCH({Name}, "a")', 'REGEX_EXTRACT({Name}, "a")', 'REGEX_REPLACE({Name}, "a", "b")']
)
def test_regular_expressions_are_refused(formula):
    with pytest.raises(FormulaError, match="is not supported on mssql"):
        sql(formula)


def test_record_times_read_the_timestamp_columns():
    resolver = ColumnResolver({}, t.c.id, {"created": t.c.day, "modified": t.c.at})
    for formula, expected in (("LAST_MODIFIED_TIME()", "t.at"), ("CREATED_TIME()", "t.day")):
        expr = compile_formula(parse(formula, {}), resolver, "mssql", FUNCTIONS)
        text = str(sa.select(expr.label("f")).select_from(t).compile(dialect=mssql.dialect()))
        assert " ".join(text.split()) == f"SELECT {expected} AS f FROM t"
