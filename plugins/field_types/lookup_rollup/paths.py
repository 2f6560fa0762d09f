"""The way from a record to the values a lookup or rollup reads: a chain of links.

A lookup names a link field of its table and a field of the linked table. When that
field is itself a lookup, the chain goes on through its link, and so on, so a lookup of
a lookup reads the far table's values directly (one flat list, no JSON within JSON).

``Path.chain(source).select(*columns)`` is one correlated SELECT over the whole chain: every
linked table is aliased (self-links and tables met twice stay apart), each link joins
the next by the keys of its ``Relation`` (the links plugin's ``relations``), and the first link
is correlated with the record's row of ``source``. The field at the end is read through
its own table's resolver (so formulas, rollups and links counts there work too), moved
onto the chain's alias. A page with any number of such fields is still one statement.
"""

from __future__ import annotations

from dataclasses import dataclass

import sqlalchemy as sa
from sqlalchemy.sql.util import ClauseAdapter
from workbench_plugins.field_types.links.relations import MM, Relation, RelationError

from workbench.plugin_api import FieldValueError, ModelResolver, Resolved


@dataclass(frozen=True)
class Step:
    relation: Relation
    #: the resolver of the table this link reaches
    resolver: ModelResolver


@dataclass(frozen=True)
class Path:
    steps: tuple[Step, ...]
    #: the field read at the end, on the last step's table
    target_id: str

    @property
    def many(self) -> bool:
        """Whether a record may reach several values (a has-many or many-to-many on the way)."""
        return any(step.relation.many for step in self.steps)

    @property
    def target(self):
        return self.steps[-1].resolver.model.by_id[self.target_id]

    def joins(self, source: sa.FromClause) -> tuple[sa.FromClause, sa.ColumnElement, list[sa.FromClause]]:
        """The FROM of the chain, the condition tying it to the row of ``source``, and the
        alias of each step's table."""
        from_, where, aliases = None, None, []
        previous = source
        for step in self.steps:
            relation = step.relation
            alias = step.resolver.model.table.alias()
            if relation.type == MM:
                junction = relation.junction().alias()
                part = alias.join(junction, relation.junction_related.of(junction) == relation.related_key.of(alias))
                link = relation.junction_source.of(junction) == relation.source_key.of(previous)
            else:
                part = alias
                link = relation.related_key.of(alias) == relation.source_key.of(previous)
            if from_ is None:
                from_, where = part, link
            else:
                from_ = from_.join(part, link)
            aliases.append(alias)
            previous = alias
        return from_, where, aliases

    def value(self, alias: sa.FromClause) -> Resolved:
        """The target field on ``alias`` of its table, and its type."""
        resolved = self.steps[-1].resolver.column(self.target_id)
        if resolved is None:
            raise FieldValueError("the looked-up field cannot be read")
        return Resolved(ClauseAdapter(alias).traverse(resolved.expression), resolved.type)

    def order_keys(self, aliases: list[sa.FromClause]) -> list[sa.ColumnElement]:
        """The linked rows in a stable order: by each table's primary key, step by step."""
        keys = []
        for step, alias in zip(self.steps, aliases, strict=True):
            keys += [alias.c[f.id] for f in step.resolver.model.pk_fields]
        return keys

    def chain(self, source: sa.FromClause) -> Chain:
        """The chain correlated with the row of ``source``: what a SELECT over it needs."""
        from_, where, aliases = self.joins(source)
        return Chain(source, from_, where, self.value(aliases[-1]), self.order_keys(aliases))


@dataclass(frozen=True)
class Chain:
    source: sa.FromClause
    from_: sa.FromClause
    where: sa.ColumnElement
    #: the target field's value on the last table of the chain
    value: Resolved
    #: the linked rows' stable order
    order: list

    def select(self, *columns) -> sa.Select:
        """A SELECT of ``columns`` over the linked rows of each record (correlated)."""
        return sa.select(*columns).select_from(self.from_).where(self.where).correlate(self.source)


def relation_of(resolver: ModelResolver, column_id: str) -> Relation:
    f = resolver.model.by_id.get(column_id)
    if f is None:
        raise FieldValueError("its link field is gone")
    try:
        return Relation.of(f.column)
    except RelationError:
        raise FieldValueError(f"field '{f.title}' is not a link") from None


def resolve(resolver: ModelResolver, relation_id: str, target_id: str, seen: frozenset[str] = frozenset()) -> Path:
    """The chain from ``resolver``'s table through link ``relation_id`` to ``target_id``;
    lookups at the end are followed to the field they read."""
    relation = relation_of(resolver, relation_id)
    related = resolver.related(relation.related_table_id)
    if related is None:
        raise FieldValueError("the linked table cannot be read")
    target = related.model.by_id.get(target_id)
    if target is None:
        raise FieldValueError("the looked-up field is gone")
    step = Step(relation, related)
    options = target.column.col_options or {}
    if target.column.uidt == "Lookup" and target.id not in seen:
        inner = resolve(
            related, options.get("fk_relation_column_id"), options.get("fk_lookup_column_id"), seen | {target.id}
        )
        return Path((step, *inner.steps), inner.target_id)
    return Path((step,), target_id)
