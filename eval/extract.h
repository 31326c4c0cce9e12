/* eval/extract.h - citations in model output.
 *
 * Found in normalised text (common/text pk_normtext), English and Chinese:
 *  - reference lists: a heading ("References", "Bibliography", "参考文献")
 *    followed by entries ("[3] ...", "3. ...", "3) ..."), or, without a
 *    heading, two or more consecutive numbered lines that carry a year;
 *    an entry runs to the next entry or a blank line;
 *  - in-text markers "[3]", "[1, 4]", "[2-5]" linked to the entries with
 *    those labels;
 *  - author-year citations in prose: "Zhang et al. (2023)", "Zhang et al.,
 *    Nature 2023", "(Smith & Jones, 2019; Lee, 2020)", "张三等（2020）";
 *    one that names a list entry's first author and year is linked to it;
 *  - whole references written in prose: APA inside a sentence ("as in
 *    Liu, X., & Zhang, H. (2015). Title. Journal, 11(8), 603172."), a
 *    reference in parentheses ("(Tan, Z.; Li, H. PLoS ONE 2013, 8,
 *    e75105.)"); the author-year and identifier patterns skip them;
 *  - DOIs and arXiv ids anywhere outside the list.
 * Each citation is listed once, with every place that cites it. Patterns
 * are PCRE2 under the match limits of common/re; at most EV_MAX_CITES
 * citations per text.
 */
#ifndef EV_EXTRACT_H
#define EV_EXTRACT_H

#include <stddef.h>

#define EV_MAX_CITES 200
#define EV_MAX_AT 16

enum ev_cite_kind { EV_CITE_ENTRY, EV_CITE_DOI, EV_CITE_ARXIV, EV_CITE_PROSE, EV_CITE_FULL };
/* "list", "doi", "arxiv", "inline", "prose": the EV_CITE_* kind as check's
 * record names it (static; "prose" for any other). */
const char *ev_cite_kind_name(int kind);

typedef struct ev_cite {
	int kind;
	size_t start, end;            /* the citation's text, normalised offsets */
	char label[16];               /* a list entry's label ("3"), else "" */
	char text[2048];              /* what is verified */
	size_t at[EV_MAX_AT][2];      /* places citing it (markers, prose) */
	size_t nat;
	size_t nat_total;             /* all places, also beyond EV_MAX_AT */
} ev_cite;

/* Compile the citation patterns now (else the first extraction does, and
 * one in another thread waits for it): 0, or the error of the first
 * pattern that did not compile, as every extraction then returns. Any
 * thread, any number of times. */
int ev_extract_prepare(void);

/* Citations of s[0..n) (normalised text) in order of appearance.
 * *out: caller frees with pk_free. 0, or PK_ENOMEM; a pattern that hits
 * its match limit is skipped for the rest of the text and *limited set. */
int ev_extract_citations(const char *s, size_t n, ev_cite **out, size_t *count, int *limited);
/* The same, parsing through memo (query_ref_parse_memo; NULL: none), so
 * a caller that checks the citations next parses each once. */
struct qr_memo; /* query/ref.h */
int ev_extract_citations_memo(const char *s, size_t n, struct qr_memo *memo, ev_cite **out, size_t *count,
			      int *limited);
/* ev_extract_citations with each author-year pattern run over the whole
 * text rather than in the windows around its years: the same citations,
 * which the tests hold the two to (short of a match limit, which the
 * whole text reaches sooner). */
int ev_extract_citations_whole(const char *s, size_t n, ev_cite **out, size_t *count, int *limited);

#endif
