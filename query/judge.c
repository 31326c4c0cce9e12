/* query/judge.c - one number against one reference; see judge.h. */
#include "judge.h"

#include "../kg/graph.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* Is a ratio whose |log10| is l 1, or a prefix slip 10^(3k), within 1%? */
int query_near_power_of_1000_log(double l)
{
	return fabs(l - 3 * nearbyint(l / 3)) < 0.0043;
}

static void set_text(char *dst, const char *src)
{
	pk_str_copy(dst, QV_REASON_TEXT, src ? src : "");
}

/* The kind of wrong number: a unit slip, a swapped exponent, off by a
 * power of ten, the wrong sign, or just wrong. */
static void diagnose(const qj_in *in, qv_result *out)
{
	double c = in->c, r = in->r, ratio, l, mant, tol = in->tol;
	qv_reason *q;
	size_t i;
	int p;

	for (i = 0; i < in->nslip && c != 0; i++) {
		double v = in->slip_value[i], slack = in->raw_hu + fabs(v) * (tol > 0.01 ? tol : 0.01);

		if (v != 0 && fabs(in->raw - v) <= slack && (q = qv_reason_add(out, QR_UNIT_SLIP))) {
			char num[48];

			set_text(q->a, in->cited_unit);
			set_text(q->b, in->slip_unit[i]);
			snprintf(num, sizeof(num), "%.7g", r * in->raw / c);
			set_text(q->d, num);
			return;
		}
	}
	if (r == 0 || c == 0) {
		qv_reason_add(out, QR_WRONG_VALUE);
		return;
	}
	ratio = c / r;
	if (ratio < 0 && fabs(fabs(ratio) - 1) <= tol) {
		qv_reason_add(out, QR_WRONG_SIGN);
		return;
	}
	l = log10(fabs(ratio));
	p = (int)lround(l);
	mant = fabs(ratio) / pow(10.0, p);
	if (p != 0 && fabs(mant - 1) <= (tol > 0.02 ? tol : 0.02)) {
		int rexp = (int)floor(log10(fabs(r)));

		if (in->exponent != 0 && in->exponent == -rexp && (q = qv_reason_add(out, QR_SWAPPED_EXPONENT))) {
			q->n = in->exponent;
			q->x = rexp;
		} else if ((q = qv_reason_add(out, QR_OFF_BY_POWER))) {
			q->n = p;
			q->x = p % 3 == 0;
		}
		return;
	}
	qv_reason_add(out, QR_WRONG_VALUE);
}

int query_judge(const qj_in *in, qv_result *out)
{
	double c = in->c, r = in->r, diff, prec, u;
	qv_reason *q;
	size_t i;

	prec = in->hu + fabs(r) * QJ_FLOAT_SLACK;
	if (in->range)
		diff = r < in->clo ? in->clo - r : r > in->chi ? r - in->chi : 0;
	else if (in->rinterval)
		diff = c < in->rlo ? in->rlo - c : c > in->rhi ? c - in->rhi : 0;
	else
		diff = fabs(c - r);
	if (diff <= prec)
		return out->verdict = QV_MATCH;
	/* outdated: an older edition's value at the cited precision (the newest such) */
	out->matched_edition[0] = '\0';
	for (i = 0; i < in->nolder; i++) {
		const qj_older *o = &in->older[i];

		if (fabs(c - o->value) <= in->hu + fabs(o->value) * QJ_FLOAT_SLACK &&
		    (!out->matched_edition[0] || kg_edition_cmp(o->edition, out->matched_edition) > 0))
			pk_str_copy(out->matched_edition, sizeof(out->matched_edition), o->edition);
	}
	if (out->matched_edition[0]) {
		if ((q = qv_reason_add(out, QR_OUTDATED))) {
			set_text(q->a, in->source);
			set_text(q->b, out->matched_edition);
			set_text(q->c, in->edition);
			set_text(q->d, in->value_text);
		}
		return out->verdict = QV_OUTDATED;
	}
	/* compatible within their combined standard uncertainty (k = 2) */
	u = sqrt(in->runc * in->runc + in->cunc * in->cunc);
	if (u > 0 && !in->rinterval && diff <= 2 * u + fabs(r) * QJ_FLOAT_SLACK) {
		if ((q = qv_reason_add(out, QR_WITHIN_UNCERTAINTY))) {
			q->x = 2;
			q->y = u;
		}
		return out->verdict = QV_MATCH;
	}
	if (r != 0 && diff / fabs(r) <= in->tol) {
		if ((q = qv_reason_add(out, QR_APPROXIMATE))) {
			q->x = in->tol;
			q->n = in->sig_digits;
		}
		return out->verdict = QV_APPROXIMATE;
	}
	/* "Standard atmospheric pressure is 100 kPa": wrong at three
	 * significant digits, right at one; which the zeros are is not
	 * written, so the number is not called wrong */
	if (!in->range && in->hu_coarse > in->hu && diff <= in->hu_coarse + fabs(r) * QJ_FLOAT_SLACK) {
		if ((q = qv_reason_add(out, QR_TRAILING_ZEROS)))
			q->n = in->coarse_sig;
		return out->verdict = QV_APPROXIMATE;
	}
	diagnose(in, out);
	return out->verdict = QV_MISMATCH;
}
