"""The campaign store: SQLModel tables, engine, migrations runner, backups."""
