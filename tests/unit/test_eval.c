/* Unit tests for eval/: citation extraction, the rule engine and its
 * file's errors, statistics, the answer readers, and whole audits on the
 * data/sources graph. */
#include "t.h"

#include "common/alloc.h"
#include "common/error.h"
#include "eval/audit.h"
#include "eval/extract.h"
#include "eval/input.h"
#include "eval/postcheck.h"
#include "eval/record.h"
#include "eval/rules.h"
#include "eval/stats.h"
#include "kg/store.h"
#include "query/ref.h"
#include "query/units.h"

#include "graph.h"

#include <cJSON.h>
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

static kg_store *store;
static kg_txn *txn;
static query_units *units;
static ev_rules *rules;

/* ---- extraction ---------------------------------------------------------- */

static ev_cite *cites;
static size_t ncites;

static void extract(const char *text)
{
	int limited;

	pk_free(cites);
	cites = NULL;
	CHECK_EQ_INT(ev_extract_citations(text, strlen(text), &cites, &ncites, &limited), 0);
	CHECK_EQ_INT(limited, 0);
}

static const ev_cite *find(int kind, const char *text_prefix)
{
	size_t i;

	for (i = 0; i < ncites; i++)
		if (cites[i].kind == kind && !strncmp(cites[i].text, text_prefix, strlen(text_prefix)))
			return &cites[i];
	return NULL;
}

/* The author-year patterns searched in the windows around years find what
 * a search of the whole text finds (issue 19): 20,000 random texts made of
 * names, "et al.", "and", years (also with Arabic-Indic digits), venues,
 * parentheses ASCII and full-width, Chinese surnames, numbers, markers and
 * blanks of several kinds give the same citations, places and all. */
/* A random text of min + (0..spread-1) pieces drawn by seed (an LCG),
 * with a blank after two pieces in three when blanks is set; NUL-ended,
 * its length returned. */
static size_t pieces_text(const char *const *piece, size_t np, unsigned long long *seed, size_t min, size_t spread,
			  int blanks, char *text, size_t cap)
{
	size_t len = 0, k, parts;

	*seed = *seed * 6364136223846793005ull + 1442695040888963407ull;
	parts = min + (*seed >> 33) % spread;
	for (k = 0; k < parts; k++) {
		const char *pc;

		*seed = *seed * 6364136223846793005ull + 1442695040888963407ull;
		pc = piece[(*seed >> 33) % np];
		if (len + strlen(pc) + 1 >= cap)
			break;
		memcpy(text + len, pc, strlen(pc));
		len += strlen(pc);
		if (blanks && (*seed >> 20) % 3)
			text[len++] = ' ';
	}
	text[len] = 0;
	return len;
}

static void prose_windows(void)
{
	static const char *const piece[] = {
		"Zhang", "Smith", "O'Neil", "Lee-Park", "Kim", "van", "Müller", "Ångström", "et al.", "et al", "and",
		"&", "2019", "1999", "2020a", "20\xd9\xa2\xd9\xa3", "1899", "2100", "19", "2023b", "(", ")",
		"\xef\xbc\x88", "\xef\xbc\x89", ",", ";", ".", ":", "Nature", "Phys. Rev. B", "J. Chem. Phys.",
		"\xe5\xbc\xa0\xe4\xb8\x89", "\xe6\x9d\x8e\xe5\x9b\x9b", "\xe7\x8e\x8b", "\xe7\xad\x89",
		"\xe7\xad\x89\xe4\xba\xba", "6.626e-34", "[1]", "[2, 3]", " ", " ", " ", "  ", "\n", "\t",
		"\xe3\x80\x80", "\xc2\xa0", "\xe8\xa7\x81", "the", "In", "Since", "x", "-", "12", "7", "\"",
		/* whole citations, which the pieces around them may spoil */
		"Zhang et al. (2019)", "Smith, Nature 2019", "Lee and Kim 2018", "Park & Lee, 2020",
		"Kim et al., Phys. Rev. B 2021", "\xe5\xbc\xa0\xe4\xb8\x89\xe7\xad\x89\xef\xbc\x88" "2020\xef\xbc\x89",
		"Smith (2019 )", "Zhang et al. 2020a", "Lee (20\xd9\xa2\xd9\xa3)", "Ng et al. (1999)",
		/* reference lists and whole references, inside which no prose citation counts */
		"\nReferences\n", "\n\xe5\x8f\x82\xe8\x80\x83\xe6\x96\x87\xe7\x8c\xae\n", "\n[1] ", "\n[2] ",
		"\n1. ", "\n2. ", "\n\n", "Liu, X., & Zhang, H. (2015). Title here. Journal, 11(8), 603172.",
		"(Tan, Z.; Li, H. PLoS ONE 2013, 8, e75105.)",
	};
	size_t np = sizeof(piece) / sizeof(piece[0]);
	unsigned long long seed = 2026;
	char text[1024];
	int round, bad = 0, found = 0, lists = 0;

	for (round = 0; round < 20000; round++) {
		ev_cite *a = NULL, *b = NULL;
		size_t na = 0, nb = 0, len, i, k;
		int la = 0, lb = 0;

		/* mostly a blank between pieces, as prose has */
		len = pieces_text(piece, np, &seed, 4, 40, 1, text, sizeof(text));
		CHECK_EQ_INT(ev_extract_citations(text, len, &a, &na, &la), 0);
		CHECK_EQ_INT(ev_extract_citations_whole(text, len, &b, &nb, &lb), 0);
		if (la || lb)
			goto next;
		for (i = 0; i < na; i++) {
			found += a[i].kind == EV_CITE_PROSE;
			lists += a[i].kind == EV_CITE_ENTRY || a[i].kind == EV_CITE_FULL;
		}
		if (na != nb) {
			if (bad++ < 5)
				fprintf(stderr, "'%s': %zu citations in windows, %zu over the whole text\n", text, na, nb);
			goto next;
		}
		for (i = 0; i < na; i++) {
			int same = a[i].kind == b[i].kind && a[i].start == b[i].start && a[i].end == b[i].end &&
				   !strcmp(a[i].text, b[i].text) && a[i].nat == b[i].nat && a[i].nat_total == b[i].nat_total;

			for (k = 0; same && k < a[i].nat; k++)
				same = a[i].at[k][0] == b[i].at[k][0] && a[i].at[k][1] == b[i].at[k][1];
			if (!same && bad++ < 5)
				fprintf(stderr, "'%s': citation %zu '%s' against '%s'\n", text, i, a[i].text, b[i].text);
		}
next:
		pk_free(a);
		pk_free(b);
	}
	CHECK_EQ_INT(bad, 0);
	CHECK(found > 2000); /* the texts hold author-year citations */
	CHECK(lists > 1000);  /* and reference lists or whole references */
}

