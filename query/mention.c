/* query/mention.c - finding the values a text cites: each number, the
 * unit after it (or the unit-like text that cannot be read), and the
 * phrase that names the quantity, with the sentence facts the checker
 * needs (the CODATA edition it names, whether it reports a measurement). */
#include "value_int.h"

#include "../common/alloc.h"
#include "../common/error.h"
#include "../common/formula.h"
#include "../common/hash.h"
#include "../common/memo.h"
#include "../common/text.h"
#include "../kg/graph.h"

#include <ctype.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <utf8proc.h>

#define CONTEXT_MAX 200            /* bytes of prose searched for the quantity */
#define MAX_CUTS 40

/* ---- words that connect a quantity to its value ------------------------ */

/* (each with its length: compared from the last byte of the text) */
#define W(s) PK_LIT(s)
static const pk_lit trailing_words[] = {
	W("has a value of"), W("is exactly"), W("is precisely"), W("exactly"), W("precisely"),
	W("is approximately"), W("is about"), W("is roughly"), W("is around"), W("is nearly"),
	W("is close to"), W("is equal to"), W("is given by"), W("is taken as"), W("is measured as"),
	W("is estimated at"), W("a value of"), W("value of"), W("equal to"), W("equals"), W("close to"),
	W("approximately"), W("about"), W("roughly"), W("around"), W("nearly"), W("of about"), W("is"),
	W("was"), W("are"), W("were"), W("be"), W("of"), W("at"), W("as"), W("by"), W("="), W(":"), W("≈"),
	W("~"), W("∼"), W("≃"), W("("), W("["), W(","), W("约等于"), W("大约为"), W("近似为"), W("约为"), W("大约"),
	W("大概"), W("等于"), W("近似"), W("约"), W("为"), W("是"), W("分别"), W("："), W("，"), W("的值"), W("值"),
	/* a Markdown table's row: "| Planck constant | 6.626e-34 J s |" */
	W("|"),
	/* "the band gap of Si measured at 300 K is": how the value was had */
	W("measured"), W("experimentally"), W("determined"), W("obtained"), W("reported"), W("observed"),
	W("calculated"), W("computed"), W("predicted")
};

static const pk_lit leading_words[] = {
	W("the"), W("a"), W("an"), W("its"), W("this"), W("that"), W("their"), W("our"), W("value of the"),
	W("value of"), W("is"), W("for"), W("of"), W("("), W(","), W("该"), W("这个")
};
#undef W

static int is_ascii_word_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* s[0..l) is w[0..l) but for ASCII case: strncasecmp (the C locale's:
 * ASCII case only), asked only when the first bytes agree so */
static int same_ci(const char *s, const char *w, size_t l)
{
	unsigned char x = (unsigned char)s[0], y = (unsigned char)w[0];

	/* unequal first bytes agree only as the two cases of one letter */
	if (x != y && ((x | 0x20) != (y | 0x20) || (x | 0x20) < 'a' || (x | 0x20) > 'z'))
		return 0;
	return !strncasecmp(s, w, l);
}

/* Does the text of avail bytes that ends at end end with w, but for ASCII
 * case? Its last byte first (bytes equal but for ASCII case are equal
 * with bit 5 set): most words are ruled out there. */
static int ends_with_ci(const char *end, size_t avail, const pk_lit *w)
{
	return avail >= w->len && ((unsigned char)end[-1] | 0x20) == ((unsigned char)w->s[w->len - 1] | 0x20) &&
	       !strncasecmp(end - w->len, w->s, w->len);
}

/* A condition ending the words before a value: "at 300 K", "at 0 K",
 * "at 25 °C", "at room temperature" ("the band gap of silicon at 300 K
 * is"). Returns where it starts, or b. */
static size_t condition_tail(const char *s, size_t a, size_t b)
{
	size_t k = b;

	if (k - a >= 19 && !strncasecmp(s + k - 19, "at room temperature", 19))
		k -= 19;
	else {
		if (k - a >= 3 && !memcmp(s + k - 3, "\xc2\xb0" "C", 3)) /* °C */
			k -= 3;
		else if (k - a >= 1 && s[k - 1] == 'K')
			k -= 1;
		else
			return b;
		while (k > a && s[k - 1] == ' ')
			k--;
		if (k == a || !isdigit((unsigned char)s[k - 1]))
			return b;
		while (k > a && (isdigit((unsigned char)s[k - 1]) || s[k - 1] == '.'))
			k--;
		while (k > a && s[k - 1] == ' ')
			k--;
		if (k - a < 2 || strncasecmp(s + k - 2, "at", 2))
			return b;
		k -= 2;
	}
	if (k > a && isalpha((unsigned char)s[k - 1]))
		return b;
	return k;
}

/* trailing_words by their last byte (| 0x20): the indices of those
 * ending in byte c are tail_order[tail_first[c] .. tail_first[c + 1]), in
 * the table's order (made once) */
#define NTRAILING (sizeof(trailing_words) / sizeof(trailing_words[0]))
static unsigned char tail_first[257], tail_order[NTRAILING];
static pthread_once_t tail_once = PTHREAD_ONCE_INIT;

static void tail_index(void)
{
	size_t i, c, at = 0;

	for (c = 0; c < 256; c++) {
		tail_first[c] = (unsigned char)at;
		for (i = 0; i < NTRAILING; i++)
			if (((unsigned char)trailing_words[i].s[trailing_words[i].len - 1] | 0x20) == c)
				tail_order[at++] = (unsigned char)i;
	}
	tail_first[256] = (unsigned char)at;
}

/* Strip trailing connecting words, conditions and blanks from s[a..*b). */
static void strip_tail(const char *s, size_t a, size_t *b)
{
	int again = 1;

	pthread_once(&tail_once, tail_index);
	while (again) {
		size_t i, k, c;
		unsigned last;

		again = 0;
		while (*b > a && (s[*b - 1] == ' ' || s[*b - 1] == '\t'))
			(*b)--;
		if ((c = condition_tail(s, a, *b)) != *b) {
			*b = c;
			again = 1;
			continue;
		}
		/* (the words with the window's last byte only: most windows end
		 * in none) */
		last = *b > a ? (unsigned char)s[*b - 1] | 0x20 : 0;
		for (k = tail_first[last]; k < tail_first[last + 1]; k++) {
			const char *w;
			size_t l;

			i = tail_order[k];
			w = trailing_words[i].s;
			l = trailing_words[i].len;
			if (!ends_with_ci(s + *b, *b - a, &trailing_words[i]))
				continue;
			/* English words end at a word boundary */
			if (is_ascii_word_char(w[0]) && *b - l > a && is_ascii_word_char(s[*b - l - 1]))
				continue;
			*b -= l;
			again = 1;
			break;
		}
	}
}

static void strip_head(const char *s, size_t *a, size_t b)
{
	int again = 1;

	while (again) {
		size_t i;

		again = 0;
		while (*a < b && (s[*a] == ' ' || s[*a] == '\t'))
			(*a)++;
		for (i = 0; i < sizeof(leading_words) / sizeof(leading_words[0]); i++) {
			const char *w = leading_words[i].s;
			size_t l = leading_words[i].len;

			if (b - *a < l || !same_ci(s + *a, w, l))
				continue;
			if (is_ascii_word_char(w[l - 1]) && *a + l < b && is_ascii_word_char(s[*a + l]))
				continue;
			*a += l;
			again = 1;
			break;
		}
	}
	/* closing punctuation at the end: "(k_B)" */
}

/* ---- candidate phrases ------------------------------------------------ */

int qv_boundary_at(const char *s, size_t n, size_t i)
{
	static const char *const seps[] = { "。", "；", "！", "？" };
	unsigned char c = (unsigned char)s[i];
	size_t k;

	/* most bytes are none of them: decide on the first byte */
	if (c == '\n' || c == ';' || c == '!' || c == '?')
		return 1;
	if (c == 0xE3 || c == 0xEF) {
		for (k = 0; k < sizeof(seps) / sizeof(seps[0]); k++)
			if (i + 3 <= n && !memcmp(s + i, seps[k], 3))
				return 3;
		return 0;
	}
	if (c != '.')
		return 0;
	/* a sentence-ending period: ". " then a capital or non-ASCII text;
	 * "mag. mom." and "approx. 3" are abbreviations, not ends */
	if (s[i] == '.' && i + 2 < n && s[i + 1] == ' ' && i > 0 && !(s[i - 1] >= '0' && s[i - 1] <= '9')) {
		int32_t cp;

		if (s[i + 2] >= 'A' && s[i + 2] <= 'Z')
			return 1;
		if (pk_utf8_decode(s + i + 2, n - i - 2, &cp) > 0 && pk_text_is_han(cp))
			return 1;
	}
	return 0;
}

/* The sentence around the mention's number (semicolons end it too):
 * [*a, *b) in nt's normalised text. */
void qv_sentence_around(const pk_normtext *nt, const qv_mention *m, size_t *a, size_t *b)
{
	const char *s = nt->text.ptr;
	size_t n = nt->text.len;

	*a = m->num.start;
	*b = m->num.end;
	while (*a > 0 && !qv_is_boundary_at(s, n, *a - 1))
		(*a)--;
	while (*b < n && !qv_is_boundary_at(s, n, *b))
		(*b)++;
}

typedef struct phrase_hit {
	query_targets ts;
	size_t a, b;                  /* normalised span of the phrase */
	char query[416];              /* the text that resolved */
	char qualifier[32];           /* a word before the phrase that makes it another quantity */
} phrase_hit;

/* Words that, right before a quantity's name, make it another quantity:
 * "the exciton Bohr radius", "the effective mass", "the reduced mass of
 * the electron", "screened", "renormalized", "激子玻尔半径". */
static const char *const qualifiers[] = {
	"exciton", "excitonic", "effective", "reduced", "screened", "renormalized", "renormalised", "dressed",
	"polaron", "polaronic", "hydrogenic", "hydrogen-like", "muonic", "positronium", "donor", "acceptor",
	"impurity", "hole", "relativistic", "apparent", "partial", "local", "surface", "bulk", "thermal",
	"激子", "有效", "屏蔽", "重整化"
};

