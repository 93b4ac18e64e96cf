# live/iostat.mk: iostat (see live/local.mk). Filled in by its author.
