/* tools/records.c - the record readers commands share: JSON Lines or a
 * JSON array of objects (tool_each_record), and the audit records of
 * `provkg check` (tool_read_audit). Declared in tool.h. */
#include "tool.h"

#include "../common/alloc.h"
#include "../common/error.h"
#include "../common/lines.h"
#include "../eval/record.h"
#include "../eval/summary.h"

#include <cJSON.h>
#include <string.h>

typedef int (*record_fn)(void *ctx, const cJSON *rec, const char *where);

/* Call fn for each object of path (a JSON array, or JSON Lines). A line
 * that is not a JSON object is fn(ctx, NULL, where). */
int tool_each_record(const char *path, record_fn fn, void *ctx)
{
	char *text = NULL;
	size_t n = 0, i = 0, line = 1;
	char where[600];
	const char *name = strcmp(path, "-") ? path : "<stdin>";
	int rc;

	if ((rc = pk_file_read(&text, &n, path, (size_t)2 << 30)) < 0)
		return rc;
	while (i < n && (text[i] == ' ' || text[i] == '\n' || text[i] == '\r' || text[i] == '\t'))
		i++;
	if (i < n && text[i] == '[') {
		cJSON *arr = cJSON_ParseWithLength(text, n), *e;
		size_t k = 0;

		pk_free(text);
		if (!cJSON_IsArray(arr)) {
			cJSON_Delete(arr);
			return pk_error_set(PK_EPARSE, "%s: not a JSON array (nor JSON Lines)", name);
		}
		rc = 0;
		cJSON_ArrayForEach(e, arr)
		{
			snprintf(where, sizeof(where), "%.500s: [%zu]", name, k++);
			if ((rc = fn(ctx, cJSON_IsObject(e) ? e : NULL, where)) < 0)
				break;
		}
		cJSON_Delete(arr);
		return rc;
	}
	rc = 0;
	for (i = 0; i < n && rc == 0; line++) {
		const char *nl = memchr(text + i, '\n', n - i);
		size_t e = nl ? (size_t)(nl - text) : n;
		cJSON *rec;

		if (strspn(text + i, " \t\r") < e - i) {
			snprintf(where, sizeof(where), "%.500s:%zu", name, line);
			rec = cJSON_ParseWithLength(text + i, e - i);
			rc = fn(ctx, cJSON_IsObject(rec) ? rec : NULL, where);
			cJSON_Delete(rec);
		}
		i = e + 1;
	}
	pk_free(text);
	return rc;
}

#define AUDIT_WARN_MAX 5 /* bad lines named one by one; the rest counted */

/* An audit file is the JSONL `provkg check` writes: a file whose first
 * record is something else (a README with an example inside) is not one,
 * and neither is a file without a single record. Bad lines further on
 * are skipped with a warning (the first few named, the rest counted). */
int tool_read_audit(const char *path, ev_summary *s, int (*each)(void *, const ev_record *), void *ctx)
{
	pk_lines *r = NULL;
	const char *line;
	size_t len, bad = 0, good = 0;
	int rc;

	if ((rc = pk_lines_open(&r, path, (size_t)1 << 30)) < 0)
		return rc;
	while ((rc = pk_lines_next(r, &line, &len)) != 0) {
		cJSON *rec;
		ev_record er;

		if (rc == PK_ELIMIT) {
			if (++bad <= AUDIT_WARN_MAX)
				tool_warn("%s:%zu: record too long, skipped", pk_lines_name(r), pk_lines_lineno(r));
			continue;
		}
		if (rc < 0)
			break;
		if (strspn(line, " \t\r") == len)
			continue;
		if (!(rec = cJSON_ParseWithLength(line, len)) || ev_record_read(rec, &er) < 0 || ev_summary_add(s, &er) < 0) {
			if (pk_error_code() == PK_ENOMEM || pk_error_code() == PK_ESCHEMA) {
				/* a record of another version is not misread: the file is
				 * refused as bad input (exit 3) */
				rc = pk_error_code() == PK_ENOMEM ? PK_ENOMEM
								 : pk_error_set(PK_EPARSE, "%s:%zu: %s", pk_lines_name(r),
										pk_lines_lineno(r), pk_error_last());
				cJSON_Delete(rec);
				break;
			}
			pk_error_clear();
			cJSON_Delete(rec);
			if (!good && !bad) {
				rc = pk_error_set(PK_EPARSE, "%s:%zu: not a provkg check record: not an audit file (the JSONL "
						  "`provkg check` writes)", pk_lines_name(r), pk_lines_lineno(r));
				break;
			}
			if (++bad <= AUDIT_WARN_MAX)
				tool_warn("%s:%zu: not a provkg check record, skipped", pk_lines_name(r), pk_lines_lineno(r));
			continue;
		}
		good++;
		if (each && (rc = each(ctx, &er)) < 0) {
			cJSON_Delete(rec);
			break;
		}
		cJSON_Delete(rec);
	}
	if (rc == 0 && bad > AUDIT_WARN_MAX)
		tool_warn("%s: %zu more lines that are not check records skipped (%zu in all)", pk_lines_name(r),
			  bad - AUDIT_WARN_MAX, bad);
	if (rc == 0 && !good)
		rc = pk_error_set(PK_EPARSE, "%s: no provkg check record in it", pk_lines_name(r));
	pk_lines_free(r);
	return rc < 0 ? rc : 0;
}
