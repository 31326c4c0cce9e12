/* tools/pool.c - an ordered worker pool for --jobs N: items are submitted
 * in input order, worked on by N threads, and their outputs written in
 * input order by a writer thread as soon as the next one is done. So the
 * output of --jobs N is the output of --jobs 1, and a harness that sends
 * one request and waits still gets its answer (the writer does not wait
 * for a batch). Declared in tool.h. */
#include "tool.h"

#include "../common/alloc.h"
#include "../common/error.h"
#include "../common/re.h"
#include "../common/records.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { SLOT_FREE, SLOT_QUEUED, SLOT_DONE };

typedef struct slot {
	int state;
	void *item;
	pk_buf out;
} slot;

struct tool_pool {
	pthread_mutex_t mu;
	pthread_cond_t work_cv; /* workers: an item was queued */
	pthread_cond_t done_cv; /* the writer: an item is done */
	pthread_cond_t free_cv; /* the submitter: a slot is free */
	slot *slots;
	size_t nslots;
	size_t next_in, next_claim, next_out; /* sequence numbers */
	int eof, stop;
	int rc;            /* the first failure (writing, or a worker's PK_ENOMEM) */
	char why[512];     /* its message: the last error is per thread */
	tool_pool_work work;
	tool_pool_emit emit;
	tool_pool_free free_item;
	tool_pool_done done;
	void *emit_ctx;
	void **ctxs;
	size_t jobs;
	pthread_t *workers;
	pthread_t writer;
	size_t started;
	int writer_started;
};

static void free_all(tool_pool *p);

static void wake_all(tool_pool *p)
{
	pthread_cond_broadcast(&p->work_cv);
	pthread_cond_broadcast(&p->done_cv);
	pthread_cond_broadcast(&p->free_cv);
}

static void fail_locked(tool_pool *p, int rc)
{
	if (!p->rc) {
		p->rc = rc;
		snprintf(p->why, sizeof(p->why), "%s", pk_error_last());
	}
	p->stop = 1;
	wake_all(p);
}

typedef struct worker_arg {
	tool_pool *p;
	size_t k;
} worker_arg;

/* Items a worker claims at once: what is queued shared among the workers,
 * at most BATCH (one lock and one wake-up for many short items; a lone
 * request is still claimed and answered alone). */
#define BATCH 32

static void *worker(void *arg)
{
	tool_pool *p = ((worker_arg *)arg)->p;
	void *ctx = p->ctxs[((worker_arg *)arg)->k];

	pk_free(arg);
	pthread_mutex_lock(&p->mu);
	for (;;) {
		size_t first, n, i, queued;
		int rc = 0;

		while (!p->stop && p->next_claim == p->next_in && !p->eof)
			pthread_cond_wait(&p->work_cv, &p->mu);
		if (p->stop || p->next_claim == p->next_in)
			break;
		queued = p->next_in - p->next_claim;
		n = (queued + p->jobs - 1) / p->jobs;
		n = n > BATCH ? BATCH : n;
		first = p->next_claim;
		p->next_claim += n;
		pthread_mutex_unlock(&p->mu);
		for (i = 0; i < n && rc >= 0; i++) {
			slot *s = &p->slots[(first + i) % p->nslots];

			pk_buf_reset(&s->out);
			rc = p->work(ctx, s->item, &s->out);
		}
		pthread_mutex_lock(&p->mu);
		if (rc < 0)
			fail_locked(p, rc);
		for (i = 0; i < n; i++)
			p->slots[(first + i) % p->nslots].state = SLOT_DONE;
		/* the writer waits for one slot only: the next in order */
		if (p->next_out >= first && p->next_out < first + n)
			pthread_cond_signal(&p->done_cv);
	}
	pthread_mutex_unlock(&p->mu);
	if (p->done)
		p->done(ctx);
	pk_re_thread_done();
	return NULL;
}

static void *writer(void *arg)
{
	tool_pool *p = arg;

	pthread_mutex_lock(&p->mu);
	for (;;) {
		size_t n, i;
		int rc = 0;

		while (!p->stop && !(p->next_out < p->next_in && p->slots[p->next_out % p->nslots].state == SLOT_DONE) &&
		       !(p->eof && p->next_out == p->next_in))
			pthread_cond_wait(&p->done_cv, &p->mu);
		if (p->stop || p->next_out == p->next_in)
			break;
		/* the run of items done, in order, written without the lock */
		for (n = 0; p->next_out + n < p->next_in && p->slots[(p->next_out + n) % p->nslots].state == SLOT_DONE; n++)
			;
		pthread_mutex_unlock(&p->mu);
		for (i = 0; i < n; i++) {
			slot *s = &p->slots[(p->next_out + i) % p->nslots];

			if (rc >= 0)
				rc = p->emit(p->emit_ctx, s->item, &s->out);
			if (p->free_item)
				p->free_item(s->item);
			s->item = NULL;
		}
		pthread_mutex_lock(&p->mu);
		for (i = 0; i < n; i++)
			p->slots[(p->next_out + i) % p->nslots].state = SLOT_FREE;
		p->next_out += n;
		if (rc < 0)
			fail_locked(p, rc);
		pthread_cond_signal(&p->free_cv);
	}
	pthread_mutex_unlock(&p->mu);
	return NULL;
}

