/* tools/cmd_eval.c - `provkg eval skepticism`: eval/skeptic on a labelled
 * claim set and a model's judgments (`eval rubric` is cmd_rubric.c; provkg.c
 * dispatches the subcommands). */
#include "tool.h"

#include "../common/alloc.h"
#include "../common/error.h"
#include "../common/lines.h"
#include "../eval/skeptic.h"
#include "../eval/stats.h"

#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_GATES 16
#define MAX_CATEGORIES 256

/* ---- records: JSON Lines or one JSON array --------------------------------- */

typedef int (*record_fn)(void *ctx, const cJSON *rec, const char *where);

/* ---- skepticism ---------------------------------------------------------------- */

typedef struct sk_item {
	char *id;          /* the id as JSON text */
	int category;
	ev_sk_item x;
	int have_result;
	double attempt;
} sk_item;

typedef struct sk_ctx {
	sk_item *it;
	size_t n, cap;
	char *cats[MAX_CATEGORIES];
	size_t ncats;
	size_t *slot;      /* open addressing over ids: index + 1 */
	size_t nslot;
	size_t unknown_ids, bad_results, results;
	const char *dataset;
} sk_ctx;

static uint64_t hash(const char *s)
{
	uint64_t h = 1469598103934665603ull;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h;
}

static long find_id(const sk_ctx *c, const char *id)
{
	size_t at;

	if (!c->nslot)
		return -1;
	for (at = hash(id) & (c->nslot - 1); c->slot[at]; at = (at + 1) & (c->nslot - 1))
		if (!strcmp(c->it[c->slot[at] - 1].id, id))
			return (long)(c->slot[at] - 1);
	return -1;
}

static int index_ids(sk_ctx *c)
{
	size_t i, at;

	c->nslot = 16;
	while (c->nslot < c->n * 2)
		c->nslot *= 2;
	if (!(c->slot = pk_calloc(c->nslot, sizeof(*c->slot))))
		return pk_error_set(PK_ENOMEM, "out of memory");
	for (i = 0; i < c->n; i++) {
		if (find_id(c, c->it[i].id) >= 0)
			return pk_error_set(PK_EPARSE, "%s: the id %s appears twice", c->dataset, c->it[i].id);
		for (at = hash(c->it[i].id) & (c->nslot - 1); c->slot[at]; at = (at + 1) & (c->nslot - 1))
			;
		c->slot[at] = i + 1;
	}
	return 0;
}

static int category_of(sk_ctx *c, const char *name)
{
	size_t i;

	for (i = 0; i < c->ncats; i++)
		if (!strcmp(c->cats[i], name))
			return (int)i;
	if (c->ncats == MAX_CATEGORIES)
		return pk_error_set(PK_ELIMIT, "more than %d categories", MAX_CATEGORIES);
	if (!(c->cats[c->ncats] = pk_strdup(name)))
		return pk_error_set(PK_ENOMEM, "out of memory");
	return (int)c->ncats++;
}

static int on_item(void *vctx, const cJSON *rec, const char *where)
{
	sk_ctx *c = vctx;
	const cJSON *id, *gt, *cat;
	sk_item *x;
	int truth, k;

	if (!rec)
		return pk_error_set(PK_EPARSE, "%s: not a JSON object", where);
	id = cJSON_GetObjectItemCaseSensitive(rec, "id");
	gt = cJSON_GetObjectItemCaseSensitive(rec, "ground_truth");
	cat = cJSON_GetObjectItemCaseSensitive(rec, "category");
	if (!id || (!cJSON_IsString(id) && !cJSON_IsNumber(id)))
		return pk_error_set(PK_EPARSE, "%s: no \"id\"", where);
	if (!cJSON_IsString(gt) || (truth = ev_label_parse(gt->valuestring)) < 0)
		return pk_error_set(PK_EPARSE, "%s: \"ground_truth\" must be agree, disagree or suspicious", where);
	if ((k = category_of(c, cJSON_IsString(cat) && *cat->valuestring ? cat->valuestring : "uncategorized")) < 0)
		return k;
	if (PK_ALLOC_GROW(c->it, c->n + 1, c->cap, 64) < 0)
		return PK_ENOMEM;
	x = &c->it[c->n];
	memset(x, 0, sizeof(*x));
	if (!(x->id = cJSON_PrintUnformatted(id)))
		return pk_error_set(PK_ENOMEM, "out of memory");
	x->category = k;
	x->x.truth = truth;
	x->x.j.label = EV_PARSE_FAILED;
	x->x.j.confidence = NAN;
	snprintf(x->x.j.reason, sizeof(x->x.j.reason), "no result for this id");
	c->n++;
	return 0;
}

