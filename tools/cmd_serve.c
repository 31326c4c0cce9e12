/* tools/cmd_serve.c - `provkg serve`: the checks as a JSON API over HTTP
 * (libmicrohttpd), for harnesses that prefer it: many scorer processes
 * sharing one read-only graph or snapshot. Each request is answered by the
 * code --jsonl uses (tools/requests.c), so an answer equals the CLI's. A
 * bounded thread pool, bounded request bodies, a bounded number of
 * connections; SIGTERM or SIGINT stop accepting, let the requests in
 * flight finish, and exit 0. */
#include "tool.h"

#include "../common/alloc.h"
#include "../common/dynlib.h"
#include "../common/error.h"
#include "../common/records.h"
#include "../eval/audit.h"
#include "../eval/input.h"
#include "../eval/postcheck.h"
#include "../eval/rules.h"
#include "../kg/graph.h"
#include "../query/lookup.h"
#include "../query/units.h"

#include <arpa/inet.h>
#include <cJSON.h>
#include <getopt.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* libmicrohttpd is loaded when serve starts (common/dynlib.h), its
 * functions called through this table */
#ifndef PK_SONAME_MHD
#define PK_SONAME_MHD "libmicrohttpd.so.12"
#endif
#define MHD_FNS(X, t) \
	X(t, MHD_create_response_from_buffer) X(t, MHD_add_response_header) X(t, MHD_queue_response) \
	X(t, MHD_destroy_response) X(t, MHD_start_daemon) X(t, MHD_get_daemon_info) X(t, MHD_quiesce_daemon) \
	X(t, MHD_stop_daemon)
PK_DYNLIB_TABLE(mhd, mhd_lib, PK_SONAME_MHD, MHD_FNS);
#define MHD_create_response_from_buffer (*mhd.MHD_create_response_from_buffer_p)
#define MHD_add_response_header (*mhd.MHD_add_response_header_p)
#define MHD_queue_response (*mhd.MHD_queue_response_p)
#define MHD_destroy_response (*mhd.MHD_destroy_response_p)
#define MHD_start_daemon (*mhd.MHD_start_daemon_p)
#define MHD_get_daemon_info (*mhd.MHD_get_daemon_info_p)
#define MHD_quiesce_daemon (*mhd.MHD_quiesce_daemon_p)
#define MHD_stop_daemon (*mhd.MHD_stop_daemon_p)

#define BODY_MAX_DEFAULT ((size_t)1 << 20)
#define CONN_MAX 512
#define DRAIN_SECONDS 30 /* SIGTERM: how long requests in flight may still take */

/* What one thread needs to answer a request: its own read transaction and
 * reference scratch; the rest is the server's, read-only. */
typedef struct worker {
	kg_txn *t;
	tool_ref_checker ref;
	ev_rules_memo *rules_memo; /* made at its first /check (NULL: none yet) */
	struct worker *next; /* on the free list */
} worker;

typedef struct server {
	kg_store *s;
	query_units *u;
	tool_value_cfg v;
	query_lookup_opts lo;
	ev_rules *rules;
	ev_postrules *postrules;
	size_t body_max;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	worker *free;
	worker *all;
	size_t nworkers;
	unsigned long long requests;
	size_t active; /* requests begun and not yet completed */
} server;

/* A connection's request body as it arrives. */
typedef struct request {
	pk_buf body;
	int too_big;
} request;

static worker *take(server *sv)
{
	worker *w;

	pthread_mutex_lock(&sv->mu);
	while (!sv->free)
		pthread_cond_wait(&sv->cv, &sv->mu);
	w = sv->free;
	sv->free = w->next;
	sv->requests++;
	pthread_mutex_unlock(&sv->mu);
	return w;
}

static void give(server *sv, worker *w)
{
	pthread_mutex_lock(&sv->mu);
	w->next = sv->free;
	sv->free = w;
	pthread_cond_signal(&sv->cv);
	pthread_mutex_unlock(&sv->mu);
}

/* ---- the endpoints: a line fn each, on a worker ------------------------- */

typedef struct call {
	server *sv;
	worker *w;
} call;

static int do_ref(void *ctx, const cJSON *in, pk_json *w)
{
	call *c = ctx;

	return tool_req_ref(c->w->t, &c->w->ref.o, in, w);
}

