/* tools/cmd_check_ref.c - `provkg check-ref`: does the cited work exist,
 * and does the reference describe it correctly? */
#include "tool.h"

#include "../common/error.h"
#include "../query/ref.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#define LINE_MAX_BYTES ((size_t)1 << 20)

typedef struct ref_ctx {
	kg_txn *t;
	qr_opts o;
} ref_ctx;

static const char *const field_names[] = { "authors", "title", "year", "venue", "volume", "issue", "pages", "doi" };

void tool_ref_result_json(pk_json *w, const char *input, const qr_ref *p, const qr_result *r);

void tool_ref_result_json(pk_json *w, const char *input, const qr_ref *p, const qr_result *r)
{
	size_t i;

	if (input)
		pk_json_kstr(w, "input", input);
	pk_json_key(w, "parsed");
	pk_json_obj(w);
	pk_json_key(w, "authors");
	pk_json_arr(w);
	for (i = 0; i < p->nauthors; i++) {
		char one[140];

		if (p->authors[i].given[0])
			snprintf(one, sizeof(one), "%s, %s", p->authors[i].family, p->authors[i].given);
		else
			snprintf(one, sizeof(one), "%s", p->authors[i].family);
		pk_json_str(w, one);
	}
	if (p->et_al)
		pk_json_str(w, "et al.");
	pk_json_end_arr(w);
	pk_json_key(w, "year");
	if (p->year)
		pk_json_int(w, p->year);
	else
		pk_json_null(w);
#define FIELD(name, v) pk_json_key(w, name); if ((v)[0]) pk_json_str(w, v); else pk_json_null(w)
	FIELD("title", p->title);
	FIELD("venue", p->venue);
	FIELD("volume", p->volume);
	FIELD("issue", p->issue);
	FIELD("pages", p->pages);
	FIELD("doi", p->doi);
	if (p->arxiv[0])
		pk_json_kstr(w, "arxiv", p->arxiv);
	if (p->url[0])
		pk_json_kstr(w, "url", p->url);
	pk_json_kstr(w, "style", p->style);
	pk_json_end_obj(w);
	pk_json_kstr(w, "verdict", query_ref_verdict_name(r->verdict));
	pk_json_key(w, "match");
	if (r->have_match) {
		pk_json_obj(w);
		pk_json_kstr(w, "doi", r->match_doi);
		pk_json_kstr(w, "title", r->match_title);
		pk_json_key(w, "year");
		if (r->match_year)
			pk_json_int(w, r->match_year);
		else
			pk_json_null(w);
		pk_json_kstr(w, "venue", r->match_venue);
		pk_json_knum(w, "score", (double)(long)(r->score * 1000 + 0.5) / 1000);
		if (r->match_type[0])
			pk_json_kstr(w, "type", r->match_type);
		if (r->retracted)
			pk_json_kbool(w, "retracted", 1);
		pk_json_end_obj(w);
	} else {
		pk_json_null(w);
	}
#undef FIELD
	pk_json_key(w, "mismatched_fields");
	pk_json_arr(w);
	for (i = 0; i < sizeof(field_names) / sizeof(field_names[0]); i++)
		if (r->mismatched & (1u << i))
			pk_json_str(w, field_names[i]);
	pk_json_end_arr(w);
	pk_json_key(w, "reasons");
	pk_json_arr(w);
	for (i = 0; i < r->nreasons; i++)
		pk_json_str(w, r->reasons[i]);
	pk_json_end_arr(w);
}

static int check_line(void *vctx, const cJSON *in, pk_json *w)
{
	ref_ctx *c = vctx;
	const cJSON *ref = cJSON_GetObjectItemCaseSensitive(in, "ref");
	qr_ref p;
	qr_result r;
	int rc;

	if (cJSON_IsString(ref))
		rc = query_ref_parse(ref->valuestring, strlen(ref->valuestring), &p);
	else if (cJSON_IsObject(ref))
		rc = query_ref_from_json(ref, &p);
	else
		return pk_error_set(PK_EINVAL, "missing field \"ref\" (a string or a reference object)");
	if (rc < 0 || (rc = kg_txn_renew(c->t)) < 0 || (rc = query_ref_check(c->t, &p, &c->o, &r)) < 0)
		return rc;
	if (cJSON_IsString(ref)) {
		tool_ref_result_json(w, ref->valuestring, &p, &r);
	} else {
		char *s = cJSON_PrintUnformatted(ref);

		tool_ref_result_json(w, s ? s : "", &p, &r);
		cJSON_free(s);
	}
	return 0;
}

