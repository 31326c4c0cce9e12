/* tools/cmd_check.c - `provkg check`: audit model answers. Reads answers
 * (eval/input: text, JSONL, Inspect, lm-eval, OpenAI evals, HELM), audits
 * each (eval/audit: values, citations, four scores, the audit trail) and
 * writes one JSONL record per answer, or a readable report for one text
 * answer. */
#include "tool.h"

#include "../common/alloc.h"
#include "../common/error.h"
#include "../common/records.h"
#include "../common/text.h"
#include "../eval/audit.h"
#include "../eval/extract.h"
#include "../eval/input.h"
#include "../eval/postcheck.h"
#include "../eval/record.h"
#include "../eval/stats.h"
#include "../kg/store.h"
#include "../query/ref.h"
#include "../query/units.h"

#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct check_ctx {
	kg_txn *t;
	query_units *u;
	tool_value_cfg v;
	tool_ref_checker ref;
	ev_rules *rules;
	ev_postrules *postrules;
	ev_rules_memo *rules_memo; /* this worker's (made at its first answer) */
	int json;            /* --json: JSON records even for a text answer */
	size_t answers, errors;
	int out_rc;
	/* --jobs N: the pool and the other workers' contexts (main's only) */
	size_t jobs;
	kg_store *store;
	tool_pool *pool;
	void **ctxs;
	struct check_ctx *more;
	size_t nmore;
} check_ctx;

/* What an item did to traceability: "-2.5", "+0.0", or "  ." unchecked. */
static const char *effect_text(char *buf, size_t cap, double credit, double effect)
{
	if (credit < 0)
		snprintf(buf, cap, "   .");
	else
		snprintf(buf, cap, "%+4.1f", effect + 0.0);
	return buf;
}

static void print_human(const char *name, const ev_result *r, const char *text, size_t n)
{
	char eff[16];
	size_t i;
	int s;

	printf("answer %s: %zu value%s, %zu citation%s\n", name, r->nvalues, r->nvalues == 1 ? "" : "s", r->ncites,
	       r->ncites == 1 ? "" : "s");
	for (s = 0; s < EV_NSCORES; s++) {
		printf("  %-15s %2d/10", ev_score_name(s), r->scores[s]);
		if (s == EV_TRACEABILITY && r->items)
			printf("  (%zu of %zu checked items traced: %zu exact, %zu within tolerance; %zu wrong; %zu not "
			       "checked)", r->exact + r->within, r->checked, r->exact, r->within, r->wrong, r->items - r->checked);
		printf("\n");
	}
	if (r->ncites)
		printf("  fabricated references: %zu of %zu\n", r->fabricated, r->ncites);
	for (i = 0; i < r->nvalues; i++) {
		const qv_result *q = &r->values[i].r;

		printf("  value    %-13s %s  \"%.*s\"", query_verdict_name(q->verdict),
		       effect_text(eff, sizeof(eff), r->values[i].credit, r->values[i].effect), (int)(q->m.end - q->m.start),
		       text + q->m.start);
		if (q->have_ref)
			printf("  %s = %s%s%s [%s %s]", q->ref.name, q->ref.value_text, q->ref.unit ? " " : "",
			       q->ref.unit ? q->ref.unit : "", q->ref.source, q->ref.edition);
		printf("\n");
	}
	for (i = 0; i < r->ncites; i++) {
		const ev_cite_item *c = &r->cites[i];

		printf("  citation %-13s %s  %s%s%s\"%.*s%s\"  %s\n", c->ok ? query_ref_verdict_name(c->r.verdict) : "error",
		       effect_text(eff, sizeof(eff), c->ok ? c->credit : -1, c->effect), c->c.label[0] ? "[" : "", c->c.label, c->c.label[0] ? "] " : "",
		       (int)pk_utf8_cut(c->c.text, strlen(c->c.text), 80), c->c.text,
		       strlen(c->c.text) > 80 ? "..." : "",
		       !c->ok ? c->error : c->r.verdict == QR_FABRICATED ? ev_pattern_name(ev_pattern_of(&c->r))
		       : c->r.nreasons ? c->r.reasons[0] : "");
	}
	for (i = 0; i < r->derivs.n; i++) {
		const ev_deriv *d = &r->derivs.v[i];

		printf("  equation %-13s \"%.*s%s\"  %s\n", ev_dv_verdict_name(d->verdict),
		       (int)pk_utf8_cut(d->latex, strlen(d->latex), 80), d->latex,
		       strlen(d->latex) > 80 ? "..." : "", d->reason);
	}
	for (i = 0; i < r->nhits; i++) {
		const ev_hit *h = &r->hits[i];
		size_t a = h->start < n ? h->start : n, b = h->end < n ? h->end : n;

		printf("  %-14s %+d  %s: \"%.*s%s\"\n", ev_score_name(h->score), h->points, h->rule,
		       (int)(b - a > 100 ? 100 : b - a), text + a, b - a > 100 ? "..." : "");
	}
}

