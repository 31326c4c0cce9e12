/* eval/input.c - model answers from files; see input.h. */
#include "input.h"

#include "../common/alloc.h"
#include "../common/buf.h"
#include "../common/dynlib.h"
#include "../common/error.h"
#include "../common/flatjson.h"
#include "../common/lines.h"
#include "../common/pj.h"
#include "../common/records.h"
#include "../common/text.h"

#include <archive.h>
#include <archive_entry.h>
#include <cJSON.h>
#include <fcntl.h>
#include <glob.h>
#include <math.h>
#include <stdio.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* libarchive is loaded when a zip log is first read (common/dynlib.h),
 * its functions called through this table */
#ifndef PK_SONAME_ARCHIVE
#define PK_SONAME_ARCHIVE "libarchive.so.13"
#endif
#define ARCHIVE_FNS(X, t) \
	X(t, archive_entry_pathname) X(t, archive_error_string) X(t, archive_read_data) X(t, archive_read_data_skip) \
	X(t, archive_read_free) X(t, archive_read_new) X(t, archive_read_next_header) X(t, archive_read_open_fd) \
	X(t, archive_read_open_filename) X(t, archive_read_support_format_zip_seekable)
PK_DYNLIB_TABLE(ar, archive_lib, PK_SONAME_ARCHIVE, ARCHIVE_FNS);
#define archive_entry_pathname (*ar.archive_entry_pathname_p)
#define archive_error_string (*ar.archive_error_string_p)
#define archive_read_data (*ar.archive_read_data_p)
#define archive_read_data_skip (*ar.archive_read_data_skip_p)
#define archive_read_free (*ar.archive_read_free_p)
#define archive_read_new (*ar.archive_read_new_p)
#define archive_read_next_header (*ar.archive_read_next_header_p)
#define archive_read_open_fd (*ar.archive_read_open_fd_p)
#define archive_read_open_filename (*ar.archive_read_open_filename_p)
#define archive_read_support_format_zip_seekable (*ar.archive_read_support_format_zip_seekable_p)

#define QUOTE_MIN 16                  /* bytes of an earlier answer a follow-up prompt must quote */
#define RING 64                       /* recent answers kept per OpenAI evals log */

const char *ev_format_name(int f)
{
	switch (f) {
	case EV_FMT_TEXT: return "text";
	case EV_FMT_JSONL: return "jsonl";
	case EV_FMT_INSPECT: return "inspect";
	case EV_FMT_LMEVAL: return "lm-eval";
	case EV_FMT_OPENAI: return "openai-evals";
	case EV_FMT_HELM: return "helm";
	case EV_FMT_EEE: return "every-eval-ever";
	default: return "auto";
	}
}

int ev_format_parse(const char *name)
{
	int f;
	char known[200];
	size_t len = 0;

	for (f = EV_FMT_AUTO; f <= EV_FMT_LAST; f++)
		if (!strcmp(name, ev_format_name(f)))
			return f;
	for (f = EV_FMT_AUTO; f <= EV_FMT_LAST && len < sizeof(known); f++)
		len += (size_t)snprintf(known + len, sizeof(known) - len, "%s%s", f ? ", " : "", ev_format_name(f));
	pk_error_set(PK_EINVAL, "one of %s", known);
	return -1;
}

/* "output.choices.0.message.content" */
static const cJSON *get_path(const cJSON *root, const char *path)
{
	const cJSON *cur = root;
	char seg[128];

	while (cur && *path) {
		size_t l = strcspn(path, ".");
		char *end;
		long idx;

		if (l >= sizeof(seg))
			return NULL;
		memcpy(seg, path, l);
		seg[l] = '\0';
		path += l + (path[l] == '.');
		idx = strtol(seg, &end, 10);
		if (cJSON_IsArray(cur) && *end == '\0' && end != seg)
			cur = cJSON_GetArrayItem(cur, (int)idx);
		else if (cJSON_IsObject(cur))
			cur = cJSON_GetObjectItemCaseSensitive(cur, seg);
		else
			return NULL;
	}
	return cur;
}

/* A message content: a string, or a list of parts whose "text" is joined. */
static int content_text(const cJSON *v, pk_buf *out)
{
	const cJSON *part;

	if (cJSON_IsString(v))
		return pk_buf_puts(out, v->valuestring);
	if (!cJSON_IsArray(v))
		return PK_ENOTFOUND;
	cJSON_ArrayForEach(part, v)
	{
		const cJSON *t = cJSON_GetObjectItemCaseSensitive(part, "text");

		if (cJSON_IsString(part) && pk_buf_puts(out, part->valuestring) < 0)
			return PK_ENOMEM;
		if (cJSON_IsString(t) && ((out->len && pk_buf_putc(out, '\n') < 0) || pk_buf_puts(out, t->valuestring) < 0))
			return PK_ENOMEM;
	}
	return out->ptr ? 0 : PK_ENOTFOUND;
}

typedef struct rd {
	const ev_input_opts *o;
	int fmt;               /* the format being read */
	ev_answer_fn fn;
	void *ctx;
	char name[512];        /* the input's name, for messages */
	const char *path;      /* the path read (borrowed), for the files beside it */
	char model[256];       /* from the log itself (inspect, openai-evals) */
	size_t max;
	/* the record being emitted */
	int epoch;
	char perturbation[128];
	/* what is said once per input */
	size_t answers;        /* records handed to fn */
	size_t no_text;        /* lm-eval loglikelihood samples */
	size_t followups;      /* openai-evals: grader or follow-up samplings */
	size_t sampling;       /* openai-evals: sampling events seen */
	size_t perturbed;      /* helm: perturbed predictions */
	char status[32];       /* inspect: the log's status */
	cJSON *fns;            /* openai-evals: spec.completion_fns */
	struct { char *sid, *text; } ring[RING]; /* openai-evals: recent answers */
	size_t ring_next;
} rd;

