"""Start a sign-in with the identity provider, and finish it with the code it returned."""

from pyramid.httpexceptions import HTTPFound
from pyramid.security import NO_PERMISSION_REQUIRED

from workbench.plugin_api import NotFound, accounts, api_view, as_bool

from . import flow
from .config import oidc_settings

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
    location, cookie = flow.authorize_url(request, conf)
    response = HTTPFound(location=location)
    response.set_cookie(
        flow.COOKIE,
        cookie,
        max_age=int(flow.LIFETIME.total_seconds()),
        httponly=True,
        secure=as_bool(request.registry.settings["workbench.cookie_secure"]),
        samesite="Lax",
        path="/",
    )
    return response


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
    # Whatever happens, this start is used up.
    request.response.delete_cookie(flow.COOKIE, path="/")
    claims = flow.exchange(request, conf, request.params.get("code", ""), request.params.get("state", ""))
    user = accounts.external_user(
        request,
        email=claims.get("email", ""),
        verified=claims.get("email_verified") is True,
        firstname=claims.get("given_name"),
        lastname=claims.get("family_name"),
    )
    return accounts.start_session(request, user)
