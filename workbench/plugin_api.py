"""The public plugin API: all a plugin may import from Workbench.

A plugin package imports from ``workbench.plugin_api`` and from its own package, nothing
else of ``workbench`` (a test enforces it for the built-in plugins); a plugin that needs
another plugin declares it. ``workbench.testing`` stays available to plugins' tests.

``PLUGIN_API_VERSION`` is the version of this module's contents: an addition keeps it,
a removal or a change of what a name means or takes raises it. The catalogue
(``GET /api/v1/catalogue``) states it as ``apiVersion``.

The names come in groups (see each group's comment below and ``docs/plugins.md``):

- hooks: declaring hook implementations;
- field types: the base class, its optional abilities (protocols), value coercion,
  filter operator groups and the capability vocabularies;
- formulas: data types, functions and the formula language for computed fields;
- records and data: reading, listing and writing records of any table, and building SQL
  over a table's fields;
- schema: the meta objects and the unit of work of a field type that builds more than its
  column (``ManagesSchema``);
- notifications: telling other plugins of changed records and meta;
- view types: the base class and the checks of view settings;
- importers: the base class, sheets, the error for unreadable files and the limits a file
  is read within;
- storage: storage backend errors, file keys, file types and removal of unused files;
- mail: messages and the configured mailer;
- webhooks: the notifier base class, a delivery's call and result;
- accounts: what a sign-in provider needs (users, sessions, password resets);
- API: declaring routes, errors as JSON, permissions, ids and timestamps.
"""

from __future__ import annotations

import importlib
from types import SimpleNamespace

# -- accounts
from workbench.accounts import external as _external
from workbench.accounts import resets as _resets
from workbench.accounts import services as _account_services
from workbench.accounts import sessions as _sessions
from workbench.accounts import signin as _signin
from workbench.accounts import throttle as _throttle
from workbench.accounts.schemas import (
    ForgotPasswordBody,
    PasswordChangeBody,
    ResetPasswordBody,
    SignInBody,
    SignUpBody,
)
from workbench.accounts.sso import fetch as _sso_fetch
from workbench.accounts.sso import finish as _sso_finish
from workbench.accounts.sso import openid as _sso_openid
from workbench.accounts.sso import routes as _sso_routes
from workbench.accounts.sso import settings as _sso_settings
from workbench.accounts.sso import start as _sso_start
from workbench.accounts.sso import views as _sso_views

# -- API
from workbench.api import add_api_route, api_view

# -- records and data
from workbench.data import ddl as _table_ddl
from workbench.data import maintained as _maintained
from workbench.data.computed import Catalog, ModelResolver, TableFields, data_type_of, reach_other_tables
from workbench.data.filters import value_condition
from workbench.data.model import build_model
from workbench.data.query import ListParams, count_rows, list_params, parse_row_id, read_row, select_rows
from workbench.data.unit import DataTransaction, data_transaction
from workbench.data.writes import RowWriter
from workbench.errors import BadRequest, NotFound, Unprocessable

# -- field types
from workbench.fields import operators as _operators
from workbench.fields.coerce import (
    all_of_types,
    blank,
    to_bool,
    to_bool_many,
    to_float,
    to_float_many,
    to_int,
    to_int_many,
    to_text,
    to_text_many,
)
from workbench.fields.formula_text import check_formula_text, stored_formula
from workbench.fields.interfaces import (
    DATE_AGGREGATIONS,
    IMPORT_CONVERSIONS,
    IMPORT_KINDS,
    NUMERIC_AGGREGATIONS,
    SYSTEM_ROLES,
    AutoValue,
    ChecksMeta,
    ChecksWrites,
    ComputedInSql,
    ExpandsValues,
    FieldType,
    FieldValueError,
    FiltersItself,
    HasOptions,
    LinksExistingKeys,
    ManagesSchema,
    RelatesRecords,
    SearchesItself,
)
from workbench.fields.lookup import described_as, field_type
from workbench.fields.typed_column import TypedColumn, iso_seconds, kinds_of, typed