static int on_result(void *vctx, const cJSON *rec, const char *where)
{
	sk_ctx *c = vctx;
	const cJSON *id, *out, *at;
	char *ids;
	long i;
	double attempt = 0;
	ev_judgment j;

	c->results++;
	if (!rec) {
		c->bad_results++;
		tool_warn("%s: not a JSON object, skipped", where);
		return 0;
	}
	id = cJSON_GetObjectItemCaseSensitive(rec, "id");
	if (!id || !(ids = cJSON_PrintUnformatted(id))) {
		c->bad_results++;
		tool_warn("%s: no \"id\", skipped", where);
		return 0;
	}
	i = find_id(c, ids);
	cJSON_free(ids);
	if (i < 0) {
		c->unknown_ids++;
		return 0;
	}
	if ((at = cJSON_GetObjectItemCaseSensitive(rec, "attempt")) && cJSON_IsNumber(at))
		attempt = at->valuedouble;
	/* the last attempt counts: a higher number, or a later line */
	if (c->it[i].have_result && attempt < c->it[i].attempt)
		return 0;
	out = cJSON_GetObjectItemCaseSensitive(rec, "output");
	if (cJSON_IsString(out))
		ev_judgment_parse(out->valuestring, strlen(out->valuestring), &j);
	else
		ev_judgment_from_object(rec, &j);
	c->it[i].x.j = j;
	c->it[i].have_result = 1;
	c->it[i].attempt = attempt;
	return 0;
}

/* ---- output ---------------------------------------------------------------------- */

static void jnum(pk_json *w, const char *k, double v)
{
	pk_json_key(w, k);
	if (isfinite(v))
		pk_json_num(w, (double)llround(v * 1e6) / 1e6);
	else
		pk_json_null(w);
}

static void jrate(pk_json *w, const char *k, const ev_rate *r)
{
	pk_json_key(w, k);
	pk_json_obj(w);
	jnum(w, "value", r->value);
	pk_json_kint(w, "k", (long long)r->k);
	pk_json_kint(w, "n", (long long)r->n);
	pk_json_key(w, "wilson95");
	if (!r->n) {
		pk_json_null(w); /* no item: no interval */
	} else {
		pk_json_arr(w);
		pk_json_num(w, (double)llround(r->lo * 1e6) / 1e6);
		pk_json_num(w, (double)llround(r->hi * 1e6) / 1e6);
		pk_json_end_arr(w);
	}
	pk_json_end_obj(w);
}

static void jmode(pk_json *w, const char *k, const ev_sk_mode *m)
{
	pk_json_key(w, k);
	pk_json_obj(w);
	jrate(w, "accuracy", &m->accuracy);
	jrate(w, "skepticism_recall", &m->skepticism_recall);
	jrate(w, "blind_agreement_rate", &m->blind_agreement_rate);
	jrate(w, "agree_accuracy", &m->agree_accuracy);
	jnum(w, "macro_f1", m->macro_f1);
	jnum(w, "composite_score", m->composite_score);
	pk_json_end_obj(w);
}

