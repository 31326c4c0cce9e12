/* query/refcheck.c - does the work a reference describes exist, and does
 * the reference describe it correctly?
 *
 * Candidates come from the DOI, the title indexes (whole title, first four
 * words), the first author with the year (and one year either side), and
 * volume with first page. Each candidate is compared field by field with
 * what the reference states (titles by word overlap, authors by folded
 * family names in order, venues by abbreviation-aware word prefixes).
 * A candidate is identified only on strong evidence: the DOI plus a fitting
 * title or authors, a near-identical title, or first author + year +
 * venue/volume/page when no title is stated. Absence of a work is taken as
 * fabrication only in a closed world (--closed-world, or a complete dump).
 */
#include "ref.h"

#include "../common/alloc.h"
#include "../common/buf.h"
#include "../common/error.h"
#include "../common/text.h"
#include "../kg/graph.h"
#include "../kg/work.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_CANDIDATES 256
#define PER_KEY 128

const char *query_ref_verdict_name(int v)
{
	static const char *const names[] = { "verified", "mismatch", "fabricated", "unverifiable" };

	return v >= 0 && v <= QR_UNVERIFIABLE ? names[v] : "unverifiable";
}

static int closed_cb(const kg_source *s, void *ctx)
{
	(void)ctx;
	return !strcmp(s->kind, "Crossref") && (s->flags & KG_SOURCE_COMPLETE) ? 1 : 0;
}

int query_ref_closed_world(kg_txn *t)
{
	return kg_source_each(t, closed_cb, NULL) == 1;
}

void query_ref_reason(qr_result *r, const char *fmt, ...)
{
	va_list ap;

	if (r->nreasons >= QR_REASONS)
		return;
	va_start(ap, fmt);
	vsnprintf(r->reasons[r->nreasons++], sizeof(r->reasons[0]), fmt, ap);
	va_end(ap);
}

/* ---- text comparison ---------------------------------------------------- */

typedef struct words {
	char buf[1024];
	const char *w[96];
	size_t n;
} words;

static const char *const stop[] = { "a", "an", "the", "of", "and", "in", "on", "for", "to", "with", "by", "at",
				    "from", "as", "&" };

static int is_stop(const char *w)
{
	size_t i;

	for (i = 0; i < sizeof(stop) / sizeof(stop[0]); i++)
		if (!strcmp(w, stop[i]))
			return 1;
	return 0;
}

/* Fold text (case, marks, punctuation, markup) and split it into words. */
static void split_words(const char *text, words *out, int drop_stop)
{
	pk_buf f = PK_BUF_INIT;
	char *p;

	out->n = 0;
	out->buf[0] = '\0';
	if (!text || kg_fold_text(&f, text, strlen(text)) < 0 || !f.ptr) {
		pk_buf_release(&f);
		pk_error_clear();
		return;
	}
	snprintf(out->buf, sizeof(out->buf), "%s", f.ptr);
	pk_buf_release(&f);
	for (p = out->buf; *p && out->n < 96;) {
		char *sp = strchr(p, ' ');

		if (sp)
			*sp = '\0';
		if (*p && !(drop_stop && is_stop(p)))
			out->w[out->n++] = p;
		if (!sp)
			break;
		p = sp + 1;
	}
}

static size_t count_content_words(const words *x)
{
	size_t i, n = 0;

	for (i = 0; i < x->n; i++)
		n += !is_stop(x->w[i]);
	return n;
}

/* Word-set overlap (Dice coefficient) of two word lists, 0..1. */
static double dice(const words *x, const words *y)
{
	size_t i, j, common = 0;
	unsigned char used[96] = { 0 };

	if (!x->n || !y->n)
		return 0;
	for (i = 0; i < x->n; i++)
		for (j = 0; j < y->n; j++)
			if (!used[j] && !strcmp(x->w[i], y->w[j])) {
				used[j] = 1;
				common++;
				break;
			}
	return 2.0 * (double)common / (double)(x->n + y->n);
}

