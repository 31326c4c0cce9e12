/* query/value.c - find the value a sentence cites and judge it; see value.h. */
#include "value.h"

#include "../common/alloc.h"
#include "../common/buf.h"
#include "../common/error.h"
#include "../kg/graph.h"
#include "material.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define TEXT_MAX ((size_t)1 << 20) /* check-value input; longer is an error */
#define CONTEXT_MAX 200            /* bytes of prose searched for the quantity */
#define MAX_CUTS 40

const char *query_verdict_name(int v)
{
	static const char *const names[] = { "match", "outdated", "approximate", "mismatch",
					     "unit_mismatch", "unknown" };

	return v >= 0 && v <= QV_UNKNOWN ? names[v] : "unknown";
}

void qv_result_init(qv_result *r)
{
	memset(r, 0, sizeof(*r));
	r->verdict = QV_UNKNOWN;
	r->cited_si = NAN;
	r->relative_error = NAN;
}

void qv_result_release(qv_result *r)
{
	if (r->have_ref)
		query_match_release(&r->ref);
	r->have_ref = 0;
}

/* ---- words that connect a quantity to its value ------------------------ */

static const char *const trailing_words[] = {
	"has a value of", "is approximately", "is about", "is roughly", "is around", "is nearly",
	"is close to", "is equal to", "is given by", "is taken as", "is measured as", "is estimated at",
	"a value of", "value of", "equal to", "equals", "close to", "approximately", "about", "roughly",
	"around", "nearly", "of about", "is", "was", "are", "were", "be", "of", "at", "as", "by",
	"=", ":", "≈", "~", "∼", "≃", "(", ",",
	"约等于", "大约为", "近似为", "约为", "大约", "大概", "等于", "近似", "约", "为", "是", "：", "，", "的值", "值"
};

static const char *const leading_words[] = {
	"the", "a", "an", "its", "this", "that", "their", "our", "value of the", "value of", "is", "for",
	"of", "(", ",", "该", "这个"
};

static int is_ascii_word_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* Strip trailing connecting words and blanks from s[a..*b). */
static void strip_tail(const char *s, size_t a, size_t *b)
{
	int again = 1;

	while (again) {
		size_t i;

		again = 0;
		while (*b > a && (s[*b - 1] == ' ' || s[*b - 1] == '\t'))
			(*b)--;
		for (i = 0; i < sizeof(trailing_words) / sizeof(trailing_words[0]); i++) {
			const char *w = trailing_words[i];
			size_t l = strlen(w);

			if (*b - a < l || strncasecmp(s + *b - l, w, l))
				continue;
			/* English words end at a word boundary */
			if (is_ascii_word_char(w[0]) && *b - l > a && is_ascii_word_char(s[*b - l - 1]))
				continue;
			*b -= l;
			again = 1;
			break;
		}
	}
}

static void strip_head(const char *s, size_t *a, size_t b)
{
	int again = 1;

	while (again) {
		size_t i;

		again = 0;
		while (*a < b && (s[*a] == ' ' || s[*a] == '\t'))
			(*a)++;
		for (i = 0; i < sizeof(leading_words) / sizeof(leading_words[0]); i++) {
			const char *w = leading_words[i];
			size_t l = strlen(w);

			if (b - *a < l || strncasecmp(s + *a, w, l))
				continue;
			if (is_ascii_word_char(w[l - 1]) && *a + l < b && is_ascii_word_char(s[*a + l]))
				continue;
			*a += l;
			again = 1;
			break;
		}
	}
	/* closing punctuation at the end: "(k_B)" */
}

/* ---- candidate phrases ------------------------------------------------ */

static int is_boundary_at(const char *s, size_t n, size_t i)
{
	static const char *const seps[] = { "。", "；", "！", "？", "\n", ";", "!", "?" };
	size_t k;

	for (k = 0; k < sizeof(seps) / sizeof(seps[0]); k++) {
		size_t l = strlen(seps[k]);

		if (i + l <= n && !memcmp(s + i, seps[k], l))
			return (int)l;
	}
	/* a sentence-ending period: ". " then a capital or non-ASCII text;
	 * "mag. mom." and "approx. 3" are abbreviations, not ends */
	if (s[i] == '.' && i + 2 < n && s[i + 1] == ' ' && i > 0 && !(s[i - 1] >= '0' && s[i - 1] <= '9')) {
		int32_t cp;

		if (s[i + 2] >= 'A' && s[i + 2] <= 'Z')
			return 1;
		if (pk_utf8_decode(s + i + 2, n - i - 2, &cp) > 0 && pk_text_is_han(cp))
			return 1;
	}
	return 0;
}

/* The sentence around the mention's number (semicolons end it too):
 * [*a, *b) in nt's normalised text. */
static void sentence_around(const pk_normtext *nt, const qv_mention *m, size_t *a, size_t *b)
{
	const char *s = nt->text.ptr;
	size_t n = nt->text.len;

	*a = m->num.start;
	*b = m->num.end;
	while (*a > 0 && !is_boundary_at(s, n, *a - 1))
		(*a)--;
	while (*b < n && !is_boundary_at(s, n, *b))
		(*b)++;
}

typedef struct phrase_hit {
	query_targets ts;
	size_t a, b;                  /* normalised span of the phrase */
	char query[416];              /* the text that resolved */
} phrase_hit;

