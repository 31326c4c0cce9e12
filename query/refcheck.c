/* query/refcheck.c - does the work a reference describes exist, and does
 * the reference describe it correctly?
 *
 * Candidates come from the DOI, the title indexes (whole title, first four
 * words), the first author with the year (and one year either side), and
 * volume with first page. Each candidate is compared field by field with
 * what the reference states (titles by word overlap, authors by folded
 * family names in order, venues by abbreviation-aware word prefixes).
 * A candidate is identified only on strong evidence: the DOI plus a fitting
 * title or authors, a near-identical title, or first author + year +
 * venue/volume/page when no title is stated. Absence of a work is taken as
 * fabrication only in a closed world (--closed-world, or a complete dump).
 */
#include "ref.h"
#include "ref_int.h"

#include "../common/alloc.h"
#include "../common/buf.h"
#include "../common/error.h"
#include "../common/hash.h"
#include "../common/memo.h"
#include "../common/text.h"
#include "../kg/graph.h"
#include "../kg/work.h"

#include <cJSON.h>
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* years between a preprint and its published version that a reference
 * may state without a source to tell (arXiv to journal: mostly 0-2) */
#define PUBLICATION_LAG_MAX 6
#define MAX_CANDIDATES 256
#define RT_WORDS 320 /* words of a reference string looked at */
#define RT_SLOTS 256 /* rtext's index of its words by hash (a power of two) */
#define PER_KEY 128

const char *query_ref_verdict_name(int v)
{
	static const char *const names[] = { "verified", "mismatch", "fabricated", "unverifiable" };

	return v >= 0 && v <= QR_UNVERIFIABLE ? names[v] : "unverifiable";
}

/* The bibliographic databases (the sources works come from). */
static int closed_cb(const kg_source *s, void *ctx)
{
	(void)ctx;
	return kg_kind_bibliographic(s->kind) && (s->flags & KG_SOURCE_COMPLETE) ? 1 : 0;
}

int query_ref_closed_world(kg_txn *t)
{
	return kg_source_each(t, closed_cb, NULL) == 1;
}

/* query_ref_reason(r, "%s%s%s", a, b, c) without printf (the common
 * reasons of the DOI path), cut where vsnprintf would cut it */
static void reason3(qr_result *r, const char *a, const char *b, const char *c)
{
	const char *part[3] = { a, b, c };

	if (r->nreasons >= QR_REASONS)
		return;
	pk_str_cat(r->reasons[r->nreasons++], sizeof(r->reasons[0]), part, 3);
}

void query_ref_reason(qr_result *r, const char *fmt, ...)
{
	va_list ap;

	if (r->nreasons >= QR_REASONS)
		return;
	va_start(ap, fmt);
	vsnprintf(r->reasons[r->nreasons++], sizeof(r->reasons[0]), fmt, ap);
	va_end(ap);
}

/* ---- text comparison ---------------------------------------------------- */

typedef struct words {
	char buf[1024];
	const char *w[96];
	uint32_t h[96];  /* each word's hash: word equality is hash equality first */
	size_t n;
	size_t used;     /* bytes of buf the words are in (split_words's) */
} words;

static const char *const stop[] = { "a", "an", "the", "of", "and", "in", "on", "for", "to", "with", "by", "at",
				    "from", "as", "&" };

static int is_stop(const char *w)
{
	size_t i;

	/* every stop word is 1-4 bytes of 'a'-'w' or '&': most words are
	 * ruled out by their first or fifth byte */
	if (!w[0] || (w[0] != '&' && (w[0] < 'a' || w[0] > 'w')) || (w[1] && w[2] && w[3] && w[4]))
		return 0;
	for (i = 0; i < sizeof(stop) / sizeof(stop[0]); i++)
		if (w[0] == stop[i][0] && !strcmp(w, stop[i]))
			return 1;
	return 0;
}

/* Split out->buf (folded, out->used set) into words. */
static void split_folded(words *out, int drop_stop)
{
	char *p;

	out->n = 0;
	for (p = out->buf; *p && out->n < 96;) {
		/* the word and its hash (pk_fnv1a32) in one pass */
		char *q = p;
		uint32_t h = 2166136261u;
		int last;

		for (; *q && *q != ' '; q++)
			h = (h ^ (unsigned char)*q) * 16777619u;
		last = !*q;
		*q = '\0';
		if (*p && !(drop_stop && is_stop(p))) {
			out->h[out->n] = h;
			out->w[out->n++] = p;
		}
		if (last)
			break;
		p = q + 1;
	}
}

/* Fold plain ASCII text into out->buf: 0, or -1 when it is not plain. */
static int fold_plain(const char *text, size_t tl, words *out)
{
	long plain = kg_fold_plain(text, tl, out->buf, sizeof(out->buf));

	if (plain < 0)
		return -1;
	out->used = (size_t)plain + 1 < sizeof(out->buf) ? (size_t)plain + 1 : sizeof(out->buf);
	return 0;
}

/* The Greek letters α..ω (ς as σ) as TeX names them. */
static const char *const greek[] = { "alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta",
				     "iota", "kappa", "lambda", "mu", "nu", "xi", "omicron", "pi", "rho",
				     "sigma", "sigma", "tau", "upsilon", "phi", "chi", "psi", "omega" };

/* Is w one of those names (no title word by itself)? */
static int greek_name(const char *w)
{
	size_t i;

	/* (title_like asks for every word of every candidate's compare) */
	for (i = 0; i < sizeof(greek) / sizeof(greek[0]); i++)
		if (greek[i][0] == w[0] && !strcmp(w, greek[i]))
			return 1;
	return 0;
}

/* Greek letters as TeX names them, so that "From dyadic Λα to Λα" reads
 * as its record's "$\Lambda_{\alpha}$" does: each letter of folded text
 * (lower case) a word of its name, in f. (Query side only: the graph's
 * keys are folded as before.) 0, or PK_ENOMEM. */
static int greek_names(pk_buf *f)
{
	pk_buf t = PK_BUF_INIT;
	size_t i = 0;
	int rc = 0;

	if (!f->ptr || (!strstr(f->ptr, "\xce") && !strstr(f->ptr, "\xcf")))
		return 0;
	while (f->ptr[i] && rc == 0) {
		unsigned char a = (unsigned char)f->ptr[i], b = (unsigned char)f->ptr[i + 1];
		int k = -1;

		if (a == 0xce && b >= 0xb1 && b <= 0xbf)
			k = b - 0xb1; /* α..ο */
		else if (a == 0xcf && b >= 0x80 && b <= 0x89)
			k = 15 + (b - 0x80); /* π..ω (ς as σ) */
		if (k < 0) {
			rc = pk_buf_putc(&t, f->ptr[i++]);
			continue;
		}
		if (t.len && t.ptr[t.len - 1] != ' ')
			rc = pk_buf_putc(&t, ' ');
		if (rc == 0)
			rc = pk_buf_puts(&t, greek[k]);
		i += 2;
		if (rc == 0 && f->ptr[i] && f->ptr[i] != ' ')
			rc = pk_buf_putc(&t, ' ');
	}
	if (rc == 0) {
		pk_buf_reset(f);
		rc = pk_buf_put(f, t.ptr ? t.ptr : "", t.len);
	}
	pk_buf_release(&t);
	return rc < 0 ? rc : 0;
}

/* text[0..tl) folded for comparing words (kg_fold_text), "√" read as
 * TeX's \sqrt ("Q(√5)" as "$\Q(\sqrt{5})$"; folding drops the sign),
 * "Å" standing alone as the word angstrom, and Greek letters by their
 * names: into f, 0 or an error. */
static int fold_words(pk_buf *f, const char *text, size_t tl)
{
	pk_buf sq = PK_BUF_INIT;
	int rc;

	if (pk_mem_find(text, tl, "\xe2\x88\x9a", 3) || pk_mem_find(text, tl, "\xc3\x85", 2) || pk_mem_find(text, tl, "\xe2\x84\xab", 3)) {
		size_t i;

		for (i = 0, rc = 0; i < tl && rc == 0;) {
			if (i + 3 <= tl && !memcmp(text + i, "\xe2\x88\x9a", 3)) {
				rc = pk_buf_puts(&sq, " sqrt ");
				i += 3;
			} else if (i + 2 <= tl && !memcmp(text + i, "\xc3\x85", 2) &&
				   (i == 0 || !isalpha((unsigned char)text[i - 1])) &&
				   (i + 2 == tl || !(isalpha((unsigned char)text[i + 2]) || (unsigned char)text[i + 2] >= 0x80))) {
				/* "1.74 Å": the unit, as "1.74 angstroms" spells it
				 * (not the letter of "Åland", "Ångström", "PÅ") */
				rc = pk_buf_puts(&sq, " angstrom ");
				i += 2;
			} else if (i + 3 <= tl && !memcmp(text + i, "\xe2\x84\xab", 3)) {
				rc = pk_buf_puts(&sq, " angstrom "); /* (the Angstrom sign) */
				i += 3;
			} else {
				rc = pk_buf_putc(&sq, text[i++]);
			}
		}
		if (rc < 0) {
			pk_buf_release(&sq);
			return rc;
		}
		text = sq.ptr;
		tl = sq.len;
	}
	rc = kg_fold_text(f, text, tl);
	pk_buf_release(&sq);
	return rc < 0 ? rc : greek_names(f);
}

/* Fold text[0..tl) (case, marks, punctuation, markup) and split it into
 * words. */
static void split_text(const char *text, size_t tl, words *out, int drop_stop)
{
	pk_buf f = PK_BUF_INIT;

	out->n = 0;
	out->buf[0] = '\0';
	out->used = 1;
	if (!text)
		return;
	/* (most titles and names: folded in place, nothing allocated) */
	if (fold_plain(text, tl, out) < 0) {
		if (fold_words(&f, text, tl) < 0 || !f.ptr) {
			pk_buf_release(&f);
			pk_error_clear();
			out->buf[0] = '\0';
			out->used = 1;
			return;
		}
		out->used = pk_str_copy(out->buf, sizeof(out->buf), f.ptr) + 1;
		if (out->used > sizeof(out->buf))
			out->used = sizeof(out->buf);
		pk_buf_release(&f);
	}
	split_folded(out, drop_stop);
}

static void split_words(const char *text, words *out, int drop_stop)
{
	split_text(text, text ? strlen(text) : 0, out, drop_stop);
}

/* The work's fields folded once per candidate: compare() asks for the
 * same title, venue and numbers many times. Keyed by the field's address
 * (a work's strings do not move while it is compared). */
#define FIELDS_CACHED 32

/* Behind it, the fields of the works compared lately, by their text: an
 * audit's citations name the same works again and again, and a copy is
 * cheaper than folding (UTF-8 normalisation) again. Direct-mapped on the
 * text's hash; a hit is checked byte for byte. */
#define FIELDS_KEPT 8192
#define FIELD_TEXT_KEPT 512
#define SHORT_PLAIN 32

typedef struct fkey {
	uint64_t h;
	uint32_t len_drop; /* the text's length | drop_stop << 31; 0: empty slot */
	uint32_t pin;      /* fcache's gen when a candidate's fields point into the slot */
} fkey;

/* (the keys apart from the texts and words: a miss reads 16 bytes of a
 * 128 KB table, not a cold 3 KB entry) */
typedef struct fkept {
	char text[FIELD_TEXT_KEPT];
	words w;
} fkept;

/* The first authors' family names, folded once per candidate: compare
 * reads each twice (in the parse's order, and in the string). */
#define FAMILIES_CACHED 12

/* A candidate's fields are read where they are kept (a kept slot's words,
 * not a copy): a slot read since the last fields_reset is pinned (its
 * pin is gen) and not replaced before the next, whose words then go to
 * the caller's room instead. */
typedef struct fcache {
	const char *text[FIELDS_CACHED];
	int drop[FIELDS_CACHED];
	const words *wp[FIELDS_CACHED]; /* each field's words: w[i] or a kept slot's */
	words w[FIELDS_CACHED];
	size_t n;           /* (set to 0 per candidate, with fam_text cleared) */
	const char *fam_text[FAMILIES_CACHED]; /* author i's family, or NULL: not folded yet */
	const words *famp[FAMILIES_CACHED];    /* its words: fam[i] or a kept slot's */
	words fam[FAMILIES_CACHED];
	words spare;   /* when the cache is full */
	fkey *keys;    /* nkept slots (zeroed: empty), or NULL (no memory) */
	size_t nkept;  /* FIELDS_KEPT, or fewer for a test (a power of two) */
	fkept *kept;   /* their texts and words (NULL with keys) */
	uint32_t gen;  /* the candidate's pin (never 0) */
} fcache;

/* split_text(text, tl, room, drop_stop) through fc's kept fields (fc NULL:
 * split anew): the words, in a kept slot (pinned) or in room. */
static const words *kept_words_n(fcache *fc, const char *text, size_t tl, int drop_stop, words *room)
{
	size_t at;
	uint64_t h;
	uint32_t ld;
	fkey *key;
	fkept *k;

	if (!fc || !fc->keys || !tl || tl >= FIELD_TEXT_KEPT) {
		split_text(text, tl, room, drop_stop);
		return room;
	}
	/* a short name in plain ASCII is folded faster than a kept copy is
	 * found (the table is for titles and text that needs Unicode
	 * normalisation) */
	if (tl <= SHORT_PLAIN && fold_plain(text, tl, room) == 0) {
		split_folded(room, drop_stop);
		return room;
	}
	h = pk_hash_mem(text, tl);
	at = (h ^ (uint64_t)drop_stop) & (fc->nkept - 1);
	ld = (uint32_t)tl | (uint32_t)(drop_stop != 0) << 31;
	key = &fc->keys[at];
	k = &fc->kept[at];
	if (key->len_drop == ld && key->h == h && !memcmp(k->text, text, tl)) {
		key->pin = fc->gen;
		return &k->w;
	}
	if (key->pin == fc->gen) { /* another field of this candidate's */
		split_text(text, tl, room, drop_stop);
		return room;
	}
	split_text(text, tl, &k->w, drop_stop);
	key->h = h;
	key->len_drop = ld;
	key->pin = fc->gen;
	memcpy(k->text, text, tl);
	return &k->w;
}

/* split_words(text, room, drop_stop) through fc's kept fields */
static const words *kept_words(fcache *fc, const char *text, int drop_stop, words *room)
{
	return kept_words_n(fc, text, text ? strlen(text) : 0, drop_stop, room);
}

/* Another candidate: nothing of the last one's fields is kept by address,
 * nor pinned. */
static void fields_reset(fcache *fc)
{
	fc->n = 0;
	memset(fc->fam_text, 0, sizeof(fc->fam_text));
	if (++fc->gen == 0) { /* (after 2^32 candidates: every pin cleared) */
		size_t i;

		for (i = 0; fc->keys && i < fc->nkept; i++)
			fc->keys[i].pin = 0;
		fc->gen = 1;
	}
}

/* The folded words of family, the family name of the candidate's author
 * i (i < FAMILIES_CACHED; family not NULL). */
static const words *family_words(fcache *fc, size_t i, const char *family)
{
	if (fc->fam_text[i] != family) {
		fc->famp[i] = kept_words(fc, family, 0, &fc->fam[i]);
		fc->fam_text[i] = family;
	}
	return fc->famp[i];
}

static const words *field_words(fcache *fc, const char *text, int drop_stop)
{
	size_t i;

	for (i = 0; i < fc->n; i++)
		if (fc->text[i] == text && fc->drop[i] == drop_stop)
			return fc->wp[i];
	if (fc->n == FIELDS_CACHED) {
		split_words(text, &fc->spare, drop_stop);
		return &fc->spare;
	}
	fc->text[fc->n] = text;
	fc->drop[fc->n] = drop_stop;
	fc->wp[fc->n] = kept_words(fc, text, drop_stop, &fc->w[fc->n]);
	return fc->wp[fc->n++];
}

static size_t count_content_words(const words *x)
{
	size_t i, n = 0;

	for (i = 0; i < x->n; i++)
		n += !is_stop(x->w[i]);
	return n;
}

/* Word-set overlap (Dice coefficient) of two word lists, 0..1. */
static double dice(const words *x, const words *y)
{
	size_t i, j, common = 0;
	unsigned char used[96] = { 0 };
	uint64_t ybits = 0; /* a bit of each of y's hashes: a word of x whose bit is clear matches none */

	if (!x->n || !y->n)
		return 0;
	for (j = 0; j < y->n; j++)
		ybits |= 1ull << (y->h[j] & 63);
	for (i = 0; i < x->n; i++)
		for (j = 0; (ybits >> (x->h[i] & 63) & 1) && j < y->n; j++)
			if (!used[j] && x->h[i] == y->h[j] && !strcmp(x->w[i], y->w[j])) {
				used[j] = 1;
				common++;
				break;
			}
	return 2.0 * (double)common / (double)(x->n + y->n);
}

/* The words joined without spaces: the title's exact-comparison key. */
static size_t words_key(const words *x, char *out, size_t n)
{
	size_t i, j = 0;

	for (i = 0; i < x->n; i++) {
		size_t l = strlen(x->w[i]);

		if (j + l >= n)
			break;
		memcpy(out + j, x->w[i], l);
		j += l;
	}
	out[j] = '\0';
	return j;
}

/* Whether x's words_key (into n bytes) is key (klen bytes, not empty),
 * compared as the words are joined: most candidates' titles differ at
 * their first word. */
static int words_key_is(const words *x, size_t n, const char *key, size_t klen)
{
	size_t i, j = 0;

	for (i = 0; i < x->n; i++) {
		size_t l = strlen(x->w[i]);

		if (j + l >= n)
			break;
		if (j + l > klen || memcmp(key + j, x->w[i], l))
			return 0;
		j += l;
	}
	return klen && j == klen;
}

/* The reference's side of every comparison, folded once. */
typedef struct prep {
	size_t title_content;     /* words that are not stop words */
	size_t nacro;
	size_t nalias;
	fcache *fc;               /* the candidate's fields, folded (reset per candidate) */
	int preprint;             /* the venue says "Preprint" (at, on bioRxiv ...) */
	int title_like;           /* the parsed title reads like a title (title_like, once a reference) */
	int title_colon;          /* in the string, a ':' follows the parsed title (a subtitle the
				   * parse left out: "“What are you doing, Dave?”: The Fear of ...") */
	unsigned char in_venue[RT_WORDS];   /* words of the string the parse read as the venue */
	unsigned char in_authors[RT_WORDS]; /* ... and as the authors' family names */
	char venue_num[32];       /* a number the parse left at the venue's end ("BJR 20170914") */
	int title_at;             /* the parsed title stands in the string ... */
	size_t title_a, title_b;  /* ... as its words [a, b) */
	/* from here on prepare() clears nothing: each array below is written
	 * before it is read (title_key always; acro, alias and fam/ini up to
	 * nacro, nalias and the reference's authors), and each word list is
	 * emptied (read only up to its n, which split_words sets) */
	char title_key[1024];     /* the title's words joined */
	size_t title_key_len;
	char acro[4][32];         /* the stated venue's words that may be an acronym ("cvpr") */
	char alias[8][160];       /* names the venue table gives those acronyms */
	char fam[QR_AUTHORS][64];
	char ini[QR_AUTHORS];
	words title;              /* stop words kept: similarity, exact key */
	/* the title's words a venue's name would be (title_names_venue): stop
	 * words and trailing numbers aside; only w and n are set, pointing
	 * into title's buffer */
	words title_as_venue;
	words venue;              /* stop words dropped */
	words venue_head;         /* the stated venue before a ':' or '(' (none: empty) */
	words alias_words[8];     /* the aliases, split */
} prep;

/* First letter of a given name or initials, upper case ('\0' if none). */
static char initial(const char *given)
{
	if (!given)
		return 0;
	while (*given == ' ' || *given == '.' || *given == '-')
		given++;
	if (*given >= 'a' && *given <= 'z')
		return (char)(*given - 32);
	return *given >= 'A' && *given <= 'Z' ? *given : 0;
}

/* A folded word that is a name particle ("van", "der", "de"...) */
static int particle(const char *w)
{
	static const char *const particles[] = { "van", "von", "der", "den", "de", "da", "di", "du", "del", "della",
						 "dos", "la", "le", "ter", "ten", "olde", "op", "zu" };
	size_t i;

	for (i = 0; i < sizeof(particles) / sizeof(particles[0]); i++)
		if (w[0] == particles[i][0] && !strcmp(w, particles[i]))
			return 1;
	return 0;
}

/* A family name folded for comparison: case, marks and spaces aside, and
 * the particles in front too ("van der Lee", "Van der Lee" and "Lee" are
 * one name; BibTeX writes "Tim van der Lee", Crossref "van der Lee").
 * fc: the kept fields the name's words are taken from (NULL: none). */
static void fold_family_words(const words *fw, char *out, size_t n)
{
	size_t i = 0, o = 0;

	while (i + 1 < fw->n && particle(fw->w[i]))
		i++; /* the last word stays */
	for (; i < fw->n; i++) {
		const char *p;

		for (p = fw->w[i]; *p && o + 1 < n; p++)
			out[o++] = *p;
	}
	out[o] = '\0';
}

static void fold_family(fcache *fc, char *out, size_t n, const char *family)
{
	words room;

	out[0] = '\0';
	if (!family)
		return;
	fold_family_words(kept_words(fc, family, 0, &room), out, n);
}

/* The name before a subtitle or a qualifier: "JAMA" of "JAMA: The
 * Journal of the American Medical Association", "Plant Cell, Tissue and
 * Organ Culture" of "... (PCTOC)". Empty when there is none. */
static void venue_head(const char *v, char *out, size_t n)
{
	size_t l = strcspn(v, ":(");

	out[0] = '\0';
	if (v[l] && l > 0 && l < n)
		snprintf(out, n, "%.*s", (int)l, v);
}

/* The stated venue before a publisher the style writes after it ("DISCS
 * '15, ACM", "Proc. ICASSP, IEEE"): the name alone, or empty. */
static void venue_before_publisher(const char *v, char *out, size_t n)
{
	static const char *const pubs[] = { "acm", "acm press", "ieee", "ieee press", "springer", "springer-verlag",
					    "springer verlag", "elsevier", "wiley", "usenix", "usenix association",
					    "siam", "aaai press", "mit press" };
	const char *comma = strrchr(v, ','), *c;
	size_t k, l;

	out[0] = '\0';
	if (!comma || comma == v)
		return;
	for (c = comma + 1; *c == ' '; c++)
		;
	l = strlen(c);
	while (l && (c[l - 1] == '.' || c[l - 1] == ' '))
		l--;
	for (k = 0; k < sizeof(pubs) / sizeof(pubs[0]); k++)
		if (strlen(pubs[k]) == l && !strncasecmp(c, pubs[k], l)) {
			snprintf(out, n, "%.*s", (int)(comma - v), v);
			return;
		}
}

static int year_word(const char *w);

static int title_like(const qr_ref *r, const prep *p);

/* The words title_names_venue compares with a venue's: the parsed title's
 * (a short one: six content words at most), stop words and trailing
 * numbers aside (none: n is 0). */
static void title_venue_words(prep *p)
{
	words *t = &p->title_as_venue;
	size_t i;

	t->n = 0;
	if (!p->title.n || p->title_content > 6)
		return;
	for (i = 0; i < p->title.n; i++)
		if (!is_stop(p->title.w[i]))
			t->w[t->n++] = p->title.w[i];
	while (t->n && t->w[t->n - 1][0] >= '0' && t->w[t->n - 1][0] <= '9')
		t->n--;
}

/* Can one of venue's words (folded) begin with the folded word first?
 * venue_words_match_w needs that of a title's first word. A plain ASCII
 * venue (what kg_fold_plain folds: no '<', '&' or byte beyond ASCII) is
 * folded byte for byte, upper case to lower and punctuation to blanks, so
 * each of its words is a run of its bytes: first must stand in it, case
 * aside. Any other venue may (its folding is left to venue_words). */
static int venue_may_begin(const char *venue, const char *first)
{
	static const uint64_t ones = 0x0101010101010101ull, high = 0x8080808080808080ull;
	size_t n = strlen(venue), i, k;
	unsigned char f0 = (unsigned char)first[0], mask;

	/* a byte that is not plain, anywhere: it may (eight bytes at a
	 * time, a word the test marks read byte by byte) */
	for (i = 0; i + 8 <= n; i += 8) {
		uint64_t x, a, b;

		memcpy(&x, venue + i, 8);
		a = x ^ (ones * '<');
		b = x ^ (ones * '&');
		if ((x | ((a - ones) & ~a) | ((b - ones) & ~b)) & high)
			break;
	}
	for (; i < n; i++)
		if ((unsigned char)venue[i] >= 0x80 || venue[i] == '<' || venue[i] == '&')
			return 1;
	/* first where its first byte is, case aside (venue's upper case
	 * read as lower; first is folded): a lower-case letter is itself or
	 * its capital (bit 5 set, it is the letter), an upper-case one
	 * nothing, any other byte itself */
	if (f0 >= 'A' && f0 <= 'Z')
		return 0;
	mask = f0 >= 'a' && f0 <= 'z' ? 0x20 : 0;
	for (i = 0; i < n; i++) {
		/* (eight bytes none of which is first's first, passed over) */
		while (!(i & 7) && i + 8 <= n) {
			uint64_t x, y;

			memcpy(&x, venue + i, 8);
			y = (x | (ones * mask)) ^ (ones * f0);
			if ((y - ones) & ~y & high)
				break;
			i += 8;
		}
		if (i == n)
			break;
		if (((unsigned char)venue[i] | mask) != f0)
			continue;
		for (k = 1; first[k] && venue[i + k]; k++) {
			char d = venue[i + k];

			if ((d >= 'A' && d <= 'Z' ? (char)(d + 32) : d) != first[k])
				break;
		}
		if (!first[k])
			return 1;
	}
	return 0;
}

static void prepare(const qr_ref *r, prep *p)
{
	size_t i;

	/* every field starts from nothing: the allocation may be the last
	 * reference's (its title span, aliases, marks), and a field set only
	 * on some path must not carry that reference's value into this one
	 * (the arrays written before they are read and the 11 word lists,
	 * 28 of its 29 KB, are not cleared: see the struct) */
	memset(p, 0, offsetof(prep, title_key));
	for (i = 0; i < sizeof(p->alias_words) / sizeof(p->alias_words[0]); i++)
		p->alias_words[i].n = 0;
	split_words(r->title[0] ? r->title : NULL, &p->title, 0);
	p->title_key_len = words_key(&p->title, p->title_key, sizeof(p->title_key));
	p->title_content = count_content_words(&p->title);
	title_venue_words(p);
	if (r->title[0]) {
		const char *at = strstr(r->text, r->title);

		if (at) {
			at += strlen(r->title);
			/* (closing quotes and blanks between) */
			while (*at == ' ' || *at == '"' || *at == '\'' || !strncmp(at, "\xe2\x80\x9d", 3) ||
			       !strncmp(at, "\xe2\x80\x99", 3))
				at += *at == ' ' || *at == '"' || *at == '\'' ? 1 : 3;
			p->title_colon = *at == ':';
		}
	}
	split_words(r->venue[0] ? r->venue : NULL, &p->venue, 1);
	if (!p->venue.n && r->venue[0])
		split_words(r->venue, &p->venue, 0); /* "A&A": stop words alone */
	{
		char head[256];

		venue_head(r->venue, head, sizeof(head));
		if (!head[0])
			venue_before_publisher(r->venue, head, sizeof(head));
		split_words(head[0] ? head : NULL, &p->venue_head, 1);
	}
	/* "Applied Mechanics and Materials 5-6:493-500": numbers the parse
	 * left on the venue are not part of its name */
	p->venue_num[0] = '\0';
	while (p->venue.n > 1 && p->venue.w[p->venue.n - 1][0] >= '0' && p->venue.w[p->venue.n - 1][0] <= '9') {
		/* "NeurIPS 2017": a year, no volume or pages */
		if (!year_word(p->venue.w[p->venue.n - 1]))
			pk_str_copy(p->venue_num, sizeof(p->venue_num), p->venue.w[p->venue.n - 1]);
		p->venue.n--;
	}
	if (r->volume[0] || r->first_page[0])
		p->venue_num[0] = '\0';
	/* "Preprint at", "Published online 2020", "Available at": words a
	 * style puts where a venue would be, naming none */
	{
		static const char *const none[] = { "preprint", "published online", "available at", "available from",
						    "available online", "retrieved from" };
		size_t k;

		p->preprint = 0;
		for (k = 0; r->venue[0] && k < sizeof(none) / sizeof(none[0]); k++)
			p->preprint |= !strncasecmp(r->venue, none[k], strlen(none[k]));
	}
	for (i = 0; i < r->nauthors && i < QR_AUTHORS; i++) {
		fold_family(NULL, p->fam[i], sizeof(p->fam[i]), r->authors[i].family);
		p->ini[i] = initial(r->authors[i].given);
	}
	p->title_like = r->title[0] && title_like(r, p);
}

/* British spellings in American form, word by word (folded, lower case):
 * "behaviour" "behavior", "optimisation" "optimization", "modelling"
 * "modeling", "analyse" "analyze", "paediatric" "pediatric", "centre"
 * "center". Only words these rules know; each rewrite keeps the length or
 * shortens it. 1 when w was rewritten (into out, n bytes), else 0. */
