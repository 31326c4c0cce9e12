/* common/json.c - streaming JSON writer; rules in json.h. */
#include "json.h"

#include "error.h"
#include "text.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void pk_json_init(pk_json *w, pk_buf *b)
{
	memset(w, 0, sizeof(*w));
	w->b = b;
}

int pk_json_error(const pk_json *w)
{
	return w->err;
}

static void put(pk_json *w, const char *s, size_t n)
{
	int rc;

	if (w->err)
		return;
	if ((rc = pk_buf_put(w->b, s, n)) < 0)
		w->err = rc;
}

/* Separator before a value or key at the current level. */
static void before_value(pk_json *w)
{
	if (w->after_key) {
		w->after_key = 0;
		return;
	}
	if (w->depth && w->has_member[w->depth - 1])
		put(w, ",", 1);
	if (w->depth)
		w->has_member[w->depth - 1] = 1;
}

static void open_container(pk_json *w, char c)
{
	before_value(w);
	if (w->err)
		return;
	if (w->depth >= PK_JSON_DEPTH) {
		w->err = pk_error_set(PK_ELIMIT, "JSON output nested deeper than %d", PK_JSON_DEPTH);
		return;
	}
	put(w, &c, 1);
	w->has_member[w->depth++] = 0;
}

static void close_container(pk_json *w, char c)
{
	if (w->err)
		return;
	if (w->depth == 0) {
		w->err = pk_error_set(PK_ERROR, "unbalanced JSON writer");
		return;
	}
	w->depth--;
	put(w, &c, 1);
}

void pk_json_obj_any(pk_json *w) { open_container(w, '{'); }
void pk_json_end_obj_any(pk_json *w) { close_container(w, '}'); }
void pk_json_arr_any(pk_json *w) { open_container(w, '['); }
void pk_json_end_arr_any(pk_json *w) { close_container(w, ']'); }

/* The end of the run from s[i] of bytes written as they are
 * (PK_JSON_PLAIN_BYTE): s[i..result) needs no escape. */
static size_t plain_end(const char *s, size_t i, size_t n)
{
	/* eight bytes at a time: a word with a byte below 0x20, at or above
	 * 0x80, '"' or '\\' (the tests may say so of a plain word too, never
	 * the other way round) is left to the byte loop */
	static const uint64_t ones = 0x0101010101010101ull, high = 0x8080808080808080ull;
	while (i + 8 <= n) {
		uint64_t x, q, b;

		memcpy(&x, s + i, 8);
		q = x ^ (ones * '"');
		b = x ^ (ones * '\\');
		if (((x - ones * 0x20) | x | ((q - ones) & ~q) | ((b - ones) & ~b)) & high)
			break;
		i += 8;
	}
	/* (PK_JSON_PLAIN_BYTE of each byte, '1' where it holds) */
	{
		static const char plain[257] =
		"0000000000000000000000000000000011011111111111111111111111111111"
		"1111111111111111111111111111011111111111111111111111111111111111"
		"0000000000000000000000000000000000000000000000000000000000000000"
		"0000000000000000000000000000000000000000000000000000000000000000";

		while (i < n && plain[(unsigned char)s[i]] == '1')
			i++;
	}
	return i;
}

static void put_string(pk_json *w, const char *s, size_t n)
{
	static const char hex[] = "0123456789abcdef";
	size_t i = 0, start = 0;

	/* the common string, plain ASCII throughout: quotes and all in one append */
	if (plain_end(s, 0, n) == n && !w->err && pk_buf_grow(w->b, n + 2) == 0) {
		char *p = w->b->ptr + w->b->len;

		*p++ = '"';
		memcpy(p, s, n);
		p[n] = '"';
		p[n + 1] = '\0';
		w->b->len += n + 2;
		return;
	}
	put(w, "\"", 1);
	while (i < n && !w->err) {
		unsigned char c;

		if ((i = plain_end(s, i, n)) == n)
			break;
		c = (unsigned char)s[i];
		if (c >= 0x80) {
			int32_t cp;
			int k = pk_utf8_decode(s + i, n - i, &cp);

			if (k > 0) {
				i += (size_t)k; /* valid UTF-8 stays in the run */
				continue;
			}
			put(w, s + start, i - start);
			put(w, "\xef\xbf\xbd", 3); /* U+FFFD for a bad byte */
			i++;
		} else {
			char esc[7];

			put(w, s + start, i - start);
			switch (c) {
			case '"': put(w, "\\\"", 2); break;
			case '\\': put(w, "\\\\", 2); break;
			case '\n': put(w, "\\n", 2); break;
			case '\r': put(w, "\\r", 2); break;
			case '\t': put(w, "\\t", 2); break;
			case '\b': put(w, "\\b", 2); break;
			case '\f': put(w, "\\f", 2); break;
			default:
				esc[0] = '\\'; esc[1] = 'u'; esc[2] = '0'; esc[3] = '0';
				esc[4] = hex[c >> 4]; esc[5] = hex[c & 15]; esc[6] = 0;
				put(w, esc, 6);
			}
			i++;
		}
		start = i;
	}
	put(w, s + start, i - start);
	put(w, "\"", 1);
}

