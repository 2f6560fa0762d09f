"""Helpers shared by the browser tests: screenshots, signing in, dialogs, and the projects,
tables and records a test sets up through the API before it opens the browser."""

import json
import re
import time
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import unquote

from playwright.sync_api import expect

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


def parts_table(server, token: str, *, title: str = "Stock", rows=()) -> tuple[dict, dict]:
    """Project `title` with a table "Parts" of Name (the display field) and Qty, holding `rows`."""
    return project_with_table(server, token, title=title, columns=[display_field(), number_field("Qty")], records=rows)


def shop_table(server, token: str, rows=None) -> tuple[dict, dict]:
    """Project "Shop" with a table "Parts" of Name, Qty and a Status select, holding `rows`."""
    columns = [
        display_field(),
        number_field("Qty"),
        {
            "title": "Status",
            "column_name": "status",
            "uidt": "SingleSelect",
            "colOptions": {"options": [{"title": "Todo"}, {"title": "Done"}]},
        },
    ]
    return project_with_table(server, token, columns=columns, records=rows or ())


def list_records(server, token: str, table: dict, limit: int | None = None) -> list[dict]:
    query = "" if limit is None else f"?limit={limit}"
    return server.api("GET", f"/api/v2/tables/{table['id']}/records{query}", token=token)["list"]


def saved_value(server, token: str, table: dict, field: str, value, timeout: float = 10):
    """The first record's ``field`` as the API reads it, once it is ``value`` (or after
    ``timeout`` seconds): a cell shows a value as it is sent, its save is answered a moment
    later."""

    def read():
        return list_records(server, token, table)[0][field]

    wait_until(lambda: read() == value, timeout)
    return read()


def wait_records(server, token: str, table: dict, expected: dict, fields: tuple[str, ...] = ("Name", "Age")) -> dict:
    """Wait until the API reads `fields` as `expected` ({id: (value, ...)}) for the records of
    those ids; what it read of every record."""
    got: dict = {}
    for _ in range(50):
        got = {r["Id"]: tuple(r[f] for f in fields) for r in list_records(server, token, table, limit=100)}
        if all(got.get(pk) == value for pk, value in expected.items()):
            return got
        time.sleep(0.2)
    raise AssertionError(f"records are {got}, expected {expected}")


def grid_cell(page, row: int, col: int):
    """The grid's cell in row `row` (1-based; the header is aria-rowindex 1) at position `col`
    among the row's rendered cells."""
    return page.get_by_test_id("grid-scroll").locator(f".wb-grid-row[aria-rowindex='{row + 1}'] .wb-cell").nth(col)


def field_cell(page, title: str, row: int = 1):
    """The cell of the field titled `title` in grid row `row` (1-based)."""
    header = page.get_by_test_id("column-header").filter(has_text=re.compile(f"^{re.escape(title)}$"))
    expect(header).to_have_count(1)
    # Columns are virtualised: address the cell by the field's column index, not by its
    # position among the cells rendered at this moment.
    col = header.get_attribute("data-col")
    # The header is the grid's row 1 (aria-rowindex), so record row `row` is row + 1.
    return page.get_by_test_id("grid-scroll").locator(
        f".wb-grid-row[aria-rowindex='{row + 1}'] .wb-cell[data-col='{col}']"
    )


def wait_saved(server, table: dict, token: str, name: str, field: str, value) -> None:
    """Wait until the API reads `value` in the field of the record named `name` (a move saves
    in the background)."""
    for _ in range(50):
        records = {r["Name"]: r for r in list_records(server, token, table, limit=1000)}
        current = records[name][field]
        if current == value:
            return
        time.sleep(0.2)
    raise AssertionError(f"{name}.{field} is {current!r}, not {value!r}")


