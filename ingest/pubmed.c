/* ingest/pubmed.c - PubmedArticleSet XML (the annual baseline and the
 * daily update files): PMID, DOI, PMCID, journal and its ISO abbreviation,
 * volume, issue, pages, year, authors; retractions; the deletions of an
 * update file (DeleteCitation) remove the record. */
#include "biblio.h"
#include "xml.h"

#include "../common/error.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STACK 40

typedef struct pctx {
	bib *b;
	bib_rec r;
	char names[STACK][32];    /* the open elements' names */
	int depth;
	int in_article, in_delete, in_author;
	char last[128], fore[128], initials[32], collective[256];
	char id_type[16];
	uint64_t line, rec_line;
	uint64_t lo, hi;
} pctx;

/* Is the element at depth d (1-based) named name? */
static int at(const pctx *x, int d, const char *name)
{
	return d >= 1 && d <= x->depth && d <= STACK && !strcmp(x->names[d - 1], name);
}

static int parent(const pctx *x, const char *name)
{
	return at(x, x->depth - 1, name);
}

static int p_start(void *vctx, const char *name, const char *const *attrs, int depth)
{
	pctx *x = vctx;

	x->depth = depth;
	if (depth <= STACK)
		snprintf(x->names[depth - 1], sizeof(x->names[0]), "%s", name);
	if (!strcmp(name, "PubmedArticle") || !strcmp(name, "PubmedBookArticle")) {
		x->in_article = 1;
		x->rec_line = x->line;
		bib_rec_reset(&x->r);
		return 0;
	}
	if (!strcmp(name, "DeleteCitation")) {
		x->in_delete = 1;
		return 0;
	}
	if (x->in_delete)
		return !strcmp(name, "PMID");
	if (!x->in_article)
		return 0;
	if (!strcmp(name, "Author")) {
		x->in_author = 1;
		x->last[0] = x->fore[0] = x->initials[0] = x->collective[0] = '\0';
		return 0;
	}
	if (!strcmp(name, "ArticleId") || !strcmp(name, "ELocationID")) {
		const char *t = ix_attr(attrs, !strcmp(name, "ArticleId") ? "IdType" : "EIdType");

		snprintf(x->id_type, sizeof(x->id_type), "%s", t ? t : "");
		return 1;
	}
	if (!strcmp(name, "CommentsCorrections")) {
		const char *t = ix_attr(attrs, "RefType");

		if (t && !strcmp(t, "RetractionIn"))
			x->r.retracted = 1;
		return 0;
	}
	return !strcmp(name, "PMID") || !strcmp(name, "ArticleTitle") || !strcmp(name, "Title") ||
	       !strcmp(name, "ISOAbbreviation") || !strcmp(name, "ISSN") || !strcmp(name, "Volume") ||
	       !strcmp(name, "Issue") || !strcmp(name, "Year") || !strcmp(name, "MedlineDate") ||
	       !strcmp(name, "MedlinePgn") || !strcmp(name, "LastName") || !strcmp(name, "ForeName") ||
	       !strcmp(name, "Initials") || !strcmp(name, "CollectiveName") || !strcmp(name, "PublicationType") ||
	       !strcmp(name, "BookTitle") || !strcmp(name, "VernacularTitle");
}

