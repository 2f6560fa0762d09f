"""Request bodies of the accounts endpoints."""

from typing import Annotated

from email_validator import EmailNotValidError, validate_email
from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator

from workbench.accounts.passwords import password_problem


def normalise_email(value: str) -> str:
    try:
        info = validate_email(value.strip(), check_deliverability=False)
    except EmailNotValidError as exc:
        raise ValueError(f"Invalid email address: {exc}") from None
    return info.normalized.lower()


def _check_password(value: str) -> str:
    problem = password_problem(value)
    if problem:
        raise ValueError(problem)
    return value


def _check_org_role(value: str) -> str:
    if value not in ORG_ROLES:
        raise ValueError(f"must be one of: {', '.join(ORG_ROLES)}")
    return value


ORG_ROLES = ("org-level-creator", "org-level-viewer")
#: a password being set: checked against the password rules
NewPassword = Annotated[str, AfterValidator(_check_password)]
#: an organisation role that can be given to a user
OrgRole = Annotated[str, AfterValidator(_check_org_role)]


class _Body(BaseModel):
    model_config = ConfigDict(extra="ignore", str_max_length=100_000)


class EmailBody(_Body):
    email: str = Field(max_length=255)

    @field_validator("email")
    @classmethod
    def _email(cls, value: str) -> str:
        return normalise_email(value)


class SignUpBody(EmailBody):
    password: NewPassword
    firstname: str | None = Field(default=None, max_length=255)
    lastname: str | None = Field(default=None, max_length=255)
    token: str | None = Field(default=None, max_length=64)
    ignore_subscribe: bool | None = None


class SignInBody(_Body):
    email: str = Field(max_length=255)
    password: str = Field(max_length=1024)


class TwoFactorCodeBody(_Body):
    #: a code of the authenticator app, or a recovery code
    code: str = Field(max_length=64)


class TwoFactorSignInBody(TwoFactorCodeBody):
    #: what the password sign-in answered
    challenge: str = Field(max_length=2048)


class PasswordChangeBody(_Body):
    currentPassword: str = Field(max_length=1024)
    newPassword: NewPassword
    #: also delete the user's API tokens (scripts using them stop working)
    revokeApiTokens: bool = True


class ApiTokenBody(_Body):
    description: str | None = Field(default=None, max_length=255)


class AppSettingsBody(_Body):
    invite_only_signup: bool | None = None
    signup_role: OrgRole | None = None
    require_two_factor: bool | None = None


class OrgInviteBody(EmailBody):
    roles: OrgRole = "org-level-viewer"


class OrgUserUpdateBody(_Body):
    roles: OrgRole | None = None
    blocked: bool | None = None


class ForgotPasswordBody(EmailBody):
    pass


class ResetPasswordBody(_Body):
    password: NewPassword
