/* eval/record.c - the JSON records provkg writes and reads: check's audit
 * record (written here, read back here for summarize and report), and the
 * value, reference and match results inside it, which check-value,
 * check-ref and lookup print alone. See record.h. */
#include "record.h"

#include "../common/error.h"
#include "../common/text.h"
#include "../kg/graph.h"
#include "../query/lookup.h"
#include "../query/material.h"
#include "../query/units.h"
#include "derive.h"
#include "stats.h"

#include <cJSON.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* the fields of a reference, in the order of the QR_F_* bits */
static const char *const field_names[] = { "authors", "title", "year", "venue", "volume", "issue", "pages", "doi", "version", "identifier" };

const char *ev_record_field_name(size_t i)
{
	return i < sizeof(field_names) / sizeof(field_names[0]) ? field_names[i] : NULL;
}

void ev_record_value_json(pk_json *w, const qv_result *r, int with_spans)
{
	const qv_mention *m = &r->m;

	pk_json_key(w, "quantity");
	if (r->quantity[0])
		pk_json_str(w, r->quantity);
	else
		pk_json_null(w);
	pk_json_key(w, "cited");
	if (r->have_mention) {
		pk_json_obj(w);
		pk_json_knum(w, "value", m->num.value);
		pk_json_kstr(w, "text", m->num.text);
		pk_json_kstr(w, "unit", m->unit_text);
		pk_json_key(w, "si_value");
		pk_json_num(w, r->cited_si);
		pk_json_kint(w, "sig_digits", m->num.sig_digits);
		if (m->num.approx)
			pk_json_kbool(w, "approximate", 1);
		if (m->num.has_unc)
			pk_json_knum(w, "uncertainty", m->num.unc);
		if (m->num.is_range) {
			pk_json_key(w, "range");
			pk_json_arr(w);
			pk_json_num(w, m->num.lo);
			pk_json_num(w, m->num.hi);
			pk_json_end_arr(w);
		}
		if (m->num.ambiguous_comma)
			pk_json_kbool(w, "ambiguous_comma", 1);
		if (m->num.flat_power)
			pk_json_kbool(w, "power_or_product", 1);
		if (m->phrase[0])
			pk_json_kstr(w, "named_by", m->phrase);
		pk_json_end_obj(w);
	} else {
		pk_json_null(w);
	}
	pk_json_key(w, "reference");
	if (r->have_ref)
		ev_record_match_json(w, &r->ref);
	else
		pk_json_null(w);
	pk_json_kstr(w, "verdict", query_verdict_name(r->verdict));
	pk_json_key(w, "relative_error");
	pk_json_num(w, r->relative_error); /* NAN prints null */
	pk_json_key(w, "diagnosis");
	if (r->diagnosis[0])
		pk_json_str(w, r->diagnosis);
	else
		pk_json_null(w);
	pk_json_key(w, "reasons");
	query_value_reasons_json(w, r);
	if (r->variable)
		pk_json_kbool(w, "variable", 1);
	if (r->equivalence[0])
		pk_json_kstr(w, "equivalence", r->equivalence);
	if (r->matched_edition[0])
		pk_json_kstr(w, "matched_edition", r->matched_edition);
	if (r->computed) {
		size_t i;

		pk_json_kbool(w, "computed", 1);
		pk_json_knum(w, "tolerance", r->tolerance);
		if (r->selected_by[0])
			pk_json_kstr(w, "selected_by", r->selected_by);
		if (r->ncandidates > 1) {
			pk_json_key(w, "candidates");
			pk_json_arr(w);
			for (i = 0; i < r->ncandidates; i++)
				pk_json_str(w, r->candidates[i]);
			pk_json_end_arr(w);
		}
	}
	if (with_spans && r->have_mention) {
		pk_json_key(w, "span");
		pk_json_arr(w);
		pk_json_int(w, (long long)m->start);
		pk_json_int(w, (long long)m->end);
		pk_json_end_arr(w);
		if (m->qend > m->qstart) {
			pk_json_key(w, "quantity_span");
			pk_json_arr(w);
			pk_json_int(w, (long long)m->qstart);
			pk_json_int(w, (long long)m->qend);
			pk_json_end_arr(w);
		}
	}
}

