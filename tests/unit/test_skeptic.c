/* Unit tests for eval/skeptic (reading model judgments, the score matrix,
 * the metrics, worked by hand) and eval/claims (generated claims verified
 * again, seeding, balance; labels from audits) on the data/sources graph. */
#include "t.h"

#include "common/alloc.h"
#include "common/error.h"
#include "eval/audit.h"
#include "eval/claims.h"
#include "eval/skeptic.h"
#include "kg/store.h"
#include "query/units.h"
#include "query/value.h"

#include "graph.h"

#include <cJSON.h>

static kg_store *store;
static kg_txn *txn;
static query_units *units;

static ev_judgment parse(const char *s)
{
	ev_judgment j;

	ev_judgment_parse(s, strlen(s), &j);
	return j;
}

static void judgments(void)
{
	ev_judgment j;

	j = parse("{\"judgment\": \"suspicious\", \"confidence\": 0.9, \"reason\": \"x\"}");
	CHECK_EQ_INT(j.label, EV_SUSPICIOUS);
	CHECK_NEAR(j.confidence, 0.9, 1e-12);
	/* fences and prose around */
	j = parse("Sure! Here it is:\n```json\n{\"judgment\": \"Disagree\", \"confidence\": \"0.75\"}\n```\nHope it helps.");
	CHECK_EQ_INT(j.label, EV_DISAGREE);
	CHECK_NEAR(j.confidence, 0.75, 1e-12);
	/* the schema repeated before the answer: the last object counts */
	j = parse("Schema: {\"judgment\": \"agree|disagree|suspicious\", \"confidence\": 0.0}\n"
		  "Answer: {\"judgement\": \"agree\", \"confidence\": 1}");
	CHECK_EQ_INT(j.label, EV_AGREE);
	CHECK_NEAR(j.confidence, 1.0, 1e-12);
	/* braces inside strings do not end the object */
	j = parse("{\"judgment\": \"agree\", \"reason\": \"the set {a, b} } is fine\", \"confidence\": 0.5}");
	CHECK_EQ_INT(j.label, EV_AGREE);
	/* failures, each with its reason */
	j = parse("The claim is questionable.");
	CHECK_EQ_INT(j.label, EV_PARSE_FAILED);
	CHECK(strstr(j.reason, "no JSON object") != NULL);
	j = parse("{\"judgment\": \"maybe\", \"confidence\": 0.5}");
	CHECK_EQ_INT(j.label, EV_PARSE_FAILED);
	CHECK(strstr(j.reason, "'maybe'") != NULL);
	j = parse("{\"judgment\": \"agree\"}");
	CHECK_EQ_INT(j.label, EV_PARSE_FAILED);
	CHECK_STR(j.reason, "no confidence");
	j = parse("{\"judgment\": \"agree\", \"confidence\": 1.3}");
	CHECK_EQ_INT(j.label, EV_PARSE_FAILED);
	CHECK(strstr(j.reason, "outside [0, 1]") != NULL);
	j = parse("{\"judgment\": \"agree\", \"confidence\": -0.1}");
	CHECK_EQ_INT(j.label, EV_PARSE_FAILED);
	j = parse("{\"judgment\": \"agree\", \"confidence\": \"high\"}");
	CHECK_EQ_INT(j.label, EV_PARSE_FAILED);
	CHECK_STR(j.reason, "confidence is not a number");
	j = parse("{\"judgment\": \"agree\", \"confidence\": 0.5");  /* never closes */
	CHECK_EQ_INT(j.label, EV_PARSE_FAILED);
	/* label names */
	CHECK_EQ_INT(ev_label_parse(" Suspicious. "), EV_SUSPICIOUS);
	CHECK_EQ_INT(ev_label_parse("agreed"), -1);
	CHECK_STR(ev_label_name(EV_PARSE_FAILED), "parse_failed");
}

