/* eval/rules.c - rule-file scores; see rules.h. */
#include "rules.h"

#include "../common/alloc.h"
#include "../common/buf.h"
#include "../common/error.h"
#include "../common/hash.h"
#include "../common/lines.h"
#include "../common/memo.h"
#include "../common/re.h"
#include "../common/reset.h"
#include "../common/text.h"

#include <cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PATTERNS 8
#define SENTENCE_MAX 1000
#define RULES_FILE_MAX ((size_t)4 << 20)

typedef struct rule {
	char *id;
	char *explain;
	int score;
	int points, max;
	pk_re *all[MAX_PATTERNS];
	size_t nall;
	pk_re *none[MAX_PATTERNS];
	size_t nnone;
	int all_id[MAX_PATTERNS], none_id[MAX_PATTERNS]; /* in set */
} rule;

struct ev_rules {
	rule *r;
	size_t n;
	pk_reset *set;  /* every pattern: what a sentence cannot match */
	int cap[EV_NSCORES];
	int exact, within;
};

const char *ev_score_name(int s)
{
	static const char *const names[EV_NSCORES] = { "traceability", "premise", "uncertainty", "falsifiability" };

	return s >= 0 && s < EV_NSCORES ? names[s] : "?";
}

void ev_rules_free(ev_rules *x)
{
	size_t i, k;

	if (!x)
		return;
	for (i = 0; i < x->n; i++) {
		for (k = 0; k < x->r[i].nall; k++)
			pk_re_free(x->r[i].all[k]);
		for (k = 0; k < x->r[i].nnone; k++)
			pk_re_free(x->r[i].none[k]);
		pk_free(x->r[i].id);
		pk_free(x->r[i].explain);
	}
	pk_free(x->r);
	pk_reset_free(x->set);
	pk_free(x);
}

void ev_rules_traceability(const ev_rules *r, int *exact, int *within, int *cap)
{
	*exact = r->exact;
	*within = r->within;
	*cap = r->cap[EV_TRACEABILITY];
}

static int int_field(const cJSON *o, const char *k, int dflt, int lo, int hi, int *out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);

	if (!v) {
		*out = dflt;
		return 0;
	}
	if (!cJSON_IsNumber(v) || v->valuedouble != (double)(int)v->valuedouble || v->valueint < lo || v->valueint > hi)
		return -1;
	*out = v->valueint;
	return 0;
}

static int patterns(const char *path, const char *where, const cJSON *arr, int flags, pk_re **out, size_t *n,
		    pk_reset *set, int *ids)
{
	const cJSON *p;
	size_t i = 0;

	*n = 0;
	if (!arr)
		return 0;
	if (!cJSON_IsArray(arr))
		return pk_error_set(PK_EPARSE, "%s: %s: expected an array of patterns", path, where);
	cJSON_ArrayForEach(p, arr)
	{
		if (i == MAX_PATTERNS)
			return pk_error_set(PK_EPARSE, "%s: %s: at most %d patterns", path, where, MAX_PATTERNS);
		if (!cJSON_IsString(p) || !*p->valuestring)
			return pk_error_set(PK_EPARSE, "%s: %s[%zu]: expected a pattern string", path, where, i);
		if (!(out[i] = pk_re_compile(p->valuestring, flags))) {
			char msg[300];

			snprintf(msg, sizeof(msg), "%s", pk_error_last());
			return pk_error_set(PK_EPARSE, "%s: %s[%zu]: %s", path, where, i, msg);
		}
		*n = ++i;
		if ((ids[i - 1] = pk_reset_add(set, p->valuestring, flags)) < 0)
			return ids[i - 1];
	}
	return 0;
}

