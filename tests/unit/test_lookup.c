/* Unit tests for query/lookup on a graph built from data/sources/. */
#include "t.h"

#include "common/alloc.h"
#include "common/error.h"
#include "ingest/ingest.h"
#include "kg/graph.h"
#include "kg/store.h"
#include "common/text.h"
#include "query/lookup.h"
#include "query/units.h"
#include "query/value.h"

#include "graph.h"

static kg_store *store;
static kg_txn *txn;

static int lookup(query_matches *ms, const char *q, const char *edition, int all)
{
	query_lookup_opts o = { edition, all, 0 };

	memset(ms, 0, sizeof(*ms));
	return query_lookup(txn, q, &o, ms);
}

static void constants_by_name_symbol_alias(void)
{
	static const char *const planck[] = { "Planck constant", "planck CONSTANT", "h", "普朗克常数",
					      "普朗克常量", "Planck's constant" };
	static const char *const hbar[] = { "ħ", "ℏ", "hbar", "reduced Planck constant", "约化普朗克常数" };
	query_matches ms;
	size_t i;

	for (i = 0; i < sizeof(planck) / sizeof(*planck); i++) {
		CHECK_EQ_INT(lookup(&ms, planck[i], NULL, 0), 0);
		CHECK_EQ_INT(ms.n, 1);
		if (ms.n) {
			CHECK_STR(ms.m[0].name, "Planck constant");
			CHECK(ms.m[0].value == 6.62607015e-34);
			CHECK_STR(ms.m[0].edition, "2022");
			CHECK(ms.m[0].flags & KG_V_EXACT);
			CHECK_STR(ms.m[0].symbol, "h");
		}
		query_matches_release(&ms);
	}
	for (i = 0; i < sizeof(hbar) / sizeof(*hbar); i++) {
		CHECK_EQ_INT(lookup(&ms, hbar[i], NULL, 0), 0);
		CHECK(ms.n == 1 && !strcmp(ms.m[0].quantity, "reduced planck constant"));
		query_matches_release(&ms);
	}
	/* symbols are case-sensitive: H is hydrogen */
	CHECK_EQ_INT(lookup(&ms, "H", NULL, 0), 0);
	CHECK(ms.n == 1 && !strcmp(ms.m[0].quantity, "standard atomic weight"));
	query_matches_release(&ms);
}

static int same_targets(const query_targets *a, const query_targets *b)
{
	size_t i;

	if (a->n != b->n)
		return 0;
	for (i = 0; i < a->n; i++)
		if (a->t[i].type != b->t[i].type || strcmp(a->t[i].key, b->t[i].key) || a->t[i].score != b->t[i].score ||
		    (!a->t[i].qualifier) != (!b->t[i].qualifier) ||
		    (a->t[i].qualifier && strcmp(a->t[i].qualifier, b->t[i].qualifier)))
			return 0;
	return 1;
}

/* issue 19: resolutions are remembered per read transaction; what memory
 * answers is what a transaction without it resolves, for either flag, a
 * phrase resolving to nothing, and into targets that already hold some */
