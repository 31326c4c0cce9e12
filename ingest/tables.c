/* ingest/tables.c - provkg's own tab-separated tables: aliases and elements.
 *
 * Both start with a "# provkg ... table" line naming the format; '#' lines
 * are comments; fields are separated by single tabs.
 *
 * aliases.tsv:  target <TAB> type <TAB> alias <TAB> origin
 *   target  a quantity's name (any case: "Planck constant"), or
 *           "element:Fe" / "isotope:H-2" for entities
 *   type    symbol   exact, case-sensitive ("h", "G", "k_B", "ħ")
 *           primary  as symbol, and the symbol shown for the quantity
 *           name     case- and space-insensitive ("speed of light", "光速")
 *   origin  a tag explained in the table's header comments
 * elements.tsv: Z <TAB> symbol <TAB> English name <TAB> variants (|) <TAB> Chinese name
 * units.tsv:    symbol <TAB> scale <TAB> dimension <TAB> prefixes <TAB> names <TAB> note
 *   stored as unit nodes (type 'U') whose data is a JSON object
 *   {"scale","dim","prefixes","names","note"}; query/units reads them.
 * venues.tsv:   acronym <TAB> names (|) <TAB> origin
 *   stored as venue nodes (type 'V', key the acronym folded: "neurips")
 *   whose data is {"names":[...],"origin":...}; check-ref reads them.
 */
#include "internal.h"

#include "../common/alloc.h"
#include "../common/error.h"
#include "../common/json.h"
#include "../common/lines.h"
#include "../common/num.h"
#include "../common/text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_FIELDS 6

static int split_tabs(char *line, char **f, int max)
{
	int n = 0;
	char *p = line;

	while (n < max) {
		char *tab = strchr(p, '\t');

		f[n++] = p;
		if (!tab)
			break;
		*tab = '\0';
		p = tab + 1;
	}
	return strchr(p, '\t') ? max + 1 : n;
}

/* Open a table and check its first line names the expected format; what
 * follows the magic words on that line is the table's edition. */
static int open_table(pk_lines **r, const char *path, const char *magic, char *edition, size_t en)
{
	const char *line, *rest;
	size_t len, ml = strlen(magic);
	int rc;

	if ((rc = pk_lines_open(r, path, 4096)) < 0)
		return rc;
	rc = pk_lines_next(*r, &line, &len);
	if (rc < 0)
		return rc;
	if (rc == 0 || strncmp(line, magic, ml))
		return pk_error_set(PK_EPARSE, "%s:1: expected a '%s' line", path, magic);
	rest = line + ml + strspn(line + ml, " \t");
	snprintf(edition, en, "%s", *rest ? rest : "1");
	return 0;
}

static int add_alias(kg_txn *t, uint32_t sid, const char *target, const char *type,
		     const char *alias, const char *file, size_t lineno, const ingest_opts *o,
		     ingest_result *res)
{
	char ttype = KG_QUANTITY;
	char *tkey = NULL, *akey = NULL;
	int rc = 0;

	if (!pk_utf8_valid(alias, strlen(alias)) || !pk_utf8_valid(target, strlen(target)))
		return ingest_reject(res, o, "%s:%zu: invalid UTF-8", file, lineno);
	if (!strncmp(target, "element:", 8) || !strncmp(target, "isotope:", 8)) {
		ttype = KG_ENTITY;
		tkey = pk_strdup(target + 8);
	} else {
		tkey = ingest_quantity_key(target);
	}
	if (!tkey || !*tkey) {
		rc = ingest_reject(res, o, "%s:%zu: bad target '%s'", file, lineno, target);
		goto done;
	}
	if (!strcmp(type, "symbol") || !strcmp(type, "primary")) {
		if ((rc = kg_name_add(t, sid, KG_NS_SYMBOL, alias, ttype, tkey)) < 0)
			goto done;
		if (!strcmp(type, "primary") &&
		    (rc = kg_name_add(t, sid, KG_NS_PRIMARY, tkey, ttype, alias)) < 0)
			goto done;
	} else if (!strcmp(type, "name")) {
		if (!(akey = pk_text_name_key(alias, strlen(alias)))) {
			rc = ingest_reject(res, o, "%s:%zu: bad alias: %s", file, lineno, pk_error_last());
			goto done;
		}
		if ((rc = kg_name_add(t, sid, KG_NS_NAME, akey, ttype, tkey)) < 0)
			goto done;
	} else {
		rc = ingest_reject(res, o, "%s:%zu: unknown alias type '%s' (symbol, primary or name)",
				   file, lineno, type);
		goto done;
	}
	res->records++;
done:
	pk_free(tkey);
	pk_free(akey);
	return rc;
}

