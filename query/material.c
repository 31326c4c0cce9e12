/* query/material.c - materials as matches; see material.h. */
#include "material.h"

#include "../common/alloc.h"
#include "../common/buf.h"
#include "../common/error.h"
#include "../common/formula.h"
#include "../kg/graph.h"
#include "../kg/material.h"

#include <cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef struct one_mat {
	kg_material m;       /* strings borrowed from the txn */
	kg_source src;
} one_mat;

typedef struct mats {
	one_mat *v;
	size_t n, cap;
	kg_txn *t;
	const char *edition; /* only this edition */
} mats;

static int on_doc(const void *key, size_t klen, const void *val, size_t vlen, void *ctx)
{
	mats *ms = ctx;
	const unsigned char *k = key;
	uint32_t sid;
	one_mat *om;
	int rc;

	if (klen < 5 || k[klen - 5] != 0x1f)
		return 0;
	sid = (uint32_t)k[klen - 4] << 24 | (uint32_t)k[klen - 3] << 16 | (uint32_t)k[klen - 2] << 8 | k[klen - 1];
	if (PK_ALLOC_GROW(ms->v, ms->n + 1, ms->cap, 8) < 0)
		return PK_ENOMEM;
	om = &ms->v[ms->n];
	if ((rc = kg_material_decode(&om->m, val, vlen)) < 0 || (rc = kg_source_get(ms->t, sid, &om->src)) < 0)
		return rc;
	if (ms->edition && strcmp(om->src.edition, ms->edition))
		return 0;
	ms->n++;
	return 0;
}

/* Every record of one material id (one per edition). */
static int load_id(kg_txn *t, const char *id, mats *ms)
{
	pk_buf prefix = PK_BUF_INIT;
	int rc;

	if ((rc = pk_buf_puts(&prefix, id)) == 0 && (rc = pk_buf_putc(&prefix, 0x1f)) == 0)
		rc = kg_doc_each(t, KG_DOC_MATERIALS, prefix.ptr, prefix.len, on_doc, ms);
	pk_buf_release(&prefix);
	(void)t;
	return rc;
}

int query_material_id(kg_txn *t, const char *text)
{
	mats ms = { NULL, 0, 0, t, NULL };
	size_t n = strlen(text), i = 0;
	int found;

	while (i < n && ((text[i] >= 'a' && text[i] <= 'z') || (text[i] >= 'A' && text[i] <= 'Z')))
		i++;
	if (i == 0 || i > 4 || i + 1 >= n || text[i] != '-')
		return 0;
	for (i++; i < n; i++)
		if (text[i] < '0' || text[i] > '9')
			return 0;
	if (load_id(t, text, &ms) < 0) {
		pk_error_clear();
		ms.n = 0;
	}
	found = ms.n > 0;
	pk_free(ms.v);
	return found;
}

static int cmp_ground(const void *a, const void *b);

typedef struct ids {
	char (*id)[64];
	size_t n, cap;
} ids;

static int on_id(const void *target, size_t len, void *ctx)
{
	ids *x = ctx;
	size_t i;

	if (len >= 64)
		return 0;
	for (i = 0; i < x->n; i++)
		if (strlen(x->id[i]) == len && !memcmp(x->id[i], target, len))
			return 0;
	if (PK_ALLOC_GROW(x->id, x->n + 1, x->cap, 8) < 0)
		return PK_ENOMEM;
	memcpy(x->id[x->n], target, len);
	x->id[x->n][len] = '\0';
	x->n++;
	return x->n >= 256; /* enough polymorphs */
}

static int formula_ids(kg_txn *t, const char *fkey, ids *out)
{
	pk_buf k = PK_BUF_INIT;
	int rc;

	if ((rc = pk_buf_putc(&k, 'F')) == 0 && (rc = pk_buf_puts(&k, fkey)) == 0)
		rc = kg_index_find(t, k.ptr, k.len, 0, on_id, out);
	pk_buf_release(&k);
	return rc < 0 ? rc : 0;
}

