/* common/records.h - one streaming reader of JSON records: JSON Lines, or a
 * JSON array of records, plain or gzip, from a file or standard input.
 *
 * Every command that reads records reads them through this iterator, one
 * record in memory at a time, with the limits below (curl's dynbuf caps:
 * each named once, here). A record over its limit is skipped whole and
 * reported (PK_ELIMIT) and the reader stays aligned on the next; a JSON
 * array is split by its brackets and strings without parsing the records,
 * which stay the caller's to parse (a malformed one is the caller's error
 * for that record only).
 */
#ifndef PK_RECORDS_H
#define PK_RECORDS_H

#include <stddef.h>

/* ---- the limits ------------------------------------------------------- */
/* one request line of check-ref and lookup --jsonl */
#define PK_REC_REQUEST_MAX ((size_t)1 << 20)
/* one request line of check-value --jsonl: a 1 MB sentence still fits */
#define PK_REC_SENTENCE_MAX ((size_t)2 << 20)
/* one request line of convert --jsonl */
#define PK_REC_CONVERT_MAX ((size_t)64 << 10)
/* one record of a dataset, results, grading or claims file (eval
 * skepticism, eval rubric, label-claims) */
#define PK_REC_ITEM_MAX ((size_t)64 << 20)
/* one audit record of provkg check (summarize, report): an answer of up to
 * 16 MiB with everything found in it */
#define PK_REC_AUDIT_MAX ((size_t)1 << 30)
/* one line of a JSONL answer file or harness log (eval/input.c) */
#define PK_REC_ANSWER_LINE_MAX ((size_t)1 << 30)
/* a harness log's header or results file beside the answers, read whole */
#define PK_REC_SIDE_MAX ((size_t)64 << 20)
/* a harness log that is one JSON document (Inspect JSON, HELM), read whole */
#define PK_REC_LOG_MAX ((size_t)2 << 30)
/* one sample of an Inspect .eval zip, inflated (a zip bomb stops here) */
#define PK_REC_SAMPLE_MAX ((size_t)256 << 20)
/* an output record (a line written per input line; an audit record of a
 * 16 MiB answer with everything found in it) */
#define PK_REC_OUTPUT_MAX ((size_t)512 << 20)

typedef struct pk_records pk_records;

enum {
	PK_REC_LINES = 1 /* JSON Lines only, every line one record, blank lines
			  * included (as ""): a line protocol whose answers stay
			  * aligned with its requests */
};

/* Open path ("-": standard input) for records of at most max_record bytes.
 * Without PK_REC_LINES a first non-blank byte '[' makes it an array, else
 * it is JSON Lines (blank lines skipped, a byte order mark dropped). On
 * success *out is the caller's: pk_records_free. PK_ENOFILE, PK_EIO,
 * PK_ENOMEM otherwise. */
int pk_records_open(pk_records **out, const char *path, size_t max_record, int flags);

/* The next record: 1 with *rec and *len set (NUL-terminated, borrowed
 * until the next call), 0 at the end, PK_ELIMIT for a record over the
 * limit (skipped; call again), PK_EPARSE when an array's structure is
 * broken (not closed, text after it: nothing more can be read), PK_EIO,
 * PK_ENOMEM. Errors carry pk_records_where. */
int pk_records_next(pk_records *r, const char **rec, size_t *len);

/* The input not yet read, without consuming it (pk_lines_peek): a
 * reader tells a format by its first bytes. 0 or PK_EIO. */
int pk_records_peek(pk_records *r, const char **p, size_t *n);
/* Lower (or raise) the longest record from now on. */
void pk_records_set_max(pk_records *r, size_t max_record);

/* Where the last record came from: "file:12" (a line) or "file: [3]" (an
 * array element, 0-based); written out on the first call after a record
 * (borrowed until the next record). */
const char *pk_records_where(pk_records *r);
/* The 1-based line where the last record starts. */
size_t pk_records_lineno(const pk_records *r);
/* Is the input a JSON array? */
int pk_records_is_array(const pk_records *r);
/* The name given at open ("<stdin>" for "-"). */
const char *pk_records_name(const pk_records *r);

/* Close the input and free the reader (NULL is fine). */
void pk_records_free(pk_records *r);

#endif
