// Package safeio is how the program touches the user's files, so that it
// never destroys one:
//
//   - an output is written to a temporary file beside its target, fsynced,
//     and renamed over the target only when complete (File.Commit); a run
//     that fails or is interrupted removes only its own temporary file
//     (File.Abort), never the target;
//   - a target that is a directory, device, FIFO or socket is refused before
//     anything runs (CheckOutput); "-" means standard output and is never a
//     file;
//   - a symbolic link at the target is followed: the file it points to is
//     replaced, the link itself is kept;
//   - two outputs, or an output and an input, that resolve to the same file
//     are refused (Distinct);
//   - inputs must be regular files and are read with a size limit
//     (ReadRegular, or OpenStream to read one as a stream), so a FIFO or
//     /dev/zero can neither block the program nor exhaust its memory.
//
// github.com/google/renameio does the write-fsync-rename part well, but it
// commits only under the target's own name; an interrupted trace is kept as
// NAME.partial (CommitAs), so this package does the few steps itself.
package safeio
