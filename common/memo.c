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

/* The slots start at FIRST_SLOTS (or the table's size, if smaller) and
 * double as entries come, up to the table's size: a memo's table is
 * written whole when made (slots_new), and a batch of one answer
 * filled a few entries of tables of 1 and 2 MB, a page fault for each of
 * their pages (1,400 of the 3,000 faults of a one-answer check, at some
 * 12 microseconds each on this project's virtual machines). Growing keeps
 * what is held: only the table is copied; it empties at half its full
 * size, as before. */
#define FIRST_SLOTS 1024

struct pk_memo {
	slot *slot; /* NULL until the first put */
	size_t nslots, n, bytes, max_bytes;
	size_t max_slots; /* what nslots may grow to (a power of two) */
};

pk_memo *pk_memo_new(size_t slots, size_t max_bytes)
{
	pk_memo *m = pk_malloc(sizeof(*m));

	if (!m) {
		pk_error_set(PK_ENOMEM, "out of memory");
		return NULL;
	}
	m->slot = NULL;
	m->max_slots = slots;
	m->nslots = slots < FIRST_SLOTS ? slots : FIRST_SLOTS;
	m->n = m->bytes = 0;
	m->max_bytes = max_bytes;
	return m;
}

/* A table of n slots, all empty, or NULL (no memory). */
static slot *slots_new(size_t n)
{
	slot *t = pk_malloc(n * sizeof(*t));

	/* written here, not calloc'd: a table of fresh pages read by probes
	 * before it is written would map the zero page, and each first put
	 * to a page would then copy it and flush the other threads' TLBs */
	if (t)
		memset(t, 0, n * sizeof(*t));
	return t;
}

/* The empty slot of t (n slots, a power of two) where an entry of hash h
 * goes: the first of its probe sequence, the one pk_memo_get follows. */
static size_t free_slot(const slot *t, size_t n, uint64_t h)
{
	size_t i;

	for (i = h & (n - 1); t[i].e; i = (i + 1) & (n - 1))
		;
	return i;
}

/* Twice the slots, the entries in them again: 0, or -1 (no memory; the
 * table is as it was). */
static int grow(pk_memo *m)
{
	size_t n = m->nslots * 2, i;
	slot *t = slots_new(n);

	if (!t)
		return -1;
	for (i = 0; i < m->nslots; i++)
		if (m->slot[i].e)
			t[free_slot(t, n, m->slot[i].h)] = m->slot[i];
	pk_free(m->slot);
	m->slot = t;
	m->nslots = n;
	return 0;
}

void pk_memo_clear(pk_memo *m)
{
	size_t i;

	if (!m || !m->n)
		return;
	for (i = 0; i < m->nslots; i++)
		if (m->slot[i].e) {
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
	if (!m->slot && !(m->slot = slots_new(m->nslots)))
		return;
	size = sizeof(*e) + klen + vlen;
	/* half the slots taken: twice as many, up to the table's size */
	if (m->n >= m->nslots / 2 && m->nslots < m->max_slots)
		(void)grow(m); /* (no memory: emptied below instead) */
	if (m->n >= m->nslots / 2 || m->bytes + size > m->max_bytes)
		pk_memo_clear(m); /* full: the next entries are kept afresh */
	if (!(e = pk_malloc(size)))
		return;
	e->klen = (uint32_t)klen;
	e->vlen = (uint32_t)vlen;
	memcpy(e->data, key, klen);
	memcpy(e->data + klen, val, vlen);
	i = free_slot(m->slot, m->nslots, h);
	m->slot[i].h = h;
	m->slot[i].e = e;
	m->n++;
	m->bytes += size;
}
