/* common/num.h - numbers as sources publish them.
 *
 * Handles the published forms the ingest parsers meet: digit groups
 * separated by single spaces ("6.626 070 15"), a separate exponent
 * ("e-34"), a trailing "..." on truncated exact values, and the concise
 * uncertainty notation "55.845(2)" / "1.00782503223(9)" / "100.92634(32#)".
 * Values go through strtod on a cleaned copy, so they round correctly.
 */
#ifndef PK_NUM_H
#define PK_NUM_H

#include <stddef.h>

typedef struct pk_num {
	double value;
	double uncertainty; /* from "(nn)"; 0 if none given */
	int has_unc;
	int truncated;      /* ended in "..." */
	int estimated;      /* '#' inside the parentheses */
	int sig_digits;     /* significant digits of the mantissa as written */
	int decimals;       /* digits after the decimal point (before any exponent) */
	int exponent;       /* the written power of ten (0 if none) */
} pk_num;

/* Parse s[0..n) completely (leading/trailing blanks allowed). Digit groups
 * may be separated by single spaces when `spaced` is set. Returns 0, or
 * PK_EPARSE with a message naming the text (no file context). */
int pk_num_parse(pk_num *out, const char *s, size_t n, int spaced);

/* The value of the decimal digits s starts with, at most max_digits of
 * them (at most 18): "2019a" -> 2019; 0 when s starts with none. For
 * years and counts a pattern has already matched (no atoi: no undefined
 * behaviour on overflow, no silent garbage). */
long long pk_num_digits(const char *s, int max_digits);

/* Count significant digits in a plain decimal mantissa ("0.0120" -> 3). */
int pk_num_sig_digits(const char *s, size_t n);

#endif