/* Measured values of a formula (ingest/pif.c): entity "formula:<key>". */
static int has_measured(kg_txn *t, const char *fkey)
{
	pk_buf k = PK_BUF_INIT;
	kg_node nd;
	int yes;

	if (pk_buf_printf(&k, "formula:%s", fkey) < 0) {
		pk_buf_release(&k);
		return 0;
	}
	yes = kg_node_get(t, KG_ENTITY, k.ptr, &nd) == 0;
	pk_buf_release(&k);
	return yes;
}

typedef struct measured_ctx {
	kg_txn *t;
	const char *qualifier;
	const char *pretty;
	int score;
	query_matches *out;
} measured_ctx;

static int on_measured(const kg_value *v, void *vctx)
{
	measured_ctx *c = vctx;
	query_match *qm;
	kg_source src;
	pk_buf name = PK_BUF_INIT;
	int rc;

	if (!(v->flags & KG_V_MEASURED) || (c->qualifier && strcmp(v->quantity, c->qualifier)))
		return 0;
	if ((rc = kg_source_get(c->t, v->source, &src)) < 0)
		return rc;
	if (!(qm = query_matches_add(c->out)))
		return PK_ENOMEM;
	if (pk_buf_printf(&name, "%s of %s (measured)", v->quantity, c->pretty) < 0) {
		pk_buf_release(&name);
		return PK_ENOMEM;
	}
	qm->name = pk_buf_detach(&name);
	qm->symbol = pk_strdup(c->pretty);
	qm->quantity = pk_strdup(v->quantity);
	qm->entity = pk_strdup(c->pretty);
	qm->kind = pk_strdup("material property");
	qm->value = v->value;
	qm->value_text = pk_strdup(v->value_text ? v->value_text : "");
	qm->unit = v->unit && *v->unit ? pk_strdup(v->unit) : NULL;
	qm->source = pk_strdup(src.kind);
	qm->edition = pk_strdup(src.edition);
	qm->locator = pk_strdup(v->locator ? v->locator : "");
	qm->note = pk_strdup(v->note ? v->note : "");
	qm->flags = v->flags;
	qm->score = c->score;
	qm->tolerance = -1;
	qm->value_id = v->id;
	if (!qm->name || !qm->symbol || !qm->quantity || !qm->entity || !qm->kind || !qm->value_text || !qm->source ||
	    !qm->edition || !qm->locator || !qm->note)
		return pk_error_set(PK_ENOMEM, "out of memory");
	return 0;
}

/* The measured reports of a formula's property (or of every property). */
static int add_measured(kg_txn *t, const char *fkey, const char *qualifier, int score, query_matches *out)
{
	pk_buf k = PK_BUF_INIT;
	kg_node nd;
	measured_ctx c = { t, qualifier, NULL, score, out };
	int rc;

	if ((rc = pk_buf_printf(&k, "formula:%s", fkey)) < 0)
		goto done;
	if (kg_node_get(t, KG_ENTITY, k.ptr, &nd) < 0) {
		pk_error_clear();
		goto done; /* none */
	}
	c.pretty = nd.name ? nd.name : fkey;
	rc = kg_value_each(t, KG_ENTITY, k.ptr, on_measured, &c);
done:
	pk_buf_release(&k);
	return rc;
}

int query_binary_one_to_one(const char *cat, const char *an)
{
	/* cation and anion groups whose binary compound is 1:1 */
	static const char *const one_to_one[][2] = {
		{ "B Al Ga In", "N P As Sb" },	    { "Be Mg Ca Sr Ba Zn Cd Hg", "O S Se Te" },
		{ "Li Na K Rb Cs Ag", "F Cl Br I" }, { "Si", "C" },
		{ "Pb", "S Se Te" },		    { "Sn", "Te" },
	};
	char kc[12], ka[12];
	size_t k;

	if (strlen(cat) > 3 || strlen(an) > 3)
		return 0;
	snprintf(kc, sizeof(kc), " %s ", cat);
	snprintf(ka, sizeof(ka), " %s ", an);
	for (k = 0; k < sizeof(one_to_one) / sizeof(one_to_one[0]); k++) {
		char c[40], a[40];

		snprintf(c, sizeof(c), " %s ", one_to_one[k][0]);
		snprintf(a, sizeof(a), " %s ", one_to_one[k][1]);
		if (strstr(c, kc) && strstr(a, ka))
			return 1;
	}
	return 0;
}

