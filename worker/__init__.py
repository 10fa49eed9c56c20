"""Runs every durable flow and its activities against the Temporal server."""
