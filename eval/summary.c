/* eval/summary.c - aggregates of audit records; see summary.h. */
#include "summary.h"

#include "../common/alloc.h"
#include "../common/error.h"

#include <cJSON.h>
#include <stdio.h>
#include <string.h>

int ev_pattern_index(const char *name)
{
	int p;

	for (p = 0; p < EV_NPATTERNS; p++)
		if (!strcmp(name, ev_pattern_name(p)))
			return p;
	return -1;
}

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

static void add_to(ev_model_sum *m, const cJSON *rec)
{
	const cJSON *scores = cJSON_GetObjectItemCaseSensitive(rec, "scores");
	const cJSON *tr = cJSON_GetObjectItemCaseSensitive(rec, "traceability");
	const cJSON *fab = cJSON_GetObjectItemCaseSensitive(rec, "fabricated");
	const cJSON *v, *pat;
	int s;

	if (cJSON_IsString(cJSON_GetObjectItemCaseSensitive(rec, "perturbation"))) {
		/* HELM's perturbed prediction: a robustness probe of an answer
		 * already counted, not another answer */
		m->perturbed++;
		return;
	}
	m->answers++;
	if (!scores) {
		m->errors++;
		return;
	}
	for (s = 0; s < EV_NSCORES; s++)
		if (cJSON_IsNumber(v = cJSON_GetObjectItemCaseSensitive(scores, ev_score_name(s))))
			ev_moments_add(&m->score[s], v->valuedouble);
	if (cJSON_IsNumber(v = cJSON_GetObjectItemCaseSensitive(tr, "fraction")))
		ev_moments_add(&m->traced, v->valuedouble);
	if (fab) {
		const cJSON *n = cJSON_GetObjectItemCaseSensitive(fab, "citations");
		const cJSON *k = cJSON_GetObjectItemCaseSensitive(fab, "fabricated");

		if (cJSON_IsNumber(n) && cJSON_IsNumber(k) && n->valuedouble >= k->valuedouble && k->valuedouble >= 0) {
			m->citations += (size_t)n->valuedouble;
			m->fabricated += (size_t)k->valuedouble;
			if (n->valuedouble > 0)
				ev_moments_add(&m->fab_rate, k->valuedouble / n->valuedouble);
		}
		cJSON_ArrayForEach(pat, cJSON_GetObjectItemCaseSensitive(fab, "patterns"))
		{
			int p = ev_pattern_index(pat->string ? pat->string : "");

			if (cJSON_IsNumber(pat) && pat->valuedouble > 0)
				m->patterns[p < 0 ? EV_PAT_OTHER : p] += (size_t)pat->valuedouble;
		}
	}
}

int ev_summary_add(ev_summary *s, const cJSON *rec)
{
	const cJSON *mo = cJSON_GetObjectItemCaseSensitive(rec, "model");
	ev_model_sum *m;

	if (!cJSON_IsObject(rec) ||
	    (!cJSON_GetObjectItemCaseSensitive(rec, "scores") && !cJSON_GetObjectItemCaseSensitive(rec, "error")))
		return pk_error_set(PK_EINVAL, "not a provkg check record (no \"scores\" or \"error\")");
	if (!(m = model(s, cJSON_IsString(mo) && *mo->valuestring ? mo->valuestring : "(unknown)")))
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
