"""The end of a sign-in whose first factor (a password) was right: a session, or, for an
account with two-factor sign-in, a challenge to answer with a code
(``workbench.accounts.twofactor``)."""

from workbench.accounts import sessions, twofactor
from workbench.accounts.models import User


def complete_sign_in(request, user: User) -> dict:
    if user.totp_enabled:
        return {"twoFactorRequired": True, "challenge": twofactor.make_challenge(request, user)}
    return sessions.start_session(request, user)
