"""Routes of the accounts package (NocoDB paths, with their v2 and legacy aliases)."""

from workbench.api import add_api_route
from workbench.security.contexts import ProjectContext


def includeme(config):
    r = lambda name, *paths: add_api_route(config, name, *paths)  # noqa: E731
    r(
        "auth.refresh",
        "/api/v1/auth/token/refresh",
        "/api/v2/auth/token/refresh",
        "/auth/refresh-token",
        "/api/v1/db/auth/token/refresh",
    )
    r("auth.signout", "/api/v1/auth/user/signout", "/api/v2/auth/user/signout", "/api/v1/db/auth/user/signout")
    r("auth.me", "/api/v1/auth/user/me", "/api/v2/auth/user/me", "/api/v1/db/auth/user/me")
    r(
        "auth.email.validate",
        "/api/v1/auth/email/validate/{token}",
        "/api/v2/auth/email/validate/{token}",
        "/api/v1/db/auth/email/validate/{token}",
        "/auth/email/validate/{token}",
    )
    r("auth.email.verification", "/api/v1/auth/email/verification", "/api/v2/auth/email/verification")
    r("user.profile", "/api/v1/user/profile", "/api/v2/user/profile")
    r("user.avatar", "/api/v1/user/avatar", "/api/v2/user/avatar")
    r("user.avatar.image", "/api/v1/avatars/{user_id}/{digest}", "/api/v2/avatars/{user_id}/{digest}")
    r("auth.twofactor.signin", "/api/v1/auth/user/signin/2fa", "/api/v2/auth/user/signin/2fa")
    r("auth.twofactor", "/api/v1/auth/2fa", "/api/v2/auth/2fa")
    r("auth.twofactor.setup", "/api/v1/auth/2fa/setup", "/api/v2/auth/2fa/setup")
    r("auth.twofactor.enable", "/api/v1/auth/2fa/enable", "/api/v2/auth/2fa/enable")
    r("auth.twofactor.disable", "/api/v1/auth/2fa/disable", "/api/v2/auth/2fa/disable")
    r("auth.twofactor.recovery", "/api/v1/auth/2fa/recovery-codes", "/api/v2/auth/2fa/recovery-codes")
    r("tokens", "/api/v1/tokens", "/api/v2/tokens")
    r("token", "/api/v1/tokens/{token_id}", "/api/v2/tokens/{token_id}")
    # NocoDB's older paths of the same tokens under a project (a member's own tokens).
    p = lambda name, *paths: add_api_route(config, name, *paths, factory=ProjectContext)  # noqa: E731
    p(
        "project.api_tokens",
        "/api/v1/db/meta/projects/{project_id}/api-tokens",
        "/api/v2/meta/bases/{project_id}/api-tokens",
    )
    p(
        "project.api_token",
        "/api/v1/db/meta/projects/{project_id}/api-tokens/{token_id}",
        "/api/v2/meta/bases/{project_id}/api-tokens/{token_id}",
    )
    r("app_settings", "/api/v1/app-settings", "/api/v2/app-settings")
    r("org.users", "/api/v1/users", "/api/v2/users")
    r("org.user", "/api/v1/users/{user_id}", "/api/v2/users/{user_id}")
