/* common/text.h - UTF-8 validation and normalised keys (via utf8proc).
 *
 * Keys for names, titles and author names are built by pk_text_fold:
 * Unicode NFKC (so "ℏ" is "ħ", "⁵⁶" is "56", "µ" is "μ", "Å" is "Å"),
 * default-ignorable characters (zero-width spaces, soft hyphens) dropped,
 * then optionally case-folded, stripped of diacritics, with punctuation
 * and whitespace collapsed or removed. Invalid UTF-8 is PK_EPARSE.
 */
#ifndef PK_TEXT_H
#define PK_TEXT_H

#include "buf.h"

#include <stddef.h>
#include <stdint.h>

enum {
	PK_FOLD_CASE = 1 << 0,      /* Unicode case folding */
	PK_FOLD_MARKS = 1 << 1,     /* strip combining marks (é -> e) */
	PK_FOLD_SPACE_DROP = 1 << 2,/* remove all whitespace */
	PK_FOLD_SPACE_ONE = 1 << 3, /* collapse whitespace runs to one ' ', trim */
	PK_FOLD_PUNCT = 1 << 4,     /* punctuation and symbols become whitespace */
	PK_FOLD_DASH = 1 << 5       /* minus signs and dashes become '-' */
};

/* 1 if s[0..n) is valid UTF-8 without NUL bytes, else 0. */
int pk_utf8_valid(const char *s, size_t n);

/* Decode one code point at s (n bytes available). Returns its length in
 * bytes (1..4) and sets *cp, or -1 on invalid input (then *cp = 0xFFFD). */
int pk_utf8_decode(const char *s, size_t n, int32_t *cp);
/* Encode cp into out (>= 4 bytes); returns the byte count (0 if invalid). */
int pk_utf8_encode(char *out, int32_t cp);

/* Append the folded form of s[0..n) to out (see the flags above).
 * PK_EPARSE on invalid UTF-8, PK_ELIMIT / PK_ENOMEM from the buffer. */
int pk_text_fold(pk_buf *out, const char *s, size_t n, unsigned flags);
/* pk_text_fold of ASCII text (no byte over 0x7f, no NUL) into out[0..cap)
 * without allocating: truncated to cap - 1 bytes and terminated (cap > 0).
 * Returns the length of the whole folding, or -1 when s is not ASCII (out
 * then holds bytes of no use). */
long pk_text_fold_ascii(const char *s, size_t n, unsigned flags, char *out, size_t cap);

/* Convenience: the key used for name lookups (NFKC, case folded, all
 * whitespace removed, dashes unified). Caller frees with pk_free. NULL on
 * invalid UTF-8 or allocation failure (error set). */
char *pk_text_name_key(const char *s, size_t n);

/* Is cp Unicode whitespace (Z* categories, or \t \n \v \f \r)? */
int pk_text_is_space(int32_t cp);
/* Is cp a CJK ideograph (Han)? */
int pk_text_is_han(int32_t cp);

/* The longest prefix of s[0..n) of at most max bytes that ends on a UTF-8
 * character boundary (a cut never splits a character). */
size_t pk_utf8_cut(const char *s, size_t n, size_t max);
/* Copy NUL-terminated src into dst[0..dn), truncated on a character
 * boundary; dst is always terminated (dn > 0). Returns the bytes copied. */
size_t pk_utf8_copy(char *dst, size_t dn, const char *src);
/* Rewrite s in place as plain text for display: markup tags ("<i>",
 * "</sub>", "<mml:math ...>") dropped, runs of blanks and line breaks
 * one blank, none at the ends (Crossref titles hold both). Returns the
 * new length. */
size_t pk_text_plain(char *s);
/* snprintf(dst, dn, "%s", src) without printf: at most dn - 1 bytes of
 * src (cut at a byte, as snprintf cuts), dst always terminated (dn > 0).
 * Returns strlen(src), as snprintf does. */
size_t pk_str_copy(char *dst, size_t dn, const char *src);
/* A string literal with its length, for tables of words compared on hot
 * paths: PK_LIT("about") is { "about", 5 }. */
typedef struct pk_lit {
	const char *s;
	size_t len;
} pk_lit;
#define PK_LIT(x) { x, sizeof(x) - 1 }
/* snprintf(dst, dn, "%.*s", (int)n, src) without printf: the first n
 * bytes of src or up to its NUL, at most dn - 1 of them, dst always
 * terminated (dn > 0). Returns strnlen(src, n), as snprintf does. */
