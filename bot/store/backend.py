"""What the Store needs from a database, and the refusals every backend reports alike.

The Store's operations are written once against this interface; a backend supplies the
connections and transactions: :mod:`bot.store.sqlite_backend` (one file, one writer connection
under a lock, a read-only connection beside it) or :mod:`bot.store.postgres` (a pool of
connections to a shared PostgreSQL server, for several bot processes). The SQL modules
(money, rounds, stats, tables, stacks, posts, settings) run on either connection.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Coroutine
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any, Protocol, TypeVar

from bot.store import money
from bot.store.dialect import INTEGRITY_ERRORS
from bot.store.models import StoreError

T = TypeVar("T")
Body = Callable[[Any], Coroutine[Any, Any, T]]


class Backend(Protocol):
    """Connections and transactions. Each context manager rolls back on any error and raises
    what a caller should see (:func:`raise_refusal`)."""

    name: str

    def transaction(self) -> AbstractAsyncContextManager[Any]:
        """One write transaction, committed when the block ends."""

    async def in_one_trip(self, body: Body[T]) -> T:
        """``body(connection)`` as one transaction, with as few trips to the database as the
        backend can manage (the hot path of a round step)."""

    def one_statement(self) -> AbstractAsyncContextManager[Any]:
        """A connection for a write that is a single statement, hence its own transaction."""

    def reading(self, *, snapshot: bool = False) -> AbstractAsyncContextManager[Any]:
        """A connection for reads; ``snapshot``: several SELECTs that agree with each other."""

    def reading_aside(self, *, snapshot: bool = False) -> AbstractAsyncContextManager[Any]:
        """Like :meth:`reading`, for slow reads (the audit, histories) that must neither wait
        for the writes of the tables nor hold them up."""

    async def read_apart(self, body: Body[T]) -> T:
        """``body(connection)`` in one read snapshot, as far from the tables' work as the backend
        can put it (the leaderboards, /stats). ``body`` must pickle (a module-level function, or
        a partial of one with plain arguments) and await nothing but its connection."""

    async def database_info(self) -> dict[str, int | str]:
        """The settings the database reports, for tests and an admin's look."""

    async def close(self) -> None:
        """Wait for the operation in progress, then close; later calls raise StoreError."""


@asynccontextmanager
async def refusals_explained(db: Any) -> AsyncIterator[None]:
    """Around work on ``db`` that has nothing to roll back (a statement that is its own
    transaction, or a transaction already rolled back): a refusal comes out as what the
    caller should see (:func:`raise_refusal`)."""
    try:
        yield
    except BaseException as error:
        await raise_refusal(db, error)
        raise


async def raise_refusal(db: Any, error: BaseException) -> None:
    """Raise what a caller should see in place of ``error``, raised by an operation on ``db``
    that has been rolled back: a short debit names the account and its balance; a refused
    constraint is a StoreError. Returns when ``error`` stands as it is."""
    if isinstance(error, money.Overdrawn):
        raise await money.explain_overdraft(db, error) from None
    if isinstance(error, INTEGRITY_ERRORS):
        raise StoreError(f"the database refused the change: {error}") from error
