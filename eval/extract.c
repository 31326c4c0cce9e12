/* eval/extract.c - citations in model output; see extract.h. */
#include "extract.h"

#include "../common/alloc.h"
#include "../common/buf.h"
#include "../common/error.h"
#include "../common/num.h"
#include "../common/re.h"
#include "../common/text.h"
#include "../kg/work.h"
#include "../query/ref.h"

#include <ctype.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum { X_DOI, X_ARXIV, X_HEADING, X_HEADING_INLINE, X_INLINE_ENTRY, X_ENTRY, X_MARKER, X_AY, X_AY2, X_CJK, X_YEAR,
       X_FULL_APA, X_FULL_PAREN, X_COUNT };

/* the hundred most common Chinese surnames */
#define CJK_SURNAMES "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤"
#define FAM "\\p{Lu}[\\p{Ll}'\\-]{1,30}(?:-\\p{Lu}\\p{Ll}{1,30})?"
/* "Liu, X.", "Zhang, H.-Y." */
#define AU FAM ",\\s(?:\\p{Lu}\\.\\s?-?){1,3}"

static const char *const patterns[X_COUNT] = {
	[X_DOI] = "(?i)(?:doi\\s*:?\\s*|https?://(?:dx\\.)?doi\\.org/)?\\b(10\\.\\d{4,9}/(?:(?!\\]\\()[^\\s\"<>])+)",
	[X_ARXIV] = "(?i)(?:arxiv\\s*:\\s*|arxiv\\.org/(?:abs|pdf)/)((?:\\d{4}\\.\\d{4,5}|[a-z\\-]+(?:\\.[a-z]{2})?/\\d{7})(?:v\\d+)?)",
	[X_HEADING] = "(?im)^[ \\t#*]*(?:references|reference list|bibliography|works cited|literature cited|"
		      "cited works|sources|citations|参考文献|引用文献|参考资料)[ \\t*:：]*$",
	/* "References: [1] A. ... [2] B. ...": the list on the heading's line */
	[X_HEADING_INLINE] = "(?im)^[ \\t#*]*(?:references|reference list|bibliography|works cited|literature cited|"
			     "cited works|sources|citations|参考文献|引用文献|参考资料)[ \\t*]*[:：][ \\t]*(?=\\[\\d{1,3}\\])",
	[X_INLINE_ENTRY] = "\\[(\\d{1,3})\\][ \\t]*",
	/* "[1] ", "1. ", "- ", and Markdown's footnote definition "[^1]: " */
	[X_ENTRY] = "(?m)^[ \\t]*(?:(?|\\[(\\d{1,3})\\]|\\[\\^(\\d{1,3})\\]:)|(\\d{1,3})[.)]|[-*•])[ \\t]+(?=\\S)",
	[X_MARKER] = "\\[\\^?(\\d{1,3}(?:\\s*[,–-]\\s*\\d{1,3}){0,20})\\]",
	/* "Zhang et al. (2023)", "Zhang et al., Nature 2023", "Smith & Jones, 2019", "Lee (2020)" */
	[X_AY] = "(?<![\\p{L}\\d])(?P<a1>" FAM ")(?:\\s+(?P<etal>et\\s+al\\.?)|\\s+(?:and|&)\\s+(?P<a2>" FAM "))?"
		 "(?:\\s*\\(\\s*(?P<y1>(?:19|20)\\d\\d)[a-z]?\\s*\\)|\\s*,\\s*(?:(?P<venue>\\p{Lu}[\\p{L}.&]*(?:\\s+\\p{Lu}?[\\p{L}.&]+){0,5}?)\\s+)?"
		 "(?P<y2>(?:19|20)\\d\\d)[a-z]?(?![\\d]))",
	/* "Park and Kim 2018", "Zhang et al. 2023": a second author or et al. before a bare year */
	[X_AY2] = "(?<![\\p{L}\\d])(?P<a1>" FAM ")(?:\\s+(?P<etal>et\\s+al\\.?)|\\s+(?:and|&)\\s+(?P<a2>" FAM "))"
		  "\\s+(?P<y1>(?:19|20)\\d\\d)[a-z]?(?![\\d])",
	/* "张三等（2020）", "李四（2019）": a common surname, one or two more characters */
	[X_CJK] = "(?P<a1>[" CJK_SURNAMES "]\\p{Han}{1,2}?)(?P<etal>等人?)?\\s*[（(]\\s*(?P<y1>(?:19|20)\\d\\d)[a-z]?\\s*[)）]",
	[X_YEAR] = "(?<![\\d])(?:1[6-9]|20)\\d\\d(?![\\d])",
	/* a whole APA reference inside a sentence: "as in Liu, X., Chen, Y., &
	 * Zhang, H. (2015). Title. Journal, 11(8), 603172., we obtain" */
	[X_FULL_APA] = "(?<![\\p{L}])" AU "(?:,\\s(?:&\\s)?" AU "){0,30}(?:,?\\s(?:&|and)\\s" AU ")?"
		       "\\s?\\((?:19|20)\\d\\d[a-z]?\\)\\.\\s[^()\\n]{10,500}?,\\s\\d+(?:\\([^)\\n]{1,12}\\))?,\\s"
		       "(?:pp?\\.\\s)?[A-Za-z]?\\d+(?:\\s?[-\\x{2013}]\\s?\\d+)?",
	/* a whole reference in parentheses, authors first: "(Tan, Z.; Li, H.;
	 * Wang, Y. PLoS ONE 2013, 8, e75105.)" */
	[X_FULL_PAREN] = "\\((?=" AU "[;,])([^()\\n]{20,600})\\)",
};

