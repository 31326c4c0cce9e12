/* query/lookup.c - name resolution and value expansion; see lookup.h. */
#include "lookup.h"

#include "../common/alloc.h"
#include "../common/buf.h"
#include "../common/error.h"
#include "../common/hash.h"
#include "../common/memo.h"
#include "../common/text.h"
#include "material.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define QUERY_MAX 1000 /* bytes; longer queries are not names */

/* ---- targets ---------------------------------------------------------- */

void query_targets_release(query_targets *ts)
{
	size_t i;

	for (i = 0; i < ts->n; i++) {
		pk_free(ts->t[i].key);
		pk_free(ts->t[i].qualifier);
	}
	pk_free(ts->t);
	memset(ts, 0, sizeof(*ts));
}

static int target_add(query_targets *ts, char type, const char *key, const char *qualifier, int score)
{
	size_t i;
	query_target *nt;

	for (i = 0; i < ts->n; i++) {
		query_target *x = &ts->t[i];

		if (x->type == type && !strcmp(x->key, key) &&
		    ((!x->qualifier && !qualifier) || (x->qualifier && qualifier && !strcmp(x->qualifier, qualifier)))) {
			if (score > x->score)
				x->score = score;
			return 0;
		}
	}
	if (PK_ALLOC_GROW(ts->t, ts->n + 1, ts->cap, 8) < 0)
		return PK_ENOMEM;
	nt = &ts->t[ts->n];
	nt->type = type;
	nt->score = score;
	nt->key = pk_strdup(key);
	nt->qualifier = qualifier ? pk_strdup(qualifier) : NULL;
	if (!nt->key || (qualifier && !nt->qualifier)) {
		pk_free(nt->key);
		pk_free(nt->qualifier);
		return pk_error_set(PK_ENOMEM, "out of memory");
	}
	ts->n++;
	return 0;
}

typedef struct hit_ctx {
	query_targets *ts;
	int score;
	char want_type; /* 0: any */
	const char *qualifier;
} hit_ctx;

static int on_hit(const kg_name_hit *h, void *vctx)
{
	hit_ctx *c = vctx;

	if (c->want_type && h->type != c->want_type)
		return 0;
	return target_add(c->ts, h->type, h->target, c->qualifier, c->score);
}

static int find_names(kg_txn *t, char ns, const char *key, char want, int score, const char *qualifier,
		      query_targets *ts)
{
	hit_ctx c = { ts, score, want, qualifier };

	return kg_name_find(t, ns, key, on_hit, &c);
}

static int node_exists(kg_txn *t, char type, const char *key)
{
	kg_node n;

	return kg_node_get(t, type, key, &n) == 0;
}

/* Resolve text naming an element (symbol, name, alias): first element key,
 * copied into out. Returns 1 found, 0 not, <0 error. */
static int resolve_element(kg_txn *t, const char *text, char *out, size_t n)
{
	query_targets ts = { 0 };
	char *key = NULL;
	size_t i;
	int rc, found = 0;

	if ((rc = find_names(t, KG_NS_SYMBOL, text, KG_ENTITY, 100, NULL, &ts)) < 0)
		goto done;
	if ((key = pk_text_name_key(text, strlen(text))) &&
	    (rc = find_names(t, KG_NS_NAME, key, KG_ENTITY, 90, NULL, &ts)) < 0)
		goto done;
	for (i = 0; i < ts.n && !found; i++) {
		kg_node nd;

		if (kg_node_get(t, KG_ENTITY, ts.t[i].key, &nd) == 0 && nd.kind &&
		    !strcmp(nd.kind, "element")) {
			snprintf(out, n, "%s", ts.t[i].key);
			found = 1;
		}
	}
	rc = found;
done:
	pk_free(key);
	query_targets_release(&ts);
	return rc;
}

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* "Fe-56", "Fe 56", "Fe56", "56Fe", "iron-56", "碳-12" (text already NFKC). */
static int resolve_isotope(kg_txn *t, const char *text, char *out, size_t n)
{
	size_t len, i, j;
	char elem_text[128], elem[16], key[32];
	long a = 0;
	int rc;

	if (text[0] == '^')
		text++; /* "¹²C" is normalised to "^12C" */
	len = strlen(text);

	if (len == 0 || len >= sizeof(elem_text))
		return 0;
	if (is_digit(text[0])) {
		for (i = 0; i < len && is_digit(text[i]); i++)
			if (i < 3)
				a = a * 10 + (text[i] - '0'); /* a mass number has at most 3 digits */
		if (i > 3)
			return 0;
		j = i;
		if (j < len && (text[j] == '-' || text[j] == ' '))
			j++;
		snprintf(elem_text, sizeof(elem_text), "%s", text + j);
	} else {
		for (i = len; i > 0 && is_digit(text[i - 1]); i--)
			;
		if (i == len || len - i > 3)
			return 0;
		for (j = i; j < len; j++)
			a = a * 10 + (text[j] - '0');
		j = i;
		if (j > 0 && (text[j - 1] == '-' || text[j - 1] == ' '))
			j--;
		snprintf(elem_text, sizeof(elem_text), "%.*s", (int)j, text);
	}
	if (a < 1 || a > 400 || !elem_text[0])
		return 0;
	if ((rc = resolve_element(t, elem_text, elem, sizeof(elem))) <= 0)
		return rc;
	snprintf(key, sizeof(key), "%s-%ld", elem, a);
	if (!node_exists(t, KG_ENTITY, key))
		return 0;
	snprintf(out, n, "%s", key);
	return 1;
}

