/* query/valref.c - choosing the reference a cited value is judged against:
 * the candidates a phrase names (constants, atomic quantities, material
 * properties of the material the sentence is about), their editions, the
 * polymorph of a material, and the cited value in the reference's unit. */
#include "value_int.h"
#include "judge.h"

#include "../common/alloc.h"
#include "../common/error.h"
#include "../kg/graph.h"
#include "material.h"
#include "../common/formula.h"
#include "../common/buf.h"
#include "../common/hash.h"
#include "../common/memo.h"
#include "lookup.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>


int qv_is_atomic_quantity(const query_match *m)
{
	return m->kind && !strcmp(m->kind, "atomic") && strcmp(m->quantity, "isotopic composition");
}

/* Choose the reference match: the edition asked for, else the newest. */
size_t qv_pick_ref(const query_matches *ms, const char *edition, int *found)
{
	size_t i, best = 0;

	*found = 0;
	for (i = 0; i < ms->n; i++) {
		if (edition) {
			if (!strcmp(ms->m[i].edition, edition)) {
				*found = 1;
				return i;
			}
			continue;
		}
		if (!*found || kg_edition_cmp(ms->m[i].edition, ms->m[best].edition) > 0)
			best = i;
		*found = 1;
	}
	return best;
}

/* ---- materials: which polymorph --------------------------------------- */

static int id_char(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-' ||
	       c == '_' || c == '/';
}

/* Does the text name w as a token of its own ("(Fm-3m)", "mp-136,")? */
static int text_names(const char *s, size_t n, const char *w)
{
	size_t l = strlen(w);
	const char *p = s, *end = s + n;

	if (!l)
		return 0;
	while ((p = pk_mem_find(p, (size_t)(end - p), w, l))) {
		if ((p == s || !id_char(p[-1])) && (p + l >= end || !id_char(p[l]) ||
						    /* a sentence-ending period */
						    (p[l] == '.' && (p + l + 1 >= end || p[l + 1] == ' '))))
			return 1;
		p++;
	}
	return 0;
}

/* A space group as prose writes it: "P6_3/mmc" also as "P63/mmc". */
static int text_names_group(const char *s, size_t n, const char *g)
{
	char flat[32];
	size_t i, k = 0;

	if (text_names(s, n, g))
		return 1;
	for (i = 0; g[i] && k + 1 < sizeof(flat); i++)
		if (g[i] != '_')
			flat[k++] = g[i];
	flat[k] = '\0';
	return strcmp(flat, g) && text_names(s, n, flat);
}

static int eligible(const query_match *m, const char *edition)
{
	return m->name && (!edition || !strcmp(m->edition, edition));
}

/* The reference of a material property: the material the text names by
 * id or space group, else the most stable; then the edition asked for,
 * else the newest record of that material. */
size_t qv_pick_material(cand *cd, const pk_normtext *nt, const char *edition, int *found)
{
	const query_matches *ms = &cd->ms;
	const char *s = nt ? nt->text.ptr : "", *ent = NULL, *by = NULL;
	size_t n = nt ? nt->text.len : 0, i, j, best = 0, distinct = 0;
	int best_rank = 0;

	*found = 0;
	cd->nids = 0;
	cd->why[0] = '\0';
	/* distinct materials, most stable first */
	for (;;) {
		const query_match *next = NULL;

		for (i = 0; i < ms->n; i++) {
			const query_match *m = &ms->m[i];
			int seen = 0;

			if (!eligible(m, edition))
				continue;
			for (j = 0; j < cd->nids && !seen; j++)
				seen = !strcmp(cd->ids[j], m->entity);
			if (!seen && (!next || m->rank < next->rank))
				next = m;
		}
		if (!next)
			break;
		snprintf(cd->ids[cd->nids++], sizeof(cd->ids[0]), "%s", next->entity);
		if (cd->nids == 8)
			break; /* the listing stops here; the choice below sees every record */
	}
	for (i = 0; i < ms->n; i++) {
		int seen = 0;

		if (!eligible(&ms->m[i], edition))
			continue;
		for (j = 0; j < i && !seen; j++)
			seen = eligible(&ms->m[j], edition) && !strcmp(ms->m[j].entity, ms->m[i].entity);
		distinct += !seen;
	}
	if (distinct == 0)
		return 0;
	for (i = 0; i < ms->n; i++) {
		const query_match *m = &ms->m[i];

		if (eligible(m, edition) && text_names(s, n, m->entity) && (!ent || m->rank < best_rank)) {
			ent = m->entity;
			best_rank = m->rank;
			by = "id";
		}
	}
	for (i = 0; i < ms->n && !by; i++) {
		const query_match *m = &ms->m[i];

		if (eligible(m, edition) && m->group && text_names_group(s, n, m->group) &&
		    (!ent || m->rank < best_rank)) {
			ent = m->entity;
			best_rank = m->rank;
		}
	}
	if (ent && !by)
		by = "group";
	if (!ent)
		for (i = 0; i < ms->n; i++)
			if (eligible(&ms->m[i], edition) && (!ent || ms->m[i].rank < best_rank)) {
				ent = ms->m[i].entity;
				best_rank = ms->m[i].rank;
			}
	for (i = 0; i < ms->n; i++) {
		const query_match *m = &ms->m[i];

		if (!eligible(m, edition) || strcmp(m->entity, ent))
			continue;
		if (!*found || kg_edition_cmp(m->edition, ms->m[best].edition) > 0)
			best = i;
		*found = 1;
	}
	if (by && !strcmp(by, "id"))
		snprintf(cd->why, sizeof(cd->why), "%s named in the text", ent);
	else if (by)
		snprintf(cd->why, sizeof(cd->why), "space group %s named in the text (%s)", ms->m[best].group, ent);
	else if (distinct > 1)
		snprintf(cd->why, sizeof(cd->why), "the most stable of %zu %s materials (by energy above hull, else energy per atom)",
			 distinct, ms->m[best].symbol ? ms->m[best].symbol : "");
	return best;
}

