"""Each campaign gets a secret that signs its fillable order sheets.

A filled sheet may only give orders to the units it was printed for: the desk
signs (campaign, bound, side, command, unit ids, mode) with this secret when it
prints a fillable sheet and checks the signature when the sheet comes back.
Existing campaigns get a fresh random secret each (32 bytes, hex); adding a
column with a default needs no table rebuild, and the runner keeps foreign keys
off around the batch operation anyway (desk/store/migrations.py).

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

import secrets
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("campaign") as batch:
        batch.add_column(sa.Column("form_secret", sa.String(), nullable=False,
                                   server_default=""))
    conn = op.get_bind()
    campaign = sa.table("campaign", sa.column("id", sa.Integer()),
                        sa.column("form_secret", sa.String()))
    for (campaign_id,) in conn.execute(sa.select(campaign.c.id)).all():
        conn.execute(campaign.update().where(campaign.c.id == campaign_id)
                     .values(form_secret=secrets.token_hex(32)))


def downgrade() -> None:
    with op.batch_alter_table("campaign") as batch:
        batch.drop_column("form_secret")
