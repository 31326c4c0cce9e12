/* common/reset.c - required literals of PCRE2 patterns, one automaton over
 * them; see reset.h.
 *
 * Reading the literals: a recursive descent over the pattern text that
 * computes, for each part, req (strings one of which every match of the
 * part contains; "top": none known) and, while it stays small, ex (every
 * string the part can match). A concatenation keeps the better of its
 * parts' req and of its own ex; an alternation the union of its branches'
 * req (top if any branch has none); an optional part has none. Whatever
 * the descent does not know fails the whole pattern (no literals), except
 * parts that are safe to treat as "matches something unknown" (classes,
 * \d, '.', a cased non-ASCII letter), which only weaken req.
 */
#include "reset.h"

#include "alloc.h"
#include "error.h"
#include "re.h"

#include <string.h>
#include <utf8proc.h>

#define LIT_MAX 32   /* strings in a set */
#define LIT_LEN 32   /* bytes of a string */
#define DEPTH_MAX 12 /* nested groups */
#define STATES_MAX 65000

typedef struct lset {
	int top; /* nothing known: any text */
	int n;
	unsigned char len[LIT_MAX];
	char s[LIT_MAX][LIT_LEN];
} lset;

typedef struct info {
	lset req;
	lset ex;
	int ex_ok;
} info;

typedef struct px {
	const char *p;
	int fail;
	int depth;
} px;

static void set_top(lset *l)
{
	l->top = 1;
	l->n = 0;
}

static int add_str(lset *l, const char *s, size_t n)
{
	int i;

	if (n > LIT_LEN)
		return -1;
	for (i = 0; i < l->n; i++)
		if (l->len[i] == n && !memcmp(l->s[i], s, n))
			return 0;
	if (l->n == LIT_MAX)
		return -1;
	memcpy(l->s[l->n], s, n);
	l->len[l->n++] = (unsigned char)n;
	l->top = 0;
	return 0;
}

/* How much a requirement set says: its shortest string's length (0: no
 * requirement at all, as an empty string is in every text). */
static size_t quality(const lset *l)
{
	size_t q = LIT_LEN + 1;
	int i;

	if (l->top || !l->n)
		return 0;
	for (i = 0; i < l->n; i++)
		if (l->len[i] < q)
			q = l->len[i];
	return q;
}

/* How often a set's strings may be expected in English prose with
 * numbers: each byte of the common ones counts (a tie breaker) */
static size_t commonness(const lset *l)
{
	size_t c = 0;
	int i, k;

	for (i = 0; i < l->n; i++)
		for (k = 0; k < l->len[i]; k++)
			c += strchr(" .,-0123456789etaoinsrhldcu", l->s[i][k]) && l->s[i][k];
	return c;
}

static void keep_best(lset *into, const lset *cand)
{
	size_t qa = quality(into), qb = quality(cand);

	if (qb > qa || (qb && qb == qa && (cand->n < into->n || (cand->n == into->n && commonness(cand) < commonness(into)))))
		*into = *cand;
}

static void leaf_top(info *r)
{
	set_top(&r->req);
	set_top(&r->ex);
	r->ex_ok = 0;
}

/* a zero-width assertion: matches the empty string */
static void leaf_empty(info *r)
{
	set_top(&r->req);
	r->ex.top = 0;
	r->ex.n = 0;
	add_str(&r->ex, "", 0);
	r->ex_ok = 1;
}

static void leaf_bytes(info *r, const char *b, size_t n)
{
	r->ex.n = 0;
	r->ex_ok = add_str(&r->ex, b, n) == 0;
	r->req = r->ex;
	if (!r->ex_ok)
		leaf_top(r);
}

