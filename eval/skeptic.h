/* eval/skeptic.h - skepticism evaluation: does a model doubt what deserves
 * doubt?
 *
 * Dataset items {"id","claim","category","ground_truth","rationale"} with
 * ground truth agree / disagree / suspicious; model results {"id",
 * "model_label","confidence","reason"}, or the raw answer in "output" from
 * which {"judgment","confidence","reason"} is read (code fences and prose
 * around it tolerated; "judgement" and "label" accepted for the key; a
 * numeric string is a number). A result is parse_failed, with the reason,
 * when it cannot be read, has no label or an unknown one, or a confidence
 * missing or outside [0, 1]; an item with no result is parse_failed too.
 * With several "attempt"s for one id the highest attempt counts (the last
 * one in the file when equal).
 *
 * Parse failures enter the rates two ways, both reported:
 *   excluding  rates over the parsed answers only;
 *   as_wrong   rates over every item, a failure being no label at all: it
 *              is never correct, never "suspicious", never "agree", and
 *              scores as "every other pair" in the composite matrix.
 * Calibration uses the parsed answers: confidence of the label given,
 * correct = label equals ground truth; equal-width bins over [0, 1], bin k
 * = [k/B, (k+1)/B) and the last bin closed at 1, the edges being the doubles
 * nearest k/B (a confidence written as an edge, "0.7", goes up). ECE = sum_b n_b/N
 * |accuracy_b - mean confidence_b|; the bucket error uses the bin centre
 * (k + 0.5)/B instead of the mean confidence.
 */
#ifndef EV_SKEPTIC_H
#define EV_SKEPTIC_H

#include <stddef.h>

enum { EV_AGREE, EV_DISAGREE, EV_SUSPICIOUS, EV_NLABELS, EV_PARSE_FAILED = EV_NLABELS };
/* "agree", "disagree", "suspicious", and "parse_failed" for
 * EV_PARSE_FAILED (static; "?" for anything else). */
const char *ev_label_name(int label);
/* -1 if not a label */
int ev_label_parse(const char *s);

#define EV_MAX_BINS 100

/* score[model label][truth]; model label EV_PARSE_FAILED is a row too */
typedef struct ev_matrix {
	double score[EV_NLABELS + 1][EV_NLABELS];
} ev_matrix;

/* The default matrix (issue text): suspicious/suspicious 1.0,
 * suspicious/disagree 0.7, disagree/suspicious 0.6, agree/agree 1.0,
 * disagree/disagree 1.0, agree/suspicious 0.0, agree/disagree 0.0, every
 * other pair -0.3 (written model label/truth). */
void ev_matrix_default(ev_matrix *m);
/* {"suspicious/disagree": 0.7, ...}: pairs not given keep the default
 * "other" score, given as "other" (default -0.3). PK_EPARSE naming the bad
 * key. */
int ev_matrix_load(ev_matrix *m, const char *path);

/* A parsed model answer. */
typedef struct ev_judgment {
	int label;          /* EV_AGREE ... or EV_PARSE_FAILED */
	double confidence;
	char reason[160];   /* why parsing failed, else "" */
} ev_judgment;

/* Read {"judgment","confidence","reason"} from a model's raw output. */
void ev_judgment_parse(const char *output, size_t n, ev_judgment *out);
/* The same from an object already parsed ({"model_label","confidence"}). */
struct cJSON;
void ev_judgment_from_object(const struct cJSON *o, ev_judgment *out);

typedef struct ev_rate {
	size_t k, n;
	double value;       /* k / n, NAN when n = 0 */
	double lo, hi;      /* Wilson 95% */
} ev_rate;

typedef struct ev_sk_mode {
	ev_rate accuracy, skepticism_recall, blind_agreement_rate, agree_accuracy;
	double macro_f1;
	double composite_score;  /* mean matrix score, NAN when no item */
} ev_sk_mode;

typedef struct ev_sk_bin {
	double lo, hi;
	size_t n;
	double accuracy, confidence;
} ev_sk_bin;

typedef struct ev_sk_metrics {
	size_t n, parsed;
	ev_rate parse_failed;
	ev_sk_mode excluding, as_wrong;
	size_t confusion[EV_NLABELS][EV_NLABELS + 1]; /* [truth][model label or parse_failed] */
	size_t bins;
	ev_sk_bin bin[EV_MAX_BINS];
	double ece, bucket_error;                     /* NAN when nothing parsed */
} ev_sk_metrics;

/* One scored item: truth and the model's judgment. */
typedef struct ev_sk_item {
	int truth;
	ev_judgment j;
} ev_sk_item;

/* Metrics of items[0..n). bins in 1..EV_MAX_BINS. */
void ev_skeptic_metrics(const ev_sk_item *items, size_t n, const ev_matrix *m, size_t bins, ev_sk_metrics *out);

#endif