static int do_value(void *ctx, const cJSON *in, pk_json *w)
{
	call *c = ctx;

	return tool_req_value(c->w->t, c->sv->u, &c->sv->v.o, in, w);
}

static int do_lookup(void *ctx, const cJSON *in, pk_json *w)
{
	call *c = ctx;

	return tool_req_lookup(c->w->t, &c->sv->lo, in, w);
}

/* /check: one answer {"id","model","text"}: its whole audit record, as
 * `provkg check --format jsonl` writes it, "where" being "request" */
static int answer_check(call *c, const char *body, size_t len, pk_buf *out)
{
	cJSON *in = cJSON_ParseWithLength(body, len);
	const cJSON *id, *model, *text;
	char *id_json = NULL;
	ev_answer a;
	ev_opts o;
	int rc, is_error;

	memset(&a, 0, sizeof(a));
	snprintf(a.where, sizeof(a.where), "request");
	a.format = EV_FMT_JSONL;
	if (!cJSON_IsObject(in)) {
		a.error = "request: not a JSON object";
	} else {
		id = cJSON_GetObjectItemCaseSensitive(in, "id");
		model = cJSON_GetObjectItemCaseSensitive(in, "model");
		text = cJSON_GetObjectItemCaseSensitive(in, "text");
		id_json = id ? cJSON_PrintUnformatted(id) : NULL;
		a.id_json = id_json;
		a.model = cJSON_IsString(model) ? model->valuestring : NULL;
		if (cJSON_IsString(text)) {
			a.text = text->valuestring;
			a.len = strlen(text->valuestring);
		} else {
			a.error = "request: no answer text (text)";
		}
	}
	memset(&o, 0, sizeof(o));
	o.units = c->sv->u;
	o.value_opts = &c->sv->v.o;
	o.ref_opts = &c->w->ref.o;
	o.rules = c->sv->rules;
	o.postrules = c->sv->postrules;
	if (!c->w->rules_memo && o.rules && !(c->w->rules_memo = ev_rules_memo_new(o.rules)))
		pk_error_clear(); /* out of memory: the rules are run each time */
	o.rules_memo = c->w->rules_memo;
	rc = tool_req_answer(c->w->t, &o, &a, out, &is_error, NULL);
	cJSON_free(id_json);
	cJSON_Delete(in);
	return rc < 0 ? rc : is_error;
}

static enum MHD_Result respond(struct MHD_Connection *conn, unsigned status, const char *json, size_t n)
{
	struct MHD_Response *r = MHD_create_response_from_buffer(n, (void *)(uintptr_t)json, MHD_RESPMEM_MUST_COPY);
	enum MHD_Result ok;

	if (!r)
		return MHD_NO;
	MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, "application/json");
	ok = MHD_queue_response(conn, status, r);
	MHD_destroy_response(r);
	return ok;
}

static enum MHD_Result respond_error(struct MHD_Connection *conn, unsigned status, const char *msg)
{
	pk_buf b = PK_BUF_INIT;
	pk_json w;
	enum MHD_Result ok;

	pk_json_init(&w, &b);
	pk_json_obj(&w);
	pk_json_knull(&w, "id");
	pk_json_kstr(&w, "error", msg);
	pk_json_end_obj(&w);
	ok = respond(conn, status, pk_buf_cstr(&b), b.len);
	pk_buf_release(&b);
	return ok;
}

static enum MHD_Result health(server *sv, struct MHD_Connection *conn)
{
	pk_buf b = PK_BUF_INIT;
	pk_json w;
	enum MHD_Result ok;
	unsigned long long n;

	pthread_mutex_lock(&sv->mu);
	n = sv->requests;
	pthread_mutex_unlock(&sv->mu);
	pk_json_init(&w, &b);
	pk_json_obj(&w);
	pk_json_kstr(&w, "status", "ok");
	pk_json_kstr(&w, "graph", kg_store_root(sv->s));
	{
		const char *g = kg_store_generation(sv->s), *slash = strrchr(g, '/');

		pk_json_kstr(&w, "generation", slash ? slash + 1 : g);
	}
	pk_json_kbool(&w, "snapshot", kg_is_snapshot(kg_store_root(sv->s)));
	pk_json_kint(&w, "threads", (long long)sv->nworkers);
	pk_json_kint(&w, "requests", (long long)n);
	pk_json_end_obj(&w);
	ok = respond(conn, MHD_HTTP_OK, pk_buf_cstr(&b), b.len);
	pk_buf_release(&b);
	return ok;
}

