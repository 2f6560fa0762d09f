"""TOTP codes (RFC 6238) as two-factor sign-in checks them: the RFC's SHA-1 test vectors
(their last six digits: a six-digit code is the eight-digit one modulo 10^6), the drift
allowed, and a code never accepted twice."""

import base64

import pytest

from workbench.accounts import twofactor
from workbench.accounts.models import User
from workbench.security import sealing

RFC_SECRET = base64.b32encode(b"12345678901234567890").decode()
#: RFC 6238, appendix B (SHA-1): time -> eight-digit TOTP
RFC_VECTORS = {
    59: "94287082",
    1111111109: "07081804",
    1111111111: "14050471",
    1234567890: "89005924",
    2000000000: "69279037",
    20000000000: "65353130",
}


def user(**values):
    return User(email="a@example.com", **values)


@pytest.mark.parametrize(("when", "code"), sorted(RFC_VECTORS.items()))
def test_rfc_6238_vectors(when, code):
    assert twofactor.check_totp(user(), RFC_SECRET, code[-6:], now=when)
    assert not twofactor.check_totp(user(), RFC_SECRET, f"{(int(code[-6:]) + 1) % 1_000_000:06d}", now=when)


def test_one_step_of_drift_either_side_and_no_more():
    code = RFC_VECTORS[1234567890][-6:]
    assert twofactor.check_totp(user(), RFC_SECRET, code, now=1234567890 + 30)
    assert twofactor.check_totp(user(), RFC_SECRET, code, now=1234567890 - 30)
    assert not twofactor.check_totp(user(), RFC_SECRET, code, now=1234567890 + 60)
    assert not twofactor.check_totp(user(), RFC_SECRET, code, now=1234567890 - 60)


def test_a_code_is_accepted_once_and_earlier_steps_never_after():
    u = user()
    assert twofactor.check_totp(u, RFC_SECRET, "005924", now=1234567890)
    assert u.totp_last_step == 1234567890 // 30
    assert not twofactor.check_totp(u, RFC_SECRET, "005924", now=1234567890)
    # The previous step's code is within the drift, but older than the one used.
    previous = "081804"
    assert not twofactor.check_totp(User(totp_last_step=1111111111 // 30), RFC_SECRET, previous, now=1111111111)


def test_spaces_are_ignored_and_other_shapes_refused():
    assert twofactor.check_totp(user(), RFC_SECRET, " 287 082 ", now=59)
    for bad in ("", "28708", "2870822", "abcdef", "94287082"):
        assert not twofactor.check_totp(user(), RFC_SECRET, bad, now=59)
    assert not twofactor.check_totp(User(email="b@example.com"), None, "287082", now=59)


def test_secrets_are_sealed_under_the_app_secret():
    """A stored secret reads back only with the app secret (and purpose) it was sealed with."""
    app_secret = "s" * 40
    sealed = sealing.seal(app_secret, twofactor.SECRET_PURPOSE, RFC_SECRET)
    assert RFC_SECRET not in sealed
    assert sealed != sealing.seal(app_secret, twofactor.SECRET_PURPOSE, RFC_SECRET)  # a fresh IV each time
    assert sealing.unseal(app_secret, twofactor.SECRET_PURPOSE, sealed) == RFC_SECRET
    assert sealing.unseal("t" * 40, twofactor.SECRET_PURPOSE, sealed) is None
    assert sealing.unseal(app_secret, "another-purpose", sealed) is None
    assert sealing.unseal(app_secret, twofactor.SECRET_PURPOSE, RFC_SECRET) is None
    assert len(sealed) <= 255  # the column's width
