import { type RepoLayout, joinPath, parentDir } from '../layout';
import { fileResolver } from './file';
import type { ImportTarget, LanguageResolver } from './languageResolver';

const KUSTOMIZATION_FILES = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'];

/**
 * YAML manifests: a file's package path is its path (Kubernetes objects override it per
 * symbol with `<namespace>/<Kind>`). Imports come from kustomizations, whose entries
 * name files or directories; a directory stands for the kustomization file in it.
 */
export function yamlResolver(layout: RepoLayout): LanguageResolver {
  const files = fileResolver(layout);
  return {
    ...files,
    resolveImport(source, fromFile): ImportTarget {
      const asFile = files.resolveImport(source, fromFile);
      if (asFile.inRepo) return asFile;
      const directory = joinPath(parentDir(fromFile), source.replace(/\/+$/, ''));
      const kustomization = KUSTOMIZATION_FILES.map((name) => joinPath(directory, name)).find((file) => layout.files.has(file));
      return kustomization ? { inRepo: true, packagePath: kustomization } : asFile;
    },
  };
}
