/* query/units.c - the unit engine; see units.h.
 *
 * The table is loaded once per query_units: every unit node of the graph
 * (symbol, scale, dimension, whether SI prefixes apply, other names) goes
 * into two hash maps, one exact (symbols, case-sensitive) and one folded
 * (names, case-insensitive). Constant-defined units are resolved at load
 * with the chosen CODATA edition, so parsing never touches the graph.
 */
#include "units.h"

#include "../common/alloc.h"
#include "../common/buf.h"
#include "../common/error.h"
#include "../common/hash.h"
#include "../common/text.h"
#include "../common/uexpr.h"
#include "../kg/graph.h"

#include <cJSON.h>
#include <math.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAP_SLOTS 16384 /* power of two, > 4x the names of both tables */
#define TOKEN_MAX 64
#define DEPTH_MAX 4
#define EVAL_DEPTH 24 /* nesting of Pint definitions evaluated at open */

enum { DEF_TABLE, DEF_PINT, DEF_PINT_CONSTANT };

typedef struct unit_def {
	char *sym;
	double scale, offset;
	qu_dim dim;
	int prefixes;
	int constant;
	int valid;    /* a constant-defined unit whose constant is missing is not */
	int origin;   /* DEF_TABLE (provkg's units.tsv), DEF_PINT, DEF_PINT_CONSTANT */
	int count;    /* a count ("atom"): dimensionless, but kept apart (qu_unit.count) */
	char *expr;   /* Pint: the definition, evaluated again with the graph's constants */
	char *codata; /* Pint constant: the CODATA name it stands for; "=NAME" rows: the Pint unit */
	char *cname;  /* "@NAME" rows: the CODATA constant that defines the unit */
	int state;    /* Pint expr: 0 pending, 1 evaluating, 2 done */
	char via[48]; /* the CODATA constant or Pint definition the value came from */
} unit_def;

typedef struct slot {
	char *key;
	int idx;
} slot;

struct query_units {
	unit_def *u;
	size_t n, cap;
	slot *exact;  /* symbols and names, case-sensitive */
	slot *folded; /* names of more than two bytes, case-folded */
	slot *pint;   /* Pint's own identifiers, for its expressions */
	slot *none;   /* names units.tsv says are not units in prose */
	char edition[32];
	qu_constants k;
	kg_txn *t;    /* during query_units_open only */
	uint64_t serial; /* the table's number in the process: parse_memos tell tables apart */
};

static atomic_ullong units_serial; /* query_units_open's tables so far */

static const struct prefix {
	const char *sym, *word, *zh;
	double f;
} prefixes[] = {
	{ "Q", "quetta", NULL, 1e30 }, { "R", "ronna", NULL, 1e27 }, { "Y", "yotta", NULL, 1e24 },
	{ "Z", "zetta", NULL, 1e21 }, { "E", "exa", NULL, 1e18 }, { "P", "peta", NULL, 1e15 },
	{ "T", "tera", "太", 1e12 }, { "G", "giga", "吉", 1e9 }, { "M", "mega", "兆", 1e6 },
	{ "k", "kilo", "千", 1e3 }, { "h", "hecto", NULL, 1e2 }, { "da", "deca", NULL, 1e1 },
	{ "d", "deci", NULL, 1e-1 }, { "c", "centi", "厘", 1e-2 }, { "m", "milli", "毫", 1e-3 },
	{ "μ", "micro", "微", 1e-6 }, { "µ", NULL, NULL, 1e-6 }, { "u", NULL, NULL, 1e-6 }, { "n", "nano", "纳", 1e-9 },
	{ "p", "pico", "皮", 1e-12 }, { "f", "femto", "飞", 1e-15 }, { "a", "atto", NULL, 1e-18 },
	{ "z", "zepto", NULL, 1e-21 }, { "y", "yocto", NULL, 1e-24 }, { "r", "ronto", NULL, 1e-27 },
	{ "q", "quecto", NULL, 1e-30 },
};

/* English words that look like prefixed units in running text. */
static const char *const not_units[] = { "as", "at", "in", "is", "it", "an", "am", "or",
					 "on", "to", "my", "by", "Pm", "Em", "ha", "da" };

static const char *const base_names[QU_NDIM] = { "m", "kg", "s", "A", "K", "mol", "cd" };

/* ---- small helpers ---------------------------------------------------- */


static int map_put(slot *m, const char *key, int idx)
{
	size_t n = strlen(key);
	uint32_t h = pk_fnv1a32(key, n) & (MAP_SLOTS - 1);

	size_t probes = 0;

	while (m[h].key) {
		if (!strcmp(m[h].key, key))
			return 0; /* first definition wins */
		if (++probes == MAP_SLOTS)
			return pk_error_set(PK_ELIMIT, "unit table holds more than %d names", MAP_SLOTS);
		h = (h + 1) & (MAP_SLOTS - 1);
	}
	if (!(m[h].key = pk_strdup(key)))
		return pk_error_set(PK_ENOMEM, "out of memory");
	m[h].idx = idx;
	return 0;
}

static int map_get(const slot *m, const char *key, size_t n)
{
	uint32_t h = pk_fnv1a32(key, n) & (MAP_SLOTS - 1);

	while (m[h].key) {
		if (strlen(m[h].key) == n && !memcmp(m[h].key, key, n))
			return m[h].idx;
		h = (h + 1) & (MAP_SLOTS - 1);
	}
	return -1;
}

static char *fold_lower(const char *s, size_t n)
{
	pk_buf b = PK_BUF_INIT;

	if (pk_text_fold(&b, s, n, PK_FOLD_CASE | PK_FOLD_SPACE_ONE) < 0) {
		pk_buf_release(&b);
		return NULL;
	}
	return pk_buf_detach(&b);
}

int qu_dim_eq(const qu_dim *a, const qu_dim *b)
{
	return !memcmp(a->e, b->e, QU_NDIM);
}

int qu_dim_is_none(const qu_dim *d)
{
	static const qu_dim none;

	return qu_dim_eq(d, &none);
}

void qu_dim_format(char *buf, size_t n, const qu_dim *d)
{
	size_t len = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < QU_NDIM && len + 12 < n; i++) {
		if (!d->e[i])
			continue;
		len += (size_t)snprintf(buf + len, n - len, len ? " %s" : "%s", base_names[i]);
		if (d->e[i] != 1)
			len += (size_t)snprintf(buf + len, n - len, "^%d", d->e[i]);
	}
	if (!len)
		snprintf(buf, n, "1");
}

static const struct named_dim {
	signed char e[QU_NDIM];
	const char *name;
} named_dims[] = {
	{ { 2, 1, -2, 0, 0, 0, 0 }, "energy" },
	{ { 2, 1, -3, 0, 0, 0, 0 }, "power" },
	{ { 2, 1, -1, 0, 0, 0, 0 }, "action (energy x time)" },
	{ { 1, 0, -1, 0, 0, 0, 0 }, "speed" },
	{ { 1, 0, -2, 0, 0, 0, 0 }, "acceleration" },
	{ { 1, 1, -2, 0, 0, 0, 0 }, "force" },
	{ { -1, 1, -2, 0, 0, 0, 0 }, "pressure" },
	{ { 1, 0, 0, 0, 0, 0, 0 }, "length" },
	{ { 0, 1, 0, 0, 0, 0, 0 }, "mass" },
	{ { 0, 0, 1, 0, 0, 0, 0 }, "time" },
	{ { 0, 0, 0, 0, 1, 0, 0 }, "temperature" },
	{ { 0, 0, -1, 0, 0, 0, 0 }, "frequency" },
	{ { -1, 0, 0, 0, 0, 0, 0 }, "wavenumber" },
	{ { 0, 0, 1, 1, 0, 0, 0 }, "electric charge" },
	{ { 2, 1, -2, 0, -1, 0, 0 }, "entropy (energy per kelvin)" },
	{ { 2, 1, -2, 0, 0, -1, 0 }, "molar energy" },
	{ { 2, 1, -2, 0, -1, -1, 0 }, "molar entropy" },
	{ { -3, 1, 0, 0, 0, 0, 0 }, "density" },
	{ { 0, 1, 0, 0, 0, -1, 0 }, "molar mass" },
	{ { 0, 0, 0, 0, 0, -1, 0 }, "per amount (mol^-1)" },
	{ { 3, -1, -2, 0, 0, 0, 0 }, "m^3 kg^-1 s^-2 (gravitation)" },
	{ { 2, 0, 0, 1, 0, 0, 0 }, "magnetic moment" },
	{ { 0, 1, -2, -1, 0, 0, 0 }, "magnetic flux density" },
	{ { 0, 0, 0, 0, 0, 0, 0 }, "dimensionless" },
};

const char *qu_dim_name(const qu_dim *d)
{
	size_t i;

	for (i = 0; i < sizeof(named_dims) / sizeof(named_dims[0]); i++)
		if (!memcmp(named_dims[i].e, d->e, QU_NDIM))
			return named_dims[i].name;
	return NULL;
}