int ev_rules_load(ev_rules **out, const char *path)
{
	char *text = NULL;
	size_t n = 0;
	cJSON *doc = NULL;
	const cJSON *scores, *fmt, *tr;
	ev_rules *x;
	int rc = 0, s;

	*out = NULL;
	if (!(x = pk_calloc(1, sizeof(*x))) || !(x->set = pk_reset_new())) {
		pk_free(x);
		return pk_error_set(PK_ENOMEM, "out of memory");
	}
	if ((rc = pk_file_read(&text, &n, path, RULES_FILE_MAX)) < 0)
		goto fail;
	if (!(doc = cJSON_ParseWithLength(text, n))) {
		rc = pk_error_set(PK_EPARSE, "%s: not valid JSON (near byte %zu)", path,
				  cJSON_GetErrorPtr() ? (size_t)(cJSON_GetErrorPtr() - text) : 0);
		goto fail;
	}
	fmt = cJSON_GetObjectItemCaseSensitive(doc, "format");
	if (!cJSON_IsString(fmt) || strcmp(fmt->valuestring, "provkg credibility rules 1")) {
		rc = pk_error_set(PK_EPARSE, "%s: \"format\" must be \"provkg credibility rules 1\"", path);
		goto fail;
	}
	tr = cJSON_GetObjectItemCaseSensitive(doc, "traceability");
	if (int_field(tr, "exact", 2, 0, 10, &x->exact) < 0 || int_field(tr, "within_tolerance", 1, 0, 10, &x->within) < 0 ||
	    int_field(tr, "cap", 10, 1, 100, &x->cap[EV_TRACEABILITY]) < 0) {
		rc = pk_error_set(PK_EPARSE, "%s: traceability: exact, within_tolerance (0..10) and cap (1..100) are integers",
				  path);
		goto fail;
	}
	if (!cJSON_IsObject(scores = cJSON_GetObjectItemCaseSensitive(doc, "scores"))) {
		rc = pk_error_set(PK_EPARSE, "%s: no \"scores\" object", path);
		goto fail;
	}
	for (s = EV_PREMISE; s < EV_NSCORES; s++) {
		const cJSON *sc = cJSON_GetObjectItemCaseSensitive(scores, ev_score_name(s)), *rules, *r;
		size_t i = 0;

		if (!cJSON_IsObject(sc) || !cJSON_IsArray(rules = cJSON_GetObjectItemCaseSensitive(sc, "rules"))) {
			rc = pk_error_set(PK_EPARSE, "%s: scores.%s: expected {\"cap\", \"rules\": [...]}", path, ev_score_name(s));
			goto fail;
		}
		if (int_field(sc, "cap", 10, 1, 100, &x->cap[s]) < 0) {
			rc = pk_error_set(PK_EPARSE, "%s: scores.%s.cap: an integer 1..100", path, ev_score_name(s));
			goto fail;
		}
		cJSON_ArrayForEach(r, rules)
		{
			rule *nr, *ru;
			const cJSON *id = cJSON_GetObjectItemCaseSensitive(r, "id");
			const cJSON *ex = cJSON_GetObjectItemCaseSensitive(r, "explain");
			const cJSON *cs = cJSON_GetObjectItemCaseSensitive(r, "case");
			char where[128];
			int flags = cJSON_IsTrue(cs) ? 0 : PK_RE_ICASE;

			if (!(nr = pk_realloc(x->r, (x->n + 1) * sizeof(*nr)))) {
				rc = pk_error_set(PK_ENOMEM, "out of memory");
				goto fail;
			}
			x->r = nr;
			ru = &x->r[x->n++];
			memset(ru, 0, sizeof(*ru));
			ru->score = s;
			if (!cJSON_IsString(id) || !*id->valuestring) {
				rc = pk_error_set(PK_EPARSE, "%s: scores.%s.rules[%zu]: no \"id\"", path, ev_score_name(s), i);
				goto fail;
			}
			if (!(ru->id = pk_strdup(id->valuestring)) ||
			    !(ru->explain = pk_strdup(cJSON_IsString(ex) ? ex->valuestring : ""))) {
				rc = pk_error_set(PK_ENOMEM, "out of memory");
				goto fail;
			}
			if (int_field(r, "points", 1, -10, 10, &ru->points) < 0 || int_field(r, "max", 1, 1, 100, &ru->max) < 0) {
				rc = pk_error_set(PK_EPARSE, "%s: rule %s: \"points\" is an integer -10..10, \"max\" 1..100", path,
						  ru->id);
				goto fail;
			}
			snprintf(where, sizeof(where), "rule %s: all", ru->id);
			if ((rc = patterns(path, where, cJSON_GetObjectItemCaseSensitive(r, "all"), flags, ru->all, &ru->nall,
					   x->set, ru->all_id)) < 0)
				goto fail;
			if (!ru->nall) {
				rc = pk_error_set(PK_EPARSE, "%s: rule %s: \"all\" needs at least one pattern", path, ru->id);
				goto fail;
			}
			snprintf(where, sizeof(where), "rule %s: none", ru->id);
			if ((rc = patterns(path, where, cJSON_GetObjectItemCaseSensitive(r, "none"), flags, ru->none,
					   &ru->nnone, x->set, ru->none_id)) < 0)
				goto fail;
			i++;
		}
	}
	if ((rc = pk_reset_build(x->set)) < 0)
		goto fail;
	cJSON_Delete(doc);
	pk_free(text);
	*out = x;
	return 0;
fail:
	cJSON_Delete(doc);
	pk_free(text);
	ev_rules_free(x);
	return rc < 0 ? rc : PK_EPARSE;
}

