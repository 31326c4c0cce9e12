/* Unit tests for query/units (and the number scanner) on the real graph:
 * the forms people write, every CODATA unit string, edition-specific
 * constants, and the equivalences checked against CODATA's own published
 * "X-Y relationship" values, which NIST computed independently. */
#include "t.h"

#include "common/alloc.h"
#include "common/lines.h"
#include "common/text.h"
#include "kg/graph.h"
#include "query/lookup.h"
#include "query/number.h"
#include "query/units.h"

#include "graph.h"

#include <cJSON.h>
#include <math.h>
#include <stdlib.h>

static kg_store *store;
static kg_txn *txn;
static query_units *U;

static void forms(void)
{
	static const struct {
		const char *text;
		double scale;
		const char *dim;
	} cases[] = {
		{ "m/s", 1, "m s^-1" }, { "m s^-1", 1, "m s^-1" }, { "m·s⁻¹", 1, "m s^-1" },
		{ "m⋅s-1", 1, "m s^-1" }, { "kg m^2 s^-2", 1, "m^2 kg s^-2" }, { "J/K", 1, "m^2 kg s^-2 K^-1" },
		{ "J·K⁻¹", 1, "m^2 kg s^-2 K^-1" }, { "J s", 1, "m^2 kg s^-1" }, { "eV", 1.602176634e-19, "m^2 kg s^-2" },
		{ "meV", 1.602176634e-22, "m^2 kg s^-2" }, { "MeV", 1.602176634e-13, "m^2 kg s^-2" },
		{ "Å", 1e-10, "m" }, { "µm", 1e-6, "m" }, { "μm", 1e-6, "m" }, { "um", 1e-6, "m" },
		{ "nm", 1e-9, "m" }, { "cm⁻¹", 100, "m^-1" }, { "K", 1, "K" }, { "°C", 1, "K" },
		{ "GPa", 1e9, "m^-1 kg s^-2" }, { "g/cm³", 1000, "m^-3 kg" }, { "kJ/mol", 1000, "m^2 kg s^-2 mol^-1" },
		{ "kcal/mol", 4184, "m^2 kg s^-2 mol^-1" }, { "Da", 1.66053906892e-27, "kg" }, { "u", 1.66053906892e-27, "kg" },
		{ "E_h", 4.3597447222060e-18, "m^2 kg s^-2" }, { "hartree", 4.3597447222060e-18, "m^2 kg s^-2" },
		{ "a0", 5.29177210544e-11, "m" }, { "bohr", 5.29177210544e-11, "m" }, { "μB", 9.2740100657e-24, "m^2 A" },
		{ "D", 3.3356409519815204e-30, "m s A" }, { "G", 1e-4, "kg s^-2 A^-1" }, { "gauss", 1e-4, "kg s^-2 A^-1" },
		{ "atm", 101325, "m^-1 kg s^-2" }, { "bar", 1e5, "m^-1 kg s^-2" }, { "Torr", 101325.0 / 760, "m^-1 kg s^-2" },
		{ "%", 0.01, "1" }, { "ppm", 1e-6, "1" }, { "", 1, "1" }, { "(GeV/c^2)^-2", 3.1467484295e53, "kg^-2" },
		{ "米/秒", 1, "m s^-1" }, { "千克", 1, "kg" }, { "meters per second", 1, "m s^-1" },
		{ "J/mol K", 1, "m^2 kg s^-2 K^-1 mol^-1" }, { "N m^2/kg^2", 1, "m^3 kg^-1 s^-2" },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		qu_unit x;
		char d[64];
		int rc = query_units_parse(U, cases[i].text, strlen(cases[i].text), &x);

		CHECK_EQ_INT(rc, 0);
		if (rc)
			fprintf(stderr, "  '%s': %s\n", cases[i].text, pk_error_last());
		qu_dim_format(d, sizeof(d), &x.dim);
		CHECK_STR(d, cases[i].dim);
		CHECK_NEAR(x.scale, cases[i].scale, 1e-9);
	}
	{
		qu_unit x;

		CHECK_EQ_INT(query_units_parse(U, "°C", 3, &x), 0);
		CHECK(x.offset == 273.15);
		CHECK_EQ_INT(query_units_parse(U, "J/°C", strlen("J/°C"), &x), 0);
		CHECK(x.offset == 0); /* a temperature difference in a compound */
		CHECK_EQ_INT(query_units_parse(U, "zorp", 4, &x), PK_EPARSE);
		CHECK(strstr(pk_error_last(), "zorp") != NULL);
	}
}

