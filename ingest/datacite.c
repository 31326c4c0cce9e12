/* ingest/datacite.c - DataCite DOIs: REST /dois responses ({"data": ...},
 * JSON:API) and the public data file's JSON lines. A DataCite DOI is the
 * registry's own, so its prefix is covered (arXiv's 10.48550, Zenodo's
 * 10.5281, ...). */
#include "biblio.h"

#include "../common/error.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <string.h>

static const char *type_of(const char *general)
{
	static const struct { const char *dc, *type; } map[] = {
		{ "JournalArticle", "journal-article" }, { "Preprint", "posted-content" }, { "Dataset", "dataset" },
		{ "Software", "software" }, { "Book", "book" }, { "BookChapter", "book-chapter" },
		{ "ConferencePaper", "proceedings-article" }, { "Dissertation", "dissertation" }, { "Report", "report" },
		{ "Text", "text" }, { "Image", "image" }
	};
	size_t i;

	for (i = 0; general && i < sizeof(map) / sizeof(map[0]); i++)
		if (!strcmp(general, map[i].dc))
			return map[i].type;
	return "other";
}

static int one(bib *b, const cJSON *rec, void *ctx)
{
	bib_rec *r = ctx;
	const cJSON *a = cJSON_GetObjectItemCaseSensitive(rec, "attributes"), *it;
	const char *s;
	int rc = 0;

	if (!cJSON_IsObject(a))
		a = rec; /* the data file's lines may be the attributes themselves */
	bib_rec_reset(r);
	if (!(s = bib_str(a, "doi")) && !(s = bib_str(rec, "id")))
		return bib_reject(b, "a DataCite record without a DOI");
	if ((rc = bib_rec_set(r, &r->doi, s, strlen(s), 0)) < 0)
		return rc;
	if (!r->doi)
		return bib_reject(b, "a DataCite record whose DOI is blank");
	cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(a, "titles")) {
		if (!bib_str(it, "titleType") && (s = bib_str(it, "title"))) {
			rc = bib_rec_set(r, &r->title, s, strlen(s), 0);
			break;
		}
	}
	cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(a, "creators")) {
		const char *fam = bib_str(it, "familyName"), *giv = bib_str(it, "givenName"), *name = bib_str(it, "name");

		if (rc < 0)
			break;
		if (fam)
			rc = bib_rec_author(r, giv, giv ? strlen(giv) : 0, fam, strlen(fam), 0);
		else if (name)
			rc = bib_rec_author_name(r, name, strlen(name), 0);
	}
	if (rc == 0 && (s = bib_str(a, "publisher")))
		rc = bib_rec_set(r, &r->publisher, s, strlen(s), 0);
	else if (rc == 0 && cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(a, "publisher")) &&
		 (s = bib_str(cJSON_GetObjectItemCaseSensitive(a, "publisher"), "name")))
		rc = bib_rec_set(r, &r->publisher, s, strlen(s), 0);
	{
		const cJSON *c = cJSON_GetObjectItemCaseSensitive(a, "container");

		if (rc == 0 && cJSON_IsObject(c) && (s = bib_str(c, "title")))
			rc = bib_rec_set(r, &r->venue, s, strlen(s), 0);
		if (rc == 0 && cJSON_IsObject(c) && (s = bib_str(c, "volume")))
			rc = bib_rec_set(r, &r->volume, s, strlen(s), 0);
	}
	{
		const cJSON *y = cJSON_GetObjectItemCaseSensitive(a, "publicationYear");

		if (cJSON_IsNumber(y))
			r->year = (int)y->valuedouble;
		else if (cJSON_IsString(y))
			r->year = bib_year(y->valuestring);
	}
	{
		const cJSON *t = cJSON_GetObjectItemCaseSensitive(a, "types");
		const char *ty = type_of(cJSON_IsObject(t) ? bib_str(t, "resourceTypeGeneral") : NULL);

		if (rc == 0)
			rc = bib_rec_set(r, &r->type, ty, strlen(ty), 0);
	}
	/* an arXiv DOI names the arXiv id too */
	if (rc == 0 && !strncasecmp(r->a.ptr + r->doi - 1, "10.48550/arxiv.", 15)) {
		char id[64], ver[16];

		if (kg_arxiv_id(r->a.ptr + r->doi - 1, id, sizeof(id), ver, sizeof(ver)) == 0)
			rc = bib_rec_set(r, &r->arxiv, id, strlen(id), 0);
	}
	cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(a, "relatedIdentifiers")) {
		const char *rt = bib_str(it, "relationType"), *ri = bib_str(it, "relatedIdentifier"), *ty = bib_str(it, "relatedIdentifierType");

		if (rc < 0 || r->nrel >= 4)
			break;
		if (rt && ri && ty && !strcmp(ty, "DOI") && (!strcmp(rt, "IsPreprintOf") || !strcmp(rt, "IsVersionOf") ||
							    !strcmp(rt, "IsIdenticalTo"))) {
			const char *rel = !strcmp(rt, "IsPreprintOf") ? "is-preprint-of" : !strcmp(rt, "IsVersionOf") ? "is-version-of" : "is-identical-to";

			if ((rc = bib_rec_set(r, &r->rel_type[r->nrel], rel, strlen(rel), 0)) == 0 &&
			    (rc = bib_rec_set(r, &r->rel_id[r->nrel], ri, strlen(ri), 0)) == 0)
				r->nrel++;
		}
	}
	if (rc == 0 && (s = bib_str(a, "updated")))
		bib_date(b, s);
	return rc < 0 ? rc : bib_rec_put(b, r, "DataCite");
}

int bib_datacite_json(bib *b, const char *file)
{
	bib_rec r;
	int rc;

	memset(&r, 0, sizeof(r));
	rc = bib_json_records(b, file, one, &r);

	bib_rec_release(&r);
	return rc;
}
