/* ingest/biblio.c - the writer and driver of the bibliographic databases;
 * see biblio.h. */
#include "biblio.h"

#include "../common/alloc.h"
#include "../common/error.h"
#include "../common/lines.h"
#include "../common/text.h"

#include <cjson/cJSON.h>

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <utf8proc.h>

#define CHECKPOINT_EVERY 20000

static int put_key(void *ctx, const void *key, size_t n)
{
	bib *b = ctx;

	return kg_index_add(b->t, b->sid, key, n, b->key.ptr, b->key.len);
}

static int cover_prefix(bib *b, const char *doi)
{
	const char *slash = doi ? strchr(doi, '/') : NULL;
	char prefix[64];

	if (!slash || slash - doi >= (long)sizeof(prefix) - 5)
		return 0;
	snprintf(prefix, sizeof(prefix), "doi:%.*s", (int)(slash - doi), doi);
	if (!strcmp(prefix, b->last_prefix))
		return 0;
	snprintf(b->last_prefix, sizeof(b->last_prefix), "%s", prefix);
	b->prefixes++;
	return bib_cover(b, prefix, "");
}

int bib_put(bib *b, const kg_work *w)
{
	int rc;

	pk_buf_reset(&b->key);
	pk_buf_reset(&b->rec);
	if (kg_work_key(&b->key, w) < 0) {
		pk_error_clear();
		return bib_reject(b, "a record with no identifier (%s)", w->title ? w->title : "no title");
	}
	if (!w->title || !*w->title)
		return bib_reject(b, "%s: no title", b->key.ptr);
	if ((rc = kg_work_encode(&b->rec, w)) < 0 ||
	    (rc = kg_doc_put(b->t, b->sid, KG_DOC_WORKS, b->key.ptr, b->key.len, b->rec.ptr, b->rec.len)) < 0 ||
	    (rc = kg_work_keys(w, put_key, b)) < 0)
		return rc;
	/* a DataCite DOI is the registry's own: its prefix is covered */
	if (b->bulk && w->db && !strcmp(w->db, "DataCite") && (rc = cover_prefix(b, b->key.ptr)) < 0)
		return rc;
	b->records++;
	b->res->records++;
	if (++b->since_checkpoint >= CHECKPOINT_EVERY) {
		b->since_checkpoint = 0;
		if ((rc = kg_txn_checkpoint(b->t)) < 0)
			return rc;
		if (b->o && b->o->progress)
			b->o->progress(b->o->ctx, "works", b->res->records, 0);
	}
	return 0;
}

int bib_reject(bib *b, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (b->line)
		return ingest_reject(b->res, b->o, "%s:%llu: %s", b->file, (unsigned long long)b->line, msg);
	return ingest_reject(b->res, b->o, "%s: %s", b->file, msg);
}

int bib_delete(bib *b, const char *key)
{
	int rc;

	if ((rc = kg_doc_del(b->t, KG_DOC_WORKS, key, strlen(key))) < 0)
		return rc;
	pk_buf_reset(&b->tmp);
	if ((rc = pk_buf_printf(&b->tmp, "X%s", key)) < 0)
		return rc;
	b->deleted++;
	return kg_index_add(b->t, b->sid, b->tmp.ptr, b->tmp.len, "deleted", 7);
}

int bib_cover(bib *b, const char *what, const char *value)
{
	int rc;

	b->any_bulk = 1;
	if (!strncmp(what, "dblp:", 5) && !strstr(b->streams, what + 5)) {
		size_t l = strlen(b->streams);

		if (b->nstreams++ < 4 && l + strlen(what) < sizeof(b->streams))
			snprintf(b->streams + l, sizeof(b->streams) - l, "%s%s", l ? ", " : "", what + 5);
	}
	if (!strcmp(what, "pmid") || !strcmp(what, "openalex")) {
		unsigned long long lo = strtoull(value, NULL, 10), hi = lo;
		const char *dash = strchr(value, '-');

		if (dash)
			hi = strtoull(dash + 1, NULL, 10);
		if (!b->cov_lo || lo < b->cov_lo)
			b->cov_lo = lo;
		if (hi > b->cov_hi)
			b->cov_hi = hi;
	}

	pk_buf_reset(&b->tmp);
	if ((rc = pk_buf_printf(&b->tmp, "C%s", what)) < 0)
		return rc;
	return kg_index_add(b->t, b->sid, b->tmp.ptr, b->tmp.len, value, strlen(value));
}