static void resolutions_remembered(void)
{
	static const char *const qs[] = { "electron mass", "h", "H", "Fe-56", "GaAs", "mp-149", "proton-electron mass ratio",
					  "mass of the electron", "no such quantity at all", "band gap", "Planck constant",
					  "Fe2O3", "electron", "magnetic" };
	size_t i, k;
	int flags;

	for (k = 0; k < 3; k++) /* the third round answered from memory */
		for (i = 0; i < sizeof(qs) / sizeof(*qs); i++)
			for (flags = 0; flags <= QUERY_EXACT_ONLY; flags++) {
				query_targets fresh = { 0 }, kept = { 0 };
				kg_txn *t = NULL;

				CHECK_EQ_INT(kg_txn_read(&t, store), 0);
				CHECK_EQ_INT(query_resolve_flags(t, qs[i], flags, &fresh), 0);
				if (k == 2) /* into targets that hold another phrase's */
					CHECK_EQ_INT(query_resolve_flags(txn, "h", flags, &kept), 0);
				CHECK_EQ_INT(query_resolve_flags(txn, qs[i], flags, &kept), 0);
				if (k == 2) {
					/* a new transaction: it remembers "h" alone */
					query_targets both = { 0 };

					kg_txn_free(t);
					CHECK_EQ_INT(kg_txn_read(&t, store), 0);
					CHECK_EQ_INT(query_resolve_flags(t, "h", flags, &both), 0);
					CHECK_EQ_INT(query_resolve_flags(t, qs[i], flags, &both), 0);
					query_targets_release(&fresh);
					fresh = both;
				}
				if (!same_targets(&fresh, &kept)) {
					fprintf(stderr, "round %zu, flags %d: '%s' resolved otherwise from memory\n", k, flags, qs[i]);
					t_fail_now = 1;
				}
				query_targets_release(&fresh);
				query_targets_release(&kept);
				kg_txn_free(t);
			}
	CHECK(kg_txn_memo(txn) != NULL);
}

static int same_str(const char *a, const char *b)
{
	return a ? b && !strcmp(a, b) : !b;
}

/* Every field of two match lists, strings by content. */
static int same_matches(const query_matches *a, const query_matches *b)
{
	size_t i;

	if (a->n != b->n)
		return 0;
	for (i = 0; i < a->n; i++) {
		const query_match *x = &a->m[i], *y = &b->m[i];

		if (!same_str(x->name, y->name) || !same_str(x->symbol, y->symbol) || !same_str(x->quantity, y->quantity) ||
		    !same_str(x->entity, y->entity) || !same_str(x->kind, y->kind) ||
		    !same_str(x->value_text, y->value_text) || !same_str(x->unc_text, y->unc_text) ||
		    !same_str(x->unit, y->unit) || !same_str(x->source, y->source) || !same_str(x->edition, y->edition) ||
		    !same_str(x->locator, y->locator) || !same_str(x->note, y->note) || !same_str(x->group, y->group) ||
		    !same_str(x->method, y->method) || memcmp(&x->value, &y->value, sizeof(x->value)) ||
		    memcmp(&x->uncertainty, &y->uncertainty, sizeof(x->uncertainty)) || x->flags != y->flags ||
		    x->score != y->score || x->value_id != y->value_id || x->rank != y->rank)
			return 0;
	}
	return 1;
}

/* query_expand through the transaction's memory gives what a fresh
 * transaction's expansion gives: each target twice (the second from
 * memory), under each edition option, appended after other matches. */
static void expansions_remembered(void)
{
	/* (materials too: by id, by formula, a property of a formula) */
	static const char *const qs[] = { "G",      "electron mass",   "Fe-56", "ε0", "h", "relative atomic mass of Fe",
					  "mp-149", "band gap of Si", "GaAs" };
	static const struct {
		const char *edition;
		int all;
	} opts[] = { { NULL, 0 }, { NULL, 1 }, { "2018", 0 }, { "2014", 0 }, { "1999", 0 } };
	size_t i, k, round, j;

	for (i = 0; i < sizeof(qs) / sizeof(*qs); i++)
		for (k = 0; k < sizeof(opts) / sizeof(*opts); k++)
			for (round = 0; round < 2; round++) {
				query_lookup_opts o = { opts[k].edition, opts[k].all, 0 };
				query_targets ts = { 0 };
				query_matches fresh = { 0 }, kept = { 0 };
				kg_txn *t = NULL;

				CHECK_EQ_INT(kg_txn_read(&t, store), 0);
				CHECK_EQ_INT(query_resolve(txn, qs[i], &ts), 0);
				if (round) /* after another target's matches */
					CHECK_EQ_INT(lookup(&kept, "c", NULL, 0), 0);
				for (j = 0; j < ts.n; j++) {
					CHECK_EQ_INT(query_expand(t, &ts.t[j], &o, &fresh), 0);
					kg_txn_free(t); /* a new transaction for each: nothing remembered */
					t = NULL;
					CHECK_EQ_INT(kg_txn_read(&t, store), 0);
				}
				if (round) {
					query_matches c = { 0 };

					CHECK_EQ_INT(lookup(&c, "c", NULL, 0), 0);
					for (j = 0; j < fresh.n; j++)
						CHECK_EQ_INT(query_matches_add_copy(&c, &fresh.m[j]), 0);
					query_matches_release(&fresh);
					fresh = c;
				}
				for (j = 0; j < ts.n; j++)
					CHECK_EQ_INT(query_expand(txn, &ts.t[j], &o, &kept), 0);
				if (!same_matches(&fresh, &kept)) {
					fprintf(stderr, "'%s' (edition %s, all %d, round %zu) expanded otherwise from memory\n", qs[i],
						opts[k].edition ? opts[k].edition : "-", opts[k].all, round);
					t_fail_now = 1;
				}
				query_matches_release(&fresh);
				query_matches_release(&kept);
				query_targets_release(&ts);
				kg_txn_free(t);
			}
}

