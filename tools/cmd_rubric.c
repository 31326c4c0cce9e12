/* tools/cmd_rubric.c - `provkg eval rubric`: read rubrics, gradings and
 * solution texts, let eval/rubric aggregate them, print the report. */
#include "tool.h"

#include "../common/alloc.h"
#include "../common/error.h"
#include "../eval/rubric.h"
#include "../kg/store.h"
#include "../query/units.h"

#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct rubric_ctx {
	const ev_rubrics *rs;
	ev_grade *g;
	size_t ng, cap;
	ev_solution_text *x;
	size_t nx, xcap;
	char **owned;             /* solution ids and texts of the solutions file */
	size_t nowned, ocap;
	int strict;
	size_t skipped, unknown_ids, missing_in;
	char first_unknown[200], first_missing[200];
} rubric_ctx;

/* One grading record. A bad one is skipped with its file:line (the
 * others still count), unless --strict: then it stops the run as bad
 * input. Unknown and missing criteria are counted and the first of each
 * kept for one warning at the end, not one per record (a grader that
 * leaves out a criterion does so in every record). */
static int on_grade(void *vctx, const cJSON *rec, const char *where)
{
	rubric_ctx *c = vctx;
	int rc;

	if (PK_ALLOC_GROW(c->g, c->ng + 1, c->cap, 256) < 0)
		return PK_ENOMEM;
	if ((rc = ev_grade_parse(&c->g[c->ng], c->rs, rec, where)) < 0) {
		ev_grade_release(&c->g[c->ng]);
		if (rc != PK_EPARSE || c->strict)
			return rc == PK_EPARSE ? pk_error_set(PK_ESTRICT, "%s (--strict)", pk_error_last()) : rc;
		tool_warn("%s; skipped", pk_error_last());
		pk_error_clear();
		c->skipped++;
		return 0;
	}
	if (c->g[c->ng].unknown && !c->unknown_ids++)
		snprintf(c->first_unknown, sizeof(c->first_unknown), "%s: '%s'", where, c->g[c->ng].first_unknown);
	if (c->g[c->ng].missing && !c->g[c->ng].expert && !c->missing_in++)
		snprintf(c->first_missing, sizeof(c->first_missing), "%s: '%s'", where, c->g[c->ng].first_missing);
	c->ng++;
	return 0;
}

/* The strings of the solutions file are kept for the whole run (the
 * report points at them); s is taken over, freed here on failure. */
static int keep(rubric_ctx *c, char *s)
{
	if (!s)
		return pk_error_set(PK_ENOMEM, "out of memory");
	if (PK_ALLOC_GROW(c->owned, c->nowned + 1, c->ocap, 64) < 0) {
		pk_free(s);
		return PK_ENOMEM;
	}
	c->owned[c->nowned++] = s;
	return 0;
}

/* {"task","solution","text"} */
static int on_text(void *vctx, const cJSON *rec, const char *where)
{
	rubric_ctx *c = vctx;
	const cJSON *task = rec ? cJSON_GetObjectItemCaseSensitive(rec, "task") : NULL;
	const cJSON *sol = rec ? cJSON_GetObjectItemCaseSensitive(rec, "solution") : NULL;
	const cJSON *text = rec ? cJSON_GetObjectItemCaseSensitive(rec, "text") : NULL;
	char *id, *raw;
	long ri;
	int rc;

	if (!cJSON_IsString(task) || !(cJSON_IsString(sol) || cJSON_IsNumber(sol)) || !cJSON_IsString(text)) {
		pk_error_set(PK_EPARSE, "%s: a solution needs \"task\", \"solution\" and \"text\"", where);
		goto bad;
	}
	if ((ri = ev_rubrics_find(c->rs, task->valuestring)) < 0) {
		pk_error_set(PK_EPARSE, "%s: task '%.80s' has no rubric", where, task->valuestring);
		goto bad;
	}
	if (PK_ALLOC_GROW(c->x, c->nx + 1, c->xcap, 64) < 0)
		return PK_ENOMEM;
	/* the id as JSON text: "s1" and 1 stay different solutions, and the
	 * report writes it back exactly as given */
	if (!(raw = cJSON_PrintUnformatted(sol)))
		return pk_error_set(PK_ENOMEM, "out of memory");
	id = pk_strdup(raw);
	cJSON_free(raw);
	if ((rc = keep(c, id)) < 0 || (rc = keep(c, pk_strdup(text->valuestring))) < 0)
		return rc;
	c->x[c->nx].rubric = (size_t)ri;
	c->x[c->nx].solution = id;
	c->x[c->nx].text = c->owned[c->nowned - 1];
	c->x[c->nx].len = strlen(c->x[c->nx].text);
	c->nx++;
	return 0;
bad:
	if (c->strict)
		return pk_error_set(PK_ESTRICT, "%s (--strict)", pk_error_last());
	tool_warn("%s; skipped", pk_error_last());
	pk_error_clear();
	return 0;
}

