"""High Card Flush played through discord.py against the fake Discord API, with fixed decks.

Four players buy in, the bank goes round the table hand by hand (one declines, a timer declines,
a hand with the house banking), and every chip of every hand is followed in the ledger: between
players' stacks through the round's escrow, and to the house only as the disclosed rake (or,
when the house banks, as its result). Bad input gets a private reason and changes nothing.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from bot.client import CasinoBot
from bot.config import Config
from bot.games.hcf import Phase, flush_cards, flush_first, flush_of, raise_cap
from bot.games.hcf.exact import dp_qualified_rate, flush_bonus_rtp, straight_flush_bonus_rtp
from bot.games.hcf.figures import EXACT_DP_QUALIFIED, EXACT_FLUSH_RTP, EXACT_STRAIGHT_FLUSH_RTP
from bot.i18n import restored
from bot.store import AccountRef
from bot.tables.config import TableConfig
from render import TableSnapshot
from tests.conftest import FakeClock
from tests.harness.driver import DiscordHarness, FakeUser, Reply, walk_components
from tests.harness.fake_discord import CHANNEL_MESSAGE
from tests.harness.privacy import assert_only_these_cards_shown
from tests.harness.tables import TableDriver

BUY_IN = 500
WINDOW = 30  # betting and decision timers at these tables


def seed(number: int) -> bytes:
    return number.to_bytes(2, "big") + bytes(30)


def refused(reply: Reply, *fragments: str) -> None:
    assert reply.type == CHANNEL_MESSAGE and reply.ephemeral, reply.text
    for fragment in fragments:
        assert fragment.lower() in reply.text.lower(), f"{fragment!r} not in {reply.text!r}"


def confirmed(reply: Reply, label: str) -> None:
    assert reply.ephemeral and reply.text.startswith(label) and " · round #" in reply.text, reply.text


class HCFTable:
    """Plays at the High Card Flush table in the harness's channel."""

    def __init__(self, harness: DiscordHarness, driver: TableDriver) -> None:
        self.h = harness
        self.driver = driver

    async def open(self, **options: Any) -> Reply:
        admin = self.h.user("pit-boss", admin=True)
        settings = {"min_bet": 10, "max_bet": 100, "betting_seconds": WINDOW,
                    "decision_seconds": WINDOW, "bank_minimum": 300, **options}
        reply = await self.h.slash(admin, "table open", game="hcf", **settings)
        await self.driver.settle()
        return reply

    async def command(self, user: FakeUser, name: str, **options: Any) -> Reply:
        reply = await self.h.slash(user, f"hcf {name}", **options)
        await self.driver.settle()
        return reply

    async def press(self, user: FakeUser, label: str) -> Reply:
        return await self.driver.press(user, label)

    @property
    def table(self) -> Any:
        return self.driver.table()

    @property
    def hand(self) -> Any:
        return self.driver.round_state()

    def stacks(self) -> dict[int, int]:
        return dict(self.h.bot.tables.seating.stacks(self.table))

    async def close_betting(self) -> None:
        await self.driver.pass_time(WINDOW + 1)
        assert self.hand.game.phase is Phase.DECISIONS

    async def decide_all(self, players: list[FakeUser], *, fold: set[int] = frozenset()) -> None:
        """Each player with a hand raises the most their flush allows (by button), or folds."""
        for player in players:
            if player.id not in self.hand.game.pending_seats():
                continue
            if player.id in fold:
                confirmed(await self.press(player, "Fold"), "FOLD")
                continue
            cap = raise_cap(flush_of(self.hand.game.players[player.id].cards).length)
            confirmed(await self.press(player, f"Raise {cap}x"), f"RAISE {cap}x")


@pytest.fixture
async def hcf(harness: DiscordHarness, clock: FakeClock) -> HCFTable:
    return HCFTable(harness, TableDriver(harness, clock))


async def seat_four(harness: DiscordHarness, hcf: HCFTable, deck: bytes | None = None,
                    **options: Any) -> list[FakeUser]:
    """The table opened with ``options``; Alice, Bob, Carol and Dave each buy in for 500; the
    hands are dealt from the seed ``deck`` when one is given."""
    await hcf.open(**options)
    if deck is not None:
        harness.use_deck(deck)
    players = [harness.user(name) for name in ("alice", "bob", "carol", "dave")]
    for player in players:
        confirmed_buy = await hcf.command(player, "buyin", amount=BUY_IN)
        assert "Your stack: 500 chips; your wallet: 500 chips" in confirmed_buy.text
    return players


