/* query/refparse.c - parse reference strings; styles in ref.h.
 *
 * The string is normalised (NFKC, dashes, quotes, blanks), identifiers
 * (DOI, arXiv, URL) are taken out wherever they are, and the rest is read
 * in three parts: the author block at the start (the name pattern that
 * chains the most authors wins: "Family, I.", "I. Family", "Family II",
 * "Family I.I.", Chinese names), the tail holding venue, volume, issue,
 * pages and year (one of the style patterns below), and the title between
 * them (or in quotes). BibTeX entries, GB/T 7714 and the short prose forms
 * have patterns of their own. Every pattern is compiled once and runs
 * under PCRE2's match limits.
 */
#include "ref.h"
#include "ref_int.h"

#include "../common/alloc.h"
#include "../common/buf.h"
#include "../common/error.h"
#include "../common/hash.h"
#include "../common/memo.h"
#include "../common/num.h"
#include "../common/re.h"
#include "../common/text.h"
#include "../kg/work.h"

#include <cJSON.h>
#include <pthread.h>
#include <ctype.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REF_MAX ((size_t)64 << 10)

enum {
	RE_DOI, RE_ARXIV, RE_URL, RE_NUMBERED, RE_GBT, RE_SHORT, RE_YEAR,
	RE_A_FAM_INIT, RE_A_INIT_FAM, RE_A_INIT_FAM_LAST, RE_A_FAM_II, RE_A_FAM_DOTS, RE_A_CJK, RE_A_MONO, RE_SEP, RE_ETAL,
	RE_T_SPIRES, RE_T_NATURE, RE_T_ELSEVIER, RE_T_ACS, RE_T_VANCOUVER, RE_T_APA, RE_T_APA_NOVOL, RE_T_SPRINGER, RE_T_IEEE, RE_T_IEEE_NOVOL, RE_T_CHICAGO, RE_T_IN,
	RE_LEAD_YEAR, RE_QUOTED, RE_QUOTED_ANY, RE_PMID, RE_PMCID, RE_OPENALEX, RE_DBLP, RE_OTHER_ID, RE_ACCESS, RE_T_VANCOUVER_AT, RE_COUNT
};

/* An editor as Vancouver and AMA name one: "Ikeuchi K", "van der Berg JA" */
#define EDITOR_V "(?:(?:van|von|de|der|den|la|le)\\s+){0,2}\\p{Lu}[\\p{L}'\\-]+(?:\\s+\\p{Lu}[\\p{L}'\\-]+){0,2}\\s+\\p{Lu}{1,3}"

/* Pages: "9967", "3246-3248", "e1234", "S12-S14", "1392b-1392", article
 * numbers "05LT01", "04E109", a roman front page "III-318". */
#define PAGE1 "(?:[A-Za-z]{0,4}\\d+(?:[A-Za-z]{1,3}\\d+)?[A-Za-z]?|[IVXLC]{1,6}(?=\\s*-))"
#define PAGES_AS(name) "(?P<" name ">" PAGE1 "(?:\\s*-\\s*[A-Za-z]{0,4}\\d+[A-Za-z]?)?)"
#define PAGES PAGES_AS("pages")
/* not after the abbreviations proceedings' names are made of */
#define NOT_ABBREV                                                                                       \
	"(?<!\\bProc)(?<!\\bConf)(?<!\\bSymp)(?<!\\bInt)(?<!\\bIntl)(?<!\\bAnnu)(?<!\\bAdv)(?<!\\bInf)" \
	"(?<!\\bProcess)(?<!\\bSyst)(?<!\\bComput)(?<!\\bNatl)(?<!\\bAssoc)(?<!\\bLinguist)"
#define VENUE_NC "(?P<venue>\\p{Lu}[^,;()\"\\[\\]]*?[\\p{L}.)])"
#define PARTICLE "(?:(?:van|von|der|den|de|da|di|du|del|della|dos|la|le|ter|ten|olde|op|zu)\\s+)*"
/* A family name: a capital, then letters, apostrophes and hyphens with a
 * small letter among them, or two capitals or more. The run before the
 * first small letter is read without small letters: one way to split the
 * name, not one per small letter it holds ("[\\p{L}'-]*\\p{Ll}[\\p{L}'-]*"
 * tried each, and every end of the name again for each, before a
 * lookahead after it failed); the ends tried, longest first, and so every
 * match, are the same. */
#define FAMILY PARTICLE "(?:[dl]['\\x{2019}])?(?:\\p{Lu}[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}'\\-]*\\p{Ll}[\\p{L}'\\-]*|\\p{Lu}{2}[\\p{Lu}'\\-]*)"

/* Vancouver's tail (RE_T_VANCOUVER) */
#define T_VANCOUVER                                                                                                  \
	"(?P<venue>[^;:]+?)\\.?\\s*(?P<year>(?:1[5-9]|20)\\d\\d)(?:\\s+[A-Z][a-z]{2}(?:\\s+\\d{1,2})?)?\\s*;\\s*(?:(?P<vol>\\d+(?:-\\d+)?|[IVXLC]{1,8})" \
	"\\s*(?:\\((?P<iss>[^)]{1,24})\\))?|\\((?P<iss2>[^)]{1,24})\\))\\s*(?::\\s*" PAGES ")?"

