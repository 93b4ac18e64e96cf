/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "archive.h"
#include "compat.h"
#include "fdio.h"
#include "banned.h"

void
archive_recbuf_reset(struct archive_recbuf *b)
{
	b->len = 0;
	b->err = 0;
}

void
archive_recbuf_put(struct archive_recbuf *b, const void *p, size_t len)
{
	if (b->err)
		return;
	if (len > b->cap - b->len) {
		size_t cap = b->cap ? b->cap : 4096;
		unsigned char *d;

		while (cap - b->len < len) {
			if (cap > SIZE_MAX / 2) {
				b->err = -ENOMEM;
				return;
			}
			cap *= 2;
		}
		d = realloc(b->data, cap);
		if (!d) {
			b->err = -ENOMEM;
			return;
		}
		b->data = d;
		b->cap = cap;
	}
	if (len)
		memcpy(b->data + b->len, p, len);
	b->len += len;
}

void
archive_recbuf_release(struct archive_recbuf *b)
{
	if (!b)
		return;
	free(b->data);
	memset(b, 0, sizeof(*b));
}

/* Copies s into a zeroed field of len bytes, always leaving a final NUL. */
static void
put_string(char *field, size_t len, const char *s)
{
	size_t n = s ? strnlen(s, len - 1) : 0;

	memcpy(field, s ? s : "", n);
}

void
archive_file_header(struct sa_file_header *h, const struct archive_ident *id, uint32_t n_acts)
{
	static const uint32_t act_types[3] = SA_FILE_ACTIVITY_TYPES;
	static const uint32_t rec_types[3] = SA_RECORD_HEADER_TYPES;

	/* Zero everything first: padding bytes in a real file are zero. */
	memset(h, 0, sizeof(*h));
	h->sa_ust_time = id->ust_time;
	h->sa_hz = id->hz;
	h->sa_cpu_nr = id->cpu_nr;
	h->sa_act_nr = n_acts;
	h->sa_year = id->year;
	memcpy(h->act_types_nr, act_types, sizeof(act_types));
	memcpy(h->rec_types_nr, rec_types, sizeof(rec_types));
	h->act_size = sizeof(struct sa_file_activity);
	h->rec_size = sizeof(struct sa_record_header);
	h->sa_day = id->day;
	h->sa_month = id->month;
	h->sa_sizeof_long = 8;
	put_string(h->sa_sysname, sizeof(h->sa_sysname), id->sysname);
	put_string(h->sa_nodename, sizeof(h->sa_nodename), id->nodename);
	put_string(h->sa_release, sizeof(h->sa_release), id->release);
	put_string(h->sa_machine, sizeof(h->sa_machine), id->machine);
	put_string(h->sa_tzname, sizeof(h->sa_tzname), id->tzname);
}

void
archive_put_file_start(struct archive_recbuf *b, const struct archive_ident *id,
                       const struct sa_file_activity *list, uint32_t n)
{
	static const uint32_t hdr_types[3] = SA_FILE_HEADER_TYPES;
	struct sa_file_magic m;
	struct sa_file_header h;
	unsigned char v[3];

	/* Zero everything first: padding bytes in a real file are zero. */
	memset(&m, 0, sizeof(m));
	m.sysstat_magic = SA_SYSSTAT_MAGIC;
	m.format_magic = SA_FORMAT_MAGIC;
	sysrec_flavour_version_bytes(v);
	m.sysstat_version = v[0];
	m.sysstat_patchlevel = v[1];
	m.sysstat_sublevel = v[2];
	m.header_size = sizeof(h);
	memcpy(m.hdr_types_nr, hdr_types, sizeof(hdr_types));
	archive_file_header(&h, id, n);

	archive_recbuf_put(b, &m, sizeof(m));
	archive_recbuf_put(b, &h, sizeof(h));
	archive_recbuf_put(b, list, (size_t) n * sizeof(*list));
}

void
archive_put_record_header(struct archive_recbuf *b, uint8_t type, uint64_t uptime_cs,
                          uint64_t ust_time, uint8_t hour, uint8_t minute, uint8_t second)
{
	struct sa_record_header h;

	memset(&h, 0, sizeof(h));
	h.uptime_cs = uptime_cs;
	h.ust_time = ust_time;
	h.record_type = type;
	h.hour = hour;
	h.minute = minute;
	h.second = second;
	archive_recbuf_put(b, &h, sizeof(h));
}

