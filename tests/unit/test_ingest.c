/* Unit tests for ingest/: CODATA and NIST parsers on fixtures with bad
 * records, strict mode, edition naming, detection and planning. */
#include "t.h"

#include <pthread.h>
#include <sys/resource.h>

#include "common/alloc.h"
#include "common/error.h"
#include "ingest/ingest.h"
#include "ingest/internal.h"
#include "kg/graph.h"
#include "kg/store.h"
#include "kg/work.h"

typedef struct one_ctx {
	int (*fn)(kg_txn *, const char *, const ingest_opts *, ingest_result *);
	const char *path;
	ingest_opts opts;
	ingest_result res;
} one_ctx;

static int run_one(kg_txn *t, void *vctx)
{
	one_ctx *c = vctx;

	ingest_result_release(&c->res);
	ingest_result_init(&c->res);
	return c->fn(t, c->path, &c->opts, &c->res);
}

/* Ingest one file into a fresh graph; the store stays open for reading. */
static int ingest_into(kg_store **s, const char *dir, one_ctx *c)
{
	int rc;

	t_rmrf(dir);
	ingest_result_init(&c->res);
	if ((rc = kg_build_begin(s, dir)) < 0)
		return rc;
	rc = kg_store_write(*s, run_one, c);
	return rc;
}

typedef struct vals {
	double v[8];
	const char *ed[8];
	int n;
	uint32_t flags[8];
} vals;

static int collect(const kg_value *v, void *ctx)
{
	vals *x = ctx;

	if (x->n < 8) {
		x->flags[x->n] = v->flags;
		x->v[x->n++] = v->value;
	}
	return 0;
}

static void codata_bad_lines(void)
{
	const char *dir = t_tmpdir("ing1");
	kg_store *s = NULL;
	kg_txn *t = NULL;
	one_ctx c = { ingest_codata, "tests/fixtures/codata-bad.txt", { 0 }, { 0 } };
	kg_source src;
	vals x = { { 0 }, { 0 }, 0, { 0 } };

	CHECK_EQ_INT(ingest_into(&s, dir, &c), 0);
	CHECK_EQ_INT(c.res.records, 6);
	CHECK_EQ_INT(c.res.rejected, 3);
	CHECK_STR(c.res.edition, "2014");
	CHECK(strstr(c.res.warnings.ptr, "codata-bad.txt:16: bad value '6.6x26 e-34'") != NULL);
	CHECK(strstr(c.res.warnings.ptr, "codata-bad.txt:17: not a constant line") != NULL);
	CHECK(strstr(c.res.warnings.ptr, "codata-bad.txt:18: duplicate constant") != NULL);
	CHECK_EQ_INT(kg_txn_read(&t, s), 0);
	CHECK_EQ_INT(kg_source_find(t, "CODATA", "2014", &src), 0);
	CHECK_EQ_INT(src.records, 6);
	CHECK_EQ_INT(src.rejected, 3);
	/* renamed constants land on their 2018 names; re-padded lines read */
	CHECK_EQ_INT(kg_value_each(t, KG_QUANTITY, "reduced planck constant", collect, &x), 0);
	CHECK_EQ_INT(x.n, 1);
	CHECK_NEAR(x.v[0], 1.0545718e-34, 1e-12);
	x.n = 0;
	CHECK_EQ_INT(kg_value_each(t, KG_QUANTITY, "vacuum electric permittivity", collect, &x), 0);
	CHECK_EQ_INT(x.n, 1);
	CHECK(x.flags[0] & KG_V_EXACT);
	CHECK(x.flags[0] & KG_V_TRUNCATED);
	x.n = 0;
	CHECK_EQ_INT(kg_value_each(t, KG_QUANTITY, "proton mass", collect, &x), 0);
	CHECK_EQ_INT(x.n, 1);
	CHECK_NEAR(x.v[0], 1.672621898e-27, 1e-15);
	x.n = 0;
	CHECK_EQ_INT(kg_value_each(t, KG_QUANTITY, "electron g factor", collect, &x), 0);
	CHECK_NEAR(x.v[0], -2.00231930436182, 1e-15);
	kg_txn_free(t);
	kg_build_abort(s);
	ingest_result_release(&c.res);

	/* --strict: the first bad record fails with file and line */
	c.opts.strict = 1;
	CHECK_EQ_INT(ingest_into(&s, dir, &c), PK_ESTRICT);
	CHECK_STR(pk_error_last(), "tests/fixtures/codata-bad.txt:16: bad value '6.6x26 e-34': unexpected 'x' in number '6.6x26 e-34'");
	kg_build_abort(s);
	ingest_result_release(&c.res);
	t_rmrf(dir);
}

