// Brewery's page script: plain JavaScript, no framework, nothing from another host.
// The server renders every page; this adds what needs no new page: more of the grid as
// the reader scrolls (from /v2/beers), search as one types (from /v2/search) with the last
// ten searches kept in the browser, the map (from /v2/map) and ratings (PUT /v2/ratings).
// Text from the API is only ever set as text, never as HTML.
"use strict";

function el(name, attrs, ...children) {
  const e = document.createElementNS(name.startsWith("svg:") ? "http://www.w3.org/2000/svg" : "http://www.w3.org/1999/xhtml", name.replace("svg:", ""));
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  for (const c of children) e.append(c);
  return e;
}

function number(v) { const r = Math.round(v * 10) / 10; return String(r); }

function hashtags(tagline) {
  if (!tagline) return "";
  return tagline.split(/[.!?]/).map(s => s.split(/[^\p{L}\p{N}]+/u).filter(w => w))
    .filter(ws => ws.length).map(ws => "#" + ws.map(w => w[0].toUpperCase() + w.slice(1)).join("")).join(" ");
}

function glass(ebc) {
  return (typeof ebc === "number" && isFinite(ebc) && ebc >= 0) ? "/glass/" + Math.round(Math.min(ebc, 999)) + ".svg" : "/glass/none.svg";
}

// A card, as the server draws one (BeerCardHTML).
function card(beer) {
  const numbers = [];
  if (typeof beer.abv === "number") numbers.push(number(beer.abv) + "% abv");
  if (typeof beer.ibu === "number") numbers.push(number(beer.ibu) + " IBU");
  const li = el("li", { class: "card", "data-id": String(beer.id) },
    el("a", { href: "/beers/" + beer.id }, el("img", { src: glass(beer.ebc), alt: "", width: "44", height: "64" }), el("span", { class: "name" }, beer.name)));
  const tags = hashtags(beer.tagline);
  if (tags) li.append(el("p", { class: "tags" }, tags));
  li.append(el("p", { class: "numbers" }, numbers.join(" · ")));
  return li;
}

// The grid: the next page of 25 when the "More beers" link comes into view (or is used).
function grid() {
  const list = document.getElementById("grid");
  const more = document.getElementById("more");
  if (!list || !more) return;
  let next = Number(list.dataset.next);
  let loading = false, done = false;
  const query = list.dataset.query ? list.dataset.query.slice(1) + "&" : "";
  async function load() {
    if (loading || done) return;
    loading = true;
    try {
      const response = await fetch("/v2/beers?" + query + "page=" + next + "&per_page=25");
      const beers = response.ok ? await response.json() : [];
      const seen = new Set([...list.children].map(c => c.dataset.id));
      for (const b of beers) if (!seen.has(String(b.id))) list.append(card(b));
      next += 1;
      more.href = "/?" + query + "page=" + next;
      if (beers.length < 25) { done = true; more.parentElement.remove(); }
    } finally { loading = false; }
  }
  more.addEventListener("click", e => { e.preventDefault(); load(); });
  new IntersectionObserver(entries => { if (entries.some(e => e.isIntersecting)) load(); }, { rootMargin: "400px" }).observe(more);
}

// Search as one types, and the last ten searches offered again.
function search() {
  const input = document.getElementById("search");
  const out = document.getElementById("search-results");
  const recent = document.getElementById("recent-searches");
  if (!input || !out || !recent) return;
  const key = "brewery.recent-searches";
  const load = () => { try { return JSON.parse(localStorage.getItem(key) || "[]").slice(0, 10); } catch { return []; } };
  const show = () => recent.replaceChildren(...load().map(s => el("option", { value: s })));
  const keep = text => {
    text = text.trim();
    if (!text) return;
    localStorage.setItem(key, JSON.stringify([text, ...load().filter(s => s !== text)].slice(0, 10)));
    show();
  };
  show();
  let timer = 0, asked = 0;
  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      const text = input.value.trim();
      const n = ++asked;
      if (!text) { out.hidden = true; out.replaceChildren(); return; }
      const response = await fetch("/v2/search?limit=10&q=" + encodeURIComponent(text));
      if (n !== asked) return;
      const body = await response.json();
      const heading = el("h2", {}, "Names like “" + text + "”");
      if (!response.ok) { out.replaceChildren(heading, el("p", { role: "alert" }, body.message || "Cannot search")); out.hidden = false; return; }
      const list = el("ol", {}, ...body.results.map(r => el("li", {}, el("a", { href: "/beers/" + r.id }, r.name))));
      out.replaceChildren(heading, body.results.length ? list : el("p", {}, "No beer has a name like that."));
      out.hidden = false;
    }, 150);
  });
  input.form.addEventListener("submit", () => keep(input.value));
  out.addEventListener("click", e => { if (e.target.closest("a")) keep(input.value); });
}

