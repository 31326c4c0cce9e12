/* eval/audit.h - audit one model answer: every cited value and reference
 * with its verdict, the four credibility scores with the items behind each
 * point, and the fabricated references by pattern.
 *
 * The answer is normalised once (common/text: NFKC, zero-width characters
 * removed, minus and multiplication signs and superscripts unified); values
 * come from query/value (mentions that name a quantity), citations from
 * eval/extract, checked by query/refcheck or the caller's verifier (which
 * may ask the Crossref API). Spans are byte offsets in the text given.
 *
 * Scores, 0..10 each (caps from the rule file):
 *   traceability   a share of the checked items: each value or reference
 *                  with a decided verdict earns a credit, 1 for a value
 *                  that matches or a reference verified, within/exact of
 *                  the rule file (1/2) for a value approximate or outdated
 *                  and a reference off only in volume, issue or pages, 0
 *                  for a wrong value (mismatch, unit mismatch) or a wrong
 *                  or fabricated reference; score = round(cap x credits /
 *                  checked). Unknown values and unverifiable references
 *                  are not checked: they neither earn nor cost. Each item's
 *                  effect is what it costs the score, -cap x (1 - credit)
 *                  / checked, so wrong items always lower it and the
 *                  score falls as their share rises. No checked item: 0.
 *                  fraction = traced items (credit > 0) / all items.
 *   premise, uncertainty, falsifiability   eval/rules on the text.
 */
#ifndef EV_AUDIT_H
#define EV_AUDIT_H

#include "../query/ref.h"
#include "../query/value.h"
#include "derive.h"
#include "extract.h"
#include "rules.h"

#define EV_TEXT_MAX ((size_t)16 << 20) /* an answer; longer is an error */

enum ev_pattern {
	EV_PAT_FABRICATED_DOI, EV_PAT_UNRELATED_DOI, EV_PAT_NO_MATCH, EV_PAT_CHIMERIC_AUTHORS,
	EV_PAT_CHIMERIC_TITLE, EV_PAT_FUTURE, EV_PAT_PLACEHOLDER, EV_PAT_OTHER, EV_NPATTERNS
};
/* "fabricated DOI", "DOI of an unrelated work", "no such work", ... */
const char *ev_pattern_name(int p);
/* The index of a pattern name (ev_pattern_name), -1 if unknown. */
int ev_pattern_index(const char *name);
/* The fabrication pattern of a fabricated verdict, from its reasons. */
int ev_pattern_of(const qr_result *r);

typedef struct ev_cite_item {
	ev_cite c;                /* spans already in original offsets */
	size_t nstart, nend;      /* the citation in the normalised text */
	qr_ref p;
	qr_result r;
	int ok;                   /* parsed and checked; else error says why */
	char error[160];
	double credit;            /* traceability credit 0..1, or -1: not checked */
	double effect;            /* points it costs the score (<= 0); 0 if not checked */
} ev_cite_item;

typedef struct ev_value_item {
	qv_result r;              /* owns its reference */
	double credit, effect;    /* as for citations */
} ev_value_item;

typedef struct ev_result {
	ev_value_item *values;
	size_t nvalues;
	ev_cite_item *cites;
	size_t ncites;
	int scores[EV_NSCORES];
	size_t items, exact, within; /* traceability: items judged, full and partial credit */
	size_t checked, wrong;       /* items with a decided verdict; of them credit 0 */
	double share;                /* credits / checked (0 when none) */
	ev_hit *hits;                /* rule hits, original offsets */
	size_t nhits;
	size_t fabricated;           /* citations called fabricated */
	size_t patterns[EV_NPATTERNS];
	int limited;                 /* a pattern hit its match limit */
	size_t bytes;
	ev_derivs derivs;            /* the LaTeX equations (eval/derive), spans in the text given */
	int post_checked;            /* the post-check ran (ev_opts.postrules) */
	size_t assertions, suspicious, backed; /* its counts (eval/postcheck) */
} ev_result;

typedef struct ev_opts {
	const query_units *units;
	const qv_opts *value_opts;
	const qr_opts *ref_opts;      /* query_ref_check's, with its outside source if any; NULL: defaults */
	const ev_rules *rules;        /* NULL: values and citations only (2 points
	                               * exact, 1 within tolerance), no rule scores */
	size_t max_values;            /* 0: 500 */
	const struct ev_postrules *postrules; /* NULL: no post-check (eval/postcheck) */
	ev_rules_memo *rules_memo;    /* the calling thread's, for rules (NULL: none) */
} ev_opts;

/* Audit text[0..n). PK_EINVAL (empty, invalid UTF-8, NUL) and PK_ELIMIT
 * (over EV_TEXT_MAX) are errors; everything else is in *out. Release with
 * ev_result_release. */
int ev_audit(kg_txn *t, const char *text, size_t n, const ev_opts *o, ev_result *out);
void ev_result_release(ev_result *r);

#endif
