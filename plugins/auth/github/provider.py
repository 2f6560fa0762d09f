"""The GitHub provider: its button, settings and routes."""

from workbench.plugin_api import single_sign_on

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


class GitHubProvider:
    name = NAME
    icon = "git-repo"
    kind = "redirect"
    label = "label"
    title = "GitHub"

    def enabled(self, settings: dict) -> bool:
        return github_settings(settings).configured

    def configure(self, config) -> None:
        single_sign_on.add_routes(config, NAME)
        config.scan("workbench_plugins.auth.github.views")
