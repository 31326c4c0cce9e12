/* tools/cmd_check_ref.c - `provkg check-ref`: does the cited work exist,
 * and does the reference describe it correctly? */
#include "tool.h"

#include "../common/error.h"
#include "../ingest/ingest.h"
#include "../query/ref.h"

#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define LINE_MAX_BYTES ((size_t)1 << 20)

typedef tool_ref_checker ref_ctx;

static const char *const field_names[] = { "authors", "title", "year", "venue", "volume", "issue", "pages", "doi", "version", "identifier" };

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
	if (p->pmid[0])
		pk_json_kstr(w, "pmid", p->pmid);
	if (p->pmcid[0])
		pk_json_kstr(w, "pmcid", p->pmcid);
	if (p->openalex[0])
		pk_json_kstr(w, "openalex", p->openalex);
	if (p->dblp[0])
		pk_json_kstr(w, "dblp", p->dblp);
	if (p->other_id[0])
		pk_json_kstr(w, "other_id", p->other_id);
	if (p->url[0])
		pk_json_kstr(w, "url", p->url);
	pk_json_kstr(w, "style", p->style);
	pk_json_end_obj(w);
	pk_json_kstr(w, "verdict", query_ref_verdict_name(r->verdict));
	pk_json_key(w, "match");
	if (r->have_match) {
		pk_json_obj(w);
		pk_json_key(w, "doi");
		if (r->match_doi[0])
			pk_json_str(w, r->match_doi);
		else
			pk_json_null(w);
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
		/* records of other databases: which, under what key, and every
		 * record that agrees */
		if (strcmp(r->match_db, "Crossref") || r->nsources > 1) {
			pk_json_kstr(w, "db", r->match_db);
			pk_json_kstr(w, "id", r->match_id);
			if (r->match_versions)
				pk_json_kint(w, "versions", (long long)r->match_versions);
			pk_json_key(w, "sources");
			pk_json_arr(w);
			for (i = 0; i < r->nsources; i++)
				pk_json_str(w, r->sources[i]);
			pk_json_end_arr(w);
		}
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
	if (r->nretrieved) {
		pk_json_key(w, "retrieved");
		pk_json_arr(w);
		for (i = 0; i < r->nretrieved; i++) {
			pk_json_obj(w);
			pk_json_kstr(w, "doi", r->retrieved[i].doi);
			pk_json_knum(w, "score", (double)(long)(r->retrieved[i].score * 1000 + 0.5) / 1000);
			pk_json_end_obj(w);
		}
		pk_json_end_arr(w);
	}
}

/* The reference as search text: what was written, or its fields. */
static void search_text(char *out, size_t n, const char *text, const qr_ref *p)
{
	size_t i, len = 0;

	if (text && *text) {
		snprintf(out, n, "%s", text);
		return;
	}
	out[0] = '\0';
	for (i = 0; i < p->nauthors && i < 3 && len + 1 < n; i++)
		len += (size_t)snprintf(out + len, n - len, "%s ", p->authors[i].family);
	if (len + 1 < n)
		snprintf(out + len, n - len, "%s %s %s %d %s %s", p->title, p->venue, p->volume, p->year, p->first_page,
			 p->doi);
}

static void when_text(char *out, size_t n, const ingest_online_works *w)
{
	time_t at = (time_t)w->fetched_at;
	struct tm tm;

	gmtime_r(&at, &tm);
	if (w->cached)
		strftime(out, n, "cached answer of %Y-%m-%d %H:%M UTC", &tm);
	else
		snprintf(out, n, "fetched now");
}

/* Ask the Crossref API about a reference the graph could not decide; the
 * answer is checked like a local candidate. */
