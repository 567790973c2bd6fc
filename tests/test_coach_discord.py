"""The coach's Hint through discord.py against the fake Discord: a Hint button under a
player's own cards at their decision answers privately with each option's worth (the coach's
exact figures, in the reader's language), reads only the asking player's cards, and is refused
friendly when hints are off, the decision is made, or the asker has none."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

from bot.coach import chinese, hcf, imperial, threecard, twoplusfour
from bot.coach.review import Decision
from bot.coach.values import HintRequest
from bot.i18n import words
from bot.poker import parse_cards
from bot.tables.chinese import ChineseTableOptions
from bot.tables.config import TableConfig
from bot.tables.wording import IMPERIAL, TWO_PLUS_FOUR
from cogs import coaching
from tests.conftest import FakeClock
from tests.harness.driver import DiscordHarness, FakeUser, Reply, assert_refused, walk_components
from tests.harness.tables import TableDriver, opened_table

HINT = "\U0001f4a1 Hint"


@pytest.fixture
async def tables(harness: DiscordHarness, clock: FakeClock) -> TableDriver:
    return await opened_table(harness, clock, "threecard", min_bet=10, max_bet=200, betting_seconds=30,
                              decision_seconds=30)


async def at_decision(tables: TableDriver, *players: FakeUser) -> None:
    for player in players:
        await tables.press(player, "Ante 10")
    await tables.pass_time(31)


async def ask(harness: DiscordHarness, tables: TableDriver, player: FakeUser, label: str = HINT) -> Reply:
    mine = await tables.press(player, "My cards")
    return await harness.click(player, mine.message, mine.button(label))


async def test_the_hint_shows_each_options_exact_worth_privately(harness: DiscordHarness,
                                                                tables: TableDriver) -> None:
    alice, bob = harness.user("alice"), harness.user("bob")
    await at_decision(tables, alice, bob)
    answer = await ask(harness, tables, alice)
    assert answer.ephemeral and answer.type == 5, "deferred privately, then answered"
    state = tables.round_state()
    expected = threecard.hint(state.seats[alice.id].cards, 10, state.options)
    w = words("en")
    for option in expected.options:
        move = option.move.capitalize()
        assert f"**{move}**: {w.signed(float(option.ev))} Antes ({w.signed(option.chips(10), 1)} chips)" \
            in answer.text
    assert f"**{expected.best.move.capitalize()}**" in answer.text.split("best")[0].splitlines()[-1]
    assert "exact" in answer.text
    hidden = [*state.dealer, *state.seats[bob.id].cards]
    assert not any(str(card) in answer.text or card.pretty in answer.text for card in hidden)


async def test_a_german_player_reads_the_hint_in_german(harness: DiscordHarness, tables: TableDriver) -> None:
    anna = harness.user("anna", locale="de")
    await at_decision(tables, anna)
    mine = await tables.press(anna, "My cards")
    answer = await harness.click(anna, mine.message, mine.button("\U0001f4a1 Tipp"))
    assert "Antes" in answer.text and "Chips" in answer.text and "exakt" in answer.text
    assert "am besten" in answer.text


async def test_a_hint_is_refused_once_decided_or_with_no_decision(harness: DiscordHarness,
                                                                 tables: TableDriver) -> None:
    alice, carol = harness.user("alice"), harness.user("carol")
    await at_decision(tables, alice, harness.user("bob"))
    mine = await tables.press(alice, "My cards")
    hint = mine.button(HINT)
    assert_refused(await harness.click(carol, mine.message, hint), "no decision")
    await tables.press(alice, "Play")
    assert_refused(await harness.click(alice, mine.message, hint), "no decision")


async def test_an_admin_may_turn_hints_off(harness: DiscordHarness, tables: TableDriver) -> None:
    admin, alice = harness.user("pit-boss", admin=True), harness.user("alice")
    configured = await harness.slash(admin, "table config", hints=False)
    assert "Hints" in configured.text and "off" in configured.text
    await at_decision(tables, alice)
    mine = await tables.press(alice, "My cards")
    assert not any(custom_id.startswith("hint:") for custom_id in mine.custom_ids())


async def test_the_hint_at_ultimate_texas_holdem_pre_flop_and_on_the_river(harness: DiscordHarness,
                                                                          clock: FakeClock) -> None:
    """Pre-flop the Hint reads the computed table: Raise 4x, Raise 3x and Check, each ± its
    error; on the river it values Raise 1x and Fold, exactly."""
    uth = await opened_table(harness, clock, "uth", min_bet=10, max_bet=200, betting_seconds=30,
                             decision_seconds=30)
    alice = harness.user("alice")
    await uth.press(alice, "Ante 10")
    await uth.pass_time(31)
    answer = await ask(harness, uth, alice)
    assert all(f"**{option}**" in answer.text for option in ("Raise 4x", "Raise 3x", "Check"))
    assert "±" in answer.text and "sampled" in answer.text
    await uth.pass_time(31, times=2)  # checked pre-flop and on the flop by the timer
    answer = await ask(harness, uth, alice)
    assert "**Raise 1x**" in answer.text and "**Fold**: \u22122.000 Antes (\u221220.0 chips)" in answer.text


async def test_the_hint_command_answers_as_the_button_does(harness: DiscordHarness,
                                                            tables: TableDriver) -> None:
    alice = harness.user("alice")
    assert_refused(await tables.command(alice, "hint"), "decision")
    await at_decision(tables, alice)
    answer = await tables.command(alice, "hint")
    assert answer.ephemeral and "**Play**" in answer.text and "**Fold**" in answer.text


async def test_the_hint_at_high_card_flush_values_every_raise_the_hand_may_make(harness: DiscordHarness,
                                                                               clock: FakeClock) -> None:
    """The house banks (nobody has the bank's minimum); the Hint lists Fold and each Raise the
    player's flush allows, exactly as the coach counts them from the player's own seven cards."""
    table = await opened_table(harness, clock, "hcf", min_bet=10, max_bet=100, betting_seconds=30,
                               decision_seconds=30, bank_minimum=100_000)
    alice = harness.user("alice")
    await table.command(alice, "buyin", amount=500)
    await table.press(alice, "Deal next hand")
    await table.press(alice, "Ante 10")
    await table.pass_time(31)
    game = table.round_state().game
    cards = game.players[alice.id].cards
    expected = hcf.hint(cards, 10, options=game.options)
    answer = await ask(harness, table, alice)
    w = words("en")
    assert "**Fold**: \u22121.000 Antes (\u221210.0 chips)" in answer.text
    for option in expected.options:
        label = "Fold" if option.move == "fold" else f"Raise {option.choice}x"
        assert f"**{label}**: {w.signed(float(option.ev))} Antes" in answer.text
    assert not any(str(card) in answer.text or card.pretty in answer.text for card in game.bank_cards)


REVIEW = "\U0001f50d Review my play"


async def test_review_my_play_shows_each_decision_beside_the_best_option(harness: DiscordHarness,
                                                                         tables: TableDriver) -> None:
    """Alice plays and Bob folds; on the result each presses Review my play and reads their own
    decision, its worth the hint's at that moment; /stats then counts it."""
    alice, bob, carol = harness.user("alice"), harness.user("bob"), harness.user("carol")
    await at_decision(tables, alice, bob)
    state = tables.round_state()
    hints = {player.id: threecard.hint(state.seats[player.id].cards, 10, state.options)
             for player in (alice, bob)}
    round_id = tables.table().round.id
    await tables.press(alice, "Play")
    await tables.press(bob, "Fold")
    (result,) = tables.results()
    review = next(c["custom_id"] for c in walk_components(result["components"]) if c.get("label") == REVIEW)
    w = words("en")
    for player, made in ((alice, "play"), (bob, "fold")):
        answer = await harness.click(player, result, review)
        assert answer.ephemeral, "a review is private"
        hint = hints[player.id]
        chosen, best = hint.value_of(made), hint.best
        assert f"Round #{round_id}" in answer.text
        assert f"**{made.capitalize()}**: {w.signed(float(chosen.ev))} Antes" in answer.text
        if made == best.move:
            assert "best" in answer.text and "Played best: 1 of 1 · chips given up: 0.0" in answer.text
        else:
            given_up = (float(best.ev) - float(chosen.ev)) * 10
            assert f"best was **{best.move.capitalize()}**" in answer.text
            assert f"({given_up:.1f} chips given up on average)" in answer.text
    assert_refused(await harness.click(carol, result, review), "no decision in round")
    stats = await harness.slash(alice, "stats")
    assert "**Decisions**" in stats.text and "Three Card Poker: 1 decision" in stats.text


async def test_a_german_player_reads_the_review_in_german(harness: DiscordHarness,
                                                         tables: TableDriver) -> None:
    anna = harness.user("anna", locale="de")
    await at_decision(tables, anna)
    await tables.press(anna, "Play")
    (result,) = tables.results()
    button = next(c["custom_id"] for c in walk_components(result["components"]) if c.get("type") == 2
                  and c["custom_id"].startswith("review:"))
    answer = await harness.click(anna, result, button)
    assert "Runde #" in answer.text and "**Play**" in answer.text and "Am besten gespielt:" in answer.text


async def test_the_same_decision_asked_twice_is_valued_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A second press while the first is being valued (or soon after) waits for the same work:
    the coach's one worker is not asked twice."""
    runs: list[tuple[object, ...]] = []

    async def run(function: object, *args: object) -> str:
        runs.append(args)
        await asyncio.sleep(0.01)
        return f"valued {len(runs)}"

    monkeypatch.setattr(coaching.COACH, "run", run)
    asked = HintRequest(threecard.hint, (tuple(parse_cards("Qs 6d 4c")), 10, None), 10,
                        frozenset({"play", "fold"}))
    other = HintRequest(threecard.hint, (tuple(parse_cards("Qs 6d 3c")), 10, None), 10,
                        frozenset({"play", "fold"}))
    hints = coaching.HintsAsked(kept=1)
    assert await asyncio.gather(hints.hint(asked), hints.hint(asked)) == ["valued 1", "valued 1"]
    assert await hints.hint(asked) == "valued 1", "kept for a while"
    assert await hints.hint(other) == "valued 2"
    assert await hints.hint(asked) == "valued 3", "forgotten past the ones kept"


async def test_the_hint_at_2_plus_4_values_buy_bet_insurance_and_fold(harness: DiscordHarness,
                                                                     clock: FakeClock) -> None:
    """Three sixes on the open box: the Hint lists Buy, Bet, Bet with the least and the most
    insurance, and Fold, with the figures the coach gives for what the player sees."""
    table = await opened_table(harness, clock, "twoplusfour", min_bet=10, max_bet=500)
    harness.use_deck(bytes([0, 2]) + bytes(30))  # one box: 6d Ah 6c Jh 6h
    alice = harness.user("alice")
    await harness.slash(alice, "twoplusfour ante", box=1, amount=10)
    await table.pass_time(31)
    asked = twoplusfour.request(table.round_state(), alice.id)
    assert asked is not None
    expected = asked.run()
    answer = await ask(harness, table, alice)
    w = words("en")
    labels = {"buy": "Buy", "bet": "Bet", "fold": "Fold", "bet+insure 10": "Bet + insurance 10",
              "bet+insure 60": "Bet + insurance 60"}
    assert {option.name for option in expected.options} == set(labels)
    for option in expected.options:
        assert f"**{labels[option.name]}**: {w.signed(float(option.ev))} Antes" in answer.text
    dealer = table.round_state().dealer
    assert not any(str(card) in answer.text or card.pretty in answer.text for card in dealer)


def test_insurance_reads_in_german() -> None:
    w = words("de")
    assert coaching.option_label(TWO_PLUS_FOUR, w, "bet+insure 60") == "Bet + Versicherung 60"
    assert coaching.option_label(TWO_PLUS_FOUR, w, "insure 1200") == "Versicherung 1.200"
    assert coaching.option_label(TWO_PLUS_FOUR, w, "insure 60 box2") == "Versicherung 60 auf Box 2"
    assert coaching.option_label(TWO_PLUS_FOUR, w, "keep box1") == "Ante-Gewinn von Box 1 behalten"


async def test_the_hint_at_imperial_poker_values_each_draw_and_the_buy(harness: DiscordHarness,
                                                                     clock: FakeClock) -> None:
    """The Hint under an Imperial box: Bet, Fold, Buy and every one-card Draw (exact, or with its
    error where drawing again counts), the Draws of several cards sampled (± their error), as the
    coach values what the player sees; the dealer's face-down cards appear nowhere."""
    table = await opened_table(harness, clock, "imperial", min_bet=10, max_bet=500)
    harness.use_deck(bytes(32))
    alice = harness.user("alice")
    await harness.slash(alice, "imperial ante", box=1, amount=10)
    await table.pass_time(31)
    asked = imperial.request(table.round_state(), alice.id)
    assert asked is not None and asked.names_more
    expected = asked.run()
    answer = await ask(harness, table, alice)
    w = words("en")
    assert answer.ephemeral and "exact where no ± shows" in answer.text
    for option in expected.options:
        label = coaching.option_label(IMPERIAL, w, option.name)
        line = f"**{label}**: {w.signed(float(option.ev))} Antes ({w.signed(option.chips(10), 1)} chips)"
        error = f" ±{w.signed(option.stderr).lstrip('+')}" if option.stderr else ""
        assert line + error in answer.text
    assert {"buy", "bet", "fold", "draw"} <= {option.move for option in expected.options}
    assert sum(option.move == "draw" and len(option.cards or ()) == 1 for option in expected.options) == 5
    dealer = table.round_state().dealer[:4]
    assert not any(str(card) in answer.text or card.pretty in answer.text for card in dealer)


def test_a_draw_reads_in_german() -> None:
    assert coaching.option_label(IMPERIAL, words("de"), "draw 2h Kd") == "Tauschen: 2\u2665 K\u2666 abgeben"


async def test_the_hint_at_chinese_poker_values_each_way_to_set_the_hand_in_points(
        harness: DiscordHarness, clock: FakeClock) -> None:
    """The Hint under a player's hand: the auto-arrange's proposal in points against the two
    other players (sampled, ± its error), in chips at the table's point value."""
    driver = TableDriver(harness, clock)
    await harness.bot.tables.open_table(harness.guild_id, harness.channel_id, TableConfig(
        "chinese", decision_seconds=120, options=ChineseTableOptions(point_value=10)))
    await driver.settle()
    harness.use_deck(bytes(32))
    players = [harness.user(name) for name in ("alice", "bob", "carol")]
    for player in players:
        await harness.slash(player, "chinese buyin", amount=200)
    await driver.press(players[0], "Deal")
    hand = await driver.press(players[0], "Set my hand")
    answer = await harness.click(players[0], hand.message, hand.button(HINT))
    asked = chinese.request(driver.round_state(), players[0].id)
    assert asked is not None and answer.ephemeral
    auto = asked.run().value_of("auto")
    w = words("en")
    assert f"**Auto-arrange**: {w.signed(float(auto.ev))} points ({w.signed(auto.chips(10), 1)} chips) ±" \
        in answer.text
    assert "sampled" in answer.text


async def test_a_round_finished_while_too_many_wait_for_review_says_so(
        harness: DiscordHarness, tables: TableDriver, monkeypatch: pytest.MonkeyPatch) -> None:
    """Past the reviews that may wait at once, a round goes unreviewed (the bot does not queue
    without end) and its Review my play says the coach was too busy."""
    monkeypatch.setattr(coaching, "REVIEWS_PENDING_MOST", 0)
    alice = harness.user("alice")
    await at_decision(tables, alice)
    round_id = tables.table().round.id
    await tables.press(alice, "Play")
    (result,) = tables.results()
    review = next(c["custom_id"] for c in walk_components(result["components"]) if c.get("label") == REVIEW)
    assert_refused(await harness.click(alice, result, review), f"too busy to review round #{round_id}")


async def test_rounds_that_end_together_are_reviewed_in_one_job_and_one_write(
        harness: DiscordHarness, monkeypatch) -> None:
    """When many tables settle at once, the coach takes their rounds to its worker together and
    keeps their reviews in one transaction (one per round queued behind the tables' presses)."""
    jobs: list[int] = []
    writes: list[int] = []
    run, store = coaching.REVIEWS.run, harness.bot.store
    keep = store.add_round_reviews

    async def counted_run(function, rounds):  # type: ignore[no-untyped-def]
        jobs.append(len(rounds))
        return await run(function, rounds)

    async def counted_keep(rounds):  # type: ignore[no-untyped-def]
        writes.append(len(rounds))
        await keep(rounds)

    monkeypatch.setattr(coaching.REVIEWS, "run", counted_run)
    monkeypatch.setattr(store, "add_round_reviews", counted_keep)
    coach = harness.bot.get_cog("Coach")
    cards = tuple(parse_cards("Qs 6d 4c"))  # Q-6-4: Play, just
    request = HintRequest(threecard.hint, (cards, 10), 10, frozenset({"play", "fold"}))
    table = SimpleNamespace(guild_id=harness.guild_id,
                            adapter=SimpleNamespace(info=SimpleNamespace(key="threecard")))
    for round_id, seat in ((901, 1), (902, 2), (903, 3)):
        result = SimpleNamespace(round_id=round_id, decisions=(Decision(seat, request, "fold"),))
        await coach.on_round_reviewable(table, result)
    waiting = coach.in_the_works(902)
    assert waiting is not None and waiting[0] == frozenset({2})
    await asyncio.wait_for(asyncio.shield(waiting[1]), timeout=60)
    assert jobs == [3] and writes == [3]
    for round_id, seat in ((901, 1), (902, 2), (903, 3)):
        (kept,) = await store.round_review(round_id, seat)
        assert (kept.made, kept.best) == ("fold", "play") and kept.given_up > 0
    assert coach.in_the_works(902) is None


async def test_a_hint_the_coach_is_too_busy_for_says_so_and_is_ready_when_asked_again(
        harness: DiscordHarness, tables: TableDriver, monkeypatch: pytest.MonkeyPatch) -> None:
    """A coach that gets no core for a while (a busy machine): the player is told so instead of
    watching "thinking", and the work goes on, so the next ask answers at once."""
    started: list[object] = []
    release = asyncio.Event()

    async def busy_coach(function: Any, *args: Any) -> Any:
        started.append(args)
        await release.wait()
        return function(*args)

    monkeypatch.setattr(coaching.COACH, "run", busy_coach)
    monkeypatch.setattr(coaching, "HINT_PATIENCE_SECONDS", 0.2)
    monkeypatch.setattr(coaching, "HINTS", coaching.HintsAsked())
    alice = harness.user("alice")
    await at_decision(tables, alice, harness.user("bob"))
    busy = await ask(harness, tables, alice)
    assert busy.ephemeral and "The coach is busy right now" in busy.text, busy.text
    release.set()
    ready = await ask(harness, tables, alice)
    assert "**Play**" in ready.text and "**Fold**" in ready.text, ready.text
    assert len(started) == 1, "the first ask's work answered the second"


def play_or_fold(cards: str) -> HintRequest:
    """Three Card Poker's Play or Fold with ``cards``, as the coach is asked it."""
    return HintRequest(threecard.hint, (tuple(parse_cards(cards)), 10), 10, frozenset({"play", "fold"}))


def test_reviews_go_to_the_worker_in_small_jobs_of_whole_rounds() -> None:
    """A hint asked while a review job runs shares the idle core with it until it ends: jobs of
    about two dozen decisions keep that short, and a round is never split."""
    request = play_or_fold("Qs 6d 4c")

    def round_of(size: int) -> tuple[Decision, ...]:
        return tuple(Decision(seat, request, "play") for seat in range(size))

    sizes = [10, 10, 10, 30, 1, 0]
    jobs = coaching.review_jobs([round_of(size) for size in sizes])
    assert [[len(decisions) for decisions in job] for job in jobs] == [[10, 10], [10], [30], [1, 0]]
    assert coaching.review_jobs([]) == []


async def test_reviews_wait_while_a_player_waits_for_a_hint(harness: DiscordHarness,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """The hints and the reviews share the cores the tables leave idle: a review job waits until
    the hint being worked out is answered (a player waits on it; nobody on the review yet), and
    goes ahead after a while even if hints never stop."""
    release = asyncio.Event()
    reviewed: list[int] = []

    async def slow_hint(function: Any, *args: Any) -> Any:
        await release.wait()
        return function(*args)

    async def review_job(function: Any, rounds: Any) -> Any:
        reviewed.append(len(rounds))
        return function(rounds)

    monkeypatch.setattr(coaching.COACH, "run", slow_hint)
    monkeypatch.setattr(coaching.REVIEWS, "run", review_job)
    monkeypatch.setattr(coaching, "HINTS", coaching.HintsAsked())
    monkeypatch.setattr(coaching, "REVIEW_GATHER_SECONDS", 0.0)
    coach = harness.bot.get_cog("Coach")
    request = play_or_fold("Qs 6d 4c")
    table = SimpleNamespace(guild_id=harness.guild_id,
                            adapter=SimpleNamespace(info=SimpleNamespace(key="threecard")))

    async def review_round(round_id: int) -> asyncio.Future[None]:
        await coach.on_round_reviewable(table, SimpleNamespace(round_id=round_id,
                                                               decisions=(Decision(1, request, "fold"),)))
        waiting = coach.in_the_works(round_id)
        assert waiting is not None
        return waiting[1]

    hint = asyncio.ensure_future(coaching.HINTS.hint(request))
    done = await review_round(911)
    await asyncio.sleep(0.3)
    assert reviewed == [] and not done.done(), "the review went ahead of the hint being worked out"
    release.set()
    assert [option.name for option in (await hint).options] == ["play", "fold"]
    await asyncio.wait_for(asyncio.shield(done), timeout=10)
    assert reviewed == [1]

    monkeypatch.setattr(coaching, "REVIEWS_YIELD_SECONDS", 0.2)
    release.clear()
    endless = asyncio.ensure_future(coaching.HINTS.hint(play_or_fold("Qs 6d 3c")))
    await asyncio.wait_for(asyncio.shield(await review_round(912)), timeout=10)
    assert reviewed == [1, 1] and not endless.done(), "a hint never answered holds the reviews only a while"
    release.set()
    await endless
