/* tools/results.c - the JSON of results that several commands print:
 * a value check (check-value, check, label-claims), a reference check
 * (check-ref, check, label-claims), a lookup match (lookup, check-value,
 * label-claims). Declared in tool.h. */
#include "tool.h"

#include "../common/error.h"
#include "../kg/graph.h"
#include "../query/lookup.h"
#include "../query/material.h"
#include "../query/ref.h"
#include "../query/units.h"
#include "../query/value.h"

#include <math.h>
#include <string.h>

/* the fields of a reference, in the order of the QR_F_* bits */
static const char *const field_names[] = { "authors", "title", "year", "venue", "volume", "issue", "pages", "doi", "version", "identifier" };

const char *tool_ref_field_name(size_t i)
{
	return i < sizeof(field_names) / sizeof(field_names[0]) ? field_names[i] : NULL;
}

void tool_value_result_json(pk_json *w, const qv_result *r, int with_spans)
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
		if (m->phrase[0])
			pk_json_kstr(w, "named_by", m->phrase);
		pk_json_end_obj(w);
	} else {
		pk_json_null(w);
	}
	pk_json_key(w, "reference");
	if (r->have_ref)
		tool_match_json(w, &r->ref);
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

void tool_match_json(pk_json *w, const query_match *m)
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

void tool_ref_result_json(pk_json *w, const char *input, const qr_ref *p, const qr_result *r)
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
			snprintf(one, sizeof(one), "%s, %s", p->authors[i].family, p->authors[i].given);
		else
			snprintf(one, sizeof(one), "%s", p->authors[i].family);
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
