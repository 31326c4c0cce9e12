/* query/explain.c - the reasons of a value verdict as text and as JSON.
 *
 * The judge and the checker decide with reason codes; this file only says
 * them. One table gives each code its stable name (the JSON "code") and
 * one function per language writes the sentence. English is the text the
 * goldens pin; Chinese is written for the codes users meet most, the rest
 * fall back to English.
 */
#include "value.h"

#include "../common/buf.h"
#include "../common/json.h"
#include "../common/text.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *const names[QR_COUNT] = {
	[QR_NO_UNIT] = "no_unit",
	[QR_UNIT_UNREAD] = "unit_unreadable",
	[QR_NO_QUANTITY] = "no_quantity",
	[QR_NO_REFERENCE] = "no_reference",
	[QR_VARIABLE] = "variable",
	[QR_EXPRESSION] = "expression",
	[QR_QUALIFIED] = "qualified",
	[QR_OTHER_SUBJECT] = "other_subject",
	[QR_OUT_OF_RANGE] = "out_of_range",
	[QR_AMBIGUOUS_COMMA] = "ambiguous_comma",
	[QR_WITHIN_UNCERTAINTY] = "within_uncertainty",
	[QR_OUTDATED] = "outdated",
	[QR_APPROXIMATE] = "approximate",
	[QR_OFF_BY_POWER] = "off_by_power_of_ten",
	[QR_SWAPPED_EXPONENT] = "swapped_exponent",
	[QR_WRONG_SIGN] = "wrong_sign",
	[QR_WRONG_VALUE] = "wrong_value",
	[QR_UNIT_SLIP] = "unit_slip",
	[QR_DIMENSION] = "dimension_mismatch",
	[QR_MEASURED_ONLY_COMPUTED] = "measured_vs_computed",
	[QR_COMPUTED] = "computed_reference",
	[QR_EDITION_NAMED] = "edition_named",
	[QR_EDITION_NOT_HELD] = "edition_not_held",
	[QR_OTHER_POLYMORPH] = "other_polymorph",
	[QR_IMPLAUSIBLE] = "implausible",
	[QR_SIGN_CONVENTION] = "sign_convention",
	[QR_MEASURED] = "measured_reference",
	[QR_NOT_EXACT] = "not_exact",
	[QR_OWN_UNIT] = "own_unit",
	[QR_UNIT_READ_AS] = "unit_read_as",
	[QR_COMMA_READ] = "comma_read",
	[QR_REPORTS_DISAGREE] = "reports_disagree",
	[QR_POWER_UNREAD] = "power_unreadable",
	[QR_COMPUTED_ONLY] = "computed_only",
	[QR_OTHER_FORM] = "other_form",
	[QR_ONE_REPORT] = "one_report",
	[QR_PROPERTY_UNNAMED] = "property_unnamed",
	[QR_COUNT_AFTER] = "count_or_ratio",
	[QR_OTHER_TRANSITION] = "other_transition",
	[QR_UNIT_APART] = "unit_apart",
	[QR_AMBIGUOUS_POWER] = "ambiguous_power",
	[QR_POWER_READ] = "power_read",
	[QR_SET_ASIDE] = "other_report",
	[QR_TRAILING_ZEROS] = "trailing_zeros",
};

const char *query_reason_name(int code)
{
	return code > 0 && code < QR_COUNT && names[code] ? names[code] : "unknown";
}

qv_reason *qv_reason_add(qv_result *r, int code)
{
	qv_reason *q;

	if (r->nreasons >= QV_REASONS_MAX)
		return NULL;
	q = &r->reasons[r->nreasons++];
	memset(q, 0, sizeof(*q));
	q->code = code;
	return q;
}

int qv_has_reason(const qv_result *r, int code)
{
	size_t i;

	for (i = 0; i < r->nreasons; i++)
		if (r->reasons[i].code == code)
			return 1;
	return 0;
}

/* parts[0..n) appended in turn: a message of %s only, without printf
 * (the commonest reasons of an audit: editions, computed values,
 * dimensions, powers of ten) */
static int put_parts(pk_buf *b, const char *const *parts, size_t n)
{
	size_t i;
	int rc = 0;

	for (i = 0; i < n && rc == 0; i++)
		rc = pk_buf_puts(b, parts[i]);
	return rc;
}

