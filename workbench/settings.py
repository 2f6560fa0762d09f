"""Settings: ini values with environment overrides and computed defaults.

Every environment variable that may override a setting is listed in ``ENV_OVERRIDES``;
nothing else is read from the environment. In production (``workbench.env = production``)
secrets must come from the environment and the app refuses to start without them.
"""

import os
import secrets
from pathlib import Path

from workbench.web.base_path import BasePathError, normalise_base_path

ENV_OVERRIDES = {
    "WORKBENCH_DATA_DIR": "workbench.data_dir",
    "WORKBENCH_DATABASE_URL": "sqlalchemy.url",
    "WORKBENCH_DATA_URL": "workbench.data.url",
    "WORKBENCH_STATEMENT_TIMEOUT": "workbench.data.statement_timeout",
    "WORKBENCH_SOURCES_CONNECT_TIMEOUT": "workbench.sources.connect_timeout",
    "WORKBENCH_SECRET": "workbench.secret",
    "WORKBENCH_SITE_URL": "workbench.site_url",
    "WORKBENCH_BASE_PATH": "workbench.base_path",
    "WORKBENCH_BUS_URL": "workbench.bus.url",
    "WORKBENCH_PLUGINS_DISABLED": "workbench.plugins.disabled",
    "WORKBENCH_PLUGINS_WATCH": "workbench.plugins.watch",
    "WORKBENCH_HISTORY_RETENTION_DAYS": "workbench.history.retention_days",
    "WORKBENCH_IMPORT_MAX_SIZE": "workbench.import.max_size",
    "WORKBENCH_SIGNUP": "workbench.signup",
    "WORKBENCH_JWT_EXPIRATION": "workbench.jwt.expiration",
    "WORKBENCH_COOKIE_SECURE": "workbench.cookie_secure",
    "WORKBENCH_ENV": "workbench.env",
    "WORKBENCH_MAIL_BACKEND": "workbench.mail.backend",
    "WORKBENCH_STORAGE_BACKEND": "workbench.storage.backend",
    "WORKBENCH_S3_BUCKET": "workbench.storage.s3.bucket",
    "WORKBENCH_S3_ENDPOINT_URL": "workbench.storage.s3.endpoint_url",
    "WORKBENCH_S3_REGION": "workbench.storage.s3.region",
    "WORKBENCH_S3_PATH_STYLE": "workbench.storage.s3.path_style",
    "WORKBENCH_S3_ACCESS_KEY_ID": "workbench.storage.s3.access_key_id",
    "WORKBENCH_S3_SECRET_ACCESS_KEY": "workbench.storage.s3.secret_access_key",
    "WORKBENCH_S3_PREFIX": "workbench.storage.s3.prefix",
    "WORKBENCH_SMTP_HOST": "workbench.smtp.host",
    "WORKBENCH_SMTP_USER": "workbench.smtp.user",
    "WORKBENCH_SMTP_PASSWORD": "workbench.smtp.password",
    "WORKBENCH_RATE_LIMIT_STORE": "workbench.rate_limit.store",
    "WORKBENCH_TRUSTED_PROXIES": "workbench.rate_limit.trusted_proxies",
    "WORKBENCH_OIDC_ISSUER": "workbench.oidc.issuer",
    "WORKBENCH_OIDC_CLIENT_ID": "workbench.oidc.client_id",
    "WORKBENCH_OIDC_CLIENT_SECRET": "workbench.oidc.client_secret",
    "WORKBENCH_GOOGLE_CLIENT_ID": "workbench.google.client_id",
    "WORKBENCH_GOOGLE_CLIENT_SECRET": "workbench.google.client_secret",
    "WORKBENCH_GITHUB_CLIENT_ID": "workbench.github.client_id",
    "WORKBENCH_GITHUB_CLIENT_SECRET": "workbench.github.client_secret",
}

