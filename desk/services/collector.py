"""The cyclic garbage collector held off over one bulk use case (a close, an end of battle).

A close of 2,000 units allocates some 100,000 objects that all live until its
transaction ends (rows, state mappings, journal lines); every 700 allocations
Python's collector walks the young ones, and now and then every object of the
process, finding nothing to free. At 2,000 units that walking was a quarter of
an end of battle's processor time. The use cases make no reference cycles
worth collecting meanwhile; reference counting still frees everything else at
once, and the collector runs again as soon as the use case ends.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """Hold the cyclic collector off for the ``with`` block; nested blocks are fine."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()