/* "kg m^2 s^-2" or "1" -> dimension vector (table dimension column). */
static int parse_dim(const char *s, qu_dim *out)
{
	memset(out, 0, sizeof(*out));
	while (*s) {
		char name[8];
		size_t n = 0;
		long e = 1;
		int i;

		while (*s == ' ')
			s++;
		if (!*s)
			break;
		while (*s && *s != ' ' && *s != '^' && n < sizeof(name) - 1)
			name[n++] = *s++;
		name[n] = '\0';
		if (*s == '^') {
			char *end;

			e = strtol(s + 1, &end, 10);
			s = end;
		}
		if (!strcmp(name, "1"))
			continue;
		for (i = 0; i < QU_NDIM && strcmp(name, base_names[i]); i++)
			;
		if (i == QU_NDIM || e < -20 || e > 20)
			return -1;
		out->e[i] = (signed char)(out->e[i] + e);
	}
	return 0;
}

/* ---- loading ---------------------------------------------------------- */

typedef struct load_ctx {
	query_units *u;
	int want;        /* the origin loaded by this pass */
	int rc;
	cJSON **pending; /* data of constant-defined units, by index */
	size_t npending;
} load_ctx;

static int def_new(query_units *u, const char *sym, int *idx)
{
	unit_def *def;

	if (u->n == u->cap) {
		size_t nc = u->cap ? u->cap * 2 : 256, bytes;
		unit_def *nu;

		if (pk_size_mul(&bytes, nc, sizeof(*nu)) < 0 || !(nu = pk_realloc(u->u, bytes)))
			return pk_error_set(PK_ENOMEM, "out of memory");
		u->u = nu;
		u->cap = nc;
	}
	*idx = (int)u->n;
	def = &u->u[u->n++];
	memset(def, 0, sizeof(*def));
	if (!(def->sym = pk_strdup(sym))) {
		u->n--;
		return pk_error_set(PK_ENOMEM, "out of memory");
	}
	return 0;
}

/* Register a spelling for unit idx in the prose maps, unless units.tsv
 * says the spelling is not a unit ("a", "at", "Nm" are words or clash). */
static int put_name(query_units *u, const char *name, int idx, int fold_too)
{
	char *f;
	int rc;

	if (!*name || map_get(u->none, name, strlen(name)) >= 0)
		return 0;
	if ((rc = map_put(u->exact, name, idx)) < 0)
		return rc;
	if (!fold_too || strlen(name) <= 2)
		return 0;
	if (!(f = fold_lower(name, strlen(name))))
		return pk_error_set(PK_ENOMEM, "out of memory");
	rc = map_get(u->none, f, strlen(f)) >= 0 ? 0 : map_put(u->folded, f, idx);
	pk_free(f);
	return rc;
}

/* A row of units.tsv whose scale is "none": its spellings are not units. */
static int add_none(query_units *u, const char *key, const cJSON *names)
{
	const cJSON *it;
	int rc;

	if ((rc = map_put(u->none, key, 0)) < 0)
		return rc;
	cJSON_ArrayForEach(it, names) {
		if (cJSON_IsString(it) && *it->valuestring && (rc = map_put(u->none, it->valuestring, 0)) < 0)
			return rc;
	}
	return 0;
}

static int add_table_unit(query_units *u, const kg_node *n, cJSON *d, cJSON **pending_out)
{
	const cJSON *scale = cJSON_GetObjectItemCaseSensitive(d, "scale");
	const cJSON *dim = cJSON_GetObjectItemCaseSensitive(d, "dim");
	const cJSON *pre = cJSON_GetObjectItemCaseSensitive(d, "prefixes");
	const cJSON *names = cJSON_GetObjectItemCaseSensitive(d, "names"), *it;
	unit_def *def;
	int idx, rc;

	if (!cJSON_IsString(scale) || !cJSON_IsString(dim))
		return pk_error_set(PK_EIO, "unit '%s': no scale or dimension", n->key);
	if (!strcmp(scale->valuestring, "none"))
		return add_none(u, n->key, names);
	if ((rc = def_new(u, n->key, &idx)) < 0)
		return rc;
	def = &u->u[idx];
	def->origin = DEF_TABLE;
	def->prefixes = cJSON_IsTrue(pre);
	/* units.tsv's count: "eV/atom" is energy per atom, which no band gap is */
	def->count = !strcmp(n->key, "atom");
	if (parse_dim(dim->valuestring, &def->dim) < 0)
		return pk_error_set(PK_EIO, "unit '%s': bad dimension '%s'", n->key, dim->valuestring);
	if (scale->valuestring[0] == '@') {
		def->constant = 1;
		if (!(def->cname = pk_strdup(scale->valuestring + 1)))
			return pk_error_set(PK_ENOMEM, "out of memory");
		*pending_out = d; /* resolved once every plain unit is known */
	} else if (scale->valuestring[0] == '=') {
		/* Pint's unit of that name, with this row's spellings and prefixes */
		if (!(def->codata = pk_strdup(scale->valuestring + 1)))
			return pk_error_set(PK_ENOMEM, "out of memory");
	} else {
		char *end;

		def->scale = strtod(scale->valuestring, &end);
		while (*end == ' ')
			end++;
		if (*end == '+')
			def->offset = strtod(end + 1, &end);
		def->valid = *end == '\0' && def->scale > 0;
		if (!def->valid)
			return pk_error_set(PK_EIO, "unit '%s': bad scale '%s'", n->key, scale->valuestring);
	}
	if ((rc = map_put(u->exact, n->key, idx)) < 0)
		return rc;
	/* a key that is a word ("poise", "barn") also takes word prefixes: "centipoise" */
	if (strlen(n->key) >= 4 && strspn(n->key, "abcdefghijklmnopqrstuvwxyz") == strlen(n->key) &&
	    (rc = map_put(u->folded, n->key, idx)) < 0)
		return rc;
	cJSON_ArrayForEach(it, names) {
		char *f;

		if (!cJSON_IsString(it) || !*it->valuestring)
			continue;
		/* short names are symbols: exact; longer ones also folded */
		if ((rc = map_put(u->exact, it->valuestring, idx)) < 0)
			return rc;
		if (strlen(it->valuestring) <= 2)
			continue;
		if (!(f = fold_lower(it->valuestring, strlen(it->valuestring))))
			return pk_error_set(PK_ENOMEM, "out of memory");
		rc = map_put(u->folded, f, idx);
		pk_free(f);
		if (rc < 0)
			return rc;
	}
	return 0;
}

/* "light_year" -> "light year", "light years" (Pint makes plurals with 's'). */
static int put_pint_name(query_units *u, const char *pname, int idx)
{
	char buf[TOKEN_MAX * 2];
	size_t l = strlen(pname), k;
	int rc;

	if (l + 2 >= sizeof(buf))
		return 0;
	for (k = 0; k <= l; k++)
		buf[k] = pname[k] == '_' ? ' ' : pname[k];
	if ((rc = put_name(u, buf, idx, 1)) < 0)
		return rc;
	if (l > 3 && buf[l - 1] != 's' && buf[l - 1] != ' ') {
		buf[l] = 's';
		buf[l + 1] = '\0';
		rc = put_name(u, buf, idx, 1);
	}
	return rc;
}

static int add_pint_unit(query_units *u, const kg_node *n, const cJSON *d, int origin)
{
	const cJSON *scale = cJSON_GetObjectItemCaseSensitive(d, "scale");
	const cJSON *dim = cJSON_GetObjectItemCaseSensitive(d, "dim");
	const cJSON *off = cJSON_GetObjectItemCaseSensitive(d, "offset");
	const cJSON *expr = cJSON_GetObjectItemCaseSensitive(d, "expr");
	const cJSON *pname = cJSON_GetObjectItemCaseSensitive(d, "pint");
	const cJSON *codata = cJSON_GetObjectItemCaseSensitive(d, "codata");
	const cJSON *names = cJSON_GetObjectItemCaseSensitive(d, "names"), *it;
	unit_def *def;
	int idx, rc;

	if (!cJSON_IsString(scale) || !cJSON_IsString(dim) || !cJSON_IsString(pname))
		return pk_error_set(PK_EIO, "unit '%s': no scale, dimension or Pint name", n->key);
	if ((rc = def_new(u, n->key, &idx)) < 0)
		return rc;
	def = &u->u[idx];
	def->origin = origin;
	if (parse_dim(dim->valuestring, &def->dim) < 0)
		return pk_error_set(PK_EIO, "unit '%s': bad dimension '%s'", n->key, dim->valuestring);
	def->scale = strtod(scale->valuestring, NULL);
	def->offset = cJSON_IsString(off) ? strtod(off->valuestring, NULL) : 0;
	def->valid = origin == DEF_PINT_CONSTANT ? isfinite(def->scale) : def->scale > 0;
	if (cJSON_IsString(expr) && !(def->expr = pk_strdup(expr->valuestring)))
		return pk_error_set(PK_ENOMEM, "out of memory");
	if (cJSON_IsString(codata) && !(def->codata = pk_strdup(codata->valuestring)))
		return pk_error_set(PK_ENOMEM, "out of memory");
	def->constant = def->expr != NULL;
	def->state = def->expr ? 0 : 2;
	snprintf(def->via, sizeof(def->via), "Pint");
	/* Pint's own spellings, for its expressions */
	if ((rc = map_put(u->pint, pname->valuestring, idx)) < 0)
		return rc;
	cJSON_ArrayForEach(it, names) {
		if (cJSON_IsString(it) && *it->valuestring && (rc = map_put(u->pint, it->valuestring, idx)) < 0)
			return rc;
	}
	if (origin == DEF_PINT_CONSTANT)
		return 0; /* constants are not units of prose ("c" and "e" are in units.tsv) */
	/* prose: after provkg's table (first definition wins), minus its "none" list */
	cJSON_ArrayForEach(it, names) {
		if (cJSON_IsString(it) && (rc = put_name(u, it->valuestring, idx, 1)) < 0)
			return rc;
	}
	return put_pint_name(u, pname->valuestring, idx);
}

