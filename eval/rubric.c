/* eval/rubric.c - rubric scoring; see rubric.h. */
#include "rubric.h"

#include "../common/alloc.h"
#include "../common/error.h"
#include "../common/lines.h"
#include "../query/lookup.h"
#include "audit.h"

#include <cJSON.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- loading ------------------------------------------------------------------- */

static void rubric_release(ev_rubric *r)
{
	size_t i;

	for (i = 0; i < r->nc; i++) {
		pk_free(r->c[i].id);
		pk_free(r->c[i].text);
		pk_free(r->c[i].pattern);
		pk_re_free(r->c[i].re);
		pk_free(r->c[i].kg_quantity);
		pk_free(r->c[i].kg_doi);
	}
	pk_free(r->c);
	pk_free(r->task);
	for (i = 0; i < r->nsubs; i++) {
		pk_free(r->subs[i].id);
		pk_free(r->subs[i].title);
	}
	pk_free(r->subs);
}

void ev_rubrics_free(ev_rubrics *rs)
{
	size_t i;

	if (!rs)
		return;
	for (i = 0; i < rs->n; i++)
		rubric_release(&rs->r[i]);
	pk_free(rs->r);
	pk_free(rs);
}

/* An integer field in [lo, hi]: 0, or -1 when missing or not one. */
static int int_in(const cJSON *o, const char *k, int lo, int hi, int *out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);

	if (!cJSON_IsNumber(v) || v->valuedouble != floor(v->valuedouble) || v->valuedouble < lo || v->valuedouble > hi)
		return -1;
	*out = (int)v->valuedouble;
	return 0;
}

static const char *str_of(const cJSON *o, const char *k)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);

	return cJSON_IsString(v) ? v->valuestring : NULL;
}

/* One criterion: where names it for messages. */
static int load_criterion(ev_rubric *r, const cJSON *e, size_t level, int sub, const char *where)
{
	ev_criterion *c = &r->c[r->nc];
	const char *id = str_of(e, "id"), *text = str_of(e, "text"), *pat;
	const cJSON *kg;
	size_t i;

	if (!cJSON_IsObject(e))
		return pk_error_set(PK_EPARSE, "%s: not an object", where);
	if (!id || !*id)
		return pk_error_set(PK_EPARSE, "%s: \"id\" missing or empty", where);
	if (strlen(id) > 60)
		return pk_error_set(PK_EPARSE, "%s: id '%.20s...' longer than 60 bytes", where, id);
	for (i = 0; i < r->nc; i++)
		if (!strcmp(r->c[i].id, id))
			return pk_error_set(PK_EPARSE, "%s: duplicate id '%s' (also at level %zu)", where, id, r->c[i].level + 1);
	if (!text)
		return pk_error_set(PK_EPARSE, "%s ('%s'): \"text\" missing", where, id);
	if (int_in(e, "points", 1, 4, &c->points) < 0)
		return pk_error_set(PK_EPARSE, "%s ('%s'): \"points\" must be an integer from 1 to 4", where, id);
	c->level = level;
	c->sub = sub;
	if (!(c->id = pk_strdup(id)) || !(c->text = pk_strdup(text)))
		return pk_error_set(PK_ENOMEM, "out of memory");
	r->nc++; /* owned from here: released with the rubric */
	if (cJSON_GetObjectItemCaseSensitive(e, "pattern")) {
		if (!(pat = str_of(e, "pattern")) || !*pat)
			return pk_error_set(PK_EPARSE, "%s ('%s'): \"pattern\" must be a non-empty string", where, id);
		if (!(c->pattern = pk_strdup(pat)))
			return pk_error_set(PK_ENOMEM, "out of memory");
		if (!(c->re = pk_re_compile(pat, 0)))
			return pk_error_set(PK_EPARSE, "%s ('%s'): %s", where, id, pk_error_last());
		r->machine = 1;
	}
	if ((kg = cJSON_GetObjectItemCaseSensitive(e, "kg"))) {
		const char *q = str_of(kg, "quantity"), *doi = str_of(kg, "doi");

		if (c->pattern)
			return pk_error_set(PK_EPARSE, "%s ('%s'): a criterion has a \"pattern\" or a \"kg\" check, not both",
					    where, id);
		if (!cJSON_IsObject(kg) || (!q == !doi) || (q && !*q) || (doi && !*doi))
			return pk_error_set(PK_EPARSE, "%s ('%s'): \"kg\" must be {\"quantity\": NAME} or {\"doi\": DOI}",
					    where, id);
		if (doi && strncmp(doi, "10.", 3))
			return pk_error_set(PK_EPARSE, "%s ('%s'): kg.doi '%.60s' is not a DOI (10.xxxx/...)", where, id, doi);
		if ((q && !(c->kg_quantity = pk_strdup(q))) || (doi && !(c->kg_doi = pk_strdup(doi))))
			return pk_error_set(PK_ENOMEM, "out of memory");
		r->machine = r->needs_graph = 1;
	}
	if (sub >= 0)
		r->subs[sub].points += c->points;
	r->points += c->points;
	return 0;
}

static size_t count_criteria(const cJSON *levels)
{
	const cJSON *lv, *crits;
	size_t total = 0;

	cJSON_ArrayForEach(lv, levels)
	{
		crits = cJSON_GetObjectItemCaseSensitive(lv, "criteria");
		if (cJSON_IsArray(crits))
			total += (size_t)cJSON_GetArraySize(crits);
	}
	return total;
}

/* The levels of the task (sub -1) or of one sub-task: validated, their
 * criteria appended. *nlevels gets their count. */
