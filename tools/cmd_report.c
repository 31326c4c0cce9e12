/* tools/cmd_report.c - `provkg report`: one self-contained HTML file from
 * `provkg check` audit records: a radar chart (inline SVG) of the four
 * scores per model, the per-model table with intervals, the fabricated
 * references by pattern, the failing items with their evidence, and the
 * references that could not be checked, with the reason. No script,
 * stylesheet or font is loaded from anywhere. */
#include "tool.h"

#include "../common/buf.h"
#include "../common/error.h"
#include "../common/text.h"
#include "../eval/summary.h"

#include <cJSON.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* 20 colours told apart (Tableau's 10, then their darker and lighter
 * kin), and dash patterns so that outlines which coincide still show. */
static const char *const colors[] = { "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b",
				      "#e377c2", "#7f7f7f", "#bcbd22", "#393b79", "#637939", "#8c6d31", "#843c39",
				      "#7b4173", "#3182bd", "#e6550d", "#31a354", "#756bb1", "#636363" };
#define NCOLORS (sizeof(colors) / sizeof(colors[0]))
static const char *const dashes[] = { "none", "8 4", "2 3", "10 3 2 3", "4 4", "1 5" };
#define NDASHES (sizeof(dashes) / sizeof(dashes[0]))
#define COMBINED_MAX 6 /* more models than this: one small chart each */

typedef struct table {
	pk_buf html;      /* the table's rows */
	size_t n, dropped;
	const char *row_class; /* "item", "unchecked" */
} table;

typedef struct items {
	table fail;       /* failing items */
	table unchecked;  /* references that could not be checked (unverifiable) */
	table unread;     /* answers that could not be read */
	size_t max;       /* rows per table */
} items;

/* An append that fails (memory) is remembered and the report is not
 * written: a page with holes would read as complete. */
static int report_oom;

static void rputs(pk_buf *b, const char *s)
{
	if (pk_buf_puts(b, s) < 0)
		report_oom = 1;
}

static void rputc(pk_buf *b, char c)
{
	if (pk_buf_putc(b, c) < 0)
		report_oom = 1;
}

static void rput(pk_buf *b, const void *p, size_t n)
{
	if (pk_buf_put(b, p, n) < 0)
		report_oom = 1;
}

static void rprintf(pk_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void rprintf(pk_buf *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (pk_buf_vprintf(b, fmt, ap) < 0)
		report_oom = 1;
	va_end(ap);
}

static void esc(pk_buf *b, const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n && s[i]; i++) {
		switch (s[i]) {
		case '<': rputs(b, "&lt;"); break;
		case '>': rputs(b, "&gt;"); break;
		case '&': rputs(b, "&amp;"); break;
		case '"': rputs(b, "&quot;"); break;
		case '\'': rputs(b, "&#39;"); break;
		default: rputc(b, s[i]);
		}
	}
}

static void esc_s(pk_buf *b, const char *s)
{
	if (s)
		esc(b, s, strlen(s));
}

/* at most max bytes of s, cut on a character boundary */
static void esc_cut(pk_buf *b, const char *s, size_t max)
{
	esc(b, s, pk_utf8_cut(s, strnlen(s, max), max));
}

/* Text with the inline markup titles carry (Crossref's <sub>, <jats:sup>,
 * <i>, MathML): sub, sup, i and b rendered, every other tag dropped, the
 * rest escaped; an entity (&amp;) kept as it is. Tags left open are closed. */