void ev_record_match_json(pk_json *w, const query_match *m)
{
	pk_json_obj(w);
	pk_json_kstr(w, "name", m->name);
	pk_json_kstr(w, "symbol", m->symbol);
	pk_json_key(w, "value");
	if ((m->flags & KG_V_TEXT) && m->rank && m->value_text &&
	    (!strcmp(m->value_text, "true") || !strcmp(m->value_text, "false")))
		pk_json_bool(w, !strcmp(m->value_text, "true")); /* a material's flag */
	else if (m->flags & KG_V_TEXT)
		pk_json_null(w);
	else
		pk_json_num(w, m->value);
	pk_json_kstr(w, "value_text", m->value_text ? m->value_text : "");
	pk_json_key(w, "uncertainty");
	if (m->flags & KG_V_NOUNC)
		pk_json_null(w);
	else
		pk_json_num(w, (m->flags & KG_V_EXACT) ? 0.0 : m->uncertainty);
	pk_json_kbool(w, "exact", (m->flags & KG_V_EXACT) != 0);
	pk_json_kbool(w, "truncated", (m->flags & KG_V_TRUNCATED) != 0);
	pk_json_kstr(w, "unit", m->unit ? m->unit : "");
	pk_json_kstr(w, "source", m->source);
	pk_json_kstr(w, "edition", m->edition);
	pk_json_kstr(w, "locator", m->locator ? m->locator : "");
	if (m->unc_text && m->unc_text[0])
		pk_json_kstr(w, "uncertainty_text", m->unc_text);
	pk_json_kstr(w, "quantity", m->quantity);
	if (m->entity)
		pk_json_kstr(w, "entity", m->entity);
	if (m->flags & KG_V_ESTIMATED)
		pk_json_kbool(w, "estimated", 1);
	if (m->flags & KG_V_INTERVAL) {
		pk_json_key(w, "interval");
		pk_json_arr(w);
		pk_json_num(w, m->lo);
		pk_json_num(w, m->hi);
		pk_json_end_arr(w);
	}
	if (m->flags & KG_V_MASSNUM)
		pk_json_kbool(w, "mass_number_of_most_stable_isotope", 1);
	if (m->flags & KG_V_COMPUTED)
		pk_json_kbool(w, "computed", 1);
	if (m->method)
		pk_json_kstr(w, "method", m->method);
	if (m->group)
		pk_json_kstr(w, "space_group", m->group);
	if (m->rank)
		pk_json_kint(w, "stability_rank", m->rank);
	if (m->note)
		pk_json_kstr(w, "note", m->note);
	pk_json_end_obj(w);
}

