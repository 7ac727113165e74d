"""The whole game of Axis & Allies Revised with the seed 001 house rules (``mode: game``), one module
per chapter of the rules: ``turn`` (AAR-order, AAR1-seq), ``economy`` (purchase, income, commerce
raiding), ``movement`` (combat and non-combat moves through the board's validator, AA fire over
flights, rockets), ``combat`` (battles from the board and their start), ``fighting`` (rounds,
retreats, results), ``choices`` (standing orders and the seats' own choices), ``conquest``,
``mobilize`` (placement, stranded aircraft, research), ``legal``/``legal_moves`` (ready bodies),
``view``, ``projections``, ``deadlines``; ``state``, ``commands``, ``events``, ``evolve`` and
``decider`` hold them together."""
