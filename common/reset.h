/* common/reset.h - one pass over a text that tells which of many PCRE2
 * patterns cannot match it.
 *
 * Rule files run dozens of patterns over every sentence of an answer, and
 * most patterns need a word the sentence does not have ("assum", "±",
 * "according to"). A set reads, from each pattern's text, strings one of
 * which every match must contain (its required literals), and builds one
 * Aho-Corasick automaton over all of them; a scan of the text then clears
 * the bit of every pattern none of whose literals occurs in it, and the
 * caller skips those patterns: the answer is what PCRE2 would give.
 *
 * Exactness: literals are read only from the syntax this file knows
 * (literal characters, escaped punctuation, groups, alternation,
 * quantifiers, classes, \b, \d, \s, \w, '.', anchors); a pattern with
 * anything else (lookaround, back references, \p, inline options...)
 * gets no literals and is always "may match". Matching is caseless
 * (ASCII letters folded; a literal with a non-ASCII cased letter makes
 * its pattern always "may match"; a text holding KELVIN SIGN or LONG S,
 * the two non-ASCII characters PCRE2 matches to ASCII letters, makes
 * every pattern "may match"), which only ever keeps more patterns.
 */
#ifndef PK_RESET_H
#define PK_RESET_H

#include <stddef.h>
#include <stdint.h>

typedef struct pk_reset pk_reset;

/* An empty set, or NULL (out of memory; error set). Owned by the caller:
 * pk_reset_free. */
pk_reset *pk_reset_new(void);
/* NULL is fine. */
void pk_reset_free(pk_reset *s);

/* Add pattern (as given to pk_re_compile; flags PK_RE_*): its number in
 * the set (the same pattern text added twice gets the same number), or
 * PK_ENOMEM. Not after pk_reset_build. */
int pk_reset_add(pk_reset *s, const char *pattern, int flags);

/* Make the automaton: 0, or PK_ENOMEM. Adding is over; a set too large
 * for one automaton (over 65,000 states) keeps every pattern "may match". */
int pk_reset_build(pk_reset *s);

/* The patterns added, and the uint64_t words a scan fills: (count + 63) / 64. */
size_t pk_reset_count(const pk_reset *s);
size_t pk_reset_words(const pk_reset *s);

/* Scan text[0..n) into may (pk_reset_words words): bit i clear when
 * pattern i cannot match text (nor any part of it), set when it may. */
void pk_reset_scan(const pk_reset *s, const char *text, size_t n, uint64_t *may);

/* Is bit i of may set? */
static inline int pk_reset_may(const uint64_t *may, int i)
{
	return i < 0 || (int)((may[(unsigned)i >> 6] >> ((unsigned)i & 63)) & 1);
}

/* The required literals pk_reset_add reads from pattern, joined by '\n'
 * into out (cap bytes, NUL-terminated): their number, 0 when the pattern
 * gets none (always "may match"), or PK_ELIMIT when out is too short.
 * For tests and for people writing rule files. */
int pk_reset_literals(const char *pattern, int flags, char *out, size_t cap);

#endif