void bib_date(bib *b, const char *iso)
{
	if (iso && strlen(iso) >= 10 && isdigit((unsigned char)iso[0]) && iso[4] == '-' &&
	    strncmp(iso, b->newest, 10) > 0)
		snprintf(b->newest, sizeof(b->newest), "%.10s", iso);
}

int bib_arxiv_seen(bib *b, const char *id)
{
	char month[40];
	const char *slash = strchr(id, '/');
	uint32_t num;
	size_t i;

	if (slash) {
		snprintf(month, sizeof(month), "%.*s/%.4s", (int)(slash - id), id, slash + 1);
		num = (uint32_t)strtoul(slash + 5, NULL, 10);
	} else {
		snprintf(month, sizeof(month), "%.4s", id);
		num = (uint32_t)strtoul(id + 5, NULL, 10);
	}
	for (i = 0; i < b->nmonths; i++)
		if (!strcmp(b->months[i].key, month)) {
			if (num > b->months[i].max)
				b->months[i].max = num;
			return 0;
		}
	if (PK_ALLOC_GROW(b->months, b->nmonths + 1, b->cap_months, 64) < 0)
		return PK_ENOMEM;
	snprintf(b->months[b->nmonths].key, sizeof(b->months[0].key), "%s", month);
	b->months[b->nmonths++].max = num;
	return 0;
}

void bib_copy(char *dst, size_t n, const char *s, size_t len)
{
	while (len && isspace((unsigned char)*s))
		s++, len--;
	while (len && isspace((unsigned char)s[len - 1]))
		len--;
	len = pk_utf8_cut(s, len, n - 1);
	memcpy(dst, s, len);
	dst[len] = '\0';
}

size_t bib_text(pk_buf *arena, const char *text, size_t n)
{
	size_t at = arena->len, i;
	int space = 0;

	while (n && isspace((unsigned char)*text))
		text++, n--;
	while (n && isspace((unsigned char)text[n - 1]))
		n--;
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)text[i];

		if (isspace(c)) {
			space = 1;
			continue;
		}
		if (space && pk_buf_putc(arena, ' ') < 0)
			return (size_t)-1;
		space = 0;
		if (pk_buf_putc(arena, (char)c) < 0)
			return (size_t)-1;
	}
	if (pk_buf_putc(arena, '\0') < 0)
		return (size_t)-1;
	return at;
}

/* ---- the driver ----------------------------------------------------------- */

static const char *db_name(int kind)
{
	switch (kind) {
	case INGEST_ARXIV: return "arXiv";
	case INGEST_DBLP: return "DBLP";
	case INGEST_PUBMED: return "PubMed";
	case INGEST_DATACITE: return "DataCite";
	case INGEST_OPENALEX: return "OpenAlex";
	default: return NULL;
	}
}

static int pubmed_dump_name(const char *name)
{
	size_t i = 6;

	if (strncmp(name, "pubmed", 6))
		return 0;
	while (isdigit((unsigned char)name[i]))
		i++;
	if (i != 8 || name[i] != 'n')
		return 0;
	for (i++; isdigit((unsigned char)name[i]); i++)
		;
	return !strncmp(name + i, ".xml", 4);
}

static int read_file(bib *b, int kind, const char *file)
{
	int fk = kind;

	b->file = file;
	b->line = 0;
	/* dblp.xml is the dump; PubMed's baseline and update files are named
	 * pubmedYYnNNNN.xml(.gz) (a sample or an efetch answer covers only
	 * its records); the JSON readers say for theirs */
	b->bulk = kind == INGEST_DBLP || (kind == INGEST_PUBMED && pubmed_dump_name(ingest_basename(file)));
	if (kind == INGEST_ARXIV) {
		/* JSON lines, or XML (OAI-PMH, Atom) */
		if (ingest_detect(&fk, file) < 0)
			return -1;
		return fk == INGEST_ARXIV_XML ? bib_arxiv_xml(b, file) : bib_arxiv_jsonl(b, file);
	}
	switch (kind) {
	case INGEST_DBLP: return bib_dblp_xml(b, file);
	case INGEST_PUBMED: return bib_pubmed_xml(b, file);
	case INGEST_DATACITE: return bib_datacite_json(b, file);
	case INGEST_OPENALEX: return bib_openalex_json(b, file);
	default: return pk_error_set(PK_EINVAL, "%s: not a bibliographic database", file);
	}
}