/* r = a then b (r may be a) */
static void concat(info *r, const info *a, const info *b)
{
	static _Thread_local info t;
	int i, j;

	t.ex_ok = a->ex_ok && b->ex_ok && a->ex.n * b->ex.n <= LIT_MAX;
	t.ex.top = 0;
	t.ex.n = 0;
	for (i = 0; t.ex_ok && i < a->ex.n; i++)
		for (j = 0; t.ex_ok && j < b->ex.n; j++) {
			char buf[2 * LIT_LEN];

			memcpy(buf, a->ex.s[i], a->ex.len[i]);
			memcpy(buf + a->ex.len[i], b->ex.s[j], b->ex.len[j]);
			if (add_str(&t.ex, buf, (size_t)a->ex.len[i] + b->ex.len[j]) < 0)
				t.ex_ok = 0;
		}
	set_top(&t.req);
	keep_best(&t.req, &a->req);
	keep_best(&t.req, &b->req);
	if (t.ex_ok)
		keep_best(&t.req, &t.ex);
	else
		set_top(&t.ex);
	*r = t;
}

/* r = a or b (r may be a) */
static void alternate(info *r, const info *a, const info *b)
{
	static _Thread_local info t;
	int i;

	t.ex_ok = a->ex_ok && b->ex_ok;
	t.ex.top = 0;
	t.ex.n = 0;
	for (i = 0; t.ex_ok && i < a->ex.n; i++)
		t.ex_ok = add_str(&t.ex, a->ex.s[i], a->ex.len[i]) == 0;
	for (i = 0; t.ex_ok && i < b->ex.n; i++)
		t.ex_ok = add_str(&t.ex, b->ex.s[i], b->ex.len[i]) == 0;
	set_top(&t.req);
	if (quality(&a->req) && quality(&b->req)) {
		int ok = 1;

		t.req.top = 0;
		for (i = 0; ok && i < a->req.n; i++)
			ok = add_str(&t.req, a->req.s[i], a->req.len[i]) == 0;
		for (i = 0; ok && i < b->req.n; i++)
			ok = add_str(&t.req, b->req.s[i], b->req.len[i]) == 0;
		if (!ok)
			set_top(&t.req);
	}
	if (t.ex_ok)
		keep_best(&t.req, &t.ex);
	else
		set_top(&t.ex);
	*r = t;
}

/* A literal character at p (UTF-8): its bytes, folded, into b; 0 when it
 * cannot stand as a literal (a cased non-ASCII letter: its other cases
 * would match too), -1 for bytes that are no character. */
static int literal_char(const char *p, char *b, size_t *n)
{
	utf8proc_int32_t c;
	utf8proc_ssize_t k = utf8proc_iterate((const utf8proc_uint8_t *)p, -1, &c);
	int cat;

	if (k <= 0)
		return -1;
	*n = (size_t)k;
	if (c < 0x80) {
		b[0] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
		return 1;
	}
	cat = utf8proc_category(c);
	/* letters without case (CJK), symbols, punctuation, digits, marks
	 * other than the one that case-folds (U+0345) */
	if (cat == UTF8PROC_CATEGORY_LU || cat == UTF8PROC_CATEGORY_LL || cat == UTF8PROC_CATEGORY_LT ||
	    cat == UTF8PROC_CATEGORY_LM || c == 0x345 || utf8proc_tolower(c) != c || utf8proc_toupper(c) != c)
		return 0;
	memcpy(b, p, (size_t)k);
	return 1;
}

static void parse_alt(px *x, info *r);