static int check_online(ref_ctx *c, const char *text, const qr_ref *p, qr_result *r)
{
	ingest_online_works w;
	qr_opts o = c->o;
	qr_result r2;
	const void *recs[20];
	size_t lens[20], i;
	char when[64], q[1200];
	int rc;

	memset(&w, 0, sizeof(w));
	if (p->doi[0] && !r->have_match) {
		char prefix[128];
		int known = 0;

		if ((rc = ingest_online_doi(c->online, c->t, p->doi, &w)) < 0)
			goto failed;
		when_text(when, sizeof(when), &w);
		if (w.status == 404) {
			snprintf(prefix, sizeof(prefix), "%.*s", (int)strcspn(p->doi, "/"), p->doi);
			if ((rc = ingest_online_prefix(c->online, c->t, prefix, &known)) < 0)
				goto failed;
			if (!known) {
				query_ref_reason(r, "%.40s is not a Crossref DOI prefix (another agency may hold it; %s)", prefix,
					   when);
				ingest_online_works_release(&w);
				return 0;
			}
			o.doi_unregistered = 1;
		}
	} else if (!p->doi[0]) {
		search_text(q, sizeof(q), text, p);
		if ((rc = ingest_online_search(c->online, c->t, q, &w)) < 0)
			goto failed;
		when_text(when, sizeof(when), &w);
		/* a titled reference none of the best hits matches does not exist */
		o.extra_covers = p->title[0] && strlen(p->title) >= 20;
	} else {
		return 0;
	}
	for (i = 0; i < w.n; i++) {
		recs[i] = w.data.ptr + w.off[i];
		lens[i] = w.len[i];
	}
	o.extra = recs;
	o.extra_len = lens;
	o.nextra = w.n;
	if ((rc = query_ref_check(c->t, p, &o, &r2)) < 0) {
		ingest_online_works_release(&w);
		return rc;
	}
	*r = r2;
	query_ref_reason(r, "checked against the Crossref API (%s%s)", when,
		   r->match_extra ? "; the match is the API's" : "");
	ingest_online_works_release(&w);
	return 0;
failed:
	/* a network failure leaves the offline verdict, saying why */
	query_ref_reason(r, "online check failed: %.130s", pk_error_last());
	pk_error_clear();
	ingest_online_works_release(&w);
	return 0;
}

int tool_ref_verify(tool_ref_checker *c, const char *text, const qr_ref *p, qr_result *r)
{
	int rc;

	if ((rc = query_ref_check(c->t, p, &c->o, r)) < 0)
		return rc;
	if (c->online && r->verdict == QR_UNVERIFIABLE &&
	    (p->doi[0] || p->title[0] || (p->nauthors && p->year)))
		return check_online(c, text, p, r);
	return 0;
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
	if (rc < 0 || (rc = kg_txn_renew(c->t)) < 0 ||
	    (rc = tool_ref_verify(c, cJSON_IsString(ref) ? ref->valuestring : NULL, &p, &r)) < 0)
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

/* Append a field to the "parsed:" line, "; " between fields (a failed
 * append only shortens the line). */
static void part(pk_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void part(pk_buf *b, const char *fmt, ...)
{
	va_list ap;

	if (b->len)
		pk_buf_put(b, "; ", 2);
	va_start(ap, fmt);
	pk_buf_vprintf(b, fmt, ap);
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
		"usage: provkg check-ref [--db DIR] [--json] [--closed-world] [--online ...] REFERENCE\n"
		"       provkg check-ref [--db DIR] --jsonl [--closed-world] [--online ...] < refs.jsonl\n"
		"  REFERENCE        a reference in any common style, a DOI or a DOI URL\n"
		"  --json           one JSON object {\"input\",\"parsed\",\"verdict\",\"match\",\"mismatched_fields\",\"reasons\"}\n"
		"  --jsonl          read {\"id\",\"ref\"} lines (ref: a string or a Crossref reference object)\n"
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

int cmd_check_ref(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "db", required_argument, NULL, 'd' },
		{ "json", no_argument, NULL, 'j' },
		{ "jsonl", no_argument, NULL, 'l' },
		{ "retrieved", no_argument, NULL, 'r' },
		TOOL_REF_LONGOPTS,
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	ref_ctx c;
	tool_ref_cfg cfg;
	const char *db = NULL;
	kg_store *s = NULL;
	int ch, json = 0, jsonl = 0, rc, code = EXIT_OK;

	tool_ref_init(&cfg);
	while ((ch = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (ch) {
		case 'd': db = optarg; break;
		case 'j': json = 1; break;
		case 'l': jsonl = 1; break;
		case 'r': cfg.o.retrieve = 1; break;
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
		code = tool_jsonl(check_line, &c, LINE_MAX_BYTES);
	} else {
		const char *input = argv[optind];
		qr_ref p;
		qr_result r;

		if ((rc = query_ref_parse(input, strlen(input), &p)) < 0 || (rc = tool_ref_verify(&c, input, &p, &r)) < 0) {
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
	tool_ref_close(&c);
	kg_txn_free(c.t);
	kg_store_free(s);
	return code;
}
