/* common/text.c - normalised keys on top of utf8proc. */
#include "text.h"

#include "alloc.h"
#include "error.h"

#include <stdlib.h>
#include <string.h>
#include <utf8proc.h>

int pk_utf8_decode(const char *s, size_t n, int32_t *cp)
{
	utf8proc_int32_t c;
	utf8proc_ssize_t k;

	if (n == 0) {
		*cp = 0xFFFD;
		return -1;
	}
	if ((unsigned char)s[0] < 0x80) {
		*cp = (unsigned char)s[0];
		return 1;
	}
	k = utf8proc_iterate((const utf8proc_uint8_t *)s, (utf8proc_ssize_t)(n > 4 ? 4 : n), &c);
	if (k < 1) {
		*cp = 0xFFFD;
		return -1;
	}
	*cp = c;
	return (int)k;
}

int pk_utf8_encode(char *out, int32_t cp)
{
	if (!utf8proc_codepoint_valid(cp))
		return 0;
	return (int)utf8proc_encode_char(cp, (utf8proc_uint8_t *)out);
}

int pk_utf8_valid(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n) {
		int32_t cp;
		int k;

		if (s[i] == '\0')
			return 0;
		if ((unsigned char)s[i] < 0x80) {
			i++;
			continue;
		}
		if ((k = pk_utf8_decode(s + i, n - i, &cp)) < 0)
			return 0;
		i += (size_t)k;
	}
	return 1;
}

int pk_text_is_space(int32_t cp)
{
	if (cp == ' ' || (cp >= 9 && cp <= 13))
		return 1;
	if (cp < 0x80)
		return 0;
	switch (utf8proc_category(cp)) {
	case UTF8PROC_CATEGORY_ZS:
	case UTF8PROC_CATEGORY_ZL:
	case UTF8PROC_CATEGORY_ZP:
		return 1;
	default:
		return 0;
	}
}

int pk_text_is_han(int32_t cp)
{
	return (cp >= 0x4E00 && cp <= 0x9FFF) || (cp >= 0x3400 && cp <= 0x4DBF) ||
	       (cp >= 0x20000 && cp <= 0x2A6DF) || (cp >= 0xF900 && cp <= 0xFAFF);
}

static int is_dash(int32_t cp)
{
	return cp == '-' || cp == 0x2212 || (cp >= 0x2010 && cp <= 0x2015) || cp == 0xFE63 ||
	       cp == 0xFF0D || cp == 0x2043;
}

static int is_punct(int32_t cp)
{
	if (cp < 0x80)
		return (cp >= 0x21 && cp <= 0x2F) || (cp >= 0x3A && cp <= 0x40) ||
		       (cp >= 0x5B && cp <= 0x60) || (cp >= 0x7B && cp <= 0x7E);
	switch (utf8proc_category(cp)) {
	case UTF8PROC_CATEGORY_PC: case UTF8PROC_CATEGORY_PD: case UTF8PROC_CATEGORY_PS:
	case UTF8PROC_CATEGORY_PE: case UTF8PROC_CATEGORY_PI: case UTF8PROC_CATEGORY_PF:
	case UTF8PROC_CATEGORY_PO: case UTF8PROC_CATEGORY_SM: case UTF8PROC_CATEGORY_SC:
	case UTF8PROC_CATEGORY_SK: case UTF8PROC_CATEGORY_SO:
		return 1;
	default:
		return 0;
	}
}

/* ASCII fast path: no NFKC work needed, only the flag transforms. */
static int all_ascii(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if ((unsigned char)s[i] >= 0x80 || s[i] == '\0')
			return 0;
	return 1;
}

