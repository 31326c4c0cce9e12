/* common/pj.c - pull JSON tokenizer; see pj.h. */
#include "pj.h"

#include "text.h"

#include <stdlib.h>
#include <stdint.h>
#include <string.h>

static int fail(pj *j, const char *why)
{
	if (!j->err) {
		j->err = why;
		j->err_at = (size_t)(j->p - j->start);
	}
	return PJ_ERROR;
}

void pj_init(pj *j, const char *text, size_t n)
{
	j->start = j->p = text;
	j->end = text + n;
	j->depth = 0;
	j->sep[0] = 0;
	j->err = NULL;
	j->err_at = 0;
}

static void ws(pj *j)
{
	while (j->p < j->end && (*j->p == ' ' || *j->p == '\n' || *j->p == '\r' || *j->p == '\t'))
		j->p++;
}

size_t pj_offset(const pj *j)
{
	return j->err ? j->err_at : (size_t)(j->p - j->start);
}

const char *pj_error(const pj *j)
{
	return j->err ? j->err : "no error";
}

int pj_peek(pj *j)
{
	if (j->err)
		return PJ_ERROR;
	ws(j);
	if (j->p >= j->end)
		return PJ_EOF;
	switch (*j->p) {
	case '{': return PJ_OBJECT;
	case '[': return PJ_ARRAY;
	case '"': return PJ_STRING;
	case 't': return PJ_TRUE;
	case 'f': return PJ_FALSE;
	case 'n': return PJ_NULL;
	case '}': case ']': return PJ_END;
	case 'N': case 'I':
		/* NaN / Infinity, as Python's json writes them: numbers the
		 * caller rejects with a better message than a syntax error */
		return PJ_NUMBER;
	default:
		if (*j->p == '-' || (*j->p >= '0' && *j->p <= '9'))
			return PJ_NUMBER;
		return fail(j, "unexpected character");
	}
}

int pj_enter(pj *j)
{
	int t = pj_peek(j);

	if (t != PJ_OBJECT && t != PJ_ARRAY)
		return fail(j, "expected an object or array");
	if (j->depth >= PJ_DEPTH)
		return fail(j, "nested too deeply");
	j->depth++;
	j->sep[j->depth] = 0;
	j->p++;
	return 0;
}

/* A value ended at the current depth: the next key or element needs a ','. */
static void done_value(pj *j)
{
	j->sep[j->depth] = 1;
}

/* Before a key or element: ',' when one is owed, or the closing bracket. */
static int separator(pj *j, char close)
{
	ws(j);
	if (j->p >= j->end)
		return fail(j, "unexpected end of input");
	if (*j->p == close) {
		j->p++;
		j->depth--;
		done_value(j);
		return 0;
	}
	if (j->sep[j->depth]) {
		if (*j->p != ',')
			return fail(j, "expected ',' or a closing bracket");
		j->p++;
		ws(j);
		if (j->p >= j->end)
			return fail(j, "unexpected end of input"); /* "{"a":1," */
		if (*j->p == close)
			return fail(j, "trailing comma");
	}
	return 1;
}

/* Scan a string starting at '"' without decoding; leaves p after it. */
static int scan_string(pj *j, const char **s, size_t *n)
{
	const char *q = j->p + 1;

	for (;;) {
		const char *hit = memchr(q, '"', (size_t)(j->end - q));
		const char *b;
		size_t bs = 0;

		if (!hit)
			return fail(j, "unterminated string");
		/* count the backslashes before the quote */
		for (b = hit; b > q && b[-1] == '\\'; b--)
			bs++;
		if (bs % 2 == 0) {
			*s = j->p + 1;
			*n = (size_t)(hit - j->p - 1);
			j->p = hit + 1;
			return 0;
		}
		q = hit + 1;
	}
}

