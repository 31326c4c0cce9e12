/* kg/kfilter.c - the index keys' Bloom filter; see internal.h.
 *
 * Free-text matching probes the title indexes ('T' whole title, 'B' first
 * four words) with every window of a reference string, tens of probes per
 * reference, and counts the term keys ('w', 'n', 'v') of every word for
 * BM25; a DOI is looked up by its identifier key ('I'), and a verified
 * work's preprints by another. Nearly all of these are misses; on a
 * 1M-work graph each is a B-tree descent of about a microsecond. The
 * filter answers most misses from one cache line.
 *
 * Layout (in KG_T_META, so no schema change): "kfilter" holds the header
 * (magic, blocks, keys counted, the work index's entry count the filter
 * was written for); "kfilter:" + be32 n holds bytes [n * CHUNK, ...) of
 * the bit array. A blocked Bloom filter: a key's block (512 bits, one
 * cache line) and its K bits come from its 64-bit hash (the one a title or
 * term key holds, an identifier key's FNV-1a), remixed.
 *
 * Exactness: a filter says "absent" only for a key it never saw. Entries
 * deleted later stay set (a wasted probe, no missed one). A filter is
 * trusted only while the index's entry count equals the one in its header:
 * a writer that does not keep the filter (an older provkg) changes the
 * count, and readers then probe the index for every key, as before; the
 * next writer that adds a covered key makes the filter again from the
 * index.
 */
#include "../common/alloc.h"
#include "../common/error.h"
#include "../common/hash.h"
#include "internal.h"
#include "record.h"
#include "work.h"

#include <stdint.h>
#include <string.h>

#define KF_MAGIC "PKKF0002"
#define KF_HEADER 32               /* magic, blocks, keys, index entries */
#define KF_BLOCK 64                /* bytes: 512 bits */
#define KF_CHUNK (64 * 1024)       /* bytes per stored value */
#define KF_K 8                     /* bits per key */
#define KF_MIN_BLOCKS 64
#define KF_FULL_BITS 10            /* below this many bits per key: rebuilt larger */
#define KF_NEW_BITS 24             /* bits per key of a (re)built filter */
#define KF_MAX_BLOCKS ((uint64_t)1 << 32)
#define KF_ABANDONED (-2)          /* write: out of memory; the stored filter is dropped */
#define KF_REBUILD 2               /* write: to be made from the index when the txn ends */

struct kg_kfilter {
	int state;                     /* read: 1 trusted, -1 not; write: 1 kept key by key, KF_* */
	uint64_t nblocks;              /* a power of two */
	uint64_t nkeys;                /* keys set (an estimate from above) */
	size_t nchunks;
	const unsigned char **chunk;   /* read: the stored chunks, fetched on use */
	unsigned char *bits;           /* write: the whole array */
	int dirty;
};

int kg_kf_filtered(const void *key, size_t klen)
{
	const unsigned char *k = key;

	if (klen && k[0] == 'I')
		return 1;
	return klen == 9 && (k[0] == 'T' || k[0] == 'B' || k[0] == KG_TERM_TITLE || k[0] == KG_TERM_NAME ||
			     k[0] == KG_TERM_VENUE);
}