/* ---- sentences ---------------------------------------------------------- */

/* Most bytes end nothing: only '.', '!', '?', a newline, or the lead byte
 * of a full stop (E3) or of full-width punctuation (EF) can. */
static const unsigned char may_end[256] = { ['.'] = 1, ['!'] = 1, ['?'] = 1, ['\n'] = 1, [0xE3] = 1, [0xEF] = 1 };

/* Length of a sentence end at s[i] (0 if none). */
static size_t boundary(const char *s, size_t n, size_t i)
{
	static const char *const cjk[] = { "。", "！", "？", "；" };
	size_t k;

	if (!may_end[(unsigned char)s[i]])
		return 0;
	/* (the four begin with 0xE3 or 0xEF, the bytes past ASCII may_end has) */
	for (k = 0; (unsigned char)s[i] >= 0x80 && k < sizeof(cjk) / sizeof(cjk[0]); k++)
		if (i + 3 <= n && !memcmp(s + i, cjk[k], 3))
			return 3;
	if (s[i] == '\n' && i + 1 < n && (s[i + 1] == '\n' || s[i + 1] == '-' || s[i + 1] == '*'))
		return 1;
	if ((s[i] == '.' || s[i] == '!' || s[i] == '?') && (i + 1 >= n || s[i + 1] == ' ' || s[i + 1] == '\n'))
		/* "e.g. " and "i.e. " do not end sentences; "et al. " neither */
		return (i >= 3 && (!memcmp(s + i - 3, "e.g", 3) || !memcmp(s + i - 3, "i.e", 3) || !memcmp(s + i - 2, "al", 2))) ? 0 : 1;
	return 0;
}

void ev_sentence_of(const char *s, size_t n, size_t start, size_t end, size_t *a, size_t *b)
{
	size_t i, lo, hi;

	if (start > n)
		start = n;
	if (end < start)
		end = start;
	if (end > n)
		end = n;
	lo = start > EV_SENTENCE_REACH ? start - EV_SENTENCE_REACH : 0;
	hi = n - end > EV_SENTENCE_REACH ? end + EV_SENTENCE_REACH : n;
	/* back to the end of the sentence before, forward to this one's end */
	*a = lo;
	for (i = start; i > lo; i--) {
		size_t k = may_end[(unsigned char)s[i - 1]] ? boundary(s, n, i - 1) : 0;

		if (k && i - 1 + k <= start) {
			*a = i - 1 + k;
			break;
		}
	}
	*b = hi;
	for (i = end; i < hi; i++) {
		size_t k = may_end[(unsigned char)s[i]] ? boundary(s, n, i) : 0;

		if (k) {
			*b = i + k;
			break;
		}
	}
	if (*b > n)
		*b = n;
	/* whole characters, no surrounding blanks */
	while (*a < start && (((unsigned char)s[*a] & 0xC0) == 0x80 || memchr(" \t\r\n", s[*a], 4)))
		(*a)++;
	while (*b > end && *b < n && ((unsigned char)s[*b] & 0xC0) == 0x80)
		(*b)--;
	while (*b > end && memchr(" \t\r\n", s[*b - 1], 4))
		(*b)--;
}

