/* ingest/plan.c - format detection and grouping paths into source entries. */
#include "internal.h"

#include "../common/alloc.h"
#include "../common/error.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <zlib.h>

#define PEEK (64 * 1024)

typedef struct entry {
	int kind;
	char *path;    /* file, or directory for grouped entries */
	char **files;  /* files to read, in order */
	size_t nfiles;
	uint64_t bytes;
} entry;

struct ingest_plan {
	entry *e;
	size_t n, cap;
};

const char *ingest_kind_name(int kind)
{
	switch (kind) {
	case INGEST_CODATA: return "CODATA";
	case INGEST_NIST_AW: return "NIST-AW";
	case INGEST_ALIASES: return "provkg-aliases";
	case INGEST_ELEMENTS: return "provkg-elements";
	case INGEST_UNITS: return "provkg-units";
	case INGEST_MATH: return "provkg-math";
	case INGEST_MP_PROPERTIES: return "provkg-mp-properties";
	case INGEST_MP: return "MP";
	case INGEST_CROSSREF: return "Crossref";
	case INGEST_DOCUMENTATION: return "documentation";
	case INGEST_PINT: return "Pint";
	case INGEST_PINT_IMPORT: return "Pint (imported)";
	case INGEST_PIF: return "experimental";
	case INGEST_VENUES: return "provkg-venues";
	case INGEST_ARXIV: case INGEST_ARXIV_XML: return "arXiv";
	case INGEST_DBLP: return "DBLP";
	case INGEST_DTD: return "DTD";
	case INGEST_PUBMED: return "PubMed";
	case INGEST_DATACITE: return "DataCite";
	case INGEST_OPENALEX: return "OpenAlex";
	default: return "unknown";
	}
}

static int has(const char *buf, const char *s)
{
	return strstr(buf, s) != NULL;
}

int ingest_detect(int *kind, const char *path)
{
	char *buf;
	gzFile gz;
	int n;
	const char *p;

	*kind = INGEST_UNKNOWN;
	if (!(gz = gzopen(path, "rb")))
		return pk_error_set(PK_EIO, "cannot open '%s': %s", path, strerror(errno ? errno : EIO));
	if (!(buf = pk_malloc(PEEK + 1))) {
		gzclose(gz);
		return pk_error_set(PK_ENOMEM, "out of memory");
	}
	n = gzread(gz, buf, PEEK);
	gzclose(gz);
	if (n < 0) {
		pk_free(buf);
		return pk_error_set(PK_EIO, "cannot read '%s'", path);
	}
	buf[n] = '\0';
	/* NUL bytes would hide text from strstr: treat them as blanks */
	for (int i = 0; i < n; i++)
		if (buf[i] == '\0')
			buf[i] = ' ';
	p = buf + strspn(buf, " \t\r\n");
	if (!strncmp(p, "\xef\xbb\xbf", 3))
		p += 3;
	if (!strncmp(p, "# provkg alias table", 20))
		*kind = INGEST_ALIASES;
	else if (!strncmp(p, "# provkg element table", 22))
		*kind = INGEST_ELEMENTS;
	else if (!strncmp(p, "# provkg unit table", 19))
		*kind = INGEST_UNITS;
	else if (!strncmp(p, "# provkg venue table", 20))
		*kind = INGEST_VENUES;
	else if (!strncmp(p, "# provkg math constant table", 28))
		*kind = INGEST_MATH;
	else if (!strncmp(p, "# Default Pint units definition file", 36))
		*kind = INGEST_PINT;
	else if (!strncmp(p, "# Default Pint constants definition file", 40))
		*kind = INGEST_PINT_IMPORT;
	else if (!strncmp(p, "# provkg material property table", 32))
		*kind = INGEST_MP_PROPERTIES;
	else if (*p == '{' && has(p, "\"openapi\"") && (size_t)(strstr(p, "\"openapi\"") - p) < 200)
		*kind = INGEST_DOCUMENTATION; /* an API schema: reference, not data */
	else if (!strncmp(p, "Atomic Number", 13))
		*kind = INGEST_NIST_AW;
	else if (has(p, "Fundamental Physical Constants") && has(p, "-----"))
		*kind = INGEST_CODATA;
	else if (!strncmp(p, "<?xml", 5) || !strncmp(p, "<!", 2) || *p == '<') {
		if (strncmp(p, "<?xml", 5) && !has(p, "<!DOCTYPE") && has(p, "<!ELEMENT"))
			*kind = INGEST_DTD;
		else if (has(p, "<!DOCTYPE dblp") || has(p, "<dblp>"))
			*kind = INGEST_DBLP;
		else if (has(p, "<PubmedArticleSet") || has(p, "<!DOCTYPE PubmedArticleSet"))
			*kind = INGEST_PUBMED;
		else if ((has(p, "<OAI-PMH") && (has(p, "<arXiv") || has(p, "<arXivRaw") || has(p, "oai:arXiv.org:"))) ||
			 (has(p, "<feed") && has(p, "arxiv.org")))
			*kind = INGEST_ARXIV_XML;
	} else if (*p == '{' || *p == '[') {
		if (has(p, "\"authors_parsed\"") || (has(p, "\"versions\"") && has(p, "\"update_date\"")))
			*kind = INGEST_ARXIV;
		else if (has(p, "\"https://openalex.org/W") && has(p, "\"authorships\""))
			*kind = INGEST_OPENALEX;
		else if (has(p, "\"type\": \"dois\"") || has(p, "\"type\":\"dois\""))
			*kind = INGEST_DATACITE;
		else if (has(p, "\"material_id\"") || has(p, "\"task_id\"") || has(p, "\"formula_pretty\""))
			*kind = INGEST_MP;
		else if (has(p, "\"DOI\"") || has(p, "\"message-type\""))
			*kind = INGEST_CROSSREF;
		else if (*p == '[' && has(p, "\"chemicalFormula\"") && has(p, "\"properties\""))
			*kind = INGEST_PIF;
	}
	pk_free(buf);
	return 0;
}

