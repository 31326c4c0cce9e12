/* common/lines.c - bounded line reader over zlib (plain and gzip alike). */
#include "lines.h"

#include "alloc.h"
#include "buf.h"
#include "error.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#define PEEK_MIN 16 /* bytes a stream's first peek shows, unless it is shorter */
#define CHUNK (256u * 1024u)

struct pk_lines {
	gzFile gz;        /* a regular file: zlib's reader */
	/* a pipe, socket or terminal: read() returns what has arrived, so a
	 * line is handed on as soon as it is whole (gzread would wait for a
	 * full buffer: a harness that writes one request and waits for the
	 * answer would wait forever) */
	int fd;           /* -1: gz is used */
	int gzip;         /* the stream is gzip: inflated here */
	int in_member;    /* inside a gzip member (its end not seen yet) */
	z_stream zs;
	unsigned char *in;
	char *name;
	char *chunk;      /* decompressed input */
	size_t pos, end;  /* unread part of chunk */
	pk_buf line;      /* current line when it spans chunks */
	size_t max_line;
	size_t lineno;
	uint64_t consumed; /* bytes of input before chunk[pos] */
	uint64_t line_off;
	int eof;
};

static int gz_err(pk_lines *r)
{
	int zerr = 0;
	const char *msg = gzerror(r->gz, &zerr);

	if (zerr == Z_ERRNO)
		msg = strerror(errno);
	else if (msg && msg[0] == '<' && strstr(msg, ">: "))
		msg = strstr(msg, ">: ") + 3; /* zlib names the fd: "<fd:7>: ..." */
	return pk_error_set(PK_EIO, "%s: read error at byte %llu: %s", r->name,
			    (unsigned long long)(r->consumed + (r->end - r->pos)),
			    msg && *msg ? msg : "unknown error");
}

static int open_stream(pk_lines *r, int fd, pk_lines **out);

int pk_lines_open(pk_lines **out, const char *path, size_t max_line)
{
	pk_lines *r;
	int fd;

	*out = NULL;
	if (!(r = pk_calloc(1, sizeof(*r))))
		return pk_error_set(PK_ENOMEM, "out of memory");
	r->fd = -1;
	r->max_line = max_line ? max_line : (size_t)64 << 20;
	pk_buf_init(&r->line, r->max_line);
	r->name = pk_strdup(strcmp(path, "-") ? path : "<stdin>");
	r->chunk = pk_malloc(CHUNK);
	if (!r->name || !r->chunk) {
		pk_lines_free(r);
		return pk_error_set(PK_ENOMEM, "out of memory");
	}
	fd = strcmp(path, "-") ? open(path, O_RDONLY | O_CLOEXEC) : dup(0);
	if (fd < 0) {
		int e = errno;

		pk_lines_free(r);
		return pk_error_set(e == ENOENT ? PK_ENOFILE : PK_EIO,
				    "cannot open '%s': %s", path, strerror(e));
	}
	r->fd = -1;
	{
		struct stat st;

		if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
			int rc = pk_error_set(PK_EIO, "cannot read '%s': Is a directory", r->name);

			close(fd);
			pk_lines_free(r);
			return rc;
		}
		if (fstat(fd, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISBLK(st.st_mode))
			return open_stream(r, fd, out);
	}
	if (!(r->gz = gzdopen(fd, "rb"))) {
		close(fd);
		pk_lines_free(r);
		return pk_error_set(PK_ENOMEM, "cannot open '%s': out of memory", path);
	}
	gzbuffer(r->gz, CHUNK);
	*out = r;
	return 0;
}

/* A stream: its first bytes say whether it is gzip; they are kept, as the
 * input of the inflater or as the first text. */
