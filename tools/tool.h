/* tools/tool.h - what every provkg command shares: the graph path, exit
 * codes, error messages, output checks and JSON printing.
 *
 * Exit codes (all commands; docs/cmd/README.md "Exit codes"):
 *   0  success (for lookups and checks: an answer was produced)
 *   1  a negative result: no match, a failed check, a tripped gate
 *   2  usage error (bad option or argument)
 *   3  bad input data (unknown file type, malformed file, a rejected record
 *      under --strict); the graph is unchanged
 *   4  graph error: missing, unreadable, other schema version, busy
 *   5  system error: I/O, memory, network, a failed write to stdout
 */
#ifndef TOOL_H
#define TOOL_H

#include "../common/buf.h"
#include "../common/json.h"
#include "../ingest/ingest.h"
#include "../query/ref.h"
#include "../query/value.h"

#include <cJSON.h>
#include <stdio.h>

enum {
	EXIT_OK = 0,
	EXIT_NEGATIVE = 1,
	EXIT_USAGE = 2,
	EXIT_DATA = 3,
	EXIT_GRAPH = 4,
	EXIT_SYSTEM = 5
};

/* "provkg: <message>" on stderr. */
void tool_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void tool_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "provkg: ..." on stderr: what a long-running command is doing. */
void tool_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Report pk_error_last() with a prefix and map the code to an exit code. */
int tool_fail(int rc, const char *what);
/* Map a PK_E* code to an exit code. */
int tool_exit_code(int rc);

/* --db, else $PROVKG_DB, else ./provkg.db */
const char *tool_db_path(const char *opt);
/* data/sources/ under the current directory, else beside the binary. */
const char *tool_default_sources(void);
/* data/<rel> under the current directory, else beside the binary (a
 * static buffer, overwritten by the next call). */
const char *tool_default_data(const char *rel);

/* Write b's bytes and a newline to stdout. 0 or PK_EIO. */
int tool_print_line(const pk_buf *b);
/* Standard output's buffering, once, before anything is written: a line
 * at a time to a pipe, socket or terminal (tool_print_line flushes each),
 * 64 KiB at a time to a file. */
void tool_stdout_init(void);
/* Check a finished pk_json and print its buffer as one line; on a writer
 * error report it and return the exit code (0 on success). */
int tool_emit_json(pk_json *w, pk_buf *b);

/* JSONL streams: read stdin line by line (each at most max_line bytes),
 * parse each as a JSON object and call fn, which writes the record's fields
 * after "id" into the open object w. Every input line yields exactly one
 * output line, in order: {"id":<echoed>, ...} or, when the line is not a
 * JSON object, too long, or fn fails, {"id":...,"error":"..."} (fields fn
 * wrote before failing are discarded). Returns an exit code: 0, or 5 when
 * reading stdin or writing stdout fails. */
typedef int (*tool_line_fn)(void *ctx, const cJSON *in, pk_json *w);
int tool_jsonl(tool_line_fn fn, void *ctx, size_t max_line);
/* The answer to one request line (text[0..len); read_rc PK_ELIMIT: it was
 * too long) into out: {"id", fn's fields} or {"id","error"} in its place,
 * the error saying where ("line 12", "request"). What --jsonl and serve
 * write for a request; never fails. Returns 1 when out is an error record,
 * 0 when it is fn's answer. */
int tool_jsonl_answer(tool_line_fn fn, void *ctx, int read_rc, const char *text, size_t len, const char *where,
		      size_t max_line, pk_buf *out);

/* One request of a stream or of `provkg serve` (tools/requests.c): the
 * answer's fields after "id" into the open object w, the same for both.
 * PK_EINVAL (message set) when the request lacks its field: the caller
 * writes an error record in its place; other failures as the query's. */
struct query_units;
struct query_lookup_opts;
struct query_matches;
struct qv_opts;
int tool_req_ref(struct kg_txn *t, const qr_opts *o, const cJSON *in, pk_json *w);         /* {"ref"} */
int tool_req_value(struct kg_txn *t, const struct query_units *u, const struct qv_opts *o, const cJSON *in,
		   pk_json *w);                                                              /* {"text"} */
int tool_req_lookup(struct kg_txn *t, const struct query_lookup_opts *o, const cJSON *in, pk_json *w); /* {"query"} */
/* "matches": [...] of a lookup */
void tool_matches_json(pk_json *w, const struct query_matches *ms);
/* One answer's whole audit record into out (eval/record: its head, then
 * the check, or an error in its place: *is_error). 0, or PK_ENOMEM /
 * PK_EIO. With keep, a checked answer's result is left in *keep instead
 * (the caller prints its report and releases it) and 1 returned. */
