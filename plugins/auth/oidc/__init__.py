"""Single sign-on with any OpenID Connect provider (Keycloak, Authentik, Entra ID, Okta, ...):
authorization code with PKCE, ``state`` and ``nonce``; the ID token verified (issuer,
audience, signature through the provider's JWKS, expiry, nonce); accounts linked by verified
e-mail address only. Configured by ``workbench.oidc.issuer`` / ``client_id`` /
``client_secret`` (``WORKBENCH_OIDC_ISSUER`` / ``_CLIENT_ID`` / ``_CLIENT_SECRET``); see
docs/sign-in.md.
"""

from workbench.plugin_api import hookimpl

from .provider import OidcProvider


@hookimpl
def register_auth_providers():
    return [OidcProvider]
