"""The limits, patterns and messages of SPEC §5 and §9, kept once and exported to the web app."""
