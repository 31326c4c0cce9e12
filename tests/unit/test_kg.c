/* Unit tests for kg/: generations, schema check, map growth, sources,
 * ownership and deletion, node merging, names, documents. */
#include "t.h"

#include <dirent.h>
#include <sys/stat.h>

#include "common/alloc.h"
#include "common/error.h"
#include "common/hash.h"
#include "kg/graph.h"
#include "kg/internal.h"
#include "kg/record.h"
#include "kg/store.h"
#include "kg/work.h"

#include <sys/stat.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <pthread.h>
#include <fcntl.h>
#include <time.h>
#include <unistd.h>

/* A source of this kind and edition begun in t (the tests' writes). */
static int begin_source(kg_txn *t, const char *kind, const char *edition, uint32_t *sid)
{
	kg_source src = { 0 };

	src.kind = kind;
	src.edition = edition;
	return kg_source_begin(t, &src, sid);
}

static void record_roundtrip(void)
{
	pk_buf b = PK_BUF_INIT;
	const unsigned char *p, *end;
	kg_field f;
	int n = 0;

	CHECK_EQ_INT(kg_rec_str(&b, 1, "hello"), 0);
	CHECK_EQ_INT(kg_rec_u64(&b, 2, 300), 0);
	CHECK_EQ_INT(kg_rec_i64(&b, 3, -5), 0);
	CHECK_EQ_INT(kg_rec_f64(&b, 4, 6.62607015e-34), 0);
	CHECK_EQ_INT(kg_rec_str(&b, 5, NULL), 0); /* nothing */
	p = (const unsigned char *)b.ptr;
	end = p + b.len;
	while (kg_rec_next(&p, end, &f) == 1) {
		n++;
		if (f.tag == 1)
			CHECK_STR(kg_field_str(&f), "hello");
		if (f.tag == 2)
			CHECK_EQ_INT(kg_field_u64(&f), 300);
		if (f.tag == 3)
			CHECK_EQ_INT(kg_field_i64(&f), -5);
		if (f.tag == 4)
			CHECK(kg_field_f64(&f) == 6.62607015e-34);
	}
	CHECK_EQ_INT(n, 4);
	/* a length running past the end is corrupt */
	p = (const unsigned char *)b.ptr;
	end = p + 3;
	CHECK_EQ_INT(kg_rec_next(&p, end, &f), PK_EPARSE);
	pk_buf_release(&b);
	CHECK(kg_edition_cmp("2014", "2018") < 0);
	CHECK(kg_edition_cmp("2022.9.1", "2022.10.28") < 0);
	CHECK(kg_edition_cmp("4.1", "4.1") == 0);
	/* numbers as strtoull reads them: leading zeros, 20 digits, and
	 * past ULLONG_MAX (read as it, so equal) */
	CHECK(kg_edition_cmp("v007", "v7") == 0);
	CHECK(kg_edition_cmp("2022a", "2022b") < 0);
	CHECK(kg_edition_cmp("18446744073709551615", "18446744073709551614") > 0);
	CHECK(kg_edition_cmp("99999999999999999999", "18446744073709551615") == 0);
	CHECK(kg_edition_cmp("99999999999999999999.2", "18446744073709551616.1") > 0);
	CHECK(kg_edition_cmp("10", "9") > 0);
}

/* A source with two constants, names and one entity. */
typedef struct fill_ctx {
	const char *edition;
	int nvalues;
	int runs;
	int big; /* write many values to force map growth */
} fill_ctx;

static int fill(kg_txn *t, void *vctx)
{
	fill_ctx *c = vctx;
	kg_source src = { 0 };
	kg_node q = { 0 };
	kg_value v = { 0 };
	uint32_t sid;
	char key[32], text[64];
	int rc, i;

	c->runs++;
	src.kind = "TEST";
	src.edition = c->edition;
	src.file = "test.txt";
	if ((rc = kg_source_begin(t, &src, &sid)) < 0)
		return rc;
	for (i = 0; i < c->nvalues; i++) {
		snprintf(key, sizeof(key), "quantity %d", i);
		q.type = KG_QUANTITY;
		q.key = key;
		q.name = key;
		q.kind = "constant";
		if ((rc = kg_node_put(t, sid, &q)) < 0 ||
		    (rc = kg_name_add(t, sid, KG_NS_NAME, key, KG_QUANTITY, key)) < 0)
			return rc;
		memset(&v, 0, sizeof(v));
		v.quantity = key;
		v.source = sid;
		v.value = i;
		snprintf(text, sizeof(text), "%d", i);
		v.value_text = text;
		v.locator = "test.txt:1";
		if ((rc = kg_value_add(t, &v, NULL)) < 0)
			return rc;
	}
	if (c->big) {
		char blob[2048];

		memset(blob, 'x', sizeof(blob));
		for (i = 0; i < 6000; i++) {
			char dk[32];

			snprintf(dk, sizeof(dk), "10.1234/doc%d", i);
			if ((rc = kg_doc_put(t, sid, KG_DOC_WORKS, dk, strlen(dk), blob, sizeof(blob))) < 0)
				return rc;
		}
	}
	return kg_source_finish(t, sid, (uint64_t)c->nvalues, 0, NULL);
}

static int count_values(kg_txn *t, const char *key)
{
	kg_node n;
	int found = kg_node_get(t, KG_QUANTITY, key, &n) == 0;

	return found;
}

static int names_cb(const kg_name_hit *h, void *ctx)
{
	(void)h;
	(*(int *)ctx)++;
	return 0;
}

static void build_commit_and_replace(void)
{
	const char *dir = t_tmpdir("kg1");
	kg_store *s = NULL;
	kg_txn *t = NULL;
	fill_ctx c = { "1", 3, 0, 0 };
	kg_source src;
	int hits = 0;

	t_rmrf(dir);
	CHECK_EQ_INT(kg_store_open(&s, dir, KG_OPEN_READ), PK_ENOTFOUND);
	CHECK(strstr(pk_error_last(), "no graph") != NULL);
	CHECK_EQ_INT(kg_build_begin(&s, dir), 0);
	CHECK_EQ_INT(kg_store_write(s, fill, &c), 0);
	CHECK_EQ_INT(kg_build_commit(s), 0);

	CHECK_EQ_INT(kg_store_open(&s, dir, KG_OPEN_READ), 0);
	CHECK_EQ_INT(kg_txn_read(&t, s), 0);
	CHECK(count_values(t, "quantity 2"));
	CHECK_EQ_INT(kg_source_find(t, "TEST", "1", &src), 0);
	CHECK_EQ_INT(src.records, 3);
	kg_txn_free(t);
	kg_store_free(s);

	/* re-ingest the same edition with fewer records: nothing stale survives */
	CHECK_EQ_INT(kg_store_open(&s, dir, KG_OPEN_WRITE), 0);
	c.nvalues = 1;
	CHECK_EQ_INT(kg_store_write(s, fill, &c), 0);
	CHECK_EQ_INT(kg_txn_read(&t, s), 0);
	CHECK(count_values(t, "quantity 0"));
	CHECK(!count_values(t, "quantity 2"));
	CHECK_EQ_INT(kg_name_find(t, KG_NS_NAME, "quantity 2", names_cb, &hits), 0);
	CHECK_EQ_INT(hits, 0);
	{
		kg_stats st;

		CHECK_EQ_INT(kg_stats_get(t, &st), 0);
		CHECK_EQ_INT(st.values, 1);
		CHECK_EQ_INT(st.sources, 1);
	}
	kg_txn_free(t);
	kg_store_free(s);
	t_rmrf(dir);
}

/* the read transaction's cache slot: kept while the commit seen is the
 * same, dropped when a renewal moves to a newer one, freed with the
 * transaction; a write transaction has none */
static int memo_frees;

static void memo_free_count(void *v)
{
	memo_frees++;
	pk_free(v);
}

static int memo_in_write(kg_txn *t, void *ctx)
{
	(void)ctx;
	CHECK_EQ_INT(kg_txn_memo_set(t, pk_malloc(8), memo_free_count), PK_EINVAL);
	CHECK(kg_txn_memo(t) == NULL);
	return 0;
}

static void txn_memo(void)
{
	const char *dir = t_tmpdir("kgmemo");
	kg_store *s = NULL;
	kg_txn *t = NULL;
	fill_ctx c = { "1", 3, 0, 0 };
	void *m;

	t_rmrf(dir);
	CHECK_EQ_INT(kg_build_begin(&s, dir), 0);
	CHECK_EQ_INT(kg_store_write(s, fill, &c), 0);
	CHECK_EQ_INT(kg_build_commit(s), 0);
	CHECK_EQ_INT(kg_store_open(&s, dir, KG_OPEN_WRITE), 0);
	CHECK_EQ_INT(kg_txn_read(&t, s), 0);
	memo_frees = 0;
	CHECK(kg_txn_memo(t) == NULL);
	CHECK_EQ_INT(kg_txn_memo_set(t, m = pk_malloc(8), memo_free_count), 0);
	CHECK(kg_txn_memo(t) == m);
	CHECK_EQ_INT(kg_txn_renew(t), 0); /* the same commit */
	CHECK(kg_txn_memo(t) == m);
	CHECK_EQ_INT(memo_frees, 0);
	c.nvalues = 2;
	CHECK_EQ_INT(kg_store_write(s, fill, &c), 0); /* a newer commit */
	CHECK(kg_txn_memo(t) == m);                   /* not seen yet */
	CHECK_EQ_INT(kg_txn_renew(t), 0);
	CHECK(kg_txn_memo(t) == NULL);
	CHECK_EQ_INT(memo_frees, 1);
	CHECK_EQ_INT(kg_txn_memo_set(t, pk_malloc(8), memo_free_count), 0);
	CHECK_EQ_INT(kg_txn_memo_set(t, pk_malloc(8), memo_free_count), 0);
	CHECK_EQ_INT(memo_frees, 2);
	kg_txn_free(t);
	CHECK_EQ_INT(memo_frees, 3);
	CHECK_EQ_INT(kg_store_write(s, memo_in_write, NULL), 0);
	CHECK_EQ_INT(memo_frees, 4);
	kg_store_free(s);
	t_rmrf(dir);
}

