/* kg/work.c - work record encoding; see work.h. */
#include "work.h"

#include "../common/error.h"
#include "../common/hash.h"
#include "../common/text.h"
#include "record.h"

#include <ctype.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>

enum {
	WK_DOI = 1, WK_TITLE, WK_SUBTITLE, WK_OTITLE, WK_AUTHOR, WK_AUTHOR_COUNT, WK_CONTAINER, WK_SHORT,
	WK_ISSN, WK_PUBLISHER, WK_TYPE, WK_YEAR, WK_MONTH, WK_VOLUME, WK_ISSUE, WK_PAGE, WK_ARTNUM,
	WK_UPDATE_TO, WK_UPDATED_BY, WK_RELATION, WK_ABSTRACT, WK_REFS, WK_REFCOUNT, WK_PYEAR, WK_OYEAR,
	WK_DB, WK_ARXIV, WK_PMID, WK_PMCID, WK_DBLP, WK_OPENALEX, WK_JREF, WK_VERSION, WK_RETRACTED
};

void kg_work_clear(kg_work *w)
{
	memset(w, 0, sizeof(*w));
}

/* Two or three NUL-terminated strings in one field. */
static int put_multi(pk_buf *b, uint8_t tag, const char *a, const char *c, const char *d)
{
	pk_buf tmp = PK_BUF_INIT;
	int rc;

	rc = pk_buf_puts(&tmp, a ? a : "");
	rc = rc ? rc : pk_buf_putc(&tmp, '\0');
	rc = rc ? rc : pk_buf_puts(&tmp, c ? c : "");
	rc = rc ? rc : pk_buf_putc(&tmp, '\0');
	if (d) {
		rc = rc ? rc : pk_buf_puts(&tmp, d);
		rc = rc ? rc : pk_buf_putc(&tmp, '\0');
	}
	rc = rc ? rc : kg_rec_bytes(b, tag, tmp.ptr, tmp.len);
	pk_buf_release(&tmp);
	return rc;
}

int kg_work_encode(pk_buf *b, const kg_work *w)
{
	size_t i;
	int rc = 0;

	rc = rc ? rc : kg_rec_str(b, WK_DOI, w->doi);
	rc = rc ? rc : kg_rec_str(b, WK_TITLE, w->title);
	rc = rc ? rc : kg_rec_str(b, WK_SUBTITLE, w->subtitle);
	rc = rc ? rc : kg_rec_str(b, WK_OTITLE, w->original_title);
	for (i = 0; i < w->nauthors && rc == 0; i++)
		rc = put_multi(b, WK_AUTHOR, w->authors[i].given, w->authors[i].family,
			       w->authors[i].orcid ? w->authors[i].orcid : "");
	if (w->author_count > w->nauthors)
		rc = rc ? rc : kg_rec_u64(b, WK_AUTHOR_COUNT, w->author_count);
	for (i = 0; i < w->ncontainer && rc == 0; i++)
		rc = kg_rec_str(b, WK_CONTAINER, w->container[i]);
	for (i = 0; i < w->nshort && rc == 0; i++)
		rc = kg_rec_str(b, WK_SHORT, w->short_container[i]);
	for (i = 0; i < w->nissn && rc == 0; i++)
		rc = kg_rec_str(b, WK_ISSN, w->issn[i]);
	rc = rc ? rc : kg_rec_str(b, WK_PUBLISHER, w->publisher);
	rc = rc ? rc : kg_rec_str(b, WK_TYPE, w->type);
	if (w->year)
		rc = rc ? rc : kg_rec_i64(b, WK_YEAR, w->year);
	if (w->month)
		rc = rc ? rc : kg_rec_i64(b, WK_MONTH, w->month);
	if (w->print_year && w->print_year != w->year)
		rc = rc ? rc : kg_rec_i64(b, WK_PYEAR, w->print_year);
	if (w->online_year && w->online_year != w->year)
		rc = rc ? rc : kg_rec_i64(b, WK_OYEAR, w->online_year);
	rc = rc ? rc : kg_rec_str(b, WK_VOLUME, w->volume);
	rc = rc ? rc : kg_rec_str(b, WK_ISSUE, w->issue);
	rc = rc ? rc : kg_rec_str(b, WK_PAGE, w->page);
	rc = rc ? rc : kg_rec_str(b, WK_ARTNUM, w->article_number);
	for (i = 0; i < w->nupdate_to && rc == 0; i++)
		rc = put_multi(b, WK_UPDATE_TO, w->update_to[i].type, w->update_to[i].doi, NULL);
	for (i = 0; i < w->nupdated_by && rc == 0; i++)
		rc = put_multi(b, WK_UPDATED_BY, w->updated_by[i].type, w->updated_by[i].doi, NULL);
	for (i = 0; i < w->nrelation && rc == 0; i++)
		rc = put_multi(b, WK_RELATION, w->relation[i].type, w->relation[i].doi, NULL);
	rc = rc ? rc : kg_rec_str(b, WK_ABSTRACT, w->abstract);
	rc = rc ? rc : kg_rec_str(b, WK_REFS, w->references);
	if (w->reference_count)
		rc = rc ? rc : kg_rec_u64(b, WK_REFCOUNT, w->reference_count);
	rc = rc ? rc : kg_rec_str(b, WK_DB, w->db);
	rc = rc ? rc : kg_rec_str(b, WK_ARXIV, w->arxiv);
	rc = rc ? rc : kg_rec_str(b, WK_PMID, w->pmid);
	rc = rc ? rc : kg_rec_str(b, WK_PMCID, w->pmcid);
	rc = rc ? rc : kg_rec_str(b, WK_DBLP, w->dblp);
	rc = rc ? rc : kg_rec_str(b, WK_OPENALEX, w->openalex);
	rc = rc ? rc : kg_rec_str(b, WK_JREF, w->journal_ref);
	for (i = 0; i < w->nversions && rc == 0; i++)
		rc = put_multi(b, WK_VERSION, w->versions[i].v, w->versions[i].date, NULL);
	if (w->retracted)
		rc = rc ? rc : kg_rec_u64(b, WK_RETRACTED, 1);
	return rc;
}

