/* tools/refverify.c - a reference checked the way check-ref, check,
 * post-check and label-claims check it: the graph first, then (with
 * --online) the Crossref API for what the graph cannot decide. Declared
 * in tool.h. */
#include "tool.h"

#include "../common/error.h"
#include "../ingest/ingest.h"
#include "../query/ref.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

typedef tool_ref_checker ref_ctx;

/* The reference as search text: what was written, or its fields. */
static void search_text(char *out, size_t n, const char *text, const qr_ref *p)
{
	size_t i, len = 0;

	if (text && *text) {
		snprintf(out, n, "%s", text);
		return;
	}
	out[0] = '\0';
	for (i = 0; i < p->nauthors && i < 3 && len + 1 < n; i++)
		len += (size_t)snprintf(out + len, n - len, "%s ", p->authors[i].family);
	if (len + 1 < n)
		snprintf(out + len, n - len, "%s %s %s %d %s %s", p->title, p->venue, p->volume, p->year, p->first_page,
			 p->doi);
}

static void when_text(char *out, size_t n, const ingest_online_works *w)
{
	time_t at = (time_t)w->fetched_at;
	struct tm tm;

	gmtime_r(&at, &tm);
	if (w->cached)
		strftime(out, n, "cached answer of %Y-%m-%d %H:%M UTC", &tm);
	else
		snprintf(out, n, "fetched now");
}

/* Ask the Crossref API about a reference the graph could not decide; the
 * answer is checked like a local candidate. */
static int check_online(ref_ctx *c, const char *text, const qr_ref *p, qr_result *r)
{
	ingest_online_works w;
	qr_opts o = c->o;
	qr_result r2;
	const void *recs[20];
	size_t lens[20], i;
	char when[64], q[1200];
	int rc;

	memset(&w, 0, sizeof(w));
	if (p->doi[0] && !r->have_match) {
		char prefix[128];
		int known = 0;

		if ((rc = ingest_online_doi(c->online, c->t, p->doi, &w)) < 0)
			goto failed;
		when_text(when, sizeof(when), &w);
		if (w.status == 404) {
			snprintf(prefix, sizeof(prefix), "%.*s", (int)strcspn(p->doi, "/"), p->doi);
			if ((rc = ingest_online_prefix(c->online, c->t, prefix, &known)) < 0)
				goto failed;
			if (!known) {
				query_ref_reason(r, "%.40s is not a Crossref DOI prefix (another agency may hold it; %s)", prefix,
					   when);
				ingest_online_works_release(&w);
				return 0;
			}
			o.doi_unregistered = 1;
		}
	} else if (!p->doi[0]) {
		search_text(q, sizeof(q), text, p);
		if ((rc = ingest_online_search(c->online, c->t, q, &w)) < 0)
			goto failed;
		when_text(when, sizeof(when), &w);
		/* a titled reference none of the best hits matches does not exist */
		o.extra_covers = p->title[0] && strlen(p->title) >= 20;
	} else {
		return 0;
	}
	for (i = 0; i < w.n; i++) {
		recs[i] = w.data.ptr + w.off[i];
		lens[i] = w.len[i];
	}
	o.extra = recs;
	o.extra_len = lens;
	o.nextra = w.n;
	if ((rc = query_ref_check(c->t, p, &o, &r2)) < 0) {
		ingest_online_works_release(&w);
		return rc;
	}
	*r = r2;
	query_ref_reason(r, "checked against the Crossref API (%s%s)", when,
		   r->match_extra ? "; the match is the API's" : "");
	ingest_online_works_release(&w);
	return 0;
failed:
	/* a network failure leaves the offline verdict, saying why */
	query_ref_reason(r, "online check failed: %.130s", pk_error_last());
	pk_error_clear();
	ingest_online_works_release(&w);
	return 0;
}

int tool_ref_verify(tool_ref_checker *c, const char *text, const qr_ref *p, qr_result *r)
{
	int rc;

	if ((rc = query_ref_check(c->t, p, &c->o, r)) < 0)
		return rc;
	if (c->online && r->verdict == QR_UNVERIFIABLE &&
	    (p->doi[0] || p->title[0] || (p->nauthors && p->year)))
		return check_online(c, text, p, r);
	return 0;
}
