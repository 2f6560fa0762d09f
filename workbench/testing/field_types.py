"""The field-type contract suite: what every registered field type must do, on every dialect.

Core tests run it over the whole registry; a plugin author runs it on their own type::

    from workbench.testing.field_types import check_field_type, check_declarations

    def test_my_type(engine):            # an engine on SQLite, PostgreSQL or MariaDB
        check_declarations(MyType)
        check_field_type(MyType, engine)

A type passes when its declarations are sound (name, operators, search, aggregations), its
``examples`` survive a real round trip (``to_db`` → INSERT → SELECT → ``to_api``), its
``invalid_examples`` are refused with ``FieldValueError``, and its operators compile to SQL.

A virtual type computed in SQL (``ComputedInSql``: formulas, QR codes, ...) stores
nothing; with a ``computed_example`` it is configured over one stored text field (id
``cl_source``, title ``Source``) and its expression must give the expected API values
for the source values, on every dialect.
"""

from __future__ import annotations

import secrets
import types

import sqlalchemy as sa

from workbench.data.filters import condition_clause
from workbench.data.model import build_model
from workbench.fields import operators as ops
from workbench.fields.interfaces import ComputedInSql, FieldType, FieldValueError
from workbench.formulas import DataType
from workbench.formulas.testing import ColumnResolver

KNOWN_OPERATORS = (
    ops.TEXT | ops.NUMERIC | ops.DATE | ops.CHECKBOX | ops.MULTI_SELECT | ops.SINGLE_SELECT | frozenset({"isWithin"})
)


def example_column(cls: type[FieldType], name: str = "value"):
    """A column-like object carrying what the type's examples need."""
    extra = dict(cls.example_column)
    return types.SimpleNamespace(
        id="cl_contract",
        title="Value",
        column_name=name,
        uidt=cls.name,
        dt=cls.dt,
        pk=False,
        ai=False,
        rqd=False,
        pv=False,
        system=False,
        cdf=None,
        meta=extra.get("meta", {}),
        col_options=extra.get("col_options"),
        order=1,
    )


def check_declarations(cls: type[FieldType]) -> None:
    assert isinstance(cls.name, str), "a field type needs a name"
    assert cls.name, "a field type needs a name"
    assert issubclass(cls, FieldType), f"{cls.name} must derive from FieldType"
    unknown = set(cls.operators) - KNOWN_OPERATORS
    assert not unknown, f"{cls.name} declares unknown operators {sorted(unknown)}"
    assert cls.search in (None, "like", "eq"), f"{cls.name}: search must be like, eq or None"
    assert "count" in cls.aggregations, f"{cls.name}: every type offers the count aggregation"
    for name in ("sqlite", "postgresql", "mysql"):
        sql_type = cls(example_column(cls)).sql_type(name)
        assert sql_type is None or isinstance(sql_type, sa.types.TypeEngine)


class _OneType:
    """A field-type registry holding one type (what building a model asks of one)."""

    def __init__(self, cls):
        self.cls = cls

    def __contains__(self, name) -> bool:
        return name == self.cls.name

    def get(self, name):
        return self.cls


class _Registry(dict):
    def __init__(self, cls):
        super().__init__(field_types=_OneType(cls))


