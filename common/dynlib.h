/* common/dynlib.h - a shared library loaded when first used (dlopen).
 *
 * libcurl (fetch, the online check), libmicrohttpd (serve) and libarchive
 * (zip logs) bring about forty shared objects with them; linked in, they
 * were two thirds of every run's start-up (11 ms, against 3 ms without
 * them), paid by commands that never use them. Their users load them on
 * first use instead, through a table of function pointers that the
 * library's own names are #defined to (see common/http.c).
 */
#ifndef PK_DYNLIB_H
#define PK_DYNLIB_H

#include <stddef.h>

/* One function to look up: its name and where its address goes (the
 * address of a function pointer, as dlsym(3) suggests: (void **)&fp). */
typedef struct pk_dynsym {
	const char *name;
	void **slot;
} pk_dynsym;

/* Load soname (RTLD_NOW | RTLD_LOCAL; never unloaded) and fill every slot
 * of syms[0..n). 0, or PK_ENOTFOUND naming the library or the symbol with
 * dlerror's reason (the slots are then left NULL). Not thread-safe by
 * itself: callers run it once (pthread_once) and keep its result. */
int pk_dynlib_load(const char *soname, const pk_dynsym *syms, size_t n);

#endif
