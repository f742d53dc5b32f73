"""Packets for players far away (issue 22): the seed's commitment and reveal, the side
packets, the players' addresses and mail drafts, the turn-in board."""