int query_anion_word(const char *word, size_t len, char *sym, size_t n, int *count)
{
	static const struct {
		const char *root, *sym;
	} anions[] = { { "oxide", "O" },	 { "sulfide", "S" },	 { "sulphide", "S" }, { "selenide", "Se" },
		       { "telluride", "Te" }, { "nitride", "N" },	 { "phosphide", "P" }, { "arsenide", "As" },
		       { "antimonide", "Sb" }, { "carbide", "C" },	 { "fluoride", "F" },  { "chloride", "Cl" },
		       { "bromide", "Br" },   { "iodide", "I" },	 { "hydride", "H" },   { "boride", "B" },
		       { "silicide", "Si" } };
	static const struct {
		const char *p;
		int n;
	} prefixes[] = { { "mon", 1 }, { "mono", 1 }, { "di", 2 }, { "tri", 3 }, { "tetra", 4 }, { "tetr", 4 },
			 { "penta", 5 }, { "pent", 5 }, { "hexa", 6 } };
	size_t k, p;

	for (k = 0; k < sizeof(anions) / sizeof(anions[0]); k++) {
		size_t rl = strlen(anions[k].root);

		if (len < rl || memcmp(word + len - rl, anions[k].root, rl))
			continue;
		*count = 0;
		for (p = 0; len > rl && p < sizeof(prefixes) / sizeof(prefixes[0]); p++)
			if (strlen(prefixes[p].p) == len - rl && !memcmp(word, prefixes[p].p, len - rl))
				*count = prefixes[p].n;
		if (len > rl && !*count)
			continue;
		snprintf(sym, n, "%s", anions[k].sym);
		return 1;
	}
	return 0;
}

int query_compound_formula(const char *cat, const char *an, int count, char *f, size_t n)
{
	f[0] = '\0';
	if (count > 1)
		snprintf(f, n, "%s%s%d", cat, an, count);
	else if (query_binary_one_to_one(cat, an))
		snprintf(f, n, "%s%s", cat, an);
	return f[0] != '\0';
}

int query_material_formula(kg_txn *t, const char *text, char *key, size_t n)
{
	pk_formula f;
	ids x = { NULL, 0, 0 };
	int found;

	if (pk_formula_parse(&f, text, strlen(text)) < 0) {
		pk_error_clear();
		return 0;
	}
	pk_formula_key(&f, 1, key, n);
	if (formula_ids(t, key, &x) < 0) {
		pk_error_clear();
		x.n = 0;
	}
	found = x.n > 0 || has_measured(t, key);
	pk_free(x.id);
	return found;
}

int query_material_select(kg_txn *t, const char *fkey, const char *qualifier, char *id, size_t n)
{
	mats ms = { NULL, 0, 0, t, NULL };
	ids x = { NULL, 0, 0 };
	size_t i;
	const char *by_id = NULL, *by_sg = NULL, *by_cs = NULL;
	int ncs = 0;

	if (formula_ids(t, fkey, &x) < 0)
		goto none;
	for (i = 0; i < x.n; i++)
		if (load_id(t, x.id[i], &ms) < 0)
			goto none;
	/* several polymorphs may share a space group: the most stable wins */
	if (ms.n > 1)
		qsort(ms.v, ms.n, sizeof(*ms.v), cmp_ground);
	for (i = 0; i < ms.n; i++) {
		const kg_material *m = &ms.v[i].m;

		if (!strcmp(m->material_id, qualifier))
			by_id = m->material_id;
		else if (m->sg_symbol && !strcmp(m->sg_symbol, qualifier))
			by_sg = by_sg ? by_sg : m->material_id;
		else if (m->crystal_system && !strcasecmp(m->crystal_system, qualifier) &&
			 (!by_cs || strcmp(by_cs, m->material_id)))
			by_cs = m->material_id, ncs++;
	}
	if (by_id || by_sg || (by_cs && ncs == 1)) {
		snprintf(id, n, "%s", by_id ? by_id : by_sg ? by_sg : by_cs);
		pk_free(ms.v);
		pk_free(x.id);
		return 1;
	}
none:
	pk_error_clear();
	pk_free(ms.v);
	pk_free(x.id);
	return 0;
}