/* [...]: its characters when it is a short list of plain ones, else top */
static void parse_class(px *x, info *r)
{
	const char *p = x->p + 1;
	int plain = 1, first = 1;

	r->ex.top = 0;
	r->ex.n = 0;
	if (*p == '^') {
		plain = 0;
		p++;
	}
	for (;; first = 0) {
		char b[4];
		size_t n;
		int lc;

		if (!*p) {
			x->fail = 1;
			return;
		}
		if (*p == ']' && !first)
			break;
		if (*p == '[' && (p[1] == ':' || p[1] == '.' || p[1] == '=')) {
			x->fail = 1; /* POSIX classes: not read */
			return;
		}
		if (*p == '\\') {
			unsigned char e = (unsigned char)p[1];

			if (!e || (e < 0x80 && ((e >= '0' && e <= '9') || (e >= 'a' && e <= 'z') || (e >= 'A' && e <= 'Z')))) {
				/* \d, \p{..}, \x.., \Q: not a plain character */
				if (e == 'p' || e == 'P' || e == 'x' || e == 'o' || e == 'Q' || e == 'E' || e == 'c' || e == 'N' ||
				    (e >= '0' && e <= '9') || !e) {
					x->fail = 1;
					return;
				}
				plain = 0;
				p += 2;
				continue;
			}
			p++;
		}
		if ((lc = literal_char(p, b, &n)) < 0) {
			x->fail = 1;
			return;
		}
		if (!lc || add_str(&r->ex, b, n) < 0)
			plain = 0;
		p += n;
		if (*p == '-' && p[1] != ']')
			plain = 0; /* a range */
	}
	x->p = p + 1;
	if (!plain || !r->ex.n) {
		leaf_top(r);
		return;
	}
	r->ex_ok = 1;
	r->req = r->ex;
}

/* One atom at x->p (not a quantifier, '|' or ')'). */
static void parse_atom(px *x, info *r)
{
	const char *p = x->p;
	char b[4];
	size_t n;
	int lc;

	switch (*p) {
	case '(':
		if (p[1] == '?' && p[2] != ':') {
			x->fail = 1; /* lookaround, names, options, comments */
			return;
		}
		if (++x->depth > DEPTH_MAX) {
			x->fail = 1;
			return;
		}
		x->p = p + (p[1] == '?' ? 3 : 1);
		parse_alt(x, r);
		x->depth--;
		if (x->fail || *x->p != ')') {
			x->fail = 1;
			return;
		}
		x->p++;
		return;
	case '[':
		parse_class(x, r);
		return;
	case '.':
		x->p++;
		leaf_top(r);
		return;
	case '^':
	case '$':
		x->p++;
		leaf_empty(r);
		return;
	case '*':
	case '+':
	case '?':
	case '{':
	case '\0':
		x->fail = 1;
		return;
	case '\\': {
		unsigned char e = (unsigned char)p[1];

		x->p = p + 2;
		if (strchr("bBAzZG", e) && e) {
			leaf_empty(r);
			return;
		}
		if (strchr("dDsSwWhHvVRXC", e) && e) {
			leaf_top(r);
			return;
		}
		if (e && strchr("ntrfea", e)) {
			static const char ctl[] = { '\n', '\t', '\r', '\f', 0x1b, 0x07 };

			leaf_bytes(r, &ctl[strchr("ntrfea", e) - "ntrfea"], 1);
			return;
		}
		if (!e || (e < 0x80 && ((e >= '0' && e <= '9') || (e >= 'a' && e <= 'z') || (e >= 'A' && e <= 'Z')))) {
			x->fail = 1; /* \p, \x, \Q, back references, ... */
			return;
		}
		p++; /* escaped punctuation or a non-ASCII character: itself */
		break;
	}
	default:
		break;
	}
	if ((lc = literal_char(p, b, &n)) < 0) {
		x->fail = 1;
		return;
	}
	x->p = p + n;
	if (!lc)
		leaf_top(r);
	else
		leaf_bytes(r, b, n);
}

static int read_count(const char **pp, long *out)
{
	const char *p = *pp;
	long v = 0;

	if (*p < '0' || *p > '9')
		return -1;
	while (*p >= '0' && *p <= '9' && v < 100000)
		v = v * 10 + (*p++ - '0');
	*out = v;
	*pp = p;
	return 0;
}

