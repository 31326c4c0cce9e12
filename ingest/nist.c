/* ingest/nist.c - NIST "Atomic Weights and Isotopic Compositions with
 * Relative Atomic Masses" (SRD 144), linearized ASCII output.
 *
 * Records of "Key = value" lines separated by blank lines (CRLF as NIST
 * serves it):
 *   Atomic Number = 26 / Atomic Symbol = Fe / Mass Number = 56
 *   Relative Atomic Mass = 55.93493633(49)     ('#' in the parentheses: estimated)
 *   Isotopic Composition = 0.91754(36)         (blank for synthetic isotopes)
 *   Standard Atomic Weight = 55.845(2) | [1.00784,1.00811] | [209] | blank
 *   Notes = g,m,r
 * The file has no header, so the edition comes from --edition or a
 * "<file>.edition" sidecar, else "sha256:<prefix>" (never the file name).
 * D and T are hydrogen's isotopes 2 and 3.
 */
#include "internal.h"

#include "../common/alloc.h"
#include "../common/error.h"
#include "../common/lines.h"
#include "../common/num.h"
#include "../common/sha256.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct iso_rec {
	size_t line;          /* first line of the record */
	long z, a;
	char sym[8];
	char mass[48], comp[48], saw[64], notes[32];
	size_t mass_line, comp_line, saw_line;
	int have_z, have_sym, have_a, have_mass;
	int bad;
} iso_rec;

typedef struct elem_state {
	char saw[118 + 1][64]; /* standard atomic weight text seen per Z */
	char sym[118 + 1][4];  /* element symbol seen per Z */
} elem_state;

/* IUPAC's systematic placeholder symbol for Z ("Uup" for 115). NIST's
 * file still lists Mc-291 as "Uup" and Ts-294 as "Uus" beside Mc and Ts. */
static void systematic_symbol(char out[4], long z)
{
	static const char roots[] = "nubtqphsoe";
	char d[3];

	d[0] = roots[z / 100 % 10];
	d[1] = roots[z / 10 % 10];
	d[2] = roots[z % 10];
	out[0] = (char)(d[0] - 'a' + 'A');
	out[1] = d[1];
	out[2] = d[2];
	out[3] = '\0';
}

static int parse_long(const char *s, long *out)
{
	char *end;
	long v;

	if (!*s)
		return -1;
	v = strtol(s, &end, 10);
	if (*end || v < 0 || v > 1000)
		return -1;
	*out = v;
	return 0;
}

static int valid_symbol(const char *s)
{
	size_t n = strlen(s);

	return n >= 1 && n <= 3 && s[0] >= 'A' && s[0] <= 'Z' &&
	       (n < 2 || (s[1] >= 'a' && s[1] <= 'z')) && (n < 3 || (s[2] >= 'a' && s[2] <= 'z'));
}

static const char *notes_text(const char *notes)
{
	/* NIST footnotes, shortened */
	if (!*notes)
		return NULL;
	return notes;
}

static int add_value(kg_txn *t, uint32_t sid, const char *quantity, const char *entity,
		     const pk_num *num, const char *text, const char *file, size_t line, uint32_t flags,
		     const char *note)
{
	char locator[256];
	kg_value v;

	snprintf(locator, sizeof(locator), "%s:%zu", ingest_basename(file), line);
	memset(&v, 0, sizeof(v));
	v.quantity = quantity;
	v.entity = entity;
	v.source = sid;
	v.value = num->value;
	v.uncertainty = num->has_unc ? num->uncertainty : 0.0;
	v.value_text = text;
	v.locator = locator;
	v.note = note;
	v.flags = flags | (num->estimated ? KG_V_ESTIMATED : 0) | (num->has_unc ? 0 : KG_V_NOUNC);
	return kg_value_add(t, &v, NULL);
}

static int put_quantity(kg_txn *t, uint32_t sid, const char *key, const char *name)
{
	kg_node q;
	int rc;

	memset(&q, 0, sizeof(q));
	q.type = KG_QUANTITY;
	q.key = key;
	q.name = name;
	q.kind = "atomic";
	q.unit = "";
	if ((rc = kg_node_put(t, sid, &q)) < 0)
		return rc;
	return ingest_quantity_names(t, sid, name, key);
}

