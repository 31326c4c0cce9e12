/* ingest/online.c - the Crossref REST API for check-ref --online; see
 * ingest.h.
 *
 * Requests: /works/{doi}, /prefixes/{prefix} and
 * /works?query.bibliographic=...&rows=N, with mailto for the polite pool
 * (query parameter and User-Agent), retries and back-off from common/http,
 * and pacing by the X-Rate-Limit-Limit / -Interval headers the API sends.
 * Answers (200 and 404) are cached in the graph's cache table under
 * "GET <url without mailto>" as: fetched_at (8 bytes, big-endian seconds),
 * status (4 bytes), body; an answer older than the time-to-live is fetched
 * again. A cache that cannot be written (another writer holds the graph)
 * is skipped, never an error.
 */
#include "internal.h"

#include "../common/alloc.h"
#include "../common/buf.h"
#include "../common/error.h"
#include "../kg/graph.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define BODY_MAX ((size_t)16 << 20)
#define DEFAULT_TTL (30L * 86400)

struct ingest_online {
	pk_http *h;
	kg_store *cache;
	ingest_online_opts o;
	char base[1024];
	char mailto[256];
	char agent[384];
	long gap_ms;              /* least time between requests (rate limit) */
	struct timespec last;     /* when the last request started */
	size_t requests, cache_hits, cache_skipped;
};

int ingest_online_new(ingest_online **out, kg_store *cache, const ingest_online_opts *o)
{
	ingest_online *c;
	int rc;

	*out = NULL;
	if (!(c = pk_calloc(1, sizeof(*c))))
		return pk_error_set(PK_ENOMEM, "out of memory");
	if ((rc = pk_http_new(&c->h)) < 0) {
		pk_free(c);
		return rc;
	}
	if (o)
		c->o = *o;
	c->cache = c->o.ttl_s < 0 ? NULL : cache;
	if (!c->o.ttl_s)
		c->o.ttl_s = DEFAULT_TTL;
	if (!c->o.rows)
		c->o.rows = 5;
	if (c->o.rows > 20)
		c->o.rows = 20;
	snprintf(c->base, sizeof(c->base), "%s", c->o.base && *c->o.base ? c->o.base : "https://api.crossref.org");
	while (c->base[0] && c->base[strlen(c->base) - 1] == '/')
		c->base[strlen(c->base) - 1] = '\0';
	snprintf(c->mailto, sizeof(c->mailto), "%s", c->o.mailto ? c->o.mailto : "");
	if (c->mailto[0])
		snprintf(c->agent, sizeof(c->agent), "provkg (https://github.com/provkg; mailto:%s)", c->mailto);
	else
		snprintf(c->agent, sizeof(c->agent), "provkg");
	c->o.http.user_agent = c->agent;
	c->o.base = c->base;
	c->o.mailto = c->mailto;
	*out = c;
	return 0;
}

void ingest_online_free(ingest_online *c)
{
	if (!c)
		return;
	pk_http_free(c->h);
	pk_free(c);
}

void ingest_online_works_release(ingest_online_works *w)
{
	pk_buf_release(&w->data);
	memset(w, 0, sizeof(*w));
}

void ingest_online_stats(const ingest_online *c, size_t *requests, size_t *cache_hits, size_t *cache_skipped)
{
	*requests = c->requests;
	*cache_hits = c->cache_hits;
	*cache_skipped = c->cache_skipped;
}

/* ---- the cache ---------------------------------------------------------- */

typedef struct cache_put {
	const pk_buf *key;
	const pk_buf *val;
} cache_put;

static int put_cache(kg_txn *t, void *ctx)
{
	cache_put *p = ctx;

	return kg_doc_put(t, 0, KG_DOC_CACHE, p->key->ptr, p->key->len, p->val->ptr, p->val->len);
}

static void store_answer(ingest_online *c, const pk_buf *key, long status, const pk_buf *body, int64_t when)
{
	pk_buf val = PK_BUF_INIT;
	unsigned char head[12];
	cache_put p = { key, &val };
	int i;

	if (!c->cache)
		return;
	for (i = 0; i < 8; i++)
		head[i] = (unsigned char)((uint64_t)when >> (56 - 8 * i));
	for (i = 0; i < 4; i++)
		head[8 + i] = (unsigned char)((uint32_t)status >> (24 - 8 * i));
	if (pk_buf_put(&val, head, sizeof(head)) < 0 || pk_buf_put(&val, body->ptr ? body->ptr : "", body->len) < 0 ||
	    kg_store_write_brief(c->cache, put_cache, &p) < 0) {
		c->cache_skipped++; /* busy graph, full disk: the answer is still used */
		pk_error_clear();
	}
	pk_buf_release(&val);
}

/* A fresh cached answer: 1 (status, body set), 0 none. */
static int cached_answer(ingest_online *c, kg_txn *t, const pk_buf *key, long *status, pk_buf *body, int64_t *when)
{
	const unsigned char *v;
	size_t vl;
	uint64_t at = 0;
	uint32_t st = 0;
	int i;

	if (!c->cache || !t)
		return 0;
	if (kg_doc_get(t, KG_DOC_CACHE, key->ptr, key->len, (const void **)&v, &vl) < 0 || vl < 12) {
		pk_error_clear();
		return 0;
	}
	for (i = 0; i < 8; i++)
		at = at << 8 | v[i];
	for (i = 0; i < 4; i++)
		st = st << 8 | v[8 + i];
	if ((int64_t)at + c->o.ttl_s < (int64_t)time(NULL))
		return 0; /* expired */
	pk_buf_reset(body);
	if (pk_buf_put(body, v + 12, vl - 12) < 0)
		return 0;
	*status = (long)st;
	*when = (int64_t)at;
	return 1;
}

