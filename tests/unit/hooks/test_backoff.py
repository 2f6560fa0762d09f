"""Retry waits double from ``backoff`` up to ``max_backoff``: with the defaults the fourth
attempt comes 35 s after the first (within a minute), later ones wait longer."""

from workbench.hooks.delivery import backoff
from workbench.hooks.settings import HookSettings


def test_the_fourth_attempt_is_within_a_minute_and_waits_grow_to_the_maximum():
    settings = HookSettings.from_settings({})
    waits = [backoff(settings, n) for n in range(1, 12)]
    assert waits[:4] == [5, 10, 20, 40]
    assert sum(waits[:3]) == 35  # attempts at 0, 5, 15 and 35 s
    assert waits == sorted(waits)
    assert max(waits) == settings.max_backoff == 3600


def test_settings_are_read_from_the_ini():
    settings = HookSettings.from_settings({"workbench.webhooks.backoff": "1", "workbench.webhooks.max_backoff": "3"})
    assert [backoff(settings, n) for n in range(1, 5)] == [1, 2, 3, 3]
