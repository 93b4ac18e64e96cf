# live/pidstat.mk: pidstat (see live/local.mk). Filled in by its author.
