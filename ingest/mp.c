/* ingest/mp.c - Materials Project documents.
 *
 * Reads summary documents (the API's /materials/summary, the bulk dump's
 * summary/NNN.jsonl.gz files) and the older "materials" documents (properties
 * under bandstructure, magnetism, structure.lattice; monty-serialised
 * {"@module": "datetime", "string": ...} values), as a JSON array, JSON
 * Lines, or a single document, plain or gzip. Each material becomes one
 * record (kg/material) in canonical units, keyed by material_id and the
 * source, and is indexed by its reduced formula ('F' + key). Values given
 * with a unit ({"value": 0.61, "unit": "eV"}, "610 meV") are converted;
 * an unknown unit, NaN or Infinity drops that field with a message naming
 * the record; a record without an id or formula is skipped.
 */
#include "internal.h"

#include "../common/alloc.h"
#include "../common/error.h"
#include "../common/formula.h"
#include "../common/lines.h"
#include "../common/pj.h"
#include "../kg/material.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DOC_MAX ((size_t)1 << 30)
#define LINE_MAX_BYTES ((size_t)64 << 20)

enum { /* string slots */
	S_ID, S_TASK_ID, S_FORMULA, S_CRYSTAL, S_SG, S_UPDATED, S_BUILD, S_DBVERSION, S_COUNT
};

typedef struct path_map {
	const char *path;
	int field;  /* MPF_* or -1 */
	int slot;   /* S_* or -1 */
} path_map;

/* Sorted by path (byte order, as strcmp): looked up by binary search;
 * ingest_mp checks the order. */
static const path_map paths[] = {
	{ "_bt", -1, S_BUILD },        /* the older builders' build time */
	{ "_bt.string", -1, S_BUILD },
	{ "band_gap", MPF_BAND_GAP, -1 },
	{ "bandstructure.band_gap", MPF_BAND_GAP, -1 },
	{ "bandstructure.cbm", MPF_CBM, -1 },
	{ "bandstructure.efermi", MPF_EFERMI, -1 },
	{ "bandstructure.is_gap_direct", MPF_IS_GAP_DIRECT, -1 },
	{ "bandstructure.is_metal", MPF_IS_METAL, -1 },
	{ "bandstructure.vbm", MPF_VBM, -1 },
	{ "builder_meta.build_date", -1, S_BUILD },
	{ "builder_meta.build_date.string", -1, S_BUILD },
	{ "builder_meta.database_version", -1, S_DBVERSION },
	{ "bulk_modulus.vrh", MPF_K_VRH, -1 },
	{ "cbm", MPF_CBM, -1 },
	{ "density", MPF_DENSITY, -1 },
	{ "deprecated", MPF_DEPRECATED, -1 },
	{ "e_electronic", MPF_E_ELECTRONIC, -1 },
	{ "e_ionic", MPF_E_IONIC, -1 },
	{ "e_total", MPF_E_TOTAL, -1 },
	{ "efermi", MPF_EFERMI, -1 },
	{ "energy_above_hull", MPF_E_ABOVE_HULL, -1 },
	{ "energy_per_atom", MPF_ENERGY_PER_ATOM, -1 },
	{ "formation_energy_per_atom", MPF_FORMATION_ENERGY, -1 },
	{ "formula_pretty", -1, S_FORMULA },
	{ "g_vrh", MPF_G_VRH, -1 },
	{ "is_gap_direct", MPF_IS_GAP_DIRECT, -1 },
	{ "is_metal", MPF_IS_METAL, -1 },
	{ "is_stable", MPF_IS_STABLE, -1 },
	{ "k_vrh", MPF_K_VRH, -1 },
	{ "last_updated", -1, S_UPDATED },
	{ "last_updated.string", -1, S_UPDATED },
	{ "magnetism.total_magnetization", MPF_TOTAL_MAGNETIZATION, -1 },
	{ "material_id", -1, S_ID },
	{ "n", MPF_N, -1 },
	{ "nsites", MPF_NSITES, -1 },
	{ "shear_modulus.vrh", MPF_G_VRH, -1 },
	{ "structure.lattice.a", MPF_A, -1 },
	{ "structure.lattice.alpha", MPF_ALPHA, -1 },
	{ "structure.lattice.b", MPF_B, -1 },
	{ "structure.lattice.beta", MPF_BETA, -1 },
	{ "structure.lattice.c", MPF_C, -1 },
	{ "structure.lattice.gamma", MPF_GAMMA, -1 },
	{ "symmetry.crystal_system", -1, S_CRYSTAL },
	{ "symmetry.number", MPF_SG_NUMBER, -1 },
	{ "symmetry.symbol", -1, S_SG },
	{ "task_id", -1, S_TASK_ID },
	{ "theoretical", MPF_THEORETICAL, -1 },
	{ "total_magnetization", MPF_TOTAL_MAGNETIZATION, -1 },
	{ "vbm", MPF_VBM, -1 },
	{ "volume", MPF_VOLUME, -1 },
};

