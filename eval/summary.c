/* eval/summary.c - aggregates of audit records; see summary.h. */
#include "summary.h"

#include "../common/alloc.h"
#include "../common/error.h"

#include <stdio.h>
#include <string.h>

static ev_model_sum *model(ev_summary *s, const char *name)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (!strcmp(s->m[i].name, name))
			return &s->m[i];
	if (PK_ALLOC_GROW(s->m, s->n + 1, s->cap, 8) < 0)
		return NULL;
	memset(&s->m[s->n], 0, sizeof(s->m[0]));
	snprintf(s->m[s->n].name, sizeof(s->m[0].name), "%s", name);
	return &s->m[s->n++];
}

static void add_to(ev_model_sum *m, const ev_record *rec)
{
	int s, p;

	if (rec->perturbation) {
		/* HELM's perturbed prediction: a robustness probe of an answer
		 * already counted, not another answer */
		m->perturbed++;
		return;
	}
	m->answers++;
	if (!rec->checked) {
		m->errors++;
		return;
	}
	for (s = 0; s < EV_NSCORES; s++)
		if (rec->have_score[s])
			ev_moments_add(&m->score[s], rec->score[s]);
	if (rec->have_traced)
		ev_moments_add(&m->traced, rec->traced);
	if (rec->have_fab) {
		m->citations += (size_t)rec->citations;
		m->fabricated += (size_t)rec->fabricated;
		if (rec->citations > 0)
			ev_moments_add(&m->fab_rate, rec->fabricated / rec->citations);
	}
	for (p = 0; p < EV_NPATTERNS; p++)
		m->patterns[p] += rec->patterns[p];
}

int ev_summary_add(ev_summary *s, const ev_record *rec)
{
	ev_model_sum *m;

	if (!(m = model(s, rec->model ? rec->model : "(unknown)")))
		return pk_error_set(PK_ENOMEM, "out of memory");
	add_to(m, rec);
	if (!s->all.name[0])
		snprintf(s->all.name, sizeof(s->all.name), "(all)");
	add_to(&s->all, rec);
	return 0;
}

void ev_summary_release(ev_summary *s)
{
	pk_free(s->m);
	memset(s, 0, sizeof(*s));
}