/* The words joined without spaces: the title's exact-comparison key. */
static void words_key(const words *x, char *out, size_t n)
{
	size_t i, j = 0;

	for (i = 0; i < x->n; i++) {
		size_t l = strlen(x->w[i]);

		if (j + l >= n)
			break;
		memcpy(out + j, x->w[i], l);
		j += l;
	}
	out[j] = '\0';
}

/* The reference's side of every comparison, folded once. */
typedef struct prep {
	words title;              /* stop words kept: similarity, exact key */
	char title_key[1024];
	size_t title_content;     /* words that are not stop words */
	words venue;              /* stop words dropped */
	char fam[QR_AUTHORS][64];
	char ini[QR_AUTHORS];
} prep;

/* First letter of a given name or initials, upper case ('\0' if none). */
static char initial(const char *given)
{
	if (!given)
		return 0;
	while (*given == ' ' || *given == '.' || *given == '-')
		given++;
	if (*given >= 'a' && *given <= 'z')
		return (char)(*given - 32);
	return *given >= 'A' && *given <= 'Z' ? *given : 0;
}

static void fold_family(char *out, size_t n, const char *family)
{
	pk_buf f = PK_BUF_INIT;

	out[0] = '\0';
	if (family && kg_family_fold(&f, family) == 0 && f.ptr)
		snprintf(out, n, "%s", f.ptr);
	pk_buf_release(&f);
	pk_error_clear();
}

static void prepare(const qr_ref *r, prep *p)
{
	size_t i;

	split_words(r->title[0] ? r->title : NULL, &p->title, 0);
	words_key(&p->title, p->title_key, sizeof(p->title_key));
	p->title_content = count_content_words(&p->title);
	split_words(r->venue[0] ? r->venue : NULL, &p->venue, 1);
	for (i = 0; i < r->nauthors && i < QR_AUTHORS; i++) {
		fold_family(p->fam[i], sizeof(p->fam[i]), r->authors[i].family);
		p->ini[i] = initial(r->authors[i].given);
	}
}

/* Titles: how close (best of title, title + subtitle, original title) and
 * whether the stated one is exactly one of them (case, punctuation and
 * diacritics aside). Each of the work's titles is folded once. */
static void compare_titles(const prep *p, const kg_work *w, double *sim, int *exact)
{
	words t, sub;
	char key[1024];
	double d;

	*sim = 0;
	*exact = 0;
	if (w->title) {
		split_words(w->title, &t, 0);
		*sim = dice(&p->title, &t);
		words_key(&t, key, sizeof(key));
		*exact = p->title_key[0] && key[0] && !strcmp(key, p->title_key);
		if (w->subtitle) {
			words tb; /* title and subtitle words, pointing into t and sub */
			size_t i;

			split_words(w->subtitle, &sub, 0);
			tb.n = 0;
			tb.buf[0] = '\0';
			for (i = 0; i < t.n && tb.n < 96; i++)
				tb.w[tb.n++] = t.w[i];
			for (i = 0; i < sub.n && tb.n < 96; i++)
				tb.w[tb.n++] = sub.w[i];
			if ((d = dice(&p->title, &tb)) > *sim)
				*sim = d;
			if (!*exact) {
				char k2[1024];

				words_key(&sub, k2, sizeof(k2));
				*exact = key[0] && strlen(key) + strlen(k2) < sizeof(key) &&
					 !strncmp(p->title_key, key, strlen(key)) &&
					 !strcmp(p->title_key + strlen(key), k2);
			}
		}
	}
	if (w->original_title) {
		split_words(w->original_title, &t, 0);
		if ((d = dice(&p->title, &t)) > *sim)
			*sim = d;
		words_key(&t, key, sizeof(key));
		if (!*exact)
			*exact = p->title_key[0] && key[0] && !strcmp(key, p->title_key);
	}
}

typedef struct author_cmp {
	int first_match;   /* first stated author is the work's first */
	size_t found;      /* stated authors found among the work's */
	size_t stated;
	int order_ok;      /* found ones appear in the same order */
} author_cmp;