# -- formulas
from workbench.formulas import (
    DataType,
    FormulaError,
    FormulaFunction,
    Resolved,
    check_cycles,
    compile_formula,
    literal_text,
)
from workbench.formulas import check as check_formula
from workbench.formulas import parse as parse_formula
from workbench.formulas import references as formula_references
from workbench.formulas import render as render_formula
from workbench.formulas.arrays import ArrayQuery
from workbench.formulas.checker import comparable
from workbench.formulas.dates import DATE_PARTS, FORMAT_TOKENS, as_date, format_date, tokenize_format
from workbench.formulas.dates import now as formula_now
from workbench.formulas.limits import MAX_TEXT_LENGTH, MAX_TEXT_WORK, literal_int
from workbench.formulas.operators import compare as compare_values
from workbench.formulas.operators import join_texts
from workbench.formulas.sqlite import URL_RESERVED
from workbench.formulas.types import ANY, DATE, LIST, LITERAL_TEXT, NUMBER, TEXT, common_type

# -- webhooks: notifiers (``register_notifiers``)
from workbench.hooks.notifiers import IDEMPOTENCY_HEADER, Call, Notifier, Result

# -- hooks: ``@hookimpl`` marks an implementation of a hook of ``workbench.hookspecs``;
#    ``@row_actions(...)`` narrows ``on_rows_changed`` to some actions
from workbench.hookspecs import hookimpl, row_actions

# -- importers
from workbench.imports.interfaces import Importer, ImportFileError, Sheet
from workbench.imports.limits import CellCount, ImportLimits, check_zip

# -- mail
from workbench.mail.interfaces import MailError, Message
from workbench.mail.links import site_url
from workbench.mail.services import mailer
from workbench.meta.base import new_id, utcnow
from workbench.paging import paged

# -- notifications
from workbench.plugins import notify as _notify
from workbench.records import routes as _record_routes
from workbench.records.contexts import AliasRecordsContext, RecordsContext
from workbench.records.expand import expand_rows, with_keys
from workbench.records.loading import load_table_ref_by_id, meta_loader, model_for
from workbench.records.services import Records
from workbench.security.permissions import Permission
from workbench.settings import SettingsError, as_bool
from workbench.sources.clients import SSL_MODES, DatabaseClient

# -- storage
from workbench.storage import filetypes as _filetypes
from workbench.storage import keys as _keys
from workbench.storage.cleanup import removed_keys, schedule_removal
from workbench.storage.interfaces import FileMissing, StorageError, StorageUnavailable

# -- schema
from workbench.tables import naming as _naming
from workbench.tables.columns import bump
from workbench.tables.models import Column, Table, ViewColumn
from workbench.tables.serialize import column_json

# -- view types
from workbench.views.types import PUBLIC_FORM, PUBLIC_ROWS, Setting, ViewType
from workbench.views.types import boolean as boolean_setting
from workbench.views.types import column_of as column_setting
from workbench.views.types import integer as integer_setting
from workbench.views.types import text as text_setting
from workbench.views.types import url as url_setting

#: the version of this module's contents (additions keep it; removals and changes raise it)
PLUGIN_API_VERSION = 1

#: filter operator groups (NocoDB names) a field type offers as its ``operators``
operators = SimpleNamespace(
    **{
        name: getattr(_operators, name)
        for name in (
            "BLANK",
            "NULLS",
            "EQUALITY",
            "ORDERING",
            "RANGE",
            "TEXT",
            "NUMERIC",
            "DATE",
            "TIME",
            "CHECKBOX",
            "SINGLE_SELECT",
            "MULTI_SELECT",
        )
    }
)

