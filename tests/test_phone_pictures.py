"""Every picture a player is sent reads on a phone: each game's table at every step of a round
and its result, drawn by the game's own adapter at the seat limit with the longest names (32
characters, right-to-left and CJK among them) and the largest bets, private cards, and the
standings pictures, in both languages. On a 360 px wide phone every text is at least 9 px, no
text is cut, every face-up card's rank shows, and a table of up to six seats keeps its picture
short enough to be shown whole."""

from __future__ import annotations

import datetime as dt
import io
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import pytest
from PIL import Image

import render
from bot import catalog
from bot.errors import Refusal
from bot.i18n import LANGUAGES, Words, words
from bot.poker import FULL_DECK, Card, evaluate
from bot.store.stats_models import Board, BoardRow, GameStats, PlayedHand, Profile, SessionInfo, SessionRound
from bot.tables.adapter import GameAdapter, TableContext
from bot.tables.config import MAX_CHIPS, TableConfig
from bot.tables.sample_round import decide, place_bets
from cogs.standings import board_picture, profile_picture, recap_picture
from render.faces import READABLE_STEP
from render.hands import hand_strip, row_of_hands
from render.samples import sample_board, sample_profile, sample_recap, sample_table
from render.showdown import showdown, showdown_pages
from render.standings import board_png, profile_png, recap_png
from render.table import TableSnapshot, table_pages, table_scene
from render.text import MAX_ASPECT, PHONE_TEXT, PHONE_WIDTH, drawn_texts

LONGEST_NAMES = (
    "Maximilian-Alexander Wolkenstein",  # 32 Latin letters, the longest Discord allows
    "Ünal Özdemir-Großkreuzmüllerinnen",
    "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW",  # the widest letter, 32 times
    "אלכסנדר בן־דוד מירושלים העתיקה ה",  # Hebrew, right to left
    "محمد عبد الرحمن الفاروق الهاشمي ال",  # Arabic, right to left
    "李小龍李小龍李小龍李小龍李小龍李小龍李小龍李小龍李小龍李小龍李小",  # CJK: every glyph full width
)
BIGGEST = MAX_CHIPS - 5
"""Bets as long as a table allows (a multiple of 5 for the boxed games' Ante rule)."""
SEAT_LIMITS = {"uth": 22, "threecard": 16, "imperial": 8, "twoplusfour": 8, "hcf": 6, "chinese": 4}
"""Seats each game's deck serves (UTH 2 cards a seat plus 7, Three Card 3 a seat plus the
dealer's, High Card Flush six players and the bank, Chinese Poker four hands; a boxed game's
boxes until its deck refuses one)."""
@dataclass
class Drawn:
    """Pictures drawn, each with what it drew."""

    pictures: list[tuple[str, Image.Image, Any]] = field(default_factory=list)

    def draw(self, kind: str, draw: Callable[[], Image.Image]) -> None:
        with drawn_texts() as texts:
            image = draw()
        self.pictures.append((kind, image, texts))


def names_for(count: int, first: int = 1) -> dict[int, str]:
    return {first + index: LONGEST_NAMES[index % len(LONGEST_NAMES)] for index in range(count)}


def config_for(game: str) -> TableConfig:
    return TableConfig(game, min_bet=10, max_bet=BIGGEST, max_payout=MAX_CHIPS)


