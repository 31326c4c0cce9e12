/* tools/cmd_lookup.c - `provkg lookup`: constants, elements and isotopes
 * with their provenance; one query, or a JSONL stream of them. */
#include "tool.h"

#include "../common/error.h"
#include "../common/lines.h"
#include "../kg/graph.h"
#include "../query/lookup.h"

#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define LINE_MAX_BYTES (1u << 20)

/* The match fields of `lookup --json`, also used by check-value. */
cJSON *tool_match_json(const query_match *m);

cJSON *tool_match_json(const query_match *m)
{
	cJSON *o = cJSON_CreateObject();

	if (!o)
		return NULL;
	cJSON_AddStringToObject(o, "name", m->name);
	if (m->symbol)
		cJSON_AddStringToObject(o, "symbol", m->symbol);
	else
		cJSON_AddNullToObject(o, "symbol");
	if (m->flags & KG_V_TEXT)
		cJSON_AddNullToObject(o, "value");
	else
		cJSON_AddNumberToObject(o, "value", m->value);
	cJSON_AddStringToObject(o, "value_text", m->value_text ? m->value_text : "");
	if (m->flags & KG_V_NOUNC)
		cJSON_AddNullToObject(o, "uncertainty");
	else
		cJSON_AddNumberToObject(o, "uncertainty", (m->flags & KG_V_EXACT) ? 0.0 : m->uncertainty);
	cJSON_AddBoolToObject(o, "exact", (m->flags & KG_V_EXACT) != 0);
	cJSON_AddBoolToObject(o, "truncated", (m->flags & KG_V_TRUNCATED) != 0);
	if (m->unit)
		cJSON_AddStringToObject(o, "unit", m->unit);
	else
		cJSON_AddStringToObject(o, "unit", "");
	cJSON_AddStringToObject(o, "source", m->source);
	cJSON_AddStringToObject(o, "edition", m->edition);
	cJSON_AddStringToObject(o, "locator", m->locator ? m->locator : "");
	if (m->unc_text && m->unc_text[0])
		cJSON_AddStringToObject(o, "uncertainty_text", m->unc_text);
	cJSON_AddStringToObject(o, "quantity", m->quantity);
	if (m->entity)
		cJSON_AddStringToObject(o, "entity", m->entity);
	if (m->flags & KG_V_ESTIMATED)
		cJSON_AddBoolToObject(o, "estimated", 1);
	if (m->flags & KG_V_INTERVAL) {
		cJSON *iv = cJSON_AddArrayToObject(o, "interval");

		if (iv) {
			cJSON_AddItemToArray(iv, cJSON_CreateNumber(m->lo));
			cJSON_AddItemToArray(iv, cJSON_CreateNumber(m->hi));
		}
	}
	if (m->flags & KG_V_MASSNUM)
		cJSON_AddBoolToObject(o, "mass_number_of_most_stable_isotope", 1);
	if (m->flags & KG_V_COMPUTED)
		cJSON_AddBoolToObject(o, "computed", 1);
	if (m->note)
		cJSON_AddStringToObject(o, "note", m->note);
	return o;
}

static cJSON *matches_json(const query_matches *ms)
{
	cJSON *arr = cJSON_CreateArray();
	size_t i;

	for (i = 0; arr && i < ms->n; i++) {
		cJSON *m = tool_match_json(&ms->m[i]);

		if (!m) {
			cJSON_Delete(arr);
			return NULL;
		}
		cJSON_AddItemToArray(arr, m);
	}
	return arr;
}

