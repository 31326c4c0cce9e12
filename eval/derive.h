/* eval/derive.h - derivations written in LaTeX: are their equations
 * dimensionally consistent, and does each step keep the equality?
 *
 * Math is found in $...$, $$...$$, \(...\), \[...\] and the equation,
 * align, gather and multline environments (the lines of align are one
 * chain when a line begins with its relation: "E &= ... \\ &= ..."). Each
 * relation chain "a = b = c" is parsed into expression trees: numbers,
 * symbols with subscripts (k_B, m_e, \varepsilon_0), + - products (\cdot,
 * \times, juxtaposition) / \frac \sqrt powers, \exp \ln \sin ... and e^{x},
 * \partial and d derivatives (\frac{\partial^2 f}{\partial x^2},
 * \frac{\partial}{\partial r}(...)), \nabla, \sum, \int and \lim (opaque
 * operators with their arguments), \mathrm{}/\text{} units, \approx,
 * \propto, \sim.
 *
 * Dimensions. Symbols are bound to dimensions by, in this order: what the
 * text says ("where E is in eV", "n in cm^{-3}", "where \mu is the reduced
 * mass", "in spherical coordinates (r, \theta, \phi)"), then the
 * constants of the graph under their usual symbols (\hbar, h, c, e, k_B,
 * \varepsilon_0, m_e, \mu_0, N_A, a_0, ... with the unit the graph gives);
 * a symbol the text defines otherwise ("where c is the concentration") is
 * not a constant. An unbound symbol keeps a dimension of its own, [psi]:
 * so [psi]/m^2 against [psi] is decided (they differ by m^2) while [a]
 * against [b] is not. An equation is inconsistent only where two parts
 * that must agree (the sides, added terms, the argument of a function and
 * a pure number) differ by a known factor; unbound symbols make it
 * unknown, never inconsistent.
 *
 * Steps. Each "=" of a chain whose two sides hold the same free symbols
 * is checked by evaluating both at 6 seeded random positive draws of them
 * (long double, relative tolerance 1e-9); the first step that fails is
 * reported with the draw. A step with \approx, \sim, \propto or an
 * inequality, a derivative, integral, sum or limit, or whose sides differ
 * in their symbols (it substitutes an earlier relation) is not judged and
 * says so.
 */
#ifndef EV_DERIVE_H
#define EV_DERIVE_H

#include "../kg/store.h"
#include "../query/units.h"

#include <stddef.h>

enum ev_dv_verdict { EV_DV_CONSISTENT, EV_DV_INCONSISTENT, EV_DV_BROKEN_STEP, EV_DV_UNKNOWN };
/* "consistent", "inconsistent", "broken_step", "unknown" */
const char *ev_dv_verdict_name(int v);

#define EV_DV_MAX 200 /* equations read per text; the rest are counted */

typedef struct ev_deriv {
	size_t start, end;     /* the chain in the text given (byte offsets) */
	int verdict;
	char latex[300];       /* the chain as written (cut on a character boundary) */
	char reason[600];      /* why, naming the parts, dimensions and bindings */
	char dims[200];        /* each side's dimension: "kg m^2 s^-2 = kg m^2 s^-2" */
	int steps, steps_hold, steps_skipped;
	char skipped[200];     /* why steps were not judged, when some were not */
} ev_deriv;

typedef struct ev_derivs {
	ev_deriv *v;
	size_t n;
	size_t cap;            /* v's room (grown as equations come) */
	size_t more;           /* equations past EV_DV_MAX, not read */
	char bindings[800];    /* "ħ: reduced Planck constant J s (CODATA 2022); E: eV (the text)" */
} ev_derivs;

/* Check the derivations of text[0..n). t and u: the graph and its units
 * (constants are looked up in t). *out is owned by the caller:
 * ev_derivs_release. PK_ENOMEM, or a graph error; a formula that cannot
 * be parsed is an equation with verdict unknown and the reason. */
int ev_derivations(kg_txn *t, const query_units *u, const char *text, size_t n, ev_derivs *out);
void ev_derivs_release(ev_derivs *d);

struct pk_json;
/* One equation as a JSON object {"span","latex","verdict","reason",
 * "dimensions","steps":{"checked","hold","not_judged","why_not"}}; all of
 * them as an array. Errors stay in the writer (pk_json_error). */
void ev_deriv_write(struct pk_json *w, const ev_deriv *d);
void ev_derivs_write(struct pk_json *w, const ev_derivs *d);

#endif
