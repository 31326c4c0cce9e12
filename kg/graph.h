/* kg/graph.h - the graph's records: sources, nodes, values, names.
 *
 * Data model (what each record means is up to ingest/ and query/):
 *  - a source is one edition of one dump (kind "CODATA", edition "2018",
 *    file, sha256, record count, time ingested);
 *  - a node is a quantity (type 'Q', e.g. "planck constant") or an entity
 *    (type 'E': element "Fe", isotope "Fe-56", material "mp-149"), keyed
 *    by a canonical key and shared by every source that mentions it;
 *  - a value links a quantity, optionally an entity, and the source it
 *    came from, with its number, uncertainty, unit and locator
 *    (file:line or record id): the edges value->quantity, value->entity
 *    and value->source;
 *  - a name maps a lookup key in a namespace (see KG_NS_*) to a node.
 * Every record a source creates is listed under it, so re-ingesting an
 * edition deletes all of them first and no stale record survives; nodes
 * are deleted when the last source that mentions them goes.
 *
 * Strings in structs filled by the getters are borrowed from LMDB and
 * valid until the transaction ends or is renewed.
 */
#ifndef KG_GRAPH_H
#define KG_GRAPH_H

#include "store.h"

#include <stddef.h>
#include <stdint.h>

/* ---- sources ---------------------------------------------------------- */

enum {
	KG_SOURCE_COMPLETE = 1 << 0 /* the dump covers its domain completely (closed world) */
};

typedef struct kg_source {
	uint32_t id;
	const char *kind;    /* "CODATA", "NIST-AW", "MP", "Crossref", ... */
	const char *edition; /* "2018", "2022.10.28", ... */
	const char *file;    /* file or directory ingested (as given) */
	const char *sha256;  /* of the file's bytes; of the sorted file list for a directory */
	const char *note;    /* free text: origin, license, header line */
	uint64_t records;
	uint64_t rejected;   /* bad records skipped */
	int64_t ingested_at; /* unix seconds */
	uint32_t flags;
} kg_source;

/* Start (re)writing source (kind, edition) in a write txn: if it exists,
 * everything it owned is deleted and its id reused. *out_id receives the
 * id to pass to the other writers. */
int kg_source_begin(kg_txn *t, const kg_source *src, uint32_t *out_id);
/* Record the final counts (and time) of a source begun in this txn, and
 * its sha256 when it was only known at the end (NULL keeps the one given
 * to kg_source_begin). */
int kg_source_finish(kg_txn *t, uint32_t id, uint64_t records, uint64_t rejected, const char *sha256);
/* Delete a source and everything it owned. PK_ENOTFOUND if absent. */
int kg_source_delete(kg_txn *t, uint32_t id);

/* A source by id, or by kind and edition: 0 with *out filled (its strings
 * point into the transaction's pages: valid until it ends or writes),
 * PK_ENOTFOUND, PK_EIO for a corrupt index. */
int kg_source_get(kg_txn *t, uint32_t id, kg_source *out);
int kg_source_find(kg_txn *t, const char *kind, const char *edition, kg_source *out);
/* Call cb for each source in id order; a non-zero return stops and is returned. */
int kg_source_each(kg_txn *t, int (*cb)(const kg_source *src, void *ctx), void *ctx);
/* Is kind a bibliographic source, one whose records are works ("Crossref",
 * "arXiv", "DBLP", "PubMed", "DataCite", "OpenAlex")? */
int kg_kind_bibliographic(const char *kind);

/* Compare editions numerically part by part ("2014" < "2018",
 * "2022.9.1" < "2022.10.28"); <0, 0, >0. */
int kg_edition_cmp(const char *a, const char *b);

/* ---- nodes ------------------------------------------------------------ */

/* KG_VENUE: a venue acronym (key: folded, "neurips"), data {"names": [...]} */
enum { KG_QUANTITY = 'Q', KG_ENTITY = 'E', KG_UNIT = 'U', KG_VENUE = 'V' };

typedef struct kg_node {
	char type;          /* KG_QUANTITY, KG_ENTITY, KG_UNIT or KG_VENUE */
	const char *key;    /* canonical key */
	const char *name;   /* display name */
	const char *kind;   /* "constant", "element", "isotope", "material", "property", ... */
	const char *symbol; /* may be NULL */
	const char *unit;   /* usual unit of a quantity; may be NULL */
	const char *data;   /* kind-specific JSON text; may be NULL */
	int64_t z, a;       /* atomic and mass numbers of elements/isotopes, else 0 */
} kg_node;

