/* common/json.h - a streaming JSON writer into a pk_buf.
 *
 * Output is compact (no spaces) and always valid JSON: strings are
 * escaped, invalid UTF-8 becomes U+FFFD, non-finite numbers are null,
 * numbers use the shortest form that reads back to the same double.
 * Errors are sticky: after the first failure (buffer limit, memory,
 * nesting deeper than PK_JSON_DEPTH) every call is a no-op and
 * pk_json_error() returns the code, so callers check once at the end.
 */
#ifndef PK_JSON_H
#define PK_JSON_H

#include "buf.h"

#include <stddef.h>
#include <string.h>

#define PK_JSON_DEPTH 32

typedef struct pk_json {
	pk_buf *b;
	int err;
	unsigned depth;
	unsigned char has_member[PK_JSON_DEPTH];
	int after_key;
} pk_json;

/* Start writing into b (appending; b is not reset). */
void pk_json_init(pk_json *w, pk_buf *b);
/* 0, or the first error of any write so far (PK_ELIMIT: the buffer's cap
 * or nesting deeper than PK_JSON_DEPTH; PK_ENOMEM; PK_ERROR: an end
 * without its start). Writes never fail on their own: check this once at
 * the end of a record. */
int pk_json_error(const pk_json *w);

/* Open and close an object or array; the commas are the writer's. */
void pk_json_obj_any(pk_json *w);
void pk_json_end_obj_any(pk_json *w);
void pk_json_arr_any(pk_json *w);
void pk_json_end_arr_any(pk_json *w);
void pk_json_null_any(pk_json *w);

/* The inline fast paths below (with room in the buffer) write what the
 * _any functions write; anything else goes to them. */
static inline char *pk_json_room_(pk_json *w, size_t n)
{
	pk_buf *b = w->b;

	return !w->err && b->ptr && b->cap - b->len > n ? b->ptr + b->len : NULL;
}

static inline void pk_json_wrote_(pk_json *w, size_t n)
{
	w->b->len += n;
	w->b->ptr[w->b->len] = '\0';
}

/* A value (or a key) begins at p, with room there for its separator: the
 * separator written as the _any functions write it (a ',' after a
 * container's first member; none after a key), and the writer's state
 * moved on; returns where the value goes. */
static inline char *pk_json_sep_(pk_json *w, char *p)
{
	if (w->after_key) {
		w->after_key = 0;
	} else if (w->depth) {
		if (w->has_member[w->depth - 1])
			*p++ = ',';
		w->has_member[w->depth - 1] = 1;
	}
	return p;
}

static inline void pk_json_open_(pk_json *w, char c)
{
	char *p, *q;

	if (w->depth < PK_JSON_DEPTH && (p = pk_json_room_(w, 2))) {
		q = pk_json_sep_(w, p);
		*q++ = c;
		pk_json_wrote_(w, (size_t)(q - p));
		w->has_member[w->depth++] = 0;
	} else if (c == '{') {
		pk_json_obj_any(w);
	} else {
		pk_json_arr_any(w);
	}
}

static inline void pk_json_close_(pk_json *w, char c)
{
	char *p;

	if (w->depth && (p = pk_json_room_(w, 1))) {
		w->depth--;
		*p = c;
		pk_json_wrote_(w, 1);
	} else if (c == '}') {
		pk_json_end_obj_any(w);
	} else {
		pk_json_end_arr_any(w);
	}
}

static inline void pk_json_obj(pk_json *w) { pk_json_open_(w, '{'); }
static inline void pk_json_end_obj(pk_json *w) { pk_json_close_(w, '}'); }
static inline void pk_json_arr(pk_json *w) { pk_json_open_(w, '['); }
static inline void pk_json_end_arr(pk_json *w) { pk_json_close_(w, ']'); }
/* The next member's name (escaped); a value must follow. */
void pk_json_key_any(pk_json *w, const char *key);
/* A key of n bytes (its strlen): the same as pk_json_key_any. */
void pk_json_key_n(pk_json *w, const char *key, size_t n);
#define PK_JSON_KEY_SHORT 48
/* A byte written as it is in a JSON string: printable ASCII but '"' and
 * '\\' (a macro: in pk_json_key it must fold at compile time). */
