/* ingest/codata.c - NIST CODATA "allascii" tables.
 *
 * Layout (every edition since 1998 at physics.nist.gov/cuu/Constants):
 * a header naming the adjustment ("2018 CODATA adjustment", or
 * "2014 Fundamental Physical Constants --- Complete Listing"), a column
 * header, a line of dashes, then one constant per line in fixed columns:
 *   name [0,60)  value [60,85)  uncertainty [85,110)  unit [110,end)
 * Values group digits by single spaces and carry the exponent as a
 * separate token ("6.626 070 15 e-34"); exact values have "(exact)" as
 * uncertainty and, when not finite decimals, end in "..." (truncated).
 * A line whose columns do not line up is split on runs of two or more
 * spaces instead, so a re-padded copy still reads.
 */
#include "internal.h"

#include "../common/alloc.h"
#include "../common/error.h"
#include "../common/lines.h"
#include "../common/num.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define COL_VALUE 60
#define COL_UNC 85
#define COL_UNIT 110

typedef struct field {
	const char *p;
	size_t n;
} field;

static field trim(const char *p, size_t n)
{
	field f;

	while (n && (*p == ' ' || *p == '\t')) {
		p++;
		n--;
	}
	while (n && (p[n - 1] == ' ' || p[n - 1] == '\t'))
		n--;
	f.p = p;
	f.n = n;
	return f;
}

static field column(const char *line, size_t len, size_t from, size_t to)
{
	if (from >= len)
		return trim(line, 0);
	if (to > len)
		to = len;
	return trim(line + from, to - from);
}

/* Split on runs of >= 2 blanks into at most 4 fields. Returns the count. */
static int split_wide(const char *line, size_t len, field out[4])
{
	size_t i = 0;
	int n = 0;

	while (i < len && n < 4) {
		size_t start, end;

		while (i < len && line[i] == ' ')
			i++;
		if (i >= len)
			break;
		start = i;
		while (i < len && !(line[i] == ' ' && (i + 1 >= len || line[i + 1] == ' ')))
			i++;
		end = i;
		out[n++] = trim(line + start, end - start);
	}
	while (i < len && line[i] == ' ')
		i++;
	return i < len ? 5 : n; /* more than four fields: not a constant line */
}

/* Columns line up when the separating positions are blank. */
static int columns_ok(const char *line, size_t len)
{
	if (len <= COL_VALUE || line[COL_VALUE - 1] != ' ')
		return 0;
	if (len > COL_UNC && line[COL_UNC - 1] != ' ')
		return 0;
	if (len > COL_UNIT && line[COL_UNIT - 1] != ' ')
		return 0;
	return 1;
}

/* Edition: a year 19xx/20xx on a header line mentioning CODATA or the
 * listing title. */
static int header_year(const char *line, size_t len, char out[8])
{
	size_t i;

	if (!strstr(line, "CODATA") && !strstr(line, "Fundamental Physical Constants"))
		return 0;
	for (i = 0; i + 4 <= len; i++) {
		if ((line[i] == '1' && line[i + 1] == '9') || (line[i] == '2' && line[i + 1] == '0')) {
			if (line[i + 2] >= '0' && line[i + 2] <= '9' && line[i + 3] >= '0' &&
			    line[i + 3] <= '9' && (i == 0 || line[i - 1] == ' ') &&
			    (i + 4 == len || line[i + 4] == ' ')) {
				memcpy(out, line + i, 4);
				out[4] = '\0';
				return 1;
			}
		}
	}
	return 0;
}

static int is_dashes(const char *line, size_t len)
{
	size_t i;

	if (len < 10)
		return 0;
	for (i = 0; i < len; i++)
		if (line[i] != '-')
			return 0;
	return 1;
}