/* An entity named by text: element or isotope, or a symbol like "D". */
static int resolve_entity(kg_txn *t, const char *text, char *out, size_t n)
{
	query_targets ts = { 0 };
	int rc;

	if ((rc = resolve_isotope(t, text, out, n)) != 0)
		return rc;
	if ((rc = resolve_element(t, text, out, n)) != 0)
		return rc;
	/* isotope symbols such as D, T and names such as deuterium */
	if ((rc = find_names(t, KG_NS_SYMBOL, text, KG_ENTITY, 100, NULL, &ts)) == 0 && ts.n == 0) {
		char *key = pk_text_name_key(text, strlen(text));

		if (key)
			rc = find_names(t, KG_NS_NAME, key, KG_ENTITY, 90, NULL, &ts);
		pk_free(key);
	}
	if (rc == 0 && ts.n) {
		snprintf(out, n, "%s", ts.t[0].key);
		rc = 1;
	}
	query_targets_release(&ts);
	return rc;
}

/* Quantity keys a phrase names (names and aliases, any case). */
static int resolve_quantity_phrase(kg_txn *t, const char *phrase, query_targets *qs)
{
	char *key = pk_text_name_key(phrase, strlen(phrase));
	int rc;

	if (!key)
		return 0;
	rc = find_names(t, KG_NS_NAME, key, KG_QUANTITY, 0, NULL, qs);
	pk_free(key);
	if (rc == 0 && qs->n == 0)
		rc = find_names(t, KG_NS_SYMBOL, phrase, KG_QUANTITY, 0, NULL, qs);
	/* a Materials Project field name: "band_gap", "k_vrh" */
	if (rc == 0 && qs->n == 0)
		rc = find_names(t, KG_NS_FIELD, phrase, KG_QUANTITY, 0, NULL, qs);
	return rc;
}

/* A material named by a formula or element and a qualifier that picks one
 * polymorph: "Fe (mp-136)", "Fe Fm-3m", "Fm-3m Fe", "hexagonal Fe". Writes
 * the material id; 1 found, 0 not. */
static int qualified_material(kg_txn *t, const char *e, char *id, size_t n)
{
	char base[128], qual[64], fkey[64], el[64];
	const char *sp;
	size_t len = strlen(e), k;
	int rc;

	for (k = 0; k < 3; k++) {
		if (k == 0) { /* "Fe (Fm-3m)" */
			const char *open = strstr(e, " (");

			if (!open || e[len - 1] != ')' || (size_t)(open - e) >= sizeof(base) ||
			    len - (size_t)(open - e) - 3 >= sizeof(qual))
				continue;
			snprintf(base, sizeof(base), "%.*s", (int)(open - e), e);
			snprintf(qual, sizeof(qual), "%.*s", (int)(len - (size_t)(open - e) - 3), open + 2);
		} else if (k == 1) { /* "Fe Fm-3m" */
			if (!(sp = strrchr(e, ' ')) || (size_t)(sp - e) >= sizeof(base) || strlen(sp + 1) >= sizeof(qual))
				continue;
			snprintf(base, sizeof(base), "%.*s", (int)(sp - e), e);
			snprintf(qual, sizeof(qual), "%s", sp + 1);
		} else { /* "Fm-3m Fe" */
			if (!(sp = strchr(e, ' ')) || (size_t)(sp - e) >= sizeof(qual) || strlen(sp + 1) >= sizeof(base))
				continue;
			snprintf(qual, sizeof(qual), "%.*s", (int)(sp - e), e);
			snprintf(base, sizeof(base), "%s", sp + 1);
		}
		if ((rc = resolve_element(t, base, el, sizeof(el))) < 0)
			return rc;
		if (!query_material_formula(t, rc == 1 ? el : base, fkey, sizeof(fkey)))
			continue;
		if (query_material_select(t, fkey, qual, id, n))
			return 1;
	}
	return 0;
}

typedef struct has_ctx {
	const char *qkey;
} has_ctx;

static int on_has(const kg_value *v, void *vctx)
{
	const has_ctx *c = vctx;

	return !strcmp(v->quantity, c->qkey); /* 1 stops the walk */
}

/* Does the entity have a value of quantity qkey? 1, 0, or <0. */
static int entity_has(kg_txn *t, const char *ent, const char *qkey)
{
	has_ctx c = { qkey };

	return kg_value_each(t, KG_ENTITY, ent, on_has, &c);
}

static void trim_blanks(char *s)
{
	size_t n = strlen(s), a = 0;

	while (n > 0 && s[n - 1] == ' ')
		s[--n] = '\0';
	while (s[a] == ' ')
		a++;
	if (a)
		memmove(s, s + a, n - a + 1);
}

/* A Chinese count before an element's name ("二" of 二氧化硅): 1..9, or 0. */
static int chinese_count(const char *s, size_t *len)
{
	static const char *const nums[] = { "一", "二", "三", "四", "五", "六", "七", "八", "九" };
	size_t k;

	for (k = 0; k < sizeof(nums) / sizeof(nums[0]); k++)
		if (!strncmp(s, nums[k], strlen(nums[k]))) {
			*len = strlen(nums[k]);
			return (int)k + 1;
		}
	*len = 0;
	return 0;
}