/* Iterate data lines of a table, calling fn with the split fields. */
typedef int (*row_fn)(kg_txn *t, uint32_t sid, char **f, int nf, const char *file, size_t lineno,
		      const ingest_opts *o, ingest_result *res);

static int each_row(kg_txn *t, const char *path, const char *magic, const char *kind,
		    int min_fields, row_fn fn, const ingest_opts *o, ingest_result *res)
{
	pk_lines *r = NULL;
	const char *line;
	size_t len;
	uint32_t sid;
	char edition[64] = "";
	int rc;

	if ((rc = open_table(&r, path, magic, edition, sizeof(edition))) < 0)
		goto done;
	if ((rc = ingest_source_begin(t, res, kind, edition, path, NULL, 0, &sid)) < 0)
		goto done;
	while ((rc = pk_lines_next(r, &line, &len)) != 0) {
		char *copy, *f[MAX_FIELDS + 1] = { NULL };
		int nf;
		size_t lineno = pk_lines_lineno(r);

		if (rc == PK_ELIMIT) {
			if ((rc = ingest_reject(res, o, "%s", pk_error_last())) < 0)
				goto done;
			continue;
		}
		if (rc < 0)
			goto done;
		if (len == 0 || line[0] == '#' || strspn(line, " \t") == len)
			continue;
		if (!(copy = pk_strndup(line, len))) {
			rc = pk_error_set(PK_ENOMEM, "out of memory");
			goto done;
		}
		nf = split_tabs(copy, f, MAX_FIELDS);
		if (nf < min_fields || nf > MAX_FIELDS)
			rc = ingest_reject(res, o, "%s:%zu: expected at least %d tab-separated fields, got %d",
					   path, lineno, min_fields, nf > MAX_FIELDS ? nf - 1 : nf);
		else
			rc = fn(t, sid, f, nf, path, lineno, o, res);
		pk_free(copy);
		if (rc < 0)
			goto done;
	}
	rc = kg_source_finish(t, sid, res->records, res->rejected, NULL);
done:
	pk_lines_free(r);
	return rc;
}

static int alias_row(kg_txn *t, uint32_t sid, char **f, int nf, const char *file, size_t lineno,
		     const ingest_opts *o, ingest_result *res)
{
	(void)nf;
	if (!*f[0] || !*f[2])
		return ingest_reject(res, o, "%s:%zu: empty target or alias", file, lineno);
	return add_alias(t, sid, f[0], f[1], f[2], file, lineno, o, res);
}

int ingest_aliases(kg_txn *t, const char *path, const ingest_opts *o, ingest_result *res)
{
	res->kind = INGEST_ALIASES;
	return each_row(t, path, "# provkg alias table", "provkg-aliases", 3, alias_row, o, res);
}

static int add_element_name(kg_txn *t, uint32_t sid, const char *name, const char *sym)
{
	char *key;
	int rc;

	if (!*name)
		return 0;
	if (!(key = pk_text_name_key(name, strlen(name))))
		return pk_error_code();
	rc = kg_name_add(t, sid, KG_NS_NAME, key, KG_ENTITY, sym);
	pk_free(key);
	return rc;
}

