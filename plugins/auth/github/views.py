"""Start a sign-in with GitHub, and finish it with the code GitHub returned."""

from pyramid.security import NO_PERMISSION_REQUIRED

from workbench.plugin_api import NotFound, api_view, single_sign_on

from . import oauth
from .provider import NAME, github_settings

TOKEN_RESPONSE = {"type": "object", "properties": {"token": {"type": "string"}}, "required": ["token"]}
NOT_CONFIGURED = "Sign-in with GitHub is not configured"


def _settings(request):
    conf = github_settings(request.registry.settings)
    if not conf.configured:
        raise NotFound(NOT_CONFIGURED)
    return conf


@api_view(
    "auth.github.authorize",
    "GET",
    NO_PERMISSION_REQUIRED,
    tags=("auth",),
    summary="Start sign-in with GitHub: redirects to GitHub (code flow with PKCE and state)",
)
def authorize(request):
    conf = _settings(request)
    started, cookie = single_sign_on.begin(request, NAME)
    return single_sign_on.redirect(request, NAME, oauth.authorize_url(request, conf, started), cookie)


@api_view(
    "auth.github.token",
    "POST",
    NO_PERMISSION_REQUIRED,
    tags=("auth",),
    response=TOKEN_RESPONSE,
    query=(("code", "the code GitHub returned"), ("state", "the state GitHub returned")),
    summary="Finish sign-in with GitHub with its code and state; sets the refresh_token cookie",
)
def gen_token_by_code(request):
    conf = _settings(request)
    return single_sign_on.sign_in(request, NAME, lambda code, started: oauth.identity(request, conf, code, started))
