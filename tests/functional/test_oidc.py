"""Single sign-on with an OpenID Connect provider, against a real one started by the test
(oidc-provider on node): success, accounts linked by verified address, wrong state,
replayed code, bad signature, expired ID token, unverified address, invite-only sign-up,
and a provider without its settings."""

import time

import jwt
import pytest

from tests.common.oidc_provider import identity_provider
from workbench.plugin_api import single_sign_on

pytestmark = pytest.mark.dialects

AUTHORIZE = "/api/v1/auth/oidc/authorize"
EXCHANGE = "/api/v1/auth/oidc/genTokenByCode"
ME = "/api/v1/auth/user/me"
RETURN = "http://localhost/signin"


@pytest.fixture(scope="module")
def idp():
    with identity_provider(RETURN) as provider:
        yield provider


@pytest.fixture(autouse=True)
def provider_as_configured(request):
    """Each test meets the provider with its true clock and key set, whatever ran before it
    (tests that change them may run in any order, in any worker)."""
    if "idp" in request.fixturenames:
        request.getfixturevalue("idp").options(clockOffset=0, forgeJwks=False)


@pytest.fixture
def sso(make_client, idp):
    single_sign_on.forget()
    idp.options(clockOffset=0, forgeJwks=False)
    yield make_client(**idp.settings())
    single_sign_on.forget()


def start(client, idp) -> dict:
    res = client.get(AUTHORIZE, status=302)
    assert res.location.startswith(idp.issuer + "/auth?")
    return idp.visit(res.location, RETURN)


def test_signs_in_and_creates_the_account(sso, idp):
    idp.account("first@example.com")
    back = start(sso, idp)
    assert back["state"].startswith("oidc.")
    res = sso.post(EXCHANGE + f"?code={back['code']}&state={back['state']}")
    assert any(h.startswith("refresh_token=") for h in res.headers.getall("Set-Cookie"))
    me = sso.get(ME, headers=sso.auth(res.json["token"])).json
    assert me["email"] == "first@example.com"
    assert me["email_verified"] is True
    assert me["roles"]["super"] is True  # the first account, as a first sign-up
    # The short path the web app uses answers the same way.
    idp.account("second@example.com")
    back = start(sso, idp)
    token = sso.post(f"/auth/oidc/genTokenByCode?code={back['code']}&state={back['state']}").json["token"]
    assert sso.get(ME, headers=sso.auth(token)).json["roles"] == {"org-level-creator": True}


def test_links_an_existing_account_by_verified_address(sso, idp):
    admin = sso.signup("admin@example.com")
    admin_id = sso.get(ME, headers=sso.auth(admin)).json["id"]
    idp.account("Admin@Example.com", sub="someone-else")
    back = start(sso, idp)
    token = sso.post(EXCHANGE, {"code": back["code"], "state": back["state"]}).json["token"]
    assert sso.get(ME, headers=sso.auth(token)).json["id"] == admin_id


def test_an_unverified_address_signs_no_one_in(sso, idp):
    sso.signup("admin@example.com")
    idp.account("admin@example.com", verified=False)
    back = start(sso, idp)
    res = sso.post(EXCHANGE, {"code": back["code"], "state": back["state"]}, status=400)
    assert "has not verified this email address" in res.json["msg"]


def test_a_wrong_state_is_refused(sso, idp):
    idp.account("first@example.com")
    back = start(sso, idp)
    res = sso.post(EXCHANGE, {"code": back["code"], "state": "oidc.somebody-elses"}, status=400)
    assert res.json["msg"] == "This sign-in expired or did not start here; try again"
    # Without the cookie of the start (another browser), the right state is refused too.
    cookie = sso.cookies["wb_oidc"]
    sso.reset()
    sso.post(EXCHANGE, {"code": back["code"], "state": back["state"]}, status=400)
    sso.set_cookie("wb_oidc", cookie)
    assert sso.post(EXCHANGE, {"code": back["code"], "state": back["state"]}).json["token"]


