"""Database clients: the kinds of existing database a project can connect to."""