def check_field_type(cls: type[FieldType], engine: sa.Engine) -> None:
    """Round-trip the type's examples through a real table on ``engine``; check refusals
    and that every declared operator compiles for this column."""
    column = example_column(cls)
    ftype = cls(column)
    if ftype.sql_type(engine.dialect.name) is None:
        if isinstance(ftype, ComputedInSql) and getattr(cls, "computed_example", None):
            _computed(cls, engine)
        return  # other virtual types have nothing to store
    assert cls.examples, f"{cls.name} declares no examples"
    table_meta = types.SimpleNamespace(
        id="md_contract", title="Contract", table_name=f"wb_contract_{secrets.token_hex(4)}"
    )
    model = build_model(_Registry(cls), table_meta, [column], engine.dialect.name)
    value = model.by_id["cl_contract"].sa_column
    table = sa.Table(
        table_meta.table_name,
        sa.MetaData(),
        sa.Column("pk", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column(value.name, value.type, key=value.key),
    )
    with engine.begin() as connection:
        table.create(connection)
    try:
        _round_trip(cls, ftype, table, engine)
        _refusals(cls, ftype)
        check_column_at_once(ftype, [given for given, _expected in cls.examples], cls.invalid_examples)
        _operators_compile(cls, model, engine)
    finally:
        with engine.begin() as connection:
            table.drop(connection)


def _round_trip(cls, ftype, table, engine) -> None:
    rows = []
    for index, (given, _expected) in enumerate(cls.examples):
        try:
            stored = ftype.to_db(given)
        except FieldValueError as exc:
            raise AssertionError(f"{cls.name}: example {given!r} was refused: {exc}") from None
        rows.append({"pk": index, "cl_contract": stored})
    with engine.begin() as connection:
        connection.execute(table.insert(), rows)
        found = dict(connection.execute(sa.select(table.c.pk, table.c.cl_contract)).all())
    for index, (given, expected) in enumerate(cls.examples):
        got = ftype.to_api(found[index])
        assert got == expected, (
            f"{cls.name} on {engine.dialect.name}: {given!r} came back as {got!r}, expected {expected!r}"
        )


def _refusals(cls, ftype) -> None:
    for bad in cls.invalid_examples:
        try:
            ftype.to_db(bad)
        except FieldValueError:
            continue
        raise AssertionError(f"{cls.name} accepted the invalid value {bad!r}")


def check_column_at_once(ftype, values: list, invalid=()) -> None:
    """``to_db_many`` gives what ``to_db`` gives value by value, and refuses a column
    holding a value ``to_db`` refuses."""
    name = type(ftype).__name__
    assert ftype.to_db_many(list(values)) == [ftype.to_db(value) for value in values], (
        f"{name}: to_db_many of {values!r} differs from to_db of each"
    )
    for bad in invalid:
        try:
            ftype.to_db_many([*values, bad])
        except FieldValueError:
            continue
        raise AssertionError(f"{name}: to_db_many accepted the invalid value {bad!r}")


def _operators_compile(cls, model, engine) -> None:
    """Every declared operator builds SQL that the database runs against the column."""
    f = model.by_id["cl_contract"]
    sample = next(expected for _given, expected in cls.examples if expected is not None)
    text = sample if isinstance(sample, str) else str(f.type.to_api(f.type.to_db(sample)))
    for op in sorted(cls.operators):
        if op in ops.UNARY_OPERATORS:
            args = []
        elif op == "isWithin":
            args = ["pastWeek"]
        elif op in ("btw", "nbtw"):
            args = [text, text]
        elif op in ops.LIST_OPERATORS:
            args = text.split(",")
        else:
            args = [text]
        clause = condition_clause(model, "Value", op, args)
        with engine.connect() as connection:
            connection.execute(sa.select(sa.func.count()).select_from(model.table).where(clause)).scalar_one()


def _computed(cls, engine) -> None:
    """Configure the type over a text field ``Source`` and read its value for each
    ``(source value, expected API value)`` of ``computed_example["rows"]``."""
    from workbench.data.computed import TableFields

    example = cls.computed_example
    fields = TableFields(
        dialect=engine.dialect.name,
        functions={},
        ids={"Source": "cl_source", "Value": "cl_contract"},
        titles={"cl_source": "Source", "cl_contract": "Value"},
        data_type={"cl_source": DataType.STRING}.get,
        graph={},
        column_id="cl_contract",
    )
    try:
        options = cls(example_column(cls)).configure(dict(example["body"]), fields)
    except FieldValueError as exc:
        raise AssertionError(f"{cls.name}: the computed example was refused: {exc}") from None
    column = example_column(cls)
    column.col_options = options
    ftype = cls(column)
    assert ftype.references() == ["cl_source"], f"{cls.name} must reference the field it reads"
    table = sa.Table(
        f"wb_contract_{secrets.token_hex(4)}",
        sa.MetaData(),
        sa.Column("pk", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("source", sa.Text),
    )
    resolver = ColumnResolver({"cl_source": (table.c.source, DataType.STRING)}, table.c.pk)
    expression = ftype.expression(resolver, engine.dialect.name, {})
    rows = example["rows"]
    with engine.begin() as connection:
        table.create(connection)
    try:
        with engine.begin() as connection:
            connection.execute(table.insert(), [{"pk": i, "source": given} for i, (given, _) in enumerate(rows)])
            found = dict(connection.execute(sa.select(table.c.pk, expression)).all())
    finally:
        with engine.begin() as connection:
            table.drop(connection)
    for index, (given, expected) in enumerate(rows):
        got = ftype.to_api(found[index])
        assert got == expected, f"{cls.name} on {engine.dialect.name}: {given!r} gave {got!r}, expected {expected!r}"
