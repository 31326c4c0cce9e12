/* common/flatjson.c - a flat JSON object into a cJSON tree; rules in
 * flatjson.h. */
#include "flatjson.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static size_t blanks(const char *s, size_t i, size_t n)
{
	while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r'))
		i++;
	return i;
}


static int hex4(const char *s, unsigned *cp)
{
	int k;

	*cp = 0;
	for (k = 0; k < 4; k++) {
		char c = s[k];

		*cp <<= 4;
		if (c >= '0' && c <= '9')
			*cp |= (unsigned)(c - '0');
		else if (c >= 'a' && c <= 'f')
			*cp |= (unsigned)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			*cp |= (unsigned)(c - 'A' + 10);
		else
			return -1;
	}
	return 0;
}

/* The first byte from s[i] on (before e) that is '"', '\\' or a control
 * byte: e when none. */
static size_t special_at(const char *s, size_t i, size_t e)
{
	static const uint64_t ones = 0x0101010101010101ull, high = 0x8080808080808080ull;

	/* eight bytes at a time (the test may say so of a plain word too,
	 * never the other way round: such a word is read byte by byte) */
	for (; i + 8 <= e; i += 8) {
		uint64_t x, q, b;

		memcpy(&x, s + i, 8);
		q = x ^ (ones * '"');
		b = x ^ (ones * '\\');
		if ((((x - ones * 0x20) & ~x) | ((q - ones) & ~q) | ((b - ones) & ~b)) & high)
			break;
	}
	for (; i < e; i++)
		if (s[i] == '"' || s[i] == '\\' || (unsigned char)s[i] < 0x20)
			return i;
	return e;
}

/* a string of plain bytes from s[i] (just past its quote): its end (the
 * closing quote), or n when it has an escape or a control byte */
static size_t plain_string(const char *s, size_t i, size_t n)
{
	size_t k = special_at(s, i, n);

	return k < n && s[k] == '"' ? k : n;
}

/* A string with escapes from s[i] (just past its quote), decoded as
 * cJSON's parse_string decodes it (\b \f \n \r \t \" \\ \/, and \uXXXX
 * as UTF-8): the new string, *end at its closing quote. NULL (not flat)
 * for a control byte, a bad escape, a \u0000 or a surrogate (cJSON
 * decides those), no closing quote, or no memory. first: its first
 * special byte (special_at), which the caller found. */
static char *escaped_string(const char *s, size_t i, size_t first, size_t n, size_t *end)
{
	size_t j = first;
	char *d, *o;

	for (;;) {
		if ((j = special_at(s, j, n)) == n || (unsigned char)s[j] < 0x20)
			return NULL;
		if (s[j] == '"')
			break;
		if ((j += 2) > n) /* past a backslash and the byte it escapes */
			return NULL;
	}
	if (!(d = cJSON_malloc(j - i + 1))) /* decoding never grows */
		return NULL;
	*end = j;
	for (o = d; i < j;) {
		size_t k = special_at(s, i, j);
		unsigned cp;

		memcpy(o, s + i, k - i);
		o += k - i;
		if ((i = k) == j)
			break;
		switch (s[i + 1]) {
		case 'b': *o++ = '\b'; break;
		case 'f': *o++ = '\f'; break;
		case 'n': *o++ = '\n'; break;
		case 'r': *o++ = '\r'; break;
		case 't': *o++ = '\t'; break;
		case '"': case '\\': case '/': *o++ = s[i + 1]; break;
		case 'u':
			if (i + 6 > j || hex4(s + i + 2, &cp) < 0 || cp == 0 || (cp >= 0xD800 && cp <= 0xDFFF)) {
				cJSON_free(d);
				return NULL;
			}
			if (cp < 0x80) {
				*o++ = (char)cp;
			} else if (cp < 0x800) {
				*o++ = (char)(0xC0 | (cp >> 6));
				*o++ = (char)(0x80 | (cp & 0x3F));
			} else {
				*o++ = (char)(0xE0 | (cp >> 12));
				*o++ = (char)(0x80 | ((cp >> 6) & 0x3F));
				*o++ = (char)(0x80 | (cp & 0x3F));
			}
			i += 6;
			continue;
		default:
			cJSON_free(d);
			return NULL;
		}
		i += 2;
	}
	*o = '\0';
	return d;
}