static int us_spelling(const char *w, char *out, size_t n)
{
	static const char *const whole[][2] = {
		{ "grey", "gray" },	      { "programme", "program" },     { "programmes", "programs" },
		{ "catalogue", "catalog" },   { "analogue", "analog" },       { "analogues", "analogs" },
		{ "dialogue", "dialog" },     { "ageing", "aging" },	      { "judgement", "judgment" },
		{ "mould", "mold" },	      { "moulds", "molds" },	      { "defence", "defense" },
		{ "licence", "license" },     { "aluminium", "aluminum" },    { "metre", "meter" },
		{ "metres", "meters" },	      { "litre", "liter" },	      { "litres", "liters" },
		{ "oedema", "edema" },	      { "diarrhoea", "diarrhea" },    { "manoeuvre", "maneuver" },
		{ "manoeuvres", "maneuvers" }, { "angstroms", "angstrom" },
	};
	static const char *const front[][2] = {
		{ "paediatr", "pediatr" }, { "haem", "hem" },	    { "anaem", "anem" },       { "oesophag", "esophag" },
		{ "oestr", "estr" },	   { "foet", "fet" },	    { "leukaem", "leukem" },   { "ischaem", "ischem" },
		{ "orthopaed", "orthoped" }, { "gynaec", "gynec" }, { "aetiolog", "etiolog" }, { "sulph", "sulf" },
		{ "centre", "center" },	   { "fibre", "fiber" },    { "theatre", "theater" },
	};
	/* "-our" words: the stem before "our" */
	static const char *const our[] = { "behavi", "col", "fav", "lab", "neighb", "hon", "tum", "hum", "vap",
					   "harb", "vig", "rig", "od", "arm", "endeav", "flav", "sav", "rum",
					   "ferv", "splend", "val", "cand" };
	/* "-ise", "-isation" verbs: the stem up to the s */
	static const char *const ise[] = {
		"optimis", "characteris", "normalis", "organis", "recognis", "minimis", "maximis", "utilis", "stabilis",
		"polaris", "crystallis", "ionis", "localis", "visualis", "generalis", "standardis", "randomis",
		"parameteris", "regularis", "synthesis", "hospitalis", "immunis", "functionalis", "industrialis",
		"mobilis", "neutralis", "sensitis", "categoris", "summaris", "prioritis", "realis", "customis",
		"digitis", "harmonis", "hybridis", "metabolis", "personalis", "specialis", "commercialis", "globalis",
		"urbanis", "vaporis", "fertilis", "sterilis", "authoris", "initialis", "memoris", "modernis",
		"criticis", "emphasis", "analys", "catalys", "paralys", "hydrolys", "dialys", "electrolys", "vectoris",
		"discretis", "linearis", "quantis", "tokenis", "capitalis", "colonis", "civilis", "socialis" };
	static const char *const ise_end[] = { "e", "ed", "es", "ing", "er", "ers", "ation", "ations", "ational" };
	/* doubled l before a suffix: the stem with one l */
	static const char *const ll[] = { "model", "label", "travel", "signal", "channel", "tunnel", "fuel", "cancel",
					  "level", "counsel", "marshal", "pedal", "dial", "total", "funnel", "jewel" };
	static const char *const ll_end[] = { "ing", "ed", "er", "ers" };
	size_t l = strlen(w), i, k, sl;

	if (l < 4 || l >= n)
		return 0;
	for (i = 0; i < sizeof(whole) / sizeof(whole[0]); i++)
		if (w[0] == whole[i][0][0] && !strcmp(w, whole[i][0])) {
			snprintf(out, n, "%s", whole[i][1]);
			return 1;
		}
	for (i = 0; i < sizeof(front) / sizeof(front[0]); i++)
		if (w[0] == front[i][0][0] && !strncmp(w, front[i][0], (sl = strlen(front[i][0])))) {
			snprintf(out, n, "%s%s", front[i][1], w + sl);
			return 1;
		}
	for (i = 0; i < sizeof(our) / sizeof(our[0]); i++)
		if (w[0] == our[i][0] && !strncmp(w, our[i], (sl = strlen(our[i]))) && !strncmp(w + sl, "our", 3)) {
			snprintf(out, n, "%.*sor%s", (int)sl, w, w + sl + 3);
			return 1;
		}
	for (i = 0; i < sizeof(ise) / sizeof(ise[0]); i++)
		if (w[0] == ise[i][0] && !strncmp(w, ise[i], (sl = strlen(ise[i]))))
			for (k = 0; k < sizeof(ise_end) / sizeof(ise_end[0]); k++)
				if (!strcmp(w + sl, ise_end[k])) {
					snprintf(out, n, "%.*sz%s", (int)sl - 1, w, w + sl);
					return 1;
				}
	for (i = 0; i < sizeof(ll) / sizeof(ll[0]); i++)
		if (w[0] == ll[i][0] && !strncmp(w, ll[i], (sl = strlen(ll[i]))) && w[sl] == 'l')
			for (k = 0; k < sizeof(ll_end) / sizeof(ll_end[0]); k++)
				if (!strcmp(w + sl + 1, ll_end[k])) {
					snprintf(out, n, "%s%s", ll[i], w + sl + 1);
					return 1;
				}
	return 0;
}

/* in with its words in American spelling (us_spelling) into out: the
 * number of words rewritten. */
static size_t words_us(const words *in, words *out)
{
	size_t i, used = 0, changed = 0;

	out->n = 0;
	for (i = 0; i < in->n; i++) {
		char us[64];
		const char *w = in->w[i];
		size_t l;

		if (us_spelling(w, us, sizeof(us)))
			w = us, changed++;
		l = strlen(w);
		if (used + l + 1 > sizeof(out->buf))
			break;
		memcpy(out->buf + used, w, l + 1);
		out->w[out->n] = out->buf + used;
		out->h[out->n++] = w == in->w[i] ? in->h[i] : pk_fnv1a32(w, l);
		used += l + 1;
	}
	out->used = used;
	return changed;
}

/* Titles: how close (best of title, title + subtitle, original title) and
 * whether the stated one is exactly one of them (case, punctuation and
 * diacritics aside). Each of the work's titles is folded once. */
/* Has a a word of b? */
static int shares_word(const words *a, const words *b)
{
	size_t i, k;

	for (i = 0; i < a->n; i++)
		for (k = 0; k < b->n; k++)
			if (a->h[i] == b->h[k] && !strcmp(a->w[i], b->w[k]))
				return 1;
	return 0;
}

static void compare_titles(const prep *p, const kg_work *w, double *sim, int *exact, int *head_only)
{
	const words *t, *sub;
	char key[1024];
	double d;

	*sim = 0;
	*exact = 0;
	*head_only = 0;
	if (w->title) {
		t = field_words(p->fc, w->title, 0);
		*sim = dice(&p->title, t);
		*exact = words_key_is(t, sizeof(key), p->title_key, p->title_key_len);
		if (w->subtitle) {
			words tb; /* title and subtitle words, pointing into t and sub */
			size_t i;

			sub = field_words(p->fc, w->subtitle, 0);
			tb.n = 0;
			tb.buf[0] = '\0';
			for (i = 0; i < t->n && tb.n < 96; i++, tb.n++)
				tb.w[tb.n] = t->w[i], tb.h[tb.n] = t->h[i];
			for (i = 0; i < sub->n && tb.n < 96; i++, tb.n++)
				tb.w[tb.n] = sub->w[i], tb.h[tb.n] = sub->h[i];
			if ((d = dice(&p->title, &tb)) > *sim)
				*sim = d;
			if (!*exact) {
				char k2[1024];

				words_key(t, key, sizeof(key));
				words_key(sub, k2, sizeof(k2));
				*exact = key[0] && strlen(key) + strlen(k2) < sizeof(key) &&
					 !strncmp(p->title_key, key, strlen(key)) &&
					 !strcmp(p->title_key + strlen(key), k2);
			}
		}
	}
	/* a title and its subtitle in one string, cited by the title alone
	 * ("Aspirin and Reye's syndrome" for "Aspirin and Reye's syndrome: is
	 * the response appropriate?"), as where the record has them apart; a
	 * title of three words at least */
	if (w->title && !w->subtitle && !*exact && !p->title_colon) {
		const char *colon = strstr(w->title, ": ");

		if (colon && colon > w->title && (size_t)(colon - w->title) < sizeof(key)) {
			words room;
			const words *head = kept_words_n(p->fc, w->title, (size_t)(colon - w->title), 0, &room);

			if (head->n >= 3 && words_key_is(head, sizeof(key), p->title_key, p->title_key_len)) {
				*exact = 1;
				*sim = 1;
				*head_only = 1;
			} else if (head->n >= 3 && (d = dice(&p->title, head)) > *sim) {
				*sim = d; /* "Aspirin and Reye's disease": a near miss of it */
			}
		}
	}
	if (w->original_title) {
		t = field_words(p->fc, w->original_title, 0);
		if ((d = dice(&p->title, t)) > *sim)
			*sim = d;
		if (!*exact)
			*exact = words_key_is(t, sizeof(key), p->title_key, p->title_key_len);
	}
	/* the same title in the other spelling ("Functional behaviour in
	 * data spaces" for "... Behavior ..."): a near-miss only in the
	 * words us_spelling knows */
	if (w->title && !*exact && *sim >= 0.5) {
		words a, b;

		t = field_words(p->fc, w->title, 0);
		if (words_us(&p->title, &a) + words_us(t, &b)) {
			char k1[1024];

			if ((d = dice(&a, &b)) > *sim)
				*sim = d;
			words_key(&b, key, sizeof(key));
			words_key(&a, k1, sizeof(k1));
			*exact = key[0] && !strcmp(key, k1);
		}
	}
	/* Dryad titles a dataset "Data from: <the article's title>", which a
	 * reference may leave out */
	if (w->title && !*exact && !strncasecmp(w->title, "Data from:", 10) && w->title[10]) {
		t = field_words(p->fc, w->title + 10, 0);
		if ((d = dice(&p->title, t)) > *sim)
			*sim = d;
		*exact = words_key_is(t, sizeof(key), p->title_key, p->title_key_len);
	}
}

/* A folded family name spelt loosely: letters folding keeps (ø, æ, œ,
 * ß, ł, đ, ð, þ, ı) as ASCII, and "ae", "oe", "ue" as the vowel alone,
 * so that "Folner", "Foelner" and "Følner", "Mueller" and "Müller" (folded
 * "muller") agree. Into out (n bytes). */
static void family_loose(const char *in, char *out, size_t n)
{
	static const struct {
		const char *utf8, *ascii;
	} map[] = { { "\xc3\xb8", "o" }, { "\xc3\xa6", "ae" }, { "\xc5\x93", "oe" }, { "\xc3\x9f", "ss" },
		    { "\xc5\x82", "l" }, { "\xc4\x91", "d" },  { "\xc3\xb0", "d" },  { "\xc3\xbe", "th" },
		    { "\xc4\xb1", "i" } };
	size_t o = 0, k;

	while (*in && o + 3 < n) {
		if ((unsigned char)*in >= 0x80) {
			for (k = 0; k < sizeof(map) / sizeof(map[0]); k++)
				if (!strncmp(in, map[k].utf8, 2))
					break;
			if (k < sizeof(map) / sizeof(map[0])) {
				size_t l = strlen(map[k].ascii);

				memcpy(out + o, map[k].ascii, l);
				o += l;
				in += 2;
				continue;
			}
		}
		out[o++] = *in++;
	}
	out[o] = '\0';
	/* "ae", "oe", "ue" after the first letter: the umlaut's spelling */
	for (k = 1, o = 1; out[0] && out[k]; k++) {
		if (out[k] == 'e' && (out[k - 1] == 'a' || out[k - 1] == 'o' || out[k - 1] == 'u'))
			continue;
		out[o++] = out[k];
	}
	if (out[0])
		out[o] = '\0';
}

/* Two folded family names the same, loosely (family_loose)? Only names
 * with a letter folding keeps or a vowel and an e are looked at again. */
static int family_loose_eq(const char *a, const char *b)
{
	char la[72], lb[72];

	if (!strpbrk(a, "e\xc3\xc4\xc5") && !strpbrk(b, "e\xc3\xc4\xc5"))
		return 0;
	family_loose(a, la, sizeof(la));
	family_loose(b, lb, sizeof(lb));
	return la[0] && !strcmp(la, lb);
}

/* A Chinese, Japanese or Korean name written whole ("张三") for a family
 * name ("张") recorded apart from the given name: family first, at most
 * two more characters. */
static int cjk_whole_name(const char *whole, const char *family)
{
	size_t l = strlen(family), n = strlen(whole);

	return (unsigned char)whole[0] >= 0xe0 && (unsigned char)family[0] >= 0xe0 && n > l && n - l <= 6 &&
	       !strncmp(whole, family, l);
}

typedef struct author_cmp {
	int first_match;   /* first stated author is the work's first */
	size_t found;      /* stated authors found among the work's */
	size_t stated;
	int order_ok;      /* found ones appear in the same order */
	int first_pos;     /* where the first stated author is in the work's list (-1: nowhere) */
	int skipped;       /* the i-th stated author found elsewhere than i-th: one left out */
	int unfound;       /* 1 + the first stated author not among the work's (0: none) */
} author_cmp;

static author_cmp compare_authors(const qr_ref *r, const prep *p, const kg_work *w)
{
	author_cmp c = { 0, 0, r->nauthors, 1, -1, 0, 0 };
	char wf[KG_WORK_AUTHORS][64];
	unsigned char used[KG_WORK_AUTHORS] = { 0 }, folded[KG_WORK_AUTHORS] = { 0 };
	size_t i, j, k, last = 0;

	for (i = 0; i < r->nauthors && i < QR_AUTHORS; i++) {
		const char *rf = p->fam[i];
		char ri = p->ini[i];

		if (!rf[0])
			continue;
		/* the next unused author of that name, looking on from the last
		 * match first (two authors may share a family name); the work's
		 * names are folded when first looked at */
		for (k = 0; k < w->nauthors; k++) {
			char wi;

			j = (last + k) % w->nauthors;
			if (!folded[j]) {
				if (j < FAMILIES_CACHED && w->authors[j].family)
					fold_family_words(family_words(p->fc, j, w->authors[j].family), wf[j], sizeof(wf[j]));
				else
					fold_family(p->fc, wf[j], sizeof(wf[j]), w->authors[j].family);
				folded[j] = 1;
			}
			wi = initial(w->authors[j].given);
			/* same family name ("Van der Waals" / "Waals", hyphenated
			 * double names), and the same first initial when both are
			 * known (two authors called Wang are not one) */
			if (!used[j] && wf[j][0] && (!ri || !wi || ri == wi) &&
			    (!strcmp(rf, wf[j]) || (strlen(rf) >= 4 && strstr(wf[j], rf)) ||
			     (strlen(wf[j]) >= 4 && strstr(rf, wf[j])) || cjk_whole_name(rf, wf[j]) ||
			     family_loose_eq(rf, wf[j]))) {
				used[j] = 1;
				c.found++;
				if (i == 0)
					c.first_match = j == 0, c.first_pos = (int)j;
				if (j != i)
					c.skipped = 1;
				if (j < last)
					c.order_ok = 0;
				last = j;
				break;
			}
		}
		if (k == w->nauthors && !c.unfound)
			c.unfound = (int)i + 1;
	}
	return c;
}

/* A stated author added to the work's whole list: 1 + the first stated
 * author who is none of the work's and no word of any of their names
 * ("Sharma" of "Srinivasa, Rakshith Sharma, Mark A. Davenport", read as
 * an author of its own, is Srinivasa's given name), when every one of the
 * work's authors is known and stated; else 0. (Only the first stated
 * author not found is looked at.) */
static int added_author(const qr_ref *r, const prep *p, const kg_work *w, const author_cmp *a, size_t total)
{
	size_t i = (size_t)a->unfound - 1, j, k, x;

	if (!a->unfound || !total || w->nauthors != total || a->found != total || i >= r->nauthors ||
	    i >= QR_AUTHORS || !p->fam[i][0])
		return 0;
	/* a word of the work's title read as a name ("Wallack, E. M.
	 * Hemiparesis and Cervical Spondylosis-Reply"): the parse's error */
	if (w->title && r->authors[i].family[0]) {
		words fw;
		const words *tw;

		split_words(r->authors[i].family, &fw, 0);
		tw = field_words(p->fc, w->title, 0);
		if (shares_word(&fw, tw))
			return 0;
	}
	for (j = 0; j < w->nauthors; j++) {
		const char *parts[2] = { w->authors[j].given, w->authors[j].family };

		for (k = 0; k < 2; k++) {
			words nw;

			if (!parts[k])
				continue;
			split_words(parts[k], &nw, 0);
			for (x = 0; x < nw.n; x++)
				if (!strcmp(nw.w[x], p->fam[i]))
					return 0;
		}
	}
	return a->unfound;
}

/* Is the work a notice about an article ("Erratum: Analysis of ...",
 * "Correction to ...", "Retraction: ...") and the stated title without
 * that label? ("Retracted: ..." is the article itself.) */
static int notice_of(const qr_ref *r, const kg_work *w)
{
	static const char *const label[] = { "erratum", "errata", "corrigendum", "correction", "retraction",
					     "retraction notice", "expression of concern", "notice of retraction" };
	size_t i, l;

	if (!w->title)
		return 0;
	for (i = 0; i < sizeof(label) / sizeof(label[0]); i++) {
		l = strlen(label[i]);
		/* ("Correction to ...", "Erratum for ...", but not "Correction
		 * of hallux valgus ...", an article's title) */
		if (!strncasecmp(w->title, label[i], l) &&
		    (w->title[l] == ':' || !strncasecmp(w->title + l, " to ", 4) || !strncasecmp(w->title + l, " for ", 5)) &&
		    strncasecmp(r->title, label[i], l))
			return 1;
	}
	return 0;
}

/* Words that may come before a venue's name: "Proceedings of the 39th
 * International Conference ...", "2023 IEEE/CVF Conference ...". */
static int lead_word(const char *w)
{
	static const char *const lead[] = { "proceedings", "proc", "annual", "ieee", "acm", "cvf", "siam", "usenix",
					    "worldwide" /* ("Worldwide Protein Data Bank") */ };
	size_t i, l = strlen(w), d = strspn(w, "0123456789");

	if (d == l || (d && d + 2 == l && (!strcmp(w + d, "st") || !strcmp(w + d, "nd") || !strcmp(w + d, "rd") ||
					  !strcmp(w + d, "th"))))
		return 1;
	for (i = 0; i < sizeof(lead) / sizeof(lead[0]); i++)
		if (w[0] == lead[i][0] && !strcmp(w, lead[i])) /* (the first letter rules most out) */
			return 1;
	return 0;
}

/* Is one of v's words one of list[0..n)? */
static int any_word_of(const words *v, const char *const *list, size_t n)
{
	size_t i, k;

	for (i = 0; i < v->n; i++)
		for (k = 0; k < n; k++)
			if (!strcmp(v->w[i], list[k]))
				return 1;
	return 0;
}

/* Does a stated venue name a journal by a word journals' names have
 * ("IEEE Trans. Signal Process.", "J. Appl. Phys.", "Phys. Rev. Lett.")?
 * An acronym alone ("ICML", "AMIERJ") may be anything. */
static int journal_named(const words *v)
{
	static const char *const words_of[] = { "journal", "j", "transactions", "trans", "letters", "lett", "review",
						"reviews", "rev", "magazine", "mag", "annals", "ann", "bulletin", "bull",
						"archives", "arch", "quarterly", "acta", "physica" };

	return any_word_of(v, words_of, sizeof(words_of) / sizeof(words_of[0]));
}

/* Journals called proceedings: PNAS, the Royal Society's, the IEEE's. */
static int journal_proceedings(const char *venue)
{
	static const char *const names[] = { "national academy", "natl acad", "natl. acad", "royal society", "r soc",
					     "r. soc", "proceedings of the ieee", "proc. ieee", "proc ieee" };
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strcasestr(venue, names[i]))
			return 1;
	return 0;
}

/* Does a stated venue name a conference ("Proc. TQC 2013", "TQC 2013",
 * "Workshop on ...")? A publisher's name, which APA puts where the
 * venue goes for a record with no container, does not. */
static int conference_named(const words *v, const char *stated)
{
	size_t l = strlen(stated);
	static const char *const words_of[] = { "proceedings", "proc", "conference", "conf", "symposium", "symp",
						"workshop", "colloquium", "meeting" };

	if (any_word_of(v, words_of, sizeof(words_of) / sizeof(words_of[0])))
		return 1;
	/* an acronym and its year ("TQC 2013", "ICML'21" aside) */
	while (l && (stated[l - 1] == '.' || stated[l - 1] == ' '))
		l--;
	return v->n == 1 && l > 5 && stated[l - 5] == ' ' && strspn(stated + l - 4, "0123456789") >= 4 &&
	       (stated[l - 4] == '1' || stated[l - 4] == '2');
}

/* Does a stated venue name the work's container? Abbreviations count:
 * every stated word must start the corresponding venue word, in order,
 * skipping stop words ("Phys. Rev. B" = "Physical Review B"). */
static int venue_words_match_w(const words *a, const words *bw);

static int venue_words_match(const words *a, const char *venue)
{
	words b;

	split_words(venue, &b, 1);
	if (!b.n)
		split_words(venue, &b, 0);
	return venue_words_match_w(a, &b);
}

/* The same against a venue already split (stop words dropped). */
static int venue_words_match_w(const words *a, const words *bw)
{
	size_t i = 0, j = 0;

	if (!a->n || !bw->n)
		return 0;
	while (i < a->n && j < bw->n) {
		size_t l = strlen(a->w[i]);

		if (!strncmp(bw->w[j], a->w[i], l)) { /* a prefix: the abbreviation or the word */
			i++;
			j++;
		} else if (i > 0 || lead_word(bw->w[j])) {
			j++; /* a venue word the abbreviation leaves out; "Proceedings
			      * of the 39th", "2023 IEEE/CVF" before the name */
		} else {
			return 0; /* "Ecology" is not "FEMS Microbiology Ecology" */
		}
	}
	/* "Ecology" is not "Ecology Letters" either; a longer abbreviation
	 * may leave out a word or two at the end ("... of America") */
	return i == a->n && (bw->n - j == 0 || (a->n >= 2 && bw->n - j <= 2));
}

/* Is abbr an abbreviation of full word for word: as many words (stop
 * words aside, two or more), each the start of the other's ("Acta Inf."
 * of "Acta Informatica")? Stricter than venue_words_match_w, which lets a
 * stated abbreviation leave words out: a name stated in full that the
 * work's abbreviation would only begin is another venue. */
static int abbreviates(const words *abbr, const words *full)
{
	size_t i;

	if (abbr->n < 2 || abbr->n != full->n)
		return 0;
	for (i = 0; i < abbr->n; i++)
		if (strncmp(full->w[i], abbr->w[i], strlen(abbr->w[i])))
			return 0;
	return 1;
}

/* A stated acronym ("CVPR", "Proc. NeurIPS 2017", booktitle={AAAI}) for a
 * venue named in full: the acronym in parentheses at the end of the
 * venue's name ("... Pattern Recognition (CVPR)"), or a name the venue
 * table gives the acronym standing in the venue's name word for word, and
 * not as the start of a longer name ("International Conference on Machine
 * Learning and Applications" is not ICML). */
static int venue_by_acronym(const prep *p, const char *v)
{
	const char *open = strrchr(v, '(');
	const words *vw;
	size_t i, j, k;

	if (!p->nacro)
		return 0;
	if (open) {
		char paren[32];
		size_t n = 0;

		for (open++; *open && *open != ')' && n + 1 < sizeof(paren); open++)
			if ((*open | 32) >= 'a' && (*open | 32) <= 'z' ? 1 : (*open >= '0' && *open <= '9'))
				paren[n++] = (char)(*open >= 'A' && *open <= 'Z' ? *open + 32 : *open);
		paren[n] = '\0';
		/* "(CVPR)", "(ICCVW)" is not ICCV */
		for (i = 0; n && i < p->nacro; i++)
			if (!strcmp(paren, p->acro[i]))
				return 1;
	}
	if (!p->nalias)
		return 0;
	vw = field_words(p->fc, v, 0);
	for (k = 0; k < p->nalias; k++) {
		const words *a = &p->alias_words[k];

		for (i = 0; a->n && i + a->n <= vw->n; i++) {
			for (j = 0; j < a->n && !strcmp(vw->w[i + j], a->w[j]); j++)
				;
			if (j == a->n && !(i + j < vw->n && (!strcmp(vw->w[i + j], "and") ||
							     !strncmp(vw->w[i + j], "workshop", 8))))
				return 1;
		}
	}
	return 0;
}

/* A work's venue split for matching: stop words dropped, unless nothing
 * else is left ("A&A"). */
static const words *venue_words(const prep *p, const char *v)
{
	const words *x = field_words(p->fc, v, 1);

	return x->n ? x : field_words(p->fc, v, 0);
}

/* "arXiv preprint", "arXiv e-prints", "CoRR" (dblp's name for arXiv's
 * computing listings), "bioRxiv preprint": the server a preprint was
 * posted on, named for a preprint posted there. Words such a style adds
 * to the server's name are no part of it. */
static int preprint_word(const char *w)
{
	static const char *const pw[] = { "preprint", "preprints", "eprint", "eprints", "e", "print", "prints",
					  "posted", "server" };
	size_t i;

	for (i = 0; i < sizeof(pw) / sizeof(pw[0]); i++)
		if (!strcmp(w, pw[i]))
			return 1;
	return 0;
}

static int is_arxiv_name(const char *w)
{
	return !strcmp(w, "arxiv") || !strcmp(w, "corr");
}

static int venue_server(const prep *p, const kg_work *w)
{
	words s;
	size_t i, k = 0;

	if (!w->type || strcmp(w->type, "posted-content") || !p->venue.n)
		return 0;
	s = p->venue;
	for (i = 0; i < s.n; i++)
		if (!preprint_word(s.w[i])) {
			s.w[k] = s.w[i];
			s.h[k++] = s.h[i];
		}
	if (!k)
		return 0;
	if (k == 1 && is_arxiv_name(s.w[0])) {
		if (w->arxiv)
			return 1;
		for (i = 0; i < w->ncontainer; i++) {
			const words *cw = venue_words(p, w->container[i]);

			if (cw->n == 1 && is_arxiv_name(cw->w[0]))
				return 1;
		}
		return 0;
	}
	if (k == s.n)
		return 0; /* no server named: compared as a venue */
	s.n = k;
	for (i = 0; i < w->ncontainer; i++)
		if (venue_words_match_w(&s, venue_words(p, w->container[i])))
			return 1;
	return 0;
}

/* The words of a venue name before its trailing numbers: "iConference
 * 2019", "MobiCom 14" (a reference's venue has its year taken out). */
static size_t name_end(const words *a)
{
	size_t n = a->n;

	while (n > 1 && a->w[n - 1][0] && strspn(a->w[n - 1], "0123456789") == strlen(a->w[n - 1]))
		n--;
	return n;
}

/* Two venue names word for word, the lead words and trailing numbers of
 * either aside. */
static int same_name_after_lead(const words *a, const words *b)
{
	size_t i = 0, j = 0, na = name_end(a), nb = name_end(b);

	while (i + 1 < na && lead_word(a->w[i]))
		i++;
	while (j + 1 < nb && lead_word(b->w[j]))
		j++;
	if (na - i != nb - j || i == na)
		return 0;
	for (; i < na; i++, j++)
		if (strcmp(a->w[i], b->w[j]))
			return 0;
	return 1;
}

/* A journal named in two languages ("Nordisk judaistik/Scandinavian
 * Jewish Studies", "ZAMM - Journal of Applied Mathematics and Mechanics /
 * Zeitschrift für Angewandte Mathematik und Mechanik"), stated by one of
 * its names: the stated venue names the part before a '/' or the part
 * after it, each of two words or more ("IEEE/ACM Transactions", "Tcl/Tk",
 * "B/Fluids" are one name). A slash inside a name of more words ("MCN:
 * The American Journal of Maternal/Child Nursing") is taken the same way:
 * "Child Nursing" would pass for it. */
static int parallel_name(const prep *p, const char *v)
{
	const char *slash;
	char part[256];
	words a, b;

	for (slash = strchr(v, '/'); slash; slash = strchr(slash + 1, '/')) {
		if ((size_t)(slash - v) >= sizeof(part))
			return 0;
		memcpy(part, v, (size_t)(slash - v));
		part[slash - v] = '\0';
		split_words(part, &a, 1);
		split_words(slash + 1, &b, 1);
		if (a.n >= 2 && b.n >= 2)
			return venue_words_match_w(&p->venue, &a) || venue_words_match_w(&p->venue, &b);
	}
	return 0;
}

/* Book series that proceedings are published in: a paper's record that
 * names only one of them names no conference. */
static const char *const book_series[] = {
	"lecture notes in computer science", "lecture notes in artificial intelligence",
	"lecture notes in bioinformatics", "communications in computer and information science",
	"advances in intelligent systems and computing", "lecture notes in electrical engineering",
	"lecture notes in networks and systems", "studies in computational intelligence",
	"ifip advances in information and communication technology", "smart innovation systems and technologies",
	"lecture notes in business information processing", "lecture notes in mechanical engineering",
	"lecture notes in civil engineering", "springer proceedings in mathematics statistics",
	"springer proceedings in physics",
};