static void aborted_build_keeps_old(void)
{
	const char *dir = t_tmpdir("kg2");
	kg_store *s = NULL;
	kg_txn *t = NULL;
	fill_ctx a = { "old", 2, 0, 0 }, b = { "new", 5, 0, 0 };
	kg_source src;

	t_rmrf(dir);
	CHECK_EQ_INT(kg_build_begin(&s, dir), 0);
	CHECK_EQ_INT(kg_store_write(s, fill, &a), 0);
	CHECK_EQ_INT(kg_build_commit(s), 0);
	CHECK_EQ_INT(kg_build_begin(&s, dir), 0);
	CHECK_EQ_INT(kg_store_write(s, fill, &b), 0);
	kg_build_abort(s);
	CHECK_EQ_INT(kg_store_open(&s, dir, KG_OPEN_READ), 0);
	CHECK_EQ_INT(kg_txn_read(&t, s), 0);
	CHECK_EQ_INT(kg_source_find(t, "TEST", "old", &src), 0);
	CHECK_EQ_INT(kg_source_find(t, "TEST", "new", &src), PK_ENOTFOUND);
	kg_txn_free(t);
	kg_store_free(s);
	t_rmrf(dir);
}

static void writer_lock_and_not_a_graph(void)
{
	const char *dir = t_tmpdir("kg3");
	char path[300];
	kg_store *s = NULL, *s2 = NULL;
	fill_ctx a = { "1", 1, 0, 0 };

	t_rmrf(dir);
	CHECK_EQ_INT(kg_build_begin(&s, dir), 0);
	CHECK_EQ_INT(kg_store_write(s, fill, &a), 0);
	CHECK_EQ_INT(kg_build_commit(s), 0);
	CHECK_EQ_INT(kg_store_open(&s, dir, KG_OPEN_WRITE), 0);
	CHECK_EQ_INT(kg_store_open(&s2, dir, KG_OPEN_WRITE), PK_EBUSY);
	CHECK_EQ_INT(kg_build_begin(&s2, dir), PK_EBUSY);
	kg_store_free(s);
	t_rmrf(dir);

	/* a non-empty directory that is not a graph is never written into */
	mkdir(dir, 0755);
	snprintf(path, sizeof(path), "%s/precious.txt", dir);
	t_write(path, "keep me");
	CHECK_EQ_INT(kg_build_begin(&s, dir), PK_EINVAL);
	CHECK(access(path, F_OK) == 0);
	t_rmrf(dir);
}

static int set_schema(kg_txn *t, void *ctx)
{
	/* make the graph look like one written by schema version 0 */
	(void)ctx;
	return kg_meta_put(t, "schema", "0");
}

static void schema_mismatch(void)
{
	const char *dir = t_tmpdir("kg4");
	kg_store *s = NULL;
	fill_ctx a = { "1", 1, 0, 0 };

	t_rmrf(dir);
	CHECK_EQ_INT(kg_build_begin(&s, dir), 0);
	CHECK_EQ_INT(kg_store_write(s, fill, &a), 0);
	CHECK_EQ_INT(kg_store_write(s, set_schema, NULL), 0);
	CHECK_EQ_INT(kg_build_commit(s), 0);
	CHECK_EQ_INT(kg_store_open(&s, dir, KG_OPEN_READ), PK_ESCHEMA);
	CHECK(strstr(pk_error_last(), "schema version 0") != NULL);
	CHECK(strstr(pk_error_last(), "provkg build") != NULL);
	t_rmrf(dir);
}

static void map_grows_by_itself(void)
{
	const char *dir = t_tmpdir("kg5");
	kg_store *s = NULL;
	kg_txn *t = NULL;
	fill_ctx big = { "big", 10, 0, 1 };
	uint64_t used, map;
	const void *val;
	size_t vlen;

	t_rmrf(dir);
	kg_set_initial_mapsize(1 << 20); /* 1 MiB; the write needs ~13 MiB */
	CHECK_EQ_INT(kg_build_begin(&s, dir), 0);
	CHECK_EQ_INT(kg_store_write(s, fill, &big), 0);
	CHECK(big.runs > 1); /* it was rerun after growing */
	CHECK_EQ_INT(kg_store_usage(s, &used, &map), 0);
	CHECK(map >= used);
	CHECK(used > (10u << 20));
	CHECK_EQ_INT(kg_build_commit(s), 0);
	kg_set_initial_mapsize(0);
	CHECK_EQ_INT(kg_store_open(&s, dir, KG_OPEN_READ), 0);
	CHECK_EQ_INT(kg_txn_read(&t, s), 0);
	CHECK_EQ_INT(kg_doc_get(t, KG_DOC_WORKS, "10.1234/doc5999", 15, &val, &vlen), 0);
	CHECK_EQ_INT(vlen, 2048);
	kg_txn_free(t);
	kg_store_free(s);
	t_rmrf(dir);
}

/* Documents written across checkpoints, then most deleted: the build
 * leaves many free pages, which kg_build_commit compacts away. */
static int churn(kg_txn *t, void *ctx)
{
	char doi[32], rec[1024];
	uint32_t sid;
	int rc, i;

	(void)ctx;
	if ((rc = begin_source(t, "TEST", "churn", &sid)) < 0)
		return rc;
	memset(rec, 'x', sizeof(rec));
	for (i = 0; i < 8000; i++) {
		snprintf(doi, sizeof(doi), "10.9/churn%05d", i);
		if ((rc = kg_doc_put(t, sid, KG_DOC_WORKS, doi, strlen(doi), rec, sizeof(rec))) < 0)
			return rc;
		if (i % 1000 == 999 && (rc = kg_txn_checkpoint(t)) < 0)
			return rc;
	}
	for (i = 0; i < 8000; i++) {
		if (i % 10 == 0)
			continue; /* keep every tenth */
		snprintf(doi, sizeof(doi), "10.9/churn%05d", i);
		if ((rc = kg_doc_del(t, KG_DOC_WORKS, doi, strlen(doi))) < 0)
			return rc;
	}
	return 0;
}

static void commit_compacts(void)
{
	const char *dir = t_tmpdir("kgc");
	kg_store *s = NULL;
	kg_txn *t = NULL;
	const void *val;
	size_t vlen;
	char path[512];
	struct stat st;
	uint64_t before_used = 0, map;

	t_rmrf(dir);
	CHECK_EQ_INT(kg_build_begin(&s, dir), 0);
	CHECK_EQ_INT(kg_store_write(s, churn, NULL), 0);
	CHECK_EQ_INT(kg_store_usage(s, &before_used, &map), 0);
	CHECK(before_used > (8u << 20)); /* the pages of 8000 1 KiB records */
	CHECK_EQ_INT(kg_build_commit(s), 0);
	snprintf(path, sizeof(path), "%s/CURRENT/data.mdb", dir);
	CHECK_EQ_INT(stat(path, &st), 0);
	/* a tenth of the records are left: the file holds about a tenth */
	CHECK((uint64_t)st.st_size < before_used / 4);
	/* no compaction directory is left behind */
	{
		DIR *d = opendir(dir);
		struct dirent *e;
		int extra = 0;

		while (d && (e = readdir(d)))
			extra += strstr(e->d_name, ".compact") != NULL;
		if (d)
			closedir(d);
		CHECK_EQ_INT(extra, 0);
	}
	CHECK_EQ_INT(kg_store_open(&s, dir, KG_OPEN_READ), 0);
	CHECK_EQ_INT(kg_txn_read(&t, s), 0);
	CHECK_EQ_INT(kg_doc_get(t, KG_DOC_WORKS, "10.9/churn07990", 15, &val, &vlen), 0);
	CHECK_EQ_INT(vlen, 1024);
	CHECK_EQ_INT(kg_doc_get(t, KG_DOC_WORKS, "10.9/churn07991", 15, &val, &vlen), PK_ENOTFOUND);
	pk_error_clear();
	kg_txn_free(t);
	kg_store_free(s);
	t_rmrf(dir);
}

typedef struct merge_ctx {
	int step;
} merge_ctx;

