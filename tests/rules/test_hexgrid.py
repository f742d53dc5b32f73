"""The hex arithmetic (desk/rules/hexgrid.py): numbering, range, neighbours and distance.

Checked against worked examples for both offsets and, on a whole map, against a
breadth-first count of steps from hex to neighbouring hex.
"""

from collections import deque

import pytest

from desk.rules.hexgrid import Hex, HexError, HexGrid, HexMap

EVEN = HexGrid(first_column=1, last_column=12, first_row=1, last_row=10, lower_columns="even")
ODD = HexGrid(first_column=1, last_column=12, first_row=1, last_row=10, lower_columns="odd")


def numbers(grid: HexGrid, hexes: tuple[Hex, ...]) -> set[str]:
    return {grid.format(h) for h in hexes}


def test_numbering_reads_column_then_row_and_prints_it_back() -> None:
    grid = HexGrid.from_dict({"first": "0101", "last": "4030"})
    assert grid.parse("2314") == Hex(23, 14)
    assert grid.format(Hex(3, 7)) == "0307"
    assert grid.parse(" 0101 ") == Hex(1, 1)


@pytest.mark.parametrize("text, words", [
    ("23-14", "is not a hex number"), ("231", "is not a hex number"),
    ("abcd", "is not a hex number"), ("4131", "off the map"), ("0031", "off the map"),
    ("1231", "off the map"),
])
def test_a_bad_hex_number_is_refused_in_one_sentence_naming_the_field(text: str,
                                                                      words: str) -> None:
    grid = HexGrid.from_dict({"first": "0101", "last": "4030"})
    with pytest.raises(HexError) as refused:
        grid.parse(text, what="Destination hex")
    message = str(refused.value)
    assert message.startswith("Destination hex: ") and words in message
    assert message.endswith(".") and "\n" not in message


def test_even_columns_lower_worked_example() -> None:
    assert numbers(EVEN, EVEN.neighbours(Hex(5, 5))) == {
        "0504", "0506", "0404", "0405", "0604", "0605"}
    assert numbers(EVEN, EVEN.neighbours(Hex(6, 6))) == {
        "0605", "0607", "0506", "0507", "0706", "0707"}
    assert EVEN.distance(Hex(5, 5), Hex(7, 7)) == 3
    assert EVEN.distance(Hex(5, 5), Hex(5, 9)) == 4
    assert EVEN.distance(Hex(1, 1), Hex(12, 1)) == 11


def test_odd_columns_lower_mirror_the_even_ones() -> None:
    assert numbers(ODD, ODD.neighbours(Hex(6, 6))) == {
        "0605", "0607", "0505", "0506", "0705", "0706"}
    assert numbers(ODD, ODD.neighbours(Hex(5, 5))) == {
        "0504", "0506", "0405", "0406", "0605", "0606"}


@pytest.mark.parametrize("grid", [EVEN, ODD], ids=["even", "odd"])
def test_distance_is_the_count_of_steps_between_neighbours_over_the_whole_map(
        grid: HexGrid) -> None:
    every = [Hex(c, r) for c in range(1, 13) for r in range(1, 11)]
    for hex_ in every:
        near = grid.neighbours(hex_)
        assert all(hex_ in grid.neighbours(n) for n in near)  # touching is mutual
        inside = 1 < hex_.column < 12 and 1 < hex_.row < 10
        assert len(near) == 6 or not inside
    for start in (Hex(1, 1), Hex(6, 5), Hex(12, 10), Hex(7, 1)):
        steps = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for n in grid.neighbours(here):
                if n not in steps:
                    steps[n] = steps[here] + 1
                    queue.append(n)
        assert len(steps) == len(every)
        assert all(grid.distance(start, h) == steps[h] for h in every)


def test_an_edge_hex_has_fewer_neighbours() -> None:
    # Column 2 is lower: only its row 1 touches 0101.
    assert numbers(EVEN, EVEN.neighbours(Hex(1, 1))) == {"0102", "0201"}


def test_a_map_reads_roads_and_terrain_and_refuses_hexes_off_its_grid() -> None:
    data = {"first": "0101", "last": "2015", "lower_columns": "odd",
            "roads": ["0503", "0504"], "terrain": {"0504": "Village", "0808": "woods"}}
    hexmap = HexMap.from_dict(data)
    assert hexmap.has_road("0504") and not hexmap.has_road("0808")
    assert hexmap.terrain_of("0504") == "village" and hexmap.terrain_of("0101") == "clear"
    assert HexMap.from_dict(hexmap.to_dict()) == hexmap
    with pytest.raises(HexError, match="hex grid: hex 2501 is off the map"):
        HexMap.from_dict({**data, "roads": ["2501"]})
    with pytest.raises(HexError, match="even number of digits"):
        HexMap.from_dict({"first": "101", "last": "2015"})
    with pytest.raises(HexError, match="\"even\" or \"odd\""):
        HexGrid(lower_columns="left")