/* Split a multi-string field; returns the number of parts (<= max). */
static size_t parts(const kg_field *f, const char **out, size_t max)
{
	const char *p = (const char *)f->p, *end = p + f->len;
	size_t n = 0;

	while (p < end && n < max) {
		const char *z = memchr(p, '\0', (size_t)(end - p));

		if (!z)
			break;
		out[n++] = *p ? p : NULL;
		p = z + 1;
	}
	return n;
}

static int decode_fields(kg_work *w, const void *rec, size_t len);

int kg_work_decode(kg_work *w, const void *rec, size_t len)
{
	kg_work_clear(w);
	return decode_fields(w, rec, len);
}

int kg_work_redecode(kg_work *w, const void *rec, size_t len)
{
	/* the counts, read before the fields above the lists are cleared */
	size_t na = w->nauthors, nc = w->ncontainer, ns = w->nshort, ni = w->nissn, nu = w->nupdate_to,
	       nb = w->nupdated_by, nr = w->nrelation, nv = w->nversions;

	memset(w, 0, offsetof(kg_work, authors));
	memset(w->authors, 0, na * sizeof(w->authors[0]));
	memset(w->container, 0, nc * sizeof(w->container[0]));
	memset(w->short_container, 0, ns * sizeof(w->short_container[0]));
	memset(w->issn, 0, ni * sizeof(w->issn[0]));
	memset(w->update_to, 0, nu * sizeof(w->update_to[0]));
	memset(w->updated_by, 0, nb * sizeof(w->updated_by[0]));
	memset(w->relation, 0, nr * sizeof(w->relation[0]));
	memset(w->versions, 0, nv * sizeof(w->versions[0]));
	return decode_fields(w, rec, len);
}

/* The record's fields into w (cleared). */
static int decode_fields(kg_work *w, const void *rec, size_t len)
{
	const unsigned char *p = rec, *end = p + len;
	const char *ps[3];
	kg_field f;
	int rc;

	while ((rc = kg_rec_next(&p, end, &f)) == 1) {
		switch (f.tag) {
		case WK_DOI: w->doi = kg_field_str(&f); break;
		case WK_TITLE: w->title = kg_field_str(&f); break;
		case WK_SUBTITLE: w->subtitle = kg_field_str(&f); break;
		case WK_OTITLE: w->original_title = kg_field_str(&f); break;
		case WK_AUTHOR:
			if (w->nauthors < KG_WORK_AUTHORS && parts(&f, ps, 3) == 3) {
				w->authors[w->nauthors].given = ps[0];
				w->authors[w->nauthors].family = ps[1];
				w->authors[w->nauthors].orcid = ps[2];
				w->nauthors++;
			}
			break;
		case WK_AUTHOR_COUNT: w->author_count = kg_field_u64(&f); break;
		case WK_CONTAINER:
			if (w->ncontainer < KG_WORK_NAMES)
				w->container[w->ncontainer++] = kg_field_str(&f);
			break;
		case WK_SHORT:
			if (w->nshort < KG_WORK_NAMES)
				w->short_container[w->nshort++] = kg_field_str(&f);
			break;
		case WK_ISSN:
			if (w->nissn < KG_WORK_NAMES)
				w->issn[w->nissn++] = kg_field_str(&f);
			break;
		case WK_PUBLISHER: w->publisher = kg_field_str(&f); break;
		case WK_TYPE: w->type = kg_field_str(&f); break;
		case WK_YEAR: w->year = (int)kg_field_i64(&f); break;
		case WK_MONTH: w->month = (int)kg_field_i64(&f); break;
		case WK_PYEAR: w->print_year = (int)kg_field_i64(&f); break;
		case WK_OYEAR: w->online_year = (int)kg_field_i64(&f); break;
		case WK_VOLUME: w->volume = kg_field_str(&f); break;
		case WK_ISSUE: w->issue = kg_field_str(&f); break;
		case WK_PAGE: w->page = kg_field_str(&f); break;
		case WK_ARTNUM: w->article_number = kg_field_str(&f); break;
		case WK_UPDATE_TO:
		case WK_UPDATED_BY:
		case WK_RELATION: {
			kg_update *arr = f.tag == WK_UPDATE_TO ? w->update_to : f.tag == WK_UPDATED_BY ? w->updated_by : w->relation;
			size_t *cnt = f.tag == WK_UPDATE_TO ? &w->nupdate_to : f.tag == WK_UPDATED_BY ? &w->nupdated_by : &w->nrelation;

			if (*cnt < KG_WORK_NAMES && parts(&f, ps, 2) == 2) {
				arr[*cnt].type = ps[0];
				arr[*cnt].doi = ps[1];
				(*cnt)++;
			}
			break;
		}
		case WK_ABSTRACT: w->abstract = kg_field_str(&f); break;
		case WK_REFS: w->references = kg_field_str(&f); break;
		case WK_REFCOUNT: w->reference_count = (uint32_t)kg_field_u64(&f); break;
		case WK_DB: w->db = kg_field_str(&f); break;
		case WK_ARXIV: w->arxiv = kg_field_str(&f); break;
		case WK_PMID: w->pmid = kg_field_str(&f); break;
		case WK_PMCID: w->pmcid = kg_field_str(&f); break;
		case WK_DBLP: w->dblp = kg_field_str(&f); break;
		case WK_OPENALEX: w->openalex = kg_field_str(&f); break;
		case WK_JREF: w->journal_ref = kg_field_str(&f); break;
		case WK_VERSION:
			if (w->nversions < KG_WORK_VERSIONS && parts(&f, ps, 2) == 2) {
				w->versions[w->nversions].v = ps[0];
				w->versions[w->nversions].date = ps[1];
				w->nversions++;
			}
			break;
		case WK_RETRACTED: w->retracted = kg_field_u64(&f) != 0; break;
		default: break;
		}
	}
	if (rc < 0 || !(w->doi || w->arxiv || w->pmid || w->dblp || w->openalex))
		return pk_error_set(PK_EPARSE, "corrupt work record");
	if (w->author_count < w->nauthors)
		w->author_count = w->nauthors;
	w->rec = rec;
	w->rec_len = len;
	return 0;
}

