/* query/number.c - scan numbers in normalised prose; see number.h. */
#include "number.h"

#include "../common/text.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DIGITS_MAX 60

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static int is_alpha_byte(const char *s, size_t n, size_t at_end)
{
	/* the character that ends at byte at_end (exclusive): a letter? */
	size_t i = at_end;
	int32_t cp;

	if (i == 0 || i > n)
		return 0; /* (nothing there: the end of the text) */
	if ((unsigned char)s[i - 1] < 0x80)
		return (s[i - 1] >= 'a' && s[i - 1] <= 'z') || (s[i - 1] >= 'A' && s[i - 1] <= 'Z') || s[i - 1] == '_';
	while (i > 0 && ((unsigned char)s[i - 1] & 0xC0) == 0x80)
		i--;
	if (i == 0 || pk_utf8_decode(s + i - 1, n - (i - 1), &cp) < 0)
		return 0;
	/* Greek and Latin letters glue; CJK text does not ("约为3"), nor
	 * the signs × and ÷ among the Latin-1 letters ("4π×10^-7") */
	return (cp >= 0xC0 && cp <= 0x24F && cp != 0xD7 && cp != 0xF7) || (cp >= 0x370 && cp <= 0x3FF);
}

static int match(const char *s, size_t n, size_t p, const char *lit)
{
	size_t l = strlen(lit);

	/* (the first byte first: most places hold none of the literals) */
	return p + l <= n && s[p] == lit[0] && !memcmp(s + p, lit, l);
}

/* A plain mantissa at p: digits with optional grouping and decimals.
 * Writes the digits (with '.') to buf. Returns the end offset, or p. */
typedef struct mant {
	char buf[DIGITS_MAX + 2];
	size_t len;
	int decimals, sig, comma_ambiguous;
	double alt; /* other reading of an ambiguous comma */
} mant;

static size_t scan_mantissa(const char *s, size_t n, size_t p, mant *m)
{
	size_t i = p, groups = 0;
	int int_digits = 0, seen_dot = 0, started = 0;
	char sep = 0;

	memset(m, 0, sizeof(*m));
	while (i < n && is_digit(s[i]) && m->len < DIGITS_MAX) {
		m->buf[m->len++] = s[i++];
		int_digits++;
	}
	/* more digits than any measured value has: not a number to read (a
	 * "1" and 100,000 zeros is not 1e+59) */
	if (i < n && is_digit(s[i]))
		return p;
	if (!int_digits && !(i + 1 < n && s[i] == '.' && is_digit(s[i + 1])))
		return p;
	/* thousands groups: "299 792 458", "299,792,458" (3 digits each) */
	while (int_digits <= 3 && i + 3 < n + 0 && (s[i] == ' ' || s[i] == ',') &&
	       (!sep || s[i] == sep) && is_digit(s[i + 1]) && is_digit(s[i + 2]) && is_digit(s[i + 3]) &&
	       (i + 4 >= n || !is_digit(s[i + 4]))) {
		sep = s[i];
		m->buf[m->len++] = s[i + 1];
		m->buf[m->len++] = s[i + 2];
		m->buf[m->len++] = s[i + 3];
		i += 4;
		groups++;
		int_digits = 1; /* keep the loop going for the next group */
	}
	if (sep == ',' && groups == 1 && !(i + 1 < n && s[i] == '.' && is_digit(s[i + 1]))) {
		/* "1,234": thousands or a decimal comma */
		char alt[DIGITS_MAX + 2];
		size_t k = m->len - 3;

		memcpy(alt, m->buf, k);
		alt[k] = '.';
		memcpy(alt + k + 1, m->buf + k, 3);
		alt[k + 4] = '\0';
		m->alt = strtod(alt, NULL);
		m->comma_ambiguous = 1;
	}
	/* decimals: ".626 070 15" or a decimal comma "2,5" (not 3 digits) */
	if (i + 1 < n && (s[i] == '.' || (s[i] == ',' && !groups && sep != ',')) && is_digit(s[i + 1])) {
		size_t j = i + 1, d = 0;

		while (j < n && is_digit(s[j]))
			j++, d++;
		if (s[i] == ',' && d == 3 && !(j < n && (s[j] == 'e' || s[j] == 'E'))) {
			/* handled above as an ambiguous comma, unless grouping did not apply */
			if (!m->comma_ambiguous) {
				char alt[DIGITS_MAX + 8];

				snprintf(alt, sizeof(alt), "%.*s%.3s", (int)m->len, m->buf, s + i + 1);
				m->alt = strtod(alt, NULL);
				m->comma_ambiguous = 1;
			}
		}
		seen_dot = 1;
		m->buf[m->len++] = '.';
		i++;
		while (i < n && m->len < DIGITS_MAX) {
			if (is_digit(s[i])) {
				m->buf[m->len++] = s[i++];
				m->decimals++;
			} else if (s[i] == ' ' && i + 1 < n && is_digit(s[i + 1]) && seen_dot && m->decimals % 3 == 0 &&
				   m->decimals > 0 && sep != ',') {
				/* NIST's printed form "6.626 070 15", "6.644 657 3357": groups
				 * of three after the point, the last of up to four */
				size_t j2 = i + 1, g = 0;

				while (j2 < n && is_digit(s[j2]))
					j2++, g++;
				if (g > 4 || (g == 4 && j2 + 1 < n && s[j2] == ' ' && is_digit(s[j2 + 1])))
					break;
				i++;
			} else {
				break;
			}
		}
		if (i < n && is_digit(s[i]))
			return p; /* decimals beyond what is read */
	}
	m->buf[m->len] = '\0';
	for (size_t k = 0; k < m->len; k++) {
		if (!is_digit(m->buf[k]))
			continue;
		if (m->buf[k] != '0')
			started = 1;
		if (started)
			m->sig++;
	}
	if (!started)
		m->sig = m->decimals ? m->decimals : 1;
	return i;
}