/* One element's Chinese name (one character) at s: its symbol into sym
 * and the bytes read, or 0. */
static size_t chinese_element(kg_txn *t, const char *s, char *sym, size_t n)
{
	char one[8];
	int32_t cp;
	int l = pk_utf8_decode(s, strlen(s), &cp), rc;

	if (l < 2 || (size_t)l >= sizeof(one))
		return 0;
	memcpy(one, s, l);
	one[l] = '\0';
	if ((rc = resolve_element(t, one, sym, n)) <= 0) {
		pk_error_clear();
		return 0;
	}
	return (size_t)l;
}

/* A binary compound's Chinese name, the anion first: 砷化镓 GaAs, 二氧化硅
 * SiO2, 三氧化二铝 Al2O3, 二硫化钼 MoS2. Without counts only the pairs
 * that are 1:1 (query_binary_one_to_one); else not read. The reduced
 * formula key into key and 1 when the graph has the material; 0 if not;
 * <0 on a graph error. */
static int chinese_compound(kg_txn *t, const char *e, char *key, size_t n)
{
	char an[8], cat[8], f[32];
	size_t l, p = 0;
	int na, nc;

	if (!strstr(e, "化"))
		return 0;
	na = chinese_count(e, &l);
	p += l;
	if (!(l = chinese_element(t, e + p, an, sizeof(an))))
		return 0;
	p += l;
	if (strncmp(e + p, "化", strlen("化")))
		return 0;
	p += strlen("化");
	nc = chinese_count(e + p, &l);
	p += l;
	if (!(l = chinese_element(t, e + p, cat, sizeof(cat))) || e[p + l])
		return 0;
	if (!na && !nc && !query_binary_one_to_one(cat, an))
		return 0;
	snprintf(f, sizeof(f), "%s%d%s%d", cat, nc ? nc : 1, an, na ? na : 1);
	return query_material_formula(t, f, key, n);
}

/* A binary compound's English name, the element first: "gallium
 * arsenide" GaAs, "silicon dioxide" SiO2, "Zinc oxide" ZnO. The formula
 * must be fixed by the name (query_compound_formula: "silicon nitride" is
 * not read). The reduced formula key into key and 1 when the graph has
 * the material; 0 if not; <0 on a graph error. */
static int english_compound(kg_txn *t, const char *e, char *key, size_t n)
{
	const char *sp = strchr(e, ' ');
	char el[32], ekey[64], an[8], f[32];
	size_t k, al;
	kg_node nd;
	int count, rc;

	if (!sp || (size_t)(sp - e) >= sizeof(el) || strchr(sp + 1, ' '))
		return 0;
	al = strlen(sp + 1);
	for (k = 0; k < al; k++)
		if (sp[1 + k] < 'a' || sp[1 + k] > 'z')
			return 0;
	if (!query_anion_word(sp + 1, al, an, sizeof(an), &count))
		return 0;
	/* the element by its name, not its symbol ("Ga arsenide") */
	for (k = 0; e + k < sp; k++)
		if (!((e[k] >= 'a' && e[k] <= 'z') || (k == 0 && e[k] >= 'A' && e[k] <= 'Z')))
			return 0;
	pk_str_ncopy(el, sizeof(el), e, (size_t)(sp - e));
	if ((rc = resolve_element(t, el, ekey, sizeof(ekey))) <= 0)
		return rc;
	if (kg_node_get(t, KG_ENTITY, ekey, &nd) != 0 || !nd.symbol) {
		pk_error_clear();
		return 0;
	}
	if (!query_compound_formula(nd.symbol, an, count, f, sizeof(f)))
		return 0;
	return query_material_formula(t, f, key, n);
}

