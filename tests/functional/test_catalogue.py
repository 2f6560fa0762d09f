"""The plugin catalogue through the API and the page: the public part for visitors, all of it
for signed-in users, the texts of one language, the boot state of the first HTML response,
and a disabled plugin gone from it."""

from __future__ import annotations

import json
import re

import pytest

from workbench.openapi import OPENAPI_PATH

PUBLIC = {"apiVersion", "authProviders", "fieldTypes", "viewTypes", "bundles", "messages"}
TEMPLATE = (
    '<!doctype html><html lang="<!--app-lang-->"><head><!--app-state--></head><body><!--ssr-outlet--></body></html>'
)


def _uidts(catalogue: dict) -> set[str]:
    return {t["uidt"] for t in catalogue["fieldTypes"]}


@pytest.mark.parametrize("path", ["/api/v1/catalogue", "/api/v2/catalogue"])
def test_signed_out_visitors_get_the_public_part(client, path):
    catalogue = client.get(path).json
    assert set(catalogue) == PUBLIC
    providers = {p["name"]: p for p in catalogue["authProviders"]}
    assert sorted(providers) == ["github", "google", "oidc", "password"]
    assert providers["password"]["configured"] is True
    # Single sign-on without its settings: listed, not configured.
    assert [providers[name]["configured"] for name in ("oidc", "google", "github")] == [False, False, False]
    assert {"Rating", "Links", "Attachment"} <= _uidts(catalogue)
    rating = next(t for t in catalogue["fieldTypes"] if t["uidt"] == "Rating")
    assert rating["plugin"] == "field_numbers"
    assert catalogue["messages"][rating["label"]] == "Rating"
    assert not any(key.startswith("plugin.importer_") for key in catalogue["messages"])


def test_signed_in_users_get_the_importers_notifiers_and_database_clients_too(client, admin):
    catalogue = client.get("/api/v1/catalogue", headers=client.auth(admin)).json
    assert set(catalogue) == PUBLIC | {"importers", "notifiers", "databaseClients"}
    csv = next(i for i in catalogue["importers"] if i["name"] == "csv")
    assert csv["extensions"] == ["csv"]
    assert csv["mediaTypes"] == ["text/csv"]
    assert csv["optionKeys"] == ["firstRowAsHeaders", "encoding", "delimiter"]
    assert catalogue["messages"][csv["label"]] == "CSV file"
    notifiers = {n["name"]: n for n in catalogue["notifiers"]}
    assert list(notifiers) == ["URL", "Email", "Slack", "Microsoft Teams", "Discord", "Mattermost"]
    url = notifiers["URL"]
    assert (url["plugin"], url["bundle"], url["icon"]) == ("notify_url", "notify_url", "globe-network")
    assert catalogue["messages"][url["label"]] == "A web address"
    assert url["settings"]["required"] == ["path"]
    assert catalogue["messages"][url["settings"]["properties"]["headers"]["title"]] == "Headers"
    assert notifiers["Slack"]["bundle"] == "notify_chat"
    assert catalogue["messages"][notifiers["Slack"]["label"]] == "Slack"


def test_a_bad_token_gets_the_public_part(client):
    catalogue = client.get("/api/v1/catalogue", headers=client.auth("not-a-token")).json
    assert "importers" not in catalogue
    assert "notifiers" not in catalogue


def test_the_texts_are_in_the_language_asked(client, admin):
    asked = client.get("/api/v1/catalogue?lang=de", headers=client.auth(admin)).json
    assert asked["messages"]["plugin.field_numbers.type.Rating"] == "Bewertung"
    assert asked["messages"]["plugin.view_kanban.label"] == "Kanban"
    assert asked["messages"]["plugin.importer_excel.label"] == "Excel-Tabelle"
    # the same keys in every language
    english = client.get("/api/v1/catalogue?lang=en", headers=client.auth(admin)).json
    assert set(asked["messages"]) == set(english["messages"])
    by_cookie = client.get("/api/v1/catalogue", headers={"Cookie": "wb_lang=fr"}).json
    assert by_cookie["messages"]["plugin.field_text.type.LongText"] == "Texte long"
    by_header = client.get("/api/v1/catalogue", headers={"Accept-Language": "ja,en;q=0.5"}).json
    assert by_header["messages"]["plugin.field_dates.type.Date"] == "日付"
    assert client.get("/api/v1/catalogue?lang=pt-BR").json["messages"]["plugin.view_grid.label"] == "Grade"