static author_cmp compare_authors(const qr_ref *r, const prep *p, const kg_work *w)
{
	author_cmp c = { 0, 0, r->nauthors, 1 };
	char wf[KG_WORK_AUTHORS][64];
	unsigned char used[KG_WORK_AUTHORS] = { 0 }, folded[KG_WORK_AUTHORS] = { 0 };
	size_t i, j, k, last = 0;

	for (i = 0; i < r->nauthors && i < QR_AUTHORS; i++) {
		const char *rf = p->fam[i];
		char ri = p->ini[i];

		if (!rf[0])
			continue;
		/* the next unused author of that name, looking on from the last
		 * match first (two authors may share a family name); the work's
		 * names are folded when first looked at */
		for (k = 0; k < w->nauthors; k++) {
			char wi;

			j = (last + k) % w->nauthors;
			if (!folded[j]) {
				fold_family(wf[j], sizeof(wf[j]), w->authors[j].family);
				folded[j] = 1;
			}
			wi = initial(w->authors[j].given);
			/* same family name ("Van der Waals" / "Waals", hyphenated
			 * double names), and the same first initial when both are
			 * known (two authors called Wang are not one) */
			if (!used[j] && wf[j][0] && (!ri || !wi || ri == wi) &&
			    (!strcmp(rf, wf[j]) || (strlen(rf) >= 4 && strstr(wf[j], rf)) ||
			     (strlen(wf[j]) >= 4 && strstr(rf, wf[j])))) {
				used[j] = 1;
				c.found++;
				if (i == 0 && j == 0)
					c.first_match = 1;
				if (j < last)
					c.order_ok = 0;
				last = j;
				break;
			}
		}
	}
	return c;
}

/* Does a stated venue name the work's container? Abbreviations count:
 * every stated word must start the corresponding venue word, in order,
 * skipping stop words ("Phys. Rev. B" = "Physical Review B"). */
static int venue_words_match(const words *a, const char *venue)
{
	words b;
	size_t i = 0, j = 0;

	split_words(venue, &b, 1);
	if (!a->n || !b.n)
		return 0;
	while (i < a->n && j < b.n) {
		size_t l = strlen(a->w[i]);

		if (!strncmp(b.w[j], a->w[i], l) || (l >= 3 && strstr(b.w[j], a->w[i]) == b.w[j])) {
			i++;
			j++;
		} else if (i > 0 || j + 1 < b.n) {
			j++; /* a venue word the abbreviation leaves out */
			if (i == 0 && j > 2)
				return 0;
		} else {
			return 0;
		}
	}
	return i == a->n && (b.n - j) <= 2;
}

static int venue_match(const prep *p, const kg_work *w)
{
	size_t i;

	for (i = 0; i < w->ncontainer; i++)
		if (venue_words_match(&p->venue, w->container[i]))
			return 1;
	for (i = 0; i < w->nshort; i++)
		if (venue_words_match(&p->venue, w->short_container[i]))
			return 1;
	return 0;
}

static int same_number(const char *a, const char *b)
{
	while (*a == '0' && a[1])
		a++;
	while (*b == '0' && b[1])
		b++;
	return !strcasecmp(a, b);
}

static int pages_match(const qr_ref *r, const kg_work *w)
{
	char first[32];

	if (w->page) {
		snprintf(first, sizeof(first), "%.*s", (int)strcspn(w->page, "-–,"), w->page);
		if (same_number(r->first_page, first))
			return 1;
	}
	return w->article_number && same_number(r->first_page, w->article_number);
}

/* ---- candidates -------------------------------------------------------- */

typedef struct cand {
	char doi[256];
	int from_doi;
	double title, score;
	int title_same;  /* the stated title is the work's, exactly */
	author_cmp au;
	int year_diff, venue, volume, issue, pages;
	unsigned mismatched;
	int identified;
	char type[32];
	size_t extra;    /* 1 + index into qr_opts.extra, 0: the graph's */
} cand;

#define CAND_SLOTS 1024 /* a power of two, well above MAX_CANDIDATES */