/* Units from Pint's database (data/sources/units/pint), the SI
 * equivalents of Gaussian units, reciprocals and glued forms. Values:
 * NIST SP 811 appendix B, IAU 2012, SI Brochure. */
static void database_units(void)
{
	static const struct {
		const char *text;
		double scale;
		const char *dim;
	} cases[] = {
		{ "ft", 0.3048, "m" }, { "feet", 0.3048, "m" }, { "in^3", 1.6387064e-5, "m^3" },
		{ "lb", 0.45359237, "kg" }, { "lb/in^3", 27679.904710203125, "m^-3 kg" }, { "furlong", 201.168402336805, "m" },
		{ "mi", 1609.344, "m" }, { "mph", 0.44704, "m s^-1" }, { "ft/s", 0.3048, "m s^-1" },
		{ "kWh", 3.6e6, "m^2 kg s^-2" }, { "Wh", 3600, "m^2 kg s^-2" }, { "tonne", 1000, "kg" },
		{ "barn", 1e-28, "m^2" }, { "mbarn", 1e-31, "m^2" }, { "cc", 1e-6, "m^3" }, { "g/cc", 1000, "m^-3 kg" },
		{ "AU", 149597870700, "m" }, { "au", 149597870700, "m" }, { "pc", 3.0856775814913673e16, "m" },
		{ "Mpc", 3.0856775814913673e22, "m" }, { "ly", 9460730472580800, "m" },
		{ "light year", 9460730472580800, "m" }, { "light-years", 9460730472580800, "m" },
		{ "km s^-1 Mpc^-1", 1e3 / 3.0856775814913673e22, "s^-1" },
		{ "statC", 3.3356409519815204e-10, "s A" }, { "esu", 3.3356409519815204e-10, "s A" },
		{ "statV", 299.792458, "m^2 kg s^-3 A^-1" }, { "e cm", 1.602176634e-21, "m s A" },
		{ "amu", 1.66053906892e-27, "kg" }, { "Btu", 1055.056, "m^2 kg s^-2" },
		{ "1/cm", 100, "m^-1" }, { "1/s", 1, "s^-1" }, { "1/K", 1, "K^-1" }, { "per second", 1, "s^-1" },
		{ "Js", 1, "m^2 kg s^-1" }, { "atomic mass units", 1.66053906892e-27, "kg" },
		{ "electron volts", 1.602176634e-19, "m^2 kg s^-2" }, { "kcal/mol", 4184, "m^2 kg s^-2 mol^-1" },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		qu_unit x;
		char d[64];
		int rc = query_units_parse(U, cases[i].text, strlen(cases[i].text), &x);

		CHECK_EQ_INT(rc, 0);
		if (rc)
			fprintf(stderr, "  '%s': %s\n", cases[i].text, pk_error_last());
		qu_dim_format(d, sizeof(d), &x.dim);
		CHECK_STR(d, cases[i].dim);
		CHECK_NEAR(x.scale / cases[i].scale, 1, 1e-12);
	}
	/* spellings units.tsv keeps out of prose although Pint defines them */
	{
		static const char *const words[] = { "a", "at", "Nm", "P", "U", "are", "cup", "point", "lambda", "particle" };
		qu_unit x;

		for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
			CHECK(query_units_parse(U, words[i], strlen(words[i]), &x) == PK_EPARSE);
	}
}

/* Unit symbols written together ("Nm^2/kg^2", "JK^-1mol^-1") split one
 * way into unprefixed symbols; nothing to split, or no split, gives 0. */