/* Words that, a few articles before a quantity's name, make the value a
 * multiple or a power of it: "half the speed of light", "twice the Bohr
 * radius", "the square of the fine-structure constant". */
static const char *const multipliers[] = { "half",  "twice", "double",   "triple",   "thrice", "quarter",
					   "third", "tenth", "times",    "multiple", "fraction",
					   /* these only with "of": "the square of the", not
					    * "root mean square charge radius" */
					   "square", "cube", "inverse", "reciprocal", "sqrt", "root" };
#define MULTIPLIERS_OF 11 /* the first that needs "of" */

/* s[lo..e) ends in a multiplier and up to three articles or "of" ("half
 * the", "the square of the"): that text into out. */
static void multiplier_before(const char *s, size_t lo, size_t e, char *out, size_t n)
{
	size_t end = e, words;
	int of = 0;

	for (words = 0; words < 4 && e > lo; words++) {
		size_t b = e, l, k;

		while (b > lo && is_ascii_word_char(s[b - 1]))
			b--;
		l = e - b;
		if (!l || (b > lo && s[b - 1] == '-'))
			return; /* "root-mean-square": a word of a compound */
		for (k = 0; k < sizeof(multipliers) / sizeof(multipliers[0]); k++)
			if (strlen(multipliers[k]) == l && same_ci(s + b, multipliers[k], l) && (k < MULTIPLIERS_OF || of)) {
				pk_str_ncopy(out, n, s + b, end - b);
				return;
			}
		of |= l == 2 && same_ci(s + b, "of", 2);
		if (!((l == 3 && same_ci(s + b, "the", 3)) || (l == 2 && same_ci(s + b, "of", 2)) ||
		      (l == 1 && same_ci(s + b, "a", 1)) || (l == 2 && same_ci(s + b, "an", 2))))
			return;
		e = b;
		while (e > lo && s[e - 1] == ' ')
			e--;
	}
}

/* The word of s[lo..a) just before position a, if it is a qualifier. */
static void qualifier_before(const char *s, size_t lo, size_t a, char *out, size_t n)
{
	size_t e = a, b, k;

	out[0] = '\0';
	while (e > lo && s[e - 1] == ' ')
		e--;
	for (k = 0; k < sizeof(qualifiers) / sizeof(qualifiers[0]); k++) {
		size_t l = strlen(qualifiers[k]);

		b = e >= l ? e - l : 0;
		if (e >= lo + l && same_ci(s + b, qualifiers[k], l) &&
		    ((unsigned char)qualifiers[k][0] >= 0x80 || b == lo || !is_ascii_word_char(s[b - 1]))) {
			snprintf(out, n, "%s", qualifiers[k]);
			return;
		}
	}
	multiplier_before(s, lo, e, out, n);
}

/* Try resolving s[a..b) (trimmed, without wrapping punctuation). */
static int resolve_alt(kg_txn *t, const char *q, size_t a, size_t b, phrase_hit *f)
{
	if (query_resolve_flags(t, q, QUERY_EXACT_ONLY, &f->ts) < 0) {
		pk_error_clear();
		return 0; /* not a name (e.g. invalid text): keep looking */
	}
	if (!f->ts.n)
		return 0;
	f->a = a;
	f->b = b;
	pk_utf8_copy(f->query, sizeof(f->query), q);
	return 1;
}

/* Drop a leading article ("the ", "a ", "an "). */
static const char *skip_article(const char *q)
{
	if (!strncmp(q, "the ", 4))
		return q + 4;
	if (!strncmp(q, "an ", 3))
		return q + 3;
	if (!strncmp(q, "a ", 2))
		return q + 2;
	return q;
}

/* Try resolving s[a..b) (trimmed, without wrapping punctuation), and the
 * ways prose words CODATA's and NIST's names: "mass of the electron" is
 * the "electron mass", "proton-to-electron mass ratio" the "proton-
 * electron mass ratio", "the mass of a ¹H atom" the relative atomic mass
 * of H-1. */
static int try_phrase(kg_txn *t, const char *s, size_t a, size_t b, phrase_hit *f)
{
	static const char *const conditions[] = { "direct ", "indirect ", "fundamental ", "optical ",
						  "experimental ", "measured ", "直接", "间接" };
	char buf[CONTEXT_MAX + 8], alt[2 * CONTEXT_MAX + 32];
	char *of, *to;
	size_t l;

	while (a < b && (s[a] == ' ' || s[a] == '(' || s[a] == '"' || s[a] == '\''))
		a++;
	while (b > a && (s[b - 1] == ' ' || s[b - 1] == '"' || s[b - 1] == '\'' || s[b - 1] == ','))
		b--;
	/* ")" closes "(k_B)" but belongs to "... (273.15 K, 101.325 kPa)" */
	if (b > a && s[b - 1] == ')' && !memchr(s + a, '(', b - a))
		b--;
	if (b <= a || b - a > CONTEXT_MAX)
		return 0;
	/* a name has a letter (or a character beyond ASCII: "ħ", "光速"):
	 * "6.674 ± 6.674 ± ..." names nothing, and is not looked up */
	{
		size_t k;

		for (k = a; k < b; k++) {
			unsigned char c = (unsigned char)s[k];
			int32_t cp;
			int cl;

			if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
				break;
			if (c < 0x80 || (cl = pk_utf8_decode(s + k, b - k, &cp)) <= 0)
				continue;
			if (utf8proc_category(cp) >= UTF8PROC_CATEGORY_LU && utf8proc_category(cp) <= UTF8PROC_CATEGORY_LO)
				break;
			k += (size_t)cl - 1;
		}
		if (k == b)
			return 0;
	}
	pk_str_ncopy(buf, sizeof(buf), s + a, b - a);
	/* "a direct band gap of 1.424 eV", "the measured band gap": the word
	 * states a condition of the value (read from the clause), and the
	 * quantity is the rest; "direct band gap" alone names MP's flag */
	{
		size_t k;

		for (k = 0; k < sizeof(conditions) / sizeof(conditions[0]); k++)
			if (((unsigned char)buf[0] | 0x20) == ((unsigned char)conditions[k][0] | 0x20) &&
			    !strncasecmp(buf, conditions[k], strlen(conditions[k])) &&
			    resolve_alt(t, buf + strlen(conditions[k]), a, b, f))
				return 1;
	}
	/* Chinese puts the condition inside: "Si的计算带隙", "GaAs的直接带隙" */
	{
		static const char *const zh[] = { "计算", "实验", "理论", "测量", "直接", "间接", "室温" };
		size_t k, wide = 0;

		/* (none of them in ASCII text) */
		for (k = 0; buf[k] && !wide; k++)
			wide = (unsigned char)buf[k] >= 0x80;
		for (k = 0; wide && k < sizeof(zh) / sizeof(zh[0]); k++) {
			char *p = strstr(buf, zh[k]);

			if (p && p > buf) {
				snprintf(alt, sizeof(alt), "%.*s%s", (int)(p - buf), buf, p + strlen(zh[k]));
				if (resolve_alt(t, alt, a, b, f))
					return 1;
			}
		}
	}
	if (resolve_alt(t, buf, a, b, f))
		return 1;
	l = strlen(buf);
	if (l > 1 && buf[l - 1] == '.') {
		/* a final period may end the sentence or the abbreviation "mom." */
		buf[--l] = '\0';
		if (resolve_alt(t, buf, a, b, f))
			return 1;
	}
	/* "muon g-factor", "Stefan-Boltzmann": a hyphen between letters
	 * where the name has a blank ("muon g factor") */
	{
		char *h = strchr(buf, '-');

		if (h && h > buf && isalpha((unsigned char)h[-1]) && isalpha((unsigned char)h[1])) {
			size_t k;

			pk_str_copy(alt, sizeof(alt), buf);
			for (k = 1; alt[k] && alt[k + 1]; k++)
				if (alt[k] == '-' && isalpha((unsigned char)alt[k - 1]) && isalpha((unsigned char)alt[k + 1]))
					alt[k] = ' ';
			if (resolve_alt(t, alt, a, b, f))
				return 1;
		}
	}
	/* "proton-to-electron mass ratio" -> "proton-electron mass ratio" */
	if ((to = strstr(buf, "-to-"))) {
		snprintf(alt, sizeof(alt), "%.*s-%s", (int)(to - buf), buf, to + 4);
		if (resolve_alt(t, alt, a, b, f))
			return 1;
	}
	/* the owner named apart from the quantity: a possessive ("silicon's
	 * band gap", "the electron’s mass") or "has a" ("the electron has a
	 * mass of", "chlorine has an atomic weight of"): "Q of X", then "X Q"
	 * (the owner one word) */
	{
		static const char *const links[] = { "'s ", "\xe2\x80\x99s ", " has a ", " has an ", " have a ", " have an " };
		size_t k;

		for (k = 0; k < sizeof(links) / sizeof(links[0]); k++) {
			char *ps = strstr(buf, links[k]);
			const char *qty;
			size_t pl = strlen(links[k]), ol, c;

			if (!ps || ps == buf || !ps[pl])
				continue;
			ol = (size_t)(ps - buf);
			for (c = 0; c < ol && (((unsigned char)buf[c] | 0x20) >= 'a' && ((unsigned char)buf[c] | 0x20) <= 'z'); c++)
				;
			if (c < ol)
				continue; /* the owner a word of letters ("mp-149", "Fe (P6_3/mmc)": a material's own phrases) */
			/* "has a direct band gap": the condition is the clause's */
			qty = ps + pl;
			for (c = 0; c < sizeof(conditions) / sizeof(conditions[0]); c++)
				if (!strncasecmp(qty, conditions[c], strlen(conditions[c])) && qty[strlen(conditions[c])]) {
					qty += strlen(conditions[c]);
					break;
				}
			snprintf(alt, sizeof(alt), "%s of %.*s", qty, (int)ol, buf);
			if (resolve_alt(t, alt, a, b, f))
				return 1;
			snprintf(alt, sizeof(alt), "%.*s %s", (int)ol, buf, qty);
			if (resolve_alt(t, alt, a, b, f))
				return 1;
		}
	}
	/* "mass of a ¹H atom", "the mass of one carbon-12 atom" -> the isotope's relative atomic mass */
	if (!strncmp(buf, "mass of ", 8) && l > 13 && !strcmp(buf + l - 5, " atom")) {
		const char *x = skip_article(buf + 8);

		if (!strncmp(x, "one ", 4))
			x += 4;
		if (*x == '^')
			x++; /* "¹H" is normalised to "^1H" */
		snprintf(alt, sizeof(alt), "relative atomic mass of %.*s", (int)(buf + l - 5 - x), x);
		if (resolve_alt(t, alt, a, b, f))
			return 1;
	}
	/* "mass of the electron" is CODATA's "electron mass": P of [the] Q -> Q P */
	if ((of = strstr(buf, " of "))) {
		snprintf(alt, sizeof(alt), "%s %.*s", skip_article(of + 4), (int)(of - buf), buf);
		if (resolve_alt(t, alt, a, b, f))
			return 1;
	}
	return 0;
}

