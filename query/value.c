/* query/value.c - find the value a sentence cites and judge it; see value.h. */
#include "value_int.h"
#include "judge.h"

#include "../common/alloc.h"
#include "../common/buf.h"
#include "../common/error.h"
#include "../common/text.h"
#include "../kg/graph.h"
#include "material.h"

#include <ctype.h>
#include <math.h>
#include <strings.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define TEXT_MAX ((size_t)1 << 20) /* check-value input; longer is an error */

const char *query_verdict_name(int v)
{
	static const char *const names[] = { "match", "outdated", "approximate", "mismatch",
					     "unit_mismatch", "unknown" };

	return v >= 0 && v <= QV_UNKNOWN ? names[v] : "unknown";
}

void qv_result_init(qv_result *r)
{
	/* all but the reasons, read only below nreasons (qv_reason_add
	 * clears each it hands out): 4 KB of a 13 KB result */
	memset(r, 0, offsetof(qv_result, reasons));
	memset(&r->nreasons, 0, sizeof(*r) - offsetof(qv_result, nreasons));
	r->verdict = QV_UNKNOWN;
	r->cited_si = NAN;
	r->relative_error = NAN;
}

void qv_result_release(qv_result *r)
{
	if (r->have_ref)
		query_match_release(&r->ref);
	r->have_ref = 0;
}

static void describe_dim(char *buf, size_t n, const qu_dim *d)
{
	char dims[64];
	const char *name = qu_dim_name(d);

	qu_dim_format(dims, sizeof(dims), d);
	if (name)
		snprintf(buf, n, "%s (%s)", name, dims);
	else
		snprintf(buf, n, "%s", dims);
}