static void glued(void)
{
	static const struct {
		const char *text, *as, *dim;
	} cases[] = {
		{ "Nm^2/kg^2", "N m^2/kg^2", "m^3 kg^-1 s^-2" },
		{ "JK^-1mol^-1", "J K^-1 mol^-1", "m^2 kg s^-2 K^-1 mol^-1" },
		{ "Wm^-2K^-4", "W m^-2 K^-4", "kg s^-3 K^-4" },
		{ "C^2N^-1m^-2", "C^2 N^-1 m^-2", "m^-3 kg^-1 s^4 A^2" },
		{ "ms^-1", "m s^-1", "m s^-1" },
		{ "mK", "m K", "m K" },
		{ "Cmol^-1", "C mol^-1", "s A mol^-1" }, { "kgm^-3", "kg m^-3", "m^-3 kg" },
	};
	static const char *const none[] = { "kg", "J/K", "m s^-1", "zorp", "Zpc", "mol K", "Nm^2 zorp", "" };
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		qu_unit x;
		char as[64] = "", d[64];

		CHECK_EQ_INT(query_units_parse_glued(U, cases[i].text, strlen(cases[i].text), &x, as, sizeof(as)), 1);
		CHECK_STR(as, cases[i].as);
		qu_dim_format(d, sizeof(d), &x.dim);
		CHECK_STR(d, cases[i].dim);
	}
	for (i = 0; i < sizeof(none) / sizeof(none[0]); i++) {
		qu_unit x;
		char as[64] = "";

		CHECK_EQ_INT(query_units_parse_glued(U, none[i], strlen(none[i]), &x, as, sizeof(as)), 0);
	}
}

/* Pint's constant-dependent units take the constants of the edition in
 * use: 1 a_u_time = hbar / E_h equals CODATA's "atomic unit of time" of
 * that edition, 2014 and 2022 alike. */
static void database_editions(void)
{
	static const char *const eds[] = { "2014", "2022" };
	size_t i;

	for (i = 0; i < 2; i++) {
		query_units *u = NULL;
		query_matches ms = { 0 };
		query_lookup_opts o = { eds[i], 0, 0 };
		qu_unit x;

		CHECK_EQ_INT(query_units_open(&u, txn, eds[i]), 0);
		CHECK_EQ_INT(query_units_parse(u, "a_u_time", 8, &x), 0);
		CHECK_EQ_INT(query_lookup(txn, "atomic unit of time", &o, &ms), 0);
		CHECK(ms.n >= 1);
		if (ms.n)
			CHECK_NEAR(x.scale / ms.m[0].value, 1, 1e-9);
		query_matches_release(&ms);
		query_units_free(u);
	}
}

/* Prose: a unit that cannot be read is reported, never dropped. */
static void unreadable(void)
{
	static const struct {
		const char *text;
		size_t read, unread;
	} cases[] = {
		{ "m/s in vacuum", 3, 0 }, { "zorp/s", 0, 6 }, { "g/zz is", 0, 4 }, { "km s^-1 Qqq^-1 today", 0, 14 },
		{ "statX", 0, 5 }, { "qq", 0, 2 }, { "zorps here", 0, 5 }, { "times heavier", 0, 0 }, { "and", 0, 0 },
		{ "exactly.", 0, 0 }, { "electrons per", 0, 0 },
		{ "kg and more", 2, 0 }, { "J/K.", 3, 0 }, { "m s^-1 Mpc^-1", 13, 0 }, { "of the", 0, 0 },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		qu_unit x;
		size_t unread, got = query_units_scan_checked(U, cases[i].text, strlen(cases[i].text), &x, &unread);

		if (got != cases[i].read || unread != cases[i].unread)
			fprintf(stderr, "  '%s': read %zu unread %zu\n", cases[i].text, got, unread);
		CHECK_EQ_INT(got, cases[i].read);
		CHECK_EQ_INT(unread, cases[i].unread);
	}
}

/* Units in prose stop before ordinary words. */
static void scanning(void)
{
	qu_unit x;
	const char *s = "m/s in vacuum";

	CHECK_EQ_INT(query_units_scan(U, s, strlen(s), &x), 3);
	s = "kg as measured";
	CHECK_EQ_INT(query_units_scan(U, s, strlen(s), &x), 2);
	s = "J K^-1 at room temperature";
	CHECK_EQ_INT(query_units_scan(U, s, strlen(s), &x), 6);
	s = "apples";
	CHECK_EQ_INT(query_units_scan(U, s, strlen(s), &x), 0);
	/* a bare slash after a number: the reciprocal ("1.097e5 /cm") */
	s = "/cm here";
	CHECK_EQ_INT(query_units_scan(U, s, strlen(s), &x), 3);
	CHECK_NEAR(x.scale, 100, 1e-12);
	CHECK_EQ_INT(x.dim.e[0], -1);
	s = "/x";
	CHECK_EQ_INT(query_units_scan(U, s, strlen(s), &x), 0);
	s = "/ cm"; /* a slash standing apart is no unit's */
	CHECK_EQ_INT(query_units_scan(U, s, strlen(s), &x), 0);
}

