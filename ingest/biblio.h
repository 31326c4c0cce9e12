/* ingest/biblio.h - the bibliographic databases besides Crossref (internal).
 *
 * arXiv (metadata snapshot JSON lines, OAI-PMH arXiv / arXivRaw XML, API
 * Atom feeds), DBLP (dblp.xml with its DTD), PubMed (PubmedArticleSet XML,
 * deletions of update files), DataCite (REST /dois JSON, JSON lines) and
 * OpenAlex (works JSON lines, API responses) become kg_work records of one
 * source edition each, stored under the key kg_work_key gives and indexed
 * by kg_work_keys. Each parser streams its file and hands records to
 * bib_put; bad records go to bib_reject ("file:line: reason").
 *
 * Coverage, what an edition says it holds, is claimed by the bulk formats
 * only (the arXiv snapshot, dblp.xml, PubMed's files, the DataCite and
 * OpenAlex JSON lines); API answers (OAI-PMH, Atom, REST documents) cover
 * just the records they hold. It is written as 'C' index
 * entries owned by the source: "doi:PREFIX" (a DOI registry's prefixes),
 * "arxiv:YYMM" / "arxiv:ARCHIVE/YYMM" -> the highest number of that month,
 * "pmid" -> "LOW-HIGH" per file, "dblp:STREAM" (conf/nips, journals/acta),
 * "openalex" -> "LOW-HIGH" W numbers; "summary:SID" -> one line for
 * `provkg sources`.
 */
#ifndef INGEST_BIBLIO_H
#define INGEST_BIBLIO_H

#include "internal.h"

#include "../kg/work.h"

typedef struct bib_month {
	char key[40]; /* "0704", "hep-th/9901" */
	uint32_t max;
} bib_month;

typedef struct bib {
	kg_txn *t;
	uint32_t sid;
	const ingest_opts *o;
	ingest_result *res;
	const char *file;     /* the file being read */
	uint64_t line;        /* where in it (0: unknown) */
	pk_buf rec, key, tmp;
	char last_prefix[64]; /* coverage keys already written (the last DOI prefix) */
	bib_month *months;    /* arXiv: the highest number of each month */
	size_t nmonths, cap_months;
	uint64_t lo, hi;      /* PMIDs / OpenAlex numbers of this file */
	char newest[32];      /* the newest date a record states */
	uint64_t records, deleted, skipped;
	uint64_t since_checkpoint;
	int bulk;             /* the file is a dump (snapshot, data file), not API answers:
	                       * it covers what its kind covers, not only its records */
	/* for the summary `provkg sources` shows */
	int any_bulk;
	uint64_t prefixes;    /* DOI prefixes covered */
	char streams[160];    /* the first dblp streams covered */
	uint64_t nstreams;
	uint64_t cov_lo, cov_hi; /* PMIDs / OpenAlex numbers covered (all files) */
} bib;

/* Store a work (w->db set), its index keys and its coverage. 0, or an
 * error that stops the entry (a rejected record is not an error). */
int bib_put(bib *b, const kg_work *w);
/* Count a bad record "file:line: reason"; PK_ESTRICT under --strict. */
int bib_reject(bib *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A record the database itself withdrew (PubMed DeleteCitation): its
 * record goes; a tombstone 'X' + key says it was deleted. */
int bib_delete(bib *b, const char *key);
/* A coverage entry 'C' + what -> value (see above). */
int bib_cover(bib *b, const char *what, const char *value);
/* Keep the newest date seen (ISO "YYYY-MM-DD..." compare as strings). */
void bib_date(bib *b, const char *iso);
/* The highest number of an arXiv id's month, for coverage. */
int bib_arxiv_seen(bib *b, const char *id);

/* Trimmed copy of s[0..len) into dst (n bytes with the NUL), cut on a
 * character boundary. */
void bib_copy(char *dst, size_t n, const char *s, size_t len);

/* Trimmed copy of text with runs of white space as one space, into an
 * arena the caller owns (pk_buf); returns the offset, or (size_t)-1. */
size_t bib_text(pk_buf *arena, const char *text, size_t n);

/* As bib_text, with TeX accents and letters made characters ("Bal\\'azs"
 * -> "Balázs", "\\ss" -> "ß") and braces dropped. */
size_t bib_tex(pk_buf *arena, const char *text, size_t n);

/* One record as a parser reads it: every string in the arena, each field
 * an offset + 1 (0: absent). */
typedef struct bib_rec {
	pk_buf a;
	size_t title, doi, arxiv, pmid, pmcid, dblp, openalex, journal_ref, type, publisher;
	size_t original_title; /* the title in the work's own language (PubMed's VernacularTitle) */
	size_t venue, venue_short, volume, issue, pages;
	size_t venue_also; /* another name the work is found under (a repository's) */
	size_t issn[4], nissn;
	size_t given[KG_WORK_AUTHORS], family[KG_WORK_AUTHORS], nauthors, author_count;
	size_t vv[KG_WORK_VERSIONS], vdate[KG_WORK_VERSIONS], nversions;
	size_t rel_type[4], rel_id[4], nrel;  /* "is-preprint-of" -> a DOI */
	int year, retracted;
} bib_rec;

/* Empty the record (its arena is kept for the next). */
void bib_rec_reset(bib_rec *r);
void bib_rec_release(bib_rec *r);
/* Set a field from text (white space runs folded; TeX accents decoded
 * when tex). */
int bib_rec_set(bib_rec *r, size_t *field, const char *text, size_t n, int tex);
/* Add an author (given may be NULL); counted beyond KG_WORK_AUTHORS. */
int bib_rec_author(bib_rec *r, const char *given, size_t gn, const char *family, size_t fn, int tex);
/* An author as one string: "Family, Given" or "Given [particle] Family". */
int bib_rec_author_name(bib_rec *r, const char *name, size_t n, int tex);
/* "A. One, B. Two and C. Three". */
int bib_rec_authors_list(bib_rec *r, const char *s, size_t n, int tex);
int bib_rec_version(bib_rec *r, const char *v, const char *date);
/* The record as a kg_work of database db, through bib_put. */
int bib_rec_put(bib *b, bib_rec *r, const char *db);
/* The year a date states ("2007-04-02", "Mon, 2 Apr 2007 ..."), or 0. */
int bib_year(const char *date);

/* Each record of a JSON file: JSON lines, or one document (a record, an
 * array of them, or an API envelope {"data"|"results"|"items"|"message"}).
 * each returns <0 to stop. */
struct cJSON;
int bib_json_records(bib *b, const char *file, int (*each)(bib *, const struct cJSON *, void *), void *ctx);
/* Member k of object o if it is a string (borrowed from o), else NULL. */
const char *bib_str(const struct cJSON *o, const char *k);

/* The per-format readers: one file each. */
int bib_arxiv_jsonl(bib *b, const char *file);
int bib_arxiv_xml(bib *b, const char *file);   /* OAI-PMH (arXiv, arXivRaw) and Atom */
int bib_dblp_xml(bib *b, const char *file);
int bib_pubmed_xml(bib *b, const char *file);
int bib_datacite_json(bib *b, const char *file);
int bib_openalex_json(bib *b, const char *file);

#endif
