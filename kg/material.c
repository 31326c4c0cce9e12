/* kg/material.c - material record encoding; see material.h. */
#include "material.h"

#include "../common/error.h"
#include "record.h"

#include <string.h>

/* The properties a material record holds, in the canonical units ingest/mp
 * converts to; their names are the Materials Project API's own, so a
 * lookup "k_vrh of Si" and a document field read the same. */
static const struct {
	const char *name, *unit;
} fields[MPF_COUNT] = {
	[MPF_BAND_GAP] = { "band_gap", "eV" },
	[MPF_CBM] = { "cbm", "eV" },
	[MPF_VBM] = { "vbm", "eV" },
	[MPF_EFERMI] = { "efermi", "eV" },
	[MPF_E_ABOVE_HULL] = { "energy_above_hull", "eV/atom" },
	[MPF_FORMATION_ENERGY] = { "formation_energy_per_atom", "eV/atom" },
	[MPF_ENERGY_PER_ATOM] = { "energy_per_atom", "eV/atom" },
	[MPF_DENSITY] = { "density", "g/cm^3" },
	[MPF_VOLUME] = { "volume", "Å^3" },
	[MPF_NSITES] = { "nsites", "" },
	[MPF_A] = { "a", "Å" },
	[MPF_B] = { "b", "Å" },
	[MPF_C] = { "c", "Å" },
	[MPF_ALPHA] = { "alpha", "°" },
	[MPF_BETA] = { "beta", "°" },
	[MPF_GAMMA] = { "gamma", "°" },
	[MPF_K_VRH] = { "k_vrh", "GPa" },
	[MPF_G_VRH] = { "g_vrh", "GPa" },
	[MPF_E_TOTAL] = { "e_total", "" },
	[MPF_E_IONIC] = { "e_ionic", "" },
	[MPF_E_ELECTRONIC] = { "e_electronic", "" },
	[MPF_N] = { "n", "" },
	[MPF_TOTAL_MAGNETIZATION] = { "total_magnetization", "μB" },
	[MPF_SG_NUMBER] = { "space_group_number", "" },
	[MPF_IS_STABLE] = { "is_stable", "" },
	[MPF_THEORETICAL] = { "theoretical", "" },
	[MPF_DEPRECATED] = { "deprecated", "" },
	[MPF_IS_METAL] = { "is_metal", "" },
	[MPF_IS_GAP_DIRECT] = { "is_gap_direct", "" },
};

const char *kg_mp_field_name(int f)
{
	return f >= 0 && f < MPF_COUNT ? fields[f].name : "";
}

const char *kg_mp_field_unit(int f)
{
	return f >= 0 && f < MPF_COUNT ? fields[f].unit : "";
}

int kg_mp_field_is_flag(int f)
{
	/* the booleans come last in the enum: 1.0 / 0.0 in v[], printed as
	 * true / false */
	return f >= MPF_IS_STABLE;
}

int kg_mp_field_id(const char *name)
{
	int i;

	for (i = 0; i < MPF_COUNT; i++)
		if (!strcmp(fields[i].name, name))
			return i;
	return -1;
}

/* Tags of the record (kg/record.h TLV). Append new ones at the end: a
 * reader skips tags it does not know, so old graphs stay readable. */
enum { M_ID = 1, M_FORMULA, M_KEY, M_CRYSTAL, M_SG, M_FUNCTIONAL, M_UPDATED, M_FILE, M_VALUE };

void kg_material_clear(kg_material *m)
{
	memset(m, 0, sizeof(*m));
}

int kg_material_encode(pk_buf *b, const kg_material *m)
{
	int rc = 0, f;

	rc = rc ? rc : kg_rec_str(b, M_ID, m->material_id);
	rc = rc ? rc : kg_rec_str(b, M_FORMULA, m->formula_pretty);
	rc = rc ? rc : kg_rec_str(b, M_KEY, m->formula_key);
	rc = rc ? rc : kg_rec_str(b, M_CRYSTAL, m->crystal_system);
	rc = rc ? rc : kg_rec_str(b, M_SG, m->sg_symbol);
	rc = rc ? rc : kg_rec_str(b, M_FUNCTIONAL, m->functional);
	rc = rc ? rc : kg_rec_str(b, M_UPDATED, m->updated);
	rc = rc ? rc : kg_rec_str(b, M_FILE, m->file);
	for (f = 0; f < MPF_COUNT && rc == 0; f++) {
		unsigned char tmp[9];
		double v = m->v[f];
		uint64_t u;
		int i;

		if (!(m->have & (1ull << f)))
			continue; /* absent, not 0: "no band gap given" is not a metal */
		/* one field per value: its property id, then the double's 8
		 * bytes little-endian, whatever the host's order */
		tmp[0] = (unsigned char)f;
		memcpy(&u, &v, 8);
		for (i = 0; i < 8; i++)
			tmp[1 + i] = (unsigned char)(u >> (8 * i));
		rc = kg_rec_bytes(b, M_VALUE, tmp, 9);
	}
	return rc;
}

int kg_material_decode(kg_material *m, const void *rec, size_t len)
{
	const unsigned char *p = rec, *end = p + len;
	kg_field f;
	int rc;

	kg_material_clear(m);
	while ((rc = kg_rec_next(&p, end, &f)) == 1) {
		switch (f.tag) {
		case M_ID: m->material_id = kg_field_str(&f); break;
		case M_FORMULA: m->formula_pretty = kg_field_str(&f); break;
		case M_KEY: m->formula_key = kg_field_str(&f); break;
		case M_CRYSTAL: m->crystal_system = kg_field_str(&f); break;
		case M_SG: m->sg_symbol = kg_field_str(&f); break;
		case M_FUNCTIONAL: m->functional = kg_field_str(&f); break;
		case M_UPDATED: m->updated = kg_field_str(&f); break;
		case M_FILE: m->file = kg_field_str(&f); break;
		case M_VALUE:
			/* a property this build does not know (a newer graph) is skipped */
			if (f.len == 9 && f.p[0] < MPF_COUNT) {
				uint64_t u = 0;
				double v;
				int i;

				for (i = 0; i < 8; i++)
					u |= (uint64_t)f.p[1 + i] << (8 * i);
				memcpy(&v, &u, 8);
				m->v[f.p[0]] = v;
				m->have |= 1ull << f.p[0];
			}
			break;
		default: break;
		}
	}
	if (rc < 0 || !m->material_id)
		return pk_error_set(PK_EPARSE, "corrupt material record");
	return 0;
}