/* Standard atomic weight in its forms; stored once per element. */
static int standard_weight(kg_txn *t, uint32_t sid, const iso_rec *r, const char *elem,
			   const char *file, const ingest_opts *o, ingest_result *res)
{
	const char *s = r->saw;
	kg_value v;
	char locator[256];

	snprintf(locator, sizeof(locator), "%s:%zu", ingest_basename(file), r->saw_line);
	memset(&v, 0, sizeof(v));
	v.quantity = "standard atomic weight";
	v.entity = elem;
	v.source = sid;
	v.value_text = s;
	v.locator = locator;
	v.note = notes_text(r->notes);
	if (s[0] == '[') {
		const char *comma = strchr(s, ','), *close = strchr(s, ']');
		pk_num lo, hi;

		if (!close || close[1] != '\0')
			return ingest_reject(res, o, "%s:%zu: bad standard atomic weight '%s'", file,
					     r->saw_line, s);
		if (comma) {
			if (pk_num_parse(&lo, s + 1, (size_t)(comma - s - 1), 0) < 0 ||
			    pk_num_parse(&hi, comma + 1, (size_t)(close - comma - 1), 0) < 0 ||
			    lo.has_unc || hi.has_unc || !(lo.value <= hi.value))
				return ingest_reject(res, o, "%s:%zu: bad interval '%s'", file, r->saw_line, s);
			int d = (lo.decimals > hi.decimals ? lo.decimals : hi.decimals) + 1;
			double scale = pow(10.0, d);

			v.lo = lo.value;
			v.hi = hi.value;
			/* midpoint and half-width, rounded to one digit past the
			 * bounds' so binary noise does not show ("0.001", not
			 * "0.000999999999999446") */
			v.value = round((lo.value + hi.value) / 2 * scale) / scale;
			v.uncertainty = round((hi.value - lo.value) / 2 * scale) / scale;
			v.flags = KG_V_INTERVAL;
		} else {
			if (pk_num_parse(&lo, s + 1, (size_t)(close - s - 1), 0) < 0 || lo.decimals ||
			    lo.has_unc)
				return ingest_reject(res, o, "%s:%zu: bad mass number '%s'", file, r->saw_line, s);
			v.value = lo.value;
			v.flags = KG_V_MASSNUM | KG_V_NOUNC;
		}
	} else {
		pk_num n;

		if (pk_num_parse(&n, s, strlen(s), 0) < 0 || n.truncated)
			return ingest_reject(res, o, "%s:%zu: bad standard atomic weight '%s': %s", file,
					     r->saw_line, s, pk_error_last());
		v.value = n.value;
		v.uncertainty = n.has_unc ? n.uncertainty : 0.0;
		v.flags = n.has_unc ? 0 : KG_V_NOUNC;
	}
	return kg_value_add(t, &v, NULL);
}