int query_is_material_property(kg_txn *t, const char *qkey)
{
	kg_node q;

	return kg_node_get(t, KG_QUANTITY, qkey, &q) == 0 && q.kind && !strcmp(q.kind, "material property");
}

/* The quantity node of an MP field, through the field-name index. */
typedef struct prop {
	char key[96];
	char name[96];
	char unit[16];
	char note[160];
	double tolerance;
	int found;
} prop;

static int first_target(const kg_name_hit *h, void *ctx)
{
	snprintf(ctx, 96, "%s", h->target);
	return 1;
}

static void property_of(kg_txn *t, int field, prop *p)
{
	kg_node q;
	char qkey[96] = "";

	memset(p, 0, sizeof(*p));
	p->tolerance = -1;
	if (kg_name_find(t, KG_NS_FIELD, kg_mp_field_name(field), first_target, qkey) < 0 || !qkey[0] ||
	    kg_node_get(t, KG_QUANTITY, qkey, &q) < 0) {
		pk_error_clear();
		/* no property table in the graph: the field name will do */
		snprintf(p->key, sizeof(p->key), "%s", kg_mp_field_name(field));
		snprintf(p->name, sizeof(p->name), "%s", kg_mp_field_name(field));
		snprintf(p->unit, sizeof(p->unit), "%s", kg_mp_field_unit(field));
		return;
	}
	p->found = 1;
	snprintf(p->key, sizeof(p->key), "%s", qkey);
	snprintf(p->name, sizeof(p->name), "%s", q.name ? q.name : qkey);
	snprintf(p->unit, sizeof(p->unit), "%s", kg_mp_field_unit(field));
	if (q.data) {
		cJSON *d = cJSON_Parse(q.data);
		const cJSON *tol = cJSON_GetObjectItemCaseSensitive(d, "tolerance");
		const cJSON *note = cJSON_GetObjectItemCaseSensitive(d, "note");

		if (cJSON_IsNumber(tol))
			p->tolerance = tol->valuedouble;
		if (cJSON_IsString(note))
			snprintf(p->note, sizeof(p->note), "%s", note->valuestring);
		cJSON_Delete(d);
	}
}

static int field_of_quantity(kg_txn *t, const char *qkey)
{
	kg_node q;
	cJSON *d;
	const cJSON *f;
	int id = -1;

	if (kg_node_get(t, KG_QUANTITY, qkey, &q) < 0 || !q.data) {
		pk_error_clear();
		return -1;
	}
	d = cJSON_Parse(q.data);
	f = cJSON_GetObjectItemCaseSensitive(d, "field");
	if (cJSON_IsString(f))
		id = kg_mp_field_id(f->valuestring);
	cJSON_Delete(d);
	return id;
}

static char *method_of(const kg_material *m)
{
	char buf[64];

	if (!m->functional)
		return pk_strdup("DFT");
	snprintf(buf, sizeof(buf), "DFT (%s)", m->functional);
	return pk_strdup(buf);
}

/* The property of each field, read from the graph once per expansion. */
typedef struct props {
	prop p[MPF_COUNT];
	unsigned char have[MPF_COUNT];
} props;

static const prop *property(kg_txn *t, props *cache, int field)
{
	if (!cache->have[field]) {
		property_of(t, field, &cache->p[field]);
		cache->have[field] = 1;
	}
	return &cache->p[field];
}

