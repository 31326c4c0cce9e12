/* ingest/pint.c - Pint's unit definition files as unit nodes.
 *
 * Pint (github.com/hgrecco/pint, BSD-3-Clause) keeps a maintained database
 * of about 600 units in a line format:
 *
 *   name = expression [; offset: X] [= symbol] [= alias] ...
 *   prefix- = factor [= symbol-] [= alias-]
 *   [dimension] = expression        (derived dimension names: not needed)
 *   @group NAME ... @end            (definitions inside count as usual)
 *   @context/@system/@defaults ... @end   (not unit definitions)
 *   @import FILE                    (constants_en.txt: CODATA constants)
 *   @alias NAME = alias ...
 *
 * Every definition is evaluated to SI base units (common/uexpr) with Pint's
 * own prefixes and constants, and stored as a unit node (key "pint:NAME",
 * kind "unit-pint") whose data holds the scale, the dimension, the names,
 * and, when the unit depends on a physical constant, the expression: the
 * unit engine (query/units.c) evaluates that again with the constants of
 * the graph's CODATA edition, so 1 light year or 1 bohr is the edition's,
 * not Pint's. Constants are nodes of kind "unit-pint-constant" used only
 * inside such expressions. A definition that cannot be represented (a
 * logarithmic unit, a base dimension outside SI such as [printing_unit],
 * a fractional dimension such as the Gaussian franklin) is rejected with
 * file:line and the reason, as any bad record.
 */
#include "internal.h"

#include "../common/alloc.h"
#include "../common/error.h"
#include "../common/hash.h"
#include "../common/json.h"
#include "../common/lines.h"
#include "../common/text.h"
#include "../common/uexpr.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LINE_MAX_BYTES 4096
#define IMPORT_DEPTH 4
#define NAMES_MAX 24

typedef struct pdef {
	char *name;           /* canonical name */
	char *expr;           /* the definition, modifiers removed */
	char *offset;         /* "; offset: X" or NULL */
	char *names[NAMES_MAX]; /* symbol and aliases as written */
	size_t nnames;
	char *file;
	size_t line;
	int constant;         /* read from a constants file */
	int state;            /* 0 not evaluated, 1 evaluating, 2 done, -1 failed */
	int uses_constant;    /* the value depends on a physical constant */
	pk_uval val;
	double off;
	int why;              /* failed: one of WHY_*, else 0 */
	char err[256];
} pdef;

/* Definitions that are sound but not linear SI units: not imported, and
 * summed up in one warning instead of being reported as bad records. */
enum { WHY_NONE, WHY_LOG, WHY_BASE, WHY_FRACTIONAL, WHY_COUNT };
static const char *const why_text[WHY_COUNT] = { "", "logarithmic", "a base dimension outside SI",
						 "a fractional dimension (Gaussian system)" };

typedef struct pprefix {
	char *name, *symbol, *alias;
	double f;
} pprefix;

typedef struct pdb {
	pdef *d;
	size_t n, cap;
	pprefix *p;
	size_t np, capp;
	/* name -> def index: open addressing over every name and alias */
	char **keys;
	size_t *idx;
	size_t slots;
	size_t prefixes_seen, dims_seen, contexts_seen;
} pdb;

static const char *const base_dims[PK_UDIM] = { "[length]", "[mass]", "[time]", "[current]",
						 "[temperature]", "[substance]", "[luminosity]" };


static void pdb_release(pdb *db)
{
	size_t i, k;

	for (i = 0; i < db->n; i++) {
		pk_free(db->d[i].name);
		pk_free(db->d[i].expr);
		pk_free(db->d[i].offset);
		pk_free(db->d[i].file);
		for (k = 0; k < db->d[i].nnames; k++)
			pk_free(db->d[i].names[k]);
	}
	pk_free(db->d);
	for (i = 0; i < db->np; i++) {
		pk_free(db->p[i].name);
		pk_free(db->p[i].symbol);
		pk_free(db->p[i].alias);
	}
	pk_free(db->p);
	for (i = 0; i < db->slots; i++)
		pk_free(db->keys[i]);
	pk_free(db->keys);
	pk_free(db->idx);
	memset(db, 0, sizeof(*db));
}

