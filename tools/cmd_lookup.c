/* tools/cmd_lookup.c - `provkg lookup`: constants, elements and isotopes
 * with their provenance; one query, or a JSONL stream of them. */
#include "tool.h"

#include "../common/error.h"
#include "../common/records.h"
#include "../eval/record.h"
#include "../kg/graph.h"
#include "../query/lookup.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>


static void print_table(const query_matches *ms)
{
	size_t i, wn = 4, ws = 6, wv = 5, wu = 11, wunit = 4;

	for (i = 0; i < ms->n; i++) {
		const query_match *m = &ms->m[i];
		size_t w;

		if ((w = tool_text_width(m->name)) > wn)
			wn = w;
		if (m->symbol && (w = tool_text_width(m->symbol)) > ws)
			ws = w;
		if (m->value_text && (w = tool_text_width(m->value_text)) > wv)
			wv = w;
		if (m->unc_text && (w = tool_text_width(m->unc_text)) > wu)
			wu = w;
		if (m->unit && (w = tool_text_width(m->unit)) > wunit)
			wunit = w;
	}
	if (wn > 60)
		wn = 60;
	tool_print_padded(stdout, "NAME", wn + 2);
	tool_print_padded(stdout, "SYMBOL", ws + 2);
	tool_print_padded(stdout, "VALUE", wv + 2);
	tool_print_padded(stdout, "UNCERTAINTY", wu + 2);
	tool_print_padded(stdout, "UNIT", wunit + 2);
	fputs("SOURCE\n", stdout);
	for (i = 0; i < ms->n; i++) {
		const query_match *m = &ms->m[i];
		char unc[64];

		if (m->unc_text && m->unc_text[0])
			snprintf(unc, sizeof(unc), "%s", m->unc_text);
		else if (m->flags & KG_V_EXACT)
			snprintf(unc, sizeof(unc), "(exact)");
		else if (m->flags & KG_V_NOUNC)
			snprintf(unc, sizeof(unc), "-");
		else
			snprintf(unc, sizeof(unc), "%.3g", m->uncertainty);
		tool_print_padded(stdout, m->name, wn + 2);
		tool_print_padded(stdout, m->symbol ? m->symbol : "-", ws + 2);
		tool_print_padded(stdout, m->value_text ? m->value_text : "", wv + 2);
		tool_print_padded(stdout, unc, wu + 2);
		tool_print_padded(stdout, m->unit ? m->unit : "", wunit + 2);
		printf("%s %s %s\n", m->source, m->edition, m->locator ? m->locator : "");
	}
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: provkg lookup [--db DIR] [--json] [--edition YEAR | --all-editions] [--max N] QUERY\n"
		"       provkg lookup [--db DIR] --jsonl [--edition YEAR | --all-editions] < queries.jsonl\n"
		"  QUERY           a name, symbol or alias: \"Planck constant\", h, ħ, 普朗克常数, Fe-56,\n"
		"                  \"standard atomic weight of carbon\"\n"
		"  --json          one JSON object {\"query\",\"matches\":[...]}\n"
		"  --jsonl         read {\"id\",\"query\"} lines, write one result line per input line\n"
		"  --edition YEAR  only values of that edition (default: the newest holding each value)\n"
		"  --all-editions  values of every edition, newest first\n"
		"  --max N         at most N matches (default 50)\n"
		"exit: 0 matches found, 1 no match, 2 usage (--edition naming no edition of the graph too),\n"
		"      4 graph missing or unreadable\n");
}

typedef struct lookup_ctx {
	kg_txn *t;
	const query_lookup_opts *o;
} lookup_ctx;

static int one_query(kg_txn *t, const char *q, const query_lookup_opts *o, int json)
{
	query_matches ms = { 0 };
	pk_buf b = PK_BUF_INIT;
	int rc, code = EXIT_OK;

	if ((rc = query_lookup(t, q, o, &ms)) < 0) {
		code = tool_fail(rc, "lookup");
		goto done;
	}
	if (json) {
		pk_json w;

		pk_json_init(&w, &b);
		pk_json_obj(&w);
		pk_json_kstr(&w, "query", q);
		tool_matches_json(&w, &ms);
		pk_json_end_obj(&w);
		if ((code = tool_emit_json(&w, &b)) != 0)
			goto done;
	} else if (ms.n) {
		print_table(&ms);
	}
	if (ms.n == 0) {
		if (!json)
			tool_error("no match for '%s'", q);
		code = EXIT_NEGATIVE;
	}
done:
	pk_buf_release(&b);
	query_matches_release(&ms);
	return code;
}

static int stream_line(void *vctx, const cJSON *in, pk_json *w)
{
	lookup_ctx *c = vctx;

	return tool_req_lookup(c->t, c->o, in, w);
}

int cmd_lookup(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "db", required_argument, NULL, 'd' },
		{ "json", no_argument, NULL, 'j' },
		{ "jsonl", no_argument, NULL, 'l' },
		{ "edition", required_argument, NULL, 'e' },
		{ "all-editions", no_argument, NULL, 'a' },
		{ "max", required_argument, NULL, 'm' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	query_lookup_opts o = { NULL, 0, 0 };
	const char *db = NULL;
	kg_store *s = NULL;
	kg_txn *t = NULL;
	int c, json = 0, jsonl = 0, code;
	char *end;

	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (c) {
		case 'd': db = optarg; break;
		case 'j': json = 1; break;
		case 'l': jsonl = 1; break;
		case 'e': o.edition = optarg; break;
		case 'a': o.all_editions = 1; break;
		case 'm':
			o.max = (size_t)strtoul(optarg, &end, 10);
			if (*end || !o.max) {
				tool_error("--max needs a positive number");
				return EXIT_USAGE;
			}
			break;
		case 'h': usage(stdout); return EXIT_OK;
		default: usage(stderr); return EXIT_USAGE;
		}
	}
	if (o.edition && o.all_editions) {
		tool_error("--edition and --all-editions exclude each other");
		return EXIT_USAGE;
	}
	if (jsonl ? optind != argc : optind != argc - 1) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if ((code = tool_graph_open(db, &s, &t, NULL, NULL)) != EXIT_OK) {
		;
	} else if (o.edition && (code = tool_check_edition(t, o.edition)) != EXIT_OK) {
		;
	} else if (jsonl) {
		lookup_ctx ctx = { t, &o };

		code = tool_jsonl(stream_line, &ctx, PK_REC_REQUEST_MAX);
	} else {
		code = one_query(t, argv[optind], &o, json);
	}
	kg_txn_free(t);
	kg_store_free(s);
	return code;
}
