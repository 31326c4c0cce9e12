/* ingest/openalex.c - OpenAlex works: the snapshot's JSON lines and API
 * responses (a work, or {"results": [...]}). ids (DOI, PMID, PMCID, MAG),
 * authorships, the venue (venue_of), biblio, is_retracted. */
#include "biblio.h"

#include "../common/error.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "https://openalex.org/W2963403868" -> "W2963403868"; the PMID and PMCID
 * URLs likewise. */
static const char *tail(const char *url)
{
	const char *s = url ? strrchr(url, '/') : NULL;

	return s ? s + 1 : url;
}

static const char *type_of(const char *t)
{
	static const struct { const char *oa, *type; } map[] = {
		{ "article", "journal-article" }, { "preprint", "posted-content" }, { "book-chapter", "book-chapter" },
		{ "book", "book" }, { "dataset", "dataset" }, { "dissertation", "dissertation" },
		{ "conference-paper", "proceedings-article" }, { "peer-review", "peer-review" }, { "review", "journal-article" }
	};
	size_t i;

	for (i = 0; t && i < sizeof(map) / sizeof(map[0]); i++)
		if (!strcmp(t, map[i].oa))
			return map[i].type;
	return "other";
}

static const cJSON *source_of(const cJSON *loc)
{
	const cJSON *src = cJSON_IsObject(loc) ? cJSON_GetObjectItemCaseSensitive(loc, "source") : NULL;

	return cJSON_IsObject(src) && bib_str(src, "display_name") ? src : NULL;
}

static int is_repository(const cJSON *src)
{
	const char *t = bib_str(src, "type");

	return t && !strcmp(t, "repository");
}

/* The venue a citation names, and the repository it is also found in.
 * A journal's or a conference's name comes before a repository's: a
 * NeurIPS paper whose primary location is eScholarship (or a COLT paper
 * in CaltechAUTHORS) is cited as NeurIPS's, not the repository's. A
 * primary location with no source has the name its publisher gave
 * (raw_source_name: "2024 IEEE/CVF Conference on Computer Vision and
 * Pattern Recognition (CVPR)"), unless that is a URL or, for a
 * dissertation, the university. Names are borrowed from w. */
static void venue_of(const cJSON *w, const char **venue, const char **also)
{
	const cJSON *pl = cJSON_GetObjectItemCaseSensitive(w, "primary_location"), *psrc = source_of(pl), *loc;
	const char *type = bib_str(w, "type"), *raw;

	*venue = *also = NULL;
	if (psrc && !is_repository(psrc)) {
		*venue = bib_str(psrc, "display_name");
		return;
	}
	cJSON_ArrayForEach(loc, cJSON_GetObjectItemCaseSensitive(w, "locations")) {
		const cJSON *src = source_of(loc);
		const char *t = src ? bib_str(src, "type") : NULL;

		if (t && (!strcmp(t, "journal") || !strcmp(t, "conference"))) {
			*venue = bib_str(src, "display_name");
			break;
		}
	}
	if (!*venue && !psrc && cJSON_IsObject(pl) && (raw = bib_str(pl, "raw_source_name")) && raw[0] &&
	    strncmp(raw, "http://", 7) && strncmp(raw, "https://", 8) && !(type && !strcmp(type, "dissertation")))
		*venue = raw;
	if (psrc) {
		if (!*venue)
			*venue = bib_str(psrc, "display_name");
		else if (strcmp(*venue, bib_str(psrc, "display_name")))
			*also = bib_str(psrc, "display_name");
	}
}

