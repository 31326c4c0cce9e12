/* tests/unit/t.h - a minimal unit-test harness.
 *
 * Each test prints "ok <name>" or "FAIL <name>" (with the failed checks
 * on stderr); tests/run.sh counts those lines. A crash counts as a failure
 * of the whole binary.
 */
#ifndef T_H
#define T_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int t_fail_now;
static int t_total_fail;

#define CHECK(cond)                                                                    \
	do {                                                                           \
		if (!(cond)) {                                                         \
			fprintf(stderr, "%s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #cond); \
			t_fail_now = 1;                                                \
		}                                                                      \
	} while (0)

#define CHECK_EQ_INT(a, b)                                                             \
	do {                                                                           \
		long long t_a = (long long)(a), t_b = (long long)(b);                  \
		if (t_a != t_b) {                                                      \
			fprintf(stderr, "%s:%d: %s == %s failed: %lld != %lld\n", __FILE__, __LINE__, #a, #b, t_a, t_b); \
			t_fail_now = 1;                                                \
		}                                                                      \
	} while (0)

#define CHECK_STR(a, b)                                                                \
	do {                                                                           \
		const char *t_a = (a), *t_b = (b);                                     \
		if (!t_a || !t_b || strcmp(t_a, t_b)) {                                \
			fprintf(stderr, "%s:%d: %s == \"%s\" failed: got \"%s\"\n", __FILE__, __LINE__, #a, t_b ? t_b : "(null)", t_a ? t_a : "(null)"); \
			t_fail_now = 1;                                                \
		}                                                                      \
	} while (0)

/* relative closeness for doubles */
#define CHECK_NEAR(a, b, rel)                                                          \
	do {                                                                           \
		double t_a = (a), t_b = (b);                                           \
		if (!(fabs(t_a - t_b) <= (rel) * fabs(t_b) || t_a == t_b)) {          \
			fprintf(stderr, "%s:%d: %s ~ %s failed: %.17g vs %.17g\n", __FILE__, __LINE__, #a, #b, t_a, t_b); \
			t_fail_now = 1;                                                \
		}                                                                      \
	} while (0)

#define RUN(fn)                                             \
	do {                                                \
		t_fail_now = 0;                             \
		fn();                                       \
		printf("%s %s\n", t_fail_now ? "FAIL" : "ok", #fn); \
		fflush(stdout);                             \
		t_total_fail |= t_fail_now;                 \
	} while (0)

#define T_DONE() return t_total_fail ? 1 : 0

/* A fresh temporary directory path (not created) under $TMPDIR. */
static inline const char *t_tmpdir(const char *tag)
{
	static char buf[4][256];
	static int i;
	const char *base = getenv("TMPDIR");
	char *p = buf[i++ % 4];

	snprintf(p, 256, "%s/provkg-t-%s-%ld", base && *base ? base : "/tmp", tag, (long)getpid());
	return p;
}

static inline void t_rmrf(const char *path)
{
	char cmd[600];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", path);
	if (system(cmd) != 0)
		fprintf(stderr, "cannot remove %s\n", path);
}

static inline void t_write(const char *path, const char *text)
{
	FILE *f = fopen(path, "wb");

	if (!f) {
		perror(path);
		return;
	}
	fputs(text, f);
	fclose(f);
}

#endif
