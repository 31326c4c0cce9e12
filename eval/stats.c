/* eval/stats.c - Wilson intervals and means; see stats.h. */
#include "stats.h"

#include <math.h>

void ev_wilson(size_t k, size_t n, double z, double *lo, double *hi)
{
	double p, z2, den, centre, half;

	if (n == 0) {
		*lo = 0;
		*hi = 1;
		return;
	}
	p = (double)k / (double)n;
	z2 = z * z;
	den = 1 + z2 / (double)n;
	centre = (p + z2 / (2.0 * (double)n)) / den;
	half = z * sqrt(p * (1 - p) / (double)n + z2 / (4.0 * (double)n * (double)n)) / den;
	*lo = centre - half < 0 ? 0 : centre - half;
	*hi = centre + half > 1 ? 1 : centre + half;
	/* exact at the ends: no rounding below 0 or above 1 */
	if (k == 0)
		*lo = 0;
	if (k == n)
		*hi = 1;
}

double ev_t95(size_t df)
{
	/* two-sided 95% (0.975 quantile), df 1..30 */
	static const double t[31] = { 0, 12.706204736, 4.302652730, 3.182446305, 2.776445105, 2.570581836,
				      2.446911851, 2.364624252, 2.306004135, 2.262157163, 2.228138852,
				      2.200985160, 2.178812830, 2.160368656, 2.144786688, 2.131449546,
				      2.119905299, 2.109815578, 2.100922040, 2.093024054, 2.085963447,
				      2.079613845, 2.073873068, 2.068657610, 2.063898562, 2.059538553,
				      2.055529439, 2.051830516, 2.048407142, 2.045229642, 2.042272456 };

	if (df == 0)
		return NAN;
	if (df <= 30)
		return t[df];
	/* Cornish-Fisher expansion around the normal quantile: close to the
	 * tabulated values (2.0211 at df 40, 2.0003 at 60, 1.9799 at 120) */
	{
		double z = EV_Z95, d = (double)df;
		double g1 = (z * z * z + z) / 4, g2 = (5 * pow(z, 5) + 16 * z * z * z + 3 * z) / 96;

		return z + g1 / d + g2 / (d * d);
	}
}

void ev_moments_add(ev_moments *m, double x)
{
	double d = x - m->mean;

	m->n++;
	m->mean += d / (double)m->n;
	m->m2 += d * (x - m->mean);
}

double ev_moments_sd(const ev_moments *m)
{
	return m->n > 1 ? sqrt(m->m2 / (double)(m->n - 1)) : NAN;
}

void ev_moments_ci95(const ev_moments *m, double min, double max, double *lo, double *hi)
{
	double half;

	if (m->n < 2) {
		*lo = *hi = NAN;
		return;
	}
	half = ev_t95(m->n - 1) * ev_moments_sd(m) / sqrt((double)m->n);
	*lo = m->mean - half < min ? min : m->mean - half;
	*hi = m->mean + half > max ? max : m->mean + half;
}
