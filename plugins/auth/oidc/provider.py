"""The OpenID Connect provider: its button, settings, routes and views."""

from workbench.plugin_api import single_sign_on

NAME = "oidc"


def oidc_settings(settings: dict):
    """``workbench.oidc.issuer`` / ``client_id`` / ``client_secret`` / ``allow_http`` /
    ``scope`` / ``leeway``; a plain-http issuer only where ``allow_http``."""
    return single_sign_on.provider_settings(settings, NAME, urls={"issuer": ""}, scope="openid email profile")


WORDS = single_sign_on.ProviderWords(
    not_configured="Single sign-on is not configured",
    start="Start single sign-on: redirects to the OpenID Connect provider (code flow with PKCE, state, nonce)",
    finish="Finish single sign-on with the provider's code and state; sets the refresh_token cookie",
    returned_by="the provider",
)


class OidcProvider:
    name = NAME
    icon = "log-in"
    kind = "redirect"
    label = "label"
    title = "Single sign-on"

    def enabled(self, settings: dict) -> bool:
        return oidc_settings(settings).configured

    def configure(self, config) -> None:
        single_sign_on.add_views(
            config,
            NAME,
            settings=oidc_settings,
            authorize_url=single_sign_on.openid_authorize_url,
            exchange=single_sign_on.openid_exchanged_identity,
            words=WORDS,
        )
