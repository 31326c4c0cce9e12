/* eval/audit.c - audit one answer; see audit.h. */
#include "audit.h"

#include "../common/alloc.h"
#include "../common/error.h"
#include "../common/text.h"
#include "postcheck.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *ev_pattern_name(int p)
{
	static const char *const names[EV_NPATTERNS] = {
		"fabricated DOI", "DOI of an unrelated work", "no such work", "chimeric: real authors, invented title",
		"chimeric: real title, wrong authors", "future date", "placeholder authors", "other"
	};

	return p >= 0 && p < EV_NPATTERNS ? names[p] : "other";
}

int ev_pattern_index(const char *name)
{
	int p;

	for (p = 0; p < EV_NPATTERNS; p++)
		if (!strcmp(name, ev_pattern_name(p)))
			return p;
	return -1;
}

int ev_pattern_of(const qr_result *r)
{
	/* most specific first: a fabricated DOI says more than placeholder names */
	static const struct { const char *phrase; int pattern; } order[] = {
		{ "fabricated DOI", EV_PAT_FABRICATED_DOI },
		{ "unrelated work", EV_PAT_UNRELATED_DOI },
		{ "real authors with an invented title", EV_PAT_CHIMERIC_AUTHORS },
		{ "real title with the wrong authors", EV_PAT_CHIMERIC_TITLE },
		{ "future date", EV_PAT_FUTURE },
		{ "nothing matches", EV_PAT_NO_MATCH },
		{ "placeholder authors", EV_PAT_PLACEHOLDER },
	};
	size_t k, i;

	for (k = 0; k < sizeof(order) / sizeof(order[0]); k++)
		for (i = 0; i < r->nreasons; i++)
			if (strstr(r->reasons[i], order[k].phrase))
				return order[k].pattern;
	return EV_PAT_OTHER;
}

void ev_result_release(ev_result *r)
{
	size_t i;

	for (i = 0; i < r->nvalues; i++)
		qv_result_release(&r->values[i].r);
	pk_free(r->values);
	pk_free(r->cites);
	pk_free(r->hits);
	ev_derivs_release(&r->derivs);
	memset(r, 0, sizeof(*r));
}

/* The traceability credit of a value's verdict; -1: not checked. */
static double value_credit(int verdict, double partial)
{
	switch (verdict) {
	case QV_MATCH: return 1;
	case QV_APPROXIMATE:
	case QV_OUTDATED: return partial;
	case QV_MISMATCH:
	case QV_UNIT_MISMATCH: return 0;
	default: return -1; /* unknown: nothing to trace it to */
	}
}

static double ref_credit(const qr_result *r, double partial)
{
	switch (r->verdict) {
	case QR_VERIFIED: return 1;
	case QR_MISMATCH:
		/* the work is right; only where in it is off */
		return r->mismatched && !(r->mismatched & ~(unsigned)(QR_F_VOLUME | QR_F_ISSUE | QR_F_PAGES)) ? partial : 0;
	case QR_FABRICATED: return 0;
	default: return -1; /* unverifiable */
	}
}

/* Count one judged item. */
static void tally(ev_result *out, double credit)
{
	out->items++;
	if (credit < 0)
		return;
	out->checked++;
	out->share += credit; /* a sum until ev_audit divides */
	if (credit >= 1)
		out->exact++;
	else if (credit > 0)
		out->within++;
	else
		out->wrong++;
}

/* Does [start, end) (original offsets) lie inside one of out's citations
 * (a reference entry, an inline reference, an author-year marker, a DOI
 * or an arXiv id)? */
static int in_citation(const ev_result *out, size_t start, size_t end)
{
	size_t i;

	for (i = 0; i < out->ncites; i++)
		if (out->cites[i].c.start <= start && end <= out->cites[i].c.end)
			return 1;
	return 0;
}

/* The spans of out's reference entries (a list's, or a whole reference
 * in the prose) in the normalized text, by start: *skip (caller frees
 * with pk_free; NULL when none). */
static int entry_spans(const ev_result *out, size_t (**skip)[2], size_t *nskip)
{
	size_t i;

	*skip = NULL;
	*nskip = 0;
	if (out->ncites && !(*skip = pk_calloc(out->ncites, sizeof(**skip))))
		return pk_error_set(PK_ENOMEM, "out of memory");
	for (i = 0; i < out->ncites; i++)
		if (out->cites[i].c.kind == EV_CITE_ENTRY || out->cites[i].c.kind == EV_CITE_FULL) {
			(*skip)[*nskip][0] = out->cites[i].nstart;
			(*skip)[*nskip][1] = out->cites[i].nend;
			(*nskip)++;
		}
	return 0;
}