def play_a_round(game: str, w: Words, seats: dict[int, str], drawn: Drawn, *, amount: int = BIGGEST,
                 seed: int = 7) -> None:
    """One round at the game's table, drawn after every step like the table message is, its
    private cards, and the result picture."""
    adapter = catalog.adapters()[game]
    config = config_for(game)
    stacks = 10 ** 11  # a stack-funded game plays from it; the others ignore it
    state = adapter.new_round(config, TableContext(1, tuple((seat, stacks) for seat in seats)))
    deck = random.Random(seed).sample(FULL_DECK, len(FULL_DECK))

    def table(title: str) -> None:
        footer = w("Round #{round} · shuffle commitment {commitment}", round="1042",
                   commitment="9f2c1e77a0b4d3c5\u2026")
        draw_table(drawn, "table", adapter.snapshot(state, config, seats, title, footer, w))

    # High Card Flush plays from stacks: its bets, raises and all, stay well inside a stack.
    bet = min(amount, stacks // 100) if adapter.info.key == "hcf" else amount
    unplaced = None
    for _ in range(60):
        table(w("{game} · Round #{round}", game=adapter.info.name, round="1042"))
        if state.is_over():
            break
        acted = decide(adapter, state, seats)  # a start, then the bank, the largest raise...
        for seat in seats:
            if seat in acted or seat in state.seats_in_play():
                draw_private(adapter, state, seat, w, drawn)
        unplaced = place_bets(adapter, state, seats, bet, unplaced)
        if not state.is_over():
            state.expire(lambda: list(deck))
    assert state.is_over(), f"{game}: the round did not end"
    title = w("{game} · Round #{round} · Result", game=adapter.info.name, round="1042")
    footer = w("Round #{round} · seed {seed}", round="1042", seed="9f2c1e77a0b4d3c5a0b4d3c5e6f7a8b9")
    result = adapter.showdown_snapshot(state, config, seats, title, footer, w)
    if result is not None:
        for page in showdown_pages(result):
            drawn.draw("result", partial(showdown, page))
    else:
        draw_table(drawn, "result", adapter.snapshot(state, config, seats, title, footer, w))


def draw_table(drawn: Drawn, kind: str, snapshot: TableSnapshot) -> None:
    """The table as the message shows it: six seats a picture."""
    for page in table_pages(snapshot):
        drawn.draw(kind, partial(table_scene, page))


def draw_private(adapter: GameAdapter, state: Any, seat: int, w: Words, drawn: Drawn) -> None:
    try:
        rows, _ = adapter.private_cards(state, seat, w)
    except Refusal:
        return
    if not rows:
        return
    if len(rows) == 1:
        drawn.draw("private cards", lambda: hand_strip(rows[0].cards, highlight=rows[0].rings))
    hands = [render.LabelledHand(row.label, row.cards, row.detail) for row in rows]
    drawn.draw("private cards", lambda: row_of_hands(hands))


def problems(drawn: Drawn) -> Iterator[str]:
    for kind, image, texts in drawn.pictures:
        scale = PHONE_WIDTH / image.width
        for text, size in texts.sizes:
            if size * scale < PHONE_TEXT:
                yield f"{kind}: {text!r} is {size * scale:.1f} px on a phone"
        for text, shown in texts.cuts:
            yield f"{kind}: {text!r} cut ({shown!r})"
        for step in texts.card_steps:
            if step < READABLE_STEP:
                yield f"{kind}: cards {step} px apart hide their ranks"


def drawn_kinds(drawn: Drawn) -> set[str]:
    return {kind for kind, _, _ in drawn.pictures}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", sorted(SEAT_LIMITS))
def test_every_picture_of_a_round_at_the_seat_limit_reads_on_a_phone(game: str, language: str) -> None:
    assert set(SEAT_LIMITS) == set(catalog.adapters()), "every game is checked"
    drawn, seats = Drawn(), names_for(SEAT_LIMITS[game])
    play_a_round(game, words(language), seats, drawn)
    assert drawn_kinds(drawn) == {"table", "result", "private cards"}
    assert list(problems(drawn)) == []
    results = [texts for kind, _, texts in drawn.pictures if kind == "result"]  # every seat that played
    shown = "".join(text for texts in results for text, _ in texts.sizes).replace(" ", "")
    for name in seats.values():  # whole, on as many lines as it takes
        assert name.replace(" ", "") in shown, name


@pytest.mark.parametrize("game", sorted(SEAT_LIMITS))
def test_each_table_picture_is_shown_whole_on_a_phone(game: str) -> None:
    """Everyday names and bets, at the seat limit: each table picture (six seats at most) and
    each result (Chinese Poker's showdown of four) is no taller than a phone shows at full
    width."""
    everyday = ("Anna", "Bernd", "Chloé", "Dmitri", "Eve", "Farouk", "Gül", "Hiro")
    seats = {seat: everyday[seat % len(everyday)] for seat in range(1, SEAT_LIMITS[game] + 1)}
    for language in LANGUAGES:
        drawn = Drawn()
        play_a_round(game, words(language), seats, drawn, amount=100)
        tables = [image for kind, image, _ in drawn.pictures if kind in ("table", "result")]
        assert all(image.height <= MAX_ASPECT * image.width for image in tables), [
            image.size for image in tables]


def standings_pictures(w: Words) -> dict[str, Callable[[], Image.Image]]:
    """The leaderboard (the top ten and the reader below them), a profile with every game and
    a sitting's recap of ten players, all with the longest names."""
    ranked = [BoardRow(user_id=100 + place, rounds=place * 3_000, wins=place, net=BIGGEST - 97 * place,
                       best_win=BIGGEST, best_win_round=987_654, rank=place, place=place,
                       name=LONGEST_NAMES[place % len(LONGEST_NAMES)]) for place in range(1, 14)]
    board = Board(game="*", period="week", metric="net", top=ranked[:10], around=ranked[10:], own=ranked[-1],
                  own_rounds=ranked[-1].rounds, ranked=13, min_rounds=10)
    today = dt.date(2026, 11, 25)
    royal = PlayedHand(evaluate("As Ks Qs Js Ts").value, "As Ks Qs Js Ts")
    stats = [GameStats(game=key, rounds=123_456, wins=61_728, net=-BIGGEST, best_win=BIGGEST,
                       best_win_round=987_654, best_win_hand=royal, best_hand=royal, best_hand_round=987_654,
                       streak=2, best_streak=5) for key in ("*", *SEAT_LIMITS)]
    profile = Profile(user_id=5, name=LONGEST_NAMES[3], overall=stats[0], games=stats[1:],
                      daily_net=[(today - dt.timedelta(days=offset), offset * 10**9) for offset in range(60)])
    played = [SessionRound(round_id=number, user_id=user, net=(user - number) * 10**9, hand=royal)
              for number in range(1, 8) for user in range(1, 11)]
    sitting = SessionInfo(id=1, guild_id=1, table_id=1, channel_id=1, game="uth", started_at=0.0,
                          last_round_at=1800.0, rounds=played, names=names_for(10))
    return {
        "leaderboard": lambda: png_image(board_png(board_picture(board, own_id=113, w=w))),
        "profile": lambda: png_image(profile_png(profile_picture(profile, w, today))),
        "recap": lambda: png_image(recap_png(recap_picture(sitting, w))),
    }


def png_image(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("picture", ["leaderboard", "profile", "recap"])
def test_the_standings_pictures_read_on_a_phone(picture: str, language: str) -> None:
    drawn = Drawn()
    drawn.draw(picture, standings_pictures(words(language))[picture])
    assert len(drawn.pictures[0][2].sizes) > 20, "texts were drawn and noted"
    assert list(problems(drawn)) == []


@pytest.mark.parametrize("sample", ["table", "leaderboard", "profile", "recap"])
def test_the_readme_and_benchmark_samples_read_on_a_phone(sample: str) -> None:
    drawers: dict[str, Callable[[], Image.Image]] = {
        "table": lambda: table_scene(sample_table()),
        "leaderboard": lambda: png_image(board_png(sample_board())),
        "profile": lambda: png_image(profile_png(sample_profile())),
        "recap": lambda: png_image(recap_png(sample_recap())),
    }
    drawn = Drawn()
    drawn.draw(sample, drawers[sample])
    assert list(problems(drawn)) == []
    if sample == "table":
        assert drawn.pictures[0][1].height <= MAX_ASPECT * drawn.pictures[0][1].width


def test_a_picture_that_breaks_the_rules_is_caught() -> None:
    """The check itself: small type, cut text and crowded cards are each found."""
    from render.draw import draw_text, paste_cards
    from render.palette import FELT, TEXT

    def bad() -> Image.Image:
        image = Image.new("RGB", (1000, 200), FELT)
        draw_text(image, (10, 100), "tiny", 12, TEXT, FELT, anchor="lm")
        draw_text(image, (990, 100), "runs off the edge", 30, TEXT, FELT, anchor="lm")
        paste_cards(image, [Card("As"), Card("Kd")], False, 10, 10, 20, FELT)
        return image

    drawn = Drawn()
    drawn.draw("bad", bad)
    found = list(problems(drawn))
    assert any("'tiny'" in problem for problem in found)
    assert any("cut" in problem for problem in found)
    assert any("hide their ranks" in problem for problem in found)