static void on_warn(void *vctx, const char *msg)
{
	check_ctx *c = vctx;

	/* after the records read so far, as a serial run writes it */
	if (c->pool)
		tool_pool_drain(c->pool);
	tool_warn("%s", msg);
}

/* The audit record of one answer into out (tool_req_answer), with this
 * context's transaction and options. human: a text answer without --json
 * is printed as a report instead (out stays empty). */
static int answer_record(check_ctx *c, const ev_answer *a, pk_buf *out, int *is_error, int human)
{
	ev_result r;
	ev_opts o;
	int rc;

	memset(&o, 0, sizeof(o));
	o.units = c->u;
	o.value_opts = &c->v.o;
	o.ref_opts = &c->ref.o;
	o.rules = c->rules;
	o.postrules = c->postrules;
	if (!c->rules_memo && c->rules && !(c->rules_memo = ev_rules_memo_new(c->rules)))
		pk_error_clear(); /* out of memory: the rules are run each time */
	o.rules_memo = c->rules_memo;
	if ((rc = tool_req_answer(c->t, &o, a, out, is_error, human ? &r : NULL)) == 1) {
		print_human(a->where, &r, a->text, a->len);
		ev_result_release(&r);
		return 0;
	}
	return rc;
}

/* --jobs: an answer travels to a worker as a copy (the reader's strings are
 * borrowed for the callback only) */
typedef struct answer_item {
	ev_answer a;
	int is_error;
	char *id_json, *model, *text, *error, *perturbation;
} answer_item;

static void item_free(void *item)
{
	answer_item *x = item;

	if (!x)
		return;
	pk_free(x->id_json);
	pk_free(x->model);
	pk_free(x->text);
	pk_free(x->error);
	pk_free(x->perturbation);
	pk_free(x);
}

static answer_item *item_copy(const ev_answer *a)
{
	answer_item *x = pk_calloc(1, sizeof(*x));

	if (!x)
		return NULL;
	x->a = *a;
	if ((a->id_json && !(x->id_json = pk_strdup(a->id_json))) || (a->model && !(x->model = pk_strdup(a->model))) ||
	    (a->error && !(x->error = pk_strdup(a->error))) ||
	    (a->perturbation && !(x->perturbation = pk_strdup(a->perturbation))) ||
	    (a->text && !(x->text = pk_strndup(a->text, a->len)))) {
		item_free(x);
		return NULL;
	}
	x->a.id_json = x->id_json;
	x->a.model = x->model;
	x->a.error = x->error;
	x->a.perturbation = x->perturbation;
	x->a.text = x->text;
	return x;
}

static int work_answer(void *ctx, void *item, pk_buf *out)
{
	answer_item *x = item;

	return answer_record(ctx, &x->a, out, &x->is_error, 0);
}

/* the writer thread: counts as it prints, so the counts need no lock */
static int emit_answer(void *ctx, void *item, const pk_buf *out)
{
	check_ctx *c = ctx;

	c->answers++;
	c->errors += ((answer_item *)item)->is_error;
	return tool_print_line(out);
}

/* another worker's context: its own transaction and reference checker;
 * units, options and rules are read-only and shared */
static int clone_ctx(check_ctx *from, kg_store *s, check_ctx *out)
{
	int rc;

	*out = *from;
	out->t = NULL;
	out->pool = NULL;
	out->rules_memo = NULL;
	out->more = NULL;
	/* the checker's transaction is the worker's */
	if ((rc = tool_ref_clone(&from->ref, s, &out->ref)) != EXIT_OK)
		return rc;
	out->t = out->ref.t;
	return EXIT_OK;
}

