/* common/sha256.c - SHA-256 per FIPS 180-4: the sha256 of every ingested
 * file (a source's identity: re-ingesting the same bytes is "unchanged")
 * and of every download (fetch --sha256). A portable implementation, not
 * a fast one: issue 19 measures it against OpenSSL's. */
#include "sha256.h"

#include "error.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

static const uint32_t K[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
};

#define ROR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

/* One 64-byte block into the state h (FIPS 180-4, 6.2.2): the message
 * schedule w, then the 64 rounds; the words are big-endian. */
static void compress(uint32_t h[8], const unsigned char *p)
{
	uint32_t w[64], a, b, c, d, e, f, g, k, t1, t2;
	int i;

	for (i = 0; i < 16; i++)
		w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
		       (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
	for (i = 16; i < 64; i++) {
		uint32_t s0 = ROR(w[i - 15], 7) ^ ROR(w[i - 15], 18) ^ (w[i - 15] >> 3);
		uint32_t s1 = ROR(w[i - 2], 17) ^ ROR(w[i - 2], 19) ^ (w[i - 2] >> 10);

		w[i] = w[i - 16] + s0 + w[i - 7] + s1;
	}
	a = h[0]; b = h[1]; c = h[2]; d = h[3];
	e = h[4]; f = h[5]; g = h[6]; k = h[7];
	for (i = 0; i < 64; i++) {
		t1 = k + (ROR(e, 6) ^ ROR(e, 11) ^ ROR(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i];
		t2 = (ROR(a, 2) ^ ROR(a, 13) ^ ROR(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
		k = g; g = f; f = e; e = d + t1;
		d = c; c = b; b = a; a = t1 + t2;
	}
	h[0] += a; h[1] += b; h[2] += c; h[3] += d;
	h[4] += e; h[5] += f; h[6] += g; h[7] += k;
}

void pk_sha256_init(pk_sha256 *c)
{
	static const uint32_t iv[8] = { 0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
					0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19 };

	memcpy(c->h, iv, sizeof(iv));
	c->total = 0;
	c->fill = 0;
}

void pk_sha256_update(pk_sha256 *c, const void *data, size_t n)
{
	const unsigned char *p = data;

	c->total += n;
	/* top up a partial block first, then whole blocks straight from the
	 * caller's bytes (no copy), then keep the tail */
	if (c->fill) {
		size_t take = 64 - c->fill < n ? 64 - c->fill : n;

		memcpy(c->block + c->fill, p, take);
		c->fill += take;
		p += take;
		n -= take;
		if (c->fill < 64)
			return;
		compress(c->h, c->block);
		c->fill = 0;
	}
	for (; n >= 64; p += 64, n -= 64)
		compress(c->h, p);
	memcpy(c->block, p, n);
	c->fill = n;
}

void pk_sha256_final_hex(pk_sha256 *c, char hex[65])
{
	static const char digits[] = "0123456789abcdef";
	uint64_t bits = c->total * 8;
	int i;

	/* padding (5.1.1): a 1 bit, zeros, the length in bits in the last 8
	 * bytes; a block too full for the length takes one more block */
	c->block[c->fill++] = 0x80;
	if (c->fill > 56) {
		memset(c->block + c->fill, 0, 64 - c->fill);
		compress(c->h, c->block);
		c->fill = 0;
	}
	memset(c->block + c->fill, 0, 56 - c->fill);
	for (i = 0; i < 8; i++)
		c->block[56 + i] = (unsigned char)(bits >> (56 - 8 * i));
	compress(c->h, c->block);
	for (i = 0; i < 32; i++) {
		unsigned char byte = (unsigned char)(c->h[i / 4] >> (24 - 8 * (i % 4)));

		hex[2 * i] = digits[byte >> 4];
		hex[2 * i + 1] = digits[byte & 15];
	}
	hex[64] = '\0';
}

int pk_sha256_file(char hex[65], const char *path)
{
	unsigned char buf[65536];
	pk_sha256 c;
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return pk_error_set(PK_EIO, "cannot open '%s': %s", path, strerror(errno));
	pk_sha256_init(&c);
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		pk_sha256_update(&c, buf, (size_t)n);
	if (n < 0) {
		int e = errno;

		close(fd);
		return pk_error_set(PK_EIO, "cannot read '%s': %s", path, strerror(e));
	}
	close(fd);
	pk_sha256_final_hex(&c, hex);
	return 0;
}