async def round_ledger(harness: DiscordHarness, round_id: int) -> list[Any]:
    return await harness.bot.store.ledger(harness.guild_id, round_id=round_id, limit=1000)


async def assert_chips_moved_between_stacks(harness: DiscordHarness, hcf: HCFTable,
                                            before: dict[int, int], rake: int) -> None:
    """The hand just settled moved chips only between stacks (through its escrow) and ``rake``
    to the house; each stack changed by exactly its net in the settlement."""
    result = hcf.table.last_result
    settlement = result.settlement
    after = hcf.stacks()
    for seat, summary in settlement.summary.items():
        assert after[seat] - before[seat] == summary.net, (seat, before, after)
    assert sum(after.values()) - sum(before.values()) == -rake
    house = AccountRef.house()
    rows = await round_ledger(harness, result.round_id)
    to_house = sum(row.amount for row in rows if row.target == house)
    from_house = sum(row.amount for row in rows if row.source == house)
    assert (to_house, from_house) == (rake, 0)
    assert all(row.source.kind in ("stack", "escrow", "house") and
               row.target.kind in ("stack", "escrow", "house") for row in rows), "no wallet moved"
    assert settlement.house_net == rake
    await harness.audit_ok()


async def test_four_players_pass_the_bank_round_the_table_and_the_house_banks_when_all_decline(
    harness: DiscordHarness, hcf: HCFTable, snapshots: list[TableSnapshot]
) -> None:
    opened = await hcf.open()
    assert "High Card Flush table open" in opened.text
    alice, bob, carol, dave = players = await seat_four(harness, hcf)
    assert "Deal next hand" in hcf.driver.buttons()
    assert "a stack of 300+ may bank. No rake." in hcf.driver.phase()

    # Hand 1: a new table offers the bank from the first seat; alice banks.
    harness.use_deck(seed(1))
    confirmed(await hcf.press(carol, "Deal next hand"), "Hand opened: the bank is offered first")
    assert hcf.hand.offered == alice.id and {"Accept bank", "Decline bank"} <= set(hcf.driver.buttons())
    refused(await hcf.press(bob, "Accept bank"), "offered to another player first")
    confirmed(await hcf.press(alice, "Accept bank"), "Bank accepted")
    before = hcf.stacks()
    confirmed(await hcf.press(bob, "Ante 10"), "Ante 10")
    confirmed(await hcf.command(carol, "ante", amount=20), "Ante 20")
    confirmed(await hcf.command(dave, "ante", amount=10), "Ante 10")
    confirmed(await hcf.command(dave, "bonus", straight_flush=10, flush=10),
              "Straight Flush bonus 10, Flush bonus 10")
    await hcf.close_betting()
    assert hcf.stacks()[alice.id] == 0, "the DP's whole stack is in play as the bank"
    await hcf.decide_all(players)
    assert hcf.table.round is None
    await assert_chips_moved_between_stacks(harness, hcf, before, rake=0)
    first = hcf.table.last_result
    assert f"<@{alice.id}> banks 500 chips" in first.headline

    # Hand 2: the turn moves on to bob, who declines; carol banks; bob plays.
    harness.use_deck(seed(2))
    confirmed(await hcf.command(alice, "deal"), "Hand opened")
    assert hcf.hand.offers[:2] == (bob.id, carol.id) and hcf.hand.offers[-1] == alice.id
    confirmed(await hcf.command(bob, "bank", choice="decline"), "Bank declined")
    confirmed(await hcf.press(carol, "Accept bank"), "Bank accepted")
    before = hcf.stacks()
    for player in (alice, bob, dave):
        if hcf.stacks()[player.id] >= 40:
            confirmed(await hcf.press(player, "Ante 10"), "Ante 10")
    await hcf.close_betting()
    await hcf.decide_all(players, fold={dave.id})
    await assert_chips_moved_between_stacks(harness, hcf, before, rake=0)
    assert hcf.table.last_result.settlement.summary[carol.id].staked == before[carol.id]

    # Hand 3: dave's turn; he is asked and his timer runs out (a decline); alice is next.
    harness.use_deck(seed(3))
    confirmed(await hcf.press(bob, "Deal next hand"), "Hand opened")
    qualified = [seat for seat in (dave.id, alice.id, bob.id, carol.id) if hcf.stacks()[seat] >= 300]
    assert list(hcf.hand.offers) == qualified and qualified[0] == dave.id
    await hcf.driver.pass_time(WINDOW + 1)
    assert hcf.hand.offered == qualified[1]
    actions = await harness.bot.store.round_actions(hcf.table.round.id)
    assert [restored(a.label) for a in actions][-1] == "AUTO DECLINED the bank"

    # Hand 3 goes on: everyone else declines too, so the house banks with unlimited funds.
    for seat in qualified[1:]:
        user = next(p for p in players if p.id == seat)
        confirmed(await hcf.press(user, "Decline bank"), "Bank declined")
    assert hcf.hand.house_banks and "the house banks" in hcf.driver.phase()
    before = hcf.stacks()
    bettors = [p for p in players if before[p.id] >= 40]
    for player in bettors:
        confirmed(await hcf.press(player, "Ante 10"), "Ante 10")
    await hcf.close_betting()
    await hcf.decide_all(players)
    result = hcf.table.last_result
    assert result.headline.startswith("The house banks")
    house_result = result.settlement.house_net
    after = hcf.stacks()
    assert sum(after.values()) - sum(before.values()) == -house_result
    rows = await round_ledger(harness, result.round_id)
    house = AccountRef.house()
    assert (sum(r.amount for r in rows if r.target == house)
            - sum(r.amount for r in rows if r.source == house)) == house_result
    await harness.audit_ok()

    # Hand 4: the turn went on from the first seat asked in hand 3 (dave): alice is asked.
    harness.use_deck(seed(4))
    confirmed(await hcf.press(alice, "Deal next hand"), "Hand opened")
    assert hcf.hand.offers[0] == next(seat for seat in (alice.id, bob.id, carol.id, dave.id)
                                      if hcf.stacks()[seat] >= 300)

    # Nobody ever saw a card before its showdown; the results ringed every hand's flush.
    assert_only_these_cards_shown(snapshots, ())
    (picture,) = [s for s in snapshots if s.title.endswith(f"#{first.round_id} · Result")]
    final = first.snapshot_state.game
    # Each hand is shown with its flush first, and the flush ringed: it reads at a glance.
    assert picture.dealer == flush_first(final.bank_cards) and picture.dealer_label == "Bank: alice"
    assert set(picture.dealer_highlight) == set(range(len(flush_cards(final.bank_cards))))
    by_name = {view.name: view for view in picture.seats}
    for user in (bob, carol, dave):
        cards, shown = final.players[user.id].cards, by_name[user.name]
        assert tuple(shown.cards) == flush_first(cards)
        assert [shown.cards[i] for i in sorted(shown.highlight)] == list(flush_cards(cards))
    order = [hand.seat for hand in first.snapshot_state.game.result.hands]
    assert order == [dave.id, carol.id, bob.id], "counter-clockwise from the right of the button"
    assert by_name["dave"].status.startswith("#1 ") and by_name["bob"].status.startswith("#3 ")