/* "<quantity> of <entity>", "<entity>的<quantity>", "<entity> <quantity>" */
static int resolve_composite(kg_txn *t, const char *text, query_targets *out)
{
	char ent[64];
	const char *sep;
	int rc = 0;

	struct {
		const char *q, *e;
		size_t ql, el;
	} tries[4];
	size_t ntries = 0, i;

	if ((sep = strstr(text, " of ")) || (sep = strstr(text, " Of ")) || (sep = strstr(text, " OF "))) {
		tries[ntries].q = text;
		tries[ntries].ql = (size_t)(sep - text);
		tries[ntries].e = sep + 4;
		tries[ntries].el = strlen(sep + 4);
		ntries++;
	}
	if ((sep = strstr(text, "的"))) {
		tries[ntries].e = text;
		tries[ntries].el = (size_t)(sep - text);
		tries[ntries].q = sep + strlen("的");
		tries[ntries].ql = strlen(tries[ntries].q);
		ntries++;
	}
	if ((sep = strchr(text, ' '))) {
		tries[ntries].e = text;
		tries[ntries].el = (size_t)(sep - text);
		tries[ntries].q = sep + 1;
		tries[ntries].ql = strlen(sep + 1);
		ntries++;
	}
	if ((sep = strrchr(text, ' '))) {
		/* "band gap Si", "体积模量 Si": the quantity first */
		tries[ntries].q = text;
		tries[ntries].ql = (size_t)(sep - text);
		tries[ntries].e = sep + 1;
		tries[ntries].el = strlen(sep + 1);
		ntries++;
	}
	for (i = 0; i < ntries && rc >= 0; i++) {
		char q[256], e[128];
		query_targets qs = { 0 };
		size_t j;

		if (!tries[i].ql || !tries[i].el || tries[i].ql >= sizeof(q) || tries[i].el >= sizeof(e))
			continue;
		pk_str_ncopy(q, sizeof(q), tries[i].q, tries[i].ql);
		pk_str_ncopy(e, sizeof(e), tries[i].e, tries[i].el);
		/* "¹³C 的天然丰度": blanks around 的 are not part of the names */
		trim_blanks(q);
		trim_blanks(e);
		if (!q[0] || !e[0])
			continue;
		/* "the atomic weight of iron": drop a leading article */
		if (!strncmp(q, "the ", 4))
			memmove(q, q + 4, strlen(q + 4) + 1);
		{
			char type = KG_ENTITY;

			/* the entity: an element or isotope, else a material by id or formula */
			if ((rc = resolve_entity(t, e, ent, sizeof(ent))) < 0)
				break;
			if (rc == 0) {
				if (query_material_id(t, e))
					type = QUERY_MATERIAL, snprintf(ent, sizeof(ent), "%s", e);
				else if (query_material_formula(t, e, ent, sizeof(ent)))
					type = QUERY_FORMULA;
				else if ((rc = chinese_compound(t, e, ent, sizeof(ent))) > 0)
					type = QUERY_FORMULA;
				else if (rc < 0)
					break;
				else if ((rc = english_compound(t, e, ent, sizeof(ent))) > 0)
					type = QUERY_FORMULA;
				else if ((rc = qualified_material(t, e, ent, sizeof(ent))) > 0)
					type = QUERY_MATERIAL;
				else if (rc < 0)
					break;
				else
					continue;
			}
			if ((rc = resolve_quantity_phrase(t, q, &qs)) < 0) {
				query_targets_release(&qs);
				break;
			}
			for (j = 0; j < qs.n && rc >= 0; j++) {
				char ftype = type;
				char fkey[64];

				/* "band gap of Si": the element names a material */
				snprintf(fkey, sizeof(fkey), "%s", ent);
				if (type == KG_ENTITY && query_is_material_property(t, qs.t[j].key)) {
					/* "H2" is an isotope's name and a formula: the formula */
					if (!query_material_formula(t, e, fkey, sizeof(fkey)) &&
					    !query_material_formula(t, ent, fkey, sizeof(fkey)))
						continue;
					ftype = QUERY_FORMULA;
				}
				/* "mass of iron": only a quantity the entity has a value of */
				if (ftype == KG_ENTITY && (rc = entity_has(t, fkey, qs.t[j].key)) <= 0) {
					if (rc < 0)
						break;
					continue;
				}
				rc = target_add(out, ftype, fkey, qs.t[j].key, 95);
			}
			query_targets_release(&qs);
		}
	}
	return rc < 0 ? rc : 0;
}

/* Every quantity whose name holds all the query's words. */
static int resolve_words(kg_txn *t, const char *text, query_targets *out)
{
	pk_buf words = PK_BUF_INIT;
	query_targets acc = { 0 };
	char *p, *w;
	int rc, first = 1;
	size_t nwords = 0, i;

	if ((rc = pk_text_fold(&words, text, strlen(text), PK_FOLD_CASE | PK_FOLD_PUNCT | PK_FOLD_SPACE_ONE)) < 0)
		goto done;
	for (p = words.ptr; p && *p && rc == 0; p = w) {
		query_targets hits = { 0 };

		if ((w = strchr(p, ' ')))
			*w++ = '\0';
		else
			w = p + strlen(p);
		nwords++;
		if ((rc = find_names(t, KG_NS_WORD, p, KG_QUANTITY, 0, NULL, &hits)) < 0) {
			query_targets_release(&hits);
			break;
		}
		if (first) {
			acc = hits;
			first = 0;
			continue;
		}
		/* intersect acc with hits */
		for (i = 0; i < acc.n;) {
			size_t j;
			int keep = 0;

			for (j = 0; j < hits.n && !keep; j++)
				keep = !strcmp(acc.t[i].key, hits.t[j].key);
			if (keep) {
				i++;
				continue;
			}
			pk_free(acc.t[i].key);
			pk_free(acc.t[i].qualifier);
			acc.t[i] = acc.t[--acc.n];
		}
		query_targets_release(&hits);
	}
	for (i = 0; i < acc.n && rc == 0; i++) {
		/* fewer extra words in the name ranks higher */
		size_t nw = 1, extra;
		const char *k;
		int score;

		for (k = acc.t[i].key; *k; k++)
			nw += *k == ' ';
		extra = nw > nwords ? nw - nwords : 0;
		score = 50 - (int)(extra > 20 ? 40 : 2 * extra);
		rc = target_add(out, KG_QUANTITY, acc.t[i].key, NULL, score);
	}
done:
	query_targets_release(&acc);
	pk_buf_release(&words);
	return rc;
}

static int cmp_target(const void *a, const void *b)
{
	const query_target *x = a, *y = b;

	if (x->score != y->score)
		return y->score - x->score;
	if (strlen(x->key) != strlen(y->key))
		return strlen(x->key) < strlen(y->key) ? -1 : 1;
	return strcmp(x->key, y->key);
}

