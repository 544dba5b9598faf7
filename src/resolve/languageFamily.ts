import type { LanguageId } from '../model/languages';

/**
 * The languages whose names one scope can see: TypeScript, TSX and JavaScript import one
 * another, SCSS imports CSS; every other language is a family of its own. Names resolve
 * only within a family: a Java `new Checkout()` never means a proto `service Checkout`
 * of the same package name. Links across families come only from declared mappings
 * (LinkFact keys: Kubernetes selectors, SQL tables, gRPC registrations).
 */
export function languageFamily(language: LanguageId): string {
  switch (language) {
    case 'typescript':
    case 'tsx':
    case 'javascript':
      return 'typescript';
    case 'scss':
      return 'css';
    default:
      return language;
  }
}
