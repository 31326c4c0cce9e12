/* query/ref_int.h - what refcheck.c keeps across a batch: the results of
 * the references it checked against the same commit (refmemo.c). Not a
 * public interface.
 *
 * A batch checks the same reference many times: the models of a run cite
 * the same papers, and a paper's reference list cites what others cite.
 * A result depends on the parse, on the settings below and on the commit
 * read, nothing else; the memo is keyed by the first two and emptied by
 * its owner when the third changes. */
#ifndef QUERY_REF_INT_H
#define QUERY_REF_INT_H

#include "ref.h"

#include "../common/buf.h"

/* A parse packed: its fields in order, each string as long as it is, the
 * authors up to nauthors (appended to b; PK_ENOMEM / PK_ELIMIT). */
int qr_ref_pack(pk_buf *b, const qr_ref *r);
/* What qr_ref_pack wrote, read back into r (its defined parts: the bytes
 * past each string's NUL and the authors past nauthors are left as they
 * were). Returns the byte after it. */
const unsigned char *qr_ref_unpack(const unsigned char *p, qr_ref *r);

/* The settings a graph check's result depends on besides the reference
 * (records from outside, qr_opts.extra, are never remembered). */
typedef struct qr_memo_opts {
	int closed;        /* closed world: the graph's, or qr_opts' */
	int year_now;      /* the current year the check used */
	int retrieve;      /* qr_opts.retrieve */
	int unregistered;  /* qr_opts.doi_unregistered */
} qr_memo_opts;

/* The memo: at most QR_RMEMO_BYTES of packed results (a few KB each),
 * emptied whole when full. Owned by the scratch that makes it; NULL when
 * memory is short (last error set), and a NULL memo remembers nothing. */
typedef struct qr_rmemo qr_rmemo;
qr_rmemo *qr_rmemo_new(void);
/* Free m and all it holds (NULL is fine). */
void qr_rmemo_free(qr_rmemo *m);
/* Forget every result (a new commit is read). NULL is fine. */
void qr_rmemo_clear(qr_rmemo *m);

/* Look r checked with o up: 1 with *out filled as the check filled it
 * (the lists up to their counts), or 0. Either way m keeps the key for a
 * qr_rmemo_put that follows. */
int qr_rmemo_get(qr_rmemo *m, const qr_ref *r, const qr_memo_opts *o, qr_result *out);
/* Remember res under the key of the qr_rmemo_get before it (which found
 * nothing). Memory short: not remembered, and no error. */
void qr_rmemo_put(qr_rmemo *m, const qr_result *res);
/* A table threads share (ref.h's qr_shared), under the key of m's last
 * get, for a commit (store, txn id): a table holds the results of the
 * first commit put in it, and other commits' find nothing there. get:
 * before qr_rmemo_put (which drops the key); put_shared: qr_rmemo_put,
 * and into sh too (NULL: not), the result packed once. */
int qr_shared_get(qr_shared *sh, const qr_rmemo *m, const void *store, uint64_t txn, qr_result *out);
void qr_rmemo_put_shared(qr_rmemo *m, qr_shared *sh, const void *store, uint64_t txn, const qr_result *res);
/* sh's parses (query_ref_memo_new_shared), which the scratches that share
 * sh share; NULL for NULL. */
qr_memo *qr_shared_parses(qr_shared *sh);

#endif
