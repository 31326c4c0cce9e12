/* kg/graph.c - sources, nodes, values, names, documents and indexes.
 *
 * Ownership: every value, name and node mention a source creates is
 * listed in KG_T_OWNED under the source id, so deleting a source is a walk
 * of that list. Documents and index entries (millions of works) carry the
 * owning source id in their first four bytes instead, and are deleted by
 * a scan: listing them would double the cost of every large ingest.
 */
#include "graph.h"

#include "../common/alloc.h"
#include "../common/buf.h"
#include "../common/error.h"
#include "../common/hash.h"
#include "internal.h"
#include "record.h"
#include "work.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* LMDB keys and DUPSORT items are limited to 511 bytes. */
#define KEY_MAX 480

enum { /* source record tags */
	S_KIND = 1, S_EDITION, S_FILE, S_SHA, S_NOTE, S_RECORDS, S_REJECTED, S_TIME, S_FLAGS
};
enum { /* node record tags */
	N_NAME = 1, N_KIND, N_SYMBOL, N_UNIT, N_DATA, N_Z, N_A, N_SOURCES
};
enum { /* value record tags */
	V_QUANTITY = 1, V_ENTITY, V_SOURCE, V_VALUE, V_UNC, V_LO, V_HI, V_VTEXT, V_UTEXT,
	V_UNIT, V_LOCATOR, V_NOTE, V_FLAGS
};
enum { /* owned item kinds */
	O_VALUE = 'V', O_NAME = 'N', O_NODE = 'n'
};

static MDB_dbi dbi(kg_txn *t, int table)
{
	return t->s->dbi[table];
}

static int put(kg_txn *t, int table, const void *k, size_t kl, const void *v, size_t vl,
	       unsigned flags)
{
	MDB_val key = { kl, kg_unconst(k) }, val = { vl, kg_unconst(v) };
	int rc;

	if (!t->write)
		return pk_error_set(PK_EINVAL, "write in a read transaction");
	rc = mdb_put(t->txn, dbi(t, table), &key, &val, flags);
	if (rc == MDB_KEYEXIST)
		return 0;
	return rc ? kg_mdb_error(rc, "graph write") : 0;
}

static int get(kg_txn *t, int table, const void *k, size_t kl, MDB_val *out)
{
	MDB_val key = { kl, kg_unconst(k) };
	int rc = mdb_get(t->txn, dbi(t, table), &key, out);

	if (rc == MDB_NOTFOUND)
		return PK_ENOTFOUND;
	return rc ? kg_mdb_error(rc, "graph read") : 0;
}

static int del(kg_txn *t, int table, const void *k, size_t kl, const void *v, size_t vl)
{
	MDB_val key = { kl, kg_unconst(k) }, val = { vl, kg_unconst(v) };
	int rc = mdb_del(t->txn, dbi(t, table), &key, v ? &val : NULL);

	if (rc == MDB_NOTFOUND)
		return 0;
	return rc ? kg_mdb_error(rc, "graph delete") : 0;
}

static int own(kg_txn *t, uint32_t sid, const pk_buf *item)
{
	unsigned char k[4];

	if (item->len > KEY_MAX)
		return pk_error_set(PK_ELIMIT, "graph item key too long (%zu bytes)", item->len);
	kg_be32(k, sid);
	return put(t, KG_T_OWNED, k, 4, item->ptr, item->len, MDB_NODUPDATA);
}

/* ---- sources ---------------------------------------------------------- */

static int source_decode(const MDB_val *v, uint32_t id, kg_source *out)
{
	const unsigned char *p = v->mv_data, *end = p + v->mv_size;
	kg_field f;
	int rc;

	memset(out, 0, sizeof(*out));
	out->id = id;
	while ((rc = kg_rec_next(&p, end, &f)) == 1) {
		switch (f.tag) {
		case S_KIND: out->kind = kg_field_str(&f); break;
		case S_EDITION: out->edition = kg_field_str(&f); break;
		case S_FILE: out->file = kg_field_str(&f); break;
		case S_SHA: out->sha256 = kg_field_str(&f); break;
		case S_NOTE: out->note = kg_field_str(&f); break;
		case S_RECORDS: out->records = kg_field_u64(&f); break;
		case S_REJECTED: out->rejected = kg_field_u64(&f); break;
		case S_TIME: out->ingested_at = kg_field_i64(&f); break;
		case S_FLAGS: out->flags = (uint32_t)kg_field_u64(&f); break;
		default: break;
		}
	}
	if (rc < 0 || !out->kind || !out->edition)
		return pk_error_set(PK_EIO, "corrupt source record %u", id);
	return 0;
}

static int source_encode(pk_buf *b, const kg_source *s)
{
	int rc = 0;

	rc = rc ? rc : kg_rec_str(b, S_KIND, s->kind);
	rc = rc ? rc : kg_rec_str(b, S_EDITION, s->edition);
	rc = rc ? rc : kg_rec_str(b, S_FILE, s->file);
	rc = rc ? rc : kg_rec_str(b, S_SHA, s->sha256);
	rc = rc ? rc : kg_rec_str(b, S_NOTE, s->note);
	rc = rc ? rc : kg_rec_u64(b, S_RECORDS, s->records);
	rc = rc ? rc : kg_rec_u64(b, S_REJECTED, s->rejected);
	rc = rc ? rc : kg_rec_i64(b, S_TIME, s->ingested_at);
	rc = rc ? rc : kg_rec_u64(b, S_FLAGS, s->flags);
	return rc;
}

static int srckey(pk_buf *b, const char *kind, const char *edition)
{
	int rc = pk_buf_puts(b, kind);

	if (rc == 0)
		rc = pk_buf_putc(b, '\0');
	return rc ? rc : pk_buf_puts(b, edition);
}

int kg_source_get(kg_txn *t, uint32_t id, kg_source *out)
{
	unsigned char k[4];
	MDB_val v;
	int rc;

	kg_be32(k, id);
	if ((rc = get(t, KG_T_SOURCES, k, 4, &v)) < 0)
		return rc == PK_ENOTFOUND ? pk_error_set(rc, "no source %u", id) : rc;
	return source_decode(&v, id, out);
}

int kg_source_find(kg_txn *t, const char *kind, const char *edition, kg_source *out)
{
	pk_buf key = PK_BUF_INIT;
	MDB_val v;
	int rc;

	if ((rc = srckey(&key, kind, edition)) == 0)
		rc = get(t, KG_T_SRCKEY, key.ptr, key.len, &v);
	pk_buf_release(&key);
	if (rc < 0)
		return rc;
	if (v.mv_size != 4)
		return pk_error_set(PK_EIO, "corrupt source index");
	return kg_source_get(t, kg_get_be32(v.mv_data), out);
}

int kg_kind_bibliographic(const char *kind)
{
	return !strcmp(kind, "Crossref") || !strcmp(kind, "arXiv") || !strcmp(kind, "DBLP") || !strcmp(kind, "PubMed") ||
	       !strcmp(kind, "DataCite") || !strcmp(kind, "OpenAlex");
}

int kg_source_each(kg_txn *t, int (*cb)(const kg_source *, void *), void *ctx)
{
	MDB_cursor *c;
	MDB_val k, v;
	int rc, op = MDB_FIRST;

	if ((rc = mdb_cursor_open(t->txn, dbi(t, KG_T_SOURCES), &c)) != 0)
		return kg_mdb_error(rc, "mdb_cursor_open");
	for (;;) {
		kg_source s;

		rc = mdb_cursor_get(c, &k, &v, (MDB_cursor_op)op);
		op = MDB_NEXT;
		if (rc == MDB_NOTFOUND) {
			rc = 0;
			break;
		}
		if (rc) {
			rc = kg_mdb_error(rc, "reading sources");
			break;
		}
		if (k.mv_size != 4 || (rc = source_decode(&v, kg_get_be32(k.mv_data), &s)) < 0)
			break;
		if ((rc = cb(&s, ctx)) != 0)
			break;
	}
	mdb_cursor_close(c);
	return rc;
}

/* Remove `sid` from a node's source list; delete the node when empty. */
static int node_disown(kg_txn *t, const char *nodekey, size_t klen, uint32_t sid);
static int value_delete(kg_txn *t, uint64_t vid);