/* Cited value in the reference's unit. Returns 0, sets *c and *hu. */
int qv_cited_in_ref(const query_units *u, const qv_mention *m, const cand *cd, double *c, double *hu,
			double *cited_si, char *how, size_t hown)
{
	const query_match *r = &cd->ms.m[cd->ref];
	const qu_constants *k = query_units_constants(u);
	double v = m->num.value, up, si, si_up, out, out_up;

	how[0] = '\0';
	if (!m->has_unit) {
		*c = v;
		*hu = m->num.half_unit;
		*cited_si = NAN;
		return 0;
	}
	si = v * m->unit.scale + m->unit.offset;
	up = v + (m->num.half_unit > 0 ? m->num.half_unit : fabs(v) * 1e-15);
	si_up = up * m->unit.scale + m->unit.offset;
	*cited_si = si;
	if (cd->atomic && qu_dim_is_none(&cd->ref_unit.dim)) {
		/* relative atomic mass / atomic weight cited in u, Da or g/mol */
		static const qu_dim mass = { { 0, 1, 0, 0, 0, 0, 0 } }, molar = { { 0, 1, 0, 0, 0, -1, 0 } };
		double f;

		if (qu_dim_eq(&m->unit.dim, &mass) && k->mu > 0) {
			f = k->mu;
			snprintf(how, hown, "A_r = m / m_u");
		} else if (qu_dim_eq(&m->unit.dim, &molar) && k->Mu > 0) {
			f = k->Mu;
			snprintf(how, hown, "A_r = M / M_u");
		} else {
			return PK_EINVAL;
		}
		*c = si / f;
		*hu = fabs(si_up - si) / f;
		return 0;
	}
	if (query_units_convert(u, si, &m->unit.dim, &cd->ref_unit.dim, &out, how, hown) < 0 ||
	    query_units_convert(u, si_up, &m->unit.dim, &cd->ref_unit.dim, &out_up, NULL, 0) < 0)
		return PK_EINVAL;
	*c = (out - cd->ref_unit.offset) / cd->ref_unit.scale;
	*hu = fabs(out_up - out) / cd->ref_unit.scale;
	(void)r;
	return 0;
}

void qv_cand_release(cand *c, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		query_matches_release(&c[i].ms);
}

/* Could this token name a material: an id ("mp-149"), a formula
 * ("Fe2O3", "GaAs", "Si") or an element's name ("silicon")? Words that
 * are also element symbols ("In", "As", "Be") are not taken. */
static int subject_like(const char *w, size_t l)
{
	static const char *const stop[] = { "A", "I", "In", "As", "Be", "He", "No", "Am", "At" };
	size_t i, upper = 0, digit = 0, lower = 0;

	if (l == 0 || l > 40)
		return 0;
	for (i = 0; i < sizeof(stop) / sizeof(stop[0]); i++)
		if (strlen(stop[i]) == l && !memcmp(stop[i], w, l))
			return 0;
	for (i = 0; i < l; i++) {
		unsigned char ch = (unsigned char)w[i];

		if (ch >= 'A' && ch <= 'Z')
			upper++;
		else if (ch >= 'a' && ch <= 'z')
			lower++;
		else if (ch >= '0' && ch <= '9')
			digit++;
		else if (ch != '-' && ch != '(' && ch != ')')
			return 0;
	}
	if (w[0] >= 'A' && w[0] <= 'Z')
		return 1;                       /* a formula or symbol */
	if (digit && memchr(w, '-', l))
		return 1;                       /* mp-149 */
	return !upper && !digit && l >= 4;      /* silicon, iron */
}

/* Drop wrapping parentheses and a final period: "(Fe2O3)." -> "Fe2O3",
 * "Sc2(CN2)3" kept. */