/* The patterns compiled by threads that race to it, one of them by
 * preparing them alone (as check's start-up does) and the others by
 * extracting at once: each gets the citations a later serial run gets. */
#define PREP_THREADS 4
static const char prep_text[] = "As Zhang et al. (2023) and Smith & Jones, 2019 argue (doi:10.1103/PhysRevB.47.9967).\n"
				"References\n[1] Chernikov A. et al. Exciton binding energy. Phys. Rev. Lett. 113, 076802 (2014).\n";

static void *prep_main(void *arg)
{
	size_t *n = arg, k;
	ev_cite *c = NULL;

	if (*n == 0) {
		*n = query_ref_parse_prepare() == 0 && ev_extract_prepare() == 0 ? 1 : 0;
		return NULL;
	}
	*n = ev_extract_citations(prep_text, strlen(prep_text), &c, &k, NULL) == 0 ? k : 0;
	pk_free(c);
	return NULL;
}

static void prepare_in_threads(void)
{
	pthread_t th[PREP_THREADS];
	size_t n[PREP_THREADS], want = 0, i;
	ev_cite *c = NULL;

	for (i = 0; i < PREP_THREADS; i++) {
		n[i] = i; /* 0: prepare only */
		CHECK_EQ_INT(pthread_create(&th[i], NULL, prep_main, &n[i]), 0);
	}
	for (i = 0; i < PREP_THREADS; i++)
		pthread_join(th[i], NULL);
	CHECK_EQ_INT(ev_extract_citations(prep_text, strlen(prep_text), &c, &want, NULL), 0);
	pk_free(c);
	CHECK(want >= 3);
	CHECK_EQ_INT((long)n[0], 1);
	for (i = 1; i < PREP_THREADS; i++)
		CHECK_EQ_INT((long)n[i], (long)want);
	CHECK_EQ_INT(query_ref_parse_prepare(), 0);
	CHECK_EQ_INT(ev_extract_prepare(), 0);
}

static void citations(void)
{
	const char *t =
		"Excitons were first seen in Cu2O [1], later in TMDs [2, 3] and heterostructures [1-3].\n"
		"As Zhang et al. (2023) and Smith & Jones, 2019 argue, and (Lee, 2020; Park and Kim 2018),\n"
		"the binding energy is large; see doi:10.1103/PhysRevB.47.9967. and arXiv:2101.00001v2.\n"
		"In 2019, nothing was cited. Since 2020 neither.\n"
		"\n"
		"References\n"
		"[1] Gross E. F., Karryev N. A. Optical spectrum of excitons. Dokl. Akad. Nauk SSSR 84, 471 (1952).\n"
		"[2] Chernikov A. et al. Exciton binding energy and nonhydrogenic Rydberg series in monolayer WS2.\n"
		"    Phys. Rev. Lett. 113, 076802 (2014).\n"
		"[3] Zhang W., Li X. A made-up title. Nature 600, 1 (2023). doi:10.1038/s41586-099-99999-9\n";
	const ev_cite *c;

	extract(t);
	/* three list entries, the second over two lines */
	c = find(EV_CITE_ENTRY, "Gross");
	CHECK(c && !strcmp(c->label, "1"));
	/* markers [1] and [1-3] link to entry 1; [2, 3] and [1-3] to 2 and 3 */
	CHECK(c && c->nat == 2);
	c = find(EV_CITE_ENTRY, "Chernikov");
	CHECK(c && strstr(c->text, "076802 (2014).") != NULL);
	CHECK(c && c->nat == 2);
	/* the prose "Zhang et al. (2023)" names entry 3 (Zhang, 2023) */
	c = find(EV_CITE_ENTRY, "Zhang W.");
	CHECK(c && c->nat == 3);
	CHECK(find(EV_CITE_PROSE, "Zhang") == NULL);
	/* other prose citations, each once */
	CHECK(find(EV_CITE_PROSE, "Smith and Jones, 2019") != NULL);
	CHECK(find(EV_CITE_PROSE, "Lee, 2020") != NULL);
	CHECK(find(EV_CITE_PROSE, "Park and Kim, 2018") != NULL);
	/* "In 2019", "Since 2020" are not citations */
	CHECK(find(EV_CITE_PROSE, "In") == NULL && find(EV_CITE_PROSE, "Since") == NULL);
	/* identifiers outside the list, trailing punctuation dropped; the DOI
	 * inside entry 3 belongs to the entry */
	c = find(EV_CITE_DOI, "10.1103");
	CHECK(c && !strcmp(c->text, "10.1103/PhysRevB.47.9967"));
	CHECK(find(EV_CITE_DOI, "10.1038") == NULL);
	c = find(EV_CITE_ARXIV, "arXiv:");
	CHECK(c && !strcmp(c->text, "arXiv:2101.00001v2"));
	CHECK_EQ_INT(ncites, 8);
	/* in order of appearance */
	{
		size_t i;

		for (i = 1; i < ncites; i++)
			CHECK(cites[i - 1].start <= cites[i].start);
	}
	/* Chinese */
	extract("该结果与张三等（2020）的测量一致，也与李四（2019）一致。参考文献\n");
	CHECK(find(EV_CITE_PROSE, "张三等，2020") != NULL);
	CHECK(find(EV_CITE_PROSE, "李四，2019") != NULL);
	/* numbered steps without years are not a reference list */
	extract("Steps:\n1. Heat the sample.\n2. Cool it down.\n3. Measure again.\n");
	CHECK_EQ_INT(ncites, 0);
	/* a list without a heading: numbered lines with years */
	extract("Sources:\n1. Smith J. Title one. J. Chem. Phys. 12, 3 (1999).\n2. Doe A. Title two. Science 1, 2 (2001).\n");
	CHECK_EQ_INT(ncites, 2);
	/* the list on the heading's line, entries between bracketed labels,
	 * up to a blank line; markers before it link to them */
	extract("As [2] and Zhang et al. (2023) show, and [1] too.\n"
		"References: [1] Smith J. Title one. J. Chem. Phys. 12, 3 (1999). [2] Doe A. Title two.\n"
		"Science 1, 2 (2001);\n\n[3] Not a reference after the blank line.\n");
	CHECK_EQ_INT(ncites, 3);
	c = find(EV_CITE_ENTRY, "Smith J.");
	CHECK(c && !strcmp(c->label, "1") && !strcmp(c->text, "Smith J. Title one. J. Chem. Phys. 12, 3 (1999).") &&
	      c->nat == 1);
	c = find(EV_CITE_ENTRY, "Doe A.");
	CHECK(c && !strcmp(c->label, "2") && !strcmp(c->text, "Doe A. Title two. Science 1, 2 (2001)") && c->nat == 1);
	CHECK(find(EV_CITE_PROSE, "Zhang") != NULL);
	CHECK(ncites == 3 && cites[0].start <= cites[1].start && cites[1].start <= cites[2].start);
	/* "Sources: [1]" inside a sentence is no heading */
	extract("The sources: [1] and [2] agree.\n");
	CHECK_EQ_INT(ncites, 0);
	/* the same DOI twice is one citation cited twice */
	extract("See 10.1000/xyz123 and again 10.1000/xyz123.");
	CHECK_EQ_INT(ncites, 1);
	CHECK(ncites == 1 && cites[0].nat == 2);
	/* the literals tested before PCRE2 runs (extract.c, may_match) are in
	 * every match: an id in capitals, a whole APA reference with a year's
	 * letter or with digits outside ASCII (\d is Unicode), one that ends
	 * the text; and a text without them has none */
	extract("As ARXIV: 2101.00001 shows.");
	CHECK(ncites == 1 && find(EV_CITE_ARXIV, "arXiv:2101.00001") != NULL);
	/* (found at its 'x': at the text's start, after other x's, and ending it) */
	extract("arxiv:2101.00001 shows it.");
	CHECK(ncites == 1 && find(EV_CITE_ARXIV, "arXiv:2101.00001") != NULL);
	extract("An xx-ray box, then arXiv:2101.00001");
	CHECK(ncites == 1 && find(EV_CITE_ARXIV, "arXiv:2101.00001") != NULL);
	extract("As DOI:10.1000/ABC shows.");
	CHECK(ncites == 1 && find(EV_CITE_DOI, "10.1000/ABC") != NULL);
	extract("As in Liu, X., & Zhang, H. (2015a). Title here. Journal, 11(8), 603172, we see it.");
	CHECK(find(EV_CITE_FULL, "Liu, X.") != NULL);
	extract("As in Liu, X., & Zhang, H. (20\xd9\xa1\xd9\xa5). Title here. Journal, 11(8), 603172, we see it.");
	CHECK(find(EV_CITE_FULL, "Liu, X.") != NULL);
	extract("Liu, X., & Zhang, H. (2015). Title here. Journal, 11(8), 603172");
	CHECK(find(EV_CITE_FULL, "Liu, X.") != NULL);
	extract("As in Liu, X., & Zhang, H. (2015) Title here. Journal, 11(8), 603172, or arxiv 1, or 10/1000.");
	CHECK_EQ_INT(ncites, 0);
	/* Markdown footnotes: a definition with its year is a reference,
	 * labelled "^1" and cited by "[^1]" (not by "[1]" of another list);
	 * one without a year is a note */
	extract("Barley resists it[^1], as [1] says.\n\n- Smith J. A list entry here. J Things. 2019;1:2.\n\n"
		"[^1]: Yaeno T, Wahara M. A paper on barley. PLOS ONE. 2021;16(8):e0256574.\n");
	{
		const ev_cite *f = find(EV_CITE_ENTRY, "Yaeno T");

		CHECK(f != NULL && !strcmp(f->label, "^1") && f->nat == 1 && f->at[0][0] == 17);
	}
	extract("Barley resists it[^1].\n\n[^1]: A note without a year, on barley.\n");
	CHECK(find(EV_CITE_ENTRY, "A note") == NULL);
	pk_free(cites);
	cites = NULL;
}