static int finish_coverage(bib *b, const char *kind)
{
	char v[32];
	size_t i;
	int rc = 0;

	for (i = 0; i < b->nmonths && rc == 0; i++) {
		char what[64];

		snprintf(what, sizeof(what), "arxiv:%s", b->months[i].key);
		snprintf(v, sizeof(v), "%u", b->months[i].max);
		rc = bib_cover(b, what, v);
	}
	if (rc == 0) {
		/* what `provkg sources` says the edition covers */
		pk_buf line = PK_BUF_INIT;
		char what[32];

		snprintf(what, sizeof(what), "Csummary:%u", b->sid);
		if (b->nmonths) {
			const char *first = b->months[0].key, *last = b->months[0].key;

			for (i = 1; i < b->nmonths; i++) {
				if (strcmp(b->months[i].key, first) < 0)
					first = b->months[i].key;
				if (strcmp(b->months[i].key, last) > 0)
					last = b->months[i].key;
			}
			rc = pk_buf_printf(&line, "covers the arXiv ids of %zu month%s (%s .. %s), each up to its last", b->nmonths,
					   b->nmonths == 1 ? "" : "s", first, last);
		} else if (b->nstreams) {
			rc = pk_buf_printf(&line, "covers %llu dblp stream%s (%s%s)", (unsigned long long)b->nstreams,
					   b->nstreams == 1 ? "" : "s", b->streams, b->nstreams > 4 ? ", ..." : "");
		} else if (b->prefixes) {
			rc = pk_buf_printf(&line, "covers %llu DOI prefix%s", (unsigned long long)b->prefixes,
					   b->prefixes == 1 ? "" : "es");
		} else if (b->cov_hi) {
			rc = pk_buf_printf(&line, "covers %s %llu .. %llu", !strcmp(kind, "PubMed") ? "PMIDs" : "OpenAlex works W",
					   (unsigned long long)b->cov_lo, (unsigned long long)b->cov_hi);
		} else {
			rc = pk_buf_printf(&line, "covers its %llu records only (API answers or a sample, not a dump)",
					   (unsigned long long)b->records);
		}
		if (rc == 0 && b->deleted)
			rc = pk_buf_printf(&line, "; %llu deleted", (unsigned long long)b->deleted);
		if (rc == 0 && b->newest[0])
			rc = pk_buf_printf(&line, "; newest record %s", b->newest);
		if (rc == 0)
			rc = kg_index_add(b->t, b->sid, what, strlen(what), line.ptr, line.len);
		pk_buf_release(&line);
	}
	return rc;
}

int ingest_biblio(kg_txn *t, int kind, const char *path, char *const *files, size_t nfiles, const ingest_opts *o,
		  ingest_result *res)
{
	const char *name = db_name(kind);
	char edition[64];
	bib b;
	size_t i;
	int rc;

	if (!name)
		return pk_error_set(PK_EINVAL, "%s: not a bibliographic database", path);
	res->kind = kind;
	if ((rc = ingest_edition(edition, sizeof(edition), path, o)) < 0)
		return rc;
	memset(&b, 0, sizeof(b));
	if ((rc = ingest_source_begin(t, res, name, edition, path, name,
				      o && o->complete ? KG_SOURCE_COMPLETE : 0, &b.sid)) < 0)
		return rc;
	b.t = t;
	b.o = o;
	b.res = res;
	for (i = 0; i < nfiles; i++) {
		if ((rc = read_file(&b, kind, files[i])) < 0) {
			/* a file that cannot be read through (not well-formed XML,
			 * a damaged gzip) loses the rest of that file only */
			if (rc == PK_EPARSE || rc == PK_EIO) {
				b.line = 0;
				if ((rc = ingest_reject(res, o, "%s (the rest of this file is not read)", pk_error_last())) < 0)
					break;
				pk_error_clear();
				continue;
			}
			break;
		}
	}
	if (rc == 0)
		rc = finish_coverage(&b, name);
	if (rc == 0)
		rc = kg_source_finish(t, b.sid, res->records, res->rejected, NULL);
	pk_buf_release(&b.rec);
	pk_buf_release(&b.key);
	pk_buf_release(&b.tmp);
	pk_free(b.months);
	return rc;
}

