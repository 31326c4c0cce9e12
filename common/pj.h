/* common/pj.h - a pull tokenizer over JSON text in memory.
 *
 * For dump-scale ingest: walk an object's keys, decode only the values that
 * are wanted and skip the rest without building a tree (Crossref records
 * are mostly reference lists nobody reads at ingest). Nesting is limited to
 * PJ_DEPTH; strings are validated as UTF-8 when decoded. NaN, Infinity and
 * -Infinity (as Python writes them) read as numbers for the caller to judge. Errors are sticky:
 * after one, every call returns PJ_ERROR and pj_error() says where.
 */
#ifndef PK_PJ_H
#define PK_PJ_H

#include "buf.h"

#include <stddef.h>

#define PJ_DEPTH 64

enum pj_type {
	PJ_ERROR = -1, PJ_EOF = 0, PJ_OBJECT, PJ_ARRAY, PJ_STRING, PJ_NUMBER, PJ_TRUE, PJ_FALSE, PJ_NULL,
	PJ_END /* '}' or ']' ends the current container */
};

typedef struct pj {
	const char *start, *p, *end;
	int depth;
	unsigned char sep[PJ_DEPTH + 1]; /* a value was completed at this depth */
	const char *err; /* static message; position in err_at */
	size_t err_at;
} pj;

/* Read text[0..n) (borrowed: it must outlive j; no copy is made). */
void pj_init(pj *j, const char *text, size_t n);
/* The type of the next value (without consuming it). */
int pj_peek(pj *j);
/* Enter an object or array (the next value must be one). 0 or PJ_ERROR. */
int pj_enter(pj *j);
/* Inside an object: read the next key. Returns 1 with the raw key bytes
 * (escapes not decoded; borrowed from the text), 0 at the closing '}',
 * PJ_ERROR. The key's value follows. */
int pj_key(pj *j, const char **key, size_t *len);
/* Inside an array: 1 if another element follows, 0 at the closing ']'. */
int pj_more(pj *j);
/* Skip the next value entirely. */
int pj_skip(pj *j);
/* Decode the next value as a string into out (appended; invalid UTF-8 or
 * escapes are errors). A non-string value is PJ_ERROR unless lenient is
 * set, in which case numbers are copied as text and null gives "". */
int pj_string(pj *j, pk_buf *out, int lenient);
/* The next value as a number. */
int pj_number(pj *j, double *out);
/* Byte offset of the next token, and the error description. */
size_t pj_offset(const pj *j);
const char *pj_error(const pj *j);

#endif
