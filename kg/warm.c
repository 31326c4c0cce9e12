/* kg/warm.c - a large write's fresh pages read into the page cache a
 * little ahead of the writer.
 *
 * A write through the map (MDB_WRITEMAP) grows the graph into pages of the
 * file nobody has touched yet. The first touch of each is a page fault in
 * the writer that fills a page of the page cache with zeros (the file's
 * blocks are allocated but unwritten: reserve_file in store.c). On a
 * virtual machine whose memory the host backs only when first used, that
 * fault cost a third of the writer's time in a 1M-work ingest (perf: 22% of
 * all samples in the kernel's memset under ext4_mpage_readpages), and the
 * writer is the ingest's slowest thread. A helper thread asks the kernel
 * for those pages first (posix_fadvise WILLNEED), so the writer's faults
 * find them in the cache.
 *
 * Each such page still cost the writer a fault that mapped it writable
 * (in a 1M-work ingest the writer is busy from start to end: 8 paired
 * rounds took a median 28.8 s with those faults, 26.0 s without them,
 * faster in 6 of 8; docs/benchmarks.md). On Linux 5.14 and later
 * the helper takes those faults too, WARM_MAPPED ahead of the writer:
 * madvise(MADV_POPULATE_WRITE) on LMDB's map, found in /proc/self/maps.
 * That changes no byte of the file; it marks the pages dirty, so the ones
 * the write does not reach (WARM_MAPPED at most past its end) are written
 * back as they were, past the last page LMDB uses, which is cut off at the
 * end. Where it fails the writer faults them in itself, as before.
 *
 * The helper never writes: it reads, through the
 * file descriptor, the first word of a page every WARM_PROBE bytes to see
 * how far the writer got. LMDB stamps each page it allocates with its own
 * page number there (MDB_page.mp_pgno, the first field of its on-disk page
 * header). Pages past the last commit are allocated in order, so the
 * highest stamped probe is the writer's front, within WARM_PROBE. A wrong
 * reading (a torn word, a page left by an aborted write) only warms too
 * little or too early: what the graph holds is the same either way. It
 * warms as far ahead of the front as the write has come since it began
 * (WARM_CHUNK at least, WARM_LEAD at most), so a small write warms a few
 * MB, and never past the room the write asked for.
 */
#include "internal.h"

#include "../common/alloc.h"
#include "../common/error.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

#define WARM_CHUNK ((off_t)4 << 20)
#define WARM_LEAD ((off_t)64 << 20)
#define WARM_PROBE ((off_t)1 << 20)
#define WARM_WAIT_NS 10000000L /* between looks at the writer's front */
#define WARM_MAPPED ((off_t)8 << 20) /* mapped writable this far ahead of the front */

struct kg_warmer {
	int fd;
	size_t psize;
	off_t start; /* the end of the last commit when the write began */
	off_t front; /* how far the writer got, as last seen */
	off_t warm;  /* asked for up to here */
	off_t end;   /* the room the write asked for */
	char *map;   /* the graph's map (MDB_WRITEMAP), or NULL: not mapped ahead */
	off_t mapped;    /* mapped writable up to here (or the writer went past) */
	off_t premapped; /* bytes of it mapped by us */
	pthread_t thread;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	int stop; /* under mu */
};

off_t kg_warm_frontier(int fd, size_t psize, off_t from, off_t to, off_t step)
{
	off_t best = from, at;
	uint64_t w;

	if (psize == 0 || step <= 0)
		return from;
	for (at = from; at + (off_t)sizeof(w) <= to; at += step) {
		if (pread(fd, &w, sizeof(w), at) != (ssize_t)sizeof(w))
			break;
		if (w == (uint64_t)at / psize)
			best = at + (off_t)psize;
	}
	return best;
}

static int stopped(kg_warmer *w)
{
	int s;

	pthread_mutex_lock(&w->mu);
	s = w->stop;
	pthread_mutex_unlock(&w->mu);
	return s;
}

/* The warmed pages up to WARM_MAPPED past the front mapped writable into
 * the writer's map (no byte changed), so its first writes to them fault
 * no more; after a failure (an older kernel), never again. */
static void map_ahead(kg_warmer *w)
{
	off_t want = w->front + WARM_MAPPED < w->warm ? w->front + WARM_MAPPED : w->warm;

	if (w->mapped < w->front)
		w->mapped = w->front; /* (the writer faulted those in itself) */
	if (!w->map || w->mapped >= want)
		return;
#ifdef MADV_POPULATE_WRITE
	if (madvise(w->map + w->mapped, (size_t)(want - w->mapped), MADV_POPULATE_WRITE) == 0) {
		w->premapped += want - w->mapped;
		w->mapped = want;
		return;
	}
#endif
	w->map = NULL;
}

