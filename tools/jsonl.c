/* tools/jsonl.c - aligned JSONL streams: one output line per input line. */
#include "tool.h"

#include "../common/alloc.h"
#include "../common/error.h"
#include "../common/flatjson.h"
#include "../common/records.h"
#include "../common/text.h"

#include <string.h>

static void error_record(pk_buf *out, const char *id_json, const char *msg)
{
	pk_json w;

	pk_buf_reset(out);
	pk_json_init(&w, out);
	pk_json_obj(&w);
	pk_json_kraw(&w, "id", id_json);
	pk_json_kstr(&w, "error", msg);
	pk_json_end_obj(&w);
	if (pk_json_error(&w)) {
		/* keep the stream aligned even when memory is short */
		static const char oom[] = "{\"id\":null,\"error\":\"out of memory\"}";

		pk_buf_reset(out);
		if (pk_buf_put(out, oom, sizeof(oom) - 1) < 0) {
			out->len = 0; /* an empty line still keeps the count */
		}
	}
}

/* "line N", where a line's error records say it came from. */
static void line_where(char *out, size_t lineno)
{
	memcpy(out, "line ", 5);
	pk_str_int(out + 5, (long long)lineno);
}

/* The input's "id" as JSON text, as cJSON_PrintUnformatted writes it:
 * an integer below 1e15 or a short string of printable ASCII into small
 * (n bytes; the common ids, without cJSON's sprintf, sscanf and malloc),
 * anything else into *heap (the caller frees it with cJSON_free). NULL
 * when there is no id or memory is short. */
static const char *id_text(const cJSON *id, char *small, size_t n, char **heap)
{
	*heap = NULL;
	if (!id)
		return NULL;
	if (cJSON_IsNumber(id) && id->valuedouble < 1e15 && id->valuedouble > -1e15 &&
	    id->valuedouble == (double)(long long)id->valuedouble && n >= 18) {
		/* cJSON prints these as "%d" or "%1.15g": their digits, "-0" as "0" */
		pk_str_int(small, (long long)id->valuedouble);
		return small;
	}
	if (cJSON_IsString(id) && id->valuestring) {
		size_t l = strlen(id->valuestring), i;

		for (i = 0; i < l; i++) {
			unsigned char c = (unsigned char)id->valuestring[i];

			if (c < 0x20 || c >= 0x7f || c == '"' || c == '\\')
				break;
		}
		if (i == l && l + 3 <= n) {
			small[0] = '"';
			memcpy(small + 1, id->valuestring, l);
			small[l + 1] = '"';
			small[l + 2] = '\0';
			return small;
		}
	}
	return *heap = cJSON_PrintUnformatted(id);
}

/* the request: the common flat object read directly, anything else by
 * cJSON's parser (the same tree either way) */
static cJSON *parse_line(const char *line, size_t len)
{
	cJSON *in = pk_json_parse_flat(line, len);

	return in ? in : cJSON_ParseWithLength(line, len);
}

/* "\\u0000" in line (most lines have no backslash at all: one memchr) */
static int has_escaped_nul(const char *line, size_t len)
{
	const char *p = line, *end = line + len;

	while ((p = memchr(p, '\\', (size_t)(end - p))) && end - p >= 6) {
		if (!memcmp(p, "\\u0000", 6))
			return 1;
		p++;
	}
	return 0;
}

/* (tool.h) The answer to one input line, into out: fn's record, or an
 * error record in its place (a line too long, not an object, with a NUL;
 * fn failing). Never fails: the stream stays aligned. */
int tool_jsonl_answer(tool_line_fn fn, void *ctx, int read_rc, const char *line, size_t len, const char *where,
		      size_t max_line, pk_buf *out)
{
	cJSON *in = NULL;
	/* the request's tree is cut from here (a line of a few hundred bytes
	 * parses with no malloc) */
	_Alignas(16) char tree[4096];
	char *id_heap = NULL, id_small[64];
	const char *id_json = NULL;
	char msg[256];
	pk_json w;
	int rc, is_error = 1;

	pk_buf_reset(out);
	if (read_rc == PK_ELIMIT) {
		snprintf(msg, sizeof(msg), "%s: longer than %zu bytes", where, max_line);
		error_record(out, NULL, msg);
	} else if (pk_cjson_scratch(tree, sizeof(tree)), in = parse_line(line, len), pk_cjson_scratch_stop(),
		   !in || !cJSON_IsObject(in)) {
		snprintf(msg, sizeof(msg), "%s: not a JSON object", where);
		error_record(out, NULL, msg);
	} else {
		const cJSON *id = cJSON_GetObjectItemCaseSensitive(in, "id");

		id_json = id_text(id, id_small, sizeof(id_small), &id_heap);
		pk_error_clear();
		if (has_escaped_nul(line, len)) {
			/* cJSON would cut a string at the NUL; refuse instead */
			snprintf(msg, sizeof(msg), "%s: NUL character (\\u0000) in input", where);
			error_record(out, id_json, msg);
		} else if (memchr(line, '\0', len)) {
			/* a raw NUL byte: cJSON ends the text there ("G\0xyz" read as "G") */
			snprintf(msg, sizeof(msg), "%s: a raw NUL byte in input (column %zu)", where,
				 (size_t)((const char *)memchr(line, '\0', len) - line) + 1);
			error_record(out, id_json, msg);
		} else {
			pk_json_init(&w, out);
			pk_json_obj(&w);
			pk_json_kraw(&w, "id", id_json);
			rc = fn(ctx, in, &w);
			pk_json_end_obj(&w);
			if (rc == 0)
				rc = pk_json_error(&w);
			if (rc < 0)
				error_record(out, id_json, pk_error_last());
			is_error = rc < 0;
			pk_error_clear();
		}
	}
	cJSON_free(id_heap);
	cJSON_Delete(in);
	pk_cjson_scratch(NULL, 0);
	return is_error;
}