#: the paths of the records API, for routes below a table or a record: v1 by project and
#: table (id or title), v1 through a view, v1's short form, and v2 by table id
record_paths = SimpleNamespace(
    V1=_record_routes.V1,
    V1_VIEW=_record_routes.V1_VIEW,
    V1_SHORT=_record_routes.V1_SHORT,
    V2=_record_routes.V2,
)

#: the meta database's tables, columns and view columns, and the physical schema's unit of
#: work, for a field type that builds more than its column (``ManagesSchema``): new
#: columns and tables are these classes, added to ``request.dbsession``; physical changes
#: go through ``data_transaction(request, source)`` (``lock_schema``, ``begin_write``,
#: ``on_undo``, ``after_commit``); ``existing_tables(work)`` are the physical tables'
#: names; ``operations(connection)`` are Alembic's operations on the data (add or drop a
#: column); ``Catalog``, ``build_model`` and ``meta_loader`` build a table's data model
#: (``build_model(registry, table, columns, dialect, Catalog(registry, dialect,
#: meta_loader(session)))``); ``bump(table)`` tells the models built from it that it changed;
#: ``sanitise`` and ``unique_name`` make physical names and titles; ``column_json`` is a
#: column as the meta API answers it
schema = SimpleNamespace(
    Table=Table,
    Column=Column,
    ViewColumn=ViewColumn,
    DataTransaction=DataTransaction,
    data_transaction=data_transaction,
    existing_tables=_table_ddl.existing_tables,
    operations=_table_ddl._ops,
    Catalog=Catalog,
    build_model=build_model,
    meta_loader=meta_loader,
    bump=bump,
    sanitise=_naming.sanitise,
    unique_name=_naming.unique_name,
    column_json=column_json,
)

#: maintained aggregates (helper columns of the tables a rollup or count reads from):
#: ``MARK`` (the ``col_options`` key of a field kept in one), ``PREFIX`` (of the helpers'
#: names), ``enabled(source)`` (whether the source allows them), ``helper_name(column_id)``,
#: ``index_name(column_id)``; kept formulas: ``formula_spec(model, field)`` (a formula's
#: spec, None when it cannot be kept) and ``kept_formula(field)`` (whether a field is kept
#: as a formula is: its helper is ``field.kept``)
maintained_aggregates = SimpleNamespace(
    MARK=_maintained.MARK,
    PREFIX=_maintained.PREFIX,
    enabled=_maintained.enabled,
    helper_name=_maintained.helper_name,
    index_name=_maintained.index_name,
    formula_spec=_maintained.formula_spec,
    kept_formula=_maintained.kept_formula,
)

#: telling plugins of changes (the ``on_rows_changed`` and ``on_meta_changed`` hooks):
#: ``listens_to_rows(request, action)``, ``rows_changed(request, table, action, changes)``,
#: ``links_changed(request, table, row_id, field, action, related_table_id, ids)``,
#: ``meta_changed(request, kind, action, obj)``
notify = SimpleNamespace(
    listens_to_rows=_notify.listens_to_rows,
    rows_changed=_notify.rows_changed,
    links_changed=_notify.links_changed,
    meta_changed=_notify.meta_changed,
)

#: stored file keys (``<project>/<token>/<name>``): parse and check them, and the path
#: under which files are downloaded
storage_keys = SimpleNamespace(
    InvalidKey=_keys.InvalidKey,
    Key=_keys.Key,
    DOWNLOAD_PREFIX=_keys.DOWNLOAD_PREFIX,
    parse=_keys.parse,
    parse_path=_keys.parse_path,
    display_title=_keys.display_title,
)

#: media types of files: from a name, a declared type cleaned, accepted patterns
file_types = SimpleNamespace(
    OCTET_STREAM=_filetypes.OCTET_STREAM,
    from_name=_filetypes.from_name,
    clean_declared=_filetypes.clean_declared,
    parse_patterns=_filetypes.parse_patterns,
    accepted=_filetypes.accepted,
)