static const char *const patterns[RE_COUNT] = {
	/* (a Markdown link's "](" ends it: "[https://doi.org/X](https://doi.org/X)") */
	[RE_DOI] = "(?i)(?:doi\\s*:?\\s*|https?://(?:dx\\.)?doi\\.org/)?(10\\.\\d{4,9}/(?:(?!\\]\\()[^\\s\"<>]|<\\d[^\\s\"<>]*>)+)",
	[RE_ARXIV] = "(?i)(?:https?://)?arxiv(?:\\.org/(?:abs|pdf)/|\\s*[:.]?\\s*)((?:\\d{4}\\.\\d{4,5}|[a-z\\-]+(?:\\.[a-z]{2})?/\\d{7})(?:v\\d+)?)(?:\\.pdf)?",
	/* "PMID: 17284678", "PubMed PMID: 17284678" */
	[RE_PMID] = "(?i)\\bPMID\\s*:?\\s*(\\d{1,9})\\b",
	[RE_PMCID] = "(?i)\\b(?:PMCID\\s*:?\\s*)?(PMC\\d{4,9})\\b",
	[RE_OPENALEX] = "(?i)(?:https?://)?(?:api\\.)?openalex\\.org/(?:works/)?(W\\d{4,12})\\b",
	/* a BibTeX key or biburl of dblp: "DBLP:conf/nips/VaswaniSPUJGKP17" */
	[RE_DBLP] = "(?:DBLP:|dblp\\.org/rec/)((?:conf|journals|books|phd|series|reference|tr)/[A-Za-z0-9_\\-]+/[A-Za-z0-9_\\-]+)",
	/* identifiers of services no source here holds: recognised, reported */
	[RE_OTHER_ID] = "(?i)(?:https?://)?(?:www\\.)?(semanticscholar\\.org/(?:paper/)?[^\\s,;]+|api\\.semanticscholar\\.org/[^\\s,;]+|openreview\\.net/(?:forum|pdf)\\?id=[A-Za-z0-9_\\-]+)",
	[RE_URL] = "https?://\\S+",
	/* the day it was read: "[cited 2024 May 12]", "Accessed 12 May 2024",
	 * "Retrieved March 3, 2024, from", "(accessed on 3 March 2021)"; after
	 * punctuation or at the start (what identifiers left), as styles
	 * write it, or capitalized ("the most cited papers of 2019" is a
	 * title's) */
	[RE_ACCESS] = "(?:(?:^|[.,;]|[\\[(])\\s*(?i:cited|accessed|retrieved|viewed|consulted|downloaded|last\\s+accessed)|"
		      "\\s(?:Accessed|Retrieved))\\b:?"
		      "[^\\[\\]();]{0,40}?\\b(?:19|20)\\d\\d\\b(?:[-/.]\\d{1,2}(?:[-/.]\\d{1,2})?|,?\\s+\\p{L}{3,9}\\.?"
		      "(?:\\s+\\d{1,2}(?!\\d))?)?\\s*[\\])]?(?:,?\\s*from\\b)?",
	[RE_NUMBERED] = "^\\s*(?:\\[\\d{1,4}\\]|\\(\\d{1,4}\\)|\\d{1,4}[.)])\\s+",
	[RE_GBT] = "\\G(?P<auth>[^\\[]+?)\\s*[.．]\\s*(?P<title>[^\\[]+?)\\s*\\[(?P<type>[A-Z]{1,2}(?:/OL)?)\\]\\s*[.．]?\\s*"
		   "(?:(?://)?(?P<venue>[^\\[\\]]+?)\\s*[,，.．]\\s*)?(?P<year>(?:1[5-9]|20)\\d\\d)(?:\\s*[,，]\\s*(?P<vol>[^(（:：,，\\s]+))?"
		   "(?:\\s*[(（](?P<iss>[^)）]+)[)）])?(?:\\s*[:：]\\s*" PAGES ")?",
	[RE_SHORT] = "\\G\\(?\\s*(?P<a1>" FAMILY ")(?:\\s+(?P<etal>et\\s+al\\.?)|\\s+(?:and|&)\\s+(?P<a2>" FAMILY "))?"
		     "\\s*,?\\s*(?:(?P<venue>\\p{Lu}[\\p{L}.&:\\s'\\-\\x{2013}\\x{2014}]{1,80}?(?:\\s*\\([\\p{L}.\\s]{1,20}\\))?)\\s*,?\\s+)?\\(?(?P<year>(?:1[6-9]|20)\\d\\d)[a-z]?\\)?\\s*\\)?\\.?$",
	[RE_YEAR] = "(?<![\\d./:-])(?<!vol\\. )(?<!vol )(?<!no\\. )(?P<year>(?:1[5-9]|20)\\d\\d)[a-z]?(?![\\d])",
	[RE_A_FAM_INIT] = "\\G\\s*(?P<fam>" FAMILY "(?:\\s+" FAMILY ")?)\\s*,\\s*(?P<giv>(?:(?:\\p{Lu}|\\p{Ll}(?=\\.))\\.?\\s*-?\\s*){1,6}(?:(?:van|von|de|da|der|den|del|della|dos|du|la|le|olde|op|ten|ter|zu)(?=[\\s.,]))?(?=[,;.&(]|\\s+(?:and\\b|&|et\\b)|\\s*$)|\\p{Lu}\\p{Ll}+(?:-\\p{L}\\p{Ll}*)?\\.?(?:\\s+\\p{Lu}(?:\\.|(?=[,;])))*)",
	[RE_A_INIT_FAM] = "\\G\\s*(?P<giv>(?:\\p{Lu}\\p{Ll}?\\.\\s*-?\\s*){1,6}|\\p{Lu}\\p{Ll}+(?:-\\p{L}\\p{Ll}*)?(?:\\s+\\(\\p{Lu}\\p{Ll}+\\))?\\s+(?:\\p{Lu}(?:\\.\\s*-?|\\s+)){0,3})\\s*(?P<fam>" FAMILY "(?:\\s+" FAMILY ")?)(?=[,;.(]|\\s+(?:and\\b|&|et\\b)|\\s*$)",
	/* the last name of a list ("... & H. Zhang") right before the title,
	 * with no separator (Nature written carelessly) */
	[RE_A_INIT_FAM_LAST] = "\\G\\s*(?P<giv>(?:\\p{Lu}\\.\\s*-?\\s*){1,6})\\s*(?P<fam>" FAMILY ")(?=\\s+\\p{Lu}[\\p{Ll}\\s]|\\s+\\((?:1[5-9]|20)\\d\\d)",
	[RE_A_FAM_II] = "\\G\\s*(?P<fam>" FAMILY "(?:[ -]" FAMILY ")?)\\s+(?P<giv>\\p{Lu}{1,4}(?:-\\p{Lu}{1,2})?)(?:,?\\s+(?:Jr|Sr)\\b)?(?=\\s*[,.;(:]|\\s+(?:and\\b|&|et\\b)|\\s*$)",
	[RE_A_FAM_DOTS] = "\\G\\s*(?P<fam>" FAMILY ")\\s+(?P<giv>(?:\\p{Lu}\\.\\s?-?){1,4})(?=[,;(]|\\s+(?:and\\b|&|et\\b)|\\s*$|\\s*:)",
	[RE_A_CJK] = "\\G\\s*(?P<fam>\\p{Han}{2,4}|\\p{Hangul}{2,5})(?=[,，、.．;；\\s]|等|$)",
	/* one name, as APA writes it: "Govindjee. (1986).", two or the first:
	 * "Chen and Guestrin (2016).", "Papineni et al. (2002).", "de Marrais
	 * (2007)." */
	[RE_A_MONO] = "\\G\\s*(?P<fam>" PARTICLE "\\p{Lu}\\p{Ll}[\\p{L}'\\-]*)\\.?(?=\\s*(?:(?:and|&)\\s+\\p{Lu}\\p{Ll}[\\p{L}'\\-]+\\s*|et\\s+al\\.?\\s*)?\\((?:1[5-9]|20)\\d\\d)",
	[RE_SEP] = "\\G\\s*(?:,\\s*(?:and|&)\\s+|;\\s*|,\\s*|\\s+and\\s+|\\s*&\\s*|[，、]\\s*)",
	[RE_ETAL] = "\\G\\s*[,;]?\\s*(?:et\\s*al\\.?|等|\\.\\.\\.)",
	/* arXiv's journal-refs, as SPIRES wrote them: "Phys.Rev.D76:013009,2007",
	 * "Commun.Theor.Phys.49:993-1000,2008", "Int.J.Mod.Phys.A23:3685-3705,2008"
	 * ("Astrophys.Space Sci.313:197-200,2008": the first abbreviation,
	 * volume, pages and year glued; a spaced volume is the Springer and
	 * Nature patterns') */
	[RE_T_SPIRES] = "(?<![\\p{L}.])(?P<venue>\\p{Lu}\\p{L}*\\.\\p{L}[\\p{L}.\\s]*?[\\p{L}.])"
			"(?P<vol>\\d+):" PAGES ",\\s?(?P<year>(?:1[5-9]|20)\\d\\d)\\s*\\.?$",
	/* "Phys. Rev. B 47, 9967 (1993)", "Nature 586, 378-381 (2020)" */
	[RE_T_NATURE] = VENUE_NC "\\s+(?P<vol>\\d+(?:-\\d+)?[A-Z]?|[IVXLC]{1,8})\\s*(?:\\((?P<iss>[^)]{1,12})\\))?\\s*,\\s*(?:" PAGES ")?"
			"\\s*\\(\\s*(?P<year>(?:1[5-9]|20)\\d\\d)\\s*\\)",
	/* Elsevier: "Arch Pediatr Adolesc Med 103 (1962) 533", "Phys. Lett. B 716 (2012) 1-29" */
	[RE_T_ELSEVIER] = VENUE_NC "\\s+(?P<vol>\\d+(?:-\\d+)?[A-Z]?)\\s*\\(\\s*(?P<year>(?:1[5-9]|20)\\d\\d)\\s*\\)\\s*" PAGES "\\s*\\.?$",
	/* "J. Phys. Chem. C 2020, 124, 12345" */
	[RE_T_ACS] = VENUE_NC "\\s*,?\\s+(?P<year>(?:1[5-9]|20)\\d\\d)\\s*,\\s*(?P<vol>\\d+)\\s*(?:\\((?P<iss>[^)]{1,12})\\))?\\s*(?:,\\s*" PAGES "|\\.?$)",
	/* "J Pharmacol Exp Ther. 2013;344:23-32", "Eur Respir J 1995;8(3):1030-8" */
	[RE_T_VANCOUVER] = T_VANCOUVER,
	/* the same where it starts at the offset given (a whole reference
	 * that is a journal alone), not searched for further on */
	[RE_T_VANCOUVER_AT] = "\\G(?:" T_VANCOUVER ")",
	/* "Bioinformatics, 20(17), 3246-3248" */
	[RE_T_APA] = "(?P<venue>\\p{Lu}[^,;\"]*?)\\s*,\\s*(?P<vol>\\d+(?:-\\d+)?)\\s*(?:(?:\\((?P<iss>[^)]{1,24})\\))?"
		     "\\s*,\\s*(?:pp?\\.\\s*)?" PAGES "|\\((?P<iss2>[^)]{1,24})\\)\\s*\\.?$)",
	/* "Proceedings of the Seventh Conference, 289-298." (no volume) */
	[RE_T_APA_NOVOL] = "(?P<venue>\\p{Lu}[^,;\"]*?)\\s*,\\s*(?:pp?\\.\\s*)?" PAGES "\\s*\\.?$",
	/* "J Cell Sci 51:189-201", "J. Reinf. Plast. Comp. 24(2):121" */
	[RE_T_SPRINGER] = "(?P<venue>\\p{Lu}[^,;:\"]*?)\\s+(?P<vol>\\d+(?:-\\d+)?)\\s*(?:\\((?P<iss>[^)]{1,12})\\))?\\s*:\\s*" PAGES,
	/* IEEE / MLA: "IEEE Trans. X, vol. 12, no. 3, pp. 45-67" */
	[RE_T_IEEE] = "(?P<venue>[^,\"]+?(?:,\\s*\\d{4})?)\\s*,\\s*vol\\.\\s*(?P<vol>\\w+(?:-\\w+)?)(?:\\s*,\\s*no\\.\\s*(?P<iss>[\\w\\-]+(?:\\.[\\w\\-]+)*\\.?))?"
		      "(?:[^\\d]{0,20}?(?:pp?\\.\\s*)" PAGES ")?",
	/* IEEE without a volume: "Letras, no. 56, p. 496, 2018", "revistaph, p. 472, 1999" */
	[RE_T_IEEE_NOVOL] = "(?P<venue>\\p{Lu}[^,\"]*?)\\s*,\\s*(?:no\\.\\s*(?P<iss>[\\w\\-]+)\\s*,\\s*)?pp?\\.\\s*" PAGES
			    "\\s*,\\s*(?P<year>(?:1[5-9]|20)\\d\\d)\\s*\\.?$",
	/* Chicago: "Journal 12, no. 3 (2019): 45-67" */
	[RE_T_CHICAGO] = "(?P<venue>[^,\"]+?)\\s+(?P<vol>\\d+)\\s*,?\\s*(?:no\\.\\s*(?P<iss>\\w+))?\\s*\\((?P<year>(?:1[5-9]|20)\\d\\d)\\)\\s*:\\s*" PAGES,
	/* chapters and proceedings: ", in: Javascript for R, 2021: pp. 57-66",
	 * ". In Modula-2 Applied (pp. 130-142)"; a full stop ends the name,
	 * not the one of an abbreviation proceedings' names begin with ("in
	 * Proc. EC, pp. 131-132", "In Adv. Neural Inf. Process. Syst."); APA's
	 * editors before the book's name are passed over */
	[RE_T_IN] = "(?:[,.!?]\\s+|\\G\\s*)[Ii]n:?\\s+"
		    /* the editors before the book ("In K. Ikeuchi (Ed.), Computer Vision",
		     * AMA's and Vancouver's "In: Ikeuchi K, ed. Computer Vision",
		     * "In: Smith J, Lee K, editors. ...": names, not "Handbook, 2nd ed.") */
		    "(?:[^();]{1,160}?\\s*\\((?:[Ee]ds?\\.?|[Ee]ditors?|[Hh]rsg\\.?)\\)\\s*,?\\s*"
		    "|" EDITOR_V "(?:,\\s*" EDITOR_V "){0,5}(?:,?\\s*et\\s+al\\.?)?,\\s*(?:eds?|editors?)\\.\\s+)?"
		    "(?P<venue>(?:\\p{Lu}|\\[|\\d+(?:st|nd|rd|th)\\s)[^();]*?)\\s*(?:\\((?:pp?\\.\\s*)" PAGES "\\)"
		    "|,\\s*(?P<year>(?:1[5-9]|20)\\d\\d)(?:\\s*:\\s*pp?\\.\\s*" PAGES_AS("pages2") "|(?=\\s*\\.?\\s*$))"
		    "|,\\s*(?P<year5>(?:1[5-9]|20)\\d\\d)\\s*,\\s*pp?\\.\\s*" PAGES_AS("pages7")
		    "|(?:,?\\s+vol\\.\\s*(?P<vol>\\d+))?\\s+" PAGES_AS("pages3") "\\s*\\((?P<year2>(?:1[5-9]|20)\\d\\d)\\)"
		    "|\\.\\s*(?P<year3>(?:1[5-9]|20)\\d\\d)\\.?\\s*pp?\\.\\s*" PAGES_AS("pages4")
		    "|;\\s*(?P<year4>(?:1[5-9]|20)\\d\\d)(?:\\s*;\\s*pp?\\.?\\s*" PAGES_AS("pages5") ")?"
		    "|,\\s*(?:pp?\\.|pages)\\s*" PAGES_AS("pages6") "|,\\s*" PAGES_AS("pages8") "\\s*\\.?$|" NOT_ABBREV "\\.\\s|\\.?$)",
	/* "(2019)." or "2019." - not "2011 River Corridor Report", a title */
	[RE_LEAD_YEAR] = "\\G\\s*[.,:]?\\s*(?:\\(\\s*(?P<year>(?:1[5-9]|20)\\d\\d)[a-z]?\\s*\\)\\s*[.,:]?"
			 "|(?P<year2>(?:1[5-9]|20)\\d\\d)[a-z]?\\s*[.,:])",
	/* right where the title goes (after the authors and a year), not a
	 * quoted word further on ("Sunburst \"HTML\" Widget") */
	[RE_QUOTED] = "\\G[\\s.,:]*\"(?P<title>[^\"]{6,}?)[,.]?\"",
	/* when no author could be read: a quoted title ends with its comma
	 * or period ("Stravopodis, \"Human bladder ... responses,\" PeerJ") */
	[RE_QUOTED_ANY] = "\"(?P<title>[^\"]{6,}?)[,.]\"",
};

const char *query_ref_pattern(size_t i)
{
	return i < RE_COUNT ? patterns[i] : NULL;
}

