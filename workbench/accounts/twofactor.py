"""Two-factor sign-in with time-based one-time passwords (TOTP, RFC 6238).

- Setup: the user asks for a secret (shown as a QR code and as text), and turns two-factor
  sign-in on by typing a code their authenticator app computes from it. The secret is
  stored encrypted (``workbench.security.sealing``, purpose ``SECRET_PURPOSE``). Ten one-time
  recovery codes are then shown once; only their SHA-256 is kept.
- Sign-in: after the password is right, an account with two-factor sign-in gets no session
  but a *challenge*: a JWT naming the user, valid for ``CHALLENGE_LIFETIME``, signed with a
  key derived from ``workbench.secret`` for this use only (so it is never an access token).
  The challenge and a code (or a recovery code) give the session. Wrong codes count
  against the same rate limits as wrong passwords.
- A code is accepted within one time step either side of the server's clock, and never
  twice: the step of the last code accepted is kept, and a code of that step or an earlier
  one is refused.
- Turning it off needs a code (or a recovery code).
- The super admin's app setting ``require_two_factor`` asks every user without it to set
  it up after signing in (``two_factor_required`` in the current user).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import secrets
import time

import jwt
import pyotp
import segno
import sqlalchemy as sa

from workbench.accounts.models import RecoveryCode, User
from workbench.errors import BadRequest
from workbench.meta.base import utcnow
from workbench.security import sealing

PURPOSE = "two-factor-challenge"
#: the key of the stored TOTP secrets
SECRET_PURPOSE = "totp-secret"  # noqa: S105 (a name)
CHALLENGE_LIFETIME = dt.timedelta(minutes=5)
RECOVERY_CODES = 10
ISSUER = "Workbench"
#: codes from one time step either side of the server's clock are accepted (clock drift)
DRIFT_STEPS = 1
WRONG_CODE = "The code is wrong or was already used"
CHALLENGE_INVALID = "This sign-in has expired; sign in again"


def _key(request) -> bytes:
    secret = request.registry.settings["workbench.secret"]
    return hashlib.sha256(f"{PURPOSE}:{secret}".encode()).digest()


# -- codes


def new_secret() -> str:
    return pyotp.random_base32()


def _app_secret(request) -> str:
    return request.registry.settings["workbench.secret"]


def read_secret(request, user: User) -> str | None:
    """The user's TOTP secret in the clear (None without one, or when it was sealed with
    another ``workbench.secret``)."""
    return sealing.unseal(_app_secret(request), SECRET_PURPOSE, user.totp_secret)


def _keep_secret(request, user: User, secret: str) -> None:
    user.totp_secret = sealing.seal(_app_secret(request), SECRET_PURPOSE, secret)


def provisioning_uri(secret: str, email: str) -> str:
    return pyotp.TOTP(secret).provisioning_uri(name=email, issuer_name=ISSUER)


def qr_svg_data_uri(uri: str) -> str:
    return segno.make(uri, error="m").svg_data_uri(scale=4, dark="#000", light="#fff", encode_minimal=False)


def _normalise(code: str) -> str:
    return "".join((code or "").split()).replace("-", "").lower()


def _matching_step(secret: str, code: str, now: float) -> int | None:
    """The time step whose TOTP equals ``code`` within the drift allowed, else None."""
    totp = pyotp.TOTP(secret)
    step_now = int(now // totp.interval)
    for step in range(step_now - DRIFT_STEPS, step_now + DRIFT_STEPS + 1):
        if hmac.compare_digest(totp.generate_otp(step), code):
            return step
    return None


def check_totp(user: User, secret: str | None, code: str, now: float | None = None) -> bool:
    """Accept a TOTP code of ``user`` (whose secret is ``secret``) once: a code of the last
    accepted step or an earlier one is refused, so a code seen by someone else cannot be
    used again."""
    code = _normalise(code)
    if not secret or not code.isdigit() or len(code) != 6:
        return False
    step = _matching_step(secret, code, time.time() if now is None else now)
    if step is None or (user.totp_last_step is not None and step <= user.totp_last_step):
        return False
    user.totp_last_step = step
    return True


def _code_hash(code: str) -> str:
    return hashlib.sha256(_normalise(code).encode()).hexdigest()


def new_recovery_codes(db, user: User) -> list[str]:
    """Replace the user's recovery codes with ten new ones (``xxxxx-xxxxx``), returned once."""
    db.execute(sa.delete(RecoveryCode).where(RecoveryCode.user_id == user.id))
    codes = []
    for _ in range(RECOVERY_CODES):
        raw = secrets.token_hex(5)
        codes.append(f"{raw[:5]}-{raw[5:]}")
        db.add(RecoveryCode(user_id=user.id, code_hash=_code_hash(raw)))
    db.flush()
    return codes


