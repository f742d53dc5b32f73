"""Condition and losses across a battle: reinforcements, strengths now, the losses report."""