int pj_key(pj *j, const char **key, size_t *len)
{
	int rc;

	if (j->err)
		return PJ_ERROR;
	if ((rc = separator(j, '}')) <= 0)
		return rc;
	if (*j->p != '"')
		return fail(j, "expected a key");
	if (scan_string(j, key, len) < 0)
		return PJ_ERROR;
	ws(j);
	if (j->p >= j->end || *j->p != ':')
		return fail(j, "expected ':' after a key");
	j->p++;
	/* the key's value completes the member */
	j->sep[j->depth] = 1;
	return 1;
}

int pj_more(pj *j)
{
	int rc;

	if (j->err)
		return PJ_ERROR;
	if ((rc = separator(j, ']')) <= 0)
		return rc;
	j->sep[j->depth] = 1;
	return 1;
}

static int literal(pj *j, const char *lit)
{
	size_t n = strlen(lit);

	if ((size_t)(j->end - j->p) < n || memcmp(j->p, lit, n))
		return fail(j, "bad literal");
	j->p += n;
	return 0;
}

static int scan_number(pj *j, const char **s, size_t *n)
{
	const char *q = j->p;
	size_t left;

	if (q < j->end && *q == '-')
		q++;
	left = (size_t)(j->end - q);
	if ((left >= 3 && !memcmp(q, "NaN", 3)) || (left >= 8 && !memcmp(q, "Infinity", 8))) {
		q += *q == 'N' ? 3 : 8;
		*s = j->p;
		*n = (size_t)(q - j->p);
		j->p = q;
		return 0;
	}
	if (q >= j->end || !(*q >= '0' && *q <= '9'))
		return fail(j, "bad number");
	while (q < j->end && ((*q >= '0' && *q <= '9') || *q == '.' || *q == 'e' || *q == 'E' || *q == '+' ||
			      *q == '-'))
		q++;
	*s = j->p;
	*n = (size_t)(q - j->p);
	j->p = q;
	return 0;
}

int pj_skip(pj *j)
{
	int t = pj_peek(j), base;
	const char *s;
	size_t n;

	switch (t) {
	case PJ_STRING: return scan_string(j, &s, &n);
	case PJ_NUMBER: return scan_number(j, &s, &n);
	case PJ_TRUE: return literal(j, "true");
	case PJ_FALSE: return literal(j, "false");
	case PJ_NULL: return literal(j, "null");
	case PJ_OBJECT:
	case PJ_ARRAY:
		break;
	default:
		return fail(j, "expected a value");
	}
	/* containers: a fast structural scan that only looks at quotes and brackets */
	base = j->depth;
	if (pj_enter(j) < 0)
		return PJ_ERROR;
	while (j->depth > base) {
		const char *q = j->p;

		while (q < j->end && *q != '"' && *q != '{' && *q != '[' && *q != '}' && *q != ']')
			q++;
		j->p = q;
		if (q >= j->end)
			return fail(j, "unexpected end of input");
		switch (*q) {
		case '"':
			if (scan_string(j, &s, &n) < 0)
				return PJ_ERROR;
			break;
		case '{':
		case '[':
			if (j->depth >= PJ_DEPTH)
				return fail(j, "nested too deeply");
			j->depth++;
			j->p++;
			break;
		default:
			j->depth--;
			j->p++;
		}
	}
	return 0;
}

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static int hex4(const char *p)
{
	int v = 0, i;

	for (i = 0; i < 4; i++) {
		int h = hexval(p[i]);

		if (h < 0)
			return -1;
		v = v * 16 + h;
	}
	return v;
}

