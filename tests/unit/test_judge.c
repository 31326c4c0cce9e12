/* Unit tests for query/judge: the verdict on one number, table-driven.
 * Every boundary the verdict depends on is pinned by a case on each side:
 * half a unit in the last cited digit, 2 combined standard uncertainties,
 * the relative tolerance, an older edition against "within 2 sigma", and
 * no slack beyond floating-point rounding. The renderer is checked for
 * the text of each reason (goldens check it through the CLI too). */
#include "t.h"

#include "common/alloc.h"
#include "query/judge.h"

typedef struct jcase {
	const char *what;
	double c, hu, r, runc, cunc, tol;
	double older;          /* an older edition's value (0: none) */
	int verdict;
	int reason;            /* the first reason expected (0: none) */
} jcase;

static int run_case(const jcase *k, qv_result *out)
{
	qj_in in;
	qj_older o = { k->older, "2014" };

	memset(&in, 0, sizeof(in));
	in.c = k->c;
	in.hu = k->hu;
	in.r = k->r;
	in.runc = k->runc;
	in.cunc = k->cunc;
	in.tol = k->tol > 0 ? k->tol : 0.01;
	in.source = "CODATA";
	in.edition = "2022";
	in.value_text = "x";
	in.sig_digits = 3;
	if (k->older != 0) {
		in.older = &o;
		in.nolder = 1;
	}
	qv_result_init(out);
	return query_judge(&in, out);
}

static void boundaries(void)
{
	static const jcase cases[] = {
		/* half a unit in the last cited digit: 1.05 cited as "1.05" (hu 0.005) ... */
		{ "at half a unit", 1.005, 0.005, 1.0, 0, 0, 0, 0, QV_MATCH, 0 },
		{ "just past half a unit", 1.00501, 0.005, 1.0, 0, 0, 0, 0, QV_APPROXIMATE, QR_APPROXIMATE },
		{ "3.0e8 for c", 3.0e8, 5e6, 299792458, 0, 0, 0, 0, QV_MATCH, 0 },
		{ "6.626e-34 for h", 6.626e-34, 5e-38, 6.62607015e-34, 0, 0, 0, 0, QV_MATCH, 0 },
		{ "6.627e-34 for h", 6.627e-34, 5e-38, 6.62607015e-34, 0, 0, 0, 0, QV_APPROXIMATE, QR_APPROXIMATE },
		{ "6.6261e-34 for h", 6.6261e-34, 5e-39, 6.62607015e-34, 0, 0, 0, 0, QV_MATCH, 0 },
		/* two combined standard uncertainties */
		{ "at 2 sigma", 10.2, 0.0005, 10.0, 0.1, 0, 0.001, 0, QV_MATCH, QR_WITHIN_UNCERTAINTY },
		{ "past 2 sigma", 10.201, 0.0005, 10.0, 0.1, 0, 0.001, 0, QV_MISMATCH, QR_WRONG_VALUE },
		{ "2.5 sigma (3 sigma would pass)", 10.25, 0.0005, 10.0, 0.1, 0, 0.001, 0, QV_MISMATCH, QR_WRONG_VALUE },
		{ "cited uncertainty counts", 6.70, 0.005, 6.6743, 0.00015, 0.02, 0, 0, QV_MATCH, QR_WITHIN_UNCERTAINTY },
		{ "without it", 6.70, 0.005, 6.6743, 0.00015, 0, 0, 0, QV_APPROXIMATE, QR_APPROXIMATE },
		/* the relative tolerance of "approximate" */
		{ "at the tolerance", 101.0, 0.05, 100.0, 0, 0, 0.01, 0, QV_APPROXIMATE, QR_APPROXIMATE },
		{ "past the tolerance", 101.01, 0.005, 100.0, 0, 0, 0.01, 0, QV_MISMATCH, QR_WRONG_VALUE },
		/* an older edition wins over "within 2 sigma" of the newest */
		{ "older edition, within 2 sigma", 6.67408, 0.000005, 6.67430, 0.00015, 0, 0, 6.67408, QV_OUTDATED,
		  QR_OUTDATED },
		{ "within 2 sigma, no older edition", 6.67420, 0.000005, 6.67430, 0.00015, 0, 0, 6.67408, QV_MATCH,
		  QR_WITHIN_UNCERTAINTY },
		{ "equal to both at the cited precision", 6.674, 0.0005, 6.67430, 0.00015, 0, 0, 6.67408, QV_MATCH, 0 },
		/* no fixed slack: the electron g factor of 2018 is 4.5 sigma from 2022 */
		{ "g_e 2018 against 2022", -2.00231930436256, 5e-15, -2.00231930436092, 3.6e-13, 0, 0,
		  -2.00231930436256, QV_OUTDATED, QR_OUTDATED },
		{ "g_e off in the 12th digit", -2.00231930436256, 5e-15, -2.00231930436092, 3.6e-13, 0, 0, 0,
		  QV_APPROXIMATE, QR_APPROXIMATE },
		/* diagnoses */
		{ "3e5 for c", 3e5, 5e4, 299792458, 0, 0, 0, 0, QV_MISMATCH, QR_OFF_BY_POWER },
		{ "1.38e-22 for k", 1.38e-22, 5e-25, 1.380649e-23, 0, 0, 0, 0, QV_MISMATCH, QR_OFF_BY_POWER },
		{ "-1.602e-19 for e", -1.602e-19, 5e-23, 1.602176634e-19, 0, 0, 0, 0, QV_MISMATCH, QR_WRONG_SIGN },
		{ "1.9e-27 for m_p", 1.9e-27, 5e-29, 1.67262192595e-27, 0, 0, 0, 0, QV_MISMATCH, QR_WRONG_VALUE },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		qv_result r;
		int v = run_case(&cases[i], &r);

		if (v != cases[i].verdict || (cases[i].reason ? !r.nreasons || r.reasons[0].code != cases[i].reason
							       : r.nreasons != 0))
			fprintf(stderr, "  %s: %s, first reason %s\n", cases[i].what, query_verdict_name(v),
				r.nreasons ? query_reason_name(r.reasons[0].code) : "none");
		CHECK_EQ_INT(v, cases[i].verdict);
		CHECK_EQ_INT(r.nreasons ? r.reasons[0].code : 0, cases[i].reason);
	}
}