typedef struct cands {
	cand *c;
	size_t n;
	unsigned short slot[CAND_SLOTS]; /* open addressing on the DOI: index + 1, 0 empty */
	size_t truncated;  /* works an index key names beyond those compared (largest), 0: none */
} cands;

typedef struct collect_ctx {
	cands *cs;
	size_t seen;
} collect_ctx;

static int add_candidate(cands *cs, const char *doi, size_t n)
{
	uint64_t h = 1469598103934665603ull;
	size_t i, at;

	if (n >= sizeof(cs->c[0].doi))
		return 0;
	for (i = 0; i < n; i++)
		h = (h ^ (unsigned char)doi[i]) * 1099511628211ull;
	for (at = (size_t)h & (CAND_SLOTS - 1); cs->slot[at]; at = (at + 1) & (CAND_SLOTS - 1)) {
		const char *d = cs->c[cs->slot[at] - 1].doi;

		if (!memcmp(d, doi, n) && d[n] == '\0')
			return 0; /* already a candidate */
	}
	if (cs->n >= MAX_CANDIDATES)
		return 1; /* enough */
	memset(&cs->c[cs->n], 0, sizeof(cs->c[0]));
	memcpy(cs->c[cs->n].doi, doi, n);
	cs->c[cs->n].doi[n] = '\0';
	cs->slot[at] = (unsigned short)(cs->n + 1);
	cs->n++;
	return 0;
}

static int on_index(const void *target, size_t len, void *ctx)
{
	collect_ctx *c = ctx;

	c->seen++;
	return add_candidate(c->cs, target, len);
}

/* The works under key, up to PER_KEY; when the key names more, or the
 * candidates are full, cs->truncated says how many the key has. */
static int from_index(kg_txn *t, const pk_buf *key, cands *cs)
{
	collect_ctx c = { cs, 0 };
	size_t total = 0;
	int rc = kg_index_find(t, key->ptr, key->len, PER_KEY, on_index, &c);

	if (rc < 0)
		return rc;
	if ((c.seen >= PER_KEY || rc == 1 || cs->n >= MAX_CANDIDATES) && kg_index_count(t, key->ptr, key->len, &total) == 0 &&
	    total > c.seen - (rc == 1) && total > cs->truncated)
		cs->truncated = total;
	pk_error_clear();
	return 0;
}

/* The first two authors' keys (with the venue, or the year alone): the
 * first author's before the second's (works are indexed by their first
 * author, so the second's finds swapped author lists), the stated year
 * before its neighbours. */
static int from_author_keys(kg_txn *t, const qr_ref *r, int with_venue, cands *cs)
{
	static const int dy[3] = { 0, -1, 1 };
	pk_buf key = PK_BUF_INIT;
	size_t a;
	int rc = 0, k;

	for (a = 0; a < r->nauthors && a < 2 && rc == 0; a++)
		for (k = 0; k < 3 && rc == 0; k++) {
			pk_buf_reset(&key);
			if ((with_venue ? kg_key_author_venue(&key, r->authors[a].family, r->year + dy[k], r->venue)
					: kg_key_author_year(&key, r->authors[a].family, r->year + dy[k])) < 0) {
				pk_error_clear();
				continue;
			}
			rc = from_index(t, &key, cs);
		}
	pk_buf_release(&key);
	return rc;
}

/* Candidates, most selective keys first: the DOI, the title, the volume
 * and first page, the first two authors with year and venue, and only
 * then the first two authors with the year, which can name thousands. */