/* After check_cites: a number inside a citation is no cited value, and
 * one in a reference entry (skip: entry_spans') is not read at all. */
static int check_values(kg_txn *t, const pk_normtext *nt, const ev_opts *o, ev_result *out, double partial,
			const size_t (*skip)[2], size_t nskip)
{
	qv_mention *ms = NULL;
	size_t count = 0, i, max = o->max_values ? o->max_values : 500;
	int rc;

	/* a reference list's numbers (years, volumes, pages) are not read */
	if ((rc = query_value_mentions_skip(t, o->units, nt, skip, nskip, &ms, &count)) < 0)
		return rc;
	/* each item is made whole below before it counts (nvalues) */
	if (count && !(out->values = pk_malloc((count < max ? count : max) * sizeof(*out->values)))) {
		pk_free(ms);
		return pk_error_set(PK_ENOMEM, "out of memory");
	}
	for (i = 0; i < count && out->nvalues < max; i++) {
		ev_value_item *v = &out->values[out->nvalues];

		/* a number with a unit that names no quantity is no cited value;
		 * nor is one inside a citation, a citation's year or its pages:
		 * "Hoisington D (2003)" is not the mass of deuterium */
		if (!ms[i].phrase[0] || in_citation(out, ms[i].start, ms[i].end) ||
		    qv_mention_of_reference(nt, &ms[i]))
			continue;
		qv_result_init(&v->r);
		v->credit = -1;
		v->effect = 0;
		if ((rc = query_value_judge(t, o->units, nt, &ms[i], o->value_opts, &v->r)) < 0) {
			qv_result_release(&v->r);
			break;
		}
		if (v->r.variable) {
			/* "T = 300 K": a variable of the answer, not a cited constant */
			qv_result_release(&v->r);
			continue;
		}
		v->credit = value_credit(v->r.verdict, partial);
		tally(out, v->credit);
		out->nvalues++;
	}
	pk_free(ms);
	return rc < 0 ? rc : 0;
}

static int check_cites(kg_txn *t, const pk_normtext *nt, const ev_opts *o, ev_result *out, double partial)
{
	ev_cite *cs = NULL;
	size_t n = 0, i, k;
	int rc, limited = 0;
	/* the batch's parses, kept by its scratch; else this answer's own */
	qr_memo *shared = query_ref_scratch_memo(o->ref_opts ? o->ref_opts->scratch : NULL);
	qr_memo *own = shared ? NULL : query_ref_memo_new(); /* neither: each citation parsed twice */
	qr_memo *memo = shared ? shared : own;

	pk_error_clear();
	rc = ev_extract_citations_memo(nt->text.ptr, nt->text.len, memo, &cs, &n, &limited);
	if (rc < 0) {
		query_ref_memo_free(own);
		return rc;
	}
	out->limited |= limited;
	/* not zeroed (20 KB an item): each item's head is set below, and its
	 * parse and result are read only when ok */
	if (n && !(out->cites = pk_malloc(n * sizeof(*out->cites)))) {
		query_ref_memo_free(own);
		pk_free(cs);
		return pk_error_set(PK_ENOMEM, "out of memory");
	}
	for (i = 0; i < n; i++) {
		ev_cite_item *c = &out->cites[out->ncites++];

		c->ok = 0;
		c->error[0] = '\0';
		c->credit = -1;
		c->effect = 0;
		c->c = cs[i];
		c->nstart = cs[i].start;
		c->nend = cs[i].end;
		/* spans in the text the caller gave */
		c->c.start = pk_normtext_orig(nt, cs[i].start);
		c->c.end = pk_normtext_orig(nt, cs[i].end);
		for (k = 0; k < c->c.nat; k++) {
			c->c.at[k][0] = pk_normtext_orig(nt, cs[i].at[k][0]);
			c->c.at[k][1] = pk_normtext_orig(nt, cs[i].at[k][1]);
		}
		if ((rc = query_ref_parse_memo(memo, c->c.text, strlen(c->c.text), &c->p)) < 0) {
			snprintf(c->error, sizeof(c->error), "%s", pk_error_last());
			pk_error_clear();
			continue;
		}
		rc = query_ref_check(t, &c->p, o->ref_opts, &c->r);
		if (rc < 0) {
			if (rc == PK_ENOMEM) {
				query_ref_memo_free(own);
				pk_free(cs);
				return rc;
			}
			snprintf(c->error, sizeof(c->error), "%s", pk_error_last());
			pk_error_clear();
			continue;
		}
		c->ok = 1;
		c->credit = ref_credit(&c->r, partial);
		tally(out, c->credit);
		if (c->r.verdict == QR_FABRICATED) {
			out->fabricated++;
			out->patterns[ev_pattern_of(&c->r)]++;
		}
	}
	query_ref_memo_free(own);
	pk_free(cs);
	return 0;
}

