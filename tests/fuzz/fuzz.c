/* tests/fuzz/fuzz.c - libFuzzer harnesses, one per parser (issue 15).
 *
 * Built once per target with -DFUZZ_TARGET=N (see the Makefile's `fuzz`):
 *   refparse  a reference string (query_ref_parse)
 *   checkref  a reference string checked against the graph
 *   value     a quantity mention: check-value's whole path
 *   units     a unit expression
 *   number    numbers (query_number_next, pk_num_parse)
 *   pj        the JSON pull parser
 *   lines     the JSONL / line reader
 *   crossref  Crossref JSON in memory
 *   ingest    any source file (CODATA, NIST, MP, PIF, arXiv, dblp, PubMed,
 *             DataCite, OpenAlex ...: the format is sniffed), ingested into
 *             a scratch graph and rolled back
 *   answers   an answer file of any format through check's audit (harness
 *             logs, JSONL, text: extraction, values, citations)
 *   derive    a text with LaTeX math (eval/derive) and its post-check
 *             (eval/postcheck)
 *   patterns  a PCRE2 pattern (the first byte: caseless or not) and the
 *             literals common/reset reads from it; a set of it scanned
 *             over texts made of its literals and a fixed tail: a text
 *             PCRE2 matches must never be ruled out (abort if it is)
 *   cites     a text's citations (eval/extract), with the author-year
 *             patterns searched in the windows around years and over the
 *             whole text: abort if the two differ
 * Harnesses that read the graph open one built once from data/sources,
 * read-only. Inputs are copied into heap blocks of exactly their size so
 * ASan sees a read one byte past the end. Crashes become regression inputs
 * in tests/fixtures/bad/ (make fuzz says where libFuzzer wrote them). */
#include "common/alloc.h"
#include "common/error.h"
#include "common/lines.h"
#include "common/num.h"
#include "common/pj.h"
#include "common/re.h"
#include "common/reset.h"
#include "eval/audit.h"
#include "eval/derive.h"
#include "eval/extract.h"
#include "eval/input.h"
#include "eval/postcheck.h"
#include "ingest/ingest.h"
#include "kg/store.h"
#include "kg/work.h"
#include "query/number.h"
#include "query/ref.h"
#include "query/units.h"
#include "query/value.h"

#include "../unit/t.h"
#include "../unit/graph.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { T_REFPARSE = 1, T_CHECKREF, T_VALUE, T_UNITS, T_NUMBER, T_PJ, T_LINES, T_CROSSREF, T_INGEST, T_ANSWERS, T_DERIVE,
       T_PATTERNS, T_CITES };
static ev_postrules *postrules;

static kg_store *graph;
static kg_txn *txn;
static query_units *units;
static kg_store *scratch;
static char dir[256], tmpfile_path[300];

static void need_graph(void)
{
	snprintf(dir, sizeof(dir), "/tmp/provkg-fuzz-graph-%d", (int)getpid());
	if (t_build_graph(dir, NULL) < 0 || kg_store_open(&graph, dir, KG_OPEN_READ) < 0 || kg_txn_read(&txn, graph) < 0 ||
	    query_units_open(&units, txn, NULL) < 0) {
		fprintf(stderr, "fuzz: cannot build the graph: %s\n", pk_error_last());
		exit(1);
	}
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	pk_alloc_init();
	snprintf(tmpfile_path, sizeof(tmpfile_path), "/tmp/provkg-fuzz-in-%d", (int)getpid());
	if (FUZZ_TARGET == T_CHECKREF || FUZZ_TARGET == T_VALUE || FUZZ_TARGET == T_UNITS || FUZZ_TARGET == T_ANSWERS ||
	    FUZZ_TARGET == T_DERIVE)
		need_graph();
	if (FUZZ_TARGET == T_DERIVE && ev_postrules_load(&postrules, "data/rules/postcheck.json") < 0) {
		fprintf(stderr, "fuzz: %s\n", pk_error_last());
		exit(1);
	}
	if (FUZZ_TARGET == T_INGEST) {
		snprintf(dir, sizeof(dir), "/tmp/provkg-fuzz-scratch-%d", (int)getpid());
		if (t_build_graph(dir, "data/sources/venues") < 0 || kg_store_open(&scratch, dir, KG_OPEN_WRITE) < 0) {
			fprintf(stderr, "fuzz: cannot make the scratch graph: %s\n", pk_error_last());
			exit(1);
		}
		mkdir(tmpfile_path, 0755);
	}
	return 0;
}

