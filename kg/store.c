/* kg/store.c - LMDB environments, generations and the writer protocol.
 *
 * Invariants:
 *  - DIR/CURRENT only ever names a generation whose data was synced to
 *    disk before the rename that published it.
 *  - Only the holder of DIR/lock creates, swaps or deletes generations,
 *    or writes into the current one.
 */
#include "internal.h"

#include "../common/alloc.h"
#include "../common/buf.h"
#include "../common/error.h"
#include "../common/sha256.h"
#include "record.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define FORMAT_LINE "provkg graph directory\n"
#define INITIAL_MAP ((size_t)256 << 20)
#define MAX_MAP ((size_t)1 << 42) /* 4 TiB of address space */
#define MAX_DBS 16

static const char *const table_names[KG_T_COUNT] = {
	"meta", "sources", "srckey", "nodes", "values", "names",
	"node2v", "owned", "works", "windex", "cache", "materials"
};

static const unsigned table_flags[KG_T_COUNT] = {
	0, 0, 0, 0, 0, MDB_DUPSORT,
	MDB_DUPSORT | MDB_DUPFIXED, MDB_DUPSORT, 0, MDB_DUPSORT, 0, 0
};

static kg_testpoint_fn testpoint;
static size_t initial_map = INITIAL_MAP;

void kg_set_initial_mapsize(size_t bytes)
{
	initial_map = bytes ? bytes : INITIAL_MAP;
}

void kg_set_testpoint(kg_testpoint_fn fn)
{
	testpoint = fn;
}

static void reach(const char *stage)
{
	if (testpoint)
		testpoint(stage);
}

static char *path_join(const char *a, const char *b)
{
	pk_buf p = PK_BUF_INIT;

	if (pk_buf_printf(&p, "%s/%s", a, b) < 0) {
		pk_buf_release(&p);
		return NULL;
	}
	return pk_buf_detach(&p);
}

static int fsync_path(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	int rc = 0;

	if (fd < 0)
		return pk_error_set(PK_EIO, "cannot open '%s': %s", path, strerror(errno));
	if (fsync(fd) < 0 && errno != EINVAL)
		rc = pk_error_set(PK_EIO, "cannot sync '%s': %s", path, strerror(errno));
	close(fd);
	return rc;
}

/* Read DIR/CURRENT. *out owned by the caller. */
static int read_current(char **out, const char *root)
{
	char target[256];
	char *link = path_join(root, "CURRENT");
	ssize_t n;

	*out = NULL;
	if (!link)
		return pk_error_set(PK_ENOMEM, "out of memory");
	n = readlink(link, target, sizeof(target) - 1);
	pk_free(link);
	if (n < 0) {
		struct stat st;

		if (errno != ENOENT)
			return pk_error_set(PK_EIO, "cannot read graph '%s': %s", root, strerror(errno));
		if (stat(root, &st) < 0)
			return pk_error_set(PK_ENOTFOUND, "no graph at '%s' (run 'provkg build')", root);
		return pk_error_set(PK_ENOTFOUND, "'%s' holds no built graph (run 'provkg build')", root);
	}
	target[n] = '\0';
	if (strncmp(target, "gen-", 4) || strchr(target, '/'))
		return pk_error_set(PK_EIO, "graph '%s': CURRENT points to unexpected '%s'", root, target);
	if (!(*out = pk_strdup(target)))
		return pk_error_set(PK_ENOMEM, "out of memory");
	return 0;
}

static int take_lock(kg_store *s)
{
	char *path = path_join(s->root, "lock");
	int fd;

	if (!path)
		return pk_error_set(PK_ENOMEM, "out of memory");
	fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	pk_free(path);
	if (fd < 0 && errno == ENOENT)
		return pk_error_set(PK_ENOTFOUND, "no graph at '%s' (run 'provkg build')", s->root);
	if (fd < 0)
		return pk_error_set(PK_EIO, "cannot lock graph '%s': %s", s->root, strerror(errno));
	if (flock(fd, LOCK_EX | LOCK_NB) < 0) {
		int e = errno;

		close(fd);
		if (e == EWOULDBLOCK)
			return pk_error_set(PK_EBUSY, "graph '%s' is being written by another provkg process",
					    s->root);
		return pk_error_set(PK_EIO, "cannot lock graph '%s': %s", s->root, strerror(e));
	}
	s->lockfd = fd;
	return 0;
}

/* A building generation, and a graph opened to write, are written through
 * the map (MDB_WRITEMAP) into a sparse file: on a full disk a write would
 * fault (SIGBUS) instead of failing. The blocks of the whole map are
 * allocated up front instead, so a full disk is an error here, naming the
 * graph. Filesystems that cannot allocate ahead (EOPNOTSUPP) keep the
 * sparse file. */
static int reserve_file(kg_store *s)
{
	MDB_envinfo info;
	mdb_filehandle_t fd;
	struct stat st;

	if (!s->writemap || mdb_env_info(s->env, &info) != 0 || mdb_env_get_fd(s->env, &fd) != 0 || fstat(fd, &st) < 0)
		return 0;
	if (fallocate(fd, 0, 0, (off_t)info.me_mapsize) == 0)
		return 0;
	if (errno == EOPNOTSUPP || errno == ENOSYS || errno == EINVAL)
		return 0;
	return pk_error_set(PK_EIO, "no room for the graph in '%s': %s (writing it needs %zu MB there)", s->root,
			    strerror(errno), (size_t)(info.me_mapsize >> 20));
}

/* A writer's map: the pages in use and 64 MB more, not the largest map an
 * earlier write grew to (LMDB keeps that size), so that the reservation
 * asks the disk for what this write may need; kg_store_reserve and a
 * full map grow it. */
