"""Economy commands driven through discord.py with raw interaction payloads (no network)."""

from __future__ import annotations

import copy

import pytest

from bot.store import (
    MAX_AMOUNT,
    AccountRef,
    Movement,
    RoundHeader,
    RoundMoney,
)
from tests.harness.driver import DiscordHarness, FakeUser, assert_refused
from tests.harness.fake_discord import CHANNEL_MESSAGE, UPDATE_MESSAGE

pytestmark = pytest.mark.asyncio


async def wallets_are(harness: DiscordHarness, *expected: tuple[FakeUser, int]) -> None:
    """Each user's wallet holds the chips expected, and the books balance."""
    for user, chips in expected:
        assert await harness.wallet(user) == chips, user.name
    await harness.audit_ok()


async def test_balance_of_a_new_member_is_the_starting_balance(harness: DiscordHarness) -> None:
    alice = harness.user("alice")
    reply = await harness.slash(alice, "balance")
    assert reply.type == CHANNEL_MESSAGE and reply.ephemeral
    assert "1,000 chips" in reply.text
    await harness.audit_ok()


async def test_balance_of_another_member_and_of_a_bot(harness: DiscordHarness) -> None:
    alice, bob, robot = harness.user("alice"), harness.user("bob"), harness.user("robo", bot=True)
    reply = await harness.slash(alice, "balance", member=bob)
    assert f"<@{bob.id}> has **1,000 chips**" in reply.text
    assert_refused(await harness.slash(alice, "balance", member=robot), "bots")
    await harness.audit_ok()


async def test_daily_claims_once_per_cooldown(harness: DiscordHarness, clock) -> None:
    alice = harness.user("alice")
    first = await harness.slash(alice, "daily")
    assert first.type == CHANNEL_MESSAGE and not first.ephemeral
    assert "claimed **250 chips**" in first.text and "1,250 chips" in first.text
    clock.advance(3600)
    again = await harness.slash(alice, "daily")
    assert_refused(again, "already claimed", "23 h 0 min")
    assert await harness.wallet(alice) == 1250
    clock.advance(23 * 3600)
    third = await harness.slash(alice, "daily")
    assert "1,500 chips" in third.text and not third.ephemeral
    await harness.audit_ok()


async def test_give_confirmed_moves_chips_and_announces(harness: DiscordHarness) -> None:
    alice, bob = harness.user("alice"), harness.user("bob")
    offer = await harness.slash(alice, "give", member=bob, amount=300)
    assert offer.ephemeral and "Give **300 chips**" in offer.text
    assert await harness.wallet(alice) == 1000, "nothing moves before confirmation"
    done = await harness.click(alice, offer.message, offer.button("Confirm"))
    assert done.type == UPDATE_MESSAGE and "Gift sent" in done.text
    assert done.data["components"] == []
    (announcement,) = done.followups
    assert announcement["flags"] == 0 and "gave **300 chips**" in announcement["content"]
    await wallets_are(harness, (alice, 700), (bob, 1300))


async def test_give_cancelled_moves_nothing(harness: DiscordHarness) -> None:
    alice, bob = harness.user("alice"), harness.user("bob")
    offer = await harness.slash(alice, "give", member=bob, amount=300)
    stale_copy = copy.deepcopy(offer.message)  # what a lagging client still shows
    confirm = offer.button("Confirm")
    cancelled = await harness.click(alice, offer.message, offer.button("Cancel"))
    assert "cancelled" in cancelled.text.lower()
    assert offer.message["components"] == []
    late = await harness.click(alice, stale_copy, confirm)
    assert_refused(late, "already")
    await wallets_are(harness, (alice, 1000))


@pytest.mark.parametrize(
    ("amount", "fragment"),
    [(0, "from 1 to"), (-5, "from 1 to"), (MAX_AMOUNT + 1, "from 1 to"), (1001, "only have")],
)
async def test_give_rejects_bad_amounts(harness: DiscordHarness, amount: int, fragment: str) -> None:
    alice, bob = harness.user("alice"), harness.user("bob")
    await harness.slash(bob, "balance")
    reply = await harness.slash(alice, "give", member=bob, amount=amount)
    assert_refused(reply, fragment)
    await wallets_are(harness, (alice, 1000), (bob, 1000))


async def test_give_to_self_or_a_bot_is_refused(harness: DiscordHarness) -> None:
    alice, robot = harness.user("alice"), harness.user("robo", bot=True)
    assert_refused(await harness.slash(alice, "give", member=alice, amount=10), "yourself")
    assert_refused(await harness.slash(alice, "give", member=robot, amount=10), "bot")
    await wallets_are(harness, (alice, 1000))