/* Optional blanks. */
static size_t sp(const char *s, size_t n, size_t p)
{
	while (p < n && s[p] == ' ')
		p++;
	return p;
}

static size_t times_ten(const char *s, size_t n, size_t p);

/* "×10^-34", "x 10^(-23)", "*10**-3", "·10-34", "e-34", "E+5". Returns the
 * end, or p when there is no exponent; *e gets the power. */
static size_t scan_exponent(const char *s, size_t n, size_t p, int *e, int allow_e)
{
	size_t q = p, r;
	int sign = 1, v = 0, paren = 0, digits = 0;

	/* NIST prints a blank before the exponent: "6.626 070 15 e-34" */
	if (allow_e && q + 2 < n && s[q] == ' ' && (s[q + 1] == 'e' || s[q + 1] == 'E') &&
	    (is_digit(s[q + 2]) || ((s[q + 2] == '-' || s[q + 2] == '+') && q + 3 < n && is_digit(s[q + 3]))))
		q++;
	if (allow_e && q < n && (s[q] == 'e' || s[q] == 'E')) {
		r = q + 1;
		if (r < n && (s[r] == '-' || s[r] == '+'))
			sign = s[r++] == '-' ? -1 : 1;
		while (r < n && is_digit(s[r]) && digits < 5)
			v = v * 10 + (s[r++] - '0'), digits++;
		if (digits && (r >= n || !is_digit(s[r])) && !is_alpha_byte(s, n, r + 1)) {
			*e = sign * v;
			return r;
		}
		return p;
	}
	if ((q = times_ten(s, n, q)) == 0)
		return p;
	if (match(s, n, sp(s, n, q), "^"))
		q = sp(s, n, sp(s, n, q) + 1); /* "10 ^ -23", "10^ -23" */
	else if (match(s, n, q, "**"))
		q += 2;
	else if (match(s, n, q, "<sup>"))
		q += 5, paren = 2; /* HTML: "10<sup>-23</sup>" */
	if (!paren && q < n && s[q] == '(') {
		paren = 1;
		q++;
	}
	if (q < n && (s[q] == '-' || s[q] == '+'))
		sign = s[q++] == '-' ? -1 : 1;
	else if (match(s, n, q, "–"))
		sign = -1, q += 3;
	else if (s[q - 1] == '0')
		return p; /* "3×108": an exponent needs ^ or a sign (flat_power reads it both ways) */
	digits = 0;
	while (q < n && is_digit(s[q]) && digits < 5)
		v = v * 10 + (s[q++] - '0'), digits++;
	if (!digits)
		return p;
	if (paren == 1) {
		if (q >= n || s[q] != ')')
			return p;
		q++;
	} else if (paren == 2) {
		if (!match(s, n, q, "</sup>"))
			return p;
		q += 6;
	}
	*e = sign * v;
	return q;
}

