/* eval/input.c - model answers from files; see input.h. */
#include "input.h"

#include "../common/alloc.h"
#include "../common/buf.h"
#include "../common/error.h"
#include "../common/lines.h"
#include "../common/pj.h"

#include <cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define LINE_CAP ((size_t)1 << 30)
#define WHOLE_CAP ((size_t)2 << 30)

const char *ev_format_name(int f)
{
	switch (f) {
	case EV_FMT_TEXT: return "text";
	case EV_FMT_JSONL: return "jsonl";
	case EV_FMT_INSPECT: return "inspect";
	case EV_FMT_LMEVAL: return "lm-eval";
	case EV_FMT_OPENAI: return "openai-evals";
	case EV_FMT_HELM: return "helm";
	default: return "auto";
	}
}

int ev_format_parse(const char *name)
{
	int f;

	for (f = EV_FMT_AUTO; f <= EV_FMT_HELM; f++)
		if (!strcmp(name, ev_format_name(f)))
			return f;
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
	ev_answer_fn fn;
	void *ctx;
	char name[512];        /* the input's name, for messages */
	char model[256];       /* from the log itself (inspect, openai-evals) */
	size_t max;
} rd;

/* Hand one record to the callback: text found or an error. */
static int emit(rd *r, const cJSON *rec, const char *where, const char *text, size_t len, const char *model,
		const char *error)
{
	ev_answer a;
	const cJSON *id = NULL;
	char *id_json = NULL;
	char msg[256];
	int rc;

	memset(&a, 0, sizeof(a));
	if (rec) {
		int fmt = r->o->format;
		const char *idf = fmt == EV_FMT_LMEVAL ? "doc_id" : fmt == EV_FMT_OPENAI ? "sample_id"
					: fmt == EV_FMT_HELM ? "instance_id" : r->o->id_field ? r->o->id_field : "id";

		id = get_path(rec, idf);
		if (id && !(id_json = cJSON_PrintUnformatted(id)))
			return pk_error_set(PK_ENOMEM, "out of memory");
	}
	a.id_json = id_json;
	a.model = model && *model ? model : r->model[0] ? r->model : r->o->model;
	snprintf(a.where, sizeof(a.where), "%s", where);
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
	rc = r->fn(r->ctx, &a);
	cJSON_free(id_json);
	return rc;
}