int ev_audit(kg_txn *t, const char *text, size_t n, const ev_opts *o, ev_result *out)
{
	pk_normtext nt;
	int exact, within, cap, rc, limited = 0;
	double partial;
	size_t i, (*skip)[2] = NULL, nskip = 0;

	memset(out, 0, sizeof(*out));
	out->bytes = n;
	if (n == 0 || strspn(text, " \t\r\n") >= n)
		return pk_error_set(PK_EINVAL, "empty answer");
	if (n > EV_TEXT_MAX)
		return pk_error_set(PK_ELIMIT, "answer of %zu bytes (more than %zu)", n, EV_TEXT_MAX);
	if (memchr(text, '\0', n))
		return pk_error_set(PK_EINVAL, "NUL byte in the answer");
	if (!pk_utf8_valid(text, n))
		return pk_error_set(PK_EINVAL, "the answer is not valid UTF-8");
	if (o->rules) {
		ev_rules_traceability(o->rules, &exact, &within, &cap);
	} else {
		exact = 2;
		within = 1;
		cap = 10;
	}
	partial = exact > 0 ? (double)within / exact : 0.5;
	if (partial > 1)
		partial = 1;
	pk_normtext_init(&nt, EV_TEXT_MAX * 4);
	/* the reference entries' spans: the value scan and the rules pass over them */
	if ((rc = pk_normtext_set(&nt, text, n)) < 0 || (rc = check_cites(t, &nt, o, out, partial)) < 0 ||
	    (rc = entry_spans(out, &skip, &nskip)) < 0 ||
	    (rc = check_values(t, &nt, o, out, partial, (const size_t(*)[2])skip, nskip)) < 0)
		goto done;
	/* the derivations, on the text as written (LaTeX is not prose) */
	if (o->units && (rc = ev_derivations(t, o->units, text, n, &out->derivs)) < 0)
		goto done;
	/* the assertions: absolutes and appeals, backed or not (the values
	 * and citations above back them, so after them) */
	if (o->postrules) {
		ev_postcheck pc;

		if ((rc = ev_post_check(o->postrules, text, n, out, &pc)) < 0)
			goto done;
		out->post_checked = 1;
		out->assertions = pc.n;
		out->suspicious = pc.suspicious;
		out->backed = pc.backed;
		out->limited |= pc.limited;
		ev_postcheck_release(&pc);
	}
	/* the rules read the prose, not the reference list */
	if (o->rules && (rc = ev_rules_score_memo(o->rules, o->rules_memo, nt.text.ptr, nt.text.len,
						 (const size_t(*)[2])skip, nskip, out->scores, &out->hits, &out->nhits,
						 &limited)) < 0)
		goto done;
	out->limited |= limited;
	for (i = 0; i < out->nhits; i++) {
		out->hits[i].start = pk_normtext_orig(&nt, out->hits[i].start);
		out->hits[i].end = pk_normtext_orig(&nt, out->hits[i].end);
	}
	/* traceability: the share of credit over the checked items, and what
	 * each item short of full credit costs */
	if (out->checked) {
		out->share /= (double)out->checked;
		out->scores[EV_TRACEABILITY] = (int)floor(cap * out->share + 0.5 + 1e-9);
		for (i = 0; i < out->nvalues; i++)
			if (out->values[i].credit >= 0)
				out->values[i].effect = -cap * (1 - out->values[i].credit) / (double)out->checked;
		for (i = 0; i < out->ncites; i++)
			if (out->cites[i].credit >= 0)
				out->cites[i].effect = -cap * (1 - out->cites[i].credit) / (double)out->checked;
	}
done:
	pk_free(skip);
	pk_normtext_release(&nt);
	if (rc < 0)
		ev_result_release(out);
	return rc;
}