async def test_the_exact_figures_on_the_rules_page_are_the_counted_ones() -> None:
    assert EXACT_DP_QUALIFIED == float(dp_qualified_rate())
    assert round(float(flush_bonus_rtp()), 6) == EXACT_FLUSH_RTP
    assert round(float(straight_flush_bonus_rtp()), 6) == EXACT_STRAIGHT_FLUSH_RTP


@pytest.mark.parametrize(("mode", "dp_pays"), [("every_player", True), ("all_but_dp", False),
                                               ("dp_only", True)])
async def test_each_rake_mode_is_disclosed_and_only_the_rake_reaches_the_house(
    harness: DiscordHarness, hcf: HCFTable, mode: str, dp_pays: bool
) -> None:
    alice, bob, carol, dave = players = await seat_four(harness, hcf, rake_mode=mode, rake=2)
    disclosed = {"every_player": "from every player, the designated player included",
                 "all_but_dp": "from every player but the designated player",
                 "dp_only": "from the designated player only"}[mode]
    assert f"Rake: 2 chips a hand {disclosed}." in hcf.driver.phase()
    rules = await hcf.command(bob, "rules")
    assert rules.ephemeral and f"Rake: 2 chips a hand {disclosed}." in rules.text
    harness.use_deck(seed(1))
    await hcf.press(alice, "Deal next hand")
    await hcf.press(alice, "Accept bank")
    before = hcf.stacks()
    players_raked = mode != "dp_only"
    for player in (bob, carol, dave):
        reply = await hcf.press(player, "Ante 10")
        confirmed(reply, "Ante 10 + rake 2" if players_raked else "Ante 10")
        assert hcf.stacks()[player.id] == before[player.id] - (12 if players_raked else 10)
    await hcf.close_betting()
    await hcf.decide_all(players, fold={carol.id})
    result = hcf.table.last_result
    assert result.snapshot_state.game.result.dead == ()
    rake = 2 * (3 if players_raked else 0) + (2 if dp_pays else 0)
    assert result.snapshot_state.game.result.rake == rake
    await assert_chips_moved_between_stacks(harness, hcf, before, rake=rake)
    if dp_pays:
        assert f"<@{alice.id}> pays rake 2 to the house." in result.headline
    if players_raked:
        assert f"<@{carol.id}> pays 10 to <@{alice.id}> · rake 2 to the house" in result.headline