static void *warm_main(void *arg)
{
	kg_warmer *w = arg;
	struct timespec until;

	for (;;) {
		off_t lead, want;

		w->front = kg_warm_frontier(w->fd, w->psize, w->front, w->warm, WARM_PROBE);
		lead = w->front - w->start;
		lead = lead < WARM_CHUNK ? WARM_CHUNK : lead > WARM_LEAD ? WARM_LEAD : lead;
		want = w->front + lead < w->end ? w->front + lead : w->end;
		while (w->warm < want) {
			off_t n = want - w->warm < WARM_CHUNK ? want - w->warm : WARM_CHUNK;

			/* (an error: a file the kernel cannot read ahead; the
			 * writer faults its pages in itself, as without us) */
			if (stopped(w) || posix_fadvise(w->fd, w->warm, n, POSIX_FADV_WILLNEED) != 0)
				return NULL;
			w->warm += n;
		}
		map_ahead(w);
		pthread_mutex_lock(&w->mu);
		if (!w->stop) {
			clock_gettime(CLOCK_REALTIME, &until);
			until.tv_nsec += WARM_WAIT_NS;
			if (until.tv_nsec >= 1000000000L) {
				until.tv_sec++;
				until.tv_nsec -= 1000000000L;
			}
			pthread_cond_timedwait(&w->cv, &w->mu, &until);
		}
		if (w->stop) {
			pthread_mutex_unlock(&w->mu);
			return NULL;
		}
		pthread_mutex_unlock(&w->mu);
	}
}

/* Where the file open on fd is mapped shared and writable from its start
 * for at least `need` bytes (LMDB's write map: mdb_env_info names its
 * address only when fixed), or NULL: not found (a system without
 * /proc/self/maps). */
static char *shared_map_of(int fd, off_t need)
{
	struct stat st;
	char line[512];
	FILE *f;
	char *map = NULL;
	int whole = 1; /* line starts a line of the file (a longer one is read in parts) */

	if (fstat(fd, &st) != 0 || !(f = fopen("/proc/self/maps", "re")))
		return NULL;
	/* "7f..-7f.. rw-s 00000000 fe:01 1234 /path/data.mdb" */
	while (!map && fgets(line, sizeof(line), f)) {
		char *e, *perms;
		unsigned long long from, to, off, ino;
		unsigned long maj, mnr;
		int starts = whole;

		whole = strchr(line, '\n') != NULL;
		from = strtoull(line, &e, 16);
		if (!starts || *e != '-')
			continue;
		to = strtoull(e + 1, &e, 16);
		perms = e + 1;
		if (*e != ' ' || strlen(perms) < 5 || perms[4] != ' ')
			continue;
		off = strtoull(perms + 5, &e, 16);
		maj = strtoul(e, &e, 16);
		if (*e != ':')
			continue;
		mnr = strtoul(e + 1, &e, 16);
		ino = strtoull(e, &e, 10);
		if (off == 0 && to > from && to - from >= (unsigned long long)need && perms[1] == 'w' && perms[3] == 's' &&
		    ino == (unsigned long long)st.st_ino && maj == major(st.st_dev) && mnr == minor(st.st_dev))
			map = (char *)(uintptr_t)from;
	}
	fclose(f);
	return map;
}

kg_warmer *kg_warm_start(kg_store *s, uint64_t bytes)
{
	MDB_envinfo info;
	MDB_stat st;
	kg_warmer *w;
	int fd;

	if (!s->writemap || bytes < (uint64_t)WARM_LEAD || mdb_env_info(s->env, &info) != 0 || mdb_env_stat(s->env, &st) != 0 ||
	    mdb_env_get_fd(s->env, &fd) != 0)
		return NULL;
	if (!(w = pk_calloc(1, sizeof(*w))))
		return NULL;
	w->fd = fd;
	w->psize = st.ms_psize;
	w->start = w->front = w->warm = w->mapped = (off_t)((info.me_last_pgno + 1) * st.ms_psize);
	w->end = w->start + (off_t)(bytes < info.me_mapsize ? bytes : info.me_mapsize);
	if (w->end > (off_t)info.me_mapsize)
		w->end = (off_t)info.me_mapsize;
	w->map = shared_map_of(fd, w->end);
	if (pthread_mutex_init(&w->mu, NULL) != 0)
		goto fail;
	if (pthread_cond_init(&w->cv, NULL) != 0)
		goto fail_mu;
	if (pthread_create(&w->thread, NULL, warm_main, w) == 0)
		return w;
	pthread_cond_destroy(&w->cv);
fail_mu:
	pthread_mutex_destroy(&w->mu);
fail:
	pk_free(w);
	return NULL;
}

off_t kg_warm_stop(kg_warmer *w, off_t *mapped)
{
	off_t warm;

	*mapped = 0;
	if (!w)
		return 0;
	pthread_mutex_lock(&w->mu);
	w->stop = 1;
	pthread_cond_signal(&w->cv);
	pthread_mutex_unlock(&w->mu);
	pthread_join(w->thread, NULL);
	warm = w->warm - w->start;
	*mapped = w->premapped;
	pthread_cond_destroy(&w->cv);
	pthread_mutex_destroy(&w->mu);
	pk_free(w);
	return warm;
}