static void every_codata_unit(void)
{
	static const char *const files[] = { "data/sources/codata/allascii-2014.txt",
					     "data/sources/codata/allascii-2018.txt",
					     "data/sources/codata/allascii-2022.txt" };
	size_t f, seen = 0, bad = 0;

	for (f = 0; f < 3; f++) {
		pk_lines *r;
		const char *line;
		size_t len;
		int data = 0;

		CHECK_EQ_INT(pk_lines_open(&r, files[f], 0), 0);
		while (pk_lines_next(r, &line, &len) == 1) {
			qu_unit x;
			const char *unit;

			if (!data) {
				data = len > 10 && line[0] == '-' && line[1] == '-';
				continue;
			}
			if (len <= 110)
				continue;
			unit = line + 110;
			seen++;
			if (query_units_parse(U, unit, strlen(unit), &x) < 0) {
				fprintf(stderr, "  %s:%zu: '%s': %s\n", files[f], pk_lines_lineno(r), unit, pk_error_last());
				bad++;
			}
		}
		pk_lines_free(r);
	}
	CHECK(seen > 700);
	CHECK_EQ_INT(bad, 0);
}

/* Every spelling of every unit imported from Pint parses, to Pint's value
 * (constant-dependent ones: to the CODATA edition's, within 1e-7 of
 * Pint's CODATA 2018), unless units.tsv takes the spelling for a unit
 * of its own or says it is no unit in prose. */
typedef struct db_walk {
	char table[2000][48];
	size_t ntable, seen, bad;
} db_walk;

static int in_table(const db_walk *w, const char *s)
{
	size_t i;

	for (i = 0; i < w->ntable; i++)
		if (!strcmp(w->table[i], s))
			return 1;
	return 0;
}

static void check_spelling(db_walk *w, const char *name, const cJSON *d)
{
	const cJSON *scale = cJSON_GetObjectItemCaseSensitive(d, "scale");
	const cJSON *dim = cJSON_GetObjectItemCaseSensitive(d, "dim");
	const cJSON *expr = cJSON_GetObjectItemCaseSensitive(d, "expr");
	qu_unit x;
	char got[64];
	double want = strtod(scale->valuestring, NULL);

	if (in_table(w, name))
		return;
	w->seen++;
	if (query_units_parse(U, name, strlen(name), &x) < 0) {
		fprintf(stderr, "  Pint unit '%s' does not parse: %s\n", name, pk_error_last());
		w->bad++;
		return;
	}
	qu_dim_format(got, sizeof(got), &x.dim);
	if (strcmp(got, dim->valuestring) || fabs(x.scale / want - 1) > (cJSON_IsString(expr) ? 1e-7 : 1e-12)) {
		fprintf(stderr, "  Pint unit '%s': %.17g %s, Pint %.17g %s\n", name, x.scale, got, want, dim->valuestring);
		w->bad++;
	}
}

static int on_db_unit(const kg_node *n, void *ctx)
{
	db_walk *w = ctx;
	cJSON *d;
	const cJSON *it, *pname;
	char spaced[128];
	size_t k;

	if (!n->kind || strcmp(n->kind, "unit-pint") || !(d = cJSON_Parse(n->data)))
		return 0;
	cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(d, "names"))
		if (cJSON_IsString(it) && !strchr(it->valuestring, '_'))
			check_spelling(w, it->valuestring, d);
	pname = cJSON_GetObjectItemCaseSensitive(d, "pint");
	snprintf(spaced, sizeof(spaced), "%s", pname->valuestring);
	for (k = 0; spaced[k]; k++)
		if (spaced[k] == '_')
			spaced[k] = ' ';
	check_spelling(w, spaced, d);
	cJSON_Delete(d);
	return 0;
}