/* Lattice parameters of the conventional cell. The Materials Project
 * stores the primitive cell: for a cubic crystal on a centred lattice that
 * is a rhombohedron (bcc: α = 109.47°, a = a_conv √3/2; fcc: α = 60°,
 * a = a_conv / √2), so "the lattice constant of Fe" (2.87 Å) would be
 * compared with 2.47 Å. For a cubic crystal the conventional a, b, c and
 * the 90° angles are derived; *how says from what. 1 when field's value
 * was replaced, 0 when the stored one is conventional or cannot be
 * converted (*how then says why it may not be the conventional cell). */
static int conventional_cell(const kg_material *m, int field, double *v, char *how, size_t n)
{
	double a = m->v[MPF_A], al = m->v[MPF_ALPHA], f;
	const char *kind;
	int cubic = m->crystal_system && !strcasecmp(m->crystal_system, "cubic");
	int centred = m->sg_symbol && m->sg_symbol[0] && m->sg_symbol[0] != 'P';

	how[0] = '\0';
	if (field != MPF_A && field != MPF_B && field != MPF_C && field != MPF_ALPHA && field != MPF_BETA &&
	    field != MPF_GAMMA)
		return 0;
	if (!cubic || !(m->have & (1ull << MPF_A)) || !(m->have & (1ull << MPF_ALPHA))) {
		if (centred)
			snprintf(how, n, "the cell as stored (%s: a centred lattice, whose conventional cell differs when "
				 "this is the primitive one)", m->sg_symbol);
		return 0;
	}
	if (fabs(al - 90) < 0.5)
		return 0;
	if (fabs(al - 109.4712206) < 0.5)
		f = 2 / sqrt(3), kind = "body-centred: a = 2 a_p / √3";
	else if (fabs(al - 60) < 0.5)
		f = sqrt(2), kind = "face-centred: a = √2 a_p";
	else
		return 0;
	*v = field == MPF_ALPHA || field == MPF_BETA || field == MPF_GAMMA ? 90 : a * f;
	snprintf(how, n, "conventional cubic cell from the primitive one (a_p = %.6g Å, α_p = %.4g°; %s)", a, al, kind);
	return 1;
}

static int add_match(kg_txn *t, props *cache, const one_mat *om, int field, int score, size_t rank,
		     query_matches *out)
{
	const kg_material *m = &om->m;
	query_match *qm;
	const prop *pp = property(t, cache, field);
	prop p = *pp;
	char text[64], note[400], locator[256], cell[200];
	double value = m->v[field];
	int conv = conventional_cell(m, field, &value, cell, sizeof(cell));
	pk_buf name = PK_BUF_INIT;

	if (!(qm = query_matches_add(out)))
		return PK_ENOMEM;
	if (pk_buf_printf(&name, "%s of %s (%s)", p.name, m->formula_pretty ? m->formula_pretty : "?",
			  m->material_id) < 0) {
		pk_buf_release(&name);
		return PK_ENOMEM;
	}
	qm->name = pk_buf_detach(&name);
	if (kg_mp_field_is_flag(field))
		snprintf(text, sizeof(text), "%s", m->v[field] != 0 ? "true" : "false");
	else
		snprintf(text, sizeof(text), "%.6g", value);
	snprintf(locator, sizeof(locator), "%s:%s#%s%s", m->file ? m->file : "", m->material_id,
		 kg_mp_field_name(field), conv ? " (primitive cell, converted)" : "");
	snprintf(note, sizeof(note), "computed (DFT, %s) by the Materials Project for %s %s%s%s%s%s%s%s",
		 m->functional ? m->functional : "functional not stated in the document", m->material_id,
		 m->formula_pretty ? m->formula_pretty : "", m->sg_symbol ? ", " : "", m->sg_symbol ? m->sg_symbol : "",
		 p.note[0] ? "; " : "", p.note, cell[0] ? "; " : "", cell);
	qm->symbol = m->formula_pretty ? pk_strdup(m->formula_pretty) : NULL;
	qm->quantity = pk_strdup(p.key);
	qm->entity = pk_strdup(m->material_id);
	qm->kind = pk_strdup("material property");
	qm->value = value;
	qm->value_text = pk_strdup(text);
	qm->unit = p.unit[0] ? pk_strdup(p.unit) : NULL;
	qm->source = pk_strdup(om->src.kind);
	qm->edition = pk_strdup(om->src.edition);
	qm->locator = pk_strdup(locator);
	qm->note = pk_strdup(note);
	qm->group = m->sg_symbol ? pk_strdup(m->sg_symbol) : NULL;
	qm->method = method_of(m);
	qm->flags = KG_V_COMPUTED | KG_V_NOUNC | (kg_mp_field_is_flag(field) ? KG_V_TEXT : 0);
	qm->score = score;
	qm->tolerance = p.tolerance;
	qm->rank = (int)rank + 1;
	qm->value_id = (uint64_t)field + 2; /* after the symmetry's two text rows */
	if (!qm->name || !qm->quantity || !qm->entity || !qm->kind || !qm->value_text || !qm->source ||
	    !qm->edition || !qm->locator || !qm->note || !qm->method)
		return pk_error_set(PK_ENOMEM, "out of memory");
	return 0;
}