static void warn(rd *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void warn(rd *r, const char *fmt, ...)
{
	char msg[600];
	va_list ap;

	if (!r->o->warn)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	r->o->warn(r->ctx, msg);
}

/* A string member, or NULL. */
static const char *jstr(const cJSON *o, const char *path)
{
	const cJSON *v = get_path(o, path);

	return cJSON_IsString(v) ? v->valuestring : NULL;
}

/* Hand one record to the callback: text found or an error. */
static int emit(rd *r, const cJSON *rec, const char *where, const char *text, size_t len, const char *model,
		const char *error)
{
	ev_answer a;
	const cJSON *id = NULL;
	char *id_json = NULL, id_int[21];
	char msg[256];
	int rc;

	memset(&a, 0, sizeof(a));
	if (rec) {
		int fmt = r->fmt;
		const char *idf = fmt == EV_FMT_LMEVAL ? "doc_id" : fmt == EV_FMT_OPENAI || fmt == EV_FMT_EEE ? "sample_id"
					: fmt == EV_FMT_HELM ? (cJSON_GetObjectItemCaseSensitive(rec, "instance") ? "instance.id" : "instance_id")
					: r->o->id_field ? r->o->id_field : "id";

		id = get_path(rec, idf);
		/* an id that is an int (not -0) as cJSON prints it ("%1.15g":
		 * an int's digits), without its printer's allocations */
		if (cJSON_IsNumber(id) && id->valuedouble == (double)id->valueint && !signbit(id->valuedouble))
			pk_str_int(id_int, id->valueint);
		else if (id && !(id_json = cJSON_PrintUnformatted(id)))
			return pk_error_set(PK_ENOMEM, "out of memory");
	}
	a.id_json = cJSON_IsNumber(id) && !id_json ? id_int : id_json;
	a.model = model && *model ? model : r->model[0] ? r->model : r->o->model;
	a.format = r->fmt;
	a.epoch = r->epoch;
	a.perturbation = r->perturbation[0] ? r->perturbation : NULL;
	pk_str_copy(a.where, sizeof(a.where), where);
	if (!error && text && len > r->max) {
		snprintf(msg, sizeof(msg), "%s: an answer of %zu bytes (more than %zu)", where, len, r->max);
		error = msg;
	}
	if (error) {
		a.error = error;
	} else {
		a.text = text;
		a.len = len;
	}
	r->answers++;
	rc = r->fn(r->ctx, &a);
	cJSON_free(id_json);
	return rc;
}

/* Is `got` the candidate `want`, or a dated release of it
 * ("gpt-3.5-turbo-0613" of "gpt-3.5-turbo")? */
static int same_model(const char *want, const char *got)
{
	size_t n = strlen(want);

	return !strcmp(want, got) || (!strncmp(want, got, n) && got[n] == '-');
}

/* A prompt as text: a string, or the contents of a list of messages. */
static int prompt_text(const cJSON *p, pk_buf *out)
{
	const cJSON *m;

	if (cJSON_IsString(p))
		return pk_buf_puts(out, p->valuestring);
	cJSON_ArrayForEach(m, p)
	{
		const cJSON *c = cJSON_IsObject(m) ? cJSON_GetObjectItemCaseSensitive(m, "content") : m;

		if (cJSON_IsString(c) && (pk_buf_puts(out, c->valuestring) < 0 || pk_buf_putc(out, '\n') < 0))
			return PK_ENOMEM;
	}
	return 0;
}

/* OpenAI evals: is this sampling event the candidate answering, or a
 * grader (another of the run's completion functions, by data.model) or a
 * follow-up step whose prompt quotes an earlier answer of the same sample
 * (a model-graded eval's grader, a chain-of-thought's extraction)? */
static int openai_followup(rd *r, const cJSON *rec)
{
	const char *dm = jstr(rec, "data.model"), *sid = jstr(rec, "sample_id");
	const cJSON *f;
	pk_buf p = PK_BUF_INIT;
	size_t i;
	int k = 0, hit = 0;

	if (dm && cJSON_GetArraySize(r->fns) > 1) {
		int cand = 0;

		cJSON_ArrayForEach(f, r->fns)
		{
			int same = cJSON_IsString(f) && same_model(f->valuestring, dm);

			if (k++ == 0)
				cand = same;
			else if (same && !cand)
				return 1; /* another completion function of the run */
		}
	}
	if (!sid)
		return 0;
	if (prompt_text(get_path(rec, "data.prompt"), &p) < 0) {
		pk_buf_release(&p);
		return PK_ENOMEM;
	}
	for (i = 0; i < RING && !hit; i++)
		if (r->ring[i].sid && !strcmp(r->ring[i].sid, sid) && p.ptr && strstr(p.ptr, r->ring[i].text))
			hit = 1;
	pk_buf_release(&p);
	return hit;
}

/* Remember an answer of a sample (its trimmed text, if long enough to be
 * recognised when quoted). */
static int openai_remember(rd *r, const cJSON *rec, const char *text, size_t len)
{
	const char *sid = jstr(rec, "sample_id");
	size_t i = r->ring_next % RING;

	while (len && memchr(" \t\r\n", *text, 4))
		text++, len--;
	while (len && memchr(" \t\r\n", text[len - 1], 4))
		len--;
	if (!sid || len < QUOTE_MIN)
		return 0;
	pk_free(r->ring[i].sid);
	pk_free(r->ring[i].text);
	r->ring[i].sid = pk_strdup(sid);
	r->ring[i].text = pk_strndup(text, len > 4096 ? 4096 : len);
	if (!r->ring[i].sid || !r->ring[i].text)
		return pk_error_set(PK_ENOMEM, "out of memory");
	r->ring_next++;
	return 0;
}

/* lm-evaluation-harness: a loglikelihood response, [logprob, is_greedy]
 * ("-12.5", "False"), or a bare number (a rolling loglikelihood)? */
static int lmeval_score(const cJSON *v)
{
	const cJSON *lp = cJSON_GetArrayItem(v, 0), *g = cJSON_GetArrayItem(v, 1);
	char *end;

	if (cJSON_IsNumber(v))
		return 1;
	if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) != 2 || !g)
		return 0;
	if (cJSON_IsString(lp))
		strtod(lp->valuestring, &end);
	else
		end = NULL;
	return (cJSON_IsNumber(lp) || (end && end != lp->valuestring && !*end)) &&
	       (cJSON_IsBool(g) || (cJSON_IsString(g) && (!strcmp(g->valuestring, "True") || !strcmp(g->valuestring, "False"))));
}

/* lm-evaluation-harness: the generated text of a sample. resps holds a
 * list per request, [[text]] (or [text] where a fork or v0.7 flattened
 * it); the first text is the answer. A loglikelihood request gives
 * [[logprob, is_greedy]] instead: no text (1). filtered_resps (what the
 * harness kept after its answer filters) is read only when resps is
 * absent or empty. */
