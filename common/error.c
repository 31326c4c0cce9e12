/* common/error.c - per-thread last-error state (libgit2's git_error_last). */
#include "error.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define MSG_MAX 1024

static _Thread_local int last_code;
static _Thread_local char last_msg[MSG_MAX];

int pk_error_setv(int code, const char *fmt, va_list ap)
{
	char msg[MSG_MAX];
	size_t n;

	/* a message without conversions (the common "not a formula" a caller
	 * clears at once) is copied as it is, as vsnprintf would */
	if (!strchr(fmt, '%') &&
	    ((uintptr_t)fmt < (uintptr_t)last_msg || (uintptr_t)fmt >= (uintptr_t)(last_msg + sizeof(last_msg)))) {
		n = strnlen(fmt, sizeof(last_msg) - 1);
		memcpy(last_msg, fmt, n);
		last_msg[n] = '\0';
		last_code = code;
		return code;
	}
	/* through a copy: the arguments may include pk_error_last() itself */
	if (vsnprintf(msg, sizeof(msg), fmt, ap) < 0)
		msg[0] = '\0';
	last_code = code;
	memcpy(last_msg, msg, sizeof(last_msg));
	return code;
}

int pk_error_set(int code, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	pk_error_setv(code, fmt, ap);
	va_end(ap);
	return code;
}

int pk_error_prefix(const char *fmt, ...)
{
	char prefix[MSG_MAX], old[MSG_MAX];
	va_list ap;

	memcpy(old, last_msg, sizeof(old));
	va_start(ap, fmt);
	if (vsnprintf(prefix, sizeof(prefix), fmt, ap) < 0)
		prefix[0] = '\0';
	va_end(ap);
	if (old[0])
		snprintf(last_msg, sizeof(last_msg), "%s: %s", prefix, old);
	else
		snprintf(last_msg, sizeof(last_msg), "%s", prefix);
	return last_code;
}

const char *pk_error_last(void)
{
	return last_msg[0] ? last_msg : pk_error_name(last_code);
}

int pk_error_code(void)
{
	return last_code;
}

void pk_error_clear(void)
{
	last_code = 0;
	last_msg[0] = '\0';
}

const char *pk_error_name(int code)
{
	switch (code) {
	case PK_OK: return "no error";
	case PK_ENOTFOUND: return "not found";
	case PK_ENOFILE: return "no such file";
	case PK_EPARSE: return "parse error";
	case PK_EMAPFULL: return "graph map full";
	case PK_ENET: return "network error";
	case PK_EIO: return "i/o error";
	case PK_ENOMEM: return "out of memory";
	case PK_ESCHEMA: return "schema version mismatch";
	case PK_EINVAL: return "invalid argument";
	case PK_ELIMIT: return "limit exceeded";
	case PK_EBUSY: return "graph busy";
	case PK_ESTRICT: return "bad record (strict mode)";
	default: return "error";
	}
}