/* A quantifier at x->p, if any: *min, *max (-1: unbounded); 0 none, 1 read */
static int parse_quant(px *x, long *min, long *max)
{
	const char *p = x->p;

	switch (*p) {
	case '?':
		*min = 0, *max = 1;
		p++;
		break;
	case '*':
		*min = 0, *max = -1;
		p++;
		break;
	case '+':
		*min = 1, *max = -1;
		p++;
		break;
	case '{':
		p++;
		if (read_count(&p, min) < 0) {
			x->fail = 1;
			return 0;
		}
		*max = *min;
		if (*p == ',') {
			p++;
			*max = -1;
			if (*p != '}' && read_count(&p, max) < 0) {
				x->fail = 1;
				return 0;
			}
		}
		if (*p != '}' || (*max >= 0 && *max < *min)) {
			x->fail = 1;
			return 0;
		}
		p++;
		break;
	default:
		return 0;
	}
	if (*p == '?' || *p == '+')
		p++; /* lazy, possessive: the same strings match */
	x->p = p;
	return 1;
}

static void quantify(info *r, long min, long max)
{
	static _Thread_local info a;
	long k;

	if (min == 0) {
		int ok = max == 1 && r->ex_ok && add_str(&r->ex, "", 0) == 0;

		set_top(&r->req);
		r->ex_ok = ok;
		if (!ok)
			set_top(&r->ex);
		return;
	}
	/* min >= 1: the first copy's requirement holds; an exact set only for
	 * a few fixed copies */
	if (max != min || min > 4 || !r->ex_ok) {
		r->ex_ok = 0;
		set_top(&r->ex);
		return;
	}
	a = *r;
	for (k = 1; k < min; k++)
		concat(r, r, &a);
}

/* A sequence: the exact parts next to one another make runs ("a\\d+bc"
 * has runs "a" and "bc"); the requirement is the best of the runs' and
 * the other parts' */
static void parse_concat(px *x, info *r)
{
	info item;
	lset best;
	long min, max;
	int exact = 1;

	leaf_empty(r); /* the current run */
	set_top(&best);
	while (!x->fail && *x->p && *x->p != '|' && *x->p != ')') {
		parse_atom(x, &item);
		if (x->fail)
			break;
		if (parse_quant(x, &min, &max))
			quantify(&item, min, max);
		if (x->fail)
			break;
		if (item.ex_ok) {
			concat(r, r, &item);
			if (r->ex_ok)
				continue;
			/* the run grew too large: it ends before this part */
			keep_best(&best, &r->req);
			*r = item;
		} else {
			keep_best(&best, &r->req);
			keep_best(&best, &item.req);
			leaf_empty(r);
		}
		exact = 0;
	}
	keep_best(&best, &r->req);
	if (r->ex_ok && r->ex.n)
		keep_best(&best, &r->ex);
	r->req = best;
	if (!exact)
		r->ex_ok = 0, set_top(&r->ex);
}

static void parse_alt(px *x, info *r)
{
	info branch;

	parse_concat(x, r);
	while (!x->fail && *x->p == '|') {
		x->p++;
		parse_concat(x, &branch);
		if (x->fail)
			return;
		alternate(r, r, &branch);
	}
}

/* The literals of pattern into *out (folded); 0 when none. */
static int read_literals(const char *pattern, lset *out)
{
	static _Thread_local info r;
	px x = { pattern, 0, 0 };

	parse_alt(&x, &r);
	if (x.fail || *x.p || !quality(&r.req))
		return 0;
	*out = r.req;
	return out->n;
}

int pk_reset_literals(const char *pattern, int flags, char *out, size_t cap)
{
	lset l;
	size_t at = 0;
	int n, i;

	(void)flags;
	if (!cap)
		return PK_ELIMIT;
	out[0] = '\0';
	if ((n = read_literals(pattern, &l)) <= 0)
		return 0;
	for (i = 0; i < n; i++) {
		if (at + l.len[i] + 2 > cap)
			return pk_error_set(PK_ELIMIT, "literals longer than %zu bytes", cap);
		if (i)
			out[at++] = '\n';
		memcpy(out + at, l.s[i], l.len[i]);
		at += l.len[i];
		out[at] = '\0';
	}
	return n;
}

