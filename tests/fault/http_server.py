#!/usr/bin/python3
"""A test HTTP(S) server on 127.0.0.1 for provkg's network code.

usage: http_server.py ROOT PORTFILE [--works DIR] [--tls CERT KEY]

Serves the files under ROOT with ETag and Last-Modified, conditional
requests (If-None-Match, If-Modified-Since -> 304) and ranges (Range with
If-Range -> 206, or 200 when the validator no longer matches). With
--works, also the parts of the Crossref REST API provkg uses, from real
work records (public-data-file layout):
  /works/{doi}                      {"status":"ok","message-type":"work",...}
                                    or 404 "Resource not found."
  /works?query.bibliographic=...    a work-list of the best word-overlap hits
                                    (like the real API: always some hits)
  /prefixes/{prefix}                200 when a work has that prefix, else 404
with X-Rate-Limit-Limit / X-Rate-Limit-Interval headers.

Faults are queued per path (the path without the query) and used one per
request, then requests are served normally:
  POST /_faults   {"/path": ["500", "503", "reset", "truncate:N", "429:S",
                   "slow:S" (wait S s before answering), "stall:S" (send
                   part of the body, then wait S s), "wrongbody"], ...}
  GET  /_log      the requests so far, one JSON object per line
  POST /_reset    clear faults and log
The chosen port is written to PORTFILE once listening.
"""
import email.utils, gzip, hashlib, json, os, re, socket, ssl, struct, sys, threading, time, urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

ROOT = sys.argv[1]
PORTFILE = sys.argv[2]
WORKS_DIR = None
TLS = None
args = sys.argv[3:]
while args:
    if args[0] == "--works":
        WORKS_DIR, args = args[1], args[2:]
    elif args[0] == "--tls":
        TLS, args = (args[1], args[2]), args[3:]
    else:
        sys.exit("unknown argument " + args[0])

LOCK = threading.Lock()
FAULTS = {}
LOG = []
WORKS = {}


def load_works():
    if not WORKS_DIR:
        return
    for name in sorted(os.listdir(WORKS_DIR)):
        p = os.path.join(WORKS_DIR, name)
        if not name.endswith(".json.gz"):
            continue
        with gzip.open(p, "rt", encoding="utf-8") as f:
            for it in json.load(f).get("items", []):
                if it.get("DOI"):
                    WORKS[it["DOI"].lower()] = it


def words(text):
    return set(re.findall(r"[a-z0-9]+", text.lower()))


