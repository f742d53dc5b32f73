"""Each campaign says what a player's page does with orders sent after the deadline.

``refuse`` (what the desk did before this revision, and the default: the page takes no
more orders once the bound's deadline has passed) or ``flag`` (the page still takes
them, as drafts that carry a finding saying they came late, for the umpire to decide;
issue 32). Existing campaigns get ``refuse``. Adding a column with a server default
needs no table rebuild.

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-04
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0015"
down_revision: str | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("campaign") as batch:
        batch.add_column(sa.Column("late_orders", sa.String(), nullable=False,
                                   server_default="refuse"))


def downgrade() -> None:
    with op.batch_alter_table("campaign") as batch:
        batch.drop_column("late_orders")
