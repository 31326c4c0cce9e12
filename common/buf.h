/* common/buf.h - a growable byte buffer with a hard cap (git strbuf, curl dynbuf).
 *
 * Rules:
 *  - `ptr` is always NUL-terminated (ptr[len] == 0) once anything was added;
 *    a fresh buffer from PK_BUF_INIT has ptr == NULL, len == 0.
 *  - `max` caps len: an append that would exceed it fails with PK_ELIMIT and
 *    leaves the buffer unchanged, so hostile input cannot grow it unbounded.
 *    max == 0 means PK_BUF_DEFAULT_MAX.
 *  - The buffer owns ptr. pk_buf_release frees it; pk_buf_detach hands it
 *    to the caller (free with pk_free) and resets the buffer.
 *  - Pointers into ptr are invalidated by any append.
 */
#ifndef PK_BUF_H
#define PK_BUF_H

#include <stdarg.h>
#include <stddef.h>

#define PK_BUF_DEFAULT_MAX ((size_t)1 << 30)

typedef struct pk_buf {
	char *ptr;
	size_t len;
	size_t cap;
	size_t max;
} pk_buf;

#define PK_BUF_INIT { NULL, 0, 0, 0 }

/* Initialise with a cap (0: default). Allocates nothing. */
void pk_buf_init(pk_buf *b, size_t max);
/* Free contents; the buffer is reusable (as after init; its max is kept). */
void pk_buf_release(pk_buf *b);
/* Make room for `extra` more bytes plus the NUL. PK_ELIMIT / PK_ENOMEM.
 * The appends below return the same and must be checked (the compiler
 * says so): an append that fails leaves the buffer as it was, so ignoring
 * one silently loses bytes (a record cut short, a title without its end). */
int pk_buf_grow(pk_buf *b, size_t extra);
int pk_buf_put(pk_buf *b, const void *data, size_t n) __attribute__((warn_unused_result));
int pk_buf_puts(pk_buf *b, const char *s) __attribute__((warn_unused_result));
int pk_buf_putc(pk_buf *b, char c) __attribute__((warn_unused_result));
/* (the three above where the room is there already, inline: cap never
 * exceeds max + 1, so what fits is within max; the rest in buf.c) */
int pk_buf_grow_(pk_buf *b, size_t extra);
int pk_buf_put_(pk_buf *b, const void *data, size_t n) __attribute__((warn_unused_result));
static inline int pk_buf_grow_inline_(pk_buf *b, size_t extra)
{
	return b->ptr && extra < b->cap - b->len ? 0 : pk_buf_grow_(b, extra);
}
static inline __attribute__((warn_unused_result)) int pk_buf_put_inline_(pk_buf *b, const void *data, size_t n)
{
	if (b->ptr && n < b->cap - b->len) {
		__builtin_memcpy(b->ptr + b->len, data, n);
		b->len += n;
		b->ptr[b->len] = '\0';
		return 0;
	}
	return pk_buf_put_(b, data, n);
}
static inline __attribute__((warn_unused_result)) int pk_buf_putc_inline_(pk_buf *b, char c)
{
	if (b->ptr && 1 < b->cap - b->len) {
		b->ptr[b->len++] = c;
		b->ptr[b->len] = '\0';
		return 0;
	}
	return pk_buf_put_(b, &c, 1);
}
#define pk_buf_grow(b, extra) pk_buf_grow_inline_((b), (extra))
#define pk_buf_put(b, data, n) pk_buf_put_inline_((b), (data), (n))
#define pk_buf_putc(b, c) pk_buf_putc_inline_((b), (c))
int pk_buf_printf(pk_buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3), warn_unused_result));
int pk_buf_vprintf(pk_buf *b, const char *fmt, va_list ap) __attribute__((warn_unused_result));
/* Set len to 0 keeping the allocation. */
void pk_buf_reset(pk_buf *b);
/* Shorten to n bytes (n <= len). */
void pk_buf_truncate(pk_buf *b, size_t n);
/* Return ptr (an empty string if nothing was added; never NULL unless
 * allocation fails) and reset the buffer. Caller frees with pk_free. */
char *pk_buf_detach(pk_buf *b);
/* A NUL-terminated view: ptr, or "" when nothing was added. */
const char *pk_buf_cstr(const pk_buf *b);

#endif
