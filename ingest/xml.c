/* ingest/xml.c - streaming XML through expat; see xml.h. */
#include "xml.h"

#include "../common/alloc.h"
#include "../common/buf.h"
#include "../common/error.h"

#include <errno.h>
#include <expat.h>
#include <stdio.h>
#include <string.h>
#include <zlib.h>

#define CHUNK (64 * 1024)
#define DEPTH_MAX 256

typedef struct open_el {
	size_t off;   /* where its text starts in the buffer */
	int collect;
} open_el;

typedef struct ix {
	XML_Parser p;
	const ix_handler *h;
	const char *path;
	uint64_t *line;
	pk_buf text;
	int cut;            /* the text buffer hit IX_TEXT_MAX */
	open_el st[DEPTH_MAX];
	int depth;          /* open elements */
	int collecting;     /* open elements that collect */
	int rc;             /* the first error (stops the parse) */
} ix;

static const char *local(const char *name)
{
	const char *sp = strrchr(name, ' ');

	return sp ? sp + 1 : name;
}

static void stop(ix *x, int rc)
{
	if (!x->rc)
		x->rc = rc;
	XML_StopParser(x->p, XML_FALSE);
}

static void on_start(void *ud, const XML_Char *name, const XML_Char **attrs)
{
	ix *x = ud;
	int c;

	if (x->rc)
		return;
	if (x->line)
		*x->line = XML_GetCurrentLineNumber(x->p);
	if (x->depth >= DEPTH_MAX) {
		stop(x, pk_error_set(PK_ELIMIT, "%s:%lu: elements nested deeper than %d", x->path,
				     (unsigned long)XML_GetCurrentLineNumber(x->p), DEPTH_MAX));
		return;
	}
	c = x->h->start ? x->h->start(x->h->ctx, local(name), (const char *const *)attrs, x->depth + 1) : 0;
	if (c < 0) {
		stop(x, c);
		return;
	}
	x->st[x->depth].off = x->text.len;
	x->st[x->depth].collect = c > 0;
	x->collecting += c > 0;
	if (!x->collecting) {
		pk_buf_reset(&x->text);
		x->cut = 0;
	}
	x->depth++;
}

static void on_end(void *ud, const XML_Char *name)
{
	ix *x = ud;
	open_el *e;
	int rc = 0;

	if (x->rc || x->depth == 0)
		return;
	if (x->line)
		*x->line = XML_GetCurrentLineNumber(x->p);
	e = &x->st[--x->depth];
	if (e->collect) {
		if (pk_buf_putc(&x->text, '\0') < 0) {
			stop(x, PK_ENOMEM);
			return;
		}
		x->text.len--;
		if (x->h->end)
			rc = x->h->end(x->h->ctx, local(name), x->text.ptr + e->off, x->text.len - e->off, x->cut,
				       x->depth + 1);
		x->collecting--;
		if (!x->collecting) {
			pk_buf_reset(&x->text);
			x->cut = 0;
		}
	} else if (x->h->close) {
		rc = x->h->close(x->h->ctx, local(name), x->depth + 1);
	}
	if (rc < 0)
		stop(x, rc);
}

static void on_text(void *ud, const XML_Char *s, int len)
{
	ix *x = ud;
	size_t room;

	if (x->rc || !x->collecting || len <= 0)
		return;
	room = x->text.len < IX_TEXT_MAX ? IX_TEXT_MAX - x->text.len : 0;
	if ((size_t)len > room) {
		x->cut = 1;
		len = (int)room;
	}
	if (len && pk_buf_put(&x->text, s, (size_t)len) < 0)
		stop(x, PK_ENOMEM);
}

