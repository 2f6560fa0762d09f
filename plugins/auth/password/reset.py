"""Forgotten password: ask for a reset link, check it, set a new password with it."""

from urllib.parse import quote

from pyramid.httpexceptions import HTTPFound
from pyramid.security import NO_PERMISSION_REQUIRED

from workbench.plugin_api import ForgotPasswordBody, ResetPasswordBody, api_view, password_resets

TAGS = ("auth",)
MSG_RESPONSE = {"type": "object", "properties": {"msg": {"type": "string"}}, "required": ["msg"]}
# The same answer whether or not the address has an account.
SENT = "If an account uses this email address, a link to reset its password has been sent to it"


@api_view(
    "auth.password.forgot",
    "POST",
    NO_PERMISSION_REQUIRED,
    tags=TAGS,
    body=ForgotPasswordBody,
    response=MSG_RESPONSE,
    summary="Mail a single-use password reset link (same answer whether or not the address has an account)",
)
def forgot_password(request):
    body = request.validated(ForgotPasswordBody)
    password_resets.request_reset(request, body.email)
    return {"msg": SENT}


@api_view(
    "auth.token.validate",
    "POST",
    NO_PERMISSION_REQUIRED,
    tags=TAGS,
    response=MSG_RESPONSE,
    summary="Check a password reset token: 400 if it is unknown, used or expired",
)
def validate_token(request):
    password_resets.check_token(request, request.matchdict["token"])
    return {"msg": "The password reset link is valid"}


@api_view(
    "auth.token.validate",
    "GET",
    NO_PERMISSION_REQUIRED,
    tags=TAGS,
    response=MSG_RESPONSE,
    summary="Check a password reset token (as POST)",
)
def validate_token_get(request):
    return validate_token(request)


@api_view(
    "auth.password.reset",
    "POST",
    NO_PERMISSION_REQUIRED,
    tags=TAGS,
    body=ResetPasswordBody,
    response=MSG_RESPONSE,
    summary="Set a new password with a reset token; every session of the account ends",
)
def reset_password(request):
    body = request.validated(ResetPasswordBody)
    password_resets.reset_password(request, request.matchdict["token"], body.password)
    return {"msg": "Password has been reset successfully"}


@api_view(
    "auth.password.reset",
    "GET",
    NO_PERMISSION_REQUIRED,
    tags=TAGS,
    status=302,
    response={"type": "string"},
    summary="The reset form (where NocoDB's reset mails point): redirects to the web app's reset page",
)
def reset_form(request):
    page = password_resets.RESET_PAGE + quote(request.matchdict["token"], safe="")
    return HTTPFound(location=request.script_name + page)
