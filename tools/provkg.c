/* tools/provkg.c - the provkg command: dispatch from a table (git's git.c). */
#include "tool.h"

#include "../common/alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PROVKG_VERSION "0.1.0"

struct command {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *help;
};

/* ---- the command ------------------------------------------------------------------- */

/* `provkg eval SUBCOMMAND`: the metrics over evaluation runs */
static int cmd_eval(int argc, char **argv)
{
	if (argc >= 2 && !strcmp(argv[1], "skepticism"))
		return cmd_eval_skepticism(argc - 1, argv + 1);
	if (argc >= 2 && !strcmp(argv[1], "rubric"))
		return cmd_rubric(argc - 1, argv + 1);
	fprintf(argc >= 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) ? stdout : stderr,
		"usage: provkg eval skepticism --dataset D --results R [options]\n"
		"       provkg eval rubric --rubric R.json --grades G.jsonl [options]\n"
		"'provkg eval SUBCOMMAND -h' shows the options.\n");
	return argc >= 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) ? EXIT_OK : EXIT_USAGE;
}

static const struct command commands[] = {
	{ "build", cmd_build, "build the graph from data/sources/ (or PATHs) and swap it in atomically" },
	{ "ingest", cmd_ingest, "add or replace source editions in the graph, in one transaction" },
	{ "sources", cmd_sources, "list the source editions in the graph" },
	{ "verify", cmd_verify, "check the graph's integrity (indexes, records, counts)" },
	{ "snapshot", cmd_snapshot, "a compact, read-only copy of the graph with a content hash" },
	{ "lookup", cmd_lookup, "look up constants, elements and isotopes with provenance" },
	{ "check-value", cmd_check_value, "verify a value cited in a sentence: unit, number, edition, verdict" },
	{ "convert", cmd_convert, "convert a value between units (the unit engine check-value uses)" },
	{ "check-ref", cmd_check_ref, "verify a cited reference: does the work exist, is it described right" },
	{ "check", cmd_check, "audit model answers: values, citations, four credibility scores" },
	{ "check-derivation", cmd_check_derivation, "LaTeX derivations: dimensional consistency and each step" },
	{ "post-check", cmd_post_check, "unbacked absolutes and appeals to consensus or authority, per sentence" },
	{ "summarize", cmd_summarize, "per-model means and intervals of check's audit records" },
	{ "report", cmd_report, "one self-contained HTML report of check's audit records" },
	{ "gen-claims", cmd_gen_claims, "a labelled claim set made from the graph (skepticism evaluation)" },
	{ "label-claims", cmd_label_claims, "truth labels for claims that carry values or references" },
	{ "eval", cmd_eval, "metrics of evaluation runs: skepticism, rubric" },
	{ "serve", cmd_serve, "a JSON API over HTTP: check-ref, check-value, lookup, check (libmicrohttpd)" },
	{ "fetch", cmd_fetch, "download source dumps (resumable, conditional, verified)" },
	{ "update", cmd_update, "fetch what changed and ingest it into the graph" },
};

static void usage(FILE *f)
{
	size_t i;

	fprintf(f, "usage: provkg [--db DIR] <command> [options] [args]\n\ncommands:\n");
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		fprintf(f, "  %-14s %s\n", commands[i].name, commands[i].help);
	fprintf(f, "\n'provkg <command> -h' shows a command's options.\n"
		   "The graph is --db DIR (before the command, as git's -C, or after it), else $PROVKG_DB,\n"
		   "else ./provkg.db.\n"
		   "\nexit codes, the same for every command:\n"
		   "  0  done (verified, matched, found)\n"
		   "  1  a negative answer: a verdict other than verified or match, no match, problems\n"
		   "     found, a gate tripped (the commands that give verdicts say which)\n"
		   "  2  usage: an unknown option, a bad option value\n"
		   "  3  bad input: a missing or unreadable file, malformed data, a bad record under --strict\n"
		   "  4  graph: missing, locked, of another schema, or lacking what the command needs\n"
		   "  5  system: I/O, network, out of memory\n");
}

int main(int argc, char **argv)
{
	size_t i;

	pk_alloc_init();
	tool_install_testpoints();
	tool_stdout_init();
	/* a global --db DIR before the command (git's -C): the graph of every
	 * command that opens one, unless the command is given its own --db */
	while (argc >= 2 && (!strcmp(argv[1], "--db") || !strncmp(argv[1], "--db=", 5))) {
		const char *dir = argv[1][4] == '=' ? argv[1] + 5 : argc >= 3 ? argv[2] : NULL;

		if (!dir || !*dir) {
			tool_error("--db needs a directory");
			return EXIT_USAGE;
		}
		setenv("PROVKG_DB", dir, 1);
		argc -= argv[1][4] == '=' ? 1 : 2;
		argv += argv[1][4] == '=' ? 1 : 2;
	}
	if (argc < 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") || !strcmp(argv[1], "help")) {
		usage(stdout);
		return tool_finish_output(EXIT_OK);
	}
	if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "version")) {
		printf("provkg %s\n", PROVKG_VERSION);
		return tool_finish_output(EXIT_OK);
	}
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (!strcmp(argv[1], commands[i].name))
			return tool_finish_output(commands[i].fn(argc - 1, argv + 1));
	tool_error("'%s' is not a provkg command (see 'provkg --help')", argv[1]);
	return EXIT_USAGE;
}
