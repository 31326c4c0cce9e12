/* eval/record.h - the JSON records provkg writes and reads.
 *
 * The audit record is the line `provkg check` writes per answer and
 * `summarize` and `report` read back; this module is its one owner, both
 * ways, so its field names cannot drift apart. Every audit record carries
 * "record_version": EV_RECORD_VERSION after its head; a reader refuses
 * a record of another version (PK_ESCHEMA) instead of misreading it.
 *
 *   {"id", "model", "where", ["epoch"], ["perturbation"], "record_version",
 *    "values", "citations", "scores", "traceability", "fabricated",
 *    ["derivations"], ["post_check"], "audit", ["limited"], "bytes"}
 *   or, for an answer that could not be read or checked,
 *   {"id", "model", "where", ..., "record_version", "error"}
 *
 * The value, reference and match results inside it are the objects
 * check-value, check-ref and lookup print alone. Writers append to an
 * open pk_json and never fail on their own (pk_json_error tells). */
#ifndef EV_RECORD_H
#define EV_RECORD_H

#include "audit.h"
#include "input.h"

#include <stddef.h>

struct cJSON;
struct pk_json;
struct query_match;

/* 1: the first versioned record (issue 18); records written before it
 * carry none and read as version 0 */
#define EV_RECORD_VERSION 1

/* ---- writing ---------------------------------------------------------- */

/* Open an audit record: "{", then id (a->id_json as given, else null),
 * model (null when none), where, epoch and perturbation when set, and
 * record_version. The caller adds the body (ev_record_audit_json, or an "error")
 * and closes the object. */
void ev_record_head(struct pk_json *w, const ev_answer *a);
/* The body of a checked answer (values ... bytes): r as ev_audit filled it
 * for text[0..n) (sentences and excerpts are cut from it). */
void ev_record_audit_json(struct pk_json *w, const ev_result *r, const char *text, size_t n);

/* The fields of one value check (check-value's record, and each of the
 * audit's "values") into an open object; with_spans adds the byte spans
 * of the mention. */
void ev_record_value_json(struct pk_json *w, const qv_result *r, int with_spans);
/* The fields of one reference check (check-ref's record, each of the
 * audit's "citations") into an open object; input: the reference as
 * written (NULL: not repeated). */
void ev_record_ref_json(struct pk_json *w, const char *input, const qr_ref *p, const qr_result *r);
/* One lookup match as a JSON object (lookup, and the "reference" of a
 * value check). */
void ev_record_match_json(struct pk_json *w, const struct query_match *m);
/* The name of the reference field of bit i (QR_F_*): "authors", "title",
 * ...; NULL past the last. */
const char *ev_record_field_name(size_t i);

/* ---- reading ---------------------------------------------------------- */

/* An audit record as summarize and report need it. Strings and the item
 * arrays point into the cJSON tree read (borrowed: valid while it is). */
typedef struct ev_record {
	const struct cJSON *id;   /* as the record gives it (NULL: none) */
	const char *model;        /* NULL: none given */
	const char *where;        /* "" when absent */
	const char *error;        /* NULL: the answer was checked */
	const char *perturbation; /* HELM's perturbed prediction; NULL: none */
	int checked;              /* "scores" given: the answer was checked */
	int have_score[EV_NSCORES];
	double score[EV_NSCORES];
	int have_traced;          /* traceability.fraction given (answers with items) */
	double traced;
	int have_fab;             /* fabricated.citations and .fabricated consistent */
	double citations, fabricated;
	size_t patterns[EV_NPATTERNS]; /* unknown pattern names count as "other" */
	const struct cJSON *values;    /* the arrays of checked items (NULL: none) */
	const struct cJSON *cites;
} ev_record;

/* Read one parsed record. PK_EINVAL when it is not an audit record (not
 * an object, or neither "scores" nor "error"); PK_ESCHEMA when its
 * record_version is another than EV_RECORD_VERSION (the message says which
 * and what to do). The last error is set either way. */
int ev_record_read(const struct cJSON *rec, ev_record *out);

/* A string member of an item of the record, "" when absent or not a
 * string (for items read from ev_record.values / .cites). */
const char *ev_record_str(const struct cJSON *obj, const char *key);

#endif
