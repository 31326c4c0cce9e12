/* common/memo.c - a bounded table of byte strings under byte keys
 * (memo.h). */
#include "memo.h"

#include "alloc.h"
#include "error.h"

#include <string.h>

typedef struct entry {
	uint32_t klen, vlen;
	unsigned char data[]; /* the key, then the value */
} entry;

/* (the hash beside the entry: a probe compares hashes in the slot array
 * and reads an entry, a cold block, only when its hash is the key's) */
typedef struct slot {
	uint64_t h;
	entry *e; /* NULL: empty */
} slot;

struct pk_memo {
	slot *slot; /* NULL until the first put */
	size_t nslots, n, bytes, max_bytes;
};

pk_memo *pk_memo_new(size_t slots, size_t max_bytes)
{
	pk_memo *m = pk_malloc(sizeof(*m));

	if (!m) {
		pk_error_set(PK_ENOMEM, "out of memory");
		return NULL;
	}
	m->slot = NULL;
	m->nslots = slots;
	m->n = m->bytes = 0;
	m->max_bytes = max_bytes;
	return m;
}

void pk_memo_clear(pk_memo *m)
{
	size_t i;

	if (!m || !m->n)
		return;
	for (i = 0; i < m->nslots; i++) {
		pk_free(m->slot[i].e);
		m->slot[i].e = NULL;
	}
	m->n = m->bytes = 0;
}

void pk_memo_free(pk_memo *m)
{
	if (!m)
		return;
	pk_memo_clear(m);
	pk_free(m->slot);
	pk_free(m);
}

const unsigned char *pk_memo_get(const pk_memo *m, uint64_t h, const void *key, size_t klen, size_t *vlen)
{
	size_t i;

	if (!m || !m->slot)
		return NULL;
	for (i = h & (m->nslots - 1); m->slot[i].e; i = (i + 1) & (m->nslots - 1)) {
		const entry *e = m->slot[i].e;

		if (m->slot[i].h == h && e->klen == klen && !memcmp(e->data, key, klen)) {
			*vlen = e->vlen;
			return e->data + klen;
		}
	}
	return NULL;
}

void pk_memo_put(pk_memo *m, uint64_t h, const void *key, size_t klen, const void *val, size_t vlen)
{
	entry *e;
	size_t i, size;

	if (!m || klen > UINT32_MAX || vlen > UINT32_MAX)
		return;
	if (!m->slot) {
		/* written here, not calloc'd: a table of fresh pages read by
		 * probes before it is written would map the zero page, and
		 * each first put to a page would then copy it and flush the
		 * other threads' TLBs */
		if (!(m->slot = pk_malloc(m->nslots * sizeof(*m->slot))))
			return;
		memset(m->slot, 0, m->nslots * sizeof(*m->slot));
	}
	size = sizeof(*e) + klen + vlen;
	if (m->n >= m->nslots / 2 || m->bytes + size > m->max_bytes)
		pk_memo_clear(m); /* full: the next entries are kept afresh */
	if (!(e = pk_malloc(size)))
		return;
	e->klen = (uint32_t)klen;
	e->vlen = (uint32_t)vlen;
	memcpy(e->data, key, klen);
	memcpy(e->data + klen, val, vlen);
	for (i = h & (m->nslots - 1); m->slot[i].e; i = (i + 1) & (m->nslots - 1))
		;
	m->slot[i].h = h;
	m->slot[i].e = e;
	m->n++;
	m->bytes += size;
}
