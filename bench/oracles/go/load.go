package main

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// parsedFile is one repository .go file that the build context of this machine selects.
type parsedFile struct {
	rel    string // repo-relative, '/'-separated
	syntax *ast.File
	src    []byte
	test   bool
}

// packageDir is one directory's Go files split as `go test` splits them.
type packageDir struct {
	dir        string // repo-relative, "" for the root
	qualified  string // the graph's package path: module path + directory (src/resolve/languages/go.ts)
	importPath string // "" when the module path is declared twice and imports go by directory
	modulePath string
	moduleDir  string
	files      []*parsedFile // the package itself
	tests      []*parsedFile // _test.go files of the same package
	xtests     []*parsedFile // _test.go files of package <name>_test
}

// checkUnit is one type-checked set of files whose call sites are reported.
type checkUnit struct {
	dir   *packageDir
	pkg   *types.Package
	files []*parsedFile
	sites []siteRecord
}

type repository struct {
	root          string
	fset          *token.FileSet
	dirs          map[string]*packageDir
	byImport      map[string]*packageDir
	plain         map[string]*types.Package // the package without test files: what importers see
	testVariant   map[string]*types.Package // with its in-package test files: what <name>_test imports
	inProgress    map[string]bool
	declNames     map[token.Pos]string // in-repo declarations by the position of their name, named as the graph names them
	declPackage   map[token.Pos]string // the graph's package path of each of those declarations
	declMethods   map[token.Pos]bool   // which of them are methods (of a type or an interface)
	declVariables map[token.Pos]bool   // which of them are package-level variables and constants
	std           types.Importer
	opaque        map[string]*types.Package
	stdFailures   map[string]bool
	units         []*checkUnit
	typeErrors    int
	errorSamples  []string
	skippedFiles  int
}

var skippedDirNames = map[string]bool{"vendor": true, "testdata": true, "node_modules": true}

func loadRepository(root string) *repository {
	r := &repository{
		root: root, fset: token.NewFileSet(), dirs: map[string]*packageDir{}, byImport: map[string]*packageDir{},
		plain: map[string]*types.Package{}, testVariant: map[string]*types.Package{}, inProgress: map[string]bool{},
		declNames: map[token.Pos]string{}, declPackage: map[token.Pos]string{}, declMethods: map[token.Pos]bool{}, declVariables: map[token.Pos]bool{}, opaque: map[string]*types.Package{}, stdFailures: map[string]bool{},
	}
	// The importer shares the file set, so positions of standard-library objects never
	// collide with positions of repository declarations.
	r.std = importer.ForCompiler(r.fset, "gc", nil)
	modules := map[string]string{} // module dir -> module path
	declared := map[string]int{}
	var goFiles []string
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		name := d.Name()
		if d.IsDir() {
			if p != root && (skippedDirNames[name] || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		rel := filepath.ToSlash(mustRel(root, p))
		if name == "go.mod" {
			if m := modulePathOf(p); m != "" {
				modules[path.Dir(rel)] = m
				declared[m]++
			}
		} else if strings.HasSuffix(name, ".go") && d.Type().IsRegular() {
			goFiles = append(goFiles, rel)
		}
		return nil
	})
	sort.Strings(goFiles)
	for _, rel := range goFiles {
		dir := path.Dir(rel)
		if dir == "." {
			dir = ""
		}
		if ok, err := build.Default.MatchFile(filepath.Join(root, filepath.FromSlash(dir)), path.Base(rel)); err != nil || !ok {
			r.skippedFiles++
			continue
		}
		pd := r.dirs[dir]
		if pd == nil {
			pd = &packageDir{dir: dir}
			pd.moduleDir, pd.modulePath = nearestModule(modules, dir)
			switch {
			case pd.modulePath == "" || declared[pd.modulePath] > 1:
				pd.qualified = dir
				if dir == "" {
					pd.qualified = "."
				}
			case dir == pd.moduleDir:
				pd.qualified, pd.importPath = pd.modulePath, pd.modulePath
			default:
				rest := dir
				if pd.moduleDir != "" {
					rest = dir[len(pd.moduleDir)+1:]
				}
				pd.qualified = pd.modulePath + "/" + rest
				pd.importPath = pd.qualified
			}
			r.dirs[dir] = pd
			if pd.importPath != "" {
				r.byImport[pd.importPath] = pd
			}
		}
		src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
		if err != nil {
			r.skippedFiles++
			continue
		}
		syntax, _ := parser.ParseFile(r.fset, filepath.Join(root, filepath.FromSlash(rel)), src, parser.SkipObjectResolution)
		if syntax == nil {
			r.skippedFiles++
			continue
		}
		file := &parsedFile{rel: rel, syntax: syntax, src: src, test: strings.HasSuffix(rel, "_test.go")}
		switch {
		case file.test && strings.HasSuffix(syntax.Name.Name, "_test"):
			pd.xtests = append(pd.xtests, file)
		case file.test:
			pd.tests = append(pd.tests, file)
		default:
			pd.files = append(pd.files, file)
		}
		r.nameDeclarations(pd, file)
	}
	for _, pd := range r.dirs {
		pd.files = majorityPackage(pd.files, &r.skippedFiles)
	}
	return r
}