/* Delete documents / index entries whose first 4 bytes name `sid`. */
static int scan_delete(kg_txn *t, int table, uint32_t sid)
{
	MDB_cursor *c;
	MDB_val k, v;
	unsigned char want[4];
	int rc, op = MDB_FIRST;

	kg_be32(want, sid);
	if ((rc = mdb_cursor_open(t->txn, dbi(t, table), &c)) != 0)
		return kg_mdb_error(rc, "mdb_cursor_open");
	for (;;) {
		rc = mdb_cursor_get(c, &k, &v, (MDB_cursor_op)op);
		if (rc == MDB_NOTFOUND) {
			rc = 0;
			break;
		}
		if (rc) {
			rc = kg_mdb_error(rc, "scanning the graph");
			break;
		}
		if (v.mv_size >= 4 && !memcmp(v.mv_data, want, 4)) {
			/* after mdb_cursor_del, MDB_NEXT yields the item that
			 * took the deleted one's place (LMDB's C_DEL rule) */
			if ((rc = mdb_cursor_del(c, 0)) != 0) {
				rc = kg_mdb_error(rc, "graph delete");
				break;
			}
		}
		op = MDB_NEXT;
	}
	mdb_cursor_close(c);
	return rc;
}

static int delete_owned(kg_txn *t, uint32_t sid)
{
	MDB_cursor *c;
	MDB_val k, v;
	unsigned char key[4];
	pk_buf item = PK_BUF_INIT;
	int rc;

	kg_be32(key, sid);
	if ((rc = mdb_cursor_open(t->txn, dbi(t, KG_T_OWNED), &c)) != 0)
		return kg_mdb_error(rc, "mdb_cursor_open");
	k.mv_size = 4;
	k.mv_data = key;
	rc = mdb_cursor_get(c, &k, &v, MDB_SET_KEY);
	while (rc == 0) {
		const unsigned char *p;

		/* copy: deleting from other tables may move this page */
		pk_buf_reset(&item);
		if ((rc = pk_buf_put(&item, v.mv_data, v.mv_size)) < 0)
			break;
		p = (const unsigned char *)item.ptr;
		switch (p[0]) {
		case O_VALUE:
			rc = item.len == 9 ? value_delete(t, kg_get_be64(p + 1)) : PK_EIO;
			break;
		case O_NAME: {
			/* 'N' + name key + '\0' + dup item */
			const char *nk = (const char *)p + 1;
			size_t nkl = strlen(nk);
			const unsigned char *d = p + 1 + nkl + 1;

			rc = del(t, KG_T_NAMES, nk, nkl, d, item.len - (size_t)(d - p));
			break;
		}
		case O_NODE:
			rc = node_disown(t, (const char *)p + 1, item.len - 1, sid);
			break;
		default:
			rc = pk_error_set(PK_EIO, "corrupt ownership record");
		}
		if (rc < 0)
			break;
		rc = mdb_cursor_get(c, &k, &v, MDB_NEXT_DUP);
		if (rc == MDB_NOTFOUND) {
			rc = 0;
			break;
		}
		if (rc)
			rc = kg_mdb_error(rc, "reading ownership");
		else
			continue;
	}
	if (rc == MDB_NOTFOUND)
		rc = 0;
	mdb_cursor_close(c);
	pk_buf_release(&item);
	if (rc == 0)
		rc = del(t, KG_T_OWNED, key, 4, NULL, 0);
	return rc;
}

static int source_purge(kg_txn *t, uint32_t sid)
{
	int rc;

	if ((rc = delete_owned(t, sid)) < 0 ||
	    (rc = scan_delete(t, KG_T_WORKS, sid)) < 0 ||
	    (rc = scan_delete(t, KG_T_MATERIALS, sid)) < 0 ||
	    (rc = scan_delete(t, KG_T_WINDEX, sid)) < 0)
		return rc;
	return 0;
}

int kg_source_begin(kg_txn *t, const kg_source *src, uint32_t *out_id)
{
	pk_buf key = PK_BUF_INIT, rec = PK_BUF_INIT;
	kg_source copy = *src;
	unsigned char k[4];
	MDB_val v;
	uint32_t sid;
	int rc;

	if (!src->kind || !src->edition || !*src->kind || !*src->edition)
		return pk_error_set(PK_EINVAL, "a source needs a kind and an edition");
	if ((rc = srckey(&key, src->kind, src->edition)) < 0)
		goto done;
	rc = get(t, KG_T_SRCKEY, key.ptr, key.len, &v);
	if (rc == 0 && v.mv_size == 4) {
		sid = kg_get_be32(v.mv_data);
		if ((rc = source_purge(t, sid)) < 0)
			goto done;
	} else if (rc == PK_ENOTFOUND) {
		unsigned char b[4];

		if ((rc = kg_next_sid(t, &sid)) < 0)
			goto done;
		kg_be32(b, sid);
		if ((rc = put(t, KG_T_SRCKEY, key.ptr, key.len, b, 4, 0)) < 0)
			goto done;
	} else {
		goto done;
	}
	copy.id = sid;
	copy.records = copy.rejected = 0;
	copy.ingested_at = (int64_t)time(NULL);
	if ((rc = source_encode(&rec, &copy)) < 0)
		goto done;
	kg_be32(k, sid);
	if ((rc = put(t, KG_T_SOURCES, k, 4, rec.ptr, rec.len, 0)) < 0)
		goto done;
	*out_id = sid;
done:
	pk_buf_release(&key);
	pk_buf_release(&rec);
	return rc;
}

int kg_source_finish(kg_txn *t, uint32_t id, uint64_t records, uint64_t rejected, const char *sha256)
{
	pk_buf rec = PK_BUF_INIT;
	kg_source s;
	unsigned char k[4];
	int rc;

	if ((rc = kg_source_get(t, id, &s)) < 0)
		return rc;
	s.records = records;
	s.rejected = rejected;
	s.ingested_at = (int64_t)time(NULL);
	if (sha256)
		s.sha256 = sha256;
	kg_be32(k, id);
	if ((rc = source_encode(&rec, &s)) == 0)
		rc = put(t, KG_T_SOURCES, k, 4, rec.ptr, rec.len, 0);
	pk_buf_release(&rec);
	return rc;
}

int kg_source_delete(kg_txn *t, uint32_t id)
{
	pk_buf key = PK_BUF_INIT;
	kg_source s;
	unsigned char k[4];
	int rc;

	if ((rc = kg_source_get(t, id, &s)) < 0)
		return rc;
	if ((rc = srckey(&key, s.kind, s.edition)) < 0)
		goto done;
	/* s's strings point into LMDB pages the purge may free: copy done */
	if ((rc = del(t, KG_T_SRCKEY, key.ptr, key.len, NULL, 0)) < 0 ||
	    (rc = source_purge(t, id)) < 0)
		goto done;
	kg_be32(k, id);
	rc = del(t, KG_T_SOURCES, k, 4, NULL, 0);
done:
	pk_buf_release(&key);
	return rc;
}

/* The run of digits at p (p at a digit) as strtoull reads it: its value
 * in *v, and its end (strtoull itself past ULLONG_MAX). */
static const char *digit_run(const char *p, unsigned long long *v)
{
	const char *s = p;
	unsigned long long x = 0;

	for (; *p >= '0' && *p <= '9'; p++) {
		unsigned d = (unsigned)(*p - '0');

		if (x > (ULLONG_MAX - d) / 10) {
			char *e;

			*v = strtoull(s, &e, 10);
			return e;
		}
		x = x * 10 + d;
	}
	*v = x;
	return p;
}

int kg_edition_cmp(const char *a, const char *b)
{
	while (*a && *b) {
		if ((*a >= '0' && *a <= '9') && (*b >= '0' && *b <= '9')) {
			unsigned long long x, y;
			const char *ea = digit_run(a, &x), *eb = digit_run(b, &y);

			if (x != y)
				return x < y ? -1 : 1;
			a = ea;
			b = eb;
			continue;
		}
		if (*a != *b)
			return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
		a++;
		b++;
	}
	return *a ? 1 : *b ? -1 : 0;
}

/* ---- nodes ------------------------------------------------------------ */

static int node_key(pk_buf *b, char type, const char *key)
{
	size_t n = strlen(key);

	if (n == 0 || n > KEY_MAX - 2)
		return pk_error_set(PK_ELIMIT, "node key length %zu out of range", n);
	if (pk_buf_putc(b, type) < 0)
		return PK_ENOMEM;
	return pk_buf_put(b, key, n);
}

static int node_decode(const MDB_val *k, const MDB_val *v, kg_node *out, const unsigned char **srcs,
		       size_t *nsrcs)
{
	const unsigned char *p = v->mv_data, *end = p + v->mv_size;
	kg_field f;
	int rc;

	memset(out, 0, sizeof(*out));
	out->type = ((const char *)k->mv_data)[0];
	if (srcs) {
		*srcs = NULL;
		*nsrcs = 0;
	}
	while ((rc = kg_rec_next(&p, end, &f)) == 1) {
		switch (f.tag) {
		case N_NAME: out->name = kg_field_str(&f); break;
		case N_KIND: out->kind = kg_field_str(&f); break;
		case N_SYMBOL: out->symbol = kg_field_str(&f); break;
		case N_UNIT: out->unit = kg_field_str(&f); break;
		case N_DATA: out->data = kg_field_str(&f); break;
		case N_Z: out->z = kg_field_i64(&f); break;
		case N_A: out->a = kg_field_i64(&f); break;
		case N_SOURCES:
			if (srcs) {
				*srcs = f.p;
				*nsrcs = f.len / 4;
			}
			break;
		default: break;
		}
	}
	return rc < 0 ? rc : 0;
}

