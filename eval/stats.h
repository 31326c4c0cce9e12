/* eval/stats.h - the statistics the reports quote.
 *
 *   Wilson score interval for a proportion k/n (95%: z = 1.959964), the
 *   interval that stays inside [0, 1] and behaves at k = 0 or k = n;
 *   mean with a Student-t 95% interval (t quantiles for df 1..30, then
 *   1.96; a single observation has no interval).
 */
#ifndef EV_STATS_H
#define EV_STATS_H

#include <stddef.h>

#define EV_Z95 1.959963984540054

/* Wilson interval of k successes in n trials; n = 0 gives [0, 1]. */
void ev_wilson(size_t k, size_t n, double z, double *lo, double *hi);
/* Two-sided 95% Student-t quantile for df degrees of freedom (df >= 1). */
double ev_t95(size_t df);

/* Running mean and variance (Welford). */
typedef struct ev_moments {
	size_t n;
	double mean, m2;
} ev_moments;

/* Add one observation (start from a zeroed ev_moments). */
void ev_moments_add(ev_moments *m, double x);
/* The sample standard deviation (n - 1 in the denominator); NaN below
 * two observations. */
double ev_moments_sd(const ev_moments *m);
/* mean +- t * sd / sqrt(n), clipped to [min, max] (the range the values
 * can take: 0..10 for a score); NAN bounds for n < 2 */
void ev_moments_ci95(const ev_moments *m, double min, double max, double *lo, double *hi);

#endif
