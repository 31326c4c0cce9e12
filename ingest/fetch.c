/* ingest/fetch.c - download source dumps; see ingest.h (ingest_fetch).
 *
 * A download goes to ".NAME.part" beside its destination and becomes NAME
 * by rename once it is whole and its checksum (when one is known) agrees,
 * so NAME is never half-written. ".NAME.fetch" records the URL, ETag,
 * Last-Modified, size and sha256 of what NAME holds, for conditional
 * requests next time, and the validators of a partial download, so a
 * resume asks "If-Range" and cannot splice two versions of a file. Both
 * are hidden files: a build of the directory skips them.
 */
#include "internal.h"

#include "../common/alloc.h"
#include "../common/buf.h"
#include "../common/error.h"
#include "../common/lines.h"
#include "../common/sha256.h"

#include <cJSON.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* Known sources: the files data/sources/ is built from. Checksums are the
 * ones of the editions provkg ships; the current CODATA table has none (a
 * new adjustment replaces it at the same address) and is named by the
 * edition its header states. */
static const ingest_fetch_source known[] = {
	{ "codata", "https://physics.nist.gov/cuu/Constants/Table/allascii.txt", "codata/allascii-{edition}.txt",
	  NULL, INGEST_CODATA, "NIST CODATA constants, the current adjustment (allascii table)" },
	{ "codata-2018", "https://physics.nist.gov/cuu/Constants/ArchiveASCII/allascii_2018.txt",
	  "codata/allascii-2018.txt", "8c47c05db62c4d314a5244db51a47b4831616e55a8d357ced373a8620ff43be1",
	  INGEST_CODATA, "NIST CODATA 2018 constants (archive)" },
	{ "codata-2014", "https://physics.nist.gov/cuu/Constants/ArchiveASCII/allascii_2014.txt",
	  "codata/allascii-2014.txt", "c0c95610c9e6f01ffe57cc2e64ebc43ccf4958507ca4e83f0d1bf56843d739e0",
	  INGEST_CODATA, "NIST CODATA 2014 constants (archive)" },
	{ "nist-aw",
	  "https://physics.nist.gov/cgi-bin/Compositions/stand_alone.pl?ele=&all=all&ascii=ascii2&isotype=all",
	  "nist/atomic-weights-isotopes.txt", NULL, INGEST_NIST_AW,
	  "NIST atomic weights and isotopic compositions, linearized ASCII, all isotopes" },
	{ "crossref", "https://api.crossref.org/works/{doi}", "crossref/api-responses/{doi}.json", NULL,
	  INGEST_CROSSREF, "one Crossref work by DOI (crossref:10.1103/PhysRevB.47.9967)" },
	/* the other bibliographic databases: one record from their APIs, or
	 * one file of their dumps ({id}: the argument after "name:") */
	{ "datacite", "https://api.datacite.org/dois/{doi}", "datacite/rest-api/{doi}.json", NULL, INGEST_DATACITE,
	  "one DataCite DOI from its REST API (datacite:10.5281/zenodo.1196821)" },
	{ "arxiv", "https://export.arxiv.org/api/query?id_list={id}", "arxiv/api-atom/{id}.xml", NULL, INGEST_ARXIV,
	  "one arXiv record from the arXiv API, Atom (arxiv:1706.03762)" },
	{ "arxiv-oai", "https://export.arxiv.org/oai2?verb=GetRecord&metadataPrefix=arXiv&identifier=oai:arXiv.org:{id}",
	  "arxiv/oai-pmh/{id}.xml", NULL, INGEST_ARXIV, "one arXiv record by OAI-PMH, metadataPrefix arXiv (arxiv-oai:1706.03762)" },
	{ "arxiv-snapshot", "https://storage.googleapis.com/arxiv-dataset/metadata-v5/{id}", "arxiv/snapshot/{id}", NULL,
	  INGEST_ARXIV, "the arXiv metadata snapshot, JSON lines, ~4.5 GB (arxiv-snapshot:arxiv-metadata-oai.json)" },
	{ "dblp", "https://dblp.org/xml/{id}", "dblp/current/{id}", NULL, INGEST_DBLP,
	  "the dblp dump and its DTD, both needed (dblp:dblp.xml.gz, dblp:dblp.dtd)" },
	{ "pubmed", "https://eutils.ncbi.nlm.nih.gov/entrez/eutils/efetch.fcgi?db=pubmed&retmode=xml&id={id}",
	  "pubmed/efetch/{id}.xml", NULL, INGEST_PUBMED, "one PubMed record by PMID from E-utilities (pubmed:17284678)" },
	{ "pubmed-baseline", "https://ftp.ncbi.nlm.nih.gov/pubmed/baseline/{id}", "pubmed/baseline/{id}", NULL,
	  INGEST_PUBMED, "one file of PubMed's annual baseline (pubmed-baseline:pubmed25n0001.xml.gz)" },
	{ "pubmed-update", "https://ftp.ncbi.nlm.nih.gov/pubmed/updatefiles/{id}", "pubmed/baseline/{id}", NULL,
	  INGEST_PUBMED, "one of PubMed's daily update files, beside the baseline (pubmed-update:pubmed25n1275.xml.gz)" },
	{ "openalex", "https://api.openalex.org/works/{id}", "openalex/api/{id}.json", NULL, INGEST_OPENALEX,
	  "one OpenAlex work from its API (openalex:W2963403868)" },
	{ "openalex-snapshot", "https://openalex.s3.amazonaws.com/data/works/{id}", "openalex/snapshot/{id}", NULL,
	  INGEST_OPENALEX, "one part file of the OpenAlex works snapshot (openalex-snapshot:updated_date=2025-01-01/part_000.gz)" },
};