/* Format into a reason's text field, cut on a character boundary. */
static void rtext(char *dst, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void rtext(char *dst, const char *fmt, ...)
{
	char tmp[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(tmp, sizeof(tmp), fmt, ap);
	va_end(ap);
	pk_utf8_copy(dst, QV_REASON_TEXT, tmp);
}

/* The SI unit of a dimension as people write it ("J s" for action),
 * else its base units ("m^2 kg s^-1"). */
static void si_unit_name(char *out, size_t n, const qu_dim *d)
{
	static const struct {
		signed char e[QU_NDIM];
		const char *name;
	} named[] = {
		{ { 2, 1, -2, 0, 0, 0, 0 }, "J" }, { { 2, 1, -1, 0, 0, 0, 0 }, "J s" }, { { 2, 1, -3, 0, 0, 0, 0 }, "W" },
		{ { 1, 1, -2, 0, 0, 0, 0 }, "N" }, { { -1, 1, -2, 0, 0, 0, 0 }, "Pa" }, { { 0, 0, 1, 1, 0, 0, 0 }, "C" },
		{ { 2, 1, -3, -1, 0, 0, 0 }, "V" }, { { 2, 1, -2, 0, -1, 0, 0 }, "J K^-1" },
		{ { 2, 1, -2, 0, 0, -1, 0 }, "J mol^-1" }, { { 2, 0, 0, 1, 0, 0, 0 }, "J T^-1" },
		{ { 0, 1, -2, -1, 0, 0, 0 }, "T" }, { { -3, 1, 0, 0, 0, 0, 0 }, "kg m^-3" },
	};
	size_t i;

	for (i = 0; i < sizeof(named) / sizeof(named[0]); i++)
		if (!memcmp(named[i].e, d->e, QU_NDIM)) {
			snprintf(out, n, "%s", named[i].name);
			return;
		}
	qu_dim_format(out, n, d);
}

/* The dimension mismatch: "J/s is power (m^2 kg s^-3), but Planck
 * constant is action (...) in J Hz^-1; the power of s has the wrong sign". */
/* " per atom" for a unit's count (qu_unit.count), or "". */
static const char *count_text(char *buf, size_t n, int count)
{
	if (count == -1)
		snprintf(buf, n, " per atom");
	else if (count == 1)
		snprintf(buf, n, " x atom");
	else if (count)
		snprintf(buf, n, " x atom^%d", count);
	else
		buf[0] = '\0';
	return buf;
}

/* Is the cited unit of a count ("eV/atom") a material property's unit is
 * not of, or of another power of it? A band gap, a density, a modulus is
 * no energy per atom (models carry the Materials Project's eV/atom over
 * to them). A unit without the count ("eV" for the Materials Project's
 * eV/atom) is not held against the reference: people drop it. Nor is a
 * count against a constant or an atom's own quantity ("13.6 eV per
 * atom", "1.99e-26 kg per atom"): an atom's property may be per atom. */
static int count_differs(const qv_mention *m, const query_match *r, const qu_unit *ru)
{
	return m->has_unit && m->unit.count && m->unit.count != ru->count &&
	       (r->rank || (r->flags & KG_V_MEASURED) || (r->kind && !strcmp(r->kind, "material property")));
}

static void dimension_reason(qv_result *out, const qv_mention *m, const query_match *r, const qu_unit *ru)
{
	static const char *const base[QU_NDIM] = { "m", "kg", "s", "A", "K", "mol", "cd" };
	const qu_dim *rdim = &ru->dim;
	char b[96], cm[24], cr[24];
	int i, diff = 0, which = -1;
	qv_reason *q = qv_reason_add(out, QR_DIMENSION);

	if (!q)
		return;
	pk_utf8_copy(q->a, sizeof(q->a), m->unit_text);
	describe_dim(b, sizeof(b), &m->unit.dim);
	rtext(q->b, "%s%s", b, count_text(cm, sizeof(cm), m->unit.count));
	pk_utf8_copy(q->c, sizeof(q->c), r->name);
	describe_dim(b, sizeof(b), rdim);
	rtext(q->d, "%s%s in %s", b, count_text(cr, sizeof(cr), ru->count), r->unit && *r->unit ? r->unit : "no unit");
	for (i = 0; i < QU_NDIM; i++)
		if (m->unit.dim.e[i] != rdim->e[i]) {
			diff++;
			which = i;
		}
	if (diff == 1 && m->unit.dim.e[which] == -rdim->e[which])
		rtext(q->e, "; the power of %s has the wrong sign", base[which]);
	else if (diff == 1 && abs(m->unit.dim.e[which] - rdim->e[which]) == 2)
		rtext(q->e, "; the power of %s has the wrong sign: %s where the reference %s by %s", base[which],
		      m->unit.dim.e[which] < rdim->e[which] ? "a division" : "a product",
		      m->unit.dim.e[which] < rdim->e[which] ? "multiplies" : "divides", base[which]);
}

/* Half a unit of the last digit that need not be significant: "300,000
 * km/s" may be 3 × 10^5 rounded (its zeros then say nothing). */
static double rounding_half_unit(const qn_number *n)
{
	double h = n->half_unit, v = fabs(n->value);
	const char *t = n->text;
	size_t len = strlen(t), zeros = 0;

	if (!strpbrk(t, ".eE") && !n->has_exponent && v >= 10) {
		while (len && (t[len - 1] == '0' || t[len - 1] == ',' || t[len - 1] == ' '))
			zeros += t[--len] == '0';
		if (zeros && zeros < 300)
			h = fmax(h, 0.5 * pow(10.0, (double)zeros));
	}
	return h;
}

/* Plausibility of the cited value taken at its most favourable reading
 * (half a unit in the last digit towards plausible): a reason if not. */
static void implausible(const query_units *u, const qv_mention *m, double si, const char *quantity, qv_result *out)
{
	static const qu_dim speed = { { 1, 0, -1, 0, 0, 0, 0 } }, temp = { { 0, 0, 0, 0, 1, 0, 0 } },
			    mass = { { 0, 1, 0, 0, 0, 0, 0 } };
	const qu_constants *k = query_units_constants(u);
	const char *why = NULL;
	qv_reason *q;

	if (m->has_unit && isfinite(si)) {
		double slack = fabs(rounding_half_unit(&m->num) * m->unit.scale);

		if (qu_dim_eq(&m->unit.dim, &speed) && k->c > 0 && fabs(si) - slack > k->c * (1 + QJ_FLOAT_SLACK))
			why = "physically implausible: faster than light in vacuum (c = 299 792 458 m/s)";
		else if (qu_dim_eq(&m->unit.dim, &temp) && si + slack < 0)
			why = "physically implausible: below absolute zero";
		else if (qu_dim_eq(&m->unit.dim, &mass) && si + slack < 0)
			why = "physically implausible: a negative mass";
	}
	if (!why && quantity && !strcmp(quantity, "isotopic composition") &&
	    (m->num.value < 0 || (m->num.value > 1 && !m->has_unit)))
		why = "physically implausible: an abundance outside [0, 1]";
	if (why && (q = qv_reason_add(out, QR_IMPLAUSIBLE)))
		snprintf(q->a, sizeof(q->a), "%s", why);
}

static int has_edition(const query_matches *ms, const char *source, const char *edition)
{
	size_t i;

	for (i = 0; i < ms->n; i++)
		if (ms->m[i].source && ms->m[i].edition && !strcmp(ms->m[i].source, source) &&
		    !strcmp(ms->m[i].edition, edition))
			return 1;
	return 0;
}

/* Is the ratio cited / reference 1, or a prefix slip 10^(3k), within 1%? */
static int near_power_of_1000(double ratio)
{
	return isfinite(ratio) && ratio != 0 && query_near_power_of_1000_log(log10(fabs(ratio)));
}

/* A phrase that is a bare symbol or one word ("T", "k_B", "ħ", "F"), not
 * a name: it names a quantity only weakly, since answers use the same
 * letters for their own variables. */
static int bare_symbol(const char *phrase)
{
	size_t n = strlen(phrase);

	return n && n <= 12 && !strpbrk(phrase, " \t");
}

/* A phrase of a few bare symbols ("k_B T", "m c^2", "h ν"): an
 * expression in the text's own variables. */
static int symbol_expression(const char *phrase)
{
	const char *p = phrase;
	size_t tokens = 0;

	while (*p) {
		size_t n = strcspn(p, " "), k;
		int symbolic = n <= 2;

		/* a symbol: short, with '_', '^', a digit, a capital or a
		 * character beyond ASCII ("k_B", "m", "c^2", "ν"); not a word
		 * ("band gap" is no expression) */
		for (k = 0; k < n && !symbolic; k++)
			symbolic = p[k] == '_' || p[k] == '^' || (p[k] >= '0' && p[k] <= '9') || (p[k] >= 'A' && p[k] <= 'Z') ||
				   (unsigned char)p[k] >= 0x80;
		if (n > 4 || !symbolic || ++tokens > 4)
			return 0;
		p += n;
		p += strspn(p, " ");
	}
	return tokens > 0;
}

/* Does the cited number look like the candidate's reference value, so a
 * bare symbol may be taken to name it? With a fitting dimension: within a
 * factor of ~3 (a wrong value of that constant) or a prefix slip; without
 * one (or without a unit, or for an atomic weight, where the numbers are
 * small and the letters common): the value itself to 1%, or 10^(3k) off. */
static int resembles(const qv_mention *m, const cand *cd)
{
	const query_match *ref = &cd->ms.m[cd->ref];
	double l;

	if ((ref->flags & KG_V_TEXT) || !isfinite(ref->value) || ref->value == 0)
		return 1; /* nothing to compare: keep the reading */
	if (cd->level >= 1 && isfinite(cd->closeness)) {
		l = cd->closeness;
		if (cd->level >= 2 && !cd->atomic && l < 0.5)
			return 1;
		/* the right dimension and a power of ten off ("a0 = 0.529 nm"):
		 * the constant, misquoted, not a variable of the text */
		if (cd->level == 3 && !cd->atomic && m->num.sig_digits >= 3 && fabs(l - nearbyint(l)) < 0.0043)
			return 1; /* three digits that agree are no coincidence; "c = 3 m/s" may be */
		return query_near_power_of_1000_log(l);
	}
	return near_power_of_1000(m->num.value / ref->value) ||
	       (m->has_unit && near_power_of_1000(m->num.value * m->unit.scale / ref->value));
}

/* The number's reading with its trailing zeros not significant, for the
 * judge: its half unit scaled as hu (the half unit in the reference's
 * unit) is scaled from the number's own. */
static void coarse_reading(qj_in *in, const qv_mention *m, double hu)
{
	in->hu_coarse = m->num.half_unit > 0 ? hu * m->num.coarse_half_unit / m->num.half_unit : hu;
	in->coarse_sig = m->num.coarse_sig;
}

/* Judge the cited value c (half unit hu, in the reference's unit) against
 * out->ref as a single value: no uncertainty, no older editions. */
static void judge_point(const qv_mention *m, double c, double hu, double tol, qv_result *out)
{
	qj_in in;

	memset(&in, 0, sizeof(in));
	in.c = c;
	in.hu = hu;
	coarse_reading(&in, m, hu);
	in.r = out->ref.value;
	in.tol = tol;
	in.sig_digits = m->num.sig_digits;
	in.exponent = m->num.has_exponent ? m->num.exponent : 0;
	in.source = out->ref.source;
	in.edition = out->ref.edition;
	in.value_text = out->ref.value_text;
	query_judge(&in, out);
}

/* "1 atm = 101325 Pa", "1 ft = 0.3048 m": the unit's definition in the
 * unit tables is the reference (exact by definition). Units defined by a
 * CODATA constant ("1 eV = ...") go through that constant instead. */
static int judge_unit_definition(const query_units *u, const qv_mention *m, qv_result *out)
{
	double si, conv;
	char how[96], num[40];
	qv_reason *q;
	pk_buf name = PK_BUF_INIT;

	si = m->def_unit.scale + m->def_unit.offset;
	if (query_units_convert(u, si, &m->def_unit.dim, &m->unit.dim, &conv, how, sizeof(how)) < 0) {
		out->verdict = QV_UNIT_MISMATCH;
		if ((q = qv_reason_add(out, QR_DIMENSION))) {
			pk_utf8_copy(q->a, sizeof(q->a), m->unit_text);
			describe_dim(q->b, sizeof(q->b), &m->unit.dim);
			rtext(q->c, "1 %s", m->def_text);
			describe_dim(q->d, sizeof(q->d), &m->def_unit.dim);
		}
		return 0;
	}
	memset(&out->ref, 0, sizeof(out->ref));
	if (pk_buf_printf(&name, "1 %s in %s", m->def_text, m->unit_text) < 0)
		return PK_ENOMEM;
	out->ref.name = pk_buf_detach(&name);
	out->ref.value = (conv - m->unit.offset) / m->unit.scale;
	snprintf(num, sizeof(num), "%.15g", out->ref.value);
	out->ref.value_text = pk_strdup(num);
	out->ref.unit = pk_strdup(m->unit_text);
	out->ref.source = pk_strdup(m->def_origin[0] ? m->def_origin : "provkg units");
	out->ref.edition = pk_strdup("definition");
	out->ref.locator = pk_strdup(m->def_text);
	out->ref.quantity = pk_strdup("unit definition");
	out->ref.flags = KG_V_EXACT;
	out->have_ref = 1;
	if (!out->ref.name || !out->ref.value_text || !out->ref.unit || !out->ref.source || !out->ref.edition ||
	    !out->ref.locator || !out->ref.quantity)
		return pk_error_set(PK_ENOMEM, "out of memory");
	pk_str_copy(out->quantity, sizeof(out->quantity), out->ref.name);
	pk_str_copy(out->equivalence, sizeof(out->equivalence), how);
	out->relative_error = out->ref.value != 0 ? (m->num.value - out->ref.value) / out->ref.value : NAN;
	judge_point(m, m->num.value, m->num.half_unit, 0.01, out);
	return 0;
}

#define MEASURED_TOLERANCE 0.10 /* "approximate" against the nearest measured report */
#define TEMPERATURE_WINDOW 30.0 /* K: reports this close to the stated temperature */
#define ROOM_TEMPERATURE_MAX 320.0 /* K: a gap stated with no temperature is one up to room temperature */
#define RANGE_SPREAD_MAX 1.1 /* the reports' range agrees when its ends are within 10% */

/* Half a unit in the last digit a report was published with ("1.42" -> 0.005). */
static double published_half_unit(const char *text)
{
	const char *dot = text ? strchr(text, '.') : NULL;
	size_t d = 0;

	if (!dot)
		return 0.5;
	for (dot++; *dot >= '0' && *dot <= '9'; dot++)
		d++;
	return 0.5 * pow(10.0, -(double)d);
}

/* The temperature a report states in its note ("T = 300 K; Direct"), or NAN. */
static double report_temperature(const query_match *r)
{
	const char *t = r->note ? strstr(r->note, "T = ") : NULL;

	return t ? strtod(t + 4, NULL) : NAN;
}

/* A report's transition from its note: 'D' direct, 'I' indirect, 0 none
 * given. ("Indirect" holds no "Direct": the case differs.) */
static int report_transition(const query_match *r)
{
	if (!r->note)
		return 0;
	return strstr(r->note, "Indirect") ? 'I' : strstr(r->note, "Direct") ? 'D' : 0;
}

/* Of an amorphous sample (pif.c leads its note with the form)? */
static int report_amorphous(const query_match *r)
{
	return r->note && !strncmp(r->note, "Amorphous", 9);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The transition a material's band gap is, when its reports give both
 * (germanium's indirect 0.66 eV, its direct 0.80 eV; GaAs's direct 1.42
 * eV, its indirect 1.62 eV): the one whose reports' median is the lower
 * (the fundamental gap is the smaller), by more than 10%. 0 when they do
 * not give both, or their medians are closer. */
static int fundamental_transition(const cand *best)
{
	double v[2][64], md[2];
	size_t n[2] = { 0, 0 }, i, k;

	for (i = 0; i < best->ms.n; i++) {
		const query_match *r = &best->ms.m[i];
		int tr = report_transition(r);

		k = tr == 'D' ? 0 : 1;
		if (tr && !report_amorphous(r) && n[k] < 64)
			v[k][n[k]++] = r->value;
	}
	if (!n[0] || !n[1])
		return 0;
	for (k = 0; k < 2; k++) {
		qsort(v[k], n[k], sizeof(v[k][0]), cmp_double);
		md[k] = n[k] % 2 ? v[k][n[k] / 2] : (v[k][n[k] / 2 - 1] + v[k][n[k] / 2]) / 2;
	}
	/* (medians within 10% of each other, zinc telluride's 2.35 and 2.23
	 * eV, tellurium's: reports at other temperatures blur which is the
	 * lower, and neither is set aside) */
	if (md[0] <= 0 || md[1] <= 0 || fmax(md[0], md[1]) <= fmin(md[0], md[1]) * RANGE_SPREAD_MAX)
		return 0;
	return md[0] < md[1] ? 'D' : 'I';
}

/* A measured claim against measurement reports (a compilation lists
 * several per material: temperatures, transitions, methods). The reports
 * that fit the conditions the clause states (temperature within 30 K,
 * "direct"/"indirect") are compared, all of them when none fits; a clause
 * that states no temperature means one up to room temperature (GaAs's
 * 1.09 eV at 973 K is no band gap of GaAs as a text states it). The claim
 * matches a report rounded to the coarser of the two precisions (0.66
 * a report of 0.665; not 0.2 one of 0.1, which the sum of both half units
 * took), or lies within the range
 * the fitting reports span when they agree within 10% (silicon's 1.12 at
 * 300 K to 1.17 at 0 K); else it is approximate within the tolerance
 * (MEASURED_TOLERANCE, 10%) of the nearest; else, within the range of
 * reports that disagree (germanium's 0.005 to 0.889), unknown; else a
 * mismatch diagnosed against the nearest. Set aside are reports of an
 * amorphous sample (unless all are: a material known as a glass) and,
 * when the clause names no transition, reports of
 * the transition that is not the material's fundamental gap (see
 * fundamental_transition): a value that only they agree with is unknown
 * ("The band gap of Ge is 0.88 eV" agrees with its direct gap, not with
 * its band gap, the indirect 0.66-0.74 eV). */
static int judge_measured(const query_units *u, const pk_normtext *nt, const qv_mention *m, cand *best, double tol,
			  qv_result *out)
{
	double T = nt ? qv_clause_temperature(nt, m) : NAN, c, hu, si, lo = INFINITY, hi = -INFINITY, dmin = INFINITY;
	double lo_all = INFINITY, hi_all = -INFINITY;
	char transition[16] = "", cond[64] = "", how[96];
	size_t i, n = 0, n_all = 0, nearest = 0, agree = (size_t)-1, aside = (size_t)-1, n_aside = 0;
	size_t first_aside = 0;
	int use_t = 0, use_tr = 0, other_tr = 0, use_room = 0, hot = 0, in_range, fund = 0, crystal = 0;
	qv_reason *q;

	if (nt)
		qv_clause_transition(nt, m, transition, sizeof(transition));
	for (i = 0; i < best->ms.n; i++) {
		const query_match *r = &best->ms.m[i];
		double rt = report_temperature(r);

		use_t |= isfinite(T) && isfinite(rt) && fabs(rt - T) <= TEMPERATURE_WINDOW;
		use_tr |= transition[0] && r->note && strstr(r->note, transition);
		other_tr |= transition[0] && r->note && strstr(r->note, !strcmp(transition, "Direct") ? "Indirect" : "Direct");
		use_room |= !isfinite(T) && isfinite(rt) && rt <= ROOM_TEMPERATURE_MAX;
		hot |= isfinite(rt) && rt > ROOM_TEMPERATURE_MAX;
	}
	use_room &= hot; /* only when some report is hotter */
	/* "The direct band gap of Si is 3.4 eV": the reports are of the
	 * other transition (silicon's indirect 1.12 eV), none of this one */
	if (transition[0] && !use_tr && other_tr) {
		if ((q = qv_reason_add(out, QR_OTHER_TRANSITION))) {
			pk_str_copy(q->a, sizeof(q->a), !strcmp(transition, "Direct") ? "direct" : "indirect");
			pk_str_copy(q->b, sizeof(q->b), !strcmp(transition, "Direct") ? "indirect" : "direct");
			rtext(q->c, "%s of %s", best->ms.m[0].quantity ? best->ms.m[0].quantity : "value",
			      best->ms.m[0].entity ? best->ms.m[0].entity : "the material");
		}
		return 0;
	}
	if (use_t)
		snprintf(cond, sizeof(cond), "at %g K", T);
	else if (use_room)
		snprintf(cond, sizeof(cond), "up to room temperature");
	if (use_tr)
		snprintf(cond + strlen(cond), sizeof(cond) - strlen(cond), "%s%s", cond[0] ? ", " : "",
			 !strcmp(transition, "Direct") ? "direct" : "indirect");
	{
		cand tmp = *best;

		tmp.ref = 0;
		/* "1.12 eV/atom": per atom, where the reports are not (judge_one's level 0) */
		if (count_differs(m, &best->ms.m[0], &best->ref_unit) ||
		    qv_cited_in_ref(u, m, &tmp, &c, &hu, &si, how, sizeof(how)) < 0) {
			out->verdict = QV_UNIT_MISMATCH;
			dimension_reason(out, m, &best->ms.m[0], &best->ref_unit);
			/* the quantity the reports are of, named (no one report is the reference) */
			pk_str_copy(out->quantity, sizeof(out->quantity), best->ms.m[0].name ? best->ms.m[0].name : "");
			return 0;
		}
	}
	pk_str_copy(out->equivalence, sizeof(out->equivalence), how);
	if (!transition[0])
		fund = fundamental_transition(best);
	for (i = 0; i < best->ms.n && !crystal; i++)
		crystal = !report_amorphous(&best->ms.m[i]);
	for (i = 0; i < best->ms.n; i++) {
		const query_match *r = &best->ms.m[i];
		double rt = report_temperature(r), d = fabs(c - r->value);
		int agrees = d <= fmax(hu, published_half_unit(r->value_text)) + fabs(r->value) * QJ_FLOAT_SLACK;

		int fits = !((use_t && !(isfinite(rt) && fabs(rt - T) <= TEMPERATURE_WINDOW)) ||
			     (use_room && isfinite(rt) && rt > ROOM_TEMPERATURE_MAX) ||
			     (use_tr && !(r->note && strstr(r->note, transition))));

		if ((crystal && report_amorphous(r)) || (fund && report_transition(r) && report_transition(r) != fund)) {
			if (fits && !n_aside++)
				first_aside = i;
			if (fits && agrees && (aside == (size_t)-1 || d < fabs(c - best->ms.m[aside].value)))
				aside = i;
			continue;
		}
		n_all++;
		lo_all = fmin(lo_all, r->value);
		hi_all = fmax(hi_all, r->value);
		if (!fits)
			continue;
		n++;
		lo = r->value < lo ? r->value : lo;
		hi = r->value > hi ? r->value : hi;
		if (d < dmin) {
			dmin = d;
			nearest = i;
		}
		if (agrees && (agree == (size_t)-1 || d < fabs(c - best->ms.m[agree].value)))
			agree = i;
	}
	if (!n || (agree == (size_t)-1 && aside != (size_t)-1)) {
		/* none compared, or only a report set aside agrees: not decided */
		const query_match *r = &best->ms.m[aside != (size_t)-1 ? aside : first_aside];

		if (n_aside && (q = qv_reason_add(out, QR_SET_ASIDE))) {
			q->n = aside != (size_t)-1;
			pk_str_copy(q->a, sizeof(q->a), report_amorphous(r) ? "an amorphous sample" :
							report_transition(r) == 'D' ? "the direct gap" : "the indirect gap");
			pk_str_copy(q->b, sizeof(q->b), fund == 'D' ? "direct" : fund == 'I' ? "indirect" : "");
			pk_utf8_copy(q->c, sizeof(q->c), r->note ? r->note : "");
			q->x = r->value;
			pk_str_copy(q->e, sizeof(q->e), r->unit ? r->unit : "");
			rtext(q->d, "%s of %s", r->quantity ? r->quantity : "value", r->entity ? r->entity : "the material");
		}
		return 0;
	}
	if (agree != (size_t)-1)
		nearest = agree;
	/* the report named as the reference: taken over from the candidate */
	out->ref = best->ms.m[nearest];
	memset(&best->ms.m[nearest], 0, sizeof(query_match));
	out->have_ref = 1;
	pk_str_copy(out->quantity, sizeof(out->quantity), out->ref.name);
	out->relative_error = out->ref.value != 0 ? (c - out->ref.value) / out->ref.value : NAN;
	out->tolerance = tol;
	in_range = n > 1 && c >= lo - hu && c <= hi + hu;
	if (agree != (size_t)-1 || (in_range && lo > 0 && hi <= lo * RANGE_SPREAD_MAX)) {
		out->verdict = QV_MATCH;
	} else {
		judge_point(m, c, fmax(hu, published_half_unit(out->ref.value_text)), tol, out);
		if (out->verdict == QV_MISMATCH && in_range) {
			/* "SiO2 has a gap of 9 eV": within reports of 8 to 11 eV
			 * that disagree; neither confirmed nor refuted */
			out->verdict = QV_UNKNOWN;
			out->nreasons = 0;
			qv_reason_add(out, QR_REPORTS_DISAGREE);
		} else if (out->verdict == QV_MISMATCH && n == 1 && cond[0] && n_all > 1 && c >= lo_all - hu &&
			   c <= hi_all + hu) {
			/* "Bulk MoS2 has an indirect gap of 1.2 eV": the one
			 * indirect report (0.25 eV, 1973) is no refutation of
			 * what the material's other reports bracket */
			out->verdict = QV_UNKNOWN;
			out->nreasons = 0;
			if ((q = qv_reason_add(out, QR_ONE_REPORT))) {
				pk_utf8_copy(q->c, sizeof(q->c), cond);
				q->n = (int)n_all;
				q->x = lo_all;
				q->y = hi_all;
			}
		}
	}
	if ((q = qv_reason_add(out, QR_MEASURED))) {
		rtext(q->a, "%s %s", out->ref.source, out->ref.edition);
		q->n = (int)n;
		q->x = lo;
		q->y = hi;
		pk_utf8_copy(q->c, sizeof(q->c), cond);
	}
	return 0;
}

/* One unit in the last printed digit of "8.617 333 262... e-5", or 0. */
static double truncated_ulp(const char *text)
{
	const char *p = text ? strchr(text, '.') : NULL, *e;
	int decimals = 0;
	long ex = 0;

	if (!p)
		return 0;
	for (p++; *p && *p != 'e'; p++) {
		if (*p >= '0' && *p <= '9')
			decimals++;
		else if (*p == '.')
			break; /* the "..." */
	}
	if ((e = strchr(text, 'e')))
		ex = strtol(e + 1, NULL, 10);
	return pow(10.0, (double)(ex - decimals));
}

/* The reasons that come from the sentence: the CODATA edition it names. */
static void edition_reasons(const cand *best, const qv_result *ref_out, const char *named, qv_result *out)
{
	const query_match *nw = NULL;
	qv_reason *q;
	size_t i;

	if (!named[0] || !ref_out->ref.source || strcmp(ref_out->ref.source, "CODATA"))
		return;
	if (strcmp(ref_out->ref.edition, named)) {
		if ((q = qv_reason_add(out, QR_EDITION_NOT_HELD))) {
			snprintf(q->a, sizeof(q->a), "%s", named);
			snprintf(q->c, sizeof(q->c), "%s", ref_out->ref.edition);
		}
		return;
	}
	for (i = 0; i < best->ms.n; i++) {
		const query_match *x = &best->ms.m[i];

		if (x->name && x->source && !strcmp(x->source, "CODATA") && kg_edition_cmp(x->edition, named) > 0 &&
		    (!nw || kg_edition_cmp(x->edition, nw->edition) > 0))
			nw = x;
	}
	if ((q = qv_reason_add(out, QR_EDITION_NAMED))) {
		snprintf(q->a, sizeof(q->a), "%s", named);
		if (nw) {
			snprintf(q->c, sizeof(q->c), "%s", nw->edition);
			if (nw->value != ref_out->ref.value && nw->value_text)
				pk_utf8_copy(q->d, sizeof(q->d), nw->value_text);
		}
	}
}

/* Older editions of the reference's source and quantity (not other
 * materials), for "outdated". */
static size_t older_editions(const cand *best, const query_match *ref, qj_older *o, size_t max)
{
	size_t i, n = 0;

	for (i = 0; i < best->ms.n && n < max; i++) {
		const query_match *old = &best->ms.m[i];

		if (!old->name || strcmp(old->source, ref->source) || kg_edition_cmp(old->edition, ref->edition) >= 0 ||
		    (ref->rank && (!old->entity || strcmp(old->entity, ref->entity))))
			continue;
		o[n].value = old->value;
		o[n].edition = old->edition;
		n++;
	}
	return n;
}

static int judge_one(kg_txn *t, const query_units *u, const pk_normtext *nt, const qv_mention *m, const qv_opts *o,
		     qv_result *out);

/* "J/deg", "cal/(mol deg)": older texts' degree of temperature, which SI
 * reads as an angle. The unit with each "deg" token read as K, in *g and
 * its text in as; 0 when it has none or does not parse. */
static int deg_as_kelvin(const query_units *u, const char *unit, qu_unit *g, char *as, size_t asn)
{
	size_t i, o = 0, n = strlen(unit);
	int any = 0;

	for (i = 0; i < n && o + 2 < asn;) {
		if (!strncmp(unit + i, "deg", 3) && (i == 0 || !isalpha((unsigned char)unit[i - 1])) &&
		    !isalpha((unsigned char)unit[i + 3])) {
			as[o++] = 'K';
			i += 3;
			any = 1;
		} else {
			as[o++] = unit[i++];
		}
	}
	as[o] = '\0';
	if (!any || i < n || query_units_parse(u, as, o, g) < 0) {
		pk_error_clear();
		return 0;
	}
	return 1;
}

/* The verdict on m; a unit whose symbols are written together
 * ("Nm^2/kg^2", "JK^-1mol^-1", "ms^-1": query_units_parse_glued) or with
 * an old degree of temperature ("J/deg") that cannot be read, or that SI
 * reads as the wrong dimension ("ms^-1" per millisecond, "mK"
 * millikelvin, "deg" an angle), is judged in that reading when the
 * reading fits the quantity, and says so. */
static int judge_units(kg_txn *t, const query_units *u, const pk_normtext *nt, const qv_mention *m,
		       const qv_opts *o, qv_result *out)
{
	qv_mention mm;
	qv_result alt;
	qv_reason *q;
	qu_unit g;
	char as[64], dim[96] = "";
	int rc, degree = 0;

	if ((rc = judge_one(t, u, nt, m, o, out)) < 0)
		return rc;
	if (!(m->has_unit && out->verdict == QV_UNIT_MISMATCH) && !(m->unit_unread && out->verdict == QV_UNKNOWN))
		return 0;
	if (!query_units_parse_glued(u, m->unit_text, strlen(m->unit_text), &g, as, sizeof(as)) &&
	    !(degree = deg_as_kelvin(u, m->unit_text, &g, as, sizeof(as))))
		return 0;
	mm = *m;
	mm.unit = g;
	mm.has_unit = 1;
	mm.unit_unread = 0;
	qv_result_init(&alt);
	if ((rc = judge_one(t, u, nt, &mm, o, &alt)) < 0) {
		qv_result_release(&alt);
		return rc;
	}
	if (alt.verdict == QV_UNIT_MISMATCH || alt.verdict == QV_UNKNOWN) {
		qv_result_release(&alt);
		return 0;
	}
	if (m->has_unit)
		describe_dim(dim, sizeof(dim), &m->unit.dim);
	qv_result_release(out);
	*out = alt;
	out->m = m->has_unit ? *m : mm; /* the mention as written; an unread unit as read */
	if ((q = qv_reason_add(out, QR_UNIT_READ_AS))) {
		pk_utf8_copy(q->a, sizeof(q->a), m->unit_text);
		pk_utf8_copy(q->b, sizeof(q->b), as);
		pk_utf8_copy(q->c, sizeof(q->c), dim);
		q->n = degree;
	}
	query_value_explain(out, "en", out->diagnosis, sizeof(out->diagnosis));
	return 0;
}

/* How far around a number its text is read for the language (bounded:
 * an answer of many numbers stays linear). */
#define COMMA_WINDOW 1500

static int is_alpha_byte(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (unsigned char)c >= 0x80;
}

/* Whether the text around [a, b) is English prose that writes no decimal
 * comma: one of its commonest words as a whole word, and no comma between
 * digits that is not followed by exactly three digits ("2,5", "1,2345").
 * There a comma before three digits groups thousands (style guides agree;
 * an English text does not write 96,485 for 96.485). */
static int english_thousands(const pk_normtext *nt, size_t a, size_t b)
{
	static const char *const words[] = { "the", "is", "are", "was", "were", "of", "and", "about",
					     "approximately", "roughly", "around", "its" };
	const char *s;
	size_t n, lo, hi, i, k;
	int english = 0;

	if (!nt)
		return 0;
	s = nt->text.ptr;
	n = nt->text.len;
	lo = a > COMMA_WINDOW ? a - COMMA_WINDOW : 0;
	hi = b + COMMA_WINDOW < n ? b + COMMA_WINDOW : n;
	for (i = lo; i < hi; i++) {
		if (s[i] == ',' && i > lo && i + 1 < hi && s[i - 1] >= '0' && s[i - 1] <= '9' && s[i + 1] >= '0' &&
		    s[i + 1] <= '9') {
			size_t d = 0;

			while (i + 1 + d < hi && s[i + 1 + d] >= '0' && s[i + 1 + d] <= '9')
				d++;
			if (d != 3)
				return 0; /* a decimal comma somewhere near: not guessed */
			continue;
		}
		if (english || !is_alpha_byte(s[i]) || (i > lo && is_alpha_byte(s[i - 1])))
			continue;
		for (k = 0; k < sizeof(words) / sizeof(words[0]); k++) {
			size_t l = strlen(words[k]);

			if (i + l <= hi && !strncasecmp(s + i, words[k], l) && (i + l == hi || !is_alpha_byte(s[i + l]))) {
				english = 1;
				break;
			}
		}
	}
	return english;
}

/* m as written, and as read the other way (alt_value: its bounds,
 * uncertainty and precision scaled with it), judged: into out and rb
 * (initialised here; the caller releases it). */
static int judge_readings(kg_txn *t, const query_units *u, const pk_normtext *nt, const qv_mention *m,
			  const qv_opts *o, qv_result *out, qv_result *rb)
{
	qv_mention ma = *m, mb;
	double r = m->num.alt_value / m->num.value;
	int rc;

	ma.num.ambiguous_comma = 0;
	ma.num.flat_power = 0;
	mb = ma;
	mb.num.value = m->num.alt_value;
	mb.num.lo = m->num.lo * r;
	mb.num.hi = m->num.hi * r;
	mb.num.unc = m->num.unc * r;
	mb.num.half_unit = m->num.half_unit * r;
	if (m->num.flat_power) { /* the product: no power of ten written */
		mb.num.has_exponent = 0;
		mb.num.exponent = 0;
	}
	qv_result_init(rb);
	if ((rc = judge_units(t, u, nt, &ma, o, out)) < 0)
		return rc;
	return judge_units(t, u, nt, &mb, o, rb);
}

static int agrees(int verdict)
{
	return verdict == QV_MATCH || verdict == QV_APPROXIMATE || verdict == QV_OUTDATED;
}

/* "96,485 C/mol": a comma before three digits groups thousands or marks
 * decimals. Both readings are judged. The verdict stands when both give
 * it ("1,234 eV" for silicon's gap is wrong either way), or when the
 * thousands reading agrees with the reference in English text that
 * writes no decimal comma; otherwise nothing is guessed (unknown). A
 * thousands reading that is wrong where the decimal one is right ("1,120
 * eV") is never called a mismatch.
 * "6.022 140 76 × 1023 mol−1" (NIST's 10²³ copied as plain text) is a
 * power of ten or a product (6160.5): the verdict stands when both
 * readings give it, or when one agrees with the reference and the other
 * does not (no one writes a constant's value as a product that misses it
 * by 10^20); otherwise unknown. */
int query_value_judge(kg_txn *t, const query_units *u, const pk_normtext *nt, const qv_mention *m,
		      const qv_opts *o, qv_result *out)
{
	qv_result rb;
	qv_reason *q;
	int rc, either, taken = 0;

	if ((!m->num.ambiguous_comma && !m->num.flat_power) || m->num.is_range || m->num.overflow ||
	    m->num.value == 0 || !isfinite(m->num.alt_value))
		return judge_units(t, u, nt, m, o, out);
	if ((rc = judge_readings(t, u, nt, m, o, out, &rb)) < 0) {
		qv_result_release(&rb);
		return rc;
	}
	either = out->verdict == rb.verdict && out->verdict != QV_UNKNOWN;
	if (!either && m->num.ambiguous_comma)
		taken = agrees(out->verdict) && english_thousands(nt, m->num.start, m->num.end);
	else if (!either && agrees(out->verdict) != agrees(rb.verdict))
		taken = agrees(out->verdict) ? 1 : 2;
	if (taken == 2) { /* the product's verdict */
		qv_result_release(out);
		*out = rb;
	} else {
		qv_result_release(&rb);
	}
	if (!either && !taken) /* not guessed: unknown, both readings said */
		return judge_one(t, u, nt, m, o, out);
	if (taken == 2) { /* the product read: the power is the other reading */
		out->m.num.flat_power = 1;
		out->m.num.alt_value = m->num.value;
	} else {
		out->m = *m; /* the mention as written */
	}
	if ((q = qv_reason_add(out, m->num.flat_power ? QR_POWER_READ : QR_COMMA_READ))) {
		pk_utf8_copy(q->a, sizeof(q->a), m->num.text);
		q->x = taken == 2 ? m->num.alt_value : m->num.value;
		q->y = taken == 2 ? m->num.value : m->num.alt_value;
		q->n = taken;
	}
	query_value_explain(out, "en", out->diagnosis, sizeof(out->diagnosis));
	return 0;
}

/* A value judged against a computed reference only (the Materials
 * Project's DFT, GGA/PBE) by a text that does not name that method: a
 * measurement, or a value computed another way (LDA, HSE, GW), differs
 * from it by more than the tolerance (silicon's bulk modulus: 98 GPa
 * measured, 83 GPa from PBE), so a value within two tolerances of the
 * computed one is not refuted by it; a band gap within a factor of three
 * (PBE gaps run low by half or more: silicon's 1.12 eV measured, 0.61 eV
 * from PBE, 1.17 eV from HSE). A power of ten, a unit slip or a wrong sign
 * still is. */
static void computed_only(const pk_normtext *nt, const qv_mention *m, double c, qv_result *out)
{
	double ratio = out->ref.value != 0 ? c / out->ref.value : 0;
	size_t i;

	if (!out->computed || out->verdict != QV_MISMATCH || ratio <= 0 || (nt && qv_mp_method_in_clause(nt, m)))
		return;
	if (out->ref.quantity && strstr(out->ref.quantity, "band gap") ? ratio < 1.0 / 3 || ratio > 3
									: fabs(ratio - 1) > 2 * out->tolerance)
		return;
	for (i = 0; i < out->nreasons; i++)
		if (out->reasons[i].code != QR_WRONG_VALUE && out->reasons[i].code != QR_NO_UNIT)
			return;
	for (i = 0; i < out->nreasons; i++)
		if (out->reasons[i].code == QR_WRONG_VALUE) {
			out->reasons[i].code = QR_COMPUTED_ONLY;
			out->reasons[i].n = nt && qv_computed_in_clause(nt, m);
		}
	out->verdict = QV_UNKNOWN;
}

static int judge_one(kg_txn *t, const query_units *u, const pk_normtext *nt, const qv_mention *m, const qv_opts *o,
		     qv_result *out)
{
	cand *cs = NULL, *best = NULL, *unnamed = NULL;
	int shared = 0;
	size_t ncs = 0, i;
	double tol = o && o->tolerance > 0 ? o->tolerance : 0.01;
	double c = 0, hu = 0, si = NAN;
	char how[96], named[8] = "", other[48], form[48];
	qv_reason *q;
	int rc = 0, found;

	qv_result_release(out);
	qv_result_init(out);
	out->m = *m;
	out->have_mention = 1;
	if (m->has_unit)
		out->cited_si = m->num.value * m->unit.scale + m->unit.offset;
	if (m->num.overflow) {
		if ((q = qv_reason_add(out, QR_OUT_OF_RANGE)))
			pk_utf8_copy(q->a, sizeof(q->a), m->num.text);
		goto done;
	}
	if (m->num.power_unread) {
		if ((q = qv_reason_add(out, QR_POWER_UNREAD)))
			pk_utf8_copy(q->a, sizeof(q->a), m->num.text);
		goto done;
	}
	if (m->num.ambiguous_comma || m->num.flat_power) {
		if ((q = qv_reason_add(out, m->num.flat_power ? QR_AMBIGUOUS_POWER : QR_AMBIGUOUS_COMMA))) {
			pk_utf8_copy(q->a, sizeof(q->a), m->num.text);
			q->x = m->num.value;
			q->y = m->num.alt_value;
		}
		goto done;
	}
	if (m->unit_unread) {
		/* never drop or guess a unit */
		if ((q = qv_reason_add(out, QR_UNIT_UNREAD)))
			pk_utf8_copy(q->a, sizeof(q->a), m->unit_text);
		goto done;
	}
	if (m->qualifier[0]) {
		/* "the exciton Bohr radius is 11 nm" is not the Bohr radius */
		if ((q = qv_reason_add(out, QR_QUALIFIED))) {
			rtext(q->a, "%s%s%s", m->qualifier, (unsigned char)m->qualifier[0] >= 0x80 ? "" : " ", m->phrase);
			pk_utf8_copy(q->b, sizeof(q->b), m->phrase);
		}
		goto done;
	}
	if (m->unit_def && !m->query[0]) {
		rc = judge_unit_definition(u, m, out);
		goto done;
	}
	if (nt && !(o && o->edition))
		qv_named_edition(nt, m, named, sizeof(named));
	if ((rc = qv_candidates(t, nt, m, &cs, &ncs, other, sizeof(other))) < 0 ||
	    (shared = rc, rc = qv_split_by_quantity(&cs, &ncs)) < 0)
		goto done;
	if (!ncs && other[0]) {
		/* "GaAs has a gap of 1.424 eV": not silicon's, which the graph
		 * has; "the band gap of Si and GaAs is 1.12 eV" (shared): whose? */
		if ((q = qv_reason_add(out, QR_OTHER_SUBJECT))) {
			pk_utf8_copy(q->a, sizeof(q->a), other);
			q->n = shared;
		}
		goto done;
	}
	/* the reference of each candidate and how well the cited unit fits it */
	for (i = 0; i < ncs; i++) {
		cand *cd = &cs[i];
		const query_match *ref;
		double cv, chu, csi;

		/* the edition asked for, else the CODATA edition the sentence names */
		const char *ed = o && o->edition ? o->edition
				 : named[0] && has_edition(&cd->ms, "CODATA", named) ? named : NULL;

		cd->ref = cd->ms.n && cd->ms.m[0].rank ? qv_pick_material(cd, nt, ed, &found)
						       : qv_pick_ref(&cd->ms, ed, &found);
		if (!found) {
			cd->level = -1; /* no value of the edition asked for */
			continue;
		}
		ref = &cd->ms.m[cd->ref];
		cd->atomic = qv_is_atomic_quantity(ref);
		if (query_units_parse(u, ref->unit ? ref->unit : "", ref->unit ? strlen(ref->unit) : 0,
				      &cd->ref_unit) < 0) {
			pk_error_clear();
			cd->level = -1; /* a reference unit we cannot read */
			continue;
		}
		if (!m->has_unit)
			cd->level = 1;
		else if (count_differs(m, ref, &cd->ref_unit))
			cd->level = 0; /* "the band gap is 1.12 eV/atom": no band gap is per atom */
		else if (qu_dim_eq(&m->unit.dim, &cd->ref_unit.dim))
			cd->level = 3;
		else if (qv_cited_in_ref(u, m, cd, &cv, &chu, &csi, how, sizeof(how)) == 0 &&
			 /* a band gap or a density has no mass equivalent */
			 !((ref->rank || (ref->kind && !strcmp(ref->kind, "material property"))) && strstr(how, "m c^2")))
			cd->level = 2;
		else
			cd->level = 0;
		/* a number is not judged against a text (a crystal system), nor
		 * against a property of a material named alone whose unit it
		 * does not fit ("mp-13 0.5 h") */
		if ((ref->flags & KG_V_TEXT) || (cd->whole && cd->level == 0)) {
			cd->level = -1;
			continue;
		}
		/* a material named alone, its property not: "the electron
		 * affinity of GaAs is 4.07 eV" is no band gap of GaAs, however
		 * near the unit and the number; but a mass per volume of a
		 * material is its density ("mp-13 is 7.9 g/cm3"): no other
		 * property of a material has that unit */
		if (cd->whole && nt && ref->quantity && !(cd->level == 3 && !strcmp(ref->quantity, "density")) &&
		    !qv_clause_names_quantity(t, nt, m, ref->quantity)) {
			if (!unnamed)
				unnamed = cd;
			cd->level = -1;
			continue;
		}
		cd->variant = strstr(ref->quantity, " in ") != NULL;
		cd->exact_name = ref->name && !strcasecmp(ref->name, m->query);
		cd->same_scale = m->has_unit && cd->level == 3 && fabs(m->unit.scale / cd->ref_unit.scale - 1) < 1e-9;
		cd->closeness = INFINITY;
		if (cd->level > 0 && qv_cited_in_ref(u, m, cd, &cv, &chu, &csi, how, sizeof(how)) == 0 &&
		    ref->value != 0 && cv != 0 && !(ref->flags & KG_V_TEXT))
			cd->closeness = fabs(log10(fabs(cv / ref->value)));
	}
	/* measured against computed: a claim marked as computed ("DFT",
	 * "calculated") is compared with computed values only; any other
	 * claim with measured reports when the graph has them (a textbook
	 * band gap is measured), else with computed ones as before */
	{
		int computed_mark = 0, have_measured = 0;

		for (i = 0; i < ncs; i++)
			have_measured |= cs[i].measured && cs[i].level >= 1;
		if (have_measured)
			computed_mark = nt && qv_computed_mark(nt, m);
		for (i = 0; i < ncs && have_measured; i++) {
			cand *cd = &cs[i];

			if (cd->level < 0)
				continue;
			if (cd->measured ? computed_mark : have_measured && !computed_mark && cd->ms.n &&
								    (cd->ms.m[0].rank || (cd->ms.m[0].flags & KG_V_COMPUTED)))
				cd->level = -1;
		}
	}
	for (i = 0; i < ncs; i++) {
		cand *cd = &cs[i];

		if (cd->level < 0)
			continue;
		if (!best || cd->level > best->level ||
		    (cd->level == best->level && m->has_unit && cd->score > best->score)) {
			best = cd;
			continue;
		}
		if (cd->level != best->level || (m->has_unit && cd->score != best->score))
			continue;
		/* equals: with no unit written, the one whose value the number
		 * is (within 1%: "the Planck constant is 4.136e-15" is its value
		 * in eV/Hz); the reference in the unit the text writes, then the
		 * constant itself before its CODATA variants, then the closest */
		if (!m->has_unit && (cd->closeness < 0.0043) != (best->closeness < 0.0043)) {
			if (cd->closeness < 0.0043)
				best = cd;
		} else if (cd->same_scale != best->same_scale) {
			if (cd->same_scale)
				best = cd;
		} else if (cd->exact_name != best->exact_name) {
			if (cd->exact_name)
				best = cd; /* CODATA lists "unified atomic mass unit" beside the constant */
		} else if (cd->variant != best->variant) {
			if (!cd->variant)
				best = cd;
		} else if (cd->closeness < best->closeness) {
			best = cd;
		}
	}
	if (!best && unnamed) {
		/* the value is beside the material's name, but the sentence
		 * does not say which of its properties it is */
		if ((q = qv_reason_add(out, QR_PROPERTY_UNNAMED))) {
			pk_utf8_copy(q->a, sizeof(q->a), m->phrase);
			pk_utf8_copy(q->b, sizeof(q->b), unnamed->ms.m[unnamed->ref].quantity);
		}
		goto done;
	}
	if (!best && symbol_expression(m->phrase)) {
		/* "k_B T ≈ 25.9 meV": derived in the text, not a cited constant */
		out->variable = 1;
		if ((q = qv_reason_add(out, QR_EXPRESSION)))
			pk_utf8_copy(q->a, sizeof(q->a), m->phrase);
		goto done;
	}
	if (!best) {
		if (m->phrase[0] && (q = qv_reason_add(out, QR_NO_REFERENCE))) {
			pk_utf8_copy(q->a, sizeof(q->a), m->phrase);
			if (o && o->edition)
				pk_utf8_copy(q->b, sizeof(q->b), o->edition);
		} else if (!m->phrase[0]) {
			qv_reason_add(out, QR_NO_QUANTITY);
		}
		implausible(u, m, out->cited_si, NULL, out);
		goto done;
	}
	if (bare_symbol(m->phrase) && !best->ms.m[best->ref].rank && !resembles(m, best)) {
		const query_match *ref = &best->ms.m[best->ref];

		out->variable = 1;
		if ((q = qv_reason_add(out, QR_VARIABLE))) {
			pk_utf8_copy(q->a, sizeof(q->a), m->phrase);
			pk_utf8_copy(q->b, sizeof(q->b), ref->name);
			rtext(q->c, "%s%s%s", ref->value_text ? ref->value_text : "", ref->unit && *ref->unit ? " " : "",
			      ref->unit ? ref->unit : "");
			rtext(q->e, "%s%s%s", m->num.text, m->has_unit ? " " : "", m->has_unit ? m->unit_text : "");
			q->n = best->level != 0;
		}
		goto done;
	}
	if (nt && !m->has_unit && best->ms.m[best->ref].unit && *best->ms.m[best->ref].unit &&
	    qv_count_after(nt, m, form, sizeof(form))) {
		/* "the proton mass is about 1836 electron masses", "the muon
		 * mass is 207 times that of the electron": not the quantity in
		 * its unit, so not "no unit given" either */
		if ((q = qv_reason_add(out, QR_COUNT_AFTER))) {
			pk_utf8_copy(q->a, sizeof(q->a), form);
			pk_utf8_copy(q->b, sizeof(q->b), best->ms.m[best->ref].name);
		}
		goto done;
	}
	if (nt && (best->measured || (best->ms.n && (best->ms.m[best->ref].flags & KG_V_COMPUTED))) &&
	    qv_form_in_clause(nt, m, form, sizeof(form))) {
		/* "MoS2 monolayer has a direct band gap of 1.8 eV": the reports
		 * and the Materials Project describe the bulk crystal */
		out->verdict = QV_UNKNOWN;
		if ((q = qv_reason_add(out, QR_OTHER_FORM))) {
			pk_utf8_copy(q->a, sizeof(q->a), form);
			pk_utf8_copy(q->b, sizeof(q->b), best->ms.m[best->ref].name);
		}
		goto done;
	}
	if (best->measured) {
		rc = judge_measured(u, nt, m, best, o && o->tolerance > 0 ? o->tolerance : MEASURED_TOLERANCE, out);
		goto done;
	}
	/* take ownership of the reference match */
	out->ref = best->ms.m[best->ref];
	memset(&best->ms.m[best->ref], 0, sizeof(query_match));
	best->ms.m[best->ref].name = NULL;
	out->have_ref = 1;
	pk_str_copy(out->quantity, sizeof(out->quantity), out->ref.name);
	out->computed = (out->ref.flags & KG_V_COMPUTED) != 0;
	if (out->computed)
		tol = qv_computed_tolerance(&out->ref, o);
	out->tolerance = tol;
	pk_str_copy(out->selected_by, sizeof(out->selected_by), best->why);
	memcpy(out->candidates, best->ids, sizeof(out->candidates));
	out->ncandidates = best->nids;
	if (best->level == 0) {
		out->verdict = QV_UNIT_MISMATCH;
		dimension_reason(out, m, &out->ref, &best->ref_unit);
		implausible(u, m, out->cited_si, out->ref.quantity, out);
		goto done;
	}
	{
		qv_mention mm = *m;
		cand tmp = *best;

		tmp.ms.m = &out->ref; /* qv_cited_in_ref reads the reference through the cand */
		tmp.ref = 0;
		if (qv_cited_in_ref(u, &mm, &tmp, &c, &hu, &si, how, sizeof(how)) < 0) {
			out->verdict = QV_UNIT_MISMATCH;
			dimension_reason(out, m, &out->ref, &best->ref_unit);
			goto done;
		}
	}
	pk_str_copy(out->equivalence, sizeof(out->equivalence), how);
	out->relative_error = out->ref.value != 0 ? (c - out->ref.value) / out->ref.value : NAN;
	if (!m->has_unit && out->ref.unit && *out->ref.unit && (q = qv_reason_add(out, QR_NO_UNIT)))
		pk_utf8_copy(q->a, sizeof(q->a), out->ref.unit);
	if (m->unit_apart && (q = qv_reason_add(out, QR_UNIT_APART)))
		pk_utf8_copy(q->a, sizeof(q->a), m->unit_text);
	if (m->num.exact && !out->computed &&
	    ((out->ref.flags & KG_V_INTERVAL) || (out->ref.uncertainty > 0 && !(out->ref.flags & KG_V_NOUNC)))) {
		/* "exactly 9.109e-31 kg": a claim of exactness about a measured
		 * value is false, whatever its digits */
		out->verdict = QV_MISMATCH;
		if ((q = qv_reason_add(out, QR_NOT_EXACT))) {
			q->n = (out->ref.flags & KG_V_INTERVAL) != 0;
			q->x = out->ref.uncertainty;
		}
	} else if (out->computed && nt && qv_measured_in_clause(nt, m) && !qv_computed_mark(nt, m)) {
		/* a measured value is neither confirmed nor refuted by a computed
		 * one (DFT-PBE band gaps run well below experiment): not compared */
		qv_reason_add(out, QR_MEASURED_ONLY_COMPUTED);
	} else {
		qj_older older[16];
		char si_unit[64];
		qj_in in;
		double ratio = m->num.value != 0 ? c / m->num.value : 1;
		qu_unit ref_si;

		/* "Q = 2e elementary charge quanta": a value in a unit that is
		 * the quantity itself (e, a0, E_h, u), the quantity named after
		 * it, counts that quantity: it does not say what the quantity is
		 * worth, as "the elementary charge is 2 e" (a mismatch) does */
		if (m->has_unit && m->unit.constant && m->qstart >= m->end && fabs(fabs(m->num.value) - 1) > 1e-12 &&
		    out->ref.value != 0 &&
		    fabs(ratio / out->ref.value - 1) < 1e-9) {
			if ((q = qv_reason_add(out, QR_OWN_UNIT))) {
				rtext(q->a, "%s %s", m->num.text, m->unit_text);
				pk_utf8_copy(q->b, sizeof(q->b), out->ref.name);
				q->x = m->num.value;
			}
			out->relative_error = NAN;
			goto done;
		}
		/* a sign the reference's convention sets, the value judged by
		 * its magnitude: "the electron charge is -1.602e-19 C" (the
		 * electron's charge is -e); "the electron g-factor is 2.0023",
		 * "the muon magnetic moment is 4.49e-26 J/T" (g factors and
		 * moments are quoted by magnitude as often as with CODATA's
		 * sign, negative where the moment is antiparallel to the spin),
		 * "the electron charge-to-mass ratio is 1.759e11 C/kg" (e/m_e) */
		{
			const char *sign = NULL;

			if (c < 0 && out->ref.quantity && !strcmp(out->ref.quantity, "elementary charge") &&
			    (strstr(m->phrase, "electron") || strstr(m->phrase, "电子")))
				sign = "the electron's charge is -e";
			else if (c > 0 && out->ref.value < 0 && out->ref.name && !m->num.is_range &&
				 (strstr(out->ref.name, "g factor") || strstr(out->ref.name, "mag. mom.") ||
				  strstr(out->ref.name, "magnetic moment") || strstr(out->ref.name, "charge to mass quotient")))
				sign = "quoted by magnitude; CODATA gives it negative";
			if (sign) {
				c = -c;
				ratio = -ratio;
				out->relative_error = (c - out->ref.value) / out->ref.value;
				if ((q = qv_reason_add(out, QR_SIGN_CONVENTION)))
					snprintf(q->a, sizeof(q->a), "%s", sign);
			}
		}
		memset(&in, 0, sizeof(in));
		in.c = c;
		in.hu = hu;
		coarse_reading(&in, m, hu);
		in.range = m->num.is_range;
		in.clo = m->num.lo * ratio;
		in.chi = m->num.hi * ratio;
		if (in.clo > in.chi) {
			double x = in.clo;

			in.clo = in.chi;
			in.chi = x;
		}
		in.cunc = m->num.has_unc ? fabs(m->num.unc * ratio) : 0;
		if (m->num.truncated && !in.range) {
			/* "1.054 571 817... e-34": the digits are cut, the value lies
			 * in [cited, cited + one unit in the last digit] */
			in.range = 1;
			in.clo = c >= 0 ? c : c - 2 * hu;
			in.chi = c >= 0 ? c + 2 * hu : c;
		}
		in.r = out->ref.value;
		in.runc = out->ref.flags & (KG_V_NOUNC | KG_V_INTERVAL) ? 0 : out->ref.uncertainty;
		in.rinterval = (out->ref.flags & KG_V_INTERVAL) != 0;
		in.rlo = out->ref.lo;
		in.rhi = out->ref.hi;
		if ((out->ref.flags & KG_V_TRUNCATED) && !in.rinterval) {
			/* "3.335 640 951... e-9" (exact, truncated): the value lies
			 * between the printed digits and one unit more in the last */
			double ulp = truncated_ulp(out->ref.value_text);

			if (ulp > 0) {
				in.rinterval = 1;
				in.rlo = in.r >= 0 ? in.r : in.r - ulp;
				in.rhi = in.r >= 0 ? in.r + ulp : in.r;
			}
		}
		in.nolder = older_editions(best, &out->ref, older, 16);
		in.older = older;
		in.source = out->ref.source;
		in.edition = out->ref.edition;
		in.value_text = out->ref.value_text;
		in.tol = tol;
		in.sig_digits = m->num.sig_digits;
		in.exponent = m->num.has_exponent ? m->num.exponent : 0;
		/* unit slips: the number may be the reference's value in its own
		 * published unit or in SI, with another unit of that dimension
		 * written after it */
		in.raw = m->num.value;
		in.raw_hu = m->num.half_unit;
		in.cited_unit = m->unit_text;
		if (m->has_unit && best->level == 3 && !best->atomic) {
			if (fabs(m->unit.scale / best->ref_unit.scale - 1) > 1e-9) {
				in.slip_value[in.nslip] = out->ref.value;
				in.slip_unit[in.nslip++] = out->ref.unit ? out->ref.unit : "its unit";
			}
			ref_si.scale = best->ref_unit.scale;
			if (fabs(ref_si.scale - 1) > 1e-9 && fabs(m->unit.scale - 1) > 1e-9) {
				si_unit_name(si_unit, sizeof(si_unit), &best->ref_unit.dim);
				in.slip_value[in.nslip] = out->ref.value * ref_si.scale;
				in.slip_unit[in.nslip++] = si_unit;
			}
		}
		query_judge(&in, out);
		computed_only(nt, m, c, out);
	}
	if (out->verdict != QV_MATCH && out->ref.rank)
		qv_other_polymorph(best, &out->ref, c, hu + fabs(out->ref.value) * QJ_FLOAT_SLACK, out);
	edition_reasons(best, out, named, out);
	if (out->computed && (q = qv_reason_add(out, QR_COMPUTED))) {
		pk_utf8_copy(q->a, sizeof(q->a), out->ref.source);
		pk_utf8_copy(q->b, sizeof(q->b), out->ref.method ? out->ref.method : "DFT");
		rtext(q->c, "%s%s%s", out->ref.value_text ? out->ref.value_text : "", out->ref.unit ? " " : "",
		      out->ref.unit ? out->ref.unit : "");
		pk_utf8_copy(q->d, sizeof(q->d), out->ref.entity ? out->ref.entity : "");
	}
	implausible(u, m, out->cited_si, out->ref.quantity, out);
	rc = 0;
done:
	/* a number with no unit, far from the value in the unit it was read
	 * in: another unit may be meant ("the electron mass is 0.511", in
	 * MeV/c^2; "c = 3e5", in km/s); a wrong digit ("h = 6.0e-34"), a
	 * wrong sign or a swapped exponent is wrong in any unit */
	if (!m->has_unit && !m->unit_unread && out->verdict == QV_MISMATCH && out->have_ref && out->ref.value != 0 &&
	    qv_has_reason(out, QR_NO_UNIT) && /* not a pure number */
	    !(fabs(out->relative_error + 1) <= 3 && fabs(out->relative_error + 1) >= 1.0 / 3) &&
	    !qv_has_reason(out, QR_WRONG_SIGN) && !qv_has_reason(out, QR_SWAPPED_EXPONENT) &&
	    !qv_has_reason(out, QR_NOT_EXACT)) {
		size_t k = 0;

		/* no longer how it is wrong: not decided */
		for (i = 0; i < out->nreasons; i++) {
			qv_reason *r = &out->reasons[i];

			if (r->code == QR_WRONG_VALUE || r->code == QR_OFF_BY_POWER)
				continue;
			r->n = r->code == QR_NO_UNIT ? 1 : r->n;
			out->reasons[k++] = *r;
		}
		out->nreasons = k;
		out->verdict = QV_UNKNOWN;
	}
	/* a unit the clause states apart that is not the quantity's: the
	 * words may be no unit of this number's ("in Ga" a place) */
	if (m->unit_apart && out->verdict == QV_UNIT_MISMATCH) {
		out->verdict = QV_UNKNOWN;
		if ((q = qv_reason_add(out, QR_UNIT_APART))) {
			pk_utf8_copy(q->a, sizeof(q->a), m->unit_text);
			q->n = 1;
		}
	}
	if (cs) {
		qv_cand_release(cs, ncs);
		pk_free(cs);
	}
	query_value_explain(out, "en", out->diagnosis, sizeof(out->diagnosis));
	return rc < 0 ? rc : 0;
}

int query_value_check(kg_txn *t, const query_units *u, const char *text, size_t n, const qv_opts *o,
		      qv_result *out)
{
	pk_normtext nt;
	qv_mention *ms = NULL;
	size_t count = 0, i, best = 0;
	int rc, best_score = -1;

	qv_result_release(out);
	qv_result_init(out);
	if (n == 0 || strspn(text, " \t\r\n") >= n)
		return pk_error_set(PK_EINVAL, "empty text");
	if (n > TEXT_MAX)
		return pk_error_set(PK_ELIMIT, "text longer than %zu bytes", TEXT_MAX);
	if (memchr(text, '\0', n))
		return pk_error_set(PK_EINVAL, "NUL byte in text");
	if (!pk_utf8_valid(text, n))
		return pk_error_set(PK_EINVAL, "text is not valid UTF-8");
	pk_normtext_init(&nt, TEXT_MAX * 4);
	if ((rc = pk_normtext_set(&nt, text, n)) < 0)
		goto done;
	if ((rc = query_value_mentions(t, u, &nt, &ms, &count)) < 0)
		goto done;
	if (count == 0) {
		snprintf(out->diagnosis, sizeof(out->diagnosis), "no value with a unit or a named quantity found");
		goto done;
	}
	/* the best-placed mention: named and with a unit first; a
	 * reference's year or pages is none */
	for (i = 0; i < count; i++) {
		int sc = (ms[i].phrase[0] ? 4 : 0) + (ms[i].has_unit ? 2 : 0);

		if (qv_mention_of_reference(&nt, &ms[i]))
			continue;

		if (sc > best_score) {
			best_score = sc;
			best = i;
		}
	}
	if (best_score < 0) {
		snprintf(out->diagnosis, sizeof(out->diagnosis),
			 "no value with a unit or a named quantity found (only a reference's year or pages)");
		goto done;
	}
	rc = query_value_judge(t, u, &nt, &ms[best], o, out);
done:
	pk_free(ms);
	pk_normtext_release(&nt);
	return rc;
}