/* The node record stores its key too (after the type byte) for the getters:
 * we keep the key in the LMDB key and expose a pointer to a NUL-terminated
 * copy stored as the first field. */
enum { N_KEY = 20 };

static int node_encode(pk_buf *b, const kg_node *n, const unsigned char *srcs, size_t nsrcs,
		       uint32_t add)
{
	size_t i;
	int rc = 0, have = 0;
	pk_buf list = PK_BUF_INIT;

	for (i = 0; i < nsrcs && rc == 0; i++) {
		uint32_t s = kg_get_be32(srcs + 4 * i);

		if (s == add)
			have = 1;
		rc = pk_buf_put(&list, srcs + 4 * i, 4);
	}
	if (rc == 0 && !have) {
		unsigned char x[4];

		kg_be32(x, add);
		rc = pk_buf_put(&list, x, 4);
	}
	rc = rc ? rc : kg_rec_str(b, N_KEY, n->key);
	rc = rc ? rc : kg_rec_str(b, N_NAME, n->name);
	rc = rc ? rc : kg_rec_str(b, N_KIND, n->kind);
	rc = rc ? rc : kg_rec_str(b, N_SYMBOL, n->symbol);
	rc = rc ? rc : kg_rec_str(b, N_UNIT, n->unit);
	rc = rc ? rc : kg_rec_str(b, N_DATA, n->data);
	if (n->z)
		rc = rc ? rc : kg_rec_i64(b, N_Z, n->z);
	if (n->a)
		rc = rc ? rc : kg_rec_i64(b, N_A, n->a);
	rc = rc ? rc : kg_rec_bytes(b, N_SOURCES, list.ptr, list.len);
	pk_buf_release(&list);
	return rc;
}

static const char *node_rec_key(const MDB_val *v)
{
	const unsigned char *p = v->mv_data, *end = p + v->mv_size;
	kg_field f;

	while (kg_rec_next(&p, end, &f) == 1)
		if (f.tag == N_KEY)
			return kg_field_str(&f);
	return NULL;
}

int kg_node_put(kg_txn *t, uint32_t sid, const kg_node *n)
{
	pk_buf key = PK_BUF_INIT, rec = PK_BUF_INIT, item = PK_BUF_INIT, old = PK_BUF_INIT;
	kg_node m = *n;
	MDB_val v;
	int rc, had_sid = 0;

	if ((rc = node_key(&key, n->type, n->key)) < 0)
		goto done;
	rc = get(t, KG_T_NODES, key.ptr, key.len, &v);
	if (rc == 0) {
		MDB_val kv = { key.len, key.ptr };
		const unsigned char *srcs;
		kg_node cur;
		size_t ns, i;

		/* copy the old source list out of LMDB before we overwrite it */
		if ((rc = node_decode(&kv, &v, &cur, &srcs, &ns)) < 0)
			goto done;
		for (i = 0; i < ns; i++)
			if (kg_get_be32(srcs + 4 * i) == sid)
				had_sid = 1;
		/* merge: fields the caller leaves NULL/0 keep their old values
		 * (cur's strings stay valid until the put below) */
		m.name = m.name ? m.name : cur.name;
		m.kind = m.kind ? m.kind : cur.kind;
		m.symbol = m.symbol ? m.symbol : cur.symbol;
		m.unit = m.unit ? m.unit : cur.unit;
		m.data = m.data ? m.data : cur.data;
		m.z = m.z ? m.z : cur.z;
		m.a = m.a ? m.a : cur.a;
		if ((rc = pk_buf_put(&old, srcs, ns * 4)) < 0)
			goto done;
	} else if (rc != PK_ENOTFOUND) {
		goto done;
	}
	if ((rc = node_encode(&rec, &m, (const unsigned char *)old.ptr, old.len / 4, sid)) < 0 ||
	    (rc = put(t, KG_T_NODES, key.ptr, key.len, rec.ptr, rec.len, 0)) < 0)
		goto done;
	if (!had_sid) {
		if ((rc = pk_buf_putc(&item, O_NODE)) < 0 || (rc = pk_buf_put(&item, key.ptr, key.len)) < 0)
			goto done;
		rc = own(t, sid, &item);
	}
done:
	pk_buf_release(&key);
	pk_buf_release(&rec);
	pk_buf_release(&item);
	pk_buf_release(&old);
	return rc;
}

static int node_disown(kg_txn *t, const char *nodekey, size_t klen, uint32_t sid)
{
	pk_buf rec = PK_BUF_INIT, list = PK_BUF_INIT, keycopy = PK_BUF_INIT;
	MDB_val k = { klen, kg_unconst(nodekey) }, v;
	const unsigned char *srcs;
	size_t ns, i;
	kg_node n;
	int rc;

	if ((rc = get(t, KG_T_NODES, nodekey, klen, &v)) < 0)
		return rc == PK_ENOTFOUND ? 0 : rc;
	if ((rc = node_decode(&k, &v, &n, &srcs, &ns)) < 0)
		return rc;
	for (i = 0; i < ns; i++)
		if (kg_get_be32(srcs + 4 * i) != sid && (rc = pk_buf_put(&list, srcs + 4 * i, 4)) < 0)
			goto done;
	if (list.len == 0) {
		/* names are owned by the sources that registered them and
		 * go with those sources, not with the node */
		rc = del(t, KG_T_NODES, nodekey, klen, NULL, 0);
		goto done;
	}
	/* rewrite with the shorter list; n's strings live in LMDB, encode
	 * first. Passing a sid already in the list as `add` adds nothing. */
	n.key = node_rec_key(&v);
	if ((rc = node_encode(&rec, &n, (const unsigned char *)list.ptr, list.len / 4,
			      kg_get_be32((const unsigned char *)list.ptr))) < 0)
		goto done;
	if ((rc = pk_buf_put(&keycopy, nodekey, klen)) < 0)
		goto done;
	rc = put(t, KG_T_NODES, keycopy.ptr, keycopy.len, rec.ptr, rec.len, 0);
done:
	pk_buf_release(&rec);
	pk_buf_release(&list);
	pk_buf_release(&keycopy);
	return rc;
}

int kg_node_get(kg_txn *t, char type, const char *key, kg_node *out)
{
	char kb[KEY_MAX];
	size_t n = strlen(key);
	MDB_val v, kv;
	int rc;

	if (n == 0 || n > KEY_MAX - 2)
		return pk_error_set(PK_ELIMIT, "node key length %zu out of range", n);
	kb[0] = type;
	memcpy(kb + 1, key, n);
	kv.mv_size = n + 1;
	kv.mv_data = kb;
	/* (the read txn's cache of the nodes read lately first: cache.c) */
	if ((rc = kg_nodecache_get(t, kb, n + 1, &v)) == 0)
		return PK_ENOTFOUND;
	if (rc < 0) {
		rc = get(t, KG_T_NODES, kb, n + 1, &v);
		if (rc < 0 && rc != PK_ENOTFOUND)
			return rc;
		kg_nodecache_put(t, kb, n + 1, rc == 0 ? &v : NULL);
		if (rc < 0)
			return rc;
	}
	if ((rc = node_decode(&kv, &v, out, NULL, NULL)) == 0) {
		out->type = type;
		out->key = node_rec_key(&v);
	}
	return rc;
}

int kg_node_each(kg_txn *t, char type, const char *prefix, int (*cb)(const kg_node *, void *),
		 void *ctx)
{
	pk_buf k = PK_BUF_INIT;
	MDB_cursor *c = NULL;
	MDB_val kv, v;
	int rc;

	if ((rc = pk_buf_putc(&k, type)) < 0 || (rc = pk_buf_puts(&k, prefix ? prefix : "")) < 0)
		goto done;
	if ((rc = mdb_cursor_open(t->txn, dbi(t, KG_T_NODES), &c)) != 0) {
		rc = kg_mdb_error(rc, "mdb_cursor_open");
		goto done;
	}
	kv.mv_size = k.len;
	kv.mv_data = k.ptr;
	rc = mdb_cursor_get(c, &kv, &v, MDB_SET_RANGE);
	while (rc == 0) {
		kg_node n;

		if (kv.mv_size < k.len || memcmp(kv.mv_data, k.ptr, k.len))
			break;
		if ((rc = node_decode(&kv, &v, &n, NULL, NULL)) < 0)
			goto done;
		n.key = node_rec_key(&v);
		if ((rc = cb(&n, ctx)) != 0)
			goto done;
		rc = mdb_cursor_get(c, &kv, &v, MDB_NEXT);
	}
	rc = (rc == 0 || rc == MDB_NOTFOUND) ? 0 : kg_mdb_error(rc, "reading nodes");
done:
	if (c)
		mdb_cursor_close(c);
	pk_buf_release(&k);
	return rc;
}

