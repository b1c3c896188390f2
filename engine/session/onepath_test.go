package session

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// The window and headless runs drive the one session: outside the packages
// that implement them, no code steps a world (World.Step(dt, inputs)) or
// runs the loop with a step callback (Loop.Advance(seconds, step)). A second
// copy of the frame loop would show up here as such a call. engine/sweep is
// the one other stepper: its cells are physics experiments (one slab, one
// shot, restored between trials) with no display, loop or script at all.
func TestOneStepPath(t *testing.T) {
	root := filepath.Join("..", "..")
	own := map[string]bool{"engine/physics": true, "engine/loop": true, "engine/session": true, "engine/sweep": true}
	var found []string
	scanned := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if path != root && (own[rel] || strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		scanned++
		ast.Inspect(f, func(n ast.Node) bool {
			c, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := c.Fun.(*ast.SelectorExpr)
			if ok && len(c.Args) == 2 && (sel.Sel.Name == "Step" || sel.Sel.Name == "Advance") {
				found = append(found, fset.Position(c.Pos()).String()+": "+sel.Sel.Name)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if scanned < 20 {
		t.Fatalf("scanned only %d files from %s: the walk is not seeing the module", scanned, root)
	}
	for _, f := range found {
		t.Errorf("%s steps physics outside engine/session", f)
	}
}