void ev_record_ref_json(pk_json *w, const char *input, const qr_ref *p, const qr_result *r)
{
	size_t i;

	if (input)
		pk_json_kstr(w, "input", input);
	pk_json_key(w, "parsed");
	pk_json_obj(w);
	pk_json_key(w, "authors");
	pk_json_arr(w);
	for (i = 0; i < p->nauthors; i++) {
		char one[140];

		if (p->authors[i].given[0])
		{
			const char *const parts[] = { p->authors[i].family, ", ", p->authors[i].given };

			pk_str_cat(one, sizeof(one), parts, 3);
		}
		else
			pk_str_copy(one, sizeof(one), p->authors[i].family);
		pk_json_str(w, one);
	}
	if (p->et_al)
		pk_json_str(w, "et al.");
	pk_json_end_arr(w);
	pk_json_key(w, "year");
	if (p->year)
		pk_json_int(w, p->year);
	else
		pk_json_null(w);
#define FIELD(name, v) pk_json_key(w, name); if ((v)[0]) pk_json_str(w, v); else pk_json_null(w)
	FIELD("title", p->title);
	FIELD("venue", p->venue);
	FIELD("volume", p->volume);
	FIELD("issue", p->issue);
	FIELD("pages", p->pages);
	FIELD("doi", p->doi);
	if (p->arxiv[0])
		pk_json_kstr(w, "arxiv", p->arxiv);
	if (p->pmid[0])
		pk_json_kstr(w, "pmid", p->pmid);
	if (p->pmcid[0])
		pk_json_kstr(w, "pmcid", p->pmcid);
	if (p->openalex[0])
		pk_json_kstr(w, "openalex", p->openalex);
	if (p->dblp[0])
		pk_json_kstr(w, "dblp", p->dblp);
	if (p->other_id[0])
		pk_json_kstr(w, "other_id", p->other_id);
	if (p->url[0])
		pk_json_kstr(w, "url", p->url);
	pk_json_kstr(w, "style", p->style);
	pk_json_end_obj(w);
	pk_json_kstr(w, "verdict", query_ref_verdict_name(r->verdict));
	pk_json_key(w, "match");
	if (r->have_match) {
		pk_json_obj(w);
		pk_json_key(w, "doi");
		if (r->match_doi[0])
			pk_json_str(w, r->match_doi);
		else
			pk_json_null(w);
		pk_json_kstr(w, "title", r->match_title);
		pk_json_key(w, "year");
		if (r->match_year)
			pk_json_int(w, r->match_year);
		else
			pk_json_null(w);
		pk_json_kstr(w, "venue", r->match_venue);
		pk_json_knum(w, "score", (double)(long)(r->score * 1000 + 0.5) / 1000);
		if (r->match_type[0])
			pk_json_kstr(w, "type", r->match_type);
		if (r->retracted)
			pk_json_kbool(w, "retracted", 1);
		/* records of other databases: which, under what key, and every
		 * record that agrees */
		if (strcmp(r->match_db, "Crossref") || r->nsources > 1) {
			pk_json_kstr(w, "db", r->match_db);
			pk_json_kstr(w, "id", r->match_id);
			if (r->match_versions)
				pk_json_kint(w, "versions", (long long)r->match_versions);
			pk_json_key(w, "sources");
			pk_json_arr(w);
			for (i = 0; i < r->nsources; i++)
				pk_json_str(w, r->sources[i]);
			pk_json_end_arr(w);
		}
		pk_json_end_obj(w);
	} else {
		pk_json_null(w);
	}
#undef FIELD
	pk_json_key(w, "mismatched_fields");
	pk_json_arr(w);
	for (i = 0; i < sizeof(field_names) / sizeof(field_names[0]); i++)
		if (r->mismatched & (1u << i))
			pk_json_str(w, field_names[i]);
	pk_json_end_arr(w);
	pk_json_key(w, "reasons");
	pk_json_arr(w);
	for (i = 0; i < r->nreasons; i++)
		pk_json_str(w, r->reasons[i]);
	pk_json_end_arr(w);
	if (r->nretrieved) {
		pk_json_key(w, "retrieved");
		pk_json_arr(w);
		for (i = 0; i < r->nretrieved; i++) {
			pk_json_obj(w);
			pk_json_kstr(w, "doi", r->retrieved[i].doi);
			pk_json_knum(w, "score", (double)(long)(r->retrieved[i].score * 1000 + 0.5) / 1000);
			pk_json_end_obj(w);
		}
		pk_json_end_arr(w);
	}
}

/* ---- the audit record ------------------------------------------------- */

/* (inlined, so that pk_json_key sees each caller's literal key) */
static inline __attribute__((always_inline)) void span(pk_json *w, const char *key, size_t a, size_t b)
{
	pk_json_key(w, key);
	pk_json_arr(w);
	pk_json_int(w, (long long)a);
	pk_json_int(w, (long long)b);
	pk_json_end_arr(w);
}

/* An item's traceability credit and effect: null credit when not checked. */
static void credit_json(pk_json *w, double credit, double effect)
{
	pk_json_key(w, "credit");
	if (credit < 0)
		pk_json_null(w);
	else
		pk_json_num(w, credit);
	pk_json_key(w, "effect");
	pk_json_num(w, (double)llround(effect * 100) / 100 + 0.0);
}

/* The sentence an item came from, for a reader of the record or report. */
static void sentence_json(pk_json *w, const char *text, size_t n, size_t start, size_t end)
{
	size_t a, b;

	ev_sentence_of(text, n, start, end, &a, &b);
	pk_json_key(w, "sentence");
	pk_json_strn(w, text + a, b - a);
}

/* what printf's "%s" writes of s (glibc) */
static const char *or_null(const char *s)
{
	return s ? s : "(null)";
}