static int open_stream(pk_lines *r, int fd, pk_lines **out)
{
	size_t got = 0;
	int rc;

	r->fd = fd;
	if (!(r->in = pk_malloc(CHUNK))) {
		pk_lines_free(r);
		return pk_error_set(PK_ENOMEM, "out of memory");
	}
	while (got < 2) {
		ssize_t n = read(fd, r->in + got, 2 - got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int e = errno;

			rc = pk_error_set(PK_EIO, "cannot read '%s': %s", r->name ? r->name : "", strerror(e));
			pk_lines_free(r);
			return rc;
		}
		if (n == 0)
			break;
		got += (size_t)n;
	}
	if (got == 2 && r->in[0] == 0x1f && r->in[1] == 0x8b) {
		r->gzip = 1;
		if (inflateInit2(&r->zs, 16 + MAX_WBITS) != Z_OK) {
			pk_lines_free(r);
			return pk_error_set(PK_ENOMEM, "out of memory");
		}
		r->zs.next_in = r->in;
		r->zs.avail_in = (uInt)got;
	} else {
		memcpy(r->chunk, r->in, got);
		/* enough of the text for pk_lines_peek to tell a format by */
		while (got >= 2 && got < PEEK_MIN) {
			ssize_t n = read(fd, r->chunk + got, CHUNK - got);

			if (n < 0 && errno == EINTR)
				continue;
			if (n <= 0)
				break; /* an error or the end: fill() sees it again */
			got += (size_t)n;
		}
		r->end = got;
		if (got < 2)
			r->eof = 1;
	}
	*out = r;
	return 0;
}

/* The next piece of a stream into chunk: 1, 0 at its end, PK_EIO. */
static int fill_stream(pk_lines *r)
{
	for (;;) {
		ssize_t n;

		if (r->gzip && r->zs.avail_in) {
			int zr;

			r->zs.next_out = (unsigned char *)r->chunk;
			r->zs.avail_out = CHUNK;
			zr = inflate(&r->zs, Z_NO_FLUSH);
			r->end = CHUNK - r->zs.avail_out;
			r->in_member = 1;
			if (zr == Z_STREAM_END) {
				inflateReset(&r->zs); /* another member may follow */
				r->in_member = 0;
			}
			else if (zr != Z_OK && zr != Z_BUF_ERROR)
				return pk_error_set(PK_EIO, "%s: read error at byte %llu: %s", r->name,
						    (unsigned long long)r->consumed, r->zs.msg ? r->zs.msg : "corrupt gzip data");
			if (r->end)
				return 1;
			continue;
		}
		n = read(r->fd, r->gzip ? r->in : (unsigned char *)r->chunk, CHUNK);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return pk_error_set(PK_EIO, "%s: read error at byte %llu: %s", r->name,
					    (unsigned long long)r->consumed, strerror(errno));
		if (n == 0) {
			r->eof = 1;
			if (r->gzip && r->in_member)
				return pk_error_set(PK_EIO, "%s: read error at byte %llu: unexpected end of file", r->name,
						    (unsigned long long)r->consumed);
			return 0;
		}
		if (r->gzip) {
			r->zs.next_in = r->in;
			r->zs.avail_in = (uInt)n;
			continue;
		}
		r->end = (size_t)n;
		return 1;
	}
}

static int fill(pk_lines *r)
{
	int n;

	r->consumed += r->end;
	r->pos = r->end = 0;
	if (r->eof)
		return 0;
	if (r->fd >= 0)
		return fill_stream(r);
	n = gzread(r->gz, r->chunk, CHUNK);
	if (n < 0)
		return gz_err(r);
	if (n == 0) {
		int zerr = 0;

		gzerror(r->gz, &zerr);
		r->eof = 1;
		/* a truncated gzip member reads as EOF with Z_BUF_ERROR set */
		if (zerr != Z_OK && zerr != Z_STREAM_END)
			return gz_err(r);
		return 0;
	}
	r->end = (size_t)n;
	return 1;
}

int pk_lines_peek(pk_lines *r, const char **p, size_t *n)
{
	int rc;

	if (r->pos == r->end && !r->eof && (rc = fill(r)) < 0)
		return rc;
	*p = r->chunk + r->pos;
	*n = r->end - r->pos;
	return 0;
}

int pk_lines_take(pk_lines *r, const char **p, size_t *n)
{
	int rc;

	if (r->pos == r->end && (rc = fill(r)) <= 0)
		return rc;
	*p = r->chunk + r->pos;
	*n = r->end - r->pos;
	r->pos = r->end;
	return 1;
}

void pk_lines_set_max(pk_lines *r, size_t max_line)
{
	r->max_line = max_line;
	r->line.max = max_line;
}

