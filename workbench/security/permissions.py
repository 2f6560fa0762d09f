"""Every permission a view can require, as ``scope:resource:action``.

Views name one of these in ``permission=``; no string literals elsewhere. Which role
holds which permission is data in ``workbench.security.roles``.
"""

from enum import StrEnum


class Permission(StrEnum):
    # Signed-in user, about themselves.
    ACCOUNT_MANAGE = "account:self:manage"
    # Organisation level.
    ORG_PROJECT_LIST = "org:project:list"
    ORG_PROJECT_CREATE = "org:project:create"
    ORG_PLUGINS_READ = "org:plugins:read"
    ORG_USERS_MANAGE = "org:users:manage"
    ORG_SETTINGS_MANAGE = "org:settings:manage"
    ORG_APPSTORE_MANAGE = "org:appstore:manage"
    # Project level.
    PROJECT_READ = "project:project:read"
    PROJECT_UPDATE = "project:project:update"
    PROJECT_DELETE = "project:project:delete"
    MEMBER_READ = "project:member:read"
    MEMBER_INVITE = "project:member:invite"
    MEMBER_UPDATE = "project:member:update"
    MEMBER_REMOVE = "project:member:remove"
    SOURCE_MANAGE = "project:source:manage"
    TABLE_READ = "project:table:read"
    TABLE_CREATE = "project:table:create"
    TABLE_UPDATE = "project:table:update"
    TABLE_DELETE = "project:table:delete"
    COLUMN_CREATE = "project:column:create"
    COLUMN_UPDATE = "project:column:update"
    COLUMN_DELETE = "project:column:delete"
    DATA_READ = "project:data:read"
    DATA_EXPORT = "project:data:export"
    DATA_INSERT = "project:data:insert"
    DATA_UPDATE = "project:data:update"
    DATA_DELETE = "project:data:delete"
    DATA_IMPORT = "project:data:import"
    ATTACHMENT_UPLOAD = "project:attachment:upload"
    VIEW_CREATE = "project:view:create"
    VIEW_UPDATE = "project:view:update"
    VIEW_DELETE = "project:view:delete"
    VIEW_CONFIGURE = "project:view:configure"
    VIEW_SHARE = "project:view:share"
    # Change a locked view's configuration, or unlock it.
    VIEW_LOCK = "project:view:lock"
    COMMENT_READ = "project:comment:read"
    COMMENT_WRITE = "project:comment:write"
    #: a record's history (who changed what)
    HISTORY_READ = "project:history:read"
    #: the project's audit log
    AUDIT_READ = "project:audit:read"
    WEBHOOK_MANAGE = "project:webhook:manage"
    BASE_SHARE = "project:base:share"
    API_DOCS_READ = "project:apidocs:read"