/* "values[3]": snprintf(out, n, "%s%zu]", list, i) without printf */
static void item_name(char *out, size_t n, const char *list, size_t i)
{
	char num[21];
	const char *part[3] = { list, num, "]" };

	pk_str_int(num, (long long)i);
	pk_str_cat(out, n, part, 3);
}

static void write_audit(pk_json *w, const ev_result *r, const char *text, size_t n)
{
	char item[32];
	size_t i;

	pk_json_key(w, "audit");
	pk_json_arr(w);
	for (i = 0; i < r->nvalues; i++) {
		const qv_result *q = &r->values[i].r;
		char why[400];

		const char *part[] = { query_verdict_name(q->verdict), ": ", q->quantity[0] ? q->quantity : q->m.phrase,
				       q->have_ref ? " (" : "", q->have_ref ? or_null(q->ref.source) : "", q->have_ref ? " " : "",
				       q->have_ref ? or_null(q->ref.edition) : "", q->have_ref ? ")" : "" };

		pk_str_cat(why, sizeof(why), part, sizeof(part) / sizeof(part[0]));
		pk_json_obj(w);
		pk_json_kstr(w, "score", "traceability");
		item_name(item, sizeof(item), "values[", i);
		pk_json_kstr(w, "item", item);
		credit_json(w, r->values[i].credit, r->values[i].effect);
		span(w, "span", q->m.start, q->m.end);
		pk_json_kstr(w, "why", why);
		pk_json_end_obj(w);
	}
	for (i = 0; i < r->ncites; i++) {
		const ev_cite_item *c = &r->cites[i];
		char why[560];
		const char *ok[] = { query_ref_verdict_name(c->r.verdict), c->r.nreasons ? ": " : "",
				     c->r.nreasons ? c->r.reasons[0] : "" };
		const char *unchecked[] = { "not checked: ", c->error };

		if (c->ok)
			pk_str_cat(why, sizeof(why), ok, 3);
		else
			pk_str_cat(why, sizeof(why), unchecked, 2);
		pk_json_obj(w);
		pk_json_kstr(w, "score", "traceability");
		item_name(item, sizeof(item), "citations[", i);
		pk_json_kstr(w, "item", item);
		credit_json(w, c->ok ? c->credit : -1, c->effect);
		span(w, "span", c->c.start, c->c.end);
		pk_json_kstr(w, "why", why);
		pk_json_end_obj(w);
	}
	for (i = 0; i < r->nhits; i++) {
		const ev_hit *h = &r->hits[i];
		size_t a = h->start < n ? h->start : n, b = h->end < n ? h->end : n;

		pk_json_obj(w);
		pk_json_kstr(w, "score", ev_score_name(h->score));
		pk_json_kstr(w, "rule", h->rule);
		pk_json_kint(w, "points", h->points);
		span(w, "span", a, b);
		pk_json_key(w, "excerpt");
		pk_json_strn(w, text + a, b - a > 200 ? 200 : b - a);
		pk_json_kstr(w, "why", h->explain);
		pk_json_end_obj(w);
	}
	pk_json_end_arr(w);
}