static pk_re *re[RE_COUNT];
static pthread_once_t once = PTHREAD_ONCE_INIT;
static int compile_rc;
static char compile_why[256]; /* its message: the thread that compiled may be another */

static void compile_all(void)
{
	int i;

	for (i = 0; i < RE_COUNT; i++) {
		if (!(re[i] = pk_re_compile(patterns[i], 0))) {
			compile_rc = pk_error_prefix("reference pattern %d", i);
			snprintf(compile_why, sizeof(compile_why), "%s", pk_error_last());
			return;
		}
	}
}

static int ensure(void)
{
	pthread_once(&once, compile_all);
	return compile_rc < 0 ? pk_error_set(compile_rc, "%s", compile_why) : 0;
}

int query_ref_parse_prepare(void)
{
	return ensure();
}

/* Copy group `name` of m (trimmed of blanks and edge punctuation). */
/* Copy n bytes of s into dst (dn bytes with the NUL), cut on a character
 * boundary: a field never ends inside a UTF-8 sequence. */
static void put_field(char *dst, size_t dn, const char *s, size_t n)
{
	size_t l = pk_utf8_cut(s, n, dn - 1);

	memcpy(dst, s, l);
	dst[l] = '\0';
}

static void grab(char *dst, size_t n, const char *s, const pk_match *m, int re_id, const char *name)
{
	int g = pk_re_group(re[re_id], name);
	size_t a, b;

	dst[0] = '\0';
	if (g < 0 || g >= m->n || m->start[g] == (size_t)-1)
		return;
	a = m->start[g];
	b = m->end[g];
	while (a < b && (s[a] == ' ' || s[a] == ',' || s[a] == '.' || s[a] == ':' || s[a] == ';'))
		a++;
	while (b > a && (s[b - 1] == ' ' || s[b - 1] == ',' || s[b - 1] == ';' || s[b - 1] == ':'))
		b--;
	put_field(dst, n, s + a, b - a);
}

static int group_set(const pk_match *m, int re_id, const char *name)
{
	int g = pk_re_group(re[re_id], name);

	return g >= 0 && g < m->n && m->start[g] != (size_t)-1;
}

/* The first of the group names (NULL-terminated) that took part in the
 * match (a pattern with alternatives names each one's group apart);
 * NULL if none. */
static const char *first_set(const pk_match *m, int re_id, const char *const *names)
{
	for (; *names; names++)
		if (group_set(m, re_id, *names))
			return *names;
	return NULL;
}

static int gstart(const pk_match *m, int re_id, const char *name)
{
	int g = pk_re_group(re[re_id], name);

	return g >= 0 && g < m->n ? (int)m->start[g] : -1;
}

/* Normalise: NFKC, one space, dashes '-', typographic quotes ASCII. */
static int normalise(pk_buf *out, const char *s, size_t n)
{
	pk_buf tmp = PK_BUF_INIT;
	size_t i = 0;
	int rc;

	if ((rc = pk_text_fold(&tmp, s, n, PK_FOLD_DASH | PK_FOLD_SPACE_ONE)) < 0)
		goto done;
	/* Markdown emphasis, as models write references: "*Nature* **580**,
	 * 123 (2020)", "_JAMA_", "2019;**321**(22)"; the marks go, the words stay */
	if (memchr(tmp.ptr, '*', tmp.len) || memchr(tmp.ptr, '_', tmp.len) || memchr(tmp.ptr, '`', tmp.len)) {
		unsigned char *drop = pk_malloc(tmp.len);
		size_t k, w = 0;

		if (!drop) {
			rc = pk_error_set(PK_ENOMEM, "out of memory");
			goto done;
		}
		pk_text_emphasis(tmp.ptr, tmp.len, drop);
		for (k = 0; k < tmp.len; k++)
			if (!drop[k])
				tmp.ptr[w++] = tmp.ptr[k];
		tmp.ptr[w] = '\0';
		tmp.len = w;
		pk_free(drop);
	}
	while (i < tmp.len && rc == 0) {
		int32_t cp;
		int k;
		size_t j = i;

		/* a run of ASCII none of the cases below changes, copied whole */
		while (j < tmp.len && (unsigned char)tmp.ptr[j] < 0x80 && tmp.ptr[j] != '&' && tmp.ptr[j] != 0x60 &&
		       tmp.ptr[j] != '%')
			j++;
		if (j > i) {
			rc = pk_buf_put(out, tmp.ptr + i, j - i);
			i = j;
			continue;
		}
		k = pk_utf8_decode(tmp.ptr + i, tmp.len - i, &cp);

		if (k < 0)
			k = 1, cp = 0xFFFD;
		if (cp == '%' && i + 2 < tmp.len && (!strncasecmp(tmp.ptr + i, "%2F", 3) || !strncasecmp(tmp.ptr + i, "%3A", 3))) {
			/* a DOI in a URL, percent-encoded ("doi.org/10.1371%2Fjournal...") */
			rc = pk_buf_putc(out, tmp.ptr[i + 1] == '2' ? '/' : ':');
			i += 3;
			continue;
		}
		if (cp == '&' && !strncmp(tmp.ptr + i, "&amp;", 5)) {
			/* references copied from HTML and Crossref keep the entity */
			rc = pk_buf_putc(out, '&');
			i += 5;
			continue;
		}
		if (cp == 0x201C || cp == 0x201D || cp == 0x201E || cp == 0x201F || cp == 0xAB || cp == 0xBB)
			rc = pk_buf_putc(out, '"');
		else if (cp == 0x2018 || cp == 0x2019 || cp == 0x201A || cp == 0x2032 || cp == 0x60)
			rc = pk_buf_putc(out, '\'');
		else
			rc = pk_buf_put(out, tmp.ptr + i, (size_t)k);
		i += (size_t)k;
	}
done:
	pk_buf_release(&tmp);
	return rc;
}

static void blank(char *s, size_t a, size_t b)
{
	memset(s + a, ' ', b - a);
}

/* An arXiv identifier at [a, b) blanked with what comes with it: the
 * listing's category after it ("arXiv:0704.0004 [math.CO]") and brackets
 * around both ("[arXiv:0704.0121 [hep-th]]", "(arXiv:...)"), which would
 * otherwise be read as a title or a venue. */
static void blank_arxiv(char *s, size_t n, size_t a, size_t b)
{
	size_t q = b, c, o;

	while (q < n && s[q] == ' ')
		q++;
	if (q < n && s[q] == '[') {
		for (c = q + 1; c < n && (isalpha((unsigned char)s[c]) || s[c] == '.' || s[c] == '-'); c++)
			;
		if (c > q + 1 && c < n && s[c] == ']')
			b = c + 1;
	}
	for (o = a; o > 0 && s[o - 1] == ' '; o--)
		;
	for (q = b; q < n && s[q] == ' '; q++)
		;
	if (o > 0 && q < n && ((s[o - 1] == '[' && s[q] == ']') || (s[o - 1] == '(' && s[q] == ')'))) {
		a = o - 1;
		b = q + 1;
	}
	blank(s, a, b);
}

/* Nothing but blanks, '.' and ',' in s[0..n)? */
static int blank_only(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (s[i] != ' ' && s[i] != '.' && s[i] != ',')
			return 0;
	return 1;
}

static void set_pages(qr_ref *r, const char *pages)
{
	size_t i, j = 0;

	for (i = 0; pages[i] && j + 1 < sizeof(r->pages); i++)
		if (pages[i] != ' ')
			r->pages[j++] = pages[i];
	r->pages[j] = '\0';
	snprintf(r->first_page, sizeof(r->first_page), "%.*s", (int)strcspn(r->pages, "-"), r->pages);
}

/* An author list as parse_authors builds its readings: the first n of
 * authors written (each zeroed, then its names), the rest never read, so
 * a reading starts afresh and is copied at the cost of its authors, not
 * of a whole qr_ref (8 KB) */
typedef struct alist {
	size_t nauthors;
	int et_al;
	qr_author authors[QR_AUTHORS];
} alist;

static void add_to(qr_author *authors, size_t *n, const char *fam, size_t fl, const char *giv, size_t gl)
{
	qr_author *a;

	while (fl && (fam[fl - 1] == ' ' || fam[fl - 1] == ','))
		fl--;
	while (gl && giv && (giv[gl - 1] == ' ' || giv[gl - 1] == ','))
		gl--;
	if (*n >= QR_AUTHORS || !fl)
		return;
	a = &authors[(*n)++];
	memset(a, 0, sizeof(*a));
	put_field(a->family, sizeof(a->family), fam, fl);
	put_field(a->given, sizeof(a->given), giv ? giv : "", giv ? gl : 0);
}

static void add_author(qr_ref *r, const char *fam, size_t fl, const char *giv, size_t gl)
{
	add_to(r->authors, &r->nauthors, fam, fl, giv, gl);
}

static void alist_copy(alist *dst, const alist *src)
{
	dst->nauthors = src->nauthors;
	dst->et_al = src->et_al;
	memcpy(dst->authors, src->authors, src->nauthors * sizeof(src->authors[0]));
}

/* The author block at s[0..]: returns where it ends. */
static int strstr_n(const char *s, size_t n, const char *w)
{
	size_t l = strlen(w), i;

	for (i = 0; i + l <= n; i++)
		if (!memcmp(s + i, w, l))
			return 1;
	return 0;
}

/* ", T. Mizushima": another author by initials after this one, so this
 * full name ("M. Takahashi, Sankalpa Ghosh, T. Mizushima") is no title */
static int initial_author_next(const char *s, size_t n)
{
	size_t i = 0;

	if (!n || s[0] != ',')
		return 0;
	for (i = 1; i < n && s[i] == ' '; i++)
		;
	return i + 1 < n && s[i] >= 'A' && s[i] <= 'Z' && s[i + 1] == '.';
}

/* ". 1991." or ", 1991,": a year right after the authors (ACL, APA
 * without parentheses) */
static int year_follows(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && i < 3 && (s[i] == '.' || s[i] == ',' || s[i] == ' '))
		i++;
	if (!i || i + 5 > n || !((s[i] == '1' && s[i + 1] >= '5') || (s[i] == '2' && s[i + 1] == '0')))
		return 0;
	return s[i + 1] >= '0' && s[i + 1] <= '9' && s[i + 2] >= '0' && s[i + 2] <= '9' && s[i + 3] >= '0' &&
	       s[i + 3] <= '9' && (s[i + 4] == '.' || s[i + 4] == ',');
}

static size_t parse_authors(const char *s, size_t n, qr_ref *out);

/* A list led by an organisation, in one word, then people ("DeepSeek-AI,
 * D. Guo, D. Yang, ...", "OpenAI, Achiam J, Adler S, ..."): taken only
 * when the list read whole gave one author at most and the list after the
 * organisation gives two or more. Returns where the authors end. */
