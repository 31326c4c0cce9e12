/* kg/work.h - bibliographic works (Crossref records) as graph documents.
 *
 * A work is stored compactly under its normalised DOI (lower case, no
 * "https://doi.org/" or "doi:", no trailing punctuation) with what
 * reference matching needs: titles, authors in order, venue names, ISSNs,
 * publisher, type, issued year and month, volume, issue, pages or article
 * number, updates (retractions, corrections) and relations (preprint of).
 * Reference lists and abstracts are kept only when asked.
 *
 * kg_work_decode fills a kg_work whose strings point into the record bytes
 * (borrowed: valid while those bytes are, i.e. until the txn ends).
 */
#ifndef KG_WORK_H
#define KG_WORK_H

#include "../common/buf.h"

#include <stddef.h>
#include <stdint.h>

#define KG_WORK_AUTHORS 64 /* authors kept in order; the count keeps the rest */
#define KG_WORK_NAMES 8    /* venue names, ISSNs, updates, relations */

typedef struct kg_author {
	const char *given, *family, *orcid;
} kg_author;

typedef struct kg_update {
	const char *type;   /* "retraction", "correction", "expression_of_concern", ... */
	const char *doi;    /* the other work */
} kg_update;

typedef struct kg_version {
	const char *v;    /* "v1" */
	const char *date; /* as the source gives it ("Mon, 2 Apr 2007 19:18:42 GMT", "2007-04-02") */
} kg_version;

#define KG_WORK_VERSIONS 16

typedef struct kg_work {
	const char *doi;      /* the work's DOI; NULL for a record that has none */
	const char *title, *subtitle, *original_title;
	size_t nauthors;      /* stored */
	size_t author_count;  /* in the record (may exceed nauthors) */
	size_t ncontainer;
	size_t nshort;
	size_t nissn;
	const char *publisher, *type;
	int year, month;      /* "issued" (else "published") */
	int print_year;       /* "published-print", 0 if not given */
	int online_year;      /* "published-online", 0 if not given */
	const char *volume, *issue, *page, *article_number;
	size_t nupdate_to;
	size_t nupdated_by;
	size_t nrelation;
	const char *abstract;
	const char *references; /* JSON text of the reference list, when kept */
	uint32_t reference_count;
	/* records of the other bibliographic databases (NULL: Crossref's) */
	const char *db;         /* "arXiv", "DBLP", "PubMed", "DataCite", "OpenAlex" */
	const char *arxiv;      /* arXiv id without version: "1706.03762", "hep-th/9901001" */
	const char *pmid, *pmcid, *dblp, *openalex; /* "17284678", "PMC1790863", "conf/nips/VaswaniSPUJGKP17", "W2963403868" */
	const char *journal_ref; /* arXiv's journal-ref: where the authors say it was published */
	size_t nversions;
	int retracted;          /* the source marks the work retracted (OpenAlex is_retracted) */
	/* the record kg_work_decode read (NULL for a work built otherwise):
	 * a reader that gets the same record again need not decode it */
	const void *rec;
	size_t rec_len;
	/* the lists last, each read below its count (kg_work_redecode clears
	 * the fields above whole and of each list the entries filled) */
	kg_author authors[KG_WORK_AUTHORS];
	const char *container[KG_WORK_NAMES];
	const char *short_container[KG_WORK_NAMES];
	const char *issn[KG_WORK_NAMES];
	kg_update update_to[KG_WORK_NAMES];   /* this work updates (retracts) others */
	kg_update updated_by[KG_WORK_NAMES];  /* others update (retract) this work */
	kg_update relation[KG_WORK_NAMES];    /* "is-preprint-of", "has-preprint", ... */
	kg_version versions[KG_WORK_VERSIONS]; /* arXiv's versions, oldest first */
} kg_work;

/* No fields (every pointer NULL, every count 0): what a reader fills. */
void kg_work_clear(kg_work *w);
/* Append the record encoding of w to out. */
int kg_work_encode(pk_buf *out, const kg_work *w);
/* Decode; PK_EPARSE if the record is corrupt (or names neither a DOI
 * nor an identifier of its database). */
int kg_work_decode(kg_work *w, const void *rec, size_t len);
/* kg_work_decode into a work that holds what kg_work_clear or an earlier
 * decode left (a work reused record after record): the same result, with
 * only the list entries that decode filled cleared, not the whole 2.4 KB. */
int kg_work_redecode(kg_work *w, const void *rec, size_t len);

/* The key a work is stored under (appended to out): a Crossref or DataCite
 * work's normalised DOI; "arxiv:ID", "dblp:KEY", "pmid:N", "openalex:W..."
 * for the records of those databases, whose DOI (if any) is another
 * registry's. PK_EINVAL when the work has no key. */
int kg_work_key(pk_buf *out, const kg_work *w);

/* Every index key of a work, each passed to emit (its bytes are valid for
 * the call): the title, head, author-year, author-venue and volume-page
 * keys, the retrieval terms, and 'I' + "scheme:id" for each identifier of a
 * record that is not Crossref's ("doi:10...", "arxiv:1706.03762",
 * "pmid:...", "pmcid:...", "dblp:...", "openalex:..."; "preprint-of:DOI"
 * on a preprint for the published version it names). */
int kg_work_keys(const kg_work *w, int (*emit)(void *ctx, const void *key, size_t n), void *ctx);
/* 'I' + scheme + ":" + id (ids as kg_work_keys writes them: DOIs
 * normalised, arXiv ids without version, case kept otherwise). */
