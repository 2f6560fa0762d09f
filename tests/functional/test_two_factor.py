"""Two-factor sign-in over the API, on every dialect: turning it on (secret, QR code,
confirmation, recovery codes), the second sign-in step, codes used once, recovery codes,
rate limits, turning it off, and the admin's setting that requires it."""

import time

import pyotp
import pytest

from workbench.testing.client import DEFAULT_PASSWORD

pytestmark = pytest.mark.dialects

SIGNIN = "/api/v1/auth/user/signin"
SECOND = "/api/v1/auth/user/signin/2fa"
STATUS = "/api/v1/auth/2fa"
SETUP = "/api/v1/auth/2fa/setup"
ENABLE = "/api/v1/auth/2fa/enable"
DISABLE = "/api/v1/auth/2fa/disable"
RECOVERY = "/api/v1/auth/2fa/recovery-codes"
ME = "/api/v1/auth/user/me"


def code_at(secret: str, steps_ahead: int = 0) -> str:
    totp = pyotp.TOTP(secret)
    return totp.at(time.time() + steps_ahead * totp.interval)


def wrong_code(secret: str) -> str:
    """A six-digit code that is none of the codes accepted now."""
    near = {code_at(secret, n) for n in (-2, -1, 0, 1, 2)}
    return next(c for c in ("000000", "111111", "222222", "333333", "444444", "555555") if c not in near)


def turn_on(client, token) -> tuple[str, list[str]]:
    setup = client.post_json(SETUP, {}, headers=client.auth(token)).json
    codes = client.post_json(ENABLE, {"code": pyotp.TOTP(setup["secret"]).now()}, headers=client.auth(token)).json
    return setup["secret"], codes["recoveryCodes"]


def challenge(client, email="admin@example.com") -> str:
    body = client.post_json(SIGNIN, {"email": email, "password": DEFAULT_PASSWORD}).json
    assert body["twoFactorRequired"] is True
    assert "token" not in body
    return body["challenge"]


def test_setup_shows_the_secret_as_qr_code_and_needs_a_right_code(client, admin):
    headers = client.auth(admin)
    assert client.get(STATUS, headers=headers).json == {"enabled": False, "required": False, "recoveryCodesLeft": 0}
    setup = client.post_json(SETUP, {}, headers=headers).json
    assert setup["uri"].startswith("otpauth://totp/Workbench:admin%40example.com?secret=" + setup["secret"])
    assert setup["qr"].startswith("data:image/svg+xml")
    res = client.post_json(ENABLE, {"code": wrong_code(setup["secret"])}, headers=headers, status=400)
    assert res.json["msg"] == "The code is wrong or was already used"
    # Still off: a password alone signs in.
    assert client.signin("admin@example.com")
    codes = client.post_json(ENABLE, {"code": pyotp.TOTP(setup["secret"]).now()}, headers=headers).json
    assert len(codes["recoveryCodes"]) == 10
    assert len(set(codes["recoveryCodes"])) == 10
    assert client.get(STATUS, headers=headers).json == {"enabled": True, "required": False, "recoveryCodesLeft": 10}
    assert client.get(ME, headers=headers).json["two_factor_enabled"] is True
    # Once on, no new secret can replace it without turning it off.
    client.post_json(SETUP, {}, headers=headers, status=400)


def test_sign_in_asks_for_the_code_after_the_password(client, admin):
    secret, _ = turn_on(client, admin)
    # A wrong password is refused as before, without a challenge.
    client.post_json(SIGNIN, {"email": "admin@example.com", "password": "wrong password!"}, status=400)
    step = challenge(client)
    res = client.post_json(SECOND, {"challenge": step, "code": wrong_code(secret)}, status=400)
    assert res.json["msg"] == "The code is wrong or was already used"
    # A code from the next time step: the confirmation used the current one.
    res = client.post_json(SECOND, {"challenge": step, "code": code_at(secret, 1)})
    assert res.json["token"]
    assert any(h.startswith("refresh_token=") for h in res.headers.getall("Set-Cookie"))
    assert client.get(ME, headers=client.auth(res.json["token"])).json["email"] == "admin@example.com"
    # The same code is not accepted again, nor an older one.
    client.post_json(SECOND, {"challenge": challenge(client), "code": code_at(secret, 1)}, status=400)
    client.post_json(SECOND, {"challenge": challenge(client), "code": code_at(secret)}, status=400)