static size_t org_first(const char *s, size_t start, size_t len, size_t aend, qr_ref *out)
{
	qr_ref *rest;
	size_t w = start, end, i;

	if (!(s[w] >= 'A' && s[w] <= 'Z'))
		return aend;
	while (w < len && ((s[w] >= 'A' && s[w] <= 'Z') || (s[w] >= 'a' && s[w] <= 'z') || (s[w] >= '0' && s[w] <= '9') ||
			   (s[w] == '-' && w + 1 < len && s[w + 1] != ' ')))
		w++;
	if (w - start < 2 || w - start >= sizeof(out->authors[0].family) || w + 2 >= len || s[w] != ',' || s[w + 1] != ' ')
		return aend;
	if (!(rest = pk_malloc(sizeof(*rest))))
		return aend; /* the list as read whole stands */
	memset(rest, 0, sizeof(*rest));
	end = parse_authors(s + w + 2, len - w - 2, rest);
	if (rest->nauthors >= 2) {
		char org[64];
		int et_al = out->et_al;

		memcpy(org, s + start, w - start);
		org[w - start] = '\0';
		for (i = 0; i < out->nauthors; i++)
			memset(&out->authors[i], 0, sizeof(out->authors[i]));
		out->nauthors = 0;
		add_author(out, org, strlen(org), NULL, 0);
		for (i = 0; i < rest->nauthors && out->nauthors < QR_AUTHORS; i++)
			add_author(out, rest->authors[i].family, strlen(rest->authors[i].family), rest->authors[i].given,
				   strlen(rest->authors[i].given));
		out->et_al = rest->et_al || et_al;
		aend = w + 2 + end;
	}
	pk_free(rest);
	return aend;
}

static size_t parse_authors(const char *s, size_t n, qr_ref *out)
{
	/* on a tie the earlier wins: "Smirnov SN" is Family + initials, not
	 * the given name Smirnov of a family "SN" */
	/* -1: Chicago and MLA, the first name inverted ("Mohammed, Hamish,
	 * Mary Ramos, and Mark E. Beatty"), the others given name first */
	static const int styles[] = { RE_A_FAM_INIT, RE_A_FAM_II, RE_A_FAM_DOTS, RE_A_INIT_FAM, RE_A_CJK, RE_A_MONO, -1 };
	alist best, cur, fam_ii;
	size_t best_end = 0, fam_ii_end = 0, k;
	int best_style = -2;

	best.nauthors = fam_ii.nauthors = 0;
	best.et_al = fam_ii.et_al = 0;
	for (k = 0; k < sizeof(styles) / sizeof(styles[0]); k++) {
		size_t pos = 0, end = 0;
		pk_match m;
		int first_full = -1, after_and = 0;

		cur.nauthors = 0;
		cur.et_al = 0;
		for (;;) {
			int fg, gg, full = 0, sty = styles[k] >= 0 ? styles[k] : cur.nauthors ? RE_A_INIT_FAM : RE_A_FAM_INIT;
			size_t i;

			if (pk_re_match(re[sty], s, n, pos, &m) != 1 || m.start[0] != pos) {
				/* "X. Liu, Y. Chen & H. Zhang A Maximal ...": after "&"
				 * or "and" the last name may run into the title */
				if (!(after_and && sty == RE_A_INIT_FAM &&
				      pk_re_match(re[sty = RE_A_INIT_FAM_LAST], s, n, pos, &m) == 1 && m.start[0] == pos))
					break;
			}
			fg = pk_re_group(re[sty], "fam");
			gg = pk_re_group(re[sty], "giv");
			/* "J. Coene, Your First Widget": a list that gives initials
			 * does not go on with a full given name - that is the title */
			for (i = gg >= 0 && m.start[gg] != (size_t)-1 ? m.start[gg] : 0; gg >= 0 && i < m.end[gg]; i++)
				full |= s[i] >= 'a' && s[i] <= 'z';
			/* (but after "and", or before more authors: a list of full
			 * names may name one by an initial and a middle name, "and
			 * S. Matthew Weinberg.", "Gaurav Dhiman, A. Vignesh Kumar,
			 * ...", and a list of initials one in full, "M. Takahashi,
			 * Sankalpa Ghosh, T. Mizushima") */
			if (styles[k] == RE_A_INIT_FAM && first_full >= 0 && full != first_full && !after_and &&
			    !(first_full ? m.end[0] < n && s[m.end[0]] == ',' : initial_author_next(s + m.end[0], n - m.end[0])))
				break;
			if (first_full < 0 || (styles[k] < 0 && cur.nauthors == 1))
				first_full = full;
			if (styles[k] < 0 && cur.nauthors >= 2 && full != first_full)
				break;
			add_to(cur.authors, &cur.nauthors, s + m.start[fg], m.end[fg] - m.start[fg],
			       gg >= 0 && m.start[gg] != (size_t)-1 ? s + m.start[gg] : NULL,
			       gg >= 0 && m.start[gg] != (size_t)-1 ? m.end[gg] - m.start[gg] : 0);
			pos = end = m.end[0];
			if (pk_re_match(re[RE_ETAL], s, n, pos, &m) == 1 && m.start[0] == pos) {
				cur.et_al = 1;
				end = m.end[0];
				break;
			}
			if (sty == RE_A_INIT_FAM_LAST)
				break;
			if (pk_re_match(re[RE_SEP], s, n, pos, &m) != 1 || m.start[0] != pos)
				break;
			after_and = memchr(s + m.start[0], '&', m.end[0] - m.start[0]) || strstr_n(s + m.start[0], m.end[0] - m.start[0], "and");
			pos = m.end[0];
		}
		/* of as many names, the reading the year follows ("Brian P.
		 * McCall. 1991.": not "Brian, P." and a title "McCall") */
		if (styles[k] == RE_A_FAM_II) {
			alist_copy(&fam_ii, &cur);
			fam_ii_end = end;
		}
		if (cur.nauthors > best.nauthors ||
		    (cur.nauthors && cur.nauthors == best.nauthors && end > best_end && year_follows(s + end, n - end) &&
		     !year_follows(s + best_end, n - best_end))) {
			alist_copy(&best, &cur);
			best_end = end;
			best_style = styles[k];
		}
	}
	/* "Hoffmann MH, Miller K. Consensus Building and Its Epistemic
	 * Conditions": read given name first, "Hoffmann" is a given name of
	 * a family "MH", and the title's capitalised words make more authors
	 * ("Miller K. Consensus Building", "Its Epistemic Conditions"). A
	 * first family of capitals that the Vancouver reading takes for the
	 * same author's initials is those initials. */
	if (best_style == RE_A_INIT_FAM && fam_ii.nauthors && best.nauthors &&
	    !strcmp(fam_ii.authors[0].given, best.authors[0].family) &&
	    !strcmp(fam_ii.authors[0].family, best.authors[0].given)) {
		alist_copy(&best, &fam_ii);
		best_end = fam_ii_end;
	}
	/* the reading's authors (those past nauthors are undefined, as
	 * ref.h says and a parse from the memo leaves them: add_to clears
	 * each one it adds; they were zeroed, 4 KB a parse, and a test that
	 * filled them with 0xAA instead changed no output) */
	memcpy(out->authors, best.authors, best.nauthors * sizeof(best.authors[0]));
	out->nauthors = best.nauthors;
	out->et_al = best.et_al;
	return best_end;
}

/* Venue-like: at most five words, each an abbreviation ("Phys", "Trans.",
 * "J") or an acronym ("IEEE", "FEMS"), or one capitalised word ("Inform",
 * "Theory"), or capitalised words ending in an abbreviation ("IEEE
 * Control Syst", "Nucleic Acids Res"); a title or a place name is not. */
static int looks_abbrev(const char *s, size_t n)
{
	size_t i = 0, words = 0, letters = 0, last = 0;
	int short_words = 1, capitalised = 1, mixed = 0, abbrevs = 0;

	while (n && s[n - 1] == ' ')
		n--;
	for (i = 0; i < n && s[i] != ' '; i++)
		letters++;
	if (i == n && n && s[0] >= 'A' && s[0] <= 'Z' && letters <= 8)
		return 1;
	i = 0;

	while (i < n) {
		size_t start, len, k;
		int caps = 1;

		while (i < n && s[i] == ' ')
			i++;
		start = i;
		while (i < n && s[i] != ' ')
			i++;
		len = i - start;
		if (!len)
			continue;
		words++;
		for (k = start; k < i; k++)
			if (!((s[k] >= 'A' && s[k] <= 'Z') || s[k] == '.' || s[k] == '&'))
				caps = 0;
		if (!(len <= 5 || s[i - 1] == '.' || (caps && len <= 6)))
			short_words = 0;
		if (!(s[start] >= 'A' && s[start] <= 'Z') &&
		    !((len == 2 && (!strncmp(s + start, "of", 2) || !strncmp(s + start, "in", 2))) ||
		      (len == 3 && (!strncmp(s + start, "and", 3) || !strncmp(s + start, "the", 3) ||
				    !strncmp(s + start, "for", 3))) ||
		      (len == 1 && s[start] == '&')))
			capitalised = 0;
		last = len;
		for (k = start + 1; k < i; k++)
			mixed |= s[k] >= 'a' && s[k] <= 'z';
		/* an acronym ("IEEE") or a short capitalised word ("Syst") */
		if (s[start] >= 'A' && s[start] <= 'Z' && (len <= 4 || caps))
			abbrevs++;
	}
	if (words < 1 || words > 5)
		return 0;
	/* not an all-capitals title ("THE CLOSED INTESTINAL LOOP") */
	return short_words || (capitalised && mixed && words >= 2 && last <= 4 && abbrevs >= 2);
}

/* Can RE_SHORT match s[0..n)? It must end in a year: "(?:1[6-9]|20)\d\d",
 * then at most "[a-z]?\)?\s*\)?\.?" and "$" (which may stand before a
 * final newline). 0 only when it cannot: the suffix stripped (generously:
 * any number of those characters) leaves no such year; a non-ASCII byte
 * in the suffix or the year (a Unicode space or digit) leaves it to the
 * pattern. On a whole reference (most end in pages) the pattern tries
 * every split of names and venue before it fails, some 150,000
 * instructions. */
static int short_tail(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t e = n, k;

	while (e > 0 && (p[e - 1] == '.' || p[e - 1] == ')' || p[e - 1] == ' ' || (p[e - 1] >= '\t' && p[e - 1] <= '\r') ||
			 (p[e - 1] >= 'a' && p[e - 1] <= 'z')))
		e--;
	if (e > 0 && p[e - 1] >= 0x80)
		return 1;
	if (e < 4)
		return 0;
	for (k = e - 4; k < e; k++)
		if (p[k] >= 0x80)
			return 1;
		else if (p[k] < '0' || p[k] > '9')
			return 0;
	return (p[e - 4] == '1' && p[e - 3] >= '6') || (p[e - 4] == '2' && p[e - 3] == '0');
}

/* The words the identifier patterns cannot match without, caseless: bit
 * ID_OTHER ("semanticscholar.org/", "openreview.net/"), ID_ACCESS
 * ("cited", "accessed", "retrieved", "viewed", "consulted", "downloaded"),
 * and one bit each for RE_ARXIV ("arxiv"), RE_PMID ("pmid"), RE_PMCID
 * ("pmc"), RE_OPENALEX ("openalex.org/"), RE_DBLP ("dblp", of "DBLP:" and
 * "dblp.org/rec/") and RE_URL ("http"): the bits of the words s[0..n)
 * holds. Caseless matching in Unicode reads "\u017f" as "s" and the Kelvin
 * sign as "k" (no other character beyond ASCII as an ASCII letter):
 * text beyond ASCII sets the bits of the words with an 's' or a 'k' (the
 * patterns decide); the others have neither. */
