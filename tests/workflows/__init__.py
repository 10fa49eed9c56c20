"""The durable flows, run on a real Temporal dev server, and their replay over recorded histories."""
