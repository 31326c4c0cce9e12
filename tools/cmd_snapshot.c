/* tools/cmd_snapshot.c - `provkg snapshot`: a compact, consistent,
 * read-only copy of the graph with a content hash, for checks spread over
 * processes and machines (kg_store_snapshot); --check verifies a copy. */
#include "tool.h"

#include "../common/error.h"
#include "../kg/store.h"

#include <getopt.h>
#include <string.h>

static void usage(FILE *f)
{
	fprintf(f,
		"usage: provkg snapshot [--db DIR] [--json] SNAPSHOT_DIR\n"
		"       provkg snapshot --check [--json] SNAPSHOT_DIR\n"
		"  writes SNAPSHOT_DIR (which must not exist): the graph's current generation\n"
		"  copied compacted from one read transaction (consistent while a build runs),\n"
		"  read-only, with a manifest (SNAPSHOT: the graph, generation, bytes, sha256).\n"
		"  Open it like any graph (--db SNAPSHOT_DIR): it needs no lock file, so it reads\n"
		"  from a read-only disk; build and ingest refuse it.\n"
		"  --check           hash a snapshot's data again against its manifest (a copy\n"
		"                    staged to another disk)\n"
		"  --json            {\"snapshot\",\"from\",\"generation\",\"bytes\",\"sha256\"}\n"
		"exit: 0 written (or the copy matches), 1 --check: the copy differs from its manifest,\n"
		"      2 usage, 3 the directory exists / is not a snapshot, 4 no graph, 5 I/O\n");
}

static int print_info(const char *dir, const kg_snapshot_info *in, int json, const char *what)
{
	if (json) {
		pk_buf b = PK_BUF_INIT;
		pk_json w;
		int code;

		pk_json_init(&w, &b);
		pk_json_obj(&w);
		pk_json_kstr(&w, "snapshot", dir);
		pk_json_kstr(&w, "from", in->from);
		pk_json_kstr(&w, "generation", in->generation);
		pk_json_kint(&w, "bytes", (long long)in->bytes);
		pk_json_kstr(&w, "sha256", in->sha256);
		pk_json_end_obj(&w);
		code = tool_emit_json(&w, &b);
		pk_buf_release(&b);
		return code;
	}
	printf("%s %s: %s of '%s', %llu bytes, sha256 %s\n", what, dir, in->generation, in->from,
	       (unsigned long long)in->bytes, in->sha256);
	return EXIT_OK;
}

int cmd_snapshot(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "db", required_argument, NULL, 'd' },
		{ "json", no_argument, NULL, 'j' },
		{ "check", no_argument, NULL, 'c' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *db = NULL, *dir;
	kg_snapshot_info info;
	kg_store *s = NULL;
	int ch, json = 0, check = 0, rc, code;

	while ((ch = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (ch) {
		case 'd': db = optarg; break;
		case 'j': json = 1; break;
		case 'c': check = 1; break;
		case 'h': usage(stdout); return EXIT_OK;
		default: usage(stderr); return EXIT_USAGE;
		}
	}
	if (optind != argc - 1 || (check && db)) {
		usage(stderr);
		return EXIT_USAGE;
	}
	dir = argv[optind];
	if (check) {
		if ((rc = kg_snapshot_check(dir, 1, &info)) < 0) {
			tool_error("%s", pk_error_last());
			/* a damaged copy is the negative answer; no manifest is bad input */
			return tool_finish_output(rc == PK_ENOTFOUND ? EXIT_DATA : rc == PK_EIO && info.sha256[0] ? EXIT_NEGATIVE
												      : tool_exit_code(rc));
		}
		return tool_finish_output(print_info(dir, &info, json, "snapshot"));
	}
	if (kg_store_open(&s, tool_db_path(db), KG_OPEN_READ) < 0) {
		tool_error("%s", pk_error_last());
		return EXIT_GRAPH;
	}
	if ((rc = kg_store_snapshot(s, dir, &info)) < 0) {
		tool_error("%s", pk_error_last());
		code = rc == PK_EINVAL ? EXIT_DATA : tool_exit_code(rc);
	} else {
		code = print_info(dir, &info, json, "wrote snapshot");
	}
	kg_store_free(s);
	return tool_finish_output(code);
}