int ingest_codata_edition(const char *path, char *year, size_t n)
{
	pk_lines *r = NULL;
	const char *line;
	size_t len;
	char y[8] = "";
	int rc;

	if ((rc = pk_lines_open(&r, path, 4096)) < 0)
		return rc;
	while ((rc = pk_lines_next(r, &line, &len)) != 0 && pk_lines_lineno(r) <= 100) {
		if (rc < 0 && rc != PK_ELIMIT)
			break;
		if (rc > 0 && (header_year(line, len, y) || is_dashes(line, len)))
			break;
	}
	pk_lines_free(r);
	if (!y[0])
		return pk_error_set(PK_EPARSE, "%s: not a CODATA table (no edition year in its header)", path);
	snprintf(year, n, "%s", y);
	return 0;
}

/* Constants NIST renamed in the 2018 adjustment, old name -> new name.
 * Both editions' values land on the new name's quantity, so editions can be
 * compared ("outdated") and a lookup finds every edition; the published
 * name stays in the value's note and at its locator. Source: the 2014 and
 * 2018 allascii tables, matched by symbol, unit and value. */
static const char *const renames[][2] = {
	{ "Bohr magneton in inverse meters per tesla", "Bohr magneton in inverse meter per tesla" },
	{ "Boltzmann constant in inverse meters per kelvin", "Boltzmann constant in inverse meter per kelvin" },
	{ "Compton wavelength over 2 pi", "reduced Compton wavelength" },
	{ "Cu x unit", "Copper x unit" },
	{ "Mo x unit", "Molybdenum x unit" },
	{ "Planck constant in eV s", "Planck constant in eV/Hz" },
	{ "Planck constant over 2 pi", "reduced Planck constant" },
	{ "Planck constant over 2 pi in eV s", "reduced Planck constant in eV s" },
	{ "Planck constant over 2 pi times c in MeV fm", "reduced Planck constant times c in MeV fm" },
	{ "atomic unit of mom.um", "atomic unit of momentum" },
	{ "electric constant", "vacuum electric permittivity" },
	{ "electron gyromag. ratio over 2 pi", "electron gyromag. ratio in MHz/T" },
	{ "mag. constant", "vacuum mag. permeability" },
	{ "muon Compton wavelength over 2 pi", "reduced muon Compton wavelength" },
	{ "natural unit of mom.um", "natural unit of momentum" },
	{ "natural unit of mom.um in MeV/c", "natural unit of momentum in MeV/c" },
	{ "neutron Compton wavelength over 2 pi", "reduced neutron Compton wavelength" },
	{ "neutron gyromag. ratio over 2 pi", "neutron gyromag. ratio in MHz/T" },
	{ "nuclear magneton in inverse meters per tesla", "nuclear magneton in inverse meter per tesla" },
	{ "proton Compton wavelength over 2 pi", "reduced proton Compton wavelength" },
	{ "proton gyromag. ratio over 2 pi", "proton gyromag. ratio in MHz/T" },
	{ "shielded helion gyromag. ratio over 2 pi", "shielded helion gyromag. ratio in MHz/T" },
	{ "shielded proton gyromag. ratio over 2 pi", "shielded proton gyromag. ratio in MHz/T" },
	{ "tau Compton wavelength over 2 pi", "reduced tau Compton wavelength" },
	{ "tau mass energy equivalent in MeV", "tau energy equivalent" },
	{ "{220} lattice spacing of silicon", "lattice spacing of ideal Si (220)" },
};

/* CODATA abbreviates in names: "mag. mom." (magnetic moment), "mom."
 * (moment), "gyromag." (gyromagnetic). Writes the name spelled out and
 * returns 1, or 0 when there is nothing to expand. */
static int expand_abbreviations(const char *name, char *out, size_t n)
{
	static const char *const abbr[][2] = { { "mag. mom.", "magnetic moment" }, { "gyromag.", "gyromagnetic" },
					       { "mom.", "moment" }, { "mag.", "magnetic" } };
	size_t len = 0, k;
	const char *p = name;
	int changed = 0;

	while (*p && len + 1 < n) {
		for (k = 0; k < sizeof(abbr) / sizeof(abbr[0]); k++) {
			size_t l = strlen(abbr[k][0]);

			if (!strncmp(p, abbr[k][0], l) && (p == name || p[-1] == ' ')) {
				len += (size_t)snprintf(out + len, n - len, "%s", abbr[k][1]);
				p += l;
				changed = 1;
				break;
			}
		}
		if (k == sizeof(abbr) / sizeof(abbr[0]))
			out[len++] = *p++;
	}
	if (len >= n)
		return 0;
	out[len] = '\0';
	return changed;
}

