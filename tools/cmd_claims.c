/* tools/cmd_claims.c - `provkg gen-claims` (a labelled claim set made from
 * the graph, eval/claims) and `provkg label-claims` (truth labels for claims
 * that carry values or references, from eval/audit). Both write the dataset
 * format `provkg eval skepticism` reads. */
#include "tool.h"

#include "../common/alloc.h"
#include "../common/error.h"
#include "../eval/audit.h"
#include "../eval/claims.h"
#include "../eval/record.h"
#include "../eval/skeptic.h"
#include "../kg/store.h"
#include "../query/units.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

/* ---- gen-claims ------------------------------------------------------------------ */

typedef struct gen_ctx {
	int array;     /* --format json */
	size_t made, repeats;
	size_t per[EV_NLABELS];
	size_t cat_made[EV_CLAIM_CATEGORIES], cat_repeats[EV_CLAIM_CATEGORIES];
	const char *cat_name[EV_CLAIM_CATEGORIES]; /* in order of first appearance */
} gen_ctx;

static int on_claim(void *vctx, const ev_claim *c)
{
	gen_ctx *g = vctx;
	pk_buf out = PK_BUF_INIT;
	pk_json w;
	size_t i;
	int rc;

	pk_buf_init(&out, 1 << 20);
	pk_json_init(&w, &out);
	pk_json_obj(&w);
	pk_json_kint(&w, "id", (long long)c->id);
	pk_json_kstr(&w, "claim", c->claim);
	pk_json_kstr(&w, "category", c->category);
	pk_json_kstr(&w, "ground_truth", ev_label_name(c->truth));
	pk_json_kstr(&w, "rationale", c->rationale);
	pk_json_kstr(&w, "language", c->lang);
	pk_json_key(&w, "evidence");
	pk_json_arr(&w);
	for (i = 0; i < c->nevidence; i++)
		ev_record_match_json(&w, &c->evidence[i]);
	pk_json_end_arr(&w);
	pk_json_end_obj(&w);
	if ((rc = pk_json_error(&w)) == 0) {
		if (g->array && fputs(g->made ? ",\n" : "[\n", stdout) == EOF)
			rc = pk_error_set(PK_EIO, "cannot write to standard output");
		else
			rc = g->array ? (fwrite(out.ptr, 1, out.len, stdout) == out.len ? 0 : PK_EIO) : tool_print_line(&out);
	}
	pk_buf_release(&out);
	g->made++;
	g->per[c->truth]++;
	g->repeats += c->repeat != 0;
	for (i = 0; i < EV_CLAIM_CATEGORIES && g->cat_name[i] && strcmp(g->cat_name[i], c->category); i++)
		;
	if (i < EV_CLAIM_CATEGORIES) {
		g->cat_name[i] = c->category;
		g->cat_made[i]++;
		g->cat_repeats[i] += c->repeat != 0;
	}
	return rc;
}

static void gen_usage(FILE *f)
{
	fprintf(f,
		"usage: provkg gen-claims [options]\n"
		"  --n N             claims to make (default 70), the seven categories in turn:\n"
		"                    verifiable_fact (agree or disagree), pseudo_authority,\n"
		"                    unsourced_assertion, unfalsifiable (suspicious), overgeneralization,\n"
		"                    false_consensus, false_causality (disagree)\n"
		"  --seed S          the generator's seed (default 1): same graph, templates, seed, same claims\n"
		"  --lang L          en, zh or both (default both: every third claim in Chinese)\n"
		"  --templates FILE  wordings and made-up material (default data/claims/templates.json)\n"
		"  --format F        jsonl (default) or json (one array)\n"
		"  --db DIR          the graph\n"
		"output: {\"id\",\"claim\",\"category\",\"ground_truth\",\"rationale\",\"language\",\"evidence\"}\n"
		"        per claim: the dataset format of 'provkg eval skepticism'; every value and\n"
		"        label is verified against the graph before it is written\n"
		"exit: 0 done, 2 usage, 3 bad template file, 4 graph error or a graph lacking CODATA /\n"
		"      NIST atomic weights, 5 I/O error\n");
}

