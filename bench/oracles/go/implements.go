package main

import (
	"go/types"
	"sort"
)

// namedRecord is one in-repo named type or interface the implements check covers.
type namedRecord struct {
	T    string `json:"t"` // "named"
	Name string `json:"name"`
	Kind string `json:"kind"` // "type" or "interface"
	Pkg  string `json:"pkg"`
	File string `json:"file"`
}

// implementsRecord is one (type, interface) pair for which types.Implements holds, for T or *T.
type implementsRecord struct {
	T         string `json:"t"` // "implements"
	Type      string `json:"type"`
	Interface string `json:"interface"`
	Cross     bool   `json:"crossPackage"`
	Pointer   bool   `json:"pointerOnly"`
}

type namedEntry struct {
	record namedRecord
	named  *types.Named
}

// implementsPairs checks every in-repo, non-generic named non-interface type against every
// in-repo, non-generic interface with at least one method and no type constraints. The
// packages are those importers see (test files excluded), so both sides of a pair come
// from one consistent universe.
func implementsPairs(r *repository) ([]namedRecord, []implementsRecord) {
	var concrete, interfaces []namedEntry
	dirs := make([]string, 0, len(r.plain))
	for d := range r.plain {
		dirs = append(dirs, d)
	}
	sort.Strings(dirs)
	for _, d := range dirs {
		pkg := r.plain[d]
		pd := r.dirs[d]
		if pkg == nil || len(pd.files) == 0 {
			continue
		}
		scope := pkg.Scope()
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || tn.IsAlias() {
				continue
			}
			qualified, ok := r.declNames[tn.Pos()]
			if !ok {
				continue
			}
			named, ok := tn.Type().(*types.Named)
			if !ok || named.TypeParams().Len() > 0 {
				continue
			}
			file, _ := (&siteCollector{r: r}).isRepoPosition(tn.Pos())
			entry := namedEntry{record: namedRecord{T: "named", Name: qualified, Pkg: pd.qualified, File: file}, named: named}
			if iface, isIface := named.Underlying().(*types.Interface); isIface {
				// An interface embedding one the checker cannot see (an opaque package, or a
				// standard package this Go lacks, such as log/slog before Go 1.21) has a
				// method set the checker does not know: it cannot judge implements for it.
				if iface.NumMethods() == 0 || !iface.IsMethodSet() || r.embedsUnknown(iface, 0) {
					continue
				}
				entry.record.Kind = "interface"
				interfaces = append(interfaces, entry)
			} else {
				entry.record.Kind = "type"
				concrete = append(concrete, entry)
			}
		}
	}
	// Candidates by method name first: Implements runs only where every name is there.
	byMethod := map[string][]int{}
	for i, t := range concrete {
		var set *types.MethodSet
		if _, isPointer := t.named.Underlying().(*types.Pointer); isPointer {
			set = types.NewMethodSet(t.named)
		} else {
			set = types.NewMethodSet(types.NewPointer(t.named))
		}
		for j := 0; j < set.Len(); j++ {
			name := set.At(j).Obj().Name()
			byMethod[name] = append(byMethod[name], i)
		}
	}
	var pairs []implementsRecord
	for _, in := range interfaces {
		iface := in.named.Underlying().(*types.Interface)
		rarest := byMethod[iface.Method(0).Name()]
		for k := 1; k < iface.NumMethods(); k++ {
			if candidates := byMethod[iface.Method(k).Name()]; len(candidates) < len(rarest) {
				rarest = candidates
			}
		}
		for _, i := range rarest {
			t := concrete[i]
			value := types.Implements(t.named, iface)
			pointer := false
			if !value {
				if _, isPointer := t.named.Underlying().(*types.Pointer); !isPointer {
					pointer = types.Implements(types.NewPointer(t.named), iface)
				}
			}
			if value || pointer {
				pairs = append(pairs, implementsRecord{T: "implements", Type: t.record.Name, Interface: in.record.Name,
					Cross: t.record.Pkg != in.record.Pkg, Pointer: pointer})
			}
		}
	}
	universe := make([]namedRecord, 0, len(concrete)+len(interfaces))
	for _, e := range append(concrete, interfaces...) {
		universe = append(universe, e.record)
	}
	return universe, pairs
}

// embedsUnknown says whether an interface embeds, directly or through embedded interfaces,
// a type that did not type-check or comes from an opaque package.
func (r *repository) embedsUnknown(iface *types.Interface, depth int) bool {
	if depth > 8 {
		return true
	}
	for i := 0; i < iface.NumEmbeddeds(); i++ {
		embedded := iface.EmbeddedType(i)
		if embedded == nil || embedded == types.Typ[types.Invalid] {
			return true
		}
		if named, ok := embedded.(*types.Named); ok {
			if pkg := named.Obj().Pkg(); pkg != nil && r.opaque[pkg.Path()] == pkg {
				return true
			}
		}
		if inner, ok := embedded.Underlying().(*types.Interface); ok && r.embedsUnknown(inner, depth+1) {
			return true
		}
	}
	return false
}
