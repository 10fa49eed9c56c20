"""The ONDC network's calls to Humsafar as a provider platform (docs/interop.md), at the app's root:
`/beckn/{action}`."""