/* One JSON record of a line-oriented format. */
static int from_record(rd *r, const cJSON *rec, const char *where)
{
	pk_buf text = PK_BUF_INIT;
	const cJSON *v = NULL, *m = NULL;
	char model[256] = "";
	char err[256];
	int rc;

	switch (r->o->format) {
	case EV_FMT_LMEVAL:
		v = get_path(rec, "resps.0.0");
		if (!cJSON_IsString(v))
			v = get_path(rec, "filtered_resps.0");
		if (cJSON_IsArray(v))
			v = cJSON_GetArrayItem(v, 0);
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
			return 0;
		}
		if (!cJSON_IsString(type) || strcmp(type->valuestring, "sampling"))
			return 0; /* match, metrics, final_report: not answers */
		v = get_path(rec, "data.sampled");
		if (cJSON_IsArray(v))
			v = cJSON_GetArrayItem(v, 0);
		break;
	}
	default:
		v = get_path(rec, r->o->text_field ? r->o->text_field : "text");
		m = get_path(rec, r->o->model_field ? r->o->model_field : "model");
		if (cJSON_IsString(m))
			snprintf(model, sizeof(model), "%s", m->valuestring);
		break;
	}
	if ((rc = content_text(v, &text)) == PK_ENOMEM) {
		pk_buf_release(&text);
		return pk_error_set(PK_ENOMEM, "out of memory");
	}
	if (rc < 0) {
		snprintf(err, sizeof(err), "%s: no answer text (%s)", where,
			 r->o->format == EV_FMT_JSONL ? (r->o->text_field ? r->o->text_field : "text")
			 : r->o->format == EV_FMT_LMEVAL ? "resps[0][0] or filtered_resps[0]" : "data.sampled[0]");
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

	if (memmem(line, len, "\\u0000", 6)) {
		snprintf(err, sizeof(err), "%s: NUL character (\\u0000) in the record", where);
		return emit(r, NULL, where, NULL, 0, NULL, err);
	}
	if (memchr(line, '\0', len)) {
		/* cJSON would end the text at a raw NUL byte: refuse instead */
		snprintf(err, sizeof(err), "%s: a raw NUL byte in the record (column %zu)", where,
			 (size_t)((const char *)memchr(line, '\0', len) - line) + 1);
		return emit(r, NULL, where, NULL, 0, NULL, err);
	}
	if (!(rec = cJSON_ParseWithLength(line, len)) || !cJSON_IsObject(rec)) {
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

static int read_inspect(rd *r, const char *text, size_t n)
{
	pj j;
	const char *k;
	size_t kl, idx = 0;
	int m, rc = 0, found = 0;
	char where[160];

	/* first the model (eval.model), wherever "eval" is */
	pj_init(&j, text, n);
	if (pj_enter(&j) < 0)
		return pk_error_set(PK_EPARSE, "%s: not a JSON object", r->name);
	while ((m = pj_key(&j, &k, &kl)) == 1) {
		if (key_is(k, kl, "eval")) {
			cJSON *ev = next_value(&j);
			const cJSON *model = cJSON_GetObjectItemCaseSensitive(ev, "model");

			if (cJSON_IsString(model))
				snprintf(r->model, sizeof(r->model), "%s", model->valuestring);
			cJSON_Delete(ev);
		} else if (pj_skip(&j) < 0) {
			break;
		}
	}
	/* then the samples, one at a time */
	pj_init(&j, text, n);
	pj_enter(&j);
	while (rc == 0 && (m = pj_key(&j, &k, &kl)) == 1) {
		if (!key_is(k, kl, "samples") || pj_peek(&j) != PJ_ARRAY) {
			if (pj_skip(&j) < 0)
				break;
			continue;
		}
		found = 1;
		pj_enter(&j);
		while (rc == 0 && pj_more(&j) == 1) {
			cJSON *s = next_value(&j);
			const cJSON *v, *ep;
			pk_buf t = PK_BUF_INIT;

			ep = cJSON_GetObjectItemCaseSensitive(s, "epoch");
			snprintf(where, sizeof(where), "%.120s: samples[%zu]", r->name, idx);
			if (cJSON_IsNumber(ep) && ep->valueint > 1)
				snprintf(where + strlen(where), sizeof(where) - strlen(where), " (epoch %d)", ep->valueint);
			idx++;
			if (!s) {
				/* past a broken sample the structure cannot be trusted:
				 * an error record for it, then stop with where it broke */
				char err[300];

				snprintf(err, sizeof(err), "%s: not valid JSON (%s near byte %zu)", where,
					 j.err ? pj_error(&j) : "a broken value", pj_offset(&j));
				if ((rc = emit(r, NULL, where, NULL, 0, NULL, err)) == 0)
					rc = pk_error_set(PK_EPARSE, "%s; the samples after it were not read", err);
				break;
			}
			v = get_path(s, "output.completion");
			if (!cJSON_IsString(v) || !*v->valuestring)
				v = get_path(s, "output.choices.0.message.content");
			if (content_text(v, &t) == 0 && t.len) {
				const cJSON *om = get_path(s, "output.model");

				rc = emit(r, s, where, t.ptr, t.len, cJSON_IsString(om) && !r->model[0] ? om->valuestring : NULL,
					  NULL);
			} else {
				char err[200];

				snprintf(err, sizeof(err), "%s: no output.completion or output.choices[0].message.content", where);
				rc = emit(r, s, where, NULL, 0, NULL, err);
			}
			pk_buf_release(&t);
			cJSON_Delete(s);
		}
		break;
	}
	if (rc == 0 && j.err)
		return pk_error_set(PK_EPARSE, "%s: %s at byte %zu", r->name, pj_error(&j), pj_offset(&j));
	if (rc == 0 && !found)
		return pk_error_set(PK_EPARSE, "%s: no \"samples\" array (an Inspect log dump?)", r->name);
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
		const cJSON *v = cJSON_GetObjectItemCaseSensitive(s, "predicted_text");

		snprintf(where, sizeof(where), "%.120s: [%zu]", r->name, idx++);
		if (s && !cJSON_IsObject(s)) {
			/* HELM's display_predictions.json is an array of objects;
			 * "[1,2,3]" is some other JSON, not answers with a field missing */
			cJSON_Delete(s);
			return pk_error_set(PK_EPARSE, "%s: a JSON array whose entries are not objects: not HELM's "
					    "display_predictions.json, nor another log format provkg reads", r->name);
		}
		if (!s) {
			char err[300];

			snprintf(err, sizeof(err), "%s: not valid JSON (%s near byte %zu)", where,
				 j.err ? pj_error(&j) : "a broken value", pj_offset(&j));
			if ((rc = emit(r, NULL, where, NULL, 0, NULL, err)) == 0)
				rc = pk_error_set(PK_EPARSE, "%s; the entries after it were not read", err);
			return rc;
		}
		if (cJSON_IsString(v)) {
			rc = emit(r, s, where, v->valuestring, strlen(v->valuestring), NULL, NULL);
		} else {
			char err[200];

			snprintf(err, sizeof(err), "%s: no predicted_text", where);
			rc = emit(r, s, where, NULL, 0, NULL, err);
		}
		cJSON_Delete(s);
	}
	if (rc == 0 && j.err)
		return pk_error_set(PK_EPARSE, "%s: %s at byte %zu", r->name, pj_error(&j), pj_offset(&j));
	return rc;
}

/* ---- detection and the driver -------------------------------------------- */

static int detect_record(const cJSON *rec)
{
	if (cJSON_GetObjectItemCaseSensitive(rec, "resps") || cJSON_GetObjectItemCaseSensitive(rec, "filtered_resps"))
		return EV_FMT_LMEVAL;
	if (cJSON_GetObjectItemCaseSensitive(rec, "spec") ||
	    (cJSON_GetObjectItemCaseSensitive(rec, "run_id") && cJSON_GetObjectItemCaseSensitive(rec, "type")))
		return EV_FMT_OPENAI;
	if (cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(rec, "samples")))
		return EV_FMT_INSPECT;
	return EV_FMT_JSONL;
}