int pj_string(pj *j, pk_buf *out, int lenient)
{
	const char *s;
	size_t n, i, run, start;
	int t = pj_peek(j);

	if (t != PJ_STRING) {
		if (lenient && t == PJ_NUMBER) {
			if (scan_number(j, &s, &n) < 0)
				return PJ_ERROR;
			return pk_buf_put(out, s, n) < 0 ? fail(j, "out of memory") : 0;
		}
		if (lenient && t == PJ_NULL)
			return literal(j, "null");
		return fail(j, "expected a string");
	}
	if (scan_string(j, &s, &n) < 0)
		return PJ_ERROR;
	start = out->len;
	if (!memchr(s, '\\', n)) {
		if (!pk_utf8_valid(s, n))
			return fail(j, "invalid UTF-8 in a string");
		return pk_buf_put(out, s, n) < 0 ? fail(j, "string too long") : 0;
	}
	for (i = 0, run = 0; i < n;) {
		char enc[4];
		int el, cp;

		if (s[i] != '\\') {
			i++;
			run++;
			continue;
		}
		if (run && pk_buf_put(out, s + i - run, run) < 0)
			return fail(j, "string too long");
		run = 0;
		if (i + 1 >= n)
			return fail(j, "bad escape");
		switch (s[i + 1]) {
		case '"': case '\\': case '/':
			el = 1, enc[0] = s[i + 1];
			i += 2;
			break;
		case 'b': el = 1, enc[0] = '\b', i += 2; break;
		case 'f': el = 1, enc[0] = '\f', i += 2; break;
		case 'n': el = 1, enc[0] = '\n', i += 2; break;
		case 'r': el = 1, enc[0] = '\r', i += 2; break;
		case 't': el = 1, enc[0] = '\t', i += 2; break;
		case 'u':
			if (i + 6 > n || (cp = hex4(s + i + 2)) < 0)
				return fail(j, "bad \\u escape");
			i += 6;
			if (cp >= 0xD800 && cp <= 0xDBFF) {
				int lo;

				if (i + 6 > n || s[i] != '\\' || s[i + 1] != 'u' || (lo = hex4(s + i + 2)) < 0xDC00 ||
				    lo > 0xDFFF)
					return fail(j, "unpaired surrogate");
				cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
				i += 6;
			} else if (cp >= 0xDC00 && cp <= 0xDFFF) {
				return fail(j, "unpaired surrogate");
			}
			if (cp == 0)
				return fail(j, "NUL in a string");
			el = pk_utf8_encode(enc, cp);
			break;
		default:
			return fail(j, "bad escape");
		}
		if (pk_buf_put(out, enc, (size_t)el) < 0)
			return fail(j, "string too long");
	}
	if (run && pk_buf_put(out, s + n - run, run) < 0)
		return fail(j, "string too long");
	/* validate what was copied raw (only this string: out may hold others) */
	if (!pk_utf8_valid(out->ptr ? out->ptr + start : "", out->len - start))
		return fail(j, "invalid UTF-8 in a string");
	return 0;
}

/* Clinger's fast path: a decimal with at most 15 significant digits and
 * at most 22 fraction digits is an exact integer divided by an exact
 * power of ten, one correctly rounded operation: the same double strtod
 * gives. Anything else (exponents, long mantissas, NaN) goes to strtod. */
static int fast_number(const char *s, size_t n, double *out)
{
	static const double p10[] = { 1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
				       1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22 };
	uint64_t m = 0;
	size_t i = 0, digits = 0, frac = 0;
	int neg = 0, dot = 0;

	if (i < n && s[i] == '-')
		neg = 1, i++;
	if (i == n)
		return 0;
	for (; i < n; i++) {
		char c = s[i];

		if (c >= '0' && c <= '9') {
			if (m || c != '0')
				digits++;
			if (digits > 15)
				return 0;
			m = m * 10 + (uint64_t)(c - '0');
			frac += dot;
		} else if (c == '.' && !dot) {
			dot = 1;
		} else {
			return 0; /* an exponent, NaN, Infinity */
		}
	}
	if (frac > 22)
		return 0;
	*out = (double)m / p10[frac];
	if (neg)
		*out = -*out;
	return 1;
}

int pj_number(pj *j, double *out)
{
	const char *s;
	size_t n;
	char tmp[64];

	if (pj_peek(j) != PJ_NUMBER)
		return fail(j, "expected a number");
	if (scan_number(j, &s, &n) < 0)
		return PJ_ERROR;
	if (n >= sizeof(tmp))
		return fail(j, "number too long");
	if (fast_number(s, n, out))
		return 0;
	memcpy(tmp, s, n);
	tmp[n] = '\0';
	*out = strtod(tmp, NULL);
	return 0;
}
