"""Rule 8.7: the international political options with rules of their own: IPO 1 (New World Order,
``new_world_order``, 8.7.1) and IPO 2 (Minor Economic Agreement, ``economic_agreements``, 8.7.2)."""
