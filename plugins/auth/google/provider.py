"""The Google provider: its button, settings, routes and views."""

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


WORDS = single_sign_on.ProviderWords(
    not_configured="Sign-in with Google is not configured",
    start="Start sign-in with Google: redirects to Google (code flow with PKCE, state, nonce)",
    finish="Finish sign-in with Google with its code and state; sets the refresh_token cookie",
    returned_by="Google",
)


def _exchange(request, conf, code: str, started) -> dict:
    # Google's ID tokens name their issuer with or without the scheme.
    issuers = (BARE_ISSUER,) if conf.url("issuer") == ISSUER else ()
    return single_sign_on.openid_exchanged_identity(request, conf, code, started, issuers)


class GoogleProvider:
    name = NAME
    icon = "globe"
    kind = "redirect"
    label = "label"
    title = "Google"

    def enabled(self, settings: dict) -> bool:
        return google_settings(settings).configured

    def configure(self, config) -> None:
        single_sign_on.add_views(
            config,
            NAME,
            settings=google_settings,
            authorize_url=single_sign_on.openid_authorize_url,
            exchange=_exchange,
            words=WORDS,
        )