/* ---- rules --------------------------------------------------------------- */

static int write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (!f)
		return -1;
	fputs(text, f);
	return fclose(f);
}

static void rule_file_errors(void)
{
	const char *path = t_tmpdir("rules.json");
	ev_rules *r = NULL;

	write_file(path, "{\"format\": \"provkg credibility rules 1\", \"scores\": {\"premise\": {\"rules\": ["
			 "{\"id\": \"broken\", \"all\": [\"(unclosed\"]}]}, \"uncertainty\": {\"rules\": []}, "
			 "\"falsifiability\": {\"rules\": []}}}");
	CHECK(ev_rules_load(&r, path) < 0);
	CHECK(strstr(pk_error_last(), "rule broken: all[0]") != NULL);
	CHECK(strstr(pk_error_last(), "offset") != NULL);
	write_file(path, "{\"scores\": {}}");
	CHECK(ev_rules_load(&r, path) == PK_EPARSE);
	CHECK(strstr(pk_error_last(), "format") != NULL);
	write_file(path, "{\"format\": \"provkg credibility rules 1\", \"scores\": {\"premise\": {\"rules\": ["
			 "{\"id\": \"p\", \"all\": [\"x\"], \"points\": 99}]}, \"uncertainty\": {\"rules\": []}, "
			 "\"falsifiability\": {\"rules\": []}}}");
	CHECK(ev_rules_load(&r, path) == PK_EPARSE);
	CHECK(strstr(pk_error_last(), "rule p") != NULL);
	write_file(path, "not json");
	CHECK(ev_rules_load(&r, path) == PK_EPARSE);
	pk_error_clear();
	unlink(path);
}

/* A trigger's "any" patterns are tried as one alternation first (a
 * prefilter): the flags must be what the patterns one by one give, and a
 * pattern that cannot be a branch (a backreference) keeps its rule on the
 * one-by-one path. */
static void postcheck_prefilter(void)
{
	static const struct {
		const char *text;
		int flag;
		const char *trigger;
	} cases[] = {
		{ "It is is certain.", EV_PC_SUSPICIOUS, "rep" },     /* the backreference */
		{ "Everyone agrees on this.", EV_PC_SUSPICIOUS, "alt" },
		{ "This is well known.", EV_PC_SUSPICIOUS, "alt" },   /* the second branch */
		{ "Not everyone agrees.", EV_PC_PLAIN, NULL },         /* a "none" pattern */
		{ "A plain sentence.", EV_PC_PLAIN, NULL },
		{ "Everyone agrees [3].", EV_PC_BACKED, "alt" },
	};
	const char *path = t_tmpdir("post.json");
	ev_postrules *r = NULL;
	size_t i;

	write_file(path, "{\"format\": \"provkg post-check rules 1\", \"triggers\": ["
			 "{\"id\": \"rep\", \"kind\": \"absolute\", \"any\": [\"(zzz) never\", \"\\\\b(\\\\w+) \\\\1\\\\b\"]},"
			 "{\"id\": \"alt\", \"kind\": \"consensus\", \"any\": [\"\\\\bwell known\\\\b\", \"\\\\beveryone agrees\\\\b\"],"
			 " \"none\": [\"\\\\bnot\\\\b\"]}],"
			 " \"backing\": [{\"id\": \"src\", \"kind\": \"source\", \"any\": [\"\\\\[\\\\d+\\\\]\", \"\\\\bdoi:\"]}]}");
	CHECK_EQ_INT(ev_postrules_load(&r, path), 0);
	for (i = 0; r && i < sizeof(cases) / sizeof(cases[0]); i++) {
		ev_postcheck pc;

		memset(&pc, 0, sizeof(pc));
		CHECK_EQ_INT(ev_post_check(r, cases[i].text, strlen(cases[i].text), NULL, &pc), 0);
		CHECK(pc.n == 1);
		if (pc.n == 1) {
			if (pc.v[0].flag != cases[i].flag)
				fprintf(stderr, "post-check '%s': flag %d, want %d\n", cases[i].text, pc.v[0].flag, cases[i].flag);
			CHECK_EQ_INT(pc.v[0].flag, cases[i].flag);
			if (cases[i].trigger)
				CHECK(pc.v[0].trigger && !strcmp(pc.v[0].trigger, cases[i].trigger));
		}
		ev_postcheck_release(&pc);
	}
	ev_postrules_free(r);
	pk_error_clear();
	unlink(path);
}

