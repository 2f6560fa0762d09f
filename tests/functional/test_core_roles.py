"""The core finds the types it needs by the roles they declare, not by their names: a new
table's primary key and timestamps, the type of an untyped column, the default view. A
plugin replacing a built-in under another name takes its place; without any type for a
role the core cannot do without, the start stops naming the role."""

import types

import pytest
import sqlalchemy as sa
from sqlalchemy.orm import Session
from workbench_plugins.field_types.id import ID
from workbench_plugins.field_types.text.types import SingleLineText
from workbench_plugins.views.grid import Grid

from workbench.fields.roles import MissingFieldType
from workbench.plugin_api import hookimpl
from workbench.tables.models import Column, View
from workbench.testing.client import Client
from workbench.testing.plugins import app_with_plugins
from workbench.views.kinds import MissingViewType


class RecordKey(ID):
    name = "RecordKey"


class PlainText(SingleLineText):
    name = "PlainText"


class Sheet(Grid):
    name = "sheet"
    path = "sheets"


def _replacement():
    """A plugin providing the key, the default text type and the default view under
    names of its own."""

    @hookimpl
    def register_field_types():
        return [RecordKey, PlainText]

    @hookimpl
    def register_view_types():
        return [Sheet]

    return types.SimpleNamespace(register_field_types=register_field_types, register_view_types=register_view_types)


def _meta(app, table_id: str) -> tuple[list[tuple[str, str, bool]], list[str]]:
    with Session(app.registry["db_engine"]) as session:
        columns = session.execute(
            sa.select(Column.title, Column.uidt, Column.system)
            .where(Column.table_id == table_id)
            .order_by(Column.order)
        ).all()
        views = session.scalars(sa.select(View.type).where(View.table_id == table_id)).all()
    return [tuple(c) for c in columns], list(views)


def test_a_new_table_takes_its_key_text_and_view_types_from_their_roles(tmp_path):
    app = app_with_plugins(
        tmp_path,
        ("replacement", _replacement()),
        **{"workbench.plugins.disabled": "field_id field_text view_grid field_dates"},
    )
    client = Client(app)
    token = client.signup("admin@example.com")
    project = client.create_project(token, "P")
    table = client.post_json(
        f"/api/v1/db/meta/projects/{project['id']}/tables",
        {"title": "T", "columns": [{"title": "Name"}]},
        headers=client.auth(token),
    ).json
    columns, views = _meta(app, table["id"])
    # no enabled type keeps the timestamps (field_dates is disabled): the table has none
    assert columns == [("Id", "RecordKey", False), ("Name", "PlainText", False)]
    assert views == ["sheet"]


def test_the_built_in_roles_give_the_usual_table(tmp_path):
    app = app_with_plugins(tmp_path)
    client = Client(app)
    token = client.signup("admin@example.com")
    project = client.create_project(token, "P")
    table = client.post_json(
        f"/api/v1/db/meta/projects/{project['id']}/tables",
        {"title": "T", "columns": [{"title": "Name"}]},
        headers=client.auth(token),
    ).json
    columns, views = _meta(app, table["id"])
    assert columns == [
        ("Id", "ID", False),
        ("Name", "SingleLineText", False),
        ("CreatedAt", "CreateTime", True),
        ("UpdatedAt", "LastModifiedTime", True),
    ]
    assert views == ["grid"]


@pytest.mark.parametrize(
    ("disabled", "error", "named"),
    [
        ("field_id", MissingFieldType, "system_role = 'id'"),
        ("field_text", MissingFieldType, "default_text = True"),
        ("view_grid", MissingViewType, "default = True"),
    ],
)
def test_without_a_type_for_a_needed_role_the_start_stops(tmp_path, disabled, error, named):
    with pytest.raises(error, match=named.replace("(", r"\(")):
        app_with_plugins(tmp_path, **{"workbench.plugins.disabled": disabled})
