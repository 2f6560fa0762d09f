"""View types are plugins: each built-in is registered, and a disabled one is hidden."""

import pytest

from tests.functional.views.conftest import META, Ctx
from workbench.testing.tables import create_table
from workbench.views.types import PUBLIC_FORM

from .conftest import COLUMNS

pytestmark = pytest.mark.dialects


def test_builtin_view_types_are_plugins(app):
    types = app.registry["view_types"]
    assert {(t.name, t.type, t.path) for t in types} == {
        ("grid", 3, "grids"),
        ("form", 1, "forms"),
        ("gallery", 2, "galleries"),
        ("kanban", 4, "kanbans"),
        ("calendar", 6, "calendars"),
    }
    assert types.owner("kanban") == "view_kanban"
    assert {t.name for t in types if t.public == PUBLIC_FORM} == {"form"}


def test_disabled_view_type_is_hidden(make_client):
    client = make_client(**{"workbench.plugins.disabled": "view_kanban"})
    admin = client.signup("admin@example.com")
    project = client.create_project(admin, "P")
    ctx = Ctx(client, admin, project, create_table(client, admin, project["id"], "T", COLUMNS))
    board = ctx.create("kanbans", {"title": "Board"}, status=404)
    assert "msg" in board
    ctx.create("galleries", {"title": "Cards"})
    # A kanban made while the plugin was enabled is hidden, not deleted.
    import sqlalchemy as sa

    from workbench.tables.models import View

    engine = client.app.registry["db_engine"]
    with engine.begin() as conn:
        conn.execute(
            sa.insert(View.__table__).values(
                id="vw_oldkanban0001",
                table_id=ctx.table["id"],
                title="Old",
                type="kanban",
                is_default=False,
                lock_type="collaborative",
                order=9,
                created_at=sa.func.now(),
                updated_at=sa.func.now(),
            )
        )
    assert {v["title"] for v in ctx.views()} == {"T", "Cards"}
    table = client.get(f"{META}/tables/{ctx.table['id']}", headers=ctx.h).json
    assert {v["title"] for v in table["views"]} == {"T", "Cards"}
    client.patch_json(f"{META}/views/vw_oldkanban0001", {"title": "New"}, headers=ctx.h, status=404)
    client.get(f"{META}/kanbans/vw_oldkanban0001", headers=ctx.h, status=404)
    plugins = {p["name"]: p for p in client.get("/api/v1/plugins", headers=ctx.h).json["list"]}
    assert plugins["view_kanban"]["enabled"] is False
    assert plugins["view_kanban"]["kind"] == "view_type"
    assert plugins["view_form"]["enabled"] is True
