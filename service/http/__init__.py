"""The HTTP edge: the Flask app, its blueprints, schemas, problem+json errors and SSE."""
