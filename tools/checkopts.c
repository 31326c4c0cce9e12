/* tools/checkopts.c - the options check-value, check-ref and check share:
 * how values are judged (edition, tolerances) and how references are
 * verified (closed world, the Crossref API). See tool.h. */
#include "tool.h"

#include "../common/error.h"
#include "../ingest/ingest.h"
#include "../kg/graph.h"
#include "../query/lookup.h"
#include "../query/material.h"
#include "../query/units.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int tool_parse_fraction(const char *arg, double *out)
{
	char *end;
	double v = strtod(arg, &end);

	if (*end == '%') {
		v /= 100;
		end++;
	}
	if (end == arg || *end || !(v > 0) || v >= 1)
		return -1;
	*out = v;
	return 0;
}

int tool_value_option(int ch, char *arg, tool_value_cfg *c)
{
	switch (ch) {
	case TOOL_OPT_EDITION:
		c->o.edition = arg;
		return 1;
	case TOOL_OPT_TOLERANCE:
		if (tool_parse_fraction(arg, &c->o.tolerance) < 0) {
			tool_error("--tolerance needs a fraction in (0, 1), e.g. 0.01 or 1%%");
			return -1;
		}
		return 1;
	case TOOL_OPT_TOLERANCE_COMPUTED:
		if (tool_parse_fraction(arg, &c->o.tolerance_computed) < 0) {
			tool_error("--tolerance-computed needs a fraction in (0, 1)");
			return -1;
		}
		return 1;
	case TOOL_OPT_TOLERANCE_FOR: {
		char *eq = strrchr(arg, '=');

		if (c->o.ntolerances == TOOL_MAX_TOLERANCES) {
			tool_error("at most %d --tolerance-for options", TOOL_MAX_TOLERANCES);
			return -1;
		}
		if (!eq || eq == arg || tool_parse_fraction(eq + 1, &c->tol[c->o.ntolerances].value) < 0) {
			tool_error("--tolerance-for needs PROPERTY=F with F in (0, 1), e.g. band_gap=0.2");
			return -1;
		}
		*eq = '\0';
		c->tol[c->o.ntolerances++].property = arg;
		return 1;
	}
	default:
		return 0;
	}
}

static int first_key(const kg_name_hit *h, void *ctx)
{
	snprintf(ctx, 96, "%s", h->target);
	return 1;
}

typedef struct editions {
	const char *want;
	int found;
	pk_buf have;     /* "CODATA 2014, 2018, 2022; NIST-AW 4.1" */
	char kind[64];   /* the kind last listed */
} editions;

static int edition_cb(const kg_source *src, void *vctx)
{
	editions *e = vctx;

	/* the sources of values: not works, not provkg's own tables */
	if (kg_kind_bibliographic(src->kind) || !strncmp(src->kind, "provkg-", 7) || !strcmp(src->kind, "Pint"))
		return 0;
	if (!strcmp(src->edition, e->want))
		e->found = 1;
	if (strcmp(e->kind, src->kind)) {
		if (pk_buf_printf(&e->have, "%s%s %s", e->have.len ? "; " : "", src->kind, src->edition) < 0)
			return PK_ENOMEM;
		snprintf(e->kind, sizeof(e->kind), "%s", src->kind);
	} else if (pk_buf_printf(&e->have, ", %s", src->edition) < 0) {
		return PK_ENOMEM;
	}
	return 0;
}

int tool_check_edition(kg_txn *t, const char *want)
{
	editions e;
	int rc;

	memset(&e, 0, sizeof(e));
	e.want = want;
	if ((rc = kg_source_each(t, edition_cb, &e)) < 0) {
		pk_buf_release(&e.have);
		return tool_fail(rc, NULL);
	}
	if (!e.found)
		tool_error("--edition: no edition '%s' in the graph (have %s)", want, e.have.len ? e.have.ptr : "none");
	pk_buf_release(&e.have);
	return e.found ? EXIT_OK : EXIT_USAGE;
}

int tool_value_finish(tool_value_cfg *c, kg_txn *t)
{
	size_t i, j;
	int code;

	if (c->o.edition && (code = tool_check_edition(t, c->o.edition)) != EXIT_OK)
		return code;

	for (i = 0; i < c->o.ntolerances; i++) {
		const char *p = c->tol[i].property;
		query_targets ts = { 0 };

		c->key[i][0] = '\0';
		if (kg_name_find(t, KG_NS_FIELD, p, first_key, c->key[i]) < 0)
			return tool_fail(pk_error_code(), "--tolerance-for");
		if (!c->key[i][0]) {
			if (query_resolve_flags(t, p, QUERY_EXACT_ONLY, &ts) < 0) {
				query_targets_release(&ts);
				return tool_fail(pk_error_code(), "--tolerance-for");
			}
			for (j = 0; j < ts.n && !c->key[i][0]; j++)
				if (ts.t[j].type == KG_QUANTITY && query_is_material_property(t, ts.t[j].key))
					snprintf(c->key[i], sizeof(c->key[i]), "%s", ts.t[j].key);
			query_targets_release(&ts);
		}
		if (!c->key[i][0]) {
			tool_error("--tolerance-for: '%s' is not a material property in this graph "
				   "(an MP field such as band_gap, or a name such as \"band gap\")", p);
			return EXIT_USAGE;
		}
		c->tol[i].property = c->key[i];
	}
	c->o.tolerances = c->tol;
	return EXIT_OK;
}

void tool_ref_init(tool_ref_cfg *c)
{
	memset(c, 0, sizeof(*c));
	c->oo.mailto = getenv("PROVKG_MAILTO");
	c->oo.http.retries = 3;
}