/* A number times ten after p: a sign of multiplication ("×", "·", "⋅"
 * read as "·", "x", "*", "times"), blanks, and "10". The end after "10",
 * or 0. */
static size_t times_ten(const char *s, size_t n, size_t p)
{
	size_t q = sp(s, n, p);

	if (match(s, n, q, "×") || match(s, n, q, "·"))
		q += 2;
	else if (q < n && (s[q] == 'x' || s[q] == 'X' || s[q] == '*') && !(q + 1 < n && s[q + 1] == '*'))
		q++;
	else if (q > p && match(s, n, q, "times "))
		q += 5;
	else
		return 0;
	q = sp(s, n, q);
	return match(s, n, q, "10") ? q + 2 : 0;
}

/* A power of ten written after a number that scan_exponent could not read
 * ("× 10^[-23]", "× 10E-23", "× 10^{−23}" half-converted): the number's
 * size is unknown. */
static int power_unread(const char *s, size_t n, size_t p)
{
	size_t q = times_ten(s, n, p);

	if (!q || (q < n && is_digit(s[q])))
		return 0;
	q = sp(s, n, q);
	return match(s, n, q, "^") || match(s, n, q, "**") || match(s, n, q, "<sup") || match(s, n, q, "{") ||
	       ((match(s, n, q, "E") || match(s, n, q, "e") || match(s, n, q, "[")) && q + 1 < n &&
		(is_digit(s[q + 1]) || s[q + 1] == '-' || s[q + 1] == '+'));
}

/* "× 1023", "x 108": a sign of multiplication, "10" and one or two more
 * digits, with no "^" and no sign: a power of ten whose superscript was
 * lost when the text was copied (NIST's pages print "6.022 140 76 x 10²³";
 * copied as plain text it reads "× 1023"), or a product (3 × 108 = 324).
 * Returns the end and the digits after "10" in *d and their count in
 * *nd, or 0. Not a leading 0 ("× 100" is no power), nor more digits or a
 * decimal part after them. */
static size_t flat_power(const char *s, size_t n, size_t p, int *d, int *nd)
{
	size_t q = times_ten(s, n, p), r;

	if (!q || q >= n || !is_digit(s[q]) || s[q] == '0')
		return 0;
	for (r = q, *d = 0; r < n && is_digit(s[r]) && r - q < 2; r++)
		*d = *d * 10 + (s[r] - '0');
	if (r < n && (is_digit(s[r]) || ((s[r] == '.' || s[r] == ',') && r + 1 < n && is_digit(s[r + 1]))))
		return 0;
	*nd = (int)(r - q);
	return r;
}

/* the markers with their lengths in bytes */
#define M(s) PK_LIT(s)

static const pk_lit approx_words[] = {
	M("≈"), M("~"), M("∼"), M("≃"), M("about"), M("approximately"), M("approx."), M("approx"), M("roughly"),
	M("around"), M("nearly"), M("circa"), M("ca."), M("close to"), M("some"), M("约"), M("大约"), M("近似"),
	M("约为"), M("大概"), M("左右")
};