/* Cut points of s[a..b): after each blank, and between CJK characters. */
static size_t cut_points(const char *s, size_t a, size_t b, size_t *cuts, size_t max)
{
	size_t n = 0, i = a;

	cuts[n++] = a;
	while (i < b && n < max) {
		int32_t cp;
		int k = pk_utf8_decode(s + i, b - i, &cp);

		if (k < 0)
			k = 1;
		if (s[i] == ' ' && i + 1 < b)
			cuts[n++] = i + 1;
		else if (pk_text_is_han(cp) && i + (size_t)k < b && i > a)
			cuts[n++] = i;
		/* "普朗克常数h =", "万有引力常数G =": a symbol glued after the name */
		if (pk_text_is_han(cp) && i + (size_t)k < b && isalpha((unsigned char)s[i + (size_t)k]) && n < max)
			cuts[n++] = i + (size_t)k;
		i += (size_t)k;
	}
	return n;
}

/* A token that reads as a symbol: short, with '_', '^', a capital, a
 * Greek letter, or a single letter ("k_B", "T", "c^2", "ν"). */
static int symbolic_token(const char *s, size_t n)
{
	size_t i;

	int32_t cp;
	int k;

	if (n == 0 || n > 6)
		return 0;
	for (i = 0; i < n; i += (size_t)k) {
		if ((k = pk_utf8_decode(s + i, n - i, &cp)) <= 0 || pk_text_is_han(cp))
			return 0; /* Chinese is a name, never a symbol */
	}
	if (!isalpha((unsigned char)s[0]) && (unsigned char)s[0] < 0x80)
		return 0; /* "=", "(": punctuation, not a symbol */
	if (n == 1 || (n == 2 && (unsigned char)s[0] >= 0x80))
		return 1;
	for (i = 0; i < n; i++)
		if (s[i] == '_' || s[i] == '^' || (s[i] >= 'A' && s[i] <= 'Z') || (unsigned char)s[i] >= 0x80)
			return 1;
	return 0;
}

/* Two to four symbolic tokens separated by blanks. */
static int symbolic_expression(const char *s, size_t n)
{
	size_t i = 0, tokens = 0;

	while (i < n) {
		size_t j = i;

		while (j < n && s[j] != ' ')
			j++;
		if (!symbolic_token(s + i, j - i) || ++tokens > 4)
			return 0;
		i = j;
		while (i < n && s[i] == ' ')
			i++;
	}
	return tokens >= 2;
}

static int is_space(char c)
{
	return c == ' ' || c == '\t';
}

static size_t skip_hedges_back(const char *s, size_t b)
{
#define W(s) PK_LIT(s)
	static const pk_lit hedges[] = { W("approximately"), W("precisely"), W("roughly"), W("around"), W("nearly"),
					W("exactly"), W("about"), W("close to"), W("circa"), W("some"), W("ca."), W("大约"),
					W("大概"), W("近似"), W("约"), W("恰好"), W("精确") };
#undef W
	size_t k;
	int again = 1;

	while (again) {
		again = 0;
		while (b > 0 && is_space(s[b - 1]))
			b--;
		for (k = 0; k < sizeof(hedges) / sizeof(hedges[0]); k++) {
			const char *h = hedges[k].s;
			size_t l = hedges[k].len;

			if (ends_with_ci(s + b, b, &hedges[k]) &&
			    (!is_ascii_word_char(h[0]) || b == l || !is_ascii_word_char(s[b - l - 1]))) {
				b -= l;
				again = 1;
				break;
			}
		}
	}
	return b;
}

/* "the proton is 1836 times heavier than the electron": a mass ratio,
 * CODATA's "proton-electron mass ratio". Fills f (the phrase is the
 * subject's span) and returns 1 when the pattern is there and resolves. */
static int times_ratio(kg_txn *t, const char *s, size_t n, size_t lo, const qn_number *num, phrase_hit *f)
{
	static const char *const forms[] = { " times heavier than ", " times more massive than ", " times as heavy as ",
					     " times the mass of ", " times as massive as " };
	size_t i, k, xa, xb, ya, yb, l = 0;
	char q[CONTEXT_MAX + 32];

	for (k = 0; k < sizeof(forms) / sizeof(forms[0]); k++) {
		l = strlen(forms[k]);
		if (num->end + l <= n && !strncasecmp(s + num->end, forms[k], l))
			break;
	}
	if (k == sizeof(forms) / sizeof(forms[0]))
		return 0;
	/* the object: words up to punctuation or the sentence's end */
	ya = num->end + l;
	ya += !strncmp(s + ya, "the ", 4) ? 4 : !strncmp(s + ya, "an ", 3) ? 3 : !strncmp(s + ya, "a ", 2) ? 2 : 0;
	for (yb = ya; yb < n && yb - ya < 40 && (isalpha((unsigned char)s[yb]) || s[yb] == ' ' || s[yb] == '-'); yb++)
		;
	while (yb > ya && s[yb - 1] == ' ')
		yb--;
	/* the subject: "X is" / "X was" right before the number */
	xb = skip_hedges_back(s, num->start);
	if (xb < lo)
		return 0;
	if (xb >= lo + 3 && !strncmp(s + xb - 3, " is", 3))
		xb -= 3;
	else if (xb >= lo + 4 && !strncmp(s + xb - 4, " was", 4))
		xb -= 4;
	else
		return 0;
	for (xa = xb; xa > lo && xb - xa < 40 && (isalpha((unsigned char)s[xa - 1]) || s[xa - 1] == '-'); xa--)
		;
	if (xa == xb || yb == ya)
		return 0;
	snprintf(q, sizeof(q), "%.*s-%.*s mass ratio", (int)(xb - xa), s + xa, (int)(yb - ya), s + ya);
	for (i = 0; q[i]; i++)
		q[i] = (char)tolower((unsigned char)q[i]);
	return resolve_alt(t, q, xa, yb, f);
}

/* The quantity named before position `end` (left context), longest suffix first. */
/* The quantity named by a suffix of s[a, b), longest first (find_left). */
static int left_phrase_now(kg_txn *t, const char *s, size_t a, size_t b, phrase_hit *f)
{
	size_t cuts[MAX_CUTS], nc, i;

	nc = cut_points(s, a, b, cuts, MAX_CUTS);
	for (i = 0; i < nc; i++) {
		size_t ca = cuts[i];

		strip_head(s, &ca, b);
		if (ca < b && try_phrase(t, s, ca, b, f)) {
			qualifier_before(s, a, f->a, f->qualifier, sizeof(f->qualifier));
			return 1;
		}
		/* "k_B T ≈ 25.9 meV", "m_e c^2 = 0.511 MeV": an expression in the
		 * text's own symbols, not the constant its last letter names */
		if (ca < b && symbolic_expression(s + ca, b - ca)) {
			query_targets_release(&f->ts);
			f->a = ca;
			f->b = b;
			f->query[0] = '\0';
			return 1;
		}
	}
	return 0;
}

/* ---- phrase searches remembered -----------------------------------------
 * A search for the name in a window of prose (left_phrase's suffixes,
 * find_right's prefixes) reads only the window's bytes and the graph: what
 * a window names is remembered with the read transaction's resolutions
 * (query_phrase_memo), as they are, under 'L' or 'R' and the bytes. A
 * recalled search sets f as the search would: its span, query and (left)
 * qualifier; f->ts, which no caller reads after a search, stays empty. */
enum { PH_NONE, PH_NAME, PH_SYMBOLIC };

typedef struct phrase_key {
	pk_memo *m;
	uint64_t h;
	size_t len;
	char k[CONTEXT_MAX + 1];
} phrase_key;

/* The key of window s[a..b) searched in direction dir; 0 when the window
 * is not remembered (no memo, or longer than a search reads). */
static int phrase_key_of(kg_txn *t, char dir, const char *s, size_t a, size_t b, phrase_key *pk)
{
	pk->m = NULL;
	if (b - a > CONTEXT_MAX || !(pk->m = query_phrase_memo(t)))
		return 0;
	pk->k[0] = dir;
	memcpy(pk->k + 1, s + a, b - a);
	pk->len = b - a + 1;
	pk->h = pk_hash_mem(pk->k, pk->len);
	return 1;
}

/* A search of the window at a remembered: 1 (*hit its answer, f set), or 0. */
static int phrase_recall(const phrase_key *pk, size_t a, phrase_hit *f, int *hit)
{
	const unsigned char *v;
	const char *q;
	size_t vl;

	if (!(v = pk_memo_get(pk->m, pk->h, pk->k, pk->len, &vl)) || vl < 1)
		return 0;
	*hit = v[0] != PH_NONE;
	if (!*hit)
		return 1;
	query_targets_release(&f->ts);
	f->a = a + ((size_t)v[1] | (size_t)v[2] << 8);
	f->b = a + ((size_t)v[3] | (size_t)v[4] << 8);
	q = (const char *)v + 5;
	pk_str_copy(f->query, sizeof(f->query), q);
	if (v[0] == PH_NAME && pk->k[0] == 'L')
		pk_str_copy(f->qualifier, sizeof(f->qualifier), q + strlen(q) + 1);
	return 1;
}

