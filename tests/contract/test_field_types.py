"""Every registered field type passes the contract suite on SQLite, PostgreSQL and MariaDB."""

import pytest

from workbench.db import create_engine
from workbench.plugins import load_plugins
from workbench.testing.field_types import check_declarations, check_field_type

pytestmark = pytest.mark.dialects

FIELD_TYPES = load_plugins({}).registries["field_types"]


@pytest.fixture(scope="module")
def engine(db_url):
    engine = create_engine(db_url)
    yield engine
    engine.dispose()


@pytest.mark.parametrize("name", FIELD_TYPES.names())
def test_field_type_contract(name, engine):
    cls = FIELD_TYPES.get(name)
    check_declarations(cls)
    check_field_type(cls, engine)


def test_every_scalar_type_of_the_issue_is_registered():
    expected = {
        "ID",
        "SingleLineText",
        "LongText",
        "Email",
        "URL",
        "PhoneNumber",
        "Number",
        "Decimal",
        "Currency",
        "Percent",
        "Duration",
        "Rating",
        "Checkbox",
        "SingleSelect",
        "MultiSelect",
        "Date",
        "DateTime",
        "Time",
        "Year",
        "JSON",
        "CreateTime",
        "LastModifiedTime",
    }
    assert expected <= set(FIELD_TYPES.names())


@pytest.mark.parametrize("name", ["QrCode", "Barcode"])
def test_codes_are_virtual_read_only_and_computed_in_sql(name):
    from workbench.fields.interfaces import ComputedInSql, FieldValueError
    from workbench.testing.field_types import example_column

    cls = FIELD_TYPES.get(name)
    ftype = cls(example_column(cls))
    assert isinstance(ftype, ComputedInSql)
    assert cls.read_only
    assert all(ftype.sql_type(dialect) is None for dialect in ("sqlite", "postgresql", "mysql"))
    with pytest.raises(FieldValueError):
        ftype.to_db("x")
