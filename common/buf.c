/* common/buf.c - growable, capped byte buffer; rules in buf.h. */
#include "buf.h"

#include "alloc.h"
#include "error.h"

#include <stdio.h>
#include <string.h>

void pk_buf_init(pk_buf *b, size_t max)
{
	b->ptr = NULL;
	b->len = b->cap = 0;
	b->max = max;
}

void pk_buf_release(pk_buf *b)
{
	pk_free(b->ptr);
	b->ptr = NULL;
	b->len = b->cap = 0;
}

int pk_buf_grow_(pk_buf *b, size_t extra)
{
	size_t max = b->max ? b->max : PK_BUF_DEFAULT_MAX;
	size_t need, ncap;
	char *p;

	if (pk_size_add(&need, b->len, extra) < 0 || need > max)
		return pk_error_set(PK_ELIMIT, "buffer limit of %zu bytes exceeded", max);
	need++; /* NUL */
	if (need <= b->cap)
		return 0;
	ncap = b->cap ? b->cap : 64;
	while (ncap < need)
		ncap = ncap > ((size_t)-1) / 2 ? need : ncap * 2;
	if (ncap > max + 1)
		ncap = max + 1;
	if (b->ptr && b->len == 0) {
		/* nothing to keep: a new block, not realloc's copy of stale bytes
		 * into pages faulted in for them (a reused 33 MB buffer of the
		 * Crossref inflater: 8,300 page faults); the old one stays on
		 * failure */
		if (!(p = pk_malloc(ncap)))
			return pk_error_set(PK_ENOMEM, "out of memory (%zu bytes)", ncap);
		pk_free(b->ptr);
		p[0] = '\0';
	} else if (!(p = pk_realloc(b->ptr, ncap))) {
		return pk_error_set(PK_ENOMEM, "out of memory (%zu bytes)", ncap);
	}
	b->ptr = p;
	b->cap = ncap;
	return 0;
}

int pk_buf_put_(pk_buf *b, const void *data, size_t n)
{
	int rc;

	if (b->ptr && n < b->cap - b->len) {
		/* room already (cap never exceeds max + 1, so neither does len) */
		memcpy(b->ptr + b->len, data, n);
		b->len += n;
		b->ptr[b->len] = '\0';
		return 0;
	}
	if ((rc = pk_buf_grow_(b, n)) < 0)
		return rc;
	if (n)
		memcpy(b->ptr + b->len, data, n);
	b->len += n;
	b->ptr[b->len] = '\0';
	return 0;
}

int pk_buf_puts(pk_buf *b, const char *s)
{
	return pk_buf_put(b, s, strlen(s));
}

/* (the out-of-line forms of the inline three, for callers that take
 * their address) */
#undef pk_buf_grow
#undef pk_buf_put
#undef pk_buf_putc
int pk_buf_grow(pk_buf *b, size_t extra)
{
	return pk_buf_grow_inline_(b, extra);
}

int pk_buf_put(pk_buf *b, const void *data, size_t n)
{
	return pk_buf_put_inline_(b, data, n);
}

int pk_buf_putc(pk_buf *b, char c)
{
	return pk_buf_putc_inline_(b, c);
}

int pk_buf_vprintf(pk_buf *b, const char *fmt, va_list ap)
{
	va_list cp;
	int n, rc;

	/* into the room the buffer has, most often enough (cap never
	 * exceeds max + 1: what fits is within max); else measured, grown
	 * and written again */
	va_copy(cp, ap);
	n = b->ptr ? vsnprintf(b->ptr + b->len, b->cap - b->len, fmt, cp) : vsnprintf(NULL, 0, fmt, cp);
	va_end(cp);
	if (b->ptr && n >= 0 && (size_t)n < b->cap - b->len) {
		b->len += (size_t)n;
		return 0;
	}
	if (b->ptr)
		b->ptr[b->len] = '\0'; /* what did not fit is taken back */
	if (n < 0)
		return pk_error_set(PK_ERROR, "bad format");
	if ((rc = pk_buf_grow(b, (size_t)n)) < 0)
		return rc;
	vsnprintf(b->ptr + b->len, (size_t)n + 1, fmt, ap);
	b->len += (size_t)n;
	return 0;
}

int pk_buf_printf(pk_buf *b, const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = pk_buf_vprintf(b, fmt, ap);
	va_end(ap);
	return rc;
}

void pk_buf_reset(pk_buf *b)
{
	b->len = 0;
	if (b->ptr)
		b->ptr[0] = '\0';
}

void pk_buf_truncate(pk_buf *b, size_t n)
{
	if (n < b->len) {
		b->len = n;
		b->ptr[n] = '\0';
	}
}

char *pk_buf_detach(pk_buf *b)
{
	char *p = b->ptr;

	if (!p)
		p = pk_strdup("");
	b->ptr = NULL;
	b->len = b->cap = 0;
	return p;
}

const char *pk_buf_cstr(const pk_buf *b)
{
	return b->ptr ? b->ptr : "";
}
