/* common/num.c - parse numbers in the forms published tables use. */
#include "num.h"

#include "error.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

int pk_num_sig_digits(const char *s, size_t n)
{
	size_t i;
	int sig = 0, seen_nonzero = 0;

	for (i = 0; i < n; i++) {
		if (s[i] == 'e' || s[i] == 'E')
			break;
		if (!is_digit(s[i]))
			continue;
		if (s[i] != '0')
			seen_nonzero = 1;
		if (seen_nonzero)
			sig++;
	}
	return sig ? sig : 1; /* "0" and "0.0" have one */
}

int pk_num_parse(pk_num *out, const char *s, size_t n, int spaced)
{
	char clean[128], unc[64];
	size_t i = 0, c = 0, u = 0;
	int digits = 0, in_frac = 0, expo = 0, expsign = 1, have_exp = 0, udigits = 0;
	int sig_started = 0;

	memset(out, 0, sizeof(*out));
	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	while (n > i && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	if (i == n)
		return pk_error_set(PK_EPARSE, "empty number");
	if (s[i] == '-' || s[i] == '+') {
		if (s[i] == '-')
			clean[c++] = '-';
		i++;
	}
	for (; i < n; i++) {
		char ch = s[i];

		if (c >= sizeof(clean) - 8)
			return pk_error_set(PK_EPARSE, "number too long: '%.*s'", (int)(n > 40 ? 40 : n), s);
		if (is_digit(ch)) {
			clean[c++] = ch;
			digits++;
			if (ch != '0')
				sig_started = 1;
			if (sig_started)
				out->sig_digits++;
			if (in_frac)
				out->decimals++;
		} else if (ch == '.' && !out->truncated && i + 2 < n && s[i + 1] == '.' && s[i + 2] == '.') {
			out->truncated = 1; /* "..." after the last published digit */
			i += 2;
		} else if (ch == '.' && !in_frac && !out->truncated) {
			in_frac = 1;
			clean[c++] = '.';
		} else if (ch == ' ' && spaced && i + 1 < n && (is_digit(s[i + 1]) || s[i + 1] == 'e' ||
							      s[i + 1] == 'E' || s[i + 1] == '.')) {
			continue; /* digit-group separator, or the space before "e-27" */
		} else {
			break;
		}
	}
	if (!digits)
		return pk_error_set(PK_EPARSE, "no digits in '%.*s'", (int)(n > 40 ? 40 : n), s);
	if (!sig_started)
		out->sig_digits = in_frac ? out->decimals : 1;
	/* concise uncertainty "(nn)" or "(nn#)" */
	if (i < n && s[i] == '(') {
		i++;
		while (i < n && s[i] != ')') {
			/* (a digit or a '.' is kept: room for it and the NUL) */
			if ((is_digit(s[i]) || s[i] == '.') && u >= sizeof(unc) - 1)
				return pk_error_set(PK_EPARSE, "uncertainty too long in '%.*s'", (int)(n > 40 ? 40 : n), s);
			if (is_digit(s[i])) {
				unc[u++] = s[i];
				udigits++;
			} else if (s[i] == '#') {
				out->estimated = 1;
			} else if (s[i] == '.') {
				unc[u++] = '.';
			} else if (s[i] != ' ') {
				return pk_error_set(PK_EPARSE, "bad uncertainty in '%.*s'", (int)(n > 40 ? 40 : n), s);
			}
			i++;
		}
		if (i == n || !udigits)
			return pk_error_set(PK_EPARSE, "bad uncertainty in '%.*s'", (int)(n > 40 ? 40 : n), s);
		i++;
		unc[u] = '\0';
		out->has_unc = 1;
	}
	if (i < n && s[i] == '#') {
		out->estimated = 1;
		i++;
	}
	if (i < n && (s[i] == 'e' || s[i] == 'E')) {
		size_t start;

		i++;
		if (i < n && (s[i] == '-' || s[i] == '+')) {
			expsign = s[i] == '-' ? -1 : 1;
			i++;
		}
		start = i;
		while (i < n && is_digit(s[i])) {
			if (expo < 100000)
				expo = expo * 10 + (s[i] - '0');
			i++;
		}
		if (i == start)
			return pk_error_set(PK_EPARSE, "bad exponent in '%.*s'", (int)(n > 40 ? 40 : n), s);
		have_exp = 1;
	}
	if (i != n)
		return pk_error_set(PK_EPARSE, "unexpected '%c' in number '%.*s'", s[i],
				    (int)(n > 40 ? 40 : n), s);
	out->exponent = have_exp ? expsign * expo : 0;
	{
		char full[160];
		char *end;

		snprintf(full, sizeof(full), "%.*se%d", (int)c, clean, out->exponent);
		errno = 0;
		out->value = strtod(full, &end);
		if (errno == ERANGE && (isinf(out->value) || out->value == 0.0 || fabs(out->value) > 1e300))
			return pk_error_set(PK_EPARSE, "number out of range: '%.*s'", (int)(n > 40 ? 40 : n), s);
		if (out->has_unc) {
			/* "(nn)" counts in units of the last written digit */
			double uval = strtod(unc, NULL);

			if (!strchr(unc, '.'))
				uval *= pow(10.0, -out->decimals);
			out->uncertainty = uval * pow(10.0, out->exponent);
		}
	}
	return 0;
}

long long pk_num_digits(const char *s, int max_digits)
{
	long long v = 0;
	int i;

	if (max_digits > 18)
		max_digits = 18;
	for (i = 0; i < max_digits && s[i] >= '0' && s[i] <= '9'; i++)
		v = v * 10 + (s[i] - '0');
	return v;
}
