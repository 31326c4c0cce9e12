/* kg/store.h - the LMDB-backed graph store: opening, transactions, atomic
 * rebuilds.
 *
 * A graph is a directory:
 *     DIR/FORMAT        marker ("provkg graph directory")
 *     DIR/CURRENT       symlink to the generation in use, e.g. gen-20261130T073000-4242
 *     DIR/gen-NAME/      one LMDB environment each (data.mdb, lock.mdb)
 *     DIR/lock          flock()ed by the one writer (build or ingest)
 * A build writes a new generation beside the current one and swaps CURRENT
 * with rename(2), so a build killed at any moment leaves the previous
 * graph intact; readers that opened the old generation keep reading it.
 *
 * The LMDB map grows by itself: a write that hits MDB_MAP_FULL is rolled
 * back, the map doubled and the write function run again from the start,
 * so write functions must be restartable (re-read their input). Readers
 * adopt a map grown by another process (MDB_MAP_RESIZED) transparently.
 */
#ifndef KG_STORE_H
#define KG_STORE_H

#include <stddef.h>
#include <stdint.h>

#define KG_SCHEMA_VERSION 2

typedef struct kg_store kg_store;
typedef struct kg_txn kg_txn;

enum {
	KG_OPEN_READ = 0,
	KG_OPEN_WRITE = 1, /* take the writer lock; PK_EBUSY if held */
	KG_OPEN_SHARED = 2 /* read, and write now and then through kg_store_write_brief */
};

/* Open the current generation of the graph in `dir`.
 * PK_ENOTFOUND: no graph there; PK_ESCHEMA: another schema version;
 * PK_EBUSY: (write) another writer holds the lock.
 * *out is owned by the caller: kg_store_free. */
int kg_store_open(kg_store **out, const char *dir, int mode);

/* Start a new generation in `dir` (created if missing). Takes the writer
 * lock and removes generations left by killed builds. Writes go to the
 * new generation only; kg_build_commit swaps it in, kg_build_abort
 * discards it. Both free the store. */
int kg_build_begin(kg_store **out, const char *dir);
int kg_build_commit(kg_store *s);
void kg_build_abort(kg_store *s);

/* Close. Accepts NULL. A build not committed is aborted. */
void kg_store_free(kg_store *s);

/* The graph directory and the generation directory in use (borrowed,
 * valid while the store is open). */
const char *kg_store_root(const kg_store *s);
const char *kg_store_generation(const kg_store *s);

/* Bytes used by the generation's data file, and the current map size. */
int kg_store_usage(kg_store *s, uint64_t *used, uint64_t *mapsize);

/* Make sure the map has room for about `bytes` more (a hint that spares
 * write functions reruns on large ingests). The next kg_store_write also
 * takes it as the size of what it will write: when that is 64 MB or more,
 * a helper thread reads the pages the write will grow into into the page
 * cache, a little ahead of it (kg/warm.c). */
int kg_store_reserve(kg_store *s, uint64_t bytes);

/* A read transaction: a consistent snapshot of the last commit.
 * kg_txn_renew moves an existing read transaction to the newest commit
 * cheaply (for long-running readers). *out: caller frees with kg_txn_free. */
int kg_txn_read(kg_txn **out, kg_store *s);
int kg_txn_renew(kg_txn *t);
void kg_txn_free(kg_txn *t);
kg_store *kg_txn_store(kg_txn *t);
/* The commit a read transaction sees (LMDB's txn id: it changes when
 * kg_txn_renew moves to a newer commit); with kg_txn_store, the key of
 * what a caller may cache about the graph as read. */
uint64_t kg_txn_id(kg_txn *t);
/* One cache slot a higher layer keeps about what a read transaction sees
 * (query/ keeps its name resolutions there). Once set, the transaction
 * owns value: free_fn frees it when the transaction is renewed onto another
 * commit, freed, or set again. kg_txn_memo returns it (NULL: none set). A write
 * transaction has no slot: kg_txn_memo_set frees value at once and
 * returns PK_EINVAL (what a write changes must not be cached). */
void *kg_txn_memo(kg_txn *t);
int kg_txn_memo_set(kg_txn *t, void *value, void (*free_fn)(void *));

/* Run fn in one write transaction and commit it. fn returns 0 to commit or
 * a negative code to roll back (returned as is). PK_EMAPFULL from fn or the
 * commit grows the map and reruns fn from the start. */
typedef int (*kg_write_fn)(kg_txn *t, void *ctx);
int kg_store_write(kg_store *s, kg_write_fn fn, void *ctx);

/* Graph metadata: small text values ("schema", "built_at", ...).
 * kg_meta_get copies into out (NUL-terminated, truncated to n). */
int kg_meta_put(kg_txn *t, const char *key, const char *value);
int kg_meta_get(kg_txn *t, const char *key, char *out, size_t n);

/* Map size of generations built from now on (0: the default, 256 MiB).
 * The map still grows as needed; tests set it small to exercise growth. */
void kg_set_initial_mapsize(size_t bytes);

/* Inside kg_store_write on a generation being built (not yet published):
 * commit what was written so far and continue in a fresh transaction, so a
 * large build does not hold every dirty page in memory. A no-op on a
 * published graph, where the whole write stays one atomic transaction.
 * Write functions that checkpoint must be idempotent (a rerun after a map
 * resize starts from the beginning and rewrites the same records). */
int kg_txn_checkpoint(kg_txn *t);

/* On a store opened KG_OPEN_SHARED: take the writer lock for one write
 * transaction and release it (small writes by long-running readers: the
 * online answer cache). PK_EBUSY when another process holds the lock or
 * the graph was rebuilt since the store was opened (the write would land
 * in a retired generation). */
int kg_store_write_brief(kg_store *s, kg_write_fn fn, void *ctx);

/* ---- snapshots -------------------------------------------------------- */

/* A snapshot is a graph directory of its own, read-only: the current
 * generation copied compacted (LMDB's mdb_env_copy2 with MDB_CP_COMPACT,
 * from one read transaction: consistent while writers write), and a
 * manifest DIR/SNAPSHOT naming the graph it came from, its generation,
 * the data file's size and sha256. Opened like any graph (--db DIR), but
 * without a lock file (MDB_NOLOCK: nothing writes it), so it can be read
 * from a read-only file system; build and ingest refuse it. */
typedef struct kg_snapshot_info {
	char sha256[65];       /* of gen-NAME/data.mdb */
	uint64_t bytes;        /* of gen-NAME/data.mdb */
	char generation[128];  /* the generation copied */
	char from[512];        /* the graph directory it was taken from */
} kg_snapshot_info;

/* Write a snapshot of s into dir, which must not exist (it appears whole
 * or not at all: written beside it, then renamed). 0 with *info filled,
 * PK_EINVAL (dir exists), PK_EIO, PK_ENOMEM. */
int kg_store_snapshot(kg_store *s, const char *dir, kg_snapshot_info *info);
/* Read dir's manifest and, when verify is set, hash its data file again
 * (a copy staged to another disk): 0 when it matches, PK_ENOTFOUND (not a
 * snapshot), PK_EIO (the bytes differ from the manifest: the message says
 * what it expected and found). */
int kg_snapshot_check(const char *dir, int verify, kg_snapshot_info *info);
/* Is dir a snapshot (has a SNAPSHOT manifest)? 1 / 0. */
int kg_is_snapshot(const char *dir);

/* Test hook: called with a stage name ("build-written", "build-swapped",
 * ...) at the points where a crash matters. NULL disables. */
typedef void (*kg_testpoint_fn)(const char *stage);
void kg_set_testpoint(kg_testpoint_fn fn);

#endif