def test_a_code_is_exchanged_once(sso, idp):
    idp.account("first@example.com")
    back = start(sso, idp)
    cookie = sso.cookies["wb_oidc"]
    assert sso.post(EXCHANGE, {"code": back["code"], "state": back["state"]}).json["token"]
    # The start is used up; replayed with its cookie, the provider refuses the code.
    sso.post(EXCHANGE, {"code": back["code"], "state": back["state"]}, status=400)
    sso.set_cookie("wb_oidc", cookie)
    res = sso.post(EXCHANGE, {"code": back["code"], "state": back["state"]}, status=400)
    assert res.json["msg"] == "The identity provider refused this sign-in; try again"


def test_an_id_token_with_a_bad_signature_is_refused(sso, idp):
    idp.account("first@example.com")
    idp.options(forgeJwks=True)  # the provider's key set no longer holds the key that signs
    back = start(sso, idp)
    res = sso.post(EXCHANGE, {"code": back["code"], "state": back["state"]}, status=400)
    assert res.json["msg"] == "The identity provider's answer could not be verified"
    assert sso.get(ME).json["id"] is None


def test_an_expired_id_token_is_refused(make_client, idp):
    single_sign_on.forget()
    client = make_client(**idp.settings())
    idp.options(forgeJwks=False)
    idp.account("first@example.com")
    try:
        back = start(client, idp)
        # The provider's clock runs two hours behind when it issues the ID token (valid for
        # an hour): the token has expired, well past the minute of clock difference allowed.
        idp.options(clockOffset=-7200)
        res = client.post(EXCHANGE, {"code": back["code"], "state": back["state"]}, status=400)
        assert res.json["msg"] == "The identity provider's answer has expired; try again"
    finally:
        idp.options(clockOffset=0)


def test_invite_only_sign_up_refuses_new_accounts(make_client, idp):
    single_sign_on.forget()
    client = make_client(**idp.settings(), **{"workbench.signup": "invite"})
    admin = client.signup("admin@example.com")
    idp.account("stranger@example.com")
    back = start(client, idp)
    res = client.post(EXCHANGE, {"code": back["code"], "state": back["state"]}, status=400)
    assert res.json["msg"] == "Not allowed to signup, contact super admin."
    # Someone invited gets in, and the invitation is accepted.
    client.post_json("/api/v1/users", {"email": "invited@example.com"}, headers=client.auth(admin))
    idp.account("invited@example.com")
    back = start(client, idp)
    token = client.post(EXCHANGE, {"code": back["code"], "state": back["state"]}).json["token"]
    me = client.get(ME, headers=client.auth(token)).json
    assert me["email"] == "invited@example.com"
    assert me["invite_pending"] is False


def test_without_settings_there_is_no_single_sign_on(client):
    assert client.get(AUTHORIZE, status=404).json["msg"] == "Single sign-on is not configured"
    client.post(EXCHANGE, {"code": "x", "state": "oidc.x"}, status=404)
    providers = {p["name"]: p for p in client.get("/api/v1/catalogue").json["authProviders"]}
    assert providers["oidc"]["configured"] is False


def test_a_plain_http_issuer_needs_the_setting(make_client, idp):
    client = make_client(**{**idp.settings(), "workbench.oidc.allow_http": "false"})
    client.get(AUTHORIZE, status=404)


def test_a_forged_unsigned_token_is_refused(sso, idp):
    """alg "none" or a token signed with the client secret is never accepted."""
    from workbench_plugins.auth.oidc.provider import oidc_settings

    conf = oidc_settings(idp.settings())
    doc = single_sign_on.openid_document(conf.url("issuer"), True)
    claims = {
        "iss": idp.issuer,
        "aud": conf.client_id,
        "sub": "x",
        "exp": time.time() + 60,
        "iat": time.time(),
        "nonce": "n",
    }
    for token in (
        jwt.encode(claims, None, algorithm="none"),
        jwt.encode(claims, conf.client_secret, algorithm="HS256"),
    ):
        with pytest.raises(Exception, match="could not be verified"):
            single_sign_on.verify_id_token(doc, conf, token, "n")
