/* eval/summary.h - per-model aggregates of `provkg check` audit records:
 * the mean of each score with a 95% Student-t interval, the traced
 * fraction, and the fabricated-reference rate (pooled over citations, with
 * a Wilson 95% interval) broken down by fabrication pattern. Records with
 * an error count as errors only, HELM's perturbed predictions (a
 * "perturbation" member) as perturbed only. Models are kept in order of appearance;
 * a record without a model counts under "(unknown)". */
#ifndef EV_SUMMARY_H
#define EV_SUMMARY_H

#include "audit.h"
#include "record.h"
#include "stats.h"

typedef struct ev_model_sum {
	char name[128];
	size_t answers, errors;
	size_t perturbed;      /* HELM perturbed predictions: counted apart, not answers */
	ev_moments score[EV_NSCORES];
	ev_moments traced;     /* fraction traced, over answers with items */
	ev_moments fab_rate;   /* per-answer fabricated rate, over answers with citations */
	size_t citations, fabricated;
	size_t patterns[EV_NPATTERNS];
} ev_model_sum;

typedef struct ev_summary {
	ev_model_sum *m;
	size_t n, cap;
	ev_model_sum all;
} ev_summary;

/* Add one audit record (read by ev_record_read). 0 or PK_ENOMEM. */
int ev_summary_add(ev_summary *s, const ev_record *rec);
void ev_summary_release(ev_summary *s);

#endif