static int is_doc_file(const char *name)
{
	size_t n = strlen(name);

	return name[0] == '.' || !strncmp(name, "SOURCES", 7) || !strncmp(name, "README", 6) ||
	       !strncmp(name, "LICENSE", 7) || (n > 3 && !strcmp(name + n - 3, ".md")) ||
	       (n > 8 && !strcmp(name + n - 8, ".edition"));
}

static void free_files(char **files, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		pk_free(files[i]);
	pk_free(files);
}

/* Takes ownership of files (freed here on failure). */
static int plan_add(ingest_plan *p, int kind, const char *path, char **files, size_t nfiles,
		    uint64_t bytes)
{
	entry *e;
	char *copy;

	if (PK_ALLOC_GROW(p->e, p->n + 1, p->cap, 16) < 0) {
		free_files(files, nfiles);
		return PK_ENOMEM;
	}
	if (!(copy = pk_strdup(path))) {
		free_files(files, nfiles);
		return pk_error_set(PK_ENOMEM, "out of memory");
	}
	e = &p->e[p->n++];
	e->kind = kind;
	e->files = files;
	e->nfiles = nfiles;
	e->bytes = bytes;
	e->path = copy;
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int add_file(ingest_plan *p, const char *path, uint64_t size)
{
	char **files;
	int kind, rc;

	if ((rc = ingest_detect(&kind, path)) < 0)
		return rc;
	if (kind == INGEST_UNKNOWN)
		return pk_error_set(PK_EPARSE, "%s: unknown file type (not a CODATA table, NIST atomic "
				    "weights, provkg table, Materials Project, Crossref, arXiv, DBLP, PubMed, DataCite or "
				    "OpenAlex data)", path);
	if (kind == INGEST_DOCUMENTATION)
		return pk_error_set(PK_EPARSE, "%s: an API schema (documentation), not data to ingest", path);
	if (kind == INGEST_PINT_IMPORT)
		return pk_error_set(PK_EPARSE, "%s: Pint constants, read through the @import of Pint's "
				    "default_en.txt: ingest that file", path);
	if (kind == INGEST_DTD)
		return pk_error_set(PK_EPARSE, "%s: a DTD, read through the XML file that names it: ingest that file",
				    path);
	if (kind == INGEST_ARXIV_XML)
		kind = INGEST_ARXIV;
	if (!(files = pk_malloc(sizeof(*files))) || !(files[0] = pk_strdup(path))) {
		pk_free(files);
		return pk_error_set(PK_ENOMEM, "out of memory");
	}
	return plan_add(p, kind, path, files, 1, size);
}

static int has_sidecar(const char *file)
{
	pk_buf p = PK_BUF_INIT;
	struct stat st;
	int yes;

	if (pk_buf_printf(&p, "%s.edition", file) < 0)
		return 0;
	yes = stat(p.ptr, &st) == 0;
	pk_buf_release(&p);
	return yes;
}

/* A pipe, socket or device where a source file is expected: sniffing
 * reads it, ingest would read it again (and a pipe with no writer blocks). */
static int not_a_file(const char *path)
{
	return pk_error_set(PK_EPARSE, "%s: not a regular file (a pipe, socket or device): build and ingest read "
			    "files and directories", path);
}

static int walk(ingest_plan *p, const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	char **names = NULL;
	size_t n = 0, cap = 0, i;
	/* the files of one dump in this directory: one entry per kind */
	static const int group_kind[] = { INGEST_MP, INGEST_CROSSREF, INGEST_ARXIV, INGEST_DBLP, INGEST_PUBMED,
					  INGEST_DATACITE, INGEST_OPENALEX };
	enum { NGROUPS = sizeof(group_kind) / sizeof(group_kind[0]) };
	char **grouped[NGROUPS] = { NULL };
	size_t ng[NGROUPS] = { 0 };
	uint64_t gbytes[NGROUPS] = { 0 };
	int rc = 0;

	if (!d)
		return pk_error_set(PK_EIO, "cannot open directory '%s': %s", dir, strerror(errno));
	while ((de = readdir(d))) {
		if (is_doc_file(de->d_name))
			continue;
		if ((rc = PK_ALLOC_GROW(names, n + 1, cap, 32)) < 0)
			goto done;
		if (!(names[n] = pk_strdup(de->d_name))) {
			rc = pk_error_set(PK_ENOMEM, "out of memory");
			goto done;
		}
		n++;
	}
	if (n > 1)
		qsort(names, n, sizeof(*names), cmp_str);
	for (i = 0; i < n && rc == 0; i++) {
		pk_buf full = PK_BUF_INIT;
		struct stat st;
		int kind;

		if ((rc = pk_buf_printf(&full, "%s/%s", dir, names[i])) < 0)
			break;
		if (stat(full.ptr, &st) < 0) {
			rc = pk_error_set(PK_EIO, "cannot stat '%s': %s", full.ptr, strerror(errno));
		} else if (S_ISDIR(st.st_mode)) {
			rc = walk(p, full.ptr);
		} else if (!S_ISREG(st.st_mode)) {
			rc = not_a_file(full.ptr);
		} else if (S_ISREG(st.st_mode)) {
			int g = -1;

			if ((rc = ingest_detect(&kind, full.ptr)) == 0 && kind == INGEST_ARXIV_XML)
				kind = INGEST_ARXIV;
			for (size_t k = 0; k < NGROUPS; k++)
				if (group_kind[k] == kind)
					g = (int)k;
			if (rc == 0 && (kind == INGEST_DOCUMENTATION || kind == INGEST_PINT_IMPORT || kind == INGEST_DTD)) {
				/* an API schema beside the data: documentation; Pint's
				 * constants: read through the definitions' @import; a
				 * DTD: read through the XML that names it */
			} else if (rc == 0) {
				/* an MP file with its own .edition sidecar is an edition of its own */
				if (kind == INGEST_MP && has_sidecar(full.ptr))
					rc = add_file(p, full.ptr, (uint64_t)st.st_size);
				else if (g >= 0) {
					char **ng2 = pk_realloc(grouped[g], (ng[g] + 1) * sizeof(char *));

					if (!ng2) {
						rc = pk_error_set(PK_ENOMEM, "out of memory");
					} else {
						grouped[g] = ng2;
						grouped[g][ng[g]++] = pk_buf_detach(&full);
						gbytes[g] += (uint64_t)st.st_size;
					}
				} else {
					rc = add_file(p, full.ptr, (uint64_t)st.st_size);
				}
			}
		}
		pk_buf_release(&full);
	}
	for (i = 0; i < NGROUPS && rc == 0; i++) {
		if (!ng[i])
			continue;
		rc = plan_add(p, group_kind[i], dir, grouped[i], ng[i], gbytes[i]);
		grouped[i] = NULL; /* plan_add owns them now */
		ng[i] = 0;
	}
done:
	closedir(d);
	for (i = 0; i < n; i++)
		pk_free(names[i]);
	pk_free(names);
	for (i = 0; i < NGROUPS; i++)
		free_files(grouped[i], ng[i]);
	return rc;
}

static int kind_rank(int kind)
{
	/* tables first so names exist early; the big dumps last */
	static const int order[] = { [INGEST_ELEMENTS] = 0, [INGEST_ALIASES] = 1, [INGEST_UNITS] = 2,
				     [INGEST_MATH] = 2, [INGEST_MP_PROPERTIES] = 2, [INGEST_PINT] = 2,
				     [INGEST_PINT_IMPORT] = 7, [INGEST_CODATA] = 3, [INGEST_PIF] = 5,
				     [INGEST_NIST_AW] = 4, [INGEST_MP] = 5, [INGEST_CROSSREF] = 6,
				     [INGEST_UNKNOWN] = 7, [INGEST_DOCUMENTATION] = 7, [INGEST_VENUES] = 2,
				     [INGEST_ARXIV] = 6, [INGEST_ARXIV_XML] = 6, [INGEST_DBLP] = 6, [INGEST_DTD] = 7,
				     [INGEST_PUBMED] = 6, [INGEST_DATACITE] = 6, [INGEST_OPENALEX] = 6 };

	return order[kind];
}

static int cmp_entry(const void *a, const void *b)
{
	const entry *x = a, *y = b;
	int d = kind_rank(x->kind) - kind_rank(y->kind);

	return d ? d : strcmp(x->path, y->path);
}

int ingest_plan_make(ingest_plan **out, const char *const *paths, size_t n)
{
	ingest_plan *p;
	size_t i;
	int rc = 0;

	*out = NULL;
	if (!(p = pk_calloc(1, sizeof(*p))))
		return pk_error_set(PK_ENOMEM, "out of memory");
	for (i = 0; i < n && rc == 0; i++) {
		struct stat st;
		char path[4096];

		if ((rc = ingest_path_clean(paths[i], path, sizeof(path))) < 0)
			break;
		if (stat(path, &st) < 0)
			rc = pk_error_set(errno == ENOENT ? PK_ENOFILE : PK_EIO, "cannot open '%s': %s",
					  paths[i], strerror(errno));
		else if (S_ISDIR(st.st_mode))
			rc = walk(p, path);
		else if (!S_ISREG(st.st_mode))
			rc = not_a_file(path);
		else
			rc = add_file(p, path, (uint64_t)st.st_size);
	}
	if (rc == 0 && p->n == 0)
		rc = pk_error_set(PK_ENOTFOUND, "no source files found in the given paths");
	if (rc < 0) {
		ingest_plan_free(p);
		return rc;
	}
	if (p->n > 1)
		qsort(p->e, p->n, sizeof(*p->e), cmp_entry);
	*out = p;
	return 0;
}

size_t ingest_plan_count(const ingest_plan *p)
{
	return p->n;
}

int ingest_plan_kind(const ingest_plan *p, size_t i)
{
	return p->e[i].kind;
}

const char *ingest_plan_path(const ingest_plan *p, size_t i)
{
	return p->e[i].path;
}

uint64_t ingest_plan_bytes(const ingest_plan *p, size_t i)
{
	return p->e[i].bytes;
}

void ingest_plan_free(ingest_plan *p)
{
	size_t i;

	if (!p)
		return;
	for (i = 0; i < p->n; i++) {
		free_files(p->e[i].files, p->e[i].nfiles);
		pk_free(p->e[i].path);
	}
	pk_free(p->e);
	pk_free(p);
}

int ingest_plan_run(kg_txn *t, const ingest_plan *p, size_t i, const ingest_opts *o,
		    ingest_result *res)
{
	const entry *e = &p->e[i];

	pk_buf_reset(&res->warnings);
	res->records = res->rejected = res->warnings_dropped = 0;
	res->edition[0] = '\0';
	res->kind = e->kind;
	switch (e->kind) {
	case INGEST_CODATA: return ingest_codata(t, e->files[0], o, res);
	case INGEST_NIST_AW: return ingest_nist_aw(t, e->files[0], o, res);
	case INGEST_ALIASES: return ingest_aliases(t, e->files[0], o, res);
	case INGEST_ELEMENTS: return ingest_elements(t, e->files[0], o, res);
	case INGEST_UNITS: return ingest_units(t, e->files[0], o, res);
	case INGEST_MATH: return ingest_math(t, e->files[0], o, res);
	case INGEST_VENUES: return ingest_venues(t, e->files[0], o, res);
	case INGEST_PINT: return ingest_pint(t, e->files[0], o, res);
	case INGEST_PIF: return ingest_pif(t, e->files[0], o, res);
	case INGEST_MP_PROPERTIES: return ingest_mp_properties(t, e->files[0], o, res);
	case INGEST_MP: return ingest_mp(t, e->path, e->files, e->nfiles, o, res);
	case INGEST_CROSSREF: return ingest_crossref(t, e->path, e->files, e->nfiles, o, res);
	case INGEST_ARXIV:
	case INGEST_DBLP:
	case INGEST_PUBMED:
	case INGEST_DATACITE:
	case INGEST_OPENALEX: return ingest_biblio(t, e->kind, e->path, e->files, e->nfiles, o, res);
	default:
		return pk_error_set(PK_EINVAL, "%s: %s sources are not supported by this build", e->path,
				    ingest_kind_name(e->kind));
	}
}