/* The prompt template's answer schema is what the parser reads. */
static void prompt_template(void)
{
	FILE *f = fopen("data/prompts/skepticism.md", "rb");
	char text[8192], answer[512], *a, *b, *bar;
	size_t n;
	ev_judgment j;

	CHECK(f != NULL);
	if (!f)
		return;
	n = fread(text, 1, sizeof(text) - 1, f);
	fclose(f);
	text[n] = '\0';
	CHECK(strstr(text, "{claim}") != NULL);
	a = strstr(text, "```json\n");
	b = a ? strstr(a + 8, "\n```") : NULL;
	CHECK(a && b && b - a < (long)sizeof(answer));
	if (!a || !b || b - a >= (long)sizeof(answer))
		return;
	memcpy(answer, a, (size_t)(b - a + 4));
	answer[b - a + 4] = '\0';
	/* the schema as written is not an answer ... */
	ev_judgment_parse(answer, strlen(answer), &j);
	CHECK_EQ_INT(j.label, EV_PARSE_FAILED);
	/* ... a model's filled-in copy is */
	bar = strstr(answer, "agree | disagree | suspicious");
	CHECK(bar != NULL);
	if (!bar)
		return;
	memmove(bar + 10, bar + strlen("agree | disagree | suspicious"), strlen(bar + strlen("agree | disagree | suspicious")) + 1);
	memcpy(bar, "suspicious", 10);
	ev_judgment_parse(answer, strlen(answer), &j);
	CHECK_EQ_INT(j.label, EV_SUSPICIOUS);
	CHECK_NEAR(j.confidence, 0.0, 1e-12);
}

static void matrices(void)
{
	const char *dir = t_tmpdir("matrix");
	char path[300], cmd[400];
	ev_matrix m;

	snprintf(cmd, sizeof(cmd), "mkdir -p '%s'", dir);
	CHECK(system(cmd) == 0);
	snprintf(path, sizeof(path), "%s/m.json", dir);
	ev_matrix_default(&m);
	CHECK_NEAR(m.score[EV_SUSPICIOUS][EV_DISAGREE], 0.7, 1e-12);
	CHECK_NEAR(m.score[EV_DISAGREE][EV_SUSPICIOUS], 0.6, 1e-12);
	CHECK_NEAR(m.score[EV_AGREE][EV_SUSPICIOUS], 0.0, 1e-12);
	CHECK_NEAR(m.score[EV_DISAGREE][EV_AGREE], -0.3, 1e-12);
	CHECK_NEAR(m.score[EV_PARSE_FAILED][EV_AGREE], -0.3, 1e-12);
	t_write(path, "{\"agree/agree\": 2, \"suspicious/agree\": 0.5, \"other\": -1}");
	CHECK_EQ_INT(ev_matrix_load(&m, path), 0);
	CHECK_NEAR(m.score[EV_AGREE][EV_AGREE], 2, 1e-12);
	CHECK_NEAR(m.score[EV_SUSPICIOUS][EV_AGREE], 0.5, 1e-12);
	CHECK_NEAR(m.score[EV_DISAGREE][EV_DISAGREE], -1, 1e-12);
	t_write(path, "{\"agree/maybe\": 1}");
	CHECK_EQ_INT(ev_matrix_load(&m, path), PK_EPARSE);
	CHECK(strstr(pk_error_last(), "agree/maybe") != NULL);
	t_write(path, "[1, 2]");
	CHECK_EQ_INT(ev_matrix_load(&m, path), PK_EPARSE);
	pk_error_clear();
	t_rmrf(dir);
}

/* The fixture of tests/fixtures/skepticism, as scored items: truth, label,
 * confidence (label -1: parse failure). */