async def test_double_clicked_confirm_gives_once(harness: DiscordHarness) -> None:
    alice, bob = harness.user("alice"), harness.user("bob")
    offer = await harness.slash(alice, "give", member=bob, amount=400)
    confirm = offer.button("Confirm")
    replies = await harness.deliver(
        harness.component_payload(alice, offer.message, confirm),
        harness.component_payload(alice, offer.message, confirm),
    )
    kinds = sorted((reply.type, reply.ephemeral) for reply in replies)
    assert kinds == [(CHANNEL_MESSAGE, True), (UPDATE_MESSAGE, False)]
    await wallets_are(harness, (alice, 600), (bob, 1400))


async def test_only_the_giver_can_confirm(harness: DiscordHarness) -> None:
    alice, bob = harness.user("alice"), harness.user("bob")
    offer = await harness.slash(alice, "give", member=bob, amount=100)
    assert_refused(await harness.click(bob, offer.message, offer.button("Confirm")), "only the")
    await wallets_are(harness, (bob, 1000))


async def test_balance_is_checked_again_at_confirmation(harness: DiscordHarness) -> None:
    alice, bob, carol = harness.user("alice"), harness.user("bob"), harness.user("carol")
    first = await harness.slash(alice, "give", member=bob, amount=800)
    second = await harness.slash(alice, "give", member=carol, amount=800)
    await harness.click(alice, first.message, first.button("Confirm"))
    late = await harness.click(alice, second.message, second.button("Confirm"))
    assert_refused(late, "only 200 chips", "nothing was sent")
    await wallets_are(harness, (carol, 1000))


async def test_expired_give_offer_is_refused(harness: DiscordHarness, clock) -> None:
    alice, bob = harness.user("alice"), harness.user("bob")
    offer = await harness.slash(alice, "give", member=bob, amount=100)
    clock.advance(10 * 60)
    assert_refused(await harness.click(alice, offer.message, offer.button("Confirm")), "expired")
    await wallets_are(harness, (alice, 1000))


async def record_round(harness: DiscordHarness, user_id: int, game: str, wagered: int,
                       returned: int, now: float) -> None:
    """Settle a round directly through the store, as the table runtime will."""
    store, guild = harness.bot.store, harness.guild_id
    await store.ensure_wallet(guild, user_id)
    escrow = AccountRef.escrow(f"test:{user_id}:{now}")
    await store.transfer(guild, [Movement(AccountRef.wallet(user_id), escrow, wagered, "bet")])
    movements = [Movement(escrow, AccountRef.house(), wagered, "lost")]
    if returned:
        movements.append(Movement(AccountRef.house(), AccountRef.wallet(user_id), returned, "won"))
    await store.record_round(guild, RoundHeader(game, harness.channel_id),
                             RoundMoney({user_id: (wagered, returned)}, movements), now=now)


async def test_leaderboard_ranks_net_winnings_with_own_rank(harness: DiscordHarness, clock) -> None:
    alice, bob, carol = harness.user("alice"), harness.user("bob"), harness.user("carol")
    await harness.bot.store.grant(harness.guild_id, alice.id, 10_000)  # house bankroll source
    await record_round(harness, alice.id, "uth", 100, 300, clock.now - 30 * 86400)
    await record_round(harness, bob.id, "uth", 100, 150, clock.now - 3600)
    await record_round(harness, carol.id, "hcf", 100, 0, clock.now - 3600)
    board = await harness.slash(carol, "leaderboard")
    assert not board.ephemeral
    text = board.text
    assert text.index(f"<@{alice.id}> +200") < text.index(f"<@{bob.id}> +50")
    assert text.index(f"<@{bob.id}> +50") < text.index(f"<@{carol.id}> -100")
    assert "Your rank: **#3** of 3 (-100)" in text
    week = await harness.slash(bob, "leaderboard", period="week")  # Monday to Sunday, server time
    assert f"<@{alice.id}>" not in week.text and "Your rank: **#1** of 2 (+50)" in week.text
    uth = await harness.slash(carol, "leaderboard", game="uth")
    assert f"<@{carol.id}>" not in uth.text.split("Your rank")[0]
    assert "You have no finished rounds here in this period." in uth.text
    await harness.audit_ok()


async def test_history_pages_through_rounds(harness: DiscordHarness, clock) -> None:
    alice, bob = harness.user("alice"), harness.user("bob")
    for index in range(7):
        await record_round(harness, alice.id, "uth", 10, 20 if index % 2 else 0, clock.now + index)
    first = await harness.slash(alice, "history")
    assert first.ephemeral and "Page 1 of 2" in first.text
    assert first.text.count("Ultimate Texas Hold'em") == 5
    older = await harness.click(alice, first.message, first.button("Older"))
    assert older.type == UPDATE_MESSAGE and "Page 2 of 2" in older.text
    assert older.text.count("Ultimate Texas Hold'em") == 2
    assert_refused(await harness.click(bob, first.message, first.button("Older")), "someone else")
    empty = await harness.slash(bob, "history")
    assert "not finished a round" in empty.text
    await harness.audit_ok()


