/* tools/builds.c - building and ingesting, for build, ingest and update:
 * a new generation from the paths, swapped in atomically when every source
 * was ingested (the online answer cache carried over unless
 * TOOL_BUILD_DROP_CACHE); or the paths into the current graph in one write
 * transaction. Declared in tool.h. */
#include "tool.h"

#include "../common/error.h"
#include "../ingest/ingest.h"
#include "../kg/graph.h"
#include "../kg/store.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct run_ctx {
	const ingest_plan *plan;
	const ingest_opts *opts;
	ingest_result *res; /* one per entry */
	size_t from, to;    /* entries [from, to) */
} run_ctx;

static int run_entries(kg_txn *t, void *vctx)
{
	run_ctx *c = vctx;
	size_t i;
	int rc;

	for (i = c->from; i < c->to; i++) {
		if (tool_progress_enabled())
			fprintf(stderr, "\rprovkg: ingesting %s %s ...\033[K", ingest_kind_name(ingest_plan_kind(c->plan, i)),
				ingest_plan_path(c->plan, i));
		if ((rc = ingest_plan_run(t, c->plan, i, c->opts, &c->res[i])) < 0)
			return rc;
		/* two inputs that land in one edition: the second would replace
		 * the first, silently */
		for (size_t j = 0; j < i; j++)
			if (c->res[j].kind == c->res[i].kind && !strcmp(c->res[j].edition, c->res[i].edition))
				return pk_error_set(PK_EPARSE, "%s and %s would both be %s edition '%s' (the second "
						    "replacing the first): give one its own .edition file, or ingest them apart",
						    ingest_plan_path(c->plan, j), ingest_plan_path(c->plan, i),
						    ingest_kind_name(c->res[i].kind), c->res[i].edition);
	}
	return 0;
}

static void report(const ingest_plan *plan, const ingest_result *res, size_t from, size_t to, int quiet)
{
	size_t i;

	if (tool_progress_enabled())
		fputs("\r\033[K", stderr);
	for (i = from; i < to; i++) {
		const ingest_result *r = &res[i];

		if (r->warnings.len) {
			const char *p = r->warnings.ptr, *nl;

			for (; *p; p = nl + 1) {
				nl = strchr(p, '\n');
				fprintf(stderr, "provkg: warning: %.*s\n", (int)(nl - p), p);
			}
		}
		if (r->warnings_dropped)
			fprintf(stderr, "provkg: warning: ... and %llu more problems in %s\n",
				(unsigned long long)r->warnings_dropped, ingest_plan_path(plan, i));
		if (!quiet && r->dropped)
			fprintf(stderr, "provkg: %s %s: %llu records, %llu rejected, %llu bad fields dropped (%s)\n",
				ingest_kind_name(r->kind), r->edition, (unsigned long long)r->records,
				(unsigned long long)r->rejected, (unsigned long long)r->dropped,
				ingest_plan_path(plan, i));
		else if (!quiet)
			fprintf(stderr, "provkg: %s %s: %llu records, %llu rejected (%s)\n",
				ingest_kind_name(r->kind), r->edition, (unsigned long long)r->records,
				(unsigned long long)r->rejected, ingest_plan_path(plan, i));
	}
}

static int plan_exit(int rc)
{
	/* a named path that does not exist is bad input, not "no match" */
	return rc == PK_ENOTFOUND || rc == PK_EPARSE ? EXIT_DATA : tool_exit_code(rc);
}

/* ---- carrying the online answer cache into a new generation ---------------------------- */

typedef struct carry_ctx {
	kg_txn *src, *dst;
	size_t n;
} carry_ctx;

static int carry_doc(const void *k, size_t klen, const void *v, size_t vlen, void *vctx)
{
	carry_ctx *c = vctx;
	int rc = kg_doc_put(c->dst, 0, KG_DOC_CACHE, k, klen, v, vlen);

	c->n += rc == 0;
	return rc;
}