static int score_of(const char *text, int which, const char *rule)
{
	int s[EV_NSCORES] = { 0 }, limited = 0, seen = 0;
	ev_hit *h = NULL;
	size_t n = 0, i;

	if (ev_rules_score(rules, text, strlen(text), s, &h, &n, &limited) < 0)
		return -100;
	for (i = 0; i < n; i++)
		seen |= !strcmp(h[i].rule, rule);
	pk_free(h);
	return seen ? s[which] : -1 - s[which];
}

static void rule_scores(void)
{
	/* an assumption with a criterion earns; without one, or boilerplate, not */
	CHECK_EQ_INT(score_of("Assuming the screening length is much larger than the exciton radius, E ~ 1/eps^2.",
			      EV_PREMISE, "assumption-with-criterion"), 4);
	CHECK_EQ_INT(score_of("Assuming everything goes well, it works.", EV_PREMISE, "boilerplate-assumption"), 0);
	CHECK_EQ_INT(score_of("We assume it is fine.", EV_PREMISE, "assumption-without-criterion"), 0);
	/* at most `max` hits: three criteria sentences give 8, not 12 */
	CHECK_EQ_INT(score_of("Assume a < 5 nm. Suppose T > 300 K. Assume n below 1e18.", EV_PREMISE,
			      "assumption-with-criterion"), 8);
	CHECK_EQ_INT(score_of("假设样品厚度远小于波长。", EV_PREMISE, "assumption-with-criterion-zh"), 4);
	/* uncertainty backed by a reason */
	CHECK_EQ_INT(score_of("The gap is about 1.1 eV because of strain.", EV_UNCERTAINTY, "uncertainty-with-reason"), 3);
	CHECK_EQ_INT(score_of("The gap is about 1.1 eV.", EV_UNCERTAINTY, "uncertainty-without-reason"), 0);
	CHECK_EQ_INT(score_of("G = 6.67430(15) N m^2 kg^-2.", EV_UNCERTAINTY, "quantified-uncertainty"), 1);
	CHECK_EQ_INT(score_of("由于样品不均匀，误差约为5%。", EV_UNCERTAINTY, "uncertainty-with-reason-zh"), 3);
	/* falsifiability */
	CHECK_EQ_INT(score_of("If no peak is observed within 10 meV, the model must be revised.", EV_FALSIFIABILITY,
			      "refutation-condition"), 5);
	CHECK_EQ_INT(score_of("若在10 meV内未观察到峰，则该模型需要修正。", EV_FALSIFIABILITY, "refutation-condition-zh"), 5);
	CHECK_EQ_INT(score_of("This is always true.", EV_FALSIFIABILITY, "refutation-condition"), -1);
	/* a skipped region (a reference list) earns nothing */
	{
		const char *t = "Nature 1999; 109(6):889 and 6.67(15).";
		size_t skip[1][2] = { { 0, 40 } };
		int s[EV_NSCORES];
		ev_hit *h = NULL;
		size_t n = 0;
		int limited;

		CHECK_EQ_INT(ev_rules_score_skip(rules, t, strlen(t), (const size_t(*)[2])skip, 1, s, &h, &n, &limited), 0);
		CHECK_EQ_INT(n, 0);
		pk_free(h);
	}
}

/* The memo gives what the rules give: the same scores, hits and limit
 * flag, from a sentence's first reading and from its recall, also when
 * the sentence was first read past a rule's "max". */
static void rule_memo(void)
{
	static const char *const texts[] = {
		"Assume a < 5 nm. Suppose T > 300 K. Assume n below 1e18.",
		"Assume n below 1e18.", /* read above past max: must earn here */
		"The gap is about 1.1 eV because of strain. The gap is about 1.1 eV.",
		"If no peak is observed within 10 meV, the model must be revised. This is always true.",
		"假设样品厚度远小于波长。由于样品不均匀，误差约为5%。",
		"Assume a < 5 nm. Suppose T > 300 K. Assume n below 1e18.",
		"We assume it is fine. G = 6.67430(15) N m^2 kg^-2. Assuming everything goes well, it works.",
	};
	ev_rules_memo *m = ev_rules_memo_new(rules);
	size_t i, k, round;

	CHECK(m != NULL);
	for (round = 0; round < 2; round++)
		for (i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
			int s1[EV_NSCORES] = { 0 }, s2[EV_NSCORES] = { 0 }, l1 = -1, l2 = -1;
			ev_hit *h1 = NULL, *h2 = NULL;
			size_t n1 = 0, n2 = 0;

			CHECK_EQ_INT(ev_rules_score_skip(rules, texts[i], strlen(texts[i]), NULL, 0, s1, &h1, &n1, &l1), 0);
			CHECK_EQ_INT(ev_rules_score_memo(rules, m, texts[i], strlen(texts[i]), NULL, 0, s2, &h2, &n2, &l2), 0);
			CHECK_EQ_INT(n2, n1);
			CHECK_EQ_INT(l2, l1);
			for (k = EV_PREMISE; k < EV_NSCORES; k++)
				CHECK_EQ_INT(s2[k], s1[k]);
			for (k = 0; k < n1 && k < n2; k++) {
				CHECK(!strcmp(h1[k].rule, h2[k].rule));
				CHECK_EQ_INT(h2[k].start, h1[k].start);
				CHECK_EQ_INT(h2[k].end, h1[k].end);
				CHECK_EQ_INT(h2[k].points, h1[k].points);
			}
			pk_free(h1);
			pk_free(h2);
		}
	/* the second text's criterion earns, though first read past max */
	CHECK_EQ_INT(score_of("Assume n below 1e18.", EV_PREMISE, "assumption-with-criterion"), 4);
	ev_rules_memo_free(m);
}

