/* common/formula.h - chemical formulas: Fe2O3 = O3Fe2 = Fe₂O₃.
 *
 * A formula is parsed into element counts ("Ca(OH)2", "CuSO4·5H2O",
 * "Li0.5CoO2", subscript digits) and written back as a canonical key:
 * elements in alphabetical order with their counts ("Fe2O3"), optionally
 * reduced by the greatest common divisor of integer counts ("Fe4O6" ->
 * "Fe2O3"). Element symbols are checked against the periodic table.
 */
#ifndef PK_FORMULA_H
#define PK_FORMULA_H

#include <stddef.h>

#define PK_FORMULA_ELEMENTS 16

typedef struct pk_formula {
	char sym[PK_FORMULA_ELEMENTS][4];
	double count[PK_FORMULA_ELEMENTS];
	size_t n;
} pk_formula;

/* Parse s[0..n). Returns 0, or PK_EPARSE (not a formula: unknown element,
 * bad brackets, too many elements). */
int pk_formula_parse(pk_formula *out, const char *s, size_t n);
/* Canonical key into out (NUL-terminated, truncated to size); reduced
 * when `reduce` is set. */
void pk_formula_key(const pk_formula *f, int reduce, char *out, size_t size);
/* Is sym an element symbol (1..118)? */
int pk_element_symbol(const char *sym, size_t n);

#endif