enum { ID_OTHER = 1, ID_ACCESS = 2, ID_ARXIV = 4, ID_PMID = 8, ID_PMCID = 16, ID_OPENALEX = 32, ID_DBLP = 64,
       ID_URL = 128 };

static unsigned id_words(const char *s, size_t n)
{
	static const struct {
		const char *w;
		size_t l;
		unsigned bit;
	} words[] = { { "semanticscholar.org/", 20, ID_OTHER }, { "openreview.net/", 15, ID_OTHER },
		      { "cited", 5, ID_ACCESS },		{ "accessed", 8, ID_ACCESS },
		      { "retrieved", 9, ID_ACCESS },		{ "viewed", 6, ID_ACCESS },
		      { "consulted", 9, ID_ACCESS },		{ "downloaded", 10, ID_ACCESS },
		      { "arxiv", 5, ID_ARXIV },			{ "pmid", 4, ID_PMID },
		      { "pmc", 3, ID_PMCID },			{ "openalex.org/", 13, ID_OPENALEX },
		      { "dblp", 4, ID_DBLP },			{ "http", 4, ID_URL } };
	/* the words each first byte begins (bit k: words[k]) */
	static const unsigned short first[128] = { ['s'] = 1,	     ['o'] = 2 | 2048, ['c'] = 4 | 64, ['a'] = 8 | 256,
						   ['r'] = 16,	     ['v'] = 32,       ['d'] = 128 | 4096,
						   ['p'] = 512 | 1024, ['h'] = 8192 };
	/* the words' first two bytes, each by its low five bits: a byte pair
	 * not here begins none of them (the test of most bytes) */
	static const uint32_t pairs[32] = { [19] = 1u << 5,	       [15] = 1u << 16, [3] = 1u << 9 | 1u << 15,
					    [1] = 1u << 3 | 1u << 18, [18] = 1u << 5,  [22] = 1u << 9,
					    [4] = 1u << 15 | 1u << 2, [16] = 1u << 13, [8] = 1u << 20 };
	unsigned found = 0;
	uint64_t high = 0, w;
	size_t i, k, j;

	/* a byte beyond ASCII: the words with an 's' (8 bytes at a time) */
	for (i = 0; i + 8 <= n; i += 8) {
		memcpy(&w, s + i, 8);
		high |= w;
	}
	for (; i < n; i++)
		high |= (unsigned char)s[i];
	if (high & 0x8080808080808080ull)
		found |= ID_OTHER | ID_ACCESS;
	for (i = 0; i + 1 < n; i++) {
		unsigned char c = (unsigned char)s[i];
		unsigned set;

		if (!(pairs[c & 31] >> ((unsigned char)s[i + 1] & 31) & 1) || c >= 0x80)
			continue;
		for (set = first[c | 0x20]; set; set &= set - 1) {
			k = (size_t)__builtin_ctz(set);
			if (n - i < words[k].l || found & words[k].bit)
				continue;
			for (j = 1; j < words[k].l && ((unsigned char)s[i + j] | 0x20) == (unsigned char)words[k].w[j]; j++)
				;
			if (j == words[k].l)
				found |= words[k].bit;
		}
	}
	return found;
}

/* The word (id_words' bit) each identifier pattern cannot match without;
 * 0: none needed */
static const unsigned need_word[RE_COUNT] = {
	[RE_ARXIV] = ID_ARXIV, [RE_PMID] = ID_PMID,	  [RE_PMCID] = ID_PMCID, [RE_OPENALEX] = ID_OPENALEX,
	[RE_DBLP] = ID_DBLP,   [RE_OTHER_ID] = ID_OTHER, [RE_URL] = ID_URL,	 [RE_ACCESS] = ID_ACCESS,
};

static int id_may(unsigned words, int pattern)
{
	return !need_word[pattern] || (words & need_word[pattern]);
}

/* The bytes each of these patterns cannot match without, all of them:
 * punctuation each writes outside any alternative or optional part ("("
 * and ")" around Nature's and Elsevier's year, Vancouver's ';' before the
 * volume, the '[' and ']' of GB/T's document type, ...). A string lacking
 * one is not searched with the pattern. */
static const char *const need_bytes[RE_COUNT] = {
	[RE_GBT] = "[]",	     [RE_T_SPIRES] = ".:,",	  [RE_T_NATURE] = ",()",    [RE_T_ELSEVIER] = "()",
	[RE_T_ACS] = ",",	     [RE_T_VANCOUVER] = ";",	  [RE_T_VANCOUVER_AT] = ";", [RE_T_CHICAGO] = "():",
	[RE_T_IEEE] = ",.",	     [RE_T_APA] = ",",		  [RE_T_APA_NOVOL] = ",",   [RE_T_SPRINGER] = ":",
	[RE_T_IEEE_NOVOL] = ",.",
};

/* The set of the bytes s[0..n) holds (bit c of has[c >> 6]) */
static void bytes_held(const char *s, size_t n, uint64_t has[4])
{
	size_t i;

	has[0] = has[1] = has[2] = has[3] = 0;
	for (i = 0; i < n; i++)
		has[(unsigned char)s[i] >> 6] |= 1ull << ((unsigned char)s[i] & 63);
}

static int bytes_may(const uint64_t has[4], int pattern)
{
	const unsigned char *b = (const unsigned char *)need_bytes[pattern];

	for (; b && *b; b++)
		if (!(has[*b >> 6] >> (*b & 63) & 1))
			return 0;
	return 1;
}

int query_ref_pattern_may_match(size_t i, const char *s, size_t n)
{
	uint64_t has[4];

	if (i >= RE_COUNT)
		return 1;
	bytes_held(s, n, has);
	return id_may(id_words(s, n), (int)i) && bytes_may(has, (int)i);
}

/* Is the venue of a Vancouver match, all the string holds before its
 * year, a journal alone: NLM's abbreviations ("Magn Reson Med", "Eur
 * Respir J", "Radiology"), no commas or full stops? (An author alone with
 * a year, volume and pages, "Smith JA. 2009;62:656-64", is no reference
 * anyone writes; read as a journal it can only fail to be found.) */
static int journal_alone(const char *s, const pk_match *m)
{
	char v[256];

	grab(v, sizeof(v), s, m, RE_T_VANCOUVER, "venue");
	return v[strspn(v, " ")] && !strpbrk(v, ",.;");
}

/* Could RE_T_VANCOUVER_AT match s from start with a venue journal_alone
 * takes? Its year would follow a venue with no ',', '.', ';' or ':', one
 * '.' at most and blanks: so a year's first two digits ("1[5-9]", "20")
 * stand before the first ',', ';' or ':' and the second '.', its last two
 * digits ASCII or past it (\d reads Unicode's digits). A test the pattern
 * must pass, and cheap: most references have a title before their journal. */
static int journal_year_ahead(const char *s, size_t len, size_t start)
{
	size_t i, dots = 0;

	for (i = start + 1; i + 4 <= len; i++) {
		char c = s[i - 1];

		if (c == ',' || c == ';' || c == ':' || (c == '.' && ++dots > 1))
			return 0;
		if (((s[i] == '1' && s[i + 1] >= '5' && s[i + 1] <= '9') || (s[i] == '2' && s[i + 1] == '0')) &&
		    ((s[i + 2] >= '0' && s[i + 2] <= '9') || (unsigned char)s[i + 2] >= 0x80) &&
		    ((s[i + 3] >= '0' && s[i + 3] <= '9') || (unsigned char)s[i + 3] >= 0x80))
			return 1;
	}
	return 0;
}

/* A venue the lazy pattern stretched over the title ("Title text. Venue"):
 * keep the trailing ". "-separated segments that look like a venue (the
 * last one always, earlier ones while they are abbreviations such as
 * "Phys." or "J."). A "? " or "! " before a capital ends a title, never
 * an abbreviation. Returns the offset in v where the venue starts. */
static size_t venue_start(const char *v)
{
	size_t n = strlen(v), starts[64], ns = 0, i, k;
	unsigned char hard[64] = { 0 };

	starts[ns++] = 0;
	for (i = 0; i + 2 <= n && ns < 64; i++) {
		if (v[i] == '.' && v[i + 1] == ' ' && i + 2 < n) {
			starts[ns++] = i + 2;
		} else if ((v[i] == '?' || v[i] == '!') && v[i + 1] == ' ' && i + 2 < n && v[i + 2] >= 'A' &&
			   v[i + 2] <= 'Z') {
			hard[ns] = 1;
			starts[ns++] = i + 2;
		}
	}
	/* segment k runs from starts[k] to the separator before starts[k + 1] */
	for (k = ns - 1; k > 0; k--) {
		size_t end = starts[k] - 2; /* the separator ending segment k - 1 */

		if (hard[k] || !looks_abbrev(v + starts[k - 1], end - starts[k - 1]))
			return starts[k];
	}
	return 0;
}

/* The next ". " (or "? ", "! " before a capital: a title's own end). */
static const char *sentence_end(const char *p)
{
	for (; *p; p++)
		if ((p[0] == '.' && p[1] == ' ') || (p[0] == '.' && p[1] == '"' && p[2] == ' ') ||
		    ((p[0] == '?' || p[0] == '!') && p[1] == ' ' &&
		     ((p[2] >= 'A' && p[2] <= 'Z') || !strncmp(p + 2, "in ", 3) || !strncmp(p + 2, "in: ", 4))))
			return p;
	return NULL;
}

static void clean_title(char *t)
{
	size_t n = strlen(t), a = 0;

	while (a < n && (t[a] == ' ' || t[a] == '.' || t[a] == ',' || t[a] == ':' || t[a] == '"' || t[a] == ')'))
		a++;
	while (n > a && (t[n - 1] == ' ' || t[n - 1] == '.' || t[n - 1] == ',' || t[n - 1] == '"' || t[n - 1] == ':' ||
			 t[n - 1] == '('))
		n--;
	/* "Title, [an identifier blanked] (2007)": the year, after a comma */
	if (n >= a + 7 && t[n - 1] == ')' && t[n - 6] == '(' && isdigit((unsigned char)t[n - 5]) &&
	    isdigit((unsigned char)t[n - 4]) && isdigit((unsigned char)t[n - 3]) && isdigit((unsigned char)t[n - 2])) {
		size_t e = n - 6;

		while (e > a && t[e - 1] == ' ')
			e--;
		if (e > a + 1 && t[e - 1] == ',') {
			n = e - 1;
			while (n > a && (t[n - 1] == ' ' || t[n - 1] == ','))
				n--;
		}
	}
	memmove(t, t + a, n - a);
	t[n - a] = '\0';
}

/* Venue, volume, issue, pages (and maybe year) from the text after the
 * authors; the title is what lies between. */