/* ---- statistics ------------------------------------------------------------ */

static void statistics(void)
{
	double lo, hi;
	ev_moments m = { 0, 0, 0 };

	/* Wilson 95%: values from the formula by hand (and R's binom) */
	ev_wilson(0, 10, EV_Z95, &lo, &hi);
	CHECK(lo == 0);
	CHECK_NEAR(hi, 0.27753279, 1e-6);
	ev_wilson(5, 10, EV_Z95, &lo, &hi);
	CHECK_NEAR(lo, 0.23659309, 1e-6);
	CHECK_NEAR(hi, 0.76340691, 1e-6);
	ev_wilson(10, 10, EV_Z95, &lo, &hi);
	CHECK(hi == 1);
	CHECK_NEAR(lo, 0.72246721, 1e-6);
	ev_wilson(0, 0, EV_Z95, &lo, &hi);
	CHECK(lo == 0 && hi == 1);
	CHECK_NEAR(ev_t95(1), 12.706204736, 1e-9);
	CHECK_NEAR(ev_t95(10), 2.228138852, 1e-9);
	CHECK_NEAR(ev_t95(60), 2.000297822, 2e-3);
	CHECK_NEAR(ev_t95(1000), 1.962339, 1e-4);
	ev_moments_add(&m, 2);
	ev_moments_ci95(&m, 0, 10, &lo, &hi);
	CHECK(isnan(lo) && isnan(hi));
	ev_moments_add(&m, 4);
	ev_moments_add(&m, 9);
	CHECK_NEAR(m.mean, 5, 1e-12);
	CHECK_NEAR(ev_moments_sd(&m), 3.605551275, 1e-9);
	ev_moments_ci95(&m, 0, 10, &lo, &hi);
	CHECK(lo == 0 && hi == 10); /* 5 -+ 8.96, clipped to the range */
	ev_moments_ci95(&m, -100, 100, &lo, &hi);
	CHECK_NEAR(hi, 5 + 4.302652730 * 3.605551275 / sqrt(3), 1e-6);
	CHECK_NEAR(lo, 5 - 4.302652730 * 3.605551275 / sqrt(3), 1e-6);
}

/* ---- readers ----------------------------------------------------------------- */

typedef struct got {
	char ids[16][32];
	char models[16][64];
	size_t lens[16];
	int errors[16];
	int epochs[16];
	int perturbed[16];
	size_t n;
	size_t warnings;
	char warning[600];
} got;

static void collect_warning(void *ctx, const char *msg)
{
	got *g = ctx;

	g->warnings++;
	snprintf(g->warning, sizeof(g->warning), "%s", msg);
}

static int collect(void *ctx, const ev_answer *a)
{
	got *g = ctx;

	if (g->n < 16) {
		snprintf(g->ids[g->n], sizeof(g->ids[0]), "%s", a->id_json ? a->id_json : "null");
		snprintf(g->models[g->n], sizeof(g->models[0]), "%s", a->model ? a->model : "null");
		g->lens[g->n] = a->error ? 0 : a->len;
		g->errors[g->n] = a->error != NULL;
		g->epochs[g->n] = a->epoch;
		g->perturbed[g->n] = a->perturbation != NULL;
	}
	g->n++;
	return 0;
}

/* An answer's id as the readers hand it on (an integer printed in place,
 * any other id by cJSON): each as cJSON_PrintUnformatted prints the id
 * of the line parsed by cJSON_Parse. */
static void answer_ids(void)
{
	static const char *const ids[] = { "0", "7", "-7", "42", "2147483647", "-2147483648", "2147483648",
					   "1e10", "1.5", "-0.0", "3e-5", "12345678901234567890", "1E2", "0.1",
					   "\"q1\"", "\"a\\u00e9\\\"b\"", "true", "[1,2]", "{\"k\":1}" };
	const size_t nid = sizeof(ids) / sizeof(ids[0]);
	const char *dir = t_tmpdir("ids");
	char path[300];
	ev_input_opts o;
	got g;
	int fmt;
	size_t i, j;
	FILE *f;

	mkdir(dir, 0700);
	snprintf(path, sizeof(path), "%s/ids.jsonl", dir);
	for (j = 0; j < nid; j += 16) {
		CHECK((f = fopen(path, "w")) != NULL);
		if (!f)
			return;
		for (i = j; i < nid && i < j + 16; i++)
			fprintf(f, "{\"id\": %s, \"text\": \"The band gap of Si is 1.12 eV.\"}\n", ids[i]);
		fclose(f);
		memset(&o, 0, sizeof(o));
		memset(&g, 0, sizeof(g));
		CHECK_EQ_INT(ev_read_answers(path, &o, collect, &g, &fmt), 0);
		CHECK_EQ_INT((long)g.n, (long)(i - j));
		for (i = j; i < nid && i < j + 16; i++) {
			char line[200], *want;
			cJSON *rec;

			snprintf(line, sizeof(line), "{\"id\": %s}", ids[i]);
			rec = cJSON_Parse(line);
			CHECK(rec != NULL);
			if (!rec)
				continue;
			want = cJSON_PrintUnformatted(cJSON_GetObjectItemCaseSensitive(rec, "id"));
			CHECK_STR(g.ids[i - j], want ? want : "?");
			cJSON_free(want);
			cJSON_Delete(rec);
		}
	}
	remove(path);
	rmdir(dir);
}

