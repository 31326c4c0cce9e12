/* ingest/xml.h - streaming XML (expat) for the bibliographic dumps.
 *
 * A file (plain or gzip) is fed to expat in 64 KiB pieces, so memory does
 * not grow with the dump. Element names reach the handler without their
 * namespace ("entry", not "http://www.w3.org/2005/Atom entry"). The text
 * of an element (its descendants' text included: a DBLP title with <i> or
 * <sub> inside) is collected only for elements the handler asks for and
 * is capped at IX_TEXT_MAX bytes (flagged as cut). An external DTD the
 * document names (DBLP's dblp.dtd, which defines &uuml; and the other
 * character entities) is read from beside the file when asked; it must be
 * a plain file name there. Entity expansion is bounded by expat's own
 * amplification limits.
 */
#ifndef INGEST_XML_H
#define INGEST_XML_H

#include <stddef.h>
#include <stdint.h>

#define IX_TEXT_MAX (1024 * 1024)

typedef struct ix_handler {
	/* An element opens at depth (the root is 1); attrs holds name, value
	 * pairs, NULL-terminated. Return 1 to collect its text, 0 not to, <0
	 * to stop with that error (last error set). */
	int (*start)(void *ctx, const char *name, const char *const *attrs, int depth);
	/* A collected element closes: its text (NUL-terminated, borrowed for
	 * the call), cut when longer than IX_TEXT_MAX. <0 stops. */
	int (*end)(void *ctx, const char *name, const char *text, size_t n, int cut, int depth);
	/* An element that was not collected closes (may be NULL). */
	int (*close)(void *ctx, const char *name, int depth);
	void *ctx;
} ix_handler;

/* Parse the file. *line (may be NULL) follows the parser, for messages.
 * Errors: PK_EIO (unreadable), PK_EPARSE ("path:line: not well-formed
 * ..."), or a handler's. */
int ix_parse_file(const char *path, const ix_handler *h, int load_dtd, uint64_t *line);

/* The value of attribute name, or NULL. */
const char *ix_attr(const char *const *attrs, const char *name);

#endif
