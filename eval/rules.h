/* eval/rules.h - the credibility scores of an answer from a rule file.
 *
 * The rules live in data (data/rules/credibility.json), not in code:
 *
 *   {"format": "provkg credibility rules 1",
 *    "traceability": {"exact": 2, "within_tolerance": 1, "cap": 10},
 *    "scores": {
 *      "premise": {"cap": 10, "rules": [
 *        {"id": "assumption-criterion-en", "lang": "en",
 *         "all": ["\\b(assum(e|es|ed|ing)|suppose)\\b", "(much (larger|smaller)|≫|≪|\\d)"],
 *         "none": ["all else (being )?equal"],
 *         "points": 4, "max": 2,
 *         "explain": "an assumption with a concrete criterion"}, ...]},
 *      "uncertainty": {...}, "falsifiability": {...}}}
 *
 * The text is cut into sentences (". ", "!", "?", "。", "！", "？", "；",
 * blank lines, list items; at most 1,000 bytes each). A rule hits a
 * sentence when every "all" pattern matches in it and no "none" pattern
 * does (PCRE2, case-insensitive unless "case": true, under common/re's
 * limits); each hit earns "points" (negative: a penalty, 0: a note in the
 * audit), at most "max" hits per rule. A score is the sum, clamped to
 * [0, cap]. Every hit is an audit entry: rule, points, span, excerpt.
 */
#ifndef EV_RULES_H
#define EV_RULES_H

#include <stddef.h>

enum ev_score { EV_TRACEABILITY, EV_PREMISE, EV_UNCERTAINTY, EV_FALSIFIABILITY, EV_NSCORES };
/* "traceability", "premise", "uncertainty", "falsifiability": the
 * EV_* score as records and rule files name it (static). */
const char *ev_score_name(int score);

typedef struct ev_rules ev_rules;

/* Load and compile a rule file. Errors name the file and the rule
 * ("rules.json: scores.premise.rules[2].all[0]: bad pattern at offset 3:
 * ..."). Caller frees with ev_rules_free. */
int ev_rules_load(ev_rules **out, const char *path);
void ev_rules_free(ev_rules *r);
/* Traceability weights: points for an exact trace and one within
 * tolerance, and the cap. */
void ev_rules_traceability(const ev_rules *r, int *exact, int *within, int *cap);

typedef struct ev_hit {
	int score;          /* EV_PREMISE ... */
	const char *rule;   /* rule id (owned by the rules) */
	const char *explain;
	int points;
	size_t start, end;  /* the sentence, offsets in the text given */
} ev_hit;

/* Score s[0..n) on the rule-based dimensions. scores[EV_PREMISE ...] are
 * set; hits appended to *hits (caller frees with pk_free). *limited is set
 * when a pattern hit its match limit (the text was too hard for it). */
int ev_rules_score(const ev_rules *r, const char *s, size_t n, int scores[EV_NSCORES], ev_hit **hits,
		   size_t *nhits, int *limited);
/* The same, skipping sentences that start inside skip[i] = {start, end}
 * (reference lists: "1974;109(6):889" is no stated uncertainty). */
int ev_rules_score_skip(const ev_rules *r, const char *s, size_t n, const size_t (*skip)[2], size_t nskip,
			int scores[EV_NSCORES], ev_hit **hits, size_t *nhits, int *limited);

/* A thread's memo of what the rules say of each sentence it read:
 * answers of one batch repeat sentences (a model's boilerplate, a
 * template's), and each distinct sentence's patterns run once. Made for
 * the rules x (borrowed: x outlives it); one per thread. NULL when memory
 * is short (error set). Holds at most 4,096 sentences (then starts
 * afresh). */
typedef struct ev_rules_memo ev_rules_memo;
ev_rules_memo *ev_rules_memo_new(const ev_rules *x);
void ev_rules_memo_free(ev_rules_memo *m); /* NULL is fine */
/* ev_rules_score_skip through memo (NULL: none; one made for other rules
 * is not used): the same scores, hits and *limited. */
int ev_rules_score_memo(const ev_rules *r, ev_rules_memo *memo, const char *s, size_t n, const size_t (*skip)[2],
			size_t nskip, int scores[EV_NSCORES], ev_hit **hits, size_t *nhits, int *limited);

/* Sentences one after the other, as the rules cut them: the one that
 * starts at `from` is [*a, *e) (leading blanks skipped); the return is
 * where the next starts (always past from). */
size_t ev_sentence_next(const char *s, size_t n, size_t from, size_t *a, size_t *e);

/* The sentence around s[start..end) by the same boundaries, at most
 * EV_SENTENCE_REACH bytes on either side, on whole characters, without
 * the blanks around it: [*a, *b). */
#define EV_SENTENCE_REACH 300
void ev_sentence_of(const char *s, size_t n, size_t start, size_t end, size_t *a, size_t *b);

#endif
