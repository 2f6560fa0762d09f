"""The meta database: the declarative base, id generation and the migration runner."""
