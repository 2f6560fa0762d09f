"""Links between tables: the relation of a link field (``relations``) and the schema
work of creating and deleting link fields (``schema``)."""