static char *copy(const char *s, size_t n)
{
	char *d = cJSON_malloc(n + 1);

	if (d) {
		memcpy(d, s, n);
		d[n] = '\0';
	}
	return d;
}

/* the value at s[*at]: a new item, *at past it; NULL when it is not a
 * flat value (or no memory) */
static cJSON *value(const char *s, size_t *at, size_t n)
{
	size_t i = *at, e;
	cJSON *v = NULL;

	if (i >= n)
		return NULL;
	if (s[i] == '"') {
		char *str;

		/* the first special byte: the closing quote of a plain string,
		 * else where escaped_string's scan goes on (a text of lines) */
		size_t k = special_at(s, i + 1, n);

		if (k < n && s[k] == '"') {
			e = k;
			str = copy(s + i + 1, e - i - 1);
		} else {
			str = escaped_string(s, i + 1, k, n, &e);
		}
		if (!str || !(v = cJSON_CreateNull())) {
			cJSON_free(str);
			return NULL;
		}
		v->type = cJSON_String;
		v->valuestring = str;
		*at = e + 1;
		return v;
	}
	if (s[i] == '-' || (s[i] >= '0' && s[i] <= '9')) {
		/* the characters cJSON's parse_number takes, read by strtod
		 * as it reads them; the whole run, or not flat */
		char num[64], *end;
		double d;
		uint64_t iv = 0;

		/* an integer of up to 15 digits is exact as a double: what
		 * strtod reads it as (-0 included) */
		for (e = i + (s[i] == '-'); e < n && e - i <= 15 && s[e] >= '0' && s[e] <= '9'; e++)
			iv = iv * 10 + (uint64_t)(s[e] - '0');
		if (e - i <= 15 && e > i + (s[i] == '-') && (e == n || !strchr("+-.eE", s[e]) || !s[e])) {
			*at = e;
			return cJSON_CreateNumber(s[i] == '-' ? -(double)iv : (double)iv);
		}
		for (e = i; e < n && e - i < sizeof(num) - 1 && strchr("0123456789+-.eE", s[e]) && s[e]; e++)
			num[e - i] = s[e];
		if (e - i >= sizeof(num) - 1)
			return NULL;
		num[e - i] = '\0';
		d = strtod(num, &end);
		if (end != num + (e - i))
			return NULL;
		*at = e;
		return cJSON_CreateNumber(d);
	}
	if (n - i >= 4 && !memcmp(s + i, "true", 4))
		v = cJSON_CreateTrue(), *at = i + 4;
	else if (n - i >= 5 && !memcmp(s + i, "false", 5))
		v = cJSON_CreateFalse(), *at = i + 5;
	else if (n - i >= 4 && !memcmp(s + i, "null", 4))
		v = cJSON_CreateNull(), *at = i + 4;
	return v;
}

cJSON *pk_json_parse_flat(const char *s, size_t n)
{
	cJSON *obj;
	size_t i = blanks(s, 0, n);

	if (i >= n || s[i] != '{' || !(obj = cJSON_CreateObject()))
		return NULL;
	i = blanks(s, i + 1, n);
	if (i < n && s[i] == '}')
		goto end;
	for (;;) {
		size_t k, ke;
		cJSON *v;

		if (i >= n || s[i] != '"' || (ke = plain_string(s, i + 1, n)) == n)
			goto not_flat;
		k = i + 1;
		i = blanks(s, ke + 1, n);
		if (i >= n || s[i] != ':')
			goto not_flat;
		i = blanks(s, i + 1, n);
		if (!(v = value(s, &i, n)))
			goto not_flat;
		if (!(v->string = copy(s + k, ke - k))) {
			cJSON_Delete(v);
			goto not_flat;
		}
		cJSON_AddItemToArray(obj, v); /* appended, as cJSON's parse does */
		i = blanks(s, i, n);
		if (i < n && s[i] == ',') {
			i = blanks(s, i + 1, n);
			continue;
		}
		if (i < n && s[i] == '}')
			break;
		goto not_flat;
	}
end:
	/* nothing but blanks after it (cJSON would ignore more: it decides) */
	if (blanks(s, i + 1, n) == n)
		return obj;
not_flat:
	cJSON_Delete(obj);
	return NULL;
}