static void metrics(void)
{
	static const struct {
		int truth, label;
		double conf;
	} d[] = {
		{ EV_AGREE, EV_AGREE, 0.95 },           /* right */
		{ EV_DISAGREE, EV_DISAGREE, 0.8 },      /* right */
		{ EV_SUSPICIOUS, EV_SUSPICIOUS, 0.9 },  /* right */
		{ EV_SUSPICIOUS, EV_AGREE, 0.7 },       /* blind agreement */
		{ EV_DISAGREE, -1, 0 },                 /* parse failure */
		{ EV_AGREE, -1, 0 },                    /* parse failure */
		{ EV_SUSPICIOUS, EV_SUSPICIOUS, 0.55 }, /* right */
		{ EV_DISAGREE, -1, 0 },                 /* no result */
	};
	ev_sk_item it[8];
	ev_sk_metrics r;
	ev_matrix m;
	size_t i;

	for (i = 0; i < 8; i++) {
		memset(&it[i], 0, sizeof(it[i]));
		it[i].truth = d[i].truth;
		it[i].j.label = d[i].label < 0 ? EV_PARSE_FAILED : d[i].label;
		it[i].j.confidence = d[i].label < 0 ? NAN : d[i].conf;
	}
	ev_matrix_default(&m);
	ev_skeptic_metrics(it, 8, &m, 10, &r);
	CHECK_EQ_INT(r.n, 8);
	CHECK_EQ_INT(r.parsed, 5);
	CHECK_NEAR(r.parse_failed.value, 3.0 / 8, 1e-12);
	/* excluding: accuracy 4/5; recall 2/3 (items 3, 4, 7); blind 1/4
	 * (items 2, 3, 4, 7); agree accuracy 1/1 */
	CHECK_EQ_INT(r.excluding.accuracy.k, 4);
	CHECK_EQ_INT(r.excluding.accuracy.n, 5);
	CHECK_NEAR(r.excluding.skepticism_recall.value, 2.0 / 3, 1e-12);
	CHECK_EQ_INT(r.excluding.blind_agreement_rate.n, 4);
	CHECK_NEAR(r.excluding.blind_agreement_rate.value, 0.25, 1e-12);
	CHECK_NEAR(r.excluding.agree_accuracy.value, 1.0, 1e-12);
	/* Wilson 95% of 4/5: (0.8 + z²/10 ± z sqrt(0.032 + z²/100)) / (1 + z²/5) */
	CHECK_NEAR(r.excluding.accuracy.lo, 0.37553, 1e-4);
	CHECK_NEAR(r.excluding.accuracy.hi, 0.96378, 1e-4);
	/* F1: agree P 1/2 R 1 -> 2/3; disagree 1; suspicious P 1 R 2/3 -> 0.8 */
	CHECK_NEAR(r.excluding.macro_f1, (2.0 / 3 + 1 + 0.8) / 3, 1e-12);
	/* composite: 1 + 1 + 1 + 0 (agree/suspicious) + 1, over 5 */
	CHECK_NEAR(r.excluding.composite_score, 0.8, 1e-12);
	/* as wrong: over 8; blind 1/6; agree accuracy 1/2 */
	CHECK_NEAR(r.as_wrong.accuracy.value, 0.5, 1e-12);
	CHECK_NEAR(r.as_wrong.skepticism_recall.value, 2.0 / 3, 1e-12);
	CHECK_NEAR(r.as_wrong.blind_agreement_rate.value, 1.0 / 6, 1e-12);
	CHECK_NEAR(r.as_wrong.agree_accuracy.value, 0.5, 1e-12);
	/* F1: agree P 1/2 R 1/2; disagree P 1 R 1/3 -> 1/2; suspicious 0.8 */
	CHECK_NEAR(r.as_wrong.macro_f1, 0.6, 1e-12);
	/* composite: 4 - 3 x 0.3, over 8 */
	CHECK_NEAR(r.as_wrong.composite_score, 3.1 / 8, 1e-12);
	/* confusion [truth][label] */
	CHECK_EQ_INT(r.confusion[EV_SUSPICIOUS][EV_AGREE], 1);
	CHECK_EQ_INT(r.confusion[EV_SUSPICIOUS][EV_SUSPICIOUS], 2);
	CHECK_EQ_INT(r.confusion[EV_DISAGREE][EV_PARSE_FAILED], 2);
	/* ECE: bins 9 {.95 .9} 8 {.8} 7 {.7 wrong} 5 {.55}:
	 * 2/5 |1 - .925| + 1/5 |1 - .8| + 1/5 |0 - .7| + 1/5 |1 - .55| = .30;
	 * bucket error with centres .95 .85 .75 .55 = .29 */
	CHECK_NEAR(r.ece, 0.30, 1e-9);
	CHECK_NEAR(r.bucket_error, 0.29, 1e-9);
	CHECK_EQ_INT(r.bin[9].n, 2);
	CHECK_EQ_INT(r.bin[7].n, 1);
	/* a custom matrix */
	m.score[EV_AGREE][EV_SUSPICIOUS] = -1;
	ev_skeptic_metrics(it, 8, &m, 10, &r);
	CHECK_NEAR(r.excluding.composite_score, 3.0 / 5, 1e-12);
	/* bin edges: [k/B, (k+1)/B), the last closed at 1 */
	{
		ev_sk_item e[3];

		memset(e, 0, sizeof(e));
		e[0].truth = e[0].j.label = EV_AGREE;
		e[0].j.confidence = 0.5;
		e[1].truth = e[1].j.label = EV_AGREE;
		e[1].j.confidence = 1.0;
		e[2].truth = EV_AGREE;
		e[2].j.label = EV_DISAGREE;
		e[2].j.confidence = 0.0;
		ev_skeptic_metrics(e, 3, &m, 2, &r);
		CHECK_EQ_INT(r.bin[0].n, 1); /* 0.0 */
		CHECK_EQ_INT(r.bin[1].n, 2); /* 0.5 and 1.0 */
		/* 1/3 |0 - 0| + 2/3 |1 - 0.75| */
		CHECK_NEAR(r.ece, 1.0 / 6, 1e-12);
		/* 1/3 |0 - .25| + 2/3 |1 - .75| */
		CHECK_NEAR(r.bucket_error, 0.25, 1e-12);
		/* a confidence written as an edge goes up, whatever c * B rounds to */
		e[0].j.confidence = 0.7;
		e[1].j.confidence = 0.3;
		e[2].j.confidence = 1.0 / 3;
		ev_skeptic_metrics(e, 3, &m, 10, &r);
		CHECK_EQ_INT(r.bin[7].n, 1);
		CHECK_EQ_INT(r.bin[3].n, 2);
		ev_skeptic_metrics(e, 3, &m, 3, &r);
		CHECK_EQ_INT(r.bin[0].n, 1); /* 0.3 */
		CHECK_EQ_INT(r.bin[1].n, 1); /* 1/3 */
		CHECK_EQ_INT(r.bin[2].n, 1); /* 0.7 */
	}
	/* nothing parsed: rates over no item are NaN, not zero */
	it[0].j.label = EV_PARSE_FAILED;
	ev_skeptic_metrics(it, 1, &m, 10, &r);
	CHECK(isnan(r.excluding.accuracy.value));
	CHECK(isnan(r.ece));
	CHECK_NEAR(r.as_wrong.accuracy.value, 0.0, 1e-12);
}