static int carry_write(kg_txn *t, void *vctx)
{
	carry_ctx *c = vctx;

	c->dst = t;
	c->n = 0; /* restartable: a grown map reruns the copy */
	return kg_doc_each(c->src, KG_DOC_CACHE, "", 0, carry_doc, c);
}

/* Copy the cache of the graph in use in db into the build b: 0 with *n
 * answers copied (none when there is no graph yet). A graph in use that
 * cannot be opened (another schema, damaged): its error with *unreadable
 * set, and the caller goes on without the cache; any other error is the
 * build's. */
static int carry_cache(kg_store *b, const char *db, size_t *n, int *unreadable)
{
	kg_store *old = NULL;
	kg_txn *t = NULL;
	carry_ctx c = { 0 };
	int rc;

	*n = 0;
	*unreadable = 0;
	if ((rc = kg_store_open(&old, db, KG_OPEN_READ)) == PK_ENOTFOUND) {
		pk_error_clear();
		return 0;
	}
	if (rc < 0 || (rc = kg_txn_read(&t, old)) < 0) {
		*unreadable = 1;
		kg_store_free(old);
		return rc;
	}
	c.src = t;
	rc = kg_store_write(b, carry_write, &c);
	*n = c.n;
	kg_txn_free(t);
	kg_store_free(old);
	return rc;
}

/* The plan of paths and an empty result per entry, for a build or an
 * ingest: EXIT_OK, or the exit code after saying what failed. */
static int plan_open(const char *const *paths, size_t npaths, ingest_plan **plan, ingest_result **res, size_t *n)
{
	size_t i;
	int rc;

	*res = NULL;
	*n = 0;
	if ((rc = ingest_plan_make(plan, paths, npaths)) < 0) {
		tool_error("%s", pk_error_last());
		return plan_exit(rc);
	}
	if (!(*res = calloc(ingest_plan_count(*plan), sizeof(**res)))) {
		ingest_plan_free(*plan);
		*plan = NULL;
		tool_error("out of memory");
		return EXIT_SYSTEM;
	}
	*n = ingest_plan_count(*plan);
	for (i = 0; i < *n; i++)
		ingest_result_init(&(*res)[i]);
	return EXIT_OK;
}

static void plan_close(ingest_plan *plan, ingest_result *res, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		ingest_result_release(&res[i]);
	free(res);
	ingest_plan_free(plan);
}

/* A run of entries that failed: said, with what became of the graph (a
 * build keeps the previous one, an ingest leaves it as it was); the exit
 * code. */
static int run_failed(int rc, int build, const char *db)
{
	if (tool_progress_enabled())
		fputs("\r\033[K", stderr);
	tool_error("%s", pk_error_last());
	if (build)
		tool_error("build stopped; the previous graph in '%s' is unchanged", db);
	else
		tool_error("nothing was ingested; the graph in '%s' is unchanged", db);
	return rc == PK_EPARSE || rc == PK_ESTRICT || rc == PK_ELIMIT ? EXIT_DATA : tool_exit_code(rc);
}