/* Try resolving s[a..b) (trimmed, without wrapping punctuation). */
static int try_phrase(kg_txn *t, const char *s, size_t a, size_t b, phrase_hit *f)
{
	char buf[CONTEXT_MAX + 8];
	int rc;

	while (a < b && (s[a] == ' ' || s[a] == '(' || s[a] == '"' || s[a] == '\''))
		a++;
	while (b > a && (s[b - 1] == ' ' || s[b - 1] == '"' || s[b - 1] == '\'' || s[b - 1] == ','))
		b--;
	/* ")" closes "(k_B)" but belongs to "... (273.15 K, 101.325 kPa)" */
	if (b > a && s[b - 1] == ')' && !memchr(s + a, '(', b - a))
		b--;
	if (b <= a || b - a > CONTEXT_MAX)
		return 0;
	snprintf(buf, sizeof(buf), "%.*s", (int)(b - a), s + a);
	rc = query_resolve_flags(t, buf, QUERY_EXACT_ONLY, &f->ts);
	if (rc == 0 && f->ts.n == 0 && b - a > 1 && buf[b - a - 1] == '.') {
		/* a final period may end the sentence or the abbreviation "mom." */
		buf[b - a - 1] = '\0';
		rc = query_resolve_flags(t, buf, QUERY_EXACT_ONLY, &f->ts);
	}
	if (rc < 0) {
		pk_error_clear();
		return 0; /* not a name (e.g. invalid text): keep looking */
	}
	if (f->ts.n) {
		f->a = a;
		f->b = b;
		snprintf(f->query, sizeof(f->query), "%s", buf);
		return 1;
	}
	/* "mass of the electron" is CODATA's "electron mass": P of [the] Q -> Q P */
	{
		char *of = strstr(buf, " of "), alt[2 * CONTEXT_MAX + 8];
		const char *q;

		if (of) {
			*of = '\0';
			q = of + 4;
			if (!strncmp(q, "the ", 4))
				q += 4;
			else if (!strncmp(q, "an ", 3))
				q += 3;
			else if (!strncmp(q, "a ", 2))
				q += 2;
			snprintf(alt, sizeof(alt), "%s %s", q, buf);
			if (query_resolve_flags(t, alt, QUERY_EXACT_ONLY, &f->ts) == 0 && f->ts.n) {
				f->a = a;
				f->b = b;
				snprintf(f->query, sizeof(f->query), "%.415s", alt);
				return 1;
			}
			pk_error_clear();
		}
	}
	return 0;
}

/* Cut points of s[a..b): after each blank, and between CJK characters. */
static size_t cut_points(const char *s, size_t a, size_t b, size_t *cuts, size_t max)
{
	size_t n = 0, i = a;

	cuts[n++] = a;
	while (i < b && n < max) {
		int32_t cp;
		int k = pk_utf8_decode(s + i, b - i, &cp);

		if (k < 0)
			k = 1;
		if (s[i] == ' ' && i + 1 < b)
			cuts[n++] = i + 1;
		else if (pk_text_is_han(cp) && i + (size_t)k < b && i > a)
			cuts[n++] = i;
		i += (size_t)k;
	}
	return n;
}

/* The quantity named before position `end` (left context), longest suffix first. */
static int find_left(kg_txn *t, const char *s, size_t n, size_t lo, size_t end, phrase_hit *f)
{
	size_t a, b = end, cuts[MAX_CUTS], nc, i;

	a = end > CONTEXT_MAX ? end - CONTEXT_MAX : 0;
	if (a < lo)
		a = lo;
	for (i = end; i > a; i--) {
		int l = is_boundary_at(s, n, i - 1);

		if (l) {
			a = i - 1 + (size_t)l;
			break;
		}
	}
	strip_tail(s, a, &b);
	if (b <= a)
		return 0;
	nc = cut_points(s, a, b, cuts, MAX_CUTS);
	for (i = 0; i < nc; i++) {
		size_t ca = cuts[i];

		strip_head(s, &ca, b);
		if (ca < b && try_phrase(t, s, ca, b, f))
			return 1;
	}
	return 0;
}

/* The quantity named after position `start` (right context), longest prefix first. */
static int find_right(kg_txn *t, const char *s, size_t n, size_t start, phrase_hit *f)
{
	size_t a = start, b, cuts[MAX_CUTS], nc, i;

	b = start + CONTEXT_MAX < n ? start + CONTEXT_MAX : n;
	for (i = a; i < b; i++)
		if (is_boundary_at(s, n, i)) {
			b = i;
			break;
		}
	strip_head(s, &a, b);
	if (b <= a)
		return 0;
	nc = cut_points(s, a, b, cuts, MAX_CUTS);
	/* prefixes end at the cut points (and at b), longest first */
	for (i = nc; i > 0; i--) {
		size_t e = i == nc ? b : cuts[i];

		if (e > a && try_phrase(t, s, a, e, f))
			return 1;
	}
	return 0;
}

/* ---- mentions --------------------------------------------------------- */

static int is_space(char c)
{
	return c == ' ' || c == '\t';
}

/* The unit after a number: one optional blank, then the longest unit. */
static size_t unit_after(const query_units *u, const char *s, size_t n, size_t end, qu_unit *unit,
			 size_t *ustart)
{
	size_t p = end, len;

	if (p < n && is_space(s[p]))
		p++;
	*ustart = p;
	if (p >= n)
		return 0;
	len = query_units_scan(u, s + p, n - p, unit);
	return len;
}

/* Is the number directly introduced as a value ("=", "is", "为")? */
static int introduced(const char *s, size_t start)
{
	size_t b = start;

	while (b > 0 && is_space(s[b - 1]))
		b--;
	if (b > 0 && (s[b - 1] == '=' || s[b - 1] == ':'))
		return 1;
	if (b >= 3 && (!memcmp(s + b - 3, "为", 3) || !memcmp(s + b - 3, "是", 3) || !memcmp(s + b - 3, "：", 3)))
		return 1;
	if (b >= 2 && !strncasecmp(s + b - 2, "is", 2) && (b == 2 || s[b - 3] == ' '))
		return 1;
	if (b >= 3 && !memcmp(s + b - 3, "≈", 3))
		return 1;
	return 0;
}

/* A number in parentheses before the value it belongs with is part of a
 * name or a condition ("molar volume of ideal gas (273.15 K, 101.325 kPa)
 * is 22.41 L/mol"), not a value of its own. */
