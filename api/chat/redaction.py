"""Access tokens kept out of the server's logs. The app's clients never put one in a socket's address (and the
socket refuses it there), but uvicorn writes every address it is asked for, token and all, before the app can
refuse it: its log records have any access_token value in an address masked."""

import logging
import re

TOKEN_IN_ADDRESS = re.compile(r"(access_token=)[^&\s\"']*", re.IGNORECASE)
MASK = r"\1[redacted]"
# uvicorn writes each socket's and request's address to these.
SERVER_LOGGERS = ("uvicorn.error", "uvicorn.access")


def masked(value: object) -> object:
    return TOKEN_IN_ADDRESS.sub(MASK, value) if isinstance(value, str) else value


class TokenRedaction(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        record.msg = masked(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(masked(argument) for argument in record.args)
        return True


def keep_tokens_out_of_server_logs() -> None:
    """Installs the mask on uvicorn's loggers, once however often the app starts."""
    for name in SERVER_LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(existing, TokenRedaction) for existing in logger.filters):
            logger.addFilter(TokenRedaction())
