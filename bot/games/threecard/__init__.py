"""Three Card Poker: the pure rules engine (standard rules; see ``rules``).

``hands``   three-card hand classes and values, and how a player reads a hand
``rules``   options, the Pair Plus and Ante bonus tables and :func:`settle_hand`
``actions`` the frozen records of the round's history
``state``   :class:`ThreeCardState`, the round's state machine with its verify/can/act trios
``views``   what the table and one seat may see
``sim``     the simulator plug-in, its strategy and the exact figures (imported only by them)
"""