static char *trim_dup(const char *s, size_t n)
{
	while (n && (*s == ' ' || *s == '\t'))
		s++, n--;
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	return pk_strndup(s, n);
}

/* ---- the name index --------------------------------------------------- */

static int index_put(pdb *db, const char *key, size_t di)
{
	size_t n = strlen(key), h;

	if (!n || !strcmp(key, "_"))
		return 0;
	h = pk_fnv1a32(key, n) & (db->slots - 1);
	while (db->keys[h]) {
		if (!strcmp(db->keys[h], key))
			return 0; /* the first definition of a name wins, as in Pint */
		h = (h + 1) & (db->slots - 1);
	}
	if (!(db->keys[h] = pk_strdup(key)))
		return pk_error_set(PK_ENOMEM, "out of memory");
	db->idx[h] = di;
	return 0;
}

static long index_get(const pdb *db, const char *key, size_t n)
{
	size_t h = pk_fnv1a32(key, n) & (db->slots - 1);

	while (db->keys[h]) {
		if (strlen(db->keys[h]) == n && !memcmp(db->keys[h], key, n))
			return (long)db->idx[h];
		h = (h + 1) & (db->slots - 1);
	}
	return -1;
}

static int build_index(pdb *db)
{
	size_t i, k, total = 0;

	for (i = 0; i < db->n; i++)
		total += 1 + db->d[i].nnames;
	for (db->slots = 64; db->slots < 4 * total; db->slots *= 2)
		;
	if (!(db->keys = pk_calloc(db->slots, sizeof(*db->keys))) ||
	    !(db->idx = pk_calloc(db->slots, sizeof(*db->idx))))
		return pk_error_set(PK_ENOMEM, "out of memory");
	for (i = 0; i < db->n; i++) {
		int rc;

		if ((rc = index_put(db, db->d[i].name, i)) < 0)
			return rc;
		for (k = 0; k < db->d[i].nnames; k++)
			if ((rc = index_put(db, db->d[i].names[k], i)) < 0)
				return rc;
	}
	return 0;
}

/* ---- evaluation ------------------------------------------------------- */

static int eval_def(pdb *db, size_t i);

typedef struct rctx {
	pdb *db;
	int uses_constant;
	int dep_why; /* a definition used failed for this WHY_* reason */
} rctx;

static int resolve_def(rctx *c, long di, double f, pk_uval *out)
{
	pdef *d;
	int rc, k;

	if (di < 0)
		return PK_ENOTFOUND;
	if ((rc = eval_def(c->db, (size_t)di)) < 0)
		return rc;
	d = &c->db->d[di];
	if (d->state < 0) {
		c->dep_why = d->why;
		return pk_error_set(PK_EPARSE, "'%s' (%s:%zu) is not usable: %s", d->name, d->file, d->line, d->err);
	}
	*out = d->val;
	out->v *= f;
	for (k = 0; k < PK_UDIM; k++)
		out->e[k] = d->val.e[k];
	c->uses_constant |= d->constant || d->uses_constant;
	return 0;
}

/* A name in an expression: a definition, or a Pint prefix and a definition
 * ("centimeter", "cm", "µ_0" is a name of its own). */
static int resolve(void *vctx, const char *name, size_t n, pk_uval *out)
{
	rctx *c = vctx;
	pdb *db = c->db;
	long di = index_get(db, name, n);
	size_t i;

	if (di >= 0)
		return resolve_def(c, di, 1.0, out);
	for (i = 0; i < db->np; i++) {
		const char *forms[3] = { db->p[i].name, db->p[i].symbol, db->p[i].alias };
		int k;

		for (k = 0; k < 3; k++) {
			size_t l = forms[k] ? strlen(forms[k]) : 0;

			if (l && l < n && !memcmp(name, forms[k], l) && (di = index_get(db, name + l, n - l)) >= 0)
				return resolve_def(c, di, db->p[i].f, out);
		}
	}
	return PK_ENOTFOUND;
}

/* A number expression with additions, as offsets are written ("233.15 + 200 / 9"). */
static int eval_sum(pdb *db, const char *s, double *out)
{
	rctx c = { db, 0, 0 };
	const char *p = s;
	int rc;

	*out = 0;
	for (;;) {
		const char *plus = strchr(p, '+');
		size_t len = plus ? (size_t)(plus - p) : strlen(p);
		pk_uval v;

		if ((rc = pk_uexpr_eval(p, len, resolve, &c, &v)) < 0)
			return rc;
		*out += v.v;
		if (!plus)
			return 0;
		p = plus + 1;
	}
}

