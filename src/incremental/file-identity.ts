import { statSync } from 'node:fs';

/**
 * What tells a file apart from an edited or replaced one: inode, size and modification time ('' when
 * missing, also when a folder on its path was replaced by a file). The one recipe: the stat thread
 * (src/incremental/stat-thread.ts) takes many files' identities with it.
 */
export function identity(file: string): string {
  const s = statOrNull(file);
  return s ? `${s.ino} ${s.size} ${s.mtimeMs}` : '';
}

function statOrNull(file: string): ReturnType<typeof statSync> | null {
  try {
    return statSync(file, { throwIfNoEntry: false }) ?? null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
    throw error;
  }
}