async def test_a_hand_the_bank_cannot_pay_is_dead_and_gets_every_stake_back(
    harness: DiscordHarness, hcf: HCFTable
) -> None:
    # Seed 10 deals bob (first to the left of alice's button) a five-card flush that beats the
    # bank's: Ante, a 2x Raise and the Flush bonus's 10:1 on 30 come to more than the bank's 500.
    alice, bob, carol, _ = await seat_four(harness, hcf, seed(10))
    await hcf.press(alice, "Deal next hand")
    await hcf.press(alice, "Accept bank")
    before = hcf.stacks()
    await hcf.command(bob, "ante", amount=100)
    confirmed(await hcf.command(bob, "bonus", flush=100), "Flush bonus 100")
    await hcf.command(carol, "ante", amount=10)
    await hcf.close_betting()
    game = hcf.hand.game
    assert flush_of(game.players[bob.id].cards).length == 5
    assert flush_of(game.players[bob.id].cards).strength > flush_of(game.bank_cards).strength
    confirmed(await hcf.press(bob, "Raise 2x"), "RAISE 2x")
    confirmed(await hcf.press(carol, "Fold"), "FOLD")
    result = hcf.table.last_result
    assert result.snapshot_state.game.result.dead == (bob.id,)
    assert hcf.stacks()[bob.id] == before[bob.id], "every stake of a dead hand comes back"
    assert hcf.stacks()[alice.id] == before[alice.id] + 10, "the bank keeps carol's Ante only"
    assert f"2. <@{bob.id}>: dead hand, the bank's 510 chips could not pay it in full" in result.headline
    assert all(line.outcome == "dead" for line in result.settlement.lines_of(bob.id))
    await assert_chips_moved_between_stacks(harness, hcf, before, rake=0)
    (post,) = hcf.driver.results()
    assert "dead hand" in post["embeds"][0]["description"]
    record = await harness.slash(carol, "round", number=result.round_id)
    assert record.ephemeral and "re-creates every dealt card" in record.text, record.text


async def test_rebet_places_last_hands_bets_and_can_start_the_next_hand(
    harness: DiscordHarness, hcf: HCFTable
) -> None:
    alice, bob, carol, dave = players = await seat_four(harness, hcf, bank_minimum=5000)
    assert "Rebet" in hcf.driver.buttons()
    refused(await hcf.press(carol, "Rebet"), "nothing to rebet")
    assert hcf.table.round is None and hcf.stacks()[carol.id] == BUY_IN, "the refusal started nothing"
    confirmed(await hcf.command(carol, "ante", amount=20), "Ante 20")
    confirmed(await hcf.command(carol, "bonus", straight_flush=10, flush=15), "Straight Flush bonus 10")
    confirmed(await hcf.press(dave, "Ante 10"), "Ante 10")
    assert {"Rebet", "Clear"} <= set(hcf.driver.buttons())
    await hcf.close_betting()
    await hcf.decide_all(players)
    assert hcf.table.round is None

    before = hcf.stacks()
    confirmed(await hcf.press(carol, "Rebet"), "Rebet: Ante 20 · SF 10 · Flush 15")
    assert hcf.table.round is not None, "Rebet opened the hand"
    assert hcf.stacks()[carol.id] == before[carol.id] - 45
    confirmed(await hcf.command(dave, "rebet"), "Rebet: Ante 10")
    refused(await hcf.press(carol, "Rebet"), "clear your bets first")
    refused(await hcf.press(bob, "Rebet"), "nothing to rebet")
    assert hcf.stacks() == {**before, carol.id: before[carol.id] - 45, dave.id: before[dave.id] - 10}
    await hcf.close_betting()
    await hcf.decide_all(players)
    summary = hcf.table.last_result.settlement.summary
    assert summary[carol.id].staked >= 45 + 20 and summary[dave.id].staked >= 10 + 10, "and Raises"
    assert all(hcf.stacks()[seat] - before[seat] == line.net for seat, line in summary.items())
    await harness.audit_ok()