static void readers(void)
{
	ev_input_opts o;
	got g;
	int fmt;

	memset(&o, 0, sizeof(o));
	memset(&g, 0, sizeof(g));
	CHECK_EQ_INT(ev_read_answers("tests/fixtures/check/answers.jsonl", &o, collect, &g, &fmt), 0);
	CHECK_EQ_INT(fmt, EV_FMT_JSONL);
	CHECK_EQ_INT(g.n, 7);
	CHECK_STR(g.ids[0], "1");
	CHECK_STR(g.models[0], "model-a");
	CHECK(g.errors[2] && g.errors[4] && !g.errors[5]);
	CHECK_STR(g.ids[6], "\"x7\"");

	memset(&g, 0, sizeof(g));
	CHECK_EQ_INT(ev_read_answers("tests/fixtures/check/inspect-log.json", &o, collect, &g, &fmt), 0);
	CHECK_EQ_INT(fmt, EV_FMT_INSPECT);
	CHECK_EQ_INT(g.n, 3);
	CHECK_STR(g.models[0], "openai/gpt-4o");
	CHECK_STR(g.ids[1], "\"q2\"");
	CHECK(g.lens[1] > 50); /* from the content parts: output.completion is empty */
	CHECK(g.errors[2]);

	memset(&g, 0, sizeof(g));
	CHECK_EQ_INT(ev_read_answers("tests/fixtures/check/openai-evals.jsonl", &o, collect, &g, &fmt), 0);
	CHECK_EQ_INT(fmt, EV_FMT_OPENAI);
	CHECK_EQ_INT(g.n, 2); /* the two sampling events; spec, match and report are no answers */
	CHECK_STR(g.models[1], "gpt-3.5-turbo");
	CHECK_STR(g.ids[1], "\"physics-qa.dev.1\"");

	memset(&g, 0, sizeof(g));
	o.model = "llama-x";
	CHECK_EQ_INT(ev_read_answers("tests/fixtures/check/lm-eval-samples.jsonl", &o, collect, &g, &fmt), 0);
	CHECK_EQ_INT(fmt, EV_FMT_LMEVAL);
	CHECK_EQ_INT(g.n, 2);
	CHECK_STR(g.models[0], "llama-x");
	CHECK(g.lens[1] > 0 && !g.errors[1]); /* resps empty: filtered_resps */

	memset(&g, 0, sizeof(g));
	CHECK_EQ_INT(ev_read_answers("tests/fixtures/check/helm-display_predictions.json", &o, collect, &g, &fmt), 0);
	CHECK_EQ_INT(fmt, EV_FMT_HELM);
	CHECK_EQ_INT(g.n, 3);
	CHECK_STR(g.ids[0], "\"id1\"");
	CHECK(g.errors[2]);

	/* harness logs as their harnesses write them (tests/fixtures/harness) */
	o.model = NULL;
	o.warn = collect_warning;
	memset(&g, 0, sizeof(g));
	CHECK_EQ_INT(ev_read_answers("tests/fixtures/harness/inspect-log_formats.json", &o, collect, &g, &fmt), 0);
	CHECK_EQ_INT(fmt, EV_FMT_INSPECT);
	CHECK_EQ_INT(g.n, 1);
	CHECK_STR(g.models[0], "ollama/llama3.1"); /* eval.model, not output.model "llama3.1" */
	CHECK_EQ_INT(g.epochs[0], 1);
	CHECK_EQ_INT((int)g.warnings, 0);

	memset(&g, 0, sizeof(g));
	CHECK_EQ_INT(ev_read_answers("tests/fixtures/harness/lm-eval/samples_hellaswag_2025-01-21T03-44-18.123456.jsonl",
				     &o, collect, &g, &fmt), 0);
	CHECK_EQ_INT(fmt, EV_FMT_LMEVAL);
	CHECK_EQ_INT(g.n, 0); /* log-probabilities are not answers */
	CHECK_EQ_INT((int)g.warnings, 1);
	CHECK(strstr(g.warning, "2 loglikelihood") != NULL);

	memset(&g, 0, sizeof(g));
	CHECK_EQ_INT(ev_read_answers("tests/fixtures/harness/lm-eval/samples_gsm8k_2025-01-21T03-44-18.123456.jsonl", &o,
				     collect, &g, &fmt), 0);
	CHECK_EQ_INT(g.n, 2);
	CHECK_STR(g.models[0], "EleutherAI/pythia-160m"); /* results_*.json of the same time */
	CHECK(g.lens[1] > 40); /* flattened resps: the whole text, not filtered_resps' number */

	memset(&g, 0, sizeof(g));
	CHECK_EQ_INT(ev_read_answers("tests/fixtures/harness/lm-eval/results_2025-01-21T03-44-18.123456.json", &o, collect,
				     &g, &fmt), PK_EPARSE);
	CHECK(strstr(pk_error_last(), "samples_*.jsonl") != NULL);
	pk_error_clear();

	memset(&g, 0, sizeof(g));
	CHECK_EQ_INT(ev_read_answers("tests/fixtures/harness/openai-modelgraded.jsonl", &o, collect, &g, &fmt), 0);
	CHECK_EQ_INT(g.n, 2); /* the grader's and the extraction step's samplings are not answers */
	CHECK_STR(g.ids[1], "\"physics-explain.dev.1\"");
	CHECK_EQ_INT((int)g.warnings, 1);

	memset(&g, 0, sizeof(g));
	CHECK_EQ_INT(ev_read_answers("tests/fixtures/harness/openai-spec-only.jsonl", &o, collect, &g, &fmt), 0);
	CHECK_EQ_INT(g.n, 0);
	CHECK(strstr(g.warning, "no sampling events") != NULL);

	memset(&g, 0, sizeof(g));
	CHECK_EQ_INT(ev_read_answers("tests/fixtures/harness/helm/display_predictions.json", &o, collect, &g, &fmt), 0);
	CHECK_EQ_INT(fmt, EV_FMT_HELM);
	CHECK_EQ_INT(g.n, 3);
	CHECK_STR(g.models[0], "openai/gpt-4o"); /* run_spec.json beside */
	CHECK(!g.perturbed[0] && g.perturbed[1] && !g.perturbed[2]);
	CHECK(g.lens[2] > 0 && !g.errors[2]); /* thinking_text alone */

	memset(&g, 0, sizeof(g));
	CHECK_EQ_INT(ev_read_answers("tests/fixtures/harness/helm/scenario_state.json", &o, collect, &g, &fmt), 0);
	CHECK_EQ_INT(fmt, EV_FMT_HELM);
	CHECK_EQ_INT(g.n, 2);
	CHECK_STR(g.ids[1], "\"id7\"");
	CHECK_STR(g.models[0], "openai/gpt-4o"); /* its own adapter_spec */
	CHECK(g.perturbed[1]);

	memset(&g, 0, sizeof(g));
	CHECK_EQ_INT(ev_read_answers("tests/fixtures/harness/eee-instances.jsonl", &o, collect, &g, &fmt), 0);
	CHECK_EQ_INT(fmt, EV_FMT_EEE);
	CHECK_EQ_INT(g.n, 2);
	CHECK_STR(g.ids[0], "\"id1413\"");
	CHECK_STR(g.models[1], "meta-llama/Llama-3.2-1B-Instruct");
	CHECK(g.lens[1] > 50); /* both assistant turns */
	o.warn = NULL;

	/* dotted paths for another JSONL layout */
	memset(&g, 0, sizeof(g));
	o.model = NULL;
	o.text_field = "output.completion";
	o.id_field = "uid";
	o.model_field = "meta.model";
	CHECK_EQ_INT(ev_read_answers("tests/fixtures/check/nested.jsonl", &o, collect, &g, &fmt), 0);
	CHECK_EQ_INT(g.n, 2);
	CHECK_STR(g.ids[1], "1");
	CHECK_STR(g.models[1], "m2");
	CHECK(!g.errors[0] && g.lens[0] > 100);

	/* an answer over the limit is an error record; the stream goes on */
	{
		const char *path = t_tmpdir("big.jsonl");
		FILE *f = fopen(path, "w");
		size_t i;

		fputs("{\"id\": 1, \"text\": \"", f);
		for (i = 0; i < 3000; i++)
			fputs("The speed of light is 3e8 m/s. ", f);
		fputs("\"}\n{\"id\": 2, \"text\": \"short\"}\n", f);
		fclose(f);
		memset(&o, 0, sizeof(o));
		o.max_answer = 10000;
		memset(&g, 0, sizeof(g));
		CHECK_EQ_INT(ev_read_answers(path, &o, collect, &g, &fmt), 0);
		CHECK_EQ_INT(g.n, 2);
		CHECK(g.errors[0] && !g.errors[1]);
		unlink(path);
	}
}