int query_resolve(kg_txn *t, const char *query, query_targets *out)
{
	return query_resolve_flags(t, query, 0, out);
}

/* "电子的质量" is "电子质量" (the electron mass): a name with the
 * possessive 的 inserted, when no entity took the part before it. */
static int resolve_without_de(kg_txn *t, const char *text, query_targets *out)
{
	pk_buf b = PK_BUF_INIT;
	const char *p = text, *de;
	char *key = NULL;
	int rc = 0;

	while ((de = strstr(p, "的"))) {
		if ((rc = pk_buf_put(&b, p, (size_t)(de - p))) < 0)
			goto done;
		p = de + strlen("的");
	}
	if ((rc = pk_buf_put(&b, p, strlen(p))) < 0 || !b.len)
		goto done;
	if ((key = pk_text_name_key(b.ptr, b.len)))
		rc = find_names(t, KG_NS_NAME, key, 0, 85, NULL, out);
done:
	pk_free(key);
	pk_buf_release(&b);
	return rc < 0 ? rc : 0;
}

/* ---- resolutions remembered per read transaction ------------------------
 * A value check resolves the same phrases again and again (the suffixes of
 * every number's left context: 31,000 resolutions of 802 distinct phrases
 * for 20,000 mentions). What a phrase resolves to is remembered in the
 * read transaction's cache slot (kg_txn_memo), which the transaction
 * frees when it ends or is renewed onto another commit: a newer commit is
 * never answered from an older one's memory. */
#define MEMO_SLOTS 8192 /* a power of two; emptied when half full */

typedef struct memo_entry {
	char *query; /* NULL: an empty slot */
	int flags;
	uint64_t h;
	query_targets ts; /* what it resolved to */
} memo_entry;

/* ... and what a target expands to (query_expand: the graph's values of
 * a quantity or entity, by edition), for the same reason: the same few
 * hundred constants are expanded for every mention that names them */
#define XMEMO_SLOTS 1024 /* a power of two; emptied when half full */

typedef struct xmemo_entry {
	char *key;       /* NULL: an empty slot */
	char *qualifier; /* the target's (NULL: none) */
	char *edition;   /* the options' (NULL: none) */
	char type;
	int score, all_editions;
	uint64_t h;
	query_matches ms; /* what it expanded to */
} xmemo_entry;

typedef struct resolve_memo {
	memo_entry e[MEMO_SLOTS];
	size_t n;
	xmemo_entry x[XMEMO_SLOTS];
	size_t nx;
	pk_memo *phrases; /* query_phrase_memo's (NULL: not made yet) */
	int phrases_failed;
} resolve_memo;

static void xmemo_entry_clear(xmemo_entry *e)
{
	query_matches_release(&e->ms);
	pk_free(e->key);
	pk_free(e->qualifier);
	pk_free(e->edition);
	memset(e, 0, sizeof(*e));
}

static void memo_entry_clear(memo_entry *e)
{
	query_targets_release(&e->ts);
	pk_free(e->query);
	memset(e, 0, sizeof(*e));
}

static void memo_empty(resolve_memo *m)
{
	size_t i;

	for (i = 0; i < MEMO_SLOTS; i++)
		memo_entry_clear(&m->e[i]);
	m->n = 0;
}

static void xmemo_empty(resolve_memo *m)
{
	size_t i;

	for (i = 0; i < XMEMO_SLOTS; i++)
		xmemo_entry_clear(&m->x[i]);
	m->nx = 0;
}

static void memo_free(void *v)
{
	if (v) {
		memo_empty(v);
		xmemo_empty(v);
		pk_memo_free(((resolve_memo *)v)->phrases);
	}
	pk_free(v);
}

/* The transaction's memory of resolutions (made on first use), or NULL
 * (a write transaction, or no memory to spare: resolve without it). */
static resolve_memo *memo_of(kg_txn *t)
{
	resolve_memo *m = kg_txn_memo(t);

	if (m)
		return m;
	if (!(m = pk_calloc(1, sizeof(*m))) || kg_txn_memo_set(t, m, memo_free) < 0) {
		pk_error_clear();
		return NULL;
	}
	return m;
}

#define PHRASE_SLOTS 16384              /* a power of two: 8,192 windows at most */
#define PHRASE_BYTES ((size_t)8 << 20) /* bytes held at most */

pk_memo *query_phrase_memo(kg_txn *t)
{
	resolve_memo *m = memo_of(t);

	if (!m || m->phrases_failed)
		return NULL;
	if (!m->phrases && !(m->phrases = pk_memo_new(PHRASE_SLOTS, PHRASE_BYTES))) {
		m->phrases_failed = 1;
		pk_error_clear();
	}
	return m->phrases;
}

/* The slot of (query, flags): its entry, or the empty slot it would take. */
static memo_entry *memo_slot(resolve_memo *m, const char *query, int flags, uint64_t h)
{
	size_t at = (size_t)h & (MEMO_SLOTS - 1);

	while (m->e[at].query && !(m->e[at].h == h && m->e[at].flags == flags && !strcmp(m->e[at].query, query)))
		at = (at + 1) & (MEMO_SLOTS - 1);
	return &m->e[at];
}

