"""Password sign-in: sign-up, sign-in, password change and forgotten-password reset links
with e-mail and password.

A plugin like any other: disable it with ``workbench.plugins.disabled = password`` (for
example when only OAuth providers should be offered).
"""

from workbench.plugin_api import hookimpl

from .provider import PasswordProvider


@hookimpl
def register_auth_providers():
    return [PasswordProvider]