def test_a_forged_or_outdated_challenge_is_refused(client, admin):
    secret, _ = turn_on(client, admin)
    step = challenge(client)
    res = client.post_json(SECOND, {"challenge": step[:-2] + "xx", "code": code_at(secret, 1)}, status=400)
    assert res.json["msg"] == "This sign-in has expired; sign in again"
    # An access token is no challenge.
    client.post_json(SECOND, {"challenge": admin, "code": code_at(secret, 1)}, status=400)
    # Sessions ended since (sign-out bumps the token version): the challenge is void.
    fresh = client.post_json(SECOND, {"challenge": challenge(client), "code": code_at(secret, 1)}).json["token"]
    client.post("/api/v1/auth/user/signout", headers=client.auth(fresh))
    res = client.post_json(SECOND, {"challenge": step, "code": code_at(secret, 1)}, status=400)
    assert res.json["msg"] == "This sign-in has expired; sign in again"


def test_recovery_codes_sign_in_once_each(client, admin):
    _, codes = turn_on(client, admin)
    assert client.post_json(SECOND, {"challenge": challenge(client), "code": codes[0].upper()}).json["token"]
    client.post_json(SECOND, {"challenge": challenge(client), "code": codes[0]}, status=400)
    assert client.get(STATUS, headers=client.auth(admin)).json["recoveryCodesLeft"] == 9
    new = client.post_json(RECOVERY, {"code": codes[1]}, headers=client.auth(admin)).json["recoveryCodes"]
    assert len(new) == 10
    # The old ones are gone.
    client.post_json(SECOND, {"challenge": challenge(client), "code": codes[2]}, status=400)
    assert client.post_json(SECOND, {"challenge": challenge(client), "code": new[0]}).json["token"]


def test_wrong_codes_are_rate_limited_like_passwords(make_client):
    client = make_client(**{"workbench.rate_limit.sign_in_account": "3/15m", "workbench.rate_limit.store": "memory"})
    admin = client.signup("admin@example.com")
    _secret, codes = turn_on(client, admin)
    step = challenge(client)
    for _ in range(3):
        client.post_json(SECOND, {"challenge": step, "code": "12345-67890"}, status=400)
    res = client.post_json(SECOND, {"challenge": step, "code": codes[0]}, status=429)
    assert "Too many failed sign-ins for this account" in res.json["msg"]


def test_turning_off_needs_a_code(client, admin):
    secret, codes = turn_on(client, admin)
    headers = client.auth(admin)
    client.post_json(DISABLE, {"code": "99999-99999"}, headers=headers, status=400)
    assert client.post_json(DISABLE, {"code": codes[3]}, headers=headers).json["msg"]
    assert client.get(STATUS, headers=headers).json == {"enabled": False, "required": False, "recoveryCodesLeft": 0}
    assert client.signin("admin@example.com")
    client.post_json(DISABLE, {"code": code_at(secret)}, headers=headers, status=400)


def test_the_admin_can_require_it_for_everyone(client, admin):
    user = client.signup("user@example.com")
    # Only the super admin changes the setting.
    client.post_json("/api/v1/app-settings", {"require_two_factor": True}, headers=client.auth(user), status=403)
    client.post_json("/api/v1/app-settings", {"require_two_factor": True}, headers=client.auth(admin))
    assert client.get(ME, headers=client.auth(user)).json["two_factor_required"] is True
    assert client.get(STATUS, headers=client.auth(user)).json["required"] is True
    turn_on(client, user)
    assert client.get(ME, headers=client.auth(user)).json["two_factor_required"] is False


def test_the_account_endpoints_need_a_signed_in_user(client, admin):
    for path in (SETUP, ENABLE, DISABLE, RECOVERY):
        client.post_json(path, {"code": "123456"}, status=401)
    client.get(STATUS, status=401)
