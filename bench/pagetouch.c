/* bench/pagetouch.c - what the first touch of fresh file pages costs on
 * this machine, the two ways a graph's pages are first written:
 *
 *   map    fallocate 2 GB, map it shared, write a byte a page (the way a
 *          WRITEMAP ingest grows its graph: each page read in zeroed, then
 *          written)
 *   write  pwrite 2 GB of 1 MB blocks (a copy into fresh page cache)
 *
 * and the two ways a large heap block is first written:
 *
 *   anon   map 2 GB anonymous memory, write a byte a page (4 KB pages)
 *   huge   the same after madvise(MADV_HUGEPAGE): 2 MB pages where the
 *          kernel has them (THP in "madvise" mode)
 *
 * It prints the wall time of one pass; run it twice in a row and after a
 * pause to see warm and cold memory (docs/benchmarks.md). The file is
 * made and removed in DIR (default /tmp).
 *
 *   make build/rel/bench/pagetouch && build/rel/bench/pagetouch map
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* fallocate */
#endif
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#define SIZE ((size_t)2 << 30)
#define BLOCK ((size_t)1 << 20)

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* A byte written to each 4 KB page of m[0..SIZE). */
static void touch(unsigned char *m)
{
	size_t i;

	for (i = 0; i < SIZE; i += 4096)
		m[i] = 1;
}

static int by_map(int fd)
{
	unsigned char *m;

	if (fallocate(fd, 0, 0, (off_t)SIZE) < 0)
		return -1;
	m = mmap(NULL, SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (m == MAP_FAILED)
		return -1;
	touch(m);
	return munmap(m, SIZE);
}

static int by_anon(int huge)
{
	unsigned char *m = mmap(NULL, SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (m == MAP_FAILED)
		return -1;
#ifdef MADV_HUGEPAGE
	if (huge && madvise(m, SIZE, MADV_HUGEPAGE) < 0) {
		munmap(m, SIZE);
		return -1;
	}
#else
	(void)huge;
#endif
	touch(m);
	return munmap(m, SIZE);
}

static int by_write(int fd)
{
	char *b = malloc(BLOCK);
	size_t at;
	int rc = 0;

	if (!b)
		return -1;
	memset(b, 1, BLOCK);
	for (at = 0; at < SIZE && rc == 0; at += BLOCK)
		if (pwrite(fd, b, BLOCK, (off_t)at) != (ssize_t)BLOCK)
			rc = -1;
	free(b);
	return rc;
}

int main(int argc, char **argv)
{
	const char *dir = argc > 2 ? argv[2] : "/tmp";
	char path[4096];
	double t0;
	int fd, rc;

	if (argc < 2 || (strcmp(argv[1], "map") && strcmp(argv[1], "write") && strcmp(argv[1], "anon") &&
			 strcmp(argv[1], "huge"))) {
		fprintf(stderr, "usage: pagetouch map|write|anon|huge [DIR]\n");
		return 2;
	}
	if (!strcmp(argv[1], "anon") || !strcmp(argv[1], "huge")) {
		t0 = now();
		if (by_anon(!strcmp(argv[1], "huge")) < 0) {
			fprintf(stderr, "pagetouch: %s: %s\n", argv[1], strerror(errno));
			return 1;
		}
		printf("%s: 2 GB of fresh pages in %.2f s\n", argv[1], now() - t0);
		return 0;
	}
	snprintf(path, sizeof(path), "%s/pagetouch.%ld", dir, (long)getpid());
	if ((fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600)) < 0) {
		fprintf(stderr, "pagetouch: %s: %s\n", path, strerror(errno));
		return 1;
	}
	t0 = now();
	rc = strcmp(argv[1], "map") ? by_write(fd) : by_map(fd);
	if (rc < 0)
		fprintf(stderr, "pagetouch: %s: %s\n", path, strerror(errno));
	else
		printf("%s: 2 GB of fresh pages in %.2f s\n", argv[1], now() - t0);
	close(fd);
	unlink(path);
	return rc < 0;
}
