/* eval/postcheck.c - unbacked absolutes and appeals; see postcheck.h. */
#include "postcheck.h"

#include "../common/alloc.h"
#include "../common/buf.h"
#include "../common/error.h"
#include "../common/lines.h"
#include "../common/re.h"
#include "../common/reset.h"
#include "../common/text.h"
#include "rules.h"

#include <cJSON.h>
#include <stdio.h>
#include <string.h>

#define PATTERNS_MAX 32

typedef struct prule {
	char *id, *kind, *explain;
	pk_re *any[PATTERNS_MAX];
	size_t nany;
	pk_re *anyall;  /* "(?:p1)|(?:p2)|...": no match, no "any" matches (NULL: not made) */
	pk_re *none[PATTERNS_MAX];
	size_t nnone;
	int any_id[PATTERNS_MAX], none_id[PATTERNS_MAX]; /* in the rules' set */
} prule;

struct ev_postrules {
	prule *trig, *back;
	size_t ntrig, nback;
	pk_reset *set; /* every pattern: what a sentence cannot match */
};

const char *ev_pc_flag_name(int f)
{
	switch (f) {
	case EV_PC_SUSPICIOUS: return "suspicious";
	case EV_PC_BACKED: return "backed";
	default: return "plain";
	}
}

static void prule_free(prule *r)
{
	size_t i;

	for (i = 0; i < r->nany; i++)
		pk_re_free(r->any[i]);
	for (i = 0; i < r->nnone; i++)
		pk_re_free(r->none[i]);
	pk_re_free(r->anyall);
	pk_free(r->id);
	pk_free(r->kind);
	pk_free(r->explain);
}

void ev_postrules_free(ev_postrules *r)
{
	size_t i;

	if (!r)
		return;
	for (i = 0; i < r->ntrig; i++)
		prule_free(&r->trig[i]);
	for (i = 0; i < r->nback; i++)
		prule_free(&r->back[i]);
	pk_free(r->trig);
	pk_free(r->back);
	pk_reset_free(r->set);
	pk_free(r);
}

static int patterns(const char *path, const char *where, const cJSON *arr, pk_re **out, size_t *n, pk_reset *set,
		    int *ids)
{
	const cJSON *p;

	*n = 0;
	if (!arr)
		return 0;
	if (!cJSON_IsArray(arr))
		return pk_error_set(PK_EPARSE, "%s: %s: an array of patterns expected", path, where);
	cJSON_ArrayForEach(p, arr)
	{
		if (*n == PATTERNS_MAX)
			return pk_error_set(PK_EPARSE, "%s: %s: more than %d patterns", path, where, PATTERNS_MAX);
		if (!cJSON_IsString(p))
			return pk_error_set(PK_EPARSE, "%s: %s[%zu]: not a string", path, where, *n);
		if (!(out[*n] = pk_re_compile(p->valuestring, PK_RE_ICASE)))
			return pk_error_set(PK_EPARSE, "%s: %s[%zu]: %s", path, where, *n, pk_error_last());
		if ((ids[*n] = pk_reset_add(set, p->valuestring, PK_RE_ICASE)) < 0) {
			pk_re_free(out[*n]);
			out[*n] = NULL;
			return ids[*n];
		}
		(*n)++;
	}
	return 0;
}

/* Can p stand as one branch of an alternation and match what it matches
 * alone? Not with a backreference or a recursion by number or name (the
 * groups are renumbered), a \Q quote that may run to the pattern's end,
 * or a leading verb such as (*UTF): such a rule keeps its patterns one by
 * one. */
static int branch_safe(const char *p)
{
	static const char *const no[] = { "(*", "\\g", "\\k", "\\Q", "(?P", "(?R", "(?&", "(?+", "(?-" };
	size_t k;

	for (k = 0; k < sizeof(no) / sizeof(no[0]); k++)
		if (strstr(p, no[k]))
			return 0;
	for (; *p; p++) {
		if (p[0] == '\\' && p[1]) {
			if (p[1] >= '1' && p[1] <= '9')
				return 0;
			p++; /* an escaped character, whatever it is */
		} else if (p[0] == '(' && p[1] == '?' && p[2] >= '0' && p[2] <= '9') {
			return 0;
		}
	}
	return 1;
}

/* The rule's "any" patterns as one alternation, a prefilter: PCRE2 tries
 * them in one pass, and a sentence none matches (most) costs one call,
 * not one per pattern. Left NULL when a pattern is not branch_safe, there
 * is only one, or it does not compile. */
