/* query/match.c - matches and their lists; see match.h. */
#include "match.h"

#include "../common/alloc.h"
#include "../common/error.h"

#include <string.h>

/* ---- expansion -------------------------------------------------------- */

void query_match_release(query_match *m)
{
	pk_free(m->name);
	pk_free(m->symbol);
	pk_free(m->quantity);
	pk_free(m->entity);
	pk_free(m->kind);
	pk_free(m->value_text);
	pk_free(m->unc_text);
	pk_free(m->unit);
	pk_free(m->source);
	pk_free(m->edition);
	pk_free(m->locator);
	pk_free(m->note);
	pk_free(m->group);
	pk_free(m->method);
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
	query_match *m = query_matches_add(ms);

	if (!m)
		return PK_ENOMEM;
	*m = *src;
	/* the strings: none shared, so that a failed copy frees only its own */
	m->name = m->symbol = m->quantity = m->entity = m->kind = m->value_text = m->unc_text = NULL;
	m->unit = m->source = m->edition = m->locator = m->note = m->group = m->method = NULL;
#define COPY(f)                                                  \
	do {                                                     \
		if (src->f && !(m->f = pk_strdup(src->f)))       \
			goto oom;                                \
	} while (0)
	COPY(name);
	COPY(symbol);
	COPY(quantity);
	COPY(entity);
	COPY(kind);
	COPY(value_text);
	COPY(unc_text);
	COPY(unit);
	COPY(source);
	COPY(edition);
	COPY(locator);
	COPY(note);
	COPY(group);
	COPY(method);
#undef COPY
	return 0;
oom:
	query_match_release(m);
	ms->n--;
	return pk_error_set(PK_ENOMEM, "out of memory");
}