static void print_table(const query_matches *ms)
{
	size_t i, wn = 4, ws = 6, wv = 5, wu = 11, wunit = 4;

	for (i = 0; i < ms->n; i++) {
		const query_match *m = &ms->m[i];
		size_t w;

		if ((w = tool_text_width(m->name)) > wn)
			wn = w;
		if (m->symbol && (w = tool_text_width(m->symbol)) > ws)
			ws = w;
		if (m->value_text && (w = tool_text_width(m->value_text)) > wv)
			wv = w;
		if (m->unc_text && (w = tool_text_width(m->unc_text)) > wu)
			wu = w;
		if (m->unit && (w = tool_text_width(m->unit)) > wunit)
			wunit = w;
	}
	if (wn > 60)
		wn = 60;
	tool_print_padded(stdout, "NAME", wn + 2);
	tool_print_padded(stdout, "SYMBOL", ws + 2);
	tool_print_padded(stdout, "VALUE", wv + 2);
	tool_print_padded(stdout, "UNCERTAINTY", wu + 2);
	tool_print_padded(stdout, "UNIT", wunit + 2);
	fputs("SOURCE\n", stdout);
	for (i = 0; i < ms->n; i++) {
		const query_match *m = &ms->m[i];
		char unc[64];

		if (m->unc_text && m->unc_text[0])
			snprintf(unc, sizeof(unc), "%s", m->unc_text);
		else if (m->flags & KG_V_EXACT)
			snprintf(unc, sizeof(unc), "(exact)");
		else if (m->flags & KG_V_NOUNC)
			snprintf(unc, sizeof(unc), "-");
		else
			snprintf(unc, sizeof(unc), "%.3g", m->uncertainty);
		tool_print_padded(stdout, m->name, wn + 2);
		tool_print_padded(stdout, m->symbol ? m->symbol : "-", ws + 2);
		tool_print_padded(stdout, m->value_text ? m->value_text : "", wv + 2);
		tool_print_padded(stdout, unc, wu + 2);
		tool_print_padded(stdout, m->unit ? m->unit : "", wunit + 2);
		printf("%s %s %s\n", m->source, m->edition, m->locator ? m->locator : "");
	}
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: provkg lookup [--db DIR] [--json] [--edition YEAR | --all-editions] [--max N] QUERY\n"
		"       provkg lookup [--db DIR] --jsonl [--edition YEAR | --all-editions] < queries.jsonl\n"
		"  QUERY           a name, symbol or alias: \"Planck constant\", h, ħ, 普朗克常数, Fe-56,\n"
		"                  \"standard atomic weight of carbon\"\n"
		"  --json          one JSON object {\"query\",\"matches\":[...]}\n"
		"  --jsonl         read {\"id\",\"query\"} lines, write one result line per input line\n"
		"  --edition YEAR  only values of that edition (default: the newest holding each value)\n"
		"  --all-editions  values of every edition, newest first\n"
		"  --max N         at most N matches (default 50)\n"
		"exit: 0 matches found, 1 no match, 2 usage, 4 graph missing or unreadable\n");
}

static int one_query(kg_txn *t, const char *q, const query_lookup_opts *o, int json)
{
	query_matches ms = { 0 };
	int rc, code = EXIT_OK;

	if ((rc = query_lookup(t, q, o, &ms)) < 0) {
		code = tool_fail(rc, "lookup");
		goto done;
	}
	if (json) {
		cJSON *root = cJSON_CreateObject(), *arr = matches_json(&ms);

		if (!root || !arr) {
			cJSON_Delete(root);
			cJSON_Delete(arr);
			code = tool_fail(pk_error_set(PK_ENOMEM, "out of memory"), NULL);
			goto done;
		}
		cJSON_AddStringToObject(root, "query", q);
		cJSON_AddItemToObject(root, "matches", arr);
		rc = tool_print_json(root);
		cJSON_Delete(root);
		if (rc < 0) {
			code = tool_fail(rc, NULL);
			goto done;
		}
	} else if (ms.n) {
		print_table(&ms);
	}
	if (ms.n == 0) {
		if (!json)
			tool_error("no match for '%s'", q);
		code = code ? code : EXIT_NEGATIVE;
	}
done:
	query_matches_release(&ms);
	return code;
}

