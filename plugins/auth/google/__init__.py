"""Sign-in with Google (OpenID Connect): authorization code with PKCE, ``state`` and
``nonce``; the ID token verified (issuer, audience, signature through Google's JWKS,
expiry, nonce); only an address Google verified signs in. Configured by
``WORKBENCH_GOOGLE_CLIENT_ID`` / ``WORKBENCH_GOOGLE_CLIENT_SECRET``; see docs/sign-in.md.
"""

from workbench.plugin_api import hookimpl

from .provider import GoogleProvider


@hookimpl
def register_auth_providers():
    return [GoogleProvider]
