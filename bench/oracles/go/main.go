// Command go-oracle is the Go type checker's view of a repository for bench/accuracy-go.mjs:
// every call site with the callee go/types resolves it to, named the way the graph names
// symbols, and every (type, interface) pair of the repository that types.Implements holds.
// It uses the standard library only, so it builds offline with Debian's golang-go:
//
//	go build -o go-oracle . && ./go-oracle <repo_path> > sites.jsonl
//
// Third-party imports are opaque (an empty package), type errors are counted and
// checking goes on, so a repository checks without its dependencies.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: go-oracle <repo_path>   (prints JSON lines on stdout)")
		os.Exit(2)
	}
	root, err := filepath.Abs(os.Args[1])
	if err == nil {
		root, err = filepath.EvalSymlinks(root)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "go-oracle: repo_path %q: %v (expected a directory)\n", os.Args[1], err)
		os.Exit(2)
	}
	if info, statErr := os.Stat(root); statErr != nil || !info.IsDir() {
		fmt.Fprintf(os.Stderr, "go-oracle: repo_path %q is not a directory\n", os.Args[1])
		os.Exit(2)
	}
	out := bufio.NewWriterSize(os.Stdout, 1<<20)
	defer out.Flush()
	encoder := json.NewEncoder(out)
	emit := func(record any) {
		if err := encoder.Encode(record); err != nil {
			fmt.Fprintf(os.Stderr, "go-oracle: writing output: %v\n", err)
			os.Exit(1)
		}
	}

	repo := loadRepository(root)
	repo.checkAll()
	for _, file := range repo.analyzedFiles() {
		emit(map[string]any{"t": "file", "file": file})
	}
	sites := 0
	for _, unit := range repo.units {
		for _, site := range unit.sites {
			emit(site)
			sites++
		}
	}
	universe, pairs := implementsPairs(repo)
	for _, named := range universe {
		emit(named)
	}
	for _, pair := range pairs {
		emit(pair)
	}
	emit(map[string]any{"t": "stats", "packages": repo.packageCount(), "units": len(repo.units), "files": len(repo.analyzedFiles()),
		"typeErrors": repo.typeErrors, "opaqueImports": len(repo.opaque), "stdImportFailures": len(repo.stdFailures),
		"sites": sites, "implementsPairs": len(pairs), "skippedFiles": repo.skippedFiles})
	fmt.Fprintf(os.Stderr, "go-oracle: %d packages, %d files, %d type errors, %d opaque imports, %d call sites, %d implements pairs\n",
		repo.packageCount(), len(repo.analyzedFiles()), repo.typeErrors, len(repo.opaque), sites, len(pairs))
	for i, e := range repo.errorSamples {
		if i >= 8 {
			break
		}
		fmt.Fprintf(os.Stderr, "go-oracle: type error: %s\n", e)
	}
}