/* ---- TeX accents (arXiv's names and titles) ------------------------------ */

size_t bib_tex(pk_buf *arena, const char *s, size_t n)
{
	static const struct { char c; const char *mark; } acc[] = {
		{ '\'', "\xcc\x81" }, { '`', "\xcc\x80" }, { '"', "\xcc\x88" }, { '^', "\xcc\x82" },
		{ '~', "\xcc\x83" }, { '=', "\xcc\x84" }, { '.', "\xcc\x87" }, { 'u', "\xcc\x86" },
		{ 'v', "\xcc\x8c" }, { 'H', "\xcc\x8b" }, { 'c', "\xcc\xa7" }, { 'k', "\xcc\xa8" }
	};
	static const struct { const char *cmd; const char *utf8; } sym[] = {
		{ "ss", "\xc3\x9f" }, { "o", "\xc3\xb8" }, { "O", "\xc3\x98" }, { "aa", "\xc3\xa5" },
		{ "AA", "\xc3\x85" }, { "l", "\xc5\x82" }, { "L", "\xc5\x81" }, { "ae", "\xc3\xa6" },
		{ "oe", "\xc5\x93" }, { "i", "i" }, { "j", "j" }
	};
	pk_buf raw = PK_BUF_INIT;
	size_t i = 0, at;
	utf8proc_uint8_t *nfc;
	int failed = 0;

	if (!memchr(s, '\\', n) && !memchr(s, '{', n))
		return bib_text(arena, s, n);
	while (i < n) {
		if (s[i] == '{' || s[i] == '}') {
			i++;
			continue;
		}
		if (s[i] == '\\' && i + 1 < n) {
			size_t k, j = i + 1, l;
			int done = 0;

			for (k = 0; k < sizeof(acc) / sizeof(acc[0]) && !done; k++) {
				if (s[j] != acc[k].c)
					continue;
				/* letter accents (\u, \v, \c ...) take a braced or spaced argument */
				j++;
				if (isalpha((unsigned char)acc[k].c) && j < n && s[j] != '{' && s[j] != ' ')
					break;
				while (j < n && (s[j] == '{' || s[j] == ' '))
					j++;
				if (j < n && s[j] == '\\' && j + 1 < n && (s[j + 1] == 'i' || s[j + 1] == 'j'))
					j++; /* \'{\i} */
				if (j < n && (unsigned char)s[j] < 0x80 && isalpha((unsigned char)s[j])) {
					failed |= pk_buf_putc(&raw, s[j]) < 0 || pk_buf_puts(&raw, acc[k].mark) < 0;
					i = j + 1;
					done = 1;
				}
			}
			if (done)
				continue;
			for (l = 0; j + l < n && isalpha((unsigned char)s[j + l]); l++)
				;
			for (k = 0; k < sizeof(sym) / sizeof(sym[0]) && !done; k++)
				if (l == strlen(sym[k].cmd) && !strncmp(s + j, sym[k].cmd, l)) {
					failed |= pk_buf_puts(&raw, sym[k].utf8) < 0;
					i = j + l;
					done = 1;
				}
			if (done)
				continue;
		}
		failed |= pk_buf_putc(&raw, s[i++]) < 0;
	}
	if (failed) {
		pk_buf_release(&raw);
		pk_error_set(PK_ENOMEM, "out of memory");
		return (size_t)-1; /* as bib_text fails */
	}
	if (!raw.ptr) {
		at = bib_text(arena, "", 0);
	} else if ((nfc = utf8proc_NFC((const utf8proc_uint8_t *)raw.ptr))) {
		at = bib_text(arena, (const char *)nfc, strlen((const char *)nfc));
		free(nfc);
	} else {
		at = bib_text(arena, raw.ptr, raw.len);
	}
	pk_buf_release(&raw);
	return at;
}

/* ---- one record, field by field ------------------------------------------ */

void bib_rec_reset(bib_rec *r)
{
	pk_buf a = r->a;

	pk_buf_reset(&a);
	memset(r, 0, sizeof(*r));
	r->a = a;
}

void bib_rec_release(bib_rec *r)
{
	pk_buf_release(&r->a);
}

