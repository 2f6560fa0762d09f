"""Helpers shared by the browser tests: screenshots, and the projects, tables and records a
test sets up through the API before it opens the browser."""

from contextlib import contextmanager
from pathlib import Path

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
EMAIL = "owner@example.com"
PASSWORD = "correct horse battery staple"


def screenshot(page, name: str) -> None:
    """Save a full-page screenshot to test-artifacts/<name>.png (git-ignored)."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def sign_up(server, email: str, invite_token: str | None = None) -> str:
    """Sign `email` up with PASSWORD (through an invitation when `invite_token` is given);
    returns the new user's token."""
    body = {"email": email, "password": PASSWORD}
    if invite_token:
        body["token"] = invite_token
    return server.api("POST", "/api/v1/auth/user/signup", body)["token"]


def display_field(title: str = "Name") -> dict:
    """A single line text field that is the table's display value (its column named in lower case)."""
    return {"title": title, "column_name": title.lower(), "uidt": "SingleLineText", "pv": True}


def number_field(title: str) -> dict:
    return {"title": title, "column_name": title.lower(), "uidt": "Number"}


def create_project(server, token: str, title: str) -> dict:
    return server.api("POST", "/api/v1/db/meta/projects", {"title": title}, token=token)


def add_table(server, token: str, project_id: str, title: str, columns, records=()) -> dict:
    """Create a table in the project with these columns, then insert `records` (if any) in one
    request; returns the table's metadata (its id and columns)."""
    table = server.api(
        "POST", f"/api/v1/db/meta/projects/{project_id}/tables", {"title": title, "columns": list(columns)}, token=token
    )
    if records:
        add_records(server, token, table, records)
    return table


def add_records(server, token: str, table: dict, records) -> None:
    server.api("POST", f"/api/v2/tables/{table['id']}/records", list(records), token=token)


def project_with_table(
    server, token: str, *, title: str = "Shop", table: str = "Parts", columns=(), records=()
) -> tuple[dict, dict]:
    """A new project `title` holding one table `table` with `columns` (the display field
    "Name" when none are given) and `records`; returns the project and the table as the API
    answered them."""
    project = create_project(server, token, title)
    return project, add_table(server, token, project["id"], table, columns or [display_field()], records)


def list_records(server, token: str, table: dict, limit: int | None = None) -> list[dict]:
    query = "" if limit is None else f"?limit={limit}"
    return server.api("GET", f"/api/v2/tables/{table['id']}/records{query}", token=token)["list"]


def column_id(table: dict, title: str) -> str:
    return next(c["id"] for c in table["columns"] if c["title"] == title)


@contextmanager
def fresh_page(browser, server, locale: str = "en-US"):
    """A page in a browser context of its own (nothing stored: another person's browser), sized
    and timed as the `page` fixture's; the context is closed after the block."""
    context = browser.new_context(base_url=server.url, viewport={"width": 1280, "height": 800}, locale=locale)
    try:
        page = context.new_page()
        page.set_default_timeout(15_000)
        yield page
    finally:
        context.close()