def wait_records_quiet(page, quiet: float = 1.5, timeout: float = 15.0) -> None:
    """Wait until the page has read no records for `quiet` seconds. A page reads its records
    again after its own writes, once their live updates come back (coalesced over a few hundred
    milliseconds), so a test that changes the database behind the page's back waits for those
    reads first, lest one of them show the change before the test means it to."""
    pending: set = set()
    last = [time.monotonic()]

    def started(request) -> None:
        if "/records" in request.url:
            pending.add(request)
            last[0] = time.monotonic()

    def ended(request) -> None:
        if "/records" in request.url:
            pending.discard(request)
            last[0] = time.monotonic()

    page.on("request", started)
    page.on("requestfinished", ended)
    page.on("requestfailed", ended)
    try:
        deadline = time.monotonic() + timeout
        while pending or time.monotonic() - last[0] < quiet:
            if time.monotonic() > deadline:
                raise AssertionError(f"the page was still reading records after {timeout} s")
            page.wait_for_timeout(100)
    finally:
        page.remove_listener("request", started)
        page.remove_listener("requestfinished", ended)
        page.remove_listener("requestfailed", ended)


def drag_and_drop(page, source, target) -> None:
    """An HTML drag and drop of `source` onto `target`: the browser's drag events, in order,
    sharing one DataTransfer (independent of where either sits on a scrolled board)."""
    data = page.evaluate_handle("() => new DataTransfer()")
    source.dispatch_event("dragstart", {"dataTransfer": data})
    target.dispatch_event("dragenter", {"dataTransfer": data})
    target.dispatch_event("dragover", {"dataTransfer": data})
    target.dispatch_event("drop", {"dataTransfer": data})


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


def pick_field_type(page, label: str) -> None:
    """Choose a field type in the field dialog's menu by its label, as a person would."""
    page.get_by_test_id("field-type-select").click()
    page.get_by_test_id("field-type-search").fill(label)
    page.get_by_test_id("field-type-menu").get_by_role("menuitem", name=label, exact=True).click()
    expect(page.get_by_test_id("field-type-select")).to_have_text(label)


def form_input(page, title: str):
    """The text input of a shared form's field, whether its type's editor or the host's
    stand-in (before the type's bundle has loaded) draws it."""
    return page.get_by_test_id(f"form-field-{title}").locator("input:not([type=hidden]), textarea").first


def form_choose(page, title: str, option: str) -> None:
    """Pick one option of a shared form's choice field in its type's editor."""
    field = page.get_by_test_id(f"form-field-{title}")
    field.get_by_test_id("select-option").filter(has_text=option).click()
    expect(field.locator("[data-testid='select-option'][aria-selected='true']")).to_have_text(re.compile(option))


def _hydrated(page) -> None:
    page.wait_for_function("() => window.__wbHydrated === true")


def _dialog_settled(page) -> None:
    """Wait for the dialog's opening transition to end (for a clean screenshot)."""
    page.locator(
        ".bp6-dialog-container:not(.bp6-overlay-enter):not(.bp6-overlay-enter-active)"
        ":not(.bp6-overlay-appear):not(.bp6-overlay-appear-active)"
    ).wait_for()


def _submit_dialog(page, test_id: str) -> None:
    """Submit the open dialog and wait until it has gone (closing dialogs linger while they
    fade out)."""
    page.get_by_test_id(test_id).click()
    expect(page.locator(".bp6-dialog")).to_have_count(0)


def _sign_up_first_user(server) -> str:
    return sign_up(server, EMAIL)


def _use_token(page, token: str) -> None:
    """Start the browser session already signed in (as if signed in earlier): on every page
    load the token is put into the stored settings when they hold none (other settings stay)."""
    page.add_init_script(
        "(() => { const key = 'workbench.settings';"
        " const settings = JSON.parse(window.localStorage.getItem(key) || '{}');"
        f" if (!settings.token) {{ settings.token = {json.dumps(token)};"
        " window.localStorage.setItem(key, JSON.stringify(settings)); } })()"
    )