#: users and sessions, for sign-in providers
accounts = SimpleNamespace(
    hasher=_account_services.hasher,
    sign_up=_account_services.sign_up,
    user_by_email=_account_services.user_by_email,
    start_session=_sessions.start_session,
    complete_sign_in=_signin.complete_sign_in,
    external_user=_external.external_user,
    end_all_sessions=_sessions.end_all_sessions,
    sign_in_attempt=_throttle.sign_in_attempt,
)

#: single sign-on, for providers that send the visitor elsewhere (docs/sign-in.md):
#: ``provider_settings(settings, name, urls=..., scope=...)`` reads ``workbench.<name>.*``;
#: ``add_routes(config, name)`` adds ``auth.<name>.authorize`` and ``auth.<name>.token``;
#: ``add_views(config, name, settings=, authorize_url=, exchange=, words=ProviderWords(...))``
#: adds those routes and their views (404 while not configured), from the provider's own parts;
#: ``begin(request, name)`` makes a start (state, nonce, PKCE) and its cookie, ``redirect``
#: sends the visitor to the provider with it; ``sign_in(request, name, exchange)`` finishes
#: (rate limit, state, verified e-mail, session); ``fetch_json`` reads a provider's endpoint;
#: ``openid_*`` are OpenID Connect's discovery, code exchange and ID token checks
single_sign_on = SimpleNamespace(
    ProviderSettings=_sso_settings.ProviderSettings,
    provider_settings=_sso_settings.provider_settings,
    add_routes=_sso_routes.add_routes,
    add_views=_sso_views.add_views,
    ProviderWords=_sso_views.ProviderWords,
    RETURN_PAGE=_sso_start.RETURN_PAGE,
    Started=_sso_start.Started,
    begin=_sso_start.begin,
    redirect=_sso_start.redirect,
    redirect_uri=_sso_start.redirect_uri,
    sign_in=_sso_finish.sign_in,
    allowed_url=_sso_fetch.allowed_url,
    fetch_json=_sso_fetch.fetch_json,
    UNREACHABLE=_sso_fetch.UNREACHABLE,
    REFUSED=_sso_fetch.REFUSED,
    BAD_TOKEN=_sso_openid.BAD_TOKEN,
    token_request=_sso_openid.token_request,
    openid_document=_sso_openid.document,
    openid_authorize_url=_sso_openid.authorize_url,
    openid_exchange=_sso_openid.exchange,
    openid_identity=_sso_openid.identity,
    openid_exchanged_identity=_sso_openid.exchanged_identity,
    verify_id_token=_sso_openid.verify_id_token,
    forget=_sso_openid.forget,
)

#: password resets by e-mailed link, for the password provider
password_resets = SimpleNamespace(
    RESET_PAGE=_resets.RESET_PAGE,
    request_reset=_resets.request_reset,
    check_token=_resets.check_token,
    reset_password=_resets.reset_password,
)

#: names that belonged to the core's link engine and now belong to the links plugin
#: (``workbench_plugins.field_types.links``): still answered here, on first use, for
#: plugins written against this version; they need that plugin installed
_MOVED = {
    "BT": ("relations", "BT"),
    "MM": ("relations", "MM"),
    "SOURCE_KEY": ("relations", "SOURCE_KEY"),
    "Relation": ("relations", "Relation"),
    "RelationError": ("relations", "RelationError"),
    "link_schema": ("schema", None),
}
_LINKS_PACKAGE = "workbench_plugins.field_types.links"


def __getattr__(name: str):
    if name not in _MOVED:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module, attribute = _MOVED[name]
    found = importlib.import_module(f"{_LINKS_PACKAGE}.{module}")
    if attribute is not None:
        value = getattr(found, attribute)
    else:
        value = SimpleNamespace(
            create_link=found.create_link, delete_link=found.delete_link, requested_kind=found.requested_kind
        )
    globals()[name] = value
    return value


