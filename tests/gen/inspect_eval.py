#!/usr/bin/env python3
"""Write an Inspect `.eval` log (a zip) from an Inspect JSON log, in the
layout Inspect's EvalRecorder documents (src/inspect_ai/log/_recorders/eval.py):

    _journal/start.json        {version, eval, plan}
    samples/{id}_epoch_{n}.json  one EvalSample each
    _journal/summaries/1.json  [{id, epoch, input, target, scores}]
    summaries.json             the same, consolidated
    reductions.json            results.sample_reductions
    header.json                the log without samples (and without the reductions)

The zip is written here byte by byte (local headers, central directory, end
record) so that entries can use method 93, Zstandard (compressed by the
`zstd` command), which Python's zipfile cannot write before 3.14. Nothing
of provkg is used.

usage: inspect_eval.py IN.json OUT.eval [--method deflate|zstd|stored]
       [--status S] [--running] [--epochs N]
  --running   a log still being written: no header.json, summaries or reductions
  --epochs N  repeat every sample as epochs 1..N, the answer text suffixed " (epoch k)"
"""
import argparse
import copy
import json
import struct
import subprocess
import zlib


def compress(method, data):
    if method == "stored":
        return 0, data
    if method == "deflate":
        c = zlib.compressobj(6, zlib.DEFLATED, -15)
        return 8, c.compress(data) + c.flush()
    out = subprocess.run(["zstd", "-q", "-c", "-3"], input=data, stdout=subprocess.PIPE, check=True).stdout
    return 93, out


def write_zip(path, entries, method):
    body = bytearray()
    central = bytearray()
    for name, data in entries:
        nb = name.encode()
        m, comp = compress(method, data)
        crc = zlib.crc32(data) & 0xFFFFFFFF
        version = 63 if m == 93 else 20
        off = len(body)
        body += struct.pack("<IHHHHHIIIHH", 0x04034B50, version, 0x0800, m, 0, 0x21, crc, len(comp), len(data),
                            len(nb), 0) + nb + comp
        central += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 0x031E, version, 0x0800, m, 0, 0x21, crc,
                               len(comp), len(data), len(nb), 0, 0, 0, 0, 0o100644 << 16, off) + nb
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(entries), len(entries), len(central), len(body), 0)
    with open(path, "wb") as f:
        f.write(bytes(body) + bytes(central) + end)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("src")
    ap.add_argument("out")
    ap.add_argument("--method", default="deflate", choices=["deflate", "zstd", "stored"])
    ap.add_argument("--status")
    ap.add_argument("--running", action="store_true")
    ap.add_argument("--epochs", type=int, default=0)
    a = ap.parse_args()
    log = json.load(open(a.src, encoding="utf-8"))
    samples = log.pop("samples", None) or []
    if a.epochs:
        many = []
        for k in range(1, a.epochs + 1):
            for s in samples:
                t = copy.deepcopy(s)
                t["epoch"] = k
                out = t.get("output", {})
                if isinstance(out.get("completion"), str):
                    out["completion"] += " (epoch %d)" % k
                for ch in out.get("choices", []):
                    msg = ch.get("message", {})
                    if isinstance(msg.get("content"), str):
                        msg["content"] += " (epoch %d)" % k
                many.append(t)
        samples = many
    if a.status:
        log["status"] = a.status

    def js(v):
        return json.dumps(v, indent=2, ensure_ascii=False).encode()

    entries = [("_journal/start.json", js({"version": log.get("version", 2), "eval": log["eval"],
                                            "plan": log.get("plan", {})}))]
    summaries = []
    for s in samples:
        entries.append(("samples/%s_epoch_%s.json" % (s["id"], s.get("epoch", 1)), js(s)))
        summaries.append({k: s.get(k) for k in ("id", "epoch", "input", "target", "scores")})
    if not a.running:
        if summaries:
            entries.append(("_journal/summaries/1.json", js(summaries)))
        entries.append(("summaries.json", js(summaries)))
        results = log.get("results")
        if isinstance(results, dict) and "sample_reductions" in results:
            entries.append(("reductions.json", js(results.pop("sample_reductions"))))
        entries.append(("header.json", js(log)))
    write_zip(a.out, entries, a.method)


if __name__ == "__main__":
    main()
