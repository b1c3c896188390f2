// Package report writes the folders of results that `sandbox sweep`,
// `sandbox frames` (and `sandbox compare`) produce: JSON, CSV and Markdown
// files, and PNG plots drawn with gonum.org/v1/plot. Every file goes through
// internal/safeio, so it appears whole or not at all and a failed run never
// leaves half a file behind.
//
// Plots are fixed in size and style here, in one place, so that every
// command's pictures look alike and read well at README width.
package report