/* A copy holds its strings in one block of its own: equal to the
 * source's, none shared with it, released whole; a copy of a copy shares
 * its block, which outlives any one of them; a failed allocation leaves
 * the list as it was. */
static void copies_in_one_block(void)
{
	query_matches src, c = { 0 };
	query_match own = { 0 };
	size_t j, k, fail, grown = 0;

	/* a match with strings of its own: its copy's in one new block */
	own.name = pk_strdup("vacuum electric permittivity");
	own.unit = pk_strdup("F m^-1");
	own.source = pk_strdup("CODATA");
	own.value = 8.8541878188e-12;
	CHECK(own.name && own.unit && own.source);
	CHECK_EQ_INT(query_matches_add_copy(&c, &own), 0);
	CHECK(c.m[0].block != NULL && c.m[0].block_len == strlen(own.name) + strlen(own.unit) + strlen(own.source) + 3);
	CHECK(c.m[0].name != own.name && c.m[0].name >= c.m[0].block && c.m[0].symbol == NULL);
	CHECK_STR(c.m[0].name, own.name);
	CHECK_STR(c.m[0].unit, own.unit);
	CHECK_STR(c.m[0].source, own.source);
	CHECK(c.m[0].value == own.value);
	query_matches_release(&c);

	/* lookup's answers are such copies (its memo's): a copy of one shares
	 * its block */
	CHECK_EQ_INT(lookup(&src, "ε0", NULL, 1), 0);
	CHECK(src.n >= 3);
	for (j = 0; j < src.n; j++) {
		const query_match *x = &src.m[j], *y;
		const char *xs[] = { x->name, x->symbol, x->quantity, x->entity, x->kind, x->value_text, x->unc_text,
				     x->unit, x->source, x->edition, x->locator, x->note, x->group, x->method };

		CHECK_EQ_INT(query_matches_add_copy(&c, x), 0);
		CHECK_EQ_INT(c.n, j + 1);
		y = &c.m[j];
		{
			const char *ys[] = { y->name, y->symbol, y->quantity, y->entity, y->kind, y->value_text,
					     y->unc_text, y->unit, y->source, y->edition, y->locator, y->note,
					     y->group, y->method };

			CHECK(y->block != NULL && y->block == x->block);
			for (k = 0; k < sizeof(xs) / sizeof(*xs); k++) {
				CHECK((xs[k] == NULL) == (ys[k] == NULL));
				if (!xs[k] || !ys[k])
					continue;
				CHECK(ys[k] == xs[k]);
				CHECK(ys[k] >= y->block);
			}
		}
		CHECK(y->value == x->value && y->flags == x->flags && y->score == x->score);
	}
	CHECK(same_matches(&src, &c));
	/* copies of a copy in the same list (which grows under it) until
	 * it is full, then failures at each allocation: the list's growth,
	 * the block */
	do {
		size_t cap = c.cap;

		CHECK_EQ_INT(query_matches_add_copy(&c, &c.m[0]), 0);
		CHECK_STR(c.m[c.n - 1].name, c.m[0].name);
		grown += c.cap != cap;
	} while ((!grown || c.n < c.cap) && c.n < 100);
	CHECK(grown > 0);
	/* a copy of a copy shares the block: the same strings */
	for (j = src.n; j < c.n; j++) {
		const query_match *x = &c.m[0], *y = &c.m[j];

		CHECK(y->block != NULL && y->block == x->block && y->block_len == x->block_len && x->block_len > 0);
		CHECK(y->name == x->name && y->locator == x->locator);
		CHECK((y->symbol == NULL) == (x->symbol == NULL) && (y->note == NULL) == (x->note == NULL));
		CHECK(same_matches(&(query_matches){ c.m, 1, 1 }, &(query_matches){ c.m + j, 1, 1 }));
	}
	for (fail = 0; fail < 2; fail++) {
		size_t n = c.n;

		pk_alloc_fail_after((long)fail);
		CHECK(query_matches_add_copy(&c, &own) < 0);
		pk_alloc_fail_after(-1);
		pk_error_clear();
		CHECK_EQ_INT(c.n, n);
	}
	{
		/* a copy's copy allocates nothing but the list's room: with
		 * every allocation failing it is made while the list has
		 * room, and fails, the list as it was, once it must grow */
		size_t n;

		pk_alloc_fail_after(0);
		while (c.n < c.cap)
			CHECK_EQ_INT(query_matches_add_copy(&c, &c.m[src.n]), 0);
		n = c.n;
		CHECK(query_matches_add_copy(&c, &c.m[src.n]) < 0);
		pk_alloc_fail_after(-1);
		pk_error_clear();
		CHECK_EQ_INT(c.n, n);
	}
	{
		/* a shared block outlives the copy it was made for and every
		 * copy but the last (ASan's run sees a use after free) */
		query_matches d = { 0 };

		CHECK_EQ_INT(query_matches_add_copy(&d, &own), 0);
		for (j = 0; j < 5; j++)
			CHECK_EQ_INT(query_matches_add_copy(&d, &d.m[j]), 0);
		for (j = 0; j + 1 < d.n; j++) {
			CHECK(d.m[j].block == d.m[d.n - 1].block);
			query_match_release(&d.m[j]);
			CHECK_STR(d.m[d.n - 1].name, own.name);
			CHECK_STR(d.m[d.n - 1].source, own.source);
		}
		query_matches_release(&d);
	}
	query_matches_release(&c);
	query_matches_release(&src);
	query_match_release(&own);
}

