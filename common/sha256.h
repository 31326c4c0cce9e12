/* common/sha256.h - SHA-256 (FIPS 180-4), for source checksums and fetch
 * verification. Small and dependency-free; checked against sha256sum. */
#ifndef PK_SHA256_H
#define PK_SHA256_H

#include <stddef.h>
#include <stdint.h>

typedef struct pk_sha256 {
	uint32_t h[8];
	uint64_t total;
	unsigned char block[64];
	size_t fill;
} pk_sha256;

/* FIPS 180-4 SHA-256, streamed: init, update with each piece, final. */
void pk_sha256_init(pk_sha256 *c);
void pk_sha256_update(pk_sha256 *c, const void *data, size_t n);
/* Write 64 lowercase hex digits and a NUL into hex[65]. */
void pk_sha256_final_hex(pk_sha256 *c, char hex[65]);

/* Hash a file's raw bytes (not decompressed). PK_EIO on failure. */
int pk_sha256_file(char hex[65], const char *path);

#endif