static int merge_nodes(kg_txn *t, void *vctx)
{
	merge_ctx *m = vctx;
	kg_source a = { 0 }, b = { 0 };
	kg_node n = { 0 };
	uint32_t sa, sb;
	int rc;

	(void)m;
	a.kind = "A";
	a.edition = "1";
	b.kind = "B";
	b.edition = "1";
	if ((rc = kg_source_begin(t, &a, &sa)) < 0 || (rc = kg_source_begin(t, &b, &sb)) < 0)
		return rc;
	n.type = KG_ENTITY;
	n.key = "Fe";
	n.name = "iron";
	n.kind = "element";
	if ((rc = kg_node_put(t, sa, &n)) < 0)
		return rc;
	memset(&n, 0, sizeof(n));
	n.type = KG_ENTITY;
	n.key = "Fe";
	n.symbol = "Fe";
	n.z = 26;
	if ((rc = kg_node_put(t, sb, &n)) < 0)
		return rc;
	/* index entries and documents owned by B */
	if ((rc = kg_doc_put(t, sb, KG_DOC_WORKS, "10.1/x", 6, "rec", 3)) < 0 ||
	    (rc = kg_index_add(t, sb, "Tkey", 4, "10.1/x", 6)) < 0 ||
	    (rc = kg_index_add(t, sa, "Tkey", 4, "10.1/y", 6)) < 0)
		return rc;
	return 0;
}

static int delete_b(kg_txn *t, void *ctx)
{
	kg_source src;
	int rc;

	(void)ctx;
	if ((rc = kg_source_find(t, "B", "1", &src)) < 0)
		return rc;
	return kg_source_delete(t, src.id);
}

static int delete_a(kg_txn *t, void *ctx)
{
	kg_source src;
	int rc;

	(void)ctx;
	if ((rc = kg_source_find(t, "A", "1", &src)) < 0)
		return rc;
	return kg_source_delete(t, src.id);
}

static int count_idx(const void *target, size_t len, void *ctx)
{
	(void)target;
	(void)len;
	(*(int *)ctx)++;
	return 0;
}

static void nodes_merge_and_shared_ownership(void)
{
	const char *dir = t_tmpdir("kg6");
	kg_store *s = NULL;
	kg_txn *t = NULL;
	merge_ctx m = { 0 };
	kg_node n;
	const void *val;
	size_t vlen, cnt = 0;
	int hits = 0;

	t_rmrf(dir);
	CHECK_EQ_INT(kg_build_begin(&s, dir), 0);
	CHECK_EQ_INT(kg_store_write(s, merge_nodes, &m), 0);
	CHECK_EQ_INT(kg_txn_read(&t, s), 0);
	CHECK_EQ_INT(kg_node_get(t, KG_ENTITY, "Fe", &n), 0);
	CHECK_STR(n.name, "iron");
	CHECK_STR(n.symbol, "Fe");
	CHECK_EQ_INT(n.z, 26);
	CHECK_EQ_INT(kg_index_count(t, "Tkey", 4, &cnt), 0);
	CHECK_EQ_INT(cnt, 2);
	kg_txn_free(t);
	/* deleting B keeps the node (A still mentions it) and B's documents go */
	CHECK_EQ_INT(kg_store_write(s, delete_b, NULL), 0);
	CHECK_EQ_INT(kg_txn_read(&t, s), 0);
	CHECK_EQ_INT(kg_node_get(t, KG_ENTITY, "Fe", &n), 0);
	CHECK_EQ_INT(kg_doc_get(t, KG_DOC_WORKS, "10.1/x", 6, &val, &vlen), PK_ENOTFOUND);
	CHECK_EQ_INT(kg_index_find(t, "Tkey", 4, 0, count_idx, &hits), 0);
	CHECK_EQ_INT(hits, 1);
	kg_txn_free(t);
	/* deleting A too removes the node */
	CHECK_EQ_INT(kg_store_write(s, delete_a, NULL), 0);
	CHECK_EQ_INT(kg_txn_read(&t, s), 0);
	CHECK_EQ_INT(kg_node_get(t, KG_ENTITY, "Fe", &n), PK_ENOTFOUND);
	kg_txn_free(t);
	kg_build_abort(s);
	t_rmrf(dir);
}

typedef struct snap_ctx {
	kg_store *s;
	int seen_uncommitted;
} snap_ctx;

static int write_and_peek(kg_txn *t, void *vctx)
{
	snap_ctx *c = vctx;
	kg_txn *r = NULL;
	kg_source src;
	uint32_t sid;
	int rc;

	if ((rc = begin_source(t, "PEEK", "1", &sid)) < 0)
		return rc;
	/* a reader during the write sees the last committed state */
	if ((rc = kg_txn_read(&r, c->s)) < 0)
		return rc;
	c->seen_uncommitted = kg_source_find(r, "PEEK", "1", &src) == 0;
	kg_txn_free(r);
	return 0;
}

/* kg_index_add_many writes what kg_index_add writes one by one: 3,000
 * entries in shuffled order, with repeats and a key already written by
 * kg_index_add, read back per key; an over-long entry is refused; deleting
 * the owner removes them */
#define MANY 3000

/* The entries written: key K0..K99 at random (so 30 targets a key),
 * target i / 3 (each entry twice or thrice) or t7 */
static void many_entries(char keys[MANY][16], char tgts[MANY][16])
{
	unsigned x = 12345;

	for (int i = 0; i < MANY; i++) {
		x = x * 1103515245u + 12345u;
		snprintf(keys[i], 16, "K%d", (int)((x >> 8) % 100));
		snprintf(tgts[i], 16, "t%d", i % 100 == 7 ? 7 : i / 3);
	}
}

/* The first entry of e[0..n) out of the table's order (key bytes, the
 * shorter first, then target bytes, the shorter first), 0 when sorted */
static size_t unsorted_at(const kg_index_entry *e, size_t n)
{
	size_t j;

	for (j = 1; j < n; j++) {
		size_t la = e[j - 1].klen, lb = e[j].klen;
		int c = memcmp(e[j - 1].key, e[j].key, la < lb ? la : lb);

		if (!c)
			c = (la > lb) - (la < lb);
		if (!c) {
			la = e[j - 1].tlen;
			lb = e[j].tlen;
			c = memcmp(e[j - 1].target, e[j].target, la < lb ? la : lb);
			if (!c)
				c = (la > lb) - (la < lb);
		}
		if (c > 0)
			return j;
	}
	return 0;
}

static int many_write(kg_txn *t, void *ctx)
{
	static char keys[MANY][16], tgts[MANY][16];
	kg_index_entry e[MANY + 1];
	kg_source a = { 0 };
	uint32_t sid;
	int rc, i;

	(void)ctx;
	a.kind = "A";
	a.edition = "1";
	if ((rc = kg_source_begin(t, &a, &sid)) < 0 || (rc = kg_index_add(t, sid, "K7", 2, "t7", 2)) < 0)
		return rc;
	many_entries(keys, tgts);
	for (i = 0; i < MANY; i++)
		e[i] = (kg_index_entry){ keys[i], tgts[i], (uint32_t)strlen(keys[i]), (uint32_t)strlen(tgts[i]), 0 };
	if ((rc = kg_index_add_many(t, sid, e, MANY)) < 0)
		return rc;
	/* what the array held is now sorted, and the table holds one of each */
	for (i = 1; i < MANY; i++) {
		int c = memcmp(e[i - 1].key, e[i].key, e[i - 1].klen < e[i].klen ? e[i - 1].klen : e[i].klen);

		if (c > 0 || (c == 0 && e[i - 1].klen > e[i].klen))
			return pk_error_set(PK_ERROR, "not sorted at %d", i);
	}
	{
		/* keys that share their first 8 bytes, or are a prefix of one
		 * another, or differ in the padding's place: the sort's 8-byte
		 * prefixes must order them as the bytes do (then by target) */
		static const char *const tricky[][2] = {
			{ "Pprefix-10", "b" }, { "Pprefix-9", "a" }, { "Pprefix", "a" }, { "Pprefix-", "z" },
			{ "P1", "q" }, { "P10", "a" }, { "P1\x01", "a" }, { "Pprefix-1", "c" }, { "Pprefix-10", "a" },
			{ "P\xff", "a" }, { "Pprefix-10long", "a" }, { "P", "a" }, { "Pprefix-1", "b" },
		};
		static char more[400][24];
		size_t nt = sizeof(tricky) / sizeof(tricky[0]), j;
		unsigned x = 99;

		for (j = 0; j < nt; j++)
			e[j] = (kg_index_entry){ tricky[j][0], tricky[j][1], (uint32_t)strlen(tricky[j][0]),
						 (uint32_t)strlen(tricky[j][1]), 0 };
		/* and enough more for the merge passes: long keys sharing 8
		 * bytes, in random order, some equal with different targets */
		for (j = 0; j < 400; j += 2, nt++) {
			x = x * 1103515245u + 12345u;
			snprintf(more[j], 24, "Pprefix-%u", (x >> 8) % 150);
			snprintf(more[j + 1], 24, "t%u", (x >> 4) % 7);
			e[nt] = (kg_index_entry){ more[j], more[j + 1], (uint32_t)strlen(more[j]), (uint32_t)strlen(more[j + 1]),
						  0 };
		}
		if ((rc = kg_index_add_many(t, sid, e, nt)) < 0)
			return rc;
		if ((j = unsorted_at(e, nt)))
			return pk_error_set(PK_ERROR, "tricky keys not sorted at %zu", j);
	}
	{
		/* no memory for the ranks: the same order by bytes (qsort); the
		 * same entries again, reversed, so the table is unchanged */
		size_t j;

		for (j = 0; j < MANY; j++)
			e[j] = (kg_index_entry){ keys[MANY - 1 - j], tgts[MANY - 1 - j], (uint32_t)strlen(keys[MANY - 1 - j]),
						 (uint32_t)strlen(tgts[MANY - 1 - j]), 0 };
		pk_alloc_fail_after(0);
		rc = kg_index_add_many(t, sid, e, MANY);
		pk_alloc_fail_after(-1);
		if (rc < 0)
			return rc;
		if ((j = unsorted_at(e, MANY)))
			return pk_error_set(PK_ERROR, "not sorted without memory at %zu", j);
	}
	e[0] = (kg_index_entry){ "Klong", tgts[0], 5, 600, 0 };
	if (kg_index_add_many(t, sid, e, 1) != PK_ELIMIT)
		return pk_error_set(PK_ERROR, "an over-long entry was written");
	return 0;
}

