/* tools/refverify.c - ingest/online's Crossref API client as the outside
 * source query_ref_check consults (qr_source): only fetching and the
 * cache's wording here, every decision is query/refsource.c's. Declared in
 * tool.h. */
#include "tool.h"

#include "../common/alloc.h"
#include "../common/error.h"
#include "../ingest/ingest.h"
#include "../query/ref.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

/* The API's answer handed over: the records stay in w until release. */
static int hand_over(ingest_online_works *w, qr_found *f)
{
	time_t at = (time_t)w->fetched_at;
	struct tm tm;
	size_t i;

	f->priv = w;
	f->status = w->status;
	if (w->cached) {
		gmtime_r(&at, &tm);
		strftime(f->when, sizeof(f->when), "cached answer of %Y-%m-%d %H:%M UTC", &tm);
	} else {
		snprintf(f->when, sizeof(f->when), "fetched now");
	}
	for (i = 0; i < w->n && i < QR_FOUND; i++) {
		f->recs[i] = w->data.ptr + w->off[i];
		f->lens[i] = w->len[i];
	}
	f->n = i;
	return 0;
}

/* One API call (a DOI lookup or a search) into a fresh works list that f
 * owns from the start (release frees it, whatever the call did). */
typedef int (*online_call)(ingest_online *c, kg_txn *t, const char *arg, ingest_online_works *out);

static int ask(online_call call, void *ctx, kg_txn *t, const char *arg, qr_found *f)
{
	ingest_online_works *w = pk_calloc(1, sizeof(*w));
	int rc;

	if (!(f->priv = w))
		return pk_error_set(PK_ENOMEM, "out of memory");
	if ((rc = call(ctx, t, arg, w)) < 0)
		return rc;
	return hand_over(w, f);
}

static int by_doi(void *ctx, kg_txn *t, const char *doi, qr_found *f)
{
	return ask(ingest_online_doi, ctx, t, doi, f);
}

static int search(void *ctx, kg_txn *t, const char *text, qr_found *f)
{
	return ask(ingest_online_search, ctx, t, text, f);
}

static int prefix_known(void *ctx, kg_txn *t, const char *prefix, int *known)
{
	return ingest_online_prefix(ctx, t, prefix, known);
}

static void release(void *ctx, qr_found *f)
{
	(void)ctx;
	if (f->priv) {
		ingest_online_works_release(f->priv);
		pk_free(f->priv);
		f->priv = NULL;
	}
}

void tool_ref_source(tool_ref_checker *c)
{
	c->src.name = "Crossref";
	c->src.by_doi = by_doi;
	c->src.prefix_known = prefix_known;
	c->src.search = search;
	c->src.release = release;
	c->src.ctx = c->online;
	c->o.online = c->online ? &c->src : NULL;
}
