/* tools/cmd_convert.c - `provkg convert`: a value from one unit into
 * another with provkg's unit engine (the graph's unit table, Pint's
 * definitions, constants of the CODATA edition in use). */
#include "tool.h"

#include "../common/error.h"
#include "../common/records.h"
#include "../query/units.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct convert_ctx {
	query_units *u;
} convert_ctx;

/* "1.5 ft" -> 1.5 and "ft"; a bare unit means 1 of it. */
static int split_quantity(const char *text, double *value, const char **unit)
{
	char *end;

	errno = 0;
	*value = strtod(text, &end);
	if (end == text) {
		*value = 1;
		*unit = text;
		return 0;
	}
	if (errno == ERANGE || !isfinite(*value))
		return pk_error_set(PK_EINVAL, "number out of range in '%s'", text);
	while (*end == ' ')
		end++;
	*unit = end;
	return 0;
}

static int convert_one(convert_ctx *c, const char *from_text, const char *to, pk_json *w)
{
	const char *from = NULL;
	double v, out;
	char how[96];
	int rc;

	if ((rc = split_quantity(from_text, &v, &from)) < 0 ||
	    (rc = query_units_convert_text(c->u, v, from, to, &out, how, sizeof(how))) < 0)
		return rc;
	pk_json_knum(w, "value", v);
	pk_json_kstr(w, "from", from);
	pk_json_kstr(w, "to", to);
	pk_json_knum(w, "result", out);
	if (how[0])
		pk_json_kstr(w, "equivalence", how);
	pk_json_kstr(w, "codata_edition", query_units_edition(c->u));
	return 0;
}

static int convert_line(void *vctx, const cJSON *in, pk_json *w)
{
	const cJSON *from = cJSON_GetObjectItemCaseSensitive(in, "from");
	const cJSON *to = cJSON_GetObjectItemCaseSensitive(in, "to");

	if (!cJSON_IsString(from) || !cJSON_IsString(to))
		return pk_error_set(PK_EINVAL, "missing string fields \"from\" and \"to\"");
	return convert_one(vctx, from->valuestring, to->valuestring, w);
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: provkg convert [--db DIR] [--edition YEAR] [--json] 'VALUE UNIT' UNIT\n"
		"       provkg convert [--db DIR] --jsonl < {\"id\",\"from\":\"1 ft\",\"to\":\"m\"} lines\n"
		"  'VALUE UNIT'      \"1 ft\", \"13.6 eV\", \"25 °C\" (a unit alone means 1 of it)\n"
		"  UNIT              the unit to convert into: \"m\", \"K\", \"cm^-1\"\n"
		"  --edition YEAR    the CODATA edition of constant-defined units (default: the newest)\n"
		"  --json            one JSON object {\"value\",\"from\",\"to\",\"result\",...}\n"
		"  --jsonl           one result per input line, echoing id\n"
		"energy, temperature, frequency, wavenumber, wavelength and mass convert through\n"
		"E = k T, E = h nu, E = h c nu~, E = h c / lambda, E = m c^2 (named in the output).\n"
		"exit: 0 converted, 2 usage, unreadable unit or dimensions that do not convert,\n"
		"      4 graph error (--jsonl: 0 when done)\n");
}

int cmd_convert(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "db", required_argument, NULL, 'd' },
		{ "edition", required_argument, NULL, 'e' },
		{ "json", no_argument, NULL, 'j' },
		{ "jsonl", no_argument, NULL, 'l' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	convert_ctx c = { NULL };
	const char *db = NULL, *edition = NULL;
	kg_store *s = NULL;
	kg_txn *t = NULL;
	int ch, json = 0, jsonl = 0, rc, code = EXIT_OK;

	while ((ch = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (ch) {
		case 'd': db = optarg; break;
		case 'e': edition = optarg; break;
		case 'j': json = 1; break;
		case 'l': jsonl = 1; break;
		case 'h': usage(stdout); return EXIT_OK;
		default: usage(stderr); return EXIT_USAGE;
		}
	}
	if (jsonl ? optind != argc : optind != argc - 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if ((code = tool_graph_open(db, &s, &t, &c.u, edition)) != EXIT_OK)
		goto done;
	if (jsonl) {
		code = tool_jsonl(convert_line, &c, PK_REC_CONVERT_MAX);
	} else {
		pk_buf b = PK_BUF_INIT;
		pk_json w;

		pk_json_init(&w, &b);
		pk_json_obj(&w);
		rc = convert_one(&c, argv[optind], argv[optind + 1], &w);
		pk_json_end_obj(&w);
		if (rc < 0) {
			tool_error("%s", pk_error_last());
			code = rc == PK_ENOMEM ? EXIT_SYSTEM : EXIT_USAGE;
		} else if (json) {
			code = tool_emit_json(&w, &b);
		} else {
			cJSON *o = cJSON_Parse(b.ptr);
			const cJSON *how = cJSON_GetObjectItemCaseSensitive(o, "equivalence");

			printf("%s = %.15g %s%s%s%s\n", argv[optind],
			       cJSON_GetObjectItemCaseSensitive(o, "result")->valuedouble, argv[optind + 1],
			       cJSON_IsString(how) ? " (" : "", cJSON_IsString(how) ? how->valuestring : "",
			       cJSON_IsString(how) ? ")" : "");
			cJSON_Delete(o);
		}
		pk_buf_release(&b);
	}
done:
	query_units_free(c.u);
	kg_txn_free(t);
	kg_store_free(s);
	return code;
}
