"""The Google provider: its button, settings and routes."""

from workbench.plugin_api import single_sign_on

NAME = "google"
#: Google's issuer: its discovery document is at ``{issuer}/.well-known/openid-configuration``
ISSUER = "https://accounts.google.com"
#: the other spelling of Google's issuer its ID tokens may carry
BARE_ISSUER = "accounts.google.com"


def google_settings(settings: dict):
    """``workbench.google.client_id`` / ``client_secret`` (from the environment); the
    issuer (``workbench.google.issuer``), ``allow_http``, ``scope`` and ``leeway`` only
    change for tests against a local server."""
    return single_sign_on.provider_settings(settings, NAME, urls={"issuer": ISSUER}, scope="openid email profile")


class GoogleProvider:
    name = NAME
    icon = "globe"
    kind = "redirect"
    label = "label"
    title = "Google"

    def enabled(self, settings: dict) -> bool:
        return google_settings(settings).configured

    def configure(self, config) -> None:
        single_sign_on.add_routes(config, NAME)
        config.scan("workbench_plugins.auth.google.views")