const ingest_fetch_source *ingest_fetch_known(size_t *n)
{
	*n = sizeof(known) / sizeof(known[0]);
	return known;
}

/* ---- the sidecar -------------------------------------------------------- */

typedef struct meta {
	char url[2048];
	char etag[256];
	char last_modified[64];
	char sha256[65];
	char file[4096];      /* the file this address was last written to */
	uint64_t bytes;
	/* the partial download's validators */
	char part_url[2048];
	char part_etag[256];
	char part_last_modified[64];
} meta;

static char *sibling(const char *dest, const char *prefix, const char *suffix)
{
	const char *slash = strrchr(dest, '/');
	pk_buf b = PK_BUF_INIT;
	size_t dir = slash ? (size_t)(slash - dest) + 1 : 0;

	if (pk_buf_put(&b, dest, dir) < 0 || pk_buf_puts(&b, prefix) < 0 || pk_buf_puts(&b, dest + dir) < 0 ||
	    pk_buf_puts(&b, suffix) < 0) {
		pk_buf_release(&b);
		return NULL;
	}
	return pk_buf_detach(&b);
}

static void str_field(const cJSON *o, const char *k, char *out, size_t n)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);

	out[0] = '\0';
	if (cJSON_IsString(v))
		snprintf(out, n, "%s", v->valuestring);
}

static void meta_read(const char *path, meta *m)
{
	char *text = NULL;
	size_t n = 0;
	cJSON *o, *v;

	memset(m, 0, sizeof(*m));
	if (pk_file_read(&text, &n, path, 1 << 20) < 0) {
		pk_error_clear();
		return;
	}
	if ((o = cJSON_ParseWithLength(text, n))) {
		str_field(o, "url", m->url, sizeof(m->url));
		str_field(o, "etag", m->etag, sizeof(m->etag));
		str_field(o, "last_modified", m->last_modified, sizeof(m->last_modified));
		str_field(o, "sha256", m->sha256, sizeof(m->sha256));
		str_field(o, "file", m->file, sizeof(m->file));
		str_field(o, "part_url", m->part_url, sizeof(m->part_url));
		str_field(o, "part_etag", m->part_etag, sizeof(m->part_etag));
		str_field(o, "part_last_modified", m->part_last_modified, sizeof(m->part_last_modified));
		if (cJSON_IsNumber(v = cJSON_GetObjectItemCaseSensitive(o, "bytes")) && v->valuedouble >= 0)
			m->bytes = (uint64_t)v->valuedouble;
		cJSON_Delete(o);
	}
	pk_free(text);
}