struct ev_opts;
struct ev_answer;
struct ev_result;
int tool_req_answer(struct kg_txn *t, const struct ev_opts *o, const struct ev_answer *a, pk_buf *out, int *is_error,
		    struct ev_result *keep);

/* The same with `jobs` threads (--jobs N; tools/pool.c): thread 0 uses
 * ctx, each other thread a context clone(ctx, arg, &out) makes (its own
 * read transaction and scratch; an exit code), freed by release. The
 * output is the serial one, line for line; jobs 1 is tool_jsonl. */
typedef int (*tool_ctx_clone)(void *from, void *arg, void **out);
typedef void (*tool_ctx_release)(void *ctx);
int tool_jsonl_jobs(tool_line_fn fn, void *ctx, size_t jobs, tool_ctx_clone clone, tool_ctx_release release,
		    void *arg, size_t max_line);

/* ---- --jobs N (tools/pool.c) ------------------------------------------ */
/* An ordered worker pool: items submitted in input order are worked on by
 * `jobs` threads (work(ctxs[k], item, out) fills out; each thread has its
 * own context: its own read transaction and scratch), and a writer thread
 * hands each output to emit in input order as soon as it is done, so the
 * output equals a serial run's and a request-and-wait harness is answered
 * at once. At most 4 x jobs items are in flight (submit waits). A negative
 * return of work or emit stops the pool: submit and finish return it (its
 * message in the last error). free_item (may be NULL) frees an item after
 * its output is emitted, or when the pool stops. done (may be NULL) is
 * called by each worker thread with its context when it takes no more
 * items (others may still be working): what that worker alone used can
 * be freed there, the workers' teardowns side by side. */
#define TOOL_JOBS_MAX 64
typedef struct tool_pool tool_pool;
typedef int (*tool_pool_work)(void *worker_ctx, void *item, pk_buf *out);
typedef int (*tool_pool_emit)(void *emit_ctx, void *item, const pk_buf *out);
typedef void (*tool_pool_free)(void *item);
typedef void (*tool_pool_done)(void *worker_ctx);
int tool_pool_start(tool_pool **out, size_t jobs, void **ctxs, tool_pool_work work, tool_pool_emit emit,
		    void *emit_ctx, tool_pool_free free_item, tool_pool_done done);
int tool_pool_submit(tool_pool *p, void *item);
/* Wait until every item submitted so far is written (a message about the
 * input then follows the records it is about, as in a serial run). */
void tool_pool_drain(tool_pool *p);
/* Write what is left, stop the threads, free the pool: 0 or the first failure. */
int tool_pool_finish(tool_pool *p);
/* The default of --jobs: the online cores, at most TOOL_JOBS_MAX. */
size_t tool_jobs_default(void);
/* Parse --jobs N (1..TOOL_JOBS_MAX): 0, or -1 after saying what is wrong. */
int tool_jobs_option(const char *arg, size_t *jobs);

/* Start-up work run beside the caller's (tools/pool.c): fn(arg) in a
 * thread of its own, such as patterns the workers would otherwise wait
 * for the first of them to compile. NULL when no thread could start (fn
 * is then left undone: it must be work done lazily anyway). fn must not
 * fail in a way anyone needs to hear of from it. tool_aside_join waits
 * for it and frees it (NULL is fine). */
typedef struct tool_aside tool_aside;
tool_aside *tool_aside_start(void (*fn)(void *arg), void *arg);
void tool_aside_join(tool_aside *a);

/* Flush stdout and report a failed write (git's run_builtin check). */
int tool_finish_output(int code);

/* Is stderr a terminal (progress messages)? */
int tool_progress_enabled(void);

/* Display width of UTF-8 text in terminal columns. */
size_t tool_text_width(const char *s);
/* Print s padded with spaces to `width` columns. */
void tool_print_padded(FILE *f, const char *s, size_t width);

/* Installed once by main, in the test build only (PROVKG_TEST_HOOKS:
 * build/.../provkg-test; a no-op in ./provkg): $PROVKG_TEST_FAIL_ALLOC=N
 * fails the Nth allocation, $PROVKG_TEST_KILL_AT=stage kills the process
 * at tool_testpoint(stage), $PROVKG_TEST_INITIAL_MAP_MB sets a build's
 * first map size (fault tests). */
