"""SpecificDBType: values pass through; the physical type is the column's own, if safe."""

import datetime as dt
import decimal
import ipaddress
import uuid
from types import SimpleNamespace

import pytest
import sqlalchemy as sa
from sqlalchemy.dialects import mysql, postgresql, sqlite
from workbench_plugins.field_types.specific_db_type import NativeType, SpecificDBType, register_field_types

from workbench.fields.interfaces import FieldValueError


def column(dt_=None, meta=None):
    return SimpleNamespace(dt=dt_, meta=meta)


@pytest.mark.parametrize(
    ("dt_", "spec"),
    [
        ("inet", "INET"),
        ("UUID", "UUID"),
        ("varchar(20)", "VARCHAR(20)"),
        ("numeric(10, 2)", "NUMERIC(10, 2)"),
        ("double precision", "DOUBLE PRECISION"),
        ("integer[]", "INTEGER[]"),
        ("mediumint", "MEDIUMINT"),
    ],
)
def test_native_type_names_are_used(dt_, spec):
    sql_type = SpecificDBType(column(dt_)).sql_type("postgresql")
    assert isinstance(sql_type, NativeType)
    for dialect in (postgresql.dialect(), mysql.dialect(), sqlite.dialect()):
        assert sql_type.compile(dialect=dialect) == spec


@pytest.mark.parametrize("dt_", [None, "", "int; drop table x", "varchar(20) --", "a" * 40, "text)", "x(1,2,3)", 5])
def test_anything_else_is_text(dt_):
    assert isinstance(SpecificDBType(column(dt_)).sql_type("sqlite"), sa.Text)


def test_meta_dt_is_the_fallback():
    assert SpecificDBType(column(None, {"dt": "cidr"})).sql_type("postgresql").spec == "cidr"
    assert isinstance(SpecificDBType(None).sql_type("sqlite"), sa.Text)


def test_values_pass_through():
    assert register_field_types() == [SpecificDBType]
    field = SpecificDBType(column("inet"))
    for value in (None, "10.0.0.1", 5, 1.5, True, decimal.Decimal("1.10"), dt.date(2024, 1, 2)):
        assert field.to_db(value) == value
        assert field.to_api(value) == value
    for value in ({"a": 1}, [1, 2]):
        with pytest.raises(FieldValueError, match="expected a single value"):
            field.to_db(value)
    assert field.to_api(ipaddress.ip_address("10.0.0.1")) == "10.0.0.1"
    assert field.to_api(uuid.UUID(int=1)) == "00000000-0000-0000-0000-000000000001"
    assert field.to_api(b"\x00\xff") == "AP8="
    assert field.filter_value("abc") == "abc"
    assert field.search is None
