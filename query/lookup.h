/* query/lookup.h - find quantities, elements and isotopes by name, symbol
 * or alias, and return their values with provenance.
 *
 * Resolution, best first: an exact symbol ("h", "G", "ħ", "Fe", "D"); a
 * name or alias ignoring case and spaces ("Planck constant", "光速");
 * an isotope written as "Fe-56", "56Fe", "⁵⁶Fe", "iron-56", "碳-12"; a
 * quantity of an entity ("standard atomic weight of carbon", "碳的原子量");
 * else every quantity whose name holds all the query's words.
 */
#ifndef QUERY_LOOKUP_H
#define QUERY_LOOKUP_H

#include "../kg/graph.h"
#include "match.h"

#include <stddef.h>
#include <stdint.h>


/* A resolved node: what a query names. */

typedef struct query_target {
	char type;       /* KG_QUANTITY, KG_ENTITY, QUERY_MATERIAL or QUERY_FORMULA */
	char *key;
	char *qualifier; /* quantity key restricting an entity's values, or NULL */
	int score;
} query_target;

typedef struct query_targets {
	query_target *t;
	size_t n, cap;
} query_targets;

/* Resolve a query to nodes, best first. */
int query_resolve(kg_txn *t, const char *query, query_targets *out);
/* The same with flags: QUERY_EXACT_ONLY skips the partial word search
 * (names, aliases, symbols, isotopes and "X of Y" only). */
enum { QUERY_EXACT_ONLY = 1 };
int query_resolve_flags(kg_txn *t, const char *query, int flags, query_targets *out);
void query_targets_release(query_targets *ts);
/* For the value checker's phrase searches (query/mention.c, keys 'L' and
 * 'R') and quantities' variants (query/valref.c, 'V'): a memo kept with
 * the read transaction's resolutions, which the answers depend on, and
 * dropped with them (a newer commit never reads it). Borrowed; NULL: a
 * write transaction, or no memory to spare. */
struct pk_memo *query_phrase_memo(kg_txn *t);

/* Resolve and expand to values. out is appended to; release with
 * query_matches_release. PK_EINVAL for an empty or invalid (non-UTF-8) query.
 * Zero matches is success with out->n == 0. */
int query_lookup(kg_txn *t, const char *query, const query_lookup_opts *o, query_matches *out);

/* Does text name an isotope ("13C", "¹H", "Fe-56", "carbon-12")? 1 with
 * its entity key ("C-13") in key, 0 if not, <0 on error. */
int query_isotope(kg_txn *t, const char *text, char *key, size_t n);

/* Expand one node into matches (used by check-value too). */
int query_expand(kg_txn *t, const query_target *target, const query_lookup_opts *o,
		 query_matches *out);

#endif
