/* common/dynlib.c - libraries loaded on first use; rules in dynlib.h. */
#include "dynlib.h"

#include "error.h"
#include "text.h"

#include <dlfcn.h>
#include <pthread.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static int load(const char *soname, const pk_dynsym *syms, size_t n)
{
	void *h = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
	size_t i;

	if (!h)
		return pk_error_set(PK_ENOTFOUND, "cannot load %s: %s", soname, dlerror());
	for (i = 0; i < n; i++) {
		dlerror();
		if (!(*syms[i].slot = dlsym(h, syms[i].name))) {
			const char *why = dlerror(), *name = syms[i].name;
			size_t k;

			for (k = 0; k < n; k++)
				*syms[k].slot = NULL;
			return pk_error_set(PK_ENOTFOUND, "%s has no %s: %s", soname, name, why ? why : "not found");
		}
	}
	return 0;
}

int pk_dynlib_need(pk_dynlib *lib)
{
	int rc;

	pthread_mutex_lock(&lock);
	if (!lib->tried) {
		lib->tried = 1;
		if ((lib->rc = load(lib->soname, lib->syms, lib->n)) < 0)
			pk_str_copy(lib->err, sizeof(lib->err), pk_error_last());
	}
	rc = lib->rc;
	pthread_mutex_unlock(&lock);
	return rc < 0 ? pk_error_set(rc, "%s", lib->err) : 0;
}
