/* eval/input.h - model answers from the files eval teams have.
 *
 * Formats (detected from the content; a caller may name one):
 *   text          the whole file is one answer
 *   jsonl         one {"id","model","text"} object per line; other fields
 *                 by dotted paths ("output.completion", "choices.0.text")
 *   inspect       `inspect log dump` JSON: eval.model, samples[].id (and
 *                 epoch), output.completion, else output.choices[0]
 *                 .message.content (a string or a list of text parts)
 *   lm-eval       lm-evaluation-harness samples JSONL: doc_id, resps[0][0],
 *                 else filtered_resps[0]
 *   openai-evals  OpenAI evals logs (JSONL): spec.completion_fns[0] is the
 *                 model; each event of type "sampling" is an answer,
 *                 data.sampled[0], sample_id; other events are skipped
 *   helm          HELM display_predictions.json: [{instance_id,
 *                 train_trial_index, predicted_text}]
 * Answers come out in order. A record that cannot be read (not JSON, no
 * text where the format puts it, over the size limit) comes out as an
 * answer with `error` set, so an output stream stays aligned with the
 * input's records. JSON Lines are streamed; the JSON formats are read
 * whole (at most 2 GiB) and parsed one sample at a time.
 */
#ifndef EV_INPUT_H
#define EV_INPUT_H

#include <stddef.h>

enum ev_format { EV_FMT_AUTO, EV_FMT_TEXT, EV_FMT_JSONL, EV_FMT_INSPECT, EV_FMT_LMEVAL, EV_FMT_OPENAI, EV_FMT_HELM };
const char *ev_format_name(int f);
/* -1 if unknown */
int ev_format_parse(const char *name);

typedef struct ev_answer {
	const char *id_json;   /* the record's id as JSON ("12", "\"q-3\""), or NULL */
	const char *model;     /* or NULL */
	const char *text;      /* the answer (NULL when error is set) */
	size_t len;
	const char *error;     /* why this record could not be read, or NULL */
	char where[160];       /* "answers.jsonl:12", "log.json: samples[3]" */
} ev_answer;

typedef struct ev_input_opts {
	int format;             /* EV_FMT_AUTO: detect */
	const char *text_field; /* jsonl: dotted path of the answer (default "text") */
	const char *id_field;   /* default "id" */
	const char *model_field;/* default "model" */
	const char *model;      /* model name when the input gives none */
	size_t max_answer;      /* bytes of one record (0: 16 MiB) */
} ev_input_opts;

/* Called per answer, in order; a negative return stops reading and is
 * returned. Strings are borrowed for the call. */
typedef int (*ev_answer_fn)(void *ctx, const ev_answer *a);

/* Read path ("-": standard input; .gz read through). *detected gets the
 * format used. Returns 0, a read error (PK_EIO, PK_EPARSE for a JSON file
 * that is not the format named), or fn's error. */
int ev_read_answers(const char *path, const ev_input_opts *o, ev_answer_fn fn, void *ctx, int *detected);

#endif
