"""Settings: defaults, ini values, environment overrides, and production's refusals."""

import pytest

from workbench.settings import DEFAULTS, ENV_OVERRIDES, SettingsError, as_bool, as_list, load_settings

SECRET = "s" * 40
PG = "postgresql+psycopg://wb@db/wb"


def load(tmp_path, settings=None, environ=None):
    return load_settings(settings or {}, here=str(tmp_path), environ=environ or {})


def test_defaults(tmp_path):
    merged = load(tmp_path)
    for key in ("workbench.env", "workbench.signup", "workbench.jwt.expiration", "workbench.max_body_size"):
        assert merged[key] == DEFAULTS[key]
    assert merged["workbench.data_dir"] == str(tmp_path / "var")
    assert (tmp_path / "var").is_dir()
    assert merged["sqlalchemy.url"] == f"sqlite:///{tmp_path / 'var' / 'workbench.db'}"


def test_ini_values_win_over_defaults_and_none_is_ignored(tmp_path):
    merged = load(tmp_path, {"workbench.signup": "invite", "workbench.jwt.expiration": None})
    assert merged["workbench.signup"] == "invite"
    assert merged["workbench.jwt.expiration"] == DEFAULTS["workbench.jwt.expiration"]


def test_environment_overrides_the_ini(tmp_path):
    environ = {
        "WORKBENCH_DATA_DIR": str(tmp_path / "elsewhere"),
        "WORKBENCH_DATABASE_URL": PG,
        "WORKBENCH_SECRET": SECRET,
        "WORKBENCH_SIGNUP": "invite",
        "WORKBENCH_JWT_EXPIRATION": "60",
        "WORKBENCH_PLUGINS_DISABLED": "kanban github",
    }
    merged = load(tmp_path, {"workbench.signup": "open", "sqlalchemy.url": "sqlite:///x.db"}, environ)
    assert merged["workbench.data_dir"] == str(tmp_path / "elsewhere")
    assert merged["sqlalchemy.url"] == PG
    assert merged["workbench.secret"] == SECRET
    assert merged["workbench.signup"] == "invite"
    assert merged["workbench.jwt.expiration"] == "60"
    assert merged["workbench.plugins.disabled"] == "kanban github"


def test_every_override_maps_to_a_setting(tmp_path):
    for env_name, key in ENV_OVERRIDES.items():
        assert env_name.startswith("WORKBENCH_")
        assert key in DEFAULTS or key in {"sqlalchemy.url", "workbench.secret", "workbench.bus.url"}


def test_empty_environment_values_are_ignored(tmp_path):
    merged = load(tmp_path, {"workbench.signup": "invite"}, {"WORKBENCH_SIGNUP": ""})
    assert merged["workbench.signup"] == "invite"


def test_other_environment_variables_are_not_read(tmp_path):
    merged = load(tmp_path, {}, {"WORKBENCH_MAX_BODY_SIZE": "1", "workbench.signup": "invite"})
    assert merged["workbench.max_body_size"] == DEFAULTS["workbench.max_body_size"]
    assert merged["workbench.signup"] == "open"


def test_relative_data_dir_is_under_here_and_absolute_is_kept(tmp_path):
    assert load(tmp_path, {"workbench.data_dir": "data"})["workbench.data_dir"] == str(tmp_path / "data")
    absolute = tmp_path / "abs"
    assert load(tmp_path / "x", {"workbench.data_dir": str(absolute)})["workbench.data_dir"] == str(absolute)


def test_development_secret_is_generated_once_and_private(tmp_path):
    first = load(tmp_path)["workbench.secret"]
    assert len(first) >= 32
    key = tmp_path / "var" / "secret.key"
    assert key.read_text() == first
    assert key.stat().st_mode & 0o777 == 0o600
    assert load(tmp_path)["workbench.secret"] == first


def test_short_secret_is_refused(tmp_path):
    with pytest.raises(SettingsError, match="at least 32"):
        load(tmp_path, {"workbench.secret": "short"})


def test_unknown_signup_mode_is_refused(tmp_path):
    with pytest.raises(SettingsError, match=r"workbench\.signup"):
        load(tmp_path, {}, {"WORKBENCH_SIGNUP": "closed"})


def test_production_needs_the_secret_from_somewhere(tmp_path):
    with pytest.raises(SettingsError, match="WORKBENCH_SECRET"):
        load(tmp_path, {"sqlalchemy.url": PG}, {"WORKBENCH_ENV": "production"})
    assert not (tmp_path / "var" / "secret.key").exists()


def test_production_refuses_sqlite(tmp_path):
    with pytest.raises(SettingsError, match="PostgreSQL"):
        load(tmp_path, {"workbench.env": "production"}, {"WORKBENCH_SECRET": SECRET})
    with pytest.raises(SettingsError, match="PostgreSQL"):
        load(
            tmp_path,
            {"workbench.env": "production"},
            {"WORKBENCH_SECRET": SECRET, "WORKBENCH_DATABASE_URL": "sqlite:////srv/wb.db"},
        )


def test_production_with_secret_and_postgresql(tmp_path):
    merged = load(tmp_path, {"workbench.env": "production"}, {"WORKBENCH_SECRET": SECRET, "WORKBENCH_DATABASE_URL": PG})
    assert merged["workbench.secret"] == SECRET
    assert merged["sqlalchemy.url"] == PG


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("true", True),
        (" Yes ", True),
        ("1", True),
        ("on", True),
        ("false", False),
        ("0", False),
        ("", False),
        (None, False),
    ],
)
def test_as_bool(value, expected):
    assert as_bool(value) is expected


def test_as_list():
    assert as_list("a b,c ,, d") == ["a", "b", "c", "d"]
    assert as_list(None) == []
    assert as_list("") == []
