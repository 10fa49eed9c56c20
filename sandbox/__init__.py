"""The sandbox's stand-in vendors (SMS outbox, KYC, LinkedIn, cab aggregator, ONDC's network registry), each
speaking its vendor's own protocol, with records of their own in the `sandbox` schema. The API mounts them under
/api/sandbox only when SANDBOX=true (sandbox/mount.py); this package imports nothing of the API."""