static void esc_markup(pk_buf *b, const char *s)
{
	static const struct { const char *in, *out; } keep[] = {
		{ "sub", "sub" }, { "jats:sub", "sub" }, { "sup", "sup" }, { "jats:sup", "sup" }, { "i", "i" },
		{ "em", "i" }, { "jats:italic", "i" }, { "b", "b" }, { "strong", "b" }, { "jats:bold", "b" },
	};
	int open[4] = { 0 }; /* sub, sup, i, b */
	const char *names[4] = { "sub", "sup", "i", "b" };
	size_t k;

	if (!s)
		return;
	while (*s) {
		const char *gt;

		if (*s == '<' && (gt = strchr(s, '>')) != NULL && gt - s < 64) {
			int close = s[1] == '/';
			size_t nl = (size_t)(gt - s) - 1 - (size_t)close;
			const char *name = s + 1 + close;

			for (k = 0; k < sizeof(keep) / sizeof(keep[0]); k++) {
				int j;

				if (strlen(keep[k].in) != nl || strncmp(name, keep[k].in, nl))
					continue;
				for (j = 0; j < 4 && strcmp(names[j], keep[k].out); j++)
					;
				if (close && open[j] > 0) {
					open[j]--;
					rprintf(b, "</%s>", keep[k].out);
				} else if (!close && open[j] < 8) {
					open[j]++;
					rprintf(b, "<%s>", keep[k].out);
				}
				break;
			}
			s = gt + 1; /* another tag: dropped, its text kept */
			continue;
		}
		if (*s == '&') {
			size_t n = strspn(s + 1, "#abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789");

			if (n && n < 10 && s[1 + n] == ';') {
				rput(b, s, n + 2);
				s += n + 2;
				continue;
			}
		}
		esc(b, s, 1);
		s++;
	}
	for (k = 0; k < 4; k++)
		while (open[k]-- > 0)
			rprintf(b, "</%s>", names[k]);
}

static void row(table *it, size_t max, const ev_record *rec, const char *kind, const char *verdict, const char *cited,
		const char *sentence, pk_buf *evidence)
{
	char *ids = rec->id ? cJSON_PrintUnformatted(rec->id) : NULL;

	if (it->n >= max) {
		it->dropped++;
		cJSON_free(ids);
		return;
	}
	it->n++;
	rprintf(&it->html, "<tr class=\"%s\"><td>", it->row_class);
	esc_s(&it->html, rec->model ? rec->model : "");
	rputs(&it->html, "</td><td>");
	esc_s(&it->html, ids ? ids : "");
	if (rec->perturbation && *rec->perturbation) {
		/* HELM's robustness probe of the answer, not another answer */
		rputs(&it->html, " <span class=\"src\">(perturbed: ");
		esc_s(&it->html, rec->perturbation);
		rputs(&it->html, ")</span>");
	}
	rputs(&it->html, "</td><td>");
	esc_s(&it->html, kind);
	rprintf(&it->html, "</td><td class=\"v-%s\">", verdict);
	esc_s(&it->html, verdict);
	rputs(&it->html, "</td><td>");
	esc_cut(&it->html, cited, 300);
	if (sentence && *sentence && strcmp(sentence, cited)) {
		rputs(&it->html, "<div class=\"ctx\">");
		esc_cut(&it->html, sentence, 700);
		rputs(&it->html, "</div>");
	}
	rputs(&it->html, "</td><td>");
	rput(&it->html, evidence->ptr ? evidence->ptr : "", evidence->len);
	rputs(&it->html, "</td></tr>\n");
	cJSON_free(ids);
}

