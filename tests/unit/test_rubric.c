/* Unit tests for eval/rubric: rubric validation (each error names its
 * spot), end-to-end and partial-credit scores, medians, Cohen's kappa, and
 * a whole report on tests/fixtures/rubric (values worked by hand in the
 * comments), with the machine-checkable criteria on the data/sources graph. */
#include "t.h"

#include "common/alloc.h"
#include "common/error.h"
#include "common/lines.h"
#include "eval/rubric.h"
#include "kg/store.h"
#include "query/units.h"

#include "graph.h"

#include <cJSON.h>

static const char *dir;

static int load_text(ev_rubrics **rs, const char *json)
{
	char path[300];

	snprintf(path, sizeof(path), "%s/r.json", dir);
	t_write(path, json);
	return ev_rubrics_load(rs, path);
}

/* The error of a bad rubric contains want. */
static void bad(const char *json, const char *want)
{
	ev_rubrics *rs = NULL;

	CHECK_EQ_INT(load_text(&rs, json), PK_EPARSE);
	CHECK(rs == NULL);
	if (!strstr(pk_error_last(), want)) {
		fprintf(stderr, "error '%s' lacks '%s'\n", pk_error_last(), want);
		t_fail_now = 1;
	}
	pk_error_clear();
}

#define C(id, pts) "{\"id\": \"" id "\", \"text\": \"t\", \"points\": " #pts "}"
#define L(score, crits) "{\"score\": " #score ", \"criteria\": [" crits "]}"

static void validation(void)
{
	ev_rubrics *rs = NULL;

	CHECK_EQ_INT(load_text(&rs, "{\"task\": \"t\", \"levels\": [" L(1, C("a", 1) "," C("b", 4)) "," L(2, C("c", 2)) "]}"), 0);
	CHECK(rs && rs->n == 1 && rs->r[0].nlevels == 2 && rs->r[0].nc == 3 && rs->r[0].points == 7);
	CHECK_EQ_INT(ev_rubric_criterion(&rs->r[0], "c"), 2);
	CHECK_EQ_INT(ev_rubric_criterion(&rs->r[0], "zz"), -1);
	CHECK_EQ_INT(ev_rubrics_find(rs, "t"), 0);
	ev_rubrics_free(rs);
	bad("{\"task\": \"t\", \"levels\": [" L(1, C("a", 1)) "," L(2, C("a", 2)) "]}",
	    "levels[1].criteria[0]: duplicate id 'a' (also at level 1)");
	bad("{\"task\": \"t\", \"levels\": [" L(1, C("a", 0)) "]}", "levels[0].criteria[0] ('a'): \"points\" must be");
	bad("{\"task\": \"t\", \"levels\": [" L(1, C("a", 5)) "]}", "\"points\" must be an integer from 1 to 4");
	bad("{\"task\": \"t\", \"levels\": [" L(1, C("a", 2.5)) "]}", "\"points\" must be");
	bad("{\"task\": \"t\", \"levels\": [" L(2, C("a", 1)) "," L(1, C("b", 1)) "]}",
	    "levels[1]: score 1 after 2: levels must be in increasing order");
	bad("{\"task\": \"t\", \"levels\": [" L(1, C("a", 1)) "," L(3, C("b", 1)) "]}",
	    "levels[1]: score 3 after 1: level 2 is missing");
	bad("{\"task\": \"t\", \"levels\": [" L(1, C("a", 1)) "," L(5, C("b", 1)) "]}", "levels 2 to 4 are missing");
	bad("{\"task\": \"t\", \"levels\": [" L(2, C("a", 1)) "]}", "level 1 is missing");
	bad("{\"task\": \"t\", \"levels\": [" L(1, C("a", 1)) "," L(1, C("b", 1)) "]}", "score 1 appears twice");
	bad("{\"task\": \"t\", \"levels\": [" L(11, C("a", 1)) "]}", "\"score\" must be an integer from 1 to 10");
	bad("{\"task\": \"t\", \"levels\": []}", "\"levels\" missing or empty");
	bad("{\"task\": \"t\", \"levels\": [{\"score\": 1, \"criteria\": []}]}", "levels[0] (score 1): \"criteria\" missing");
	bad("{\"levels\": [" L(1, C("a", 1)) "]}", "\"task\" missing");
	bad("[{\"task\": \"t\", \"levels\": [" L(1, C("a", 1)) "]}, {\"task\": \"t\", \"levels\": [" L(1, C("a", 1)) "]}]",
	    "[1]: task 't' has a rubric already ([0])");
	bad("{\"task\": \"t\", \"levels\": [{\"score\": 1, \"criteria\": [{\"id\": \"a\", \"text\": \"t\", \"points\": 1, "
	    "\"pattern\": \"(x\"}]}]}",
	    "('a'): bad pattern at offset");
	bad("{\"task\": \"t\", \"levels\": [{\"score\": 1, \"criteria\": [{\"id\": \"a\", \"text\": \"t\", \"points\": 1, "
	    "\"kg\": {\"doi\": \"nope\"}}]}]}",
	    "kg.doi 'nope' is not a DOI");
	bad("{\"task\": \"t\", \"levels\": [{\"score\": 1, \"criteria\": [{\"id\": \"a\", \"text\": \"t\", \"points\": 1, "
	    "\"kg\": {}}]}]}",
	    "\"kg\" must be {\"quantity\": NAME} or {\"doi\": DOI}");
	bad("{\"task\": \"t\",\n \"levels\": [\n  {\"score\": 1,, }]}", "r.json:3:");
	bad("[]", "expected a rubric object or a non-empty array");
}

