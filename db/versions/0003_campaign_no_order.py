"""Each campaign says what a unit without an order does when a bound closes.

``continue`` (the written-order convention: the last order goes on, never a
charge, fire or attack; a unit that never had one holds), ``hold``, or
``defaults`` (the rules' defaults, what the desk did before this revision).
Existing campaigns get ``continue``, the new default. Adding a column with a
server default needs no table rebuild; the runner keeps foreign keys off
around the batch operation anyway (desk/store/migrations.py).

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("campaign") as batch:
        batch.add_column(sa.Column("no_order", sa.String(), nullable=False,
                                   server_default="continue"))


def downgrade() -> None:
    with op.batch_alter_table("campaign") as batch:
        batch.drop_column("no_order")
