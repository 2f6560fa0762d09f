"""Built-in attachment storage backends."""