void tool_install_testpoints(void);
void tool_testpoint(const char *stage);

/* Build a new graph from paths (a generation swapped in when every
 * source was ingested; the online answer cache of the graph in use is
 * carried over unless flags has TOOL_BUILD_DROP_CACHE) / ingest paths into
 * the current graph in one transaction. Report per source on stderr
 * (not with TOOL_BUILD_QUIET / quiet); return an exit code. */
struct ingest_opts;
enum { TOOL_BUILD_QUIET = 1, TOOL_BUILD_DROP_CACHE = 2 };
int tool_build_paths(const char *db, const char *const *paths, size_t n, const struct ingest_opts *o, unsigned flags);
int tool_ingest_paths(const char *db, const char *const *paths, size_t n, const struct ingest_opts *o, int quiet);

/* ---- options shared by check-value, check-ref and check (checkopts.c) ---- */

enum {
	TOOL_OPT_EDITION = 0x100, TOOL_OPT_TOLERANCE, TOOL_OPT_TOLERANCE_COMPUTED, TOOL_OPT_TOLERANCE_FOR,
	TOOL_OPT_CLOSED_WORLD, TOOL_OPT_ONLINE, TOOL_OPT_CROSSREF_URL, TOOL_OPT_MAILTO, TOOL_OPT_CACHE_TTL,
	TOOL_OPT_ROWS, TOOL_OPT_TIMEOUT, TOOL_OPT_RETRIES, TOOL_OPT_CACERT
};
/* getopt_long entries (a comma-separated list to put in an option table) */
#define TOOL_VALUE_LONGOPTS                                                            \
	{ "edition", required_argument, NULL, TOOL_OPT_EDITION },                      \
	{ "tolerance", required_argument, NULL, TOOL_OPT_TOLERANCE },                  \
	{ "tolerance-computed", required_argument, NULL, TOOL_OPT_TOLERANCE_COMPUTED }, \
	{ "tolerance-for", required_argument, NULL, TOOL_OPT_TOLERANCE_FOR }
#define TOOL_REF_LONGOPTS                                                      \
	{ "closed-world", no_argument, NULL, TOOL_OPT_CLOSED_WORLD },          \
	{ "online", no_argument, NULL, TOOL_OPT_ONLINE },                      \
	{ "crossref-url", required_argument, NULL, TOOL_OPT_CROSSREF_URL },    \
	{ "mailto", required_argument, NULL, TOOL_OPT_MAILTO },                \
	{ "cache-ttl", required_argument, NULL, TOOL_OPT_CACHE_TTL },          \
	{ "rows", required_argument, NULL, TOOL_OPT_ROWS },                    \
	{ "timeout", required_argument, NULL, TOOL_OPT_TIMEOUT },              \
	{ "retries", required_argument, NULL, TOOL_OPT_RETRIES },              \
	{ "cacert", required_argument, NULL, TOOL_OPT_CACERT }

#define TOOL_MAX_TOLERANCES 32

typedef struct tool_value_cfg {
	qv_opts o;
	qv_tolerance tol[TOOL_MAX_TOLERANCES]; /* --tolerance-for; property points into key */
	char key[TOOL_MAX_TOLERANCES][96];
} tool_value_cfg;

/* A fraction "0.01" or "1%" in (0, 1). */
int tool_parse_fraction(const char *arg, double *out);
/* Handle one of TOOL_VALUE_LONGOPTS: 1 taken, 0 not one of them, -1 bad
 * value (reported). arg may be modified (--tolerance-for splits at '='). */
int tool_value_option(int ch, char *arg, tool_value_cfg *c);
/* After the graph is open: resolve --tolerance-for names (a typo is an
 * error). Returns an exit code. */
int tool_value_finish(tool_value_cfg *c, struct kg_txn *t);

typedef struct tool_ref_cfg {
	qr_opts o;
	int online;
	ingest_online_opts oo;
} tool_ref_cfg;

/* The defaults of the reference options; tool_ref_option handles one of
 * TOOL_REF_LONGOPTS: 1 taken, 0 not one of them, -1 a bad value (said). */
void tool_ref_init(tool_ref_cfg *c);
int tool_ref_option(int ch, const char *arg, tool_ref_cfg *c);

/* What reference checks need: the read transaction and query_ref_check's
 * options, whose outside source (o.online) is, with --online, the Crossref
 * API client (tools/refverify.c hands it over as a qr_source; the
 * decisions are query/'s). Filled in place: o.online points into the
 * struct, which is not copied. */
