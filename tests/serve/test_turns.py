"""The served games' turns: one game's thread at a time, a person's command before a
computer's decision, and a computer waits for the loop to send (issue 26, point 7)."""

from __future__ import annotations

import threading
import time

from watan.serve.turns import Turns


def _until(condition: object, what: str) -> None:
    """Wait (at most 5 s) until `condition()` is true."""
    assert callable(condition)
    deadline = time.monotonic() + 5.0
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.001)


def _taker(turns: Turns, name: str, person: bool, order: list[str]) -> threading.Thread:
    def run() -> None:
        turns.take(person=person)
        order.append(name)
        turns.give()

    thread = threading.Thread(target=run)
    thread.start()
    return thread


def test_a_persons_command_takes_the_turn_before_a_computer_waiting_longer() -> None:
    turns, order = Turns(), list[str]()
    turns.take(person=False)  # a computer of another game is thinking
    computer = _taker(turns, "computer", False, order)
    time.sleep(0.05)  # the computer's thread waits first
    person = _taker(turns, "person", True, order)
    _until(lambda: turns.people_waiting == 1, "the person's thread to wait")
    turns.give()
    computer.join(5.0)
    person.join(5.0)
    assert order == ["person", "computer"]


def test_one_thread_holds_the_turn_at_a_time() -> None:
    turns = Turns()
    inside, most = [0], [0]
    lock = threading.Lock()

    def run(person: bool) -> None:
        for _ in range(50):
            turns.take(person=person)
            with lock:
                inside[0] += 1
                most[0] = max(most[0], inside[0])
            time.sleep(0.0001)
            with lock:
                inside[0] -= 1
            turns.give()

    threads = [threading.Thread(target=run, args=(n % 2 == 0,)) for n in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10.0)
    assert (most[0], inside[0]) == (1, 0)


def test_a_computer_gives_way_to_the_people_waiting_then_waits_for_the_loop() -> None:
    said: list[str] = []
    turns = Turns(lambda: said.append("settled"))
    turns.take(person=False)  # the computer's thread, about to decide
    person = _taker(turns, "person", True, said)
    _until(lambda: turns.people_waiting == 1, "the person's thread to wait")
    turns.give_way()
    said.append("computer decides")
    turns.give()
    person.join(5.0)
    assert said == ["person", "settled", "computer decides"]


def test_a_computer_with_nobody_waiting_only_waits_for_the_loop() -> None:
    said: list[str] = []
    turns = Turns(lambda: said.append("settled"))
    turns.take(person=False)
    turns.give_way()
    assert said == ["settled"]
    assert turns.people_waiting == 0
