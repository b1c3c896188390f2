// Package outdir is the output-folder contract of the commands that write a
// folder of files (compare, sweep, frames):
//
//   - the folder is taken for one run: an exclusive lock on the folder
//     itself (flock), so a second command writing the same folder at once
//     is refused instead of mixing its files with the first's;
//   - without force the folder must be empty (or missing: it is created);
//   - every output name is checked before anything runs (Check): a folder,
//     FIFO or device standing where a file goes is refused then, not after
//     the work is done;
//   - each file is written through internal/safeio (temporary file beside
//     it, fsync, rename), and a manifest, .sandbox-COMMAND.json, lists what
//     the run wrote and whether the run completed;
//   - when a run starts writing, the files the previous run of the same
//     command listed in its manifest are removed, so the folder holds one
//     run; a file is removed only when it is still the one that run wrote
//     (a regular file of the recorded size and modification time), so a
//     file the program did not create is never removed;
//   - a run that ends early (an error, SIGINT) aborts its temporary files
//     and leaves the manifest saying the run is partial.
package outdir