/* Text properties: crystal system and space-group symbol. */
static int add_text(const one_mat *om, const char *qname, const char *value, const char *field, int score,
		    size_t rank, query_matches *out)
{
	query_match *qm;
	char locator[256], name[256];

	if (!value)
		return 0;
	if (!(qm = query_matches_add(out)))
		return PK_ENOMEM;
	snprintf(name, sizeof(name), "%s of %s (%s)", qname, om->m.formula_pretty ? om->m.formula_pretty : "?",
		 om->m.material_id);
	snprintf(locator, sizeof(locator), "%s:%s#%s", om->m.file ? om->m.file : "", om->m.material_id, field);
	qm->name = pk_strdup(name);
	qm->quantity = pk_strdup(qname);
	qm->entity = pk_strdup(om->m.material_id);
	qm->kind = pk_strdup("material property");
	qm->value = NAN;
	qm->value_text = pk_strdup(value);
	qm->source = pk_strdup(om->src.kind);
	qm->edition = pk_strdup(om->src.edition);
	qm->locator = pk_strdup(locator);
	qm->note = pk_strdup("symmetry of the DFT-relaxed structure (Materials Project)");
	qm->symbol = om->m.formula_pretty ? pk_strdup(om->m.formula_pretty) : NULL;
	qm->group = om->m.sg_symbol ? pk_strdup(om->m.sg_symbol) : NULL;
	qm->method = method_of(&om->m);
	qm->tolerance = -1;
	qm->flags = KG_V_COMPUTED | KG_V_NOUNC | KG_V_TEXT;
	qm->score = score;
	qm->rank = (int)rank + 1;
	qm->value_id = !strcmp(qname, "crystal system") ? 0 : 1;
	if (!qm->name || !qm->quantity || !qm->entity || !qm->value_text || !qm->source || !qm->edition ||
	    !qm->locator || !qm->note || !qm->method)
		return pk_error_set(PK_ENOMEM, "out of memory");
	return 0;
}

/* Keep, per material id, the record of the edition asked for or the newest. */
static void newest_per_id(mats *ms, const query_lookup_opts *o)
{
	size_t i, j, k = 0;

	for (i = 0; i < ms->n; i++) {
		int keep = 1;

		if (o && o->all_editions) {
			ms->v[k++] = ms->v[i];
			continue;
		}
		for (j = 0; j < ms->n && keep; j++)
			if (j != i && !strcmp(ms->v[i].m.material_id, ms->v[j].m.material_id) &&
			    (kg_edition_cmp(ms->v[j].src.edition, ms->v[i].src.edition) > 0 ||
			     (!kg_edition_cmp(ms->v[j].src.edition, ms->v[i].src.edition) && j < i)))
				keep = 0;
		if (keep)
			ms->v[k++] = ms->v[i];
	}
	ms->n = k;
}

