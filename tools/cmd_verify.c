/* tools/cmd_verify.c - `provkg verify`: the graph's integrity. */
#include "tool.h"

#include "../common/error.h"
#include "../kg/graph.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

typedef struct verify_ctx {
	int json;
	pk_buf b;
	pk_json w;
	size_t shown;
} verify_ctx;

#define SHOWN_MAX 1000 /* problems printed; the rest are counted */

static int on_problem(void *vctx, int problem, const char *text)
{
	verify_ctx *c = vctx;

	if (c->shown++ >= SHOWN_MAX)
		return 0;
	if (c->json) {
		pk_json_obj(&c->w);
		pk_json_kstr(&c->w, problem ? "problem" : "note", text);
		pk_json_end_obj(&c->w);
	} else {
		printf("%s: %s\n", problem ? "problem" : "note", text);
	}
	return 0;
}

int cmd_verify(int argc, char **argv)
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
	kg_verify_stats st;
	verify_ctx c;
	int ch, rc, code;

	memset(&c, 0, sizeof(c));
	pk_buf_init(&c.b, 0);
	while ((ch = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (ch) {
		case 'd': db = optarg; break;
		case 'j': c.json = 1; break;
		case 'h':
			printf("usage: provkg verify [--db DIR] [--json]\n"
			       "  checks the graph: its schema version; every document readable and owned by a\n"
			       "  source; every titled work in the title index; every index entry owned by a source\n"
			       "  and pointing at a record, none turned away by the index's key filter; each\n"
			       "  document source's record count its documents.\n"
			       "  exit: 0 sound, 1 problems found (listed), 4 the graph cannot be opened\n");
			return EXIT_OK;
		default:
			fprintf(stderr, "usage: provkg verify [--db DIR] [--json]\n");
			return EXIT_USAGE;
		}
	}
	if (optind < argc) {
		tool_error("verify takes no arguments");
		return EXIT_USAGE;
	}
	if ((code = tool_graph_open(db, &s, &t, NULL, NULL)) != EXIT_OK)
		goto done;
	if (c.json) {
		pk_json_init(&c.w, &c.b);
		pk_json_obj(&c.w);
		pk_json_key(&c.w, "findings");
		pk_json_arr(&c.w);
	}
	if ((rc = kg_verify(t, on_problem, &c, &st)) < 0) {
		code = tool_fail(rc, "verify");
		goto done;
	}
	code = st.problems ? EXIT_NEGATIVE : EXIT_OK;
	if (c.json) {
		pk_json_end_arr(&c.w);
		pk_json_kint(&c.w, "sources", (long long)st.sources);
		pk_json_kint(&c.w, "documents", (long long)st.documents);
		pk_json_kint(&c.w, "index_entries", (long long)st.index_entries);
		pk_json_kint(&c.w, "problems", (long long)st.problems);
		pk_json_kint(&c.w, "notes", (long long)st.notes);
		pk_json_end_obj(&c.w);
		if (tool_emit_json(&c.w, &c.b))
			code = EXIT_SYSTEM;
	} else {
		if (st.problems > SHOWN_MAX)
			printf("... and %llu more problems\n", (unsigned long long)(st.problems - SHOWN_MAX));
		printf("%s: %llu sources, %llu documents, %llu index entries, %llu problem%s, %llu note%s\n",
		       st.problems ? "graph NOT sound" : "graph sound", (unsigned long long)st.sources,
		       (unsigned long long)st.documents, (unsigned long long)st.index_entries,
		       (unsigned long long)st.problems, st.problems == 1 ? "" : "s", (unsigned long long)st.notes,
		       st.notes == 1 ? "" : "s");
	}
done:
	pk_buf_release(&c.b);
	kg_txn_free(t);
	kg_store_free(s);
	return tool_finish_output(code);
}
