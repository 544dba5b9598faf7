package main

import (
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// siteRecord is one call expression with a callee name token, as accuracy-go.mjs reads it.
// outcome: repo (a named in-repo function, method or package-level variable), repo-unnamed (an in-repo function
// value, field or method of an anonymous type), external (standard library or an opaque
// import), none (the checker found no object), unchecked (the checker never looked at the
// expression: not judged), conversion (T(x): no call), builtin.
type siteRecord struct {
	T        string `json:"t"`
	File     string `json:"file"`
	Line     int    `json:"line"`
	Col      int    `json:"col"` // 1-based, in UTF-16 code units like the graph's columns
	Text     string `json:"text"`
	Form     string `json:"form"`
	Group    string `json:"group"`
	Caller   string `json:"caller"`
	Outcome  string `json:"outcome"`
	Callee   string `json:"callee,omitempty"`
	Package  string `json:"calleePackage,omitempty"` // the graph's package path of the callee
	Kind     string `json:"calleeKind,omitempty"`    // func, method or variable (a function value: not in C)
	DeclFile string `json:"declFile,omitempty"`
}

// The five call-form groups (and two for what is not a call of a named function).
const (
	groupPackageFunc = "pkg.Func()"
	groupSameFunc    = "Func() same package"
	groupReceiver    = "recv.Method() own receiver"
	groupVariable    = "x.Method() local/param/field"
	groupChained     = "chained a.b.Method() / f().Method()"
	groupOther       = "other (func values, method expressions)"
	groupConversion  = "conversion T(x)"
	groupBuiltin     = "builtin"
)

var groupOfForm = map[string]string{
	"pkg.Func()": groupPackageFunc, "Func()": groupSameFunc, "recv.M()": groupReceiver,
	"local.M()": groupVariable, "param.M()": groupVariable, "global.M()": groupVariable, "recv.field.M()": groupVariable,
	"x.field.M()": groupChained, "a.b.c.M()": groupChained, "f().M()": groupChained, "x[i].M()": groupChained,
	"x.(T).M()": groupChained, "T{}.M()": groupChained, "expr.M()": groupChained,
	"funcvalue()": groupOther, "x.funcfield()": groupOther, "T.M() method expression": groupOther,
	"conversion": groupConversion, "builtin": groupBuiltin,
}

type siteCollector struct {
	r        *repository
	unit     *checkUnit
	info     *types.Info
	file     *parsedFile
	params   map[types.Object]bool
	receiver types.Object
	caller   string
	sites    []siteRecord
}

func collectSites(r *repository, unit *checkUnit, info *types.Info) []siteRecord {
	c := &siteCollector{r: r, unit: unit, info: info}
	for _, file := range unit.files {
		c.file = file
		c.params = map[types.Object]bool{}
		ast.Inspect(file.syntax, func(n ast.Node) bool {
			if ft, ok := n.(*ast.FuncType); ok {
				for _, list := range []*ast.FieldList{ft.Params, ft.Results} {
					if list == nil {
						continue
					}
					for _, field := range list.List {
						for _, name := range field.Names {
							if obj := info.Defs[name]; obj != nil {
								c.params[obj] = true
							}
						}
					}
				}
			}
			return true
		})
		for _, decl := range file.syntax.Decls {
			c.caller, c.receiver = "", nil
			if fd, ok := decl.(*ast.FuncDecl); ok {
				c.caller = r.declNames[fd.Name.Pos()]
				if fd.Recv != nil && len(fd.Recv.List) > 0 && len(fd.Recv.List[0].Names) > 0 {
					c.receiver = info.Defs[fd.Recv.List[0].Names[0]]
				}
			}
			ast.Inspect(decl, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok {
					c.visitCall(call)
				}
				return true
			})
		}
	}
	return c.sites
}

func unparen(e ast.Expr) ast.Expr {
	for {
		p, ok := e.(*ast.ParenExpr)
		if !ok {
			return e
		}
		e = p.X
	}
}

func (c *siteCollector) visitCall(call *ast.CallExpr) {
	fun := unparen(call.Fun)
	switch f := fun.(type) {
	case *ast.IndexExpr: // F[T](x): an instantiated generic function, or a generic type conversion
		fun = unparen(f.X)
	case *ast.IndexListExpr:
		fun = unparen(f.X)
	}
	switch f := fun.(type) {
	case *ast.Ident:
		obj := c.info.Uses[f]
		switch o := obj.(type) {
		case *types.TypeName:
			c.add(f, "conversion", "conversion", nil)
		case *types.Builtin:
			c.add(f, "builtin", "builtin", nil)
		case *types.Func:
			form := "Func()"
			if o.Pkg() != c.unit.pkg {
				form = "pkg.Func()" // a dot import
			}
			c.add(f, form, "", o)
		case *types.Var:
			c.add(f, "funcvalue()", "", o)
		default:
			c.add(f, "Func()", c.unknownOutcome(f), nil)
		}
	case *ast.SelectorExpr:
		if id, ok := unparen(f.X).(*ast.Ident); ok {
			if _, isPkg := c.info.Uses[id].(*types.PkgName); isPkg {
				switch o := c.info.Uses[f.Sel].(type) {
				case *types.TypeName:
					c.add(f.Sel, "conversion", "conversion", nil)
				case *types.Func:
					c.add(f.Sel, "pkg.Func()", "", o)
				case *types.Var:
					c.add(f.Sel, "funcvalue()", "", o)
				default:
					c.add(f.Sel, "pkg.Func()", "none", nil) // the package was looked up: a member it lacks (opaque)
				}
				return
			}
		}
		selection := c.info.Selections[f]
		switch {
		case selection == nil:
			outcome := "none"
			if root := leftmostIdent(f.X); root != nil {
				outcome = c.unknownOutcome(root)
			}
			c.add(f.Sel, c.receiverForm(f.X), outcome, nil)
		case selection.Kind() == types.MethodVal:
			c.add(f.Sel, c.receiverForm(f.X), "", selection.Obj())
		case selection.Kind() == types.MethodExpr:
			c.add(f.Sel, "T.M() method expression", "", selection.Obj())
		default:
			c.add(f.Sel, "x.funcfield()", c.valueOutcome(selection.Obj()), nil)
		}
	}
}