static void every_database_unit(void)
{
	static db_walk w;
	pk_lines *r;
	const char *line;
	size_t len;

	/* the spellings units.tsv claims: its keys and names */
	CHECK_EQ_INT(pk_lines_open(&r, "data/sources/units/units.tsv", 0), 0);
	while (pk_lines_next(r, &line, &len) == 1 && w.ntable < 2000) {
		char copy[1024], *f[6], *p = copy, *bar;
		int nf = 0;

		if (line[0] == '#' || len >= sizeof(copy))
			continue;
		memcpy(copy, line, len + 1);
		while (nf < 6 && p) {
			f[nf++] = p;
			if ((p = strchr(p, '\t')))
				*p++ = '\0';
		}
		pk_str_copy(w.table[w.ntable++], 48, f[0]);
		for (p = nf > 4 ? f[4] : NULL; p && *p && w.ntable < 2000; p = bar) {
			if ((bar = strchr(p, '|')))
				*bar++ = '\0';
			snprintf(w.table[w.ntable++], 48, "%s", p);
		}
	}
	pk_lines_free(r);
	CHECK_EQ_INT(kg_node_each(txn, KG_UNIT, "pint:", on_db_unit, &w), 0);
	fprintf(stderr, "  %zu spellings of Pint units checked, %zu wrong\n", w.seen, w.bad);
	CHECK(w.seen > 300);
	CHECK_EQ_INT(w.bad, 0);
}

static void edition_constants(void)
{
	query_units *u14 = NULL;
	qu_unit x;

	CHECK_EQ_INT(query_units_open(&u14, txn, "2014"), 0);
	CHECK_STR(query_units_edition(u14), "2014");
	CHECK_EQ_INT(query_units_parse(u14, "eV", 2, &x), 0);
	CHECK(x.scale == 1.6021766208e-19); /* CODATA 2014 */
	CHECK_EQ_INT(query_units_parse(U, "eV", 2, &x), 0);
	CHECK(x.scale == 1.602176634e-19); /* exact since 2018 */
	CHECK_STR(query_units_edition(U), "2022");
	/* parsed again (the thread's memo of parses): each table its own */
	CHECK_EQ_INT(query_units_parse(u14, "eV", 2, &x), 0);
	CHECK(x.scale == 1.6021766208e-19);
	CHECK_EQ_INT(query_units_parse(U, "eV", 2, &x), 0);
	CHECK(x.scale == 1.602176634e-19);
	query_units_free(u14);
	/* a table opened where the freed one was is another table */
	u14 = NULL;
	CHECK_EQ_INT(query_units_open(&u14, txn, "2022"), 0);
	CHECK_EQ_INT(query_units_parse(u14, "eV", 2, &x), 0);
	CHECK(x.scale == 1.602176634e-19);
	query_units_free(u14);
}

/* CODATA publishes "electron volt-kelvin relationship" etc.: 1 X in Y. */
static void equivalences_against_codata(void)
{
	static const struct {
		const char *name, *unit;
	} u[] = { { "electron volt", "eV" }, { "kelvin", "K" }, { "hertz", "Hz" }, { "inverse meter", "m^-1" },
		  { "kilogram", "kg" }, { "joule", "J" }, { "atomic mass unit", "u" }, { "hartree", "E_h" } };
	size_t i, j, checked = 0;

	for (i = 0; i < sizeof(u) / sizeof(u[0]); i++)
		for (j = 0; j < sizeof(u) / sizeof(u[0]); j++) {
			char q[128], how[96];
			query_matches ms = { 0 };
			query_lookup_opts o = { "2022", 0, 0 };
			qu_unit a, b;
			double out, want, tol;

			if (i == j)
				continue;
			snprintf(q, sizeof(q), "%s-%s relationship", u[i].name, u[j].name);
			if (query_lookup(txn, q, &o, &ms) < 0 || ms.n != 1 || strcmp(ms.m[0].name, q)) {
				query_matches_release(&ms);
				continue; /* CODATA lists each pair once, in one direction */
			}
			want = ms.m[0].value;
			tol = ms.m[0].uncertainty > 0 ? 3 * ms.m[0].uncertainty / want : 1e-9;
			if (tol < 1e-9)
				tol = 1e-9;
			CHECK_EQ_INT(query_units_parse(U, u[i].unit, strlen(u[i].unit), &a), 0);
			CHECK_EQ_INT(query_units_parse(U, u[j].unit, strlen(u[j].unit), &b), 0);
			CHECK_EQ_INT(query_units_convert(U, a.scale, &a.dim, &b.dim, &out, how, sizeof(how)), 0);
			out /= b.scale;
			if (!(fabs(out - want) <= tol * fabs(want)))
				fprintf(stderr, "  %s: %.12g, CODATA %.12g (%s)\n", q, out, want, how);
			CHECK_NEAR(out, want, tol);
			checked++;
			query_matches_release(&ms);
		}
	CHECK_EQ_INT(checked, 56); /* 8 units: CODATA lists every ordered pair */
}

