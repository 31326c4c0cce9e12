/* common/formula.c - parse and normalise chemical formulas. */
#include "formula.h"

#include "error.h"
#include "text.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const elements[] = {
	"H", "He", "Li", "Be", "B", "C", "N", "O", "F", "Ne", "Na", "Mg", "Al", "Si", "P", "S", "Cl", "Ar", "K", "Ca",
	"Sc", "Ti", "V", "Cr", "Mn", "Fe", "Co", "Ni", "Cu", "Zn", "Ga", "Ge", "As", "Se", "Br", "Kr", "Rb", "Sr", "Y",
	"Zr", "Nb", "Mo", "Tc", "Ru", "Rh", "Pd", "Ag", "Cd", "In", "Sn", "Sb", "Te", "I", "Xe", "Cs", "Ba", "La",
	"Ce", "Pr", "Nd", "Pm", "Sm", "Eu", "Gd", "Tb", "Dy", "Ho", "Er", "Tm", "Yb", "Lu", "Hf", "Ta", "W", "Re",
	"Os", "Ir", "Pt", "Au", "Hg", "Tl", "Pb", "Bi", "Po", "At", "Rn", "Fr", "Ra", "Ac", "Th", "Pa", "U", "Np",
	"Pu", "Am", "Cm", "Bk", "Cf", "Es", "Fm", "Md", "No", "Lr", "Rf", "Db", "Sg", "Bh", "Hs", "Mt", "Ds", "Rg",
	"Cn", "Nh", "Fl", "Mc", "Lv", "Ts", "Og", "D", "T"
};

int pk_element_symbol(const char *sym, size_t n)
{
	size_t i;

	for (i = 0; i < sizeof(elements) / sizeof(elements[0]); i++)
		if (strlen(elements[i]) == n && !memcmp(elements[i], sym, n))
			return 1;
	return 0;
}

static int add(pk_formula *f, const char *sym, size_t n, double c)
{
	size_t i;

	for (i = 0; i < f->n; i++)
		if (strlen(f->sym[i]) == n && !memcmp(f->sym[i], sym, n)) {
			f->count[i] += c;
			return 0;
		}
	if (f->n >= PK_FORMULA_ELEMENTS)
		return -1;
	memcpy(f->sym[f->n], sym, n);
	f->sym[f->n][n] = '\0';
	f->count[f->n++] = c;
	return 0;
}

static double number(const char *s, size_t n, size_t *i)
{
	size_t start = *i;
	char buf[32];

	while (*i < n && ((s[*i] >= '0' && s[*i] <= '9') || s[*i] == '.'))
		(*i)++;
	if (*i == start || *i - start >= sizeof(buf))
		return 1;
	memcpy(buf, s + start, *i - start);
	buf[*i - start] = '\0';
	return strtod(buf, NULL);
}

/* group := (element count? | '(' group ')' count?)+ */
static int parse_group(pk_formula *f, const char *s, size_t n, size_t *i, double mult, int depth)
{
	int any = 0;

	while (*i < n) {
		if (s[*i] == '(' || s[*i] == '[') {
			pk_formula inner = { { { 0 } }, { 0 }, 0 };
			char close = s[*i] == '(' ? ')' : ']';
			double c;
			size_t k;

			if (depth > 4)
				return -1;
			(*i)++;
			if (parse_group(&inner, s, n, i, 1, depth + 1) < 0 || *i >= n || s[*i] != close)
				return -1;
			(*i)++;
			c = number(s, n, i);
			for (k = 0; k < inner.n; k++)
				if (add(f, inner.sym[k], strlen(inner.sym[k]), inner.count[k] * c * mult) < 0)
					return -1;
			any = 1;
		} else if (s[*i] >= 'A' && s[*i] <= 'Z') {
			size_t start = (*i)++, len;
			double c;

			if (*i < n && s[*i] >= 'a' && s[*i] <= 'z')
				(*i)++;
			len = *i - start;
			if (!pk_element_symbol(s + start, len))
				return -1;
			c = number(s, n, i); /* moves *i past the count */
			if (add(f, s + start, len, c * mult) < 0)
				return -1;
			any = 1;
		} else {
			break;
		}
	}
	return any ? 0 : -1;
}