static void editions(void)
{
	query_matches ms;

	CHECK_EQ_INT(lookup(&ms, "G", "2014", 0), 0);
	CHECK_EQ_INT(ms.n, 1);
	if (ms.n) {
		CHECK(ms.m[0].value == 6.67408e-11);
		CHECK_NEAR(ms.m[0].uncertainty, 3.1e-15, 1e-12);
		CHECK_STR(ms.m[0].locator, "allascii-2014.txt:254");
		CHECK_STR(ms.m[0].value_text, "6.674 08 e-11");
	}
	query_matches_release(&ms);
	/* the 2014 "electric constant" is the same quantity as ε0 */
	CHECK_EQ_INT(lookup(&ms, "ε0", NULL, 1), 0);
	CHECK_EQ_INT(ms.n, 3);
	if (ms.n == 3) {
		CHECK_STR(ms.m[0].edition, "2022");
		CHECK_STR(ms.m[2].edition, "2014");
		CHECK(strstr(ms.m[2].note, "electric constant") != NULL);
	}
	query_matches_release(&ms);
	CHECK_EQ_INT(lookup(&ms, "electric constant", "2018", 0), 0);
	CHECK(ms.n == 1 && ms.m[0].value == 8.8541878128e-12);
	query_matches_release(&ms);
	CHECK_EQ_INT(lookup(&ms, "G", "1999", 0), 0);
	CHECK_EQ_INT(ms.n, 0);
	query_matches_release(&ms);
}

