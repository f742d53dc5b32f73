"""Secret notes (issue 33): kept by their author, read by them and the chief alone,
removed by them (or the chief); refused in one sentence when empty, too long or on
two things at once."""

from __future__ import annotations

from pathlib import Path

import pytest
from note_helpers import name_umpires, things

from desk.services.errors import NotFound
from desk.services.umpires.notes import (
    NOTE_LIMIT,
    NoteRefused,
    add_note,
    note_target,
    remove_note,
    secret_notes,
)
from desk.services.umpires.targets import command_named
from desk.store import open_campaign


@pytest.fixture
def shared(campaign: Path) -> Path:
    """The demo with a chief (Marie) and two sector umpires (Sam, Lou)."""
    name_umpires(campaign, {"Marie": "chief", "Sam": "sector", "Lou": "sector"})
    return campaign


def _texts(path: Path, umpire: str, *, unit_id: int | None = None,
           bound: int | None = None) -> list[tuple[str, str]]:
    """(author, text) of the notes ``umpire`` reads: on the unit, on the bound, or all."""
    with open_campaign(path, read_only=True, umpire=umpire) as store, \
            store.session() as session:
        on = (note_target(session=session, unit_id=unit_id, bound=bound)
              if unit_id is not None or bound is not None else None)
        return [(n.author, n.text) for n in secret_notes(session=session, target=on)]


def test_a_sector_umpire_reads_their_own_notes_and_the_chief_reads_all(shared: Path) -> None:
    at = things(shared)
    with open_campaign(shared, umpire="Sam") as store, store.session() as session:
        kept = add_note(session=session, unit_id=at.unit_id,
                        text="  The Guard's ammunition is short  \r\nsecond line  ")
        add_note(session=session, command_id=at.command_id, text="Sam on the command")
        add_note(session=session, text="Sam on the open bound")
    assert (kept.author, kept.text, kept.own) == (
        "Sam", "The Guard's ammunition is short\nsecond line", True)
    assert (kept.target.kind, kept.target.label) == ("unit", at.unit)
    with open_campaign(shared, umpire="Lou") as store, store.session() as session:
        add_note(session=session, unit_id=at.unit_id, text="Lou's own")

    assert _texts(shared, "Sam", unit_id=at.unit_id) == [
        ("Sam", "The Guard's ammunition is short\nsecond line")]
    assert _texts(shared, "Lou") == [("Lou", "Lou's own")]
    assert _texts(shared, "Marie", unit_id=at.unit_id) == [
        ("Sam", "The Guard's ammunition is short\nsecond line"), ("Lou", "Lou's own")]
    assert [a for a, _t in _texts(shared, "Marie")] == ["Sam", "Sam", "Sam", "Lou"]
    with open_campaign(shared, read_only=True, umpire="Marie") as store, \
            store.session() as session:
        labels = [(n.target.kind, n.target.label, n.own) for n in secret_notes(session=session)]
    assert labels[1:3] == [("command", at.command, False),
                           ("bound", f"bound {at.bound} of Plancenoit", False)]
    assert _texts(shared, "Sam", bound=at.bound) == [("Sam", "Sam on the open bound")]


def test_only_the_author_or_the_chief_removes_a_note(shared: Path) -> None:
    at = things(shared)
    with open_campaign(shared, umpire="Sam") as store, store.session() as session:
        first = add_note(session=session, unit_id=at.unit_id, text="one")
        second = add_note(session=session, unit_id=at.unit_id, text="two")
    with open_campaign(shared, umpire="Lou") as store, pytest.raises(
            NotFound, match=f"no secret note number {first.id} of yours"), \
            store.session() as session:
        remove_note(session=session, note_id=first.id)
    with open_campaign(shared, umpire="Sam") as store, store.session() as session:
        assert remove_note(session=session, note_id=first.id).text == "one"
    with open_campaign(shared, umpire="Marie") as store, store.session() as session:
        assert remove_note(session=session, note_id=second.id).author == "Sam"
    assert _texts(shared, "Marie") == []


def test_a_campaign_without_umpires_has_one_nameless_chief_who_keeps_notes(
        campaign: Path) -> None:
    at = things(campaign)
    with open_campaign(campaign) as store, store.session() as session:
        kept = add_note(session=session, unit_id=at.unit_id, text="no names here")
        assert [(n.author, n.own) for n in secret_notes(session=session)] == [("", True)]
        remove_note(session=session, note_id=kept.id)
        assert secret_notes(session=session) == ()
    assert kept.author == ""


@pytest.mark.parametrize(("text", "refusal"), [
    ("", "needs some text"), (" \n \t\n", "needs some text"),
    ("x" * (NOTE_LIMIT + 1), f"at most {NOTE_LIMIT} characters"),
    ("bell\x07", "control characters"),
])
def test_a_note_is_refused_in_one_sentence(campaign: Path, text: str, refusal: str) -> None:
    at = things(campaign)
    with open_campaign(campaign) as store, pytest.raises(NoteRefused, match=refusal), \
            store.session() as session:
        add_note(session=session, unit_id=at.unit_id, text=text)
    assert _texts(campaign, "") == []


def test_a_note_is_on_one_thing_that_exists(campaign: Path) -> None:
    at = things(campaign)
    with open_campaign(campaign) as store, store.session() as session:
        with pytest.raises(NoteRefused, match="on one thing"):
            add_note(session=session, unit_id=at.unit_id, command_id=at.command_id, text="x")
        with pytest.raises(NotFound, match="no unit number 99999"):
            add_note(session=session, unit_id=99999, text="x")
        with pytest.raises(NotFound, match="no command number 99999"):
            add_note(session=session, command_id=99999, text="x")
        with pytest.raises(NotFound, match="bound 40 has not been played"):
            add_note(session=session, bound=40, text="x")
        assert command_named(session=session, name=at.command) == at.command_id
        with pytest.raises(NotFound,
                           match=r"no command named \"Nobody's Corps\" \(it has: .*VI Corps"):
            command_named(session=session, name="Nobody's Corps")
    assert _texts(campaign, "") == []