static int collect_targets(const void *target, size_t len, void *ctx)
{
	pk_buf *b = ctx;

	return pk_buf_put(b, target, len) < 0 || pk_buf_put(b, ",", 1) < 0 ? -1 : 0;
}

/* kg_index_sort on another thread, then kg_index_add_sorted: the same
 * order as kg_index_add_many's, and the same index; entries in any other
 * order are written all the same. */
typedef struct sorted_ctx {
	kg_index_entry *e;
	size_t n;
	int how; /* 0: kg_index_add_many; 1: sorted elsewhere; 2: add_sorted unsorted */
} sorted_ctx;

static void *sort_elsewhere(void *arg)
{
	sorted_ctx *c = arg;
	kg_index_sorter *srt = kg_index_sorter_new();

	if (srt && kg_index_sort(srt, c->e, c->n) == 0 && unsorted_at(c->e, c->n) == 0)
		return srt; /* (the sorted entries may point at its copies) */
	kg_index_sorter_free(srt);
	return NULL;
}

static int sorted_write(kg_txn *t, void *ctx)
{
	sorted_ctx *c = ctx;
	uint32_t sid;
	int rc;

	if ((rc = begin_source(t, "TEST", "sorted", &sid)) < 0)
		return rc;
	rc = c->how == 0 ? kg_index_add_many(t, sid, c->e, c->n) : kg_index_add_sorted(t, sid, c->e, c->n);
	return rc < 0 ? rc : kg_source_finish(t, sid, 0, 0, NULL);
}

/* every key's targets, in the index's order, as one string */
static void index_listing(const char *dir, pk_buf *out)
{
	kg_store *s = NULL;
	kg_txn *t = NULL;
	int k;

	CHECK_EQ_INT(kg_store_open(&s, dir, KG_OPEN_READ), 0);
	CHECK_EQ_INT(kg_txn_read(&t, s), 0);
	for (k = 0; k < 100; k++) {
		char key[16];

		snprintf(key, sizeof(key), "K%d", k);
		CHECK_EQ_INT(pk_buf_put(out, key, strlen(key)), 0);
		CHECK_EQ_INT(pk_buf_putc(out, ':'), 0);
		CHECK_EQ_INT(kg_index_find(t, key, strlen(key), 0, collect_targets, out), 0);
	}
	kg_txn_free(t);
	kg_store_free(s);
}

static void index_sorted_elsewhere(void)
{
	static char keys[MANY][16], tgts[MANY][16];
	static kg_index_entry e[MANY];
	const char *dir = t_tmpdir("kgsorted");
	pk_buf want = PK_BUF_INIT, got = PK_BUF_INIT;
	sorted_ctx c = { e, MANY, 0 };
	pthread_t th;
	void *srt = NULL;
	int how, i;

	many_entries(keys, tgts);
	for (how = 0; how < 3; how++) {
		for (i = 0; i < MANY; i++)
			e[i] = (kg_index_entry){ keys[i], tgts[i], (uint32_t)strlen(keys[i]), (uint32_t)strlen(tgts[i]), 0 };
		c.how = how;
		if (how == 1) {
			CHECK_EQ_INT(pthread_create(&th, NULL, sort_elsewhere, &c), 0);
			CHECK_EQ_INT(pthread_join(th, &srt), 0);
			CHECK(srt != NULL);
		}
		t_rmrf(dir);
		{
			kg_store *s = NULL;

			CHECK_EQ_INT(kg_build_begin(&s, dir), 0);
			CHECK_EQ_INT(kg_store_write(s, sorted_write, &c), 0);
			CHECK_EQ_INT(kg_build_commit(s), 0);
		}
		kg_index_sorter_free(srt);
		srt = NULL;
		pk_buf_reset(how ? &got : &want);
		index_listing(dir, how ? &got : &want);
		if (how)
			CHECK(got.len == want.len && !memcmp(got.ptr, want.ptr, want.len));
	}
	CHECK(want.len > 3000);
	pk_buf_release(&want);
	pk_buf_release(&got);
	t_rmrf(dir);
}

static void index_add_many(void)
{
	static char keys[MANY][16], tgts[MANY][16];
	const char *dir = t_tmpdir("kgmany");
	kg_store *s = NULL;
	kg_txn *t = NULL;
	size_t total = 0, cnt;
	int i, k;

	t_rmrf(dir);
	CHECK_EQ_INT(kg_build_begin(&s, dir), 0);
	CHECK_EQ_INT(kg_store_write(s, many_write, NULL), 0);
	CHECK_EQ_INT(kg_txn_read(&t, s), 0);
	many_entries(keys, tgts); /* the expected set */
	for (k = 0; k < 100; k++) {
		char key[16];
		pk_buf got;
		size_t want = 0;

		snprintf(key, sizeof(key), "K%d", k);
		for (i = 0; i < MANY; i++) {
			int first = 1;

			if (strcmp(keys[i], key))
				continue;
			for (int j = 0; j < i; j++)
				if (!strcmp(keys[j], key) && !strcmp(tgts[j], tgts[i]))
					first = 0;
			if (k == 7 && !strcmp(tgts[i], "t7"))
				first = 0; /* written before by kg_index_add */
			want += first;
		}
		want += k == 7;
		pk_buf_init(&got, 1 << 20);
		CHECK_EQ_INT(pk_buf_putc(&got, ','), 0);
		CHECK_EQ_INT(kg_index_find(t, key, strlen(key), 0, collect_targets, &got), 0);
		CHECK_EQ_INT(pk_buf_putc(&got, '\0'), 0);
		CHECK_EQ_INT(kg_index_count(t, key, strlen(key), &cnt), 0);
		CHECK_EQ_INT(cnt, want);
		for (i = 0; i < MANY; i++) {
			char needle[24];

			if (strcmp(keys[i], key))
				continue;
			snprintf(needle, sizeof(needle), ",%.15s,", tgts[i]);
			CHECK(strstr(got.ptr, needle) != NULL);
		}
		total += cnt;
		pk_buf_release(&got);
	}
	CHECK(total > 900 && total < MANY);
	kg_txn_free(t);
	CHECK_EQ_INT(kg_store_write(s, delete_a, NULL), 0);
	CHECK_EQ_INT(kg_txn_read(&t, s), 0);
	CHECK_EQ_INT(kg_index_count(t, "K7", 2, &cnt), 0);
	CHECK_EQ_INT(cnt, 0);
	kg_txn_free(t);
	kg_store_free(s);
	t_rmrf(dir);
}

static void readers_see_last_commit(void)
{
	const char *dir = t_tmpdir("kg7");
	kg_store *s = NULL;
	kg_txn *r = NULL;
	snap_ctx c;
	kg_source src;

	t_rmrf(dir);
	CHECK_EQ_INT(kg_build_begin(&s, dir), 0);
	CHECK_EQ_INT(kg_build_commit(s), 0);
	CHECK_EQ_INT(kg_store_open(&s, dir, KG_OPEN_WRITE), 0);
	CHECK_EQ_INT(kg_txn_read(&r, s), 0);
	c.s = s;
	c.seen_uncommitted = -1;
	CHECK_EQ_INT(kg_store_write(s, write_and_peek, &c), 0);
	CHECK_EQ_INT(c.seen_uncommitted, 0);
	/* the old snapshot still does not see it; renewed, it does */
	CHECK_EQ_INT(kg_source_find(r, "PEEK", "1", &src), PK_ENOTFOUND);
	CHECK_EQ_INT(kg_txn_renew(r), 0);
	CHECK_EQ_INT(kg_source_find(r, "PEEK", "1", &src), 0);
	kg_txn_free(r);
	kg_store_free(s);
	t_rmrf(dir);
}

/* A read txn's caches of its commit (graph.c) answer as the tables do.
 * The set of name keys (made after 64 lookups): each of 200 names found
 * once, before the set is made and after; 200 names never added and a key
 * past 200 bytes not found; a renewed txn reading a newer commit sees its
 * names (the old commit's set is dropped), and the old commit's view did
 * not. The nodes read lately (after 16 reads): found or not as before,
 * read twice; after a commit that removes 150 of them, a renewed txn
 * finds those no more (their records' places are forgotten). */
static int name_hits(kg_txn *t, const char *key)
{
	int hits = 0;

	CHECK_EQ_INT(kg_name_find(t, KG_NS_NAME, key, names_cb, &hits), 0);
	return hits;
}

