'use strict';
// statlens HTML report: draws the line, overlay and stacked-area charts from their JSON (value under the mouse,
// drag to zoom the time axis, double-click or "Whole run" to zoom out, click a legend entry to hide its series),
// reads out the heat-map cell under the mouse (key, time, value) over its static picture, marks the part of the
// contents being read, and opens every section for printing. Nothing is fetched; strings
// from the data reach the page as text nodes only.
(function () {
  // The SVG namespace, from a chart of the page rather than written here: the file names no URL at all.
  const NS = (document.querySelector('figure svg') || {}).namespaceURI;
  const W = 960, H = 400;
  const M = {l: 74, r: 30, t: 14, b: 44};
  const PW = W - M.l - M.r, PH = H - M.t - M.b;
  const DASHES = ['', '7 4', '2 3', '9 3 2 3'];
  const page = JSON.parse(document.getElementById('statlens-page').textContent);

  function el(tag, attrs, parent) {
    const e = document.createElementNS(NS, tag);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }

  function div(cls, parent, text) {
    const e = document.createElement('div');
    e.className = cls;
    if (text !== undefined) e.textContent = text;
    if (parent) parent.appendChild(e);
    return e;
  }

  // Numbers as the report's tables show them (ReadableNumbers): the integer part whole, `s` significant digits,
  // at most `m` decimals, thousands grouped, the separators of the report's locale.
  function number(v, st) {
    if (v === null || v === undefined || Number.isNaN(v)) return 'no value';
    if (!Number.isFinite(v)) return v > 0 ? 'inf' : '-inf';
    if (v === 0) return '0';
    const intDigits = Math.floor(Math.log10(Math.abs(v))) + 1;
    const decimals = Math.min(st.m, Math.max(0, st.s - intDigits));
    let t = Math.abs(v).toFixed(decimals);
    if (t.indexOf('.') >= 0) t = t.replace(/0+$/, '').replace(/\.$/, '');
    if (/^[0.]*$/.test(t)) return '0';
    const parts = t.split('.');
    const grouped = parts[0].replace(/\B(?=(\d{3})+(?!\d))/g, page.group);
    return (v < 0 ? '-' : '') + grouped + (parts.length > 1 ? page.decimal + parts[1] : '');
  }

  // Tick labels as the static charts have them: k, M, G... from 10,000 up, as many decimals as the step needs.
  function tick(v, step) {
    if (v === 0) return '0';
    const a = Math.abs(v);
    const group = a < 10000 ? 0 : Math.min(5, Math.floor(Math.log10(a) / 3));
    const div = Math.pow(1000, group);
    const decimals = Math.max(0, -Math.floor(Math.log10(step / div) + 1e-9));
    let t = (v / div).toFixed(decimals);
    if (t.indexOf('.') >= 0) t = t.replace(/0+$/, '').replace(/\.$/, '');
    return t.replace('.', page.decimal) + ['', 'k', 'M', 'G', 'T', 'P'][group];
  }

  function niceStep(span, count) {
    const raw = span / Math.max(1, count);
    const p = Math.pow(10, Math.floor(Math.log10(raw)));
    for (const m of [1, 2, 5, 10]) if (m * p >= raw) return m * p;
    return 10 * p;
  }

  const pad = n => String(n).padStart(2, '0');

  function offsetAt(c, t) {
    let o = c.tz[0][1];
    for (const z of c.tz) if (t >= z[0]) o = z[1];
    return o;
  }

  // Clock fields of epoch milliseconds in the report's zone.
  function fields(c, t) {
    const d = new Date(t + offsetAt(c, t) * 60000);
    return {y: d.getUTCFullYear(), mo: pad(d.getUTCMonth() + 1), d: pad(d.getUTCDate()), h: pad(d.getUTCHours()),
      mi: pad(d.getUTCMinutes()), s: pad(d.getUTCSeconds()), ms: d.getUTCMilliseconds()};
  }

  function elapsed(seconds, hours) {
    const s = Math.round(Math.abs(seconds));
    const sign = seconds < 0 ? '-' : '';
    return hours ? sign + Math.floor(s / 3600) + ':' + pad(Math.floor(s / 60) % 60) + ':' + pad(s % 60)
      : sign + Math.floor(s / 60) + ':' + pad(s % 60);
  }

  // Where the mouse is, in words: the sample's clock time, elapsed time or x value.
  function position(c, x) {
    if (c.domain === 'time') {
      const f = fields(c, x);
      return f.y + '-' + f.mo + '-' + f.d + ' ' + f.h + ':' + f.mi + ':' + f.s + (f.ms ? '.' + String(f.ms).padStart(3, '0') : '')
        + ' ' + c.zone;
    }
    if (c.domain === 'elapsed') return elapsed(x, true);
    return (c.xLabel ? c.xLabel + ' ' : '') + number(x, {s: 4, m: 9});
  }

  const TIME_STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1200, 1800, 3600, 7200, 10800, 21600, 43200, 86400,
    172800, 604800, 1209600].map(s => s * 1000);
  const ELAPSED_STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400,
    172800, 432000, 864000];

  function xTicks(c, lo, hi) {
    const most = Math.max(2, Math.floor(PW / 95));
    const out = [];
    if (c.domain === 'time') {
      const step = TIME_STEPS.find(s => (hi - lo) / s <= most) || TIME_STEPS[TIME_STEPS.length - 1];
      const off = offsetAt(c, lo) * 60000;
      for (let t = Math.ceil((lo + off) / step) * step - off; t <= hi; t += step) {
        const f = fields(c, t);
        const label = step < 60000 ? f.h + ':' + f.mi + ':' + f.s : step < 21600000 ? f.h + ':' + f.mi
          : step < 86400000 ? f.mo + '-' + f.d + ' ' + f.h + ':' + f.mi : f.mo + '-' + f.d;
        out.push([t, label]);
      }
    } else if (c.domain === 'elapsed') {
      const step = ELAPSED_STEPS.find(s => (hi - lo) / s <= most) || ELAPSED_STEPS[ELAPSED_STEPS.length - 1];
      for (let t = Math.ceil(lo / step) * step; t <= hi + 1e-9; t += step) out.push([t, elapsed(t, c.hours)]);
    } else {
      const step = niceStep(hi - lo, most);
      for (let t = Math.ceil(lo / step) * step; t <= hi + step * 1e-9; t += step) out.push([t, tick(t, step)]);
    }
    return out;
  }

  class Chart {
    constructor(figure, c) {
      this.c = c;
      this.figure = figure;
      const scale = c.domain === 'elapsed' ? 1000 : 1;
      this.series = c.series.map(s => {
        const n = s.x.length;
        const xs = new Float64Array(n);
        let at = 0;
        for (let i = 0; i < n; i++) {
          if (c.domain === 'number') xs[i] = s.x[i];
          else {
            at = i === 0 ? s.x[0] : at + s.x[i];
            xs[i] = at / scale;
          }
        }
        return {name: s.name, colour: s.colour, dash: s.dash, width: s.width, xs: xs,
          ys: s.y.map(v => v === null ? NaN : v), visible: true};
      });
      let lo = Infinity, hi = -Infinity, min = Infinity;
      for (const s of this.series) {
        if (s.xs.length === 0) continue;
        lo = Math.min(lo, s.xs[0]);
        hi = Math.max(hi, s.xs[s.xs.length - 1]);
        for (const v of s.ys) if (v < min) min = v;
      }
      if (!(hi > lo)) {
        lo -= 1;
        hi += 1;
      }
      this.whole = [lo, hi];
      this.view = [lo, hi];
      this.includeZero = c.kind === 'area' || min >= 0;
      c.hours = c.domain === 'elapsed' && hi >= 3600;
      this.build();
      this.draw();
    }

    build() {
      const c = this.c;
      const box = div('live-chart', null);
      div('ctitle', box, c.title);
      if (c.subtitle) div('csub', box, c.subtitle);
      const bar = div('cbar', box);
      this.reset = document.createElement('button');
      this.reset.type = 'button';
      this.reset.className = 'reset';
      this.reset.textContent = 'Whole run';
      this.reset.hidden = true;
      this.reset.addEventListener('click', () => this.zoom(this.whole[0], this.whole[1]));
      bar.appendChild(this.reset);
      div('hint', bar, 'drag across the chart to zoom, double-click to zoom out');
      const wrap = div('plotwrap', box);
      const svg = el('svg', {viewBox: '0 0 ' + W + ' ' + H, class: 'plot', role: 'img',
        'aria-label': c.title}, wrap);
      this.svg = svg;
      const id = this.figure.id + '-clip';
      el('rect', {x: M.l, y: M.t, width: PW, height: PH}, el('clipPath', {id: id}, el('defs', {}, svg)));
      this.grid = el('g', {class: 'grid'}, svg);
      this.axes = el('g', {class: 'axes'}, svg);
      this.data = el('g', {'clip-path': 'url(#' + id + ')', class: 'data'}, svg);
      this.marks = el('g', {class: 'marks', 'clip-path': 'url(#' + id + ')'}, svg);
      this.hover = el('g', {class: 'hover'}, svg);
      this.band = el('rect', {class: 'band', x: 0, y: M.t, width: 0, height: PH, visibility: 'hidden'}, svg);
      const t = el('text', {x: M.l + PW / 2, y: H - 6, class: 'axis-title', 'text-anchor': 'middle'}, svg);
      t.textContent = c.xLabel;
      const yt = el('text', {x: 0, y: 0, class: 'axis-title', 'text-anchor': 'middle',
        transform: 'translate(14 ' + (M.t + PH / 2) + ') rotate(-90)'}, svg);
      yt.textContent = c.yLabel;
      this.overlay = el('rect', {class: 'overlay', x: M.l, y: M.t, width: PW, height: PH}, svg);
      this.tip = div('tip', wrap);
      this.tip.hidden = true;
      this.tip.setAttribute('role', 'status');
      if (this.series.length > 1) {
        const legend = div('legend', box);
        legend.setAttribute('aria-label', 'series: click to hide or show');
        this.series.forEach((s, i) => {
          const b = document.createElement('button');
          b.type = 'button';
          b.className = 'key';
          b.setAttribute('aria-pressed', 'true');
          b.dataset.series = String(i);
          const sw = document.createElement('span');
          sw.className = 'sw';
          sw.style.background = s.colour;
          b.appendChild(sw);
          b.appendChild(document.createTextNode(s.name));
          b.addEventListener('click', () => {
            s.visible = !s.visible;
            b.setAttribute('aria-pressed', String(s.visible));
            b.classList.toggle('off', !s.visible);
            this.draw();
          });
          legend.appendChild(b);
        });
      }
      this.listen();
      this.figure.insertBefore(box, this.figure.firstChild);
      this.figure.classList.add('live');
    }

    sx(x) {
      return M.l + (x - this.view[0]) / (this.view[1] - this.view[0]) * PW;
    }

    sy(y) {
      return M.t + PH - (y - this.yr[0]) / (this.yr[1] - this.yr[0]) * PH;
    }

    // The data x under a client point.
    dataX(evt) {
      const p = this.svg.createSVGPoint();
      p.x = evt.clientX;
      p.y = evt.clientY;
      const u = p.matrixTransform(this.svg.getScreenCTM().inverse());
      const ux = Math.min(M.l + PW, Math.max(M.l, u.x));
      return {u: ux, x: this.view[0] + (ux - M.l) / PW * (this.view[1] - this.view[0])};
    }

    // Indices [from, to) of the samples of s drawn in the view, with one neighbour beyond each edge.
    span(s) {
      const first = Math.max(0, lowerBound(s.xs, this.view[0]) - 1);
      const last = Math.min(s.xs.length, lowerBound(s.xs, this.view[1]) + 1);
      return [first, last];
    }

    // Stacked tops of the visible layers (area charts), per layer.
    stack() {
      const shown = this.series.filter(s => s.visible);
      const n = shown.length ? shown[0].ys.length : 0;
      let below = new Float64Array(n);
      return shown.map(s => {
        const top = new Float64Array(n);
        for (let i = 0; i < n; i++) top[i] = below[i] + (Number.isNaN(s.ys[i]) ? 0 : s.ys[i]);
        const layer = {s: s, below: below, top: top};
        below = top;
        return layer;
      });
    }

    draw() {
      const c = this.c;
      const layers = c.kind === 'area' ? this.stack() : null;
      let lo = Infinity, hi = -Infinity;
      if (layers) {
        for (const l of layers) {
          const [a, b] = this.span(l.s);
          for (let i = a; i < b; i++) hi = Math.max(hi, l.top[i]);
        }
        lo = 0;
        if (c.unit === '%' && hi <= 100.5 && hi > 50) hi = 100;
      } else {
        for (const s of this.series) {
          if (!s.visible) continue;
          const [a, b] = this.span(s);
          for (let i = a; i < b; i++) {
            const v = s.ys[i];
            if (Number.isNaN(v)) continue;
            if (v < lo) lo = v;
            if (v > hi) hi = v;
          }
        }
        if (this.includeZero && lo > 0) lo = 0;
      }
      if (!(hi >= lo)) {
        lo = 0;
        hi = 1;
      }
      if (hi === lo) hi = lo + (lo === 0 ? 1 : Math.abs(lo) * 0.1);
      if (!(layers && hi === 100)) hi += (hi - lo) * 0.06;
      const step = niceStep(hi - lo, 6);
      this.yr = [lo, hi];
      this.grid.replaceChildren();
      this.axes.replaceChildren();
      for (let v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) {
        const y = this.sy(v);
        el('line', {x1: M.l, x2: M.l + PW, y1: y, y2: y}, this.grid);
        const t = el('text', {x: M.l - 6, y: y + 4, 'text-anchor': 'end'}, this.axes);
        t.textContent = tick(Math.abs(v) < step * 1e-9 ? 0 : v, step);
      }
      for (const [x, label] of xTicks(c, this.view[0], this.view[1])) {
        const px = this.sx(x);
        el('line', {x1: px, x2: px, y1: M.t, y2: M.t + PH}, this.grid);
        el('line', {x1: px, x2: px, y1: M.t + PH, y2: M.t + PH + 4, class: 'tickmark'}, this.axes);
        const t = el('text', {x: px, y: M.t + PH + 17, 'text-anchor': 'middle'}, this.axes);
        t.textContent = label;
      }
      el('rect', {x: M.l, y: M.t, width: PW, height: PH, class: 'frame'}, this.axes);
      this.data.replaceChildren();
      if (layers) {
        for (let k = layers.length - 1; k >= 0; k--) this.drawLayer(layers[k]);
      } else {
        this.series.forEach((s, i) => {
          if (s.visible) this.drawLine(s, i);
        });
      }
      this.drawMarkers();
      const zoomed = this.view[0] > this.whole[0] || this.view[1] < this.whole[1];
      this.reset.hidden = !zoomed;
      this.svg.dataset.view = this.view[0] + ' ' + this.view[1];
      this.hideHover();
    }

    drawLine(s, i) {
      const [a, b] = this.span(s);
      let d = '';
      let pen = false;
      for (let k = a; k < b; k++) {
        const v = s.ys[k];
        if (Number.isNaN(v)) {
          pen = false;
          continue;
        }
        d += (pen ? 'L' : 'M') + this.sx(s.xs[k]).toFixed(1) + ' ' + this.sy(v).toFixed(1);
        pen = true;
      }
      const p = el('path', {d: d || 'M0 0', class: 'series', fill: 'none', stroke: s.colour, 'stroke-width': s.width,
        'stroke-linejoin': 'round', 'stroke-linecap': s.dash ? 'butt' : 'round'}, this.data);
      if (s.dash) p.setAttribute('stroke-dasharray', DASHES[s.dash]);
      p.dataset.series = String(i);
      if (b - a <= 3) {
        for (let k = a; k < b; k++) {
          if (!Number.isNaN(s.ys[k])) el('circle', {cx: this.sx(s.xs[k]), cy: this.sy(s.ys[k]), r: 2.5, fill: s.colour}, this.data);
        }
      }
    }

    drawLayer(l) {
      const [a, b] = this.span(l.s);
      let d = '';
      for (let k = a; k < b; k++) d += (k === a ? 'M' : 'L') + this.sx(l.s.xs[k]).toFixed(1) + ' ' + this.sy(l.top[k]).toFixed(1);
      for (let k = b - 1; k >= a; k--) d += 'L' + this.sx(l.s.xs[k]).toFixed(1) + ' ' + this.sy(l.below[k]).toFixed(1);
      const p = el('path', {d: d ? d + 'Z' : 'M0 0', class: 'series', fill: l.s.colour, stroke: 'none'}, this.data);
      p.dataset.series = String(this.series.indexOf(l.s));
    }

    drawMarkers() {
      this.marks.replaceChildren();
      const ends = [-Infinity, -Infinity, -Infinity, -Infinity];
      const shown = this.c.markers.filter(m => m.x >= this.view[0] && m.x <= this.view[1]).sort((p, q) => p.x - q.x);
      for (const m of shown) {
        const px = this.sx(m.x);
        el('line', {x1: px, x2: px, y1: M.t, y2: M.t + PH, class: 'marker'}, this.marks);
        let line = ends.findIndex(e => e <= px);
        if (line < 0) line = 0;
        ends[line] = px + m.label.length * 6.2 + 10;
        const t = el('text', {x: px + 3, y: M.t + 12 + line * 14, class: 'marker-label'}, this.marks);
        t.textContent = m.label;
      }
    }

    zoom(a, b) {
      this.view = [Math.max(this.whole[0], Math.min(a, b)), Math.min(this.whole[1], Math.max(a, b))];
      this.draw();
    }

    listen() {
      let start = null;
      const o = this.overlay;
      o.addEventListener('pointerdown', e => {
        if (e.button !== 0) return;
        start = this.dataX(e);
        o.setPointerCapture(e.pointerId);
      });
      o.addEventListener('pointermove', e => {
        const at = this.dataX(e);
        if (start) {
          this.band.setAttribute('x', Math.min(start.u, at.u));
          this.band.setAttribute('width', Math.abs(at.u - start.u));
          this.band.setAttribute('visibility', 'visible');
        }
        this.showHover(at, e);
      });
      o.addEventListener('pointerup', e => {
        if (!start) return;
        const at = this.dataX(e);
        const from = start;
        start = null;
        this.band.setAttribute('visibility', 'hidden');
        if (Math.abs(at.u - from.u) > 4) this.zoom(from.x, at.x);
      });
      o.addEventListener('pointerleave', () => {
        if (!start) this.hideHover();
      });
      o.addEventListener('dblclick', () => this.zoom(this.whole[0], this.whole[1]));
    }

    hideHover() {
      this.hover.replaceChildren();
      this.tip.hidden = true;
    }

    // The readout: the time of the sample nearest to the mouse, and each shown series' value at its sample nearest to it.
    showHover(at, evt) {
      const shown = this.series.filter(s => s.visible && s.xs.length);
      let snap = NaN;
      for (const s of shown) {
        const i = nearest(s.xs, at.x);
        if (Number.isNaN(snap) || Math.abs(s.xs[i] - at.x) < Math.abs(snap - at.x)) snap = s.xs[i];
      }
      this.hover.replaceChildren();
      if (Number.isNaN(snap) || snap < this.view[0] || snap > this.view[1]) {
        this.tip.hidden = true;
        return;
      }
      const px = this.sx(snap);
      el('line', {x1: px, x2: px, y1: M.t, y2: M.t + PH, class: 'cursor'}, this.hover);
      const unit = this.c.unit === '1/s' ? '/s' : this.c.unit;
      this.tip.replaceChildren();
      div('when', this.tip, position(this.c, snap));
      const layers = this.c.kind === 'area' ? this.stack() : null;
      for (const s of shown) {
        const i = nearest(s.xs, snap);
        if (snap < s.xs[0] || snap > s.xs[s.xs.length - 1]) continue;
        const v = s.ys[i];
        if (!Number.isNaN(v)) {
          const top = layers ? layers.find(l => l.s === s).top[i] : v;
          el('circle', {cx: this.sx(s.xs[i]), cy: this.sy(top), r: 3.5, fill: s.colour, class: 'dot'}, this.hover);
        }
        const row = div('row', this.tip);
        const sw = document.createElement('span');
        sw.className = 'sw';
        sw.style.background = s.colour;
        row.appendChild(sw);
        row.appendChild(document.createTextNode(s.name + ': '));
        const b = document.createElement('b');
        b.textContent = number(v, this.c.style) + (Number.isNaN(v) || !unit ? '' : ' ' + unit);
        row.appendChild(b);
        if (s.xs[i] !== snap) row.appendChild(document.createTextNode('  (at ' + position(this.c, s.xs[i]) + ')'));
      }
      this.tip.hidden = false;
      const wrap = this.tip.parentElement.getBoundingClientRect();
      const left = evt.clientX - wrap.left;
      const tw = this.tip.offsetWidth;
      this.tip.style.left = Math.max(0, left + 14 + tw > wrap.width ? left - 14 - tw : left + 14) + 'px';
      this.tip.style.top = Math.max(0, evt.clientY - wrap.top - 10) + 'px';
    }
  }

  // A heat map stays its static picture (one image of cells); the cell under the mouse is read from its JSON: the
  // cells are the image's rows and columns, so the pointer's place in the image's box names the cell.
  class Heat {
    constructor(figure, c) {
      this.c = c;
      this.image = figure.querySelector('.static svg image');
      if (!this.image) return;
      this.rows = c.keys.length;
      this.cells = this.rows ? c.v[0].length : 0;
      this.tip = div('tip', figure);
      this.tip.hidden = true;
      this.tip.setAttribute('role', 'status');
      this.figure = figure;
      this.mark = null;
      figure.classList.add('heat');
      this.image.addEventListener('pointermove', e => this.show(e));
      this.image.addEventListener('pointerleave', () => this.hide());
    }

    hide() {
      this.tip.hidden = true;
      if (this.mark) this.mark.remove();
      this.mark = null;
    }

    // The time a cell covers: its sample's time, or from-to when cells hold several samples.
    when(col) {
      const c = this.c;
      const from = c.x0 + col * c.w;
      const a = position(c, from);
      if (!c.o) return a;
      const b = position(c, from + c.w);
      // The same day twice is said once: "2026-11-20 00:10:00 to 00:12:30 UTC".
      if (c.domain === 'time' && a.slice(0, 11) === b.slice(0, 11)) {
        return a.slice(0, -(c.zone.length + 1)) + ' to ' + b.slice(11);
      }
      return a + ' to ' + b;
    }

    show(evt) {
      const c = this.c;
      const box = this.image.getBoundingClientRect();
      if (!this.cells || box.width <= 0 || box.height <= 0) return;
      const col = Math.min(this.cells - 1, Math.max(0, Math.floor((evt.clientX - box.left) / box.width * this.cells)));
      const row = Math.min(this.rows - 1, Math.max(0, Math.floor((evt.clientY - box.top) / box.height * this.rows)));
      const v = c.v[row][col];
      const other = c.o ? c.o[row][col] : null;
      const unit = c.unit === '1/s' ? '/s' : c.unit;
      const withUnit = x => number(x, c.style) + (x === null || !unit ? '' : ' ' + unit);
      this.tip.replaceChildren();
      div('when', this.tip, this.when(col));
      div('key', this.tip, (c.keyLabel ? c.keyLabel + ' ' : '') + c.keys[row]);
      const line = div('row', this.tip);
      line.appendChild(document.createTextNode((c.metric || 'value') + ': '));
      const b = document.createElement('b');
      b.textContent = withUnit(v);
      line.appendChild(b);
      if (other !== null && other !== undefined && v !== null) {
        const lo = Math.min(v, other), hi = Math.max(v, other);
        line.appendChild(document.createTextNode('  (samples of this cell: ' + withUnit(lo) + ' to ' + withUnit(hi) + ')'));
      }
      // The cell itself, outlined on the picture, in the image's own coordinates.
      const ix = this.image.x.baseVal.value, iy = this.image.y.baseVal.value;
      const iw = this.image.width.baseVal.value, ih = this.image.height.baseVal.value;
      if (!this.mark) this.mark = el('rect', {class: 'cell'}, this.image.parentNode);
      this.mark.setAttribute('x', ix + col * iw / this.cells);
      this.mark.setAttribute('y', iy + row * ih / this.rows);
      this.mark.setAttribute('width', iw / this.cells);
      this.mark.setAttribute('height', ih / this.rows);
      this.tip.hidden = false;
      const frame = this.figure.getBoundingClientRect();
      const left = evt.clientX - frame.left;
      const tw = this.tip.offsetWidth;
      this.tip.style.left = Math.max(0, left + 14 + tw > frame.width ? left - 14 - tw : left + 14) + 'px';
      this.tip.style.top = Math.max(0, evt.clientY - frame.top + 14) + 'px';
    }
  }

  function lowerBound(xs, x) {
    let lo = 0, hi = xs.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (xs[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  function nearest(xs, x) {
    const i = Math.min(xs.length - 1, lowerBound(xs, x));
    return i > 0 && x - xs[i - 1] <= xs[i] - x ? i - 1 : i;
  }

  for (const data of document.querySelectorAll('script.chart-data')) {
    try {
      new Chart(data.parentElement, JSON.parse(data.textContent));
    } catch (e) {
      // The static picture stays: a chart the script cannot draw is still shown.
      data.parentElement.classList.remove('live');
      if (window.console) console.error('statlens: chart ' + data.parentElement.id + ': ' + e);
    }
  }

  for (const data of document.querySelectorAll('script.heat-data')) {
    try {
      new Heat(data.parentElement, JSON.parse(data.textContent));
    } catch (e) {
      if (window.console) console.error('statlens: heat map ' + data.parentElement.id + ': ' + e);
    }
  }

  // The contents: the section being read is marked.
  const links = new Map();
  for (const a of document.querySelectorAll('#toc a[href^="#"]')) links.set(a.getAttribute('href').slice(1), a);
  if ('IntersectionObserver' in window) {
    const seen = new IntersectionObserver(entries => {
      for (const e of entries) {
        const a = links.get(e.target.id);
        if (a && e.isIntersecting) {
          for (const other of links.values()) other.classList.remove('current');
          a.classList.add('current');
        }
      }
    }, {rootMargin: '0px 0px -70% 0px'});
    for (const id of links.keys()) {
      const target = document.getElementById(id);
      if (target) seen.observe(target);
    }
  }
  // A link into a closed section opens it: from the contents, and from a finding to its chart.
  for (const a of document.querySelectorAll('a[href^="#"]')) {
    const id = a.getAttribute('href').slice(1);
    a.addEventListener('click', () => {
      for (let n = document.getElementById(id); n; n = n.parentElement) if (n.tagName === 'DETAILS') n.open = true;
    });
  }
  const all = open => document.querySelectorAll('main details').forEach(d => {
    d.open = open;
  });
  const expand = document.getElementById('expand-all');
  const collapse = document.getElementById('collapse-all');
  if (expand) expand.addEventListener('click', () => all(true));
  if (collapse) collapse.addEventListener('click', () => all(false));
  window.addEventListener('beforeprint', () => all(true));
})();
