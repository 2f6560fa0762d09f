"""Signed download links: stable within a bucket, bound to the key and the expiry, refused
once expired."""

import pytest

from workbench.storage import keys
from workbench.storage.signing import BUCKET, SIGNED_PREFIX, InvalidSignature, Signer

KEY = keys.Key("p_one", "A" * 24, "a.png")
OTHER = keys.Key("p_one", "B" * 24, "a.png")


def signer(now=1_000_000.0, secret="s" * 40):
    return Signer(secret, ttl=3600, clock=lambda: now)


def parts(path):
    assert path.startswith(SIGNED_PREFIX)
    expires, signature, rest = path.removeprefix(SIGNED_PREFIX).split("/", 2)
    return expires, signature, rest


def test_links_are_stable_within_a_bucket_and_last_at_least_the_ttl():
    first = signer(1_000_000.0).signed_path(KEY)
    assert signer(1_000_000.0 + 1).signed_path(KEY) == first
    expires, _signature, rest = parts(first)
    assert rest == str(KEY)
    assert 1_000_000 + 3600 <= int(expires) < 1_000_000 + 3600 + BUCKET


def test_a_valid_link_passes():
    s = signer()
    expires, signature, _ = parts(s.signed_path(KEY))
    s.check(KEY, expires, signature)


@pytest.mark.parametrize(
    "change",
    [
        lambda e, sig: (OTHER, e, sig),
        lambda e, sig: (KEY, str(int(e) + 1), sig),
        lambda e, sig: (KEY, e, sig[:-1] + ("A" if sig[-1] != "A" else "B")),
        lambda e, sig: (KEY, "x" + e, sig),
        lambda e, sig: (KEY, e, "é"),
    ],
)
def test_tampering_is_refused(change):
    s = signer()
    expires, signature, _ = parts(s.signed_path(KEY))
    with pytest.raises(InvalidSignature, match="Invalid download link"):
        s.check(*change(expires, signature))


def test_another_secret_does_not_verify():
    expires, signature, _ = parts(signer(secret="t" * 40).signed_path(KEY))
    with pytest.raises(InvalidSignature):
        signer().check(KEY, expires, signature)


def test_expired_links_are_refused():
    expires, signature, _ = parts(signer().signed_path(KEY))
    with pytest.raises(InvalidSignature, match="expired"):
        signer(now=int(expires) + 1).check(KEY, expires, signature)


def test_ttl_must_be_positive():
    with pytest.raises(ValueError, match="signed_url_ttl"):
        Signer.from_settings({"workbench.secret": "s" * 40, "workbench.attachments.signed_url_ttl": "0"})
