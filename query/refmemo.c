/* query/refmemo.c - the results of the references a batch checked against
 * the same commit (ref_int.h): the parse and the settings packed into a
 * key, the result packed beside it (its strings as long as they are, its
 * lists up to their counts), in one open-addressed table; and the parses
 * of a batch's strings (ref.h's qr_memo), a thread's own and the table
 * its threads share. */
#include "ref_int.h"

#include "../common/alloc.h"
#include "../common/buf.h"
#include "../common/error.h"
#include "../common/hash.h"
#include "../common/memo.h"

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* A field added to qr_ref or qr_result must be added to the packing below
 * (a key without it would give one reference another's result): these
 * sizes say when one was. */
#if defined(__x86_64__) && defined(__linux__)
_Static_assert(sizeof(qr_ref) == 8040, "qr_ref changed: pack its new field in qr_ref_pack and qr_ref_unpack");
_Static_assert(sizeof(qr_result) == 9960, "qr_result changed: pack its new field in pack/unpack");
#endif

#define RMEMO_SLOTS 65536              /* a power of two: 32,768 results at most */
#define RMEMO_BYTES ((size_t)64 << 20) /* packed bytes held at most */

struct qr_rmemo {
	pk_memo *t;
	pk_buf key;    /* the key of the last get */
	uint64_t h;    /* its hash */
	pk_buf val;    /* a result being packed */
};

qr_rmemo *qr_rmemo_new(void)
{
	qr_rmemo *m = pk_malloc(sizeof(*m));

	if (!m || !(m->t = pk_memo_new(RMEMO_SLOTS, RMEMO_BYTES))) {
		pk_free(m);
		pk_error_set(PK_ENOMEM, "out of memory");
		return NULL;
	}
	pk_buf_init(&m->key, 0);
	pk_buf_init(&m->val, 0);
	m->h = 0;
	return m;
}

void qr_rmemo_clear(qr_rmemo *m)
{
	if (m)
		pk_memo_clear(m->t);
}

void qr_rmemo_free(qr_rmemo *m)
{
	if (!m)
		return;
	pk_memo_free(m->t);
	pk_buf_release(&m->key);
	pk_buf_release(&m->val);
	pk_free(m);
}

/* ---- packing -------------------------------------------------------------- */

/* a string field with its end: strings hold no NUL, so the NUL parts them */
static int put_str(pk_buf *b, const char *s, size_t size)
{
	size_t n = strnlen(s, size - 1);
	int rc;

	if (s[n] == '\0')
		return pk_buf_put(b, s, n + 1); /* the string and its NUL */
	if ((rc = pk_buf_put(b, s, n)) < 0)
		return rc;
	return pk_buf_putc(b, '\0');
}

#define PUT_STR(b, field) put_str((b), (field), sizeof(field))

static int put_num(pk_buf *b, const void *p, size_t n)
{
	return pk_buf_put(b, p, n);
}

#define PUT_NUM(b, v) put_num((b), &(v), sizeof(v))

int qr_ref_pack(pk_buf *b, const qr_ref *r)
{
	int rc = 0;
	size_t i;

	rc = rc < 0 ? rc : PUT_NUM(b, r->nauthors);
	rc = rc < 0 ? rc : PUT_NUM(b, r->et_al);
	rc = rc < 0 ? rc : PUT_NUM(b, r->year);
	rc = rc < 0 ? rc : PUT_NUM(b, r->numbered);
	for (i = 0; i < r->nauthors && i < QR_AUTHORS && rc >= 0; i++) {
		rc = PUT_STR(b, r->authors[i].family);
		rc = rc < 0 ? rc : PUT_STR(b, r->authors[i].given);
	}
	rc = rc < 0 ? rc : PUT_STR(b, r->title);
	rc = rc < 0 ? rc : PUT_STR(b, r->venue);
	rc = rc < 0 ? rc : PUT_STR(b, r->volume);
	rc = rc < 0 ? rc : PUT_STR(b, r->issue);
	rc = rc < 0 ? rc : PUT_STR(b, r->pages);
	rc = rc < 0 ? rc : PUT_STR(b, r->first_page);
	rc = rc < 0 ? rc : PUT_STR(b, r->doi);
	rc = rc < 0 ? rc : PUT_STR(b, r->arxiv);
	rc = rc < 0 ? rc : PUT_STR(b, r->pmid);
	rc = rc < 0 ? rc : PUT_STR(b, r->pmcid);
	rc = rc < 0 ? rc : PUT_STR(b, r->openalex);
	rc = rc < 0 ? rc : PUT_STR(b, r->dblp);
	rc = rc < 0 ? rc : PUT_STR(b, r->other_id);
	rc = rc < 0 ? rc : PUT_STR(b, r->url);
	rc = rc < 0 ? rc : PUT_STR(b, r->style);
	rc = rc < 0 ? rc : PUT_STR(b, r->doc_type);
	rc = rc < 0 ? rc : PUT_STR(b, r->text);
	return rc;
}

static int key_of(pk_buf *b, const qr_ref *r, const qr_memo_opts *o)
{
	int rc;

	pk_buf_reset(b);
	if ((rc = PUT_NUM(b, *o)) < 0)
		return rc;
	return qr_ref_pack(b, r);
}

static int pack(pk_buf *b, const qr_result *r)
{
	int rc = 0;
	size_t i;

	pk_buf_reset(b);
	rc = rc < 0 ? rc : PUT_NUM(b, r->verdict);
	rc = rc < 0 ? rc : PUT_NUM(b, r->have_match);
	rc = rc < 0 ? rc : PUT_NUM(b, r->match_year);
	rc = rc < 0 ? rc : PUT_NUM(b, r->score);
	rc = rc < 0 ? rc : PUT_NUM(b, r->mismatched);
	rc = rc < 0 ? rc : PUT_NUM(b, r->nreasons);
	rc = rc < 0 ? rc : PUT_NUM(b, r->retracted);
	rc = rc < 0 ? rc : PUT_NUM(b, r->match_versions);
	rc = rc < 0 ? rc : PUT_NUM(b, r->nsources);
	rc = rc < 0 ? rc : PUT_NUM(b, r->candidates);
	rc = rc < 0 ? rc : PUT_NUM(b, r->nretrieved);
	rc = rc < 0 ? rc : PUT_NUM(b, r->match_extra);
	rc = rc < 0 ? rc : PUT_STR(b, r->match_doi);
	rc = rc < 0 ? rc : PUT_STR(b, r->match_title);
	rc = rc < 0 ? rc : PUT_STR(b, r->match_venue);
	rc = rc < 0 ? rc : PUT_STR(b, r->match_type);
	rc = rc < 0 ? rc : PUT_STR(b, r->match_id);
	rc = rc < 0 ? rc : PUT_STR(b, r->match_db);
	for (i = 0; i < r->nreasons && i < QR_REASONS && rc >= 0; i++)
		rc = PUT_STR(b, r->reasons[i]);
	for (i = 0; i < r->nsources && i < QR_SOURCES && rc >= 0; i++)
		rc = PUT_STR(b, r->sources[i]);
	for (i = 0; i < r->nretrieved && i < QR_RETRIEVED && rc >= 0; i++) {
		rc = PUT_STR(b, r->retrieved[i].doi);
		rc = rc < 0 ? rc : PUT_NUM(b, r->retrieved[i].score);
	}
	return rc;
}

/* what pack wrote, read back in its order (p walks the packed bytes) */
static void get_num(const unsigned char **p, void *v, size_t n)
{
	memcpy(v, *p, n);
	*p += n;
}

#define GET_NUM(p, v) get_num((p), &(v), sizeof(v))

/* s is as large as the field put_str cut the string to */
static void get_str(const unsigned char **p, char *s)
{
	size_t n = strlen((const char *)*p);

	memcpy(s, *p, n + 1);
	*p += n + 1;
}

#define GET_STR(p, field) get_str((p), (field))

static void unpack(const unsigned char *p, qr_result *r)
{
	size_t i;

	memset(r, 0, offsetof(qr_result, reasons)); /* as the check leaves what it does not set */
	GET_NUM(&p, r->verdict);
	GET_NUM(&p, r->have_match);
	GET_NUM(&p, r->match_year);
	GET_NUM(&p, r->score);
	GET_NUM(&p, r->mismatched);
	GET_NUM(&p, r->nreasons);
	GET_NUM(&p, r->retracted);
	GET_NUM(&p, r->match_versions);
	GET_NUM(&p, r->nsources);
	GET_NUM(&p, r->candidates);
	GET_NUM(&p, r->nretrieved);
	GET_NUM(&p, r->match_extra);
	GET_STR(&p, r->match_doi);
	GET_STR(&p, r->match_title);
	GET_STR(&p, r->match_venue);
	GET_STR(&p, r->match_type);
	GET_STR(&p, r->match_id);
	GET_STR(&p, r->match_db);
	for (i = 0; i < r->nreasons && i < QR_REASONS; i++)
		GET_STR(&p, r->reasons[i]);
	for (i = 0; i < r->nsources && i < QR_SOURCES; i++)
		GET_STR(&p, r->sources[i]);
	for (i = 0; i < r->nretrieved && i < QR_RETRIEVED; i++) {
		GET_STR(&p, r->retrieved[i].doi);
		GET_NUM(&p, r->retrieved[i].score);
	}
}

const unsigned char *qr_ref_unpack(const unsigned char *p, qr_ref *r)
{
	size_t i;

	GET_NUM(&p, r->nauthors);
	GET_NUM(&p, r->et_al);
	GET_NUM(&p, r->year);
	GET_NUM(&p, r->numbered);
	for (i = 0; i < r->nauthors && i < QR_AUTHORS; i++) {
		GET_STR(&p, r->authors[i].family);
		GET_STR(&p, r->authors[i].given);
	}
	GET_STR(&p, r->title);
	GET_STR(&p, r->venue);
	GET_STR(&p, r->volume);
	GET_STR(&p, r->issue);
	GET_STR(&p, r->pages);
	GET_STR(&p, r->first_page);
	GET_STR(&p, r->doi);
	GET_STR(&p, r->arxiv);
	GET_STR(&p, r->pmid);
	GET_STR(&p, r->pmcid);
	GET_STR(&p, r->openalex);
	GET_STR(&p, r->dblp);
	GET_STR(&p, r->other_id);
	GET_STR(&p, r->url);
	GET_STR(&p, r->style);
	GET_STR(&p, r->doc_type);
	GET_STR(&p, r->text);
	return p;
}

/* ---- the table ------------------------------------------------------------ */

int qr_rmemo_get(qr_rmemo *m, const qr_ref *r, const qr_memo_opts *o, qr_result *out)
{
	const unsigned char *v;
	size_t vlen;

	if (!m)
		return 0;
	if (key_of(&m->key, r, o) < 0) {
		pk_buf_reset(&m->key); /* no key: nothing found, nothing put */
		pk_error_clear();
		return 0;
	}
	m->h = pk_hash_mem(m->key.ptr, m->key.len);
	if (!(v = pk_memo_get(m->t, m->h, m->key.ptr, m->key.len, &vlen)))
		return 0;
	unpack(v, out);
	return 1;
}

static void shared_put(qr_shared *sh, const qr_rmemo *m, const void *store, uint64_t txn);

void qr_rmemo_put(qr_rmemo *m, const qr_result *res)
{
	qr_rmemo_put_shared(m, NULL, NULL, 0, res);
}

void qr_rmemo_put_shared(qr_rmemo *m, qr_shared *sh, const void *store, uint64_t txn, const qr_result *res)
{
	if (!m || !m->key.len)
		return;
	if (pack(&m->val, res) < 0) {
		pk_error_clear();
		return;
	}
	pk_memo_put(m->t, m->h, m->key.ptr, m->key.len, m->val.ptr, m->val.len);
	if (sh)
		shared_put(sh, m, store, txn); /* the same packed bytes */
	pk_buf_reset(&m->key); /* put once */
}

/* ---- parses of a batch ---------------------------------------------------- */

#define MEMO_SLOTS 65536             /* a power of two: 32,768 parses at most */
#define MEMO_BYTES ((size_t)32 << 20) /* packed bytes held at most */

struct qr_memo {
	pk_memo *t;  /* text -> its parse packed (qr_ref_pack) */
	pk_buf pack;
	qr_memo *shared; /* the threads' table behind this one's (NULL: none) */
	int locked;      /* a table threads share: read and written under mu */
	pthread_mutex_t mu;
};

static qr_memo *memo_new(int locked)
{
	qr_memo *m = pk_malloc(sizeof(*m));

	if (!m || !(m->t = pk_memo_new(MEMO_SLOTS, MEMO_BYTES))) {
		pk_free(m);
		pk_error_set(PK_ENOMEM, "out of memory");
		return NULL;
	}
	pk_buf_init(&m->pack, 0);
	m->shared = NULL;
	m->locked = locked;
	if (locked)
		pthread_mutex_init(&m->mu, NULL);
	return m;
}

qr_memo *query_ref_memo_new(void)
{
	return memo_new(0);
}

qr_memo *query_ref_memo_new_shared(void)
{
	return memo_new(1);
}

void query_ref_memo_share(qr_memo *m, qr_memo *shared)
{
	if (m && m != shared)
		m->shared = shared && shared->locked ? shared : NULL;
}

void query_ref_memo_free(qr_memo *m)
{
	if (!m)
		return;
	if (m->locked)
		pthread_mutex_destroy(&m->mu);
	pk_memo_free(m->t);
	pk_buf_release(&m->pack);
	pk_free(m);
}

/* A packed parse v[0..vlen) of text into m, under m's lock when m is a
 * table threads share (which another thread may have given it since). */
static void memo_keep(qr_memo *m, uint64_t h, const char *text, size_t n, const void *v, size_t vlen)
{
	size_t had;

	if (m->locked)
		pthread_mutex_lock(&m->mu);
	if (!m->locked || !pk_memo_get(m->t, h, text, n, &had))
		pk_memo_put(m->t, h, text, n, v, vlen);
	if (m->locked)
		pthread_mutex_unlock(&m->mu);
}

/* m's parse of text (hash h) into out, under m's lock when m is a table
 * threads share, and kept in keep too (NULL: not): 1, or 0 when m has
 * none. */
static int memo_recall(qr_memo *m, uint64_t h, const char *text, size_t n, qr_ref *out, qr_memo *keep)
{
	const unsigned char *v;
	size_t vlen;

	if (m->locked)
		pthread_mutex_lock(&m->mu);
	if ((v = pk_memo_get(m->t, h, text, n, &vlen))) {
		qr_ref_unpack(v, out); /* (under the lock: a put may move the entry) */
		if (keep)
			memo_keep(keep, h, text, n, v, vlen);
	}
	if (m->locked)
		pthread_mutex_unlock(&m->mu);
	return v != NULL;
}

int query_ref_parse_memo(qr_memo *m, const char *text, size_t n, qr_ref *out)
{
	uint64_t h;
	int rc;

	if (!m)
		return query_ref_parse(text, n, out);
	h = pk_hash_mem(text, n);
	/* this thread's parse, or another thread's (kept here too) */
	if (memo_recall(m, h, text, n, out, NULL) || (m->shared && memo_recall(m->shared, h, text, n, out, m)))
		return 0;
	if ((rc = query_ref_parse(text, n, out)) < 0)
		return rc;
	pk_buf_reset(&m->pack);
	if (qr_ref_pack(&m->pack, out) < 0) {
		pk_error_clear(); /* not kept: the parse stands */
		return 0;
	}
	memo_keep(m, h, text, n, m->pack.ptr, m->pack.len);
	if (m->shared)
		memo_keep(m->shared, h, text, n, m->pack.ptr, m->pack.len);
	return 0;
}

/* ---- the table threads share ----------------------------------------------- */

#define SHARED_SLOTS 131072              /* a power of two: 65,536 results at most */
#define SHARED_BYTES ((size_t)128 << 20) /* packed bytes held at most */

struct qr_shared {
	pthread_mutex_t mu;
	pk_memo *t;
	const void *store; /* the commit its results are of (NULL: none yet) */
	uint64_t txn;
	qr_memo *parses;   /* the strings' parses (of any commit: text alone decides them) */
};

qr_shared *query_ref_shared_new(void)
{
	qr_shared *sh = pk_calloc(1, sizeof(*sh));

	if (!sh || !(sh->t = pk_memo_new(SHARED_SLOTS, SHARED_BYTES)) || !(sh->parses = query_ref_memo_new_shared())) {
		if (sh)
			pk_memo_free(sh->t);
		pk_free(sh);
		pk_error_set(PK_ENOMEM, "out of memory");
		return NULL;
	}
	pthread_mutex_init(&sh->mu, NULL);
	return sh;
}

void query_ref_shared_free(qr_shared *sh)
{
	if (!sh)
		return;
	pthread_mutex_destroy(&sh->mu);
	pk_memo_free(sh->t);
	query_ref_memo_free(sh->parses);
	pk_free(sh);
}

qr_memo *qr_shared_parses(qr_shared *sh)
{
	return sh ? sh->parses : NULL;
}

int qr_shared_get(qr_shared *sh, const qr_rmemo *m, const void *store, uint64_t txn, qr_result *out)
{
	const unsigned char *v;
	size_t vlen;
	int found = 0;

	if (!sh || !m || !m->key.len)
		return 0;
	pthread_mutex_lock(&sh->mu);
	if (sh->store == store && sh->txn == txn &&
	    (v = pk_memo_get(sh->t, m->h, m->key.ptr, m->key.len, &vlen)) != NULL) {
		unpack(v, out); /* under the lock: a put may move the entry */
		found = 1;
	}
	pthread_mutex_unlock(&sh->mu);
	return found;
}

/* m's key and its packed value (m->val) into sh, for a commit */
static void shared_put(qr_shared *sh, const qr_rmemo *m, const void *store, uint64_t txn)
{
	size_t vlen;

	pthread_mutex_lock(&sh->mu);
	if (!sh->store) {
		sh->store = store;
		sh->txn = txn;
	}
	/* another thread may have put it since this one looked */
	if (sh->store == store && sh->txn == txn && !pk_memo_get(sh->t, m->h, m->key.ptr, m->key.len, &vlen))
		pk_memo_put(sh->t, m->h, m->key.ptr, m->key.len, m->val.ptr, m->val.len);
	pthread_mutex_unlock(&sh->mu);
}
