/* query/ref.h - references as people and models write them, and whether
 * the work they describe exists ("check-ref").
 *
 * Parsing (PCRE2 on NFKC-normalised text) reads the common styles: APA,
 * Harvard, ACS ("J. Phys. Chem. C 2020, 124, 12345"), AIP and Nature
 * ("Phys. Rev. B 47, 9967 (1993)"), IEEE and MLA ("vol. 12, no. 3, pp."),
 * Vancouver ("2013;344:23-32"), Chicago ("12, no. 3 (2019): 45-67"),
 * arXiv's journal-refs as SPIRES wrote them ("Phys.Rev.D76:013009,2007"),
 * BibTeX entries, numbered lists ("[12] ..."), Chinese GB/T 7714
 * ("张三, 李四. 标题[J]. 物理学报, 2020, 69(1): 1-10."), and the short forms
 * of prose ("Zhang et al., Nature 2023", "(Smith & Jones, 2019)"). DOIs,
 * arXiv identifiers and URLs are found anywhere in the string.
 */
#ifndef QUERY_REF_H
#define QUERY_REF_H

#include "../kg/store.h"

#include <stddef.h>

#define QR_AUTHORS 32

typedef struct qr_author {
	char family[64];
	char given[64]; /* given names or initials as written */
} qr_author;

typedef struct qr_ref {
	qr_author authors[QR_AUTHORS];
	size_t nauthors;
	int et_al;              /* "et al." / "等" written */
	int year;               /* 0 if none */
	char title[512];
	char venue[256];
	char volume[32];
	char issue[32];
	char pages[64];         /* as written, dashes unified */
	char first_page[32];
	char doi[256];          /* normalised (lower case) */
	char arxiv[64];         /* as written, version kept ("1706.03762v5") */
	char pmid[16];
	char pmcid[16];         /* "PMC1790863" */
	char openalex[24];      /* "W2963403868" */
	char dblp[128];         /* a dblp key: "conf/nips/VaswaniSPUJGKP17" */
	char other_id[160];     /* a Semantic Scholar or OpenReview URL: recognised, held by no source */
	char url[256];
	char style[16];         /* "apa", "acs", "nature", "ieee", "vancouver", "bibtex", "gbt7714", "short", ... */
	char doc_type[12];      /* GB/T 7714 [J], [M], [C] ...; BibTeX entry type */
	int numbered;           /* a list marker "[12]" was stripped */
	/* the whole reference as parsed (normalised; list marker, DOI, arXiv
	 * identifier and URL removed):
	 * check-ref looks for a candidate work's own fields in it, so that a
	 * wrong parse does not lose the work ("" for a reference given as
	 * fields) */
	char text[2048];
} qr_ref;

/* Parse a reference string. Returns 0 (fields it could not find stay
 * empty), PK_EINVAL for empty or non-UTF-8 text, PK_ELIMIT for text over
 * 64 KiB. The authors past nauthors and the bytes of each string past its
 * NUL are left undefined. */
int query_ref_parse(const char *text, size_t n, qr_ref *out);

/* query_ref_parse without its shortcut for a bare DOI or DOI URL (the
 * patterns run on every string): the same result, byte for byte, which
 * the tests hold the two to. */
int query_ref_parse_full(const char *text, size_t n, qr_ref *out);

/* Compile the parser's patterns now (else the first parse does, and a
 * parse in another thread waits for it): 0, or the error of the first
 * pattern that did not compile, as every parse then returns. Any thread,
 * any number of times. */
int query_ref_parse_prepare(void);

/* The text of the parser's pattern i (as given to pk_re_compile, flags
 * 0), or NULL past the last: for tests that hold a pattern to another
 * form of it. */
const char *query_ref_pattern(size_t i);

/* Could the parser's pattern i match s[0..n) for all the words and bytes
 * it needs (an identifier's word, caseless: "arxiv", "pmid", "http", ...;
 * a tail style's punctuation: Vancouver's ';', ...)? 0 only for a pattern
 * whose word or byte s lacks, which the parser then does not run. For
 * tests that hold the patterns to it. */
int query_ref_pattern_may_match(size_t i, const char *s, size_t n);

/* Parses kept for a caller that parses the same strings again (an
 * answer's citations are parsed to be found, then to be checked; the
 * answers of a run cite the same works): up to 4,096 parses or 8 MB,
 * packed, forgotten all at once when full. Owned by the caller, one per
 * thread; query_ref_memo_new returns NULL (error set) when memory is
 * short. */