static int fit_map(kg_store *s)
{
	MDB_envinfo info;
	MDB_stat st;
	size_t want;
	int rc;

	if (!s->writemap || s->building)
		return 0;
	if ((rc = mdb_env_info(s->env, &info)) != 0 || (rc = mdb_env_stat(s->env, &st)) != 0)
		return kg_mdb_error(rc, "mdb_env_info");
	want = (info.me_last_pgno + 1) * st.ms_psize + ((size_t)64 << 20);
	if (info.me_mapsize > want && (rc = mdb_env_set_mapsize(s->env, want)) != 0)
		return kg_mdb_error(rc, "mdb_env_set_mapsize");
	return 0;
}

static int env_open(kg_store *s, unsigned extra_flags)
{
	MDB_txn *txn = NULL;
	unsigned flags = MDB_NOTLS | extra_flags;
	int rc, i;

	if ((rc = mdb_env_create(&s->env)) != 0)
		return kg_mdb_error(rc, "mdb_env_create");
	mdb_env_set_maxdbs(s->env, MAX_DBS);
	mdb_env_set_maxreaders(s->env, 256);
	if (s->building && (rc = mdb_env_set_mapsize(s->env, initial_map)) != 0)
		return kg_mdb_error(rc, "mdb_env_set_mapsize");
	if (!s->writable && !s->shared)
		flags |= MDB_RDONLY;
	if ((rc = mdb_env_open(s->env, s->gen, flags, 0644)) != 0) {
		if (rc == ENOENT)
			return pk_error_set(PK_ENOTFOUND, "graph generation '%s' is missing", s->gen);
		if (rc == MDB_VERSION_MISMATCH || rc == MDB_INVALID)
			return pk_error_set(PK_ESCHEMA, "'%s' is not a graph this provkg can read: %s",
					    s->gen, mdb_strerror(rc));
		return kg_mdb_error(rc, s->gen);
	}
	/* Open (and when writable, create) every table once; handles stay
	 * valid for the life of the environment. */
	rc = mdb_txn_begin(s->env, NULL, s->writable ? 0 : MDB_RDONLY, &txn);
	if (rc == MDB_MAP_RESIZED) {
		mdb_env_set_mapsize(s->env, 0);
		rc = mdb_txn_begin(s->env, NULL, s->writable ? 0 : MDB_RDONLY, &txn);
	}
	if (rc != 0)
		return kg_mdb_error(rc, "mdb_txn_begin");
	for (i = 0; i < KG_T_COUNT; i++) {
		unsigned f = table_flags[i] | (s->writable ? MDB_CREATE : 0);

		if ((rc = mdb_dbi_open(txn, table_names[i], f, &s->dbi[i])) != 0) {
			mdb_txn_abort(txn);
			if (rc == MDB_NOTFOUND)
				return pk_error_set(PK_ESCHEMA,
						    "graph '%s' lacks table '%s': it was written by another "
						    "provkg version; rebuild it with 'provkg build'",
						    s->root, table_names[i]);
			return kg_mdb_error(rc, "mdb_dbi_open");
		}
	}
	if ((rc = mdb_txn_commit(txn)) != 0)
		return kg_mdb_error(rc, "mdb_txn_commit");
	return 0;
}

static int check_schema(kg_store *s)
{
	MDB_txn *txn;
	MDB_val k = { 6, kg_unconst("schema") }, v;
	char want[32];
	int rc;

	snprintf(want, sizeof(want), "%d", KG_SCHEMA_VERSION);
	if ((rc = mdb_txn_begin(s->env, NULL, MDB_RDONLY, &txn)) != 0)
		return kg_mdb_error(rc, "mdb_txn_begin");
	rc = mdb_get(txn, s->dbi[KG_T_META], &k, &v);
	if (rc == MDB_NOTFOUND) {
		mdb_txn_abort(txn);
		return pk_error_set(PK_ESCHEMA, "graph '%s' has no schema version; rebuild it with 'provkg build'",
				    s->root);
	}
	if (rc != 0) {
		mdb_txn_abort(txn);
		return kg_mdb_error(rc, "reading schema version");
	}
	if (v.mv_size != strlen(want) || memcmp(v.mv_data, want, v.mv_size)) {
		rc = pk_error_set(PK_ESCHEMA,
				  "graph '%s' has schema version %.*s, this provkg reads version %s; "
				  "rebuild it with 'provkg build'",
				  s->root, (int)(v.mv_size > 16 ? 16 : v.mv_size), (const char *)v.mv_data, want);
		mdb_txn_abort(txn);
		return rc;
	}
	mdb_txn_abort(txn);
	return 0;
}

static kg_store *store_new(const char *dir)
{
	kg_store *s = pk_calloc(1, sizeof(*s));

	if (!s)
		return NULL;
	s->lockfd = -1;
	if (!(s->root = pk_strdup(dir))) {
		pk_free(s);
		return NULL;
	}
	return s;
}

int kg_store_open(kg_store **out, const char *dir, int mode)
{
	kg_store *s;
	int rc = 0, attempt, snapshot;

	*out = NULL;
	snapshot = kg_is_snapshot(dir);
	if (snapshot && mode != KG_OPEN_READ)
		return pk_error_set(PK_EINVAL, "graph '%s' is a read-only snapshot (provkg snapshot): write to the "
				    "graph it was taken from%s", dir,
				    mode == KG_OPEN_SHARED ? " (or check without the online answer cache: --cache-ttl 0)" : "");
	if (!(s = store_new(dir)))
		return pk_error_set(PK_ENOMEM, "out of memory");
	s->writable = mode == KG_OPEN_WRITE;
	s->shared = mode == KG_OPEN_SHARED;
	if (s->writable && (rc = take_lock(s)) < 0)
		goto fail;
	/* A build may swap CURRENT and delete the old generation between our
	 * readlink and open; read the link again then. */
	for (attempt = 0; attempt < 5; attempt++) {
		pk_free(s->gen_name);
		pk_free(s->gen);
		s->gen = NULL;
		if ((rc = read_current(&s->gen_name, dir)) < 0)
			goto fail;
		if (!(s->gen = path_join(dir, s->gen_name))) {
			rc = pk_error_set(PK_ENOMEM, "out of memory");
			goto fail;
		}
		if (s->env) {
			mdb_env_close(s->env);
			s->env = NULL;
		}
		/* nothing writes a snapshot: no lock file, so it reads from a
		 * read-only file system too */
		/* a writer writes through the map (no heap copy of each page
		 * it changes, no sorted dirty list to insert into: a third of
		 * a large ingest's time), its file reserved below */
		s->writemap = s->writable;
		if ((rc = env_open(s, snapshot ? MDB_NOLOCK : s->writable ? MDB_WRITEMAP : 0)) != PK_ENOTFOUND)
			break;
	}
	if (rc < 0 || (rc = check_schema(s)) < 0 || (rc = fit_map(s)) < 0 || (rc = reserve_file(s)) < 0)
		goto fail;
	*out = s;
	return 0;
fail:
	kg_store_free(s);
	return rc;
}

