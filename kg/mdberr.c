/* kg/mdberr.c - LMDB's return codes as PK_E* errors (see internal.h): one
 * file of its own, so that store.c and the files it calls share it
 * without calling one another. */
#include "../common/error.h"
#include "internal.h"

#include <errno.h>

int kg_mdb_error(int rc, const char *what)
{
	if (rc == MDB_MAP_FULL || rc == MDB_TXN_FULL)
		return pk_error_set(PK_EMAPFULL, "%s: %s", what, mdb_strerror(rc));
	if (rc == MDB_NOTFOUND)
		return pk_error_set(PK_ENOTFOUND, "%s: %s", what, mdb_strerror(rc));
	if (rc == ENOMEM)
		return pk_error_set(PK_ENOMEM, "%s: %s", what, mdb_strerror(rc));
	if (rc == MDB_CORRUPTED || rc == MDB_PAGE_NOTFOUND || rc == MDB_INVALID)
		return pk_error_set(PK_EIO, "%s: graph is corrupt: %s", what, mdb_strerror(rc));
	return pk_error_set(PK_EIO, "%s: %s", what, mdb_strerror(rc));
}
