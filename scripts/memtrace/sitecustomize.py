"""Loaded by Python at start-up when this folder is on PYTHONPATH (`scripts/bench soak
--trace-memory` puts it there): in the table server's process only, it traces the Python heap
(`tracemalloc`) and appends `seconds traced_bytes rss_kb` to the file named by `TABLE_MEMTRACE`
every few seconds, from a native thread started before gevent patches anything.

Why: a process's resident memory can grow while its live Python objects do not (the allocator
keeps freed arenas and heap pages for reuse): the soak reads both to tell the two apart. The
product never imports this; tracing costs the server CPU, so the soak's other figures are taken
without it."""

import os

_OUT = os.environ.get("TABLE_MEMTRACE")


def _is_table_server() -> bool:
    with open("/proc/self/cmdline", "rb") as f:
        argv = f.read().split(b"\0")
    return b"tabletop" in argv and b"serve" in argv


if _OUT and _is_table_server():
    import threading
    import time
    import tracemalloc

    _sleep, _every = time.sleep, float(os.environ.get("TABLE_MEMTRACE_EVERY", "5"))

    def _rss_kb() -> int:
        with open("/proc/self/status") as f:
            return next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))

    def _sample() -> None:
        start = time.monotonic()
        while True:
            traced, _peak = tracemalloc.get_traced_memory()
            with open(_OUT, "a") as f:
                f.write(f"{time.monotonic() - start:.1f} {traced} {_rss_kb()}\n")
            _sleep(_every)

    tracemalloc.start(1)
    threading.Thread(target=_sample, name="memtrace", daemon=True).start()
