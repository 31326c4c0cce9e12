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
	INGEST_DOCUMENTATION, /* recognised reference material (an API schema): skipped */
	INGEST_PINT,     /* Pint's unit definitions (default_en.txt) */
	INGEST_PINT_IMPORT, /* a file Pint's definitions @import (constants_en.txt): read through it */
	INGEST_PIF,      /* measured material properties, Citrine PIF JSON (band gaps) */
	INGEST_VENUES,   /* provkg venue table (acronyms of conferences and journals) */
	INGEST_ARXIV,    /* arXiv metadata: snapshot JSON lines, OAI-PMH XML, API Atom */
	INGEST_ARXIV_XML, /* (an arXiv file in XML: ingested as INGEST_ARXIV) */
	INGEST_DBLP,     /* dblp.xml (with dblp.dtd beside it) */
	INGEST_DTD,      /* a DTD (dblp.dtd): read through the XML that names it */
	INGEST_PUBMED,   /* PubmedArticleSet XML (baseline and update files) */
	INGEST_DATACITE, /* DataCite REST /dois JSON, JSON lines */
	INGEST_OPENALEX  /* OpenAlex works: snapshot JSON lines, API responses */
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

/* An empty result (its warnings capped at INGEST_WARN_MAX lines); release
 * frees the warnings and zeroes it. */
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
/* Venue acronyms: "acronym <TAB> names (|) <TAB> origin" as venue nodes. */
int ingest_venues(kg_txn *t, const char *path, const ingest_opts *o, ingest_result *res);
int ingest_mp_properties(kg_txn *t, const char *path, const ingest_opts *o, ingest_result *res);
/* Pint's definitions (and the files they @import) as unit nodes; the
 * edition from "<path>.edition" (Pint's version). */
int ingest_pint(kg_txn *t, const char *path, const ingest_opts *o, ingest_result *res);
/* Measured band gaps from a PIF JSON array; the edition from "<path>.edition". */
int ingest_pif(kg_txn *t, const char *path, const ingest_opts *o, ingest_result *res);
/* Materials Project documents (summary or legacy materials), one edition. */
int ingest_mp(kg_txn *t, const char *path, char *const *files, size_t nfiles, const ingest_opts *o,
	      ingest_result *res);
/* Crossref works from `files` (a directory's files, or one file) as the
 * source edition named after `path` (or --edition / a .edition sidecar). */
int ingest_crossref(kg_txn *t, const char *path, char *const *files, size_t nfiles, const ingest_opts *o,
		    ingest_result *res);

/* Works of another bibliographic database (kind INGEST_ARXIV, _DBLP,
 * _PUBMED, _DATACITE, _OPENALEX) from `files` as one source edition named
 * after `path` (or --edition / a .edition sidecar), with what the edition
 * covers (ingest/biblio.h). */
int ingest_biblio(kg_txn *t, int kind, const char *path, char *const *files, size_t nfiles,
		  const ingest_opts *o, ingest_result *res);

/* ---- fetching dumps (ingest/fetch.c) ------------------------------------ */

#include "../common/http.h"

typedef struct ingest_fetch_source {
	const char *name;   /* "codata", "codata-2018", "nist-aw", "crossref" */
	const char *url;    /* "{doi}" is replaced by the argument after "crossref:" */
	const char *path;   /* under the sources directory; "{edition}" is the edition the
	                     * downloaded file states, "{doi}" the DOI made a file name */
	const char *sha256; /* the known content, or NULL */
	int kind;           /* what the file is (INGEST_*) */
	const char *what;
} ingest_fetch_source;

/* The built-in known sources. */
const ingest_fetch_source *ingest_fetch_known(size_t *n);

typedef struct ingest_fetch_opts {
	pk_http_opts http;  /* timeouts, retries, back-off, CA bundle, progress */
	const char *sha256; /* the content must have this hash, else nothing is written */
	int force;          /* no conditional request: download even if unchanged */
	int kind;           /* with "{edition}" in dest: the format to read the edition from */
	/* told before each retry: attempt number, HTTP status (0: network), wait, why */
	void (*on_retry)(void *ctx, int attempt, long status, long wait_ms, const char *why);
	void *ctx;
} ingest_fetch_opts;

