// The Sluice run monitor's page: draws the workflow's graph from /graph and updates it from the
// Server-Sent Events of /events (docs/monitor.md). Plain JavaScript and SVG, nothing loaded from
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

  function clock(date) {
    return date.toLocaleTimeString('en-GB');
  }

  function banner(kind, text) {
    const b = $('banner');
    b.dataset.kind = kind;
    b.textContent = text;
  }

  // ---- Layout: longest-path layers from left to right, channels that go back ignored ----

  function layout(graph) {
    const names = graph.actors.map((a) => a.name);
    const order = new Map(names.map((n, i) => [n, i]));
    const out = new Map(names.map((n) => [n, []]));
    const incoming = new Map(names.map((n) => [n, 0]));
    for (const c of graph.channels) {
      const w = actorOf(c.writer);
      for (const r of c.readers) {
        const v = actorOf(r);
        if (out.has(w) && out.has(v) && v !== w) {
          out.get(w).push(v);
          incoming.set(v, incoming.get(v) + 1);
        }
      }
    }
    // A depth-first search from the actors nothing feeds, then from the rest, in the workflow's
    // order: an edge to an actor still on the search's path closes a cycle and is drawn backwards.
    const seen = new Map();
    const back = new Set();
    const visit = (u) => {
      seen.set(u, 1);
      for (const v of out.get(u)) {
        const s = seen.get(v) || 0;
        if (s === 1) {
          back.add(u + '\u0000' + v);
        } else if (s === 0) {
          visit(v);
        }
      }
      seen.set(u, 2);
    };
    names.filter((n) => incoming.get(n) === 0).forEach((n) => { if (!seen.get(n)) visit(n); });
    names.forEach((n) => { if (!seen.get(n)) visit(n); });

    // Longest path over the forward edges (a graph without cycles now).
    const layer = new Map(names.map((n) => [n, 0]));
    for (let i = 0; i < names.length; i++) {
      let changed = false;
      for (const u of names) {
        for (const v of out.get(u)) {
          if (!back.has(u + '\u0000' + v) && layer.get(v) < layer.get(u) + 1) {
            layer.set(v, layer.get(u) + 1);
            changed = true;
          }
        }
      }
      if (!changed) {
        break;
      }
    }
    const columns = [];
    for (const n of names) {
      (columns[layer.get(n)] = columns[layer.get(n)] || []).push(n);
    }
    // Within a column, actors sit near the actors that feed them (their mean row), else in the
    // workflow's order.
    const row = new Map();
    const preds = new Map(names.map((n) => [n, []]));
    for (const u of names) {
      for (const v of out.get(u)) {
        if (!back.has(u + '\u0000' + v)) {
          preds.get(v).push(u);
        }
      }
    }
    columns.forEach((column, c) => {
      if (c > 0) {
        const weight = (n) => {
          const rows = preds.get(n).filter((p) => row.has(p)).map((p) => row.get(p));
          return rows.length ? rows.reduce((a, b) => a + b, 0) / rows.length : order.get(n);
        };
        column.sort((a, b) => weight(a) - weight(b) || order.get(a) - order.get(b));
      }
      column.forEach((n, i) => row.set(n, i));
    });

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

  function draw(graph) {
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
      const g = el('g', { class: 'actor s-STARTING' + (a.fired ? '' : ' elsewhere'), 'data-actor': a.name, transform: 'translate(' + p.x + ',' + p.y + ')' }, boxes);
      el('title', {}, g, a.name + (a.type ? ' (' + a.type + ')' : '') + (a.fired ? '' : ': fired by another part of the run'));
      el('rect', { width: BOX_W, height: BOX_H, rx: 7 }, g);
      fit(el('text', { class: 'name', x: 10, y: 19 }, g), a.name, BOX_W - 20);
      const state = el('text', { class: 'state', x: 10, y: 37 }, g, a.fired ? 'starting' : 'elsewhere');
      const firings = el('text', { class: 'firings', x: 10, y: 54 }, g, a.fired ? 'firings 0' : '');
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
        if (i === 0) {
          labelAt = mid; // a channel with several readers is labelled once, on its first arrow
        }
      });
      const label = el('text', { x: labelAt.x, y: labelAt.y, 'text-anchor': labelAt.anchor }, g);
      el('tspan', { class: 'cname' }, label, c.name + (labelAt.inline || ''));
      const counts = labelAt.inline ? el('tspan', { class: 'counts' }, label) : el('tspan', { class: 'counts', x: labelAt.x, dy: 13 }, label);
      counts.textContent = c.readers.length ? 'depth 0' : '0 dropped';
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
      const cells = [html('td', c.name), html('td', '0'), html('td', '0'), html('td', c.capacity === null ? 'unbounded' : number.format(c.capacity)),
        html('td', '—'), html('td', '', 'text')];
      cells.forEach((td) => tr.appendChild(td));
      channelRows.appendChild(tr);
      drawn.channelRows.set(c.name, cells);
    }
    return drawn;
  }

  function describeChannel(c, s) {
    let text = c.name + ': ' + c.writer + ' → ' + (c.readers.length ? c.readers.join(', ') : 'no reader') + ' (' + c.type + ')';
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
      cells[3].textContent = c.capacity === null ? 'unbounded' : number.format(c.capacity);
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
    if (!ended) {
      banner('closed', 'The monitor has stopped serving; the run may still be going. Shown: the last state received'
        + (lastUpdate ? ', at ' + clock(lastUpdate) : '') + '.');
    }
  }

  function connect() {
    source = new EventSource('events');
    source.addEventListener('open', () => {
      if (!ended && !shownRun) {
        banner('waiting', 'Connected: waiting for a run to start.');
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

  connect();
}());