/* Are the work's venues only book series (and it a paper or chapter)? */
static int series_only(const kg_work *w)
{
	size_t i, k, hits = 0;

	if (!w->ncontainer || !w->type ||
	    (strcmp(w->type, "proceedings-article") && strcmp(w->type, "book-chapter") &&
	     strcmp(w->type, "conference-paper")))
		return 0;
	for (i = 0; i < w->ncontainer; i++) {
		char f[128];
		size_t n = 0;
		const char *v = w->container[i];

		/* (lower case, letters and single spaces: "Smart Innovation, Systems and Technologies") */
		for (; *v && n + 1 < sizeof(f); v++) {
			char ch = *v >= 'A' && *v <= 'Z' ? (char)(*v + 32) : *v;

			if (ch >= 'a' && ch <= 'z')
				f[n++] = ch;
			else if (ch == ' ' && n && f[n - 1] != ' ')
				f[n++] = ' ';
		}
		f[n] = '\0';
		for (k = 0; k < sizeof(book_series) / sizeof(book_series[0]); k++)
			if (!strcmp(f, book_series[k])) {
				hits++;
				break;
			}
	}
	return hits == w->ncontainer;
}

/* Does the stated venue name a book series by its abbreviation ("LNCS",
 * "LNAI", "CCIS", "AISC")? */
static int series_named(const words *v)
{
	static const char *const abbr[] = { "lncs", "lnai", "lnbi", "ccis", "aisc", "lnee", "lnns", "lnbip", "ifip" };

	return any_word_of(v, abbr, sizeof(abbr) / sizeof(abbr[0]));
}

static int venue_match(const prep *p, const kg_work *w)
{
	char head[256];
	size_t i;

	if (venue_server(p, w))
		return 1;
	/* a work in no container (a dataset, software, a report, a book):
	 * APA names its publisher where a journal would stand ("[Data set].
	 * Zenodo.") */
	if (!w->ncontainer && !w->nshort && w->publisher && w->publisher[0] && p->venue.n) {
		const words *pw = venue_words(p, w->publisher);

		/* the name or its start ("Faculty of Medicine" of "Faculty
		 * of Medicine, Public Health and Nursing, UGM") */
		for (i = 0; i < p->venue.n && i < pw->n && !strcmp(p->venue.w[i], pw->w[i]); i++)
			;
		/* (or the publisher's whole name starting the one stated:
		 * "Dryad Digital Repository" for "Dryad") */
		if (i == p->venue.n || (i == pw->n && pw->n) || venue_words_match_w(&p->venue, pw))
			return 1;
	}

	for (i = 0; i < w->ncontainer + w->nshort; i++) {
		const char *v = i < w->ncontainer ? w->container[i] : w->short_container[i - w->ncontainer];

		if (venue_words_match_w(&p->venue, venue_words(p, v)))
			return 1;
		venue_head(v, head, sizeof(head));
		if (head[0] && venue_words_match(&p->venue, head))
			return 1;
		if (p->venue_head.n && venue_words_match_w(&p->venue_head, venue_words(p, v)))
			return 1;
		if (venue_by_acronym(p, v))
			return 1;
		/* dblp's abbreviated journal names ("Acta Inf.", "IEEE Trans.
		 * Pattern Anal. Mach. Intell.") for a venue stated in full */
		if (strchr(v, '.') && abbreviates(venue_words(p, v), &p->venue))
			return 1;
		/* "HotNets" for the event "HotNets '21" */
		if (same_name_after_lead(&p->venue, venue_words(p, v)))
			return 1;
		if (strchr(v, '/') && parallel_name(p, v))
			return 1;
		/* "Advances in Neural Information Processing Systems",
		 * "Proceedings of ICML": words a reference puts before the name */
		if (p->venue.n > 1 && (!strcmp(p->venue.w[0], "advances") || lead_word(p->venue.w[0]))) {
			words tail = p->venue;
			size_t k = 0;

			while (k + 1 < tail.n && (!strcmp(tail.w[k], "advances") || lead_word(tail.w[k])))
				k++;
			memmove(tail.w, tail.w + k, (tail.n - k) * sizeof(tail.w[0]));
			memmove(tail.h, tail.h + k, (tail.n - k) * sizeof(tail.h[0]));
			tail.n -= k;
			if (tail.n >= 2 && venue_words_match_w(&tail, venue_words(p, v)))
				return 1;
			/* "Proc. EC", "Proc. ACM Multimedia" for dblp's booktitles
			 * "EC", "ACM Multimedia": the name whole, lead words aside */
			if (same_name_after_lead(&tail, venue_words(p, v)))
				return 1;
		}
	}
	return 0;
}

/* Volume, issue, page: the same, leading zeros, case, dots and the kind
 * of dash aside ("05" = "5", "5–6" = "5-6", "ed.esp." = "ed.esp"). */
static int same_number(const char *a, const char *b)
{
	while (*a == '0' && a[1])
		a++;
	while (*b == '0' && b[1])
		b++;
	while (*a && *b) {
		size_t la = !strncmp(a, "\xe2\x80\x93", 3) || !strncmp(a, "\xe2\x80\x94", 3) ? 3 : 1;
		size_t lb = !strncmp(b, "\xe2\x80\x93", 3) || !strncmp(b, "\xe2\x80\x94", 3) ? 3 : 1;
		int ca = la == 3 ? '-' : (unsigned char)*a, cb = lb == 3 ? '-' : (unsigned char)*b;

		if (ca >= 'A' && ca <= 'Z')
			ca += 32;
		if (cb >= 'A' && cb <= 'Z')
			cb += 32;
		if (ca == '.' && cb != '.') {
			a++; /* "ed.esp." = "ed.esp" */
			continue;
		}
		if (cb == '.' && ca != '.') {
			b++;
			continue;
		}
		if (ca != cb)
			return 0;
		a += la;
		b += lb;
	}
	while (*a == '.')
		a++;
	while (*b == '.')
		b++;
	return !*a && !*b;
}

/* Does the work's venue, or its conference, name a year ("2003 Joint
 * Conference on Digital Libraries", "XXIst Symposium 2002")? */
static int venue_has_year(const kg_work *w, int y)
{
	char b[21];
	size_t i;

	pk_str_int(b, y);
	for (i = 0; i < w->ncontainer + w->nshort; i++) {
		const char *v = i < w->ncontainer ? w->container[i] : w->short_container[i - w->ncontainer], *p = v;

		while ((p = strstr(p, b))) {
			if ((p == v || !(p[-1] >= '0' && p[-1] <= '9')) && !(p[4] >= '0' && p[4] <= '9'))
				return 1;
			p++;
		}
	}
	return 0;
}

/* Is the integer v among the numbers written in s ("2068-2075")? */
static int number_in_field_int(const char *s, int v)
{
	char b[21];
	const char *p;
	size_t l;

	if (!s || !*s || v <= 0)
		return 0;
	l = pk_str_int(b, v);
	for (p = s; (p = strstr(p, b)); p++)
		if ((p == s || !(p[-1] >= '0' && p[-1] <= '9')) && !(p[l] >= '0' && p[l] <= '9'))
			return 1;
	return 0;
}

/* Is the number written s the integer v? */
static int same_number_int(const char *s, int v)
{
	char b[21];

	if (!s || !*s || v <= 0)
		return 0;
	pk_str_int(b, v);
	return same_number(s, b);
}

/* Is the number written s the article number a DOI ends with (Hindawi's
 * "10.1155/2010/454506", cited "2010;2010:454506" or "Article ID 454506";
 * its record gives pages "1-11")? Four digits or more. */
static int doi_article_number(const char *s, const kg_work *w)
{
	const char *tail;
	size_t l;

	if (!s || !*s || !w->doi || !(tail = strrchr(w->doi, '/')))
		return 0;
	tail++;
	l = strlen(tail);
	return l >= 4 && strspn(tail, "0123456789") == l && same_number(s, tail);
}

static int pages_match(const qr_ref *r, const kg_work *w)
{
	char first[32];

	if (w->page) {
		pk_str_ncopy(first, sizeof(first), w->page, strcspn(w->page, "-–,"));
		if (same_number(r->first_page, first))
			return 1;
		/* dblp's "21:1-21:42": page 1 of article 21, cited "21:1-21:42"
		 * or "21" */
		if (strchr(first, ':')) {
			first[strcspn(first, ":")] = '\0';
			if (first[0] && same_number(r->first_page, first))
				return 1;
		}
	}
	return (w->article_number && same_number(r->first_page, w->article_number)) ||
	       doi_article_number(r->first_page, w);
}

/* ---- the reference string itself ------------------------------------------
 *
 * A parse can be wrong (a title ending in "?", a name particle, a style
 * the patterns do not know), so every candidate work is also looked for in
 * the reference string itself: its title as a run of words, its authors'
 * family names, its years, its venue, volume and first page. A field the
 * string shows is the work's own even when the parse put it elsewhere.
 */

typedef struct rtext {
	size_t n;
	int et_al;         /* "et al.", "...", "等": the list is cut on purpose */
	int glued;         /* initials written as one word after the name ("Lin LP") */
	size_t nyears;
	/* the arrays last: rtext_init clears what comes before, and each is
	 * read only up to n (the words) or nyears (the years) */
	int year[24];      /* the years the string states, and the word each is */
	size_t year_at[24];
	const char *w[RT_WORDS];
	uint32_t h[RT_WORDS];       /* each word's hash */
	unsigned char stop[RT_WORDS]; /* a stop word */
	unsigned char accessed[RT_WORDS]; /* a number of an access date (words with a digit
					   * first or second: access_date) */
	/* the words by the low bits of their hashes: head[s] the first word
	 * whose hash has slot s, next[i] the next word after i with the same
	 * (-1: none); made once the words are (read only when n > 0) */
	int16_t head[RT_SLOTS];
	int16_t next[RT_WORDS];
	char buf[2400];
} rtext;

static int access_date(const struct rtext *rt, size_t i);

static int year_word(const char *w)
{
	size_t l = strlen(w);
	int y;

	if (l < 4 || l > 5 || !(w[0] == '1' || w[0] == '2'))
		return 0;
	if (w[1] < '0' || w[1] > '9' || w[2] < '0' || w[2] > '9' || w[3] < '0' || w[3] > '9')
		return 0;
	if (l == 5 && !(w[4] >= 'a' && w[4] <= 'z'))
		return 0; /* "2019a" */
	y = (w[0] - '0') * 1000 + (w[1] - '0') * 100 + (w[2] - '0') * 10 + (w[3] - '0');
	return y >= 1600 && y <= 2099 ? y : 0;
}

static void rtext_init(rtext *r, const char *text)
{
	pk_buf f = PK_BUF_INIT;
	char *p;

	memset(r, 0, offsetof(rtext, year));
	if (!text || !*text)
		return;
	r->et_al = strstr(text, "et al") || strstr(text, "...") || strstr(text, "\xe2\x80\xa6") ||
		   strstr(text, "\xe7\xad\x89") /* 等 */ || strstr(text, "et. al");
	/* (plain ASCII, as most references are, folds in place: what
	 * fold_words gives it, cut as pk_utf8_copy cuts ASCII) */
	if (kg_fold_plain(text, strlen(text), r->buf, sizeof(r->buf)) < 0) {
		if (fold_words(&f, text, strlen(text)) < 0 || !f.ptr) {
			pk_buf_release(&f);
			pk_error_clear();
			r->buf[0] = '\0';
			return;
		}
		pk_utf8_copy(r->buf, sizeof(r->buf), f.ptr);
		pk_buf_release(&f);
	}
	for (p = r->buf; *p && r->n < RT_WORDS;) {
		char *sp = strchr(p, ' ');
		int y;

		if (sp)
			*sp = '\0';
		if (*p) {
			/* (the year of an access date is not the work's; read once
			 * here for stray_number, which asks for every candidate) */
			r->accessed[r->n] = ((p[0] >= '0' && p[0] <= '9') || (p[0] && p[1] >= '0' && p[1] <= '9')) &&
					    access_date(r, r->n);
			if ((y = year_word(p)) && !r->accessed[r->n] && r->nyears < sizeof(r->year) / sizeof(r->year[0])) {
				r->year[r->nyears] = y;
				r->year_at[r->nyears++] = r->n;
			}
			r->h[r->n] = pk_fnv1a32(p, strlen(p));
			r->stop[r->n] = (unsigned char)is_stop(p);
			r->w[r->n++] = p;
		}
		if (!sp)
			break;
		p = sp + 1;
	}
	{
		size_t i;

		memset(r->head, 0xff, sizeof(r->head));
		for (i = r->n; i-- > 0;) {
			r->next[i] = r->head[r->h[i] & (RT_SLOTS - 1)];
			r->head[r->h[i] & (RT_SLOTS - 1)] = (int16_t)i;
		}
	}
}

/* How much of a title (words t) stands in the string, in order: the share
 * of its words found, allowing a word missing, added or changed here and
 * there. *exact: every word, contiguous. *a, *b: the words of r it spans. */
static double title_in_text(const words *t, const rtext *r, int *exact, size_t *a, size_t *b)
{
	double best = 0;
	size_t i;
	int p0, p1;

	*exact = 0;
	if (!t->n || !r->n)
		return 0;
	/* word k of the string is word j of the title */
#define SAME(k, j) (r->h[k] == t->h[j] && !strcmp(r->w[k], t->w[j]))
	/* (the words that may be the title's first or second, in order: those
	 * whose hash has the slot of one of theirs; any other is neither) */
	p0 = r->head[t->h[0] & (RT_SLOTS - 1)];
	p1 = t->n >= 2 && (t->h[1] & (RT_SLOTS - 1)) != (t->h[0] & (RT_SLOTS - 1)) ? r->head[t->h[1] & (RT_SLOTS - 1)] : -1;

	while (p0 >= 0 || p1 >= 0) {
		size_t j = 0, k, m = 0, extra = 0, miss = 0;
		double cov;

		if (p1 < 0 || (p0 >= 0 && p0 < p1)) {
			i = (size_t)p0;
			p0 = r->next[p0];
		} else {
			i = (size_t)p1;
			p1 = r->next[p1];
		}
		k = i;
		if (!SAME(i, 0)) {
			if (t->n < 2 || !SAME(i, 1))
				continue;
			j = 1; /* the first word changed or dropped */
			miss = 1;
		}
		while (j < t->n && k < r->n && miss <= t->n / 3 + 1) {
			if (SAME(k, j)) {
				m++, j++, k++;
			} else if (j + 1 < t->n && SAME(k, j + 1)) {
				j++, miss++; /* a title word missing */
			} else if (k + 1 < r->n && SAME(k + 1, j)) {
				k++, extra++; /* a word added */
			} else {
				j++, k++, miss++; /* a word changed */
			}
		}
		/* words added inside the title count against it: a changed last
		 * word must not pass as an insertion before the venue's first */
		cov = (double)m / (double)(t->n + extra);
		if (cov > best) {
			best = cov;
			*exact = m == t->n && extra == 0;
			*a = i;
			*b = k;
		}
		if (*exact)
			break;
	}
#undef SAME
	return best;
}

/* Where the folded family name (one or more words: "van der lee",
 * "gil alana") stands in the string, -1 if nowhere. With claimed, a word
 * another author took is skipped and the one found is claimed (two
 * authors called Li are two words "li"). */
static int initials_fit(const rtext *r, size_t a, size_t b, char ini);

/* Are the string's words from i on the nf words fw (hashes fh), none of
 * them claimed? */
static int words_at(const rtext *r, size_t i, const char *const *fw, const uint32_t *fh, size_t nf,
		    const unsigned char *claimed)
{
	size_t k;

	for (k = 0; k < nf && !(claimed && claimed[i + k]) && r->h[i + k] == fh[k] && !strcmp(r->w[i + k], fw[k]); k++)
		;
	return k == nf;
}

static long family_in_text(fcache *fc, const rtext *r, size_t author, const char *family, char ini,
			   unsigned char *claimed)
{
	words own;
	const words *fws = &own;
	const char *const *fw;
	const uint32_t *fh; /* hashed as rtext_init hashes the string's words */
	size_t nf, i, k;
	long at = -1;
	int cjk;

	if (!family || !*family)
		return -1;
	if (author < FAMILIES_CACHED)
		fws = family_words(fc, author, family);
	else
		fws = kept_words(fc, family, 0, &own);
	fw = fws->w;
	fh = fws->h;
	nf = fws->n < 8 ? fws->n : 8;
	/* a one-word CJK family name may begin the word ("王小明") */
	cjk = nf == 1 && (unsigned char)fw[0][0] >= 0xe0;
	if (cjk) {
		for (i = 0; nf && i + nf <= r->n && at < 0; i++)
			if ((words_at(r, i, fw, fh, nf, claimed) || (!(claimed && claimed[i]) && cjk_whole_name(r->w[i], fw[0]))) &&
			    initials_fit(r, i, i + nf, ini))
				at = (long)i;
	} else if (nf && r->n) {
		/* (only a word whose hash has the slot of the name's first word
		 * can begin it: those, in order, from the string's index) */
		int p;

		for (p = r->head[fh[0] & (RT_SLOTS - 1)]; p >= 0 && (size_t)p + nf <= r->n && at < 0; p = r->next[p])
			if (words_at(r, (size_t)p, fw, fh, nf, claimed) && initials_fit(r, (size_t)p, (size_t)p + nf, ini))
				at = p;
	}
	/* written in one word: "vanderlee", "odonoghue" */
	if (at < 0 && nf > 1) {
		char joined[128] = "";
		size_t jl = 0;

		for (k = 0; k < nf && jl + strlen(fw[k]) < sizeof(joined); k++)
			jl += pk_str_copy(joined + jl, sizeof(joined) - jl, fw[k]);
		for (i = 0; i < r->n && at < 0; i++)
			if (!(claimed && claimed[i]) && !strcmp(r->w[i], joined) && initials_fit(r, i, i + 1, ini))
				at = (long)i, nf = 1;
	}
	if (claimed && at >= 0)
		for (k = 0; k < nf; k++)
			claimed[at + (long)k] = 1;
	return at;
}

/* The initials written next to a family name at words [a, b) ("Rosmej,
 * O. N." or "F. B. Rosmej"): do they allow the given initial ini? Only
 * single letters count. The letters on one side may be another author's
 * ("More, R., Rosmej, O. N."), so a name is refused only when there are
 * initials on both sides and neither has ini. */
static int initials_fit(const rtext *r, size_t a, size_t b, char ini)
{
	size_t k;
	int after = 0, before = 0;

	if (!ini)
		return 1;
	ini = (char)(ini | 32);
	for (k = b; k < r->n && k < b + 4 && strlen(r->w[k]) == 1 && r->w[k][0] >= 'a' && r->w[k][0] <= 'z'; k++) {
		after = 1;
		if (r->w[k][0] == ini)
			return 1;
	}
	/* Vancouver writes the initials as one word ("Lin LP") */
	if (r->glued && !after && b < r->n && strlen(r->w[b]) >= 2 && strlen(r->w[b]) <= 3 && r->w[b][0] >= 'a' && r->w[b][0] <= 'z') {
		after = 1;
		if (r->w[b][0] == ini)
			return 1;
	}
	for (k = a; k > 0 && k + 4 > a && strlen(r->w[k - 1]) == 1 && r->w[k - 1][0] >= 'a' && r->w[k - 1][0] <= 'z'; k--) {
		before = 1;
		if (r->w[k - 1][0] == ini)
			return 1;
	}
	/* "Branko J. Malesevic. A Note ...": the given name in full before
	 * the middle initial (the "a" after is the title's article) */
	if (before && k > 0 && k < a && strlen(r->w[k - 1]) >= 2 && r->w[k - 1][0] == ini)
		return 1;
	return !(after && before);
}

/* Claim the given names written beside an author's family name found at
 * word at, so that no other author is found in them ("Lyu, Feng, et al."
 * does not show the work's author Feng). */
static int given_word(const words *g, const char *w)
{
	size_t i;

	for (i = 0; i < g->n; i++)
		if (!strcmp(w, g->w[i]))
			return 1;
	return 0;
}

static void claim_given(fcache *fc, const rtext *r, unsigned char *claimed, long at, const char *given)
{
	words room;
	const words *gw;
	size_t k;

	if (at < 0 || !given || !*given)
		return;
	gw = kept_words(fc, given, 0, &room);
	/* the words right after the family name, then right before it, while
	 * they are its given names or initials */
	for (k = (size_t)at + 1; k < r->n && !claimed[k] && (given_word(gw, r->w[k]) || strlen(r->w[k]) == 1); k++)
		if (given_word(gw, r->w[k]))
			claimed[k] = 1;
	for (k = (size_t)at; k > 0 && !claimed[k - 1] && (given_word(gw, r->w[k - 1]) || strlen(r->w[k - 1]) == 1); k--)
		if (given_word(gw, r->w[k - 1]))
			claimed[k - 1] = 1;
}

/* Is the folded word w in the string outside words [a, b)? */
static int word_in_text(const rtext *r, const char *w, size_t a, size_t b)
{
	size_t i;

	for (i = 0; w && *w && i < r->n; i++)
		if ((i < a || i >= b) && !strcmp(r->w[i], w))
			return 1;
	return 0;
}

/* Does the venue (full or abbreviated: "Phys Rev B" for "Physical Review
 * B", stop words skipped) stand in the string outside the words skip
 * marks? */
static int venue_in_text(const rtext *r, const words *vw, const unsigned char *skip, const unsigned char *in_venue,
			 size_t title_end, size_t *span)
{
	size_t i;

	if (!vw->n)
		return 0;
	for (i = 0; i < r->n; i++) {
		size_t j = 0, k = i, letters = 0;

		if (skip[i] || r->stop[i] || r->w[i][0] != vw->w[0][0])
			continue;
		while (j < vw->n && k < r->n && !skip[k]) {
			size_t l = strlen(r->w[k]);

			if (r->stop[k] && j > 0) {
				k++;
				continue;
			}
			/* a word as written, or abbreviated in a name of several
			 * words ("phys rev" for "physical review"); a one-word
			 * name only as written ("vol" is not "Voluntas") */
			if (!strcmp(r->w[k], vw->w[j]) ||
			    (vw->n > 1 && l >= 1 && l < strlen(vw->w[j]) && !strncmp(vw->w[j], r->w[k], l) &&
			     !(r->w[k][0] >= '0' && r->w[k][0] <= '9') && strcmp(r->w[k], "vol") && strcmp(r->w[k], "no") &&
			     strcmp(r->w[k], "pp"))) {
				letters += l;
				j++, k++;
				continue;
			}
			break;
		}
		/* all of it, and more than a letter or two of it ("J", "T" for
		 * "TheScientificWorldJOURNAL" are nothing) */
		if (j == vw->n && letters >= 3 && (vw->n > 1 || strlen(r->w[i]) >= 3)) {
			/* against what the parse read as the venue: not a part of
			 * it ("Engineering" of "Engineering Structures" or of
			 * "Mathematical Problems in Engineering"), unless the rest
			 * is the work's title the parse ran into the venue ("THE
			 * CLOSED LOOP. Archives of Internal Medicine") */
			if (k < r->n && in_venue[k] && in_venue[k - 1])
				continue;
			if (i > 0 && in_venue[i - 1] && in_venue[i] && i != title_end)
				continue;
			span[0] = i;
			span[1] = k;
			return 1;
		}
	}
	return 0;
}

/* The stated venue's words that may be acronyms (a venue of at most four
 * words, numbers and "proc" aside: "CVPR", "Proc. NeurIPS 2017", "ACM MM"
 * as "acmmm" too), and the names the graph's venue table gives them. */
static void venue_aliases(kg_txn *t, const qr_ref *r, prep *p)
{
	words v;
	char joined[32] = "";
	size_t i, n = 0, jl = 0;

	p->nacro = p->nalias = 0;
	if (!r->venue[0])
		return;
	split_words(r->venue, &v, 0);
	for (i = 0; i < v.n; i++) {
		if ((v.w[i][0] >= '0' && v.w[i][0] <= '9') || !strcmp(v.w[i], "proc") || !strcmp(v.w[i], "in") ||
		    !strcmp(v.w[i], "proceedings") || !strcmp(v.w[i], "of") || !strcmp(v.w[i], "the"))
			continue;
		if (++n > 4)
			return; /* a name, not an acronym */
		if (strlen(v.w[i]) < sizeof(p->acro[0]) && p->nacro < 3)
			pk_str_copy(p->acro[p->nacro++], sizeof(p->acro[0]), v.w[i]);
		if (jl + strlen(v.w[i]) < sizeof(joined))
			jl += pk_str_copy(joined + jl, sizeof(joined) - jl, v.w[i]);
	}
	if (n > 1 && jl && p->nacro < 4)
		pk_str_copy(p->acro[p->nacro++], sizeof(p->acro[0]), joined);
	for (i = 0; i < p->nacro; i++) {
		kg_node nd;
		cJSON *j, *names, *x;

		if (kg_node_get(t, KG_VENUE, p->acro[i], &nd) < 0 || !nd.data) {
			pk_error_clear();
			continue;
		}
		if (!(j = cJSON_Parse(nd.data)))
			continue;
		names = cJSON_GetObjectItemCaseSensitive(j, "names");
		cJSON_ArrayForEach(x, names)
			if (cJSON_IsString(x) && p->nalias < sizeof(p->alias) / sizeof(p->alias[0])) {
				pk_utf8_copy(p->alias[p->nalias], sizeof(p->alias[0]), x->valuestring);
				split_words(p->alias[p->nalias], &p->alias_words[p->nalias], 0);
				p->nalias++;
			}
		cJSON_Delete(j);
	}
}

/* Does the reference write initials glued after the family name, as
 * Vancouver does ("Sun R, Li LP")? Most parsed authors say so. */
static int glued_initials(const qr_ref *r)
{
	size_t i, n = 0;

	for (i = 0; i < r->nauthors; i++) {
		const char *g = r->authors[i].given;
		size_t l = strlen(g), k;

		for (k = 0; k < l && g[k] >= 'A' && g[k] <= 'Z'; k++)
			;
		n += l >= 1 && l <= 3 && k == l;
	}
	return r->nauthors && 2 * n >= r->nauthors;
}

/* Mark the first place where the folded words of text stand, contiguous. */
static void mark_words(const rtext *r, const char *text, unsigned char *mark)
{
	words t;
	size_t i, k;

	split_words(text, &t, 0);
	for (i = 0; t.n && i + t.n <= r->n; i++) {
		for (k = 0; k < t.n && !strcmp(r->w[i + k], t.w[k]); k++)
			;
		if (k == t.n) {
			for (k = 0; k < t.n; k++)
				mark[i + k] = 1;
			return;
		}
	}
}

/* The words of the string the parse read as venue and as authors. */
static void mark_fields(const qr_ref *r, prep *p, const rtext *rt)
{
	size_t i;

	memset(p->in_venue, 0, sizeof(p->in_venue));
	memset(p->in_authors, 0, sizeof(p->in_authors));
	if (r->venue[0])
		mark_words(rt, r->venue, p->in_venue);
	for (i = 0; i < r->nauthors && i < QR_AUTHORS; i++)
		if (r->authors[i].family[0])
			mark_words(rt, r->authors[i].family, p->in_authors);
}

/* ---- candidates -------------------------------------------------------- */

typedef struct cand {
	char doi[256];
	uint64_t h;             /* pk_hash_mem of doi (the record cache's key) */
	unsigned short slot_at; /* its slot in cands.slot */
	const void *rec; /* its record in the txn's map, once read (NULL: not yet) */
	size_t rec_len;
	int from_doi;
	int at_locator;  /* under the stated volume and first page (gather_narrow) */
	int same;        /* another database's record of the match's work */
	double title, score;
	int title_same;  /* the stated title is the work's, exactly (-1: no title stated) */
	int title_head;  /* ... its title before a ':' that the record's title string goes on
			  * past (the subtitle the reference leaves out) */
	int title_raw;   /* the work's title stands in the string */
	int subtitle;    /* ... with a subtitle stated after it: SUB_OTHER, SUB_UNRECORDED or SUB_NONE */
	size_t ta, tb;   /* and where (words of the string) */
	author_cmp au;
	int first_raw;   /* the work's first author stands in the string */
	int swapped;     /* its first two authors stand there the other way round */
	size_t au_raw;   /* its authors (of the first 12) the string shows */
	int au_gap;      /* one of them left out before a later one shown */
	int au_unnamed;  /* the work's authors have no names ("-") */
	int added;       /* 1 + a stated author added to the work's whole list (added_author), 0: none */
	int notice;      /* the work is an erratum or retraction notice; the stated title lacks the label */
	char notice_title[64]; /* ... and its title's start */
	char stray[16];  /* a number the string states that is none of the work's */
	int via_jref;    /* an arXiv record: the stated venue is its published version's, by journal-ref */
	int jref_other;  /* ... which does not name the stated venue */
	int jref_numbers; /* ... nor the stated volume or first page */
	int arxiv_only;  /* an arXiv record that names no published version */
	char published[128]; /* ... or the DOI of the one it names */
	size_t au_total; /* its authors */
	int year_diff, venue, volume, issue, pages;
	int year_variant; /* the stated year is 1 the print or online year, 2 the conference's */
	int numbers_unchecked; /* volume, issue or pages stated, the work has none */
	const char *unrecorded; /* ... or the first of them the work lacks ("issue"), else "" */
	int venue_unchecked;   /* a venue stated, the work's record names none (DataCite's
	                        * conference papers), or (2) only its book series: not
	                        * compared */
	int year_unknown; /* a year is stated, the work has none */
	int year_jref;    /* an arXiv record cited as published: 1 the stated year is the
			   * journal-ref's, 2 the journal-ref gives none (not checked) */
	int title_is_venue; /* the parsed title is the work's venue (no title stated) */
	int short_other;    /* a title too short to compare, none of whose words are the work's title's or venue's */
	int residue;     /* no title read, yet words none of the work's fields explain */
	size_t tail[2];  /* words [a, b) after the work's title found in the string, the
			  * parse having read neither it nor a venue: none of the work's
			  * fields explains them ("Nature Communications" after a Zenodo
			  * record's title); b 0: none */
	unsigned mismatched;
	int identified;  /* 2 by its title (or DOI and title), 1 otherwise */
	char type[32];
	size_t extra;    /* 1 + index into qr_opts.extra, 0: the graph's */
	int deferred;    /* compared up to its title only: it cannot be identified
			  * (see compare's may_defer); the rest when it matters */
} cand;