size_t ev_sentence_next(const char *s, size_t n, size_t from, size_t *a, size_t *e)
{
	size_t end = from, b = 0, lim = n - from > SENTENCE_MAX ? from + SENTENCE_MAX : n;

	/* (a byte that cannot end one is passed over without a call, four
	 * at a time where none can) */
	for (;;) {
		while (end + 4 <= lim && !(may_end[(unsigned char)s[end]] | may_end[(unsigned char)s[end + 1]] |
					   may_end[(unsigned char)s[end + 2]] | may_end[(unsigned char)s[end + 3]]))
			end += 4;
		while (end < lim && !may_end[(unsigned char)s[end]])
			end++;
		if (end == lim || (b = boundary(s, n, end)))
			break;
		end++;
	}
	/* do not cut a UTF-8 sequence */
	while (end < n && end > from && ((unsigned char)s[end] & 0xC0) == 0x80)
		end--;
	*e = end + b;
	*a = from;
	while (*a < *e && (s[*a] == ' ' || s[*a] == '\n' || s[*a] == '\t'))
		(*a)++;
	return *e > from ? *e : from + 1;
}

/* may: what the sentence may match (pk_reset_scan); a pattern it cannot
 * is not run */
static int matches_all(const rule *r, const char *s, size_t n, const uint64_t *may, int *limited)
{
	pk_match m;
	size_t k;

	for (k = 0; k < r->nall; k++) {
		if (!pk_reset_may(may, r->all_id[k]))
			return 0;
		if (pk_re_match(r->all[k], s, n, 0, &m) != 1) {
			*limited |= pk_re_last_limited();
			return 0;
		}
	}
	for (k = 0; k < r->nnone; k++) {
		if (!pk_reset_may(may, r->none_id[k]))
			continue;
		if (pk_re_match(r->none[k], s, n, 0, &m) == 1)
			return 0;
		*limited |= pk_re_last_limited();
	}
	return 1;
}

int ev_rules_score(const ev_rules *x, const char *s, size_t n, int scores[EV_NSCORES], ev_hit **hits, size_t *nhits,
		   int *limited)
{
	return ev_rules_score_skip(x, s, n, NULL, 0, scores, hits, nhits, limited);
}

static int skipped(const size_t (*skip)[2], size_t nskip, size_t at)
{
	size_t i;

	for (i = 0; i < nskip; i++)
		if (at >= skip[i][0] && at < skip[i][1])
			return 1;
	return 0;
}

/* ---- the memo of sentences read ------------------------------------------- */

#define RMEMO_SLOTS 8192               /* a power of two: 4,096 sentences at most */
#define RMEMO_BYTES ((size_t)4 << 20)  /* sentences and answers held at most */

enum { RM_MATCH = 1, RM_LIMITED = 2 };

struct ev_rules_memo {
	const ev_rules *x;
	pk_memo *t;
	unsigned char *row; /* x->n: a sentence's answers being made */
};

ev_rules_memo *ev_rules_memo_new(const ev_rules *x)
{
	ev_rules_memo *m = pk_calloc(1, sizeof(*m));

	if (!m || !(m->t = pk_memo_new(RMEMO_SLOTS, RMEMO_BYTES)) || !(m->row = pk_malloc(x->n ? x->n : 1))) {
		ev_rules_memo_free(m);
		pk_error_set(PK_ENOMEM, "out of memory");
		return NULL;
	}
	m->x = x;
	return m;
}

void ev_rules_memo_free(ev_rules_memo *m)
{
	if (!m)
		return;
	pk_memo_free(m->t);
	pk_free(m->row);
	pk_free(m);
}

/* What every rule says of the sentence s[0..n): one byte a rule, RM_MATCH
 * and RM_LIMITED (matches_all's *limited); from m when it has read this
 * sentence before, else read now (into m; or into row without one, and
 * then not the rules past their "max" in the answer: used). */
