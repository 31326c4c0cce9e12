/* Unit tests for common/: buffers, numbers, text folding, lines, sha256. */
#include "t.h"

#include "common/alloc.h"
#include "common/buf.h"
#include "common/hash.h"
#include "common/dynlib.h"
#include "common/error.h"
#include "common/flatjson.h"
#include "common/http.h"
#include "common/json.h"
#include "common/lines.h"
#include "common/memo.h"
#include "common/re.h"
#include "common/records.h"
#include "common/reset.h"
#include "common/num.h"
#include "common/pj.h"
#include "common/sha256.h"
#include "common/text.h"
#include "query/number.h"

#include <cJSON.h>
#include <limits.h>
#include <utf8proc.h>
#include <ctype.h>
#include <stdint.h>
#include <zlib.h>

static void buf_cap_and_append(void)
{
	pk_buf b = PK_BUF_INIT;

	pk_buf_init(&b, 8);
	CHECK_EQ_INT(pk_buf_puts(&b, "abcd"), 0);
	CHECK_EQ_INT(pk_buf_printf(&b, "%d", 123), 0);
	CHECK_STR(b.ptr, "abcd123");
	/* one more byte fits exactly, two do not, and the buffer is unchanged */
	CHECK_EQ_INT(pk_buf_puts(&b, "xy"), PK_ELIMIT);
	CHECK_STR(b.ptr, "abcd123");
	/* the inline room tests answer as the limit does */
	CHECK_EQ_INT(pk_buf_grow(&b, 1), 0);
	CHECK_EQ_INT(pk_buf_grow(&b, 2), PK_ELIMIT);
	CHECK_EQ_INT(pk_buf_putc(&b, 'z'), 0);
	CHECK_EQ_INT(b.len, 8);
	CHECK_EQ_INT(pk_buf_putc(&b, 'w'), PK_ELIMIT);
	CHECK_EQ_INT(pk_buf_put(&b, "w", 1), PK_ELIMIT);
	CHECK_EQ_INT(pk_buf_put(&b, "", 0), 0);
	CHECK_EQ_INT(pk_buf_grow(&b, 0), 0);
	CHECK_EQ_INT(pk_buf_grow(&b, 1), PK_ELIMIT);
	CHECK_STR(b.ptr, "abcd123z");
	pk_buf_truncate(&b, 2);
	CHECK_STR(pk_buf_cstr(&b), "ab");
	{
		char *d = pk_buf_detach(&b);

		CHECK_STR(d, "ab");
		CHECK(b.ptr == NULL && b.len == 0);
		pk_free(d);
	}
	CHECK_STR(pk_buf_cstr(&b), "");
	pk_buf_release(&b);
	/* an emptied buffer grown past its room: a new block, still a string,
	 * and on failure the old one kept */
	pk_buf_init(&b, 0);
	CHECK_EQ_INT(pk_buf_puts(&b, "stale"), 0);
	pk_buf_reset(&b);
	pk_alloc_fail_after(0);
	CHECK_EQ_INT(pk_buf_grow(&b, 1000), PK_ENOMEM);
	pk_alloc_fail_after(-1);
	CHECK(b.ptr != NULL && b.cap < 1000);
	CHECK_STR(pk_buf_cstr(&b), "");
	CHECK_EQ_INT(pk_buf_grow(&b, 1000), 0);
	CHECK(b.cap > 1000 && b.len == 0);
	CHECK_STR(b.ptr, "");
	CHECK_EQ_INT(pk_buf_puts(&b, "fresh"), 0);
	CHECK_STR(b.ptr, "fresh");
	pk_buf_release(&b);
	/* printf into the room there is, past it (grown, written again), and
	 * past the cap (refused: the text before it kept, still a string) */
	pk_buf_init(&b, 40);
	CHECK_EQ_INT(pk_buf_puts(&b, "ab"), 0);
	CHECK_EQ_INT(pk_buf_printf(&b, "-%d-", 7), 0);
	CHECK_STR(b.ptr, "ab-7-");
	CHECK_EQ_INT(pk_buf_printf(&b, "%s|%s", "0123456789", "abcdefghij"), 0);
	CHECK_STR(b.ptr, "ab-7-0123456789|abcdefghij");
	CHECK_EQ_INT(b.len, 26);
	CHECK_EQ_INT(pk_buf_printf(&b, "%s", "0123456789abcdef"), PK_ELIMIT);
	CHECK_STR(b.ptr, "ab-7-0123456789|abcdefghij");
	CHECK_EQ_INT(b.len, 26);
	CHECK_EQ_INT(pk_buf_printf(&b, "%s", "0123456789abcd"), 0); /* exactly to the cap */
	CHECK_EQ_INT(b.len, 40);
	CHECK_EQ_INT((int)strlen(b.ptr), 40);
	pk_buf_release(&b);
}

static void alloc_fault_injection(void)
{
	void *a, *b;

	pk_alloc_fail_after(1);
	a = pk_malloc(10);
	b = pk_malloc(10);
	pk_alloc_fail_after(-1);
	CHECK(a != NULL);
	CHECK(b == NULL);
	pk_free(a);
	{
		size_t out = 7;

		CHECK_EQ_INT(pk_size_mul(&out, (size_t)-1, 2), -1);
		CHECK_EQ_INT(out, 7);
		CHECK_EQ_INT(pk_size_add(&out, 3, 4), 0);
		CHECK_EQ_INT(out, 7);
	}
}

/* The VmFlags of the mapping holding address p (/proc/self/smaps): 1 it
 * has "hg" (MADV_HUGEPAGE), 0 it has not, -1 not found. */
static int maps_hugepage(const void *p)
{
	FILE *f = fopen("/proc/self/smaps", "r");
	char line[512];
	int in = 0, got = -1;

	if (!f)
		return -1;
	while (got < 0 && fgets(line, sizeof(line), f)) {
		unsigned long from, to;
		char dash;

		if (sscanf(line, "%lx%c%lx", &from, &dash, &to) == 3 && dash == '-')
			in = (uintptr_t)p >= from && (uintptr_t)p < to;
		else if (in && !strncmp(line, "VmFlags:", 8))
			got = strstr(line, " hg") != NULL;
	}
	fclose(f);
	return got;
}

/* A large block asks for huge pages over its whole 2 MB extents (on a
 * kernel with transparent huge pages); a small one does not. */
static void alloc_large_blocks_huge(void)
{
	size_t big = (size_t)16 << 20;
	char *a, *b, *c;
	FILE *thp = fopen("/sys/kernel/mm/transparent_hugepage/enabled", "r");

	if (!thp) {
		fprintf(stderr, "alloc_large_blocks_huge: no transparent huge pages here; not checked\n");
		return;
	}
	fclose(thp);
	a = pk_malloc(big);
	b = pk_malloc(64 << 10);
	c = pk_malloc(1 << 20);
	CHECK(a && b && c);
	if (!a || !b || !c)
		goto out;
	/* the middle of a large block: inside a whole aligned 2 MB extent */
	CHECK_EQ_INT(maps_hugepage(a + big / 2), 1);
	CHECK_EQ_INT(maps_hugepage(b), 0);
	/* grown past the threshold by realloc: asked for too */
	c = pk_realloc(c, big);
	CHECK(c != NULL);
	if (c)
		CHECK_EQ_INT(maps_hugepage(c + big / 2), 1);
out:
	pk_free(a);
	pk_free(b);
	pk_free(c);
}

/* PK_ALLOC_GROW: doubling from the first capacity, overflow refused with
 * the array and its capacity unchanged */
static void alloc_grow(void)
{
	struct item { char b[16]; } *v = NULL;
	size_t cap = 0;

	CHECK_EQ_INT(PK_ALLOC_GROW(v, 1, cap, 4), 0);
	CHECK(v != NULL && cap == 4);
	CHECK_EQ_INT(PK_ALLOC_GROW(v, 4, cap, 4), 0);
	CHECK(cap == 4); /* room already */
	CHECK_EQ_INT(PK_ALLOC_GROW(v, 9, cap, 4), 0);
	CHECK(cap == 16);
	memset(v, 7, cap * sizeof(*v)); /* all of it is ours (ASan would say otherwise) */
	{
		struct item *before = v;

		CHECK_EQ_INT(PK_ALLOC_GROW(v, (size_t)-1 / 8, cap, 4), PK_ENOMEM);
		CHECK(v == before && cap == 16);
		pk_error_clear();
	}
	pk_free(v);
}

static void num_published_forms(void)
{
	pk_num n;

	CHECK_EQ_INT(pk_num_parse(&n, "6.626 070 15 e-34", 17, 1), 0);
	CHECK_NEAR(n.value, 6.62607015e-34, 1e-15);
	CHECK_EQ_INT(n.sig_digits, 9);
	CHECK_EQ_INT(n.exponent, -34);

	CHECK_EQ_INT(pk_num_parse(&n, "1.054 571 817... e-34", 21, 1), 0);
	CHECK(n.truncated);
	CHECK_NEAR(n.value, 1.054571817e-34, 1e-15);

	CHECK_EQ_INT(pk_num_parse(&n, "-1.001 159 652 180 59", 21, 1), 0);
	CHECK_NEAR(n.value, -1.00115965218059, 1e-15);

	CHECK_EQ_INT(pk_num_parse(&n, "55.845(2)", 9, 0), 0);
	CHECK_NEAR(n.value, 55.845, 1e-15);
	CHECK(n.has_unc);
	CHECK_NEAR(n.uncertainty, 0.002, 1e-12);

	CHECK_EQ_INT(pk_num_parse(&n, "1.00782503223(9)", 16, 0), 0);
	CHECK_NEAR(n.uncertainty, 9e-11, 1e-9);

	CHECK_EQ_INT(pk_num_parse(&n, "100.92634(32#)", 14, 0), 0);
	CHECK(n.estimated);
	CHECK_NEAR(n.uncertainty, 0.00032, 1e-9);

	CHECK_EQ_INT(pk_num_parse(&n, "0.000 000 17", 12, 1), 0);
	CHECK_NEAR(n.value, 1.7e-7, 1e-12);
	CHECK_EQ_INT(n.sig_digits, 2);

	/* garbage, empty, overflow and a spaced number read unspaced */
	CHECK_EQ_INT(pk_num_parse(&n, "12a", 3, 0), PK_EPARSE);
	{
		/* an uncertainty of dots past its buffer (found by fuzz number):
		 * refused, nothing written beyond it */
		char dots[300] = "2.5(585";
		size_t k;

		for (k = strlen(dots); k < sizeof(dots) - 4; k++)
			dots[k] = '.';
		memcpy(dots + k, "10)", 4);
		CHECK_EQ_INT(pk_num_parse(&n, dots, strlen(dots), 0), PK_EPARSE);
	}
	CHECK_EQ_INT(pk_num_parse(&n, "   ", 3, 0), PK_EPARSE);
	CHECK_EQ_INT(pk_num_parse(&n, "1e999", 5, 0), PK_EPARSE);
	CHECK_EQ_INT(pk_num_parse(&n, "6.626 070", 9, 0), PK_EPARSE);
	CHECK_EQ_INT(pk_num_parse(&n, "1.2(", 4, 0), PK_EPARSE);
	CHECK_EQ_INT(pk_num_sig_digits("0.0120", 6), 3);
}

