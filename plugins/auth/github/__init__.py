"""Sign-in with GitHub (OAuth 2, no ID token): authorization code with PKCE and ``state``;
the code exchanged at GitHub's token endpoint, then the account's primary e-mail address
read from the API, and only a primary address GitHub verified signs in. Configured by
``WORKBENCH_GITHUB_CLIENT_ID`` / ``WORKBENCH_GITHUB_CLIENT_SECRET``; see docs/sign-in.md.
"""

from workbench.plugin_api import hookimpl

from .provider import GitHubProvider


@hookimpl
def register_auth_providers():
    return [GitHubProvider]
