"""The pure rules, without a database or a server."""