static int lmeval_text(const cJSON *rec, const cJSON **v)
{
	const cJSON *cur = cJSON_GetObjectItemCaseSensitive(rec, "resps");
	int depth;

	*v = NULL;
	if (!cur || (cJSON_IsArray(cur) && !cJSON_GetArraySize(cur)))
		cur = cJSON_GetObjectItemCaseSensitive(rec, "filtered_resps");
	for (depth = 0; depth < 4 && cJSON_IsArray(cur); depth++) {
		if (lmeval_score(cur))
			return 1;
		cur = cJSON_GetArrayItem(cur, 0);
	}
	if (lmeval_score(cur))
		return 1;
	*v = cur;
	return 0;
}

/* Every Eval Ever: output.raw (single turn), else the assistant turns. */
static int eee_text(const cJSON *rec, pk_buf *out)
{
	const cJSON *raw = get_path(rec, "output.raw"), *m;

	if (cJSON_IsArray(raw) && cJSON_GetArraySize(raw) > 0) {
		cJSON_ArrayForEach(m, raw)
			if (cJSON_IsString(m) && ((out->len && pk_buf_putc(out, '\n') < 0) || pk_buf_puts(out, m->valuestring) < 0))
				return PK_ENOMEM;
		return out->ptr ? 0 : PK_ENOTFOUND;
	}
	cJSON_ArrayForEach(m, cJSON_GetObjectItemCaseSensitive(rec, "messages"))
	{
		const char *role = jstr(m, "role"), *c = jstr(m, "content");

		if (role && c && !strcmp(role, "assistant") &&
		    ((out->len && pk_buf_putc(out, '\n') < 0) || pk_buf_puts(out, c) < 0))
			return PK_ENOMEM;
	}
	return out->ptr ? 0 : PK_ENOTFOUND;
}

/* One JSON record of a line-oriented format. */
static int from_record(rd *r, const cJSON *rec, const char *where)
{
	pk_buf text = PK_BUF_INIT;
	const cJSON *v = NULL, *m = NULL;
	char model[256] = "";
	char err[256];
	const char *missing = "data.sampled[0]";
	int rc;

	switch (r->fmt) {
	case EV_FMT_LMEVAL:
		if (lmeval_text(rec, &v) == 1) {
			r->no_text++;
			return 0;
		}
		missing = "resps[0][0], or filtered_resps[0] without resps";
		break;
	case EV_FMT_OPENAI: {
		const cJSON *type = cJSON_GetObjectItemCaseSensitive(rec, "type");
		const cJSON *spec = cJSON_GetObjectItemCaseSensitive(rec, "spec");

		if (spec) { /* the run's header: the model */
			const cJSON *fns = get_path(spec, "completion_fns.0");

			if (!cJSON_IsString(fns))
				fns = cJSON_GetObjectItemCaseSensitive(spec, "model");
			if (cJSON_IsString(fns))
				snprintf(r->model, sizeof(r->model), "%s", fns->valuestring);
			cJSON_Delete(r->fns);
			r->fns = cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(spec, "completion_fns"), 1);
			return 0;
		}
		if (!cJSON_IsString(type) || strcmp(type->valuestring, "sampling"))
			return 0; /* match, metrics, final_report: not answers */
		r->sampling++;
		if ((rc = openai_followup(r, rec)) != 0) {
			if (rc < 0)
				return pk_error_set(PK_ENOMEM, "out of memory");
			r->followups++;
			return 0;
		}
		v = get_path(rec, "data.sampled");
		if (cJSON_IsArray(v))
			v = cJSON_GetArrayItem(v, 0);
		if (cJSON_IsString(v) && (rc = openai_remember(r, rec, v->valuestring, strlen(v->valuestring))) < 0)
			return rc;
		break;
	}
	case EV_FMT_EEE:
		if ((rc = eee_text(rec, &text)) == PK_ENOMEM) {
			pk_buf_release(&text);
			return pk_error_set(PK_ENOMEM, "out of memory");
		}
		m = cJSON_GetObjectItemCaseSensitive(rec, "model_id");
		if (cJSON_IsString(m))
			snprintf(model, sizeof(model), "%s", m->valuestring);
		if (rc < 0) {
			snprintf(err, sizeof(err), "%s: no output.raw and no assistant message", where);
			rc = emit(r, rec, where, NULL, 0, model, err);
		} else {
			rc = emit(r, rec, where, text.ptr, text.len, model, NULL);
		}
		pk_buf_release(&text);
		return rc;
	default:
		v = get_path(rec, r->o->text_field ? r->o->text_field : "text");
		m = get_path(rec, r->o->model_field ? r->o->model_field : "model");
		if (cJSON_IsString(m))
			snprintf(model, sizeof(model), "%s", m->valuestring);
		missing = r->o->text_field ? r->o->text_field : "text";
		break;
	}
	if ((rc = content_text(v, &text)) == PK_ENOMEM) {
		pk_buf_release(&text);
		return pk_error_set(PK_ENOMEM, "out of memory");
	}
	if (rc < 0) {
		snprintf(err, sizeof(err), "%s: no answer text (%s)", where, missing);
		rc = emit(r, rec, where, NULL, 0, model, err);
	} else {
		rc = emit(r, rec, where, text.ptr, text.len, model, NULL);
	}
	pk_buf_release(&text);
	return rc;
}

static int from_line(rd *r, const char *line, size_t len, const char *where)
{
	cJSON *rec;
	char err[256];
	int rc;

	if (pk_mem_find(line, len, "\\u0000", 6)) {
		snprintf(err, sizeof(err), "%s: NUL character (\\u0000) in the record", where);
		return emit(r, NULL, where, NULL, 0, NULL, err);
	}
	if (memchr(line, '\0', len)) {
		/* cJSON would end the text at a raw NUL byte: refuse instead */
		snprintf(err, sizeof(err), "%s: a raw NUL byte in the record (column %zu)", where,
			 (size_t)((const char *)memchr(line, '\0', len) - line) + 1);
		return emit(r, NULL, where, NULL, 0, NULL, err);
	}
	/* (the common record, an object of strings and numbers, is read
	 * flat: the tree cJSON would build) */
	if (!(rec = pk_json_parse_flat(line, len)))
		rec = cJSON_ParseWithLength(line, len);
	if (!rec || !cJSON_IsObject(rec)) {
		cJSON_Delete(rec);
		snprintf(err, sizeof(err), "%s: not a JSON object", where);
		return emit(r, NULL, where, NULL, 0, NULL, err);
	}
	rc = from_record(r, rec, where);
	cJSON_Delete(rec);
	return rc;
}

/* ---- whole-file JSON formats ------------------------------------------- */