static void ranges_and_intervals(void)
{
	qj_in in;
	qv_result r;

	memset(&in, 0, sizeof(in));
	in.tol = 0.01;
	in.range = 1;
	in.clo = 1.1;
	in.chi = 1.2;
	in.c = 1.15;
	in.hu = 0.05;
	in.r = 1.15;
	qv_result_init(&r);
	CHECK_EQ_INT(query_judge(&in, &r), QV_MATCH);
	in.r = 1.2;
	CHECK_EQ_INT(query_judge(&in, &r), QV_MATCH); /* a bound is inside */
	in.r = 1.26;
	qv_result_init(&r);
	CHECK(query_judge(&in, &r) != QV_MATCH);
	/* an atomic weight interval [55.84, 55.85] */
	memset(&in, 0, sizeof(in));
	in.tol = 0.01;
	in.rinterval = 1;
	in.rlo = 55.84;
	in.rhi = 55.85;
	in.r = 55.845;
	in.c = 55.845;
	in.hu = 0.0005;
	qv_result_init(&r);
	CHECK_EQ_INT(query_judge(&in, &r), QV_MATCH);
	in.c = 55.8505;
	qv_result_init(&r);
	CHECK_EQ_INT(query_judge(&in, &r), QV_MATCH); /* 0.0005 outside, half a unit allows it */
	in.c = 55.8506;
	qv_result_init(&r);
	CHECK_EQ_INT(query_judge(&in, &r), QV_APPROXIMATE);
}

