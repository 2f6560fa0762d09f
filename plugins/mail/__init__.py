"""Built-in mailers."""
