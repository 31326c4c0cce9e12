/* query/value.h - verify a value cited in a sentence ("check-value").
 *
 * Given text a model wrote ("the speed of light is 3×10^5 m/s", "光速约为
 * 3×10⁸ m/s", "G = 6.67408(31)e-11 m^3 kg^-1 s^-2"), find the number, its
 * unit and the quantity it names (name, alias or symbol in English or
 * Chinese, disambiguated by the unit's dimension), convert the cited value
 * into the reference's unit (through energy/temperature/frequency/
 * wavenumber/wavelength/mass equivalences when needed, stated), and decide
 * a verdict, in this order:
 *   match           agrees with the edition checked within the cited
 *                   precision (half a unit in the last cited digit)
 *   outdated        equals an older edition's value at the cited precision
 *   match           within two standard uncertainties of the edition checked
 *   approximate     within the relative tolerance (default 1%)
 *   mismatch        a wrong number; diagnosis: off by 10^n (a prefix slip
 *                   when n is a multiple of 3), swapped exponent sign,
 *                   wrong sign, or wrong value
 *   unit_mismatch   the unit's dimension does not fit the quantity
 *   unknown         no number, no quantity, or no reference value
 * Computed material properties (Materials Project) are checked against one
 * material: the one the text names by id or space-group symbol, else the
 * ground state (lowest energy above hull) of the formula; the verdict says
 * the reference is computed (DFT) and the tolerance is the property's.
 * A value that is physically implausible (a speed above c, a negative
 * absolute temperature or mass) says so in the diagnosis, even when no
 * reference exists.
 */
#ifndef QUERY_VALUE_H
#define QUERY_VALUE_H

#include "../common/json.h"
#include "../common/text.h"
#include "lookup.h"
#include "number.h"
#include "units.h"

enum qv_verdict {
	QV_MATCH, QV_OUTDATED, QV_APPROXIMATE, QV_MISMATCH, QV_UNIT_MISMATCH, QV_UNKNOWN
};
/* "match", "outdated", "approximate", "mismatch", "unit_mismatch",
 * "unknown": the QV_* verdict as records name it (static). */
const char *query_verdict_name(int verdict);

/* Why a verdict was reached: structured reason codes with the numbers and
 * names they need, in the order they apply. The judge (query/judge.c) and
 * the checker decide with these; query/explain.c turns them into text. The
 * names (query_reason_name) and their JSON fields are stable. */
