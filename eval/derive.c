/* eval/derive.c - dimensional consistency and step checks of LaTeX
 * derivations; see derive.h. */
#include "derive.h"

#include "../common/alloc.h"
#include "../common/error.h"
#include "../common/json.h"
#include "../common/text.h"
#include "../query/lookup.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NODE_MAX 4096   /* nodes of one chain; a longer formula is not read */
#define KIDS_MAX 8192
#define MEMBERS_MAX 16  /* sides of one chain: a = b = ... */
#define SYMS_MAX 96     /* distinct symbols of one text */
#define NAME_LEN 40
#define NSYMDIM 8       /* unbound symbols one dimension can carry */
#define DRAWS 6
#define SEG_MAX 20000   /* bytes of one math segment */

const char *ev_dv_verdict_name(int v)
{
	switch (v) {
	case EV_DV_CONSISTENT: return "consistent";
	case EV_DV_INCONSISTENT: return "inconsistent";
	case EV_DV_BROKEN_STEP: return "broken_step";
	default: return "unknown";
	}
}

/* ---- dimensions: doubled exponents (so that a square root stays exact)
 * of the SI base units, and of the text's unbound symbols ------------- */

typedef struct dimx {
	int ok;                 /* 0: not known (an opaque operator) */
	int b[QU_NDIM];
	int ns;
	struct { short sym; int e; } s[NSYMDIM];
	int rank;               /* 0 scalar, 1 vector, -1 not known */
} dimx;

enum { D_EQ, D_NE, D_UNDECIDED };

static dimx dx_none(void)
{
	dimx d;

	memset(&d, 0, sizeof(d));
	d.ok = 1;
	return d;
}

static dimx dx_unknown(void)
{
	dimx d;

	memset(&d, 0, sizeof(d));
	d.rank = -1;
	return d;
}

static void dx_add_sym(dimx *d, short sym, int e)
{
	int i, j;

	for (i = 0; i < d->ns; i++)
		if (d->s[i].sym == sym) {
			d->s[i].e += e;
			if (!d->s[i].e) {
				for (j = i; j + 1 < d->ns; j++)
					d->s[j] = d->s[j + 1];
				d->ns--;
			}
			return;
		}
	if (!e)
		return;
	if (d->ns == NSYMDIM) {
		d->ok = 0; /* too many unknowns to track: not known */
		return;
	}
	for (i = d->ns; i > 0 && d->s[i - 1].sym > sym; i--)
		d->s[i] = d->s[i - 1];
	d->s[i].sym = sym;
	d->s[i].e = e;
	d->ns++;
}

static dimx dx_mul(dimx a, const dimx *b)
{
	int k;

	if (!a.ok || !b->ok)
		return dx_unknown();
	for (k = 0; k < QU_NDIM; k++)
		a.b[k] += b->b[k];
	for (k = 0; k < b->ns; k++)
		dx_add_sym(&a, b->s[k].sym, b->s[k].e);
	/* a vector times a scalar is a vector; two vectors juxtaposed: not known */
	a.rank = a.rank == 0 ? b->rank : b->rank == 0 ? a.rank : -1;
	return a;
}

/* An exponent of a dimension past this is no physics ("y^{-2666...}" in a
 * model's LaTeX): not known, rather than an int it cannot be. */
#define DX_EXP_MAX 1000

/* a^p for a rational p; a fractional doubled exponent is not known */
static dimx dx_pow(dimx a, double p)
{
	int k;

	if (!a.ok)
		return a;
	for (k = 0; k < QU_NDIM; k++) {
		double x = a.b[k] * p;

		if (!(fabs(x) <= DX_EXP_MAX) || fabs(x - floor(x + 0.5)) > 1e-9)
			return dx_unknown();
		a.b[k] = (int)floor(x + 0.5);
	}
	for (k = 0; k < a.ns; k++) {
		double x = a.s[k].e * p;

		if (!(fabs(x) <= DX_EXP_MAX) || fabs(x - floor(x + 0.5)) > 1e-9)
			return dx_unknown();
		a.s[k].e = (int)floor(x + 0.5);
	}
	if (p != 1)
		a.rank = a.rank == 1 && p == 2 ? 0 : a.rank == 0 ? 0 : -1;
	return a;
}

static int qu_dim_none_x(const dimx *d)
{
	int k;

	for (k = 0; k < QU_NDIM; k++)
		if (d->b[k])
			return 0;
	return d->ok && !d->ns;
}

static int dx_cmp(const dimx *a, const dimx *b)
{
	int k;

	if (!a->ok || !b->ok)
		return D_UNDECIDED;
	if (a->rank >= 0 && b->rank >= 0 && a->rank != b->rank)
		return D_NE; /* a vector is not a scalar, whatever their units */
	if (a->ns != b->ns)
		return D_UNDECIDED;
	for (k = 0; k < a->ns; k++)
		if (a->s[k].sym != b->s[k].sym || a->s[k].e != b->s[k].e)
			return D_UNDECIDED;
	for (k = 0; k < QU_NDIM; k++)
		if (a->b[k] != b->b[k])
			return D_NE;
	/* equal units; a vector against a symbol of unknown rank is not decided */
	return a->rank != b->rank && (a->rank == 1 || b->rank == 1) ? D_UNDECIDED : D_EQ;
}

/* ---- symbols ------------------------------------------------------------ */

enum { S_FREE, S_BOUND, S_DEFINED };

typedef struct sym {
	char name[NAME_LEN];
	int state;              /* S_FREE: not bound (yet); S_DEFINED: the text defines it, no unit */
	dimx dim;               /* when bound */
	char origin[120];       /* "reduced Planck constant J s (CODATA 2022)", "eV (the text)" */
	int looked;             /* the graph was asked */
	int used;
	int constant;           /* a constant of the graph: value is its SI value */
	long double value;
	int by_unit;            /* bound by "X in UNIT": maybe a number of that unit */
} sym;

typedef struct ctx {
	kg_txn *t;
	const query_units *u;
	const char *text;
	size_t n;
	sym syms[SYMS_MAX];
	int nsyms;
	int spherical;
	struct ctx *scratch;    /* a second table for reading one symbol of the prose */
} ctx;

static int sym_index(ctx *c, const char *name)
{
	int i;

	for (i = 0; i < c->nsyms; i++)
		if (!strcmp(c->syms[i].name, name))
			return i;
	if (c->nsyms == SYMS_MAX)
		return -1;
	memset(&c->syms[c->nsyms], 0, sizeof(c->syms[0]));
	pk_str_copy(c->syms[c->nsyms].name, NAME_LEN, name);
	return c->nsyms++;
}

static dimx dim_of_qu(const qu_dim *q)
{
	dimx d = dx_none();
	int k;

	for (k = 0; k < QU_NDIM; k++)
		d.b[k] = 2 * q->e[k];
	return d;
}

/* The constants under their usual symbols, as the graph names them. */
static const struct { const char *sym, *query; } constants[] = {
	{ "ħ", "reduced Planck constant" }, { "h", "Planck constant" }, { "c", "speed of light in vacuum" },
	{ "e", "elementary charge" }, { "k_B", "Boltzmann constant" }, { "ε_0", "vacuum electric permittivity" },
	{ "μ_0", "vacuum magnetic permeability" }, { "m_e", "electron mass" }, { "m_p", "proton mass" },
	{ "m_n", "neutron mass" }, { "N_A", "Avogadro constant" }, { "a_0", "Bohr radius" },
	{ "μ_B", "Bohr magneton" }, { "R_∞", "Rydberg constant" }, { "k_e", NULL },
};

static void bind_constant(ctx *c, sym *s)
{
	query_matches ms = { 0 };
	qu_unit un;
	size_t i;

	s->looked = 1;
	for (i = 0; i < sizeof(constants) / sizeof(constants[0]); i++) {
		if (strcmp(constants[i].sym, s->name) || !constants[i].query)
			continue;
		if (query_lookup(c->t, constants[i].query, NULL, &ms) == 0 && ms.n &&
		    query_units_parse(c->u, ms.m[0].unit ? ms.m[0].unit : "", ms.m[0].unit ? strlen(ms.m[0].unit) : 0,
				      &un) == 0) {
			s->state = S_BOUND;
			s->dim = dim_of_qu(&un.dim);
			s->dim.rank = 0;
			s->constant = 1;
			s->value = (long double)ms.m[0].value * (long double)un.scale;
			snprintf(s->origin, sizeof(s->origin), "%s, %s (%s %s)", ms.m[0].name, ms.m[0].unit ? ms.m[0].unit : "1",
				 ms.m[0].source, ms.m[0].edition);
		}
		pk_error_clear();
		query_matches_release(&ms);
		return;
	}
}

/* The dimension of a symbol: the text's binding, a constant, or its own. */
static dimx sym_dim(ctx *c, int i)
{
	sym *s = &c->syms[i];
	dimx d;

	s->used = 1;
	if (s->state == S_FREE && !s->looked)
		bind_constant(c, s);
	if (s->state == S_BOUND)
		return s->dim;
	d = dx_none();
	d.rank = -1;
	dx_add_sym(&d, (short)i, 2);
	return d;
}

/* ---- the lexer ------------------------------------------------------------ */

enum { T_END, T_NUM, T_ID, T_CMD, T_CH };

typedef struct tok {
	int t;
	size_t s, e;            /* in the chain text */
	char text[NAME_LEN];    /* T_ID: the letter (UTF-8); T_CMD: the command without '\' */
	char ch;                /* T_CH */
	long double num;
} tok;

typedef struct parser {
	ctx *c;
	const char *s;
	size_t n, pos;
	tok cur;
	int err;
	char why[200];
	int depth;              /* nesting of the parse, bounded (a hostile "((((...") */
	int opaque;             /* a derivative, integral, sum or limit was read */
	char opaque_what[40];
	struct node *pool;
	size_t npool, pool_cap;
	struct node **kids;
	size_t nkids, kids_cap;
} parser;

static const struct { const char *cmd, *utf8; } greek[] = {
	{ "alpha", "α" }, { "beta", "β" }, { "gamma", "γ" }, { "delta", "δ" }, { "epsilon", "ε" }, { "varepsilon", "ε" },
	{ "zeta", "ζ" }, { "eta", "η" }, { "theta", "θ" }, { "vartheta", "θ" }, { "iota", "ι" }, { "kappa", "κ" },
	{ "lambda", "λ" }, { "mu", "μ" }, { "nu", "ν" }, { "xi", "ξ" }, { "rho", "ρ" }, { "sigma", "σ" }, { "tau", "τ" },
	{ "upsilon", "υ" }, { "phi", "φ" }, { "varphi", "φ" }, { "chi", "χ" }, { "psi", "ψ" }, { "omega", "ω" },
	{ "Gamma", "Γ" }, { "Delta", "Δ" }, { "Theta", "Θ" }, { "Lambda", "Λ" }, { "Xi", "Ξ" }, { "Sigma", "Σ" },
	{ "Phi", "Φ" }, { "Psi", "Ψ" }, { "Omega", "Ω" }, { "hbar", "ħ" }, { "ell", "ℓ" }, { "infty", "∞" },
};

/* UTF-8 letters written as such in the math (ψ, ħ, μ): one token each */
static size_t utf8_letter(const char *s, size_t n, char *out)
{
	size_t k;

	if (n >= 3 && !memcmp(s, "ℏ", 3)) {
		snprintf(out, NAME_LEN, "ħ");
		return 3;
	}
	for (k = 0; k < sizeof(greek) / sizeof(greek[0]); k++) {
		size_t l = strlen(greek[k].utf8);

		if (l <= n && !memcmp(s, greek[k].utf8, l)) {
			snprintf(out, NAME_LEN, "%s", greek[k].utf8);
			return l;
		}
	}
	return 0;
}