int tool_ref_option(int ch, const char *arg, tool_ref_cfg *c)
{
	char *end;

	switch (ch) {
	case TOOL_OPT_CLOSED_WORLD: c->o.closed_world = 1; return 1;
	case TOOL_OPT_ONLINE: c->online = 1; return 1;
	case TOOL_OPT_CROSSREF_URL: c->oo.base = arg; return 1;
	case TOOL_OPT_MAILTO: c->oo.mailto = arg; return 1;
	case TOOL_OPT_CACHE_TTL: {
		double d = strtod(arg, &end);

		if (end == arg || *end || d < 0 || d > 3650) {
			tool_error("--cache-ttl needs days in [0, 3650]");
			return -1;
		}
		c->oo.ttl_s = d == 0 ? -1 : (long)(d * 86400);
		return 1;
	}
	case TOOL_OPT_ROWS:
		c->oo.rows = (int)strtol(arg, &end, 10);
		if (end == arg || *end || c->oo.rows < 1 || c->oo.rows > 20) {
			tool_error("--rows needs 1..20");
			return -1;
		}
		return 1;
	case TOOL_OPT_TIMEOUT: {
		double v = strtod(arg, &end);

		if (end == arg || *end || v <= 0 || v > 3600) {
			tool_error("--timeout needs seconds in (0, 3600]");
			return -1;
		}
		c->oo.http.stall_timeout_ms = c->oo.http.connect_timeout_ms = (long)(v * 1000);
		c->oo.http.total_timeout_ms = (long)(v * 4000);
		return 1;
	}
	case TOOL_OPT_RETRIES:
		c->oo.http.retries = (int)strtol(arg, &end, 10);
		if (end == arg || *end || c->oo.http.retries < 0 || c->oo.http.retries > 20) {
			tool_error("--retries needs 0..20");
			return -1;
		}
		return 1;
	case TOOL_OPT_CACERT:
		if (access(arg, R_OK) < 0) {
			tool_error("--cacert: cannot read '%s'", arg);
			return -1;
		}
		c->oo.http.cainfo = arg;
		return 1;
	default:
		return 0;
	}
}

int tool_ref_open(tool_ref_cfg *c, const char *db, kg_store **s, tool_ref_checker *out)
{
	int rc;

	memset(out, 0, sizeof(*out));
	/* online answers are cached in the graph: open it for brief writes */
	if ((rc = kg_store_open(s, db, c->online && c->oo.ttl_s >= 0 ? KG_OPEN_SHARED : KG_OPEN_READ)) < 0) {
		tool_error("%s", pk_error_last());
		return EXIT_GRAPH;
	}
	out->o = c->o;
	rc = (out->o.scratch = query_ref_scratch_new()) ? 0 : PK_ENOMEM;
	if (rc == 0 && c->online)
		rc = ingest_online_new(&out->online, *s, &c->oo);
	tool_ref_source(out);
	if (rc < 0) {
		query_ref_scratch_free(out->o.scratch);
		out->o.scratch = NULL;
		kg_store_free(*s);
		*s = NULL;
		return tool_fail(rc, NULL);
	}
	return EXIT_OK;
}

int tool_checks_open(tool_ref_cfg *rcfg, tool_value_cfg *v, const char *db, kg_store **s, kg_txn **t,
		     query_units **u, tool_ref_checker *ref)
{
	int code, rc;

	if ((code = tool_ref_open(rcfg, db, s, ref)) != EXIT_OK)
		return code;
	if ((rc = kg_txn_read(t, *s)) < 0 || (rc = query_units_open(u, *t, v->o.edition)) < 0)
		return rc == PK_ENOTFOUND ? (tool_error("%s", pk_error_last()), EXIT_GRAPH) : tool_fail(rc, NULL);
	ref->t = *t;
	return tool_value_finish(v, *t);
}

int tool_graph_open(const char *db, kg_store **s, kg_txn **t, query_units **u, const char *edition)
{
	int rc;

	if (kg_store_open(s, tool_db_path(db), KG_OPEN_READ) < 0) {
		tool_error("%s", pk_error_last());
		return EXIT_GRAPH;
	}
	if ((rc = kg_txn_read(t, *s)) < 0)
		return tool_fail(rc, NULL);
	if (u && (rc = query_units_open(u, *t, edition)) < 0)
		return rc == PK_ENOTFOUND ? (tool_error("%s", pk_error_last()), EXIT_GRAPH) : tool_fail(rc, NULL);
	return EXIT_OK;
}

void tool_ref_close(tool_ref_checker *c)
{
	ingest_online_free(c->online);
	c->online = NULL;
	c->o.online = NULL;
	query_ref_scratch_free(c->o.scratch);
	c->o.scratch = NULL;
	if (c->owns_shared)
		query_ref_shared_free(c->shared);
	c->shared = NULL;
	c->owns_shared = 0;
}

int tool_ref_clone(tool_ref_checker *from, kg_store *s, tool_ref_checker *out)
{
	int rc;

	memset(out, 0, sizeof(*out));
	out->o = from->o;
	out->o.online = NULL;
	if (!(out->o.scratch = query_ref_scratch_new()))
		return tool_fail(PK_ENOMEM, NULL);
	/* the first clone makes the table the threads share (no memory for
	 * it: each thread keeps its own results only) */
	if (!from->shared && from->o.scratch) {
		if ((from->shared = query_ref_shared_new())) {
			from->owns_shared = 1;
			query_ref_scratch_share(from->o.scratch, from->shared);
		} else {
			pk_error_clear();
		}
	}
	out->shared = from->shared;
	query_ref_scratch_share(out->o.scratch, out->shared);
	if ((rc = kg_txn_read(&out->t, s)) < 0)
		return tool_fail(rc, NULL);
	return EXIT_OK;
}
