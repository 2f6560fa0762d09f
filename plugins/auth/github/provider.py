"""The GitHub provider: its button, settings, routes and views."""

from workbench.plugin_api import single_sign_on

from . import oauth

NAME = "github"
#: GitHub's OAuth endpoints and API (each ``workbench.github.<key>`` in the ini replaces
#: one, for tests against a local server)
URLS = {
    "authorize_url": "https://github.com/login/oauth/authorize",
    "token_url": "https://github.com/login/oauth/access_token",
    "api_url": "https://api.github.com",
}


def github_settings(settings: dict):
    """``workbench.github.client_id`` / ``client_secret`` (from the environment)."""
    return single_sign_on.provider_settings(settings, NAME, urls=URLS, scope="read:user user:email")


WORDS = single_sign_on.ProviderWords(
    not_configured="Sign-in with GitHub is not configured",
    start="Start sign-in with GitHub: redirects to GitHub (code flow with PKCE and state)",
    finish="Finish sign-in with GitHub with its code and state; sets the refresh_token cookie",
    returned_by="GitHub",
)


class GitHubProvider:
    name = NAME
    icon = "git-repo"
    kind = "redirect"
    label = "label"
    title = "GitHub"

    def enabled(self, settings: dict) -> bool:
        return github_settings(settings).configured

    def configure(self, config) -> None:
        single_sign_on.add_views(
            config,
            NAME,
            settings=github_settings,
            authorize_url=oauth.authorize_url,
            exchange=oauth.identity,
            words=WORDS,
        )
