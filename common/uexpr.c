/* common/uexpr.c - a recursive-descent evaluator for unit expressions; see uexpr.h.
 *
 *   expr    := product
 *   product := power ( ('*' | '/' | blank) power )*
 *   power   := unary ( ('**' | '^') unary )?      right-associative
 *   unary   := '-' unary | atom
 *   atom    := number | identifier | '(' expr ')'
 *
 * A blank between two operands multiplies ("J s", "2150.42 cubic_inch");
 * "/" divides only the power right after it, as Pint reads "a / b * c".
 */
#include "uexpr.h"

#include "error.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define EXPR_MAX 4096
#define DEPTH_MAX 32

typedef struct parser {
	const char *s;
	size_t n, pos;
	int depth;
	pk_uexpr_resolve_fn fn;
	void *ctx;
} parser;

static int parse_product(parser *p, pk_uval *out);

static void skip_blanks(parser *p)
{
	while (p->pos < p->n && (p->s[p->pos] == ' ' || p->s[p->pos] == '\t'))
		p->pos++;
}

/* Identifier bytes: ASCII letters, '_', digits after the first byte, and
 * any non-ASCII byte (µ, Å, π, ε, ℎ, Ω, °, ∞ are all names or parts). */
static int ident_start(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80;
}

static int ident_char(unsigned char c)
{
	return ident_start(c) || (c >= '0' && c <= '9');
}

static int syntax(parser *p, const char *what)
{
	return pk_error_set(PK_EPARSE, "col %zu: %s in '%.*s'", p->pos + 1, what, (int)p->n, p->s);
}

static int parse_atom(parser *p, pk_uval *out)
{
	unsigned char c;

	skip_blanks(p);
	if (p->pos >= p->n)
		return syntax(p, "expected a number or a name");
	c = (unsigned char)p->s[p->pos];
	memset(out, 0, sizeof(*out));
	if (c == '(') {
		int rc;

		if (++p->depth > DEPTH_MAX)
			return pk_error_set(PK_ELIMIT, "expression nested more than %d deep", DEPTH_MAX);
		p->pos++;
		if ((rc = parse_product(p, out)) < 0)
			return rc;
		skip_blanks(p);
		if (p->pos >= p->n || p->s[p->pos] != ')')
			return syntax(p, "expected ')'");
		p->pos++;
		p->depth--;
		return 0;
	}
	if ((c >= '0' && c <= '9') || c == '.') {
		char buf[64], *end;
		size_t i = p->pos, k = 0;

		while (i < p->n && k < sizeof(buf) - 1 &&
		       ((p->s[i] >= '0' && p->s[i] <= '9') || p->s[i] == '.'))
			buf[k++] = p->s[i++];
		/* an exponent: "1e-10", "6.67430e-11" (not the start of a name "e") */
		if (i + 1 < p->n && (p->s[i] == 'e' || p->s[i] == 'E') &&
		    ((p->s[i + 1] >= '0' && p->s[i + 1] <= '9') ||
		     ((p->s[i + 1] == '-' || p->s[i + 1] == '+') && i + 2 < p->n && p->s[i + 2] >= '0' &&
		      p->s[i + 2] <= '9'))) {
			buf[k++] = p->s[i++];
			if (p->s[i] == '-' || p->s[i] == '+')
				buf[k++] = p->s[i++];
			while (i < p->n && k < sizeof(buf) - 1 && p->s[i] >= '0' && p->s[i] <= '9')
				buf[k++] = p->s[i++];
		}
		buf[k] = '\0';
		errno = 0;
		out->v = strtod(buf, &end);
		if (*end || errno == ERANGE || !isfinite(out->v))
			return syntax(p, "bad number");
		p->pos = i;
		return 0;
	}
	if (ident_start(c)) {
		size_t start = p->pos;
		int rc;

		while (p->pos < p->n && ident_char((unsigned char)p->s[p->pos]))
			p->pos++;
		rc = p->fn(p->ctx, p->s + start, p->pos - start, out);
		if (rc == PK_ENOTFOUND)
			return pk_error_set(PK_ENOTFOUND, "unknown name '%.*s'", (int)(p->pos - start), p->s + start);
		return rc;
	}
	return syntax(p, "unexpected character");
}