static void isotopes_and_elements(void)
{
	static const char *const fe56[] = { "Fe-56", "56Fe", "⁵⁶Fe", "iron-56", "Iron 56", "铁-56", "Fe56" };
	query_matches ms;
	size_t i;

	for (i = 0; i < sizeof(fe56) / sizeof(*fe56); i++) {
		CHECK_EQ_INT(lookup(&ms, fe56[i], NULL, 0), 0);
		CHECK_EQ_INT(ms.n, 2);
		for (size_t j = 0; j < ms.n; j++) {
			CHECK_STR(ms.m[j].entity, "Fe-56");
			if (!strcmp(ms.m[j].quantity, "relative atomic mass"))
				CHECK(ms.m[j].value == 55.93493633);
		}
		query_matches_release(&ms);
	}
	CHECK_EQ_INT(lookup(&ms, "standard atomic weight of carbon", NULL, 0), 0);
	CHECK_EQ_INT(ms.n, 1);
	if (ms.n) {
		CHECK(ms.m[0].flags & KG_V_INTERVAL);
		CHECK(ms.m[0].lo == 12.0096 && ms.m[0].hi == 12.0116);
		CHECK_STR(ms.m[0].value_text, "[12.0096,12.0116]");
	}
	query_matches_release(&ms);
	CHECK_EQ_INT(lookup(&ms, "碳的原子量", NULL, 0), 0);
	CHECK(ms.n == 1 && !strcmp(ms.m[0].entity, "C"));
	query_matches_release(&ms);
	CHECK_EQ_INT(lookup(&ms, "atomic weight of iron", NULL, 0), 0);
	CHECK(ms.n == 1 && ms.m[0].value == 55.845 && ms.m[0].uncertainty == 0.002);
	query_matches_release(&ms);
	CHECK_EQ_INT(lookup(&ms, "deuterium", NULL, 0), 0);
	CHECK(ms.n == 2 && !strcmp(ms.m[0].entity, "H-2"));
	query_matches_release(&ms);
	CHECK_EQ_INT(lookup(&ms, "carbon-12", NULL, 0), 0);
	CHECK(ms.n == 2);
	query_matches_release(&ms);
}

static void partial_and_bad_queries(void)
{
	query_matches ms;

	CHECK_EQ_INT(lookup(&ms, "Boltzmann", NULL, 0), 0);
	CHECK(ms.n >= 4);
	if (ms.n)
		CHECK_STR(ms.m[0].name, "Boltzmann constant");
	query_matches_release(&ms);
	CHECK_EQ_INT(lookup(&ms, "no such thing xyz", NULL, 0), 0);
	CHECK_EQ_INT(ms.n, 0);
	query_matches_release(&ms);
	CHECK_EQ_INT(lookup(&ms, "   ", NULL, 0), PK_EINVAL);
	query_matches_release(&ms);
	CHECK_EQ_INT(lookup(&ms, "\xff\xfe", NULL, 0), PK_EINVAL);
	query_matches_release(&ms);
}

/* The mentions of text read on transaction t (fresh: a transaction of
 * its own), into *ms and *n. */
static int mentions_of(kg_txn *t, const char *text, qv_mention **ms, size_t *n)
{
	query_units *u = NULL;
	pk_normtext nt;
	int rc;

	pk_normtext_init(&nt, 1 << 20);
	if ((rc = query_units_open(&u, t, NULL)) == 0 && (rc = pk_normtext_set(&nt, text, strlen(text))) == 0)
		rc = query_value_mentions(t, u, &nt, ms, n);
	pk_normtext_release(&nt);
	query_units_free(u);
	return rc;
}

