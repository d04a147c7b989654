"""A toy game for the replay toolkit: a bank whose accounts take deposits, withdrawals and
transfers.  `replay` knows nothing about any game, so its tests and its benchmark use this
one and not Watan or Bazaar."""

from __future__ import annotations

import random
from typing import assert_never

import msgspec

FORMAT = 1
ACCOUNTS = 3


class Opened(msgspec.Struct, frozen=True):
    """The journal header: what the fold begins with."""

    format: int
    owners: tuple[str, ...]
    balance: int = 0


class Deposited(msgspec.Struct, frozen=True, tag="deposited"):
    account: int
    amount: int


class Withdrew(msgspec.Struct, frozen=True, tag="withdrew"):
    account: int
    amount: int


class Transferred(msgspec.Struct, frozen=True, tag="transferred"):
    source: int
    target: int
    amount: int


Event = Deposited | Withdrew | Transferred


class Account(msgspec.Struct, frozen=True):
    owner: str
    balance: int


class Bank(msgspec.Struct, frozen=True):
    accounts: tuple[Account, ...]
    moves: int = 0


def opening(header: Opened) -> Bank:
    """Return the bank as the header opens it."""
    return Bank(tuple(Account(owner, header.balance) for owner in header.owners))


def apply(bank: Bank, event: Event) -> Bank:
    """The toy reducer: trusts its events, like a game's `apply`."""
    match event:
        case Deposited(account, amount):
            return _moved(bank, {account: amount})
        case Withdrew(account, amount):
            return _moved(bank, {account: -amount})
        case Transferred(source, target, amount):
            return _moved(bank, {source: -amount, target: amount})
        case _:
            assert_never(event)


def _moved(bank: Bank, deltas: dict[int, int]) -> Bank:
    accounts = list(bank.accounts)
    for index, delta in deltas.items():
        accounts[index] = Account(accounts[index].owner, accounts[index].balance + delta)
    return Bank(tuple(accounts), bank.moves + 1)


HEADER = Opened(FORMAT, ("ada", "bob", "cy"), 100)


def sample_events(count: int, seed: int = 7) -> list[Event]:
    """Return `count` random events over the header's accounts, the same for the same seed."""
    rng = random.Random(seed)
    events: list[Event] = []
    for _ in range(count):
        kind = rng.randrange(3)
        account, amount = rng.randrange(ACCOUNTS), rng.randrange(1, 50)
        if kind == 0:
            events.append(Deposited(account, amount))
        elif kind == 1:
            events.append(Withdrew(account, amount))
        else:
            events.append(Transferred(account, rng.randrange(ACCOUNTS), amount))
    return events


def event_lines(events: list[Event]) -> bytes:
    """Return the events as journal lines, each ending with a newline."""
    return b"".join(msgspec.json.encode(event) + b"\n" for event in events)


def journal_bytes(events: list[Event], header: Opened = HEADER) -> bytes:
    """Return a whole journal file's bytes."""
    return msgspec.json.encode(header) + b"\n" + event_lines(events)


def check_format(header: Opened) -> str | None:
    """A header check, as a game checks its journal format version."""
    return None if header.format == FORMAT else f"unknown journal format {header.format}"
