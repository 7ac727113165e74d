"""The edge of Casus Belli: Flask API, configuration, jobs, CLI and data pack loading."""
