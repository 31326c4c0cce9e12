/* common/alloc.c - allocation wrappers; see alloc.h for the fault hook. */
#include "alloc.h"
#include "error.h"

#include <cJSON.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* -1: never fail. Otherwise the number of allocations still allowed. */
static atomic_long budget = -1;

static int should_fail(void)
{
	long b = atomic_load_explicit(&budget, memory_order_relaxed);

	if (b < 0)
		return 0;
	/* decrement; once it reaches 0 every later call fails */
	while (b > 0) {
		if (atomic_compare_exchange_weak(&budget, &b, b - 1))
			return 0;
	}
	return 1;
}

void pk_alloc_fail_after(long n)
{
	atomic_store(&budget, n < 0 ? -1 : n);
}

/* A large block's whole 2 MB extents backed by transparent huge pages
 * where the system allows it (THP in "madvise" mode, as on Debian): a
 * large block is written soon after it is allocated, and each 4 KB page
 * of it costs a page fault at first touch. On this project's virtual
 * machines a fault is dear: touching a fresh 37 MB block page by page took
 * 110-130 ms, with MADV_HUGEPAGE 61 ms in a fresh process and 5 ms once
 * the memory had been used. A 100k-work ingest took 99,000 faults before,
 * 65,000 after (docs/benchmarks.md). A refusal (no THP, an older kernel)
 * changes nothing: the pages come 4 KB at a time, as before. */
#define HUGE_MIN ((size_t)4 << 20)
#define HUGE_PAGE ((uintptr_t)2 << 20)

static void *huge(void *p, size_t n)
{
#ifdef MADV_HUGEPAGE
	if (p && n >= HUGE_MIN) {
		uintptr_t a = ((uintptr_t)p + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
		uintptr_t e = ((uintptr_t)p + n) & ~(HUGE_PAGE - 1);

		if (e > a)
			(void)madvise((void *)a, e - a, MADV_HUGEPAGE);
	}
#endif
	return p;
}

void *pk_malloc(size_t n)
{
	if (should_fail())
		return NULL;
	return huge(malloc(n ? n : 1), n);
}

void *pk_calloc(size_t n, size_t size)
{
	size_t bytes;

	if (should_fail())
		return NULL;
	if (pk_size_mul(&bytes, n, size) < 0)
		bytes = 0;
	return huge(calloc(n ? n : 1, size ? size : 1), bytes);
}

void *pk_realloc(void *p, size_t n)
{
	if (should_fail())
		return NULL;
	return huge(realloc(p, n ? n : 1), n);
}

void pk_free(void *p)
{
	free(p);
}

char *pk_strndup(const char *s, size_t n)
{
	char *d;

	if (!s)
		return NULL;
	if (n == (size_t)-1 || !(d = pk_malloc(n + 1)))
		return NULL;
	memcpy(d, s, n);
	d[n] = '\0';
	return d;
}

char *pk_strdup(const char *s)
{
	return s ? pk_strndup(s, strlen(s)) : NULL;
}

/* this thread's cJSON scratch block (pk_cjson_scratch) */
static _Thread_local struct {
	char *base;
	size_t cap, used;
	int alloc; /* allocations come from it (else only frees are recognised) */
} scratch;

void pk_cjson_scratch(void *buf, size_t n)
{
	scratch.base = buf;
	scratch.cap = buf ? n : 0;
	scratch.used = 0;
	scratch.alloc = buf != NULL;
}

void pk_cjson_scratch_stop(void)
{
	scratch.alloc = 0;
}

static void *cjson_malloc(size_t n)
{
	if (scratch.alloc) {
		size_t need = (n + 15) & ~(size_t)15; /* malloc's alignment */

		if (need >= n && need <= scratch.cap - scratch.used) {
			void *p = scratch.base + scratch.used;

			if (should_fail())
				return NULL;
			scratch.used += need;
			return p;
		}
	}
	return pk_malloc(n);
}

static void cjson_free(void *p)
{
	uintptr_t at = (uintptr_t)p, base = (uintptr_t)scratch.base;

	if (scratch.base && at >= base && at - base < scratch.cap)
		return; /* the block's owner frees it */
	pk_free(p);
}

void pk_alloc_init(void)
{
	cJSON_Hooks hooks = { cjson_malloc, cjson_free };

	cJSON_InitHooks(&hooks);
}

int pk_size_mul(size_t *out, size_t a, size_t b)
{
	if (a && b > (size_t)-1 / a)
		return -1;
	*out = a * b;
	return 0;
}

int pk_grow_array(void *pp, size_t need, size_t *cap, size_t size, size_t first)
{
	size_t nc = *cap ? *cap : first ? first : 8, bytes;
	void *p, *q;

	if (need <= *cap)
		return 0;
	while (nc < need)
		if (pk_size_mul(&nc, nc, 2) < 0)
			return pk_error_set(PK_ENOMEM, "out of memory: an array of %zu elements", need);
	if (pk_size_mul(&bytes, nc, size) < 0)
		return pk_error_set(PK_ENOMEM, "out of memory: %zu elements of %zu bytes", nc, size);
	/* the pointer through memcpy: pp is the address of a T * of any T */
	memcpy(&p, pp, sizeof(p));
	if (!(q = pk_realloc(p, bytes)))
		return pk_error_set(PK_ENOMEM, "out of memory");
	memcpy(pp, &q, sizeof(q));
	*cap = nc;
	return 0;
}

int pk_size_add(size_t *out, size_t a, size_t b)
{
	if (b > (size_t)-1 - a)
		return -1;
	*out = a + b;
	return 0;
}
