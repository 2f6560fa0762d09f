"""The rate limits' settings: rules read from the ini, their defaults, and bad values."""

import pytest

from workbench.ratelimits.rules import in_words, load_rules, parse_rule, seconds
from workbench.settings import SettingsError


def test_defaults():
    rules = load_rules({})
    assert {name: (r.limit, r.window, r.grows) for name, r in rules.items()} == {
        "sign_in_account": (10, 900, True),
        "sign_in_address": (100, 3600, True),
        "sign_in_code_address": (30, 900, True),
        "shared_password": (10, 900, True),
        "sign_up_address": (30, 3600, False),
        "password_reset_account": (5, 3600, False),
        "source_connect_user": (30, 900, False),
    }


def test_settings_change_and_switch_off_rules():
    rules = load_rules(
        {
            "workbench.rate_limit.sign_in_account": "3/90",
            "workbench.rate_limit.sign_up_address": "off",
            "workbench.rate_limit.password_reset_account": "0",
            "workbench.rate_limit.shared_password": "",
            "workbench.rate_limit.sign_in_code_address": "off",
            "workbench.rate_limit.source_connect_user": "off",
        }
    )
    assert (rules["sign_in_account"].limit, rules["sign_in_account"].window) == (3, 90)
    assert set(rules) == {"sign_in_account", "sign_in_address"}
    assert load_rules({"workbench.rate_limit.enabled": "false"}) == {}


@pytest.mark.parametrize(("text", "expected"), [("45", 45), ("45s", 45), ("15m", 900), ("2h", 7200), ("1d", 86400)])
def test_spans(text, expected):
    assert seconds(text, "x") == expected


@pytest.mark.parametrize("value", ["ten/15m", "10", "10/15x", "10/0", "-1/15m"])
def test_bad_rules_stop_the_start(value):
    with pytest.raises(SettingsError, match=r"workbench\.rate_limit\.sign_in_account"):
        parse_rule("sign_in_account", value)


def test_waits_in_words():
    assert in_words(1) == "1 second"
    assert in_words(59) == "59 seconds"
    assert in_words(61) == "2 minutes"
    assert in_words(900) == "15 minutes"
    assert in_words(3600) == "1 hour"
    assert in_words(5401) == "2 hours"
