"""Humsafar as a provider platform (BPP) on ONDC's mobility network (domain ONDC:TRV10, Beckn core 2.0.1): the
signatures every request and callback carries (signing.py, BECKN-006), Humsafar's own signing key (keys.py), the
network registry that answers the other participants' keys (registry.py), and the protocol's ACK and NACK (ack.py).
docs/interop.md tells how they fit."""
