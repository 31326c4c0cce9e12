/* common/memo.h - a bounded table of byte strings under byte keys, for a
 * batch's memos (query/refmemo's results, query/refparse's parses).
 *
 * Each entry is one block: its key and its value packed after a 64-bit
 * hash the caller computes. Open addressing, at most half the slots and
 * max_bytes of blocks; a put that would pass either empties the table
 * first (the next entries are kept afresh). The slots are allocated at the
 * first put, a thousand or so, and double as entries come up to the
 * table's size (what is held is kept as they do). Not thread-safe: one
 * per thread.
 */
#ifndef PK_MEMO_H
#define PK_MEMO_H

#include <stddef.h>
#include <stdint.h>

typedef struct pk_memo pk_memo;

/* A table of `slots` (a power of two) holding at most max_bytes of
 * entries. NULL when memory is short (last error set). */
pk_memo *pk_memo_new(size_t slots, size_t max_bytes);
/* Free m and all it holds (NULL is fine). */
void pk_memo_free(pk_memo *m);
/* Forget every entry (NULL is fine). */
void pk_memo_clear(pk_memo *m);

/* The value kept under key[0..klen) whose hash is h: its bytes (valid
 * until the next put or clear) and *vlen, or NULL. */
const unsigned char *pk_memo_get(const pk_memo *m, uint64_t h, const void *key, size_t klen, size_t *vlen);
/* Keep val[0..vlen) under key[0..klen) (not kept already: a get found
 * nothing). Memory short: not kept, and no error. */
void pk_memo_put(pk_memo *m, uint64_t h, const void *key, size_t klen, const void *val, size_t vlen);

#endif