int cmd_gen_claims(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "db", required_argument, NULL, 'd' },
		{ "n", required_argument, NULL, 'n' },
		{ "seed", required_argument, NULL, 's' },
		{ "lang", required_argument, NULL, 'l' },
		{ "templates", required_argument, NULL, 't' },
		{ "format", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *db = NULL, *templates = NULL;
	unsigned long long seed = 1, n = 70;
	int ch, lang = EV_LANG_BOTH, rc, code = EXIT_OK;
	gen_ctx g;
	kg_store *s = NULL;
	kg_txn *t = NULL;
	query_units *u = NULL;
	char *end;

	memset(&g, 0, sizeof(g));
	while ((ch = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (ch) {
		case 'd': db = optarg; break;
		case 'n':
			n = strtoull(optarg, &end, 10);
			if (*end || !n || n > 1000000) {
				tool_error("--n needs a count from 1 to 1000000");
				return EXIT_USAGE;
			}
			break;
		case 's':
			seed = strtoull(optarg, &end, 10);
			if (*end || !*optarg) {
				tool_error("--seed needs a non-negative integer");
				return EXIT_USAGE;
			}
			break;
		case 'l':
			if (!strcmp(optarg, "en"))
				lang = EV_LANG_EN;
			else if (!strcmp(optarg, "zh"))
				lang = EV_LANG_ZH;
			else if (!strcmp(optarg, "both"))
				lang = EV_LANG_BOTH;
			else {
				tool_error("--lang: en, zh or both");
				return EXIT_USAGE;
			}
			break;
		case 't': templates = optarg; break;
		case 'f':
			if (strcmp(optarg, "jsonl") && strcmp(optarg, "json")) {
				tool_error("--format: jsonl or json");
				return EXIT_USAGE;
			}
			g.array = !strcmp(optarg, "json");
			break;
		case 'h': gen_usage(stdout); return EXIT_OK;
		default: gen_usage(stderr); return EXIT_USAGE;
		}
	}
	if (optind < argc) {
		gen_usage(stderr);
		return EXIT_USAGE;
	}
	if ((rc = kg_store_open(&s, tool_db_path(db), KG_OPEN_READ)) < 0 || (rc = kg_txn_read(&t, s)) < 0 ||
	    (rc = query_units_open(&u, t, NULL)) < 0) {
		code = rc == PK_ENOTFOUND ? (tool_error("%s", pk_error_last()), EXIT_GRAPH) : tool_fail(rc, NULL);
		goto done;
	}
	rc = ev_gen_claims(t, u, templates ? templates : tool_default_data("claims/templates.json"), (size_t)n, seed, lang,
			   on_claim, &g);
	if (rc < 0) {
		tool_error("%s", pk_error_last());
		code = rc == PK_EPARSE ? EXIT_DATA : rc == PK_ENOTFOUND ? EXIT_GRAPH : tool_exit_code(rc);
	}
	if (g.array && g.made && fputs("\n]\n", stdout) == EOF)
		code = EXIT_SYSTEM;
	if (code == EXIT_OK)
		fprintf(stderr, "provkg: %zu claims: %zu agree, %zu disagree, %zu suspicious\n", g.made, g.per[EV_AGREE],
			  g.per[EV_DISAGREE], g.per[EV_SUSPICIOUS]);
	if (code == EXIT_OK && g.repeats) {
		size_t i;
		const char *sep = "";

		fprintf(stderr, "provkg: warning: %zu claim%s repeat an earlier text: the templates ran out of distinct "
				"claims of some kinds (", g.repeats, g.repeats == 1 ? "" : "s");
		for (i = 0; i < EV_CLAIM_CATEGORIES && g.cat_name[i]; i++)
			if (g.cat_repeats[i]) {
				fprintf(stderr, "%s%s %zu of %zu", sep, g.cat_name[i], g.cat_repeats[i], g.cat_made[i]);
				sep = ", ";
			}
		fputs("); add wordings, quantities or elements to the template file\n", stderr);
	}
done:
	query_units_free(u);
	kg_txn_free(t);
	kg_store_free(s);
	return code;
}

/* ---- label-claims ------------------------------------------------------------------ */

typedef struct label_ctx {
	kg_txn *t;
	query_units *u;
	tool_value_cfg v;
	tool_ref_checker ref;
	const char *field;
	int strict;
	size_t n, errors, per[EV_NLABELS], unlabelled, with_truth, truth_same;
} label_ctx;

static void copy_fields(pk_json *w, const cJSON *rec)
{
	const cJSON *f;

	cJSON_ArrayForEach(f, rec)
	{
		char *raw;

		if (!f->string || !strcmp(f->string, "label") || !strcmp(f->string, "label_reason") ||
		    !strcmp(f->string, "evidence"))
			continue;
		if (!(raw = cJSON_PrintUnformatted(f)))
			continue;
		pk_json_key(w, f->string);
		pk_json_raw(w, raw, strlen(raw));
		cJSON_free(raw);
	}
}

static void write_evidence(pk_json *w, const ev_result *r)
{
	size_t i;

	pk_json_key(w, "evidence");
	pk_json_arr(w);
	for (i = 0; i < r->nvalues; i++) {
		pk_json_obj(w);
		pk_json_kstr(w, "kind", "value");
		ev_record_value_json(w, &r->values[i].r, 1);
		pk_json_end_obj(w);
	}
	for (i = 0; i < r->ncites; i++) {
		const ev_cite_item *c = &r->cites[i];

		pk_json_obj(w);
		pk_json_kstr(w, "kind", "citation");
		if (c->ok) {
			ev_record_ref_json(w, c->c.text, &c->p, &c->r);
		} else {
			pk_json_kstr(w, "input", c->c.text);
			pk_json_kstr(w, "error", c->error);
		}
		pk_json_end_obj(w);
	}
	pk_json_end_arr(w);
}

/* One output line per input record: the record with label, label_reason
 * and evidence, or {"id","where","error"}. */
static int on_record(void *vctx, const cJSON *rec, const char *where)
{
	label_ctx *c = vctx;
	const cJSON *text = rec ? cJSON_GetObjectItemCaseSensitive(rec, c->field) : NULL;
	const cJSON *id = rec ? cJSON_GetObjectItemCaseSensitive(rec, "id") : NULL;
	const cJSON *gt = rec ? cJSON_GetObjectItemCaseSensitive(rec, "ground_truth") : NULL;
	pk_buf out = PK_BUF_INIT;
	pk_json w;
	ev_result r;
	ev_opts o;
	char why[600], err[700];
	int rc = 0, label;

	c->n++;
	err[0] = '\0';
	pk_buf_init(&out, (size_t)64 << 20);
	pk_json_init(&w, &out);
	pk_json_obj(&w);
	if (!rec)
		snprintf(err, sizeof(err), "%s: not a JSON object", where);
	else if (!cJSON_IsString(text) || !*text->valuestring)
		snprintf(err, sizeof(err), "%s: no \"%s\" text", where, c->field);
	if (!err[0]) {
		memset(&o, 0, sizeof(o));
		o.units = c->u;
		o.value_opts = &c->v.o;
		o.ref_opts = &c->ref.o;
		if ((rc = kg_txn_renew(c->t)) < 0) {
			pk_buf_release(&out);
			return rc;
		}
		if ((rc = ev_audit(c->t, text->valuestring, strlen(text->valuestring), &o, &r)) < 0) {
			if (rc == PK_ENOMEM || rc == PK_EIO) {
				pk_buf_release(&out);
				return rc;
			}
			snprintf(err, sizeof(err), "%s: %s", where, pk_error_last());
			pk_error_clear();
		}
	}
	if (err[0]) {
		c->errors++;
		{
			char *raw = id ? cJSON_PrintUnformatted(id) : NULL;

			pk_json_kraw(&w, "id", raw);
			cJSON_free(raw);
		}
		pk_json_kstr(&w, "error", err);
		pk_json_end_obj(&w);
		if ((rc = tool_print_line(&out)) == 0 && c->strict)
			rc = pk_error_set(PK_ESTRICT, "%s (--strict)", err);
		pk_buf_release(&out);
		return rc;
	}
	copy_fields(&w, rec);
	label = ev_label_claim(&r, text->valuestring, strlen(text->valuestring), why, sizeof(why));
	pk_json_key(&w, "label");
	if (label < 0) {
		pk_json_null(&w);
		c->unlabelled++;
	} else {
		pk_json_str(&w, ev_label_name(label));
		c->per[label]++;
		if (cJSON_IsString(gt) && ev_label_parse(gt->valuestring) >= 0) {
			c->with_truth++;
			c->truth_same += ev_label_parse(gt->valuestring) == label;
		}
	}
	pk_json_kstr(&w, "label_reason", why);
	write_evidence(&w, &r);
	ev_result_release(&r);
	pk_json_end_obj(&w);
	if ((rc = pk_json_error(&w)) == 0)
		rc = tool_print_line(&out);
	pk_buf_release(&out);
	return rc;
}

static void label_usage(FILE *f)
{
	fprintf(f,
		"usage: provkg label-claims [options] [FILE|-]\n"
		"  FILE              claims: a JSON array or JSON Lines of objects with the claim text in\n"
		"                    \"claim\" (a skepticism dataset); - or none: standard input\n"
		"  --field NAME      the text field (default claim)\n"
		"  --strict          stop at the first unreadable record (exit 3)\n"
		"  --db DIR          the graph\n"
		"  values:     --edition YEAR --tolerance F --tolerance-computed F --tolerance-for P=F\n"
		"  references: --closed-world --online --crossref-url U --mailto A --cache-ttl D --rows N\n"
		"              --timeout S --retries N --cacert FILE     (as check-value and check-ref)\n"
		"labels: a value that is wrong, in a wrong unit or outdated -> disagree; else a citation\n"
		"        that is fabricated, unverifiable or described wrongly, or a right value credited\n"
		"        in prose to a source it was not verified against -> suspicious; else a value or\n"
		"        reference that traces to the graph -> agree; nothing checkable -> null\n"
		"output: each record with \"label\", \"label_reason\" and \"evidence\" (the verdicts) added,\n"
		"        in input order; {\"id\",\"error\"} for a record that cannot be read\n"
		"exit: 0 done, 2 usage, 3 a missing file or unreadable input (--strict), 4 graph error,\n"
		"      5 I/O error\n");
}

int cmd_label_claims(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "db", required_argument, NULL, 'd' },
		{ "field", required_argument, NULL, 'F' },
		{ "strict", no_argument, NULL, 'S' },
		TOOL_VALUE_LONGOPTS,
		TOOL_REF_LONGOPTS,
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	label_ctx c;
	tool_ref_cfg rcfg;
	const char *db = NULL, *path = "-";
	kg_store *s = NULL;
	int ch, rc, code = EXIT_OK;

	memset(&c, 0, sizeof(c));
	c.field = "claim";
	tool_ref_init(&rcfg);
	while ((ch = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (ch) {
		case 'd': db = optarg; break;
		case 'F': c.field = optarg; break;
		case 'S': c.strict = 1; break;
		case 'h': label_usage(stdout); return EXIT_OK;
		default:
			if ((rc = tool_value_option(ch, optarg, &c.v)) > 0 || (rc == 0 && (rc = tool_ref_option(ch, optarg, &rcfg)) > 0))
				break;
			if (rc == 0)
				label_usage(stderr);
			return EXIT_USAGE;
		}
	}
	if (optind + 1 < argc) {
		label_usage(stderr);
		return EXIT_USAGE;
	}
	if (optind < argc)
		path = argv[optind];
	if ((code = tool_checks_open(&rcfg, &c.v, tool_db_path(db), &s, &c.t, &c.u, &c.ref)) != EXIT_OK)
		goto done;
	if ((rc = tool_each_record(path, on_record, &c)) < 0) {
		tool_error("%s", pk_error_last());
		code = rc == PK_EPARSE || rc == PK_ESTRICT ? EXIT_DATA : tool_exit_code(rc);
		goto done;
	}
	fprintf(stderr, "provkg: %zu claims: %zu agree, %zu disagree, %zu suspicious, %zu unlabelled%s\n", c.n - c.errors,
		  c.per[EV_AGREE], c.per[EV_DISAGREE], c.per[EV_SUSPICIOUS], c.unlabelled,
		  c.errors ? " (and unreadable records, see the error lines)" : "");
	if (c.with_truth)
		fprintf(stderr, "provkg: the label equals ground_truth for %zu of the %zu labelled claims that have one\n", c.truth_same,
			  c.with_truth);
done:
	tool_ref_close(&c.ref);
	query_units_free(c.u);
	kg_txn_free(c.t);
	kg_store_free(s);
	return code;
}
