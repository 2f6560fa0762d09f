"""Links: URL and URLENCODE."""

import sqlalchemy as sa

from workbench.plugin_api import MAX_TEXT_WORK, URL_RESERVED

from .base import TextFunction

# encodeURIComponent's reserved characters, '%' first so that escapes are not escaped again
_ESCAPES = [(ch, f"%{ord(ch):02X}") for ch in URL_RESERVED]


class URL(TextFunction):
    """A link as clients render it: ``URI::(url)``, then `` LABEL::(label)`` if labelled
    (blank when the URL is blank)."""

    name = "URL"
    description = "A link to the URL, with an optional label"
    syntax = "URL(url, [label])"
    max_args = 2

    @classmethod
    def sql(cls, ctx, args):
        url = ctx.text(args[0])
        parts = [ctx.text_literal("URI::("), url, ctx.text_literal(")")]
        if len(args) > 1:
            parts += [ctx.text_literal(" LABEL::("), ctx.nonnull_text(args[1]), ctx.text_literal(")")]
        joined = ctx.joined(*parts)
        return sa.case((sa.and_(url.is_not(None), url != ctx.text_literal("")), joined))


class URLENCODE(TextFunction):
    name = "URLENCODE"
    description = "The text with the characters URLs reserve percent-encoded"
    syntax = "URLENCODE(text)"

    @classmethod
    def sql(cls, ctx, args):
        text = ctx.text(args[0])
        # each character becomes at most 3: a long text is read only as far as that can use
        text = ctx.left(text, MAX_TEXT_WORK // 3) if args[0].node["kind"] != "string" else text
        for char, escape in _ESCAPES:
            text = sa.func.replace(text, char, escape, type_=sa.Unicode)
        return ctx.bounded(text)

    @classmethod
    def sql_sqlite(cls, ctx, args):  # 30 nested replace() calls are all SQLite can parse
        text = ctx.text(args[0])
        text = ctx.left(text, MAX_TEXT_WORK // 3) if args[0].node["kind"] != "string" else text
        return ctx.bounded(sa.func.url_encode(text, type_=sa.Unicode))