static int is_spacing(const char *cmd)
{
	static const char *const sp[] = { ",", ";", ":", "!", " ", "quad", "qquad", "left", "right", "big", "Big",
					  "bigg", "Bigg", "bigl", "bigr", "Bigl", "Bigr", "displaystyle", "textstyle",
					  "nonumber", "notag", "limits" };
	size_t k;

	for (k = 0; k < sizeof(sp) / sizeof(sp[0]); k++)
		if (!strcmp(cmd, sp[k]))
			return 1;
	return 0;
}

static void next(parser *p)
{
	tok *t = &p->cur;

	for (;;) {
		const char *s = p->s;
		size_t i = p->pos, l;
		unsigned char ch;

		while (i < p->n && (isspace((unsigned char)s[i]) || s[i] == '~'))
			i++;
		memset(t, 0, sizeof(*t));
		t->s = i;
		if (i >= p->n) {
			t->t = T_END;
			t->e = i;
			p->pos = i;
			return;
		}
		ch = (unsigned char)s[i];
		if (isdigit(ch) || (ch == '.' && i + 1 < p->n && isdigit((unsigned char)s[i + 1]))) {
			char buf[64];
			size_t j = i, k = 0;

			while (j < p->n && (isdigit((unsigned char)s[j]) || s[j] == '.') && k + 1 < sizeof(buf))
				buf[k++] = s[j++];
			buf[k] = '\0';
			t->t = T_NUM;
			t->num = strtold(buf, NULL);
			t->e = p->pos = j;
			return;
		}
		if (isalpha(ch)) {
			t->t = T_ID;
			t->text[0] = (char)ch;
			t->e = p->pos = i + 1;
			return;
		}
		if (ch == '\\') {
			size_t j = i + 1, k;

			if (j < p->n && !isalpha((unsigned char)s[j])) {
				/* \, \; \{ \} \| */
				t->text[0] = j < p->n ? s[j] : '\0';
				p->pos = j + 1;
				if (strchr(",;:! ", t->text[0]))
					continue;
				t->t = T_CH;
				t->ch = t->text[0] == '{' ? '(' : t->text[0] == '}' ? ')' : t->text[0];
				t->e = p->pos;
				return;
			}
			while (j < p->n && isalpha((unsigned char)s[j]) && j - i < NAME_LEN - 1)
				j++;
			memcpy(t->text, s + i + 1, j - i - 1);
			t->text[j - i - 1] = '\0';
			p->pos = j;
			if (is_spacing(t->text)) {
				/* \left. \right. : the dot is no operand */
				if ((!strcmp(t->text, "left") || !strcmp(t->text, "right")) && p->pos < p->n && s[p->pos] == '.')
					p->pos++;
				continue;
			}
			if (!strcmp(t->text, "label") || !strcmp(t->text, "tag")) {
				/* \label{...}: nothing of the math */
				int depth = 0;

				while (p->pos < p->n) {
					char c2 = s[p->pos++];

					if (c2 == '{')
						depth++;
					else if (c2 == '}' && --depth <= 0)
						break;
				}
				continue;
			}
			for (k = 0; k < sizeof(greek) / sizeof(greek[0]); k++)
				if (!strcmp(t->text, greek[k].cmd)) {
					t->t = T_ID;
					snprintf(t->text, NAME_LEN, "%s", greek[k].utf8);
					t->e = p->pos;
					return;
				}
			t->t = T_CMD;
			t->e = p->pos;
			return;
		}
		if (ch >= 0x80) {
			/* Unicode math: letters, and the operators models write */
			static const struct { const char *u; char ch; const char *cmd; } ops[] = {
				{ "−", '-', NULL }, { "×", 0, "times" }, { "·", 0, "cdot" }, { "⋅", 0, "cdot" },
				{ "≈", 0, "approx" }, { "∝", 0, "propto" }, { "≤", 0, "le" }, { "≥", 0, "ge" },
				{ "∂", 0, "partial" }, { "∇", 0, "nabla" }, { "∫", 0, "int" }, { "∑", 0, "sum" },
				{ "√", 0, "sqrt" }, { "²", '2', NULL }, { "³", '3', NULL },
			};
			size_t k;

			if ((l = utf8_letter(s + i, p->n - i, t->text)) > 0) {
				t->t = T_ID;
				t->e = p->pos = i + l;
				return;
			}
			for (k = 0; k < sizeof(ops) / sizeof(ops[0]); k++) {
				l = strlen(ops[k].u);
				if (i + l <= p->n && !memcmp(s + i, ops[k].u, l)) {
					p->pos = i + l;
					t->e = p->pos;
					if (ops[k].cmd) {
						t->t = T_CMD;
						snprintf(t->text, NAME_LEN, "%s", ops[k].cmd);
					} else if (ops[k].ch == '2' || ops[k].ch == '3') {
						/* x²: a power whose exponent the token carries */
						t->t = T_CH;
						t->ch = '^';
						t->text[1] = 'S';
						t->num = ops[k].ch - '0';
					} else {
						t->t = T_CH;
						t->ch = ops[k].ch;
					}
					return;
				}
			}
			t->t = T_CH;
			t->ch = '?';
			t->e = p->pos = i + 1;
			while (p->pos < p->n && ((unsigned char)s[p->pos] & 0xC0) == 0x80)
				p->pos++;
			return;
		}
		t->t = T_CH;
		t->ch = (char)ch;
		t->e = p->pos = i + 1;
		return;
	}
}

static int is_ch(const parser *p, char c)
{
	return p->cur.t == T_CH && p->cur.ch == c;
}

static int is_cmd(const parser *p, const char *c)
{
	return p->cur.t == T_CMD && !strcmp(p->cur.text, c);
}