static void trim_token(const char *s, size_t *i, size_t *l)
{
	int depth;
	size_t k;

	while (*l && s[*i] == '(')
		(*i)++, (*l)--;
	while (*l && s[*i + *l - 1] == '.')
		(*l)--;
	for (;;) {
		for (depth = 0, k = 0; k < *l; k++)
			depth += s[*i + k] == '(' ? 1 : s[*i + k] == ')' ? -1 : 0;
		if (depth >= 0 || !*l || s[*i + *l - 1] != ')')
			break;
		(*l)--;
	}
}

/* Does the word w name an element (exactly: "silicon", "Si")? With sym,
 * only one whose symbol fits sym[0..n), copied there. */
static int element_word(kg_txn *t, const char *w, char *sym, size_t n)
{
	query_targets ts = { 0 };
	size_t k;
	int yes = 0;

	if (query_resolve_flags(t, w, QUERY_EXACT_ONLY, &ts) < 0) {
		pk_error_clear();
		return 0;
	}
	for (k = 0; k < ts.n && !yes; k++) {
		kg_node nd;

		if (ts.t[k].type != KG_ENTITY || kg_node_get(t, KG_ENTITY, ts.t[k].key, &nd) != 0 || !nd.kind ||
		    strcmp(nd.kind, "element"))
			continue;
		if (!sym)
			yes = 1;
		else if (nd.symbol && strlen(nd.symbol) < n) {
			snprintf(sym, n, "%s", nd.symbol);
			yes = 1;
		}
	}
	query_targets_release(&ts);
	return yes;
}

/* Does the token name a material: a chemical formula ("GaAs", "Si",
 * "Fe2O3"), a material id ("mp-149"), or an element's name ("silicon")?
 * Not a unit right after a number ("300 K"). */
static int names_material(kg_txn *t, const char *s, size_t i, size_t l)
{
	pk_formula f;
	char w[48];
	size_t k;

	if (!subject_like(s + i, l) || l >= sizeof(w))
		return 0;
	for (k = i; k > 0 && s[k - 1] == ' '; k--)
		;
	if (k > 0 && s[k - 1] >= '0' && s[k - 1] <= '9')
		return 0; /* "300 K": a unit */
	if (s[i] >= 'A' && s[i] <= 'Z' && pk_formula_parse(&f, s + i, l) == 0)
		return 1;
	snprintf(w, sizeof(w), "%.*s", (int)l, s + i);
	if (memchr(w, '-', l))
		return query_material_id(t, w);
	return element_word(t, w, NULL, 0);
}

/* The symbol of the element a word names ("silicon" -> "Si"), or 0. */
static int element_symbol(kg_txn *t, const char *s, size_t i, size_t l, char *sym, size_t n)
{
	char w[48];
	size_t k;

	if (l >= sizeof(w))
		return 0;
	for (k = 0; k < l; k++)
		if (!((s[i + k] >= 'a' && s[i + k] <= 'z') || (k == 0 && s[i] >= 'A' && s[i] <= 'Z')))
			return 0; /* a name, not a symbol: "silicon", "Silicon" */
	snprintf(w, sizeof(w), "%.*s", (int)l, s + i);
	return element_word(t, w, sym, n);
}

/* "silicon carbide", "gallium arsenide", "zinc oxide", "silicon
 * dioxide": an element's name then an anion's names a compound, not the
 * element. The element's word is s[i..i+l); the anion's word must follow
 * before b. Returns 1 with *end after the anion's word and the formula in
 * f when the name fixes it: a count prefix ("dioxide", "disulfide": SiO2,
 * MoS2) or a pair whose common compound is 1:1 (III-V, II-VI, alkali and
 * silver halides, SiC, lead and tin tellurides); f is "" when it does not
 * ("silicon nitride", "iron oxide"). 0: not a compound name. */
static int compound_name(kg_txn *t, const char *s, size_t i, size_t l, size_t b, char *f, size_t fn, size_t *end)
{
	char cat[8], an[8];
	size_t j = i + l, w0;
	int count;

	while (j < b && s[j] == ' ')
		j++;
	for (w0 = j; j < b && s[j] >= 'a' && s[j] <= 'z'; j++)
		;
	if (j == w0 || j - w0 >= 24 || (j < b && ((s[j] >= 'A' && s[j] <= 'Z') || s[j] == '-')))
		return 0;
	if (!query_anion_word(s + w0, j - w0, an, sizeof(an), &count) || !element_symbol(t, s, i, l, cat, sizeof(cat)))
		return 0;
	*end = j;
	query_compound_formula(cat, an, count, f, fn);
	return 1;
}

/* "<phrase> of <token>" as a material target: 1 and *ts replaced, 0 not. */
static int material_of(kg_txn *t, const qv_mention *m, const char *tok, size_t l, query_targets *ts)
{
	char q[640];
	query_targets alt = { 0 };
	size_t k;

	if ((size_t)snprintf(q, sizeof(q), "%s of %.*s", m->query, (int)l, tok) >= sizeof(q))
		return 0;
	if (query_resolve_flags(t, q, QUERY_EXACT_ONLY, &alt) < 0) {
		pk_error_clear();
		return 0;
	}
	for (k = 0; k < alt.n; k++)
		if (alt.t[k].type == QUERY_MATERIAL || alt.t[k].type == QUERY_FORMULA) {
			query_targets_release(ts);
			*ts = alt;
			return 1;
		}
	query_targets_release(&alt);
	return 0;
}