/* A figure of the report: rounded to 4 decimals so that the JSON does not
 * claim more precision than the gradings have; NaN (no runs) is null. */
static void jnum(pk_json *w, const char *k, double v)
{
	pk_json_key(w, k);
	if (isfinite(v))
		pk_json_num(w, (double)llround(v * 1e4) / 1e4);
	else
		pk_json_null(w);
}

static void jsolution_key(pk_json *w, const ev_rubrics *rs, const ev_solution *s)
{
	pk_json_kstr(w, "task", rs->r[s->rubric].task);
	pk_json_key(w, "solution");
	pk_json_raw(w, s->solution, strlen(s->solution));
}

static void write_json(pk_json *w, const ev_rubrics *rs, const ev_rubric_report *rep, size_t expect_runs)
{
	const ev_agreement *a = &rep->agree;
	size_t i, k;

	pk_json_obj(w);
	pk_json_key(w, "solutions");
	pk_json_arr(w);
	for (i = 0; i < rep->ns; i++) {
		const ev_solution *s = &rep->s[i];
		const ev_rubric *r = &rs->r[s->rubric];

		pk_json_obj(w);
		jsolution_key(w, rs, s);
		pk_json_kint(w, "runs", (long long)s->runs);
		pk_json_key(w, "e2e");
		pk_json_arr(w);
		for (k = 0; k < s->runs; k++)
			pk_json_int(w, s->e2e[k]);
		pk_json_end_arr(w);
		jnum(w, "e2e_median", s->e2e_median);
		pk_json_key(w, "partial_credit");
		pk_json_arr(w);
		for (k = 0; k < s->runs; k++)
			pk_json_num(w, (double)llround(s->partial[k] * 1e4) / 1e4);
		pk_json_end_arr(w);
		jnum(w, "partial_credit_median", s->partial_median);
		pk_json_key(w, "viable");
		if (s->runs)
			pk_json_bool(w, s->viable);
		else
			pk_json_null(w);
		pk_json_kint(w, "top_level", (long long)r->nlevels);
		pk_json_kint(w, "missing_criteria", (long long)s->missing);
		if (s->duplicates)
			pk_json_kint(w, "duplicate_runs", (long long)s->duplicates);
		if (s->runs && s->runs != expect_runs)
			pk_json_kstr(w, "warning", "not the expected number of runs");
		if (s->experts) {
			pk_json_key(w, "expert_e2e");
			pk_json_arr(w);
			for (k = 0; k < s->experts; k++)
				pk_json_int(w, s->expert_e2e[k]);
			pk_json_end_arr(w);
			jnum(w, "expert_e2e_median", s->expert_median);
		}
		if (s->have_text && r->machine) {
			pk_json_key(w, "machine_checks");
			pk_json_arr(w);
			for (k = 0; k < s->nmachine; k++) {
				const ev_machine *m = &s->machine[k];
				const ev_criterion *c = &r->c[m->criterion];

				pk_json_obj(w);
				pk_json_kstr(w, "criterion", c->id);
				pk_json_kstr(w, "check", c->re ? "pattern" : "kg");
				pk_json_kbool(w, "met", m->met);
				pk_json_kstr(w, "why", m->why);
				pk_json_kint(w, "grader_runs", (long long)m->runs);
				pk_json_kint(w, "grader_met", (long long)m->runs_met);
				pk_json_kbool(w, "disagree", m->disagree);
				pk_json_end_obj(w);
			}
			pk_json_end_arr(w);
		}
		if (r->nsubs) {
			/* sub-tasks: each scored alone, their likelihoods, the product
			 * beside what the runs show end to end */
			pk_json_key(w, "subtasks");
			pk_json_arr(w);
			for (k = 0; k < r->nsubs; k++) {
				pk_json_obj(w);
				pk_json_kstr(w, "id", r->subs[k].id);
				if (r->subs[k].title)
					pk_json_kstr(w, "title", r->subs[k].title);
				pk_json_kint(w, "top_level", (long long)r->subs[k].nlevels);
				jnum(w, "e2e_median", s->sub_e2e_median[k]);
				jnum(w, "partial_credit_median", s->sub_partial_median[k]);
				jnum(w, "likelihood", s->sub_likelihood[k]);
				pk_json_end_obj(w);
			}
			pk_json_end_arr(w);
			jnum(w, "subtask_product", s->product);
			jnum(w, "joint_success", s->joint);
			if (r->nlevels)
				jnum(w, "e2e_top_share", s->top_share);
			if (isfinite(s->product) && isfinite(s->joint))
				jnum(w, "product_minus_joint", s->product - s->joint);
			if (isfinite(s->product) && isfinite(s->top_share))
				jnum(w, "product_minus_e2e_top", s->product - s->top_share);
		}
		if (s->steps) {
			pk_json_key(w, "hints");
			pk_json_obj(w);
			pk_json_key(w, "e2e_by_hints");
			pk_json_arr(w);
			for (k = 0; k < s->steps; k++) {
				pk_json_obj(w);
				pk_json_kint(w, "hints", s->step_hints[k]);
				jnum(w, "e2e", s->step_e2e[k]);
				pk_json_end_obj(w);
			}
			pk_json_end_arr(w);
			pk_json_key(w, "hints_to_top");
			if (s->hints_to_top >= 0)
				pk_json_int(w, s->hints_to_top);
			else
				pk_json_null(w);
			pk_json_end_obj(w);
		}
		pk_json_end_obj(w);
	}
	pk_json_end_arr(w);
	pk_json_key(w, "tasks");
	pk_json_obj(w);
	for (i = 0; i < rep->nt; i++) {
		const ev_task_sum *t = &rep->t[i];

		pk_json_key(w, rs->r[t->rubric].task);
		pk_json_obj(w);
		pk_json_kint(w, "solutions", (long long)t->solutions);
		pk_json_kint(w, "viable", (long long)t->viable);
		jnum(w, "viable_share", t->viable_share);
		jnum(w, "e2e_median", t->e2e_median);
		jnum(w, "partial_credit_median", t->partial_median);
		pk_json_key(w, "runs_by_e2e");
		pk_json_arr(w);
		for (k = 0; k <= rs->r[t->rubric].nlevels; k++)
			pk_json_int(w, (long long)t->runs_at[k]);
		pk_json_end_arr(w);
		pk_json_key(w, "solution_e2e_medians");
		pk_json_arr(w);
		for (k = 0; k < rep->ns; k++)
			if (rep->s[k].rubric == t->rubric && rep->s[k].runs)
				pk_json_num(w, rep->s[k].e2e_median);
		pk_json_end_arr(w);
		pk_json_end_obj(w);
	}
	pk_json_end_obj(w);
	pk_json_key(w, "agreement");
	pk_json_obj(w);
	pk_json_kint(w, "solutions", (long long)a->solutions);
	pk_json_kint(w, "exact", (long long)a->exact);
	pk_json_kint(w, "within_1", (long long)a->within1);
	jnum(w, "exact_rate", a->solutions ? (double)a->exact / (double)a->solutions : NAN);
	jnum(w, "within_1_rate", a->solutions ? (double)a->within1 / (double)a->solutions : NAN);
	pk_json_key(w, "runs");
	pk_json_obj(w);
	pk_json_kint(w, "pairs", (long long)a->pairs);
	jnum(w, "exact_rate", a->pairs ? (double)a->pairs_exact / (double)a->pairs : NAN);
	jnum(w, "within_1_rate", a->pairs ? (double)a->pairs_within1 / (double)a->pairs : NAN);
	pk_json_end_obj(w);
	pk_json_key(w, "viability");
	pk_json_obj(w);
	pk_json_kint(w, "both_viable", (long long)a->viability[0][0]);
	pk_json_kint(w, "grader_only", (long long)a->viability[0][1]);
	pk_json_kint(w, "experts_only", (long long)a->viability[1][0]);
	pk_json_kint(w, "neither", (long long)a->viability[1][1]);
	pk_json_end_obj(w);
	jnum(w, "kappa_viability", a->kappa);
	pk_json_key(w, "criteria_differing");
	pk_json_arr(w);
	for (i = 0; i < a->ncrit && i < 20; i++) {
		const ev_crit_diff *d = &a->crit[i];

		pk_json_obj(w);
		pk_json_kstr(w, "task", rs->r[d->rubric].task);
		pk_json_kstr(w, "criterion", rs->r[d->rubric].c[d->criterion].id);
		pk_json_kint(w, "pairs", (long long)d->pairs);
		pk_json_kint(w, "differ", (long long)d->differ);
		jnum(w, "rate", (double)d->differ / (double)d->pairs);
		jnum(w, "grader_met_rate", d->auto_rate);
		jnum(w, "expert_met_rate", d->expert_rate);
		pk_json_end_obj(w);
	}
	pk_json_end_arr(w);
	pk_json_end_obj(w);
	pk_json_kint(w, "auto_gradings", (long long)rep->auto_gradings);
	pk_json_kint(w, "expert_gradings", (long long)rep->expert_gradings);
	pk_json_kint(w, "missing_criteria", (long long)rep->missing);
	pk_json_kint(w, "duplicate_runs", (long long)rep->duplicates);
	pk_json_kint(w, "machine_checks", (long long)rep->machine_checks);
	pk_json_kint(w, "machine_disagreements", (long long)rep->machine_disagreements);
	pk_json_end_obj(w);
}

