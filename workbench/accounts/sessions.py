"""Signed-in sessions: a short-lived JWT plus a rotating, server-stored refresh token.

The refresh token travels only in the httpOnly ``refresh_token`` cookie; the server keeps
its SHA-256 and an expiry. Each refresh deletes the used token and issues a new one, so a
stolen cookie stops working as soon as the real owner refreshes.
"""

import datetime as dt

import sqlalchemy as sa

from workbench.accounts.models import RefreshToken, User
from workbench.errors import Unauthorized
from workbench.meta.base import utcnow
from workbench.security.tokens import new_refresh_token, token_hash
from workbench.settings import as_bool

COOKIE_NAME = "refresh_token"


def access_token(request, user: User) -> str:
    codec = request.registry["jwt_codec"]
    return codec.create(user.id, tv=user.token_version, email=user.email, roles=",".join(sorted(user.role_set)))


def start_session(request, user: User) -> dict:
    """Issue an access token and set a fresh refresh-token cookie on the response."""
    settings = request.registry.settings
    lifetime = int(settings["workbench.refresh.expiration"])
    token = new_refresh_token()
    request.dbsession.add(
        RefreshToken(
            user_id=user.id,
            token_hash=token_hash(token),
            expires_at=utcnow() + dt.timedelta(seconds=lifetime),
        )
    )
    request.response.set_cookie(
        COOKIE_NAME,
        token,
        max_age=lifetime,
        httponly=True,
        secure=as_bool(settings["workbench.cookie_secure"]),
        samesite="Lax",
        path="/",
    )
    return {"token": access_token(request, user)}


def refresh_session(request) -> dict:
    """Rotate the refresh token from the cookie; 401 if it is missing, unknown or expired."""
    token = request.cookies.get(COOKIE_NAME)
    if not token:
        raise Unauthorized("Missing refresh token")
    row = request.dbsession.scalar(sa.select(RefreshToken).where(RefreshToken.token_hash == token_hash(token)))
    if row is None:
        raise Unauthorized("Invalid refresh token")
    # Only the request whose DELETE removes the row may rotate it: two refreshes racing
    # with one cookie must not both get a new session.
    deleted = request.dbsession.execute(sa.delete(RefreshToken).where(RefreshToken.id == row.id)).rowcount
    if deleted != 1:
        raise Unauthorized("Invalid refresh token")
    if row.expires_at < utcnow():
        raise Unauthorized("Refresh token expired")
    user = request.dbsession.get(User, row.user_id)
    if user is None or user.blocked:
        raise Unauthorized("Invalid refresh token")
    return start_session(request, user)


def end_session(request) -> None:
    """Sign out: this session's refresh token is deleted and its cookie cleared, and the
    access token sent with the request stops working at once, in every server process.

    The user's ``token_version`` is bumped, which every request already checks against the
    meta database: no access token of the user issued before is accepted any more (as in
    NocoDB). Other sessions keep their refresh tokens: their next request is refused with
    401 and the app gets a new access token from its own refresh cookie."""
    token = request.cookies.get(COOKIE_NAME)
    if token:
        request.dbsession.execute(sa.delete(RefreshToken).where(RefreshToken.token_hash == token_hash(token)))
    identity = request.identity
    if identity is not None and getattr(identity, "via", None) == "jwt":
        request.dbsession.execute(
            sa.update(User).where(User.id == identity.user_id).values(token_version=User.token_version + 1)
        )
    _clear_cookie(request)


def end_all_sessions(request, user: User) -> None:
    """Kill every token of ``user``: JWTs by version bump, refresh tokens by deletion."""
    user.token_version = (user.token_version or 1) + 1
    request.dbsession.execute(sa.delete(RefreshToken).where(RefreshToken.user_id == user.id))


def _clear_cookie(request) -> None:
    request.response.delete_cookie(COOKIE_NAME, path="/")