/* A number's value is what strtod reads from its text, bit for bit: one
 * IEEE operation where that rounds as strtod does (query/number.c's fast
 * path), strtod otherwise. Seeded numbers of 1 to 19 significant digits,
 * leading and trailing zeros, a point anywhere, exponents from -330 to
 * 330 (so both sides of the fast path's bounds and of the double range). */
static void number_values_strtod(void)
{
	uint64_t seed = 99;
	size_t i, bad = 0, fast = 0;

	for (i = 0; i < 40000; i++) {
		char text[64];
		size_t l = 0, nd, k, dot;
		int e;
		qn_number x;

		seed = seed * 6364136223846793005ull + 1442695040888963407ull;
		nd = 1 + (seed >> 33) % 19;
		dot = (seed >> 20) % (nd + 2); /* nd + 1: no point */
		for (k = 0; k < nd; k++) {
			seed = seed * 6364136223846793005ull + 1442695040888963407ull;
			if (k == dot && k)
				text[l++] = '.';
			text[l++] = (char)('0' + ((k == 0 && nd > 1 && (seed >> 60) < 12) ? 1 + (seed >> 40) % 9 : (seed >> 40) % 10));
		}
		seed = seed * 6364136223846793005ull + 1442695040888963407ull;
		e = (int)((seed >> 33) % 661) - 330;
		if ((seed >> 20) % 4)
			e = (int)((seed >> 40) % 61) - 30; /* mostly near the fast path's range */
		l += (size_t)snprintf(text + l, sizeof(text) - l, "e%d", e);
		text[l] = '\0';
		if (query_number_next(text, l, 0, &x) != 1) {
			if (bad++ < 3)
				fprintf(stderr, "\"%s\": no number read\n", text);
			continue;
		}
		if (x.overflow)
			continue; /* out of range: no value to compare */
		{
			double want = strtod(text, NULL);

			fast += fabs((double)e) <= 22 && nd <= 15;
			if (memcmp(&want, &x.value, sizeof(double)) && bad++ < 3)
				fprintf(stderr, "\"%s\": %.17g, strtod %.17g\n", text, x.value, want);
		}
	}
	CHECK(bad == 0);
	CHECK(fast > 10000); /* the fast path's numbers were many of them */
}