static int on_unit(const kg_node *n, void *vctx)
{
	load_ctx *c = vctx;
	cJSON *d, *pending = NULL;
	int origin = !n->kind || !strcmp(n->kind, "unit") ? DEF_TABLE
		     : !strcmp(n->kind, "unit-pint")     ? DEF_PINT
		     : !strcmp(n->kind, "unit-pint-constant") ? DEF_PINT_CONSTANT
							   : -1;
	int rc;

	if (origin != c->want)
		return 0;
	if (!n->data || !(d = cJSON_Parse(n->data)))
		return pk_error_set(PK_EIO, "unit '%s': unreadable definition", n->key);
	rc = origin == DEF_TABLE ? add_table_unit(c->u, n, d, &pending) : add_pint_unit(c->u, n, d, origin);
	if (rc == 0 && pending) {
		if (c->u->n - 1 >= c->npending) {
			cJSON_Delete(d);
			return pk_error_set(PK_ELIMIT, "more than %zu constant-defined units", c->npending);
		}
		c->pending[c->u->n - 1] = pending;
		return 0;
	}
	cJSON_Delete(d);
	return rc;
}

typedef struct pick_ctx {
	kg_txn *t;
	const char *edition;
	char best_edition[32];
	double value;
	char unit[64];
	int found;
} pick_ctx;

static int on_constant(const kg_value *v, void *vctx)
{
	pick_ctx *c = vctx;
	kg_source s;

	if (v->entity || kg_source_get(c->t, v->source, &s) < 0 || strcmp(s.kind, "CODATA"))
		return 0;
	if (c->edition && *c->edition) {
		if (strcmp(s.edition, c->edition))
			return 0;
	} else if (c->found && kg_edition_cmp(s.edition, c->best_edition) <= 0) {
		return 0;
	}
	snprintf(c->best_edition, sizeof(c->best_edition), "%s", s.edition);
	snprintf(c->unit, sizeof(c->unit), "%s", v->unit ? v->unit : "");
	c->value = v->value;
	c->found = 1;
	return 0;
}

/* SI value and dimension of a CODATA constant (by quantity key) of the
 * edition in use. */
static int constant_key_si(query_units *u, kg_txn *t, const char *key, double *out, qu_dim *dim)
{
	pick_ctx c;
	qu_unit unit;
	int rc;

	memset(&c, 0, sizeof(c));
	c.t = t;
	c.edition = u->edition[0] ? u->edition : NULL;
	if ((rc = kg_value_each(t, KG_QUANTITY, key, on_constant, &c)) < 0)
		return rc;
	if (!c.found)
		return PK_ENOTFOUND;
	if ((rc = query_units_parse(u, c.unit, strlen(c.unit), &unit)) < 0)
		return rc;
	*out = c.value * unit.scale;
	if (dim)
		*dim = unit.dim;
	return 0;
}

/* SI value of a CODATA constant (by name) of the edition in use. */
static int constant_si(query_units *u, kg_txn *t, const char *name, double *out)
{
	pk_buf key = PK_BUF_INIT;
	int rc;

	*out = 0;
	if ((rc = pk_text_fold(&key, name, strlen(name), PK_FOLD_CASE | PK_FOLD_SPACE_ONE)) == 0)
		rc = constant_key_si(u, t, key.ptr, out, NULL);
	pk_buf_release(&key);
	return rc;
}

static int first_quantity(const kg_name_hit *h, void *ctx)
{
	char *out = ctx;

	if (h->type != KG_QUANTITY || strlen(h->target) >= 256)
		return 0;
	snprintf(out, 256, "%s", h->target);
	return 1;
}

/* A Pint constant's CODATA value: its name ("electron mass", "speed of
 * light", "dirac constant") through the graph's names and aliases; the
 * dimension must be Pint's ("avogadro number" is not N_A in mol^-1). */
static int codata_constant(query_units *u, const unit_def *d, double *out)
{
	char *nkey = pk_text_name_key(d->codata, strlen(d->codata)), qkey[256] = "";
	qu_dim dim;
	int rc;

	if (!nkey)
		return PK_ENOMEM;
	rc = kg_name_find(u->t, KG_NS_NAME, nkey, first_quantity, qkey);
	pk_free(nkey);
	if (rc < 0)
		return rc;
	if (!qkey[0])
		return PK_ENOTFOUND;
	if ((rc = constant_key_si(u, u->t, qkey, out, &dim)) < 0)
		return rc;
	return qu_dim_eq(&dim, &d->dim) ? 0 : PK_ENOTFOUND;
}

static int eval_pint(query_units *u, size_t i, int depth);

typedef struct pres_ctx {
	query_units *u;
	int depth;
	int codata;
} pres_ctx;

/* A name in a Pint expression: one of Pint's spellings, or an SI prefix
 * and one ("centimeter", "µ_0" is a name of its own). */
static int pint_resolve(void *vctx, const char *name, size_t n, pk_uval *out)
{
	pres_ctx *c = vctx;
	query_units *u = c->u;
	int idx = map_get(u->pint, name, n), rc, k;
	double f = 1;
	size_t i;

	for (i = 0; idx < 0 && i < sizeof(prefixes) / sizeof(prefixes[0]); i++) {
		const char *forms[2] = { prefixes[i].sym, prefixes[i].word };

		for (k = 0; k < 2 && idx < 0; k++) {
			size_t l = forms[k] ? strlen(forms[k]) : 0;

			if (l && l < n && !memcmp(name, forms[k], l) && (idx = map_get(u->pint, name + l, n - l)) >= 0)
				f = prefixes[i].f;
		}
	}
	if (idx < 0)
		return PK_ENOTFOUND;
	if ((rc = eval_pint(u, (size_t)idx, c->depth + 1)) < 0)
		return rc;
	if (!u->u[idx].valid)
		return pk_error_set(PK_EPARSE, "'%.*s' has no value", (int)n, name);
	memset(out, 0, sizeof(*out));
	out->v = u->u[idx].scale * f;
	for (k = 0; k < QU_NDIM; k++)
		out->e[k] = u->u[idx].dim.e[k];
	c->codata |= !strncmp(u->u[idx].via, "CODATA", 6);
	return 0;
}

/* A Pint unit or constant that depends on physical constants: its value
 * with the graph's CODATA edition (a constant CODATA lists directly is
 * taken as CODATA gives it). Failures leave Pint's own value, marked. */
static int eval_pint(query_units *u, size_t i, int depth)
{
	unit_def *d = &u->u[i];
	pres_ctx c = { u, depth, 0 };
	pk_uval v;
	qu_dim dim;
	double si;
	int rc, k;

	if (d->state == 2)
		return 0;
	if (d->state == 1 || depth > EVAL_DEPTH) {
		d->state = 2;
		return 0; /* a cycle: keep Pint's value */
	}
	d->state = 1;
	if (d->codata && (rc = codata_constant(u, d, &si)) != PK_ENOTFOUND) {
		if (rc < 0 && rc != PK_EPARSE)
			return rc;
		if (rc == 0) {
			d->scale = si;
			d->valid = 1;
			snprintf(d->via, sizeof(d->via), "CODATA %s", u->edition);
			d->state = 2;
			return 0;
		}
	}
	pk_error_clear();
	rc = pk_uexpr_eval(d->expr, strlen(d->expr), pint_resolve, &c, &v);
	if (rc == PK_ENOMEM)
		return rc;
	if (rc == 0 && pk_uval_integral(&v)) {
		for (k = 0; k < QU_NDIM; k++)
			dim.e[k] = (signed char)lround(v.e[k]);
		if (qu_dim_eq(&dim, &d->dim) && isfinite(v.v) && (v.v > 0 || d->origin == DEF_PINT_CONSTANT)) {
			d->scale = v.v;
			d->valid = 1;
			if (c.codata)
				snprintf(d->via, sizeof(d->via), "CODATA %s", u->edition);
		}
	}
	pk_error_clear();
	d->state = 2;
	return 0;
}