static const pk_lit exact_words[] = { M("exactly"), M("precisely"), M("恰好"), M("恰为"), M("精确为"), M("精确地") };

#undef M

/* The last bytes of the words of each list (bit 1 approx_words, 2
 * exact_words), and the lists with a word ending in a blank, '=' or ':'
 * (looked for everywhere): made once. */
static unsigned char word_ends[256], word_ends_anywhere;
static pthread_once_t word_ends_once = PTHREAD_ONCE_INIT;

static void word_ends_make(void)
{
	const pk_lit *lists[2] = { approx_words, exact_words };
	size_t counts[2] = { sizeof(approx_words) / sizeof(approx_words[0]), sizeof(exact_words) / sizeof(exact_words[0]) };
	size_t k, i;

	for (k = 0; k < 2; k++)
		for (i = 0; i < counts[k]; i++) {
			unsigned char last = (unsigned char)lists[k][i].s[lists[k][i].len - 1];

			word_ends[last] |= (unsigned char)(1u << k);
			if (last == ' ' || last == '=' || last == ':')
				word_ends_anywhere |= (unsigned char)(1u << k);
		}
}

/* Does one of words stand before s[start], with only blanks, '=', ':'
 * (and then 为 or 是, and blanks) between? The marker can only end where
 * that gap begins: after the run of blanks, '=' and ':' before start, or
 * after the one before 为/是 and the blanks after it (a word ending in
 * such a character is looked for everywhere, the slow way).
 * bit: the list's in word_ends. */
static int word_before(const pk_lit *words, size_t nwords, unsigned bit, const char *s, size_t start)
{
	size_t lo = start > 24 ? start - 24 : 0, i, e1, e2 = (size_t)-1, q;

	for (e1 = start; e1 > lo && (s[e1 - 1] == ' ' || s[e1 - 1] == '=' || s[e1 - 1] == ':'); e1--)
		;
	for (q = start; q > lo && s[q - 1] == ' '; q--)
		;
	if (q >= lo + 3 && (!memcmp(s + q - 3, "为", 3) || !memcmp(s + q - 3, "是", 3)))
		for (e2 = q - 3; e2 > lo && (s[e2 - 1] == ' ' || s[e2 - 1] == '=' || s[e2 - 1] == ':'); e2--)
			;
	/* no word of the list ends where one could: none stands there (most
	 * numbers have no marker) */
	pthread_once(&word_ends_once, word_ends_make);
	if (!(word_ends_anywhere & bit) && !(e1 > lo && (word_ends[(unsigned char)s[e1 - 1]] & bit)) &&
	    !(e2 != (size_t)-1 && e2 > lo && (word_ends[(unsigned char)s[e2 - 1]] & bit)))
		return 0;
	for (i = 0; i < nwords; i++) {
		const char *w = words[i].s;
		size_t l = words[i].len, p;
		char last = w[l - 1];

		if (last != ' ' && last != '=' && last != ':') {
			/* its last byte first: most numbers have no marker */
			if ((e1 >= lo + l && s[e1 - 1] == last && !memcmp(s + e1 - l, w, l)) ||
			    (e2 != (size_t)-1 && e2 >= lo + l && s[e2 - 1] == last && !memcmp(s + e2 - l, w, l)))
				return 1;
			continue;
		}
		for (p = lo; p + l <= start; p++) {
			size_t k = p + l;

			if (s[p] != w[0] || memcmp(s + p, w, l))
				continue;
			/* only blanks, '=', ':' or 为/是 between the marker and the number */
			while (k < start && (s[k] == ' ' || s[k] == '=' || s[k] == ':'))
				k++;
			if (k + 3 <= start && (!memcmp(s + k, "为", 3) || !memcmp(s + k, "是", 3)))
				k += 3;
			while (k < start && s[k] == ' ')
				k++;
			if (k == start)
				return 1;
		}
	}
	return 0;
}

