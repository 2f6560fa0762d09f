"""Counting attempts and refusing past a rule: reserved before the work, given back on
success, and a delay that grows each time the limit is reached again."""

import pytest

from workbench.errors import TooManyRequests
from workbench.ratelimits.limiter import RateLimiter
from workbench.ratelimits.rules import load_rules
from workbench.ratelimits.stores import MemoryStore


class Clock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


@pytest.fixture
def clock():
    return Clock()


def limiter(clock, **settings):
    rules = load_rules({f"workbench.rate_limit.{k}": v for k, v in settings.items()})
    return RateLimiter(rules, MemoryStore(clock=clock), max_delay=4 * 3600)


def fail(limiter, times, *key, name="sign_in_account"):
    for _ in range(times):
        limiter.attempt(name, *key)


def test_past_the_limit_refused_with_the_wait(clock):
    lim = limiter(clock)
    fail(lim, 10, "a@example.com")
    with pytest.raises(TooManyRequests) as refused:
        lim.attempt("sign_in_account", "a@example.com")
    assert refused.value.status == 429
    assert refused.value.retry_after == 900
    assert refused.value.msg == "Too many failed sign-ins for this account; try again in 15 minutes"
    lim.attempt("sign_in_account", "b@example.com")  # another key is not affected
    clock.now += 600
    with pytest.raises(TooManyRequests) as again:
        lim.attempt("sign_in_account", "a@example.com")
    assert again.value.retry_after == 300


def test_the_delay_grows_each_time_and_is_capped(clock):
    lim = limiter(clock)
    waits = []
    for _ in range(6):
        fail(lim, 10, "a")
        with pytest.raises(TooManyRequests) as refused:
            lim.attempt("sign_in_account", "a")
        waits.append(refused.value.retry_after)
        clock.now += refused.value.retry_after
    assert waits == [900, 1800, 3600, 7200, 14400, 14400]


def test_a_quiet_key_starts_over(clock):
    lim = limiter(clock)
    fail(lim, 10, "a")
    with pytest.raises(TooManyRequests):
        lim.attempt("sign_in_account", "a")
    clock.now += 900 + 2 * 900  # the delay, then as long again without a strike
    fail(lim, 10, "a")
    with pytest.raises(TooManyRequests) as refused:
        lim.attempt("sign_in_account", "a")
    assert refused.value.retry_after == 900


def test_given_back_attempts_do_not_count(clock):
    lim = limiter(clock)
    for _ in range(50):
        lim.attempt("shared_password", "view", "1.2.3.4").release()
    fail(lim, 10, "view", "1.2.3.4", name="shared_password")
    with pytest.raises(TooManyRequests):
        lim.attempt("shared_password", "view", "1.2.3.4")


def test_reset_forgets_failures_and_strikes(clock):
    lim = limiter(clock)
    fail(lim, 10, "a")
    with pytest.raises(TooManyRequests):
        lim.attempt("sign_in_account", "a")
    clock.now += 900
    fail(lim, 9, "a")
    lim.attempt("sign_in_account", "a").reset()
    fail(lim, 10, "a")
    with pytest.raises(TooManyRequests) as refused:
        lim.attempt("sign_in_account", "a")
    assert refused.value.retry_after == 900  # not 1800: the strike was forgotten


def test_fixed_window_rules_wait_for_the_window(clock):
    lim = limiter(clock)
    fail(lim, 30, "1.2.3.4", name="sign_up_address")
    clock.now += 1200
    with pytest.raises(TooManyRequests) as refused:
        lim.attempt("sign_up_address", "1.2.3.4")
    assert refused.value.retry_after == 2400
    assert refused.value.msg == "Too many sign-ups from your network; try again in 40 minutes"
    clock.now += 2400
    lim.attempt("sign_up_address", "1.2.3.4")


def test_several_rules_give_back_when_one_refuses(clock):
    lim = limiter(clock, sign_in_account="1/1h")
    lim.attempts(("sign_in_address", "1.2.3.4"), ("sign_in_account", "a"))
    for _ in range(20):
        with pytest.raises(TooManyRequests):
            lim.attempts(("sign_in_address", "1.2.3.4"), ("sign_in_account", "a"))
    assert lim.store.get("sign_in_address:" + _key("1.2.3.4") + ":n")[0] == 1


def test_rules_switched_off_count_nothing(clock):
    lim = limiter(clock, sign_in_account="off")
    assert lim.attempt("sign_in_account", "a") is None
    assert len(lim.store) == 0


def _key(*parts):
    from workbench.ratelimits.limiter import _digest

    return _digest(parts)
