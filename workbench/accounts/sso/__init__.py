"""Single sign-on: what every sign-in provider that sends the visitor elsewhere shares.

- ``settings``: a provider's settings (``workbench.<name>.…``, secrets from the environment);
- ``fetch``: the provider's HTTP endpoints, read with a time limit and only over https
  (plain http where the provider's settings allow it);
- ``start``: the start of a sign-in (``state``, ``nonce`` and the PKCE verifier in a signed,
  short-lived cookie) and its end (the state checked against the cookie);
- ``openid``: OpenID Connect: the discovery document, the signing keys, the ID token's
  checks and the authorization code exchange;
- ``finish``: the code exchange as an endpoint does it: rate limited, the start used up,
  the account found or made by verified e-mail, a session started.

Plugins reach it through ``workbench.plugin_api.single_sign_on``; see docs/sign-in.md.
"""
