"""The OpenID Connect provider: its button, settings and routes."""

from workbench.plugin_api import single_sign_on

NAME = "oidc"


def oidc_settings(settings: dict):
    """``workbench.oidc.issuer`` / ``client_id`` / ``client_secret`` / ``allow_http`` /
    ``scope`` / ``leeway``; a plain-http issuer only where ``allow_http``."""
    return single_sign_on.provider_settings(settings, NAME, urls={"issuer": ""}, scope="openid email profile")


class OidcProvider:
    name = NAME
    icon = "log-in"
    kind = "redirect"
    label = "label"
    title = "Single sign-on"

    def enabled(self, settings: dict) -> bool:
        return oidc_settings(settings).configured

    def configure(self, config) -> None:
        single_sign_on.add_routes(config, NAME)
        config.scan("workbench_plugins.auth.oidc.views")
