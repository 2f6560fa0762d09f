"""The rate limits and their settings.

Each rule is an ini setting ``workbench.rate_limit.<name> = <count>/<span>``: at most
``count`` attempts within ``span`` (seconds, or a number with ``s``, ``m``, ``h`` or ``d``).
``0``, ``off`` or an empty value turns the rule off. ``workbench.rate_limit.enabled = false``
turns every rule off.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from workbench.settings import SettingsError

PREFIX = "workbench.rate_limit."
_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
_SPAN = re.compile(r"^\s*(\d+)\s*([smhd]?)\s*$")


@dataclass(frozen=True)
class Rule:
    """At most ``limit`` attempts per key within ``window`` seconds. Past it the key is
    refused for a while: the rest of the window, or, for a rule that ``grows``, the window
    at first and twice as long each time the limit is reached again (up to the
    ``max_delay`` setting), until the key has been quiet for as long as its last delay."""

    name: str
    limit: int
    window: int
    grows: bool
    #: what the refusal says; ``{wait}`` becomes the time to wait, in words
    message: str


#: name: (default, grows, message)
RULES = {
    "sign_in_account": (
        "10/15m",
        True,
        "Too many failed sign-ins for this account; try again in {wait}",
    ),
    "sign_in_address": (
        "100/1h",
        True,
        "Too many failed sign-ins from your network; try again in {wait}",
    ),
    "sign_in_code_address": (
        "30/15m",
        True,
        "Too many failed sign-ins through an identity provider from your network; try again in {wait}",
    ),
    "shared_password": (
        "10/15m",
        True,
        "Too many wrong passwords for this shared link; try again in {wait}",
    ),
    "sign_up_address": (
        "30/1h",
        False,
        "Too many sign-ups from your network; try again in {wait}",
    ),
    "password_reset_account": (
        "5/1h",
        False,
        "Too many password reset requests for this address; try again in {wait}",
    ),
    "source_connect_user": (
        "30/15m",
        False,
        "Too many attempts to connect a database; try again in {wait}",
    ),
}

DEFAULTS = {
    PREFIX + "enabled": "true",
    # Where the counters live: empty = the Redis of workbench.bus.url when it names one,
    # else this process; "memory" = this process; or a redis:// URL.
    PREFIX + "store": "",
    # Proxies whose X-Forwarded-For is believed (addresses or networks, space separated).
    PREFIX + "trusted_proxies": "",
    # The longest a growing delay gets.
    PREFIX + "max_delay": "1d",
    **{PREFIX + name: default for name, (default, _grows, _message) in RULES.items()},
}


def seconds(value: str, setting: str) -> int:
    """``"90"``, ``"15m"``, ``"1h"``, ``"1d"`` in seconds."""
    match = _SPAN.match(str(value))
    if match is None:
        raise SettingsError(f"{setting} must be a number of seconds or a number with s, m, h or d, not {value!r}")
    return int(match.group(1)) * _UNITS[match.group(2) or "s"]


def parse_rule(name: str, value) -> Rule | None:
    """The rule of setting ``name`` (None when it is off)."""
    setting = PREFIX + name
    text = str(value if value is not None else "").strip().lower()
    if text in ("", "0", "off", "none"):
        return None
    count, sep, span = text.partition("/")
    if not sep or not count.strip().isdigit():
        raise SettingsError(f"{setting} must look like 10/15m (attempts/span), not {value!r}")
    limit, window = int(count), seconds(span, setting)
    if limit == 0:
        return None
    if window == 0:
        raise SettingsError(f"{setting} needs a span longer than 0 seconds")
    _default, grows, message = RULES[name]
    return Rule(name=name, limit=limit, window=window, grows=grows, message=message)


def load_rules(settings: dict) -> dict[str, Rule]:
    """The rules in force, by name (none when rate limits are disabled)."""
    from workbench.settings import as_bool

    if not as_bool(settings.get(PREFIX + "enabled", "true")):
        return {}
    rules = {}
    for name, (default, _grows, _message) in RULES.items():
        rule = parse_rule(name, settings.get(PREFIX + name, default))
        if rule is not None:
            rules[name] = rule
    return rules


def in_words(seconds_left: int) -> str:
    """``"45 seconds"``, ``"15 minutes"``, ``"2 hours"``: rounded up to the unit shown."""
    if seconds_left < 60:
        return _plural(max(1, seconds_left), "second")
    if seconds_left < 3600:
        return _plural(-(-seconds_left // 60), "minute")
    return _plural(-(-seconds_left // 3600), "hour")


def _plural(n: int, unit: str) -> str:
    return f"{n} {unit}{'' if n == 1 else 's'}"