int bib_rec_set(bib_rec *r, size_t *field, const char *text, size_t n, int tex)
{
	size_t at = tex ? bib_tex(&r->a, text, n) : bib_text(&r->a, text, n);

	if (at == (size_t)-1)
		return pk_error_set(PK_ENOMEM, "out of memory");
	*field = r->a.ptr[at] ? at + 1 : 0; /* an empty field is no field */
	return 0;
}

int bib_rec_author(bib_rec *r, const char *given, size_t gn, const char *family, size_t fn, int tex)
{
	size_t g = 0, f = 0;
	int rc;

	r->author_count++;
	if (r->nauthors >= KG_WORK_AUTHORS)
		return 0;
	if ((given && (rc = bib_rec_set(r, &g, given, gn, tex)) < 0) || (rc = bib_rec_set(r, &f, family, fn, tex)) < 0)
		return rc;
	if (!f) {
		r->author_count--;
		return 0;
	}
	r->given[r->nauthors] = g;
	r->family[r->nauthors++] = f;
	return 0;
}

int bib_rec_author_name(bib_rec *r, const char *name, size_t n, int tex)
{
	size_t cut;

	while (n && isspace((unsigned char)name[n - 1]))
		n--;
	while (n && isspace((unsigned char)*name))
		name++, n--;
	/* what databases append to tell namesakes apart: dblp's "Manish
	 * Singh 0001", OpenAlex's "Mihai G Netea (15649)" */
	for (;;) {
		size_t k = n;

		if (k && name[k - 1] == ')')
			k--;
		while (k && isdigit((unsigned char)name[k - 1]))
			k--;
		if (k == n || k == 0 || (name[n - 1] == ')' && (k == n - 1 || name[k - 1] != '(')))
			break;
		if (name[n - 1] == ')')
			k--;
		if (!k || name[k - 1] != ' ')
			break;
		for (n = k; n && isspace((unsigned char)name[n - 1]); n--)
			;
	}
	/* "Family, Given" */
	for (cut = 0; cut < n && name[cut] != ','; cut++)
		;
	if (cut < n)
		return bib_rec_author(r, name + cut + 1, n - cut - 1, name, cut, tex);
	/* "Given Family": the last word, or the last two with a particle */
	for (cut = n; cut > 0 && !isspace((unsigned char)name[cut - 1]); cut--)
		;
	if (cut == 0)
		return bib_rec_author(r, NULL, 0, name, n, tex);
	{
		static const char *const particles[] = { "van ", "von ", "de ", "der ", "den ", "da ", "di ", "du ", "le ", "la " };
		size_t p = cut - 1, k;

		while (p > 0 && !isspace((unsigned char)name[p - 1]))
			p--;
		for (k = 0; k < sizeof(particles) / sizeof(particles[0]); k++)
			if (p > 0 && !strncmp(name + p, particles[k], strlen(particles[k])))
				return bib_rec_author(r, name, p, name + p, n - p, tex);
	}
	return bib_rec_author(r, name, cut, name + cut, n - cut, tex);
}

int bib_rec_authors_list(bib_rec *r, const char *s, size_t n, int tex)
{
	size_t i = 0;
	int rc = 0;

	/* "A. One, B. Two and C. Three", arXiv's authors string */
	while (i < n && rc == 0) {
		size_t j = i, end;

		while (j < n && s[j] != ',' && !(j + 5 <= n && !strncmp(s + j, " and ", 5)))
			j++;
		end = j;
		if (end > i)
			rc = bib_rec_author_name(r, s + i, end - i, tex);
		i = j < n && s[j] == ',' ? j + 1 : j + 5;
		if (j + 5 <= n && !strncmp(s + j, ", and ", 6))
			i = j + 6;
	}
	return rc;
}

int bib_rec_version(bib_rec *r, const char *v, const char *date)
{
	int rc;

	if (r->nversions >= KG_WORK_VERSIONS)
		return 0;
	if ((rc = bib_rec_set(r, &r->vv[r->nversions], v, strlen(v), 0)) < 0 ||
	    (rc = bib_rec_set(r, &r->vdate[r->nversions], date ? date : "", date ? strlen(date) : 0, 0)) < 0)
		return rc;
	if (r->vv[r->nversions])
		r->nversions++;
	return 0;
}