size_t pk_str_ncopy(char *dst, size_t dn, const char *src, size_t n);
/* snprintf(dst, dn, "%s%s...", part[0], part[1], ...) of n parts without
 * printf: cut at a byte as snprintf cuts, dst always terminated (dn > 0).
 * Returns the whole length, as snprintf does. */
size_t pk_str_cat(char *dst, size_t dn, const char *const *part, size_t n);
/* memmem(h, hl, nd, nl) for the short needles of hot paths: memchr for
 * its first byte, then the rest compared (glibc's memmem reads such a
 * needle's haystack a byte at a time). NULL when absent; h when nl is 0. */
const char *pk_mem_find(const char *h, size_t hl, const char *nd, size_t nl);
/* v in decimal into out, NUL-terminated (21 bytes hold any long long), as
 * "%lld" writes it; returns the length. */
size_t pk_str_int(char out[21], long long v);
/* The length of s[0..n) without a UTF-8 sequence cut short at its end
 * (what a truncating snprintf may leave). */
size_t pk_utf8_whole(const char *s, size_t n);

/* Markdown's emphasis and code marks in s[0..n): drop[i] (n bytes, all
 * set here) is 1 for each byte of a mark of a pair: an opening run of
 * '*', '_' (up to three) or '`' after a blank, an opening bracket or
 * quote, a separator (",;:|") or a character beyond ASCII, with a word or
 * a number after it, and the same run closing it on its line,
 * glued to what is before it, with no word after it ("**1.12 eV**",
 * "_JAMA_", "`h`"). A mark with no partner ("10.5555/x_;", "k_B", "2*3")
 * is text. Returns the number of bytes marked. */
size_t pk_text_emphasis(const char *s, size_t n, unsigned char *drop);

/* ---- normalised text with a map back to the original ------------------
 *
 * For extraction from model output: NFKC per character (fullwidth digits,
 * ℏ -> ħ), superscripts to a caret exponent (10⁻³⁴ -> 10^-34, m² -> m^2),
 * default-ignorable characters (zero-width
 * spaces, soft hyphens, BOM) removed, minus signs unified to '-',
 * multiplication signs to '×' (U+00D7) and dot operators to '·' (U+00B7),
 * NUL and invalid bytes to U+FFFD; LaTeX rewritten as plain text
 * ("$6.626 \\times 10^{-34}$" -> "6.626 × 10^-34", "\\SI{8.314}{\\joule\\per
 * \\mole\\per\\kelvin}" -> "8.314 J/mol/K", "\\frac{1}{137}" -> "1/137",
 * "\\mathrm{kg}" -> "kg", Greek letters and \\AA as characters; math-mode
 * braces dropped, ties as spaces), Markdown's emphasis and code marks
 * dropped (pk_text_emphasis). map[i] is the byte offset in the
 * original text of the character that produced normalised byte i
 * (map[len] = the original length), so spans found in the normalised text
 * are reported in the original. */
typedef struct pk_normtext {
	pk_buf text;
	uint32_t *map;
	size_t map_cap;
	/* the original's dropped Markdown marks, [start, end) by start: a
	 * span's end is not carried over the marks that close it */
	uint32_t (*marks)[2];
	size_t nmarks, marks_cap;
} pk_normtext;

/* An empty text of at most max normalised bytes (0: PK_BUF_DEFAULT_MAX);
 * allocates nothing. Free with pk_normtext_release. */
void pk_normtext_init(pk_normtext *nt, size_t max);
/* Normalise s[0..n); replaces previous contents. PK_ELIMIT beyond max. */
int pk_normtext_set(pk_normtext *nt, const char *s, size_t n);
void pk_normtext_release(pk_normtext *nt);
/* Original offset of normalised byte offset i (i <= text.len). */
size_t pk_normtext_orig(const pk_normtext *nt, size_t i);
/* The original span [*oa, *ob) of normalised bytes [a, b): every original
 * byte they come from, never ending before it starts (LaTeX rewritten as
 * "7/x" takes its '/' from the \frac before the 7). */
void pk_normtext_span(const pk_normtext *nt, size_t a, size_t b, size_t *oa, size_t *ob);

#endif