static int flush_record(kg_txn *t, uint32_t sid, iso_rec *r, elem_state *es, const char *file,
			const ingest_opts *o, ingest_result *res)
{
	char elem[8], iso[24], symbol[24];
	kg_node n;
	pk_num mass, comp;
	int rc;

	if (!r->have_z || !r->have_sym || !r->have_a || !r->have_mass)
		return ingest_reject(res, o, "%s:%zu: incomplete isotope record (needs Atomic Number, "
				     "Atomic Symbol, Mass Number, Relative Atomic Mass)", file, r->line);
	if (r->z < 1 || r->z > 118 || r->a < r->z || r->a > 400)
		return ingest_reject(res, o, "%s:%zu: atomic number %ld / mass number %ld out of range",
				     file, r->line, r->z, r->a);
	if (!valid_symbol(r->sym))
		return ingest_reject(res, o, "%s:%zu: bad atomic symbol '%s'", file, r->line, r->sym);
	if (pk_num_parse(&mass, r->mass, strlen(r->mass), 0) < 0 || mass.truncated || mass.value <= 0)
		return ingest_reject(res, o, "%s:%zu: bad relative atomic mass '%s'", file, r->mass_line,
				     r->mass);
	if (r->comp[0] && (pk_num_parse(&comp, r->comp, strlen(r->comp), 0) < 0 || comp.value < 0 ||
			   comp.value > 1))
		return ingest_reject(res, o, "%s:%zu: bad isotopic composition '%s'", file, r->comp_line,
				     r->comp);
	/* D and T are hydrogen; a placeholder symbol is the element's own */
	snprintf(elem, sizeof(elem), "%s", (r->z == 1 && (!strcmp(r->sym, "D") || !strcmp(r->sym, "T")))
						   ? "H" : r->sym);
	if (r->z >= 100) {
		char sys[4];

		systematic_symbol(sys, r->z);
		if (!strcmp(elem, sys) && es->sym[r->z][0])
			snprintf(elem, sizeof(elem), "%s", es->sym[r->z]);
		else if (strcmp(elem, sys))
			snprintf(es->sym[r->z], sizeof(es->sym[r->z]), "%.3s", elem);
	}
	snprintf(iso, sizeof(iso), "%s-%ld", elem, r->a);
	if (r->z == 1 && r->a > 1 && strcmp(r->sym, "H"))
		snprintf(symbol, sizeof(symbol), "%s", r->sym);
	else
		snprintf(symbol, sizeof(symbol), "%ld%s", r->a, elem);

	memset(&n, 0, sizeof(n));
	n.type = KG_ENTITY;
	n.key = elem;
	n.kind = "element";
	n.symbol = elem;
	n.z = r->z;
	if ((rc = kg_node_put(t, sid, &n)) < 0 ||
	    (rc = kg_name_add(t, sid, KG_NS_SYMBOL, elem, KG_ENTITY, elem)) < 0)
		return rc;
	memset(&n, 0, sizeof(n));
	n.type = KG_ENTITY;
	n.key = iso;
	n.kind = "isotope";
	n.symbol = symbol;
	n.z = r->z;
	n.a = r->a;
	if ((rc = kg_node_put(t, sid, &n)) < 0)
		return rc;
	if (strcmp(symbol, iso) && !(symbol[0] >= '0' && symbol[0] <= '9') &&
	    (rc = kg_name_add(t, sid, KG_NS_SYMBOL, symbol, KG_ENTITY, iso)) < 0)
		return rc; /* "D", "T" */

	if ((rc = add_value(t, sid, "relative atomic mass", iso, &mass, r->mass, file, r->mass_line, 0,
			    notes_text(r->notes))) < 0)
		return rc;
	if (r->comp[0]) {
		uint32_t f = (!comp.has_unc && comp.value == 1.0) ? KG_V_EXACT : 0;

		if ((rc = add_value(t, sid, "isotopic composition", iso, &comp, r->comp, file, r->comp_line,
				    f, NULL)) < 0)
			return rc;
	}
	/* the element's standard atomic weight repeats in each isotope record */
	if (r->saw[0]) {
		if (!es->saw[r->z][0]) {
			snprintf(es->saw[r->z], sizeof(es->saw[r->z]), "%s", r->saw);
			if ((rc = standard_weight(t, sid, r, elem, file, o, res)) < 0)
				return rc;
		} else if (strcmp(es->saw[r->z], r->saw)) {
			/* the isotope's own values stand; only this weight is rejected */
			if ((rc = ingest_reject(res, o, "%s:%zu: standard atomic weight '%s' contradicts '%s' "
						"given earlier for Z=%ld", file, r->saw_line, r->saw,
						es->saw[r->z], r->z)) < 0)
				return rc;
		}
	}
	res->records++; /* one isotope record */
	return 0;
}

static void copy_val(char *dst, size_t n, const char *v)
{
	size_t len;

	while (*v == ' ' || *v == '\t')
		v++;
	len = strlen(v);
	while (len && (v[len - 1] == ' ' || v[len - 1] == '\t'))
		len--;
	if (len >= n)
		len = n - 1;
	memcpy(dst, v, len);
	dst[len] = '\0';
}

