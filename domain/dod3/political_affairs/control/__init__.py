"""Rule 8.1: political control. ``status_display`` is the board (8.1a), ``minors`` the questions
other rules ask about minor countries (8.1b, 8.1d, 8.5g), ``political_control`` who controls a minor
and what that gives (8.1b-i) with the moderator's records of forces and civil wars, ``view`` the
board and the minors as a seat sees them and ``pack`` the ``status_display`` and ``minors`` sections."""