static void fail(parser *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void fail(parser *p, const char *fmt, ...)
{
	va_list ap;

	if (p->err)
		return;
	p->err = 1;
	va_start(ap, fmt);
	vsnprintf(p->why, sizeof(p->why), fmt, ap);
	va_end(ap);
}

/* ---- expression trees ------------------------------------------------------ */

struct node;

/* A parser over s[0..n) with its node and child pools, at its first token. */
static void parser_init(parser *p, ctx *c, const char *s, size_t n, struct node *pool, size_t pool_cap,
			struct node **kids, size_t kids_cap)
{
	memset(p, 0, sizeof(*p));
	p->c = c;
	p->s = s;
	p->n = n;
	p->pool = pool;
	p->pool_cap = pool_cap;
	p->kids = kids;
	p->kids_cap = kids_cap;
	next(p);
}

enum { N_NUM, N_SYM, N_UNIT, N_ADD, N_MUL, N_POW, N_FUNC, N_DERIV, N_NABLA, N_SUM, N_OPAQUE, N_DOT, N_CROSS, N_AMBIG };

typedef struct node {
	int kind;
	long double num;         /* N_NUM */
	int sym;                 /* N_SYM, N_UNIT: index in the symbol table */
	dimx udim;               /* N_UNIT */
	long double uscale;      /* N_UNIT */
	struct node *a, *b;      /* POW base/exponent; FUNC arg; DERIV operand/variable; DOT, CROSS operands */
	struct node **k;         /* ADD, MUL */
	size_t nk;
	int order;               /* DERIV, NABLA */
	char fname[12];          /* FUNC */
	int approx;              /* N_NUM written with decimals (6.626, 1.226): rounded */
	size_t s, e;             /* in the chain text */
} node;

static node *mk(parser *p, int kind, size_t s)
{
	node *x;

	if (p->npool == p->pool_cap) {
		fail(p, "the formula is longer than %zu parts", p->pool_cap);
		return NULL;
	}
	x = &p->pool[p->npool++];
	memset(x, 0, sizeof(*x));
	x->kind = kind;
	x->s = s;
	x->e = s;
	return x;
}

static node *mk_num(parser *p, long double v, size_t s)
{
	node *x = mk(p, N_NUM, s);

	if (x)
		x->num = v;
	return x;
}

static node **kids(parser *p, size_t n)
{
	node **k;

	if (p->nkids + n > p->kids_cap) {
		fail(p, "the formula has too many terms");
		return NULL;
	}
	k = &p->kids[p->nkids];
	p->nkids += n;
	return k;
}

static node *mk_list(parser *p, int kind, node **items, size_t n, size_t s, size_t e)
{
	node *x;
	node **k;

	if (n == 1)
		return items[0];
	if (!(x = mk(p, kind, s)) || !(k = kids(p, n)))
		return NULL;
	memcpy(k, items, n * sizeof(*k));
	x->k = k;
	x->nk = n;
	x->e = e;
	return x;
}

static node *mk_pow(parser *p, node *base, node *ex)
{
	node *x;

	if (!base || !ex || !(x = mk(p, N_POW, base->s)))
		return NULL;
	x->a = base;
	x->b = ex;
	x->e = ex->e > base->e ? ex->e : base->e;
	return x;
}

static node *parse_expr(parser *p);
static node *parse_factor(parser *p);
static node *parse_term(parser *p);

/* The raw text of a {group} at the cursor, consumed: for \mathrm, \text,
 * subscripts and \frac's derivative forms. */
static int raw_group(parser *p, char *out, size_t cap, size_t *gs, size_t *ge)
{
	size_t i, depth = 0, k = 0;

	if (!is_ch(p, '{')) {
		/* a single token: "_0", "_B" */
		size_t l = p->cur.e - p->cur.s;

		if (p->cur.t == T_END)
			return -1;
		if (p->cur.t == T_CMD)
			l = 0;
		snprintf(out, cap, "%.*s", (int)(l < cap ? l : cap - 1), p->s + p->cur.s);
		if (p->cur.t == T_ID)
			snprintf(out, cap, "%s", p->cur.text);
		*gs = p->cur.s;
		*ge = p->cur.e;
		next(p);
		return 0;
	}
	*gs = p->cur.e;
	for (i = p->cur.s; i < p->n; i++) {
		char ch = p->s[i];

		if (ch == '{') {
			if (depth >= 1 && k + 1 < cap)
				out[k++] = ch;
			depth++;
		} else if (ch == '}') {
			if (--depth == 0)
				break;
			if (k + 1 < cap)
				out[k++] = ch;
		} else if (k + 1 < cap) {
			out[k++] = ch;
		}
	}
	out[k] = '\0';
	if (i >= p->n) {
		fail(p, "an unclosed '{'");
		return -1;
	}
	*ge = i;
	p->pos = i + 1;
	next(p);
	return 0;
}

/* "{\mathrm{B}}", "B", "{0}" -> "B", "0": a subscript as a name part */
static void clean_sub(const char *in, char *out, size_t cap)
{
	size_t k = 0;
	const char *q = in;

	while (*q && k + 1 < cap) {
		if (*q == '\\') {
			size_t j = 1, g;
			char cmd[24];

			while (isalpha((unsigned char)q[j]) && j < sizeof(cmd))
				j++;
			snprintf(cmd, sizeof(cmd), "%.*s", (int)(j - 1), q + 1);
			for (g = 0; g < sizeof(greek) / sizeof(greek[0]); g++)
				if (!strcmp(cmd, greek[g].cmd)) {
					size_t l = strlen(greek[g].utf8);

					if (k + l < cap) {
						memcpy(out + k, greek[g].utf8, l);
						k += l;
					}
					break;
				}
			q += j;
			continue;
		}
		if (*q != '{' && *q != '}' && !isspace((unsigned char)*q))
			out[k++] = *q;
		q++;
	}
	out[k] = '\0';
}

/* A symbol: its letter, a subscript, primes. */
static node *parse_symbol(parser *p, const char *prefix)
{
	char name[NAME_LEN];
	size_t s = p->cur.s, e = p->cur.e;
	node *x;
	int i;

	snprintf(name, sizeof(name), "%s%s", prefix, p->cur.text);
	next(p);
	if (is_ch(p, '_')) {
		char raw[64], sub[32];
		size_t gs, ge;

		next(p);
		if (raw_group(p, raw, sizeof(raw), &gs, &ge) < 0)
			return NULL;
		clean_sub(raw, sub, sizeof(sub));
		snprintf(name + strlen(name), sizeof(name) - strlen(name), "_%s", sub);
		e = ge;
	}
	while (is_ch(p, '\'')) {
		snprintf(name + strlen(name), sizeof(name) - strlen(name), "'");
		e = p->cur.e;
		next(p);
	}
	if ((i = sym_index(p->c, name)) < 0) {
		fail(p, "too many symbols");
		return NULL;
	}
	if (!(x = mk(p, N_SYM, s)))
		return NULL;
	x->sym = i;
	x->e = e;
	/* R(r), Y(\theta, \phi): a function of bare symbols, not a product */
	if (is_ch(p, '(') && p->c->syms[i].state != S_BOUND) {
		size_t save = p->pos;
		tok t0 = p->cur;
		int bare = 1, any = 0;

		next(p);
		while (!is_ch(p, ')') && p->cur.t != T_END) {
			if (p->cur.t == T_ID)
				any = 1;
			else if (!is_ch(p, ','))
				bare = 0;
			next(p);
			if (is_ch(p, '_')) { /* r_1 */
				next(p);
				next(p);
			}
		}
		if (bare && any && is_ch(p, ')')) {
			x->e = p->cur.e;
			next(p);
		} else {
			p->pos = save;
			p->cur = t0;
		}
	}
	return x;
}

/* A group: ( ... ), [ ... ], { ... }, | ... | */
static node *parse_group(parser *p)
{
	char close = p->cur.ch == '(' ? ')' : p->cur.ch == '[' ? ']' : p->cur.ch == '{' ? '}' : '|';
	size_t s = p->cur.s;
	node *x;

	next(p);
	x = parse_expr(p);
	if (!x)
		return NULL;
	if (!is_ch(p, close)) {
		fail(p, "an unclosed '%c'", close == ')' ? '(' : close == ']' ? '[' : close == '}' ? '{' : '|');
		return NULL;
	}
	x->s = s < x->s ? s : x->s;
	x->e = p->cur.e;
	next(p);
	return x;
}

static const char *const funcs[] = { "exp", "ln", "log", "sin", "cos", "tan", "sinh", "cosh", "tanh", "arcsin",
				      "arccos", "arctan", "cot", "sec", "csc", "coth", "erf", "lg" };

static int is_func(const char *cmd)
{
	size_t k;

	for (k = 0; k < sizeof(funcs) / sizeof(funcs[0]); k++)
		if (!strcmp(cmd, funcs[k]))
			return 1;
	return 0;
}

static node *mk_func(parser *p, const char *name, node *arg, size_t s)
{
	node *x;

	if (!arg || !(x = mk(p, N_FUNC, s)))
		return NULL;
	snprintf(x->fname, sizeof(x->fname), "%s", name);
	x->a = arg;
	x->e = arg->e;
	return x;
}

/* An exponent after '^': a group, or one token (x^2, x^n; x^12 is x^1 2). */
static node *parse_exponent(parser *p)
{
	if (p->cur.t == T_NUM) {
		/* one digit only, as TeX reads it */
		size_t s = p->cur.s;
		long double v = p->s[s] - '0';

		if (!isdigit((unsigned char)p->s[s])) {
			fail(p, "a bad exponent");
			return NULL;
		}
		node *x;

		p->pos = s + 1;
		next(p);
		if ((x = mk_num(p, v, s)) != NULL)
			x->e = s + 1;
		return x;
	}
	if (is_ch(p, '{'))
		return parse_group(p);
	if (is_ch(p, '-')) {
		size_t s = p->cur.s;
		node *f, *items[2];

		next(p);
		if (!(f = parse_exponent(p)))
			return NULL;
		items[0] = mk_num(p, -1, s);
		items[1] = f;
		return items[0] ? mk_list(p, N_MUL, items, 2, s, f->e) : NULL;
	}
	return parse_factor(p);
}

static int starts_derivative(const char *g)
{
	while (isspace((unsigned char)*g))
		g++;
	if (!strncmp(g, "\\partial", 8))
		return 1;
	if (!strncmp(g, "\\mathrm{d}", 10) || !strncmp(g, "\\text{d}", 8) || !strncmp(g, "\\,d", 3))
		return 1;
	/* "d", "dx", "d^2 y", "d y": a d not part of a longer name */
	return g[0] == 'd' && (!g[1] || g[1] == '^' || isspace((unsigned char)g[1]) || isalpha((unsigned char)g[1]) ||
			       g[1] == '\\');
}

/* Sub-parse a piece of the chain text: [s, e). */
static node *parse_range(parser *p, size_t s, size_t e, node *(*fn)(parser *))
{
	size_t save_n = p->n, save_pos = p->pos;
	tok save = p->cur;
	node *x;

	p->n = e;
	p->pos = s;
	next(p);
	x = fn(p);
	if (x && p->cur.t != T_END)
		fail(p, "unexpected '%.*s'", (int)(p->cur.e - p->cur.s), p->s + p->cur.s);
	p->n = save_n;
	p->pos = save_pos;
	p->cur = save;
	return x;
}

/* After the "d"/"\partial" of a derivative: its order ("^2") and the rest. */
static size_t skip_d(const char *s, size_t i, size_t e, int *order)
{
	*order = 1;
	while (i < e && isspace((unsigned char)s[i]))
		i++;
	if (!strncmp(s + i, "\\partial", 8))
		i += 8;
	else if (!strncmp(s + i, "\\mathrm{d}", 10))
		i += 10;
	else if (!strncmp(s + i, "\\text{d}", 8))
		i += 8;
	else if (i < e && s[i] == 'd')
		i++;
	while (i < e && isspace((unsigned char)s[i]))
		i++;
	if (i < e && s[i] == '^') {
		i++;
		if (i < e && s[i] == '{')
			i++;
		if (i < e && isdigit((unsigned char)s[i]))
			*order = s[i++] - '0';
		if (i < e && s[i] == '}')
			i++;
	}
	return i;
}

/* \frac{A}{B}: a quotient, or a derivative \frac{\partial^n f}{\partial x^n},
 * \frac{d}{dx}(...) */
static node *parse_frac(parser *p)
{
	char gnum[400], gden[400];
	size_t s = p->cur.s, ns, ne, ds, de;
	node *a, *b, *x;

	next(p);
	if (raw_group(p, gnum, sizeof(gnum), &ns, &ne) < 0 || raw_group(p, gden, sizeof(gden), &ds, &de) < 0)
		return NULL;
	if (starts_derivative(gnum) && starts_derivative(gden)) {
		int order, dorder;
		size_t i = skip_d(p->s, ns, ne, &order), j = skip_d(p->s, ds, de, &dorder);
		size_t ve = de;
		node *var;

		/* the variable: "x", "x^2" (the order again), "r" */
		while (ve > j && isspace((unsigned char)p->s[ve - 1]))
			ve--;
		{
			size_t k = j;

			while (k < ve && p->s[k] != '^')
				k++;
			ve = k;
		}
		if (!(var = parse_range(p, j, ve, parse_factor)))
			return NULL;
		if (!(x = mk(p, N_DERIV, s)))
			return NULL;
		x->order = order;
		x->b = var;
		p->opaque = 1;
		snprintf(p->opaque_what, sizeof(p->opaque_what), "a derivative");
		while (i < ne && isspace((unsigned char)p->s[i]))
			i++;
		if (i < ne) {
			if (!(x->a = parse_range(p, i, ne, parse_expr)))
				return NULL;
		} else {
			/* an operator: \frac{\partial}{\partial r} applies to what follows */
			if (p->cur.t == T_END || (p->cur.t == T_CH && strchr("+-=)]}&,", p->cur.ch))) {
				fail(p, "a derivative of nothing");
				return NULL;
			}
			if (!(x->a = parse_factor(p)))
				return NULL;
		}
		x->e = x->a->e > de ? x->a->e : de + 1;
		return x;
	}
	if (!(a = parse_range(p, ns, ne, parse_expr)) || !(b = parse_range(p, ds, de, parse_expr)))
		return NULL;
	{
		node *items[2];

		items[0] = a;
		items[1] = mk_pow(p, b, mk_num(p, -1, ds));
		if (!items[1])
			return NULL;
		x = mk_list(p, N_MUL, items, 2, s, de + 1);
		/* the quotient's span is the whole \frac{..}{..} */
		return x;
	}
}

/* \mathrm{eV}, \text{cm}^{-3}: a unit when it reads as one, else a name */
static node *parse_roman(parser *p)
{
	char raw[80], name[NAME_LEN];
	size_t s = p->cur.s, gs, ge;
	qu_unit un;
	node *x;
	int i;

	next(p);
	if (raw_group(p, raw, sizeof(raw), &gs, &ge) < 0)
		return NULL;
	clean_sub(raw, name, sizeof(name));
	if (name[0] && query_units_parse(p->c->u, name, strlen(name), &un) == 0 && !qu_dim_is_none(&un.dim)) {
		char uname[NAME_LEN];

		snprintf(uname, sizeof(uname), "unit:%s", name);
		if ((i = sym_index(p->c, uname)) < 0 || !(x = mk(p, N_UNIT, s))) {
			fail(p, "too many symbols");
			return NULL;
		}
		x->sym = i;
		x->udim = dim_of_qu(&un.dim);
		x->udim.rank = 0;
		x->uscale = un.scale;
		/* a unit is a fixed value in the steps, as a constant is */
		p->c->syms[i].constant = 1;
		p->c->syms[i].value = un.scale;
		x->e = ge + 1;
		return x;
	}
	pk_error_clear();
	if ((i = sym_index(p->c, name[0] ? name : "?")) < 0 || !(x = mk(p, N_SYM, s))) {
		fail(p, "too many symbols");
		return NULL;
	}
	x->sym = i;
	x->e = ge + 1;
	return x;
}

static node *parse_primary(parser *p)
{
	size_t s = p->cur.s;
	node *x;

	if (p->cur.t == T_NUM) {
		x = mk_num(p, p->cur.num, s);
		if (x) {
			x->e = p->cur.e;
			x->approx = memchr(p->s + p->cur.s, '.', p->cur.e - p->cur.s) != NULL;
		}
		next(p);
		return x;
	}
	if (p->cur.t == T_ID) {
		/* e^{x}: the exponential, unless a plain power of the charge (e^2) */
		if (!strcmp(p->cur.text, "e") && p->cur.e < p->n && p->s[p->cur.e] == '^') {
			size_t q = p->cur.e + 1;

			while (q < p->n && (p->s[q] == '{' || isspace((unsigned char)p->s[q]) || p->s[q] == '-' || p->s[q] == '+'))
				q++;
			/* e^{x}, e^{-E/kT}: the exponential; e^2, e^{-3}: powers of the charge */
			if (q < p->n && !isdigit((unsigned char)p->s[q])) {
				node *ex;

				next(p); /* e */
				next(p); /* ^ */
				if (!(ex = parse_exponent(p)))
					return NULL;
				return mk_func(p, "exp", ex, s);
			}
		}
		return parse_symbol(p, "");
	}
	if (p->cur.t == T_CH && (p->cur.ch == '(' || p->cur.ch == '[' || p->cur.ch == '{' || p->cur.ch == '|')) {
		int absval = p->cur.ch == '|';

		x = parse_group(p);
		return absval && x ? mk_func(p, "abs", x, s) : x;
	}
	if (p->cur.t == T_CMD) {
		const char *c = p->cur.text;

		if (!strcmp(c, "frac") || !strcmp(c, "dfrac") || !strcmp(c, "tfrac"))
			return parse_frac(p);
		if (!strcmp(c, "sqrt")) {
			node *root = NULL, *arg;

			next(p);
			if (is_ch(p, '[')) {
				next(p);
				root = parse_expr(p);
				if (!is_ch(p, ']')) {
					fail(p, "an unclosed \\sqrt[");
					return NULL;
				}
				next(p);
			}
			if (!(arg = parse_factor(p)))
				return NULL;
			if (root && root->kind == N_NUM && root->num != 0)
				return mk_pow(p, arg, mk_num(p, 1.0L / root->num, s));
			if (root) {
				fail(p, "a root of a non-numeric order");
				return NULL;
			}
			return mk_pow(p, arg, mk_num(p, 0.5L, s));
		}
		if (is_func(c)) {
			char name[12];
			node *power = NULL, *arg;

			snprintf(name, sizeof(name), "%.11s", c);
			next(p);
			if (is_ch(p, '^')) {
				next(p);
				if (!(power = parse_exponent(p)))
					return NULL;
			}
			if (is_ch(p, '(') || is_ch(p, '[') || is_ch(p, '{'))
				arg = parse_group(p);
			else
				arg = parse_factor(p);
			if (!(x = mk_func(p, name, arg, s)))
				return NULL;
			return power ? mk_pow(p, x, power) : x;
		}
		if (!strcmp(c, "mathrm") || !strcmp(c, "text") || !strcmp(c, "textrm") || !strcmp(c, "operatorname") ||
		    !strcmp(c, "mathit") || !strcmp(c, "rm"))
			return parse_roman(p);
		if (!strcmp(c, "vec") || !strcmp(c, "mathbf") || !strcmp(c, "boldsymbol") || !strcmp(c, "bm")) {
			char raw[64], name[NAME_LEN], full[NAME_LEN + 8];
			size_t gs, ge;
			int i;

			next(p);
			if (raw_group(p, raw, sizeof(raw), &gs, &ge) < 0)
				return NULL;
			clean_sub(raw, name, sizeof(name));
			snprintf(full, sizeof(full), "vec %s", name);
			if ((i = sym_index(p->c, full)) < 0 || !(x = mk(p, N_SYM, s))) {
				fail(p, "too many symbols");
				return NULL;
			}
			x->sym = i;
			x->e = ge + 1;
			if (is_ch(p, '_')) { /* \vec{E}_0 */
				next(p);
				if (raw_group(p, raw, sizeof(raw), &gs, &ge) < 0)
					return NULL;
			}
			return x;
		}
		if (!strcmp(c, "hat") && p->pos + 3 <= p->n && p->s[p->pos] == '{' && p->s[p->pos + 2] == '}' &&
		    strchr("xyzrn", p->s[p->pos + 1])) {
			/* \hat{r}, \hat{x}: a unit vector of a coordinate (\hat{H} stays an operator) */
			char full[NAME_LEN];
			int i;

			snprintf(full, sizeof(full), "unitvec %c", p->s[p->pos + 1]);
			p->pos += 3;
			next(p);
			if ((i = sym_index(p->c, full)) < 0 || !(x = mk(p, N_SYM, s))) {
				fail(p, "too many symbols");
				return NULL;
			}
			x->sym = i;
			x->e = p->cur.s;
			if (!p->c->syms[i].state) {
				p->c->syms[i].state = S_BOUND;
				p->c->syms[i].looked = 1;
				p->c->syms[i].dim = dx_none();
				p->c->syms[i].dim.rank = 1;
				snprintf(p->c->syms[i].origin, sizeof(p->c->syms[i].origin), "a unit vector (\\hat)");
			}
			return x;
		}
		if (!strcmp(c, "hat") || !strcmp(c, "bar") || !strcmp(c, "tilde") || !strcmp(c, "dot") || !strcmp(c, "ddot")) {
			char raw[64], name[NAME_LEN], full[NAME_LEN + 8];
			size_t gs, ge;
			int i;

			snprintf(full, sizeof(full), "%s ", c);
			next(p);
			if (raw_group(p, raw, sizeof(raw), &gs, &ge) < 0)
				return NULL;
			clean_sub(raw, name, sizeof(name));
			snprintf(full + strlen(full), sizeof(full) - strlen(full), "%s", name);
			if ((i = sym_index(p->c, full)) < 0 || !(x = mk(p, N_SYM, s))) {
				fail(p, "too many symbols");
				return NULL;
			}
			x->sym = i;
			x->e = ge + 1;
			return x;
		}
		if (!strcmp(c, "pi")) {
			next(p);
			x = mk_num(p, 3.14159265358979323846264338327950288L, s);
			if (x)
				x->e = s + 3;
			return x;
		}
		if (!strcmp(c, "partial")) {
			/* \partial_x f, \partial f/\partial x read as a quotient elsewhere */
			node *var = NULL;

			next(p);
			if (is_ch(p, '_')) {
				next(p);
				if (!(var = parse_factor(p)))
					return NULL;
			}
			if (!(x = mk(p, N_DERIV, s)))
				return NULL;
			x->order = 1;
			x->b = var;
			p->opaque = 1;
			snprintf(p->opaque_what, sizeof(p->opaque_what), "a derivative");
			if (!(x->a = parse_factor(p)))
				return NULL;
			x->e = x->a->e;
			return x;
		}
		if (!strcmp(c, "nabla")) {
			int order = 1, kind = N_NABLA;

			next(p);
			if (is_ch(p, '^')) {
				node *o;

				next(p);
				if (!(o = parse_exponent(p)))
					return NULL;
				order = o->kind == N_NUM ? (int)o->num : 1;
			}
			if (is_cmd(p, "cdot")) {
				kind = N_DOT; /* divergence */
				next(p);
			} else if (is_cmd(p, "times")) {
				kind = N_CROSS; /* curl */
				next(p);
			}
			if (!(x = mk(p, N_NABLA, s)))
				return NULL;
			x->order = kind == N_NABLA ? order : -kind;
			p->opaque = 1;
			snprintf(p->opaque_what, sizeof(p->opaque_what), "a derivative (\\nabla)");
			if (!(x->a = parse_factor(p)))
				return NULL;
			x->e = x->a->e;
			return x;
		}
		if (!strcmp(c, "sum") || !strcmp(c, "prod") || !strcmp(c, "int") || !strcmp(c, "iint") ||
		    !strcmp(c, "iiint") || !strcmp(c, "oint") || !strcmp(c, "lim")) {
			int is_sum = !strcmp(c, "sum");

			p->opaque = 1;
			snprintf(p->opaque_what, sizeof(p->opaque_what), "%s", is_sum ? "a sum" : !strcmp(c, "lim") ? "a limit"
				 : !strcmp(c, "prod") ? "a product" : "an integral");
			next(p);
			/* limits: _{..} ^{..} */
			while (is_ch(p, '_') || is_ch(p, '^')) {
				char raw[200];
				size_t gs, ge;

				next(p);
				if (raw_group(p, raw, sizeof(raw), &gs, &ge) < 0)
					return NULL;
			}
			if (!(x = mk(p, is_sum ? N_SUM : N_OPAQUE, s)))
				return NULL;
			if (!(x->a = parse_term(p)))
				return NULL;
			x->e = x->a->e;
			return x;
		}
		if (!strcmp(c, "infty")) {
			next(p);
			return mk(p, N_OPAQUE, s);
		}
		fail(p, "\\%s is not read", c);
		return NULL;
	}
	if (p->cur.t == T_END)
		fail(p, "a formula that ends early");
	else
		fail(p, "unexpected '%.*s'", (int)(p->cur.e - p->cur.s), p->s + p->cur.s);
	return NULL;
}

/* primary, then ^exponent, _subscript (of a group: ignored), !, ' */
#define DEPTH_MAX 48

static node *parse_factor(parser *p)
{
	node *x;

	if (++p->depth > DEPTH_MAX) {
		fail(p, "nested more than %d deep", DEPTH_MAX);
		p->depth--;
		return NULL;
	}
	x = parse_primary(p);
	p->depth--;

	while (x && !p->err) {
		if (is_ch(p, '^')) {
			node *ex;

			if (p->cur.text[1] == 'S') { /* ² */
				ex = mk_num(p, p->cur.num, p->cur.s);
				next(p);
			} else {
				next(p);
				ex = parse_exponent(p);
			}
			x = mk_pow(p, x, ex);
		} else if (is_ch(p, '_')) {
			char raw[64];
			size_t gs, ge;

			next(p);
			if (raw_group(p, raw, sizeof(raw), &gs, &ge) < 0)
				return NULL;
		} else if (is_ch(p, '!')) {
			x = mk_func(p, "fact", x, x->s);
			next(p);
		} else {
			break;
		}
	}
	return x;
}

static int starts_factor(const parser *p)
{
	if (p->cur.t == T_NUM || p->cur.t == T_ID)
		return 1;
	if (p->cur.t == T_CH)
		return p->cur.ch == '(' || p->cur.ch == '[' || p->cur.ch == '{';
	if (p->cur.t == T_CMD) {
		const char *c = p->cur.text;

		return strcmp(c, "cdot") && strcmp(c, "times") && strcmp(c, "approx") && strcmp(c, "simeq") &&
		       strcmp(c, "sim") && strcmp(c, "propto") && strcmp(c, "le") && strcmp(c, "leq") && strcmp(c, "ge") &&
		       strcmp(c, "geq") && strcmp(c, "neq") && strcmp(c, "equiv") && strcmp(c, "pm") && strcmp(c, "mp") &&
		       strcmp(c, "ll") && strcmp(c, "gg") && strcmp(c, "to") && strcmp(c, "rightarrow") &&
		       strcmp(c, "Rightarrow") && strcmp(c, "quad") && strcmp(c, "cdots") && strcmp(c, "ldots") &&
		       strcmp(c, "dots");
	}
	return 0;
}

/* factors multiplied: explicit (*, \cdot, \times, /) or side by side.
 * "a/bc" is read two ways, a/(bc) as physics writes E/k_B T and (a/b)c as
 * 1/2 m v^2: an N_AMBIG holding both, decided only where they agree. */
static node *parse_term(parser *p)
{
	node *items[64], *alt[64];
	size_t n = 0, s = p->cur.s, e = s;
	int after_slash = 0, ambiguous = 0;

	for (;;) {
		int inverse = 0, cross = 0, dot = 0, implicit = 0;
		node *f, *g;

		if (n) {
			if (is_ch(p, '*')) {
				next(p);
			} else if (is_cmd(p, "cdot")) {
				dot = 1;
				next(p);
			} else if (is_cmd(p, "times")) {
				cross = 1;
				next(p);
			} else if (is_ch(p, '/')) {
				inverse = 1;
				next(p);
			} else if (!starts_factor(p)) {
				break;
			} else {
				implicit = 1;
			}
		}
		if (!(f = parse_factor(p)))
			return NULL;
		g = f;
		if (inverse && !(f = g = mk_pow(p, f, mk_num(p, -1, f->s))))
			return NULL;
		if (implicit && after_slash) {
			/* the other reading: this factor divides too */
			if (!(g = mk_pow(p, f, mk_num(p, -1, f->s))))
				return NULL;
			ambiguous = 1;
		} else if (!implicit) {
			/* 1/2 m v^2: a number over a number is a fraction, not a divisor of what follows */
			after_slash = inverse && !(f->kind == N_POW && f->a->kind == N_NUM);
		}
		if ((dot || cross) && n) {
			/* a \cdot b of vectors is a scalar, a \times b a vector; of
			 * scalars an ordinary product: decided when dimensions are */
			node *d = mk(p, dot ? N_DOT : N_CROSS, items[n - 1]->s), *d2 = mk(p, dot ? N_DOT : N_CROSS, alt[n - 1]->s);

			if (!d || !d2)
				return NULL;
			d->a = items[n - 1];
			d->b = f;
			d->e = f->e;
			d2->a = alt[n - 1];
			d2->b = g;
			d2->e = g->e;
			items[n - 1] = d;
			alt[n - 1] = d2;
		} else {
			if (n == sizeof(items) / sizeof(items[0])) {
				fail(p, "a product of too many factors");
				return NULL;
			}
			items[n] = f;
			alt[n++] = g;
		}
		e = f->e;
	}
	if (ambiguous) {
		node *x = mk(p, N_AMBIG, s);

		if (!x || !(x->a = mk_list(p, N_MUL, items, n, s, e)) || !(x->b = mk_list(p, N_MUL, alt, n, s, e)))
			return NULL;
		x->e = e;
		return x;
	}
	return mk_list(p, N_MUL, items, n, s, e);
}

/* terms added: a leading sign, + and - (\pm read as +) */
static node *parse_expr(parser *p)
{
	node *items[64];
	size_t n = 0, s = p->cur.s, e = s;

	for (;;) {
		int neg = 0;
		node *t;

		if (is_ch(p, '+') || is_cmd(p, "pm") || is_cmd(p, "mp")) {
			next(p);
		} else if (is_ch(p, '-')) {
			neg = 1;
			next(p);
		} else if (n) {
			break;
		}
		if (!(t = parse_term(p)))
			return NULL;
		if (neg) {
			node *pair[2];

			pair[0] = mk_num(p, -1, t->s);
			pair[1] = t;
			if (!pair[0] || !(t = mk_list(p, N_MUL, pair, 2, t->s, t->e)))
				return NULL;
		}
		if (n == sizeof(items) / sizeof(items[0])) {
			fail(p, "a sum of too many terms");
			return NULL;
		}
		items[n++] = t;
		e = t->e;
		if (!(is_ch(p, '+') || is_ch(p, '-') || is_cmd(p, "pm") || is_cmd(p, "mp")))
			break;
	}
	return mk_list(p, N_ADD, items, n, s, e);
}

/* ---- relations and chains ---------------------------------------------------- */

enum { R_EQ, R_APPROX, R_PROP, R_SIM, R_INEQ, R_NONE };

static int relation(parser *p)
{
	if (is_ch(p, '='))
		return R_EQ;
	if (is_ch(p, '<') || is_ch(p, '>'))
		return R_INEQ;
	if (p->cur.t != T_CMD)
		return R_NONE;
	if (!strcmp(p->cur.text, "equiv") || !strcmp(p->cur.text, "coloneqq"))
		return R_EQ;
	if (!strcmp(p->cur.text, "approx") || !strcmp(p->cur.text, "simeq") || !strcmp(p->cur.text, "cong"))
		return R_APPROX;
	if (!strcmp(p->cur.text, "propto"))
		return R_PROP;
	if (!strcmp(p->cur.text, "sim"))
		return R_SIM;
	if (!strcmp(p->cur.text, "le") || !strcmp(p->cur.text, "leq") || !strcmp(p->cur.text, "ge") ||
	    !strcmp(p->cur.text, "geq") || !strcmp(p->cur.text, "ll") || !strcmp(p->cur.text, "gg") ||
	    !strcmp(p->cur.text, "neq"))
		return R_INEQ;
	return R_NONE;
}

/* ---- dimensions of trees -------------------------------------------------------- */

typedef struct judge {
	parser *p;
	int bad;                /* a decided inconsistency was found */
	int undecided;          /* a comparison could not be decided */
	char why[600];
	char undecided_why[160]; /* when not for unbound symbols */
} judge;

static void fmt_dim(const ctx *c, const dimx *d, char *out, size_t cap)
{
	static const char *const base[QU_NDIM] = { "m", "kg", "s", "A", "K", "mol", "cd" };
	size_t k, len = 0;
	int any = 0;

	out[0] = '\0';
	if (!d->ok) {
		snprintf(out, cap, "?");
		return;
	}
	for (k = 0; k < QU_NDIM && len < cap; k++) {
		if (!d->b[k])
			continue;
		if (d->b[k] == 2)
			len += (size_t)snprintf(out + len, cap - len, "%s%s", any ? " " : "", base[k]);
		else if (d->b[k] % 2 == 0)
			len += (size_t)snprintf(out + len, cap - len, "%s%s^%d", any ? " " : "", base[k], d->b[k] / 2);
		else
			len += (size_t)snprintf(out + len, cap - len, "%s%s^%g", any ? " " : "", base[k], d->b[k] / 2.0);
		any = 1;
	}
	for (k = 0; k < (size_t)d->ns && len < cap; k++) {
		const char *nm = c->syms[d->s[k].sym].name;

		if (d->s[k].e == 2)
			len += (size_t)snprintf(out + len, cap - len, "%s[%s]", any ? " " : "", nm);
		else
			len += (size_t)snprintf(out + len, cap - len, "%s[%s]^%g", any ? " " : "", nm, d->s[k].e / 2.0);
		any = 1;
	}
	if (!any && len < cap)
		snprintf(out, cap, "1");
	if (d->rank == 1 && strlen(out) + 10 < cap)
		snprintf(out + strlen(out), cap - strlen(out), " (vector)");
}

static void quote(const parser *p, const node *x, char *out, size_t cap)
{
	size_t s = x->s, e = x->e > p->n ? p->n : x->e, l;

	while (s < e && isspace((unsigned char)p->s[s]))
		s++;
	l = e > s ? e - s : 0;
	if (l > 70) {
		l = pk_utf8_cut(p->s + s, l, 67);
		snprintf(out, cap, "%.*s...", (int)l, p->s + s);
	} else {
		snprintf(out, cap, "%.*s", (int)l, p->s + s);
	}
}

static void mismatch(judge *j, const char *what, const node *a, const dimx *da, const node *b, const dimx *db)
{
	char qa[100], qb[100], fa[120], fb[120];

	if (j->bad)
		return;
	j->bad = 1;
	if (b && da->rank >= 0 && db->rank >= 0 && da->rank != db->rank)
		what = "a vector against a scalar";
	quote(j->p, a, qa, sizeof(qa));
	fmt_dim(j->p->c, da, fa, sizeof(fa));
	if (b) {
		quote(j->p, b, qb, sizeof(qb));
		fmt_dim(j->p->c, db, fb, sizeof(fb));
		snprintf(j->why, sizeof(j->why), "%s: %s is %s but %s is %s", what, qa, fa, qb, fb);
	} else {
		snprintf(j->why, sizeof(j->why), "%s: %s is %s, not a pure number", what, qa, fa);
	}
}

static dimx dim_tree(judge *j, const node *x);
struct draw;
static long double eval(const node *x, const struct draw *d);

/* Numbers only (2, 1/2, -3): its value, folded */
static int is_const(const node *x)
{
	size_t i;

	if (x->kind == N_NUM)
		return 1;
	/* "9.109 \times 10^{-31}": numbers crossed or dotted are multiplied */
	if (x->kind != N_MUL && x->kind != N_ADD && x->kind != N_POW && x->kind != N_CROSS && x->kind != N_DOT)
		return 0;
	if ((x->a && !is_const(x->a)) || (x->b && !is_const(x->b)))
		return 0;
	for (i = 0; i < x->nk; i++)
		if (!is_const(x->k[i]))
			return 0;
	return 1;
}

/* must be a pure number (the argument of exp, ln, sin; an exponent) */
static void pure(judge *j, const node *x, const dimx *d, const char *what)
{
	dimx one = dx_none();
	int r;

	one.rank = 0;
	r = dx_cmp(d, &one);
	if (r == D_NE && d->ok)
		mismatch(j, what, x, d, NULL, NULL);
	else if (r == D_UNDECIDED)
		j->undecided = 1;
}

static dimx dim_tree(judge *j, const node *x)
{
	ctx *c = j->p->c;
	dimx d, e;
	size_t i;

	switch (x->kind) {
	case N_NUM:
		d = dx_none();
		return d;
	case N_SYM:
		d = sym_dim(c, x->sym);
		if (!strncmp(c->syms[x->sym].name, "vec ", 4))
			d.rank = 1;
		return d;
	case N_UNIT:
		c->syms[x->sym].used = 1;
		return x->udim;
	case N_MUL:
		d = dx_none();
		for (i = 0; i < x->nk; i++) {
			e = dim_tree(j, x->k[i]);
			d = dx_mul(d, &e);
		}
		return d;
	case N_ADD: {
		dimx first = dim_tree(j, x->k[0]);
		int undecided = 0;

		for (i = 1; i < x->nk; i++) {
			e = dim_tree(j, x->k[i]);
			switch (dx_cmp(&first, &e)) {
			case D_NE: mismatch(j, "added terms differ in dimension", x->k[0], &first, x->k[i], &e); break;
			case D_UNDECIDED: undecided = 1; break;
			default: break;
			}
		}
		if (undecided) {
			j->undecided = 1;
			return dx_unknown();
		}
		return first;
	}
	case N_POW: {
		dimx base = dim_tree(j, x->a);

		if (is_const(x->b)) /* x^2, x^{-1}, x^{1/2} */
			return dx_pow(base, (double)eval(x->b, NULL));
		e = dim_tree(j, x->b);
		pure(j, x->b, &e, "an exponent must be a pure number");
		pure(j, x->a, &base, "a power with a symbolic exponent needs a dimensionless base");
		return dx_none();
	}
	case N_FUNC:
		e = dim_tree(j, x->a);
		if (!strcmp(x->fname, "abs"))
			return e;
		if (!strcmp(x->fname, "fact")) {
			pure(j, x->a, &e, "a factorial needs a pure number");
			return dx_none();
		}
		{
			char what[80];

			snprintf(what, sizeof(what), "\\%s of a dimensioned argument", x->fname);
			pure(j, x->a, &e, what);
		}
		d = dx_none();
		d.rank = 0;
		return d;
	case N_DERIV: {
		dimx v;

		d = dim_tree(j, x->a);
		if (!x->b)
			return dx_unknown();
		v = dim_tree(j, x->b);
		v = dx_pow(v, -(double)x->order);
		return dx_mul(d, &v);
	}
	case N_NABLA: {
		dimx inv;

		d = dim_tree(j, x->a);
		/* \nabla is a derivative in space: 1/m per order */
		inv = dx_none();
		inv.b[0] = x->order > 0 ? -2 * x->order : -2;
		inv.rank = 0;
		d = dx_mul(d, &inv);
		if (x->order == 1)
			d.rank = d.rank == 0 ? 1 : -1; /* a gradient */
		else if (x->order == -N_DOT)
			d.rank = 0; /* a divergence */
		return d;
	}
	case N_SUM:
		return dim_tree(j, x->a);
	case N_AMBIG: {
		/* a/bc: one dimension only if both readings give it */
		judge ja = *j, jb = *j;
		dimx a = dim_tree(&ja, x->a), b = dim_tree(&jb, x->b);

		if (dx_cmp(&a, &b) == D_EQ && !ja.bad && !jb.bad) {
			j->undecided |= ja.undecided | jb.undecided;
			return a;
		}
		j->undecided = 1;
		if (!j->undecided_why[0]) {
			char q[100];

			quote(j->p, x, q, sizeof(q));
			snprintf(j->undecided_why, sizeof(j->undecided_why), "%s can be read as a/(b c) or (a/b) c, which differ",
				 q);
		}
		return dx_unknown();
	}
	case N_DOT:
	case N_CROSS: {
		dimx a = dim_tree(j, x->a), b = dim_tree(j, x->b);

		d = dx_mul(a, &b);
		if (a.rank == 1 && b.rank == 1)
			d.rank = x->kind == N_DOT ? 0 : 1;
		else if (a.rank == 0 && b.rank == 0)
			d.rank = 0;
		else
			d.rank = -1;
		return d;
	}
	default:
		if (x->a)
			(void)dim_tree(j, x->a);
		return dx_unknown();
	}
}

/* ---- numeric steps ------------------------------------------------------------------ */

static uint64_t mix(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ULL;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

typedef struct draw {
	long double v[SYMS_MAX];
} draw;

/* d may be NULL for a tree of numbers only */
static long double eval(const node *x, const draw *d)
{
	long double a, b;
	size_t i;

	switch (x->kind) {
	case N_NUM: return x->num;
	case N_UNIT: return x->uscale;
	case N_SYM: return d ? d->v[x->sym] : NAN;
	case N_MUL:
		for (a = 1, i = 0; i < x->nk; i++)
			a *= eval(x->k[i], d);
		return a;
	case N_ADD:
		for (a = 0, i = 0; i < x->nk; i++)
			a += eval(x->k[i], d);
		return a;
	case N_POW:
		a = eval(x->a, d);
		b = eval(x->b, d);
		return powl(a, b);
	case N_DOT:
	case N_CROSS:
		return eval(x->a, d) * eval(x->b, d);
	case N_AMBIG:
		a = eval(x->a, d);
		b = eval(x->b, d);
		return fabsl(a - b) <= 1e-12L * fmaxl(fabsl(a), fabsl(b)) ? a : NAN;
	case N_FUNC:
		a = eval(x->a, d);
		if (!strcmp(x->fname, "exp")) return expl(a);
		if (!strcmp(x->fname, "ln") || !strcmp(x->fname, "log")) return logl(a);
		if (!strcmp(x->fname, "lg")) return log10l(a);
		if (!strcmp(x->fname, "sin")) return sinl(a);
		if (!strcmp(x->fname, "cos")) return cosl(a);
		if (!strcmp(x->fname, "tan")) return tanl(a);
		if (!strcmp(x->fname, "sinh")) return sinhl(a);
		if (!strcmp(x->fname, "cosh")) return coshl(a);
		if (!strcmp(x->fname, "tanh")) return tanhl(a);
		if (!strcmp(x->fname, "coth")) return 1 / tanhl(a);
		if (!strcmp(x->fname, "cot")) return 1 / tanl(a);
		if (!strcmp(x->fname, "sec")) return 1 / cosl(a);
		if (!strcmp(x->fname, "csc")) return 1 / sinl(a);
		if (!strcmp(x->fname, "arcsin")) return asinl(a);
		if (!strcmp(x->fname, "arccos")) return acosl(a);
		if (!strcmp(x->fname, "arctan")) return atanl(a);
		if (!strcmp(x->fname, "abs")) return fabsl(a);
		if (!strcmp(x->fname, "erf")) return erfl(a);
		if (!strcmp(x->fname, "fact")) return tgammal(a + 1);
		return NAN;
	default: return NAN;
	}
}

static void used_syms(const node *x, unsigned char *set)
{
	size_t i;

	if (x->kind == N_SYM || x->kind == N_UNIT)
		set[x->sym] = 1;
	if (x->a)
		used_syms(x->a, set);
	if (x->b)
		used_syms(x->b, set);
	for (i = 0; i < x->nk; i++)
		used_syms(x->k[i], set);
}

/* Does a node of the tree satisfy pred? */
static int any_node(const node *x, int (*pred)(const node *))
{
	size_t i;

	if (pred(x) || (x->a && any_node(x->a, pred)) || (x->b && any_node(x->b, pred)))
		return 1;
	for (i = 0; i < x->nk; i++)
		if (any_node(x->k[i], pred))
			return 1;
	return 0;
}

/* a number written with decimals (rounded) */
static int approx_num(const node *x)
{
	return x->kind == N_NUM && x->approx;
}

/* a/b c, read two ways */
static int ambiguous(const node *x)
{
	return x->kind == N_AMBIG;
}

/* a derivative, integral, sum or limit: no value at a draw */
static int opaque(const node *x)
{
	return x->kind == N_DERIV || x->kind == N_NABLA || x->kind == N_SUM || x->kind == N_OPAQUE;
}

/* 1 holds, 0 breaks (why says where), -1 not judged (why says why) */
static int check_step(parser *p, const node *a, const node *b, int rel, uint64_t seed, char *why, size_t cap)
{
	unsigned char sa[SYMS_MAX] = { 0 }, sb[SYMS_MAX] = { 0 };
	int i, k, finite = 0;
	long double tol = 1e-9L;

	if (rel != R_EQ) {
		snprintf(why, cap, "%s", rel == R_APPROX ? "an approximation (\\approx)" : rel == R_PROP ? "a proportionality"
			 : rel == R_SIM ? "an order of magnitude (\\sim)" : "an inequality");
		return -1;
	}
	if (any_node(a, opaque) || any_node(b, opaque)) {
		snprintf(why, cap, "%s", p->opaque_what[0] ? p->opaque_what : "an operator");
		return -1;
	}
	if (any_node(a, ambiguous) || any_node(b, ambiguous)) {
		snprintf(why, cap, "a/b c can be read as a/(b c) or (a/b) c");
		return -1;
	}
	if (any_node(a, approx_num) || any_node(b, approx_num)) {
		snprintf(why, cap, "a rounded number (a numerical value, not algebra)");
		return -1;
	}
	used_syms(a, sa);
	used_syms(b, sb);
	/* the constants of the graph and units are fixed values, not free:
	 * they agree with each other (a_0 = 4 pi eps_0 hbar^2 / m_e e^2) to
	 * their published uncertainties and digits, so a looser tolerance */
	{
		int free_a = 0;

		for (i = 0; i < p->c->nsyms; i++) {
			if (p->c->syms[i].constant && (sa[i] || sb[i]))
				tol = 1e-7L;
			if (p->c->syms[i].constant)
				sa[i] = sb[i] = 0;
			free_a |= sa[i];
		}
		for (i = 0; i < p->c->nsyms; i++)
			if (sa[i] != sb[i]) {
				snprintf(why, cap, "it substitutes a relation (%s on one side only)", p->c->syms[i].name);
				return -1;
			}
		if (!free_a) {
			snprintf(why, cap, "a numerical value, not a step of algebra");
			return -1;
		}
	}
	for (k = 0; k < DRAWS; k++) {
		draw d;
		long double l, r;

		for (i = 0; i < p->c->nsyms; i++)
			d.v[i] = p->c->syms[i].constant ? p->c->syms[i].value
				 : 0.5L + 2.0L * (long double)(mix(seed ^ ((uint64_t)k << 32) ^ (uint64_t)i * 7919) >> 11) /
					  (long double)(1ULL << 53);
		l = eval(a, &d);
		r = eval(b, &d);
		if (!isfinite(l) || !isfinite(r))
			continue;
		finite++;
		if (fabsl(l - r) > tol * fmaxl(fabsl(l), fabsl(r)) + 1e-300L) {
			size_t len = (size_t)snprintf(why, cap, "fails at");
			int shown = 0;

			for (i = 0; i < p->c->nsyms && len < cap; i++)
				if (sa[i] && shown++ < 6)
					len += (size_t)snprintf(why + len, cap - len, "%s %s=%.4Lg", shown > 1 ? "," : "",
								!strncmp(p->c->syms[i].name, "unit:", 5) ? p->c->syms[i].name + 5
								: p->c->syms[i].name, d.v[i]);
			if (len < cap)
				snprintf(why + len, cap - len, ": %.6Lg against %.6Lg", l, r);
			return 0;
		}
	}
	if (!finite) {
		snprintf(why, cap, "no draw gives a finite value");
		return -1;
	}
	return 1;
}

/* ---- the text's own bindings -------------------------------------------------------- */

/* A math-ish symbol token ending at text[e): "$E$", "E_b", "\mu", "μ",
 * "n"; its canonical name into out. 0 if what precedes is a word. */
static int symbol_before(ctx *c, const char *s, size_t e, char *out, size_t cap)
{
	size_t b = e, i;
	char raw[64];
	parser p;
	ctx *one = c->scratch;
	node pool[8];
	node *kp[4];

	while (b > 0 && (s[b - 1] == '$' || s[b - 1] == ' '))
		b--;
	e = b;
	while (b > 0 && e - b < 40 && !isspace((unsigned char)s[b - 1]) && s[b - 1] != '(' && s[b - 1] != ',' &&
	       s[b - 1] != '$')
		b--;
	if (e <= b || e - b >= sizeof(raw))
		return 0;
	snprintf(raw, sizeof(raw), "%.*s", (int)(e - b), s + b);
	/* a word of prose is no symbol: at most one letter before any '_', or a command or Greek letter */
	for (i = 0; raw[i] && raw[i] != '_'; i++)
		;
	if (raw[0] != '\\' && !((unsigned char)raw[0] >= 0x80) && i > 1)
		return 0;
	/* the parser's own reading of a symbol, on a table of its own */
	one->nsyms = 0;
	parser_init(&p, one, raw, strlen(raw), pool, sizeof(pool) / sizeof(pool[0]), kp, sizeof(kp) / sizeof(kp[0]));
	if (p.cur.t != T_ID || !parse_symbol(&p, "") || p.err || p.cur.t != T_END || one->nsyms != 1)
		return 0;
	snprintf(out, cap, "%s", one->syms[0].name);
	return 1;
}

/* what a noun tells of a symbol's dimension; vec: it may be a vector (its
 * rank is left open) */
static const struct { const char *word; int b[QU_NDIM]; int none; int vec; } meanings[] = {
	/* longer phrases first */
	{ "relative permittivity", { 0 }, 1, 0 }, { "dielectric constant", { 0 }, 1, 0 }, { "refractive index", { 0 }, 1, 0 },
	{ "quantum number", { 0 }, 1, 0 }, { "azimuthal angle", { 0 }, 1, 0 }, { "polar angle", { 0 }, 1, 0 },
	{ "reduced mass", { 0, 2 }, 0, 0 }, { "effective mass", { 0, 2 }, 0, 0 }, { "binding energy", { 4, 2, -4 }, 0, 0 },
	{ "kinetic energy", { 4, 2, -4 }, 0, 0 }, { "wave vector", { -2 }, 0, 1 }, { "wavenumber", { -2 }, 0, 1 },
	{ "wavelength", { 2 }, 0, 0 }, { "angular frequency", { 0, 0, -2 }, 0, 0 }, { "frequency", { 0, 0, -2 }, 0, 0 },
	{ "momentum", { 2, 2, -2 }, 0, 1 }, { "velocity", { 2, 0, -2 }, 0, 1 }, { "speed", { 2, 0, -2 }, 0, 1 },
	{ "acceleration", { 2, 0, -4 }, 0, 1 }, { "force", { 2, 2, -4 }, 0, 1 }, { "energy", { 4, 2, -4 }, 0, 0 },
	{ "mass", { 0, 2 }, 0, 0 }, { "radius", { 2 }, 0, 0 }, { "distance", { 2 }, 0, 0 }, { "length", { 2 }, 0, 0 },
	{ "thickness", { 2 }, 0, 0 }, { "width", { 2 }, 0, 0 }, { "height", { 2 }, 0, 0 }, { "displacement", { 2 }, 0, 1 },
	{ "lifetime", { 0, 0, 2 }, 0, 0 }, { "period", { 0, 0, 2 }, 0, 0 }, { "time", { 0, 0, 2 }, 0, 0 },
	{ "temperature", { 0, 0, 0, 0, 2 }, 0, 0 }, { "charge", { 0, 0, 2, 2 }, 0, 0 }, { "current", { 0, 0, 0, 2 }, 0, 0 },
	{ "angle", { 0 }, 1, 0 }, { "integer", { 0 }, 1, 0 }, { "ratio", { 0 }, 1, 0 }, { "number", { 0 }, 1, 0 },
};

static void bind_text(ctx *c, const char *name, const dimx *d, const char *origin)
{
	int i = sym_index(c, name);

	if (i < 0)
		return;
	if (c->syms[i].state == S_BOUND) {
		/* bound already; "X in UNIT" still says it may be a number of that unit */
		if (d && !strncmp(origin, "the text: in ", 13))
			c->syms[i].by_unit = 1;
		return;
	}
	c->syms[i].looked = 1;
	if (d) {
		c->syms[i].state = S_BOUND;
		c->syms[i].dim = *d;
		c->syms[i].by_unit = !strncmp(origin, "the text: in ", 13);
	} else {
		c->syms[i].state = S_DEFINED;
	}
	snprintf(c->syms[i].origin, sizeof(c->syms[i].origin), "%s", origin);
}

/* "E in eV", "$n$ in cm$^{-3}$", "where \mu is the reduced mass", "and v
 * the velocity", "in spherical coordinates": the text's own words. */
/* Does the text (not NUL-terminated) hold lit at i? */
static int text_at(const char *s, size_t n, size_t i, const char *lit)
{
	size_t l = strlen(lit);

	return i + l <= n && !memcmp(s + i, lit, l);
}

static void scan_text(ctx *c)
{
	const char *s = c->text;
	size_t n = c->n, i;

	for (i = 0; i + 4 < n; i++) {
		char name[NAME_LEN];

		/* "X in UNIT", "X is in UNIT", "X (in UNIT)", "X measured in UNIT" */
		if (text_at(s, n, i, " in ") || text_at(s, n, i, " (in ")) {
			size_t back = i, at = i + (s[i + 1] == '(' ? 5 : 4);
			static const char *const fill[] = { " is", " are", " measured", " given", " expressed", " be" };
			size_t f;

			for (f = 0; f < sizeof(fill) / sizeof(fill[0]); f++) {
				size_t l = strlen(fill[f]);

				if (back >= l && !strncmp(s + back - l, fill[f], l))
					back -= l;
			}
			if (symbol_before(c, s, back, name, sizeof(name))) {
				char unit[64];
				size_t k = 0, j = at;
				qu_unit un;

				/* the unit: to a comma, a period and space, ')', ';' or " and" */
				while (j < n && k + 1 < sizeof(unit) && !strchr(",;)\n", s[j]) &&
				       !(s[j] == '.' && (j + 1 >= n || s[j + 1] == ' ')) && !text_at(s, n, j, " and ")) {
					if (s[j] != '$' && s[j] != '{' && s[j] != '}')
						unit[k++] = s[j];
					j++;
				}
				unit[k] = '\0';
				while (k && unit[k - 1] == ' ')
					unit[--k] = '\0';
				if (k && !strncmp(unit, "units of ", 9))
					memmove(unit, unit + 9, strlen(unit + 9) + 1);
				if (k && (k = query_units_scan(c->u, unit, strlen(unit), &un)) > 0) {
					dimx d = dim_of_qu(&un.dim);
					char origin[100];

					d.rank = -1; /* "v in m/s" may be a vector */
					snprintf(origin, sizeof(origin), "the text: in %.*s", (int)k, unit);
					bind_text(c, name, &d, origin);
				}
				pk_error_clear();
			}
		}
		/* "X is the NOUN", "X denotes the NOUN", "X the NOUN" after where/and/, */
		if (text_at(s, n, i, " the ") || text_at(s, n, i, " a ") || text_at(s, n, i, " an ")) {
			size_t back = i, at = i + (s[i + 1] == 't' ? 5 : s[i + 2] == ' ' ? 3 : 4);
			static const char *const verbs[] = { " is", " denotes", " stands for", " being", " as", " are" };
			size_t f;

			for (f = 0; f < sizeof(verbs) / sizeof(verbs[0]); f++) {
				size_t l = strlen(verbs[f]);

				if (back >= l && !strncmp(s + back - l, verbs[f], l)) {
					back -= l;
					break;
				}
			}
			if (symbol_before(c, s, back, name, sizeof(name))) {
				char noun[80];
				size_t k = 0, j = at, m;
				int found = 0;

				while (j < n && k + 1 < sizeof(noun) && !strchr(",;.)$\n", s[j]) && !text_at(s, n, j, " and "))
					noun[k++] = (char)tolower((unsigned char)s[j++]);
				while (k && noun[k - 1] == ' ')
					k--;
				noun[k] = '\0';
				for (m = 0; m < sizeof(meanings) / sizeof(meanings[0]) && !found; m++)
					if (strstr(noun, meanings[m].word)) {
						dimx d = dx_none();
						char origin[120];
						int q;

						for (q = 0; q < QU_NDIM; q++)
							d.b[q] = meanings[m].b[q];
						d.rank = meanings[m].vec ? -1 : 0;
						snprintf(origin, sizeof(origin), "the text: the %s", noun);
						bind_text(c, name, &d, origin);
						found = 1;
					}
				if (!found && k) {
					char origin[120];

					/* defined by the text without a unit: not the constant of that name */
					snprintf(origin, sizeof(origin), "the text: the %s", noun);
					bind_text(c, name, NULL, origin);
				}
			}
		}
	}
	if (pk_mem_find(s, n, "spherical coordinates", 21) || pk_mem_find(s, n, "spherical polar coordinates", 27)) {
		dimx L = dx_none(), one = dx_none();

		L.b[0] = 2;
		c->spherical = 1;
		bind_text(c, "r", &L, "m (spherical coordinates: r is a length)");
		bind_text(c, "θ", &one, "1 (spherical coordinates: an angle)");
		bind_text(c, "φ", &one, "1 (spherical coordinates: an angle)");
	}
}

/* ---- math segments ---------------------------------------------------------------------- */

typedef struct seg {
	size_t s, e;      /* the math, without its delimiters */
	size_t after;     /* where the text goes on past the closing delimiter */
	int multiline;    /* lines split by \\ */
} seg;

static int env_named(const char *s, size_t n, size_t i, const char *prefix, char *env, size_t cap)
{
	static const char *const envs[] = { "equation*", "equation", "align*", "align", "gather*", "gather", "multline*",
					    "multline", "eqnarray*", "eqnarray", "displaymath" };
	size_t k, pl = strlen(prefix);

	if (i + pl > n || strncmp(s + i, prefix, pl))
		return 0;
	for (k = 0; k < sizeof(envs) / sizeof(envs[0]); k++) {
		size_t l = strlen(envs[k]);

		if (i + pl + l + 1 <= n && !strncmp(s + i + pl, envs[k], l) && s[i + pl + l] == '}') {
			snprintf(env, cap, "%s", envs[k]);
			return (int)(pl + l + 1);
		}
	}
	return 0;
}

static size_t find(const char *s, size_t n, size_t from, const char *what)
{
	size_t l = strlen(what), i;

	for (i = from; i + l <= n; i++)
		if (!memcmp(s + i, what, l))
			return i;
	return (size_t)-1;
}

/* The next math segment at or after *pos; 0 when none. */
static int next_seg(const char *s, size_t n, size_t *pos, seg *g)
{
	size_t i;

	for (i = *pos; i < n; i++) {
		char env[24], endtag[40];
		int l;
		size_t e;

		if (s[i] != '\\' && s[i] != '$') {
			/* every segment opens with one of them: on to the next, four
			 * bytes at a time where none is one, then byte by byte (two
			 * memchr calls from each byte would read to the text's end
			 * again and again) */
			static const unsigned char opens[256] = { ['\\'] = 1, ['$'] = 1 };

			while (i + 4 < n && !(opens[(unsigned char)s[i + 1]] | opens[(unsigned char)s[i + 2]] |
					      opens[(unsigned char)s[i + 3]] | opens[(unsigned char)s[i + 4]]))
				i += 4;
			while (i + 1 < n && s[i + 1] != '\\' && s[i + 1] != '$')
				i++;
			continue;
		}
		if (s[i] == '\\' && i + 1 < n && s[i + 1] == '$') {
			i++;
			continue;
		}
		if ((l = env_named(s, n, i, "\\begin{", env, sizeof(env))) > 0) {
			snprintf(endtag, sizeof(endtag), "\\end{%s}", env);
			if ((e = find(s, n, i + (size_t)l, endtag)) == (size_t)-1)
				return 0;
			g->s = i + (size_t)l;
			g->e = e;
			g->multiline = 1;
			*pos = g->after = e + strlen(endtag);
			return 1;
		}
		if (s[i] == '\\' && i + 1 < n && (s[i + 1] == '[' || s[i + 1] == '(')) {
			if ((e = find(s, n, i + 2, s[i + 1] == '[' ? "\\]" : "\\)")) == (size_t)-1)
				return 0;
			g->s = i + 2;
			g->e = e;
			g->multiline = 1;
			*pos = g->after = e + 2;
			return 1;
		}
		if (s[i] == '$') {
			int two = i + 1 < n && s[i + 1] == '$';
			size_t from = i + (two ? 2 : 1), k;

			for (k = from; k < n; k++) {
				if (s[k] == '\\' && k + 1 < n) {
					k++;
					continue;
				}
				if (!two && s[k] == '\n' && k + 1 < n && s[k + 1] == '\n')
					break; /* no inline math across a paragraph */
				if (s[k] == '$' && (!two || (k + 1 < n && s[k + 1] == '$')))
					break;
			}
			if (k >= n || s[k] != '$') {
				/* an unpaired $ (a price, a shell prompt): go on after it */
				i = from - 1;
				continue;
			}
			g->s = from;
			g->e = k;
			g->multiline = two;
			*pos = g->after = k + (two ? 2 : 1);
			return 1;
		}
	}
	return 0;
}

/* ---- one chain ----------------------------------------------------------------------------- */

static void cut_utf8(char *dst, size_t cap, const char *src, size_t n)
{
	if (n >= cap) {
		n = pk_utf8_cut(src, n, cap - 4);
		snprintf(dst, cap, "%.*s...", (int)n, src);
	} else {
		snprintf(dst, cap, "%.*s", (int)n, src);
	}
	{
		/* one blank for each run of blanks, none at the ends */
		char *r = dst, *w = dst;

		while (*r == ' ' || *r == '\n' || *r == '\t' || *r == '\r')
			r++;
		for (; *r; r++) {
			int blank = *r == ' ' || *r == '\n' || *r == '\t' || *r == '\r';

			if (blank && (w == dst || w[-1] == ' '))
				continue;
			*w++ = blank ? ' ' : *r;
		}
		while (w > dst && w[-1] == ' ')
			w--;
		*w = '\0';
	}
}

/* A bare number at the end of inline math whose unit the prose gives
 * ("$E_b = 4.2$ meV"): that unit. 1 found. */
static int unit_after(const ctx *c, const char *s, size_t n, dimx *d)
{
	size_t i = 0, used;
	qu_unit un;
	char buf[48];

	while (i < n && (s[i] == ' ' || s[i] == '~'))
		i++;
	if (i + 2 <= n && s[i] == '\\' && s[i + 1] == ',')
		i += 2;
	snprintf(buf, sizeof(buf), "%.*s", (int)(n - i < sizeof(buf) - 1 ? n - i : sizeof(buf) - 1), s + i);
	used = query_units_scan(c->u, buf, strlen(buf), &un);
	pk_error_clear();
	if (!used || qu_dim_is_none(&un.dim))
		return 0;
	*d = dim_of_qu(&un.dim);
	d->rank = 0;
	return 1;
}

static int check_chain(ctx *c, const char *chain, size_t cn, size_t off, const char *after, size_t an, node *pool,
		       node **kidpool, ev_deriv *out)
{
	parser p;
	node *m[MEMBERS_MAX];
	int rel[MEMBERS_MAX];
	size_t nm = 0, i;
	judge j;
	dimx dm[MEMBERS_MAX];
	uint64_t seed = 1469598103934665603ULL;
	int broken = 0;
	char first_break[600] = "";

	memset(out, 0, sizeof(*out));
	out->start = off;
	out->end = off + cn;
	cut_utf8(out->latex, sizeof(out->latex), chain, cn);
	parser_init(&p, c, chain, cn, pool, NODE_MAX, kidpool, KIDS_MAX);
	while (!p.err && p.cur.t != T_END) {
		node *x = parse_expr(&p);
		int r;

		if (!x)
			break;
		if (nm == MEMBERS_MAX) {
			fail(&p, "a chain of more than %d sides", MEMBERS_MAX);
			break;
		}
		m[nm] = x;
		r = relation(&p);
		rel[nm++] = r;
		if (r == R_NONE) {
			if (p.cur.t != T_END && !is_ch(&p, ',') && !is_ch(&p, '.') && !is_ch(&p, ';'))
				fail(&p, "unexpected '%.*s'", (int)(p.cur.e - p.cur.s), p.s + p.cur.s);
			break;
		}
		next(&p);
	}
	if (nm < 2 && !(nm == 1 && rel[0] != R_NONE && p.err))
		return 0; /* no relation (a formula, a tuple, m_e \to \mu): not an equation */
	if (p.err) {
		out->verdict = EV_DV_UNKNOWN;
		snprintf(out->reason, sizeof(out->reason), "not read: %s", p.why);
		return 1;
	}
	for (i = 0; i < cn; i++)
		seed = (seed ^ (unsigned char)chain[i]) * 1099511628211ULL;
	memset(&j, 0, sizeof(j));
	j.p = &p;
	for (i = 0; i < nm; i++)
		dm[i] = dim_tree(&j, m[i]);
	if (after && is_const(m[nm - 1]))
		unit_after(c, after, an, &dm[nm - 1]);
	/* the sides, one after the other (a proportionality or \sim needs no common unit) */
	for (i = 0; i + 1 < nm && !j.bad; i++) {
		int r;

		if (rel[i] == R_PROP || rel[i] == R_SIM)
			continue;
		r = dx_cmp(&dm[i], &dm[i + 1]);
		/* a bare number for a side: its unit may be in the prose */
		if (r == D_NE && ((is_const(m[i]) && qu_dim_none_x(&dm[i])) || (is_const(m[i + 1]) && qu_dim_none_x(&dm[i + 1]))))
			r = D_UNDECIDED;
		switch (r) {
		case D_NE: mismatch(&j, "the two sides differ in dimension", m[i], &dm[i], m[i + 1], &dm[i + 1]); break;
		case D_UNDECIDED: j.undecided = 1; break;
		default: break;
		}
	}
	/* the steps */
	for (i = 0; i + 1 < nm; i++) {
		char why[300];
		int r = check_step(&p, m[i], m[i + 1], rel[i], seed, why, sizeof(why));

		out->steps++;
		if (r == 1) {
			out->steps_hold++;
		} else if (r == 0 && !broken) {
			char qa[100], qb[100];

			broken = 1;
			quote(&p, m[i], qa, sizeof(qa));
			quote(&p, m[i + 1], qb, sizeof(qb));
			snprintf(first_break, sizeof(first_break), "step %zu, %s = %s, %.300s", i + 1, qa, qb, why);
		} else if (r < 0) {
			out->steps_skipped++;
			if (!out->skipped[0])
				snprintf(out->skipped, sizeof(out->skipped), "step %zu not judged: %.170s", i + 1, why);
		}
	}
	{
		size_t len = 0;

		for (i = 0; i < nm && len < sizeof(out->dims); i++) {
			char f[120];

			fmt_dim(c, &dm[i], f, sizeof(f));
			len += (size_t)snprintf(out->dims + len, sizeof(out->dims) - len, "%s%s", i ? " | " : "", f);
		}
	}
	if (j.bad) {
		/* "\lambda \approx 1.226/\sqrt{E} nm with E in eV": numbers of units,
		 * not quantities; a rounded coefficient and a symbol stated "in
		 * UNIT" make it a numerical-value equation, not decided */
		unsigned char set[SYMS_MAX] = { 0 };
		int approx = 0, by_unit = 0;

		for (i = 0; i < nm; i++) {
			approx |= any_node(m[i], approx_num);
			used_syms(m[i], set);
		}
		for (i = 0; i < (size_t)c->nsyms; i++)
			by_unit |= set[i] && c->syms[i].by_unit;
		if (approx && by_unit) {
			j.bad = 0;
			j.undecided = 1;
			snprintf(j.undecided_why, sizeof(j.undecided_why), "a numerical-value equation (a rounded coefficient "
				 "with symbols stated in units): not a relation between quantities");
		}
	}
	if (j.bad) {
		out->verdict = EV_DV_INCONSISTENT;
		snprintf(out->reason, sizeof(out->reason), "%s", j.why);
	} else if (broken) {
		out->verdict = EV_DV_BROKEN_STEP;
		snprintf(out->reason, sizeof(out->reason), "%s", first_break);
	} else if (j.undecided) {
		size_t len = (size_t)snprintf(out->reason, sizeof(out->reason), "dimensions not decided: unbound");
		unsigned char set[SYMS_MAX] = { 0 };
		int shown = 0;

		out->verdict = EV_DV_UNKNOWN;
		for (i = 0; i < nm; i++)
			used_syms(m[i], set);
		for (i = 0; i < (size_t)c->nsyms && len < sizeof(out->reason); i++)
			if (set[i] && c->syms[i].state != S_BOUND && strncmp(c->syms[i].name, "unit:", 5) && shown++ < 8)
				len += (size_t)snprintf(out->reason + len, sizeof(out->reason) - len, "%s %s", shown > 1 ? "," : "",
							c->syms[i].name);
		if (!shown || !strncmp(j.undecided_why, "a numerical-value", 17))
			snprintf(out->reason, sizeof(out->reason), "dimensions not decided: %s",
				 j.undecided_why[0] ? j.undecided_why : "an operator whose dimension is not known");
		else if (len < sizeof(out->reason))
			snprintf(out->reason + len, sizeof(out->reason) - len,
				 " (no unit or meaning stated in the text, no constant of the graph)%s",
				 out->steps_hold ? "; the steps checked hold" : "");
	} else {
		out->verdict = EV_DV_CONSISTENT;
		snprintf(out->reason, sizeof(out->reason), "the sides agree in dimension (%s)", out->dims);
	}
	return 1;
}

/* The room of out's next equation, cleared; NULL: no memory (error set).
 * out->v grows as equations come: most texts with math hold a few, and
 * EV_DV_MAX of them were 267 KB to clear for each. */
static ev_deriv *next_deriv(ev_derivs *out)
{
	if (PK_ALLOC_GROW(out->v, out->n + 1, out->cap, 4) < 0)
		return NULL;
	memset(&out->v[out->n], 0, sizeof(out->v[0]));
	return &out->v[out->n];
}

/* Split a segment into chains: lines (\\) of a multi-line segment, a line
 * that begins with a relation continuing the chain before it. */
static int segment(ctx *c, const char *s, size_t n, const seg *g, ev_derivs *out, node *pool, node **kp)
{
	size_t a = g->s, b = g->e;
	int multiline = g->multiline;
	ev_deriv *d;
	char *clean;
	size_t i, line_s, chain_s = (size_t)-1;
	int rc = 0;

	if (b - a > SEG_MAX) {
		out->more++; /* too long to be one formula: counted, not read */
		return 0;
	}
	if (!(clean = pk_malloc(b - a + 1)))
		return pk_error_set(PK_ENOMEM, "out of memory");
	memcpy(clean, s + a, b - a);
	clean[b - a] = '\0';
	/* the same length: '&' and the \\ between lines become blanks */
	for (i = 0; i < b - a; i++)
		if (clean[i] == '&')
			clean[i] = ' ';
	line_s = 0;
	for (i = 0; i <= b - a && rc == 0; i++) {
		int end = i == b - a || (multiline && clean[i] == '\\' && i + 1 < b - a && clean[i + 1] == '\\');
		size_t k;

		if (!end)
			continue;
		/* does this line begin with a relation? then it continues the chain */
		k = line_s;
		while (k < i && isspace((unsigned char)clean[k]))
			k++;
		if (chain_s == (size_t)-1) {
			chain_s = line_s;
		} else if (!(k < i && (clean[k] == '=' || clean[k] == '<' || clean[k] == '>' || !strncmp(clean + k, "\\approx", 7) ||
					 !strncmp(clean + k, "\\simeq", 6) || !strncmp(clean + k, "\\le", 3) ||
					 !strncmp(clean + k, "\\ge", 3) || !strncmp(clean + k, "\\propto", 7) ||
					 !strncmp(clean + k, "\\sim", 4)))) {
			/* a new chain: the one before ends where this line starts */
			if (out->n == EV_DV_MAX) {
				out->more++;
			} else {
				size_t ce = line_s;

				while (ce > chain_s && (isspace((unsigned char)clean[ce - 1]) || clean[ce - 1] == '\\'))
					ce--;
				rc = (d = next_deriv(out)) ? check_chain(c, clean + chain_s, ce - chain_s, a + chain_s, NULL, 0, pool,
									 kp, d)
							   : PK_ENOMEM;
				if (rc > 0)
					out->n++;
				rc = rc < 0 ? rc : 0;
			}
			chain_s = line_s;
		}
		if (i < b - a) {
			clean[i] = clean[i + 1] = ' ';
			i++;
		}
		line_s = i + 1;
	}
	if (rc == 0 && chain_s != (size_t)-1 && chain_s < b - a) {
		size_t ce = b - a;

		while (ce > chain_s && (isspace((unsigned char)clean[ce - 1]) || clean[ce - 1] == ',' || clean[ce - 1] == '.'))
			ce--;
		if (out->n == EV_DV_MAX) {
			out->more++;
		} else {
			rc = (d = next_deriv(out)) ? check_chain(c, clean + chain_s, ce - chain_s, a + chain_s, s + g->after,
								 n - g->after, pool, kp, d)
						   : PK_ENOMEM;
			if (rc > 0)
				out->n++;
			rc = rc < 0 ? rc : 0;
		}
	}
	pk_free(clean);
	return rc;
}

int ev_derivations(kg_txn *t, const query_units *u, const char *text, size_t n, ev_derivs *out)
{
	ctx *c, *scratch;
	node *pool;
	node **kp;
	size_t pos = 0, first = 0;
	seg g;
	int rc = 0, i;

	memset(out, 0, sizeof(*out));
	/* the prose's bindings serve the math only: no math, no scan (and
	 * none of the 100 KB of tables below) */
	if (!next_seg(text, n, &first, &g))
		return 0;
	c = pk_calloc(1, sizeof(*c));
	scratch = pk_calloc(1, sizeof(*scratch));
	pool = pk_malloc(NODE_MAX * sizeof(*pool));
	kp = pk_malloc(KIDS_MAX * sizeof(*kp));
	if (!c || !scratch || !pool || !kp) {
		pk_free(c);
		pk_free(scratch);
		pk_free(pool);
		pk_free(kp);
		ev_derivs_release(out);
		return pk_error_set(PK_ENOMEM, "out of memory");
	}
	c->t = t;
	c->u = u;
	c->text = text;
	c->n = n;
	c->scratch = scratch;
	scan_text(c);
	while (rc == 0 && next_seg(text, n, &pos, &g))
		rc = segment(c, text, n, &g, out, pool, kp);
	/* what the checks leaned on */
	{
		size_t len = 0;

		for (i = 0; i < c->nsyms && len < sizeof(out->bindings); i++)
			if (c->syms[i].used && c->syms[i].state == S_BOUND && strncmp(c->syms[i].name, "unit:", 5))
				len += (size_t)snprintf(out->bindings + len, sizeof(out->bindings) - len, "%s%s: %s", len ? "; " : "",
							c->syms[i].name, c->syms[i].origin);
	}
	pk_free(kp);
	pk_free(pool);
	pk_free(scratch);
	pk_free(c);
	if (rc < 0)
		ev_derivs_release(out);
	return rc;
}

void ev_derivs_release(ev_derivs *d)
{
	pk_free(d->v);
	memset(d, 0, sizeof(*d));
}

void ev_deriv_write(pk_json *w, const ev_deriv *d)
{
	pk_json_obj(w);
	pk_json_key(w, "span");
	pk_json_arr(w);
	pk_json_int(w, (long long)d->start);
	pk_json_int(w, (long long)d->end);
	pk_json_end_arr(w);
	pk_json_kstr(w, "latex", d->latex);
	pk_json_kstr(w, "verdict", ev_dv_verdict_name(d->verdict));
	pk_json_kstr(w, "reason", d->reason);
	if (d->dims[0])
		pk_json_kstr(w, "dimensions", d->dims);
	pk_json_key(w, "steps");
	pk_json_obj(w);
	pk_json_kint(w, "checked", d->steps - d->steps_skipped);
	pk_json_kint(w, "hold", d->steps_hold);
	pk_json_kint(w, "not_judged", d->steps_skipped);
	if (d->skipped[0])
		pk_json_kstr(w, "why_not", d->skipped);
	pk_json_end_obj(w);
	pk_json_end_obj(w);
}

void ev_derivs_write(pk_json *w, const ev_derivs *d)
{
	size_t i;

	pk_json_arr(w);
	for (i = 0; i < d->n; i++)
		ev_deriv_write(w, &d->v[i]);
	pk_json_end_arr(w);
}
