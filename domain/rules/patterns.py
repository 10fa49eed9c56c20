"""Regular expressions of SPEC §5, written so that Python and JavaScript read them alike."""

from typing import Final

PHONE: Final = r"^[6-9][0-9]{9}$"
NAME: Final = r"^[A-Za-z]+( [A-Za-z]+)*$"
REFERRAL_CODE: Final = r"^[A-Za-z0-9]{5,20}$"
DOB: Final = r"^[0-9]{2}-[0-9]{2}-[0-9]{4}$"
# The post office's note of which town a locality is in, at the end of its name: 'Indiranagar (Bangalore)'.
POSTAL_SUFFIX: Final = r"\s*\([^()]*\)\s*$"


# Free text: every note, reason, question, answer, chat message and place name (domain/rules/text.py applies it; the
# web applies the same data in web/src/lib/free-text.ts). Letters, marks, digits, punctuation and symbols of any
# script, spaces, and characters newer than this server's Unicode tables (new emoji): by general category.
FREE_TEXT_CATEGORIES: Final = ("L", "M", "N", "P", "S", "Zs", "Cn")
# One allowed character, for JavaScript (`u` flag); Python reads FREE_TEXT_CATEGORIES with unicodedata.
FREE_TEXT_CHARACTER: Final = "^[" + "".join(f"\\p{{{category}}}" for category in FREE_TEXT_CATEGORIES) + "]$"
# Invisible characters refused although their category is allowed, or not yet assigned: Unicode's default-ignorable
# code points (zero-width and bidirectional controls, fillers such as U+3164) and the noncharacters. Variation
# selectors (emoji presentation) and Mongolian free variation selectors are not among them.
FREE_TEXT_REFUSED_RANGES: Final = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFDD0, 0xFDEF),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE00FF),
    (0xE01F0, 0xE0FFF),
    *((plane + 0xFFFE, plane + 0xFFFF) for plane in range(0, 0x110000, 0x10000)),
)
# Zero-width non-joiner and joiner: allowed between a mark or a symbol and a letter, mark or symbol (an Indic conjunct
# after a virama; an emoji ZWJ sequence: a woman technologist, a rainbow flag), refused anywhere else.
FREE_TEXT_JOINERS: Final = (0x200C, 0x200D)
FREE_TEXT_BEFORE_JOINER: Final = ("M", "So", "Sk", "Cn")
FREE_TEXT_AFTER_JOINER: Final = ("L", "M", "So", "Cn")
# A subdivision flag (Scotland's, England's): the black flag, 1 to 7 tag letters or digits, the cancel tag. Other
# tag characters are refused.
FREE_TEXT_FLAG: Final = 0x1F3F4
FREE_TEXT_FLAG_TAGS: Final = ((0xE0030, 0xE0039), (0xE0061, 0xE007A))
FREE_TEXT_FLAG_TAGS_MAX: Final = 7
FREE_TEXT_FLAG_END: Final = 0xE007F
# Trimmed from both ends (code points): the whitespace controls and the space separators.
FREE_TEXT_TRIMMED: Final = (
    0x09,
    0x0A,
    0x0B,
    0x0C,
    0x0D,
    0x20,
    0xA0,
    0x1680,
    *range(0x2000, 0x200B),
    0x202F,
    0x205F,
    0x3000,
)
# How a refused character is named in the refusal; any other as U+XXXX. At most this many are named.
FREE_TEXT_NAMES: Final = {"\n": "line break", "\t": "tab", "\r": "carriage return"}
FREE_TEXT_NAMED_MAX: Final = 5
