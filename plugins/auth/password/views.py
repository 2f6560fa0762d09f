"""Sign-up, sign-in and password change."""

from pyramid.security import NO_PERMISSION_REQUIRED

from workbench.plugin_api import BadRequest, PasswordChangeBody, Permission, SignInBody, SignUpBody, accounts, api_view

TOKEN_RESPONSE = {"type": "object", "properties": {"token": {"type": "string"}}, "required": ["token"]}
#: a session, or, for an account with two-factor sign-in, the challenge its code answers
SIGN_IN_RESPONSE = {
    "type": "object",
    "properties": {
        "token": {"type": "string"},
        "twoFactorRequired": {"type": "boolean"},
        "challenge": {"type": "string"},
    },
}
BAD_CREDENTIALS = "Email or password is incorrect"


@api_view(
    "auth.signup",
    "POST",
    NO_PERMISSION_REQUIRED,
    tags=("auth",),
    body=SignUpBody,
    response=TOKEN_RESPONSE,
    summary="Sign up; the first user becomes super admin. With an invitation token, completes the invited account",
)
def signup(request):
    body = request.validated(SignUpBody)
    user = accounts.sign_up(
        request,
        email=body.email,
        password=body.password,
        firstname=body.firstname,
        lastname=body.lastname,
        token=body.token,
    )
    return accounts.start_session(request, user)


@api_view(
    "auth.signin",
    "POST",
    NO_PERMISSION_REQUIRED,
    tags=("auth",),
    body=SignInBody,
    response=SIGN_IN_RESPONSE,
    summary=(
        "Sign in with email and password; sets the refresh_token cookie. An account with two-factor"
        " sign-in gets {twoFactorRequired, challenge} instead, to send with a code to /auth/user/signin/2fa"
    ),
)
def signin(request):
    body = request.validated(SignInBody)
    # Counted before the password is checked: past the limits, 429 whatever the password.
    attempt = accounts.sign_in_attempt(request, body.email)
    user = accounts.user_by_email(request.dbsession, body.email.strip())
    hasher = accounts.hasher(request)
    # Verified even for an unknown address: the time taken must not tell which accounts exist.
    if not hasher.verify(user.password_hash if user else None, body.password) or user is None:
        raise BadRequest(BAD_CREDENTIALS)
    attempt.succeeded()
    if user.blocked:
        raise BadRequest("This account is blocked")
    if hasher.needs_rehash(user.password_hash):
        user.password_hash = hasher.hash(body.password)
    return accounts.complete_sign_in(request, user)


@api_view(
    "auth.password.change",
    "POST",
    Permission.ACCOUNT_MANAGE,
    tags=("auth",),
    body=PasswordChangeBody,
    summary=(
        "Change my password; every other session ends (and, unless revokeApiTokens is false, every API token),"
        " a new session is returned"
    ),
)
def change_password(request):
    body = request.validated(PasswordChangeBody)
    user = request.identity.user
    hasher = accounts.hasher(request)
    if not hasher.verify(user.password_hash, body.currentPassword):
        raise BadRequest("Current password is wrong")
    if body.currentPassword == body.newPassword:
        raise BadRequest("The new password must differ from the current one")
    user.password_hash = hasher.hash(body.newPassword)
    accounts.end_all_sessions(request, user, api_tokens=body.revokeApiTokens)
    request.dbsession.flush()
    return {"msg": "Password has been updated successfully", **accounts.start_session(request, user)}