static int approx_before(const char *s, size_t start)
{
	return word_before(approx_words, sizeof(approx_words) / sizeof(approx_words[0]), 1, s, start);
}

static int exact_before(const char *s, size_t start)
{
	return word_before(exact_words, sizeof(exact_words) / sizeof(exact_words[0]), 2, s, start);
}

/* digits ("6.62607015": ASCII digits and at most one '.') times 10^exp10
 * as strtod reads it, when that is one IEEE operation on exact operands:
 * at most 15 significant digits (an integer below 2^53) and a power of
 * ten from 10^-22 to 10^22 (each exact as a double), so one multiply or
 * divide rounds the exact product as strtod rounds it (Clinger's fast
 * path). 1 and *v, or 0: strtod must read it. */
static int fast_double(const char *digits, int exp10, double *v)
{
	static const double p10[23] = { 1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
					1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22 };
	uint64_t u = 0;
	int sig = 0, decimals = 0, dot = 0, e;
	const char *p;

	for (p = digits; *p; p++) {
		if (*p == '.' && !dot) {
			dot = 1;
			continue;
		}
		if (*p < '0' || *p > '9')
			return 0;
		if (u || *p != '0')
			sig++;
		if (sig > 15)
			return 0;
		u = u * 10 + (uint64_t)(*p - '0');
		decimals += dot;
	}
	if (p == digits || exp10 < -1000 || exp10 > 1000)
		return 0;
	e = exp10 - decimals;
	if (e < -22 || e > 22)
		return 0;
	*v = e >= 0 ? (double)u * p10[e] : (double)u / p10[-e];
	return 1;
}

static double to_double(const char *digits, int exp10, int *overflow)
{
	char full[DIGITS_MAX + 16];
	double v;

	size_t l = strlen(digits);

	if (fast_double(digits, exp10, &v)) {
		*overflow = 0;
		return v;
	}

	if (l + 22 <= sizeof(full)) { /* "%se%d" without printf */
		memcpy(full, digits, l);
		full[l] = 'e';
		pk_str_int(full + l + 1, exp10);
	} else {
		snprintf(full, sizeof(full), "%se%d", digits, exp10);
	}
	errno = 0;
	v = strtod(full, NULL);
	*overflow = errno == ERANGE && (isinf(v) || fabs(v) > 1e300);
	if (errno == ERANGE && v == 0)
		*overflow = 0; /* underflow to 0: keep as 0 */
	return v;
}