/* Insert or update a node on behalf of source sid. Fields given (non-NULL,
 * non-zero) replace the stored ones, the others are kept; the set of
 * sources mentioning the node gains sid. */
int kg_node_put(kg_txn *t, uint32_t sid, const kg_node *n);
int kg_node_get(kg_txn *t, char type, const char *key, kg_node *out);
/* Call cb for each node of a type whose key starts with prefix. */
int kg_node_each(kg_txn *t, char type, const char *prefix,
		 int (*cb)(const kg_node *n, void *ctx), void *ctx);

/* ---- values ----------------------------------------------------------- */

enum {
	KG_V_EXACT = 1 << 0,     /* exact by definition (uncertainty 0) */
	KG_V_TRUNCATED = 1 << 1, /* published text ends in "..." */
	KG_V_ESTIMATED = 1 << 2, /* marked '#' (estimated, not measured) */
	KG_V_INTERVAL = 1 << 3,  /* an interval [lo, hi]; value is its midpoint */
	KG_V_MASSNUM = 1 << 4,   /* "[A]": mass number of the longest-lived isotope */
	KG_V_COMPUTED = 1 << 5,  /* computed (e.g. DFT), not measured */
	KG_V_TEXT = 1 << 6,      /* no number: value_text only (e.g. a space group) */
	KG_V_NOUNC = 1 << 7,     /* uncertainty not given */
	KG_V_MEASURED = 1 << 8   /* a measurement report (a compilation of experiments) */
};

typedef struct kg_value {
	uint64_t id;
	const char *quantity; /* node key of the quantity */
	const char *entity;   /* node key of the entity, or NULL */
	uint32_t source;
	double value;
	double uncertainty;   /* standard uncertainty; 0 when exact */
	double lo, hi;        /* KG_V_INTERVAL only */
	const char *value_text;
	const char *unc_text;
	const char *unit;     /* as published ("J Hz^-1", "eV", ...); NULL if none */
	const char *locator;  /* "allascii-2018.txt:243", "mp-149#band_gap", ... */
	const char *note;     /* e.g. "DFT (GGA)" */
	uint32_t flags;
} kg_value;

/* Add a value owned by v->source; *out_id (may be NULL) gets its id. */
int kg_value_add(kg_txn *t, const kg_value *v, uint64_t *out_id);
int kg_value_get(kg_txn *t, uint64_t id, kg_value *out);
/* Call cb for each value linked to the node (type, key), in id order. */
int kg_value_each(kg_txn *t, char type, const char *key,
		  int (*cb)(const kg_value *v, void *ctx), void *ctx);

/* ---- names ------------------------------------------------------------ */

enum {
	KG_NS_SYMBOL = 'S', /* exact, case-sensitive symbols: "h", "G", "Fe" */
	KG_NS_NAME = 'N',   /* pk_text_name_key() of names and aliases */
	KG_NS_WORD = 'W',   /* single folded words of names, for partial queries */
	KG_NS_PRIMARY = 'P', /* quantity key -> its conventional symbol (target) */
	KG_NS_FIELD = 'Y'    /* a source's field name ("band_gap") -> its quantity */
};

typedef struct kg_name_hit {
	char ns;
	char type;          /* node type the name points to */
	uint32_t source;    /* source that registered it */
	const char *target; /* node key */
} kg_name_hit;

/* Register name `key` (already normalised for its namespace) for a node. */
int kg_name_add(kg_txn *t, uint32_t sid, char ns, const char *key, char type, const char *target);
/* Call cb for each node registered under (ns, key). */
int kg_name_find(kg_txn *t, char ns, const char *key,
		 int (*cb)(const kg_name_hit *hit, void *ctx), void *ctx);

/* ---- generic owned documents and indexes (works, caches) ------------- */

/* Put/get a document in a keyed table (KG_DOC_WORKS, KG_DOC_CACHE).
 * Owned by sid unless sid is 0 (then it is not deleted with any source).
 * The returned bytes are borrowed until the txn ends. */
