"""The leaderboard, profile and recap pictures: empty, one player, many; names in any script."""

from __future__ import annotations

import datetime as dt
import io

import pytest
from PIL import Image

from bot.i18n import words
from bot.poker import evaluate
from bot.store.stats_models import Board, BoardRow, GameStats, PlayedHand, Profile, SessionInfo, SessionRound
from cogs.standings import board_picture, profile_picture, recap_picture
from render.fonts import coverage, font_runs
from render.standings import WIDTH, board_png, profile_png, recap_png
from render.text import text_mask

NAMES = ["Chloé", "Ann 🎲🔥", "דניאל", "محمد", "Жанна", "李小龍", "Zoë ♠♥", "Bob", "A" * 60, "ΑΘΗΝΑ", "Ünal"]
ROYAL = evaluate("As Ks Qs Js Ts")


def png_size(png: bytes) -> tuple[int, int]:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.size


def rows(count: int) -> list[BoardRow]:
    return [BoardRow(user_id=100 + place, rounds=place * 3, wins=place, net=1000 - 97 * place,
                     best_win=50, best_win_round=7, rank=place, place=place, name=NAMES[place % len(NAMES)])
            for place in range(1, count + 1)]


def board_of(count: int, *, around: bool = False) -> Board:
    ranked = rows(count)
    own = ranked[-1] if ranked else None
    return Board(game="*", period="week", metric="net", top=ranked[:10], around=ranked[10:] if around else [],
                 own=own, own_rounds=own.rounds if own else 0, ranked=count, min_rounds=10)


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("count", [0, 1, 13])
def test_a_leaderboard_picture_for_no_one_one_player_and_many(language: str, count: int) -> None:
    w = words(language)
    board = board_of(count, around=count > 10)
    picture = board_picture(board, own_id=100 + count, w=w)
    width, height = png_size(board_png(picture))
    assert width == WIDTH
    assert len(picture.rows) == min(count, 10) and len(picture.around) == max(0, count - 10)
    if count == 0:
        assert picture.empty and height < 300
    else:
        assert height >= 120 + (len(picture.rows) + len(picture.around)) * 40
        assert picture.around[-1].own if picture.around else picture.rows[-1].own
    if language == "de" and count:
        assert picture.title == "Bestenliste · Alle Spiele"
        assert picture.subtitle == "Nettogewinn · Diese Woche"
        assert picture.rows[0].value == "+903" and picture.rows[0].detail == "3 Runden"


@pytest.mark.parametrize("name", ["Ann 🎲🔥", "דניאל", "محمد", "Жанна", "Zoë ♠♥", "ΑΘΗΝΑ",
                                  "王小明", "さくら🌸", "김민준", "Kai 李"])
def test_every_character_of_a_name_is_drawn_by_a_font_that_has_it(name: str) -> None:
    drawn = "".join(run for run, _ in font_runs(name))
    for run, index in font_runs(name):
        for character in run:
            if not character.isspace() and ord(character) not in (0x200D, 0xFE0F):
                assert ord(character) in coverage(index), (name, character, index)
    if not any("\u0600" <= character <= "\u06ff" for character in name):  # Arabic letters get joined forms
        assert sorted(drawn) == sorted(name)
    mask, _, _ = text_mask(name, 22, "lm")
    assert mask.getbbox() is not None


def test_right_to_left_names_are_drawn_in_display_order() -> None:
    (hebrew, _), = font_runs("דניאל")
    assert hebrew == "לאינד"  # read from the right: dalet first
    mixed = "".join(run for run, _ in font_runs("Ann דן"))
    assert mixed == "Ann ןד"


def game(name: str, rounds: int, net: int) -> GameStats:
    return GameStats(game=name, rounds=rounds, wins=rounds // 2, net=net, best_win=120, best_win_round=42,
                     best_win_hand=PlayedHand(ROYAL.value, "As Ks Qs Js Ts"),
                     best_hand=PlayedHand(ROYAL.value, "As Ks Qs Js Ts"), best_hand_round=42, streak=2,
                     best_streak=5)


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_profile_card_with_hands_and_charts_and_an_empty_one(language: str) -> None:
    w = words(language)
    today = dt.date(2026, 11, 25)
    days = [(today - dt.timedelta(days=offset), (-1) ** offset * 40 * offset) for offset in range(60, -1, -3)]
    profile = Profile(user_id=5, name="محمد 🎲", overall=game("*", 40, 300),
                      games=[game("uth", 30, 400), game("hcf", 10, -100)], daily_net=days)
    picture = profile_picture(profile, w, today)
    assert len(picture.hands) == 2 and len(picture.charts) == 2 and len(picture.table_rows) == 2
    recent = picture.charts[0].series[0][1]
    assert recent[-1] == 300  # the 30-day line ends at the all-time net
    assert png_size(profile_png(picture))[1] > 900
    empty = profile_picture(Profile(user_id=6, name=None, overall=None, games=[], daily_net=[]), w, today)
    assert empty.empty and png_size(profile_png(empty))[1] < 300


@pytest.mark.parametrize("players", [1, 10])
def test_a_sitting_recap_with_a_stack_chart(players: int) -> None:
    w = words("de")
    played = [SessionRound(round_id=number, user_id=user, net=(user - number) * 5,
                           hand=PlayedHand(ROYAL.value, "As Ks Qs Js Ts") if user == 1 else None)
              for number in range(1, 8) for user in range(1, players + 1)]
    sitting = SessionInfo(id=1, guild_id=1, table_id=1, channel_id=1, game="uth", started_at=0.0,
                          last_round_at=1800.0, rounds=played,
                          names={user: NAMES[user % len(NAMES)] for user in range(1, players + 1)})
    picture = recap_picture(sitting, w)
    assert len(picture.rows) == players and picture.chart is not None
    assert all(len(values) == 8 for _, values in picture.chart.series)  # the start and 7 rounds
    assert picture.subtitle.startswith("7 Runden · ")
    assert png_size(recap_png(picture))[1] >= 120 + players * 40