def wait_until(found, timeout: float, page=None):
    """The first answer of ``found()`` that is not empty, asked every 0.1 s for ``timeout``
    seconds (with a ``page``, its events come in meanwhile); else its last answer."""
    deadline = time.monotonic() + timeout
    while True:
        answer = found()
        if answer or time.monotonic() > deadline:
            return answer
        if page is None:
            time.sleep(0.1)
        else:
            page.wait_for_timeout(100)


def mailed_link(server, email: str, page: str, timeout: float = 10) -> str:
    """The last ``{server}/{page}/{token}`` link mailed to ``email``: the development
    server's log mailer writes each mail to the server log."""
    pattern = re.compile(re.escape(server.url) + "/" + re.escape(page) + r"/[A-Za-z0-9_.%-]+")

    def links() -> list[str]:
        mails = server.log().split("Mail to ")
        return [link for mail in mails if mail.startswith(email + "\n") for link in pattern.findall(mail)]

    found = wait_until(links, timeout)
    assert found, f"no {page} link was mailed to {email}"
    return found[-1]


def _member_token(server, owner_token: str, project_id: str, email: str, role: str) -> str:
    """Invite ``email`` to the project and sign up through the link mailed to it."""
    server.api(
        "POST", f"/api/v1/db/meta/projects/{project_id}/users", {"email": email, "roles": role}, token=owner_token
    )
    token = unquote(mailed_link(server, email, "signup").rsplit("/", 1)[1])
    return sign_up(server, email, token)


@contextmanager
def _live_page(browser, server, token: str, path: str, project_id: str):
    """A page in a browser context of its own signed in with `token`, showing `path` with its
    live updates on (the server has acknowledged the page naming the project). When the block
    ends without failing, the page is checked to be the same document (no reload) and to have
    thrown no error."""
    with fresh_page(browser, server) as page:
        _use_token(page, token)
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(path)
        _wait_live(page, project_id)
        # Marks this document: a reload would drop it.
        page.evaluate("window.__sameDocument = true")
        yield page
        assert page.evaluate("window.__sameDocument") is True
        assert errors == []


def _wait_live(page, project_id: str) -> None:
    page.wait_for_function(
        "(pid) => window.__wbRealtimePage && window.__wbRealtimePage.pid === pid", arg=project_id, timeout=15_000
    )


# Installed before a page's scripts: every toast's text, kept after the toast has gone.
TOAST_RECORDER = """new MutationObserver(() => {
  const seen = (window.__wbToasts ||= []);
  for (const toast of document.querySelectorAll(".bp6-toast")) {
    if (!seen.includes(toast.textContent)) seen.push(toast.textContent);
  }
}).observe(document, { subtree: true, childList: true, characterData: true });"""


def record_toasts(page) -> None:
    """Keep the text of every toast the page shows from its next load on (a toast lasts three
    seconds, which a busy machine can let pass before a check looks)."""
    page.add_init_script(TOAST_RECORDER)


def expect_toast_shown(page, text: str) -> None:
    """A toast containing ``text`` was shown since ``record_toasts`` (it may be gone now)."""
    page.wait_for_function(
        "(text) => (window.__wbToasts || []).some((shown) => shown.includes(text))", arg=text, timeout=15_000
    )


def people_grid(server, page, count: int = 5) -> tuple[str, dict]:
    """Sign the first user up and open the grid of a table "People" (Name, Age) whose record
    i (1 to `count`) is ("Person i", 20 + i); the user's token and the table."""
    token = _sign_up_first_user(server)
    rows = [{"Name": f"Person {i}", "Age": 20 + i} for i in range(1, count + 1)]
    project, table = project_with_table(
        server, token, title="Club", table="People", columns=[display_field(), number_field("Age")], records=rows
    )
    _use_token(page, token)
    page.goto(f"/nc/{project['id']}/table/People")
    expect(field_cell(page, "Name", 1)).to_have_text("Person 1")
    return token, table