static int gather(kg_txn *t, const qr_ref *r, cands *cs)
{
	pk_buf key = PK_BUF_INIT;
	int rc = 0;
	size_t before;

	if (r->doi[0])
		add_candidate(cs, r->doi, strlen(r->doi)), cs->c[0].from_doi = 1;
	if (r->title[0]) {
		if (kg_key_title(&key, r->title) == 0 && (rc = from_index(t, &key, cs)) < 0)
			goto done;
		pk_buf_reset(&key);
		if (kg_key_title_head(&key, r->title) == 0 && (rc = from_index(t, &key, cs)) < 0)
			goto done;
	}
	if (r->volume[0] && r->first_page[0]) {
		pk_buf_reset(&key);
		if (kg_key_volume_page(&key, r->volume, r->first_page) == 0 && (rc = from_index(t, &key, cs)) < 0)
			goto done;
	}
	before = cs->n;
	if (r->year && r->venue[0] && (rc = from_author_keys(t, r, 1, cs)) < 0)
		goto done;
	/* the broad keys only when nothing narrower found anything */
	if (cs->n == before && cs->n <= (size_t)(r->doi[0] ? 1 : 0) && r->year &&
	    (rc = from_author_keys(t, r, 0, cs)) < 0)
		goto done;
	pk_error_clear();
	rc = 0;
done:
	pk_buf_release(&key);
	return rc;
}

/* Compare one candidate with the reference; fill its scores. */
static void compare(const qr_ref *r, const prep *p, const kg_work *w, cand *c)
{
	double total = 0, got = 0;

	snprintf(c->type, sizeof(c->type), "%s", w->type ? w->type : "");
	if (r->title[0]) {
		compare_titles(p, w, &c->title, &c->title_same);
	} else {
		c->title = -1;
		c->title_same = -1;
	}
	c->au = compare_authors(r, p, w);
	c->year_diff = r->year && w->year ? abs(r->year - w->year) : -1;
	c->venue = r->venue[0] ? venue_match(p, w) : -1;
	c->volume = r->volume[0] && w->volume ? same_number(r->volume, w->volume) : -1;
	c->issue = r->issue[0] && w->issue ? same_number(r->issue, w->issue) : -1;
	c->pages = r->first_page[0] && (w->page || w->article_number) ? pages_match(r, w) : -1;
	/* weighted agreement over the fields the reference states */
	if (c->title >= 0)
		total += 4, got += 4 * c->title;
	if (r->nauthors)
		total += 3, got += 3 * (c->au.first_match ? 1.0 : (double)c->au.found / (double)r->nauthors * 0.6);
	if (c->year_diff >= 0)
		total += 1, got += c->year_diff == 0 ? 1 : c->year_diff == 1 ? 0.5 : 0;
	if (c->venue >= 0)
		total += 1, got += c->venue;
	if (c->volume >= 0)
		total += 0.5, got += 0.5 * c->volume;
	if (c->pages >= 0)
		total += 0.5, got += 0.5 * c->pages;
	if (c->from_doi)
		total += 1, got += 1;
	c->score = total > 0 ? got / total : 0;

	/* strong evidence that this is the work the reference means */
	if (c->from_doi)
		c->identified = c->title < 0 ? (r->nauthors == 0 || c->au.found > 0 || c->year_diff == 0)
					     : (c->title >= 0.5 || c->au.first_match);
	else if (c->title >= 0.9 && p->title_content >= 4)
		c->identified = 1; /* "Introduction" alone identifies nothing */
	else if (c->title >= 0.7 && (c->au.first_match || (c->year_diff == 0 && c->venue == 1)))
		c->identified = 1;
	else if (c->title < 0 && c->au.first_match && c->year_diff >= 0 && c->year_diff <= 1 &&
		 (c->venue == 1 || (c->volume == 1 && c->pages == 1)))
		c->identified = 1;
	else if (c->volume == 1 && c->pages == 1 && c->venue == 1)
		c->identified = 1;

	/* fields the reference states that disagree */
	if (c->title_same == 0)
		c->mismatched |= QR_F_TITLE;
	if (r->nauthors && (!c->au.first_match || (c->au.found < r->nauthors && !r->et_al) || !c->au.order_ok))
		c->mismatched |= QR_F_AUTHORS;
	if (c->year_diff >= 1)
		c->mismatched |= QR_F_YEAR;
	if (c->venue == 0)
		c->mismatched |= QR_F_VENUE;
	if (c->volume == 0)
		c->mismatched |= QR_F_VOLUME;
	if (c->issue == 0)
		c->mismatched |= QR_F_ISSUE;
	if (c->pages == 0)
		c->mismatched |= QR_F_PAGES;
}

