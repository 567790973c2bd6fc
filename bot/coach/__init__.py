"""The coach: what each option at a player's decision is worth.

A hint is computed from what the asking player can see (their own cards, the face-up cards),
never from hidden cards: every way the unseen cards can fall is settled through the game's own
engine, and each legal option is valued as the hand's expected net result from this decision
on, side bets excluded, with the best play at every later decision of the same hand. Where
every outcome can be counted the figure is exact; elsewhere it is sampled and says its error.
"""
