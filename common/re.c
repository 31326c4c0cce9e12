/* common/re.c - PCRE2 with JIT and limits; see re.h. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include "re.h"

#include "alloc.h"
#include "error.h"

#include <pcre2.h>
#include <pthread.h>
#include <string.h>

#define MATCH_LIMIT 200000
#define DEPTH_LIMIT 5000
#define HEAP_LIMIT_KB 16384

struct pk_re {
	pcre2_code *code;
	int jit;
};

static _Thread_local pcre2_match_data *tls_md;
static _Thread_local pcre2_match_context *tls_mc;
static _Thread_local int tls_limited;

pk_re *pk_re_compile(const char *pattern, int flags)
{
	pk_re *re;
	int err;
	PCRE2_SIZE off;
	uint32_t opts = PCRE2_UTF | PCRE2_UCP | PCRE2_NO_UTF_CHECK;

	if (flags & PK_RE_ICASE)
		opts |= PCRE2_CASELESS;
	if (flags & PK_RE_MULTILINE)
		opts |= PCRE2_MULTILINE;
	if (!(re = pk_calloc(1, sizeof(*re)))) {
		pk_error_set(PK_ENOMEM, "out of memory");
		return NULL;
	}
	/* NO_UTF_CHECK at compile applies to the pattern only: ours are valid */
	re->code = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED, opts & ~PCRE2_NO_UTF_CHECK,
				 &err, &off, NULL);
	if (!re->code) {
		PCRE2_UCHAR msg[256];

		pcre2_get_error_message(err, msg, sizeof(msg));
		pk_error_set(PK_ERROR, "bad pattern at offset %zu: %s", (size_t)off, (const char *)msg);
		pk_free(re);
		return NULL;
	}
	re->jit = pcre2_jit_compile(re->code, PCRE2_JIT_COMPLETE) == 0;
	return re;
}

void pk_re_free(pk_re *re)
{
	if (!re)
		return;
	pcre2_code_free(re->code);
	pk_free(re);
}

void pk_re_thread_done(void)
{
	pcre2_match_data_free(tls_md);
	pcre2_match_context_free(tls_mc);
	tls_md = NULL;
	tls_mc = NULL;
}

/* A thread that matched and ends without pk_re_thread_done (a thread of a
 * library: libmicrohttpd's pool) frees its match data through a key's
 * destructor, which runs while its thread-locals still exist. */
static pthread_key_t tls_key;
static pthread_once_t tls_key_once = PTHREAD_ONCE_INIT;

static void tls_destroy(void *unused)
{
	(void)unused;
	pk_re_thread_done();
}

static void tls_key_create(void)
{
	pthread_key_create(&tls_key, tls_destroy);
}

int pk_re_last_limited(void)
{
	return tls_limited;
}

int pk_re_match(const pk_re *re, const char *s, size_t n, size_t from, pk_match *m)
{
	PCRE2_SIZE *ov;
	int rc, i;

	tls_limited = 0;
	if (!tls_md) {
		tls_md = pcre2_match_data_create(PK_RE_MAXGROUPS, NULL);
		tls_mc = pcre2_match_context_create(NULL);
		if (!tls_md || !tls_mc)
			return pk_error_set(PK_ENOMEM, "out of memory");
		pthread_once(&tls_key_once, tls_key_create);
		pthread_setspecific(tls_key, &tls_key); /* any non-NULL value: the destructor runs */
		pcre2_set_match_limit(tls_mc, MATCH_LIMIT);
		pcre2_set_depth_limit(tls_mc, DEPTH_LIMIT);
		pcre2_set_heap_limit(tls_mc, HEAP_LIMIT_KB);
	}
	if (from > n)
		return 0;
	/* callers pass valid UTF-8 (checked at input), so skip PCRE2's check;
	 * a pattern JIT compiled goes straight to its machine code (what
	 * pcre2_match would call after its checks of options and subject) */
	if (re->jit)
		rc = pcre2_jit_match(re->code, (PCRE2_SPTR)s, n, from, 0, tls_md, tls_mc);
	else
		rc = pcre2_match(re->code, (PCRE2_SPTR)s, n, from, PCRE2_NO_UTF_CHECK, tls_md, tls_mc);
	if (rc == PCRE2_ERROR_NOMATCH)
		return 0;
	if (rc == PCRE2_ERROR_MATCHLIMIT || rc == PCRE2_ERROR_DEPTHLIMIT || rc == PCRE2_ERROR_HEAPLIMIT ||
	    rc == PCRE2_ERROR_JIT_STACKLIMIT) {
		tls_limited = 1;
		return 0;
	}
	if (rc < 0) {
		PCRE2_UCHAR msg[256];

		pcre2_get_error_message(rc, msg, sizeof(msg));
		return pk_error_set(PK_ERROR, "regex: %s", (const char *)msg);
	}
	ov = pcre2_get_ovector_pointer(tls_md);
	m->n = rc > PK_RE_MAXGROUPS ? PK_RE_MAXGROUPS : rc;
	for (i = 0; i < PK_RE_MAXGROUPS; i++) {
		if (i < rc && ov[2 * i] != PCRE2_UNSET) {
			m->start[i] = ov[2 * i];
			m->end[i] = ov[2 * i + 1];
		} else {
			m->start[i] = m->end[i] = (size_t)-1;
		}
	}
	return 1;
}

int pk_re_group(const pk_re *re, const char *name)
{
	int i = pcre2_substring_number_from_name(re->code, (PCRE2_SPTR)name);

	return i < 0 ? -1 : i;
}