/* --jobs N: a line travels to a worker as a copy, with what answers it */
typedef struct line_item {
	tool_line_fn fn;
	size_t max_line;
	int read_rc;
	size_t lineno, len;
	char text[]; /* len bytes and a NUL */
} line_item;

static int work_line(void *ctx, void *item, pk_buf *out)
{
	line_item *l = item;

	char where[32];

	line_where(where, l->lineno);
	tool_jsonl_answer(l->fn, ctx, l->read_rc, l->text, l->len, where, l->max_line, out);
	return 0;
}

static int emit_line(void *ctx, void *item, const pk_buf *out)
{
	(void)ctx;
	(void)item;
	return tool_print_line(out);
}

static int jsonl_run(tool_line_fn fn, void **ctxs, size_t jobs, size_t max_line)
{
	pk_records *r = NULL;
	pk_buf out = PK_BUF_INIT;
	tool_pool *pool = NULL;
	const char *line;
	size_t len;
	int rc, code = EXIT_OK;

	/* an output record may be large (many matches) but never unbounded */
	pk_buf_init(&out, PK_REC_OUTPUT_MAX);
	if ((rc = pk_records_open(&r, "-", max_line, PK_REC_LINES)) < 0)
		return tool_fail(rc, NULL);
	if (jobs > 1) {
		if ((rc = tool_pool_start(&pool, jobs, ctxs, work_line, emit_line, NULL, pk_free, NULL)) < 0) {
			pk_records_free(r);
			return tool_fail(rc, NULL);
		}
	}
	for (;;) {
		rc = pk_records_next(r, &line, &len);
		if (rc == 0)
			break;
		if (rc == PK_EIO || rc == PK_ENOMEM) {
			code = tool_fail(rc, "reading standard input");
			break;
		}
		if (pool) {
			line_item *l = pk_malloc(sizeof(*l) + (rc == PK_ELIMIT ? 0 : len) + 1);

			if (!l) {
				code = tool_fail(PK_ENOMEM, NULL);
				break;
			}
			l->fn = fn;
			l->max_line = max_line;
			l->read_rc = rc;
			l->lineno = pk_records_lineno(r);
			l->len = rc == PK_ELIMIT ? 0 : len;
			memcpy(l->text, rc == PK_ELIMIT ? "" : line, l->len);
			l->text[l->len] = '\0';
			if ((rc = tool_pool_submit(pool, l)) < 0) {
				code = tool_fail(rc, NULL);
				break;
			}
			continue;
		}
		{
			char where[32];

			line_where(where, pk_records_lineno(r));
			tool_jsonl_answer(fn, ctxs[0], rc, line, len, where, max_line, &out);
		}
		if ((rc = tool_print_line(&out)) < 0) {
			code = tool_fail(rc, NULL);
			break;
		}
	}
	if (pool && (rc = tool_pool_finish(pool)) < 0 && code == EXIT_OK)
		code = tool_fail(rc, NULL);
	pk_records_free(r);
	pk_buf_release(&out);
	return code;
}

int tool_jsonl_jobs(tool_line_fn fn, void *ctx, size_t jobs, tool_ctx_clone clone, tool_ctx_release release,
		    void *arg, size_t max_line)
{
	void **ctxs = pk_calloc(jobs, sizeof(*ctxs));
	size_t k;
	int code = EXIT_OK;

	if (!ctxs)
		return tool_fail(PK_ENOMEM, NULL);
	ctxs[0] = ctx;
	for (k = 1; k < jobs && code == EXIT_OK; k++)
		code = clone(ctx, arg, &ctxs[k]);
	if (code == EXIT_OK)
		code = jsonl_run(fn, ctxs, jobs, max_line);
	for (k = 1; k < jobs; k++)
		if (ctxs[k])
			release(ctxs[k]);
	pk_free(ctxs);
	return code;
}

int tool_jsonl(tool_line_fn fn, void *ctx, size_t max_line)
{
	return jsonl_run(fn, &ctx, 1, max_line);
}
