import * as vscode from 'vscode';

/**
 * Opens the documents of a language probe and waits (at most `timeoutMs`) for the
 * extensions that activate on their languages, so a probe asks after their definition
 * providers could register: an empty answer then means the language has none. Opening a
 * document fires `onLanguage:<id>`; activate() of an extension resolves once it has started.
 */
export async function activateLanguagesOf(paths: readonly string[], timeoutMs: number): Promise<void> {
  // One budget for both steps: the graph server cancels the whole request after twice timeoutMs.
  const deadline = Date.now() + timeoutMs;
  const languages = new Set<string>();
  await bounded(Promise.all([...new Set(paths)].map(async (path) => {
    const document = await vscode.workspace.openTextDocument(vscode.Uri.file(path));
    languages.add(document.languageId);
  })), timeoutMs);
  const starting = vscode.extensions.all
    .filter((extension) => !extension.isActive && [...languages].some((language) => activatesOn(extension.packageJSON, language)))
    .map((extension) => Promise.resolve(extension.activate()));
  await bounded(Promise.all(starting), Math.max(0, deadline - Date.now()));
}

/** An extension manifest that activates on a language: `onLanguage:<id>`, `onLanguage`, or the language contributed (implicit). */
export function activatesOn(manifest: { activationEvents?: unknown; contributes?: { languages?: unknown } } | undefined, language: string): boolean {
  const events = Array.isArray(manifest?.activationEvents) ? manifest.activationEvents : [];
  if (events.includes(`onLanguage:${language}`) || events.includes('onLanguage')) return true;
  const contributed = Array.isArray(manifest?.contributes?.languages) ? manifest.contributes.languages as Array<{ id?: unknown }> : [];
  return contributed.some((entry) => entry?.id === language);
}

async function bounded(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work.catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}