static int eval_def(pdb *db, size_t i)
{
	pdef *d = &db->d[i];
	rctx c = { db, 0, 0 };
	int rc, k;

	if (d->state == 2 || d->state == -1)
		return 0;
	if (d->state == 1) {
		d->state = -1;
		snprintf(d->err, sizeof(d->err), "its definition refers to itself");
		return 0;
	}
	d->state = 1;
	memset(&d->val, 0, sizeof(d->val));
	if (d->expr[0] == '[') {
		/* a base unit: "[length]" ... "[]" is dimensionless (radian, bit, count) */
		d->val.v = 1;
		if (strcmp(d->expr, "[]")) {
			for (k = 0; k < PK_UDIM && strcmp(d->expr, base_dims[k]); k++)
				;
			if (k == PK_UDIM) {
				d->state = -1;
				d->why = WHY_BASE;
				snprintf(d->err, sizeof(d->err), "base dimension %s is not an SI base quantity", d->expr);
				return 0;
			}
			d->val.e[k] = 1;
			if (k == 1)
				d->val.v = 1e-3; /* Pint's mass unit is the gram */
		}
	} else if ((rc = pk_uexpr_eval(d->expr, strlen(d->expr), resolve, &c, &d->val)) < 0) {
		if (rc == PK_ENOMEM || rc == PK_ELIMIT)
			return rc;
		d->state = -1;
		d->why = c.dep_why;
		snprintf(d->err, sizeof(d->err), "%s", pk_error_last());
		pk_error_clear();
		return 0;
	}
	if (!pk_uval_integral(&d->val)) {
		d->state = -1;
		d->why = WHY_FRACTIONAL;
		snprintf(d->err, sizeof(d->err), "a fractional dimension (Gaussian-system units are not SI)");
		return 0;
	}
	if (d->offset && (rc = eval_sum(db, d->offset, &d->off)) < 0) {
		if (rc == PK_ENOMEM)
			return rc;
		d->state = -1;
		snprintf(d->err, sizeof(d->err), "offset: %s", pk_error_last());
		pk_error_clear();
		return 0;
	}
	if (!(d->val.v > 0) && !d->constant) {
		d->state = -1;
		snprintf(d->err, sizeof(d->err), "a scale that is not positive");
		return 0;
	}
	d->uses_constant = c.uses_constant;
	d->state = 2;
	return 0;
}

/* ---- reading the files ------------------------------------------------ */

static int add_prefix(pdb *db, char **parts, size_t np)
{
	pprefix *x;
	pk_uval v;
	rctx c = { db, 0, 0 };
	size_t i;
	int rc;

	db->prefixes_seen++;
	if ((rc = pk_uexpr_eval(parts[1], strlen(parts[1]), resolve, &c, &v)) < 0) {
		pk_error_clear();
		return 0; /* "semi- = 0.5" and the like evaluate; anything else is not used */
	}
	if (PK_ALLOC_GROW(db->p, db->np + 1, db->capp, 32) < 0)
		return PK_ENOMEM;
	x = &db->p[db->np++];
	memset(x, 0, sizeof(*x));
	x->f = v.v;
	for (i = 0; i < np && i < 4; i++) {
		char **dst = i == 0 ? &x->name : i == 2 ? &x->symbol : i == 3 ? &x->alias : NULL;
		size_t l = strlen(parts[i]);

		if (!dst || !l || parts[i][l - 1] != '-' || !strcmp(parts[i], "_-") || !strcmp(parts[i], "_"))
			continue;
		if (!(*dst = pk_strndup(parts[i], l - 1)))
			return pk_error_set(PK_ENOMEM, "out of memory");
	}
	return 0;
}