/* A worker has taken its last answer: its reference scratch (the memos
 * and tables only it used; the shared results stay) and its rules memo
 * freed in its thread, beside the other workers' */
static void worker_done(void *ctx)
{
	check_ctx *c = ctx;

	query_ref_scratch_free(c->ref.o.scratch);
	c->ref.o.scratch = NULL;
	ev_rules_memo_free(c->rules_memo);
	c->rules_memo = NULL;
}

static void prepare_patterns(void *unused)
{
	(void)unused;
	/* (an error comes again, with its message, to whoever parses) */
	query_ref_parse_prepare();
	ev_extract_prepare();
}

static int start_pool(check_ctx *c)
{
	size_t k;
	int code;

	if (!(c->ctxs = pk_calloc(c->jobs, sizeof(*c->ctxs))) ||
	    !(c->more = pk_calloc(c->jobs - 1, sizeof(*c->more))))
		return PK_ENOMEM;
	c->ctxs[0] = c;
	for (k = 1; k < c->jobs; k++) {
		c->nmore++;
		if ((code = clone_ctx(c, c->store, &c->more[k - 1])) != EXIT_OK)
			return PK_ERROR;
		c->ctxs[k] = &c->more[k - 1];
	}
	return tool_pool_start(&c->pool, c->jobs, c->ctxs, work_answer, emit_answer, c, item_free, worker_done);
}

static int on_answer(void *vctx, const ev_answer *a)
{
	check_ctx *c = vctx;
	pk_buf out = PK_BUF_INIT;
	int rc, is_error, human = !c->json && a->format == EV_FMT_TEXT;

	/* a text answer is one answer: no pool for it */
	if (c->jobs > 1 && !human) {
		answer_item *x;

		if (!c->pool && (rc = start_pool(c)) < 0)
			return rc;
		if (!(x = item_copy(a)))
			return pk_error_set(PK_ENOMEM, "out of memory");
		return tool_pool_submit(c->pool, x);
	}
	c->answers++;
	pk_buf_init(&out, PK_REC_OUTPUT_MAX);
	/* a report printed leaves out empty; an error record is printed */
	if ((rc = answer_record(c, a, &out, &is_error, human)) == 0 && out.len)
		rc = tool_print_line(&out);
	c->errors += is_error;
	pk_buf_release(&out);
	return rc;
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: provkg check [options] [FILE|-]\n"
		"  FILE              answers: a text file (one answer), JSONL {\"id\",\"model\",\"text\"},\n"
		"                    or an eval harness log (Inspect .eval or JSON, lm-eval, OpenAI evals,\n"
		"                    HELM, Every Eval Ever);\n"
		"                    - or none: standard input\n"
		"  --format F        auto (default), text, jsonl, inspect, lm-eval, openai-evals, helm,\n"
		"                    every-eval-ever\n"
		"  --jsonl           the same as --format jsonl\n"
		"  --text-field P    JSONL: dotted path of the answer (default text; e.g. output.completion)\n"
		"  --id-field P, --model-field P (defaults id, model); --model NAME when the input has none\n"
		"  --json            JSONL audit records also for a single text answer\n"
		"  --rules FILE      the score rules (default data/rules/credibility.json)\n"
		"  --max-answer N    bytes per answer (default 16777216)\n"
		"  --jobs N          answers checked on N threads (default: the cores; 1 with --online);\n"
		"                    the records are the same, in input order\n"
		"  values:     --edition YEAR --tolerance F --tolerance-computed F --tolerance-for P=F\n"
		"  references: --closed-world --online --crossref-url U --mailto A --cache-ttl D --rows N\n"
		"              --timeout S --retries N --cacert FILE     (as check-value and check-ref)\n"
		"output: one JSON line per answer {\"id\",\"model\",\"where\",\"values\",\"citations\",\"scores\",\n"
		"        \"traceability\",\"fabricated\",\"audit\"}, or {\"id\",\"where\",\"error\"} for an answer\n"
		"        that could not be read; a text answer without --json gets a readable report\n"
		"exit: 0 done, 2 usage, 3 unreadable input or rules, 4 graph error, 5 I/O error\n");
}