/* ---- claims from the graph ------------------------------------------------------ */

typedef struct collect {
	size_t n, per_cat[16], per_label[EV_NLABELS], zh, checked;
	char cats[16][32];
	size_t ncats;
	unsigned long long digest;
	int bad;
} collect;

static int on_claim(void *vctx, const ev_claim *c)
{
	collect *k = vctx;
	const char *p;
	size_t i;

	k->n++;
	for (p = c->claim; *p; p++)
		k->digest = (k->digest ^ (unsigned char)*p) * 0x100000001b3ull;
	k->digest = (k->digest ^ (unsigned)c->truth) * 0x100000001b3ull;
	for (i = 0; i < k->ncats && strcmp(k->cats[i], c->category); i++)
		;
	if (i == k->ncats && k->ncats < 16)
		snprintf(k->cats[k->ncats++], sizeof(k->cats[0]), "%s", c->category);
	if (i < 16)
		k->per_cat[i]++;
	k->per_label[c->truth]++;
	k->zh += !strcmp(c->lang, "zh");
	if (!c->claim[0] || !c->rationale[0] || strstr(c->claim, "{") || c->id != k->n)
		k->bad = 1;
	/* a verifiable fact's label is what check-value says of it */
	if (!strcmp(c->category, "verifiable_fact")) {
		qv_opts vo;
		qv_result r;

		memset(&vo, 0, sizeof(vo));
		qv_result_init(&r);
		if (query_value_check(txn, units, c->claim, strlen(c->claim), &vo, &r) < 0) {
			k->bad = 1;
		} else {
			int want = c->truth == EV_AGREE;
			int got = r.verdict == QV_MATCH;

			if (want != got) {
				fprintf(stderr, "claim %zu '%s' is %s, verdict %s\n", c->id, c->claim, ev_label_name(c->truth),
					query_verdict_name(r.verdict));
				k->bad = 1;
			}
			k->checked++;
			qv_result_release(&r);
		}
		if (c->nevidence < 1)
			k->bad = 1;
	}
	return 0;
}

/* A category's wordings: one object or an array, each drawn; a wording
 * without both languages is an error naming it. */
static int wording_claim(void *vctx, const ev_claim *c)
{
	size_t *n = vctx;

	if (!strcmp(c->category, "verifiable_fact")) {
		n[0] += !strncmp(c->claim, "The value of ", 13);
		n[1] += strncmp(c->claim, "The value of ", 13) != 0;
	}
	return 0;
}

