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
		CHECK_EQ_INT(query_units_parse(U, "furlong", 7, &x), PK_EPARSE);
		CHECK(strstr(pk_error_last(), "furlong") != NULL);
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

static void numbers(void)
{
	static const struct {
		const char *text;
		double value, half;
		int sig, flags; /* 1 approx, 2 range, 4 ambiguous comma, 8 overflow */
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
	RUN(every_codata_unit);
	RUN(edition_constants);
	RUN(equivalences_against_codata);
	RUN(numbers);
	query_units_free(U);
	kg_txn_free(txn);
	kg_store_free(store);
	t_rmrf(dir);
	T_DONE();
}