/* A regular file can be read twice (peeked, then read); a pipe, like
 * <(...), cannot: it goes through the line reader, which peeks in place. */
static int regular_file(const char *path)
{
	struct stat st;

	return strcmp(path, "-") && stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* Does the input begin, past blanks, with '{' or '[', or is it blank:
 * something for the line loop to tell? (Anything else, a byte order mark
 * too, the loop would call text.) Peeked in the line reader, nothing
 * consumed. */
static int starts_json(pk_lines *lr)
{
	const char *p;
	size_t n, k = 0;

	if (pk_lines_peek(lr, &p, &n) < 0) {
		pk_error_clear();
		return 1; /* the line loop will say why it cannot be read */
	}
	while (k < n && memchr(" \t\r\n", p[k], 4))
		k++;
	return k == n || p[k] == '{' || p[k] == '[';
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

int ev_read_answers(const char *path, const ev_input_opts *o, ev_answer_fn fn, void *ctx, int *detected)
{
	ev_input_opts oo = *o;
	rd r;
	pk_lines *lr = NULL;
	pk_buf whole = PK_BUF_INIT;
	const char *line;
	size_t len;
	int rc, first = 1, fmt = o->format;
	char where[160];

	memset(&r, 0, sizeof(r));
	r.o = &oo;
	r.fn = fn;
	r.ctx = ctx;
	r.max = o->max_answer ? o->max_answer : (size_t)16 << 20;
	if ((rc = pk_lines_open(&lr, path, LINE_CAP)) < 0)
		return rc;
	snprintf(r.name, sizeof(r.name), "%s", pk_lines_name(lr));
	/* input that does not begin with JSON is one text answer, bounded by
	 * the answer cap while read (a gzip bomb of zeros is one long line):
	 * a regular file is read whole at once; a stream, line by line, no
	 * line longer than the cap */
	if (fmt == EV_FMT_AUTO && !starts_json(lr))
		fmt = EV_FMT_TEXT;
	if (fmt == EV_FMT_TEXT && regular_file(path)) {
		pk_lines_free(lr);
		if (detected)
			*detected = EV_FMT_TEXT;
		oo.format = fmt;
		return read_text_file(&r, path);
	}
	if (fmt == EV_FMT_TEXT)
		pk_lines_set_max(lr, r.max + 1);
	pk_buf_init(&whole, WHOLE_CAP);
	for (;;) {
		rc = pk_lines_next(lr, &line, &len);
		if (rc == 0)
			break;
		snprintf(where, sizeof(where), "%.120s:%zu", r.name, pk_lines_lineno(lr));
		if (rc == PK_ELIMIT && fmt == EV_FMT_TEXT) {
			char err[300];

			pk_error_clear();
			pk_lines_free(lr);
			pk_buf_release(&whole);
			if (detected)
				*detected = fmt;
			snprintf(where, sizeof(where), "%.150s", r.name);
			snprintf(err, sizeof(err), "%s: an answer of more than %zu bytes", where, r.max);
			return emit(&r, NULL, where, NULL, 0, NULL, err);
		}
		if (rc == PK_ELIMIT) {
			if (fmt == EV_FMT_JSONL || fmt == EV_FMT_LMEVAL || fmt == EV_FMT_OPENAI) {
				char err[200];

				snprintf(err, sizeof(err), "%s: a record longer than %zu bytes", where, LINE_CAP);
				if ((rc = emit(&r, NULL, where, NULL, 0, NULL, err)) < 0)
					break;
				continue;
			}
			break;
		}
		if (rc < 0)
			break;
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
		}
		first = 0;
		oo.format = fmt;
		if (fmt == EV_FMT_JSONL || fmt == EV_FMT_LMEVAL || fmt == EV_FMT_OPENAI) {
			if (strspn(line, " \t\r") == len)
				continue;
			if ((rc = from_line(&r, line, len, where)) < 0)
				break;
			continue;
		}
		/* whole-file formats: keep the text (a text answer only up to
		 * its cap: the rest is read again, bounded, below) */
		if (fmt == EV_FMT_TEXT && whole.len > r.max)
			continue;
		if ((whole.len && (rc = pk_buf_putc(&whole, '\n')) < 0) || (rc = pk_buf_put(&whole, line, len)) < 0)
			break;
	}
	pk_lines_free(lr);
	if (detected)
		*detected = fmt == EV_FMT_AUTO ? EV_FMT_TEXT : fmt;
	if (rc < 0) {
		pk_buf_release(&whole);
		return rc;
	}
	oo.format = fmt;
	if (fmt == EV_FMT_INSPECT)
		rc = read_inspect(&r, whole.ptr ? whole.ptr : "", whole.len);
	else if (fmt == EV_FMT_HELM)
		rc = read_helm(&r, whole.ptr ? whole.ptr : "", whole.len);
	else if (fmt == EV_FMT_TEXT || fmt == EV_FMT_AUTO) {
		/* a regular file again, byte for byte (the line reader drops
		 * '\r'); a pipe cannot be read twice: its lines stand */
		if (regular_file(path)) {
			pk_buf_release(&whole);
			return read_text_file(&r, path);
		}
		snprintf(where, sizeof(where), "%.150s", r.name);
		rc = whole.len ? emit(&r, NULL, where, whole.ptr, whole.len, NULL, NULL)
			       : pk_error_set(PK_EPARSE, "%s: empty input: no answer to check", where);
	}
	pk_buf_release(&whole);
	return rc;
}
