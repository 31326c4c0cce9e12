/* tools/cmd_derive.c - `provkg check-derivation`: the LaTeX derivations
 * of one text, equation by equation (eval/derive): dimensionally
 * consistent, inconsistent, a broken step, or unknown, and why. */
#include "tool.h"

#include "../common/alloc.h"
#include "../common/error.h"
#include "../common/lines.h"
#include "../eval/derive.h"
#include "../kg/store.h"
#include "../query/units.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *f)
{
	fprintf(f,
		"usage: provkg check-derivation [--db DIR] [--json] [FILE|-]\n"
		"       provkg check-derivation [--db DIR] [--json] --text TEXT\n"
		"  FILE            a text with LaTeX math ($...$, \\[...\\], equation and align\n"
		"                  environments); - or none: standard input\n"
		"  --text TEXT     the text itself\n"
		"  --json          one JSON line per equation {\"span\",\"latex\",\"verdict\",\"reason\",\n"
		"                  \"dimensions\",\"steps\"}, then {\"bindings\"}\n"
		"verdicts: consistent (the sides and added terms agree in dimension), inconsistent\n"
		"(two parts that must agree differ by a known factor, or a function of a dimensioned\n"
		"argument), broken_step (a step that does not keep the equality, with the draw that\n"
		"shows it), unknown (unbound symbols, or a formula that could not be read).\n"
		"Symbols get dimensions from the text (\"where E is in eV\", \"m the mass\", spherical\n"
		"coordinates) and from the graph's constants (\\hbar, c, e, k_B, \\varepsilon_0, m_e, ...).\n"
		"exit: 0 no equation inconsistent or broken, 1 some are, 2 usage, 3 unreadable input,\n"
		"      4 graph error\n");
}

static void print_human(const ev_derivs *d)
{
	size_t i;

	for (i = 0; i < d->n; i++) {
		const ev_deriv *e = &d->v[i];

		printf("equation %zu [%zu, %zu]  %s\n  %s\n  %s\n", i + 1, e->start, e->end, ev_dv_verdict_name(e->verdict),
		       e->latex, e->reason);
		if (e->steps)
			printf("  steps: %d checked, %d hold%s%s\n", e->steps - e->steps_skipped, e->steps_hold,
			       e->skipped[0] ? "; " : "", e->skipped);
	}
	if (!d->n)
		printf("no equation found (math in $...$, \\[...\\], equation or align)\n");
	if (d->more)
		printf("%zu more equations not read\n", d->more);
	if (d->bindings[0])
		printf("bindings: %s\n", d->bindings);
}

int cmd_check_derivation(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "db", required_argument, NULL, 'd' },
		{ "json", no_argument, NULL, 'j' },
		{ "text", required_argument, NULL, 't' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *db = NULL, *text = NULL, *path = "-";
	char *raw = NULL;
	size_t n = 0, i;
	kg_store *s = NULL;
	kg_txn *t = NULL;
	query_units *u = NULL;
	ev_derivs d;
	int ch, json = 0, rc, code = EXIT_OK;

	memset(&d, 0, sizeof(d));
	while ((ch = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (ch) {
		case 'd': db = optarg; break;
		case 'j': json = 1; break;
		case 't': text = optarg; break;
		case 'h': usage(stdout); return EXIT_OK;
		default: usage(stderr); return EXIT_USAGE;
		}
	}
	if (optind + (text ? 0 : 1) < argc) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if (optind < argc)
		path = argv[optind];
	if (!text) {
		if ((rc = pk_file_read(&raw, &n, path, (size_t)16 << 20)) < 0)
			return tool_fail(rc, NULL);
		text = raw;
	} else {
		n = strlen(text);
	}
	if ((code = tool_graph_open(db, &s, &t, &u, NULL)) != EXIT_OK)
		goto done;
	if ((rc = ev_derivations(t, u, text, n, &d)) < 0) {
		code = tool_fail(rc, NULL);
		goto done;
	}
	if (json) {
		for (i = 0; i < d.n && code == EXIT_OK; i++) {
			pk_buf b = PK_BUF_INIT;
			pk_json w;

			pk_json_init(&w, &b);
			ev_deriv_write(&w, &d.v[i]);
			code = tool_emit_json(&w, &b);
			pk_buf_release(&b);
		}
		if (code == EXIT_OK) {
			pk_buf b = PK_BUF_INIT;
			pk_json w;

			pk_json_init(&w, &b);
			pk_json_obj(&w);
			pk_json_kstr(&w, "bindings", d.bindings);
			pk_json_kint(&w, "equations", (long long)d.n);
			if (d.more)
				pk_json_kint(&w, "not_read", (long long)d.more);
			pk_json_end_obj(&w);
			code = tool_emit_json(&w, &b);
			pk_buf_release(&b);
		}
	} else {
		print_human(&d);
	}
	for (i = 0; i < d.n && code == EXIT_OK; i++)
		if (d.v[i].verdict == EV_DV_INCONSISTENT || d.v[i].verdict == EV_DV_BROKEN_STEP)
			code = EXIT_NEGATIVE;
done:
	ev_derivs_release(&d);
	query_units_free(u);
	kg_txn_free(t);
	kg_store_free(s);
	pk_free(raw);
	return code;
}