static void numbers(void)
{
	static const struct {
		const char *text;
		double value, half;
		int sig, flags; /* 1 approx, 2 range, 4 ambiguous comma, 8 overflow, 16 a power unread,
		                 * 32 a power or a product ("× 1023") */
	} cases[] = {
		{ "6.626e-34", 6.626e-34, 5e-38, 4, 0 },
		{ "6.626×10⁻³⁴", 6.626e-34, 5e-38, 4, 0 },
		{ "6.626 x 10^-34", 6.626e-34, 5e-38, 4, 0 },
		{ "1.38 × 10^(-23)", 1.38e-23, 5e-26, 3, 0 },
		{ "299 792 458", 299792458, 0.5, 9, 0 },
		{ "6.67430(15)e-11", 6.6743e-11, 5e-17, 6, 0 },
		{ "6.674 ± 0.002", 6.674, 5e-4, 4, 0 },
		{ "≈ 3e8", 3e8, 5e7, 1, 1 },
		{ "about 3e8", 3e8, 5e7, 1, 1 },
		{ "约 3×10⁸", 3e8, 5e7, 1, 1 },
		{ "1.1–1.2", 1.15, 0.05, 2, 2 },
		{ "1,234", 1234, 0.5, 4, 4 },
		{ "299,792,458", 299792458, 0.5, 9, 0 },
		{ "1e999", 0, 0, 1, 8 },
		{ "0.00120", 0.0012, 5e-6, 3, 0 },
		{ "1/137.036", 1 / 137.036, 0, 6, 0 },
		{ "1.381 × 10^{-23}", 1.381e-23, 5e-27, 4, 0 },
		{ "1.381 × 10 ^ -23", 1.381e-23, 5e-27, 4, 0 },
		{ "1.381 × 10^ -23", 1.381e-23, 5e-27, 4, 0 },
		{ "1.381 × 10<sup>-23</sup>", 1.381e-23, 5e-27, 4, 0 },
		{ "1.381 times 10^-23", 1.381e-23, 5e-27, 4, 0 },
		{ "1.381 × 10^[-23]", 1.381, 5e-4, 4, 16 },
		{ "1.381 × 10E-23", 1.381, 5e-4, 4, 16 },
		{ "3 × 10 cm", 3, 0.5, 1, 0 },
		{ "6.022 × 1023 mol", 6.022e23, 5e19, 4, 32 },
		{ "2.998 x 108 m/s", 2.998e8, 5e4, 4, 32 },
		{ "3 × 100 m", 3, 0.5, 1, 0 },      /* no power of ten starts with 0 */
		{ "3 × 10234 m", 3, 0.5, 1, 0 },    /* nor has three digits */
		{ "3 × 108.5 m", 3, 0.5, 1, 0 },    /* nor a decimal part */
		{ "6,022 × 1023", 6022, 0.5, 4, 4 }, /* one ambiguity at a time: the comma's */
	};
	pk_normtext nt;
	size_t i;

	pk_normtext_init(&nt, 0);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		qn_number x;

		CHECK_EQ_INT(pk_normtext_set(&nt, cases[i].text, strlen(cases[i].text)), 0);
		CHECK_EQ_INT(query_number_next(nt.text.ptr, nt.text.len, 0, &x), 1);
		if (!(cases[i].flags & 8))
			CHECK_NEAR(x.value, cases[i].value, 1e-12);
		if (cases[i].half > 0)
			CHECK_NEAR(x.half_unit, cases[i].half, 1e-9);
		CHECK_EQ_INT(x.sig_digits, cases[i].sig);
		CHECK_EQ_INT(x.approx, (cases[i].flags & 1) != 0);
		CHECK_EQ_INT(x.is_range, (cases[i].flags & 2) != 0);
		CHECK_EQ_INT(x.ambiguous_comma, (cases[i].flags & 4) != 0);
		CHECK_EQ_INT(x.overflow, (cases[i].flags & 8) != 0);
		CHECK_EQ_INT(x.power_unread, (cases[i].flags & 16) != 0);
		CHECK_EQ_INT(x.flat_power, (cases[i].flags & 32) != 0);
	}
	/* the other reading of "× 1023": the product */
	{
		qn_number x;

		CHECK_EQ_INT(pk_normtext_set(&nt, "6.022 × 1023", strlen("6.022 × 1023")), 0);
		CHECK_EQ_INT(query_number_next(nt.text.ptr, nt.text.len, 0, &x), 1);
		CHECK_NEAR(x.alt_value, 6.022 * 1023, 1e-9);
	}
	/* a whole number's trailing zeros may only fill places: its coarse reading */
	{
		static const struct {
			const char *text;
			double coarse;
			int sig;
		} tz[] = {
			{ "300000", 50000, 1 }, { "96500", 50, 3 },   { "100 kPa", 50, 1 }, { "101325", 0.5, 6 },
			{ "100.0", 0.05, 4 },	{ "1.00e2", 0.5, 3 }, { "0", 0.5, 1 },	    { "3 × 10^5", 5e4, 1 },
			{ "2.00 × 10^5", 500, 3 },
		};

		for (i = 0; i < sizeof(tz) / sizeof(tz[0]); i++) {
			qn_number x;

			CHECK_EQ_INT(pk_normtext_set(&nt, tz[i].text, strlen(tz[i].text)), 0);
			CHECK_EQ_INT(query_number_next(nt.text.ptr, nt.text.len, 0, &x), 1);
			CHECK_NEAR(x.coarse_half_unit, tz[i].coarse, 1e-9);
			CHECK_EQ_INT(x.coarse_sig, tz[i].sig);
		}
	}
	/* LaTeX read as the plain text it typesets, spans in the original */
	{
		static const struct {
			const char *in, *out;
		} tex[] = {
			{ "$6.626 \\times 10^{-34}$ J s", "6.626 × 10^-34 J s" },
			{ "$h = 6.626\\times10^{-34}\\,\\mathrm{J\\,s}$", "h = 6.626×10^-34 J s" },
			{ "\\SI{8.314}{\\joule\\per\\mole\\per\\kelvin}", "8.314 J/mol/K" },
			{ "\\SI{5}{\\kilo\\gram}", "5 kg" },
			{ "\\qty{2.87}{\\angstrom}", "2.87 Å" },
			{ "\\si{m.s^{-1}}", "m s^-1" },
			{ "$\\alpha = \\frac{1}{137.036}$", "α = 1/137.036" },
			{ "\\(a_0 = 0.529\\,\\text{\\AA}\\)", "a_0 = 0.529 Å" },
			{ "$T = 300^\\circ$C", "T = 300°C" },
			{ "52.9~pm, ~3 eV", "52.9 pm, ~3 eV" },
			{ "$\\left(x\\right.$ \\unknown{y}", "(x y" },
			{ "costs $5", "costs 5" },
			{ "1.381 × 10^{-23} J K^{-1}", "1.381 × 10^-23 J K^-1" },
			{ "x^{2} and a^{n}", "x^2 and a^{n}" },
		};

		for (i = 0; i < sizeof(tex) / sizeof(tex[0]); i++) {
			CHECK_EQ_INT(pk_normtext_set(&nt, tex[i].in, strlen(tex[i].in)), 0);
			if (strcmp(nt.text.ptr, tex[i].out))
				fprintf(stderr, "latex %zu: '%s' -> '%s', want '%s'\n", i, tex[i].in, nt.text.ptr, tex[i].out);
			CHECK(!strcmp(nt.text.ptr, tex[i].out));
			CHECK_EQ_INT(pk_normtext_orig(&nt, nt.text.len), (long long)strlen(tex[i].in));
		}
		/* the number's span is the number's in the original */
		{
			const char *s = "so $k_B = 1.380649 \\times 10^{-23}$ J/K";
			qn_number x;

			CHECK_EQ_INT(pk_normtext_set(&nt, s, strlen(s)), 0);
			CHECK_EQ_INT(query_number_next(nt.text.ptr, nt.text.len, 0, &x), 1);
			CHECK_NEAR(x.value, 1.380649e-23, 1e-30);
			CHECK_EQ_INT(pk_normtext_orig(&nt, x.start), (long long)(strstr(s, "1.38") - s));
			/* the end: after "23}", the dropped "$" perhaps included */
			CHECK(pk_normtext_orig(&nt, x.end) >= (size_t)(strstr(s, "}$") - s) + 1 &&
			      pk_normtext_orig(&nt, x.end) <= (size_t)(strstr(s, "$ J") - s) + 1);
		}
		/* nesting deeper than the pass follows is kept as it is, not lost */
		{
			char deep[200] = "";

			for (i = 0; i < 20; i++)
				strcat(deep, "\\text{");
			strcat(deep, "42");
			for (i = 0; i < 20; i++)
				strcat(deep, "}");
			CHECK_EQ_INT(pk_normtext_set(&nt, deep, strlen(deep)), 0);
			CHECK(strstr(nt.text.ptr, "42") != NULL);
		}
	}
	/* identifiers are not numbers; spans map back to the original text */
	{
		const char *s = "H₂O, CO2, mp-149 and Fe-56 at 300 K";
		qn_number x;

		CHECK_EQ_INT(pk_normtext_set(&nt, s, strlen(s)), 0);
		CHECK_EQ_INT(query_number_next(nt.text.ptr, nt.text.len, 0, &x), 1);
		CHECK_NEAR(x.value, 300, 0);
		CHECK_EQ_INT(pk_normtext_orig(&nt, x.start), (long long)(strstr(s, "300") - s));
	}
	pk_normtext_release(&nt);
}

int main(void)
{
	const char *dir = t_tmpdir("units");

	pk_alloc_init();
	if (t_build_graph(dir, NULL) < 0 || kg_store_open(&store, dir, KG_OPEN_READ) < 0 ||
	    kg_txn_read(&txn, store) < 0 || query_units_open(&U, txn, NULL) < 0) {
		fprintf(stderr, "cannot build the test graph: %s\n", pk_error_last());
		printf("FAIL build_graph\n");
		return 1;
	}
	RUN(forms);
	RUN(scanning);
	RUN(database_units);
	RUN(database_editions);
	RUN(unreadable);
	RUN(glued);
	RUN(every_codata_unit);
	RUN(every_database_unit);
	RUN(edition_constants);
	RUN(equivalences_against_codata);
	RUN(numbers);
	RUN(number_values_strtod);
	query_units_free(U);
	kg_txn_free(txn);
	kg_store_free(store);
	t_rmrf(dir);
	T_DONE();
}
