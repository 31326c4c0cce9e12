/* tools/cmd_fetch.c - `provkg fetch` (download dumps) and `provkg update`
 * (fetch what changed, ingest it). The download itself is
 * ingest_fetch(); this file knows the command line, the source table
 * (built in, or a TSV given with --sources-file / $PROVKG_FETCH_SOURCES)
 * and what "changed" means for a graph (a file whose sha256 no source of
 * the graph has). */
#include "tool.h"

#include "../common/alloc.h"
#include "../common/error.h"
#include "../common/http.h"
#include "../common/lines.h"
#include "../common/sha256.h"
#include "../ingest/ingest.h"
#include "../kg/graph.h"
#include "../kg/store.h"
#include "../kg/work.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_SOURCES 64

typedef struct source_table {
	ingest_fetch_source s[MAX_SOURCES];
	size_t n;
	char *text; /* the TSV the entries point into */
} source_table;

static int kind_of(const char *name)
{
	if (!strcasecmp(name, "codata"))
		return INGEST_CODATA;
	if (!strcasecmp(name, "nist-aw"))
		return INGEST_NIST_AW;
	if (!strcasecmp(name, "crossref"))
		return INGEST_CROSSREF;
	if (!strcasecmp(name, "mp"))
		return INGEST_MP;
	return INGEST_UNKNOWN;
}

/* name<TAB>url<TAB>path<TAB>sha256 or -<TAB>kind<TAB>description */
static int load_table(source_table *t, const char *file)
{
	size_t n = 0, i;
	char *p, *line;
	int lineno = 0;

	memset(t, 0, sizeof(*t));
	if (!file) {
		const ingest_fetch_source *k = ingest_fetch_known(&n);

		for (i = 0; i < n && i < MAX_SOURCES; i++)
			t->s[t->n++] = k[i];
		return 0;
	}
	if (pk_file_read(&t->text, &n, file, 1 << 20) < 0)
		return pk_error_prefix("--sources-file");
	for (p = t->text; p && *p; p = line) {
		char *f[6];
		int k = 0;

		line = strchr(p, '\n');
		if (line)
			*line++ = '\0';
		lineno++;
		if (*p == '#' || !*p)
			continue;
		for (f[k++] = p; k < 6 && (p = strchr(p, '\t')); f[k++] = ++p)
			*p = '\0';
		if (k < 5 || t->n == MAX_SOURCES)
			return pk_error_set(PK_EPARSE, "%s:%d: expected name, url, path, sha256, kind[, description]%s",
					    file, lineno, t->n == MAX_SOURCES ? " (too many sources)" : "");
		t->s[t->n].name = f[0];
		t->s[t->n].url = f[1];
		t->s[t->n].path = f[2];
		t->s[t->n].sha256 = strcmp(f[3], "-") ? f[3] : NULL;
		t->s[t->n].kind = kind_of(f[4]);
		t->s[t->n].what = k > 5 ? f[5] : "";
		t->n++;
	}
	return 0;
}

static const ingest_fetch_source *find_source(const source_table *t, const char *name)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		if (!strcmp(t->s[i].name, name))
			return &t->s[i];
	return NULL;
}

/* ---- options shared by fetch and update --------------------------------- */

typedef struct fetch_cli {
	ingest_fetch_opts fo;
	const char *out;       /* the sources directory */
	const char *sources_file;
	const char *url;       /* --url: another address for the one source */
	const char *file;      /* -o */
	int json, quiet, list;
	const char *db;
	const char *only[16];
	size_t nonly;
	const char *progress_name;
	const char *cur_url;   /* the address being fetched */
} fetch_cli;

static double secs_arg(const char *s, int *ok)
{
	char *end;
	double v = strtod(s, &end);

	*ok = end != s && !*end && v >= 0 && v <= 86400;
	return v;
}