/* Write the sidecar through a temporary file and a rename. */
static int meta_write(const char *path, const meta *m)
{
	cJSON *o = cJSON_CreateObject();
	char *text = NULL, *tmp = NULL, when[32];
	time_t now = time(NULL);
	struct tm tm;
	FILE *f = NULL;
	int rc = 0;

	gmtime_r(&now, &tm);
	strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%SZ", &tm);
	if (!o || !cJSON_AddStringToObject(o, "url", m->url) || !cJSON_AddStringToObject(o, "etag", m->etag) ||
	    !cJSON_AddStringToObject(o, "last_modified", m->last_modified) ||
	    !cJSON_AddStringToObject(o, "sha256", m->sha256) ||
	    !cJSON_AddStringToObject(o, "file", m->file) ||
	    !cJSON_AddNumberToObject(o, "bytes", (double)m->bytes) ||
	    !cJSON_AddStringToObject(o, "checked_at", when) ||
	    (m->part_url[0] && (!cJSON_AddStringToObject(o, "part_url", m->part_url) ||
				!cJSON_AddStringToObject(o, "part_etag", m->part_etag) ||
				!cJSON_AddStringToObject(o, "part_last_modified", m->part_last_modified))) ||
	    !(text = cJSON_Print(o))) {
		rc = pk_error_set(PK_ENOMEM, "out of memory");
		goto done;
	}
	{
		pk_buf b = PK_BUF_INIT;

		if (pk_buf_printf(&b, "%s.tmp", path) < 0) {
			rc = PK_ENOMEM;
			goto done;
		}
		tmp = pk_buf_detach(&b);
	}
	if (!(f = fopen(tmp, "w")) || fputs(text, f) == EOF || fputc('\n', f) == EOF || fflush(f) == EOF ||
	    fsync(fileno(f)) < 0) {
		rc = pk_error_set(PK_EIO, "cannot write '%s': %s", tmp, strerror(errno));
		goto done;
	}
	fclose(f);
	f = NULL;
	if (rename(tmp, path) < 0)
		rc = pk_error_set(PK_EIO, "cannot rename '%s': %s", tmp, strerror(errno));
done:
	if (f)
		fclose(f);
	if (rc < 0 && tmp)
		unlink(tmp);
	pk_free(tmp);
	cJSON_free(text);
	cJSON_Delete(o);
	return rc;
}

/* ---- the download ------------------------------------------------------- */

typedef struct part_sink {
	int fd;
	const char *path;
	uint64_t start;       /* bytes in the file before this request */
	const pk_http_resp *resp;
	int checked;          /* the response's status was looked at */
	int writing;          /* this response's body goes into the file */
} part_sink;