int pk_formula_parse(pk_formula *out, const char *s, size_t n)
{
	pk_buf norm = PK_BUF_INIT;
	size_t i = 0;
	int rc = 0;

	memset(out, 0, sizeof(*out));
	/* NFKC turns subscripts into digits and fullwidth letters into ASCII;
	 * plain ASCII without blanks (every MP formula) needs no folding */
	for (i = 0; i < n; i++)
		if ((unsigned char)s[i] >= 0x80 || s[i] == ' ' || s[i] == '\t')
			break;
	if (i < n) {
		/* plain ASCII with blanks folds to its bytes without the blanks,
		 * and a formula begins with '(', '[' or a capital: a phrase that
		 * does not ("the band gap of", ". As shown by") is none, unfolded */
		size_t k, first = n;

		for (k = 0; k < n && (unsigned char)s[k] < 0x80; k++)
			if (first == n && !(s[k] == ' ' || (s[k] >= 9 && s[k] <= 13)))
				first = k;
		if (k == n && (first == n || !(s[first] == '(' || s[first] == '[' || (s[first] >= 'A' && s[first] <= 'Z'))))
			return pk_error_set(PK_EPARSE, "not a formula");
	}
	if (i < n || n == 0) {
		if (pk_text_fold(&norm, s, n, PK_FOLD_SPACE_DROP) < 0 || !norm.len) {
			pk_buf_release(&norm);
			return pk_error_set(PK_EPARSE, "not a formula");
		}
		s = norm.ptr;
		n = norm.len;
	}
	i = 0;
	while (i < n && rc == 0) {
		double mult = 1;

		/* hydrates: "·5H2O", "*5H2O", ".5H2O" */
		if (i > 0 && (s[i] == '*' || s[i] == '.' || !strncmp(s + i, "·", 2))) {
			i += s[i] == '*' || s[i] == '.' ? 1 : 2;
			mult = number(s, n, &i);
		}
		rc = parse_group(out, s, n, &i, mult, 0);
		if (rc == 0 && i < n && !(s[i] == '*' || s[i] == '.' || !strncmp(s + i, "·", 2)))
			rc = -1;
	}
	pk_buf_release(&norm);
	if (rc < 0 || out->n == 0)
		return pk_error_set(PK_EPARSE, "not a formula");
	return 0;
}

static long gcd(long a, long b)
{
	while (b) {
		long t = a % b;

		a = b;
		b = t;
	}
	return a;
}

void pk_formula_key(const pk_formula *f, int reduce, char *out, size_t size)
{
	pk_formula s = *f;
	size_t i, j, len = 0;
	long g = 0;
	int integral = 1;

	/* sort element and count together */
	for (i = 1; i < s.n; i++)
		for (j = i; j > 0 && strcmp(s.sym[j - 1], s.sym[j]) > 0; j--) {
			char t[4];
			double c = s.count[j];

			memcpy(t, s.sym[j], 4);
			memcpy(s.sym[j], s.sym[j - 1], 4);
			memcpy(s.sym[j - 1], t, 4);
			s.count[j] = s.count[j - 1];
			s.count[j - 1] = c;
		}
	for (i = 0; i < s.n; i++)
		if (fabs(s.count[i] - round(s.count[i])) > 1e-9 || s.count[i] < 1)
			integral = 0;
	if (reduce && integral)
		for (i = 0; i < s.n; i++)
			g = gcd(g, lround(s.count[i]));
	if (g < 1)
		g = 1;
	out[0] = '\0';
	for (i = 0; i < s.n && len + 1 < size; i++) {
		double c = integral ? (double)(lround(s.count[i]) / g) : s.count[i];

		if (c == 1)
			len += (size_t)snprintf(out + len, size - len, "%s", s.sym[i]);
		else
			len += (size_t)snprintf(out + len, size - len, "%s%.6g", s.sym[i], c);
	}
}