static void diagnoses(void)
{
	qj_in in;
	qv_result r;
	char text[400];

	/* swapped exponent sign: 9.109e31 written for 9.109e-31 */
	memset(&in, 0, sizeof(in));
	in.tol = 0.01;
	in.c = 9.109e31;
	in.hu = 5e27;
	in.r = 9.1093837139e-31;
	in.exponent = 31;
	qv_result_init(&r);
	CHECK_EQ_INT(query_judge(&in, &r), QV_MISMATCH);
	CHECK_EQ_INT(r.reasons[0].code, QR_SWAPPED_EXPONENT);
	query_value_explain(&r, "en", text, sizeof(text));
	CHECK_STR(text, "swapped exponent sign: 10^31 written for 10^-31");
	/* a unit slip: the number is h in J s, the text writes eV s */
	memset(&in, 0, sizeof(in));
	in.tol = 0.01;
	in.raw = 6.626e-34;
	in.raw_hu = 5e-38;
	in.c = 6.626e-34 * 1.602176634e-19;
	in.hu = 5e-38 * 1.602176634e-19;
	in.r = 6.62607015e-34;
	in.slip_value[0] = 6.62607015e-34;
	in.slip_unit[0] = "J Hz^-1";
	in.cited_unit = "eV s";
	in.nslip = 1;
	qv_result_init(&r);
	CHECK_EQ_INT(query_judge(&in, &r), QV_MISMATCH);
	CHECK_EQ_INT(r.reasons[0].code, QR_UNIT_SLIP);
	query_value_explain(&r, "en", text, sizeof(text));
	CHECK_STR(text, "a unit slip: the number is the value in J Hz^-1, but the text writes eV s (in eV s it is 4.135668e-15)");
	/* off by 10^3: a prefix slip, and its Chinese text */
	memset(&in, 0, sizeof(in));
	in.tol = 0.01;
	in.c = 3e5;
	in.hu = 5e4;
	in.r = 299792458;
	qv_result_init(&r);
	CHECK_EQ_INT(query_judge(&in, &r), QV_MISMATCH);
	query_value_explain(&r, "en", text, sizeof(text));
	CHECK_STR(text, "off by 10^-3: a prefix slip (the number fits a unit 10^3 times larger)");
	query_value_explain(&r, "zh", text, sizeof(text));
	CHECK_STR(text, "相差 10^-3：词头错误");
	/* truncation keeps whole characters */
	query_value_explain(&r, "zh", text, 13);
	CHECK_STR(text, "相差 10^-3");
	query_value_explain(&r, "zh", text, 12);
	CHECK_STR(text, "相差 10^-");
	query_value_explain(&r, "zh", text, 5);
	CHECK_STR(text, "相");
	/* the reasons written without printf write what their printf formats
	 * wrote: seeded fields and powers, each reason alone and two together */
	{
		static const char *const words[] = { "", "CODATA", "2018", "6.674 30 e-11 m^3 kg^-1 s^-2", "MP",
						     "DFT", "mp-149", "kg", "mass (kg)", "Boltzmann constant",
						     "entropy", " (J K^-1)", "%s%d", "\xe7\x94\xb5" };
		unsigned long long seed = 41;
		int i, wrong = 0;

		for (i = 0; i < 4000; i++) {
			char want[1200], one[1100];
			qv_reason *q;
			int code = i % 5;
			const char *f[5];
			size_t k;

			for (k = 0; k < 5; k++) {
				seed = seed * 6364136223846793005ull + 1442695040888963407ull;
				f[k] = words[(seed >> 33) % (sizeof(words) / sizeof(words[0]))];
			}
			seed = seed * 6364136223846793005ull + 1442695040888963407ull;
			qv_result_init(&r);
			q = qv_reason_add(&r, code == 0 ? QR_OUTDATED : code == 1 ? QR_COMPUTED : code == 2 ? QR_DIMENSION
												: QR_OFF_BY_POWER);
			snprintf(q->a, sizeof(q->a), "%s", f[0]);
			snprintf(q->b, sizeof(q->b), "%s", f[1]);
			snprintf(q->c, sizeof(q->c), "%s", f[2]);
			snprintf(q->d, sizeof(q->d), "%s", f[3]);
			snprintf(q->e, sizeof(q->e), "%s", f[4]);
			q->n = (int)((seed >> 33) % 41) - 20;
			q->x = code == 3;
			switch (code) {
			case 0: snprintf(one, sizeof(one), "equals the %s %s value; %s %s gives %s", q->a, q->b, q->a, q->c, q->d); break;
			case 1:
				snprintf(one, sizeof(one), "%s (computed, %s) gives %s for %s; a computed value, not a measurement",
					 q->a, q->b, q->c, q->d);
				break;
			case 2: snprintf(one, sizeof(one), "%s is %s, but %s is %s%s", q->a, q->b, q->c, q->d, q->e); break;
			case 3:
				snprintf(one, sizeof(one), "off by 10^%d: a prefix slip (the number fits a unit 10^%d times %s)", q->n,
					 q->n < 0 ? -q->n : q->n, q->n > 0 ? "smaller" : "larger");
				break;
			default: snprintf(one, sizeof(one), "off by 10^%d (a scale error)", q->n);
			}
			query_value_explain(&r, "en", text, sizeof(text));
			wrong += strcmp(text, one) != 0;
			/* and after another reason */
			{
				qv_reason *w = qv_reason_add(&r, QR_WRONG_VALUE);

				(void)w;
				r.reasons[1] = *q;
				r.reasons[0].code = QR_WRONG_VALUE;
				snprintf(want, sizeof(want), "wrong value; %s", one);
				query_value_explain(&r, "en", text, sizeof(text));
				wrong += strcmp(text, want) != 0;
			}
		}
		CHECK_EQ_INT(wrong, 0);
	}
}

/* a whole number whose trailing zeros may only fill places: wrong at all
 * its digits, right at fewer, is approximate, never a mismatch */
static void trailing_zeros(void)
{
	qj_in in;
	qv_result r;

	memset(&in, 0, sizeof(in));
	in.c = 100; /* "100 kPa" for 101.325 kPa */
	in.hu = 0.5;
	in.hu_coarse = 50;
	in.coarse_sig = 1;
	in.r = 101.325;
	in.tol = 0.01;
	in.source = "CODATA";
	in.edition = "2022";
	in.value_text = "101.325";
	qv_result_init(&r);
	CHECK_EQ_INT(query_judge(&in, &r), QV_APPROXIMATE);
	CHECK_EQ_INT(r.reasons[0].code, QR_TRAILING_ZEROS);
	qv_result_release(&r);
	in.c = 90; /* "90": wrong at one digit too */
	in.hu_coarse = 5;
	qv_result_init(&r);
	CHECK_EQ_INT(query_judge(&in, &r), QV_MISMATCH);
	qv_result_release(&r);
	in.c = 100; /* no coarse reading ("100.0"): as before */
	in.hu = in.hu_coarse = 0.05;
	qv_result_init(&r);
	CHECK_EQ_INT(query_judge(&in, &r), QV_MISMATCH);
	qv_result_release(&r);
}

int main(void)
{
	pk_alloc_init();
	RUN(boundaries);
	RUN(ranges_and_intervals);
	RUN(diagnoses);
	RUN(trailing_zeros);
	T_DONE();
}