/* The slice of the next value, parsed. */
static cJSON *next_value(pj *j)
{
	const char *start;

	while (j->p < j->end && (*j->p == ' ' || *j->p == '\n' || *j->p == '\r' || *j->p == '\t' || *j->p == ','))
		j->p++;
	start = j->p;
	if (pj_skip(j) < 0)
		return NULL;
	return cJSON_ParseWithLength(start, (size_t)(j->p - start));
}

static int key_is(const char *k, size_t kl, const char *want)
{
	return strlen(want) == kl && !memcmp(k, want, kl);
}

/* One Inspect sample (of the JSON log or a .eval entry). */
static int inspect_sample(rd *r, const cJSON *s, const char *where)
{
	const cJSON *v, *ep = cJSON_GetObjectItemCaseSensitive(s, "epoch");
	pk_buf t = PK_BUF_INIT;
	int rc;

	r->epoch = cJSON_IsNumber(ep) && ep->valueint > 0 ? ep->valueint : 0;
	v = get_path(s, "output.completion");
	if (!cJSON_IsString(v) || !*v->valuestring)
		v = get_path(s, "output.choices.0.message.content");
	if ((rc = content_text(v, &t)) == PK_ENOMEM) {
		rc = pk_error_set(PK_ENOMEM, "out of memory");
	} else if (rc == 0 && t.len) {
		const char *om = jstr(s, "output.model");

		rc = emit(r, s, where, t.ptr, t.len, om && !r->model[0] ? om : NULL, NULL);
	} else {
		char err[400];
		const char *why = jstr(s, "error.message");

		if (why)
			snprintf(err, sizeof(err), "%s: the sample ended in an error, no output: %.200s", where, why);
		else
			snprintf(err, sizeof(err), "%s: no output.completion or output.choices[0].message.content", where);
		rc = emit(r, s, where, NULL, 0, NULL, err);
	}
	pk_buf_release(&t);
	r->epoch = 0;
	return rc;
}

/* The model and status from an Inspect header (the log, header.json or
 * _journal/start.json). */
static void inspect_header(rd *r, const cJSON *h)
{
	const char *m = jstr(h, "eval.model"), *st = jstr(h, "status");

	if (m)
		snprintf(r->model, sizeof(r->model), "%s", m);
	if (st)
		snprintf(r->status, sizeof(r->status), "%s", st);
}

/* Said at the end of an Inspect log: a run that did not succeed, or no
 * samples at all (not zero answers of the model: nothing was read). */
static void inspect_done(rd *r, size_t samples)
{
	if (!samples)
		warn(r, "%s: an Inspect log with no samples (status %s): nothing to check", r->name,
		     r->status[0] ? r->status : "not given");
	else if (r->status[0] && strcmp(r->status, "success"))
		warn(r, "%s: the Inspect run's status is %s: %zu sample%s read, the log may be incomplete", r->name,
		     r->status, samples, samples == 1 ? "" : "s");
}

/* HELM: a prediction's perturbation ("perturbation": {"name": ...}). */
static void helm_variant(rd *r, const cJSON *s)
{
	const cJSON *p = cJSON_GetObjectItemCaseSensitive(s, "perturbation");

	if (!p && (p = get_path(s, "instance.perturbation")) == NULL) {
		r->perturbation[0] = '\0';
		return;
	}
	if (cJSON_IsObject(p))
		p = cJSON_GetObjectItemCaseSensitive(p, "name");
	snprintf(r->perturbation, sizeof(r->perturbation), "%s", cJSON_IsString(p) ? p->valuestring : "unnamed");
	r->perturbed++;
}

/* One HELM prediction: display_predictions.json (predicted_text, else
 * thinking_text) or a scenario_state.json request state
 * (result.completions[0].text). */
static int helm_prediction(rd *r, const cJSON *s, const char *where)
{
	const char *t = jstr(s, "predicted_text");
	char err[200];
	int rc;

	helm_variant(r, s);
	if (!t && cJSON_GetObjectItemCaseSensitive(s, "instance"))
		t = jstr(s, "result.completions.0.text");
	if ((!t || !*t) && jstr(s, "thinking_text"))
		t = jstr(s, "thinking_text");
	if (t) {
		rc = emit(r, s, where, t, strlen(t), NULL, NULL);
	} else {
		snprintf(err, sizeof(err), "%s: no predicted_text (nor thinking_text, result.completions[0].text)", where);
		rc = emit(r, s, where, NULL, 0, NULL, err);
	}
	r->perturbation[0] = '\0';
	return rc;
}

/* The error record for a broken entry of an array, then stop: past it the
 * structure cannot be trusted. */
static int broken_entry(rd *r, pj *j, const char *where, const char *what)
{
	char err[300];
	int rc;

	snprintf(err, sizeof(err), "%s: not valid JSON (%s near byte %zu)", where, j->err ? pj_error(j) : "a broken value",
		 pj_offset(j));
	if ((rc = emit(r, NULL, where, NULL, 0, NULL, err)) == 0)
		rc = pk_error_set(PK_EPARSE, "%s; the %s after it were not read", err, what);
	return rc;
}

static void helm_model_beside(rd *r);

/* A JSON object read whole: an Inspect log (samples), a HELM
 * scenario_state.json (request_states), or what is not answers (an
 * lm-evaluation-harness results file) said so. */