/* The DOI in s[0..n): *s and *n narrowed to it (prefix, trailing
 * punctuation and anything from a blank on left out). 0, or PK_EINVAL when
 * it is not a DOI. */
static int doi_span(const char **sp, size_t *np)
{
	static const char *const prefixes[] = { "https://doi.org/", "http://doi.org/", "https://dx.doi.org/",
						"http://dx.doi.org/", "doi.org/", "dx.doi.org/", "doi:", "doi " };
	const char *s = *sp;
	size_t i, n = *np;

	while (n && isspace((unsigned char)*s))
		s++, n--;
	/* a bare DOI has none of the prefixes (none starts "10.") */
	for (i = n >= 3 && !memcmp(s, "10.", 3) ? sizeof(prefixes) / sizeof(prefixes[0]) : 0;
	     i < sizeof(prefixes) / sizeof(prefixes[0]); i++) {
		size_t l = strlen(prefixes[i]);

		if (n >= l && !strncasecmp(s, prefixes[i], l)) {
			s += l;
			n -= l;
			while (n && *s == ' ')
				s++, n--;
			break;
		}
	}
	/* trailing punctuation a sentence adds; a ')' only when unbalanced,
	 * since DOIs such as 10.1016/0022-2836(81)90087-5 hold parentheses */
	for (;;) {
		size_t open = 0, close = 0, k;

		if (!n)
			break;
		if (s[n - 1] == '.' || s[n - 1] == ',' || s[n - 1] == ';' || s[n - 1] == ']' || s[n - 1] == '"' ||
		    s[n - 1] == '\'' || s[n - 1] == '>' || isspace((unsigned char)s[n - 1])) {
			n--;
			continue;
		}
		if (s[n - 1] != ')')
			break;
		for (k = 0; k < n; k++)
			open += s[k] == '(', close += s[k] == ')';
		if (close <= open)
			break;
		n--;
	}
	if (n < 7 || strncmp(s, "10.", 3) || !memchr(s, '/', n) || n > 400)
		return pk_error_set(PK_EINVAL, "not a DOI");
	/* up to a blank or control character: eight bytes at a time while
	 * none is below 0x21 (a word that may hold one is looked at byte by
	 * byte) */
	for (i = 0; i + 8 <= n; i += 8) {
		uint64_t x;

		memcpy(&x, s + i, 8);
		if ((x - 0x2121212121212121ull) & ~x & 0x8080808080808080ull)
			break;
	}
	for (; i < n && (unsigned char)s[i] > 0x20; i++)
		;
	if (i < 7)
		return pk_error_set(PK_EINVAL, "not a DOI");
	*sp = s;
	*np = i;
	return 0;
}