def use_recovery_code(db, user: User, code: str) -> bool:
    normalised = _normalise(code)
    if len(normalised) != 10:
        return False
    row = db.scalar(
        sa.select(RecoveryCode).where(
            RecoveryCode.user_id == user.id,
            RecoveryCode.code_hash == _code_hash(normalised),
            RecoveryCode.used_at.is_(None),
        )
    )
    if row is None:
        return False
    # Only the request whose UPDATE marks the row may use it.
    claimed = db.execute(
        sa.update(RecoveryCode)
        .where(RecoveryCode.id == row.id, RecoveryCode.used_at.is_(None))
        .values(used_at=utcnow())
        .execution_options(synchronize_session=False)
    ).rowcount
    return claimed == 1


def recovery_codes_left(db, user: User) -> int:
    return db.scalar(
        sa.select(sa.func.count())
        .select_from(RecoveryCode)
        .where(RecoveryCode.user_id == user.id, RecoveryCode.used_at.is_(None))
    )


def check_code(request, user: User, code: str) -> bool:
    """A TOTP code or an unused recovery code of ``user``."""
    return check_totp(user, read_secret(request, user), code) or use_recovery_code(request.dbsession, user, code)


# -- setup


def start_setup(request, user: User) -> dict:
    """A new secret for an account without two-factor sign-in (replacing an unconfirmed one)."""
    if user.totp_enabled:
        raise BadRequest("Two-factor sign-in is already on")
    secret = new_secret()
    _keep_secret(request, user, secret)
    user.totp_last_step = None
    uri = provisioning_uri(secret, user.email)
    return {"secret": secret, "uri": uri, "qr": qr_svg_data_uri(uri)}


def enable(request, user: User, code: str) -> list[str]:
    if user.totp_enabled:
        raise BadRequest("Two-factor sign-in is already on")
    secret = read_secret(request, user)
    if not secret:
        raise BadRequest("Start the setup first")
    if not check_totp(user, secret, code):
        raise BadRequest(WRONG_CODE)
    user.totp_enabled = True
    return new_recovery_codes(request.dbsession, user)


def disable(db, user: User) -> None:
    user.totp_enabled = False
    user.totp_secret = None
    user.totp_last_step = None
    db.execute(sa.delete(RecoveryCode).where(RecoveryCode.user_id == user.id))


# -- sign-in challenge


def make_challenge(request, user: User) -> str:
    expires = (utcnow() + CHALLENGE_LIFETIME).replace(tzinfo=dt.UTC)
    claims = {"sub": user.id, "tv": user.token_version, "purpose": PURPOSE, "exp": expires}
    return jwt.encode(claims, _key(request), algorithm="HS256")


def challenged_user(request, token: str) -> User:
    """The user a challenge names; 400 when it is forged, expired or outdated (the user's
    sessions ended since: a password change, say)."""
    try:
        claims = jwt.decode(token or "", _key(request), algorithms=["HS256"], options={"require": ["exp", "sub"]})
    except jwt.PyJWTError:
        raise BadRequest(CHALLENGE_INVALID) from None
    if claims.get("purpose") != PURPOSE:
        raise BadRequest(CHALLENGE_INVALID)
    user = request.dbsession.get(User, claims["sub"])
    if user is None or not user.totp_enabled or claims.get("tv") != user.token_version:
        raise BadRequest(CHALLENGE_INVALID)
    return user


def required(settings: dict, user: User) -> bool:
    """Whether this user must set up two-factor sign-in before going on."""
    return bool(settings.get("require_two_factor")) and not user.totp_enabled
