"""Sending e-mail (password reset links, ...) through the mailer plugin named in the ini."""