static void any_alternation(prule *r, const cJSON *arr)
{
	pk_buf b = PK_BUF_INIT;
	const cJSON *p;
	int rc = 0;

	if (r->nany < 2)
		return;
	cJSON_ArrayForEach(p, arr)
	{
		if (!branch_safe(p->valuestring)) {
			pk_buf_release(&b);
			return;
		}
		if (rc == 0 && b.len)
			rc = pk_buf_putc(&b, '|');
		if (rc == 0 && (rc = pk_buf_puts(&b, "(?:")) == 0 && (rc = pk_buf_puts(&b, p->valuestring)) == 0)
			rc = pk_buf_puts(&b, ")");
	}
	if (rc == 0)
		r->anyall = pk_re_compile(b.ptr, PK_RE_ICASE);
	pk_buf_release(&b);
	pk_error_clear(); /* no prefilter: the patterns one by one */
}

static int load_list(const char *path, const cJSON *arr, const char *name, prule **out, size_t *n, pk_reset *set)
{
	const cJSON *it;
	size_t i = 0;

	if (!cJSON_IsArray(arr) || !cJSON_GetArraySize(arr))
		return pk_error_set(PK_EPARSE, "%s: \"%s\": a non-empty array of rules expected", path, name);
	if (!(*out = pk_calloc((size_t)cJSON_GetArraySize(arr), sizeof(**out))))
		return pk_error_set(PK_ENOMEM, "out of memory");
	cJSON_ArrayForEach(it, arr)
	{
		const cJSON *id = cJSON_GetObjectItemCaseSensitive(it, "id"), *kind = cJSON_GetObjectItemCaseSensitive(it, "kind");
		const cJSON *ex = cJSON_GetObjectItemCaseSensitive(it, "explain");
		prule *r = &(*out)[i];
		char where[96];
		int rc;

		*n = ++i;
		if (!cJSON_IsString(id) || !cJSON_IsString(kind))
			return pk_error_set(PK_EPARSE, "%s: %s[%zu]: \"id\" and \"kind\" strings expected", path, name, i - 1);
		if (!(r->id = pk_strdup(id->valuestring)) || !(r->kind = pk_strdup(kind->valuestring)) ||
		    !(r->explain = pk_strdup(cJSON_IsString(ex) ? ex->valuestring : kind->valuestring)))
			return pk_error_set(PK_ENOMEM, "out of memory");
		snprintf(where, sizeof(where), "%s[%zu].any", name, i - 1);
		if ((rc = patterns(path, where, cJSON_GetObjectItemCaseSensitive(it, "any"), r->any, &r->nany, set, r->any_id)) <
		    0)
			return rc;
		if (!r->nany)
			return pk_error_set(PK_EPARSE, "%s: %s: at least one pattern expected", path, where);
		any_alternation(r, cJSON_GetObjectItemCaseSensitive(it, "any"));
		snprintf(where, sizeof(where), "%s[%zu].none", name, i - 1);
		if ((rc = patterns(path, where, cJSON_GetObjectItemCaseSensitive(it, "none"), r->none, &r->nnone, set,
				   r->none_id)) < 0)
			return rc;
	}
	return 0;
}

int ev_postrules_load(ev_postrules **out, const char *path)
{
	char *raw = NULL;
	size_t n = 0;
	cJSON *root = NULL;
	ev_postrules *r;
	int rc;

	*out = NULL;
	if ((rc = pk_file_read(&raw, &n, path, (size_t)4 << 20)) < 0)
		return rc;
	root = cJSON_ParseWithLength(raw, n);
	pk_free(raw);
	if (!cJSON_IsObject(root)) {
		cJSON_Delete(root);
		return pk_error_set(PK_EPARSE, "%s: not a JSON object", path);
	}
	if (!(r = pk_calloc(1, sizeof(*r))) || !(r->set = pk_reset_new())) {
		cJSON_Delete(root);
		pk_free(r);
		return pk_error_set(PK_ENOMEM, "out of memory");
	}
	if ((rc = load_list(path, cJSON_GetObjectItemCaseSensitive(root, "triggers"), "triggers", &r->trig, &r->ntrig,
			    r->set)) < 0 ||
	    (rc = load_list(path, cJSON_GetObjectItemCaseSensitive(root, "backing"), "backing", &r->back, &r->nback,
			    r->set)) < 0 ||
	    (rc = pk_reset_build(r->set)) < 0) {
		cJSON_Delete(root);
		ev_postrules_free(r);
		return rc;
	}
	cJSON_Delete(root);
	*out = r;
	return 0;
}

