// Impact panel (webview). Messages: see src/extension/panels/messages.ts.
(function () {
  const { el, post, start } = window.ckgPanel;
  const root = document.getElementById('root');

  // The symbol's name first, as every Code Graph view shows it (src/extension/symbolLabel.ts);
  // the full qualified name is the link's title.
  function shortName(name, kind) {
    const i = name.indexOf('://');
    const local = i < 0 ? name : name.slice(i + 3);
    const slash = local.lastIndexOf('/');
    const segments = local.slice(slash + 1).split('.');
    const keep = Math.min(kind === 'method' ? 2 : 1, Math.max(1, segments.length - 1));
    return segments.slice(-keep).join('.');
  }

  function plural(count, noun, nouns) {
    return `${count} ${count === 1 ? noun : nouns || `${noun}s`}`;
  }

  function render(message) {
    root.replaceChildren();
    const refresh = el('button', { onclick: () => post({ type: 'refresh' }) }, 'Refresh');
    if (message.type === 'error') {
      root.append(el('h1', {}, 'Impact'), el('p', { class: 'error' }, message.message), refresh);
      return;
    }
    if (message.type === 'unavailable') {
      root.append(el('h1', {}, 'Impact'), el('p', { class: 'muted', id: 'unavailable' }, message.message), refresh);
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
        ` · ${plural(s.total_symbols_changed, 'symbol')} changed · ${plural(s.total_callers_affected, 'caller')} affected · ${plural(s.total_callees_affected, 'callee')}`),
      refresh,
      el('h2', {}, 'Changed symbols'),
    );
    for (const change of impact.changed_symbols) {
      const sym = change.symbol;
      const callers = el('ul', {});
      for (const caller of change.callers) {
        callers.append(el('li', {}, el('a', { title: caller.qualified_name, onclick: () => post({ type: 'openSymbol', qualifiedName: caller.qualified_name }) }, shortName(caller.qualified_name, caller.kind)),
          el('span', { class: 'muted' }, ` ${caller.kind}${caller.depth ? `, depth ${caller.depth}` : ''}`)));
      }
      // The verdict (static callers and runtime traffic together) on one line; its evidence is the title.
      const verdict = change.verdict
        ? el('p', { class: `verdict verdict-${change.verdict.verdict}`, title: change.verdict.reason },
          el('span', { class: 'badge' }, change.verdict.text), el('span', { class: 'muted' }, ` ${change.verdict.reason}`))
        : '';
      root.append(el('div', { class: 'symbol' },
        el('a', { title: sym.qualified_name, onclick: () => post({ type: 'openSymbol', qualifiedName: sym.qualified_name }) }, shortName(sym.qualified_name, sym.kind)),
        el('span', { class: 'muted' }, ` ${sym.kind} · ${change.change_type} · ${sym.file}:${sym.line} · ${plural(change.caller_count, 'caller')}`),
        verdict,
        change.callers.length > 0 ? callers : el('p', { class: 'muted' }, 'no callers')));
    }
  }

  start(render);
})();