// The wishlist button and the cellar's bottles on a beer's page.
function keep() {
  const box = document.getElementById("keep");
  if (!box) return;
  const id = box.dataset.id;
  const wish = document.getElementById("wish"), bottles = document.getElementById("bottles");
  const drink = document.getElementById("cellar-drink"), status = document.getElementById("keep-status");
  async function send(method, path) {
    const response = await fetch(path + id, { method });
    const body = await response.json().catch(() => ({}));
    status.textContent = body.message || (response.ok ? "Saved." : "Could not save.");
    return response.ok ? body : null;
  }
  wish.addEventListener("click", async () => {
    const on = wish.getAttribute("aria-pressed") === "true";
    if (await send(on ? "DELETE" : "PUT", "/v2/wishlist/")) {
      wish.setAttribute("aria-pressed", String(!on));
      wish.textContent = on ? "Add to wishlist" : "On your wishlist";
    }
  });
  const show = body => { if (body) { bottles.textContent = String(body.count); drink.disabled = body.count === 0; } };
  document.getElementById("cellar-add").addEventListener("click", async () => show(await send("PUT", "/v2/cellar/")));
  drink.addEventListener("click", async () => show(await send("DELETE", "/v2/cellar/")));
}

// Ratings on a beer's page.
function rating() {
  const form = document.getElementById("rate");
  if (!form) return;
  const status = document.getElementById("rate-status");
  const id = form.dataset.id;
  async function send(method, query) {
    const response = await fetch("/v2/ratings/" + id + query, { method });
    const body = await response.json().catch(() => ({}));
    status.textContent = response.ok ? (body.message || "Saved.") : (body.message || "Could not save the rating.");
  }
  form.addEventListener("submit", e => {
    e.preventDefault();
    const chosen = form.querySelector("input[name=score]:checked");
    if (!chosen) { status.textContent = "Choose from ½ to 5 stars first."; return; }
    send("PUT", "?score=" + chosen.value);
  });
  document.getElementById("unrate").addEventListener("click", () => {
    form.querySelectorAll("input[name=score]").forEach(i => { i.checked = false; });
    send("DELETE", "");
  });
}

