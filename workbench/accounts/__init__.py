"""Accounts: sessions, API tokens, app settings and users. Sign-in providers plug in."""


def includeme(config):
    config.include(".routes")
    config.scan(".views")
    # Each registered sign-in provider mounts its own routes (sign-in, sign-up, ...).
    for provider_cls in config.registry["auth_providers"]:
        provider_cls().configure(config)
