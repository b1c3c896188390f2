package outdir

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"sandbox/internal/safeio"
)

// Entry is one file a run wrote, as the manifest records it: a later run
// removes the file only if it is still a regular file of this size and
// modification time, i.e. still the file this program wrote.
type Entry struct {
	Name     string `json:"name"`
	Size     int64  `json:"size"`
	ModNanos int64  `json:"mtime_ns"`
}

// manifest is the .sandbox-COMMAND.json a run leaves in its folder.
type manifest struct {
	Command  string  `json:"command"`
	Complete bool    `json:"complete"`
	Note     string  `json:"note,omitempty"`
	Files    []Entry `json:"files"`
}

// ManifestName is the manifest's file name for command.
func ManifestName(command string) string { return ".sandbox-" + command + ".json" }

// maxManifestBytes bounds the manifest read back: a few hundred names.
const maxManifestBytes = 1 << 20

// readManifest returns the files a previous run recorded, or nothing when
// there is no manifest or it cannot be read as one of command's: then no
// file is removed.
func readManifest(path, command string) []Entry {
	data, err := safeio.ReadRegular(path, maxManifestBytes)
	if err != nil {
		return nil
	}
	var m manifest
	if json.Unmarshal(data, &m) != nil || m.Command != command {
		return nil
	}
	return m.Files
}

// begin clears the previous run's files (those still as it wrote them) and
// writes a manifest saying this run is under way: from here on the folder
// holds this run only. Called with d.mu held, at the first file written.
func (d *Dir) begin() error {
	if d.begun {
		return nil
	}
	d.begun = true
	for _, e := range d.old {
		if checkName(e.Name) != nil || e.Name == ManifestName(d.command) {
			continue
		}
		p := d.Path(e.Name)
		fi, err := os.Lstat(p)
		if err != nil || !fi.Mode().IsRegular() || fi.Size() != e.Size || fi.ModTime().UnixNano() != e.ModNanos {
			continue // gone, or no longer the file that run wrote
		}
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("removing %s of the previous run: %v", e.Name, unwrapPath(err))
		}
	}
	return d.writeManifest(false, "the run is under way or did not finish")
}

func (d *Dir) writeManifest(complete bool, note string) error {
	m := manifest{Command: d.command, Complete: complete, Note: note, Files: d.wrote}
	if m.Files == nil {
		m.Files = []Entry{}
	}
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	if err := safeio.WriteFile(d.Path(ManifestName(d.command)), append(data, '\n')); err != nil {
		return fmt.Errorf("%s: %v", ManifestName(d.command), err)
	}
	return nil
}