static int read_object(rd *r, const char *text, size_t n)
{
	pj j;
	const char *k;
	size_t kl, idx = 0;
	int m, rc = 0, have_results = 0, have_configs = 0, arr = 0;
	const char *arr_key = NULL;
	char where[200];

	/* first the header fields, wherever they are */
	pj_init(&j, text, n);
	if (pj_enter(&j) < 0)
		return pk_error_set(PK_EPARSE, "%s: not a JSON object", r->name);
	while ((m = pj_key(&j, &k, &kl)) == 1) {
		if (key_is(k, kl, "eval") || key_is(k, kl, "status") || key_is(k, kl, "adapter_spec")) {
			int is_status = key_is(k, kl, "status"), is_adapter = key_is(k, kl, "adapter_spec");
			cJSON *ev = next_value(&j);

			if (is_status && cJSON_IsString(ev))
				snprintf(r->status, sizeof(r->status), "%s", ev->valuestring);
			else if (is_adapter && jstr(ev, "model"))
				snprintf(r->model, sizeof(r->model), "%s", jstr(ev, "model"));
			else if (!is_status && !is_adapter && jstr(ev, "model"))
				snprintf(r->model, sizeof(r->model), "%s", jstr(ev, "model"));
			cJSON_Delete(ev);
			continue;
		}
		if (key_is(k, kl, "results"))
			have_results = 1;
		if (key_is(k, kl, "configs") || key_is(k, kl, "versions") || key_is(k, kl, "n-samples"))
			have_configs = 1;
		if ((key_is(k, kl, "samples") || key_is(k, kl, "request_states")) && pj_peek(&j) == PJ_ARRAY)
			arr_key = key_is(k, kl, "samples") ? "samples" : "request_states";
		if (pj_skip(&j) < 0)
			break;
	}
	if (j.err)
		return pk_error_set(PK_EPARSE, "%s: %s at byte %zu", r->name, pj_error(&j), pj_offset(&j));
	if (!arr_key) {
		if (have_results && have_configs)
			return pk_error_set(PK_EPARSE, "%s: an lm-evaluation-harness results file, which holds scores, not "
					    "answers; give the samples_*.jsonl beside it (lm_eval --log_samples)", r->name);
		return pk_error_set(PK_EPARSE, "%s: no \"samples\" array (an Inspect log?) nor \"request_states\" "
				    "(a HELM scenario_state.json?)", r->name);
	}
	if (!strcmp(arr_key, "request_states")) {
		r->fmt = EV_FMT_HELM; /* a scenario_state.json: HELM's ids */
		helm_model_beside(r);
	}
	/* then the answers, one at a time */
	pj_init(&j, text, n);
	pj_enter(&j);
	while (rc == 0 && (m = pj_key(&j, &k, &kl)) == 1) {
		if (!key_is(k, kl, arr_key) || pj_peek(&j) != PJ_ARRAY) {
			if (pj_skip(&j) < 0)
				break;
			continue;
		}
		arr = 1;
		pj_enter(&j);
		while (rc == 0 && pj_more(&j) == 1) {
			cJSON *s = next_value(&j);

			snprintf(where, sizeof(where), "%.120s: %s[%zu]", r->name, arr_key, idx++);
			if (!s) {
				rc = broken_entry(r, &j, where, arr_key);
				break;
			}
			if (!strcmp(arr_key, "samples")) {
				const cJSON *ep = cJSON_GetObjectItemCaseSensitive(s, "epoch");

				if (cJSON_IsNumber(ep) && ep->valueint > 1)
					snprintf(where + strlen(where), sizeof(where) - strlen(where), " (epoch %d)", ep->valueint);
				rc = inspect_sample(r, s, where);
			} else {
				rc = helm_prediction(r, s, where);
			}
			cJSON_Delete(s);
		}
		break;
	}
	if (rc == 0 && j.err)
		return pk_error_set(PK_EPARSE, "%s: %s at byte %zu", r->name, pj_error(&j), pj_offset(&j));
	if (rc == 0 && arr && !strcmp(arr_key, "samples"))
		inspect_done(r, idx);
	return rc;
}

static int read_helm(rd *r, const char *text, size_t n)
{
	pj j;
	size_t idx = 0;
	int rc = 0;
	char where[160];

	pj_init(&j, text, n);
	if (pj_enter(&j) < 0)
		return pk_error_set(PK_EPARSE, "%s: not a JSON array", r->name);
	while (rc == 0 && pj_more(&j) == 1) {
		cJSON *s = next_value(&j);

		snprintf(where, sizeof(where), "%.120s: [%zu]", r->name, idx++);
		if (s && !cJSON_IsObject(s)) {
			/* HELM's display_predictions.json is an array of objects;
			 * "[1,2,3]" is some other JSON, not answers with a field missing */
			cJSON_Delete(s);
			return pk_error_set(PK_EPARSE, "%s: a JSON array whose entries are not objects: not HELM's "
					    "display_predictions.json, nor another log format provkg reads", r->name);
		}
		if (!s)
			return broken_entry(r, &j, where, "entries");
		rc = helm_prediction(r, s, where);
		cJSON_Delete(s);
	}
	if (rc == 0 && j.err)
		return pk_error_set(PK_EPARSE, "%s: %s at byte %zu", r->name, pj_error(&j), pj_offset(&j));
	return rc;
}

/* ---- Inspect's .eval: a zip archive, read with libarchive --------------- */

/* The whole data of the current entry, at most cap bytes. */
static int zip_entry_data(struct archive *a, const char *entry, const char *name, size_t cap, pk_buf *out)
{
	char chunk[65536];
	la_ssize_t got;

	pk_buf_reset(out);
	while ((got = archive_read_data(a, chunk, sizeof(chunk))) > 0) {
		if (out->len + (size_t)got > cap)
			return pk_error_set(PK_ELIMIT, "%s: %s: more than %zu bytes", name, entry, cap);
		if (pk_buf_put(out, chunk, (size_t)got) < 0)
			return pk_error_set(PK_ENOMEM, "out of memory");
	}
	if (got < 0)
		return pk_error_set(PK_EPARSE, "%s: %s: a damaged entry: %s", name, entry, archive_error_string(a));
	return 0;
}

static int zip_open(struct archive **out, const char *path, int fd, const char *name)
{
	struct archive *a;
	int rc;

	if ((rc = pk_dynlib_need(&archive_lib)) < 0)
		return pk_error_set(rc, "%s: cannot read zip archives: %s", name, pk_error_last());
	if (!(a = archive_read_new()))
		return pk_error_set(PK_ENOMEM, "out of memory");
	archive_read_support_format_zip_seekable(a);
	rc = fd >= 0 ? archive_read_open_fd(a, fd, 65536) : archive_read_open_filename(a, path, 65536);
	if (rc != ARCHIVE_OK) {
		rc = pk_error_set(PK_EPARSE, "%s: not a readable zip archive: %s", name, archive_error_string(a));
		archive_read_free(a);
		return rc;
	}
	*out = a;
	return 0;
}

static int is_sample_entry(const char *p)
{
	size_t n = strlen(p);

	return !strncmp(p, "samples/", 8) && n > 13 && !strcmp(p + n - 5, ".json");
}

/* Two passes: the header first (header.json of a finished log, written
 * last; _journal/start.json of one still running), then the samples in
 * the archive's order. fd >= 0: standard input redirected from a file. */