def test_a_ui_bundles_texts_come_in_one_language(client):
    """A plugin with a UI bundle gets all its texts in the catalogue, in the language asked
    for only: the bundle itself does not carry them."""
    english = client.get("/api/v1/catalogue?lang=en").json["messages"]
    german = client.get("/api/v1/catalogue?lang=de").json["messages"]
    assert english["plugin.view_grid.setting.row_height"] == "Row height"
    assert german["plugin.view_grid.setting.row_height"] != "Row height"
    assert german["plugin.view_grid.common.undo"] == "Rückgängig"
    bundles = client.get("/api/v1/catalogue").json["bundles"]
    grid = client.get(bundles["view_grid"]["url"]).text
    assert "Rückgängig" not in grid
    assert '"Row height"' not in grid


def test_an_unknown_language_is_refused(client):
    response = client.get("/api/v1/catalogue?lang=xx", status=400)
    assert response.json == {"msg": "Unknown language 'xx'"}
    # an empty one is no choice: the default applies
    assert client.get("/api/v1/catalogue?lang=").json["messages"]["plugin.view_grid.label"] == "Grid"


def test_the_catalogue_is_in_the_openapi_document(client):
    document = client.get(OPENAPI_PATH).json
    operation = document["paths"]["/api/v1/catalogue"]["get"]
    assert [p["name"] for p in operation.get("parameters", [])] == ["lang"]


def test_a_disabled_plugin_is_gone_from_the_catalogue(make_client):
    client = make_client(**{"workbench.plugins.disabled": "view_kanban field_barcode importer_excel notify_chat"})
    token = client.signup("owner@example.com")
    catalogue = client.get("/api/v1/catalogue", headers=client.auth(token)).json
    assert "kanban" not in {v["name"] for v in catalogue["viewTypes"]}
    assert "grid" in {v["name"] for v in catalogue["viewTypes"]}
    assert "Barcode" not in _uidts(catalogue)
    assert "QrCode" in _uidts(catalogue)
    assert [i["name"] for i in catalogue["importers"]] == ["csv", "json"]
    assert [n["name"] for n in catalogue["notifiers"]] == ["URL", "Email"]
    assert not any(
        key.startswith(("plugin.view_kanban.", "plugin.field_barcode.", "plugin.notify_chat."))
        for key in catalogue["messages"]
    )


def _fake_build(dist):
    """A frontend build of one route in English and German (no Node needed)."""
    (dist / "shells").mkdir(parents=True)
    (dist / "index.html").write_text(TEMPLATE)
    (dist / "shells" / "aaaa0000.html").write_text("<main>Sign in</main>")
    (dist / "shells" / "bbbb0000.html").write_text("<main>Anmelden</main>")
    manifest = {
        "template": "index.html",
        "routes": [{"path": "/signin", "regex": "^/signin/?$"}, {"path": "*", "regex": None, "notFound": True}],
        "shells": {"en": ["aaaa0000", "aaaa0000"], "de": ["bbbb0000", "bbbb0000"]},
    }
    (dist / "shells" / "manifest.json").write_text(json.dumps(manifest))


def _state(html: str) -> dict:
    match = re.search(r"<script nonce=\"[^\"]+\">window.__WB_STATE__=(.*?);</script>", html)
    assert match, html
    return json.loads(match.group(1))


def test_the_page_carries_the_catalogue_of_its_language(make_client, tmp_path):
    _fake_build(tmp_path / "dist")
    client = make_client(**{"workbench.web.dist": str(tmp_path / "dist")})
    state = _state(client.get("/signin", headers={"Accept-Language": "de-DE"}).text)
    catalogue = state["catalogue"]
    assert set(catalogue) == PUBLIC
    assert catalogue == client.get("/api/v1/catalogue?lang=de").json
    assert catalogue["messages"]["plugin.field_numbers.type.Rating"] == "Bewertung"
    assert all(value for value in catalogue["messages"].values())
    # the bundles the page lists are the catalogue's
    assert {b["id"]: b["url"] for b in state["plugins"]} == {k: v["url"] for k, v in catalogue["bundles"].items()}
    english = _state(client.get("/signin").text)["catalogue"]
    assert english["messages"]["plugin.field_numbers.type.Rating"] == "Rating"


def test_the_page_says_when_the_server_watches_bundles(make_client, tmp_path):
    """workbench.plugins.watch (plugin development): the page learns it and reloads when a
    bundle is rebuilt; otherwise it is not told."""
    _fake_build(tmp_path / "dist")
    dist = {"workbench.web.dist": str(tmp_path / "dist")}
    assert "pluginsWatch" not in _state(make_client(**dist).get("/signin").text)
    watching = make_client(**dist, **{"workbench.plugins.watch": "true"})
    assert _state(watching.get("/signin").text)["pluginsWatch"] is True