#define PUT_PARTS(b, ...)                                                                              \
	put_parts((b), (const char *const[]){ __VA_ARGS__ },                                           \
		  sizeof((const char *const[]){ __VA_ARGS__ }) / sizeof(const char *))

static int en(pk_buf *b, const qv_reason *q)
{
	char n1[21], n2[21];

	switch (q->code) {
	case QR_NO_UNIT:
		return q->n ? pk_buf_printf(b, "no unit given; in %s the number is far from the value, and another unit may "
					       "be meant: not compared", q->a)
			    : pk_buf_printf(b, "no unit given; read in %s", q->a);
	case QR_UNIT_UNREAD:
		return pk_buf_printf(b, "the unit '%s' could not be read; the value is not compared", q->a);
	case QR_COMPUTED_ONLY:
		return pk_buf_puts(b, q->n ? "the graph holds only a value computed with GGA/PBE, and the text does not say "
					     "its value is: other methods differ by more than the tolerance; not refuted"
					   : "the graph holds only a computed value, and the text does not say its value is "
					     "computed: measurements differ from it by more than the tolerance; not refuted");
	case QR_POWER_UNREAD:
		return pk_buf_printf(b, "a power of ten follows '%s' that could not be read; the value is not compared",
				     q->a);
	case QR_NO_QUANTITY: return pk_buf_puts(b, "no quantity identified");
	case QR_NO_REFERENCE:
		return pk_buf_printf(b, "no reference value for '%s'%s%s", q->a, q->b[0] ? " in edition " : "", q->b);
	case QR_VARIABLE:
		return pk_buf_printf(b, "'%s' read as a variable of the text, not as %s (%s): %s %s", q->a, q->b, q->c, q->e,
				     q->n ? "is nowhere near its value" : "fits neither its dimension nor its value");
	case QR_EXPRESSION:
		return pk_buf_printf(b, "'%s' read as an expression of the text's own variables: no reference", q->a);
	case QR_QUALIFIED:
		return pk_buf_printf(b, "'%s' is another quantity than the %s: not compared", q->a, q->b);
	case QR_OTHER_SUBJECT:
		if (q->n)
			return pk_buf_printf(b, "one value for %s: the sentence does not say whose it is; not compared", q->a);
		return q->b[0] ? pk_buf_printf(b, "the value is %s's, which the graph does not hold; not compared with %s's",
					       q->a, q->b)
			       : pk_buf_printf(b, "the value is %s's, which the graph does not hold; not compared", q->a);
	case QR_OUT_OF_RANGE: return pk_buf_printf(b, "number out of range: '%s'", q->a);
	case QR_AMBIGUOUS_COMMA:
		return pk_buf_printf(b, "ambiguous comma: '%s' could be %.10g or %.10g; not guessed", q->a, q->x, q->y);
	case QR_WITHIN_UNCERTAINTY: return pk_buf_printf(b, "within %g standard uncertainties", q->x);
	case QR_OUTDATED:
		return PUT_PARTS(b, "equals the ", q->a, " ", q->b, " value; ", q->a, " ", q->c, " gives ", q->d);
	case QR_APPROXIMATE:
		return pk_buf_printf(b, "within %g%% but not at the cited precision (%d significant digit%s)", q->x * 100,
				     q->n, q->n == 1 ? "" : "s");
	case QR_OFF_BY_POWER:
		pk_str_int(n1, q->n);
		pk_str_int(n2, q->n < 0 ? -(long long)q->n : q->n);
		return q->x ? PUT_PARTS(b, "off by 10^", n1, ": a prefix slip (the number fits a unit 10^", n2, " times ",
					q->n > 0 ? "smaller" : "larger", ")")
			    : PUT_PARTS(b, "off by 10^", n1, " (a scale error)");
	case QR_SWAPPED_EXPONENT:
		return pk_buf_printf(b, "swapped exponent sign: 10^%d written for 10^%d", q->n, (int)q->x);
	case QR_WRONG_SIGN: return pk_buf_puts(b, "wrong sign");
	case QR_WRONG_VALUE: return pk_buf_puts(b, "wrong value");
	case QR_UNIT_SLIP:
		return pk_buf_printf(b, "a unit slip: the number is the value in %s, but the text writes %s (in %s it is %s)",
				     q->b, q->a, q->a, q->d);
	case QR_DIMENSION: return PUT_PARTS(b, q->a, " is ", q->b, ", but ", q->c, " is ", q->d, q->e);
	case QR_MEASURED_ONLY_COMPUTED:
		return pk_buf_puts(b, "the text cites a measured value and the graph holds only a computed one: not compared");
	case QR_COMPUTED:
		return PUT_PARTS(b, q->a, " (computed, ", q->b, ") gives ", q->c, " for ", q->d,
				 "; a computed value, not a measurement");
	case QR_EDITION_NAMED:
		if (!q->c[0])
			return pk_buf_printf(b, "the text names CODATA %s", q->a);
		return q->d[0] ? pk_buf_printf(b, "the text names CODATA %s; CODATA %s gives %s", q->a, q->c, q->d)
			       : pk_buf_printf(b, "the text names CODATA %s; CODATA %s gives the same value", q->a, q->c);
	case QR_EDITION_NOT_HELD:
		return pk_buf_printf(b, "the text names CODATA %s, which the graph does not hold; checked against CODATA %s",
				     q->a, q->c);
	case QR_OTHER_POLYMORPH:
		return pk_buf_printf(b, "the value of %s, not of %s%s", q->a, q->b, q->n ? ", the most stable" : "");
	case QR_IMPLAUSIBLE: return pk_buf_puts(b, q->a);
	case QR_SIGN_CONVENTION: return pk_buf_puts(b, q->a);
	case QR_OWN_UNIT:
		return pk_buf_printf(b, "%s counts the %s named after it (%g times it, in its own unit), not its value; "
				     "not compared", q->a, q->b, q->x);
	case QR_UNIT_READ_AS:
		if (q->n)
			return pk_buf_printf(b, "'%s' read as %s: deg, a degree of temperature as older texts write it (SI "
						"reads deg as an angle: %s)", q->a, q->b, q->c[0] ? q->c : "not read");
		return q->c[0] ? pk_buf_printf(b, "'%s' read as %s, as British texts write it (in SI it is %s)", q->a, q->b,
					       q->c)
			       : pk_buf_printf(b, "'%s' read as %s, its unit symbols written together", q->a, q->b);
	case QR_REPORTS_DISAGREE:
		return pk_buf_puts(b, "within the range of reports that disagree by more than 10%, none of which it "
				      "agrees with: not decided");
	case QR_OTHER_FORM:
		return pk_buf_printf(b, "the text is about the %s form, not the bulk crystal the %s describes: not compared",
				     q->a, q->b);
	case QR_COUNT_AFTER:
		return pk_buf_printf(b, "'%s' is a count or a ratio, not the %s in a unit: not compared", q->a, q->b);
	case QR_PROPERTY_UNNAMED:
		return pk_buf_printf(b, "the sentence names %s but not which of its properties the value is (its %s "
					"has the unit): not compared", q->a, q->b);
	case QR_ONE_REPORT:
		return pk_buf_printf(b, "only one report (%s) disagrees, and the material's %d reports span %g to %g "
				     "around the value: not decided", q->c, q->n, q->x, q->y);
	case QR_OTHER_TRANSITION:
		return pk_buf_printf(b, "the text gives the %s gap; the graph's reports of the %s are of the %s gap: not "
					"compared", q->a, q->c, q->b);
	case QR_TRAILING_ZEROS:
		return pk_buf_printf(b, "agrees at %d significant digit%s, its trailing zeros read as filling places, "
					"not at all its digits", q->n, q->n == 1 ? "" : "s");
	case QR_SET_ASIDE:
		if (!q->n)
			return pk_buf_printf(b, "the graph's reports of the %s are of %s only: not compared", q->d, q->a);
		if (q->b[0] && strcmp(q->a, "an amorphous sample"))
			return pk_buf_printf(b, "agrees only with a report of %s (%g %s; %s), and the %s is the %s gap: "
						"not decided", q->a, q->x, q->e, q->c, q->d, q->b);
		return pk_buf_printf(b, "agrees only with a report of %s (%g %s; %s): not decided", q->a, q->x, q->e, q->c);
	case QR_UNIT_APART:
		return q->n ? pk_buf_printf(b, "'%s', which the sentence states apart from the number, is not the quantity's "
					       "unit; not compared", q->a)
			    : pk_buf_printf(b, "read in %s, which the sentence states apart from the number", q->a);
	case QR_AMBIGUOUS_POWER:
		return pk_buf_printf(b, "'%s' could be %.10g (a power of ten whose superscript was lost) or the product "
					"%.10g; not guessed", q->a, q->x, q->y);
	case QR_POWER_READ:
		if (q->n == 1)
			return pk_buf_printf(b, "'%s' read as %.10g, a power of ten whose superscript was lost in copying "
						"(the product %.10g would not agree)", q->a, q->x, q->y);
		if (q->n == 2)
			return pk_buf_printf(b, "'%s' read as the product %.10g (as a power of ten, %.10g would not agree)",
					     q->a, q->x, q->y);
		return pk_buf_printf(b, "'%s' read either way (%.10g, a power of ten whose superscript was lost, or the "
					"product %.10g) gives this verdict", q->a, q->x, q->y);
	case QR_COMMA_READ:
		return q->n ? pk_buf_printf(b, "'%s' read as %.10g: English text groups thousands with a comma (%.10g would not "
					    "agree)", q->a, q->x, q->y)
			    : pk_buf_printf(b, "'%s' read either way (%.10g or %.10g) gives this verdict", q->a, q->x, q->y);
	case QR_MEASURED:
		return q->n == 1 ? pk_buf_printf(b, "measured: 1 report%s%s%s in %s", q->c[0] ? " (" : "", q->c,
						 q->c[0] ? ")" : "", q->a)
				 : pk_buf_printf(b, "measured: %d reports%s%s%s span %g to %g (%s)", q->n, q->c[0] ? " (" : "",
						 q->c, q->c[0] ? ")" : "", q->x, q->y, q->a);
	case QR_NOT_EXACT:
		return q->n ? pk_buf_puts(b, "the text says exactly, but the reference is an interval (it varies in nature)")
			    : pk_buf_printf(b, "the text says exactly, but the reference has a standard uncertainty of %g", q->x);
	default: return pk_buf_printf(b, "%s", query_reason_name(q->code));
	}
}