static int collect(void *ctx, const ev_record *rec)
{
	items *it = ctx;
	const cJSON *v;

	if (rec->error) {
		pk_buf ev = PK_BUF_INIT;

		esc_s(&ev, rec->error);
		row(&it->unread, it->max, rec, "answer", "error", rec->where, NULL, &ev);
		pk_buf_release(&ev);
		return 0;
	}
	cJSON_ArrayForEach(v, rec->values)
	{
		const char *verdict = ev_record_str(v, "verdict");
		const cJSON *cited = cJSON_GetObjectItemCaseSensitive(v, "cited");
		const cJSON *ref = cJSON_GetObjectItemCaseSensitive(v, "reference");
		pk_buf ev = PK_BUF_INIT;
		char cite[400];

		if (strcmp(verdict, "mismatch") && strcmp(verdict, "unit_mismatch") && strcmp(verdict, "outdated"))
			continue;
		snprintf(cite, sizeof(cite), "%s %s (%s)", ev_record_str(cited, "text"), ev_record_str(cited, "unit"), ev_record_str(v, "quantity"));
		if (cJSON_IsObject(ref)) {
			esc_s(&ev, ev_record_str(ref, "name"));
			rputs(&ev, " = ");
			esc_s(&ev, ev_record_str(ref, "value_text"));
			rputc(&ev, ' ');
			esc_s(&ev, ev_record_str(ref, "unit"));
			rputs(&ev, " <span class=\"src\">[");
			esc_s(&ev, ev_record_str(ref, "source"));
			rputc(&ev, ' ');
			esc_s(&ev, ev_record_str(ref, "edition"));
			rputs(&ev, ", ");
			esc_s(&ev, ev_record_str(ref, "locator"));
			rputs(&ev, "]</span><br>");
		}
		esc_s(&ev, ev_record_str(v, "diagnosis"));
		row(&it->fail, it->max, rec, "value", verdict, cite, ev_record_str(v, "sentence"), &ev);
		pk_buf_release(&ev);
	}
	cJSON_ArrayForEach(v, rec->cites)
	{
		const char *verdict = ev_record_str(v, "verdict");
		const cJSON *match = cJSON_GetObjectItemCaseSensitive(v, "match"), *r;
		pk_buf ev = PK_BUF_INIT;

		if (strcmp(verdict, "fabricated") && strcmp(verdict, "mismatch") && strcmp(verdict, "unverifiable"))
			continue;
		if (cJSON_IsObject(match)) {
			rputs(&ev, "closest work: ");
			esc_markup(&ev, ev_record_str(match, "title"));
			rputs(&ev, " <span class=\"src\">doi:");
			esc_s(&ev, ev_record_str(match, "doi"));
			rputs(&ev, "</span><br>");
		}
		cJSON_ArrayForEach(r, cJSON_GetObjectItemCaseSensitive(v, "reasons"))
		{
			if (!cJSON_IsString(r))
				continue;
			esc_markup(&ev, r->valuestring);
			rputs(&ev, "<br>");
		}
		if (!strcmp(verdict, "unverifiable"))
			row(&it->unchecked, it->max, rec, "reference", verdict, ev_record_str(v, "input"), ev_record_str(v, "sentence"), &ev);
		else
			row(&it->fail, it->max, rec, "reference", verdict, ev_record_str(v, "input"), ev_record_str(v, "sentence"), &ev);
		pk_buf_release(&ev);
	}
	return 0;
}

/* ---- the radar chart ------------------------------------------------------ */

static const double PI = 3.14159265358979;

/* A model with no scored answer (only unreadable ones, like an empty
 * "(unknown)") has nothing to draw and stays out of the chart. */
static int scored(const ev_model_sum *m)
{
	int k;

	for (k = 0; k < EV_NSCORES; k++)
		if (m->score[k].n)
			return 1;
	return 0;
}

static double mean_of(const ev_model_sum *m, int k)
{
	return m->score[k].n ? m->score[k].mean : 0;
}

/* The values of the rings, on a white halo: drawn over the outlines so
 * they stay readable. */
static void ticks(FILE *f, double cx, double cy, double R)
{
	int g;

	for (g = 2; g <= 10; g += 2)
		fprintf(f, "<text class=\"tick\" x=\"%.1f\" y=\"%.1f\">%d</text>\n", cx + 4, cy - R * g / 10 + 4, g);
}

/* The web of a chart: rings at 2..10, the axes and their names (in full,
 * or as initials in a small chart). */