static void scores(void)
{
	ev_rubrics *rs = NULL;
	/* levels 1 {a:2, b:1}, 2 {c:2}, 3 {d:4}: 9 points */
	unsigned char all[4] = { 1, 1, 1, 1 }, no_b[4] = { 1, 0, 1, 1 }, no_c[4] = { 1, 1, 0, 1 }, no_d[4] = { 1, 1, 1, 0 };
	unsigned char none[4] = { 0, 0, 0, 0 };
	double v[6];
	size_t t[2][2];

	CHECK_EQ_INT(load_text(&rs, "{\"task\": \"t\", \"levels\": [" L(1, C("a", 2) "," C("b", 1)) "," L(2, C("c", 2)) "," L(
					    3, C("d", 4)) "]}"),
		     0);
	if (!rs)
		return;
	CHECK_EQ_INT(ev_rubric_e2e(&rs->r[0], all), 3);
	CHECK_EQ_INT(ev_rubric_e2e(&rs->r[0], no_b), 0);  /* level 1 fails: stop there */
	CHECK_EQ_INT(ev_rubric_e2e(&rs->r[0], no_c), 1);  /* level 3 met, but not level 2 */
	CHECK_EQ_INT(ev_rubric_e2e(&rs->r[0], no_d), 2);
	CHECK_EQ_INT(ev_rubric_e2e(&rs->r[0], none), 0);
	CHECK_NEAR(ev_rubric_partial(&rs->r[0], all), 100.0, 1e-12);
	CHECK_NEAR(ev_rubric_partial(&rs->r[0], no_b), 800.0 / 9, 1e-12);
	CHECK_NEAR(ev_rubric_partial(&rs->r[0], no_d), 500.0 / 9, 1e-12);
	CHECK_NEAR(ev_rubric_partial(&rs->r[0], none), 0.0, 1e-12);
	ev_rubrics_free(rs);
	/* medians: odd, even (mean of the middle two), unsorted input */
	v[0] = 3, v[1] = 1, v[2] = 2;
	CHECK_NEAR(ev_median(v, 3), 2, 1e-12);
	v[0] = 6, v[1] = 3, v[2] = 5, v[3] = 4;
	CHECK_NEAR(ev_median(v, 4), 4.5, 1e-12);
	v[0] = 7;
	CHECK_NEAR(ev_median(v, 1), 7, 1e-12);
	CHECK(isnan(ev_median(v, 0)));
	/* kappa: [[20, 5], [10, 15]]: po .7, pe (25*30 + 25*20)/2500 = .5 -> .4 */
	t[0][0] = 20, t[0][1] = 5, t[1][0] = 10, t[1][1] = 15;
	CHECK_NEAR(ev_kappa2((const size_t(*)[2])t), 0.4, 1e-12);
	/* perfect agreement 1; none beyond chance 0; one answer throughout: undefined */
	t[0][0] = 3, t[0][1] = 0, t[1][0] = 0, t[1][1] = 2;
	CHECK_NEAR(ev_kappa2((const size_t(*)[2])t), 1.0, 1e-12);
	t[0][0] = 0, t[0][1] = 0, t[1][0] = 2, t[1][1] = 1;
	CHECK_NEAR(ev_kappa2((const size_t(*)[2])t), 0.0, 1e-12);
	t[0][0] = 4, t[0][1] = 0, t[1][0] = 0, t[1][1] = 0;
	CHECK(isnan(ev_kappa2((const size_t(*)[2])t)));
}