int ingest_nist_aw(kg_txn *t, const char *path, const ingest_opts *o, ingest_result *res)
{
	pk_lines *r = NULL;
	elem_state *es = NULL;
	iso_rec rec;
	char edition[64], hex[65];
	const char *line;
	size_t len;
	uint32_t sid;
	int rc, open_rec = 0, eof;

	res->kind = INGEST_NIST_AW;
	/* the edition a sidecar names, else --edition, else the content's hash */
	if ((rc = ingest_sidecar_edition(edition, sizeof(edition), path)) < 0)
		return rc;
	if (!edition[0] && o && o->edition && *o->edition)
		snprintf(edition, sizeof(edition), "%s", o->edition);
	if (!edition[0]) {
		if ((rc = pk_sha256_file(hex, path)) < 0)
			return rc;
		snprintf(edition, sizeof(edition), "sha256:%.12s", hex);
	}
	if (!(es = pk_calloc(1, sizeof(*es))))
		return pk_error_set(PK_ENOMEM, "out of memory");
	if ((rc = pk_lines_open(&r, path, 4096)) < 0)
		goto done;
	if ((rc = ingest_source_begin(t, res, "NIST-AW", edition, path,
				      "NIST SRD 144 Atomic Weights and Isotopic Compositions", 0, &sid)) < 0)
		goto done;
	if ((rc = put_quantity(t, sid, "relative atomic mass", "relative atomic mass")) < 0 ||
	    (rc = put_quantity(t, sid, "isotopic composition", "isotopic composition")) < 0 ||
	    (rc = put_quantity(t, sid, "standard atomic weight", "standard atomic weight")) < 0)
		goto done;
	memset(&rec, 0, sizeof(rec));
	for (;;) {
		const char *eq;
		char key[40];
		size_t kl, lineno;

		rc = pk_lines_next(r, &line, &len);
		if (rc == PK_ELIMIT) {
			if ((rc = ingest_reject(res, o, "%s", pk_error_last())) < 0)
				goto done;
			continue;
		}
		if (rc < 0)
			goto done;
		lineno = pk_lines_lineno(r);
		eof = rc == 0;
		if (eof || strspn(line, " \t") == len) {
			/* a blank line (or the end) closes the record */
			if (open_rec && !rec.bad && (rc = flush_record(t, sid, &rec, es, path, o, res)) < 0)
				goto done;
			open_rec = 0;
			memset(&rec, 0, sizeof(rec));
			if (eof)
				break;
			continue;
		}
		if (!open_rec) {
			open_rec = 1;
			rec.line = lineno;
		}
		if (!(eq = strchr(line, '='))) {
			if ((rc = ingest_reject(res, o, "%s:%zu: expected 'Key = value'", path, lineno)) < 0)
				goto done;
			rec.bad = 1; /* counted once here; the record is skipped at flush */
			continue;
		}
		kl = (size_t)(eq - line);
		while (kl && line[kl - 1] == ' ')
			kl--;
		snprintf(key, sizeof(key), "%.*s", (int)(kl < 39 ? kl : 39), line);
		if (!strcmp(key, "Atomic Number")) {
			char tmp[16];

			copy_val(tmp, sizeof(tmp), eq + 1);
			rec.have_z = parse_long(tmp, &rec.z) == 0;
		} else if (!strcmp(key, "Atomic Symbol")) {
			copy_val(rec.sym, sizeof(rec.sym), eq + 1);
			rec.have_sym = 1;
		} else if (!strcmp(key, "Mass Number")) {
			char tmp[16];

			copy_val(tmp, sizeof(tmp), eq + 1);
			rec.have_a = parse_long(tmp, &rec.a) == 0;
		} else if (!strcmp(key, "Relative Atomic Mass")) {
			copy_val(rec.mass, sizeof(rec.mass), eq + 1);
			rec.have_mass = rec.mass[0] != '\0';
			rec.mass_line = lineno;
		} else if (!strcmp(key, "Isotopic Composition")) {
			copy_val(rec.comp, sizeof(rec.comp), eq + 1);
			rec.comp_line = lineno;
		} else if (!strcmp(key, "Standard Atomic Weight")) {
			copy_val(rec.saw, sizeof(rec.saw), eq + 1);
			rec.saw_line = lineno;
		} else if (!strcmp(key, "Notes")) {
			copy_val(rec.notes, sizeof(rec.notes), eq + 1);
		}
	}
	if (res->records == 0) {
		rc = pk_error_set(PK_EPARSE, "%s: no isotope records found", path);
		goto done;
	}
	rc = kg_source_finish(t, sid, res->records, res->rejected, NULL);
done:
	pk_lines_free(r);
	pk_free(es);
	return rc;
}