static void web(FILE *f, double cx, double cy, double R, int names)
{
	int k, g;

	for (g = 2; g <= 10; g += 2) {
		fprintf(f, "<polygon class=\"grid\" points=\"");
		for (k = 0; k < EV_NSCORES; k++) {
			double a = -PI / 2 + k * 2 * PI / EV_NSCORES;

			fprintf(f, "%.1f,%.1f ", cx + R * g / 10 * cos(a), cy + R * g / 10 * sin(a));
		}
		fprintf(f, "\"/>\n");
	}
	for (k = 0; k < EV_NSCORES; k++) {
		double a = -PI / 2 + k * 2 * PI / EV_NSCORES;
		double lx = cx + (R + 14) * cos(a), ly = cy + (R + 14) * sin(a);

		fprintf(f, "<line class=\"axis\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", cx, cy, cx + R * cos(a),
			cy + R * sin(a));
		fprintf(f, "<text class=\"label\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\">%s</text>\n", lx, ly + 4,
			fabs(cos(a)) < 0.1 ? "middle" : cos(a) > 0 ? "start" : "end",
			names ? ev_score_name(k) : (const char *[]){ "T", "P", "U", "F" }[k]);
	}
}

/* One model's outline, with a marker at each vertex; data-* attributes
 * carry the geometry for a reader (and the tests) to check. */
static void outline(FILE *f, const ev_model_sum *m, const char *color, const char *dash, double cx, double cy, double R)
{
	pk_buf name = PK_BUF_INIT;
	int k;

	esc_s(&name, m->name);
	fprintf(f, "<polygon class=\"model\" data-model=\"%s\" data-cx=\"%.1f\" data-cy=\"%.1f\" data-r=\"%.1f\" "
		   "fill=\"%s\" fill-opacity=\"0.12\" stroke=\"%s\" stroke-width=\"2.5\"%s%s%s points=\"",
		name.ptr ? name.ptr : "", cx, cy, R, color, color, strcmp(dash, "none") ? " stroke-dasharray=\"" : "",
		strcmp(dash, "none") ? dash : "", strcmp(dash, "none") ? "\"" : "");
	for (k = 0; k < EV_NSCORES; k++) {
		double a = -PI / 2 + k * 2 * PI / EV_NSCORES, v = mean_of(m, k);

		fprintf(f, "%.1f,%.1f ", cx + R * v / 10 * cos(a), cy + R * v / 10 * sin(a));
	}
	fprintf(f, "\"><title>%s</title></polygon>\n", name.ptr ? name.ptr : "");
	for (k = 0; k < EV_NSCORES; k++) {
		double a = -PI / 2 + k * 2 * PI / EV_NSCORES, v = mean_of(m, k);

		fprintf(f, "<circle class=\"vertex\" cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"/>\n", cx + R * v / 10 * cos(a),
			cy + R * v / 10 * sin(a), color);
	}
	pk_buf_release(&name);
}

static int same_means(const ev_model_sum *a, const ev_model_sum *b)
{
	int k;

	for (k = 0; k < EV_NSCORES; k++)
		if (fabs(mean_of(a, k) - mean_of(b, k)) > 0.005)
			return 0;
	return 1;
}

/* Up to COMBINED_MAX models share one chart (colours and dash patterns
 * apart; outlines that coincide are named below it); more get one small
 * chart each, in a grid, so no model hides under another. */