static pk_re *xre[X_COUNT];
static pthread_once_t once = PTHREAD_ONCE_INIT;
static int compile_rc;
static char compile_why[256]; /* its message: the thread that compiled may be another */

static int prose_stop(unsigned char c);
/* prose_stop of every byte, made with the patterns (find_years reads it) */
static unsigned char stop_byte[256];
/* each pattern's groups by name (-1: none), read with the patterns:
 * find_prose asks for six of them each time */
enum { G_A1, G_A2, G_ETAL, G_Y1, G_Y2, G_VENUE, G_COUNT };
static int xgroup[X_COUNT][G_COUNT];

static void compile_all(void)
{
	static const char *const names[G_COUNT] = { "a1", "a2", "etal", "y1", "y2", "venue" };
	int i, g;

	for (i = 0; i < 256; i++)
		stop_byte[i] = (unsigned char)prose_stop((unsigned char)i);
	for (i = 0; i < X_COUNT; i++) {
		if (!(xre[i] = pk_re_compile(patterns[i], 0))) {
			compile_rc = pk_error_prefix("citation pattern %d", i);
			snprintf(compile_why, sizeof(compile_why), "%s", pk_error_last());
			return;
		}
		for (g = 0; g < G_COUNT; g++)
			xgroup[i][g] = pk_re_group(xre[i], names[g]);
	}
}

int ev_extract_prepare(void)
{
	pthread_once(&once, compile_all);
	return compile_rc < 0 ? pk_error_set(compile_rc, "%s", compile_why) : 0;
}

const char *ev_cite_kind_name(int kind)
{
	switch (kind) {
	case EV_CITE_ENTRY: return "list";
	case EV_CITE_DOI: return "doi";
	case EV_CITE_ARXIV: return "arxiv";
	case EV_CITE_FULL: return "inline";
	default: return "prose";
	}
}

/* Capitalised words that start sentences and dates, not citations. */
static const char *const not_names[] = {
	"In", "The", "This", "That", "These", "Those", "Since", "By", "From", "Until", "Before", "After", "During",
	"Figure", "Fig", "Table", "Section", "Chapter", "Equation", "Eq", "Version", "Vol", "Volume", "Page",
	"January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
	"November", "December", "Jan", "Feb", "Mar", "Apr", "Jun", "Jul", "Aug", "Sep", "Sept", "Oct", "Nov",
	"Dec", "Spring", "Summer", "Autumn", "Fall", "Winter", "As", "At", "On", "Of", "For", "With", "Between",
	"Around", "Circa", "Until", "Through", "Year", "Years", "Edition", "Ed", "Update", "Report", "CODATA",
	"Since", "Before", "Today", "Also", "And", "Or", "But", "Here", "There", "Then", "When", "While",
	"Although", "Thus", "Hence", "However", "Note", "See", "Ref", "Refs", "Step", "Phase", "Model",
};

static int is_not_name(const char *s, size_t n)
{
	size_t i;

	for (i = 0; n && i < sizeof(not_names) / sizeof(not_names[0]); i++)
		if (not_names[i][0] == s[0] && strlen(not_names[i]) == n && !memcmp(not_names[i], s, n))
			return 1;
	return 0;
}

typedef struct region {
	size_t start, end;
} region;

typedef struct ctx {
	const char *s;
	size_t n;
	ev_cite *c;
	size_t nc;
	region list[4];
	size_t nlist;
	size_t nfull;
	int limited;
	int whole;       /* prose patterns over the whole text, not in windows */
	qr_memo *memo;   /* the caller's recent parses (NULL: none) */
	/* where a prose match's year can start, in order, each with where a
	 * match with that year can start at the earliest (see match_prose);
	 * made by the first prose search */
	size_t (*yr)[2];
	size_t nyr, yrcap;
	int yr_made;
	/* the arrays last, not zeroed (16 KB a text): full is read below
	 * nfull, fam and year only of list entries, which entry_keys sets */
	region full[EV_MAX_CITES]; /* whole references written in prose */
	/* first author (folded) and year of each list entry, for linking */
	char fam[EV_MAX_CITES][64];
	int year[EV_MAX_CITES];
} ctx;

/* A label into dst[0..dn): "^" when caret, then s[0..n) ("%s%.*s", cut
 * where snprintf cuts): a list entry's ("3", "^1") and a marker's. */
static void put_label(char *dst, size_t dn, int caret, const char *s, size_t n)
{
	size_t k = pk_str_copy(dst, dn, caret ? "^" : "");

	pk_str_ncopy(dst + k, dn - k, s, n);
}

/* ... a number's ("%s%lld") */
static void number_label(char *dst, size_t dn, int caret, long long v)
{
	char num[21];

	put_label(dst, dn, caret, num, pk_str_int(num, v));
}