typedef struct qr_memo qr_memo;
qr_memo *query_ref_memo_new(void);
void query_ref_memo_free(qr_memo *m); /* NULL is fine */
/* A memo the threads of a batch share (behind a lock; owned by the
 * caller, outliving the memos that share it): query_ref_memo_share(m,
 * shared) has m look up in shared what it lacks, and put its own parses
 * there, so a string one thread parsed another does not parse again
 * (shared NULL: m shares no more). */
qr_memo *query_ref_memo_new_shared(void);
void query_ref_memo_share(qr_memo *m, qr_memo *shared);
/* query_ref_parse through m (NULL: none): a string parsed before, byte
 * for byte, gets that parse back; only successful parses are kept. */
int query_ref_parse_memo(qr_memo *m, const char *text, size_t n, qr_ref *out);

/* A reference given as fields (Crossref's "reference" objects:
 * "author", "year", "article-title", "journal-title", "volume",
 * "first-page", "DOI", or "unstructured"). */
struct cJSON;
int query_ref_from_json(const struct cJSON *obj, qr_ref *out);

/* ---- verification ------------------------------------------------------ */

enum qr_verdict { QR_VERIFIED, QR_MISMATCH, QR_FABRICATED, QR_UNVERIFIABLE };
/* "verified", "mismatch", "fabricated", "unverifiable" (static; an unknown
 * value names "unverifiable"). */
const char *query_ref_verdict_name(int v);

enum { /* mismatched fields */
	QR_F_AUTHORS = 1 << 0, QR_F_TITLE = 1 << 1, QR_F_YEAR = 1 << 2, QR_F_VENUE = 1 << 3,
	QR_F_VOLUME = 1 << 4, QR_F_ISSUE = 1 << 5, QR_F_PAGES = 1 << 6, QR_F_DOI = 1 << 7,
	QR_F_VERSION = 1 << 8, /* an arXiv version the paper never had */
	QR_F_ID = 1 << 9       /* a stated arXiv id, PMID, ... that is not the work's */
};

/* What an outside source answered about one reference: encoded kg_work
 * records (kg/work.h), compared exactly like the graph's own. The records
 * are the source's until its release is called. */
#define QR_FOUND 20
typedef struct qr_found {
	const void *recs[QR_FOUND];
	size_t lens[QR_FOUND];
	size_t n;
	long status;   /* a DOI lookup's answer: 404 = the source has no such DOI */
	char when[64]; /* "fetched now", "cached answer of 2026-11-30 12:00 UTC" */
	void *priv;    /* the source's own, for release */
} qr_found;

/* A source of works outside the graph (the Crossref API: tools/ hands
 * ingest/online's client over as one). query_ref_check consults it when
 * the graph leaves a reference unverifiable; the decisions (a 404 asks
 * whether the DOI's prefix is the source's at all; a titled reference none
 * of the best hits matches does not exist) are query_ref_check's. Each
 * call returns 0, or < 0 with the last error set when the source could not
 * answer: the verdict of the graph then stands, with that reason. */
typedef struct qr_source {
	const char *name; /* "Crossref": in reasons ("checked against the Crossref API") */
	int (*by_doi)(void *ctx, kg_txn *t, const char *doi, qr_found *out);
	int (*prefix_known)(void *ctx, kg_txn *t, const char *prefix, int *known);
	int (*search)(void *ctx, kg_txn *t, const char *text, qr_found *out);
	void (*release)(void *ctx, qr_found *f); /* called once per filled qr_found, also after an error */
	void *ctx;
} qr_source;

typedef struct qr_opts {
	int closed_world;   /* the graph covers every work: absence means fabricated */
	int current_year;   /* for "future date" (0: this year) */
	/* candidates from outside the graph (the Crossref API): encoded
	 * kg_work records, compared exactly like the graph's own */
	const void *const *extra;
	const size_t *extra_len;
	size_t nextra;
	int extra_covers;     /* the outside source covers the reference: absence decides */
	int retrieve;         /* score the whole string against the term index always, and
			       * report the ranking (qr_result.retrieved); otherwise only
			       * when no work is found by its title */
	int doi_unregistered; /* the stated DOI is known not to exist (API 404, Crossref prefix) */
	struct qr_scratch *scratch; /* working memory reused from call to call (borrowed; one
				     * per thread); NULL: allocated for each call */
	const qr_source *online;    /* asked when the graph cannot decide (borrowed); NULL: offline */
} qr_opts;

/* The working memory of query_ref_check (candidates, the folded
 * reference, the fields of works compared lately, where their records
 * lie): some 300 KiB, and 2.4 MiB more at its first reference, that a
 * batch allocates once instead of per reference. Owned by the caller; NULL on out of memory (last error set). */
