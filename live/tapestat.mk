# live/tapestat.mk: tapestat (see live/local.mk). Filled in by its author.