static int in_list(const ctx *x, size_t at)
{
	size_t i;

	for (i = 0; i < x->nlist; i++)
		if (at >= x->list[i].start && at < x->list[i].end)
			return 1;
	for (i = 0; i < x->nfull; i++)
		if (at >= x->full[i].start && at < x->full[i].end)
			return 1;
	return 0;
}

/* Is [a, b) inside one of the regions in_list() tells? */
static int within_region(const ctx *x, size_t a, size_t b)
{
	size_t i;

	for (i = 0; i < x->nlist; i++)
		if (a >= x->list[i].start && b <= x->list[i].end)
			return 1;
	for (i = 0; i < x->nfull; i++)
		if (a >= x->full[i].start && b <= x->full[i].end)
			return 1;
	return 0;
}

/* Does s[0..n) hold "arxiv", case aside? Found at its 'x' (memchr for
 * 'x', then 'X'): rarer in prose than its 'a', and each memchr reads the
 * text a vector at a time. */
static int has_arxiv(const char *s, size_t n)
{
	static const char x[2] = { 'x', 'X' };
	int k;

	for (k = 0; k < 2; k++) {
		const char *p = s, *end = s + n;

		while ((p = memchr(p, x[k], (size_t)(end - p)))) {
			if (p - s >= 2 && end - p >= 3 && !strncasecmp(p - 2, "arxiv", 5))
				return 1;
			p++;
		}
	}
	return 0;
}

static int has_apa_year(const char *s, size_t n)
{
	const char *p = s, *end = s + n;

	while ((p = memchr(p, '(', (size_t)(end - p))) && end - p >= 7) {
		const char *q, *stop = p + 14 < end ? p + 14 : end;

		if ((p[1] == '1' && p[2] == '9') || (p[1] == '2' && p[2] == '0'))
			for (q = p + 5; q + 1 < stop; q++)
				if (q[0] == ')' && q[1] == '.')
					return 1;
		p++;
	}
	return 0;
}

/* Literals some patterns cannot match without (PCRE2 finds no first
 * character in them, so it tries every position): a text without them
 * is not handed to PCRE2 at all. Each test is implied by its pattern:
 * a DOI has "10." (ASCII digits before the dot, whatever \d is after);
 * an arXiv id has "arxiv" (caseless: no non-ASCII character folds to
 * these letters); an APA reference has "(19" or "(20", two digits (each
 * UTF-8, at most 4 bytes), maybe a letter, then ")." within 13 bytes. */
static int may_match(const ctx *x, int k)
{
	switch (k) {
	case X_DOI: return pk_mem_find(x->s, x->n, "10.", 3) != NULL;
	case X_ARXIV: return has_arxiv(x->s, x->n);
	case X_FULL_APA: return has_apa_year(x->s, x->n);
	default: return 1;
	}
}

/* Run pattern k at `from`; a limit hit stops that pattern for this text. */
static int match(ctx *x, int k, size_t from, pk_match *m)
{
	int rc;

	if (from > x->n || (from == 0 && !may_match(x, k)))
		return 0;
	rc = pk_re_match(xre[k], x->s, x->n, from, m);
	if (rc == 0 && pk_re_last_limited())
		x->limited = 1;
	return rc;
}

static ev_cite *new_cite(ctx *x, int kind, size_t start, size_t end, const char *text, size_t tl)
{
	ev_cite *c;
	size_t i, j = 0;

	if (x->nc == EV_MAX_CITES)
		return NULL;
	c = &x->c[x->nc++];
	memset(c, 0, sizeof(*c));
	c->kind = kind;
	c->start = start;
	c->end = end;
	/* one line, single blanks */
	for (i = 0; i < tl && j + 1 < sizeof(c->text); i++) {
		char ch = text[i] == '\n' || text[i] == '\r' || text[i] == '\t' ? ' ' : text[i];

		if (ch == ' ' && (j == 0 || c->text[j - 1] == ' '))
			continue;
		c->text[j++] = ch;
	}
	while (j && c->text[j - 1] == ' ')
		j--;
	c->text[j] = '\0';
	return c;
}

static void add_at(ev_cite *c, size_t a, size_t b)
{
	c->nat_total++;
	if (c->nat < EV_MAX_AT) {
		c->at[c->nat][0] = a;
		c->at[c->nat][1] = b;
		c->nat++;
	}
}

static void fold_family(char *out, size_t n, const char *fam, size_t len)
{
	pk_buf f = PK_BUF_INIT;
	char tmp[128];

	pk_str_ncopy(tmp, sizeof(tmp), fam, len);
	out[0] = '\0';
	if (kg_family_fold(&f, tmp) == 0 && f.ptr)
		pk_str_copy(out, n, f.ptr);
	pk_buf_release(&f);
	pk_error_clear();
}

/* ---- reference lists ----------------------------------------------------- */

static size_t line_end(const char *s, size_t n, size_t i)
{
	const char *nl = memchr(s + i, '\n', n - i);

	return nl ? (size_t)(nl - s) : n;
}

/* The end of an entry starting at `from`: the next entry, a blank line, or
 * the end of the text. */