// The map: points (a link each) or, for a large catalogue, a density whose cells open the
// grid filtered to them.
async function map() {
  const svg = document.getElementById("map");
  if (!svg) return;
  const caption = document.getElementById("map-caption");
  const query = svg.dataset.query || "";
  const response = await fetch("/v2/map" + query);
  const data = await response.json();
  if (!response.ok) { caption.textContent = data.message || "The map cannot be drawn."; return; }
  // The plot, with a strip under it for beers without IBU and one left of it for beers
  // without ABV.
  const [W, H, left, bottom, top, right, strip] = [800, 500, 78, 62, 15, 15, 22];
  const x = v => v == null ? left - strip / 2 - 4 : left + v / data.abv_max * (W - left - right);
  const y = v => v == null ? H - bottom + strip / 2 + 4 : H - bottom - v / data.ibu_max * (H - bottom - top);
  const filtered = query.length > 0;
  const parts = [el("svg:line", { class: "axis", x1: left, y1: H - bottom, x2: W - right, y2: H - bottom }),
    el("svg:line", { class: "axis", x1: left, y1: top, x2: left, y2: H - bottom }),
    el("svg:text", { x: W / 2, y: H - 6, "text-anchor": "middle" }, "ABV %"),
    el("svg:text", { x: 14, y: H / 2, transform: "rotate(-90 14 " + H / 2 + ")", "text-anchor": "middle" }, "IBU")];
  for (let t = 0; t <= 4; t++) {
    const a = data.abv_max * t / 4, i = data.ibu_max * t / 4;
    parts.push(el("svg:text", { x: x(a), y: H - bottom + strip + 20, "text-anchor": "middle" }, number(a)));
    parts.push(el("svg:text", { x: left - strip - 10, y: y(i) + 4, "text-anchor": "end" }, number(i)));
  }
  if (data.shown === "points" && data.points.some(p => p.ibu == null)) {
    parts.push(el("svg:text", { x: W - right, y: y(null) + 4, "text-anchor": "end" }, "no IBU"));
  }
  if (data.shown === "points" && data.points.some(p => p.abv == null)) {
    parts.push(el("svg:text", { x: x(null), y: H - bottom + strip + 20, "text-anchor": "middle" }, "no ABV"));
  }
  if (data.shown === "points") {
    const sorted = data.points.slice().sort((a, b) => a.match - b.match);
    for (const p of sorted) {
      const dot = el("svg:circle", { cx: x(p.abv).toFixed(1), cy: y(p.ibu).toFixed(1), r: filtered && p.match ? 6 : 4.5, fill: p.colour || "#ffffff" },
        el("svg:title", {}, p.name + " — " + (p.abv == null ? "no ABV" : number(p.abv) + "% abv") + ", " + (p.ibu == null ? "no IBU" : number(p.ibu) + " IBU")));
      const link = el("svg:a", { href: "/beers/" + p.id, class: filtered && !p.match ? "dim point" : "point", "aria-label": p.name });
      link.append(dot);
      parts.push(link);
    }
    caption.textContent = data.placed + " beers" + (filtered ? ", " + data.matching + " of them filtered" : "") +
      (data.missing ? "; " + data.missing + " without ABV or IBU on the strip beside its axis" : "") + ". Hover for a name; a point opens its beer.";
  } else {
    const cw = (W - left - right) / data.columns, ch = (H - bottom - top) / data.rows;
    const most = Math.max(...data.cells.map(c => c.count), 1);
    for (const c of data.cells) {
      const shown = filtered ? c.matches : c.count;
      const lo = c.column * data.abv_max / data.columns, hi = (c.column + 1) * data.abv_max / data.columns;
      const ilo = c.row * data.ibu_max / data.rows, ihi = (c.row + 1) * data.ibu_max / data.rows;
      const rect = el("svg:rect", { x: (left + c.column * cw).toFixed(1), y: (H - bottom - (c.row + 1) * ch).toFixed(1), width: cw.toFixed(1), height: ch.toFixed(1),
        fill: c.colour || "#cccccc", "fill-opacity": (0.15 + 0.85 * Math.log(1 + shown) / Math.log(1 + most)).toFixed(2) },
        el("svg:title", {}, c.count + " beers" + (filtered ? " (" + c.matches + " filtered)" : "") + ", ABV " + number(lo) + "–" + number(hi) + "%, IBU " + Math.round(ilo) + "–" + Math.round(ihi)));
      const href = "/?abv_gt=" + lo.toFixed(2) + "&abv_lt=" + hi.toFixed(2) + "&ibu_gt=" + ilo.toFixed(2) + "&ibu_lt=" + ihi.toFixed(2);
      const link = el("svg:a", { href, class: filtered && !c.matches ? "dim" : "", "aria-label": c.count + " beers, ABV " + number(lo) + " to " + number(hi) });
      link.append(rect);
      parts.push(link);
    }
    caption.textContent = data.placed + " beers drawn as a density" + (filtered ? ", " + data.matching + " of them filtered" : "") +
      (data.missing ? "; " + data.missing + " without ABV or IBU not drawn" : "") + ". A cell opens its beers.";
  }
  svg.replaceChildren(...parts);
}

// Empty filter fields are no filter: left out of the address.
function tidyForms() {
  for (const form of document.querySelectorAll("form[method=get]")) {
    form.addEventListener("submit", () => {
      for (const input of form.querySelectorAll("input, select")) if (!input.value) input.disabled = true;
    });
  }
  window.addEventListener("pageshow", () => document.querySelectorAll("input:disabled, select:disabled").forEach(i => { i.disabled = false; }));
}

document.addEventListener("DOMContentLoaded", () => { grid(); search(); rating(); keep(); map(); tidyForms(); });
