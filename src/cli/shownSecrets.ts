// Kept apart from dbLocation.ts (which reads the config file) so that main.ts can mask
// errors without loading the YAML reader before a command runs.

const chosen = new Set<string>();

/** Notes a graph location a command chose (from -db, CKG_DB or the config): its password is masked in errors. */
export function noteChosenLocation(location: string): void {
  chosen.add(location);
}

/** Every location chosen in this process: the CLI masks their passwords in any error it prints. */
export function chosenLocations(): readonly string[] {
  return [...chosen];
}