/* ---- values ----------------------------------------------------------- */

static int value_encode(pk_buf *b, const kg_value *v)
{
	int rc = 0;

	rc = rc ? rc : kg_rec_str(b, V_QUANTITY, v->quantity);
	rc = rc ? rc : kg_rec_str(b, V_ENTITY, v->entity);
	rc = rc ? rc : kg_rec_u64(b, V_SOURCE, v->source);
	rc = rc ? rc : kg_rec_f64(b, V_VALUE, v->value);
	rc = rc ? rc : kg_rec_f64(b, V_UNC, v->uncertainty);
	if (v->flags & KG_V_INTERVAL) {
		rc = rc ? rc : kg_rec_f64(b, V_LO, v->lo);
		rc = rc ? rc : kg_rec_f64(b, V_HI, v->hi);
	}
	rc = rc ? rc : kg_rec_str(b, V_VTEXT, v->value_text);
	rc = rc ? rc : kg_rec_str(b, V_UTEXT, v->unc_text);
	rc = rc ? rc : kg_rec_str(b, V_UNIT, v->unit);
	rc = rc ? rc : kg_rec_str(b, V_LOCATOR, v->locator);
	rc = rc ? rc : kg_rec_str(b, V_NOTE, v->note);
	rc = rc ? rc : kg_rec_u64(b, V_FLAGS, v->flags);
	return rc;
}

static int value_decode(const MDB_val *rec, uint64_t id, kg_value *out)
{
	const unsigned char *p = rec->mv_data, *end = p + rec->mv_size;
	kg_field f;
	int rc;

	memset(out, 0, sizeof(*out));
	out->id = id;
	while ((rc = kg_rec_next(&p, end, &f)) == 1) {
		switch (f.tag) {
		case V_QUANTITY: out->quantity = kg_field_str(&f); break;
		case V_ENTITY: out->entity = kg_field_str(&f); break;
		case V_SOURCE: out->source = (uint32_t)kg_field_u64(&f); break;
		case V_VALUE: out->value = kg_field_f64(&f); break;
		case V_UNC: out->uncertainty = kg_field_f64(&f); break;
		case V_LO: out->lo = kg_field_f64(&f); break;
		case V_HI: out->hi = kg_field_f64(&f); break;
		case V_VTEXT: out->value_text = kg_field_str(&f); break;
		case V_UTEXT: out->unc_text = kg_field_str(&f); break;
		case V_UNIT: out->unit = kg_field_str(&f); break;
		case V_LOCATOR: out->locator = kg_field_str(&f); break;
		case V_NOTE: out->note = kg_field_str(&f); break;
		case V_FLAGS: out->flags = (uint32_t)kg_field_u64(&f); break;
		default: break;
		}
	}
	if (rc < 0 || !out->quantity)
		return pk_error_set(PK_EIO, "corrupt value record %llu", (unsigned long long)id);
	return 0;
}

static int link_value(kg_txn *t, char type, const char *key, const unsigned char vk[8], int add)
{
	pk_buf k = PK_BUF_INIT;
	int rc;

	if ((rc = node_key(&k, type, key)) == 0)
		rc = add ? put(t, KG_T_NODE2V, k.ptr, k.len, vk, 8, MDB_NODUPDATA)
			 : del(t, KG_T_NODE2V, k.ptr, k.len, vk, 8);
	pk_buf_release(&k);
	return rc;
}

int kg_value_add(kg_txn *t, const kg_value *v, uint64_t *out_id)
{
	pk_buf rec = PK_BUF_INIT, item = PK_BUF_INIT;
	unsigned char vk[8];
	uint64_t vid;
	int rc;

	if (!v->quantity || !*v->quantity)
		return pk_error_set(PK_EINVAL, "a value needs a quantity");
	if ((rc = kg_next_vid(t, &vid)) < 0)
		return rc;
	kg_be64(vk, vid);
	if ((rc = value_encode(&rec, v)) < 0 ||
	    (rc = put(t, KG_T_VALUES, vk, 8, rec.ptr, rec.len, MDB_APPEND)) < 0 ||
	    (rc = link_value(t, KG_QUANTITY, v->quantity, vk, 1)) < 0 ||
	    (v->entity && (rc = link_value(t, KG_ENTITY, v->entity, vk, 1)) < 0))
		goto done;
	if ((rc = pk_buf_putc(&item, O_VALUE)) < 0 || (rc = pk_buf_put(&item, vk, 8)) < 0)
		goto done;
	if ((rc = own(t, v->source, &item)) < 0)
		goto done;
	if (out_id)
		*out_id = vid;
done:
	pk_buf_release(&rec);
	pk_buf_release(&item);
	return rc;
}

static int value_delete(kg_txn *t, uint64_t vid)
{
	unsigned char vk[8];
	pk_buf q = PK_BUF_INIT, e = PK_BUF_INIT;
	kg_value v;
	MDB_val rec;
	int rc;

	kg_be64(vk, vid);
	if ((rc = get(t, KG_T_VALUES, vk, 8, &rec)) < 0)
		return rc == PK_ENOTFOUND ? 0 : rc;
	if ((rc = value_decode(&rec, vid, &v)) < 0)
		return rc;
	if ((rc = pk_buf_puts(&q, v.quantity)) < 0 || (v.entity && (rc = pk_buf_puts(&e, v.entity)) < 0))
		goto done;
	if ((rc = del(t, KG_T_VALUES, vk, 8, NULL, 0)) < 0 ||
	    (rc = link_value(t, KG_QUANTITY, q.ptr, vk, 0)) < 0 ||
	    (e.len && (rc = link_value(t, KG_ENTITY, e.ptr, vk, 0)) < 0))
		goto done;
done:
	pk_buf_release(&q);
	pk_buf_release(&e);
	return rc;
}

int kg_value_get(kg_txn *t, uint64_t id, kg_value *out)
{
	unsigned char vk[8];
	MDB_val rec;
	int rc;

	kg_be64(vk, id);
	if ((rc = get(t, KG_T_VALUES, vk, 8, &rec)) < 0)
		return rc;
	return value_decode(&rec, id, out);
}

int kg_value_each(kg_txn *t, char type, const char *key, int (*cb)(const kg_value *, void *),
		  void *ctx)
{
	pk_buf k = PK_BUF_INIT;
	MDB_cursor *c = NULL;
	MDB_val kv, v;
	int rc;

	if ((rc = node_key(&k, type, key)) < 0)
		goto done;
	if ((rc = mdb_cursor_open(t->txn, dbi(t, KG_T_NODE2V), &c)) != 0) {
		rc = kg_mdb_error(rc, "mdb_cursor_open");
		goto done;
	}
	kv.mv_size = k.len;
	kv.mv_data = k.ptr;
	rc = mdb_cursor_get(c, &kv, &v, MDB_SET_KEY);
	while (rc == 0) {
		kg_value val;

		if (v.mv_size != 8) {
			rc = pk_error_set(PK_EIO, "corrupt value link");
			goto done;
		}
		if ((rc = kg_value_get(t, kg_get_be64(v.mv_data), &val)) < 0)
			goto done;
		if ((rc = cb(&val, ctx)) != 0)
			goto done;
		rc = mdb_cursor_get(c, &kv, &v, MDB_NEXT_DUP);
	}
	rc = (rc == 0 || rc == MDB_NOTFOUND) ? 0 : kg_mdb_error(rc, "reading values");
done:
	if (c)
		mdb_cursor_close(c);
	pk_buf_release(&k);
	return rc;
}

/* ---- names ------------------------------------------------------------ */

int kg_name_add(kg_txn *t, uint32_t sid, char ns, const char *key, char type, const char *target)
{
	pk_buf k = PK_BUF_INIT, d = PK_BUF_INIT, item = PK_BUF_INIT;
	unsigned char s4[4];
	size_t kl = strlen(key), tl = strlen(target);
	int rc;

	if (kl == 0)
		return 0;
	if (kl > 200)
		kl = 200; /* long names: the first 200 bytes are the key */
	if (tl > 200)
		return pk_error_set(PK_ELIMIT, "name target too long");
	kg_be32(s4, sid);
	if ((rc = pk_buf_putc(&k, ns)) < 0 || (rc = pk_buf_put(&k, key, kl)) < 0 ||
	    (rc = pk_buf_putc(&d, type)) < 0 || (rc = pk_buf_put(&d, s4, 4)) < 0 ||
	    (rc = pk_buf_put(&d, target, tl)) < 0)
		goto done;
	if (memchr(k.ptr, '\0', k.len)) {
		rc = pk_error_set(PK_EINVAL, "NUL in name key");
		goto done;
	}
	if ((rc = put(t, KG_T_NAMES, k.ptr, k.len, d.ptr, d.len, MDB_NODUPDATA)) < 0)
		goto done;
	if ((rc = pk_buf_putc(&item, O_NAME)) < 0 || (rc = pk_buf_put(&item, k.ptr, k.len)) < 0 ||
	    (rc = pk_buf_putc(&item, '\0')) < 0 || (rc = pk_buf_put(&item, d.ptr, d.len)) < 0)
		goto done;
	rc = own(t, sid, &item);
done:
	pk_buf_release(&k);
	pk_buf_release(&d);
	pk_buf_release(&item);
	return rc;
}