static void radar(FILE *f, const ev_summary *s)
{
	size_t i, j, nd = 0, *d;

	if (!(d = calloc(s->n ? s->n : 1, sizeof(*d))))
		return;
	for (i = 0; i < s->n; i++)
		if (scored(&s->m[i]))
			d[nd++] = i;
	if (!nd) {
		fprintf(f, "<p id=\"radar\">No scored answer to chart.</p>\n");
		free(d);
		return;
	}
	if (nd <= COMBINED_MAX) {
		const double cx = 300, cy = 200, R = 150;
		size_t height = 400 + 20 * nd;

		fprintf(f, "<svg id=\"radar\" class=\"radar\" xmlns=\"http://www.w3.org/2000/svg\" width=\"600\" "
			   "height=\"%zu\" viewBox=\"0 0 600 %zu\" role=\"img\" aria-label=\"scores per model\">\n",
			height, height);
		web(f, cx, cy, R, 1);
		for (j = 0; j < nd; j++)
			outline(f, &s->m[d[j]], colors[j % NCOLORS], dashes[j % NDASHES], cx, cy, R);
		ticks(f, cx, cy, R);
		for (j = 0; j < nd; j++) {
			const ev_model_sum *m = &s->m[d[j]];
			pk_buf name = PK_BUF_INIT;
			const char *dash = dashes[j % NDASHES];

			esc_s(&name, m->name);
			fprintf(f, "<line class=\"key\" x1=\"20\" y1=\"%zu\" x2=\"50\" y2=\"%zu\" stroke=\"%s\" stroke-width=\"3\"%s%s%s/>"
				   "<text class=\"legend\" x=\"58\" y=\"%zu\">%s <tspan class=\"means\">(%.1f, %.1f, %.1f, %.1f)"
				   "</tspan></text>\n",
				392 + 20 * j, 392 + 20 * j, colors[j % NCOLORS], strcmp(dash, "none") ? " stroke-dasharray=\"" : "",
				strcmp(dash, "none") ? dash : "", strcmp(dash, "none") ? "\"" : "", 396 + 20 * j,
				name.ptr ? name.ptr : "", mean_of(m, 0), mean_of(m, 1), mean_of(m, 2), mean_of(m, 3));
			pk_buf_release(&name);
		}
		fprintf(f, "</svg>\n");
		for (i = 0; i < nd; i++)
			for (j = i + 1; j < nd; j++)
				if (same_means(&s->m[d[i]], &s->m[d[j]])) {
					pk_buf a = PK_BUF_INIT, b = PK_BUF_INIT;

					esc_s(&a, s->m[d[i]].name);
					esc_s(&b, s->m[d[j]].name);
					fprintf(f, "<p class=\"note\">%s and %s have the same mean scores: their outlines coincide "
						   "(told apart by the dash pattern).</p>\n",
						a.ptr ? a.ptr : "", b.ptr ? b.ptr : "");
					pk_buf_release(&a);
					pk_buf_release(&b);
				}
	} else {
		const size_t cols = 4, cell = 250;
		const double R = 80;
		size_t rows = (nd + cols - 1) / cols;

		fprintf(f, "<svg id=\"radar\" class=\"radar small\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%zu\" "
			   "height=\"%zu\" viewBox=\"0 0 %zu %zu\" role=\"img\" aria-label=\"scores per model, one chart each\">\n",
			cols * cell, rows * cell, cols * cell, rows * cell);
		for (j = 0; j < nd; j++) {
			const ev_model_sum *m = &s->m[d[j]];
			double cx = (double)(j % cols) * cell + cell / 2.0, cy = (double)(j / cols) * cell + cell / 2.0 + 12;
			pk_buf name = PK_BUF_INIT;

			esc_s(&name, m->name);
			fprintf(f, "<text class=\"legend\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" fill=\"%s\">%.40s</text>\n",
				cx, cy - R - 26, colors[j % NCOLORS], name.ptr ? name.ptr : "");
			web(f, cx, cy, R, 0);
			outline(f, m, colors[j % NCOLORS], "none", cx, cy, R);
			if (j == 0)
				ticks(f, cx, cy, R);
			pk_buf_release(&name);
		}
		fprintf(f, "</svg>\n<p class=\"note\">%zu models: one chart each (T traceability, P premise, U uncertainty, "
			   "F falsifiability; rings at 2, 4, 6, 8, 10).</p>\n", nd);
	}
	free(d);
}

