/* common/dynlib.h - a shared library loaded when first used (dlopen).
 *
 * libcurl (fetch, the online check), libmicrohttpd (serve) and libarchive
 * (zip logs) bring about forty shared objects with them; linked in, they
 * were two thirds of every run's start-up (11 ms, against 3 ms without
 * them), paid by commands that never use them. Their users load them on
 * first use instead, through a table of function pointers that the
 * library's own names are #defined to (see common/http.c):
 *
 *   #define FNS(X, t) X(t, curl_easy_init) X(t, curl_easy_cleanup)
 *   PK_DYNLIB_TABLE(cu, curl, "libcurl.so.4", FNS);
 *   #define curl_easy_init (*cu.curl_easy_init_p)
 *   ...
 *   if ((rc = pk_dynlib_need(&curl)) < 0) return rc;
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

/* A table member for function f of table t (its own type), and its entry
 * in the pk_dynsym list of t. */
#define PK_DYNLIB_PTR(t, f) __typeof__(f) *f##_p;
#define PK_DYNLIB_SYM(t, f) { #f, (void **)&(t).f##_p },

/* A library and the functions wanted from it; the rest is
 * pk_dynlib_need's (under its lock). */
typedef struct pk_dynlib {
	const char *soname;
	const pk_dynsym *syms;
	size_t n;
	int tried, rc;
	char err[256];
} pk_dynlib;
#define PK_DYNLIB_INIT(soname, syms) { (soname), (syms), sizeof(syms) / sizeof((syms)[0]), 0, 0, "" }

/* The table t of the functions FNS names (FNS(X, t) calls X(t, f) for
 * each), its symbol list t_syms, and the library lib they come from. */
#define PK_DYNLIB_TABLE(t, lib, soname, FNS)                              \
	static struct {                                                   \
		FNS(PK_DYNLIB_PTR, t)                                     \
	} t;                                                              \
	static const pk_dynsym t##_syms[] = { FNS(PK_DYNLIB_SYM, t) };    \
	static pk_dynlib lib = PK_DYNLIB_INIT(soname, t##_syms)

/* Load lib->soname (RTLD_NOW | RTLD_LOCAL; never unloaded) and fill every
 * slot of lib->syms, once per process: the first call (from any thread)
 * loads, later ones return what it returned. 0, or PK_ENOTFOUND naming
 * the library or the symbol with dlerror's reason (the slots then NULL),
 * set as this thread's last error. */
int pk_dynlib_need(pk_dynlib *lib);

#endif