static int newest_codata(const kg_source *s, void *ctx)
{
	char *best = ctx;

	if (!strcmp(s->kind, "CODATA") && (!best[0] || kg_edition_cmp(s->edition, best) > 0))
		snprintf(best, 32, "%s", s->edition);
	return 0;
}

static int have_codata(const kg_source *s, void *ctx)
{
	const char *want = ctx;

	return !strcmp(s->kind, "CODATA") && !strcmp(s->edition, want);
}

static slot *new_map(void)
{
	return pk_calloc(MAP_SLOTS, sizeof(slot));
}

int query_units_open(query_units **out, kg_txn *t, const char *edition)
{
	query_units *u;
	load_ctx c;
	size_t i;
	int rc, pass;

	*out = NULL;
	if (!(u = pk_calloc(1, sizeof(*u))))
		return pk_error_set(PK_ENOMEM, "out of memory");
	u->serial = atomic_fetch_add(&units_serial, 1) + 1;
	memset(&c, 0, sizeof(c));
	c.u = u;
	c.npending = 1024;
	u->t = t;
	if (!(c.pending = pk_calloc(c.npending, sizeof(*c.pending))) || !(u->exact = new_map()) ||
	    !(u->folded = new_map()) || !(u->pint = new_map()) || !(u->none = new_map())) {
		rc = pk_error_set(PK_ENOMEM, "out of memory");
		goto fail;
	}
	/* the CODATA edition: the one asked for if the graph has it, else the newest */
	if (edition && *edition && kg_source_each(t, have_codata, (void *)(uintptr_t)edition) == 1)
		snprintf(u->edition, sizeof(u->edition), "%s", edition);
	else if ((rc = kg_source_each(t, newest_codata, u->edition)) < 0)
		goto fail;
	/* provkg's table first: its spellings win, and its "none" rows keep
	 * Pint's clashing symbols out of prose */
	for (pass = DEF_TABLE; pass <= DEF_PINT_CONSTANT; pass++) {
		c.want = pass;
		if ((rc = kg_node_each(t, KG_UNIT, "", on_unit, &c)) < 0)
			goto fail;
	}
	if (u->n == 0) {
		rc = pk_error_set(PK_ENOTFOUND, "the graph has no unit table (ingest data/sources/units/units.tsv)");
		goto fail;
	}
	for (i = 0; i < u->n && i < c.npending; i++) {
		const cJSON *scale;
		double si;

		if (!c.pending[i])
			continue;
		scale = cJSON_GetObjectItemCaseSensitive(c.pending[i], "scale");
		rc = constant_si(u, t, scale->valuestring + 1, &si);
		if (rc == PK_ENOTFOUND || rc == PK_EPARSE) {
			u->u[i].valid = 0; /* e.g. no CODATA in this graph */
			pk_error_clear();
			continue;
		}
		if (rc < 0)
			goto fail;
		u->u[i].scale = si;
		u->u[i].valid = si > 0;
		snprintf(u->u[i].via, sizeof(u->u[i].via), "CODATA %s", u->edition);
	}
	/* Pint's constant-dependent units, with this edition's constants */
	for (i = 0; i < u->n; i++)
		if (u->u[i].expr && (rc = eval_pint(u, i, 0)) < 0)
			goto fail;
	/* units.tsv rows that name a Pint unit ("=parsec") take its value */
	for (i = 0; i < u->n; i++) {
		unit_def *d = &u->u[i];
		int j;

		if (d->origin != DEF_TABLE || !d->codata)
			continue;
		j = map_get(u->pint, d->codata, strlen(d->codata));
		if (j >= 0 && u->u[j].valid && qu_dim_eq(&u->u[j].dim, &d->dim)) {
			d->scale = u->u[j].scale;
			d->valid = 1;
			d->constant = u->u[j].constant;
			memcpy(d->via, u->u[j].via, sizeof(d->via));
		}
	}
	/* the constants the equivalences need */
	constant_si(u, t, "speed of light in vacuum", &u->k.c);
	constant_si(u, t, "Planck constant", &u->k.h);
	constant_si(u, t, "Boltzmann constant", &u->k.k);
	constant_si(u, t, "Avogadro constant", &u->k.NA);
	constant_si(u, t, "elementary charge", &u->k.e);
	constant_si(u, t, "atomic mass constant", &u->k.mu);
	constant_si(u, t, "molar mass constant", &u->k.Mu);
	pk_error_clear();
	for (i = 0; i < c.npending; i++)
		cJSON_Delete(c.pending[i]);
	pk_free(c.pending);
	u->t = NULL;
	*out = u;
	return 0;
fail:
	if (c.pending)
		for (i = 0; i < c.npending; i++)
			cJSON_Delete(c.pending[i]);
	pk_free(c.pending);
	query_units_free(u);
	return rc;
}

static void free_map(slot *m)
{
	size_t i;

	if (!m)
		return;
	for (i = 0; i < MAP_SLOTS; i++)
		pk_free(m[i].key);
	pk_free(m);
}

void query_units_free(query_units *u)
{
	size_t i;

	if (!u)
		return;
	for (i = 0; i < u->n; i++) {
		pk_free(u->u[i].sym);
		pk_free(u->u[i].expr);
		pk_free(u->u[i].codata);
		pk_free(u->u[i].cname);
	}
	pk_free(u->u);
	free_map(u->exact);
	free_map(u->folded);
	free_map(u->pint);
	free_map(u->none);
	pk_free(u);
}

const char *query_units_edition(const query_units *u)
{
	return u->edition;
}

const qu_constants *query_units_constants(const query_units *u)
{
	return &u->k;
}

/* ---- parsing ---------------------------------------------------------- */

typedef struct term {
	double scale, offset;
	qu_dim dim;
	int prefixed, constant;
	int count; /* the power of a count unit (qu_unit.count) */
} term;

static int find_exact(const query_units *u, const char *s, size_t n)
{
	int i = map_get(u->exact, s, n);

	return i >= 0 && u->u[i].valid ? i : -1;
}

static int find_folded(const query_units *u, const char *s, size_t n)
{
	char small[128], *f = small;
	long al = pk_text_fold_ascii(s, n, PK_FOLD_CASE | PK_FOLD_SPACE_ONE, small, sizeof(small));
	int i = -1;

	/* (a token in ASCII, as most are, folds on the stack) */
	if (al < 0 || (size_t)al >= sizeof(small))
		f = fold_lower(s, n);
	if (f) {
		size_t l = strlen(f);

		i = map_get(u->folded, f, l);
		/* plurals the table does not list: "atomic mass units" */
		if (i < 0 && l > 4 && f[l - 1] == 's' && f[l - 2] != 's')
			i = map_get(u->folded, f, l - 1);
		if (f != small)
			pk_free(f);
	}
	return i >= 0 && u->u[i].valid ? i : -1;
}

static void set_term(term *t, const unit_def *d, double f, int prefixed)
{
	t->scale = d->scale * f;
	t->offset = d->offset;
	t->dim = d->dim;
	t->prefixed = prefixed;
	t->constant = d->constant;
	t->count = d->count;
}

/* A token (no spaces) as a unit: symbol, name, or prefix + unit. */
static int lookup_token(const query_units *u, const char *s, size_t n, term *out)
{
	size_t i;
	int idx;

	if ((idx = find_exact(u, s, n)) >= 0 || (idx = find_folded(u, s, n)) >= 0) {
		set_term(out, &u->u[idx], 1.0, 0);
		return 1;
	}
	/* (each prefix's first byte tested first: most tokens are words of
	 * prose, which no prefix begins; the words are lower-case ASCII) */
	for (i = 0; n > 1 && i < sizeof(prefixes) / sizeof(prefixes[0]); i++) {
		const struct prefix *p = &prefixes[i];

		/* symbol prefix + unit symbol: "km", "meV", "μm", "GPa" */
		if (s[0] == p->sym[0]) {
			size_t pl = strlen(p->sym);

			if (n > pl && !memcmp(s, p->sym, pl) && (idx = find_exact(u, s + pl, n - pl)) >= 0 &&
			    u->u[idx].prefixes) {
				set_term(out, &u->u[idx], p->f, 1);
				return 1;
			}
		}
		/* word prefix + unit name: "kilometers", "millielectronvolt" */
		if (p->word && (s[0] | 0x20) == p->word[0]) {
			size_t wl = strlen(p->word);

			if (n > wl && !strncasecmp(s, p->word, wl) && (idx = find_folded(u, s + wl, n - wl)) >= 0 &&
			    u->u[idx].prefixes) {
				set_term(out, &u->u[idx], p->f, 1);
				return 1;
			}
		}
		if (p->zh && s[0] == p->zh[0]) {
			size_t zl = strlen(p->zh);

			if (n > zl && !memcmp(s, p->zh, zl) &&
			    ((idx = find_folded(u, s + zl, n - zl)) >= 0 || (idx = find_exact(u, s + zl, n - zl)) >= 0) &&
			    u->u[idx].prefixes) {
				set_term(out, &u->u[idx], p->f, 1);
				return 1;
			}
		}
	}
	return 0;
}

