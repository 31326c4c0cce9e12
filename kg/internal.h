/* kg/internal.h - tables and helpers shared by the kg/ files only. */
#ifndef KG_INTERNAL_H
#define KG_INTERNAL_H

#include "store.h"

#include <lmdb.h>
#include <stdint.h>
#include <sys/types.h>

/* Named LMDB databases. Changing this list changes KG_SCHEMA_VERSION. */
enum kg_table {
	KG_T_META,    /* "schema", "next_vid", "next_sid", ... -> text or be64 */
	KG_T_SOURCES, /* sid (be32) -> source record */
	KG_T_SRCKEY,  /* kind \0 edition -> sid (be32) */
	KG_T_NODES,   /* type char + key -> node record */
	KG_T_VALUES,  /* vid (be64) -> value record */
	KG_T_NAMES,   /* ns char + name key -> dup: target type, sid (be32), target key */
	KG_T_NODE2V,  /* type char + node key -> dup: vid (be64) */
	KG_T_OWNED,   /* sid (be32) -> dup: kind char + payload (what to delete) */
	KG_T_WORKS,   /* DOI -> work record */
	KG_T_WINDEX,  /* index char + key -> dup: DOI (for matching without DOI) */
	KG_T_CACHE,   /* namespace + key -> cached remote answer */
	KG_T_MATERIALS, /* material_id 0x1f sid -> material record */
	KG_T_COUNT
};

struct kg_store {
	MDB_env *env;
	MDB_dbi dbi[KG_T_COUNT];
	char *root;
	char *gen;
	char *gen_name;
	int lockfd;
	int building;
	int writable;
	int writemap; /* written through the map (a build, or KG_OPEN_WRITE): its file reserved */
	int shared;   /* KG_OPEN_SHARED: a writable env, locked only per brief write */
	uint64_t reserved; /* kg_store_reserve's room for the next kg_store_write (0: none) */
	uint64_t warmed;   /* bytes the last kg_store_write's warm.c helper asked for */
	uint64_t premapped; /* of those, bytes it mapped writable ahead of the writer */
};

/* warm.c: the pages a large write will grow the graph into, read into the
 * page cache by a helper thread a little ahead of the writer (see there).
 * kg_warm_start: a running helper for a write through the map that asked
 * for `bytes` of room (at least 64 MB), or NULL (no helper: nothing is
 * wrong, the writer faults its pages in itself). kg_warm_stop joins and
 * frees it (NULL: nothing) and returns the bytes it asked the kernel for,
 * *mapped the bytes of them it mapped writable into the writer's map.
 * kg_warm_frontier: where an LMDB writer's front is past `from`, looking at
 * the page every `step` bytes below `to` (pages of `psize` bytes). */
typedef struct kg_warmer kg_warmer;
kg_warmer *kg_warm_start(kg_store *s, uint64_t bytes);
off_t kg_warm_stop(kg_warmer *w, off_t *mapped);
off_t kg_warm_frontier(int fd, size_t psize, off_t from, off_t to, off_t step);

struct kg_txn {
	kg_store *s;
	MDB_txn *txn;
	int write;
	uint64_t next_vid;
	uint32_t next_sid;
	int counters_loaded;
	void *memo;                  /* kg_txn_memo_set: a read transaction's cache */
	void (*memo_free)(void *);
	/* a read transaction's cursor on the work index, kept between index
	 * reads (graph.c's index_cursor); renewed onto the txn after a renew */
	MDB_cursor *icur;
	int icur_busy;               /* lent out: a nested read opens its own */
	int icur_stale;              /* the txn was renewed since its last use */
	/* kfilter.c's key filter: a read txn's view of the stored one,
	 * a write txn's copy in memory (owned; kg_kf_drop) */
	struct kg_kfilter *kf;
	uint64_t kf_base;            /* a write txn's index entry count at its start */
	/* cache.c's caches of a read txn's commit, made after a few reads
	 * (owned; kg_commit_caches_drop): the set of its name keys, and
	 * where the nodes read lately lie in its map */
	struct kg_nameset *names;
	unsigned name_finds;         /* kg_name_find calls before the set is made */
	struct kg_nodecache *nodes;
	unsigned node_gets;          /* kg_node_get calls before the cache is made */
	int kf_base_known;
	/* a write txn's working memory for sorting index entries (made by
	 * graph.c, owned by the txn: store.c frees it at the txn's end); the
	 * struct is graph.h's kg_index_sorter, which an ingest's helper
	 * thread holds one of */
	struct kg_index_sorter {
		unsigned char *mem;
		size_t cap;
	} sorter;
};

/* LMDB's MDB_val holds a non-const pointer even for keys it only reads. */
static inline void *kg_unconst(const void *p)
{
	union {
		const void *c;
		void *v;
	} u;

	u.c = p;
	return u.v;
}

/* Map an LMDB return code to a PK_E* code with a message. */
int kg_mdb_error(int rc, const char *what);

/* ---- the index keys' Bloom filter (kfilter.c) ----
 * Over the work index's title and term keys (9 bytes: tag and hash) and
 * identifier keys ('I').
 * Kept in KG_T_META by every write that adds such a key; trusted by
 * readers only while the index's entry count is the one it was written
 * for. */

/* Is key one the filter covers? */
int kg_kf_filtered(const void *key, size_t klen);
/* 0: key is in no work index entry of read txn t; 1: it may be (any key
 * the filter does not cover, a write txn, no trusted filter). */
int kg_kf_maybe(kg_txn *t, const void *key, size_t klen);
/* Start reading the filter's block of key into the cache. */
void kg_kf_prefetch(kg_txn *t, const void *key, size_t klen);
/* A write txn t begins (or begins again after a checkpoint): note the
 * index's entry count. */
void kg_kf_begin(kg_txn *t);
/* Note key, just added to the index by write txn t; keys the filter does
 * not cover are ignored. 0 or an LMDB error; out of memory leaves the
 * graph without a trusted filter (readers probe every key), not failed. */
int kg_kf_add(kg_txn *t, const void *key, size_t klen);
/* Before write txn t commits: store the filter (or, when t added no
 * title key, carry a trusted one over to the new entry count). 0 or an
 * LMDB error. */
int kg_kf_flush(kg_txn *t);
/* Whether t holds a filter in memory (loaded by kg_kf_add). */
int kg_kf_loaded(const kg_txn *t);
/* Free t's filter state (t->kf may be NULL). */
void kg_kf_drop(kg_txn *t);

/* ---- what a read txn keeps of its commit (cache.c) ----
 * 0: read txn t's commit has no name record under key[0..n) (the KG_T_NAMES
 * key: ns and name); 1: it may (look it up). */
int kg_names_may_hold(kg_txn *t, const void *key, size_t n);
/* The node record under key[0..n) (type and key) as t read it lately:
 * 1 found (*v where it lies in the map), 0 known absent, -1 not kept
 * (read it, then kg_nodecache_put what was read: v, or NULL for none). */
int kg_nodecache_get(kg_txn *t, const char *key, size_t n, MDB_val *v);
void kg_nodecache_put(kg_txn *t, const char *key, size_t n, const MDB_val *v);
/* Free read txn t's caches of its commit (none made is fine): at its
 * end, or when it reads another commit. */
void kg_commit_caches_drop(kg_txn *t);

/* Counters kept in KG_T_META, cached in the write txn. */
int kg_next_vid(kg_txn *t, uint64_t *out);
int kg_next_sid(kg_txn *t, uint32_t *out);

#endif
