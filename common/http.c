/* common/http.c - HTTP GET over libcurl; see http.h. */
#include "http.h"

#include "alloc.h"
#include "buf.h"
#include "dynlib.h"
#include "error.h"

#define CURL_DISABLE_TYPECHECK /* curl_easy_setopt and _getinfo are called through the table below */
#include <curl/curl.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

struct pk_http {
	CURL *curl;
	char errbuf[CURL_ERROR_SIZE];
};

/* libcurl is loaded when first used (common/dynlib.h): the functions this
 * file calls, through a table their names are #defined to below */
#ifndef PK_SONAME_CURL
#define PK_SONAME_CURL "libcurl.so.4"
#endif
#define CURL_FNS(X, t) \
	X(t, curl_global_init) X(t, curl_easy_strerror) X(t, curl_easy_init) X(t, curl_easy_cleanup) \
	X(t, curl_getdate) X(t, curl_easy_reset) X(t, curl_easy_setopt) X(t, curl_slist_append) \
	X(t, curl_easy_perform) X(t, curl_easy_getinfo) X(t, curl_slist_free_all)
PK_DYNLIB_TABLE(cu, curl_lib, PK_SONAME_CURL, CURL_FNS);
#define curl_global_init (*cu.curl_global_init_p)
#define curl_easy_strerror (*cu.curl_easy_strerror_p)
#define curl_easy_init (*cu.curl_easy_init_p)
#define curl_easy_cleanup (*cu.curl_easy_cleanup_p)
#define curl_getdate (*cu.curl_getdate_p)
#define curl_easy_reset (*cu.curl_easy_reset_p)
#undef curl_easy_setopt /* curl.h's check of the argument count */
#define curl_easy_setopt (*cu.curl_easy_setopt_p)
#define curl_slist_append (*cu.curl_slist_append_p)
#define curl_easy_perform (*cu.curl_easy_perform_p)
#undef curl_easy_getinfo
#define curl_easy_getinfo (*cu.curl_easy_getinfo_p)
#define curl_slist_free_all (*cu.curl_slist_free_all_p)

static pthread_once_t global_once = PTHREAD_ONCE_INIT;
static CURLcode global_rc;

static void global_init(void)
{
	global_rc = curl_global_init(CURL_GLOBAL_DEFAULT);
}

int pk_http_new(pk_http **out)
{
	pk_http *h;

	*out = NULL;
	if (pk_dynlib_need(&curl_lib) < 0)
		return pk_error_set(PK_ENET, "libcurl: %s", pk_error_last());
	pthread_once(&global_once, global_init);
	if (global_rc != CURLE_OK)
		return pk_error_set(PK_ENET, "libcurl: %s", curl_easy_strerror(global_rc));
	if (!(h = pk_calloc(1, sizeof(*h))))
		return pk_error_set(PK_ENOMEM, "out of memory");
	if (!(h->curl = curl_easy_init())) {
		pk_free(h);
		return pk_error_set(PK_ENET, "libcurl: cannot create a handle");
	}
	*out = h;
	return 0;
}

void pk_http_free(pk_http *h)
{
	if (!h)
		return;
	curl_easy_cleanup(h->curl);
	pk_free(h);
}

typedef struct xfer {
	pk_http_sink sink;
	void *ctx;
	int sink_rc;
	pk_http_resp *resp;
	const pk_http_opts *o;
} xfer;

static size_t on_body(char *data, size_t size, size_t n, void *vctx)
{
	xfer *x = vctx;
	size_t len = size * n;
	int rc;

	if (len == 0)
		return 0;
	if (x->sink && (rc = x->sink(x->ctx, data, len)) < 0) {
		x->sink_rc = rc;
		return 0; /* CURLE_WRITE_ERROR */
	}
	x->resp->received += len;
	return len;
}

