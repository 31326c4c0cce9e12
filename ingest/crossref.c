/* ingest/crossref.c - Crossref works at dump scale.
 *
 * Reads the public data file layout (a directory of N.json.gz, each
 * {"items":[...]}), JSON Lines (plain or .gz), and REST API responses
 * (/works/{doi}: {"message-type":"work","message":{...}}; /works:
 * {"message":{"items":[...]}}), and writes each work as a compact record
 * under its DOI with the matching indexes (title, title head, first author
 * and year, volume and first page).
 *
 * Two threads: a reader decompresses, splits records and extracts the
 * fields with a pull tokenizer (skipping reference lists unless asked),
 * handing batches through a bounded queue to the caller's thread, which
 * holds the LMDB write transaction. Memory is bounded by the queue and by
 * one document (files in the document layout are read whole, up to
 * DOC_MAX; JSON Lines files are streamed line by line), not by the dump.
 * A bad record (broken JSON, no DOI, invalid UTF-8, an overlong line) is
 * reported with file and position and skipped; a truncated gzip keeps the
 * records read before the damage.
 */
#include "internal.h"

#include "../common/alloc.h"
#include "../common/error.h"
#include "../common/hash.h"
#include "../common/lines.h"
#include "../common/pj.h"
#include "../common/sha256.h"
#include "../kg/work.h"

#include <libdeflate.h>

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#define SPARES 4
#define DOC_MAX ((size_t)512 << 20) /* one document-layout file, decompressed (a real one is ~50 MB) */
#define LINE_MAX_BYTES ((size_t)64 << 20)
#define BATCH_BYTES ((size_t)1 << 20)
#define BATCH_SLACK ((size_t)64 << 10) /* the work that fills a batch, as a rule */
#define QUEUE_DEPTH 20 /* batches parsed ahead: more than a write run, so parsing goes on while a run is written */
#define WORK_MAX ((size_t)8 << 20) /* one work's kept strings */
#define SPARE_BATCHES 24 /* a write run's (WRITE_RUN) and some */

/* ---- batches: what the reader hands the writer ------------------------- */

enum { B_WORK = 'W', B_REJECT = 'R' };

typedef struct batch {
	pk_buf data; /* entries: kind, then length-prefixed parts */
	size_t count;
	uint64_t bytes_in; /* input bytes covered (progress) */
} batch;

typedef struct queue {
	pthread_mutex_t mu;
	pthread_cond_t can_put, can_get;
	batch *slot[QUEUE_DEPTH];
	size_t head, n;
	int done, cancel;
	int rc; /* the reader's fatal error, if any */
	char msg[512];
	/* batches the writer is done with, for the reader to fill again (a
	 * fresh one of 2 MB is faulted in 4 KB at a time) */
	batch *spare[SPARE_BATCHES];
	size_t nspare;
} queue;

static int put_u32(pk_buf *b, uint32_t v)
{
	unsigned char x[4] = { (unsigned char)(v >> 24), (unsigned char)(v >> 16), (unsigned char)(v >> 8),
			       (unsigned char)v };

	return pk_buf_put(b, x, 4);
}

static uint32_t get_u32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static int queue_push(queue *q, batch *b)
{
	pthread_mutex_lock(&q->mu);
	while (q->n == QUEUE_DEPTH && !q->cancel)
		pthread_cond_wait(&q->can_put, &q->mu);
	if (q->cancel) {
		pthread_mutex_unlock(&q->mu);
		return -1;
	}
	q->slot[(q->head + q->n) % QUEUE_DEPTH] = b;
	q->n++;
	pthread_cond_signal(&q->can_get);
	pthread_mutex_unlock(&q->mu);
	return 0;
}

/* NULL when the reader is done (check q->rc). */
static batch *queue_pop(queue *q)
{
	batch *b = NULL;

	pthread_mutex_lock(&q->mu);
	while (q->n == 0 && !q->done)
		pthread_cond_wait(&q->can_get, &q->mu);
	if (q->n) {
		b = q->slot[q->head];
		q->head = (q->head + 1) % QUEUE_DEPTH;
		q->n--;
		pthread_cond_signal(&q->can_put);
	}
	pthread_mutex_unlock(&q->mu);
	return b;
}

static void batch_free(batch *b)
{
	if (b) {
		pk_buf_release(&b->data);
		pk_free(b);
	}
}

/* The writer is done with b: a spare for the reader, or freed. */
static void batch_recycle(queue *q, batch *b)
{
	pthread_mutex_lock(&q->mu);
	if (b && q->nspare < SPARE_BATCHES) {
		pk_buf_reset(&b->data);
		b->count = 0;
		b->bytes_in = 0;
		q->spare[q->nspare++] = b;
		b = NULL;
	}
	pthread_mutex_unlock(&q->mu);
	batch_free(b);
}

/* A spare batch, empty (NULL: none). */
static batch *batch_spare(queue *q)
{
	batch *b = NULL;

	pthread_mutex_lock(&q->mu);
	if (q->nspare)
		b = q->spare[--q->nspare];
	pthread_mutex_unlock(&q->mu);
	return b;
}

/* ---- the reader ------------------------------------------------------- */

/* A file as the inflater hands it to the parser. */
typedef struct doc {
	const char *file;
	char *text;      /* decompressed document (NULL for JSON Lines) */
	size_t n, cap;   /* its length and allocation */
	int jsonl;       /* stream it line by line from the file instead */
	char err[512];   /* a read or decompression error ("" if none) */
} doc;

typedef struct doc_queue {
	doc *slot[2];
	size_t head, n;
	int done;
	pthread_cond_t can_put, can_get; /* under the batch queue's mutex */
} doc_queue;

typedef struct reader {
	queue q;
	doc_queue dq;
	char *const *files;
	size_t nfiles;
	int with_refs;
	pk_sha256 dirhash;  /* over "name  sha256" of each file, in order */
	char hex[65];
	pthread_t inflater;
	int inflater_started;
	struct libdeflate_decompressor *dd; /* the inflater's (NULL: zlib only) */
	/* buffers used again from file to file (fresh ones of tens of MB cost
	 * a page fault every 4 KB): the inflater's whole-file read, and a
	 * document's text the parser is done with (under q.mu) */
	unsigned char *all;
	size_t all_cap;
	unsigned char *raw; /* RAW_CHUNK: the inflater's read buffer */
	/* as many as can be in flight (one inflated, two queued, one parsed) */
	char *spare[SPARES];
	size_t spare_cap[SPARES];
	size_t nspare;
	batch *cur;
	pk_buf arena;  /* strings of the work being extracted */
	pk_buf rec, key;
	uint64_t bytes;
	pthread_t thread;
	int started;
	/* in-memory parsing: each work goes to sink instead of the queue */
	ingest_work_fn sink;
	void *sink_ctx;
	size_t rejected;
} reader;

static int deliver(reader *r, const batch *b);

static int flush_batch(reader *r)
{
	batch *b = r->cur;

	r->cur = NULL;
	if (!b)
		return 0;
	if (r->sink) {
		/* parsing in memory (ingest_crossref_parse): no writer thread */
		int rc = deliver(r, b);

		batch_free(b);
		return rc;
	}
	b->bytes_in = r->bytes;
	if (queue_push(&r->q, b) < 0) {
		batch_free(b);
		return -1;
	}
	return 0;
}

static int need_batch(reader *r)
{
	if (r->cur && r->cur->data.len >= BATCH_BYTES && flush_batch(r) < 0)
		return -1;
	if (!r->cur && !r->sink)
		r->cur = batch_spare(&r->q);
	if (!r->cur) {
		if (!(r->cur = pk_calloc(1, sizeof(*r->cur))))
			return -1;
		pk_buf_init(&r->cur->data, 0);
		/* room for a full batch at once: grown from empty it doubled to
		 * 2 MB, copying its bytes into fresh pages at each step */
		if (pk_buf_grow(&r->cur->data, BATCH_BYTES + BATCH_SLACK) < 0)
			return -1;
	}
	return 0;
}

