#!/usr/bin/env bash
# provkg serve (issue 19, 6): a load test on 127.0.0.1, bounded in count
# and time, with 1, 8 and 64 concurrent clients on keep-alive
# connections: requests per second and latency percentiles, and every
# answer byte-equal to what the CLI writes for the same request
# (check-ref/check-value/lookup --jsonl, check --format jsonl with
# "where" "request"). Then the bounds: a body over --max-body is 413, a
# bad request 400 with the error record, an unknown path 404; and SIGTERM
# during load: the requests in flight are answered, the server exits 0.
set -u
P=$PROVKG
D="$WORK/serve"
rm -rf "$D"
mkdir -p "$D"
"$P" snapshot --db "$PROVKG_DB" "$D/snap" >/dev/null || { echo "FAIL serve: snapshot"; exit 0; }
jq -Rc '{id: input_line_number, ref: .}' tests/fixtures/reference-strings/real-unstructured-2000.txt | head -400 >"$D/ref.in"
/usr/bin/python3 bench/gen_mentions.py 400 >"$D/value.in"
printf '%s\n' h c k_B G "Planck constant" 光速 Fe-56 "standard atomic weight of carbon" "band gap of Si" mp-149 |
	jq -Rc '{id: input_line_number, query: .}' >"$D/lookup.in"
/usr/bin/python3 bench/gen_answers.py 60 >"$D/check.in"
"$P" check-ref --jsonl --db "$D/snap" <"$D/ref.in" >"$D/ref.cli"
"$P" check-value --jsonl --db "$D/snap" <"$D/value.in" >"$D/value.cli"
"$P" lookup --jsonl --db "$D/snap" <"$D/lookup.in" >"$D/lookup.cli"
"$P" check --format jsonl --db "$D/snap" "$D/check.in" | sed -E 's/"where":"[^"]*"/"where":"request"/' >"$D/check.cli"

"$P" serve --db "$D/snap" --port 0 --port-file "$D/port" --threads 2 --max-body 65536 2>"$D/serve.err" &
spid=$!
for _ in $(seq 1 50); do [ -s "$D/port" ] && break; sleep 0.1; done
[ -s "$D/port" ] || { echo "FAIL serve: did not start: $(cat "$D/serve.err")"; kill $spid 2>/dev/null; exit 0; }
/usr/bin/python3 - "$(cat "$D/port")" "$D" <<'PY'
import http.client, json, sys, threading, time
port, d = int(sys.argv[1]), sys.argv[2]
reqs = []
for ep in ("ref", "value", "lookup", "check"):
    ins = open("%s/%s.in" % (d, ep), encoding="utf-8").read().splitlines()
    outs = open("%s/%s.cli" % (d, ep), encoding="utf-8").read().splitlines()
    assert len(ins) == len(outs), (ep, len(ins), len(outs))
    path = {"ref": "/check-ref", "value": "/check-value", "lookup": "/lookup", "check": "/check"}[ep]
    reqs += [(path, i.encode(), o) for i, o in zip(ins, outs)]
# interleave the endpoints
reqs.sort(key=lambda r: hash(r[1]) % 1000)

def run(clients, n, budget):
    lat, bad, lock = [], [], threading.Lock()
    todo = list(range(n))
    t_end = time.time() + budget
    def client():
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        while True:
            with lock:
                if not todo or time.time() > t_end:
                    break
                k = todo.pop()
            path, body, want = reqs[k % len(reqs)]
            t0 = time.perf_counter()
            c.request("POST", path, body, {"Content-Type": "application/json"})
            r = c.getresponse()
            got = r.read().decode("utf-8")
            dt = time.perf_counter() - t0
            with lock:
                lat.append(dt)
                if got != want or r.status != 200:
                    bad.append((path, r.status, got[:200], want[:200]))
        c.close()
    ts = [threading.Thread(target=client) for _ in range(clients)]
    t0 = time.perf_counter()
    for t in ts: t.start()
    for t in ts: t.join()
    wall = time.perf_counter() - t0
    lat.sort()
    pct = lambda p: lat[min(len(lat) - 1, int(p * len(lat)))] * 1000
    ok = not bad and len(lat) > 0
    print("%s serve: %d client%s: %d requests in %.2f s, %.0f requests/s, latency p50 %.2f ms, p95 %.2f ms, p99 %.2f ms; %s" %
          ("ok" if ok else "FAIL", clients, "" if clients == 1 else "s", len(lat), wall, len(lat) / wall,
           pct(0.50), pct(0.95), pct(0.99),
           "every answer equals the CLI's" if ok else "%d differ, first %r" % (len(bad), bad[:1])))