static const unsigned char *sentence_row(const ev_rules *x, ev_rules_memo *m, unsigned char *row, const char *s,
					 size_t n, uint64_t *may, const size_t *used)
{
	uint64_t h = 0;
	size_t i, vlen;
	const unsigned char *v;

	if (m) {
		h = pk_hash_mem(s, n);
		if ((v = pk_memo_get(m->t, h, s, n, &vlen)) != NULL && vlen == x->n)
			return v;
		row = m->row;
	}
	pk_reset_scan(x->set, s, n, may);
	for (i = 0; i < x->n; i++) {
		int limited = 0;

		if (!m && used[i] >= (size_t)x->r[i].max) {
			row[i] = 0;
			continue;
		}
		row[i] = (unsigned char)(matches_all(&x->r[i], s, n, may, &limited) ? RM_MATCH : 0);
		row[i] |= (unsigned char)(limited ? RM_LIMITED : 0);
	}
	if (m)
		pk_memo_put(m->t, h, s, n, row, x->n);
	return row;
}

int ev_rules_score_skip(const ev_rules *x, const char *s, size_t n, const size_t (*skip)[2], size_t nskip,
			int scores[EV_NSCORES], ev_hit **hits, size_t *nhits, int *limited)
{
	return ev_rules_score_memo(x, NULL, s, n, skip, nskip, scores, hits, nhits, limited);
}

int ev_rules_score_memo(const ev_rules *x, ev_rules_memo *memo, const char *s, size_t n, const size_t (*skip)[2],
			size_t nskip, int scores[EV_NSCORES], ev_hit **hits, size_t *nhits, int *limited)
{
	size_t *used, start = 0, i, cap = 0;
	int sum[EV_NSCORES] = { 0 }, k;
	ev_hit *h = NULL;
	uint64_t *may;
	unsigned char *row;

	*hits = NULL;
	*nhits = 0;
	*limited = 0;
	if (memo && memo->x != x)
		memo = NULL; /* another rule file's */
	used = pk_calloc(x->n ? x->n : 1, sizeof(*used));
	may = pk_malloc(pk_reset_words(x->set) * sizeof(*may));
	row = memo ? NULL : pk_malloc(x->n ? x->n : 1);
	if (!used || !may || (!memo && !row)) {
		pk_free(used);
		pk_free(may);
		pk_free(row);
		return pk_error_set(PK_ENOMEM, "out of memory");
	}
	while (start < n) {
		size_t a, e, next_start = ev_sentence_next(s, n, start, &a, &e);
		const unsigned char *says;

		start = next_start;
		if (e <= a || skipped(skip, nskip, a))
			continue;
		/* with a memo every rule is read (the sentence may come again);
		 * a rule past its "max" neither hits nor tells of its limit */
		says = sentence_row(x, memo, row, s + a, e - a, may, used);
		for (i = 0; i < x->n; i++) {
			const rule *r = &x->r[i];

			if (used[i] >= (size_t)r->max)
				continue;
			*limited |= (says[i] & RM_LIMITED) != 0;
			if (!(says[i] & RM_MATCH))
				continue;
			used[i]++;
			if (PK_ALLOC_GROW(h, *nhits + 1, cap, 16) < 0) {
				pk_free(h);
				pk_free(used);
				pk_free(may);
				pk_free(row);
				return PK_ENOMEM;
			}
			h[*nhits].score = r->score;
			h[*nhits].rule = r->id;
			h[*nhits].explain = r->explain;
			h[*nhits].points = r->points;
			h[*nhits].start = a;
			h[*nhits].end = e;
			(*nhits)++;
			sum[r->score] += r->points;
		}
	}
	for (k = EV_PREMISE; k < EV_NSCORES; k++)
		scores[k] = sum[k] < 0 ? 0 : sum[k] > x->cap[k] ? x->cap[k] : sum[k];
	pk_free(used);
	pk_free(may);
	pk_free(row);
	*hits = h;
	return 0;
}
