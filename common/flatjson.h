/* common/flatjson.h - a request line's common shape read without cJSON's
 * parser: {"id":12,"ref":"https://doi.org/..."}.
 *
 * pk_json_parse_flat reads a JSON object whose members are strings (no
 * control characters; escapes but \u0000 and surrogates, in values only:
 * the keys are plain), numbers, true, false or null, and
 * builds the tree cJSON_ParseWithLength would build for it, through
 * cJSON's own constructors (so through pk_cjson_scratch when it is on).
 * For anything else (nesting, an escape it leaves to cJSON, a number strtod does not read
 * whole, bytes after the object other than blanks) it returns NULL and
 * builds nothing: the caller parses the line with cJSON, which decides
 * what it means or why it is not JSON. The caller owns the tree
 * (cJSON_Delete). Text need not be NUL-terminated.
 */
#ifndef PK_FLATJSON_H
#define PK_FLATJSON_H

#include <cJSON.h>
#include <stddef.h>

/* The tree of a flat object text[0..n), or NULL (not flat, or no memory;
 * nothing built): parse it with cJSON then. Caller frees with cJSON_Delete. */
cJSON *pk_json_parse_flat(const char *text, size_t n);

#endif