static size_t entry_end(ctx *x, size_t from, size_t *next_entry)
{
	size_t i = from;
	pk_match m;

	*next_entry = (size_t)-1;
	for (;;) {
		size_t e = line_end(x->s, x->n, i);

		if (e >= x->n)
			return x->n;
		i = e + 1;
		/* a blank line ends the entry */
		{
			size_t k = i;

			while (k < x->n && (x->s[k] == ' ' || x->s[k] == '\t' || x->s[k] == '\r'))
				k++;
			if (k >= x->n || x->s[k] == '\n')
				return e;
		}
		if (match(x, X_ENTRY, i, &m) == 1 && m.start[0] == i) {
			*next_entry = i;
			return e;
		}
	}
}

static int has_year(size_t a, size_t b, ctx *x)
{
	pk_match m;

	return match(x, X_YEAR, a, &m) == 1 && m.start[0] < b;
}

/* Entries from `at` on (at: an entry start). Returns the number added. */
static size_t read_entries(ctx *x, size_t at, int need_year)
{
	size_t first = x->nc, count = 0, with_year = 0, region_start = at, end = at;
	pk_match m;

	while (at < x->n && match(x, X_ENTRY, at, &m) == 1 && m.start[0] == at && x->nc < EV_MAX_CITES) {
		size_t next, e = entry_end(x, m.end[0], &next), label_s = (size_t)-1, label_e = 0;
		ev_cite *c;

		if (m.start[1] != (size_t)-1)
			label_s = m.start[1], label_e = m.end[1];
		else if (m.start[2] != (size_t)-1)
			label_s = m.start[2], label_e = m.end[2];
		if (!(c = new_cite(x, EV_CITE_ENTRY, m.end[0], e, x->s + m.end[0], e - m.end[0])))
			break;
		if (label_s != (size_t)-1)
			/* a footnote's label is "^1": its markers are "[^1]" */
			put_label(c->label, sizeof(c->label), label_s > 0 && x->s[label_s - 1] == '^', x->s + label_s,
				  label_e - label_s);
		else
			number_label(c->label, sizeof(c->label), 0, (long long)count + 1);
		with_year += has_year(m.end[0], e, x);
		count++;
		end = e;
		if (next == (size_t)-1)
			break;
		at = next;
	}
	/* (2: footnotes, each a reference only with its year) */
	if ((need_year == 1 && (count < 2 || with_year * 2 < count)) || (need_year == 2 && with_year < count)) {
		x->nc = first; /* numbered lines, not a reference list */
		return 0;
	}
	if (count && x->nlist < sizeof(x->list) / sizeof(x->list[0])) {
		x->list[x->nlist].start = region_start;
		x->list[x->nlist].end = end;
		x->nlist++;
	}
	return count;
}

/* A year (1500-2099, four digits standing alone) in s[a, b). */
static int year_in(const char *s, size_t a, size_t b)
{
	size_t i;

	for (i = a; i + 4 <= b; i++)
		if ((s[i] == '1' || s[i] == '2') && isdigit((unsigned char)s[i + 1]) && isdigit((unsigned char)s[i + 2]) &&
		    isdigit((unsigned char)s[i + 3]) && (i == a || !isdigit((unsigned char)s[i - 1])) &&
		    (i + 4 == b || !isdigit((unsigned char)s[i + 4])) &&
		    ((s[i] == '1' && s[i + 1] >= '5') || (s[i] == '2' && s[i + 1] == '0')))
			return 1;
	return 0;
}

/* Does the line s[a, b) start an entry of a list without labels (APA,
 * Chicago: "Moshir, F., & Singh, S. (2014). ...")? An upper-case letter
 * first, a year on the line, and a ',' or '.' after the first word. */
static int plain_entry_start(const char *s, size_t a, size_t b)
{
	size_t i = a;

	while (i < b && (s[i] == ' ' || s[i] == '	'))
		i++;
	if (i >= b || !((s[i] >= 'A' && s[i] <= 'Z') || (unsigned char)s[i] >= 0xC0) || !year_in(s, i, b))
		return 0;
	while (i < b && s[i] != ' ' && s[i] != ',' && s[i] != '.')
		i++;
	while (i < b && s[i] == ' ' && i + 1 < b && s[i + 1] != ' ' && s[i + 1] != ',' && !(s[i + 1] >= 'A' && s[i + 1] <= 'Z'))
		i++; /* "van der Waals, J. D." */
	return i < b && (s[i] == ',' || s[i] == '.' || (s[i] == ' ' && i + 1 < b && (s[i + 1] == ',' || isupper((unsigned char)s[i + 1]))));
}

/* One entry of a list without labels, s[a, b), labelled by its place
 * as a bulleted list's are. 1 added. */
static size_t plain_entry(ctx *x, size_t a, size_t b, size_t count)
{
	ev_cite *c = new_cite(x, EV_CITE_ENTRY, a, b, x->s + a, b - a);

	if (!c)
		return 0;
	number_label(c->label, sizeof(c->label), 0, (long long)count + 1);
	return 1;
}

/* Entries without labels after a heading, one a line, a line that starts
 * none continuing the one before (a wrapped entry); up to a line that
 * starts none after a blank line, another heading, or the end. Returns
 * how many. */