static void phrase_remember(const phrase_key *pk, size_t a, int hit, const phrase_hit *f)
{
	unsigned char v[5 + sizeof(f->query) + sizeof(f->qualifier)];
	size_t vl = 1, ql, fl;

	v[0] = !hit ? PH_NONE : f->query[0] ? PH_NAME : PH_SYMBOLIC;
	if (hit) {
		v[1] = (unsigned char)((f->a - a) & 0xff);
		v[2] = (unsigned char)((f->a - a) >> 8);
		v[3] = (unsigned char)((f->b - a) & 0xff);
		v[4] = (unsigned char)((f->b - a) >> 8);
		ql = strnlen(f->query, sizeof(f->query) - 1);
		fl = strnlen(f->qualifier, sizeof(f->qualifier) - 1);
		memcpy(v + 5, f->query, ql);
		v[5 + ql] = '\0';
		memcpy(v + 6 + ql, f->qualifier, fl);
		v[6 + ql + fl] = '\0';
		vl = 7 + ql + fl;
	}
	pk_memo_put(pk->m, pk->h, pk->k, pk->len, v, vl);
}

/* The quantity named by a suffix of s[a, b), longest first, remembered. */
static int left_phrase(kg_txn *t, const char *s, size_t a, size_t b, phrase_hit *f)
{
	phrase_key pk;
	int hit;

	if (!phrase_key_of(t, 'L', s, a, b, &pk))
		return left_phrase_now(t, s, a, b, f);
	if (phrase_recall(&pk, a, f, &hit))
		return hit;
	hit = left_phrase_now(t, s, a, b, f);
	phrase_remember(&pk, a, hit, f);
	return hit;
}

static int find_left(kg_txn *t, const char *s, size_t n, size_t lo, size_t end, phrase_hit *f)
{
	size_t a, b = end, i;

	a = end > CONTEXT_MAX ? end - CONTEXT_MAX : 0;
	if (a < lo)
		a = lo;
	for (i = end; i > a; i--) {
		int l = qv_is_boundary_at(s, n, i - 1);

		if (l) {
			a = i - 1 + (size_t)l;
			break;
		}
	}
	strip_tail(s, a, &b);
	if (b <= a)
		return 0;
	{
		int hit = left_phrase(t, s, a, b, f);
		size_t p = b - 1, depth = 0;

		/* "the band gap of silicon (at 300 K) is", "... silicon (Si) is",
		 * "the electron mass (in SI units) is": a name found inside a
		 * parenthesis that ends the window ("K", "Si"), or none, is an
		 * aside's; the name is the one before it */
		if (s[b - 1] != ')')
			return hit;
		for (; p > a; p--) {
			depth += s[p] == ')';
			if (s[p] == '(' && --depth == 0)
				break;
		}
		if (s[p] != '(' || (hit && f->a < p))
			return hit;
		query_targets_release(&f->ts);
		memset(f, 0, sizeof(*f));
		while (p > a && s[p - 1] == ' ')
			p--;
		strip_tail(s, a, &p);
		return p > a && left_phrase(t, s, a, p, f);
	}
}

/* The quantity named after position `start` (right context), longest prefix first. */
static int find_right(kg_txn *t, const char *s, size_t n, size_t start, phrase_hit *f)
{
	size_t a = start, b, cuts[MAX_CUTS], nc, i;
	phrase_key pk;
	int hit;

	b = start + CONTEXT_MAX < n ? start + CONTEXT_MAX : n;
	for (i = a; i < b; i++)
		if (qv_is_boundary_at(s, n, i)) {
			b = i;
			break;
		}
	strip_head(s, &a, b);
	if (b <= a)
		return 0;
	if (phrase_key_of(t, 'R', s, a, b, &pk) && phrase_recall(&pk, a, f, &hit))
		return hit;
	nc = cut_points(s, a, b, cuts, MAX_CUTS);
	/* prefixes end at the cut points (and at b), longest first */
	for (i = nc, hit = 0; i > 0 && !hit; i--) {
		size_t e = i == nc ? b : cuts[i];

		hit = e > a && try_phrase(t, s, a, e, f);
	}
	if (pk.m)
		phrase_remember(&pk, a, hit, f);
	return hit;
}

/* ---- mentions --------------------------------------------------------- */


/* The unit after a number: one optional blank, then the longest unit;
 * *unread gets the length of unit-like text that cannot be read. */
static size_t unit_after(const query_units *u, const char *s, size_t n, size_t end, qu_unit *unit,
			 size_t *ustart, size_t *unread)
{
	size_t p = end, dummy;

	if (!unread)
		unread = &dummy;
	*unread = 0;
	if (p < n && is_space(s[p]))
		p++;
	*ustart = p;
	if (p >= n)
		return 0;
	return query_units_scan_checked(u, s + p, n - p, unit, unread);
}

/* Systems of units that give a bare number another unit than SI's. */
static const char *const unit_systems[] = { "cgs", "gaussian", "atomic unit", "a.u.", "natural unit",
					    "planck unit", "hartree unit", "rydberg unit", "geometrized unit",
					    "esu", "emu" };

/* "in " and a unit that ends there (a ')', a ',', a full stop, the
 * sentence's end, or a verb: "(in Å) is", "in km/s is", "0.511 in MeV.", "in units of
 * MeV/c^2"): its length at *us, or 0. Outside parentheses not a one-byte
 * unit nor an element symbol or formula ("in K", "in Ga", "in Pa": a
 * place or a material as often as a unit). */
static size_t unit_after_in(const query_units *u, const char *s, size_t b, size_t i, qu_unit *unit, size_t *us)
{
	static const char *const verbs[] = { " is ", " was ", " are ", " were ", " equals ", " = " };
	size_t p = i + 3, len, unread, e, k;
	pk_formula f;
	int ends;

	if (p + 9 <= b && !strncasecmp(s + p, "units of ", 9))
		p += 9;
	if (p >= b || (len = query_units_scan_checked(u, s + p, b - p, unit, &unread)) == 0 || unread)
		return 0;
	e = p + len;
	ends = e == b || s[e] == ')' || s[e] == ',' || (s[e] == '.' && (e + 1 == b || s[e + 1] == ' '));
	for (k = 0; !ends && k < sizeof(verbs) / sizeof(verbs[0]); k++)
		ends = e + strlen(verbs[k]) <= b && !memcmp(s + e, verbs[k], strlen(verbs[k]));
	if (!ends)
		return 0;
	if (!(i > 0 && s[i - 1] == '(') && (len < 2 || pk_formula_parse(&f, s + p, len) == 0))
		return 0;
	*us = p;
	return len;
}

/* A bare number's unit stated apart from it in its sentence (from `from`
 * on; qv_is_boundary_at), outside the name at [pa, pb): "The Bohr radius (in Å) is 0.529",
 * "the electron mass is 0.511 in MeV": 1, with *unit and its text at
 * [*us, *us + *ul). A system of units named ("1.38e-16 in cgs units",
 * "(Gaussian)", "in atomic units"): 2, its words at [*us, *us + *ul).
 * None: 0. */
static int unit_apart(const query_units *u, const char *s, size_t n, size_t from, const qn_number *num,
		      size_t pa, size_t pb, qu_unit *unit, size_t *us, size_t *ul)
{
	size_t a = num->start, b = num->end, i, k, l;

	while (a > from && num->start - a < 200 && !qv_is_boundary_at(s, n, a - 1))
		a--;
	while (b < n && b - num->end < 200 && !qv_is_boundary_at(s, n, b))
		b++;
	for (i = a; i < b; i++) {
		if ((i >= num->start && i < num->end) || (i >= pa && i < pb))
			continue; /* the number, or the name ("... energy equivalent in MeV") */
		if (i > 0 && (isalnum((unsigned char)s[i - 1]) || (unsigned char)s[i - 1] >= 0x80))
			continue; /* words only, from their start */
		for (k = 0; k < sizeof(unit_systems) / sizeof(unit_systems[0]); k++) {
			l = strlen(unit_systems[k]);
			if (i + l <= b && !strncasecmp(s + i, unit_systems[k], l)) {
				l += i + l < b && s[i + l] == 's'; /* "atomic units" */
				if (i + l == b || !isalnum((unsigned char)s[i + l])) {
					*us = i;
					*ul = l;
					return 2;
				}
			}
		}
		if (i + 3 <= b && !strncasecmp(s + i, "in ", 3) && (l = unit_after_in(u, s, b, i, unit, us)) != 0) {
			*ul = l;
			return 1;
		}
	}
	return 0;
}

/* " has a " or " has an " (or "have") in the few words before s[at]
 * ("has an atomic weight of"), no clause ending between. */
static int has_a_before(const char *s, size_t at)
{
	static const char *const links[] = { " has a ", " has an ", " have a ", " have an " };
	size_t lo = at > 48 ? at - 48 : 0, i, k;

	for (i = at; i > lo; i--) {
		if (s[i - 1] == '.' || s[i - 1] == ',' || s[i - 1] == ';')
			return 0;
		for (k = 0; k < sizeof(links) / sizeof(links[0]); k++) {
			size_t l = strlen(links[k]);

			if (i - 1 + l <= at + 1 && !strncmp(s + i - 1, links[k], l))
				return 1;
		}
	}
	return 0;
}

/* Is the number introduced as a value ("=", "is", "为", "is about",
 * "约为", "is exactly", "a value of")? Words of approximation or
 * exactness between the verb and the number are skipped. */
