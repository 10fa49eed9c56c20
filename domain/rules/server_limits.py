"""Limits the server alone enforces, beside limits.py: the web app checks none of them, so they are not exported
to it (domain/rules/export.py), and the first page it loads does not carry them. Refusals say their numbers
(messages.py)."""

from typing import Final

# A profile picture's longest side, in pixels: an avatar is shown at most 512 px square, and 4096 x 4096 (16.8
# megapixels) takes any phone's usual photo (12 MP) while keeping one decode to a fraction of a second on one core.
IMAGE_MAX_SIDE: Final = 4096

# A host marks a no-show from departure until this many hours after it.
NO_SHOW_WINDOW_HOURS: Final = 24

# A cab for a trip: its stops, and the longest ride the vendors serve (intercity beyond it is another product).
CAB_MAX_STOPS: Final = 3
CAB_MAX_ROUTE_KM: Final = 150

# A vendor's webhook signed more than this many seconds before or after now is refused (domain/webhooks.py).
VENDOR_WEBHOOK_WINDOW_SECONDS: Final = 300