/* 1 when one "any" pattern matches and no "none" does; *m the match.
 * may: what the sentence may match (pk_reset_scan); a pattern it cannot
 * is not run */
static int hits(const prule *r, const char *s, size_t n, const uint64_t *may, pk_match *m, int *limited)
{
	size_t k;
	int got = 0;

	for (k = 0; k < r->nany && !pk_reset_may(may, r->any_id[k]); k++)
		;
	if (k == r->nany)
		return 0; /* none of them can */
	if (r->anyall) {
		pk_match x;

		/* no branch matches, within the limits: no pattern would */
		if (pk_re_match(r->anyall, s, n, 0, &x) == 0 && !pk_re_last_limited())
			return 0;
		pk_error_clear();
	}
	for (k = 0; k < r->nany && !got; k++) {
		if (!pk_reset_may(may, r->any_id[k]))
			continue;
		got = pk_re_match(r->any[k], s, n, 0, m) == 1;
		*limited |= pk_re_last_limited();
	}
	if (!got)
		return 0;
	for (k = 0; k < r->nnone; k++) {
		pk_match x;

		if (!pk_reset_may(may, r->none_id[k]))
			continue;
		if (pk_re_match(r->none[k], s, n, 0, &x) == 1)
			return 0;
		*limited |= pk_re_last_limited();
	}
	return 1;
}

static int inside(size_t a, size_t b, size_t s, size_t e)
{
	return s >= a && e <= b && e > s;
}

/* The sentence [a, *b) without what a reference list's entry holds: a
 * cited work's title asserts nothing ("Experts agree that ..." is no
 * appeal to authority there). *b is cut where an entry begins ("References
 * [1] Smith J." leaves the heading); 1 when nothing is left. */
static int in_entry(const ev_result *au, size_t a, size_t *b)
{
	size_t i;

	for (i = 0; au && i < au->ncites; i++) {
		const ev_cite *c = &au->cites[i].c;

		if (c->kind != EV_CITE_ENTRY || c->end <= a || c->start >= *b)
			continue;
		if (c->start <= a)
			return 1;
		if (*b <= c->end)
			*b = c->start;
	}
	return 0;
}

/* What the audit says of the sentence [a, b): a verified reference (3), a
 * verified value (2), a fabricated or mismatched reference (-1), a source
 * the graph could not decide (1), nothing (0). */
static int audit_backing(const ev_result *au, size_t a, size_t b, char *what, size_t cap)
{
	size_t i;
	int best = 0;

	if (!au)
		return 0;
	for (i = 0; i < au->ncites; i++) {
		const ev_cite_item *c = &au->cites[i];
		size_t k;
		int here = inside(a, b, c->c.start, c->c.end);

		for (k = 0; k < c->c.nat && !here; k++)
			here = inside(a, b, c->c.at[k][0], c->c.at[k][1]);
		if (!here || !c->ok)
			continue;
		/* a fabricated or misdescribed source undoes the others */
		if (c->r.verdict == QR_FABRICATED || c->r.verdict == QR_MISMATCH) {
			snprintf(what, cap, "a source of it is %s", c->r.verdict == QR_FABRICATED ? "fabricated" : "misdescribed");
			best = -1;
		} else if (c->r.verdict == QR_VERIFIED && best >= 0) {
			snprintf(what, cap, "a reference provkg verified");
			best = 3;
		} else if (best == 0) {
			best = 1;
			snprintf(what, cap, "a source the graph could not decide");
		}
	}
	if (best < 0 || best == 3)
		return best;
	for (i = 0; i < au->nvalues; i++) {
		const qv_result *q = &au->values[i].r;

		if (inside(a, b, q->m.start, q->m.end) && q->verdict == QV_MATCH) {
			const char *name = q->quantity[0] ? q->quantity : "a value";

			snprintf(what, cap, "a value provkg verified (%.*s)", (int)pk_utf8_cut(name, strlen(name), 80), name);
			return 2;
		}
	}
	return best;
}

/* How much of the words s[0..n) a reason quotes: at most 60 bytes, whole
 * characters. */
static int quoted(const char *s, size_t n)
{
	return (int)pk_utf8_cut(s, n, 60);
}

static int add(ev_postcheck *out, size_t *cap, const ev_assertion *x)
{
	if (PK_ALLOC_GROW(out->v, out->n + 1, *cap, 16) < 0)
		return PK_ENOMEM;
	out->v[out->n++] = *x;
	return 0;
}

