/* common/error.h - error codes and the per-thread last-error message.
 *
 * Every library function returns an int: 0 on success, a negative PK_E*
 * code on failure. The function that fails records a message with
 * pk_error_set(); the caller that reports it reads pk_error_last().
 * Only failures callers branch on get a name; the rest are PK_ERROR.
 */
#ifndef PK_ERROR_H
#define PK_ERROR_H

#include <stdarg.h>

enum {
	PK_OK = 0,
	PK_ERROR = -1,     /* anything without a more precise code */
	PK_ENOTFOUND = -2, /* a key, file or record does not exist */
	PK_EPARSE = -3,    /* malformed input; message has file:line */
	PK_EMAPFULL = -4,  /* LMDB map full: the writer grows it and retries */
	PK_ENET = -5,      /* network failure (libcurl) */
	PK_EIO = -6,       /* read/write/rename failed; message has errno text */
	PK_ENOMEM = -7,    /* allocation failed */
	PK_ESCHEMA = -8,   /* graph written by another schema version */
	PK_EINVAL = -9,    /* invalid argument or option */
	PK_ELIMIT = -10,   /* a size, depth or match limit was exceeded */
	PK_EBUSY = -11,    /* another writer holds the graph lock */
	PK_ESTRICT = -12,  /* a bad record under --strict */
	PK_ENOFILE = -13   /* an input file that does not exist */
};

/* Record `code` and a printf-style message as this thread's last error.
 * Returns `code`, so callers can write `return pk_error_set(...)`. */
int pk_error_set(int code, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int pk_error_setv(int code, const char *fmt, va_list ap);

/* Prefix the current message with "<prefix>: " (adds context on the way
 * up, as in "graph 'x': <lower-level message>"). Returns the current code. */
int pk_error_prefix(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The last message of this thread; never NULL. Valid until the next
 * pk_error_set/pk_error_clear on the same thread. */
const char *pk_error_last(void);
int pk_error_code(void);
void pk_error_clear(void);

/* A short name for a code ("parse error", "not found", ...). */
const char *pk_error_name(int code);

#endif