/*
 * One sysrec activity of an extension record: its descriptor, then its items
 * in chunks of at most SA_MAX_EXTRA_NR. last: nothing follows in the record.
 */
static void
put_ext_act(struct archive_recbuf *b, uint32_t id, uint32_t magic, uint32_t size,
            const uint32_t types[3], const void *items, uint32_t n, bool last)
{
	struct sa_extra_desc x;
	struct sa_file_activity fa;
	const uint32_t fa_types[3] = SA_FILE_ACTIVITY_TYPES;
	const unsigned char *p = items;

	memset(&x, 0, sizeof(x));
	x.extra_nr = 1;
	x.extra_size = sizeof(fa);
	x.extra_next = n > 0 || !last;
	memcpy(x.extra_types_nr, fa_types, sizeof(x.extra_types_nr));
	archive_recbuf_put(b, &x, sizeof(x));
	memset(&fa, 0, sizeof(fa));
	fa.id = id;
	fa.magic = magic;
	fa.nr = (int32_t) n;
	fa.nr2 = 1;
	fa.size = (int32_t) size;
	memcpy(fa.types_nr, types, sizeof(fa.types_nr));
	archive_recbuf_put(b, &fa, sizeof(fa));
	while (n > 0) {
		uint32_t chunk = n < SA_MAX_EXTRA_NR ? n : SA_MAX_EXTRA_NR;

		n -= chunk;
		x.extra_nr = chunk;
		x.extra_size = size;
		x.extra_next = n > 0 || !last;
		memcpy(x.extra_types_nr, types, sizeof(x.extra_types_nr));
		archive_recbuf_put(b, &x, sizeof(x));
		archive_recbuf_put(b, p, (size_t) chunk * size);
		p += (size_t) chunk * size;
	}
}

void
archive_put_ext_record(struct archive_recbuf *b, const struct sa_record_header *stats,
                       const struct archive_ext_put *x)
{
	static const uint32_t proc_types[3] = EXT_PROC_TYPES;
	static const uint32_t cg_types[3] = EXT_CGROUP_TYPES;
	static const uint32_t disk_types[3] = EXT_DISK_TYPES;
	static const uint32_t cpux_types[3] = EXT_CPUX_TYPES;
	const struct {
		uint32_t id, magic, size;
		const uint32_t *types;
		const void *items;
		uint32_t n;
	} part[] = {
	        {EXT_A_PROCESS, EXT_MAGIC_PROCESS, sizeof(*x->procs), proc_types, x->procs,
	         x->n_procs},
	        {EXT_A_PROCBASE, EXT_MAGIC_PROCBASE, sizeof(*x->procbase), proc_types, x->procbase,
	         x->n_procbase},
	        {EXT_A_THREAD, EXT_MAGIC_THREAD, sizeof(*x->threads), proc_types, x->threads,
	         x->n_threads},
	        {EXT_A_CGROUP, EXT_MAGIC_CGROUP, sizeof(*x->cgroups), cg_types, x->cgroups,
	         x->n_cgroups},
	        {EXT_A_DISK, EXT_MAGIC_DISK, sizeof(*x->disks), disk_types, x->disks, x->n_disks},
	        {EXT_A_CPUX, EXT_MAGIC_CPUX, sizeof(*x->cpux), cpux_types, x->cpux, x->n_cpux},
	};
	struct sa_record_header h = *stats;
	size_t i, last = SIZE_MAX;

	for (i = 0; i < sizeof(part) / sizeof(part[0]); i++)
		if (part[i].items)
			last = i;
	if (last == SIZE_MAX)
		return;
	h.record_type = EXT_RECORD_TYPE;
	h.extra_next = 1;
	archive_recbuf_put(b, &h, sizeof(h));
	for (i = 0; i <= last; i++)
		if (part[i].items)
			put_ext_act(b, part[i].id, part[i].magic, part[i].size, part[i].types,
			            part[i].items, part[i].n, i == last);
}

void
archive_put_nr(struct archive_recbuf *b, int32_t nr)
{
	archive_recbuf_put(b, &nr, sizeof(nr));
}