typedef struct qr_scratch qr_scratch;
qr_scratch *query_ref_scratch_new(void);
void query_ref_scratch_free(qr_scratch *s);
/* A scratch also remembers the result of each reference it checked against
 * the commit it reads, with the settings it was checked with (records from
 * outside, qr_opts.extra, and bare identifiers, which are looked up faster
 * than remembered, excepted), and gives it back when the same parse
 * is checked again: the number of checks answered so (tests, benchmarks). */
size_t query_ref_scratch_hits(const qr_scratch *s);
/* A candidate whose title is not the stated one, in an open world and
 * with no identifier stated, is compared no further unless a work is
 * identified: the result is the same either way. The candidates so left
 * by the checks through s; query_ref_scratch_whole(s, 1) compares every
 * candidate whole through s (the test that the results agree). */
size_t query_ref_scratch_deferred(const qr_scratch *s);
void query_ref_scratch_whole(qr_scratch *s, int whole);
/* The candidates' decodings a scratch keeps, in slots by their record's
 * address (2,048; the batch's works come again and again): a kept one
 * is compared without decoding it again. For tests, before s is used:
 * slots (rounded down to a power of two) for the decodings, 0 none. */
void query_ref_scratch_works(qr_scratch *s, size_t slots);
/* The works' fields folded into words a scratch keeps by their text
 * (8,192 slots), read where they are kept while a candidate is compared.
 * For tests, before s is used: slots (rounded down to a power of two, 1
 * at least) for them. */
void query_ref_scratch_fields(qr_scratch *s, size_t slots);
/* The results of a batch's threads (--jobs), shared: a reference one
 * thread checked against a commit is not checked again by another against
 * the same commit (the result is the same). Behind a lock; owned by the
 * caller, and outlives the scratches that share it; NULL when memory is
 * short (last error set). query_ref_scratch_share(s, sh): s's checks
 * look in sh after s's own memo, and put what they check there too; and
 * s's parse memo (query_ref_scratch_memo) shares sh's parses so. */
typedef struct qr_shared qr_shared;
qr_shared *query_ref_shared_new(void);
void query_ref_shared_free(qr_shared *sh);
void query_ref_scratch_share(qr_scratch *s, qr_shared *sh);
/* The parse memo of a scratch (query_ref_parse_memo), for the batch's
 * parses: owned by s, made at the first call; NULL when s is NULL or
 * memory is short (no error then: parse without one). */
struct qr_memo *query_ref_scratch_memo(qr_scratch *s);

#define QR_REASONS 8
#define QR_RETRIEVED 20
#define QR_SOURCES 6

typedef struct qr_result {
	int verdict;
	int have_match;
	char match_doi[256];
	char match_title[512];
	int match_year;
	char match_venue[256];
	char match_type[32];
	double score;          /* 0..1 agreement of the stated fields with the match */
	unsigned mismatched;   /* QR_F_* */
	size_t nreasons;
	int retracted;
	char match_id[256];    /* the record's key: the DOI, or "arxiv:...", "dblp:...", "pmid:..." */
	char match_db[16];     /* the database of the record: "Crossref", "arXiv", "DBLP", ... */
	size_t match_versions; /* an arXiv record's versions (0: not known) */
	size_t nsources;
	size_t candidates;     /* works considered */
	size_t nretrieved;
	int match_extra;       /* the match came from qr_opts.extra */
	/* the lists last: a check clears what comes before them, and each
	 * list is read only up to its count (8.7 of the 10 KB) */
	char reasons[QR_REASONS][512];
	/* every record of the work that agrees (its own first): "arXiv arxiv:0704.0001" */
	char sources[QR_SOURCES][288];
	/* the works the whole string scored highest against the term index
	 * (title words, family names, venue words; BM25), best first */
	struct {
		char doi[128];
		double score;
	} retrieved[QR_RETRIEVED];
} qr_result;

/* Decide a verdict for a parsed reference against the graph and, when
 * o->online is set and the graph leaves it unverifiable, the outside
 * source (query/refsource.c). Closed world comes from opts or from a
 * Crossref source ingested as complete. o may be NULL. Returns 0 with
 * *out filled (a source that failed leaves the graph's verdict and says
 * why in a reason), PK_ENOMEM, or a store error. */
int query_ref_check(kg_txn *t, const qr_ref *ref, const qr_opts *o, qr_result *out);

/* The same against the graph and o->extra alone: o->online is not asked. */
int query_ref_check_graph(kg_txn *t, const qr_ref *ref, const qr_opts *o, qr_result *out);

/* Add a reason to a result (dropped when QR_REASONS are there). */
void query_ref_reason(qr_result *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Does the graph hold a complete Crossref dump (closed world)? */
int query_ref_closed_world(kg_txn *t);

#endif