void ev_record_audit_json(pk_json *w, const ev_result *r, const char *text, size_t n)
{
	size_t i, k;
	int s;

	pk_json_key(w, "values");
	pk_json_arr(w);
	for (i = 0; i < r->nvalues; i++) {
		pk_json_obj(w);
		ev_record_value_json(w, &r->values[i].r, 1);
		credit_json(w, r->values[i].credit, r->values[i].effect);
		sentence_json(w, text, n, r->values[i].r.m.start, r->values[i].r.m.end);
		pk_json_end_obj(w);
	}
	pk_json_end_arr(w);
	pk_json_key(w, "citations");
	pk_json_arr(w);
	for (i = 0; i < r->ncites; i++) {
		const ev_cite_item *c = &r->cites[i];

		pk_json_obj(w);
		pk_json_kstr(w, "kind", ev_cite_kind_name(c->c.kind));
		if (c->c.label[0])
			pk_json_kstr(w, "label", c->c.label);
		span(w, "span", c->c.start, c->c.end);
		pk_json_key(w, "cited_at");
		pk_json_arr(w);
		for (k = 0; k < c->c.nat; k++) {
			pk_json_arr(w);
			pk_json_int(w, (long long)c->c.at[k][0]);
			pk_json_int(w, (long long)c->c.at[k][1]);
			pk_json_end_arr(w);
		}
		pk_json_end_arr(w);
		if (c->ok) {
			ev_record_ref_json(w, c->c.text, &c->p, &c->r);
			if (c->r.verdict == QR_FABRICATED)
				pk_json_kstr(w, "pattern", ev_pattern_name(ev_pattern_of(&c->r)));
		} else {
			pk_json_kstr(w, "input", c->c.text);
			pk_json_kstr(w, "error", c->error);
		}
		credit_json(w, c->ok ? c->credit : -1, c->effect);
		/* a list entry: the sentence that cites it; else its own */
		if (c->c.nat && c->c.kind == EV_CITE_ENTRY)
			sentence_json(w, text, n, c->c.at[0][0], c->c.at[0][1]);
		else
			sentence_json(w, text, n, c->c.start, c->c.end);
		pk_json_end_obj(w);
	}
	pk_json_end_arr(w);
	pk_json_key(w, "scores");
	pk_json_obj(w);
	for (s = 0; s < EV_NSCORES; s++)
		pk_json_kint(w, ev_score_name(s), r->scores[s]);
	pk_json_end_obj(w);
	pk_json_key(w, "traceability");
	pk_json_obj(w);
	pk_json_kint(w, "items", (long long)r->items);
	pk_json_kint(w, "checked", (long long)r->checked);
	pk_json_kint(w, "exact", (long long)r->exact);
	pk_json_kint(w, "within_tolerance", (long long)r->within);
	pk_json_kint(w, "wrong", (long long)r->wrong);
	pk_json_key(w, "share");
	if (r->checked)
		pk_json_num(w, (double)llround(r->share * 10000) / 10000);
	else
		pk_json_null(w);
	pk_json_key(w, "fraction");
	if (r->items)
		pk_json_num(w, (double)(r->exact + r->within) / (double)r->items);
	else
		pk_json_null(w);
	pk_json_end_obj(w);
	pk_json_key(w, "fabricated");
	pk_json_obj(w);
	pk_json_kint(w, "citations", (long long)r->ncites);
	pk_json_kint(w, "fabricated", (long long)r->fabricated);
	pk_json_key(w, "rate");
	if (r->ncites)
		pk_json_num(w, (double)r->fabricated / (double)r->ncites);
	else
		pk_json_null(w);
	pk_json_key(w, "wilson95");
	if (r->ncites) {
		double lo, hi;

		ev_wilson(r->fabricated, r->ncites, EV_Z95, &lo, &hi);
		pk_json_arr(w);
		pk_json_num(w, (double)llround(lo * 10000) / 10000);
		pk_json_num(w, (double)llround(hi * 10000) / 10000);
		pk_json_end_arr(w);
	} else {
		pk_json_null(w);
	}
	pk_json_key(w, "patterns");
	pk_json_obj(w);
	for (s = 0; s < EV_NPATTERNS; s++)
		if (r->patterns[s])
			pk_json_kint(w, ev_pattern_name(s), (long long)r->patterns[s]);
	pk_json_end_obj(w);
	pk_json_end_obj(w);
	if (r->derivs.n) {
		pk_json_key(w, "derivations");
		ev_derivs_write(w, &r->derivs);
	}
	if (r->post_checked) {
		pk_json_key(w, "post_check");
		pk_json_obj(w);
		pk_json_kint(w, "assertions", (long long)r->assertions);
		pk_json_kint(w, "suspicious", (long long)r->suspicious);
		pk_json_kint(w, "backed", (long long)r->backed);
		pk_json_end_obj(w);
	}
	write_audit(w, r, text, n);
	if (r->limited)
		pk_json_kbool(w, "limited", 1);
	pk_json_kint(w, "bytes", (long long)r->bytes);
}


void ev_record_head(pk_json *w, const ev_answer *a)
{
	pk_json_obj(w);
	pk_json_kraw(w, "id", a->id_json);
	pk_json_key(w, "model");
	if (a->model)
		pk_json_str(w, a->model);
	else
		pk_json_null(w);
	pk_json_kstr(w, "where", a->where);
	if (a->epoch)
		pk_json_kint(w, "epoch", a->epoch);
	if (a->perturbation)
		pk_json_kstr(w, "perturbation", a->perturbation);
	pk_json_kint(w, "record_version", EV_RECORD_VERSION);
}