static int read_inspect_zip(rd *r, const char *path, int fd)
{
	struct archive *a = NULL;
	struct archive_entry *e;
	pk_buf data = PK_BUF_INIT;
	size_t samples = 0;
	int pass, rc = 0, have_header = 0;
	char where[200];

	pk_buf_init(&data, PK_REC_SAMPLE_MAX);
	for (pass = 0; pass < 2 && rc == 0; pass++) {
		if (fd >= 0 && lseek(fd, 0, SEEK_SET) < 0)
			return pk_error_set(PK_EIO, "%s: cannot seek", r->name);
		if ((rc = zip_open(&a, path, fd, r->name)) < 0)
			break;
		while (rc == 0 && (rc = archive_read_next_header(a, &e)) == ARCHIVE_OK) {
			const char *p = archive_entry_pathname(e);
			int head = p && (!strcmp(p, "header.json") || (!have_header && !strcmp(p, "_journal/start.json")));

			if (!p || (pass == 0 && !head) || (pass == 1 && !is_sample_entry(p))) {
				rc = archive_read_data_skip(a) == ARCHIVE_OK ? 0
					: pk_error_set(PK_EIO, "%s: %s: %s", r->name, p ? p : "?", archive_error_string(a));
				continue;
			}
			if ((rc = zip_entry_data(a, p, r->name, pass == 0 ? PK_REC_SIDE_MAX : PK_REC_SAMPLE_MAX, &data)) < 0) {
				if ((rc != PK_ELIMIT && rc != PK_EPARSE) || pass == 0)
					break;
				/* one oversized or damaged sample: its own error record;
				 * the entries after it are read if the archive allows */
				snprintf(where, sizeof(where), "%.120s: %.70s", r->name, p);
				rc = emit(r, NULL, where, NULL, 0, NULL, pk_error_last());
				pk_error_clear();
				samples++;
				continue;
			}
			if (pass == 0) {
				cJSON *h = cJSON_ParseWithLength(data.ptr ? data.ptr : "", data.len);

				if (!cJSON_IsObject(h)) {
					cJSON_Delete(h);
					rc = pk_error_set(PK_EPARSE, "%s: %s is not a JSON object", r->name, p);
					break;
				}
				inspect_header(r, h);
				have_header |= !strcmp(p, "header.json");
				cJSON_Delete(h);
			} else {
				cJSON *s = cJSON_ParseWithLength(data.ptr ? data.ptr : "", data.len);

				snprintf(where, sizeof(where), "%.120s: %.70s", r->name, p);
				samples++;
				if (!cJSON_IsObject(s)) {
					char err[300];

					snprintf(err, sizeof(err), "%s: not a JSON object", where);
					rc = emit(r, NULL, where, NULL, 0, NULL, err);
				} else {
					rc = inspect_sample(r, s, where);
				}
				cJSON_Delete(s);
			}
		}
		if (rc == ARCHIVE_EOF)
			rc = 0;
		else if (rc > 0 || rc == ARCHIVE_FATAL || rc == ARCHIVE_WARN || rc == ARCHIVE_FAILED)
			rc = pk_error_set(PK_EPARSE, "%s: a damaged zip archive: %s", r->name, archive_error_string(a));
		archive_read_free(a);
		a = NULL;
	}
	pk_buf_release(&data);
	if (rc == 0 && !have_header && !r->status[0])
		snprintf(r->status, sizeof(r->status), "started (no header.json)");
	if (rc == 0)
		inspect_done(r, samples);
	return rc;
}

/* Does the file begin with a zip's local file header? */
static int zip_magic_fd(int fd)
{
	unsigned char m[4];
	ssize_t n = pread(fd, m, 4, 0);

	return n == 4 && !memcmp(m, "PK\003\004", 4);
}

/* ---- files beside the answers -------------------------------------------- */

static int dir_of(const char *path, char *dir, size_t cap)
{
	const char *slash = strrchr(path, '/');

	if (!strcmp(path, "-"))
		return -1;
	if (!slash)
		snprintf(dir, cap, ".");
	else
		snprintf(dir, cap, "%.*s", (int)(slash - path), path);
	return 0;
}

static cJSON *read_json_file(const char *path)
{
	char *raw = NULL;
	size_t n = 0;
	cJSON *j = NULL;

	if (pk_file_read(&raw, &n, path, PK_REC_SIDE_MAX) == 0)
		j = cJSON_ParseWithLength(raw, n);
	pk_error_clear();
	pk_free(raw);
	return j;
}

/* HELM: run_spec.json beside the predictions names the model. */
static void helm_model_beside(rd *r)
{
	char dir[1024], rs[1100];
	cJSON *j;

	if (r->model[0] || !r->path || dir_of(r->path, dir, sizeof(dir)) < 0)
		return;
	snprintf(rs, sizeof(rs), "%s/run_spec.json", dir);
	if ((j = read_json_file(rs)) != NULL && jstr(j, "adapter_spec.model"))
		snprintf(r->model, sizeof(r->model), "%s", jstr(j, "adapter_spec.model"));
	cJSON_Delete(j);
}

/* lm-evaluation-harness writes samples_<task>_<time>.jsonl beside
 * results_<time>.json: the model is there (model_name, else the
 * pretrained= of config.model_args, else config.model). */
static void lmeval_model_beside(rd *r, const char *path)
{
	char dir[1024], rs[1400], want[300] = "";
	const char *base = strrchr(path, '/'), *us, *dot;
	cJSON *j;

	if (r->model[0] || r->o->model || dir_of(path, dir, sizeof(dir)) < 0)
		return;
	base = base ? base + 1 : path;
	/* the time stamp: after the last '_' of the name, before ".jsonl" */
	if (!strncmp(base, "samples_", 8) && (us = strrchr(base, '_')) != NULL && (dot = strstr(us, ".jsonl")) != NULL)
		snprintf(want, sizeof(want), "results%.*s.json", (int)(dot - us), us);
	snprintf(rs, sizeof(rs), "%s/%s", dir, want);
	if (!want[0] || access(rs, R_OK) != 0) {
		/* no results file of the same time: the only one there, if one */
		glob_t g;
		char pat[1100];

		memset(&g, 0, sizeof(g));
		snprintf(pat, sizeof(pat), "%s/results_*.json", dir);
		if (glob(pat, 0, NULL, &g) != 0 || g.gl_pathc != 1) {
			warn(r, "%s: %s beside it: the model is not known (give --model)", r->name,
			     g.gl_pathc > 1 ? "several results_*.json and none of the same time" : "no results_*.json");
			globfree(&g);
			return;
		}
		snprintf(rs, sizeof(rs), "%s", g.gl_pathv[0]);
		globfree(&g);
	}
	if (!(j = read_json_file(rs)))
		return;
	if (jstr(j, "model_name")) {
		snprintf(r->model, sizeof(r->model), "%s", jstr(j, "model_name"));
	} else if (jstr(j, "config.model_args") && strstr(jstr(j, "config.model_args"), "pretrained=")) {
		const char *p = strstr(jstr(j, "config.model_args"), "pretrained=") + 11;

		snprintf(r->model, sizeof(r->model), "%.*s", (int)strcspn(p, ","), p);
	} else if (jstr(j, "config.model")) {
		snprintf(r->model, sizeof(r->model), "%s", jstr(j, "config.model"));
	}
	cJSON_Delete(j);
}