static int zh(pk_buf *b, const qv_reason *q)
{
	switch (q->code) {
	case QR_NO_UNIT:
		return q->n ? pk_buf_printf(b, "未给出单位；按 %s 读取与参考值相差甚远，可能用的是其他单位：未比较", q->a)
			    : pk_buf_printf(b, "未给出单位；按 %s 读取", q->a);
	case QR_UNIT_UNREAD: return pk_buf_printf(b, "无法识别单位“%s”；未比较", q->a);
	case QR_POWER_UNREAD: return pk_buf_printf(b, "无法识别“%s”后的十的幂；未比较", q->a);
	case QR_OTHER_TRANSITION:
		return pk_buf_printf(b, "文中给出的是%s带隙；图中%s的报告是%s带隙：未比较",
				     !strcmp(q->a, "direct") ? "直接" : "间接", q->c, !strcmp(q->b, "direct") ? "直接" : "间接");
	case QR_TRAILING_ZEROS:
		return pk_buf_printf(b, "末尾的零若只是占位，按 %d 位有效数字相符；按全部数字不符", q->n);
	case QR_SET_ASIDE: {
		const char *what = !strcmp(q->a, "an amorphous sample") ? "非晶样品"
				   : !strcmp(q->a, "the direct gap")  ? "直接带隙"
								      : "间接带隙";

		if (!q->n)
			return pk_buf_printf(b, "图中%s的报告仅有%s的：未比较", q->d, what);
		if (q->b[0] && strcmp(q->a, "an amorphous sample"))
			return pk_buf_printf(b, "仅与%s的报告（%g %s；%s）相符，而%s是%s带隙：未判定", what, q->x, q->e, q->c,
					     q->d, !strcmp(q->b, "direct") ? "直接" : "间接");
		return pk_buf_printf(b, "仅与%s的报告（%g %s；%s）相符：未判定", what, q->x, q->e, q->c);
	}
	case QR_UNIT_APART:
		return q->n ? pk_buf_printf(b, "句中与数值分开给出的“%s”不是该量的单位；未比较", q->a)
			    : pk_buf_printf(b, "按句中与数值分开给出的单位 %s 读取", q->a);
	case QR_AMBIGUOUS_POWER:
		return pk_buf_printf(b, "“%s”可读作 %.10g（上标丢失的十的幂）或乘积 %.10g；未判定", q->a, q->x, q->y);
	case QR_POWER_READ:
		return q->n == 2 ? pk_buf_printf(b, "“%s”读作乘积 %.10g（按十的幂 %.10g 不符）", q->a, q->x, q->y)
			: q->n == 1 ? pk_buf_printf(b, "“%s”读作 %.10g：复制时丢失了上标的十的幂（乘积 %.10g 不符）", q->a,
						    q->x, q->y)
				    : pk_buf_printf(b, "“%s”无论读作 %.10g（十的幂）还是乘积 %.10g，结论相同", q->a, q->x, q->y);
	case QR_COMPUTED_ONLY:
		return pk_buf_puts(b, q->n ? "图中只有 GGA/PBE 计算值，文中未说明所用方法：其他方法的结果可能与之相差超过容差；不判为错误"
					   : "图中只有计算值，文中未说明其数值为计算值：实验值可能与之相差超过容差；不判为错误");
	case QR_OTHER_FORM: return pk_buf_printf(b, "文中所述为%s形态，不是%s所描述的块体晶体：未比较", q->a, q->b);
	case QR_COUNT_AFTER: return pk_buf_printf(b, "“%s”是计数或比值，不是带单位的%s：未比较", q->a, q->b);
	case QR_PROPERTY_UNNAMED:
		return pk_buf_printf(b, "句中提到%s，但未说明该数值是其哪种性质（其%s的单位与之相同）：未比较", q->a, q->b);
	case QR_ONE_REPORT:
		return pk_buf_printf(b, "仅有一份报告（%s）与之不符，该材料的 %d 份报告范围为 %g 至 %g，包含此值：未判定", q->c,
				     q->n, q->x, q->y);
	case QR_NO_QUANTITY: return pk_buf_puts(b, "未识别出物理量");
	case QR_NO_REFERENCE: return pk_buf_printf(b, "“%s”没有参考值", q->a);
	case QR_QUALIFIED: return pk_buf_printf(b, "“%s”指的是另一个量，不是%s：未比较", q->a, q->b);
	case QR_OTHER_SUBJECT:
		return q->n ? pk_buf_printf(b, "%s 共用一个数值：句中未说明属于哪一个；未比较", q->a)
			    : pk_buf_printf(b, "该数值属于 %s，图中没有其数据：未比较", q->a);
	case QR_WITHIN_UNCERTAINTY: return pk_buf_printf(b, "在 %g 倍标准不确定度以内", q->x);
	case QR_OUTDATED: return pk_buf_printf(b, "等于 %s %s 的值；%s %s 给出 %s", q->a, q->b, q->a, q->c, q->d);
	case QR_APPROXIMATE:
		return pk_buf_printf(b, "在 %g%% 以内，但未达到所引精度（%d 位有效数字）", q->x * 100, q->n);
	case QR_OFF_BY_POWER:
		return q->x ? pk_buf_printf(b, "相差 10^%d：词头错误", q->n) : pk_buf_printf(b, "相差 10^%d（数量级错误）", q->n);
	case QR_SWAPPED_EXPONENT: return pk_buf_printf(b, "指数符号写反：写成 10^%d，应为 10^%d", q->n, (int)q->x);
	case QR_WRONG_SIGN: return pk_buf_puts(b, "符号错误");
	case QR_WRONG_VALUE: return pk_buf_puts(b, "数值错误");
	case QR_UNIT_SLIP: return pk_buf_printf(b, "单位错误：该数是以 %s 表示的值，文中写作 %s（以 %s 表示为 %s）", q->b, q->a, q->a, q->d);
	case QR_MEASURED_ONLY_COMPUTED: return pk_buf_puts(b, "文中引用的是实验值，图中只有计算值：未比较");
	case QR_SIGN_CONVENTION: return pk_buf_puts(b, "电子电荷为 −e");
	case QR_OWN_UNIT: return pk_buf_printf(b, "%s 是其后所述%s的 %g 倍（以其自身为单位），不是它的值：未比较", q->a, q->b, q->x);
	default: return en(b, q);
	}
}