void
archive_put_comment(struct archive_recbuf *b, const char *text)
{
	char c[SA_COMMENT_LEN];

	memset(c, 0, sizeof(c));
	put_string(c, sizeof(c), text);
	archive_recbuf_put(b, c, sizeof(c));
}

int
archive_write_buf(int fd, const struct archive_recbuf *b)
{
	size_t done = 0;

	if (b->err)
		return b->err;
	while (done < b->len) {
		ssize_t n = write(fd, b->data + done, b->len - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		if (n == 0)
			return -EIO;
		done += (size_t) n;
	}
	return 0;
}

static bool
types_equal(const uint32_t a[3], const uint32_t b[3])
{
	return a[0] == b[0] && a[1] == b[1] && a[2] == b[2];
}

int
archive_append_read_start(int fd, struct sa_file_magic *ret_magic, struct sa_file_header *ret_hdr)
{
	static const uint32_t hdr_types[3] = SA_FILE_HEADER_TYPES;
	struct sa_file_magic *m = ret_magic;
	ssize_t n;

	memset(m, 0, sizeof(*m));
	n = fdio_read_full(fd, m, sizeof(*m));
	if (n < 0)
		return (int) n;
	if (n == 0)
		return 1;
	if ((size_t) n != sizeof(*m))
		return ARCHIVE_E_INVALID;
	if (m->sysstat_magic != SA_SYSSTAT_MAGIC || m->format_magic != SA_FORMAT_MAGIC ||
	    m->header_size != sizeof(*ret_hdr) || !types_equal(m->hdr_types_nr, hdr_types))
		return m->sysstat_magic == SA_SYSSTAT_MAGIC ||
		                       m->sysstat_magic == SA_SYSSTAT_MAGIC_SWAPPED
		               ? ARCHIVE_E_FORMAT
		               : ARCHIVE_E_INVALID;
	n = fdio_read_full(fd, ret_hdr, sizeof(*ret_hdr));
	if (n < 0)
		return (int) n;
	if ((size_t) n != sizeof(*ret_hdr))
		return ARCHIVE_E_APPEND;
	return 0;
}

/* has_nr must match what this writer produces: always for counted, never for fixed. */
static bool
has_nr_ok(const struct activity_desc *d, int32_t has_nr)
{
	if (d->flags & AF_COUNTED)
		return has_nr != 0;
	if (d->flags & AF_DETECTED)
		return true;
	return has_nr == 0;
}

static int
check_list_entry(const struct sa_file_activity *fa)
{
	const struct activity_desc *d = activity_by_id(fa->id);

	if (!d || fa->size < 0 || (uint32_t) fa->size != d->size || fa->magic != d->magic)
		return ARCHIVE_E_APPEND;
	if (fa->nr <= 0 || fa->nr2 <= 0 || fa->nr > d->nr_max || fa->nr2 > SA_NR2_MAX)
		return ARCHIVE_E_APPEND;
	if (!types_equal(fa->types_nr, d->types_nr) || !has_nr_ok(d, fa->has_nr))
		return ARCHIVE_E_APPEND;
	return 0;
}

int
archive_append_check_list(int fd, const struct sa_file_header *hdr,
                          struct sa_file_activity ret_list[ACTIVITY_NR])
{
	static const uint32_t act_types[3] = SA_FILE_ACTIVITY_TYPES;
	static const uint32_t rec_types[3] = SA_RECORD_HEADER_TYPES;
	uint32_t i;

	/* More activities than the flavour's sysstat knows: one of them is unknown. */
	if (hdr->sa_act_nr == 0 || hdr->sa_act_nr > activity_count())
		return ARCHIVE_E_APPEND;
	if (hdr->act_size != sizeof(struct sa_file_activity) ||
	    !types_equal(hdr->act_types_nr, act_types) ||
	    hdr->rec_size != sizeof(struct sa_record_header) ||
	    !types_equal(hdr->rec_types_nr, rec_types))
		return ARCHIVE_E_APPEND;
	for (i = 0; i < hdr->sa_act_nr; i++) {
		ssize_t n = fdio_read_full(fd, &ret_list[i], sizeof(ret_list[i]));
		int rc;

		if (n < 0)
			return (int) n;
		if ((size_t) n != sizeof(ret_list[i]))
			return ARCHIVE_E_INVALID;
		rc = check_list_entry(&ret_list[i]);
		if (rc < 0)
			return rc;
	}
	return 0;
}
