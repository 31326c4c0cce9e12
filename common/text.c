/* common/text.c - normalised keys on top of utf8proc. */
#include "text.h"

#include "alloc.h"
#include "error.h"

#include <ctype.h>
#include <pthread.h>
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

/* Are the eight bytes at s all ASCII and none of them NUL? */
static inline int ascii_word(const char *s)
{
	static const uint64_t ones = 0x0101010101010101ull, high = 0x8080808080808080ull;
	uint64_t x;

	memcpy(&x, s, 8);
	return !((x | ((x - ones) & ~x)) & high);
}

int pk_utf8_valid(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n) {
		int32_t cp;
		int k;

		/* eight bytes of ASCII at a time: none at or above 0x80, none 0
		 * (a word the test stops at is left to the byte loop) */
		while (i + 8 <= n && ascii_word(s + i))
			i += 8;
		if (i >= n)
			break;
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

/* What the transforms see in an ASCII byte (is_dash, is_punct, A-Z). */
enum { AC_OTHER, AC_UPPER, AC_DASH, AC_PUNCT };
static const unsigned char ascii_class[128] = {
	['!'] = AC_PUNCT, ['"'] = AC_PUNCT, ['#'] = AC_PUNCT, ['$'] = AC_PUNCT, ['%'] = AC_PUNCT, ['&'] = AC_PUNCT,
	['\''] = AC_PUNCT, ['('] = AC_PUNCT, [')'] = AC_PUNCT, ['*'] = AC_PUNCT, ['+'] = AC_PUNCT, [','] = AC_PUNCT,
	['-'] = AC_DASH, ['.'] = AC_PUNCT, ['/'] = AC_PUNCT, [':'] = AC_PUNCT, [';'] = AC_PUNCT, ['<'] = AC_PUNCT,
	['='] = AC_PUNCT, ['>'] = AC_PUNCT, ['?'] = AC_PUNCT, ['@'] = AC_PUNCT, ['['] = AC_PUNCT, ['\\'] = AC_PUNCT,
	[']'] = AC_PUNCT, ['^'] = AC_PUNCT, ['_'] = AC_PUNCT, ['`'] = AC_PUNCT, ['{'] = AC_PUNCT, ['|'] = AC_PUNCT,
	['}'] = AC_PUNCT, ['~'] = AC_PUNCT,
	['A'] = AC_UPPER, ['B'] = AC_UPPER, ['C'] = AC_UPPER, ['D'] = AC_UPPER, ['E'] = AC_UPPER, ['F'] = AC_UPPER,
	['G'] = AC_UPPER, ['H'] = AC_UPPER, ['I'] = AC_UPPER, ['J'] = AC_UPPER, ['K'] = AC_UPPER, ['L'] = AC_UPPER,
	['M'] = AC_UPPER, ['N'] = AC_UPPER, ['O'] = AC_UPPER, ['P'] = AC_UPPER, ['Q'] = AC_UPPER, ['R'] = AC_UPPER,
	['S'] = AC_UPPER, ['T'] = AC_UPPER, ['U'] = AC_UPPER, ['V'] = AC_UPPER, ['W'] = AC_UPPER, ['X'] = AC_UPPER,
	['Y'] = AC_UPPER, ['Z'] = AC_UPPER,
};

/* An ASCII byte after the flag transforms: the table's work. */
static int32_t fold_ascii_byte(unsigned char c, unsigned flags)
{
	switch (ascii_class[c]) {
	case AC_UPPER:
		return flags & PK_FOLD_CASE ? c + ('a' - 'A') : c;
	case AC_DASH: /* '-': a dash, else punctuation */
		return !(flags & PK_FOLD_DASH) && (flags & PK_FOLD_PUNCT) ? ' ' : c;
	case AC_PUNCT:
		return flags & PK_FOLD_PUNCT ? ' ' : c;
	default:
		return c;
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

/* utf8proc_map of s[0..n) (no NUL) with opts, appended to m, in pieces:
 * each run of bytes past ASCII with the ASCII character before it, and
 * the ASCII between the pieces as it is. The same text as one map of the
 * whole: ASCII characters are starters that no normalisation changes
 * (casefolding aside, which the caller's ASCII table repeats), and none
 * is ever the second of a composition, so the text may be cut before any
 * of them; the character before a run is kept with it, as a base its
 * combining marks compose with ("e" U+0301). Most text past ASCII is a
 * few accented names in English: mapping only them is faster. 0 or an
 * error. */
static int map_pieces(const char *s, size_t n, int opts, pk_buf *m)
{
	size_t i = 0;

	while (i < n) {
		size_t j = i, a, k;
		utf8proc_uint8_t *mapped = NULL;
		utf8proc_ssize_t ml;
		int rc;

		while (j < n && (unsigned char)s[j] < 0x80)
			j++;
		if (j == n)
			return pk_buf_put(m, s + i, n - i);
		a = j > i ? j - 1 : j;
		for (k = j; k < n && (unsigned char)s[k] >= 0x80; k++)
			;
		if ((rc = pk_buf_put(m, s + i, a - i)) < 0)
			return rc;
		ml = utf8proc_map((const utf8proc_uint8_t *)s + a, (utf8proc_ssize_t)(k - a), &mapped,
				  (utf8proc_option_t)opts);
		if (ml < 0)
			return pk_error_set(ml == UTF8PROC_ERROR_NOMEM ? PK_ENOMEM : PK_EPARSE, "%s",
					    utf8proc_errmsg(ml));
		rc = pk_buf_put(m, mapped, (size_t)ml);
		free(mapped); /* utf8proc allocates with malloc */
		if (rc < 0)
			return rc;
		i = k;
	}
	return 0;
}

int pk_text_fold(pk_buf *out, const char *s, size_t n, unsigned flags)
{
	pk_buf mapped = PK_BUF_INIT;
	const char *p;
	size_t plen, i;
	int pending_space = 0, rc = 0;
	size_t start = out->len;

	if (all_ascii(s, n)) {
		/* pk_text_fold_ascii, in the room reserved (the fold of ASCII
		 * is no longer than the text) */
		long l;

		if ((rc = pk_buf_grow(out, n)) < 0)
			return rc;
		l = pk_text_fold_ascii(s, n, flags, out->ptr + out->len, out->cap - out->len);
		out->len += (size_t)l;
		return 0;
	} else {
		int opts = UTF8PROC_STABLE | UTF8PROC_COMPAT | UTF8PROC_COMPOSE | UTF8PROC_IGNORE;

		if (flags & PK_FOLD_CASE)
			opts |= UTF8PROC_CASEFOLD;
		if (flags & PK_FOLD_MARKS)
			opts |= UTF8PROC_STRIPMARK;
		if (memchr(s, '\0', n))
			return pk_error_set(PK_EPARSE, "NUL byte in text");
		if ((rc = map_pieces(s, n, opts, &mapped)) < 0) {
			pk_buf_release(&mapped);
			return rc;
		}
		p = mapped.ptr ? mapped.ptr : "";
		plen = mapped.len;
	}
	/* Every code point is re-encoded in at most the bytes it was read
	 * from (dashes and punctuation become one byte), and a space is only
	 * written in place of skipped ones: plen bytes suffice. Reserve them
	 * once and write in place. */
	if ((rc = pk_buf_grow(out, plen)) < 0) {
		pk_buf_release(&mapped);
		return rc;
	}
	{
		char *o = out->ptr + out->len;

		for (i = 0; i < plen;) {
			int32_t cp;
			int k;

			if ((unsigned char)p[i] < 0x80) {
				/* ASCII: the same transforms, a table lookup */
				cp = fold_ascii_byte((unsigned char)p[i++], flags);
			} else if ((k = pk_utf8_decode(p + i, plen - i, &cp)) < 0) {
				rc = pk_error_set(PK_EPARSE, "invalid UTF-8");
				break;
			} else {
				i += (size_t)k;
				if ((flags & PK_FOLD_DASH) && is_dash(cp))
					cp = '-';
				else if ((flags & PK_FOLD_PUNCT) && is_punct(cp))
					cp = ' ';
			}
			if (cp == ' ' || (cp >= 9 && cp <= 13) || (cp >= 0x80 && pk_text_is_space(cp))) {
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
	pk_buf_release(&mapped);
	return rc;
}

/* fold_ascii_byte of every ASCII byte under every set of the six flags,
 * 0 where that is a blank (' ', '\t' .. '\r'), FOLD_NOT for NUL and the
 * bytes past ASCII (which pk_text_fold_ascii refuses) */
#define FOLD_NOT 0xFF
static unsigned char fold_tab[64][256];
static pthread_once_t fold_tab_once = PTHREAD_ONCE_INIT;

static void fold_tab_make(void)
{
	unsigned f, c;

	for (f = 0; f < 64; f++)
		for (c = 0; c < 256; c++) {
			int32_t cp = c && c < 0x80 ? fold_ascii_byte((unsigned char)c, f) : FOLD_NOT;

			fold_tab[f][c] = cp == ' ' || (cp >= 9 && cp <= 13) ? 0 : (unsigned char)cp;
		}
}

/* A blank c (fold_tab's 0) under flags, after len bytes written: -1 when
 * it is dropped or left pending (*pending set), else the byte written. */
static inline int32_t fold_blank(unsigned char c, unsigned flags, size_t len, int *pending)
{
	if (flags & PK_FOLD_SPACE_DROP)
		return -1;
	if (flags & PK_FOLD_SPACE_ONE) {
		*pending = len > 0;
		return -1;
	}
	return fold_ascii_byte(c, flags);
}

long pk_text_fold_ascii(const char *s, size_t n, unsigned flags, char *out, size_t cap)
{
	const unsigned char *tab;
	size_t i, len = 0;
	int pending_space = 0;

	pthread_once(&fold_tab_once, fold_tab_make);
	tab = fold_tab[flags & 63];
	/* the fold is never longer than the text (a blank written stands for
	 * one or more read): with room for all n bytes, the same loop without
	 * the tests for room */
	if (n < cap) {
		for (i = 0; i < n; i++) {
			unsigned char c = (unsigned char)s[i];
			int32_t cp = tab[c];

			if (cp && cp != FOLD_NOT) {
				/* a run of bytes that are neither blank nor refused */
				if (pending_space) {
					out[len++] = ' ';
					pending_space = 0;
				}
				out[len++] = (char)cp;
				while (i + 1 < n && (cp = tab[(unsigned char)s[i + 1]]) && cp != FOLD_NOT) {
					out[len++] = (char)cp;
					i++;
				}
				continue;
			}
			if (cp == FOLD_NOT)
				return -1;
			if ((cp = fold_blank(c, flags, len, &pending_space)) < 0)
				continue;
			if (pending_space) {
				out[len++] = ' ';
				pending_space = 0;
			}
			out[len++] = (char)cp;
		}
		out[len] = '\0';
		return (long)len;
	}
	/* pk_text_fold's loop for the ASCII bytes, written up to cap - 1 (a
	 * byte past ASCII or a NUL found on the way: -1, out as it is) */
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		int32_t cp;

		if (c >= 0x80 || !c)
			return -1;
		if (!(cp = tab[c]) && (cp = fold_blank(c, flags, len, &pending_space)) < 0)
			continue;
		if (pending_space) {
			if (len + 1 < cap)
				out[len] = ' ';
			len++;
			pending_space = 0;
		}
		if (len + 1 < cap)
			out[len] = (char)cp;
		len++;
	}
	out[len < cap ? len : cap - 1] = '\0';
	return (long)len;
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
	nt->marks = NULL;
	nt->nmarks = nt->marks_cap = 0;
}

void pk_normtext_release(pk_normtext *nt)
{
	pk_buf_release(&nt->text);
	pk_free(nt->map);
	nt->map = NULL;
	nt->map_cap = 0;
	pk_free(nt->marks);
	nt->marks = NULL;
	nt->nmarks = nt->marks_cap = 0;
}

size_t pk_normtext_orig(const pk_normtext *nt, size_t i)
{
	if (i > nt->text.len)
		i = nt->text.len;
	return nt->map ? nt->map[i] : i;
}

void pk_normtext_span(const pk_normtext *nt, size_t a, size_t b, size_t *oa, size_t *ob)
{
	size_t k, lo = pk_normtext_orig(nt, a), hi = pk_normtext_orig(nt, b);

	for (k = a; k < b && k < nt->text.len; k++) {
		size_t s0 = pk_normtext_orig(nt, k), s1 = pk_normtext_orig(nt, k + 1);

		if (s0 < lo)
			lo = s0;
		if (s1 > hi)
			hi = s1;
	}
	/* not over the marks that close it ("**1.12 eV**"): the marks end
	 * where the span does, each run found by binary search */
	while (nt->nmarks && hi > lo) {
		size_t l = 0, r = nt->nmarks;

		while (l < r) {
			size_t m = (l + r) / 2;

			if (nt->marks[m][1] < hi)
				l = m + 1;
			else
				r = m;
		}
		if (l == nt->nmarks || nt->marks[l][1] != hi || nt->marks[l][0] < lo)
			break;
		hi = nt->marks[l][0];
	}
	*oa = lo;
	*ob = hi >= lo ? hi : lo;
}

static int map_reserve(pk_normtext *nt, size_t need)
{
	return PK_ALLOC_GROW(nt->map, need, nt->map_cap, 256);
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

/* ---- LaTeX in model output ------------------------------------------------
 *
 * Answers write numbers and units in LaTeX: "$6.626 \times 10^{-34}$ J s",
 * "\SI{1.380649e-23}{\joule\per\kelvin}", "\frac{1}{137.036}",
 * "9.109\times10^{-31}\,\mathrm{kg}". After normalisation a pass rewrites
 * them as the plain text the value finder reads ("6.626 × 10^-34 J s"),
 * keeping the map to original offsets: every byte written maps to the
 * original offset of the token that produced it. Math mode ($...$, $$...$$,
 * \(...\), \[...\]) drops grouping braces and reads ~ as a space; outside
 * it only commands are rewritten. */

typedef struct lx {
	const char *s;          /* the normalised text */
	const uint32_t *map;    /* its map to the original */
	size_t n;
	pk_buf out;
	uint32_t *omap;
	size_t ocap;
	int math;
	int depth;              /* recursion through arguments */
	int prefix_open;        /* siunitx: a prefix waits for its unit */
	uint32_t *brace;        /* for each '{': its '}' + 1, BRACE_NONE when it has none,
				 * 0 for one a backslash escapes (found by scanning) */
} lx;

#define BRACE_NONE UINT32_MAX

/* Pair the braces once, so that each group is found in constant time (a
 * scan to the end for every unclosed "\SI{" made long input quadratic). */
static int lx_pair_braces(lx *x)
{
	uint32_t *stack;
	size_t k, top = 0;

	if (!(x->brace = pk_calloc(x->n + 1, sizeof(*x->brace))) || !(stack = pk_malloc((x->n + 1) * sizeof(*stack)))) {
		pk_free(x->brace);
		x->brace = NULL;
		return pk_error_set(PK_ENOMEM, "out of memory");
	}
	for (k = 0; k < x->n; k++) {
		if (x->s[k] == '\\' && k + 1 < x->n) {
			k++;
			continue;
		}
		if (x->s[k] == '{') {
			x->brace[k] = BRACE_NONE;
			stack[top++] = (uint32_t)k;
		} else if (x->s[k] == '}' && top) {
			x->brace[stack[--top]] = (uint32_t)k + 1;
		}
	}
	pk_free(stack);
	return 0;
}

static int lx_put(lx *x, const char *p, size_t len, size_t src)
{
	size_t k;
	int rc;

	if (x->out.len + len + 1 > x->ocap) {
		if ((rc = PK_ALLOC_GROW(x->omap, x->out.len + len + 1, x->ocap, 256)) < 0)
			return rc;
	}
	/* "^\circ" is a degree sign, not an exponent */
	if (len == 2 && !memcmp(p, "\xc2\xb0", 2) && x->out.len && x->out.ptr[x->out.len - 1] == '^')
		x->out.len--;
	if ((rc = pk_buf_put(&x->out, p, len)) < 0)
		return rc;
	for (k = x->out.len - len; k < x->out.len; k++)
		x->omap[k] = x->map[src];
	return 0;
}

/* The extent of the brace group at i ("{...}", nested): 1 with the content
 * [*a, *b) and *end after the closing brace; 0 if none (blanks skipped). */
static int lx_group(const lx *x, size_t i, size_t to, size_t *a, size_t *b, size_t *end)
{
	int d = 0;
	size_t k;

	while (i < to && (x->s[i] == ' ' || x->s[i] == '\t'))
		i++;
	if (i >= to || x->s[i] != '{')
		return 0;
	if (x->brace && x->brace[i]) {
		if (x->brace[i] == BRACE_NONE || x->brace[i] - 1 >= to)
			return 0;
		*a = i + 1;
		*b = x->brace[i] - 1;
		*end = x->brace[i];
		return 1;
	}
	for (k = i; k < to; k++) {
		if (x->s[k] == '\\' && k + 1 < to) {
			k++;
			continue;
		}
		if (x->s[k] == '{')
			d++;
		else if (x->s[k] == '}' && --d == 0) {
			*a = i + 1;
			*b = k;
			*end = k + 1;
			return 1;
		}
	}
	return 0;
}

static const struct {
	const char *cmd, *text;
} lx_symbols[] = {
	{ "times", "\xc3\x97" }, { "cdot", "\xc2\xb7" }, { "approx", "\xe2\x89\x88" }, { "simeq", "\xe2\x89\x88" },
	{ "sim", "~" }, { "pm", "\xc2\xb1" }, { "mu", "\xce\xbc" }, { "Omega", "\xce\xa9" }, { "ohm", "\xce\xa9" },
	{ "AA", "\xc3\x85" }, { "angstrom", "\xc3\x85" }, { "hbar", "\xc4\xa7" }, { "alpha", "\xce\xb1" },
	{ "beta", "\xce\xb2" }, { "gamma", "\xce\xb3" }, { "delta", "\xce\xb4" }, { "Delta", "\xce\x94" },
	{ "epsilon", "\xce\xb5" }, { "varepsilon", "\xce\xb5" }, { "lambda", "\xce\xbb" }, { "nu", "\xce\xbd" },
	{ "pi", "\xcf\x80" }, { "sigma", "\xcf\x83" }, { "Phi", "\xce\xa6" }, { "phi", "\xcf\x86" },
	{ "varphi", "\xcf\x86" }, { "rho", "\xcf\x81" }, { "theta", "\xce\xb8" }, { "tau", "\xcf\x84" },
	{ "omega", "\xcf\x89" }, { "kappa", "\xce\xba" }, { "chi", "\xcf\x87" }, { "eta", "\xce\xb7" },
	{ "infty", "\xe2\x88\x9e" }, { "circ", "\xc2\xb0" }, { "degree", "\xc2\xb0" }, { "le", "\xe2\x89\xa4" },
	{ "leq", "\xe2\x89\xa4" }, { "ge", "\xe2\x89\xa5" }, { "geq", "\xe2\x89\xa5" }, { "propto", "\xe2\x88\x9d" },
	{ "ldots", "..." }, { "cdots", "..." }, { "quad", " " }, { "qquad", " " }, { "enspace", " " },
	{ "thinspace", " " }, { "space", " " }, { "to", "\xe2\x86\x92" }, { "rightarrow", "\xe2\x86\x92" },
	{ "ell", "\xe2\x84\x93" }, { "partial", "\xe2\x88\x82" }, { "nabla", "\xe2\x88\x87" },
};

/* Text wrappers whose argument is kept. */
static const char *const lx_wrappers[] = {
	"text", "mathrm", "textrm", "mathit", "textit", "mathsf", "textsf", "mathbf", "textbf", "mbox", "operatorname",
	"rm", "mathup", "textup", "emph", "boldsymbol", "bm", "mathbb", "mathcal", "mathtt", "texttt", "ensuremath",
};

/* siunitx units and prefixes. */
static const struct {
	const char *cmd, *text;
	int prefix;
} lx_units[] = {
	{ "joule", "J", 0 }, { "kelvin", "K", 0 }, { "metre", "m", 0 }, { "meter", "m", 0 }, { "second", "s", 0 },
	{ "kilogram", "kg", 0 }, { "gram", "g", 0 }, { "mole", "mol", 0 }, { "electronvolt", "eV", 0 },
	{ "coulomb", "C", 0 }, { "hertz", "Hz", 0 }, { "volt", "V", 0 }, { "ampere", "A", 0 }, { "tesla", "T", 0 },
	{ "pascal", "Pa", 0 }, { "watt", "W", 0 }, { "newton", "N", 0 }, { "ohm", "\xce\xa9", 0 },
	{ "angstrom", "\xc3\x85", 0 }, { "farad", "F", 0 }, { "weber", "Wb", 0 }, { "siemens", "S", 0 },
	{ "henry", "H", 0 }, { "candela", "cd", 0 }, { "litre", "L", 0 }, { "liter", "L", 0 }, { "bar", "bar", 0 },
	{ "atmosphere", "atm", 0 }, { "dalton", "Da", 0 }, { "atomicmassunit", "u", 0 }, { "degreeCelsius", "\xc2\xb0" "C", 0 },
	{ "percent", "%", 0 }, { "minute", "min", 0 }, { "hour", "h", 0 }, { "lumen", "lm", 0 },
	{ "femto", "f", 1 }, { "pico", "p", 1 }, { "nano", "n", 1 }, { "micro", "\xce\xbc", 1 }, { "milli", "m", 1 },
	{ "centi", "c", 1 }, { "deci", "d", 1 }, { "kilo", "k", 1 }, { "mega", "M", 1 }, { "giga", "G", 1 },
	{ "tera", "T", 1 },
};

static int lx_run(lx *x, size_t i, size_t to);

/* siunitx units "\joule\per\mole\per\kelvin", "m.s^{-1}", "\kilo\gram". */
static int lx_units_run(lx *x, size_t i, size_t to)
{
	int rc = 0, first = 1, per = 0;

	while (i < to && rc == 0) {
		char c = x->s[i];
		size_t k, e;

		if (c == '\\' && i + 1 < to && isalpha((unsigned char)x->s[i + 1])) {
			for (e = i + 1; e < to && isalpha((unsigned char)x->s[e]); e++)
				;
			for (k = 0; k < sizeof(lx_units) / sizeof(lx_units[0]); k++)
				if (strlen(lx_units[k].cmd) == e - i - 1 && !memcmp(lx_units[k].cmd, x->s + i + 1, e - i - 1))
					break;
			if (k < sizeof(lx_units) / sizeof(lx_units[0])) {
				if (!first && !x->prefix_open)
					rc = lx_put(x, per ? "/" : " ", 1, i);
				per = 0;
				first = 0;
				x->prefix_open = lx_units[k].prefix;
				if (rc == 0)
					rc = lx_put(x, lx_units[k].text, strlen(lx_units[k].text), i);
			} else if (e - i - 1 == 3 && !memcmp(x->s + i + 1, "per", 3)) {
				per = 1;
				if (first) {
					rc = lx_put(x, "1", 1, i);
					first = 0;
				}
			} else if (e - i - 1 == 7 && !memcmp(x->s + i + 1, "squared", 7)) {
				rc = lx_put(x, "^2", 2, i);
			} else if (e - i - 1 == 5 && !memcmp(x->s + i + 1, "cubed", 5)) {
				rc = lx_put(x, "^3", 2, i);
			}
			i = e;
			continue;
		}
		/* literal units: "." and "~" multiply, braces group */
		x->prefix_open = 0;
		first = 0;
		if (c == '{' || c == '}')
			;
		else if (c == '.' || c == '~')
			rc = lx_put(x, " ", 1, i);
		else
			rc = lx_put(x, &x->s[i], 1, i);
		i++;
	}
	x->prefix_open = 0;
	return rc;
}
static int lx_is(const lx *x, size_t a, size_t b, const char *name)
{
	return strlen(name) == b - a && !memcmp(x->s + a, name, b - a);
}

/* "^{-23}" at i: a power in braces, a sign and one to three digits. The
 * end after '}', or 0. */
static size_t lx_braced_power(const lx *x, size_t i, size_t to)
{
	size_t k = i + 2, d;

	if (i + 1 >= to || x->s[i + 1] != '{')
		return 0;
	if (k < to && (x->s[k] == '-' || x->s[k] == '+'))
		k++;
	for (d = k; k < to && k - d < 3 && isdigit((unsigned char)x->s[k]); k++)
		;
	return k > d && k < to && x->s[k] == '}' ? k + 1 : 0;
}

/* Rewrite x->s[i..to). */
static int lx_run(lx *x, size_t i, size_t to)
{
	int rc = 0;

	if (++x->depth > 16) {
		/* pathological nesting: the rest as it is */
		while (rc == 0 && i < to) {
			rc = lx_put(x, x->s + i, 1, i);
			i++;
		}
		x->depth--;
		return rc;
	}
	while (i < to && rc == 0) {
		char c = x->s[i];
		size_t a, b, e, a2, b2, e2, k;

		if (c == '$') {
			x->math = !x->math;
			i += i + 1 < to && x->s[i + 1] == '$' ? 2 : 1;
			continue;
		}
		if (c != '\\') {
			if (x->math && (c == '{' || c == '}'))
				i++;
			else if (!x->math && c == '^' && (k = lx_braced_power(x, i, to)) > 0) {
				/* "10^{-23}", "K^{-1}" outside math: "10^-23", "K^-1" */
				rc = lx_put(x, "^", 1, i);
				if (rc == 0)
					rc = lx_put(x, x->s + i + 2, k - i - 3, i + 2);
				i = k;
			}
			else if (c == '~' && (x->math || (i > 0 && isdigit((unsigned char)x->s[i - 1]) && i + 1 < to &&
							  isalpha((unsigned char)x->s[i + 1]))))
				rc = lx_put(x, " ", 1, i++); /* a tie: "52.9~pm" */
			else
				rc = lx_put(x, &x->s[i], 1, i), i++;
			continue;
		}
		if (i + 1 >= to) {
			i++;
			continue;
		}
		c = x->s[i + 1];
		if (c == '(' || c == '[') {
			x->math = 1;
			i += 2;
			continue;
		}
		if (c == ')' || c == ']') {
			x->math = 0;
			i += 2;
			continue;
		}
		if (!isalpha((unsigned char)c)) {
			/* "\," "\;" "\:" "\!" "\ " "\\": spacing; "\%" "\{" "\$": the character */
			if (strchr(",;:! \\", c))
				rc = lx_put(x, " ", 1, i);
			else if (c != '!')
				rc = lx_put(x, &x->s[i + 1], 1, i);
			i += 2;
			continue;
		}
		for (e = i + 1; e < to && isalpha((unsigned char)x->s[e]); e++)
			;
		a = i + 1; /* the command's name is [a, e) */
		b = e;
		if ((lx_is(x, a, b, "SI") || lx_is(x, a, b, "qty")) && lx_group(x, e, to, &a2, &b2, &e2)) {
			size_t a3, b3, e3;

			rc = lx_run(x, a2, b2);
			if (rc == 0 && lx_group(x, e2, to, &a3, &b3, &e3)) {
				/* (the space between number and unit comes from the brace
				 * that closes the number: the map stays in order) */
				rc = lx_put(x, " ", 1, b2);
				if (rc == 0)
					rc = lx_units_run(x, a3, b3);
				e2 = e3;
			}
			i = e2;
			continue;
		}
		if ((lx_is(x, a, b, "si") || lx_is(x, a, b, "unit")) && lx_group(x, e, to, &a2, &b2, &e2)) {
			rc = lx_units_run(x, a2, b2);
			i = e2;
			continue;
		}
		if ((lx_is(x, a, b, "frac") || lx_is(x, a, b, "dfrac") || lx_is(x, a, b, "tfrac")) &&
		    lx_group(x, e, to, &a2, &b2, &e2)) {
			size_t a3, b3, e3;

			if (!lx_group(x, e2, to, &a3, &b3, &e3)) {
				rc = lx_run(x, a2, b2);
				i = e2;
				continue;
			}
			rc = lx_run(x, a2, b2);
			if (rc == 0)
				rc = lx_put(x, "/", 1, b2); /* from the numerator's closing brace */
			if (rc == 0)
				rc = lx_run(x, a3, b3);
			i = e3;
			continue;
		}
		if (lx_is(x, a, b, "mathring") && lx_group(x, e, to, &a2, &b2, &e2) && b2 - a2 == 1 && x->s[a2] == 'A') {
			rc = lx_put(x, "\xc3\x85", 2, i);
			i = e2;
			continue;
		}
		if (lx_is(x, a, b, "num") && lx_group(x, e, to, &a2, &b2, &e2)) {
			rc = lx_run(x, a2, b2);
			i = e2;
			continue;
		}
		for (k = 0; k < sizeof(lx_wrappers) / sizeof(lx_wrappers[0]); k++)
			if (lx_is(x, a, b, lx_wrappers[k]))
				break;
		if (k < sizeof(lx_wrappers) / sizeof(lx_wrappers[0])) {
			if (lx_group(x, e, to, &a2, &b2, &e2)) {
				rc = lx_run(x, a2, b2);
				i = e2;
			} else {
				i = e; /* "\rm kg" */
			}
			continue;
		}
		for (k = 0; k < sizeof(lx_symbols) / sizeof(lx_symbols[0]); k++)
			if (lx_is(x, a, b, lx_symbols[k].cmd))
				break;
		if (k < sizeof(lx_symbols) / sizeof(lx_symbols[0])) {
			rc = lx_put(x, lx_symbols[k].text, strlen(lx_symbols[k].text), i);
			i = e;
			continue;
		}
		/* \left( \right. \big| and unknown commands: dropped, an
		 * argument kept ("\emph{x}", "\textsuperscript{2}") */
		if ((lx_is(x, a, b, "left") || lx_is(x, a, b, "right")) && e < to && x->s[e] == '.')
			e++;
		if (e < to && x->s[e] == '{' && lx_group(x, e, to, &a2, &b2, &e2)) {
			rc = lx_run(x, a2, b2);
			e = e2;
		}
		i = e;
	}
	x->depth--;
	return rc;
}

/* Rewrite nt's LaTeX in place (see above); nothing to do without a
 * backslash, a dollar sign, a tilde or a power in braces. */
static int latex_pass(pk_normtext *nt)
{
	lx x;
	int rc;

	if (!nt->text.len || (!memchr(nt->text.ptr, '\\', nt->text.len) && !memchr(nt->text.ptr, '$', nt->text.len) &&
			      !memchr(nt->text.ptr, '~', nt->text.len) && !pk_mem_find(nt->text.ptr, nt->text.len, "^{", 2)))
		return 0;
	memset(&x, 0, sizeof(x));
	x.s = nt->text.ptr;
	x.map = nt->map;
	x.n = nt->text.len;
	pk_buf_init(&x.out, nt->text.max ? nt->text.max : 0);
	if ((rc = lx_pair_braces(&x)) < 0 || (rc = pk_buf_grow(&x.out, nt->text.len)) < 0 ||
	    (rc = lx_run(&x, 0, x.n)) < 0 || (rc = lx_put(&x, "", 0, x.n)) < 0) {
		pk_buf_release(&x.out);
		pk_free(x.omap);
		pk_free(x.brace);
		return rc;
	}
	pk_free(x.brace);
	x.omap[x.out.len] = nt->map[nt->text.len];
	pk_buf_release(&nt->text);
	pk_free(nt->map);
	nt->text = x.out;
	nt->map = x.omap;
	nt->map_cap = x.ocap;
	return 0;
}

/* The length of the run of s[i] at i, at most 4 (a longer run is no mark). */
static size_t mark_run(const char *s, size_t n, size_t i)
{
	size_t j = i;

	while (j < n && s[j] == s[i] && j - i < 4)
		j++;
	return j - i;
}

static int is_blank_byte(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* A run that may close an emphasis: glued to what is before it, no word
 * (nor the same mark) after it. */
static int closes(const char *s, size_t n, size_t j, size_t l)
{
	return j > 0 && !is_blank_byte(s[j - 1]) && (j + l >= n || !(isalnum((unsigned char)s[j + l]) || s[j + l] == s[j]));
}

/* c in set (never the NUL that ends it) */
static int in_set(const char *set, char c)
{
	return c && strchr(set, c);
}

/* The kind of a run of marks, 0..6 ('*' and '_' runs of 1-3, '`'
 * alone), or -1 (no mark). */
static int mark_kind(char c, size_t l)
{
	if (c == '`')
		return l == 1 ? 6 : -1;
	if ((c != '*' && c != '_') || l < 1 || l > 3)
		return -1;
	return (c == '*' ? 0 : 3) + (int)l - 1;
}

typedef struct closer {
	size_t at, line;
} closer;

size_t pk_text_emphasis(const char *s, size_t n, unsigned char *drop)
{
	/* the runs that may close, by kind, with their line: an opening's
	 * partner is the first of its kind after it on its line, found by
	 * binary search (bounded work on any text) */
	closer *cl[7] = { NULL };
	size_t cnt[7] = { 0 }, cap[7] = { 0 }, i, marked = 0, ln = 0;
	int k, oom = 0;

	memset(drop, 0, n);
	for (i = 0; i < n && !oom;) {
		size_t l;

		if (s[i] != '*' && s[i] != '_' && s[i] != '`') {
			ln += s[i] == '\n';
			i++;
			continue;
		}
		l = mark_run(s, n, i);
		if ((k = mark_kind(s[i], l)) >= 0 && closes(s, n, i, l)) {
			if (PK_ALLOC_GROW(cl[k], cnt[k] + 1, cap[k], 16) < 0) {
				oom = 1; /* no memory: no mark dropped */
				break;
			}
			cl[k][cnt[k]].at = i;
			cl[k][cnt[k]++].line = ln;
		}
		i += l;
	}
	for (i = 0, ln = 0; i < n && !oom;) {
		size_t l, lo, hi;

		if (s[i] != '*' && s[i] != '_' && s[i] != '`') {
			ln += s[i] == '\n';
			i++;
			continue;
		}
		l = mark_run(s, n, i);
		k = mark_kind(s[i], l);
		/* opening: after a blank, an opening bracket or quote, a
		 * separator ("2019;**321**", "| **h** |") or a character beyond
		 * ASCII ("为**1.12 eV**"), not inside a word, a DOI or a URL
		 * ("k_B", "10.5555/_x_"); a word or a number after it */
		if (k < 0 || (i > 0 && (unsigned char)s[i - 1] < 0x80 && !in_set(" \t\r\n([{\"',;:|", s[i - 1])) ||
		    i + l >= n ||
		    !(isalnum((unsigned char)s[i + l]) || (unsigned char)s[i + l] >= 0x80 || in_set("$(\\-+.", s[i + l]))) {
			i += l;
			continue;
		}
		/* its partner: the first closing run of its kind after it */
		for (lo = 0, hi = cnt[k]; lo < hi;) {
			size_t m = (lo + hi) / 2;

			if (cl[k][m].at < i + l)
				lo = m + 1;
			else
				hi = m;
		}
		if (lo == cnt[k] || cl[k][lo].line != ln) {
			i += l;
			continue;
		}
		memset(drop + i, 1, l);
		memset(drop + cl[k][lo].at, 1, l);
		marked += 2 * l;
		/* on after the partner (what is between is its content) */
		for (; i < cl[k][lo].at + l; i++)
			ln += s[i] == '\n';
	}
	for (k = 0; k < 7; k++)
		pk_free(cl[k]);
	if (oom) {
		memset(drop, 0, n);
		pk_error_clear();
		return 0;
	}
	return marked;
}

/* pk_normtext_set's characters into nt, but for the bytes drop marks (NULL: none). */
static int normtext_chars(pk_normtext *nt, const char *s, size_t n, const unsigned char *drop, size_t *pi,
			  int *pin_super)
{
	size_t i = *pi;
	int rc, in_super = *pin_super;

	while (i < n) {
		utf8proc_int32_t buf[32];
		utf8proc_ssize_t m, j;
		int32_t cp;
		int k;
		size_t start = i;

		if ((unsigned char)s[i] < 0x80 && s[i] != '\0') {
			/* ASCII is already normal: the whole run at once, each
			 * byte mapped to itself */
			size_t e = i + 1, b;

			/* (eight bytes at a time where none is NUL or past ASCII
			 * and no mark is dropped) */
			while (!drop && e + 8 <= n && ascii_word(s + e))
				e += 8;
			while (e < n && (unsigned char)s[e] < 0x80 && s[e] != '\0' && !(drop && drop[e]))
				e++;
			in_super = 0;
			if (drop && drop[i]) {
				i++; /* a mark: nothing written */
				continue;
			}
			if ((rc = map_reserve(nt, nt->text.len + (e - i) + 1)) < 0 ||
			    (rc = pk_buf_put(&nt->text, s + i, e - i)) < 0)
				return rc;
			for (b = nt->text.len - (e - i); i < e; i++, b++)
				nt->map[b] = (uint32_t)i;
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
	*pi = i;
	*pin_super = in_super;
	return 0;
}

int pk_normtext_set(pk_normtext *nt, const char *s, size_t n)
{
	size_t i = 0;
	int rc, in_super = 0;
	unsigned char *drop = NULL;

	pk_buf_reset(&nt->text);
	if ((rc = pk_buf_grow(&nt->text, n)) < 0 || (rc = map_reserve(nt, n + 1)) < 0)
		return rc;
	/* Markdown's emphasis and code marks ("**1.12 eV**", "`h`") go */
	if (n && (memchr(s, '*', n) || memchr(s, '_', n) || memchr(s, '`', n))) {
		if (!(drop = pk_malloc(n)))
			return pk_error_set(PK_ENOMEM, "out of memory");
		if (!pk_text_emphasis(s, n, drop)) {
			pk_free(drop);
			drop = NULL;
		}
	}
	nt->nmarks = 0;
	for (i = 0; drop && i < n; i++) {
		size_t e = i;

		if (!drop[i])
			continue;
		while (e < n && drop[e])
			e++;
		if ((rc = PK_ALLOC_GROW(nt->marks, nt->nmarks + 1, nt->marks_cap, 16)) < 0) {
			pk_free(drop);
			return rc;
		}
		nt->marks[nt->nmarks][0] = (uint32_t)i;
		nt->marks[nt->nmarks++][1] = (uint32_t)e;
		i = e - 1;
	}
	i = 0;
	rc = normtext_chars(nt, s, n, drop, &i, &in_super);
	pk_free(drop);
	if (rc < 0)
		return rc;
	if ((rc = map_reserve(nt, nt->text.len + 1)) < 0)
		return rc;
	if (!nt->text.ptr && (rc = pk_buf_put(&nt->text, "", 0)) < 0)
		return rc;
	nt->map[nt->text.len] = (uint32_t)n;
	return latex_pass(nt);
}

size_t pk_utf8_cut(const char *s, size_t n, size_t max)
{
	size_t k;

	if (n <= max)
		return n;
	k = max;
	/* back over continuation bytes to the start of the cut character */
	while (k > 0 && ((unsigned char)s[k] & 0xC0) == 0x80)
		k--;
	return k;
}

size_t pk_utf8_whole(const char *s, size_t n)
{
	size_t k = n, back = 0, need;
	unsigned char c;

	while (k > 0 && back < 4 && ((unsigned char)s[k - 1] & 0xC0) == 0x80)
		k--, back++;
	if (k == 0)
		return back ? 0 : n;
	c = (unsigned char)s[k - 1];
	if (c < 0x80)
		return back ? k : n; /* stray continuation bytes after ASCII: not ours to judge */
	need = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
	return back >= need ? n : k - 1;
}

size_t pk_str_ncopy(char *dst, size_t dn, const char *src, size_t n)
{
	size_t l = strnlen(src, n), k;

	if (!dn)
		return l;
	k = l < dn ? l : dn - 1;
	memcpy(dst, src, k);
	dst[k] = '\0';
	return l;
}

const char *pk_mem_find(const char *h, size_t hl, const char *nd, size_t nl)
{
	const char *p = h, *end = h + hl;

	if (!nl)
		return h;
	while ((size_t)(end - p) >= nl) {
		if (!(p = memchr(p, nd[0], (size_t)(end - p) - nl + 1)))
			return NULL;
		if (!memcmp(p + 1, nd + 1, nl - 1))
			return p;
		p++;
	}
	return NULL;
}

size_t pk_str_copy(char *dst, size_t dn, const char *src)
{
	return pk_str_ncopy(dst, dn, src, (size_t)-1); /* strnlen to the NUL */
}

size_t pk_str_cat(char *dst, size_t dn, const char *const *part, size_t n)
{
	size_t k, len = 0;

	if (dn)
		dst[0] = '\0';
	for (k = 0; k < n; k++) {
		size_t l = strlen(part[k]);

		if (len + 1 < dn) {
			size_t room = dn - 1 - len, c = l < room ? l : room;

			memcpy(dst + len, part[k], c);
			dst[len + c] = '\0';
		}
		len += l;
	}
	return len;
}

size_t pk_str_int(char out[21], long long v)
{
	char d[20];
	size_t k = 0, l = 0;
	unsigned long long u = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;

	/* (most numbers written are offsets and counts under 100) */
	if (v >= 0 && v < 10) {
		out[0] = (char)('0' + v);
		out[1] = '\0';
		return 1;
	}
	if (v >= 10 && v < 100) {
		out[0] = (char)('0' + v / 10);
		out[1] = (char)('0' + v % 10);
		out[2] = '\0';
		return 2;
	}

	/* two digits a step, from the last (a division by 100, not two by 10) */
	{
		static const char pairs[] = "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
					    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
					    "8081828384858687888990919293949596979899";

		k = sizeof(d);
		while (u >= 100) {
			unsigned r = (unsigned)(u % 100);

			u /= 100;
			k -= 2;
			memcpy(d + k, pairs + 2 * r, 2);
		}
		if (u >= 10) {
			k -= 2;
			memcpy(d + k, pairs + 2 * u, 2);
		} else {
			d[--k] = (char)('0' + u);
		}
	}
	if (v < 0)
		out[l++] = '-';
	memcpy(out + l, d + k, sizeof(d) - k);
	l += sizeof(d) - k;
	out[l] = '\0';
	return l;
}

size_t pk_utf8_copy(char *dst, size_t dn, const char *src)
{
	size_t k;

	if (!dn)
		return 0;
	k = pk_utf8_cut(src, strlen(src), dn - 1);
	memcpy(dst, src, k);
	dst[k] = '\0';
	return k;
}

size_t pk_text_plain(char *s)
{
	size_t i = 0, o = 0;
	int blank = 0;

	while (s[i]) {
		unsigned char c = (unsigned char)s[i];

		if (c == '<' && (isalpha((unsigned char)s[i + 1]) || (s[i + 1] == '/' && isalpha((unsigned char)s[i + 2])))) {
			/* a tag: a name ("i", "/sub", "mml:math"), then '>' or
			 * attributes ("x=...") up to '>' within 400 bytes; not
			 * "a<b and c>d" */
			size_t j = i + 1 + (s[i + 1] == '/'), name = j;
			int ok;

			while (isalnum((unsigned char)s[j]) || s[j] == ':' || s[j] == '-')
				j++;
			ok = j - name <= 20;
			if (ok && s[j] == ' ') {
				int attrs = 0;

				while (s[j] && s[j] != '>' && s[j] != '<' && j - i < 400)
					attrs |= s[j++] == '=';
				ok = attrs;
			}
			if (ok && s[j] == '>') {
				i = j + 1;
				continue;
			}
		}
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
			blank = o > 0;
			i++;
			continue;
		}
		if (blank)
			s[o++] = ' ';
		blank = 0;
		s[o++] = s[i++];
	}
	s[o] = '\0';
	return o;
}
