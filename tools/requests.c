/* tools/requests.c - one request of a JSON stream (--jsonl) or of
 * `provkg serve`, answered the same way by both: the fields a check-ref,
 * check-value, lookup or check answer carries after its "id". Declared in
 * tool.h. */
#include "tool.h"

#include "../common/error.h"
#include "../eval/audit.h"
#include "../eval/record.h"
#include "../query/lookup.h"
#include "../query/ref.h"

#include <cJSON.h>
#include <string.h>

int tool_req_ref(kg_txn *t, const qr_opts *o, const cJSON *in, pk_json *w)
{
	const cJSON *ref = cJSON_GetObjectItemCaseSensitive(in, "ref");
	qr_ref p;
	qr_result r;
	int rc;

	if (cJSON_IsString(ref))
		rc = query_ref_parse(ref->valuestring, strlen(ref->valuestring), &p);
	else if (cJSON_IsObject(ref))
		rc = query_ref_from_json(ref, &p);
	else
		return pk_error_set(PK_EINVAL, "missing field \"ref\" (a string or a reference object)");
	/* each request reads the newest commit of the open generation */
	if (rc < 0 || (rc = kg_txn_renew(t)) < 0 || (rc = query_ref_check(t, &p, o, &r)) < 0)
		return rc;
	if (cJSON_IsString(ref)) {
		ev_record_ref_json(w, ref->valuestring, &p, &r);
	} else {
		/* a reference given as fields is echoed as its JSON */
		char *s = cJSON_PrintUnformatted(ref);

		ev_record_ref_json(w, s ? s : "", &p, &r);
		cJSON_free(s);
	}
	return 0;
}

int tool_req_value(kg_txn *t, const query_units *u, const qv_opts *o, const cJSON *in, pk_json *w)
{
	const cJSON *text = cJSON_GetObjectItemCaseSensitive(in, "text");
	qv_result r;
	int rc;

	if (!cJSON_IsString(text))
		return pk_error_set(PK_EINVAL, "missing string field \"text\"");
	qv_result_init(&r);
	if ((rc = kg_txn_renew(t)) < 0 ||
	    (rc = query_value_check(t, u, text->valuestring, strlen(text->valuestring), o, &r)) < 0) {
		qv_result_release(&r);
		return rc;
	}
	pk_json_kstr(w, "text", text->valuestring);
	ev_record_value_json(w, &r, 1);
	qv_result_release(&r);
	return 0;
}

void tool_matches_json(pk_json *w, const query_matches *ms)
{
	size_t i;

	pk_json_key(w, "matches");
	pk_json_arr(w);
	for (i = 0; i < ms->n; i++)
		ev_record_match_json(w, &ms->m[i]);
	pk_json_end_arr(w);
}

int tool_req_lookup(kg_txn *t, const query_lookup_opts *o, const cJSON *in, pk_json *w)
{
	const cJSON *q = cJSON_GetObjectItemCaseSensitive(in, "query");
	query_matches ms = { 0 };
	int rc;

	if (!cJSON_IsString(q))
		return pk_error_set(PK_EINVAL, "missing string field \"query\"");
	pk_json_kstr(w, "query", q->valuestring);
	if ((rc = kg_txn_renew(t)) == 0 && (rc = query_lookup(t, q->valuestring, o, &ms)) == 0)
		tool_matches_json(w, &ms);
	query_matches_release(&ms);
	return rc;
}

int tool_req_answer(kg_txn *t, const ev_opts *o, const ev_answer *a, pk_buf *out, int *is_error, ev_result *keep)
{
	pk_json w;
	ev_result r;
	int rc = 0;

	*is_error = 0;
	pk_buf_reset(out);
	pk_json_init(&w, out);
	ev_record_head(&w, a);
	if (a->error) {
		pk_json_kstr(&w, "error", a->error);
		*is_error = 1;
	} else if ((rc = kg_txn_renew(t)) < 0 || (rc = ev_audit(t, a->text, a->len, o, &r)) < 0) {
		char msg[600];

		if (rc == PK_ENOMEM || rc == PK_EIO)
			return rc;
		/* an answer that cannot be checked keeps its place, saying why */
		snprintf(msg, sizeof(msg), "%s: %s", a->where, pk_error_last());
		pk_json_kstr(&w, "error", msg);
		pk_error_clear();
		*is_error = 1;
	} else if (keep) {
		*keep = r;
		pk_buf_reset(out);
		return 1;
	} else {
		ev_record_audit_json(&w, &r, a->text, a->len);
		ev_result_release(&r);
	}
	pk_json_end_obj(&w);
	if (pk_json_error(&w) < 0) {
		/* an output record we cannot build still keeps its place */
		pk_buf_reset(out);
		pk_json_init(&w, out);
		ev_record_head(&w, a);
		pk_json_kstr(&w, "error", pk_error_last());
		pk_json_end_obj(&w);
		pk_error_clear();
	}
	return 0;
}