static int introduced(const char *s, size_t start)
{
	size_t b = skip_hedges_back(s, start > 0 && s[start - 1] == '[' ? start - 1 : start), k;

	if (b > 0 && (s[b - 1] == '=' || s[b - 1] == ':' || s[b - 1] == '~'))
		return 1;
	if (b >= 3 && (!memcmp(s + b - 3, "为", 3) || !memcmp(s + b - 3, "是", 3) || !memcmp(s + b - 3, "：", 3) ||
		       !memcmp(s + b - 3, "≈", 3) || !memcmp(s + b - 3, "∼", 3) || !memcmp(s + b - 3, "≃", 3)))
		return 1;
	{
		static const char *const verbs[] = { "is", "was", "are", "equals", "of", "be" };

		for (k = 0; k < sizeof(verbs) / sizeof(verbs[0]); k++) {
			size_t l = strlen(verbs[k]);

			/* "of" only as "a value of", or after "has a" ("chlorine
			 * has an atomic weight of 35.45") */
			/* (its last byte first: the verbs are lower-case ASCII) */
			if (b >= l && (s[b - 1] | 0x20) == verbs[k][l - 1] && !strncasecmp(s + b - l, verbs[k], l) &&
			    (b == l || s[b - l - 1] == ' ') &&
			    (strcmp(verbs[k], "of") || (b >= l + 6 && !strncasecmp(s + b - l - 6, "value ", 6)) ||
			     has_a_before(s, b - l)))
				return 1;
		}
	}
	return 0;
}

/* "1 eV = 1.602 × 10^-19 J": after "1 U", a verb and a value with a unit
 * of its own. The mention becomes that value, named by "1 U"; its query
 * is the CODATA constant that defines U, if any (else the unit table is
 * the reference). Returns 1 with *m filled and *end after the value. */
static int unit_definition(kg_txn *t, const query_units *u, const char *s, size_t n, const qn_number *one,
			   size_t ustart, size_t ulen, qv_mention *m, size_t *end)
{
	static const char *const verbs[] = { "=", "≈", "is ", "equals ", "等于", "约等于", "是" };
	size_t p = ustart + ulen, k, vstart, vlen;
	qn_number v;
	qu_unit vu;
	const char *codata, *origin;

	(void)t;
	while (p < n && s[p] == ' ')
		p++;
	for (k = 0; k < sizeof(verbs) / sizeof(verbs[0]); k++)
		if (!strncmp(s + p, verbs[k], strlen(verbs[k])))
			break;
	if (k == sizeof(verbs) / sizeof(verbs[0]))
		return 0;
	p += strlen(verbs[k]);
	while (p < n && s[p] == ' ')
		p++;
	if (query_number_next(s, n, p, &v) != 1 || v.start != p)
		return 0;
	vlen = unit_after(u, s, n, v.end, &vu, &vstart, NULL);
	if (!vlen || ulen >= sizeof(m->def_text))
		return 0;
	m->def_unit = m->unit;
	snprintf(m->def_text, sizeof(m->def_text), "%.*s", (int)ulen, s + ustart);
	m->unit_def = 1;
	m->num = v;
	m->unit = vu;
	m->has_unit = 1;
	snprintf(m->unit_text, sizeof(m->unit_text), "%.*s", (int)pk_utf8_cut(s + vstart, vlen, sizeof(m->unit_text) - 1),
		 s + vstart);
	snprintf(m->phrase, sizeof(m->phrase), "%.*s", (int)(ustart + ulen - one->start), s + one->start);
	m->query[0] = '\0';
	if (query_units_definition(u, m->def_text, strlen(m->def_text), &codata, &origin)) {
		if (codata)
			snprintf(m->query, sizeof(m->query), "%s", codata);
		snprintf(m->def_origin, sizeof(m->def_origin), "%s", origin);
	}
	*end = vstart + vlen;
	return 1;
}

/* A number in parentheses before the value it belongs with is part of a
 * name or a condition ("molar volume of ideal gas (273.15 K, 101.325 kPa)
 * is 22.41 L/mol"), not a value of its own. */
static int condition_in_name(const query_units *u, const char *s, size_t n, size_t lo, const qn_number *num)
{
	size_t i, close;
	qn_number next;
	qu_unit unit;
	size_t ustart;

	/* every scan stays within CONTEXT_MAX bytes: long hostile runs of
	 * numbers must not make this quadratic */
	if (num->start > lo + CONTEXT_MAX)
		lo = num->start - CONTEXT_MAX;
	for (i = num->start; i > lo; i--) {
		if (s[i - 1] == ')' || qv_is_boundary_at(s, n, i - 1))
			return 0;
		if (s[i - 1] == '(')
			break;
	}
	if (i == lo)
		return 0;
	for (close = num->end; close < n && close < num->end + CONTEXT_MAX && s[close] != ')'; close++)
		if (s[close] == '(' || qv_is_boundary_at(s, n, close))
			return 0;
	if (close >= n || s[close] != ')')
		return 0;
	/* is there a value with a unit after the parentheses, in the sentence? */
	{
		size_t limit = close + CONTEXT_MAX < n ? close + CONTEXT_MAX : n, k = close;

		for (i = close; i < limit && query_number_next(s, limit, i, &next) == 1; i = next.end) {
			/* "Ge (0.66 eV) is below that of GaAs (1.42 eV)": a value in
			 * parentheses of its own after it is a second value, not
			 * the one this parenthesis qualifies */
			for (; k < next.start; k++)
				if (qv_is_boundary_at(s, n, k) || (k > close && s[k] == '('))
					return 0;
			/* "Sackur-Tetrode constant (1 K, 100 kPa) is -1.1517": a value
			 * introduced after the parentheses */
			if (unit_after(u, s, n, next.end, &unit, &ustart, NULL) > 0 || introduced(s, next.start))
				return 1;
		}
	}
	return 0;
}

static int is_temperature(const qu_unit *u)
{
	static const qu_dim k = { { 0, 0, 0, 0, 1, 0, 0 } };

	return !memcmp(&u->dim, &k, sizeof(k));
}

/* "the band gap of silicon at 300 K is 1.12 eV", "1.17 eV at 0 K", "在
 * 300 K 时": a temperature after "at" is the condition of another value
 * with a unit in its sentence (prev: the mention before, or NULL), not a
 * value of its own, and does not take that value's name. "Silicon melts
 * at 1687 K", alone in its sentence, is still read. */
static int temperature_condition(const query_units *u, const char *s, size_t n, const qn_number *num,
				 const qu_unit *unit, const qv_mention *prev, const char *prev_end_text)
{
	size_t b = num->start, i, limit, k;
	qn_number next;
	qu_unit nu;
	size_t ustart;

	if (!is_temperature(unit))
		return 0;
	while (b > 0 && s[b - 1] == ' ')
		b--;
	if (!((b >= 2 && !strncasecmp(s + b - 2, "at", 2) && (b == 2 || !isalpha((unsigned char)s[b - 3]))) ||
	      (b >= 3 && !memcmp(s + b - 3, "\xe5\x9c\xa8", 3)))) /* 在 */
		return 0;
	/* the value before it, in the same sentence */
	if (prev && prev->has_unit && !is_temperature(&prev->unit) && prev_end_text) {
		for (k = (size_t)(prev_end_text - s); k < num->start; k++)
			if (qv_is_boundary_at(s, n, k))
				break;
		if (k == num->start)
			return 1;
	}
	/* or a value after it */
	limit = num->end + CONTEXT_MAX < n ? num->end + CONTEXT_MAX : n;
	for (i = num->end, k = num->end; i < limit && query_number_next(s, limit, i, &next) == 1; i = next.end) {
		for (; k < next.start; k++)
			if (qv_is_boundary_at(s, n, k))
				return 0;
		if (unit_after(u, s, n, next.end, &nu, &ustart, NULL) > 0 && !is_temperature(&nu))
			return 1;
	}
	return 0;
}

/* Could a quantity's name end right before `start` (as adjacent() will
 * require)? Not after a digit or sentence punctuation ("1974;109(6):889",
 * "[3]", "(2023)" after "et al."). */
static int after_name(const char *s, size_t lo, size_t start)
{
	size_t i = start, k = 0;
	unsigned char c;

	while (i > lo && k < 3 && (s[i - 1] == ' ' || s[i - 1] == ':' || s[i - 1] == '('))
		i--, k++;
	if (i == lo)
		return 0;
	c = (unsigned char)s[i - 1];
	if ((c >= '0' && c <= '9') || strchr(".,;[]!?-+/*%&|<>#", c))
		return 0;
	return 1;
}

/* Is the number alone in parentheses glued to the word before it: "H(1)",
 * "HT(2)", "α(0)"? (With a blank, "the Planck constant (6.626e-34 J s)",
 * it may be the value; and Chinese, written without blanks, glues every
 * parenthesis: "精细结构常数的倒数(137.036)" is read.) */
static int index_in_parens(const char *s, size_t n, const qn_number *num)
{
	size_t a = num->start;
	unsigned char c;

	if (a < 2 || s[a - 1] != '(' || num->end >= n || s[num->end] != ')')
		return 0;
	c = (unsigned char)s[a - 2];
	if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))
		return 1;
	/* a letter of two bytes (Greek, Cyrillic, Latin with accents) */
	return c >= 0x80 && c < 0xc0 && a >= 3 && (unsigned char)s[a - 3] >= 0xc2 && (unsigned char)s[a - 3] < 0xe0;
}

/* Only blanks or a colon between the phrase and the number. */
static int adjacent(const char *s, size_t phrase_end, size_t start)
{
	size_t i;

	if (phrase_end > start || start - phrase_end > 3)
		return 0;
	for (i = phrase_end; i < start; i++)
		if (s[i] != ' ' && s[i] != ':' && s[i] != '(')
			return 0;
	return 1;
}

/* Is m a year in parentheses after a name, with no unit: "Herrera D
 * (2013)", "Smith, J. (2019a)"? Not a value of deuterium or of boron
 * phosphide. */
