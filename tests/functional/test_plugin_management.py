"""Managing plugins: the plugin list says what each provides and needs and its problems, an
unknown name in ``workbench.plugins.disabled`` stops start-up, a plugin whose dependency is
missing or disabled is left out (and says why), and a UI bundle built for another plugin
API version is reported."""

from __future__ import annotations

import sys
import textwrap

import pytest

from workbench.fields.interfaces import FieldType
from workbench.hookspecs import hookimpl
from workbench.plugins import UnknownPluginError
from workbench.testing.app import make_app
from workbench.testing.client import Client
from workbench.testing.plugins import app_with_plugins


def _listing(client: Client) -> dict:
    token = client.signup("owner@example.com")
    return {p["name"]: p for p in client.get("/api/v1/plugins", headers=client.auth(token)).json["list"]}


def test_the_plugin_list_says_what_each_plugin_provides_and_needs(make_client):
    plugins = _listing(make_client())
    numbers = plugins["field_numbers"]
    assert set(numbers) == {"name", "version", "kind", "enabled", "module", "provides", "requires", "problems"}
    numeric = ["Number", "Decimal", "Currency", "Percent", "Duration", "Rating", "Year"]
    assert numbers["provides"]["fieldTypes"] == numeric
    assert numbers["provides"]["viewTypes"] == []
    assert plugins["view_kanban"]["provides"]["viewTypes"] == ["kanban"]
    assert plugins["importer_csv"]["provides"]["importers"] == ["csv"]
    assert plugins["password"]["provides"]["authProviders"] == ["password"]
    assert plugins["field_lookup_rollup"]["requires"] == ["field_links", "field_dates"]
    assert plugins["field_barcode"]["requires"] == ["field_qrcode"]
    assert all(p["problems"] == [] and p["enabled"] for p in plugins.values())


def test_an_unknown_disabled_name_stops_start_up_naming_the_known_plugins(tmp_path):
    with pytest.raises(UnknownPluginError) as raised:
        make_app(f"sqlite:///{tmp_path / 'meta.db'}", tmp_path, **{"workbench.plugins.disabled": "view_grid kanban"})
    message = str(raised.value)
    assert "unknown plugin(s): kanban." in message
    assert "view_kanban" in message
    assert "field_numbers" in message


def test_a_disabled_dependency_leaves_its_dependents_out(make_client):
    client = make_client(**{"workbench.plugins.disabled": "field_links"})
    plugins = _listing(client)
    lookups = plugins["field_lookup_rollup"]
    assert lookups["enabled"] is False
    assert lookups["problems"] == ["needs plugin 'field_links', which is disabled"]
    assert plugins["field_links"]["enabled"] is False
    assert plugins["field_links"]["problems"] == []
    uidts = {t["uidt"] for t in client.get("/api/v1/catalogue").json["fieldTypes"]}
    assert not uidts & {"Links", "Lookup", "Rollup", "Count"}
    assert {"Number", "Formula"} <= uidts
    # the links APIs belong to the links plugin: gone with it
    token = client.signin("owner@example.com")
    links = client.get("/api/v2/tables/t/links/f/records/1", headers=client.auth(token), status=404)
    assert links.json == {"msg": "Not found"}


class Stars(FieldType):
    name = "Stars"

    def sql_type(self, dialect):
        import sqlalchemy as sa

        return sa.Integer()


class NeedsMissing:
    """A plugin needing one that is not installed."""

    requires = ("workbench_moon",)

    @hookimpl
    def register_field_types(self):
        return [Stars]


def test_a_missing_dependency_leaves_the_plugin_out_naming_both(tmp_path):
    app = app_with_plugins(tmp_path, ("stars", NeedsMissing()))
    try:
        client = Client(app)
        stars = _listing(client)["stars"]
        assert stars["enabled"] is False
        assert stars["requires"] == ["workbench_moon"]
        assert stars["problems"] == ["needs plugin 'workbench_moon', which is not installed"]
        assert "Stars" not in {t["uidt"] for t in client.get("/api/v1/catalogue").json["fieldTypes"]}
    finally:
        app.registry["db_engine"].dispose()


def test_a_plugin_whose_dependency_is_there_is_loaded(tmp_path):
    plugin = NeedsMissing()
    plugin.requires = ("field_numbers",)
    app = app_with_plugins(tmp_path, ("stars", plugin))
    try:
        client = Client(app)
        stars = _listing(client)["stars"]
        assert (stars["enabled"], stars["problems"], stars["provides"]["fieldTypes"]) == (True, [], ["Stars"])
        entry = next(t for t in client.get("/api/v1/catalogue").json["fieldTypes"] if t["uidt"] == "Stars")
        assert (entry["plugin"], entry["group"], entry["icon"]) == ("stars", "other", "cube")
    finally:
        app.registry["db_engine"].dispose()


@pytest.fixture
def bundled_plugin(tmp_path, monkeypatch):
    """A plugin package with a UI bundle whose manifest names plugin API version 99."""
    package = tmp_path / "wb_test_bundled"
    (package / "static").mkdir(parents=True)
    (package / "__init__.py").write_text(
        textwrap.dedent("""
            from workbench.hookspecs import hookimpl

            class Moons:
                name = "Moons"
                label = "type.Moons"
                icon = "moon"

            @hookimpl
            def register_field_types():
                return [Moons]
        """)
    )
    (package / "messages.json").write_text('{"en": {"type.Moons": "Moons"}, "de": {"type.Moons": "Monde"}}')
    (package / "static" / "index.js").write_text("export default {}")
    (package / "static" / "manifest.json").write_text('{"apiVersion": 99}')
    monkeypatch.syspath_prepend(str(tmp_path))
    import wb_test_bundled

    yield wb_test_bundled
    sys.modules.pop("wb_test_bundled", None)


def test_a_bundle_built_for_another_api_version_is_a_problem(tmp_path, bundled_plugin):
    app = app_with_plugins(tmp_path / "app", ("moons", bundled_plugin))
    try:
        client = Client(app)
        moons = _listing(client)["moons"]
        assert moons["enabled"] is True
        assert moons["problems"] == ["its UI bundle is built for plugin API version 99; the server speaks version 1"]
        catalogue = client.get("/api/v1/catalogue?lang=de").json
        assert catalogue["bundles"]["moons"]["apiVersion"] == 99
        assert catalogue["bundles"]["moons"]["url"].startswith("/plugins-ui/moons/index.js?v=")
        entry = next(t for t in catalogue["fieldTypes"] if t["uidt"] == "Moons")
        assert (entry["bundle"], entry["icon"]) == ("moons", "moon")
        assert catalogue["messages"]["plugin.moons.type.Moons"] == "Monde"
    finally:
        app.registry["db_engine"].dispose()


def test_the_plugins_command_shows_what_each_provides(tmp_path, capsys):
    from workbench import __version__, cli

    ini = tmp_path / "test.ini"
    ini.write_text(f"[app:main]\nuse = egg:workbench\nsqlalchemy.url = sqlite:///{tmp_path / 'meta.db'}\n")
    assert cli.main(["-c", str(ini), "plugins"]) == 0
    out = capsys.readouterr().out
    kanban = next(line for line in out.splitlines() if line.startswith("view_kanban "))
    assert kanban.split() == ["view_kanban", __version__, "view_type", "yes", "kanban"]
    assert "field_lookup_rollup needs field_links, field_dates" in out
    ini.write_text(ini.read_text() + "workbench.plugins.disabled = kanban\n")
    assert cli.main(["-c", str(ini), "plugins"]) == 2
    assert "unknown plugin(s): kanban" in capsys.readouterr().err
