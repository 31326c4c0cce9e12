/* eval/input.h - model answers from the files eval teams have.
 *
 * Formats (detected from the content; a caller may name one):
 *   text          the whole file is one answer
 *   jsonl         one {"id","model","text"} object per line; other fields
 *                 by dotted paths ("output.completion", "choices.0.text")
 *   inspect       an Inspect log: the `.eval` zip (header.json or
 *                 _journal/start.json for eval.model and the status,
 *                 samples/{id}_epoch_{n}.json, entries deflated or Zstandard,
 *                 read with libarchive) or the JSON log: samples[].id and
 *                 epoch, output.completion, else output.choices[0]
 *                 .message.content (a string or a list of text parts)
 *   lm-eval       lm-evaluation-harness samples JSONL: doc_id, resps[0][0]
 *                 (resps[0] when a fork flattened it), filtered_resps[0] only
 *                 when resps is absent or empty; loglikelihood samples (resps of
 *                 [logprob, is_greedy]) have no text: skipped, said once; the
 *                 model from results_*.json beside the file
 *   openai-evals  OpenAI evals logs (JSONL): spec.completion_fns[0] is the
 *                 model; each event of type "sampling" is an answer,
 *                 data.sampled[0], sample_id, except a sampling by another
 *                 model (data.model) or one whose prompt quotes an earlier
 *                 answer of the same sample (a grader, a chain-of-thought's
 *                 extraction step): skipped, counted, said once
 *   helm          HELM display_predictions.json: [{instance_id,
 *                 train_trial_index, predicted_text (else thinking_text),
 *                 perturbation}], or scenario_state.json (request_states);
 *                 the model from run_spec.json beside (adapter_spec.model)
 *   every-eval-ever  instance-level JSONL of the Every Eval Ever schema
 *                 (instance_level_eval.schema.json): sample_id, model_id,
 *                 output.raw (single turn) or the assistant messages
 * Answers come out in order. A record that cannot be read (not JSON, no
 * text where the format puts it, over the size limit) comes out as an
 * answer with `error` set, so an output stream stays aligned with the
 * input's records. JSON Lines are streamed; the JSON formats are read
 * whole (at most 2 GiB) and parsed one sample at a time.
 */
#ifndef EV_INPUT_H
#define EV_INPUT_H

#include <stddef.h>

enum ev_format {
	EV_FMT_AUTO, EV_FMT_TEXT, EV_FMT_JSONL, EV_FMT_INSPECT, EV_FMT_LMEVAL, EV_FMT_OPENAI, EV_FMT_HELM, EV_FMT_EEE
};
#define EV_FMT_LAST EV_FMT_EEE
/* The name of an EV_FMT_* format ("auto", "text", "jsonl", "inspect", ...),
 * as --format takes it (static). */
const char *ev_format_name(int f);
/* The format named name, or -1 with the error "one of auto, text, ..."
 * (the names it knows). */
int ev_format_parse(const char *name);

typedef struct ev_answer {
	const char *id_json;   /* the record's id as JSON ("12", "\"q-3\""), or NULL */
	const char *model;     /* or NULL */
	const char *text;      /* the answer (NULL when error is set) */
	size_t len;
	const char *error;     /* why this record could not be read, or NULL */
	char where[160];       /* "answers.jsonl:12", "log.json: samples[3]" */
	int format;            /* the format it was read as (EV_FMT_TEXT: a whole text) */
	int epoch;             /* Inspect's epoch (1..), 0 when the format has none */
	const char *perturbation; /* HELM: the perturbation's name, or NULL */
} ev_answer;

/* Called for what a reader notices about a whole input that is not one
 * record's business: "no samples (status cancelled)", "12 loglikelihood
 * samples have no generated text". The message is borrowed for the call. */
typedef void (*ev_warn_fn)(void *ctx, const char *msg);

typedef struct ev_input_opts {
	int format;             /* EV_FMT_AUTO: detect */
	const char *text_field; /* jsonl: dotted path of the answer (default "text") */
	const char *id_field;   /* default "id" */
	const char *model_field;/* default "model" */
	const char *model;      /* model name when the input gives none */
	size_t max_answer;      /* bytes of one record (0: 16 MiB) */
	ev_warn_fn warn;        /* or NULL; called with the answer callback's ctx */
} ev_input_opts;

/* Called per answer, in order; a negative return stops reading and is
 * returned. Strings are borrowed for the call. */
typedef int (*ev_answer_fn)(void *ctx, const ev_answer *a);

/* Read path ("-": standard input; .gz read through). *detected gets the
 * format used. Returns 0, a read error (PK_EIO, PK_EPARSE for a JSON file
 * that is not the format named, a zip archive on a pipe, an
 * lm-evaluation-harness results file given without its samples), or fn's
 * error. An input that holds no answer at all (an Inspect log with no
 * samples, an OpenAI evals log with no sampling event) is 0 with a warning. */
int ev_read_answers(const char *path, const ev_input_opts *o, ev_answer_fn fn, void *ctx, int *detected);

#endif