static int load_levels(ev_rubric *r, const cJSON *levels, int sub, const char *at, size_t *nlevels)
{
	const cJSON *lv, *crits, *e;
	char where[600];
	size_t k = 0, j;
	int prev = 0, score;

	if (!cJSON_IsArray(levels) || !cJSON_GetArraySize(levels))
		return pk_error_set(PK_EPARSE, "%s: \"levels\" missing or empty", at);
	/* the scores first, so an unordered list is called unordered rather
	 * than missing a level */
	cJSON_ArrayForEach(lv, levels)
	{
		snprintf(where, sizeof(where), "%s: levels[%zu]", at, k);
		if (int_in(lv, "score", 1, EV_RUBRIC_MAX_LEVELS, &score) < 0)
			return pk_error_set(PK_EPARSE, "%s: \"score\" must be an integer from 1 to %d", where,
					    EV_RUBRIC_MAX_LEVELS);
		if (score == prev)
			return pk_error_set(PK_EPARSE, "%s: score %d appears twice", where, score);
		if (score < prev)
			return pk_error_set(PK_EPARSE, "%s: score %d after %d: levels must be in increasing order", where,
					    score, prev);
		prev = score;
		k++;
	}
	k = 0;
	prev = 0;
	cJSON_ArrayForEach(lv, levels)
	{
		snprintf(where, sizeof(where), "%s: levels[%zu]", at, k);
		score = (int)cJSON_GetObjectItemCaseSensitive(lv, "score")->valuedouble;
		if (score > prev + 1) {
			if (!prev)
				return pk_error_set(PK_EPARSE, "%s: score %d: level 1 is missing (levels start at 1)", where,
						    score);
			return score == prev + 2
				       ? pk_error_set(PK_EPARSE, "%s: score %d after %d: level %d is missing", where, score,
						      prev, prev + 1)
				       : pk_error_set(PK_EPARSE, "%s: score %d after %d: levels %d to %d are missing", where,
						      score, prev, prev + 1, score - 1);
		}
		crits = cJSON_GetObjectItemCaseSensitive(lv, "criteria");
		if (!cJSON_IsArray(crits) || !cJSON_GetArraySize(crits))
			return pk_error_set(PK_EPARSE, "%s (score %d): \"criteria\" missing or empty", where, score);
		j = 0;
		cJSON_ArrayForEach(e, crits)
		{
			char cw[700];
			int rc;

			snprintf(cw, sizeof(cw), "%s.criteria[%zu]", where, j++);
			if ((rc = load_criterion(r, e, k, sub, cw)) < 0)
				return rc;
		}
		prev = score;
		k++;
	}
	*nlevels = k;
	return 0;
}

static int load_rubric(ev_rubric *r, const cJSON *o, const char *at)
{
	const cJSON *levels, *subs, *sb;
	const char *task = str_of(o, "task");
	char where[512];
	size_t total = 0, k;
	int rc;

	if (!cJSON_IsObject(o))
		return pk_error_set(PK_EPARSE, "%s: not a rubric object", at);
	if (!task || !*task)
		return pk_error_set(PK_EPARSE, "%s: \"task\" missing or empty", at);
	if (!(r->task = pk_strdup(task)))
		return pk_error_set(PK_ENOMEM, "out of memory");
	levels = cJSON_GetObjectItemCaseSensitive(o, "levels");
	subs = cJSON_GetObjectItemCaseSensitive(o, "subtasks");
	if (subs && (!cJSON_IsArray(subs) || !cJSON_GetArraySize(subs)))
		return pk_error_set(PK_EPARSE, "%s (task '%s'): \"subtasks\" must be a non-empty array", at, task);
	if (subs && cJSON_GetArraySize(subs) > EV_RUBRIC_MAX_SUBTASKS)
		return pk_error_set(PK_EPARSE, "%s (task '%s'): more than %d sub-tasks", at, task, EV_RUBRIC_MAX_SUBTASKS);
	if (!subs && (!cJSON_IsArray(levels) || !cJSON_GetArraySize(levels)))
		return pk_error_set(PK_EPARSE, "%s (task '%s'): \"levels\" missing or empty", at, task);
	if (levels)
		total += count_criteria(levels);
	cJSON_ArrayForEach(sb, subs)
		total += count_criteria(cJSON_GetObjectItemCaseSensitive(sb, "levels"));
	if (!(r->c = pk_calloc(total ? total : 1, sizeof(*r->c))))
		return pk_error_set(PK_ENOMEM, "out of memory");
	if (subs && !(r->subs = pk_calloc((size_t)cJSON_GetArraySize(subs), sizeof(*r->subs))))
		return pk_error_set(PK_ENOMEM, "out of memory");
	if (levels) {
		snprintf(where, sizeof(where), "%.300s (task '%.80s')", at, task);
		if ((rc = load_levels(r, levels, -1, where, &r->nlevels)) < 0)
			return rc;
	}
	k = 0;
	cJSON_ArrayForEach(sb, subs)
	{
		const char *id = str_of(sb, "id"), *title = str_of(sb, "title");
		size_t j;

		snprintf(where, sizeof(where), "%.300s (task '%.80s'): subtasks[%zu]", at, task, k);
		if (!cJSON_IsObject(sb) || !id || !*id)
			return pk_error_set(PK_EPARSE, "%s: an object with an \"id\" expected", where);
		for (j = 0; j < r->nsubs; j++)
			if (!strcmp(r->subs[j].id, id))
				return pk_error_set(PK_EPARSE, "%s: duplicate sub-task id '%s'", where, id);
		if (!(r->subs[k].id = pk_strdup(id)) || (title && !(r->subs[k].title = pk_strdup(title))))
			return pk_error_set(PK_ENOMEM, "out of memory");
		r->nsubs = ++k;
		snprintf(where, sizeof(where), "%.300s (task '%.80s'): subtasks[%zu] ('%.40s')", at, task, k - 1, id);
		if ((rc = load_levels(r, cJSON_GetObjectItemCaseSensitive(sb, "levels"), (int)(k - 1), where,
				      &r->subs[k - 1].nlevels)) < 0)
			return rc;
	}
	return 0;
}