int pk_text_fold(pk_buf *out, const char *s, size_t n, unsigned flags)
{
	utf8proc_uint8_t *mapped = NULL;
	const char *p;
	size_t plen, i;
	int pending_space = 0, rc = 0;
	size_t start = out->len;

	if (all_ascii(s, n)) {
		p = s;
		plen = n;
	} else {
		int opts = UTF8PROC_STABLE | UTF8PROC_COMPAT | UTF8PROC_COMPOSE | UTF8PROC_IGNORE;
		utf8proc_ssize_t m;

		if (flags & PK_FOLD_CASE)
			opts |= UTF8PROC_CASEFOLD;
		if (flags & PK_FOLD_MARKS)
			opts |= UTF8PROC_STRIPMARK;
		if (memchr(s, '\0', n))
			return pk_error_set(PK_EPARSE, "NUL byte in text");
		m = utf8proc_map((const utf8proc_uint8_t *)s, (utf8proc_ssize_t)n, &mapped,
				 (utf8proc_option_t)opts);
		if (m < 0)
			return pk_error_set(m == UTF8PROC_ERROR_NOMEM ? PK_ENOMEM : PK_EPARSE,
					    "%s", utf8proc_errmsg(m));
		p = (const char *)mapped;
		plen = (size_t)m;
	}
	/* Every code point is re-encoded in at most the bytes it was read
	 * from (dashes and punctuation become one byte), and a space is only
	 * written in place of skipped ones: plen bytes suffice. Reserve them
	 * once and write in place. */
	if ((rc = pk_buf_grow(out, plen)) < 0) {
		free(mapped);
		return rc;
	}
	{
		char *o = out->ptr + out->len;

		for (i = 0; i < plen;) {
			int32_t cp;
			int k;

			if ((unsigned char)p[i] < 0x80) {
				cp = (unsigned char)p[i];
				k = 1;
			} else if ((k = pk_utf8_decode(p + i, plen - i, &cp)) < 0) {
				rc = pk_error_set(PK_EPARSE, "invalid UTF-8");
				break;
			}
			i += (size_t)k;
			if (cp < 0x80 && (flags & PK_FOLD_CASE) && cp >= 'A' && cp <= 'Z')
				cp += 'a' - 'A';
			if ((flags & PK_FOLD_DASH) && is_dash(cp))
				cp = '-';
			else if ((flags & PK_FOLD_PUNCT) && is_punct(cp))
				cp = ' ';
			if (pk_text_is_space(cp)) {
				if (flags & PK_FOLD_SPACE_DROP)
					continue;
				if (flags & PK_FOLD_SPACE_ONE) {
					pending_space = o > out->ptr + start;
					continue;
				}
			}
			if (pending_space) {
				*o++ = ' ';
				pending_space = 0;
			}
			if (cp < 0x80)
				*o++ = (char)cp;
			else
				o += pk_utf8_encode(o, cp);
		}
		out->len = (size_t)(o - out->ptr);
		out->ptr[out->len] = '\0';
	}
	free(mapped); /* utf8proc allocates with malloc */
	return rc;
}

char *pk_text_name_key(const char *s, size_t n)
{
	pk_buf b = PK_BUF_INIT;

	if (pk_text_fold(&b, s, n, PK_FOLD_CASE | PK_FOLD_SPACE_DROP | PK_FOLD_DASH) < 0) {
		pk_buf_release(&b);
		return NULL;
	}
	return pk_buf_detach(&b);
}

/* ---- normalised text with offset map ----------------------------------- */

void pk_normtext_init(pk_normtext *nt, size_t max)
{
	pk_buf_init(&nt->text, max);
	nt->map = NULL;
	nt->map_cap = 0;
}

void pk_normtext_release(pk_normtext *nt)
{
	pk_buf_release(&nt->text);
	pk_free(nt->map);
	nt->map = NULL;
	nt->map_cap = 0;
}

size_t pk_normtext_orig(const pk_normtext *nt, size_t i)
{
	if (i > nt->text.len)
		i = nt->text.len;
	return nt->map ? nt->map[i] : i;
}

static int map_reserve(pk_normtext *nt, size_t need)
{
	uint32_t *m;
	size_t cap;

	if (need <= nt->map_cap)
		return 0;
	cap = nt->map_cap ? nt->map_cap : 256;
	while (cap < need)
		cap *= 2;
	if (!(m = pk_realloc(nt->map, cap * sizeof(*m))))
		return pk_error_set(PK_ENOMEM, "out of memory");
	nt->map = m;
	nt->map_cap = cap;
	return 0;
}

