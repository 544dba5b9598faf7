// Impact panel (webview). Messages: see src/extension/panels/messages.ts.
(function () {
  const { el, post, start } = window.ckgPanel;
  const root = document.getElementById('root');

  function shortName(name) {
    const i = name.indexOf('://');
    return i < 0 ? name : name.slice(i + 3);
  }

  function render(message) {
    root.replaceChildren();
    const refresh = el('button', { onclick: () => post({ type: 'refresh' }) }, 'Refresh');
    if (message.type === 'error') {
      root.append(el('h1', {}, 'Impact'), el('p', { class: 'error' }, message.message), refresh);
      return;
    }
    const impact = message.impact;
    root.append(el('h1', {}, 'Impact of the working tree vs HEAD ', el('span', { class: 'muted' }, message.headCommit.slice(0, 8))));
    if (!impact) {
      root.append(el('p', { class: 'muted', id: 'empty' }, 'The working tree matches HEAD: nothing changed. Edit and save a file, then refresh.'), refresh);
      return;
    }
    const s = impact.summary;
    root.append(
      el('p', {}, 'Risk ', el('span', { class: `badge risk-${s.risk_level}`, id: 'risk' }, s.risk_level),
        ` · ${s.total_symbols_changed} symbols changed · ${s.total_callers_affected} callers affected · ${s.total_callees_affected} callees`),
      refresh,
      el('h2', {}, 'Changed symbols'),
    );
    for (const change of impact.changed_symbols) {
      const sym = change.symbol;
      const callers = el('ul', {});
      for (const caller of change.callers) {
        callers.append(el('li', {}, el('a', { onclick: () => post({ type: 'openSymbol', qualifiedName: caller.qualified_name }) }, shortName(caller.qualified_name)),
          el('span', { class: 'muted' }, ` ${caller.kind}${caller.depth ? `, depth ${caller.depth}` : ''}`)));
      }
      root.append(el('div', { class: 'symbol' },
        el('a', { onclick: () => post({ type: 'openSymbol', qualifiedName: sym.qualified_name }) }, shortName(sym.qualified_name)),
        el('span', { class: 'muted' }, ` ${sym.kind} · ${change.change_type} · ${sym.file}:${sym.line} · ${change.caller_count} callers`),
        change.callers.length > 0 ? callers : el('p', { class: 'muted' }, 'no callers')));
    }
  }

  start(render);
})();