static void parse_tail(char *s, size_t n, size_t from, qr_ref *out)
{
	static const struct {
		int id;
		const char *style;
	} tails[] = { { RE_T_SPIRES, "spires" }, { RE_T_NATURE, "nature" }, { RE_T_ELSEVIER, "elsevier" }, { RE_T_ACS, "acs" },
		      { RE_T_VANCOUVER, "vancouver" }, { RE_T_CHICAGO, "chicago" }, { RE_T_IEEE, "ieee" },
		      { RE_T_APA, "apa" }, { RE_T_SPRINGER, "springer" }, { RE_T_IN, "chapter" },
		      { RE_T_APA_NOVOL, "apa" }, { RE_T_IEEE_NOVOL, "ieee" } };
	enum { ntails = sizeof(tails) / sizeof(tails[0]) };
	size_t order[ntails], i;
	pk_match m;
	size_t k, title_from = from, title_to = n;
	int q, in_first;
	char venue[1024], year[8]; /* the venue group may hold a title the lazy pattern ran over */
	uint64_t has[4];

	/* a year right after the authors (APA, Harvard, Springer, Chicago
	 * author-date), before or after a quoted title */
	if (pk_re_match(re[RE_LEAD_YEAR], s, n, from, &m) == 1 && m.start[0] == from) {
		grab(year, sizeof(year), s, &m, RE_LEAD_YEAR, group_set(&m, RE_LEAD_YEAR, "year") ? "year" : "year2");
		out->year = (int)pk_num_digits(year, 4);
		title_from = from = m.end[0];
	}
	/* quoted titles (IEEE, MLA, Chicago) */
	if ((q = pk_re_match(re[RE_QUOTED], s, n, from, &m) == 1 ? RE_QUOTED : -1) >= 0 ||
	    (!out->nauthors && (q = pk_re_match(re[RE_QUOTED_ANY], s, n, from, &m) == 1 ? RE_QUOTED_ANY : -1) >= 0)) {
		grab(out->title, sizeof(out->title), s, &m, q, "title");
		title_to = title_from = m.end[0];
		from = m.end[0];
	}
	if (!out->year && pk_re_match(re[RE_LEAD_YEAR], s, n, from, &m) == 1 && m.start[0] == from) {
		grab(year, sizeof(year), s, &m, RE_LEAD_YEAR, group_set(&m, RE_LEAD_YEAR, "year") ? "year" : "year2");
		out->year = (int)pk_num_digits(year, 4);
		from = m.end[0];
		if (!out->title[0])
			title_from = from;
	}
	/* a quoted title followed by "in ..." is a chapter or a paper in
	 * proceedings: the "in" pattern first ("in AFRICON 2009, 2006, pp. 1-6"
	 * is no journal volume 2006) */
	{
		const char *a = s + from;

		while (*a == ' ' || *a == ',' || *a == '.')
			a++;
		in_first = out->title[0] && (!strncmp(a, "in ", 3) || !strncmp(a, "In ", 3) || !strncmp(a, "in: ", 4) ||
					     !strncmp(a, "In: ", 4));
	}
	for (k = 0, i = 0; k < ntails; k++)
		if (!in_first || tails[k].id != RE_T_IN)
			order[i++] = k;
	if (in_first) {
		memmove(order + 1, order, i * sizeof(order[0]));
		for (k = 0; tails[k].id != RE_T_IN; k++)
			;
		order[0] = k;
	}
	bytes_held(s + from, n - from, has);
	for (i = 0; i < ntails; i++) {
		int id = tails[order[i]].id, vs;
		size_t cut;
		const char *pg, *yg;
		static const char *const in_pages[] = { "pages", "pages2", "pages3", "pages4", "pages5", "pages6", "pages7",
							"pages8", NULL };
		static const char *const in_years[] = { "year", "year2", "year3", "year4", "year5", NULL };
		static const char *const one_pages[] = { "pages", NULL }, *const one_year[] = { "year", NULL };

		if (!bytes_may(has, id) || pk_re_match(re[id], s, n, from, &m) != 1)
			continue;
		/* "Venue, 2008, 312." after "(2008)." is APA (volume 2008), not ACS */
		if (id == RE_T_ACS && !group_set(&m, id, "pages") && (out->year || !group_set(&m, id, "iss")))
			continue;
		if (id == RE_T_APA_NOVOL) {
			/* "Venue, 2020." is a year, not pages */
			char pages[64];

			grab(pages, sizeof(pages), s, &m, id, "pages");
			if (!out->year || (int)pk_num_digits(pages, 4) == out->year)
				continue;
		}
		grab(venue, sizeof(venue), s, &m, id, "venue");
		cut = venue_start(venue);
		pk_utf8_copy(out->venue, sizeof(out->venue), venue + cut);
		grab(out->volume, sizeof(out->volume), s, &m, id, "vol");
		grab(out->issue, sizeof(out->issue), s, &m, id,
		     (id == RE_T_APA || id == RE_T_VANCOUVER) && group_set(&m, id, "iss2") ? "iss2" : "iss");
		pg = first_set(&m, id, id == RE_T_IN ? in_pages : one_pages);
		yg = first_set(&m, id, id == RE_T_IN ? in_years : one_year);
		if (pg) {
			char pages[64];

			grab(pages, sizeof(pages), s, &m, id, pg);
			set_pages(out, pages);
		}
		if (yg && !out->year) {
			grab(year, sizeof(year), s, &m, id, yg);
			out->year = (int)pk_num_digits(year, 4);
		}
		pk_str_copy(out->style, sizeof(out->style), tails[order[i]].style);
		vs = gstart(&m, id, "venue");
		if (!out->title[0] && vs >= 0) {
			/* the title is what lies between the authors (and year) and the venue */
			size_t vstart = (size_t)vs;

			while (vstart < n && s[vstart] == ' ')
				vstart++;
			title_to = id == RE_T_IN && !cut ? m.start[0] : vstart + cut; /* not "in:" */
			if (title_to > title_from) {
				put_field(out->title, sizeof(out->title), s + title_from, title_to - title_from);
				clean_title(out->title);
			}
		}
		return;
	}
	/* no tail pattern, a quoted title: the venue follows it ("Title,"
	 * Key Engineering Materials. 2018; "Title," in Proc. X, 2002) */
	if (out->title[0] && title_to == title_from && from < n) {
		const char *v = s + from;
		size_t vl;

		while (*v == ' ' || *v == ',' || *v == '.')
			v++;
		if (!strncmp(v, "in ", 3) || !strncmp(v, "In ", 3) || !strncmp(v, "in: ", 4) || !strncmp(v, "In: ", 4))
			v += v[2] == ':' ? 4 : 3;
		vl = strcspn(v, ".,;(");
		while (vl && v[vl - 1] == ' ')
			vl--;
		if (vl && *v >= 'A' && *v <= 'Z' && vl < sizeof(out->venue))
			put_field(out->venue, sizeof(out->venue), v, vl);
		return;
	}
	/* no tail pattern: a title up to the next sentence end, if any */
	if (!out->title[0] && title_from < n) {
		const char *end = sentence_end(s + title_from + 1);
		size_t len = end ? (size_t)(end - (s + title_from)) : n - title_from;

		put_field(out->title, sizeof(out->title), s + title_from, len);
		clean_title(out->title);
		if (end) {
			/* what follows may be the venue (books, theses, reports) */
			size_t vl = strcspn(end + 2, ".,;(");

			while (vl && end[2 + vl - 1] == ' ')
				vl--;
			put_field(out->venue, sizeof(out->venue), end + 2, vl);
		}
	}
}

static void find_year(const char *s, size_t n, qr_ref *out)
{
	pk_match m;
	char year[8];

	int id;
	size_t at = 0, last = (size_t)-1;

	if (out->year)
		return;
	/* the last year written: a year inside a title or a venue name ("XXIst
	 * Symposium 2002. 1999.") comes before the reference's own */
	id = RE_YEAR;
	while (at < n && pk_re_match(re[id], s, n, at, &m) == 1) {
		char y[8];

		grab(y, sizeof(y), s, &m, id, "year");
		at = m.end[0] > at ? m.end[0] : at + 1;
		/* not the pages or the volume the tail read ("151 (10): 2033") */
		if ((out->first_page[0] && !strcmp(y, out->first_page)) || (out->volume[0] && !strcmp(y, out->volume)))
			continue;
		memcpy(year, y, sizeof(year));
		last = m.end[0];
	}
	if (last == (size_t)-1)
		return;
	out->year = (int)pk_num_digits(year, 4);
}

/* ---- BibTeX ------------------------------------------------------------ */

static size_t bib_value(const char *s, size_t n, size_t i, char *out, size_t on)
{
	size_t o = 0;

	while (i < n && s[i] == ' ')
		i++;
	if (i < n && s[i] == '{') {
		int depth = 0;

		for (; i < n; i++) {
			if (s[i] == '{') {
				if (depth++ == 0)
					continue;
			} else if (s[i] == '}') {
				if (--depth == 0) {
					i++;
					break;
				}
			}
			if (s[i] != '{' && s[i] != '}' && o + 1 < on)
				out[o++] = s[i];
		}
	} else if (i < n && s[i] == '"') {
		for (i++; i < n && s[i] != '"'; i++)
			if (o + 1 < on && s[i] != '{' && s[i] != '}')
				out[o++] = s[i];
		i++;
	} else {
		while (i < n && s[i] != ',' && s[i] != '}')
			if (o + 1 < on)
				out[o++] = s[i++];
			else
				i++;
	}
	out[o] = '\0';
	return i;
}

static int is_particle(const char *w, size_t n)
{
	static const char *const particles[] = { "van", "von", "der", "den", "de", "da", "di", "du", "del", "della",
						 "dos", "la", "le", "ter", "ten", "olde", "op", "zu", "bin", "al" };
	size_t i;

	for (i = 0; i < sizeof(particles) / sizeof(particles[0]); i++)
		if (strlen(particles[i]) == n && !memcmp(w, particles[i], n))
			return 1;
	return 0;
}

static void bib_authors(const char *v, qr_ref *out)
{
	const char *p = v;

	while (*p && out->nauthors < QR_AUTHORS) {
		const char *and = strstr(p, " and ");
		size_t len = and ? (size_t)(and - p) : strlen(p);
		const char *comma = memchr(p, ',', len);

		while (len && *p == ' ')
			p++, len--;
		if (!strncmp(p, "others", 6) || !strncmp(p, "et al", 5)) {
			out->et_al = 1; /* "and others", "and et al." */
		} else if (comma) {
			size_t fl = (size_t)(comma - p);
			const char *g = comma + 1;

			/* "Smith, and Jones": nothing of this name after its comma */
			while (g < p + len && *g == ' ')
				g++;
			add_author(out, p, fl, g, (size_t)(p + len - g));
		} else {
			/* "Given Family": the last word is the family name, with
			 * the particles before it ("Tim van der Lee") */
			size_t i = len;

			while (i > 0 && p[i - 1] != ' ')
				i--;
			while (i > 1) {
				size_t j = i - 1;

				while (j > 0 && p[j - 1] != ' ')
					j--;
				if (!is_particle(p + j, i - 1 - j))
					break;
				i = j;
			}
			add_author(out, p + i, len - i, p, i ? i - 1 : 0);
		}
		if (!and)
			break;
		p = and + 5;
	}
}