static const char *current_name(const char *published)
{
	size_t i;

	for (i = 0; i < sizeof(renames) / sizeof(renames[0]); i++)
		if (!strcmp(published, renames[i][0]))
			return renames[i][1];
	return published;
}

typedef struct seen_names {
	char **v;
	size_t n, cap;
} seen_names;

static int seen_add(seen_names *s, const char *key)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (!strcmp(s->v[i], key))
			return 1;
	if (PK_ALLOC_GROW(s->v, s->n + 1, s->cap, 512) < 0)
		return PK_ENOMEM;
	if (!(s->v[s->n] = pk_strdup(key)))
		return pk_error_set(PK_ENOMEM, "out of memory");
	s->n++;
	return 0;
}

static void seen_release(seen_names *s)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		pk_free(s->v[i]);
	pk_free(s->v);
}

static int constant_line(kg_txn *t, uint32_t sid, const char *file, size_t lineno,
			 const char *line, size_t len, const ingest_opts *o, ingest_result *res,
			 seen_names *seen)
{
	field f[4] = { { 0 } };
	char name[128], vtext[64], utext[64], unit[64], locator[256], note[192];
	const char *canon;
	pk_num val, unc;
	kg_value v;
	kg_node q;
	char *qkey = NULL;
	int exact, rc, nf;

	if (columns_ok(line, len)) {
		f[0] = column(line, len, 0, COL_VALUE);
		f[1] = column(line, len, COL_VALUE, COL_UNC);
		f[2] = column(line, len, COL_UNC, COL_UNIT);
		f[3] = column(line, len, COL_UNIT, len);
		nf = f[3].n ? 4 : 3;
	} else {
		nf = split_wide(line, len, f);
	}
	if (nf < 3 || nf > 4 || !f[0].n || !f[1].n || !f[2].n)
		return ingest_reject(res, o, "%s:%zu: not a constant line (expected name, value, "
				     "uncertainty, unit)", file, lineno);
	if (f[0].n >= sizeof(name) || f[1].n >= sizeof(vtext) || f[2].n >= sizeof(utext) ||
	    f[3].n >= sizeof(unit))
		return ingest_reject(res, o, "%s:%zu: field too long", file, lineno);
	snprintf(name, sizeof(name), "%.*s", (int)f[0].n, f[0].p);
	snprintf(vtext, sizeof(vtext), "%.*s", (int)f[1].n, f[1].p);
	snprintf(utext, sizeof(utext), "%.*s", (int)f[2].n, f[2].p);
	snprintf(unit, sizeof(unit), "%.*s", (int)f[3].n, f[3].p);
	if (pk_num_parse(&val, vtext, strlen(vtext), 1) < 0)
		return ingest_reject(res, o, "%s:%zu: bad value '%s': %s", file, lineno, vtext,
				     pk_error_last());
	exact = !strcmp(utext, "(exact)");
	if (!exact && pk_num_parse(&unc, utext, strlen(utext), 1) < 0)
		return ingest_reject(res, o, "%s:%zu: bad uncertainty '%s': %s", file, lineno, utext,
				     pk_error_last());
	if (!exact && (unc.truncated || unc.has_unc || unc.value < 0))
		return ingest_reject(res, o, "%s:%zu: bad uncertainty '%s'", file, lineno, utext);
	if (val.truncated && !exact)
		return ingest_reject(res, o, "%s:%zu: truncated value '%s' without (exact)", file, lineno,
				     vtext);
	canon = current_name(name);
	if (!(qkey = ingest_quantity_key(canon)))
		return ingest_reject(res, o, "%s:%zu: bad name: %s", file, lineno, pk_error_last());
	if ((rc = seen_add(seen, qkey)) != 0) {
		pk_free(qkey);
		if (rc < 0)
			return rc;
		return ingest_reject(res, o, "%s:%zu: duplicate constant '%s'", file, lineno, name);
	}

	memset(&q, 0, sizeof(q));
	q.type = KG_QUANTITY;
	q.key = qkey;
	q.name = canon;
	q.kind = "constant";
	q.unit = unit[0] ? unit : "";
	if ((rc = kg_node_put(t, sid, &q)) < 0 || (rc = ingest_quantity_names(t, sid, canon, qkey)) < 0)
		goto done;
	/* the published name finds the quantity too */
	if (canon != name && (rc = ingest_quantity_names(t, sid, name, qkey)) < 0)
		goto done;
	/* and the name without CODATA's abbreviations: "electron gyromag. ratio"
	 * is found as "electron gyromagnetic ratio", "mag. mom." as "magnetic moment" */
	{
		char full[256];

		if (expand_abbreviations(canon, full, sizeof(full)) && (rc = ingest_quantity_names(t, sid, full, qkey)) < 0)
			goto done;
	}
	if (canon != name)
		snprintf(note, sizeof(note), "published as '%s'", name);

	snprintf(locator, sizeof(locator), "%s:%zu", ingest_basename(file), lineno);
	memset(&v, 0, sizeof(v));
	v.quantity = qkey;
	v.source = sid;
	v.value = val.value;
	v.uncertainty = exact ? 0.0 : unc.value;
	v.value_text = vtext;
	v.unc_text = utext;
	v.unit = unit[0] ? unit : NULL;
	v.locator = locator;
	v.note = canon != name ? note : NULL;
	v.flags = (exact ? KG_V_EXACT : 0) | (val.truncated ? KG_V_TRUNCATED : 0);
	if ((rc = kg_value_add(t, &v, NULL)) == 0)
		res->records++;
done:
	pk_free(qkey);
	return rc;
}