/* x.reason = the parts joined (snprintf's "%s%s..." without printf) */
#define REASON(...)                                                                                    \
	do {                                                                                           \
		const char *const parts_[] = { __VA_ARGS__ };                                          \
		pk_str_cat(x.reason, sizeof(x.reason), parts_, sizeof(parts_) / sizeof(parts_[0]));     \
	} while (0)

int ev_post_check(const ev_postrules *r, const char *text, size_t n, const ev_result *audit, ev_postcheck *out)
{
	size_t start = 0, cap = 0, i;
	uint64_t *may;

	memset(out, 0, sizeof(*out));
	/* the patterns run without a UTF check of their own */
	if (!pk_utf8_valid(text, n))
		return pk_error_set(PK_EINVAL, "the text is not valid UTF-8");
	if (!(may = pk_malloc(pk_reset_words(r->set) * sizeof(*may))))
		return pk_error_set(PK_ENOMEM, "out of memory");
	while (start < n) {
		size_t a, e, next = ev_sentence_next(text, n, start, &a, &e), words = 0, k;
		ev_assertion x;
		pk_match m;
		const prule *trig = NULL;
		int rc;

		start = next;
		while (e > a && strchr(" \t\r\n", text[e - 1]))
			e--;
		if (e <= a || in_entry(audit, a, &e))
			continue;
		while (e > a && strchr(" \t\r\n", text[e - 1]))
			e--;
		if (e <= a)
			continue;
		/* an assertion: a statement of a few words, not a question */
		if (text[e - 1] == '?' || (e >= a + 3 && !memcmp(text + e - 3, "？", 3)))
			continue;
		/* (two are enough to know) */
		for (k = a; k < e && words < 2; k++)
			words += (text[k] == ' ' && k > a && text[k - 1] != ' ') || ((unsigned char)text[k] >= 0xE0);
		if (words < 2)
			continue;
		memset(&x, 0, sizeof(x));
		x.start = a;
		x.end = e;
		pk_reset_scan(r->set, text + a, e - a, may);
		for (i = 0; i < r->ntrig && !trig; i++)
			if (hits(&r->trig[i], text + a, e - a, may, &m, &out->limited)) {
				trig = &r->trig[i];
				pk_str_ncopy(x.said, sizeof(x.said), text + a + m.start[0],
					     quoted(text + a + m.start[0], m.end[0] - m.start[0]));
			}
		if (trig) {
			char what[120] = "";
			int au = audit_backing(audit, a, e, what, sizeof(what));
			const prule *b = NULL;

			x.trigger = trig->id;
			x.kind = trig->kind;
			if (strcmp(trig->kind, "authority")) {
				for (i = 0; i < r->nback && !b && au >= 0; i++)
					if (hits(&r->back[i], text + a, e - a, may, &m, &out->limited))
						b = &r->back[i];
			}
			/* an appeal to authority stands on its source alone: a verified
			 * reference; the rest on any backing */
			if (!strcmp(trig->kind, "authority") ? au == 3 : (au >= 2 || au == 1 || (au >= 0 && b))) {
				x.flag = EV_PC_BACKED;
				if (au >= 1)
					REASON(trig->explain, " (\"", x.said, "\") backed by ", what);
				else
					snprintf(x.reason, sizeof(x.reason), "%s (\"%s\") backed by %s: \"%.*s\"", trig->explain, x.said,
						 b->explain, quoted(text + a + m.start[0], m.end[0] - m.start[0]), text + a + m.start[0]);
				out->backed++;
			} else {
				x.flag = EV_PC_SUSPICIOUS;
				if (au < 0)
					REASON(trig->explain, " (\"", x.said, "\") and ", what);
				else if (!strcmp(trig->kind, "authority"))
					REASON(trig->explain, " (\"", x.said, "\") without a reference provkg verified");
				else
					REASON(trig->explain, " (\"", x.said,
					       "\") without a source, number or condition that backs it");
				out->suspicious++;
			}
			/* a reason cut short by its buffer ends on a whole character */
			x.reason[pk_utf8_whole(x.reason, strlen(x.reason))] = '\0';
		}
		if ((rc = add(out, &cap, &x)) < 0) {
			pk_free(may);
			ev_postcheck_release(out);
			return rc;
		}
	}
	pk_free(may);
	return 0;
}

void ev_postcheck_release(ev_postcheck *p)
{
	pk_free(p->v);
	memset(p, 0, sizeof(*p));
}