static int element_row(kg_txn *t, uint32_t sid, char **f, int nf, const char *file, size_t lineno,
		       const ingest_opts *o, ingest_result *res)
{
	char *end;
	long z = strtol(f[0], &end, 10);
	kg_node n;
	int rc;

	if (*end || z < 1 || z > 118 || !*f[1] || strlen(f[1]) > 3 || !*f[2])
		return ingest_reject(res, o, "%s:%zu: bad element row", file, lineno);
	if (!pk_utf8_valid(f[2], strlen(f[2])) || (nf > 4 && !pk_utf8_valid(f[4], strlen(f[4]))))
		return ingest_reject(res, o, "%s:%zu: invalid UTF-8", file, lineno);
	memset(&n, 0, sizeof(n));
	n.type = KG_ENTITY;
	n.key = f[1];
	n.name = f[2];
	n.kind = "element";
	n.symbol = f[1];
	n.z = z;
	if ((rc = kg_node_put(t, sid, &n)) < 0 ||
	    (rc = kg_name_add(t, sid, KG_NS_SYMBOL, f[1], KG_ENTITY, f[1])) < 0 ||
	    (rc = add_element_name(t, sid, f[2], f[1])) < 0)
		return rc;
	if (nf > 3 && *f[3]) {
		char *p = f[3], *bar;

		for (; p; p = bar) {
			if ((bar = strchr(p, '|')))
				*bar++ = '\0';
			if ((rc = add_element_name(t, sid, p, f[1])) < 0)
				return rc;
		}
	}
	if (nf > 4 && (rc = add_element_name(t, sid, f[4], f[1])) < 0)
		return rc;
	res->records++;
	return 0;
}

int ingest_elements(kg_txn *t, const char *path, const ingest_opts *o, ingest_result *res)
{
	res->kind = INGEST_ELEMENTS;
	return each_row(t, path, "# provkg element table", "provkg-elements", 3, element_row, o, res);
}

static int unit_row(kg_txn *t, uint32_t sid, char **f, int nf, const char *file, size_t lineno,
		    const ingest_opts *o, ingest_result *res)
{
	pk_buf data = PK_BUF_INIT;
	pk_json w;
	kg_node n;
	int rc, i;

	if (nf < 4 || !*f[0] || !*f[1] || !*f[2] || (strcmp(f[3], "y") && strcmp(f[3], "n")))
		return ingest_reject(res, o, "%s:%zu: expected symbol, scale, dimension, prefixes (y/n)",
				     file, lineno);
	for (i = 0; i < nf; i++)
		if (!pk_utf8_valid(f[i], strlen(f[i])))
			return ingest_reject(res, o, "%s:%zu: invalid UTF-8", file, lineno);
	pk_json_init(&w, &data);
	pk_json_obj(&w);
	pk_json_kstr(&w, "scale", f[1]);
	pk_json_kstr(&w, "dim", f[2]);
	pk_json_kbool(&w, "prefixes", f[3][0] == 'y');
	pk_json_key(&w, "names");
	pk_json_arr(&w);
	if (nf > 4 && *f[4]) {
		char *p = f[4], *bar;

		for (; p; p = bar) {
			if ((bar = strchr(p, '|')))
				*bar++ = '\0';
			if (*p)
				pk_json_str(&w, p);
		}
	}
	pk_json_end_arr(&w);
	if (nf > 5)
		pk_json_kstr(&w, "note", f[5]);
	pk_json_end_obj(&w);
	if ((rc = pk_json_error(&w)) < 0)
		goto done;
	memset(&n, 0, sizeof(n));
	n.type = KG_UNIT;
	n.key = f[0];
	n.symbol = f[0];
	n.kind = "unit";
	n.data = data.ptr;
	if ((rc = kg_node_put(t, sid, &n)) == 0)
		res->records++;
done:
	pk_buf_release(&data);
	return rc;
}

