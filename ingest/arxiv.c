/* ingest/arxiv.c - arXiv metadata: the snapshot's JSON lines, OAI-PMH
 * (metadataPrefix arXiv and arXivRaw) and the API's Atom feed. */
#include "biblio.h"
#include "xml.h"

#include "../common/error.h"
#include "../common/lines.h"

#include <cjson/cJSON.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LINE_MAX_BYTES (4 * 1024 * 1024)

/* What every arXiv record gets: its arXiv DOI, the type and venue, the
 * published version's DOI as a relation, coverage. */
static int finish(bib *b, bib_rec *r, const char *id, const char *doi)
{
	char norm[64], ver[16], adoi[96];
	int rc;

	if (!id || kg_arxiv_id(id, norm, sizeof(norm), ver, sizeof(ver)) < 0)
		return bib_reject(b, "not an arXiv id: '%.60s'", id ? id : "");
	snprintf(adoi, sizeof(adoi), "10.48550/arXiv.%s", norm);
	if ((rc = bib_rec_set(r, &r->arxiv, norm, strlen(norm), 0)) < 0 ||
	    (rc = bib_rec_set(r, &r->doi, adoi, strlen(adoi), 0)) < 0 ||
	    (rc = bib_rec_set(r, &r->type, "posted-content", 14, 0)) < 0 ||
	    (rc = bib_rec_set(r, &r->venue, "arXiv", 5, 0)) < 0)
		return rc;
	if (doi && *doi && r->nrel < 4) {
		if ((rc = bib_rec_set(r, &r->rel_type[r->nrel], "is-preprint-of", 14, 0)) < 0 ||
		    (rc = bib_rec_set(r, &r->rel_id[r->nrel], doi, strlen(doi), 0)) < 0)
			return rc;
		/* "10.1103/PhysRevD.76.013009 10.1103/..." : the first (a DOI
		 * of blanks is none) */
		if (r->rel_id[r->nrel]) {
			char *d = r->a.ptr + r->rel_id[r->nrel] - 1, *sp = strchr(d, ' ');

			if (sp)
				*sp = '\0';
			r->nrel++;
		}
	}
	if (!r->year && r->nversions && r->vdate[0])
		r->year = bib_year(r->a.ptr + r->vdate[0] - 1);
	if (b->bulk && (rc = bib_arxiv_seen(b, norm)) < 0)
		return rc;
	return bib_rec_put(b, r, "arXiv");
}

/* ---- the snapshot: one JSON object per line ------------------------------- */

static int snapshot_line(bib *b, bib_rec *r, const char *line, size_t n)
{
	cJSON *o = cJSON_ParseWithLength(line, n);
	const cJSON *ap, *vs, *it;
	const char *s;
	int rc = 0;

	if (!cJSON_IsObject(o)) {
		int broken = o == NULL;

		cJSON_Delete(o);
		return bib_reject(b, broken ? "not JSON (a broken line)" : "not a JSON object");
	}
	bib_rec_reset(r);
	if ((s = bib_str(o, "title")))
		rc = bib_rec_set(r, &r->title, s, strlen(s), 1);
	ap = cJSON_GetObjectItemCaseSensitive(o, "authors_parsed");
	if (rc == 0 && cJSON_IsArray(ap) && cJSON_GetArraySize(ap) > 0) {
		cJSON_ArrayForEach(it, ap) {
			const cJSON *fam = cJSON_GetArrayItem(it, 0), *giv = cJSON_GetArrayItem(it, 1);

			if (!cJSON_IsString(fam))
				continue;
			if ((rc = bib_rec_author(r, cJSON_IsString(giv) ? giv->valuestring : NULL,
						 cJSON_IsString(giv) ? strlen(giv->valuestring) : 0, fam->valuestring,
						 strlen(fam->valuestring), 1)) < 0)
				break;
		}
	} else if (rc == 0 && (s = bib_str(o, "authors"))) {
		rc = bib_rec_authors_list(r, s, strlen(s), 1);
	}
	vs = cJSON_GetObjectItemCaseSensitive(o, "versions");
	cJSON_ArrayForEach(it, vs) {
		const char *v = bib_str(it, "version"), *c = bib_str(it, "created");

		if (rc == 0 && v)
			rc = bib_rec_version(r, v, c);
	}
	if (rc == 0 && (s = bib_str(o, "journal-ref")))
		rc = bib_rec_set(r, &r->journal_ref, s, strlen(s), 1);
	if ((s = bib_str(o, "update_date")))
		bib_date(b, s);
	if (rc == 0)
		rc = finish(b, r, bib_str(o, "id"), bib_str(o, "doi"));
	cJSON_Delete(o);
	return rc;
}

