/* common/records.c - JSON Lines or a JSON array, one record at a time; see
 * records.h. Lines come from pk_lines; an array is split here by a scanner
 * that only follows brackets and strings. */
#include "records.h"

#include "alloc.h"
#include "buf.h"
#include "error.h"
#include "lines.h"

#include <stdio.h>
#include <string.h>

#define BOM "\xef\xbb\xbf"

enum { A_OPEN, A_NEXT, A_IN, A_AFTER, A_DONE }; /* where the array scanner is */

struct pk_records {
	pk_lines *lines;
	size_t max;
	int flags;
	int array;
	/* the array scanner */
	int state, depth, in_str, esc, skipping;
	const char *cur; /* the unscanned part of the chunk taken last */
	size_t left;
	size_t line;     /* line of the scanner's position */
	size_t index;    /* elements returned or skipped */
	pk_buf rec;
	/* the last record: where it came from, written out when asked */
	size_t rec_line;
	int where_elem;   /* an array element (where_num: its index), else a line */
	size_t where_num;
	int where_made;   /* where[] holds the text of where_elem and where_num */
	char where[600];
};

static void set_where(pk_records *r, int elem, size_t num)
{
	r->where_elem = elem;
	r->where_num = num;
	r->where_made = 0;
}

static int is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

int pk_records_open(pk_records **out, const char *path, size_t max_record, int flags)
{
	pk_records *r;
	const char *p;
	size_t n, i = 0;
	int rc;

	*out = NULL;
	if (!(r = pk_calloc(1, sizeof(*r))))
		return pk_error_set(PK_ENOMEM, "out of memory");
	r->max = max_record;
	r->flags = flags;
	r->line = 1;
	r->where_made = 1; /* "" until the first record */
	pk_buf_init(&r->rec, max_record);
	if ((rc = pk_lines_open(&r->lines, path, max_record)) < 0 ||
	    (!(flags & PK_REC_LINES) && (rc = pk_lines_peek(r->lines, &p, &n)) < 0)) {
		pk_records_free(r);
		return rc;
	}
	if (!(flags & PK_REC_LINES)) {
		if (n >= 3 && !memcmp(p, BOM, 3))
			i = 3;
		while (i < n && is_space(p[i]))
			i++;
		r->array = i < n && p[i] == '[';
	}
	*out = r;
	return 0;
}

static int lines_next(pk_records *r, const char **rec, size_t *len)
{
	for (;;) {
		int rc = pk_lines_next(r->lines, rec, len);

		r->rec_line = pk_lines_lineno(r->lines);
		set_where(r, 0, r->rec_line);
		if (rc <= 0 || (r->flags & PK_REC_LINES))
			return rc;
		if (r->rec_line == 1 && *len >= 3 && !memcmp(*rec, BOM, 3)) {
			*rec += 3;
			*len -= 3;
		}
		if (strspn(*rec, " \t\r") < *len)
			return 1;
	}
}

/* The element scanned so far is whole: hand it over (or report it skipped). */
static int element_done(pk_records *r, const char **rec, size_t *len)
{
	size_t n = r->rec.len;

	set_where(r, 1, r->index++);
	if (r->skipping) {
		r->skipping = 0;
		pk_buf_reset(&r->rec);
		return pk_error_set(PK_ELIMIT, "%s: a record longer than %zu bytes", pk_records_where(r), r->max);
	}
	while (n && is_space(r->rec.ptr[n - 1]))
		n--;
	pk_buf_truncate(&r->rec, n);
	*rec = pk_buf_cstr(&r->rec);
	*len = n;
	return 1;
}

/* An append failed: over the limit, the element is skipped to its end
 * (its memory freed); out of memory is the caller's to return. */
static int over(pk_records *r)
{
	if (pk_error_code() == PK_ENOMEM)
		return PK_ENOMEM;
	pk_error_clear();
	r->skipping = 1;
	pk_buf_release(&r->rec);
	return 0;
}

static int broken(pk_records *r, const char *why)
{
	r->state = A_DONE;
	set_where(r, 0, r->line);
	return pk_error_set(PK_EPARSE, "%s: %s", pk_records_where(r), why);
}