/* "line L, column C" of a byte offset */
static void line_col(const char *text, size_t off, size_t *line, size_t *col)
{
	size_t i;

	*line = 1;
	*col = 1;
	for (i = 0; i < off; i++) {
		if (text[i] == '\n') {
			(*line)++;
			*col = 1;
		} else {
			(*col)++;
		}
	}
}

int ev_rubrics_load(ev_rubrics **out, const char *path)
{
	ev_rubrics *rs = NULL;
	char *text = NULL, at[320];
	size_t n = 0, i, k, count;
	cJSON *doc = NULL;
	const cJSON *e;
	int rc, array;

	*out = NULL;
	if ((rc = pk_file_read(&text, &n, path, (size_t)16 << 20)) < 0)
		return rc;
	if (!(doc = cJSON_ParseWithLength(text, n))) {
		const char *ep = cJSON_GetErrorPtr();
		size_t line = 0, col = 0;

		if (ep && ep >= text && ep <= text + n)
			line_col(text, (size_t)(ep - text), &line, &col);
		rc = pk_error_set(PK_EPARSE, "%s:%zu:%zu: not valid JSON", path, line, col);
		goto done;
	}
	array = cJSON_IsArray(doc);
	count = array ? (size_t)cJSON_GetArraySize(doc) : 1;
	if ((!array && !cJSON_IsObject(doc)) || !count) {
		rc = pk_error_set(PK_EPARSE, "%s: expected a rubric object or a non-empty array of them", path);
		goto done;
	}
	if (!(rs = pk_calloc(1, sizeof(*rs))) || !(rs->r = pk_calloc(count, sizeof(*rs->r)))) {
		rc = pk_error_set(PK_ENOMEM, "out of memory");
		goto done;
	}
	i = 0;
	for (e = array ? doc->child : doc; e; e = array ? e->next : NULL) {
		if (array)
			snprintf(at, sizeof(at), "%.300s: [%zu]", path, i);
		else
			snprintf(at, sizeof(at), "%.300s", path);
		rs->n++;
		if ((rc = load_rubric(&rs->r[i], e, at)) < 0)
			goto done;
		for (k = 0; k < i; k++)
			if (!strcmp(rs->r[k].task, rs->r[i].task)) {
				rc = pk_error_set(PK_EPARSE, "%s: task '%s' has a rubric already ([%zu])", at, rs->r[i].task, k);
				goto done;
			}
		i++;
	}
	*out = rs;
	rs = NULL;
	rc = 0;
done:
	ev_rubrics_free(rs);
	cJSON_Delete(doc);
	pk_free(text);
	return rc;
}

long ev_rubrics_find(const ev_rubrics *rs, const char *task)
{
	size_t i;

	for (i = 0; i < rs->n; i++)
		if (!strcmp(rs->r[i].task, task))
			return (long)i;
	return -1;
}

long ev_rubric_criterion(const ev_rubric *r, const char *id)
{
	size_t i;

	for (i = 0; i < r->nc; i++)
		if (!strcmp(r->c[i].id, id))
			return (long)i;
	return -1;
}

/* ---- scores ------------------------------------------------------------------------ */

int ev_rubric_sub_e2e(const ev_rubric *r, int sub, const unsigned char *met)
{
	size_t i, level, nlevels = sub < 0 ? r->nlevels : r->subs[sub].nlevels;

	/* the highest level whose criteria and those below are all met */
	for (level = 0; level < nlevels; level++)
		for (i = 0; i < r->nc; i++)
			if (r->c[i].sub == sub && r->c[i].level == level && !met[i])
				return (int)level;
	return (int)nlevels;
}

int ev_rubric_e2e(const ev_rubric *r, const unsigned char *met)
{
	return ev_rubric_sub_e2e(r, -1, met);
}

double ev_rubric_sub_partial(const ev_rubric *r, int sub, const unsigned char *met)
{
	size_t i;
	int got = 0, all = 0;

	for (i = 0; i < r->nc; i++)
		if (sub < 0 || r->c[i].sub == sub) {
			got += met[i] ? r->c[i].points : 0;
			all += r->c[i].points;
		}
	return all ? 100.0 * got / all : NAN;
}

