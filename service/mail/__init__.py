"""Play by email (issue 16): orders in by mail, receipts and turn reports out.

- ``transport``: the IMAP mailbox the orders arrive in and the SMTP relay replies leave by.
- ``orders``: the text order syntax (a generic ``Type field=value`` line for every command, short
  forms per ruleset from ``shortforms/<ruleset>.yaml``, ``HELP`` built from legal-commands); its
  parts ``order_syntax``, ``order_offers``, ``order_values``, ``order_help``; the Axis & Allies
  forms' readers in ``forms_aa`` and writers in ``forms_aa_write``; every ruleset's forms files
  read and checked by ``form_files``.
- ``reports``: a seat's turn report (every event as a sentence from ``sentences/<ruleset>.yaml``
  by ``event_sentences``, the projections as text by ``report_text``, the status display as inline
  SVG and PNG, the version and the signed head).
- ``seats``: each seat's registered addresses, order password and notification preference.
- ``processor``: one incoming message -> who sent it -> its orders through the one write path ->
  a receipt; ``dispatch``: turn reports when a step ends (a hook on the write path).
"""
