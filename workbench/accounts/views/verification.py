"""E-mail verification: follow the mailed link, or ask for a new one."""

from pyramid.security import NO_PERMISSION_REQUIRED

from workbench.accounts import verification
from workbench.api import api_view
from workbench.errors import BadRequest
from workbench.security.permissions import Permission

TAGS = ("auth",)
MSG_RESPONSE = {"type": "object", "properties": {"msg": {"type": "string"}}, "required": ["msg"]}
SENT = "A verification link has been sent to your email address"
ALREADY = "Your email address is already verified"
NO_MAIL = "Email is not configured on this server, so no verification link can be sent"


@api_view(
    "auth.email.validate",
    "POST",
    NO_PERMISSION_REQUIRED,
    tags=TAGS,
    response=MSG_RESPONSE,
    summary="Verify the address a mailed verification link names (400 if the link is not valid or expired)",
)
def validate_email(request):
    verification.verify(request, request.matchdict["token"])
    return {"msg": verification.VERIFIED}


@api_view(
    "auth.email.verification",
    "POST",
    Permission.ACCOUNT_MANAGE,
    tags=TAGS,
    response=MSG_RESPONSE,
    summary="Mail me a new link that verifies my email address",
)
def send_verification(request):
    user = request.identity.user
    if user.email_verified:
        return {"msg": ALREADY}
    if not verification.send_verification(request, user):
        raise BadRequest(NO_MAIL)
    return {"msg": SENT}
