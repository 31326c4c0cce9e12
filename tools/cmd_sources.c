/* tools/cmd_sources.c - `provkg sources`: the source editions in the graph. */
#include "tool.h"

#include "../common/error.h"
#include "../kg/graph.h"

#include <getopt.h>
#include <string.h>
#include <time.h>

static void iso_time(char *out, size_t n, int64_t t)
{
	time_t tt = (time_t)t;
	struct tm tm;

	gmtime_r(&tt, &tm);
	strftime(out, n, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* What a bibliographic edition covers, as its ingest described it
 * ('C' + "summary:ID"); "" when it says nothing. */
typedef struct cov_ctx {
	char text[512];
} cov_ctx;

static int on_summary(const void *v, size_t n, void *vctx)
{
	cov_ctx *c = vctx;

	snprintf(c->text, sizeof(c->text), "%.*s", (int)(n < 511 ? n : 511), (const char *)v);
	return 1;
}

static void coverage(kg_txn *t, uint32_t id, cov_ctx *c)
{
	char key[32];

	c->text[0] = '\0';
	snprintf(key, sizeof(key), "Csummary:%u", id);
	kg_index_find(t, key, strlen(key), 1, on_summary, c);
	pk_error_clear();
}

typedef struct row_ctx {
	pk_json *w;
	kg_txn *t;
	int kind, edition; /* column widths */
} row_ctx;

static int add_json(const kg_source *s, void *ctx)
{
	row_ctx *rc = ctx;
	pk_json *w = rc->w;
	char when[32];
	cov_ctx cov;

	iso_time(when, sizeof(when), s->ingested_at);
	pk_json_obj(w);
	pk_json_kstr(w, "kind", s->kind);
	pk_json_kstr(w, "edition", s->edition);
	pk_json_kstr(w, "file", s->file ? s->file : "");
	pk_json_kstr(w, "sha256", s->sha256 ? s->sha256 : "");
	pk_json_kint(w, "records", (long long)s->records);
	pk_json_kint(w, "rejected", (long long)s->rejected);
	pk_json_kstr(w, "ingested_at", when);
	pk_json_kbool(w, "complete", (s->flags & KG_SOURCE_COMPLETE) != 0);
	if (s->note)
		pk_json_kstr(w, "note", s->note);
	coverage(rc->t, s->id, &cov);
	if (cov.text[0])
		pk_json_kstr(w, "coverage", cov.text);
	pk_json_end_obj(w);
	return pk_json_error(w);
}

static int measure_row(const kg_source *s, void *ctx)
{
	row_ctx *w = ctx;
	int k = (int)strlen(s->kind), e = (int)strlen(s->edition);

	if (k > w->kind)
		w->kind = k > 40 ? 40 : k;
	if (e > w->edition)
		w->edition = e > 40 ? 40 : e;
	return 0;
}

static int print_row(const kg_source *s, void *ctx)
{
	const row_ctx *w = ctx;
	char when[32];
	cov_ctx cov;

	iso_time(when, sizeof(when), s->ingested_at);
	printf("%-*s  %-*s %9llu %8llu  %s  %.12s  %s\n", w->kind, s->kind, w->edition, s->edition,
	       (unsigned long long)s->records, (unsigned long long)s->rejected, when,
	       s->sha256 ? s->sha256 : "", s->file ? s->file : "");
	coverage(w->t, s->id, &cov);
	if (cov.text[0])
		printf("%-*s  %s\n", w->kind, "", cov.text);
	return 0;
}

int cmd_sources(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "db", required_argument, NULL, 'd' },
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *db = NULL;
	kg_store *s = NULL;
	kg_txn *t = NULL;
	pk_buf b = PK_BUF_INIT;
	int c, json = 0, rc, code = EXIT_OK;

	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (c) {
		case 'd': db = optarg; break;
		case 'j': json = 1; break;
		case 'h':
			printf("usage: provkg sources [--db DIR] [--json]\n"
			       "  lists each source edition: kind, edition, records, rejected, ingested_at, sha256, file;\n"
			       "  under a bibliographic database's edition, what it covers (an absence there is\n"
			       "  meaningful only for what it covers)\n");
			return EXIT_OK;
		default:
			fprintf(stderr, "usage: provkg sources [--db DIR] [--json]\n");
			return EXIT_USAGE;
		}
	}
	if (optind < argc) {
		tool_error("sources takes no arguments");
		return EXIT_USAGE;
	}
	if ((code = tool_graph_open(db, &s, &t, NULL, NULL)) != EXIT_OK)
		goto done;
	if (json) {
		pk_json w;
		row_ctx rcx = { &w, t, 0, 0 };

		pk_json_init(&w, &b);
		pk_json_arr(&w);
		if ((rc = kg_source_each(t, add_json, &rcx)) < 0) {
			code = tool_fail(rc, NULL);
			goto done;
		}
		pk_json_end_arr(&w);
		code = tool_emit_json(&w, &b);
	} else {
		row_ctx wd = { NULL, t, 4, 7 };

		if ((rc = kg_source_each(t, measure_row, &wd)) < 0) {
			code = tool_fail(rc, NULL);
			goto done;
		}
		printf("%-*s  %-*s %9s %8s  %-20s  %-12s  %s\n", wd.kind, "KIND", wd.edition, "EDITION", "RECORDS",
		       "REJECTED", "INGESTED", "SHA256", "FILE");
		if ((rc = kg_source_each(t, print_row, &wd)) < 0)
			code = tool_fail(rc, NULL);
	}
done:
	pk_buf_release(&b);
	kg_txn_free(t);
	kg_store_free(s);
	return code;
}