static int32_t unify(int32_t cp)
{
	switch (cp) {
	case 0x2212: case 0x2012: case 0xFE63: case 0xFF0D: case 0x2011:
		return '-';
	case 0x2715: case 0x2716: case 0x2A2F: case 0x2A09:
		return 0xD7; /* × */
	case 0x22C5: case 0x2219: case 0x2022: case 0x30FB:
		return 0xB7; /* · */
	case 0:
		return 0xFFFD;
	default:
		return cp;
	}
}

static int is_superscript(int32_t cp)
{
	return cp == 0xB2 || cp == 0xB3 || cp == 0xB9 || cp == 0x2070 || (cp >= 0x2074 && cp <= 0x207B);
}

int pk_normtext_set(pk_normtext *nt, const char *s, size_t n)
{
	size_t i = 0;
	int rc, in_super = 0;

	pk_buf_reset(&nt->text);
	if ((rc = pk_buf_grow(&nt->text, n)) < 0 || (rc = map_reserve(nt, n + 1)) < 0)
		return rc;
	while (i < n) {
		utf8proc_int32_t buf[32];
		utf8proc_ssize_t m, j;
		int32_t cp;
		int k;
		size_t start = i;

		if ((unsigned char)s[i] < 0x80 && s[i] != '\0') {
			in_super = 0;
			/* ASCII is already normal */
			if ((rc = map_reserve(nt, nt->text.len + 2)) < 0 || (rc = pk_buf_putc(&nt->text, s[i])) < 0)
				return rc;
			nt->map[nt->text.len - 1] = (uint32_t)start;
			i++;
			continue;
		}
		k = pk_utf8_decode(s + i, n - i, &cp);
		i += k < 0 ? 1 : (size_t)k;
		/* superscripts keep their meaning as an exponent: "10⁻³⁴" is
		 * "10^-34", "cm⁻¹" is "cm^-1", "m²" is "m^2" */
		if (k > 0 && is_superscript(cp)) {
			if (!in_super) {
				if ((rc = map_reserve(nt, nt->text.len + 2)) < 0 || (rc = pk_buf_putc(&nt->text, '^')) < 0)
					return rc;
				nt->map[nt->text.len - 1] = (uint32_t)start;
			}
			in_super = 1;
		} else {
			in_super = 0;
		}
		if (k < 0 || cp == 0) {
			buf[0] = 0xFFFD;
			m = 1;
		} else {
			int opts = UTF8PROC_STABLE | UTF8PROC_DECOMPOSE | UTF8PROC_COMPAT | UTF8PROC_IGNORE;
			int last = 0;

			m = utf8proc_decompose_char(cp, buf, 32, (utf8proc_option_t)opts, &last);
			if (m < 0 || m > 32) {
				buf[0] = cp;
				m = 1;
			} else if (m > 1) {
				/* recompose what the compatibility decomposition split */
				m = utf8proc_normalize_utf32(buf, m, (utf8proc_option_t)(UTF8PROC_STABLE | UTF8PROC_COMPOSE));
				if (m < 0) {
					buf[0] = cp;
					m = 1;
				}
			}
		}
		for (j = 0; j < m; j++) {
			char enc[4];
			int el = pk_utf8_encode(enc, unify(buf[j]));
			size_t b;

			if (el <= 0)
				continue;
			if ((rc = map_reserve(nt, nt->text.len + (size_t)el + 1)) < 0 ||
			    (rc = pk_buf_put(&nt->text, enc, (size_t)el)) < 0)
				return rc;
			for (b = nt->text.len - (size_t)el; b < nt->text.len; b++)
				nt->map[b] = (uint32_t)start;
		}
	}
	if ((rc = map_reserve(nt, nt->text.len + 1)) < 0)
		return rc;
	if (!nt->text.ptr && (rc = pk_buf_put(&nt->text, "", 0)) < 0)
		return rc;
	nt->map[nt->text.len] = (uint32_t)n;
	return 0;
}
