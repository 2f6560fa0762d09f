"""NocoDB's PyPI client (nocodb-simple-client), unchanged, against a live server."""

from tests.clients.python_scenario import run


def test_python_client_scenario(server_url, tmp_path):
    assert run(server_url, tmp_path) == [
        "sign up, sign in, API token",
        "bases, tables, columns",
        "records",
        "links",
        "views, filters and sorts",
        "shared view",
        "attachment upload and download",
        "API token deleted",
    ]
