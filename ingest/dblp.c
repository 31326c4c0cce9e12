/* ingest/dblp.c - dblp.xml: every publication record (article,
 * inproceedings, proceedings, incollection, book, theses; informal CoRR
 * records as preprints), read with its DTD for the character entities. */
#include "biblio.h"
#include "xml.h"

#include "../common/error.h"

#include <cjson/cJSON.h>

#include <stdio.h>
#include <string.h>

static const struct { const char *el, *type; } kinds[] = {
	{ "article", "journal-article" }, { "inproceedings", "proceedings-article" },
	{ "proceedings", "proceedings" }, { "incollection", "book-chapter" }, { "book", "book" },
	{ "phdthesis", "dissertation" }, { "mastersthesis", "dissertation" }, { "data", "dataset" }
};

typedef struct dctx {
	bib *b;
	bib_rec r;
	int in_rec;      /* 1 in a publication record, 2 in one not taken (www) */
	const char *type;
	char key[256];
	char arxiv[64];
	char stream[128];
	uint64_t line, rec_line;
	uint64_t persons, others;
} dctx;

static int record_kind(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (!strcmp(name, kinds[i].el))
			return (int)i;
	return -1;
}

static int d_start(void *vctx, const char *name, const char *const *attrs, int depth)
{
	dctx *x = vctx;
	int k;

	if (depth == 2) {
		const char *key = ix_attr(attrs, "key"), *pt = ix_attr(attrs, "publtype");

		bib_rec_reset(&x->r);
		x->arxiv[0] = '\0';
		x->rec_line = x->line;
		if (!strcmp(name, "www") || !strcmp(name, "person")) {
			x->in_rec = 2; /* a person's page, not a publication */
			x->persons++;
			return 0;
		}
		if ((k = record_kind(name)) < 0 || !key) {
			x->in_rec = 3;
			x->b->line = x->line;
			return bib_reject(x->b, "<%s>%s: not a dblp publication record", name, key ? "" : " without a key");
		}
		x->in_rec = 1;
		x->type = kinds[k].type;
		snprintf(x->key, sizeof(x->key), "%s", key);
		/* informal: CoRR (arXiv) and other preprints */
		if ((pt && !strcmp(pt, "informal")) || !strncmp(key, "journals/corr/", 14))
			x->type = "posted-content";
		/* the stream: conf/nips, journals/acta */
		{
			const char *s1 = strchr(key, '/'), *s2 = s1 ? strchr(s1 + 1, '/') : NULL;

			snprintf(x->stream, sizeof(x->stream), "%.*s", s2 ? (int)(s2 - key) : (int)strlen(key), key);
		}
		return 0;
	}
	return x->in_rec == 1 && depth == 3;
}

static int d_end(void *vctx, const char *name, const char *text, size_t n, int cut, int depth)
{
	dctx *x = vctx;
	bib_rec *r = &x->r;

	(void)cut;
	(void)depth;
	if (x->in_rec != 1)
		return 0;
	if (!strcmp(name, "author"))
		return bib_rec_author_name(r, text, n, 0);
	if (!strcmp(name, "title"))
		return bib_rec_set(r, &r->title, text, n, 0);
	if (!strcmp(name, "journal") || !strcmp(name, "booktitle"))
		return r->venue ? 0 : bib_rec_set(r, &r->venue, text, n, 0);
	if (!strcmp(name, "volume"))
		return bib_rec_set(r, &r->volume, text, n, 0);
	if (!strcmp(name, "number"))
		return bib_rec_set(r, &r->issue, text, n, 0);
	if (!strcmp(name, "pages"))
		return bib_rec_set(r, &r->pages, text, n, 0);
	if (!strcmp(name, "publisher"))
		return bib_rec_set(r, &r->publisher, text, n, 0);
	if (!strcmp(name, "year")) {
		char y[16];

		snprintf(y, sizeof(y), "%.*s", (int)(n < 15 ? n : 15), text);
		r->year = bib_year(y);
		return 0;
	}
	if (!strcmp(name, "ee")) {
		char link[512], id[64], ver[16];

		snprintf(link, sizeof(link), "%.*s", (int)(n < 511 ? n : 511), text);
		if (!r->doi && (strstr(link, "doi.org/10.") || !strncmp(link, "10.", 3))) {
			const char *d = strstr(link, "10.");

			/* dblp's CoRR records point at the arXiv DOI: an arXiv id */
			if (!strncasecmp(d, "10.48550/arxiv.", 15) && kg_arxiv_id(d, id, sizeof(id), ver, sizeof(ver)) == 0)
				snprintf(x->arxiv, sizeof(x->arxiv), "%s", id);
			else
				return bib_rec_set(r, &r->doi, d, strlen(d), 0);
		} else if (strstr(link, "arxiv.org/abs/") && kg_arxiv_id(strstr(link, "arxiv.org/abs/"), id, sizeof(id), ver,
									   sizeof(ver)) == 0) {
			snprintf(x->arxiv, sizeof(x->arxiv), "%s", id);
		}
		return 0;
	}
	return 0;
}