static enum MHD_Result handle(void *cls, struct MHD_Connection *conn, const char *url, const char *method,
			      const char *version, const char *upload, size_t *upload_size, void **con_cls)
{
	server *sv = cls;
	request *rq = *con_cls;
	tool_line_fn fn = NULL;
	pk_buf out = PK_BUF_INIT;
	call c;
	int rc = 0;
	enum MHD_Result ok;

	(void)version;
	if (!rq) {
		/* the first call of a request: its headers only */
		if (!(rq = pk_calloc(1, sizeof(*rq))))
			return MHD_NO;
		pk_buf_init(&rq->body, sv->body_max);
		*con_cls = rq;
		pthread_mutex_lock(&sv->mu);
		sv->active++;
		pthread_mutex_unlock(&sv->mu);
		return MHD_YES;
	}
	if (*upload_size) {
		/* the body, bounded: what is past the cap is read and dropped */
		if (!rq->too_big && pk_buf_put(&rq->body, upload, *upload_size) < 0) {
			pk_error_clear();
			rq->too_big = 1;
			pk_buf_release(&rq->body);
		}
		*upload_size = 0;
		return MHD_YES;
	}
	if (!strcmp(url, "/health"))
		return strcmp(method, "GET") ? respond_error(conn, MHD_HTTP_METHOD_NOT_ALLOWED, "GET /health")
					     : health(sv, conn);
	if (!strcmp(url, "/check-ref"))
		fn = do_ref;
	else if (!strcmp(url, "/check-value"))
		fn = do_value;
	else if (!strcmp(url, "/lookup"))
		fn = do_lookup;
	else if (strcmp(url, "/check"))
		return respond_error(conn, MHD_HTTP_NOT_FOUND,
				     "no such endpoint (POST /check-ref, /check-value, /lookup, /check; GET /health)");
	if (strcmp(method, "POST"))
		return respond_error(conn, MHD_HTTP_METHOD_NOT_ALLOWED, "POST a JSON object");
	if (rq->too_big) {
		char msg[128];

		snprintf(msg, sizeof(msg), "request body over %zu bytes (--max-body)", sv->body_max);
		return respond_error(conn, MHD_HTTP_CONTENT_TOO_LARGE, msg);
	}
	pk_buf_init(&out, PK_REC_OUTPUT_MAX);
	c.sv = sv;
	c.w = take(sv);
	if (fn) {
		rc = tool_jsonl_answer(fn, &c, 0, pk_buf_cstr(&rq->body), rq->body.len, "request", sv->body_max, &out);
	} else {
		rc = answer_check(&c, pk_buf_cstr(&rq->body), rq->body.len, &out);
	}
	give(sv, c.w);
	if (rc < 0) {
		/* out of memory or I/O: no answer to give */
		ok = respond_error(conn, MHD_HTTP_INTERNAL_SERVER_ERROR, pk_error_last());
		pk_error_clear();
	} else {
		ok = respond(conn, rc ? MHD_HTTP_BAD_REQUEST : MHD_HTTP_OK, pk_buf_cstr(&out), out.len);
	}
	pk_buf_release(&out);
	return ok;
}