/* Units a field may be given in, with the factor to its canonical unit. */
static const struct unit_conv {
	const char *unit;
	double factor;
	const char *canonical;
} convs[] = {
	{ "eV", 1, "eV" }, { "meV", 1e-3, "eV" }, { "eV/atom", 1, "eV/atom" }, { "meV/atom", 1e-3, "eV/atom" },
	{ "g/cm^3", 1, "g/cm^3" }, { "g/cm3", 1, "g/cm^3" }, { "g cm^-3", 1, "g/cm^3" }, { "kg/m^3", 1e-3, "g/cm^3" },
	{ "Å^3", 1, "Å^3" }, { "ang^3", 1, "Å^3" }, { "A^3", 1, "Å^3" }, { "nm^3", 1000, "Å^3" },
	{ "Å", 1, "Å" }, { "ang", 1, "Å" }, { "A", 1, "Å" }, { "nm", 10, "Å" }, { "pm", 0.01, "Å" },
	{ "°", 1, "°" }, { "deg", 1, "°" }, { "degree", 1, "°" }, { "GPa", 1, "GPa" }, { "MPa", 1e-3, "GPa" },
	{ "μB", 1, "μB" }, { "bohr_magneton", 1, "μB" }, { "muB", 1, "μB" },
};

typedef struct mp_doc {
	kg_material m;
	pk_buf strs;        /* decoded strings */
	size_t off[S_COUNT];
	int have[S_COUNT];
	char functional[32];
	int saw_gga, saw_ggau, saw_scan, saw_other;
	char bad[128];      /* why the record cannot be kept, "" if it can */
} mp_doc;

typedef struct mp_ctx {
	kg_txn *t;
	uint32_t sid;
	const ingest_opts *o;
	ingest_result *res;
	const char *file;
	pk_buf key, rec;
	char edition[64];  /* the first document's database version or build date */
} mp_ctx;

static int cmp_path(const void *key, const void *elem)
{
	return strcmp(key, ((const path_map *)elem)->path);
}

static const path_map *find_path(const char *path)
{
	return bsearch(path, paths, sizeof(paths) / sizeof(paths[0]), sizeof(paths[0]), cmp_path);
}

static int paths_sorted(void)
{
	size_t i;

	for (i = 1; i < sizeof(paths) / sizeof(paths[0]); i++)
		if (strcmp(paths[i - 1].path, paths[i].path) >= 0)
			return 0;
	return 1;
}

/* Is any wanted path below this object path ("structure" for
 * "structure.lattice.a")? The first path not below "path." sorts after
 * every path that is. */