static void parse_bibtex(const char *s, size_t n, qr_ref *out)
{
	size_t i = 1;

	snprintf(out->style, sizeof(out->style), "bibtex");
	snprintf(out->doc_type, sizeof(out->doc_type), "%.*s", (int)strcspn(s + 1, "{ "), s + 1);
	while (i < n && s[i] != ',')
		i++;
	while (i < n) {
		char key[32], val[1024];
		size_t k = 0;

		while (i < n && (s[i] == ',' || s[i] == ' ' || s[i] == '}'))
			i++;
		while (i < n && s[i] != '=' && s[i] != ',' && k + 1 < sizeof(key))
			key[k++] = (char)(s[i] >= 'A' && s[i] <= 'Z' ? s[i] + 32 : s[i]), i++;
		while (k && key[k - 1] == ' ')
			k--;
		key[k] = '\0';
		if (i >= n || s[i] != '=')
			break;
		i = bib_value(s, n, i + 1, val, sizeof(val));
		if (!strcmp(key, "author"))
			bib_authors(val, out);
		else if (!strcmp(key, "title"))
			pk_utf8_copy(out->title, sizeof(out->title), val);
		else if (!strcmp(key, "journal") || (!strcmp(key, "booktitle") && !out->venue[0]))
			pk_utf8_copy(out->venue, sizeof(out->venue), val);
		else if (!strcmp(key, "year"))
			out->year = (int)pk_num_digits(val + strspn(val, " \t"), 4);
		else if (!strcmp(key, "volume"))
			pk_utf8_copy(out->volume, sizeof(out->volume), val);
		else if (!strcmp(key, "number"))
			pk_utf8_copy(out->issue, sizeof(out->issue), val);
		else if (!strcmp(key, "pages")) {
			char *d;

			while ((d = strstr(val, "--")))
				memmove(d, d + 1, strlen(d));
			set_pages(out, val);
		} else if (!strcmp(key, "doi")) {
			pk_buf b = PK_BUF_INIT;

			if (kg_doi_normalize(&b, val, strlen(val)) == 0)
				pk_str_copy(out->doi, sizeof(out->doi), b.ptr);
			pk_buf_release(&b);
			pk_error_clear();
		} else if (!strcmp(key, "eprint") && !out->arxiv[0]) {
			snprintf(out->arxiv, sizeof(out->arxiv), "%.63s", val);
		}
		if ((!strcmp(key, "note") || !strcmp(key, "journal") || !strcmp(key, "howpublished") ||
		     !strcmp(key, "url")) && !out->arxiv[0]) {
			/* note={arXiv:2301.01234}, journal={arXiv preprint arXiv:...} */
			pk_match am;

			if (pk_re_match(re[RE_ARXIV], val, strlen(val), 0, &am) == 1)
				snprintf(out->arxiv, sizeof(out->arxiv), "%.*s", (int)(am.end[1] - am.start[1]), val + am.start[1]);
		}
	}
}

/* ---- GB/T 7714 ------------------------------------------------------ */

/* Bytes before the next author separator: ',', '，' or '、' (UTF-8 aware;
 * strcspn would split CJK characters sharing bytes with them). */
static size_t sep_span(const char *p)
{
	size_t i;

	for (i = 0; p[i]; i++)
		if (p[i] == ',' || !strncmp(p + i, "，", 3) || !strncmp(p + i, "、", 3))
			return i;
	return i;
}

/* "S", "C H J", "CHJ", "J-P": initials as GB/T 7714 writes them. */
static int initials_only(const char *p)
{
	size_t letters = 0;

	for (; *p; p++) {
		if (*p >= 'A' && *p <= 'Z')
			letters++;
		else if (*p != ' ' && *p != '-' && *p != '.')
			return 0;
	}
	return letters >= 1 && letters <= 4;
}

static void parse_gbt(char *s, const pk_match *m, qr_ref *out)
{
	char auth[512], pages[64], year[8];
	char *p;

	snprintf(out->style, sizeof(out->style), "gbt7714");
	grab(auth, sizeof(auth), s, m, RE_GBT, "auth");
	grab(out->title, sizeof(out->title), s, m, RE_GBT, "title");
	grab(out->doc_type, sizeof(out->doc_type), s, m, RE_GBT, "type");
	grab(out->venue, sizeof(out->venue), s, m, RE_GBT, "venue");
	grab(year, sizeof(year), s, m, RE_GBT, "year");
	out->year = (int)pk_num_digits(year, 4);
	grab(out->volume, sizeof(out->volume), s, m, RE_GBT, "vol");
	grab(out->issue, sizeof(out->issue), s, m, RE_GBT, "iss");
	grab(pages, sizeof(pages), s, m, RE_GBT, "pages");
	set_pages(out, pages);
	/* authors: "张三, 李四, 王五, 等" or "Zhang S, Li S" */
	for (p = auth; *p && out->nauthors < QR_AUTHORS;) {
		size_t len = sep_span(p);
		char one[128];
		size_t a = 0;

		snprintf(one, sizeof(one), "%.*s", (int)(len < 127 ? len : 127), p);
		while (one[a] == ' ')
			a++;
		if (!strcmp(one + a, "等") || !strncmp(one + a, "et al", 5)) {
			out->et_al = 1;
		} else if (one[a]) {
			/* "Zhang S": family then initials */
			char *sp = strchr(one + a, ' ');

			if (sp && initials_only(sp + 1))
				add_author(out, one + a, (size_t)(sp - (one + a)), sp + 1, strlen(sp + 1));
			else
				add_author(out, one + a, strlen(one + a), NULL, 0);
		}
		p += len;
		if (!*p)
			break;
		p += *p == ',' ? 1 : 3; /* ',' or '，' / '、' */
	}
}

/* The short form's venue is a name ("Nature", "Phys. Rev. Lett."), not a
 * title with another author in front ("Mei, X. et al. Toward a theory of
 * graphene. Engineering (2026)" is a full reference): at most eight words,
 * no "et al". */
static int short_venue_ok(const char *s, const pk_match *m)
{
	int g = pk_re_group(re[RE_SHORT], "venue"), a = pk_re_group(re[RE_SHORT], "a1");
	size_t i, words = 1;

	if (g < 0 || g >= m->n || m->start[g] == (size_t)-1)
		return 1;
	/* "Watanabe, S. (1974)": initials, no venue */
	for (i = m->start[g]; i < m->end[g]; i++)
		if (!(s[i] == ' ' || s[i] == '.' || s[i] == '-' || (s[i] >= 'A' && s[i] <= 'Z' && i + 1 < m->end[g] &&
									 (s[i + 1] == '.' || s[i + 1] == ' '))))
			break;
	if (i == m->end[g])
		return 0;
	if (!group_set(m, RE_SHORT, "etal") && !group_set(m, RE_SHORT, "a2") && a >= 0 &&
	    !memchr(s + m->end[a], ',', m->start[g] - m->end[a]))
		return 0;
	for (i = m->start[g]; i < m->end[g]; i++) {
		if (s[i] == ' ' && i + 1 < m->end[g] && s[i + 1] != ' ')
			words++;
		if (!strncmp(s + i, "et al", 5))
			return 0;
	}
	return words <= 8;
}

/* A bare DOI, alone or behind one of the prefixes RE_DOI reads: printable
 * ASCII with no blank, none of '"', '<', '>' (RE_DOI's stops), '&' or '`'
 * (normalise's changes), not '@' first (BibTeX), "10." and 4 to 9 digits
 * and '/'. What the patterns would make of it: RE_NUMBERED needs a blank,
 * RE_DOI's match is the whole string, which leaves nothing for the other
 * identifiers or the styles. 1 when *out is that parse; 0: parse in full. */
/* the layout bare_doi clears by: authors first, text last */
_Static_assert(offsetof(qr_ref, authors) == 0 && offsetof(qr_ref, text) + sizeof(((qr_ref *)0)->text) == sizeof(qr_ref),
	       "qr_ref: authors first and text last (bare_doi clears what lies between)");

static int bare_doi(const char *text, size_t n, qr_ref *out)
{
	static const char *const prefixes[] = { "https://doi.org/", "http://doi.org/", "https://dx.doi.org/",
						"http://dx.doi.org/", "doi:" };
	size_t i, p = 0, digits = 0;
	int ok;

	if (n < 8 || n > 512 || text[0] == '@')
		return 0;
	for (i = 0; i < n; i++) {
		/* a bit for each byte that is not taken here: blanks and
		 * controls, '"', '&', '<', '>', '`', DEL and non-ASCII */
		static const uint64_t stop[4] = { 0x50000045ffffffffull, 0x8000000100000000ull, ~0ull, ~0ull };
		unsigned char c = (unsigned char)text[i];

		if (stop[c >> 6] >> (c & 63) & 1)
			return 0;
	}
	for (i = text[0] == '1' ? sizeof(prefixes) / sizeof(prefixes[0]) : 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++) {
		size_t l = strlen(prefixes[i]);

		if (n > l && !strncasecmp(text, prefixes[i], l)) {
			p = l;
			break;
		}
	}
	if (n - p < 8 || memcmp(text + p, "10.", 3))
		return 0;
	while (p + 3 + digits < n && text[p + 3 + digits] >= '0' && text[p + 3 + digits] <= '9')
		digits++;
	if (digits < 4 || digits > 9 || p + 3 + digits + 1 >= n || text[p + 3 + digits] != '/')
		return 0;
	/* a Markdown link's "](" ends RE_DOI's DOI: the patterns read it */
	for (i = p; i + 1 < n; i++)
		if (text[i] == ']' && text[i + 1] == '(')
			return 0;
	/* the DOI as RE_DOI's group gives it to kg_doi_normalize (a string
	 * that is not one is parsed again by the patterns) */
	/* every field but the authors (none: nauthors is 0) and text (its
	 * first byte): a quarter of the struct */
	memset(&out->nauthors, 0, offsetof(qr_ref, text) - offsetof(qr_ref, nauthors));
	out->text[0] = '\0';
	ok = kg_doi_normalize_to(out->doi, sizeof(out->doi), text + p, n - p) >= 0;
	if (ok)
		memcpy(out->style, "doi", 4);
	else
		pk_error_clear();
	return ok;
}

int query_ref_parse(const char *text, size_t n, qr_ref *out)
{
	if (n <= REF_MAX && bare_doi(text, n, out))
		return 0;
	return query_ref_parse_full(text, n, out);
}