static void on_retry(void *ctx, int attempt, long status, long wait_ms, const char *why)
{
	fetch_cli *c = ctx;

	if (c->quiet)
		return;
	if (tool_progress_enabled())
		fputs("\r\033[K", stderr);
	/* network messages start with the URL, which the name already says */
	if (c->cur_url && !strncmp(why, c->cur_url, strlen(c->cur_url)) && !strncmp(why + strlen(c->cur_url), ": ", 2))
		why += strlen(c->cur_url) + 2;
	if (status)
		tool_warn("%s: HTTP %ld on attempt %d; retrying in %.1f s", c->progress_name, status, attempt,
			  (double)wait_ms / 1000);
	else
		tool_warn("%s: %s (attempt %d); retrying in %.1f s", c->progress_name, why, attempt,
			  (double)wait_ms / 1000);
}

static void on_progress(void *ctx, uint64_t now, uint64_t total)
{
	fetch_cli *c = ctx;

	if (total)
		fprintf(stderr, "\rprovkg: %s %5.1f%% of %.1f MB\033[K", c->progress_name,
			100.0 * (double)now / (double)total, (double)total / 1e6);
	else
		fprintf(stderr, "\rprovkg: %s %.1f MB\033[K", c->progress_name, (double)now / 1e6);
}

/* Parse the options both commands take; returns -1 usage error, 1 help
 * printed, 0 go on. */
