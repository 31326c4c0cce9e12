/* query/refsource.c - a reference checked against the graph and, where the
 * graph cannot decide, against an outside source of works (qr_source: the
 * Crossref API). The source only fetches; what its answers mean is decided
 * here, so check-ref, check, post-check and label-claims decide alike. */
#include "ref.h"

#include "../common/error.h"

#include <stdio.h>
#include <string.h>

/* The reference as search text: as parsed (p->text itself), or its fields
 * written into out for a reference given as fields. */
static const char *search_text(char *out, size_t n, const qr_ref *p)
{
	size_t i, len = 0;

	if (p->text[0])
		return p->text;
	out[0] = '\0';
	for (i = 0; i < p->nauthors && i < 3 && len + 1 < n; i++)
		len += (size_t)snprintf(out + len, n - len, "%s ", p->authors[i].family);
	if (len + 1 < n)
		snprintf(out + len, n - len, "%s %s %s %d %s %s", p->title, p->venue, p->volume, p->year, p->first_page,
			 p->doi);
	return out;
}

/* Ask the source about a reference the graph left unverifiable; its
 * answer is checked like the graph's own candidates. */
static int ask_source(kg_txn *t, const qr_ref *p, const qr_opts *base, qr_result *r)
{
	const qr_source *src = base->online;
	qr_opts o = *base;
	qr_found f;
	qr_result r2;
	char q[1200]; /* the fields of a reference given as fields */
	int rc;

	memset(&f, 0, sizeof(f));
	o.online = NULL;
	if (p->doi[0] && !r->have_match) {
		if ((rc = src->by_doi(src->ctx, t, p->doi, &f)) < 0)
			goto failed;
		if (f.status == 404) {
			char prefix[128];
			int known = 0;

			/* an unknown DOI means something only where the source
			 * registers DOIs of that prefix */
			snprintf(prefix, sizeof(prefix), "%.*s", (int)strcspn(p->doi, "/"), p->doi);
			if ((rc = src->prefix_known(src->ctx, t, prefix, &known)) < 0)
				goto failed;
			if (!known) {
				query_ref_reason(r, "%.40s is not a %s DOI prefix (another agency may hold it; %s)", prefix,
						 src->name, f.when);
				src->release(src->ctx, &f);
				return 0;
			}
			o.doi_unregistered = 1;
		}
	} else if (!p->doi[0]) {
		if ((rc = src->search(src->ctx, t, search_text(q, sizeof(q), p), &f)) < 0)
			goto failed;
		/* a titled reference none of the best hits matches does not
		 * exist: a search ranks a real work of that title first */
		o.extra_covers = p->title[0] && strlen(p->title) >= 20;
	} else {
		return 0; /* the DOI's work is in the graph: nothing to ask */
	}
	o.extra = f.recs;
	o.extra_len = f.lens;
	o.nextra = f.n;
	if ((rc = query_ref_check_graph(t, p, &o, &r2)) < 0) {
		src->release(src->ctx, &f);
		return rc;
	}
	*r = r2;
	query_ref_reason(r, "checked against the %s API (%s%s)", src->name, f.when,
			 r->match_extra ? "; the match is the API's" : "");
	src->release(src->ctx, &f);
	return 0;
failed:
	/* a network failure leaves the offline verdict, saying why */
	query_ref_reason(r, "online check failed: %.130s", pk_error_last());
	pk_error_clear();
	src->release(src->ctx, &f);
	return 0;
}

int query_ref_check(kg_txn *t, const qr_ref *p, const qr_opts *o, qr_result *r)
{
	int rc;

	if ((rc = query_ref_check_graph(t, p, o, r)) < 0)
		return rc;
	if (o && o->online && r->verdict == QR_UNVERIFIABLE && (p->doi[0] || p->title[0] || (p->nauthors && p->year)))
		return ask_source(t, p, o, r);
	return 0;
}
