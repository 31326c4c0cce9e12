/* query/units.h - units as people and models write them.
 *
 * A parsed unit is a scale (and, for °C/°F, an offset) onto SI base units
 * plus a dimension vector over m kg s A K mol cd. The unit table is data
 * (data/sources/units.tsv, ingested as unit nodes); units defined by a
 * CODATA constant (eV, u, Da, E_h, a0, μB, ...) take that constant's value
 * from the graph, of the edition in use: 1 eV is 1.602 176 634e-19 J from
 * CODATA 2018 on and 1.602 176 6208e-19 J with --edition 2014.
 *
 * Accepted forms: "m/s", "m s^-1", "m·s⁻¹", "m⋅s-1", "kg m^2 s^-2", "J/K",
 * "J s", "g/cm³", "kJ/mol", "(GeV/c^2)^-2", "cm⁻¹", "°C", "µm"/"μm"/"um",
 * "meters per second", "米/秒", SI prefixes on the units that take them.
 * Superscripts are expected folded (NFKC) and dashes unified, as
 * pk_text_fold(PK_FOLD_DASH) leaves them; query_units_parse folds itself.
 */
#ifndef QUERY_UNITS_H
#define QUERY_UNITS_H

#include "../kg/store.h"

#include <stddef.h>

#define QU_NDIM 7 /* m kg s A K mol cd */

typedef struct qu_dim {
	signed char e[QU_NDIM];
} qu_dim;

typedef struct qu_unit {
	double scale;  /* SI value = value * scale + offset */
	double offset; /* non-zero only for a lone °C or °F */
	qu_dim dim;
	int prefixed;  /* an SI prefix was applied */
	int constant;  /* depends on a CODATA constant (edition-specific) */
	int count;     /* the power of a count ("atom"): -1 in "eV/atom", 0 in "eV";
			* dimensionless, so the dimension alone does not tell them apart */
} qu_unit;

typedef struct query_units query_units;

/* Load the unit table from the graph and resolve constant-defined units
 * with the CODATA edition `edition` (NULL: the newest in the graph; an
 * edition CODATA does not have also means the newest). The txn is only
 * used during the call. *out: free with query_units_free. PK_ENOTFOUND when
 * the graph holds no unit table. */
int query_units_open(query_units **out, kg_txn *t, const char *edition);
void query_units_free(query_units *u);
/* The CODATA edition whose constants are in use ("" if none). */
const char *query_units_edition(const query_units *u);

/* Parse a whole unit string; "" is dimensionless. PK_EPARSE names the
 * token that is not a unit. */
int query_units_parse(const query_units *u, const char *s, size_t n, qu_unit *out);

/* The reading of a unit whose symbols are written together, as British
 * and exam texts write them: "Nm^2/kg^2" (N m^2 kg^-2), "JK^-1mol^-1",
 * "Wm^-2K^-4", "C^2N^-1m^-2", "ms^-1" (m s^-1, which SI reads per
 * millisecond), "mK" (m K). Each run of letters is split into unprefixed
 * unit symbols (m s g kg A K mol N J W C V F T H Pa Hz Wb eV L Ω) in one
 * way only, and a symbol glued to the exponent before it is set apart.
 * 1: *out is that reading and as[0..asn) its text ("N m^2/kg^2"); 0: no
 * such reading, or the same as s (one symbol per run, already apart). */
int query_units_parse_glued(const query_units *u, const char *s, size_t n, qu_unit *out, char *as, size_t asn);

/* Longest prefix of normalised text s that is a unit (for units after a
 * number in prose). Returns the bytes consumed (0: none) and sets *out.
 * Stops before words that merely look like units ("as", "in", "at"). */
size_t query_units_scan(const query_units *u, const char *s, size_t n, qu_unit *out);

/* As query_units_scan, and never drop a unit: when the text after the
 * number looks like a unit that cannot be read, in whole or in part
 * ("zorp/s", "g/xx", "km s^-1 Zpc^-1", "statX", "zorps"), the return is
 * 0 and *unread the length of that unit-like text (else *unread is 0). The
 * words prose puts after numbers ("of", "and", "times", "exactly",
 * "electrons", "according") are words, not units: a list, so that an
 * unknown word is never taken for "no unit given". */
size_t query_units_scan_checked(const query_units *u, const char *s, size_t n, qu_unit *out, size_t *unread);

/* The definition behind one unit symbol or name, unprefixed ("eV",
 * "atm", "ft"): 1 found, 0 not. *codata: the CODATA constant that defines
 * it ("electron volt" for eV, "Bohr radius" for a0) or NULL; *origin:
 * "provkg units.tsv" or "Pint". Both borrowed, valid while u is. */
int query_units_definition(const query_units *u, const char *s, size_t n, const char **codata, const char **origin);

/* Do two dimensions have the same exponents? Is d dimensionless? (1 / 0) */
int qu_dim_eq(const qu_dim *a, const qu_dim *b);
int qu_dim_is_none(const qu_dim *d);
/* "kg m^2 s^-2" ("1" for dimensionless). */
void qu_dim_format(char *buf, size_t n, const qu_dim *d);
/* "energy", "speed", ... or NULL for unnamed dimensions. */
const char *qu_dim_name(const qu_dim *d);

/* SI values of the constants conversions need (edition in use). 0 if the
 * graph lacks one. */
typedef struct qu_constants {
	double c, h, k, NA, e, mu, Mu;
} qu_constants;
/* The constants of u's CODATA edition (SI values), for the equivalences
 * below; borrowed, valid while u is. */
const qu_constants *query_units_constants(const query_units *u);

/* Convert an SI value of dimension `from` into dimension `to`, directly or
 * through the equivalences scientists use (energy <-> temperature E = kT,
 * frequency E = h nu, wavenumber E = h c nu~, wavelength E = h c / lambda,
 * mass E = m c^2, per mole E_m = N_A E). Returns 0 and sets *out and *how
 * ("" when no equivalence was needed, else e.g. "E = k T"), or PK_EINVAL
 * when the dimensions are incompatible. */
int query_units_convert(const query_units *u, double si, const qu_dim *from, const qu_dim *to,
			double *out, char *how, size_t hown);

/* Convert `value` given in unit string `from` into unit string `to` (both
 * whole unit strings as query_units_parse reads them; °C and °F offsets
 * applied), directly or through an equivalence. PK_EPARSE names a unit
 * that cannot be read, PK_EINVAL says the dimensions do not convert. */
int query_units_convert_text(const query_units *u, double value, const char *from, const char *to,
			     double *out, char *how, size_t hown);

#endif