static int write_format(const char *root)
{
	char *path = path_join(root, "FORMAT");
	char buf[64];
	ssize_t n;
	int fd, rc = 0;

	if (!path)
		return pk_error_set(PK_ENOMEM, "out of memory");
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd >= 0) {
		n = read(fd, buf, sizeof(buf) - 1);
		close(fd);
		if (n < 0 || (size_t)n != strlen(FORMAT_LINE) || memcmp(buf, FORMAT_LINE, (size_t)n))
			rc = pk_error_set(PK_EINVAL, "'%s' is not a provkg graph directory", root);
		pk_free(path);
		return rc;
	}
	if (errno != ENOENT) {
		rc = pk_error_set(PK_EIO, "cannot read '%s': %s", path, strerror(errno));
		pk_free(path);
		return rc;
	}
	/* A new graph directory must be empty: never build into someone's files. */
	{
		DIR *d = opendir(root);
		struct dirent *e;

		if (!d) {
			rc = pk_error_set(PK_EIO, "cannot open '%s': %s", root, strerror(errno));
			pk_free(path);
			return rc;
		}
		while ((e = readdir(d)))
			if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
				rc = PK_EINVAL;
		closedir(d);
		if (rc) {
			pk_free(path);
			return pk_error_set(PK_EINVAL, "'%s' exists, is not empty and is not a provkg graph",
					    root);
		}
	}
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	if (fd < 0 || write(fd, FORMAT_LINE, strlen(FORMAT_LINE)) < 0)
		rc = pk_error_set(PK_EIO, "cannot write '%s': %s", path, strerror(errno));
	if (fd >= 0)
		close(fd);
	pk_free(path);
	return rc;
}

static int remove_tree(const char *path)
{
	DIR *d = opendir(path);
	struct dirent *e;
	int rc = 0;

	if (!d)
		return errno == ENOENT ? 0 : -1;
	while ((e = readdir(d))) {
		char *p;

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (!(p = path_join(path, e->d_name))) {
			rc = -1;
			break;
		}
		if (unlink(p) < 0 && errno != ENOENT)
			rc = -1;
		pk_free(p);
	}
	closedir(d);
	if (rmdir(path) < 0 && errno != ENOENT)
		rc = -1;
	return rc;
}

/* Remove every generation but `keep` (and `keep2`): leftovers of killed
 * builds and superseded generations. Caller holds the lock. */
static void remove_stale(const char *root, const char *keep, const char *keep2)
{
	DIR *d = opendir(root);
	struct dirent *e;

	if (!d)
		return;
	while ((e = readdir(d))) {
		char *p;

		if (strncmp(e->d_name, "gen-", 4) && strncmp(e->d_name, "CURRENT.tmp", 11))
			continue;
		if ((keep && !strcmp(e->d_name, keep)) || (keep2 && !strcmp(e->d_name, keep2)))
			continue;
		if (!(p = path_join(root, e->d_name)))
			break;
		if (!strncmp(e->d_name, "CURRENT.tmp", 11))
			unlink(p);
		else
			remove_tree(p);
		pk_free(p);
	}
	closedir(d);
}

static int meta_put(MDB_txn *txn, kg_store *s, const char *key, const void *val, size_t n)
{
	MDB_val k = { strlen(key), kg_unconst(key) }, v = { n, kg_unconst(val) };
	int rc = mdb_put(txn, s->dbi[KG_T_META], &k, &v, 0);

	return rc ? kg_mdb_error(rc, "writing graph metadata") : 0;
}