def work_text(w):
    parts = []
    for k in ("title", "container-title", "short-container-title"):
        parts += w.get(k) or []
    for a in w.get("author") or []:
        parts.append(a.get("family", ""))
    issued = (w.get("issued") or {}).get("date-parts") or [[None]]
    if issued[0] and issued[0][0]:
        parts.append(str(issued[0][0]))
    for k in ("volume", "page"):
        if w.get(k):
            parts.append(str(w[k]))
    return " ".join(parts)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *a):
        pass

    def next_fault(self, path):
        with LOCK:
            q = FAULTS.get(path)
            if q:
                return q.pop(0)
        return None

    def record(self):
        with LOCK:
            LOG.append({"method": self.command, "path": self.path,
                        "range": self.headers.get("Range"), "if_range": self.headers.get("If-Range"),
                        "if_none_match": self.headers.get("If-None-Match"),
                        "if_modified_since": self.headers.get("If-Modified-Since"),
                        "user_agent": self.headers.get("User-Agent"), "time": time.time()})

    def reply(self, status, body, ctype="application/octet-stream", headers=None, fault=None):
        if isinstance(body, str):
            body = body.encode()
        if fault == "wrongbody":
            body = body[:-1] + bytes([body[-1] ^ 1]) if body else b"x"
        if fault and fault.startswith("slow:"):
            time.sleep(float(fault[5:]))
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.end_headers()
        if self.command == "HEAD":
            return
        if fault and fault.startswith("truncate:"):
            n = int(fault[9:])
            self.wfile.write(body[:n])
            self.wfile.flush()
            self.close_now()
            return
        if fault and fault.startswith("stall:"):
            self.wfile.write(body[: max(1, len(body) // 3)])
            self.wfile.flush()
            time.sleep(float(fault[6:]))
            self.close_now()
            return
        self.wfile.write(body)

    def close_now(self):
        self.close_connection = True
        try:
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def reset(self):
        # abort the connection: RST, no response
        self.close_connection = True
        self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.connection.close()

    def do_POST(self):
        n = int(self.headers.get("Content-Length") or 0)
        data = self.rfile.read(n) if n else b""
        if self.path == "/_faults":
            with LOCK:
                for k, v in json.loads(data or b"{}").items():
                    FAULTS.setdefault(k, []).extend(v)
            self.reply(200, "ok\n", "text/plain")
        elif self.path == "/_reset":
            with LOCK:
                FAULTS.clear()
                LOG.clear()
            self.reply(200, "ok\n", "text/plain")
        else:
            self.reply(404, "no\n", "text/plain")

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        if url.path == "/_log":
            with LOCK:
                body = "".join(json.dumps(e) + "\n" for e in LOG)
            self.reply(200, body, "application/json")
            return
        self.record()
        fault = self.next_fault(url.path)
        if fault == "reset":
            self.reset()
            return
        if fault in ("500", "502", "503", "504"):
            self.reply(int(fault), "server error\n", "text/plain")
            return
        if fault and fault.startswith("429:"):
            self.reply(429, "slow down\n", "text/plain", {"Retry-After": fault[4:]})
            return
        if WORKS_DIR and (url.path.startswith("/works") or url.path.startswith("/prefixes/")):
            self.api(url, fault)
            return
        self.static(url.path, fault)

    def api(self, url, fault):
        limits = {"X-Rate-Limit-Limit": "50", "X-Rate-Limit-Interval": "1s"}
        path = urllib.parse.unquote(url.path)
        if path.startswith("/works/"):
            doi = path[len("/works/"):].lower()
            w = WORKS.get(doi)
            if not w:
                self.reply(404, "Resource not found.", "text/plain", limits, fault)
                return
            body = json.dumps({"status": "ok", "message-type": "work", "message-version": "1.0.0", "message": w})
            self.reply(200, body, "application/json", limits, fault)
            return
        if path.startswith("/prefixes/"):
            prefix = path[len("/prefixes/"):].lower()
            if any(d.startswith(prefix + "/") for d in WORKS):
                body = json.dumps({"status": "ok", "message-type": "prefix", "message": {"prefix": prefix}})
                self.reply(200, body, "application/json", limits, fault)
            else:
                self.reply(404, "Resource not found.", "text/plain", limits, fault)
            return
        if path == "/works":
            q = urllib.parse.parse_qs(url.query)
            text = (q.get("query.bibliographic") or [""])[0]
            rows = int((q.get("rows") or ["5"])[0])
            qw = words(text)
            scored = sorted(WORKS.values(), key=lambda w: (-len(qw & words(work_text(w))), w["DOI"]))
            items = scored[:rows]
            body = json.dumps({"status": "ok", "message-type": "work-list", "message-version": "1.0.0",
                               "message": {"total-results": len(items), "items": items,
                                           "items-per-page": rows, "query": {"search-terms": text}}})
            self.reply(200, body, "application/json", limits, fault)
            return
        self.reply(404, "Resource not found.", "text/plain", limits, fault)

    def static(self, path, fault):
        p = os.path.normpath(os.path.join(ROOT, path.lstrip("/")))
        if not p.startswith(os.path.abspath(ROOT)) or not os.path.isfile(p):
            self.reply(404, "not found\n", "text/plain", None, fault)
            return
        data = open(p, "rb").read()
        etag = '"%s"' % hashlib.sha256(data).hexdigest()[:16]
        mtime = os.stat(p).st_mtime
        lm = email.utils.formatdate(mtime, usegmt=True)
        hdrs = {"ETag": etag, "Last-Modified": lm, "Accept-Ranges": "bytes"}
        inm = self.headers.get("If-None-Match")
        ims = self.headers.get("If-Modified-Since")
        if (inm and inm == etag) or (not inm and ims and email.utils.parsedate_to_datetime(ims).timestamp() >= int(mtime)):
            self.send_response(304)
            for k, v in hdrs.items():
                self.send_header(k, v)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        rng = self.headers.get("Range")
        if_range = self.headers.get("If-Range")
        if rng and (not if_range or if_range in (etag, lm)):
            m = re.fullmatch(r"bytes=(\d+)-", rng)
            start = int(m.group(1)) if m else 0
            if start >= len(data):
                self.reply(416, "", "text/plain", {"Content-Range": "bytes */%d" % len(data)})
                return
            hdrs["Content-Range"] = "bytes %d-%d/%d" % (start, len(data) - 1, len(data))
            self.reply(206, data[start:], "application/octet-stream", hdrs, fault)
            return
        self.reply(200, data, "application/octet-stream", hdrs, fault)

    do_HEAD = do_GET


def main():
    load_works()
    srv = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    srv.daemon_threads = True
    if TLS:
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        ctx.load_cert_chain(TLS[0], TLS[1])
        srv.socket = ctx.wrap_socket(srv.socket, server_side=True)
    with open(PORTFILE + ".tmp", "w") as f:
        f.write(str(srv.server_address[1]))
    os.rename(PORTFILE + ".tmp", PORTFILE)
    srv.serve_forever()


main()
