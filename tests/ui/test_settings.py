"""Settings: declared defaults, typed round trips, recent campaigns, upgrades."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings

from desk.ui import settings as s


def store(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "desk.ini"), QSettings.Format.IniFormat)


def test_defaults_when_nothing_is_stored(tmp_path: Path) -> None:
    settings = s.Settings(store(tmp_path))
    for declared in s.ALL_SETTINGS:
        assert settings.get(declared) == declared.default


def test_typed_round_trip_survives_a_reload(tmp_path: Path) -> None:
    settings = s.Settings(store(tmp_path))
    settings.set(s.WINDOW_GEOMETRY, b"\x01\x02geometry")
    settings.set(s.OPEN_PDF_AFTER_PRINT, False)
    settings.set(s.RECENT_LIMIT, 3)
    settings.sync()
    again = s.Settings(store(tmp_path))
    assert again.get(s.WINDOW_GEOMETRY) == b"\x01\x02geometry"
    assert again.get(s.OPEN_PDF_AFTER_PRINT) is False
    assert again.get(s.RECENT_LIMIT) == 3


def test_recent_campaigns_most_recent_first_without_duplicates(tmp_path: Path) -> None:
    settings = s.Settings(store(tmp_path))
    settings.set(s.RECENT_LIMIT, 3)
    for name in ("a.desk", "b.desk", "c.desk", "a.desk", "d.desk"):
        settings.remember_campaign(name)
    assert settings.get(s.RECENT_CAMPAIGNS) == ["d.desk", "a.desk", "c.desk"]
    assert settings.get(s.LAST_CAMPAIGN) == "d.desk"


def test_wrong_type_falls_back_to_the_default(tmp_path: Path) -> None:
    raw = store(tmp_path)
    raw.setValue(s.RECENT_LIMIT.key, "many")
    assert s.Settings(raw).get(s.RECENT_LIMIT) == s.RECENT_LIMIT.default


def test_upgrade_1_turns_the_old_joined_string_into_a_list(tmp_path: Path) -> None:
    raw = store(tmp_path)
    raw.setValue(s.RECENT_CAMPAIGNS.key, "x.desk;y.desk")
    settings = s.Settings(raw)
    assert settings.get(s.RECENT_CAMPAIGNS) == ["x.desk", "y.desk"]
    assert int(raw.value(s.SETTINGS_VERSION_KEY)) == len(s.UPGRADES)