static void codata_edition_from_header(void)
{
	const char *dir = t_tmpdir("ing2");
	kg_store *s = NULL;
	one_ctx c = { ingest_codata, "tests/fixtures/allascii-1999.txt", { 0 }, { 0 } };

	CHECK_EQ_INT(ingest_into(&s, dir, &c), 0);
	CHECK_STR(c.res.edition, "2018"); /* the header says 2018, the name 1999 */
	CHECK_EQ_INT(c.res.records, 2);
	kg_build_abort(s);
	ingest_result_release(&c.res);
	c.path = "tests/fixtures/codata-noyear.txt";
	CHECK_EQ_INT(ingest_into(&s, dir, &c), PK_EPARSE);
	CHECK(strstr(pk_error_last(), "no CODATA edition") != NULL);
	kg_build_abort(s);
	ingest_result_release(&c.res);
	t_rmrf(dir);
}

static void nist_records(void)
{
	const char *dir = t_tmpdir("ing3");
	kg_store *s = NULL;
	kg_txn *t = NULL;
	one_ctx c = { ingest_nist_aw, "tests/fixtures/nist-small.txt", { 0 }, { 0 } };
	vals x = { { 0 }, { 0 }, 0, { 0 } };
	kg_node n;

	CHECK_EQ_INT(ingest_into(&s, dir, &c), 0);
	CHECK_STR(c.res.edition, "test-1"); /* from the .edition sidecar */
	CHECK_EQ_INT(c.res.records, 8);     /* 7 good isotopes + Fe-58 (its weight rejected) */
	CHECK_EQ_INT(c.res.rejected, 3);
	CHECK(strstr(c.res.warnings.ptr, "nist-small.txt:57: incomplete isotope record") != NULL);
	CHECK(strstr(c.res.warnings.ptr, "nist-small.txt:66: expected 'Key = value'") != NULL);
	CHECK(strstr(c.res.warnings.ptr, "contradicts '55.845(2)'") != NULL);
	CHECK_EQ_INT(kg_txn_read(&t, s), 0);
	/* D is hydrogen-2; T has no composition */
	CHECK_EQ_INT(kg_node_get(t, KG_ENTITY, "H-2", &n), 0);
	CHECK_STR(n.symbol, "D");
	CHECK_EQ_INT(kg_value_each(t, KG_ENTITY, "H-3", collect, &x), 0);
	CHECK_EQ_INT(x.n, 1);
	x.n = 0;
	/* interval: midpoint, flags */
	CHECK_EQ_INT(kg_value_each(t, KG_ENTITY, "H", collect, &x), 0);
	CHECK_EQ_INT(x.n, 1);
	CHECK_NEAR(x.v[0], 1.007975, 1e-12);
	CHECK(x.flags[0] & KG_V_INTERVAL);
	x.n = 0;
	CHECK_EQ_INT(kg_value_each(t, KG_ENTITY, "Tc", collect, &x), 0);
	CHECK(x.flags[0] & KG_V_MASSNUM);
	CHECK_NEAR(x.v[0], 98, 0);
	x.n = 0;
	CHECK_EQ_INT(kg_value_each(t, KG_ENTITY, "Rh-99", collect, &x), 0);
	CHECK(x.flags[0] & KG_V_ESTIMATED);
	x.n = 0;
	CHECK_EQ_INT(kg_value_each(t, KG_ENTITY, "Fe-54", collect, &x), 0);
	CHECK_EQ_INT(x.n, 0);
	kg_txn_free(t);
	kg_build_abort(s);
	ingest_result_release(&c.res);
	t_rmrf(dir);
}