static void completed(void *cls, struct MHD_Connection *conn, void **con_cls, enum MHD_RequestTerminationCode toe)
{
	server *sv = cls;
	request *rq = *con_cls;

	(void)conn;
	(void)toe;
	if (rq) {
		pk_buf_release(&rq->body);
		pk_free(rq);
		*con_cls = NULL;
		pthread_mutex_lock(&sv->mu);
		sv->active--;
		pthread_mutex_unlock(&sv->mu);
	}
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: provkg serve [--db DIR] [--port N] [--bind ADDR] [--threads N] [options]\n"
		"  a JSON API over HTTP on the graph or a snapshot (read-only):\n"
		"    POST /check-ref   {\"id\",\"ref\"}     the answer check-ref --jsonl writes for that line\n"
		"    POST /check-value {\"id\",\"text\"}    the answer check-value --jsonl writes\n"
		"    POST /lookup      {\"id\",\"query\"}   the answer lookup --jsonl writes\n"
		"    POST /check       {\"id\",\"model\",\"text\"}  the audit record check writes (where: \"request\")\n"
		"    GET  /health      {\"status\",\"graph\",\"generation\",\"snapshot\",\"threads\",\"requests\"}\n"
		"  200 with the answer; 400 with the error record a stream writes in its place;\n"
		"  404, 405, 413 (a body over --max-body), 500 (out of memory) with {\"error\"}\n"
		"  --port N          TCP port (default 8480; 0: any free one, said on stderr)\n"
		"  --bind ADDR       IPv4 address to listen on (default 127.0.0.1)\n"
		"  --threads N       requests answered at once (default: the cores, at most 64)\n"
		"  --max-body N      bytes per request body (default 1048576)\n"
		"  --port-file F     write the port there once listening (scripts, tests)\n"
		"  values:     --edition YEAR --tolerance F --tolerance-computed F --tolerance-for P=F\n"
		"  references: --closed-world\n"
		"SIGTERM or SIGINT: stop accepting, finish the requests in flight (30 s at most), exit 0.\n"
		"exit: 0 stopped by a signal, 2 usage, 4 graph error, 5 the port cannot be opened\n");
}

static int workers_open(server *sv, const qr_opts *ro, size_t n)
{
	size_t i;
	int rc;

	if (!(sv->all = pk_calloc(n, sizeof(*sv->all))))
		return PK_ENOMEM;
	for (i = 0; i < n; i++) {
		worker *w = &sv->all[i];

		sv->nworkers++;
		w->ref.o = *ro;
		if (!(w->ref.o.scratch = query_ref_scratch_new()))
			return PK_ENOMEM;
		if ((rc = kg_txn_read(&w->t, sv->s)) < 0)
			return rc;
		w->ref.t = w->t;
		w->next = sv->free;
		sv->free = w;
	}
	return 0;
}

static void workers_close(server *sv)
{
	size_t i;

	for (i = 0; i < sv->nworkers; i++) {
		tool_ref_close(&sv->all[i].ref);
		kg_txn_free(sv->all[i].t);
		ev_rules_memo_free(sv->all[i].rules_memo);
	}
	pk_free(sv->all);
}

