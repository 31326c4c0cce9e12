/* kg/internal.h - tables and helpers shared by the kg/ files only. */
#ifndef KG_INTERNAL_H
#define KG_INTERNAL_H

#include "store.h"

#include <lmdb.h>

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
};

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

/* Counters kept in KG_T_META, cached in the write txn. */
int kg_next_vid(kg_txn *t, uint64_t *out);
int kg_next_sid(kg_txn *t, uint32_t *out);

#endif