static int add_def(pdb *db, char **parts, size_t np, const char *file, size_t line, int constant)
{
	pdef *d;
	char *semi;
	size_t i;

	if (PK_ALLOC_GROW(db->d, db->n + 1, db->cap, 256) < 0)
		return PK_ENOMEM;
	d = &db->d[db->n];
	memset(d, 0, sizeof(*d));
	d->line = line;
	d->constant = constant;
	if (!(d->file = pk_strdup(file)) || !(d->name = pk_strdup(parts[0]))) {
		pk_free(d->file);
		return pk_error_set(PK_ENOMEM, "out of memory");
	}
	db->n++;
	/* "kelvin; offset: 0", "decibel = 1 ; logbase: 10; logfactor: 10" */
	if ((semi = strchr(parts[1], ';'))) {
		char *mod = semi + 1;

		*semi = '\0';
		mod += strspn(mod, " ");
		if (!strncmp(mod, "offset:", 7)) {
			if (!(d->offset = trim_dup(mod + 7, strlen(mod + 7))))
				return pk_error_set(PK_ENOMEM, "out of memory");
			if (!strcmp(d->offset, "0")) {
				pk_free(d->offset);
				d->offset = NULL;
			}
		} else {
			d->state = -1;
			d->why = WHY_LOG;
			snprintf(d->err, sizeof(d->err), "a logarithmic unit (%s), not a linear one", mod);
		}
	}
	if (!(d->expr = trim_dup(parts[1], strlen(parts[1]))))
		return pk_error_set(PK_ENOMEM, "out of memory");
	for (i = 2; i < np && d->nnames < NAMES_MAX; i++) {
		if (!parts[i][0] || !strcmp(parts[i], "_"))
			continue;
		if (!(d->names[d->nnames] = pk_strdup(parts[i])))
			return pk_error_set(PK_ENOMEM, "out of memory");
		d->nnames++;
	}
	return 0;
}

/* "@alias meter = metro = metr" */
static int add_alias(pdb *db, char **parts, size_t np)
{
	size_t i, k;

	for (i = 0; i < db->n; i++) {
		pdef *d = &db->d[i];

		if (strcmp(d->name, parts[0]))
			continue;
		for (k = 1; k < np && d->nnames < NAMES_MAX; k++)
			if (parts[k][0] && !(d->names[d->nnames++] = pk_strdup(parts[k])))
				return pk_error_set(PK_ENOMEM, "out of memory");
		return 0;
	}
	return 0;
}

static int read_file(pdb *db, const char *path, int depth, ingest_result *res, const ingest_opts *o);

/* Split "a = b = c" at '=' into trimmed parts (modifiers stay in part 1). */
static size_t split_eq(char *s, char **parts, size_t max)
{
	size_t n = 0;

	while (n < max) {
		char *eq = strchr(s, '=');
		char *a = s, *b;

		if (eq)
			*eq = '\0';
		while (*a == ' ' || *a == '\t')
			a++;
		b = a + strlen(a);
		while (b > a && (b[-1] == ' ' || b[-1] == '\t'))
			*--b = '\0';
		parts[n++] = a;
		if (!eq)
			break;
		s = eq + 1;
	}
	return n;
}

static int read_line(pdb *db, char *line, const char *path, size_t lineno, int constants, int depth,
		     int *skipping, ingest_result *res, const ingest_opts *o)
{
	char *hash_mark = strchr(line, '#'), *p, *parts[NAMES_MAX + 2];
	size_t np;

	if (hash_mark)
		*hash_mark = '\0';
	p = line + strspn(line, " \t");
	if (!*p)
		return 0;
	if (*skipping) {
		if (!strncmp(p, "@end", 4))
			*skipping = 0;
		return 0;
	}
	if (*p == '@') {
		if (!strncmp(p, "@end", 4) || !strncmp(p, "@group", 6))
			return 0; /* groups only gather definitions */
		if (!strncmp(p, "@context", 8) || !strncmp(p, "@system", 7) || !strncmp(p, "@defaults", 9)) {
			db->contexts_seen++;
			*skipping = 1;
			return 0;
		}
		if (!strncmp(p, "@import", 7)) {
			char *file = p + 7, dir[4096];
			const char *slash = strrchr(path, '/');
			int rc;

			file += strspn(file, " \t");
			file[strcspn(file, " \t\r")] = '\0';
			if (depth >= IMPORT_DEPTH || strchr(file, '/') || !*file)
				return ingest_reject(res, o, "%s:%zu: @import of '%s' not followed", path, lineno, file);
			snprintf(dir, sizeof(dir), "%.*s%s", slash ? (int)(slash - path + 1) : 0, path, file);
			if ((rc = read_file(db, dir, depth + 1, res, o)) < 0)
				return rc;
			return 0;
		}
		if (!strncmp(p, "@alias", 6)) {
			np = split_eq(p + 6, parts, NAMES_MAX + 2);
			return np >= 2 ? add_alias(db, parts, np) : 0;
		}
		return ingest_reject(res, o, "%s:%zu: unknown directive '%.20s'", path, lineno, p);
	}
	np = split_eq(p, parts, NAMES_MAX + 2);
	if (np < 2 || !parts[0][0] || !parts[1][0])
		return ingest_reject(res, o, "%s:%zu: expected 'name = definition'", path, lineno);
	if (parts[0][0] == '[') {
		db->dims_seen++; /* a derived dimension's name: dimensions are computed */
		return 0;
	}
	if (parts[0][strlen(parts[0]) - 1] == '-')
		return add_prefix(db, parts, np);
	return add_def(db, parts, np, path, lineno, constants);
}

