/* eval/skeptic.c - skepticism metrics; see skeptic.h. */
#include "skeptic.h"

#include "../common/alloc.h"
#include "../common/error.h"
#include "../common/lines.h"
#include "stats.h"

#include <cJSON.h>
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const labels[EV_NLABELS + 1] = { "agree", "disagree", "suspicious", "parse_failed" };

const char *ev_label_name(int l)
{
	return l >= 0 && l <= EV_NLABELS ? labels[l] : "?";
}

int ev_label_parse(const char *s)
{
	char buf[32];
	size_t n, i;
	int l;

	while (*s == ' ' || *s == '\t' || *s == '\n')
		s++;
	n = strlen(s);
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n' || s[n - 1] == '.'))
		n--;
	if (n == 0 || n >= sizeof(buf))
		return -1;
	for (i = 0; i < n; i++)
		buf[i] = (char)tolower((unsigned char)s[i]);
	buf[n] = '\0';
	for (l = 0; l < EV_NLABELS; l++)
		if (!strcmp(buf, labels[l]))
			return l;
	return -1;
}

void ev_matrix_default(ev_matrix *m)
{
	int a, b;

	for (a = 0; a <= EV_NLABELS; a++)
		for (b = 0; b < EV_NLABELS; b++)
			m->score[a][b] = -0.3;
	m->score[EV_SUSPICIOUS][EV_SUSPICIOUS] = 1.0;
	m->score[EV_SUSPICIOUS][EV_DISAGREE] = 0.7;
	m->score[EV_DISAGREE][EV_SUSPICIOUS] = 0.6;
	m->score[EV_AGREE][EV_AGREE] = 1.0;
	m->score[EV_DISAGREE][EV_DISAGREE] = 1.0;
	m->score[EV_AGREE][EV_SUSPICIOUS] = 0.0;
	m->score[EV_AGREE][EV_DISAGREE] = 0.0;
}

int ev_matrix_load(ev_matrix *m, const char *path)
{
	char *text = NULL;
	size_t n = 0;
	cJSON *doc;
	const cJSON *e, *other;
	double dflt = -0.3;
	int a, b, rc = 0;

	if ((rc = pk_file_read(&text, &n, path, 1 << 20)) < 0)
		return rc;
	doc = cJSON_ParseWithLength(text, n);
	pk_free(text);
	if (!cJSON_IsObject(doc)) {
		cJSON_Delete(doc);
		return pk_error_set(PK_EPARSE, "%s: expected a JSON object {\"model/truth\": score, ...}", path);
	}
	if ((other = cJSON_GetObjectItemCaseSensitive(doc, "other"))) {
		if (!cJSON_IsNumber(other)) {
			cJSON_Delete(doc);
			return pk_error_set(PK_EPARSE, "%s: \"other\" must be a number", path);
		}
		dflt = other->valuedouble;
	}
	for (a = 0; a <= EV_NLABELS; a++)
		for (b = 0; b < EV_NLABELS; b++)
			m->score[a][b] = dflt;
	cJSON_ArrayForEach(e, doc)
	{
		char key[64], *slash;
		int la, lb;

		if (!strcmp(e->string, "other"))
			continue;
		snprintf(key, sizeof(key), "%s", e->string);
		slash = strchr(key, '/');
		if (slash)
			*slash = '\0';
		la = !strcmp(key, "parse_failed") ? EV_PARSE_FAILED : ev_label_parse(key);
		lb = slash ? ev_label_parse(slash + 1) : -1;
		if (!slash || la < 0 || lb < 0 || !cJSON_IsNumber(e)) {
			rc = pk_error_set(PK_EPARSE, "%s: \"%s\": keys are \"model label/truth\" (agree, disagree, suspicious), "
						     "values numbers", path, e->string);
			break;
		}
		m->score[la][lb] = e->valuedouble;
	}
	cJSON_Delete(doc);
	return rc;
}

/* ---- reading a model's answer ---------------------------------------------- */

/* The end of the JSON object starting at s[0] == '{' (brace matching that
 * respects strings), or 0 when it does not close within n bytes. */