int kg_build_begin(kg_store **out, const char *dir)
{
	kg_store *s;
	MDB_txn *txn = NULL;
	char name[96], schema[16], stamp[32];
	struct timespec ts;
	struct tm tm;
	char *current = NULL;
	int rc;

	*out = NULL;
	if (kg_is_snapshot(dir))
		return pk_error_set(PK_EINVAL, "graph '%s' is a read-only snapshot (provkg snapshot): build the graph "
				    "it was taken from and snapshot it again", dir);
	if (mkdir(dir, 0755) < 0 && errno != EEXIST)
		return pk_error_set(PK_EIO, "cannot create graph directory '%s': %s", dir, strerror(errno));
	if ((rc = write_format(dir)) < 0)
		return rc;
	if (!(s = store_new(dir)))
		return pk_error_set(PK_ENOMEM, "out of memory");
	s->writable = 1;
	if ((rc = take_lock(s)) < 0)
		goto fail;
	if (read_current(&current, dir) < 0)
		pk_error_clear();
	remove_stale(dir, current, NULL);
	pk_free(current);

	clock_gettime(CLOCK_REALTIME, &ts);
	gmtime_r(&ts.tv_sec, &tm);
	strftime(stamp, sizeof(stamp), "%Y%m%dT%H%M%S", &tm);
	snprintf(name, sizeof(name), "gen-%s.%09ld-%ld", stamp, (long)ts.tv_nsec, (long)getpid());
	if (!(s->gen_name = pk_strdup(name)) || !(s->gen = path_join(dir, name))) {
		rc = pk_error_set(PK_ENOMEM, "out of memory");
		goto fail;
	}
	if (mkdir(s->gen, 0755) < 0) {
		rc = pk_error_set(PK_EIO, "cannot create '%s': %s", s->gen, strerror(errno));
		goto fail;
	}
	s->building = 1;
	s->writemap = 1;
	/* No syncs while building: the generation is published only after an
	 * explicit mdb_env_sync in kg_build_commit. WRITEMAP writes dirty pages
	 * straight into the map instead of heap copies, so a large build's
	 * memory is the (reclaimable) mapped file, not the heap. */
	if ((rc = env_open(s, MDB_NOSYNC | MDB_NOMETASYNC | MDB_WRITEMAP | MDB_MAPASYNC)) < 0 ||
	    (rc = reserve_file(s)) < 0)
		goto fail;
	if ((rc = mdb_txn_begin(s->env, NULL, 0, &txn)) != 0) {
		rc = kg_mdb_error(rc, "mdb_txn_begin");
		goto fail;
	}
	snprintf(schema, sizeof(schema), "%d", KG_SCHEMA_VERSION);
	strftime(stamp, sizeof(stamp), "%Y-%m-%dT%H:%M:%SZ", &tm);
	if ((rc = meta_put(txn, s, "schema", schema, strlen(schema))) < 0 ||
	    (rc = meta_put(txn, s, "built_at", stamp, strlen(stamp))) < 0) {
		mdb_txn_abort(txn);
		goto fail;
	}
	if ((rc = mdb_txn_commit(txn)) != 0) {
		rc = kg_mdb_error(rc, "mdb_txn_commit");
		goto fail;
	}
	*out = s;
	return 0;
fail:
	kg_build_abort(s);
	return rc;
}

/* Pages on the free list (the values of the free DB are page lists whose
 * first word is their length). */
static int free_pages(kg_store *s, uint64_t *out)
{
	MDB_txn *txn;
	MDB_cursor *c;
	MDB_val k, v;
	int rc;

	*out = 0;
	if ((rc = mdb_txn_begin(s->env, NULL, MDB_RDONLY, &txn)) != 0)
		return kg_mdb_error(rc, "mdb_txn_begin");
	if ((rc = mdb_cursor_open(txn, 0, &c)) == 0) {
		while (mdb_cursor_get(c, &k, &v, MDB_NEXT) == 0) {
			size_t n;

			if (v.mv_size >= sizeof(n)) {
				memcpy(&n, v.mv_data, sizeof(n));
				*out += n;
			}
		}
		mdb_cursor_close(c);
	}
	mdb_txn_abort(txn);
	return 0;
}

static int compact_if_sparse(kg_store *s)
{
	MDB_envinfo info;
	uint64_t nfree = 0;
	char name[96];
	char *dir = NULL, *from = NULL, *to = NULL;
	int rc;

	if ((rc = mdb_env_info(s->env, &info)) != 0)
		return kg_mdb_error(rc, "mdb_env_info");
	if ((rc = free_pages(s, &nfree)) < 0)
		return rc;
	if (nfree * 8 <= (uint64_t)info.me_last_pgno + 1)
		return 0;
	/* a sibling "gen-*" directory: remove_stale clears it after a crash */
	snprintf(name, sizeof(name), "%s.compact", s->gen_name);
	if (!(dir = path_join(s->root, name)) || !(from = path_join(dir, "data.mdb")) ||
	    !(to = path_join(s->gen, "data.mdb"))) {
		rc = pk_error_set(PK_ENOMEM, "out of memory");
		goto done;
	}
	remove_tree(dir);
	if (mkdir(dir, 0755) < 0) {
		rc = pk_error_set(PK_EIO, "cannot create '%s': %s", dir, strerror(errno));
		goto done;
	}
	if ((rc = mdb_env_copy2(s->env, dir, MDB_CP_COMPACT)) != 0) {
		rc = kg_mdb_error(rc, "compacting the new graph");
		goto done;
	}
	reach("build-compacted");
	mdb_env_close(s->env);
	s->env = NULL;
	if (rename(from, to) < 0) {
		rc = pk_error_set(PK_EIO, "cannot replace '%s': %s", to, strerror(errno));
		goto done;
	}
	rc = fsync_path(to);
done:
	if (dir)
		remove_tree(dir);
	pk_free(dir);
	pk_free(from);
	pk_free(to);
	return rc;
}

/* Close the environment of a store written through its map: WRITEMAP
 * extended the file to the whole map (reserved, or sparse): cut it back
 * to the pages in use, so its size says what the graph holds (readers map
 * no page past those). */
static int close_trimmed(kg_store *s)
{
	uint64_t used = 0, map = 0;
	char *data;
	int rc = 0;

	if (!s->env)
		return 0;
	if (!s->writemap || kg_store_usage(s, &used, &map) < 0 || !(data = path_join(s->gen, "data.mdb"))) {
		pk_error_clear();
		mdb_env_close(s->env);
		s->env = NULL;
		return 0;
	}
	mdb_env_close(s->env);
	s->env = NULL;
	if (truncate(data, (off_t)used) < 0)
		rc = pk_error_set(PK_EIO, "cannot trim '%s': %s", data, strerror(errno));
	else
		rc = fsync_path(data);
	pk_free(data);
	return rc;
}