/* Scan the array up to the end of its next element. */
static int array_next(pk_records *r, const char **rec, size_t *len)
{
	pk_buf_reset(&r->rec);
	for (;;) {
		size_t i, start;
		int rc;

		if (r->state == A_DONE)
			return 0;
		if (!r->left) {
			if ((rc = pk_lines_take(r->lines, &r->cur, &r->left)) < 0)
				return rc;
			if (rc == 0) {
				if (r->state == A_AFTER)
					return r->state = A_DONE, 0;
				return broken(r, r->state == A_OPEN ? "no JSON array" : "the JSON array is not closed "
							"(the file ends inside it)");
			}
		}
		for (i = 0, start = 0; i < r->left; i++) {
			char c = r->cur[i];

			if (c == '\n')
				r->line++;
			switch (r->state) {
			case A_OPEN:
				if (c == '[') {
					r->state = A_NEXT;
				} else if (!is_space(c) && !((unsigned char)c == 0xef || (unsigned char)c == 0xbb ||
							       (unsigned char)c == 0xbf)) {
					r->cur += i + 1, r->left -= i + 1;
					return broken(r, "not a JSON array");
				}
				continue;
			case A_AFTER:
				if (!is_space(c)) {
					r->cur += i + 1, r->left -= i + 1;
					return broken(r, "text after the end of the JSON array");
				}
				continue;
			case A_NEXT:
				if (is_space(c))
					continue;
				if (c == ']' && r->index == 0) {
					r->state = A_AFTER; /* [] */
					continue;
				}
				r->state = A_IN;
				r->depth = r->in_str = r->esc = 0;
				r->rec_line = r->line;
				start = i;
				break;
			default:
				break;
			}
			/* A_IN: follow strings and brackets to the element's end */
			if (r->in_str) {
				if (r->esc)
					r->esc = 0;
				else if (c == '\\')
					r->esc = 1;
				else if (c == '"')
					r->in_str = 0;
				continue;
			}
			if (c == '"') {
				r->in_str = 1;
			} else if (c == '{' || c == '[') {
				r->depth++;
			} else if ((c == '}' || c == ']') && r->depth > 0) {
				r->depth--;
			} else if (r->depth == 0 && (c == ',' || c == ']' || c == '}')) {
				if (c == '}')
					return broken(r, "a '}' that closes nothing");
				if (!r->skipping && pk_buf_put(&r->rec, r->cur + start, i - start) < 0 && over(r) < 0)
					return PK_ENOMEM;
				r->state = c == ',' ? A_NEXT : A_AFTER;
				r->cur += i + 1, r->left -= i + 1;
				return element_done(r, rec, len);
			}
		}
		/* the chunk ends inside an element: keep what is scanned */
		if (r->state == A_IN && !r->skipping && pk_buf_put(&r->rec, r->cur + start, r->left - start) < 0 &&
		    over(r) < 0)
			return PK_ENOMEM;
		r->left = 0;
	}
}

int pk_records_next(pk_records *r, const char **rec, size_t *len)
{
	return r->array ? array_next(r, rec, len) : lines_next(r, rec, len);
}

int pk_records_peek(pk_records *r, const char **p, size_t *n)
{
	return pk_lines_peek(r->lines, p, n);
}

void pk_records_set_max(pk_records *r, size_t max_record)
{
	r->max = max_record;
	r->rec.max = max_record;
	pk_lines_set_max(r->lines, max_record);
}

const char *pk_records_where(pk_records *r)
{
	if (!r->where_made) {
		if (r->where_elem)
			snprintf(r->where, sizeof(r->where), "%.500s: [%zu]", pk_lines_name(r->lines), r->where_num);
		else
			snprintf(r->where, sizeof(r->where), "%.500s:%zu", pk_lines_name(r->lines), r->where_num);
		r->where_made = 1;
	}
	return r->where;
}

size_t pk_records_lineno(const pk_records *r)
{
	return r->rec_line;
}

int pk_records_is_array(const pk_records *r)
{
	return r->array;
}

const char *pk_records_name(const pk_records *r)
{
	return pk_lines_name(r->lines);
}

void pk_records_free(pk_records *r)
{
	if (!r)
		return;
	pk_lines_free(r->lines);
	pk_buf_release(&r->rec);
	pk_free(r);
}