static void detect_and_plan(void)
{
	ingest_plan *p = NULL;
	const char *paths[] = { "tests/fixtures/unknown.txt" };
	const char *good[] = { "data/sources" };
	const char *missing[] = { "tests/fixtures/does-not-exist" };
	int kind;
	size_t i, codata = 0;

	CHECK_EQ_INT(ingest_detect(&kind, "tests/fixtures/codata-bad.txt"), 0);
	CHECK_EQ_INT(kind, INGEST_CODATA);
	CHECK_EQ_INT(ingest_detect(&kind, "tests/fixtures/nist-small.txt"), 0);
	CHECK_EQ_INT(kind, INGEST_NIST_AW);
	CHECK_EQ_INT(ingest_detect(&kind, "data/sources/aliases.tsv"), 0);
	CHECK_EQ_INT(kind, INGEST_ALIASES);
	CHECK_EQ_INT(ingest_plan_make(&p, paths, 1), PK_EPARSE);
	CHECK(strstr(pk_error_last(), "tests/fixtures/unknown.txt: unknown file type") != NULL);
	CHECK_EQ_INT(ingest_plan_make(&p, missing, 1), PK_ENOFILE);
	CHECK_EQ_INT(ingest_plan_make(&p, good, 1), 0);
	for (i = 0; i < ingest_plan_count(p); i++)
		codata += ingest_plan_kind(p, i) == INGEST_CODATA;
	CHECK_EQ_INT(codata, 3);
	/* tables come first */
	CHECK_EQ_INT(ingest_plan_kind(p, 0), INGEST_ELEMENTS);
	ingest_plan_free(p);
}

typedef struct seen {
	char dois[160];
	int n;
} seen;

static int on_work(void *ctx, const char *doi, size_t doi_len, const void *rec, size_t len)
{
	seen *x = ctx;
	size_t at = strlen(x->dois);

	(void)rec;
	(void)len;
	snprintf(x->dois + at, sizeof(x->dois) - at, "%s%.*s", at ? " " : "", (int)doi_len, doi);
	x->n++;
	return 0;
}

/* The values after a document are read too: after the array of items and
 * the members around it (brackets in strings, nested objects), whether
 * every record read whole or one was skipped. */
static void crossref_values_after_a_document(void)
{
	static const struct {
		const char *text, *dois;
		size_t rejected;
	} cases[] = {
		{ "{\"message\":{\"items\":[{\"DOI\":\"10.1234/a\",\"title\":[\"A\"]},"
		  "{\"DOI\":\"10.1234/b\",\"title\":[\"B ]}\"]}],\"total-results\":2,"
		  "\"next\":{\"x\":[1,{\"y\":\"]}\\\"\"}]}},\"status\":\"ok\"}\n"
		  "{\"DOI\":\"10.1234/c\",\"title\":[\"C\"]}\n",
		  "10.1234/a 10.1234/b 10.1234/c", 0 },
		{ "[{\"DOI\":\"10.1234/a\",\"title\":[\"A\"]}] {\"DOI\":\"10.1234/c\",\"title\":[\"C\"]}",
		  "10.1234/a 10.1234/c", 0 },
		/* a record whose title is no string is skipped; the rest read */
		{ "{\"items\":[{\"DOI\":\"10.1234/a\",\"title\":[\"A\"]},{\"DOI\":\"10.1234/x\",\"title\":\"\\q\"},"
		  "{\"DOI\":\"10.1234/b\",\"title\":[\"B\"]}],\"n\":\"}\"}{\"DOI\":\"10.1234/c\",\"title\":[\"C\"]}",
		  "10.1234/a 10.1234/b 10.1234/c", 1 },
		/* cut short: what came before the cut */
		{ "{\"items\":[{\"DOI\":\"10.1234/a\",\"title\":[\"A\"]},{\"DOI\":\"10.1234/b\"", "10.1234/a", 1 },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		seen x = { "", 0 };
		size_t rejected = 99;

		CHECK_EQ_INT(ingest_crossref_parse(cases[i].text, strlen(cases[i].text), on_work, &x, &rejected), 0);
		CHECK_STR(x.dois, cases[i].dois);
		CHECK_EQ_INT(rejected, cases[i].rejected);
	}
}

