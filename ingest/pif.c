/* ingest/pif.c - measured material properties in Citrine's PIF JSON.
 *
 * The Physical Information File (PIF, citrine.io) is a JSON array of
 * systems: {"chemicalFormula": "Ga1As1", "properties": [{"name": "Band
 * gap", "scalars": [{"value": "1.42"}], "units": "eV", "conditions":
 * [{"name": "Temperature", "scalars": [{"value": "300"}], "units": "K"},
 * {"name": "Transition", "scalars": [{"value": "Direct"}]}], "method":
 * {"name": "Absorption"}, "dataType": "EXPERIMENTAL"}], "references":
 * [{"doi": ...}]}. The shipped file is Strehlow & Cook's compilation of
 * measured band gaps (J. Phys. Chem. Ref. Data 2, 163 (1973)) as curated on
 * Citrination.
 *
 * Each band gap becomes a value of quantity "band gap" for the entity
 * "formula:<reduced formula>" (the key query/material.c uses for
 * formulas), flagged KG_V_MEASURED, its conditions and method in the note
 * ("Direct; T = 300 K; Absorption", led by "Amorphous" for an amorphous
 * sample), "file:record N" as locator. Systems that
 * carry no band gap are counted in the source's note; a band gap that is
 * not a number, or a formula that does not parse, is a bad record.
 */
#include "internal.h"

#include "../common/alloc.h"
#include "../common/error.h"
#include "../common/formula.h"
#include "../common/lines.h"
#include "../common/text.h"

#include <cJSON.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PIF_MAX ((size_t)256 << 20) /* bytes of one PIF file */

static const char *scalar0(const cJSON *obj)
{
	const cJSON *sc = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(obj, "scalars"), 0);
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(sc, "value");

	return cJSON_IsString(v) ? v->valuestring : NULL;
}

/* "Ga1As1" -> "GaAs": the formula as published without the count 1 */
static void pretty_formula(const char *in, char *out, size_t n)
{
	size_t i, k = 0;

	for (i = 0; in[i] && k + 1 < n; i++) {
		if (in[i] == '1' && (i == 0 || !(in[i - 1] >= '0' && in[i - 1] <= '9')) &&
		    !(in[i + 1] >= '0' && in[i + 1] <= '9') && in[i + 1] != '.')
			continue;
		out[k++] = in[i];
	}
	out[k] = '\0';
}

static int band_gap(kg_txn *t, uint32_t sid, const cJSON *prop, const char *formula, const char *form, size_t rec,
		    const char *path,
		    const ingest_opts *o, ingest_result *res)
{
	const char *vs = scalar0(prop), *method = NULL;
	const cJSON *units = cJSON_GetObjectItemCaseSensitive(prop, "units"), *c;
	const cJSON *m = cJSON_GetObjectItemCaseSensitive(prop, "method");
	pk_formula f;
	char fkey[64], ent[80], pretty[64], locator[256], note[256], upper[64], *end;
	kg_node nd;
	kg_value v;
	size_t nl = 0;
	double x;
	int rc;

	if (!vs)
		return ingest_reject(res, o, "%s: record %zu: band gap without a value", path, rec);
	errno = 0;
	x = strtod(vs, &end);
	if (end == vs || *end || errno == ERANGE || !isfinite(x))
		return ingest_reject(res, o, "%s: record %zu: band gap '%.40s' is not a number", path, rec, vs);
	if (!cJSON_IsString(units) || strcmp(units->valuestring, "eV"))
		return ingest_reject(res, o, "%s: record %zu: band gap in '%s', not eV", path, rec,
				     cJSON_IsString(units) ? units->valuestring : "no unit");
	if (pk_formula_parse(&f, formula, strlen(formula)) < 0) {
		/* "In1p1": a letter right after a count begins an element,
		 * whose symbol has a capital; the one reading is InP. Taken
		 * with a note, never silently */
		size_t i, fl = strlen(formula);
		int fixed = 0;

		pk_error_clear();
		if (fl < sizeof(upper)) {
			memcpy(upper, formula, fl + 1);
			for (i = 1; i < fl; i++)
				if (upper[i] >= 'a' && upper[i] <= 'z' && upper[i - 1] >= '0' && upper[i - 1] <= '9') {
					upper[i] = (char)(upper[i] - 'a' + 'A');
					fixed = 1;
				}
		}
		if (!fixed || pk_formula_parse(&f, upper, fl) < 0) {
			pk_error_clear();
			return ingest_reject(res, o, "%s: record %zu: formula '%.40s' does not parse", path, rec, formula);
		}
		if ((rc = ingest_note(res, "%s: record %zu: formula '%s' read as '%s' (a lowercase element symbol after a count)",
				      path, rec, formula, upper)) < 0)
			return rc;
		formula = upper;
	}
	pk_formula_key(&f, 1, fkey, sizeof(fkey));
	snprintf(ent, sizeof(ent), "formula:%s", fkey);
	pretty_formula(formula, pretty, sizeof(pretty));
	note[0] = '\0';
	if (form)
		nl = (size_t)snprintf(note, sizeof(note), "%s", form);
	cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(prop, "conditions")) {
		const cJSON *name = cJSON_GetObjectItemCaseSensitive(c, "name"), *cu = cJSON_GetObjectItemCaseSensitive(c, "units");
		const char *cv = scalar0(c);

		if (!cJSON_IsString(name) || !cv || nl + 2 >= sizeof(note))
			continue;
		if (!strcmp(name->valuestring, "Temperature"))
			nl += (size_t)snprintf(note + nl, sizeof(note) - nl, "%sT = %s %s", nl ? "; " : "", cv,
					       cJSON_IsString(cu) ? cu->valuestring : "");
		else
			nl += (size_t)snprintf(note + nl, sizeof(note) - nl, "%s%s", nl ? "; " : "", cv);
		if (nl >= sizeof(note))
			nl = sizeof(note) - 1;
	}
	if (cJSON_IsObject(m) && cJSON_IsString(cJSON_GetObjectItemCaseSensitive(m, "name")))
		method = cJSON_GetObjectItemCaseSensitive(m, "name")->valuestring;
	if (method && nl + 2 < sizeof(note))
		snprintf(note + nl, sizeof(note) - nl, "%s%s", nl ? "; " : "", method);
	memset(&nd, 0, sizeof(nd));
	nd.type = KG_ENTITY;
	nd.key = ent;
	nd.name = pretty;
	nd.kind = "formula";
	if ((rc = kg_node_put(t, sid, &nd)) < 0)
		return rc;
	snprintf(locator, sizeof(locator), "%s:record %zu", ingest_basename(path), rec);
	memset(&v, 0, sizeof(v));
	v.quantity = "band gap";
	v.entity = ent;
	v.source = sid;
	v.value = x;
	v.value_text = vs;
	v.unit = "eV";
	v.locator = locator;
	v.note = note;
	v.flags = KG_V_MEASURED | KG_V_NOUNC;
	if ((rc = kg_value_add(t, &v, NULL)) == 0)
		res->records++;
	return rc;
}

