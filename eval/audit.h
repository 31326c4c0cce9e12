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
 *   traceability   "exact" points (2) per value with verdict match or
 *                  reference verified, "within_tolerance" points (1) per
 *                  value approximate or outdated and per reference whose
 *                  only differences are volume, issue or pages; capped.
 *                  fraction traced = those items / all items.
 *   premise, uncertainty, falsifiability   eval/rules on the text.
 */
#ifndef EV_AUDIT_H
#define EV_AUDIT_H

#include "../query/ref.h"
#include "../query/value.h"
#include "extract.h"
#include "rules.h"

#define EV_TEXT_MAX ((size_t)16 << 20) /* an answer; longer is an error */

enum ev_pattern {
	EV_PAT_FABRICATED_DOI, EV_PAT_UNRELATED_DOI, EV_PAT_NO_MATCH, EV_PAT_CHIMERIC_AUTHORS,
	EV_PAT_CHIMERIC_TITLE, EV_PAT_FUTURE, EV_PAT_PLACEHOLDER, EV_PAT_OTHER, EV_NPATTERNS
};
/* "fabricated DOI", "DOI of an unrelated work", "no such work", ... */
const char *ev_pattern_name(int p);
/* The fabrication pattern of a fabricated verdict, from its reasons. */
int ev_pattern_of(const qr_result *r);

typedef struct ev_cite_item {
	ev_cite c;                /* spans already in original offsets */
	size_t nstart, nend;      /* the citation in the normalised text */
	qr_ref p;
	qr_result r;
	int ok;                   /* parsed and checked; else error says why */
	char error[160];
	int points;               /* traceability points earned */
} ev_cite_item;

typedef struct ev_value_item {
	qv_result r;              /* owns its reference */
	int points;
} ev_value_item;

typedef struct ev_result {
	ev_value_item *values;
	size_t nvalues;
	ev_cite_item *cites;
	size_t ncites;
	int scores[EV_NSCORES];
	size_t items, exact, within; /* traceability */
	ev_hit *hits;                /* rule hits, original offsets */
	size_t nhits;
	size_t fabricated;           /* citations called fabricated */
	size_t patterns[EV_NPATTERNS];
	int limited;                 /* a pattern hit its match limit */
	size_t bytes;
} ev_result;

typedef int (*ev_ref_verifier)(void *ctx, const char *text, const qr_ref *p, qr_result *r);

typedef struct ev_opts {
	const query_units *units;
	const qv_opts *value_opts;
	const qr_opts *ref_opts;      /* when verify is NULL */
	ev_ref_verifier verify;       /* NULL: query_ref_check in t */
	void *verify_ctx;
	const ev_rules *rules;        /* NULL: values and citations only (2 points
	                               * exact, 1 within tolerance), no rule scores */
	size_t max_values;            /* 0: 500 */
} ev_opts;

/* Audit text[0..n). PK_EINVAL (empty, invalid UTF-8, NUL) and PK_ELIMIT
 * (over EV_TEXT_MAX) are errors; everything else is in *out. Release with
 * ev_result_release. */
int ev_audit(kg_txn *t, const char *text, size_t n, const ev_opts *o, ev_result *out);
void ev_result_release(ev_result *r);

#endif
