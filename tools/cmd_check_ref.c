/* tools/cmd_check_ref.c - `provkg check-ref`: does the cited work exist,
 * and does the reference describe it correctly? */
#include "tool.h"

#include "../common/alloc.h"
#include "../common/error.h"
#include "../common/records.h"
#include "../eval/record.h"
#include "../ingest/ingest.h"
#include "../query/ref.h"

#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>


typedef tool_ref_checker ref_ctx;


static int check_line(void *vctx, const cJSON *in, pk_json *w)
{
	ref_ctx *c = vctx;

	return tool_req_ref(c->t, &c->o, in, w);
}

/* Append a field to the "parsed:" line, "; " between fields (a failed
 * append only shortens the line). */
static void part(pk_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void part(pk_buf *b, const char *fmt, ...)
{
	va_list ap;

	/* a reason too long for the buffer is cut: the cap keeps the line bounded */
	if (b->len && pk_buf_put(b, "; ", 2) < 0)
		return;
	va_start(ap, fmt);
	if (pk_buf_vprintf(b, fmt, ap) < 0)
		pk_error_clear(); /* cut at the cap: the line stays bounded */
	va_end(ap);
}

static void print_human(const char *input, const qr_ref *p, const qr_result *r)
{
	size_t i;

	printf("%s: %s\n", query_ref_verdict_name(r->verdict), input);
	{
		pk_buf line = PK_BUF_INIT;

		part(&line, "%s style", p->style);
		if (p->nauthors)
			part(&line, "%s%s", p->authors[0].family, p->nauthors > 1 || p->et_al ? " et al." : "");
		if (p->year)
			part(&line, "%d", p->year);
		if (p->title[0])
			part(&line, "\"%.60s%s\"", p->title, strlen(p->title) > 60 ? "..." : "");
		if (p->venue[0])
			part(&line, "%s%s%s%s%s%s", p->venue, p->volume[0] ? " " : "", p->volume, p->issue[0] ? "(" : "",
			     p->issue, p->issue[0] ? ")" : "");
		if (p->pages[0])
			part(&line, "pp. %s", p->pages);
		if (p->doi[0])
			part(&line, "doi %s", p->doi);
		printf("  parsed:  %s\n", line.ptr ? line.ptr : "");
		pk_buf_release(&line);
	}
	if (r->have_match)
		printf("  match:   %s  %s (%d) %s  [score %.2f]\n", r->match_doi[0] ? r->match_doi : r->match_id, r->match_title, r->match_year,
		       r->match_venue, r->score);
	if (r->have_match && r->nsources && (strcmp(r->match_db, "Crossref") || r->nsources > 1)) {
		printf("  sources:");
		for (i = 0; i < r->nsources; i++)
			printf("%s %s", i ? ";" : "", r->sources[i]);
		printf("\n");
	}
	if (r->mismatched) {
		printf("  differs:");
		for (i = 0; ev_record_field_name(i); i++)
			if (r->mismatched & (1u << i))
				printf(" %s", ev_record_field_name(i));
		printf("\n");
	}
	for (i = 0; i < r->nreasons; i++)
		printf("  %s\n", r->reasons[i]);
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: provkg check-ref [--db DIR] [--json] [--closed-world] [--online ...] REFERENCE\n"
		"       provkg check-ref [--db DIR] --jsonl [--closed-world] [--online ...] < refs.jsonl\n"
		"  REFERENCE        a reference in any common style, a DOI or a DOI URL\n"
		"  --json           one JSON object {\"input\",\"parsed\",\"verdict\",\"match\",\"mismatched_fields\",\"reasons\"}\n"
		"  --jsonl          read {\"id\",\"ref\"} lines (ref: a string or a Crossref reference object)\n"
		"  --jobs N         --jsonl on N threads (default: the cores; 1 with --online); the\n"
		"                   output is the same, in input order\n"
		"  --closed-world   the graph holds every work: a reference to none of them is fabricated\n"
		"                   (also implied by a Crossref source ingested with --complete)\n"
		"  --online         ask the Crossref REST API about references the graph cannot decide\n"
		"                   (/works/{doi}; /works?query.bibliographic= without a DOI); answers are\n"
		"                   checked like local candidates and cached in the graph (404s too)\n"
		"  --crossref-url U the API root or a mirror (default https://api.crossref.org)\n"
		"  --mailto ADDR    contact address for Crossref's polite pool (default $PROVKG_MAILTO)\n"
		"  --cache-ttl D    use cached answers younger than D days (default 30; 0: no cache)\n"
		"  --rows N         hits asked of a search (default 5)   --timeout S, --retries N,\n"
		"  --cacert FILE    as for fetch (TLS is always verified)\n"
		"  --retrieved      also score every reference against the term index (title words, family\n"
		"                   names, venue words; BM25) and list the top 20 works (\"retrieved\")\n"
		"verdicts: verified, mismatch, fabricated, unverifiable\n"
		"exit: 0 verified, 1 any other verdict, 2 usage or unreadable reference, 4 graph error\n"
		"      (--jsonl: 0 when the stream is processed)\n");
}

