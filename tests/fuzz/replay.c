/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Replays saved fuzzer inputs through LLVMFuzzerTestOneInput without
 * libFuzzer, so every build runs the whole corpus (plain test, any compiler).
 * Arguments are files or directories (not recursive). Prints
 * "replay: N inputs" and exits 0; a crash or sanitizer report fails the test.
 */
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int
replay_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	unsigned char *buf;
	long len;

	if (!f || fseek(f, 0, SEEK_END) < 0 || (len = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) < 0) {
		fprintf(stderr, "replay: cannot read '%s': %s\n", path, strerror(errno));
		if (f)
			fclose(f);
		return -1;
	}
	buf = malloc(len ? (size_t) len : 1);
	if (!buf || fread(buf, 1, (size_t) len, f) != (size_t) len) {
		fprintf(stderr, "replay: cannot read '%s'\n", path);
		free(buf);
		fclose(f);
		return -1;
	}
	fclose(f);
	LLVMFuzzerTestOneInput(buf, (size_t) len);
	free(buf);
	return 0;
}

static int
replay_dir(const char *dir, unsigned long *count)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char path[4096];
	int rc = 0;

	if (!d) {
		fprintf(stderr, "replay: cannot open '%s': %s\n", dir, strerror(errno));
		return -1;
	}
	while ((e = readdir(d))) {
		struct stat st;

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		if (stat(path, &st) < 0 || !S_ISREG(st.st_mode))
			continue;
		if (replay_file(path) < 0)
			rc = -1;
		(*count)++;
	}
	closedir(d);
	return rc;
}

int
main(int argc, char **argv)
{
	unsigned long count = 0;
	int i, rc = 0;

	for (i = 1; i < argc; i++) {
		struct stat st;

		if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode)) {
			if (replay_dir(argv[i], &count) < 0)
				rc = 1;
		} else {
			if (replay_file(argv[i]) < 0)
				rc = 1;
			count++;
		}
	}
	printf("replay: %lu inputs\n", count);
	return rc;
}
