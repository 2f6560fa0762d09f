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
- records and data: reading records and building SQL over a table's fields;
- links: the relation behind a link field and the link engine's schema changes;
- view types: the base class and the checks of view settings;
- importers: the base class, sheets, the error for unreadable files and the limits a file
  is read within;
- storage: storage backend errors, file keys, file types and removal of unused files;
- mail: messages and the configured mailer;
- accounts: what a sign-in provider needs (users, sessions, password resets);
- API: declaring routes, errors as JSON, permissions, ids and timestamps.
"""

from __future__ import annotations

from types import SimpleNamespace

# -- accounts
from workbench.accounts import resets as _resets
from workbench.accounts import services as _account_services
from workbench.accounts import sessions as _sessions
from workbench.accounts import throttle as _throttle
from workbench.accounts.schemas import (
    ForgotPasswordBody,
    PasswordChangeBody,
    ResetPasswordBody,
    SignInBody,
    SignUpBody,
)

# -- API
from workbench.api import add_api_route, api_view

# -- records and data
from workbench.data.computed import ModelResolver, TableFields, data_type_of, reach_other_tables
from workbench.data.filters import value_condition
from workbench.data.query import read_row
from workbench.errors import BadRequest, NotFound, Unprocessable

# -- field types
from workbench.fields import operators as _operators
from workbench.fields.coerce import blank, to_bool, to_float, to_int, to_text
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
    ManagesSchema,
    SearchesItself,
)
from workbench.fields.lookup import field_type

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

# -- hooks: ``@hookimpl`` marks an implementation of a hook of ``workbench.hookspecs``;
#    ``@row_actions(...)`` narrows ``on_rows_changed`` to some actions
from workbench.hookspecs import hookimpl, row_actions

# -- importers
from workbench.imports.interfaces import Importer, ImportFileError, Sheet
from workbench.imports.limits import CellCount, ImportLimits, check_zip

# -- links
from workbench.links import schema as _link_schema
from workbench.links.relations import BT, MM, SOURCE_KEY, Relation, RelationError

# -- mail
from workbench.mail.interfaces import MailError, Message
from workbench.mail.services import mailer
from workbench.meta.base import new_id, utcnow
from workbench.records.contexts import RecordsContext
from workbench.records.services import Records
from workbench.security.permissions import Permission

# -- storage
from workbench.storage import filetypes as _filetypes
from workbench.storage import keys as _keys
from workbench.storage.cleanup import removed_keys, schedule_removal
from workbench.storage.interfaces import FileMissing, StorageError

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

#: the link engine's schema changes, for a link field type's ``ManagesSchema``
link_schema = SimpleNamespace(
    create_link=_link_schema.create_link,
    delete_link=_link_schema.delete_link,
    requested_kind=_link_schema.requested_kind,
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
    end_all_sessions=_sessions.end_all_sessions,
    sign_in_attempt=_throttle.sign_in_attempt,
)

#: password resets by e-mailed link, for the password provider
password_resets = SimpleNamespace(
    RESET_PAGE=_resets.RESET_PAGE,
    request_reset=_resets.request_reset,
    check_token=_resets.check_token,
    reset_password=_resets.reset_password,
)

__all__ = [
    "ANY",
    "BT",
    "DATE",
    "DATE_AGGREGATIONS",
    "DATE_PARTS",
    "FORMAT_TOKENS",
    "IMPORT_CONVERSIONS",
    "IMPORT_KINDS",
    "LIST",
    "LITERAL_TEXT",
    "MAX_TEXT_LENGTH",
    "MAX_TEXT_WORK",
    "MM",
    "NUMBER",
    "NUMERIC_AGGREGATIONS",
    "PLUGIN_API_VERSION",
    "PUBLIC_FORM",
    "PUBLIC_ROWS",
    "SOURCE_KEY",
    "SYSTEM_ROLES",
    "TEXT",
    "URL_RESERVED",
    "ArrayQuery",
    "AutoValue",
    "BadRequest",
    "CellCount",
    "ChecksMeta",
    "ChecksWrites",
    "ComputedInSql",
    "DataType",
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
    "MailError",
    "ManagesSchema",
    "Message",
    "ModelResolver",
    "NotFound",
    "PasswordChangeBody",
    "Permission",
    "Records",
    "RecordsContext",
    "Relation",
    "RelationError",
    "ResetPasswordBody",
    "Resolved",
    "SearchesItself",
    "Setting",
    "Sheet",
    "SignInBody",
    "SignUpBody",
    "StorageError",
    "TableFields",
    "Unprocessable",
    "ViewType",
    "accounts",
    "add_api_route",
    "api_view",
    "as_date",
    "blank",
    "boolean_setting",
    "check_cycles",
    "check_formula",
    "check_zip",
    "column_setting",
    "common_type",
    "comparable",
    "compare_values",
    "compile_formula",
    "data_type_of",
    "field_type",
    "file_types",
    "format_date",
    "formula_now",
    "formula_references",
    "hookimpl",
    "integer_setting",
    "join_texts",
    "link_schema",
    "literal_int",
    "literal_text",
    "mailer",
    "new_id",
    "operators",
    "parse_formula",
    "password_resets",
    "reach_other_tables",
    "read_row",
    "removed_keys",
    "render_formula",
    "row_actions",
    "schedule_removal",
    "storage_keys",
    "text_setting",
    "to_bool",
    "to_float",
    "to_int",
    "to_text",
    "tokenize_format",
    "url_setting",
    "utcnow",
    "value_condition",
]