__all__ = [
    "ANY",
    "BT",  # noqa: F822 (answered by __getattr__)
    "DATE",
    "DATE_AGGREGATIONS",
    "DATE_PARTS",
    "FORMAT_TOKENS",
    "IDEMPOTENCY_HEADER",
    "IMPORT_CONVERSIONS",
    "IMPORT_KINDS",
    "LIST",
    "LITERAL_TEXT",
    "MAX_TEXT_LENGTH",
    "MAX_TEXT_WORK",
    "MM",  # noqa: F822 (answered by __getattr__)
    "NUMBER",
    "NUMERIC_AGGREGATIONS",
    "PLUGIN_API_VERSION",
    "PUBLIC_FORM",
    "PUBLIC_ROWS",
    "SOURCE_KEY",  # noqa: F822 (answered by __getattr__)
    "SSL_MODES",
    "SYSTEM_ROLES",
    "TEXT",
    "URL_RESERVED",
    "AliasRecordsContext",
    "ArrayQuery",
    "AutoValue",
    "BadRequest",
    "Call",
    "CellCount",
    "ChecksMeta",
    "ChecksWrites",
    "ComputedInSql",
    "DataType",
    "DatabaseClient",
    "ExpandsValues",
    "FieldType",
    "FieldValueError",
    "FileMissing",
    "FiltersItself",
    "ForgotPasswordBody",
    "FormulaError",
    "FormulaFunction",
    "HasOptions",
    "ImportFileError",
    "ImportLimits",
    "Importer",
    "LinksExistingKeys",
    "ListParams",
    "MailError",
    "ManagesSchema",
    "Message",
    "ModelResolver",
    "NotFound",
    "Notifier",
    "PasswordChangeBody",
    "Permission",
    "Records",
    "RecordsContext",
    "RelatesRecords",
    "Relation",  # noqa: F822 (answered by __getattr__)
    "RelationError",  # noqa: F822 (answered by __getattr__)
    "ResetPasswordBody",
    "Resolved",
    "Result",
    "RowWriter",
    "SearchesItself",
    "Setting",
    "SettingsError",
    "Sheet",
    "SignInBody",
    "SignUpBody",
    "StorageError",
    "StorageUnavailable",
    "TableFields",
    "TypedColumn",
    "Unprocessable",
    "ViewType",
    "accounts",
    "add_api_route",
    "all_of_types",
    "api_view",
    "as_bool",
    "as_date",
    "blank",
    "boolean_setting",
    "check_cycles",
    "check_formula",
    "check_formula_text",
    "check_zip",
    "column_setting",
    "common_type",
    "comparable",
    "compare_values",
    "compile_formula",
    "count_rows",
    "data_type_of",
    "described_as",
    "expand_rows",
    "field_type",
    "file_types",
    "format_date",
    "formula_now",
    "formula_references",
    "hookimpl",
    "integer_setting",
    "iso_seconds",
    "join_texts",
    "kinds_of",
    "link_schema",  # noqa: F822 (answered by __getattr__)
    "list_params",
    "literal_int",
    "literal_text",
    "load_table_ref_by_id",
    "mailer",
    "maintained_aggregates",
    "model_for",
    "new_id",
    "notify",
    "operators",
    "paged",
    "parse_formula",
    "parse_row_id",
    "password_resets",
    "reach_other_tables",
    "read_row",
    "record_paths",
    "removed_keys",
    "render_formula",
    "row_actions",
    "schedule_removal",
    "schema",
    "select_rows",
    "single_sign_on",
    "site_url",
    "storage_keys",
    "stored_formula",
    "text_setting",
    "to_bool",
    "to_bool_many",
    "to_float",
    "to_float_many",
    "to_int",
    "to_int_many",
    "to_text",
    "to_text_many",
    "tokenize_format",
    "typed",
    "url_setting",
    "utcnow",
    "value_condition",
    "with_keys",
]