int kg_name_find(kg_txn *t, char ns, const char *key, int (*cb)(const kg_name_hit *, void *),
		 void *ctx)
{
	char kbuf[202];
	size_t kl = strlen(key);
	MDB_cursor *c = NULL;
	MDB_val kv, v;
	pk_buf target = PK_BUF_INIT;
	int rc;

	if (kl == 0)
		return 0;
	if (kl > 200)
		kl = 200;
	kbuf[0] = ns;
	memcpy(kbuf + 1, key, kl);
	if (!kg_names_may_hold(t, kbuf, kl + 1))
		return 0;
	if ((rc = mdb_cursor_open(t->txn, dbi(t, KG_T_NAMES), &c)) != 0)
		return kg_mdb_error(rc, "mdb_cursor_open");
	kv.mv_size = kl + 1;
	kv.mv_data = kbuf;
	rc = mdb_cursor_get(c, &kv, &v, MDB_SET_KEY);
	while (rc == 0) {
		kg_name_hit h;

		if (v.mv_size < 6) {
			rc = pk_error_set(PK_EIO, "corrupt name record");
			goto done;
		}
		/* targets are stored without a NUL; hand out a terminated copy */
		pk_buf_reset(&target);
		if ((rc = pk_buf_put(&target, (const char *)v.mv_data + 5, v.mv_size - 5)) < 0)
			goto done;
		h.ns = ns;
		h.type = ((const char *)v.mv_data)[0];
		h.source = kg_get_be32((const unsigned char *)v.mv_data + 1);
		h.target = target.ptr;
		if ((rc = cb(&h, ctx)) != 0)
			goto done;
		rc = mdb_cursor_get(c, &kv, &v, MDB_NEXT_DUP);
	}
	rc = (rc == 0 || rc == MDB_NOTFOUND) ? 0 : kg_mdb_error(rc, "reading names");
done:
	mdb_cursor_close(c);
	pk_buf_release(&target);
	return rc;
}

/* ---- documents and indexes ---------------------------------------------- */

static int doc_table(int table)
{
	switch (table) {
	case KG_DOC_WORKS: return KG_T_WORKS;
	case KG_DOC_CACHE: return KG_T_CACHE;
	case KG_DOC_MATERIALS: return KG_T_MATERIALS;
	default: return -1;
	}
}

int kg_doc_each(kg_txn *t, int table, const void *prefix, size_t plen,
		int (*cb)(const void *, size_t, const void *, size_t, void *), void *ctx)
{
	MDB_cursor *c;
	MDB_val k = { plen, kg_unconst(prefix) }, v;
	int tb = doc_table(table), rc;

	if (tb < 0 || plen > KEY_MAX)
		return pk_error_set(PK_EINVAL, "bad document table or prefix");
	if ((rc = mdb_cursor_open(t->txn, dbi(t, tb), &c)) != 0)
		return kg_mdb_error(rc, "mdb_cursor_open");
	rc = plen ? mdb_cursor_get(c, &k, &v, MDB_SET_RANGE) : mdb_cursor_get(c, &k, &v, MDB_FIRST);
	while (rc == 0) {
		if (k.mv_size < plen || memcmp(k.mv_data, prefix, plen))
			break;
		if (v.mv_size >= 4 && (rc = cb(k.mv_data, k.mv_size, (const unsigned char *)v.mv_data + 4, v.mv_size - 4, ctx)) != 0)
			goto done;
		rc = mdb_cursor_get(c, &k, &v, MDB_NEXT);
	}
	rc = (rc == 0 || rc == MDB_NOTFOUND) ? 0 : kg_mdb_error(rc, "reading documents");
done:
	mdb_cursor_close(c);
	return rc;
}

int kg_doc_put(kg_txn *t, uint32_t sid, int table, const void *key, size_t klen, const void *val,
	       size_t vlen)
{
	MDB_val k = { klen, kg_unconst(key) }, v;
	int tb = doc_table(table), rc;
	size_t total;

	if (tb < 0 || klen == 0 || klen > KEY_MAX)
		return pk_error_set(PK_EINVAL, "bad document key (%zu bytes)", klen);
	if (pk_size_add(&total, vlen, 4) < 0)
		return pk_error_set(PK_ELIMIT, "document too large");
	v.mv_size = total;
	/* MDB_RESERVE: write the sid and payload straight into the page */
	rc = mdb_put(t->txn, dbi(t, tb), &k, &v, MDB_RESERVE);
	if (rc)
		return kg_mdb_error(rc, "graph write");
	kg_be32(v.mv_data, sid);
	memcpy((unsigned char *)v.mv_data + 4, val, vlen);
	return 0;
}

int kg_doc_get(kg_txn *t, int table, const void *key, size_t klen, const void **val, size_t *vlen)
{
	MDB_val v;
	int tb = doc_table(table), rc;

	if (tb < 0 || klen == 0 || klen > KEY_MAX)
		return PK_ENOTFOUND;
	if ((rc = get(t, tb, key, klen, &v)) < 0)
		return rc;
	if (v.mv_size < 4)
		return pk_error_set(PK_EIO, "corrupt document");
	*val = (const unsigned char *)v.mv_data + 4;
	*vlen = v.mv_size - 4;
	return 0;
}

int kg_doc_del(kg_txn *t, int table, const void *key, size_t klen)
{
	int tb = doc_table(table);

	if (tb < 0 || klen == 0 || klen > KEY_MAX)
		return pk_error_set(PK_EINVAL, "bad document key");
	return del(t, tb, key, klen, NULL, 0);
}

/* An index entry's stored value into d: the owner's sid, then the target;
 * 0, or PK_ELIMIT for a key or target too long. */
static int index_value(unsigned char d[KEY_MAX + 4], uint32_t sid, size_t klen, const void *target, size_t tlen)
{
	if (klen == 0 || klen > KEY_MAX || tlen > KEY_MAX - 4)
		return pk_error_set(PK_ELIMIT, "index entry too long");
	kg_be32(d, sid);
	memcpy(d + 4, target, tlen);
	return 0;
}

int kg_index_add(kg_txn *t, uint32_t sid, const void *key, size_t klen, const void *target,
		 size_t tlen)
{
	unsigned char d[KEY_MAX + 4];
	int rc = index_value(d, sid, klen, target, tlen);

	if (rc < 0 || (rc = put(t, KG_T_WINDEX, key, klen, d, tlen + 4, MDB_NODUPDATA)) < 0)
		return rc;
	return kg_kf_add(t, key, klen);
}

/* LMDB's default order: bytes, then the shorter first */
static int bytes_cmp(const void *a, uint32_t al, const void *b, uint32_t bl)
{
	int c = memcmp(a, b, al < bl ? al : bl);

	return c ? c : (al > bl) - (al < bl);
}

/* A key's first 8 bytes as a big-endian number, zero-padded: two keys
 * whose prefixes differ compare as their prefixes do (a shorter key's
 * padding is below any byte the longer has there, or equal to a zero
 * byte, which leaves the prefixes equal); equal prefixes need the bytes. */
static uint64_t key_prefix(const unsigned char *k, uint32_t n)
{
	uint64_t p = 0;
	uint32_t i;

	for (i = 0; i < 8; i++)
		p = p << 8 | (i < n ? k[i] : 0);
	return p;
}

static int entry_cmp(const kg_index_entry *a, const kg_index_entry *b)
{
	uint32_t skip;
	int c;

	if (a->pfx != b->pfx)
		return a->pfx < b->pfx ? -1 : 1;
	/* equal prefixes: two keys of 8 bytes or more agree on those */
	skip = a->klen >= 8 && b->klen >= 8 ? 8 : 0;
	c = bytes_cmp((const unsigned char *)a->key + skip, a->klen - skip, (const unsigned char *)b->key + skip,
		      b->klen - skip);
	return c ? c : bytes_cmp(a->target, a->tlen, b->target, b->tlen);
}

static int entry_qcmp(const void *a, const void *b)
{
	return entry_cmp(a, b);
}

