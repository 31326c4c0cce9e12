/* tests/unit/graph.h - build the graph of data/sources/ for a unit test. */
#ifndef T_GRAPH_H
#define T_GRAPH_H

#include "common/error.h"
#include "ingest/ingest.h"
#include "kg/store.h"

typedef struct t_plan_ctx {
	ingest_plan *p;
	size_t i;
	ingest_result res;
} t_plan_ctx;

static int t_run_entry(kg_txn *t, void *vctx)
{
	t_plan_ctx *c = vctx;

	return ingest_plan_run(t, c->p, c->i, NULL, &c->res);
}

/* Build `dir` from the given paths (default data/sources). */
static inline int t_build_graph(const char *dir, const char *path)
{
	const char *paths[1];
	t_plan_ctx c = { NULL, 0, { 0 } };
	kg_store *s = NULL;
	int rc;

	paths[0] = path ? path : "data/sources";
	t_rmrf(dir);
	if ((rc = ingest_plan_make(&c.p, paths, 1)) < 0)
		return rc;
	ingest_result_init(&c.res);
	if ((rc = kg_build_begin(&s, dir)) == 0) {
		for (c.i = 0; c.i < ingest_plan_count(c.p) && rc == 0; c.i++)
			rc = kg_store_write(s, t_run_entry, &c);
		if (rc)
			kg_build_abort(s);
		else
			rc = kg_build_commit(s);
	}
	ingest_result_release(&c.res);
	ingest_plan_free(c.p);
	return rc;
}

#endif