typedef struct cursor {
	const char *s;
	size_t n, pos;
	int scan;     /* prose: stop quietly at the first non-unit */
	int after_op; /* the term follows "/", "·", "*" or "per": "in" is the inch there */
} cursor;

static int is_unit_char(int32_t cp)
{
	if ((cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') || cp == '_' || cp == '%' ||
	    cp == 0xB0 /* ° */ || cp == 0x2030 /* ‰ */ || cp == 0x3A9 /* Ω */ ||
	    (cp >= 0xC0 && cp <= 0x24F && cp != 0xD7 && cp != 0xF7) /* Å, é, ö; not × ÷ */)
		return 1;
	return (cp >= 0x370 && cp <= 0x3FF) /* Greek */;
}

/* Read the next token: ASCII/Greek letters (with digits and '_' inside
 * names like a0, C_90, E_h), or CJK characters matched longest-first.
 * Returns its length (0 if none) and sets *term when it is a unit. */
static size_t read_token(const query_units *u, const cursor *c, term *t, int *found)
{
	const char *s = c->s + c->pos;
	size_t n = c->n - c->pos, i = 0, letters_end;
	int32_t cp;
	int k;

	*found = 0;
	if (n == 0)
		return 0;
	k = pk_utf8_decode(s, n, &cp);
	if (k < 0)
		return 0;
	if (pk_text_is_han(cp)) {
		/* CJK: longest known name of up to 8 characters */
		size_t ends[9], m = 0, j;

		while (i < n && m < 8) {
			if ((k = pk_utf8_decode(s + i, n - i, &cp)) < 0 || !pk_text_is_han(cp))
				break;
			i += (size_t)k;
			ends[m++] = i;
		}
		for (j = m; j > 0; j--)
			if (lookup_token(u, s, ends[j - 1], t)) {
				*found = 1;
				return ends[j - 1];
			}
		return 0;
	}
	while (i < n) {
		if ((k = pk_utf8_decode(s + i, n - i, &cp)) < 0 || !is_unit_char(cp))
			break;
		i += (size_t)k;
	}
	letters_end = i;
	if (i == 0 || i > TOKEN_MAX)
		return 0;
	/* names of several words: "light year", "electron volts", "atomic
	 * mass unit", "pound force per square inch", "inch Hg 60F" (longest first) */
	{
		size_t ends[4], m = 0, j = i;

		while (m < 4 && j + 1 < n && (s[j] == ' ' || s[j] == '-')) {
			size_t w = j + 1;

			while (w < n && ((s[w] >= 'a' && s[w] <= 'z') || (s[w] >= 'A' && s[w] <= 'Z') ||
					 (s[w] >= '0' && s[w] <= '9')))
				w++;
			if (w == j + 1 || w > TOKEN_MAX * 2)
				break;
			ends[m++] = j = w;
		}
		while (m > 0) {
			int idx = find_folded(u, s, ends[m - 1]);

			if (idx >= 0) {
				set_term(t, &u->u[idx], 1.0, 0);
				*found = 1;
				return ends[m - 1];
			}
			m--;
		}
	}
	/* digits glued to letters: part of the name (a0, C_90) or an exponent (m2, s-1) */
	if (i < n && s[i] >= '0' && s[i] <= '9') {
		size_t j = i;

		while (j < n && s[j] >= '0' && s[j] <= '9')
			j++;
		if (lookup_token(u, s, j, t)) {
			*found = 1;
			return j;
		}
		/* letters again: a name with a formula inside ("cmH2O", "ftH2O") */
		if (j < n && ((s[j] >= 'a' && s[j] <= 'z') || (s[j] >= 'A' && s[j] <= 'Z'))) {
			size_t w = j;

			while (w < n && ((s[w] >= 'a' && s[w] <= 'z') || (s[w] >= 'A' && s[w] <= 'Z') ||
					 (s[w] >= '0' && s[w] <= '9')))
				w++;
			if (w <= TOKEN_MAX && lookup_token(u, s, w, t)) {
				*found = 1;
				return w;
			}
		}
	}
	/* in prose, "in", "at", "as" ... are words, unless an operator or an
	 * exponent says otherwise ("lb/in^3", "in²") */
	if (c->scan && !c->after_op &&
	    !(letters_end < n && (s[letters_end] == '^' || (s[letters_end] >= '0' && s[letters_end] <= '9')))) {
		size_t w;

		for (w = 0; w < sizeof(not_units) / sizeof(not_units[0]); w++)
			if (strlen(not_units[w]) == letters_end && !memcmp(s, not_units[w], letters_end))
				return letters_end; /* a word, not a unit */
	}
	*found = lookup_token(u, s, letters_end, t);
	return letters_end;
}

/* "^2", "^-1", "^(-2)", "**2", "2", "-1" right after a term. */
static int read_exponent(cursor *c, int *e)
{
	const char *s = c->s;
	size_t p = c->pos, start;
	int paren = 0, sign = 1, v = 0;

	*e = 1;
	if (p < c->n && s[p] == '^')
		p++;
	else if (p + 1 < c->n && s[p] == '*' && s[p + 1] == '*')
		p += 2;
	if (p < c->n && s[p] == '(') {
		paren = 1;
		p++;
	}
	if (p < c->n && (s[p] == '-' || s[p] == '+')) {
		sign = s[p] == '-' ? -1 : 1;
		p++;
	}
	start = p;
	while (p < c->n && s[p] >= '0' && s[p] <= '9' && p - start < 3)
		v = v * 10 + (s[p++] - '0');
	if (p == start)
		return 0; /* no exponent: leave the cursor alone */
	if (paren) {
		if (p >= c->n || s[p] != ')')
			return 0;
		p++;
	}
	*e = sign * v;
	c->pos = p;
	return 1;
}

static void term_pow(term *t, int e)
{
	int i;

	t->scale = pow(t->scale, e);
	for (i = 0; i < QU_NDIM; i++)
		t->dim.e[i] = (signed char)(t->dim.e[i] * e);
	t->count *= e;
	if (e != 1)
		t->offset = 0;
}

static void term_mul(term *acc, const term *t, int sign)
{
	int i;

	acc->scale *= sign > 0 ? t->scale : 1.0 / t->scale;
	for (i = 0; i < QU_NDIM; i++)
		acc->dim.e[i] = (signed char)(acc->dim.e[i] + sign * t->dim.e[i]);
	acc->prefixed |= t->prefixed;
	acc->constant |= t->constant;
	acc->count += sign * t->count;
}

static int skip_word(cursor *c, const char *w)
{
	size_t n = strlen(w);

	if (c->pos + n <= c->n && !strncasecmp(c->s + c->pos, w, n) &&
	    (c->pos + n == c->n || c->s[c->pos + n] == ' ')) {
		c->pos += n;
		return 1;
	}
	return 0;
}

/* Blanks from i, then '=': what is before i is set equal to something
 * ("J Hz^-1 c = ...", "a0 = 0.529 nm"): an equation starts there. */
static int equals_after(const char *s, size_t n, size_t i)
{
	while (i < n && s[i] == ' ')
		i++;
	return i < n && s[i] == '=';
}

/* Parse terms until something that is not a unit. Returns the number of
 * terms; *acc holds the product; c->pos ends after the last good term. */
static int parse_product(const query_units *u, cursor *c, term *acc, int depth, int *lone_affine)
{
	int nterms = 0, denom = 0;
	size_t good = c->pos;
	term good_acc = *acc;

	for (;;) {
		size_t save = c->pos, len;
		int sep_div = 0, found, e, op = 0;
		term t;

		/* a reciprocal: "1/cm", "1/s", "per second", and a bare "/cm"
		 * after a number ("1.097e5 /cm", "6.022e23/mol") */
		if (!nterms && !denom && c->pos + 2 < c->n && c->s[c->pos] == '1' && c->s[c->pos + 1] == '/' &&
		    c->s[c->pos + 2] != ' ') {
			c->pos += 2;
			sep_div = op = 1;
		} else if (!nterms && !denom && !depth && c->pos == 0 && c->pos + 1 < c->n && c->s[c->pos] == '/' &&
			   c->s[c->pos + 1] != ' ' && c->s[c->pos + 1] != '/') {
			c->pos += 1;
			sep_div = op = 1;
		} else if (!nterms && !denom && skip_word(c, "per")) {
			if (c->pos < c->n && c->s[c->pos] == ' ')
				c->pos++;
			sep_div = op = 1;
		}
		/* separators: multiplication, division */
		if (nterms) {
			if (c->pos < c->n && c->s[c->pos] == ' ')
				c->pos++;
			if (c->pos < c->n && (c->s[c->pos] == '/')) {
				sep_div = op = 1;
				c->pos++;
			} else if (skip_word(c, "per") || (c->pos + 3 <= c->n && !memcmp(c->s + c->pos, "每", 3) && (c->pos += 3))) {
				sep_div = op = 1;
			} else if (c->pos + 2 <= c->n && (!memcmp(c->s + c->pos, "·", 2))) {
				c->pos += 2;
				op = 1;
			} else if (c->pos + 3 <= c->n && (!memcmp(c->s + c->pos, "⋅", 3) || !memcmp(c->s + c->pos, "∙", 3))) {
				c->pos += 3;
				op = 1;
			} else if (c->pos < c->n && (c->s[c->pos] == '*' ||
						     /* "N.m", "kg.m.s^-1"; ". " ends a sentence:
						      * "1.42 eV. c is the speed of light" */
						     (c->s[c->pos] == '.' && c->pos + 1 < c->n && c->s[c->pos + 1] != ' '))) {
				c->pos++;
				op = c->s[c->pos - 1] == '*';
			} else if (c->pos + 1 < c->n && c->s[c->pos] == '-' && c->pos == save &&
				   ((c->s[c->pos + 1] | 0x20) >= 'a' && (c->s[c->pos + 1] | 0x20) <= 'z')) {
				/* "joule-seconds", "newton-metre": a product (a word
				 * that is no unit after the hyphen ends the unit
				 * before it, as before: "5 m-long") */
				c->pos++;
				op = 1;
				/* "metre-per-second" */
				if (c->pos + 4 < c->n && !strncasecmp(c->s + c->pos, "per-", 4)) {
					c->pos += 4;
					sep_div = 1;
				}
			} else if (c->pos == save) {
				break; /* terms must be separated */
			}
			if (c->pos < c->n && c->s[c->pos] == ' ')
				c->pos++;
		}
		if (c->pos < c->n && c->s[c->pos] == '(' && depth < DEPTH_MAX) {
			term inner = { 1.0, 0, { { 0 } }, 0, 0, 0 };
			int la = 0;

			c->pos++;
			if (parse_product(u, c, &inner, depth + 1, &la) == 0 || c->pos >= c->n || c->s[c->pos] != ')') {
				c->pos = save;
				break;
			}
			c->pos++;
			t = inner;
		} else {
			/* "C/mol e-", "C/mol e⁻" (normalised to "e^-"): the
			 * electrons counted, not the unit e (e^-1 is a power) */
			size_t m = c->pos + 1 + (c->pos + 1 < c->n && c->s[c->pos + 1] == '^');

			if (nterms && c->s[c->pos] == 'e' && m < c->n && c->s[m] == '-' &&
			    !(m + 1 < c->n && c->s[m + 1] >= '0' && c->s[m + 1] <= '9')) {
				c->pos = save;
				break;
			}
			c->after_op = op;
			len = read_token(u, c, &t, &found);
			c->after_op = 0;
			if (!len || !found) {
				c->pos = save;
				break;
			}
			c->pos += len;
		}
		read_exponent(c, &e);
		if (e < -20 || e > 20) {
			c->pos = save;
			break;
		}
		/* "J Hz^-1 c = 1,234 m/s": a symbol set after a blank and
		 * equated starts an equation, and is no factor of the unit
		 * before it ("1 eV = ...": the first term stays the unit) */
		if (nterms && !op && !sep_div && equals_after(c->s, c->n, c->pos)) {
			c->pos = save;
			break;
		}
		term_pow(&t, e);
		if (sep_div)
			denom = 1;
		if (nterms == 0 && !denom && t.offset != 0)
			*lone_affine = 1;
		else if (t.offset != 0 || nterms)
			*lone_affine = 0; /* °C in a compound is a temperature difference */
		term_mul(acc, &t, denom ? -1 : 1);
		if (nterms == 0)
			acc->offset = t.offset;
		nterms++;
		good = c->pos;
		good_acc = *acc;
		if (!c->scan && c->pos < c->n && c->s[c->pos] == ')')
			break;
	}
	c->pos = good;
	*acc = good_acc;
	return nterms;
}

static void finish(const term *t, int lone_affine, qu_unit *out)
{
	out->scale = t->scale;
	out->offset = lone_affine ? t->offset : 0;
	out->dim = t->dim;
	out->prefixed = t->prefixed;
	out->constant = t->constant;
	out->count = t->count;
}

/* The units parsed lately on this thread, by table (its serial, never 0)
 * and text: the same few units are cited again and again ("J s", "eV").
 * Direct-mapped on the text's hash, checked whole; what could not be read
 * is parsed again (its error message with it). */
#define PARSE_MEMO 256 /* a power of two */
#define PARSE_MEMO_TEXT 24

typedef struct parse_memo {
	uint64_t serial;
	size_t n;
	char s[PARSE_MEMO_TEXT];
	qu_unit out;
} parse_memo;

static _Thread_local parse_memo parse_memos[PARSE_MEMO];

int query_units_parse(const query_units *u, const char *s, size_t n, qu_unit *out)
{
	pk_buf norm = PK_BUF_INIT;
	term acc = { 1.0, 0, { { 0 } }, 0, 0, 0 };
	cursor c;
	int rc = 0, lone = 0;
	parse_memo *pm = n < PARSE_MEMO_TEXT ? &parse_memos[pk_hash_mem(s, n) & (PARSE_MEMO - 1)] : NULL;

	if (pm && pm->serial == u->serial && pm->n == n && !memcmp(pm->s, s, n)) {
		*out = pm->out;
		return 0;
	}
	memset(out, 0, sizeof(*out));
	out->scale = 1.0;
	if ((rc = pk_text_fold(&norm, s, n, PK_FOLD_DASH | PK_FOLD_SPACE_ONE)) < 0)
		goto done;
	if (norm.len == 0 || !strcmp(norm.ptr, "1"))
		goto done; /* dimensionless */
	c.s = norm.ptr;
	c.n = norm.len;
	c.pos = 0;
	c.scan = 0;
	c.after_op = 0;
	parse_product(u, &c, &acc, 0, &lone);
	if (c.pos != c.n) {
		rc = pk_error_set(PK_EPARSE, "unknown unit '%.*s' in '%s'", (int)(c.n - c.pos > 20 ? 20 : c.n - c.pos),
				  c.s + c.pos, norm.ptr);
		goto done;
	}
	finish(&acc, lone, out);
done:
	pk_buf_release(&norm);
	if (rc == 0 && pm) {
		pm->serial = u->serial;
		pm->n = n;
		memcpy(pm->s, s, n);
		pm->out = *out;
	}
	return rc;
}

/* Unprefixed unit symbols a glued run is split into (case matters; no
 * symbol that is also a prefix letter but m, whose reading is the point). */
static const char *const glued_symbols[] = { "m",  "s",  "g", "kg", "A",  "K",  "mol", "N",  "J",  "W",
					     "C",  "V",  "F", "T",  "H",  "Pa", "Hz",  "Wb", "eV", "L",
					     "\xce\xa9" /* Ω */ };

/* The ways run[0..n) splits into glued_symbols (capped at 2); the first
 * way's symbol lengths into len[], their count into *k. */
static int glued_split(const char *run, size_t n, unsigned char *len, size_t *k, size_t max)
{
	/* ways[i]: splits of run[i..n), capped at 2; pick[i]: the first's symbol */
	unsigned char ways[16], pick[16];
	size_t i, j;

	if (n == 0 || n >= sizeof(ways))
		return 0;
	ways[n] = 1;
	for (i = n; i-- > 0;) {
		ways[i] = 0;
		pick[i] = 0;
		for (j = 0; j < sizeof(glued_symbols) / sizeof(glued_symbols[0]); j++) {
			size_t l = strlen(glued_symbols[j]);

			if (l > n - i || memcmp(run + i, glued_symbols[j], l) || !ways[i + l])
				continue;
			if (!ways[i])
				pick[i] = (unsigned char)l;
			ways[i] = ways[i] + ways[i + l] > 2 ? 2 : ways[i] + ways[i + l];
		}
	}
	if (ways[0] != 1)
		return ways[0];
	for (i = 0, *k = 0; i < n && *k < max; i += pick[i])
		len[(*k)++] = pick[i];
	return i == n ? 1 : 0;
}

static int glued_letter(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == 0xCE || c == 0xA9;
}

int query_units_parse_glued(const query_units *u, const char *s, size_t n, qu_unit *out, char *as, size_t asn)
{
	char text[160];
	size_t i = 0, o = 0, k, r;
	unsigned char len[16];
	int changed = 0, rc;

	while (i < n) {
		if (!glued_letter((unsigned char)s[i])) {
			if (o + 1 >= sizeof(text))
				return 0;
			text[o++] = s[i++];
			continue;
		}
		for (r = i; r < n && glued_letter((unsigned char)s[r]); r++)
			;
		if (glued_split(s + i, r - i, len, &k, sizeof(len)) != 1)
			return 0;
		/* "C^2N^-1": a symbol right after an exponent is set apart */
		if (o && text[o - 1] >= '0' && text[o - 1] <= '9') {
			if (o + 1 >= sizeof(text))
				return 0;
			text[o++] = ' ';
			changed = 1;
		}
		for (size_t j = 0; j < k; j++) {
			if (o + len[j] + 1 >= sizeof(text))
				return 0;
			if (j) {
				text[o++] = ' ';
				changed = 1;
			}
			memcpy(text + o, s + i, len[j]);
			o += len[j];
			i += len[j];
		}
	}
	text[o] = '\0';
	if (!changed)
		return 0;
	if ((rc = query_units_parse(u, text, o, out)) < 0) {
		pk_error_clear();
		return 0;
	}
	pk_utf8_copy(as, asn, text);
	return 1;
}

size_t query_units_scan(const query_units *u, const char *s, size_t n, qu_unit *out)
{
	term acc = { 1.0, 0, { { 0 } }, 0, 0, 0 };
	cursor c = { s, n, 0, 1, 0 };
	int lone = 0;

	memset(out, 0, sizeof(*out));
	out->scale = 1.0;
	if (parse_product(u, &c, &acc, 0, &lone) == 0)
		return 0;
	finish(&acc, lone, out);
	return c.pos;
}

/* Short words that follow numbers in prose and are no units ("3 of",
 * "5 new", "2 per"): an unknown token of at most three letters that is
 * none of these is taken for a unit that could not be read. */
static const char *const short_words[] = {
	"a", "an", "and", "are", "as", "at", "be", "but", "by", "can", "did", "do", "due", "eg", "et", "etc",
	"few", "for", "had", "has", "he", "her", "his", "how", "i", "ie", "if", "in", "is", "it", "its",
	"let", "may", "new", "no", "nor", "not", "now", "of", "off", "old", "on", "one", "or", "our", "out",
	"per", "see", "she", "so", "the", "to", "too", "two", "up", "us", "via", "vs", "was", "we", "who",
	"why", "yet", "you", "all", "any", "six", "ten", "set", "top", "low", "big", "far", "way", "use",
	"non", "pre", "sub", "max", "mid", "own", "get", "got", "cf", "al", "nm", "th", "st", "nd", "rd"
};

static int is_op_at(const char *s, size_t n, size_t i)
{
	return i < n && (s[i] == '/' || s[i] == '^' || s[i] == '*' ||
			 (i + 1 < n && !memcmp(s + i, "·", 2)) ||
			 (i + 2 < n && (!memcmp(s + i, "⋅", 3) || !memcmp(s + i, "∙", 3))));
}

static size_t op_len(const char *s, size_t n, size_t i)
{
	if (i < n && (s[i] == '/' || s[i] == '^' || s[i] == '*'))
		return 1;
	return i + 1 < n && !memcmp(s + i, "·", 2) ? 2 : 3;
}

/* Letters of a unit-like token at i (ASCII, Greek, °, Å, Ω, µ). */
static size_t token_len(const char *s, size_t n, size_t i)
{
	size_t j = i;
	int32_t cp;
	int k;

	while (j < n && (k = pk_utf8_decode(s + j, n - j, &cp)) > 0 && (is_unit_char(cp) || cp == 0xB5))
		j += (size_t)k;
	return j - i;
}

/* An exponent glued to a token: "^-1", "2", "-1". */
static int exponent_at(const char *s, size_t n, size_t i)
{
	return i < n && (s[i] == '^' || (s[i] >= '0' && s[i] <= '9') ||
			 (s[i] == '-' && i + 1 < n && s[i + 1] >= '0' && s[i + 1] <= '9'));
}

/* After a token at i: an exponent ("a0", "m^2"), blanks, then '=': the
 * token is a symbol set equal to something ("a0 = 0.529 nm"), which
 * starts an equation, not a unit. */
static int equated(const char *s, size_t n, size_t i)
{
	while (i < n && (s[i] == '^' || s[i] == '-' || (s[i] >= '0' && s[i] <= '9')))
		i++;
	return equals_after(s, n, i);
}

/* Extend a unit-like run from i: tokens, exponents, operators, brackets,
 * and blank-separated tokens that carry an exponent or an operator. */
static size_t unit_run_end(const char *s, size_t n, size_t i)
{
	size_t limit = i + 64 < n ? i + 64 : n;

	while (i < limit) {
		size_t t = token_len(s, limit, i);

		if (t) {
			i += t;
			continue;
		}
		if ((s[i] >= '0' && s[i] <= '9') || s[i] == '(' || s[i] == ')' ||
		    ((s[i] == '-' || s[i] == '+') && i + 1 < limit && s[i + 1] >= '0' && s[i + 1] <= '9')) {
			i++;
			continue;
		}
		if (is_op_at(s, limit, i)) {
			i += op_len(s, limit, i);
			continue;
		}
		if (s[i] == ' ' && i + 1 < limit) {
			size_t j = i + 1, tl = token_len(s, limit, j);

			if (tl && (exponent_at(s, limit, j + tl) || is_op_at(s, limit, j + tl))) {
				i = j;
				continue;
			}
			if (is_op_at(s, limit, j)) {
				i = j;
				continue;
			}
		}
		break;
	}
	while (i > 0 && (s[i - 1] == ')' || s[i - 1] == '(') && !memchr(s, '(', i - 1))
		i--; /* a closing bracket of the prose, not of the unit */
	return i;
}

/* Longer words prose puts right after a number ("299792458 exactly",
 * "1836 times", "3 electrons", "5 samples"): words, not units. Any other
 * unknown word there may be a unit provkg does not know, so the value is
 * not compared as if no unit were given. */
static const char *const long_words[] = {
	"about", "above", "according", "across", "after", "against", "along", "also", "although", "among",
	"approximately", "around", "because", "been", "before", "being", "below", "beneath", "beside", "besides",
	"between", "beyond", "both", "cannot", "could", "despite", "does", "down", "during", "each", "either",
	"else", "even", "ever", "every", "exactly", "except", "from", "given", "hence", "here", "however", "into",
	"just", "less", "like", "more", "most", "much", "must", "near", "nearly", "neither", "never", "next", "once",
	"only", "onto", "other", "over", "past", "perhaps", "plus", "minus", "precisely", "rather", "respectively",
	"roughly", "same", "should", "shown", "since", "some", "still", "such", "than", "that", "their", "them",
	"then", "there", "therefore", "these", "they", "this", "those", "though", "thus", "through", "till",
	"times", "toward", "towards", "under", "unless", "until", "upon", "versus", "very", "were", "what",
	"when", "whence", "where", "whereas", "whether", "which", "while", "whose", "will", "with", "within",
	"without", "would", "your", "higher", "lower", "larger", "smaller", "greater", "heavier", "lighter",
	"faster", "slower", "fold", "orders", "order", "digits", "decimal", "significant", "figures", "places",
	"electrons", "electron", "protons", "proton", "neutrons", "neutron", "photons", "photon", "atoms",
	"molecules", "molecule", "particles", "nuclei", "nucleons", "ions", "samples", "sample", "steps", "step",
	"points", "runs", "trials", "measurements", "experiments", "events", "items", "parts", "percent",
	"units", "unit", "when", "measured", "reported", "recommended", "defined", "known", "quoted", "given",
	"found", "obtained", "determined", "calculated", "computed", "estimated", "approximate", "exact",
	"holds", "remains", "comes", "equals", "corresponds", "gives", "yields", "means", "implies",
	"everywhere", "today", "overall", "instead", "actually", "approx", "ref", "refs", "see", "note"
};

static int short_word(const char *s, size_t l)
{
	size_t w;

	/* (the words are lower-case ASCII: the first byte tested first) */
	for (w = 0; l && w < sizeof(short_words) / sizeof(short_words[0]); w++)
		if ((s[0] | 0x20) == short_words[w][0] && strlen(short_words[w]) == l && !strncasecmp(s, short_words[w], l))
			return 1;
	return 0;
}

static int prose_word(const char *s, size_t l)
{
	size_t w;

	if (short_word(s, l))
		return 1;
	for (w = 0; l && w < sizeof(long_words) / sizeof(long_words[0]); w++)
		if ((s[0] | 0x20) == long_words[w][0] && strlen(long_words[w]) == l && !strncasecmp(s, long_words[w], l))
			return 1;
	return 0;
}

/* "(zorp/s)^2": a bracket of unit-like text with an operator or power
 * inside or after it, not a parenthetical remark ("(exact)"). */
static int is_unitish_group(const char *s, size_t n)
{
	size_t i, close = 0;
	int op = 0;

	for (i = 1; i < n && i < 64; i++) {
		if (s[i] == ')') {
			close = i;
			break;
		}
		if (is_op_at(s, n, i))
			op = 1;
		else if (s[i] == ' ' && !(i + 1 < n && is_op_at(s, n, i + 1)) && !(i > 0 && is_op_at(s, n, i - 1)))
			return 0; /* words: a remark */
	}
	return close && (op || exponent_at(s, n, close + 1));
}

size_t query_units_scan_checked(const query_units *u, const char *s, size_t n, qu_unit *out, size_t *unread)
{
	size_t len = query_units_scan(u, s, n, out), t, k;
	int unit_like = 0, upper_inside = 0, non_ascii = 0;

	*unread = 0;
	if (len > 0) {
		/* a unit read in part: "g/cc" with cc unknown, "km s^-1 Mpc^-1" */
		size_t q = len;

		if (is_op_at(s, n, q)) {
			size_t r = q + op_len(s, n, q);

			if (r < n && s[r] == ' ')
				r++;
			unit_like = r < n && (token_len(s, n, r) || s[r] == '(');
		} else if (q < n && token_len(s, n, q)) {
			unit_like = 1; /* letters glued to what was read */
		} else if (q + 1 < n && s[q] == ' ' && (t = token_len(s, n, q + 1)) &&
			   (exponent_at(s, n, q + 1 + t) || is_op_at(s, n, q + 1 + t)) && !equated(s, n, q + 1 + t)) {
			unit_like = 1;
		}
		if (!unit_like)
			return len;
	} else {
		/* nothing read: is what follows the number a unit all the same? */
		if ((n > 2 && s[0] == '1' && s[1] == '/' && (token_len(s, n, 2) || s[2] == '(')) ||
		    (n > 2 && s[0] == '/' && token_len(s, n, 1) >= 2 && !prose_word(s + 1, token_len(s, n, 1))) ||
		    (n > 1 && s[0] == '(' && token_len(s, n, 1) && is_unitish_group(s, n))) {
			unit_like = 1; /* "1/zorp", "(zorp/s)^2" */
			goto unreadable;
		}
		t = token_len(s, n, 0);
		if (!t)
			return 0;
		for (k = 0; k < t; k++) {
			upper_inside |= k > 0 && s[k] >= 'A' && s[k] <= 'Z';
			non_ascii |= (unsigned char)s[k] >= 0x80;
		}
		if (exponent_at(s, n, t) || is_op_at(s, n, t))
			unit_like = !(s[t] == '-' && short_word(s, t)) && !(t > 3 && s[t] == '-');
		else if (upper_inside || non_ascii)
			unit_like = 1; /* "statX", "Ǻ" */
		else if (!prose_word(s, t))
			unit_like = 1; /* "zq", "zorps": a unit we do not know, maybe */
		if (!unit_like)
			return 0; /* a word: "5 times", "3 electrons", "299792458 exactly" */
	}
unreadable:
	memset(out, 0, sizeof(*out));
	out->scale = 1.0;
	*unread = unit_run_end(s, n, 0);
	return 0;
}

/* ---- conversions ------------------------------------------------------ */

enum { EQ_ENERGY, EQ_TEMPERATURE, EQ_FREQUENCY, EQ_WAVENUMBER, EQ_WAVELENGTH, EQ_MASS, EQ_MOLAR };

static const struct equiv {
	signed char e[QU_NDIM];
	const char *how;
} equivs[] = {
	[EQ_ENERGY] = { { 2, 1, -2, 0, 0, 0, 0 }, "" },
	[EQ_TEMPERATURE] = { { 0, 0, 0, 0, 1, 0, 0 }, "E = k T" },
	[EQ_FREQUENCY] = { { 0, 0, -1, 0, 0, 0, 0 }, "E = h nu" },
	[EQ_WAVENUMBER] = { { -1, 0, 0, 0, 0, 0, 0 }, "E = h c nu~" },
	[EQ_WAVELENGTH] = { { 1, 0, 0, 0, 0, 0, 0 }, "E = h c / lambda" },
	[EQ_MASS] = { { 0, 1, 0, 0, 0, 0, 0 }, "E = m c^2" },
	[EQ_MOLAR] = { { 2, 1, -2, 0, 0, -1, 0 }, "E = E_m / N_A" },
};

static int equiv_of(const qu_dim *d)
{
	size_t i;

	for (i = 0; i < sizeof(equivs) / sizeof(equivs[0]); i++)
		if (!memcmp(equivs[i].e, d->e, QU_NDIM))
			return (int)i;
	return -1;
}

static int to_energy(const qu_constants *k, int kind, double v, double *out)
{
	switch (kind) {
	case EQ_ENERGY: *out = v; break;
	case EQ_TEMPERATURE: *out = k->k * v; break;
	case EQ_FREQUENCY: *out = k->h * v; break;
	case EQ_WAVENUMBER: *out = k->h * k->c * v; break;
	case EQ_WAVELENGTH: *out = v != 0 ? k->h * k->c / v : INFINITY; break;
	case EQ_MASS: *out = v * k->c * k->c; break;
	case EQ_MOLAR: *out = k->NA ? v / k->NA : NAN; break;
	default: return -1;
	}
	return isfinite(*out) && *out != 0 ? 0 : -1;
}

static int from_energy(const qu_constants *k, int kind, double E, double *out)
{
	switch (kind) {
	case EQ_ENERGY: *out = E; break;
	case EQ_TEMPERATURE: *out = E / k->k; break;
	case EQ_FREQUENCY: *out = E / k->h; break;
	case EQ_WAVENUMBER: *out = E / (k->h * k->c); break;
	case EQ_WAVELENGTH: *out = k->h * k->c / E; break;
	case EQ_MASS: *out = E / (k->c * k->c); break;
	case EQ_MOLAR: *out = E * k->NA; break;
	default: return -1;
	}
	return isfinite(*out) ? 0 : -1;
}

int query_units_convert(const query_units *u, double si, const qu_dim *from, const qu_dim *to,
			double *out, char *how, size_t hown)
{
	int a, b;
	double E;

	if (how && hown)
		how[0] = '\0';
	if (qu_dim_eq(from, to)) {
		*out = si;
		return 0;
	}
	a = equiv_of(from);
	b = equiv_of(to);
	if (a < 0 || b < 0 || !u->k.h || !u->k.c || !u->k.k || !u->k.NA)
		return PK_EINVAL;
	if (to_energy(&u->k, a, si, &E) < 0 || from_energy(&u->k, b, E, out) < 0)
		return PK_EINVAL;
	if (how && hown) {
		if (a == EQ_ENERGY || b == EQ_ENERGY)
			snprintf(how, hown, "%s", equivs[a == EQ_ENERGY ? b : a].how);
		else
			snprintf(how, hown, "%s; %s", equivs[a].how, equivs[b].how);
	}
	return 0;
}

int query_units_convert_text(const query_units *u, double value, const char *from, const char *to,
			     double *out, char *how, size_t hown)
{
	qu_unit a, b;
	double si, conv;
	char da[64], db[64];
	int rc;

	if (how && hown)
		how[0] = '\0';
	if ((rc = query_units_parse(u, from, strlen(from), &a)) < 0 ||
	    (rc = query_units_parse(u, to, strlen(to), &b)) < 0)
		return rc;
	si = value * a.scale + a.offset;
	if (query_units_convert(u, si, &a.dim, &b.dim, &conv, how, hown) < 0) {
		qu_dim_format(da, sizeof(da), &a.dim);
		qu_dim_format(db, sizeof(db), &b.dim);
		return pk_error_set(PK_EINVAL, "'%s' (%s) does not convert to '%s' (%s)", from, da, to, db);
	}
	*out = (conv - b.offset) / b.scale;
	return 0;
}

int query_units_definition(const query_units *u, const char *s, size_t n, const char **codata, const char **origin)
{
	pk_buf norm = PK_BUF_INIT;
	int idx = -1;

	*codata = NULL;
	*origin = NULL;
	if (pk_text_fold(&norm, s, n, PK_FOLD_DASH | PK_FOLD_SPACE_ONE) < 0 || !norm.len) {
		pk_buf_release(&norm);
		pk_error_clear();
		return 0;
	}
	if ((idx = find_exact(u, norm.ptr, norm.len)) < 0)
		idx = find_folded(u, norm.ptr, norm.len);
	pk_buf_release(&norm);
	if (idx < 0)
		return 0;
	*codata = u->u[idx].cname;
	*origin = u->u[idx].origin == DEF_TABLE && !u->u[idx].codata ? "provkg units.tsv" : "Pint";
	return 1;
}
