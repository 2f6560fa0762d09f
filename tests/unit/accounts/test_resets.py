"""Where reset links point: never at a host the caller chose, in production."""

import types

from workbench.accounts.resets import reset_link, site_url


def request(env="development", site=""):
    registry = types.SimpleNamespace(settings={"workbench.env": env, "workbench.site_url": site})
    return types.SimpleNamespace(registry=registry, application_url="http://evil.example")


def test_the_configured_site_url_wins():
    assert site_url(request(site="https://wb.example.com/")) == "https://wb.example.com"
    assert site_url(request("production", "https://wb.example.com")) == "https://wb.example.com"


def test_development_falls_back_on_the_request_address():
    assert site_url(request()) == "http://evil.example"


def test_production_without_a_site_url_has_no_links():
    assert site_url(request("production")) is None


def test_the_token_is_escaped_in_the_link():
    assert reset_link("https://wb.example.com", "a/b?c") == "https://wb.example.com/reset-password/a%2Fb%3Fc"
