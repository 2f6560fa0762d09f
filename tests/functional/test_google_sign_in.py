"""Sign-in with Google, against a Google-shaped server started by the test on 127.0.0.1
(discovery document, token endpoint, JWKS with a key made here): success, accounts linked
by verified address, wrong state, replayed code, bad signature, expired ID token, another
audience, unverified address, invite-only sign-up, and a provider without its settings."""

from urllib.parse import parse_qs, urlsplit

import pytest
from workbench_plugins.auth.google.provider import google_settings

from tests.common.provider_servers import CLIENT_ID, google_server
from workbench.plugin_api import single_sign_on

pytestmark = pytest.mark.dialects

AUTHORIZE = "/api/v1/auth/google/authorize"
EXCHANGE = "/api/v1/auth/google/genTokenByCode"
ME = "/api/v1/auth/user/me"
INFO = "/api/v1/db/meta/nocodb/info"
RETURN = "http://localhost/signin"


@pytest.fixture(scope="module")
def google():
    with google_server() as server:
        yield server


@pytest.fixture
def client(make_client, google):
    single_sign_on.forget()
    google.options.update(clock_offset=0, forge_jwks=False)
    yield make_client(**google.settings())
    single_sign_on.forget()


def start(client, google) -> dict:
    res = client.get(AUTHORIZE, status=302)
    assert res.location.startswith(google.url + "/o/oauth2/v2/auth?")
    return google.visit(res.location)


def finish(client, back, status=200):
    return client.post(EXCHANGE, {"code": back["code"], "state": back["state"]}, status=status)


def test_the_start_asks_for_a_code_with_pkce_state_and_nonce(client, google):
    res = client.get(AUTHORIZE, status=302)
    query = {k: v[0] for k, v in parse_qs(urlsplit(res.location).query).items()}
    assert query["response_type"] == "code"
    assert query["client_id"] == CLIENT_ID
    assert query["redirect_uri"] == RETURN
    assert query["scope"] == "openid email profile"
    assert query["state"].startswith("google.")
    assert len(query["nonce"]) >= 32
    assert query["code_challenge_method"] == "S256"
    assert "wb_google=" in res.headers["Set-Cookie"]
    assert "HttpOnly" in res.headers["Set-Cookie"]
    # The short path the sign-in page's button opens does the same.
    assert client.get("/auth/google", status=302).location.startswith(google.url)


def test_signs_in_and_creates_the_account(client, google):
    google.sign_in_as("first@example.com")
    res = finish(client, start(client, google))
    assert any(h.startswith("refresh_token=") for h in res.headers.getall("Set-Cookie"))
    me = client.get(ME, headers=client.auth(res.json["token"])).json
    assert (me["email"], me["email_verified"], me["firstname"]) == ("first@example.com", True, "Ada")
    assert me["roles"]["super"] is True  # the first account, as a first sign-up
    # The short path the web app uses answers the same way.
    google.sign_in_as("second@example.com")
    back = start(client, google)
    token = client.post(f"/auth/google/genTokenByCode?code={back['code']}&state={back['state']}").json["token"]
    assert client.get(ME, headers=client.auth(token)).json["roles"] == {"org-level-creator": True}


def test_a_new_account_takes_the_apps_language_and_keeps_the_one_chosen(client, google):
    google.sign_in_as("first@example.com")
    back = start(client, google)
    token = client.post(
        EXCHANGE, {"code": back["code"], "state": back["state"]}, headers={"Accept-Language": "de-DE"}
    ).json
    me = client.get(ME, headers=client.auth(token["token"])).json
    assert me["lang"] == "de"
    client.patch_json("/api/v1/user/profile", {"lang": "fr"}, headers=client.auth(token["token"]))
    back = start(client, google)
    again = client.post(
        EXCHANGE, {"code": back["code"], "state": back["state"]}, headers={"Accept-Language": "ja"}
    ).json
    assert client.get(ME, headers=client.auth(again["token"])).json["lang"] == "fr"


def test_links_an_existing_account_by_verified_address(client, google):
    admin = client.signup("admin@example.com")
    admin_id = client.get(ME, headers=client.auth(admin)).json["id"]
    google.sign_in_as("Admin@Example.com")
    token = finish(client, start(client, google)).json["token"]
    assert client.get(ME, headers=client.auth(token)).json["id"] == admin_id


def test_an_unverified_address_signs_no_one_in(client, google):
    client.signup("admin@example.com")
    google.sign_in_as("admin@example.com", verified=False)
    res = finish(client, start(client, google), status=400)
    assert "has not verified this email address" in res.json["msg"]