/* n bytes of s, ASCII lower-cased, to dst (no NUL) */
static void doi_lower(char *dst, const char *s, size_t n)
{
	static const uint64_t ones = 0x0101010101010101ull, high = 0x8080808080808080ull;
	size_t i;

	/* eight at a time: an ASCII byte from 'A' to 'Z' gets 0x20 */
	for (i = 0; i + 8 <= n; i += 8) {
		uint64_t x, t, up;

		memcpy(&x, s + i, 8);
		t = x & ~high;
		up = ((t + ones * (0x80 - 'A')) ^ (t + ones * (0x80 - 'Z' - 1))) & ~x & high;
		x |= up >> 2;
		memcpy(dst + i, &x, 8);
	}
	for (; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		dst[i] = (char)(c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c); /* ASCII only */
	}
}

int kg_doi_normalize(pk_buf *out, const char *s, size_t n)
{
	int rc;

	if ((rc = doi_span(&s, &n)) < 0)
		return rc;
	if (pk_buf_grow(out, n) < 0)
		return PK_ENOMEM;
	doi_lower(out->ptr + out->len, s, n);
	out->len += n;
	out->ptr[out->len] = '\0';
	return 0;
}

int kg_doi_normalize_to(char *out, size_t cap, const char *s, size_t n)
{
	int rc;

	if ((rc = doi_span(&s, &n)) < 0)
		return rc;
	if (n >= cap)
		return pk_error_set(PK_ELIMIT, "DOI longer than %zu bytes", cap - 1);
	doi_lower(out, s, n);
	out[n] = '\0';
	return (int)n;
}

/* ---- matching keys (shared by ingest and check-ref) -------------------- */

/* what kg_fold_text asks of pk_text_fold */
#define KG_FOLD (PK_FOLD_CASE | PK_FOLD_MARKS | PK_FOLD_PUNCT | PK_FOLD_SPACE_ONE | PK_FOLD_DASH)

int kg_fold_text(pk_buf *out, const char *s, size_t n)
{
	pk_buf clean = PK_BUF_INIT;
	size_t i = 0;
	int rc = 0;

	/* most titles and names carry no markup: fold them as they are */
	if (!memchr(s, '<', n) && !memchr(s, '&', n)) {
		rc = pk_text_fold(out, s, n, KG_FOLD);
		goto dashes;
	}
	/* markup in titles: <i>, <sub>, <jats:italic>, &amp;, and markup
	 * escaped as entities ("&lt;scp&gt;GenCo&lt;/scp&gt;"): entities are
	 * decoded first, tags dropped after */
	{
		pk_buf dec = PK_BUF_INIT;

		if ((rc = pk_buf_grow(&dec, n)) < 0 || (rc = pk_buf_grow(&clean, n)) < 0) {
			pk_buf_release(&dec);
			pk_buf_release(&clean);
			return rc;
		}
		while (i < n && rc == 0) {
			if (s[i] == '&') {
				static const struct { const char *ent; char c; } ents[] = {
					{ "&amp;", '&' }, { "&lt;", '<' }, { "&gt;", '>' }, { "&quot;", '"' }, { "&apos;", '\'' },
					{ "&#39;", '\'' }, { "&#38;", '&' }, { "&#60;", '<' }, { "&#62;", '>' }, { "&nbsp;", ' ' } };
				size_t e;

				for (e = 0; e < sizeof(ents) / sizeof(ents[0]); e++) {
					size_t l = strlen(ents[e].ent);

					if (n - i >= l && !memcmp(s + i, ents[e].ent, l))
						break;
				}
				if (e < sizeof(ents) / sizeof(ents[0])) {
					rc = pk_buf_putc(&dec, ents[e].c);
					i += strlen(ents[e].ent);
					continue;
				}
			}
			rc = pk_buf_putc(&dec, s[i++]);
		}
		for (i = 0; i < dec.len && rc == 0;) {
			if (dec.ptr[i] == '<' && i + 1 < dec.len &&
			    ((dec.ptr[i + 1] | 32) >= 'a' && (dec.ptr[i + 1] | 32) <= 'z' ? 1 : dec.ptr[i + 1] == '/')) {
				/* a tag: "<i>", "</jats:sub>", and MathML's long ones
				 * ("<mml:math xmlns:mml=\"http://...\" id=\"M1\">") */
				const char *gt = memchr(dec.ptr + i, '>', dec.len - i);

				if (gt && gt - (dec.ptr + i) < 512) {
					i = (size_t)(gt - dec.ptr) + 1;
					continue;
				}
			}
			rc = pk_buf_putc(&clean, dec.ptr[i++]);
		}
		pk_buf_release(&dec);
	}
	if (rc == 0)
		rc = pk_text_fold(out, clean.ptr ? clean.ptr : "", clean.len, KG_FOLD);
	pk_buf_release(&clean);
dashes:
	if (rc == 0) {
		/* dashes survive PK_FOLD_DASH as '-': make them spaces too */
		size_t k;

		for (k = 0; out->ptr && k < out->len; k++)
			if (out->ptr[k] == '-')
				out->ptr[k] = ' ';
	}
	return rc;
}

long kg_fold_plain(const char *s, size_t n, char *out, size_t cap)
{
	long len;
	size_t k;

	if (memchr(s, '<', n) || memchr(s, '&', n) || (len = pk_text_fold_ascii(s, n, KG_FOLD, out, cap)) < 0)
		return -1;
	/* kg_fold_text's dash pass, on what was written (most titles and
	 * names have no '-': one memchr) */
	if (memchr(out, '-', (size_t)len < cap ? (size_t)len : cap - 1))
		for (k = 0; k < (size_t)len && k + 1 < cap; k++)
			if (out[k] == '-')
				out[k] = ' ';
	return len;
}

