"""What a long-running process keeps out of the garbage collector's way.

Python's full collection walks every object the process holds. Most of them are made at startup (the modules,
their classes and functions, compiled statements, the SDK's and the framework's tables) and live as long as the
process: a worker holding some 275,000 objects paused its event loop for 0.2 to 0.35 s at each full collection,
and every flow and every call waiting on it waited as long (docs/benchmarks.md). Frozen once startup is done, they
are never walked again; the collector looks only at what the process makes while it serves.

What the API makes while it serves is short-lived: a request's rows, dicts and coroutines are freed by their
reference counts as soon as the answer is sent. The collector's youngest generation is walked every 700 new
containers by default, several times a request, and finds there mostly the objects of the 50 requests still in
flight, which it promotes, to be walked again by the older generations: 9% of the API's CPU on a route search
(py-spy, 10k trips). Walked every YOUNG_COLLECTION_EVERY containers instead, nearly all of them are gone by then
(0.1% of the CPU). The worker keeps Python's pace: the flows its cache evicts are reference cycles, freed only by a
collection, and its one benchmark run at the slower pace held 414 MB with 12,000 flows open, against about 250 in the
runs before (docs/benchmarks.md).
"""

import gc

YOUNG_COLLECTION_EVERY = 10_000


def freeze_startup_objects() -> None:
    """Collects what startup left as garbage, then moves every object still alive out of the collector's walks."""
    gc.collect()
    gc.freeze()


def collect_young_less_often() -> None:
    """For a process whose garbage is freed by reference counts (the API's requests): the youngest generation is
    walked every YOUNG_COLLECTION_EVERY new containers."""
    _, middle, oldest = gc.get_threshold()
    gc.set_threshold(YOUNG_COLLECTION_EVERY, middle, oldest)