/* ---- audits -------------------------------------------------------------------- */

/* issue 18 (3): the audit record written is the record read: every
 * figure summarize takes comes back, and another version is refused */
static void record_round_trip(const ev_result *r, const char *text)
{
	ev_answer a;
	ev_record er;
	pk_buf out = PK_BUF_INIT;
	pk_json w;
	cJSON *rec;
	int s;

	memset(&a, 0, sizeof(a));
	a.id_json = "\"q7\"";
	a.model = "m";
	snprintf(a.where, sizeof(a.where), "t:1");
	pk_json_init(&w, &out);
	ev_record_head(&w, &a);
	ev_record_audit_json(&w, r, text, strlen(text));
	pk_json_end_obj(&w);
	CHECK_EQ_INT(pk_json_error(&w), 0);
	rec = cJSON_Parse(out.ptr);
	CHECK(rec != NULL);
	CHECK_EQ_INT(ev_record_read(rec, &er), 0);
	CHECK(er.checked && !er.error && er.model && !strcmp(er.model, "m") && !strcmp(er.where, "t:1"));
	CHECK(cJSON_IsString(er.id) && !strcmp(er.id->valuestring, "q7"));
	for (s = 0; s < EV_NSCORES; s++)
		CHECK(er.have_score[s] && er.score[s] == r->scores[s]);
	CHECK(er.have_traced && fabs(er.traced - (double)(r->exact + r->within) / (double)r->items) < 1e-12);
	CHECK(er.have_fab && er.citations == (double)r->ncites && er.fabricated == (double)r->fabricated);
	CHECK_EQ_INT(er.patterns[EV_PAT_FUTURE], r->patterns[EV_PAT_FUTURE]);
	CHECK_EQ_INT(cJSON_GetArraySize(er.values), (int)r->nvalues);
	CHECK_EQ_INT(cJSON_GetArraySize(er.cites), (int)r->ncites);
	/* another version, or none, is refused with a message saying so */
	cJSON_ReplaceItemInObjectCaseSensitive(rec, "record_version", cJSON_CreateNumber(EV_RECORD_VERSION + 1));
	CHECK_EQ_INT(ev_record_read(rec, &er), PK_ESCHEMA);
	CHECK(strstr(pk_error_last(), "an audit record of version 2") != NULL);
	cJSON_DeleteItemFromObjectCaseSensitive(rec, "record_version");
	CHECK_EQ_INT(ev_record_read(rec, &er), PK_ESCHEMA);
	CHECK(strstr(pk_error_last(), "without \"record_version\"") != NULL);
	cJSON_DeleteItemFromObjectCaseSensitive(rec, "scores");
	CHECK_EQ_INT(ev_record_read(rec, &er), PK_EINVAL);
	pk_error_clear();
	cJSON_Delete(rec);
	pk_buf_release(&out);
}

static void audits(void)
{
	/* zero-width spaces and superscripts: spans stay in the original text */
	const char *text = "The Boltzmann\xe2\x80\x8b constant is 1.380649\xc3\x97" "10\xe2\x81\xbb\xc2\xb2\xc2\xb3 J/K. "
			   "The speed of light is about 3.0\xc3\x97" "10^8 m/s. "
			   "The electron mass is 9.1e-28 kg. See https://doi.org/10.1001/archinte.1991.00400100107018 and "
			   "(Nobody et al., 2031).";
	qv_opts vo;
	qr_opts ro;
	ev_opts o;
	ev_result r;
	size_t i;

	memset(&vo, 0, sizeof(vo));
	memset(&ro, 0, sizeof(ro));
	ro.current_year = 2026;
	memset(&o, 0, sizeof(o));
	o.units = units;
	o.value_opts = &vo;
	o.ref_opts = &ro;
	o.rules = rules;
	CHECK_EQ_INT(ev_audit(txn, text, strlen(text), &o, &r), 0);
	CHECK_EQ_INT(r.nvalues, 3);
	if (r.nvalues == 3) {
		CHECK_EQ_INT(r.values[0].r.verdict, QV_MATCH);
		CHECK(r.values[0].credit == 1 && r.values[0].effect == 0);
		/* the span covers the number as written, superscripts included */
		CHECK(!strncmp(text + r.values[0].r.m.start, "1.380649\xc3\x97" "10\xe2\x81\xbb\xc2\xb2\xc2\xb3 J/K",
			       r.values[0].r.m.end - r.values[0].r.m.start));
		CHECK_EQ_INT(r.values[1].r.verdict, QV_MATCH); /* 3.0e8 at 2 digits */
		CHECK_EQ_INT(r.values[2].r.verdict, QV_MISMATCH);
		CHECK(r.values[2].credit == 0);
		CHECK(fabs(r.values[2].effect + 2.0) < 1e-9); /* -10 x (1 - 0) / 5 checked */
	}
	CHECK_EQ_INT(r.ncites, 2);
	for (i = 0; i < r.ncites; i++) {
		if (r.cites[i].c.kind == EV_CITE_DOI) {
			CHECK_EQ_INT(r.cites[i].r.verdict, QR_VERIFIED);
			CHECK(r.cites[i].credit == 1);
		} else {
			CHECK_EQ_INT(r.cites[i].r.verdict, QR_FABRICATED);
			CHECK_EQ_INT(ev_pattern_of(&r.cites[i].r), EV_PAT_FUTURE);
			CHECK(r.cites[i].credit == 0 && r.cites[i].effect < 0);
		}
	}
	CHECK_EQ_INT(r.items, 5);
	CHECK_EQ_INT(r.checked, 5);
	CHECK_EQ_INT(r.exact, 3);
	CHECK_EQ_INT(r.wrong, 2);
	CHECK_EQ_INT(r.scores[EV_TRACEABILITY], 6); /* 3 of 5 checked */
	CHECK_EQ_INT(r.fabricated, 1);
	CHECK_EQ_INT(r.patterns[EV_PAT_FUTURE], 1);
	record_round_trip(&r, text);
	ev_result_release(&r);
	/* bad answers are errors */
	CHECK_EQ_INT(ev_audit(txn, "   \n", 4, &o, &r), PK_EINVAL);
	CHECK_EQ_INT(ev_audit(txn, "a\xff", 2, &o, &r), PK_EINVAL);
	CHECK_EQ_INT(ev_audit(txn, "a\0b", 3, &o, &r), PK_EINVAL);
	pk_error_clear();
	/* traceability is a share: many right values make 10, never more, and
	 * two wrong ones among them still cost points */
	{
		char big[4096] = "";

		for (i = 0; i < 8; i++)
			strcat(big, "The Boltzmann constant is 1.380649e-23 J/K. ");
		CHECK_EQ_INT(ev_audit(txn, big, strlen(big), &o, &r), 0);
		CHECK_EQ_INT(r.items, 8);
		CHECK_EQ_INT(r.scores[EV_TRACEABILITY], 10);
		ev_result_release(&r);
		strcat(big, "The electron mass is 9.109e-28 kg. The Boltzmann constant is 1.380649e-23 J/mol. ");
		CHECK_EQ_INT(ev_audit(txn, big, strlen(big), &o, &r), 0);
		CHECK_EQ_INT(r.checked, 10);
		CHECK_EQ_INT(r.wrong, 2);
		CHECK_EQ_INT(r.scores[EV_TRACEABILITY], 8);
		ev_result_release(&r);
	}
}