static int reject(reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int reject(reader *r, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	size_t n;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (need_batch(r) < 0)
		return -1;
	n = strlen(msg);
	if (pk_buf_putc(&r->cur->data, B_REJECT) < 0 || put_u32(&r->cur->data, (uint32_t)n) < 0 ||
	    pk_buf_put(&r->cur->data, msg, n) < 0)
		return -1;
	r->cur->count++;
	return 0;
}

/* Field offsets into the arena while a work is being read. */
typedef struct wfields {
	kg_work w;
	size_t off_doi, off_title, off_sub, off_otitle, off_pub, off_type, off_vol, off_iss, off_page, off_art;
	size_t off_abs, off_refs;
	size_t off_given[KG_WORK_AUTHORS], off_family[KG_WORK_AUTHORS], off_orcid[KG_WORK_AUTHORS];
	size_t off_cont[KG_WORK_NAMES], off_short[KG_WORK_NAMES], off_issn[KG_WORK_NAMES];
	size_t off_utype[KG_WORK_NAMES], off_udoi[KG_WORK_NAMES];
	size_t off_btype[KG_WORK_NAMES], off_bdoi[KG_WORK_NAMES];
	size_t off_rtype[KG_WORK_NAMES], off_rdoi[KG_WORK_NAMES];
} wfields;

#define NONE ((size_t)-1)

/* Decode a string value into the arena; *off gets its offset (NONE for
 * null or empty). */
static int arena_string(reader *r, pj *j, size_t *off)
{
	size_t start = r->arena.len;

	*off = NONE;
	if (pj_string(j, &r->arena, 1) < 0)
		return -1;
	if (r->arena.len == start)
		return 0;
	if (pk_buf_putc(&r->arena, '\0') < 0)
		return -1;
	*off = start;
	return 0;
}

/* ["first", "second"] -> offsets of up to max strings */
static int arena_strings(reader *r, pj *j, size_t *offs, size_t max, size_t *n)
{
	int t = pj_peek(j), m;

	*n = 0;
	if (t == PJ_STRING)
		return arena_string(r, j, &offs[(*n)++]);
	if (t == PJ_NULL)
		return pj_skip(j);
	if (pj_enter(j) < 0)
		return -1;
	while ((m = pj_more(j)) == 1) {
		size_t off;

		if (*n < max && pj_peek(j) == PJ_STRING) {
			if (arena_string(r, j, &off) < 0)
				return -1;
			if (off != NONE)
				offs[(*n)++] = off;
		} else if (pj_skip(j) < 0) {
			return -1;
		}
	}
	return m;
}

static int key_is(const char *k, size_t kl, const char *want)
{
	return strlen(want) == kl && !memcmp(k, want, kl);
}

/* "issued": {"date-parts": [[2019, 5, 3]]} */
static int read_date(pj *j, int *year, int *month)
{
	const char *k;
	size_t kl;
	int m;

	if (pj_peek(j) != PJ_OBJECT)
		return pj_skip(j);
	if (pj_enter(j) < 0)
		return -1;
	while ((m = pj_key(j, &k, &kl)) == 1) {
		if (!key_is(k, kl, "date-parts") || pj_peek(j) != PJ_ARRAY) {
			if (pj_skip(j) < 0)
				return -1;
			continue;
		}
		if (pj_enter(j) < 0)
			return -1;
		if (pj_more(j) == 1) {
			int i = 0, mm;

			if (pj_peek(j) == PJ_ARRAY) {
				if (pj_enter(j) < 0)
					return -1;
				while ((mm = pj_more(j)) == 1) {
					double v;

					if (pj_peek(j) == PJ_NUMBER) {
						if (pj_number(j, &v) < 0)
							return -1;
						if (i == 0 && v >= 1000 && v <= 9999)
							*year = (int)v;
						else if (i == 1 && v >= 1 && v <= 12)
							*month = (int)v;
					} else if (pj_skip(j) < 0) {
						return -1;
					}
					i++;
				}
				if (mm < 0)
					return -1;
			} else if (pj_skip(j) < 0) {
				return -1;
			}
			while ((mm = pj_more(j)) == 1)
				if (pj_skip(j) < 0)
					return -1;
			if (mm < 0)
				return -1;
		}
	}
	return m;
}

static int read_authors(reader *r, pj *j, wfields *f)
{
	int m;

	if (pj_peek(j) != PJ_ARRAY)
		return pj_skip(j);
	if (pj_enter(j) < 0)
		return -1;
	while ((m = pj_more(j)) == 1) {
		size_t i = f->w.nauthors, given = NONE, family = NONE, name = NONE, orcid = NONE;
		const char *k;
		size_t kl;
		int mk;

		f->w.author_count++;
		if (pj_peek(j) != PJ_OBJECT || i >= KG_WORK_AUTHORS) {
			if (pj_skip(j) < 0)
				return -1;
			continue;
		}
		if (pj_enter(j) < 0)
			return -1;
		while ((mk = pj_key(j, &k, &kl)) == 1) {
			size_t *dst = key_is(k, kl, "given") ? &given : key_is(k, kl, "family") ? &family
				      : key_is(k, kl, "name") ? &name : key_is(k, kl, "ORCID") ? &orcid : NULL;

			if (dst && pj_peek(j) == PJ_STRING) {
				if (arena_string(r, j, dst) < 0)
					return -1;
			} else if (pj_skip(j) < 0) {
				return -1;
			}
		}
		if (mk < 0)
			return -1;
		if (family == NONE)
			family = name; /* organisations */
		if (family == NONE && given == NONE)
			continue;
		f->off_given[i] = given;
		f->off_family[i] = family;
		f->off_orcid[i] = orcid;
		f->w.nauthors++;
	}
	return m;
}

/* Two string members of the object at j ({"type":..,"DOI":..}), their
 * arena offsets in *a and *b (NONE when absent); anything else at j is
 * skipped. 0, or -1 on a JSON error. */
static int read_two_strings(reader *r, pj *j, const char *ka, size_t *a, const char *kb, size_t *b)
{
	const char *k;
	size_t kl;
	int mk;

	*a = *b = NONE;
	if (pj_peek(j) != PJ_OBJECT)
		return pj_skip(j) < 0 ? -1 : 0;
	if (pj_enter(j) < 0)
		return -1;
	while ((mk = pj_key(j, &k, &kl)) == 1) {
		size_t *dst = key_is(k, kl, ka) ? a : key_is(k, kl, kb) ? b : NULL;

		if (dst && pj_peek(j) == PJ_STRING) {
			if (arena_string(r, j, dst) < 0)
				return -1;
		} else if (pj_skip(j) < 0) {
			return -1;
		}
	}
	return mk < 0 ? -1 : 0;
}

/* "update-to" / "updated-by": [{"DOI":..,"type":..}] */
static int read_updates(reader *r, pj *j, size_t *types, size_t *dois, size_t *n)
{
	int m;

	if (pj_peek(j) != PJ_ARRAY)
		return pj_skip(j);
	if (pj_enter(j) < 0)
		return -1;
	while ((m = pj_more(j)) == 1) {
		size_t ty, doi;

		if (read_two_strings(r, j, "type", &ty, "DOI", &doi) < 0)
			return -1;
		if (ty != NONE && doi != NONE && *n < KG_WORK_NAMES) {
			types[*n] = ty;
			dois[*n] = doi;
			(*n)++;
		}
	}
	return m;
}

/* "relation": {"is-preprint-of": [{"id-type":"doi","id":"10..."}], ...} */
static int read_relations(reader *r, pj *j, wfields *f)
{
	const char *k;
	size_t kl;
	int m;

	if (pj_peek(j) != PJ_OBJECT)
		return pj_skip(j);
	if (pj_enter(j) < 0)
		return -1;
	while ((m = pj_key(j, &k, &kl)) == 1) {
		size_t type_off = NONE;
		int mm;

		if (pj_peek(j) != PJ_ARRAY || kl > 60) {
			if (pj_skip(j) < 0)
				return -1;
			continue;
		}
		if (pk_buf_put(&r->arena, k, kl) < 0 || pk_buf_putc(&r->arena, '\0') < 0)
			return -1;
		type_off = r->arena.len - kl - 1;
		if (pj_enter(j) < 0)
			return -1;
		while ((mm = pj_more(j)) == 1) {
			size_t id, idtype;

			if (read_two_strings(r, j, "id", &id, "id-type", &idtype) < 0)
				return -1;
			if (id != NONE && idtype != NONE && !strcmp(r->arena.ptr + idtype, "doi") &&
			    f->w.nrelation < KG_WORK_NAMES) {
				f->off_rtype[f->w.nrelation] = type_off;
				f->off_rdoi[f->w.nrelation] = id;
				f->w.nrelation++;
			}
		}
		if (mm < 0)
			return -1;
	}
	return m;
}

#define PTR(off) ((off) == NONE ? NULL : r->arena.ptr + (off))

/* One more short name of the work's venue at off, unless it has that name. */
static void add_venue_name(reader *r, wfields *f, size_t off)
{
	const char *name;
	size_t i;

	if (off == NONE || f->w.nshort >= KG_WORK_NAMES)
		return;
	name = r->arena.ptr + off;
	for (i = 0; i < f->w.ncontainer; i++)
		if (!strcmp(r->arena.ptr + f->off_cont[i], name))
			return;
	for (i = 0; i < f->w.nshort; i++)
		if (!strcmp(r->arena.ptr + f->off_short[i], name))
			return;
	f->off_short[f->w.nshort++] = off;
}

/* Extract one work object at j (positioned on '{'). Returns 1 for a work,
 * 0 for an object that is not one (skipped), -1 on a JSON error. */
static int extract(reader *r, pj *j, wfields *f)
{
	const char *k, *raw_refs = NULL;
	size_t kl, n, i, raw_refs_len = 0;
	size_t ev_name = NONE, ev_acro = NONE;
	int m, created_year = 0;

	memset(f, 0, sizeof(*f));
	f->off_doi = f->off_title = f->off_sub = f->off_otitle = f->off_pub = f->off_type = NONE;
	f->off_vol = f->off_iss = f->off_page = f->off_art = f->off_abs = f->off_refs = NONE;
	pk_buf_reset(&r->arena);
	if (pj_enter(j) < 0)
		return -1;
	while ((m = pj_key(j, &k, &kl)) == 1) {
		size_t offs[1];
		int rc = 0;

		if (key_is(k, kl, "DOI"))
			rc = arena_string(r, j, &f->off_doi);
		else if (key_is(k, kl, "title"))
			rc = arena_strings(r, j, offs, 1, &n), f->off_title = n ? offs[0] : NONE;
		else if (key_is(k, kl, "subtitle"))
			rc = arena_strings(r, j, offs, 1, &n), f->off_sub = n ? offs[0] : NONE;
		else if (key_is(k, kl, "original-title"))
			rc = arena_strings(r, j, offs, 1, &n), f->off_otitle = n ? offs[0] : NONE;
		else if (key_is(k, kl, "author"))
			rc = read_authors(r, j, f);
		else if (key_is(k, kl, "container-title"))
			rc = arena_strings(r, j, f->off_cont, KG_WORK_NAMES, &f->w.ncontainer);
		else if (key_is(k, kl, "short-container-title"))
			rc = arena_strings(r, j, f->off_short, KG_WORK_NAMES, &f->w.nshort);
		else if (key_is(k, kl, "event"))
			rc = read_two_strings(r, j, "name", &ev_name, "acronym", &ev_acro);
		else if (key_is(k, kl, "ISSN"))
			rc = arena_strings(r, j, f->off_issn, KG_WORK_NAMES, &f->w.nissn);
		else if (key_is(k, kl, "publisher"))
			rc = arena_string(r, j, &f->off_pub);
		else if (key_is(k, kl, "type"))
			rc = arena_string(r, j, &f->off_type);
		else if (key_is(k, kl, "volume"))
			rc = arena_string(r, j, &f->off_vol);
		else if (key_is(k, kl, "issue"))
			rc = arena_string(r, j, &f->off_iss);
		else if (key_is(k, kl, "page"))
			rc = arena_string(r, j, &f->off_page);
		else if (key_is(k, kl, "article-number"))
			rc = arena_string(r, j, &f->off_art);
		else if (key_is(k, kl, "issued"))
			rc = read_date(j, &f->w.year, &f->w.month);
		else if (key_is(k, kl, "published") && !f->w.year)
			rc = read_date(j, &f->w.year, &f->w.month);
		else if (key_is(k, kl, "published-print")) {
			int mo = 0;

			rc = read_date(j, &f->w.print_year, &mo);
		} else if (key_is(k, kl, "published-online")) {
			int mo = 0;

			rc = read_date(j, &f->w.online_year, &mo);
		} else if (key_is(k, kl, "created")) {
			int mo = 0;

			rc = read_date(j, &created_year, &mo);
		}
		else if (key_is(k, kl, "update-to"))
			rc = read_updates(r, j, f->off_utype, f->off_udoi, &f->w.nupdate_to);
		else if (key_is(k, kl, "updated-by"))
			rc = read_updates(r, j, f->off_btype, f->off_bdoi, &f->w.nupdated_by);
		else if (key_is(k, kl, "relation"))
			rc = read_relations(r, j, f);
		else if (key_is(k, kl, "reference-count") || key_is(k, kl, "references-count")) {
			double v;

			if (pj_peek(j) == PJ_NUMBER) {
				rc = pj_number(j, &v);
				if (v > 0 && v < 1e9)
					f->w.reference_count = (uint32_t)v;
			} else {
				rc = pj_skip(j);
			}
		} else if (r->with_refs && key_is(k, kl, "abstract"))
			rc = arena_string(r, j, &f->off_abs);
		else if (r->with_refs && key_is(k, kl, "reference")) {
			raw_refs = j->p;
			rc = pj_skip(j);
			raw_refs_len = (size_t)(j->p - raw_refs);
		} else
			rc = pj_skip(j);
		if (rc < 0)
			return -1;
	}
	if (m < 0)
		return -1;
	/* online first: with no "published-online", the DOI registered the
	 * year before the issue ("created" 2021-12-08, issued 2022-01) dates
	 * the work's online version, which citations give as its year */
	if (!f->w.online_year && created_year && f->w.year == created_year + 1)
		f->w.online_year = created_year;
	/* a proceedings paper is cited by its conference as often as by the
	 * proceedings' title: the event's name ("MobiCom'14: The 20th Annual
	 * International Conference on Mobile Computing and Networking") and
	 * acronym ("MobiCom'14") are further names of its venue */
	add_venue_name(r, f, ev_name);
	add_venue_name(r, f, ev_acro);
	if (raw_refs && raw_refs_len) {
		/* kept as the JSON text it was */
		while (raw_refs_len && (*raw_refs == ' ' || *raw_refs == '\n'))
			raw_refs++, raw_refs_len--;
		f->off_refs = r->arena.len;
		if (pk_buf_put(&r->arena, raw_refs, raw_refs_len) < 0 || pk_buf_putc(&r->arena, '\0') < 0)
			return -1;
	}
	if (f->off_doi == NONE)
		return 0;
	/* offsets to pointers, now that the arena no longer moves */
	f->w.doi = PTR(f->off_doi);
	f->w.title = PTR(f->off_title);
	f->w.subtitle = PTR(f->off_sub);
	f->w.original_title = PTR(f->off_otitle);
	f->w.publisher = PTR(f->off_pub);
	f->w.type = PTR(f->off_type);
	f->w.volume = PTR(f->off_vol);
	f->w.issue = PTR(f->off_iss);
	f->w.page = PTR(f->off_page);
	f->w.article_number = PTR(f->off_art);
	f->w.abstract = PTR(f->off_abs);
	f->w.references = PTR(f->off_refs);
	for (i = 0; i < f->w.nauthors; i++) {
		f->w.authors[i].given = PTR(f->off_given[i]);
		f->w.authors[i].family = PTR(f->off_family[i]);
		f->w.authors[i].orcid = PTR(f->off_orcid[i]);
	}
	for (i = 0; i < f->w.ncontainer; i++)
		f->w.container[i] = PTR(f->off_cont[i]);
	for (i = 0; i < f->w.nshort; i++)
		f->w.short_container[i] = PTR(f->off_short[i]);
	for (i = 0; i < f->w.nissn; i++)
		f->w.issn[i] = PTR(f->off_issn[i]);
	for (i = 0; i < f->w.nupdate_to; i++) {
		f->w.update_to[i].type = PTR(f->off_utype[i]);
		f->w.update_to[i].doi = PTR(f->off_udoi[i]);
	}
	for (i = 0; i < f->w.nupdated_by; i++) {
		f->w.updated_by[i].type = PTR(f->off_btype[i]);
		f->w.updated_by[i].doi = PTR(f->off_bdoi[i]);
	}
	for (i = 0; i < f->w.nrelation; i++) {
		f->w.relation[i].type = PTR(f->off_rtype[i]);
		f->w.relation[i].doi = PTR(f->off_rdoi[i]);
	}
	return 1;
}

typedef struct key_ctx {
	pk_buf *b;      /* the batch entry */
	size_t *nkeys;
} key_ctx;

static int batch_key(void *vctx, const void *key, size_t n)
{
	key_ctx *c = vctx;
	int rc;

	if ((rc = put_u32(c->b, (uint32_t)n)) == 0 && (rc = pk_buf_put(c->b, key, n)) == 0)
		(*c->nkeys)++;
	return rc;
}

/* Normalise DOIs, encode the record and its index keys into the batch. */
static int emit_work(reader *r, wfields *f, const char *where)
{
	pk_buf doi = PK_BUF_INIT;
	pk_buf *b;
	size_t count_at, nkeys = 0;
	int rc = 0;

	if (kg_doi_normalize(&doi, f->w.doi, strlen(f->w.doi)) < 0) {
		rc = reject(r, "%s: not a DOI: '%.60s'", where, f->w.doi);
		pk_buf_release(&doi);
		return rc;
	}
	f->w.doi = doi.ptr; /* related DOIs stay as written; check-ref normalises on use */
	pk_buf_reset(&r->rec);
	if (kg_work_encode(&r->rec, &f->w) < 0 || need_batch(r) < 0) {
		pk_buf_release(&doi);
		return -1;
	}
	b = &r->cur->data;
	/* reserve the whole entry once so the appends below cannot fail */
	if (pk_buf_grow(b, 1 + 4 + doi.len + 4 + r->rec.len + 4 + 5 * (8 + 256) + KG_TERMS_MAX * (4 + 9)) < 0) {
		pk_buf_release(&doi);
		return -1;
	}
	/* the room is reserved: these cannot fail, and are checked all the same */
	if (pk_buf_putc(b, B_WORK) < 0 || put_u32(b, (uint32_t)doi.len) < 0 || pk_buf_put(b, doi.ptr, doi.len) < 0 ||
	    put_u32(b, (uint32_t)r->rec.len) < 0 || pk_buf_put(b, r->rec.ptr, r->rec.len) < 0) {
		pk_buf_release(&doi);
		return -1;
	}
	count_at = b->len;
	if (put_u32(b, 0) < 0) {
		pk_buf_release(&doi);
		return -1;
	}
	/* index keys, and the retrieval terms check-ref scores a reference
	 * string against */
	{
		key_ctx kc = { b, &nkeys };

		if ((rc = kg_work_keys(&f->w, batch_key, &kc)) < 0) {
			pk_buf_release(&doi);
			return rc;
		}
	}
	{
		unsigned char *p = (unsigned char *)b->ptr + count_at;

		p[0] = (unsigned char)(nkeys >> 24);
		p[1] = (unsigned char)(nkeys >> 16);
		p[2] = (unsigned char)(nkeys >> 8);
		p[3] = (unsigned char)nkeys;
	}
	r->cur->count++;
	pk_buf_release(&doi);
	return rc;
}

/* A JSON value: at the top or as an API response's "message", a work or a
 * wrapper ({"items":[...]}, {"message":...}); inside "items", a work. */
enum { AT_TOP, AT_MESSAGE, AT_ITEM };
static int handle_value(reader *r, pj *j, const char *file, const char *where, int mode, int depth);

static int handle_items(reader *r, pj *j, const char *file, const char *where, int depth)
{
	char pos[600];
	size_t idx = 0;
	int m;

	if (pj_enter(j) < 0)
		return -1;
	while ((m = pj_more(j)) == 1) {
		idx++;
		snprintf(pos, sizeof(pos), "%s record %zu (byte %zu)", where, idx, pj_offset(j));
		if (handle_value(r, j, file, pos, AT_ITEM, depth + 1) < 0)
			return -1;
	}
	return m;
}

static int handle_value(reader *r, pj *j, const char *file, const char *where, int mode, int depth)
{
	const char *k;
	wfields *f;
	size_t kl;
	int t = pj_peek(j), rc, is_work = mode == AT_ITEM, has_items = 0, has_message = 0, m;

	if (depth > 3)
		return pj_skip(j);
	if (t == PJ_ARRAY)
		return handle_items(r, j, file, where, depth);
	if (t != PJ_OBJECT) {
		if (pj_skip(j) < 0)
			return -1;
		return reject(r, "%s: not a JSON object", where);
	}
	/* at the top and in "message", look at the keys to tell a work from a
	 * wrapper; inside "items" every object is taken as a work */
	if (mode != AT_ITEM) {
		pj peek = *j;

		if (pj_enter(&peek) < 0)
			return -1;
		while ((m = pj_key(&peek, &k, &kl)) == 1) {
			if (key_is(k, kl, "DOI"))
				is_work = 1;
			else if (key_is(k, kl, "items"))
				has_items = 1;
			else if (key_is(k, kl, "message"))
				has_message = 1;
			if (pj_skip(&peek) < 0)
				break;
		}
		if (peek.err) {
			*j = peek; /* report the error where it is */
			return -1;
		}
	}
	if (!is_work && (has_items || has_message)) {
		if (pj_enter(j) < 0)
			return -1;
		while ((m = pj_key(j, &k, &kl)) == 1) {
			if (key_is(k, kl, "items") && pj_peek(j) == PJ_ARRAY) {
				if (handle_items(r, j, file, where, depth + 1) < 0)
					return -1;
			} else if (key_is(k, kl, "message") && pj_peek(j) == PJ_OBJECT) {
				if (handle_value(r, j, file, where, AT_MESSAGE, depth + 1) < 0)
					return -1;
			} else if (pj_skip(j) < 0) {
				return -1;
			}
		}
		return m < 0 ? -1 : 0;
	}
	if (!is_work) {
		if (pj_skip(j) < 0)
			return -1;
		return reject(r, "%s: no DOI", where);
	}
	if (!(f = pk_malloc(sizeof(*f))))
		return -1;
	rc = extract(r, j, f);
	if (rc == 1)
		rc = emit_work(r, f, where);
	else if (rc == 0)
		rc = reject(r, "%s: no DOI", where);
	pk_free(f);
	return rc;
}

/* Skip forward past a broken record: the next "},{" boundary at the same
 * level, assuming records are objects in an array. Returns 1 if found. */
static int resync(pj *j)
{
	const char *p = j->p;

	while (p + 1 < j->end) {
		const char *c = memchr(p, '}', (size_t)(j->end - p));
		const char *q;

		if (!c)
			return 0;
		q = c + 1;
		while (q < j->end && (*q == ' ' || *q == '\n' || *q == '\r' || *q == '\t'))
			q++;
		if (q < j->end && *q == ',') {
			const char *s = q + 1;

			while (s < j->end && (*s == ' ' || *s == '\n' || *s == '\r' || *s == '\t'))
				s++;
			if (s < j->end && *s == '{') {
				j->p = s;
				j->err = NULL;
				return 1;
			}
		}
		p = c + 1;
	}
	return 0;
}

/* What follows the first JSON value of a document file: more records, one
 * value after another (JSON Lines whose first line was longer than the
 * format sniff, or values run together), never dropped. A broken one is
 * reported and the reading goes on at the next line. */
static int read_rest(reader *r, const char *file, const char *text, size_t n, size_t from)
{
	const char *p = text + from, *end = text + n;
	size_t idx = 1;
	char where[600];

	for (;;) {
		pj k;
		const char *start;

		while (p < end && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t'))
			p++;
		if (p >= end)
			return 0;
		idx++;
		snprintf(where, sizeof(where), "%s: value %zu (byte %zu)", file, idx, (size_t)(p - text));
		start = p;
		pj_init(&k, p, (size_t)(end - p));
		if (handle_value(r, &k, file, where, AT_TOP, 0) < 0) {
			const char *nl;

			if (!k.err)
				return -1;
			if (reject(r, "%s: %s", where, pj_error(&k)) < 0)
				return -1;
			if (!(nl = memchr(start, '\n', (size_t)(end - start))))
				return 0;
			p = nl + 1;
			continue;
		}
		p = k.p > start ? k.p : end;
	}
}

/* Where the first JSON value of text ends (n when it does not). */
static size_t first_value_end(const char *text, size_t n)
{
	pj k;

	pj_init(&k, text, n);
	if (pj_skip(&k) < 0)
		return n;
	return (size_t)(k.p - text);
}

/* Where the document ends, from j just after the array of items: the
 * rest of the objects around it skipped (first_value_end when they do not
 * read). */
static size_t enclosing_end(pj *j, const char *text, size_t n)
{
	const char *k;
	size_t kl;
	int rc;

	while (j->depth > 0) {
		if ((rc = pj_key(j, &k, &kl)) < 0 || (rc == 1 && pj_skip(j) < 0))
			return first_value_end(text, n);
	}
	return (size_t)(j->p - text);
}

/* A document-layout file: the whole decompressed text, records in
 * (possibly nested) arrays. Broken records are skipped by resyncing. */
static int read_document(reader *r, const char *file, const char *text, size_t n)
{
	pj j;
	char where[600];
	const char *rec_start;
	size_t idx = 0;
	int t, m, arr_depth, clean = 1; /* every record so far read whole */

	pj_init(&j, text, n);
	t = pj_peek(&j);
	if (t == PJ_OBJECT) {
		/* find the array of items: {"items":[...]} or {"message":{"items":[...]}} */
		const char *k;
		size_t kl;
		pj probe = j;
		int found = 0;

		if (pj_enter(&probe) == 0) {
			while (!found && pj_key(&probe, &k, &kl) == 1) {
				if (key_is(k, kl, "items") && pj_peek(&probe) == PJ_ARRAY) {
					found = 1;
				} else if (key_is(k, kl, "message") && pj_peek(&probe) == PJ_OBJECT) {
					pj_enter(&probe);
					continue;
				} else if (pj_skip(&probe) < 0) {
					break;
				}
			}
		}
		if (!found) {
			/* a single work or API response */
			snprintf(where, sizeof(where), "%s", file);
			if (handle_value(r, &j, file, where, AT_TOP, 0) < 0)
				return j.err ? reject(r, "%s: byte %zu: %s", file, pj_offset(&j), pj_error(&j)) : -1;
			return read_rest(r, file, text, n, (size_t)(j.p - text));
		}
		j = probe; /* on the items array */
	} else if (t != PJ_ARRAY) {
		return reject(r, "%s: byte %zu: not a JSON document (%s)", file, pj_offset(&j),
			      t == PJ_EOF ? "empty" : pj_error(&j));
	}
	if (pj_enter(&j) < 0)
		return reject(r, "%s: %s", file, pj_error(&j));
	arr_depth = j.depth;
	for (;;) {
		m = pj_more(&j);
		if (m == 0)
			break;
		if (m < 0) {
			clean = 0;
			if (reject(r, "%s: record %zu (byte %zu): %s", file, idx + 1, pj_offset(&j), pj_error(&j)) < 0)
				return -1;
			if (!resync(&j))
				break;
			j.depth = arr_depth;
			j.sep[arr_depth] = 0;
			continue;
		}
		idx++;
		snprintf(where, sizeof(where), "%s: record %zu (byte %zu)", file, idx, pj_offset(&j));
		rec_start = j.p;
		if (handle_value(r, &j, file, where, AT_ITEM, 1) < 0) {
			clean = 0;
			if (!j.err)
				return -1; /* memory or cancel */
			if (reject(r, "%s: %s at byte %zu", where, pj_error(&j), pj_offset(&j)) < 0)
				return -1;
			/* a bad string leaves the structure intact: skip the record
			 * whole; a structural break needs a guess at the next record */
			j.err = NULL;
			j.p = rec_start;
			j.depth = arr_depth;
			if (pj_skip(&j) == 0)
				continue;
			/* the input ends inside this record (a truncated file): no
			 * record follows, and a resync would only find fragments */
			if (pj_offset(&j) + 16 >= n)
				break;
			j.p = rec_start + 1;
			if (!resync(&j))
				break;
			j.depth = arr_depth;
			j.sep[arr_depth] = 0;
		}
	}
	/* data after the document: where it ends is where the items array
	 * and what encloses it end, when every record was read whole;
	 * else (a record skipped or resynced) a scan of the whole text
	 * finds it */
	return read_rest(r, file, text, n, clean ? enclosing_end(&j, text, n) : first_value_end(text, n));
}

/* Does the first line of this text hold one complete JSON value, with more
 * lines after it (JSON Lines)? A first line longer than the peek is one big
 * document (a one-line API response or public-data-file): read it whole,
 * so that a truncated gzip still yields the records before the damage. */
static int looks_like_jsonl(const char *buf, size_t n)
{
	const char *nl = memchr(buf, '\n', n < 65536 ? n : 65536);
	pj j;

	if (!nl)
		return 0;
	pj_init(&j, buf, (size_t)(nl - buf));
	if (pj_peek(&j) != PJ_OBJECT || pj_skip(&j) < 0)
		return 0;
	return pj_peek(&j) == PJ_EOF;
}

static int read_jsonl(reader *r, const char *file)
{
	pk_lines *lr = NULL;
	const char *line;
	size_t len;
	char where[600];
	int rc;

	if (pk_lines_open(&lr, file, LINE_MAX_BYTES) < 0)
		return reject(r, "%s", pk_error_last());
	for (;;) {
		pj j;

		rc = pk_lines_next(lr, &line, &len);
		if (rc == 0)
			break;
		if (rc == PK_ELIMIT) {
			if (reject(r, "%s", pk_error_last()) < 0)
				break;
			continue;
		}
		if (rc < 0) {
			/* truncated gzip or a read error: keep what was read */
			rc = reject(r, "%s", pk_error_last());
			break;
		}
		r->bytes += len + 1;
		if (strspn(line, " \t") == len)
			continue;
		snprintf(where, sizeof(where), "%s:%zu", file, pk_lines_lineno(lr));
		pj_init(&j, line, len);
		if (handle_value(r, &j, file, where, AT_TOP, 0) < 0) {
			if (!j.err) {
				rc = -1;
				break;
			}
			if (reject(r, "%s: %s at column %zu", where, pj_error(&j), pj_offset(&j) + 1) < 0)
				break;
		}
	}
	pk_lines_free(lr);
	return rc < 0 ? -1 : 0;
}

/* ---- the inflater: raw bytes -> hash and decompressed documents -------- */

#define RAW_CHUNK ((size_t)1 << 20)

static int dq_push(reader *r, doc *d)
{
	pthread_mutex_lock(&r->q.mu);
	while (r->dq.n == 2 && !r->q.cancel)
		pthread_cond_wait(&r->dq.can_put, &r->q.mu);
	if (r->q.cancel) {
		pthread_mutex_unlock(&r->q.mu);
		return -1;
	}
	r->dq.slot[(r->dq.head + r->dq.n) % 2] = d;
	r->dq.n++;
	pthread_cond_signal(&r->dq.can_get);
	pthread_mutex_unlock(&r->q.mu);
	return 0;
}

static doc *dq_pop(reader *r)
{
	doc *d = NULL;

	pthread_mutex_lock(&r->q.mu);
	while (r->dq.n == 0 && !r->dq.done && !r->q.cancel)
		pthread_cond_wait(&r->dq.can_get, &r->q.mu);
	if (r->dq.n && !r->q.cancel) {
		d = r->dq.slot[r->dq.head];
		r->dq.head = (r->dq.head + 1) % 2;
		r->dq.n--;
		pthread_cond_signal(&r->dq.can_put);
	}
	pthread_mutex_unlock(&r->q.mu);
	return d;
}

static void doc_free(doc *d)
{
	if (d) {
		pk_free(d->text);
		pk_free(d);
	}
}

/* The parser is done with d: its text becomes one of the inflater's
 * spares (with SPARES kept, the smallest gives way). */
static void doc_done(reader *r, doc *d)
{
	char *drop = NULL;

	if (!d)
		return;
	pthread_mutex_lock(&r->q.mu);
	if (d->text && d->cap <= DOC_MAX + 1) {
		size_t i, small = 0;

		if (r->nspare < SPARES) {
			small = r->nspare++;
			r->spare[small] = NULL;
			r->spare_cap[small] = 0;
		} else {
			for (i = 1; i < SPARES; i++)
				if (r->spare_cap[i] < r->spare_cap[small])
					small = i;
		}
		if (d->cap > r->spare_cap[small]) {
			drop = r->spare[small];
			r->spare[small] = d->text;
			r->spare_cap[small] = d->cap;
			d->text = NULL;
		}
	}
	pthread_mutex_unlock(&r->q.mu);
	pk_free(drop);
	doc_free(d);
}

/* the largest spare text buffer as an empty pk_buf capped at DOC_MAX (or a
 * new one) */
static void take_spare(reader *r, pk_buf *text)
{
	pk_buf_init(text, DOC_MAX);
	pthread_mutex_lock(&r->q.mu);
	if (r->nspare) {
		size_t i, big = 0;

		for (i = 1; i < r->nspare; i++)
			if (r->spare_cap[i] > r->spare_cap[big])
				big = i;
		text->ptr = r->spare[big];
		text->cap = r->spare_cap[big];
		text->ptr[0] = '\0';
		r->nspare--;
		r->spare[big] = r->spare[r->nspare];
		r->spare_cap[big] = r->spare_cap[r->nspare];
	}
	pthread_mutex_unlock(&r->q.mu);
}

static int cancelled(reader *r)
{
	int c;

	pthread_mutex_lock(&r->q.mu);
	c = r->q.cancel;
	pthread_mutex_unlock(&r->q.mu);
	return c;
}

/* A gzip file up to WHOLE_MAX is read whole and, when it is a document,
 * inflated in one call by libdeflate (about 3x zlib's speed on these
 * files); larger files, and anything libdeflate does not take in one call
 * (several gzip members, a wrong size trailer, damage), are inflated by
 * zlib as a stream, which also says where the damage is. */
#define WHOLE_MAX ((size_t)64 << 20)

/* Is the gzip data in[0..n) JSON Lines? zlib inflates its first 64 KB (as
 * the streaming path decides): 1 yes, 0 no, -1 unreadable there. */
static int gz_peek_jsonl(unsigned char *in, size_t n)
{
	static const size_t want = 65536;
	unsigned char *out;
	z_stream zs;
	size_t have = 0;
	int zr = Z_OK, rc;

	memset(&zs, 0, sizeof(zs));
	if (!(out = pk_malloc(want)) || inflateInit2(&zs, 16 + MAX_WBITS) != Z_OK) {
		pk_free(out);
		return -1;
	}
	zs.next_in = in;
	zs.avail_in = (uInt)n;
	while (have < want && zs.avail_in) {
		zs.next_out = out + have;
		zs.avail_out = (uInt)(want - have);
		zr = inflate(&zs, Z_NO_FLUSH);
		have = want - zs.avail_out;
		if (zr == Z_STREAM_END && zs.avail_in)
			inflateReset(&zs); /* another gzip member follows */
		else if (zr != Z_OK)
			break;
	}
	rc = zr == Z_OK || zr == Z_STREAM_END || (zr == Z_BUF_ERROR && have == want) ? looks_like_jsonl((char *)out, have) : -1;
	inflateEnd(&zs);
	pk_free(out);
	return rc;
}

/* The whole gzip document in[0..n) into text by libdeflate: 0 done, -1
 * not in one call (text left empty: the stream path takes over). */
static int gz_whole(struct libdeflate_decompressor *dd, const unsigned char *in, size_t n, pk_buf *text)
{
	size_t isize = (size_t)in[n - 4] | (size_t)in[n - 3] << 8 | (size_t)in[n - 2] << 16 | (size_t)in[n - 1] << 24;
	size_t used = 0, got = 0;

	if (!dd || isize >= DOC_MAX || pk_buf_grow(text, isize) < 0) {
		pk_error_clear();
		return -1;
	}
	if (libdeflate_gzip_decompress_ex(dd, in, n, text->ptr, isize, &used, &got) != LIBDEFLATE_SUCCESS ||
	    used != n || got != isize) {
		text->len = 0;
		text->ptr[0] = '\0';
		return -1;
	}
	text->len = got;
	text->ptr[got] = '\0';
	return 0;
}

/* The inflater's buffer for a whole file of n bytes (kept from file to
 * file), or NULL: no memory. */
static unsigned char *whole_buffer(reader *r, size_t n)
{
	if (r->all_cap < n) {
		/* an eighth more: the files of a dump differ a little in size,
		 * and each new buffer is faulted in again */
		size_t cap = n + n / 8;

		pk_free(r->all);
		r->all_cap = 0;
		if (!(r->all = pk_malloc(cap)))
			return NULL;
		r->all_cap = cap;
	}
	return r->all;
}

/* Read one file: hash its bytes and, for a document, decompress it whole
 * (gzip members one after another, or plain text). */
static doc *inflate_file(reader *r, const char *file, char hex[65])
{
	unsigned char *raw = NULL;
	pk_buf text = PK_BUF_INIT;
	pk_sha256 h;
	z_stream zs;
	doc *d;
	int fd, gz = -1, zinit = 0, zend = 0, decided = 0;
	ssize_t got = 0;
	uint64_t offset = 0;
	unsigned char *all = NULL; /* the whole file (WHOLE_MAX), or NULL: read as a stream */
	size_t nall = 0, at = 0;
	struct stat st;

	if (!(d = pk_calloc(1, sizeof(*d))))
		return NULL;
	d->file = file;
	take_spare(r, &text);
	pk_sha256_init(&h);
	memset(&zs, 0, sizeof(zs));
	if ((fd = open(file, O_RDONLY | O_CLOEXEC)) < 0) {
		snprintf(d->err, sizeof(d->err), "cannot open '%s': %s", file, strerror(errno));
		return d;
	}
	if (!r->raw && !(r->raw = pk_malloc(RAW_CHUNK))) {
		close(fd);
		doc_free(d);
		return NULL;
	}
	raw = r->raw;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size >= 20 && (size_t)st.st_size <= WHOLE_MAX &&
	    (all = whole_buffer(r, (size_t)st.st_size))) {
		/* read it whole (hashed as read), then, for a gzip document,
		 * inflate it in one call */
		while (nall < (size_t)st.st_size && (got = read(fd, all + nall, (size_t)st.st_size - nall)) > 0) {
			pk_sha256_update(&h, all + nall, (size_t)got);
			nall += (size_t)got;
		}
		if (got < 0) {
			snprintf(d->err, sizeof(d->err), "cannot read '%s': %s", file, strerror(errno));
			nall = 0;
		} else if ((got = read(fd, raw, RAW_CHUNK)) > 0) {
			/* it grew while read: the rest as a stream */
			all = NULL;
			pk_sha256_init(&h);
			if (lseek(fd, 0, SEEK_SET) < 0) {
				snprintf(d->err, sizeof(d->err), "cannot read '%s': %s", file, strerror(errno));
				nall = 0;
			}
		} else if (got == 0 && nall >= 20 && all[0] == 0x1f && all[1] == 0x8b) {
			int jl = gz_peek_jsonl(all, nall);

			if (jl == 1) {
				/* JSON Lines: the parser streams the file; hashed already */
				gz = 1;
				decided = d->jsonl = 1;
				at = nall;
			} else if (jl == 0 && gz_whole(r->dd, all, nall, &text) == 0) {
				gz = 1;
				zend = 1;
				decided = 1;
				at = nall;
				offset = nall;
			}
		}
	}
	while ((got = all ? (ssize_t)(nall - at < RAW_CHUNK ? nall - at : RAW_CHUNK) : read(fd, raw, RAW_CHUNK)) > 0) {
		if (all) {
			/* the whole file in memory (hashed): its next chunk */
			memcpy(raw, all + at, (size_t)got);
			at += (size_t)got;
		} else {
			pk_sha256_update(&h, raw, (size_t)got);
		}
		offset += (uint64_t)got;
		if (gz < 0)
			gz = got >= 2 && raw[0] == 0x1f && raw[1] == 0x8b;
		if (d->jsonl || d->err[0])
			continue; /* hashing only from here on */
		if (!gz) {
			if (pk_buf_put(&text, raw, (size_t)got) < 0)
				snprintf(d->err, sizeof(d->err), "%s: larger than %zu bytes", file, DOC_MAX);
		} else {
			if (!zinit) {
				if (inflateInit2(&zs, 16 + MAX_WBITS) != Z_OK)
					break;
				zinit = 1;
			}
			zs.next_in = raw;
			zs.avail_in = (uInt)got;
			while (zs.avail_in && !d->err[0]) {
				int zr;

				if (pk_buf_grow(&text, RAW_CHUNK) < 0) {
					snprintf(d->err, sizeof(d->err), "%s: larger than %zu bytes", file, DOC_MAX);
					break;
				}
				zs.next_out = (unsigned char *)text.ptr + text.len;
				zs.avail_out = (uInt)(text.cap - text.len - 1);
				zr = inflate(&zs, Z_NO_FLUSH);
				text.len = (size_t)((char *)zs.next_out - text.ptr);
				text.ptr[text.len] = '\0';
				if (zr == Z_STREAM_END) {
					zend = 1;
					if (zs.avail_in)
						inflateReset(&zs); /* another gzip member follows */
					else
						break;
				} else if (zr == Z_OK || zr == Z_BUF_ERROR) {
					zend = 0;
				} else {
					snprintf(d->err, sizeof(d->err), "%s: read error at byte %llu: %s", file,
						 (unsigned long long)(offset - zs.avail_in), zs.msg ? zs.msg : "corrupt gzip data");
				}
			}
		}
		/* JSON Lines are streamed by the parser, not held in memory */
		if (!decided && text.len >= 65536) {
			decided = 1;
			d->jsonl = looks_like_jsonl(text.ptr, text.len);
		}
		if (cancelled(r))
			break;
	}
	if (got < 0 && !d->err[0])
		snprintf(d->err, sizeof(d->err), "cannot read '%s': %s", file, strerror(errno));
	close(fd);
	if (!decided && text.len)
		d->jsonl = looks_like_jsonl(text.ptr, text.len);
	if (gz == 1 && !d->err[0] && !zend && !d->jsonl)
		snprintf(d->err, sizeof(d->err), "%s: read error at byte %llu: unexpected end of file", file,
			 (unsigned long long)offset);
	if (zinit)
		inflateEnd(&zs);
	pk_sha256_final_hex(&h, hex);
	if (d->jsonl) {
		pk_buf_release(&text); /* the parser re-reads it line by line */
		d->err[0] = '\0';
	} else {
		d->n = text.len;
		d->cap = text.cap;
		d->text = text.ptr;
	}
	return d;
}

static void *inflater_main(void *arg)
{
	reader *r = arg;
	size_t i;

	(void)ingest_thread_behind(); /* the writer first (internal.h) */
	r->dd = libdeflate_alloc_decompressor();
	for (i = 0; i < r->nfiles; i++) {
		char hex[65];
		doc *d = inflate_file(r, r->files[i], hex);
		const char *base = ingest_basename(r->files[i]);

		if (!d)
			break;
		pk_sha256_update(&r->dirhash, base, strlen(base));
		pk_sha256_update(&r->dirhash, "  ", 2);
		pk_sha256_update(&r->dirhash, hex, 64);
		pk_sha256_update(&r->dirhash, "\n", 1);
		if (dq_push(r, d) < 0) {
			doc_free(d);
			break;
		}
	}
	libdeflate_free_decompressor(r->dd);
	r->dd = NULL;
	pk_free(r->all);
	r->all = NULL;
	r->all_cap = 0;
	pthread_mutex_lock(&r->q.mu);
	r->dq.done = 1;
	pthread_cond_broadcast(&r->dq.can_get);
	pthread_mutex_unlock(&r->q.mu);
	return NULL;
}

/* ---- the parser: documents -> batches of work records ------------------ */

static void *reader_main(void *arg)
{
	reader *r = arg;
	doc *d;
	int rc = 0;

	(void)ingest_thread_behind(); /* the writer first (internal.h) */
	while (rc == 0 && (d = dq_pop(r))) {
		if (d->jsonl) {
			rc = read_jsonl(r, d->file);
		} else {
			r->bytes += d->n;
			if (d->n)
				rc = read_document(r, d->file, d->text, d->n);
			if (rc == 0 && d->err[0])
				rc = reject(r, "%s%s", d->err, d->n ? " (records before the damage were kept)" : "");
		}
		doc_done(r, d);
	}
	if (rc == 0)
		rc = flush_batch(r);
	pthread_mutex_lock(&r->q.mu);
	if (rc < 0 && !r->q.cancel) {
		r->q.rc = pk_error_code() ? pk_error_code() : PK_ENOMEM;
		snprintf(r->q.msg, sizeof(r->q.msg), "%s", pk_error_last());
	}
	r->q.done = 1;
	pthread_cond_broadcast(&r->q.can_get);
	pthread_mutex_unlock(&r->q.mu);
	return NULL;
}

static void reader_stop(reader *r)
{
	size_t i;

	pthread_mutex_lock(&r->q.mu);
	r->q.cancel = 1;
	pthread_cond_broadcast(&r->q.can_put);
	pthread_cond_broadcast(&r->dq.can_put);
	pthread_cond_broadcast(&r->dq.can_get);
	pthread_mutex_unlock(&r->q.mu);
	if (r->started)
		pthread_join(r->thread, NULL);
	if (r->inflater_started)
		pthread_join(r->inflater, NULL);
	r->started = r->inflater_started = 0;
	for (i = 0; i < r->q.n; i++)
		batch_free(r->q.slot[(r->q.head + i) % QUEUE_DEPTH]);
	r->q.n = 0;
	for (i = 0; i < r->dq.n; i++)
		doc_free(r->dq.slot[(r->dq.head + i) % 2]);
	r->dq.n = 0;
	for (i = 0; i < r->nspare; i++)
		pk_free(r->spare[i]);
	r->nspare = 0;
	for (i = 0; i < r->q.nspare; i++)
		batch_free(r->q.spare[i]);
	r->q.nspare = 0;
	pk_free(r->raw);
	r->raw = NULL;
	batch_free(r->cur);
	r->cur = NULL;
	pk_buf_release(&r->arena);
	pk_buf_release(&r->rec);
	pk_buf_release(&r->key);
	pthread_mutex_destroy(&r->q.mu);
	pthread_cond_destroy(&r->q.can_put);
	pthread_cond_destroy(&r->q.can_get);
	pthread_cond_destroy(&r->dq.can_put);
	pthread_cond_destroy(&r->dq.can_get);
}

/* ---- the writer (the caller's thread, inside the transaction) ----------- */

/* Walk a batch: each work (DOI, record, its index keys) or rejection. */
typedef struct batch_visit {
	int (*work)(void *ctx, const unsigned char *doi, uint32_t n, const unsigned char *rec, uint32_t rl,
		    const unsigned char *keys, uint32_t nkeys);
	int (*reject)(void *ctx, const char *msg, uint32_t n);
	void *ctx;
} batch_visit;

static int walk_batch(const batch *b, const batch_visit *v)
{
	const unsigned char *p = (const unsigned char *)b->data.ptr, *end = p + b->data.len;
	int rc;

	while (p < end) {
		char kind = (char)*p++;
		uint32_t n = get_u32(p);

		p += 4;
		if (kind == B_REJECT) {
			if ((rc = v->reject(v->ctx, (const char *)p, n)) < 0)
				return rc;
			p += n;
			continue;
		}
		{
			const unsigned char *doi = p, *rec, *keys;
			uint32_t rl, nk, i;

			p += n;
			rl = get_u32(p);
			rec = p + 4;
			p = rec + rl;
			nk = get_u32(p);
			p += 4;
			keys = p;
			for (i = 0; i < nk; i++)
				p += 4 + get_u32(p);
			if ((rc = v->work(v->ctx, doi, n, rec, rl, keys, nk)) < 0)
				return rc;
		}
	}
	return 0;
}

#define PREFIX_SLOTS 4096 /* DOI prefixes already written as coverage (a power of two) */

typedef struct write_ctx {
	kg_txn *t;
	uint32_t sid;
	const ingest_opts *o;
	ingest_result *res;
	uint64_t *prefixes;  /* hashes of the prefixes written (0: empty slot) */
	kg_index_entry *ents; /* the run's index entries (into its batches), written sorted */
	size_t nents, cap;
	queue *q;             /* where written batches go back as spares */
} write_ctx;

/* The source covers the DOI's prefix ('C' + "doi:10.1103"): written once
 * per prefix (a full table only writes more, LMDB keeps one). */
static int cover_prefix(write_ctx *w, const unsigned char *doi, uint32_t n)
{
	const unsigned char *slash = memchr(doi, '/', n);
	unsigned char key[80];
	uint64_t h;
	size_t at, tries;

	if (!slash || slash - doi > 60)
		return 0;
	h = pk_fnv1a64(doi, (size_t)(slash - doi)) | 1;
	for (at = (size_t)h & (PREFIX_SLOTS - 1), tries = 0; tries < 16; at = (at + 1) & (PREFIX_SLOTS - 1), tries++) {
		if (w->prefixes[at] == h)
			return 0;
		if (!w->prefixes[at]) {
			w->prefixes[at] = h;
			break;
		}
	}
	memcpy(key, "Cdoi:", 5);
	memcpy(key + 5, doi, (size_t)(slash - doi));
	return kg_index_add(w->t, w->sid, key, 5 + (size_t)(slash - doi), "", 0);
}

static int write_work(void *ctx, const unsigned char *doi, uint32_t n, const unsigned char *rec, uint32_t rl,
		      const unsigned char *keys, uint32_t nkeys)
{
	write_ctx *w = ctx;
	uint32_t i;
	int rc;

	if ((rc = kg_doc_put(w->t, w->sid, KG_DOC_WORKS, doi, n, rec, rl)) < 0 || (rc = cover_prefix(w, doi, n)) < 0)
		return rc;
	if ((rc = PK_ALLOC_GROW(w->ents, w->nents + nkeys, w->cap, 4096)) < 0)
		return rc;
	for (i = 0; i < nkeys; i++) {
		kg_index_entry *e = &w->ents[w->nents++];

		e->klen = get_u32(keys);
		e->key = keys + 4;
		e->target = doi;
		e->tlen = n;
		keys += 4 + e->klen;
	}
	w->res->records++;
	return 0;
}

static int write_reject(void *ctx, const char *msg, uint32_t n)
{
	write_ctx *w = ctx;

	return ingest_reject(w->res, w->o, "%.*s", (int)n, msg);
}

/* The index entries of WRITE_RUN batches are written together in key order
 * (the batches stay alive until then: the entries point into them); a
 * build checkpoints after each run. */
#define WRITE_RUN 16

/* A run's index entries are sorted on a helper thread while the writer
 * puts the next run's works; then written, the helper sorting the next
 * (the sort was an eighth of the writer's time, and the writer is the
 * ingest's slowest stage). */
typedef struct sort_job {
	kg_index_sorter *s;    /* NULL: no memory for one (runs sorted by the writer) */
	kg_index_entry *ents;  /* the run's entries (into its batches), sorted */
	size_t n, cap;
	batch *run[WRITE_RUN]; /* its batches, alive until the entries are written */
	size_t nrun;
	pthread_t thread;
	int pending;  /* a run to write */
	int threaded; /* sorted by thread, to be joined */
	int rc;       /* kg_index_sort's (its message is the helper's: the writer sorts again) */
} sort_job;

static void *sort_main(void *arg)
{
	sort_job *j = arg;

	j->rc = kg_index_sort(j->s, j->ents, j->n);
	return NULL;
}

/* The job's run written once sorted, its batches given back (a job whose
 * sort failed is sorted and written by kg_index_add_many). */
static int job_finish(write_ctx *w, sort_job *j)
{
	int rc;

	if (!j->pending)
		return 0;
	if (j->threaded)
		pthread_join(j->thread, NULL);
	j->threaded = j->pending = 0;
	if (j->rc == 0)
		rc = kg_index_add_sorted(w->t, w->sid, j->ents, j->n);
	else
		rc = kg_index_add_many(w->t, w->sid, j->ents, j->n);
	j->n = 0;
	while (j->nrun)
		batch_recycle(w->q, j->run[--j->nrun]);
	return rc;
}

/* The run just walked (its entries in w, its batches in run) to the job,
 * sorted there; or, when no helper starts, written now. */
static int job_start(write_ctx *w, sort_job *j, batch **run, size_t *nrun)
{
	kg_index_entry *e = j->ents;
	size_t cap = j->cap;

	j->ents = w->ents;
	j->cap = w->cap;
	j->n = w->nents;
	w->ents = e;
	w->cap = cap;
	w->nents = 0;
	memcpy(j->run, run, *nrun * sizeof(*run));
	j->nrun = *nrun;
	*nrun = 0;
	j->rc = 0;
	j->pending = 1;
	if (j->s && pthread_create(&j->thread, NULL, sort_main, j) == 0) {
		j->threaded = 1;
		return 0;
	}
	j->rc = -1; /* (job_finish sorts it here) */
	return job_finish(w, j);
}

/* A run's first batch walked: room for the run's entries, WRITE_RUN such
 * batches, at once (the first run's array grew from 4,096 entries by
 * doubling, each step a copy into fresh pages); without memory, grown as
 * before. */
static void reserve_run(write_ctx *w)
{
	size_t want;

	if (pk_size_mul(&want, w->nents, WRITE_RUN) < 0 || w->cap >= want)
		return;
	if (PK_ALLOC_GROW(w->ents, want, w->cap, 4096) < 0)
		pk_error_clear(); /* (grown later, one work at a time) */
}

/* After a failure: the helper waited for, the job's batches freed. */
static void job_drop(sort_job *j)
{
	if (j->threaded)
		pthread_join(j->thread, NULL);
	j->threaded = j->pending = 0;
	while (j->nrun)
		batch_free(j->run[--j->nrun]);
	pk_free(j->ents);
	kg_index_sorter_free(j->s);
}

static int sink_work(void *ctx, const unsigned char *doi, uint32_t n, const unsigned char *rec, uint32_t rl,
		     const unsigned char *keys, uint32_t nkeys)
{
	reader *r = ctx;

	(void)keys;
	(void)nkeys;
	return r->sink(r->sink_ctx, (const char *)doi, n, rec, rl);
}

static int sink_reject(void *ctx, const char *msg, uint32_t n)
{
	(void)msg;
	(void)n;
	((reader *)ctx)->rejected++;
	return 0;
}

/* Hand a batch's works to the in-memory sink. */
static int deliver(reader *r, const batch *b)
{
	batch_visit v = { sink_work, sink_reject, r };

	return walk_batch(b, &v);
}

int ingest_crossref_parse(const char *text, size_t n, ingest_work_fn fn, void *ctx, size_t *rejected)
{
	reader *r = pk_calloc(1, sizeof(*r));
	int rc;

	if (!r)
		return pk_error_set(PK_ENOMEM, "out of memory");
	r->sink = fn;
	r->sink_ctx = ctx;
	pk_buf_init(&r->arena, WORK_MAX);
	rc = read_document(r, "response", text, n);
	if (rc == 0)
		rc = flush_batch(r);
	else
		batch_free(r->cur);
	if (rejected)
		*rejected = r->rejected;
	pk_buf_release(&r->arena);
	pk_buf_release(&r->rec);
	pk_buf_release(&r->key);
	pk_free(r);
	return rc < 0 ? (pk_error_code() ? pk_error_code() : PK_ENOMEM) : 0;
}

int ingest_crossref(kg_txn *t, const char *path, char *const *files, size_t nfiles, const ingest_opts *o,
		    ingest_result *res)
{
	reader *r;
	char edition[64];
	uint32_t sid;
	batch *b, *run[WRITE_RUN];
	size_t nrun = 0;
	uint64_t *prefixes;
	write_ctx w;
	batch_visit v = { write_work, write_reject, &w };
	sort_job job = { 0 };
	int rc = 0;

	res->kind = INGEST_CROSSREF;
	if ((rc = ingest_edition(edition, sizeof(edition), path, o)) < 0)
		return rc;
	if ((rc = ingest_source_begin(t, res, "Crossref", edition, path, "Crossref works",
				      (o && o->complete ? KG_SOURCE_COMPLETE : 0) | INGEST_HASH_LATER, &sid)) < 0)
		return rc;
	if (!(r = pk_calloc(1, sizeof(*r))))
		return pk_error_set(PK_ENOMEM, "out of memory");
	if (!(prefixes = pk_calloc(PREFIX_SLOTS, sizeof(*prefixes)))) {
		pk_free(r);
		return pk_error_set(PK_ENOMEM, "out of memory");
	}
	r->files = files;
	r->nfiles = nfiles;
	r->with_refs = o && o->with_refs;
	pk_buf_init(&r->arena, WORK_MAX);
	pk_sha256_init(&r->dirhash);
	pthread_mutex_init(&r->q.mu, NULL);
	pthread_cond_init(&r->q.can_put, NULL);
	pthread_cond_init(&r->q.can_get, NULL);
	pthread_cond_init(&r->dq.can_put, NULL);
	pthread_cond_init(&r->dq.can_get, NULL);
	/* three stages: inflate + hash | parse | write (this thread) */
	if (pthread_create(&r->inflater, NULL, inflater_main, r) == 0)
		r->inflater_started = 1;
	if (r->inflater_started && pthread_create(&r->thread, NULL, reader_main, r) == 0)
		r->started = 1;
	if (!r->started) {
		reader_stop(r);
		pk_free(r);
		pk_free(prefixes);
		return pk_error_set(PK_ERROR, "cannot start the reader threads");
	}
	/* the documents in input order (a DOI given twice: the last wins), the
	 * index entries of each run of batches in key order */
	w = (write_ctx){ t, sid, o, res, prefixes, NULL, 0, 0, &r->q };
	job.s = kg_index_sorter_new();
	pk_error_clear(); /* (none: the writer sorts) */
	while ((b = queue_pop(&r->q))) {
		run[nrun++] = b;
		rc = walk_batch(b, &v);
		if (rc == 0 && nrun == 1)
			reserve_run(&w);
		/* the run before written, this one sorted meanwhile; bound the
		 * dirty pages of a large build (records are put, not appended,
		 * so a rerun after a map resize rewrites the same) */
		if (rc == 0 && nrun == WRITE_RUN && (rc = job_finish(&w, &job)) == 0 &&
		    (rc = kg_txn_checkpoint(t)) == 0)
			rc = job_start(&w, &job, run, &nrun);
		if (rc == 0 && o && o->progress)
			o->progress(o->ctx, "Crossref works", res->records, 0);
		if (rc < 0)
			break;
	}
	/* the run before, then the last (shorter) run, through the same
	 * sorter: the txn needs no sort block of its own */
	if (rc == 0)
		rc = job_finish(&w, &job);
	if (rc == 0 && nrun)
		rc = job_start(&w, &job, run, &nrun);
	if (rc == 0)
		rc = job_finish(&w, &job);
	job_drop(&job);
	while (nrun)
		batch_free(run[--nrun]);
	pk_free(w.ents);
	if (rc == 0 && r->q.rc)
		rc = pk_error_set(r->q.rc, "%s", r->q.msg);
	reader_stop(r);
	if (rc == 0)
		pk_sha256_final_hex(&r->dirhash, r->hex);
	if (rc == 0)
		rc = kg_source_finish(t, sid, res->records, res->rejected, r->hex);
	if (rc == 0) {
		/* what the edition covers, for `provkg sources` */
		char key[32], line[96];
		size_t i, n = 0;

		for (i = 0; i < PREFIX_SLOTS; i++)
			n += prefixes[i] != 0;
		snprintf(key, sizeof(key), "Csummary:%u", sid);
		snprintf(line, sizeof(line), "covers %s%zu DOI prefix%s", n >= PREFIX_SLOTS - 16 ? "at least " : "", n,
			 n == 1 ? "" : "es");
		rc = kg_index_add(t, sid, key, strlen(key), line, strlen(line));
	}
	pk_free(r);
	pk_free(prefixes);
	return rc;
}
