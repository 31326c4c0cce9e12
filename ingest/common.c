/* ingest/common.c - results, rejects, source records and name helpers. */
#include "internal.h"

#include "../common/alloc.h"
#include "../common/error.h"
#include "../common/sha256.h"
#include "../common/text.h"

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>

void ingest_result_init(ingest_result *r)
{
	memset(r, 0, sizeof(*r));
	pk_buf_init(&r->warnings, 1 << 20);
}

void ingest_result_release(ingest_result *r)
{
	pk_buf_release(&r->warnings);
	memset(r, 0, sizeof(*r));
}

static int keep_message(ingest_result *r, const ingest_opts *o, const char *fmt, va_list ap)
{
	char msg[512];

	vsnprintf(msg, sizeof(msg), fmt, ap);
	if (o && o->strict)
		return pk_error_set(PK_ESTRICT, "%s", msg);
	/* keep the first messages; count the rest */
	if (r->rejected + r->dropped <= INGEST_WARN_MAX && pk_buf_printf(&r->warnings, "%s\n", msg) == 0)
		return 0;
	r->warnings_dropped++;
	return 0;
}

int ingest_reject(ingest_result *r, const ingest_opts *o, const char *fmt, ...)
{
	va_list ap;
	int rc;

	r->rejected++;
	va_start(ap, fmt);
	rc = keep_message(r, o, fmt, ap);
	va_end(ap);
	return rc;
}

int ingest_note(ingest_result *r, const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = pk_buf_vprintf(&r->warnings, fmt, ap);
	va_end(ap);
	return rc < 0 ? rc : pk_buf_putc(&r->warnings, '\n');
}

int ingest_drop_field(ingest_result *r, const ingest_opts *o, const char *fmt, ...)
{
	va_list ap;
	int rc;

	r->dropped++;
	va_start(ap, fmt);
	rc = keep_message(r, o, fmt, ap);
	va_end(ap);
	return rc;
}

const char *ingest_basename(const char *path)
{
	size_t n = strlen(path);

	while (n > 1 && path[n - 1] == '/')
		n--; /* "dir/" names "dir/" */
	while (n > 0 && path[n - 1] != '/')
		n--;
	return path + n;
}

int ingest_thread_behind(void)
{
#ifdef __linux__
	int now;

	/* (getpriority may return -1 as a value: errno tells) */
	errno = 0;
	now = getpriority(PRIO_PROCESS, 0);
	if (now == -1 && errno)
		return 0;
	if (now >= 19)
		return 0;
	/* on Linux, who 0 of PRIO_PROCESS is the calling thread alone */
	return setpriority(PRIO_PROCESS, 0, now + INGEST_BEHIND > 19 ? 19 : now + INGEST_BEHIND) == 0;
#else
	return 0;
#endif
}

int ingest_path_clean(const char *path, char *out, size_t cap)
{
	size_t n = 0, i = 0, len = strlen(path);
	const char *base;

	if (!len || len >= cap)
		return pk_error_set(PK_EINVAL, "path too long or empty: '%.200s'", path);
	if (path[0] == '/')
		out[n++] = '/';
	while (i < len) {
		size_t j = i;

		while (j < len && path[j] != '/')
			j++;
		/* "a//b", "a/./b" and a trailing '/' name the same directory */
		if (j > i && !(j - i == 1 && path[i] == '.')) {
			if (n && out[n - 1] != '/')
				out[n++] = '/';
			memcpy(out + n, path + i, j - i);
			n += j - i;
		}
		i = j + 1;
	}
	out[n] = '\0';
	if (!n)
		snprintf(out, cap, ".");
	/* ".", "..", "a/..": the directory's own name comes from the file system */
	base = ingest_basename(out);
	if (!strcmp(base, ".") || !strcmp(base, "..")) {
		char *real = realpath(out, NULL);

		if (!real)
			return 0; /* stat will say why */
		if (strlen(real) >= cap) {
			free(real);
			return pk_error_set(PK_EINVAL, "path too long: '%.200s'", path);
		}
		snprintf(out, cap, "%s", real);
		free(real);
	}
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* sha256 over "name  hash\n" of each regular file, sorted by name: a
 * directory's fingerprint changes when any file or the file set changes. */
static int dir_sha256(char hex[65], const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL;
	size_t n = 0, cap = 0, i;
	pk_sha256 c;
	int rc = 0;

	if (!d)
		return pk_error_set(PK_EIO, "cannot open '%s': %s", dir, strerror(errno));
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		if ((rc = PK_ALLOC_GROW(names, n + 1, cap, 64)) < 0)
			goto done;
		if (!(names[n] = pk_strdup(e->d_name))) {
			rc = pk_error_set(PK_ENOMEM, "out of memory");
			goto done;
		}
		n++;
	}
	if (n > 1)
		qsort(names, n, sizeof(*names), cmp_str);
	pk_sha256_init(&c);
	for (i = 0; i < n; i++) {
		pk_buf p = PK_BUF_INIT;
		char h[65];
		struct stat st;

		if (pk_buf_printf(&p, "%s/%s", dir, names[i]) < 0) {
			rc = PK_ENOMEM;
			goto done;
		}
		if (stat(p.ptr, &st) == 0 && S_ISREG(st.st_mode)) {
			if ((rc = pk_sha256_file(h, p.ptr)) < 0) {
				pk_buf_release(&p);
				goto done;
			}
			pk_sha256_update(&c, names[i], strlen(names[i]));
			pk_sha256_update(&c, "  ", 2);
			pk_sha256_update(&c, h, 64);
			pk_sha256_update(&c, "\n", 1);
		}
		pk_buf_release(&p);
	}
	pk_sha256_final_hex(&c, hex);
done:
	closedir(d);
	for (i = 0; i < n; i++)
		pk_free(names[i]);
	pk_free(names);
	return rc;
}

