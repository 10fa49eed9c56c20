"""The worst text for the free-text rule (domain/rules/text.py), shared by the hostile-input tests and the benchmark:
characters no one types, each different from the others, as many as fit a request body."""

# Private use: refused wherever they stand, and each a character the rule has not met before in the text.
PRIVATE_USE = (*range(0xE000, 0xF900), *range(0xF0000, 0xFFFFE), *range(0x100000, 0x10FFFE))


def unusual_text(utf8_bytes: int) -> str:
    """Different private-use characters, as many as fit utf8_bytes written as UTF-8 (three bytes each, then four)."""
    characters = []
    for point in PRIVATE_USE:
        utf8_bytes -= 3 if point <= 0xFFFF else 4
        if utf8_bytes < 0:
            break
        characters.append(chr(point))
    return "".join(characters)


def unusual_characters(count: int) -> str:
    """count different private-use characters."""
    return "".join(map(chr, PRIVATE_USE[:count]))