static void text_folding(void)
{
	pk_buf b = PK_BUF_INIT;
	char *k;

	/* NFKC: superscripts, ℏ, micro sign; case and spaces per flags */
	CHECK_EQ_INT(pk_text_fold(&b, "⁵⁶Fe", strlen("⁵⁶Fe"), 0), 0);
	CHECK_STR(b.ptr, "56Fe");
	pk_buf_reset(&b);
	CHECK_EQ_INT(pk_text_fold(&b, "ℏ", strlen("ℏ"), 0), 0);
	CHECK_STR(b.ptr, "ħ");
	pk_buf_reset(&b);
	CHECK_EQ_INT(pk_text_fold(&b, "  Planck\t  Constant ", 20, PK_FOLD_CASE | PK_FOLD_SPACE_ONE), 0);
	CHECK_STR(b.ptr, "planck constant");
	pk_buf_reset(&b);
	CHECK_EQ_INT(pk_text_fold(&b, "Schrödinger–Type", strlen("Schrödinger–Type"),
				  PK_FOLD_CASE | PK_FOLD_MARKS | PK_FOLD_DASH), 0);
	CHECK_STR(b.ptr, "schrodinger-type");
	pk_buf_reset(&b);
	/* zero-width space disappears */
	CHECK_EQ_INT(pk_text_fold(&b, "a\xe2\x80\x8b" "b", 5, 0), 0);
	CHECK_STR(b.ptr, "ab");
	pk_buf_release(&b);

	k = pk_text_name_key("Speed of  Light", 15);
	CHECK_STR(k, "speedoflight");
	pk_free(k);
	k = pk_text_name_key("光速", strlen("光速"));
	CHECK_STR(k, "光速");
	pk_free(k);
	CHECK(pk_text_name_key("\xff\xfe", 2) == NULL);

	CHECK(pk_utf8_valid("héllo", strlen("héllo")));
	CHECK(!pk_utf8_valid("a\xc3", 2));
	CHECK(!pk_utf8_valid("a\0b", 3));
	CHECK(!pk_utf8_valid("\xed\xa0\x80", 3)); /* surrogate */
	/* the eight-byte ASCII path: a NUL, a stray continuation byte, a
	 * cut sequence or a valid one at every offset of a long ASCII run,
	 * and lengths that end inside a word */
	{
		char run[40];
		size_t at, n;

		for (at = 0; at < 24; at++) {
			memset(run, 'a', sizeof(run));
			CHECK(pk_utf8_valid(run, sizeof(run)));
			run[at] = '\0';
			CHECK(!pk_utf8_valid(run, sizeof(run)));
			CHECK(pk_utf8_valid(run, at)); /* (before it) */
			run[at] = (char)0x80;
			CHECK(!pk_utf8_valid(run, sizeof(run)));
			run[at] = (char)0xc3;
			CHECK(!pk_utf8_valid(run, at + 1)); /* cut */
			run[at + 1] = (char)0xa9;
			CHECK(pk_utf8_valid(run, sizeof(run))); /* "é" */
			run[at + 2] = (char)0xa9;
			CHECK(!pk_utf8_valid(run, sizeof(run)));
		}
		memset(run, 'a', sizeof(run));
		for (n = 0; n <= sizeof(run); n++)
			CHECK(pk_utf8_valid(run, n));
	}
}

static void lines_reader(void)
{
	const char *dir = t_tmpdir("lines");
	char path[300], gz[300];
	pk_lines *r;
	const char *line;
	size_t len;
	int rc;

	snprintf(path, sizeof(path), "%s.txt", dir);
	snprintf(gz, sizeof(gz), "%s.gz", dir);
	t_write(path, "one\r\ntwo\n\nthis line is far too long\nlast");
	CHECK_EQ_INT(pk_lines_open(&r, path, 10), 0);
	CHECK_EQ_INT(pk_lines_next(r, &line, &len), 1);
	CHECK_STR(line, "one");
	CHECK_EQ_INT(len, 3);
	CHECK_EQ_INT(pk_lines_next(r, &line, &len), 1);
	CHECK_STR(line, "two");
	CHECK_EQ_INT(pk_lines_next(r, &line, &len), 1);
	CHECK_EQ_INT(len, 0);
	CHECK_EQ_INT(pk_lines_next(r, &line, &len), PK_ELIMIT);
	CHECK_EQ_INT(pk_lines_lineno(r), 4);
	CHECK_EQ_INT(pk_lines_next(r, &line, &len), 1);
	CHECK_STR(line, "last");
	CHECK_EQ_INT(pk_lines_lineno(r), 5);
	CHECK_EQ_INT(pk_lines_next(r, &line, &len), 0);
	pk_lines_free(r);

	/* gzip reads the same; a truncated gzip is an error, not a short file */
	{
		gzFile g = gzopen(gz, "wb");
		int i;

		for (i = 0; i < 20000; i++)
			gzprintf(g, "line %d of a compressed file\n", i);
		gzclose(g);
	}
	CHECK_EQ_INT(pk_lines_open(&r, gz, 0), 0);
	{
		int n = 0;

		while ((rc = pk_lines_next(r, &line, &len)) == 1)
			n++;
		CHECK_EQ_INT(rc, 0);
		CHECK_EQ_INT(n, 20000);
	}
	pk_lines_free(r);
	CHECK_EQ_INT(truncate(gz, 2000), 0);
	CHECK_EQ_INT(pk_lines_open(&r, gz, 0), 0);
	while ((rc = pk_lines_next(r, &line, &len)) == 1)
		;
	CHECK_EQ_INT(rc, PK_EIO);
	CHECK(strstr(pk_error_last(), gz) != NULL);
	pk_lines_free(r);
	CHECK_EQ_INT(pk_file_is_gzip(gz), 1);
	CHECK_EQ_INT(pk_file_is_gzip(path), 0);
	unlink(path);
	unlink(gz);
	CHECK_EQ_INT(pk_lines_open(&r, path, 0), PK_ENOFILE);
}

/* issue 18 (4): one reader for JSON Lines and JSON arrays */
static size_t read_all_records(const char *path, size_t max, int flags, char *got, size_t cap, size_t *limited,
			       int *last)
{
	pk_records *r;
	const char *rec;
	size_t len, n = 0;
	int rc;

	got[0] = '\0';
	*limited = 0;
	if ((rc = pk_records_open(&r, path, max, flags)) < 0) {
		*last = rc;
		return 0;
	}
	while ((rc = pk_records_next(r, &rec, &len)) != 0) {
		if (rc == PK_ELIMIT) {
			(*limited)++;
			snprintf(got + strlen(got), cap - strlen(got), "<%s>|", pk_records_where(r));
			continue;
		}
		if (rc < 0)
			break;
		CHECK_EQ_INT(strlen(rec), len);
		snprintf(got + strlen(got), cap - strlen(got), "%s@%zu|", rec, pk_records_lineno(r));
		n++;
	}
	*last = rc;
	pk_records_free(r);
	return n;
}

static void records_reader(void)
{
	const char *dir = t_tmpdir("records");
	char path[300], got[4096];
	size_t limited, n, i;
	int last;

	snprintf(path, sizeof(path), "%s.json", dir);
	/* JSON Lines: blank lines skipped, a byte order mark dropped, CRLF */
	t_write(path, "\xef\xbb\xbf{\"a\":1}\r\n\n  \n{\"b\":\"x\"}\n{\"c\":\"far too long for it\"}\n[1]");
	n = read_all_records(path, 20, 0, got, sizeof(got), &limited, &last);
	CHECK_EQ_INT(n, 3);
	CHECK_EQ_INT(limited, 1);
	CHECK_EQ_INT(last, 0);
	CHECK(strstr(got, "{\"a\":1}@1|{\"b\":\"x\"}@4|<") && strstr(got, ":5>|[1]@6|"));
	/* the same as a line protocol: every line one record */
	n = read_all_records(path, 20, PK_REC_LINES, got, sizeof(got), &limited, &last);
	CHECK_EQ_INT(n, 5);
	/* an array: strings with brackets, commas and escapes inside, nested
	 * values, records over lines, one over the limit skipped whole */
	t_write(path, " [ {\"t\": \"a ] , } [ \\\" q\"},\n  {\"n\": [1, {\"x\": [2]}]} ,\n\"x\"  , "
		"{\"long\": \"0123456789012345678901234567890123456789\"}, {\"e\":\n1}\n]\n\n");
	n = read_all_records(path, 40, 0, got, sizeof(got), &limited, &last);
	CHECK_EQ_INT(n, 4);
	CHECK_EQ_INT(limited, 1);
	CHECK_EQ_INT(last, 0);
	CHECK(strstr(got, "{\"t\": \"a ] , } [ \\\" q\"}@1|{\"n\": [1, {\"x\": [2]}]}@2|\"x\"@3|<") != NULL);
	CHECK(strstr(got, ": [3]>|{\"e\":\n1}@3|") != NULL);
	t_write(path, "[]");
	CHECK_EQ_INT(read_all_records(path, 40, 0, got, sizeof(got), &limited, &last), 0);
	CHECK_EQ_INT(last, 0);
	/* a broken array: what came before is read, then the error says where */
	t_write(path, "[{\"a\":1},\n{\"b\":2}");
	CHECK_EQ_INT(read_all_records(path, 40, 0, got, sizeof(got), &limited, &last), 1);
	CHECK_EQ_INT(last, PK_EPARSE);
	CHECK(strstr(pk_error_last(), "not closed") != NULL);
	t_write(path, "[1, 2] 3");
	CHECK_EQ_INT(read_all_records(path, 40, 0, got, sizeof(got), &limited, &last), 2);
	CHECK_EQ_INT(last, PK_EPARSE);
	CHECK(strstr(pk_error_last(), "text after the end") != NULL);
	pk_error_clear();
	/* an array much larger than a read chunk: every element whole (the
	 * reader keeps one record in memory, not the file) */
	{
		FILE *f = fopen(path, "w");
		pk_records *r;
		const char *rec;
		size_t len;
		int rc, bad = 0;

		fputc('[', f);
		for (i = 0; i < 60000; i++)
			fprintf(f, "%s{\"i\": %zu, \"s\": \"%s\"}", i ? ",\n" : "", i, i % 7 ? "[x]" : "\\\"{");
		fputs("]\n", f);
		fclose(f);
		CHECK_EQ_INT(pk_records_open(&r, path, 100, 0), 0);
		for (i = 0; (rc = pk_records_next(r, &rec, &len)) == 1; i++) {
			char want[100];

			snprintf(want, sizeof(want), "{\"i\": %zu, \"s\": \"%s\"}", i, i % 7 ? "[x]" : "\\\"{");
			bad += strcmp(rec, want) != 0;
		}
		CHECK_EQ_INT(rc, 0);
		CHECK_EQ_INT(i, 60000);
		CHECK_EQ_INT(bad, 0);
		pk_records_free(r);
	}
	unlink(path);
	CHECK_EQ_INT(pk_records_open(&(pk_records *){ NULL }, path, 10, 0), PK_ENOFILE);
	pk_error_clear();
}