static size_t read_plain_entries(ctx *x, size_t at)
{
	size_t count = 0, region_start = at, end = at, cur_s = 0;
	int blank = 0, open = 0;

	while (at < x->n && x->nc < EV_MAX_CITES) {
		size_t e = line_end(x->s, x->n, at), k = at;

		while (k < e && (x->s[k] == ' ' || x->s[k] == '\t' || x->s[k] == '\r'))
			k++;
		if (k == e) {
			blank = 1;
		} else if (x->s[k] == '#' || plain_entry_start(x->s, at, e)) {
			if (x->s[k] == '#')
				break;
			if (open)
				count += plain_entry(x, cur_s, end, count);
			cur_s = k;
			end = e;
			open = 1;
			blank = 0;
		} else if (open && !blank) {
			end = e; /* a wrapped entry's next line */
		} else {
			break;
		}
		at = e < x->n ? e + 1 : x->n;
	}
	if (open)
		count += plain_entry(x, cur_s, end, count);
	if (count && x->nlist < sizeof(x->list) / sizeof(x->list[0])) {
		x->list[x->nlist].start = region_start;
		x->list[x->nlist].end = end;
		x->nlist++;
	}
	return count;
}

/* "References: [1] A ... [2] B ..." on the heading's line and those after
 * it up to a blank line: entries between the bracketed labels. */
static void read_inline_entries(ctx *x, size_t at)
{
	size_t end = at, region_start = at;
	pk_match m, nx;

	/* the paragraph: up to a blank line */
	for (;;) {
		size_t e = line_end(x->s, x->n, end), k = e + 1;

		while (k < x->n && (x->s[k] == ' ' || x->s[k] == '\t' || x->s[k] == '\r'))
			k++;
		end = e;
		if (e >= x->n || k >= x->n || x->s[k] == '\n')
			break;
		end = k;
	}
	while (at < end && match(x, X_INLINE_ENTRY, at, &m) == 1 && m.start[0] < end && x->nc < EV_MAX_CITES) {
		size_t s0 = m.end[0], e0 = end;
		ev_cite *c;

		if (match(x, X_INLINE_ENTRY, s0, &nx) == 1 && nx.start[0] < end)
			e0 = nx.start[0];
		while (e0 > s0 && (x->s[e0 - 1] == ' ' || x->s[e0 - 1] == ';' || x->s[e0 - 1] == ',' ||
				   x->s[e0 - 1] == '\n' || x->s[e0 - 1] == '\r' || x->s[e0 - 1] == '\t'))
			e0--;
		if (e0 > s0 && (c = new_cite(x, EV_CITE_ENTRY, s0, e0, x->s + s0, e0 - s0)) != NULL)
			snprintf(c->label, sizeof(c->label), "%.*s", (int)(m.end[1] - m.start[1]), x->s + m.start[1]);
		at = e0 > s0 ? e0 : m.end[0];
	}
	if (x->nlist < sizeof(x->list) / sizeof(x->list[0])) {
		x->list[x->nlist].start = region_start;
		x->list[x->nlist].end = end;
		x->nlist++;
	}
}

static void find_lists(ctx *x)
{
	pk_match m;
	size_t at = 0;

	/* on the heading's line */
	while (match(x, X_HEADING_INLINE, at, &m) == 1) {
		if (!in_list(x, m.end[0]))
			read_inline_entries(x, m.end[0]);
		at = line_end(x->s, x->n, m.end[0]);
		if (at >= x->n)
			break;
	}
	at = 0;

	/* after a heading */
	while (match(x, X_HEADING, at, &m) == 1) {
		size_t i = line_end(x->s, x->n, m.end[0]);
		pk_match e;

		at = i < x->n ? i + 1 : x->n;
		/* the first entry within a few lines of the heading; else
		 * entries without labels right after it */
		if (match(x, X_ENTRY, at, &e) == 1 && e.start[0] - at < 200 && !in_list(x, e.start[0]))
			read_entries(x, e.start[0], 0);
		else if (!in_list(x, at))
			read_plain_entries(x, at);
		if (at >= x->n)
			break;
	}
	/* numbered lines with years anywhere else */
	for (at = 0; match(x, X_ENTRY, at, &m) == 1;) {
		size_t added;

		if (in_list(x, m.start[0]) || (x->s[m.start[0] + strspn(x->s + m.start[0], " \t")] != '[' &&
						(x->s[m.start[0] + strspn(x->s + m.start[0], " \t")] < '0' ||
						 x->s[m.start[0] + strspn(x->s + m.start[0], " \t")] > '9'))) {
			at = m.end[0];
			continue;
		}
		added = read_entries(x, m.start[0], !strncmp(x->s + m.start[0] + strspn(x->s + m.start[0], " \t"), "[^", 2) ? 2 : 1);
		at = added ? x->list[x->nlist - 1].end : m.end[0];
		if (at <= m.start[0])
			at = m.end[0];
	}
}

