"""The rate limits of the account endpoints (rules in ``workbench.ratelimits.rules``).

- sign-in: failures per account (the address typed, whether or not it has an account, so
  the answer never tells) and per client address; a successful sign-in clears its
  account's failures;
- sign-up: attempts per client address;
- password reset requests: per account address typed.
"""

from __future__ import annotations

from workbench.ratelimits import rate_limiter


def _email(email: str) -> str:
    return (email or "").strip().lower()


class SignInAttempt:
    """A sign-in being tried: ``succeeded()`` once the password proved right."""

    def __init__(self, attempts):
        self._attempts = attempts

    def succeeded(self) -> None:
        for attempt in self._attempts:
            if attempt.rule.name == "sign_in_account":
                attempt.reset()
            else:
                attempt.release()


def sign_in_attempt(request, email: str) -> SignInAttempt:
    """Count a sign-in attempt before its password is checked; 429 while refused."""
    limiter = rate_limiter(request)
    return SignInAttempt(
        limiter.attempts(
            ("sign_in_address", limiter.address(request)),
            ("sign_in_account", _email(email)),
        )
    )


def sign_up_attempt(request) -> None:
    limiter = rate_limiter(request)
    limiter.attempt("sign_up_address", limiter.address(request))


def password_reset_attempt(request, email: str) -> None:
    rate_limiter(request).attempt("password_reset_account", _email(email))


def shared_password_attempt(request, link: str):
    """Count a try of a shared view's or shared base's password (``link``: its uuid) from
    this client; the caller releases it when the password was right."""
    limiter = rate_limiter(request)
    return limiter.attempt("shared_password", link, limiter.address(request))