static void jmetrics(pk_json *w, const ev_sk_metrics *m)
{
	int t, p;
	size_t b;

	pk_json_kint(w, "n", (long long)m->n);
	pk_json_kint(w, "parsed", (long long)m->parsed);
	pk_json_kint(w, "parse_failed", (long long)m->parse_failed.k);
	jrate(w, "parse_failed_rate", &m->parse_failed);
	jmode(w, "excluding_parse_failures", &m->excluding);
	jmode(w, "parse_failures_as_wrong", &m->as_wrong);
	pk_json_key(w, "confusion");
	pk_json_obj(w);
	pk_json_key(w, "rows_truth");
	pk_json_arr(w);
	for (t = 0; t < EV_NLABELS; t++)
		pk_json_str(w, ev_label_name(t));
	pk_json_end_arr(w);
	pk_json_key(w, "columns_model");
	pk_json_arr(w);
	for (p = 0; p <= EV_NLABELS; p++)
		pk_json_str(w, ev_label_name(p));
	pk_json_end_arr(w);
	pk_json_key(w, "matrix");
	pk_json_arr(w);
	for (t = 0; t < EV_NLABELS; t++) {
		pk_json_arr(w);
		for (p = 0; p <= EV_NLABELS; p++)
			pk_json_int(w, (long long)m->confusion[t][p]);
		pk_json_end_arr(w);
	}
	pk_json_end_arr(w);
	pk_json_end_obj(w);
	pk_json_key(w, "calibration");
	pk_json_obj(w);
	pk_json_kint(w, "bins", (long long)m->bins);
	jnum(w, "ece", m->ece);
	jnum(w, "bucket_error", m->bucket_error);
	pk_json_key(w, "table");
	pk_json_arr(w);
	for (b = 0; b < m->bins; b++) {
		pk_json_obj(w);
		jnum(w, "lo", m->bin[b].lo);
		jnum(w, "hi", m->bin[b].hi);
		pk_json_kint(w, "n", (long long)m->bin[b].n);
		jnum(w, "accuracy", m->bin[b].accuracy);
		jnum(w, "mean_confidence", m->bin[b].confidence);
		pk_json_end_obj(w);
	}
	pk_json_end_arr(w);
	pk_json_end_obj(w);
}

/* ---- gates ------------------------------------------------------------------------- */

typedef struct gate {
	char metric[64];
	char op[3];
	double threshold;
	double value;
	int tripped;
	const char *text;
} gate;

static int parse_gate(const char *s, gate *g)
{
	static const char *const ops[] = { ">=", "<=", "==", "!=", ">", "<" };
	size_t i, k;
	char *end;

	memset(g, 0, sizeof(*g));
	g->text = s;
	for (i = 0; s[i]; i++)
		for (k = 0; k < sizeof(ops) / sizeof(ops[0]); k++)
			if (!strncmp(s + i, ops[k], strlen(ops[k]))) {
				if (i == 0 || i >= sizeof(g->metric))
					return -1;
				memcpy(g->metric, s, i);
				g->metric[i] = '\0';
				while (i && g->metric[i - 1] == ' ')
					g->metric[--i] = '\0';
				snprintf(g->op, sizeof(g->op), "%s", ops[k]);
				g->threshold = strtod(s + i + strlen(ops[k]) + (s[i + strlen(ops[k])] == ' '), &end);
				return *end || end == s + i + strlen(ops[k]) ? -1 : 0;
			}
	return -1;
}

/* A metric by name: "blind_agreement_rate" (excluding parse failures),
 * "as_wrong.accuracy", "parse_failed_rate", "ece", ... NAN if unknown. */
static double metric_value(const ev_sk_metrics *m, const char *name, int *known)
{
	const ev_sk_mode *mode = &m->excluding;

	*known = 1;
	if (!strncmp(name, "as_wrong.", 9)) {
		mode = &m->as_wrong;
		name += 9;
	} else if (!strncmp(name, "excluding.", 10)) {
		name += 10;
	}
	if (!strcmp(name, "accuracy"))
		return mode->accuracy.value;
	if (!strcmp(name, "skepticism_recall"))
		return mode->skepticism_recall.value;
	if (!strcmp(name, "blind_agreement_rate"))
		return mode->blind_agreement_rate.value;
	if (!strcmp(name, "agree_accuracy"))
		return mode->agree_accuracy.value;
	if (!strcmp(name, "macro_f1"))
		return mode->macro_f1;
	if (!strcmp(name, "composite_score"))
		return mode->composite_score;
	if (!strcmp(name, "parse_failed_rate"))
		return m->parse_failed.value;
	if (!strcmp(name, "ece"))
		return m->ece;
	if (!strcmp(name, "bucket_error"))
		return m->bucket_error;
	*known = 0;
	return NAN;
}