async def test_admin_grant_and_audit(harness: DiscordHarness) -> None:
    admin, alice = harness.user("admin", admin=True), harness.user("alice")
    granted = await harness.slash(admin, "chips grant", member=alice, amount=5000, reason="prize")
    assert not granted.ephemeral and "received **5,000 chips** (prize)" in granted.text
    assert await harness.wallet(alice) == 6000
    audit = await harness.slash(admin, "audit")
    assert audit.ephemeral and "Books balance" in audit.text
    await harness.audit_ok()


async def test_members_cannot_use_admin_commands(harness: DiscordHarness) -> None:
    alice = harness.user("alice")
    assert_refused(await harness.slash(alice, "chips grant", member=alice, amount=5), "manage server")
    assert_refused(await harness.slash(alice, "audit"), "manage server")
    assert_refused(await harness.slash(alice, "chips settings", daily_amount=9), "manage server")
    await wallets_are(harness, (alice, 1000))


async def test_admin_grant_rejects_bad_amounts(harness: DiscordHarness) -> None:
    admin, alice = harness.user("admin", admin=True), harness.user("alice")
    for amount in (0, -1, MAX_AMOUNT + 1):
        assert_refused(await harness.slash(admin, "chips grant", member=alice, amount=amount),
                       "from 1 to")
    await harness.audit_ok()


async def test_settings_change_the_daily_amount_and_new_wallets(harness: DiscordHarness) -> None:
    admin, alice = harness.user("admin", admin=True), harness.user("alice")
    shown = await harness.slash(admin, "chips settings")
    assert "250 chips" in shown.text and "24 h 0 min" in shown.text
    changed = await harness.slash(admin, "chips settings", daily_amount=75, starting_balance=40,
                                  daily_cooldown_hours=2)
    assert "updated" in changed.text and "2 h 0 min" in changed.text
    claimed = await harness.slash(alice, "daily")
    assert "claimed **75 chips**" in claimed.text and "115 chips" in claimed.text
    await harness.audit_ok()


async def test_unexpected_error_gets_a_friendly_ephemeral_reply(
    harness: DiscordHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def broken(*args: object, **kwargs: object) -> int:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(harness.bot.store, "ensure_wallet", broken)
    reply = await harness.slash(harness.user("alice"), "balance")
    assert_refused(reply, "went wrong on our side")
    assert "disk on fire" not in reply.text


async def test_every_interaction_is_answered_exactly_once(harness: DiscordHarness) -> None:
    alice, bob = harness.user("alice"), harness.user("bob")
    replies = [
        await harness.slash(alice, "balance"), await harness.slash(alice, "daily"),
        await harness.slash(alice, "daily"), await harness.slash(alice, "give", member=bob, amount=1),
        await harness.slash(alice, "leaderboard"), await harness.slash(alice, "history"),
    ]
    for reply in replies:
        assert len(reply.record.callbacks) == 1 and reply.record.errors == []
    assert harness.fake.unknown_routes == []


async def test_click_on_a_button_that_no_longer_exists_is_answered(harness: DiscordHarness) -> None:
    alice, bob = harness.user("alice"), harness.user("bob")
    offer = await harness.slash(alice, "give", member=bob, amount=5)
    confirm = offer.button("Confirm")
    await harness.click(alice, offer.message, offer.button("Cancel"))
    ghost = await harness.click(alice, offer.message, confirm)  # the message has no buttons now
    assert_refused(ghost, "no longer")
    await harness.audit_ok()


async def test_a_repeated_delivery_of_one_interaction_runs_once(harness: DiscordHarness) -> None:
    admin, alice = harness.user("admin", admin=True), harness.user("alice")
    await harness.wallet(alice)
    payload = harness.command_payload(admin, "chips grant", member=alice, amount=100)
    await harness.deliver(payload, payload)
    record = harness.fake.interactions[int(payload["id"])]
    assert len(record.callbacks) == 1
    assert record.errors == [], "the repeat never reached a handler, so it never drew a 40060"
    await wallets_are(harness, (alice, 1100))


async def test_a_click_on_an_unknown_control_is_answered_at_once(harness: DiscordHarness) -> None:
    alice = harness.user("alice")
    offer = await harness.slash(alice, "give", member=harness.user("bob"), amount=5)
    message = copy.deepcopy(offer.message)
    message["components"][0]["components"][0]["custom_id"] = "retired:feature:1"
    reply = await harness.click(alice, message, "retired:feature:1")
    assert_refused(reply, "no longer active")
    assert len(reply.record.callbacks) == 1