static void gradings(void)
{
	ev_rubrics *rs = NULL;
	ev_grade g;
	cJSON *o;

	CHECK_EQ_INT(load_text(&rs, "{\"task\": \"t\", \"levels\": [" L(1, C("a", 1) "," C("b", 1)) "]}"), 0);
	if (!rs)
		return;
	o = cJSON_Parse("{\"task\":\"t\",\"solution\":7,\"run\":\"r1\",\"grader\":\"expert\",\"criteria\":{\"a\":true,\"x\":true}}");
	CHECK_EQ_INT(ev_grade_parse(&g, rs, o, "g:1"), 0);
	CHECK_STR(g.solution, "7");
	CHECK_STR(g.run, "\"r1\"");
	CHECK(g.expert && g.met[0] && !g.met[1]);
	CHECK_EQ_INT(g.missing, 1);
	CHECK_STR(g.first_missing, "b");
	CHECK_EQ_INT(g.unknown, 1);
	CHECK_STR(g.first_unknown, "x");
	ev_grade_release(&g);
	cJSON_Delete(o);
	o = cJSON_Parse("{\"task\":\"t\",\"solution\":\"s\",\"grader\":\"llm\",\"criteria\":{}}");
	CHECK_EQ_INT(ev_grade_parse(&g, rs, o, "g:2"), PK_EPARSE);
	CHECK(strstr(pk_error_last(), "g:2: \"grader\" must be") != NULL);
	ev_grade_release(&g);
	cJSON_Delete(o);
	o = cJSON_Parse("{\"task\":\"t\",\"solution\":\"s\",\"criteria\":{\"a\":\"yes\"}}");
	CHECK_EQ_INT(ev_grade_parse(&g, rs, o, "g:3"), PK_EPARSE);
	CHECK(strstr(pk_error_last(), "criterion 'a' must be true or false") != NULL);
	ev_grade_release(&g);
	cJSON_Delete(o);
	o = cJSON_Parse("{\"task\":\"u\",\"solution\":\"s\",\"criteria\":{}}");
	CHECK_EQ_INT(ev_grade_parse(&g, rs, o, "g:4"), PK_EPARSE);
	CHECK(strstr(pk_error_last(), "task 'u' has no rubric") != NULL);
	ev_grade_release(&g);
	cJSON_Delete(o);
	o = cJSON_Parse("{\"task\":\"t\",\"solution\":\"s\",\"hints\":-1,\"criteria\":{}}");
	CHECK_EQ_INT(ev_grade_parse(&g, rs, o, "g:5"), PK_EPARSE);
	ev_grade_release(&g);
	cJSON_Delete(o);
	pk_error_clear();
	ev_rubrics_free(rs);
}

