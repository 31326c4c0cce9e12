/* kg/record.h - the tag-length-value encoding of graph records.
 *
 * A record is a sequence of fields: tag (1 byte), length (LEB128 varint),
 * payload. Strings are stored with their NUL so a reader can point into
 * LMDB's memory directly. Unknown tags are skipped by readers, so fields can
 * be added without a schema change. Integers are varints, doubles are 8
 * little-endian bytes of their IEEE-754 representation.
 */
#ifndef KG_RECORD_H
#define KG_RECORD_H

#include "../common/buf.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Append a field. A NULL string appends nothing. Errors from pk_buf. */
int kg_rec_str(pk_buf *b, uint8_t tag, const char *s);
int kg_rec_bytes(pk_buf *b, uint8_t tag, const void *p, size_t n);
int kg_rec_u64(pk_buf *b, uint8_t tag, uint64_t v);
int kg_rec_i64(pk_buf *b, uint8_t tag, int64_t v);
int kg_rec_f64(pk_buf *b, uint8_t tag, double v);

typedef struct kg_field {
	uint8_t tag;
	const unsigned char *p; /* payload, borrowed from the record */
	size_t len;
} kg_field;

/* Iterate: returns 1 with *f set and *cur advanced, 0 at the end,
 * PK_EPARSE if the record is corrupt. (Inline for a length of one byte,
 * most fields': decoding a work reads some twenty.) */
int kg_rec_next_any(const unsigned char **cur, const unsigned char *end, kg_field *f);
static inline int kg_rec_next(const unsigned char **cur, const unsigned char *end, kg_field *f)
{
	const unsigned char *p = *cur;

	if (end - p >= 2 && p[1] < 0x80 && (size_t)p[1] <= (size_t)(end - p - 2)) {
		f->tag = p[0];
		f->p = p + 2;
		f->len = p[1];
		*cur = p + 2 + p[1];
		return 1;
	}
	return kg_rec_next_any(cur, end, f);
}

/* A field's payload as the type it was written with (kg_rec_put_u64 /
 * _i64 / _f64): an unsigned varint, a zigzag varint, 8 little-endian bytes
 * of an IEEE double. A payload of the wrong shape reads as 0 (the
 * decoders check the tags; a corrupt record is kg_rec_next's PK_EPARSE). */
uint64_t kg_field_u64(const kg_field *f);
int64_t kg_field_i64(const kg_field *f);
double kg_field_f64(const kg_field *f);
/* The payload as a C string, or NULL if it is not NUL-terminated. */
static inline const char *kg_field_str(const kg_field *f)
{
	return f->len == 0 || f->p[f->len - 1] != '\0' ? NULL : (const char *)f->p;
}

/* Big-endian fixed-width keys sort numerically in LMDB. */
void kg_be64(unsigned char out[8], uint64_t v);
static inline uint64_t kg_get_be64(const unsigned char in[8])
{
	uint64_t v;

	/* (one load and a byte swap: index keys and filter probes read it
	 * by the million) */
	memcpy(&v, in, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	v = __builtin_bswap64(v);
#elif !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_BIG_ENDIAN__
	v = 0;
	for (int i = 0; i < 8; i++)
		v = v << 8 | in[i];
#endif
	return v;
}
void kg_be32(unsigned char out[4], uint32_t v);
uint32_t kg_get_be32(const unsigned char in[4]);

#endif