static int read_file(pdb *db, const char *path, int depth, ingest_result *res, const ingest_opts *o)
{
	pk_lines *r = NULL;
	const char *line;
	size_t len;
	int rc, constants = 0, skipping = 0, first = 1;

	if ((rc = pk_lines_open(&r, path, LINE_MAX_BYTES)) < 0)
		return rc;
	while ((rc = pk_lines_next(r, &line, &len)) != 0) {
		char *copy;

		if (rc == PK_ELIMIT) {
			if ((rc = ingest_reject(res, o, "%s", pk_error_last())) < 0)
				break;
			continue;
		}
		if (rc < 0)
			break;
		if (first && strstr(line, "constants definition file"))
			constants = 1;
		first = 0;
		if (!pk_utf8_valid(line, len)) {
			if ((rc = ingest_reject(res, o, "%s:%zu: invalid UTF-8", path, pk_lines_lineno(r))) < 0)
				break;
			continue;
		}
		if (!(copy = pk_strndup(line, len))) {
			rc = pk_error_set(PK_ENOMEM, "out of memory");
			break;
		}
		rc = read_line(db, copy, path, pk_lines_lineno(r), constants, depth, &skipping, res, o);
		pk_free(copy);
		if (rc < 0)
			break;
	}
	pk_lines_free(r);
	return rc;
}

/* ---- writing ---------------------------------------------------------- */

static void dim_string(char *out, size_t n, const pk_uval *v)
{
	static const char *const base[PK_UDIM] = { "m", "kg", "s", "A", "K", "mol", "cd" };
	size_t len = 0;
	int i;

	out[0] = '\0';
	for (i = 0; i < PK_UDIM && len + 12 < n; i++) {
		long e = lround(v->e[i]);

		if (!e)
			continue;
		len += (size_t)snprintf(out + len, n - len, "%s%s", len ? " " : "", base[i]);
		if (e != 1)
			len += (size_t)snprintf(out + len, n - len, "^%ld", e);
	}
	if (!len)
		snprintf(out, n, "1");
}

