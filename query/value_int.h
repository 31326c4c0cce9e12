/* query/value_int.h - what the parts of the value checker share:
 * mention.c (finding mentions), valref.c (choosing the reference),
 * judge.c (deciding), explain.c (saying why) and value.c (the checker).
 * Not a public interface. */
#ifndef QUERY_VALUE_INT_H
#define QUERY_VALUE_INT_H

#include "value.h"

/* A candidate reference: the values of one quantity a phrase names. */
typedef struct cand {
	query_matches ms;  /* all editions of the target's values */
	size_t ref;        /* index of the reference match */
	qu_unit ref_unit;
	int level;         /* 3 same dimension, 2 equivalence, 1 no unit cited, 0 incompatible */
	int score;
	double closeness;  /* |log10(cited / reference)| */
	int atomic;        /* relative atomic mass style: u, Da, g/mol convert */
	int whole;         /* from a material or entity named without a property */
	int variant;       /* a CODATA variant ("Boltzmann constant in Hz/K") */
	int measured;      /* measurement reports (KG_V_MEASURED), not computed values */
	int same_scale;    /* the cited unit is the reference's own, spelled any way */
	int exact_name;    /* the phrase is the reference's own name, not an alias of it */
	/* materials: how the reference material was chosen, the candidates */
	char why[160];
	char ids[8][24];
	size_t nids;
} cand;

/* ---- mention.c ---- */
/* Length of the sentence boundary at s[i] ("。", ";", ". " before a
 * capital), 0 if none: qv_boundary_at decides any byte; the inline
 * qv_is_boundary_at decides most on the byte alone (called for every byte
 * around every number) and leaves '.' and the CJK stops to it. */
int qv_boundary_at(const char *s, size_t n, size_t i);
static inline int qv_is_boundary_at(const char *s, size_t n, size_t i)
{
	/* 1: a boundary by itself; 2: qv_boundary_at decides */
	static const unsigned char kind[256] = { ['\n'] = 1, [';'] = 1, ['!'] = 1, ['?'] = 1,
						 ['.'] = 2, [0xE3] = 2, [0xEF] = 2 };
	unsigned k = kind[(unsigned char)s[i]];

	return k < 2 ? (int)k : qv_boundary_at(s, n, i);
}
/* The sentence around m's number: [*a, *b) in nt's normalised text. */
void qv_sentence_around(const pk_normtext *nt, const qv_mention *m, size_t *a, size_t *b);
/* Its clause: the sentence cut at ", whereas", "; ", ", while", "而". */
void qv_clause_around(const pk_normtext *nt, const qv_mention *m, size_t *a, size_t *b);
/* Does the mention's clause report a measurement ("measured", "at room
 * temperature", "实验")? A computation ("DFT", "calculated", "计算")? */
int qv_measured_in_clause(const pk_normtext *nt, const qv_mention *m);
int qv_computed_in_clause(const pk_normtext *nt, const qv_mention *m);
/* Is the claim marked computed: a computation named in its sentence and no
 * measurement, or, both named, the computation standing for its number and
 * the measurement not ("The DFT band gap ... is 0.6 eV, underestimating the
 * experimental 1.12 eV": 0.6 is computed, 1.12 measured)? */
int qv_computed_mark(const pk_normtext *nt, const qv_mention *m);
/* ... says "respectively" (or 分别) */
int qv_respectively_in_clause(const pk_normtext *nt, const qv_mention *m);
/* ... names a form other than the bulk crystal that measurement
 * compilations and the Materials Project describe ("monolayer",
 * "quantum dot", "nanowire", "amorphous", "单层"): the word into out (a
 * stem), 1; else 0 */
int qv_form_in_clause(const pk_normtext *nt, const qv_mention *m, char *out, size_t n);
/* ... names the Materials Project's method: "PBE", "GGA", "Materials Project" */
int qv_mp_method_in_clause(const pk_normtext *nt, const qv_mention *m);
/* The temperature the clause states for the value ("at 300 K", "room
 * temperature" 300 K, "室温"), in K, or NAN; and the transition it names
 * ("direct", "indirect" into out, or ""). */
double qv_clause_temperature(const pk_normtext *nt, const qv_mention *m);
void qv_clause_transition(const pk_normtext *nt, const qv_mention *m, char *out, size_t n);
/* Does the clause name quantity qkey before the value, by a word of its
 * names that few quantities share ("gap", "bandgap", "lattice", 带隙;
 * not "energy" or "constant")? 1/0. For a value beside a material named
 * alone: "the electron affinity of GaAs is 4.07 eV" does not name its band
 * gap. */
int qv_clause_names_quantity(kg_txn *t, const pk_normtext *nt, const qv_mention *m, const char *qkey);
/* Is the mention's bare number followed by a word that makes it a count
 * or a ratio ("1836 electron masses", "207 times", "3 orders")? The number
 * and the words into out, 1; else 0. */
int qv_count_after(const pk_normtext *nt, const qv_mention *m, char *out, size_t on);
/* The one CODATA edition the sentence names ("CODATA 2014") into out, or "". */
void qv_named_edition(const pk_normtext *nt, const qv_mention *m, char *out, size_t n);

/* ---- valref.c ---- */
int qv_is_atomic_quantity(const query_match *m);
/* The reference match: the edition asked for, else the newest. */
size_t qv_pick_ref(const query_matches *ms, const char *edition, int *found);
/* A material property's reference: the material the text names by id or
 * space group, else the most stable; the edition asked for, else the newest. */
size_t qv_pick_material(cand *cd, const pk_normtext *nt, const char *edition, int *found);
/* The cited value in the reference's unit (*c), half a unit of its last
 * digit (*hu), in SI (*cited_si), and the equivalence used. 0, or
 * PK_EINVAL when the units do not convert. */
int qv_cited_in_ref(const query_units *u, const qv_mention *m, const cand *cd, double *c, double *hu,
		    double *cited_si, char *how, size_t hown);
/* The candidates the mention's phrase names (*out: free with
 * qv_cand_release and pk_free). A material property whose sentence is
 * about a material the graph does not hold has none, and `other` (on
 * bytes) names that material; 1 (none either) when the value is given
 * for two materials at once ("the band gap of Si and GaAs is 1.12 eV"),
 * `other` naming both; else 0. */
int qv_candidates(kg_txn *t, const pk_normtext *nt, const qv_mention *m, cand **out, size_t *nout, char *other,
		  size_t on);
/* Split candidates whose values span several quantities. */
int qv_split_by_quantity(cand **cs, size_t *n);
void qv_cand_release(cand *c, size_t n);
/* The relative tolerance of a computed property. */
double qv_computed_tolerance(const query_match *r, const qv_opts *o);
/* A value that is another polymorph's than the one chosen: a reason. */
void qv_other_polymorph(const cand *cd, const query_match *ref, double c, double prec, qv_result *out);

#endif
