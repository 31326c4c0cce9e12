/* eval/claims.h - labelled claims from the graph (gen-claims) and labels
 * for claims that carry values or references (label-claims).
 *
 * Generation takes wordings, names and made-up material from a template
 * file (data/claims/templates.json) and every value and piece of evidence
 * from the graph, then verifies what it wrote with query/value: a claim
 * whose verdict does not give the intended label is dropped and another
 * drawn, so every label traces to the graph. Categories, in turn so they
 * stay balanced:
 *   verifiable_fact      agree: a value at its published precision or
 *                        correctly rounded; disagree: off by 10^3, a few
 *                        per cent off, a unit of another dimension, or an
 *                        older CODATA edition's value
 *   pseudo_authority     suspicious: a right value credited to a made-up source
 *   unsourced_assertion  suspicious: a property of a made-up compound the
 *                        graph does not hold, asserted as well known
 *   unfalsifiable        suspicious: a difference no measurement could detect
 *   overgeneralization   disagree: "every standard atomic weight is a single
 *                        number", against an element the graph gives an
 *                        interval for
 *   false_consensus      disagree: "known exactly" for a constant with a
 *                        standard uncertainty
 *   false_causality      disagree: "changed because of the 2019 SI
 *                        redefinition" for a constant CODATA 2014 and the
 *                        newest edition give the same value
 * English and Chinese alternate (or one language). Seeded: the same graph,
 * templates, seed and count give the same claims.
 */
#ifndef EV_CLAIMS_H
#define EV_CLAIMS_H

#include "../kg/store.h"
#include "../query/lookup.h"
#include "../query/units.h"
#include "audit.h"

enum { EV_LANG_BOTH, EV_LANG_EN, EV_LANG_ZH };

#define EV_CLAIM_EVIDENCE 3
#define EV_CLAIM_CATEGORIES 7  /* the categories gen-claims makes */

typedef struct ev_claim {
	size_t id;
	char claim[512];
	const char *category;
	int truth;                 /* EV_AGREE ... */
	char rationale[400];
	const char *lang;          /* "en", "zh" */
	query_match evidence[EV_CLAIM_EVIDENCE];  /* owned; released after the callback */
	size_t nevidence;
	int repeat;                /* the text was made before: its kind ran out of distinct claims */
} ev_claim;

typedef int (*ev_claim_fn)(void *ctx, const ev_claim *c);

/* Generate n claims. PK_EPARSE for a bad template file (naming the spot);
 * PK_ENOTFOUND when the graph lacks what a category needs (CODATA
 * editions, NIST atomic weights). */
int ev_gen_claims(kg_txn *t, const query_units *u, const char *templates, size_t n, unsigned long long seed,
		  int lang, ev_claim_fn fn, void *ctx);

/* A label for a claim (text[0..n)) from its audit: a value that is wrong,
 * in a wrong unit or outdated -> disagree; a citation fabricated,
 * unverifiable or described wrongly -> suspicious; values that trace but
 * are credited in prose to a source other than the one they were verified
 * against ("according to a 2024 Nature paper by Smith et al.") ->
 * suspicious; otherwise at least one value or reference that traces ->
 * agree; nothing checkable -> -1 (unlabelled). why gets the reason. */
int ev_label_claim(const ev_result *r, const char *text, size_t n, char *why, size_t nwhy);

#endif