#define CAND_SLOTS 1024 /* a power of two, well above MAX_CANDIDATES */

typedef struct cands {
	cand *c;
	size_t n;
	unsigned short *slot; /* [CAND_SLOTS] open addressing on the DOI: index + 1, 0 empty */
	size_t truncated;  /* works an index key names beyond those compared (largest), 0: none */
} cands;

typedef struct collect_ctx {
	cands *cs;
	size_t seen;
	int at_locator; /* the key is the stated volume and first page */
} collect_ctx;

/* Add the work doi[0..n) to the candidates, or find it there; at_locator
 * marks it as one the stated volume and first page hold. 1 when the
 * candidates are full (it is not added), else 0. */
static int add_candidate_at(cands *cs, const char *doi, size_t n, int at_locator)
{
	uint64_t h = pk_hash_mem(doi, n);
	size_t at;

	if (n >= sizeof(cs->c[0].doi))
		return 0;
	for (at = (size_t)h & (CAND_SLOTS - 1); cs->slot[at]; at = (at + 1) & (CAND_SLOTS - 1)) {
		cand *c = &cs->c[cs->slot[at] - 1];

		if (!memcmp(c->doi, doi, n) && c->doi[n] == '\0') {
			c->at_locator |= at_locator;
			return 0; /* already a candidate */
		}
	}
	if (cs->n >= MAX_CANDIDATES)
		return 1; /* enough */
	memset(&cs->c[cs->n], 0, sizeof(cs->c[0]));
	memcpy(cs->c[cs->n].doi, doi, n);
	cs->c[cs->n].doi[n] = '\0';
	cs->c[cs->n].h = h;
	cs->c[cs->n].at_locator = at_locator;
	cs->slot[at] = (unsigned short)(cs->n + 1);
	cs->c[cs->n].slot_at = (unsigned short)at;
	cs->n++;
	return 0;
}

static int add_candidate(cands *cs, const char *doi, size_t n)
{
	return add_candidate_at(cs, doi, n, 0);
}

static int on_index(const void *target, size_t len, void *ctx)
{
	collect_ctx *c = ctx;

	c->seen++;
	return add_candidate_at(c->cs, target, len, c->at_locator);
}

/* The works under key, up to PER_KEY; when the key names more, or the
 * candidates are full, cs->truncated says how many the key has. */
static int from_key_at(kg_txn *t, const void *key, size_t klen, cands *cs, int at_locator)
{
	collect_ctx c = { cs, 0, at_locator };
	size_t total = 0;
	int rc = kg_index_find(t, key, klen, PER_KEY, on_index, &c);

	if (rc < 0)
		return rc;
	if ((c.seen >= PER_KEY || rc == 1 || cs->n >= MAX_CANDIDATES) && kg_index_count(t, key, klen, &total) == 0 &&
	    total > c.seen - (rc == 1) && total > cs->truncated)
		cs->truncated = total;
	pk_error_clear();
	return 0;
}

static int from_key(kg_txn *t, const void *key, size_t klen, cands *cs)
{
	return from_key_at(t, key, klen, cs, 0);
}

static int from_index(kg_txn *t, const pk_buf *key, cands *cs)
{
	return from_key(t, key->ptr, key->len, cs);
}

/* ---- identifiers a reference states ------------------------------------ */

/* What the reference names by identifier, normalised: the arXiv id
 * (from "arXiv:...", an arXiv URL or the arXiv DOI 10.48550/arXiv.*) and
 * its version, PMID, PMCID, OpenAlex id, dblp key. */
typedef struct stated_ids {
	char arxiv[64], arxiv_ver[16];
	char pmid[16], pmcid[16], openalex[24], dblp[128];
	int any;
} stated_ids;

static void stated_of(const qr_ref *r, stated_ids *x)
{
	memset(x, 0, sizeof(*x));
	if ((r->arxiv[0] && kg_arxiv_id(r->arxiv, x->arxiv, sizeof(x->arxiv), x->arxiv_ver, sizeof(x->arxiv_ver)) < 0) ||
	    (!r->arxiv[0] && !strncmp(r->doi, "10.48550/arxiv.", 15) &&
	     kg_arxiv_id(r->doi, x->arxiv, sizeof(x->arxiv), x->arxiv_ver, sizeof(x->arxiv_ver)) < 0)) {
		x->arxiv[0] = '\0';
		pk_error_clear();
	}
	pk_utf8_copy(x->pmid, sizeof(x->pmid), r->pmid);
	pk_utf8_copy(x->pmcid, sizeof(x->pmcid), r->pmcid);
	pk_utf8_copy(x->openalex, sizeof(x->openalex), r->openalex);
	pk_utf8_copy(x->dblp, sizeof(x->dblp), r->dblp);
	x->any = x->arxiv[0] || x->pmid[0] || x->pmcid[0] || x->openalex[0] || x->dblp[0];
}

/* The identifier a reference states, as a reader writes it: the DOI as it
 * is, 'arXiv:1706.03762v5', 'PMID 123', 'dblp conf/x/Y', 'OpenAlex W1'. */
static void stated_shown(const char *scheme, const char *id, const stated_ids *x, char *out, size_t n)
{
	if (!strcmp(scheme, "doi")) /* (no printf on the common path) */
		pk_str_copy(out, n, id);
	else
		snprintf(out, n, "%s%s%s", !strcmp(scheme, "arxiv") ? "arXiv:" :
			 !strcmp(scheme, "pmid") ? "PMID " : !strcmp(scheme, "dblp") ? "dblp " :
			 !strcmp(scheme, "openalex") ? "OpenAlex " : "",
			 id, !strcmp(scheme, "arxiv") ? x->arxiv_ver : "");
}

/* A work's key (kg_work_key: a DOI, or 'arxiv:', 'pmid:', 'dblp:',
 * 'openalex:' and the database's id) in words: 'arXiv:1706.03762',
 * 'PMID 123'..., a DOI as it is or, with doi_word, 'DOI 10.1/x'. */
static void key_shown(const char *key, int doi_word, char *out, size_t n)
{
	static const struct { const char *prefix, *words; } db[] = {
		{ "arxiv:", "arXiv:" }, { "pmid:", "PMID " }, { "dblp:", "dblp " }, { "openalex:", "OpenAlex " },
	};
	size_t i;

	for (i = 0; i < sizeof(db) / sizeof(db[0]); i++)
		if (!strncmp(key, db[i].prefix, strlen(db[i].prefix))) {
			const char *parts[2] = { db[i].words, key + strlen(db[i].prefix) };

			pk_str_cat(out, n, parts, 2);
			return;
		}
	{
		const char *parts[2] = { doi_word ? "DOI " : "", key };

		pk_str_cat(out, n, parts, 2);
	}
}

typedef struct id_ctx {
	cands *cs;
} id_ctx;

/* A candidate the stated identifier names. */
static int add_named(cands *cs, const char *key, size_t n)
{
	size_t k;
	int rc = add_candidate(cs, key, n);

	for (k = 0; k < cs->n; k++)
		if (!memcmp(cs->c[k].doi, key, n) && cs->c[k].doi[n] == '\0')
			cs->c[k].from_doi = 1;
	return rc;
}

static int on_named(const void *target, size_t len, void *ctx)
{
	return add_named(((id_ctx *)ctx)->cs, target, len);
}

/* The records an identifier names: the record stored under it, and every
 * record of another database that carries it ('I' + scheme:id). */
static int from_ident(kg_txn *t, const char *scheme, const char *id, const char *own_key, cands *cs)
{
	char key[KG_KEY_IDENT_MAX];
	id_ctx c = { cs };
	int rc = 0, n;

	if (!id[0])
		return 0;
	if (own_key)
		add_named(cs, own_key, strlen(own_key));
	if ((n = kg_key_ident_to(key, sizeof(key), scheme, id)) >= 0)
		rc = kg_index_find(t, key, (size_t)n, 32, on_named, &c);
	else
		pk_error_clear();
	return rc < 0 ? rc : 0;
}

static int gather_ids(kg_txn *t, const qr_ref *r, const stated_ids *x, cands *cs)
{
	char key[200];
	int rc = 0;

	if (r->doi[0])
		rc = from_ident(t, "doi", r->doi, NULL, cs);
	if (rc == 0 && x->arxiv[0]) {
		snprintf(key, sizeof(key), "arxiv:%s", x->arxiv);
		rc = from_ident(t, "arxiv", x->arxiv, key, cs);
	}
	if (rc == 0 && x->pmid[0]) {
		snprintf(key, sizeof(key), "pmid:%s", x->pmid);
		rc = from_ident(t, "pmid", x->pmid, key, cs);
	}
	if (rc == 0 && x->pmcid[0])
		rc = from_ident(t, "pmcid", x->pmcid, NULL, cs);
	if (rc == 0 && x->openalex[0]) {
		snprintf(key, sizeof(key), "openalex:%s", x->openalex);
		rc = from_ident(t, "openalex", x->openalex, key, cs);
	}
	if (rc == 0 && x->dblp[0]) {
		snprintf(key, sizeof(key), "dblp:%s", x->dblp);
		rc = from_ident(t, "dblp", x->dblp, key, cs);
	}
	return rc;
}

/* ---- coverage: does an ingested source hold every work of this kind? ---- */

/* A record the database withdrew ('X' + key, written at ingest). */
static int withdrawn(kg_txn *t, const char *scheme, const char *id)
{
	pk_buf key = PK_BUF_INIT;
	size_t n = 0;

	if (pk_buf_printf(&key, "X%s:%s", scheme, id) == 0)
		kg_index_count(t, key.ptr, key.len, &n);
	pk_buf_release(&key);
	pk_error_clear();
	return n > 0;
}

typedef struct cover_ctx {
	uint64_t num;
	int hit;
	int any;
} cover_ctx;

/* a coverage value: "" (the key alone covers), "N" (up to N), "LO-HI" */
static int on_cover(const void *v, size_t n, void *ctx)
{
	cover_ctx *c = ctx;
	char buf[48], *dash;
	uint64_t lo = 0, hi;

	c->any = 1;
	if (n == 0) {
		c->hit = 1;
		return 1;
	}
	snprintf(buf, sizeof(buf), "%.*s", (int)(n < 47 ? n : 47), (const char *)v);
	if ((dash = strchr(buf, '-'))) {
		*dash = '\0';
		lo = strtoull(buf, NULL, 10);
		hi = strtoull(dash + 1, NULL, 10);
	} else {
		hi = strtoull(buf, NULL, 10);
	}
	if (c->num >= lo && c->num <= hi) {
		c->hit = 1;
		return 1;
	}
	return 0;
}

/* What covers() answered for the last keys of the same commit: a DOI
 * prefix or a dblp stream is asked once per batch, not once per
 * reference (query_ref_check_graph empties it when the commit changes). */
#define COVER_SLOTS 1024 /* DOI prefixes: Crossref has tens of thousands, a batch uses hundreds */
typedef struct cover_memo {
	struct {
		char what[64]; /* "" : empty slot */
		int hit;
	} slot[COVER_SLOTS];
} cover_memo;

static void cover_memo_clear(cover_memo *cm)
{
	size_t i;

	for (i = 0; i < COVER_SLOTS; i++)
		cm->slot[i].what[0] = '\0';
}

static int covers(kg_txn *t, const char *what, uint64_t num, cover_memo *cm)
{
	char key[256];
	cover_ctx c = { num, 0, 0 };
	size_t l = strlen(what), at = 0;

	/* a range key (num) is not remembered: its answer depends on num */
	if (cm && !num && l < sizeof(cm->slot[0].what)) {
		at = (size_t)pk_fnv1a64(what, l) & (COVER_SLOTS - 1);
		if (!strcmp(cm->slot[at].what, what))
			return cm->slot[at].hit;
	} else {
		cm = NULL;
	}
	/* 'C' and what (under 200 bytes from every caller) */
	if (l + 1 < sizeof(key)) {
		key[0] = 'C';
		memcpy(key + 1, what, l + 1);
		kg_index_find(t, key, l + 1, 0, on_cover, &c);
		pk_error_clear();
	}
	if (cm) {
		memcpy(cm->slot[at].what, what, l + 1);
		cm->slot[at].hit = c.hit;
	}
	return c.hit;
}

/* Is a stated identifier's namespace covered: a DOI's prefix, an arXiv
 * id's month up to its number, a PMID or OpenAlex id within a range, a
 * dblp key's stream? why gets what was looked for when it is not. */
static int ident_covered(kg_txn *t, const char *scheme, const char *id, char *why, size_t wn, cover_memo *cm)
{
	char what[200];

	if (!strcmp(scheme, "doi")) {
		const char *slash = strchr(id, '/');

		if (!strncmp(id, "10.48550/arxiv.", 15)) {
			char aid[64], ver[16];

			if (kg_arxiv_id(id, aid, sizeof(aid), ver, sizeof(ver)) == 0)
				return ident_covered(t, "arxiv", aid, why, wn, cm);
			pk_error_clear();
		}
		{
			/* "doi:" and the prefix, cut as snprintf would cut it */
			size_t pl = slash ? (size_t)(slash - id) : strlen(id);

			if (pl > sizeof(what) - 5)
				pl = sizeof(what) - 5;
			memcpy(what, "doi:", 4);
			memcpy(what + 4, id, pl);
			what[4 + pl] = '\0';
		}
		if (covers(t, what, 0, cm))
			return 1; /* (why is read only when not covered) */
		snprintf(why, wn, "no ingested source covers the DOI prefix %s", what + 4);
		return 0;
	}
	if (!strcmp(scheme, "arxiv")) {
		const char *slash = strchr(id, '/');
		uint64_t num;

		if (slash) {
			snprintf(what, sizeof(what), "arxiv:%.*s/%.4s", (int)(slash - id), id, slash + 1);
			num = strtoull(slash + 5, NULL, 10);
		} else {
			snprintf(what, sizeof(what), "arxiv:%.4s", id);
			num = strtoull(id + 5, NULL, 10);
		}
		snprintf(why, wn, "no ingested arXiv snapshot covers the ids of %s that far", what + 6);
		return covers(t, what, num, cm);
	}
	if (!strcmp(scheme, "pmid") || !strcmp(scheme, "openalex")) {
		snprintf(why, wn, "%s", !strcmp(scheme, "pmid") ? "no ingested PubMed file covers that PMID"
								 : "no ingested OpenAlex snapshot covers that work id");
		return covers(t, scheme, strtoull(id + (*id == 'W'), NULL, 10), cm);
	}
	if (!strcmp(scheme, "dblp")) {
		const char *s1 = strchr(id, '/'), *s2 = s1 ? strchr(s1 + 1, '/') : NULL;

		snprintf(what, sizeof(what), "dblp:%.*s", s2 ? (int)(s2 - id) : (int)strlen(id), id);
		snprintf(why, wn, "no ingested dblp covers %s", what + 5);
		return covers(t, what, 0, cm);
	}
	snprintf(why, wn, "no ingested source covers %s identifiers", scheme);
	return 0;
}

/* The first two authors' keys (with the venue, or the year alone): the
 * first author's before the second's (works are indexed by their first
 * author, so the second's finds swapped author lists), the stated year
 * before its neighbours. */
static int from_author_keys(kg_txn *t, const qr_ref *r, int with_venue, cands *cs)
{
	const int years[3] = { r->year, r->year - 1, r->year + 1 };
	pk_buf keys[3] = { PK_BUF_INIT, PK_BUF_INIT, PK_BUF_INIT };
	size_t a;
	int rc = 0, k;

	for (a = 0; a < r->nauthors && a < 2 && rc == 0; a++) {
		/* (the family folded and the venue's initials read once an author) */
		kg_keys_author(keys, r->authors[a].family, years, 3, with_venue ? r->venue : NULL);
		for (k = 0; k < 3 && rc == 0; k++)
			if (keys[k].len)
				rc = from_index(t, &keys[k], cs);
	}
	for (k = 0; k < 3; k++)
		pk_buf_release(&keys[k]);
	return rc;
}

/* Candidates by the most selective keys: the DOI, the title, the volume
 * and first page. */
static int gather_narrow(kg_txn *t, const qr_ref *r, cands *cs)
{
	pk_buf key = PK_BUF_INIT;
	int rc = 0;

	if (r->doi[0])
		add_candidate(cs, r->doi, strlen(r->doi)), cs->c[0].from_doi = 1;
	if (r->title[0]) {
		pk_buf head = PK_BUF_INIT;
		int have = 0;

		if (kg_key_titles(&key, &head, r->title, &have) == 0 &&
		    (((have & 1) && (rc = from_index(t, &key, cs)) < 0) ||
		     ((have & 2) && (rc = from_index(t, &head, cs)) < 0))) {
			pk_buf_release(&head);
			goto done;
		}
		pk_buf_release(&head);
	}
	if (r->volume[0] && r->first_page[0]) {
		pk_buf_reset(&key);
		if (kg_key_volume_page(&key, r->volume, r->first_page) == 0 &&
		    (rc = from_key_at(t, key.ptr, key.len, cs, 1)) < 0)
			goto done;
	}
	pk_error_clear();
	rc = 0;
done:
	pk_buf_release(&key);
	return rc;
}

/* Then the first two authors with year and venue, and only when nothing
 * narrower found anything the first two authors with the year, which can
 * name thousands. */
static int gather_authors(kg_txn *t, const qr_ref *r, cands *cs)
{
	size_t before = cs->n;
	int rc;

	if (r->year && r->venue[0] && (rc = from_author_keys(t, r, 1, cs)) < 0)
		return rc;
	if (cs->n == before && cs->n <= (size_t)(r->doi[0] ? 1 : 0) && r->year &&
	    (rc = from_author_keys(t, r, 0, cs)) < 0)
		return rc;
	pk_error_clear();
	return 0;
}

/* The title indexes probed with every window of the string: whatever the
 * parse made of it, a title that stands in the string is found ('B': its
 * first four words, for titles of six words or more; 'T': a whole title of
 * two to eight words). */
static int gather_windows(kg_txn *t, const rtext *r, cands *cs)
{
	/* each window's key, made first (a word's hash carried on to the
	 * next window), so the filter's blocks are read ahead of the probes */
	enum { AHEAD = 8 };
	unsigned char key[RT_WORDS * 8][KG_KEY_HASHED];
	size_t first[RT_WORDS + 1], wl[RT_WORDS], i, len, k, nk = 0;
	int rc = 0;

	for (i = 0; i < r->n; i++)
		wl[i] = strlen(r->w[i]);
	for (i = 0; i < r->n; i++) {
		uint64_t h;
		size_t chars;

		first[i] = nk;
		if (i + 4 <= r->n) {
			h = PK_FNV1A64_INIT;
			for (k = 0; k < 4; k++)
				h = pk_fnv1a64_more(k ? pk_fnv1a64_more(h, " ", 1) : h, r->w[i + k], wl[i + k]);
			kg_key_hashed(key[nk++], 'B', h);
		}
		h = pk_fnv1a64_more(PK_FNV1A64_INIT, r->w[i], wl[i]);
		chars = wl[i];
		for (len = 2; len <= 8 && i + len <= r->n; len++) {
			h = pk_fnv1a64_more(h, r->w[i + len - 1], wl[i + len - 1]);
			chars += wl[i + len - 1];
			if (chars >= 4)
				kg_key_hashed(key[nk++], 'T', h);
		}
	}
	first[r->n] = nk;
	for (k = 0; k < nk && k < AHEAD; k++)
		kg_index_prefetch(t, key[k], KG_KEY_HASHED);
	for (i = 0; i < r->n && rc == 0 && cs->n < MAX_CANDIDATES; i++)
		for (k = first[i]; k < first[i + 1] && rc == 0; k++) {
			if (k + AHEAD < nk)
				kg_index_prefetch(t, key[k + AHEAD], KG_KEY_HASHED);
			rc = from_key(t, key[k], KG_KEY_HASHED, cs);
		}
	return rc;
}

/* ---- retrieval: the whole string scored against the term index ---------
 *
 * As Crossref's own matcher does, the reference string is scored against
 * an index of the works' title words, authors' family names and venue
 * words (kg_work_terms): BM25 without length normalisation, each term's
 * weight its inverse document frequency (title words 1, names 1.5, venue
 * words 0.5). The rarest terms are looked up first; terms in more than 5%
 * of the works (and over 1,000) carry too little to look up. The top works
 * become candidates, validated field by field like any other. */

#define BM25_TERMS 14     /* terms looked up */
#define BM25_POSTINGS 2048 /* works visited per term */
#define BM25_SLOTS 32768  /* a power of two above BM25_TERMS * BM25_POSTINGS */
_Static_assert(BM25_SLOTS / 2 < 0xffff, "an entry number fits a slot's low 16 bits");

typedef struct term {
	char tag;
	char word[64];
	double weight;
} term;

typedef struct scored {
	const char *doi; /* its bytes where the posting was read (the index's map,
			  * or the memo, which takes no entry while retrieve() runs) */
	uint32_t len;
	double score;
} scored;

/* retrieve()'s tables, kept between calls (allocated at first use): slot
 * is open addressing on the DOI's hash, each slot 0 (empty) or the top 16
 * bits of the hash over the number of its entry plus one; the entries in
 * the order first seen; used the slots taken. 128 KB of slots rather than
 * 512 KB of entries in the table: most postings miss the cache there. */
#define DF_SLOTS 4096 /* terms' document frequencies remembered */

typedef struct df_slot {
	unsigned char key[KG_KEY_HASHED]; /* the term key; [0] == 0: empty */
	uint64_t df;
} df_slot;

typedef struct bm25_tables {
	uint32_t *slot;   /* BM25_SLOTS, empty again after use */
	scored *entry;    /* BM25_SLOTS / 2 */
	uint32_t *used;   /* BM25_SLOTS / 2 */
	/* each term's document frequency, for the commit read (the same
	 * words come back reference after reference; emptied with the
	 * scratch's other memos of a commit): direct-mapped on the key's
	 * hash, checked whole */
	df_slot *df;      /* DF_SLOTS, or NULL (no memory: counted each time) */
	/* each term's postings as retrieve() visits them (the first
	 * BM25_POSTINGS), for the commit read: the same venue and title
	 * words come back reference after reference, and a packed list is
	 * read faster than the index's B-tree. Each posting: its length
	 * (one byte), its target's 64-bit hash, its target. NULL: none kept
	 * (the index is read each time). */
	pk_memo *post;
	/* the postings of the terms the memo did not hold, packed as it
	 * keeps them, and their keys: put in the memo when retrieve() is done
	 * (a put may empty the memo, and the postings scored point into it);
	 * kept between calls, emptied */
	pk_buf pend[BM25_TERMS], pend_key[BM25_TERMS];
	size_t npend;
} bm25_tables;

#define POST_SLOTS 8192
#define POST_BYTES ((size_t)24 << 20)

/* The number of works under term key k (kg_index_count) through tb's
 * memo. */
static int term_df(kg_txn *t, bm25_tables *tb, const pk_buf *k, size_t *df)
{
	df_slot *d;
	int rc;

	if (!tb->df || k->len != KG_KEY_HASHED || !k->ptr[0])
		return kg_index_count(t, k->ptr, k->len, df);
	d = &tb->df[pk_fnv1a64(k->ptr, k->len) & (DF_SLOTS - 1)];
	if (!memcmp(d->key, k->ptr, KG_KEY_HASHED)) {
		*df = (size_t)d->df;
		return 0;
	}
	if ((rc = kg_index_count(t, k->ptr, k->len, df)) < 0)
		return rc;
	memcpy(d->key, k->ptr, KG_KEY_HASHED);
	d->df = *df;
	return 0;
}

typedef struct bm25 {
	uint32_t *slot;
	scored *entry;
	uint32_t *used;
	size_t n;         /* entries (and used slots) */
	double weight;    /* of the term being visited */
} bm25;

/* Add the current term's weight to the work target[0..len) (its hash h). */
static inline int bm25_add(bm25 *b, const void *target, size_t len, uint64_t h)
{
	uint32_t tag = (uint32_t)(h >> 48) << 16, v;
	size_t at;

	for (at = (size_t)h & (BM25_SLOTS - 1); (v = b->slot[at]) != 0; at = (at + 1) & (BM25_SLOTS - 1))
		if ((v & 0xffff0000u) == tag) {
			scored *e = &b->entry[(v & 0xffff) - 1];

			if (e->len == len && !memcmp(e->doi, target, len)) {
				e->score += b->weight;
				return 0;
			}
		}
	if (b->n >= BM25_SLOTS / 2 || len > 255)
		return 0;
	b->slot[at] = tag | (uint32_t)(b->n + 1);
	b->entry[b->n].doi = target;
	b->entry[b->n].len = (uint32_t)len;
	b->entry[b->n].score = b->weight;
	b->used[b->n++] = (uint32_t)at;
	return 0;
}

static int bm25_visit(const void *target, size_t len, void *vctx)
{
	return bm25_add(vctx, target, len, pk_fnv1a64(target, len));
}

/* A term's postings read from the index: visited, and packed for the memo
 * (a target over 255 bytes is visited but leaves the list unkept). */
typedef struct post_fill {
	bm25 *b;
	pk_buf *packed;
	int unkept;
} post_fill;

static int post_visit(const void *target, size_t len, void *vctx)
{
	post_fill *f = vctx;
	uint64_t h = pk_fnv1a64(target, len);
	unsigned char head[9];

	if (len > 255) {
		f->unkept = 1;
	} else if (!f->unkept) {
		head[0] = (unsigned char)len;
		memcpy(head + 1, &h, 8);
		if (pk_buf_put(f->packed, head, 9) < 0 || pk_buf_put(f->packed, target, len) < 0) {
			pk_error_clear();
			f->unkept = 1;
		}
	}
	return bm25_add(f->b, target, len, h);
}

/* Visit the postings of term key k (the first BM25_POSTINGS of the index),
 * through tb's memo when it has one (what it lacks is read from the index
 * and left for pend_put). */
static int term_visit(kg_txn *t, bm25_tables *tb, const pk_buf *k, bm25 *b)
{
	const unsigned char *v, *end;
	uint64_t h;
	size_t vlen;
	post_fill f = { b, NULL, 0 };
	int rc;

	if (!tb->post)
		return kg_index_find(t, k->ptr, k->len, BM25_POSTINGS, bm25_visit, b);
	h = pk_fnv1a64(k->ptr, k->len);
	if ((v = pk_memo_get(tb->post, h, k->ptr, k->len, &vlen)) != NULL) {
		for (end = v + vlen; v < end; v += 9 + v[0]) {
			uint64_t th;

			memcpy(&th, v + 1, 8);
			if ((rc = bm25_add(b, v + 9, v[0], th)) < 0)
				return rc;
		}
		return 0;
	}
	if (tb->npend == BM25_TERMS) /* (one list a term: never) */
		return kg_index_find(t, k->ptr, k->len, BM25_POSTINGS, bm25_visit, b);
	f.packed = &tb->pend[tb->npend];
	pk_buf_reset(f.packed);
	if ((rc = kg_index_find(t, k->ptr, k->len, BM25_POSTINGS, post_visit, &f)) < 0)
		return rc;
	pk_buf_reset(&tb->pend_key[tb->npend]);
	if (!f.unkept && pk_buf_put(&tb->pend_key[tb->npend], k->ptr, k->len) == 0)
		tb->npend++;
	pk_error_clear();
	return 0;
}

/* The lists term_visit read from the index, into the memo (retrieve() has
 * done with the postings it holds). */
static void pend_put(bm25_tables *tb)
{
	size_t i;

	for (i = 0; i < tb->npend; i++) {
		const pk_buf *k = &tb->pend_key[i], *v = &tb->pend[i];

		pk_memo_put(tb->post, pk_fnv1a64(k->ptr, k->len), k->ptr, k->len, v->ptr ? v->ptr : (const char *)"",
			    v->len);
	}
}

static int term_cmp(const void *a, const void *b)
{
	const term *x = a, *y = b;

	return x->weight < y->weight ? 1 : x->weight > y->weight ? -1 : 0;
}

static void add_term(term *ts, size_t *n, size_t max, char tag, const char *w, size_t l)
{
	size_t i;

	if (l >= sizeof(ts[0].word) || *n >= max)
		return;
	for (i = 0; i < *n; i++)
		if (ts[i].tag == tag && strlen(ts[i].word) == l && !memcmp(ts[i].word, w, l))
			return;
	ts[*n].tag = tag;
	memcpy(ts[*n].word, w, l);
	ts[*n].word[l] = '\0';
	ts[*n].weight = 0;
	(*n)++;
}

/* A scored work and its slot: ranked by score, ties by slot (the order a
 * stable sort of the slots in table order gives). */
typedef struct ranked {
	scored s;
	uint32_t slot;
} ranked;

static int ranks_before(double score, uint32_t slot, const ranked *x)
{
	return score > x->s.score || (score == x->s.score && slot < x->slot);
}

/* The works the string scores highest, best first, into out (at most
 * max; *nout); works in the graph: nworks. tb: the caller's tables, kept
 * between calls (allocated here at first; the slots are left empty). */