static int write_file(const char *path, const uint8_t *d, size_t n)
{
	FILE *f = fopen(path, "wb");

	if (!f)
		return -1;
	if (n && fwrite(d, 1, n, f) != n) {
		fclose(f);
		return -1;
	}
	return fclose(f);
}

typedef struct ingest_ctx {
	ingest_plan *p;
} ingest_ctx;

static int ingest_all(kg_txn *t, void *vctx)
{
	ingest_ctx *c = vctx;
	ingest_result r;
	size_t i;

	for (i = 0; i < ingest_plan_count(c->p); i++) {
		ingest_result_init(&r);
		ingest_plan_run(t, c->p, i, NULL, &r);
		ingest_result_release(&r);
		pk_error_clear();
	}
	return PK_ERROR; /* roll back: every input starts from the same graph */
}

static int on_work(void *ctx, const char *doi, size_t doi_len, const void *rec, size_t len)
{
	kg_work w;

	(void)ctx;
	(void)doi;
	(void)doi_len;
	if (kg_work_decode(&w, rec, len) < 0)
		abort(); /* the parser wrote a record it cannot read back */
	return 0;
}

static int on_answer(void *ctx, const ev_answer *a)
{
	ev_opts o;
	ev_result r;

	(void)ctx;
	if (!a->text)
		return 0;
	memset(&o, 0, sizeof(o));
	o.units = units;
	if (ev_audit(txn, a->text, a->len, &o, &r) == 0)
		ev_result_release(&r);
	pk_error_clear();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *b = pk_malloc(size ? size : 1);

	if (!b)
		return 0;
	memcpy(b, data, size);
	switch (FUZZ_TARGET) {
	case T_DERIVE: {
		ev_derivs d;
		ev_postcheck pc;

		if (ev_derivations(txn, units, b, size, &d) == 0)
			ev_derivs_release(&d);
		if (ev_post_check(postrules, b, size, NULL, &pc) == 0)
			ev_postcheck_release(&pc);
		pk_error_clear();
		break;
	}
	case T_REFPARSE: {
		qr_ref r;

		query_ref_parse(b, size, &r);
		break;
	}
	case T_CHECKREF: {
		qr_ref r;
		qr_result res;

		if (query_ref_parse(b, size, &r) == 0)
			query_ref_check(txn, &r, NULL, &res);
		break;
	}
	case T_VALUE: {
		qv_result r;

		qv_result_init(&r);
		query_value_check(txn, units, b, size, NULL, &r);
		qv_result_release(&r);
		break;
	}
	case T_UNITS: {
		qu_unit u;

		query_units_parse(units, b, size, &u);
		break;
	}
	case T_NUMBER: {
		qn_number q;
		pk_num n;
		size_t from = 0;

		pk_num_parse(&n, b, size, 1);
		pk_num_parse(&n, b, size, 0);
		while (from < size && query_number_next(b, size, from, &q) == 1 && q.end > from)
			from = q.end;
		break;
	}
	case T_PJ: {
		pj j;

		pj_init(&j, b, size);
		pj_skip(&j);
		break;
	}
	case T_LINES: {
		pk_lines *l;
		const char *line;
		size_t len;

		if (write_file(tmpfile_path, data, size) == 0 && pk_lines_open(&l, tmpfile_path, 4096) == 0) {
			while (pk_lines_next(l, &line, &len) != 0)
				;
			pk_lines_free(l);
		}
		break;
	}
	case T_CROSSREF: {
		size_t rejected = 0;

		ingest_crossref_parse(b, size, on_work, NULL, &rejected);
		break;
	}
	case T_INGEST: {
		char file[400], dtd[400];
		const char *paths[1] = { file };
		ingest_ctx c = { NULL };

		snprintf(file, sizeof(file), "%s/input", tmpfile_path);
		snprintf(dtd, sizeof(dtd), "%s/dblp.dtd", tmpfile_path);
		if (access(dtd, F_OK) != 0) {
			char *real = realpath("data/sources/dblp/vision-2025/dblp.dtd", NULL);

			if (real && symlink(real, dtd) < 0)
				perror("fuzz: the DTD");
			free(real);
		}
		if (write_file(file, data, size) == 0 && ingest_plan_make(&c.p, paths, 1) == 0) {
			kg_store_write(scratch, ingest_all, &c);
			ingest_plan_free(c.p);
		}
		break;
	}
	case T_PATTERNS: {
		/* byte 0: flags; the rest, up to a NUL: the pattern */
		static const char *const tails[] = { "", " The value is 12.5 (3) % at 300 K; ", "\xe2\x84\xaa \xc5\xbf ",
						     "\xe6\xa0\xb9\xe6\x8d\xae 2020", "ABC abc Abc 0123" };
		int flags = size && (data[0] & 1) ? PK_RE_ICASE : 0;
		char *pat = pk_strndup(b + (size > 0), size > 0 ? size - 1 : 0), lits[4096];
		pk_re *re = pat ? pk_re_compile(pat, flags) : NULL;
		pk_reset *set = re ? pk_reset_new() : NULL;
		int n = pat ? pk_reset_literals(pat, flags, lits, sizeof(lits)) : 0, id;

		pk_error_clear();
		if (set && (id = pk_reset_add(set, pat, flags)) >= 0 && pk_reset_build(set) == 0) {
			char text[4200];
			uint64_t may[1];
			size_t k;

			for (k = 0; k < sizeof(tails) / sizeof(tails[0]) * 2; k++) {
				/* the literals (or the pattern's own text) and a tail */
				int tl = snprintf(text, sizeof(text), "%s%s", k & 1 ? (n > 0 ? lits : "") : pat, tails[k / 2]);
				pk_match m;

				if (tl < 0 || (size_t)tl >= sizeof(text))
					continue;
				pk_reset_scan(set, text, (size_t)tl, may);
				if (pk_re_match(re, text, (size_t)tl, 0, &m) == 1 && !pk_reset_may(may, id)) {
					fprintf(stderr, "fuzz: pattern '%s' matches '%s' but was ruled out\n", pat, text);
					abort();
				}
			}
		}
		pk_reset_free(set);
		pk_re_free(re);
		pk_free(pat);
		break;
	}
	case T_CITES: {
		pk_normtext nt;
		ev_cite *a = NULL, *w = NULL;
		size_t na = 0, nw = 0, i, k;
		int la = 0, lw = 0;

		pk_normtext_init(&nt, 0);
		if (pk_normtext_set(&nt, b, size) == 0 &&
		    ev_extract_citations(nt.text.ptr, nt.text.len, &a, &na, &la) == 0 &&
		    ev_extract_citations_whole(nt.text.ptr, nt.text.len, &w, &nw, &lw) == 0 && !la && !lw) {
			int same = na == nw;

			for (i = 0; same && i < na; i++) {
				same = a[i].kind == w[i].kind && a[i].start == w[i].start && a[i].end == w[i].end &&
				       !strcmp(a[i].text, w[i].text) && a[i].nat == w[i].nat;
				for (k = 0; same && k < a[i].nat; k++)
					same = a[i].at[k][0] == w[i].at[k][0] && a[i].at[k][1] == w[i].at[k][1];
			}
			if (!same) {
				fprintf(stderr, "fuzz: %zu citations in windows, %zu over the whole text\n", na, nw);
				abort();
			}
		}
		pk_free(a);
		pk_free(w);
		pk_normtext_release(&nt);
		break;
	}
	case T_ANSWERS: {
		ev_input_opts io;

		memset(&io, 0, sizeof(io));
		if (write_file(tmpfile_path, data, size) == 0)
			ev_read_answers(tmpfile_path, &io, on_answer, NULL, NULL);
		break;
	}
	default:
		break;
	}
	pk_error_clear();
	pk_free(b);
	return 0;
}