static void commit_caches(void)
{
	const char *dir = t_tmpdir("kgnames");
	kg_store *s = NULL;
	kg_txn *r = NULL;
	fill_ctx c = { "1", 200, 0, 0 };
	char key[300];
	int i, wrong = 0;

	t_rmrf(dir);
	CHECK_EQ_INT(kg_build_begin(&s, dir), 0);
	CHECK_EQ_INT(kg_store_write(s, fill, &c), 0);
	CHECK_EQ_INT(kg_build_commit(s), 0);
	CHECK_EQ_INT(kg_store_open(&s, dir, KG_OPEN_WRITE), 0);
	CHECK_EQ_INT(kg_txn_read(&r, s), 0);
	for (i = 0; i < 400; i++) {
		snprintf(key, sizeof(key), "quantity %d", i);
		wrong += name_hits(r, key) != (i < 200);
	}
	CHECK_EQ_INT(wrong, 0);
	memset(key, 'q', 250);
	key[250] = '\0';
	CHECK_EQ_INT(name_hits(r, key), 0);
	/* a newer commit: names 200-299 */
	c.edition = "2";
	c.nvalues = 300;
	CHECK_EQ_INT(kg_store_write(s, fill, &c), 0);
	CHECK_EQ_INT(name_hits(r, "quantity 250"), 0);
	CHECK_EQ_INT(kg_txn_renew(r), 0);
	CHECK_EQ_INT(name_hits(r, "quantity 250"), 1);
	CHECK_EQ_INT(name_hits(r, "quantity 150"), 2);
	for (i = 0, wrong = 0; i < 400; i++) {
		snprintf(key, sizeof(key), "quantity %d", i);
		wrong += name_hits(r, key) != (i < 200 ? 2 : i < 300);
	}
	CHECK_EQ_INT(wrong, 0);
	/* nodes: read twice, then edition 2 again with 150 of its 300 */
	for (i = 0, wrong = 0; i < 800; i++) {
		kg_node nd;
		int rc;

		snprintf(key, sizeof(key), "quantity %d", i % 400);
		rc = kg_node_get(r, KG_QUANTITY, key, &nd);
		wrong += i % 400 < 300 ? rc != 0 || strcmp(nd.key, key) || strcmp(nd.name, key) : rc != PK_ENOTFOUND;
	}
	CHECK_EQ_INT(wrong, 0);
	c.nvalues = 150;
	CHECK_EQ_INT(kg_store_write(s, fill, &c), 0);
	CHECK_EQ_INT(kg_txn_renew(r), 0);
	for (i = 0, wrong = 0; i < 400; i++) {
		kg_node nd;
		int rc;

		snprintf(key, sizeof(key), "quantity %d", i);
		rc = kg_node_get(r, KG_QUANTITY, key, &nd);
		wrong += i < 200 ? rc != 0 || strcmp(nd.key, key) : rc != PK_ENOTFOUND;
	}
	CHECK_EQ_INT(wrong, 0);
	kg_txn_free(r);
	kg_store_free(s);
	t_rmrf(dir);
}

/* Index reads of a read transaction share one kept cursor (issue 19):
 * a read inside another's callback gets a cursor of its own and leaves
 * the outer walk where it was; a count between reads; after a renew the
 * kept cursor reads the newer commit (it would read the old one, or
 * fail, if it were not renewed with the txn). */
typedef struct nest_ctx {
	kg_txn *t;
	int outer, inner;
	char seen[8][8];
} nest_ctx;

static int count_inner(const void *target, size_t len, void *ctx)
{
	(void)target;
	(void)len;
	((nest_ctx *)ctx)->inner++;
	return 0;
}

static int nest_outer(const void *target, size_t len, void *ctx)
{
	nest_ctx *c = ctx;

	if (c->outer < 8)
		snprintf(c->seen[c->outer], sizeof(c->seen[0]), "%.*s", (int)len, (const char *)target);
	c->outer++;
	/* a nested read while the outer one walks its duplicates */
	return kg_index_find(c->t, "K2", 2, 0, count_inner, c) < 0 ? -1 : 0;
}

typedef struct idx_ctx {
	int n;
} idx_ctx;

static int add_idx(kg_txn *t, void *vctx)
{
	idx_ctx *c = vctx;
	uint32_t sid;
	char ed[16], tg[16];
	int rc, i;

	snprintf(ed, sizeof(ed), "%d", c->n);
	if ((rc = begin_source(t, "IDX", ed, &sid)) < 0)
		return rc;
	for (i = 0; i < c->n; i++) {
		snprintf(tg, sizeof(tg), "t%d", i);
		if ((rc = kg_index_add(t, sid, "K1", 2, tg, strlen(tg))) < 0 ||
		    (rc = kg_index_add(t, sid, "K2", 2, tg, strlen(tg))) < 0)
			return rc;
	}
	return 0;
}

static void kept_index_cursor(void)
{
	const char *dir = t_tmpdir("kgcur");
	kg_store *s = NULL;
	kg_txn *r = NULL;
	idx_ctx w = { 3 };
	nest_ctx c;
	size_t cnt = 0;
	int hits = 0;

	t_rmrf(dir);
	CHECK_EQ_INT(kg_build_begin(&s, dir), 0);
	CHECK_EQ_INT(kg_store_write(s, add_idx, &w), 0);
	CHECK_EQ_INT(kg_build_commit(s), 0);
	CHECK_EQ_INT(kg_store_open(&s, dir, KG_OPEN_WRITE), 0);
	CHECK_EQ_INT(kg_txn_read(&r, s), 0);
	memset(&c, 0, sizeof(c));
	c.t = r;
	CHECK_EQ_INT(kg_index_find(r, "K1", 2, 0, nest_outer, &c), 0);
	CHECK_EQ_INT(c.outer, 3);
	CHECK_EQ_INT(c.inner, 9);
	CHECK_STR(c.seen[0], "t0");
	CHECK_STR(c.seen[2], "t2");
	CHECK_EQ_INT(kg_index_count(r, "K2", 2, &cnt), 0);
	CHECK_EQ_INT(cnt, 3);
	CHECK_EQ_INT(kg_index_find(r, "K9", 2, 0, count_idx, &hits), 0); /* no such key */
	CHECK_EQ_INT(hits, 0);
	/* a newer commit: the old snapshot reads 3, the renewed txn 3 + 5 */
	w.n = 5;
	CHECK_EQ_INT(kg_store_write(s, add_idx, &w), 0);
	CHECK_EQ_INT(kg_index_find(r, "K1", 2, 0, count_idx, &hits), 0);
	CHECK_EQ_INT(hits, 3);
	CHECK_EQ_INT(kg_txn_renew(r), 0);
	hits = 0;
	CHECK_EQ_INT(kg_index_find(r, "K1", 2, 0, count_idx, &hits), 0);
	CHECK_EQ_INT(hits, 8); /* an entry is its owner's: t0..t2 twice */
	CHECK_EQ_INT(kg_index_count(r, "K2", 2, &cnt), 0);
	CHECK_EQ_INT(cnt, 8);
	kg_txn_free(r);
	kg_store_free(s);
	t_rmrf(dir);
}

/* The matching keys as their documented layout (work.h) spells them,
 * built here with printf from their parts: the keys' own appends write
 * no printf, and a byte out of place would orphan every index entry
 * written by an older build. */
/* kg_fold_plain, the allocation-free fold of plain ASCII, writes what
 * kg_fold_text writes, cut as a copy into a buffer of that size is cut:
 * real titles and names, punctuation, dashes and blanks of every kind,
 * control bytes, and seeded random ASCII; text that is not plain (beyond
 * ASCII, markup, entities) is refused. */
static void fold_plain(void)
{
	static const char *const real[] = {
		"Phys. Rev. B 47, 9967 - 9970 (1993)", "  Hello --  World  ", "-lead and trail-", "O'Brien",
		"A -- B", "Tab\there\nnewline\r\f\v", "x_y+z=w", "UPPER lower 123", "", "   ", "-", "a\x01b\x7f",
		"Quantum Hall effect: a (brief) review; part II/III?", "[1] {x} |y| ~z` ^q @w #e $r %t *u",
	};
	static const char *const not_plain[] = { "Müller", "a <i>b</i>", "R&amp;D", "x & y", "\xe2\x80\x93" };
	char text[300], got[300];
	unsigned seed = 2026;
	size_t i, k, cap;

	for (i = 0; i < sizeof(real) / sizeof(real[0]) + 400; i++) {
		pk_buf want = PK_BUF_INIT;
		size_t n;

		if (i < sizeof(real) / sizeof(real[0])) {
			n = strlen(real[i]);
			memcpy(text, real[i], n + 1);
		} else {
			n = (seed = seed * 1103515245u + 12345u) >> 16 & 127;
			for (k = 0; k < n; k++) {
				/* mostly letters and blanks, any ASCII byte but NUL, '<', '&' */
				unsigned r = (seed = seed * 1103515245u + 12345u) >> 16;

				text[k] = r % 4 == 0 ? ' ' : r % 4 == 1 ? (char)('a' + r / 4 % 26) : (char)(1 + r / 4 % 127);
				if (text[k] == '<' || text[k] == '&')
					text[k] = '-';
			}
			text[n] = '\0';
		}
		CHECK_EQ_INT(kg_fold_text(&want, text, n), 0);
		for (cap = 1; cap <= (want.len < 200 ? want.len : 200) + 2; cap++) {
			long l = kg_fold_plain(text, n, got, cap);
			size_t keep = want.len < cap - 1 ? want.len : cap - 1;

			CHECK_EQ_INT(l, (long)want.len);
			CHECK(strlen(got) == keep && (!keep || !memcmp(got, want.ptr, keep)));
		}
		pk_buf_release(&want);
	}
	for (i = 0; i < sizeof(not_plain) / sizeof(not_plain[0]); i++)
		CHECK_EQ_INT(kg_fold_plain(not_plain[i], strlen(not_plain[i]), got, sizeof(got)), -1);
}