/* A key of n plain ASCII bytes (every key the tools write) into room the
 * buffer has: 1 when written, 0 when it is not such a key or there is no
 * room (nothing written). */
static int short_key(pk_json *w, const char *key, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!PK_JSON_PLAIN_BYTE(key[i]))
			return 0;
	return pk_json_key_put_(w, key, n);
}

void pk_json_key_n(pk_json *w, const char *key, size_t n)
{
	if (!short_key(w, key, n))
		pk_json_key_any(w, key);
}

void pk_json_key_any(pk_json *w, const char *key)
{
	size_t l = strlen(key);

	if (l <= PK_JSON_KEY_SHORT && short_key(w, key, l))
		return;

	/* a key of plain ASCII (every key the tools write): its separator,
	 * quotes and colon in one append */
	if (plain_end(key, 0, l) == l && !w->err && !w->after_key) {
		int comma = w->depth && w->has_member[w->depth - 1];

		if (pk_buf_grow(w->b, l + 3 + (size_t)comma) == 0) {
			char *p = w->b->ptr + w->b->len;

			if (comma)
				*p++ = ',';
			*p++ = '"';
			memcpy(p, key, l);
			p += l;
			*p++ = '"';
			*p++ = ':';
			*p = '\0';
			w->b->len = (size_t)(p - w->b->ptr);
			if (w->depth)
				w->has_member[w->depth - 1] = 1;
			w->after_key = 1;
			return;
		}
	}
	before_value(w);
	put_string(w, key, l);
	put(w, ":", 1);
	w->after_key = 1;
}

void pk_json_strn(pk_json *w, const char *s, size_t n)
{
	before_value(w);
	put_string(w, s, n);
}

void pk_json_str(pk_json *w, const char *s)
{
	if (!s) {
		pk_json_null(w);
		return;
	}
	pk_json_strn(w, s, strlen(s));
}

static const double pow10_exact[23] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

/* "%.15g" of m * 10^q (m > 0 with at most 15 digits) as printf writes it:
 * style f when the exponent X is in [-4, 15), else e; trailing zeros and a
 * bare point dropped; two exponent digits at least. */
static void fmt_g15(char *out, int neg, unsigned long long m, int q)
{
	char d[24];
	int n = 0, x, i, o = 0;

	while (m % 10 == 0) {
		m /= 10;
		q++;
	}
	for (unsigned long long t = m; t; t /= 10)
		n++;
	for (i = n - 1; i >= 0; i--, m /= 10)
		d[i] = (char)('0' + m % 10);
	x = q + n - 1;
	if (neg)
		out[o++] = '-';
	if (x >= -4 && x < 15) {
		if (x < 0) {
			out[o++] = '0';
			out[o++] = '.';
			for (i = 0; i < -x - 1; i++)
				out[o++] = '0';
			memcpy(out + o, d, (size_t)n);
			o += n;
		} else {
			for (i = 0; i <= x; i++)
				out[o++] = i < n ? d[i] : '0';
			if (n > x + 1) {
				out[o++] = '.';
				memcpy(out + o, d + x + 1, (size_t)(n - x - 1));
				o += n - x - 1;
			}
		}
		out[o] = '\0';
		return;
	}
	out[o++] = d[0];
	if (n > 1) {
		out[o++] = '.';
		memcpy(out + o, d + 1, (size_t)(n - 1));
		o += n - 1;
	}
	out[o++] = 'e';
	out[o++] = x < 0 ? '-' : '+';
	x = x < 0 ? -x : x; /* at most 308 */
	if (x >= 100)
		out[o++] = (char)('0' + x / 100);
	out[o++] = (char)('0' + x / 10 % 10);
	out[o++] = (char)('0' + x % 10);
	out[o] = '\0';
}

/* Any decimal of at most 15 significant digits that reads back as v is
 * the rounding of v to 15 digits (half an ulp is less than half a unit of
 * the 15th digit), which is what "%.15g" prints: so the first candidate
 * m * 10^q (p = 1..15 digits) that reads back exactly gives printf's bytes.
 * Reading back is exact without strtod when |q| <= 22 (one correctly
 * rounded IEEE operation on exact operands); strtod otherwise. 1 when
 * written, 0 when v needs 16 or 17 digits (every p tried), -1 out of the
 * range this handles. */