enum qv_reason_code {
	QR_NO_UNIT = 1,       /* a: the reference unit the bare number was read in */
	QR_UNIT_UNREAD,       /* a: the unit-like text that could not be read */
	QR_NO_QUANTITY,       /* no quantity named */
	QR_NO_REFERENCE,      /* a: phrase, b: edition asked for ("" none) */
	QR_VARIABLE,          /* a: phrase, b: reference name, c: reference value+unit, n: 1 dimension fits */
	QR_EXPRESSION,        /* a: phrase */
	QR_QUALIFIED,         /* a: qualifier word, b: the quantity it qualifies */
	QR_OTHER_SUBJECT,     /* a: the material the sentence is about, b: the one found elsewhere; n: 1 one value
	                       * for the two materials in a (whose, not said) */
	QR_OUT_OF_RANGE,      /* a: number text */
	QR_AMBIGUOUS_COMMA,   /* a: number text, x, y: the two readings */
	QR_WITHIN_UNCERTAINTY, /* x: k (2), y: the combined standard uncertainty */
	QR_OUTDATED,          /* a: source, b: edition matched, c: newest edition, d: its value text */
	QR_APPROXIMATE,       /* x: tolerance, n: significant digits */
	QR_OFF_BY_POWER,      /* n: power of ten, x: 1 when a prefix slip (multiple of 3) */
	QR_SWAPPED_EXPONENT,  /* n: exponent written, x: the right one */
	QR_WRONG_SIGN,
	QR_WRONG_VALUE,
	QR_UNIT_SLIP,         /* a: unit written, b: unit the number is the value in, d: reference in a */
	QR_DIMENSION,         /* a: unit written, b: its dimension, c: reference name, d: its dimension and unit; e: hint */
	QR_MEASURED_ONLY_COMPUTED, /* a measured value and only a computed reference: not compared */
	QR_COMPUTED,          /* a: source, b: method, c: value unit, d: material */
	QR_EDITION_NAMED,     /* a: edition named, c: newer edition ("" none), d: its value ("" same) */
	QR_EDITION_NOT_HELD,  /* a: edition named, c: edition checked */
	QR_OTHER_POLYMORPH,   /* a: material (group), b: material chosen, n: 1 chosen is the most stable */
	QR_IMPLAUSIBLE,       /* a: why */
	QR_SIGN_CONVENTION,   /* a: "the electron's charge is -e" */
	QR_MEASURED,          /* a: source, n: reports compared, x, y: their range, c: condition */
	QR_NOT_EXACT,         /* the text says "exactly"; x: the reference's uncertainty, n: 1 an interval */
	QR_OWN_UNIT,          /* a: the value as written ("2 e"), b: the quantity its unit is, x: the multiple */
	QR_UNIT_READ_AS,      /* a: the unit written ("ms^-1"), b: the reading taken ("m s^-1"), c: the other's dimension,
	                       * "" when the unit as written could not be read */
	QR_REPORTS_DISAGREE,  /* within the range of measured reports that disagree by more than 10% */
	QR_COMMA_READ,        /* a: number text, x: thousands reading (taken), y: decimal reading; n: 1 English
	                       * thousands (the decimal reading disagrees), 0 either reading gives the verdict */
	QR_POWER_UNREAD,      /* a: number text; a power of ten follows it that could not be read */
	QR_COMPUTED_ONLY,     /* disagrees with a computed reference only, the text not saying it is computed */
	QR_OTHER_FORM,        /* a: the form the text names ("monolayer"), b: the bulk quantity not compared */
	QR_ONE_REPORT,        /* the one report of the stated conditions disagrees, the material's n reports
	                       * span [x, y] around the value; c: the condition */
	QR_PROPERTY_UNNAMED,  /* a: the material named alone, b: a property of it whose name the clause lacks */
	QR_COUNT_AFTER,       /* a: the number and the words after it, b: the quantity not compared */
	QR_OTHER_TRANSITION,  /* a: the transition the text names ("direct"), b: the reports' ("indirect"), c: the
	                       * quantity */
	QR_UNIT_APART,        /* a: the unit the clause states apart from the number; n: 1 it is not the
	                       * quantity's dimension (not compared) */
	QR_AMBIGUOUS_POWER,   /* a: number text ("6.022 × 1023"), x: the power reading, y: the product */
	QR_POWER_READ,        /* a: number text, x: the reading taken, y: the other; n: 0 either reading gives
	                       * the verdict, 1 the power (the product would not agree), 2 the product */
	QR_TRAILING_ZEROS,    /* agrees only read with fewer significant digits (n), its trailing zeros
	                       * not significant */
	QR_SET_ASIDE,         /* only reports set aside agree, or none other is left: a: what they are ("the
	                       * direct gap", "an amorphous sample"), b: the fundamental transition ("indirect",
	                       * or ""), c: the report's note, x: its value, d: the quantity; n: 1 one agrees */
	QR_COUNT
};

#define QV_REASONS_MAX 8
#define QV_REASON_TEXT 96

typedef struct qv_reason {
	int code;
	int n;
	double x, y;
	char a[QV_REASON_TEXT], b[QV_REASON_TEXT], c[QV_REASON_TEXT], d[QV_REASON_TEXT], e[QV_REASON_TEXT];
} qv_reason;

/* "no_unit", "off_by_power_of_ten", ... */
const char *query_reason_name(int code);

/* A relative tolerance for one computed property, named by its MP field
 * ("band_gap") or its quantity name ("band gap"). */
typedef struct qv_tolerance {
	const char *property;
	double value;
} qv_tolerance;

typedef struct qv_opts {
	const char *edition;       /* edition to check against (NULL: the newest) */
	double tolerance;          /* relative tolerance of "approximate" (0: 0.01) */
	/* computed values (Materials Project): the tolerance is, first found,
	 * the one `tolerances` gives for the property, tolerance_computed when
	 * set (> 0), the property table's (properties.tsv), else 0.10 */
	double tolerance_computed;
	const qv_tolerance *tolerances; /* borrowed */
	size_t ntolerances;
} qv_opts;

/* A value mention found in text. Spans are byte offsets in the text given
 * (the original, not the normalised form). */
typedef struct qv_mention {
	qn_number num;             /* spans inside in normalised offsets */
	size_t start, end;         /* number and unit, original offsets */
	size_t qstart, qend;       /* the phrase naming the quantity (0,0 if none) */
	int has_unit;
	int unit_unread;           /* unit-like text after the number could not be read (unit_text) */
	int unit_apart;            /* the unit is stated apart from the number ("(in Å) is 0.529") */
	qu_unit unit;
	char unit_text[64];
	char phrase[160];          /* the words that named the quantity */
	char qualifier[32];        /* "exciton", "effective": the phrase names another quantity */
	/* "1 eV = 1.602e-19 J": the value is the definition of the unit
	 * def_text (def_unit), the reference that unit's value in unit */
	int unit_def;
	qu_unit def_unit;
	char def_text[32];
	char def_origin[24];
	char query[416];           /* what resolved ("electron mass" for "mass of an electron") */
	/* a value that continues a list the last value's name leads ("1.42 eV
	 * for GaAs and 1.12 eV for Si"): the material stated after it ("Si"),
	 * or "" when none is (the last value's subject) */
	char subject[24];
} qv_mention;