static int wanted_prefix(const char *path)
{
	size_t lo = 0, hi = sizeof(paths) / sizeof(paths[0]), n = strlen(path);

	if (!strcmp(path, "task_types"))
		return 1;
	while (lo < hi) { /* first entry >= path */
		size_t mid = (lo + hi) / 2;

		if (strcmp(paths[mid].path, path) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < sizeof(paths) / sizeof(paths[0]) && !strncmp(paths[lo].path, path, n); lo++)
		if (paths[lo].path[n] == '.')
			return 1;
	return 0;
}

static int convert_unit(int field, const char *unit, double *v)
{
	size_t i;
	const char *want = kg_mp_field_unit(field);

	if (!*unit || !strcmp(unit, want))
		return 0;
	for (i = 0; i < sizeof(convs) / sizeof(convs[0]); i++)
		if (!strcmp(convs[i].unit, unit) && !strcmp(convs[i].canonical, want)) {
			*v *= convs[i].factor;
			return 0;
		}
	return -1;
}

static int set_value(mp_ctx *c, mp_doc *d, int field, double v, const char *unit, const char *path,
		     const char *where, const char *id)
{
	if (!isfinite(v))
		return ingest_drop_field(c->res, c->o, "%s: %s: %s is %s; field dropped", where, id, path,
				     isnan(v) ? "NaN" : "infinite");
	if (unit && convert_unit(field, unit, &v) < 0)
		return ingest_drop_field(c->res, c->o, "%s: %s: %s in unknown unit '%s' (expected %s); field dropped",
					 where, id, path, unit, kg_mp_field_unit(field));
	d->m.v[field] = v;
	d->m.have |= 1ull << field;
	return 0;
}

/* A leaf value at `path`: numbers, booleans, strings ("0.61 eV"), or a
 * {"value": x, "unit": u} object. Deferred messages need the id, which may
 * come later in the document: they are collected as (path, problem). */
typedef struct pending {
	const char *path;   /* the path table's */
	double v;
	char unit[32];
	int field;
} pending;

#define MAX_PENDING 64

typedef struct walk {
	mp_ctx *c;
	mp_doc *d;
	pending p[MAX_PENDING];
	size_t np;
} walk;

static void defer(walk *w, const path_map *pm, double v, const char *unit)
{
	pending *p;
	size_t n = unit ? strlen(unit) : 0;

	if (w->np >= MAX_PENDING)
		return;
	p = &w->p[w->np++];
	p->path = pm->path;
	p->field = pm->field;
	p->v = v;
	if (n >= sizeof(p->unit))
		n = sizeof(p->unit) - 1;
	memcpy(p->unit, unit ? unit : "", n);
	p->unit[n] = '\0';
}

static int leaf(walk *w, pj *j, const char *path)
{
	const path_map *pm = find_path(path);
	mp_doc *d = w->d;
	int t = pj_peek(j);

	if (!pm)
		return pj_skip(j);
	if (pm->slot >= 0) {
		size_t start = d->strs.len;

		if (t == PJ_OBJECT)
			return pj_skip(j); /* e.g. a datetime object handled via its ".string" path */
		if (t != PJ_STRING) {
			/* an id or formula that is not a string makes the record unusable */
			if (pm->slot == S_ID || pm->slot == S_TASK_ID || pm->slot == S_FORMULA)
				snprintf(d->bad, sizeof(d->bad), "%s is not a string", path);
			return pj_skip(j);
		}
		if (pj_string(j, &d->strs, 1) < 0)
			return -1;
		if (pk_buf_putc(&d->strs, '\0') < 0)
			return -1;
		d->off[pm->slot] = start;
		d->have[pm->slot] = d->strs.len - start > 1;
		return 0;
	}
	if (t == PJ_NULL)
		return pj_skip(j);
	if (t == PJ_TRUE || t == PJ_FALSE) {
		defer(w, pm, t == PJ_TRUE, NULL);
		return pj_skip(j);
	}
	if (t == PJ_NUMBER) {
		double v;

		if (pj_number(j, &v) < 0)
			return -1;
		defer(w, pm, v, NULL);
		return 0;
	}
	if (t == PJ_STRING) {
		/* "0.61 eV" */
		pk_buf s = PK_BUF_INIT;
		char *end;
		double v;

		if (pj_string(j, &s, 0) < 0) {
			pk_buf_release(&s);
			return -1;
		}
		v = strtod(s.ptr ? s.ptr : "", &end);
		if (end == s.ptr)
			v = NAN;
		while (*end == ' ')
			end++;
		defer(w, pm, v, end);
		pk_buf_release(&s);
		return 0;
	}
	if (t == PJ_OBJECT) {
		/* {"value": 0.61, "unit": "eV"} (pymatgen FloatWithUnit and the like) */
		const char *k;
		size_t kl;
		double v = NAN;
		char unit[32] = "";
		int m;

		if (pj_enter(j) < 0)
			return -1;
		while ((m = pj_key(j, &k, &kl)) == 1) {
			if (kl == 5 && !memcmp(k, "value", 5) && pj_peek(j) == PJ_NUMBER) {
				if (pj_number(j, &v) < 0)
					return -1;
			} else if ((kl == 4 && !memcmp(k, "unit", 4)) || (kl == 5 && !memcmp(k, "units", 5))) {
				pk_buf u = PK_BUF_INIT;

				if (pj_string(j, &u, 1) < 0) {
					pk_buf_release(&u);
					return -1;
				}
				snprintf(unit, sizeof(unit), "%s", u.ptr ? u.ptr : "");
				pk_buf_release(&u);
			} else if (pj_skip(j) < 0) {
				return -1;
			}
		}
		if (m < 0)
			return -1;
		defer(w, pm, v, unit);
		return 0;
	}
	return pj_skip(j);
}

/* task_types: {"mp-1": "GGA Static", ...}: the functionals used */
static int task_types(walk *w, pj *j)
{
	const char *k;
	size_t kl;
	int m;

	if (pj_peek(j) != PJ_OBJECT)
		return pj_skip(j);
	if (pj_enter(j) < 0)
		return -1;
	while ((m = pj_key(j, &k, &kl)) == 1) {
		pk_buf s = PK_BUF_INIT;

		if (pj_string(j, &s, 1) < 0) {
			pk_buf_release(&s);
			return -1;
		}
		if (s.ptr) {
			if (!strncmp(s.ptr, "GGA+U", 5))
				w->d->saw_ggau = 1;
			else if (!strncmp(s.ptr, "GGA", 3))
				w->d->saw_gga = 1;
			else if (strstr(s.ptr, "SCAN"))
				w->d->saw_scan = 1;
			else
				w->d->saw_other = 1;
		}
		pk_buf_release(&s);
	}
	return m;
}

static int walk_object(walk *w, pj *j, char *path, size_t plen, int depth)
{
	const char *k;
	size_t kl;
	int m;

	if (pj_enter(j) < 0)
		return -1;
	while ((m = pj_key(j, &k, &kl)) == 1) {
		size_t nl = plen + (plen ? 1 : 0) + kl;

		if (nl >= 95 || depth > 4) {
			if (pj_skip(j) < 0)
				return -1;
			continue;
		}
		if (plen)
			path[plen] = '.';
		memcpy(path + plen + (plen ? 1 : 0), k, kl);
		path[nl] = '\0';
		if (!strcmp(path, "task_types")) {
			if (task_types(w, j) < 0)
				return -1;
		} else if (pj_peek(j) == PJ_OBJECT && wanted_prefix(path) && !find_path(path)) {
			if (walk_object(w, j, path, nl, depth + 1) < 0)
				return -1;
		} else if (pj_peek(j) == PJ_OBJECT && wanted_prefix(path)) {
			/* both a leaf ({"value","unit"}) and a prefix ("last_updated".string) */
			pj probe = *j;
			const char *k2;
			size_t kl2;
			int is_wrapper = 0;

			if (pj_enter(&probe) == 0)
				while (pj_key(&probe, &k2, &kl2) == 1) {
					if (kl2 == 6 && !memcmp(k2, "string", 6))
						is_wrapper = 1;
					if (pj_skip(&probe) < 0)
						break;
				}
			if ((is_wrapper ? walk_object(w, j, path, nl, depth + 1) : leaf(w, j, path)) < 0)
				return -1;
		} else if (leaf(w, j, path) < 0) {
			return -1;
		}
		path[plen] = '\0';
	}
	return m;
}

static const char *str(const mp_doc *d, int slot)
{
	return d->have[slot] ? d->strs.ptr + d->off[slot] : NULL;
}

/* Edition from a document: the database version, else the build date. */
static void doc_edition(const mp_doc *d, char *out, size_t n)
{
	const char *v = str(d, S_DBVERSION), *b = str(d, S_BUILD);

	if (v)
		snprintf(out, n, "%s", v);
	else if (b)
		snprintf(out, n, "%.10s", b);
}

static int read_doc(mp_ctx *c, pj *j, const char *where, mp_doc *d, int store)
{
	walk w;
	char path[96] = "";
	const char *id, *formula;
	pk_formula f;
	char key[64];
	size_t i;
	int rc;

	memset(&w, 0, sizeof(w));
	w.c = c;
	w.d = d;
	kg_material_clear(&d->m);
	pk_buf_reset(&d->strs);
	memset(d->have, 0, sizeof(d->have));
	d->saw_gga = d->saw_ggau = d->saw_scan = d->saw_other = 0;
	d->bad[0] = '\0';
	if (pj_peek(j) != PJ_OBJECT) {
		if (pj_skip(j) < 0)
			return -1;
		return store ? ingest_reject(c->res, c->o, "%s: not a JSON object", where) : 0;
	}
	if (walk_object(&w, j, path, 0, 0) < 0)
		return -1;
	if (!store)
		return 0;
	id = str(d, S_ID) ? str(d, S_ID) : str(d, S_TASK_ID);
	if (d->bad[0])
		return ingest_reject(c->res, c->o, "%s: %s%s%s", where, id ? id : "", id ? ": " : "", d->bad);
	if (!id)
		return ingest_reject(c->res, c->o, "%s: no material_id (nor task_id)", where);
	formula = str(d, S_FORMULA);
	if (!formula || pk_formula_parse(&f, formula, strlen(formula)) < 0)
		return ingest_reject(c->res, c->o, "%s: %s: %s formula_pretty", where, id,
				     formula ? "unreadable" : "no");
	for (i = 0; i < w.np; i++)
		if ((rc = set_value(c, d, w.p[i].field, w.p[i].v, w.p[i].unit[0] ? w.p[i].unit : NULL, w.p[i].path,
				    where, id)) < 0)
			return rc;
	pk_formula_key(&f, 1, key, sizeof(key));
	d->m.material_id = id;
	d->m.formula_pretty = formula;
	d->m.formula_key = key;
	d->m.crystal_system = str(d, S_CRYSTAL);
	d->m.sg_symbol = str(d, S_SG);
	d->m.updated = str(d, S_UPDATED) ? str(d, S_UPDATED) : str(d, S_BUILD);
	d->m.file = ingest_basename(c->file);
	d->functional[0] = '\0';
	if (d->saw_gga || d->saw_ggau || d->saw_scan)
		snprintf(d->functional, sizeof(d->functional), "%s%s%s%s%s", d->saw_gga ? "GGA" : "",
			 d->saw_gga && d->saw_ggau ? "/" : "", d->saw_ggau ? "GGA+U" : "",
			 (d->saw_gga || d->saw_ggau) && d->saw_scan ? "/" : "", d->saw_scan ? "r2SCAN" : "");
	d->m.functional = d->functional[0] ? d->functional : NULL;
	/* write: the record under "id 0x1f sid", the formula index */
	pk_buf_reset(&c->key);
	pk_buf_reset(&c->rec);
	{
		unsigned char s4[4] = { (unsigned char)(c->sid >> 24), (unsigned char)(c->sid >> 16),
					(unsigned char)(c->sid >> 8), (unsigned char)c->sid };

		if ((rc = pk_buf_puts(&c->key, id)) < 0 || (rc = pk_buf_putc(&c->key, 0x1f)) < 0 ||
		    (rc = pk_buf_put(&c->key, s4, 4)) < 0 || (rc = kg_material_encode(&c->rec, &d->m)) < 0)
			return rc;
	}
	if (c->key.len > 400)
		return ingest_reject(c->res, c->o, "%s: material id too long", where);
	if ((rc = kg_doc_put(c->t, c->sid, KG_DOC_MATERIALS, c->key.ptr, c->key.len, c->rec.ptr, c->rec.len)) < 0)
		return rc;
	pk_buf_reset(&c->key);
	if ((rc = pk_buf_putc(&c->key, 'F')) < 0 || (rc = pk_buf_puts(&c->key, key)) < 0 ||
	    (rc = kg_index_add(c->t, c->sid, c->key.ptr, c->key.len, id, strlen(id))) < 0)
		return rc;
	c->res->records++;
	return 0;
}

/* A document-layout file: a JSON array of documents, or one document. */
static int read_whole(mp_ctx *c, const char *text, size_t n, mp_doc *d, int store)
{
	char where[600];
	size_t idx = 0;
	pj j;
	int m, rc;

	pj_init(&j, text, n);
	if (pj_peek(&j) == PJ_OBJECT) {
		snprintf(where, sizeof(where), "%s", c->file);
		if ((rc = read_doc(c, &j, where, d, store)) < 0 && j.err)
			return ingest_reject(c->res, c->o, "%s: byte %zu: %s", c->file, pj_offset(&j), pj_error(&j));
		return rc;
	}
	if (pj_enter(&j) < 0)
		return ingest_reject(c->res, c->o, "%s: byte %zu: not a JSON array or object", c->file, pj_offset(&j));
	while ((m = pj_more(&j)) == 1) {
		const char *start = j.p;
		int depth = j.depth;

		idx++;
		snprintf(where, sizeof(where), "%s: record %zu", c->file, idx);
		if ((rc = read_doc(c, &j, where, d, store)) < 0) {
			if (!j.err)
				return rc;
			const char *id = str(d, S_ID) ? str(d, S_ID) : str(d, S_TASK_ID);

			if ((rc = ingest_reject(c->res, c->o, "%s: %s%s%s at byte %zu", where, id ? id : "",
						id ? ": " : "", pj_error(&j), pj_offset(&j))) < 0)
				return rc;
			/* skip the whole record if its structure holds */
			j.err = NULL;
			j.p = start;
			j.depth = depth;
			if (pj_skip(&j) < 0)
				return ingest_reject(c->res, c->o, "%s: cannot continue after record %zu", c->file, idx);
		}
		if (!store)
			return 0; /* the edition probe reads one document */
	}
	if (m < 0)
		return ingest_reject(c->res, c->o, "%s: byte %zu: %s", c->file, pj_offset(&j), pj_error(&j));
	return 0;
}

static int read_lines(mp_ctx *c, mp_doc *d, int store)
{
	pk_lines *r = NULL;
	const char *line;
	size_t len;
	char where[600];
	int rc;

	if ((rc = pk_lines_open(&r, c->file, LINE_MAX_BYTES)) < 0)
		return rc;
	for (;;) {
		pj j;

		rc = pk_lines_next(r, &line, &len);
		if (rc == 0)
			break;
		if (rc == PK_ELIMIT) {
			if ((rc = ingest_reject(c->res, c->o, "%s", pk_error_last())) < 0)
				break;
			continue;
		}
		if (rc < 0) {
			rc = ingest_reject(c->res, c->o, "%s (records before the damage were kept)", pk_error_last());
			break;
		}
		if (strspn(line, " \t") == len)
			continue;
		snprintf(where, sizeof(where), "%s:%zu", c->file, pk_lines_lineno(r));
		pj_init(&j, line, len);
		if ((rc = read_doc(c, &j, where, d, store)) < 0) {
			if (!j.err)
				break;
			const char *id = str(d, S_ID) ? str(d, S_ID) : str(d, S_TASK_ID);

			if ((rc = ingest_reject(c->res, c->o, "%s: %s%s%s at column %zu", where, id ? id : "",
						id ? ": " : "", pj_error(&j), pj_offset(&j) + 1)) < 0)
				break;
		}
		if (!store)
			break;
		if (c->o && c->o->progress && c->res->records % 65536 == 0)
			c->o->progress(c->o->ctx, "Materials Project documents", c->res->records, 0);
	}
	pk_lines_free(r);
	return rc < 0 ? rc : 0;
}

/* JSON Lines when the first line is one whole object and more follow. */
static int is_jsonl(const char *file)
{
	pk_lines *r = NULL;
	const char *line;
	size_t len;
	int yes = 0;

	if (pk_lines_open(&r, file, 1 << 20) < 0) {
		pk_error_clear();
		return 0;
	}
	if (pk_lines_next(r, &line, &len) == 1) {
		pj j;

		pj_init(&j, line, len);
		yes = pj_peek(&j) == PJ_OBJECT && pj_skip(&j) == 0 && pj_peek(&j) == PJ_EOF;
	}
	pk_lines_free(r);
	pk_error_clear();
	return yes;
}

static int read_file(mp_ctx *c, mp_doc *d, int store)
{
	char *text = NULL;
	size_t n = 0;
	int rc;

	if (is_jsonl(c->file))
		return read_lines(c, d, store);
	if ((rc = pk_file_read(&text, &n, c->file, DOC_MAX)) < 0)
		return ingest_reject(c->res, c->o, "%s", pk_error_last());
	rc = read_whole(c, text, n, d, store);
	pk_free(text);
	return rc;
}

int ingest_mp(kg_txn *t, const char *path, char *const *files, size_t nfiles, const ingest_opts *o,
	      ingest_result *res)
{
	mp_ctx c;
	mp_doc *d;
	char edition[64] = "";
	size_t i;
	int rc = 0;

	res->kind = INGEST_MP;
	if (!paths_sorted())
		return pk_error_set(PK_EINVAL, "internal error: the MP path table is not sorted");
	memset(&c, 0, sizeof(c));
	c.t = t;
	c.o = o;
	c.res = res;
	if (!(d = pk_calloc(1, sizeof(*d))))
		return pk_error_set(PK_ENOMEM, "out of memory");
	pk_buf_init(&d->strs, 1 << 20);
	/* the edition the files name (a sidecar, the first document's
	 * database version or build date), else --edition, else the name of
	 * the file or directory */
	if ((rc = ingest_sidecar_edition(edition, sizeof(edition), path)) < 0)
		goto done;
	if (!edition[0] && nfiles) {
		ingest_result probe;

		ingest_result_init(&probe);
		c.res = &probe;
		c.file = files[0];
		read_file(&c, d, 0);
		doc_edition(d, edition, sizeof(edition));
		ingest_result_release(&probe);
		c.res = res;
		pk_error_clear();
	}
	if (!edition[0] && o && o->edition && *o->edition)
		snprintf(edition, sizeof(edition), "%s", o->edition);
	if (!edition[0])
		snprintf(edition, sizeof(edition), "%.63s", ingest_basename(path));
	if ((rc = ingest_source_begin(t, res, "MP", edition, path, "Materials Project (DFT-computed)",
				      o && o->complete ? KG_SOURCE_COMPLETE : 0, &c.sid)) < 0)
		goto done;
	for (i = 0; i < nfiles && rc == 0; i++) {
		c.file = files[i];
		rc = read_file(&c, d, 1);
	}
	if (rc == 0)
		rc = kg_source_finish(t, c.sid, res->records, res->rejected, NULL);
done:
	pk_buf_release(&c.key);
	pk_buf_release(&c.rec);
	pk_buf_release(&d->strs);
	pk_free(d);
	return rc;
}