static int venue_row(kg_txn *t, uint32_t sid, char **f, int nf, const char *file, size_t lineno,
		     const ingest_opts *o, ingest_result *res)
{
	pk_buf data = PK_BUF_INIT;
	pk_json w;
	kg_node n;
	char *p, *bar, key[32];
	size_t i, kl = 0;
	int rc, k;

	if (nf < 2 || !*f[0] || !*f[1])
		return ingest_reject(res, o, "%s:%zu: expected acronym, names", file, lineno);
	for (k = 0; k < nf; k++)
		if (!pk_utf8_valid(f[k], strlen(f[k])))
			return ingest_reject(res, o, "%s:%zu: invalid UTF-8", file, lineno);
	/* the key: the acronym's letters and digits, lower case ("S&P" "sp") */
	for (i = 0; f[0][i] && kl < 25; i++) {
		unsigned char c = (unsigned char)f[0][i];

		if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
			key[kl++] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
	}
	key[kl < 25 ? kl : 0] = '\0';
	if (!kl || kl > 24)
		return ingest_reject(res, o, "%s:%zu: acronym '%s' has no letters, or too many", file, lineno, f[0]);
	pk_json_init(&w, &data);
	pk_json_obj(&w);
	pk_json_key(&w, "names");
	pk_json_arr(&w);
	for (p = f[1]; p; p = bar) {
		if ((bar = strchr(p, '|')))
			*bar++ = '\0';
		if (*p)
			pk_json_str(&w, p);
	}
	pk_json_end_arr(&w);
	if (nf > 2 && *f[2])
		pk_json_kstr(&w, "origin", f[2]);
	pk_json_end_obj(&w);
	if ((rc = pk_json_error(&w)) < 0)
		goto done;
	memset(&n, 0, sizeof(n));
	n.type = KG_VENUE;
	n.key = key;
	n.name = f[0];
	n.kind = "venue";
	n.data = data.ptr;
	if ((rc = kg_node_put(t, sid, &n)) == 0)
		res->records++;
done:
	pk_buf_release(&data);
	return rc;
}

int ingest_venues(kg_txn *t, const char *path, const ingest_opts *o, ingest_result *res)
{
	res->kind = INGEST_VENUES;
	return each_row(t, path, "# provkg venue table", "provkg-venues", 3, venue_row, o, res);
}

int ingest_units(kg_txn *t, const char *path, const ingest_opts *o, ingest_result *res)
{
	res->kind = INGEST_UNITS;
	return each_row(t, path, "# provkg unit table", "provkg-units", 4, unit_row, o, res);
}

static int math_row(kg_txn *t, uint32_t sid, char **f, int nf, const char *file, size_t lineno,
		    const ingest_opts *o, ingest_result *res)
{
	char *qkey = NULL, *p, *bar, locator[256];
	pk_num num;
	kg_node q;
	kg_value v;
	int rc, i;

	for (i = 0; i < nf; i++)
		if (!pk_utf8_valid(f[i], strlen(f[i])))
			return ingest_reject(res, o, "%s:%zu: invalid UTF-8", file, lineno);
	if (!*f[0] || pk_num_parse(&num, f[2], strlen(f[2]), 0) < 0)
		return ingest_reject(res, o, "%s:%zu: expected name, symbols, value", file, lineno);
	if (!(qkey = ingest_quantity_key(f[0])))
		return pk_error_code();
	memset(&q, 0, sizeof(q));
	q.type = KG_QUANTITY;
	q.key = qkey;
	q.name = f[0];
	q.kind = "math";
	q.unit = "";
	if ((rc = kg_node_put(t, sid, &q)) < 0 || (rc = ingest_quantity_names(t, sid, f[0], qkey)) < 0)
		goto done;
	for (p = f[1], i = 0; p && *p; p = bar, i++) {
		if ((bar = strchr(p, '|')))
			*bar++ = '\0';
		if ((rc = kg_name_add(t, sid, KG_NS_SYMBOL, p, KG_QUANTITY, qkey)) < 0 ||
		    (i == 0 && (rc = kg_name_add(t, sid, KG_NS_PRIMARY, qkey, KG_QUANTITY, p)) < 0))
			goto done;
	}
	for (p = nf > 3 ? f[3] : NULL; p && *p; p = bar) {
		if ((bar = strchr(p, '|')))
			*bar++ = '\0';
		if ((rc = ingest_quantity_names(t, sid, p, qkey)) < 0)
			goto done;
	}
	snprintf(locator, sizeof(locator), "%s:%zu", ingest_basename(file), lineno);
	memset(&v, 0, sizeof(v));
	v.quantity = qkey;
	v.source = sid;
	v.value = num.value;
	v.value_text = f[2];
	v.locator = locator;
	v.note = nf > 4 && *f[4] ? f[4] : NULL;
	v.flags = KG_V_EXACT | KG_V_TRUNCATED;
	if ((rc = kg_value_add(t, &v, NULL)) == 0)
		res->records++;
done:
	pk_free(qkey);
	return rc;
}

