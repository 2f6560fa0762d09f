"""A schema-driven fuzz run of the OpenAPI document: every operation gets a bounded number
of generated requests (paths, queries, headers and bodies from the document's schemas), with
real ids filled in through hooks most of the time, once as the super admin and once with an
API token. Any 5xx, any traceback in a body and any error logged with a traceback fails it.

    WORKBENCH_FUZZ_EXAMPLES=6   examples per operation and caller (default 6)
    WORKBENCH_FUZZ_RANDOM=1     new examples on every run (default: the same ones each run)

The failures are listed together at the end, each with the request that made it.
"""

from __future__ import annotations

import hashlib
import logging
import os
import time
from pathlib import Path

import pytest
import schemathesis
import sqlalchemy as sa
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from schemathesis.generation.modes import GenerationMode

from tests.fuzz.world import META, World
from workbench.accounts.models import ApiToken, User
from workbench.accounts.passwords import Argon2Hasher
from workbench.meta.base import new_id
from workbench.openapi import OPENAPI_PATH
from workbench.security.tokens import new_api_token, token_hash
from workbench.testing.app import make_app
from workbench.testing.client import DEFAULT_PASSWORD, Client
from workbench.testing.mail import mail_settings, memory_mail_plugin

pytestmark = pytest.mark.fuzz

EXAMPLES = int(os.environ.get("WORKBENCH_FUZZ_EXAMPLES") or 6)
RANDOM = os.environ.get("WORKBENCH_FUZZ_RANDOM") == "1"
#: the server would fetch the URLs it is given: no fuzzed address may be reached from here
NEVER = ("upload-by-url",)
#: operations that may end or change the callers' credentials: they are restored after each
CREDENTIALS = ("/auth/", "/tokens", "/users")
#: of every five cases, this many name real objects (the others keep what was generated)
REAL_OF_FIVE = 4
CREDENTIAL_HEADERS = ("xc-auth", "xc-token", "authorization")
#: the share of operations that must have succeeded at least once: 203 of 450 (45.1%) do
#: with an API token on a quiet run, and 202 did once in a whole-suite run on a busy
#: machine, so the bar sits a few operations below rather than half of one
MIN_ANSWERED = 0.44


class Callers:
    """The super admin's access token and API token, made again whenever a fuzzed request
    may have ended them (sign-out, password change, a token deleted, ...)."""

    def __init__(self, app, admin_id: str):
        self.app = app
        self.admin_id = admin_id
        self.api_token = new_api_token()
        self.password_hash = Argon2Hasher(app.registry.settings).hash(DEFAULT_PASSWORD)
        self.jwt = ""
        self.restore()

    def restore(self) -> None:
        engine = self.app.registry["db_engine"]
        with engine.begin() as conn:
            conn.execute(
                sa.update(User).where(User.id == self.admin_id).values(password_hash=self.password_hash, blocked=False)
            )
            user = conn.execute(
                sa.select(User.email, User.token_version, User.roles).where(User.id == self.admin_id)
            ).one()
            if (
                conn.execute(sa.select(ApiToken.id).where(ApiToken.token_hash == token_hash(self.api_token))).first()
                is None
            ):
                conn.execute(
                    sa.insert(ApiToken).values(
                        id=new_id("tk_"),
                        user_id=self.admin_id,
                        description="fuzz",
                        token_hash=token_hash(self.api_token),
                        token_hint=self.api_token[:8],
                    )
                )
        self.jwt = self.app.registry["jwt_codec"].create(
            self.admin_id, tv=user.token_version, email=user.email, roles=user.roles
        )

    def headers(self, who: str) -> dict[str, str]:
        return {"xc-auth": self.jwt} if who == "super admin" else {"xc-token": self.api_token}


def served(app):
    """``app`` as a server runs it: the answer read whole, then closed (as every WSGI server
    does; the fuzzer's own test client leaves a file's answer open)."""

    def serve(environ, start_response):
        answer = app(environ, start_response)
        try:
            return [b"".join(answer)]
        finally:
            close = getattr(answer, "close", None)
            if close is not None:
                close()

    return serve


class Tracebacks(logging.Handler):
    """Errors logged with a traceback while a request is served."""

    def __init__(self):
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info:
            self.records.append(record)


@pytest.fixture(scope="module")
def fuzz(tmp_path_factory):
    data = tmp_path_factory.mktemp("fuzz")
    plugin, _outbox = memory_mail_plugin()
    app = make_app(f"sqlite:///{Path(data) / 'meta.db'}", data, **mail_settings(plugin))
    client = Client(app)
    admin = client.signup("admin@example.com")
    world = World(client, admin)
    kept = world.build("kept", "member@example.com")
    spare = world.build("spare", "spare@example.com")
    admin_id = client.get("/api/v1/auth/user/me", headers=client.auth(admin)).json["id"]
    schemas = [
        schemathesis.openapi.from_wsgi(OPENAPI_PATH, served(app)),
        # The kept project's own document: its tables' records, with their fields' types.
        schemathesis.openapi.from_wsgi(
            f"{META}/projects/{kept.values['project_id']}/swagger.json", served(app), headers=client.auth(admin)
        ),
    ]
    for schema in schemas:
        schema.hook("map_path_parameters")(lambda context, params: real_ids(context.operation, params, kept, spare))
        schema.hook("map_headers")(lambda _context, headers: callers_only(headers))
    yield app, schemas, Callers(app, admin_id)
    app.registry["db_engine"].dispose()


