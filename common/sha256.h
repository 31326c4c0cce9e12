/* common/sha256.h - SHA-256 (FIPS 180-4), for source checksums and fetch
 * verification: OpenSSL's libcrypto underneath; checked against the FIPS
 * vectors and sha256sum. */
#ifndef PK_SHA256_H
#define PK_SHA256_H

#include <stddef.h>
#include <stdint.h>

/* OpenSSL's SHA256_CTX inside (libcrypto: 5.4x our old portable code on
 * this machine, issue 19), opaque here so that no caller needs OpenSSL's
 * headers; sha256.c checks it fits. */
typedef struct pk_sha256 {
	union {
		uint64_t align;
		unsigned char bytes[128];
	} state;
} pk_sha256;

/* FIPS 180-4 SHA-256, streamed: init, update with each piece, final. */
void pk_sha256_init(pk_sha256 *c);
void pk_sha256_update(pk_sha256 *c, const void *data, size_t n);
/* Write 64 lowercase hex digits and a NUL into hex[65]. */
void pk_sha256_final_hex(pk_sha256 *c, char hex[65]);

/* Hash a file's raw bytes (not decompressed). PK_EIO on failure. */
int pk_sha256_file(char hex[65], const char *path);

#endif
