package main

import (
	"go/ast"
	"go/token"
	"go/types"
	"path"
	"regexp"
	"sort"
	"strings"
)

// checkAll type-checks every directory in dependency order (imports first, on demand) and
// collects the call sites of each checked unit.
func (r *repository) checkAll() {
	dirs := make([]string, 0, len(r.dirs))
	for d := range r.dirs {
		dirs = append(dirs, d)
	}
	sort.Strings(dirs)
	for _, d := range dirs {
		pd := r.dirs[d]
		r.checkPlain(pd)
		if len(pd.tests) > 0 {
			files := append(append([]*parsedFile{}, pd.files...), pd.tests...)
			pkg, info := r.check(pd, files, nil)
			r.testVariant[pd.dir] = pkg
			r.addUnit(pd, pkg, files, info)
		}
		if len(pd.xtests) > 0 {
			own := r.testVariant[pd.dir]
			if own == nil {
				own = r.plain[pd.dir]
			}
			pkg, info := r.check(pd, pd.xtests, own)
			r.addUnit(pd, pkg, pd.xtests, info)
		}
	}
}

func (r *repository) addUnit(pd *packageDir, pkg *types.Package, files []*parsedFile, info *types.Info) {
	unit := &checkUnit{dir: pd, pkg: pkg, files: files}
	unit.sites = collectSites(r, unit, info)
	r.units = append(r.units, unit)
}

// checkPlain checks a directory's package without its tests, once; a cycle gets an opaque package.
func (r *repository) checkPlain(pd *packageDir) *types.Package {
	if pkg, ok := r.plain[pd.dir]; ok {
		return pkg
	}
	if r.inProgress[pd.dir] || len(pd.files) == 0 {
		return r.opaquePackage(pd.importPath)
	}
	r.inProgress[pd.dir] = true
	pkg, info := r.check(pd, pd.files, nil)
	delete(r.inProgress, pd.dir)
	r.plain[pd.dir] = pkg
	if len(pd.tests) == 0 {
		r.addUnit(pd, pkg, pd.files, info)
	}
	return pkg
}

type importFunc func(path string) (*types.Package, error)

func (f importFunc) Import(path string) (*types.Package, error) { return f(path) }

// check type-checks files as one package; ownPackage, when set, is what the import of the
// directory's own path yields (an external test package imports its test variant).
func (r *repository) check(pd *packageDir, files []*parsedFile, ownPackage *types.Package) (*types.Package, *types.Info) {
	info := &types.Info{
		Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{},
	}
	conf := types.Config{
		FakeImportC: true,
		Importer: importFunc(func(importPath string) (*types.Package, error) {
			if importPath == "unsafe" {
				return types.Unsafe, nil
			}
			if target := r.resolveInRepo(importPath, pd); target != nil {
				if target == pd && ownPackage != nil {
					return ownPackage, nil
				}
				return r.checkPlain(target), nil
			}
			if isStandardLibrary(importPath) {
				if pkg, err := r.std.Import(importPath); err == nil {
					return pkg, nil
				}
				r.stdFailures[importPath] = true
			}
			return r.opaquePackage(importPath), nil
		}),
		Error: func(err error) {
			r.typeErrors++
			if len(r.errorSamples) < 50 {
				r.errorSamples = append(r.errorSamples, err.Error())
			}
		},
	}
	syntax := make([]*ast.File, len(files))
	for i, f := range files {
		syntax[i] = f.syntax
	}
	name := pd.importPath
	if name == "" {
		name = pd.qualified
	}
	if len(files) > 0 && strings.HasSuffix(files[0].syntax.Name.Name, "_test") {
		name += "_test"
	}
	pkg, _ := conf.Check(name, r.fset, syntax, info)
	return pkg, info
}

func (r *repository) resolveInRepo(importPath string, from *packageDir) *packageDir {
	if pd := r.byImport[importPath]; pd != nil {
		return pd
	}
	if from.importPath == "" && from.modulePath != "" && strings.HasPrefix(importPath, from.modulePath+"/") {
		return r.dirs[path.Join(from.moduleDir, strings.TrimPrefix(importPath, from.modulePath+"/"))]
	}
	return nil
}

func isStandardLibrary(importPath string) bool {
	first := strings.SplitN(importPath, "/", 2)[0]
	return !strings.Contains(first, ".")
}

var majorVersion = regexp.MustCompile(`^v[0-9]+$`)

// opaquePackage is an empty, complete package standing for an import outside the repository.
func (r *repository) opaquePackage(importPath string) *types.Package {
	if pkg, ok := r.opaque[importPath]; ok {
		return pkg
	}
	parts := strings.Split(importPath, "/")
	name := parts[len(parts)-1]
	if majorVersion.MatchString(name) && len(parts) > 1 {
		name = parts[len(parts)-2]
	}
	name = strings.TrimPrefix(strings.TrimSuffix(name, "-go"), "go-")
	if dot := strings.IndexByte(name, '.'); dot > 0 {
		name = name[:dot]
	}
	name = strings.NewReplacer("-", "", "_", "").Replace(name)
	if name == "" || !token.IsIdentifier(name) {
		name = "opaque"
	}
	pkg := types.NewPackage(importPath, name)
	pkg.MarkComplete()
	r.opaque[importPath] = pkg
	return pkg
}