/* ---- reading ---------------------------------------------------------- */

const char *ev_record_str(const cJSON *obj, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);

	return cJSON_IsString(v) ? v->valuestring : "";
}

int ev_record_read(const cJSON *rec, ev_record *out)
{
	const cJSON *scores, *tr, *fab, *v, *pat, *ver;
	int s;

	memset(out, 0, sizeof(*out));
	out->where = "";
	scores = cJSON_GetObjectItemCaseSensitive(rec, "scores");
	if (!cJSON_IsObject(rec) || (!scores && !cJSON_GetObjectItemCaseSensitive(rec, "error")))
		return pk_error_set(PK_EINVAL, "not a provkg check record (no \"scores\" or \"error\")");
	ver = cJSON_GetObjectItemCaseSensitive(rec, "record_version");
	if (!ver)
		return pk_error_set(PK_ESCHEMA, "an audit record without \"record_version\" (written by an older "
				    "provkg); this provkg reads version %d: run provkg check on the answers again",
				    EV_RECORD_VERSION);
	if (!cJSON_IsNumber(ver) || ver->valuedouble != EV_RECORD_VERSION) {
		char got[40];

		if (cJSON_IsNumber(ver))
			snprintf(got, sizeof(got), "%g", ver->valuedouble);
		else
			snprintf(got, sizeof(got), "(not a number)");
		return pk_error_set(PK_ESCHEMA, "an audit record of version %s; this provkg reads version %d: read it "
				    "with the provkg that wrote it, or run provkg check on the answers again", got,
				    EV_RECORD_VERSION);
	}
	out->id = cJSON_GetObjectItemCaseSensitive(rec, "id");
	v = cJSON_GetObjectItemCaseSensitive(rec, "model");
	out->model = cJSON_IsString(v) && *v->valuestring ? v->valuestring : NULL;
	out->where = ev_record_str(rec, "where");
	v = cJSON_GetObjectItemCaseSensitive(rec, "error");
	out->error = cJSON_IsString(v) ? v->valuestring : NULL;
	v = cJSON_GetObjectItemCaseSensitive(rec, "perturbation");
	out->perturbation = cJSON_IsString(v) ? v->valuestring : NULL;
	out->values = cJSON_GetObjectItemCaseSensitive(rec, "values");
	out->cites = cJSON_GetObjectItemCaseSensitive(rec, "citations");
	out->checked = scores != NULL;
	for (s = 0; s < EV_NSCORES; s++)
		if (cJSON_IsNumber(v = cJSON_GetObjectItemCaseSensitive(scores, ev_score_name(s)))) {
			out->have_score[s] = 1;
			out->score[s] = v->valuedouble;
		}
	tr = cJSON_GetObjectItemCaseSensitive(rec, "traceability");
	if (cJSON_IsNumber(v = cJSON_GetObjectItemCaseSensitive(tr, "fraction"))) {
		out->have_traced = 1;
		out->traced = v->valuedouble;
	}
	if ((fab = cJSON_GetObjectItemCaseSensitive(rec, "fabricated"))) {
		const cJSON *n = cJSON_GetObjectItemCaseSensitive(fab, "citations");
		const cJSON *k = cJSON_GetObjectItemCaseSensitive(fab, "fabricated");

		if (cJSON_IsNumber(n) && cJSON_IsNumber(k) && n->valuedouble >= k->valuedouble && k->valuedouble >= 0) {
			out->have_fab = 1;
			out->citations = n->valuedouble;
			out->fabricated = k->valuedouble;
		}
		cJSON_ArrayForEach(pat, cJSON_GetObjectItemCaseSensitive(fab, "patterns"))
		{
			int p = ev_pattern_index(pat->string ? pat->string : "");

			if (cJSON_IsNumber(pat) && pat->valuedouble > 0)
				out->patterns[p < 0 ? EV_PAT_OTHER : p] += (size_t)pat->valuedouble;
		}
	}
	return 0;
}
