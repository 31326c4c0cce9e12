/* ingest/internal.h - helpers shared by the ingest parsers. */
#ifndef INGEST_INTERNAL_H
#define INGEST_INTERNAL_H

#include "../kg/graph.h"
#include "ingest.h"

/* Count a bad field dropped from a record that is kept (NaN, an unknown
 * unit) and keep its message; PK_ESTRICT under --strict. */
int ingest_drop_field(ingest_result *r, const ingest_opts *o, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Keep a message about input that is sound but not taken (not a bad
 * record: not counted, not an error under --strict). */
int ingest_note(ingest_result *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Count a bad record and keep its message. Returns 0 to go on, or
 * PK_ESTRICT (with the message as the error) under --strict. */
int ingest_reject(ingest_result *r, const ingest_opts *o, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Begin (replace) the source edition for `path`: computes the sha256 of the
 * file (or of a directory's sorted file list and hashes). With
 * INGEST_HASH_LATER the caller hashes while reading and passes the digest
 * to kg_source_finish. */
#define INGEST_HASH_LATER (1u << 31)
int ingest_source_begin(kg_txn *t, ingest_result *r, const char *kind, const char *edition,
			const char *path, const char *note, uint32_t flags, uint32_t *sid);

/* The last path component (borrowed from path). */
const char *ingest_basename(const char *path);
/* path without "//", "/./" and a trailing '/' (one source, one edition,
 * however the path is written); ".", ".." and "a/.." through realpath so
 * that a directory keeps its own name. out has cap bytes. */
int ingest_path_clean(const char *path, char *out, size_t cap);

/* Fold a display name into a quantity key: case folded, single spaces. */
char *ingest_quantity_key(const char *name);

/* Register the usual names of a quantity node: the folded name and its words. */
int ingest_quantity_names(kg_txn *t, uint32_t sid, const char *name, const char *qkey);

/* Read the edition from "<path>.edition" if present (first line, trimmed). */
int ingest_sidecar_edition(char *out, size_t n, const char *path);
/* The edition of a dump named by nothing inside it: its sidecar, else
 * --edition, else the file's or directory's name. */
int ingest_edition(char *out, size_t n, const char *path, const ingest_opts *o);

/* The Crossref pipeline's inflater and parser call this first: the
 * calling thread's nice value goes up by INGEST_BEHIND (at most to 19), so
 * that the writer, the pipeline's slowest stage and a thread of normal
 * priority, gets a core before them when the cores are busy (paired 1M
 * ingests on 2 cores: faster in 9 rounds of 10; docs/benchmarks.md).
 * Only on Linux, where the nice value belongs to the thread; elsewhere it
 * would slow the whole process, and nothing is done. 1 if lowered, else 0; never an
 * error. */
#define INGEST_BEHIND 10
int ingest_thread_behind(void);

#endif
