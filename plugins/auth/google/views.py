"""Start a sign-in with Google, and finish it with the code Google returned."""

from pyramid.security import NO_PERMISSION_REQUIRED

from workbench.plugin_api import NotFound, api_view, single_sign_on

from .provider import BARE_ISSUER, ISSUER, NAME, google_settings

TOKEN_RESPONSE = {"type": "object", "properties": {"token": {"type": "string"}}, "required": ["token"]}
NOT_CONFIGURED = "Sign-in with Google is not configured"


def _settings(request):
    conf = google_settings(request.registry.settings)
    if not conf.configured:
        raise NotFound(NOT_CONFIGURED)
    return conf


@api_view(
    "auth.google.authorize",
    "GET",
    NO_PERMISSION_REQUIRED,
    tags=("auth",),
    summary="Start sign-in with Google: redirects to Google (code flow with PKCE, state, nonce)",
)
def authorize(request):
    conf = _settings(request)
    started, cookie = single_sign_on.begin(request, NAME)
    return single_sign_on.redirect(request, NAME, single_sign_on.openid_authorize_url(request, conf, started), cookie)


@api_view(
    "auth.google.token",
    "POST",
    NO_PERMISSION_REQUIRED,
    tags=("auth",),
    response=TOKEN_RESPONSE,
    query=(("code", "the code Google returned"), ("state", "the state Google returned")),
    summary="Finish sign-in with Google with its code and state; sets the refresh_token cookie",
)
def gen_token_by_code(request):
    conf = _settings(request)
    # Google's ID tokens name their issuer with or without the scheme.
    issuers = (BARE_ISSUER,) if conf.url("issuer") == ISSUER else ()

    def exchange(code, started):
        claims = single_sign_on.openid_exchange(request, conf, code, started, issuers)
        return single_sign_on.openid_identity(claims)

    return single_sign_on.sign_in(request, NAME, exchange)