static int load_work(kg_txn *t, const char *doi, kg_work *w)
{
	const void *rec;
	size_t len;
	int rc = kg_doc_get(t, KG_DOC_WORKS, doi, strlen(doi), &rec, &len);

	if (rc < 0)
		return rc;
	return kg_work_decode(w, rec, len);
}

static int load_cand(kg_txn *t, const qr_opts *o, const cand *c, kg_work *w)
{
	if (c->extra)
		return kg_work_decode(w, o->extra[c->extra - 1], o->extra_len[c->extra - 1]);
	return load_work(t, c->doi, w);
}

/* Candidates from outside the graph, after the graph's own; a DOI the
 * graph lacks (the stated one, added as a candidate already) takes the
 * outside record. */
static void add_extra(kg_txn *t, const qr_ref *r, const qr_opts *o, cands *cs, kg_work *w)
{
	size_t i, k;

	for (i = 0; o && i < o->nextra; i++) {
		const void *rec;
		size_t len;

		if (kg_work_decode(w, o->extra[i], o->extra_len[i]) < 0 || !w->doi) {
			pk_error_clear();
			continue;
		}
		add_candidate(cs, w->doi, strlen(w->doi));
		for (k = 0; k < cs->n && strcmp(cs->c[k].doi, w->doi); k++)
			;
		if (k == cs->n || cs->c[k].extra)
			continue;
		if (kg_doc_get(t, KG_DOC_WORKS, w->doi, strlen(w->doi), &rec, &len) == 0)
			continue; /* the graph has it: compare the graph's record */
		pk_error_clear();
		cs->c[k].extra = i + 1;
		cs->c[k].from_doi = cs->c[k].from_doi || (r->doi[0] && !strcmp(r->doi, w->doi));
	}
}

static int is_placeholder(const qr_ref *r)
{
	static const char *const names[] = { "doe", "author", "authors", "anonymous", "lastname", "surname",
					     "name", "xxx", "et al", "unknown" };
	size_t i, j;

	for (i = 0; i < r->nauthors; i++) {
		char f[64];

		fold_family(f, sizeof(f), r->authors[i].family);
		for (j = 0; j < sizeof(names) / sizeof(names[0]); j++)
			if (!strcmp(f, names[j]))
				return 1;
	}
	return 0;
}

static void describe_match(qr_result *out, kg_txn *t, const qr_opts *o, const cand *c)
{
	kg_work *w = pk_malloc(sizeof(*w));

	out->have_match = 1;
	out->match_extra = c->extra != 0;
	snprintf(out->match_doi, sizeof(out->match_doi), "%s", c->doi);
	out->score = c->score;
	snprintf(out->match_type, sizeof(out->match_type), "%s", c->type);
	if (w && load_cand(t, o, c, w) == 0) {
		size_t i;

		snprintf(out->match_title, sizeof(out->match_title), "%s", w->title ? w->title : "");
		out->match_year = w->year;
		snprintf(out->match_venue, sizeof(out->match_venue), "%s",
			 w->ncontainer ? w->container[0] : w->nshort ? w->short_container[0] : "");
		for (i = 0; i < w->nupdated_by; i++)
			if (w->updated_by[i].type && strstr(w->updated_by[i].type, "retract"))
				out->retracted = 1;
		if (w->title && (!strncasecmp(w->title, "RETRACTED", 9) || !strncasecmp(w->title, "Retraction:", 11)))
			out->retracted = 1;
	}
	pk_free(w);
	pk_error_clear();
}