static int retrieve(kg_txn *t, const qr_ref *r, const rtext *rt, uint64_t nworks, qr_result *out, size_t max,
		    bm25_tables *tb)
{
	term ts[160];
	ranked top[QR_RETRIEVED];
	double last; /* the last one's score, the list full; else -inf */
	size_t nt = 0, i, k;
	pk_buf key = PK_BUF_INIT;
	bm25 b;
	int rc = 0;

	memset(&b, 0, sizeof(b));
	out->nretrieved = 0;
	if (!nworks)
		return 0;
	if (!tb->df && !(tb->df = pk_calloc(DF_SLOTS, sizeof(*tb->df))))
		pk_error_clear(); /* (without it, each count is read) */
	for (i = 0; i < rt->n; i++) {
		size_t l = strlen(rt->w[i]);

		if (!kg_term_word(rt->w[i], l))
			continue;
		add_term(ts, &nt, 160, KG_TERM_TITLE, rt->w[i], l);
		add_term(ts, &nt, 160, KG_TERM_VENUE, rt->w[i], l);
	}
	for (i = 0; i < r->nauthors && i < 3; i++) {
		pk_buf f = PK_BUF_INIT;

		if (kg_family_fold(&f, r->authors[i].family) == 0 && f.len >= 2)
			add_term(ts, &nt, 160, KG_TERM_NAME, f.ptr, f.len);
		pk_buf_release(&f);
		pk_error_clear();
	}
	/* no authors read: any of the first words may be a family name */
	for (i = 0; !r->nauthors && i < rt->n && i < 8; i++)
		if (strlen(rt->w[i]) >= 2 && !kg_is_stopword(rt->w[i], strlen(rt->w[i])))
			add_term(ts, &nt, 160, KG_TERM_NAME, rt->w[i], strlen(rt->w[i]));
	/* document frequencies: idf, the rare ones first */
	for (i = 0, k = 0; i < nt; i++) {
		size_t df = 0;
		double n = (double)nworks, idf;

		pk_buf_reset(&key);
		if ((rc = kg_key_term(&key, ts[i].tag, ts[i].word, strlen(ts[i].word))) < 0 ||
		    (rc = term_df(t, tb, &key, &df)) < 0)
			goto done;
		if (!df || (df > 1000 && (double)df > n / 20))
			continue;
		idf = log(1 + (n - (double)df + 0.5) / ((double)df + 0.5));
		ts[k] = ts[i];
		ts[k].weight = idf * (ts[i].tag == KG_TERM_NAME ? 1.5 : ts[i].tag == KG_TERM_VENUE ? 0.5 : 1.0);
		k++;
	}
	nt = k;
	qsort(ts, nt, sizeof(ts[0]), term_cmp);
	if (!nt)
		goto done;
	if ((!tb->slot && !(tb->slot = pk_calloc(BM25_SLOTS, sizeof(*tb->slot)))) ||
	    (!tb->entry && !(tb->entry = pk_malloc(BM25_SLOTS / 2 * sizeof(*tb->entry)))) ||
	    (!tb->used && !(tb->used = pk_malloc(BM25_SLOTS / 2 * sizeof(*tb->used))))) {
		rc = pk_error_set(PK_ENOMEM, "out of memory");
		goto done;
	}
	b.slot = tb->slot;
	b.entry = tb->entry;
	b.used = tb->used;
	for (i = 0; i < nt && i < BM25_TERMS; i++) {
		pk_buf_reset(&key);
		b.weight = ts[i].weight;
		if ((rc = kg_key_term(&key, ts[i].tag, ts[i].word, strlen(ts[i].word))) < 0 ||
		    (rc = term_visit(t, tb, &key, &b)) < 0)
			goto done;
	}
	/* the top ones, by insertion into a short list in rank order (once
	 * the list is full, a score under the last one's is passed over
	 * before anything else is read) */
	if (max > QR_RETRIEVED)
		max = QR_RETRIEVED;
	for (i = 0, k = 0, last = -HUGE_VAL; i < b.n && max; i++) {
		uint32_t u;
		const scored *c = &b.entry[i];
		size_t at;

		if (c->score < last)
			continue;
		u = b.used[i];
		if (k == max && !ranks_before(c->score, u, &top[k - 1]))
			continue;
		for (at = k < max ? k : max - 1; at > 0 && ranks_before(c->score, u, &top[at - 1]); at--)
			top[at] = top[at - 1];
		top[at].s = *c;
		top[at].slot = u;
		k += k < max;
		if (k == max)
			last = top[k - 1].s.score;
	}
	for (i = 0; i < k; i++) {
		pk_str_ncopy(out->retrieved[i].doi, sizeof(out->retrieved[0].doi), top[i].s.doi, top[i].s.len);
		out->retrieved[i].score = top[i].s.score;
	}
	out->nretrieved = k;
done:
	for (i = 0; b.slot && i < b.n; i++)
		b.slot[b.used[i]] = 0;
	if (rc == 0)
		pend_put(tb);
	tb->npend = 0;
	pk_buf_release(&key);
	pk_error_clear();
	return rc;
}

static int year_matches(const kg_work *w, int y)
{
	return y && (y == w->year || y == w->print_year || y == w->online_year);
}

/* The year of arXiv's journal-ref ("Commun.Theor.Phys.49:993-1000,2008",
 * "Physica A, V. 387 (2008), Pages 385-4"): the one in parentheses, else
 * the last four digits of 1900-2099 standing alone and in no page range;
 * 0: none. */
static int jref_year(const char *jref)
{
	int last = 0;
	size_t i, n = strlen(jref);

#define DIGIT(k) (jref[k] >= '0' && jref[k] <= '9')
	for (i = 0; i + 4 <= n; i++) {
		int y;

		if ((i > 0 && DIGIT(i - 1)) || !DIGIT(i) || !DIGIT(i + 1) || !DIGIT(i + 2) || !DIGIT(i + 3) ||
		    (i + 4 < n && DIGIT(i + 4)))
			continue;
		y = (jref[i] - '0') * 1000 + (jref[i + 1] - '0') * 100 + (jref[i + 2] - '0') * 10 + (jref[i + 3] - '0');
		if (y < 1900 || y > 2099)
			continue;
		if (i > 0 && jref[i - 1] == '(')
			return y;
		if ((i > 0 && jref[i - 1] == '-') || (i + 4 < n && jref[i + 4] == '-'))
			continue; /* pages "1998-2004" */
		last = y;
	}
#undef DIGIT
	return last;
}

/* The work's title (or title + subtitle, or original title) in the string. */
static void title_raw(const prep *p, const rtext *rt, const kg_work *w, cand *c, double *cov)
{
	const char *titles[3] = { w->title, w->original_title, NULL };
	char both[1100];
	size_t i;

	*cov = 0;
	c->title_raw = 0;
	if (w->title && w->subtitle && snprintf(both, sizeof(both), "%s %s", w->title, w->subtitle) < (int)sizeof(both))
		titles[2] = both;
	for (i = 0; i < 3; i++) {
		words own;
		const words *t = &own;
		int exact;
		size_t a = 0, b = 0;
		double d;

		if (!titles[i])
			continue;
		if (i < 2)
			t = field_words(p->fc, titles[i], 0);
		else
			split_words(titles[i], &own, 0);
		d = title_in_text(t, rt, &exact, &a, &b);
		if (d > *cov || (exact && !c->title_raw)) {
			*cov = d;
			c->ta = a;
			c->tb = b;
		}
		if (exact)
			c->title_raw = 1;
	}
}

/* Do the words x[from..] run into the work's venue or a number? What
 * runs on past a title may be the venue or a number the parse took in
 * ("... South China Sea Ocean Engineering 2018"): not decided by it. */
static int runs_into_fields(const prep *p, const kg_work *w, const words *x, size_t from)
{
	size_t i, k, j;

	for (i = from; i < x->n; i++) {
		const char *s = x->w[i];

		if (*s >= '0' && *s <= '9')
			return 1;
		for (k = 0; k < w->ncontainer + w->nshort; k++) {
			const char *v = k < w->ncontainer ? w->container[k] : w->short_container[k - w->ncontainer];
			const words *vw = field_words(p->fc, v, 0);

			for (j = 0; j < vw->n; j++)
				if (!strcmp(vw->w[j], s))
					return 1;
		}
	}
	return 0;
}

/* The number of the work's title words when the stated title begins with
 * them, word for word, and goes on past them; else 0. (Only the count is
 * kept: field_words may lend the same spare to the fields read after.) */
static size_t title_lead(const qr_ref *r, const prep *p, const kg_work *w)
{
	const words *t;
	size_t i;

	if (!w->title || !r->title[0])
		return 0;
	t = field_words(p->fc, w->title, 0);
	if (!t->n || p->title.n <= t->n)
		return 0;
	for (i = 0; i < t->n; i++)
		if (strcmp(p->title.w[i], t->w[i]))
			return 0;
	return t->n;
}

/* Does the stated title run on past the work's, word for word the same
 * up to its end, with no separator a subtitle would follow (':', '.',
 * '?', '!', a dash, a bracket)? "Reflections on leadership in pediatrics"
 * is another title than "Reflections on Leadership"; "Reflections on
 * leadership: a memoir" may be that work with a subtitle its record
 * lacks. Read on the stated title as written, word by word (runs of
 * letters and digits); anything it cannot follow says no. tn: title_lead's
 * count. */
static int title_runs_on(const qr_ref *r, const prep *p, const kg_work *w, size_t tn)
{
	const char *s = r->title;
	size_t i, k;

	/* (markup or entities in either title: "INFANT&lt;subtitle&gt;...") */
	if (!tn || strpbrk(r->title, "<&") || strpbrk(w->title, "<&"))
		return 0;
	if (w->subtitle) { /* the record's subtitle, written on without a colon */
		const words *sub = field_words(p->fc, w->subtitle, 0);

		if (sub->n && !strcmp(sub->w[0], p->title.w[tn]))
			return 0;
	}
	if (runs_into_fields(p, w, &p->title, tn))
		return 0;
	for (i = 0, k = 0; s[k] && i < tn; i++) {
		while (s[k] && !isalnum((unsigned char)s[k])) {
			if ((unsigned char)s[k] >= 0x80)
				return 0;
			k++;
		}
		while (isalnum((unsigned char)s[k]))
			k++;
		if ((unsigned char)s[k] >= 0x80)
			return 0;
	}
	while (s[k] == ' ')
		k++;
	return i == tn && isalnum((unsigned char)s[k]);
}

/* The subtitle a stated title gives the work: the work's title word for
 * word, a separator a subtitle follows (':', '?', '!', a spaced or long
 * dash), then content words, none of them a number or a word of the venue
 * (which the parse may have taken in). SUB_OTHER: the work's
 * record has a subtitle and the stated one shares no word with it
 * ("Swine influenza vaccine and Guillain-Barré syndrome: a prospective
 * cohort study" for "...: Epidemic or Artifact?"); SUB_UNRECORDED: the
 * record has no subtitle (nor an original title), so the stated one cannot
 * be checked; SUB_NONE: no such subtitle, or one that shares a word with
 * the record's (abridged or reworded: not decided here). tn: title_lead's
 * count. */
enum { SUB_NONE, SUB_OTHER, SUB_UNRECORDED };

static int stated_subtitle(const qr_ref *r, const prep *p, const kg_work *w, size_t tn)
{
	static const char *const seps[] = { ":", "?", "!", " - ", "\xe2\x80\x93", "\xe2\x80\x94" };
	const char *s = r->title;
	words head, rest;
	size_t i, k, at = 0, len = 0;

	if (!tn || w->original_title)
		return SUB_NONE;
	/* the first separator whose left side is the work's title */
	for (k = 0; s[k] && !len; k++)
		for (i = 0; i < sizeof(seps) / sizeof(seps[0]); i++) {
			size_t l = strlen(seps[i]);

			if (strncmp(s + k, seps[i], l))
				continue;
			split_text(s, k, &head, 0);
			if (head.n > tn)
				return SUB_NONE;
			if (head.n == tn)
				at = k, len = l;
			break;
		}
	if (!len)
		return SUB_NONE;
	split_text(s + at + len, strlen(s + at + len), &rest, 1);
	if (!rest.n || runs_into_fields(p, w, &rest, 0))
		return SUB_NONE;
	if (!w->subtitle)
		return SUB_UNRECORDED;
	return shares_word(&rest, field_words(p->fc, w->subtitle, 1)) ? SUB_NONE : SUB_OTHER;
}

/* A title of fewer than three content words, or the name of the work's
 * own venue: found in a reference string, it may be another field. */
static int short_title(const prep *p, const kg_work *w)
{
	const words *t;
	size_t i;

	if (!w->title)
		return 0;
	t = field_words(p->fc, w->title, 1);
	if (t->n < 3)
		return 1;
	for (i = 0; i < w->ncontainer; i++) {
		const words *v = field_words(p->fc, w->container[i], 1);

		if (v->n == t->n && dice(v, t) >= 0.999)
			return 1;
	}
	return 0;
}

/* Authors with a name to compare (Crossref has authors called "-"). */
static size_t named_authors(const kg_work *w)
{
	size_t i, n = 0;

	for (i = 0; i < w->nauthors; i++) {
		const char *f = w->authors[i].family;

		for (; f && *f && !((*f | 32) >= 'a' && (*f | 32) <= 'z') && (unsigned char)*f < 0x80; f++)
			;
		n += f && *f;
	}
	return n;
}

/* Is the digit word d among the numbers of field f ("3263-3271" has
 * 3263, 3271 and the abbreviated last page 71)? */
static int number_in_field(const prep *p, const char *d, const char *f)
{
	const words *xp;
	size_t i, l = strlen(d);

	if (!f)
		return 0;
	xp = field_words(p->fc, f, 0);
#define x (*xp)
	for (i = 0; i < x.n; i++) {
		size_t xl = strlen(x.w[i]);

		if (!strcmp(x.w[i], d) || (i > 0 && l < xl && !strcmp(x.w[i] + xl - l, d)))
			return 1;
		/* "e0171550", "05LT01": the digits of an article number */
		if (xl > l && strstr(x.w[i], d) && !(x.w[i][0] >= '0' && x.w[i][0] <= '9' && xl == l))
			return 1;
		/* "Pro jQuery 2.0" written "Pro jQuery 20" */
		if (i + 1 < x.n && xl < l && !strncmp(d, x.w[i], xl) && !strcmp(d + xl, x.w[i + 1]))
			return 1;
	}
	return 0;
}
#undef x

/* A page range a formatter wrote out in full: "1392b-1392" as
 * "1392b–11392", "604.4-604" as "604.4-6044": d ends with the last page. */
static int page_expansion(const char *d, const char *page)
{
	const char *dash;
	char last[24];
	size_t l, dl = strlen(d);

	if (!page || !(dash = strpbrk(page, "-\xe2")))
		return 0;
	while (*dash && !(*dash >= '0' && *dash <= '9'))
		dash++;
	pk_str_copy(last, sizeof(last), dash);
	l = strspn(last, "0123456789");
	last[l] = '\0';
	return l && dl > l && !strcmp(d + dl - l, last);
}

/* Is the number d one of arXiv's journal-ref numbers, whole ("A32:327-333":
 * 32, 327, 333; not 33), leading zeros aside ("013009" as "13009")? */
static int number_in_jref(const prep *p, const char *d, const char *jref)
{
	const words *xp = field_words(p->fc, jref, 0);
	size_t i;

	while (*d == '0' && d[1])
		d++;
	for (i = 0; i < xp->n; i++) {
		const char *x = xp->w[i];

		while (*x >= 'a' && *x <= 'z')
			x++; /* "a32", "d76" */
		while (*x == '0' && x[1])
			x++;
		if (!strcmp(x, d))
			return 1;
	}
	return 0;
}

/* The first number the string states outside the work's title that is
 * none of the work's years, volume, issue, pages, article number or the
 * numbers of its titles and venue: a field the parse did not read, and
 * got wrong ("Journal of Korea Design Forum, null(18), 510"). Only a year
 * when the work is not numbered (no volume, issue or pages to check). */
/* Does the work's record give one page, its first (JAMA's "2165"), and no
 * range? */
static int first_page_only(const kg_work *w)
{
	return w->page && !strpbrk(w->page, "-,\xe2");
}

/* Is d the last page of the stated range, where the work records its
 * first page only, and that is the stated one (JAMA's "2165" cited
 * "2165-2166")? The last page is then not checked. */
static int last_page_unrecorded(const qr_ref *r, const kg_work *w, const char *d)
{
	const char *last;
	size_t l = strlen(d);

	if (!first_page_only(w) || !r->first_page[0] || !same_number(r->first_page, w->page) ||
	    !(last = strpbrk(r->pages, "-\xe2")))
		return 0;
	while (*last && !(*last >= '0' && *last <= '9'))
		last++;
	return !strncmp(last, d, l) && !(last[l] >= '0' && last[l] <= '9');
}

/* A month's name, whole or cut to three letters or more ("jun", "sept"),
 * folded. */
static int month_word(const char *x)
{
	static const char *const months[] = { "january", "february", "march", "april", "may", "june", "july",
					      "august", "september", "october", "november", "december" };
	size_t i, l = strlen(x);

	for (i = 0; l >= 3 && i < sizeof(months) / sizeof(months[0]); i++)
		if (months[i][0] == x[0] && !strncmp(months[i], x, l))
			return 1;
	return 0;
}

/* The same read in the string, where the parse took no page range
 * ("JAMA 2019, 321(22):2165-2166" in a style it did not know): d right
 * after the work's one recorded page, and a little past it. */
static int last_page_after(const kg_work *w, const char *prev, const char *d)
{
	long first, last;

	if (!first_page_only(w) || strcmp(prev, w->page))
		return 0;
	first = strtol(w->page, NULL, 10);
	last = strtol(d, NULL, 10);
	return first > 0 && last > first && last - first < 500;
}

/* Is word i a number of an access date ("Retrieved from Zenodo on 12
 * May 2021", "[cited 2021 May 12]", "Accessed: 2020-03-01")? A few words
 * back stands the verb, with dates, stop words and at most two other
 * words (a site's name) between. */
static int access_date(const rtext *rt, size_t i)
{
	static const char *const verbs[] = { "retrieved", "accessed", "cited", "viewed", "consulted", "downloaded",
					     "visited" };
	size_t k, j, other = 0;

	for (j = i; j > 0 && i - j < 7;) {
		const char *x = rt->w[--j];

		for (k = 0; k < sizeof(verbs) / sizeof(verbs[0]); k++)
			if (verbs[k][0] == x[0] && !strcmp(x, verbs[k]))
				return 1;
		if (!rt->stop[j] && !month_word(x) && !(x[0] >= '0' && x[0] <= '9') && ++other > 2)
			return 0;
	}
	return 0;
}

static void stray_number(const qr_ref *r, const prep *p, const rtext *rt, const kg_work *w, int numbered, cand *c)
{
	size_t i, k;

	int jref = c->via_jref || (c->jref_numbers && !c->jref_other);

	c->stray[0] = '\0';
	for (i = 0; i < rt->n; i++) {
		const char *d = rt->w[i];
		char y[21];
		int ok = 0;
		long day;

		if (c->title_raw && i >= c->ta && i < c->tb)
			continue;
		/* cited as arXiv's journal-ref writes it, the volume glued to
		 * the venue: "Phys.Rev.D77:013009" (the word "d77") */
		if (jref && d[0] >= 'a' && d[0] <= 'z' && (d[1] >= '0' && d[1] <= '9'))
			d++;
		for (k = 0; d[k] >= '0' && d[k] <= '9'; k++)
			;
		if (!k || d[k] || k > 12 || (!numbered && !(k == 4 && year_word(d))))
			continue;
		/* a day of the month: "2019 Jun 11;321(22)", "11 June 2019" */
		if (k <= 2 && (day = strtol(d, NULL, 10)) >= 1 && day <= 31 &&
		    ((i > 0 && month_word(rt->w[i - 1])) || (i + 1 < rt->n && month_word(rt->w[i + 1]))))
			continue;
		if (rt->accessed[i])
			continue; /* the day it was read, not the work's */
		pk_str_int(y, w->year);
		ok = (w->year && !strcmp(d, y));
		/* a work without a date: any year may be stated, none checked */
		ok = ok || (!w->year && !w->print_year && !w->online_year && k == 4 && year_word(d));
		pk_str_int(y, w->print_year);
		ok = ok || (w->print_year && !strcmp(d, y));
		pk_str_int(y, w->online_year);
		ok = ok || (w->online_year && !strcmp(d, y));
		ok = ok || number_in_field(p, d, w->volume) || number_in_field(p, d, w->issue) ||
		     number_in_field(p, d, w->page) || page_expansion(d, w->page) ||
		     number_in_field(p, d, w->article_number) || number_in_field(p, d, w->title) ||
		     number_in_field(p, d, w->subtitle) || number_in_field(p, d, w->original_title) ||
		     number_in_field(p, d, w->arxiv) || /* "CoRR abs/0704.0002" */
		     doi_article_number(d, w) || last_page_unrecorded(r, w, d) ||
		     /* a number the parse read as a field the record does not
		      * give ("Acta Inform. 1972;1(4):307-310", dblp giving no
		      * issue): not checked (verified says so); a year is not
		      * excused so ("(ACC), 2024" read as the volume of a 2021
		      * paper), and an arXiv record's numbers are its
		      * journal-ref's */
		     (!w->journal_ref && !(k == 4 && year_word(d)) &&
		      ((!w->issue && r->issue[0] && number_in_field(p, d, r->issue)) ||
		       (!w->volume && r->volume[0] && number_in_field(p, d, r->volume)) ||
		       (!w->page && !w->article_number && r->pages[0] && number_in_field(p, d, r->pages)))) ||
		     (i > 0 && last_page_after(w, rt->w[i - 1], d)) ||
		     /* the published version's numbers, as arXiv records them:
		      * its volume and pages however the parse read the venue,
		      * its year only when the venue is the journal-ref's (else
		      * the year rules decide) */
		     (w->journal_ref && (jref || !(k == 4 && year_word(d))) && number_in_jref(p, d, w->journal_ref)) ||
		     /* the series' volume ("LNCS, vol. 7432") of a paper whose
		      * record names only the series, without its volume */
		     (i > 0 && !w->volume &&
		      (!strcmp(rt->w[i - 1], "vol") || !strcmp(rt->w[i - 1], "volume") || !strcmp(rt->w[i - 1], "lncs") ||
		       !strcmp(rt->w[i - 1], "lnai") || !strcmp(rt->w[i - 1], "ccis")) &&
		      series_only(w));
		for (k = 0; !ok && k < w->ncontainer; k++)
			ok = number_in_field(p, d, w->container[k]);
		for (k = 0; !ok && k < w->nshort; k++)
			ok = number_in_field(p, d, w->short_container[k]);
		if (!ok) {
			pk_str_copy(c->stray, sizeof(c->stray), d);
			return;
		}
	}
}

/* Is folded word x a URL's or a description's, as a reference states
 * them after a title: APA's "[Data set]", DataCite's resource types,
 * "https://doi.org/..."? */
static int description_word(const char *x)
{
	static const char *const described[] = { "https", "http", "doi", "org", "www", "dx", "url", "data", "set",
						 "dataset", "text", "software", "computer", "image", "journalarticle",
						 "audiovisual", "collection", "model", "report", "preprint", "thesis",
						 "poster", "presentation" };
	size_t k;

	for (k = 0; k < sizeof(described) / sizeof(described[0]); k++)
		if (!strcmp(x, described[k]))
			return 1;
	return 0;
}

/* Does word x stand in one of the work's names (its venue, its series,
 * its publisher)? */
static int work_names_word(const prep *p, const kg_work *w, const char *x)
{
	const char *f[2 + 2 * 8];
	size_t i, k, n = 0;

	if (w->publisher)
		f[n++] = w->publisher;
	for (i = 0; i < w->ncontainer && n < 10; i++)
		f[n++] = w->container[i];
	for (i = 0; i < w->nshort && n < 18; i++)
		f[n++] = w->short_container[i];
	for (i = 0; i < n; i++) {
		const words *v = field_words(p->fc, f[i], 0);

		for (k = 0; k < v->n; k++)
			if (!strcmp(v->w[k], x))
				return 1;
	}
	return 0;
}

/* After the work's title, found in the string where the parse read
 * another and no venue: the first run of two content words or more that
 * none of the work's fields explains, as word indexes [a, b) in *tail
 * (b 0: none). Publisher and venue words, numbers, months, stop words,
 * URLs and APA's descriptions ("[Data set]") are explained. */
static void tail_run(const rtext *rt, const prep *p, const kg_work *w, const cand *c, size_t tail[2])
{
	/* (besides description_word's) */
	static const char *const filler[] = { "version", "vol", "no", "pp", "p", "available", "online", "retrieved",
					      "accessed", "published", "pmid", "pmcid", "isbn", "issn", "press", "et",
					      "al", "ed", "eds", "edition" };
	size_t i, k, run = 0, start = 0;

	tail[0] = tail[1] = 0;
	for (i = c->tb; i < rt->n && i < RT_WORDS; i++) {
		const char *x = rt->w[i];
		int explained = x[0] >= '0' && x[0] <= '9';

		if (!explained && rt->stop[i])
			continue; /* neither counts nor ends a run */
		explained = explained || strlen(x) < 3 || month_word(x) || description_word(x);
		for (k = 0; !explained && k < sizeof(filler) / sizeof(filler[0]); k++)
			explained = !strcmp(x, filler[k]);
		explained = explained || work_names_word(p, w, x);
		if (explained) {
			run = 0;
			continue;
		}
		if (!run++)
			start = i;
		if (run >= 2) {
			tail[0] = start;
			tail[1] = i + 1;
			while (tail[1] < rt->n && tail[1] < RT_WORDS && !rt->stop[tail[1]] &&
			       !(rt->w[tail[1]][0] >= '0' && rt->w[tail[1]][0] <= '9') && !work_names_word(p, w, rt->w[tail[1]]))
				tail[1]++;
			return;
		}
	}
}

/* The longest run of the string's words that none of the work's fields
 * explains: not its authors' names (au), not its venue (found at vspan, or
 * read by the parse when it matched), not a number, an initial, a stop
 * word or a word references are made of ("et al", "vol", "pp", "doi"). */
static size_t residue_run(const rtext *rt, const prep *p, const unsigned char *au, const size_t *vspan, int venue_ok)
{
	static const char *const filler[] = { "et", "al", "vol", "no", "pp", "p", "in", "doi", "eds", "ed", "proc",
					      "available", "online", "preprint", "published", "retrieved", "accessed",
					      "pmid", "pmcid", "isbn", "issn", "http", "https", "www", "org" };
	size_t i, k, run = 0, best = 0;

	for (i = 0; i < rt->n && i < RT_WORDS; i++) {
		const char *w = rt->w[i];
		size_t l = strlen(w);
		int explained = au[i] || (i >= vspan[0] && i < vspan[1]) || (venue_ok && p->in_venue[i]) ||
				p->in_authors[i] || (w[0] >= '0' && w[0] <= '9');

		/* stop words neither count nor end a run ("a unified theory of") */
		if (!explained && (is_stop(w) || (l < 3 && run)))
			continue;
		explained = explained || l < 3;

		for (k = 0; !explained && k < sizeof(filler) / sizeof(filler[0]); k++)
			explained = !strcmp(w, filler[k]);
		run = explained ? 0 : run + 1;
		if (run > best)
			best = run;
	}
	return best;
}

/* Is the parsed title the work's venue, full or abbreviated ("FASEB j",
 * "Nature Middle East (2011)")? Short titles only. */
static int title_names_venue(const prep *p, const kg_work *w)
{
	const words *t = &p->title_as_venue;
	size_t i;

	if (!t->n)
		return 0;
	for (i = 0; i < w->ncontainer; i++)
		if (venue_may_begin(w->container[i], t->w[0]) && venue_words_match_w(t, venue_words(p, w->container[i])))
			return 1;
	for (i = 0; i < w->nshort; i++)
		if (venue_may_begin(w->short_container[i], t->w[0]) &&
		    venue_words_match_w(t, venue_words(p, w->short_container[i])))
			return 1;
	return 0;
}

/* Does the parsed title read like a title? Two words of four letters or
 * more (or CJK; not starting with a digit), and no author list ("; et al", "H.J.H", "Sakide et al.,
 * lempu 2025" are what a parse left, not titles). A reference is only
 * called invented by a title like that. */
static int title_like(const qr_ref *r, const prep *p)
{
	size_t i, long_words = 0;

	if (strstr(r->title, "et al") || p->title_content < 2)
		return 0;
	/* (words, not numbers: "JHEP 25 (2008) 075001" is no title) */
	for (i = 0; i < p->title.n; i++)
		long_words += (strlen(p->title.w[i]) >= 4 && strspn(p->title.w[i], "0123456789") == 0 &&
			       !greek_name(p->title.w[i])) ||
			      (unsigned char)p->title.w[i][0] >= 0xe0;
	return long_words >= 2;
}

/* Does arXiv's journal-ref name the stated venue (its words, as
 * abbreviations go: "Phys.Rev.D" is "Physical Review D")? */
static int jref_venue(const prep *p, const char *jref)
{
	char letters[256];
	size_t i, n = 0;
	words jw;

	/* the journal's name: the letters before the first digit */
	for (i = 0; jref[i] && n + 1 < sizeof(letters); i++) {
		if (jref[i] >= '0' && jref[i] <= '9')
			break;
		letters[n++] = jref[i] == '.' ? ' ' : jref[i];
	}
	letters[n] = '\0';
	split_words(letters, &jw, 1);
	/* (and not the volume's label before the number: "Physica A, V. 387") */
	while (jw.n > 1 && (!strcmp(jw.w[jw.n - 1], "v") || !strcmp(jw.w[jw.n - 1], "vol") ||
			    !strcmp(jw.w[jw.n - 1], "volume")))
		jw.n--;
	return jw.n && (venue_words_match_w(&p->venue, &jw) || venue_words_match_w(&jw, &p->venue));
}

