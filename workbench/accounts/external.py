"""Sign-in through an identity provider (single sign-on): the provider vouches for an
e-mail address, and the account with that address signs in.

- Only an address the provider says it verified is trusted; an unverified one is refused.
- An account waiting for its invitation to be accepted is completed by it (the provider
  proved the address): it becomes an account without a password, its address verified.
- Without an account, one is created as a sign-up would (the first account is the super
  admin; later ones get the sign-up role), unless sign-up is invite-only.
"""

from __future__ import annotations

from workbench.accounts import services
from workbench.accounts.models import User
from workbench.errors import BadRequest
from workbench.mail.catalogue import asked_language

UNVERIFIED = "Your identity provider has not verified this email address, so it cannot sign you in"
INVITE_ONLY = "Not allowed to signup, contact super admin."
BLOCKED = "This account is blocked"


def external_user(request, *, email: str, verified: bool, firstname=None, lastname=None) -> User:
    if not verified:
        raise BadRequest(UNVERIFIED)
    email = (email or "").strip().lower()
    if not email:
        raise BadRequest(UNVERIFIED)
    db = request.dbsession
    user = services.user_by_email(db, email)
    if user is None:
        if not services.any_user(db):
            roles = services.FIRST_USER_ROLES
            services._claim_first_user(db, email)
        else:
            settings = services.app_settings(request)
            if settings["invite_only_signup"]:
                raise BadRequest(INVITE_ONLY)
            roles = settings["signup_role"]
        user = User(email=email, password_hash=None, roles=roles, firstname=firstname, lastname=lastname)
        db.add(user)
    elif user.invite_token is not None and user.password_hash is None:
        user.invite_token = None
        user.invite_token_expires = None
        user.invite_mailed = False
    if user.blocked:
        raise BadRequest(BLOCKED)
    user.email_verified = True
    # The app's language at the first sign-in is the account's until its owner chooses another.
    if user.lang is None:
        user.lang = asked_language(request, "invitation")
    db.flush()
    return user