static void link_markers(ctx *x)
{
	pk_match m;
	size_t at = 0;

	while (match(x, X_MARKER, at, &m) == 1) {
		const char *p = x->s + m.start[1], *end = x->s + m.end[1];
		long prev = -1;

		at = m.end[0];
		if (in_list(x, m.start[0]))
			continue;
		while (p < end) {
			char *q;
			long v = strtol(p, &q, 10), k;
			int range = 0;

			if (q == p)
				break;
			/* "2-5": every label in between */
			if (prev >= 0 && p > x->s && (p[-1] == '-' || (p >= x->s + 3 && !memcmp(p - 3, "–", 3))))
				range = 1;
			for (k = range ? prev + 1 : v; k <= v && k - v < 50; k++) {
				size_t i;
				char lab[16];

				number_label(lab, sizeof(lab), x->s[m.start[0] + 1] == '^', k);
				for (i = 0; i < x->nc; i++)
					if (x->c[i].kind == EV_CITE_ENTRY && !strcmp(x->c[i].label, lab)) {
						add_at(&x->c[i], m.start[0], m.end[0]);
						break;
					}
			}
			prev = v;
			p = q;
			while (p < end && (*p == ' ' || *p == ',' || *p == '-' || (unsigned char)*p >= 0x80))
				p++;
		}
	}
}

/* ---- identifiers and prose citations ------------------------------------ */

static void find_ids(ctx *x, int k, int kind)
{
	pk_match m;
	size_t at = 0, i;

	while (match(x, k, at, &m) == 1 && x->nc < EV_MAX_CITES) {
		size_t a = m.start[1], b = m.end[1];
		ev_cite *c;

		at = m.end[0];
		if (in_list(x, m.start[0]))
			continue;
		/* trailing sentence punctuation and unbalanced brackets are not the DOI's */
		while (b > a && strchr(".,;:'\")]}", x->s[b - 1])) {
			if (x->s[b - 1] == ')') {
				size_t opens = 0, closes = 0, j;

				for (j = a; j < b; j++)
					opens += x->s[j] == '(', closes += x->s[j] == ')';
				if (opens >= closes)
					break;
			}
			b--;
		}
		for (i = 0; i < x->nc; i++)
			if (x->c[i].kind == kind && strlen(x->c[i].text) == b - a && !memcmp(x->c[i].text, x->s + a, b - a))
				break;
		if (i < x->nc) {
			add_at(&x->c[i], m.start[0], b);
			continue;
		}
		if ((c = new_cite(x, kind, a, b, x->s + a, b - a))) {
			if (kind == EV_CITE_ARXIV) {
				char id[64];

				snprintf(id, sizeof(id), "%.60s", c->text);
				snprintf(c->text, sizeof(c->text), "arXiv:%s", id);
			}
			add_at(c, m.start[0], b);
		}
	}
}

/* Whole references written in prose (APA in a sentence, a reference in
 * parentheses): each is a citation of its own, its text what is checked,
 * when it parses with authors, a year and a volume, pages or DOI. */
static void find_full(ctx *x, int k)
{
	qr_ref *p = pk_malloc(sizeof(*p));
	pk_match m;
	size_t at = 0;

	if (!p)
		return;
	while (match(x, k, at, &m) == 1 && x->nc < EV_MAX_CITES) {
		size_t a = k == X_FULL_PAREN ? m.start[1] : m.start[0], b = k == X_FULL_PAREN ? m.end[1] : m.end[0];
		ev_cite *c;

		at = m.end[0];
		if (in_list(x, m.start[0]))
			continue;
		if (query_ref_parse_memo(x->memo, x->s + a, b - a, p) < 0 || !p->nauthors || !p->year ||
		    !(p->volume[0] || p->first_page[0] || p->doi[0])) {
			pk_error_clear();
			continue;
		}
		if (!(c = new_cite(x, EV_CITE_FULL, a, b, x->s + a, b - a)))
			break;
		add_at(c, m.start[0], m.end[0]);
		x->full[x->nfull].start = m.start[0];
		x->full[x->nfull].end = m.end[0];
		x->nfull++;
	}
	pk_free(p);
}

/* The list entries' first authors and years, for linking prose. */
static void entry_keys(ctx *x)
{
	size_t i;
	qr_ref *p = pk_malloc(sizeof(*p));

	if (!p)
		return;
	for (i = 0; i < x->nc; i++) {
		x->fam[i][0] = '\0';
		x->year[i] = 0;
		if (x->c[i].kind != EV_CITE_ENTRY ||
		    query_ref_parse_memo(x->memo, x->c[i].text, strlen(x->c[i].text), p) < 0) {
			pk_error_clear();
			continue;
		}
		if (p->nauthors)
			fold_family(x->fam[i], sizeof(x->fam[i]), p->authors[0].family, strlen(p->authors[0].family));
		x->year[i] = p->year;
	}
	pk_free(p);
}

/* The prose patterns (X_AY, X_AY2, X_CJK) match names, "et al.", "and" or
 * "&", a venue's words, commas, an opening parenthesis and blanks up to a
 * year, which comes last but for a letter, blanks and a closing
 * parenthesis. No ASCII byte that is none of those (a digit, ';', ')',
 * ':', '[', ...) stands in a match before its year: such a byte bounds
 * where a match with a later year can start. Bytes past 0x7f may be
 * letters or blanks, and never bound one. */
static int prose_stop(unsigned char c)
{
	return (c >= '0' && c <= '9') || (c > ' ' && c < 0x7f && !((c | 0x20) >= 'a' && (c | 0x20) <= 'z') &&
					  c != '\'' && c != '-' && c != '.' && c != ',' && c != '&' && c != '(');
}