/* The external DTD: a plain file name, read from beside the document. */
static int on_external(XML_Parser p, const XML_Char *context, const XML_Char *base, const XML_Char *system_id,
		       const XML_Char *public_id)
{
	ix *x = XML_GetUserData(p);
	pk_buf file = PK_BUF_INIT;
	const char *slash = strrchr(x->path, '/');
	XML_Parser ep;
	FILE *f;
	char buf[CHUNK];
	size_t n;
	int ok = XML_STATUS_OK;

	(void)base;
	(void)public_id;
	if (!system_id || strchr(system_id, '/') || strchr(system_id, '\\') || !strcmp(system_id, "..")) {
		x->rc = pk_error_set(PK_EPARSE, "%s: the DTD '%s' is not a file name beside the document", x->path,
				     system_id ? system_id : "");
		return XML_STATUS_ERROR;
	}
	if (pk_buf_printf(&file, "%.*s%s", slash ? (int)(slash - x->path + 1) : 0, x->path, system_id) < 0) {
		x->rc = PK_ENOMEM;
		return XML_STATUS_ERROR;
	}
	if (!(f = fopen(file.ptr, "rb"))) {
		x->rc = pk_error_set(PK_EPARSE, "%s: the DTD it names, %s, cannot be read (%s): its character "
				     "entities are defined there", x->path, file.ptr, strerror(errno));
		pk_buf_release(&file);
		return XML_STATUS_ERROR;
	}
	if (!(ep = XML_ExternalEntityParserCreate(p, context, NULL))) {
		fclose(f);
		pk_buf_release(&file);
		x->rc = pk_error_set(PK_ENOMEM, "out of memory");
		return XML_STATUS_ERROR;
	}
	while (ok == XML_STATUS_OK && (n = fread(buf, 1, sizeof(buf), f)) > 0)
		ok = XML_Parse(ep, buf, (int)n, 0);
	if (ok == XML_STATUS_OK)
		ok = XML_Parse(ep, buf, 0, 1);
	if (ok != XML_STATUS_OK && !x->rc)
		x->rc = pk_error_set(PK_EPARSE, "%s:%lu: %s", file.ptr, (unsigned long)XML_GetCurrentLineNumber(ep),
				     XML_ErrorString(XML_GetErrorCode(ep)));
	XML_ParserFree(ep);
	fclose(f);
	pk_buf_release(&file);
	return ok;
}

int ix_parse_file(const char *path, const ix_handler *h, int load_dtd, uint64_t *line)
{
	ix x;
	gzFile gz;
	char *buf;
	int n, rc = 0;

	memset(&x, 0, sizeof(x));
	x.h = h;
	x.path = path;
	x.line = line;
	if (line)
		*line = 0;
	if (!(gz = gzopen(path, "rb")))
		return pk_error_set(PK_EIO, "cannot open '%s': %s", path, strerror(errno ? errno : EIO));
	if (!(buf = pk_malloc(CHUNK)) || !(x.p = XML_ParserCreateNS(NULL, ' '))) {
		pk_free(buf);
		gzclose(gz);
		return pk_error_set(PK_ENOMEM, "out of memory");
	}
	XML_SetUserData(x.p, &x);
	XML_SetElementHandler(x.p, on_start, on_end);
	XML_SetCharacterDataHandler(x.p, on_text);
	if (load_dtd) {
		XML_SetParamEntityParsing(x.p, XML_PARAM_ENTITY_PARSING_UNLESS_STANDALONE);
		XML_SetExternalEntityRefHandler(x.p, on_external);
	}
	for (;;) {
		int last;

		n = gzread(gz, buf, CHUNK);
		if (n < 0) {
			int e;

			rc = pk_error_set(PK_EIO, "%s: %s", path, gzerror(gz, &e));
			break;
		}
		last = n < CHUNK && gzeof(gz);
		if (XML_Parse(x.p, buf, n, last) != XML_STATUS_OK) {
			if (x.rc)
				rc = x.rc;
			else
				rc = pk_error_set(PK_EPARSE, "%s:%lu: %s", path,
						  (unsigned long)XML_GetCurrentLineNumber(x.p),
						  XML_ErrorString(XML_GetErrorCode(x.p)));
			break;
		}
		if (last)
			break;
	}
	if (!rc && x.rc)
		rc = x.rc;
	XML_ParserFree(x.p);
	pk_buf_release(&x.text);
	pk_free(buf);
	gzclose(gz);
	return rc;
}

const char *ix_attr(const char *const *attrs, const char *name)
{
	size_t i;

	for (i = 0; attrs && attrs[i]; i += 2) {
		const char *sp = strrchr(attrs[i], ' ');

		if (!strcmp(sp ? sp + 1 : attrs[i], name))
			return attrs[i + 1];
	}
	return NULL;
}
