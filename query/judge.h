/* query/judge.h - the verdict on one cited number against one reference.
 *
 * Pure: no graph, no text. The checker (query/value.c) reads the mention,
 * chooses the reference and converts the cited value into the reference's
 * unit; the judge decides, in this order:
 *
 *   match        |cited - reference| <= half a unit in the last cited digit
 *                (a cited range: the range holds the reference; a reference
 *                interval: the cited value lies in it)
 *   outdated     equals an older edition's value at the cited precision
 *   match        within 2 combined standard uncertainties,
 *                |c - r| <= 2 sqrt(u_ref^2 + u_cited^2)
 *   approximate  within the relative tolerance, or at the precision of a
 *                whole number whose trailing zeros may only fill its
 *                places ("100 kPa" for 101.325 kPa: one digit)
 *   mismatch     with a diagnosis: a unit slip (the number is the value in
 *                another unit of the same dimension), a swapped exponent
 *                sign, off by 10^n (a prefix slip when n is a multiple of
 *                3), the wrong sign, or a wrong value
 *
 * No slack beyond these: the only other allowance is floating-point
 * rounding of the conversion (QJ_FLOAT_SLACK of the reference, relative).
 * An equal older edition wins over "within 2 sigma of the newest": the
 * digits say which table the value was copied from, and that table is
 * out of date.
 */
#ifndef QUERY_JUDGE_H
#define QUERY_JUDGE_H

#include "value.h"

#include <stddef.h>

#define QJ_FLOAT_SLACK 1e-14

typedef struct qj_older {
	double value;
	const char *edition;
} qj_older;

typedef struct qj_in {
	double c, hu;          /* cited value in the reference's unit; half a unit of its last digit */
	double hu_coarse;      /* ... read with its trailing zeros not significant (<= hu: none) */
	int coarse_sig;        /* the significant digits of that reading */
	double cunc;           /* the uncertainty the text states, in the reference's unit (0: none) */
	int range;             /* a cited range [clo, chi] */
	double clo, chi;
	double r, runc;        /* the reference and its standard uncertainty (0: exact or none given) */
	int rinterval;         /* the reference is an interval [rlo, rhi] (an atomic weight) */
	double rlo, rhi;
	const qj_older *older; /* older editions of the same source and quantity */
	size_t nolder;
	const char *source;    /* the reference's source, edition and published value ("CODATA", */
	const char *edition;   /* "2022", "6.674 30 e-11"), named by the reasons */
	const char *value_text;
	double tol;            /* relative tolerance of "approximate" */
	int sig_digits;
	int exponent;          /* the power of ten the text wrote (0: none) */
	/* unit slips: the number as written and the reference expressed in
	 * other units of the same dimension (its own published unit, SI);
	 * nslip 0 when the cited unit is one of those */
	double raw, raw_hu;
	double slip_value[2];
	const char *slip_unit[2];
	const char *cited_unit;
	size_t nslip;
} qj_in;

/* Is a ratio whose |log10| is l 1, or a prefix slip 10^(3k), within 1%? */
int query_near_power_of_1000_log(double l);

/* Decide; the verdict and its reasons go to out (out->verdict,
 * out->reasons, out->matched_edition). Returns the verdict. */
int query_judge(const qj_in *in, qv_result *out);

#endif
