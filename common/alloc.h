/* common/alloc.h - allocation wrappers with a fault-injection hook.
 *
 * All provkg code allocates through these so the fault tests can make the
 * Nth allocation fail (pk_alloc_fail_after) and check that every path
 * reports PK_ENOMEM and leaves no half-written graph. They never abort:
 * a NULL return must be handled by the caller. cJSON is routed here too
 * (pk_alloc_init). Size arithmetic helpers return 0 on overflow.
 */
#ifndef PK_ALLOC_H
#define PK_ALLOC_H

#include <stddef.h>

/* malloc, calloc (n * size checked by the C library), realloc and free, but failing on purpose once pk_alloc_fail_after says so. NULL
 * on failure; they never set the last error (the caller says what it was
 * allocating). pk_free(NULL) does nothing. A block of 4 MB or more asks
 * the kernel for huge pages (madvise MADV_HUGEPAGE; alloc.c says why). */
void *pk_malloc(size_t n);
void *pk_calloc(size_t n, size_t size);
void *pk_realloc(void *p, size_t n);
void pk_free(void *p);
/* Copies; NULL in gives NULL out (not an error). */
char *pk_strdup(const char *s);
char *pk_strndup(const char *s, size_t n);

/* Route cJSON's allocations through pk_malloc/pk_free. Call once at start. */
void pk_alloc_init(void);
/* A parse without malloc: after pk_cjson_scratch(buf, n) this thread's
 * cJSON allocations are cut from buf (16-byte aligned) while it has room,
 * then from the heap; pk_cjson_scratch_stop ends that, and freeing a piece
 * of buf does nothing until pk_cjson_scratch(NULL, 0). The caller owns buf
 * and deletes every tree cut from it before reusing or releasing it. */
void pk_cjson_scratch(void *buf, size_t n);
void pk_cjson_scratch_stop(void);

/* Make every allocation after the next `n` fail (n < 0: never fail).
 * Test hook only; counts across threads. */
void pk_alloc_fail_after(long n);

/* Overflow-checked arithmetic: store a*b (a+b) in *out, return 0,
 * or return -1 and leave *out alone on overflow (git's st_mult). */
int pk_size_mul(size_t *out, size_t a, size_t b);
int pk_size_add(size_t *out, size_t a, size_t b);

/* Make room for `need` elements in the array x of capacity cap (counted
 * in elements): the capacity doubles from `first` (or itself) until it
 * holds need, the byte count checked with pk_size_mul (git's ALLOC_GROW).
 * 0, or PK_ENOMEM (message set) with x and cap unchanged. cap must be a
 * size_t lvalue. */
#define PK_ALLOC_GROW(x, need, cap, first) pk_grow_array(&(x), (need), &(cap), sizeof(*(x)), (first))
/* What PK_ALLOC_GROW calls: pp is the address of the array pointer (of any
 * element type), size one element's bytes. */
int pk_grow_array(void *pp, size_t need, size_t *cap, size_t size, size_t first);

#endif