static int write_all(int fd, const void *data, size_t n, const char *path)
{
	const char *p = data;

	while (n) {
		ssize_t w = write(fd, p, n);

		if (w < 0) {
			if (errno == EINTR)
				continue;
			return pk_error_set(PK_EIO, "cannot write '%s': %s", path, strerror(errno));
		}
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

/* The body goes to the part file only from a 200 (the whole file: start
 * over) or a 206 that continues exactly where the file ends; an error
 * page is never written into it. */
static int on_part(void *ctx, const void *data, size_t n)
{
	part_sink *s = ctx;

	if (!s->checked) {
		long st = s->resp->status;

		s->checked = 1;
		if (st == 200) {
			if (s->start && (ftruncate(s->fd, 0) < 0 || lseek(s->fd, 0, SEEK_SET) < 0))
				return pk_error_set(PK_EIO, "cannot truncate '%s': %s", s->path, strerror(errno));
			s->start = 0;
			s->writing = 1;
		} else if (st == 206) {
			unsigned long long from = 0;
			const char *cr = s->resp->content_range;
			char *end = NULL;

			if (!strncmp(cr, "bytes ", 6) && cr[6] >= '0' && cr[6] <= '9')
				from = strtoull(cr + 6, &end, 10);
			if (!end || *end != '-' || from != s->start)
				return pk_error_set(PK_ENET, "the server resumed at byte %llu, not %llu",
						    from, (unsigned long long)s->start);
			s->writing = 1;
		}
	}
	return s->writing ? write_all(s->fd, data, n, s->path) : 0;
}

static int file_size(const char *path, uint64_t *size)
{
	struct stat st;

	if (stat(path, &st) < 0)
		return errno == ENOENT ? PK_ENOTFOUND : pk_error_set(PK_EIO, "cannot stat '%s': %s", path, strerror(errno));
	*size = (uint64_t)st.st_size;
	return 0;
}

static int fsync_dir_of(const char *path)
{
	char *dir = pk_strdup(path), *slash;
	int fd, rc = 0;

	if (!dir)
		return pk_error_set(PK_ENOMEM, "out of memory");
	slash = strrchr(dir, '/');
	if (slash)
		*slash = '\0';
	if ((fd = open(slash ? dir : ".", O_RDONLY | O_DIRECTORY)) >= 0) {
		if (fsync(fd) < 0 && errno != EINVAL)
			rc = pk_error_set(PK_EIO, "cannot sync '%s': %s", dir, strerror(errno));
		close(fd);
	}
	pk_free(dir);
	return rc;
}

static int mkdirs_for(const char *path)
{
	char *dir = pk_strdup(path), *p;
	int rc = 0;

	if (!dir)
		return pk_error_set(PK_ENOMEM, "out of memory");
	for (p = dir + 1; *p && rc == 0; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(dir, 0755) < 0 && errno != EEXIST)
			rc = pk_error_set(PK_EIO, "cannot create '%s': %s", dir, strerror(errno));
		*p = '/';
	}
	pk_free(dir);
	return rc;
}

/* dest with "{edition}" replaced by `with`. */
static char *fill_edition(const char *dest, const char *with)
{
	const char *at = strstr(dest, "{edition}");
	pk_buf b = PK_BUF_INIT;

	if (!at)
		return pk_strdup(dest);
	if (pk_buf_put(&b, dest, (size_t)(at - dest)) < 0 || pk_buf_puts(&b, with) < 0 ||
	    pk_buf_puts(&b, at + 9) < 0) {
		pk_buf_release(&b);
		return NULL;
	}
	return pk_buf_detach(&b);
}

int ingest_fetch(pk_http *h, const char *url, const char *dest, const ingest_fetch_opts *o,
		 ingest_fetch_result *res)
{
	char *base = NULL, *part = NULL, *side = NULL, *final = NULL;
	meta m;
	pk_http_opts ho;
	pk_http_resp resp;
	part_sink sink;
	char ifrange[320];
	const char *hdrs[2] = { NULL, NULL };
	uint64_t have = 0;
	int rc = 0, attempt, restarted = 0;
	long wait_ms;

	memset(res, 0, sizeof(*res));
	memset(&resp, 0, sizeof(resp));
	memset(&sink, 0, sizeof(sink));
	sink.fd = -1;
	/* the download state of a file named by its edition lives under "current" */
	if (!(base = fill_edition(dest, "current")) || !(part = sibling(base, ".", ".part")) ||
	    !(side = sibling(base, ".", ".fetch"))) {
		rc = pk_error_set(PK_ENOMEM, "out of memory");
		goto done;
	}
	if ((rc = mkdirs_for(base)) < 0)
		goto done;
	meta_read(side, &m);
	if (strcmp(m.url, url) || !m.file[0] || access(m.file, F_OK) < 0)
		m.etag[0] = m.last_modified[0] = '\0'; /* nothing to be conditional on */
	if ((sink.fd = open(part, O_WRONLY | O_CREAT, 0644)) < 0) {
		rc = pk_error_set(PK_EIO, "cannot open '%s': %s", part, strerror(errno));
		goto done;
	}
	sink.path = part;
	for (attempt = 1;; attempt++) {
		ho = o ? o->http : (pk_http_opts){ 0 };
		hdrs[0] = NULL;
		if ((rc = file_size(part, &have)) < 0)
			goto done;
		/* resume only a partial download of this address whose version
		 * the server can confirm (If-Range) */
		if (have > 0 && !strcmp(m.part_url, url) && (m.part_etag[0] || m.part_last_modified[0])) {
			snprintf(ifrange, sizeof(ifrange), "If-Range: %s",
				 m.part_etag[0] ? m.part_etag : m.part_last_modified);
			hdrs[0] = ifrange;
			ho.headers = hdrs;
			ho.resume_from = have;
			res->resumed = 1;
		} else {
			if (have > 0 && ftruncate(sink.fd, 0) < 0) {
				rc = pk_error_set(PK_EIO, "cannot truncate '%s': %s", part, strerror(errno));
				goto done;
			}
			have = 0;
			ho.resume_from = 0;
			if (!(o && o->force)) {
				ho.if_none_match = m.etag;
				ho.if_modified_since = m.last_modified;
			}
		}
		if (lseek(sink.fd, 0, SEEK_END) < 0) {
			rc = pk_error_set(PK_EIO, "cannot seek '%s': %s", part, strerror(errno));
			goto done;
		}
		sink.start = have;
		sink.checked = sink.writing = 0;
		sink.resp = &resp;
		rc = pk_http_get(h, url, &ho, on_part, &sink, &resp);
		res->attempts = attempt;
		res->status = resp.status;
		/* what the server said about the version being downloaded */
		if ((rc == 0 || rc == PK_ENET) && (resp.status == 200 || resp.status == 206)) {
			snprintf(m.part_url, sizeof(m.part_url), "%s", url);
			if (resp.status == 200 || resp.etag[0])
				snprintf(m.part_etag, sizeof(m.part_etag), "%s", resp.etag);
			if (resp.status == 200 || resp.last_modified[0])
				snprintf(m.part_last_modified, sizeof(m.part_last_modified), "%s", resp.last_modified);
		}
		if (rc == 0 && resp.status == 416 && !restarted) {
			/* the part no longer fits the resource: start over once */
			restarted = 1;
			m.part_url[0] = '\0';
			continue;
		}
		if (!pk_http_retry_wait(rc, &resp, attempt, o ? &o->http : NULL, &wait_ms))
			break;
		if (rc == PK_ENET && m.part_url[0])
			meta_write(side, &m); /* a later run may resume too */
		if (o && o->on_retry)
			o->on_retry(o->ctx, attempt, rc == 0 ? resp.status : 0, wait_ms, rc < 0 ? pk_error_last() : "");
		pk_error_clear();
		pk_http_sleep(wait_ms);
	}
	if (rc < 0) {
		if (m.part_url[0])
			meta_write(side, &m);
		if (rc == PK_ENET && file_size(part, &have) == 0 && have > 0)
			pk_error_prefix("partial download of %llu bytes kept in '%s' (run again to resume)",
					(unsigned long long)have, part);
		goto done;
	}
	if (resp.status == 304) {
		res->changed = 0;
		snprintf(res->sha256, sizeof(res->sha256), "%s", m.sha256);
		snprintf(res->path, sizeof(res->path), "%s", m.file);
		file_size(m.file, &res->bytes);
		m.part_url[0] = '\0';
		rc = meta_write(side, &m);
		goto done;
	}
	if (resp.status != 200 && resp.status != 206) {
		rc = pk_error_set(resp.status == 404 || resp.status == 410 ? PK_ENOTFOUND : PK_ENET,
				  "%s: HTTP %ld%s", url, resp.status,
				  resp.status == 429 ? " (rate limited; Retry-After longer than the wait allowed)" : "");
		goto done;
	}
	/* whole: check, then publish by rename */
	if (fsync(sink.fd) < 0) {
		rc = pk_error_set(PK_EIO, "cannot sync '%s': %s", part, strerror(errno));
		goto done;
	}
	close(sink.fd);
	sink.fd = -1;
	if ((rc = pk_sha256_file(res->sha256, part)) < 0 || (rc = file_size(part, &res->bytes)) < 0)
		goto done;
	if (o && o->sha256 && *o->sha256 && strcasecmp(o->sha256, res->sha256)) {
		unlink(part);
		m.part_url[0] = '\0';
		meta_write(side, &m);
		rc = pk_error_set(PK_EPARSE, "%s: checksum mismatch: expected sha256 %s, got %s; nothing written",
				  url, o->sha256, res->sha256);
		goto done;
	}
	if (strstr(dest, "{edition}")) {
		char year[32] = "";

		if (!(o && o->kind == INGEST_CODATA) || ingest_codata_edition(part, year, sizeof(year)) < 0) {
			unlink(part);
			m.part_url[0] = '\0';
			meta_write(side, &m);
			rc = pk_error_set(PK_EPARSE, "%s: the downloaded file names no edition (%s); nothing written",
					  url, pk_error_last());
			goto done;
		}
		final = fill_edition(dest, year);
	} else {
		final = pk_strdup(dest);
	}
	if (!final) {
		rc = pk_error_set(PK_ENOMEM, "out of memory");
		goto done;
	}
	snprintf(res->path, sizeof(res->path), "%s", final);
	res->changed = strcmp(m.sha256, res->sha256) != 0 || strcmp(m.file, final) != 0 || access(final, F_OK) < 0;
	if (rename(part, final) < 0) {
		rc = pk_error_set(PK_EIO, "cannot rename '%s' to '%s': %s", part, final, strerror(errno));
		goto done;
	}
	if ((rc = fsync_dir_of(final)) < 0)
		goto done;
	snprintf(m.url, sizeof(m.url), "%s", url);
	snprintf(m.etag, sizeof(m.etag), "%s", resp.etag);
	snprintf(m.last_modified, sizeof(m.last_modified), "%s", resp.last_modified);
	snprintf(m.sha256, sizeof(m.sha256), "%s", res->sha256);
	snprintf(m.file, sizeof(m.file), "%s", final);
	m.bytes = res->bytes;
	m.part_url[0] = m.part_etag[0] = m.part_last_modified[0] = '\0';
	rc = meta_write(side, &m);
done:
	if (sink.fd >= 0)
		close(sink.fd);
	/* an empty part file is no partial download */
	if (part && file_size(part, &have) == 0 && have == 0)
		unlink(part);
	pk_free(base);
	pk_free(part);
	pk_free(side);
	pk_free(final);
	return rc;
}
