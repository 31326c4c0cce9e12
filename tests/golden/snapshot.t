# provkg snapshot (issue 19, 5): a compact, consistent, read-only copy of
# the graph with a content hash

# a snapshot of the test graph; a second one of the same generation has the same hash
$ provkg snapshot --db "$PROVKG_DB" --json "$WORK/s1" | jq -r '[.bytes > 0, (.sha256 | length), (.generation | startswith("gen-"))] | @tsv' && provkg snapshot --db "$PROVKG_DB" --json "$WORK/s2" > "$WORK/s2.json" && jq -r .sha256 "$WORK/s2.json" | cmp - <(sed -n 's/^sha256\t//p' "$WORK/s1/SNAPSHOT") && echo "same content hash"
> true	64	true
> same content hash

# it reads like the graph, with the same answers
$ diff <(provkg lookup --db "$WORK/s1" --json "Planck constant") <(provkg lookup --db "$PROVKG_DB" --json "Planck constant") && provkg check-ref --db "$WORK/s1" "https://doi.org/10.1001/archderm.1974.01630060065019" | head -1
> verified: https://doi.org/10.1001/archderm.1974.01630060065019

# from a read-only directory too: no lock file is needed
$ chmod -R a-w "$WORK/s1" && provkg verify --db "$WORK/s1" | tail -1; chmod -R u+w "$WORK/s1"
> graph sound: 24 sources, 2025 documents, 32217 index entries, 0 problems, 2 notes

# an existing directory is not overwritten; a snapshot is not written to
$ provkg snapshot --db "$PROVKG_DB" "$WORK/s1" 2>&1 | sed "s|$WORK|WORK|"
> provkg: 'WORK/s1' exists: a snapshot is written to a new directory
? 3

$ provkg ingest --db "$WORK/s1" tests/fixtures/allascii-1999.txt 2>&1 | sed "s|$WORK|WORK|"
> provkg: graph 'WORK/s1' is a read-only snapshot (provkg snapshot): write to the graph it was taken from
? 4

$ provkg build --db "$WORK/s1" -q tests/fixtures/allascii-1999.txt 2>&1 | sed "s|$WORK|WORK|"
> provkg: graph 'WORK/s1' is a read-only snapshot (provkg snapshot): build the graph it was taken from and snapshot it again
? 4

# --check: a copy staged elsewhere matches its manifest; a damaged or cut copy does not
$ cp -r "$WORK/s1" "$WORK/s3" && provkg snapshot --check "$WORK/s3" | sed "s|$WORK|WORK|; s/gen-[^ ]*/GEN/; s/sha256 [0-9a-f]*/sha256 H/; s/'[^']*'/'G'/; s/[0-9]* bytes/N bytes/"
> snapshot WORK/s3: GEN of 'G', N bytes, sha256 H

$ d=$(ls -d "$WORK"/s3/gen-*)/data.mdb; chmod u+w "$d" && printf 'X' | dd of="$d" bs=1 seek=5000 conv=notrunc 2>/dev/null && provkg snapshot --check "$WORK/s3" 2>&1 | sed "s|$WORK|WORK|; s/gen-[^/]*/GEN/; s/[0-9a-f]\{64\}/H/g"
> provkg: 'WORK/s3/GEN/data.mdb' has sha256 H, the manifest says H: the copy is damaged
? 1

$ d=$(ls -d "$WORK"/s3/gen-*)/data.mdb; truncate -s 4096 "$d" && provkg snapshot --check "$WORK/s3" 2>&1 | sed "s|$WORK|WORK|; s/gen-[^/]*/GEN/; s/has [0-9]* bytes, the manifest says [0-9]*/has N bytes, the manifest says M/"
> provkg: 'WORK/s3/GEN/data.mdb' has N bytes, the manifest says M: an incomplete copy?
? 1

$ provkg snapshot --check "$PROVKG_DB" 2>&1 | sed "s|$PROVKG_DB|G|"
> provkg: 'G' is not a provkg snapshot (no SNAPSHOT)
? 3