static void mismatch_reasons(qr_result *out, const qr_ref *r, const cand *c)
{
	if (c->mismatched & QR_F_TITLE) {
		if (c->title >= 0.5)
			query_ref_reason(out, "near-miss title (%.0f%% of the words agree)", c->title * 100);
		else if (c->au.first_match)
			query_ref_reason(out, "chimeric: real authors with an invented title");
		else
			query_ref_reason(out, "title does not match the work");
	}
	if (c->mismatched & QR_F_AUTHORS) {
		if (c->au.found == 0 && c->title >= 0.9)
			query_ref_reason(out, "chimeric: a real title with the wrong authors");
		else if (c->au.found && !c->au.order_ok)
			query_ref_reason(out, "swapped author order");
		else if (c->au.found && c->au.found < r->nauthors)
			query_ref_reason(out, "partial author list (%zu of %zu stated authors found)", c->au.found, r->nauthors);
		else if (!c->au.first_match)
			query_ref_reason(out, "wrong first author");
	}
	if (c->mismatched & QR_F_YEAR)
		query_ref_reason(out, c->year_diff == 1 ? "year off by one (online vs print?)" : "wrong year");
	if (c->mismatched & QR_F_VENUE) {
		if (!strcmp(c->type, "posted-content"))
			query_ref_reason(out, "preprint cited as published");
		else
			query_ref_reason(out, "wrong venue");
	}
	if (c->mismatched & (QR_F_VOLUME | QR_F_ISSUE | QR_F_PAGES))
		query_ref_reason(out, "volume, issue or pages differ");
}

