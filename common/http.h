/* common/http.h - HTTP GET over libcurl, one request at a time, with the
 * retry policy both the dump downloader (ingest/fetch) and the Crossref API
 * client (ingest/online) follow.
 *
 * A pk_http handle keeps one libcurl easy handle, so consecutive requests
 * reuse the connection. TLS peer and host verification are always on; a CA
 * bundle may be given. Requests are bounded: a connect timeout, a stall
 * timeout (less than 1 byte/s for that long), an optional total timeout.
 *
 * pk_http_get makes one attempt and reports what happened; it does not
 * retry, because what a retry means depends on the caller (a download
 * resumes where the file ends, an API call starts over). The caller loops:
 *
 *   for (attempt = 1;; attempt++) {
 *           rc = pk_http_get(h, url, &o, sink, ctx, &resp);
 *           if (!pk_http_retry_wait(rc, &resp, attempt, &o, &wait_ms))
 *                   break;
 *           pk_http_sleep(wait_ms);   (after resetting or resuming its sink)
 *   }
 *
 * Ownership: the handle owns its libcurl state; strings in options are
 * borrowed for the duration of the call; the sink owns what it writes.
 * Thread use: one handle per thread.
 */
#ifndef PK_HTTP_H
#define PK_HTTP_H

#include <stddef.h>
#include <stdint.h>

typedef struct pk_http pk_http;

typedef struct pk_http_opts {
	long connect_timeout_ms;       /* 0: 10 s */
	long stall_timeout_ms;         /* abort under 1 byte/s for this long; 0: 30 s */
	long total_timeout_ms;         /* 0: none */
	int retries;                   /* attempts after the first (pk_http_retry_wait) */
	long retry_base_ms;            /* first back-off, doubled each time; 0: 1 s */
	long max_wait_ms;              /* longest wait honoured (Retry-After too); 0: 300 s */
	const char *cainfo;            /* CA bundle file; NULL: the system's */
	const char *user_agent;        /* NULL: "provkg" */
	const char *if_none_match;     /* an ETag: conditional request */
	const char *if_modified_since; /* an HTTP date: conditional request */
	uint64_t resume_from;          /* > 0: "Range: bytes=N-" */
	const char *const *headers;    /* more "Name: value" lines, NULL-terminated */
	/* called as bytes arrive (now counts this request's bytes) */
	void (*progress)(void *ctx, uint64_t now, uint64_t total);
	void *progress_ctx;
} pk_http_opts;

typedef struct pk_http_resp {
	long status;                 /* 0 when no response arrived */
	char etag[256];
	char last_modified[64];
	char content_range[128];
	char content_type[128];
	long retry_after_ms;         /* Retry-After (seconds or HTTP date); -1 if none */
	long rate_limit;             /* X-Rate-Limit-Limit; 0 if none */
	long rate_interval_ms;       /* X-Rate-Limit-Interval ("1s"); 0 if none */
	uint64_t content_length;     /* of this response's body, if have_length */
	int have_length;
	uint64_t received;           /* body bytes handed to the sink */
	int transient;               /* the failure may pass: reset, timeout, truncation */
} pk_http_resp;

/* The sink receives the body; a negative return (a PK_E* code) aborts the
 * transfer and is what pk_http_get returns. */
typedef int (*pk_http_sink)(void *ctx, const void *data, size_t n);

/* A client (one libcurl easy handle, reused for keep-alive): 0 with *out
 * the caller's, or PK_ENOMEM / PK_ENET (libcurl could not start). Free it
 * with pk_http_free (NULL is fine). Not shared between threads. */
int pk_http_new(pk_http **out);
void pk_http_free(pk_http *h);

/* One GET. Returns 0 when a whole response arrived, whatever its status
 * (read resp->status); PK_ENET when none did or the body was cut off
 * (connection refused or reset, timeout, truncated body; resp->transient
 * says whether trying again may help; TLS failures are not transient);
 * PK_EINVAL for a URL libcurl rejects; or the sink's error. The message
 * names the URL and libcurl's reason. */
int pk_http_get(pk_http *h, const char *url, const pk_http_opts *o, pk_http_sink sink, void *ctx,
		pk_http_resp *resp);

/* Should the outcome of attempt `attempt` (1 = the first) be retried? If
 * so sets *wait_ms (Retry-After when the server sent one, else exponential
 * back-off with jitter, capped by max_wait_ms) and returns 1. Retried:
 * transient network failures, 429, 500, 502, 503, 504; at most o->retries
 * times. A Retry-After longer than max_wait_ms is not waited for: 0. */
int pk_http_retry_wait(int rc, const pk_http_resp *r, int attempt, const pk_http_opts *o, long *wait_ms);
void pk_http_sleep(long ms);

/* Percent-encode s into out (appended): everything but the unreserved
 * characters and those in `keep` ("/" for a DOI in a path, "" for a query
 * value). 0 or PK_ENOMEM / PK_ELIMIT. */
struct pk_buf;
int pk_http_escape(struct pk_buf *out, const char *s, const char *keep);

#endif