int cmd_serve(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "db", required_argument, NULL, 'd' },
		{ "port", required_argument, NULL, 'p' },
		{ "bind", required_argument, NULL, 'b' },
		{ "threads", required_argument, NULL, 'T' },
		{ "max-body", required_argument, NULL, 'B' },
		{ "port-file", required_argument, NULL, 'P' },
		{ "closed-world", no_argument, NULL, 'C' },
		TOOL_VALUE_LONGOPTS,
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *db = NULL, *bind_to = "127.0.0.1", *port_file = NULL;
	unsigned long port = 8480;
	size_t threads = tool_jobs_default();
	struct sockaddr_in addr;
	struct MHD_Daemon *d = NULL;
	const union MHD_DaemonInfo *info;
	kg_txn *t = NULL;
	qr_opts ro;
	server sv;
	sigset_t sigs;
	char *end;
	int ch, rc, sig = 0, code = EXIT_OK;

	memset(&sv, 0, sizeof(sv));
	memset(&ro, 0, sizeof(ro));
	sv.body_max = BODY_MAX_DEFAULT;
	sv.lo.max = 50;
	while ((ch = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (ch) {
		case 'd': db = optarg; break;
		case 'b': bind_to = optarg; break;
		case 'P': port_file = optarg; break;
		case 'C': ro.closed_world = 1; break;
		case 'p':
			port = strtoul(optarg, &end, 10);
			if (end == optarg || *end || port > 65535) {
				tool_error("--port: bad value '%s' (0 to 65535)", optarg);
				return EXIT_USAGE;
			}
			break;
		case 'T':
			if (tool_jobs_option(optarg, &threads) < 0)
				return EXIT_USAGE;
			break;
		case 'B':
			sv.body_max = strtoull(optarg, &end, 10);
			if (end == optarg || *end || sv.body_max < 16 || sv.body_max > PK_REC_SENTENCE_MAX * 8) {
				tool_error("--max-body: bad value '%s' (16 to %zu bytes)", optarg, PK_REC_SENTENCE_MAX * 8);
				return EXIT_USAGE;
			}
			break;
		case 'h': usage(stdout); return EXIT_OK;
		default:
			if ((rc = tool_value_option(ch, optarg, &sv.v)) > 0)
				break;
			if (rc == 0)
				usage(stderr);
			return EXIT_USAGE;
		}
	}
	if (optind != argc) {
		usage(stderr);
		return EXIT_USAGE;
	}
	memset(&addr, 0, sizeof(addr));
	addr.sin_family = AF_INET;
	addr.sin_port = htons((uint16_t)port);
	if (inet_pton(AF_INET, bind_to, &addr.sin_addr) != 1) {
		tool_error("--bind: '%s' is not an IPv4 address", bind_to);
		return EXIT_USAGE;
	}
	pthread_mutex_init(&sv.mu, NULL);
	pthread_cond_init(&sv.cv, NULL);
	if ((rc = pk_dynlib_need(&mhd_lib)) < 0) {
		code = tool_fail(rc, NULL);
		goto done;
	}
	if ((code = tool_graph_open(db, &sv.s, &t, &sv.u, sv.v.o.edition)) != EXIT_OK ||
	    (code = tool_value_finish(&sv.v, t)) != EXIT_OK)
		goto done;
	if ((rc = ev_rules_load(&sv.rules, tool_default_data("rules/credibility.json"))) < 0 ||
	    (rc = ev_postrules_load(&sv.postrules, tool_default_data("rules/postcheck.json"))) < 0 ||
	    (rc = workers_open(&sv, &ro, threads)) < 0) {
		code = tool_fail(rc, NULL);
		goto done;
	}
	/* the signals go to sigwait below, not to the server's threads (which
	 * inherit this mask) */
	sigemptyset(&sigs);
	sigaddset(&sigs, SIGTERM);
	sigaddset(&sigs, SIGINT);
	pthread_sigmask(SIG_BLOCK, &sigs, NULL);
	signal(SIGPIPE, SIG_IGN);
	d = MHD_start_daemon(MHD_USE_AUTO_INTERNAL_THREAD | MHD_USE_ITC, 0, NULL, NULL, handle, &sv,
			     MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&addr, MHD_OPTION_THREAD_POOL_SIZE,
			     (unsigned)threads, MHD_OPTION_CONNECTION_LIMIT, (unsigned)CONN_MAX,
			     MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)60, MHD_OPTION_NOTIFY_COMPLETED, completed, &sv,
			     MHD_OPTION_END);
	if (!d) {
		tool_error("cannot serve on %s:%lu (in use, or not allowed)", bind_to, port);
		code = EXIT_SYSTEM;
		goto done;
	}
	info = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
	port = info ? info->port : port;
	if (port_file) {
		FILE *f = fopen(port_file, "we");

		if (!f || fprintf(f, "%lu\n", port) < 0 || fclose(f) != 0) {
			tool_error("--port-file: cannot write '%s'", port_file);
			code = EXIT_SYSTEM;
			goto done;
		}
	}
	tool_note("serving %s on http://%s:%lu (%zu threads); SIGTERM stops", kg_store_root(sv.s), bind_to,
			port, threads);
	sigwait(&sigs, &sig);
	/* stop accepting; let the requests in flight finish (an idle
	 * keep-alive connection is not one: MHD_stop_daemon closes it) */
	MHD_quiesce_daemon(d);
	{
		int waited;
		size_t active = 1;

		for (waited = 0; waited < DRAIN_SECONDS * 10 && active; waited++) {
			pthread_mutex_lock(&sv.mu);
			active = sv.active;
			pthread_mutex_unlock(&sv.mu);
			if (active)
				usleep(100000);
		}
	}
	tool_note("stopped by %s after %llu requests", sig == SIGINT ? "SIGINT" : "SIGTERM", sv.requests);
done:
	if (d)
		MHD_stop_daemon(d);
	workers_close(&sv);
	ev_rules_free(sv.rules);
	ev_postrules_free(sv.postrules);
	query_units_free(sv.u);
	kg_txn_free(t);
	kg_store_free(sv.s);
	pthread_mutex_destroy(&sv.mu);
	pthread_cond_destroy(&sv.cv);
	return code;
}