/* ---- detection and the driver -------------------------------------------- */

static int detect_record(const cJSON *rec)
{
	if (cJSON_GetObjectItemCaseSensitive(rec, "resps") || cJSON_GetObjectItemCaseSensitive(rec, "filtered_resps"))
		return EV_FMT_LMEVAL;
	if (cJSON_GetObjectItemCaseSensitive(rec, "spec") ||
	    (cJSON_GetObjectItemCaseSensitive(rec, "run_id") && cJSON_GetObjectItemCaseSensitive(rec, "type")))
		return EV_FMT_OPENAI;
	if (cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(rec, "samples")) ||
	    cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(rec, "request_states")))
		return EV_FMT_INSPECT; /* read_object tells the two apart */
	if (cJSON_GetObjectItemCaseSensitive(rec, "schema_version") && cJSON_GetObjectItemCaseSensitive(rec, "sample_id") &&
	    cJSON_GetObjectItemCaseSensitive(rec, "interaction_type"))
		return EV_FMT_EEE;
	return EV_FMT_JSONL;
}

static int line_format(int fmt)
{
	return fmt == EV_FMT_JSONL || fmt == EV_FMT_LMEVAL || fmt == EV_FMT_OPENAI || fmt == EV_FMT_EEE;
}

/* A regular file can be read twice (peeked, then read); a pipe, like
 * <(...), cannot: it goes through the line reader, which peeks in place. */
