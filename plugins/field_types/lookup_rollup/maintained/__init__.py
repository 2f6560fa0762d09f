"""Rollups and link counts kept in helper columns (``workbench.data.maintained``).

Maintained: a Count of a has-many or many-to-many link, and a Rollup through one such link
of a stored whole-number or floating-point field, with any of its functions (``count``,
``sum``, ``min``, ``max``, ``avg`` and their distinct forms): each is the aggregate of one
record's linked rows alone. Everything else (links to the same table, belongs-to links,
rollups of formulas, lookups or other rollups, of decimals, dates or texts) reads through
its correlated query, as do all fields of sources that do not keep maintained aggregates.

The helper always holds what the field's correlated query answers: after every write, the
records whose linked rows changed are computed again with that very query, one UPDATE per
chunk of records (``refresh``), in the write's own transaction (``listeners``). A helper is
built over the whole table when its field is created or changed, or when a field of the
linked table changes (``schema``).
"""