/* One number (without range handling) at p. Returns end or p. */
static size_t scan_one(const char *s, size_t n, size_t p, qn_number *out)
{
	size_t i = p, q;
	mant m;
	int e = 0, neg = 0, overflow = 0, pi = 0, flat = 0, flat_digits = 0;
	double mult = 1;

	if (i < n && (s[i] == '-' || s[i] == '+')) {
		neg = s[i] == '-';
		i++;
	}
	q = scan_mantissa(s, n, i, &m);
	if (q == i) {
		/* "10^-34" alone */
		return p;
	}
	/* "10^-34" without mantissa: the mantissa is 1 */
	if (!strcmp(m.buf, "10") && (match(s, n, q, "^") || match(s, n, q, "**"))) {
		size_t r = q + (s[q] == '^' ? 1 : 2), st;
		int sign = 1, v = 0, paren = 0;

		if (r < n && s[r] == '(')
			paren = 1, r++;
		if (r < n && (s[r] == '-' || s[r] == '+'))
			sign = s[r++] == '-' ? -1 : 1;
		st = r;
		while (r < n && is_digit(s[r]) && r - st < 5)
			v = v * 10 + (s[r++] - '0');
		if (r > st && (!paren || (r < n && s[r] == ')'))) {
			r += paren;
			snprintf(m.buf, sizeof(m.buf), "1");
			m.decimals = 0;
			m.sig = 1;
			out->exponent = sign * v;
			out->has_exponent = 1;
			q = r;
			e = out->exponent;
			goto value;
		}
	}
	/* "1/137.036": a reciprocal, as the fine-structure constant is cited */
	if (!strcmp(m.buf, "1") && q + 1 < n && s[q] == '/' && is_digit(s[q + 1])) {
		mant d;
		size_t r = scan_mantissa(s, n, q + 1, &d);
		double den = strtod(d.buf, NULL);

		if (r > q + 1 && den > 0) {
			out->value = (neg ? -1.0 : 1.0) / den;
			out->sig_digits = d.sig;
			/* half a unit of the denominator's last digit, carried through 1/x */
			out->half_unit = 0.5 * pow(10.0, -d.decimals) / (den * den);
			return r;
		}
	}
	/* "4π × 10^-7 H/m": a whole number of π is exact as written (μ0
	 * before 2019); π glued to the number or after a blank */
	if (!m.decimals && !m.comma_ambiguous) {
		size_t r = q < n && s[q] == ' ' ? q + 1 : q;

		size_t after = r + strlen("π");

		if (match(s, n, r, "π") &&
		    !(after < n && (is_alpha_byte(s, n, after + 1) || ((unsigned char)s[after] >= 0xC0 &&
								      is_alpha_byte(s, n, after + 2))))) {
			/* "2π × 1.0546e-34": a product with another number, not
			 * a power of ten, is no number of π */
			size_t x = sp(s, n, after), pe;
			int e2;

			pe = scan_exponent(s, n, after, &e2, 0);
			if (pe != after || !(match(s, n, x, "×") || match(s, n, x, "*") || match(s, n, x, "·") ||
					     (match(s, n, x, "x") && x + 1 < n && s[x + 1] == ' '))) {
				pi = 1;
				q = after;
			}
		}
	}
	/* concise uncertainty "(15)" */
	if (!pi && q < n && s[q] == '(' && q + 1 < n && is_digit(s[q + 1])) {
		size_t r = q + 1;
		char ub[24];
		size_t ul = 0;

		while (r < n && is_digit(s[r]) && ul < sizeof(ub) - 1)
			ub[ul++] = s[r++];
		if (r < n && s[r] == ')') {
			ub[ul] = '\0';
			out->unc = strtod(ub, NULL) * pow(10.0, -m.decimals);
			out->has_unc = 1;
			q = r + 1;
		}
	}
	/* "1.054 571 817... e-34", "8.617 333 262…": CODATA's truncated exact values */
	if (m.decimals && (match(s, n, q, "...") || match(s, n, q, "…"))) {
		q += match(s, n, q, "...") ? 3 : strlen("…");
		out->truncated = 1;
	}
	{
		size_t r = scan_exponent(s, n, q, &e, 1);

		if (r == q)
			r = scan_exponent(s, n, q, &e, 0);
		if (r != q) {
			out->has_exponent = 1;
			out->exponent = e;
			q = r;
		} else if (!pi && !m.comma_ambiguous && (r = flat_power(s, n, q, &flat, &flat_digits)) != 0) {
			out->has_exponent = 1;
			out->exponent = e = flat;
			out->flat_power = 1;
			q = r;
		} else {
			out->power_unread = power_unread(s, n, q);
		}
	}
value:
	/* Chinese multipliers */
	if (match(s, n, q, "万"))
		mult = 1e4, q += 3;
	else if (match(s, n, q, "亿"))
		mult = 1e8, q += 3;
	out->value = to_double(m.buf, e, &overflow) * mult * (neg ? -1 : 1);
	out->overflow = overflow;
	out->sig_digits = m.sig;
	out->half_unit = 0.5 * pow(10.0, e - m.decimals) * mult;
	out->coarse_half_unit = out->half_unit;
	out->coarse_sig = m.sig;
	if (!strchr(m.buf, '.') && !m.comma_ambiguous) {
		/* "300000", "100 kPa": a whole number's trailing zeros may
		 * only fill its places (not "300.", not "3.00e5") */
		size_t z = 0, l = strlen(m.buf);

		while (z + 1 < l && m.buf[l - 1 - z] == '0')
			z++;
		if (z && m.sig > (int)z) {
			out->coarse_half_unit = 0.5 * pow(10.0, e + (double)z) * mult;
			out->coarse_sig = m.sig - (int)z;
		}
	}
	if (pi) {
		/* as exact as a double holds it */
		out->value *= M_PI;
		out->sig_digits = out->coarse_sig = 15;
		out->half_unit = out->coarse_half_unit = fabs(out->value) * 1e-15;
	}
	if (out->has_unc)
		out->unc *= pow(10.0, e) * mult;
	if (out->flat_power) /* the other reading: the product with 10 and the digits */
		out->alt_value = out->value * ((flat_digits == 1 ? 100 : 1000) + flat) / pow(10.0, flat);
	if (m.comma_ambiguous && out->has_exponent && !pi && fabs(m.alt) >= 1 && fabs(m.alt) < 10 &&
	    strchr(m.buf, '.') == NULL) {
		/* "6,626×10⁻³⁴": a mantissa before a power of ten is written
		 * between 1 and 10, so its comma is a decimal comma (6626×10⁻³⁴
		 * would not be written) */
		out->value = m.alt * pow(10.0, e) * mult * (neg ? -1 : 1);
		out->half_unit = out->coarse_half_unit = 0.5 * pow(10.0, e - 3) * mult;
	} else if (m.comma_ambiguous) {
		out->ambiguous_comma = 1;
		out->alt_value = m.alt * pow(10.0, e) * mult * (neg ? -1 : 1);
	}
	return q;
}