int query_ref_parse_full(const char *text, size_t n, qr_ref *out)
{
	pk_buf norm = PK_BUF_INIT;
	pk_match m;
	uint64_t has[4];
	char *s;
	size_t len, start = 0;
	int rc;

	memset(out, 0, sizeof(*out));
	if ((rc = ensure()) < 0)
		return rc;
	if (n > REF_MAX)
		return pk_error_set(PK_ELIMIT, "reference longer than %zu bytes", REF_MAX);
	if (!pk_utf8_valid(text, n))
		return pk_error_set(PK_EINVAL, "reference is not valid UTF-8");
	if ((rc = normalise(&norm, text, n)) < 0)
		goto done;
	if (norm.len == 0) {
		rc = pk_error_set(PK_EINVAL, "empty reference");
		goto done;
	}
	s = norm.ptr;
	len = norm.len;
	if (pk_re_match(re[RE_NUMBERED], s, len, 0, &m) == 1) {
		out->numbered = 1;
		blank(s, 0, m.end[0]);
	}
	while (start < len && s[start] == ' ')
		start++;
	pk_utf8_copy(out->text, sizeof(out->text), s + start);
	if (s[start] == '@' && strchr(s + start, '{')) {
		parse_bibtex(s + start, len - start, out);
		goto done;
	}
	/* identifiers anywhere */
	if (pk_re_match(re[RE_DOI], s, len, 0, &m) == 1) {
		pk_buf d = PK_BUF_INIT;

		if (kg_doi_normalize(&d, s + m.start[1], m.end[1] - m.start[1]) == 0)
			pk_str_copy(out->doi, sizeof(out->doi), d.ptr);
		pk_buf_release(&d);
		pk_error_clear();
		blank(s, m.start[0], m.end[0]);
	}
	/* what a bare DOI leaves (blanks, a '.' or ',') no other identifier matches */
	if (!blank_only(s, len)) {
		unsigned ids = id_words(s, len);

		if (id_may(ids, RE_ARXIV) && pk_re_match(re[RE_ARXIV], s, len, 0, &m) == 1) {
			snprintf(out->arxiv, sizeof(out->arxiv), "%.*s", (int)(m.end[1] - m.start[1]), s + m.start[1]);
			blank_arxiv(s, len, m.start[0], m.end[0]);
		}
		if (id_may(ids, RE_PMID) && pk_re_match(re[RE_PMID], s, len, 0, &m) == 1) {
			snprintf(out->pmid, sizeof(out->pmid), "%.*s", (int)(m.end[1] - m.start[1]), s + m.start[1]);
			blank(s, m.start[0], m.end[0]);
		}
		if (id_may(ids, RE_PMCID) && pk_re_match(re[RE_PMCID], s, len, 0, &m) == 1) {
			snprintf(out->pmcid, sizeof(out->pmcid), "%.*s", (int)(m.end[1] - m.start[1]), s + m.start[1]);
			for (char *c = out->pmcid; *c && c < out->pmcid + 3; c++)
				*c = (char)(*c >= 'a' && *c <= 'z' ? *c - 'a' + 'A' : *c);
			blank(s, m.start[0], m.end[0]);
		}
		if (id_may(ids, RE_OPENALEX) && pk_re_match(re[RE_OPENALEX], s, len, 0, &m) == 1) {
			snprintf(out->openalex, sizeof(out->openalex), "W%.*s", (int)(m.end[1] - m.start[1] - 1), s + m.start[1] + 1);
			blank(s, m.start[0], m.end[0]);
		}
		if (id_may(ids, RE_DBLP) && pk_re_match(re[RE_DBLP], s, len, 0, &m) == 1) {
			snprintf(out->dblp, sizeof(out->dblp), "%.*s", (int)(m.end[1] - m.start[1] > 127 ? 127 : m.end[1] - m.start[1]),
				 s + m.start[1]);
			blank(s, m.start[0], m.end[0]);
		}
		if (id_may(ids, RE_OTHER_ID) && pk_re_match(re[RE_OTHER_ID], s, len, 0, &m) == 1) {
			snprintf(out->other_id, sizeof(out->other_id), "%.*s",
				 (int)(m.end[1] - m.start[1] > 159 ? 159 : m.end[1] - m.start[1]), s + m.start[1]);
			blank(s, m.start[0], m.end[0]);
		}
		if (id_may(ids, RE_URL) && pk_re_match(re[RE_URL], s, len, 0, &m) == 1) {
			snprintf(out->url, sizeof(out->url), "%.*s", (int)(m.end[0] - m.start[0] > 255 ? 255 : m.end[0] - m.start[0]),
				 s + m.start[0]);
			blank(s, m.start[0], m.end[0]);
		}
		if (id_may(ids, RE_ACCESS) && pk_re_match(re[RE_ACCESS], s, len, 0, &m) == 1)
			blank(s, m.start[0], m.end[0]);
	}
	/* trailing blanks and punctuation left by the identifiers */
	while (len > start && (s[len - 1] == ' ' || s[len - 1] == '.' || s[len - 1] == ','))
		len--;
	s[len] = '\0';
	/* the string check-ref validates against: without the identifiers
	 * (their digits are no volume or pages) */
	pk_utf8_copy(out->text, sizeof(out->text), s + start);
	if (len == start) {
		pk_str_copy(out->style, sizeof(out->style),
			    out->doi[0] ? "doi" : out->arxiv[0] ? "arxiv" : out->pmid[0] ? "pmid" : out->pmcid[0] ? "pmcid" :
			    out->openalex[0] ? "openalex" : out->dblp[0] ? "dblp" : out->other_id[0] ? "id" : "url");
		goto done;
	}
	bytes_held(s + start, len - start, has);
	if (bytes_may(has, RE_GBT) && pk_re_match(re[RE_GBT], s, len, start, &m) == 1) {
		parse_gbt(s, &m, out);
		goto done;
	}
	if (short_tail(s + start, len - start) && pk_re_match(re[RE_SHORT], s, len, start, &m) == 1 && short_venue_ok(s, &m)) {
		char a[64], year[8];

		snprintf(out->style, sizeof(out->style), "short");
		grab(a, sizeof(a), s, &m, RE_SHORT, "a1");
		add_author(out, a, strlen(a), NULL, 0);
		if (group_set(&m, RE_SHORT, "a2")) {
			grab(a, sizeof(a), s, &m, RE_SHORT, "a2");
			add_author(out, a, strlen(a), NULL, 0);
		}
		out->et_al = group_set(&m, RE_SHORT, "etal");
		grab(out->venue, sizeof(out->venue), s, &m, RE_SHORT, "venue");
		grab(year, sizeof(year), s, &m, RE_SHORT, "year");
		out->year = (int)pk_num_digits(year, 4);
		goto done;
	}
	{
		size_t aend;

		/* no authors, no title, only the journal: "J. Phys. Chem. C 2020,
		 * 124, 12345" is not an author "Phys, J." */
		if (((bytes_may(has, RE_T_ACS) && pk_re_match(re[RE_T_ACS], s, len, start, &m) == 1) ||
		     (bytes_may(has, RE_T_NATURE) && pk_re_match(re[RE_T_NATURE], s, len, start, &m) == 1)) &&
		    m.start[0] == start && m.end[0] + 1 >= len)
			aend = start;
		/* nor is PubMed's "Magn Reson Med. 2009 Sep;62(3):656-64" (a
		 * ReferenceList citation) an author "Reson Med, Magn" */
		else if (journal_year_ahead(s, len, start) && bytes_may(has, RE_T_VANCOUVER_AT) &&
			 pk_re_match(re[RE_T_VANCOUVER_AT], s, len, start, &m) == 1 && m.end[0] + 1 >= len &&
			 journal_alone(s, &m))
			aend = start;
		else if ((aend = start + parse_authors(s + start, len - start, out)) && out->nauthors <= 1)
			aend = org_first(s, start, len, aend, out);
		parse_tail(s, len, aend, out);
		find_year(s, len, out);
		if (!out->style[0])
			snprintf(out->style, sizeof(out->style), "other");
	}
done:
	/* a title the author list ran into ("O' Donoghue JA, Schöder H, et al.
	 * A topological approach"): the title starts after the "et al." */
	if (rc == 0 && out->title[0]) {
		char *e = NULL, *p;

		for (p = out->title; (p = strstr(p, "et al")); p += 5)
			e = p;
		if (e) {
			e += 5;
			while (*e == '.' || *e == ',' || *e == ';' || *e == ' ' || *e == '"' || *e == '\'')
				e++;
			memmove(out->title, e, strlen(e) + 1);
			clean_title(out->title);
			out->et_al = 1;
		}
	}
	/* a "venue" with no letter in it ("2017", "12-14") is a number the
	 * patterns left over, not a venue */
	if (rc == 0 && out->venue[0]) {
		const char *v;

		for (v = out->venue; *v && !((*v | 32) >= 'a' && (*v | 32) <= 'z') && (unsigned char)*v < 0x80; v++)
			;
		if (!*v)
			out->venue[0] = '\0';
	}
	pk_buf_release(&norm);
	return rc;
}

/* ---- structured references ----------------------------------------------- */

static const char *jstr(const cJSON *o, const char *k)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);

	return cJSON_IsString(v) ? v->valuestring : NULL;
}

int query_ref_from_json(const cJSON *obj, qr_ref *out)
{
	const char *v;
	int rc;

	memset(out, 0, sizeof(*out));
	if (!cJSON_IsObject(obj))
		return pk_error_set(PK_EINVAL, "a reference object is expected");
	if ((rc = ensure()) < 0)
		return rc;
	if ((v = jstr(obj, "unstructured")) && !jstr(obj, "article-title") && !jstr(obj, "journal-title")) {
		rc = query_ref_parse(v, strlen(v), out);
		if (rc < 0)
			return rc;
	}
	if (!out->style[0])
		snprintf(out->style, sizeof(out->style), "fields");
	if ((v = jstr(obj, "author"))) {
		/* "Chan" or "Chan, K." or "K. Chan" */
		const char *comma = strchr(v, ',');

		out->nauthors = 0;
		if (comma)
			add_author(out, v, (size_t)(comma - v), comma + 1, strlen(comma + 1));
		else
			add_author(out, v, strlen(v), NULL, 0);
		out->et_al = 1; /* Crossref keeps the first author only */
	}
	if ((v = jstr(obj, "year"))) {
		/* "2007", "2007a", "18211967" (original and reprint): the first plausible year */
		size_t i;

		for (i = 0; v[i] && !out->year; i++)
			if ((v[i] == '1' || v[i] == '2') && v[i + 1] && v[i + 2] && v[i + 3]) {
				int y = (v[i] - '0') * 1000 + (v[i + 1] - '0') * 100 + (v[i + 2] - '0') * 10 + (v[i + 3] - '0');

				if (y >= 1500 && y <= 2099 && v[i + 1] >= '0' && v[i + 1] <= '9' && v[i + 2] >= '0' &&
				    v[i + 2] <= '9' && v[i + 3] >= '0' && v[i + 3] <= '9')
					out->year = y;
			}
	}
	if ((v = jstr(obj, "article-title")))
		pk_utf8_copy(out->title, sizeof(out->title), v);
	else if ((v = jstr(obj, "volume-title")) && !out->title[0])
		pk_utf8_copy(out->title, sizeof(out->title), v);
	if ((v = jstr(obj, "journal-title")) || (v = jstr(obj, "series-title")))
		pk_utf8_copy(out->venue, sizeof(out->venue), v);
	if ((v = jstr(obj, "volume")))
		pk_str_copy(out->volume, sizeof(out->volume), v);
	if ((v = jstr(obj, "issue")))
		pk_str_copy(out->issue, sizeof(out->issue), v);
	if ((v = jstr(obj, "first-page"))) {
		pk_str_copy(out->first_page, sizeof(out->first_page), v);
		pk_str_copy(out->pages, sizeof(out->pages), v);
	}
	if ((v = jstr(obj, "DOI"))) {
		pk_buf d = PK_BUF_INIT;

		if (kg_doi_normalize(&d, v, strlen(v)) == 0)
			pk_str_copy(out->doi, sizeof(out->doi), d.ptr);
		pk_buf_release(&d);
		pk_error_clear();
	}
	return 0;
}