/* ... and the stated volume and first page, when stated */
static int jref_numbers(const qr_ref *r, const char *jref)
{
	return (!r->volume[0] || strstr(jref, r->volume)) && (!r->first_page[0] || strstr(jref, r->first_page));
}

static int bracketed(const char *v);

/* Are the words the parse read as the venue all in the work's title as
 * the string shows it (or APA's description in brackets: "[Data set]"),
 * and nothing after the title a venue the parse missed ("... Indices (J.
 * C. Gittins). Comput. Biol. Medicine, 33:154" read the venue "C")? After
 * the title may stand numbers, a DOI or URL, APA's description and the
 * work's publisher. */
static int no_venue_read(const qr_ref *r, const prep *p, const rtext *rt, const cand *c, const kg_work *w)
{
	size_t i, k, n = 0, out = 0, before = 0, described = 0;
	const char *q;
	const words *pub = w->publisher && w->publisher[0] ? venue_words(p, w->publisher) : NULL;

	if (!c->title_raw)
		return 0;
	for (q = strrchr(r->venue, '['); q && *q && *q != ']'; q++)
		described += (*q >= 'A' && *q <= 'Z') || (*q >= 'a' && *q <= 'z') ? q[-1] == '[' || q[-1] == ' ' : 0;
	for (i = 0; i < rt->n && i < RT_WORDS; i++)
		if (p->in_venue[i]) {
			if (i < c->ta || i >= c->tb)
				out++;
			else
				n++;
			before += i < c->ta;
		}
	/* or words before the work's title: a piece of an author list the
	 * parse did not read whole ("Tiwari, I., Singh, M., & K. P. Singh
	 * (2014). Fabrication ... Zenodo." read as the title "& K" and the
	 * venue "P") */
	if (!n && out && before == out)
		out = 0;
	else if ((!n && !bracketed(r->venue)) || out > described)
		return 0;
	for (i = c->tb; i < rt->n && i < RT_WORDS; i++) {
		const char *x = rt->w[i];
		int ok = rt->stop[i] || (x[0] >= '0' && x[0] <= '9');

		ok = ok || description_word(x);
		for (k = 0; !ok && pub && k < pub->n; k++)
			ok = !strcmp(x, pub->w[k]);
		if (!ok)
			return 0;
	}
	return 1;
}

/* "[Data set]", "[Computer software]": a description, not a venue */
static int bracketed(const char *v)
{
	size_t l = strlen(v);

	while (l && (v[l - 1] == '.' || v[l - 1] == ' '))
		l--;
	return l >= 3 && v[0] == '[' && v[l - 1] == ']' && !memchr(v + 1, ']', l - 2);
}

/* Words before the work's title in the string, numbers ("[12]") and stop
 * words aside: names, when the parse read none */
static int words_before_title(const rtext *rt, const cand *c)
{
	size_t i;

	for (i = 0; c->title_raw && i < c->ta && i < rt->n; i++)
		if (!rt->stop[i] && !(rt->w[i][0] >= '0' && rt->w[i][0] <= '9'))
			return 1;
	return 0;
}

/* Does the string name arXiv ("arXiv preprint arXiv:...", "CoRR")? */
static int names_arxiv(const rtext *rt)
{
	size_t i;

	for (i = 0; i < rt->n; i++)
		if (is_arxiv_name(rt->w[i]))
			return 1;
	return 0;
}

/* Compare one candidate with the reference; fill its scores. */
/* may_defer: a candidate whose title rules it out (below) is left
 * compared up to its title, c->deferred set, when the caller can do
 * without the rest (compare_rest). */
static void compare(const qr_ref *r, const prep *p, const rtext *rt, const kg_work *w, cand *c, int may_defer)
{
	unsigned char au_words[RT_WORDS];

	fields_reset(p->fc); /* another work: its fields folded anew */
	size_t vspan[2] = { 0, 0 }; /* the work's venue found in the string */
	int parsed_venue_ok;        /* the venue the parse read is the work's */
	int venue_unread;           /* the parse read no venue (or what it read is none) */
	double parsed_title;        /* how far the title the parse read is the work's (-1: none) */
	double total = 0, got = 0, cov = 0;
	size_t i, limit;
	int title_stated = p->title_like, stated_year, pub_year;

	pk_str_copy(c->type, sizeof(c->type), w->type ? w->type : "");
	c->au_total = named_authors(w) ? w->author_count : 0;
	c->au_unnamed = w->nauthors > 0 && !c->au_total;
	/* a "title" that is the work's venue: the parse took the journal of an
	 * untitled reference for its title ("Shaverdi, M.; Yaghoubi, S.
	 * RAIRO-Oper. Res. 2021, 55, S1487"), which invents nothing */
	c->title_is_venue = title_stated && title_names_venue(p, w);
	if (c->title_is_venue)
		title_stated = 0;
	c->short_other = r->title[0] && !title_stated && !c->title_is_venue && p->title.n && w->title &&
			 !title_names_venue(p, w) && !shares_word(&p->title, field_words(p->fc, w->title, 0));
	if (title_stated) {
		compare_titles(p, w, &c->title, &c->title_same, &c->title_head);
	} else {
		c->title = -1;
		c->title_same = -1;
		c->title_head = 0;
	}
	parsed_title = c->title; /* (the string's title below may stand for it) */
	if (rt->n && !c->title_is_venue) {
		title_raw(p, rt, w, c, &cov);
		c->subtitle = SUB_NONE;
		if (c->title_raw && title_stated && c->title >= 0 && c->title < 0.999) {
			size_t tn = title_lead(r, p, w);

			if (title_runs_on(r, p, w, tn))
				c->title_raw = 0, cov = 0;
			else
				c->subtitle = stated_subtitle(r, p, w, tn);
		}
		/* a short title of the work standing elsewhere than the title
		 * the parse read (a work titled "JAMA Pediatrics" in a reference
		 * to an article of that journal) is not the reference's title */
		/* (this and the next take back the raw title: a coverage under
		 * 0.6 without it is taken by nothing below, so neither asks) */
		if ((c->title_raw || cov >= 0.6) && p->title_at && (c->tb <= p->title_a || c->ta >= p->title_b) &&
		    short_title(p, w))
			c->title_raw = 0, cov = 0;
		/* nor, when the parse read a title of three content words or
		 * more and compared it, is one far from that title (a work
		 * titled "Introduction" in "Introduction to Solid State
		 * Physics", "Detection in" across "... drift detection. In:
		 * Proc.") unless its DOI or its first author names the work
		 * (the parse may have cut the title wrong) */
		if ((c->title_raw || cov >= 0.6) && p->title_at && c->title >= 0 && c->title < 0.6 && !c->from_doi &&
		    short_title(p, w) && !compare_authors(r, p, w).first_match)
			c->title_raw = 0, cov = 0;
		if (cov >= 0.6 && (c->title < 0 || cov > c->title)) {
			c->title = cov; /* the parse missed or cut the title: the string has it */
			title_stated = 1;
		}
		if (c->title_raw)
			c->title_same = 1;
		else if (title_stated && c->title_same < 0)
			c->title_same = 0;
	}
	/* a title is stated and this work's is not it (under 0.6, read or
	 * raw), and no DOI names the work: no rule below can identify it
	 * (each needs a title of 0.6, a DOI, or no title stated), and
	 * nothing below changes title_stated or c->title. Its authors,
	 * venue and numbers matter only to what a caller decides with them
	 * once a work is identified or the world is closed. */
	if (may_defer && title_stated && c->title < 0.6 && !c->from_doi) {
		c->deferred = 1;
		return;
	}
	c->au = compare_authors(r, p, w);
	memset(au_words, 0, sizeof(au_words));
	if (rt->n && w->nauthors) {
		/* the work's authors in the string, before its title where it stands */
		unsigned char claimed[RT_WORDS];
		long a0, a1 = -1;
		int missing = 0;

		/* the venue's words are none of the authors ("The Lancet") */
		memcpy(claimed, p->in_venue, sizeof(claimed));
		a0 = family_in_text(p->fc, rt, 0, w->authors[0].family, initial(w->authors[0].given), claimed);
		claim_given(p->fc, rt, claimed, a0, w->authors[0].given);
		limit = w->nauthors < 12 ? w->nauthors : 12;
		for (i = 0; i < limit; i++) {
			long at = i == 0 ? a0 : family_in_text(p->fc, rt, i, w->authors[i].family, initial(w->authors[i].given), claimed);
			int shown = at >= 0 && (!c->title_raw || (size_t)at < c->ta || (size_t)at >= c->tb);

			if (i > 0)
				claim_given(p->fc, rt, claimed, at, w->authors[i].given);
			if (i == 1)
				a1 = at;
			c->au_raw += shown;
			/* an author left out, a later one shown: the list was not
			 * cut at the end, "et al." or not */
			if (!shown && w->authors[i].family && w->authors[i].family[0])
				missing = 1;
			else if (shown && missing)
				c->au_gap = 1;
		}
		/* the words the work's authors took are no venue ("The Lancet."
		 * as the author of an editorial of The Lancet) */
		/* (past the string's words claimed is in_venue's copy: 0 there
		 * as memset left it) */
		for (i = 0; i < rt->n && i < RT_WORDS; i++)
			au_words[i] = claimed[i] && !p->in_venue[i];
		/* the first author is first of the authors the string shows */
		c->first_raw = a0 >= 0 && (a1 < 0 || a0 < a1) &&
			       /* not a name the title has ("OpenAI GPT-5 System Card") */
			       !(c->title_raw && (size_t)a0 >= c->ta && (size_t)a0 < c->tb);
		c->swapped = a0 >= 0 && a1 >= 0 && a1 < a0;
		if (c->first_raw && !c->au.first_match && !c->swapped)
			c->au.first_match = 1;
		if (c->swapped)
			c->au.first_match = 0, c->au.order_ok = 0;
	}
	/* years: the stated one, or any the string shows outside the title;
	 * an arXiv preprint cited as published has its published version's
	 * year too, when its journal-ref gives one */
	stated_year = r->year;
	c->year_diff = -1;
	c->year_jref = 0;
	pub_year = w->journal_ref && !p->preprint && w->db && !strcmp(w->db, "arXiv") ? jref_year(w->journal_ref) : 0;
	if (stated_year && (w->year || w->print_year || w->online_year))
		c->year_diff = year_matches(w, stated_year) || stated_year == pub_year ? 0 : abs(stated_year - w->year);
	if (stated_year && stated_year == pub_year && !year_matches(w, stated_year))
		c->year_jref = 1;
	for (i = 0; i < rt->nyears; i++) {
		if (c->title_raw && rt->year_at[i] >= c->ta && rt->year_at[i] < c->tb)
			continue;
		/* "Mathematical Problems in Engineering, 2013, 1-8" states 2013
		 * as the volume: with a year stated elsewhere, it is no year;
		 * pages are never a year ("vol. 3, pp. 2068-2075") */
		if (rt->year[i] != stated_year && (number_in_field_int(r->pages, rt->year[i]) ||
						   (stated_year && (same_number_int(r->volume, rt->year[i]) ||
								    venue_has_year(w, rt->year[i])))))
			continue;
		if (year_matches(w, rt->year[i])) {
			c->year_diff = 0;
			c->year_variant = rt->year[i] != w->year;
			break;
		}
		if (rt->year[i] == pub_year) {
			c->year_diff = 0;
			c->year_jref = 1;
			break;
		}
		if (c->year_diff < 0 && w->year)
			c->year_diff = abs(rt->year[i] - w->year);
	}
	if (c->year_diff == 0 && stated_year && stated_year != w->year && year_matches(w, stated_year))
		c->year_variant = 1;
	/* a conference paper cited by the year of its conference, which the
	 * conference's name gives ("NAPCRG 49th Annual Meeting ... 2021",
	 * the abstracts issued in 2022) */
	if (c->year_diff == 1 && stated_year && w->type && !strcmp(w->type, "proceedings-article") &&
	    venue_has_year(w, stated_year)) {
		c->year_diff = 0;
		c->year_variant = 2;
	}
	c->year_unknown = (stated_year || rt->nyears) && !w->year && !w->print_year && !w->online_year;
	c->venue = r->venue[0] && !p->preprint ? venue_match(p, w) : -1;
	/* what the parse read as the venue is no venue: words of the work's
	 * own title ("Info Flora (2021). Salix purpurea L. [Text]. Zenodo."
	 * read as the title "Info Flora (2021)", the venue "Salix purpurea
	 * L"), or APA's description in brackets ("[Data set]", "[Text]") */
	venue_unread = !r->venue[0] || p->preprint;
	if (c->venue == 0 && no_venue_read(r, p, rt, c, w))
		c->venue = -1, venue_unread = 1;
	/* a paper or chapter whose record names no container ("Proc. TQC
	 * 2013" for a LIPIcs paper DataCite gives without one): nothing to
	 * compare the venue with, which is not a wrong venue */
	c->venue_unchecked = c->venue == 0 && !w->ncontainer && !w->nshort && w->type &&
			     !strcmp(w->type, "proceedings-article") && conference_named(&p->venue, r->venue);
	/* nor a paper whose record names only its book series (OpenAlex's
	 * "Lecture notes in computer science" for an ISVC 2012 paper) cited
	 * by its conference or proceedings */
	if (c->venue == 0 && series_only(w) && (conference_named(&p->venue, r->venue) || series_named(&p->venue)))
		c->venue_unchecked = 2;
	if (c->venue_unchecked)
		c->venue = -1;
	/* a preprint named by its own arXiv id, the string naming arXiv, is
	 * cited as the preprint, whatever the parse took for a venue (a
	 * title cut at its "?"); not so with a venue of its own
	 * (booktitle={NeurIPS}, eprint={1706.03762}) */
	if (c->venue == 0 && w->arxiv && r->arxiv[0] && w->type && !strcmp(w->type, "posted-content") &&
	    names_arxiv(rt)) {
		char id[64], ver[16];

		if (kg_arxiv_id(r->arxiv, id, sizeof(id), ver, sizeof(ver)) == 0 && !strcmp(id, w->arxiv))
			c->venue = -1;
	}
	/* an arXiv preprint cited by its published version: arXiv's
	 * journal-ref ("Phys.Rev.D76:013009,2007") says where it appeared */
	if (c->venue == 0 && w->db && !strcmp(w->db, "arXiv")) {
		size_t k;
		int linked = w->journal_ref != NULL;

		for (k = 0; k < w->nrelation; k++)
			if (w->relation[k].type && !strcmp(w->relation[k].type, "is-preprint-of") && w->relation[k].doi) {
				linked = 1;
				pk_str_copy(c->published, sizeof(c->published), w->relation[k].doi);
			}
		c->arxiv_only = !linked;
		if (w->journal_ref) {
			c->jref_numbers = !jref_numbers(r, w->journal_ref);
			if (jref_venue(p, w->journal_ref)) {
				c->venue = 1;
				c->via_jref = !c->jref_numbers;
			} else {
				c->jref_other = 1;
			}
			/* cited as published where the journal-ref says, a year
			 * after the preprint's is its published version's, which
			 * a journal-ref without a year leaves unknown */
			if (c->via_jref && !pub_year && c->year_diff > 0 && stated_year > w->year) {
				c->year_diff = 0;
				c->year_jref = 2;
			}
		}
	}
	parsed_venue_ok = c->venue == 1;
	if (c->venue != 1 && rt->n) {
		/* the work's venue elsewhere in the string than the title, the
		 * venue the parse read and the authors ("The Lancet" as author
		 * of a reference that names another journal is no venue) */
		unsigned char skip[RT_WORDS];

		size_t nw = rt->n < RT_WORDS ? rt->n : RT_WORDS;

		for (i = 0; i < nw; i++)
			skip[i] = p->in_authors[i] | au_words[i] | (c->title_raw && i >= c->ta && i < c->tb);
		/* past the string's words, as the loop would set them (au_words
		 * is 0 there) */
		memcpy(skip + nw, p->in_authors + nw, RT_WORDS - nw);
		for (i = c->title_raw && c->ta > nw ? c->ta : nw; c->title_raw && i < c->tb && i < RT_WORDS; i++)
			skip[i] = 1;
		for (i = 0; i < w->ncontainer && c->venue != 1; i++)
			if (venue_in_text(rt, field_words(p->fc, w->container[i], 1), skip, p->in_venue,
					  c->title_raw ? c->tb : (size_t)-1, vspan))
				c->venue = 1;
		for (i = 0; i < w->nshort && c->venue != 1; i++)
			if (venue_in_text(rt, field_words(p->fc, w->short_container[i], 1), skip, p->in_venue,
					  c->title_raw ? c->tb : (size_t)-1, vspan))
				c->venue = 1;
	}
	/* the work's title found in the string, where the parse read another
	 * and no venue: what follows the title is the reference's venue, and
	 * the work's fields must explain it ("Diehl, P., Sagiv Schiber, ...
	 * (2020). OctoTiger: ... [Computer software]. Nature Communications."
	 * for a Zenodo record) */
	c->tail[0] = c->tail[1] = 0;
	if (c->title_raw && c->venue == -1 && venue_unread && parsed_title < 0.5 && !p->preprint)
		tail_run(rt, p, w, c, c->tail);
	c->volume = r->volume[0] && w->volume ? same_number(r->volume, w->volume) : -1;
	/* "SPIE Proceedings, 2016, p. 96973B": the "volume" read is the year */
	if (c->volume == 0 && same_number_int(r->volume, r->year))
		c->volume = -1;
	c->issue = r->issue[0] && w->issue ? same_number(r->issue, w->issue) : -1;
	c->pages = r->first_page[0] && (w->page || w->article_number) ? pages_match(r, w) : -1;
	/* "REFilo, 14.": a lone number read as pages where the work has a
	 * volume only */
	if (c->pages < 0 && c->volume < 0 && r->first_page[0] && !r->volume[0] && !strchr(r->pages, '-') && w->volume &&
	    !w->page && !w->article_number)
		c->volume = same_number(r->first_page, w->volume);
	/* "revistaph. 1999;472.": a volume read where the work has pages only */
	if (c->volume < 0 && r->volume[0] && !r->first_page[0] && !w->volume && (w->page || w->article_number) &&
	    !same_number_int(r->volume, r->year)) {
		char first[32];

		pk_str_ncopy(first, sizeof(first), w->page ? w->page : w->article_number,
			     strcspn(w->page ? w->page : w->article_number, "-–,"));
		c->pages = same_number(r->volume, first) || (w->article_number && same_number(r->volume, w->article_number));
	}
	if (p->venue_num[0] && !number_in_field(p, p->venue_num, w->title)) {
		/* "BJR 20170914 (2018)": a volume or an article number; not a
		 * number of the work's title, the parse having read the title
		 * as the venue ("Insuring Projects After September 11") */
		char first[32] = "";

		if (w->page || w->article_number)
			pk_str_ncopy(first, sizeof(first), w->page ? w->page : w->article_number,
				     strcspn(w->page ? w->page : w->article_number, "-–,"));
		if (w->volume && same_number(p->venue_num, w->volume))
			c->volume = 1;
		else if (first[0] && same_number(p->venue_num, first))
			c->pages = 1;
		else if (w->article_number && same_number(p->venue_num, w->article_number))
			c->pages = 1;
		else if (w->volume || first[0])
			c->pages = 0;
	}
	if (rt->n) {
		/* the parse may have taken another number for the pages: the
		 * work's own first page standing in the string outside its
		 * title, and not as another field, is enough (a volume the parse
		 * read is not second-guessed: "Breast J. 2014;27(2):219-20" is
		 * not volume 20) */
		size_t a = c->title_raw ? c->ta : 0, b = c->title_raw ? c->tb : 0;
		char first[32];
		pk_buf f = PK_BUF_INIT;

		pk_buf_reset(&f);
		if (c->pages == 0 && (w->page || w->article_number)) {
			pk_str_ncopy(first, sizeof(first), w->page ? w->page : w->article_number,
				     strcspn(w->page ? w->page : w->article_number, "-–,"));
			if (!same_number_int(first, r->year) && !(r->volume[0] && same_number(first, r->volume)) &&
			    !(r->issue[0] && same_number(first, r->issue)) &&
			    kg_fold_text(&f, first, strlen(first)) == 0 && f.ptr && word_in_text(rt, f.ptr, a, b))
				c->pages = 1;
		}
		pk_buf_release(&f);
		pk_error_clear();
	}
	/* a reference that states no title the parse could read but has a run
	 * of words none of the work's fields explain ("Belyaeva I, ..., et al.
	 * A graphene lattice approach. Neuroinform. 2022"): a title after all,
	 * and not this work's */
	if (!title_stated && rt->n)
		c->residue = residue_run(rt, p, au_words, vspan, parsed_venue_ok) >= 4;
	/* weighted agreement over the fields the reference states */
	if (c->title >= 0)
		total += 4, got += 4 * c->title;
	if (r->nauthors || c->au_raw)
		total += 3, got += 3 * (c->au.first_match ? 1.0 : (double)c->au.found / (double)(r->nauthors ? r->nauthors : 1) * 0.6);
	if (c->year_diff >= 0)
		total += 1, got += c->year_diff == 0 ? 1 : c->year_diff == 1 ? 0.5 : 0;
	if (c->venue >= 0)
		total += 1, got += c->venue;
	if (c->volume >= 0)
		total += 0.5, got += 0.5 * c->volume;
	if (c->pages >= 0)
		total += 0.5, got += 0.5 * c->pages;
	if (c->from_doi)
		total += 1, got += 1;
	c->score = total > 0 ? got / total : 0;

	/* is this the work the reference means? By its title (2): the title
	 * as stated, or a near-miss of it with the first author or the DOI;
	 * otherwise (1) by the DOI with an author or the year, or, for a
	 * reference that states no title, by author, year and venue or pages */
	c->identified = 0;
	if (c->title >= 0.9 && (p->title_content >= 3 || c->title_raw || c->au.first_match || c->from_doi) &&
	    /* a title of a word or two ("Introduction", "BERLIN") standing in
	     * the string names the work only with its first author, its year
	     * or its DOI */
	    (c->au.first_match || c->from_doi || c->year_diff == 0 || !short_title(p, w)))
		c->identified = 2;
	else if (c->title >= 0.6 && (c->au.first_match || c->from_doi || (c->year_diff == 0 && c->venue == 1)))
		c->identified = 2;
	else if (c->from_doi && !title_stated && (r->nauthors == 0 || c->au.found > 0 || c->first_raw || c->year_diff == 0))
		c->identified = 1;
	else if (!title_stated && !c->residue && c->au.first_match && c->year_diff >= 0 && c->year_diff <= 1 &&
		 (c->venue == 1 || (c->volume == 1 && c->pages == 1)))
		c->identified = 1;
	else if (!title_stated && !c->residue && c->volume == 1 && c->pages == 1 && c->venue == 1)
		c->identified = 1;

	/* fields the reference states that disagree */
	c->added = r->nauthors ? added_author(r, p, w, &c->au, c->au_total) : 0;
	c->notice = title_stated && notice_of(r, w);
	if (c->notice)
		pk_utf8_copy(c->notice_title, sizeof(c->notice_title), w->title);
	if ((c->title_same == 0 && c->title < 0.999) || (c->title_raw && c->subtitle == SUB_OTHER))
		c->mismatched |= QR_F_TITLE;
	if ((r->nauthors || c->au_raw) && c->au_total &&
	    (!c->au.first_match || !c->au.order_ok ||
	     /* some of the work's authors left out, the list not cut with "et al." */
	     (!r->et_al && !rt->et_al && c->au_raw && c->au_raw < (c->au_total < 12 ? c->au_total : 12) &&
	      c->au.found < (c->au_total < 12 ? c->au_total : 12)) ||
	     /* a gap in the list the string shows, unless the parsed list
	      * already agrees with the work's, author by author */
	     (c->au_gap && !(r->nauthors >= 2 && c->au.found == r->nauthors && c->au.first_match && c->au.order_ok &&
			     !c->au.skipped)) ||
	     (c->au.skipped && c->au.found == r->nauthors && c->au.order_ok) ||
	     /* an author added to the work's whole list ("Milner R, Parrow
	      * J" for Milner's paper alone) */
	     c->added))
		c->mismatched |= QR_F_AUTHORS;
	if (c->year_diff >= 1)
		c->mismatched |= QR_F_YEAR;
	if (c->venue == 0)
		c->mismatched |= QR_F_VENUE;
	if (c->volume == 0)
		c->mismatched |= QR_F_VOLUME;
	if (c->issue == 0)
		c->mismatched |= QR_F_ISSUE;
	if (c->pages == 0)
		c->mismatched |= QR_F_PAGES;
	/* a work identified by its title, every field read agreeing, and a
	 * number left over that is none of the work's (other than a year,
	 * not when the record gives no volume, issue or pages, as many
	 * proceedings papers' do not: pages stated cannot be checked) */
	c->numbers_unchecked = 0;
	c->unrecorded = "";
	if ((c->identified == 2 || (c->venue == 1 && w->journal_ref && w->db && !strcmp(w->db, "arXiv"))) &&
	    !c->mismatched && rt->n && strcmp(r->style, "bibtex")) {
		int numbered = w->volume || w->issue || w->page || w->article_number || w->journal_ref;

		stray_number(r, p, rt, w, numbered, c);
		c->numbers_unchecked = !numbered && (r->volume[0] || r->issue[0] || r->pages[0]);
		/* (the first field stated that the record lacks) */
		c->unrecorded = w->journal_ref		     ? "" /* (its numbers are the journal-ref's) */
				: r->volume[0] && !w->volume && !year_word(r->volume) ? "volume"
				: r->issue[0] && !w->issue ? "issue"
				: r->pages[0] && !w->page && !w->article_number ? "pages" : "";
		if (c->stray[0])
			c->mismatched |= w->page || w->article_number ||
						 (!strcmp(c->stray, r->first_page) && strcmp(c->stray, r->volume))
					 ? QR_F_PAGES
					 : QR_F_VOLUME;
	}
	/* an arXiv preprint found without its title, cited in the venue its
	 * journal-ref names but with other numbers ("Phys. Rev. D 75, 013009"
	 * for "Phys.Rev.D76:013009,2007"): the numbers differ */
	if (c->identified != 2 && !c->mismatched && c->jref_numbers && c->venue == 1 && w->journal_ref)
		c->mismatched |= r->volume[0] && !strstr(w->journal_ref, r->volume) ? QR_F_VOLUME : QR_F_PAGES;
}

/* Of two candidates identified alike, the one that says more about the
 * reference: the one with authors to compare when authors are stated
 * (Crossref holds some works twice, once without authors), then the
 * higher score, then, of equals, the published version itself before an
 * arXiv preprint that fits by its journal-ref. */
static int better(const qr_ref *r, const cand *a, const cand *b)
{
	if (r->nauthors && (a->au_total > 0) != (b->au_total > 0))
		return a->au_total > 0;
	/* of two records of one title, the one whose whole title the
	 * reference gives, not only the part before its subtitle (a chapter
	 * held twice: "From Ecology of Natural Systems to Industrial Ecology"
	 * by Routledge, and "...: The need for an extension ..." without a
	 * date) */
	if (a->identified == 2 && b->identified == 2 && a->title_same == 1 && b->title_same == 1 &&
	    a->title_head != b->title_head)
		return !a->title_head;
	if (a->score == b->score && a->via_jref != b->via_jref)
		return !a->via_jref;
	/* of two versions with one title (a conference paper and its
	 * preprint, authors reordered), the one every stated field agrees
	 * with */
	if (a->score == b->score && a->identified == 2 && b->identified == 2 && !a->mismatched != !b->mismatched)
		return !a->mismatched;
	return a->score > b->score;
}

/* ---- the records of works read lately ----------------------------------
 * The same works are candidates of reference after reference (a common
 * family name, a venue's words): where each one's record lies in the map
 * of the commit read is kept, so that it is looked up once, not once a
 * reference (the B-tree's search was half of a candidate's loading). Keyed
 * by the DOI, checked whole; direct-mapped on its hash. Kept in the
 * scratch and emptied with its memos when another commit is read; not used
 * with records from outside or an online source (whose writes would come
 * between). */
#define RECS_SLOTS 8192 /* a power of two */
#define RECS_DOI 96     /* a longer DOI is read each time */

typedef struct rec_slot {
	uint64_t h;
	const void *rec; /* NULL: empty */
	size_t len;
	size_t dl;
	char doi[RECS_DOI];
} rec_slot;

typedef struct rec_cache {
	rec_slot *slot; /* RECS_SLOTS, made at first use (NULL: none) */
	int failed;     /* no memory for it: every record is looked up */
} rec_cache;

static rec_cache *scratch_recs(const qr_opts *o);

static int rec_recall(const rec_cache *rc, const char *doi, size_t n, uint64_t h, cand *c)
{
	const rec_slot *e = &rc->slot[h & (RECS_SLOTS - 1)];

	if (!e->rec || e->h != h || e->dl != n || memcmp(e->doi, doi, n))
		return 0;
	c->rec = e->rec;
	c->rec_len = e->len;
	return 1;
}

static void rec_keep(rec_cache *rc, const char *doi, size_t n, uint64_t h, const cand *c)
{
	rec_slot *e = &rc->slot[h & (RECS_SLOTS - 1)];

	if (n >= RECS_DOI)
		return;
	e->h = h;
	e->rec = c->rec;
	e->len = c->rec_len;
	e->dl = n;
	memcpy(e->doi, doi, n);
}