/* The phrase named a material by its formula ("GaAs"); the same targets
 * for the formula tok names ("Si"): 1 when ts now names it. */
static int material_alone(kg_txn *t, const char *tok, size_t l, query_targets *ts)
{
	char q[128], key[64];
	size_t k;
	int done = 0;

	if (l >= sizeof(q))
		return 0;
	memcpy(q, tok, l);
	q[l] = '\0';
	if (query_material_formula(t, q, key, sizeof(key)) <= 0) {
		pk_error_clear();
		return 0;
	}
	for (k = 0; k < ts->n; k++)
		if (ts->t[k].type == QUERY_MATERIAL || ts->t[k].type == QUERY_FORMULA) {
			char *nk = pk_strdup(key);

			if (!nk) {
				pk_error_clear();
				return 0;
			}
			pk_free(ts->t[k].key);
			ts->t[k].key = nk;
			ts->t[k].type = QUERY_FORMULA;
			done = 1;
		}
	return done;
}

/* "The band gaps of Si and GaAs are 1.12 and 1.42 eV, respectively": in
 * a clause [a, b) that says "respectively" (or 分别) and names two or
 * more materials before its first number, the k-th number is the k-th
 * material's. 1 when the clause is such a list: *at, *len the material
 * (len 0: the value is past the names); 0 otherwise. */
static int respectively(kg_txn *t, const pk_normtext *nt, size_t a, size_t b, const qv_mention *m, size_t *at,
			size_t *len)
{
	const char *s = nt->text.ptr;
	size_t i, first, names_at[8], names_l[8], nn = 0, k = 0;
	qn_number x;

	if (!qv_respectively_in_clause(nt, m) || !query_number_next(s, b, a, &x))
		return 0;
	first = x.start;
	for (i = a; i < first && nn < 8;) {
		size_t j = i, l;

		while (j < first && s[j] != ' ' && s[j] != ',' && s[j] != ';' && s[j] != ':')
			j++;
		l = j - i;
		trim_token(s, &i, &l);
		if (l && names_material(t, s, i, l)) {
			names_at[nn] = i;
			names_l[nn++] = l;
		}
		i = j + 1;
	}
	if (nn < 2 || m->num.start < first)
		return 0;
	for (i = first; query_number_next(s, b, i, &x) && x.start < m->num.start; i = x.end)
		k++;
	*at = k < nn ? names_at[k] : 0;
	*len = k < nn ? names_l[k] : 0;
	return 1;
}

/* "mp-149 has a density of 2.28 g/cm³", "Si has a band gap of 0.61 eV":
 * the phrase names a material property and the material is elsewhere in
 * its clause. The material is the nearest token of the clause that names
 * one, before the value first; when the graph does not hold it, the value
 * is not compared with another material's: ts is emptied and `other`
 * names it. Returns 1 when ts was replaced, 0 otherwise. */
/* Is the word before s[i] one that sets what follows against the subject
 * or under it: "on Si", "onto", "atop", "over", "unlike", "than",
 * "versus", "vs.", "compared to/with", "relative to", "doped with"? */
static int contrast_before(const char *s, size_t i)
{
	static const char *const words[] = { "on", "onto", "atop", "over", "unlike", "than", "versus", "vs", "vs.",
					      "to", "with", "substrate", "substrates" };
	size_t e = i, w, k;

	while (e > 0 && i - e < 8 && (s[e - 1] == ' ' || s[e - 1] == ','))
		e--;
	/* (the words are short: a longer one is none of them) */
	for (w = e; w > 0 && e - w <= 10 && s[w - 1] != ' ' && s[w - 1] != ',' && s[w - 1] != '('; w--)
		;
	for (k = 0; k < sizeof(words) / sizeof(words[0]); k++)
		if (strlen(words[k]) == e - w && !strncasecmp(s + w, words[k], e - w))
			return 1;
	return 0;
}

/* Is the value at v in brackets right after a name ending at e ("Si
 * (1.12 eV)", "Si(1.12 eV)")? */
static int bracketed_after(const char *s, size_t e, size_t v)
{
	while (e < v && s[e] == ' ')
		e++;
	if (e >= v || s[e] != '(')
		return 0;
	for (e++; e < v && s[e] == ' '; e++)
		;
	return e == v;
}

/* The bytes of the UTF-8 character at s (1 for a stray byte). */
static size_t utf8_char_len(const char *s)
{
	int32_t cp;
	int l = pk_utf8_decode(s, strlen(s), &cp);

	return l > 0 ? (size_t)l : 1;
}

/* Where the words that named the quantity (m->phrase) start in the
 * normalised text, at or after a and before the value; -1 if not there. */