enum { KG_DOC_WORKS = 1, KG_DOC_CACHE = 2, KG_DOC_MATERIALS = 3 };
int kg_doc_put(kg_txn *t, uint32_t sid, int table, const void *key, size_t klen,
	       const void *val, size_t vlen);
int kg_doc_get(kg_txn *t, int table, const void *key, size_t klen, const void **val, size_t *vlen);
int kg_doc_del(kg_txn *t, int table, const void *key, size_t klen);
/* Call cb for each document of a table whose key starts with prefix, in
 * key order; a non-zero return stops and is returned. */
int kg_doc_each(kg_txn *t, int table, const void *prefix, size_t plen,
		int (*cb)(const void *key, size_t klen, const void *val, size_t vlen, void *ctx), void *ctx);
/* Secondary index entries (duplicates allowed): key -> target. */
int kg_index_add(kg_txn *t, uint32_t sid, const void *key, size_t klen,
		 const void *target, size_t tlen);
/* Many entries at once, as kg_index_add each: sorted in place into the
 * table's order first (the array is the caller's; keys and targets are
 * borrowed for the call) and written through one cursor, so neighbouring
 * keys reuse the page the last one was written to. On return the array's
 * key and target pointers may point at t's copies of the same bytes,
 * valid until t's next kg_index_add_many or its end. */
typedef struct kg_index_entry {
	const void *key, *target;
	uint32_t klen, tlen;
	uint64_t pfx; /* kg_index_add_many's: the key's first 8 bytes, big-endian */
} kg_index_entry;
int kg_index_add_many(kg_txn *t, uint32_t sid, kg_index_entry *e, size_t n);
/* The same in two steps, so that the sort can run on another thread while
 * the writer writes something else: kg_index_sort puts e[0..n) into the
 * table's order with the sorter's memory (no txn needed; e may then point
 * at the sorter's copies of its keys and targets, valid until its next
 * sort or kg_index_sorter_free); kg_index_add_sorted writes entries so
 * ordered, as kg_index_add each (in another order they are still written,
 * only slower). A sorter is used by one thread at a time.
 * kg_index_sorter_new: NULL when out of memory. */
typedef struct kg_index_sorter kg_index_sorter;
kg_index_sorter *kg_index_sorter_new(void);
void kg_index_sorter_free(kg_index_sorter *s);
int kg_index_sort(kg_index_sorter *s, kg_index_entry *e, size_t n);
int kg_index_add_sorted(kg_txn *t, uint32_t sid, const kg_index_entry *e, size_t n);
/* Call cb for each target under key; stops after `limit` (0: no limit). */
int kg_index_find(kg_txn *t, const void *key, size_t klen, size_t limit,
		  int (*cb)(const void *target, size_t tlen, void *ctx), void *ctx);
/* Count targets under key without visiting them. */
int kg_index_count(kg_txn *t, const void *key, size_t klen, size_t *out);
/* A hint before kg_index_find or kg_index_count of key in read txn t:
 * what tells a key no work has from the others is read into the cache
 * now, while other work goes on. Nothing else changes. */
void kg_index_prefetch(kg_txn *t, const void *key, size_t klen);

/* Graph-wide statistics for `provkg sources` and the benchmarks. */
typedef struct kg_stats {
	uint64_t sources, nodes, values, names, works, index_entries;
} kg_stats;
/* The entries of each table (LMDB's own counts: no scan). 0 or a store error. */
int kg_stats_get(kg_txn *t, kg_stats *out);

/* ---- integrity ---------------------------------------------------------- */
/* Check a graph: the schema version; every document decodes and belongs to
 * a registered source; every titled work is in the title index; every
 * index entry belongs to a source and its target (work, material) exists;
 * a document source holds no more documents than its record count (fewer
 * is a note: keys shared with another edition). report gets each problem
 * or note (a line of text; non-zero stops). 0, or an error reading. */
typedef struct kg_verify_stats {
	uint64_t sources, documents, index_entries, problems, notes;
} kg_verify_stats;
/* problem: 1 for something wrong, 0 for a note (records that share keys) */
typedef int (*kg_verify_fn)(void *ctx, int problem, const char *text);
int kg_verify(kg_txn *t, kg_verify_fn report, void *ctx, kg_verify_stats *st);

#endif