for clients in (1, 8, 64):
    run(clients, 2 * len(reqs), 60)

def one(method, path, body=None):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    c.request(method, path, body)
    r = c.getresponse()
    b = r.read().decode()
    c.close()
    return r.status, b
s, b = one("POST", "/check-value", b'{"id":1,"text":"' + b"x" * 70000 + b'"}')
print(("ok" if s == 413 and "over 65536 bytes" in b else "FAIL") + " serve: a body over --max-body is 413: %d %s" % (s, b[:100]))
s, b = one("POST", "/check-ref", b'{"id":7}')
print(("ok" if s == 400 and b == '{"id":7,"error":"missing field \\"ref\\" (a string or a reference object)"}' else "FAIL") +
      " serve: a request without its field is 400 with the error record: %d %s" % (s, b))
s, b = one("GET", "/nothing")
print(("ok" if s == 404 else "FAIL") + " serve: an unknown path is 404: %d" % s)
s, b = one("GET", "/check-ref")
print(("ok" if s == 405 else "FAIL") + " serve: GET on a POST endpoint is 405: %d" % s)
s, b = one("GET", "/health")
h = json.loads(b)
print(("ok" if s == 200 and h["status"] == "ok" and h["snapshot"] is True and h["threads"] == 2 else "FAIL") +
      " serve: /health names the snapshot: %s" % b)
PY
# SIGTERM while 16 clients send: each request sent is answered whole, or
# refused once the server stopped accepting; exit 0 within seconds
/usr/bin/python3 - "$(cat "$D/port")" "$D" "$spid" <<'PY' &
import http.client, os, signal, sys, threading, time
port, d, pid = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
body = open(d + "/check.in", encoding="utf-8").readline().encode()
want = open(d + "/check.cli", encoding="utf-8").readline().rstrip("\n")
res = {"whole": 0, "refused": 0, "broken": 0}
lock = threading.Lock()
def client():
    while True:
        try:
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            c.request("POST", "/check", body)
            r = c.getresponse()
            got = r.read().decode()
            c.close()
            with lock:
                res["whole" if got == want else "broken"] += 1
        except (ConnectionRefusedError, ConnectionResetError, http.client.RemoteDisconnected, BrokenPipeError):
            with lock:
                res["refused"] += 1
            return
ts = [threading.Thread(target=client) for _ in range(16)]
for t in ts: t.start()
time.sleep(1.0)
os.kill(pid, signal.SIGTERM)
for t in ts: t.join()
print("%s serve: SIGTERM under load: %d answers whole, %d broken, %d clients refused after the stop" %
      ("ok" if res["broken"] == 0 and res["whole"] > 0 and res["refused"] == 16 else "FAIL", res["whole"], res["broken"], res["refused"]))
PY
ppid=$!
t0=$SECONDS
wait $spid
rc=$?
wait $ppid
[ $rc -eq 0 ] && [ $((SECONDS - t0)) -le 20 ] && grep -q "stopped by SIGTERM after" "$D/serve.err" &&
	echo "ok serve: SIGTERM: exit 0 after the requests in flight ($(tail -1 "$D/serve.err"))" ||
	echo "FAIL serve: exit $rc after $((SECONDS - t0)) s: $(tail -3 "$D/serve.err")"