static int write_def(kg_txn *t, uint32_t sid, const pdef *d, ingest_result *res)
{
	pk_buf data = PK_BUF_INIT, key = PK_BUF_INIT, spaced = PK_BUF_INIT;
	char num[32], dims[96], loc[512];
	pk_json w;
	kg_node nd;
	size_t k;
	int rc;

	pk_json_init(&w, &data);
	pk_json_obj(&w);
	pk_json_fmt_double(num, d->val.v);
	pk_json_kstr(&w, "scale", num);
	dim_string(dims, sizeof(dims), &d->val);
	pk_json_kstr(&w, "dim", dims);
	if (d->off != 0) {
		pk_json_fmt_double(num, d->off);
		pk_json_kstr(&w, "offset", num);
	}
	pk_json_kbool(&w, "prefixes", 0);
	if (d->constant || d->uses_constant)
		pk_json_kstr(&w, "expr", d->expr);
	pk_json_kstr(&w, "pint", d->name);
	if (d->constant) {
		/* the CODATA name it stands for: "electron_mass" -> "electron mass" */
		if ((rc = pk_buf_puts(&spaced, d->name)) < 0)
			goto done;
		for (k = 0; k < spaced.len; k++)
			if (spaced.ptr[k] == '_')
				spaced.ptr[k] = ' ';
		pk_json_kstr(&w, "codata", spaced.ptr);
	}
	pk_json_key(&w, "names");
	pk_json_arr(&w);
	for (k = 0; k < d->nnames; k++)
		pk_json_str(&w, d->names[k]);
	pk_json_end_arr(&w);
	snprintf(loc, sizeof(loc), "%s:%zu", ingest_basename(d->file), d->line);
	pk_json_kstr(&w, "locator", loc);
	pk_json_end_obj(&w);
	if ((rc = pk_json_error(&w)) < 0 || (rc = pk_buf_printf(&key, "pint:%s", d->name)) < 0)
		goto done;
	memset(&nd, 0, sizeof(nd));
	nd.type = KG_UNIT;
	nd.key = key.ptr;
	nd.name = d->name;
	nd.symbol = d->nnames ? d->names[0] : NULL;
	nd.kind = d->constant ? "unit-pint-constant" : "unit-pint";
	nd.data = data.ptr;
	if ((rc = kg_node_put(t, sid, &nd)) == 0)
		res->records++;
done:
	pk_buf_release(&data);
	pk_buf_release(&key);
	pk_buf_release(&spaced);
	return rc;
}

int ingest_pint(kg_txn *t, const char *path, const ingest_opts *o, ingest_result *res)
{
	pdb db;
	char edition[64] = "", note[256];
	pk_buf skipped[WHY_COUNT], summary = PK_BUF_INIT;
	size_t nskipped[WHY_COUNT] = { 0 };
	uint32_t sid;
	size_t i;
	int rc;

	memset(&db, 0, sizeof(db));
	for (i = 0; i < WHY_COUNT; i++)
		pk_buf_init(&skipped[i], 1 << 16);
	res->kind = INGEST_PINT;
	if ((rc = ingest_sidecar_edition(edition, sizeof(edition), path)) < 0)
		return rc;
	if (!edition[0])
		snprintf(edition, sizeof(edition), "%s", o && o->edition ? o->edition : "unversioned");
	if ((rc = read_file(&db, path, 0, res, o)) < 0 || (rc = build_index(&db)) < 0)
		goto done;
	for (i = 0; i < db.n; i++)
		if ((rc = eval_def(&db, i)) < 0)
			goto done;
	snprintf(note, sizeof(note),
		 "Pint unit definitions (BSD-3-Clause); %zu prefixes read for evaluation (provkg applies the "
		 "SI prefixes itself), %zu contexts/systems and %zu derived dimension names not needed",
		 db.prefixes_seen, db.contexts_seen, db.dims_seen);
	if ((rc = ingest_source_begin(t, res, "Pint", edition, path, note, 0, &sid)) < 0)
		goto done;
	for (i = 0; i < db.n; i++) {
		const pdef *d = &db.d[i];

		if (d->state < 0 && d->why) {
			/* named in the summary below */
			if ((rc = pk_buf_printf(&skipped[d->why], "%s%s", nskipped[d->why] ? ", " : "", d->name)) < 0)
				goto done;
			nskipped[d->why]++;
			continue;
		}
		if (d->state < 0) {
			if ((rc = ingest_reject(res, o, "%s:%zu: %s: %s", d->file, d->line, d->name, d->err)) < 0)
				goto done;
			continue;
		}
		if ((rc = write_def(t, sid, d, res)) < 0)
			goto done;
	}
	for (i = 1; i < WHY_COUNT; i++)
		if (nskipped[i] && (rc = pk_buf_printf(&summary, "%s%zu %s (%s)", summary.len ? "; " : "", nskipped[i],
						      why_text[i], skipped[i].ptr)) < 0)
			goto done;
	if (summary.len && (rc = ingest_note(res, "%s: not imported, not linear SI units: %s", path, summary.ptr)) < 0)
		goto done;
	rc = kg_source_finish(t, sid, res->records, res->rejected, NULL);
done:
	for (i = 0; i < WHY_COUNT; i++)
		pk_buf_release(&skipped[i]);
	pk_buf_release(&summary);
	pdb_release(&db);
	return rc;
}