int ingest_codata(kg_txn *t, const char *path, const ingest_opts *o, ingest_result *res)
{
	pk_lines *r = NULL;
	seen_names seen = { 0 };
	char year[8] = "", title[160] = "";
	const char *line;
	size_t len;
	uint32_t sid = 0;
	int rc, in_data = 0;

	res->kind = INGEST_CODATA;
	if ((rc = pk_lines_open(&r, path, 4096)) < 0)
		return rc;
	/* header: up to the dashes */
	while ((rc = pk_lines_next(r, &line, &len)) != 0) {
		if (rc < 0) {
			if (rc == PK_ELIMIT)
				continue;
			goto done;
		}
		if (!year[0] && header_year(line, len, year)) {
			field tf = trim(line, len);

			snprintf(title, sizeof(title), "%.*s", (int)tf.n, tf.p);
		}
		if (is_dashes(line, len)) {
			in_data = 1;
			break;
		}
		if (pk_lines_lineno(r) > 100)
			break;
	}
	if (!in_data) {
		rc = pk_error_set(PK_EPARSE, "%s:%zu: no CODATA table header (dashes line) found", path,
				  pk_lines_lineno(r));
		goto done;
	}
	if (!year[0]) {
		rc = pk_error_set(PK_EPARSE, "%s: no CODATA edition (year) in the header", path);
		goto done;
	}
	if ((rc = ingest_source_begin(t, res, "CODATA", year, path, title, 0, &sid)) < 0)
		goto done;
	while ((rc = pk_lines_next(r, &line, &len)) != 0) {
		field all;

		if (rc == PK_ELIMIT) {
			if ((rc = ingest_reject(res, o, "%s", pk_error_last())) < 0)
				goto done;
			continue;
		}
		if (rc < 0)
			goto done;
		all = trim(line, len);
		if (all.n == 0)
			continue;
		if ((rc = constant_line(t, sid, path, pk_lines_lineno(r), line, len, o, res, &seen)) < 0)
			goto done;
	}
	if (res->records == 0) {
		rc = pk_error_set(PK_EPARSE, "%s: no constants found", path);
		goto done;
	}
	rc = kg_source_finish(t, sid, res->records, res->rejected, NULL);
done:
	seen_release(&seen);
	pk_lines_free(r);
	return rc;
}
