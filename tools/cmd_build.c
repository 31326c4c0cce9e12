/* tools/cmd_build.c - `provkg build` and `provkg ingest`.
 *
 * build:  a new generation from data/sources/ (or the PATHs), swapped in
 *         atomically when every source was ingested; any failure leaves the
 *         previous graph as it was. The online answer cache (check-ref
 *         --online) is copied from the graph in use unless --drop-cache.
 * ingest: the PATHs into the current graph in one write transaction
 *         (re-ingesting an edition replaces it); created if missing.
 */
#include "tool.h"

#include "../common/error.h"
#include "../ingest/ingest.h"
#include "../kg/graph.h"
#include "../kg/store.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void usage_build(FILE *f, const char *cmd)
{
	fprintf(f,
		"usage: provkg %s [--db DIR] [--strict] [--edition E] [--complete] [--with-refs]%s [-q] %s\n"
		"  --db DIR       the graph (else $PROVKG_DB, else ./provkg.db)\n"
		"  --strict       stop at the first bad record; the graph is left unchanged\n"
		"  --edition E    edition for sources whose files name none (NIST atomic weights, Crossref)\n"
		"  --complete     mark the sources as complete dumps (closed world for check-ref)\n"
		"  --with-refs    keep Crossref reference lists and abstracts\n"
		"%s"
		"  -q, --quiet    no per-source summary\n"
		"exit: 0 done, 2 usage, 3 bad or missing input (no source file, a bad record under --strict),\n"
		"      4 graph error (locked, another schema), 5 I/O error\n",
		cmd, !strcmp(cmd, "build") ? " [--drop-cache]" : "", !strcmp(cmd, "build") ? "[PATH...]" : "PATH...",
		!strcmp(cmd, "build") ? "  --drop-cache   start the online answer cache afresh (else the graph in use's is kept)\n" : "");
}

static int parse_opts(int argc, char **argv, const char *cmd, const char **db, ingest_opts *o, unsigned *flags)
{
	static const struct option longopts[] = {
		{ "db", required_argument, NULL, 'd' },
		{ "strict", no_argument, NULL, 's' },
		{ "edition", required_argument, NULL, 'e' },
		{ "complete", no_argument, NULL, 'c' },
		{ "with-refs", no_argument, NULL, 'r' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "drop-cache", no_argument, NULL, 'D' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	int c;

	while ((c = getopt_long(argc, argv, "qh", longopts, NULL)) != -1) {
		switch (c) {
		case 'd': *db = optarg; break;
		case 's': o->strict = 1; break;
		case 'e': o->edition = optarg; break;
		case 'c': o->complete = 1; break;
		case 'r': o->with_refs = 1; break;
		case 'q': *flags |= TOOL_BUILD_QUIET; break;
		case 'D':
			if (strcmp(cmd, "build")) {
				usage_build(stderr, cmd);
				return -1;
			}
			*flags |= TOOL_BUILD_DROP_CACHE;
			break;
		case 'h': usage_build(stdout, cmd); return 1;
		default: usage_build(stderr, cmd); return -1;
		}
	}
	return 0;
}

int cmd_build(int argc, char **argv)
{
	ingest_opts o = { 0 };
	const char *db = NULL;
	const char *def[1];
	unsigned flags = 0;
	int rc;

	if ((rc = parse_opts(argc, argv, "build", &db, &o, &flags)) != 0)
		return rc > 0 ? EXIT_OK : EXIT_USAGE;
	if (optind < argc)
		return tool_build_paths(tool_db_path(db), (const char *const *)argv + optind, (size_t)(argc - optind),
					&o, flags);
	def[0] = tool_default_sources();
	return tool_build_paths(tool_db_path(db), def, 1, &o, flags);
}

int cmd_ingest(int argc, char **argv)
{
	ingest_opts o = { 0 };
	const char *db = NULL;
	unsigned flags = 0;
	int rc;

	if ((rc = parse_opts(argc, argv, "ingest", &db, &o, &flags)) != 0)
		return rc > 0 ? EXIT_OK : EXIT_USAGE;
	if (optind >= argc) {
		usage_build(stderr, "ingest");
		return EXIT_USAGE;
	}
	return tool_ingest_paths(tool_db_path(db), (const char *const *)argv + optind, (size_t)(argc - optind), &o,
				 (flags & TOOL_BUILD_QUIET) != 0);
}
