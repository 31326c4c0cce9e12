/* common/uexpr.h - unit expressions as unit databases write them.
 *
 * The grammar of Pint's definition files (and of CODATA's unit column):
 * numbers ("1e-10", "2150.42", "5 / 9"), identifiers ("meter", "R_∞",
 * "°C", "µ_0"), "*" or blank for a product, "/", "**" or "^" for a power
 * ("m^-1", "(hbar * c / G) ** 0.5"), parentheses. Identifiers are turned
 * into values by the caller's resolver, so the same evaluator serves the
 * importer (which knows the database's own definitions) and the unit engine
 * (which takes constants from the graph's CODATA edition).
 *
 * A value is a number times SI base units with rational exponents; a
 * power of a dimensioned value must keep the exponents integral or half-
 * integral while evaluating (planck_length = (hbar G / c^3) ** 0.5 is a
 * length). Callers check that a final dimension is integral.
 */
#ifndef PK_UEXPR_H
#define PK_UEXPR_H

#include <stddef.h>

#define PK_UDIM 7 /* m kg s A K mol cd */

typedef struct pk_uval {
	double v;          /* the value in SI base units */
	double e[PK_UDIM]; /* exponents of m kg s A K mol cd */
} pk_uval;

/* Resolve identifier name[0..n) into *out. Return 0, PK_ENOTFOUND when the
 * name is unknown (the evaluator reports it), or another error to stop. */
typedef int (*pk_uexpr_resolve_fn)(void *ctx, const char *name, size_t n, pk_uval *out);

/* Evaluate s[0..n). Errors: PK_EPARSE "col N: ..." (syntax, an exponent
 * that is not a dimensionless number, a fractional dimension),
 * PK_ENOTFOUND "unknown name 'x'", or the resolver's. Expressions nest at
 * most 32 deep and hold at most 4096 bytes. */
int pk_uexpr_eval(const char *s, size_t n, pk_uexpr_resolve_fn fn, void *ctx, pk_uval *out);

/* Is every exponent an integer (within 1e-9)? */
int pk_uval_integral(const pk_uval *v);

#endif