/* Copy a header's value (trimmed) into out. */
static void header_value(char *out, size_t n, const char *v, size_t len)
{
	while (len && (*v == ' ' || *v == '\t'))
		v++, len--;
	while (len && (v[len - 1] == '\r' || v[len - 1] == '\n' || v[len - 1] == ' '))
		len--;
	if (len >= n)
		len = n - 1;
	memcpy(out, v, len);
	out[len] = '\0';
}

static int header_is(const char *line, size_t len, const char *name, const char **value, size_t *vlen)
{
	size_t l = strlen(name);

	if (len <= l || line[l] != ':' || strncasecmp(line, name, l))
		return 0;
	*value = line + l + 1;
	*vlen = len - l - 1;
	return 1;
}

static long parse_interval_ms(const char *s)
{
	char *end;
	double v = strtod(s, &end);

	if (end == s || v < 0)
		return 0;
	if (*end == 'm' && end[1] == 's')
		return (long)v;
	if (*end == 'm')
		return (long)(v * 60000);
	if (*end == 'h')
		return (long)(v * 3600000);
	return (long)(v * 1000); /* "1s", "1" */
}

static size_t on_header(char *line, size_t size, size_t n, void *vctx)
{
	xfer *x = vctx;
	pk_http_resp *r = x->resp;
	size_t len = size * n;
	const char *v;
	size_t vl;
	char tmp[128];

	if (len >= 5 && !strncmp(line, "HTTP/", 5)) {
		const char *sp = memchr(line, ' ', len);

		/* a new response (after a redirect or a 100): its status, and
		 * none of the last one's headers */
		r->status = sp ? strtol(sp + 1, NULL, 10) : 0;
		r->etag[0] = r->last_modified[0] = r->content_range[0] = r->content_type[0] = '\0';
		r->retry_after_ms = -1;
		r->rate_limit = r->rate_interval_ms = 0;
		r->have_length = 0;
		return len;
	}
	if (header_is(line, len, "ETag", &v, &vl)) {
		header_value(r->etag, sizeof(r->etag), v, vl);
	} else if (header_is(line, len, "Last-Modified", &v, &vl)) {
		header_value(r->last_modified, sizeof(r->last_modified), v, vl);
	} else if (header_is(line, len, "Content-Range", &v, &vl)) {
		header_value(r->content_range, sizeof(r->content_range), v, vl);
	} else if (header_is(line, len, "Content-Type", &v, &vl)) {
		header_value(r->content_type, sizeof(r->content_type), v, vl);
	} else if (header_is(line, len, "Content-Length", &v, &vl)) {
		header_value(tmp, sizeof(tmp), v, vl);
		r->content_length = strtoull(tmp, NULL, 10);
		r->have_length = 1;
	} else if (header_is(line, len, "Retry-After", &v, &vl)) {
		char *end;
		long secs;

		header_value(tmp, sizeof(tmp), v, vl);
		secs = strtol(tmp, &end, 10);
		if (end != tmp && *end == '\0' && secs >= 0) {
			r->retry_after_ms = secs > 86400 ? 86400000L : secs * 1000;
		} else {
			time_t when = curl_getdate(tmp, NULL), now = time(NULL);

			if (when != (time_t)-1)
				r->retry_after_ms = when > now ? (long)(when - now) * 1000 : 0;
		}
	} else if (header_is(line, len, "X-Rate-Limit-Limit", &v, &vl)) {
		header_value(tmp, sizeof(tmp), v, vl);
		r->rate_limit = strtol(tmp, NULL, 10);
	} else if (header_is(line, len, "X-Rate-Limit-Interval", &v, &vl)) {
		header_value(tmp, sizeof(tmp), v, vl);
		r->rate_interval_ms = parse_interval_ms(tmp);
	}
	return len;
}

static int on_progress(void *vctx, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal, curl_off_t ulnow)
{
	xfer *x = vctx;

	(void)ultotal;
	(void)ulnow;
	if (x->o->progress)
		x->o->progress(x->o->progress_ctx, (uint64_t)dlnow, (uint64_t)dltotal);
	return 0;
}

