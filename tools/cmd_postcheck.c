/* tools/cmd_postcheck.c - `provkg post-check`: the assertions of model
 * answers (any input `check` reads), each sentence plain, suspicious (an
 * unbacked absolute or appeal) or backed, with why (eval/postcheck). The
 * answer is audited first so that its verified values and references
 * back its sentences. */
#include "tool.h"

#include "../common/error.h"
#include "../common/text.h"
#include "../eval/audit.h"
#include "../eval/input.h"
#include "../eval/postcheck.h"
#include "../kg/store.h"
#include "../query/units.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

typedef struct pc_ctx {
	kg_txn *t;
	query_units *u;
	tool_value_cfg v;
	tool_ref_checker ref;
	ev_postrules *rules;
	int json, all;
	size_t assertions, suspicious;
} pc_ctx;

static void on_warn(void *vctx, const char *msg)
{
	(void)vctx;
	tool_warn("%s", msg);
}

/* Open a record of an answer: {"id" (as the input gave it), "where" */
static void start_record(pk_json *w, pk_buf *b, const ev_answer *a)
{
	pk_json_init(w, b);
	pk_json_obj(w);
	pk_json_kraw(w, "id", a->id_json);
	pk_json_kstr(w, "where", a->where);
}

static int emit_error(const ev_answer *a, const char *msg)
{
	pk_buf b = PK_BUF_INIT;
	pk_json w;
	int rc;

	start_record(&w, &b, a);
	pk_json_kstr(&w, "error", msg);
	pk_json_end_obj(&w);
	rc = tool_emit_json(&w, &b);
	pk_buf_release(&b);
	return rc == EXIT_OK ? 0 : PK_EIO;
}

static int on_answer(void *vctx, const ev_answer *a)
{
	pc_ctx *c = vctx;
	ev_result r;
	ev_opts o;
	ev_postcheck pc;
	size_t i;
	int rc;

	if (a->error)
		return c->json ? emit_error(a, a->error) : (tool_warn("%s", a->error), 0);
	memset(&o, 0, sizeof(o));
	o.units = c->u;
	o.value_opts = &c->v.o;
	o.ref_opts = &c->ref.o;
	if ((rc = kg_txn_renew(c->t)) < 0 || (rc = ev_audit(c->t, a->text, a->len, &o, &r)) < 0) {
		if (rc == PK_ENOMEM || rc == PK_EIO)
			return rc;
		rc = c->json ? emit_error(a, pk_error_last()) : (tool_warn("%s: %s", a->where, pk_error_last()), 0);
		pk_error_clear();
		return rc;
	}
	rc = ev_post_check(c->rules, a->text, a->len, &r, &pc);
	ev_result_release(&r);
	if (rc < 0)
		return rc;
	c->assertions += pc.n;
	c->suspicious += pc.suspicious;
	for (i = 0; i < pc.n && rc == 0; i++) {
		const ev_assertion *x = &pc.v[i];

		if (!c->all && x->flag == EV_PC_PLAIN)
			continue;
		if (c->json) {
			pk_buf b = PK_BUF_INIT;
			pk_json w;

			start_record(&w, &b, a);
			pk_json_key(&w, "span");
			pk_json_arr(&w);
			pk_json_int(&w, (long long)x->start);
			pk_json_int(&w, (long long)x->end);
			pk_json_end_arr(&w);
			pk_json_key(&w, "sentence");
			pk_json_strn(&w, a->text + x->start, x->end - x->start);
			pk_json_kstr(&w, "flag", ev_pc_flag_name(x->flag));
			if (x->trigger) {
				pk_json_kstr(&w, "kind", x->kind);
				pk_json_kstr(&w, "rule", x->trigger);
				pk_json_kstr(&w, "reason", x->reason);
			}
			pk_json_end_obj(&w);
			rc = tool_emit_json(&w, &b) == EXIT_OK ? 0 : PK_EIO;
			pk_buf_release(&b);
		} else {
			printf("%-10s %s: \"%.*s%s\"\n", ev_pc_flag_name(x->flag), a->where,
			       (int)pk_utf8_cut(a->text + x->start, x->end - x->start, 160), a->text + x->start,
			       x->end - x->start > 160 ? "..." : "");
			if (x->trigger)
				printf("           %s\n", x->reason);
		}
	}
	ev_postcheck_release(&pc);
	return rc;
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: provkg post-check [options] [FILE|-]\n"
		"  FILE            answers as `check` reads them: a text, JSONL {\"id\",\"text\"}, an eval\n"
		"                  harness log; - or none: standard input\n"
		"  --format F, --text-field P, --id-field P   as check\n"
		"  --json          one JSON line per assertion {\"id\",\"where\",\"span\",\"sentence\",\"flag\",\n"
		"                  \"kind\",\"rule\",\"reason\"}\n"
		"  --all           the plain assertions too (default: suspicious and backed only)\n"
		"  --rules FILE    the post-check rules (default data/rules/postcheck.json)\n"
		"  values: --edition YEAR ...; references: --closed-world ... (as check)\n"
		"flags: suspicious (an absolute or an appeal to consensus or authority that nothing\n"
		"backs), backed (a condition, a statistic, a source not found fabricated, or a value or\n"
		"reference provkg verified; an appeal to authority: only a verified reference), plain.\n"
		"exit: 0 none suspicious, 1 some suspicious, 2 usage, 3 unreadable input or rules,\n"
		"      4 graph error, 5 I/O error\n");
}