static void print_human(const char *input, const qr_ref *p, const qr_result *r)
{
	size_t i;

	printf("%s: %s\n", query_ref_verdict_name(r->verdict), input);
	printf("  parsed:  %s style; ", p->style);
	if (p->nauthors)
		printf("%s%s; ", p->authors[0].family, p->nauthors > 1 || p->et_al ? " et al." : "");
	if (p->year)
		printf("%d; ", p->year);
	if (p->title[0])
		printf("\"%.60s%s\"; ", p->title, strlen(p->title) > 60 ? "..." : "");
	if (p->venue[0])
		printf("%s %s%s%s%s%s; ", p->venue, p->volume, p->issue[0] ? "(" : "", p->issue, p->issue[0] ? ")" : "",
		       p->pages[0] ? "" : "");
	if (p->pages[0])
		printf("pp. %s; ", p->pages);
	if (p->doi[0])
		printf("doi %s", p->doi);
	printf("\n");
	if (r->have_match)
		printf("  match:   %s  %s (%d) %s  [score %.2f]\n", r->match_doi, r->match_title, r->match_year,
		       r->match_venue, r->score);
	if (r->mismatched) {
		printf("  differs:");
		for (i = 0; i < sizeof(field_names) / sizeof(field_names[0]); i++)
			if (r->mismatched & (1u << i))
				printf(" %s", field_names[i]);
		printf("\n");
	}
	for (i = 0; i < r->nreasons; i++)
		printf("  %s\n", r->reasons[i]);
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: provkg check-ref [--db DIR] [--json] [--closed-world] REFERENCE\n"
		"       provkg check-ref [--db DIR] --jsonl [--closed-world] < refs.jsonl\n"
		"  REFERENCE        a reference in any common style, a DOI or a DOI URL\n"
		"  --json           one JSON object {\"input\",\"parsed\",\"verdict\",\"match\",\"mismatched_fields\",\"reasons\"}\n"
		"  --jsonl          read {\"id\",\"ref\"} lines (ref: a string or a Crossref reference object)\n"
		"  --closed-world   the graph holds every work: a reference to none of them is fabricated\n"
		"                   (also implied by a Crossref source ingested with --complete)\n"
		"verdicts: verified, mismatch, fabricated, unverifiable\n"
		"exit: 0 verified, 1 any other verdict, 2 usage or unreadable reference, 4 graph error\n"
		"      (--jsonl: 0 when the stream is processed)\n");
}

int cmd_check_ref(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "db", required_argument, NULL, 'd' },
		{ "json", no_argument, NULL, 'j' },
		{ "jsonl", no_argument, NULL, 'l' },
		{ "closed-world", no_argument, NULL, 'c' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	ref_ctx c;
	const char *db = NULL;
	kg_store *s = NULL;
	int ch, json = 0, jsonl = 0, rc, code = EXIT_OK;

	memset(&c, 0, sizeof(c));
	while ((ch = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (ch) {
		case 'd': db = optarg; break;
		case 'j': json = 1; break;
		case 'l': jsonl = 1; break;
		case 'c': c.o.closed_world = 1; break;
		case 'h': usage(stdout); return EXIT_OK;
		default: usage(stderr); return EXIT_USAGE;
		}
	}
	if (jsonl ? optind != argc : optind != argc - 1) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if ((rc = kg_store_open(&s, tool_db_path(db), KG_OPEN_READ)) < 0) {
		tool_error("%s", pk_error_last());
		return EXIT_GRAPH;
	}
	if ((rc = kg_txn_read(&c.t, s)) < 0) {
		code = tool_fail(rc, NULL);
	} else if (jsonl) {
		code = tool_jsonl(check_line, &c, LINE_MAX_BYTES);
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
			tool_ref_result_json(&w, input, &p, &r);
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
	kg_txn_free(c.t);
	kg_store_free(s);
	return code;
}
