/* ingest/ingest.h - turn source dumps into graph records.
 *
 * ingest/ knows the source formats (CODATA allascii tables, NIST atomic
 * weights, provkg's alias/element/unit tables, Materials Project documents,
 * Crossref works) and writes through the kg/ API only. A plan groups the
 * paths a user names into source editions; each entry is ingested inside
 * a write transaction the caller provides, so the caller decides what is
 * atomic: `provkg build` writes a new generation, `provkg ingest` commits
 * everything it was given in one transaction.
 *
 * Bad records are skipped, counted and described ("file:line: reason") in
 * the result; with opts->strict the first one fails the entry with
 * PK_ESTRICT, and the caller's transaction must be rolled back.
 * Entry functions are restartable: they re-read their input when the
 * store reruns a transaction after growing its map.
 */
#ifndef INGEST_H
#define INGEST_H

#include "../common/buf.h"
#include "../kg/store.h"

#include <stddef.h>
#include <stdint.h>

enum ingest_kind {
	INGEST_UNKNOWN = 0,
	INGEST_CODATA,   /* NIST CODATA allascii table */
	INGEST_NIST_AW,  /* NIST atomic weights and isotopic compositions (linearized ASCII) */
	INGEST_ALIASES,  /* provkg alias table (names and symbols of quantities) */
	INGEST_ELEMENTS, /* provkg element table (Z, symbol, names) */
	INGEST_UNITS,    /* provkg unit table */
	INGEST_MATH,     /* provkg mathematical constants (pi, e, ...) */
	INGEST_MP_PROPERTIES, /* provkg material property table */
	INGEST_MP,       /* Materials Project documents (JSON, JSONL, .gz) */
	INGEST_CROSSREF, /* Crossref works (public data file, JSONL, API responses) */
	INGEST_DOCUMENTATION /* recognised reference material (an API schema): skipped */
};

typedef struct ingest_opts {
	int strict;           /* first bad record fails the entry */
	const char *edition;  /* edition for sources whose files do not name one */
	int complete;         /* mark sources as complete dumps (closed world) */
	int with_refs;        /* Crossref: keep reference lists and abstracts */
	/* progress on long work; called from the ingesting thread */
	void (*progress)(void *ctx, const char *what, uint64_t done, uint64_t total);
	void *ctx;
} ingest_opts;

#define INGEST_WARN_MAX 200 /* messages kept per entry; the rest are counted */

typedef struct ingest_result {
	int kind;
	char edition[64];
	uint64_t records;   /* records written */
	uint64_t rejected;  /* bad records skipped */
	uint64_t dropped;   /* bad fields dropped from records that were kept */
	pk_buf warnings;    /* "file:line: reason\n" lines, at most INGEST_WARN_MAX */
	uint64_t warnings_dropped;
} ingest_result;

void ingest_result_init(ingest_result *r);
void ingest_result_release(ingest_result *r);

/* Sniff a file's (or directory's) format from its content.
 * Sets *kind (INGEST_UNKNOWN if unrecognised). PK_EIO if unreadable. */
int ingest_detect(int *kind, const char *path);
const char *ingest_kind_name(int kind);

typedef struct ingest_plan ingest_plan;

/* Expand paths (files and directories, walked recursively) into source
 * entries. A directory whose files are all Crossref works (or all MP
 * documents) is one entry; every other file is an entry of its own.
 * Documentation files (*.md, SOURCES*, README*, LICENSE*, *.edition) are
 * skipped; any other unrecognised file is PK_EPARSE naming it.
 * *out: caller frees with ingest_plan_free. */
int ingest_plan_make(ingest_plan **out, const char *const *paths, size_t n);
size_t ingest_plan_count(const ingest_plan *p);
/* The entry's kind and display path (borrowed, valid while p lives). */
int ingest_plan_kind(const ingest_plan *p, size_t i);
const char *ingest_plan_path(const ingest_plan *p, size_t i);
/* Total input bytes of an entry (for map reservation and progress). */
uint64_t ingest_plan_bytes(const ingest_plan *p, size_t i);
void ingest_plan_free(ingest_plan *p);

/* Ingest entry i inside write transaction t. res is reset first. */
int ingest_plan_run(kg_txn *t, const ingest_plan *p, size_t i, const ingest_opts *o,
		    ingest_result *res);

/* The per-format entry points (used by ingest_plan_run and the tests). */
int ingest_codata(kg_txn *t, const char *path, const ingest_opts *o, ingest_result *res);
int ingest_nist_aw(kg_txn *t, const char *path, const ingest_opts *o, ingest_result *res);
int ingest_aliases(kg_txn *t, const char *path, const ingest_opts *o, ingest_result *res);
int ingest_elements(kg_txn *t, const char *path, const ingest_opts *o, ingest_result *res);
int ingest_units(kg_txn *t, const char *path, const ingest_opts *o, ingest_result *res);
int ingest_math(kg_txn *t, const char *path, const ingest_opts *o, ingest_result *res);
int ingest_mp_properties(kg_txn *t, const char *path, const ingest_opts *o, ingest_result *res);
/* Materials Project documents (summary or legacy materials), one edition. */
int ingest_mp(kg_txn *t, const char *path, char *const *files, size_t nfiles, const ingest_opts *o,
	      ingest_result *res);
/* Crossref works from `files` (a directory's files, or one file) as the
 * source edition named after `path` (or --edition / a .edition sidecar). */
int ingest_crossref(kg_txn *t, const char *path, char *const *files, size_t nfiles, const ingest_opts *o,
		    ingest_result *res);

#endif
