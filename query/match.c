/* query/match.c - matches and their lists; see match.h. */
#include "match.h"

#include "../common/alloc.h"
#include "../common/error.h"

#include <stddef.h>
#include <string.h>

/* ---- expansion -------------------------------------------------------- */

/* The string fields of a match, for the packed copy and its release. */
static const size_t str_field[] = {
	offsetof(query_match, name),     offsetof(query_match, symbol),   offsetof(query_match, quantity),
	offsetof(query_match, entity),   offsetof(query_match, kind),     offsetof(query_match, value_text),
	offsetof(query_match, unc_text), offsetof(query_match, unit),     offsetof(query_match, source),
	offsetof(query_match, edition),  offsetof(query_match, locator),  offsetof(query_match, note),
	offsetof(query_match, group),    offsetof(query_match, method),
};
#define N_STR (sizeof(str_field) / sizeof(str_field[0]))

static char **str_at(query_match *m, size_t i)
{
	return (char **)(void *)((char *)m + str_field[i]);
}

static const char *str_of(const query_match *m, size_t i)
{
	return *(char *const *)(const void *)((const char *)m + str_field[i]);
}

/* A block's count of the matches that hold it, in the 16 bytes before
 * its strings (a copy's copy shares the block: strings are never written
 * once a match is made). Atomic, though a list is one thread's: a match
 * moved to another thread still counts right. */
#define BLOCK_HEAD 16

static size_t *block_refs(char *block)
{
	return (size_t *)(void *)(block - BLOCK_HEAD);
}

void query_match_release(query_match *m)
{
	size_t i;

	if (m->block) {
		if (__atomic_sub_fetch(block_refs(m->block), 1, __ATOMIC_ACQ_REL) == 0)
			pk_free(m->block - BLOCK_HEAD);
	} else {
		for (i = 0; i < N_STR; i++)
			pk_free(*str_at(m, i));
	}
	memset(m, 0, sizeof(*m));
}

void query_matches_release(query_matches *ms)
{
	size_t i;

	for (i = 0; i < ms->n; i++)
		query_match_release(&ms->m[i]);
	pk_free(ms->m);
	memset(ms, 0, sizeof(*ms));
}

query_match *query_matches_add(query_matches *ms)
{
	query_match *m;

	if (PK_ALLOC_GROW(ms->m, ms->n + 1, ms->cap, 8) < 0)
		return NULL;
	m = &ms->m[ms->n++];
	memset(m, 0, sizeof(*m));
	return m;
}

int query_matches_add_copy(query_matches *ms, const query_match *src)
{
	size_t len[N_STR], total = 0, i;
	query_match *m, from = *src; /* (src may be in ms, moved by its growth) */
	char *p;

	/* a copy's copy (a memo's answer, expansion after expansion): the
	 * same block, one more match holding it */
	if (from.block) {
		if (!(m = query_matches_add(ms)))
			return PK_ENOMEM;
		*m = from;
		__atomic_add_fetch(block_refs(m->block), 1, __ATOMIC_RELAXED);
		return 0;
	}
	/* one allocation for the fourteen strings */
	for (i = 0; i < N_STR; i++) {
		const char *s = str_of(src, i);

		len[i] = s ? strlen(s) + 1 : 0;
		total += len[i];
	}
	if (!(m = query_matches_add(ms)))
		return PK_ENOMEM;
	*m = from;
	m->block = NULL;
	m->block_len = 0;
	if (total) {
		char *base = pk_malloc(BLOCK_HEAD + total);

		if (!base) {
			memset(m, 0, sizeof(*m));
			ms->n--;
			return pk_error_set(PK_ENOMEM, "out of memory");
		}
		m->block = base + BLOCK_HEAD;
		*block_refs(m->block) = 1;
	}
	m->block_len = total;
	for (i = 0, p = m->block; i < N_STR; i++) {
		char **f = str_at(m, i);

		if (!len[i]) {
			*f = NULL;
			continue;
		}
		memcpy(p, *f, len[i]);
		*f = p;
		p += len[i];
	}
	return 0;
}
