"""GitHub's side of a sign-in: the address to send the visitor to, and the code exchanged
for the account's primary e-mail address (GitHub gives no ID token: the address is read
from its API with the access token the code gives)."""

from __future__ import annotations

from urllib.parse import urlencode

from workbench.plugin_api import BadRequest, single_sign_on

API_HEADERS = {"accept": "application/vnd.github+json", "x-github-api-version": "2022-11-28"}


def authorize_url(request, conf, started) -> str:
    query = urlencode(
        {
            "client_id": conf.client_id,
            "redirect_uri": single_sign_on.redirect_uri(request),
            "scope": conf.scope,
            "state": started.state,
            "code_challenge": started.challenge,
            "code_challenge_method": "S256",
        }
    )
    return f"{conf.url('authorize_url')}?{query}"


def _api(conf, path: str, access_token: str):
    return single_sign_on.fetch_json(
        conf.url("api_url") + path,
        conf.allow_http,
        headers={**API_HEADERS, "authorization": f"Bearer {access_token}"},
        refused=single_sign_on.REFUSED,
    )


def identity(request, conf, code: str, started) -> dict:
    """The primary e-mail address of the account that signed in at GitHub, whether GitHub
    verified it, and the account's name. Other addresses of the account are never used."""
    # GitHub answers a refused code with 200 and an ``error``: no access token either way.
    tokens = single_sign_on.token_request(request, conf, conf.url("token_url"), code, started)
    access_token = tokens.get("access_token")
    if not isinstance(access_token, str) or not access_token:
        raise BadRequest(single_sign_on.REFUSED)
    user = _api(conf, "/user", access_token)
    emails = _api(conf, "/user/emails", access_token)
    if not isinstance(user, dict) or not isinstance(emails, list):
        raise BadRequest(single_sign_on.BAD_TOKEN)
    primary = next((e for e in emails if isinstance(e, dict) and e.get("primary") is True), {})
    name = user.get("name") if isinstance(user.get("name"), str) else None
    return {
        "email": str(primary.get("email") or ""),
        "verified": primary.get("verified") is True,
        "firstname": name or None,
        "lastname": None,
    }