/* ---- the works decoded lately ---------------------------------------
 * A batch compares the same few thousand works again and again (3,211
 * distinct records behind the 192,007 decodings of the 10k bench audit):
 * the last decoding of each is kept in the slot its record's address
 * hashes to (direct-mapped), and a candidate found there is compared
 * without decoding. A decoding points into its record: the slots are
 * forgotten with the record cache (another commit read). */
#define WORKS_SLOTS 2048 /* a power of two; 2.6 KB each, made at first use */

typedef struct work_cache {
	kg_work *w;          /* nslots (NULL: not made) */
	unsigned char *made; /* slot i cleared once (kg_work_clear), holding a decoding or none */
	size_t nslots;       /* WORKS_SLOTS, or fewer for a test (a power of two) */
	int failed;          /* none kept (no memory, or a test's): every candidate is decoded */
} work_cache;

static work_cache *scratch_works(const qr_opts *o);

/* The candidate's record found in the graph (c->rec), once per reference
 * (a read txn maps it in place; the scratch remembers where): 0 or an
 * error. Not for a record from outside (c->extra). */
static int load_record(kg_txn *t, const qr_opts *o, cand *c)
{
	if (!c->rec) {
		rec_cache *recs = scratch_recs(o);
		size_t n = strlen(c->doi);
		uint64_t h = c->h; /* (pk_hash_mem of the DOI, as add_candidate_at made it) */

		if (!recs || !rec_recall(recs, c->doi, n, h, c)) {
			int rc = kg_doc_get(t, KG_DOC_WORKS, c->doi, n, &c->rec, &c->rec_len);

			if (rc < 0) {
				c->rec = NULL;
				return rc;
			}
			if (recs)
				rec_keep(recs, c->doi, n, h, c);
		}
	}
	return 0;
}

/* The candidate's record decoded into w, unless w holds it. */
static int load_cand(kg_txn *t, const qr_opts *o, cand *c, kg_work *w)
{
	int rc;

	if (c->extra)
		return kg_work_redecode(w, o->extra[c->extra - 1], o->extra_len[c->extra - 1]);
	if ((rc = load_record(t, o, c)) < 0)
		return rc;
	if (w->rec == c->rec && w->rec_len == c->rec_len)
		return 0; /* w holds this record already */
	return kg_work_redecode(w, c->rec, c->rec_len); /* (w is the scratch's: a decode's or cleared) */
}

/* load_cand through the scratch's decoded works: *out is the candidate
 * decoded, in the slot of its record or (a record from outside, no
 * memory for the slots) in w. */
static int load_cand_kept(kg_txn *t, const qr_opts *o, cand *c, kg_work *w, const kg_work **out)
{
	work_cache *wc;
	kg_work *d;
	size_t at;
	int rc;

	*out = w;
	if (c->extra || !(wc = scratch_works(o)))
		return load_cand(t, o, c, w);
	if ((rc = load_record(t, o, c)) < 0)
		return rc;
	at = (size_t)((((uintptr_t)c->rec >> 3) * 0x9E3779B97F4A7C15ull) >> 40) & (wc->nslots - 1);
	d = &wc->w[at];
	if (!wc->made[at]) {
		kg_work_clear(d);
		wc->made[at] = 1;
	}
	*out = d;
	if (d->rec == c->rec && d->rec_len == c->rec_len)
		return 0; /* kept */
	return kg_work_redecode(d, c->rec, c->rec_len);
}

/* Candidates from outside the graph, after the graph's own; a DOI the
 * graph lacks (the stated one, added as a candidate already) takes the
 * outside record. */
static void add_extra(kg_txn *t, const qr_ref *r, const qr_opts *o, cands *cs, kg_work *w)
{
	size_t i, k;

	for (i = 0; o && i < o->nextra; i++) {
		const void *rec;
		size_t len;

		if (kg_work_decode(w, o->extra[i], o->extra_len[i]) < 0 || !w->doi) {
			pk_error_clear();
			continue;
		}
		add_candidate(cs, w->doi, strlen(w->doi));
		for (k = 0; k < cs->n && strcmp(cs->c[k].doi, w->doi); k++)
			;
		if (k == cs->n || cs->c[k].extra)
			continue;
		if (kg_doc_get(t, KG_DOC_WORKS, w->doi, strlen(w->doi), &rec, &len) == 0)
			continue; /* the graph has it: compare the graph's record */
		pk_error_clear();
		cs->c[k].extra = i + 1;
		cs->c[k].from_doi = cs->c[k].from_doi || (r->doi[0] && !strcmp(r->doi, w->doi));
	}
}

/* The best candidate so far (identified, the first of equals), and the
 * one the stated DOI names. */
typedef struct pick {
	cand *best;
	cand *doi_cand;
} pick;

/* Reads one candidate and compares it: 0, or -1 with a score of -1 when
 * its record cannot be read. */
static int compare_one(kg_txn *t, const qr_opts *o, const qr_ref *r, const prep *p, const rtext *rt, kg_work *w,
		       cand *c, int may_defer)
{
	const kg_work *cw;

	if (load_cand_kept(t, o, c, w, &cw) < 0) {
		pk_error_clear();
		c->score = -1;
		return -1;
	}
	compare(r, p, rt, cw, c, may_defer);
	return 0;
}

/* Compares the candidates from index from on; returns cs->n. A candidate
 * that cannot be read gets a score of -1. */
static size_t compare_from(kg_txn *t, const qr_opts *o, const qr_ref *r, const prep *p, const rtext *rt, kg_work *w,
			   cands *cs, size_t from, pick *pk, int may_defer)
{
	size_t i;

	for (i = from; i < cs->n; i++) {
		cand *c = &cs->c[i];

		if (compare_one(t, o, r, p, rt, w, c, may_defer) < 0)
			continue;
		if (c->from_doi)
			pk->doi_cand = c;
		if (c->identified && (!pk->best || c->identified > pk->best->identified ||
				      (c->identified == pk->best->identified && better(r, c, pk->best))))
			pk->best = c;
	}
	return cs->n;
}

/* The candidates compare() deferred, compared whole: from the state
 * add_candidate, the gathering and load_cand left (compare accumulates
 * into some fields). None can be identified, so the best stays. */
static void compare_again(kg_txn *t, const qr_opts *o, const qr_ref *r, const prep *p, const rtext *rt, kg_work *w,
			  cand *c)
{
	cand keep = *c;

	memset(c, 0, sizeof(*c));
	memcpy(c->doi, keep.doi, sizeof(c->doi));
	c->h = keep.h;
	c->slot_at = keep.slot_at;
	c->rec = keep.rec;
	c->rec_len = keep.rec_len;
	c->from_doi = keep.from_doi;
	c->at_locator = keep.at_locator;
	c->extra = keep.extra;
	compare_one(t, o, r, p, rt, w, c, 0);
}

static void compare_rest(kg_txn *t, const qr_opts *o, const qr_ref *r, const prep *p, const rtext *rt, kg_work *w,
			 cands *cs)
{
	size_t i;

	for (i = 0; i < cs->n; i++)
		if (cs->c[i].deferred)
			compare_again(t, o, r, p, rt, w, &cs->c[i]);
}

/* Do the stated volume and first page name one work of a venue? Not
 * where every article starts at page 1, or the volume is the year
 * ("2021;2021:1", Hindawi's article numbers). */
static int one_work_at_locator(const qr_ref *r)
{
	return r->volume[0] && r->first_page[0] && strcmp(r->first_page, "1") && !same_number_int(r->volume, r->year);
}

/* Nothing identified, in an open world: the deferred candidates that
 * the stated volume and first page hold, compared whole (a chimera's
 * real half: the same authors, year and venue there under another
 * title). */
static void compare_at_locator(kg_txn *t, const qr_opts *o, const qr_ref *r, const prep *p, const rtext *rt,
			       kg_work *w, cands *cs)
{
	size_t i;

	for (i = 0; i < cs->n; i++)
		if (cs->c[i].deferred && cs->c[i].at_locator)
			compare_again(t, o, r, p, rt, w, &cs->c[i]);
}

/* Another record the title identifies, with every stated field but the
 * year agreeing and no date of its own (the same work, held twice), or
 * NULL. */
static const cand *undated_twin(const cands *cs, const cand *best)
{
	size_t i;

	for (i = 0; i < cs->n; i++) {
		const cand *c = &cs->c[i];

		if (c != best && c->identified == 2 && !c->mismatched && c->year_unknown && c->au.first_match &&
		    c->score >= 0)
			return c;
	}
	return NULL;
}

/* A candidate no other can displace as the best (see better()):
 * identified by its title, every stated field agreeing, the highest score
 * there is, and authors to compare when authors are stated. */
static int perfect(const qr_ref *r, const cand *c)
{
	return c && c->identified == 2 && !c->mismatched && c->score >= 1.0 && (!r->nauthors || c->au_total > 0);
}

static int is_placeholder(const qr_ref *r)
{
	static const char *const names[] = { "doe", "author", "authors", "anonymous", "lastname", "surname",
					     "name", "xxx", "et al", "unknown" };
	size_t i, j;

	for (i = 0; i < r->nauthors; i++) {
		char f[64];

		fold_family(NULL, f, sizeof(f), r->authors[i].family);
		for (j = 0; j < sizeof(names) / sizeof(names[0]); j++)
			if (!strcmp(f, names[j]))
				return 1;
	}
	return 0;
}

static void describe_match(qr_result *out, kg_txn *t, const qr_opts *o, cand *c, kg_work *w)
{
	out->have_match = 1;
	out->match_extra = c->extra != 0;
	pk_str_copy(out->match_doi, sizeof(out->match_doi), c->doi);
	pk_str_copy(out->match_id, sizeof(out->match_id), c->doi);
	pk_str_copy(out->match_db, sizeof(out->match_db), "Crossref");
	out->score = c->score;
	pk_str_copy(out->match_type, sizeof(out->match_type), c->type);
	if (load_cand(t, o, c, w) == 0) {
		size_t i;

		pk_utf8_copy(out->match_title, sizeof(out->match_title), w->title ? w->title : "");
		if (c->title_raw && c->subtitle == SUB_OTHER && w->subtitle) { /* the subtitle the stated one is not */
			size_t l = strlen(out->match_title);

			snprintf(out->match_title + l, sizeof(out->match_title) - l, ": %s", w->subtitle);
		}
		pk_text_plain(out->match_title); /* (Crossref's "<i>Primulina</i>" and line breaks) */
		out->match_year = w->year;
		if (w->db) {
			pk_str_copy(out->match_db, sizeof(out->match_db), w->db);
			pk_str_copy(out->match_doi, sizeof(out->match_doi), w->doi ? w->doi : "");
			out->match_versions = w->nversions;
		}
		if (w->retracted)
			out->retracted = 1;
		pk_utf8_copy(out->match_venue, sizeof(out->match_venue),
			     w->ncontainer ? w->container[0] : w->nshort ? w->short_container[0] : "");
		for (i = 0; i < w->nupdated_by; i++)
			if (w->updated_by[i].type && strstr(w->updated_by[i].type, "retract"))
				out->retracted = 1;
		if (w->title && (!strncasecmp(w->title, "RETRACTED", 9) || !strncasecmp(w->title, "Retraction:", 11)))
			out->retracted = 1;
	}
	pk_error_clear();
}

/* The records of the work besides the match: the other databases' records
 * identified as the same work (by the stated identifiers, or by title,
 * first author and year). */
typedef struct link_ctx {
	qr_result *out;
} link_ctx;

/* A preprint record that names the match as its published version. */
static int on_preprint(const void *key, size_t n, void *vctx)
{
	link_ctx *c = vctx;
	qr_result *out = c->out;
	char k[256];
	size_t i;

	snprintf(k, sizeof(k), "%.*s", (int)(n < 255 ? n : 255), (const char *)key);
	for (i = 0; i < out->nsources; i++)
		if (strstr(out->sources[i], k))
			return 0;
	if (out->nsources >= QR_SOURCES)
		return 1;
	snprintf(out->sources[out->nsources++], sizeof(out->sources[0]), "%s (preprint)", k);
	return 0;
}

static void add_source(qr_result *out, const kg_work *w, const char *key)
{
	size_t i;

	for (i = 0; i < out->nsources; i++)
		if (strstr(out->sources[i], key))
			return;
	if (out->nsources < QR_SOURCES) {
		/* "%s %s", cut as snprintf cuts, without printf */
		char *d = out->sources[out->nsources++];
		size_t n = sizeof(out->sources[0]), l = pk_str_copy(d, n, w->db ? w->db : "Crossref");

		if (l + 1 < n) {
			d[l] = ' ';
			pk_str_copy(d + l + 1, n - l - 1, key);
		}
	}
	if (w->retracted)
		out->retracted = 1;
	for (i = 0; i < w->nupdated_by; i++)
		if (w->updated_by[i].type && strstr(w->updated_by[i].type, "retract"))
			out->retracted = 1;
}

/* The records of the work besides the match: the other databases' records
 * identified as the same work (by the stated identifiers, or by title,
 * first author and year), its preprint and its published version. Marks
 * them (cand.same) so that they do not count as other works. */
static void describe_sources(qr_result *out, kg_txn *t, const qr_opts *o, cands *cs, cand *best, kg_work *w)
{
	char published[256], self_doi[256];
	size_t i;

	published[0] = self_doi[0] = '\0';
	out->nsources = 0;
	if (load_cand(t, o, best, w) < 0) {
		pk_error_clear();
		return;
	}
	add_source(out, w, best->doi);
	pk_str_copy(self_doi, sizeof(self_doi), w->doi ? w->doi : "");
	for (i = 0; i < w->nrelation; i++)
		if (w->relation[i].type && !strcmp(w->relation[i].type, "is-preprint-of") && w->relation[i].doi)
			pk_str_copy(published, sizeof(published), w->relation[i].doi);
	for (i = 0; i < cs->n; i++) {
		cand *c = &cs->c[i];

		/* (an arXiv preprint that fits by its journal-ref is the
		 * published version's preprint: named so below, if linked) */
		if (c == best || c->score < 0 || !c->identified || c->mismatched || (c->via_jref && !best->via_jref) ||
		    !(c->from_doi || (c->identified == 2 && c->au.first_match && c->year_diff >= 0 && c->year_diff <= 1)))
			continue;
		if (load_cand(t, o, c, w) < 0) {
			pk_error_clear();
			continue;
		}
		c->same = 1;
		add_source(out, w, c->doi);
	}
	/* the published version a preprint names, and the preprints that
	 * name this one */
	if (published[0]) {
		const void *rec;
		size_t len;

		if (kg_doc_get(t, KG_DOC_WORKS, published, strlen(published), &rec, &len) == 0 && out->nsources < QR_SOURCES)
			snprintf(out->sources[out->nsources++], sizeof(out->sources[0]), "%s (published version)", published);
		pk_error_clear();
	}
	if (self_doi[0]) {
		char key[KG_KEY_IDENT_MAX];
		link_ctx lc = { out };
		int n;

		if ((n = kg_key_ident_to(key, sizeof(key), "preprint-of", self_doi)) >= 0)
			kg_index_find(t, key, (size_t)n, 8, on_preprint, &lc);
		pk_error_clear();
	}
}

static void mismatch_reasons(qr_result *out, const qr_ref *r, const cand *c)
{
	static const char *const ordinal[] = { "first", "second", "third", "fourth" };
	size_t shown = c->au_total < 12 ? c->au_total : 12;

	if (c->mismatched & QR_F_TITLE) {
		if (c->title_raw && c->subtitle == SUB_OTHER)
			query_ref_reason(out, "near-miss title: the stated subtitle is not the work's");
		else if (c->title >= 0.6)
			query_ref_reason(out, "near-miss title (%.0f%% of the words agree)", c->title * 100);
		else
			query_ref_reason(out, "title does not match the work");
	}
	if (c->mismatched & QR_F_AUTHORS) {
		if (c->au.found == 0 && c->au_raw == 0 && c->title >= 0.9)
			query_ref_reason(out, "chimeric: a real title with the wrong authors");
		else if (c->swapped || (c->au.found && !c->au.order_ok))
			query_ref_reason(out, "swapped author order");
		else if (!c->au.first_match && c->au.first_pos > 0 && c->au.first_pos < 4)
			query_ref_reason(out, "wrong first author: %s is the work's %s author (swapped author order?)",
					 r->authors[0].family, ordinal[c->au.first_pos]);
		else if (!c->au.first_match)
			query_ref_reason(out, "wrong first author");
		else if (c->added)
			query_ref_reason(out, "authors differ: %s is not an author of the work (it has %zu)",
					 r->authors[c->added - 1].family, c->au_total);
		else if (c->au.unfound && r->nauthors >= shown)
			query_ref_reason(out, "authors differ: %s is not an author of the work",
					 r->authors[c->au.unfound - 1].family);
		else if ((c->au_raw > c->au.found ? c->au_raw : c->au.found) < shown)
			query_ref_reason(out, "incomplete author list (%zu of %zu)",
					 c->au_raw > c->au.found ? c->au_raw : c->au.found, c->au_total);
		else
			query_ref_reason(out, "authors differ");
	}
	if (c->mismatched & QR_F_YEAR)
		query_ref_reason(out, c->year_diff == 1 ? "year off by one (online vs print?)" : "wrong year");
	if (c->mismatched & QR_F_VENUE) {
		if (c->jref_other)
			query_ref_reason(out, "wrong venue: arXiv's journal-ref gives the published version elsewhere");
		else if (c->jref_numbers)
			query_ref_reason(out, "the volume or first page is not the published version's (arXiv's journal-ref)");
		else if (!strcmp(c->type, "posted-content"))
			query_ref_reason(out, "preprint cited as published");
		else
			query_ref_reason(out, "wrong venue");
	}
	if (c->stray[0])
		query_ref_reason(out, "volume, issue or pages differ: %s is none of the work's years, volume, issue or pages",
				 c->stray);
	else if (c->mismatched & (QR_F_VOLUME | QR_F_ISSUE | QR_F_PAGES))
		query_ref_reason(out, "%s",
				 (c->mismatched & (QR_F_VOLUME | QR_F_ISSUE | QR_F_PAGES)) == QR_F_VOLUME ? "volume differs"
				 : (c->mismatched & (QR_F_VOLUME | QR_F_ISSUE | QR_F_PAGES)) == QR_F_PAGES
				 ? "pages differ"
				 : "volume, issue or pages differ");
	(void)r;
}

/* What a closed world searched: "the 1,238 works of Crossref
 * public-data-file (closed world by --closed-world)", each database's
 * editions after its count. */
typedef struct world_ctx {
	const char *db;   /* only this database (NULL: every bibliographic one) */
	uint64_t works;
	char names[320];
	char last[16];    /* the database named last */
	int complete;
} world_ctx;

static int world_cb(const kg_source *s, void *vctx)
{
	world_ctx *c = vctx;
	size_t l = strlen(c->names);

	if (!kg_kind_bibliographic(s->kind) || (c->db && strcmp(s->kind, c->db)))
		return 0;
	c->works += s->records;
	c->complete |= (s->flags & KG_SOURCE_COMPLETE) != 0;
	if (l + strlen(s->kind) + strlen(s->edition) + 8 < sizeof(c->names)) {
		if (!strcmp(c->last, s->kind))
			snprintf(c->names + l, sizeof(c->names) - l, ", %s", s->edition);
		else
			snprintf(c->names + l, sizeof(c->names) - l, "%s%s %s", l ? "; " : "", s->kind, s->edition);
	}
	pk_str_copy(c->last, sizeof(c->last), s->kind);
	return 0;
}

/* What the graph's bibliographic sources (db NULL), or one database's,
 * hold: their works and names. */
static void world_walk(kg_txn *t, const char *db, world_ctx *c)
{
	memset(c, 0, sizeof(*c));
	c->db = db;
	kg_source_each(t, world_cb, c);
	pk_error_clear();
}

static void world_text_of(const world_ctx *c, const qr_opts *o, const char *db, char *out, size_t n)
{
	snprintf(out, n, "the %llu works of %s (closed world by %s)", (unsigned long long)c->works,
		 c->names[0] ? c->names : db ? db : "no bibliographic source",
		 o && o->extra_covers ? "the Crossref API's search" : o && o->closed_world ? "--closed-world"
										   : "a complete dump");
}

static void world_text(kg_txn *t, const qr_opts *o, const char *db, char *out, size_t n)
{
	world_ctx c;

	world_walk(t, db, &c);
	world_text_of(&c, o, db, out, n);
}

/* The fields of a real work an invented-title reference borrows:
 * "chimeric: real authors with an invented title (authors, year and
 * pages of 10.1109/tit.2024.123)". */
/* The candidates with the reference's first author and year, and no
 * words the work's fields do not explain: how many, *first the best. */
static size_t author_year_fits(const cands *cs, const cand **first)
{
	size_t i, n = 0;

	*first = NULL;
	for (i = 0; i < cs->n; i++) {
		const cand *c = &cs->c[i];

		if (c->score < 0 || !c->au.first_match || c->year_diff != 0 || c->residue)
			continue;
		if (!*first || c->score > (*first)->score)
			*first = c;
		n++;
	}
	return n;
}

static void chimera_reason(qr_result *out, const cand *c)
{
	char what[96] = "";
	size_t l = 0;

	if (c->au.first_match)
		l += (size_t)snprintf(what + l, sizeof(what) - l, "authors");
	if (c->year_diff == 0)
		l += (size_t)snprintf(what + l, sizeof(what) - l, "%syear", l ? ", " : "");
	if (c->venue == 1)
		l += (size_t)snprintf(what + l, sizeof(what) - l, "%svenue", l ? ", " : "");
	if (c->volume == 1)
		l += (size_t)snprintf(what + l, sizeof(what) - l, "%svolume", l ? ", " : "");
	if (c->pages == 1)
		snprintf(what + l, sizeof(what) - l, "%spages", l ? ", " : "");
	if (c->au.first_match)
		query_ref_reason(out, "chimeric: real authors with an invented title (%s of %s)", what, c->doi);
	else
		query_ref_reason(out, "chimeric: an invented title and authors on a real work's %s (%s)", what, c->doi);
}

/* Does the graph hold works of the stated venue (a candidate's venue is
 * the reference's)? */
static int venue_held(const cands *cs)
{
	size_t i;

	for (i = 0; i < cs->n; i++)
		if (cs->c[i].score >= 0 && cs->c[i].venue == 1)
			return 1;
	return 0;
}

struct qr_scratch {
	/* what the graph's sources say, per commit read: the same for every
	 * reference of a batch (two walks over every source otherwise) */
	const kg_store *world_store;
	uint64_t world_txn;
	int world_closed;
	world_ctx world;  /* every bibliographic source: works and names */
	cover_memo cover; /* coverage answers of the same commit */
	bm25_tables bm25;  /* retrieve()'s tables */
	time_t year_day;   /* the UTC day year_now was read for (-1: none) */
	int year_now;
	cand c[MAX_CANDIDATES];
	unsigned short cand_slot[CAND_SLOTS]; /* zero between references */
	kg_work w;
	prep p;
	rtext rt;
	fcache fc;
	qr_rmemo *memo; /* results of the commit read (NULL: none kept) */
	int memo_failed; /* no memory for it: every reference is checked */
	int post_failed; /* no memory for bm25.post: the index is read */
	size_t memo_hits;
	qr_memo *parses;  /* query_ref_scratch_memo's (NULL: not made yet) */
	qr_shared *shared; /* the batch's threads' results (borrowed; NULL: none) */
	int whole;        /* every candidate compared whole (a test's switch) */
	size_t deferred;  /* candidates never compared past their title */
	rec_cache recs;   /* the works' records read lately, of the commit read */
	work_cache works; /* their decodings, of the commit read */
};

/* o's scratch where what it keeps of the graph's records may serve (not
 * with records from outside or an online source, whose writes would come
 * between), or NULL */
static qr_scratch *graph_scratch(const qr_opts *o)
{
	return o && o->scratch && !o->nextra && !o->online ? o->scratch : NULL;
}

/* o's scratch's record cache, made at first use; NULL: none (no scratch,
 * records from outside or an online source, no memory). */
static rec_cache *scratch_recs(const qr_opts *o)
{
	qr_scratch *s = graph_scratch(o);

	if (!s || s->recs.failed)
		return NULL;
	if (!s->recs.slot && !(s->recs.slot = pk_calloc(RECS_SLOTS, sizeof(*s->recs.slot)))) {
		s->recs.failed = 1;
		pk_error_clear();
		return NULL;
	}
	return &s->recs;
}

/* o's scratch's decoded works, made at first use; NULL: none (as
 * scratch_recs, or no memory). */
static work_cache *scratch_works(const qr_opts *o)
{
	qr_scratch *s = graph_scratch(o);

	if (!s || s->works.failed)
		return NULL;
	if (!s->works.w) {
		s->works.w = pk_malloc(s->works.nslots * sizeof(*s->works.w));
		s->works.made = pk_calloc(s->works.nslots, 1);
		if (!s->works.w || !s->works.made) {
			pk_free(s->works.w);
			pk_free(s->works.made);
			s->works.w = NULL;
			s->works.made = NULL;
			s->works.failed = 1;
			pk_error_clear();
			return NULL;
		}
	}
	return &s->works;
}

qr_scratch *query_ref_scratch_new(void)
{
	qr_scratch *s = pk_malloc(sizeof(*s));

	if (!s) {
		pk_error_set(PK_ENOMEM, "out of memory");
	} else {
		s->world_store = NULL; /* nothing cached yet */
		memset(s->cand_slot, 0, sizeof(s->cand_slot));
		kg_work_clear(&s->w); /* (load_cand redecodes into it) */
		s->year_day = -1;
		memset(&s->bm25, 0, sizeof(s->bm25));
		s->fc.keys = NULL; /* made at the first reference */
		s->fc.kept = NULL;
		s->fc.gen = 1;
		s->fc.nkept = FIELDS_KEPT;
		s->memo = NULL; /* made at the first reference of a batch */
		s->memo_failed = 0;
		s->post_failed = 0;
		s->memo_hits = 0;
		s->parses = NULL;
		s->shared = NULL;
		s->whole = 0;
		s->deferred = 0;
		s->recs.slot = NULL;
		s->recs.failed = 0;
		s->works.w = NULL;
		s->works.made = NULL;
		s->works.nslots = WORKS_SLOTS;
		s->works.failed = 0;
	}
	return s;
}

void query_ref_scratch_free(qr_scratch *s)
{
	if (s) {
		pk_free(s->bm25.slot);
		pk_free(s->bm25.entry);
		pk_free(s->bm25.used);
		pk_free(s->bm25.df);
		pk_memo_free(s->bm25.post);
		for (size_t i = 0; i < BM25_TERMS; i++) {
			pk_buf_release(&s->bm25.pend[i]);
			pk_buf_release(&s->bm25.pend_key[i]);
		}
		pk_free(s->fc.keys);
		pk_free(s->fc.kept);
		qr_rmemo_free(s->memo);
		query_ref_memo_free(s->parses);
		pk_free(s->recs.slot);
		pk_free(s->works.w);
		pk_free(s->works.made);
	}
	pk_free(s);
}

qr_memo *query_ref_scratch_memo(qr_scratch *s)
{
	if (s && !s->parses) {
		if (!(s->parses = query_ref_memo_new()))
			pk_error_clear();
		else
			query_ref_memo_share(s->parses, qr_shared_parses(s->shared));
	}
	return s ? s->parses : NULL;
}

void query_ref_scratch_share(qr_scratch *s, qr_shared *sh)
{
	if (s) {
		s->shared = sh;
		query_ref_memo_share(s->parses, qr_shared_parses(sh));
	}
}

void query_ref_scratch_whole(qr_scratch *s, int whole)
{
	if (s)
		s->whole = whole;
}

/* The greatest power of two not above n (0 for 0) */
static size_t pow2_floor(size_t n)
{
	while (n & (n - 1))
		n &= n - 1;
	return n;
}

void query_ref_scratch_works(qr_scratch *s, size_t slots)
{
	if (!s || s->works.w)
		return; /* (made: kept as it is) */
	s->works.nslots = pow2_floor(slots);
	s->works.failed = !slots;
}

void query_ref_scratch_fields(qr_scratch *s, size_t slots)
{
	if (!s || s->fc.keys || !slots)
		return; /* (made: kept as it is) */
	s->fc.nkept = pow2_floor(slots);
}

size_t query_ref_scratch_deferred(const qr_scratch *s)
{
	return s ? s->deferred : 0;
}

size_t query_ref_scratch_hits(const qr_scratch *s)
{
	return s ? s->memo_hits : 0;
}