int ingest_source_begin(kg_txn *t, ingest_result *r, const char *kind, const char *edition,
			const char *path, const char *note, uint32_t flags, uint32_t *sid)
{
	kg_source src;
	struct stat st;
	char hex[65];
	int rc;

	if (stat(path, &st) < 0)
		return pk_error_set(PK_EIO, "cannot stat '%s': %s", path, strerror(errno));
	if (flags & INGEST_HASH_LATER)
		snprintf(hex, sizeof(hex), "pending");
	else if ((rc = S_ISDIR(st.st_mode) ? dir_sha256(hex, path) : pk_sha256_file(hex, path)) < 0)
		return rc;
	flags &= ~INGEST_HASH_LATER;
	memset(&src, 0, sizeof(src));
	src.kind = kind;
	src.edition = edition;
	src.file = path;
	src.sha256 = hex;
	src.note = note;
	src.flags = flags;
	snprintf(r->edition, sizeof(r->edition), "%s", edition);
	return kg_source_begin(t, &src, sid);
}

char *ingest_quantity_key(const char *name)
{
	pk_buf b = PK_BUF_INIT;

	if (pk_text_fold(&b, name, strlen(name), PK_FOLD_CASE | PK_FOLD_SPACE_ONE) < 0) {
		pk_buf_release(&b);
		return NULL;
	}
	return pk_buf_detach(&b);
}

int ingest_quantity_names(kg_txn *t, uint32_t sid, const char *name, const char *qkey)
{
	pk_buf words = PK_BUF_INIT;
	char *key = pk_text_name_key(name, strlen(name));
	char *p, *w;
	int rc;

	if (!key)
		return pk_error_code() ? pk_error_code() : PK_ENOMEM;
	rc = kg_name_add(t, sid, KG_NS_NAME, key, KG_QUANTITY, qkey);
	pk_free(key);
	if (rc < 0)
		return rc;
	/* words: folded, punctuation split ("{220} lattice spacing" -> 220, lattice, spacing) */
	if ((rc = pk_text_fold(&words, name, strlen(name),
			       PK_FOLD_CASE | PK_FOLD_PUNCT | PK_FOLD_SPACE_ONE)) < 0)
		goto done;
	for (p = words.ptr; p && *p; p = w) {
		w = strchr(p, ' ');
		if (w)
			*w++ = '\0';
		else
			w = p + strlen(p);
		if (*p && (rc = kg_name_add(t, sid, KG_NS_WORD, p, KG_QUANTITY, qkey)) < 0)
			goto done;
	}
done:
	pk_buf_release(&words);
	return rc;
}

int ingest_sidecar_edition(char *out, size_t n, const char *path)
{
	pk_buf p = PK_BUF_INIT;
	char line[128];
	FILE *f;
	size_t len;

	out[0] = '\0';
	if (pk_buf_printf(&p, "%s.edition", path) < 0)
		return PK_ENOMEM;
	f = fopen(p.ptr, "r");
	pk_buf_release(&p);
	if (!f)
		return 0;
	if (fgets(line, sizeof(line), f)) {
		len = strcspn(line, "\r\n");
		line[len] = '\0';
		while (len && (line[len - 1] == ' ' || line[len - 1] == '\t'))
			line[--len] = '\0';
		snprintf(out, n, "%s", line + strspn(line, " \t"));
	}
	fclose(f);
	return 0;
}

int ingest_edition(char *out, size_t n, const char *path, const ingest_opts *o)
{
	int rc;

	if ((rc = ingest_sidecar_edition(out, n, path)) < 0)
		return rc;
	if (!out[0] && o && o->edition && *o->edition)
		snprintf(out, n, "%s", o->edition);
	if (!out[0])
		snprintf(out, n, "%.*s", (int)(n - 1), ingest_basename(path));
	return 0;
}