int cmd_check(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "db", required_argument, NULL, 'd' },
		{ "format", required_argument, NULL, 'f' },
		{ "jsonl", no_argument, NULL, 'l' },
		{ "json", no_argument, NULL, 'j' },
		{ "text-field", required_argument, NULL, 'x' },
		{ "id-field", required_argument, NULL, 'i' },
		{ "model-field", required_argument, NULL, 'M' },
		{ "model", required_argument, NULL, 'm' },
		{ "rules", required_argument, NULL, 'r' },
		{ "max-answer", required_argument, NULL, 'A' },
		{ "jobs", required_argument, NULL, 'J' },
		TOOL_VALUE_LONGOPTS,
		TOOL_REF_LONGOPTS,
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	check_ctx c;
	tool_ref_cfg rcfg;
	ev_input_opts io;
	const char *db = NULL, *rules = NULL, *path = "-";
	kg_store *s = NULL;
	tool_aside *aside;
	int ch, json = 0, rc, code = EXIT_OK, fmt = EV_FMT_AUTO, detected = 0;
	size_t jobs = tool_jobs_default(), k;
	char *end;

	memset(&c, 0, sizeof(c));
	memset(&io, 0, sizeof(io));
	tool_ref_init(&rcfg);
	while ((ch = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (ch) {
		case 'd': db = optarg; break;
		case 'f':
			if ((fmt = ev_format_parse(optarg)) < 0) {
				tool_error("--format: %s", pk_error_last());
				return EXIT_USAGE;
			}
			break;
		case 'l': fmt = EV_FMT_JSONL; break;
		case 'j': json = 1; break;
		case 'x': io.text_field = optarg; break;
		case 'i': io.id_field = optarg; break;
		case 'M': io.model_field = optarg; break;
		case 'm': io.model = optarg; break;
		case 'r': rules = optarg; break;
		case 'A':
			io.max_answer = strtoull(optarg, &end, 10);
			if (*end || !io.max_answer) {
				tool_error("--max-answer needs a number of bytes");
				return EXIT_USAGE;
			}
			break;
		case 'J':
			if (tool_jobs_option(optarg, &jobs) < 0)
				return EXIT_USAGE;
			break;
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
	io.format = fmt;
	/* the citation and reference patterns compiled while the rule files
	 * are read and the graph opened (else the first answer's worker
	 * compiles them, and the others wait) */
	aside = tool_aside_start(prepare_patterns, NULL);
	if ((rc = ev_rules_load(&c.rules, rules ? rules : tool_default_data("rules/credibility.json"))) < 0) {
		tool_error("%s", pk_error_last());
		tool_aside_join(aside);
		return rc == PK_EPARSE ? EXIT_DATA : tool_exit_code(rc);
	}
	if ((rc = ev_postrules_load(&c.postrules, tool_default_data("rules/postcheck.json"))) < 0) {
		tool_error("%s", pk_error_last());
		ev_rules_free(c.rules);
		tool_aside_join(aside);
		return rc == PK_EPARSE ? EXIT_DATA : tool_exit_code(rc);
	}
	if ((code = tool_checks_open(&rcfg, &c.v, tool_db_path(db), &s, &c.t, &c.u, &c.ref)) != EXIT_OK)
		goto done;
	/* a single text answer (a file or standard input) reads better as a
	 * report, unless --json: decided per answer, by the format read */
	c.json = json;
	io.warn = on_warn;
	c.jobs = c.ref.online ? 1 : jobs; /* one connection to the API */
	c.store = s;
	rc = ev_read_answers(path, &io, on_answer, &c, &detected);
	if (c.pool) {
		int prc = tool_pool_finish(c.pool);

		c.pool = NULL;
		if (rc == 0 && prc < 0)
			rc = prc;
	}
	if (rc < 0) {
		code = rc == PK_EPARSE ? EXIT_DATA : tool_exit_code(rc);
		tool_error("%s", pk_error_last());
	}
done:
	for (k = 0; k < c.nmore; k++) {
		tool_ref_close(&c.more[k].ref);
		kg_txn_free(c.more[k].t);
		ev_rules_memo_free(c.more[k].rules_memo);
	}
	ev_rules_memo_free(c.rules_memo);
	pk_free(c.more);
	pk_free(c.ctxs);
	tool_ref_close(&c.ref);
	query_units_free(c.u);
	kg_txn_free(c.t);
	kg_store_free(s);
	ev_rules_free(c.rules);
	ev_postrules_free(c.postrules);
	tool_aside_join(aside);
	return code;
}