int pk_lines_next(pk_lines *r, const char **line, size_t *len)
{
	int skipping = 0, rc;

	pk_buf_reset(&r->line);
	r->line_off = r->consumed + r->pos;
	for (;;) {
		char *nl;
		size_t n;

		if (r->pos == r->end) {
			if ((rc = fill(r)) < 0)
				return rc;
			if (rc == 0) {
				if (skipping) {
					r->lineno++;
					return pk_error_set(PK_ELIMIT, "%s:%zu: line longer than %zu bytes",
							    r->name, r->lineno, r->max_line);
				}
				if (r->line.len == 0)
					return 0;
				break; /* last line without '\n' */
			}
		}
		nl = memchr(r->chunk + r->pos, '\n', r->end - r->pos);
		n = nl ? (size_t)(nl - (r->chunk + r->pos)) : r->end - r->pos;
		if (!skipping) {
			/* fast path: the whole line lies inside the chunk */
			if (nl && r->line.len == 0 && n <= r->max_line) {
				char *l = r->chunk + r->pos;

				r->pos += n + 1;
				r->lineno++;
				if (n && l[n - 1] == '\r')
					n--;
				l[n] = '\0';
				*line = l;
				*len = n;
				return 1;
			}
			if (pk_buf_put(&r->line, r->chunk + r->pos, n) < 0) {
				if (pk_error_code() == PK_ENOMEM)
					return PK_ENOMEM;
				skipping = 1;
				pk_buf_release(&r->line);
			}
		}
		r->pos += n;
		if (nl) {
			r->pos++;
			if (skipping) {
				r->lineno++;
				return pk_error_set(PK_ELIMIT, "%s:%zu: line longer than %zu bytes",
						    r->name, r->lineno, r->max_line);
			}
			break;
		}
	}
	r->lineno++;
	if (r->line.len && r->line.ptr[r->line.len - 1] == '\r')
		pk_buf_truncate(&r->line, r->line.len - 1);
	*line = pk_buf_cstr(&r->line);
	*len = r->line.len;
	return 1;
}

size_t pk_lines_lineno(const pk_lines *r)
{
	return r->lineno;
}

uint64_t pk_lines_offset(const pk_lines *r)
{
	return r->line_off;
}

const char *pk_lines_name(const pk_lines *r)
{
	return r->name;
}

void pk_lines_free(pk_lines *r)
{
	if (!r)
		return;
	if (r->gz)
		gzclose(r->gz);
	if (r->fd >= 0) {
		if (r->gzip)
			inflateEnd(&r->zs);
		close(r->fd);
	}
	pk_free(r->in);
	pk_buf_release(&r->line);
	pk_free(r->chunk);
	pk_free(r->name);
	pk_free(r);
}

static int read_all(char **out, size_t *len, const char *path, size_t max, int partial);

int pk_file_read(char **out, size_t *len, const char *path, size_t max)
{
	return read_all(out, len, path, max, 0);
}

int pk_file_read_partial(char **out, size_t *len, const char *path, size_t max)
{
	return read_all(out, len, path, max, 1);
}

static int read_all(char **out, size_t *len, const char *path, size_t max, int partial)
{
	pk_buf b = PK_BUF_INIT;
	pk_lines *r = NULL;
	int rc;

	*out = NULL;
	*len = 0;
	pk_buf_init(&b, max);
	if ((rc = pk_lines_open(&r, path, 1)) < 0)
		return rc;
	for (;;) {
		if (r->pos == r->end) {
			if ((rc = fill(r)) < 0 && !(partial && rc == PK_EIO))
				goto done;
			if (rc <= 0)
				break;
		}
		if ((rc = pk_buf_put(&b, r->chunk + r->pos, r->end - r->pos)) < 0) {
			if (rc == PK_ELIMIT)
				pk_error_set(rc, "%s: larger than %zu bytes", r->name, max);
			goto done;
		}
		r->pos = r->end;
	}
	*len = b.len;
	if (!(*out = pk_buf_detach(&b)))
		rc = pk_error_set(PK_ENOMEM, "out of memory");
	else
		rc = 0;
done:
	pk_buf_release(&b);
	pk_lines_free(r);
	return rc;
}

int pk_file_is_gzip(const char *path)
{
	unsigned char m[2];
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return pk_error_set(PK_EIO, "cannot open '%s': %s", path, strerror(errno));
	n = read(fd, m, 2);
	close(fd);
	return n == 2 && m[0] == 0x1f && m[1] == 0x8b;
}
