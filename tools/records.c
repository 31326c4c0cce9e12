/* tools/records.c - the record readers commands share, on common/records:
 * JSON Lines or a JSON array of objects (tool_each_record), and the audit
 * records of `provkg check` (tool_read_audit). Declared in tool.h. */
#include "tool.h"

#include "../common/alloc.h"
#include "../common/error.h"
#include "../common/records.h"
#include "../eval/record.h"
#include "../eval/summary.h"

#include <cJSON.h>
#include <string.h>

typedef int (*record_fn)(void *ctx, const cJSON *rec, const char *where);

/* Call fn for each object of path (a JSON array, or JSON Lines), one
 * record in memory at a time. A record that is not a JSON object, or is
 * over PK_REC_ITEM_MAX (said in a warning), is fn(ctx, NULL, where). */
int tool_each_record(const char *path, record_fn fn, void *ctx)
{
	pk_records *r = NULL;
	const char *text;
	size_t len;
	int rc;

	if ((rc = pk_records_open(&r, path, PK_REC_ITEM_MAX, 0)) < 0)
		return rc;
	while ((rc = pk_records_next(r, &text, &len)) != 0) {
		cJSON *rec = NULL;

		if (rc == PK_ELIMIT) {
			tool_warn("%s", pk_error_last());
			pk_error_clear();
		} else if (rc < 0) {
			break;
		} else {
			rec = cJSON_ParseWithLength(text, len);
		}
		rc = fn(ctx, cJSON_IsObject(rec) ? rec : NULL, pk_records_where(r));
		cJSON_Delete(rec);
		if (rc < 0)
			break;
	}
	pk_records_free(r);
	return rc < 0 ? rc : 0;
}

#define AUDIT_WARN_MAX 5 /* bad lines named one by one; the rest counted */

/* An audit file is the JSONL `provkg check` writes: a file whose first
 * record is something else (a README with an example inside) is not one,
 * and neither is a file without a single record. Bad lines further on
 * are skipped with a warning (the first few named, the rest counted). */
int tool_read_audit(const char *path, ev_summary *s, int (*each)(void *, const ev_record *), void *ctx)
{
	pk_records *r = NULL;
	const char *line;
	size_t len, bad = 0, good = 0;
	int rc;

	if ((rc = pk_records_open(&r, path, PK_REC_AUDIT_MAX, 0)) < 0)
		return rc;
	while ((rc = pk_records_next(r, &line, &len)) != 0) {
		cJSON *rec;
		ev_record er;

		if (rc == PK_ELIMIT) {
			if (++bad <= AUDIT_WARN_MAX)
				tool_warn("%s: record too long, skipped", pk_records_where(r));
			pk_error_clear();
			continue;
		}
		if (rc < 0)
			break;
		if (!(rec = cJSON_ParseWithLength(line, len)) || ev_record_read(rec, &er) < 0 || ev_summary_add(s, &er) < 0) {
			if (pk_error_code() == PK_ENOMEM || pk_error_code() == PK_ESCHEMA) {
				/* a record of another version is not misread: the file is
				 * refused as bad input (exit 3) */
				rc = pk_error_code() == PK_ENOMEM ? PK_ENOMEM
								 : pk_error_set(PK_EPARSE, "%s: %s", pk_records_where(r),
										pk_error_last());
				cJSON_Delete(rec);
				break;
			}
			pk_error_clear();
			cJSON_Delete(rec);
			if (!good && !bad) {
				rc = pk_error_set(PK_EPARSE, "%s: not a provkg check record: not an audit file (the JSONL "
						  "`provkg check` writes)", pk_records_where(r));
				break;
			}
			if (++bad <= AUDIT_WARN_MAX)
				tool_warn("%s: not a provkg check record, skipped", pk_records_where(r));
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
		tool_warn("%s: %zu more lines that are not check records skipped (%zu in all)", pk_records_name(r),
			  bad - AUDIT_WARN_MAX, bad);
	if (rc == 0 && !good)
		rc = pk_error_set(PK_EPARSE, "%s: no provkg check record in it", pk_records_name(r));
	pk_records_free(r);
	return rc < 0 ? rc : 0;
}
