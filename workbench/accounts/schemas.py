"""Request bodies of the accounts endpoints."""

from email_validator import EmailNotValidError, validate_email
from pydantic import BaseModel, ConfigDict, Field, field_validator

from workbench.accounts.passwords import password_problem


def normalise_email(value: str) -> str:
    try:
        info = validate_email(value.strip(), check_deliverability=False)
    except EmailNotValidError as exc:
        raise ValueError(f"Invalid email address: {exc}") from None
    return info.normalized.lower()


class _Body(BaseModel):
    model_config = ConfigDict(extra="ignore", str_max_length=100_000)


class EmailBody(_Body):
    email: str = Field(max_length=255)

    @field_validator("email")
    @classmethod
    def _email(cls, value: str) -> str:
        return normalise_email(value)


class SignUpBody(EmailBody):
    password: str
    firstname: str | None = Field(default=None, max_length=255)
    lastname: str | None = Field(default=None, max_length=255)
    token: str | None = Field(default=None, max_length=64)
    ignore_subscribe: bool | None = None

    @field_validator("password")
    @classmethod
    def _password(cls, value: str) -> str:
        problem = password_problem(value)
        if problem:
            raise ValueError(problem)
        return value


class SignInBody(_Body):
    email: str = Field(max_length=255)
    password: str = Field(max_length=1024)


class PasswordChangeBody(_Body):
    currentPassword: str = Field(max_length=1024)
    newPassword: str

    @field_validator("newPassword")
    @classmethod
    def _password(cls, value: str) -> str:
        problem = password_problem(value)
        if problem:
            raise ValueError(problem)
        return value


class ApiTokenBody(_Body):
    description: str | None = Field(default=None, max_length=255)


class AppSettingsBody(_Body):
    invite_only_signup: bool | None = None
    signup_role: str | None = None

    @field_validator("signup_role")
    @classmethod
    def _role(cls, value):
        if value is not None and value not in ("org-level-creator", "org-level-viewer"):
            raise ValueError("signup_role must be org-level-creator or org-level-viewer")
        return value


class OrgInviteBody(EmailBody):
    roles: str = "org-level-viewer"

    @field_validator("roles")
    @classmethod
    def _roles(cls, value: str) -> str:
        if value not in ("org-level-creator", "org-level-viewer"):
            raise ValueError("roles must be org-level-creator or org-level-viewer")
        return value


class OrgUserUpdateBody(_Body):
    roles: str | None = None
    blocked: bool | None = None

    @field_validator("roles")
    @classmethod
    def _roles(cls, value):
        if value is not None and value not in ("org-level-creator", "org-level-viewer"):
            raise ValueError("roles must be org-level-creator or org-level-viewer")
        return value
