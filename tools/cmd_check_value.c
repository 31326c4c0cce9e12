/* tools/cmd_check_value.c - `provkg check-value`: is the value a sentence
 * cites right, at what precision, against which source and edition? */
#include "tool.h"

#include "../common/alloc.h"
#include "../common/error.h"
#include "../common/records.h"
#include "../eval/record.h"
#include "../kg/graph.h"
#include "../query/material.h"
#include "../query/units.h"
#include "../query/value.h"

#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct check_ctx {
	kg_txn *t;
	query_units *u;
	tool_value_cfg v;
} check_ctx;

/* The readable answer: the verdict first (what a user scans for), then
 * the evidence behind it: what was cited, the reference with its source,
 * edition and file:line, and the diagnosis when the verdict is not match. */
static void print_human(const char *text, const qv_result *r)
{
	printf("%s: %s\n", query_verdict_name(r->verdict), text);
	if (r->have_mention)
		printf("  cited:     %s%s%s (%d significant digit%s%s)\n", r->m.num.text, r->m.unit_text[0] ? " " : "",
		       r->m.unit_text, r->m.num.sig_digits, r->m.num.sig_digits == 1 ? "" : "s",
		       r->m.num.approx ? ", marked approximate" : "");
	if (r->have_ref)
		printf("  reference: %s = %s%s%s%s [%s %s, %s]\n", r->ref.name, r->ref.value_text,
		       r->ref.unit ? " " : "", r->ref.unit ? r->ref.unit : "",
		       (r->ref.flags & KG_V_EXACT) ? " (exact)" : "", r->ref.source, r->ref.edition,
		       r->ref.locator ? r->ref.locator : "");
	if (isfinite(r->relative_error))
		printf("  relative error: %+.3g%%\n", r->relative_error * 100);
	if (r->equivalence[0])
		printf("  converted with: %s\n", r->equivalence);
	if (r->selected_by[0]) {
		size_t i;

		printf("  material:  %s", r->selected_by);
		for (i = 0; i < r->ncandidates && r->ncandidates > 1; i++)
			printf("%s%s", i ? ", " : "; candidates ", r->candidates[i]);
		printf("\n");
	}
	if (r->diagnosis[0])
		printf("  %s\n", r->diagnosis);
}

static int check_line(void *vctx, const cJSON *in, pk_json *w)
{
	check_ctx *c = vctx;

	return tool_req_value(c->t, c->u, &c->v.o, in, w);
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: provkg check-value [--db DIR] [--json] [--edition YEAR] [--tolerance F] TEXT\n"
		"       provkg check-value [--db DIR] --jsonl [options] < mentions.jsonl\n"
		"  TEXT              a sentence citing a value: \"the speed of light is 3×10^5 m/s\"\n"
		"  --json            one JSON object {\"text\",\"quantity\",\"cited\",\"reference\",\"verdict\",...}\n"
		"  --jsonl           read {\"id\",\"text\"} lines, write one result per line, echoing id\n"
		"  --jobs N          --jsonl on N threads (default: the cores); the same output, in order\n"
		"  --edition YEAR    check against that edition (default: the newest); unit conversions\n"
		"                    use that CODATA edition's constants\n"
		"  --tolerance F     relative tolerance of \"approximate\" (default 0.01)\n"
		"  --tolerance-computed F   the same for every computed value (Materials Project);\n"
		"                    default: each property's own (properties.tsv: band gap 0.10, ...)\n"
		"  --tolerance-for P=F      the tolerance of one computed property, by MP field or\n"
		"                    name: band_gap=0.2, \"bulk modulus=15%%\" (repeatable)\n"
		"verdicts: match, outdated, approximate, mismatch, unit_mismatch, unknown\n"
		"exit: 0 match, 1 any other verdict, 2 usage or bad text, 4 graph error (--jsonl: 0 when done)\n");
}

/* --jobs: another thread's context: its own read transaction; the units
 * and options are read-only and shared */
static int clone_ctx(void *from, void *store, void **out)
{
	check_ctx *c = pk_malloc(sizeof(*c));
	int rc;

	*out = c;
	if (!c)
		return tool_fail(PK_ENOMEM, NULL);
	*c = *(check_ctx *)from;
	c->t = NULL;
	if ((rc = kg_txn_read(&c->t, store)) < 0)
		return tool_fail(rc, NULL);
	return EXIT_OK;
}

static void release_ctx(void *ctx)
{
	check_ctx *c = ctx;

	kg_txn_free(c->t);
	pk_free(c);
}

int cmd_check_value(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "db", required_argument, NULL, 'd' },
		{ "json", no_argument, NULL, 'j' },
		{ "jsonl", no_argument, NULL, 'l' },
		{ "jobs", required_argument, NULL, 'J' },
		TOOL_VALUE_LONGOPTS,
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	check_ctx c;
	const char *db = NULL;
	kg_store *s = NULL;
	int ch, json = 0, jsonl = 0, rc, code = EXIT_OK;
	size_t jobs = tool_jobs_default();

	memset(&c, 0, sizeof(c));
	while ((ch = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (ch) {
		case 'd': db = optarg; break;
		case 'j': json = 1; break;
		case 'l': jsonl = 1; break;
		case 'J':
			if (tool_jobs_option(optarg, &jobs) < 0)
				return EXIT_USAGE;
			break;
		case 'h': usage(stdout); return EXIT_OK;
		default:
			if ((rc = tool_value_option(ch, optarg, &c.v)) > 0)
				break;
			if (rc == 0)
				usage(stderr);
			return EXIT_USAGE;
		}
	}
	if (jsonl ? optind != argc : optind != argc - 1) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if ((code = tool_graph_open(db, &s, &c.t, &c.u, c.v.o.edition)) != EXIT_OK)
		goto done;
	if ((code = tool_value_finish(&c.v, c.t)) != EXIT_OK)
		goto done;
	if (jsonl) {
		code = tool_jsonl_jobs(check_line, &c, jobs, clone_ctx, release_ctx, s, PK_REC_SENTENCE_MAX);
	} else {
		const char *text = argv[optind];
		qv_result r;

		qv_result_init(&r);
		rc = query_value_check(c.t, c.u, text, strlen(text), &c.v.o, &r);
		if (rc < 0) {
			code = tool_fail(rc, "check-value");
			/* the text is an argument: unreadable text is a usage error */
			if (rc == PK_EINVAL || rc == PK_ELIMIT)
				code = EXIT_USAGE;
		} else if (json) {
			pk_buf b = PK_BUF_INIT;
			pk_json w;

			pk_json_init(&w, &b);
			pk_json_obj(&w);
			pk_json_kstr(&w, "text", text);
			ev_record_value_json(&w, &r, 1);
			pk_json_end_obj(&w);
			code = tool_emit_json(&w, &b);
			pk_buf_release(&b);
			if (!code && r.verdict != QV_MATCH)
				code = EXIT_NEGATIVE;
		} else {
			print_human(text, &r);
			code = r.verdict == QV_MATCH ? EXIT_OK : EXIT_NEGATIVE;
		}
		qv_result_release(&r);
	}
done:
	query_units_free(c.u);
	kg_txn_free(c.t);
	kg_store_free(s);
	return code;
}