DEFAULTS = {
    "workbench.env": "development",
    "workbench.data_dir": "var",
    "workbench.site_url": "",
    # The path the app is served under behind a proxy ("" = the site's root, "/workbench").
    "workbench.base_path": "",
    # Where new projects keep their tables: "" = an embedded SQLite file per project.
    "workbench.data.url": "",
    # The most rows a page of records holds: a larger ``limit`` is lowered to it.
    "workbench.data.max_page_size": "1000",
    # Seconds a request's data statements may run (0: no limit); see docs/formulas.md.
    "workbench.data.statement_timeout": "15",
    "workbench.sources.connect_timeout": "3",
    # Downloads (docs/exports.md): CSV cells that start like a formula get a leading ' (false:
    # written as they are); a chunk of NocoDB's paged download holds at most this many records
    # read within this many seconds.
    "workbench.export.neutralise": "true",
    "workbench.export.chunk_rows": "10000",
    "workbench.export.chunk_seconds": "5",
    "workbench.signup": "open",  # open | invite
    # Single sign-on with an OpenID Connect provider (docs/sign-in.md); plain-http issuers
    # only where allowed (development.ini).
    "workbench.oidc.issuer": "",
    "workbench.oidc.client_id": "",
    "workbench.oidc.client_secret": "",
    "workbench.oidc.allow_http": "false",
    # Google and GitHub sign-in (docs/sign-in.md): the client registered there.
    "workbench.google.client_id": "",
    "workbench.google.client_secret": "",
    "workbench.github.client_id": "",
    "workbench.github.client_secret": "",
    "workbench.jwt.expiration": "3600",  # seconds; clients refresh 5 minutes before
    "workbench.refresh.expiration": str(7 * 24 * 3600),
    "workbench.max_body_size": str(10 * 1024 * 1024),
    "workbench.cookie_secure": "false",
    "workbench.plugins.disabled": "",
    # Development of a plugin's UI: open pages reload when a plugin's bundle is built again
    # (``workbench plugin dev``); see docs/plugins.md.
    "workbench.plugins.watch": "false",
    # Record history (docs/history.md): entries older than this many days are pruned (0: kept).
    "workbench.history.retention_days": "0",
    # The realtime bus: "" = in-process, "redis://host:6379/0" = Redis pub/sub across processes.
    "workbench.bus.url": "",
    "workbench.password.hash": "argon2",
    # Rate limits (workbench.ratelimits.rules has the rules' defaults): where counts live
    # ("" = the Redis of workbench.bus.url, else this process) and the trusted proxies.
    "workbench.rate_limit.store": "",
    "workbench.rate_limit.trusted_proxies": "",
    # Mail: "" = smtp when an SMTP host is set, else the log (see workbench.mail.services).
    "workbench.mail.backend": "",
    "workbench.smtp.host": "",
    "workbench.smtp.user": "",
    "workbench.smtp.password": "",
    # Where attachments and import uploads are kept (docs/storage.md): "" = local (the data
    # folder), "s3" = an S3-compatible bucket, with the settings below (empty: defaults).
    "workbench.storage.backend": "",
    # The largest file an import takes, in bytes ("" = 100 MB).
    "workbench.import.max_size": "",
    "workbench.storage.s3.bucket": "",
    "workbench.storage.s3.endpoint_url": "",
    "workbench.storage.s3.region": "",
    "workbench.storage.s3.path_style": "",
    "workbench.storage.s3.access_key_id": "",
    "workbench.storage.s3.secret_access_key": "",
    "workbench.storage.s3.prefix": "",
}


SIGNUP_MODES = ("open", "invite")


class SettingsError(RuntimeError):
    """Settings are missing or contradictory; the app cannot start."""


def as_bool(value) -> bool:
    return str(value).strip().lower() in {"1", "true", "yes", "on"}


def as_list(value) -> list[str]:
    return [v for v in str(value or "").replace(",", " ").split() if v]


def load_settings(settings, here=None, environ=None) -> dict:
    """Merge defaults, ini ``settings`` and the environment into one dict."""
    environ = os.environ if environ is None else environ
    merged = dict(DEFAULTS)
    merged.update({k: v for k, v in settings.items() if v is not None})
    for env_name, key in ENV_OVERRIDES.items():
        if environ.get(env_name):
            merged[key] = environ[env_name]
    base = Path(here or os.getcwd())
    data_dir = Path(merged["workbench.data_dir"])
    if not data_dir.is_absolute():
        data_dir = base / data_dir
    data_dir.mkdir(parents=True, exist_ok=True)
    merged["workbench.data_dir"] = str(data_dir)
    if not merged.get("sqlalchemy.url"):
        merged["sqlalchemy.url"] = f"sqlite:///{data_dir / 'workbench.db'}"
    if merged["workbench.signup"] not in SIGNUP_MODES:
        raise SettingsError(f"workbench.signup must be one of {', '.join(SIGNUP_MODES)}")
    try:
        merged["workbench.base_path"] = normalise_base_path(merged["workbench.base_path"])
    except BasePathError as error:
        raise SettingsError(str(error)) from None
    production = merged["workbench.env"] == "production"
    if not merged.get("workbench.secret"):
        if production:
            raise SettingsError("WORKBENCH_SECRET must be set in production")
        merged["workbench.secret"] = _development_secret(data_dir)
    if len(merged["workbench.secret"]) < 32:
        raise SettingsError("workbench.secret must be at least 32 characters long")
    if production and merged["sqlalchemy.url"].startswith("sqlite"):
        raise SettingsError("production runs on PostgreSQL: set WORKBENCH_DATABASE_URL")
    return merged


def _development_secret(data_dir: Path) -> str:
    """A random secret kept in the data folder so development tokens survive restarts."""
    path = data_dir / "secret.key"
    if path.exists():
        return path.read_text().strip()
    value = secrets.token_hex(32)
    path.write_text(value)
    path.chmod(0o600)
    return value