static int p_end(void *vctx, const char *name, const char *text, size_t n, int cut, int depth)
{
	pctx *x = vctx;
	bib_rec *r = &x->r;
	char v[64];

	(void)cut;
	x->depth = depth;
	if (x->in_delete) {
		char key[80];
		unsigned long long pmid;

		bib_copy(v, sizeof(v), text, n);
		pmid = strtoull(v, NULL, 10);
		if (!pmid)
			return bib_reject(x->b, "DeleteCitation: not a PMID: '%.30s'", v);
		snprintf(key, sizeof(key), "pmid:%llu", pmid);
		return bib_delete(x->b, key);
	}
	if (!strcmp(name, "PMID") && parent(x, "MedlineCitation"))
		return r->pmid ? 0 : bib_rec_set(r, &r->pmid, text, n, 0);
	if (!strcmp(name, "ArticleTitle") || (!strcmp(name, "BookTitle") && !r->title) ||
	    (!strcmp(name, "VernacularTitle") && !r->title))
		return bib_rec_set(r, &r->title, text, n, 0); /* (an empty ArticleTitle: the vernacular one) */
	/* the title in the article's language, which a reference may cite it
	 * by ("O vliianii neposredstvennogo razdrazheniia gippokampa ...")
	 * where ArticleTitle is the English "[The effect of ...]" */
	if (!strcmp(name, "VernacularTitle"))
		return bib_rec_set(r, &r->original_title, text, n, 0);
	if (!strcmp(name, "Title") && parent(x, "Journal"))
		return bib_rec_set(r, &r->venue, text, n, 0);
	if (!strcmp(name, "ISOAbbreviation"))
		return bib_rec_set(r, &r->venue_short, text, n, 0);
	if (!strcmp(name, "ISSN") && r->nissn < 4)
		return bib_rec_set(r, &r->issn[r->nissn++], text, n, 0);
	if (!strcmp(name, "Volume") && parent(x, "JournalIssue"))
		return bib_rec_set(r, &r->volume, text, n, 0);
	if (!strcmp(name, "Issue") && parent(x, "JournalIssue"))
		return bib_rec_set(r, &r->issue, text, n, 0);
	if ((!strcmp(name, "Year") || !strcmp(name, "MedlineDate")) && parent(x, "PubDate")) {
		bib_copy(v, sizeof(v), text, n);
		r->year = bib_year(v);
		return 0;
	}
	if (!strcmp(name, "MedlinePgn"))
		return bib_rec_set(r, &r->pages, text, n, 0);
	if (x->in_author && parent(x, "Author")) {
		if (!strcmp(name, "LastName"))
			bib_copy(x->last, sizeof(x->last), text, n);
		else if (!strcmp(name, "ForeName"))
			bib_copy(x->fore, sizeof(x->fore), text, n);
		else if (!strcmp(name, "Initials"))
			bib_copy(x->initials, sizeof(x->initials), text, n);
		else if (!strcmp(name, "CollectiveName"))
			bib_copy(x->collective, sizeof(x->collective), text, n);
		return 0;
	}
	if (!strcmp(name, "PublicationType")) {
		bib_copy(v, sizeof(v), text, n);
		if (!strcmp(v, "Retracted Publication"))
			r->retracted = 1;
		return 0;
	}
	if (!strcmp(name, "ELocationID") && !strcmp(x->id_type, "doi") && !r->doi)
		return bib_rec_set(r, &r->doi, text, n, 0);
	if (!strcmp(name, "ArticleId") && parent(x, "ArticleIdList") && at(x, x->depth - 2, "PubmedData")) {
		if (!strcmp(x->id_type, "doi") && !r->doi)
			return bib_rec_set(r, &r->doi, text, n, 0);
		if (!strcmp(x->id_type, "pmc") && !r->pmcid)
			return bib_rec_set(r, &r->pmcid, text, n, 0);
	}
	return 0;
}

static int p_close(void *vctx, const char *name, int depth)
{
	pctx *x = vctx;
	bib_rec *r = &x->r;
	int rc = 0;

	x->depth = depth;
	if (!strcmp(name, "DeleteCitation")) {
		x->in_delete = 0;
		return 0;
	}
	if (!x->in_article)
		return 0;
	if (!strcmp(name, "Author")) {
		x->in_author = 0;
		if (x->last[0])
			return bib_rec_author(r, x->fore[0] ? x->fore : x->initials, strlen(x->fore[0] ? x->fore : x->initials),
					      x->last, strlen(x->last), 0);
		if (x->collective[0])
			return bib_rec_author(r, NULL, 0, x->collective, strlen(x->collective), 0);
		return 0;
	}
	if (strcmp(name, "PubmedArticle") && strcmp(name, "PubmedBookArticle"))
		return 0;
	x->in_article = 0;
	x->b->line = x->rec_line;
	if (!r->pmid)
		return bib_reject(x->b, "a PubmedArticle without a PMID");
	{
		unsigned long long pmid = strtoull(r->a.ptr + r->pmid - 1, NULL, 10);

		if (!pmid)
			return bib_reject(x->b, "not a PMID: '%.30s'", r->a.ptr + r->pmid - 1);
		if (!x->lo || pmid < x->lo)
			x->lo = pmid;
		if (pmid > x->hi)
			x->hi = pmid;
	}
	/* a title in brackets is a translation ("[Hospital debt ...]") */
	if (r->title) {
		char *t = r->a.ptr + r->title - 1;
		size_t l = strlen(t);

		if (l > 2 && t[0] == '[') {
			size_t e = t[l - 1] == '.' ? l - 1 : l;

			if (e > 1 && t[e - 1] == ']') {
				memmove(t, t + 1, e - 2);
				t[e - 2] = '\0';
			}
		}
		l = strlen(t);
		if (l > 1 && t[l - 1] == '.')
			t[l - 1] = '\0';
	}
	if ((rc = bib_rec_set(r, &r->type, "journal-article", 15, 0)) < 0)
		return rc;
	return bib_rec_put(x->b, r, "PubMed");
}

int bib_pubmed_xml(bib *b, const char *file)
{
	pctx x;
	ix_handler h = { p_start, p_end, p_close, &x };
	int rc;

	memset(&x, 0, sizeof(x));
	x.b = b;
	rc = ix_parse_file(file, &h, 0, &x.line);
	if (rc == 0 && x.hi && b->bulk) {
		char v[48];

		snprintf(v, sizeof(v), "%llu-%llu", (unsigned long long)x.lo, (unsigned long long)x.hi);
		rc = bib_cover(b, "pmid", v);
	}
	bib_rec_release(&x.r);
	return rc;
}
