"""A block between two people (SPEC §5 blocking), as statements read it."""

from sqlalchemy import ColumnElement, SQLColumnExpression, exists, or_, select

from domain.models import UserBlock


def blocked_between(one: SQLColumnExpression[int] | int, other: SQLColumnExpression[int] | int) -> ColumnElement[bool]:
    """Either of the two has blocked the other. Columns of the enclosing statement (a trip's host, the viewer of a
    statement for the viewer) are correlated from outside."""
    return exists(
        select(UserBlock.blocker_id)
        .where(
            or_(
                (UserBlock.blocker_id == one) & (UserBlock.blocked_id == other),
                (UserBlock.blocker_id == other) & (UserBlock.blocked_id == one),
            )
        )
        .correlate_except(UserBlock)
    )
