/* eval/rubric.h - rubric scoring of long-form answers: rubrics with levels
 * of criteria, gradings by an LLM grader run many times and by experts,
 * end-to-end levels, partial credit, medians over runs, the criteria a
 * machine can decide (a PCRE2 pattern, a value or a work checked against
 * the graph), grader-expert agreement and hint guidance.
 *
 * Rubric (JSON; several in one file as an array):
 *   {"task": T, "levels": [{"score": 1, "criteria": [{"id", "text",
 *    "points": 1..4, "pattern"?: PCRE2, "kg"?: {"quantity": NAME} or
 *    {"doi": DOI}}]}, {"score": 2, ...}, ...]}
 * Levels are given in order, scores 1, 2, ... up to at most 10, none
 * missing, each with at least one criterion; criterion ids are unique in a
 * rubric; tasks are unique in a file.
 *
 * A task may be split into sub-tasks, each with a rubric of its own:
 *   {"task": T, "levels"?: [...], "subtasks": [{"id": S, "title"?: ...,
 *    "levels": [...]}, ...]}
 * (criterion ids unique over the whole task; a task with sub-tasks may
 * have no levels of its own). A grading marks the criteria of the task and
 * of its sub-tasks in one record.
 *
 * Scores of one grading: the end-to-end score is the highest level whose
 * criteria, and those of every lower level, are all met (0 when a level-1
 * criterion fails); partial credit is points met / points of all criteria,
 * in per cent. A criterion a grading does not mention counts as not met.
 * Each sub-task is scored the same way on its own criteria, whatever the
 * sub-tasks before it did (a solution failing at sub-task M still says
 * how it does on M+1..N). A sub-task's success likelihood is the share of
 * a solution's runs that reach its top level; the end-to-end likelihood
 * under independence is their product, set beside the share of runs that
 * solve every sub-task at once and, with levels of its own, the share of
 * runs at the task's top level.
 */
#ifndef EV_RUBRIC_H
#define EV_RUBRIC_H

#include "../common/re.h"
#include "../kg/store.h"
#include "../query/units.h"

#include <stddef.h>

#define EV_RUBRIC_MAX_LEVELS 10

typedef struct ev_criterion {
	char *id, *text;
	int points;          /* 1..4 */
	size_t level;        /* index of its level: level k has score k + 1 */
	int sub;             /* the sub-task it belongs to, or -1: the task's own levels */
	char *pattern;       /* PCRE2 source, or NULL */
	pk_re *re;           /* the compiled pattern (owned) */
	char *kg_quantity;   /* the answer must state this value correctly, or NULL */
	char *kg_doi;        /* the answer must cite this work, or NULL */
} ev_criterion;

#define EV_RUBRIC_MAX_SUBTASKS 20

typedef struct ev_subtask {
	char *id, *title;    /* title: NULL when not given */
	size_t nlevels;      /* 1..EV_RUBRIC_MAX_LEVELS */
	int points;
} ev_subtask;

typedef struct ev_rubric {
	char *task;
	size_t nlevels;      /* 0..EV_RUBRIC_MAX_LEVELS: 0 only with sub-tasks */
	ev_subtask *subs;    /* the sub-tasks, in order */
	size_t nsubs;
	ev_criterion *c;     /* in level order */
	size_t nc;
	int points;          /* of all criteria */
	int machine;         /* some criterion has a pattern or a kg check */
	int needs_graph;     /* some criterion has a kg check */
} ev_rubric;

typedef struct ev_rubrics {
	ev_rubric *r;
	size_t n;
} ev_rubrics;

/* Load and validate the rubrics of path. PK_EPARSE with a message naming
 * the file and the spot ("R.json: [1] (task 'pcr'): levels[2]: score 4
 * after 2: level 3 is missing"); the caller frees *out with
 * ev_rubrics_free (NULL-safe). */
int ev_rubrics_load(ev_rubrics **out, const char *path);
void ev_rubrics_free(ev_rubrics *rs);
/* The rubric of a task: its index, or -1. */
long ev_rubrics_find(const ev_rubrics *rs, const char *task);
/* A criterion of r by id: its index, or -1. */
long ev_rubric_criterion(const ev_rubric *r, const char *id);

/* Scores of one grading; met[i] says whether criterion i was met. sub -1:
 * the task's own levels (e2e) and all its criteria (partial); else that
 * sub-task's. */
int ev_rubric_e2e(const ev_rubric *r, const unsigned char *met);
double ev_rubric_partial(const ev_rubric *r, const unsigned char *met);
int ev_rubric_sub_e2e(const ev_rubric *r, int sub, const unsigned char *met);
double ev_rubric_sub_partial(const ev_rubric *r, int sub, const unsigned char *met);
/* The median of v[0..n) (v is sorted in place); with n even the mean of
 * the two middle values; NAN when n is 0. */
double ev_median(double *v, size_t n);
/* Cohen's kappa of two raters on a yes/no scale: t[rater A yes=0/no=1]
 * [rater B yes=0/no=1]. NAN when undefined (no item, or chance agreement
 * 1: both raters gave one answer throughout). */
double ev_kappa2(const size_t t[2][2]);

struct cJSON;