int query_ref_check(kg_txn *t, const qr_ref *r, const qr_opts *o, qr_result *out)
{
	cands cs = { NULL, 0, { 0 }, 0 };
	kg_work *w = NULL;
	prep *p = NULL;
	cand *best = NULL, *doi_cand = NULL;
	int closed, year_now, rc = 0, doi_found = 0;
	size_t i;

	memset(out, 0, sizeof(*out));
	out->verdict = QR_UNVERIFIABLE;
	closed = (o && (o->closed_world || o->extra_covers)) || query_ref_closed_world(t);
	if (o && o->current_year) {
		year_now = o->current_year;
	} else {
		time_t now = time(NULL);
		struct tm tm;

		gmtime_r(&now, &tm);
		year_now = tm.tm_year + 1900;
	}
	/* enough to decide anything: an identifier, authors with a year, or a
	 * real-looking title with one more field */
	if (!(cs.c = pk_calloc(MAX_CANDIDATES, sizeof(*cs.c))) || !(w = pk_malloc(sizeof(*w))) ||
	    !(p = pk_malloc(sizeof(*p)))) {
		rc = pk_error_set(PK_ENOMEM, "out of memory");
		goto done;
	}
	prepare(r, p);
	if (!r->doi[0] && !r->arxiv[0] && !(r->nauthors && r->year) &&
	    !(r->title[0] && p->title_content >= 3 && (r->nauthors || r->year || r->venue[0]))) {
		query_ref_reason(out, "too little to check: no DOI, and not enough of authors, year and title");
		goto done;
	}
	if ((rc = gather(t, r, &cs)) < 0)
		goto done;
	add_extra(t, r, o, &cs, w);
	out->candidates = cs.n;
	for (i = 0; i < cs.n; i++) {
		if (load_cand(t, o, &cs.c[i], w) < 0) {
			pk_error_clear();
			cs.c[i].score = -1;
			continue;
		}
		if (cs.c[i].from_doi) {
			doi_found = 1;
			doi_cand = &cs.c[i];
		}
		compare(r, p, w, &cs.c[i]);
		if (cs.c[i].identified && (!best || cs.c[i].score > best->score))
			best = &cs.c[i];
	}
	if (r->year > year_now)
		query_ref_reason(out, "future date (%d)", r->year);
	if (is_placeholder(r))
		query_ref_reason(out, "placeholder authors");

	if (r->doi[0] && !doi_found) {
		/* the DOI does not resolve in the graph */
		if (best) {
			out->verdict = QR_MISMATCH;
			out->mismatched = best->mismatched | QR_F_DOI;
			query_ref_reason(out, "the stated DOI is not registered; the work has DOI %s", best->doi);
			mismatch_reasons(out, r, best);
			describe_match(out, t, o, best);
		} else if (closed || r->year > year_now || (o && o->doi_unregistered)) {
			out->verdict = QR_FABRICATED;
			query_ref_reason(out, "fabricated DOI: %s is not registered", r->doi);
		} else {
			query_ref_reason(out, "DOI %s is not in the graph (not a closed world)", r->doi);
		}
		goto done;
	}
	if (doi_cand && !doi_cand->identified) {
		/* the DOI exists but names another work */
		cand *other = NULL;

		for (i = 0; i < cs.n; i++)
			if (&cs.c[i] != doi_cand && cs.c[i].identified && (!other || cs.c[i].score > other->score))
				other = &cs.c[i];
		if (other) {
			out->verdict = QR_MISMATCH;
			out->mismatched = other->mismatched | QR_F_DOI;
			query_ref_reason(out, "the stated DOI belongs to another work; this one has DOI %s", other->doi);
			mismatch_reasons(out, r, other);
			describe_match(out, t, o, other);
		} else {
			out->verdict = QR_FABRICATED;
			query_ref_reason(out, "the DOI belongs to an unrelated work (%s)", doi_cand->doi);
			describe_match(out, t, o, doi_cand);
			out->have_match = 0;
		}
		goto done;
	}
	if (best) {
		size_t fits = 0;

		describe_match(out, t, o, best);
		out->mismatched = best->mismatched;
		if (r->year > year_now)
			out->mismatched |= QR_F_YEAR;
		if (out->mismatched && cs.truncated && !r->title[0] && !r->doi[0] && r->year <= year_now) {
			/* a reference by author, venue and year whose keys name more
			 * works than were compared: the closest differing says
			 * nothing of the rest */
			out->verdict = QR_UNVERIFIABLE;
			query_ref_reason(out, "too many works fit the stated authors and year (%zu under one key; %d compared): "
					      "not decided", cs.truncated, MAX_CANDIDATES);
			out->have_match = 0;
			out->mismatched = 0;
		} else if (!out->mismatched) {
			out->verdict = QR_VERIFIED;
			/* a short reference may fit several works: it names none */
			for (i = 0; i < cs.n; i++)
				fits += cs.c[i].identified && !cs.c[i].mismatched;
			if (fits > 1 && !r->title[0] && !r->doi[0] && !(r->volume[0] && r->first_page[0])) {
				out->verdict = QR_UNVERIFIABLE;
				query_ref_reason(out, "ambiguous: %zu works fit the stated authors, venue and year", fits);
			}
		} else {
			out->verdict = QR_MISMATCH;
			mismatch_reasons(out, r, best);
		}
		if (out->retracted)
			query_ref_reason(out, "the work was retracted");
		goto done;
	}
	/* nothing identified */
	{
		int authors_exist = 0;

		for (i = 0; i < cs.n; i++)
			if (cs.c[i].score >= 0 && cs.c[i].au.first_match && cs.c[i].year_diff >= 0 &&
			    cs.c[i].year_diff <= 1)
				authors_exist = 1;
		if (authors_exist && r->title[0])
			query_ref_reason(out, "chimeric: real authors with an invented title");
		if (r->arxiv[0] && !r->doi[0] && r->year <= year_now) {
			/* preprints are registered with arXiv (DataCite), not Crossref:
			 * a closed Crossref world says nothing about them */
			query_ref_reason(out, "arXiv preprint %s: not covered by Crossref, not checked", r->arxiv);
		} else if (cs.truncated && !r->title[0] && !r->doi[0] && r->year <= year_now) {
			query_ref_reason(out, "too many works fit the stated authors and year (%zu under one key; %d compared): "
					      "not decided", cs.truncated, MAX_CANDIDATES);
		} else if (closed || r->year > year_now) {
			out->verdict = QR_FABRICATED;
			if (!authors_exist || !r->title[0])
				query_ref_reason(out, "nothing matches the stated %s", r->title[0] ? "title and authors" : "authors, venue and year");
		} else {
			query_ref_reason(out, "no matching work in the graph (not a closed world)");
		}
	}
done:
	pk_free(cs.c);
	pk_free(w);
	pk_free(p);
	return rc;
}