static void cell_ci(FILE *f, const ev_moments *m, double max, int digits)
{
	double lo, hi;

	if (!m->n) {
		fprintf(f, "<td>-</td>");
		return;
	}
	ev_moments_ci95(m, 0, max, &lo, &hi);
	if (isfinite(lo))
		fprintf(f, "<td>%.*f <span class=\"ci\">[%.*f, %.*f]</span></td>", digits, m->mean, digits, lo, digits, hi);
	else
		fprintf(f, "<td>%.*f</td>", digits, m->mean);
}

static void model_table(FILE *f, const ev_summary *s)
{
	size_t i;
	int k;

	fprintf(f, "<table id=\"models\"><thead><tr><th>model</th><th>answers</th><th>errors</th>");
	for (k = 0; k < EV_NSCORES; k++)
		fprintf(f, "<th>%s</th>", ev_score_name(k));
	fprintf(f, "<th>traced fraction</th><th>fabricated references (Wilson 95%%)</th></tr></thead><tbody>\n");
	for (i = 0; i <= s->n; i++) {
		const ev_model_sum *m = i < s->n ? &s->m[i] : &s->all;
		pk_buf name = PK_BUF_INIT;
		double lo, hi;

		if (i == s->n && s->n < 2)
			break;
		esc_s(&name, m->name);
		fprintf(f, "<tr><td>%s</td><td>%zu</td><td>%zu</td>", name.ptr ? name.ptr : "", m->answers, m->errors);
		pk_buf_release(&name);
		for (k = 0; k < EV_NSCORES; k++)
			cell_ci(f, &m->score[k], 10, 2);
		cell_ci(f, &m->traced, 1, 2);
		ev_wilson(m->fabricated, m->citations, EV_Z95, &lo, &hi);
		if (m->citations)
			fprintf(f, "<td>%zu / %zu = %.3f <span class=\"ci\">[%.3f, %.3f]</span></td>", m->fabricated, m->citations,
				(double)m->fabricated / (double)m->citations, lo, hi);
		else
			fprintf(f, "<td>no citations</td>");
		fprintf(f, "</tr>\n");
	}
	fprintf(f, "</tbody></table>\n");
}

static void pattern_table(FILE *f, const ev_summary *s)
{
	size_t i;
	int p;

	fprintf(f, "<table id=\"patterns\"><thead><tr><th>fabrication pattern</th>");
	for (i = 0; i < s->n; i++) {
		pk_buf name = PK_BUF_INIT;

		esc_s(&name, s->m[i].name);
		fprintf(f, "<th>%s</th>", name.ptr ? name.ptr : "");
		pk_buf_release(&name);
	}
	fprintf(f, "</tr></thead><tbody>\n");
	for (p = 0; p < EV_NPATTERNS; p++) {
		if (!s->all.patterns[p])
			continue;
		fprintf(f, "<tr><td>%s</td>", ev_pattern_name(p));
		for (i = 0; i < s->n; i++)
			fprintf(f, "<td>%zu</td>", s->m[i].patterns[p]);
		fprintf(f, "</tr>\n");
	}
	if (!s->all.fabricated)
		fprintf(f, "<tr><td colspan=\"%zu\">no fabricated references</td></tr>\n", s->n + 1);
	fprintf(f, "</tbody></table>\n");
}

static const char css[] =
	"body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#222;max-width:1200px}"
	"h1{font-size:22px}h2{font-size:17px;margin-top:28px}"
	"table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #ccc;padding:4px 8px;vertical-align:top;text-align:left}"
	"th{background:#f3f3f3}.ci{color:#777;font-size:12px}.src{color:#555;font-size:12px}"
	".v-fabricated,.v-mismatch,.v-unit_mismatch{color:#b00;font-weight:600}.v-outdated{color:#b60;font-weight:600}"
	".radar .grid{fill:none;stroke:#ddd}.radar .axis{stroke:#bbb}.radar .label{font-size:13px}"
	".radar .tick{font-size:11px;fill:#444;paint-order:stroke;stroke:#fff;stroke-width:3px}"
	".radar .legend{font-size:12px}.radar .means{fill:#777}.note{color:#555;font-size:13px}"
	".ctx{color:#555;font-size:12px;margin-top:4px;border-left:3px solid #ddd;padding-left:6px}";