/* One grading record, parsed. */
typedef struct ev_grade {
	size_t rubric;        /* index in the rubrics */
	char *solution;       /* the solution's id as JSON text ("\"s1\"", "3") */
	char *run;            /* the run's id as JSON text, or NULL */
	int expert;           /* "grader": "expert" (else "auto") */
	int has_hints;        /* the record has "hints" */
	long hints;           /* hints given before this attempt (0) */
	unsigned char *met;   /* [nc] */
	size_t missing;       /* criteria of the rubric the record does not mention */
	char first_missing[64];
	size_t unknown;       /* ids the rubric does not have (ignored) */
	char first_unknown[64];
} ev_grade;

/* Parse {"task","solution","run","grader","criteria":{id: bool},"hints"?}.
 * PK_EPARSE with "where: reason" for a record that cannot be used (not an
 * object, unknown task, no solution, grader neither auto nor expert,
 * criteria not an object of booleans, hints not a count). Release with
 * ev_grade_release (also after a failure). */
int ev_grade_parse(ev_grade *out, const ev_rubrics *rs, const struct cJSON *rec, const char *where);
void ev_grade_release(ev_grade *g);

/* A solution's text, for the machine-checkable criteria. */
typedef struct ev_solution_text {
	size_t rubric;
	const char *solution; /* JSON text, as in ev_grade */
	const char *text;
	size_t len;
} ev_solution_text;

/* provkg's verdict on one machine-checkable criterion beside the grader's. */
typedef struct ev_machine {
	size_t criterion;
	int met;
	char why[240];
	size_t runs, runs_met;   /* the grader's auto runs, and those that marked it met */
	int disagree;            /* met differs from the grader's majority, or the grader is split */
} ev_machine;

typedef struct ev_solution {
	size_t rubric;
	const char *solution;    /* borrowed from a grade */
	size_t runs;             /* auto gradings with no hint given */
	const char **run_id;     /* [runs] borrowed from the gradings (NULL: none given) */
	int *e2e;                /* [runs], in input order */
	double *partial;         /* [runs] */
	double e2e_median, partial_median; /* NAN without runs */
	int viable;              /* e2e_median >= 5 */
	size_t duplicates;       /* auto runs given again (the later kept) */
	size_t missing;          /* criteria missing over its auto gradings */
	size_t experts;          /* expert gradings with no hint given */
	int *expert_e2e;
	unsigned char *expert_met; /* [experts][nc] */
	unsigned char *run_met;    /* [runs][nc] */
	double expert_median;
	int have_text;
	ev_machine *machine;     /* the machine-checkable criteria, when the text was given */
	size_t nmachine;
	size_t steps;            /* hint guidance: distinct hint counts of its auto gradings with "hints" */
	long *step_hints;
	double *step_e2e;        /* the median e2e at each count */
	long hints_to_top;       /* hints before an attempt reaching the top level; -1 never */
	/* sub-tasks (rubrics with them): per sub-task over the auto runs */
	double *sub_e2e_median, *sub_partial_median, *sub_likelihood; /* [nsubs] */
	double product;          /* the product of the likelihoods (NAN without runs) */
	double joint;            /* share of runs solving every sub-task */
	double top_share;        /* share of runs at the task's own top level (NAN without levels) */
} ev_solution;

typedef struct ev_task_sum {
	size_t rubric;
	size_t solutions, viable; /* solutions with runs; viable ones */
	double viable_share, e2e_median, partial_median;
	size_t runs_at[EV_RUBRIC_MAX_LEVELS + 1]; /* auto runs by e2e score */
} ev_task_sum;

typedef struct ev_crit_diff {
	size_t rubric, criterion;
	size_t pairs, differ;     /* (auto run, expert grading) pairs of a solution */
	double auto_rate, expert_rate;
} ev_crit_diff;

typedef struct ev_agreement {
	size_t solutions;         /* with auto runs and expert gradings */
	size_t exact, within1;    /* auto median vs expert median */
	size_t pairs, pairs_exact, pairs_within1; /* every auto run vs every expert grading */
	size_t viability[2][2];   /* [auto viable 0 / not 1][expert viable 0 / not 1] */
	double kappa;             /* NAN when undefined */
	ev_crit_diff *crit;       /* criteria with differing pairs, most differing first */
	size_t ncrit;
} ev_agreement;

typedef struct ev_rubric_report {
	ev_solution *s;           /* in order of first appearance */
	size_t ns;
	ev_task_sum *t;           /* rubrics with graded solutions, in file order */
	size_t nt;
	ev_agreement agree;
	size_t auto_gradings, expert_gradings, missing, duplicates;
	size_t machine_checks, machine_disagreements;
	size_t texts_ungraded;    /* solution texts no grading names */
} ev_rubric_report;

/* Aggregate gradings g[0..ng) (borrowed; they must outlive the report)
 * and evaluate machine-checkable criteria on texts[0..ntexts). kg checks
 * need t and u (else PK_EINVAL); a kg quantity the graph does not hold is
 * PK_ENOTFOUND naming the rubric and criterion. Release with
 * ev_rubric_report_release. */
int ev_rubric_report_make(ev_rubric_report *out, const ev_rubrics *rs, const ev_grade *g, size_t ng,
			  const ev_solution_text *texts, size_t ntexts, kg_txn *t, const query_units *u);
void ev_rubric_report_release(ev_rubric_report *r);

#endif