/* ---- the set --------------------------------------------------------- */

typedef struct spat {
	char *text;
	int flags;
	lset lit;
	int nlit; /* 0: always "may match" */
} spat;

struct pk_reset {
	spat *pat;
	size_t n, cap;
	int built;
	int all;              /* no automaton: every pattern may match */
	size_t words;
	uint64_t *always;     /* the patterns without literals */
	unsigned char cls[256];
	size_t ncls;
	uint16_t *delta;      /* nstates * ncls */
	unsigned char *hasout;
	uint64_t *out;        /* nstates * words: the patterns a state ends a literal of */
	unsigned char *special; /* states that end KELVIN SIGN or LONG S */
};

pk_reset *pk_reset_new(void)
{
	pk_reset *s = pk_calloc(1, sizeof(*s));

	if (!s)
		pk_error_set(PK_ENOMEM, "out of memory");
	return s;
}

void pk_reset_free(pk_reset *s)
{
	size_t i;

	if (!s)
		return;
	for (i = 0; i < s->n; i++)
		pk_free(s->pat[i].text);
	pk_free(s->pat);
	pk_free(s->always);
	pk_free(s->delta);
	pk_free(s->hasout);
	pk_free(s->out);
	pk_free(s->special);
	pk_free(s);
}

int pk_reset_add(pk_reset *s, const char *pattern, int flags)
{
	size_t i;
	spat *p;

	if (s->built)
		return pk_error_set(PK_EINVAL, "pattern added to a built set");
	for (i = 0; i < s->n; i++)
		if (s->pat[i].flags == flags && !strcmp(s->pat[i].text, pattern))
			return (int)i;
	if (s->n >= 1 << 20)
		return pk_error_set(PK_ELIMIT, "too many patterns in a set");
	if (PK_ALLOC_GROW(s->pat, s->n + 1, s->cap, 16) < 0)
		return pk_error_set(PK_ENOMEM, "out of memory");
	p = &s->pat[s->n];
	if (!(p->text = pk_strdup(pattern)))
		return pk_error_set(PK_ENOMEM, "out of memory");
	p->flags = flags;
	p->nlit = read_literals(pattern, &p->lit);
	return (int)s->n++;
}

size_t pk_reset_count(const pk_reset *s)
{
	return s->n;
}

size_t pk_reset_words(const pk_reset *s)
{
	return (s->n + 63) / 64 + !s->n;
}

/* The two non-ASCII characters PCRE2 matches, caseless, to ASCII letters */
static const char *const special_chars[2] = { "\xE2\x84\xAA", "\xC5\xBF" };