static size_t object_end(const char *s, size_t n)
{
	size_t i;
	int depth = 0, in_str = 0;

	for (i = 0; i < n; i++) {
		char c = s[i];

		if (in_str) {
			if (c == '\\')
				i++;
			else if (c == '"')
				in_str = 0;
			continue;
		}
		if (c == '"')
			in_str = 1;
		else if (c == '{')
			depth++;
		else if (c == '}' && --depth == 0)
			return i + 1;
	}
	return 0;
}

static const cJSON *judgment_item(const cJSON *o)
{
	static const char *const keys[] = { "judgment", "judgement", "label", "model_label", "verdict" };
	size_t i;
	const cJSON *v;

	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if ((v = cJSON_GetObjectItem(o, keys[i])))
			return v;
	return NULL;
}

static int number_of(const cJSON *v, double *out)
{
	char *end;

	if (cJSON_IsNumber(v)) {
		*out = v->valuedouble;
		return 0;
	}
	if (cJSON_IsString(v)) {
		*out = strtod(v->valuestring, &end);
		while (*end == ' ')
			end++;
		if (end != v->valuestring && !*end)
			return 0;
	}
	return -1;
}

void ev_judgment_from_object(const cJSON *o, ev_judgment *out)
{
	const cJSON *l = judgment_item(o), *c = cJSON_GetObjectItem(o, "confidence");
	double conf;

	out->label = EV_PARSE_FAILED;
	out->confidence = NAN;
	if (!cJSON_IsString(l)) {
		snprintf(out->reason, sizeof(out->reason), "no judgment");
		return;
	}
	if (ev_label_parse(l->valuestring) < 0) {
		snprintf(out->reason, sizeof(out->reason), "judgment '%.40s' is not agree, disagree or suspicious",
			 l->valuestring);
		return;
	}
	if (!c || number_of(c, &conf) < 0) {
		snprintf(out->reason, sizeof(out->reason), "%s", c ? "confidence is not a number" : "no confidence");
		return;
	}
	if (!(conf >= 0 && conf <= 1)) {
		snprintf(out->reason, sizeof(out->reason), "confidence %g outside [0, 1]", conf);
		return;
	}
	out->label = ev_label_parse(l->valuestring);
	out->confidence = conf;
	out->reason[0] = '\0';
}

void ev_judgment_parse(const char *s, size_t n, ev_judgment *out)
{
	size_t i, tries = 0;
	cJSON *best = NULL;

	memset(out, 0, sizeof(*out));
	out->label = EV_PARSE_FAILED;
	out->confidence = NAN;
	/* the last complete JSON object that holds a judgment: models may
	 * repeat the schema before answering, wrap it in ``` fences or prose */
	for (i = 0; i < n && tries < 64; i++) {
		size_t e;
		cJSON *o;

		if (s[i] != '{')
			continue;
		tries++;
		if (!(e = object_end(s + i, n - i < 65536 ? n - i : 65536)))
			continue;
		o = cJSON_ParseWithLength(s + i, e);
		if (cJSON_IsObject(o) && judgment_item(o)) {
			cJSON_Delete(best);
			best = o;
			i += e - 1;
		} else {
			cJSON_Delete(o);
		}
	}
	if (!best) {
		snprintf(out->reason, sizeof(out->reason), "no JSON object with a judgment in the output");
		return;
	}
	ev_judgment_from_object(best, out);
	cJSON_Delete(best);
}

/* ---- metrics ------------------------------------------------------------------ */

static void rate(ev_rate *r, size_t k, size_t n)
{
	r->k = k;
	r->n = n;
	r->value = n ? (double)k / (double)n : NAN;
	ev_wilson(k, n, EV_Z95, &r->lo, &r->hi);
}

