/* query/material.h - Materials Project properties as lookup matches.
 *
 * Materials are named by id ("mp-149") or by formula ("Fe2O3", "O3Fe2",
 * "Fe₂O₃" all the same); a formula may have several materials
 * (polymorphs): the ground state (lowest energy above hull) comes first,
 * the other candidates after it. Every match says it is computed (DFT, with
 * the functional when the document names it) and carries material_id,
 * edition and field in its locator.
 */
#ifndef QUERY_MATERIAL_H
#define QUERY_MATERIAL_H

#include "../kg/graph.h"
#include "match.h"

/* A material id with records in the graph ("mp-149", "mvc-1234")? 1/0. */
int query_material_id(kg_txn *t, const char *text);
/* Text that parses as a formula some material has: writes the reduced
 * formula key ("Fe2O3") to key and returns 1, else 0. */
int query_material_formula(kg_txn *t, const char *text, char *key, size_t n);

/* Expand a material target: type QUERY_MATERIAL (key = id) or
 * QUERY_FORMULA (key = formula key); qualifier: a material-property
 * quantity key, or NULL for every property. Appends to out. */
int query_material_expand(kg_txn *t, char type, const char *key, const char *qualifier,
			  const query_lookup_opts *o, int score, query_matches *out);

/* One material of a formula chosen by a qualifier: its material id
 * ("Fe (mp-136)"), its space-group symbol ("Fe Fm-3m"), or a crystal
 * system that only one of the polymorphs has ("hexagonal Fe"). Writes the
 * material id to id and returns 1, else 0. */
int query_material_select(kg_txn *t, const char *fkey, const char *qualifier, char *id, size_t n);

/* Is the binary compound of cation cat and anion an ("Ga", "As") 1:1
 * in its common form (III-V, II-VI, alkali and silver halides, SiC, PbS,
 * SnTe)? A name without counts ("gallium arsenide", 砷化镓) fixes its
 * formula only then. 1/0. */
int query_binary_one_to_one(const char *cat, const char *an);

/* The anion a word of a compound's English name names, with its count
 * prefix: "arsenide" As (count 0: none), "dioxide" O 2, "disulfide" S 2.
 * word[0..len) in lower case. The symbol into sym (n bytes), the count
 * into *count; 1, or 0 when the word names no anion. */
int query_anion_word(const char *word, size_t len, char *sym, size_t n, int *count);

/* The formula an element's symbol and an anion word fix ("Ga" and
 * "arsenide": "GaAs"; "Si" and "dioxide": "SiO2") into f (n bytes): with
 * a count prefix, or for a 1:1 pair (query_binary_one_to_one). 1 fixed,
 * 0 not ("silicon nitride", "iron oxide": f is ""). */
int query_compound_formula(const char *cat, const char *an, int count, char *f, size_t n);

/* Is this quantity key a material property? */
int query_is_material_property(kg_txn *t, const char *qkey);

#endif
