"""Rules 8.2-8.4: political options. ``play`` is the command (select, resolve, then activate), with
``selection`` checking what a player may choose (8.2), ``payment`` who pays (8.2b, 8.4b), ``charts``
the minor and US entry effects (8.4c-d), ``principal`` the principal effects from the pack's small
vocabulary (8.4e) and ``resolution`` applying them in the rule's order; ``legal`` and ``view`` what a
seat may play and see; ``pack`` the option cards and the war and treaty charts."""
