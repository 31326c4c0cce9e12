/* eval/claims.c - labelled claims from the graph; see claims.h. */
#include "claims.h"

#include "../common/alloc.h"
#include "../common/buf.h"
#include "../common/error.h"
#include "../common/text.h"
#include "../common/lines.h"
#include "../common/re.h"
#include "../kg/graph.h"
#include "../query/value.h"
#include "skeptic.h"

#include <cJSON.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_ITEMS 64
#define MAX_WORDINGS 16
#define TRIES 200

enum {
	C_FACT, C_AUTHORITY, C_UNSOURCED, C_UNFALSIFIABLE, C_OVERGENERAL, C_CONSENSUS, C_CAUSALITY, C_COUNT
};
_Static_assert(C_COUNT == EV_CLAIM_CATEGORIES, "claims.h counts the categories");
static const char *const category_names[C_COUNT] = {
	"verifiable_fact", "pseudo_authority", "unsourced_assertion", "unfalsifiable",
	"overgeneralization", "false_consensus", "false_causality"
};

typedef struct qdef {
	const char *query, *en, *zh, *unit;
} qdef;

typedef struct tpl {
	cJSON *doc;
	qdef q[MAX_ITEMS];
	size_t nq;
	const char *wrong_units[MAX_ITEMS];
	size_t nwu;
	const char *el_sym[MAX_ITEMS], *el_en[MAX_ITEMS], *el_zh[MAX_ITEMS];
	size_t nel;
	const char *compounds[MAX_ITEMS];
	size_t ncomp;
	const char *src_en[MAX_ITEMS], *src_zh[MAX_ITEMS];
	size_t nsrc;
	const char *t_en[C_COUNT][MAX_WORDINGS], *t_zh[C_COUNT][MAX_WORDINGS];
	size_t nt[C_COUNT];  /* wordings of each category */
} tpl;

static const char *sfield(const cJSON *o, const char *k)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);

	return cJSON_IsString(v) ? v->valuestring : NULL;
}

static int load_tpl(tpl *t, const char *path)
{
	char *text = NULL;
	size_t n = 0;
	const cJSON *a, *e, *tm;
	int rc, c;

	memset(t, 0, sizeof(*t));
	if ((rc = pk_file_read(&text, &n, path, 1 << 20)) < 0)
		return rc;
	t->doc = cJSON_ParseWithLength(text, n);
	pk_free(text);
	if (!t->doc || !sfield(t->doc, "format") || strcmp(sfield(t->doc, "format"), "provkg claim templates 1"))
		return pk_error_set(PK_EPARSE, "%s: not a claim template file (\"format\": \"provkg claim templates 1\")", path);
	a = cJSON_GetObjectItemCaseSensitive(t->doc, "quantities");
	cJSON_ArrayForEach(e, a)
	{
		qdef *q = &t->q[t->nq];

		if (t->nq == MAX_ITEMS)
			break;
		q->query = sfield(e, "query");
		q->en = sfield(e, "en");
		q->zh = sfield(e, "zh");
		q->unit = sfield(e, "unit");
		if (!q->query || !q->en || !q->zh || !q->unit)
			return pk_error_set(PK_EPARSE, "%s: quantities[%zu]: needs query, en, zh, unit", path, t->nq);
		t->nq++;
	}
	cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(t->doc, "wrong_units"))
		if (cJSON_IsString(e) && t->nwu < MAX_ITEMS)
			t->wrong_units[t->nwu++] = e->valuestring;
	cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(t->doc, "elements"))
	{
		if (t->nel == MAX_ITEMS)
			break;
		t->el_sym[t->nel] = sfield(e, "symbol");
		t->el_en[t->nel] = sfield(e, "en");
		t->el_zh[t->nel] = sfield(e, "zh");
		if (!t->el_sym[t->nel] || !t->el_en[t->nel] || !t->el_zh[t->nel])
			return pk_error_set(PK_EPARSE, "%s: elements[%zu]: needs symbol, en, zh", path, t->nel);
		t->nel++;
	}
	cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(t->doc, "made_up_compounds"))
		if (cJSON_IsString(e) && t->ncomp < MAX_ITEMS)
			t->compounds[t->ncomp++] = e->valuestring;
	cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(t->doc, "made_up_sources"))
	{
		if (t->nsrc == MAX_ITEMS || !sfield(e, "en") || !sfield(e, "zh"))
			continue;
		t->src_en[t->nsrc] = sfield(e, "en");
		t->src_zh[t->nsrc] = sfield(e, "zh");
		t->nsrc++;
	}
	tm = cJSON_GetObjectItemCaseSensitive(t->doc, "templates");
	for (c = 0; c < C_COUNT; c++) {
		const cJSON *x = cJSON_GetObjectItemCaseSensitive(tm, category_names[c]), *w;

		/* one wording {"en","zh"} or an array of them */
		if (!cJSON_IsArray(x)) {
			t->t_en[c][0] = sfield(x, "en");
			t->t_zh[c][0] = sfield(x, "zh");
			t->nt[c] = 1;
		} else {
			cJSON_ArrayForEach(w, x)
			{
				if (t->nt[c] == MAX_WORDINGS)
					return pk_error_set(PK_ELIMIT, "%s: templates.%s: more than %d wordings", path,
							    category_names[c], MAX_WORDINGS);
				if (!sfield(w, "en") || !sfield(w, "zh"))
					return pk_error_set(PK_EPARSE, "%s: templates.%s[%zu]: needs en and zh", path,
							    category_names[c], t->nt[c]);
				t->t_en[c][t->nt[c]] = sfield(w, "en");
				t->t_zh[c][t->nt[c]++] = sfield(w, "zh");
			}
		}
		if (!t->nt[c] || !t->t_en[c][0] || !t->t_zh[c][0])
			return pk_error_set(PK_EPARSE, "%s: templates.%s: needs en and zh (or an array of such wordings)",
					    path, category_names[c]);
	}
	if (!t->nq || !t->nwu || !t->nel || !t->ncomp || !t->nsrc)
		return pk_error_set(PK_EPARSE, "%s: quantities, wrong_units, elements, made_up_compounds and "
					       "made_up_sources must not be empty", path);
	return 0;
}