static int trips(const gate *g)
{
	double v = g->value, t = g->threshold;

	/* a metric over no item (nothing parsed, no item of that truth) cannot
	 * show the gate holds: it trips */
	if (!isfinite(v))
		return 1;
	if (!strcmp(g->op, ">"))
		return v > t;
	if (!strcmp(g->op, "<"))
		return v < t;
	if (!strcmp(g->op, ">="))
		return v >= t;
	if (!strcmp(g->op, "<="))
		return v <= t;
	if (!strcmp(g->op, "=="))
		return v == t;
	return v != t;
}

/* "0.800", or "-" for a metric over no item (NaN); a static buffer */
static const char *fmt3(double v)
{
	static char b[4][32];
	static int i;
	char *p = b[i++ % 4];

	if (isnan(v))
		return "-";
	snprintf(p, sizeof(b[0]), "%.3f", v);
	return p;
}

/* "0.800 [0.376, 0.964]  (4/5)", or "-  (0/0)" over no item */
static void print_rate(const char *name, const ev_rate *r)
{
	if (r->n)
		printf("    %-21s %.3f [%.3f, %.3f]  (%zu/%zu)\n", name, r->value, r->lo, r->hi, r->k, r->n);
	else
		printf("    %-21s -  (0/0)\n", name);
}

static void print_cell(const ev_rate *r)
{
	if (r->n)
		printf(" %6.3f", r->value);
	else
		printf(" %6s", "-");
}

static void print_mode(const char *title, const ev_sk_mode *m)
{
	printf("  %s\n", title);
	print_rate("accuracy", &m->accuracy);
	print_rate("skepticism_recall", &m->skepticism_recall);
	print_rate("blind_agreement_rate", &m->blind_agreement_rate);
	print_rate("agree_accuracy", &m->agree_accuracy);
	printf("    macro_f1              %s\n", fmt3(m->macro_f1));
	printf("    composite_score       %s\n", fmt3(m->composite_score));
}

static void usage_sk(FILE *f)
{
	fprintf(f,
		"usage: provkg eval skepticism --dataset D --results R [--json] [--bins N] [--matrix FILE]\n"
		"                              [--fail-if 'METRIC>X']...\n"
		"  D  {\"id\",\"claim\",\"category\",\"ground_truth\",\"rationale\"} items (JSON array or JSONL);\n"
		"     ground_truth agree, disagree or suspicious\n"
		"  R  {\"id\",\"model_label\",\"confidence\",\"reason\"} or {\"id\",\"output\"} (the raw answer holding\n"
		"     {\"judgment\",\"confidence\",\"reason\"}); several \"attempt\"s per id: the last counts\n"
		"  --bins N        equal-width calibration bins (default 10); bin k = [k/N, (k+1)/N), the last\n"
		"                  closed at 1\n"
		"  --matrix FILE   {\"model/truth\": score, ..., \"other\": s} for the composite score\n"
		"  --fail-if G     exit 1 when the gate trips: METRIC OP NUMBER with OP one of > < >= <= == !=;\n"
		"                  metrics: accuracy, skepticism_recall, blind_agreement_rate, agree_accuracy,\n"
		"                  macro_f1, composite_score (over parsed answers; as_wrong.NAME counts\n"
		"                  parse failures as wrong), parse_failed_rate, ece, bucket_error; a metric\n"
		"                  over no item (e.g. nothing parsed) trips every gate on it\n"
		"exit: 0, 1 a gate tripped, 2 usage, 3 unreadable dataset, results or matrix\n");
}

