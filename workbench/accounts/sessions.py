"""Signed-in sessions: a short-lived JWT plus a rotating, server-stored refresh token.

The refresh token travels only in the httpOnly ``refresh_token`` cookie; the server keeps
its SHA-256 and an expiry. Each refresh marks the used token and issues the next one of the
same *family* (the tokens descending from one sign-in). A used token presented again means
someone holds a copy: the whole family is revoked, and the user's access tokens with it, so
whoever got the copy loses the session too (the next refresh of the real owner's browser
fails and asks to sign in again). A token presented again within
``workbench.refresh.reuse_interval`` seconds (default 10) of its use is only refused: two
tabs refreshing at the same moment send the same cookie, and neither is a thief.

Whenever a user's access tokens are ended (sign-out, password change or reset, a revoked
family, a blocked account), the user's realtime connections opened with them are closed
too, in every process (``workbench.realtime.session_end``).
"""

import datetime as dt

import sqlalchemy as sa

from workbench.accounts.models import ApiToken, RefreshToken, User
from workbench.errors import Unauthorized
from workbench.meta.base import new_id, utcnow
from workbench.realtime.session_end import announce_session_end
from workbench.security.tokens import new_refresh_token, token_hash
from workbench.settings import as_bool
from workbench.web.base_path import cookie_path

COOKIE_NAME = "refresh_token"
DEFAULT_REUSE_INTERVAL = 10  # seconds
REPLAYED = "This session has ended because its refresh token was used twice; please sign in again"


def access_token(request, user: User) -> str:
    codec = request.registry["jwt_codec"]
    return codec.create(user.id, tv=user.token_version, email=user.email, roles=",".join(sorted(user.role_set)))


def start_session(request, user: User, family_id: str | None = None) -> dict:
    """Issue an access token and set a fresh refresh-token cookie on the response: the
    first of a new family, or the next of ``family_id``."""
    settings = request.registry.settings
    lifetime = int(settings["workbench.refresh.expiration"])
    token = new_refresh_token()
    now = utcnow()
    db = request.dbsession
    # Used tokens are kept until they expire (to tell a replay); then they go.
    db.execute(sa.delete(RefreshToken).where(RefreshToken.user_id == user.id, RefreshToken.expires_at < now))
    row_id = new_id("rt_")
    db.add(
        RefreshToken(
            id=row_id,
            user_id=user.id,
            token_hash=token_hash(token),
            expires_at=now + dt.timedelta(seconds=lifetime),
            family_id=family_id or row_id,
        )
    )
    request.response.set_cookie(
        COOKIE_NAME,
        token,
        max_age=lifetime,
        httponly=True,
        secure=as_bool(settings["workbench.cookie_secure"]),
        samesite="Lax",
        path=cookie_path(request),
    )
    return {"token": access_token(request, user)}


def reuse_interval(request) -> dt.timedelta:
    value = request.registry.settings.get("workbench.refresh.reuse_interval")
    return dt.timedelta(seconds=int(value if value not in (None, "") else DEFAULT_REUSE_INTERVAL))


def refresh_session(request) -> dict:
    """Rotate the refresh token from the cookie; 401 if it is missing, unknown, used or
    expired (a used one past the reuse interval revokes its family)."""
    token = request.cookies.get(COOKIE_NAME)
    if not token:
        raise Unauthorized("Missing refresh token")
    db = request.dbsession
    row = db.scalar(sa.select(RefreshToken).where(RefreshToken.token_hash == token_hash(token)))
    if row is None:
        raise Unauthorized("Invalid refresh token")
    now = utcnow()
    if row.expires_at < now:
        db.execute(sa.delete(RefreshToken).where(RefreshToken.id == row.id))
        raise Unauthorized("Refresh token expired")
    if row.used_at is not None:
        if now - row.used_at <= reuse_interval(request):
            raise Unauthorized("Invalid refresh token")
        revoke_family(request, row)
        raise Unauthorized(REPLAYED)
    # Only the request whose UPDATE marks the row may rotate it: two refreshes racing
    # with one cookie must not both get a new session.
    claimed = db.execute(
        sa.update(RefreshToken)
        .where(RefreshToken.id == row.id, RefreshToken.used_at.is_(None))
        .values(used_at=now)
        .execution_options(synchronize_session=False)
    ).rowcount
    if claimed != 1:
        raise Unauthorized("Invalid refresh token")
    user = db.get(User, row.user_id)
    if user is None or user.blocked:
        raise Unauthorized("Invalid refresh token")
    return start_session(request, user, family_id=row.family_id)


def revoke_family(request, row: RefreshToken) -> None:
    """A used refresh token came back: delete its family and end the user's access tokens
    (the copy's holder may have one from the family), realtime connections included."""
    db = request.dbsession
    db.execute(sa.delete(RefreshToken).where(RefreshToken.family_id == row.family_id))
    user = db.get(User, row.user_id)
    if user is not None:
        _end_access_tokens(request, user)


def end_session(request) -> None:
    """Sign out: this session's refresh tokens (its family) are deleted and its cookie
    cleared, and the access token sent with the request stops working at once, in every
    server process, as do the user's realtime connections.

    The user's ``token_version`` is bumped, which every request already checks against the
    meta database: no access token of the user issued before is accepted any more (as in
    NocoDB). Other sessions keep their refresh tokens: their next request is refused with
    401 and the app gets a new access token from its own refresh cookie."""
    db = request.dbsession
    token = request.cookies.get(COOKIE_NAME)
    if token:
        row = db.scalar(sa.select(RefreshToken).where(RefreshToken.token_hash == token_hash(token)))
        if row is not None:
            db.execute(sa.delete(RefreshToken).where(RefreshToken.family_id == row.family_id))
    identity = request.identity
    if identity is not None and getattr(identity, "via", None) == "jwt":
        user = db.get(User, identity.user_id)
        if user is not None:
            _end_access_tokens(request, user)
    _clear_cookie(request)


def end_all_sessions(request, user: User, api_tokens: bool = False) -> None:
    """Kill every token of ``user``: JWTs by version bump, refresh tokens by deletion, and
    the realtime connections opened with them; with ``api_tokens``, the API tokens too."""
    _end_access_tokens(request, user)
    request.dbsession.execute(sa.delete(RefreshToken).where(RefreshToken.user_id == user.id))
    if api_tokens:
        request.dbsession.execute(sa.delete(ApiToken).where(ApiToken.user_id == user.id))


def _end_access_tokens(request, user: User) -> None:
    user.token_version = (user.token_version or 1) + 1
    request.dbsession.flush()
    announce_session_end(request, user.id, user.token_version)


def _clear_cookie(request) -> None:
    request.response.delete_cookie(COOKIE_NAME, path=cookie_path(request))