static void claim_wordings(void)
{
	char dir[64], path[96], cmd[128];
	const char *head = "{\"format\": \"provkg claim templates 1\","
			   "\"quantities\": [{\"query\": \"Planck constant\", \"en\": \"the Planck constant\", "
			   "\"zh\": \"普朗克常数\", \"unit\": \"J s\"}, {\"query\": \"electron mass\", \"en\": "
			   "\"the electron mass\", \"zh\": \"电子质量\", \"unit\": \"kg\"}, {\"query\": \"speed of light "
			   "in vacuum\", \"en\": \"the speed of light\", \"zh\": \"光速\", \"unit\": \"m/s\"}],"
			   "\"wrong_units\": [\"kg\"], \"elements\": [{\"symbol\": \"C\", \"en\": \"carbon\", \"zh\": \"碳\"}],"
			   "\"made_up_compounds\": [\"Li3BiS4\"], \"made_up_sources\": [{\"en\": \"a paper by Smith et al.\", "
			   "\"zh\": \"Smith 等人的论文\"}], \"templates\": {";
	const char *rest = "\"pseudo_authority\": {\"en\": \"According to {SRC}, {q} is {V} {U}.\", \"zh\": \"根据{SRC}，{Q}为 {V} {U}。\"},"
			   "\"unsourced_assertion\": {\"en\": \"{X} has a band gap of {G} eV.\", \"zh\": \"{X}的带隙是 {G} eV。\"},"
			   "\"unfalsifiable\": {\"en\": \"{Q} may differ from {V} {U}.\", \"zh\": \"{Q}可能偏离 {V} {U}。\"},"
			   "\"overgeneralization\": [{\"en\": \"{EL} is exactly {AW}.\", \"zh\": \"{EL}恰好是 {AW}。\"}],"
			   "\"false_consensus\": {\"en\": \"All agree {q} is exact.\", \"zh\": \"都认为{Q}精确。\"},"
			   "\"false_causality\": {\"en\": \"{q} changed: CODATA {E1}, CODATA {E2}.\", \"zh\": \"{Q}变了：CODATA {E1}、CODATA {E2}。\"}}}";
	char text[4096];
	size_t n[2] = { 0, 0 };

	snprintf(dir, sizeof(dir), "/tmp/provkg-t-tpl-%d", (int)getpid());
	snprintf(cmd, sizeof(cmd), "mkdir -p %s", dir);
	CHECK(system(cmd) == 0);
	snprintf(path, sizeof(path), "%s/t.json", dir);
	snprintf(text, sizeof(text), "%s\"verifiable_fact\": [{\"en\": \"{Q} is {V} {U}.\", \"zh\": \"{Q}为 {V} {U}。\"}, "
		 "{\"en\": \"The value of {q} is {V} {U}.\", \"zh\": \"{Q}的数值是 {V} {U}。\"}], %s", head, rest);
	t_write(path, text);
	CHECK_EQ_INT(ev_gen_claims(txn, units, path, 140, 3, EV_LANG_EN, wording_claim, n), 0);
	CHECK(n[0] > 0 && n[1] > 0); /* both wordings drawn */
	CHECK_EQ_INT(n[0] + n[1], 20);
	snprintf(text, sizeof(text), "%s\"verifiable_fact\": [{\"en\": \"{Q} is {V} {U}.\", \"zh\": \"{Q}为 {V} {U}。\"}, "
		 "{\"en\": \"The value of {q} is {V} {U}.\"}], %s", head, rest);
	t_write(path, text);
	CHECK_EQ_INT(ev_gen_claims(txn, units, path, 7, 3, EV_LANG_EN, wording_claim, n), PK_EPARSE);
	CHECK(strstr(pk_error_last(), "templates.verifiable_fact[1]: needs en and zh") != NULL);
	pk_error_clear();
	t_rmrf(dir);
}