void kg_key_hashed(unsigned char key[KG_KEY_HASHED], char tag, uint64_t h)
{
	int i;

	key[0] = (unsigned char)tag;
	for (i = 8; i >= 1; i--, h >>= 8)
		key[i] = (unsigned char)h;
}

static int put_hash(pk_buf *key, char tag, const char *s, size_t n)
{
	unsigned char k[KG_KEY_HASHED];

	kg_key_hashed(k, tag, pk_fnv1a64(s, n));
	return pk_buf_put(key, k, sizeof(k));
}

int kg_key_folded(pk_buf *key, char tag, const char *folded, size_t n)
{
	return put_hash(key, tag, folded, n);
}

#define STOP_MAX 4 /* the longest stopword's bytes */

int kg_is_stopword(const char *word, size_t n)
{
	static const char *const stop[] = { "a", "an", "the", "of", "and", "in", "on", "for", "to", "with", "by", "at",
					    "from", "as", "or", "is", "are", "its", "via", "into", "de", "la", "le",
					    "les", "des", "du", "et", "en", "der", "die", "das", "und", "von", "el",
					    "los", "las", "y", "del", "da", "do", "em", "e", "il", "di" };
	size_t i;

	/* none is longer than STOP_MAX bytes (most words are: one test) */
	if (n > STOP_MAX)
		return 0;
	for (i = 0; n && i < sizeof(stop) / sizeof(stop[0]); i++)
		if (stop[i][0] == word[0] && strlen(stop[i]) == n && !memcmp(stop[i], word, n))
			return 1;
	return 0;
}

int kg_term_word(const char *word, size_t n)
{
	size_t i;

	if (n < 3 || n > 64 || kg_is_stopword(word, n))
		return 0;
	for (i = 0; i < n && word[i] >= '0' && word[i] <= '9'; i++)
		;
	return i < n;
}

int kg_key_term(pk_buf *key, char tag, const char *word, size_t n)
{
	return put_hash(key, tag, word, n);
}

/* Emit the term words of folded text f (space-separated) once each. */
static int emit_words(const char *f, char tag, size_t max, size_t *count,
		      int (*emit)(void *ctx, char tag, const char *word, size_t n), void *ctx)
{
	const char *seen[KG_TERMS_MAX];
	size_t seen_n[KG_TERMS_MAX], ns = 0, i;
	const char *p = f;
	int rc = 0;

	while (*p && rc == 0 && *count < KG_TERMS_MAX && ns < max) {
		size_t l = strcspn(p, " ");

		if (kg_term_word(p, l)) {
			for (i = 0; i < ns && !(seen_n[i] == l && !memcmp(seen[i], p, l)); i++)
				;
			if (i == ns) {
				seen[ns] = p;
				seen_n[ns++] = l;
				(*count)++;
				rc = emit(ctx, tag, p, l);
			}
		}
		p += l;
		while (*p == ' ')
			p++;
	}
	return rc;
}

int kg_work_terms(const kg_work *w, int (*emit)(void *ctx, char tag, const char *word, size_t n), void *ctx)
{
	pk_buf f = PK_BUF_INIT;
	size_t count = 0, i;
	int rc = 0;

	if (w->title && (rc = kg_fold_text(&f, w->title, strlen(w->title))) == 0 && f.ptr) {
		if (w->subtitle && (rc = pk_buf_putc(&f, ' ')) == 0)
			rc = kg_fold_text(&f, w->subtitle, strlen(w->subtitle));
		if (rc == 0)
			rc = emit_words(f.ptr, KG_TERM_TITLE, 24, &count, emit, ctx);
	}
	for (i = 0; rc == 0 && i < w->nauthors && i < 3; i++) {
		pk_buf_reset(&f);
		if (w->authors[i].family && kg_family_fold(&f, w->authors[i].family) == 0 && f.len >= 2 &&
		    count < KG_TERMS_MAX) {
			count++;
			rc = emit(ctx, KG_TERM_NAME, f.ptr, f.len);
		}
	}
	if (rc == 0 && w->ncontainer && w->container[0]) {
		pk_buf_reset(&f);
		if ((rc = kg_fold_text(&f, w->container[0], strlen(w->container[0]))) == 0 && f.ptr)
			rc = emit_words(f.ptr, KG_TERM_VENUE, 6, &count, emit, ctx);
	}
	pk_buf_release(&f);
	if (rc == PK_ENOTFOUND || rc == PK_EINVAL)
		rc = 0, pk_error_clear();
	return rc;
}

/* The head key (tag 'B': the first four words of six or more) of folded
 * text f[0..n): 0, or PK_ENOTFOUND (a shorter title). */
static int head_key_of(pk_buf *key, const char *f, size_t n)
{
	size_t words = 0, i, cut = 0;

	for (i = 0; i < n; i++)
		if (f[i] == ' ' && ++words == 4 && !cut)
			cut = i;
	words++;
	return words < 6 || !cut ? PK_ENOTFOUND : put_hash(key, 'B', f, cut);
}

