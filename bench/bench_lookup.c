/* bench/bench_lookup.c - lookups per second in process.
 *
 * usage: bench_lookup GRAPH QUERIES.jsonl
 * Reads {"query"} lines, then resolves every query once per pass in one
 * read transaction renewed per query (as `lookup --jsonl` does) and prints
 * "lookups_per_second <n>" and "mean_matches <m>". */
#include "common/alloc.h"
#include "common/error.h"
#include "common/lines.h"
#include "kg/store.h"
#include "query/lookup.h"

#include <cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	kg_store *s = NULL;
	kg_txn *t = NULL;
	pk_lines *r = NULL;
	char **qs = NULL;
	size_t n = 0, cap = 0, i, matches = 0;
	const char *line;
	size_t len;
	double t0, t1;

	pk_alloc_init();
	if (argc != 3) {
		fprintf(stderr, "usage: bench_lookup GRAPH QUERIES.jsonl\n");
		return 2;
	}
	if (kg_store_open(&s, argv[1], KG_OPEN_READ) < 0 || kg_txn_read(&t, s) < 0 ||
	    pk_lines_open(&r, argv[2], 0) < 0) {
		fprintf(stderr, "bench_lookup: %s\n", pk_error_last());
		return 1;
	}
	while (pk_lines_next(r, &line, &len) == 1) {
		cJSON *o = cJSON_ParseWithLength(line, len);
		const cJSON *q = cJSON_GetObjectItemCaseSensitive(o, "query");

		if (cJSON_IsString(q)) {
			if (n == cap) {
				cap = cap ? cap * 2 : 1024;
				qs = realloc(qs, cap * sizeof(*qs));
			}
			qs[n++] = strdup(q->valuestring);
		}
		cJSON_Delete(o);
	}
	pk_lines_free(r);
	t0 = now();
	for (i = 0; i < n; i++) {
		query_matches ms = { 0 };

		kg_txn_renew(t);
		if (query_lookup(t, qs[i], NULL, &ms) == 0)
			matches += ms.n;
		query_matches_release(&ms);
	}
	t1 = now();
	printf("queries %zu\nseconds %.3f\nlookups_per_second %.0f\nmean_matches %.2f\n", n, t1 - t0,
	       (double)n / (t1 - t0), n ? (double)matches / (double)n : 0.0);
	for (i = 0; i < n; i++)
		free(qs[i]);
	free(qs);
	kg_txn_free(t);
	kg_store_free(s);
	return 0;
}