static int year_marker(const pk_normtext *nt, const qv_mention *m)
{
	const char *t = nt->text.ptr;
	size_t a = m->num.start, b = m->num.end, k;

	if (m->has_unit || m->num.has_unc || m->num.is_range || m->num.has_exponent || b != a + 4 ||
	    m->num.value < 1800 || m->num.value > 2099 || m->num.value != (double)(int)m->num.value)
		return 0;
	for (k = a; k < b; k++)
		if (t[k] < '0' || t[k] > '9')
			return 0;
	if (a < 2 || t[a - 1] != '(')
		return 0;
	if (b < nt->text.len && t[b] >= 'a' && t[b] <= 'z') /* 2019a */
		b++;
	if (b >= nt->text.len || (t[b] != ')' && t[b] != ','))
		return 0;
	/* after a name: a letter or an initial's full stop */
	for (k = a - 1; k > 0 && t[k - 1] == ' '; k--)
		;
	return k > 0 && ((t[k - 1] >= 'A' && t[k - 1] <= 'Z') || (t[k - 1] >= 'a' && t[k - 1] <= 'z') || t[k - 1] == '.');
}

int qv_mention_of_reference(const pk_normtext *nt, const qv_mention *m)
{
	const char *t = nt->text.ptr;
	size_t a = m->num.start;

	/* a page range after a volume, with no unit: "Z Naturforsch [C]
	 * 42:47-63" is no band gap of carbon */
	if (!m->has_unit && m->num.is_range && a >= 2 && t[a - 1] == ':' && t[a - 2] >= '0' && t[a - 2] <= '9')
		return 1;
	return year_marker(nt, m);
}

/* What follows a value that continues a list: "for Si", "in GaAs" (the
 * material into out, 1), nothing of the kind (out "", 1), or "for the
 * proton", "of the laser" (another subject the last value's name does
 * not lead to: 0). */
static int subject_after(const char *s, size_t n, size_t at, char *out, size_t on)
{
	size_t i = at, j;

	out[0] = '\0';
	while (i < n && s[i] == ' ')
		i++;
	/* "1.42 eV (GaAs)" */
	if (i < n && s[i] == '(' && i + 1 < n && s[i + 1] >= 'A' && s[i + 1] <= 'Z') {
		for (j = i + 1; j < n && j - i < 17 && isalnum((unsigned char)s[j]); j++)
			;
		if (j < n && s[j] == ')' && j - i - 1 < on) {
			snprintf(out, on, "%.*s", (int)(j - i - 1), s + i + 1);
			return 1;
		}
	}
	if (!((i + 4 <= n && !strncmp(s + i, "for ", 4)) || (i + 3 <= n && !strncmp(s + i, "in ", 3)) ||
	      (i + 3 <= n && !strncmp(s + i, "of ", 3))))
		return 1;
	i += s[i] == 'f' ? 4 : 3;
	for (j = i; j < n && j - i < 16 && isalnum((unsigned char)s[j]); j++)
		;
	if (j == i || !(s[i] >= 'A' && s[i] <= 'Z') || (j < n && isalnum((unsigned char)s[j])) || j - i >= on)
		return 0;
	snprintf(out, on, "%.*s", (int)(j - i), s + i);
	return 1;
}

/* Is s[a, b) what joins two values of one list: "and", "or", ",", "vs.",
 * "for GaAs and", "in Si, and" (at most four words, none of them a
 * verb or a name of anything but a material: each short, and none
 * longer than a formula)? */
static int list_gap(const char *s, size_t a, size_t b)
{
	static const char *const joins[] = { "and", "or", "for", "in", "of", "at", "vs", "vs.", "versus", "while",
					     "whereas", "compared", "to", "with", "respectively" };
	size_t i = a, words = 0, joined = 0;

	if (b <= a || b - a > 40)
		return 0;
	while (i < b) {
		size_t j, k;

		while (i < b && (s[i] == ' ' || s[i] == ',' || s[i] == ';' || s[i] == '(' || s[i] == ')'))
			i++;
		if (i >= b)
			break;
		for (j = i; j < b && s[j] != ' ' && s[j] != ',' && s[j] != ';' && s[j] != '(' && s[j] != ')'; j++)
			if ((unsigned char)s[j] >= 0x80 || (s[j] == '.' && j + 1 < b && s[j + 1] != ' '))
				return 0; /* not plain words ("约", a number) */
		if (++words > 4)
			return 0;
		for (k = 0; k < sizeof(joins) / sizeof(joins[0]); k++)
			if (strlen(joins[k]) == j - i && !strncasecmp(s + i, joins[k], j - i))
				break;
		if (k < sizeof(joins) / sizeof(joins[0]))
			joined++;
		else if (!((s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= '0' && s[i] <= '9')) || j - i > 8)
			return 0; /* a word that is no formula, symbol or number ("emits", "laser") */
		i = j;
	}
	return joined > 0;
}

int query_value_mentions(kg_txn *t, const query_units *u, const pk_normtext *nt, qv_mention **out,
			 size_t *count)
{
	return query_value_mentions_skip(t, u, nt, NULL, 0, out, count);
}

int query_value_mentions_skip(kg_txn *t, const query_units *u, const pk_normtext *nt, const size_t (*skip)[2],
			      size_t nskip, qv_mention **out, size_t *count)
{
	const char *s = nt->text.ptr;
	size_t n = nt->text.len, from = 0, prev_end = 0, cap = 0, examined = 0, sk = 0;
	qv_mention *v = NULL;
	qn_number num;
	int rc = 0;

	*out = NULL;
	*count = 0;
	while (query_number_next(s, n, from, &num) == 1) {
		qv_mention m;
		size_t ustart, ulen, unread, glued;
		phrase_hit f;
		int named;

		/* bounded work on hostile text: numbers looked at, mentions kept */
		if (++examined > QV_NUMBERS_MAX || *count == QV_MENTIONS_MAX)
			break;
		from = num.end;
		while (sk < nskip && skip[sk][1] <= num.start)
			sk++;
		if (sk < nskip && skip[sk][0] <= num.start) {
			/* inside a span passed over: on after it */
			from = skip[sk][1] > from ? skip[sk][1] : from;
			continue;
		}
		if (condition_in_name(u, s, n, prev_end, &num))
			continue;
		memset(&m, 0, sizeof(m));
		memset(&f, 0, sizeof(f));
		m.num = num;
		ulen = unit_after(u, s, n, num.end, &m.unit, &ustart, &unread);
		m.has_unit = ulen > 0;
		if (m.has_unit && temperature_condition(u, s, n, &num, &m.unit, *count ? &v[*count - 1] : NULL,
							*count ? s + prev_end : NULL))
			continue;
		/* "13C", "235U", "¹H": a mass number glued to an element symbol
		 * names an isotope, not 13 coulombs */
		{
			size_t g = num.end;

			while (g < n && g - num.end < 3 && isalpha((unsigned char)s[g]))
				g++;
			glued = g > num.end && g - num.end <= 2 && !(g < n && isalpha((unsigned char)s[g])) ? g - num.end : 0;
		}
		if (glued && !num.has_exponent && !num.is_range && !memchr(num.text, '.', strlen(num.text)) &&
		    num.value >= 1 && num.value <= 400) {
			char iso[16], key[32];

			snprintf(iso, sizeof(iso), "%.*s", (int)(num.end + glued - num.start), s + num.start);
			if ((rc = query_isotope(t, iso, key, sizeof(key))) < 0) {
				pk_error_clear();
				rc = 0;
			} else if (rc == 1) {
				rc = 0;
				continue;
			}
		}
		/* "1 eV = 1.602e-19 J", "1 atm = 101325 Pa": a unit's definition */
		if (m.has_unit && !strcmp(num.text, "1") &&
		    unit_definition(t, u, s, n, &num, ustart, ulen, &m, &prev_end) == 1) {
			pk_normtext_span(nt, m.num.start, prev_end, &m.start, &m.end);
			pk_normtext_span(nt, num.start, ustart + ulen, &m.qstart, &m.qend);
			from = prev_end;
			goto push;
		}
		if (!m.has_unit && unread) {
			/* a unit we cannot read: kept, named, and never judged */
			m.unit_unread = 1;
			ulen = unread;
		}
		if (ulen)
			pk_str_ncopy(m.unit_text, sizeof(m.unit_text), s + ustart,
				     pk_utf8_cut(s + ustart, ulen, sizeof(m.unit_text) - 1));
		if (m.has_unit || m.unit_unread) {
			named = find_left(t, s, n, prev_end, num.start, &f);
			/* "1.42 eV for GaAs and 1.12 eV for Si", "1.12 and 1.42 eV,
			 * respectively": the next value of a list the last one's
			 * name leads, in the same dimension (before the words after
			 * it are read as a name: "Si" is no atomic weight here) */
			if (!named && m.has_unit && *count && v[*count - 1].phrase[0] && v[*count - 1].query[0] &&
			    (!v[*count - 1].has_unit || qu_dim_eq(&v[*count - 1].unit.dim, &m.unit.dim)) &&
			    list_gap(s, prev_end, num.start) &&
			    subject_after(s, n, ustart + ulen, m.subject, sizeof(m.subject))) {
				const qv_mention *pm = &v[*count - 1];

				m.qstart = pm->qstart;
				m.qend = pm->qend;
				memcpy(m.phrase, pm->phrase, sizeof(m.phrase));
				memcpy(m.query, pm->query, sizeof(m.query));
				memcpy(m.qualifier, pm->qualifier, sizeof(m.qualifier));
				query_targets_release(&f.ts);
				pk_normtext_span(nt, num.start, ustart + ulen, &m.start, &m.end);
				prev_end = ustart + ulen;
				from = prev_end;
				goto push;
			}
			m.subject[0] = '\0';
			if (!named)
				named = (query_targets_release(&f.ts), find_right(t, s, n, ustart + ulen, &f));
			if (m.unit_unread && !named) {
				query_targets_release(&f.ts);
				continue; /* an unreadable unit nothing names: not a value we could check */
			}
		} else {
			/* a bare number counts only right after its name or after
			 * "is", "=": most numbers (years, pages, list labels) are
			 * neither, and need no name search at all */
			int intro = introduced(s, num.start);

			if (intro && times_ratio(t, s, n, prev_end, &num, &f)) {
				named = 1;
				goto take; /* "X is N times heavier than Y" */
			}
			query_targets_release(&f.ts);
			if (!intro && !after_name(s, prev_end, num.start))
				continue;
			/* an index in parentheses glued to a word: "H(1) receptor",
			 * "5-HT(2)", "g(2)" name a subtype or an argument, not
			 * hydrogen's atomic weight */
			if (!intro && index_in_parens(s, n, &num))
				continue;
			named = find_left(t, s, n, prev_end, num.start, &f) ||
				(intro && (query_targets_release(&f.ts), find_right(t, s, n, num.end, &f)));
		}
		if (!ulen && !(named && (introduced(s, num.start) || adjacent(s, f.b, num.start)))) {
			/* a bare number nothing names: a count, a year, a list index */
			query_targets_release(&f.ts);
			continue;
		}
	take:
		/* a bare number: its unit may stand apart ("(in Å)", "in MeV",
		 * "in cgs units"); SI's is not assumed then */
		if (named && !ulen && !m.unit_unread) {
			size_t us = 0, ul = 0;
			int apart = unit_apart(u, s, n, prev_end, &num, f.a, f.b, &m.unit, &us, &ul);

			if (apart == 1) {
				m.has_unit = 1;
				m.unit_apart = 1;
			} else if (apart == 2) {
				memset(&m.unit, 0, sizeof(m.unit));
				m.unit_unread = 1;
			}
			if (apart)
				pk_str_ncopy(m.unit_text, sizeof(m.unit_text), s + us,
					     pk_utf8_cut(s + us, ul, sizeof(m.unit_text) - 1));
		}
		if (named) {
			pk_normtext_span(nt, f.a, f.b, &m.qstart, &m.qend);
			pk_str_ncopy(m.phrase, sizeof(m.phrase), s + f.a, pk_utf8_cut(s + f.a, f.b - f.a, 159));
			memcpy(m.query, f.query, sizeof(m.query));
			memcpy(m.qualifier, f.qualifier, sizeof(m.qualifier));
		}
		query_targets_release(&f.ts);
		pk_normtext_span(nt, num.start, ulen ? ustart + ulen : num.end, &m.start, &m.end);
		prev_end = ulen ? ustart + ulen : num.end;
		from = prev_end;
	push:
		if ((rc = PK_ALLOC_GROW(v, *count + 1, cap, 8)) < 0)
			break;
		v[(*count)++] = m;
	}
	if (rc < 0) {
		pk_free(v);
		*count = 0;
		return rc;
	}
	*out = v;
	return 0;
}

