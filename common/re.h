/* common/re.h - PCRE2 patterns compiled once, JIT-compiled, run under
 * match and depth limits (untrusted text: model output, dump records).
 *
 * A pk_re is created from a static pattern at first use (thread-safe) and
 * lives for the process. Matching never allocates beyond a per-thread
 * match-data block. A limit hit is reported as "no match" plus PK_ELIMIT
 * from pk_re_last_limited(), so callers can say the text was too hard.
 */
#ifndef PK_RE_H
#define PK_RE_H

#include <stddef.h>

#define PK_RE_MAXGROUPS 16

typedef struct pk_re pk_re;

/* Compile `pattern` (UTF, Unicode properties; flags: PK_RE_ICASE).
 * Returns NULL and sets the error (with PCRE2's message and offset) on a
 * bad pattern. Callers keep the result for the life of the process. */
enum { PK_RE_ICASE = 1, PK_RE_MULTILINE = 2 };
pk_re *pk_re_compile(const char *pattern, int flags);
/* For patterns that do not live for the process (user rule files). */
void pk_re_free(pk_re *re);

typedef struct pk_match {
	size_t start[PK_RE_MAXGROUPS], end[PK_RE_MAXGROUPS]; /* (size_t)-1: unset */
	int n; /* groups + 1 */
} pk_match;

/* Match at or after byte `from`. 1 matched, 0 no match (or a limit was
 * hit: pk_re_last_limited() tells), <0 error. */
int pk_re_match(const pk_re *re, const char *s, size_t n, size_t from, pk_match *m);
int pk_re_last_limited(void);
/* Free the calling thread's match data (each thread that matches gets its
 * own, made at its first match). A thread's match data is freed when it
 * ends anyway (a key destructor); this frees it earlier. */
void pk_re_thread_done(void);

/* Named group index, or -1. */
int pk_re_group(const pk_re *re, const char *name);

#endif