static size_t phrase_at(const char *s, size_t a, const qv_mention *m)
{
	size_t l = strlen(m->phrase), i;

	if (!l || m->num.start < a + l)
		return (size_t)-1;
	for (i = m->num.start - l + 1; i-- > a;)
		if (!memcmp(s + i, m->phrase, l))
			return i;
	return (size_t)-1;
}

/* The first word of s[a, p) that is not an article or the like: 1 and
 * its span, or 0. */
static int first_word(const char *s, size_t a, size_t p, size_t *at, size_t *len)
{
	static const char *const skip[] = { "the", "a", "an", "this", "that", "these", "those", "for", "in", "our",
					     "its", "their", "bulk", "pure" };
	size_t i = a, j, k;

	while (i < p) {
		for (j = i; j < p && s[j] != ' ' && s[j] != ','; j++)
			;
		for (k = 0; k < sizeof(skip) / sizeof(skip[0]); k++)
			if (strlen(skip[k]) == j - i && !strncasecmp(s + i, skip[k], j - i))
				break;
		if (j > i && k == sizeof(skip) / sizeof(skip[0])) {
			*at = i;
			*len = j - i;
			return 1;
		}
		i = j + 1;
	}
	return 0;
}

/* Do the Chinese characters s[i, i + l) name an element or a material
 * ("硅", "砷化镓")? */
static int names_material_zh(kg_txn *t, const char *s, size_t i, size_t l)
{
	char w[48], key[64];

	if (!l || l >= sizeof(w) || (unsigned char)s[i] < 0x80)
		return 0;
	memcpy(w, s + i, l);
	w[l] = '\0';
	if (element_word(t, w, NULL, 0))
		return 1;
	if (query_material_formula(t, w, key, sizeof(key)) > 0)
		return 1;
	pk_error_clear();
	return 0;
}

/* "The band gap of Si and GaAs is 1.12 eV", "硅和砷化镓的带隙为1.12 eV":
 * the phrase's material joined by "and", "or" (和, 与, 及, 或) to another
 * one before it, one value for both and no "respectively": whose it is
 * the sentence does not say. 1 with "Si and GaAs" in out; else 0. */
static int shared_value(kg_txn *t, const char *s, size_t a, const qv_mention *m, char *out, size_t on)
{
	static const char *const joins[] = { " and ", " or ", ", ", "和", "与", "及", "或", "、" };
	size_t p = phrase_at(s, a, m), k, i, e;

	if (p == (size_t)-1)
		return 0;
	for (k = 0; k < sizeof(joins) / sizeof(joins[0]); k++) {
		size_t l = strlen(joins[k]);

		if (p >= a + l && !memcmp(s + p - l, joins[k], l))
			break;
	}
	if (k == sizeof(joins) / sizeof(joins[0]))
		return 0;
	e = p - strlen(joins[k]);
	/* the word before: ASCII letters and digits, or up to four
	 * Chinese characters */
	for (i = e; i > a && (isalnum((unsigned char)s[i - 1]) || s[i - 1] == '-'); i--)
		;
	if (i == e) {
		size_t nch = 0;

		while (i > a && nch < 4 && (unsigned char)s[i - 1] >= 0x80) {
			size_t j = i - 1;

			while (j > a && ((unsigned char)s[j] & 0xC0) == 0x80)
				j--;
			i = j;
			nch++;
		}
		/* the longest that names a material: "砷化镓" in "砷化镓和硅" */
		while (i < e && !names_material_zh(t, s, i, e - i)) {
			i++;
			while (i < e && ((unsigned char)s[i] & 0xC0) == 0x80)
				i++;
		}
		if (i >= e)
			return 0;
	} else if (!names_material(t, s, i, e - i)) {
		return 0;
	}
	snprintf(out, on, "%.*s%s%s", (int)(e - i), s + i, joins[k], m->phrase);
	return 1;
}

