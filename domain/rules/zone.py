"""The service is Indian: its days begin at midnight IST. The rules need only the zone, never the clock."""

from zoneinfo import ZoneInfo

IST = ZoneInfo("Asia/Kolkata")