/* Append ts's targets to out (target_add copies them). */
static int targets_add(query_targets *out, const query_targets *ts)
{
	size_t k;
	int rc = 0;

	for (k = 0; k < ts->n && rc == 0; k++)
		rc = target_add(out, ts->t[k].type, ts->t[k].key, ts->t[k].qualifier, ts->t[k].score);
	return rc;
}

static void memo_put(resolve_memo *m, const char *query, int flags, uint64_t h, const query_targets *ts)
{
	memo_entry *e;

	if (m->n >= MEMO_SLOTS / 2)
		memo_empty(m);
	e = memo_slot(m, query, flags, h);
	if (!(e->query = pk_strdup(query)) || targets_add(&e->ts, ts) < 0) {
		/* forget the whole entry: half a resolution is a wrong one */
		memo_entry_clear(e);
		pk_error_clear();
		return;
	}
	e->flags = flags;
	e->h = h;
	m->n++;
}

static int resolve_now(kg_txn *t, const char *query, int flags, query_targets *out);

int query_resolve_flags(kg_txn *t, const char *query, int flags, query_targets *out)
{
	resolve_memo *m = NULL;
	memo_entry *e;
	uint64_t h = 0;
	size_t len = strlen(query);
	int rc;

	/* only a resolution into nothing yet is remembered, or answered from
	 * memory: what resolve_now adds depends on what out already holds */
	if (out->n == 0 && len <= QUERY_MAX && (m = memo_of(t))) {
		h = pk_hash_mem(query, len);
		e = memo_slot(m, query, flags, h);
		if (e->query)
			return targets_add(out, &e->ts);
	}
	if ((rc = resolve_now(t, query, flags, out)) == 0 && m)
		memo_put(m, query, flags, h, out);
	return rc;
}

static int resolve_now(kg_txn *t, const char *query, int flags, query_targets *out)
{
	pk_buf nfkc = PK_BUF_INIT;
	char *key = NULL, ent[64];
	size_t len = strlen(query);
	int rc;

	if (len > QUERY_MAX)
		return pk_error_set(PK_EINVAL, "query longer than %d bytes", QUERY_MAX);
	if (!pk_utf8_valid(query, len))
		return pk_error_set(PK_EINVAL, "query is not valid UTF-8");
	/* NFKC with single spaces, case kept (symbols are case-sensitive) */
	if ((rc = pk_text_fold(&nfkc, query, len, PK_FOLD_SPACE_ONE | PK_FOLD_DASH)) < 0)
		goto done;
	if (nfkc.len == 0) {
		rc = pk_error_set(PK_EINVAL, "empty query");
		goto done;
	}
	if ((rc = find_names(t, KG_NS_SYMBOL, nfkc.ptr, 0, 100, NULL, out)) < 0)
		goto done;
	if (strcmp(nfkc.ptr, query) && (rc = find_names(t, KG_NS_SYMBOL, query, 0, 100, NULL, out)) < 0)
		goto done;
	if ((key = pk_text_name_key(nfkc.ptr, nfkc.len)) &&
	    (rc = find_names(t, KG_NS_NAME, key, 0, 90, NULL, out)) < 0)
		goto done;
	if ((rc = resolve_isotope(t, nfkc.ptr, ent, sizeof(ent))) < 0)
		goto done;
	if (rc == 1 && (rc = target_add(out, KG_ENTITY, ent, NULL, 95)) < 0)
		goto done;
	/* materials: "mp-149", or a formula no element or name took ("Fe2O3") */
	if (query_material_id(t, nfkc.ptr) && (rc = target_add(out, QUERY_MATERIAL, nfkc.ptr, NULL, 100)) < 0)
		goto done;
	if (out->n == 0 && query_material_formula(t, nfkc.ptr, ent, sizeof(ent)) &&
	    (rc = target_add(out, QUERY_FORMULA, ent, NULL, 85)) < 0)
		goto done;
	if ((rc = resolve_composite(t, nfkc.ptr, out)) < 0)
		goto done;
	if (out->n == 0 && strstr(nfkc.ptr, "的") && (rc = resolve_without_de(t, nfkc.ptr, out)) < 0)
		goto done;
	if (out->n == 0 && !(flags & QUERY_EXACT_ONLY) && (rc = resolve_words(t, nfkc.ptr, out)) < 0)
		goto done;
	if (out->n > 1)
		qsort(out->t, out->n, sizeof(*out->t), cmp_target);
	rc = 0;
done:
	pk_free(key);
	pk_buf_release(&nfkc);
	return rc;
}

typedef struct cand {
	kg_value v;        /* strings borrowed from the txn */
	kg_source src;     /* likewise */
} cand;

typedef struct expand_ctx {
	kg_txn *t;
	const query_target *target;
	cand *c;
	size_t n, cap;
	int err;
} expand_ctx;

static int on_value(const kg_value *v, void *vctx)
{
	expand_ctx *x = vctx;
	int rc;

	if (x->target->type == KG_QUANTITY && v->entity)
		return 0; /* a bare quantity means its unbound values (constants) */
	if (x->target->qualifier && strcmp(v->quantity, x->target->qualifier))
		return 0;
	if (PK_ALLOC_GROW(x->c, x->n + 1, x->cap, 16) < 0)
		return PK_ENOMEM;
	x->c[x->n].v = *v;
	if ((rc = kg_source_get(x->t, v->source, &x->c[x->n].src)) < 0)
		return rc;
	x->n++;
	return 0;
}