int tool_build_paths(const char *db, const char *const *paths, size_t npaths, const ingest_opts *op, unsigned flags)
{
	ingest_opts o = *op;
	int quiet = (flags & TOOL_BUILD_QUIET) != 0;
	size_t n, i;
	ingest_plan *plan = NULL;
	ingest_result *res = NULL;
	kg_store *s = NULL;
	struct timespec t0, t1;
	int rc, code = EXIT_OK;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	if ((code = plan_open(paths, npaths, &plan, &res, &n)) != EXIT_OK)
		return code;
	if ((rc = kg_build_begin(&s, db)) < 0) {
		code = rc == PK_EINVAL ? EXIT_GRAPH : tool_exit_code(rc);
		tool_error("%s", pk_error_last());
		goto done;
	}
	for (i = 0; i < n; i++) {
		run_ctx ctx = { plan, &o, res, i, i + 1 };

		/* room for the records and indexes the entry will write */
		kg_store_reserve(s, ingest_plan_bytes(plan, i) * 4 + (16u << 20));
		if ((rc = kg_store_write(s, run_entries, &ctx)) < 0) {
			code = run_failed(rc, 1, db);
			kg_build_abort(s);
			s = NULL;
			goto done;
		}
		report(plan, res, i, i + 1, quiet);
		tool_testpoint("build-entry");
	}
	if (!(flags & TOOL_BUILD_DROP_CACHE)) {
		size_t kept;
		int unreadable;

		if ((rc = carry_cache(s, db, &kept, &unreadable)) < 0 && unreadable) {
			fprintf(stderr, "provkg: warning: the online answer cache was not carried over: %s\n",
				pk_error_last());
		} else if (rc < 0) {
			tool_error("%s", pk_error_last());
			tool_error("build stopped; the previous graph in '%s' is unchanged", db);
			code = tool_exit_code(rc);
			kg_build_abort(s);
			s = NULL;
			goto done;
		} else if (kept && !quiet) {
			fprintf(stderr, "provkg: kept %zu cached online answer%s from the previous graph (--drop-cache to start afresh)\n",
				kept, kept == 1 ? "" : "s");
		}
	}
	rc = kg_build_commit(s);
	s = NULL;
	if (rc < 0) {
		code = tool_fail(rc, "build");
		goto done;
	}
	{
		int mp = 0, props = 0;

		for (i = 0; i < n; i++) {
			mp |= ingest_plan_kind(plan, i) == INGEST_MP;
			props |= ingest_plan_kind(plan, i) == INGEST_MP_PROPERTIES;
		}
		if (mp && !props)
			fprintf(stderr, "provkg: warning: no material property table in this build: material "
					"properties are found by MP field name only (band_gap, not \"band gap\" or 带隙), "
					"with the default tolerance; add data/sources/materials-project/properties.tsv\n");
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	if (!quiet)
		fprintf(stderr, "provkg: built graph '%s' from %zu source%s in %.2f s\n", db, n, n == 1 ? "" : "s",
			(double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
done:
	kg_store_free(s);
	plan_close(plan, res, n);
	return code;
}

int tool_ingest_paths(const char *db, const char *const *paths, size_t npaths, const ingest_opts *op, int quiet)
{
	ingest_opts o = *op;
	size_t n = 0, i;
	ingest_plan *plan = NULL;
	ingest_result *res = NULL;
	kg_store *s = NULL;
	uint64_t bytes = 0;
	int rc, code = EXIT_OK;

	if ((code = plan_open(paths, npaths, &plan, &res, &n)) != EXIT_OK)
		return code;
	for (i = 0; i < n; i++)
		bytes += ingest_plan_bytes(plan, i);
	rc = kg_store_open(&s, db, KG_OPEN_WRITE);
	if (rc == PK_ENOTFOUND) {
		/* no graph yet: start an empty one, then ingest into it */
		kg_store *b = NULL;

		if ((rc = kg_build_begin(&b, db)) == 0 && (rc = kg_build_commit(b)) == 0)
			rc = kg_store_open(&s, db, KG_OPEN_WRITE);
	}
	if (rc < 0) {
		code = rc == PK_EINVAL ? EXIT_GRAPH : tool_exit_code(rc);
		tool_error("%s", pk_error_last());
		goto done;
	}
	kg_store_reserve(s, bytes * 4 + (16u << 20));
	{
		run_ctx ctx = { plan, &o, res, 0, n };

		if ((rc = kg_store_write(s, run_entries, &ctx)) < 0) {
			code = run_failed(rc, 0, db);
			goto done;
		}
	}
	report(plan, res, 0, n, quiet);
done:
	kg_store_free(s);
	plan_close(plan, res, n);
	return code;
}