/* ---- entries into the table's order by rank -----------------------------
 * A write run holds ~100k entries with few distinct targets (one per work)
 * and many repeated keys (the terms): comparing entries by their bytes
 * spent most of a writer's time in memcmp on equal keys. Instead each
 * distinct key and target is found once by hashing, the distinct ones are
 * sorted by their bytes, and the entries then ordered by two integers,
 * (key rank, target rank), with a radix sort. */

/* a distinct byte string: its first 8 bytes big-endian, the bytes */
typedef struct str_ref {
	uint64_t pfx;
	const unsigned char *p;
	uint32_t len, id;
} str_ref;

static int str_ref_cmp(const void *va, const void *vb)
{
	const str_ref *a = va, *b = vb;
	uint32_t skip;

	if (a->pfx != b->pfx)
		return a->pfx < b->pfx ? -1 : 1;
	skip = a->len >= 8 && b->len >= 8 ? 8 : 0;
	return bytes_cmp(a->p + skip, a->len - skip, b->p + skip, b->len - skip);
}

/* d[0..n) by str_ref_cmp: runs of 16 by insertion, then merged bottom
 * up through tmp (n more). glibc's qsort sorted them with a merge too,
 * through a block it allocated and freed each call: a few MB of fresh
 * pages a run, each a page fault (1,100 in each sort helper of an
 * ingest). The strings are distinct, so any sort gives this order. */
#define SORT_RUN 16
static void str_ref_sort(str_ref *d, size_t n, str_ref *tmp)
{
	str_ref *src = d, *dst = tmp, *sw;
	size_t i, j, w;

	for (i = 0; i < n; i += SORT_RUN) {
		size_t e = i + SORT_RUN < n ? i + SORT_RUN : n;

		for (j = i + 1; j < e; j++) {
			str_ref x = d[j];
			size_t k = j;

			for (; k > i && str_ref_cmp(&x, &d[k - 1]) < 0; k--)
				d[k] = d[k - 1];
			d[k] = x;
		}
	}
	for (w = SORT_RUN; w < n; w *= 2) {
		for (i = 0; i < n; i += 2 * w) {
			size_t m = i + w < n ? i + w : n, e = i + 2 * w < n ? i + 2 * w : n, l = i, r = m, k = i;

			while (l < m && r < e)
				dst[k++] = str_ref_cmp(&src[r], &src[l]) < 0 ? src[r++] : src[l++];
			while (l < m)
				dst[k++] = src[l++];
			while (r < e)
				dst[k++] = src[r++];
		}
		sw = src;
		src = dst;
		dst = sw;
	}
	if (src != d)
		memcpy(d, src, n * sizeof(*d));
}

/* entry_ranks' hash slots for n entries: a power of two, at least 2n */
static size_t rank_slots(size_t n)
{
	size_t cap = 16;

	while (cap < 2 * n)
		cap *= 2;
	return cap;
}

/* A work's entries share its target: entry i repeats the one before's. */
static int repeats_target(const kg_index_entry *e, size_t i)
{
	return i && e[i].target == e[i - 1].target && e[i].tlen == e[i - 1].tlen;
}

/* rank[i] for each entry's key (or target): equal bytes, equal ranks;
 * ranks in byte order, the highest in *top. Each distinct string is
 * copied into buf, the copies in rank order, the copy of rank r at rep[r]:
 * the writes read them in that order, from one block, instead of from the
 * batches the entries point into, at random (a cache and TLB miss an
 * entry on a large ingest). mem is the working memory (entries_sort's): n
 * strings and n more for their sort, then rank_slots(n) slots and n ids;
 * buf holds the bytes of every distinct string. */
static void entry_ranks(const kg_index_entry *e, size_t n, int target, uint32_t *rank, uint32_t *top,
			unsigned char *mem, const unsigned char **rep, unsigned char *buf)
{
	size_t cap = rank_slots(n), i, nd = 0, off = 0;
	str_ref *d = (str_ref *)(void *)mem, *tmp = d + n;
	uint32_t *slot = (uint32_t *)(void *)(mem + 2 * n * sizeof(*d)), *id = slot + cap, r;

	memset(slot, 0, cap * sizeof(*slot)); /* 0: empty, else distinct id + 1 */
	for (i = 0; i < n; i++) {
		const unsigned char *p = target ? e[i].target : e[i].key;
		uint32_t len = target ? e[i].tlen : e[i].klen;
		size_t h;

		/* no hash for a work's repeated target */
		if (target && repeats_target(e, i)) {
			id[i] = id[i - 1];
			continue;
		}
		for (h = (size_t)pk_fnv1a64(p, len) & (cap - 1); slot[h]; h = (h + 1) & (cap - 1)) {
			const str_ref *x = &d[slot[h] - 1];

			if (x->len == len && !memcmp(x->p, p, len))
				break;
		}
		if (!slot[h]) {
			d[nd] = (str_ref){ key_prefix(p, len), p, len, (uint32_t)nd };
			slot[h] = (uint32_t)++nd;
		}
		id[i] = slot[h] - 1;
	}
	str_ref_sort(d, nd, tmp);
	/* slot is reused: rank of each distinct id */
	for (i = 0, r = 0; i < nd; i++) {
		int fresh = !i || str_ref_cmp(&d[i - 1], &d[i]);

		if (i && fresh)
			r++;
		slot[d[i].id] = r;
		if (fresh) {
			if (d[i].len)
				memcpy(buf + off, d[i].p, d[i].len);
			rep[r] = buf + off;
			off += d[i].len;
		}
	}
	for (i = 0; i < n; i++)
		rank[i] = slot[id[i]];
	*top = r;
}

typedef struct order_item {
	uint64_t order; /* key rank, then target rank, in the low bits */
	uint32_t at;
} order_item;

/* x[0..n) by order, 11 bits a pass from the least significant (a stable
 * counting sort each), through tmp, up to max's highest bit; returns
 * whichever of the two holds the result */
#define RADIX_BITS 11
static order_item *radix_sort(order_item *x, order_item *tmp, size_t n, uint64_t max)
{
	size_t count[1 << RADIX_BITS], i;
	const uint64_t mask = ((uint64_t)1 << RADIX_BITS) - 1;
	int shift;

	for (shift = 0; shift < 64 && (max >> shift); shift += RADIX_BITS) {
		size_t sum = 0;
		order_item *sw;

		memset(count, 0, sizeof(count));
		for (i = 0; i < n; i++)
			count[(x[i].order >> shift) & mask]++;
		for (i = 0; i < (size_t)1 << RADIX_BITS; i++) {
			size_t c = count[i];

			count[i] = sum;
			sum += c;
		}
		for (i = 0; i < n; i++)
			tmp[count[(x[i].order >> shift) & mask]++] = x[i];
		sw = x;
		x = tmp;
		tmp = sw;
	}
	return x;
}

/* entries_sort's working memory, kept from call to call by a sorter (a
 * write txn's own or a kg_index_sorter: an ingest sorts run after run,
 * and fresh blocks of tens of MB each time were faulted in 4 KB at a
 * time); NULL when memory is short. */
static unsigned char *sort_mem(kg_index_sorter *s, size_t bytes)
{
	if (s->cap < bytes) {
		size_t cap = bytes + bytes / 4;

		pk_free(s->mem);
		s->cap = 0;
		if (!(s->mem = pk_malloc(cap)))
			return NULL;
		s->cap = cap;
	}
	return s->mem;
}

#define ALIGN16(x) (((x) + 15) & ~(size_t)15)

/* e[0..n) into the table's order (key bytes, then target bytes), each
 * entry's key and target then pointing at the copy of its bytes in s's
 * block (grown as needed: entry_ranks'). 0, or PK_ENOMEM with e
 * unchanged. */
