/* kg/record.c - TLV record encoding; format in record.h. */
#include "record.h"

#include "../common/error.h"

#include <string.h>

static size_t varint_encode(unsigned char tmp[10], uint64_t v)
{
	size_t n = 0;

	do {
		tmp[n] = (unsigned char)(v & 0x7f);
		v >>= 7;
		if (v)
			tmp[n] |= 0x80;
		n++;
	} while (v);
	return n;
}

static int get_varint(const unsigned char **cur, const unsigned char *end, uint64_t *out)
{
	uint64_t v = 0;
	int shift = 0;

	while (*cur < end && shift < 64) {
		unsigned char c = *(*cur)++;

		v |= (uint64_t)(c & 0x7f) << shift;
		if (!(c & 0x80)) {
			*out = v;
			return 0;
		}
		shift += 7;
	}
	return -1;
}

int kg_rec_bytes(pk_buf *b, uint8_t tag, const void *p, size_t n)
{
	unsigned char hdr[11];
	size_t h;
	int rc;

	hdr[0] = tag;
	h = 1 + varint_encode(hdr + 1, n);
	if ((rc = pk_buf_grow(b, h + n)) < 0 || (rc = pk_buf_put(b, hdr, h)) < 0)
		return rc;
	return pk_buf_put(b, p, n);
}

int kg_rec_str(pk_buf *b, uint8_t tag, const char *s)
{
	if (!s)
		return 0;
	return kg_rec_bytes(b, tag, s, strlen(s) + 1);
}

int kg_rec_u64(pk_buf *b, uint8_t tag, uint64_t v)
{
	unsigned char tmp[10];

	return kg_rec_bytes(b, tag, tmp, varint_encode(tmp, v));
}

int kg_rec_i64(pk_buf *b, uint8_t tag, int64_t v)
{
	/* zigzag so small negatives stay short */
	return kg_rec_u64(b, tag, ((uint64_t)v << 1) ^ (uint64_t)(v >> 63));
}

int kg_rec_f64(pk_buf *b, uint8_t tag, double v)
{
	unsigned char tmp[8];
	uint64_t u;
	int i;

	memcpy(&u, &v, 8);
	for (i = 0; i < 8; i++)
		tmp[i] = (unsigned char)(u >> (8 * i));
	return kg_rec_bytes(b, tag, tmp, 8);
}

int kg_rec_next_any(const unsigned char **cur, const unsigned char *end, kg_field *f)
{
	uint64_t len;

	if (*cur >= end)
		return 0;
	f->tag = *(*cur)++;
	if (get_varint(cur, end, &len) < 0 || len > (uint64_t)(end - *cur))
		return pk_error_set(PK_EPARSE, "corrupt graph record");
	f->p = *cur;
	f->len = (size_t)len;
	*cur += len;
	return 1;
}

uint64_t kg_field_u64(const kg_field *f)
{
	const unsigned char *p = f->p;
	uint64_t v = 0;

	if (get_varint(&p, f->p + f->len, &v) < 0)
		return 0;
	return v;
}

int64_t kg_field_i64(const kg_field *f)
{
	uint64_t u = kg_field_u64(f);

	return (int64_t)(u >> 1) ^ -(int64_t)(u & 1);
}

double kg_field_f64(const kg_field *f)
{
	uint64_t u = 0;
	double d;
	int i;

	if (f->len != 8)
		return 0.0;
	for (i = 0; i < 8; i++)
		u |= (uint64_t)f->p[i] << (8 * i);
	memcpy(&d, &u, 8);
	return d;
}

void kg_be64(unsigned char out[8], uint64_t v)
{
	int i;

	for (i = 7; i >= 0; i--, v >>= 8)
		out[i] = (unsigned char)v;
}

void kg_be32(unsigned char out[4], uint32_t v)
{
	int i;

	for (i = 3; i >= 0; i--, v >>= 8)
		out[i] = (unsigned char)v;
}

uint32_t kg_get_be32(const unsigned char in[4])
{
	return (uint32_t)in[0] << 24 | (uint32_t)in[1] << 16 | (uint32_t)in[2] << 8 | in[3];
}
