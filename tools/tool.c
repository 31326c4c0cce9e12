/* tools/tool.c - shared helpers of the provkg commands. */
#include "tool.h"

#include "../common/alloc.h"
#include "../common/error.h"
#include "../common/text.h"
#include "../kg/store.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utf8proc.h>

void tool_error(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fputs("provkg: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

void tool_warn(const char *fmt, ...)
{
	va_list ap;

	fputs("provkg: warning: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

void tool_note(const char *fmt, ...)
{
	va_list ap;

	fputs("provkg: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

int tool_exit_code(int rc)
{
	switch (rc) {
	case 0: return EXIT_OK;
	case PK_ENOTFOUND: return EXIT_NEGATIVE;
	case PK_EINVAL: return EXIT_USAGE;
	case PK_EPARSE:
	case PK_ESTRICT:
	case PK_ENOFILE:
	case PK_ELIMIT: return EXIT_DATA;
	case PK_ESCHEMA:
	case PK_EBUSY: return EXIT_GRAPH;
	default: return EXIT_SYSTEM;
	}
}

int tool_fail(int rc, const char *what)
{
	if (what && *what)
		tool_error("%s: %s", what, pk_error_last());
	else
		tool_error("%s", pk_error_last());
	return tool_exit_code(rc);
}

const char *tool_db_path(const char *opt)
{
	const char *env;

	if (opt && *opt)
		return opt;
	if ((env = getenv("PROVKG_DB")) && *env)
		return env;
	return "provkg.db";
}

const char *tool_default_sources(void)
{
	static char path[PATH_MAX];
	struct stat st;
	ssize_t n;
	char *slash;

	if (stat("data/sources", &st) == 0 && S_ISDIR(st.st_mode))
		return "data/sources";
	n = readlink("/proc/self/exe", path, sizeof(path) - 20);
	if (n > 0) {
		path[n] = '\0';
		if ((slash = strrchr(path, '/'))) {
			snprintf(slash + 1, sizeof(path) - (size_t)(slash + 1 - path), "data/sources");
			if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
				return path;
		}
	}
	return "data/sources";
}

const char *tool_default_data(const char *rel)
{
	static char path[PATH_MAX];
	const char *src = tool_default_sources();
	size_t l = strlen(src);
	struct stat st;

	snprintf(path, sizeof(path), "data/%s", rel);
	if (stat(path, &st) == 0)
		return path;
	if (l > 8 && !strcmp(src + l - 8, "/sources"))
		snprintf(path, sizeof(path), "%.*s/%s", (int)(l - 8), src, rel);
	return path;
}

/* Is each line flushed as it is written? On a pipe, a socket or a
 * terminal yes: a harness that writes one request and waits for its answer
 * must get it (stdio would hold it in a 4 KiB buffer). PROVKG_LINE_BUFFERED
 * = 1 or 0 decides otherwise. Decided once. */
static int line_buffered(void)
{
	static int mode = -1;

	if (mode < 0) {
		const char *e = getenv("PROVKG_LINE_BUFFERED");
		struct stat st;

		if (e && (*e == '0' || *e == '1'))
			mode = *e == '1';
		else
			mode = isatty(STDOUT_FILENO) ||
			       (fstat(STDOUT_FILENO, &st) == 0 && (S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode)));
	}
	return mode;
}

void tool_stdout_init(void)
{
	/* a file or device gets 64 KiB writes, not stdio's 4 KiB (a 40 MB
	 * answer stream was 10,000 write calls); before any output */
	static char buf[1 << 16];

	if (!line_buffered())
		setvbuf(stdout, buf, _IOFBF, sizeof(buf));
}

int tool_print_line(const pk_buf *b)
{
	if ((b->len && fwrite(b->ptr, 1, b->len, stdout) != b->len) || fputc('\n', stdout) == EOF ||
	    (line_buffered() && fflush(stdout) == EOF))
		return pk_error_set(PK_EIO, "cannot write to standard output: %s", strerror(errno));
	return 0;
}

int tool_emit_json(pk_json *w, pk_buf *b)
{
	int rc = pk_json_error(w);

	if (rc == 0)
		rc = tool_print_line(b);
	return rc < 0 ? tool_fail(rc, NULL) : 0;
}

int tool_finish_output(int code)
{
	if (fflush(stdout) == EOF || ferror(stdout)) {
		tool_error("cannot write to standard output: %s", strerror(errno ? errno : EIO));
		return code ? code : EXIT_SYSTEM;
	}
	return code;
}

int tool_progress_enabled(void)
{
	return isatty(2);
}

size_t tool_text_width(const char *s)
{
	size_t w = 0, n = strlen(s), i = 0;

	while (i < n) {
		int32_t cp;
		int k = pk_utf8_decode(s + i, n - i, &cp);

		if (k < 0) {
			i++;
			w++;
			continue;
		}
		i += (size_t)k;
		w += cp < 0x80 ? 1 : (size_t)utf8proc_charwidth(cp);
	}
	return w;
}

void tool_print_padded(FILE *f, const char *s, size_t width)
{
	size_t w = tool_text_width(s);

	fputs(s, f);
	while (w++ < width)
		fputc(' ', f);
}

static const char *kill_at;

void tool_testpoint(const char *stage)
{
	if (kill_at && !strcmp(kill_at, stage)) {
		fflush(NULL);
		raise(SIGKILL);
	}
}

#ifdef PROVKG_TEST_HOOKS
void tool_install_testpoints(void)
{
	const char *fail = getenv("PROVKG_TEST_FAIL_ALLOC");

	if (fail && *fail) {
		char *end;
		long n = strtol(fail, &end, 10);

		if (!*end && n >= 0)
			pk_alloc_fail_after(n);
	}
	kill_at = getenv("PROVKG_TEST_KILL_AT");
	if (kill_at && *kill_at)
		kg_set_testpoint(tool_testpoint);
	else
		kill_at = NULL;
	/* the first map of a build, in MiB (the full-disk test grows it) */
	if ((fail = getenv("PROVKG_TEST_INITIAL_MAP_MB")) && *fail) {
		char *end;
		long mb = strtol(fail, &end, 10);

		if (!*end && mb > 0 && mb < 1 << 20)
			kg_set_initial_mapsize((size_t)mb << 20);
	}
}
#else
/* a release binary: $PROVKG_TEST_* mean nothing (build/.../provkg-test
 * has them) */
void tool_install_testpoints(void)
{
}
#endif
