// Ending a process started with `detached: true` together with everything it started (its process group).

export function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}
