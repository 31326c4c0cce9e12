/* common/hash.h - the FNV-1a hash of a byte string, for the small open-
 * addressing tables of the unit engine and the unit importer. Not for
 * anything an attacker picks the keys of at scale (the tables are of
 * shipped data). */
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

#endif
