"""The built-in webhook notifiers: a URL, e-mail, and chat services' incoming webhooks."""