int query_ref_check_graph(kg_txn *t, const qr_ref *r, const qr_opts *o, qr_result *out)
{
	cands cs = { NULL, 0, NULL, 0 };
	qr_scratch *own = NULL, *s = o ? o->scratch : NULL;
	kg_work *w;
	prep *p;
	rtext *rt;
	fcache *fc;
	cand *best = NULL, *chimera = NULL;
	const cand *fit = NULL, *twin;
	size_t nfit = 0;
	pick pk = { NULL, NULL };
	int closed, year_now, rc = 0, title_stated, id_only, may_defer = 0;
	stated_ids ids;
	char id_why[300];
	const char *id_scheme, *id_text;
	int id_unchecked = 0;
	uint64_t nworks;
	const world_ctx *wc;
	qr_rmemo *memo = NULL;
	char world[400];
	size_t i, compared = 0;

	/* the lists (reasons, sources, retrieved) are read up to their counts */
	memset(out, 0, offsetof(qr_result, reasons));
	out->verdict = QR_UNVERIFIABLE;
	if (!s && !(s = own = query_ref_scratch_new()))
		return PK_ENOMEM;
	if (s->world_store == kg_txn_store(t) && s->world_txn == kg_txn_id(t)) {
		closed = s->world_closed;
	} else {
		closed = query_ref_closed_world(t);
		world_walk(t, NULL, &s->world);
		s->world_store = kg_txn_store(t);
		s->world_txn = kg_txn_id(t);
		s->world_closed = closed;
		cover_memo_clear(&s->cover);
		if (s->recs.slot)
			memset(s->recs.slot, 0, RECS_SLOTS * sizeof(*s->recs.slot));
		if (s->works.made)
			memset(s->works.made, 0, s->works.nslots); /* (each cleared again at its next use) */
		qr_rmemo_clear(s->memo);
		if (s->bm25.df)
			memset(s->bm25.df, 0, DF_SLOTS * sizeof(*s->bm25.df));
		pk_memo_clear(s->bm25.post);
	}
	wc = &s->world; /* read in place: the scratch is the batch's */
	nworks = wc->works;
	closed = closed || (o && (o->closed_world || o->extra_covers));
	if (o && o->current_year) {
		year_now = o->current_year;
	} else {
		time_t now = time(NULL);

		if (now / 86400 != s->year_day) {
			/* gmtime once a day, not once a reference */
			struct tm tm;

			gmtime_r(&now, &tm);
			s->year_now = tm.tm_year + 1900;
			s->year_day = now / 86400;
		}
		year_now = s->year_now;
	}
	id_only = !strcmp(r->style, "doi") || !strcmp(r->style, "arxiv") || !strcmp(r->style, "pmid") ||
		  !strcmp(r->style, "pmcid") || !strcmp(r->style, "openalex") || !strcmp(r->style, "dblp") ||
		  !strcmp(r->style, "id");
	/* a reference this batch checked against the same commit with the
	 * same settings has its result (records from outside are not kept;
	 * a bare identifier is looked up faster than its key is packed) */
	if (s != own && !id_only && !(o && o->nextra)) {
		qr_memo_opts mo = { closed, year_now, o && o->retrieve, o && o->doi_unregistered };

		if (!s->memo && !s->memo_failed && !(s->memo = qr_rmemo_new())) {
			s->memo_failed = 1;
			pk_error_clear();
		}
		memo = s->memo;
		if (qr_rmemo_get(memo, r, &mo, out)) {
			s->memo_hits++;
			return 0;
		}
		if (qr_shared_get(s->shared, memo, kg_txn_store(t), kg_txn_id(t), out)) {
			/* another thread's: kept in this one's memo too */
			qr_rmemo_put(memo, out);
			s->memo_hits++;
			return 0;
		}
	}
	cs.c = s->c; /* each candidate is cleared as it is added */
	cs.slot = s->cand_slot; /* all empty: emptied again below */
	w = &s->w;
	w->rec = NULL; /* what it decoded for the last reference may be another txn's */
	p = &s->p;
	rt = &s->rt;
	fc = &s->fc;
	/* (a scratch of this call alone keeps nothing for the next) */
	if (!fc->keys && s != own) {
		if (!(fc->keys = pk_calloc(fc->nkept, sizeof(*fc->keys))) ||
		    !(fc->kept = pk_malloc(fc->nkept * sizeof(*fc->kept)))) {
			pk_free(fc->keys);
			fc->keys = NULL;
			pk_error_clear();
		}
	}
	if (!s->bm25.post && s != own && !s->post_failed && !(s->bm25.post = pk_memo_new(POST_SLOTS, POST_BYTES))) {
		s->post_failed = 1;
		pk_error_clear();
	}
	prepare(r, p);
	p->fc = fc;
	fields_reset(fc);
	rtext_init(rt, r->text);
	if (p->title.n && rt->n) {
		int exact;

		p->title_at = p->title_content >= 3 && title_in_text(&p->title, rt, &exact, &p->title_a, &p->title_b) >= 0.8;
	}
	stated_of(r, &ids);
	mark_fields(r, p, rt);
	venue_aliases(t, r, p);
	rt->glued = glued_initials(r);
	/* enough to decide anything: an identifier, authors with a year, or a
	 * real-looking title with one more field */
	if (!r->doi[0] && !r->arxiv[0] && !ids.any && !(r->nauthors && r->year) &&
	    !(r->title[0] && p->title_content >= 3 && (r->nauthors || r->year || r->venue[0])) && rt->n < 6) {
		query_ref_reason(out, "too little to check: no DOI, and not enough of authors, year and title");
		goto done;
	}
	if ((rc = gather_narrow(t, r, &cs)) < 0)
		goto done;
	/* what the candidates that cannot be identified may leave undone:
	 * in an open world, a reference of no future year with no
	 * identifier and no records from outside is decided by the work
	 * identified alone (or by none being identified) */
	may_defer = !closed && r->year <= year_now && !r->doi[0] && !ids.any && !(o && o->nextra) && !s->whole;
	/* a perfect candidate by a narrow key: the author keys, which can name
	 * hundreds of works, find none that could displace it (with a stated
	 * identifier or records from outside, every key is gathered) */
	if (!r->doi[0] && !ids.any && !(o && o->nextra))
		compared = compare_from(t, o, r, p, rt, w, &cs, compared, &pk, may_defer);
	if (!perfect(r, pk.best) && (rc = gather_authors(t, r, &cs)) < 0)
		goto done;
	if ((rc = gather_ids(t, r, &ids, &cs)) < 0)
		goto done;
	add_extra(t, r, o, &cs, w);
	for (int pass = 0; pass < 2; pass++) {
		compared = compare_from(t, o, r, p, rt, w, &cs, compared, &pk, may_defer);
		best = pk.best;
		/* nothing found by its title: the whole string scored against
		 * the term index, and the title indexes probed with the
		 * string's own windows, whatever the parse made of it */
		/* (a bare identifier has no words to search by) */
		if (id_only)
			break;
		if (pass == 0 && rt->n >= 2 && ((!best || best->identified < 2) || (o && o->retrieve))) {
			if ((rc = retrieve(t, r, rt, nworks, out, QR_RETRIEVED, &s->bm25)) < 0)
				goto done;
			for (i = 0; i < out->nretrieved && (!best || best->identified < 2); i++)
				add_candidate(&cs, out->retrieved[i].doi, strlen(out->retrieved[i].doi));
			if (!o || !o->retrieve)
				out->nretrieved = 0; /* reported when asked for */
		}
		if (pass == 0 && rt->n >= 4 && (!best || best->identified < 2) && (rc = gather_windows(t, rt, &cs)) < 0)
			goto done;
	}
	/* a work identified: what follows reads every candidate; and none,
	 * with a year, a volume and a first page stated: the works the
	 * stated volume and page hold (one under another title by the
	 * stated authors is a chimera's other half, even in an open world) */
	if (may_defer && pk.best)
		compare_rest(t, o, r, p, rt, w, &cs);
	else if (may_defer && r->year && one_work_at_locator(r))
		compare_at_locator(t, o, r, p, rt, w, &cs);
	for (i = 0; may_defer && i < cs.n; i++)
		s->deferred += cs.c[i].deferred;
	out->candidates = cs.n;
	/* a title to call a work invented by: the parse's, if it reads like
	 * one, and not the work's venue */
	title_stated = (p->title_like && !(best && best->title_is_venue)) ||
		       (best && best->identified == 2);
	if (r->year > year_now)
		query_ref_reason(out, "future date (%d)", r->year);
	if (is_placeholder(r))
		query_ref_reason(out, "placeholder authors");
	/* a candidate with the reference's authors and some of its other
	 * fields but not its title: the pieces of a chimera */
	for (i = 0; i < cs.n; i++)
		if (cs.c[i].score >= 0 && !cs.c[i].identified && cs.c[i].title < 0.6 &&
		    ((cs.c[i].au.first_match && (cs.c[i].year_diff == 0 || cs.c[i].venue == 1 || cs.c[i].pages == 1)) ||
		     (cs.c[i].venue == 1 && cs.c[i].pages == 1)) &&
		    (!chimera || cs.c[i].score > chimera->score))
			chimera = &cs.c[i];
	/* what a closed world searched: named only by a fabricated verdict */
	world[0] = '\0';
	if (closed || r->year > year_now)
		world_text_of(wc, o, NULL, world, sizeof(world));

	/* the identifier the reference is checked by: the arXiv id, else the
	 * DOI, PMID, OpenAlex id, dblp key, PMCID */
	id_scheme = ids.arxiv[0] ? "arxiv" : r->doi[0] ? "doi" : ids.pmid[0] ? "pmid" : ids.openalex[0] ? "openalex" :
		    ids.dblp[0] ? "dblp" : "pmcid";
	id_text = ids.arxiv[0] ? ids.arxiv : r->doi[0] ? r->doi : ids.pmid[0] ? ids.pmid : ids.openalex[0] ? ids.openalex :
		  ids.dblp[0] ? ids.dblp : ids.pmcid;
	if ((r->doi[0] || ids.any) && !pk.doi_cand) {
		int cov = ident_covered(t, id_scheme, id_text, id_why, sizeof(id_why), &s->cover);

		if (best && best->identified == 2 && !cov) {
			/* the work is found by its title; the identifier is of a
			 * source nobody ingested (a preprint's arXiv id, a Zenodo
			 * DOI): not checked, and no reason to doubt the work */
			id_unchecked = 1;
		} else {
			/* the stated identifier is no work the graph has */
			const char *scheme = id_scheme, *id = id_text;
			char shown[300], held[300];
			int doi = !strcmp(scheme, "doi");

			stated_shown(scheme, id, &ids, shown, sizeof(shown));
			if (best && best->identified == 2) {
				out->verdict = QR_MISMATCH;
				out->mismatched = best->mismatched | (doi ? QR_F_DOI : QR_F_ID);
				/* (a dblp record's key is no DOI: its own DOI, when it has one) */
				key_shown(doi && strncmp(best->doi, "10.", 3) && load_cand(t, o, best, w) == 0 && w->doi &&
						  !strncmp(w->doi, "10.", 3)
					  ? w->doi
					  : best->doi,
					  1, held, sizeof(held));
				pk_error_clear();
				if (doi)
					query_ref_reason(out, "the stated DOI is not the work's: the work has %s", held);
				else
					query_ref_reason(out, "the stated identifier %s is not the work's (%s)", shown, held);
				mismatch_reasons(out, r, best);
				describe_match(out, t, o, best, w);
				describe_sources(out, t, o, &cs, best, w);
			} else if (!strcmp(scheme, "pmid") && withdrawn(t, "pmid", id)) {
				/* it existed: PubMed withdrew the record (an update file's
				 * DeleteCitation), which says nothing of the work */
				query_ref_reason(out, "%s was deleted from PubMed (DeleteCitation of an update file): not checked", shown);
			} else if (doi && o && o->doi_unregistered) {
				out->verdict = QR_FABRICATED;
				query_ref_reason(out, "fabricated DOI: %s is not registered", r->doi);
			} else if (!cov && r->year <= year_now && doi && venue_held(&cs)) {
				/* a DOI of a registry nobody ingested, on a venue the graph
				 * holds: the rest of the reference decides (below) */
				id_unchecked = 1;
			} else if (!cov && r->year <= year_now) {
				/* no source that would hold it was searched: absence says nothing */
				query_ref_reason(out, "%s not checked: %s", doi ? r->doi : shown, id_why);
			} else if (closed || r->year > year_now) {
				out->verdict = QR_FABRICATED;
				if (doi)
					query_ref_reason(out, "fabricated DOI: %s is not among %s", r->doi, world);
				else {
					char idworld[400];

					world_text(t, o, !strcmp(scheme, "arxiv") ? "arXiv" : !strcmp(scheme, "pmid") ? "PubMed" :
							 !strcmp(scheme, "openalex") ? "OpenAlex" : !strcmp(scheme, "dblp") ? "DBLP" : NULL,
						   idworld, sizeof(idworld));
					query_ref_reason(out, "fabricated identifier: %s is not among %s", shown, idworld);
				}
				if (chimera)
					chimera_reason(out, chimera);
			} else if (doi) {
				reason3(out, "DOI ", r->doi, " is not in the graph (not a closed world)");
			} else {
				query_ref_reason(out, "%s is not in the graph (not a closed world)", shown);
			}
			if (!id_unchecked)
				goto done;
		}
	}
	if (pk.doi_cand && (!pk.doi_cand->identified ||
			    /* (named by no title, while the string's title is another
			     * work's: "Reducing SAT to 2-SAT. arXiv:0704.0109") */
			    (pk.doi_cand->identified < 2 && best && best != pk.doi_cand && best->identified == 2))) {
		/* the stated identifier exists but names another work (the DOI
		 * is looked up first; else an arXiv id, PMID... named it) */
		char shown[300], held[300];

		if (!r->doi[0])
			stated_shown(id_scheme, id_text, &ids, shown, sizeof(shown));
		if (best && best->identified == 2) {
			out->verdict = QR_MISMATCH;
			out->mismatched = best->mismatched | (r->doi[0] ? QR_F_DOI : QR_F_ID);
			key_shown(best->doi, 1, held, sizeof(held));
			if (r->doi[0])
				query_ref_reason(out, "the stated DOI belongs to another work; this one has %s", held);
			else
				query_ref_reason(out, "the stated identifier %s belongs to another work; this one has %s",
						 shown, held);
			mismatch_reasons(out, r, best);
			describe_match(out, t, o, best, w);
		} else {
			char why[sizeof(out->reasons[0])], title[160];
			const char *parts[10];
			size_t np = 0;
			/* the work's key, unless it is the id as stated */
			int keyed;

			out->verdict = QR_FABRICATED;
			describe_match(out, t, o, pk.doi_cand, w); /* (its title; no match is reported) */
			out->have_match = 0;
			key_shown(pk.doi_cand->doi, 0, held, sizeof(held));
			pk_utf8_copy(title, sizeof(title), out->match_title); /* (cut between characters) */
			keyed = r->doi[0] || strncmp(shown, held, strlen(held)); /* (or with a version) */
			/* the work's own authors on it: not unrelated, a title
			 * invented for a real work */
			if (pk.doi_cand->au.first_match)
				chimera_reason(out, pk.doi_cand);
			parts[np++] = r->doi[0] ? "the DOI" : "the stated identifier ";
			if (!r->doi[0])
				parts[np++] = shown;
			parts[np++] = pk.doi_cand->au.first_match ? " is that work's, whose title is another"
								  : " belongs to an unrelated work";
			if (keyed || title[0]) {
				parts[np++] = " (";
				if (keyed)
					parts[np++] = held;
				if (keyed && title[0])
					parts[np++] = ": ";
				if (title[0]) {
					parts[np++] = "\"";
					parts[np++] = title;
					parts[np++] = "\"";
				}
				parts[np++] = ")";
			}
			pk_str_cat(why, sizeof(why), parts, np);
			query_ref_reason(out, "%s", why);
		}
		goto done;
	}
	if (best) {
		size_t fits = 0;

		if (id_unchecked) {
			/* found by its title, but with an identifier no ingested
			 * source could confirm or refute: not verified */
			describe_match(out, t, o, best, w);
			describe_sources(out, t, o, &cs, best, w);
			out->mismatched = best->mismatched;
			out->verdict = out->mismatched && best->identified == 2 ? QR_MISMATCH : QR_UNVERIFIABLE;
			if (out->verdict == QR_MISMATCH)
				mismatch_reasons(out, r, best);
			query_ref_reason(out, "the work is %s (found by its title), but the stated %s%s could not be checked: %s",
					 out->match_id, !strcmp(id_scheme, "arxiv") ? "arXiv:" : !strcmp(id_scheme, "doi") ? "DOI " : "",
					 id_text, id_why);
			goto done;
		}

		describe_match(out, t, o, best, w);
		out->mismatched = best->mismatched;
		describe_sources(out, t, o, &cs, best, w);
		if (best->via_jref)
			query_ref_reason(out, "the published version, as arXiv's journal-ref gives it");
		/* an arXiv preprint cited with a venue: decided only by what
		 * links it to its published version, or by a source that holds
		 * that venue's works */
		if ((out->mismatched & QR_F_VENUE) && !strcmp(out->match_db, "arXiv")) {
			const char *why = NULL;

			const cand *pub = NULL;

			for (i = 0; best->published[0] && i < cs.n; i++)
				if (cs.c[i].score >= 0 && !strcmp(cs.c[i].doi, best->published))
					pub = &cs.c[i];
			if (pub && pub->venue == 0)
				query_ref_reason(out, "its published version, %s, is not in the stated venue either", pub->doi);
			/* (works of the stated venue in an open world do not show
			 * the published version is not among the works missing) */
			else if (best->arxiv_only && !(closed && venue_held(&cs)))
				why = "the arXiv preprint fits; no ingested source holds works of the stated venue to say "
				      "whether it was published there";
			else if (!best->arxiv_only && !best->jref_other)
				why = "the arXiv preprint names its published version by DOI, which the graph does not hold";
			else if (best->jref_other && !best->jref_numbers)
				why = "arXiv's journal-ref does not plainly name the stated venue, and its numbers agree";
			if (why) {
				out->mismatched &= ~(unsigned)QR_F_VENUE;
				/* and its year: a journal prints a preprint a year or
				 * a few later ("Graphs and Combinatorics 25 (2009)"
				 * for arXiv:0704.0002 of 2007), a year no source here
				 * gives */
				if ((out->mismatched & QR_F_YEAR) && r->year && w->year && r->year > w->year &&
				    r->year - w->year <= PUBLICATION_LAG_MAX && !(w->journal_ref && jref_year(w->journal_ref)))
					out->mismatched &= ~(unsigned)QR_F_YEAR;
				if (!out->mismatched) {
					out->verdict = QR_UNVERIFIABLE;
					query_ref_reason(out, "%s: not decided", why);
					goto done;
				}
			}
		}
		/* a conference paper extended into a journal article: the stated
		 * venue names a conference, the work is a journal article of
		 * that year or a few later, the same authors, a title like it.
		 * In an open world the graph may lack the conference paper,
		 * which is then what is cited: venue, year, numbers and a
		 * near title decide nothing ("... In: Proc. ISOPE 2017" for its
		 * Ocean Engineering 2018 article was a mismatch) */
		/* (and the other way: a journal article named where the graph
		 * holds the conference paper it extends, of that year or a few
		 * earlier) */
		if (!closed && (out->mismatched & QR_F_VENUE) && strcmp(out->match_db, "arXiv") && r->venue[0] &&
		    !p->preprint && !(out->mismatched & (QR_F_AUTHORS | QR_F_DOI | QR_F_ID | QR_F_VERSION))) {
			int conf = conference_named(&p->venue, r->venue) && !journal_proceedings(r->venue);
			int to_journal = conf && !strcmp(best->type, "journal-article");
			int to_conf = !conf && journal_named(&p->venue) && !strcmp(best->type, "proceedings-article");
			int loaded = (to_journal || to_conf) && load_cand(t, o, best, w) == 0;
			/* years from the conference paper to the journal article */
			int lag = loaded && r->year && w->year ? (to_journal ? w->year - r->year : r->year - w->year) : -1;

			if (loaded && (!(out->mismatched & QR_F_YEAR) || (lag >= 0 && lag <= PUBLICATION_LAG_MAX))) {
				out->mismatched &= ~(unsigned)(QR_F_VENUE | QR_F_YEAR | QR_F_VOLUME | QR_F_ISSUE | QR_F_PAGES |
							       QR_F_TITLE);
				if (!out->mismatched) {
					out->verdict = QR_UNVERIFIABLE;
					query_ref_reason(out, "the work is a %s (%s); the stated %s, a version of it the graph "
							      "does not hold, may be what is cited: not decided",
							 to_journal ? "journal article" : "conference paper",
							 w->ncontainer ? w->container[0] : "another venue",
							 to_journal ? "conference's paper" : "journal's article");
					goto done;
				}
				out->mismatched = best->mismatched;
			}
			pk_error_clear();
		}
		/* a version of an arXiv paper that never existed */
		if (ids.arxiv_ver[0] && out->match_versions &&
		    strtol(ids.arxiv_ver + 1, NULL, 10) > (long)out->match_versions) {
			out->mismatched |= QR_F_VERSION;
			query_ref_reason(out, "version %s does not exist: arXiv:%s has %zu version%s", ids.arxiv_ver, ids.arxiv,
					 out->match_versions, out->match_versions == 1 ? "" : "s");
		}
		if (r->year > year_now)
			out->mismatched |= QR_F_YEAR;
		if (!out->mismatched) {
			out->verdict = QR_VERIFIED;
			if (best->year_variant == 1)
				query_ref_reason(out, "the year stated is the work's %s year",
						 "print or online");
			else if (best->year_variant == 2)
				query_ref_reason(out, "the year stated is its conference's, which the venue names");
			if (best->numbers_unchecked)
				query_ref_reason(out, "the work has no volume, issue or pages in the graph: those stated "
						      "were not checked");
			else if (best->unrecorded && best->unrecorded[0])
				query_ref_reason(out, "the work has no %s in the graph: the stated one was not checked",
						 best->unrecorded);
			if (best->title_raw && best->subtitle == SUB_UNRECORDED)
				query_ref_reason(out, "the work's record has no subtitle: the stated subtitle was not checked");
			if (best->venue_unchecked == 2)
				query_ref_reason(out, "the work's venue in the graph is its book series: the stated venue "
						      "was not checked");
			else if (best->venue_unchecked)
				query_ref_reason(out, "the work has no venue in the graph: the stated venue was not checked");
			if (best->year_jref == 1)
				query_ref_reason(out, "the year stated is the published version's (arXiv's journal-ref)");
			else if (best->year_jref == 2)
				query_ref_reason(out, "arXiv's journal-ref gives no year: the published version's year "
						      "was not checked");
			if (best->year_unknown)
				query_ref_reason(out, "the work has no publication date in the graph: the year was not checked");
			if ((r->nauthors || best->au_unnamed) && !best->au_total) {
				/* the authors are who wrote it: not known, not verified */
				out->verdict = QR_UNVERIFIABLE;
				query_ref_reason(out, "the work has no named authors in the graph: the stated authors "
						      "could not be checked");
			}
			/* "Xu et al." read as no more than "et al.", or names before
			 * the title the parse did not read: an author is stated,
			 * and none of the work's stands in the string */
			if (!r->nauthors && best->au_total && !best->au_raw && (r->et_al || words_before_title(rt, best))) {
				out->verdict = QR_UNVERIFIABLE;
				query_ref_reason(out, "the stated authors could not be read, and none of the work's authors "
						      "stands in the reference: not decided");
			}
			if (out->verdict == QR_VERIFIED && best->tail[1]) {
				char said[160] = "";
				size_t k, l = 0;

				for (k = best->tail[0]; k < best->tail[1] && l + 1 < sizeof(said); k++)
					l += (size_t)snprintf(said + l, sizeof(said) - l, "%s%s", k > best->tail[0] ? " " : "",
							      rt->w[k]);
				said[pk_utf8_whole(said, strlen(said))] = '\0';
				out->verdict = QR_UNVERIFIABLE;
				query_ref_reason(out, "the words after the work's title ('%s') are none of its fields, and the "
						      "venue could not be read: not decided",
						 said);
			}
			/* a short reference may fit several works: it names none */
			for (i = 0; i < cs.n; i++)
				fits += cs.c[i].identified && !cs.c[i].mismatched && !cs.c[i].same;
			if (fits > 1 && !title_stated && !r->doi[0] && !ids.any && !(r->volume[0] && r->first_page[0])) {
				out->verdict = QR_UNVERIFIABLE;
				query_ref_reason(out, "ambiguous: %zu works fit the stated authors, venue and year", fits);
			}
			/* a title of a word or two, read apart from the venue, that
			 * is no part of the work's ("Adult." or "XMill." before the
			 * venue of a work of other words): too short to call the
			 * work invented by, and no title of this one */
			if (out->verdict == QR_VERIFIED && best->identified == 1 && !title_stated && r->title[0] &&
			    r->venue[0] && best->title < 0.5 && best->short_other) {
				out->verdict = QR_UNVERIFIABLE;
				query_ref_reason(out, "the stated title '%.80s' is not the work's: not decided", r->title);
			}
		} else if (!closed && best->notice && !best->from_doi && !(best->mismatched & QR_F_AUTHORS)) {
			/* the work is a notice about an article ("Erratum:
			 * analysis of DNA elements ...") whose title the stated
			 * one is: the article cited, which the graph does not
			 * hold, is another work with numbers of its own */
			out->verdict = QR_UNVERIFIABLE;
			out->mismatched = 0; /* (its fields are the notice's, not the article's) */
			query_ref_reason(out, "the graph holds a notice about the cited article (\"%.60s\"), not the "
					      "article itself: not decided",
					 best->notice_title);
		} else if (out->mismatched == QR_F_YEAR && r->year <= year_now && !best->from_doi &&
			   (twin = undated_twin(&cs, best))) {
			/* the work held twice, once without a date (a chapter
			 * reissued: Routledge's record of 2017, Greenleaf's of the
			 * 2003 original without one): the stated year may be the
			 * undated record's edition */
			out->verdict = QR_UNVERIFIABLE;
			out->mismatched = 0;
			query_ref_reason(out, "another record of the work (%s) has no date: the stated year may be its "
					      "edition's, not %d's; not decided",
					 twin->doi, out->match_year);
		} else if (best->identified == 2 || (best->from_doi && best->au.first_match) ||
			   (best->from_doi && out->mismatched == QR_F_VERSION)) {
			/* identified by its title (or its DOI and first author): a
			 * reference to it that states other fields wrongly */
			out->verdict = QR_MISMATCH;
			mismatch_reasons(out, r, best);
		} else {
			/* no title to identify the work by: fields that differ say
			 * nothing of which work was meant */
			out->verdict = QR_UNVERIFIABLE;
			query_ref_reason(out, cs.truncated ? "too many works fit the stated authors and year (%zu under one key; "
							     "%d compared): not decided"
							   : "no title stated, and the closest work differs: not decided",
					 cs.truncated, MAX_CANDIDATES);
			out->have_match = 0;
			out->mismatched = 0;
		}
		if (out->retracted)
			query_ref_reason(out, "the work was retracted");
		goto done;
	}
	/* nothing identified */
	if (title_stated && (closed || r->year > year_now)) {
		/* no work has the stated title: a work that does not exist, even
		 * when its authors, venue or pages are real */
		out->verdict = QR_FABRICATED;
		query_ref_reason(out, "nothing matches the stated title among %s", world);
		if (chimera)
			chimera_reason(out, chimera);
	} else if (!title_stated && cs.truncated && r->year <= year_now) {
		query_ref_reason(out, "too many works fit the stated authors and year (%zu under one key; %d compared): "
				      "not decided", cs.truncated, MAX_CANDIDATES);
	} else if (!title_stated && !r->venue[0] && !r->volume[0] && !r->pages[0] && r->nauthors && r->year &&
		   r->year <= year_now && (nfit = author_year_fits(&cs, &fit))) {
		/* "Doyle et al. (2020)": authors and a year that works of the
		 * graph have, and nothing more, name none of them by itself
		 * (an author-year citation whose list entry is elsewhere) */
		query_ref_reason(out, "only authors and a year are stated: %zu work%s of the graph %s them (%s%s), "
				      "too little to identify one", nfit, nfit == 1 ? "" : "s", nfit == 1 ? "has" : "have",
				 fit->doi, nfit > 1 ? ", ..." : "");
	} else if (!title_stated && r->nauthors && r->year && (closed || r->year > year_now)) {
		out->verdict = QR_FABRICATED;
		if (chimera) {
			/* the authors, venue and year are a real work's; the words
			 * where its title would be are not its title */
			query_ref_reason(out, "no work among %s has the words the reference gives for a title", world);
			chimera_reason(out, chimera);
		} else {
			query_ref_reason(out, "nothing matches the stated authors%s and year among %s",
					 r->venue[0] ? ", venue" : "", world);
		}
	} else if (title_stated && chimera && chimera->au.first_match && chimera->year_diff == 0 && chimera->venue == 1 &&
		   chimera->volume == 1 && chimera->pages == 1 && one_work_at_locator(r)) {
		/* an open world that holds the work at the stated venue, volume
		 * and pages, by the stated authors in the stated year: the
		 * title stated is not its title, and no other work can be
		 * there */
		out->verdict = QR_FABRICATED;
		query_ref_reason(out, "the stated volume and pages hold %s, by the stated authors in the stated year, whose "
				      "title is another", chimera->doi);
		chimera_reason(out, chimera);
	} else if (closed && r->title[0]) {
		query_ref_reason(out, "the stated title is too short to name a work, and no work fits what the reference states");
	} else if (closed) {
		query_ref_reason(out, "no title could be read, and no work fits what the reference states");
	} else {
		query_ref_reason(out, "no matching work in the graph (not a closed world)");
	}
	if (id_unchecked)
		query_ref_reason(out, "the stated DOI %s could not be checked: %s", r->doi, id_why);
done:
	/* the slot table is empty again for the next reference (cleared by
	 * its entries, not its 2 KB) */
	for (i = 0; i < cs.n; i++)
		cs.slot[cs.c[i].slot_at] = 0;
	if (rc == 0)
		qr_rmemo_put_shared(memo, s->shared, kg_txn_store(t), kg_txn_id(t), out);
	query_ref_scratch_free(own);
	return rc;
}
