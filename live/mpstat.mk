# live/mpstat.mk: mpstat (see live/local.mk). Filled in by its author.
