"""Built-in sign-in providers."""
