// The Sluice run monitor's page: draws the workflow's graph from /graph and updates it from the
// Server-Sent Events of /events; on a monitor that serves lineages, draws a token's lineage from
// /lineage on a second tab (docs/monitor.md). Plain JavaScript and SVG, nothing loaded from
// elsewhere.
(function () {
  'use strict';

  const SVG = 'http://www.w3.org/2000/svg';
  const BOX_W = 172;
  const BOX_H = 64;
  const COL_GAP = 160;
  const ROW_GAP = 64;
  const MARGIN = 36;
  const LOOP_STEP = 22;   // how much higher each further self-loop of an actor rises
  const BACK_STEP = 22;   // how much lower each further backward channel runs
  const STATE_TEXT = {
    STARTING: 'starting',
    FIRING: 'firing',
    WAITING_TO_READ: 'waiting to read',
    WAITING_TO_WRITE: 'waiting to write',
    IDLE: 'idle',
    ENDED: 'ended',
    FAILED: 'failed',
  };
  const number = new Intl.NumberFormat('en-US');

  let shownRun = null;      // the run id whose graph is drawn or being fetched
  let view = null;          // what was drawn: actor boxes and channel labels by name
  let pending = null;       // a snapshot that came before the graph was drawn
  let ended = null;         // the ended event, once it came
  let lastUpdate = null;    // when the last event came
  let source = null;
  let lineageSource = null; // what /lineage answers about, if the monitor serves lineages
  let recordedRun = null;   // the same, if its run's workflow is drawn while no run is shown

  const $ = (id) => document.getElementById(id);

  function el(name, attrs, parent, text) {
    const e = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs || {})) {
      e.setAttribute(k, v);
    }
    if (text !== undefined) {
      e.textContent = text;
    }
    if (parent) {
      parent.appendChild(e);
    }
    return e;
  }

  function html(name, text, cls) {
    const e = document.createElement(name);
    if (text !== undefined) {
      e.textContent = text;
    }
    if (cls) {
      e.className = cls;
    }
    return e;
  }

  // Sets an SVG text, cut short with an ellipsis where it would overflow its box; the whole text
  // is in the box's tooltip and in the tables.
  function fit(text, value, width) {
    text.textContent = value;
    if (text.getComputedTextLength() <= width) {
      return;
    }
    let low = 0;
    let high = value.length;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      text.textContent = value.substring(0, mid) + '…';
      if (text.getComputedTextLength() <= width) {
        low = mid;
      } else {
        high = mid - 1;
      }
    }
    text.textContent = value.substring(0, low) + '…';
  }

  function actorOf(portRef) {
    return portRef.substring(0, portRef.indexOf('.'));
  }

  function millis(ms) {
    if (ms < 1000) {
      return ms + ' ms';
    }
    const s = ms / 1000;
    if (s < 60) {
      return s.toFixed(1) + ' s';
    }
    const h = Math.floor(s / 3600);
    const m = Math.floor((s % 3600) / 60);
    const rest = Math.floor(s % 60);
    const two = (n) => String(n).padStart(2, '0');
    return (h > 0 ? h + ':' + two(m) : m) + ':' + two(rest);
  }

  function rate(perSecond) {
    if (perSecond >= 1e6) {
      return (perSecond / 1e6).toFixed(1) + 'M/s';
    }
    if (perSecond >= 1e3) {
      return (perSecond / 1e3).toFixed(1) + 'k/s';
    }
    return number.format(Math.round(perSecond)) + '/s';
  }

  /** A channel's capacities as the table shows them: in tokens, and in bytes if it has a byte bound. */
  function capacityText(c) {
    const bytes = c.capacityBytes == null ? null : byteSize(c.capacityBytes);
    if (c.capacity === null) {
      return bytes === null ? 'unbounded' : bytes;
    }
    return number.format(c.capacity) + (bytes === null ? '' : ' · ' + bytes);
  }

  function byteSize(n) {
    for (const [unit, size] of [['GiB', 2 ** 30], ['MiB', 2 ** 20], ['KiB', 2 ** 10]]) {
      if (n >= size && n % size === 0) {
        return number.format(n / size) + ' ' + unit;
      }
    }
    return number.format(n) + ' B';
  }

  function clock(date) {
    return date.toLocaleTimeString('en-GB');
  }

  function banner(kind, text) {
    const b = $('banner');
    b.dataset.kind = kind;
    b.textContent = text;
  }

  // ---- Layout: longest-path layers from left to right, edges that go back ignored ----

  // Ranks a directed graph for drawing: each node's layer is the longest path to it from the
  // nodes nothing feeds, over the edges that do not close a cycle (found by a depth-first search
  // from those nodes, then from the rest, in the given order: an edge to a node still on the
  // search's path goes back). Within a layer, nodes sit near the mean row of the nodes that feed
  // them, else in the given order. Used for the workflow's graph and for lineages.
  function rank(names, pairs) {
    const order = new Map(names.map((n, i) => [n, i]));
    const out = new Map(names.map((n) => [n, []]));
    const incoming = new Map(names.map((n) => [n, 0]));
    for (const [u, v] of pairs) {
      if (out.has(u) && out.has(v) && u !== v) {
        out.get(u).push(v);
        incoming.set(v, incoming.get(v) + 1);
      }
    }
    const seen = new Map();
    const back = new Set();
    // Iterative, so that a long chain (a deep lineage) cannot overflow the stack.
    const visit = (root) => {
      const stack = [[root, 0]];
      seen.set(root, 1);
      while (stack.length) {
        const top = stack[stack.length - 1];
        const next = out.get(top[0]);
        if (top[1] === next.length) {
          seen.set(top[0], 2);
          stack.pop();
          continue;
        }
        const v = next[top[1]++];
        const s = seen.get(v) || 0;
        if (s === 1) {
          back.add(top[0] + '\u0000' + v);
        } else if (s === 0) {
          seen.set(v, 1);
          stack.push([v, 0]);
        }
      }
    };
    names.filter((n) => incoming.get(n) === 0).forEach((n) => { if (!seen.get(n)) visit(n); });
    names.forEach((n) => { if (!seen.get(n)) visit(n); });
    const forward = (u, v) => !back.has(u + '\u0000' + v);

    // Longest path over the forward edges, in a topological order (they form no cycle).
    const layer = new Map(names.map((n) => [n, 0]));
    const waiting = new Map(names.map((n) => [n, 0]));
    for (const u of names) {
      for (const v of out.get(u)) {
        if (forward(u, v)) {
          waiting.set(v, waiting.get(v) + 1);
        }
      }
    }
    const ready = names.filter((n) => waiting.get(n) === 0);
    for (let i = 0; i < ready.length; i++) {
      const u = ready[i];
      for (const v of out.get(u)) {
        if (forward(u, v)) {
          layer.set(v, Math.max(layer.get(v), layer.get(u) + 1));
          waiting.set(v, waiting.get(v) - 1);
          if (waiting.get(v) === 0) {
            ready.push(v);
          }
        }
      }
    }
    const columns = [];
    for (const n of names) {
      (columns[layer.get(n)] = columns[layer.get(n)] || []).push(n);
    }
    const row = new Map();
    const preds = new Map(names.map((n) => [n, []]));
    for (const u of names) {
      for (const v of out.get(u)) {
        if (forward(u, v)) {
          preds.get(v).push(u);
        }
      }
    }
    columns.forEach((column, c) => {
      if (c > 0) {
        const weight = new Map(column.map((n) => {
          const rows = preds.get(n).filter((p) => row.has(p)).map((p) => row.get(p));
          return [n, rows.length ? rows.reduce((a, b) => a + b, 0) / rows.length : order.get(n)];
        }));
        column.sort((a, b) => weight.get(a) - weight.get(b) || order.get(a) - order.get(b));
      }
      column.forEach((n, i) => row.set(n, i));
    });
    return { back, columns, row };
  }

  function layout(graph) {
    const names = graph.actors.map((a) => a.name);
    const pairs = [];
    for (const c of graph.channels) {
      for (const r of c.readers) {
        pairs.push([actorOf(c.writer), actorOf(r)]);
      }
    }
    const { back, columns } = rank(names, pairs);

    // Room above the boxes for self-loops, below them for channels that go back.
    const loops = new Map(names.map((n) => [n, 0]));
    const stubs = new Map(names.map((n) => [n, 0]));
    let backs = 0;
    for (const c of graph.channels) {
      const w = actorOf(c.writer);
      if (c.readers.length === 0 && stubs.has(w)) {
        stubs.set(w, stubs.get(w) + 1);
      }
      for (const r of c.readers) {
        const v = actorOf(r);
        if (v === w) {
          loops.set(w, loops.get(w) + 1);
        } else if (back.has(w + '\u0000' + v)) {
          backs++;
        }
      }
    }
    const maxLoops = Math.max(0, ...loops.values());
    const top = MARGIN + (maxLoops > 0 ? 20 + maxLoops * LOOP_STEP : 0);
    const rows = Math.max(1, ...columns.map((c) => c.length));
    const pos = new Map();
    columns.forEach((column, c) => {
      const offset = ((rows - column.length) * (BOX_H + ROW_GAP)) / 2;
      column.forEach((n, i) => {
        pos.set(n, { x: MARGIN + c * (BOX_W + COL_GAP), y: top + offset + i * (BOX_H + ROW_GAP), layer: c });
      });
    });
    const maxStubs = Math.max(0, ...stubs.values());
    const bottom = top + rows * (BOX_H + ROW_GAP) - ROW_GAP + (maxStubs > 0 ? 16 + maxStubs * 14 : 0);
    const width = MARGIN * 2 + columns.length * (BOX_W + COL_GAP) - COL_GAP + 90;
    const height = bottom + MARGIN + (backs > 0 ? 30 + backs * BACK_STEP : 0);
    return { pos, back, loops, bottom, width, height };
  }

  // ---- Drawing ----

  // Draws the workflow's graph and fills the tables: of the run shown, or, when no run is and a
  // lineage source tells its run's channels, of that recorded run (no states, no counts).
  function draw(graph, recorded) {
    const svg = $('graph');
    svg.replaceChildren();
    const at = layout(graph);
    svg.setAttribute('width', at.width);
    svg.setAttribute('height', at.height);
    svg.setAttribute('viewBox', '0 0 ' + at.width + ' ' + at.height);
    const defs = el('defs', {}, svg);
    for (const id of ['arrow', 'arrow-flowing', 'arrow-full']) {
      const m = el('marker', { id, viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' }, defs);
      el('path', { d: 'M0,0 L10,5 L0,10 z' }, m);
    }
    const edges = el('g', { class: 'channels' }, svg);
    const boxes = el('g', { class: 'actors' }, svg);
    const drawn = { actors: new Map(), channels: new Map(), actorRows: new Map(), channelRows: new Map() };

    for (const a of graph.actors) {
      const p = at.pos.get(a.name);
      const g = el('g', { class: 'actor ' + (recorded ? 'recorded' : 's-STARTING') + (a.fired ? '' : ' elsewhere'), 'data-actor': a.name, transform: 'translate(' + p.x + ',' + p.y + ')' }, boxes);
      el('title', {}, g, a.name + (a.type ? ' (' + a.type + ')' : '') + (a.fired ? '' : ': fired by another part of the run'));
      el('rect', { width: BOX_W, height: BOX_H, rx: 7 }, g);
      fit(el('text', { class: 'name', x: 10, y: 19 }, g), a.name, BOX_W - 20);
      const state = el('text', { class: 'state', x: 10, y: 37 }, g, recorded ? 'recorded' : a.fired ? 'starting' : 'elsewhere');
      const firings = el('text', { class: 'firings', x: 10, y: 54 }, g, a.fired && !recorded ? 'firings 0' : '');
      drawn.actors.set(a.name, { g, state, firings, title: g.firstChild, info: a });
    }

    const loopCount = new Map();
    const stubCount = new Map();
    const backOut = new Map();
    const backIn = new Map();
    let backCount = 0;
    const pairCount = new Map();
    const bump = (counts, key) => {
      const k = counts.get(key) || 0;
      counts.set(key, k + 1);
      return k;
    };
    for (const c of graph.channels) {
      const w = actorOf(c.writer);
      const from = at.pos.get(w);
      const g = el('g', { class: 'channel', 'data-channel': c.name }, edges);
      const title = el('title', {}, g, describeChannel(c, null));
      g.addEventListener('click', () => {
        if (lineageSource) {
          askAbout(c.name); // on a monitor that serves lineages: ask about one of its tokens
        }
      });
      let labelAt = null;
      if (c.readers.length === 0) {
        // A short stub down from the box's corner to a small circle: its tokens are dropped.
        const k = bump(stubCount, w);
        const sx = from.x + BOX_W - 16 - k * 10;
        const sy = from.y + BOX_H;
        el('path', { class: 'edge', d: 'M' + sx + ',' + sy + ' L' + sx + ',' + (sy + 16) }, g);
        el('circle', { class: 'drop', cx: sx, cy: sy + 21, r: 4 }, g);
        labelAt = { x: sx - 10, y: sy + 25 + k * 14, anchor: 'end', inline: ': ' };
      }
      c.readers.forEach((r, i) => {
        const v = actorOf(r);
        const to = at.pos.get(v);
        let d;
        let mid;
        if (v === w) {
          // Loops of one actor nest above it: the first lowest and narrowest, none crossing.
          const k = bump(loopCount, w);
          const inset = 18 + (at.loops.get(w) - 1 - k) * 12;
          const x1 = from.x + BOX_W - inset;
          const x2 = from.x + inset;
          const yt = from.y - 22 - k * LOOP_STEP;
          d = 'M' + x1 + ',' + from.y + ' L' + x1 + ',' + (yt + 6) + ' Q' + x1 + ',' + yt + ' ' + (x1 - 6) + ',' + yt
            + ' L' + (x2 + 6) + ',' + yt + ' Q' + x2 + ',' + yt + ' ' + x2 + ',' + (yt + 6) + ' L' + x2 + ',' + from.y;
          mid = { x: from.x + BOX_W / 2, y: yt - 5, anchor: 'middle', inline: ' · ' };
        } else if (at.back.has(w + '\u0000' + v)) {
          // A channel that goes back runs below every box, from the writer's bottom left to the
          // reader's bottom right.
          const yb = at.bottom + 30 + backCount * BACK_STEP;
          backCount++;
          const sx = from.x + 24 + bump(backOut, w) * 10;
          const ex = to.x + BOX_W - 24 - bump(backIn, v) * 10;
          d = 'M' + sx + ',' + (from.y + BOX_H) + ' L' + sx + ',' + yb + ' L' + ex + ',' + yb + ' L' + ex + ',' + (to.y + BOX_H);
          mid = { x: (sx + ex) / 2, y: yb - 18, anchor: 'middle' };
        } else {
          const k = bump(pairCount, w + '\u0000' + v);
          const shift = (k % 2 === 0 ? 1 : -1) * Math.ceil(k / 2) * 12;
          const sx = from.x + BOX_W;
          const sy = from.y + BOX_H / 2 + shift;
          const ex = to.x;
          const ey = to.y + BOX_H / 2 + shift;
          const dx = Math.max(40, (ex - sx) / 2);
          d = 'M' + sx + ',' + sy + ' C' + (sx + dx) + ',' + sy + ' ' + (ex - dx) + ',' + ey + ' ' + ex + ',' + ey;
          mid = { x: (sx + ex) / 2, y: (sy + ey) / 2 - 20, anchor: 'middle' };
        }
        el('path', { class: 'edge', d }, g);
        el('path', { class: 'hit', d }, g); // wider than the arrow, to click
        if (i === 0) {
          labelAt = mid; // a channel with several readers is labelled once, on its first arrow
        }
      });
      const label = el('text', { x: labelAt.x, y: labelAt.y, 'text-anchor': labelAt.anchor }, g);
      el('tspan', { class: 'cname' }, label, c.name + (labelAt.inline || ''));
      const counts = labelAt.inline ? el('tspan', { class: 'counts' }, label) : el('tspan', { class: 'counts', x: labelAt.x, dy: 13 }, label);
      counts.textContent = recorded ? '' : c.readers.length ? 'depth 0' : '0 dropped';
      drawn.channels.set(c.name, { g, counts, title, info: c });
    }

    const actorRows = document.querySelector('#actors tbody');
    actorRows.replaceChildren();
    for (const a of graph.actors) {
      const tr = html('tr');
      tr.dataset.actor = a.name;
      const cells = [html('td', a.name), html('td', a.fired ? 'starting' : 'elsewhere', 'text'), html('td', '', 'text'),
        html('td', '0'), html('td', '—'), html('td', '—'), html('td', '—')];
      cells.forEach((td) => tr.appendChild(td));
      actorRows.appendChild(tr);
      drawn.actorRows.set(a.name, cells);
    }
    const channelRows = document.querySelector('#channels tbody');
    channelRows.replaceChildren();
    for (const c of graph.channels) {
      const tr = html('tr');
      tr.dataset.channel = c.name;
      const cells = [html('td', c.name), html('td', '0'), html('td', '0'), html('td', capacityText(c)),
        html('td', '—'), html('td', '', 'text')];
      cells.forEach((td) => tr.appendChild(td));
      channelRows.appendChild(tr);
      drawn.channelRows.set(c.name, cells);
    }
    return drawn;
  }

  function describeChannel(c, s) {
    let text = c.name + ': ' + c.writer + ' → ' + (c.readers.length ? c.readers.join(', ') : 'no reader') + (c.type ? ' (' + c.type + ')' : '');
    if (s) {
      text += '\nwritten ' + number.format(s.written) + ', depth ' + number.format(s.depth);
      for (const [reader, at] of Object.entries(s.read)) {
        text += '\n' + reader + ' at ' + number.format(at);
      }
    }
    return text;
  }

  // ---- Updates ----

  function applySnapshot(s) {
    if (!ended) {
      // Once the run has ended, the header shows its end, not its last snapshot.
      $('phase').textContent = s.phase.toLowerCase();
      $('elapsed').textContent = millis(s.elapsedMillis);
      $('tokens').textContent = number.format(s.tokensWritten);
      $('rate').textContent = rate(s.channels.reduce((sum, c) => sum + c.rate, 0));
      const failed = s.actors.filter((a) => a.state === 'FAILED').map((a) => a.name);
      showErrors(failed.length ? failed.map((n) => 'actor ' + n + ' failed').join('; ') : null);
    }
    if (!view) {
      pending = s;
      return;
    }
    for (const a of s.actors) {
      const box = view.actors.get(a.name);
      if (!box) {
        continue;
      }
      box.g.setAttribute('class', 'actor s-' + a.state);
      box.g.dataset.state = a.state;
      fit(box.state, STATE_TEXT[a.state] + (a.waitingOn ? ' ' + a.waitingOn : ''), BOX_W - 20);
      box.firings.textContent = 'firings ' + number.format(a.firings);
      box.g.dataset.firings = a.firings;
      const watched = a.busyMillis + a.waitingToReadMillis + a.waitingToWriteMillis;
      const share = (ms) => (watched > 0 ? Math.round((100 * ms) / watched) + '%' : '—');
      box.title.textContent = a.name + (box.info.type ? ' (' + box.info.type + ')' : '') + '\n' + STATE_TEXT[a.state]
        + (a.waitingOn ? ' ' + a.waitingOn : '') + '\nfirings ' + number.format(a.firings) + '\nbusy ' + millis(a.busyMillis)
        + ', starved ' + millis(a.waitingToReadMillis) + ', back-pressured ' + millis(a.waitingToWriteMillis);
      const cells = view.actorRows.get(a.name);
      cells[1].textContent = STATE_TEXT[a.state];
      cells[2].textContent = a.waitingOn || '';
      cells[3].textContent = number.format(a.firings);
      cells[4].textContent = share(a.busyMillis);
      cells[5].textContent = share(a.waitingToReadMillis);
      cells[6].textContent = share(a.waitingToWriteMillis);
    }
    for (const c of s.channels) {
      const ch = view.channels.get(c.name);
      if (!ch) {
        continue;
      }
      const hasReaders = Object.keys(c.read).length > 0;
      ch.counts.textContent = hasReaders
        ? 'depth ' + number.format(c.depth) + (c.capacity !== null ? '/' + number.format(c.capacity) : '') + ' · ' + rate(c.rate)
        : number.format(c.written) + ' dropped';
      const full = c.capacity !== null && c.depth >= c.capacity * 0.9 && c.depth > 0;
      ch.g.setAttribute('class', 'channel' + (full ? ' full' : c.rate > 0 ? ' flowing' : ''));
      ch.g.dataset.depth = c.depth;
      ch.g.dataset.written = c.written;
      ch.title.textContent = describeChannel(ch.info, c);
      const cells = view.channelRows.get(c.name);
      cells[1].textContent = number.format(c.written);
      cells[2].textContent = number.format(c.depth);
      cells[3].textContent = capacityText(c);
      cells[4].textContent = rate(c.rate);
      cells[5].textContent = Object.entries(c.read).map(([r, at]) => r + ' ' + number.format(at)).join(', ');
    }
  }

  function showErrors(text) {
    const e = $('errors');
    e.textContent = text || 'none';
    e.classList.toggle('has-errors', !!text);
  }

  function showEnded(e) {
    ended = e;
    $('phase').textContent = 'ended';
    $('elapsed').textContent = millis(e.durationMillis);
    $('tokens').textContent = number.format(e.tokensWritten);
    $('rate').textContent = '—';
    if (e.status === 'COMPLETED') {
      showErrors(null);
      banner('ended', 'The run has ended: completed in ' + millis(e.durationMillis) + ', ' + number.format(e.tokensWritten) + ' tokens written.');
    } else if (e.status === 'CANCELLED') {
      showErrors('cancelled');
      banner('cancelled', 'The run has ended: cancelled after ' + millis(e.durationMillis) + (e.message ? ': ' + e.message : '.'));
    } else {
      showErrors(e.message || 'the run failed');
      banner('failed', 'The run has ended: failed after ' + millis(e.durationMillis) + (e.message ? ': ' + e.message : '.'));
    }
  }

  function showGraph(runId) {
    fetch('graph', { cache: 'no-store' })
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error('HTTP ' + r.status))))
      .then((graph) => {
        if (graph.runId !== shownRun) {
          return; // another run started meanwhile: its own fetch draws it
        }
        view = draw(graph);
        if (pending && pending.runId === graph.runId) {
          applySnapshot(pending);
        }
        pending = null;
      })
      .catch(() => setTimeout(() => { if (shownRun === runId) showGraph(runId); }, 1000));
  }

  function onStarted(e) {
    const run = JSON.parse(e.data);
    lastUpdate = new Date();
    if (run.runId === shownRun) {
      return; // the same run again, after a reconnection
    }
    shownRun = run.runId;
    document.body.dataset.mode = 'live';
    view = null;
    pending = null;
    ended = null;
    $('run-id').textContent = run.runId;
    $('workflow').textContent = run.workflow;
    $('director').textContent = run.director;
    $('phase').textContent = 'starting';
    $('elapsed').textContent = '—';
    $('tokens').textContent = '0';
    showErrors(null);
    banner('running', 'Live: the run is going.');
    showGraph(run.runId);
  }

  function onSnapshot(e) {
    const s = JSON.parse(e.data);
    lastUpdate = new Date();
    if (s.runId !== shownRun || ended) {
      return;
    }
    applySnapshot(s);
    if (s.failure) {
      showErrors(s.failure);
      banner('failed', 'The run is stopping: ' + s.failure);
    } else {
      banner('running', 'Live: the run is going; last update at ' + clock(lastUpdate) + '.');
    }
  }

  function onEnded(e) {
    const end = JSON.parse(e.data);
    source.close(); // the stream ends here: no reconnection
    if (end.runId === shownRun) {
      showEnded(end); // a graph still on its way shows the last snapshot when it comes
    }
  }

  function onClosed() {
    source.close();
    if (!shownRun) {
      banner('closed', 'The monitor has stopped serving.');
    } else if (!ended) {
      banner('closed', 'The monitor has stopped serving; the run may still be going. Shown: the last state received'
        + (lastUpdate ? ', at ' + clock(lastUpdate) : '') + '.');
    }
  }

  // What the banner says while no run is shown.
  function idle() {
    if (recordedRun) {
      banner('recorded', 'A recorded run' + (recordedRun.runId ? ' (' + recordedRun.runId + ')' : '')
        + ': its workflow and its tokens\' lineages; nothing runs here.');
    } else {
      banner('waiting', 'Connected: waiting for a run to start.');
    }
  }

  function connect() {
    source = new EventSource('events');
    source.addEventListener('open', () => {
      if (!ended && !shownRun) {
        idle();
      }
    });
    source.addEventListener('started', onStarted);
    source.addEventListener('snapshot', onSnapshot);
    source.addEventListener('ended', onEnded);
    source.addEventListener('closed', onClosed);
    source.addEventListener('error', () => {
      if (ended || $('banner').dataset.kind === 'closed') {
        return;
      }
      const retrying = source.readyState === EventSource.CONNECTING;
      banner('disconnected', 'Disconnected from the monitor: no news of the run' + (lastUpdate ? ' since ' + clock(lastUpdate) : '')
        + '. ' + (retrying ? 'Trying again…' : 'Reload the page to try again.'));
    });
  }


  // ---- Lineages: a token's lineage as a graph, from /lineage (when the monitor has a source) ----

  const L_W = 208;        // a lineage node's width
  const L_H = 40;         // and height
  const L_COL_GAP = 64;
  const L_ROW_GAP = 16;
  const L_MAX_NODES = 4000; // more would not be readable, nor quick to lay out
  let lineageAsked = 0;   // counts the questions, so that only the latest answer is drawn

  function showTab(name) {
    for (const tab of ['workflow', 'lineage']) {
      const on = tab === name;
      $(tab + '-view').hidden = !on;
      const button = $('tab-' + tab);
      button.setAttribute('aria-selected', String(on));
      button.tabIndex = on ? 0 : -1;
    }
  }

  function lineageStatus(kind, text) {
    const p = $('lineage-status');
    p.dataset.kind = kind;
    p.textContent = text;
  }

  // The workflow's graph as a source tells its channels: the actors are those their ports name.
  function recordedGraph(d) {
    const actors = [];
    const known = new Set();
    const add = (port) => {
      const a = actorOf(port);
      if (!known.has(a)) {
        known.add(a);
        actors.push({ name: a, type: null, fired: true, ports: [] });
      }
    };
    for (const c of d.channels) {
      add(c.writer);
      c.readers.forEach(add);
    }
    const channels = d.channels.map((c) => ({ name: c.name, writer: c.writer, readers: c.readers, type: null, capacity: null, initialTokens: 0, capacityBytes: null }));
    return { runId: d.runId, workflow: d.workflow, actors, channels };
  }

  // Asks the monitor whether it serves lineages; if it does, shows the lineage tab and, while no
  // run is shown, the recorded run's workflow; then the lineage the page's address asks for, if any.
  function findLineageSource() {
    fetch('lineage', { cache: 'no-store' })
      .then((r) => (r.ok ? r.json() : null))
      .then((d) => {
        if (!d) {
          return; // no source: no lineage controls
        }
        lineageSource = d;
        document.body.dataset.lineage = 'on';
        $('tabs').hidden = false;
        const list = $('lineage-channels');
        list.replaceChildren(...d.channels.map((c) => {
          const o = document.createElement('option');
          o.value = c.name;
          return o;
        }));
        $('lineage-depth').max = d.maxDepth;
        $('lineage-depth').value = d.defaultDepth;
        if (!shownRun && d.channels.length) {
          recordedRun = d;
          document.body.dataset.mode = 'recorded';
          $('run-id').textContent = d.runId || '—';
          $('workflow').textContent = d.workflow || '—';
          $('phase').textContent = 'recorded';
          view = draw(recordedGraph(d), true);
          if ($('banner').dataset.kind !== 'closed') {
            idle();
          }
        }
        const asked = new URLSearchParams(location.search);
        if (asked.has('channel') && asked.has('seq')) {
          askLineage({
            channel: asked.get('channel'),
            seq: asked.get('seq'),
            direction: asked.get('direction') === 'forward' ? 'forward' : 'back',
            depth: asked.get('depth') || d.defaultDepth,
          });
        }
      })
      .catch(() => { /* no lineages: the workflow's view stands alone */ });
  }

  // A click on a channel of the workflow's graph: the form, ready for a seq of that channel.
  function askAbout(channel) {
    showTab('lineage');
    $('lineage-channel').value = channel;
    $('lineage-seq').value = '';
    $('lineage-seq').focus();
    lineageStatus('idle', 'Which token of ' + channel + '? Give its seq (its position in the channel, from 0) and press Show lineage.');
  }

  function fillForm(q) {
    $('lineage-channel').value = q.channel;
    $('lineage-seq').value = q.seq;
    $('lineage-direction').value = q.direction;
    $('lineage-depth').value = q.depth;
  }

  function askLineage(q) {
    showTab('lineage');
    fillForm(q);
    const params = new URLSearchParams({ channel: q.channel, seq: String(q.seq), direction: q.direction, depth: String(q.depth) });
    const token = q.channel + '#' + q.seq;
    const asked = ++lineageAsked;
    lineageStatus('asking', 'Asking for the lineage of ' + token + '…');
    fetch('lineage?' + params, { cache: 'no-store' })
      .then((r) => r.json().then((body) => ({ r, body }), () => ({ r, body: {} })))
      .then(({ r, body }) => {
        if (asked !== lineageAsked) {
          return; // a later question was asked meanwhile
        }
        if (!r.ok) {
          clearLineage();
          lineageStatus('error', (body.error || 'the monitor answered HTTP ' + r.status) + '.');
          return;
        }
        history.replaceState(null, '', '?' + params);
        if (body.nodes.length > L_MAX_NODES) {
          clearLineage();
          lineageStatus('error', 'The lineage of ' + token + ' has ' + number.format(body.nodes.length)
            + ' nodes, too many to draw: ask with a smaller depth.');
          return;
        }
        drawLineage(body);
        const firings = body.nodes.filter((n) => n.kind === 'firings').length;
        lineageStatus('shown', 'The lineage of ' + token + ', ' + (body.direction === 'back' ? 'what it came from' : 'what came of it')
          + ', to depth ' + body.depth + ': ' + number.format(firings) + (firings === 1 ? ' firing' : ' firings') + ' shown.'
          + (firings ? ' Click a token to see its own lineage.' : ''));
      })
      .catch((e) => {
        if (asked === lineageAsked) {
          lineageStatus('error', 'Cannot reach the monitor: ' + e.message + '.');
        }
      });
  }

  function clearLineage() {
    const svg = $('lineage');
    svg.replaceChildren();
    svg.removeAttribute('width');
    svg.removeAttribute('height');
    $('lineage-notes').replaceChildren();
  }

  function nodeTitle(n) {
    if (n.kind === 'firings') {
      return n.count === 1 ? 'firing ' + n.firstFiring + ' of ' + n.actor
        : 'firings ' + n.firstFiring + ' to ' + n.lastFiring + ' of ' + n.actor + ' (' + number.format(n.count) + ' firings)';
    }
    let text = n.count === 1 ? 'token ' + n.fromSeq + ' of ' + n.channel
      : 'tokens ' + n.fromSeq + ' to ' + (n.toSeq - 1) + ' of ' + n.channel + ' (' + number.format(n.count) + ' tokens)';
    if (n.value !== null) {
      text += '\n' + n.value;
    }
    if (n.asked) {
      text += '\nthe token asked about';
    } else if (n.count === 1) {
      text += '\nclick to see its lineage';
    }
    return text;
  }

  const FLOW_TEXT = { consumed: 'consumed by', produced: 'produced', derived: 'derived, through the actor\'s state, into', part: 'within' };

  // Draws a lineage from left to right in the order its tokens flowed: tokens, the firing that
  // consumed them, what it produced, and so on. Laid out by the same ranking as the workflow.
  function drawLineage(body) {
    const svg = $('lineage');
    svg.replaceChildren();
    const ids = body.nodes.map((n) => n.id);
    const { back, columns, row } = rank(ids, body.edges.map((e) => [e.from, e.to]));
    const rows = Math.max(1, ...columns.map((c) => c.length));
    const pos = new Map();
    columns.forEach((column, c) => {
      const offset = ((rows - column.length) * (L_H + L_ROW_GAP)) / 2;
      column.forEach((id) => {
        pos.set(id, { x: MARGIN + c * (L_W + L_COL_GAP), y: MARGIN + offset + row.get(id) * (L_H + L_ROW_GAP) });
      });
    });
    const width = MARGIN * 2 + columns.length * (L_W + L_COL_GAP) - L_COL_GAP;
    const height = MARGIN * 2 + rows * (L_H + L_ROW_GAP) - L_ROW_GAP + 24; // room for loops below the last row
    svg.setAttribute('width', width);
    svg.setAttribute('height', height);
    svg.setAttribute('viewBox', '0 0 ' + width + ' ' + height);
    const defs = el('defs', {}, svg);
    for (const id of ['l-arrow', 'l-arrow-widened']) {
      const m = el('marker', { id, viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' }, defs);
      el('path', { d: 'M0,0 L10,5 L0,10 z' }, m);
    }
    const edges = el('g', { class: 'ledges' }, svg);
    const nodes = el('g', { class: 'lnodes' }, svg);
    const byId = new Map(body.nodes.map((n) => [n.id, n]));
    for (const e of body.edges) {
      const from = pos.get(e.from);
      const to = pos.get(e.to);
      const sx = from.x + L_W;
      const sy = from.y + L_H / 2;
      const ex = to.x;
      const ey = to.y + L_H / 2;
      // An edge that goes back closes a cycle: a firing that took back, in the same firing, tokens
      // it put itself (an actor that feeds itself). It runs below the two boxes.
      const goesBack = back.has(e.from + '\u0000' + e.to) || ex <= sx;
      const d = !goesBack
        ? 'M' + sx + ',' + sy + ' C' + (sx + (ex - sx) / 2) + ',' + sy + ' ' + (ex - (ex - sx) / 2) + ',' + ey + ' ' + ex + ',' + ey
        : 'M' + (from.x + L_W / 2) + ',' + (from.y + L_H) + ' C' + (from.x + L_W / 2) + ',' + (from.y + L_H + 22) + ' '
          + (to.x + L_W / 2) + ',' + (to.y + L_H + 22) + ' ' + (to.x + L_W / 2) + ',' + (to.y + L_H);
      const g = el('g', { class: 'ledge ' + e.flow + (e.widened ? ' widened' : '') + (goesBack ? ' back' : ''), 'data-from': e.from, 'data-to': e.to, 'data-flow': e.flow }, edges);
      el('title', {}, g, byId.get(e.from).label + ' ' + FLOW_TEXT[e.flow] + ' ' + byId.get(e.to).label
        + (e.widened ? '\nwidened: ' + e.widened : ''));
      el('path', { d }, g);
    }
    for (const n of body.nodes) {
      const p = pos.get(n.id);
      const cls = 'lnode ' + n.kind + (n.asked ? ' asked' : '') + (n.kind === 'tokens' && n.count === 1 && !n.asked ? ' askable' : '');
      const g = el('g', { class: cls, 'data-node': n.id, 'data-label': n.label, transform: 'translate(' + p.x + ',' + p.y + ')' }, nodes);
      el('title', {}, g, nodeTitle(n));
      el('rect', { width: L_W, height: L_H, rx: n.kind === 'firings' ? 5 : L_H / 2 }, g);
      let second;
      if (n.kind === 'firings') {
        second = n.count === 1 ? '' : number.format(n.count) + ' firings';
      } else {
        second = n.count === 1 ? (n.value !== null ? '"' + n.value + '"' : '') : number.format(n.count) + ' tokens';
      }
      fit(el('text', { class: 'label', x: L_W / 2, y: second ? 17 : 24, 'text-anchor': 'middle' }, g), n.label, L_W - 24);
      if (second) {
        fit(el('text', { class: 'detail', x: L_W / 2, y: 32, 'text-anchor': 'middle' }, g), second, L_W - 24);
      }
      if (cls.includes('askable')) {
        g.addEventListener('click', () => askLineage({
          channel: n.channel, seq: n.fromSeq, direction: $('lineage-direction').value, depth: $('lineage-depth').value,
        }));
      }
    }
    const notes = $('lineage-notes');
    notes.replaceChildren(...body.notes.map((text) => html('li', text)));
  }

  $('tab-workflow').addEventListener('click', () => showTab('workflow'));
  $('tab-lineage').addEventListener('click', () => showTab('lineage'));
  $('lineage-form').addEventListener('submit', (e) => {
    e.preventDefault();
    askLineage({
      channel: $('lineage-channel').value.trim(),
      seq: $('lineage-seq').value,
      direction: $('lineage-direction').value,
      depth: $('lineage-depth').value,
    });
  });

  connect();
  findLineageSource();
}());
