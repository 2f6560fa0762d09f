"""Users: creation, sign-up rules, invitations, app settings, API representation."""

from __future__ import annotations

import sqlalchemy as sa

from workbench.accounts import throttle, verification
from workbench.accounts.models import AppSetting, User
from workbench.accounts.passwords import Argon2Hasher
from workbench.errors import BadRequest, Conflict
from workbench.mail.catalogue import asked_language
from workbench.meta.base import isoformat, utcnow
from workbench.security.roles import roles_map

FIRST_USER_ROLES = "super,org-level-creator"
# A row only the first sign-up can insert: two sign-ups racing on an empty database both see
# no users, but the key is unique, so the second one fails instead of becoming a second super.
FIRST_USER_CLAIM = "_first_user"

APP_SETTING_DEFAULTS = {
    "invite_only_signup": False,
    "signup_role": "org-level-creator",
    "require_two_factor": False,
}


def hasher(request) -> Argon2Hasher:
    registry = request.registry
    if "password_hasher" not in registry:
        registry["password_hasher"] = Argon2Hasher(registry.settings)
    return registry["password_hasher"]


def any_user(dbsession) -> bool:
    """Whether anyone has signed up yet (the first one becomes the super admin)."""
    return dbsession.scalar(sa.select(sa.exists().select_from(User))) or False


def user_by_email(dbsession, email: str) -> User | None:
    return dbsession.scalar(sa.select(User).where(User.email == email.lower()))


def app_settings(request) -> dict:
    """The super admin's settings over the defaults. ``workbench.signup = invite`` in the
    ini (or ``WORKBENCH_SIGNUP``) is the operator's lock: sign-up stays invite-only."""
    values = dict(APP_SETTING_DEFAULTS)
    for row in request.dbsession.scalars(sa.select(AppSetting)):
        if not row.key.startswith("_"):
            values[row.key] = row.value
    if request.registry.settings.get("workbench.signup") == "invite":
        values["invite_only_signup"] = True
    return values


def save_app_settings(request, changes: dict) -> dict:
    for key, value in changes.items():
        if value is None:
            continue
        row = request.dbsession.get(AppSetting, key)
        if row is None:
            request.dbsession.add(AppSetting(key=key, value=value))
        else:
            row.value = value
    request.dbsession.flush()
    return app_settings(request)


def sign_up(request, *, email, password, firstname=None, lastname=None, token=None) -> User:
    """Create (or, with an invitation token, complete) a password account (429 past the
    sign-ups a client address may make)."""
    throttle.sign_up_attempt(request)
    db = request.dbsession
    password_hash = hasher(request).hash(password)
    if token:
        user = db.scalar(sa.select(User).where(User.invite_token == token))
        if user is None or (user.invite_token_expires and user.invite_token_expires < utcnow()):
            raise BadRequest("Invalid or expired invitation token")
        if user.email != email:
            raise BadRequest("The invitation was sent to another email address")
        user.password_hash = password_hash
        user.invite_token = None
        user.invite_token_expires = None
        # Only a token that went to the address alone proves it (workbench.accounts.invitations).
        user.email_verified = bool(user.invite_mailed)
        user.invite_mailed = False
    else:
        existing = user_by_email(db, email)
        if existing is not None:
            if existing.password_hash is None and existing.invite_token:
                raise BadRequest("This email address was invited: sign up with the invitation link")
            raise BadRequest("User already exists")
        first = not any_user(db)
        if first:
            roles = FIRST_USER_ROLES
            _claim_first_user(db, email)
        else:
            settings = app_settings(request)
            if settings["invite_only_signup"]:
                raise BadRequest("Not allowed to signup, contact super admin.")
            roles = settings["signup_role"]
        user = User(email=email, password_hash=password_hash, roles=roles)
        db.add(user)
    if firstname is not None:
        user.firstname = firstname
    if lastname is not None:
        user.lastname = lastname
    # The app's language at sign-up is the account's until its owner chooses another.
    user.lang = asked_language(request, "invitation") or user.lang
    db.flush()
    verification.send_verification(request, user)
    return user


def _claim_first_user(db, email: str) -> None:
    try:
        with db.begin_nested():
            db.add(AppSetting(key=FIRST_USER_CLAIM, value=email))
    except sa.exc.IntegrityError:
        raise Conflict("Another account was created at the same moment; please sign up again") from None


def user_json(user: User, extra_roles=()) -> dict:
    return {
        "id": user.id,
        "email": user.email,
        "firstname": user.firstname,
        "lastname": user.lastname,
        "display_name": user.display_name,
        "avatar": f"/api/v1/avatars/{user.id}/{user.avatar_digest}" if user.avatar_digest else None,
        "roles": roles_map(user.role_set | set(extra_roles)),
        "email_verified": bool(user.email_verified),
        "invite_pending": user.invite_token is not None and user.password_hash is None,
        "blocked": bool(user.blocked),
        "two_factor_enabled": bool(user.totp_enabled),
        "lang": user.lang,
        "created_at": isoformat(user.created_at),
        "updated_at": isoformat(user.updated_at),
    }
