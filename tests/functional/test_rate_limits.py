"""Rate limits of sign-in, sign-up and password reset requests, through the API with the
default settings: past a limit the answer is 429 with ``Retry-After`` and a message, and
the password is not even checked."""

import pytest

from workbench.testing.client import DEFAULT_PASSWORD

SIGNIN = "/api/v1/auth/user/signin"
SIGNUP = "/api/v1/auth/user/signup"
FORGOT = "/api/v1/auth/password/forgot"


class Clock:
    def __init__(self, start: float):
        self.now = start

    def __call__(self):
        return self.now


@pytest.fixture
def clock(client, monkeypatch):
    """The rate limits' clock, moved by hand (restored after the test)."""
    store = client.app.registry["rate_limiter"].store
    found = Clock(store.clock())
    monkeypatch.setattr(store, "clock", found)
    return found


def signin(client, email, password, status, address="192.0.2.10"):
    return client.post_json(
        SIGNIN, {"email": email, "password": password}, status=status, extra_environ={"REMOTE_ADDR": address}
    )


def test_wrong_passwords_then_the_right_one_does_not_sign_in(client, admin):
    client.signup("ann@example.com")
    client.reset()
    for attempt in range(200):
        res = signin(client, "ann@example.com", "not my password", status=(400, 429))
        if attempt < 10:
            assert res.status_int == 400, attempt
        else:
            assert res.status_int == 429, attempt
    res = signin(client, "ann@example.com", DEFAULT_PASSWORD, status=429)
    assert "token" not in res.json
    assert "refresh_token" not in res.headers.get("Set-Cookie", "")
    assert res.json["msg"].startswith("Too many failed sign-ins for this account; try again in ")
    assert 0 < int(res.headers["Retry-After"]) <= 900
    # Another account from the same address is not locked.
    signin(client, "admin@example.com", DEFAULT_PASSWORD, status=200)


def test_an_unknown_address_is_limited_the_same(client, admin):
    for _ in range(10):
        signin(client, "nobody@example.com", "whatever it is", status=400)
    res = signin(client, "nobody@example.com", "whatever it is", status=429)
    assert res.json["msg"].startswith("Too many failed sign-ins for this account")


def test_the_delay_grows_and_a_right_password_clears_the_failures(client, admin, clock):
    client.signup("ann@example.com")
    waits = []
    for _ in range(3):
        for _ in range(10):
            signin(client, "ann@example.com", "wrong password!", status=400)
        waits.append(int(signin(client, "ann@example.com", "wrong password!", status=429).headers["Retry-After"]))
        clock.now += waits[-1]
    assert waits == [900, 1800, 3600]
    # Nine failures and a right password: the account's count starts over.
    for _ in range(9):
        signin(client, "ann@example.com", "wrong password!", status=400)
    assert signin(client, "ann@example.com", DEFAULT_PASSWORD, status=200).json["token"]
    for _ in range(10):
        signin(client, "ann@example.com", "wrong password!", status=400)
    res = signin(client, "ann@example.com", "wrong password!", status=429)
    assert res.headers["Retry-After"] == "900"


def test_failures_per_client_address(client, admin):
    for n in range(100):
        signin(client, f"user{n % 20}@example.com", "wrong password!", status=400, address="198.51.100.7")
    res = signin(client, "admin@example.com", DEFAULT_PASSWORD, status=429, address="198.51.100.7")
    assert res.json["msg"].startswith("Too many failed sign-ins from your network; try again in ")
    assert int(res.headers["Retry-After"]) == 3600
    # Another address signs in; right passwords do not count as failures.
    for _ in range(120):
        signin(client, "admin@example.com", DEFAULT_PASSWORD, status=200, address="198.51.100.8")


def test_forwarded_address_counts_only_behind_a_trusted_proxy(make_client):
    trusting = make_client(
        **{"workbench.rate_limit.trusted_proxies": "127.0.0.1", "workbench.rate_limit.sign_in_address": "3/1h"}
    )
    trusting.signup("admin@example.com")

    def attempt(client, forwarded, status, peer="127.0.0.1"):
        return client.post_json(
            SIGNIN,
            {"email": f"x{forwarded}@example.com", "password": "wrong password!"},
            status=status,
            extra_environ={"REMOTE_ADDR": peer, "HTTP_X_FORWARDED_FOR": forwarded},
        )

    for _ in range(3):
        attempt(trusting, "198.51.100.1", 400)
    attempt(trusting, "198.51.100.1", 429)
    attempt(trusting, "198.51.100.2", 400)  # another client behind the same proxy
    # A peer that is not a trusted proxy counts as itself, whatever it forwards.
    for n in range(3):
        attempt(trusting, f"203.0.113.{n}", 400, peer="192.0.2.99")
    attempt(trusting, "203.0.113.50", 429, peer="192.0.2.99")


def test_sign_ups_per_address(client, admin):
    for n in range(29):  # the admin's sign-up counted as one
        client.post_json(SIGNUP, {"email": f"u{n}@example.com", "password": DEFAULT_PASSWORD})
    res = client.post_json(SIGNUP, {"email": "late@example.com", "password": DEFAULT_PASSWORD}, status=429)
    assert res.json["msg"].startswith("Too many sign-ups from your network; try again in ")
    assert 0 < int(res.headers["Retry-After"]) <= 3600
    signin(client, "late@example.com", DEFAULT_PASSWORD, status=400)  # no account was made
    client.post_json(
        SIGNUP,
        {"email": "late@example.com", "password": DEFAULT_PASSWORD},
        extra_environ={"REMOTE_ADDR": "192.0.2.44"},
    )


def test_password_reset_requests_per_account(client, admin):
    for _ in range(5):
        client.post_json(FORGOT, {"email": "admin@example.com"})
    res = client.post_json(FORGOT, {"email": "ADMIN@example.com "}, status=429)
    assert res.json["msg"].startswith("Too many password reset requests for this address; try again in ")
    assert 0 < int(res.headers["Retry-After"]) <= 3600
    client.post_json(FORGOT, {"email": "someone@example.com"})


def test_limits_switched_off(make_client):
    c = make_client(**{"workbench.rate_limit.enabled": "false"})
    c.signup("admin@example.com")
    for _ in range(15):
        signin(c, "admin@example.com", "wrong password!", status=400)
    signin(c, "admin@example.com", DEFAULT_PASSWORD, status=200)


def test_processes_on_one_redis_share_the_counts(make_client):
    """Two apps (as two server processes) counting in the same Redis: failures on one count
    on the other."""
    settings = {"workbench.rate_limit.store": "redis://127.0.0.1:6379/13"}
    one, two = make_client(**settings), make_client(**settings)
    one.app.registry["rate_limiter"].store.clear()
    try:
        one.signup("admin@example.com")
        for _ in range(5):
            signin(one, "admin@example.com", "wrong password!", status=400)
        for _ in range(5):
            signin(two, "admin@example.com", "wrong password!", status=400)
        res = signin(one, "admin@example.com", DEFAULT_PASSWORD, status=429)
        assert res.json["msg"].startswith("Too many failed sign-ins for this account")
    finally:
        one.app.registry["rate_limiter"].store.clear()