static void sha256_vectors(void)
{
	pk_sha256 c;
	char hex[65];
	int i;

	pk_sha256_init(&c);
	pk_sha256_final_hex(&c, hex);
	CHECK_STR(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
	pk_sha256_init(&c);
	pk_sha256_update(&c, "abc", 3);
	pk_sha256_final_hex(&c, hex);
	CHECK_STR(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
	/* a million 'a's fed in uneven pieces */
	pk_sha256_init(&c);
	for (i = 0; i < 1000000;) {
		char a[97];
		int n = 1000000 - i < 97 ? 1000000 - i : 97;

		memset(a, 'a', sizeof(a));
		pk_sha256_update(&c, a, (size_t)n);
		i += n;
	}
	pk_sha256_final_hex(&c, hex);
	CHECK_STR(hex, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

/* pj_number's fast path must give the double strtod gives, bit for bit */
static void pj_numbers(void)
{
	static const char *const fixed[] = { "0", "-0", "0.1", "0.6105", "2.28119", "-5.42531", "83.0113",
					     "123456789012345", "0.000000000000000000000123", "1e-3", "-2.5E+10",
					     "9007199254740993", "4.440892098500626e-16", "1.7976931348623157e308",
					     "0.30000000000000004", "NaN", "-Infinity" };
	unsigned long long x = 88172645463325252ull;
	size_t i, bad = 0;

	for (i = 0; i < sizeof(fixed) / sizeof(fixed[0]) + 200000; i++) {
		char text[64];
		pj j;
		double got = -1, want;

		if (i < sizeof(fixed) / sizeof(fixed[0])) {
			snprintf(text, sizeof(text), "%s", fixed[i]);
		} else {
			/* random decimals: 1..17 digits, the point anywhere */
			int nd, pt, k;
			char *p = text;

			x ^= x << 13, x ^= x >> 7, x ^= x << 17;
			nd = 1 + (int)(x % 17);
			pt = (int)((x >> 8) % (unsigned)(nd + 1));
			if ((x >> 20) & 1)
				*p++ = '-';
			for (k = 0; k < nd; k++) {
				if (k == pt && k > 0)
					*p++ = '.';
				x ^= x << 13, x ^= x >> 7, x ^= x << 17;
				*p++ = (char)('0' + x % 10);
			}
			*p = '\0';
		}
		want = strtod(text, NULL);
		pj_init(&j, text, strlen(text));
		if (pj_number(&j, &got) < 0 || (memcmp(&got, &want, sizeof(got)) && !(isnan(got) && isnan(want)))) {
			if (bad++ < 5)
				fprintf(stderr, "pj_number(%s) = %.17g, strtod %.17g\n", text, got, want);
		}
	}
	CHECK_EQ_INT(bad, 0);
}

/* The retry policy and URL escaping of common/http (no network needed). */
static void http_policy(void)
{
	pk_http_opts o;
	pk_http_resp r;
	pk_buf b = PK_BUF_INIT;
	long w;

	memset(&o, 0, sizeof(o));
	o.retries = 3;
	o.retry_base_ms = 100;
	o.max_wait_ms = 5000;
	memset(&r, 0, sizeof(r));
	r.retry_after_ms = -1;
	r.status = 500;
	CHECK_EQ_INT(pk_http_retry_wait(0, &r, 1, &o, &w), 1);
	CHECK(w >= 100 && w <= 126);
	CHECK_EQ_INT(pk_http_retry_wait(0, &r, 3, &o, &w), 1);
	CHECK(w >= 400 && w <= 501); /* doubled twice */
	CHECK_EQ_INT(pk_http_retry_wait(0, &r, 4, &o, &w), 0); /* retries used up */
	r.status = 404;
	CHECK_EQ_INT(pk_http_retry_wait(0, &r, 1, &o, &w), 0);
	r.status = 200;
	CHECK_EQ_INT(pk_http_retry_wait(0, &r, 1, &o, &w), 0);
	r.status = 429;
	r.retry_after_ms = 2000;
	CHECK_EQ_INT(pk_http_retry_wait(0, &r, 1, &o, &w), 1);
	CHECK_EQ_INT(w, 2000);
	r.retry_after_ms = 60000; /* longer than max_wait: not waited for */
	CHECK_EQ_INT(pk_http_retry_wait(0, &r, 1, &o, &w), 0);
	memset(&r, 0, sizeof(r));
	r.retry_after_ms = -1;
	r.transient = 1;
	CHECK_EQ_INT(pk_http_retry_wait(PK_ENET, &r, 1, &o, &w), 1);
	r.transient = 0; /* a TLS failure does not pass by itself */
	CHECK_EQ_INT(pk_http_retry_wait(PK_ENET, &r, 1, &o, &w), 0);
	CHECK_EQ_INT(pk_http_retry_wait(PK_EIO, &r, 1, &o, &w), 0);
	/* a long back-off is capped */
	o.retries = 40;
	r.status = 503;
	CHECK_EQ_INT(pk_http_retry_wait(0, &r, 30, &o, &w), 1);
	CHECK(w <= 5000);
	CHECK_EQ_INT(pk_http_escape(&b, "10.1103/PhysRevB.47.9967 x&y=ü", "/"), 0);
	CHECK_STR(b.ptr, "10.1103/PhysRevB.47.9967%20x%26y%3D%C3%BC");
	pk_buf_reset(&b);
	CHECK_EQ_INT(pk_http_escape(&b, "a/b", ""), 0);
	CHECK_STR(b.ptr, "a%2Fb");
	pk_buf_release(&b);
}

static void error_messages(void)
{
	CHECK_EQ_INT(pk_error_set(PK_EPARSE, "%s:%d: bad", "f.txt", 3), PK_EPARSE);
	CHECK_STR(pk_error_last(), "f.txt:3: bad");
	pk_error_prefix("reading %s", "x");
	CHECK_STR(pk_error_last(), "reading x: f.txt:3: bad");
	CHECK_EQ_INT(pk_error_code(), PK_EPARSE);
	pk_error_clear();
	CHECK_STR(pk_error_last(), "no error");
}

/* issue 15 (7): parsers read only the n bytes they are given: each input
 * sits in a heap block of exactly its length (no NUL after it), so ASan
 * reports a read one byte past the end */
static void exact_buffers(void)
{
	static const char *const inputs[] = { "1e999", "1e", "6.626 070 15 e-34", "2.5(", "1,", "  ", "\t \n",
					      "[1,", "{\"a\":1,", "{\"a\":", "\"ab", "-", "1.", "0x", "12 345 6" };
	size_t k;

	for (k = 0; k < sizeof(inputs) / sizeof(inputs[0]); k++) {
		size_t n = strlen(inputs[k]);
		char *b = pk_malloc(n ? n : 1);
		pk_num num;
		qn_number q;
		pj j;

		memcpy(b, inputs[k], n);
		(void)pk_num_parse(&num, b, n, 1);
		(void)pk_num_parse(&num, b, n, 0);
		(void)query_number_next(b, n, 0, &q);
		pj_init(&j, b, n);
		(void)pj_skip(&j);
		pj_init(&j, b, n);
		if (pj_peek(&j) == PJ_ARRAY && pj_enter(&j) == 0)
			while (pj_more(&j) == 1 && pj_skip(&j) == 0)
				;
		pj_init(&j, b, n);
		if (pj_peek(&j) == PJ_OBJECT && pj_enter(&j) == 0) {
			const char *key;
			size_t kl;

			/* a trailing comma at the very end: pj_key read past it */
			while (pj_key(&j, &key, &kl) == 1 && pj_skip(&j) == 0)
				;
		}
		pk_free(b);
		pk_error_clear();
	}
	CHECK(1);
}

/* The JSON writer's strings read back as written (cJSON as the reader):
 * each byte that needs an escape at every offset of a 1..24-byte plain
 * string (the writer checks eight bytes at a time), and 5,000 seeded
 * random strings of plain ASCII, quotes, backslashes, control bytes, DEL
 * and UTF-8 sequences; a plain string is written as it is. */
/* pk_cjson_scratch: a tree cut from the caller's block reads the same as
 * one from the heap; its pieces are in the block while it has room, then
 * on the heap; a full block, a failed parse and fault injection keep
 * cJSON's contract (run under ASan/valgrind: nothing leaks, nothing is
 * freed twice) */
static void cjson_scratch(void)
{
	static const char *const texts[] = {
		"{\"id\":0,\"ref\":\"https://doi.org/10.1103/PhysRevB.47.9967\"}",
		"{\"id\":\"q-1\",\"value\":1.380649e-23,\"unit\":\"J/K\",\"opts\":{\"edition\":[2018,2022],\"x\":null}}",
		"[1,2,{\"a\":\"\\u00e9\\n\"}]", "{\"id\":1,\"ref\":", "{\"unterminated", "",
	};
	_Alignas(16) char block[512];
	size_t i;

	for (i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		cJSON *heap = cJSON_Parse(texts[i]), *cut;
		char *a = heap ? cJSON_PrintUnformatted(heap) : NULL, *b = NULL;

		pk_cjson_scratch(block, sizeof(block));
		cut = cJSON_Parse(texts[i]);
		pk_cjson_scratch_stop();
		CHECK_EQ_INT(cut != NULL, heap != NULL);
		if (cut) {
			/* the root and its first child are the block's */
			CHECK((char *)cut >= block && (char *)cut < block + sizeof(block));
			CHECK(!cut->child || ((char *)cut->child >= block && (char *)cut->child < block + sizeof(block)));
			b = cJSON_PrintUnformatted(cut); /* printed after stop: on the heap */
			CHECK(b && (b < block || b >= block + sizeof(block)));
			CHECK_STR(b, a);
		}
		cJSON_free(b);
		cJSON_Delete(cut);
		pk_cjson_scratch(NULL, 0);
		cJSON_free(a);
		cJSON_Delete(heap);
	}
	{
		/* a tree larger than the block: the rest from the heap, and
		 * Delete frees only that */
		pk_buf big = PK_BUF_INIT;
		cJSON *cut, *heap;
		char *a, *b;
		int k;

		CHECK_EQ_INT(pk_buf_puts(&big, "["), 0);
		for (k = 0; k < 200; k++)
			CHECK_EQ_INT(pk_buf_printf(&big, "%s{\"k%d\":\"v%d\"}", k ? "," : "", k, k), 0);
		CHECK_EQ_INT(pk_buf_puts(&big, "]"), 0);
		heap = cJSON_Parse(big.ptr);
		pk_cjson_scratch(block, sizeof(block));
		cut = cJSON_Parse(big.ptr);
		pk_cjson_scratch_stop();
		CHECK(cut != NULL);
		CHECK_EQ_INT(cJSON_GetArraySize(cut), 200);
		a = cJSON_PrintUnformatted(heap);
		b = cJSON_PrintUnformatted(cut);
		CHECK(a && b && !strcmp(a, b));
		cJSON_free(a);
		cJSON_free(b);
		cJSON_Delete(cut);
		pk_cjson_scratch(NULL, 0);
		cJSON_Delete(heap);
		pk_buf_release(&big);
	}
	/* the fault hook still fails a scratch allocation */
	pk_cjson_scratch(block, sizeof(block));
	pk_alloc_fail_after(0);
	CHECK(cJSON_Parse(texts[0]) == NULL);
	pk_alloc_fail_after(-1);
	pk_cjson_scratch(NULL, 0);
}

/* pk_json_parse_flat against cJSON_ParseWithLength: 30,000 seeded lines
 * of JSON pieces; where the flat reader takes a line, the same members in
 * the same order, of the same types and values (doubles bit for bit) */
static void flat_json_as_cjson(void)
{
	static const char *const pieces[] = {
		"{", "}", "\"id\"", "\"ref\"", ":", ",", " ", "\t", "\n", "0", "12", "-7", "-0", "007", "1.5", "1e3",
		"-2.5E-3", "123456789012345", "1234567890123456", "9007199254740993", "+1", "-", "1.", ".5", "true",
		"false", "null", "nul", "\"https://doi.org/10.1103/PhysRevB.47.9967\"", "\"a\\\"b\"", "\"\\u00e9\"",
		"\"\xc3\xa9t\xc3\xa9\"", "\"\"", "\"x\ty\"", "[1]", "{\"a\":1}", "\"long string of plain bytes, 40+\"",
		"\x01", "x", "\"k\"", "1e999", "0x10",
		/* escapes: decoded here, or left to cJSON (\u0000, surrogates, bad ones) */
		"\"a\\nb\"", "\"\\\\\"", "\"\\/\"", "\"\\b\\f\\r\\t\"", "\"\\u00e9\\u4E2Dx\\u0041\"",
		"\"\\u007f\\u0080\\u07FF\\u0800\\uFFFF\"", "\"\\uD83D\\uDE00\"", "\"\\uDE00\"", "\"\\uzzzz\"",
		"\"\\x\"", "\"\\u12\"", "\"\\u0000\"", "\"ab\\", "\"\\\"", "\"line one\\nline \\\"two\\\"\"",
		"\"tab\\\ty\"",
	};
	unsigned long long seed = 77;
	size_t i, k, took = 0, took_escaped = 0;

	for (i = 0; i < 30000; i++) {
		char line[512];
		size_t l = 0, np;
		cJSON *a, *b;

		/* mostly well-formed objects, some pieces at random */
		if (i % 3) {
			int m = 1 + (int)((seed >> 40) % 4);

			l = (size_t)snprintf(line, sizeof(line), "{");
			for (int j = 0; j < m; j++) {
				seed = seed * 6364136223846793005ull + 1442695040888963407ull;
				l += (size_t)snprintf(line + l, sizeof(line) - l, "%s\"k%d\":%s", j ? "," : "", j % 2,
						      pieces[9 + (seed >> 33) % (sizeof(pieces) / sizeof(pieces[0]) - 9)]);
			}
			l += (size_t)snprintf(line + l, sizeof(line) - l, "}%s", (seed >> 20) % 5 ? "" : " x");
		} else {
			np = 1 + (size_t)((seed >> 35) % 12);
			for (k = 0; k < np; k++) {
				const char *pc;

				seed = seed * 6364136223846793005ull + 1442695040888963407ull;
				pc = pieces[(seed >> 33) % (sizeof(pieces) / sizeof(pieces[0]))];
				if (l + strlen(pc) >= sizeof(line))
					break;
				memcpy(line + l, pc, strlen(pc));
				l += strlen(pc);
			}
		}
		seed = seed * 6364136223846793005ull + 1442695040888963407ull;
		a = pk_json_parse_flat(line, l);
		if (!a)
			continue;
		took++;
		took_escaped += memchr(line, '\\', l) != NULL;
		b = cJSON_ParseWithLength(line, l);
		CHECK(b != NULL);
		if (b) {
			const cJSON *x = a->child, *y = b->child;

			CHECK_EQ_INT(a->type, b->type);
			for (; x && y; x = x->next, y = y->next) {
				CHECK_EQ_INT(x->type, y->type);
				CHECK_STR(x->string, y->string);
				if (cJSON_IsString(x))
					CHECK_STR(x->valuestring, y->valuestring);
				if (cJSON_IsNumber(x)) {
					CHECK(!memcmp(&x->valuedouble, &y->valuedouble, sizeof(double)));
					CHECK_EQ_INT(x->valueint, y->valueint);
				}
			}
			CHECK(!x && !y);
		}
		cJSON_Delete(a);
		cJSON_Delete(b);
	}
	CHECK(took > 4000); /* the flat reader took a good part of the lines */
	CHECK(took_escaped > 1000); /* ... with escapes in their strings */
	{
		/* the shapes of check-ref and check-value requests are read flat */
		static const char *const common[] = {
			"{\"id\":0,\"ref\":\"https://doi.org/10.1103/PhysRevB.47.9967\"}",
			"{\"id\": \"q-1\", \"text\": \"The Boltzmann constant is 1.380649e-23 J/K.\"}",
			" {\"id\":-3,\"value\":6.62607015e-34,\"unit\":\"J s\",\"flag\":true,\"x\":null}\n",
			/* and an answer of check's input, of several lines */
			"{\"id\": 0, \"model\": \"m\", \"text\": \"It is 5 \\u00b0C.\\n\\nReferences\\n[1] A \\\"B\\\"\"}",
		};
		for (i = 0; i < sizeof(common) / sizeof(common[0]); i++) {
			cJSON *a = pk_json_parse_flat(common[i], strlen(common[i]));

			CHECK(a != NULL);
			cJSON_Delete(a);
		}
	}
}

/* a random tree written through the writer's calls (the inline fast
 * paths for keys, null and containers, and the _any ones they fall back
 * to) reads back, by cJSON, as the tree it was */
static void write_tree(pk_json *w, const cJSON *x)
{
	const cJSON *c;

	if (cJSON_IsObject(x) || cJSON_IsArray(x)) {
		if (cJSON_IsObject(x))
			pk_json_obj(w);
		else
			pk_json_arr(w);
		cJSON_ArrayForEach(c, x) {
			if (cJSON_IsObject(x))
				pk_json_key(w, c->string);
			write_tree(w, c);
		}
		if (cJSON_IsObject(x))
			pk_json_end_obj(w);
		else
			pk_json_end_arr(w);
	} else if (cJSON_IsNull(x)) {
		pk_json_null(w);
	} else if (cJSON_IsString(x)) {
		pk_json_str(w, x->valuestring);
	} else if (cJSON_IsBool(x)) {
		pk_json_bool(w, cJSON_IsTrue(x));
	} else {
		pk_json_int(w, (long long)x->valuedouble);
	}
}

static cJSON *random_tree(unsigned long long *seed, int depth)
{
	static const char *const keys[] = { "id", "k", "a\"q", "\x01", "é", "title" };
	cJSON *x;
	int kind, n, i;

	*seed = *seed * 6364136223846793005ull + 1442695040888963407ull;
	kind = (int)((*seed >> 33) % (depth > 4 ? 4 : 6));
	n = (int)((*seed >> 40) % 4);
	switch (kind) {
	case 0: return cJSON_CreateNull();
	case 1: return cJSON_CreateString(keys[(*seed >> 45) % 6]);
	case 2: return cJSON_CreateNumber((double)((*seed >> 50) % 1000));
	case 3: return cJSON_CreateBool((*seed >> 52) & 1);
	case 4:
		x = cJSON_CreateObject();
		for (i = 0; i < n; i++) {
			char k[16];

			snprintf(k, sizeof(k), "%s%d", keys[(*seed >> (20 + i)) % 6], i);
			cJSON_AddItemToObject(x, k, random_tree(seed, depth + 1));
		}
		return x;
	default:
		x = cJSON_CreateArray();
		for (i = 0; i < n; i++)
			cJSON_AddItemToArray(x, random_tree(seed, depth + 1));
		return x;
	}
}

static void json_writer_paths(void)
{
	unsigned long long seed = 5;
	int i;

	for (i = 0; i < 3000; i++) {
		cJSON *t = random_tree(&seed, 0), *back;
		pk_buf b = PK_BUF_INIT;
		pk_json w;

		/* every other tree into a buffer with room already (the
		 * fast paths from the first call), the rest into an empty one */
		if (i % 2 == 0)
			CHECK_EQ_INT(pk_buf_grow(&b, 1 << 16), 0);
		pk_json_init(&w, &b);
		write_tree(&w, t);
		CHECK_EQ_INT(pk_json_error(&w), 0);
		back = b.ptr ? cJSON_Parse(b.ptr) : NULL;
		CHECK(back && cJSON_Compare(t, back, 1));
		cJSON_Delete(back);
		cJSON_Delete(t);
		pk_buf_release(&b);
	}
	{
		/* nesting past PK_JSON_DEPTH, and an end with nothing open:
		 * sticky errors, nothing more written */
		pk_buf b = PK_BUF_INIT;
		pk_json w;
		size_t len;

		pk_json_init(&w, &b);
		pk_json_obj(&w);
		for (i = 0; i < PK_JSON_DEPTH; i++) {
			pk_json_key(&w, "k");
			pk_json_arr(&w);
			if (pk_json_error(&w))
				break;
			pk_json_end_arr(&w);
			pk_json_key(&w, "o");
			pk_json_obj(&w);
		}
		CHECK_EQ_INT(pk_json_error(&w), PK_ELIMIT);
		len = b.len;
		pk_json_null(&w);
		pk_json_end_obj(&w);
		CHECK_EQ_INT(b.len, len);
		pk_error_clear();
		pk_buf_reset(&b);
		pk_json_init(&w, &b);
		pk_json_end_arr(&w);
		CHECK_EQ_INT(pk_json_error(&w), PK_ERROR);
		CHECK_EQ_INT(b.len, 0);
		pk_error_clear();
		pk_buf_release(&b);
	}
}

/* pk_text_fold on ASCII against a fold written here from the flags'
 * definitions: every flag combination, 3,000 seeded strings of letters,
 * digits, punctuation, dashes and blanks */
static size_t fold_oracle(char *o, const char *s, unsigned f)
{
	size_t n = 0;
	int pending = 0;

	for (; *s; s++) {
		int c = (unsigned char)*s;

		if ((f & PK_FOLD_CASE) && isupper(c))
			c = tolower(c);
		if ((f & PK_FOLD_DASH) && c == '-')
			c = '-';
		else if ((f & PK_FOLD_PUNCT) && ispunct(c))
			c = ' ';
		if (isspace(c)) {
			if (f & PK_FOLD_SPACE_DROP)
				continue;
			if (f & PK_FOLD_SPACE_ONE) {
				pending = n > 0;
				continue;
			}
		}
		if (pending)
			o[n++] = ' ';
		pending = 0;
		o[n++] = (char)c;
	}
	o[n] = '\0';
	return n;
}

static void fold_ascii_oracle(void)
{
	static const char alphabet[] = "aZq09 -_.,;:!?'\"()[]{}<>/\\|@#$%^&*+=~`\t\n\r\v\fXyM";
	unsigned long long seed = 3;
	size_t i, bad = 0;

	for (i = 0; i < 3000; i++) {
		char in[64], want[64];
		size_t l = (size_t)((seed >> 40) % 40), k;
		unsigned f;

		for (k = 0; k < l; k++) {
			seed = seed * 6364136223846793005ull + 1442695040888963407ull;
			in[k] = alphabet[(seed >> 33) % (sizeof(alphabet) - 1)];
		}
		in[l] = '\0';
		for (f = 0; f < 64; f++) {
			pk_buf b = PK_BUF_INIT;

			if ((f & PK_FOLD_SPACE_DROP) && (f & PK_FOLD_SPACE_ONE))
				continue;
			CHECK_EQ_INT(pk_buf_puts(&b, "x"), 0); /* appended after what the buffer holds */
			fold_oracle(want, in, f);
			CHECK_EQ_INT(pk_text_fold(&b, in, l, f), 0);
			if (strcmp(b.ptr + 1, want) && bad++ < 5)
				fprintf(stderr, "fold %u of \"%s\": \"%s\", want \"%s\"\n", f, in, b.ptr + 1, want);
			pk_buf_release(&b);
		}
		seed = seed * 6364136223846793005ull + 1442695040888963407ull;
	}
	CHECK_EQ_INT(bad, 0);
}

/* pk_dynlib_need: a library's functions into their slots, once; a missing
 * library or symbol is PK_ENOTFOUND naming it, every slot NULL, and the
 * same answer again on the next call */
static void dynlib_loading(void)
{
	size_t (*len_fn)(const char *) = NULL;
	int (*cmp_fn)(const char *, const char *) = NULL;
	void *nope = NULL;
	const pk_dynsym ok_syms[] = { { "strlen", (void **)&len_fn }, { "strcmp", (void **)&cmp_fn } };
	const pk_dynsym bad_syms[] = { { "strlen", (void **)&len_fn }, { "no_such_function_here", &nope } };
	pk_dynlib ok = PK_DYNLIB_INIT("libc.so.6", ok_syms), bad = PK_DYNLIB_INIT("libc.so.6", bad_syms),
		  absent = PK_DYNLIB_INIT("libprovkg-absent.so.0", ok_syms);
	int round;

	CHECK_EQ_INT(pk_dynlib_need(&ok), 0);
	CHECK(len_fn && len_fn("abc") == 3);
	CHECK(cmp_fn && cmp_fn("a", "a") == 0);
	for (round = 0; round < 2; round++) {
		CHECK_EQ_INT(pk_dynlib_need(&bad), PK_ENOTFOUND);
		CHECK(strstr(pk_error_last(), "no_such_function_here") != NULL);
		pk_error_clear();
	}
	CHECK(!len_fn && !nope);
	for (round = 0; round < 2; round++) {
		CHECK_EQ_INT(pk_dynlib_need(&absent), PK_ENOTFOUND);
		CHECK(strstr(pk_error_last(), "libprovkg-absent.so.0") != NULL);
		pk_error_clear();
	}
	/* loaded once: the first answer stands */
	CHECK_EQ_INT(pk_dynlib_need(&ok), 0);
}

static void json_strings_read_back(void)
{
	static const char *const bits[] = { "a", "Z", "0", " ", "/", "~", "\"", "\\", "\x01", "\x1f", "\x7f", "\t", "\n",
					    "\xc3\xa9", "\xe2\x80\x94", "\xe4\xb8\xad", "\xf0\x9f\x98\x80", "}" };
	static const char special[] = { '"', '\\', 0x01, 0x1f, '\n', (char)0xc3 };
	unsigned long long seed = 7;
	size_t len, at, k, i, bad = 0;

	for (i = 0; i < 24 * 24 * sizeof(special) + 5000; i++) {
		char in[200];
		pk_buf b = PK_BUF_INIT;
		pk_json w;
		cJSON *back;
		size_t l = 0;

		if (i < 24 * 24 * sizeof(special)) {
			len = 1 + i / (24 * sizeof(special));
			at = (i / sizeof(special)) % 24;
			if (at >= len)
				continue;
			memset(in, 'q', len);
			in[len] = '\0';
			in[at] = special[i % sizeof(special)];
			if ((unsigned char)in[at] == 0xc3) { /* a two-byte é needs its second byte */
				if (at + 1 >= len)
					continue;
				in[at + 1] = (char)0xa9;
			}
			l = len;
		} else {
			size_t parts = (size_t)(seed % 30);

			for (k = 0; k < parts; k++) {
				const char *bit;

				seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
				bit = (seed >> 61) < 5 ? "plain" : bits[(seed >> 33) % (sizeof(bits) / sizeof(bits[0]))];
				if (l + strlen(bit) < sizeof(in)) {
					memcpy(in + l, bit, strlen(bit));
					l += strlen(bit);
				}
			}
			in[l] = '\0';
		}
		/* the same string as a key (keys of up to 48 plain bytes take
		 * one pass of their own), after another member */
		pk_json_init(&w, &b);
		pk_json_obj(&w);
		pk_json_kint(&w, "\x01", 1);
		pk_json_key(&w, in);
		pk_json_int(&w, 2);
		pk_json_end_obj(&w);
		back = b.ptr && !pk_json_error(&w) ? cJSON_Parse(b.ptr) : NULL;
		if (!back || cJSON_GetArraySize(back) != 2 || strcmp(cJSON_GetArrayItem(back, 1)->string, in) ||
		    cJSON_GetArrayItem(back, 1)->valueint != 2) {
			if (bad++ < 3)
				fprintf(stderr, "JSON key does not read back: %s\n", b.ptr ? b.ptr : "(none)");
		}
		cJSON_Delete(back);
		pk_buf_release(&b);
		pk_json_init(&w, &b);
		pk_json_arr(&w);
		pk_json_str(&w, in);
		pk_json_end_arr(&w);
		back = b.ptr && !pk_json_error(&w) ? cJSON_Parse(b.ptr) : NULL;
		if (!back || !cJSON_IsString(cJSON_GetArrayItem(back, 0)) ||
		    strcmp(cJSON_GetArrayItem(back, 0)->valuestring, in)) {
			if (bad++ < 3)
				fprintf(stderr, "JSON string does not read back: %s\n", b.ptr ? b.ptr : "(none)");
		} else if (strspn(in, "qplainZa0 /~}") == l && (b.len != l + 4 || memcmp(b.ptr + 2, in, l))) {
			if (bad++ < 3)
				fprintf(stderr, "plain string not written as it is: %s\n", b.ptr);
		}
		cJSON_Delete(back);
		pk_buf_release(&b);
	}
	CHECK_EQ_INT(bad, 0);
	for (len = 40; len <= 56; len++) {
		char key[64], want[80];
		pk_buf b = PK_BUF_INIT;
		pk_json w;

		memset(key, 'k', len);
		key[len] = '\0';
		snprintf(want, sizeof(want), "{\"a\":1,\"%s\":2}", key);
		pk_json_init(&w, &b);
		pk_json_obj(&w);
		pk_json_kint(&w, "a", 1);
		pk_json_kint(&w, key, 2);
		pk_json_end_obj(&w);
		CHECK_EQ_INT(pk_json_error(&w), 0);
		CHECK_STR(b.ptr, want);
		pk_buf_release(&b);
	}
	/* a buffer capped short of the key: the cap's error, nothing past it */
	{
		pk_buf b;
		pk_json w;

		pk_buf_init(&b, 12);
		pk_json_init(&w, &b);
		pk_json_obj(&w);
		pk_json_kint(&w, "abcdefghijklmnop", 1);
		CHECK_EQ_INT(pk_json_error(&w), PK_ELIMIT);
		CHECK(b.len <= 12);
		pk_error_clear();
		pk_buf_release(&b);
	}
}

/* pk_json_fmt_double writes what printf's loop writes: the first of
 * "%.15g", "%.16g", "%.17g" that strtod reads back (libc as the oracle),
 * for short decimals as people write them, every exponent, integers,
 * powers of two, halves and random bit patterns */
/* pk_str_copy, pk_str_ncopy and pk_str_cat against snprintf "%s",
 * "%.*s" and "%s%s%s" (which
 * they replace on hot paths), and
 * the JSON writer's one-append keys and merged string runs against the
 * text a reader expects. */
/* pk_text_fold_ascii writes what pk_text_fold writes, cut as a copy into
 * a buffer of that size is cut: every flag set, seeded random ASCII with
 * every kind of byte, every room from one byte to more than the text;
 * text beyond ASCII or with a NUL is refused. */
static void fold_ascii_into(void)
{
	char text[160], got[200];
	unsigned seed = 19, flags;
	size_t i, k, cap;

	for (flags = 0; flags < 64; flags++)
		for (i = 0; i < 40; i++) {
			pk_buf want = PK_BUF_INIT;
			size_t n = (seed = seed * 1103515245u + 12345u) >> 16 & 127;

			for (k = 0; k < n; k++) {
				unsigned r = (seed = seed * 1103515245u + 12345u) >> 16;

				text[k] = r % 3 == 0 ? ' ' : (char)(1 + r / 3 % 127);
			}
			text[n] = '\0';
			CHECK_EQ_INT(pk_text_fold(&want, text, n, flags), 0);
			/* (past n + 1 bytes of room: the loop without room tests) */
			for (cap = 1; cap <= n + 2; cap++) {
				long l = pk_text_fold_ascii(text, n, flags, got, cap);
				size_t keep = want.len < cap - 1 ? want.len : cap - 1;

				CHECK_EQ_INT(l, (long)want.len);
				CHECK(strlen(got) == keep && (!keep || !memcmp(got, want.ptr, keep)));
			}
			pk_buf_release(&want);
		}
	CHECK_EQ_INT(pk_text_fold_ascii("M\xc3\xbcller", 7, PK_FOLD_CASE, got, sizeof(got)), -1);
	CHECK_EQ_INT(pk_text_fold_ascii("a\0b", 3, PK_FOLD_CASE, got, sizeof(got)), -1);
}

static void copies_and_json_strings(void)
{
	static const char *const srcs[] = { "", "a", "10.1103/physrevb.47.9967", "Schrödinger équation",
					    "\xe2\x80\x93\xe2\x80\x93" };
	size_t i, n;

	for (i = 0; i < sizeof(srcs) / sizeof(srcs[0]); i++)
		for (n = 1; n <= strlen(srcs[i]) + 2; n++) {
			char a[64], b[64];
			size_t la, lb;

			memset(a, 'x', sizeof(a));
			memset(b, 'x', sizeof(b));
			la = pk_str_copy(a, n, srcs[i]);
			lb = (size_t)snprintf(b, n, "%s", srcs[i]);
			CHECK_EQ_INT(la, lb);
			CHECK(!memcmp(a, b, sizeof(a)));
		}
	/* pk_str_ncopy against snprintf "%.*s": every count, every room */
	for (i = 0; i < sizeof(srcs) / sizeof(srcs[0]); i++)
		for (n = 1; n <= strlen(srcs[i]) + 2; n++) {
			size_t k;

			for (k = 0; k <= strlen(srcs[i]) + 2; k++) {
				char a[64], b[64];
				size_t la, lb;

				memset(a, 'x', sizeof(a));
				memset(b, 'x', sizeof(b));
				la = pk_str_ncopy(a, n, srcs[i], k);
				lb = (size_t)snprintf(b, n, "%.*s", (int)k, srcs[i]);
				CHECK_EQ_INT(la, lb);
				CHECK(!memcmp(a, b, sizeof(a)));
			}
		}
	/* pk_str_cat against snprintf "%s%s%s": every three sources, every room */
	{
		size_t ns = sizeof(srcs) / sizeof(srcs[0]), x;

		for (x = 0; x < ns * ns * ns; x++) {
			const char *part[3] = { srcs[x % ns], srcs[x / ns % ns], srcs[x / ns / ns] };
			size_t all = strlen(part[0]) + strlen(part[1]) + strlen(part[2]);

			for (n = 1; n <= all + 2; n++) {
				char a[96], b[96];
				size_t la, lb;

				memset(a, 'x', sizeof(a));
				memset(b, 'x', sizeof(b));
				la = pk_str_cat(a, n, part, 3);
				lb = (size_t)snprintf(b, n, "%s%s%s", part[0], part[1], part[2]);
				CHECK_EQ_INT(la, lb);
				CHECK(!memcmp(a, b, sizeof(a)));
			}
		}
	}
	{
		char z[2] = "q";
		const char *one[1] = { "abc" };

		CHECK_EQ_INT(pk_str_cat(z, 0, one, 1), 3);
		CHECK_STR(z, "q");
		CHECK_EQ_INT(pk_str_ncopy(z, 0, "abc", 2), 2);
		CHECK_STR(z, "q");
		CHECK_EQ_INT(pk_str_copy(z, 0, "abc"), 3);
		CHECK_STR(z, "q"); /* no room: nothing written */
	}
	{
		pk_buf out = PK_BUF_INIT;
		pk_json w;

		pk_json_init(&w, &out);
		pk_json_obj(&w);
		pk_json_kstr(&w, "id", "é\x01\"\\\xff—x");
		pk_json_key(&w, "nested");
		pk_json_obj(&w);
		pk_json_kint(&w, "a", 1);
		pk_json_kint(&w, "k\"q", 2); /* a key that needs escaping */
		pk_json_key(&w, "arr");
		pk_json_arr(&w);
		pk_json_str(&w, "x");
		pk_json_obj(&w);
		pk_json_kbool(&w, "t", 1);
		pk_json_end_obj(&w);
		pk_json_end_arr(&w);
		pk_json_end_obj(&w);
		pk_json_knull(&w, "last");
		pk_json_end_obj(&w);
		CHECK_EQ_INT(pk_json_error(&w), 0);
		CHECK_STR(pk_buf_cstr(&out), "{\"id\":\"é\\u0001\\\"\\\\\xef\xbf\xbd—x\",\"nested\":{\"a\":1,\"k\\\"q\":2,"
					     "\"arr\":[\"x\",{\"t\":true}]},\"last\":null}");
		pk_buf_release(&out);
		/* integers as "%lld" writes them, the extremes too */
		{
			static const long long ints[] = { 0, 7, -7, 10, -10, 1234567890123LL, -9223372036854775807LL - 1,
							  9223372036854775807LL };
			size_t k;

			for (k = 0; k < sizeof(ints) / sizeof(ints[0]); k++) {
				char want[32];

				snprintf(want, sizeof(want), "%lld", ints[k]);
				pk_buf_reset(&out);
				pk_json_init(&w, &out);
				pk_json_int(&w, ints[k]);
				CHECK_STR(pk_buf_cstr(&out), want);
			}
		}
		pk_buf_release(&out);
		/* a key that does not fit: the writer's error, the buffer as far as it fit */
		pk_buf_init(&out, 12);
		pk_json_init(&w, &out);
		pk_json_obj(&w);
		pk_json_kint(&w, "abcdefghijklmnop", 1);
		CHECK(pk_json_error(&w) == PK_ELIMIT);
		CHECK(out.len <= 12);
		pk_buf_release(&out);
		pk_error_clear();
	}
}

static void printf_shortest(char out[32], double v)
{
	for (int prec = 15; prec <= 17; prec++) {
		snprintf(out, 32, "%.*g", prec, v);
		if (strtod(out, NULL) == v)
			return;
	}
}

static void fmt_doubles(void)
{
	static const double fixed[] = { 0.1, 0.3, 1e-5, 1e-4, 1.5e-4, 9.9999e-5, 1e14, 1e15, 1e16, 123456789012345.0,
					999999999999999.0, 1e22, 1e23, 9.1093837139e-31, 1.380649e-23, 6.02214076e23,
					299792458, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, 0.30000000000000004,
					-2.5e10, -0.0001, 4.440892098500626e-16, 1e-300, 9.999999999999999e299, 1e300 };
	char a[32], b[32];
	unsigned long long x = 0x9E3779B97F4A7C15ull;
	long bad = 0;

	for (size_t i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++) {
		pk_json_fmt_double(a, fixed[i]);
		printf_shortest(b, fixed[i]);
		CHECK_STR(a, b);
	}
	for (long i = 0; i < 400000; i++) {
		double v;
		char txt[40];

		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		switch (i % 5) {
		case 0: /* a decimal of 1-17 digits at any exponent */
			snprintf(txt, sizeof(txt), "%llue%d", (x >> 8) % 100000000000000000ull / (1ull << (x % 40 + 1)) + 1,
				 (int)(x % 640) - 330);
			v = strtod(txt, NULL);
			break;
		case 1: /* random bits */
			memcpy(&v, &x, sizeof(v));
			break;
		case 2: /* integers */
			v = (double)(x % 100000000000000000ull >> (x % 50));
			break;
		case 3: /* powers of two and their neighbours */
			v = nextafter(ldexp(1, (int)(x % 2000) - 1000), (x & 1) ? 0 : INFINITY);
			break;
		default: /* short decimals near 1 */
			snprintf(txt, sizeof(txt), "%.*f", (int)(x % 9), (double)(x % 100000) / 997.0);
			v = strtod(txt, NULL);
		}
		if (!isfinite(v) || v == 0)
			continue;
		if (x & 2)
			v = -v;
		pk_json_fmt_double(a, v);
		printf_shortest(b, v);
		if (strcmp(a, b) && bad++ < 5)
			fprintf(stderr, "fmt_doubles: %s, printf %s\n", a, b);
		/* again: from the per-thread memo now (slots shared by many values) */
		pk_json_fmt_double(a, v);
		if (strcmp(a, b) && bad++ < 5)
			fprintf(stderr, "fmt_doubles (memo): %s, printf %s\n", a, b);
	}
	CHECK_EQ_INT(bad, 0);
}

/* pk_reset: the literals read from a pattern, on cases whose answer is
 * known by hand */
static void reset_literals(void)
{
	static const struct {
		const char *pattern;
		const char *want; /* "" : none (always "may match") */
	} cases[] = {
		{ "\\bassum(e|ed)\\b", "assume\nassumed" },
		{ "white ?paper", "white paper\nwhitepaper" },
		{ "\\bKELVIN\\b", "kelvin" },
		{ "[<>\xe2\x89\xa4]", "<\n>\n\xe2\x89\xa4" },
		{ "a\\d+bc", "bc" },
		{ "\\d\\.\\d+\\s?\\(\\d{1,4}\\)", "(" }, /* of three single characters, the rarest */
		{ "(?:at|in)\\s+\\d", "at\nin" },
		{ "x{2}y", "xxy" },
		{ "(ab)+c?", "ab" },
		{ "\\.\\(", ".(" },
		{ "\xe6\xa0\xb9\xe6\x8d\xae|\xe7\xa0\x94\xe7\xa9\xb6", "\xe6\xa0\xb9\xe6\x8d\xae\n\xe7\xa0\x94\xe7\xa9\xb6" },
		{ "Stra\xc3\x9f" "e", "stra" }, /* ß has other cases: not a literal */
		{ "x?", "" },
		{ "(a|b*)", "" },
		{ "(?=x)abc", "" },   /* lookaround: not read */
		{ "(a)\\1", "" },     /* a back reference */
		{ "\\p{Lu}x", "" },   /* a property */
		{ "(?i)abc", "" },    /* inline options */
		{ "[[:alpha:]]x", "" },
		{ "a{,2}", "" },
	};
	char out[512];
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int n = pk_reset_literals(cases[i].pattern, PK_RE_ICASE, out, sizeof(out));

		CHECK(n >= 0);
		if (strcmp(out, cases[i].want))
			fprintf(stderr, "pattern %s: literals '%s', want '%s'\n", cases[i].pattern, out, cases[i].want);
		CHECK_STR(out, cases[i].want);
		CHECK_EQ_INT(n > 0, cases[i].want[0] != '\0');
	}
	CHECK_EQ_INT(pk_reset_literals("abcdef", 0, out, 4), PK_ELIMIT);
	pk_error_clear();
}

static size_t put_utf8(char *b, unsigned c)
{
	if (c < 0x80)
		return b[0] = (char)c, 1;
	if (c < 0x800)
		return b[0] = (char)(0xc0 | c >> 6), b[1] = (char)(0x80 | (c & 63)), 2;
	if (c < 0x10000)
		return b[0] = (char)(0xe0 | c >> 12), b[1] = (char)(0x80 | ((c >> 6) & 63)), b[2] = (char)(0x80 | (c & 63)), 3;
	b[0] = (char)(0xf0 | c >> 18), b[1] = (char)(0x80 | ((c >> 12) & 63)), b[2] = (char)(0x80 | ((c >> 6) & 63));
	b[3] = (char)(0x80 | (c & 63));
	return 4;
}

/* What pk_reset takes for a plain literal must have no other case that
 * PCRE2 would match, caseless, in UTF and UCP mode: asked of PCRE2 itself,
 * for every code point of planes 0 to 2. Each non-ASCII character taken
 * as a literal goes into one class, matched with and without CASELESS
 * against every code point (a difference: a character with another case);
 * and the ASCII characters match, caseless, nothing outside ASCII but
 * KELVIN SIGN and LONG S, which a scan answers "may match" for. */
static void reset_caseless_oracle(void)
{
	pk_buf cls = PK_BUF_INIT;
	pk_re *ci, *cs, *ascii_ci;
	unsigned c, last = 0, first = 0, taken = 0, odd = 0;
	char b[8], out[64];
	int in = 0;

	CHECK_EQ_INT(pk_buf_puts(&cls, "^["), 0);
	for (c = 0x80; c <= 0x30000; c++) {
		int ok;
		size_t n;

		if (c >= 0xd800 && c <= 0xdfff)
			continue;
		n = put_utf8(b, c);
		b[n] = '\0';
		/* a class metacharacter is never among them: all are >= 0x80 */
		ok = pk_reset_literals(b, PK_RE_ICASE, out, sizeof(out)) == 1;
		taken += ok;
		if (ok && !(in && c == last + 1)) {
			if (in)
				CHECK_EQ_INT(pk_buf_printf(&cls, "\\x{%x}-\\x{%x}", first, last), 0);
			first = c;
			in = 1;
		}
		if (ok)
			last = c;
	}
	if (in)
		CHECK_EQ_INT(pk_buf_printf(&cls, "\\x{%x}-\\x{%x}", first, last), 0);
	CHECK_EQ_INT(pk_buf_puts(&cls, "]$"), 0);
	CHECK(taken > 50000); /* CJK and symbols are literals */
	ci = pk_re_compile(pk_buf_cstr(&cls), PK_RE_ICASE);
	cs = pk_re_compile(pk_buf_cstr(&cls), 0);
	ascii_ci = pk_re_compile("^[\\x{0}-\\x{7f}]$", PK_RE_ICASE);
	CHECK(ci && cs && ascii_ci);
	for (c = 0; ci && cs && ascii_ci && c <= 0x30000; c++) {
		pk_match m;
		size_t n;

		if (c >= 0xd800 && c <= 0xdfff)
			continue;
		n = put_utf8(b, c);
		if ((pk_re_match(ci, b, n, 0, &m) == 1) != (pk_re_match(cs, b, n, 0, &m) == 1)) {
			fprintf(stderr, "U+%04X: another case of a character taken as a literal\n", c);
			odd++;
		}
		if (c >= 0x80 && pk_re_match(ascii_ci, b, n, 0, &m) == 1 && c != 0x212a && c != 0x17f) {
			fprintf(stderr, "U+%04X matches an ASCII character, caseless\n", c);
			odd++;
		}
	}
	CHECK_EQ_INT(odd, 0);
	pk_re_free(ci);
	pk_re_free(cs);
	pk_re_free(ascii_ci);
	pk_buf_release(&cls);
}

/* pk_reset never clears the bit of a pattern that matches: the rule files'
 * patterns and some of our own, over sentences made of their pieces in
 * random case, with KELVIN SIGN, LONG S and words around them */
static void reset_scan_exact(void)
{
	static const char *const extra[] = { "\\bwhite ?paper\\b", "\\bKELVIN\\b", "ask", "(?:at|in)\\s+\\d", "x{2}y",
					     "[<>\xe2\x89\xa4]", "\\bassum(e|ed)\\b", "\\d\\.\\d+\\s?\\(\\d{1,4}\\)" };
	static const char *const files[] = { "data/rules/credibility.json", "data/rules/postcheck.json" };
	static const char *const glue[] = { " ", "  ", ", ", "; ", "\xe3\x80\x82", " 12.5 (3) ", " \xe2\x84\xaa ",
					    "\xc5\xbf", " 95 % ", "\n", "-", "" };
	const char *pats[512];
	int ids[512];
	char *owned[512];
	size_t np = 0, i, k, matched = 0, skipped = 0;
	pk_reset *set = pk_reset_new();
	pk_re *re[512];
	uint64_t may[16];
	unsigned x = 2026;

	CHECK(set != NULL);
	for (i = 0; i < sizeof(extra) / sizeof(extra[0]); i++)
		pats[np++] = extra[i], owned[np - 1] = NULL;
	for (i = 0; i < 2; i++) {
		char *raw = NULL, *p;
		size_t n = 0;

		CHECK_EQ_INT(pk_file_read(&raw, &n, files[i], 1 << 22), 0);
		/* every JSON string inside a "any"/"all"/"none" array: read
		 * crudely, a string that starts after '[' or ', ' in those */
		for (p = raw; p && (p = strstr(p, "\": [")) && np < 500; p += 4) {
			const char *q = p + 4;

			if (p - raw < 6 || (strncmp(p - 3, "any", 3) && strncmp(p - 3, "all", 3) && strncmp(p - 4, "none", 4)))
				continue;
			while (*q && *q != ']' && np < 500) {
				cJSON *str;
				const char *e;

				while (*q == ' ' || *q == '\n' || *q == ',')
					q++;
				if (*q != '"')
					break;
				for (e = q + 1; *e && *e != '"'; e++)
					if (*e == '\\')
						e++;
				{
					char *lit = pk_strndup(q, (size_t)(e - q + 1));

					str = lit ? cJSON_Parse(lit) : NULL;
					pk_free(lit);
				}
				if (cJSON_IsString(str)) {
					owned[np] = pk_strdup(str->valuestring);
					pats[np] = owned[np];
					np++;
				}
				cJSON_Delete(str);
				q = e + 1;
			}
		}
		pk_free(raw);
	}
	CHECK(np > 60);
	for (i = 0; i < np; i++) {
		re[i] = pk_re_compile(pats[i], PK_RE_ICASE);
		CHECK(re[i] != NULL);
		ids[i] = pk_reset_add(set, pats[i], PK_RE_ICASE);
		CHECK(ids[i] >= 0);
	}
	CHECK_EQ_INT(pk_reset_build(set), 0);
	CHECK(pk_reset_words(set) <= 16);
	for (k = 0; k < 20000; k++) {
		char text[600], lit[512];
		size_t tl = 0;
		int parts = 1 + (int)(k % 5);

		for (int j = 0; j < parts; j++) {
			const char *piece;
			size_t pl;

			x = x * 1103515245u + 12345u;
			/* a piece: a pattern's literal, or a pattern's own text */
			i = (x >> 8) % np;
			if ((x >> 20) % 3 && pk_reset_literals(pats[i], PK_RE_ICASE, lit, sizeof(lit)) > 0) {
				char *nl;
				int pick = (int)((x >> 4) % 4);

				piece = lit;
				while (pick-- && (nl = strchr(piece, '\n')))
					piece = nl + 1;
				pl = strcspn(piece, "\n");
			} else {
				piece = pats[i];
				pl = strlen(piece);
			}
			if (tl + pl + 16 >= sizeof(text))
				break;
			for (size_t c = 0; c < pl; c++) {
				char ch = piece[c];

				x = x * 1103515245u + 12345u;
				text[tl++] = (x >> 16) & 1 ? (char)toupper((unsigned char)ch) : ch;
			}
			x = x * 1103515245u + 12345u;
			piece = glue[(x >> 8) % (sizeof(glue) / sizeof(glue[0]))];
			memcpy(text + tl, piece, strlen(piece));
			tl += strlen(piece);
			if ((x >> 24) % 4 == 0)
				text[tl++] = (char)('0' + (x >> 12) % 10);
		}
		pk_reset_scan(set, text, tl, may);
		for (i = 0; i < np; i++) {
			pk_match m;

			if (pk_re_match(re[i], text, tl, 0, &m) != 1)
				continue;
			matched++;
			if (!pk_reset_may(may, ids[i])) {
				skipped++;
				if (skipped < 5)
					fprintf(stderr, "pattern %s matches '%.*s' but was ruled out\n", pats[i], (int)tl, text);
			}
		}
	}
	CHECK(matched > 20000);
	CHECK_EQ_INT(skipped, 0);
	for (i = 0; i < np; i++) {
		pk_re_free(re[i]);
		pk_free(owned[i]);
	}
	pk_reset_free(set);
}

/* pk_memo: what is put is got back, byte for byte, under its key alone
 * (colliding hashes too); full by count or by bytes, it empties and keeps
 * the next; a failed allocation keeps nothing and breaks nothing. */
static void memo_table(void)
{
	pk_memo *m = pk_memo_new(64, 4096);
	const unsigned char *v;
	char key[32], val[64];
	size_t vlen, i, found;

	CHECK(m != NULL);
	if (!m)
		return;
	CHECK(pk_memo_get(m, 1, "a", 1, &vlen) == NULL); /* empty, no slots yet */
	for (i = 0; i < 20; i++) {
		snprintf(key, sizeof(key), "key %zu", i);
		snprintf(val, sizeof(val), "value of key %zu", i);
		/* every third shares a hash with the one before */
		pk_memo_put(m, i % 3 == 2 ? i - 1 : i, key, strlen(key), val, strlen(val) + 1);
	}
	for (i = 0; i < 20; i++) {
		snprintf(key, sizeof(key), "key %zu", i);
		snprintf(val, sizeof(val), "value of key %zu", i);
		v = pk_memo_get(m, i % 3 == 2 ? i - 1 : i, key, strlen(key), &vlen);
		CHECK(v && vlen == strlen(val) + 1 && !strcmp((const char *)v, val));
	}
	CHECK(pk_memo_get(m, 0, "key 1", 5, &vlen) == NULL); /* its key, another hash */
	/* 32 entries (half of 64 slots) at most: the 33rd empties it */
	for (i = 20; i < 33; i++) {
		snprintf(key, sizeof(key), "key %zu", i);
		pk_memo_put(m, i, key, strlen(key), "x", 1);
	}
	for (i = 0, found = 0; i < 33; i++) {
		snprintf(key, sizeof(key), "key %zu", i);
		found += pk_memo_get(m, i % 3 == 2 && i < 20 ? i - 1 : i, key, strlen(key), &vlen) != NULL;
	}
	CHECK_EQ_INT((int)found, 1);
	/* by bytes: 4096 at most, so a 3000-byte value empties it for the next */
	pk_memo_clear(m);
	memset(val, 'v', sizeof(val));
	{
		static char big[3000];

		pk_memo_put(m, 7, "big", 3, big, sizeof(big));
		CHECK(pk_memo_get(m, 7, "big", 3, &vlen) != NULL && vlen == sizeof(big));
		pk_memo_put(m, 8, "big2", 4, big, sizeof(big));
		CHECK(pk_memo_get(m, 7, "big", 3, &vlen) == NULL);
		CHECK(pk_memo_get(m, 8, "big2", 4, &vlen) != NULL);
	}
	/* no memory: not kept, no error */
	pk_error_clear();
	pk_alloc_fail_after(0);
	pk_memo_put(m, 9, "k", 1, "v", 1);
	pk_alloc_fail_after(-1);
	CHECK(pk_memo_get(m, 9, "k", 1, &vlen) == NULL);
	CHECK_EQ_INT(pk_error_code(), 0);
	pk_memo_free(m);
	pk_memo_free(NULL);
	/* a table of 8,192 slots starts smaller and grows: the first 4,096
	 * entries are all kept, through each doubling; the 4,097th empties it */
	CHECK((m = pk_memo_new(8192, (size_t)1 << 20)) != NULL);
	for (i = 0; m && i < 4097; i++) {
		snprintf(key, sizeof(key), "k%zu", i);
		if (i == 4096) {
			for (i = 0, found = 0; i < 4096; i++) {
				snprintf(key, sizeof(key), "k%zu", i);
				v = pk_memo_get(m, i * 0x9E3779B97F4A7C15ull, key, strlen(key), &vlen);
				found += v && vlen == strlen(key) && !memcmp(v, key, vlen);
			}
			CHECK_EQ_INT((int)found, 4096);
			snprintf(key, sizeof(key), "k%zu", i);
		}
		pk_memo_put(m, i * 0x9E3779B97F4A7C15ull, key, strlen(key), key, strlen(key));
	}
	for (i = 0, found = 0; m && i < 4097; i++) {
		snprintf(key, sizeof(key), "k%zu", i);
		found += pk_memo_get(m, i * 0x9E3779B97F4A7C15ull, key, strlen(key), &vlen) != NULL;
	}
	CHECK_EQ_INT((int)found, 1);
	pk_memo_free(m);
}

/* pk_text_plain: Crossref's markup and line breaks out of a title; text
 * that only looks like a tag ("a<b and c>d", "p < 0.05") kept. */
static void text_plain(void)
{
	static const char *const cases[][2] = {
		{ "Two new species of\n                    <i>Primulina</i>\n   (Gesneriaceae)",
		  "Two new species of Primulina (Gesneriaceae)" },
		{ "Fixed point theorems for<mml:math xmlns:mml=\"http://www.w3.org/1998/Math/MathML\"><mml:mi>x</mml:mi></mml:math> maps",
		  "Fixed point theorems forx maps" },
		{ "a<b and c>d", "a<b and c>d" },
		{ "p < 0.05 in H<sub>2</sub>O", "p < 0.05 in H2O" },
		{ "  \t x \r\n ", "x" },
		{ "", "" },
		{ "<unclosed tag", "<unclosed tag" },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char b[256];

		pk_str_copy(b, sizeof(b), cases[i][0]);
		CHECK_EQ_INT(pk_text_plain(b), strlen(cases[i][1]));
		CHECK_STR(b, cases[i][1]);
	}
}

/* Markdown's emphasis and code marks go in pairs; a mark with no partner,
 * or inside a word, a DOI or a URL, is text; normalised text maps what
 * is left back to the original */
static void text_emphasis(void)
{
	static const char *const cases[][2] = {
		{ "The band gap of Si is **1.12 eV**.", "The band gap of Si is 1.12 eV." },
		{ "_JAMA_ **321**, 2165 (2019)", "JAMA 321, 2165 (2019)" },
		{ "*JAMA*. 2019;**321**(22):2165", "JAMA. 2019;321(22):2165" },
		{ "- **Electron mass:** 9.109e-31 kg", "- Electron mass: 9.109e-31 kg" },
		{ "| **h** | `6.626e-34 J s` |", "| h | 6.626e-34 J s |" },
		{ "硅的带隙为**1.12 eV**。", "硅的带隙为1.12 eV。" },
		{ "***both***, __init__ and *a* or *b*", "both, init and a or b" },
		{ "k_B T = 25.9 meV, m_e c^2", "k_B T = 25.9 meV, m_e c^2" },
		{ "https://doi.org/10.55555/x1234567_;", "https://doi.org/10.55555/x1234567_;" },
		{ "10.1234/_https://doi.org/_ and 10._doi:@_/v2", "10.1234/_https://doi.org/_ and 10._doi:@_/v2" },
		{ "2*3 = 6, a * b * c, **unclosed, ****rule****", "2*3 = 6, a * b * c, **unclosed, ****rule****" },
		{ "*one line\nto another*", "*one line\nto another*" },
		{ "", "" },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *in = cases[i][0];
		size_t n = strlen(in), k, w = 0;
		unsigned char drop[256];
		char out[256];

		CHECK_EQ_INT(pk_text_emphasis(in, n, drop), n - strlen(cases[i][1]));
		for (k = 0; k < n; k++)
			if (!drop[k])
				out[w++] = in[k];
		out[w] = '\0';
		CHECK_STR(out, cases[i][1]);
	}
	{
		pk_normtext nt;
		const char *in = "The electron mass is **9.109e-31 kg**.";
		const char *at;
		size_t oa = 0, ob = 0;

		pk_normtext_init(&nt, 0);
		CHECK_EQ_INT(pk_normtext_set(&nt, in, strlen(in)), 0);
		CHECK_STR(nt.text.ptr, "The electron mass is 9.109e-31 kg.");
		at = strstr(nt.text.ptr, "9.109");
		CHECK(at != NULL);
		if (at) {
			pk_normtext_span(&nt, (size_t)(at - nt.text.ptr), (size_t)(at - nt.text.ptr) + strlen("9.109e-31 kg"), &oa, &ob);
			/* the span is the value's, not the marks closing it */
			CHECK_EQ_INT(oa, (size_t)(strstr(in, "9.109") - in));
			CHECK_EQ_INT(ob, (size_t)(strstr(in, "**.") - in));
		}
		pk_normtext_release(&nt);
	}
}

/* pk_hash_mem: the bytes given and no more (each length of a string cut
 * from a heap block of that length, for the sanitizers), the same hash for
 * the same bytes wherever they lie, and a change in any byte or in the
 * length seen in the hash */
static void hash_mem(void)
{
	static const char text[] = "10.1016/j.physleta.2019.125891 a title of some length";
	size_t n, i;

	for (n = 0; n < sizeof(text); n++) {
		char *a = pk_malloc(n ? n : 1), *b = pk_malloc(n + 3);
		uint64_t h;

		if (!a || !b) {
			pk_free(a);
			pk_free(b);
			CHECK(0);
			return;
		}
		memcpy(a, text, n);
		memcpy(b + 3, text, n);
		h = pk_hash_mem(a, n);
		CHECK(h == pk_hash_mem(b + 3, n));
		CHECK(n == 0 || h != pk_hash_mem(a, n - 1));
		for (i = 0; i < n; i++) {
			a[i] ^= 1;
			CHECK(pk_hash_mem(a, n) != h);
			a[i] ^= 1;
		}
		pk_free(a);
		pk_free(b);
	}
}

/* pk_mem_find against glibc's memmem: every needle cut from a small
 * alphabet (so first bytes recur and partial matches abound) in every
 * haystack, both in heap blocks of their exact size (for the sanitizers):
 * at the end, cut short by the end, longer than the haystack, empty */
static void mem_find(void)
{
	static const char text[] = "10.10 ^{^^{ 1100.1.0 10. \\u000\\u0000 ab10.";
	size_t hl, a, nl;

	for (hl = 0; hl < sizeof(text); hl++) {
		char *h = pk_malloc(hl ? hl : 1);

		if (!h) {
			CHECK(0);
			return;
		}
		memcpy(h, text, hl);
		for (a = 0; a < sizeof(text) - 1; a++)
			for (nl = 0; nl <= 7 && a + nl < sizeof(text); nl++) {
				char *nd = pk_malloc(nl ? nl : 1);

				if (!nd) {
					CHECK(0);
					break;
				}
				memcpy(nd, text + a, nl);
				CHECK(pk_mem_find(h, hl, nd, nl) == memmem(h, hl, nd, nl));
				pk_free(nd);
			}
		pk_free(h);
	}
}

/* pk_re_match on a JIT-compiled pattern: groups, a start past the
 * subject's end, and the match limit kept (a catastrophic pattern stops
 * with no match and tells of its limit, which the next match clears;
 * provkg's limit, not PCRE2's default) */
static void re_match_limits(void)
{
	pk_re *re = pk_re_compile("(?P<w>b+)(c)?", 0), *bad = pk_re_compile("^(a+)+$", 0);
	char s[64];
	pk_match m;
	size_t i;

	CHECK(re && bad);
	if (!re || !bad) {
		pk_re_free(re);
		pk_re_free(bad);
		return;
	}
	CHECK(pk_re_match(re, "aabbbd", 6, 0, &m) == 1 && m.start[0] == 2 && m.end[0] == 5);
	CHECK(m.start[1] == 2 && m.end[1] == 5 && m.start[2] == (size_t)-1 && m.end[2] == (size_t)-1);
	CHECK(pk_re_group(re, "w") == 1);
	CHECK(pk_re_match(re, "aabbbd", 6, 4, &m) == 1 && m.start[0] == 4 && m.end[0] == 5);
	CHECK(pk_re_match(re, "aabbbd", 3, 0, &m) == 1 && m.end[0] == 3); /* n bounds it */
	CHECK(pk_re_match(re, "aabbbd", 6, 5, &m) == 0 && !pk_re_last_limited());
	CHECK(pk_re_match(re, "ab", 2, 3, &m) == 0);
	/* 2^22 steps: past provkg's limit, within PCRE2's default (10M) */
	for (i = 0; i < 22; i++)
		s[i] = 'a';
	s[22] = 'b';
	CHECK(pk_re_match(bad, s, 23, 0, &m) == 0 && pk_re_last_limited());
	CHECK(pk_re_match(bad, s, 22, 0, &m) == 1 && !pk_re_last_limited());
	pk_re_free(re);
	pk_re_free(bad);
}

/* pk_text_fold maps text past ASCII in pieces (common/text.c,
 * map_pieces); utf8proc's map of the whole text is the oracle. With no
 * flag but case and marks, the fold is that map exactly (its ASCII loop
 * changes nothing of it), so every join of fragments that normalisation
 * reads across (a base and its combining marks, marks to reorder, Hangul
 * jamo, ligatures and compatibility forms turning into ASCII, ignorables,
 * casefolds that grow) must fold to the whole map, for all four flag sets */
static void fold_pieces_oracle(void)
{
	static const char *const frag[] = {
		"e", "A", " ", "-", "\xcc\x81", "\xcc\xa3", "\xcc\x8a", "\xef\xac\x81", "\xe2\x84\xab",
		"\xc3\x85", "\xc2\xad", "\xe2\x80\x8d", "\xe1\x84\x80", "\xe1\x85\xa1", "\xe1\x86\xa8",
		"\xea\xb0\x80", "\xce\x91", "\xc3\x9f", "\xe2\x85\xab", "\xef\xbc\xa1", "\xe2\x80\x93",
		"\xe5\x85\x89", "\xc4\xb0", "\xe0\xa4\x95", "\xe0\xa4\xbc", "\xcd\x85", "\xe3\x82\x99",
		"\xe3\x81\x8b", "K", "\xe2\x84\xaa",
	};
	static const unsigned fl[] = { 0, PK_FOLD_CASE, PK_FOLD_MARKS, PK_FOLD_CASE | PK_FOLD_MARKS };
	enum { NF = sizeof(frag) / sizeof(frag[0]) };
	size_t a, b, c, f, bad = 0, runs = 0;
	uint32_t seed = 12345;

	for (a = 0; a < NF * NF * NF + 3000; a++) {
		char s[128];
		size_t n = 0, k, parts;

		if (a < NF * NF * NF) {
			const size_t idx[3] = { a % NF, a / NF % NF, a / NF / NF };

			for (k = 0; k < 3; k++)
				n += pk_str_copy(s + n, sizeof(s) - n, frag[idx[k]]);
		} else { /* longer random joins */
			seed = seed * 1103515245u + 12345u;
			parts = 4 + (seed >> 16) % 12;
			for (k = 0; k < parts; k++) {
				seed = seed * 1103515245u + 12345u;
				n += pk_str_copy(s + n, sizeof(s) - n, frag[(seed >> 16) % NF]);
			}
		}
		for (f = 0; f < 4; f++) {
			int opts = UTF8PROC_STABLE | UTF8PROC_COMPAT | UTF8PROC_COMPOSE | UTF8PROC_IGNORE;
			utf8proc_uint8_t *whole = NULL;
			utf8proc_ssize_t wl;
			pk_buf out = PK_BUF_INIT;

			if (fl[f] & PK_FOLD_CASE)
				opts |= UTF8PROC_CASEFOLD;
			if (fl[f] & PK_FOLD_MARKS)
				opts |= UTF8PROC_STRIPMARK;
			wl = utf8proc_map((const utf8proc_uint8_t *)s, (utf8proc_ssize_t)n, &whole, (utf8proc_option_t)opts);
			b = pk_text_fold(&out, s, n, fl[f]) == 0;
			c = wl >= 0 && b && out.len == (size_t)wl && (!wl || !memcmp(out.ptr, whole, (size_t)wl));
			if (!c && bad++ < 3)
				fprintf(stderr, "fold of \"%s\" (flags %u): \"%s\", the whole map \"%s\"\n", s, fl[f],
					out.ptr ? out.ptr : "", wl >= 0 ? (const char *)whole : "(error)");
			runs++;
			free(whole);
			pk_buf_release(&out);
		}
	}
	CHECK(bad == 0);
	CHECK(runs == 4 * (NF * NF * NF + 3000));
}

/* pk_str_int writes what "%lld" writes: every number to 100,000, both
 * signs, the ends of the range and a seeded spread of the rest */
static void str_int_as_printf(void)
{
	static const long long ends[] = { LLONG_MIN, LLONG_MIN + 1, LLONG_MAX, LLONG_MAX - 1, -1, 0, 9, 10, 99, 100 };
	unsigned long long seed = 5;
	size_t i, bad = 0;

	for (i = 0; i < 200000 + sizeof(ends) / sizeof(ends[0]) + 20000; i++) {
		long long v;
		char got[21], want[32];
		size_t l;

		if (i < 200000) {
			v = (long long)i - 100000;
		} else if (i < 200000 + sizeof(ends) / sizeof(ends[0])) {
			v = ends[i - 200000];
		} else {
			seed = seed * 6364136223846793005ull + 1442695040888963407ull;
			v = (long long)(seed >> (seed & 63));
		}
		l = pk_str_int(got, v);
		snprintf(want, sizeof(want), "%lld", v);
		if ((strcmp(got, want) || l != strlen(want)) && bad++ < 3)
			fprintf(stderr, "pk_str_int(%lld): \"%s\" (%zu)\n", v, got, l);
	}
	CHECK(bad == 0);
}

int main(void)
{
	pk_alloc_init();
	RUN(text_plain);
	RUN(hash_mem);
	RUN(mem_find);
	RUN(str_int_as_printf);
	RUN(re_match_limits);
	RUN(fold_pieces_oracle);
	RUN(text_emphasis);
	RUN(buf_cap_and_append);
	RUN(alloc_fault_injection);
	RUN(alloc_grow);
	RUN(alloc_large_blocks_huge);
	RUN(memo_table);
	RUN(num_published_forms);
	RUN(text_folding);
	RUN(lines_reader);
	RUN(records_reader);
	RUN(sha256_vectors);
	RUN(pj_numbers);
	RUN(fmt_doubles);
	RUN(fold_ascii_into);
	RUN(copies_and_json_strings);
	RUN(json_strings_read_back);
	RUN(cjson_scratch);
	RUN(flat_json_as_cjson);
	RUN(json_writer_paths);
	RUN(dynlib_loading);
	RUN(fold_ascii_oracle);
	RUN(http_policy);
	RUN(error_messages);
	RUN(exact_buffers);
	RUN(reset_literals);
	RUN(reset_caseless_oracle);
	RUN(reset_scan_exact);
	T_DONE();
}
