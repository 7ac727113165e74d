"""Reaching players: the deadline scheduler, notifications, webhooks and the calendar feed."""
