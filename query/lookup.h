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

#include <stddef.h>
#include <stdint.h>

typedef struct query_match {
	char *name;       /* "Planck constant", "relative atomic mass of Fe-56" */
	char *symbol;     /* conventional symbol, or NULL */
	char *quantity;   /* quantity node key */
	char *entity;     /* entity node key, or NULL */
	char *kind;       /* quantity kind: "constant", "atomic", ... */
	double value;
	double uncertainty;
	double lo, hi;    /* KG_V_INTERVAL */
	char *value_text;
	char *unc_text;
	char *unit;       /* NULL when dimensionless */
	char *source;     /* "CODATA", "NIST-AW" */
	char *edition;
	char *locator;
	char *note;
	uint32_t flags;   /* KG_V_* */
	int score;        /* how the name matched: 100 exact symbol ... 10 partial words */
	uint64_t value_id; /* graph value id (materials: the field's listing order) */
	/* computed material properties (kind "material property") only: */
	double tolerance; /* the property's relative tolerance for check-value, <0 unset */
	char *group;      /* the space-group symbol, to tell polymorphs apart */
	char *method;     /* "DFT (GGA)", "DFT" when the document names no functional */
	int rank;         /* 1 the most stable polymorph of the formula, 2 the next ... */
} query_match;

typedef struct query_matches {
	query_match *m;
	size_t n, cap;
} query_matches;

typedef struct query_lookup_opts {
	const char *edition; /* only this edition; NULL: the newest edition holding each value */
	int all_editions;    /* every edition, newest first */
	size_t max;          /* at most this many matches (0: 50) */
} query_lookup_opts;

/* A resolved node: what a query names. */
/* Target types beyond the node types: a material by id, or by formula. */
enum { QUERY_MATERIAL = 'M', QUERY_FORMULA = 'F' };

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

/* Resolve and expand to values. out is appended to; release with
 * query_matches_release. PK_EINVAL for an empty or invalid (non-UTF-8) query.
 * Zero matches is success with out->n == 0. */
int query_lookup(kg_txn *t, const char *query, const query_lookup_opts *o, query_matches *out);
void query_matches_release(query_matches *ms);
/* Append a zeroed match, counted at once so that query_matches_release
 * frees whatever a failed fill leaves; NULL (PK_ENOMEM set) when out of
 * memory. */
query_match *query_matches_add(query_matches *ms);
/* Free one match's strings (for a match moved out of a query_matches). */
void query_match_release(query_match *m);

/* Does text name an isotope ("13C", "¹H", "Fe-56", "carbon-12")? 1 with
 * its entity key ("C-13") in key, 0 if not, <0 on error. */
int query_isotope(kg_txn *t, const char *text, char *key, size_t n);

/* Expand one node into matches (used by check-value too). */
int query_expand(kg_txn *t, const query_target *target, const query_lookup_opts *o,
		 query_matches *out);

#endif