static int entries_sort(kg_index_sorter *s, kg_index_entry *e, size_t n)
{
	/* the ranks of keys and of targets, the order and its radix copy, the
	 * entries in order, entry_ranks' own (used by one call at a time),
	 * then the copies of the distinct keys and targets and where each
	 * rank's is */
	size_t at_tr = ALIGN16(n * sizeof(uint32_t)), at_o = at_tr + ALIGN16(n * sizeof(uint32_t)),
	       at_tmp = at_o + ALIGN16(n * sizeof(order_item)), at_copy = at_tmp + ALIGN16(n * sizeof(order_item)),
	       at_rank = at_copy + ALIGN16(n * sizeof(kg_index_entry)),
	       at_krep = at_rank + ALIGN16(2 * n * sizeof(str_ref) + (rank_slots(n) + n) * sizeof(uint32_t)),
	       at_trep = at_krep + ALIGN16(n * sizeof(char *)), at_kbuf = at_trep + ALIGN16(n * sizeof(char *)),
	       at_tbuf, end, kbytes = 0, tbytes = 0, i;
	unsigned char *mem;
	uint32_t *kr, *tr;
	order_item *o, *tmp, *sorted;
	kg_index_entry *copy;
	const unsigned char **krep, **trep;
	uint32_t ktop, ttop;
	int tbits = 0;

	/* room for every key's bytes, and every target's but a work's
	 * repeats (entry_ranks copies the distinct ones) */
	for (i = 0; i < n; i++) {
		kbytes += e[i].klen;
		if (!repeats_target(e, i))
			tbytes += e[i].tlen;
	}
	at_tbuf = at_kbuf + ALIGN16(kbytes);
	end = at_tbuf + tbytes;
	if (!(mem = sort_mem(s, end)))
		return PK_ENOMEM;
	kr = (uint32_t *)(void *)mem;
	tr = (uint32_t *)(void *)(mem + at_tr);
	o = (order_item *)(void *)(mem + at_o);
	tmp = (order_item *)(void *)(mem + at_tmp);
	copy = (kg_index_entry *)(void *)(mem + at_copy);
	krep = (const unsigned char **)(void *)(mem + at_krep);
	trep = (const unsigned char **)(void *)(mem + at_trep);
	entry_ranks(e, n, 0, kr, &ktop, mem + at_rank, krep, mem + at_kbuf);
	entry_ranks(e, n, 1, tr, &ttop, mem + at_rank, trep, mem + at_tbuf);
	while (tbits < 32 && (ttop >> tbits))
		tbits++;
	for (i = 0; i < n; i++) {
		o[i].order = (uint64_t)kr[i] << tbits | tr[i];
		o[i].at = (uint32_t)i;
	}
	sorted = radix_sort(o, tmp, n, (uint64_t)ktop << tbits | ttop);
	/* the entries in that order (tmp or o, whichever is free, is too
	 * small for them: one more copy) */
	for (i = 0; i < n; i++) {
		uint32_t at = sorted[i].at;

		copy[i] = e[at];
		copy[i].key = krep[kr[at]];
		copy[i].target = trep[tr[at]];
	}
	memcpy(e, copy, n * sizeof(*e));
	return 0;
}

/* e[0..n) into the table's order: through the ranks in s's memory, or
 * when there is no memory for them by bytes, in place. */
static int sort_any(kg_index_sorter *s, kg_index_entry *e, size_t n)
{
	size_t i;

	if (n > UINT32_MAX)
		return pk_error_set(PK_ELIMIT, "too many index entries in one call");
	if (n > 1 && entries_sort(s, e, n) < 0) {
		for (i = 0; i < n; i++)
			e[i].pfx = key_prefix(e[i].key, e[i].klen);
		qsort(e, n, sizeof(*e), entry_qcmp);
	}
	return 0;
}

kg_index_sorter *kg_index_sorter_new(void)
{
	kg_index_sorter *s = pk_calloc(1, sizeof(*s));

	if (!s)
		pk_error_set(PK_ENOMEM, "out of memory");
	return s;
}

void kg_index_sorter_free(kg_index_sorter *s)
{
	if (s) {
		pk_free(s->mem);
		pk_free(s);
	}
}

int kg_index_sort(kg_index_sorter *s, kg_index_entry *e, size_t n)
{
	return sort_any(s, e, n);
}

int kg_index_add_many(kg_txn *t, uint32_t sid, kg_index_entry *e, size_t n)
{
	int rc;

	if (!t->write)
		return pk_error_set(PK_EINVAL, "write in a read transaction");
	if ((rc = sort_any(&t->sorter, e, n)) < 0)
		return rc;
	return kg_index_add_sorted(t, sid, e, n);
}

int kg_index_add_sorted(kg_txn *t, uint32_t sid, const kg_index_entry *e, size_t n)
{
	unsigned char d[KEY_MAX + 4];
	MDB_cursor *c;
	size_t i;
	int rc = 0;

	if (!t->write)
		return pk_error_set(PK_EINVAL, "write in a read transaction");
	if (n == 0)
		return 0;
	if ((rc = mdb_cursor_open(t->txn, dbi(t, KG_T_WINDEX), &c)) != 0)
		return kg_mdb_error(rc, "mdb_cursor_open");
	for (i = 0; i < n && rc == 0; i++) {
		MDB_val key = { e[i].klen, kg_unconst(e[i].key) }, val = { (size_t)e[i].tlen + 4, d };

		if ((rc = index_value(d, sid, e[i].klen, e[i].target, e[i].tlen)) < 0)
			break;
		rc = mdb_cursor_put(c, &key, &val, MDB_NODUPDATA);
		if (rc == MDB_KEYEXIST)
			rc = 0;
		else if (rc)
			rc = kg_mdb_error(rc, "graph write");
		/* (a put on a cursor of a txn that other cursors read keeps them) */
		if (rc == 0)
			rc = kg_kf_add(t, e[i].key, e[i].klen);
	}
	mdb_cursor_close(c);
	return rc;
}

/* A cursor on the work index: a read txn's kept one when it is free
 * (*kept = 1), else a new one. Give it back with index_cursor_done.
 * 0 or an LMDB code. */
static int index_cursor(kg_txn *t, MDB_cursor **c, int *kept)
{
	*kept = 0;
	if (!t->write && !t->icur_busy) {
		/* one open (a malloc) per read txn, not one per index read */
		if (!t->icur) {
			if (mdb_cursor_open(t->txn, dbi(t, KG_T_WINDEX), &t->icur) != 0)
				t->icur = NULL;
		} else if (t->icur_stale && mdb_cursor_renew(t->txn, t->icur) != 0) {
			mdb_cursor_close(t->icur);
			t->icur = NULL;
		}
		if (t->icur) {
			t->icur_stale = 0;
			t->icur_busy = 1;
			*kept = 1;
			*c = t->icur;
			return 0;
		}
	}
	return mdb_cursor_open(t->txn, dbi(t, KG_T_WINDEX), c);
}

static void index_cursor_done(kg_txn *t, MDB_cursor *c, int kept)
{
	if (kept)
		t->icur_busy = 0;
	else
		mdb_cursor_close(c);
}

int kg_index_find(kg_txn *t, const void *key, size_t klen, size_t limit,
		  int (*cb)(const void *, size_t, void *), void *ctx)
{
	MDB_cursor *c;
	MDB_val kv = { klen, kg_unconst(key) }, v;
	size_t n = 0;
	int rc, kept;

	if (klen == 0 || klen > KEY_MAX || !kg_kf_maybe(t, key, klen))
		return 0;
	if ((rc = index_cursor(t, &c, &kept)) != 0)
		return kg_mdb_error(rc, "mdb_cursor_open");
	rc = mdb_cursor_get(c, &kv, &v, MDB_SET_KEY);
	while (rc == 0) {
		if (v.mv_size >= 4 && (rc = cb((const unsigned char *)v.mv_data + 4, v.mv_size - 4, ctx)) != 0)
			goto done;
		if (limit && ++n >= limit)
			break;
		rc = mdb_cursor_get(c, &kv, &v, MDB_NEXT_DUP);
	}
	rc = (rc == 0 || rc == MDB_NOTFOUND) ? 0 : kg_mdb_error(rc, "reading index");
done:
	index_cursor_done(t, c, kept);
	return rc;
}

void kg_index_prefetch(kg_txn *t, const void *key, size_t klen)
{
	kg_kf_prefetch(t, key, klen);
}

int kg_index_count(kg_txn *t, const void *key, size_t klen, size_t *out)
{
	MDB_cursor *c;
	MDB_val kv = { klen, kg_unconst(key) }, v;
	size_t n = 0;
	int rc, kept;

	*out = 0;
	if (klen == 0 || klen > KEY_MAX || !kg_kf_maybe(t, key, klen))
		return 0;
	if ((rc = index_cursor(t, &c, &kept)) != 0)
		return kg_mdb_error(rc, "mdb_cursor_open");
	rc = mdb_cursor_get(c, &kv, &v, MDB_SET_KEY);
	if (rc == 0)
		rc = mdb_cursor_count(c, &n);
	index_cursor_done(t, c, kept);
	if (rc && rc != MDB_NOTFOUND)
		return kg_mdb_error(rc, "counting index");
	*out = (size_t)n;
	return 0;
}

int kg_stats_get(kg_txn *t, kg_stats *out)
{
	MDB_stat st;
	int rc;

#define STAT(table, field)                                              \
	do {                                                            \
		if ((rc = mdb_stat(t->txn, dbi(t, table), &st)) != 0)  \
			return kg_mdb_error(rc, "mdb_stat");           \
		out->field = st.ms_entries;                             \
	} while (0)
	memset(out, 0, sizeof(*out));
	STAT(KG_T_SOURCES, sources);
	STAT(KG_T_NODES, nodes);
	STAT(KG_T_VALUES, values);
	STAT(KG_T_NAMES, names);
	STAT(KG_T_WORKS, works);
	STAT(KG_T_WINDEX, index_entries);
#undef STAT
	return 0;
}