int pk_reset_build(pk_reset *s)
{
	size_t i, total = 1, nst = 1, head = 0, tail = 0, c;
	uint32_t *fail = NULL, *queue = NULL;
	int k, w;

	s->built = 1;
	s->words = pk_reset_words(s);
	if (!(s->always = pk_calloc(s->words, sizeof(uint64_t))))
		return pk_error_set(PK_ENOMEM, "out of memory");
	/* byte classes: each byte a literal holds (ASCII capitals as their
	 * lower case), the rest class 0 */
	s->ncls = 1;
	for (k = 0; k < 2; k++)
		for (c = 0; special_chars[k][c]; c++)
			if (!s->cls[(unsigned char)special_chars[k][c]])
				s->cls[(unsigned char)special_chars[k][c]] = (unsigned char)s->ncls++;
	for (i = 0; i < s->n; i++) {
		if (!s->pat[i].nlit)
			s->always[i >> 6] |= 1ull << (i & 63);
		for (k = 0; k < s->pat[i].nlit; k++) {
			total += s->pat[i].lit.len[k];
			for (c = 0; c < s->pat[i].lit.len[k]; c++) {
				unsigned char b = (unsigned char)s->pat[i].lit.s[k][c];

				if (!s->cls[b]) {
					if (s->ncls == 255) {
						s->all = 1;
						return 0;
					}
					s->cls[b] = (unsigned char)s->ncls++;
				}
			}
		}
	}
	for (c = 'A'; c <= 'Z'; c++)
		s->cls[c] = s->cls[c + 32];
	total += 3 + 2;
	if (total > STATES_MAX) {
		s->all = 1;
		return 0;
	}
	s->delta = pk_malloc(total * s->ncls * sizeof(*s->delta));
	s->hasout = pk_calloc(total, 1);
	s->special = pk_calloc(total, 1);
	s->out = pk_calloc(total * s->words, sizeof(uint64_t));
	fail = pk_calloc(total, sizeof(*fail));
	queue = pk_malloc(total * sizeof(*queue));
	if (!s->delta || !s->hasout || !s->special || !s->out || !fail || !queue) {
		pk_free(fail);
		pk_free(queue);
		return pk_error_set(PK_ENOMEM, "out of memory");
	}
	memset(s->delta, 0xff, total * s->ncls * sizeof(*s->delta));
	/* the trie: patterns' literals, then the two special characters */
	for (i = 0; i <= s->n + 1; i++) {
		int nl = i < s->n ? s->pat[i].nlit : 1;

		for (k = 0; k < nl; k++) {
			const char *lit = i < s->n ? s->pat[i].lit.s[k] : special_chars[i - s->n];
			size_t len = i < s->n ? s->pat[i].lit.len[k] : strlen(lit), st = 0;

			for (c = 0; c < len; c++) {
				uint16_t *d = &s->delta[st * s->ncls + s->cls[(unsigned char)lit[c]]];

				if (*d == 0xffff)
					*d = (uint16_t)nst++;
				st = *d;
			}
			if (i < s->n) {
				s->out[st * s->words + (i >> 6)] |= 1ull << (i & 63);
				s->hasout[st] = 1;
			} else {
				s->special[st] = 1;
				s->hasout[st] = 1;
			}
		}
	}
	/* failure links, breadth first; missing edges become the fail
	 * state's, so a scan is one table read a byte */
	for (c = 0; c < s->ncls; c++) {
		uint16_t *d = &s->delta[c];

		if (*d == 0xffff)
			*d = 0;
		else
			queue[tail++] = *d;
	}
	while (head < tail) {
		uint32_t u = queue[head++];

		for (w = 0; w < (int)s->words; w++)
			s->out[u * s->words + (size_t)w] |= s->out[fail[u] * s->words + (size_t)w];
		s->hasout[u] |= s->hasout[fail[u]];
		s->special[u] |= s->special[fail[u]];
		for (c = 0; c < s->ncls; c++) {
			uint16_t *d = &s->delta[u * s->ncls + c];

			if (*d == 0xffff) {
				*d = s->delta[fail[u] * s->ncls + c];
			} else {
				fail[*d] = s->delta[fail[u] * s->ncls + c];
				queue[tail++] = *d;
			}
		}
	}
	pk_free(fail);
	pk_free(queue);
	return 0;
}

void pk_reset_scan(const pk_reset *s, const char *text, size_t n, uint64_t *may)
{
	const unsigned char *p = (const unsigned char *)text;
	size_t i, w, st = 0;

	if (!s->built || s->all || !s->delta) {
		memset(may, 0xff, pk_reset_words(s) * sizeof(uint64_t));
		return;
	}
	memcpy(may, s->always, s->words * sizeof(uint64_t));
	for (i = 0; i < n; i++) {
		st = s->delta[st * s->ncls + s->cls[p[i]]];
		if (s->hasout[st]) {
			if (s->special[st]) {
				memset(may, 0xff, s->words * sizeof(uint64_t));
				return;
			}
			for (w = 0; w < s->words; w++)
				may[w] |= s->out[st * s->words + w];
		}
	}
}