typedef struct ingest_fetch_result {
	int changed;        /* the file now holds new content (0: 304, or the same bytes) */
	int resumed;        /* a partial download was continued */
	int attempts;
	long status;        /* the last HTTP status */
	uint64_t bytes;     /* size of the file */
	char sha256[65];
	char path[4096];    /* the file written (dest with {edition} filled in) */
} ingest_fetch_result;

/* Download url to dest (a file path; directories are created). Writes to a
 * hidden ".NAME.part" beside it and renames it into place only when whole
 * and, if o->sha256 is set, when its hash agrees (else PK_EPARSE and
 * nothing is written). A partial download from an earlier attempt or run
 * is resumed with Range + If-Range; the ETag / Last-Modified recorded in
 * ".NAME.fetch" make the request conditional, so an unchanged file is not
 * downloaded again (result changed = 0). Retries follow pk_http_retry_wait
 * (5xx, 429 with Retry-After, resets, timeouts, truncated bodies).
 * Errors: PK_ENET (after the retries; a partial download is kept for the
 * next run), PK_ENOTFOUND (HTTP 404/410), PK_EPARSE (checksum, or no
 * edition in a file named by it), PK_EIO. */
int ingest_fetch(pk_http *h, const char *url, const char *dest, const ingest_fetch_opts *o,
		 ingest_fetch_result *res);

/* ---- Crossref works in memory (ingest/crossref.c) ------------------------ */

/* Parse Crossref JSON held in memory (a /works/{doi} or /works response, a
 * work, {"items":[...]}) into encoded work records (kg/work.h): fn gets
 * each normalised DOI and record, borrowed for the call. Broken records
 * are skipped and counted in *rejected (may be NULL). */
typedef int (*ingest_work_fn)(void *ctx, const char *doi, size_t doi_len, const void *rec, size_t len);
int ingest_crossref_parse(const char *text, size_t n, ingest_work_fn fn, void *ctx, size_t *rejected);

/* ---- the Crossref REST API (ingest/online.c) ------------------------------ */

typedef struct ingest_online ingest_online;

typedef struct ingest_online_opts {
	const char *base;   /* API root (a mirror); NULL: https://api.crossref.org */
	const char *mailto; /* a contact address: Crossref's polite pool */
	long ttl_s;         /* cached answers younger than this are used; 0: 30 days, <0: no cache */
	int rows;           /* hits asked of a bibliographic search; 0: 5 */
	pk_http_opts http;  /* timeouts, retries (default 3), CA bundle */
} ingest_online_opts;

/* Works the API answered with, encoded (kg/work.h), and where they came from. */
typedef struct ingest_online_works {
	pk_buf data;
	size_t off[20], len[20];
	size_t n;
	long status;        /* the HTTP status of the answer (200, 404) */
	int cached;         /* from the graph's cache */
	int64_t fetched_at; /* when the answer was fetched (unix seconds) */
} ingest_online_works;

/* cache: a graph opened KG_OPEN_SHARED (answers are read through the
 * caller's transaction and written in brief write transactions; NULL: no
 * cache). Borrowed; options copied. */
int ingest_online_new(ingest_online **out, kg_store *cache, const ingest_online_opts *o);
void ingest_online_free(ingest_online *c);
void ingest_online_works_release(ingest_online_works *w);
/* GET {base}/works/{doi}: status 200 with the work, or 404 (not a Crossref
 * DOI). t: the caller's read transaction (for the cache), or NULL. */
int ingest_online_doi(ingest_online *c, kg_txn *t, const char *doi, ingest_online_works *out);
/* GET {base}/prefixes/{prefix}: is it a Crossref member's prefix? */
int ingest_online_prefix(ingest_online *c, kg_txn *t, const char *prefix, int *known);
/* GET {base}/works?query.bibliographic=TEXT&rows=N: the API's best hits
 * (it always returns some: the caller must check them). */
int ingest_online_search(ingest_online *c, kg_txn *t, const char *text, ingest_online_works *out);
/* Requests made and answers taken from the cache so far. */
void ingest_online_stats(const ingest_online *c, size_t *requests, size_t *cache_hits, size_t *cache_skipped);

/* The edition a CODATA table states in its header ("2022"). */
int ingest_codata_edition(const char *path, char *year, size_t n);

#endif
