"""The end of a sign-in at a provider, as every provider's ``genTokenByCode`` does it:

1. the attempt is counted against the ``sign_in_code_address`` rate limit (per client
   address) before anything is tried; a sign-in that succeeds gives it back;
2. the start is used up (its cookie cleared), whatever happens next;
3. the returned ``state`` is checked against the start, and the provider's ``exchange``
   turns the ``code`` into the identity it vouches for;
4. the account of that verified e-mail address signs in (or is made, as a sign-up would be:
   ``workbench.accounts.external``), with ``{token}`` and the refresh cookie.
"""

from __future__ import annotations

from collections.abc import Callable

from workbench.accounts import sessions
from workbench.accounts.external import external_user
from workbench.accounts.sso.fetch import REFUSED
from workbench.accounts.sso.start import Started, cookie_name, resume
from workbench.errors import BadRequest
from workbench.ratelimits import rate_limiter
from workbench.web.base_path import cookie_path

#: the provider's part: ``(code, start) -> {email, verified, firstname, lastname}``
Exchange = Callable[[str, Started], dict]


def sign_in(request, provider: str, exchange: Exchange) -> dict:
    limiter = rate_limiter(request)
    attempt = limiter.attempt("sign_in_code_address", limiter.address(request))
    request.response.delete_cookie(cookie_name(provider), path=cookie_path(request))
    started = resume(request, provider, request.params.get("state", ""))
    code = request.params.get("code", "")
    if not code:
        raise BadRequest(REFUSED)
    found = exchange(code, started)
    user = external_user(
        request,
        email=found.get("email") or "",
        verified=found.get("verified") is True,
        firstname=found.get("firstname"),
        lastname=found.get("lastname"),
    )
    session = sessions.start_session(request, user)
    if attempt is not None:
        attempt.release()
    return session