static double field_or_inf(const one_mat *om, int f)
{
	return om->m.have & (1ull << f) ? om->m.v[f] : INFINITY;
}

/* Ground state first: lowest energy above hull; documents without it
 * (the older materials collection) by energy per atom, which compares
 * polymorphs of one composition the same way. */
static int cmp_ground(const void *a, const void *b)
{
	const one_mat *x = a, *y = b;
	double hx = field_or_inf(x, MPF_E_ABOVE_HULL), hy = field_or_inf(y, MPF_E_ABOVE_HULL);

	if (hx != hy)
		return hx < hy ? -1 : 1;
	hx = field_or_inf(x, MPF_ENERGY_PER_ATOM);
	hy = field_or_inf(y, MPF_ENERGY_PER_ATOM);
	if (hx != hy)
		return hx < hy ? -1 : 1;
	return strcmp(x->m.material_id, y->m.material_id);
}

int query_material_expand(kg_txn *t, char type, const char *key, const char *qualifier,
			  const query_lookup_opts *o, int score, query_matches *out)
{
	mats ms = { NULL, 0, 0, t, o && o->edition ? o->edition : NULL };
	ids x = { NULL, 0, 0 };
	props *cache = NULL;
	size_t i;
	int rc = 0, field = -1, f;

	if (qualifier && (field = field_of_quantity(t, qualifier)) < 0 && strcmp(qualifier, "crystal system") &&
	    strcmp(qualifier, "space group symbol"))
		return 0;
	if (type == QUERY_MATERIAL) {
		rc = load_id(t, key, &ms);
	} else {
		if ((rc = formula_ids(t, key, &x)) == 0)
			for (i = 0; i < x.n && rc == 0; i++)
				rc = load_id(t, x.id[i], &ms);
	}
	if (rc < 0)
		goto done;
	if (!(cache = pk_calloc(1, sizeof(*cache)))) {
		rc = pk_error_set(PK_ENOMEM, "out of memory");
		goto done;
	}
	newest_per_id(&ms, o);
	if (ms.n > 1)
		qsort(ms.v, ms.n, sizeof(*ms.v), cmp_ground);
	for (i = 0; i < ms.n && rc == 0; i++) {
		const one_mat *om = &ms.v[i];
		/* the ground state first; other polymorphs rank just below */
		int sc = i == 0 || type == QUERY_MATERIAL ? score : score - 1;

		if (field >= 0) {
			if (om->m.have & (1ull << field))
				rc = add_match(t, cache, om, field, sc, i, out);
			continue;
		}
		if (qualifier) {
			rc = !strcmp(qualifier, "crystal system")
				     ? add_text(om, "crystal system", om->m.crystal_system, "symmetry.crystal_system", sc, i, out)
				     : add_text(om, "space group symbol", om->m.sg_symbol, "symmetry.symbol", sc, i, out);
			continue;
		}
		/* no property named: every property of the ground state (or of
		 * the material asked for), and the other polymorphs by stability */
		if (i > 0 && type == QUERY_FORMULA) {
			if (om->m.have & (1ull << MPF_E_ABOVE_HULL))
				rc = add_match(t, cache, om, MPF_E_ABOVE_HULL, sc, i, out);
			continue;
		}
		if ((rc = add_text(om, "crystal system", om->m.crystal_system, "symmetry.crystal_system", sc, i, out)) < 0 ||
		    (rc = add_text(om, "space group symbol", om->m.sg_symbol, "symmetry.symbol", sc, i, out)) < 0)
			break;
		for (f = 0; f < MPF_COUNT && rc == 0; f++)
			if (om->m.have & (1ull << f))
				rc = add_match(t, cache, om, f, sc, i, out);
	}
	/* a formula's measured reports come after its computed materials */
	if (rc == 0 && type == QUERY_FORMULA)
		rc = add_measured(t, key, qualifier, score, out);
done:
	pk_free(cache);
	pk_free(ms.v);
	pk_free(x.id);
	return rc;
}
