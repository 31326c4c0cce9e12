/* tools/cmd_summarize.c - `provkg summarize`: per-model means and
 * intervals from `provkg check` audit records (eval/summary). */
#include "tool.h"

#include "../common/error.h"
#include "../eval/summary.h"

#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Figures are rounded to 4 decimals: means of 0..10 scores over a few
 * hundred answers carry no more, and equal runs print equal JSON. NaN (no
 * answers of that kind) is null, never 0. */
static void num_or_null(pk_json *w, const char *key, double v)
{
	pk_json_key(w, key);
	if (isfinite(v))
		pk_json_num(w, (double)llround(v * 10000) / 10000);
	else
		pk_json_null(w);
}

static void interval(pk_json *w, const char *key, double lo, double hi)
{
	pk_json_key(w, key);
	if (!isfinite(lo) || !isfinite(hi)) {
		pk_json_null(w);
		return;
	}
	pk_json_arr(w);
	pk_json_num(w, (double)llround(lo * 10000) / 10000);
	pk_json_num(w, (double)llround(hi * 10000) / 10000);
	pk_json_end_arr(w);
}

static void moments(pk_json *w, const char *key, const ev_moments *m, double max)
{
	double lo, hi;

	pk_json_key(w, key);
	pk_json_obj(w);
	pk_json_kint(w, "n", (long long)m->n);
	num_or_null(w, "mean", m->n ? m->mean : NAN);
	num_or_null(w, "sd", ev_moments_sd(m));
	/* Student-t interval, clipped to the score's range: a mean of 9.5 over
	 * three answers has no upper bound of 12 */
	ev_moments_ci95(m, 0, max, &lo, &hi);
	interval(w, "ci95", lo, hi);
	pk_json_end_obj(w);
}

void tool_model_json(pk_json *w, const ev_model_sum *m)
{
	double lo, hi;
	int s;

	pk_json_obj(w);
	pk_json_kstr(w, "model", m->name);
	pk_json_kint(w, "answers", (long long)m->answers);
	pk_json_kint(w, "errors", (long long)m->errors);
	if (m->perturbed)
		pk_json_kint(w, "perturbed", (long long)m->perturbed);
	pk_json_key(w, "scores");
	pk_json_obj(w);
	for (s = 0; s < EV_NSCORES; s++)
		moments(w, ev_score_name(s), &m->score[s], 10);
	pk_json_end_obj(w);
	moments(w, "traced_fraction", &m->traced, 1);
	pk_json_key(w, "fabricated");
	pk_json_obj(w);
	pk_json_kint(w, "citations", (long long)m->citations);
	pk_json_kint(w, "fabricated", (long long)m->fabricated);
	num_or_null(w, "rate", m->citations ? (double)m->fabricated / (double)m->citations : NAN);
	ev_wilson(m->fabricated, m->citations, EV_Z95, &lo, &hi);
	interval(w, "wilson95", m->citations ? lo : NAN, m->citations ? hi : NAN);
	moments(w, "per_answer_rate", &m->fab_rate, 1);
	pk_json_key(w, "patterns");
	pk_json_obj(w);
	for (s = 0; s < EV_NPATTERNS; s++)
		if (m->patterns[s])
			pk_json_kint(w, ev_pattern_name(s), (long long)m->patterns[s]);
	pk_json_end_obj(w);
	pk_json_end_obj(w);
	pk_json_end_obj(w);
}

static void print_table(const ev_summary *s)
{
	size_t i;
	int k;

	printf("%-24s %7s %6s", "MODEL", "ANSWERS", "ERRORS");
	for (k = 0; k < EV_NSCORES; k++)
		printf("  %-18s", ev_score_name(k));
	printf("  %-8s  %s\n", "TRACED", "FABRICATED REFERENCES");
	for (i = 0; i <= s->n; i++) {
		const ev_model_sum *m = i < s->n ? &s->m[i] : &s->all;
		double lo, hi;

		if (i == s->n && s->n < 2)
			break; /* "(all)" repeats a single model */
		printf("%-24.24s %7zu %6zu", m->name, m->answers, m->errors);
		for (k = 0; k < EV_NSCORES; k++) {
			char cell[40];

			ev_moments_ci95(&m->score[k], 0, 10, &lo, &hi);
			if (!m->score[k].n)
				snprintf(cell, sizeof(cell), "-");
			else if (isfinite(lo))
				snprintf(cell, sizeof(cell), "%.2f [%.2f,%.2f]", m->score[k].mean, lo, hi);
			else
				snprintf(cell, sizeof(cell), "%.2f", m->score[k].mean);
			printf("  %-18s", cell);
		}
		if (m->traced.n)
			printf("  %-8.2f", m->traced.mean);
		else
			printf("  %-8s", "-");
		ev_wilson(m->fabricated, m->citations, EV_Z95, &lo, &hi);
		if (m->citations)
			printf("  %zu/%zu = %.3f [%.3f,%.3f]", m->fabricated, m->citations,
			       (double)m->fabricated / (double)m->citations, lo, hi);
		else
			printf("  -");
		printf("\n");
	}
	if (s->all.perturbed)
		printf("(%zu perturbed prediction%s (HELM) counted apart, not as answers)\n", s->all.perturbed,
		       s->all.perturbed == 1 ? "" : "s");
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: provkg summarize [--json] AUDIT.jsonl...\n"
		"  AUDIT.jsonl  records written by `provkg check` (- for standard input)\n"
		"  --json       {\"models\":[...],\"overall\":{...}}: per model the answers, errors, each\n"
		"               score's mean, sd and Student-t 95%% interval, the traced fraction, and the\n"
		"               fabricated-reference rate pooled over citations with a Wilson 95%% interval,\n"
		"               the per-answer rate and the breakdown by fabrication pattern\n"
		"exit: 0 done, 2 usage, 3 a missing file or one with no check record, 5 I/O error\n");
}

int cmd_summarize(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	ev_summary s;
	int ch, json = 0, rc, code = EXIT_OK;

	while ((ch = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (ch) {
		case 'j': json = 1; break;
		case 'h': usage(stdout); return EXIT_OK;
		default: usage(stderr); return EXIT_USAGE;
		}
	}
	if (optind >= argc) {
		usage(stderr);
		return EXIT_USAGE;
	}
	memset(&s, 0, sizeof(s));
	for (; optind < argc; optind++)
		if ((rc = tool_read_audit(argv[optind], &s, NULL, NULL)) < 0) {
			ev_summary_release(&s);
			return tool_fail(rc, NULL);
		}
	if (!s.all.answers) {
		tool_error("no provkg check records read");
		ev_summary_release(&s);
		return EXIT_DATA;
	}
	if (json) {
		pk_buf b = PK_BUF_INIT;
		pk_json w;
		size_t i;

		pk_json_init(&w, &b);
		pk_json_obj(&w);
		pk_json_key(&w, "models");
		pk_json_arr(&w);
		for (i = 0; i < s.n; i++)
			tool_model_json(&w, &s.m[i]);
		pk_json_end_arr(&w);
		pk_json_key(&w, "overall");
		tool_model_json(&w, &s.all);
		pk_json_end_obj(&w);
		code = tool_emit_json(&w, &b);
		pk_buf_release(&b);
	} else {
		print_table(&s);
	}
	ev_summary_release(&s);
	return code;
}