/* ---- a seeded generator (splitmix64) ------------------------------------- */

static unsigned long long next(unsigned long long *s)
{
	unsigned long long z = (*s += 0x9E3779B97F4A7C15ull);

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

static size_t pick(unsigned long long *s, size_t n)
{
	return (size_t)(next(s) % n);
}

/* ---- filling a template ---------------------------------------------------- */

typedef struct fill {
	const char *Q, *q, *V, *U, *SRC, *X, *G, *EL, *AW, *E1, *E2;
} fill;

static void render(char *out, size_t n, const char *t, const fill *f)
{
	size_t j = 0;

	while (*t && j + 1 < n) {
		const char *v = NULL;
		size_t skip = 0;

#define VAR(name, field)                                                     \
	if (!v && !strncmp(t, "{" name "}", strlen(name) + 2)) {            \
		v = f->field ? f->field : "";                                \
		skip = strlen(name) + 2;                                     \
	}
		VAR("Q", Q)
		VAR("q", q)
		VAR("V", V)
		VAR("U", U)
		VAR("SRC", SRC)
		VAR("X", X)
		VAR("G", G)
		VAR("EL", EL)
		VAR("AW", AW)
		VAR("E1", E1)
		VAR("E2", E2)
#undef VAR
		if (v) {
			size_t l = strlen(v);

			if (j + l >= n)
				break;
			memcpy(out + j, v, l);
			j += l;
			t += skip;
		} else {
			out[j++] = *t++;
		}
	}
	out[j] = '\0';
	/* "{U}" may be empty ("the fine-structure constant is 0.0073 ."): drop the blank */
	{
		char *p;

		while ((p = strstr(out, " .")) || (p = strstr(out, " 。")))
			memmove(p, p + 1, strlen(p + 1) + 1);
		while ((p = strstr(out, "  ")))
			memmove(p, p + 1, strlen(p + 1) + 1);
	}
}

/* "the speed of light" -> "The speed of light" */
static void capital(char *out, size_t n, const char *s)
{
	snprintf(out, n, "%s", s);
	if (out[0] >= 'a' && out[0] <= 'z')
		out[0] = (char)(out[0] - 32);
}

/* A number as a claim writes it: sig significant digits. */
static void number(char *out, size_t n, double v, int sig)
{
	double a = fabs(v);

	char *e;

	if (a != 0 && (a >= 1e6 || a < 1e-3))
		snprintf(out, n, "%.*e", sig - 1, v);
	else
		snprintf(out, n, "%.*g", sig, v);
	/* 1.097e+10 -> 1.097e10, 1.6e-05 -> 1.6e-5 */
	if ((e = strchr(out, 'e'))) {
		char *d = e + 1, *p;

		if (*d == '+')
			memmove(d, d + 1, strlen(d));
		p = *d == '-' ? d + 1 : d;
		while (p[0] == '0' && p[1])
			memmove(p, p + 1, strlen(p));
	}
}

/* Significant digits of a published value ("6.626 070 15 e-34" -> 9). */
static int published_digits(const char *text)
{
	int d = 0, seen = 0;

	for (; text && *text && *text != 'e' && *text != 'E' && *text != '('; text++) {
		if (*text >= '1' && *text <= '9')
			seen = 1;
		if (*text >= '0' && *text <= '9' && seen)
			d++;
	}
	return d ? d : 6;
}

/* ---- graph lookups ------------------------------------------------------------ */

static int newest(kg_txn *t, const char *query, query_match *out)
{
	query_matches ms = { 0 };
	query_lookup_opts lo = { NULL, 0, 5 };
	int rc;

	memset(out, 0, sizeof(*out));
	if ((rc = query_lookup(t, query, &lo, &ms)) < 0)
		return rc;
	if (!ms.n) {
		query_matches_release(&ms);
		return pk_error_set(PK_ENOTFOUND, "'%s' is not in the graph", query);
	}
	*out = ms.m[0];
	memset(&ms.m[0], 0, sizeof(ms.m[0]));
	query_matches_release(&ms);
	return 0;
}

/* The oldest other edition of the same source holding a value of this
 * quantity: one whose value equals now's (same) or differs from it. */
static int other_edition(kg_txn *t, const char *query, const query_match *now, int same, query_match *out)
{
	query_matches ms = { 0 };
	query_lookup_opts lo = { NULL, 1, 20 };
	size_t i, best = (size_t)-1;
	int rc;

	memset(out, 0, sizeof(*out));
	if ((rc = query_lookup(t, query, &lo, &ms)) < 0)
		return rc;
	for (i = 0; i < ms.n; i++)
		if (!strcmp(ms.m[i].quantity, now->quantity) && !strcmp(ms.m[i].source, now->source) &&
		    kg_edition_cmp(ms.m[i].edition, now->edition) != 0 && (ms.m[i].value == now->value) == same &&
		    (best == (size_t)-1 || kg_edition_cmp(ms.m[i].edition, ms.m[best].edition) < 0))
			best = i;
	if (best == (size_t)-1) {
		query_matches_release(&ms);
		return PK_ENOTFOUND;
	}
	*out = ms.m[best];
	memset(&ms.m[best], 0, sizeof(ms.m[best]));
	query_matches_release(&ms);
	return 0;
}

/* Does check-value give the claim the verdict its label needs? */
static int verdict_of(kg_txn *t, const query_units *u, const char *claim)
{
	qv_opts vo;
	qv_result r;
	int v;

	memset(&vo, 0, sizeof(vo));
	qv_result_init(&r);
	if (query_value_check(t, u, claim, strlen(claim), &vo, &r) < 0) {
		pk_error_clear();
		return QV_UNKNOWN;
	}
	v = r.verdict;
	qv_result_release(&r);
	return v;
}

static void release_claim(ev_claim *c)
{
	size_t i;

	for (i = 0; i < c->nevidence; i++)
		query_match_release(&c->evidence[i]);
	c->nevidence = 0;
}

/* ---- one claim ------------------------------------------------------------------ */

/* Fill c for category cat; 1 made, 0 try again, <0 error. */
static int make(kg_txn *t, const query_units *u, const tpl *T, int cat, int zh, int right, unsigned long long *s,
		ev_claim *c)
{
	const qdef *q = &T->q[pick(s, T->nq)];
	size_t w = pick(s, T->nt[cat]);
	const char *tp = zh ? T->t_zh[cat][w] : T->t_en[cat][w];
	query_match now, old;
	char V[64], Q[160], aw[64];
	fill f;
	int rc, v;

	memset(&f, 0, sizeof(f));
	memset(&now, 0, sizeof(now));
	memset(&old, 0, sizeof(old));
	capital(Q, sizeof(Q), zh ? q->zh : q->en);
	f.Q = Q;
	f.q = zh ? q->zh : q->en;
	f.U = q->unit;
	c->category = category_names[cat];
	c->lang = zh ? "zh" : "en";
	switch (cat) {
	case C_FACT:
	case C_AUTHORITY:
	case C_UNFALSIFIABLE: {
		int digits, wrong = cat == C_FACT && !right;
		double x;

		if ((rc = newest(t, q->query, &now)) < 0)
			return rc;
		digits = published_digits(now.value_text);
		x = now.value;
		if (!wrong) {
			number(V, sizeof(V), x, digits < 4 ? digits : 4 + (int)pick(s, (size_t)(digits - 3)));
			c->truth = cat == C_FACT ? EV_AGREE : EV_SUSPICIOUS;
		} else {
			int kind = (int)pick(s, 4);

			c->truth = EV_DISAGREE;
			if (kind == 3 && other_edition(t, q->query, &now, 0, &old) == 0) {
				/* an older edition's value, written as it was published */
				number(V, sizeof(V), old.value, published_digits(old.value_text));
				snprintf(c->rationale, sizeof(c->rationale), "the CODATA %s value; CODATA %s gives %s %s",
					 old.edition, now.edition, now.value_text, now.unit ? now.unit : "");
				c->evidence[c->nevidence++] = old;
				memset(&old, 0, sizeof(old));
			} else if (kind == 2 && *q->unit) {
				f.U = T->wrong_units[pick(s, T->nwu)];
				number(V, sizeof(V), x, 4);
				snprintf(c->rationale, sizeof(c->rationale), "%s is given in %s, a unit of another kind than %s",
					 now.name, f.U, now.unit ? now.unit : "");
			} else if (kind == 1) {
				number(V, sizeof(V), x * (next(s) & 1 ? 1e3 : 1e-3), 4);
				snprintf(c->rationale, sizeof(c->rationale), "off by a factor of 1000 (a prefix slip): %s is %s %s",
					 now.name, now.value_text, now.unit ? now.unit : "");
			} else {
				double d = (0.05 + 0.25 * (double)pick(s, 1000) / 1000.0) * (next(s) & 1 ? 1 : -1);

				number(V, sizeof(V), x * (1 + d), 4);
				snprintf(c->rationale, sizeof(c->rationale), "%.0f%% away from %s = %s %s", fabs(d) * 100, now.name,
					 now.value_text, now.unit ? now.unit : "");
			}
			query_match_release(&old);
		}
		f.V = V;
		if (cat == C_AUTHORITY) {
			size_t k = pick(s, T->nsrc);

			f.SRC = zh ? T->src_zh[k] : T->src_en[k];
			snprintf(c->rationale, sizeof(c->rationale),
				 "the value is right (%s = %s %s), but the source it is credited to cannot be verified",
				 now.name, now.value_text, now.unit ? now.unit : "");
		} else if (cat == C_UNFALSIFIABLE) {
			snprintf(c->rationale, sizeof(c->rationale), "no observation could test it");
		} else if (!wrong) {
			snprintf(c->rationale, sizeof(c->rationale), "%s = %s %s (%s %s)", now.name, now.value_text,
				 now.unit ? now.unit : "", now.source, now.edition);
		}
		render(c->claim, sizeof(c->claim), tp, &f);
		/* the value's verdict must carry the label */
		v = verdict_of(t, u, c->claim);
		if ((c->truth == EV_DISAGREE && v != QV_MISMATCH && v != QV_UNIT_MISMATCH && v != QV_OUTDATED) ||
		    (c->truth != EV_DISAGREE && cat != C_UNFALSIFIABLE && v != QV_MATCH)) {
			query_match_release(&now);
			release_claim(c);
			return 0;
		}
		break;
	}
	case C_UNSOURCED: {
		char G[16], probe[128];
		query_matches ms = { 0 };
		query_lookup_opts lo = { NULL, 0, 1 };

		f.X = T->compounds[pick(s, T->ncomp)];
		snprintf(G, sizeof(G), "%.1f", 0.5 + (double)pick(s, 40) / 10.0);
		f.G = G;
		/* the graph must not hold it, or the claim is checkable */
		snprintf(probe, sizeof(probe), "band gap of %s", f.X);
		if (query_lookup(t, probe, &lo, &ms) < 0)
			pk_error_clear();
		if (ms.n) {
			query_matches_release(&ms);
			return 0;
		}
		c->truth = EV_SUSPICIOUS;
		snprintf(c->rationale, sizeof(c->rationale),
			 "no source is given and the graph holds no value for %s (Materials Project included)", f.X);
		render(c->claim, sizeof(c->claim), tp, &f);
		return 1;
	}
	case C_OVERGENERAL: {
		size_t k;
		char query[128];

		if (!strstr(tp, "{EL}")) {
			/* every constant called exact: refuted by one that is not */
			if ((rc = newest(t, q->query, &now)) < 0)
				return rc;
			if (now.flags & KG_V_EXACT) {
				query_match_release(&now);
				return 0;
			}
			c->truth = EV_DISAGREE;
			snprintf(c->rationale, sizeof(c->rationale),
				 "%s has a standard uncertainty of %s %s (%s %s): the 2019 SI fixed only its seven "
				 "defining constants and those derived from them alone",
				 now.name, now.unc_text ? now.unc_text : "", now.unit ? now.unit : "", now.source, now.edition);
			render(c->claim, sizeof(c->claim), tp, &f);
			break;
		}
		k = pick(s, T->nel);

		snprintf(query, sizeof(query), "standard atomic weight of %s", T->el_en[k]);
		if ((rc = newest(t, query, &now)) < 0)
			return rc;
		if (!(now.flags & KG_V_INTERVAL)) {
			query_match_release(&now);
			return 0; /* a single-value weight does not refute the claim */
		}
		number(aw, sizeof(aw), now.value, 5);
		f.EL = zh ? T->el_zh[k] : T->el_en[k];
		f.AW = aw;
		c->truth = EV_DISAGREE;
		snprintf(c->rationale, sizeof(c->rationale), "%s is an interval, %s (%s %s): natural variation",
			 now.name, now.value_text, now.source, now.edition);
		render(c->claim, sizeof(c->claim), tp, &f);
		break;
	}
	case C_CONSENSUS:
		/* control (right): an exact constant is known exactly */
		if ((rc = newest(t, q->query, &now)) < 0)
			return rc;
		if (right != ((now.flags & KG_V_EXACT) != 0)) {
			query_match_release(&now);
			return 0;
		}
		if (right) {
			c->truth = EV_AGREE;
			snprintf(c->rationale, sizeof(c->rationale), "true (a control): %s is exact, %s %s (%s %s)", now.name,
				 now.value_text, now.unit ? now.unit : "", now.source, now.edition);
		} else {
			c->truth = EV_DISAGREE;
			snprintf(c->rationale, sizeof(c->rationale), "%s has a standard uncertainty of %s %s (%s %s)",
				 now.name, now.unc_text ? now.unc_text : "", now.unit ? now.unit : "", now.source, now.edition);
		}
		render(c->claim, sizeof(c->claim), tp, &f);
		break;
	case C_CAUSALITY:
		/* control (right): a constant the 2019 SI fixed, whose value an
		 * older edition gives otherwise; else one two editions give alike
		 * (had it changed, the claim would be half true) */
		if ((rc = newest(t, q->query, &now)) < 0)
			return rc;
		if ((right && !(now.flags & KG_V_EXACT)) || other_edition(t, q->query, &now, !right, &old) < 0 ||
		    (right && kg_edition_cmp(old.edition, "2019") > 0)) {
			query_match_release(&now);
			query_match_release(&old);
			return 0;
		}
		f.E1 = old.edition;
		f.E2 = now.edition;
		if (right) {
			c->truth = EV_AGREE;
			snprintf(c->rationale, sizeof(c->rationale),
				 "true (a control): the 2019 SI fixed %s at %s %s (CODATA %s); CODATA %s gave %s", now.name,
				 now.value_text, now.unit ? now.unit : "", now.edition, old.edition, old.value_text);
		} else {
			c->truth = EV_DISAGREE;
			snprintf(c->rationale, sizeof(c->rationale), "CODATA %s and CODATA %s give the same value, %s %s",
				 old.edition, now.edition, now.value_text, now.unit ? now.unit : "");
		}
		render(c->claim, sizeof(c->claim), tp, &f);
		c->evidence[c->nevidence++] = old;
		break;
	}
	if (c->nevidence < EV_CLAIM_EVIDENCE)
		c->evidence[c->nevidence++] = now;
	else
		query_match_release(&now);
	return 1;
}

/* The texts made so far (FNV-1a hashes, open addressing): a claim is
 * drawn again when its text was made before, while the tries last. */
typedef struct seen {
	unsigned long long *h;
	size_t mask;
} seen;

static unsigned long long text_hash(const char *p)
{
	unsigned long long h = 0xcbf29ce484222325ull;

	for (; *p; p++)
		h = (h ^ (unsigned char)*p) * 0x100000001b3ull;
	return h ? h : 1;
}

/* 1 when h was there, else added (0) */
static int seen_add(seen *z, unsigned long long h)
{
	size_t k = (size_t)h & z->mask;

	while (z->h[k]) {
		if (z->h[k] == h)
			return 1;
		k = (k + 1) & z->mask;
	}
	z->h[k] = h;
	return 0;
}

int ev_gen_claims(kg_txn *t, const query_units *u, const char *templates, size_t n, unsigned long long seed, int lang,
		  ev_claim_fn fn, void *ctx)
{
	tpl *T = pk_calloc(1, sizeof(*T));
	unsigned long long s = seed;
	seen z = { NULL, 0 };
	size_t i, cap = 16;
	int rc = 0, k;
	/* draws allowed for a distinct text, by category and variant: once a
	 * kind has run out of distinct claims (a repeat kept), it stops
	 * searching hard, or large sets would cost TRIES/2 draws a claim */
	int distinct_tries[C_COUNT][2];

	for (k = 0; k < C_COUNT; k++)
		distinct_tries[k][0] = distinct_tries[k][1] = TRIES / 2;
	while (cap < 2 * n)
		cap <<= 1;
	if (!T || !(z.h = pk_calloc(cap, sizeof(*z.h)))) {
		pk_free(T);
		return pk_error_set(PK_ENOMEM, "out of memory");
	}
	z.mask = cap - 1;
	if ((rc = load_tpl(T, templates)) < 0)
		goto done;
	for (i = 0; i < n && rc == 0; i++) {
		int cat = (int)(i % C_COUNT), zh = lang == EV_LANG_ZH || (lang == EV_LANG_BOTH && i % 3 == 2);
		int tries, right = !((i / C_COUNT) & 1);
		ev_claim c;

		for (tries = 0; tries < TRIES; tries++) {
			memset(&c, 0, sizeof(c));
			c.id = i + 1;
			/* verifiable facts right and wrong in turn, as the
			 * controls of false consensus and false causality */
			rc = make(t, u, T, cat, zh, right, &s, &c);
			if (rc < 0)
				break;
			if (rc == 1 && !seen_add(&z, text_hash(c.claim)))
				break;
			/* a repeat: draw again while tries last (a small template set
			 * runs out of distinct claims; then a repeat is kept) */
			if (rc == 1 && tries >= distinct_tries[cat][right]) {
				distinct_tries[cat][right] = 4;
				c.repeat = 1;
				break;
			}
			release_claim(&c);
			rc = 0;
		}
		if (rc < 0)
			break;
		if (tries == TRIES) {
			rc = pk_error_set(PK_ENOTFOUND, "cannot make a %s claim the graph verifies (%d tries): does the "
							"graph hold CODATA and the NIST atomic weights?",
					  category_names[cat], TRIES);
			break;
		}
		rc = fn(ctx, &c);
		release_claim(&c);
	}
done:
	cJSON_Delete(T->doc);
	pk_free(T);
	pk_free(z.h);
	return rc < 0 ? rc : 0;
}

/* A claim credited to a source: "according to", "a 2024 paper by", "et
 * al.", "根据", "等人"... The words after the marker say which source. */
static const char attribution[] =
	"\\b(according to|as (reported|shown|stated|found|described) (by|in)|(reported|published|shown) (by|in)|"
	"(paper|study|report|article|survey|review|work|analysis|experiment)s? (by|of|from)|et al\\b)|"
	"根据|依据|据.{0,30}?(报道|研究|报告|论文)|等人|研究表明|发表于";

static pk_re *attribution_re;
static pthread_once_t attribution_once = PTHREAD_ONCE_INIT;

static void compile_attribution(void)
{
	attribution_re = pk_re_compile(attribution, PK_RE_ICASE);
}

/* Is the source named in the window after the marker one the values
 * were verified against (CODATA, NIST-AW, Materials Project)? */
static int names_graph_source(const ev_result *r, const char *w, size_t n)
{
	size_t i;

	for (i = 0; i < r->nvalues; i++) {
		const qv_result *q = &r->values[i].r;
		size_t l = q->have_ref && q->ref.source ? strlen(q->ref.source) : 0, k;

		for (k = 0; l && k + l <= n; k++)
			if (!strncasecmp(w + k, q->ref.source, l))
				return 1;
	}
	return 0;
}

static int label_claim(const ev_result *r, const char *text, size_t n, char *why, size_t nwhy)
{
	size_t i, traced = 0, verified_refs = 0;
	pk_match m;

	for (i = 0; i < r->nvalues; i++) {
		const qv_result *q = &r->values[i].r;

		if (q->verdict == QV_MISMATCH || q->verdict == QV_UNIT_MISMATCH || q->verdict == QV_OUTDATED) {
			snprintf(why, nwhy, "%s: %s%s%s", query_verdict_name(q->verdict), q->quantity, q->diagnosis[0] ? "; " : "",
				 q->diagnosis);
			return EV_DISAGREE;
		}
		traced += q->verdict == QV_MATCH || q->verdict == QV_APPROXIMATE;
	}
	for (i = 0; i < r->ncites; i++) {
		const ev_cite_item *c = &r->cites[i];

		if (!c->ok || c->r.verdict == QR_FABRICATED || c->r.verdict == QR_UNVERIFIABLE) {
			snprintf(why, nwhy, "the source '%.*s' is %s", (int)pk_utf8_cut(c->c.text, strlen(c->c.text), 80), c->c.text,
				 !c->ok ? "unreadable" : c->r.verdict == QR_FABRICATED ? "fabricated" : "unverifiable");
			return EV_SUSPICIOUS;
		}
		if (c->r.verdict == QR_MISMATCH) {
			snprintf(why, nwhy, "the source '%.*s' is cited with wrong details",
				 (int)pk_utf8_cut(c->c.text, strlen(c->c.text), 80), c->c.text);
			return EV_SUSPICIOUS;
		}
		verified_refs++;
	}
	/* a source named in prose the extractor did not take as a reference */
	if (traced && !verified_refs && text) {
		pthread_once(&attribution_once, compile_attribution);
		if (attribution_re && pk_re_match(attribution_re, text, n, 0, &m) == 1) {
			size_t a = m.start[0], b = m.end[0] + 80 < n ? m.end[0] + 80 : n;

			if (!names_graph_source(r, text + a, b - a)) {
				snprintf(why, nwhy, "the value traces, but it is credited to a source provkg cannot verify: "
						    "'%.*s'",
					 (int)(b - a > 100 ? 100 : b - a), text + a);
				return EV_SUSPICIOUS;
			}
		}
		pk_error_clear();
	}
	if (traced || verified_refs) {
		snprintf(why, nwhy, "%zu value%s and %zu reference%s trace to the graph", traced, traced == 1 ? "" : "s",
			 verified_refs, verified_refs == 1 ? "" : "s");
		return EV_AGREE;
	}
	snprintf(why, nwhy, "nothing in the claim the graph can check");
	return -1;
}

int ev_label_claim(const ev_result *r, const char *text, size_t n, char *why, size_t nwhy)
{
	int label = label_claim(r, text, n, why, nwhy);

	/* a reason cut at nwhy ends on a whole character */
	if (nwhy)
		why[pk_utf8_whole(why, strlen(why))] = '\0';
	return label;
}