int tool_pool_start(tool_pool **out, size_t jobs, void **ctxs, tool_pool_work work, tool_pool_emit emit,
		    void *emit_ctx, tool_pool_free free_item, tool_pool_done done)
{
	tool_pool *p;
	size_t i;

	*out = NULL;
	if (!(p = pk_calloc(1, sizeof(*p))))
		return pk_error_set(PK_ENOMEM, "out of memory");
	pthread_mutex_init(&p->mu, NULL);
	pthread_cond_init(&p->work_cv, NULL);
	pthread_cond_init(&p->done_cv, NULL);
	pthread_cond_init(&p->free_cv, NULL);
	p->jobs = jobs;
	p->ctxs = ctxs;
	p->work = work;
	p->emit = emit;
	p->emit_ctx = emit_ctx;
	p->free_item = free_item;
	p->done = done;
	/* a window of items in flight: enough to keep every worker busy while
	 * the writer waits for a slow one, bounded so memory stays bounded */
	p->nslots = jobs * BATCH * 2 < 16 ? 16 : jobs * BATCH * 2;
	if (!(p->slots = pk_calloc(p->nslots, sizeof(*p->slots))) ||
	    !(p->workers = pk_calloc(jobs, sizeof(*p->workers)))) {
		free_all(p);
		return pk_error_set(PK_ENOMEM, "out of memory");
	}
	for (i = 0; i < p->nslots; i++)
		pk_buf_init(&p->slots[i].out, PK_REC_OUTPUT_MAX);
	if (pthread_create(&p->writer, NULL, writer, p) != 0) {
		free_all(p);
		return pk_error_set(PK_ERROR, "cannot start a thread");
	}
	p->writer_started = 1;
	for (i = 0; i < jobs; i++) {
		worker_arg *a = pk_malloc(sizeof(*a));

		if (a) {
			a->p = p;
			a->k = i;
		}
		if (!a || pthread_create(&p->workers[i], NULL, worker, a) != 0) {
			pk_free(a);
			pthread_mutex_lock(&p->mu);
			fail_locked(p, pk_error_set(PK_ERROR, "cannot start %zu threads", jobs));
			pthread_mutex_unlock(&p->mu);
			tool_pool_finish(p);
			return PK_ERROR;
		}
		p->started++;
	}
	*out = p;
	return 0;
}

int tool_pool_submit(tool_pool *p, void *item)
{
	slot *s;

	pthread_mutex_lock(&p->mu);
	while (!p->stop && p->slots[p->next_in % p->nslots].state != SLOT_FREE)
		pthread_cond_wait(&p->free_cv, &p->mu);
	if (p->stop) {
		int rc = p->rc ? p->rc : PK_ERROR;

		pk_error_set(rc, "%s", p->why);
		pthread_mutex_unlock(&p->mu);
		if (p->free_item)
			p->free_item(item);
		return rc;
	}
	s = &p->slots[p->next_in % p->nslots];
	s->item = item;
	s->state = SLOT_QUEUED;
	p->next_in++;
	pthread_cond_signal(&p->work_cv);
	pthread_mutex_unlock(&p->mu);
	return 0;
}

static void free_all(tool_pool *p)
{
	size_t i;

	if (!p)
		return;
	for (i = 0; p->slots && i < p->nslots; i++) {
		if (p->slots[i].item && p->free_item)
			p->free_item(p->slots[i].item);
		pk_buf_release(&p->slots[i].out);
	}
	pthread_mutex_destroy(&p->mu);
	pthread_cond_destroy(&p->work_cv);
	pthread_cond_destroy(&p->done_cv);
	pthread_cond_destroy(&p->free_cv);
	pk_free(p->slots);
	pk_free(p->workers);
	pk_free(p);
}

void tool_pool_drain(tool_pool *p)
{
	pthread_mutex_lock(&p->mu);
	while (!p->stop && p->next_out < p->next_in)
		pthread_cond_wait(&p->free_cv, &p->mu);
	pthread_mutex_unlock(&p->mu);
}

int tool_pool_finish(tool_pool *p)
{
	size_t i;
	int rc;

	pthread_mutex_lock(&p->mu);
	p->eof = 1;
	wake_all(p);
	pthread_mutex_unlock(&p->mu);
	if (p->writer_started)
		pthread_join(p->writer, NULL);
	/* everything is written (or the run failed): the workers may go */
	pthread_mutex_lock(&p->mu);
	p->stop = 1;
	wake_all(p);
	pthread_mutex_unlock(&p->mu);
	for (i = 0; i < p->started; i++)
		pthread_join(p->workers[i], NULL);
	rc = p->rc;
	if (rc)
		pk_error_set(rc, "%s", p->why);
	free_all(p);
	return rc;
}

struct tool_aside {
	pthread_t thread;
	void (*fn)(void *arg);
	void *arg;
};

static void *aside_main(void *arg)
{
	tool_aside *a = arg;

	a->fn(a->arg);
	pk_error_clear();
	return NULL;
}

tool_aside *tool_aside_start(void (*fn)(void *arg), void *arg)
{
	tool_aside *a = pk_malloc(sizeof(*a));

	if (!a) {
		pk_error_clear();
		return NULL;
	}
	a->fn = fn;
	a->arg = arg;
	if (pthread_create(&a->thread, NULL, aside_main, a) != 0) {
		pk_free(a);
		return NULL;
	}
	return a;
}

void tool_aside_join(tool_aside *a)
{
	if (!a)
		return;
	pthread_join(a->thread, NULL);
	pk_free(a);
}

size_t tool_jobs_default(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n < 1 ? 1 : n > TOOL_JOBS_MAX ? TOOL_JOBS_MAX : (size_t)n;
}

int tool_jobs_option(const char *arg, size_t *jobs)
{
	char *end;
	unsigned long n = strtoul(arg, &end, 10);

	if (end == arg || *end || n < 1 || n > TOOL_JOBS_MAX) {
		tool_error("--jobs: bad value '%s' (1 to %d threads)", arg, TOOL_JOBS_MAX);
		return -1;
	}
	*jobs = (size_t)n;
	return 0;
}
