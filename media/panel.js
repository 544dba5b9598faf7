// What every Code Graph panel script shares: the VS Code API handle (it can be acquired
// once per webview), a tiny DOM builder, and the message loop with state restore.
window.ckgPanel = (function () {
  const vscode = acquireVsCodeApi();

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (key === 'onclick') node.addEventListener('click', value);
      else node.setAttribute(key, value);
    }
    for (const child of children) node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    return node;
  }

  function post(message) {
    vscode.postMessage(message);
  }

  /** Renders every message from the extension, and the last one again when the panel is restored. */
  function start(render) {
    window.addEventListener('message', (event) => {
      vscode.setState(event.data);
      render(event.data);
    });
    const saved = vscode.getState();
    if (saved) render(saved);
    post({ type: 'ready' });
  }

  return { el, post, start };
})();