static int condition_in_name(const query_units *u, const char *s, size_t n, size_t lo, const qn_number *num)
{
	size_t i, close;
	qn_number next;
	qu_unit unit;
	size_t ustart;

	/* every scan stays within CONTEXT_MAX bytes: long hostile runs of
	 * numbers must not make this quadratic */
	if (num->start > lo + CONTEXT_MAX)
		lo = num->start - CONTEXT_MAX;
	for (i = num->start; i > lo; i--) {
		if (s[i - 1] == ')' || is_boundary_at(s, n, i - 1))
			return 0;
		if (s[i - 1] == '(')
			break;
	}
	if (i == lo)
		return 0;
	for (close = num->end; close < n && close < num->end + CONTEXT_MAX && s[close] != ')'; close++)
		if (s[close] == '(' || is_boundary_at(s, n, close))
			return 0;
	if (close >= n || s[close] != ')')
		return 0;
	/* is there a value with a unit after the parentheses, in the sentence? */
	{
		size_t limit = close + CONTEXT_MAX < n ? close + CONTEXT_MAX : n, k = close;

		for (i = close; i < limit && query_number_next(s, limit, i, &next) == 1; i = next.end) {
			for (; k < next.start; k++)
				if (is_boundary_at(s, n, k))
					return 0;
			if (unit_after(u, s, n, next.end, &unit, &ustart) > 0)
				return 1;
		}
	}
	return 0;
}

/* Could a quantity's name end right before `start` (as adjacent() will
 * require)? Not after a digit or sentence punctuation ("1974;109(6):889",
 * "[3]", "(2023)" after "et al."). */
static int after_name(const char *s, size_t lo, size_t start)
{
	size_t i = start, k = 0;
	unsigned char c;

	while (i > lo && k < 3 && (s[i - 1] == ' ' || s[i - 1] == ':' || s[i - 1] == '('))
		i--, k++;
	if (i == lo)
		return 0;
	c = (unsigned char)s[i - 1];
	if ((c >= '0' && c <= '9') || strchr(".,;[]!?-+/*%&|<>#", c))
		return 0;
	return 1;
}

/* Only blanks or a colon between the phrase and the number. */
static int adjacent(const char *s, size_t phrase_end, size_t start)
{
	size_t i;

	if (phrase_end > start || start - phrase_end > 3)
		return 0;
	for (i = phrase_end; i < start; i++)
		if (s[i] != ' ' && s[i] != ':' && s[i] != '(')
			return 0;
	return 1;
}

int query_value_mentions(kg_txn *t, const query_units *u, const pk_normtext *nt, qv_mention **out,
			 size_t *count)
{
	const char *s = nt->text.ptr;
	size_t n = nt->text.len, from = 0, prev_end = 0, cap = 0, examined = 0;
	qv_mention *v = NULL;
	qn_number num;
	int rc = 0;

	*out = NULL;
	*count = 0;
	while (query_number_next(s, n, from, &num) == 1) {
		qv_mention m;
		size_t ustart, ulen;
		phrase_hit f;
		int named;

		/* bounded work on hostile text: numbers looked at, mentions kept */
		if (++examined > QV_NUMBERS_MAX || *count == QV_MENTIONS_MAX)
			break;
		from = num.end;
		if (condition_in_name(u, s, n, prev_end, &num))
			continue;
		memset(&m, 0, sizeof(m));
		memset(&f, 0, sizeof(f));
		m.num = num;
		ulen = unit_after(u, s, n, num.end, &m.unit, &ustart);
		m.has_unit = ulen > 0;
		if (m.has_unit)
			snprintf(m.unit_text, sizeof(m.unit_text), "%.*s", (int)(ulen > 63 ? 63 : ulen), s + ustart);
		if (m.has_unit) {
			named = find_left(t, s, n, prev_end, num.start, &f) ||
				(query_targets_release(&f.ts), find_right(t, s, n, ustart + ulen, &f));
		} else {
			/* a bare number counts only right after its name or after
			 * "is", "=": most numbers (years, pages, list labels) are
			 * neither, and need no name search at all */
			int intro = introduced(s, num.start);

			if (!intro && !after_name(s, prev_end, num.start))
				continue;
			named = find_left(t, s, n, prev_end, num.start, &f) ||
				(intro && (query_targets_release(&f.ts), find_right(t, s, n, num.end, &f)));
		}
		if (!m.has_unit && !(named && (introduced(s, num.start) || adjacent(s, f.b, num.start)))) {
			/* a bare number nothing names: a count, a year, a list index */
			query_targets_release(&f.ts);
			continue;
		}
		if (named) {
			m.qstart = pk_normtext_orig(nt, f.a);
			m.qend = pk_normtext_orig(nt, f.b);
			snprintf(m.phrase, sizeof(m.phrase), "%.*s", (int)(f.b - f.a > 159 ? 159 : f.b - f.a), s + f.a);
			memcpy(m.query, f.query, sizeof(m.query));
		}
		query_targets_release(&f.ts);
		m.start = pk_normtext_orig(nt, num.start);
		m.end = pk_normtext_orig(nt, m.has_unit ? ustart + ulen : num.end);
		prev_end = m.has_unit ? ustart + ulen : num.end;
		from = prev_end;
		if (*count == cap) {
			size_t nc = cap ? cap * 2 : 8;
			qv_mention *nv = pk_realloc(v, nc * sizeof(*nv));

			if (!nv) {
				rc = pk_error_set(PK_ENOMEM, "out of memory");
				break;
			}
			v = nv;
			cap = nc;
		}
		v[(*count)++] = m;
	}
	if (rc < 0) {
		pk_free(v);
		*count = 0;
		return rc;
	}
	*out = v;
	return 0;
}

/* ---- judging ---------------------------------------------------------- */

typedef struct cand {
	query_matches ms;  /* all editions of the target's values */
	size_t ref;        /* index of the reference match */
	qu_unit ref_unit;
	int level;         /* 3 same dimension, 2 equivalence, 1 no unit cited, 0 incompatible */
	int score;
	double closeness;  /* |log10(cited / reference)| */
	int atomic;        /* relative atomic mass style: u, Da, g/mol convert */
	int whole;         /* from a material or entity named without a property */
	/* materials: how the reference material was chosen, the candidates */
	char why[160];
	char ids[8][24];
	size_t nids;
} cand;

static int is_atomic_quantity(const query_match *m)
{
	return m->kind && !strcmp(m->kind, "atomic") && strcmp(m->quantity, "isotopic composition");
}