static void key_layouts(void)
{
	static const struct {
		const char *family, *venue, *volume, *page;
		int year;
	} cases[] = {
		{ "Müller", "Physical Review B", "47", "9967-9970", 1993 },
		{ "van der Waals", "Nature", "1", "e12", 2023 },
		{ "Zhang", "J. Chem. Phys.", "124", "104503", 0 },
		{ "O'Brien", "Annals of Physics", "12", "1\xe2\x80\x93" "9", -44 },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		pk_buf k = PK_BUF_INIT, fam = PK_BUF_INIT;
		char want[512], ini[32];

		CHECK_EQ_INT(kg_family_fold(&fam, cases[i].family), 0);
		kg_venue_initials(ini, sizeof(ini), cases[i].venue);
		snprintf(want, sizeof(want), "A%s|%d", pk_buf_cstr(&fam), cases[i].year);
		CHECK_EQ_INT(kg_key_author_year(&k, cases[i].family, cases[i].year), 0);
		CHECK_STR(pk_buf_cstr(&k), want);
		pk_buf_reset(&k);
		snprintf(want, sizeof(want), "V%s|%d|%s", pk_buf_cstr(&fam), cases[i].year, ini);
		CHECK_EQ_INT(kg_key_author_venue(&k, cases[i].family, cases[i].year, cases[i].venue), 0);
		CHECK_STR(pk_buf_cstr(&k), want);
		pk_buf_reset(&k);
		snprintf(want, sizeof(want), "P%.*s|%.*s", (int)strcspn(cases[i].volume, " "), cases[i].volume,
			 (int)strcspn(cases[i].page, "-\xe2\x80\x93\xe2\x80\x94, "), cases[i].page);
		CHECK_EQ_INT(kg_key_volume_page(&k, cases[i].volume, cases[i].page), 0);
		CHECK_STR(pk_buf_cstr(&k), want);
		pk_buf_reset(&k);
		snprintf(want, sizeof(want), "Iarxiv:%s", "1706.03762");
		CHECK_EQ_INT(kg_key_ident(&k, "arxiv", "1706.03762"), 0);
		CHECK_STR(pk_buf_cstr(&k), want);
		pk_buf_reset(&k);
		CHECK_EQ_INT(kg_key_ident(&k, "doi", "https://doi.org/10.1103/PhysRevB.47.9967."), 0);
		CHECK_STR(pk_buf_cstr(&k), "Idoi:10.1103/physrevb.47.9967");
		pk_buf_release(&k);
		pk_buf_release(&fam);
	}
	{
		/* kg_keys_author: each year's key is kg_key_author_venue's (or
		 * kg_key_author_year's), or empty where that one fails */
		static const char *const families[] = { "Müller", "van der Waals", "Zhang", "O'Brien", "X", "", "-",
							"Ng", "\xe5\xbc\xa0", "A. B.", "de la Cruz-Ortiz" };
		static const char *const venues[] = { "Physical Review B", "Nature", "", "of the", "J. Chem. Phys.",
						      "Annals of Physics", "\xe7\x89\xa9\xe7\x90\x86\xe5\xad\xa6\xe6\x8a\xa5" };
		const int years[3] = { 2019, 2018, 2020 };
		size_t f, v, y;
		int wrong = 0, made = 0;

		for (f = 0; f < sizeof(families) / sizeof(families[0]); f++)
			for (v = 0; v <= sizeof(venues) / sizeof(venues[0]); v++) {
				const char *venue = v < sizeof(venues) / sizeof(venues[0]) ? venues[v] : NULL;
				pk_buf keys[3] = { PK_BUF_INIT, PK_BUF_INIT, PK_BUF_INIT }, one = PK_BUF_INIT;

				kg_keys_author(keys, families[f], years, 3, venue);
				for (y = 0; y < 3; y++) {
					int rc = venue ? kg_key_author_venue(&one, families[f], years[y], venue)
						       : kg_key_author_year(&one, families[f], years[y]);

					pk_error_clear();
					wrong += rc < 0 ? keys[y].len != 0
							: keys[y].len != one.len || memcmp(keys[y].ptr, one.ptr, one.len);
					made += rc == 0;
					pk_buf_reset(&one);
					pk_buf_release(&keys[y]);
				}
				pk_buf_release(&one);
			}
		CHECK_EQ_INT(wrong, 0);
		CHECK(made > 60);
	}
	{
		/* a window's key hashed a word at a time is kg_key_folded's */
		static const char *const words[] = { "quantum", "hall", "effect", "in", "graphene" };
		unsigned char k[KG_KEY_HASHED];
		char joined[64] = "";
		size_t jl = 0;
		uint64_t h = PK_FNV1A64_INIT;
		pk_buf want = PK_BUF_INIT;

		for (size_t w = 0; w < 5; w++) {
			h = pk_fnv1a64_more(h, words[w], strlen(words[w]));
			jl += (size_t)snprintf(joined + jl, sizeof(joined) - jl, "%s", words[w]);
			pk_buf_reset(&want);
			CHECK_EQ_INT(kg_key_folded(&want, 'T', joined, strlen(joined)), 0);
			kg_key_hashed(k, 'T', h);
			CHECK(want.len == sizeof(k) && !memcmp(want.ptr, k, sizeof(k)));
		}
		pk_buf_release(&want);
	}
	{
		/* a key over the buffer's cap: an error, and the key as it was */
		pk_buf k;

		pk_buf_init(&k, 6);
		CHECK(pk_buf_puts(&k, "xy") == 0);
		CHECK(kg_key_volume_page(&k, "1234", "5678") == PK_ELIMIT);
		CHECK_STR(pk_buf_cstr(&k), "xy");
		CHECK(kg_key_author_year(&k, "Ng", 2020) == PK_ELIMIT);
		pk_buf_release(&k);
		pk_error_clear();
	}
}

/* The title and term keys' filter (kfilter.c): every such key written is
 * found; most keys never written are turned away by the filter alone; a
 * write that bypasses the filter (as an older provkg's would) makes readers
 * stop trusting it, and the next write of a title key makes it again; it
 * grows past what it was made for; no memory for its bits leaves a graph
 * without one, not a failed write; deleting entries keeps it trusted */
#define KF_N 20000

typedef struct kf_ctx {
	int phase;
	unsigned from, to; /* the keys phase 0 writes: from .. to-1 */
	uint32_t sid;
} kf_ctx;

#define KF_KEY 40

/* key i: a title or term key, or an identifier key ("Idoi:...") */
static size_t kf_key(unsigned char k[KF_KEY], unsigned i)
{
	static const char tags[5] = { 'T', 'B', KG_TERM_TITLE, KG_TERM_NAME, KG_TERM_VENUE };

	if (i % 6 == 5)
		return (size_t)snprintf((char *)k, KF_KEY, "Idoi:10.%u/x.%u", i % 1000, i);
	kg_key_hashed(k, tags[i % 6], pk_fnv1a64(&i, sizeof(i)));
	return KG_KEY_HASHED;
}

static int kf_write(kg_txn *t, void *vctx)
{
	static unsigned char keys[3 * KF_N][KF_KEY];
	static kg_index_entry e[3 * KF_N];
	kf_ctx *c = vctx;
	kg_source a = { 0 };
	unsigned char k[KF_KEY];
	size_t kl;
	unsigned i;
	int rc;

	a.kind = "KF";
	a.edition = c->phase == 3 ? "2" : "1";
	switch (c->phase) {
	case 0: /* written as ingest writes */
		if (c->from == 0 && (rc = kg_source_begin(t, &a, &c->sid)) < 0)
			return rc;
		for (i = c->from; i < c->to; i++) {
			kl = kf_key(keys[i - c->from], i);
			e[i - c->from] = (kg_index_entry){ keys[i - c->from], "10.1/x", (uint32_t)kl, 6, 0 };
		}
		return kg_index_add_many(t, c->sid, e, c->to - c->from);
	case 2: /* one title key, as a new writer adds it */
		kl = kf_key(k, 10 * KF_N + 2);
		return kg_index_add(t, c->sid, k, kl, "10.1/z", 6);
	case 3: /* a key, then no memory for anything more (the filter's rebuild) */
		if ((rc = kg_source_begin(t, &a, &c->sid)) < 0)
			return rc;
		kl = kf_key(k, 10 * KF_N + 3);
		pk_alloc_fail_after(1); /* the filter's state, not its bits */
		rc = kg_index_add(t, c->sid, k, kl, "10.1/w", 6);
		pk_alloc_fail_after(-1);
		return rc;
	default: /* the first source deleted */
		return kg_source_delete(t, 1);
	}
}

static int kf_hit(const void *target, size_t len, void *ctx)
{
	(void)target;
	(void)len;
	(*(int *)ctx)++;
	return 0;
}

