"""Revision files: their names sort in the order Alembic applies them (db/README.md).

A file's 4-digit prefix is its place in the chain. Files 0004-0008 were written
in parallel and re-chained; their revision ids stay as written (campaign files
store them), so only after them is the id the place too.
"""

import shutil
from pathlib import Path

import pytest
from alembic import command
from alembic.script import ScriptDirectory

from desk.resources import migrations_dir
from desk.store import alembic_config

# Revisions after this place have the id of their place (what `--rev-id` gives next).
_LAST_REVISION_WITH_ITS_OWN_ID = 8


def _check_files_follow_the_chain(script: ScriptDirectory) -> None:
    heads = script.get_heads()
    assert len(heads) == 1, f"expected one head, found {heads}"
    chain = list(reversed(list(script.walk_revisions("base", heads[0]))))
    assert all(isinstance(rev.down_revision, str | None) for rev in chain), "no merge revisions"
    in_chain = [Path(rev.path).name for rev in chain]
    on_disk = sorted(p.name for p in Path(script.versions).glob("*.py"))
    assert on_disk == in_chain, "file names do not sort in apply order"
    for place, rev in enumerate(chain, start=1):
        name = Path(rev.path).name
        assert name.startswith(f"{place:04d}_"), f"{name} is revision {place} of the chain"
        if place > _LAST_REVISION_WITH_ITS_OWN_ID:
            assert rev.revision == f"{place:04d}", f"{name}: revision id should be {place:04d}"


def test_file_names_sort_in_alembics_apply_order() -> None:
    _check_files_follow_the_chain(ScriptDirectory.from_config(alembic_config()))


def _copy_of_db(tmp_path: Path) -> Path:
    copy = tmp_path / "db"
    shutil.copytree(migrations_dir(), copy, ignore=shutil.ignore_patterns("__pycache__"))
    return copy


def _next_revision(tmp_path: Path, rev_id: str) -> ScriptDirectory:
    """`alembic revision` with the desk's own config, into a copy of db/."""
    cfg = alembic_config()
    cfg.set_main_option("script_location", str(_copy_of_db(tmp_path)))
    command.revision(cfg, message="Next thing", rev_id=rev_id)
    return ScriptDirectory.from_config(cfg)


def test_the_next_revision_made_as_db_readme_says_is_named_in_order(tmp_path: Path) -> None:
    script = ScriptDirectory.from_config(alembic_config())
    place = len(list(script.walk_revisions())) + 1
    copied = _next_revision(tmp_path, f"{place:04d}")
    assert (Path(copied.versions) / f"{place:04d}_next_thing.py").is_file()
    _check_files_follow_the_chain(copied)


def test_a_revision_with_alembics_random_id_fails_the_check(tmp_path: Path) -> None:
    copied = _next_revision(tmp_path, "1a2b3c4d5e6f")
    with pytest.raises(AssertionError, match=r"1a2b3c4d5e6f_next_thing\.py"):
        _check_files_follow_the_chain(copied)