/* Choose the reference match: the edition asked for, else the newest. */
static size_t pick_ref(const query_matches *ms, const char *edition, int *found)
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
	while ((p = memmem(p, (size_t)(end - p), w, l))) {
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
static size_t pick_material(cand *cd, const pk_normtext *nt, const char *edition, int *found)
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
static int cited_in_ref(const query_units *u, const qv_mention *m, const cand *cd, double *c, double *hu,
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

static void describe_dim(char *buf, size_t n, const qu_dim *d)
{
	char dims[64];
	const char *name = qu_dim_name(d);

	qu_dim_format(dims, sizeof(dims), d);
	if (name)
		snprintf(buf, n, "%s (%s)", name, dims);
	else
		snprintf(buf, n, "%s", dims);
}

static void unit_mismatch_text(char *out, size_t n, const qv_mention *m, const query_match *r,
			       const qu_dim *rdim)
{
	char a[96], b[96], hint[120] = "";
	int i, diff = 0, which = -1;
	static const char *const base[QU_NDIM] = { "m", "kg", "s", "A", "K", "mol", "cd" };

	describe_dim(a, sizeof(a), &m->unit.dim);
	describe_dim(b, sizeof(b), rdim);
	for (i = 0; i < QU_NDIM; i++)
		if (m->unit.dim.e[i] != rdim->e[i]) {
			diff++;
			which = i;
		}
	if (diff == 1 && m->unit.dim.e[which] == -rdim->e[which])
		snprintf(hint, sizeof(hint), "; the power of %s has the wrong sign", base[which]);
	else if (diff == 1 && abs(m->unit.dim.e[which] - rdim->e[which]) == 2)
		snprintf(hint, sizeof(hint), "; the power of %s has the wrong sign: %s where the reference %s by %s",
			 base[which], m->unit.dim.e[which] < rdim->e[which] ? "a division" : "a product",
			 m->unit.dim.e[which] < rdim->e[which] ? "multiplies" : "divides", base[which]);
	snprintf(out, n, "%s is %s, but %s is %s in %s%s", m->unit_text, a, r->name, b,
		 r->unit && *r->unit ? r->unit : "no unit", hint);
}

static void mismatch_text(char *out, size_t n, double c, double r, const qv_mention *m, double tol)
{
	double ratio, l, mant;
	int p;

	if (r == 0 || c == 0) {
		snprintf(out, n, "wrong value");
		return;
	}
	ratio = c / r;
	if (ratio < 0 && fabs(fabs(ratio) - 1) <= tol) {
		snprintf(out, n, "wrong sign");
		return;
	}
	l = log10(fabs(ratio));
	p = (int)lround(l);
	mant = fabs(ratio) / pow(10.0, p);
	if (p != 0 && fabs(mant - 1) <= (tol > 0.02 ? tol : 0.02)) {
		int rexp = (int)floor(log10(fabs(r)));

		if (m->num.has_exponent && m->num.exponent != 0 && m->num.exponent == -rexp)
			snprintf(out, n, "swapped exponent sign: 10^%d written for 10^%d", m->num.exponent, rexp);
		else if (p % 3 == 0)
			snprintf(out, n, "off by 10^%d: a prefix slip (the number fits a unit 10^%d times %s)",
				 p, abs(p), p > 0 ? "smaller" : "larger");
		else
			snprintf(out, n, "off by 10^%d (a scale error)", p);
		return;
	}
	snprintf(out, n, "wrong value");
}

/* Plausibility of the cited value taken at its most favourable reading
 * (half a unit in the last digit towards plausible). */
static void implausible(const query_units *u, const qv_mention *m, double si, const char *quantity,
			char *out, size_t n)
{
	static const qu_dim speed = { { 1, 0, -1, 0, 0, 0, 0 } }, temp = { { 0, 0, 0, 0, 1, 0, 0 } },
			    mass = { { 0, 1, 0, 0, 0, 0, 0 } };
	const qu_constants *k = query_units_constants(u);
	const char *why = NULL;
	size_t len = strlen(out);

	if (m->has_unit && isfinite(si)) {
		double slack = fabs(m->num.half_unit * m->unit.scale);

		if (qu_dim_eq(&m->unit.dim, &speed) && k->c > 0 && fabs(si) - slack > k->c * (1 + 1e-12))
			why = "physically implausible: faster than light in vacuum (c = 299 792 458 m/s)";
		else if (qu_dim_eq(&m->unit.dim, &temp) && si + slack < 0)
			why = "physically implausible: below absolute zero";
		else if (qu_dim_eq(&m->unit.dim, &mass) && si + slack < 0)
			why = "physically implausible: a negative mass";
	}
	if (!why && quantity && !strcmp(quantity, "isotopic composition") &&
	    (m->num.value < 0 || (m->num.value > 1 && !m->has_unit)))
		why = "physically implausible: an abundance outside [0, 1]";
	if (why)
		snprintf(out + len, n - len, "%s%s", len ? "; " : "", why);
}

static void cand_release(cand *c, size_t n)
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

/* "mp-149 has a density of 2.28 g/cm³", "Si has a band gap of 0.61 eV":
 * the phrase names a material property and the material is elsewhere in
 * the sentence. Replaces ts with "<phrase> of <material>" when a token of
 * the sentence names one. */
static int material_subject(kg_txn *t, const pk_normtext *nt, const qv_mention *m, query_targets *ts)
{
	const char *s = nt->text.ptr;
	size_t a, b, i;
	int rc = 0, material_property = 0;

	for (i = 0; i < ts->n; i++) {
		if (ts->t[i].type == QUERY_MATERIAL || ts->t[i].type == QUERY_FORMULA)
			return 0; /* the phrase named the material */
		if (ts->t[i].type == KG_QUANTITY && query_is_material_property(t, ts->t[i].key))
			material_property = 1;
	}
	if (!material_property)
		return 0;
	sentence_around(nt, m, &a, &b);
	for (i = a; i < b && rc == 0;) {
		size_t j = i, l;
		char q[640];
		query_targets alt = { 0 };
		size_t k;

		while (j < b && s[j] != ' ' && s[j] != ',' && s[j] != ';' && s[j] != ':')
			j++;
		l = j - i;
		trim_token(s, &i, &l);
		if (!(i + l <= m->num.start || i >= m->num.end) || !subject_like(s + i, l) ||
		    (size_t)snprintf(q, sizeof(q), "%s of %.*s", m->query, (int)l, s + i) >= sizeof(q)) {
			i = j + 1;
			continue;
		}
		if ((rc = query_resolve_flags(t, q, QUERY_EXACT_ONLY, &alt)) < 0) {
			pk_error_clear();
			rc = 0;
		}
		for (k = 0; k < alt.n; k++)
			if (alt.t[k].type == QUERY_MATERIAL || alt.t[k].type == QUERY_FORMULA)
				break;
		if (k < alt.n) {
			query_targets_release(ts);
			*ts = alt;
			return 1;
		}
		query_targets_release(&alt);
		i = j + 1;
	}
	return rc;
}

/* Resolve the phrase again (mentions keep only text) and expand. */
static int candidates(kg_txn *t, const pk_normtext *nt, const qv_mention *m, cand **out, size_t *nout)
{
	query_targets ts = { 0 };
	query_lookup_opts lo = { NULL, 1, 200 };
	cand *c = NULL;
	size_t i, n = 0;
	int rc;

	*out = NULL;
	*nout = 0;
	if (!m->query[0])
		return 0;
	if ((rc = query_resolve_flags(t, m->query, QUERY_EXACT_ONLY, &ts)) < 0)
		return rc;
	if (nt && (rc = material_subject(t, nt, m, &ts)) < 0) {
		query_targets_release(&ts);
		return rc;
	}
	if (ts.n && !(c = pk_calloc(ts.n, sizeof(*c)))) {
		query_targets_release(&ts);
		return pk_error_set(PK_ENOMEM, "out of memory");
	}
	for (i = 0; i < ts.n; i++) {
		if ((rc = query_expand(t, &ts.t[i], &lo, &c[n].ms)) < 0) {
			cand_release(c, n + 1);
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
static int split_by_quantity(cand **cs, size_t *n)
{
	size_t i, total = *n;
	cand *c = *cs;

	for (i = 0; i < total; i++) {
		size_t j, k;
		const char *q0 = c[i].ms.n ? c[i].ms.m[0].quantity : NULL;

		for (j = 1; j < c[i].ms.n; j++)
			if (strcmp(c[i].ms.m[j].quantity, q0))
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
				if (!strcmp(c[i].ms.m[k].quantity, q0)) {
					k++;
					continue;
				}
				if (rest.n == rest.cap) {
					size_t cap = rest.cap ? rest.cap * 2 : 4;
					query_match *nm = pk_realloc(rest.m, cap * sizeof(*nm));

					if (!nm) {
						query_matches_release(&rest);
						return pk_error_set(PK_ENOMEM, "out of memory");
					}
					rest.m = nm;
					rest.cap = cap;
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
	*n = total;
	return 0;
}

/* The tolerance of a computed property: per property from the options,
 * --tolerance-computed, the property table, 0.10. */
static double computed_tolerance(const query_match *r, const qv_opts *o)
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
static void other_polymorph(const cand *cd, const query_match *ref, double c, double prec, char *out, size_t n)
{
	size_t i, len = strlen(out);

	for (i = 0; i < cd->ms.n; i++) {
		const query_match *m = &cd->ms.m[i];

		if (!m->name || !m->entity || !strcmp(m->entity, ref->entity) || strcmp(m->edition, ref->edition))
			continue;
		if (fabs(c - m->value) <= prec + fabs(m->value) * 1e-12) {
			snprintf(out + len, n - len, "%sthe value of %s%s%s%s, not of %s%s", len ? "; " : "", m->entity,
				 m->group ? " (" : "", m->group ? m->group : "", m->group ? ")" : "", ref->entity,
				 ref->rank == 1 ? ", the most stable" : "");
			return;
		}
	}
}

/* Does the clause around the mention (its sentence, up to semicolons)
 * say the value is measured ("experimental", "measured", "observed",
 * "实验", "测量")? */
static int measured_in_clause(const pk_normtext *nt, const qv_mention *m)
{
	static const char *const stems[] = { "experiment", "measured", "measurement", "observed", "实验", "测量", "实测" };
	const char *s = nt->text.ptr;
	size_t a, b, i, k;

	sentence_around(nt, m, &a, &b);
	for (i = a; i < b; i++) {
		if (i > a && ((s[i - 1] >= 'a' && s[i - 1] <= 'z') || (s[i - 1] >= 'A' && s[i - 1] <= 'Z')))
			continue; /* only at the start of a word */
		for (k = 0; k < sizeof(stems) / sizeof(stems[0]); k++)
			if (i + strlen(stems[k]) <= b && !strncasecmp(s + i, stems[k], strlen(stems[k])))
				return 1;
	}
	return 0;
}

/* The CODATA edition the sentence around the mention names ("CODATA
 * 2014", "CODATA-2018", "2018 CODATA", "CODATA 2018 的推荐值") into out,
 * or "" when it names none or several. */
static void named_edition(const pk_normtext *nt, const qv_mention *m, char *out, size_t n)
{
	const char *s = nt->text.ptr;
	size_t a, b, i;
	char found[8] = "";

	out[0] = '\0';
	sentence_around(nt, m, &a, &b);
	for (i = a; i + 6 <= b; i++) {
		size_t j = i + 6, y = (size_t)-1;

		if (strncasecmp(s + i, "CODATA", 6))
			continue;
		while (j < b && (s[j] == ' ' || s[j] == '-'))
			j++;
		if (j + 4 <= b && isdigit((unsigned char)s[j]) && isdigit((unsigned char)s[j + 1]) &&
		    isdigit((unsigned char)s[j + 2]) && isdigit((unsigned char)s[j + 3]) &&
		    (j + 4 == b || !isdigit((unsigned char)s[j + 4])))
			y = j;
		else if (i >= a + 5 && s[i - 1] == ' ' && isdigit((unsigned char)s[i - 2]) &&
			 isdigit((unsigned char)s[i - 5]) && (i - 5 == a || !isdigit((unsigned char)s[i - 6])))
			y = i - 5;
		if (y == (size_t)-1)
			continue;
		if (found[0] && strncmp(found, s + y, 4))
			return; /* two editions: not guessed */
		snprintf(found, sizeof(found), "%.4s", s + y);
	}
	snprintf(out, n, "%s", found);
}

static int has_edition(const query_matches *ms, const char *source, const char *edition)
{
	size_t i;

	for (i = 0; i < ms->n; i++)
		if (ms->m[i].source && ms->m[i].edition && !strcmp(ms->m[i].source, source) &&
		    !strcmp(ms->m[i].edition, edition))
			return 1;
	return 0;
}

/* Is a ratio whose |log10| is l 1, or a prefix slip 10^(3k), within 1%? */
static int near_power_of_1000_log(double l)
{
	return fabs(l - 3 * nearbyint(l / 3)) < 0.0043;
}

/* The same for the ratio cited / reference itself. */
static int near_power_of_1000(double ratio)
{
	return isfinite(ratio) && ratio != 0 && near_power_of_1000_log(log10(fabs(ratio)));
}

/* A phrase that is a bare symbol or one word ("T", "k_B", "ħ", "F"), not
 * a name: it names a quantity only weakly, since answers use the same
 * letters for their own variables. */
static int bare_symbol(const char *phrase)
{
	size_t n = strlen(phrase);

	return n && n <= 12 && !strpbrk(phrase, " \t");
}

/* A phrase of a few bare symbols ("k_B T", "m c^2", "h ν"): an
 * expression in the text's own variables. */
static int symbol_expression(const char *phrase)
{
	const char *p = phrase;
	size_t tokens = 0;

	while (*p) {
		size_t n = strcspn(p, " ");

		if (n > 4 || ++tokens > 4)
			return 0;
		p += n;
		p += strspn(p, " ");
	}
	return tokens > 0;
}

/* Does the cited number look like the candidate's reference value, so a
 * bare symbol may be taken to name it? With a fitting dimension: within a
 * factor of ~3 (a wrong value of that constant) or a prefix slip; without
 * one (or without a unit, or for an atomic weight, where the numbers are
 * small and the letters common): the value itself to 1%, or 10^(3k) off. */
static int resembles(const qv_mention *m, const cand *cd)
{
	const query_match *ref = &cd->ms.m[cd->ref];
	double l;

	if ((ref->flags & KG_V_TEXT) || !isfinite(ref->value) || ref->value == 0)
		return 1; /* nothing to compare: keep the reading */
	if (cd->level >= 1 && isfinite(cd->closeness)) {
		l = cd->closeness;
		if (cd->level >= 2 && !cd->atomic && l < 0.5)
			return 1;
		return near_power_of_1000_log(l);
	}
	return near_power_of_1000(m->num.value / ref->value) ||
	       (m->has_unit && near_power_of_1000(m->num.value * m->unit.scale / ref->value));
}

int query_value_judge(kg_txn *t, const query_units *u, const pk_normtext *nt, const qv_mention *m,
		      const qv_opts *o, qv_result *out)
{
	cand *cs = NULL, *best = NULL;
	size_t ncs = 0, i;
	double tol = o && o->tolerance > 0 ? o->tolerance : 0.01;
	double c = 0, hu = 0, r, diff, prec, si = NAN;
	char how[96], named[8] = "";
	int rc, found;

	qv_result_release(out);
	qv_result_init(out);
	out->m = *m;
	out->have_mention = 1;
	if (m->has_unit)
		out->cited_si = m->num.value * m->unit.scale + m->unit.offset;
	if (m->num.overflow) {
		snprintf(out->diagnosis, sizeof(out->diagnosis), "number out of range: '%s'", m->num.text);
		return 0;
	}
	if (m->num.ambiguous_comma) {
		snprintf(out->diagnosis, sizeof(out->diagnosis),
			 "ambiguous comma: '%s' could be %.10g or %.10g; not guessed", m->num.text, m->num.value,
			 m->num.alt_value);
		return 0;
	}
	if (nt && !(o && o->edition))
		named_edition(nt, m, named, sizeof(named));
	if ((rc = candidates(t, nt, m, &cs, &ncs)) < 0 || (rc = split_by_quantity(&cs, &ncs)) < 0)
		goto done;
	/* the reference of each candidate and how well the cited unit fits it */
	for (i = 0; i < ncs; i++) {
		cand *cd = &cs[i];
		const query_match *ref;
		double cv, chu, csi;

		/* the edition asked for, else the CODATA edition the sentence names */
		const char *ed = o && o->edition ? o->edition
				 : named[0] && has_edition(&cd->ms, "CODATA", named) ? named : NULL;

		cd->ref = cd->ms.n && cd->ms.m[0].rank ? pick_material(cd, nt, ed, &found)
						       : pick_ref(&cd->ms, ed, &found);
		if (!found) {
			cd->level = -1; /* no value of the edition asked for */
			continue;
		}
		ref = &cd->ms.m[cd->ref];
		cd->atomic = is_atomic_quantity(ref);
		if (query_units_parse(u, ref->unit ? ref->unit : "", ref->unit ? strlen(ref->unit) : 0,
				      &cd->ref_unit) < 0) {
			pk_error_clear();
			cd->level = -1; /* a reference unit we cannot read */
			continue;
		}
		if (!m->has_unit)
			cd->level = 1;
		else if (qu_dim_eq(&m->unit.dim, &cd->ref_unit.dim))
			cd->level = 3;
		else if (cited_in_ref(u, m, cd, &cv, &chu, &csi, how, sizeof(how)) == 0 &&
			 /* a band gap or a density has no mass equivalent */
			 !(ref->rank && strstr(how, "m c^2")))
			cd->level = 2;
		else
			cd->level = 0;
		/* a number is not judged against a text (a crystal system), nor
		 * against a property of a material named alone whose unit it
		 * does not fit ("mp-13 0.5 h") */
		if ((ref->flags & KG_V_TEXT) || (cd->whole && cd->level == 0)) {
			cd->level = -1;
			continue;
		}
		cd->closeness = INFINITY;
		if (cd->level > 0 && cited_in_ref(u, m, cd, &cv, &chu, &csi, how, sizeof(how)) == 0 &&
		    ref->value != 0 && cv != 0 && !(ref->flags & KG_V_TEXT))
			cd->closeness = fabs(log10(fabs(cv / ref->value)));
	}
	for (i = 0; i < ncs; i++) {
		cand *cd = &cs[i];

		if (cd->level < 0)
			continue;
		if (!best || cd->level > best->level ||
		    (cd->level == best->level && m->has_unit && cd->score > best->score) ||
		    (cd->level == best->level && (!m->has_unit || cd->score == best->score) &&
		     cd->closeness < best->closeness))
			best = cd;
	}
	if (!best && symbol_expression(m->phrase)) {
		/* "k_B T ≈ 25.9 meV": derived in the text, not a cited constant */
		out->variable = 1;
		snprintf(out->diagnosis, sizeof(out->diagnosis),
			 "'%s' read as an expression of the text's own variables: no reference", m->phrase);
		goto done;
	}
	if (!best) {
		if (m->phrase[0])
			snprintf(out->diagnosis, sizeof(out->diagnosis), "no reference value for '%s'%s%s", m->phrase,
				 o && o->edition ? " in edition " : "", o && o->edition ? o->edition : "");
		else
			snprintf(out->diagnosis, sizeof(out->diagnosis), "no quantity identified");
		implausible(u, m, out->cited_si, NULL, out->diagnosis, sizeof(out->diagnosis));
		goto done;
	}
	if (bare_symbol(m->phrase) && !best->ms.m[best->ref].rank && !resembles(m, best)) {
		const query_match *ref = &best->ms.m[best->ref];

		out->variable = 1;
		snprintf(out->diagnosis, sizeof(out->diagnosis),
			 "'%s' read as a variable of the text, not as %s (%s%s%s): %s%s%s %s", m->phrase, ref->name,
			 ref->value_text ? ref->value_text : "", ref->unit && *ref->unit ? " " : "", ref->unit ? ref->unit : "",
			 m->num.text, m->has_unit ? " " : "", m->has_unit ? m->unit_text : "",
			 best->level == 0 ? "fits neither its dimension nor its value" : "is nowhere near its value");
		goto done;
	}
	/* take ownership of the reference match */
	out->ref = best->ms.m[best->ref];
	memset(&best->ms.m[best->ref], 0, sizeof(query_match));
	best->ms.m[best->ref].name = NULL;
	out->have_ref = 1;
	snprintf(out->quantity, sizeof(out->quantity), "%s", out->ref.name);
	out->computed = (out->ref.flags & KG_V_COMPUTED) != 0;
	if (out->computed)
		tol = computed_tolerance(&out->ref, o);
	out->tolerance = tol;
	snprintf(out->selected_by, sizeof(out->selected_by), "%s", best->why);
	memcpy(out->candidates, best->ids, sizeof(out->candidates));
	out->ncandidates = best->nids;
	if (best->level == 0) {
		out->verdict = QV_UNIT_MISMATCH;
		unit_mismatch_text(out->diagnosis, sizeof(out->diagnosis), m, &out->ref, &best->ref_unit.dim);
		implausible(u, m, out->cited_si, out->ref.quantity, out->diagnosis, sizeof(out->diagnosis));
		goto done;
	}
	if (out->ref.flags & KG_V_TEXT) {
		snprintf(out->diagnosis, sizeof(out->diagnosis), "the reference is not a number");
		goto done;
	}
	{
		qv_mention mm = *m;
		cand tmp = *best;

		tmp.ms.m = &out->ref; /* cited_in_ref reads the reference through the cand */
		tmp.ref = 0;
		if (cited_in_ref(u, &mm, &tmp, &c, &hu, &si, how, sizeof(how)) < 0) {
			out->verdict = QV_UNIT_MISMATCH;
			unit_mismatch_text(out->diagnosis, sizeof(out->diagnosis), m, &out->ref, &best->ref_unit.dim);
			goto done;
		}
	}
	snprintf(out->equivalence, sizeof(out->equivalence), "%s", how);
	r = out->ref.value;
	prec = hu + fabs(r) * 1e-12;
	if (m->num.is_range) {
		/* a cited range matches when it holds the reference */
		double lo = c - (m->num.value - m->num.lo) * (c / (m->num.value ? m->num.value : 1));
		double hi = c + (m->num.hi - m->num.value) * (c / (m->num.value ? m->num.value : 1));

		diff = r < lo ? lo - r : r > hi ? r - hi : 0;
	} else if (out->ref.flags & KG_V_INTERVAL) {
		diff = c < out->ref.lo ? out->ref.lo - c : c > out->ref.hi ? c - out->ref.hi : 0;
	} else {
		diff = fabs(c - r);
	}
	out->relative_error = r != 0 ? (c - r) / r : NAN;
	if (!m->has_unit && out->ref.unit && *out->ref.unit)
		snprintf(out->diagnosis, sizeof(out->diagnosis), "no unit given; read in %s", out->ref.unit);
	if (out->computed && nt && measured_in_clause(nt, m)) {
		/* a measured value is neither confirmed nor refuted by a computed
		 * one (DFT-PBE band gaps run well below experiment): not compared */
		size_t len = strlen(out->diagnosis);

		snprintf(out->diagnosis + len, sizeof(out->diagnosis) - len,
			 "%sthe text cites a measured value and the graph holds only a computed one: not compared",
			 len ? "; " : "");
		goto plausible;
	}
	if (diff <= prec) {
		out->verdict = QV_MATCH;
		goto plausible;
	}
	/* outdated: an older edition's value at the cited precision */
	for (i = 0; i < best->ms.n; i++) {
		const query_match *old = &best->ms.m[i];

		if (!old->name || strcmp(old->source, out->ref.source) ||
		    kg_edition_cmp(old->edition, out->ref.edition) >= 0 ||
		    /* another material's value is not an older edition of this one */
		    (out->ref.rank && (!old->entity || strcmp(old->entity, out->ref.entity))))
			continue;
		if (fabs(c - old->value) <= hu + fabs(old->value) * 1e-12 &&
		    (!out->matched_edition[0] || kg_edition_cmp(old->edition, out->matched_edition) > 0))
			snprintf(out->matched_edition, sizeof(out->matched_edition), "%s", old->edition);
	}
	if (out->matched_edition[0]) {
		size_t len = strlen(out->diagnosis);

		out->verdict = QV_OUTDATED;
		snprintf(out->diagnosis + len, sizeof(out->diagnosis) - len, "%sequals the %s %s value; %s %s gives %s",
			 len ? "; " : "", out->ref.source, out->matched_edition, out->ref.source, out->ref.edition,
			 out->ref.value_text ? out->ref.value_text : "");
		goto plausible;
	}
	if (out->ref.uncertainty > 0 && !(out->ref.flags & (KG_V_NOUNC | KG_V_INTERVAL)) &&
	    diff <= 2 * out->ref.uncertainty) {
		size_t len = strlen(out->diagnosis);

		out->verdict = QV_MATCH;
		snprintf(out->diagnosis + len, sizeof(out->diagnosis) - len, "%swithin 2 standard uncertainties",
			 len ? "; " : "");
		goto plausible;
	}
	if (r != 0 && diff / fabs(r) <= tol) {
		size_t len = strlen(out->diagnosis);

		out->verdict = QV_APPROXIMATE;
		snprintf(out->diagnosis + len, sizeof(out->diagnosis) - len,
			 "%swithin %g%% but not at the cited precision (%d significant digit%s)", len ? "; " : "",
			 tol * 100, m->num.sig_digits, m->num.sig_digits == 1 ? "" : "s");
		goto plausible;
	}
	out->verdict = QV_MISMATCH;
	{
		char why[200];
		size_t len = strlen(out->diagnosis);

		mismatch_text(why, sizeof(why), c, r, m, tol);
		snprintf(out->diagnosis + len, sizeof(out->diagnosis) - len, "%s%s", len ? "; " : "", why);
	}
plausible:
	if (named[0] && out->ref.source && !strcmp(out->ref.source, "CODATA")) {
		size_t len = strlen(out->diagnosis);

		if (strcmp(out->ref.edition, named)) {
			snprintf(out->diagnosis + len, sizeof(out->diagnosis) - len,
				 "%sthe text names CODATA %s, which the graph does not hold; checked against CODATA %s",
				 len ? "; " : "", named, out->ref.edition);
		} else {
			const query_match *nw = NULL;

			for (i = 0; i < best->ms.n; i++) {
				const query_match *x = &best->ms.m[i];

				if (x->name && x->source && !strcmp(x->source, "CODATA") &&
				    kg_edition_cmp(x->edition, named) > 0 && (!nw || kg_edition_cmp(x->edition, nw->edition) > 0))
					nw = x;
			}
			snprintf(out->diagnosis + len, sizeof(out->diagnosis) - len, "%sthe text names CODATA %s%s%s%s%s",
				 len ? "; " : "", named, nw ? "; CODATA " : "", nw ? nw->edition : "",
				 nw && nw->value != out->ref.value ? " gives " : nw ? " gives the same value" : "",
				 nw && nw->value != out->ref.value && nw->value_text ? nw->value_text : "");
		}
	}
	if (out->ref.rank && out->verdict != QV_MATCH)
		other_polymorph(best, &out->ref, c, prec, out->diagnosis, sizeof(out->diagnosis));
	if (out->computed) {
		size_t len = strlen(out->diagnosis);

		snprintf(out->diagnosis + len, sizeof(out->diagnosis) - len,
			 "%s%s (computed, %s) gives %s%s%s for %s; a computed value, not a measurement", len ? "; " : "",
			 out->ref.source, out->ref.method ? out->ref.method : "DFT", out->ref.value_text,
			 out->ref.unit ? " " : "", out->ref.unit ? out->ref.unit : "", out->ref.entity ? out->ref.entity : "");
	}
	implausible(u, m, out->cited_si, out->ref.quantity, out->diagnosis, sizeof(out->diagnosis));
done:
	if (cs) {
		cand_release(cs, ncs);
		pk_free(cs);
	}
	return rc;
}

int query_value_check(kg_txn *t, const query_units *u, const char *text, size_t n, const qv_opts *o,
		      qv_result *out)
{
	pk_normtext nt;
	qv_mention *ms = NULL;
	size_t count = 0, i, best = 0;
	int rc, best_score = -1;

	qv_result_release(out);
	qv_result_init(out);
	if (n == 0 || strspn(text, " \t\r\n") >= n)
		return pk_error_set(PK_EINVAL, "empty text");
	if (n > TEXT_MAX)
		return pk_error_set(PK_ELIMIT, "text longer than %zu bytes", TEXT_MAX);
	if (memchr(text, '\0', n))
		return pk_error_set(PK_EINVAL, "NUL byte in text");
	if (!pk_utf8_valid(text, n))
		return pk_error_set(PK_EINVAL, "text is not valid UTF-8");
	pk_normtext_init(&nt, TEXT_MAX * 4);
	if ((rc = pk_normtext_set(&nt, text, n)) < 0)
		goto done;
	if ((rc = query_value_mentions(t, u, &nt, &ms, &count)) < 0)
		goto done;
	if (count == 0) {
		snprintf(out->diagnosis, sizeof(out->diagnosis), "no value with a unit or a named quantity found");
		goto done;
	}
	/* the best-placed mention: named and with a unit first */
	for (i = 0; i < count; i++) {
		int sc = (ms[i].phrase[0] ? 4 : 0) + (ms[i].has_unit ? 2 : 0);

		if (sc > best_score) {
			best_score = sc;
			best = i;
		}
	}
	rc = query_value_judge(t, u, &nt, &ms[best], o, out);
done:
	pk_free(ms);
	pk_normtext_release(&nt);
	return rc;
}
