"""The record's own timestamps: CREATED_TIME and LAST_MODIFIED_TIME.

They read the table's system columns (``CreatedAt``, ``UpdatedAt``); a table without
them (of an external database) gives blanks. Workbench keeps one modification time per
record, not one per field: ``LAST_MODIFIED_TIME({Field})`` is refused rather than
answering with the record's time.
"""

import sqlalchemy as sa

from workbench.plugin_api import DataType, FormulaError, FormulaFunction


class _RecordTime(FormulaFunction):
    min_args = max_args = 0
    returns = DataType.DATETIME
    kind: str

    @classmethod
    def sql(cls, ctx, args):
        method = getattr(ctx.resolver, "system_time", None)
        column = method(cls.kind) if method is not None else None
        return sa.null() if column is None else sa.type_coerce(column, sa.DateTime)


class CREATED_TIME(_RecordTime):
    name = "CREATED_TIME"
    description = "When the record was created (UTC)"
    syntax = "CREATED_TIME()"
    kind = "created"


class LAST_MODIFIED_TIME(_RecordTime):
    name = "LAST_MODIFIED_TIME"
    description = "When the record was last changed (UTC)"
    syntax = "LAST_MODIFIED_TIME()"
    max_args = None
    kind = "modified"

    @classmethod
    def validate(cls, call):
        if call["args"]:
            raise FormulaError(
                "LAST_MODIFIED_TIME takes no fields: the time kept is the record's last change",
                call["args"][0]["pos"],
            )