/* Does the clause around the mention (its sentence, up to semicolons)
 * say the value is measured ("experimental", "measured", "observed",
 * "实验", "测量")? */
/* Clause separators: the value belongs to the clause it sits in
 * ("GaAs has a gap of 1.424 eV, whereas silicon has one of 1.12 eV"). */
static size_t clause_mark(const char *s, size_t n, size_t i)
{
#define W(s) PK_LIT(s)
	static const pk_lit marks[] = { W(", whereas "), W(" whereas "), W(", while "), W(", but "), W("; "),
					W(", and "), W("，而"), W("而"), W("但是"), W("；"), W(", compared with "),
					W(" compared to "), W(" unlike ") };
#undef W
	unsigned char c = (unsigned char)s[i];
	size_t k;

	/* every mark starts with one of these bytes: most text is passed at once */
	if (c != ',' && c != ' ' && c != ';' && c != 0xef && c != 0xe8 && c != 0xe4)
		return 0;
	for (k = 0; k < sizeof(marks) / sizeof(marks[0]); k++)
		if ((unsigned char)marks[k].s[0] == c && i + marks[k].len <= n && !memcmp(s + i, marks[k].s, marks[k].len))
			return marks[k].len;
	return 0;
}

void qv_clause_around(const pk_normtext *nt, const qv_mention *m, size_t *a, size_t *b)
{
	const char *s = nt->text.ptr;
	size_t n = nt->text.len, i, l;

	qv_sentence_around(nt, m, a, b);
	for (i = m->num.start; i > *a; i--)
		if ((l = clause_mark(s, n, i - 1)) && i - 1 + l <= m->num.start) {
			*a = i - 1 + l;
			break;
		}
	for (i = m->num.end; i < *b; i++)
		if (clause_mark(s, n, i)) {
			*b = i;
			break;
		}
}

/* The first of stems[] that starts a word in the mention's clause (or
 * sentence): its index + 1, or 0. */
static int stem_in(const pk_normtext *nt, const qv_mention *m, const char *const *stems, size_t nstems, int clause)
{
	const char *s = nt->text.ptr;
	size_t a, b, i, k;
	unsigned char first[256]; /* a byte some stem's first byte test below passes */

	if (clause)
		qv_clause_around(nt, m, &a, &b);
	else
		qv_sentence_around(nt, m, &a, &b);
	memset(first, 0, sizeof(first));
	for (k = 0; k < nstems; k++) {
		unsigned char c = (unsigned char)stems[k][0];

		if (c < 0x80) {
			first[c | 0x20] = 1;
			first[(c | 0x20) & ~0x20] = 1;
		} else {
			first[c] = 1;
		}
	}
	for (i = a; i < b; i++) {
		if (!first[(unsigned char)s[i]])
			continue;
		if (i > a && ((s[i - 1] >= 'a' && s[i - 1] <= 'z') || (s[i - 1] >= 'A' && s[i - 1] <= 'Z')))
			continue; /* only at the start of a word */
		for (k = 0; k < nstems; k++) {
			size_t l;

			/* the first byte decides most: a cheap test before the compare
			 * (past ASCII, strncasecmp compares bytes as they are) */
			if ((unsigned char)stems[k][0] < 0x80 ? (s[i] | 0x20) != (stems[k][0] | 0x20) : s[i] != stems[k][0])
				continue;
			l = strlen(stems[k]);
			if (i + l <= b && !strncasecmp(s + i, stems[k], l))
				return (int)k + 1;
		}
	}
	return 0;
}

static const char *const computed_stems[] = { "DFT", "computed", "calculated", "calculation", "theoretical",
					      "predicted", "first-principles", "first principles", "ab initio", "PBE",
					      "GGA", "LDA", "HSE", "Materials Project", "计算", "理论" };
static const char *const measured_stems[] = { "experiment", "measured", "measurement", "observed", "room temperature",
					      "room-temperature", "实验", "测量", "实测", "室温" };

int qv_measured_in_clause(const pk_normtext *nt, const qv_mention *m)
{
	return stem_in(nt, m, measured_stems, sizeof(measured_stems) / sizeof(measured_stems[0]), 0);
}

int qv_computed_in_clause(const pk_normtext *nt, const qv_mention *m)
{
	return stem_in(nt, m, computed_stems, sizeof(computed_stems) / sizeof(computed_stems[0]), 0);
}

/* A number standing as a word in s[a..b): digits at a word's start ("1.12",
 * not "mp-149", "H2O"), not run on into letters ("2D"). */
static int number_between(const char *s, size_t a, size_t b)
{
	size_t i, j;

	for (i = a; i < b; i++) {
		if (!isdigit((unsigned char)s[i]) || (i > 0 && (isalnum((unsigned char)s[i - 1]) || s[i - 1] == '-' ||
								  s[i - 1] == '.' || s[i - 1] == '_')))
			continue;
		for (j = i; j < b && (isdigit((unsigned char)s[j]) || s[j] == '.' || s[j] == ','); j++)
			;
		if (j >= b || !isalpha((unsigned char)s[j]))
			return 1;
		i = j;
	}
	return 0;
}

/* Does one of stems stand in the mention's sentence for its number: before
 * it with no other number between ("The DFT band gap ... is 0.6 eV"), or
 * after it with no number following ("1.12 eV (measured)")? One before
 * another number is that number's ("..., underestimating the experimental
 * 1.12 eV"). */
static int stem_attached(const pk_normtext *nt, const qv_mention *m, const char *const *stems, size_t nstems)
{
	const char *s = nt->text.ptr;
	size_t a, b, i, k;

	qv_sentence_around(nt, m, &a, &b);
	for (i = a; i < b; i++) {
		if (i > a && isalpha((unsigned char)s[i - 1]))
			continue;
		for (k = 0; k < nstems; k++) {
			size_t l = strlen(stems[k]);

			if (i + l > b || strncasecmp(s + i, stems[k], l))
				continue;
			if (i + l <= m->num.start ? !number_between(s, i + l, m->num.start)
						  : i >= m->num.end && !number_between(s, i + l, b))
				return 1;
		}
	}
	return 0;
}

int qv_computed_mark(const pk_normtext *nt, const qv_mention *m)
{
	int computed = qv_computed_in_clause(nt, m);

	if (!computed || !qv_measured_in_clause(nt, m))
		return computed != 0;
	/* both in the sentence: the one that stands for this number */
	return stem_attached(nt, m, computed_stems, sizeof(computed_stems) / sizeof(computed_stems[0])) &&
	       !stem_attached(nt, m, measured_stems, sizeof(measured_stems) / sizeof(measured_stems[0]));
}

int qv_respectively_in_clause(const pk_normtext *nt, const qv_mention *m)
{
	static const char *const stems[] = { "respectively", "分别" };

	return stem_in(nt, m, stems, sizeof(stems) / sizeof(stems[0]), 1);
}

int qv_form_in_clause(const pk_normtext *nt, const qv_mention *m, char *out, size_t n)
{
	static const char *const stems[] = { "monolayer", "mono-layer", "single-layer", "single layer", "bilayer",
					     "few-layer", "few layer", "nanosheet", "nanoribbon", "nanowire", "nanotube",
					     "nanocrystal", "nanoparticle", "nanocluster", "nanorod", "nanostructure",
					     "quantum dot", "quantum well", "two-dimensional", "amorphous", "单层",
					     "量子点", "纳米", "非晶" };
	int k = stem_in(nt, m, stems, sizeof(stems) / sizeof(stems[0]), 1);

	if (k)
		pk_str_copy(out, n, stems[k - 1]);
	return k != 0;
}

int qv_mp_method_in_clause(const pk_normtext *nt, const qv_mention *m)
{
	static const char *const stems[] = { "PBE", "GGA", "generalized gradient", "generalized-gradient",
					     "Materials Project" };

	return stem_in(nt, m, stems, sizeof(stems) / sizeof(stems[0]), 0);
}