async def test_bad_input_gets_a_private_reason_and_changes_nothing(
    harness: DiscordHarness, hcf: HCFTable
) -> None:
    admin = harness.user("boss", admin=True)
    refused(await harness.slash(admin, "table open", game="hcf", rake_mode="every_player"),
            "a rake is a whole number of chips, at least 1")
    alice, bob, carol, dave = await seat_four(harness, hcf)
    eve = harness.user("eve")
    refused(await hcf.command(eve, "buyin", amount=5_000), "Your wallet has 1,000 chips")
    refused(await hcf.command(eve, "buyin", amount=30), "at least 40 chips")
    refused(await hcf.command(eve, "bank", choice="accept"), "No round is running")
    refused(await hcf.command(eve, "fold"), "No round is running")
    assert await harness.wallet(eve) == 1_000
    await harness.audit_ok()

    frank = harness.user("frank")
    refused(await hcf.press(frank, "Deal next hand"), "no chips at this table", "/hcf buyin")
    assert hcf.table.round is None
    harness.use_deck(seed(3))
    await hcf.press(bob, "Deal next hand")
    refused(await hcf.press(bob, "Accept bank"), "offered to another player first")
    refused(await hcf.command(eve, "bank", choice="accept"), "not seated")
    await hcf.press(alice, "Accept bank")
    stacks = hcf.stacks()
    refused(await hcf.command(alice, "ante", amount=10), "designated player", "no bets")
    refused(await hcf.command(bob, "bonus", flush=10), "Place an Ante first")
    refused(await hcf.command(bob, "ante", amount=5), "10 to 100")
    refused(await hcf.command(bob, "ante", amount=200), "10 to 100")
    refused(await hcf.command(bob, "raise", multiple=1), "not been dealt")
    refused(await hcf.command(alice, "buyin", amount=100), "You are playing round #")
    await hcf.command(bob, "ante", amount=100)
    refused(await hcf.command(bob, "bonus", straight_flush=100, flush=100),
            "These bets need 600 chips", "you have 500")
    assert hcf.hand.game.players[bob.id].straight_flush == 0, "neither bonus was placed"
    await hcf.command(carol, "ante", amount=10)
    assert hcf.stacks() == {**stacks, bob.id: 400, carol.id: 490}
    await hcf.close_betting()

    refused(await hcf.command(dave, "fold"), "no hand in this round")
    refused(await hcf.command(alice, "raise", multiple=1), "no hand in this round")
    refused(await hcf.command(eve, "fold"), "not seated")
    refused(await hcf.command(frank, "ante", amount=10), "stack was empty when this hand began")
    game = hcf.hand.game
    lengths = {player.id: flush_of(game.players[player.id].cards).length for player in (bob, carol)}
    assert lengths == {bob.id: 3, carol.id: 4}, "what seed 3 deals"
    assert "Raise 3x" not in hcf.driver.buttons(), "no seat's flush allows 3x: no such button"
    refused(await hcf.command(bob, "raise", multiple=3), "With a 3-card flush you can raise 1x your Ante.")
    refused(await hcf.command(carol, "raise", multiple=2), "With a 4-card flush you can raise 1x")
    refused(await hcf.press(bob, "Deal next hand") if "Deal next hand" in hcf.driver.buttons()
            else await hcf.command(bob, "deal"), "started already")

    # A double click on one rendering acts once; the second click is told it was done.
    raise_button = hcf.driver.buttons()["Raise 1x"]
    message = copy.deepcopy(hcf.driver.message())
    replies = await harness.deliver(harness.component_payload(bob, message, raise_button),
                                    harness.component_payload(bob, message, raise_button))
    await hcf.driver.settle()
    texts = sorted(reply.text for reply in replies)
    assert sum("RAISE 1x" in text for text in texts) == 1, texts
    assert any("already" in text for text in texts), texts
    assert hcf.stacks()[bob.id] == 300, "one Raise of 100"
    confirmed(await hcf.command(carol, "fold"), "FOLD")
    assert hcf.table.round is None
    refused(await harness.click(carol, message, hcf_button(message, "Fold")), "over")
    await harness.audit_ok()

    # In another channel (a UTH table there) the /hcf commands find no High Card Flush table.
    other = harness.channel_id + 1
    await harness.bot.tables.open_table(harness.guild_id, other, TableConfig("uth"))
    (reply,) = await harness.deliver(harness.command_payload(bob, "hcf ante", channel_id=other, amount=10))
    refused(reply, "There is no High Card Flush table in this channel.")