int ingest_pif(kg_txn *t, const char *path, const ingest_opts *o, ingest_result *res)
{
	char *text = NULL, edition[64] = "";
	size_t len = 0, rec = 0, without = 0;
	cJSON *doc = NULL;
	const cJSON *sys;
	kg_node q;
	uint32_t sid;
	int rc;

	res->kind = INGEST_PIF;
	if ((rc = pk_file_read(&text, &len, path, PIF_MAX)) < 0)
		return rc;
	if (!pk_utf8_valid(text, len)) {
		rc = pk_error_set(PK_EPARSE, "%s: not valid UTF-8", path);
		goto done;
	}
	if (!(doc = cJSON_ParseWithLength(text, len)) || !cJSON_IsArray(doc)) {
		rc = pk_error_set(PK_EPARSE, "%s: not a PIF array (JSON error near byte %zu)", path,
				  doc ? (size_t)0 : (size_t)(cJSON_GetErrorPtr() ? cJSON_GetErrorPtr() - text : 0));
		goto done;
	}
	if ((rc = ingest_sidecar_edition(edition, sizeof(edition), path)) < 0)
		goto done;
	if (!edition[0])
		snprintf(edition, sizeof(edition), "%s", o && o->edition ? o->edition : "unversioned");
	if ((rc = ingest_source_begin(t, res, "experimental", edition, path,
				      "measured values from a PIF file (Citrine); see data/sources/SOURCES.md", 0, &sid)) < 0)
		goto done;
	/* the quantity the values belong to (also made by properties.tsv) */
	memset(&q, 0, sizeof(q));
	q.type = KG_QUANTITY;
	q.key = "band gap";
	q.name = "band gap";
	q.kind = "material property";
	q.unit = "eV";
	if ((rc = kg_node_put(t, sid, &q)) < 0 || (rc = ingest_quantity_names(t, sid, "band gap", "band gap")) < 0)
		goto done;
	cJSON_ArrayForEach(sys, doc) {
		const cJSON *formula = cJSON_GetObjectItemCaseSensitive(sys, "chemicalFormula"), *prop;
		const char *form = NULL;
		int found = 0;

		rec++;
		if (!cJSON_IsObject(sys) || !cJSON_IsString(formula)) {
			if ((rc = ingest_reject(res, o, "%s: record %zu: no chemicalFormula", path, rec)) < 0)
				goto done;
			continue;
		}
		/* the sample's form, when it is no crystal ("Crystallinity":
		 * "Amorphous"): amorphous germanium's 0.88 eV is no band gap of
		 * germanium as a text states it */
		cJSON_ArrayForEach(prop, cJSON_GetObjectItemCaseSensitive(sys, "properties")) {
			const cJSON *name = cJSON_GetObjectItemCaseSensitive(prop, "name");
			const char *v = scalar0(prop);

			if (cJSON_IsString(name) && !strcmp(name->valuestring, "Crystallinity") && v &&
			    !strcmp(v, "Amorphous"))
				form = "Amorphous";
		}
		cJSON_ArrayForEach(prop, cJSON_GetObjectItemCaseSensitive(sys, "properties")) {
			const cJSON *name = cJSON_GetObjectItemCaseSensitive(prop, "name");

			if (!cJSON_IsString(name) || strcmp(name->valuestring, "Band gap"))
				continue;
			found = 1;
			if ((rc = band_gap(t, sid, prop, formula->valuestring, form, rec, path, o, res)) < 0)
				goto done;
		}
		without += !found;
	}
	/* systems without a band gap (12 of the 1,459 shipped: other
	 * properties only) are not records of this source */
	(void)without;
	rc = kg_source_finish(t, sid, res->records, res->rejected, NULL);
done:
	cJSON_Delete(doc);
	pk_free(text);
	return rc;
}
