/* kg/material.h - Materials Project materials as graph documents.
 *
 * One record per material and source edition, keyed by material_id, a
 * 0x1f byte and the source id (so editions coexist), holding the computed
 * properties in canonical units (eV, eV/atom, g/cm^3, Å^3, Å, degrees,
 * GPa, μB), the symmetry, flags, the functional when the document names
 * it, and where the record came from. Strings in a decoded kg_material
 * point into the record (valid while it is).
 */
#ifndef KG_MATERIAL_H
#define KG_MATERIAL_H

#include "../common/buf.h"

#include <stddef.h>
#include <stdint.h>

enum kg_mp_field {
	MPF_BAND_GAP, MPF_CBM, MPF_VBM, MPF_EFERMI, MPF_E_ABOVE_HULL, MPF_FORMATION_ENERGY,
	MPF_ENERGY_PER_ATOM, MPF_DENSITY, MPF_VOLUME, MPF_NSITES, MPF_A, MPF_B, MPF_C, MPF_ALPHA, MPF_BETA,
	MPF_GAMMA, MPF_K_VRH, MPF_G_VRH, MPF_E_TOTAL, MPF_E_IONIC, MPF_E_ELECTRONIC, MPF_N,
	MPF_TOTAL_MAGNETIZATION, MPF_SG_NUMBER, MPF_IS_STABLE, MPF_THEORETICAL, MPF_DEPRECATED, MPF_IS_METAL,
	MPF_IS_GAP_DIRECT, MPF_COUNT
};

/* Field name as the MP schema spells it ("band_gap") and its canonical
 * unit ("eV", "" for dimensionless and flags). */
const char *kg_mp_field_name(int field);
const char *kg_mp_field_unit(int field);
int kg_mp_field_is_flag(int field);
/* -1 if unknown. */
int kg_mp_field_id(const char *name);

typedef struct kg_material {
	const char *material_id;
	const char *formula_pretty;
	const char *formula_key;    /* reduced, alphabetical ("Fe2O3") */
	const char *crystal_system;
	const char *sg_symbol;      /* space-group symbol ("Fd-3m") */
	const char *functional;     /* "GGA", "GGA+U", "r2SCAN" ... when stated */
	const char *updated;        /* the document's last_updated / build date */
	const char *file;           /* file it was read from */
	double v[MPF_COUNT];
	uint64_t have;              /* bit f: v[f] is set */
} kg_material;

/* As kg_work_clear / _encode / _decode (kg/work.h): clear to no fields;
 * append the record encoding of m to out (0, PK_ELIMIT, PK_ENOMEM);
 * decode rec into m, its strings borrowed from rec (PK_EPARSE when
 * corrupt). */
void kg_material_clear(kg_material *m);
int kg_material_encode(pk_buf *out, const kg_material *m);
int kg_material_decode(kg_material *m, const void *rec, size_t len);

#endif
