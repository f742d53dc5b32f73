"""Each bound gets its own seed; the moves made under each LIM are recorded.

``bound.seed``: 128 random bits as 32 hex digits, for every roll the desk
makes in that bound (desk/services/rolls.py). Existing files: a battle's
first bound takes the scenario's ``battle.seed`` (as the desk does for a new
battle), every later bound a fresh random seed. Draws already recorded stay as
they are: they were recorded, not recomputed. Adding a column with a server
default needs no table rebuild.

``lim_move``: one row per unit moved under one activation (a ``lim_draw``
row), with its movement type, destination hex, findings and any overrule.

File 0008, revision id 0004: the file is named by its place in the chain, the id
is kept as it was written because campaign files store it (``alembic_version``).

Revision ID: 0004
Revises: 0008
Create Date: 2026-12-01
"""

import secrets
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("bound") as batch:
        batch.add_column(sa.Column("seed", sa.String(), nullable=False, server_default=""))
    conn = op.get_bind()
    bound = sa.table("bound", sa.column("id", sa.Integer()), sa.column("battle_id", sa.Integer()),
                     sa.column("number", sa.Integer()), sa.column("seed", sa.String()))
    battle = sa.table("battle", sa.column("id", sa.Integer()), sa.column("seed", sa.Integer()))
    seeds = dict(conn.execute(sa.select(battle.c.id, battle.c.seed)).all())
    for bound_id, battle_id, number in conn.execute(
            sa.select(bound.c.id, bound.c.battle_id, bound.c.number)).all():
        # The same two rules as desk/services/rolls.py (first_bound_seed, new_bound_seed).
        seed = (f"{int(seeds.get(battle_id) or 0) % 2 ** 128:032x}" if number == 1
                else f"{secrets.randbits(128):032x}")
        conn.execute(bound.update().where(bound.c.id == bound_id).values(seed=seed))
    op.create_table(
        "lim_move",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("draw_id", sa.Integer(), nullable=False),
        sa.Column("unit_id", sa.Integer(), nullable=False),
        sa.Column("movement", sa.String(), nullable=False),
        sa.Column("destination_hex", sa.String(), nullable=False),
        sa.Column("path_hexes", sa.JSON(), nullable=False),
        sa.Column("row", sa.String(), nullable=False),
        sa.Column("findings", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(), nullable=False),
        sa.Column("override_reason", sa.String(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_lim_move")),
        sa.ForeignKeyConstraint(["draw_id"], ["lim_draw.id"],
                                name=op.f("fk_lim_move_draw_id_lim_draw"), ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["unit_id"], ["unit.id"],
                                name=op.f("fk_lim_move_unit_id_unit"), ondelete="CASCADE"),
    )
    op.create_index(op.f("ix_lim_move_draw_id"), "lim_move", ["draw_id"], unique=False)
    op.create_index(op.f("ix_lim_move_unit_id"), "lim_move", ["unit_id"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_lim_move_unit_id"), table_name="lim_move")
    op.drop_index(op.f("ix_lim_move_draw_id"), table_name="lim_move")
    op.drop_table("lim_move")
    with op.batch_alter_table("bound") as batch:
        batch.drop_column("seed")