static int material_subject(kg_txn *t, const pk_normtext *nt, const qv_mention *m, query_targets *ts, char *other,
			    size_t on)
{
	const char *s = nt->text.ptr;
	size_t a, b, i, best_i = 0, best_l = 0, best_d = (size_t)-1;
	int material_property = 0, named = 0;

	for (i = 0; i < ts->n; i++) {
		if (ts->t[i].type == QUERY_MATERIAL || ts->t[i].type == QUERY_FORMULA)
			named = 1; /* the phrase named the material */
		if (ts->t[i].type == KG_QUANTITY && query_is_material_property(t, ts->t[i].key))
			material_property = 1;
	}
	if (!named && !material_property)
		return 0;
	if (m->subject[0]) {
		/* "... 1.42 eV for GaAs and 1.12 eV for Si": the material the
		 * list states after this value */
		size_t l = strlen(m->subject);

		if (named ? material_alone(t, m->subject, l, ts) : material_of(t, m, m->subject, l, ts))
			return 1;
		snprintf(other, on, "%s", m->subject);
		query_targets_release(ts);
		return 0;
	}
	qv_clause_around(nt, m, &a, &b);
	if (respectively(t, nt, a, b, m, &best_i, &best_l)) {
		/* the phrase named a material (the nearest name, "GaAs"):
		 * the one this value is, named the same way; else the
		 * property of the one this value is */
		if (best_l && (named ? material_alone(t, s + best_i, best_l, ts) : material_of(t, m, s + best_i, best_l, ts)))
			return 1;
		/* more values than names, or a name the graph does not hold:
		 * not compared with another material's value */
		if (best_l)
			snprintf(other, on, "%.*s", (int)best_l, s + best_i);
		else
			snprintf(other, on, "one of the materials the sentence lists \"respectively\"");
		query_targets_release(ts);
		return 0;
	}
	if (named && shared_value(t, s, a, m, other, on)) {
		query_targets_release(ts);
		return 2;
	}
	if (named) {
		/* "GaAs grown on Si has a band gap of 1.42 eV": the phrase
		 * ("Si has a band gap") names the material the subject is
		 * grown on or set against; the subject is the material named
		 * before it */
		size_t p = phrase_at(s, a, m), j;

		/* "氧化铁的带隙": the phrase found ("铁的带隙") starts inside a
		 * compound's name that the graph does not resolve */
		if (p != (size_t)-1 && p >= a + strlen("化") && !memcmp(s + p - strlen("化"), "化", strlen("化"))) {
			for (j = p; j > a && (unsigned char)s[j - 1] >= 0x80; j--)
				;
			snprintf(other, on, "%.*s", (int)(p + utf8_char_len(s + p) - j), s + j);
			query_targets_release(ts);
			return 0;
		}
		if (p == (size_t)-1 || !contrast_before(s, p) || bracketed_after(s, p + strlen(m->phrase), m->num.start))
			return 0; /* (the material set against is named with its own value: "than Si (1.12 eV)") */
		for (i = a; i < p;) {
			size_t l;

			for (j = i; j < p && s[j] != ' ' && s[j] != ',' && s[j] != ';' && s[j] != ':'; j++)
				;
			l = j - i;
			trim_token(s, &i, &l);
			if (l && !contrast_before(s, i) && names_material(t, s, i, l)) {
				best_i = i;
				best_l = l;
			}
			i = j + 1;
		}
		if (best_l && material_alone(t, s + best_i, best_l, ts))
			return 1;
		/* "Graphene on SiC has a band gap of 0.26 eV": a subject the
		 * graph does not hold, named by the clause's first word */
		if (!best_l && !first_word(s, a, p, &best_i, &best_l))
			return 0;
		snprintf(other, on, "%.*s", (int)best_l, s + best_i);
		query_targets_release(ts);
		return 0;
	}
	if (!material_property)
		return 0;
	for (i = a; i < b;) {
		size_t j = i, l, d;

		while (j < b && s[j] != ' ' && s[j] != ',' && s[j] != ';' && s[j] != ':')
			j++;
		l = j - i;
		trim_token(s, &i, &l);
		if ((i + l <= m->num.start || i >= m->num.end) && l && names_material(t, s, i, l)) {
			/* tokens before the value are nearer than those after it;
			 * a material the sentence sets the subject against or on
			 * ("GaAs grown on Si", "unlike Si") is the farthest */
			d = i + l <= m->num.start ? m->num.start - (i + l) : (i - m->num.end) + 4096;
			/* "than Si (1.12 eV)": the value in brackets right after
			 * a material is that one's, set against or not */
			if (contrast_before(s, i) && !bracketed_after(s, i + l, m->num.start))
				d += 8192;
			if (d < best_d) {
				best_d = d;
				best_i = i;
				best_l = l;
			}
		}
		i = j + 1;
	}
	/* none, or only one set against the subject ("For GaAs, unlike Si,
	 * the band gap is 1.42 eV", its clause "Si, the band gap is ..."):
	 * not guessed */
	if (best_d == (size_t)-1 || best_d >= 8192)
		return 0;
	{
		char f[24];
		size_t end;

		if (compound_name(t, s, best_i, best_l, b, f, sizeof(f), &end)) {
			/* "Silicon carbide has a band gap of 3.26 eV": SiC's, not silicon's */
			if (f[0] && material_of(t, m, f, strlen(f), ts))
				return 1;
			best_l = end - best_i;
			snprintf(other, on, "%.*s", (int)best_l, s + best_i);
			query_targets_release(ts);
			return 0;
		}
	}
	if (material_of(t, m, s + best_i, best_l, ts))
		return 1;
	/* the sentence is about a material the graph does not hold */
	snprintf(other, on, "%.*s", (int)best_l, s + best_i);
	query_targets_release(ts);
	return 0;
}

/* Append a target (type, a copy of key, score) to ts: 0 or PK_ENOMEM. */
static int target_push(query_targets *ts, char type, const char *key, int score)
{
	query_target *x;

	if (PK_ALLOC_GROW(ts->t, ts->n + 1, ts->cap, 8) < 0)
		return PK_ENOMEM;
	x = &ts->t[ts->n];
	memset(x, 0, sizeof(*x));
	x->type = type;
	x->score = score;
	if (!(x->key = pk_strdup(key)))
		return pk_error_set(PK_ENOMEM, "out of memory");
	ts->n++;
	return 0;
}

