/* kg/cache.c - what a read transaction keeps of the commit it reads; see
 * internal.h.
 *
 * Two caches, each made after a few reads (a command that reads once
 * pays for neither) and dropped when the transaction ends or renews onto
 * another commit (kg_commit_caches_drop, from store.c):
 *
 * The name keys. A value check looks up every phrase around a number as
 * a name, and nearly all are none (99% of 100,000 lookups in an audit of
 * 10,000 answers), each a B-tree descent with a cursor. After
 * NAMESET_AFTER lookups the commit's name keys are read once into a set
 * of their hashes: a key whose hash the set lacks is in no name record,
 * and any other key is looked up as before (a hash that collides costs a
 * descent, never a name). A names table of more than NAMESET_MAX entries
 * gets no set.
 *
 * The nodes read lately. The same few nodes are read again and again (a
 * quantity's kind for each value an audit judges, a venue's acronym for
 * each reference): after NODECACHE_AFTER reads, where each node record
 * read lies in the commit's map, or that there is none, is kept,
 * direct-mapped on the key's hash. The pages of the commit a read
 * transaction reads stay where they are while it reads it.
 */
#include "../common/alloc.h"
#include "../common/error.h"
#include "../common/hash.h"
#include "internal.h"

#include <stdint.h>
#include <string.h>

#define NAMESET_AFTER 64
#define NAMESET_MAX ((size_t)1 << 20)

struct kg_nameset {
	int made;       /* 1: slot holds every key's hash; 0: no set (every key looked up) */
	size_t mask;    /* slots - 1 (a power of two, at least twice the keys) */
	uint64_t *slot; /* a key's hash (never 0), or 0: empty */
};

static uint64_t name_hash(const void *k, size_t n)
{
	uint64_t h = pk_hash_mem(k, n);

	return h ? h : 1;
}

static void nameset_add(struct kg_nameset *s, uint64_t h)
{
	size_t at = (size_t)h & s->mask;

	while (s->slot[at] && s->slot[at] != h)
		at = (at + 1) & s->mask;
	s->slot[at] = h;
}

static void nameset_make(kg_txn *t, struct kg_nameset *s)
{
	MDB_dbi dbi = t->s->dbi[KG_T_NAMES];
	MDB_stat st;
	MDB_cursor *c;
	MDB_val k, v;
	size_t slots = 64;
	int rc;

	if (mdb_stat(t->txn, dbi, &st) != 0 || st.ms_entries > NAMESET_MAX)
		return;
	while (slots < 2 * st.ms_entries)
		slots *= 2;
	if (!(s->slot = pk_calloc(slots, sizeof(*s->slot)))) {
		pk_error_clear();
		return;
	}
	s->mask = slots - 1;
	if (mdb_cursor_open(t->txn, dbi, &c) != 0)
		goto none;
	for (rc = mdb_cursor_get(c, &k, &v, MDB_FIRST); rc == 0; rc = mdb_cursor_get(c, &k, &v, MDB_NEXT_NODUP))
		nameset_add(s, name_hash(k.mv_data, k.mv_size));
	mdb_cursor_close(c);
	if (rc == MDB_NOTFOUND) {
		s->made = 1;
		return;
	}
none:
	pk_free(s->slot);
	s->slot = NULL;
}

int kg_names_may_hold(kg_txn *t, const void *key, size_t n)
{
	const struct kg_nameset *s;
	uint64_t h, v;
	size_t at;

	if (t->write)
		return 1;
	if (!t->names) {
		if (++t->name_finds < NAMESET_AFTER)
			return 1;
		if (!(t->names = pk_calloc(1, sizeof(*t->names)))) {
			pk_error_clear();
			t->name_finds = 0; /* (tried again later) */
			return 1;
		}
		nameset_make(t, t->names);
	}
	s = t->names;
	if (!s->made)
		return 1;
	h = name_hash(key, n);
	for (at = (size_t)h & s->mask; (v = s->slot[at]) != 0; at = (at + 1) & s->mask)
		if (v == h)
			return 1;
	return 0;
}

#define NODECACHE_AFTER 16
#define NODECACHE_SLOTS 1024 /* a power of two */
#define NODECACHE_KEY 47     /* type byte and key, at most */

typedef struct node_slot {
	uint64_t h;
	unsigned char klen;  /* 0: empty */
	char key[NODECACHE_KEY];
	int found;
	MDB_val v;           /* the record (found) */
} node_slot;

struct kg_nodecache {
	node_slot slot[NODECACHE_SLOTS];
};

/* Whether read txn t keeps the nodes it reads: from its NODECACHE_AFTER-th
 * read on (a write txn keeps none; with no memory, none: tried again
 * later). */
static int nodes_kept(kg_txn *t)
{
	if (t->write)
		return 0;
	if (t->nodes)
		return 1;
	if (++t->node_gets < NODECACHE_AFTER)
		return 0;
	if (!(t->nodes = pk_calloc(1, sizeof(*t->nodes)))) {
		pk_error_clear();
		t->node_gets = 0;
		return 0;
	}
	return 1;
}

int kg_nodecache_get(kg_txn *t, const char *key, size_t n, MDB_val *v)
{
	const node_slot *sl;
	uint64_t h;

	if (n > NODECACHE_KEY || !nodes_kept(t))
		return -1;
	h = pk_hash_mem(key, n);
	sl = &t->nodes->slot[h & (NODECACHE_SLOTS - 1)];
	if (sl->klen != n || sl->h != h || memcmp(sl->key, key, n))
		return -1;
	if (!sl->found)
		return 0;
	*v = sl->v;
	return 1;
}

void kg_nodecache_put(kg_txn *t, const char *key, size_t n, const MDB_val *v)
{
	uint64_t h;
	node_slot *sl;

	if (t->write || !t->nodes || n > NODECACHE_KEY)
		return;
	h = pk_hash_mem(key, n);
	sl = &t->nodes->slot[h & (NODECACHE_SLOTS - 1)];
	sl->h = h;
	sl->klen = (unsigned char)n;
	memcpy(sl->key, key, n);
	sl->found = v != NULL;
	if (v)
		sl->v = *v;
}

void kg_commit_caches_drop(kg_txn *t)
{
	if (t->names) {
		pk_free(t->names->slot);
		pk_free(t->names);
		t->names = NULL;
	}
	t->name_finds = 0;
	pk_free(t->nodes);
	t->nodes = NULL;
	t->node_gets = 0;
}