static int regular_file(const char *path)
{
	struct stat st;

	return strcmp(path, "-") && stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static const char BOM[] = "\xEF\xBB\xBF";

/* Does the input begin, past a byte order mark and blanks, with '{' or
 * '[', or is it blank: something for the line loop to tell? (Anything
 * else the loop would call text.) Peeked in the line reader, nothing
 * consumed. */
static int starts_json(pk_records *lr)
{
	const char *p;
	size_t n, k = 0;

	if (pk_records_peek(lr, &p, &n) < 0) {
		pk_error_clear();
		return 1; /* the line loop will say why it cannot be read */
	}
	if (n >= 3 && !memcmp(p, BOM, 3))
		k = 3;
	while (k < n && memchr(" \t\r\n", p[k], 4))
		k++;
	return k == n || p[k] == '{' || p[k] == '[';
}

/* A zip on a pipe: its directory is at its end; say what to do. */
static int zip_on_pipe(pk_records *lr)
{
	const char *p;
	size_t n;

	if (pk_records_peek(lr, &p, &n) < 0) {
		pk_error_clear();
		return 0;
	}
	return n >= 4 && !memcmp(p, "PK\003\004", 4);
}

/* A text answer, byte for byte, at most one byte past the cap. */
static int read_text_file(rd *r, const char *path)
{
	char *raw = NULL, where[160];
	size_t rn = 0;
	int rc;

	snprintf(where, sizeof(where), "%.150s", r->name);
	if ((rc = pk_file_read(&raw, &rn, path, r->max + 1)) == PK_ELIMIT) {
		char err[300];

		pk_error_clear();
		snprintf(err, sizeof(err), "%s: an answer of more than %zu bytes", where, r->max);
		return emit(r, NULL, where, NULL, 0, NULL, err);
	}
	if (rc < 0)
		return rc;
	rc = rn ? emit(r, NULL, where, raw, rn, NULL, NULL)
		: pk_error_set(PK_EPARSE, "%s: empty input: no answer to check", where);
	pk_free(raw);
	return rc;
}

/* Is the input a zip archive (an Inspect .eval)? 1 with *fd set to read
 * it through (-1: by its path), 0 not, <0 an error. */
static int open_zip(const char *path, int *fd)
{
	struct stat st;
	int f, z;

	*fd = -1;
	if (!strcmp(path, "-"))
		return fstat(0, &st) == 0 && S_ISREG(st.st_mode) && zip_magic_fd(0) ? (*fd = 0, 1) : 0;
	if ((f = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return 0; /* the line reader says why */
	z = fstat(f, &st) == 0 && S_ISREG(st.st_mode) && zip_magic_fd(f);
	close(f);
	return z;
}

/* What is said once, at the end of a line-oriented log. */
static void line_log_done(rd *r)
{
	if (r->fmt == EV_FMT_LMEVAL && r->no_text)
		warn(r, "%s: %zu loglikelihood or multiple-choice sample%s (resps of log-probabilities) %s no generated "
		     "text: not audited", r->name, r->no_text, r->no_text == 1 ? "" : "s", r->no_text == 1 ? "has" : "have");
	if (r->fmt == EV_FMT_OPENAI && !r->sampling)
		warn(r, "%s: an OpenAI evals log with no sampling events (only the spec and the final report?): "
		     "nothing to check", r->name);
	if (r->fmt == EV_FMT_OPENAI && r->followups)
		warn(r, "%s: %zu sampling event%s of a grader or a follow-up prompt (another completion function, or a "
		     "prompt quoting the sample's answer) not audited as answers", r->name, r->followups,
		     r->followups == 1 ? "" : "s");
}

static void rd_release(rd *r)
{
	size_t i;

	for (i = 0; i < RING; i++) {
		pk_free(r->ring[i].sid);
		pk_free(r->ring[i].text);
	}
	cJSON_Delete(r->fns);
	r->fns = NULL;
}

static int read_answers(rd *r, const char *path, int *detected)
{
	pk_records *lr = NULL;
	pk_buf whole = PK_BUF_INIT;
	const char *line;
	size_t len;
	int rc, first = 1, fmt = r->o->format, zfd;
	char where[160];

	if ((fmt == EV_FMT_AUTO || fmt == EV_FMT_INSPECT) && open_zip(path, &zfd) == 1) {
		snprintf(r->name, sizeof(r->name), "%s", strcmp(path, "-") ? path : "<stdin>");
		r->fmt = EV_FMT_INSPECT;
		if (detected)
			*detected = EV_FMT_INSPECT;
		return read_inspect_zip(r, path, zfd);
	}
	if ((rc = pk_records_open(&lr, path, PK_REC_ANSWER_LINE_MAX, PK_REC_LINES)) < 0)
		return rc;
	snprintf(r->name, sizeof(r->name), "%s", pk_records_name(lr));
	if (zip_on_pipe(lr)) {
		pk_records_free(lr);
		return pk_error_set(PK_EPARSE, "%s: a zip archive (an Inspect .eval log?) on a pipe: give its path, or "
				    "redirect it from the file (a zip is read from its directory at the end)", r->name);
	}
	/* input that does not begin with JSON is one text answer, bounded by
	 * the answer cap while read (a gzip bomb of zeros is one long line):
	 * a regular file is read whole at once; a stream, line by line, no
	 * line longer than the cap */
	if (fmt == EV_FMT_AUTO && !starts_json(lr))
		fmt = EV_FMT_TEXT;
	r->fmt = fmt;
	if (fmt == EV_FMT_TEXT && regular_file(path)) {
		pk_records_free(lr);
		if (detected)
			*detected = EV_FMT_TEXT;
		return read_text_file(r, path);
	}
	if (fmt == EV_FMT_TEXT)
		pk_records_set_max(lr, r->max + 1);
	pk_buf_init(&whole, PK_REC_LOG_MAX);
	for (;;) {
		rc = pk_records_next(lr, &line, &len);
		if (rc == 0)
			break;
		{
			/* "%.120s:%zu" without printf (a line's number fits) */
			size_t k = pk_str_ncopy(where, sizeof(where), r->name, 120);

			where[k] = ':';
			pk_str_int(where + k + 1, (long long)pk_records_lineno(lr));
		}
		if (rc == PK_ELIMIT && fmt == EV_FMT_TEXT) {
			char err[300];

			pk_error_clear();
			pk_records_free(lr);
			pk_buf_release(&whole);
			if (detected)
				*detected = fmt;
			snprintf(where, sizeof(where), "%.150s", r->name);
			snprintf(err, sizeof(err), "%s: an answer of more than %zu bytes", where, r->max);
			return emit(r, NULL, where, NULL, 0, NULL, err);
		}
		if (rc == PK_ELIMIT) {
			if (line_format(fmt)) {
				char err[200];

				snprintf(err, sizeof(err), "%s: a record longer than %zu bytes", where, PK_REC_ANSWER_LINE_MAX);
				if ((rc = emit(r, NULL, where, NULL, 0, NULL, err)) < 0)
					break;
				continue;
			}
			break;
		}
		if (rc < 0)
			break;
		if (pk_records_lineno(lr) == 1 && len >= 3 && !memcmp(line, BOM, 3) && fmt != EV_FMT_TEXT)
			line += 3, len -= 3; /* a byte order mark is not part of the JSON */
		if (first && fmt == EV_FMT_AUTO) {
			cJSON *rec;

			if (strspn(line, " \t\r") == len)
				continue; /* leading blank lines */
			first = 0;
			rec = line[0] == '{' ? cJSON_ParseWithLength(line, len) : NULL;
			if (rec && cJSON_IsObject(rec))
				fmt = detect_record(rec);
			else if (line[0] == '{')
				fmt = EV_FMT_INSPECT; /* a JSON document over several lines */
			else if (line[0] == '[')
				fmt = EV_FMT_HELM;
			else
				fmt = EV_FMT_TEXT;
			cJSON_Delete(rec);
			r->fmt = fmt;
			if (fmt == EV_FMT_LMEVAL)
				lmeval_model_beside(r, path);
		} else if (first && fmt == EV_FMT_LMEVAL) {
			lmeval_model_beside(r, path);
		}
		first = 0;
		r->fmt = fmt;
		if (line_format(fmt)) {
			if (strspn(line, " \t\r") == len)
				continue;
			if ((rc = from_line(r, line, len, where)) < 0)
				break;
			continue;
		}
		/* whole-file formats: keep the text (a text answer only up to
		 * its cap: the rest is read again, bounded, below) */
		if (fmt == EV_FMT_TEXT && whole.len > r->max)
			continue;
		if ((whole.len && (rc = pk_buf_putc(&whole, '\n')) < 0) || (rc = pk_buf_put(&whole, line, len)) < 0)
			break;
	}
	pk_records_free(lr);
	if (rc < 0) {
		if (detected)
			*detected = fmt == EV_FMT_AUTO ? EV_FMT_TEXT : fmt;
		pk_buf_release(&whole);
		return rc;
	}
	r->fmt = fmt;
	if (fmt == EV_FMT_INSPECT)
		rc = read_object(r, whole.ptr ? whole.ptr : "", whole.len);
	else if (fmt == EV_FMT_HELM && whole.len && whole.ptr[strspn(whole.ptr, " \t\r\n")] == '{')
		rc = read_object(r, whole.ptr, whole.len);
	else if (fmt == EV_FMT_HELM) {
		helm_model_beside(r);
		rc = read_helm(r, whole.ptr ? whole.ptr : "", whole.len);
	}
	else if (fmt == EV_FMT_TEXT || fmt == EV_FMT_AUTO) {
		r->fmt = EV_FMT_TEXT;
		/* a regular file again, byte for byte (the line reader drops
		 * '\r'); a pipe cannot be read twice: its lines stand */
		if (regular_file(path)) {
			pk_buf_release(&whole);
			if (detected)
				*detected = EV_FMT_TEXT;
			return read_text_file(r, path);
		}
		snprintf(where, sizeof(where), "%.150s", r->name);
		rc = whole.len ? emit(r, NULL, where, whole.ptr, whole.len, NULL, NULL)
			       : pk_error_set(PK_EPARSE, "%s: empty input: no answer to check", where);
	} else if (rc == 0) {
		line_log_done(r);
	}
	if (detected)
		*detected = r->fmt == EV_FMT_AUTO ? EV_FMT_TEXT : r->fmt;
	pk_buf_release(&whole);
	return rc;
}

int ev_read_answers(const char *path, const ev_input_opts *o, ev_answer_fn fn, void *ctx, int *detected)
{
	rd r;
	int rc;

	memset(&r, 0, sizeof(r));
	r.o = o;
	r.fn = fn;
	r.ctx = ctx;
	r.max = o->max_answer ? o->max_answer : (size_t)16 << 20;
	r.path = path;
	rc = read_answers(&r, path, detected);
	rd_release(&r);
	return rc;
}