def callers_only(headers: dict | None) -> dict | None:
    """Credentials generated from the document's security schemes are dropped from most
    cases (the callers' own are sent instead); the others keep them, garbage as they are."""
    if not headers or _digest(headers)[0] % 5 == 0:
        return headers
    return {key: value for key, value in headers.items() if key.lower() not in CREDENTIAL_HEADERS}


def _digest(values: dict) -> bytes:
    return hashlib.sha256(repr(sorted(values.items())).encode()).digest()


def real_ids(operation, params: dict, kept, spare) -> dict:
    """Most cases name real objects: the spare ones for a deletion, else the kept ones."""
    if not params:
        return params
    digest = _digest(params)
    if digest[0] % 5 >= REAL_OF_FIVE:
        return params
    objects = spare if operation.method.upper() == "DELETE" else kept
    values, path = objects.values, operation.path
    out = dict(params)
    if "view_path" in params:
        view_path = sorted(objects.views)[digest[1] % len(objects.views)]
        out["view_path"] = view_path
        if "view_id" in params:
            out["view_id"] = objects.views[view_path]
    for name in params:
        if name in ("view_path",) or (name == "view_id" and "view_path" in params):
            continue
        if name == "uuid":
            out[name] = values["base_uuid"] if "shared-base" in path else values["view_uuid"]
        elif name in ("token", "name") and ("/download/" in path or "/dltemp/" in path):
            out[name] = objects.file[1] if name == "token" else objects.file[2]
        elif name in ("expires", "signature"):
            out[name] = objects.signed[0] if name == "expires" else objects.signed[1]
        elif name in values:
            out[name] = values[name]
        elif name in ("rowId", "recordId"):  # the project document's names
            out[name] = values["row_id"]
    return out


def cases(operation):
    """Requests the document allows, and requests it does not (a wrong type, a missing
    required part, ...), half and half."""
    return st.one_of(operation.as_strategy(GenerationMode.POSITIVE), operation.as_strategy(GenerationMode.NEGATIVE))


def fuzz_operation(
    operation, who: str, callers: Callers, tracebacks: Tracebacks, failures: list[str], answered: set[str]
) -> int:
    """Run the examples of one operation; answers how many requests were sent. ``answered``
    gets the operation when one of its requests succeeded."""
    label = f"{operation.method.upper()} {operation.path}"
    resets_credentials = any(part in operation.path for part in CREDENTIALS)
    sent = 0

    @given(case=cases(operation))
    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        derandomize=not RANDOM,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    def check(case):
        nonlocal sent
        sent += 1
        before = len(tracebacks.records)
        try:
            response = case.call(headers=callers.headers(who))
        except Exception as exc:  # the server's answer could not even be read
            failures.append(f"{label}: {exc!r}\n  {case.as_curl_command()}")
            return
        finally:
            if resets_credentials:
                callers.restore()
        text = response.text or ""
        if response.status_code < 400:
            answered.add(label)
        if response.status_code >= 500 or "Traceback (most recent call last)" in text:
            failures.append(f"{label}: {response.status_code} {text[:300]}\n  {case.as_curl_command()}")
        for record in tracebacks.records[before:]:
            failures.append(
                f"{label}: logged {record.getMessage()} ({record.exc_info[1]!r})\n  {case.as_curl_command()}"
            )

    check()
    return sent


@pytest.mark.parametrize("who", ["super admin", "api token"])
def test_no_operation_fails_on_the_server(fuzz, who):
    _app, schemas, callers = fuzz
    failures: list[str] = []
    tracebacks = Tracebacks()
    logging.getLogger().addHandler(tracebacks)
    started, sent, answered, labels = time.monotonic(), 0, set(), []
    try:
        for result in (item for schema in schemas for item in schema.get_all_operations()):
            operation = result.ok()
            if not any(part in operation.path for part in NEVER):
                labels.append(f"{operation.method.upper()} {operation.path}")
                sent += fuzz_operation(operation, who, callers, tracebacks, failures, answered)
    finally:
        logging.getLogger().removeHandler(tracebacks)
    operations, never = len(labels), [label for label in labels if label not in answered]
    elapsed = time.monotonic() - started
    print(
        f"fuzz as {who}: {operations} operations, {sent} requests in {elapsed:.0f} s,"
        f" {len(answered)} operations answered with success at least once, {len(failures)} failures"
    )
    assert not failures, f"{len(failures)} failing requests:\n" + "\n".join(failures[:50])
    # The cases reached the objects behind the routes, not only their 404s and 400s.
    assert len(answered) >= operations * MIN_ANSWERED, sorted(never)
