"""Sign-in with GitHub, against a GitHub-shaped server started by the test on 127.0.0.1
(authorization, token endpoint, ``/user`` and ``/user/emails``): success, only the primary
verified address, wrong state, replayed code, a wrong PKCE verifier, unverified address,
invite-only sign-up, a provider without its settings, and the rate limit of code exchanges
(every provider's)."""

from urllib.parse import parse_qs, urlsplit

import pytest

from tests.common.provider_servers import CLIENT_ID, github_server
from workbench.openapi import OPENAPI_PATH

pytestmark = pytest.mark.dialects

AUTHORIZE = "/api/v1/auth/github/authorize"
EXCHANGE = "/api/v1/auth/github/genTokenByCode"
ME = "/api/v1/auth/user/me"
INFO = "/api/v1/db/meta/nocodb/info"


@pytest.fixture(scope="module")
def github():
    with github_server() as server:
        yield server


@pytest.fixture
def client(make_client, github):
    return make_client(**github.settings())


def start(client, github) -> dict:
    res = client.get(AUTHORIZE, status=302)
    assert res.location.startswith(github.url + "/login/oauth/authorize?")
    return github.visit(res.location)


def finish(client, back, status=200, address="192.0.2.20"):
    return client.post(
        EXCHANGE, {"code": back["code"], "state": back["state"]}, status=status, extra_environ={"REMOTE_ADDR": address}
    )


def test_the_start_asks_for_a_code_with_pkce_and_state(client, github):
    res = client.get(AUTHORIZE, status=302)
    query = {k: v[0] for k, v in parse_qs(urlsplit(res.location).query).items()}
    assert query["client_id"] == CLIENT_ID
    assert query["redirect_uri"] == "http://localhost/signin"
    assert query["scope"] == "read:user user:email"
    # The web app tells GitHub's return by the state's prefix.
    assert query["state"].startswith("github.")
    assert query["code_challenge_method"] == "S256"


def test_signs_in_with_the_primary_verified_address(client, github):
    github.sign_in_as("first@example.com")
    res = finish(client, start(client, github))
    assert any(h.startswith("refresh_token=") for h in res.headers.getall("Set-Cookie"))
    me = client.get(ME, headers=client.auth(res.json["token"])).json
    assert (me["email"], me["email_verified"], me["firstname"]) == ("first@example.com", True, "Ada Lovelace")
    assert me["roles"]["super"] is True
    # The short path the web app uses answers the same way; an existing account is linked.
    back = start(client, github)
    token = client.post(f"/auth/github/genTokenByCode?code={back['code']}&state={back['state']}").json["token"]
    assert client.get(ME, headers=client.auth(token)).json["id"] == me["id"]


def test_only_the_primary_address_counts(client, github):
    admin = client.signup("admin@example.com")
    # The account's other address is verified and is an existing account's: not used.
    github.sign_in_as("new@example.com", verified=False, extra_emails=["admin@example.com"])
    res = finish(client, start(client, github), status=400)
    assert "has not verified this email address" in res.json["msg"]
    assert client.get("/api/v1/users", headers=client.auth(admin)).json["pageInfo"]["totalRows"] == 1


def test_a_wrong_state_is_refused(client, github):
    github.sign_in_as("first@example.com")
    back = start(client, github)
    res = client.post(EXCHANGE, {"code": back["code"], "state": "github.somebody-elses"}, status=400)
    assert res.json["msg"] == "This sign-in expired or did not start here; try again"
    # A start of another provider is not GitHub's either.
    client.post(EXCHANGE, {"code": back["code"], "state": "github"}, status=400)
    assert finish(client, back).json["token"]


def test_a_code_is_exchanged_once(client, github):
    github.sign_in_as("first@example.com")
    back = start(client, github)
    cookie = client.cookies["wb_github"]
    assert finish(client, back).json["token"]
    finish(client, back, status=400)
    client.set_cookie("wb_github", cookie)
    # GitHub answers a used code with 200 and an error: refused all the same.
    assert finish(client, back, status=400).json["msg"] == "The identity provider refused this sign-in; try again"


def test_the_code_needs_the_verifier_of_its_start(client, github):
    """A code sent back with another start's state (a code injected into this browser's
    sign-in) fails: its PKCE challenge is not that start's verifier's."""
    github.sign_in_as("first@example.com")
    first = start(client, github)
    second = start(client, github)  # this browser's start now
    res = client.post(EXCHANGE, {"code": first["code"], "state": second["state"]}, status=400)
    assert res.json["msg"] == "The identity provider refused this sign-in; try again"
    assert client.get(ME).json["id"] is None


def test_invite_only_sign_up_refuses_new_accounts(make_client, github):
    client = make_client(**github.settings(), **{"workbench.signup": "invite"})
    admin = client.signup("admin@example.com")
    github.sign_in_as("stranger@example.com")
    res = finish(client, start(client, github), status=400)
    assert res.json["msg"] == "Not allowed to signup, contact super admin."
    client.post_json("/api/v1/users", {"email": "invited@example.com"}, headers=client.auth(admin))
    github.sign_in_as("invited@example.com")
    token = finish(client, start(client, github)).json["token"]
    assert client.get(ME, headers=client.auth(token)).json["invite_pending"] is False


def test_app_info_tells_whether_github_is_configured(client, make_client, github):
    assert client.get(INFO).json["githubAuthEnabled"] is True
    plain = make_client()
    assert plain.get(INFO).json["githubAuthEnabled"] is False
    assert plain.get(AUTHORIZE, status=404).json["msg"] == "Sign-in with GitHub is not configured"
    providers = {p["name"]: p for p in plain.get("/api/v1/catalogue").json["authProviders"]}
    assert providers["github"]["configured"] is False
    # Plain-http endpoints only where allowed.
    plain_http = {**github.settings(), "workbench.github.allow_http": "false"}
    assert make_client(**plain_http).get(INFO).json["githubAuthEnabled"] is False


def test_failed_code_exchanges_are_rate_limited(make_client, github):
    client = make_client(**github.settings(), **{"workbench.rate_limit.sign_in_code_address": "3/15m"})
    github.sign_in_as("first@example.com")
    back = start(client, github)
    # A sign-in that succeeds gives its try back.
    assert finish(client, back).json["token"]
    for _ in range(3):
        finish(client, {"code": "guess", "state": "github.guess"}, status=400)
    back = start(client, github)
    res = finish(client, back, status=429)
    assert res.json["msg"].startswith("Too many failed sign-ins through an identity provider from your network")
    assert int(res.headers["Retry-After"]) > 0
    # The code was not even tried: it still works from another network.
    assert finish(client, back, address="198.51.100.7").json["token"]


def test_the_views_are_documented_at_every_path(client):
    paths = client.get(OPENAPI_PATH).json["paths"]
    start = paths["/api/v1/auth/github/authorize"]["get"]
    assert start["summary"].startswith("Start sign-in with GitHub")
    for path in ("/api/v1/auth/github/genTokenByCode", "/api/v2/auth/github/genTokenByCode"):
        finish = paths[path]["post"]
        assert finish["summary"].startswith("Finish sign-in with GitHub")
        assert {p["name"]: p["description"] for p in finish["parameters"]} == {
            "code": "the code GitHub returned",
            "state": "the state GitHub returned",
        }
    # The short forms answer too.
    assert client.get("/auth/github", status=302).location.startswith("http")