static void claims(void)
{
	collect a, b, c;
	size_t i;

	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	memset(&c, 0, sizeof(c));
	CHECK_EQ_INT(ev_gen_claims(txn, units, "data/claims/templates.json", 140, 7, EV_LANG_BOTH, on_claim, &a), 0);
	CHECK_EQ_INT(a.n, 140);
	CHECK(!a.bad);
	CHECK_EQ_INT(a.checked, 20);
	/* the seven categories, 20 each */
	CHECK_EQ_INT(a.ncats, 7);
	for (i = 0; i < a.ncats; i++)
		CHECK_EQ_INT(a.per_cat[i], 20);
	/* every label present; every third claim Chinese */
	CHECK(a.per_label[EV_AGREE] >= 20 && a.per_label[EV_DISAGREE] >= 20 && a.per_label[EV_SUSPICIOUS] >= 20);
	CHECK_EQ_INT(a.zh, 46);
	/* seeded: the same seed the same claims, another seed others */
	CHECK_EQ_INT(ev_gen_claims(txn, units, "data/claims/templates.json", 140, 7, EV_LANG_BOTH, on_claim, &b), 0);
	CHECK(a.digest == b.digest);
	CHECK_EQ_INT(ev_gen_claims(txn, units, "data/claims/templates.json", 140, 8, EV_LANG_ZH, on_claim, &c), 0);
	CHECK(a.digest != c.digest);
	CHECK_EQ_INT(c.zh, 140);
	CHECK(!c.bad);
	/* a template file that is not one */
	CHECK_EQ_INT(ev_gen_claims(txn, units, "data/rules/credibility.json", 5, 1, EV_LANG_EN, on_claim, &c), PK_EPARSE);
	CHECK(strstr(pk_error_last(), "not a claim template file") != NULL);
	pk_error_clear();
	claim_wordings();
}

static int label_of(const char *text, char *why, size_t n)
{
	ev_opts o;
	ev_result r;
	int l;

	memset(&o, 0, sizeof(o));
	o.units = units;
	if (ev_audit(txn, text, strlen(text), &o, &r) < 0)
		return -2;
	l = ev_label_claim(&r, text, strlen(text), why, n);
	ev_result_release(&r);
	return l;
}

static void labels(void)
{
	char why[600];

	CHECK_EQ_INT(label_of("The Boltzmann constant is 1.380649e-23 J/K.", why, sizeof(why)), EV_AGREE);
	CHECK(strstr(why, "1 value") != NULL);
	CHECK_EQ_INT(label_of("The Planck constant is 6.626e-31 J s.", why, sizeof(why)), EV_DISAGREE);
	CHECK(strstr(why, "mismatch") != NULL);
	CHECK_EQ_INT(label_of("h = 6.626e-34 J/s", why, sizeof(why)), EV_DISAGREE);
	CHECK(strstr(why, "unit_mismatch") != NULL);
	CHECK_EQ_INT(label_of("G = 6.67408(31)e-11 m^3 kg^-1 s^-2", why, sizeof(why)), EV_DISAGREE);
	CHECK(strstr(why, "outdated") != NULL);
	/* a right value credited to a source provkg cannot find */
	CHECK_EQ_INT(label_of("According to a 2024 Nature paper by Smith et al., the Boltzmann constant is 1.380649e-23 J/K.",
			      why, sizeof(why)),
		     EV_SUSPICIOUS);
	CHECK(strstr(why, "credited") != NULL);
	CHECK_EQ_INT(label_of("根据王等人的研究，玻尔兹曼常数为 1.380649e-23 J/K。", why, sizeof(why)), EV_SUSPICIOUS);
	/* ... but not to the source it was verified against */
	CHECK_EQ_INT(label_of("According to CODATA 2022, the Boltzmann constant is 1.380649e-23 J/K.", why, sizeof(why)),
		     EV_AGREE);
	/* a fabricated reference */
	CHECK_EQ_INT(label_of("Water boils at 50 C, see doi:10.9999/fake.2031.001.", why, sizeof(why)), EV_SUSPICIOUS);
	/* nothing to check */
	CHECK_EQ_INT(label_of("All physicists agree this is settled.", why, sizeof(why)), -1);
}

int main(void)
{
	const char *dir = t_tmpdir("skeptic");

	pk_alloc_init();
	RUN(judgments);
	RUN(prompt_template);
	RUN(matrices);
	RUN(metrics);
	if (t_build_graph(dir, NULL) < 0 || kg_store_open(&store, dir, KG_OPEN_READ) < 0 ||
	    kg_txn_read(&txn, store) < 0 || query_units_open(&units, txn, NULL) < 0) {
		fprintf(stderr, "cannot build the test graph: %s\n", pk_error_last());
		printf("FAIL build_graph\n");
		return 1;
	}
	RUN(claims);
	RUN(labels);
	query_units_free(units);
	kg_txn_free(txn);
	kg_store_free(store);
	t_rmrf(dir);
	T_DONE();
}