int kg_build_commit(kg_store *s)
{
	char *tmp = NULL, *cur = NULL, tmpname[64];
	int rc;

	if (!s->building) {
		kg_store_free(s);
		return pk_error_set(PK_EINVAL, "kg_build_commit: not a build");
	}
	reach("build-written");
	if ((rc = mdb_env_sync(s->env, 1)) != 0) {
		rc = kg_mdb_error(rc, "syncing the new graph");
		goto fail;
	}
	/* Checkpointed builds leave pages freed by copy-on-write inside the
	 * file (a third of a Crossref dump's graph): when they are more than
	 * an eighth, write a compact copy and use it instead */
	if ((rc = compact_if_sparse(s)) < 0)
		goto fail;
	if ((rc = close_trimmed(s)) < 0 || (rc = fsync_path(s->gen)) < 0)
		goto fail;
	snprintf(tmpname, sizeof(tmpname), "CURRENT.tmp-%ld", (long)getpid());
	if (!(tmp = path_join(s->root, tmpname)) || !(cur = path_join(s->root, "CURRENT"))) {
		rc = pk_error_set(PK_ENOMEM, "out of memory");
		goto fail;
	}
	unlink(tmp);
	if (symlink(s->gen_name, tmp) < 0) {
		rc = pk_error_set(PK_EIO, "cannot create '%s': %s", tmp, strerror(errno));
		goto fail;
	}
	reach("build-linked");
	if (rename(tmp, cur) < 0) {
		rc = pk_error_set(PK_EIO, "cannot publish the new graph in '%s': %s", s->root, strerror(errno));
		unlink(tmp);
		goto fail;
	}
	fsync_path(s->root);
	reach("build-swapped");
	s->building = 0;
	remove_stale(s->root, s->gen_name, NULL);
	pk_free(tmp);
	pk_free(cur);
	kg_store_free(s);
	return 0;
fail:
	pk_free(tmp);
	pk_free(cur);
	kg_build_abort(s);
	return rc;
}

void kg_build_abort(kg_store *s)
{
	if (!s)
		return;
	if (s->env) {
		mdb_env_close(s->env);
		s->env = NULL;
	}
	if (s->building && s->gen)
		remove_tree(s->gen);
	s->building = 0;
	kg_store_free(s);
}

void kg_store_free(kg_store *s)
{
	if (!s)
		return;
	if (s->building) {
		kg_build_abort(s);
		return;
	}
	/* a writer's file back to the pages in use, while it holds the lock
	 * (a failure leaves a larger file, nothing lost) */
	if (s->writable && close_trimmed(s) < 0)
		pk_error_clear();
	if (s->env)
		mdb_env_close(s->env);
	if (s->lockfd >= 0)
		close(s->lockfd); /* releases the flock */
	pk_free(s->root);
	pk_free(s->gen);
	pk_free(s->gen_name);
	pk_free(s);
}

const char *kg_store_root(const kg_store *s)
{
	return s->root;
}

const char *kg_store_generation(const kg_store *s)
{
	return s->gen;
}

int kg_store_usage(kg_store *s, uint64_t *used, uint64_t *mapsize)
{
	MDB_envinfo info;
	MDB_stat st;
	int rc;

	if ((rc = mdb_env_info(s->env, &info)) != 0 || (rc = mdb_env_stat(s->env, &st)) != 0)
		return kg_mdb_error(rc, "mdb_env_info");
	*used = (uint64_t)(info.me_last_pgno + 1) * st.ms_psize;
	*mapsize = info.me_mapsize;
	return 0;
}

static int grow_map(kg_store *s, uint64_t want)
{
	MDB_envinfo info;
	size_t size;
	int rc;

	if ((rc = mdb_env_info(s->env, &info)) != 0)
		return kg_mdb_error(rc, "mdb_env_info");
	size = info.me_mapsize;
	if (want <= size)
		return 0;
	while (size < want && size < MAX_MAP)
		size *= 2;
	if (size < want)
		return pk_error_set(PK_EMAPFULL, "graph would exceed %zu bytes", (size_t)MAX_MAP);
	if ((rc = mdb_env_set_mapsize(s->env, size)) != 0)
		return kg_mdb_error(rc, "growing the graph map");
	if ((rc = reserve_file(s)) < 0) {
		/* the disk cannot hold that map: the largest doubling of the old
		 * one it holds (a reservation is an estimate, and a build that
		 * outgrows a map reruns from its start), else the old map, so no
		 * write lands in an unbacked page */
		for (size /= 2; size > info.me_mapsize; size /= 2)
			if (mdb_env_set_mapsize(s->env, size) == 0 && reserve_file(s) == 0) {
				pk_error_clear();
				return 0;
			}
		mdb_env_set_mapsize(s->env, info.me_mapsize);
		return rc;
	}
	return 0;
}

int kg_store_reserve(kg_store *s, uint64_t bytes)
{
	uint64_t used = 0, map = 0;
	int rc;

	if ((rc = kg_store_usage(s, &used, &map)) < 0)
		return rc;
	s->reserved = bytes;
	return grow_map(s, used + bytes);
}

int kg_txn_read(kg_txn **out, kg_store *s)
{
	kg_txn *t;
	int rc;

	*out = NULL;
	if (!(t = pk_calloc(1, sizeof(*t))))
		return pk_error_set(PK_ENOMEM, "out of memory");
	t->s = s;
	rc = mdb_txn_begin(s->env, NULL, MDB_RDONLY, &t->txn);
	if (rc == MDB_MAP_RESIZED) {
		/* another process grew the map: adopt its size */
		mdb_env_set_mapsize(s->env, 0);
		rc = mdb_txn_begin(s->env, NULL, MDB_RDONLY, &t->txn);
	}
	if (rc != 0) {
		pk_free(t);
		return kg_mdb_error(rc, "mdb_txn_begin");
	}
	*out = t;
	return 0;
}

/* graph.c's sorting memory of a write txn: freed with the txn */
static void sort_drop(kg_txn *t)
{
	pk_free(t->sorter.mem);
	t->sorter.mem = NULL;
	t->sorter.cap = 0;
}

