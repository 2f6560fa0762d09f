"""Two-factor sign-in: the second step of a sign-in, and turning it on and off in the
account's settings (``workbench.accounts.twofactor``)."""

from pyramid.security import NO_PERMISSION_REQUIRED

from workbench.accounts import sessions, throttle, twofactor
from workbench.accounts.schemas import TwoFactorCodeBody, TwoFactorSignInBody
from workbench.accounts.services import app_settings
from workbench.api import api_view
from workbench.errors import BadRequest
from workbench.security.permissions import Permission

TAGS = ("auth",)
TOKEN_RESPONSE = {"type": "object", "properties": {"token": {"type": "string"}}, "required": ["token"]}
STATUS_RESPONSE = {
    "type": "object",
    "properties": {
        "enabled": {"type": "boolean"},
        "required": {"type": "boolean"},
        "recoveryCodesLeft": {"type": "integer"},
    },
    "required": ["enabled", "required", "recoveryCodesLeft"],
}
SETUP_RESPONSE = {
    "type": "object",
    "properties": {"secret": {"type": "string"}, "uri": {"type": "string"}, "qr": {"type": "string"}},
    "required": ["secret", "uri", "qr"],
}
CODES_RESPONSE = {
    "type": "object",
    "properties": {"recoveryCodes": {"type": "array", "items": {"type": "string"}}},
    "required": ["recoveryCodes"],
}
NOT_ON = "Two-factor sign-in is not on"


def _checked_code(request, user, code: str) -> None:
    """A code of ``user``, counted like a password: wrong ones against the sign-in limits."""
    attempt = throttle.sign_in_attempt(request, user.email)
    if not twofactor.check_code(request, user, code):
        raise BadRequest(twofactor.WRONG_CODE)
    attempt.succeeded()


@api_view(
    "auth.twofactor.signin",
    "POST",
    NO_PERMISSION_REQUIRED,
    tags=TAGS,
    body=TwoFactorSignInBody,
    response=TOKEN_RESPONSE,
    summary="Second step of a sign-in with two-factor sign-in: the challenge and a code; sets the refresh_token cookie",
)
def two_factor_sign_in(request):
    body = request.validated(TwoFactorSignInBody)
    user = twofactor.challenged_user(request, body.challenge)
    _checked_code(request, user, body.code)
    if user.blocked:
        raise BadRequest("This account is blocked")
    return sessions.start_session(request, user)


@api_view(
    "auth.twofactor",
    "GET",
    Permission.ACCOUNT_MANAGE,
    tags=TAGS,
    response=STATUS_RESPONSE,
    summary="Whether my two-factor sign-in is on, required, and how many recovery codes are left",
)
def status(request):
    user = request.identity.user
    return {
        "enabled": bool(user.totp_enabled),
        "required": twofactor.required(app_settings(request), user),
        "recoveryCodesLeft": twofactor.recovery_codes_left(request.dbsession, user) if user.totp_enabled else 0,
    }


@api_view(
    "auth.twofactor.setup",
    "POST",
    Permission.ACCOUNT_MANAGE,
    tags=TAGS,
    response=SETUP_RESPONSE,
    summary="Start turning on two-factor sign-in: a new secret, as text, otpauth URI and QR code",
)
def setup(request):
    return twofactor.start_setup(request, request.identity.user)


@api_view(
    "auth.twofactor.enable",
    "POST",
    Permission.ACCOUNT_MANAGE,
    tags=TAGS,
    body=TwoFactorCodeBody,
    response=CODES_RESPONSE,
    summary="Turn on two-factor sign-in with a code of the new secret; answers the recovery codes, shown once",
)
def enable(request):
    body = request.validated(TwoFactorCodeBody)
    user = request.identity.user
    attempt = throttle.sign_in_attempt(request, user.email)
    codes = twofactor.enable(request, user, body.code)
    attempt.succeeded()
    return {"recoveryCodes": codes}


def _confirmed_user(request):
    """The signed-in user, whose two-factor sign-in is on, once the body's code (or recovery
    code) is checked."""
    body = request.validated(TwoFactorCodeBody)
    user = request.identity.user
    if not user.totp_enabled:
        raise BadRequest(NOT_ON)
    _checked_code(request, user, body.code)
    return user


@api_view(
    "auth.twofactor.disable",
    "POST",
    Permission.ACCOUNT_MANAGE,
    tags=TAGS,
    body=TwoFactorCodeBody,
    summary="Turn off two-factor sign-in with a code or a recovery code",
)
def disable(request):
    user = _confirmed_user(request)
    twofactor.disable(request.dbsession, user)
    return {"msg": "Two-factor sign-in has been turned off"}


@api_view(
    "auth.twofactor.recovery",
    "POST",
    Permission.ACCOUNT_MANAGE,
    tags=TAGS,
    body=TwoFactorCodeBody,
    response=CODES_RESPONSE,
    summary="Replace my recovery codes with ten new ones (a code is needed); answers them, shown once",
)
def new_recovery_codes(request):
    user = _confirmed_user(request)
    return {"recoveryCodes": twofactor.new_recovery_codes(request.dbsession, user)}