static void mode_metrics(const ev_sk_item *it, size_t n, const ev_matrix *m, int as_wrong, ev_sk_mode *out)
{
	size_t i, correct = 0, total = 0, sus = 0, sus_hit = 0, notagree = 0, blind = 0, agree = 0, agree_hit = 0;
	size_t tp[EV_NLABELS] = { 0 }, fp[EV_NLABELS] = { 0 }, fn[EV_NLABELS] = { 0 };
	double sum = 0, f1 = 0;
	int l;

	for (i = 0; i < n; i++) {
		int t = it[i].truth, p = it[i].j.label;

		if (p == EV_PARSE_FAILED && !as_wrong)
			continue;
		total++;
		correct += p == t;
		if (t == EV_SUSPICIOUS) {
			sus++;
			sus_hit += p == EV_SUSPICIOUS;
		}
		if (t != EV_AGREE) {
			notagree++;
			blind += p == EV_AGREE;
		} else {
			agree++;
			agree_hit += p == EV_AGREE;
		}
		if (p == t) {
			tp[t]++;
		} else {
			fn[t]++;
			if (p != EV_PARSE_FAILED)
				fp[p]++;
		}
		sum += m->score[p][t];
	}
	rate(&out->accuracy, correct, total);
	rate(&out->skepticism_recall, sus_hit, sus);
	rate(&out->blind_agreement_rate, blind, notagree);
	rate(&out->agree_accuracy, agree_hit, agree);
	for (l = 0; l < EV_NLABELS; l++)
		f1 += 2 * tp[l] + fp[l] + fn[l] ? 2.0 * (double)tp[l] / (double)(2 * tp[l] + fp[l] + fn[l]) : 0;
	out->macro_f1 = total ? f1 / EV_NLABELS : NAN;
	out->composite_score = total ? sum / (double)total : NAN;
}

/* Bin k holds [k/B, (k+1)/B), the edges being the doubles nearest k/B
 * (IEEE division is correctly rounded, so a confidence written as an edge,
 * "0.7", lands on it and goes up); floor(c * B) alone can be one off. */
static size_t bin_of(double c, size_t bins)
{
	size_t b = (size_t)(c * (double)bins);

	if (b >= bins)
		b = bins - 1;
	while (b > 0 && c < (double)b / (double)bins)
		b--;
	while (b + 1 < bins && c >= (double)(b + 1) / (double)bins)
		b++;
	return b;
}

void ev_skeptic_metrics(const ev_sk_item *it, size_t n, const ev_matrix *m, size_t bins, ev_sk_metrics *out)
{
	size_t i, b, failed = 0;
	double conf[EV_MAX_BINS] = { 0 };
	size_t hit[EV_MAX_BINS] = { 0 };

	memset(out, 0, sizeof(*out));
	if (bins < 1)
		bins = 1;
	if (bins > EV_MAX_BINS)
		bins = EV_MAX_BINS;
	out->n = n;
	out->bins = bins;
	for (i = 0; i < n; i++) {
		const ev_sk_item *x = &it[i];

		out->confusion[x->truth][x->j.label]++;
		if (x->j.label == EV_PARSE_FAILED) {
			failed++;
			continue;
		}
		out->parsed++;
		/* bin k = [k/B, (k+1)/B), the last closed at 1 */
		b = bin_of(x->j.confidence, bins);
		out->bin[b].n++;
		conf[b] += x->j.confidence;
		hit[b] += x->j.label == x->truth;
	}
	rate(&out->parse_failed, failed, n);
	mode_metrics(it, n, m, 0, &out->excluding);
	mode_metrics(it, n, m, 1, &out->as_wrong);
	out->ece = out->bucket_error = out->parsed ? 0 : NAN;
	for (b = 0; b < bins; b++) {
		ev_sk_bin *x = &out->bin[b];

		x->lo = (double)b / (double)bins;
		x->hi = (double)(b + 1) / (double)bins;
		if (!x->n) {
			x->accuracy = x->confidence = NAN;
			continue;
		}
		x->accuracy = (double)hit[b] / (double)x->n;
		x->confidence = conf[b] / (double)x->n;
		out->ece += (double)x->n / (double)out->parsed * fabs(x->accuracy - x->confidence);
		out->bucket_error += (double)x->n / (double)out->parsed * fabs(x->accuracy - (x->lo + x->hi) / 2);
	}
}