static void memo_drop(kg_txn *t)
{
	if (t->memo && t->memo_free)
		t->memo_free(t->memo);
	t->memo = NULL;
	t->memo_free = NULL;
}

void *kg_txn_memo(kg_txn *t)
{
	return t->memo;
}

int kg_txn_memo_set(kg_txn *t, void *value, void (*free_fn)(void *))
{
	if (t->write) {
		if (value && free_fn)
			free_fn(value);
		return pk_error_set(PK_EINVAL, "a write transaction keeps no cache");
	}
	memo_drop(t);
	t->memo = value;
	t->memo_free = free_fn;
	return 0;
}

int kg_txn_renew(kg_txn *t)
{
	size_t seen = mdb_txn_id(t->txn);
	MDB_envinfo info;
	int rc;

	/* no commit since the txn began: it already reads the latest one
	 * (a commit racing this read is seen at the next renew, as it would
	 * be had it come a moment later) */
	if (mdb_env_info(t->s->env, &info) == 0 && info.me_last_txnid == seen)
		return 0;
	mdb_txn_reset(t->txn);
	rc = mdb_txn_renew(t->txn);
	if (rc == MDB_MAP_RESIZED) {
		mdb_txn_abort(t->txn);
		t->txn = NULL;
		mdb_env_set_mapsize(t->s->env, 0);
		rc = mdb_txn_begin(t->s->env, NULL, MDB_RDONLY, &t->txn);
	}
	/* the cache holds while the commit seen is the same one */
	if (rc || !t->txn || mdb_txn_id(t->txn) != seen) {
		memo_drop(t);
		kg_kf_drop(t);
		kg_commit_caches_drop(t);
	}
	t->icur_stale = 1; /* the kept cursor follows at its next use */
	return rc ? kg_mdb_error(rc, "mdb_txn_renew") : 0;
}

void kg_txn_free(kg_txn *t)
{
	if (!t)
		return;
	memo_drop(t);
	kg_kf_drop(t);
	kg_commit_caches_drop(t);
	sort_drop(t);
	/* a read txn's cursor is closed explicitly, before or after the txn */
	if (t->icur)
		mdb_cursor_close(t->icur);
	if (t->txn)
		mdb_txn_abort(t->txn);
	pk_free(t);
}

uint64_t kg_txn_id(kg_txn *t)
{
	return (uint64_t)mdb_txn_id(t->txn);
}

kg_store *kg_txn_store(kg_txn *t)
{
	return t->s;
}

static int counter_get(kg_txn *t, const char *key, uint64_t *out)
{
	MDB_val k = { strlen(key), kg_unconst(key) }, v;
	int rc = mdb_get(t->txn, t->s->dbi[KG_T_META], &k, &v);

	if (rc == MDB_NOTFOUND) {
		*out = 1;
		return 0;
	}
	if (rc != 0)
		return kg_mdb_error(rc, "reading counter");
	if (v.mv_size != 8)
		return pk_error_set(PK_EIO, "corrupt counter '%s'", key);
	*out = kg_get_be64(v.mv_data);
	return 0;
}

static int load_counters(kg_txn *t)
{
	uint64_t sid = 0;
	int rc;

	if (t->counters_loaded)
		return 0;
	if ((rc = counter_get(t, "next_vid", &t->next_vid)) < 0 ||
	    (rc = counter_get(t, "next_sid", &sid)) < 0)
		return rc;
	t->next_sid = (uint32_t)sid;
	t->counters_loaded = 1;
	return 0;
}

static int save_counters(kg_txn *t)
{
	unsigned char b[8];
	int rc;

	if (!t->counters_loaded)
		return 0;
	kg_be64(b, t->next_vid);
	if ((rc = meta_put(t->txn, t->s, "next_vid", b, 8)) < 0)
		return rc;
	kg_be64(b, t->next_sid);
	return meta_put(t->txn, t->s, "next_sid", b, 8);
}

int kg_next_vid(kg_txn *t, uint64_t *out)
{
	int rc;

	if ((rc = load_counters(t)) < 0)
		return rc;
	*out = t->next_vid++;
	return 0;
}

int kg_next_sid(kg_txn *t, uint32_t *out)
{
	int rc;

	if ((rc = load_counters(t)) < 0)
		return rc;
	*out = t->next_sid++;
	return 0;
}

int kg_meta_put(kg_txn *t, const char *key, const char *value)
{
	if (!t->write)
		return pk_error_set(PK_EINVAL, "write in a read transaction");
	return meta_put(t->txn, t->s, key, value, strlen(value));
}

int kg_meta_get(kg_txn *t, const char *key, char *out, size_t n)
{
	MDB_val k = { strlen(key), kg_unconst(key) }, v;
	int rc = mdb_get(t->txn, t->s->dbi[KG_T_META], &k, &v);

	if (rc == MDB_NOTFOUND)
		return PK_ENOTFOUND;
	if (rc)
		return kg_mdb_error(rc, "reading graph metadata");
	snprintf(out, n, "%.*s", (int)v.mv_size, (const char *)v.mv_data);
	return 0;
}

int kg_txn_checkpoint(kg_txn *t)
{
	int rc;

	if (!t->write || !t->s->building)
		return 0;
	if ((rc = save_counters(t)) < 0)
		return rc;
	/* a filter in memory is stored once, when the build's last txn
	 * commits (no reader sees a build before then) */
	if (!kg_kf_loaded(t) && (rc = kg_kf_flush(t)) < 0)
		return rc;
	rc = mdb_txn_commit(t->txn);
	t->txn = NULL;
	if (rc != 0)
		return kg_mdb_error(rc, "committing a build checkpoint");
	if ((rc = mdb_txn_begin(t->s->env, NULL, 0, &t->txn)) != 0) {
		t->txn = NULL;
		return kg_mdb_error(rc, "mdb_txn_begin");
	}
	kg_kf_begin(t);
	return 0;
}

