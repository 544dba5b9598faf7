// Trace Stats panel (webview): trace_stats as charts (Chart.js, bundled), a table per
// edge type, and runtime_traffic per service. Messages: src/extension/panels/messages.ts.
(function () {
  const { el, post, start } = window.ckgPanel;
  const root = document.getElementById('root');
  let charts = [];

  function render(message) {
    for (const chart of charts) chart.destroy();
    charts = [];
    root.replaceChildren();
    const refresh = el('button', { onclick: () => post({ type: 'refresh' }) }, 'Refresh');
    if (message.type === 'error') {
      root.append(el('h1', {}, 'Trace Stats'), el('p', { class: 'error' }, message.message), refresh);
      return;
    }
    const stats = message.stats;
    root.append(el('h1', {}, 'Trace Stats'),
      el('p', { id: 'totals' }, `${stats.TotalEdges} runtime edges: ${stats.ActiveEdges} active, ${stats.StaleEdges} stale, ${stats.GCEligible} GC-eligible`),
      refresh);
    if (stats.TotalEdges === 0) {
      // No charts of zeros: say what would fill them.
      root.append(el('div', { id: 'empty', class: 'empty-state' },
        el('h2', {}, 'No runtime trace data yet'),
        el('p', {}, 'Trace Stats counts the runtime edges that OpenTelemetry spans add to the graph. To get some:'),
        el('ol', {},
          el('li', {}, 'Run Code Graph: Start Trace Receiver (it listens on the codeKnowledgeGraph.traceIngestion.otlpEndpoint setting, OTLP/gRPC and OTLP/HTTP).'),
          el('li', {}, 'Point your services\' OpenTelemetry exporter at it (OTEL_EXPORTER_OTLP_ENDPOINT), or send it traces exported elsewhere.'),
          el('li', {}, 'Exercise the services, then Refresh: calls seen at runtime appear here, in the CodeLens counts and in Dead Routes.')),
        el('p', { class: 'muted' }, 'Outside the editor: ckg serve receives traces the same way (docs/runtime.md).')));
      return;
    }
    const lifecycle = el('canvas', { id: 'lifecycle', 'aria-label': 'runtime edges by state' });
    const byType = el('canvas', { id: 'byType', 'aria-label': 'runtime edges by type' });
    root.append(el('div', { class: 'charts' }, el('div', {}, lifecycle), el('div', {}, byType)));
    const types = Object.keys(stats.ByEdgeType).sort();
    if (typeof Chart !== 'undefined') {
      charts.push(new Chart(lifecycle, {
        type: 'doughnut',
        data: { labels: ['active', 'stale', 'GC-eligible'], datasets: [{ data: [stats.ActiveEdges, stats.StaleEdges, stats.GCEligible], backgroundColor: ['#2e7d32', '#f9a825', '#c62828'] }] },
        options: { animation: false, maintainAspectRatio: false },
      }));
      charts.push(new Chart(byType, {
        type: 'bar',
        data: { labels: types, datasets: [{ label: 'edges', data: types.map((t) => stats.ByEdgeType[t]), backgroundColor: '#1976d2' }] },
        options: { animation: false, maintainAspectRatio: false },
      }));
    }
    const table = el('table', { id: 'byEdgeType' }, el('tr', {}, el('th', {}, 'Edge type'), el('th', {}, 'Edges')));
    for (const type of types) table.append(el('tr', {}, el('td', {}, type), el('td', {}, stats.ByEdgeType[type])));
    if (types.length === 0) table.append(el('tr', {}, el('td', { colspan: '2', class: 'muted' }, 'none')));
    root.append(el('h2', {}, 'By edge type'), table, el('h2', {}, 'Runtime traffic'));
    for (const { service, edges } of message.traffic) {
      const rows = el('table', {}, el('tr', {}, el('th', {}, 'Edge'), el('th', {}, 'Observations'), el('th', {}, 'Last observed'), el('th', {}, 'Confidence')));
      for (const e of edges) {
        rows.append(el('tr', {}, el('td', {}, e.EdgeType), el('td', {}, e.ObservationCount),
          el('td', {}, e.LastObserved ? new Date(e.LastObserved * 1000).toISOString() : '-'), el('td', {}, e.Confidence)));
      }
      if (edges.length === 0) rows.append(el('tr', {}, el('td', { colspan: '4', class: 'muted' }, 'no runtime traffic observed')));
      root.append(el('h3', {}, service), rows);
    }
  }

  start(render);
})();
