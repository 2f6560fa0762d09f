"""Filter operator sets shared by the field types, and the aliases the ``where`` syntax accepts."""

BLANK = frozenset({"blank", "notblank"})
NULLS = frozenset({"null", "notnull"})
EQUALITY = frozenset({"eq", "neq", "in"})
ORDERING = frozenset({"gt", "lt", "ge", "le"})
RANGE = frozenset({"btw", "nbtw"})

TEXT = EQUALITY | BLANK | NULLS | frozenset({"like", "nlike", "empty", "notempty"})
NUMERIC = EQUALITY | ORDERING | RANGE | BLANK | NULLS
DATE = frozenset({"eq", "neq"}) | ORDERING | BLANK | NULLS | frozenset({"isWithin"})
TIME = frozenset({"eq", "neq"}) | ORDERING | BLANK | NULLS
CHECKBOX = frozenset({"checked", "notchecked"})
SINGLE_SELECT = EQUALITY | BLANK | NULLS | frozenset({"anyof", "nanyof", "like", "nlike"})
MULTI_SELECT = BLANK | NULLS | frozenset({"allof", "nallof", "anyof", "nanyof"})

#: operators whose value is a comma-separated list
LIST_OPERATORS = frozenset({"in", "btw", "nbtw", "allof", "anyof", "nallof", "nanyof"})
#: operators that take no value
UNARY_OPERATORS = frozenset({"blank", "notblank", "null", "notnull", "empty", "notempty", "checked", "notchecked"})

#: spelling variants -> canonical operator
ALIASES = {
    "not": "neq",
    "ne": "neq",
    "gte": "ge",
    "lte": "le",
    "isblank": "blank",
    "is_blank": "blank",
    "isnotblank": "notblank",
    "is_not_blank": "notblank",
    "isempty": "empty",
    "isnotempty": "notempty",
    "isnull": "null",
    "isnotnull": "notnull",
}