static uint64_t mix(uint64_t x)
{
	/* splitmix64's finaliser: every input bit moves every output bit */
	x ^= x >> 30;
	x *= 0xbf58476d1ce4e5b9ULL;
	x ^= x >> 27;
	x *= 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

/* A key's hash: from the hash a title or term key holds, or an
 * identifier key's own; its block is the low 32 bits (of nblocks). */
static uint64_t key_h(const void *key, size_t klen)
{
	const unsigned char *k = key;

	return mix(k[0] == 'I' ? pk_fnv1a64(k, klen) : kg_get_be64(k + 1) ^ ((uint64_t)k[0] << 56));
}

/* Its bit i (9 bits: a position in the block), g = mix(h ^ KF_G) */
#define KF_G 0x9e3779b97f4a7c15ULL
static unsigned key_bit(uint64_t h, uint64_t g, int i)
{
	return (unsigned)((((g >> (8 * i)) & 0xff) << 1) | ((h >> (32 + i)) & 1));
}

/* The key's block and its K bit positions in the block. */
static uint64_t key_hash(const void *key, size_t klen, uint64_t nblocks, unsigned bit[KF_K])
{
	uint64_t h = key_h(key, klen), g = mix(h ^ KF_G);
	int i;

	for (i = 0; i < KF_K; i++)
		bit[i] = key_bit(h, g, i);
	return (h & 0xffffffffu) & (nblocks - 1);
}

static size_t chunks_of(uint64_t nblocks)
{
	return (size_t)((nblocks * KF_BLOCK + KF_CHUNK - 1) / KF_CHUNK);
}

/* The bytes of chunk n of a filter of nblocks blocks (the last one short) */
static size_t chunk_len(uint64_t nblocks, size_t n)
{
	return n + 1 < chunks_of(nblocks) ? KF_CHUNK : (size_t)(nblocks * KF_BLOCK - (uint64_t)n * KF_CHUNK);
}

static void chunk_key(unsigned char k[12], size_t n)
{
	memcpy(k, "kfilter:", 8);
	k[8] = (unsigned char)(n >> 24);
	k[9] = (unsigned char)(n >> 16);
	k[10] = (unsigned char)(n >> 8);
	k[11] = (unsigned char)n;
}

/* Stored chunk n of a filter of nblocks blocks, or NULL: missing, or not
 * the length it should have. */
static const unsigned char *chunk_get(kg_txn *t, uint64_t nblocks, size_t n)
{
	unsigned char k[12];
	MDB_val kv = { sizeof(k), k }, v;

	chunk_key(k, n);
	if (mdb_get(t->txn, t->s->dbi[KG_T_META], &kv, &v) != 0 || v.mv_size != chunk_len(nblocks, n))
		return NULL;
	return v.mv_data;
}

static int index_entries(kg_txn *t, uint64_t *out)
{
	MDB_stat st;
	int rc = mdb_stat(t->txn, t->s->dbi[KG_T_WINDEX], &st);

	if (rc)
		return kg_mdb_error(rc, "mdb_stat");
	*out = (uint64_t)st.ms_entries;
	return 0;
}

/* The stored header: 0, PK_ENOTFOUND (none, or one this code cannot
 * read), or an LMDB error. */
static int header_get(kg_txn *t, uint64_t *nblocks, uint64_t *nkeys, uint64_t *entries)
{
	MDB_val k = { 7, kg_unconst("kfilter") }, v;
	const unsigned char *p;
	int rc = mdb_get(t->txn, t->s->dbi[KG_T_META], &k, &v);

	if (rc == MDB_NOTFOUND)
		return PK_ENOTFOUND;
	if (rc)
		return kg_mdb_error(rc, "reading the key filter");
	p = v.mv_data;
	if (v.mv_size != KF_HEADER || memcmp(p, KF_MAGIC, 8))
		return PK_ENOTFOUND;
	*nblocks = kg_get_be64(p + 8);
	*nkeys = kg_get_be64(p + 16);
	*entries = kg_get_be64(p + 24);
	if (*nblocks < KF_MIN_BLOCKS || *nblocks > KF_MAX_BLOCKS || (*nblocks & (*nblocks - 1)))
		return PK_ENOTFOUND;
	return 0;
}

static int header_put(kg_txn *t, uint64_t nblocks, uint64_t nkeys, uint64_t entries)
{
	unsigned char h[KF_HEADER];
	MDB_val k = { 7, kg_unconst("kfilter") }, v = { sizeof(h), h };
	int rc;

	memcpy(h, KF_MAGIC, 8);
	kg_be64(h + 8, nblocks);
	kg_be64(h + 16, nkeys);
	kg_be64(h + 24, entries);
	rc = mdb_put(t->txn, t->s->dbi[KG_T_META], &k, &v, 0);
	return rc ? kg_mdb_error(rc, "writing the key filter") : 0;
}

void kg_kf_drop(kg_txn *t)
{
	if (!t->kf)
		return;
	pk_free(t->kf->chunk);
	pk_free(t->kf->bits);
	pk_free(t->kf);
	t->kf = NULL;
}

/* ---- reading ------------------------------------------------------------ */

static void read_open(kg_txn *t, struct kg_kfilter *f)
{
	uint64_t entries, now = 0;

	f->state = -1;
	if (header_get(t, &f->nblocks, &f->nkeys, &entries) < 0 || index_entries(t, &now) < 0 || now != entries) {
		pk_error_clear();
		return;
	}
	f->nchunks = chunks_of(f->nblocks);
	if (!(f->chunk = pk_calloc(f->nchunks, sizeof(*f->chunk)))) {
		pk_error_clear();
		return;
	}
	f->state = 1;
}

static const unsigned char *read_chunk(kg_txn *t, struct kg_kfilter *f, size_t n)
{
	if (!f->chunk[n] && !(f->chunk[n] = chunk_get(t, f->nblocks, n)))
		f->state = -1; /* a part missing: no longer trusted */
	return f->chunk[n];
}

/* The block of key in read txn t's trusted filter (*h: the key's
 * key_h), or NULL: none trusted, or a key it does not cover. */
static const unsigned char *read_block(kg_txn *t, const void *key, size_t klen, uint64_t *h)
{
	struct kg_kfilter *f;
	const unsigned char *c;
	uint64_t off;

	if (t->write || !kg_kf_filtered(key, klen))
		return NULL;
	if (!t->kf) {
		if (!(t->kf = pk_calloc(1, sizeof(*t->kf)))) {
			pk_error_clear();
			return NULL;
		}
		read_open(t, t->kf);
	}
	f = t->kf;
	if (f->state != 1)
		return NULL;
	*h = key_h(key, klen);
	off = ((*h & 0xffffffffu) & (f->nblocks - 1)) * KF_BLOCK;
	if (!(c = read_chunk(t, f, (size_t)(off / KF_CHUNK))))
		return NULL;
	return c + off % KF_CHUNK;
}

void kg_kf_prefetch(kg_txn *t, const void *key, size_t klen)
{
	uint64_t h;
	const unsigned char *c = read_block(t, key, klen, &h);

	if (c)
		__builtin_prefetch(c);
}

int kg_kf_maybe(kg_txn *t, const void *key, size_t klen)
{
	const unsigned char *c;
	uint64_t h, g;
	int i;

	if (!(c = read_block(t, key, klen, &h)))
		return 1;
	/* each bit as it is needed: most keys probed are absent, and one of
	 * their first bits is clear */
	for (i = 0, g = mix(h ^ KF_G); i < KF_K; i++) {
		unsigned b = key_bit(h, g, i);

		if (!(c[b >> 3] & (1u << (b & 7))))
			return 0;
	}
	return 1;
}

/* ---- writing ------------------------------------------------------------ */

static void set_key(struct kg_kfilter *f, const void *key, size_t klen)
{
	unsigned bit[KF_K];
	unsigned char *c = f->bits + key_hash(key, klen, f->nblocks, bit) * KF_BLOCK;
	int i;

	for (i = 0; i < KF_K; i++)
		c[bit[i] >> 3] |= (unsigned char)(1u << (bit[i] & 7));
}

static uint64_t blocks_for(uint64_t nkeys)
{
	uint64_t b = KF_MIN_BLOCKS;

	while (b < KF_MAX_BLOCKS && b * KF_BLOCK * 8 < nkeys * KF_NEW_BITS)
		b *= 2;
	return b;
}

/* Call fn for each distinct filtered key of the index (as this txn sees
 * it), tag by tag. */
static int each_key(kg_txn *t, void (*fn)(void *, const void *, size_t), void *ctx)
{
	static const char tags[6] = { 'B', 'I', 'T', KG_TERM_NAME, KG_TERM_VENUE, KG_TERM_TITLE };
	MDB_cursor *c;
	MDB_val k, v;
	int rc, i;

	if ((rc = mdb_cursor_open(t->txn, t->s->dbi[KG_T_WINDEX], &c)) != 0)
		return kg_mdb_error(rc, "mdb_cursor_open");
	for (i = 0; i < 6; i++) {
		k.mv_size = 1;
		k.mv_data = kg_unconst(&tags[i]);
		for (rc = mdb_cursor_get(c, &k, &v, MDB_SET_RANGE); rc == 0 && ((const char *)k.mv_data)[0] == tags[i];
		     rc = mdb_cursor_get(c, &k, &v, MDB_NEXT_NODUP))
			if (kg_kf_filtered(k.mv_data, k.mv_size))
				fn(ctx, k.mv_data, k.mv_size);
		if (rc && rc != MDB_NOTFOUND)
			break;
		rc = 0;
	}
	mdb_cursor_close(c);
	return rc ? kg_mdb_error(rc, "reading the work index") : 0;
}

static void count_key(void *ctx, const void *key, size_t klen)
{
	(void)key;
	(void)klen;
	(*(uint64_t *)ctx)++;
}

static void add_key(void *ctx, const void *key, size_t klen)
{
	set_key(ctx, key, klen);
}

/* f made again from the index, sized for its keys and room to grow. */
static int rebuild(kg_txn *t, struct kg_kfilter *f)
{
	uint64_t n = 0, nb;
	unsigned char *bits;
	int rc;

	if ((rc = each_key(t, count_key, &n)) < 0)
		return rc;
	nb = blocks_for(n);
	if (!(bits = pk_calloc((size_t)nb, KF_BLOCK)))
		return pk_error_set(PK_ENOMEM, "out of memory for the key filter");
	pk_free(f->bits);
	f->bits = bits;
	f->nblocks = nb;
	f->nkeys = n;
	f->dirty = 1;
	if ((rc = each_key(t, add_key, f)) < 0)
		return rc;
	f->state = 1;
	return 0;
}

/* The filter as this txn began, in memory; made from the index when
 * there is none, or none this txn can trust. */
static int write_open(kg_txn *t)
{
	struct kg_kfilter *f;
	uint64_t nblocks, nkeys, entries;
	size_t n;
	int rc;

	if (!(f = pk_calloc(1, sizeof(*f))))
		return pk_error_set(PK_ENOMEM, "out of memory");
	t->kf = f;
	rc = header_get(t, &nblocks, &nkeys, &entries);
	if (rc < 0 && rc != PK_ENOTFOUND)
		return rc;
	if (rc == 0 && t->kf_base_known && entries == t->kf_base) {
		if (!(f->bits = pk_malloc((size_t)(nblocks * KF_BLOCK))))
			return pk_error_set(PK_ENOMEM, "out of memory for the key filter");
		f->nblocks = nblocks;
		f->nkeys = nkeys;
		for (n = 0; n < chunks_of(nblocks); n++) {
			const unsigned char *c = chunk_get(t, nblocks, n);

			if (!c)
				break;
			memcpy(f->bits + (size_t)n * KF_CHUNK, c, chunk_len(nblocks, n));
		}
		if (n == chunks_of(nblocks)) {
			f->state = 1;
			return 0;
		}
	}
	/* made once, from the whole index, when the txn ends */
	pk_error_clear();
	pk_free(f->bits);
	f->bits = NULL;
	f->state = KF_REBUILD;
	return 0;
}

/* A write that could not keep the filter: none is trusted after it. */
static int abandon(kg_txn *t, int rc)
{
	if (rc != PK_ENOMEM)
		return rc;
	pk_free(t->kf->bits);
	t->kf->bits = NULL;
	t->kf->state = KF_ABANDONED;
	pk_error_clear();
	return 0;
}

int kg_kf_add(kg_txn *t, const void *key, size_t klen)
{
	int rc;

	if (!t->write || !kg_kf_filtered(key, klen))
		return 0;
	if (!t->kf && (rc = write_open(t)) < 0)
		return t->kf ? abandon(t, rc) : rc;
	if (t->kf->state != 1)
		return 0; /* made again at the end, or dropped */
	if (++t->kf->nkeys > t->kf->nblocks * KF_BLOCK * 8 / KF_FULL_BITS && t->kf->nblocks < KF_MAX_BLOCKS) {
		/* full: made again, larger, from the whole index at the end */
		pk_free(t->kf->bits);
		t->kf->bits = NULL;
		t->kf->state = KF_REBUILD;
		return 0;
	}
	set_key(t->kf, key, klen);
	t->kf->dirty = 1;
	return 0;
}

int kg_kf_loaded(const kg_txn *t)
{
	return t->kf != NULL;
}

void kg_kf_begin(kg_txn *t)
{
	uint64_t n = 0;

	t->kf_base_known = index_entries(t, &n) == 0;
	t->kf_base = t->kf_base_known ? n : 0;
	pk_error_clear();
}

int kg_kf_flush(kg_txn *t)
{
	struct kg_kfilter *f = t->kf;
	uint64_t nblocks, nkeys, entries, now = 0;
	size_t n, cn;
	int rc;

	if ((rc = index_entries(t, &now)) < 0)
		return rc;
	if (f && f->state == KF_ABANDONED) {
		MDB_val k = { 7, kg_unconst("kfilter") };

		rc = mdb_del(t->txn, t->s->dbi[KG_T_META], &k, NULL);
		return rc && rc != MDB_NOTFOUND ? kg_mdb_error(rc, "dropping the key filter") : 0;
	}
	if (f && f->state == KF_REBUILD && (rc = rebuild(t, f)) < 0) {
		if (rc != PK_ENOMEM)
			return rc;
		abandon(t, rc);
		return kg_kf_flush(t);
	}
	if (!f) {
		/* no title key added: a filter trusted at the start stays so
		 * (deleted entries leave bits set, no key is missing) */
		rc = header_get(t, &nblocks, &nkeys, &entries);
		if (rc == PK_ENOTFOUND) {
			pk_error_clear();
			return 0;
		}
		if (rc < 0)
			return rc;
		if (!t->kf_base_known || entries != t->kf_base || now == entries)
			return 0;
		return header_put(t, nblocks, nkeys, now);
	}
	if (f->dirty) {
		cn = chunks_of(f->nblocks);
		for (n = 0; n < cn; n++) {
			unsigned char k[12];
			size_t len = chunk_len(f->nblocks, n);
			MDB_val kv = { sizeof(k), k }, v = { len, NULL };

			chunk_key(k, n);
			if ((rc = mdb_put(t->txn, t->s->dbi[KG_T_META], &kv, &v, MDB_RESERVE)) != 0)
				return kg_mdb_error(rc, "writing the key filter");
			memcpy(v.mv_data, f->bits + (size_t)n * KF_CHUNK, len);
		}
		/* the parts of a larger filter made before, if any */
		for (n = cn;; n++) {
			unsigned char k[12];
			MDB_val kv = { sizeof(k), k };

			chunk_key(k, n);
			rc = mdb_del(t->txn, t->s->dbi[KG_T_META], &kv, NULL);
			if (rc == MDB_NOTFOUND)
				break;
			if (rc)
				return kg_mdb_error(rc, "writing the key filter");
		}
		f->dirty = 0;
	}
	if ((rc = header_put(t, f->nblocks, f->nkeys, now)) < 0)
		return rc;
	/* a build's next txn starts where this one ends, the filter loaded */
	t->kf_base = now;
	t->kf_base_known = 1;
	return 0;
}