/* Every place a match's year can start ("19" or "20" and a digit, which
 * may be any decimal digit of Unicode), each with 1 + the last stop byte
 * before it (0: none): one pass for the three prose patterns. 0 or
 * PK_ENOMEM. */
static int find_years(ctx *x)
{
	static const uint64_t ones = 0x0101010101010101ull, high = 0x8080808080808080ull;
	const unsigned char *u = (const unsigned char *)x->s;
	size_t i, j, after_stop = 0, seen = 0; /* the stop bytes before seen are in after_stop */

	if (x->yr_made)
		return 0;
	x->yr_made = 1;
	for (i = 0; i + 3 <= x->n; i++) {
		/* eight bytes none of which is '0' to '3' (the bytes whose bits
		 * 2-7 are those of '1' and '2') hold no year's start */
		if (!(i & 7) && i + 8 <= x->n) {
			uint64_t w, y;

			memcpy(&w, u + i, 8);
			y = (w | (ones * 3)) ^ (ones * '3');
			if (!((y - ones) & ~y & high)) {
				i += 7;
				continue;
			}
		}
		if ((u[i] | 3) != '3' || !((u[i] == '1' && u[i + 1] == '9') || (u[i] == '2' && u[i + 1] == '0')) ||
		    !((u[i + 2] >= '0' && u[i + 2] <= '9') || u[i + 2] >= 0x80))
			continue;
		/* the last stop byte before the year, read back to where the
		 * last year's reading ended (a digit is one: most are near) */
		for (j = i; j > seen; j--)
			if (stop_byte[u[j - 1]]) {
				after_stop = j;
				break;
			}
		seen = i;
		if (PK_ALLOC_GROW(x->yr, x->nyr + 1, x->yrcap, 16) < 0)
			return PK_ENOMEM;
		x->yr[x->nyr][0] = i;
		x->yr[x->nyr][1] = after_stop;
		x->nyr++;
	}
	return 0;
}

/* The next match of prose pattern k at or after `at`, found in windows.
 * A match holds one year, and no digit before it; so it starts after the
 * last stop byte (prose_stop) before its year, and ends within the run of
 * digits, letters and blanks after the year's "19" or "20" (its last two
 * digits, a letter, blanks and a closing parenthesis as "）"; ")" and the
 * byte a look-ahead reads are within three bytes past the run). A window
 * is that much of the text for one year in turn, cut at a character's
 * end: it holds all a match with that year reads (or with any year whose
 * digits the run holds), and nothing of a later year could end a match
 * in it (the three bytes past the run hold no whole year). So the first
 * window with a match gives the match a search of the whole text finds
 * first, and the regex is spared the text between windows. */
