"""Hands for the room tests: three players' settings from one deck."""

from __future__ import annotations

from housegame.rooms import Entry

ANN = Entry("QS QH QD", "5S 5H 5D KS KH", "9S 9H 9D 9C 2S")
BO = Entry("AC KD 7C", "JC JD 8S 6C 4D", "AH TH 6H 3H 2H")
CY = Entry("2C 3C 4C", "6D 7D 8D TC 2D", "AD AS 3D 3S 4S")
FOUL = Entry("AC AD 7C", "JC JD 8S 6C 4D", "KH TH 6H 3H 2H")
"""Front a pair of aces over a middle pair of jacks: a foul."""