static int same_group(const cand *a, const cand *b)
{
	return !strcmp(a->v.quantity, b->v.quantity) &&
	       ((!a->v.entity && !b->v.entity) || (a->v.entity && b->v.entity && !strcmp(a->v.entity, b->v.entity))) &&
	       !strcmp(a->src.kind, b->src.kind);
}

static int first_hit(const kg_name_hit *h, void *ctx)
{
	char **out = ctx;

	if (!(*out = pk_strdup(h->target)))
		return pk_error_set(PK_ENOMEM, "out of memory");
	return 1; /* stop at the first */
}

static int make_match(kg_txn *t, const cand *c, int score, query_matches *out)
{
	query_match *m;
	kg_node q, e;
	pk_buf name = PK_BUF_INIT;
	int have_q, have_e = 0, rc;

	if (!(m = query_matches_add(out)))
		return PK_ENOMEM;
	have_q = kg_node_get(t, KG_QUANTITY, c->v.quantity, &q) == 0;
	if (c->v.entity)
		have_e = kg_node_get(t, KG_ENTITY, c->v.entity, &e) == 0;
	rc = pk_buf_puts(&name, have_q && q.name ? q.name : c->v.quantity);
	if (rc == 0 && c->v.entity) {
		const char *en = c->v.entity;

		if (have_e && e.name && e.kind && !strcmp(e.kind, "element"))
			en = e.name;
		rc = pk_buf_printf(&name, " of %s", en);
	}
	if (rc < 0) {
		pk_buf_release(&name);
		return rc;
	}
	if (!(m->name = pk_buf_detach(&name)))
		return pk_error_set(PK_ENOMEM, "out of memory");
	if (c->v.entity) {
		if (have_e && e.symbol && !(m->symbol = pk_strdup(e.symbol)))
			return pk_error_set(PK_ENOMEM, "out of memory");
	} else {
		rc = kg_name_find(t, KG_NS_PRIMARY, c->v.quantity, first_hit, &m->symbol);
		if (rc < 0)
			return rc;
	}
	m->value = c->v.value;
	m->uncertainty = c->v.uncertainty;
	m->lo = c->v.lo;
	m->hi = c->v.hi;
	m->flags = c->v.flags;
	m->score = score;
	m->value_id = c->v.id;
#define COPY(dst, src)                                                  \
	do {                                                            \
		if ((src) && !((dst) = pk_strdup(src)))                 \
			return pk_error_set(PK_ENOMEM, "out of memory"); \
	} while (0)
	COPY(m->quantity, c->v.quantity);
	COPY(m->entity, c->v.entity);
	COPY(m->kind, have_q ? q.kind : NULL);
	COPY(m->value_text, c->v.value_text);
	COPY(m->unc_text, c->v.unc_text);
	COPY(m->unit, c->v.unit && *c->v.unit ? c->v.unit : NULL);
	COPY(m->source, c->src.kind);
	COPY(m->edition, c->src.edition);
	COPY(m->locator, c->v.locator);
	COPY(m->note, c->v.note);
#undef COPY
	return 0;
}

static int same_opt(const char *a, const char *b)
{
	return a ? b && !strcmp(a, b) : !b;
}

/* The slot of an expansion: its entry, or the empty slot it would take. */
static xmemo_entry *xmemo_slot(resolve_memo *m, const query_target *tg, const char *edition, int all, uint64_t h)
{
	size_t at = (size_t)h & (XMEMO_SLOTS - 1);
	xmemo_entry *e;

	while ((e = &m->x[at])->key && !(e->h == h && e->type == tg->type && e->score == tg->score &&
					   e->all_editions == all && !strcmp(e->key, tg->key) &&
					   same_opt(e->qualifier, tg->qualifier) && same_opt(e->edition, edition)))
		at = (at + 1) & (XMEMO_SLOTS - 1);
	return e;
}

/* Remember out->m[from..n) as the expansion of tg (a failure forgets it). */
static void xmemo_put(resolve_memo *m, const query_target *tg, const char *edition, int all, uint64_t h,
		      const query_matches *out, size_t from)
{
	xmemo_entry *e;
	size_t i;

	if (m->nx >= XMEMO_SLOTS / 2)
		xmemo_empty(m);
	e = xmemo_slot(m, tg, edition, all, h);
	e->type = tg->type;
	e->score = tg->score;
	e->all_editions = all;
	e->h = h;
	if (!(e->key = pk_strdup(tg->key)) || (tg->qualifier && !(e->qualifier = pk_strdup(tg->qualifier))) ||
	    (edition && !(e->edition = pk_strdup(edition)))) {
		xmemo_entry_clear(e);
		pk_error_clear();
		return;
	}
	for (i = from; i < out->n; i++)
		if (query_matches_add_copy(&e->ms, &out->m[i]) < 0) {
			/* half an expansion is a wrong one */
			xmemo_entry_clear(e);
			pk_error_clear();
			return;
		}
	m->nx++;
}

static int expand_now(kg_txn *t, const query_target *target, const query_lookup_opts *o, query_matches *out);

