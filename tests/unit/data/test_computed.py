"""Computed fields in the model: formulas become expressions of the page's own SELECT,
formulas over formulas are expanded, and a formula that no longer builds reads as blank."""

import types

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.dialects import mssql
from workbench_plugins.field_types.formula import Formula
from workbench_plugins.field_types.id import ID
from workbench_plugins.field_types.numbers.types import Number

from workbench.data.model import build_model
from workbench.data.query import select_columns
from workbench.formulas import check, parse, sqlite_functions
from workbench.formulas.testing import builtin_functions
from workbench.plugins.registry import Registry

FUNCTIONS = builtin_functions()
TYPES = {"ID": ID, "Number": Number, "Formula": Formula}


def column(id_, title, uidt, name=None, **extra):
    key = uidt == "ID"
    values = {
        "id": id_,
        "title": title,
        "column_name": name,
        "uidt": uidt,
        "dt": None,
        "pk": key,
        "ai": key,
        "rqd": False,
        "pv": False,
        "system": False,
        "cdf": None,
        "meta": {},
        "col_options": None,
        "order": None,
    }
    return types.SimpleNamespace(**{**values, **extra})


def formula(id_, title, text, types_):
    tree = parse(text, {"Qty": "cl_qty", "F": "cl_f"})
    checked = check(tree, types_, FUNCTIONS)
    return column(id_, title, "Formula", col_options={"parsed_tree": tree, "dataType": checked["dt"]})


def model():
    columns = [
        column("cl_id", "Id", "ID", "id"),
        column("cl_qty", "Qty", "Number", "qty"),
        formula("cl_f", "F", "{Qty} * 2", {"cl_qty": "numeric"}),
        formula("cl_g", "G", "{F} + 1", {"cl_f": "numeric"}),
        # a tree that no longer builds (its field is gone): blank, not an error on every read
        column(
            "cl_h",
            "H",
            "Formula",
            col_options={"parsed_tree": {"kind": "field", "id": "cl_gone", "pos": 0}, "dataType": "numeric"},
        ),
    ]
    registry = {"field_types": Registry("field_types", TYPES.items()), "formula_functions": FUNCTIONS}
    return build_model(registry, types.SimpleNamespace(id="md_t", title="T", table_name="t"), columns, "sqlite")


def test_formulas_are_expressions_of_one_select():
    m = model()
    assert [f.id for f in m.computed_fields] == ["cl_f", "cl_g", "cl_h"]
    engine = sa.create_engine("sqlite://")
    event.listen(engine, "connect", lambda dbapi, _record: sqlite_functions(dbapi))
    with engine.begin() as connection:
        m.table.create(connection)
        connection.execute(m.table.insert(), [{"cl_qty": 1}, {"cl_qty": 5}])
        rows = connection.execute(sa.select(*select_columns(m.fields)).order_by(m.by_id["cl_id"].sa_column)).all()
    assert [tuple(r) for r in rows] == [(1, 1, 2, 3, None), (2, 5, 10, 11, None)]
    sql = str(sa.select(m.by_id["cl_g"].expr).compile(dialect=mssql.dialect()))
    assert "qty" in sql
