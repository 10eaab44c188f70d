/** Placeholder mount point: the install prompt card (spec §2, §4) is being built. */
export function InstallPromptCard() {
  return null;
}
