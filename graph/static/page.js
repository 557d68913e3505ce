/* corpkg page script: draws window.CORPKG with vis-network, builds tooltips and the details panel
 * from text nodes only (every string may come from a filing: never innerHTML), and wires the
 * search box, the role filters and the layout buttons. */
(function () {
  "use strict";
  var data = window.CORPKG;
  var options = data.options || {};
  var pageOptions = options.corpkg || {};
  delete options.corpkg;

  // ------------------------------------------------------------------ small DOM helpers (text only)
  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }
  function safeHref(url) {
    return typeof url === "string" && /^https?:\/\/[^\s]+$/i.test(url) ? url : null;
  }
  function link(url, text) {
    var href = safeHref(url);
    if (!href) return el("span", null, text);
    var a = el("a", null, text);
    a.href = href;
    a.target = "_blank";
    a.rel = "noopener noreferrer";
    return a;
  }
  function truncate(text, limit) {
    text = String(text || "");
    return text.length > limit ? text.slice(0, limit - 1) + "…" : text;
  }
  function describeFiling(f) {
    if (!f) return "";
    var parts = [];
    if (f.form_type) parts.push(f.form_type);
    if (f.when) parts.push(f.when);
    if (f.accession) parts.push("accession " + f.accession);
    if (f.file) parts.push(f.file);
    return parts.join(" · ") || f.iri || "";
  }
  function describeEvidence(ev) {
    var parts = [];
    var filing = [ev.formType, ev.when].filter(Boolean).join(" ");
    if (filing) parts.push(filing);
    if (ev.section) parts.push(ev.section);
    if (ev.documentType && ev.documentType !== ev.formType) parts.push(ev.documentType);
    if (ev.start !== null && ev.start !== undefined) parts.push("chars " + ev.start + "–" + ev.end);
    if (ev.accession) parts.push("accession " + ev.accession);
    else if (ev.file) parts.push(ev.file);
    return parts.join(" · ");
  }
  var ATTRIBUTE_NAMES = {
    title: "titles", printedTitle: "printed title", startDate: "start", endDate: "end", endReason: "end reason",
    percentage: "percentage", jurisdiction: "jurisdiction", status: "status", amount: "amount",
    currency: "currency", interestRate: "interest rate", facilityType: "facility", maturityDate: "maturity",
    court: "court", caseNumber: "case number", filedOn: "filed on", amountClaimed: "amount claimed",
    counterclaimFiledOn: "counterclaim filed", date: "date", kind: "kind", consideration: "consideration",
    considerationAmount: "consideration amount", shares: "shares"
  };

  var NUMERIC = { amount: true, amountClaimed: true, considerationAmount: true, shares: true };

  // ------------------------------------------------------------------ indexes
  var nodeById = {};
  data.nodes.forEach(function (n) { nodeById[n.id] = n; });
  var edgesOfNode = {};
  data.edges.forEach(function (e) {
    (edgesOfNode[e.from] = edgesOfNode[e.from] || []).push(e.id);
    (edgesOfNode[e.to] = edgesOfNode[e.to] || []).push(e.id);
  });
  var edgeById = {};
  data.edges.forEach(function (e) { edgeById[e.id] = e; });
  function labelOf(id) { return nodeById[id] ? nodeById[id].fullLabel : id; }

  // ------------------------------------------------------------------ tooltips (DOM elements, text only)
  // category → words, embedded by the Python side from the role files (ontology/roles/*.ttl)
  var CATEGORY_TEXT = (data.legend && data.legend.categories) || {};
  function nodeTooltip(n) {
    var box = el("div", "tip");
    box.appendChild(el("div", "tip-title", n.fullLabel));
    var kind = (n.kind || "") + (CATEGORY_TEXT[n.category] && n.category !== "organization" && n.category !== "person"
      ? " · " + CATEGORY_TEXT[n.category] : "");
    box.appendChild(el("div", "tip-sub", kind));
    if (n.altLabels && n.altLabels.length) box.appendChild(el("div", "tip-sub", "also: " + truncate(n.altLabels.join("; "), 160)));
    var ids = Object.keys(n.identifiers || {}).map(function (k) { return k + " " + n.identifiers[k]; });
    if (ids.length) box.appendChild(el("div", "tip-sub", truncate(ids.join(" · "), 160)));
    if (n.members && n.members.length > 1) box.appendChild(el("div", "tip-sub", "one identity resolved from " + n.members.length + " nodes"));
    var count = (edgesOfNode[n.id] || []).length;
    box.appendChild(el("div", "tip-sub", count + " relation" + (count === 1 ? "" : "s") + " · click for details"));
    return box;
  }
  function edgeTooltip(e) {
    var box = el("div", "tip");
    box.appendChild(el("div", "tip-title", labelOf(e.from) + " — " + e.caption + " → " + labelOf(e.to)));
    var item = e.items[0];
    var dates = [];
    if (item.start) dates.push("from " + item.start);
    if (item.end) dates.push("until " + item.end);
    if (item.asOf) dates.push("as of " + item.asOf);
    if (dates.length) box.appendChild(el("div", "tip-sub", dates.join(" · ")));
    var ev = item.evidence[0];
    if (ev) {
      box.appendChild(el("div", "tip-quote", "“" + truncate(ev.quote, 320) + "”"));
      box.appendChild(el("div", "tip-source", describeEvidence(ev)));
    }
    var more = e.items.reduce(function (s, it) { return s + it.evidence.length; }, 0) - (ev ? 1 : 0);
    if (more > 0) box.appendChild(el("div", "tip-sub", "+ " + more + " more quote" + (more === 1 ? "" : "s") + " · click for details"));
    return box;
  }

  // ------------------------------------------------------------------ the network
  var visNodes = data.nodes.map(function (n) {
    var copy = Object.assign({}, n);
    copy.title = nodeTooltip(n);
    return copy;
  });
  var visEdges = data.edges.map(function (e) {
    var copy = Object.assign({}, e);
    copy.title = edgeTooltip(e);
    return copy;
  });
  var nodes = new vis.DataSet(visNodes);
  var edges = new vis.DataSet(visEdges);
  var container = document.getElementById("network");
  var network = new vis.Network(container, { nodes: nodes, edges: edges }, options);
  window.corpkg = { network: network, nodes: nodes, edges: edges, data: data, drawn: false };
  network.once("afterDrawing", function () {
    window.corpkg.drawn = true;
    window.corpkg.drawnAt = performance.now();
  });

  // ------------------------------------------------------------------ details panel
  var body = document.getElementById("details-body");
  var hint = document.getElementById("details-hint");
  function clearDetails() {
    while (body.firstChild) body.removeChild(body.firstChild);
    hint.style.display = "none";
  }
  function addRow(dl, term, value) {
    if (value === undefined || value === null || value === "" || (Array.isArray(value) && !value.length)) return;
    dl.appendChild(el("dt", null, term));
    var dd = el("dd");
    if (value instanceof Node) dd.appendChild(value); else dd.textContent = Array.isArray(value) ? value.join("; ") : String(value);
    dl.appendChild(dd);
  }
  function nodeLink(id) {
    var span = el("span", "linklike", labelOf(id));
    span.addEventListener("click", function () { selectNode(id); });
    return span;
  }
  function showNode(id) {
    var n = nodeById[id];
    if (!n) return;
    clearDetails();
    body.appendChild(el("h3", null, n.fullLabel));
    body.appendChild(el("div", "kind", (n.kind || "") + " · " + (CATEGORY_TEXT[n.category] || n.category)));
    var dl = el("dl");
    addRow(dl, "also known as", n.altLabels);
    if (n.members && n.members.length > 1) {
      // corpkg resolve judged these minted nodes one identity; each name and where it was minted
      addRow(dl, "resolved from", n.members.map(function (m) { return m.label + " <" + m.iri + ">"; }));
    }
    Object.keys(n.identifiers || {}).forEach(function (k) { addRow(dl, k, n.identifiers[k]); });
    addRow(dl, "roles", n.roles);
    addRow(dl, "IRI", n.id);
    body.appendChild(dl);
    if (n.filings && n.filings.length) {
      body.appendChild(el("div", "kind", "Issuer of"));
      var ul = el("ul", "links");
      n.filings.forEach(function (f) {
        var li = el("li");
        li.appendChild(link(f.url, describeFiling(f)));
        ul.appendChild(li);
      });
      body.appendChild(ul);
    }
    var ids = edgesOfNode[id] || [];
    if (ids.length) {
      body.appendChild(el("div", "kind", ids.length + " relation" + (ids.length === 1 ? "" : "s")));
      var list = el("ul", "links");
      ids.forEach(function (eid) {
        var e = edgeById[eid];
        var li = el("li");
        var text = e.from === id ? e.caption + " → " + labelOf(e.to) : labelOf(e.from) + " — " + e.caption + " → this";
        var span = el("span", "linklike", text);
        span.addEventListener("click", function () { network.selectEdges([eid]); showEdge(eid); });
        li.appendChild(span);
        if (edges.get(eid) && edges.get(eid).hidden) li.appendChild(el("span", "muted", " (filtered out)"));
        list.appendChild(li);
      });
      body.appendChild(list);
    }
  }
  function showEdge(id) {
    var e = edgeById[id];
    if (!e) return;
    clearDetails();
    var h = el("h3");
    h.appendChild(nodeLink(e.from));
    h.appendChild(document.createTextNode(" — " + e.caption + " → "));
    h.appendChild(nodeLink(e.to));
    body.appendChild(h);
    body.appendChild(el("div", "kind", e.items.length + " statement" + (e.items.length === 1 ? "" : "s") + " · " + e.role));
    e.items.forEach(function (item) {
      var box = el("div", "relation");
      box.appendChild(el("div", "caption", item.caption));
      var dl = el("dl");
      addRow(dl, "as of", item.asOf);
      Object.keys(item.parties || {}).forEach(function (slot) {
        if (item.parties[slot].length > 1 || Object.keys(item.parties).length > 2) addRow(dl, slot, item.parties[slot]);
      });
      Object.keys(item.attributes || {}).forEach(function (k) {
        var values = item.attributes[k];
        if (NUMERIC[k]) values = values.map(function (v) { return /^\d+(\.\d+)?$/.test(v) ? Number(v).toLocaleString("en-US") : v; });
        addRow(dl, ATTRIBUTE_NAMES[k] || k, values);
      });
      item.filings.forEach(function (f) { addRow(dl, "filing", link(f.url, describeFiling(f))); });
      addRow(dl, "relation", item.relation);
      box.appendChild(dl);
      item.evidence.forEach(function (ev) {
        var evBox = el("div", "evidence");
        evBox.appendChild(el("blockquote", null, ev.quote));
        evBox.appendChild(el("div", "source", describeEvidence(ev)));
        box.appendChild(evBox);
      });
      body.appendChild(box);
    });
  }
  function selectNode(id) {
    if (!nodeById[id]) return;
    network.selectNodes([id]);
    network.focus(id, { scale: Math.max(network.getScale(), 1.0), animation: false });
    showNode(id);
  }
  // edges around crowded entities carry no drawn label (they would overlap): the label is shown
  // while the edge is hovered, and for every edge of the selected entity
  var labelled = {};
  function showLabels(ids) {
    var updates = [];
    ids.forEach(function (id) {
      var e = edgeById[id];
      if (e && e.hoverLabel && !labelled[id]) { labelled[id] = true; updates.push({ id: id, label: e.hoverLabel }); }
    });
    if (updates.length) edges.update(updates);
  }
  function hideLabels(keep) {
    var updates = [];
    Object.keys(labelled).forEach(function (id) {
      if (keep && keep.indexOf(id) >= 0) return;
      delete labelled[id];
      updates.push({ id: id, label: "" });
    });
    if (updates.length) edges.update(updates);
  }
  var selectedEdges = [];
  network.on("hoverEdge", function (params) { showLabels([params.edge]); });
  network.on("blurEdge", function () { hideLabels(selectedEdges); });
  network.on("click", function (params) {
    selectedEdges = params.nodes.length ? (edgesOfNode[params.nodes[0]] || []).slice() : params.edges.slice();
    hideLabels(selectedEdges);
    showLabels(selectedEdges);
    if (params.nodes.length) showNode(params.nodes[0]);
    else if (params.edges.length) showEdge(params.edges[0]);
  });
  window.corpkg.showNode = showNode;
  window.corpkg.showEdge = showEdge;
  window.corpkg.selectNode = selectNode;

  // ------------------------------------------------------------------ search
  var datalist = document.getElementById("entity-names");
  var seen = {};
  data.nodes.slice().sort(function (a, b) { return a.fullLabel.localeCompare(b.fullLabel); }).forEach(function (n) {
    if (seen[n.fullLabel]) return;
    seen[n.fullLabel] = true;
    var option = document.createElement("option");
    option.value = n.fullLabel;
    datalist.appendChild(option);
  });
  function findNode(query) {
    var q = query.trim().toLowerCase();
    if (!q) return null;
    var exact = null, alt = null, part = null;
    data.nodes.forEach(function (n) {
      var label = n.fullLabel.toLowerCase();
      if (label === q && !exact) exact = n.id;
      if (!alt && (n.altLabels || []).some(function (a) { return a.toLowerCase() === q; })) alt = n.id;
      if (!part && (label.indexOf(q) >= 0 || (n.altLabels || []).some(function (a) { return a.toLowerCase().indexOf(q) >= 0; }))) part = n.id;
    });
    return exact || alt || part;
  }
  document.getElementById("search-form").addEventListener("submit", function (event) {
    event.preventDefault();
    var query = document.getElementById("search").value;
    var id = findNode(query);
    if (id) { selectNode(id); return; }
    clearDetails();
    body.appendChild(el("p", "muted", "No entity matches “" + query + "”."));
  });
  window.corpkg.findNode = findNode;

  // ------------------------------------------------------------------ role filters
  function applyFilters() {
    var active = {};
    document.querySelectorAll("#role-filters input[name=role]").forEach(function (box) { active[box.value] = box.checked; });
    edges.update(data.edges.map(function (e) { return { id: e.id, hidden: active[e.role] === false }; }));
    var updates = [];
    data.nodes.forEach(function (n) {
      var ids = edgesOfNode[n.id] || [];
      var visible = !ids.length || n.focus || ids.some(function (eid) { return active[edgeById[eid].role] !== false; });
      updates.push({ id: n.id, hidden: !visible });
    });
    nodes.update(updates);
  }
  document.querySelectorAll("#role-filters input[name=role]").forEach(function (box) {
    box.addEventListener("change", applyFilters);
  });

  // ------------------------------------------------------------------ layout buttons
  document.getElementById("fit").addEventListener("click", function () { network.fit({ animation: false }); });
  function relax(seconds) {
    network.setOptions({ physics: { enabled: true } });
    setTimeout(function () { network.setOptions({ physics: { enabled: false } }); }, seconds * 1000);
  }
  document.getElementById("relax").addEventListener("click", function () { relax(3); });
  if (pageOptions.physicsSeconds > 0) relax(pageOptions.physicsSeconds);

  if (!data.nodes.length) {
    hint.textContent = "Nothing to draw: the graph has no entities with relations (try without --roles/--since, or with --isolates).";
  }
  if (data.nodes.some(function (n) { return n.focus; })) {
    var centre = data.nodes.filter(function (n) { return n.focus; })[0];
    network.selectNodes([centre.id]);
    showNode(centre.id);
  }
})();