def test_a_wrong_state_is_refused(client, google):
    google.sign_in_as("first@example.com")
    back = start(client, google)
    res = client.post(EXCHANGE, {"code": back["code"], "state": "google.somebody-elses"}, status=400)
    assert res.json["msg"] == "This sign-in expired or did not start here; try again"
    # Without the cookie of the start (another browser), the right state is refused too.
    cookie = client.cookies["wb_google"]
    client.reset()
    finish(client, back, status=400)
    client.set_cookie("wb_google", cookie)
    assert finish(client, back).json["token"]


def test_a_code_is_exchanged_once(client, google):
    google.sign_in_as("first@example.com")
    back = start(client, google)
    cookie = client.cookies["wb_google"]
    assert finish(client, back).json["token"]
    # The start is used up; replayed with its cookie, Google refuses the code.
    finish(client, back, status=400)
    client.set_cookie("wb_google", cookie)
    assert finish(client, back, status=400).json["msg"] == "The identity provider refused this sign-in; try again"


def test_an_id_token_with_a_bad_signature_is_refused(client, google):
    google.sign_in_as("first@example.com")
    google.options["forge_jwks"] = True  # the published key is not the one that signs
    res = finish(client, start(client, google), status=400)
    assert res.json["msg"] == "The identity provider's answer could not be verified"
    assert client.get(ME).json["id"] is None


def test_an_expired_id_token_is_refused(client, google):
    google.sign_in_as("first@example.com")
    back = start(client, google)
    # Google's clock runs two hours behind when it issues the ID token (valid for an hour).
    google.options["clock_offset"] = -7200
    res = finish(client, back, status=400)
    assert res.json["msg"] == "The identity provider's answer has expired; try again"


@pytest.mark.parametrize(
    "changes",
    [{"aud": "another-client"}, {"iss": "https://accounts.google.com"}, {"nonce": "another"}, {"nonce": None}],
    ids=["audience", "issuer", "nonce", "no-nonce"],
)
def test_an_id_token_for_someone_else_is_refused(client, google, changes):
    """An ID token for another client, from another issuer, or of another start."""
    doc = single_sign_on.openid_document(google.url, True)
    grant = {"account": {"sub": "x", "email": "x@example.com", "verified": True}, "nonce": "mine"}
    token = google.id_token(grant, **changes)
    conf = google_settings(google.settings())
    with pytest.raises(Exception, match="could not be verified"):
        single_sign_on.verify_id_token(doc, conf, token, "mine")
    # The same token as it should be passes.
    assert single_sign_on.verify_id_token(doc, conf, google.id_token(grant), "mine")["sub"] == "x"


def test_invite_only_sign_up_refuses_new_accounts(make_client, google):
    single_sign_on.forget()
    client = make_client(**google.settings(), **{"workbench.signup": "invite"})
    admin = client.signup("admin@example.com")
    google.sign_in_as("stranger@example.com")
    res = finish(client, start(client, google), status=400)
    assert res.json["msg"] == "Not allowed to signup, contact super admin."
    # Someone invited gets in, and the invitation is accepted.
    client.post_json("/api/v1/users", {"email": "invited@example.com"}, headers=client.auth(admin))
    google.sign_in_as("invited@example.com")
    token = finish(client, start(client, google)).json["token"]
    me = client.get(ME, headers=client.auth(token)).json
    assert (me["email"], me["invite_pending"]) == ("invited@example.com", False)


def test_app_info_tells_whether_google_is_configured(client, make_client):
    assert client.get(INFO).json["googleAuthEnabled"] is True
    providers = {p["name"]: p for p in client.get("/api/v1/catalogue").json["authProviders"]}
    assert providers["google"]["configured"] is True
    assert providers["google"]["kind"] == "redirect"


def test_without_settings_there_is_no_google_sign_in(make_client, google):
    plain = make_client()
    assert plain.get(INFO).json["googleAuthEnabled"] is False
    assert plain.get(AUTHORIZE, status=404).json["msg"] == "Sign-in with Google is not configured"
    plain.post(EXCHANGE, {"code": "x", "state": "google.x"}, status=404)
    providers = {p["name"]: p for p in plain.get("/api/v1/catalogue").json["authProviders"]}
    assert providers["google"]["configured"] is False
    # A client id without its secret is not enough; nor is a plain-http issuer not allowed.
    half = {k: v for k, v in google.settings().items() if not k.endswith("client_secret")}
    assert make_client(**half).get(INFO).json["googleAuthEnabled"] is False
    plain_http = {**google.settings(), "workbench.google.allow_http": "false"}
    assert make_client(**plain_http).get(INFO).json["googleAuthEnabled"] is False
