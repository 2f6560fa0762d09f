"""Start a sign-in with the identity provider, and finish it with the code it returned."""

from pyramid.security import NO_PERMISSION_REQUIRED

from workbench.plugin_api import NotFound, api_view, single_sign_on

from .provider import NAME, oidc_settings

TOKEN_RESPONSE = {"type": "object", "properties": {"token": {"type": "string"}}, "required": ["token"]}
NOT_CONFIGURED = "Single sign-on is not configured"


def _settings(request):
    conf = oidc_settings(request.registry.settings)
    if not conf.configured:
        raise NotFound(NOT_CONFIGURED)
    return conf


@api_view(
    "auth.oidc.authorize",
    "GET",
    NO_PERMISSION_REQUIRED,
    tags=("auth",),
    summary="Start single sign-on: redirects to the OpenID Connect provider (code flow with PKCE, state, nonce)",
)
def authorize(request):
    conf = _settings(request)
    started, cookie = single_sign_on.begin(request, NAME)
    return single_sign_on.redirect(request, NAME, single_sign_on.openid_authorize_url(request, conf, started), cookie)


@api_view(
    "auth.oidc.token",
    "POST",
    NO_PERMISSION_REQUIRED,
    tags=("auth",),
    response=TOKEN_RESPONSE,
    query=(("code", "the code the provider returned"), ("state", "the state the provider returned")),
    summary="Finish single sign-on with the provider's code and state; sets the refresh_token cookie",
)
def gen_token_by_code(request):
    conf = _settings(request)

    def exchange(code, started):
        return single_sign_on.openid_identity(single_sign_on.openid_exchange(request, conf, code, started))

    return single_sign_on.sign_in(request, NAME, exchange)