static void usage(FILE *f)
{
	fprintf(f,
		"usage: provkg report -o FILE.html [--title T] [--max-items N] AUDIT.jsonl...\n"
		"  writes one self-contained HTML file (nothing loaded from the network): a radar chart\n"
		"  of the four scores per model, per-model means with 95%% intervals, the fabricated-\n"
		"  reference rate with Wilson intervals and its breakdown by pattern, and the failing\n"
		"  items (wrong values, fabricated or mismatched references) with their evidence and\n"
		"  the sentence each came from, the references that could not be checked (and what was\n"
		"  searched), and the answers that could not be read (and why); up to 6 models share one\n"
		"  radar chart, more get one small chart each\n"
		"  --max-items N   failing items listed (default 2000)\n"
		"exit: 0 written, 2 usage, 3 a missing file or one with no check record, 5 I/O error\n");
}

int cmd_report(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "title", required_argument, NULL, 't' },
		{ "max-items", required_argument, NULL, 'm' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *out = NULL, *title = "provkg audit report";
	ev_summary s;
	items it;
	pk_buf tmp = PK_BUF_INIT, t = PK_BUF_INIT;
	FILE *f = NULL;
	int ch, rc, i, code = EXIT_OK;
	char when[64];
	time_t now = time(NULL);
	struct tm tm;
	char *end;

	memset(&it, 0, sizeof(it));
	it.max = 2000;
	it.fail.row_class = "item";
	it.unchecked.row_class = "unchecked";
	it.unread.row_class = "unread";
	while ((ch = getopt_long(argc, argv, "o:h", longopts, NULL)) != -1) {
		switch (ch) {
		case 'o': out = optarg; break;
		case 't': title = optarg; break;
		case 'm':
			it.max = strtoul(optarg, &end, 10);
			if (*end) {
				tool_error("--max-items needs a number");
				return EXIT_USAGE;
			}
			break;
		case 'h': usage(stdout); return EXIT_OK;
		default: usage(stderr); return EXIT_USAGE;
		}
	}
	if (!out || optind >= argc) {
		usage(stderr);
		return EXIT_USAGE;
	}
	memset(&s, 0, sizeof(s));
	for (i = optind; i < argc; i++)
		if ((rc = tool_read_audit(argv[i], &s, collect, &it)) < 0) {
			code = tool_fail(rc, NULL);
			goto done;
		}
	if (!s.all.answers) {
		tool_error("no provkg check records read");
		code = EXIT_DATA;
		goto done;
	}
	if (report_oom) {
		tool_error("out of memory while building the report: nothing written");
		code = EXIT_SYSTEM;
		goto done;
	}
	/* written beside the target and renamed: never a half-written report */
	if (pk_buf_printf(&tmp, "%s.tmp-%ld", out, (long)getpid()) < 0 || !(f = fopen(tmp.ptr, "w"))) {
		tool_error("cannot write '%s': %s", tmp.ptr ? tmp.ptr : out, strerror(errno));
		code = EXIT_SYSTEM;
		goto done;
	}
	gmtime_r(&now, &tm);
	strftime(when, sizeof(when), "%Y-%m-%d %H:%M UTC", &tm);
	esc_s(&t, title);
	fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>%s</title>\n<style>%s</style>\n"
		   "</head><body>\n<h1>%s</h1>\n<p>%zu answers (%zu could not be read) from %d file%s, %zu model%s; "
		   "generated %s by provkg.</p>\n",
		t.ptr, css, t.ptr, s.all.answers, s.all.errors, argc - optind, argc - optind == 1 ? "" : "s", s.n,
		s.n == 1 ? "" : "s", when);
	if (s.all.perturbed)
		fprintf(f, "<p>%zu perturbed prediction%s (HELM's robustness probes of answers above) %s counted apart, "
			   "not as answers; %s items are listed, marked perturbed.</p>\n",
			s.all.perturbed, s.all.perturbed == 1 ? "" : "s", s.all.perturbed == 1 ? "is" : "are",
			s.all.perturbed == 1 ? "its" : "their");
	fprintf(f, "<h2>Scores per model (means, 0-10)</h2>\n");
	radar(f, &s);
	model_table(f, &s);
	fprintf(f, "<h2>Fabricated references by pattern</h2>\n");
	pattern_table(f, &s);
	fprintf(f, "<h2>Failing items</h2>\n<table id=\"items\"><thead><tr><th>model</th><th>answer</th><th>kind</th>"
		   "<th>verdict</th><th>cited (and the sentence it came from)</th><th>evidence</th></tr></thead><tbody>\n");
	fputs(it.fail.html.ptr ? it.fail.html.ptr : "", f);
	if (!it.fail.n)
		fprintf(f, "<tr><td colspan=\"6\">no failing items</td></tr>\n");
	fprintf(f, "</tbody></table>\n");
	if (it.fail.dropped)
		fprintf(f, "<p>%zu more failing items are not listed (--max-items %zu).</p>\n", it.fail.dropped, it.max);
	/* what the graph could not decide: neither right nor wrong, shown so
	 * that a reader sees every reference the answers cite */
	fprintf(f, "<h2>References not checked</h2>\n<p>Unverifiable: the graph cannot tell whether the work "
		   "exists or is described right (not counted as failures).</p>\n<table id=\"unchecked\"><thead><tr>"
		   "<th>model</th><th>answer</th><th>kind</th><th>verdict</th><th>cited</th><th>why</th></tr></thead>"
		   "<tbody>\n");
	fputs(it.unchecked.html.ptr ? it.unchecked.html.ptr : "", f);
	if (!it.unchecked.n)
		fprintf(f, "<tr><td colspan=\"6\">none</td></tr>\n");
	fprintf(f, "</tbody></table>\n");
	if (it.unchecked.dropped)
		fprintf(f, "<p>%zu more references are not listed (--max-items %zu).</p>\n", it.unchecked.dropped, it.max);
	fprintf(f, "<h2>Answers not read</h2>\n<table id=\"unread\"><thead><tr><th>model</th><th>answer</th><th>kind</th>"
		   "<th>verdict</th><th>where</th><th>why</th></tr></thead><tbody>\n");
	fputs(it.unread.html.ptr ? it.unread.html.ptr : "", f);
	if (!it.unread.n)
		fprintf(f, "<tr><td colspan=\"6\">none: every answer was read</td></tr>\n");
	fprintf(f, "</tbody></table>\n");
	if (it.unread.dropped)
		fprintf(f, "<p>%zu more unread answers are not listed (--max-items %zu).</p>\n", it.unread.dropped, it.max);
	fprintf(f, "<p class=\"src\">Scores and audit trail: <code>provkg check</code>; rules: "
		   "data/rules/credibility.json.</p>\n</body></html>\n");
	if (ferror(f) || fflush(f) == EOF || fsync(fileno(f)) < 0) {
		tool_error("cannot write '%s': %s", tmp.ptr, strerror(errno));
		fclose(f);
		f = NULL;
		unlink(tmp.ptr);
		code = EXIT_SYSTEM;
		goto done;
	}
	fclose(f);
	f = NULL;
	if (rename(tmp.ptr, out) < 0) {
		tool_error("cannot rename '%s' to '%s': %s", tmp.ptr, out, strerror(errno));
		unlink(tmp.ptr);
		code = EXIT_SYSTEM;
	}
done:
	if (f)
		fclose(f);
	ev_summary_release(&s);
	pk_buf_release(&it.fail.html);
	pk_buf_release(&it.unchecked.html);
	pk_buf_release(&it.unread.html);
	pk_buf_release(&tmp);
	pk_buf_release(&t);
	return code;
}