/* The title key (tag 'T': the words joined without spaces, "X-ray" ==
 * "X ray" == "Xray") of folded text f (its spaces collapsed in place): 0,
 * or PK_ENOTFOUND (under four bytes). */
static int title_key_of(pk_buf *key, pk_buf *f)
{
	size_t i, j;

	for (i = j = 0; i < f->len; i++)
		if (f->ptr[i] != ' ')
			f->ptr[j++] = f->ptr[i];
	return j < 4 ? PK_ENOTFOUND : put_hash(key, 'T', f->ptr, j);
}

int kg_key_title(pk_buf *key, const char *title)
{
	pk_buf f = PK_BUF_INIT;
	int rc;

	if ((rc = kg_fold_text(&f, title, strlen(title))) == 0)
		rc = title_key_of(key, &f);
	pk_buf_release(&f);
	return rc;
}

int kg_key_titles(pk_buf *key, pk_buf *head, const char *title, int *have)
{
	pk_buf f = PK_BUF_INIT;
	int rc;

	*have = 0;
	if ((rc = kg_fold_text(&f, title, strlen(title))) == 0) {
		/* (the head first: the title key collapses the spaces) */
		if ((rc = head_key_of(head, f.ptr, f.len)) == 0)
			*have |= 2;
		if (rc == 0 || rc == PK_ENOTFOUND) {
			if ((rc = title_key_of(key, &f)) == 0)
				*have |= 1;
			if (rc == PK_ENOTFOUND)
				rc = 0;
		}
	}
	pk_buf_release(&f);
	return rc;
}

int kg_family_fold(pk_buf *out, const char *family)
{
	pk_buf f = PK_BUF_INIT;
	size_t i;
	int rc;

	if ((rc = kg_fold_text(&f, family, strlen(family))) == 0) {
		for (i = 0; i < f.len && rc == 0; i++)
			if (f.ptr[i] != ' ')
				rc = pk_buf_putc(out, f.ptr[i]);
	}
	pk_buf_release(&f);
	return rc;
}

/* "|" year, then "|" tail when tail is given, after a key's family name
 * (without printf: these keys are made for every candidate); a failed
 * append truncates the key to start. */
static int put_year_tail(pk_buf *key, size_t start, int year, const char *tail)
{
	char y[21];
	size_t l = pk_str_int(y, year);
	int rc;

	if ((rc = pk_buf_putc(key, '|')) < 0 || (rc = pk_buf_put(key, y, l)) < 0 ||
	    (tail && ((rc = pk_buf_putc(key, '|')) < 0 || (rc = pk_buf_puts(key, tail)) < 0)))
		pk_buf_truncate(key, start);
	return rc;
}

/* tag and the folded family name, appended to key: 0, PK_ENOTFOUND (a
 * name folded to nothing or past 120 bytes: key as it was) or an error */
static int author_head(pk_buf *key, char tag, const char *family)
{
	size_t start = key->len;
	int rc;

	if ((rc = pk_buf_putc(key, tag)) < 0 || (rc = kg_family_fold(key, family)) < 0)
		return rc;
	if (key->len - start < 2 || key->len - start > 120) {
		pk_buf_truncate(key, start);
		return PK_ENOTFOUND;
	}
	return 0;
}

int kg_key_author_year(pk_buf *key, const char *family, int year)
{
	size_t start = key->len;
	int rc;

	if ((rc = author_head(key, 'A', family)) < 0)
		return rc;
	return put_year_tail(key, start, year, NULL);
}

int kg_key_volume_page(pk_buf *key, const char *volume, const char *page)
{
	size_t vl, pl;

	if (!volume || !page)
		return PK_ENOTFOUND;
	vl = strcspn(volume, " ");
	pl = strcspn(page, "-–—, ");
	if (!vl || !pl || vl > 40 || pl > 40)
		return PK_ENOTFOUND;
	{
		/* "P" volume "|" first page (a failed append leaves the key as it was) */
		size_t start = key->len;
		int rc;

		if ((rc = pk_buf_putc(key, 'P')) < 0 || (rc = pk_buf_put(key, volume, vl)) < 0 ||
		    (rc = pk_buf_putc(key, '|')) < 0 || (rc = pk_buf_put(key, page, pl)) < 0)
			pk_buf_truncate(key, start);
		return rc;
	}
}

/* Initials of a venue's significant words. */
void kg_venue_initials(char *out, size_t n, const char *venue)
{
	static const char *const skip[] = { "of", "the", "and", "for", "in", "on", "de", "der", "und", "la" };
	pk_buf f = PK_BUF_INIT;
	size_t i = 0, o = 0, k;

	out[0] = '\0';
	if (!venue || kg_fold_text(&f, venue, strlen(venue)) < 0 || !f.ptr) {
		pk_buf_release(&f);
		pk_error_clear();
		return;
	}
	while (i < f.len && o + 1 < n) {
		size_t start = i, len;
		int stop = 0;

		while (i < f.len && f.ptr[i] != ' ')
			i++;
		len = i - start;
		for (k = 0; k < sizeof(skip) / sizeof(skip[0]); k++)
			if (strlen(skip[k]) == len && !memcmp(f.ptr + start, skip[k], len))
				stop = 1;
		if (len && !stop)
			out[o++] = f.ptr[start];
		while (i < f.len && f.ptr[i] == ' ')
			i++;
	}
	out[o] = '\0';
	pk_buf_release(&f);
}