int bib_arxiv_jsonl(bib *b, const char *file)
{
	pk_lines *l;
	const char *line;
	size_t n;
	bib_rec r;
	int rc;

	memset(&r, 0, sizeof(r));
	b->bulk = 1; /* the snapshot: every id up to its last of each month */
	if ((rc = pk_lines_open(&l, file, LINE_MAX_BYTES)) < 0)
		return rc;
	while ((rc = pk_lines_next(l, &line, &n)) != 0) {
		b->line = pk_lines_lineno(l);
		if (rc == PK_ELIMIT) {
			if ((rc = bib_reject(b, "a line longer than %d bytes", LINE_MAX_BYTES)) < 0)
				break;
			continue;
		}
		if (rc < 0)
			break;
		if (strspn(line, " \t\r") == n)
			continue;
		if ((rc = snapshot_line(b, &r, line, n)) < 0)
			break;
	}
	pk_lines_free(l);
	bib_rec_release(&r);
	return rc;
}

/* ---- OAI-PMH (arXiv, arXivRaw) and Atom ------------------------------------ */

typedef struct xctx {
	bib *b;
	bib_rec r;
	int in_record;   /* inside <record> (OAI-PMH) or <entry> (Atom) */
	int raw;         /* arXivRaw: authors as one string, versions as elements */
	int atom;
	int in_author;
	char id[128], doi[160], ver[16], vdate[64];
	char keyname[256], forenames[256];
	uint64_t line, rec_line;
} xctx;

static int x_start(void *vctx, const char *name, const char *const *attrs, int depth)
{
	xctx *x = vctx;

	(void)depth;
	if (!strcmp(name, "record") || !strcmp(name, "entry")) {
		x->in_record = 1;
		x->rec_line = x->line;
		x->atom = !strcmp(name, "entry");
		x->raw = 0;
		x->id[0] = x->doi[0] = '\0';
		bib_rec_reset(&x->r);
		return 0;
	}
	if (!x->in_record)
		return 0;
	if (!strcmp(name, "arXivRaw")) {
		x->raw = 1;
		return 0;
	}
	if (!strcmp(name, "author")) {
		x->in_author = 1;
		x->keyname[0] = x->forenames[0] = '\0';
		return 0;
	}
	if (!strcmp(name, "version")) {
		const char *v = ix_attr(attrs, "version");

		snprintf(x->ver, sizeof(x->ver), "%s", v ? v : "");
		x->vdate[0] = '\0';
		return 0;
	}
	return !strcmp(name, "id") || !strcmp(name, "identifier") || !strcmp(name, "title") ||
	       !strcmp(name, "keyname") || !strcmp(name, "forenames") || !strcmp(name, "name") ||
	       !strcmp(name, "journal-ref") || !strcmp(name, "journal_ref") || !strcmp(name, "doi") ||
	       !strcmp(name, "created") || !strcmp(name, "published") || !strcmp(name, "date") ||
	       !strcmp(name, "updated") || !strcmp(name, "datestamp") || (x->raw && !strcmp(name, "authors"));
}