// unknownOutcome tells a name the checker resolved to nothing it records (none: an
// undeclared name, a member of an opaque package) from one it never looked at
// (unchecked: inside an expression it gave up on, such as the value of an unknown field).
func (c *siteCollector) unknownOutcome(name *ast.Ident) string {
	if _, recorded := c.info.Uses[name]; recorded {
		return "none"
	}
	if _, recorded := c.info.Types[name]; recorded {
		return "none"
	}
	return "unchecked"
}

// leftmostIdent is the identifier an expression starts from (x of x.a.b(), f of f().g).
func leftmostIdent(e ast.Expr) *ast.Ident {
	for {
		switch x := e.(type) {
		case *ast.Ident:
			return x
		case *ast.SelectorExpr:
			e = x.X
		case *ast.CallExpr:
			e = x.Fun
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.ParenExpr:
			e = x.X
		case *ast.TypeAssertExpr:
			e = x.X
		default:
			return nil
		}
	}
}

// receiverForm names the shape of the expression a method is called on.
func (c *siteCollector) receiverForm(x ast.Expr) string {
	x = unparen(x)
	if star, ok := x.(*ast.StarExpr); ok {
		x = unparen(star.X)
	}
	switch e := x.(type) {
	case *ast.Ident:
		return c.variableForm(c.info.Uses[e], "recv.M()", "param.M()", "local.M()", "global.M()")
	case *ast.SelectorExpr:
		inner := unparen(e.X)
		if star, ok := inner.(*ast.StarExpr); ok {
			inner = unparen(star.X)
		}
		if id, ok := inner.(*ast.Ident); ok {
			obj := c.info.Uses[id]
			if _, isPkg := obj.(*types.PkgName); isPkg {
				return "global.M()"
			}
			return c.variableForm(obj, "recv.field.M()", "x.field.M()", "x.field.M()", "x.field.M()")
		}
		return "a.b.c.M()"
	case *ast.CallExpr:
		return "f().M()"
	case *ast.IndexExpr, *ast.IndexListExpr:
		return "x[i].M()"
	case *ast.TypeAssertExpr:
		return "x.(T).M()"
	case *ast.CompositeLit, *ast.UnaryExpr:
		return "T{}.M()"
	}
	return "expr.M()"
}

func (c *siteCollector) variableForm(obj types.Object, receiver, param, local, global string) string {
	v, ok := obj.(*types.Var)
	switch {
	case !ok:
		return local
	case c.receiver != nil && obj == c.receiver:
		return receiver
	case c.params[obj]:
		return param
	case v.Pkg() != nil && v.Pkg().Scope().Lookup(v.Name()) == v:
		return global
	}
	return local
}

func (c *siteCollector) isRepoPosition(pos token.Pos) (string, bool) {
	if !pos.IsValid() {
		return "", false
	}
	name := c.r.fset.Position(pos).Filename
	rel, err := filepath.Rel(c.r.root, name)
	if err != nil || strings.HasPrefix(rel, "..") || filepath.IsAbs(rel) {
		return name, false
	}
	return filepath.ToSlash(rel), true
}

func (c *siteCollector) valueOutcome(obj types.Object) string {
	if obj == nil {
		return "none"
	}
	if _, inRepo := c.isRepoPosition(obj.Pos()); inRepo {
		return "repo-unnamed"
	}
	return "external"
}

// add records a site; a non-empty outcome is final, else callee decides repo (a named
// in-repo function, method or package-level variable), repo-unnamed or external.
func (c *siteCollector) add(token *ast.Ident, form, outcome string, callee types.Object) {
	position := c.r.fset.Position(token.Pos())
	site := siteRecord{
		T: "site", File: c.file.rel, Line: position.Line, Col: c.utf16Column(position), Text: token.Name,
		Form: form, Group: groupOfForm[form], Caller: c.caller, Outcome: outcome,
	}
	if callee != nil {
		origin := originOf(callee)
		declFile, inRepo := c.isRepoPosition(origin.Pos())
		site.DeclFile = declFile
		switch name, named := c.r.declNames[origin.Pos()]; {
		case inRepo && named:
			site.Outcome, site.Callee, site.Package = "repo", name, c.r.declPackage[origin.Pos()]
			switch {
			case c.r.declMethods[origin.Pos()]:
				site.Kind = "method"
			case c.r.declVariables[origin.Pos()]:
				site.Kind = "variable"
			default:
				site.Kind = "func"
			}
		case inRepo:
			site.Outcome = "repo-unnamed"
		default:
			site.Outcome = "external"
		}
	}
	c.sites = append(c.sites, site)
}

// originOf is the generic declaration behind an instantiated function, method or field.
func originOf(obj types.Object) types.Object {
	switch o := obj.(type) {
	case *types.Func:
		return o.Origin()
	case *types.Var:
		return o.Origin()
	}
	return obj
}

func (c *siteCollector) utf16Column(position token.Position) int {
	src := c.file.src
	start := position.Offset - (position.Column - 1)
	if start < 0 || position.Offset > len(src) {
		return position.Column
	}
	units := 0
	for b := src[start:position.Offset]; len(b) > 0; {
		r, size := utf8.DecodeRune(b)
		units += len(utf16.Encode([]rune{r}))
		b = b[size:]
	}
	return units + 1
}