/* The online year: Crossref's "published-online", else the year the DOI
 * was registered ("created") when it is the year before the issue's. */
static int on_years(void *ctx, const char *doi, size_t doi_len, const void *rec, size_t len)
{
	char *out = ctx;
	kg_work w;
	size_t at = strlen(out);

	(void)doi;
	(void)doi_len;
	if (kg_work_decode(&w, rec, len) < 0)
		return -1;
	snprintf(out + at, 128 - at, "%s%d/%d", at ? " " : "", w.year, w.online_year);
	return 0;
}

static void crossref_online_year(void)
{
	static const char text[] =
		"{\"DOI\":\"10.1234/a\",\"created\":{\"date-parts\":[[2021,12,8]]},\"issued\":{\"date-parts\":[[2022,1]]}}\n"
		"{\"DOI\":\"10.1234/b\",\"issued\":{\"date-parts\":[[2022,1]]},\"created\":{\"date-parts\":[[2020,12,8]]}}\n"
		"{\"DOI\":\"10.1234/c\",\"created\":{\"date-parts\":[[2021,12,8]]},\"issued\":{\"date-parts\":[[2022,1]]},"
		"\"published-online\":{\"date-parts\":[[2022,1,3]]}}\n"
		"{\"DOI\":\"10.1234/d\",\"created\":{\"date-parts\":[[2023,2,1]]},\"issued\":{\"date-parts\":[[2022]]}}\n";
	char out[128] = "";
	size_t rejected = 99;

	CHECK_EQ_INT(ingest_crossref_parse(text, strlen(text), on_years, out, &rejected), 0);
	/* a: online first 2021; b: registered two years before, not taken;
	 * c: its own online date; d: registered after the issue */
	CHECK_STR(out, "2022/2021 2022/0 2022/0 2022/0");
	CHECK_EQ_INT(rejected, 0);
}

/* ingest_thread_behind lowers the calling thread only: the writer (here
 * the main thread) keeps its priority. */
typedef struct behind_seen {
	int before, after, lowered;
} behind_seen;

static void *behind_main(void *arg)
{
	behind_seen *b = arg;

	b->before = getpriority(PRIO_PROCESS, 0);
	b->lowered = ingest_thread_behind();
	b->after = getpriority(PRIO_PROCESS, 0);
	return NULL;
}

static void thread_behind(void)
{
	behind_seen b = { 0, 0, 0 };
	pthread_t th;
	int mine = getpriority(PRIO_PROCESS, 0);

	CHECK(pthread_create(&th, NULL, behind_main, &b) == 0);
	pthread_join(th, NULL);
#ifdef __linux__
	if (b.before < 19) {
		CHECK_EQ_INT(b.lowered, 1);
		CHECK_EQ_INT(b.after, b.before + INGEST_BEHIND > 19 ? 19 : b.before + INGEST_BEHIND);
	} else {
		CHECK_EQ_INT(b.lowered, 0);
	}
#else
	CHECK_EQ_INT(b.lowered, 0);
	CHECK_EQ_INT(b.after, b.before);
#endif
	CHECK_EQ_INT(getpriority(PRIO_PROCESS, 0), mine);
}

int main(void)
{
	pk_alloc_init();
	RUN(codata_bad_lines);
	RUN(codata_edition_from_header);
	RUN(nist_records);
	RUN(detect_and_plan);
	RUN(crossref_values_after_a_document);
	RUN(crossref_online_year);
	RUN(thread_behind);
	T_DONE();
}