static int transient_code(CURLcode c)
{
	switch (c) {
	case CURLE_COULDNT_CONNECT:
	case CURLE_OPERATION_TIMEDOUT:
	case CURLE_RECV_ERROR:
	case CURLE_SEND_ERROR:
	case CURLE_PARTIAL_FILE:
	case CURLE_GOT_NOTHING:
	case CURLE_HTTP2:
	case CURLE_HTTP2_STREAM:
		return 1;
	/* not CURLE_COULDNT_RESOLVE_HOST: a name that does not resolve will
	 * not on the next try either (15 s of retries for nothing) */
	default:
		return 0;
	}
}

int pk_http_get(pk_http *h, const char *url, const pk_http_opts *o, pk_http_sink sink, void *ctx,
		pk_http_resp *resp)
{
	static const pk_http_opts none;
	struct curl_slist *hdrs = NULL, *tmp;
	xfer x;
	CURLcode c;
	char line[512], range[32];
	long stall;
	size_t i;
	int rc = 0;

	if (!o)
		o = &none;
	memset(resp, 0, sizeof(*resp));
	resp->retry_after_ms = -1;
	memset(&x, 0, sizeof(x));
	x.sink = sink;
	x.ctx = ctx;
	x.resp = resp;
	x.o = o;
	h->errbuf[0] = '\0';
	curl_easy_reset(h->curl); /* options only; the connection cache stays */
	stall = o->stall_timeout_ms > 0 ? o->stall_timeout_ms : 30000;
#define SET(opt, val)                                                             \
	do {                                                                      \
		if ((c = curl_easy_setopt(h->curl, opt, val)) != CURLE_OK)        \
			goto curl_fail;                                           \
	} while (0)
	SET(CURLOPT_URL, url);
	SET(CURLOPT_ERRORBUFFER, h->errbuf);
	SET(CURLOPT_NOSIGNAL, 1L);
	SET(CURLOPT_PROTOCOLS_STR, "http,https");
	SET(CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
	SET(CURLOPT_FOLLOWLOCATION, 1L);
	SET(CURLOPT_MAXREDIRS, 5L);
	SET(CURLOPT_SSL_VERIFYPEER, 1L);
	SET(CURLOPT_SSL_VERIFYHOST, 2L);
	if (o->cainfo)
		SET(CURLOPT_CAINFO, o->cainfo);
	SET(CURLOPT_CONNECTTIMEOUT_MS, o->connect_timeout_ms > 0 ? o->connect_timeout_ms : 10000L);
	SET(CURLOPT_LOW_SPEED_LIMIT, 1L);
	SET(CURLOPT_LOW_SPEED_TIME, stall >= 1000 ? stall / 1000 : 1L);
	if (o->total_timeout_ms > 0)
		SET(CURLOPT_TIMEOUT_MS, o->total_timeout_ms);
	SET(CURLOPT_USERAGENT, o->user_agent ? o->user_agent : "provkg");
	SET(CURLOPT_WRITEFUNCTION, on_body);
	SET(CURLOPT_WRITEDATA, &x);
	SET(CURLOPT_HEADERFUNCTION, on_header);
	SET(CURLOPT_HEADERDATA, &x);
	if (o->progress) {
		SET(CURLOPT_NOPROGRESS, 0L);
		SET(CURLOPT_XFERINFOFUNCTION, on_progress);
		SET(CURLOPT_XFERINFODATA, &x);
	}
	if (o->resume_from > 0) {
		snprintf(range, sizeof(range), "%llu-", (unsigned long long)o->resume_from);
		SET(CURLOPT_RANGE, range);
	}
	if (o->if_none_match && *o->if_none_match) {
		snprintf(line, sizeof(line), "If-None-Match: %s", o->if_none_match);
		if (!(tmp = curl_slist_append(hdrs, line)))
			goto nomem;
		hdrs = tmp;
	}
	if (o->if_modified_since && *o->if_modified_since) {
		snprintf(line, sizeof(line), "If-Modified-Since: %s", o->if_modified_since);
		if (!(tmp = curl_slist_append(hdrs, line)))
			goto nomem;
		hdrs = tmp;
	}
	for (i = 0; o->headers && o->headers[i]; i++) {
		if (!(tmp = curl_slist_append(hdrs, o->headers[i])))
			goto nomem;
		hdrs = tmp;
	}
	if (hdrs)
		SET(CURLOPT_HTTPHEADER, hdrs);
#undef SET
	c = curl_easy_perform(h->curl);
	curl_easy_getinfo(h->curl, CURLINFO_RESPONSE_CODE, &resp->status);
	if (c == CURLE_OK) {
		rc = 0;
	} else if (c == CURLE_WRITE_ERROR && x.sink_rc < 0) {
		rc = x.sink_rc; /* the sink said why */
	} else if (c == CURLE_URL_MALFORMAT || c == CURLE_UNSUPPORTED_PROTOCOL) {
		rc = pk_error_set(PK_EINVAL, "%s: %s", url, h->errbuf[0] ? h->errbuf : curl_easy_strerror(c));
	} else {
		resp->transient = transient_code(c);
		rc = pk_error_set(PK_ENET, "%s: %s%s%s", url, curl_easy_strerror(c), h->errbuf[0] ? ": " : "",
				  h->errbuf);
	}
	curl_slist_free_all(hdrs);
	return rc;
curl_fail:
	curl_slist_free_all(hdrs);
	return pk_error_set(PK_ENET, "%s: libcurl option: %s", url, curl_easy_strerror(c));
nomem:
	curl_slist_free_all(hdrs);
	return pk_error_set(PK_ENOMEM, "out of memory");
}

int pk_http_retry_wait(int rc, const pk_http_resp *r, int attempt, const pk_http_opts *o, long *wait_ms)
{
	long base = o && o->retry_base_ms > 0 ? o->retry_base_ms : 1000;
	long cap = o && o->max_wait_ms > 0 ? o->max_wait_ms : 300000;
	long w;
	int retryable;

	*wait_ms = 0;
	if (!o || attempt > o->retries)
		return 0;
	if (rc == PK_ENET)
		retryable = r->transient;
	else if (rc == 0)
		retryable = r->status == 429 || r->status == 500 || r->status == 502 || r->status == 503 ||
			    r->status == 504;
	else
		retryable = 0;
	if (!retryable)
		return 0;
	if (rc == 0 && r->retry_after_ms >= 0) {
		if (r->retry_after_ms > cap)
			return 0; /* the server asks for longer than we wait */
		*wait_ms = r->retry_after_ms;
		return 1;
	}
	w = base;
	while (--attempt > 0 && w < cap / 2)
		w *= 2;
	/* up to a quarter more, so clients do not retry in step */
	w += (long)((unsigned long)(w / 4 + 1) * (unsigned long)(clock() & 0xff) / 256);
	*wait_ms = w > cap ? cap : w;
	return 1;
}

void pk_http_sleep(long ms)
{
	struct timespec ts;

	if (ms <= 0)
		return;
	ts.tv_sec = ms / 1000;
	ts.tv_nsec = (ms % 1000) * 1000000L;
	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
}

int pk_http_escape(pk_buf *out, const char *s, const char *keep)
{
	static const char hex[] = "0123456789ABCDEF";
	int rc = 0;

	for (; *s && rc == 0; s++) {
		unsigned char ch = (unsigned char)*s;

		if ((ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '-' ||
		    ch == '.' || ch == '_' || ch == '~' || (keep && ch && strchr(keep, ch)))
			rc = pk_buf_putc(out, (char)ch);
		else {
			char e[3] = { '%', hex[ch >> 4], hex[ch & 15] };

			rc = pk_buf_put(out, e, 3);
		}
	}
	return rc;
}