/* ev_sentence_next against a splitter written here from its documented
 * rules (each byte tried in turn), on fixed and random texts: the fast
 * path that passes over bytes that end nothing must cut the same. */
static size_t ref_end(const char *s, size_t n, size_t i)
{
	static const char *const cjk[] = { "\xe3\x80\x82", "\xef\xbc\x81", "\xef\xbc\x9f", "\xef\xbc\x9b" };
	size_t k;

	for (k = 0; k < 4; k++)
		if (i + 3 <= n && !memcmp(s + i, cjk[k], 3))
			return 3;
	if (s[i] == '\n' && i + 1 < n && strchr("\n-*", s[i + 1]) && s[i + 1])
		return 1;
	if (strchr(".!?", s[i]) && s[i] && (i + 1 >= n || s[i + 1] == ' ' || s[i + 1] == '\n'))
		return i >= 3 && (!memcmp(s + i - 3, "e.g", 3) || !memcmp(s + i - 3, "i.e", 3) || !memcmp(s + i - 2, "al", 2))
			       ? 0
			       : 1;
	return 0;
}

static size_t ref_next(const char *s, size_t n, size_t from, size_t *a, size_t *e)
{
	size_t end = from, b = 0;

	while (end < n && !(b = ref_end(s, n, end)))
		end++;
	*e = end + b;
	*a = from;
	while (*a < *e && (s[*a] == ' ' || s[*a] == '\n' || s[*a] == '\t'))
		(*a)++;
	return *e > from ? *e : from + 1;
}

static void sentences(void)
{
	static const char *const piece[] = {
		"word", "e.g", "i.e", "et al", "al", "3.14", ".", "!", "?", " ", " ", "\n", "\n\n", "\n-", "\n*", "-",
		"*", "\t", "\xe3\x80\x82", "\xef\xbc\x81", "\xef\xbc\x9f", "\xef\xbc\x9b",
		"\xe3\x80\x81", "\xef\xbc\x88", "\xe7\xbb\x93", "Dr.", "(see [1].)",
	};
	const char *fixed = "See e.g. this one. Next one! And? Zhang et al. agree.\n\nA list\n- item "
			    "\xe7\xbb\x93\xe6\x9d\x9f\xe3\x80\x82\xe4\xb8\x8b\xef\xbc\x9b end.";
	/* (a blank line is an empty sentence; a newline before "- " ends one and stays in it) */
	const char *want[] = { "See e.g. this one.", "Next one!", "And?", "Zhang et al. agree.", "", "A list\n",
			       "- item \xe7\xbb\x93\xe6\x9d\x9f\xe3\x80\x82", "\xe4\xb8\x8b\xef\xbc\x9b", "end." };
	size_t np = sizeof(piece) / sizeof(piece[0]), n = strlen(fixed), at = 0, a, e, k = 0;
	unsigned long long seed = 7;
	char text[900];
	int round, bad = 0;

	while (at < n && k < sizeof(want) / sizeof(want[0])) {
		at = ev_sentence_next(fixed, n, at, &a, &e);
		if (strlen(want[k]) != e - a || memcmp(fixed + a, want[k], e - a)) {
			fprintf(stderr, "sentence %zu: \"%.*s\", not \"%s\"\n", k, (int)(e - a), fixed + a, want[k]);
			t_fail_now = 1;
		}
		k++;
	}
	CHECK_EQ_INT(at, n);
	for (round = 0; round < 20000; round++) {
		size_t len, x, y, ax, ex, ay, ey;

		len = pieces_text(piece, np, &seed, 1, 60, 0, text, sizeof(text));
		for (x = y = 0; x < len && !bad;) {
			x = ev_sentence_next(text, len, x, &ax, &ex);
			y = ref_next(text, len, y, &ay, &ey);
			if (x != y || ax != ay || ex != ey) {
				fprintf(stderr, "round %d: [%zu, %zu) next %zu, not [%zu, %zu) next %zu in \"%.*s\"\n", round, ax,
					ex, x, ay, ey, y, (int)len, text);
				bad = 1;
			}
		}
	}
	CHECK(!bad);
}

int main(void)
{
	const char *dir = t_tmpdir("eval");

	pk_alloc_init();
	RUN(prepare_in_threads); /* first: before anything compiles the patterns */
	RUN(citations);
	RUN(prose_windows);
	RUN(sentences);
	RUN(rule_file_errors);
	RUN(postcheck_prefilter);
	if (ev_rules_load(&rules, "data/rules/credibility.json") < 0) {
		fprintf(stderr, "rules: %s\n", pk_error_last());
		printf("FAIL load_rules\n");
		return 1;
	}
	RUN(rule_scores);
	RUN(rule_memo);
	RUN(statistics);
	RUN(readers);
	RUN(answer_ids);
	if (t_build_graph(dir, NULL) < 0 || kg_store_open(&store, dir, KG_OPEN_READ) < 0 ||
	    kg_txn_read(&txn, store) < 0 || query_units_open(&units, txn, NULL) < 0) {
		fprintf(stderr, "cannot build the test graph: %s\n", pk_error_last());
		printf("FAIL build_graph\n");
		return 1;
	}
	RUN(audits);
	query_units_free(units);
	kg_txn_free(txn);
	kg_store_free(store);
	ev_rules_free(rules);
	t_rmrf(dir);
	T_DONE();
}