/* The year in a date as the sources write it: "2007-04-02",
 * "Mon, 2 Apr 2007 19:18:42 GMT", "2007 Apr". */
int bib_year(const char *d)
{
	size_t i, n = d ? strlen(d) : 0;

	for (i = 0; i + 4 <= n; i++)
		if (isdigit((unsigned char)d[i]) && isdigit((unsigned char)d[i + 1]) && isdigit((unsigned char)d[i + 2]) &&
		    isdigit((unsigned char)d[i + 3]) && (i + 4 == n || !isdigit((unsigned char)d[i + 4])) &&
		    (i == 0 || !isdigit((unsigned char)d[i - 1]))) {
			int y = (d[i] - '0') * 1000 + (d[i + 1] - '0') * 100 + (d[i + 2] - '0') * 10 + (d[i + 3] - '0');

			if (y >= 1600 && y <= 2200)
				return y;
		}
	return 0;
}

#define F(off) ((off) ? r->a.ptr + (off) - 1 : NULL)

int bib_rec_put(bib *b, bib_rec *r, const char *db)
{
	kg_work w;
	size_t i;
	pk_buf doi = PK_BUF_INIT, rel = PK_BUF_INIT;
	size_t rel_at[4];
	int rc;

	kg_work_clear(&w);
	w.db = db;
	w.title = F(r->title);
	w.original_title = F(r->original_title);
	/* DOIs as every other record has them: normalised ("https://doi.org/"
	 * and case gone); one that is none is dropped, and said */
	if (r->doi && kg_doi_normalize(&doi, r->a.ptr + r->doi - 1, strlen(r->a.ptr + r->doi - 1)) < 0) {
		pk_error_clear();
		if ((rc = ingest_drop_field(b->res, b->o, "%s:%llu: not a DOI: '%.60s'", b->file,
					    (unsigned long long)b->line, r->a.ptr + r->doi - 1)) < 0)
			return rc;
	}
	w.doi = doi.ptr;
	w.arxiv = F(r->arxiv);
	w.pmid = F(r->pmid);
	w.pmcid = F(r->pmcid);
	w.dblp = F(r->dblp);
	w.openalex = F(r->openalex);
	w.journal_ref = F(r->journal_ref);
	w.type = F(r->type);
	w.publisher = F(r->publisher);
	w.volume = F(r->volume);
	w.issue = F(r->issue);
	w.page = F(r->pages);
	w.year = r->year;
	w.retracted = r->retracted;
	if (r->venue)
		w.container[w.ncontainer++] = F(r->venue);
	if (r->venue_also)
		w.container[w.ncontainer++] = F(r->venue_also);
	if (r->venue_short)
		w.short_container[w.nshort++] = F(r->venue_short);
	for (i = 0; i < r->nissn && i < KG_WORK_NAMES; i++)
		w.issn[w.nissn++] = F(r->issn[i]);
	for (i = 0; i < r->nauthors; i++) {
		w.authors[i].given = F(r->given[i]);
		w.authors[i].family = F(r->family[i]);
	}
	w.nauthors = r->nauthors;
	w.author_count = r->author_count;
	for (i = 0; i < r->nversions; i++) {
		w.versions[i].v = F(r->vv[i]);
		w.versions[i].date = F(r->vdate[i]);
	}
	w.nversions = r->nversions;
	for (i = 0; i < r->nrel && i < 4; i++) {
		rel_at[i] = rel.len;
		const char *d = r->rel_id[i] ? r->a.ptr + r->rel_id[i] - 1 : NULL;

		if (!d || kg_doi_normalize(&rel, d, strlen(d)) < 0 || pk_buf_putc(&rel, '\0') < 0) {
			pk_error_clear();
			rel_at[i] = (size_t)-1;
		}
	}
	for (i = 0; i < r->nrel && i < 4; i++) {
		if (rel_at[i] == (size_t)-1)
			continue;
		w.relation[w.nrelation].type = F(r->rel_type[i]);
		w.relation[w.nrelation++].doi = rel.ptr + rel_at[i];
	}
	rc = bib_put(b, &w);
	pk_buf_release(&doi);
	pk_buf_release(&rel);
	return rc;
}
#undef F

/* ---- JSON records: a document, an API envelope, or JSON lines ------------ */


#define JSON_DOC_MAX (256u * 1024 * 1024)

