# live/cifsiostat.mk: cifsiostat (see live/local.mk). Filled in by its author.