func mustRel(root, p string) string {
	rel, err := filepath.Rel(root, p)
	if err != nil {
		return p
	}
	return rel
}

var moduleLine = regexp.MustCompile(`(?m)^\s*module\s+(\S+)`)

func modulePathOf(goMod string) string {
	text, err := os.ReadFile(goMod)
	if err != nil {
		return ""
	}
	if m := moduleLine.FindSubmatch(text); m != nil {
		return strings.Trim(string(m[1]), `"`)
	}
	return ""
}

func nearestModule(modules map[string]string, dir string) (string, string) {
	for d := dir; ; {
		key := d
		if key == "" {
			key = "."
		}
		if m, ok := modules[key]; ok {
			return d, m
		}
		if d == "" {
			return "", ""
		}
		d = path.Dir(d)
		if d == "." {
			d = ""
		}
	}
}

// majorityPackage keeps the files of the package most files of a directory declare (a
// stray `package main` generator without a build tag would otherwise fail the whole check).
func majorityPackage(files []*parsedFile, skipped *int) []*parsedFile {
	counts := map[string]int{}
	for _, f := range files {
		counts[f.syntax.Name.Name]++
	}
	best := ""
	for name, n := range counts {
		if n > counts[best] || (n == counts[best] && name < best) {
			best = name
		}
	}
	kept := files[:0]
	for _, f := range files {
		if f.syntax.Name.Name == best {
			kept = append(kept, f)
		} else {
			*skipped++
		}
	}
	return kept
}

// nameDeclarations records the graph's qualified name of every function, method, type and
// interface method declared in the file, by the position of its name token.
func (r *repository) nameDeclarations(pd *packageDir, file *parsedFile) {
	declare := func(name *ast.Ident, qualified string, method bool) {
		r.declNames[name.Pos()] = qualified
		r.declPackage[name.Pos()] = pd.qualified
		r.declMethods[name.Pos()] = method
	}
	prefix := pd.qualified + "."
	for _, decl := range file.syntax.Decls {
		switch d := decl.(type) {
		case *ast.FuncDecl:
			if d.Recv != nil && len(d.Recv.List) > 0 {
				if recv := receiverTypeName(d.Recv.List[0].Type); recv != "" {
					declare(d.Name, prefix+recv+"."+d.Name.Name, true)
				}
			} else {
				declare(d.Name, prefix+d.Name.Name, false)
			}
		case *ast.GenDecl:
			for _, spec := range d.Specs {
				if vs, ok := spec.(*ast.ValueSpec); ok {
					for _, n := range vs.Names {
						if n.Name != "_" {
							declare(n, prefix+n.Name, false)
							r.declVariables[n.Pos()] = true
						}
					}
					continue
				}
				ts, ok := spec.(*ast.TypeSpec)
				if !ok {
					continue
				}
				declare(ts.Name, prefix+ts.Name.Name, false)
				if iface, ok := ts.Type.(*ast.InterfaceType); ok {
					for _, m := range iface.Methods.List {
						for _, n := range m.Names {
							declare(n, prefix+ts.Name.Name+"."+n.Name, true)
						}
					}
				}
			}
		}
	}
}

func receiverTypeName(expr ast.Expr) string {
	switch e := expr.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.StarExpr:
		return receiverTypeName(e.X)
	case *ast.ParenExpr:
		return receiverTypeName(e.X)
	case *ast.IndexExpr:
		return receiverTypeName(e.X)
	case *ast.IndexListExpr:
		return receiverTypeName(e.X)
	}
	return ""
}

func (r *repository) packageCount() int { return len(r.plain) }

func (r *repository) analyzedFiles() []string {
	var files []string
	for _, unit := range r.units {
		for _, f := range unit.files {
			files = append(files, f.rel)
		}
	}
	sort.Strings(files)
	return files
}

func (r *repository) String() string { return fmt.Sprintf("repository %s", r.root) }