int kg_key_author_venue(pk_buf *key, const char *family, int year, const char *venue)
{
	char ini[32];
	size_t start = key->len;
	int rc;

	kg_venue_initials(ini, sizeof(ini), venue);
	if (!ini[0])
		return PK_ENOTFOUND;
	if ((rc = author_head(key, 'V', family)) < 0)
		return rc;
	return put_year_tail(key, start, year, ini);
}

void kg_keys_author(pk_buf *keys, const char *family, const int *years, size_t n, const char *venue)
{
	char ini[32];
	pk_buf head = PK_BUF_INIT;
	size_t i;
	int ok = 1;

	for (i = 0; i < n; i++)
		pk_buf_reset(&keys[i]);
	if (venue) {
		kg_venue_initials(ini, sizeof(ini), venue);
		ok = ini[0] != '\0';
	}
	if (!ok || author_head(&head, venue ? 'V' : 'A', family) < 0) {
		pk_buf_release(&head);
		pk_error_clear();
		return;
	}
	for (i = 0; i < n; i++)
		if (pk_buf_put(&keys[i], head.ptr, head.len) < 0 || put_year_tail(&keys[i], 0, years[i], venue ? ini : NULL) < 0) {
			pk_buf_reset(&keys[i]);
			pk_error_clear();
		}
	pk_buf_release(&head);
}

/* ---- keys of a work ------------------------------------------------------ */

typedef struct key_emit {
	int (*emit)(void *ctx, const void *key, size_t n);
	void *ctx;
	pk_buf key;
} key_emit;

static int term_to_key(void *vctx, char tag, const char *word, size_t n)
{
	key_emit *e = vctx;
	int rc;

	pk_buf_reset(&e->key);
	if ((rc = kg_key_term(&e->key, tag, word, n)) < 0)
		return rc;
	return e->emit(e->ctx, e->key.ptr, e->key.len);
}

int kg_work_key(pk_buf *out, const kg_work *w)
{
	const char *db = w->db;

	if (db && !strcmp(db, "arXiv") && w->arxiv)
		return pk_buf_printf(out, "arxiv:%s", w->arxiv);
	if (db && !strcmp(db, "DBLP") && w->dblp)
		return pk_buf_printf(out, "dblp:%s", w->dblp);
	if (db && !strcmp(db, "PubMed") && w->pmid)
		return pk_buf_printf(out, "pmid:%s", w->pmid);
	if (db && !strcmp(db, "OpenAlex") && w->openalex)
		return pk_buf_printf(out, "openalex:%s", w->openalex);
	if (w->doi && (!db || !strcmp(db, "DataCite")))
		return kg_doi_normalize(out, w->doi, strlen(w->doi));
	return pk_error_set(PK_EINVAL, "the work has no identifier to be stored under");
}

int kg_key_ident_to(char *key, size_t cap, const char *scheme, const char *id)
{
	size_t sl = strlen(scheme), il;
	int doi = !strcmp(scheme, "doi") || !strcmp(scheme, "preprint-of"), rc;

	if (!id || !*id)
		return PK_ENOTFOUND;
	il = strlen(id);
	if (!doi && il > 200)
		return PK_ENOTFOUND;
	/* "I" scheme ":" and the id, a DOI normalised */
	if (sl + 2 >= cap)
		return pk_error_set(PK_ELIMIT, "identifier key longer than %zu bytes", cap - 1);
	key[0] = 'I';
	memcpy(key + 1, scheme, sl);
	key[sl + 1] = ':';
	if (doi) {
		if ((rc = kg_doi_normalize_to(key + sl + 2, cap - sl - 2, id, il)) < 0)
			return rc;
		return (int)(sl + 2) + rc;
	}
	if (sl + 2 + il >= cap)
		return pk_error_set(PK_ELIMIT, "identifier key longer than %zu bytes", cap - 1);
	memcpy(key + sl + 2, id, il + 1);
	return (int)(sl + 2 + il);
}

int kg_key_ident(pk_buf *key, const char *scheme, const char *id)
{
	char k[KG_KEY_IDENT_MAX];
	int n = kg_key_ident_to(k, sizeof(k), scheme, id);

	/* (a failed append leaves the key as it was) */
	return n < 0 ? n : pk_buf_put(key, k, (size_t)n);
}