def hcf_button(message: dict[str, Any], label: str) -> str:
    return next(c["custom_id"] for c in walk_components(message["components"])
                if c.get("label") == label)


async def test_leaving_declines_returns_bets_and_a_dp_who_leaves_still_banks(
    harness: DiscordHarness, hcf: HCFTable
) -> None:
    alice, bob, carol, dave = await seat_four(harness, hcf, seed(5))
    await hcf.press(dave, "Deal next hand")
    assert hcf.hand.offers == (alice.id, bob.id, carol.id, dave.id)
    left = await hcf.command(bob, "leave")
    assert "Your stack of 500 chips went back to your wallet" in left.text, left.text
    assert hcf.hand.offers == (alice.id, bob.id, carol.id, dave.id)
    assert hcf.hand.pending == [alice.id, carol.id, dave.id], "bob will not be asked"
    await hcf.press(alice, "Accept bank")
    await hcf.press(carol, "Ante 10")
    await hcf.press(dave, "Ante 10")
    left = await hcf.command(dave, "leave")
    assert "Your stack of 500 chips went back to your wallet" in left.text, "his Ante came back first"
    assert await harness.wallet(dave) == 1_000
    await hcf.close_betting()

    mine = await hcf.press(carol, "My cards")
    assert mine.ephemeral and mine.files[0]["filename"] == "my-cards.png"
    assert "Your hand:" in mine.text and "you may raise 1x" in mine.text
    banker = await hcf.press(alice, "My cards")
    assert banker.ephemeral and "You bank this hand" in banker.text
    refused(await hcf.press(bob, "My cards"), "no cards")

    left = await hcf.command(alice, "leave")
    assert "when round #" in left.text, "the DP's stack is the bank: it comes back after the hand"
    assert hcf.hand.game.banker == alice.id
    await hcf.press(carol, "Raise 1x")
    result = hcf.table.last_result
    bank = result.settlement.summary[alice.id]
    wallet = await harness.wallet(alice)
    assert wallet == 500 + bank.returned, "the bank's result went home with her stack"
    assert list(hcf.table.seats) == [carol.id]
    await harness.audit_ok()


async def test_a_restart_mid_offer_resumes_the_hand_and_old_buttons_work(
    harness: DiscordHarness, hcf: HCFTable, clock: FakeClock, tmp_path: Path
) -> None:
    alice, bob, carol, _ = await seat_four(harness, hcf, seed(6))
    await hcf.press(alice, "Deal next hand")
    await hcf.command(bob, "ante", amount=20)
    offer = copy.deepcopy(hcf.driver.message())
    round_id = hcf.table.round.id
    await restart(harness, hcf, clock, tmp_path)  # the process stops while the bank is offered
    assert hcf.table.round is not None and hcf.table.round.id == round_id
    assert hcf.hand.offered == alice.id and hcf.hand.game.players[bob.id].ante == 20
    confirmed(await harness.click(alice, offer, hcf_button(offer, "Accept bank")), "Bank accepted")
    await hcf.driver.settle()
    await hcf.press(carol, "Ante 10")
    await hcf.close_betting()
    await hcf.decide_all([bob, carol])
    assert hcf.table.last_result.round_id == round_id
    await harness.audit_ok()

    await restart(harness, hcf, clock, tmp_path)  # between hands: Rebet remembers the last one
    confirmed(await hcf.press(bob, "Rebet"), "Rebet: Ante 20")
    assert hcf.hand.game.players[bob.id].ante == 20


async def restart(harness: DiscordHarness, hcf: HCFTable, clock: FakeClock, tmp_path: Path) -> None:
    """The bot process stops and a new one starts on the same database."""
    await harness.bot.close()
    bot = CasinoBot(Config(token="fake-token", db_path=str(tmp_path / "casino.sqlite3")))
    bot.clock = clock
    await bot.login("fake-token")
    harness.bot = bot
    hcf.driver = TableDriver(harness, clock)