static int one(bib *b, const cJSON *w, void *ctx)
{
	bib_rec *r = ctx;
	const cJSON *ids = cJSON_GetObjectItemCaseSensitive(w, "ids"), *it, *pl, *src, *bi;
	const char *s, *oa, *also;
	int rc = 0;

	bib_rec_reset(r);
	if (!(oa = tail(bib_str(w, "id"))) || oa[0] != 'W')
		return bib_reject(b, "not an OpenAlex work id: '%.60s'", bib_str(w, "id") ? bib_str(w, "id") : "");
	rc = bib_rec_set(r, &r->openalex, oa, strlen(oa), 0);
	{
		unsigned long long num = strtoull(oa + 1, NULL, 10);

		if (num && (!b->lo || num < b->lo))
			b->lo = num;
		if (num > b->hi)
			b->hi = num;
	}
	if (rc == 0 && ((s = bib_str(w, "title")) || (s = bib_str(w, "display_name"))))
		rc = bib_rec_set(r, &r->title, s, strlen(s), 0);
	if (rc == 0 && (s = bib_str(w, "doi")))
		rc = bib_rec_set(r, &r->doi, s, strlen(s), 0);
	if (rc == 0 && cJSON_IsObject(ids) && (s = bib_str(ids, "pmid")))
		rc = bib_rec_set(r, &r->pmid, tail(s), strlen(tail(s)), 0);
	if (rc == 0 && cJSON_IsObject(ids) && (s = bib_str(ids, "pmcid")))
		rc = bib_rec_set(r, &r->pmcid, tail(s), strlen(tail(s)), 0);
	cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(w, "authorships")) {
		const cJSON *au = cJSON_GetObjectItemCaseSensitive(it, "author");
		const char *name = cJSON_IsObject(au) ? bib_str(au, "display_name") : NULL;

		if (rc < 0)
			break;
		if (!name)
			name = bib_str(it, "raw_author_name");
		if (name)
			rc = bib_rec_author_name(r, name, strlen(name), 0);
	}
	{
		const cJSON *y = cJSON_GetObjectItemCaseSensitive(w, "publication_year");

		if (cJSON_IsNumber(y))
			r->year = (int)y->valuedouble;
	}
	venue_of(w, &s, &also);
	if (rc == 0 && s)
		rc = bib_rec_set(r, &r->venue, s, strlen(s), 0);
	if (rc == 0 && also)
		rc = bib_rec_set(r, &r->venue_also, also, strlen(also), 0);
	pl = cJSON_GetObjectItemCaseSensitive(w, "primary_location");
	src = cJSON_IsObject(pl) ? cJSON_GetObjectItemCaseSensitive(pl, "source") : NULL;
	if (rc == 0 && cJSON_IsObject(src) && (s = bib_str(src, "issn_l")))
		rc = bib_rec_set(r, &r->issn[r->nissn++], s, strlen(s), 0);
	bi = cJSON_GetObjectItemCaseSensitive(w, "biblio");
	if (cJSON_IsObject(bi)) {
		const char *fp = bib_str(bi, "first_page"), *lp = bib_str(bi, "last_page");

		if (rc == 0 && (s = bib_str(bi, "volume")))
			rc = bib_rec_set(r, &r->volume, s, strlen(s), 0);
		if (rc == 0 && (s = bib_str(bi, "issue")))
			rc = bib_rec_set(r, &r->issue, s, strlen(s), 0);
		if (rc == 0 && fp) {
			char pages[128];

			snprintf(pages, sizeof(pages), "%s%s%s", fp, lp && strcmp(lp, fp) ? "-" : "", lp && strcmp(lp, fp) ? lp : "");
			rc = bib_rec_set(r, &r->pages, pages, strlen(pages), 0);
		}
	}
	{
		const char *ty = type_of(bib_str(w, "type"));

		if (rc == 0)
			rc = bib_rec_set(r, &r->type, ty, strlen(ty), 0);
	}
	r->retracted = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(w, "is_retracted"));
	if ((s = bib_str(w, "updated_date")))
		bib_date(b, s);
	return rc < 0 ? rc : bib_rec_put(b, r, "OpenAlex");
}

int bib_openalex_json(bib *b, const char *file)
{
	bib_rec r;
	int rc;

	memset(&r, 0, sizeof(r));
	b->lo = b->hi = 0;
	rc = bib_json_records(b, file, one, &r);
	if (rc == 0 && b->bulk && b->hi) {
		char v[48];

		snprintf(v, sizeof(v), "%llu-%llu", (unsigned long long)b->lo, (unsigned long long)b->hi);
		rc = bib_cover(b, "openalex", v);
	}

	bib_rec_release(&r);
	return rc;
}