/* out becomes the range [out, hi]: the midpoint, the coarser precision. */
static void make_range(qn_number *out, const qn_number *hi)
{
	out->is_range = 1;
	out->lo = out->value;
	out->hi = hi->value;
	out->value = (out->lo + out->hi) / 2;
	if (hi->half_unit > out->half_unit)
		out->half_unit = hi->half_unit;
	if (hi->coarse_half_unit > out->coarse_half_unit)
		out->coarse_half_unit = hi->coarse_half_unit;
	if (hi->coarse_sig < out->coarse_sig)
		out->coarse_sig = hi->coarse_sig;
	if (hi->sig_digits < out->sig_digits)
		out->sig_digits = hi->sig_digits;
}

int query_number_next(const char *s, size_t n, size_t from, qn_number *out)
{
	size_t i = from;

	/* the bytes a number can start at: a digit, or a sign or a point
	 * before one */
	static const unsigned char lead[256] = { ['0'] = 1, ['1'] = 1, ['2'] = 1, ['3'] = 1, ['4'] = 1, ['5'] = 1,
						 ['6'] = 1, ['7'] = 1, ['8'] = 1, ['9'] = 1, ['-'] = 1, ['+'] = 1,
						 ['.'] = 1 };

	while (i < n) {
		size_t start, end;
		int paren_open = 0;

		/* (four at a time where none can) */
		while (i + 4 <= n && !(lead[(unsigned char)s[i]] | lead[(unsigned char)s[i + 1]] |
				       lead[(unsigned char)s[i + 2]] | lead[(unsigned char)s[i + 3]]))
			i += 4;
		while (i < n && !lead[(unsigned char)s[i]])
			i++;
		if (i == n)
			break;
		start = i;
		if (!(is_digit(s[i]) || ((s[i] == '-' || s[i] == '+' || s[i] == '.') && i + 1 < n && is_digit(s[i + 1])))) {
			i++;
			continue;
		}
		/* digits glued to a word are identifiers, not numbers: H2O, CO2,
		 * mp-149, Fe-56, carbon-12, x1 */
		if (is_alpha_byte(s, n, start) || (start > 0 && (is_digit(s[start - 1]) || s[start - 1] == '^')) ||
		    ((s[start] == '-' || s[start] == '.') && start > 0 && (is_alpha_byte(s, n, start) || is_digit(s[start - 1]))) ||
		    (is_digit(s[start]) && start > 0 && s[start - 1] == '-' && is_alpha_byte(s, n, start - 1)) ||
		    (is_digit(s[start]) && start > 0 && s[start - 1] == '.' && start > 1 && is_digit(s[start - 2]))) {
			while (i < n && (is_digit(s[i]) || s[i] == '.' || s[i] == '-' || s[i] == '+'))
				i++;
			continue;
		}
		memset(out, 0, sizeof(*out));
		if (start > 0 && s[start - 1] == '(')
			paren_open = 1;
		end = scan_one(s, n, start, out);
		if (end == start) {
			i++;
			continue;
		}
		/* "6.674 ± 0.002" (and "(6.674 ± 0.002)×10^-11") */
		{
			size_t q = sp(s, n, end), r;
			qn_number u;

			if (match(s, n, q, "±") || match(s, n, q, "+/-") || match(s, n, q, "+-")) {
				q += match(s, n, q, "±") ? 2 : (match(s, n, q, "+/-") ? 3 : 2);
				q = sp(s, n, q);
				memset(&u, 0, sizeof(u));
				r = scan_one(s, n, q, &u);
				if (r != q && u.value >= 0) {
					out->unc = u.value;
					out->has_unc = 1;
					end = r;
					if (paren_open && end < n && s[end] == ')') {
						int e = 0;
						size_t t = scan_exponent(s, n, end + 1, &e, 0);

						if (t != end + 1) {
							double f = pow(10.0, e);

							out->value *= f;
							out->unc *= f;
							out->half_unit *= f;
							out->exponent = e;
							out->has_exponent = 1;
							end = t;
						}
					}
				}
			}
		}
		/* an interval as tables print it: "[10.806,10.821]" */
		if (start > 0 && s[start - 1] == '[' && end < n && s[end] == ',' && !out->has_unc) {
			size_t r0 = sp(s, n, end + 1), r;
			qn_number hi;

			memset(&hi, 0, sizeof(hi));
			r = scan_one(s, n, r0, &hi);
			if (r != r0 && r < n && s[r] == ']' && hi.value >= out->value && !hi.overflow) {
				make_range(out, &hi);
				out->ambiguous_comma = 0;
				end = r;
			}
		}
		/* ranges: "1.1–1.2", "1.1-1.2", "1.1 to 1.2", "1.1 ~ 1.2", "1.1至1.2" */
		{
			size_t q = sp(s, n, end), r;
			size_t skip = 0;
			qn_number hi;

			if (match(s, n, q, "–") || match(s, n, q, "—"))
				skip = 3;
			else if (q == end && q < n && s[q] == '-' && !out->has_exponent)
				skip = 1;
			else if (match(s, n, q, "to "))
				skip = 3;
			else if (match(s, n, q, "至") || match(s, n, q, "到"))
				skip = 3;
			else if (match(s, n, q, "~"))
				skip = 1;
			if (skip) {
				size_t r0 = sp(s, n, q + skip);

				memset(&hi, 0, sizeof(hi));
				r = scan_one(s, n, r0, &hi);
				if (r != r0 && hi.value > out->value && !hi.overflow) {
					/* "1.1-1.2 eV": a shared exponent written once applies to both */
					if (hi.has_exponent && !out->has_exponent) {
						double f = pow(10.0, hi.exponent);

						out->value *= f;
						out->half_unit *= f;
						out->has_exponent = 1;
						out->exponent = hi.exponent;
					}
					make_range(out, &hi);
					end = r;
				}
			}
		}
		if (!out->is_range)
			out->lo = out->hi = out->value;
		out->start = start;
		out->end = end;
		out->approx = approx_before(s, start);
		out->exact = !out->approx && exact_before(s, start);
		pk_str_ncopy(out->text, sizeof(out->text), s + start, end - start > 79 ? 79 : end - start);
		return 1;
	}
	return 0;
}