typedef struct qv_result {
	int verdict;
	qv_mention m;
	int have_mention;
	char quantity[160];        /* name of the quantity checked ("" if none) */
	double cited_si;           /* cited value in SI base units (NAN if unknown) */
	int have_ref;
	query_match ref;           /* the reference value (owned) */
	double relative_error;     /* (cited - reference) / reference, NAN if none */
	qv_reason reasons[QV_REASONS_MAX];
	size_t nreasons;
	char diagnosis[400];       /* the reasons as English text (query_value_explain) */
	char equivalence[96];      /* e.g. "E = k T" when one was applied */
	char matched_edition[32];  /* outdated: the older edition matched */
	int computed;              /* the reference is a computed value */
	double tolerance;          /* the relative tolerance applied */
	/* materials: how the material was chosen ("ground state of 4 Fe
	 * materials", "space group Fm-3m named in the text") and the
	 * candidates, most stable first */
	char selected_by[160];
	char candidates[8][24];
	size_t ncandidates;
	/* the quantity was named by a bare symbol ("T", "F", "k") whose
	 * reference fits neither the cited unit nor the number ("T = 300 K" is
	 * no tritium mass): read as another variable, verdict unknown, no
	 * reference, and no cited value for audits to count */
	int variable;
} qv_result;

/* An empty result: verdict QV_UNKNOWN, no reference, cited_si and
 * relative_error NaN, no reasons (the entries of reasons[] are defined
 * below nreasons only: qv_reason_add clears each). release frees the reference match a check filled
 * in (have_ref 0 after); the other fields are plain values. */
void qv_result_init(qv_result *r);
void qv_result_release(qv_result *r);

/* Add a reason (dropped silently past QV_REASONS_MAX: the verdict does not
 * depend on the text); returns it for the caller to fill, or NULL. */
qv_reason *qv_reason_add(qv_result *r, int code);
/* Does r carry a reason with this code? */
int qv_has_reason(const qv_result *r, int code);

/* The reasons as text, joined by "; ": lang "en" (English) or "zh"
 * (Chinese). Truncated to n bytes on a character boundary. */
void query_value_explain(const qv_result *r, const char *lang, char *out, size_t n);
/* The reasons as a JSON array of {"code": name, fields...}. */
void query_value_reasons_json(pk_json *w, const qv_result *r);

/* Check the one value a sentence cites (the best-placed number). Errors
 * (PK_EINVAL: empty text, invalid UTF-8, NUL bytes; PK_ELIMIT: text over
 * 1 MiB) are returned; every other outcome is a verdict in *out. */
int query_value_check(kg_txn *t, const query_units *u, const char *text, size_t n,
		      const qv_opts *o, qv_result *out);

/* Every value mention in nt's text (number with a unit, or a number a
 * quantity name points at), in order: at most QV_MENTIONS_MAX mentions,
 * from at most the first QV_NUMBERS_MAX numbers (hostile text stays
 * cheap). *out: caller frees with pk_free. */
#define QV_MENTIONS_MAX 2000
#define QV_NUMBERS_MAX 20000
int query_value_mentions(kg_txn *t, const query_units *u, const pk_normtext *nt,
			 qv_mention **out, size_t *n);
/* The same, passing over the numbers that start inside one of skip's
 * nskip spans of nt's text ([start, end), ascending, not overlapping;
 * borrowed): a reference list's years, volumes and pages are no values,
 * and are not looked at. */
int query_value_mentions_skip(kg_txn *t, const query_units *u, const pk_normtext *nt,
			      const size_t (*skip)[2], size_t nskip, qv_mention **out, size_t *n);
/* Is m a number of a reference, not a cited value: a year in parentheses
 * after a name, with no unit ("Herrera D (2013)", "Smith, J. (2019a)"),
 * or a page range after a volume ("J Nucl Mater 42:47-63")? Such numbers
 * are no values of deuterium or of carbon: check and check-value pass
 * over them. */
int qv_mention_of_reference(const pk_normtext *nt, const qv_mention *m);
/* Judge one mention (as query_value_check does after choosing it). nt,
 * the whole text (may be NULL), tells English prose for an ambiguous
 * comma ("96,485"): both readings are judged, see value.c. */
int query_value_judge(kg_txn *t, const query_units *u, const pk_normtext *nt,
		      const qv_mention *m, const qv_opts *o, qv_result *out);

#endif