static int parse_unary(parser *p, pk_uval *out)
{
	skip_blanks(p);
	if (p->pos < p->n && (p->s[p->pos] == '-' || p->s[p->pos] == '+')) {
		int neg = p->s[p->pos] == '-', rc;

		if (++p->depth > DEPTH_MAX)
			return pk_error_set(PK_ELIMIT, "expression nested more than %d deep", DEPTH_MAX);
		p->pos++;
		if ((rc = parse_unary(p, out)) < 0)
			return rc;
		p->depth--;
		if (neg)
			out->v = -out->v;
		return 0;
	}
	return parse_atom(p, out);
}

static int is_dimensionless(const pk_uval *v)
{
	int i;

	for (i = 0; i < PK_UDIM; i++)
		if (fabs(v->e[i]) > 1e-9)
			return 0;
	return 1;
}

static int parse_power(parser *p, pk_uval *out)
{
	pk_uval ex;
	size_t at, save;
	int rc, i;

	if ((rc = parse_unary(p, out)) < 0)
		return rc;
	save = p->pos;
	skip_blanks(p);
	if (p->pos + 1 < p->n && p->s[p->pos] == '*' && p->s[p->pos + 1] == '*') {
		p->pos += 2;
	} else if (p->pos < p->n && p->s[p->pos] == '^') {
		p->pos++;
	} else {
		p->pos = save; /* the blank may be a product's */
		return 0;
	}
	at = p->pos;
	if (++p->depth > DEPTH_MAX)
		return pk_error_set(PK_ELIMIT, "expression nested more than %d deep", DEPTH_MAX);
	if ((rc = parse_power(p, &ex)) < 0) /* 2 ** 3 ** 2 is 2 ** 9 */
		return rc;
	p->depth--;
	if (!is_dimensionless(&ex)) {
		p->pos = at;
		return syntax(p, "an exponent must be a plain number");
	}
	for (i = 0; i < PK_UDIM; i++) {
		double e = out->e[i] * ex.v;

		/* half-integral powers are allowed on the way ((G hbar / c^3) ** 0.5) */
		if (fabs(e * 2 - nearbyint(e * 2)) > 1e-9) {
			p->pos = at;
			return syntax(p, "a power that gives a fractional dimension");
		}
		out->e[i] = e;
	}
	if (out->v < 0 && fabs(ex.v - nearbyint(ex.v)) > 1e-12) {
		p->pos = at;
		return syntax(p, "a fractional power of a negative number");
	}
	out->v = pow(out->v, ex.v);
	if (!isfinite(out->v)) {
		p->pos = at;
		return syntax(p, "the power overflows");
	}
	return 0;
}

static int parse_product(parser *p, pk_uval *out)
{
	int rc;

	if ((rc = parse_power(p, out)) < 0)
		return rc;
	for (;;) {
		int div = 0, i;
		size_t save;
		pk_uval r;
		unsigned char c;

		save = p->pos;
		skip_blanks(p);
		if (p->pos >= p->n || p->s[p->pos] == ')') {
			p->pos = save;
			return 0;
		}
		c = (unsigned char)p->s[p->pos];
		if (c == '*' && !(p->pos + 1 < p->n && p->s[p->pos + 1] == '*')) {
			p->pos++;
		} else if (c == '/') {
			div = 1;
			p->pos++;
		} else if (p->pos == save) {
			return syntax(p, "expected an operator"); /* "2x" with no blank */
		}
		/* else: a blank between two operands multiplies */
		if ((rc = parse_power(p, &r)) < 0)
			return rc;
		if (div) {
			if (r.v == 0)
				return syntax(p, "division by zero");
			out->v /= r.v;
		} else {
			out->v *= r.v;
		}
		for (i = 0; i < PK_UDIM; i++)
			out->e[i] += div ? -r.e[i] : r.e[i];
		if (!isfinite(out->v))
			return syntax(p, "the value overflows");
	}
}

int pk_uexpr_eval(const char *s, size_t n, pk_uexpr_resolve_fn fn, void *ctx, pk_uval *out)
{
	parser p = { s, n, 0, 0, fn, ctx };
	int rc;

	memset(out, 0, sizeof(*out));
	if (n > EXPR_MAX)
		return pk_error_set(PK_ELIMIT, "expression longer than %d bytes", EXPR_MAX);
	if ((rc = parse_product(&p, out)) < 0)
		return rc;
	skip_blanks(&p);
	if (p.pos != p.n)
		return syntax(&p, "unexpected text");
	return 0;
}

int pk_uval_integral(const pk_uval *v)
{
	int i;

	for (i = 0; i < PK_UDIM; i++)
		if (fabs(v->e[i] - nearbyint(v->e[i])) > 1e-9)
			return 0;
	return 1;
}