int kg_key_ident(pk_buf *key, const char *scheme, const char *id);
/* The same key into key[cap] (NUL-terminated; nothing allocated): its
 * length, PK_ENOTFOUND for no id, PK_EINVAL for a DOI that is not one,
 * PK_ELIMIT when it does not fit. KG_KEY_IDENT_MAX holds every key. */
#define KG_KEY_IDENT_MAX 448
int kg_key_ident_to(char *key, size_t cap, const char *scheme, const char *id);

/* Normalise a DOI as written ("https://doi.org/10.1103/PhysRevB.47.9967.",
 * "doi:10.1103/...") into out (lower case). Returns 0, or PK_EINVAL when it
 * is not a DOI (no "10." prefix and '/'). */
int kg_doi_normalize(pk_buf *out, const char *s, size_t n);
/* The same into out[cap] (NUL-terminated; nothing allocated). Returns its
 * length, PK_EINVAL when it is not a DOI, PK_ELIMIT when it does not fit. */
int kg_doi_normalize_to(char *out, size_t cap, const char *s, size_t n);

/* ---- matching keys: computed the same way at ingest and at check-ref ----
 * kg_fold_text: markup and entities removed, NFKC, case folded, diacritics
 * stripped, punctuation and dashes to single spaces.
 * Index keys (appended to key): 'T' + hash of the whole folded title (its
 * spaces removed), 'B' + hash of its first four words (titles of six words
 * or more), 'A' + folded family name + "|year", 'P' + volume + "|" + first
 * page. PK_ENOTFOUND when the input cannot make a useful key. */
int kg_fold_text(pk_buf *out, const char *s, size_t n);
/* kg_fold_text of plain ASCII text (no byte over 0x7f, no NUL, no markup
 * '<' or '&': nothing for NFKC or the markup pass to do) into out[0..cap),
 * without allocating: truncated to cap - 1 bytes and terminated (cap > 0).
 * Returns the length of the whole folding, or -1 when s is not plain
 * (kg_fold_text does the rest). */
long kg_fold_plain(const char *s, size_t n, char *out, size_t cap);
int kg_family_fold(pk_buf *out, const char *family);
int kg_key_title(pk_buf *key, const char *title);
/* The title key and the head key (tag 'B': the title's first four words,
 * of six or more), the title folded once: the title key appended to key
 * and the head key to head where the title has them (*have: 1 the title
 * key, 2 the head key); 0, or an error. */
int kg_key_titles(pk_buf *key, pk_buf *head, const char *title, int *have);
int kg_key_author_year(pk_buf *key, const char *family, int year);
int kg_key_volume_page(pk_buf *key, const char *volume, const char *page);
/* The key of already folded text: tag 'T' with the words joined without
 * spaces is kg_key_title's, tag 'B' with the first four words joined by
 * single spaces is kg_key_titles' head key. For probing the title indexes with
 * windows of a reference string whose parse may be wrong. */
int kg_key_folded(pk_buf *key, char tag, const char *folded, size_t n);
/* The same key from the folded text's pk_fnv1a64 h, into key (no
 * allocation): for windows hashed a word at a time. */
#define KG_KEY_HASHED 9
void kg_key_hashed(unsigned char key[KG_KEY_HASHED], char tag, uint64_t h);
/* 'V' + folded family + "|year|" + the venue's initials ("Phys. Rev. B" and
 * "Physical Review B" both "prb"): narrows short references ("Zhang et
 * al., Nature 2023") where a family name and year alone match thousands. */
int kg_key_author_venue(pk_buf *key, const char *family, int year, const char *venue);
void kg_venue_initials(char *out, size_t n, const char *venue);
/* For each of years[0..n), the key kg_key_author_venue (venue not NULL) or
 * kg_key_author_year (venue NULL) makes of family into a fresh keys[i],
 * the family folded and the venue's initials read once; a key those
 * would not make (an error) is left empty. */
void kg_keys_author(pk_buf *keys, const char *family, const int *years, size_t n, const char *venue);

/* ---- retrieval terms: the words check-ref scores a string against ------
 * A work's terms: KG_TERM_TITLE its title's words (and the subtitle's),
 * KG_TERM_NAME its first three authors' family names (folded, joined),
 * KG_TERM_VENUE its first venue's words; folded, each once, stop words,
 * numbers and words under three letters left out. Index key: the tag and
 * the hash of the word (kg_key_term). */
enum { KG_TERM_TITLE = 'w', KG_TERM_NAME = 'n', KG_TERM_VENUE = 'v' };
#define KG_TERMS_MAX 40 /* terms per work */
int kg_work_terms(const kg_work *w, int (*emit)(void *ctx, char tag, const char *word, size_t n), void *ctx);
int kg_key_term(pk_buf *key, char tag, const char *word, size_t n);
/* A folded word worth a term: not a stop word ("the", "of", "und"), not a
 * number, three bytes or more. */
int kg_term_word(const char *word, size_t n);
/* English, French, German, Spanish stop words of titles (folded). */
int kg_is_stopword(const char *word, size_t n);

/* Normalise an arXiv id as written ("arXiv:1706.03762v5",
 * "https://arxiv.org/abs/hep-th/9901001v2", "10.48550/arXiv.1706.03762")
 * into id (no version; an old-style archive in lower case) and version
 * ("v5", or "" when none; may be NULL). PK_EINVAL when it is not one. */
int kg_arxiv_id(const char *s, char *id, size_t idn, char *version, size_t vn);

#endif