int cmd_post_check(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "db", required_argument, NULL, 'd' },
		{ "format", required_argument, NULL, 'f' },
		{ "json", no_argument, NULL, 'j' },
		{ "all", no_argument, NULL, 'a' },
		{ "text-field", required_argument, NULL, 'x' },
		{ "id-field", required_argument, NULL, 'i' },
		{ "rules", required_argument, NULL, 'r' },
		TOOL_VALUE_LONGOPTS,
		TOOL_REF_LONGOPTS,
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	pc_ctx c;
	tool_ref_cfg rcfg;
	ev_input_opts io;
	const char *db = NULL, *rules = NULL, *path = "-";
	kg_store *s = NULL;
	int ch, rc, code = EXIT_OK, detected = 0;

	memset(&c, 0, sizeof(c));
	memset(&io, 0, sizeof(io));
	tool_ref_init(&rcfg);
	while ((ch = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (ch) {
		case 'd': db = optarg; break;
		case 'f':
			if ((io.format = ev_format_parse(optarg)) < 0) {
				tool_error("--format: %s", pk_error_last());
				return EXIT_USAGE;
			}
			break;
		case 'j': c.json = 1; break;
		case 'a': c.all = 1; break;
		case 'x': io.text_field = optarg; break;
		case 'i': io.id_field = optarg; break;
		case 'r': rules = optarg; break;
		case 'h': usage(stdout); return EXIT_OK;
		default:
			if ((rc = tool_value_option(ch, optarg, &c.v)) > 0 || (rc == 0 && (rc = tool_ref_option(ch, optarg, &rcfg)) > 0))
				break;
			if (rc == 0)
				usage(stderr);
			return EXIT_USAGE;
		}
	}
	if (optind + 1 < argc) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if (optind < argc)
		path = argv[optind];
	if ((rc = ev_postrules_load(&c.rules, rules ? rules : tool_default_data("rules/postcheck.json"))) < 0) {
		tool_error("%s", pk_error_last());
		return rc == PK_EPARSE ? EXIT_DATA : tool_exit_code(rc);
	}
	if ((code = tool_checks_open(&rcfg, &c.v, tool_db_path(db), &s, &c.t, &c.u, &c.ref)) != EXIT_OK)
		goto done;
	io.warn = on_warn;
	if ((rc = ev_read_answers(path, &io, on_answer, &c, &detected)) < 0) {
		code = rc == PK_EPARSE ? EXIT_DATA : tool_exit_code(rc);
		tool_error("%s", pk_error_last());
	} else if (!c.json) {
		printf("%zu assertion%s, %zu suspicious\n", c.assertions, c.assertions == 1 ? "" : "s", c.suspicious);
	}
	if (code == EXIT_OK && c.suspicious)
		code = EXIT_NEGATIVE;
done:
	tool_ref_close(&c.ref);
	query_units_free(c.u);
	kg_txn_free(c.t);
	kg_store_free(s);
	ev_postrules_free(c.rules);
	return code;
}
