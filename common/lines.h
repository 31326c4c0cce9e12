/* common/lines.h - a bounded line reader over plain or gzip files.
 *
 * Reads through zlib, so a .gz file and a plain file read the same way.
 * Lines end at '\n'; a trailing '\r' is dropped (CRLF tables). A line
 * longer than the reader's max_line is skipped whole and reported as
 * PK_ELIMIT, so one hostile line cannot exhaust memory and the reader
 * stays aligned on the next line. Truncated or corrupt gzip data is
 * PK_EIO with zlib's own words and the byte offset.
 */
#ifndef PK_LINES_H
#define PK_LINES_H

#include <stddef.h>
#include <stdint.h>

typedef struct pk_lines pk_lines;

/* Open `path` ("-" is standard input). max_line 0: 64 MiB.
 * On success *out is owned by the caller: pk_lines_free. */
int pk_lines_open(pk_lines **out, const char *path, size_t max_line);

/* Read the next line. Returns 1 with *line and *len set (the line is
 * NUL-terminated, borrowed until the next call), 0 at end of input,
 * PK_ELIMIT for a skipped overlong line (call again to continue),
 * PK_EIO for a read or decompression error (the stream is done). */
int pk_lines_next(pk_lines *r, const char **line, size_t *len);

/* The input not yet read (at least some, unless at its end; before the
 * first line, at least 16 bytes of a plain stream that has them), without
 * consuming it: the first bytes of a stream, to tell its format. */
int pk_lines_peek(pk_lines *r, const char **p, size_t *n);
/* Take the input not yet read, whatever its lines (common/records.c
 * splits a JSON array with it): 1 with *p, *n set (borrowed until the next
 * call; the bytes are consumed), 0 at the end, PK_EIO. Line numbers do not
 * advance: a caller mixing this with pk_lines_next counts its own. */
int pk_lines_take(pk_lines *r, const char **p, size_t *n);
/* Lower (or raise) the longest line from now on. */
void pk_lines_set_max(pk_lines *r, size_t max_line);

/* 1-based number of the line last returned (or skipped). */
size_t pk_lines_lineno(const pk_lines *r);
/* Uncompressed byte offset where the last returned line starts. */
uint64_t pk_lines_offset(const pk_lines *r);
/* The name given at open ("<stdin>" for "-"). */
const char *pk_lines_name(const pk_lines *r);

/* Close the input and free the reader (NULL is fine). */
void pk_lines_free(pk_lines *r);

/* Read a whole (possibly gzip) file into *out (caller frees with pk_free),
 * at most `max` bytes (PK_ELIMIT beyond). "-" reads standard input. */
int pk_file_read(char **out, size_t *len, const char *path, size_t max);

/* As pk_file_read, but when decompression fails part way (a truncated
 * gzip) return what was read before the damage (0), the error being left
 * for pk_file_read to report. */
int pk_file_read_partial(char **out, size_t *len, const char *path, size_t max);

/* Is `path` gzip-compressed (by its magic bytes)? 1 yes, 0 no, <0 error. */
int pk_file_is_gzip(const char *path);

#endif
