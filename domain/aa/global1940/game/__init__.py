"""The whole game of Axis & Allies Global 1940 with the seed 004 extra rules (``mode: game``), built
on the Revised game (``domain.aa.revised_phase_one.game``: its battles, battle choices, standing
orders of loss, stranded aircraft and events are reused where the rule is the same), one module per
chapter: ``turn`` (AAG-order, AAG40-rd), ``economy`` (research, purchase and repair, income with
national objectives, convoys, War Bonds and the Burma Road), ``objectives`` (the objectives as
data), ``declarations`` (the politics step, AAG-politics, AAG40-us-ic), ``movement`` (moves through
the board's validator, neutrals taken, bombing targets, rockets), ``conquest`` (capitals, liberation,
China), ``combat`` (scramble, kamikaze, bombing raids, the Mongolian pact, battles),
``choices`` (standing orders), ``mobilize`` (placement), ``victory``; ``legal``, ``view``,
``projections``, ``deadlines``; ``state``, ``commands``, ``events``, ``rules``, ``evolve`` and
``decider`` hold them together."""
