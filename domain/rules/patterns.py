"""Regular expressions of SPEC §5, written so that Python and JavaScript read them alike."""

from typing import Final

PHONE: Final = r"^[6-9][0-9]{9}$"
NAME: Final = r"^[A-Za-z]+( [A-Za-z]+)*$"
REFERRAL_CODE: Final = r"^[A-Za-z0-9]{5,20}$"
DOB: Final = r"^[0-9]{2}-[0-9]{2}-[0-9]{4}$"
FREE_TEXT: Final = r"^[A-Za-z0-9 ,.\-_()/\\&₹?!%$*+]*$"