static int fmt_short(char out[32], double v)
{
	int neg = v < 0, x, p, q;
	double a = neg ? -v : v, m;
	char tmp[40];

	if (!(a >= 1e-280 && a < 1e280)) /* 10^-q finite for every p */
		return -1;
	x = (int)floor(log10(a));
	for (p = 1; p <= 15; p++) {
		q = x - p + 1;
		if (q > 0)
			m = nearbyint(q <= 22 ? a / pow10_exact[q] : a / pow(10, q));
		else
			m = nearbyint(-q <= 22 ? a * pow10_exact[-q] : a * pow(10, -q));
		if (m < 1 || m >= 1e15)
			continue;
		if (q >= -22 && q <= 22) {
			if ((q >= 0 ? m * pow10_exact[q] : m / pow10_exact[-q]) != a)
				continue;
		} else {
			double r = q > 0 ? m * pow(10, q) : m / pow(10, -q);

			if (fabs(r - a) > a * 1e-14)
				continue;
			snprintf(tmp, sizeof(tmp), "%llue%d", (unsigned long long)m, q);
			if (strtod(tmp, NULL) != a)
				continue;
		}
		fmt_g15(out, neg, (unsigned long long)m, q);
		return 1;
	}
	return 0;
}

/* The last numbers written, per thread: a value check writes the graph's
 * few hundred constants again and again, and one that needs 16 or 17
 * digits costs a printf and a strtod each time. Direct-mapped by the
 * value's bits; an entry holds exactly what the formatting wrote. */
#define FMT_SLOTS 512

static _Thread_local struct {
	uint64_t bits;
	int used;
	char text[32];
} fmt_memo[FMT_SLOTS];

static void fmt_double_now(char out[32], double v)
{
	int prec = 15, r = v != 0 ? fmt_short(out, v) : -1;

	if (r > 0)
		return;
	for (prec = r == 0 ? 16 : 15; prec < 17; prec++) {
		snprintf(out, 32, "%.*g", prec, v);
		if (strtod(out, NULL) == v)
			return;
	}
	snprintf(out, 32, "%.17g", v); /* 17 significant digits always read back */
}

void pk_json_fmt_double(char out[32], double v)
{
	uint64_t bits;
	size_t at;

	memcpy(&bits, &v, sizeof(bits));
	at = (size_t)((bits * 0x9E3779B97F4A7C15ull) >> 55) & (FMT_SLOTS - 1);
	if (fmt_memo[at].used && fmt_memo[at].bits == bits) {
		memcpy(out, fmt_memo[at].text, 32);
		return;
	}
	fmt_double_now(out, v);
	fmt_memo[at].bits = bits;
	fmt_memo[at].used = 1;
	memcpy(fmt_memo[at].text, out, 32);
}

/* Room for a scalar of up to n bytes and its separator, the separator
 * written (before_value's work): where the scalar goes, or NULL (no
 * room, or an error: the caller takes the slow path, nothing written). */
static char *scalar_room(pk_json *w, size_t n, char **start)
{
	char *p = pk_json_room_(w, n + 1);

	if (!p)
		return NULL;
	*start = p;
	return pk_json_sep_(w, p);
}

void pk_json_num(pk_json *w, double v)
{
	char tmp[32], *p, *start;

	if (!isfinite(v)) {
		pk_json_null(w);
		return;
	}
	if (v == 0)
		v = 0; /* no "-0" */
	if ((p = scalar_room(w, 32, &start))) {
		pk_json_fmt_double(p, v);
		pk_json_wrote_(w, (size_t)(p - start) + strlen(p));
		return;
	}
	pk_json_fmt_double(tmp, v);
	before_value(w);
	put(w, tmp, strlen(tmp));
}

void pk_json_int(pk_json *w, long long v)
{
	char tmp[21], *p, *start;
	size_t l;

	if ((p = scalar_room(w, 21, &start))) {
		l = pk_str_int(p, v);
		pk_json_wrote_(w, (size_t)(p - start) + l);
		return;
	}
	l = pk_str_int(tmp, v);
	before_value(w);
	put(w, tmp, l);
}

void pk_json_bool(pk_json *w, int v)
{
	before_value(w);
	put(w, v ? "true" : "false", v ? 4 : 5);
}

void pk_json_null_any(pk_json *w)
{
	before_value(w);
	put(w, "null", 4);
}

void pk_json_raw(pk_json *w, const char *json, size_t n)
{
	before_value(w);
	put(w, json, n);
}

void pk_json_raw_or_null(pk_json *w, const char *json)
{
	if (json)
		pk_json_raw(w, json, strlen(json));
	else
		pk_json_null(w);
}
