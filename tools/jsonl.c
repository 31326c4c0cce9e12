/* tools/jsonl.c - aligned JSONL streams: one output line per input line. */
#include "tool.h"

#include "../common/error.h"
#include "../common/records.h"

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

int tool_jsonl(tool_line_fn fn, void *ctx, size_t max_line)
{
	pk_records *r = NULL;
	pk_buf out = PK_BUF_INIT;
	const char *line;
	size_t len;
	int rc, code = EXIT_OK;

	/* an output record may be large (many matches) but never unbounded */
	pk_buf_init(&out, PK_REC_OUTPUT_MAX);
	if ((rc = pk_records_open(&r, "-", max_line, PK_REC_LINES)) < 0)
		return tool_fail(rc, NULL);
	for (;;) {
		cJSON *in = NULL;
		char *id_json = NULL;
		char msg[256];
		pk_json w;

		rc = pk_records_next(r, &line, &len);
		if (rc == 0)
			break;
		if (rc == PK_EIO || rc == PK_ENOMEM) {
			code = tool_fail(rc, "reading standard input");
			break;
		}
		pk_buf_reset(&out);
		if (rc == PK_ELIMIT) {
			snprintf(msg, sizeof(msg), "line %zu: longer than %zu bytes", pk_records_lineno(r), max_line);
			error_record(&out, NULL, msg);
		} else if (!(in = cJSON_ParseWithLength(line, len)) || !cJSON_IsObject(in)) {
			snprintf(msg, sizeof(msg), "line %zu: not a JSON object", pk_records_lineno(r));
			error_record(&out, NULL, msg);
		} else {
			const cJSON *id = cJSON_GetObjectItemCaseSensitive(in, "id");

			id_json = id ? cJSON_PrintUnformatted(id) : NULL;
			pk_error_clear();
			if (memmem(line, len, "\\u0000", 6)) {
				/* cJSON would cut a string at the NUL; refuse instead */
				snprintf(msg, sizeof(msg), "line %zu: NUL character (\\u0000) in input", pk_records_lineno(r));
				error_record(&out, id_json, msg);
				goto emit;
			}
			if (memchr(line, '\0', len)) {
				/* a raw NUL byte: cJSON ends the text there ("G\0xyz" read as "G") */
				snprintf(msg, sizeof(msg), "line %zu: a raw NUL byte in input (column %zu)", pk_records_lineno(r),
					 (size_t)((const char *)memchr(line, '\0', len) - line) + 1);
				error_record(&out, id_json, msg);
				goto emit;
			}
			pk_json_init(&w, &out);
			pk_json_obj(&w);
			pk_json_kraw(&w, "id", id_json);
			rc = fn(ctx, in, &w);
			pk_json_end_obj(&w);
			if (rc == 0)
				rc = pk_json_error(&w);
			if (rc < 0)
				error_record(&out, id_json, pk_error_last());
		}
emit:
		rc = tool_print_line(&out);
		cJSON_free(id_json);
		cJSON_Delete(in);
		if (rc < 0) {
			code = tool_fail(rc, NULL);
			break;
		}
	}
	pk_records_free(r);
	pk_buf_release(&out);
	return code;
}