static const char *num(double v, char *b, size_t n)
{
	if (isnan(v))
		snprintf(b, n, "-");
	else
		snprintf(b, n, "%.4g", v);
	return b;
}

static void print_text(const ev_rubrics *rs, const ev_rubric_report *rep)
{
	const ev_agreement *a = &rep->agree;
	char b1[32], b2[32];
	size_t i, k;

	printf("rubric: %zu auto gradings, %zu expert gradings, %zu solutions", rep->auto_gradings, rep->expert_gradings,
	       rep->ns);
	if (rep->missing)
		printf(" (%zu criteri%s missing from gradings: counted not met)", rep->missing, rep->missing == 1 ? "on" : "a");
	printf("\n");
	printf("  %-16s %-14s %4s %6s %9s %6s  %s\n", "TASK", "SOLUTION", "RUNS", "E2E", "PARTIAL%", "VIABLE", "E2E BY RUN");
	for (i = 0; i < rep->ns; i++) {
		const ev_solution *s = &rep->s[i];

		printf("  %-16.16s %-14.14s %4zu %6s %9s %6s  ", rs->r[s->rubric].task, s->solution, s->runs,
		       num(s->e2e_median, b1, sizeof(b1)), num(s->partial_median, b2, sizeof(b2)),
		       s->runs ? (s->viable ? "yes" : "no") : "-");
		for (k = 0; k < s->runs; k++)
			printf("%s%d", k ? " " : "", s->e2e[k]);
		if (s->experts) {
			printf("  (experts:");
			for (k = 0; k < s->experts; k++)
				printf(" %d", s->expert_e2e[k]);
			printf(")");
		}
		printf("\n");
		if (rs->r[s->rubric].nsubs && s->runs) {
			const ev_rubric *r = &rs->r[s->rubric];
			char b3[32];

			for (k = 0; k < r->nsubs; k++)
				printf("    subtask %-12.12s e2e %s/%zu, partial %s%%, likelihood %s\n", r->subs[k].id,
				       num(s->sub_e2e_median[k], b1, sizeof(b1)), r->subs[k].nlevels,
				       num(s->sub_partial_median[k] * 1, b2, sizeof(b2)), num(s->sub_likelihood[k], b3, sizeof(b3)));
			printf("    product of likelihoods %s, runs solving every subtask %s", num(s->product, b1, sizeof(b1)),
			       num(s->joint, b2, sizeof(b2)));
			if (r->nlevels)
				printf(", runs at the task's top level %s", num(s->top_share, b3, sizeof(b3)));
			printf("\n");
		}
	}
	for (i = 0; i < rep->nt; i++) {
		const ev_task_sum *t = &rep->t[i];

		printf("  task %s: %zu solutions, viable %zu/%zu = %.3f, e2e median %s, partial credit median %s%%\n",
		       rs->r[t->rubric].task, t->solutions, t->viable, t->solutions, t->viable_share,
		       num(t->e2e_median, b1, sizeof(b1)), num(t->partial_median, b2, sizeof(b2)));
	}
	if (a->solutions) {
		printf("  grader vs experts: %zu solutions: exact %zu/%zu, within 1 level %zu/%zu; %zu run pairs: exact %.3f, "
		       "within 1 %.3f; kappa on viability %s\n",
		       a->solutions, a->exact, a->solutions, a->within1, a->solutions, a->pairs,
		       (double)a->pairs_exact / (double)a->pairs, (double)a->pairs_within1 / (double)a->pairs,
		       num(a->kappa, b1, sizeof(b1)));
		for (i = 0; i < a->ncrit && i < 5; i++) {
			const ev_crit_diff *d = &a->crit[i];

			printf("    differ most: %s %s  %zu/%zu pairs (grader met %.2f, experts %.2f)\n", rs->r[d->rubric].task,
			       rs->r[d->rubric].c[d->criterion].id, d->differ, d->pairs, d->auto_rate, d->expert_rate);
		}
	}
	if (rep->machine_checks)
		printf("  machine-checkable criteria: %zu checks, %zu disagree with the grader\n", rep->machine_checks,
		       rep->machine_disagreements);
	for (i = 0; i < rep->ns; i++) {
		const ev_solution *s = &rep->s[i];
		const ev_rubric *r = &rs->r[s->rubric];

		for (k = 0; k < s->nmachine; k++) {
			const ev_machine *m = &s->machine[k];

			printf("    %s %s %s (%s): provkg %s, grader %zu/%zu%s  %s\n", r->task, s->solution,
			       r->c[m->criterion].id, r->c[m->criterion].re ? "pattern" : "kg", m->met ? "met" : "not met",
			       m->runs_met, m->runs, m->disagree ? "  DISAGREE" : "", m->why);
		}
		if (s->steps) {
			printf("    hints %s %s: ", r->task, s->solution);
			if (s->hints_to_top >= 0)
				printf("top level %zu after %ld hint%s", r->nlevels, s->hints_to_top, s->hints_to_top == 1 ? "" : "s");
			else
				printf("top level %zu not reached", r->nlevels);
			printf(" (e2e by hints:");
			for (k = 0; k < s->steps; k++)
				printf(" %ld:%s", s->step_hints[k], num(s->step_e2e[k], b1, sizeof(b1)));
			printf(")\n");
		}
	}
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: provkg eval rubric --rubric R.json --grades G.jsonl [--solutions S.jsonl] [--json]\n"
		"  R  {\"task\",\"levels\":[{\"score\":1,\"criteria\":[{\"id\",\"text\",\"points\":1-4,\n"
		"     \"pattern\"?: PCRE2, \"kg\"?: {\"quantity\": NAME} | {\"doi\": DOI}}]}, ...]} or an array of them;\n"
		"     levels 1, 2, ... in order, none missing\n"
		"  G  {\"task\",\"solution\",\"run\",\"grader\":\"auto\"|\"expert\",\"criteria\":{\"ID\":true|false},\n"
		"     \"hints\"?: N} per grading (JSONL or a JSON array); a criterion not given is not met\n"
		"  S  {\"task\",\"solution\",\"text\"}: the texts the pattern and kg criteria are checked on\n"
		"  --runs N     the runs expected per solution (default 10; others are flagged)\n"
		"  --strict     stop at the first unusable grading or solution (exit 3); else warn and skip\n"
		"  --db DIR     the graph, for kg criteria\n"
		"scores: e2e = the highest level whose criteria and every lower level's are met; partial\n"
		"        credit = points met / all points (%%); medians over a solution's auto runs (an\n"
		"        even count: the mean of the middle two); viable = e2e median >= 5; gradings with\n"
		"        \"hints\" > 0 only feed the hint guidance\n"
		"exit: 0, 2 usage, 3 a bad rubric (the message names the spot) or unusable input under\n"
		"      --strict, 4 graph error\n");
}