static int parse_cli(int argc, char **argv, fetch_cli *c, void (*usage)(FILE *))
{
	static const struct option longopts[] = {
		{ "out", required_argument, NULL, 'O' },
		{ "output", required_argument, NULL, 'o' },
		{ "sha256", required_argument, NULL, 's' },
		{ "force", no_argument, NULL, 'f' },
		{ "url", required_argument, NULL, 'u' },
		{ "sources-file", required_argument, NULL, 'S' },
		{ "retries", required_argument, NULL, 'r' },
		{ "retry-delay", required_argument, NULL, 'D' },
		{ "max-wait", required_argument, NULL, 'W' },
		{ "timeout", required_argument, NULL, 't' },
		{ "connect-timeout", required_argument, NULL, 'c' },
		{ "cacert", required_argument, NULL, 'C' },
		{ "json", no_argument, NULL, 'j' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "list", no_argument, NULL, 'l' },
		{ "db", required_argument, NULL, 'd' },
		{ "only", required_argument, NULL, 'n' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	int ch, ok = 1, li = -1;
	double v;

	c->fo.http.retries = 4;
	c->fo.on_retry = on_retry;
	c->fo.ctx = c;
	c->sources_file = getenv("PROVKG_FETCH_SOURCES");
	while ((ch = getopt_long(argc, argv, "o:qh", longopts, &li)) != -1) {
		switch (ch) {
		case 'O': c->out = optarg; break;
		case 'o': c->file = optarg; break;
		case 's':
			if (strlen(optarg) != 64 || strspn(optarg, "0123456789abcdefABCDEF") != 64) {
				tool_error("--sha256 needs 64 hex digits");
				return -1;
			}
			c->fo.sha256 = optarg;
			break;
		case 'f': c->fo.force = 1; break;
		case 'u': c->url = optarg; break;
		case 'S': c->sources_file = optarg; break;
		case 'r': {
			char *end;
			long r = strtol(optarg, &end, 10);

			ok = end != optarg && !*end && r >= 0 && r <= 100;
			c->fo.http.retries = (int)r;
			break;
		}
		case 'D': v = secs_arg(optarg, &ok); c->fo.http.retry_base_ms = (long)(v * 1000); break;
		case 'W': v = secs_arg(optarg, &ok); c->fo.http.max_wait_ms = (long)(v * 1000); break;
		case 't': v = secs_arg(optarg, &ok); c->fo.http.stall_timeout_ms = (long)(v * 1000); break;
		case 'c': v = secs_arg(optarg, &ok); c->fo.http.connect_timeout_ms = (long)(v * 1000); break;
		case 'C':
			if (access(optarg, R_OK) < 0) {
				tool_error("--cacert: cannot read '%s'", optarg);
				return -1;
			}
			c->fo.http.cainfo = optarg;
			break;
		case 'j': c->json = 1; break;
		case 'q': c->quiet = 1; break;
		case 'l': c->list = 1; break;
		case 'd': c->db = optarg; break;
		case 'n':
			if (c->nonly == 16) {
				tool_error("at most 16 --only options");
				return -1;
			}
			c->only[c->nonly++] = optarg;
			break;
		case 'h': usage(stdout); return 1;
		default: usage(stderr); return -1;
		}
		if (!ok) {
			tool_error("--%s: bad value '%s' (%s)", li >= 0 ? longopts[li].name : "?", optarg,
				   ch == 'r' ? "a whole number of retries, 0 to 100" : "seconds, 0 to 86400");
			return -1;
		}
		li = -1;
	}
	if (tool_progress_enabled() && !c->quiet) {
		c->fo.http.progress = on_progress;
		c->fo.http.progress_ctx = c;
	}
	return 0;
}

static void print_result(const fetch_cli *c, const char *name, const char *url, const ingest_fetch_result *r)
{
	if (c->json) {
		pk_buf b = PK_BUF_INIT;
		pk_json w;

		pk_json_init(&w, &b);
		pk_json_obj(&w);
		pk_json_kstr(&w, "source", name);
		pk_json_kstr(&w, "url", url);
		pk_json_kstr(&w, "path", r->path);
		pk_json_kbool(&w, "changed", r->changed);
		pk_json_kbool(&w, "resumed", r->resumed);
		pk_json_kint(&w, "attempts", r->attempts);
		pk_json_kint(&w, "status", r->status);
		pk_json_kint(&w, "bytes", (long long)r->bytes);
		pk_json_kstr(&w, "sha256", r->sha256);
		pk_json_end_obj(&w);
		tool_emit_json(&w, &b);
		pk_buf_release(&b);
		return;
	}
	if (tool_progress_enabled() && !c->quiet)
		fputs("\r\033[K", stderr);
	if (!c->quiet)
		fprintf(stderr, "provkg: %s: %s %s (%llu bytes, sha256 %.12s%s%s)\n", name,
			r->changed ? "fetched" : "unchanged,", r->path, (unsigned long long)r->bytes, r->sha256,
			r->resumed ? ", resumed" : "", r->attempts > 1 ? ", after retries" : "");
}

/* "name: message", without the URL the message repeats when name is it */
static void report_error(const char *name, const char *url)
{
	const char *m = pk_error_last();

	if (url && !strncmp(m, url, strlen(url)) && !strncmp(m + strlen(url), ": ", 2))
		m += strlen(url) + 2;
	tool_error("%s: %s", name, m);
}

static int fetch_exit(int rc)
{
	if (rc == PK_EPARSE)
		return EXIT_DATA;
	if (rc == PK_ENOTFOUND)
		return EXIT_NEGATIVE;
	return tool_exit_code(rc);
}

/* "10.1103/PhysRevB.47.9967" as a file name: '/' and other unsafe bytes
 * become '_' */
static void doi_file_name(char *out, size_t n, const char *doi)
{
	size_t i, j = 0;

	for (i = 0; doi[i] && j + 1 < n; i++) {
		unsigned char ch = (unsigned char)doi[i];

		out[j++] = (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') ||
				   ch == '.' || ch == '-' ? (char)ch : '_';
	}
	out[j] = '\0';
}

/* dest and url for one argument: a known source, crossref:DOI, or a URL */
static int resolve_arg(const fetch_cli *c, const source_table *t, const char *arg, pk_buf *url, pk_buf *dest,
		       const ingest_fetch_source **src)
{
	const char *colon = strchr(arg, ':');
	const char *out = c->out ? c->out : tool_default_sources();
	int rc = 0;

	*src = NULL;
	if (!strncmp(arg, "http://", 7) || !strncmp(arg, "https://", 8)) {
		const char *base = strrchr(arg, '/') + 1, *q = strpbrk(base, "?#");
		size_t bl = q ? (size_t)(q - base) : strlen(base);

		if ((rc = pk_buf_puts(url, arg)) < 0)
			return rc;
		if (c->file)
			return pk_buf_puts(dest, c->file);
		if (!bl)
			return pk_error_set(PK_EINVAL, "%s: no file name in the URL; give -o FILE", arg);
		return pk_buf_printf(dest, "%s/%.*s", c->out ? c->out : ".", (int)bl, base);
	}
	if (colon && colon > arg && (colon - arg) < 40) {
		/* NAME:ARG for a source whose address takes one: a DOI ({doi})
		 * or an identifier or file name ({id}) */
		char name[48], fname[256];
		pk_buf id = PK_BUF_INIT;
		const char *tmpl, *tok;

		snprintf(name, sizeof(name), "%.*s", (int)(colon - arg), arg);
		if ((*src = find_source(t, name)) && (strstr((*src)->url, "{doi}") || strstr((*src)->url, "{id}"))) {
			tok = strstr((*src)->url, "{doi}") ? "{doi}" : "{id}";
			if (!strcmp(tok, "{doi}")) {
				if ((rc = kg_doi_normalize(&id, colon + 1, strlen(colon + 1))) < 0 || !id.len) {
					pk_buf_release(&id);
					return pk_error_set(PK_EINVAL, "'%s' is not a DOI", colon + 1);
				}
			} else if (!colon[1] || colon[1] == '/' || strstr(colon + 1, "..") ||
				   strspn(colon + 1, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-/=:") !=
					   strlen(colon + 1)) {
				return pk_error_set(PK_EINVAL, "'%s' is not an identifier or a file name of %s", colon + 1, name);
			} else if ((rc = pk_buf_puts(&id, colon + 1)) < 0) {
				return rc;
			}
			tmpl = c->url ? c->url : (*src)->url;
			{
				const char *at = strstr(tmpl, tok);
				pk_buf esc = PK_BUF_INIT;

				if ((rc = pk_http_escape(&esc, id.ptr, "/=:")) == 0)
					rc = at ? pk_buf_printf(url, "%.*s%s%s", (int)(at - tmpl), tmpl, esc.ptr, at + strlen(tok))
						: pk_buf_printf(url, "%s/%s", tmpl, esc.ptr);
				pk_buf_release(&esc);
			}
			doi_file_name(fname, sizeof(fname), id.ptr);
			pk_buf_release(&id);
			if (rc < 0)
				return rc;
			if (c->file)
				return pk_buf_puts(dest, c->file);
			{
				const char *at = strstr((*src)->path, tok);

				return at ? pk_buf_printf(dest, "%s/%.*s%s%s", out, (int)(at - (*src)->path), (*src)->path,
							  fname, at + strlen(tok))
					  : pk_buf_printf(dest, "%s/%s", out, (*src)->path);
			}
		}
		if (!strcmp(name, "crossref"))
			return pk_error_set(PK_EINVAL, "no 'crossref' source in the source table");
	}
	if (!(*src = find_source(t, arg)))
		return pk_error_set(PK_EINVAL, "'%s' is not a known source or a URL (provkg fetch --list)", arg);
	if (strstr((*src)->url, "{doi}") || strstr((*src)->url, "{id}"))
		return pk_error_set(PK_EINVAL, "source '%s' needs an argument: %s:%s", arg, arg,
				    strstr((*src)->url, "{doi}") ? "DOI" : "ID");
	if ((rc = pk_buf_puts(url, c->url ? c->url : (*src)->url)) < 0)
		return rc;
	return c->file ? pk_buf_puts(dest, c->file) : pk_buf_printf(dest, "%s/%s", out, (*src)->path);
}

static void usage_fetch(FILE *f)
{
	fprintf(f,
		"usage: provkg fetch [options] SOURCE|SOURCE:ID|URL...\n"
		"       provkg fetch --list\n"
		"  SOURCE            a known source (--list); saved where `build` reads it under --out\n"
		"  SOURCE:ID         a record or a dump file of a source that takes one (--list):\n"
		"                    crossref:DOI, datacite:DOI, arxiv:1706.03762, pubmed:17284678,\n"
		"                    openalex:W2963403868, dblp:dblp.xml.gz, pubmed-baseline:FILE ...\n"
		"  URL               any http(s) address, saved under --out (default .) or -o FILE\n"
		"  --out DIR         the sources directory (default data/sources)\n"
		"  -o, --output FILE the file to write (one argument)\n"
		"  --url URL         another address (a mirror) for the one known source given\n"
		"  --sha256 HEX      the content must have this hash, else nothing is written\n"
		"  --force           download even when the server says the file is unchanged\n"
		"  --sources-file F  a source table (TSV: name, url, path, sha256|-, kind, description)\n"
		"                    instead of the built-in one; also $PROVKG_FETCH_SOURCES\n"
		"  --retries N       retries on 5xx, 429, resets, timeouts, cut-off bodies (default 4);\n"
		"                    a host name that does not resolve is not retried\n"
		"  --retry-delay S   first back-off, doubled each retry (default 1)\n"
		"  --max-wait S      longest wait honoured, Retry-After included (default 300)\n"
		"  --timeout S       give up when no byte arrives for S seconds (default 30)\n"
		"  --connect-timeout S (default 10)   --cacert FILE  CA bundle (TLS is always verified)\n"
		"  --json            one JSON line per download   -q  no messages\n"
		"A download is resumed where an interrupted one stopped, and is conditional on what was\n"
		"fetched before (ETag, Last-Modified): an unchanged file is not downloaded again.\n"
		"exit: 0 fetched or unchanged, 1 not found (404), 2 usage, 3 checksum mismatch,\n"
		"      5 network or I/O error (a partial download is kept for the next run)\n");
}

int cmd_fetch(int argc, char **argv)
{
	fetch_cli c;
	source_table t;
	pk_http *h = NULL;
	int rc, i, code = EXIT_OK;

	memset(&c, 0, sizeof(c));
	if ((rc = parse_cli(argc, argv, &c, usage_fetch)) != 0)
		return rc > 0 ? EXIT_OK : EXIT_USAGE;
	if (load_table(&t, c.sources_file) < 0) {
		tool_error("%s", pk_error_last());
		return EXIT_USAGE;
	}
	if (c.list) {
		size_t k;

		for (k = 0; k < t.n; k++)
			printf("%-12s %s\n             -> %s%s%s\n             %s\n", t.s[k].name, t.s[k].url, t.s[k].path,
			       t.s[k].sha256 ? "  sha256 " : "", t.s[k].sha256 ? t.s[k].sha256 : "", t.s[k].what);
		pk_free(t.text);
		return EXIT_OK;
	}
	if (optind >= argc || ((c.file || c.url) && argc - optind != 1)) {
		usage_fetch(stderr);
		pk_free(t.text);
		return EXIT_USAGE;
	}
	if ((rc = pk_http_new(&h)) < 0) {
		pk_free(t.text);
		return tool_fail(rc, "fetch");
	}
	for (i = optind; i < argc; i++) {
		pk_buf url = PK_BUF_INIT, dest = PK_BUF_INIT;
		const ingest_fetch_source *src = NULL;
		ingest_fetch_result r;
		ingest_fetch_opts fo = c.fo;

		c.progress_name = argv[i];
		if ((rc = resolve_arg(&c, &t, argv[i], &url, &dest, &src)) < 0) {
			tool_error("%s", pk_error_last());
			code = code ? code : EXIT_USAGE;
		} else {
			if (src && !fo.sha256 && !c.url)
				fo.sha256 = src->sha256;
			fo.kind = src ? src->kind : INGEST_UNKNOWN;
			c.cur_url = url.ptr;
			if ((rc = ingest_fetch(h, url.ptr, dest.ptr, &fo, &r)) < 0) {
				if (tool_progress_enabled() && !c.quiet)
					fputs("\r\033[K", stderr);
				report_error(argv[i], url.ptr);
				code = code ? code : fetch_exit(rc);
			} else {
				print_result(&c, argv[i], url.ptr, &r);
			}
		}
		pk_buf_release(&url);
		pk_buf_release(&dest);
	}
	pk_http_free(h);
	pk_free(t.text);
	return code;
}

/* ---- update -------------------------------------------------------------- */

typedef struct have_ctx {
	char (*sha)[65];
	size_t n, cap;
} have_ctx;

static int on_source(const kg_source *s, void *ctx)
{
	have_ctx *h = ctx;

	if (!s->sha256)
		return 0;
	if (PK_ALLOC_GROW(h->sha, h->n + 1, h->cap, 16) < 0)
		return PK_ENOMEM;
	snprintf(h->sha[h->n++], 65, "%s", s->sha256);
	return 0;
}

/* The sha256 of every source in the graph (none if there is no graph). */
static int graph_hashes(const char *db, have_ctx *h, int *exists)
{
	kg_store *s = NULL;
	kg_txn *t = NULL;
	int rc;

	*exists = 0;
	if ((rc = kg_store_open(&s, db, KG_OPEN_READ)) == PK_ENOTFOUND) {
		pk_error_clear();
		return 0;
	}
	if (rc == 0 && (rc = kg_txn_read(&t, s)) == 0)
		rc = kg_source_each(t, on_source, h);
	*exists = rc == 0;
	kg_txn_free(t);
	kg_store_free(s);
	return rc;
}

static void usage_update(FILE *f)
{
	fprintf(f,
		"usage: provkg update [--db DIR] [--out DIR] [--only SOURCE]... [fetch options]\n"
		"  fetches every known source with an address (codata, codata-2018, codata-2014,\n"
		"  nist-aw; --only picks some) into the sources directory, then ingests into the\n"
		"  graph, in one transaction, the files whose content no source of the graph has;\n"
		"  with no graph yet, builds one from the sources directory. An unchanged source\n"
		"  is neither downloaded again (conditional requests) nor re-ingested.\n"
		"  Takes the options of fetch (--retries, --timeout, --cacert, --sources-file, ...).\n"
		"exit: 0 up to date or updated, 3 bad data, 4 graph error, 5 network or I/O error\n");
}

int cmd_update(int argc, char **argv)
{
	fetch_cli c;
	source_table t;
	pk_http *h = NULL;
	have_ctx have = { NULL, 0, 0 };
	const char *changed[MAX_SOURCES];
	char paths[MAX_SOURCES][4096];
	size_t k, j, nchanged = 0, tried = 0, failed = 0;
	int rc, exists = 0, code = EXIT_OK;
	ingest_opts io = { 0 };

	memset(&c, 0, sizeof(c));
	if ((rc = parse_cli(argc, argv, &c, usage_update)) != 0)
		return rc > 0 ? EXIT_OK : EXIT_USAGE;
	if (optind != argc || c.file || c.url) {
		usage_update(stderr);
		return EXIT_USAGE;
	}
	if (load_table(&t, c.sources_file) < 0) {
		tool_error("%s", pk_error_last());
		return EXIT_USAGE;
	}
	for (j = 0; j < c.nonly; j++)
		if (!find_source(&t, c.only[j])) {
			tool_error("--only: '%s' is not a known source", c.only[j]);
			pk_free(t.text);
			return EXIT_USAGE;
		}
	if ((rc = pk_http_new(&h)) < 0) {
		pk_free(t.text);
		return tool_fail(rc, "update");
	}
	for (k = 0; k < t.n; k++) {
		const ingest_fetch_source *src = &t.s[k];
		pk_buf url = PK_BUF_INIT, dest = PK_BUF_INIT;
		ingest_fetch_result r;
		ingest_fetch_opts fo = c.fo;
		int wanted = c.nonly == 0;

		for (j = 0; j < c.nonly; j++)
			wanted |= !strcmp(c.only[j], src->name);
		if (!wanted || strstr(src->url, "{doi}") || strstr(src->url, "{id}"))
			continue;
		c.progress_name = src->name;
		tried++;
		if (!fo.sha256)
			fo.sha256 = src->sha256;
		fo.kind = src->kind;
		c.cur_url = NULL;
		if ((rc = resolve_arg(&c, &t, src->name, &url, &dest, &src)) < 0 ||
		    (c.cur_url = url.ptr, rc = ingest_fetch(h, url.ptr, dest.ptr, &fo, &r)) < 0) {
			if (tool_progress_enabled() && !c.quiet)
				fputs("\r\033[K", stderr);
			report_error(src->name, url.ptr);
			code = code ? code : fetch_exit(rc);
			failed++;
		} else {
			print_result(&c, src->name, url.ptr, &r);
			snprintf(paths[nchanged], sizeof(paths[0]), "%s", r.path);
			changed[nchanged] = paths[nchanged];
			nchanged++;
		}
		pk_buf_release(&url);
		pk_buf_release(&dest);
	}
	pk_http_free(h);
	pk_free(t.text);
	if (code == EXIT_NEGATIVE)
		code = EXIT_SYSTEM; /* a known source that is gone is an error here */
	if (tried && failed == tried) {
		/* nothing fetched: neither build from what happens to lie about
		 * nor call the graph up to date */
		tool_error("no source could be fetched (%zu tried): the graph in '%s' is left as it is", tried,
			   tool_db_path(c.db));
		return code;
	}
	/* keep the files whose content the graph does not hold yet */
	if ((rc = graph_hashes(tool_db_path(c.db), &have, &exists)) < 0) {
		pk_free(have.sha);
		tool_error("%s", pk_error_last());
		return EXIT_GRAPH;
	}
	for (k = 0, j = 0; k < nchanged; k++) {
		char sha[65];
		size_t i;
		int known_here = 0;

		if (pk_sha256_file(sha, changed[k]) < 0) {
			tool_error("%s", pk_error_last());
			code = EXIT_SYSTEM;
			continue;
		}
		for (i = 0; i < have.n && !known_here; i++)
			known_here = !strcmp(have.sha[i], sha);
		if (!known_here)
			changed[j++] = changed[k];
	}
	nchanged = j;
	pk_free(have.sha);
	if (!exists) {
		const char *def[1] = { c.out ? c.out : tool_default_sources() };

		if (!c.quiet)
			fprintf(stderr, "provkg: no graph in '%s' yet: building it from %s\n", tool_db_path(c.db), def[0]);
		rc = tool_build_paths(tool_db_path(c.db), def, 1, &io, c.quiet ? TOOL_BUILD_QUIET : 0);
		return rc ? rc : code;
	}
	if (!nchanged) {
		if (!c.quiet && failed)
			fprintf(stderr, "provkg: nothing new to ingest from the %zu source%s fetched; %zu failed, so the graph "
				"in '%s' may not be up to date\n", tried - failed, tried - failed == 1 ? "" : "s", failed,
				tool_db_path(c.db));
		else if (!c.quiet)
			fprintf(stderr, "provkg: the graph in '%s' is up to date\n", tool_db_path(c.db));
		return code;
	}
	rc = tool_ingest_paths(tool_db_path(c.db), changed, nchanged, &io, c.quiet);
	return rc ? rc : code;
}