/* ---- requests ------------------------------------------------------------ */

static int to_buf(void *ctx, const void *data, size_t n)
{
	pk_buf *b = ctx;

	return pk_buf_put(b, data, n) < 0 ? pk_error_set(PK_ELIMIT, "API answer over %zu bytes", BODY_MAX) : 0;
}

static void pace(ingest_online *c)
{
	struct timespec now;
	long since;

	if (c->gap_ms <= 0 || !c->last.tv_sec)
		return;
	clock_gettime(CLOCK_MONOTONIC, &now);
	since = (long)(now.tv_sec - c->last.tv_sec) * 1000 + (now.tv_nsec - c->last.tv_nsec) / 1000000;
	if (since < c->gap_ms)
		pk_http_sleep(c->gap_ms - since);
}

/* GET base+path (+mailto), through the cache. status and body out. */
static int get(ingest_online *c, kg_txn *t, const char *path, long *status, pk_buf *body, int *cached,
	       int64_t *when)
{
	pk_buf url = PK_BUF_INIT, key = PK_BUF_INIT;
	pk_http_resp resp;
	long wait_ms;
	int rc, attempt;

	*cached = 0;
	if ((rc = pk_buf_printf(&key, "GET %s%s", c->base, path)) < 0)
		goto done;
	if (cached_answer(c, t, &key, status, body, when)) {
		*cached = 1;
		c->cache_hits++;
		goto done;
	}
	if ((rc = pk_buf_printf(&url, "%s%s", c->base, path)) < 0)
		goto done;
	if (c->mailto[0] &&
	    ((rc = pk_buf_puts(&url, strchr(path, '?') ? "&mailto=" : "?mailto=")) < 0 ||
	     (rc = pk_http_escape(&url, c->mailto, "@")) < 0))
		goto done;
	for (attempt = 1;; attempt++) {
		pk_buf_release(body);
		pk_buf_init(body, BODY_MAX);
		pace(c);
		clock_gettime(CLOCK_MONOTONIC, &c->last);
		c->requests++;
		rc = pk_http_get(c->h, url.ptr, &c->o.http, to_buf, body, &resp);
		if (resp.rate_limit > 0 && resp.rate_interval_ms > 0)
			c->gap_ms = resp.rate_interval_ms / resp.rate_limit;
		if (!pk_http_retry_wait(rc, &resp, attempt, &c->o.http, &wait_ms))
			break;
		pk_error_clear();
		pk_http_sleep(wait_ms);
	}
	if (rc < 0)
		goto done;
	*status = resp.status;
	*when = (int64_t)time(NULL);
	if (resp.status == 200 || resp.status == 404)
		store_answer(c, &key, resp.status, body, *when);
	else
		rc = pk_error_set(PK_ENET, "%s: HTTP %ld%s", url.ptr, resp.status,
				  resp.status == 429 ? " (rate limited)" : "");
done:
	pk_buf_release(&url);
	pk_buf_release(&key);
	return rc;
}

static int add_work(void *ctx, const char *doi, size_t dl, const void *rec, size_t len)
{
	ingest_online_works *w = ctx;

	(void)doi;
	(void)dl;
	if (w->n == sizeof(w->off) / sizeof(w->off[0]))
		return 0;
	w->off[w->n] = w->data.len;
	w->len[w->n] = len;
	if (pk_buf_put(&w->data, rec, len) < 0)
		return pk_error_code();
	w->n++;
	return 0;
}

static int answer_works(ingest_online *c, kg_txn *t, const char *path, ingest_online_works *out)
{
	pk_buf body = PK_BUF_INIT;
	int rc, cached;
	int64_t when = 0;

	memset(out, 0, sizeof(*out));
	if ((rc = get(c, t, path, &out->status, &body, &cached, &when)) == 0) {
		out->cached = cached;
		out->fetched_at = when;
		if (out->status == 200 &&
		    (rc = ingest_crossref_parse(body.ptr ? body.ptr : "", body.len, add_work, out, NULL)) < 0)
			pk_error_prefix("the API's answer to %s", path);
	}
	pk_buf_release(&body);
	return rc;
}

int ingest_online_doi(ingest_online *c, kg_txn *t, const char *doi, ingest_online_works *out)
{
	pk_buf path = PK_BUF_INIT;
	int rc;

	if ((rc = pk_buf_puts(&path, "/works/")) == 0 && (rc = pk_http_escape(&path, doi, "/")) == 0)
		rc = answer_works(c, t, path.ptr, out);
	pk_buf_release(&path);
	return rc;
}

int ingest_online_prefix(ingest_online *c, kg_txn *t, const char *prefix, int *known)
{
	pk_buf path = PK_BUF_INIT, body = PK_BUF_INIT;
	long status = 0;
	int rc, cached;
	int64_t when;

	*known = 0;
	if ((rc = pk_buf_puts(&path, "/prefixes/")) == 0 && (rc = pk_http_escape(&path, prefix, "")) == 0 &&
	    (rc = get(c, t, path.ptr, &status, &body, &cached, &when)) == 0)
		*known = status == 200;
	pk_buf_release(&path);
	pk_buf_release(&body);
	return rc;
}

int ingest_online_search(ingest_online *c, kg_txn *t, const char *text, ingest_online_works *out)
{
	pk_buf path = PK_BUF_INIT;
	int rc;

	if ((rc = pk_buf_puts(&path, "/works?query.bibliographic=")) == 0 &&
	    (rc = pk_http_escape(&path, text, "")) == 0 && (rc = pk_buf_printf(&path, "&rows=%d", c->o.rows)) == 0)
		rc = answer_works(c, t, path.ptr, out);
	pk_buf_release(&path);
	return rc;
}
