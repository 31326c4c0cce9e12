/* common/dynlib.c - libraries loaded on first use; rules in dynlib.h. */
#include "dynlib.h"

#include "error.h"

#include <dlfcn.h>

int pk_dynlib_load(const char *soname, const pk_dynsym *syms, size_t n)
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