static int each_in(bib *b, const cJSON *v, int (*each)(bib *, const cJSON *, void *), void *ctx)
{
	static const char *const wrappers[] = { "data", "results", "items", "message" };
	const cJSON *it;
	size_t i;
	int rc = 0;

	if (cJSON_IsArray(v)) {
		cJSON_ArrayForEach(it, v) {
			if ((rc = each_in(b, it, each, ctx)) < 0)
				return rc;
		}
		return 0;
	}
	if (!cJSON_IsObject(v))
		return bib_reject(b, "not a JSON object");
	for (i = 0; i < sizeof(wrappers) / sizeof(wrappers[0]); i++) {
		const cJSON *w = cJSON_GetObjectItemCaseSensitive(v, wrappers[i]);

		if (cJSON_IsArray(w) || (cJSON_IsObject(w) && !cJSON_GetObjectItemCaseSensitive(v, "id")))
			return each_in(b, w, each, ctx);
	}
	return each(b, v, ctx);
}

/* Every JSON value in text, one after another (a line of JSON lines, or
 * a whole document): none is dropped; a value that is not JSON ends the
 * text with a reason. */
static int json_values(bib *b, const char *text, size_t n, int whole, int (*each)(bib *, const cJSON *, void *),
		       void *ctx)
{
	const char *p = text, *end = text + n, *stop;
	int rc = 0;

	while (rc == 0) {
		cJSON *v;

		while (p < end && memchr(" \t\r\n", *p, 4))
			p++;
		if (p >= end)
			break;
		if (!(v = cJSON_ParseWithLengthOpts(p, (size_t)(end - p), &stop, 0))) {
			if (whole && p == text)
				return pk_error_set(PK_EPARSE, "%s: not JSON (nor JSON lines)", b->file);
			return whole ? bib_reject(b, "byte %zu: not JSON: the rest of the file is not read", (size_t)(p - text))
				     : bib_reject(b, "column %zu: not JSON", (size_t)(p - text) + 1);
		}
		rc = each_in(b, v, each, ctx);
		cJSON_Delete(v);
		p = stop > p ? stop : end;
	}
	return rc;
}

const char *bib_str(const cJSON *o, const char *k)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);

	return cJSON_IsString(v) ? v->valuestring : NULL;
}

int bib_json_records(bib *b, const char *file, int (*each)(bib *, const cJSON *, void *), void *ctx)
{
	pk_lines *l;
	const char *line;
	size_t n, lines = 0;
	int rc, jsonl = 0;

	/* JSON lines: the first line is a whole object */
	if ((rc = pk_lines_open(&l, file, 64u * 1024 * 1024)) < 0)
		return rc;
	while ((rc = pk_lines_next(l, &line, &n)) == 1 && strspn(line, " \t\r") == n)
		;
	if (rc == 1 && line[strspn(line, " \t")] == '{') {
		cJSON *o = cJSON_ParseWithLength(line, n);

		jsonl = o != NULL;
		cJSON_Delete(o);
	}
	/* a dump has many lines: a one-line file (an API answer written
	 * compactly) covers only its record */
	if (jsonl) {
		while ((rc = pk_lines_next(l, &line, &n)) == 1 && strspn(line, " \t\r") == n)
			;
		b->bulk = rc == 1;
	} else {
		b->bulk = 0;
	}
	pk_lines_free(l);
	if (jsonl) {
		if ((rc = pk_lines_open(&l, file, 64u * 1024 * 1024)) < 0)
			return rc;
		while ((rc = pk_lines_next(l, &line, &n)) != 0) {
			b->line = pk_lines_lineno(l);
			if (rc == PK_ELIMIT) {
				if ((rc = bib_reject(b, "a line longer than 64 MiB")) < 0)
					break;
				continue;
			}
			if (rc < 0)
				break;
			if (strspn(line, " \t\r") == n)
				continue;
			lines++;
			if ((rc = json_values(b, line, n, 0, each, ctx)) < 0)
				break;
		}
		pk_lines_free(l);
		return rc;
	}
	{
		char *text;

		b->line = 0;
		if ((rc = pk_file_read(&text, &n, file, JSON_DOC_MAX)) < 0)
			return rc;
		rc = json_values(b, text, n, 1, each, ctx);
		pk_free(text);
	}
	return rc;
}