/* dblp names conferences by acronym ("NIPS", "CVPR (1)"): the venue
 * table (ingested first) gives the name a reference spells out; the
 * acronym stays as the short venue. */
static int expand_acronym(bib *b, bib_rec *r)
{
	char key[32], acro[64];
	const char *v = r->venue ? r->a.ptr + r->venue - 1 : NULL;
	size_t i, n = 0;
	kg_node nd;
	cJSON *j, *first;
	int rc = 0;

	if (!v || strlen(v) > 40)
		return 0;
	snprintf(acro, sizeof(acro), "%s", v);
	for (i = 0; acro[i] && acro[i] != '(' && n + 1 < sizeof(key); i++) {
		char c = acro[i];

		if (c == ' ' || c == '-')
			continue;
		if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')))
			return 0; /* a name, not an acronym */
		key[n++] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
	}
	key[n] = '\0';
	if (!n || kg_node_get(b->t, KG_VENUE, key, &nd) < 0 || !nd.data) {
		pk_error_clear();
		return 0;
	}
	if (!(j = cJSON_Parse(nd.data)))
		return 0;
	first = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(j, "names"), 0);
	if (cJSON_IsString(first) && (rc = bib_rec_set(r, &r->venue_short, acro, strlen(acro), 0)) == 0)
		rc = bib_rec_set(r, &r->venue, first->valuestring, strlen(first->valuestring), 0);
	cJSON_Delete(j);
	return rc;
}

static int d_close(void *vctx, const char *name, int depth)
{
	dctx *x = vctx;
	bib_rec *r = &x->r;
	int rc;

	(void)name;
	if (depth != 2 || x->in_rec == 0)
		return 0;
	if (x->in_rec != 1) {
		x->in_rec = 0;
		return 0;
	}
	x->in_rec = 0;
	x->b->line = x->rec_line;
	/* dblp ends titles with a period ("Attention is All you Need.") */
	if (r->title) {
		char *t = r->a.ptr + r->title - 1;
		size_t l = strlen(t);

		if (l > 1 && t[l - 1] == '.')
			t[l - 1] = '\0';
	}
	if ((rc = bib_rec_set(r, &r->dblp, x->key, strlen(x->key), 0)) < 0 ||
	    (rc = bib_rec_set(r, &r->type, x->type, strlen(x->type), 0)) < 0)
		return rc;
	if (x->arxiv[0] && (rc = bib_rec_set(r, &r->arxiv, x->arxiv, strlen(x->arxiv), 0)) < 0)
		return rc;
	if ((rc = expand_acronym(x->b, r)) < 0)
		return rc;
	{
		char what[160];

		snprintf(what, sizeof(what), "dblp:%s", x->stream);
		if ((rc = bib_cover(x->b, what, "")) < 0)
			return rc;
	}
	return bib_rec_put(x->b, r, "DBLP");
}

int bib_dblp_xml(bib *b, const char *file)
{
	dctx x;
	ix_handler h = { d_start, d_end, d_close, &x };
	int rc;

	memset(&x, 0, sizeof(x));
	x.b = b;
	rc = ix_parse_file(file, &h, 1, &x.line);
	if (x.persons)
		ingest_note(b->res, "%s: %llu person records (www) are not publications: not taken", file,
			    (unsigned long long)x.persons);
	bib_rec_release(&x.r);
	return rc;
}
