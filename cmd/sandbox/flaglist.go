package main

import "strings"

// splitList splits a comma-separated flag value (-rates 60,144): blanks
// around items are ignored and an empty value is an empty list, which each
// flag's own check refuses where a list may not be empty.
func splitList(s string) []string {
	var out []string
	for _, item := range strings.Split(s, ",") {
		if item = strings.TrimSpace(item); item != "" {
			out = append(out, item)
		}
	}
	return out
}