int kg_work_keys(const kg_work *w, int (*emit)(void *ctx, const void *key, size_t n), void *ctx)
{
	key_emit e = { emit, ctx, PK_BUF_INIT };
	int rc = 0;

#define KEY(expr)                                                  \
	do {                                                       \
		pk_buf_reset(&e.key);                              \
		if (rc == 0 && (expr) == 0)                        \
			rc = emit(ctx, e.key.ptr, e.key.len);      \
		else                                               \
			pk_error_clear();                          \
	} while (0)
	if (w->title) {
		/* (the title folded once for its two keys) */
		pk_buf head = PK_BUF_INIT;
		int have = 0;

		pk_buf_reset(&e.key);
		if (kg_key_titles(&e.key, &head, w->title, &have) < 0)
			pk_error_clear();
		if (rc == 0 && (have & 1))
			rc = emit(ctx, e.key.ptr, e.key.len);
		if (rc == 0 && (have & 2))
			rc = emit(ctx, head.ptr, head.len);
		pk_buf_release(&head);
	}
	if (w->nauthors && w->authors[0].family && w->year) {
		KEY(kg_key_author_year(&e.key, w->authors[0].family, w->year));
		if (w->ncontainer)
			KEY(kg_key_author_venue(&e.key, w->authors[0].family, w->year, w->container[0]));
	}
	if (w->volume && (w->page || w->article_number))
		KEY(kg_key_volume_page(&e.key, w->volume, w->page ? w->page : w->article_number));
	if (w->db) {
		KEY(kg_key_ident(&e.key, "doi", w->doi));
		KEY(kg_key_ident(&e.key, "arxiv", w->arxiv));
		KEY(kg_key_ident(&e.key, "pmid", w->pmid));
		KEY(kg_key_ident(&e.key, "pmcid", w->pmcid));
		KEY(kg_key_ident(&e.key, "dblp", w->dblp));
		KEY(kg_key_ident(&e.key, "openalex", w->openalex));
		/* a preprint names its published version: found from it */
		for (size_t i = 0; i < w->nrelation; i++)
			if (w->relation[i].type && !strcmp(w->relation[i].type, "is-preprint-of"))
				KEY(kg_key_ident(&e.key, "preprint-of", w->relation[i].doi));
	}
#undef KEY
	if (rc == 0)
		rc = kg_work_terms(w, term_to_key, &e);
	pk_buf_release(&e.key);
	return rc;
}

/* ---- arXiv identifiers ----------------------------------------------------- */

int kg_arxiv_id(const char *s, char *id, size_t idn, char *version, size_t vn)
{
	static const char *const heads[] = { "https://arxiv.org/abs/", "http://arxiv.org/abs/", "https://arxiv.org/pdf/",
					     "http://arxiv.org/pdf/", "arxiv.org/abs/", "arxiv.org/pdf/",
					     "https://doi.org/10.48550/arxiv.", "10.48550/arxiv.", "arxiv:", "oai:arxiv.org:" };
	size_t i, n, k;
	const char *v;

	while (*s == ' ')
		s++;
	for (i = 0; i < sizeof(heads) / sizeof(heads[0]); i++)
		if (!strncasecmp(s, heads[i], strlen(heads[i]))) {
			s += strlen(heads[i]);
			break;
		}
	n = strcspn(s, " \t\r\n,;)]\"'");
	while (n && (s[n - 1] == '.' || s[n - 1] == '/'))
		n--;
	if (n > 4 && !strncmp(s + n - 4, ".pdf", 4))
		n -= 4;
	/* the version */
	for (k = n; k > 0 && isdigit((unsigned char)s[k - 1]); k--)
		;
	v = NULL;
	if (k < n && k > 0 && (s[k - 1] == 'v' || s[k - 1] == 'V'))
		v = s + k - 1, n = k - 1;
	/* new style YYMM.NNNN(N), or archive(.SUB)/YYMMNNN */
	if (n >= 9 && isdigit((unsigned char)s[0]) && s[4] == '.') {
		for (k = 0; k < n; k++)
			if (k != 4 && !isdigit((unsigned char)s[k]))
				return pk_error_set(PK_EINVAL, "not an arXiv id");
		if (n != 9 && n != 10)
			return pk_error_set(PK_EINVAL, "not an arXiv id");
	} else {
		const char *slash = memchr(s, '/', n);

		if (!slash || slash == s || (size_t)(s + n - slash - 1) != 7)
			return pk_error_set(PK_EINVAL, "not an arXiv id");
		for (k = 0; s + k < slash; k++)
			if (!islower((unsigned char)s[k]) && s[k] != '-' && s[k] != '.' && !isupper((unsigned char)s[k]))
				return pk_error_set(PK_EINVAL, "not an arXiv id");
		for (k = (size_t)(slash - s) + 1; k < n; k++)
			if (!isdigit((unsigned char)s[k]))
				return pk_error_set(PK_EINVAL, "not an arXiv id");
	}
	if (n + 1 > idn)
		return pk_error_set(PK_EINVAL, "not an arXiv id");
	for (k = 0; k < n; k++)
		id[k] = (char)((s[k] >= 'A' && s[k] <= 'Z' && memchr(s, '/', n)) ? s[k] - 'A' + 'a' : s[k]);
	id[n] = '\0';
	if (version && vn) {
		snprintf(version, vn, "%s", "");
		if (v) {
			size_t vl = strspn(v + 1, "0123456789");

			snprintf(version, vn, "v%.*s", (int)vl, v + 1);
		}
	}
	return 0;
}