/* tests/fixtures/rubric: every figure below is worked by hand. */
static void report(void)
{
	ev_rubrics *rs = NULL;
	ev_grade g[32];
	ev_solution_text x[2];
	char *xt[2] = { NULL, NULL };
	ev_rubric_report r;
	kg_store *store = NULL;
	kg_txn *txn = NULL;
	query_units *units = NULL;
	char *text = NULL, *texts = NULL;
	size_t n = 0, ng = 0, i, line = 0, tn = 0;
	const char *p, *gdir = t_tmpdir("rubric-graph");

	CHECK_EQ_INT(ev_rubrics_load(&rs, "tests/fixtures/rubric/rubric.json"), 0);
	CHECK_EQ_INT(pk_file_read(&text, &n, "tests/fixtures/rubric/grades.jsonl", 1 << 20), 0);
	if (!rs || !text)
		return;
	for (p = text; p < text + n && ng < 32; line++) {
		const char *e = memchr(p, '\n', (size_t)(text + n - p));
		cJSON *o = cJSON_ParseWithLength(p, e ? (size_t)(e - p) : (size_t)(text + n - p));
		char where[32];

		snprintf(where, sizeof(where), "grades:%zu", line + 1);
		if (ev_grade_parse(&g[ng], rs, o, where) == 0)
			ng++;
		else
			ev_grade_release(&g[ng]);
		cJSON_Delete(o);
		p = e ? e + 1 : text + n;
	}
	pk_error_clear();
	CHECK_EQ_INT(ng, 21); /* a line that is not JSON, a task with no rubric */
	/* the texts of s1 and s2 */
	CHECK_EQ_INT(pk_file_read(&texts, &tn, "tests/fixtures/rubric/solutions.jsonl", 1 << 20), 0);
	{
		char *nl = texts ? strchr(texts, '\n') : NULL;
		cJSON *a, *b;

		if (!nl)
			return;
		*nl = '\0';
		a = cJSON_Parse(texts);
		b = cJSON_Parse(nl + 1);
		x[0].rubric = x[1].rubric = 0;
		x[0].solution = "\"s1\"";
		x[1].solution = "\"s2\"";
		x[0].text = xt[0] = pk_strdup(cJSON_GetObjectItem(a, "text")->valuestring);
		x[1].text = xt[1] = pk_strdup(cJSON_GetObjectItem(b, "text")->valuestring);
		x[0].len = strlen(x[0].text);
		x[1].len = strlen(x[1].text);
		cJSON_Delete(a);
		cJSON_Delete(b);
	}
	/* kg criteria need the graph */
	CHECK_EQ_INT(ev_rubric_report_make(&r, rs, g, ng, x, 2, NULL, NULL), PK_EINVAL);
	pk_error_clear();
	if (t_build_graph(gdir, NULL) < 0 || kg_store_open(&store, gdir, KG_OPEN_READ) < 0 || kg_txn_read(&txn, store) < 0 ||
	    query_units_open(&units, txn, NULL) < 0) {
		fprintf(stderr, "graph: %s\n", pk_error_last());
		t_fail_now = 1;
		goto done;
	}
	CHECK_EQ_INT(ev_rubric_report_make(&r, rs, g, ng, x, 2, txn, units), 0);
	CHECK_EQ_INT(r.ns, 5);
	CHECK_EQ_INT(r.auto_gradings, 15);
	CHECK_EQ_INT(r.expert_gradings, 4);
	CHECK_EQ_INT(r.missing, 1);
	if (r.ns == 5) {
		/* s1: e2e 6 5 3 4 (a7 off, a5 off, a6 not given) -> median 4.5, not
		 * viable; partial 100, 11/15, 12/15, 13/15 -> median (80 + 86.67)/2 */
		CHECK_EQ_INT(r.s[0].runs, 4);
		CHECK_EQ_INT(r.s[0].e2e[2], 3);
		CHECK_NEAR(r.s[0].e2e_median, 4.5, 1e-12);
		CHECK_NEAR(r.s[0].partial_median, (80.0 + 1300.0 / 15) / 2, 1e-9);
		CHECK(!r.s[0].viable);
		CHECK_NEAR(r.s[0].expert_median, 5, 1e-12);
		/* s2: 0 6 1 -> 1; s3: 6 6 5 6 6 -> 6, viable */
		CHECK_NEAR(r.s[1].e2e_median, 1, 1e-12);
		CHECK_NEAR(r.s[2].e2e_median, 6, 1e-12);
		CHECK(r.s[2].viable);
		/* t1: 3 2 -> 2.5, partial (100 + 3/7)/2; t2: its hints-0 attempt */
		CHECK_NEAR(r.s[3].e2e_median, 2.5, 1e-12);
		CHECK_NEAR(r.s[3].partial_median, (100 + 300.0 / 7) / 2, 1e-9);
		CHECK_EQ_INT(r.s[4].runs, 1);
		/* hints: e2e 1, 2, 3 after 0, 1, 2 hints: the top after 2 */
		CHECK_EQ_INT(r.s[4].steps, 3);
		CHECK_EQ_INT(r.s[4].hints_to_top, 2);
		CHECK_EQ_INT(r.s[3].steps, 0);
		/* machine checks: s1 all met, as the grader says; s2 none, the
		 * grader says met for all three */
		CHECK_EQ_INT(r.s[0].nmachine, 3);
		for (i = 0; i < r.s[0].nmachine; i++)
			CHECK(r.s[0].machine[i].met && !r.s[0].machine[i].disagree);
		CHECK_EQ_INT(r.s[1].nmachine, 3);
		for (i = 0; i < r.s[1].nmachine; i++)
			CHECK(!r.s[1].machine[i].met && r.s[1].machine[i].disagree);
		CHECK(strstr(r.s[1].machine[1].why, "wrongly") != NULL);
		CHECK_EQ_INT(r.machine_disagreements, 3);
	}
	/* tasks: boltzmann medians 4.5 1 6 -> 4.5, viable 1/3; runs by e2e
	 * 0:1 1:1 3:1 4:1 5:2 6:6; titration 2.5 1 -> 1.75 */
	CHECK_EQ_INT(r.nt, 2);
	if (r.nt == 2) {
		CHECK_NEAR(r.t[0].viable_share, 1.0 / 3, 1e-12);
		CHECK_NEAR(r.t[0].e2e_median, 4.5, 1e-12);
		CHECK_NEAR(r.t[0].partial_median, 1300.0 / 15, 1e-9);
		CHECK_EQ_INT(r.t[0].runs_at[6], 6);
		CHECK_EQ_INT(r.t[0].runs_at[2], 0);
		CHECK_NEAR(r.t[1].e2e_median, 1.75, 1e-12);
		CHECK_NEAR(r.t[1].viable_share, 0, 1e-12);
	}
	/* agreement: s1 4.5 vs 5, s2 1 vs 6, t1 2.5 vs 3: exact 0, within 1: 2;
	 * pairs 4 + 6 + 2 = 12, exact 1 + 2 + 1, within 1 3 + 2 + 2; viability
	 * (grader, experts): (no, yes) (no, yes) (no, no): kappa 0 */
	CHECK_EQ_INT(r.agree.solutions, 3);
	CHECK_EQ_INT(r.agree.exact, 0);
	CHECK_EQ_INT(r.agree.within1, 2);
	CHECK_EQ_INT(r.agree.pairs, 12);
	CHECK_EQ_INT(r.agree.pairs_exact, 4);
	CHECK_EQ_INT(r.agree.pairs_within1, 7);
	CHECK_EQ_INT(r.agree.viability[1][0], 2);
	CHECK_EQ_INT(r.agree.viability[1][1], 1);
	CHECK_NEAR(r.agree.kappa, 0, 1e-12);
	/* differing most: b3 1/2; a7 3/10 (s1: 3 runs met x the expert not) */
	CHECK(r.agree.ncrit >= 2);
	if (r.agree.ncrit >= 2) {
		CHECK_STR(rs->r[r.agree.crit[0].rubric].c[r.agree.crit[0].criterion].id, "b3");
		CHECK_EQ_INT(r.agree.crit[1].differ, 3);
		CHECK_EQ_INT(r.agree.crit[1].pairs, 10);
		CHECK_NEAR(r.agree.crit[1].auto_rate, 6.0 / 7, 1e-12);
		CHECK_NEAR(r.agree.crit[1].expert_rate, 2.0 / 3, 1e-12);
	}
	ev_rubric_report_release(&r);
done:
	for (i = 0; i < ng; i++)
		ev_grade_release(&g[i]);
	pk_free(xt[0]);
	pk_free(xt[1]);
	query_units_free(units);
	kg_txn_free(txn);
	kg_store_free(store);
	t_rmrf(gdir);
	pk_free(text);
	pk_free(texts);
	ev_rubrics_free(rs);
}

int main(void)
{
	char cmd[300];

	pk_alloc_init();
	dir = t_tmpdir("rubric");
	snprintf(cmd, sizeof(cmd), "mkdir -p '%s'", dir);
	if (system(cmd) != 0)
		return 1;
	RUN(validation);
	RUN(scores);
	RUN(gradings);
	RUN(report);
	t_rmrf(dir);
	T_DONE();
}
