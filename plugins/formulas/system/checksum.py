"""Checksums of a value's text: MD5 and SHA256, as lower-case hex, of its UTF-8 bytes
(blank for a blank value)."""

import sqlalchemy as sa
from sqlalchemy.dialects import mssql

from workbench.plugin_api import TEXT, DataType, FormulaFunction

# MSSQL hashes the bytes of the text's type: a UTF-8 collation gives the same bytes as elsewhere
_MSSQL_UTF8 = "Latin1_General_100_CI_AS_SC_UTF8"


class _Checksum(FormulaFunction):
    arg_types = (TEXT,)
    returns = DataType.STRING
    #: the name of the digest in SQLite (added from Python), MSSQL's HASHBYTES, and its length
    digest: str
    mssql_algorithm: str
    hex_length: int

    @classmethod
    def sql_sqlite(cls, ctx, args):
        return getattr(sa.func, f"{cls.digest}_hex")(ctx.text(args[0]), type_=sa.Unicode)

    @classmethod
    def sql_mssql(cls, ctx, args):
        utf8 = sa.cast(sa.cast(ctx.text(args[0]), mssql.NVARCHAR(None)).collate(_MSSQL_UTF8), mssql.VARCHAR(None))
        digest = sa.func.hashbytes(cls.mssql_algorithm, utf8)
        text = sa.func.convert(sa.literal_column(f"VARCHAR({cls.hex_length})"), digest, 2)
        return sa.func.lower(text, type_=sa.Unicode)


class MD5(_Checksum):
    name = "MD5"
    description = "The MD5 checksum of the text, in hexadecimal"
    syntax = "MD5(text)"
    digest = "md5"
    mssql_algorithm = "MD5"
    hex_length = 32

    @classmethod
    def sql_postgresql(cls, ctx, args):
        return sa.func.md5(ctx.text(args[0]), type_=sa.Unicode)

    @classmethod
    def sql_mysql(cls, ctx, args):
        return sa.func.md5(ctx.text(args[0]), type_=sa.Unicode)


class SHA256(_Checksum):
    name = "SHA256"
    description = "The SHA-256 checksum of the text, in hexadecimal"
    syntax = "SHA256(text)"
    digest = "sha256"
    mssql_algorithm = "SHA2_256"
    hex_length = 64

    @classmethod
    def sql_postgresql(cls, ctx, args):
        data = sa.func.convert_to(ctx.text(args[0]), "UTF8")
        return sa.func.encode(sa.func.sha256(data), "hex", type_=sa.Unicode)

    @classmethod
    def sql_mysql(cls, ctx, args):
        return sa.func.sha2(ctx.text(args[0]), 256, type_=sa.Unicode)