double qv_clause_temperature(const pk_normtext *nt, const qv_mention *m)
{
	const char *s = nt->text.ptr;
	size_t a, b, i, dbest = (size_t)-1;
	double best = NAN;

	qv_clause_around(nt, m, &a, &b);
	/* the one nearest the value: "1.12 eV at 300 K and 1.17 eV at 0 K" */
	for (i = a; i < b; i++) {
		size_t d = i < m->num.start ? m->num.start - i : i - m->num.end;

		if ((i + 16 <= b && !strncasecmp(s + i, "room temperature", 16)) ||
		    (i + 6 <= b && !memcmp(s + i, "室温", 6))) {
			if (d < dbest) {
				dbest = d;
				best = 300;
			}
			continue;
		}
		/* "at 300 K", "(4.2 K)": a number other than the value, then K */
		if ((i == a || !isdigit((unsigned char)s[i - 1])) && isdigit((unsigned char)s[i]) &&
		    (i < m->num.start || i >= m->num.end)) {
			char *end;
			double v = strtod(s + i, &end);
			size_t e = (size_t)(end - s);

			if (e < b && s[e] == ' ')
				e++;
			if (e < b && s[e] == 'K' && (e + 1 >= b || !isalpha((unsigned char)s[e + 1])) && d < dbest) {
				dbest = d;
				best = v;
			}
			i = (size_t)(end - s);
		}
	}
	return best;
}

void qv_clause_transition(const pk_normtext *nt, const qv_mention *m, char *out, size_t n)
{
	static const char *const indirect[] = { "indirect", "间接" }, *const direct[] = { "direct", "直接" };

	out[0] = '\0';
	if (stem_in(nt, m, indirect, 2, 1))
		snprintf(out, n, "Indirect");
	else if (stem_in(nt, m, direct, 2, 1))
		snprintf(out, n, "Direct");
}

/* The CODATA edition the sentence around the mention names ("CODATA
 * 2014", "CODATA-2018", "2018 CODATA", "CODATA 2018 的推荐值") into out,
 * or "" when it names none or several. */
void qv_named_edition(const pk_normtext *nt, const qv_mention *m, char *out, size_t n)
{
	const char *s = nt->text.ptr;
	size_t a, b, i;
	char found[8] = "";

	out[0] = '\0';
	qv_sentence_around(nt, m, &a, &b);
	for (i = a; i + 6 <= b; i++) {
		size_t j = i + 6, y = (size_t)-1;

		if ((s[i] | 0x20) != 'c' || strncasecmp(s + i, "CODATA", 6))
			continue;
		while (j < b && (s[j] == ' ' || s[j] == '-'))
			j++;
		if (j + 4 <= b && isdigit((unsigned char)s[j]) && isdigit((unsigned char)s[j + 1]) &&
		    isdigit((unsigned char)s[j + 2]) && isdigit((unsigned char)s[j + 3]) &&
		    (j + 4 == b || !isdigit((unsigned char)s[j + 4])))
			y = j;
		else if (i >= a + 5 && s[i - 1] == ' ' && isdigit((unsigned char)s[i - 2]) &&
			 isdigit((unsigned char)s[i - 5]) && (i - 5 == a || !isdigit((unsigned char)s[i - 6])))
			y = i - 5;
		if (y == (size_t)-1)
			continue;
		if (found[0] && strncmp(found, s + y, 4))
			return; /* two editions: not guessed */
		pk_str_ncopy(found, sizeof(found), s + y, 4);
	}
	pk_str_copy(out, n, found);
}


/* ---- a quantity named in the clause ------------------------------------- */

typedef struct name_hit {
	const char *qkey;
	int found;
} name_hit;

static int is_qkey(const kg_name_hit *h, void *ctx)
{
	name_hit *w = ctx;

	if (h->type == KG_QUANTITY && !strcmp(h->target, w->qkey))
		w->found = 1;
	return 0;
}

/* Is text[0..l) one of qkey's names or aliases? */
static int names_qkey(kg_txn *t, const char *text, size_t l, const char *qkey)
{
	name_hit h = { qkey, 0 };
	char *key = pk_text_name_key(text, l);
	int rc;

	if (!key) {
		pk_error_clear();
		return 0;
	}
	rc = kg_name_find(t, KG_NS_NAME, key, is_qkey, &h);
	pk_free(key);
	if (rc < 0)
		pk_error_clear();
	return h.found;
}

#define NAME_TOKENS_MAX 64 /* tokens of the clause read */
#define NAME_NGRAM_MAX 5   /* tokens of a name: "energy above the convex hull", 禁带宽度 */

int qv_clause_names_quantity(kg_txn *t, const pk_normtext *nt, const qv_mention *m, const char *qkey)
{
	const char *s = nt->text.ptr;
	size_t a, b, i, ntok = 0, tok[NAME_TOKENS_MAX][2];

	qv_clause_around(nt, m, &a, &b);
	b = m->num.start;
	/* tokens: runs of ASCII letters and digits, and each Chinese
	 * character (Chinese writes no blanks: "砷化镓的带隙") */
	for (i = a; i < b && ntok < NAME_TOKENS_MAX;) {
		unsigned char c = (unsigned char)s[i];
		int32_t cp;
		int k;

		if (isalnum(c)) {
			size_t j = i;

			while (j < b && isalnum((unsigned char)s[j]))
				j++;
			tok[ntok][0] = i;
			tok[ntok++][1] = j;
			i = j;
			continue;
		}
		if (c < 0x80 || (k = pk_utf8_decode(s + i, b - i, &cp)) <= 0) {
			i++;
			continue;
		}
		if (pk_text_is_han(cp)) {
			tok[ntok][0] = i;
			tok[ntok++][1] = i + (size_t)k;
		}
		i += (size_t)k;
	}
	/* every run of up to NAME_NGRAM_MAX tokens, joined without what
	 * parts them (a name key has no blanks: "band gap", "band-gap" and
	 * "bandgap" are one), and a plural "band gaps" without its 's' */
	for (i = 0; i < ntok; i++) {
		char buf[160];
		size_t j, l = 0;

		for (j = i; j < ntok && j < i + NAME_NGRAM_MAX; j++) {
			size_t tl = tok[j][1] - tok[j][0];

			if (l + tl >= sizeof(buf))
				break;
			memcpy(buf + l, s + tok[j][0], tl);
			l += tl;
			if (names_qkey(t, buf, l, qkey))
				return 1;
			if (tl >= 4 && (buf[l - 1] == 's' || buf[l - 1] == 'S') && names_qkey(t, buf, l - 1, qkey))
				return 1;
		}
	}
	return 0;
}

/* ---- a count or a ratio after a bare number ----------------------------- */

/* Words right after a number without a unit that make it a count or a
 * ratio of something ("1836 electron masses", "207 times that of the
 * electron", "3 orders of magnitude"), not the quantity in its unit. */
static const char *const count_words[] = {
	"times", "fold", "orders", "order", "digits", "figures", "places", "electron", "electrons", "proton",
	"protons", "neutron", "neutrons", "photon", "photons", "atom", "atoms", "molecule", "molecules",
	"particle", "particles", "nuclei", "nucleus", "nucleons", "ion", "ions", "samples", "sample", "steps", "step",
	"points", "runs", "trials", "measurements", "experiments", "events", "items", "parts", "percent",
	"units", "unit", "higher", "lower", "larger", "smaller", "greater", "heavier", "lighter", "faster",
	"slower", "more", "less", "mass", "masses", "radii", "radius", "倍"
};

int qv_count_after(const pk_normtext *nt, const qv_mention *m, char *out, size_t on)
{
	const char *s = nt->text.ptr;
	size_t n = nt->text.len, p = m->num.end, e, k;

	if (p < n && s[p] == ' ')
		p++;
	if (p + 3 <= n && !memcmp(s + p, "倍", 3)) {
		pk_str_ncopy(out, on, s + m->num.start, p + 3 - m->num.start);
		return 1;
	}
	for (e = p; e < n && (isalpha((unsigned char)s[e]) || s[e] == '-'); e++)
		;
	if (e == p)
		return 0;
	/* "1/1836 of the proton mass", "0.5 of a Bohr radius", "1/1836 that
	 * of the proton": a fraction or a multiple of another quantity (a
	 * few words of it quoted) */
	if ((e - p == 4 && same_ci(s + p, "that", 4) && e + 4 <= n && same_ci(s + e, " of ", 4)) ||
	    (e - p == 2 && same_ci(s + p, "of", 2) && e + 1 < n && s[e] == ' ' &&
	     ((e + 5 <= n && same_ci(s + e + 1, "the ", 4)) || (e + 3 <= n && same_ci(s + e + 1, "a ", 2)) ||
	      (e + 4 <= n && same_ci(s + e + 1, "an ", 3))))) {
		size_t f = p, words = 0;

		while (f < n && words < 5) {
			size_t g = f;

			while (g < n && (isalpha((unsigned char)s[g]) || s[g] == '-'))
				g++;
			if (g == f)
				break;
			e = g;
			words++;
			if (g >= n || s[g] != ' ')
				break;
			f = g + 1;
		}
		pk_str_ncopy(out, on, s + m->num.start, e - m->num.start);
		return 1;
	}
	for (k = 0; k < sizeof(count_words) / sizeof(count_words[0]); k++)
		if (strlen(count_words[k]) == e - p && same_ci(s + p, count_words[k], e - p)) {
			/* the word and the next ("electron masses") */
			if (e + 1 < n && s[e] == ' ' && isalpha((unsigned char)s[e + 1])) {
				size_t f = e + 1;

				while (f < n && isalpha((unsigned char)s[f]))
					f++;
				if (f - e - 1 > 4 || (f - e - 1 == 4 && !same_ci(s + e + 1, "that", 4) &&
							!same_ci(s + e + 1, "than", 4)))
					e = f;
			}
			pk_str_ncopy(out, on, s + m->num.start, e - m->num.start);
			return 1;
		}
	return 0;
}