/* --jobs: another thread's checker (offline, its own transaction and scratch) */
static int clone_ctx(void *from, void *store, void **out)
{
	ref_ctx *c = pk_calloc(1, sizeof(*c));
	int code;

	*out = c;
	if (!c)
		return tool_fail(PK_ENOMEM, NULL);
	code = tool_ref_clone(from, store, c);
	return code;
}

static void release_ctx(void *ctx)
{
	ref_ctx *c = ctx;

	tool_ref_close(c);
	kg_txn_free(c->t);
	pk_free(c);
}

int cmd_check_ref(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "db", required_argument, NULL, 'd' },
		{ "json", no_argument, NULL, 'j' },
		{ "jsonl", no_argument, NULL, 'l' },
		{ "retrieved", no_argument, NULL, 'r' },
		{ "jobs", required_argument, NULL, 'J' },
		TOOL_REF_LONGOPTS,
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	ref_ctx c;
	tool_ref_cfg cfg;
	const char *db = NULL;
	kg_store *s = NULL;
	int ch, json = 0, jsonl = 0, rc, code = EXIT_OK;
	size_t jobs = tool_jobs_default();

	tool_ref_init(&cfg);
	while ((ch = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (ch) {
		case 'd': db = optarg; break;
		case 'j': json = 1; break;
		case 'l': jsonl = 1; break;
		case 'r': cfg.o.retrieve = 1; break;
		case 'J':
			if (tool_jobs_option(optarg, &jobs) < 0)
				return EXIT_USAGE;
			break;
		case 'h': usage(stdout); return EXIT_OK;
		default:
			if ((rc = tool_ref_option(ch, optarg, &cfg)) > 0)
				break;
			if (rc == 0)
				usage(stderr);
			return EXIT_USAGE;
		}
	}
	if (jsonl ? optind != argc : optind != argc - 1) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if ((code = tool_ref_open(&cfg, tool_db_path(db), &s, &c)) != EXIT_OK)
		return code;
	if ((rc = kg_txn_read(&c.t, s)) < 0) {
		code = tool_fail(rc, NULL);
	} else if (jsonl) {
		code = tool_jsonl_jobs(check_line, &c, c.online ? 1 : jobs, clone_ctx, release_ctx, s, PK_REC_REQUEST_MAX);
	} else {
		const char *input = argv[optind];
		qr_ref p;
		qr_result r;

		if ((rc = query_ref_parse(input, strlen(input), &p)) < 0 || (rc = query_ref_check(c.t, &p, &c.o, &r)) < 0) {
			code = tool_fail(rc, "check-ref");
			if (rc == PK_EINVAL || rc == PK_ELIMIT)
				code = EXIT_USAGE;
		} else if (json) {
			pk_buf b = PK_BUF_INIT;
			pk_json w;

			pk_json_init(&w, &b);
			pk_json_obj(&w);
			ev_record_ref_json(&w, input, &p, &r);
			pk_json_end_obj(&w);
			code = tool_emit_json(&w, &b);
			pk_buf_release(&b);
			if (!code && r.verdict != QR_VERIFIED)
				code = EXIT_NEGATIVE;
		} else {
			print_human(input, &p, &r);
			code = r.verdict == QR_VERIFIED ? EXIT_OK : EXIT_NEGATIVE;
		}
	}
	tool_ref_close(&c);
	kg_txn_free(c.t);
	kg_store_free(s);
	return code;
}