/* keys from..to-1 found (each once); of KF_N keys never written, how many
 * the filter alone turns away */
static unsigned kf_probe(kg_store *s, unsigned from, unsigned to, const char *when)
{
	kg_txn *t = NULL;
	unsigned char k[KF_KEY];
	unsigned i, missing = 0, away = 0;
	size_t kl;

	CHECK_EQ_INT(kg_txn_read(&t, s), 0);
	for (i = from; i < to; i++) {
		int hits = 0;

		kl = kf_key(k, i);
		kg_index_prefetch(t, k, kl);
		CHECK_EQ_INT(kg_index_find(t, k, kl, 0, kf_hit, &hits), 0);
		missing += hits != 1;
	}
	if (missing)
		fprintf(stderr, "%s: %u of the keys written not found\n", when, missing);
	CHECK_EQ_INT(missing, 0);
	for (i = 20 * KF_N; i < 21 * KF_N; i++) {
		int hits = 0;

		kl = kf_key(k, i);
		away += !kg_kf_maybe(t, k, kl);
		CHECK_EQ_INT(kg_index_find(t, k, kl, 0, kf_hit, &hits), 0);
		CHECK_EQ_INT(hits, 0);
	}
	kg_txn_free(t);
	return away;
}

static void title_filter(void)
{
	const char *dir = t_tmpdir("kgfilter");
	kg_store *s = NULL;
	kf_ctx c = { 0, 0, KF_N, 0 };
	unsigned char k[KF_KEY];
	kg_txn *t = NULL;
	unsigned away;
	int hits = 0;

	t_rmrf(dir);
	CHECK_EQ_INT(kg_build_begin(&s, dir), 0);
	CHECK_EQ_INT(kg_store_write(s, kf_write, &c), 0);
	away = kf_probe(s, 0, KF_N, "written");
	CHECK(away > KF_N * 98 / 100);
	/* an older writer's entry (LMDB written directly, as a provkg without
	 * the filter writes): the filter is no longer trusted, its key found */
	{
		unsigned char d[10] = { 0, 0, 0, 1, '1', '0', '.', '1', '/', 'y' };
		MDB_val kv = { 0, k }, v = { sizeof(d), d };
		MDB_txn *raw = NULL;

		kv.mv_size = kf_key(k, 10 * KF_N + 1);
		CHECK_EQ_INT(mdb_txn_begin(s->env, NULL, 0, &raw), 0);
		CHECK_EQ_INT(mdb_put(raw, s->dbi[KG_T_WINDEX], &kv, &v, MDB_NODUPDATA), 0);
		CHECK_EQ_INT(mdb_txn_commit(raw), 0);
	}
	CHECK_EQ_INT(kf_probe(s, 10 * KF_N + 1, 10 * KF_N + 2, "older writer"), 0);
	/* a new writer's title key: made again from the index, both found */
	c.phase = 2;
	CHECK_EQ_INT(kg_store_write(s, kf_write, &c), 0);
	CHECK(kf_probe(s, 10 * KF_N + 1, 10 * KF_N + 3, "made again") > KF_N * 98 / 100);
	CHECK(kf_probe(s, 0, KF_N, "made again, the first keys") > KF_N * 98 / 100);
	/* three times as many keys as it was made for: grown, all found */
	c.phase = 0;
	c.from = KF_N;
	c.to = 3 * KF_N;
	CHECK_EQ_INT(kg_store_write(s, kf_write, &c), 0);
	CHECK(kf_probe(s, 0, 3 * KF_N, "grown") > KF_N * 98 / 100);
	/* no memory for the filter: the write stands, no filter is trusted */
	c.phase = 3;
	CHECK_EQ_INT(kg_store_write(s, kf_write, &c), 0);
	CHECK_EQ_INT(kf_probe(s, 10 * KF_N + 3, 10 * KF_N + 4, "no memory"), 0);
	/* the next title key makes it again; deleting entries keeps it trusted */
	c.phase = 2;
	CHECK_EQ_INT(kg_store_write(s, kf_write, &c), 0);
	CHECK_EQ_INT(kg_txn_read(&t, s), 0);
	{
		/* kg_verify finds a filter that turns away keys the index holds
		 * (the test's entries point at no work: problems of their own) */
		static unsigned char zero[64 * 1024], saved[64 * 1024];
		kg_verify_stats st;
		MDB_val kv = { 12, kg_unconst("kfilter:\0\0\0\0") }, v;
		MDB_txn *raw = NULL;
		uint64_t before;

		memset(&st, 0, sizeof(st));
		CHECK_EQ_INT(kg_verify(t, NULL, NULL, &st), 0);
		before = st.problems;
		kg_txn_free(t);
		CHECK_EQ_INT(mdb_txn_begin(s->env, NULL, 0, &raw), 0);
		CHECK_EQ_INT(mdb_get(raw, s->dbi[KG_T_META], &kv, &v), 0);
		CHECK(v.mv_size <= sizeof(zero));
		memcpy(saved, v.mv_data, v.mv_size);
		v.mv_data = zero;
		CHECK_EQ_INT(mdb_put(raw, s->dbi[KG_T_META], &kv, &v, 0), 0);
		CHECK_EQ_INT(mdb_txn_commit(raw), 0);
		CHECK_EQ_INT(kg_txn_read(&t, s), 0);
		memset(&st, 0, sizeof(st));
		CHECK_EQ_INT(kg_verify(t, NULL, NULL, &st), 0);
		CHECK(st.problems > before + 1000);
		/* put back */
		kg_txn_free(t);
		v.mv_data = saved;
		CHECK_EQ_INT(mdb_txn_begin(s->env, NULL, 0, &raw), 0);
		CHECK_EQ_INT(mdb_put(raw, s->dbi[KG_T_META], &kv, &v, 0), 0);
		CHECK_EQ_INT(mdb_txn_commit(raw), 0);
		CHECK_EQ_INT(kg_txn_read(&t, s), 0);
		memset(&st, 0, sizeof(st));
		CHECK_EQ_INT(kg_verify(t, NULL, NULL, &st), 0);
		CHECK_EQ_INT(st.problems, before);
	}
	kg_txn_free(t);
	c.phase = 4;
	CHECK_EQ_INT(kg_store_write(s, kf_write, &c), 0);
	CHECK(kf_probe(s, 10 * KF_N + 3, 10 * KF_N + 4, "deleted") > KF_N * 98 / 100);
	CHECK_EQ_INT(kg_txn_read(&t, s), 0);
	CHECK_EQ_INT(kg_index_find(t, k, kf_key(k, 5), 0, kf_hit, &hits), 0);
	CHECK_EQ_INT(hits, 0);
	kg_txn_free(t);
	kg_store_free(s);
	t_rmrf(dir);
}

/* Stopwords, the longest (four bytes) among them, and words that only
 * begin like one. */
static void stopwords(void)
{
	static const char *const yes[] = { "a", "y", "of", "the", "and", "les", "with", "from", "into", "und" };
	static const char *const no[] = { "", "ab", "them", "within", "fromage", "intoxication", "theory", "x" };
	size_t i;

	for (i = 0; i < sizeof(yes) / sizeof(yes[0]); i++)
		CHECK_EQ_INT(kg_is_stopword(yes[i], strlen(yes[i])), 1);
	for (i = 0; i < sizeof(no) / sizeof(no[0]); i++)
		CHECK_EQ_INT(kg_is_stopword(no[i], strlen(no[i])), 0);
	CHECK_EQ_INT(kg_is_stopword("within", 4), 1); /* "with", the first four bytes */
	CHECK_EQ_INT(kg_term_word("with", 4), 0);
	CHECK_EQ_INT(kg_term_word("withal", 6), 1);
	CHECK_EQ_INT(kg_term_word("1993", 4), 0);
}

/* kg_warm_frontier reads the page numbers LMDB stamps on the pages it
 * allocates: the highest stamped probe is the front, whatever lies between. */
static void warm_frontier(void)
{
	const char *path = t_tmpdir("warmf");
	const size_t ps = 4096;
	char page[4096];
	uint64_t pg;
	int fd;

	CHECK((fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600)) >= 0);
	memset(page, 0, sizeof(page));
	for (pg = 0; pg < 16; pg++)
		CHECK_EQ_INT(pwrite(fd, page, ps, (off_t)(pg * ps)), (long)ps);
	for (pg = 2; pg < 10; pg++) {
		memcpy(page, &pg, sizeof(pg));
		CHECK_EQ_INT(pwrite(fd, page, ps, (off_t)(pg * ps)), (long)ps);
	}
	/* page 5: the second page of an overflow value, not stamped */
	memset(page, 'x', sizeof(page));
	CHECK_EQ_INT(pwrite(fd, page, ps, (off_t)(5 * ps)), (long)ps);
	CHECK_EQ_INT(kg_warm_frontier(fd, ps, 2 * ps, 16 * ps, ps), (long)(10 * ps));
	CHECK_EQ_INT(kg_warm_frontier(fd, ps, 2 * ps, 16 * ps, 2 * ps), (long)(9 * ps));
	CHECK_EQ_INT(kg_warm_frontier(fd, ps, 2 * ps, 7 * ps, ps), (long)(7 * ps)); /* only below `to` */
	CHECK_EQ_INT(kg_warm_frontier(fd, ps, 10 * ps, 16 * ps, ps), (long)(10 * ps)); /* nothing past it */
	CHECK_EQ_INT(kg_warm_frontier(fd, ps, 12 * ps, 64 * ps, ps), (long)(12 * ps)); /* past the end */
	close(fd);
	unlink(path);
}

