/* query/match.h - a value found in the graph, with its provenance: what
 * lookup, check-value's references and the materials return. Below both
 * query/lookup and query/material, so neither needs the other for it. */
#ifndef QUERY_MATCH_H
#define QUERY_MATCH_H

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
	/* The strings above are the match's own: each its own allocation, or,
	 * in a copy made by query_matches_add_copy, all in this one block
	 * (NULL: none), which the copies of that copy share (counted: the
	 * last release frees it). Code that frees, replaces or writes one
	 * string of a match must not exist; a match is released whole
	 * (query_match_release), or moved whole (a struct copy, the source
	 * forgotten). */
	char *block;
	size_t block_len; /* the block's bytes of strings (0: no block) */
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

/* Target types beyond the node types: a material by id, or by formula. */
enum { QUERY_MATERIAL = 'M', QUERY_FORMULA = 'F' };

/* Free every match (their strings) and the array; ms is empty after. */
void query_matches_release(query_matches *ms);
/* Append a zeroed match, counted at once so that query_matches_release
 * frees whatever a failed fill leaves; NULL (PK_ENOMEM set) when out of
 * memory. */
query_match *query_matches_add(query_matches *ms);
/* Free one match's strings (for a match moved out of a query_matches). */
void query_match_release(query_match *m);
/* Append a copy of src to ms: its strings in one block (src's own block
 * when src is such a copy, shared), 0, or PK_ENOMEM with ms holding what
 * it held before. */
int query_matches_add_copy(query_matches *ms, const query_match *src);

#endif