/* issue 19: what a window of prose names is remembered per read
 * transaction (query_phrase_memo); mentions read through memory are
 * those a fresh transaction finds: names left and right of the number,
 * qualifiers and multipliers, symbols, asides in parentheses, lists,
 * Chinese, and the same windows again in other texts */
static void phrase_searches_remembered(void)
{
	static const char *const texts[] = {
		"The electron mass is 9.109e-31 kg.",
		"The effective electron mass is 0.19 m_e. The electron mass is 9.109e-31 kg.",
		"Half the speed of light is 1.5e8 m/s, and the speed of light is 299792458 m/s.",
		"Here k_B T ≈ 25.9 meV at room temperature.",
		"The band gap of silicon (at 300 K) is 1.12 eV.",
		"6.674e-11 m^3 kg^-1 s^-2 is the Newtonian constant of gravitation.",
		"The band gap is 1.42 eV for GaAs and 1.12 eV for Si.",
		"电子质量约为9.109e-31 kg。普朗克常数h = 6.626e-34 J s。",
		"The mass of the electron is 9.109e-31 kg; the proton is 1836 times heavier than the electron.",
		"No quantity at all is 42 apples.",
	};
	size_t i, k, j;

	for (k = 0; k < 3; k++) /* the second and third rounds answered from memory */
		for (i = 0; i < sizeof(texts) / sizeof(*texts); i++) {
			qv_mention *a = NULL, *b = NULL;
			size_t na = 0, nb = 0;
			kg_txn *t = NULL;

			CHECK_EQ_INT(kg_txn_read(&t, store), 0);
			CHECK_EQ_INT(mentions_of(t, texts[i], &a, &na), 0);
			CHECK_EQ_INT(mentions_of(txn, texts[i], &b, &nb), 0);
			CHECK_EQ_INT(nb, na);
			for (j = 0; j < na && j < nb; j++) {
				const qv_mention *x = &a[j], *y = &b[j];

				if (x->start != y->start || x->end != y->end || x->qstart != y->qstart || x->qend != y->qend ||
				    x->has_unit != y->has_unit || x->unit_unread != y->unit_unread ||
				    x->unit_apart != y->unit_apart || strcmp(x->unit_text, y->unit_text) ||
				    strcmp(x->phrase, y->phrase) || strcmp(x->qualifier, y->qualifier) ||
				    strcmp(x->query, y->query) || strcmp(x->subject, y->subject)) {
					fprintf(stderr, "round %zu, '%s': mention %zu ('%s' by '%s', qualifier '%s') read otherwise "
							"from memory ('%s' by '%s', qualifier '%s')\n", k, texts[i], j, x->phrase,
						x->query, x->qualifier, y->phrase, y->query, y->qualifier);
					t_fail_now = 1;
				}
			}
			pk_free(a);
			pk_free(b);
			kg_txn_free(t);
		}
	CHECK(query_phrase_memo(txn) != NULL);
}

int main(void)
{
	const char *dir = t_tmpdir("lookup");

	pk_alloc_init();
	if (t_build_graph(dir, NULL) < 0 || kg_store_open(&store, dir, KG_OPEN_READ) < 0 ||
	    kg_txn_read(&txn, store) < 0) {
		fprintf(stderr, "cannot build the test graph: %s\n", pk_error_last());
		printf("FAIL build_graph\n");
		return 1;
	}
	RUN(constants_by_name_symbol_alias);
	RUN(resolutions_remembered);
	RUN(expansions_remembered);
	RUN(phrase_searches_remembered);
	RUN(copies_in_one_block);
	RUN(editions);
	RUN(isotopes_and_elements);
	RUN(partial_and_bad_queries);
	kg_txn_free(txn);
	kg_store_free(store);
	t_rmrf(dir);
	T_DONE();
}
