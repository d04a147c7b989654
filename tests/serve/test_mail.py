"""Messages carried from the games' threads to the event loop: woken once for many, in
order, and a computer's wait for the loop to send them (issue 26, point 7)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Any, cast

from watan.serve.mail import Postman


class Loop:
    """A loop that only keeps what it is asked to call from other threads."""

    def __init__(self) -> None:
        self.calls: list[Callable[[], None]] = []

    def is_closed(self) -> bool:
        return False

    def call_soon_threadsafe(self, callback: Callable[[], None], *args: Any) -> None:
        assert not args
        self.calls.append(callback)

    def run(self) -> None:
        calls, self.calls = self.calls, []
        for call in calls:
            call()


def test_what_is_posted_before_the_loop_runs_goes_over_in_one_wake_up_in_order() -> None:
    loop, postman = Loop(), Postman()
    postman.serve(cast(asyncio.AbstractEventLoop, loop))
    first: list[str] = []
    second: list[str] = []
    postman.post(first.append, "a")
    postman.post(second.append, "b")
    postman.post(first.append, "c")
    assert len(loop.calls) == 1
    loop.run()
    assert (first, second) == (["a", "c"], ["b"])
    postman.post(second.append, "d")
    assert len(loop.calls) == 1
    loop.run()
    assert second == ["b", "d"]


def test_nothing_is_posted_before_a_loop_is_known() -> None:
    got: list[str] = []
    Postman().post(got.append, "a")
    assert got == []


def test_settling_returns_once_the_loop_has_run_what_was_posted_and_what_that_woke() -> None:
    postman = Postman()
    loop = asyncio.new_event_loop()
    sent: list[str] = []
    queue: asyncio.Queue[str] = asyncio.Queue()

    async def sender() -> None:
        while True:
            sent.append(await queue.get())

    started = threading.Event()

    def run() -> None:
        asyncio.set_event_loop(loop)
        task = loop.create_task(sender())
        loop.call_soon(started.set)
        loop.run_forever()
        task.cancel()

    thread = threading.Thread(target=run)
    thread.start()
    started.wait(5.0)
    postman.serve(loop)
    try:
        for text in ("a", "b", "c"):
            postman.post(queue.put_nowait, text)
        postman.settle()
        assert sent == ["a", "b", "c"]
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join(5.0)
        loop.close()