static int x_end(void *vctx, const char *name, const char *text, size_t n, int cut, int depth)
{
	xctx *x = vctx;
	bib_rec *r = &x->r;
	int rc = 0;

	(void)cut;
	(void)depth;
	if (!x->in_record)
		return 0;
	if (!strcmp(name, "id")) {
		/* Atom: http://arxiv.org/abs/2104.12255v1 (the version shown) */
		bib_copy(x->id, sizeof(x->id), text, n);
		if (x->atom) {
			char id[64], ver[16];

			if (kg_arxiv_id(x->id, id, sizeof(id), ver, sizeof(ver)) == 0 && ver[0])
				snprintf(x->ver, sizeof(x->ver), "%s", ver);
		}
	} else if (!strcmp(name, "identifier") && !x->id[0]) {
		bib_copy(x->id, sizeof(x->id), text, n);
	} else if (!strcmp(name, "title")) {
		rc = bib_rec_set(r, &r->title, text, n, 1);
	} else if (!strcmp(name, "keyname")) {
		bib_copy(x->keyname, sizeof(x->keyname), text, n);
	} else if (!strcmp(name, "forenames")) {
		bib_copy(x->forenames, sizeof(x->forenames), text, n);
	} else if (!strcmp(name, "name") && x->in_author) {
		rc = bib_rec_author_name(r, text, n, 1);
	} else if (!strcmp(name, "authors")) {
		rc = bib_rec_authors_list(r, text, n, 1);
	} else if (!strcmp(name, "journal-ref") || !strcmp(name, "journal_ref")) {
		rc = bib_rec_set(r, &r->journal_ref, text, n, 1);
	} else if (!strcmp(name, "doi")) {
		bib_copy(x->doi, sizeof(x->doi), text, n);
	} else if (!strcmp(name, "date")) {
		bib_copy(x->vdate, sizeof(x->vdate), text, n);
	} else if (!strcmp(name, "created") || !strcmp(name, "published")) {
		char d[64];

		bib_copy(d, sizeof(d), text, n);
		if (!r->year)
			r->year = bib_year(d);
		if (!r->nversions && !x->raw)
			rc = bib_rec_version(r, "v1", d);
	} else if (!strcmp(name, "updated") || !strcmp(name, "datestamp")) {
		char d[64];

		bib_copy(d, sizeof(d), text, n);
		bib_date(x->b, d);
	}
	return rc;
}

static int x_close(void *vctx, const char *name, int depth)
{
	xctx *x = vctx;
	int rc = 0;

	(void)depth;
	if (!x->in_record)
		return 0;
	if (!strcmp(name, "author")) {
		x->in_author = 0;
		if (x->keyname[0])
			rc = bib_rec_author(&x->r, x->forenames[0] ? x->forenames : NULL, strlen(x->forenames), x->keyname,
					    strlen(x->keyname), 1);
	} else if (!strcmp(name, "version") && x->ver[0]) {
		rc = bib_rec_version(&x->r, x->ver, x->vdate);
	} else if (!strcmp(name, "record") || !strcmp(name, "entry")) {
		x->in_record = 0;
		x->b->line = x->rec_line;
		/* Atom shows the latest version only: versions up to it existed */
		if (x->atom && x->ver[0]) {
			int last = (int)strtol(x->ver + 1, NULL, 10), v;
			const char *d = x->r.nversions && x->r.vdate[0] ? x->r.a.ptr + x->r.vdate[0] - 1 : "";
			char dcopy[64], vb[16];

			snprintf(dcopy, sizeof(dcopy), "%s", d);
			x->r.nversions = 0;
			for (v = 1; v <= last && v <= KG_WORK_VERSIONS && rc == 0; v++) {
				snprintf(vb, sizeof(vb), "v%d", v);
				rc = bib_rec_version(&x->r, vb, v == 1 ? dcopy : "");
			}
		}
		if (rc == 0)
			rc = finish(x->b, &x->r, x->id[0] ? x->id : NULL, x->doi);
		x->ver[0] = '\0';
	}
	return rc;
}

int bib_arxiv_xml(bib *b, const char *file)
{
	xctx x;
	ix_handler h = { x_start, x_end, x_close, &x };
	int rc;

	memset(&x, 0, sizeof(x));
	x.b = b;
	rc = ix_parse_file(file, &h, 0, &x.line);
	bib_rec_release(&x.r);
	return rc;
}
