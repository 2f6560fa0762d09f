"""Links: URL and URLENCODE."""

import sqlalchemy as sa

from .base import TextFunction

# encodeURIComponent's reserved characters, '%' first so that escapes are not escaped again
_ESCAPES = [(ch, f"%{ord(ch):02X}") for ch in '% "#$&+,/:;<=>?@[\\]^`{|}\n\r\t']


class URL(TextFunction):
    name = "URL"
    description = "The text, shown as a link"
    syntax = "URL(text)"

    @classmethod
    def sql(cls, ctx, args):
        return ctx.text(args[0])


class URLENCODE(TextFunction):
    name = "URLENCODE"
    description = "The text with the characters URLs reserve percent-encoded"
    syntax = "URLENCODE(text)"

    @classmethod
    def sql(cls, ctx, args):
        text = ctx.text(args[0])
        for char, escape in _ESCAPES:
            text = sa.func.replace(text, char, escape, type_=sa.Unicode)
        return text