int kg_store_write_brief(kg_store *s, kg_write_fn fn, void *ctx)
{
	char *name = NULL;
	int rc;

	if (s->writable)
		return kg_store_write(s, fn, ctx);
	if (!s->shared)
		return pk_error_set(PK_EINVAL, "graph '%s' was opened read-only", s->root);
	if ((rc = take_lock(s)) < 0)
		return rc;
	if ((rc = read_current(&name, s->root)) == 0 && strcmp(name, s->gen_name))
		rc = pk_error_set(PK_EBUSY, "graph '%s' was rebuilt since it was opened", s->root);
	pk_free(name);
	if (rc == 0) {
		s->writable = 1;
		rc = kg_store_write(s, fn, ctx);
		s->writable = 0;
	}
	close(s->lockfd); /* releases the flock */
	s->lockfd = -1;
	return rc;
}

int kg_store_write(kg_store *s, kg_write_fn fn, void *ctx)
{
	uint64_t reserved = s->reserved;
	kg_txn t;
	int rc;

	s->reserved = 0; /* (a hint for this write only) */

	if (!s->writable)
		return pk_error_set(PK_EINVAL, "graph '%s' was opened read-only", s->root);
	for (;;) {
		memset(&t, 0, sizeof(t));
		t.s = s;
		t.write = 1;
		if ((rc = mdb_txn_begin(s->env, NULL, 0, &t.txn)) != 0)
			return kg_mdb_error(rc, "mdb_txn_begin");
		kg_kf_begin(&t);
		{
			kg_warmer *w = kg_warm_start(s, reserved);
			off_t mapped;

			rc = fn(&t, ctx);
			s->warmed = (uint64_t)kg_warm_stop(w, &mapped);
			s->premapped = (uint64_t)mapped;
		}
		if (rc == 0)
			rc = save_counters(&t);
		if (rc == 0)
			rc = kg_kf_flush(&t);
		kg_kf_drop(&t);
		sort_drop(&t);
		if (rc == 0) {
			int mrc = mdb_txn_commit(t.txn);

			t.txn = NULL;
			if (mrc == 0)
				return 0;
			rc = kg_mdb_error(mrc, "committing to the graph");
		} else if (t.txn) {
			mdb_txn_abort(t.txn); /* NULL after a failed checkpoint */
		}
		if (rc != PK_EMAPFULL)
			return rc;
		/* Roll back, double the map, run fn again from the start. */
		{
			MDB_envinfo info;

			if ((rc = mdb_env_info(s->env, &info)) != 0)
				return kg_mdb_error(rc, "mdb_env_info");
			if ((rc = grow_map(s, (uint64_t)info.me_mapsize * 2)) < 0)
				return rc;
		}
		pk_error_clear();
	}
}

/* ---- snapshots ---------------------------------------------------------- */

#define SNAPSHOT_FILE "SNAPSHOT"
#define SNAPSHOT_LINE "provkg snapshot 1\n"

int kg_is_snapshot(const char *dir)
{
	char *p = path_join(dir, SNAPSHOT_FILE);
	int r = p && access(p, F_OK) == 0;

	pk_free(p);
	return r;
}

static int write_new_file(const char *path, const char *text)
{
	size_t n = strlen(text), off = 0;
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0444), rc = 0;

	if (fd < 0)
		return pk_error_set(PK_EIO, "cannot create '%s': %s", path, strerror(errno));
	while (off < n && rc == 0) {
		ssize_t w = write(fd, text + off, n - off);

		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			rc = pk_error_set(PK_EIO, "cannot write '%s': %s", path, strerror(errno));
		else
			off += (size_t)w;
	}
	if (rc == 0 && fsync(fd) < 0)
		rc = pk_error_set(PK_EIO, "cannot sync '%s': %s", path, strerror(errno));
	close(fd);
	return rc;
}

/* A snapshot being written: its generation directory, then the rest. */
static void remove_snapshot_tmp(const char *tmp, const char *gen)
{
	if (gen)
		remove_tree(gen);
	remove_tree(tmp);
}