int cmd_eval_skepticism(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "dataset", required_argument, NULL, 'd' },
		{ "results", required_argument, NULL, 'r' },
		{ "json", no_argument, NULL, 'j' },
		{ "bins", required_argument, NULL, 'b' },
		{ "matrix", required_argument, NULL, 'm' },
		{ "fail-if", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *dataset = NULL, *results = NULL, *matrix = NULL;
	gate gates[MAX_GATES];
	size_t ngates = 0, bins = 10, i, k;
	int ch, json = 0, rc, code = EXIT_OK;
	sk_ctx c;
	ev_matrix mx;
	ev_sk_item *items = NULL;
	ev_sk_metrics all, *cm = NULL;
	char *end;

	memset(&c, 0, sizeof(c));
	memset(&all, 0, sizeof(all));
	while ((ch = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (ch) {
		case 'd': dataset = optarg; break;
		case 'r': results = optarg; break;
		case 'j': json = 1; break;
		case 'm': matrix = optarg; break;
		case 'b':
			bins = strtoul(optarg, &end, 10);
			if (*end || bins < 1 || bins > EV_MAX_BINS) {
				tool_error("--bins needs 1..%d", EV_MAX_BINS);
				return EXIT_USAGE;
			}
			break;
		case 'f':
			if (ngates == MAX_GATES || parse_gate(optarg, &gates[ngates]) < 0) {
				tool_error("--fail-if '%s': expected METRIC OP NUMBER, e.g. 'blind_agreement_rate>0.5' "
					   "(at most %d)", optarg, MAX_GATES);
				return EXIT_USAGE;
			}
			ngates++;
			break;
		case 'h': usage_sk(stdout); return EXIT_OK;
		default: usage_sk(stderr); return EXIT_USAGE;
		}
	}
	if (!dataset || !results || optind != argc) {
		usage_sk(stderr);
		return EXIT_USAGE;
	}
	ev_matrix_default(&mx);
	c.dataset = dataset;
	if ((matrix && (rc = ev_matrix_load(&mx, matrix)) < 0) || (rc = tool_each_record(dataset, on_item, &c)) < 0 ||
	    (rc = index_ids(&c)) < 0 || (rc = tool_each_record(results, on_result, &c)) < 0) {
		tool_error("%s", pk_error_last());
		code = rc == PK_EPARSE || rc == PK_ENOTFOUND ? EXIT_DATA : tool_exit_code(rc);
		goto done;
	}
	if (!c.n) {
		tool_error("%s: no items", dataset);
		code = EXIT_DATA;
		goto done;
	}
	for (k = 0; k < ngates; k++) {
		int known;

		metric_value(&all, gates[k].metric, &known);
		if (!known) {
			tool_error("--fail-if: unknown metric '%s'", gates[k].metric);
			code = EXIT_USAGE;
			goto done;
		}
	}
	if (c.unknown_ids)
		tool_warn("%zu results name ids the dataset does not have; ignored", c.unknown_ids);
	if (!(items = pk_calloc(c.n, sizeof(*items)))) {
		code = tool_fail(pk_error_set(PK_ENOMEM, "out of memory"), NULL);
		goto done;
	}
	for (i = 0; i < c.n; i++)
		items[i] = c.it[i].x;
	ev_skeptic_metrics(items, c.n, &mx, bins, &all);
	/* per category: items reuses its space */
	if (!(cm = pk_calloc(c.ncats ? c.ncats : 1, sizeof(*cm)))) {
		code = tool_fail(pk_error_set(PK_ENOMEM, "out of memory"), NULL);
		goto done;
	}
	for (k = 0; k < c.ncats; k++) {
		size_t ns = 0;

		for (i = 0; i < c.n; i++)
			if (c.it[i].category == (int)k)
				items[ns++] = c.it[i].x;
		ev_skeptic_metrics(items, ns, &mx, bins, &cm[k]);
	}
	for (k = 0; k < ngates; k++) {
		int known;

		gates[k].value = metric_value(&all, gates[k].metric, &known);
		gates[k].tripped = trips(&gates[k]);
		if (gates[k].tripped)
			code = EXIT_NEGATIVE;
	}
	if (json) {
		pk_buf b = PK_BUF_INIT;
		pk_json w;
		size_t shown = 0;
		int rc2;

		pk_json_init(&w, &b);
		pk_json_obj(&w);
		jmetrics(&w, &all);
		pk_json_kint(&w, "unknown_ids", (long long)c.unknown_ids);
		pk_json_key(&w, "by_category");
		pk_json_obj(&w);
		for (k = 0; k < c.ncats; k++) {
			pk_json_key(&w, c.cats[k]);
			pk_json_obj(&w);
			jmetrics(&w, &cm[k]);
			if (cm[k].n < 30)
				pk_json_kstr(&w, "warning", "fewer than 30 items: the rates are unreliable");
			pk_json_end_obj(&w);
		}
		pk_json_end_obj(&w);
		pk_json_key(&w, "parse_failures");
		pk_json_arr(&w);
		for (i = 0; i < c.n && shown < 50; i++)
			if (c.it[i].x.j.label == EV_PARSE_FAILED) {
				pk_json_obj(&w);
				pk_json_kraw(&w, "id", c.it[i].id);
				pk_json_kstr(&w, "reason", c.it[i].x.j.reason);
				pk_json_end_obj(&w);
				shown++;
			}
		pk_json_end_arr(&w);
		pk_json_key(&w, "gates");
		pk_json_arr(&w);
		for (k = 0; k < ngates; k++) {
			pk_json_obj(&w);
			pk_json_kstr(&w, "gate", gates[k].text);
			jnum(&w, "value", gates[k].value);
			pk_json_kbool(&w, "tripped", gates[k].tripped);
			pk_json_end_obj(&w);
		}
		pk_json_end_arr(&w);
		pk_json_end_obj(&w);
		if ((rc2 = tool_emit_json(&w, &b)) != EXIT_OK)
			code = rc2;
		pk_buf_release(&b);
	} else {
		printf("skepticism: %zu items, %zu parsed, %zu parse failures (%.3f [%.3f, %.3f])\n", all.n, all.parsed,
		       all.parse_failed.k, all.parse_failed.value, all.parse_failed.lo, all.parse_failed.hi);
		print_mode("excluding parse failures", &all.excluding);
		print_mode("parse failures counted as wrong", &all.as_wrong);
		printf("  calibration (%zu bins): ece %s, bucket error %s\n", all.bins, fmt3(all.ece), fmt3(all.bucket_error));
		if (c.ncats)
			printf("  by category (excluding parse failures)  %5s %6s %6s %6s %6s %6s %6s\n", "items", "failed",
			       "acc", "recall", "blind", "agree", "score");
		for (k = 0; k < c.ncats; k++) {
			const ev_sk_metrics *m = &cm[k];

			printf("    %-37s %5zu %6zu", c.cats[k], m->n, m->parse_failed.k);
			print_cell(&m->excluding.accuracy);
			print_cell(&m->excluding.skepticism_recall);
			print_cell(&m->excluding.blind_agreement_rate);
			print_cell(&m->excluding.agree_accuracy);
			printf(" %6s", fmt3(m->excluding.composite_score));
			printf("%s\n", m->n < 30 ? "  (fewer than 30 items: unreliable)" : "");
		}
		for (k = 0; k < ngates; k++)
			printf("  gate %s: %s %s\n", gates[k].text, fmt3(gates[k].value), gates[k].tripped ? "TRIPPED" : "ok");
	}
	for (k = 0; k < ngates; k++)
		if (gates[k].tripped)
			tool_error("gate tripped: %s (%s)", gates[k].text,
				   isnan(gates[k].value) ? "undefined: no item to compute it over" : fmt3(gates[k].value));
done:
	for (i = 0; i < c.n; i++)
		cJSON_free(c.it[i].id);
	for (k = 0; k < c.ncats; k++)
		pk_free(c.cats[k]);
	pk_free(c.it);
	pk_free(c.slot);
	pk_free(items);
	pk_free(cm);
	return code;
}