double ev_rubric_partial(const ev_rubric *r, const unsigned char *met)
{
	return ev_rubric_sub_partial(r, -1, met);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

double ev_median(double *v, size_t n)
{
	if (!n)
		return NAN;
	qsort(v, n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

double ev_kappa2(const size_t t[2][2])
{
	double n = (double)(t[0][0] + t[0][1] + t[1][0] + t[1][1]), po, pe;

	if (n == 0)
		return NAN;
	po = (double)(t[0][0] + t[1][1]) / n;
	pe = ((double)(t[0][0] + t[0][1]) * (double)(t[0][0] + t[1][0]) +
	      (double)(t[1][0] + t[1][1]) * (double)(t[0][1] + t[1][1])) /
	     (n * n);
	if (pe >= 1)
		return NAN;
	return (po - pe) / (1 - pe);
}

/* ---- gradings ----------------------------------------------------------------------- */

void ev_grade_release(ev_grade *g)
{
	pk_free(g->solution);
	pk_free(g->run);
	pk_free(g->met);
	memset(g, 0, sizeof(*g));
}

/* An id as JSON text: a string or a number. */
static char *id_text(const cJSON *v)
{
	char *raw, *copy;

	if (!cJSON_IsString(v) && !cJSON_IsNumber(v))
		return NULL;
	if (!(raw = cJSON_PrintUnformatted(v)))
		return NULL;
	copy = pk_strdup(raw);
	cJSON_free(raw);
	return copy;
}

int ev_grade_parse(ev_grade *g, const ev_rubrics *rs, const cJSON *rec, const char *where)
{
	const cJSON *crit, *e, *v;
	const char *task, *grader;
	const ev_rubric *r;
	long ri;
	size_t i;

	memset(g, 0, sizeof(*g));
	if (!cJSON_IsObject(rec))
		return pk_error_set(PK_EPARSE, "%s: not a JSON object", where);
	if (!(task = str_of(rec, "task")))
		return pk_error_set(PK_EPARSE, "%s: no \"task\"", where);
	if ((ri = ev_rubrics_find(rs, task)) < 0)
		return pk_error_set(PK_EPARSE, "%s: task '%.80s' has no rubric", where, task);
	g->rubric = (size_t)ri;
	r = &rs->r[ri];
	if (!(g->solution = id_text(cJSON_GetObjectItemCaseSensitive(rec, "solution"))))
		return pk_error_set(PK_EPARSE, "%s: \"solution\" must be a string or a number", where);
	if ((v = cJSON_GetObjectItemCaseSensitive(rec, "run")) && !cJSON_IsNull(v) && !(g->run = id_text(v)))
		return pk_error_set(PK_EPARSE, "%s: \"run\" must be a string or a number", where);
	grader = str_of(rec, "grader");
	if (grader && !strcmp(grader, "expert"))
		g->expert = 1;
	else if (grader && strcmp(grader, "auto"))
		return pk_error_set(PK_EPARSE, "%s: \"grader\" must be \"auto\" or \"expert\", not '%.40s'", where, grader);
	else if (!grader && cJSON_GetObjectItemCaseSensitive(rec, "grader"))
		return pk_error_set(PK_EPARSE, "%s: \"grader\" must be \"auto\" or \"expert\"", where);
	if ((v = cJSON_GetObjectItemCaseSensitive(rec, "hints"))) {
		if (!cJSON_IsNumber(v) || v->valuedouble < 0 || v->valuedouble != floor(v->valuedouble) || v->valuedouble > 1e6)
			return pk_error_set(PK_EPARSE, "%s: \"hints\" must be a count (0, 1, 2, ...)", where);
		g->has_hints = 1;
		g->hints = (long)v->valuedouble;
	}
	crit = cJSON_GetObjectItemCaseSensitive(rec, "criteria");
	if (!cJSON_IsObject(crit))
		return pk_error_set(PK_EPARSE, "%s: \"criteria\" must be an object {\"id\": true|false}", where);
	if (!(g->met = pk_calloc(r->nc ? r->nc : 1, 2)))
		return pk_error_set(PK_ENOMEM, "out of memory");
	/* met[0..nc): the verdicts; met[nc..2nc): mentioned */
	cJSON_ArrayForEach(e, crit)
	{
		long ci = ev_rubric_criterion(r, e->string);

		if (ci < 0) {
			if (!g->unknown++)
				snprintf(g->first_unknown, sizeof(g->first_unknown), "%s", e->string);
			continue;
		}
		if (!cJSON_IsBool(e))
			return pk_error_set(PK_EPARSE, "%s: criterion '%s' must be true or false", where, e->string);
		g->met[ci] = cJSON_IsTrue(e) ? 1 : 0;
		g->met[r->nc + (size_t)ci] = 1;
	}
	for (i = 0; i < r->nc; i++)
		if (!g->met[r->nc + i] && !g->missing++)
			snprintf(g->first_missing, sizeof(g->first_missing), "%s", r->c[i].id);
	return 0;
}

/* ---- the report ------------------------------------------------------------------------ */

void ev_rubric_report_release(ev_rubric_report *r)
{
	size_t i;

	for (i = 0; i < r->ns; i++) {
		ev_solution *s = &r->s[i];

		pk_free(s->e2e);
		pk_free(s->partial);
		pk_free(s->expert_e2e);
		pk_free(s->expert_met);
		pk_free(s->run_met);
		pk_free(s->run_id);
		pk_free(s->machine);
		pk_free(s->step_hints);
		pk_free(s->step_e2e);
		pk_free(s->sub_e2e_median);
		pk_free(s->sub_partial_median);
		pk_free(s->sub_likelihood);
	}
	pk_free(r->s);
	pk_free(r->t);
	pk_free(r->agree.crit);
	memset(r, 0, sizeof(*r));
}

/* (rubric, solution) -> index in the report's solutions: open addressing
 * over a table of at least twice the gradings, so lookups stay O(1). */
typedef struct sol_map {
	long *slot; /* -1 empty, else a solution index */
	size_t mask;
} sol_map;

static size_t sol_hash(size_t rubric, const char *solution)
{
	unsigned long long h = 0xcbf29ce484222325ull ^ rubric;

	for (; *solution; solution++)
		h = (h ^ (unsigned char)*solution) * 0x100000001b3ull;
	return (size_t)h;
}

/* The slot of (rubric, solution): holding its index, or -1 (empty) */
static long *sol_slot(const sol_map *m, const ev_rubric_report *r, size_t rubric, const char *solution)
{
	size_t k = sol_hash(rubric, solution) & m->mask;

	while (m->slot[k] >= 0 && (r->s[m->slot[k]].rubric != rubric || strcmp(r->s[m->slot[k]].solution, solution)))
		k = (k + 1) & m->mask;
	return &m->slot[k];
}

/* Make room to append to an array of n elements of size sz (> 0), doubling
 * at powers of two (the capacity is n there, so none is stored): 0 or
 * PK_ENOMEM. */
static int grow(void **p, size_t n, size_t sz)
{
	size_t cap = n;

	if (n & (n - 1)) /* room while n is not a power of two */
		return 0;
	return pk_grow_array(p, n + 1, &cap, sz, 1);
}

/* Add an auto or expert grading to its solution. */
static int add_grading(ev_rubric_report *rep, const ev_rubrics *rs, const ev_grade *g, sol_map *map, long *gs)
{
	const ev_rubric *r = &rs->r[g->rubric];
	long *slot = sol_slot(map, rep, g->rubric, g->solution), si = *slot;
	ev_solution *s;
	size_t k, at;
	int rc;

	if (si < 0) {
		if ((rc = grow((void **)&rep->s, rep->ns, sizeof(*rep->s))) < 0)
			return rc;
		si = *slot = (long)rep->ns++;
		memset(&rep->s[si], 0, sizeof(rep->s[si]));
		rep->s[si].rubric = g->rubric;
		rep->s[si].solution = g->solution;
		rep->s[si].e2e_median = rep->s[si].partial_median = rep->s[si].expert_median = NAN;
		rep->s[si].hints_to_top = -1;
	}
	s = &rep->s[si];
	*gs = si;
	if (g->hints)
		return 0; /* an attempt after hints: hint guidance only */
	if (g->expert) {
		if ((rc = grow((void **)&s->expert_e2e, s->experts, sizeof(int))) < 0 ||
		    (rc = grow((void **)&s->expert_met, s->experts, r->nc)) < 0)
			return rc;
		s->expert_e2e[s->experts] = ev_rubric_e2e(r, g->met);
		memcpy(s->expert_met + s->experts * r->nc, g->met, r->nc);
		s->experts++;
		rep->expert_gradings++;
		return 0;
	}
	rep->auto_gradings++;
	rep->missing += g->missing;
	s->missing += g->missing;
	/* the same run given again: the later grading replaces the earlier */
	at = s->runs;
	for (k = 0; g->run && k < s->runs; k++)
		if (s->run_id[k] && !strcmp(s->run_id[k], g->run)) {
			at = k;
			s->duplicates++;
			rep->duplicates++;
			break;
		}
	if (at == s->runs) {
		if ((rc = grow((void **)&s->e2e, s->runs, sizeof(int))) < 0 ||
		    (rc = grow((void **)&s->partial, s->runs, sizeof(double))) < 0 ||
		    (rc = grow((void **)&s->run_id, s->runs, sizeof(char *))) < 0 ||
		    (rc = grow((void **)&s->run_met, s->runs, r->nc)) < 0)
			return rc;
		s->runs++;
	}
	s->run_id[at] = g->run;
	s->e2e[at] = ev_rubric_e2e(r, g->met);
	s->partial[at] = ev_rubric_partial(r, g->met);
	memcpy(s->run_met + at * r->nc, g->met, r->nc);
	return 0;
}

/* Hint guidance. order[0..n): the auto gradings with "hints", sorted by
 * solution then hint count; each solution's run of them gives its steps:
 * the median e2e at each hint count, and the first count whose median
 * reaches the top level. */
typedef struct hint_ctx {
	const long *gs;
	const ev_grade *g;
} hint_ctx;

static int cmp_hint(const void *a, const void *b, void *vctx)
{
	const hint_ctx *c = vctx;
	const long *sort_gs = c->gs;
	const ev_grade *sort_g = c->g;
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	if (sort_gs[x] != sort_gs[y])
		return sort_gs[x] < sort_gs[y] ? -1 : 1;
	if (sort_g[x].hints != sort_g[y].hints)
		return sort_g[x].hints < sort_g[y].hints ? -1 : 1;
	return x < y ? -1 : x > y;
}

static int hint_steps(ev_rubric_report *rep, const ev_rubrics *rs, const ev_grade *g, size_t ng, const long *gs)
{
	size_t *order = NULL, n = 0, i = 0, j, k;
	double *v = NULL;
	int rc = 0;

	if (!(order = pk_calloc(ng + 1, sizeof(*order))) || !(v = pk_calloc(ng + 1, sizeof(*v)))) {
		rc = pk_error_set(PK_ENOMEM, "out of memory");
		goto done;
	}
	for (k = 0; k < ng; k++)
		if (!g[k].expert && g[k].has_hints)
			order[n++] = k;
	{
		hint_ctx hc = { gs, g };

		qsort_r(order, n, sizeof(*order), cmp_hint, &hc);
	}
	while (i < n) {
		ev_solution *s = &rep->s[gs[order[i]]];
		const ev_rubric *r = &rs->r[s->rubric];
		size_t nv = 0;

		for (j = i; j < n && gs[order[j]] == gs[order[i]] && g[order[j]].hints == g[order[i]].hints; j++)
			v[nv++] = ev_rubric_e2e(r, g[order[j]].met);
		if ((rc = grow((void **)&s->step_hints, s->steps, sizeof(long))) < 0 ||
		    (rc = grow((void **)&s->step_e2e, s->steps, sizeof(double))) < 0)
			goto done;
		s->step_hints[s->steps] = g[order[i]].hints;
		s->step_e2e[s->steps] = ev_median(v, nv);
		if (s->hints_to_top < 0 && s->step_e2e[s->steps] >= (double)r->nlevels)
			s->hints_to_top = s->step_hints[s->steps];
		s->steps++;
		i = j;
	}
done:
	pk_free(order);
	pk_free(v);
	return rc;
}

/* ---- machine-checkable criteria --------------------------------------------------------- */

static int verdict_ok(int v)
{
	return v == QV_MATCH || v == QV_APPROXIMATE;
}

/* provkg's verdict on criterion c of the text (audit: its values and
 * citations, NULL when the rubric has no kg check). */
static int machine_check(const ev_rubric *r, const ev_criterion *c, const char *text, size_t n, const ev_result *audit,
			 kg_txn *t, ev_machine *out)
{
	size_t i;
	pk_match m;

	out->met = 0;
	if (c->re) {
		int hit = pk_re_match(c->re, text, n, 0, &m);

		if (hit < 0)
			return hit;
		if (hit == 1) {
			size_t len = m.end[0] - m.start[0];

			out->met = 1;
			snprintf(out->why, sizeof(out->why), "the pattern matches \"%.*s%s\"", (int)(len > 80 ? 80 : len),
				 text + m.start[0], len > 80 ? "..." : "");
		} else {
			snprintf(out->why, sizeof(out->why), "%s",
				 pk_re_last_limited() ? "the pattern hit its match limit: not met" : "the pattern does not match");
		}
		return 0;
	}
	if (c->kg_quantity) {
		query_matches ms = { 0 };
		query_lookup_opts lo = { NULL, 0, 1 };
		const qv_result *wrong = NULL;
		int rc;

		if ((rc = query_lookup(t, c->kg_quantity, &lo, &ms)) < 0)
			return rc;
		if (!ms.n) {
			query_matches_release(&ms);
			return pk_error_set(PK_ENOTFOUND, "rubric for task '%s', criterion '%s': kg.quantity '%s' is not in the graph",
					    r->task, c->id, c->kg_quantity);
		}
		for (i = 0; i < audit->nvalues; i++) {
			const qv_result *q = &audit->values[i].r;

			if (!q->have_ref || strcmp(q->ref.quantity, ms.m[0].quantity) ||
			    !q->ref.entity != !ms.m[0].entity || (q->ref.entity && strcmp(q->ref.entity, ms.m[0].entity)))
				continue;
			if (verdict_ok(q->verdict)) {
				out->met = 1;
				snprintf(out->why, sizeof(out->why), "states %s = %.*s (%s; %s %s)", ms.m[0].name,
					 (int)(q->m.end - q->m.start > 60 ? 60 : q->m.end - q->m.start), text + q->m.start,
					 query_verdict_name(q->verdict), q->ref.source, q->ref.edition);
				break;
			}
			if (!wrong)
				wrong = q;
		}
		if (!out->met && wrong)
			snprintf(out->why, sizeof(out->why), "states %s wrongly: %.*s (%s)", ms.m[0].name,
				 (int)(wrong->m.end - wrong->m.start > 60 ? 60 : wrong->m.end - wrong->m.start),
				 text + wrong->m.start, query_verdict_name(wrong->verdict));
		else if (!out->met)
			snprintf(out->why, sizeof(out->why), "does not state %s", ms.m[0].name);
		query_matches_release(&ms);
		return 0;
	}
	if (c->kg_doi) {
		const ev_cite_item *seen = NULL;

		for (i = 0; i < audit->ncites; i++) {
			const ev_cite_item *x = &audit->cites[i];

			if (!x->ok || strcasecmp(x->r.match_doi, c->kg_doi))
				continue;
			if (x->r.verdict == QR_VERIFIED) {
				out->met = 1;
				snprintf(out->why, sizeof(out->why), "cites %s (verified)", c->kg_doi);
				return 0;
			}
			seen = x;
		}
		if (seen)
			snprintf(out->why, sizeof(out->why), "cites %s, but %s%s%.160s", c->kg_doi,
				 query_ref_verdict_name(seen->r.verdict), seen->r.nreasons ? ": " : "",
				 seen->r.nreasons ? seen->r.reasons[0] : "");
		else
			snprintf(out->why, sizeof(out->why), "does not cite %s", c->kg_doi);
	}
	return 0;
}

static int machine_solution(ev_rubric_report *rep, ev_solution *s, const ev_rubric *r, const ev_solution_text *x,
			    kg_txn *t, const query_units *u)
{
	ev_result audit;
	ev_opts o;
	size_t i, k;
	int rc = 0, have_audit = 0;

	s->have_text = 1;
	memset(&audit, 0, sizeof(audit));
	if (r->needs_graph) {
		if (!t || !u)
			return pk_error_set(PK_EINVAL, "task '%s': kg criteria need the graph", r->task);
		memset(&o, 0, sizeof(o));
		o.units = u;
		if ((rc = ev_audit(t, x->text, x->len, &o, &audit)) < 0) {
			if (rc != PK_EINVAL && rc != PK_ELIMIT)
				return rc;
			/* an empty or unreadable text states nothing */
			pk_error_clear();
			memset(&audit, 0, sizeof(audit));
		} else {
			have_audit = 1;
		}
	}
	if (!(s->machine = pk_calloc(r->nc, sizeof(*s->machine)))) {
		rc = pk_error_set(PK_ENOMEM, "out of memory");
		goto done;
	}
	for (i = 0; i < r->nc; i++) {
		ev_machine *m = &s->machine[s->nmachine];

		if (!r->c[i].re && !r->c[i].kg_quantity && !r->c[i].kg_doi)
			continue;
		m->criterion = i;
		if ((rc = machine_check(r, &r->c[i], x->text, x->len, &audit, t, m)) < 0)
			goto done;
		m->runs = s->runs;
		for (k = 0; k < s->runs; k++)
			m->runs_met += s->run_met[k * r->nc + i];
		/* against the grader's majority; a split grader is a disagreement too */
		m->disagree = s->runs && (2 * m->runs_met == m->runs || (m->met != (2 * m->runs_met > m->runs)));
		rep->machine_checks++;
		rep->machine_disagreements += (size_t)m->disagree;
		s->nmachine++;
	}
done:
	if (have_audit)
		ev_result_release(&audit);
	return rc;
}

/* ---- tasks and agreement ------------------------------------------------------------------ */

static int cmp_diff(const void *a, const void *b)
{
	const ev_crit_diff *x = a, *y = b;
	double rx = x->pairs ? (double)x->differ / (double)x->pairs : 0, ry = y->pairs ? (double)y->differ / (double)y->pairs : 0;

	if (rx != ry)
		return rx > ry ? -1 : 1;
	if (x->differ != y->differ)
		return x->differ > y->differ ? -1 : 1;
	if (x->rubric != y->rubric)
		return x->rubric < y->rubric ? -1 : 1;
	return x->criterion < y->criterion ? -1 : x->criterion > y->criterion;
}

static int agreement(ev_rubric_report *rep, const ev_rubrics *rs)
{
	ev_agreement *a = &rep->agree;
	size_t i, j, k, e, total = 0, nd = 0, *base, *runs, *experts;
	ev_crit_diff *d;

	for (i = 0; i < rs->n; i++)
		total += rs->r[i].nc;
	/* per rubric: where its criteria start in d, and the runs and expert
	 * gradings of its solutions graded both ways */
	d = pk_calloc(total ? total : 1, sizeof(*d));
	base = pk_calloc(3 * rs->n, sizeof(*base));
	if (!d || !base) {
		pk_free(d);
		pk_free(base);
		return pk_error_set(PK_ENOMEM, "out of memory");
	}
	runs = base + rs->n;
	experts = runs + rs->n;
	for (i = 0; i < rs->n; i++) {
		base[i] = nd;
		for (j = 0; j < rs->r[i].nc; j++) {
			d[nd].rubric = i;
			d[nd++].criterion = j;
		}
	}
	for (i = 0; i < rep->ns; i++) {
		const ev_solution *s = &rep->s[i];
		const ev_rubric *r = &rs->r[s->rubric];
		double diff;

		if (!s->runs || !s->experts)
			continue;
		a->solutions++;
		runs[s->rubric] += s->runs;
		experts[s->rubric] += s->experts;
		diff = fabs(s->e2e_median - s->expert_median);
		a->exact += diff == 0;
		a->within1 += diff <= 1;
		a->viability[s->viable ? 0 : 1][s->expert_median >= 5 ? 0 : 1]++;
		for (k = 0; k < s->runs; k++)
			for (e = 0; e < s->experts; e++) {
				int dd = abs(s->e2e[k] - s->expert_e2e[e]);

				a->pairs++;
				a->pairs_exact += dd == 0;
				a->pairs_within1 += dd <= 1;
			}
		for (j = 0; j < r->nc; j++) {
			ev_crit_diff *x = &d[base[s->rubric] + j];
			size_t am = 0, em = 0;

			for (k = 0; k < s->runs; k++)
				am += s->run_met[k * r->nc + j];
			for (e = 0; e < s->experts; e++)
				em += s->expert_met[e * r->nc + j];
			x->pairs += s->runs * s->experts;
			/* pairs that differ: met by the run and not by the expert, or the reverse */
			x->differ += am * (s->experts - em) + (s->runs - am) * em;
			x->auto_rate += (double)am; /* sums; turned into rates below */
			x->expert_rate += (double)em;
		}
	}
	a->kappa = ev_kappa2((const size_t(*)[2])a->viability);
	/* the rates over the solutions both graded */
	for (j = 0; j < nd; j++) {
		size_t nr = runs[d[j].rubric], ne = experts[d[j].rubric];

		d[j].auto_rate = nr ? d[j].auto_rate / (double)nr : NAN;
		d[j].expert_rate = ne ? d[j].expert_rate / (double)ne : NAN;
	}
	pk_free(base);
	qsort(d, nd, sizeof(*d), cmp_diff);
	for (a->ncrit = 0; a->ncrit < nd && d[a->ncrit].differ; a->ncrit++)
		;
	a->crit = d;
	return 0;
}

static int tasks(ev_rubric_report *rep, const ev_rubrics *rs)
{
	double *med = NULL, *pc = NULL;
	size_t i, k, n;
	int rc = 0;

	if (!(rep->t = pk_calloc(rs->n, sizeof(*rep->t))) || !(med = pk_calloc(rep->ns + 1, sizeof(*med))) ||
	    !(pc = pk_calloc(rep->ns + 1, sizeof(*pc)))) {
		rc = pk_error_set(PK_ENOMEM, "out of memory");
		goto done;
	}
	for (i = 0; i < rs->n; i++) {
		ev_task_sum *t = &rep->t[rep->nt];

		memset(t, 0, sizeof(*t));
		t->rubric = i;
		n = 0;
		for (k = 0; k < rep->ns; k++) {
			const ev_solution *s = &rep->s[k];
			size_t j;

			if (s->rubric != i || !s->runs)
				continue;
			med[n] = s->e2e_median;
			pc[n++] = s->partial_median;
			t->viable += (size_t)s->viable;
			for (j = 0; j < s->runs; j++)
				t->runs_at[s->e2e[j]]++;
		}
		if (!n)
			continue;
		t->solutions = n;
		t->viable_share = (double)t->viable / (double)n;
		t->e2e_median = ev_median(med, n);
		t->partial_median = ev_median(pc, n);
		rep->nt++;
	}
done:
	pk_free(med);
	pk_free(pc);
	return rc;
}

/* A solution's sub-tasks over its auto runs: each one's median e2e and
 * partial credit and its success likelihood (runs at its top level), the
 * product of the likelihoods, the share of runs solving all at once, and
 * the share at the task's own top level. v: scratch of runs doubles. */
static int subtask_stats(ev_solution *s, const ev_rubric *r, double *v)
{
	size_t k, j, top = 0;
	int rc = 0;

	s->product = s->joint = s->top_share = NAN;
	if (r->nlevels && s->runs) {
		for (k = 0; k < s->runs; k++)
			top += s->e2e[k] == (int)r->nlevels;
		s->top_share = (double)top / (double)s->runs;
	}
	if (!r->nsubs)
		return 0;
	if (!(s->sub_e2e_median = pk_calloc(r->nsubs, sizeof(double))) ||
	    !(s->sub_partial_median = pk_calloc(r->nsubs, sizeof(double))) ||
	    !(s->sub_likelihood = pk_calloc(r->nsubs, sizeof(double))))
		return pk_error_set(PK_ENOMEM, "out of memory");
	if (!s->runs) {
		for (j = 0; j < r->nsubs; j++)
			s->sub_e2e_median[j] = s->sub_partial_median[j] = s->sub_likelihood[j] = NAN;
		return rc;
	}
	s->product = 1;
	for (j = 0; j < r->nsubs; j++) {
		size_t solved = 0;

		for (k = 0; k < s->runs; k++) {
			v[k] = ev_rubric_sub_e2e(r, (int)j, s->run_met + k * r->nc);
			solved += v[k] == (double)r->subs[j].nlevels;
		}
		s->sub_e2e_median[j] = ev_median(v, s->runs);
		for (k = 0; k < s->runs; k++)
			v[k] = ev_rubric_sub_partial(r, (int)j, s->run_met + k * r->nc);
		s->sub_partial_median[j] = ev_median(v, s->runs);
		s->sub_likelihood[j] = (double)solved / (double)s->runs;
		s->product *= s->sub_likelihood[j];
	}
	for (k = 0, top = 0; k < s->runs; k++) {
		int all = 1;

		for (j = 0; j < r->nsubs && all; j++)
			all = ev_rubric_sub_e2e(r, (int)j, s->run_met + k * r->nc) == (int)r->subs[j].nlevels;
		top += all;
	}
	s->joint = (double)top / (double)s->runs;
	return rc;
}

int ev_rubric_report_make(ev_rubric_report *out, const ev_rubrics *rs, const ev_grade *g, size_t ng,
			  const ev_solution_text *texts, size_t ntexts, kg_txn *t, const query_units *u)
{
	size_t i, k, cap = 16;
	double *v = NULL;
	long *gs = NULL;
	sol_map map = { NULL, 0 };
	int rc = 0;

	memset(out, 0, sizeof(*out));
	out->agree.kappa = NAN;
	while (cap < 2 * ng)
		cap <<= 1;
	if (!(map.slot = pk_malloc(cap * sizeof(*map.slot))) || !(gs = pk_calloc(ng + 1, sizeof(*gs)))) {
		pk_free(map.slot);
		return pk_error_set(PK_ENOMEM, "out of memory");
	}
	map.mask = cap - 1;
	for (i = 0; i < cap; i++)
		map.slot[i] = -1;
	for (i = 0; i < ng && rc == 0; i++)
		rc = add_grading(out, rs, &g[i], &map, &gs[i]);
	if (rc == 0)
		rc = hint_steps(out, rs, g, ng, gs);
	for (i = 0; i < out->ns && rc == 0; i++) {
		ev_solution *s = &out->s[i];

		pk_free(v);
		if (!(v = pk_calloc(s->runs + s->experts + 1, sizeof(*v)))) {
			rc = pk_error_set(PK_ENOMEM, "out of memory");
			break;
		}
		for (k = 0; k < s->runs; k++)
			v[k] = s->e2e[k];
		s->e2e_median = ev_median(v, s->runs);
		for (k = 0; k < s->runs; k++)
			v[k] = s->partial[k];
		s->partial_median = ev_median(v, s->runs);
		s->viable = s->runs && s->e2e_median >= 5;
		for (k = 0; k < s->experts; k++)
			v[k] = s->expert_e2e[k];
		s->expert_median = ev_median(v, s->experts);
		if ((rc = subtask_stats(s, &rs->r[s->rubric], v)) < 0)
			break;
	}
	for (k = 0; k < ntexts && rc == 0; k++) {
		long si = *sol_slot(&map, out, texts[k].rubric, texts[k].solution);
		ev_solution *s = si >= 0 ? &out->s[si] : NULL;

		if (!s) {
			out->texts_ungraded++;
			continue;
		}
		if (s->have_text)
			continue; /* the first text of a solution counts */
		if (rs->r[s->rubric].machine)
			rc = machine_solution(out, s, &rs->r[s->rubric], &texts[k], t, u);
		else
			s->have_text = 1;
	}
	pk_free(v);
	pk_free(gs);
	pk_free(map.slot);
	if (rc == 0)
		rc = tasks(out, rs);
	if (rc == 0)
		rc = agreement(out, rs);
	if (rc < 0)
		ev_rubric_report_release(out);
	return rc;
}