static int match_prose(ctx *x, int k, size_t at, pk_match *m)
{
	const unsigned char *u = (const unsigned char *)x->s;
	size_t lo = 0, hi = x->nyr, j;

	if (x->whole)
		return match(x, k, at, m);
	while (lo < hi) { /* the first year at or after at */
		size_t mid = lo + (hi - lo) / 2;

		if (x->yr[mid][0] < at)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (j = lo; j < x->nyr; j++) {
		size_t y = x->yr[j][0], from = x->yr[j][1] > at ? x->yr[j][1] : at, cut = y + 2;
		int rc;

		while (cut < x->n && (u[cut] >= 0x80 || u[cut] <= ' ' || (u[cut] >= '0' && u[cut] <= '9') ||
				      ((u[cut] | 0x20) >= 'a' && (u[cut] | 0x20) <= 'z')))
			cut++;
		cut = cut + 3 < x->n ? cut + 3 : x->n;
		while (cut < x->n && (u[cut] & 0xc0) == 0x80)
			cut++; /* whole characters: PCRE2 is not asked to check UTF-8 */
		/* a window inside a reference list or a whole reference: a match
		 * there starts there, and find_prose passes it over (nor could one
		 * start between it and its end: after its year come no capitals
		 * and no Han) */
		if (within_region(x, from, cut))
			continue;
		rc = pk_re_match(xre[k], x->s, cut, from, m);
		if (rc == 0 && pk_re_last_limited()) {
			x->limited = 1; /* as a limit hit by match(): the pattern stops */
			return 0;
		}
		if (rc != 0)
			return rc;
	}
	return 0;
}

static int find_prose(ctx *x, int k)
{
	pk_match m;
	size_t at = 0, i;
	int g_a1 = xgroup[k][G_A1], g_a2 = xgroup[k][G_A2], g_etal = xgroup[k][G_ETAL], g_y1 = xgroup[k][G_Y1],
	    g_y2 = xgroup[k][G_Y2], g_v = xgroup[k][G_VENUE];

	if (!x->whole && find_years(x) < 0)
		return pk_error_set(PK_ENOMEM, "out of memory");
	while (match_prose(x, k, at, &m) == 1) {
		size_t a1s = m.start[g_a1], a1e = m.end[g_a1];
		size_t ys = g_y1 >= 0 && m.start[g_y1] != (size_t)-1 ? m.start[g_y1] : m.start[g_y2];
		char fam[64], text[256];
		int year;

		at = m.end[0];
		if (in_list(x, m.start[0]) || is_not_name(x->s + a1s, a1e - a1s))
			continue;
		year = (int)pk_num_digits(x->s + ys, 4);
		/* "Smith, 2019" needs a comma right after a name that is not a
		 * sentence's first word ("Since 2019" is excluded above) */
		fold_family(fam, sizeof(fam), x->s + a1s, a1e - a1s);
		for (i = 0; i < x->nc; i++)
			if (x->c[i].kind == EV_CITE_ENTRY && x->year[i] == year && fam[0] && !strcmp(x->fam[i], fam))
				break;
		if (i < x->nc) { /* names a list entry */
			add_at(&x->c[i], m.start[0], m.end[0]);
			continue;
		}
		/* the text checked: "Zhang et al., Nature 2023", "Smith and Jones, 2019", "张三等，2020" */
		{
			pk_buf t = PK_BUF_INIT;
			int have_a2 = g_a2 >= 0 && m.start[g_a2] != (size_t)-1;
			int have_etal = g_etal >= 0 && m.start[g_etal] != (size_t)-1;
			int have_v = g_v >= 0 && m.start[g_v] != (size_t)-1;

			int bad = pk_buf_put(&t, x->s + a1s, a1e - a1s) < 0;

			if (have_a2)
				bad |= pk_buf_puts(&t, " and ") < 0 ||
				       pk_buf_put(&t, x->s + m.start[g_a2], m.end[g_a2] - m.start[g_a2]) < 0;
			else if (have_etal)
				bad |= pk_buf_puts(&t, k == X_CJK ? "等" : " et al.") < 0;
			bad |= pk_buf_puts(&t, k == X_CJK ? "，" : ", ") < 0;
			if (have_v)
				bad |= pk_buf_put(&t, x->s + m.start[g_v], m.end[g_v] - m.start[g_v]) < 0 ||
				       pk_buf_putc(&t, ' ') < 0;
			bad |= pk_buf_printf(&t, "%d", year) < 0;
			if (bad) {
				pk_buf_release(&t);
				return pk_error_set(PK_ENOMEM, "out of memory");
			}
			snprintf(text, sizeof(text), "%s", t.ptr ? t.ptr : "");
			pk_buf_release(&t);
		}
		for (i = 0; i < x->nc; i++)
			if (x->c[i].kind == EV_CITE_PROSE && !strcmp(x->c[i].text, text))
				break;
		if (i < x->nc) {
			add_at(&x->c[i], m.start[0], m.end[0]);
			continue;
		}
		{
			ev_cite *c = new_cite(x, EV_CITE_PROSE, m.start[0], m.end[0], text, strlen(text));

			if (!c)
				break;
			add_at(c, m.start[0], m.end[0]);
		}
	}
	return 0;
}

static int by_start(const void *a, const void *b)
{
	const ev_cite *x = a, *y = b;

	return x->start < y->start ? -1 : x->start > y->start;
}

static int extract(const char *s, size_t n, struct qr_memo *memo, int whole, ev_cite **out, size_t *count,
		   int *limited);

int ev_extract_citations(const char *s, size_t n, ev_cite **out, size_t *count, int *limited)
{
	return extract(s, n, NULL, 0, out, count, limited);
}

int ev_extract_citations_memo(const char *s, size_t n, struct qr_memo *memo, ev_cite **out, size_t *count,
			      int *limited)
{
	return extract(s, n, memo, 0, out, count, limited);
}

int ev_extract_citations_whole(const char *s, size_t n, ev_cite **out, size_t *count, int *limited)
{
	return extract(s, n, NULL, 1, out, count, limited);
}

static int extract(const char *s, size_t n, struct qr_memo *memo, int whole, ev_cite **out, size_t *count,
		   int *limited)
{
	ctx *x;
	int rc;

	*out = NULL;
	*count = 0;
	if (limited)
		*limited = 0;
	if ((rc = ev_extract_prepare()) < 0)
		return rc;
	/* not zeroed: new_cite clears each entry it hands out (460 KB a text) */
	if ((x = pk_malloc(sizeof(*x))))
		memset(x, 0, offsetof(ctx, full));
	if (!x || !(x->c = pk_malloc(EV_MAX_CITES * sizeof(ev_cite)))) {
		pk_free(x);
		return pk_error_set(PK_ENOMEM, "out of memory");
	}
	x->s = s;
	x->n = n;
	x->memo = memo;
	x->whole = whole;
	find_lists(x);
	find_full(x, X_FULL_APA);
	find_full(x, X_FULL_PAREN);
	link_markers(x);
	find_ids(x, X_DOI, EV_CITE_DOI);
	find_ids(x, X_ARXIV, EV_CITE_ARXIV);
	entry_keys(x);
	if (find_prose(x, X_AY) < 0 || find_prose(x, X_AY2) < 0 || find_prose(x, X_CJK) < 0) {
		pk_free(x->yr);
		pk_free(x->c);
		pk_free(x);
		return PK_ENOMEM;
	}
	qsort(x->c, x->nc, sizeof(ev_cite), by_start);
	*out = x->c;
	*count = x->nc;
	if (limited)
		*limited = x->limited;
	pk_free(x->yr);
	pk_free(x);
	return 0;
}