/* A variant's key, NUL included, onto the list (a pk_buf). */
static int on_variant(const kg_node *nd, void *list)
{
	return pk_buf_put(list, nd->key, strlen(nd->key) + 1);
}

/* Each variant key of list[0..len) (NUL-terminated keys, in the graph's
 * order) not among ts's quantities already, appended with score. */
static int push_variants(query_targets *ts, const char *list, size_t len, int score)
{
	const char *k, *end = list + len;
	size_t i;
	int rc = 0;

	for (k = list; k < end && rc == 0; k += strlen(k) + 1) {
		for (i = 0; i < ts->n; i++)
			if (ts->t[i].type == KG_QUANTITY && !strcmp(ts->t[i].key, k))
				break;
		if (i == ts->n)
			rc = target_push(ts, KG_QUANTITY, k, score);
	}
	return rc;
}

/* CODATA publishes a constant in other units as quantities of their own:
 * "Boltzmann constant in Hz/K", "Bohr magneton in K/T". A phrase naming
 * the constant names them too; the cited unit's dimension picks one. Each
 * quantity target's variants as targets: the quantity nodes under the key
 * "<key> in ", read once a read transaction (query_phrase_memo, under 'V'
 * and the key). */
static int add_variants(kg_txn *t, query_targets *ts)
{
	size_t i, n = ts->n;
	pk_buf prefix = PK_BUF_INIT, list = PK_BUF_INIT;
	pk_memo *memo = query_phrase_memo(t);
	int rc = 0;

	for (i = 0; i < n && rc == 0; i++) {
		const unsigned char *v;
		uint64_t h;
		size_t vl;

		if (ts->t[i].type != KG_QUANTITY || strstr(ts->t[i].key, " in "))
			continue;
		pk_buf_reset(&prefix);
		if ((rc = pk_buf_putc(&prefix, 'V')) < 0 || (rc = pk_buf_puts(&prefix, ts->t[i].key)) < 0 ||
		    (rc = pk_buf_puts(&prefix, " in ")) < 0)
			break;
		h = pk_hash_mem(prefix.ptr, prefix.len);
		if (memo && (v = pk_memo_get(memo, h, prefix.ptr, prefix.len, &vl)) != NULL) {
			rc = push_variants(ts, (const char *)v, vl, ts->t[i].score);
			continue;
		}
		pk_buf_reset(&list);
		if ((rc = kg_node_each(t, KG_QUANTITY, prefix.ptr + 1, on_variant, &list)) < 0)
			break;
		if (memo)
			pk_memo_put(memo, h, prefix.ptr, prefix.len, list.ptr ? list.ptr : "", list.len);
		rc = push_variants(ts, list.ptr ? list.ptr : "", list.len, ts->t[i].score);
	}
	pk_buf_release(&prefix);
	pk_buf_release(&list);
	return rc;
}

/* "The band gaps of Ge and Si are 0.66 and 1.12 eV, respectively": an
 * element's symbol or name resolves to the element (its atomic weight),
 * but the element's solid is a material of the graph too: its formula is
 * added, as a material named alone (whose properties count only where the
 * clause names them: qv_clause_names_quantity). */
static int element_material(kg_txn *t, const qv_mention *m, query_targets *ts)
{
	char key[64];
	size_t i;
	int entity = 0, score = 0;

	for (i = 0; i < ts->n; i++) {
		if (ts->t[i].type == QUERY_MATERIAL || ts->t[i].type == QUERY_FORMULA || ts->t[i].qualifier)
			return 0;
		if (ts->t[i].type == KG_ENTITY && !entity) {
			entity = 1;
			score = ts->t[i].score;
		}
	}
	if (!entity)
		return 0;
	if (query_material_formula(t, m->query, key, sizeof(key)) <= 0) {
		pk_error_clear();
		return 0;
	}
	return target_push(ts, QUERY_FORMULA, key, score);
}

