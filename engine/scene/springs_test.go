package scene

import (
	"fmt"
	"strings"
	"testing"
)

// springDoc is a scene with two bodies, a and b, and the given springs.
func springDoc(springs string) string {
	return fmt.Sprintf(`{"statics": [%s], "bodies": [
	  {"name": "a", "center": [0, 1, 0], "half": [0.5, 0.5, 0.5]},
	  {"name": "b", "center": [2, 1, 0], "half": [0.5, 0.25, 0.5]}],
	  "springs": [%s], "events": [%s]}`, ground, springs, "")
}

func TestSpringsLoad(t *testing.T) {
	s, err := Parse("ok.json", []byte(springDoc(`
	  {"name": "hang", "body": "a", "anchor": [0, 3, 0], "local_a": [0, 0.5, 0], "rest_length": 1, "stiffness": 200, "damping": 0.5},
	  {"name": "pair", "body": "a", "body_b": "b", "local_b": [-0.5, 0, 0], "rest_length": 1.5, "stiffness": 50}`)))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Springs) != 2 || !s.Springs[0].HasAnchor || s.Springs[1].BodyB != "b" || s.Springs[1].Damping != 0 {
		t.Fatalf("springs %+v", s.Springs)
	}
	w, err := s.NewWorld(nil)
	if err != nil {
		t.Fatal(err)
	}
	if w.NumSprings() != 2 {
		t.Fatalf("world has %d springs", w.NumSprings())
	}
	// hang: anchor (0,3,0) to a's top (0,1.5,0): 1.5 m long, 0.5 m over rest.
	if sv := w.Spring(0); sv.Extension != 0.5 || sv.Energy != 0.5*200*0.25 {
		t.Fatalf("hang: %+v", sv)
	}
}

// Every bad spring value is refused with one line naming the file and the
// field.
func TestSpringRefusedFields(t *testing.T) {
	const ok = `"name": "s", "body": "a", "anchor": [0, 3, 0], "rest_length": 1, "stiffness": 10`
	for _, c := range []struct{ spring, path, msg string }{
		{`{"body": "a", "anchor": [0, 3, 0], "rest_length": 1, "stiffness": 10}`, "springs[0].name", "needs a \"name\""},
		{`{"name": "a", "body": "a", "anchor": [0, 3, 0], "rest_length": 1, "stiffness": 10}`, "springs[0].name", "duplicate name"},
		{`{"name": "s", "anchor": [0, 3, 0], "rest_length": 1, "stiffness": 10}`, "springs[0].body", "needs a \"body\""},
		{`{"name": "s", "body": "ghost", "anchor": [0, 3, 0], "rest_length": 1, "stiffness": 10}`, "springs[0].body", "no body of the scene"},
		{`{"name": "s", "body": "ground", "anchor": [0, 3, 0], "rest_length": 1, "stiffness": 10}`, "springs[0].body", "no body of the scene"},
		{`{"name": "s", "body": "a", "rest_length": 1, "stiffness": 10}`, "springs[0].anchor", "an \"anchor\""},
		{`{` + ok + `, "body_b": "b"}`, "springs[0].body_b", "not both"},
		{`{"name": "s", "body": "a", "body_b": "a", "rest_length": 1, "stiffness": 10}`, "springs[0].body_b", "another body"},
		{`{"name": "s", "body": "a", "body_b": "nobody", "rest_length": 1, "stiffness": 10}`, "springs[0].body_b", "no body of the scene"},
		{`{"name": "s", "body": "a", "anchor": [0, 1e400, 0], "rest_length": 1, "stiffness": 10}`, "springs[0].anchor", "finite"},
		{`{"name": "s", "body": "a", "anchor": [0, 3], "rest_length": 1, "stiffness": 10}`, "springs[0].anchor", "array of 3"},
		{`{` + ok + `, "local_a": [0, 0.6, 0]}`, "springs[0].local_a", "on or inside the body"},
		{`{` + ok + `, "local_b": [0, 0, 0]}`, "springs[0].local_b", "an anchored spring has none"},
		{`{"name": "s", "body": "a", "body_b": "b", "local_b": [0, 0.3, 0], "rest_length": 1, "stiffness": 10}`, "springs[0].local_b", "on or inside the body"},
		{`{"name": "s", "body": "a", "anchor": [0, 3, 0], "stiffness": 10}`, "springs[0].rest_length", "needs a \"rest_length\""},
		{`{"name": "s", "body": "a", "anchor": [0, 3, 0], "rest_length": -1, "stiffness": 10}`, "springs[0].rest_length", ">= 0"},
		{`{"name": "s", "body": "a", "anchor": [0, 3, 0], "rest_length": 1}`, "springs[0].stiffness", "needs a \"stiffness\""},
		{`{"name": "s", "body": "a", "anchor": [0, 3, 0], "rest_length": 1, "stiffness": -3}`, "springs[0].stiffness", ">= 0"},
		{`{"name": "s", "body": "a", "anchor": [0, 3, 0], "rest_length": 1, "stiffness": 1e12}`, "springs[0].stiffness", "at most"},
		{`{"name": "s", "body": "a", "anchor": [0, 3, 0], "rest_length": 1, "stiffness": "stiff"}`, "springs[0].stiffness", "must be a number"},
		{`{` + ok + `, "damping": -0.1}`, "springs[0].damping", ">= 0"},
		{`{` + ok + `, "damping": 1e10}`, "springs[0].damping", "at most"},
		{`{` + ok + `, "colour": "red"}`, "springs[0].colour", "unknown field"},
	} {
		_, err := Parse(badFile, []byte(springDoc(c.spring)))
		if err == nil {
			t.Errorf("%s: accepted", c.spring)
			continue
		}
		msg := err.Error()
		if !strings.HasPrefix(msg, badFile+": "+c.path+": ") || !strings.Contains(msg, c.msg) || strings.Contains(msg, "\n") {
			t.Errorf("%s:\n got %q\nwant %s: %s: ...%s...", c.spring, msg, badFile, c.path, c.msg)
		}
	}
	if _, err := Parse(badFile, []byte(`{"statics": [], "bodies": [], "springs": {}}`)); err == nil || !strings.Contains(err.Error(), "springs: {}: must be an array") {
		t.Errorf("springs as an object: %v", err)
	}
	// A teleport cannot name a spring.
	src := strings.Replace(springDoc(`{`+ok+`}`), `"events": []`, `"events": [`+teleportOf(3, "s")+`]`, 1)
	if _, err := Parse(badFile, []byte(src)); err == nil || !strings.Contains(err.Error(), "names a spring") {
		t.Errorf("teleport of a spring: %v", err)
	}
}
