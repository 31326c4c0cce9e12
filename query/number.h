/* query/number.h - numbers as models write them in prose.
 *
 * On normalised text (pk_normtext): "6.626e-34", "6.626×10^-34",
 * "6.626 x 10^-34", "1.38 × 10^(-23)", "6.626×10-34" (superscripts folded),
 * "299 792 458", "6.67430(15)e-11", "6.674 ± 0.002", "(6.674 ± 0.002)×10^-11",
 * "10^-34", ranges "1.1–1.2" / "1.1 to 1.2", "3亿", thousands "299,792,458".
 * Approximate markers before the number (≈ ~ about approximately roughly
 * around nearly 约 大约 近似) set `approx`. A single comma followed by
 * exactly three digits ("1,234") could be a decimal or a thousands
 * separator: it is flagged `ambiguous_comma` with both readings, not
 * guessed here (query_value_judge judges both). So is "6.022 × 1023"
 * (`flat_power`): 10^23 with its superscript lost in copying, or a product.
 * The cited precision is kept: significant digits and half a unit in the
 * last cited digit.
 */
#ifndef QUERY_NUMBER_H
#define QUERY_NUMBER_H

#include <stddef.h>

typedef struct qn_number {
	size_t start, end;   /* byte span in the normalised text */
	double value;        /* the number; the midpoint of a range */
	double lo, hi;       /* a range's bounds (both = value otherwise) */
	double unc;          /* cited standard uncertainty, 0 if none */
	double half_unit;    /* half a unit in the last cited digit */
	double coarse_half_unit; /* ... read with its trailing zeros not significant ("300000": 50000,
	                      * one significant digit); half_unit when it has none */
	int coarse_sig;      /* the significant digits of that reading */
	double alt_value;    /* ambiguous comma, flat_power: the other reading */
	int sig_digits;
	int exponent;        /* the power of ten written, 0 if none */
	int has_unc, is_range, approx, ambiguous_comma, overflow;
	int exact;           /* "exactly", "precisely", "恰好", "精确": the text claims no uncertainty */
	int truncated;       /* "1.054 571 817... e-34": digits cut, not rounded (the value is in
	                      * [value, value + 2 half_unit] for a positive value) */
	int has_exponent;    /* written in scientific notation */
	int power_unread;    /* a power of ten follows that could not be read ("× 10^[-23]"):
	                      * value is the mantissa alone */
	int flat_power;      /* "6.022 × 1023": "10" and digits with no "^" or sign, a power of
	                      * ten whose superscript was lost in copying, or a product: value
	                      * reads the power (6.022e23), alt_value the product (6160.5) */
	char text[80];       /* the number as written (normalised), truncated */
} qn_number;

/* Find the next number starting at or after byte `from`. Digits glued to
 * letters ("H2O", "mp-149", "Fe-56", "CO2") are not numbers. Returns 1 and
 * fills *out, or 0 when there is none. A number too large for a double
 * ("1e999") is returned with `overflow` set. */
int query_number_next(const char *s, size_t n, size_t from, qn_number *out);

#endif