/* ---- integrity ------------------------------------------------------------ */

typedef struct vsrc {
	uint32_t id;
	uint64_t records, docs;
	int docs_kind; /* its records are documents (works, materials): the counts must agree */
	char kind[24], edition[64];
} vsrc;

typedef struct vctx {
	vsrc *s;
	size_t n;
	kg_verify_fn report;
	void *ctx;
	kg_verify_stats *st;
} vctx;

static int vsrc_add(const kg_source *s, void *vc)
{
	vctx *c = vc;
	vsrc *ns = pk_realloc(c->s, (c->n + 1) * sizeof(*ns));

	if (!ns)
		return pk_error_set(PK_ENOMEM, "out of memory");
	c->s = ns;
	memset(&ns[c->n], 0, sizeof(ns[0]));
	ns[c->n].id = s->id;
	ns[c->n].records = s->records;
	snprintf(ns[c->n].kind, sizeof(ns[0].kind), "%s", s->kind);
	snprintf(ns[c->n].edition, sizeof(ns[0].edition), "%s", s->edition);
	ns[c->n].docs_kind = kg_kind_bibliographic(s->kind) || !strcmp(s->kind, "MP");
	c->n++;
	return 0;
}

static vsrc *vsrc_find(vctx *c, uint32_t id)
{
	size_t i;

	for (i = 0; i < c->n; i++)
		if (c->s[i].id == id)
			return &c->s[i];
	return NULL;
}

static int say(vctx *c, int is_problem, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int say(vctx *c, int is_problem, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	if (is_problem)
		c->st->problems++;
	else
		c->st->notes++;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return c->report ? c->report(c->ctx, is_problem, msg) : 0;
}

#define problem(c, ...) say(c, 1, __VA_ARGS__)

/* index tags whose targets are work documents: 'T' titles, 'B' heads,
 * 'A' author-year, 'V' author-venue, 'P' volume-page, 'I' identifiers,
 * 'w' 'n' 'v' retrieval terms (materials' 'F' formulas name a material
 * id, whose documents are keyed per edition) */
static int target_table(unsigned char tag)
{
	return tag && strchr("TBAVPIwnv", tag) ? KG_T_WORKS : -1;
}

int kg_verify(kg_txn *t, kg_verify_fn report, void *ctx, kg_verify_stats *st)
{
	vctx c = { NULL, 0, report, ctx, st };
	MDB_cursor *cur = NULL;
	MDB_val k, v;
	char schema[16];
	size_t i;
	int rc, tb;

	memset(st, 0, sizeof(*st));
	if (kg_meta_get(t, "schema", schema, sizeof(schema)) < 0 || strtol(schema, NULL, 10) != KG_SCHEMA_VERSION) {
		pk_error_clear();
		if ((rc = problem(&c, "schema version '%s' is not %d", schema, KG_SCHEMA_VERSION)) < 0)
			return rc;
	}
	if ((rc = kg_source_each(t, vsrc_add, &c)) < 0)
		goto done;
	/* documents: decodable, owned by a registered source, titled works indexed by their title */
	for (tb = KG_T_WORKS; tb <= KG_T_MATERIALS && rc == 0; tb += KG_T_MATERIALS - KG_T_WORKS) {
		if ((rc = mdb_cursor_open(t->txn, dbi(t, tb), &cur)) != 0) {
			rc = kg_mdb_error(rc, "mdb_cursor_open");
			break;
		}
		for (rc = mdb_cursor_get(cur, &k, &v, MDB_FIRST); rc == 0; rc = mdb_cursor_get(cur, &k, &v, MDB_NEXT)) {
			uint32_t sid = v.mv_size >= 4 ? kg_get_be32(v.mv_data) : 0;
			vsrc *s = vsrc_find(&c, sid);

			st->documents++;
			if (!s) {
				if ((rc = problem(&c, "document '%.*s' belongs to no source (id %u)", (int)k.mv_size,
						  (const char *)k.mv_data, sid)) < 0)
					break;
				continue;
			}
			s->docs++;
			if (tb == KG_T_WORKS) {
				kg_work w;
				pk_buf key = PK_BUF_INIT;
				size_t n = 0;

				if (kg_work_decode(&w, (const unsigned char *)v.mv_data + 4, v.mv_size - 4) < 0) {
					pk_error_clear();
					if ((rc = problem(&c, "work '%.*s' is not a readable record", (int)k.mv_size,
							  (const char *)k.mv_data)) < 0)
						break;
					continue;
				}
				if (w.title && kg_key_title(&key, w.title) == 0) {
					MDB_cursor *ic;
					MDB_val ik = { key.len, key.ptr }, iv;
					unsigned char want[KEY_MAX + 4];

					kg_be32(want, sid);
					if (k.mv_size <= KEY_MAX) {
						memcpy(want + 4, k.mv_data, k.mv_size);
						iv.mv_size = k.mv_size + 4;
						iv.mv_data = want;
						if (mdb_cursor_open(t->txn, dbi(t, KG_T_WINDEX), &ic) == 0) {
							n = mdb_cursor_get(ic, &ik, &iv, MDB_GET_BOTH) == 0;
							mdb_cursor_close(ic);
						}
					}
					if (!n && (rc = problem(&c, "work '%.*s' is not in the title index", (int)k.mv_size,
								(const char *)k.mv_data)) < 0) {
						pk_buf_release(&key);
						break;
					}
				}
				pk_error_clear();
				pk_buf_release(&key);
			}
		}
		mdb_cursor_close(cur);
		cur = NULL;
		rc = rc == MDB_NOTFOUND ? 0 : rc < 0 ? rc : kg_mdb_error(rc, "reading documents");
	}
	if (rc < 0)
		goto done;
	/* index entries: each target a document, each owner a source */
	if ((rc = mdb_cursor_open(t->txn, dbi(t, KG_T_WINDEX), &cur)) != 0) {
		rc = kg_mdb_error(rc, "mdb_cursor_open");
		goto done;
	}
	for (rc = mdb_cursor_get(cur, &k, &v, MDB_FIRST); rc == 0; rc = mdb_cursor_get(cur, &k, &v, MDB_NEXT)) {
		uint32_t sid = v.mv_size >= 4 ? kg_get_be32(v.mv_data) : 0;
		int target = k.mv_size ? target_table(*(const unsigned char *)k.mv_data) : -1;
		MDB_val dk = { v.mv_size - 4, (unsigned char *)v.mv_data + 4 }, dv;

		st->index_entries++;
		if (!vsrc_find(&c, sid) && (rc = problem(&c, "index entry of key '%.40s' belongs to no source (id %u)",
							 (const char *)k.mv_data, sid)) < 0)
			break;
		/* a key the key filter turns away would never be found */
		if (!kg_kf_maybe(t, k.mv_data, k.mv_size) &&
		    (rc = problem(&c, "the key filter turns away an index key it holds (tag '%c'): a wrong filter",
				  *(const char *)k.mv_data)) < 0)
			break;
		if (target < 0 || v.mv_size < 4)
			continue;
		if (mdb_get(t->txn, dbi(t, target), &dk, &dv) != 0 &&
		    (rc = problem(&c, "an index entry points at '%.*s', which is no record", (int)(dk.mv_size < 200 ? dk.mv_size : 200),
				  (const char *)dk.mv_data)) < 0)
			break;
	}
	mdb_cursor_close(cur);
	rc = rc == MDB_NOTFOUND ? 0 : rc < 0 ? rc : kg_mdb_error(rc, "reading the index");
	if (rc < 0)
		goto done;
	/* counts: the registry's records of a document source are its documents */
	for (i = 0; i < c.n && rc == 0; i++) {
		st->sources++;
		/* more documents than records is a graph that lost track; fewer
		 * are records under keys a later edition also holds (its record
		 * stands: the same DOI in two Crossref editions) */
		if (c.s[i].docs_kind && c.s[i].docs > c.s[i].records)
			rc = problem(&c, "%s %s: %llu records in the source registry, %llu documents in the graph", c.s[i].kind,
				     c.s[i].edition, (unsigned long long)c.s[i].records, (unsigned long long)c.s[i].docs);
		else if (c.s[i].docs_kind && c.s[i].docs < c.s[i].records)
			rc = say(&c, 0, "%s %s: %llu of its %llu records are held under keys another edition (or a repeat) "
					"also wrote; the last one written stands", c.s[i].kind, c.s[i].edition,
				 (unsigned long long)(c.s[i].records - c.s[i].docs), (unsigned long long)c.s[i].records);
	}
done:
	pk_free(c.s);
	return rc < 0 ? rc : 0;
}