/* One output line per input line, echoing "id"; errors are records too. */
static int stream(kg_txn *t, const query_lookup_opts *o)
{
	pk_lines *r = NULL;
	const char *line;
	size_t len;
	int rc, code = EXIT_OK;

	if ((rc = pk_lines_open(&r, "-", LINE_MAX_BYTES)) < 0)
		return tool_fail(rc, NULL);
	for (;;) {
		cJSON *in = NULL, *out = cJSON_CreateObject(), *id, *q;
		query_matches ms = { 0 };
		char msg[160];

		rc = pk_lines_next(r, &line, &len);
		if (rc == 0) {
			cJSON_Delete(out);
			break;
		}
		if (!out) {
			code = tool_fail(PK_ENOMEM, NULL);
			break;
		}
		if (rc == PK_EIO || rc == PK_ENOMEM) {
			cJSON_Delete(out);
			code = tool_fail(rc, NULL);
			break;
		}
		if (rc == PK_ELIMIT) {
			cJSON_AddNullToObject(out, "id");
			snprintf(msg, sizeof(msg), "line %zu: longer than %u bytes", pk_lines_lineno(r), LINE_MAX_BYTES);
			cJSON_AddStringToObject(out, "error", msg);
		} else if (!(in = cJSON_ParseWithLength(line, len)) || !cJSON_IsObject(in)) {
			cJSON_AddNullToObject(out, "id");
			snprintf(msg, sizeof(msg), "line %zu: not a JSON object", pk_lines_lineno(r));
			cJSON_AddStringToObject(out, "error", msg);
		} else {
			id = cJSON_GetObjectItemCaseSensitive(in, "id");
			q = cJSON_GetObjectItemCaseSensitive(in, "query");
			cJSON_AddItemToObject(out, "id", id ? cJSON_Duplicate(id, 1) : cJSON_CreateNull());
			if (!cJSON_IsString(q)) {
				cJSON_AddStringToObject(out, "error", "missing string field \"query\"");
			} else if ((rc = kg_txn_renew(t)) < 0 || (rc = query_lookup(t, q->valuestring, o, &ms)) < 0) {
				cJSON_AddStringToObject(out, "query", q->valuestring);
				cJSON_AddStringToObject(out, "error", pk_error_last());
			} else {
				cJSON *arr = matches_json(&ms);

				cJSON_AddStringToObject(out, "query", q->valuestring);
				if (arr)
					cJSON_AddItemToObject(out, "matches", arr);
				else
					cJSON_AddStringToObject(out, "error", "out of memory");
			}
		}
		rc = tool_print_json(out);
		query_matches_release(&ms);
		cJSON_Delete(in);
		cJSON_Delete(out);
		if (rc < 0) {
			code = tool_fail(rc, NULL);
			break;
		}
	}
	pk_lines_free(r);
	return code;
}

int cmd_lookup(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "db", required_argument, NULL, 'd' },
		{ "json", no_argument, NULL, 'j' },
		{ "jsonl", no_argument, NULL, 'l' },
		{ "edition", required_argument, NULL, 'e' },
		{ "all-editions", no_argument, NULL, 'a' },
		{ "max", required_argument, NULL, 'm' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	query_lookup_opts o = { NULL, 0, 0 };
	const char *db = NULL;
	kg_store *s = NULL;
	kg_txn *t = NULL;
	int c, json = 0, jsonl = 0, rc, code;
	char *end;

	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (c) {
		case 'd': db = optarg; break;
		case 'j': json = 1; break;
		case 'l': jsonl = 1; break;
		case 'e': o.edition = optarg; break;
		case 'a': o.all_editions = 1; break;
		case 'm':
			o.max = (size_t)strtoul(optarg, &end, 10);
			if (*end || !o.max) {
				tool_error("--max needs a positive number");
				return EXIT_USAGE;
			}
			break;
		case 'h': usage(stdout); return EXIT_OK;
		default: usage(stderr); return EXIT_USAGE;
		}
	}
	if (o.edition && o.all_editions) {
		tool_error("--edition and --all-editions exclude each other");
		return EXIT_USAGE;
	}
	if (jsonl ? optind != argc : optind != argc - 1) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if ((rc = kg_store_open(&s, tool_db_path(db), KG_OPEN_READ)) < 0) {
		tool_error("%s", pk_error_last());
		return EXIT_GRAPH;
	}
	if ((rc = kg_txn_read(&t, s)) < 0) {
		code = tool_fail(rc, NULL);
	} else if (jsonl) {
		code = stream(t, &o);
	} else {
		code = one_query(t, argv[optind], &o, json);
	}
	kg_txn_free(t);
	kg_store_free(s);
	return code;
}
