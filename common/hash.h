/* common/hash.h - the FNV-1a hash of a byte string, for small open-
 * addressing tables (the unit engine and importer, check-ref's retrieval
 * tables) and the graph's hashed index keys; pk_hash_mem for tables that
 * never leave memory (check-ref's candidates, kept fields and records). Not for
 * anything an attacker picks the keys of at scale: the tables hold shipped
 * or ingested data and are bounded. */
#ifndef PK_HASH_H
#define PK_HASH_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

static inline uint32_t pk_fnv1a32(const char *s, size_t n)
{
	uint32_t h = 2166136261u;
	size_t i;

	for (i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h;
}

#define PK_FNV1A64_INIT 14695981039346656037ull

/* FNV-1a 64 of what h is the hash of followed by p[0..n): pk_fnv1a64 of
 * a concatenation, one part at a time (h: PK_FNV1A64_INIT at first). */
static inline uint64_t pk_fnv1a64_more(uint64_t h, const void *p, size_t n)
{
	const unsigned char *s = p;
	size_t i;

	for (i = 0; i < n; i++)
		h = (h ^ s[i]) * 1099511628211ull;
	return h;
}

static inline uint64_t pk_fnv1a64(const void *p, size_t n)
{
	return pk_fnv1a64_more(PK_FNV1A64_INIT, p, n);
}

/* A hash of p[0..n) read eight bytes at a time, for tables kept in memory
 * only (a slot, checked whole on a hit): faster than FNV-1a on strings of
 * more than a few bytes; never stored, never a key of the graph. */
static inline uint64_t pk_hash_mem(const void *p, size_t n)
{
	const unsigned char *s = p;
	uint64_t h = 0x9e3779b97f4a7c15ull ^ (uint64_t)n, x;

	for (; n >= 8; s += 8, n -= 8) {
		memcpy(&x, s, 8);
		h = (h ^ x) * 0xff51afd7ed558ccdull;
		h ^= h >> 32;
	}
	x = 0;
	memcpy(&x, s, n);
	h = (h ^ x) * 0xc4ceb9fe1a85ec53ull;
	return h ^ (h >> 29);
}

#endif
