/* eval/postcheck.h - the post-check of assertions: which sentences of a
 * model's output assert an absolute ("all", "always", "所有", "一定"), an
 * appeal to consensus ("it is widely agreed", "学术界一致认为") or to
 * authority ("leading labs have shown", "多家顶尖实验室") with nothing that
 * backs them.
 *
 * The rules are data (data/rules/postcheck.json): triggers and backings,
 * PCRE2 patterns (case-insensitive, under common/re's limits) matched per
 * sentence as eval/rules cuts them. A sentence is backed by a condition or
 * a statistic in it, by a source in it that the audit did not find
 * fabricated, or by a value or reference in it that the audit verified;
 * an appeal to authority only by a reference the audit verified (the
 * authority is what it claims). Questions are not assertions.
 */
#ifndef EV_POSTCHECK_H
#define EV_POSTCHECK_H

#include "audit.h"

#include <stddef.h>

typedef struct ev_postrules ev_postrules;

/* Load a rule file; errors name the file and the rule. Caller frees. */
int ev_postrules_load(ev_postrules **out, const char *path);
void ev_postrules_free(ev_postrules *r);

enum ev_pc_flag { EV_PC_PLAIN, EV_PC_SUSPICIOUS, EV_PC_BACKED };
/* "plain", "suspicious", "backed" */
const char *ev_pc_flag_name(int f);

typedef struct ev_assertion {
	size_t start, end;      /* the sentence, offsets in the text given */
	int flag;
	const char *trigger;    /* the trigger's rule id, or NULL (owned by the rules) */
	const char *kind;       /* "absolute", "consensus", "authority", or NULL */
	char said[64];          /* the words that triggered it, as written */
	char reason[300];       /* why suspicious or what backs it */
} ev_assertion;

typedef struct ev_postcheck {
	ev_assertion *v;
	size_t n;
	size_t suspicious, backed;
	int limited;            /* a pattern hit its match limit */
} ev_postcheck;

/* Post-check text[0..n) (valid UTF-8, else PK_EINVAL). audit: the
 * answer's audit (its values and citations back sentences; the sentences
 * of its reference list's entries are no assertions), or NULL.
 * *out owned by the caller. */
int ev_post_check(const ev_postrules *r, const char *text, size_t n, const ev_result *audit, ev_postcheck *out);
void ev_postcheck_release(ev_postcheck *p);

#endif