void query_value_explain(const qv_result *r, const char *lang, char *out, size_t n)
{
	pk_buf b = PK_BUF_INIT;
	int chinese = lang && !strcmp(lang, "zh");
	size_t i;

	if (!n)
		return;
	out[0] = '\0';
	pk_buf_init(&b, 1 << 16);
	for (i = 0; i < r->nreasons; i++) {
		if (b.len && pk_buf_puts(&b, "; ") < 0)
			break;
		if ((chinese ? zh(&b, &r->reasons[i]) : en(&b, &r->reasons[i])) < 0)
			break;
	}
	if (b.ptr)
		pk_utf8_copy(out, n, b.ptr);
	pk_buf_release(&b);
}

/* "key":[x,y]: an ambiguous comma's two readings, the reports' range. */
static void json_pair(pk_json *w, const char *key, double x, double y)
{
	pk_json_key(w, key);
	pk_json_arr(w);
	pk_json_num(w, x);
	pk_json_num(w, y);
	pk_json_end_arr(w);
}

/* JSON: [{"code":"off_by_power_of_ten","power":3,"prefix_slip":true}, ...] */
void query_value_reasons_json(pk_json *w, const qv_result *r)
{
	size_t i;

	pk_json_arr(w);
	for (i = 0; i < r->nreasons; i++) {
		const qv_reason *q = &r->reasons[i];

		pk_json_obj(w);
		pk_json_kstr(w, "code", query_reason_name(q->code));
		switch (q->code) {
		case QR_NO_UNIT:
			pk_json_kstr(w, "read_in", q->a);
			if (q->n)
				pk_json_kbool(w, "far", 1);
			break;
		case QR_UNIT_UNREAD: pk_json_kstr(w, "unit", q->a); break;
		case QR_POWER_UNREAD: pk_json_kstr(w, "number", q->a); break;
		case QR_NO_REFERENCE:
			pk_json_kstr(w, "phrase", q->a);
			if (q->b[0])
				pk_json_kstr(w, "edition", q->b);
			break;
		case QR_VARIABLE:
			pk_json_kstr(w, "phrase", q->a);
			pk_json_kstr(w, "not", q->b);
			pk_json_kbool(w, "fits_dimension", q->n);
			break;
		case QR_EXPRESSION: pk_json_kstr(w, "phrase", q->a); break;
		case QR_QUALIFIED:
			pk_json_kstr(w, "phrase", q->a);
			pk_json_kstr(w, "quantity", q->b);
			break;
		case QR_OTHER_SUBJECT:
			pk_json_kstr(w, "subject", q->a);
			if (q->b[0])
				pk_json_kstr(w, "not_compared_with", q->b);
			break;
		case QR_OUT_OF_RANGE: pk_json_kstr(w, "number", q->a); break;
		case QR_AMBIGUOUS_COMMA:
			pk_json_kstr(w, "number", q->a);
			json_pair(w, "readings", q->x, q->y);
			break;
		case QR_WITHIN_UNCERTAINTY:
			pk_json_knum(w, "k", q->x);
			pk_json_knum(w, "combined_uncertainty", q->y);
			break;
		case QR_OUTDATED:
			pk_json_kstr(w, "source", q->a);
			pk_json_kstr(w, "matched_edition", q->b);
			pk_json_kstr(w, "edition", q->c);
			pk_json_kstr(w, "value", q->d);
			break;
		case QR_APPROXIMATE:
			pk_json_knum(w, "tolerance", q->x);
			pk_json_kint(w, "sig_digits", q->n);
			break;
		case QR_OFF_BY_POWER:
			pk_json_kint(w, "power", q->n);
			pk_json_kbool(w, "prefix_slip", q->x != 0);
			break;
		case QR_SWAPPED_EXPONENT:
			pk_json_kint(w, "written", q->n);
			pk_json_kint(w, "right", (long long)q->x);
			break;
		case QR_UNIT_SLIP:
			pk_json_kstr(w, "unit", q->a);
			pk_json_kstr(w, "value_is_in", q->b);
			pk_json_kstr(w, "reference_in_unit", q->d);
			break;
		case QR_DIMENSION:
			pk_json_kstr(w, "unit", q->a);
			pk_json_kstr(w, "dimension", q->b);
			pk_json_kstr(w, "reference_dimension", q->d);
			break;
		case QR_COMPUTED:
			pk_json_kstr(w, "source", q->a);
			pk_json_kstr(w, "method", q->b);
			pk_json_kstr(w, "value", q->c);
			pk_json_kstr(w, "material", q->d);
			break;
		case QR_EDITION_NAMED:
			pk_json_kstr(w, "edition", q->a);
			if (q->c[0])
				pk_json_kstr(w, "newer_edition", q->c);
			break;
		case QR_EDITION_NOT_HELD:
			pk_json_kstr(w, "edition", q->a);
			pk_json_kstr(w, "checked", q->c);
			break;
		case QR_OTHER_POLYMORPH:
			pk_json_kstr(w, "material", q->a);
			pk_json_kstr(w, "chosen", q->b);
			break;
		case QR_IMPLAUSIBLE: pk_json_kstr(w, "why", q->a); break;
		case QR_COMPUTED_ONLY: pk_json_kbool(w, "text_says_computed", q->n); break;
		case QR_OTHER_FORM:
			pk_json_kstr(w, "form", q->a);
			pk_json_kstr(w, "quantity", q->b);
			break;
		case QR_COUNT_AFTER:
			pk_json_kstr(w, "text", q->a);
			pk_json_kstr(w, "quantity", q->b);
			break;
		case QR_PROPERTY_UNNAMED:
			pk_json_kstr(w, "material", q->a);
			pk_json_kstr(w, "property", q->b);
			break;
		case QR_ONE_REPORT:
			pk_json_kstr(w, "condition", q->c);
			pk_json_kint(w, "reports", q->n);
			json_pair(w, "range", q->x, q->y);
			break;
		case QR_NOT_EXACT:
			if (q->n)
				pk_json_kbool(w, "interval", 1);
			else
				pk_json_knum(w, "uncertainty", q->x);
			break;
		case QR_OWN_UNIT:
			pk_json_kstr(w, "written", q->a);
			pk_json_kstr(w, "unit_is", q->b);
			pk_json_knum(w, "multiple", q->x);
			break;
		case QR_OTHER_TRANSITION:
			pk_json_kstr(w, "named", q->a);
			pk_json_kstr(w, "reported", q->b);
			break;
		case QR_TRAILING_ZEROS:
			pk_json_kint(w, "sig_digits", q->n);
			break;
		case QR_SET_ASIDE:
			pk_json_kstr(w, "report_of", q->a);
			if (q->b[0])
				pk_json_kstr(w, "fundamental", q->b);
			if (q->n) {
				pk_json_knum(w, "report_value", q->x);
				pk_json_kstr(w, "report_note", q->c);
			}
			break;
		case QR_UNIT_APART:
			pk_json_kstr(w, "unit", q->a);
			pk_json_kbool(w, "not_its_dimension", q->n);
			break;
		case QR_AMBIGUOUS_POWER:
			pk_json_kstr(w, "number", q->a);
			json_pair(w, "readings", q->x, q->y);
			break;
		case QR_POWER_READ:
			pk_json_kstr(w, "number", q->a);
			json_pair(w, "readings", q->x, q->y);
			pk_json_kstr(w, "taken", q->n == 2 ? "product" : "power");
			pk_json_kbool(w, "either", q->n == 0);
			break;
		case QR_COMMA_READ:
			pk_json_kstr(w, "number", q->a);
			json_pair(w, "readings", q->x, q->y);
			pk_json_kbool(w, "english_thousands", q->n);
			break;
		case QR_UNIT_READ_AS:
			pk_json_kstr(w, "written", q->a);
			pk_json_kstr(w, "read_as", q->b);
			pk_json_kstr(w, "else", q->c);
			if (q->n)
				pk_json_kbool(w, "degree_of_temperature", 1);
			break;
		case QR_MEASURED:
			pk_json_kstr(w, "source", q->a);
			pk_json_kint(w, "reports", q->n);
			json_pair(w, "range", q->x, q->y);
			if (q->c[0])
				pk_json_kstr(w, "condition", q->c);
			break;
		default: break;
		}
		pk_json_end_obj(w);
	}
	pk_json_end_arr(w);
}