int kg_store_snapshot(kg_store *s, const char *dir, kg_snapshot_info *info)
{
	pk_buf manifest = PK_BUF_INIT, tmpname = PK_BUF_INIT;
	char *gen = NULL, *data = NULL, *format = NULL, *current = NULL, *man = NULL, stamp[32];
	struct stat st;
	struct tm tm;
	time_t now = time(NULL);
	int rc;

	memset(info, 0, sizeof(*info));
	if (access(dir, F_OK) == 0)
		return pk_error_set(PK_EINVAL, "'%s' exists: a snapshot is written to a new directory", dir);
	/* beside the target, renamed into place when whole: a snapshot killed
	 * half-way leaves no directory that looks like one */
	if (pk_buf_printf(&tmpname, "%s.tmp-%ld", dir, (long)getpid()) < 0)
		return PK_ENOMEM;
	if (mkdir(tmpname.ptr, 0755) < 0) {
		rc = pk_error_set(PK_EIO, "cannot create '%s': %s", tmpname.ptr, strerror(errno));
		pk_buf_release(&tmpname);
		return rc;
	}
	if (!(gen = path_join(tmpname.ptr, s->gen_name)) || !(data = path_join(gen, "data.mdb")) ||
	    !(format = path_join(tmpname.ptr, "FORMAT")) || !(current = path_join(tmpname.ptr, "CURRENT")) ||
	    !(man = path_join(tmpname.ptr, SNAPSHOT_FILE))) {
		rc = pk_error_set(PK_ENOMEM, "out of memory");
		goto fail;
	}
	if (mkdir(gen, 0755) < 0) {
		rc = pk_error_set(PK_EIO, "cannot create '%s': %s", gen, strerror(errno));
		goto fail;
	}
	/* one read transaction inside: the copy is the last commit, whole,
	 * whatever a writer does meanwhile; free pages are left out */
	if ((rc = mdb_env_copy2(s->env, gen, MDB_CP_COMPACT)) != 0) {
		rc = kg_mdb_error(rc, "copying the graph");
		goto fail;
	}
	if (stat(data, &st) < 0) {
		rc = pk_error_set(PK_EIO, "cannot stat '%s': %s", data, strerror(errno));
		goto fail;
	}
	info->bytes = (uint64_t)st.st_size;
	snprintf(info->generation, sizeof(info->generation), "%s", s->gen_name);
	snprintf(info->from, sizeof(info->from), "%s", s->root);
	if ((rc = fsync_path(data)) < 0 || (rc = pk_sha256_file(info->sha256, data)) < 0)
		goto fail;
	if (chmod(data, 0444) < 0) {
		rc = pk_error_set(PK_EIO, "cannot make '%s' read-only: %s", data, strerror(errno));
		goto fail;
	}
	gmtime_r(&now, &tm);
	strftime(stamp, sizeof(stamp), "%Y-%m-%dT%H:%M:%SZ", &tm);
	if (pk_buf_printf(&manifest, SNAPSHOT_LINE "from\t%s\ngeneration\t%s\nbytes\t%llu\nsha256\t%s\ncreated\t%s\n",
			  info->from, info->generation, (unsigned long long)info->bytes, info->sha256, stamp) < 0) {
		rc = PK_ENOMEM;
		goto fail;
	}
	if ((rc = write_new_file(format, FORMAT_LINE)) < 0 || (rc = write_new_file(man, manifest.ptr)) < 0)
		goto fail;
	if (symlink(s->gen_name, current) < 0) {
		rc = pk_error_set(PK_EIO, "cannot create '%s': %s", current, strerror(errno));
		goto fail;
	}
	if ((rc = fsync_path(tmpname.ptr)) < 0)
		goto fail;
	if (rename(tmpname.ptr, dir) < 0) {
		rc = pk_error_set(PK_EIO, "cannot rename '%s' to '%s': %s", tmpname.ptr, dir, strerror(errno));
		goto fail;
	}
	rc = 0;
	goto done;
fail:
	if (data)
		chmod(data, 0644);
	remove_snapshot_tmp(tmpname.ptr, gen);
done:
	pk_buf_release(&manifest);
	pk_buf_release(&tmpname);
	pk_free(gen);
	pk_free(data);
	pk_free(format);
	pk_free(current);
	pk_free(man);
	return rc;
}

int kg_snapshot_check(const char *dir, int verify, kg_snapshot_info *info)
{
	char *man = path_join(dir, SNAPSHOT_FILE), *text = NULL, *line, *save = NULL, *data = NULL, *gen = NULL;
	char got[65];
	struct stat st;
	int rc = 0;

	memset(info, 0, sizeof(*info));
	if (!man)
		return pk_error_set(PK_ENOMEM, "out of memory");
	{
		FILE *f = fopen(man, "re");
		long n;

		if (!f) {
			rc = errno == ENOENT ? pk_error_set(PK_ENOTFOUND, "'%s' is not a provkg snapshot (no %s)", dir,
							    SNAPSHOT_FILE)
					     : pk_error_set(PK_EIO, "cannot read '%s': %s", man, strerror(errno));
			pk_free(man);
			return rc;
		}
		/* a manifest is a few lines; more is not one of ours */
		if (!(text = pk_malloc(4097)) || (n = (long)fread(text, 1, 4096, f)) < 0) {
			fclose(f);
			pk_free(man);
			pk_free(text);
			return pk_error_set(PK_ENOMEM, "out of memory");
		}
		text[n] = '\0';
		fclose(f);
	}
	if (strncmp(text, SNAPSHOT_LINE, strlen(SNAPSHOT_LINE))) {
		rc = pk_error_set(PK_EIO, "'%s' is not a provkg snapshot manifest", man);
		goto done;
	}
	for (line = strtok_r(text + strlen(SNAPSHOT_LINE), "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *tab = strchr(line, '\t');

		if (!tab)
			continue;
		*tab++ = '\0';
		if (!strcmp(line, "from"))
			snprintf(info->from, sizeof(info->from), "%s", tab);
		else if (!strcmp(line, "generation"))
			snprintf(info->generation, sizeof(info->generation), "%s", tab);
		else if (!strcmp(line, "bytes"))
			info->bytes = strtoull(tab, NULL, 10);
		else if (!strcmp(line, "sha256"))
			snprintf(info->sha256, sizeof(info->sha256), "%s", tab);
	}
	if (strncmp(info->generation, "gen-", 4) || strchr(info->generation, '/') || strlen(info->sha256) != 64) {
		rc = pk_error_set(PK_EIO, "'%s': the manifest lacks its generation or sha256", man);
		goto done;
	}
	if (!verify)
		goto done;
	if (!(gen = path_join(dir, info->generation)) || !(data = path_join(gen, "data.mdb"))) {
		rc = pk_error_set(PK_ENOMEM, "out of memory");
		goto done;
	}
	if (stat(data, &st) < 0) {
		rc = pk_error_set(PK_EIO, "cannot stat '%s': %s", data, strerror(errno));
		goto done;
	}
	if ((uint64_t)st.st_size != info->bytes) {
		rc = pk_error_set(PK_EIO, "'%s' has %llu bytes, the manifest says %llu: an incomplete copy?", data,
				  (unsigned long long)st.st_size, (unsigned long long)info->bytes);
		goto done;
	}
	if ((rc = pk_sha256_file(got, data)) < 0)
		goto done;
	if (strcmp(got, info->sha256))
		rc = pk_error_set(PK_EIO, "'%s' has sha256 %s, the manifest says %s: the copy is damaged", data, got,
				  info->sha256);
done:
	pk_free(man);
	pk_free(text);
	pk_free(gen);
	pk_free(data);
	return rc;
}