#define PK_JSON_PLAIN_BYTE(c) ((unsigned char)(c) >= 0x20 && (unsigned char)(c) < 0x80 && (c) != '"' && (c) != '\\')
/* A plain key of n bytes written with its separator, quotes and colon
 * when the buffer has room and a key may come: 1, else 0 (nothing
 * written). pk_json_key's and pk_json_key_n's fast path. */
static inline int pk_json_key_put_(pk_json *w, const char *key, size_t n)
{
	pk_buf *b = w->b;
	char *p;

	/* room for ',' '"' the key '"' ':' and the NUL */
	if (w->err || w->after_key || !b->ptr || b->cap - b->len < n + 5)
		return 0;
	p = pk_json_sep_(w, b->ptr + b->len);
	*p++ = '"';
	memcpy(p, key, n);
	p += n;
	*p++ = '"';
	*p++ = ':';
	*p = '\0';
	b->len = (size_t)(p - b->ptr);
	w->after_key = 1;
	return 1;
}

/* (always inlined: a copy out of line would see no literal) */
static inline __attribute__((always_inline)) void pk_json_key(pk_json *w, const char *key)
{
	/* a literal key (GCC and clang fold its length and bytes once the
	 * call is inlined): checked at compile time, copied with no strlen
	 * and no call when there is room */
	if (__builtin_constant_p(__builtin_strlen(key)) && __builtin_strlen(key) <= PK_JSON_KEY_SHORT) {
		size_t n = __builtin_strlen(key), i;

#pragma GCC unroll 48
		for (i = 0; i < n; i++)
			if (!PK_JSON_PLAIN_BYTE(key[i]))
				break;
		if (i < n || !pk_json_key_put_(w, key, n))
			pk_json_key_n(w, key, n);
	} else {
		pk_json_key_any(w, key);
	}
}

/* Values. Strings must be UTF-8 (invalid bytes become U+FFFD) and are
 * escaped as JSON needs; NULL writes null. */
void pk_json_str(pk_json *w, const char *s);
void pk_json_strn(pk_json *w, const char *s, size_t n);
/* NaN and the infinities write null (JSON has no such numbers); -0 writes 0. */
void pk_json_num(pk_json *w, double v);
void pk_json_int(pk_json *w, long long v);
void pk_json_bool(pk_json *w, int v);
static inline void pk_json_null(pk_json *w)
{
	char *p;

	if (w->after_key && (p = pk_json_room_(w, 4))) {
		w->after_key = 0;
		memcpy(p, "null", 4);
		pk_json_wrote_(w, 4);
	} else {
		pk_json_null_any(w);
	}
}
/* A value already serialised as JSON (trusted: written as is). */
void pk_json_raw(pk_json *w, const char *json, size_t n);

/* key + value shorthands (inline, so that a literal key is seen as one) */
static inline void pk_json_kstr(pk_json *w, const char *key, const char *s)
{
	pk_json_key(w, key);
	pk_json_str(w, s);
}
static inline void pk_json_knum(pk_json *w, const char *key, double v)
{
	pk_json_key(w, key);
	pk_json_num(w, v);
}
static inline void pk_json_kint(pk_json *w, const char *key, long long v)
{
	pk_json_key(w, key);
	pk_json_int(w, v);
}
static inline void pk_json_kbool(pk_json *w, const char *key, int v)
{
	pk_json_key(w, key);
	pk_json_bool(w, v);
}
static inline void pk_json_knull(pk_json *w, const char *key)
{
	pk_json_key(w, key);
	pk_json_null(w);
}
/* key + a value already serialised as JSON (an id echoed as the input gave
 * it: "12", "\"q-3\""); NULL writes null. */
void pk_json_raw_or_null(pk_json *w, const char *json);
static inline void pk_json_kraw(pk_json *w, const char *key, const char *json)
{
	pk_json_key(w, key);
	pk_json_raw_or_null(w, json);
}

/* Shortest "%.*g" of v that strtod reads back exactly, into out[32]. */
void pk_json_fmt_double(char out[32], double v);

#endif