int query_expand(kg_txn *t, const query_target *target, const query_lookup_opts *o,
		 query_matches *out)
{
	const char *edition = o ? o->edition : NULL;
	int all = o ? o->all_editions : 0, rc;
	resolve_memo *m = NULL;
	uint64_t h = 0;
	size_t from = out->n, i;

	/* (a material's expansion too: the properties of every polymorph of
	 * a formula, decoded again and again for "the band gap of Si") */
	if (target->key && (m = memo_of(t))) {
		xmemo_entry *e;

		h = pk_hash_mem(target->key, strlen(target->key)) ^ (uint64_t)(unsigned char)target->type;
		e = xmemo_slot(m, target, edition, all, h);
		if (e->key) {
			for (i = 0, rc = 0; i < e->ms.n && rc == 0; i++)
				rc = query_matches_add_copy(out, &e->ms.m[i]);
			return rc;
		}
	}
	if (target->type == QUERY_MATERIAL || target->type == QUERY_FORMULA)
		rc = query_material_expand(t, target->type, target->key, target->qualifier, o, target->score, out);
	else
		rc = expand_now(t, target, o, out);
	if (rc == 0 && m)
		xmemo_put(m, target, edition, all, h, out, from);
	return rc;
}

static int expand_now(kg_txn *t, const query_target *target, const query_lookup_opts *o, query_matches *out)
{
	expand_ctx x = { t, target, NULL, 0, 0, 0 };
	size_t i, j;
	int rc;

	rc = kg_value_each(t, target->type, target->key, on_value, &x);
	for (i = 0; i < x.n && rc == 0; i++) {
		const cand *c = &x.c[i];
		int keep;

		if (o && o->edition) {
			keep = !strcmp(c->src.edition, o->edition);
		} else if (o && o->all_editions) {
			keep = 1;
		} else {
			/* the newest edition of this source kind holding this value */
			keep = 1;
			for (j = 0; j < x.n && keep; j++)
				if (j != i && same_group(c, &x.c[j]) &&
				    kg_edition_cmp(x.c[j].src.edition, c->src.edition) > 0)
					keep = 0;
		}
		if (keep)
			rc = make_match(t, c, target->score, out);
	}
	pk_free(x.c);
	return rc;
}

static int cmp_match(const void *a, const void *b)
{
	const query_match *x = a, *y = b;
	int d;

	if (x->score != y->score)
		return y->score - x->score;
	/* at equal score a physical constant before a mathematical one ("e") */
	if ((x->kind && !strcmp(x->kind, "math")) != (y->kind && !strcmp(y->kind, "math")))
		return (x->kind && !strcmp(x->kind, "math")) ? 1 : -1;
	/* polymorphs of one property: most stable first (material.c ranks them) */
	if (x->rank && y->rank) {
		/* materials: most stable first, then in the order of material.c's fields */
		if (x->rank != y->rank)
			return x->rank < y->rank ? -1 : 1;
		if (x->value_id != y->value_id)
			return x->value_id < y->value_id ? -1 : 1;
	}
	if (strlen(x->name) != strlen(y->name))
		return strlen(x->name) < strlen(y->name) ? -1 : 1;
	if ((d = strcmp(x->name, y->name)))
		return d;
	if ((d = kg_edition_cmp(y->edition, x->edition)))
		return d; /* newest edition first */
	return x->value_id < y->value_id ? -1 : x->value_id > y->value_id;
}

int query_lookup(kg_txn *t, const char *query, const query_lookup_opts *o, query_matches *out)
{
	query_targets ts = { 0 };
	size_t i, max = o && o->max ? o->max : 50;
	int rc;

	if ((rc = query_resolve(t, query, &ts)) < 0)
		goto done;
	for (i = 0; i < ts.n && rc == 0; i++)
		rc = query_expand(t, &ts.t[i], o, out);
	if (rc < 0)
		goto done;
	if (out->n > 1)
		qsort(out->m, out->n, sizeof(*out->m), cmp_match);
	/* one value may be reached through several names: keep the best
	 * (the list is sorted, so the first occurrence is the best) */
	for (i = 1; i < out->n;) {
		size_t j;
		int dup = 0;

		for (j = 0; j < i && !dup; j++)
			dup = out->m[i].value_id && !out->m[i].rank
				      ? out->m[j].value_id == out->m[i].value_id && !out->m[j].rank
				      /* values without an id (materials): the same record and field */
				      : (!out->m[j].value_id || out->m[j].rank) &&
						!strcmp(out->m[j].locator, out->m[i].locator) &&
						!strcmp(out->m[j].edition, out->m[i].edition);
		if (!dup) {
			i++;
			continue;
		}
		query_match_release(&out->m[i]);
		memmove(&out->m[i], &out->m[i + 1], (out->n - i - 1) * sizeof(*out->m));
		out->n--;
	}
	while (out->n > max)
		query_match_release(&out->m[--out->n]);
	rc = 0;
done:
	query_targets_release(&ts);
	return rc;
}

int query_isotope(kg_txn *t, const char *text, char *key, size_t n)
{
	pk_buf nfkc = PK_BUF_INIT;
	int rc;

	if ((rc = pk_text_fold(&nfkc, text, strlen(text), PK_FOLD_SPACE_ONE | PK_FOLD_DASH)) < 0)
		return rc;
	rc = nfkc.len ? resolve_isotope(t, nfkc.ptr, key, n) : 0;
	pk_buf_release(&nfkc);
	return rc;
}