typedef struct {
	const char *data; /* the generation's data file */
	off_t start;      /* its pages in use when the write began */
	uint64_t front;   /* how far the write got */
	int docs;
	long faults; /* the writer's page faults while it put the docs */
} warm_ctx;

/* this thread's minor page faults so far */
static long thread_faults(void)
{
	struct rusage ru;

	return getrusage(RUSAGE_THREAD, &ru) == 0 ? ru.ru_minflt : 0;
}

static int warm_write(kg_txn *t, void *ctx)
{
	warm_ctx *w = ctx;
	char blob[2048];
	uint32_t sid;
	int rc, i, fd;

	if ((rc = begin_source(t, "TEST", "warm", &sid)) < 0)
		return rc;
	memset(blob, 'w', sizeof(blob));
	w->faults = thread_faults();
	for (i = 0; i < w->docs; i++) {
		char dk[32];

		snprintf(dk, sizeof(dk), "10.1234/warm%05d", i);
		if ((rc = kg_doc_put(t, sid, KG_DOC_WORKS, dk, strlen(dk), blob, sizeof(blob))) < 0)
			return rc;
	}
	w->faults = thread_faults() - w->faults;
	/* (time for the helper to look once more: it looks every 10 ms) */
	{
		struct timespec pause = { 0, 200000000L };

		nanosleep(&pause, NULL);
	}
	if ((fd = open(w->data, O_RDONLY)) < 0)
		return PK_EIO;
	w->front = (uint64_t)kg_warm_frontier(fd, 4096, w->start, w->start + ((off_t)256 << 20), 4096);
	close(fd);
	return kg_source_finish(t, sid, 0, 0, NULL);
}

/* Whether this kernel maps pages in writable on request */
static int populate_write_works(void)
{
	int ok = 0;
#ifdef MADV_POPULATE_WRITE
	long ps = sysconf(_SC_PAGESIZE);
	void *p = mmap(NULL, (size_t)ps, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p != MAP_FAILED) {
		ok = madvise(p, (size_t)ps, MADV_POPULATE_WRITE) == 0;
		munmap(p, (size_t)ps);
	}
#endif
	return ok;
}

/* A write that reserved room has warm.c's helper ask the kernel for the
 * pages it grows into, ahead of its front (by as much as it wrote, up to
 * 64 MB), and map them into the writer's map so that its writes to them
 * do not fault; a small write, or one that reserved nothing, has no helper. (Whether
 * the pages are then in the page cache is the kernel's business: its own
 * read-around on the writer's faults brings many in too.) */
/* One round of it: 1 when the writer faulted on fewer than half the
 * pages with the helper than without. (That is timing: a helper thread
 * starved of its core falls behind; the caller tries three rounds.) */
static int warm_round(const char *dir, int populates, int last)
{
	char data[600];
	kg_store *s = NULL;
	warm_ctx w = { 0 };
	uint64_t used, map, written, premapped = 0;
	long helped;
	int ok = 1;

	t_rmrf(dir);
	CHECK_EQ_INT(kg_build_begin(&s, dir), 0);
	snprintf(data, sizeof(data), "%s/data.mdb", kg_store_generation(s));
	w.data = data;
	CHECK_EQ_INT(kg_store_usage(s, &used, &map), 0);
	w.start = (off_t)used;
	w.docs = 20000; /* 2 KB each: a page each, ~80 MB */
	CHECK_EQ_INT(kg_store_reserve(s, (uint64_t)256 << 20), 0);
	CHECK_EQ_INT(kg_store_write(s, warm_write, &w), 0);
	written = w.front - (uint64_t)w.start;
	CHECK(written > (70u << 20));
	CHECK(s->warmed >= written);               /* it kept ahead of the writer */
	CHECK(s->warmed <= written + (66u << 20)); /* by 64 MB at most */
	/* and mapped them writable into the writer's map, 8 MB ahead, where
	 * the kernel can (Linux 5.14): the writer faulted on few of them */
	helped = w.faults;
	if (populates) {
		/* (how far it got is timing too: a starved helper maps less, and
		 * the round is tried again) */
		premapped = s->premapped;
		if (last)
			CHECK(premapped > (32u << 20));
		CHECK(s->premapped <= s->warmed);
		CHECK(s->premapped <= written + (10u << 20));
	}
	/* the same write again, without a reservation: no helper */
	CHECK_EQ_INT(kg_store_usage(s, &used, &map), 0);
	w.start = (off_t)used;
	CHECK_EQ_INT(kg_store_write(s, warm_write, &w), 0);
	CHECK_EQ_INT(s->warmed, 0);
	CHECK_EQ_INT(s->premapped, 0);
	if (populates) {
		/* (here: ~1,600 against ~14,300 faults, 60 MB and more mapped
		 * ahead of the 80 MB; on a busier host 2,200 against 13,900, and
		 * 44 MB mapped: the faults spared are the point) */
		ok = helped < w.faults / 2 && premapped > (32u << 20);
		if (!ok && !last)
			fprintf(stderr, "  (the writer faulted %ld times with the helper, %ld without, %llu MB mapped "
					"ahead: again)\n",
				helped, w.faults, (unsigned long long)(premapped >> 20));
		else
			CHECK(helped < w.faults / 2);
	}
	/* a reservation under 64 MB: none either */
	CHECK_EQ_INT(kg_store_reserve(s, (uint64_t)32 << 20), 0);
	CHECK_EQ_INT(kg_store_write(s, warm_write, &w), 0);
	CHECK_EQ_INT(s->warmed, 0);
	kg_build_abort(s);
	t_rmrf(dir);
	return ok;
}

static void large_write_warms_ahead(void)
{
	const char *dir = t_tmpdir("warm");
	int populates = populate_write_works(), k;

	for (k = 0; k < 3 && !warm_round(dir, populates, k == 2); k++)
		;
}

/* A title folded once for both its keys gives kg_key_title's key and the
 * head key made from the folded title's first four words (kg_key_folded):
 * a title of six words and more (both), of fewer (the title key only),
 * under four bytes (neither), with markup and entities, beyond ASCII */
static void title_keys_at_once(void)
{
	static const char *const titles[] = {
		"Infantile Syphilis Accompanied by Anticomplementary Effect of Cryoglobulin",
		"Two new species of <i>Primulina</i> (Gesneriaceae) from limestone karsts of China",
		"X-ray diffraction", "Abc", "A b", "Über die Quantentheorie &amp; ihre Anwendungen auf Festkörper heute",
		"",
	};
	size_t i, heads = 0;

	for (i = 0; i < sizeof(titles) / sizeof(titles[0]); i++) {
		pk_buf a = PK_BUF_INIT, b = PK_BUF_INIT, k = PK_BUF_INIT, h = PK_BUF_INIT;
		int ra = kg_key_title(&a, titles[i]), rb = PK_ENOTFOUND, have = -1;
		pk_buf f = PK_BUF_INIT;

		/* the head key by hand: the first four words of six or more */
		CHECK_EQ_INT(kg_fold_text(&f, titles[i], strlen(titles[i])), 0);
		{
			size_t j, spaces = 0, cut = 0;

			for (j = 0; j < f.len; j++)
				if (f.ptr[j] == ' ' && ++spaces == 4)
					cut = j;
			if (spaces >= 5)
				rb = kg_key_folded(&b, 'B', f.ptr, cut);
		}
		pk_buf_release(&f);

		CHECK_EQ_INT(kg_key_titles(&k, &h, titles[i], &have), 0);
		CHECK_EQ_INT(!!(have & 1), ra == 0);
		CHECK_EQ_INT(!!(have & 2), rb == 0);
		heads += rb == 0;
		CHECK(ra != 0 || (k.len == a.len && !memcmp(k.ptr, a.ptr, a.len)));
		CHECK(rb != 0 || (h.len == b.len && !memcmp(h.ptr, b.ptr, b.len)));
		CHECK(ra == 0 || k.len == 0);
		CHECK(rb == 0 || h.len == 0);
		pk_buf_release(&a);
		pk_buf_release(&b);
		pk_buf_release(&k);
		pk_buf_release(&h);
		pk_error_clear();
	}
	CHECK_EQ_INT(heads, 3); /* (the three of six words and more) */
}

int main(void)
{
	pk_alloc_init();
	RUN(record_roundtrip);
	RUN(title_keys_at_once);
	RUN(build_commit_and_replace);
	RUN(txn_memo);
	RUN(aborted_build_keeps_old);
	RUN(writer_lock_and_not_a_graph);
	RUN(schema_mismatch);
	RUN(map_grows_by_itself);
	RUN(commit_compacts);
	RUN(nodes_merge_and_shared_ownership);
	RUN(index_add_many);
	RUN(index_sorted_elsewhere);
	RUN(fold_plain);
	RUN(key_layouts);
	RUN(readers_see_last_commit);
	RUN(commit_caches);
	RUN(kept_index_cursor);
	RUN(title_filter);
	RUN(stopwords);
	RUN(warm_frontier);
	RUN(large_write_warms_ahead);
	T_DONE();
}