/* Resolve the phrase again (mentions keep only text) and expand. */
int qv_candidates(kg_txn *t, const pk_normtext *nt, const qv_mention *m, cand **out, size_t *nout, char *other,
		  size_t on)
{
	query_targets ts = { 0 };
	query_lookup_opts lo = { NULL, 1, 200 };
	cand *c = NULL;
	size_t i, n = 0;
	int rc, shared = 0;

	*out = NULL;
	*nout = 0;
	if (on)
		other[0] = '\0';
	if (!m->query[0])
		return 0;
	if ((rc = query_resolve_flags(t, m->query, QUERY_EXACT_ONLY, &ts)) < 0)
		return rc;
	if (on)
		other[0] = '\0';
	if (nt && ((rc = element_material(t, m, &ts)) < 0 || (rc = shared = material_subject(t, nt, m, &ts, other, on)) < 0)) {
		query_targets_release(&ts);
		return rc;
	}
	if (shared == 2)
		return 1; /* one value for two materials: no candidates */
	if ((rc = add_variants(t, &ts)) < 0) {
		query_targets_release(&ts);
		return rc;
	}
	if (ts.n && !(c = pk_calloc(ts.n, sizeof(*c)))) {
		query_targets_release(&ts);
		return pk_error_set(PK_ENOMEM, "out of memory");
	}
	for (i = 0; i < ts.n; i++) {
		if ((rc = query_expand(t, &ts.t[i], &lo, &c[n].ms)) < 0) {
			qv_cand_release(c, n + 1);
			pk_free(c);
			query_targets_release(&ts);
			return rc;
		}
		if (c[n].ms.n == 0) {
			query_matches_release(&c[n].ms);
			continue;
		}
		c[n].score = ts.t[i].score;
		c[n].whole = (ts.t[i].type == QUERY_MATERIAL || ts.t[i].type == QUERY_FORMULA) && !ts.t[i].qualifier;
		n++;
	}
	query_targets_release(&ts);
	*out = c;
	*nout = n;
	return 0;
}

/* A candidate's values may span several quantities (an entity's mass and
 * abundance): split them so each cand is one quantity. */
/* Matches of one kind: the same quantity, and measured or not. */
static int same_kind(const query_match *a, const query_match *b)
{
	return !strcmp(a->quantity, b->quantity) && !((a->flags ^ b->flags) & KG_V_MEASURED);
}

int qv_split_by_quantity(cand **cs, size_t *n)
{
	size_t i, total = *n;
	cand *c = *cs;

	for (i = 0; i < total; i++) {
		size_t j, k;
		const query_match *m0 = c[i].ms.n ? &c[i].ms.m[0] : NULL;

		for (j = 1; j < c[i].ms.n; j++)
			if (!same_kind(&c[i].ms.m[j], m0))
				break;
		if (j == c[i].ms.n)
			continue;
		/* move the matches of other quantities to a new cand */
		{
			cand *nc = pk_realloc(c, (total + 1) * sizeof(*c));
			query_matches rest = { 0 };

			if (!nc)
				return pk_error_set(PK_ENOMEM, "out of memory");
			c = nc;
			*cs = c;
			memset(&c[total], 0, sizeof(c[total]));
			for (k = 0; k < c[i].ms.n;) {
				if (same_kind(&c[i].ms.m[k], m0)) {
					k++;
					continue;
				}
				if (PK_ALLOC_GROW(rest.m, rest.n + 1, rest.cap, 4) < 0) {
					query_matches_release(&rest);
					return PK_ENOMEM;
				}
				rest.m[rest.n++] = c[i].ms.m[k];
				memmove(&c[i].ms.m[k], &c[i].ms.m[k + 1], (c[i].ms.n - k - 1) * sizeof(query_match));
				c[i].ms.n--;
			}
			c[total].ms = rest;
			c[total].score = c[i].score;
			c[total].whole = c[i].whole;
			total++;
		}
	}
	for (i = 0; i < total; i++)
		c[i].measured = c[i].ms.n && (c[i].ms.m[0].flags & KG_V_MEASURED);
	*n = total;
	return 0;
}

/* The tolerance of a computed property: per property from the options,
 * --tolerance-computed, the property table, 0.10. */
double qv_computed_tolerance(const query_match *r, const qv_opts *o)
{
	const char *field = r->locator ? strrchr(r->locator, '#') : NULL;
	size_t i;

	for (i = 0; o && o->tolerances && i < o->ntolerances; i++)
		if ((field && !strcmp(o->tolerances[i].property, field + 1)) ||
		    (r->quantity && !strcmp(o->tolerances[i].property, r->quantity)))
			return o->tolerances[i].value;
	if (o && o->tolerance_computed > 0)
		return o->tolerance_computed;
	if (r->tolerance > 0)
		return r->tolerance;
	return r->tolerance == 0 ? 0 : 0.10;
}

/* A cited value that is not the chosen material's may be another
 * polymorph's: say which. */
void qv_other_polymorph(const cand *cd, const query_match *ref, double c, double prec, qv_result *out)
{
	size_t i;

	for (i = 0; i < cd->ms.n; i++) {
		const query_match *m = &cd->ms.m[i];
		qv_reason *q;

		if (!m->name || !m->entity || !strcmp(m->entity, ref->entity) || strcmp(m->edition, ref->edition))
			continue;
		if (fabs(c - m->value) <= prec + fabs(m->value) * QJ_FLOAT_SLACK) {
			if ((q = qv_reason_add(out, QR_OTHER_POLYMORPH))) {
				snprintf(q->a, sizeof(q->a), "%s%s%s%s", m->entity, m->group ? " (" : "", m->group ? m->group : "",
					 m->group ? ")" : "");
				snprintf(q->b, sizeof(q->b), "%s", ref->entity);
				q->n = ref->rank == 1;
			}
			return;
		}
	}
}

