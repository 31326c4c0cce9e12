/* common/hash.h - the FNV-1a hash of a byte string, for small open-
 * addressing tables (the unit engine and importer, check-ref's candidate
 * and retrieval tables) and the graph's hashed index keys. Not for
 * anything an attacker picks the keys of at scale: the tables hold shipped
 * or ingested data and are bounded. */
#ifndef PK_HASH_H
#define PK_HASH_H

#include <stddef.h>
#include <stdint.h>

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

#endif