struct kg_txn;
struct ingest_online;
typedef struct tool_ref_checker {
	struct kg_txn *t;
	qr_opts o;
	struct ingest_online *online; /* NULL: offline */
	qr_source src;                /* the client as query_ref_check's source */
	qr_shared *shared;            /* --jobs: the threads' results (made by the first clone) */
	int owns_shared;              /* this checker frees it (the one cloned from) */
} tool_ref_checker;
/* Set c->src from c->online and point c->o.online at it (NULL offline). */
void tool_ref_source(tool_ref_checker *c);
/* A checker for another thread (--jobs): from's options, its own read
 * transaction on s and its own scratch, offline (the online client is one
 * connection: --online checks run on one thread). The checkers share
 * their results (query_ref_shared; from owns the table and is closed
 * after its clones). Exit code; free it with tool_ref_close and
 * kg_txn_free(out->t). */
int tool_ref_clone(tool_ref_checker *from, kg_store *s, tool_ref_checker *out);
/* Open the graph as the options need (shared, for the online cache) and
 * the checker; returns an exit code. tool_ref_close frees the checker. */
int tool_ref_open(tool_ref_cfg *c, const char *db, kg_store **s, tool_ref_checker *out);
void tool_ref_close(tool_ref_checker *c);
struct query_units;
/* Does --edition name an edition of the graph's value sources (CODATA,
 * NIST, MP, measured data)? EXIT_OK, or EXIT_USAGE after saying "no
 * edition '1999' in the graph (have CODATA 2014, 2018, 2022; ...)": else the
 * answer would be "no match" for a reason the user cannot see. */
int tool_check_edition(struct kg_txn *t, const char *want);
/* All a command that checks values and references needs: the graph and
 * the checker (tool_ref_open), a read transaction, the units of the
 * --edition, the --tolerance-for names resolved. Returns an exit code;
 * the caller frees what was opened (tool_ref_close, query_units_free,
 * kg_txn_free, kg_store_free) either way. */
int tool_checks_open(tool_ref_cfg *rcfg, tool_value_cfg *v, const char *db, kg_store **s, struct kg_txn **t,
		     struct query_units **u, tool_ref_checker *ref);
/* The graph at db (tool_db_path) for reading, a read transaction on it
 * and, when u is given, the units of edition (NULL: the newest). Returns an
 * exit code after saying what failed (EXIT_GRAPH: no graph, or no such
 * units); the caller frees what was opened (query_units_free, kg_txn_free,
 * kg_store_free; each NULL when not) either way. */
int tool_graph_open(const char *db, kg_store **s, struct kg_txn **t, struct query_units **u, const char *edition);
/* Audit records of `provkg check` (summarize, report): each line of path
 * read by ev_record_read, added to s, then given to each (may be NULL);
 * unreadable lines are warned about and skipped, but a first line that is
 * not a record (not an audit file) and a record of another record_version
 * stop the read (PK_EPARSE, file:line and why: exit 3). tool_model_json writes one model's aggregate. */
struct ev_summary;
struct ev_model_sum;
struct ev_record;
int tool_read_audit(const char *path, struct ev_summary *s, int (*each)(void *, const struct ev_record *), void *ctx);
void tool_model_json(pk_json *w, const struct ev_model_sum *m);

/* Each object of a JSON array file or JSON Lines file; a line that is not
 * an object is fn(ctx, NULL, where). where: "file:line" or "file: [i]". */
int tool_each_record(const char *path, int (*fn)(void *ctx, const cJSON *rec, const char *where), void *ctx);

/* Commands */
int cmd_build(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_eval_skepticism(int argc, char **argv); /* eval skepticism */
int cmd_rubric(int argc, char **argv); /* eval rubric */
int cmd_summarize(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_fetch(int argc, char **argv);
int cmd_update(int argc, char **argv);
int cmd_ingest(int argc, char **argv);
int cmd_sources(int argc, char **argv);
int cmd_verify(int argc, char **argv);
int cmd_snapshot(int argc, char **argv);
int cmd_serve(int argc, char **argv);
int cmd_lookup(int argc, char **argv);
int cmd_check_value(int argc, char **argv);
int cmd_convert(int argc, char **argv);
int cmd_check_derivation(int argc, char **argv);
int cmd_post_check(int argc, char **argv);
int cmd_check_ref(int argc, char **argv);
int cmd_gen_claims(int argc, char **argv);
int cmd_label_claims(int argc, char **argv);

#endif