int cmd_rubric(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "rubric", required_argument, NULL, 'r' },
		{ "grades", required_argument, NULL, 'g' },
		{ "solutions", required_argument, NULL, 's' },
		{ "json", no_argument, NULL, 'j' },
		{ "runs", required_argument, NULL, 'n' },
		{ "strict", no_argument, NULL, 'S' },
		{ "db", required_argument, NULL, 'd' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *rubric = NULL, *grades = NULL, *solutions = NULL, *db = NULL;
	unsigned long long expect = 10;
	int ch, json = 0, rc, code = EXIT_OK;
	ev_rubrics *rs = NULL;
	ev_rubric_report rep;
	rubric_ctx c;
	kg_store *s = NULL;
	kg_txn *t = NULL;
	query_units *u = NULL;
	size_t i;
	char *end;

	memset(&c, 0, sizeof(c));
	memset(&rep, 0, sizeof(rep));
	while ((ch = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (ch) {
		case 'r': rubric = optarg; break;
		case 'g': grades = optarg; break;
		case 's': solutions = optarg; break;
		case 'j': json = 1; break;
		case 'S': c.strict = 1; break;
		case 'd': db = optarg; break;
		case 'n':
			expect = strtoull(optarg, &end, 10);
			if (*end || !expect) {
				tool_error("--runs needs a positive count");
				return EXIT_USAGE;
			}
			break;
		case 'h': usage(stdout); return EXIT_OK;
		default: usage(stderr); return EXIT_USAGE;
		}
	}
	if (!rubric || !grades || optind < argc) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if ((rc = ev_rubrics_load(&rs, rubric)) < 0) {
		tool_error("%s", pk_error_last());
		return rc == PK_EPARSE ? EXIT_DATA : tool_exit_code(rc);
	}
	c.rs = rs;
	if ((rc = tool_each_record(grades, on_grade, &c)) < 0 ||
	    (solutions && (rc = tool_each_record(solutions, on_text, &c)) < 0)) {
		tool_error("%s", pk_error_last());
		code = rc == PK_EPARSE || rc == PK_ESTRICT ? EXIT_DATA : tool_exit_code(rc);
		goto done;
	}
	if (c.unknown_ids)
		tool_warn("%zu grading%s criteria the rubric does not have (first %s); ignored", c.unknown_ids,
			  c.unknown_ids == 1 ? " names" : "s name", c.first_unknown);
	/* the graph only when a kg criterion is to be checked on a text */
	for (i = 0; i < rs->n && c.nx; i++)
		if (rs->r[i].needs_graph) {
			if ((rc = kg_store_open(&s, tool_db_path(db), KG_OPEN_READ)) < 0 || (rc = kg_txn_read(&t, s)) < 0 ||
			    (rc = query_units_open(&u, t, NULL)) < 0) {
				tool_error("%s", pk_error_last());
				code = EXIT_GRAPH;
				goto done;
			}
			break;
		}
	if ((rc = ev_rubric_report_make(&rep, rs, c.g, c.ng, c.x, c.nx, t, u)) < 0) {
		tool_error("%s", pk_error_last());
		code = rc == PK_ENOTFOUND ? EXIT_DATA : tool_exit_code(rc);
		goto done;
	}
	if (!rep.ns) {
		tool_error("%s: no usable gradings", grades);
		code = EXIT_DATA;
		goto done;
	}
	/* the e2e median and the viability need the same number of runs for
	 * every solution (--runs, default 10): a solution with fewer is
	 * scored, but said */
	for (i = 0; i < rep.ns; i++)
		if (rep.s[i].runs && rep.s[i].runs != expect)
			tool_warn("task '%s' solution %s: %zu run%s, expected %llu", rs->r[rep.s[i].rubric].task, rep.s[i].solution,
				  rep.s[i].runs, rep.s[i].runs == 1 ? "" : "s", expect);
	if (rep.missing)
		tool_warn("%zu auto grading%s out criteria (%zu in all, first %s): counted as not met", c.missing_in,
			  c.missing_in == 1 ? " leaves" : "s leave", rep.missing, c.first_missing);
	/* viable means e2e >= 5 (the rubric paper's threshold): a rubric of
	 * fewer levels cannot reach it, which is worth saying once per task */
	for (i = 0; i < rep.nt; i++)
		if (rs->r[rep.t[i].rubric].nlevels < 5)
			tool_warn("task '%s': the top level is %zu, so no solution can be viable (e2e >= 5)",
				  rs->r[rep.t[i].rubric].task, rs->r[rep.t[i].rubric].nlevels);
	if (rep.duplicates)
		tool_warn("%zu runs were given twice; the later grading counts", rep.duplicates);
	if (rep.texts_ungraded)
		tool_warn("%zu solution texts have no gradings; not checked", rep.texts_ungraded);
	if (json) {
		pk_buf b = PK_BUF_INIT;
		pk_json w;

		pk_buf_init(&b, (size_t)1 << 30);
		pk_json_init(&w, &b);
		write_json(&w, rs, &rep, (size_t)expect);
		code = tool_emit_json(&w, &b);
		pk_buf_release(&b);
	} else {
		print_text(rs, &rep);
	}
done:
	ev_rubric_report_release(&rep);
	for (i = 0; i < c.ng; i++)
		ev_grade_release(&c.g[i]);
	pk_free(c.g);
	for (i = 0; i < c.nowned; i++)
		pk_free(c.owned[i]);
	pk_free(c.owned);
	pk_free(c.x);
	query_units_free(u);
	kg_txn_free(t);
	kg_store_free(s);
	ev_rubrics_free(rs);
	return code;
}
