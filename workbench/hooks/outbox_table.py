"""The outbox table's columns, the same in the meta database and in a source's database.

An event is one row: the hook it is for, its payload (JSON text), how many attempts were
made, when the next may start, and who claimed it until when. Its id is the idempotency
key sent with every attempt. A delivered event (or one that failed for good) is deleted;
its attempts stay in the delivery log.
"""

from __future__ import annotations

import sqlalchemy as sa

#: the outbox's name in every database
OUTBOX = "wb_hook_outbox"


def outbox_columns() -> list:
    return [
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("hook_id", sa.String(32), nullable=False),
        sa.Column("payload", sa.Text, nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False, default=0),
        sa.Column("next_at", sa.DateTime, nullable=False, index=True),
        sa.Column("claimed_until", sa.DateTime, nullable=True),
        sa.Column("claimed_by", sa.String(64), nullable=True),
        sa.Column("created_at", sa.DateTime, nullable=False),
    ]


#: the outbox as a source database holds it (its own metadata: never the meta database's)
SOURCE_OUTBOX = sa.Table(OUTBOX, sa.MetaData(), *outbox_columns())
