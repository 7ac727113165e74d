"""Rule 8 and step C of rule 5: political affairs, one sub-package per chapter of the rulebook.

- ``step``: step C itself, the bidders' turns in initiative order (5 C, 8.2a), passing and the end
  of the step when the last bidder is done.
- ``control`` (8.1): the status display, minor countries and who politically controls them.
- ``options`` (8.2-8.4): selecting an option, paying for it and resolving its effects.
- ``activation`` (8.5): activating a minor after an option.
- ``ending`` (8.6): the roll for the end of political affairs.
- ``ipo`` (8.7): IPO 1 (New World Order) and IPO 2 (Minor Economic Agreement).
- ``pack``: the ``politics`` section of the data pack (the numbers rules 8.2-8.7 state).

In each chapter ``messages`` holds what travels (its commands, events and the values in them); the
other modules hold the rules, each with the folds of its events, its legal commands and its view.
These ``__init__`` modules import nothing, so the state, events and pack can import the messages."""