int ingest_math(kg_txn *t, const char *path, const ingest_opts *o, ingest_result *res)
{
	res->kind = INGEST_MATH;
	return each_row(t, path, "# provkg math constant table", "provkg-math", 3, math_row, o, res);
}

/* Material property table: quantity nodes of kind "material property"
 * whose data carries the MP field, its canonical unit and the default
 * tolerance of check-value. */
static int property_row(kg_txn *t, uint32_t sid, char **f, int nf, const char *file, size_t lineno,
			const ingest_opts *o, ingest_result *res)
{
	pk_buf data = PK_BUF_INIT;
	char *qkey = NULL, *p, *bar, *end;
	double tol;
	pk_json w;
	kg_node q;
	int rc = 0, i, k;

	for (i = 0; i < nf; i++)
		if (!pk_utf8_valid(f[i], strlen(f[i])))
			return ingest_reject(res, o, "%s:%zu: invalid UTF-8", file, lineno);
	tol = strtod(f[3], &end);
	if (nf < 4 || !*f[0] || !*f[1] || *end || tol < 0 || tol >= 1)
		return ingest_reject(res, o, "%s:%zu: expected field, name, unit, tolerance", file, lineno);
	if (!(qkey = ingest_quantity_key(f[1])))
		return pk_error_code();
	pk_json_init(&w, &data);
	pk_json_obj(&w);
	pk_json_kstr(&w, "field", f[0]);
	pk_json_knum(&w, "tolerance", tol);
	if (nf > 6 && *f[6])
		pk_json_kstr(&w, "note", f[6]);
	pk_json_end_obj(&w);
	if ((rc = pk_json_error(&w)) < 0)
		goto done;
	memset(&q, 0, sizeof(q));
	q.type = KG_QUANTITY;
	q.key = qkey;
	q.name = f[1];
	q.kind = "material property";
	q.unit = strcmp(f[2], "1") ? f[2] : "";
	q.data = data.ptr;
	if ((rc = kg_node_put(t, sid, &q)) < 0 || (rc = ingest_quantity_names(t, sid, f[1], qkey)) < 0 ||
	    (rc = kg_name_add(t, sid, KG_NS_FIELD, f[0], KG_QUANTITY, qkey)) < 0)
		goto done;
	for (k = 4; k <= 5 && k < nf; k++)
		for (p = f[k]; p && *p; p = bar) {
			if ((bar = strchr(p, '|')))
				*bar++ = '\0';
			if (!*p)
				continue;
			/* short Latin names are symbols (Eg, CBM, K_VRH): exact only */
			if (strlen(p) <= 6 && (unsigned char)p[0] < 0x80 && !strchr(p, ' '))
				rc = kg_name_add(t, sid, KG_NS_SYMBOL, p, KG_QUANTITY, qkey);
			if (rc == 0)
				rc = ingest_quantity_names(t, sid, p, qkey);
			if (rc < 0)
				goto done;
		}
	res->records++;
done:
	pk_free(qkey);
	pk_buf_release(&data);
	return rc;
}

int ingest_mp_properties(kg_txn *t, const char *path, const ingest_opts *o, ingest_result *res)
{
	res->kind = INGEST_MP_PROPERTIES;
	return each_row(t, path, "# provkg material property table", "provkg-mp-properties", 4, property_row, o, res);
}
